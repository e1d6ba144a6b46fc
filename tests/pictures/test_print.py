"""PDF booklets (sudoku print, sudokit.pictures), read back as a person would see them: the
pages, the text on them, where the grids are on the rendered page, and the same bytes for
the same seed."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")
pypdf = pytest.importorskip("pypdf")

from sudokit import Grid  # noqa: E402
from sudokit.pictures import Entry, Options, booklet, plan, prepare  # noqa: E402
from sudokit.pictures import layout as L  # noqa: E402
from sudokit.pictures.pdf import render_page  # noqa: E402
from support.clirunner import sudoku  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "data"
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
NO_SOLUTION = "11" + "." * 79


def seventeens(count: int) -> list[str]:
    lines = (DATA / "puzzles2_17_clue.txt").read_text().splitlines()
    return [ln for ln in lines if len(ln) == 81 and not ln.startswith("#")][:count]


def pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


def test_a_booklet_has_its_pages_titles_numbers_and_answers() -> None:
    entries = [prepare(Grid(p), i + 1, source=f"set.txt, line {i + 1}")
               for i, p in enumerate(seventeens(6))]
    pdf = booklet(entries, Options(title="Weekend puzzles", per_page=4, answers=True,
                                   source=True))
    text = pages_text(pdf)
    assert len(text) == 3  # 4 + 2 puzzles, then one page of 6 answers
    assert all("Weekend puzzles" in t for t in text)
    assert [f"page {k} of 3" in text[k - 1] for k in (1, 2, 3)] == [True] * 3
    assert all(f"No. {k} ·" in text[0] for k in (1, 2, 3, 4))
    assert "No. 5 ·" in text[1] and "No. 6 ·" in text[1] and "No. 1 ·" not in text[1]
    assert "set.txt, line 6" in text[1]
    assert "Answers" in text[2]
    assert all(f"Answer to No. {k}" in text[2] for k in range(1, 7))
    level = entries[0].rating.level if entries[0].rating else ""
    assert f"No. 1 · {level} " in text[0]


def test_every_font_is_embedded_and_the_dates_are_fixed() -> None:
    pdf = booklet([prepare(Grid(CLASSIC), 1)], Options(answers=True))
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts[font["/BaseFont"]] = font
    assert fonts
    for name, font in fonts.items():
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, f"{name} is not embedded"
    assert reader.metadata is not None and reader.metadata["/CreationDate"].startswith("D:2000")


def test_rendered_pages_keep_every_grid_in_its_slot_and_inside_the_margins() -> None:
    entries = [prepare(Grid(p), i + 1) for i, p in enumerate(seventeens(7))]
    options = Options(per_page=6, answers=True)
    page, pages = plan(entries, options)
    pdf = booklet(entries, options)
    k = 2  # pixels a point: 144 dpi
    printable = page.printable
    for number, planned in enumerate(pages):
        boxes = [box for item in planned.items for box in (item.grid, item.caption)]
        assert all(box.inside(printable) for box in boxes)
        for i, a in enumerate(boxes):
            assert not any(a.overlaps(b) for b in boxes[i + 1:])
        image = render_page(pdf, number, 72 * k).convert("L")
        pixels = image.load()
        width, height = image.size
        ink = [(x / k, y / k) for y in range(0, height, 3) for x in range(0, width, 3)
               if pixels[x, y] < 200]
        assert min(x for x, _ in ink) >= printable.x - 1
        assert max(x for x, _ in ink) <= printable.right + 1
        assert min(y for _, y in ink) >= printable.y - 1
        assert max(y for _, y in ink) <= printable.bottom + 1
        for item in planned.items:
            g = item.grid
            # each slot holds one grid: its frame is drawn along all four sides...
            inset = g.w * 0.012
            for x, y in ((g.x + g.w / 2, g.y + inset), (g.x + g.w / 2, g.bottom - inset),
                         (g.x + inset, g.y + g.h / 2), (g.right - inset, g.y + g.h / 2)):
                assert pixels[int(k * x), int(k * y)] < 128, (number, item.kind, x, y)
            # ...and nothing is drawn just outside it
            assert pixels[int(k * (g.x - 3)), int(k * (g.y + g.h / 2))] > 200


def test_the_same_seed_gives_the_same_pdf_bytes(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.pdf", tmp_path / "b.pdf", tmp_path / "c.pdf"
    for out, seed in ((a, "7"), (b, "7"), (c, "8")):
        done = sudoku("print", "--create", "3", "--seed", seed, "--answers", "-o", str(out))
        assert done.status == 0, done.stderr
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()


def test_the_outline_leads_to_each_section_and_the_answers(tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    done = sudoku("print", "--seed", "3", "--section", "Warm-up:1:easy",
                  "--section", "Harder:1:medium", "--answers", "-o", str(out))
    assert done.status == 0, done.stderr
    reader = pypdf.PdfReader(out)
    outline = [(entry.title, reader.get_destination_page_number(entry))
               for entry in reader.outline]
    assert outline == [("Warm-up", 0), ("Harder", 1), ("Answers", 2)]


def test_a_puzzle_with_no_solution_is_reported_and_has_no_answer(tmp_path: Path) -> None:
    source = tmp_path / "mixed.txt"
    source.write_text(f"{NO_SOLUTION}\n{CLASSIC}\n")
    out = tmp_path / "book.pdf"
    done = sudoku("print", str(source), "--answers", "-o", str(out))
    assert done.status == 1
    assert done.stderr.count("\n") == 1
    assert "No. 1" in done.stderr and "no solution" in done.stderr and "line 1" in done.stderr
    text = pages_text(out.read_bytes())
    assert "No. 1 · no solution" in text[0]
    assert "Answer to No. 2" in text[-1] and "Answer to No. 1" not in text[-1]


def test_a_puzzle_with_several_solutions_says_so_under_it_and_its_answer(
        tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    done = sudoku("print", "--answers", "-o", str(out), stdin=b"." * 16 + b"\n")
    assert done.status == 0, done.stderr
    text = pages_text(out.read_bytes())
    assert "· more than one solution" in text[0]
    assert "Answer to No. 1 (one of several)" in text[1]


def test_sections_take_their_level_and_start_a_page(tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    done = sudoku("print", "--seed", "3", "--section", "Warm-up:2:easy",
                  "--section", "Harder:2:medium", "--per-page", "2", "-o", str(out))
    assert done.status == 0, done.stderr
    text = pages_text(out.read_bytes())
    assert len(text) == 2
    assert "Warm-up" in text[0] and text[0].count("· easy ") == 2
    assert "Harder" in text[1] and text[1].count("· medium ") == 2


def test_a_layout_file_sets_the_booklet_and_the_command_line_wins(tmp_path: Path) -> None:
    source = tmp_path / "p.txt"
    source.write_text("\n".join(seventeens(3)) + "\n")
    layout_file = tmp_path / "book.toml"
    layout_file.write_text('title = "From a file"\nper_page = 1\npaper = "letter"\n')
    out = tmp_path / "book.pdf"
    done = sudoku("print", str(source), "--layout", str(layout_file), "--per-page", "2",
                  "-o", str(out))
    assert done.status == 0, done.stderr
    reader = pypdf.PdfReader(io.BytesIO(out.read_bytes()))
    assert len(reader.pages) == 2
    assert [round(float(v)) for v in reader.pages[0].mediabox[2:]] == [612, 792]
    assert "From a file" in reader.pages[0].extract_text()


def test_the_walkthrough_follows_each_answer_with_its_steps(tmp_path: Path) -> None:
    entry = prepare(Grid(CLASSIC), 1)
    assert entry.path is not None
    pdf = booklet([entry], Options(walkthrough=True, per_page=1))
    text = pages_text(pdf)
    steps = len(entry.path.steps)
    assert len(text) == 1 + (steps + 1 + 5) // 6  # the puzzle, then 6 slots a page
    assert "Solving No. 1" in text[1] and "Answer to No. 1" in text[1]
    assert "1. Hidden Single [r1c6]: r1c6=8" in text[1]
    assert f"{steps}. " in text[-1]


@pytest.mark.parametrize("size, per_page", [(4, 6), (6, 6), (16, 2), (25, 1)])
def test_every_size_prints_with_letters_above_nine(size: int, per_page: int,
                                                   tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    done = sudoku("print", "--create", "1", "--size", str(size), "--seed", "1",
                  "--per-page", str(per_page), "--answers", "-o", str(out))
    assert done.status == 0, done.stderr
    answers = pages_text(out.read_bytes())[-1]
    if size > 9:
        assert chr(ord("A") + size - 10) in answers  # the largest digit, as a letter
    assert "Answer to No. 1" in answers


@pytest.mark.parametrize("args, message", [
    (["--paper", "a3"], "unknown paper 'a3'"),
    (["--per-page", "5"], "cannot put 5 puzzles on a page"),
    (["--create", "1", "--size", "25", "--per-page", "4"], "needs cells of at least 5.0 mm"),
    (["--section", "Easy:x:easy"], "expected TITLE:COUNT:LEVEL"),
    (["--section", "Easy:2:tricky"], "unknown level 'tricky'"),
])
def test_a_layout_that_cannot_be_printed_is_one_line_and_status_2(
        args: list[str], message: str, tmp_path: Path) -> None:
    source = tmp_path / "p.txt"
    source.write_text(CLASSIC + "\n")
    files = [] if "--create" in args else [str(source)]
    done = sudoku("print", *files, *args, "-o", str(tmp_path / "x.pdf"))
    assert done.status == 2
    assert message in done.stderr and done.stderr.count("\n") == 1
    assert not (tmp_path / "x.pdf").exists()


def test_an_unwritable_output_or_a_terminal_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "p.txt"
    source.write_text(CLASSIC + "\n")
    done = sudoku("print", str(source), "-o", str(tmp_path / "no" / "such" / "x.pdf"))
    assert done.status == 2 and "cannot write" in done.stderr
    assert done.stderr.count("\n") == 1


def test_a_bad_layout_file_is_named(tmp_path: Path) -> None:
    source = tmp_path / "p.txt"
    source.write_text(CLASSIC + "\n")
    bad = tmp_path / "book.json"
    bad.write_text('{"paper": "a5"}')
    done = sudoku("print", str(source), "--layout", str(bad), "-o", str(tmp_path / "x.pdf"))
    assert done.status == 2 and "unknown paper 'a5'" in done.stderr
    bad.write_text('{"colour": "red"}')
    done = sudoku("print", str(source), "--layout", str(bad), "-o", str(tmp_path / "x.pdf"))
    assert done.status == 2 and "book.json: unknown setting 'colour'" in done.stderr


def test_the_layout_refuses_cells_a_pencil_cannot_write_in() -> None:
    with pytest.raises(L.LayoutError, match="16x16 puzzle needs cells"):
        plan([Entry(1, Grid.from_cells([0] * 256, (4, 4)))], Options(per_page=6))


def test_a_rating_that_runs_out_of_time_stops_and_the_booklet_says_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import itertools
    import time
    from types import SimpleNamespace

    import sudokit.logic.path as path_module
    from sudokit import solve

    # each look at the solving path's clock finds a minute gone: the rating's time limit
    # (20 s, as `sudoku rate` has) is spent at once, however fast the machine
    ticks = itertools.count(time.monotonic(), 60.0)
    monkeypatch.setattr(path_module, "time", SimpleNamespace(monotonic=lambda: next(ticks)))
    entry = prepare(Grid(CLASSIC), 1)
    assert entry.path is not None and not entry.path.solved
    assert entry.caption.endswith("+ · rating stopped at 20 s")
    assert entry.solution == solve(Grid(CLASSIC))  # the answer is still there
    text = " ".join(" ".join(pages_text(booklet([entry], Options(walkthrough=True)))).split())
    assert entry.caption in text and "(rating stopped at 20 s: the steps end there)" in text
