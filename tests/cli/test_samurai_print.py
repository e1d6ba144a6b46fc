"""``sudoku print`` and the pictures of ``convert``/``solve --to svg|png`` on puzzles of
several overlapping grids (samurai and its kin): a sheet a page, fitting A4 and Letter, its
answers after it on request, the positions no grid covers left white; what a sheet booklet
cannot do refused in one line, exit status 2."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET

import pytest

from sudokit.sheets import Sheet, SheetGrid
from support.clirunner import sudoku

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")
pypdf = pytest.importorskip("pypdf")

from sudokit.pictures import layout  # noqa: E402
from sudokit.pictures.pdf import render_page  # noqa: E402

#: A samurai puzzle with one solution, its digits in cell index order.
SAMURAI = (
    "...1.2....53.....25.8....64...2..1....3..8....9.....63.9......5.....25..3..69.....6.1...."
    "....835...7.2........17......7....54.29...9.....2.............3........4........8.8....."
    "53.....1........8...2....5....4....61..2.......7..........6.....9...8..4..7.....75..4...8"
    "1.......8.3...8.2..........5.....6.3..2...8..9.26..9.6.17.......9.....7...3...1.4...87.."
    ".2.4.......6142")
NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def samurai(tmp_path):
    """A file of the samurai puzzle, as its sheet text."""
    path = tmp_path / "samurai.txt"
    path.write_text(str(SheetGrid(Sheet.preset("samurai"), SAMURAI)) + "\n")
    return path


def pages(pdf: bytes) -> list:
    return list(pypdf.PdfReader(io.BytesIO(pdf)).pages)


def ink(image, box: tuple[float, float, float, float]) -> int:
    """How many dark pixels a box of the page (in points) holds."""
    scale = image.width / 595.28 if image.width < image.height else image.width / 841.89
    x0, y0, x1, y1 = (round(v * scale) for v in box)
    crop = image.crop((x0, y0, x1, y1)).convert("L")
    return sum(1 for v in crop.tobytes() if v < 128)


@pytest.mark.parametrize(("paper", "size"), [("a4", (595.28, 841.89)),
                                              ("letter", (612.0, 792.0))])
def test_a_samurai_prints_a_sheet_a_page_with_its_answer_after(samurai, tmp_path, paper,
                                                                size):
    out = tmp_path / "samurai.pdf"
    done = sudoku("print", "--variant", "samurai", str(samurai), str(samurai), "--paper",
                  paper, "--answers", "-o", str(out))
    assert done.status == 0, done.stderr
    printed = pages(out.read_bytes())
    assert len(printed) == 4  # two puzzles, each a page, then their two answers
    assert [round(float(v), 2) for v in printed[0].mediabox[2:]] == list(size)
    first = printed[0].extract_text()
    assert "No. 1 · samurai (5 overlapping 9x9 grids)" in first and "page 1 of 4" in first
    assert "Answer to No. 1" in printed[2].extract_text()


def test_the_printed_sheet_fills_the_page_inside_its_margins_and_leaves_the_gaps_white(
        samurai, tmp_path):
    out = tmp_path / "samurai.pdf"
    assert sudoku("print", str(samurai), "--variant", "samurai", "-o", str(out)).status == 0
    image = render_page(out.read_bytes(), 0, dpi=72)
    page = layout.page("a4")
    body = page.body
    # the sheet's 21 columns span the body's width: cells far larger than the smallest
    # that can be written in
    assert body.w / 21 > layout.MIN_CELL
    side = body.w * 0.97
    left = body.x + (body.w - side) / 2
    top = body.y + (body.h - 20 - side) / 2
    unit = side / 21
    # between the two top grids (rows 1 to 6, columns 10 to 12) no grid lies: white
    assert ink(image, (left + 9.3 * unit, top + 0.3 * unit, left + 11.7 * unit,
                       top + 5.7 * unit)) == 0
    # a cell's border of the top-left grid is drawn
    assert ink(image, (left - 2, top + 2 * unit, left + 2, top + 3 * unit)) > 0
    # nothing is drawn outside the printable area
    assert ink(image, (0, 0, page.width, layout.MARGIN - 1)) == 0


def test_what_a_sheet_booklet_cannot_do_is_refused_in_one_line(samurai, tmp_path):
    out = tmp_path / "samurai.pdf"
    for options, words in ((["--per-page", "4"], "printed one to a page, not 4"),
                           (["--walkthrough"], "--walkthrough is not available for samurai"),
                           (["--section", "Easy:1:easy"], "--section picks puzzles by their "
                                                          "level")):
        done = sudoku("print", str(samurai), "--variant", "samurai", *options, "-o", str(out))
        assert done.status == 2, (options, done.stderr)
        assert words in done.stderr and done.stderr.count("\n") == 1, done.stderr
        assert not out.exists()


def test_a_sheet_without_a_solution_is_printed_and_said_with_status_1(tmp_path):
    sheet = Sheet.preset("samurai")
    broken = SheetGrid(sheet, SAMURAI).with_digit(sheet.index(6, 8), 7)  # r7c9: a second 7
    path = tmp_path / "broken.txt"
    path.write_text(str(broken) + "\n")
    out = tmp_path / "broken.pdf"
    done = sudoku("print", str(path), "--variant", "samurai", "--answers", "-o", str(out))
    assert done.status == 1
    assert "puzzle No. 1" in done.stderr and "has no solution" in done.stderr
    assert len(pages(out.read_bytes())) == 1  # printed, without an answer


def test_convert_draws_a_sheet_file_as_svg_and_png_by_its_layout(samurai):
    done = sudoku("convert", "--to", "svg", str(samurai))
    assert done.status == 0, done.stderr
    root = ET.fromstring(done.stdout.decode())
    givens = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "given"]
    assert len(givens) == SheetGrid(Sheet.preset("samurai"), SAMURAI).givens
    png = sudoku("convert", "--to", "png", str(samurai))
    assert png.status == 0 and png.stdout.startswith(b"\x89PNG")


def test_solve_draws_the_solution_over_its_givens(samurai):
    done = sudoku("solve", "--to", "svg", str(samurai))
    assert done.status == 0, done.stderr
    root = ET.fromstring(done.stdout.decode())
    classes = [t.get("class") for t in root.iter(f"{NS}text")]
    puzzle = SheetGrid(Sheet.preset("samurai"), SAMURAI)
    assert classes.count("given") == puzzle.givens
    assert classes.count("filled") == Sheet.preset("samurai").ncells - puzzle.givens


def test_puzzles_made_for_a_booklet_keep_the_rules_asked_for(tmp_path):
    out = tmp_path / "x.pdf"
    done = sudoku("print", "--create", "1", "--variant", "x", "--seed", "1", "-o", str(out))
    assert done.status == 0, done.stderr
    text = pages(out.read_bytes())[0].extract_text()
    assert "X: both diagonals hold each digit once" in text  # made and printed as X


#: A twodoku with one solution, solved by a short path.
TWODOKU = ("2.9...1.7.5..8.49.47...2.8.6.895....73...........73258..3.1..69..31..96...7.14879..."
           "5174.98......971..3.24863...8675..4.7..9324.79....528615..7...123....")


def test_a_hint_is_drawn_on_the_sheet_and_explain_steps_through_it_as_a_page(tmp_path):
    sheet = Sheet.preset("twodoku")
    path = tmp_path / "twodoku.txt"
    path.write_text(str(SheetGrid(sheet, TWODOKU)) + "\n")
    done = sudoku("hint", "--to", "svg", str(path))
    assert done.status == 0, done.stderr
    root = ET.fromstring(done.stdout.decode())
    shaded = [r for r in root.iter(f"{NS}rect") if r.get("class") == "highlight"]
    placed = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "placed"]
    labels = {t.text for t in root.iter(f"{NS}text") if t.get("class") == "label"}
    assert shaded and len(placed) == 1 and {"r15", "c15"} <= labels
    page = sudoku("explain", "--html", str(path))
    assert page.status == 0, page.stderr
    steps = sudoku("explain", "--json", str(path))
    count = len(json.loads(steps.stdout)["steps"])
    assert page.stdout.decode().count('class="step"') == count + 1  # and where it ends


def test_a_booklet_of_sheets_is_made_on_the_spot_section_by_section(tmp_path):
    out = tmp_path / "made.pdf"
    done = sudoku("print", "--seed", "1", "--variant", "twodoku", "--section", "Warm-up:1:easy",
                  "--section", "More:1:", "--answers", "-o", str(out))
    assert done.status == 0, done.stderr
    printed = pages(out.read_bytes())
    assert len(printed) == 4  # two sheets, a page each, then their answers
    first, second = printed[0].extract_text(), printed[1].extract_text()
    assert "Warm-up" in first and "No. 1 · twodoku (2 overlapping 9x9 grids) · easy" in first
    assert "More" in second and "No. 2 · twodoku (2 overlapping 9x9 grids)" in second
    again = tmp_path / "again.pdf"
    assert sudoku("print", "--seed", "1", "--variant", "twodoku", "--section", "Warm-up:1:easy",
                  "--section", "More:1:", "--answers", "-o", str(again)).status == 0
    assert again.read_bytes() == out.read_bytes()  # the same seed, the same booklet


def test_a_sheet_made_by_create_is_drawn_with_its_solution(tmp_path):
    done = sudoku("create", "--variant", "twodoku", "--seed", "1", "--with-solution",
                  "--to", "svg", "-o", str(tmp_path / "made-{n}.svg"))
    assert done.status == 0, done.stderr
    puzzle, solution = (ET.parse(tmp_path / f"made-{n}.svg").getroot() for n in (1, 2))
    given = [t for t in puzzle.iter(f"{NS}text") if t.get("class") == "given"]
    classes = [t.get("class") for t in solution.iter(f"{NS}text")]
    assert classes.count("given") == len(given)  # the givens, then every other cell filled
    assert len(classes) == Sheet.preset("twodoku").ncells
