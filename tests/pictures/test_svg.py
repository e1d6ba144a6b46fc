"""SVG pictures (sudokit.pictures.svg and the notebooks' _repr_svg_): well-formed SVG, every digit
drawn once in the right colour, box lines where the boxes are, and what a step changes."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest

from sudokit import Grid, solve
from sudokit.candidates import Candidates
from sudokit.logic import hint
from sudokit.pictures import svg

NS = "{http://www.w3.org/2000/svg}"
CLASSIC = Grid(
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    return root


def texts(root: ET.Element, colour: str | None = None) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")
            if colour is None or t.get("fill") == colour]


def test_a_solution_shows_its_givens_apart_from_the_digits_filled_in() -> None:
    solution = solve(CLASSIC)
    assert solution is not None
    root = parse(svg.board(solution, puzzle=CLASSIC))
    assert len(texts(root)) == 81
    assert len(texts(root, svg.GIVEN)) == CLASSIC.givens
    assert len(texts(root, svg.FILLED)) == 81 - CLASSIC.givens
    assert sorted(texts(root)) == sorted(str(v) for v in solution.cells)


def test_a_puzzle_draws_its_givens_and_nothing_in_its_blanks() -> None:
    root = parse(CLASSIC._repr_svg_())
    assert texts(root) == [str(v) for v in CLASSIC.cells if v]
    assert CLASSIC._repr_svg_() == svg.board(CLASSIC)


@pytest.mark.parametrize("box, thick", [((3, 3), (4, 4)), ((2, 3), (3, 4)), ((4, 4), (5, 5))])
def test_box_lines_are_thick_where_the_boxes_meet(box: tuple[int, int],
                                                  thick: tuple[int, int]) -> None:
    grid = Grid.from_cells([0] * (box[0] * box[1]) ** 2, box)
    root = parse(svg.board(grid))
    lines = [ln for ln in root.iter(f"{NS}line") if float(ln.get("stroke-width", 0)) > 1]
    vertical = [ln for ln in lines if ln.get("x1") == ln.get("x2")]
    horizontal = [ln for ln in lines if ln.get("y1") == ln.get("y2")]
    assert (len(vertical), len(horizontal)) == thick  # one more than boxes across, down
    assert texts(root) == []


def test_a_candidate_board_draws_pencil_marks_and_single_digits() -> None:
    board = Candidates.pencilmarks(CLASSIC)
    root = parse(board._repr_svg_())
    singles = [c for c in range(81) if board.num_candidates(c) == 1]
    marks = sum(board.num_candidates(c) for c in range(81) if board.num_candidates(c) > 1)
    assert len(texts(root, svg.GIVEN)) == len(singles)
    assert len(texts(root, svg.PENCIL)) == marks


def test_a_step_shades_its_cells_and_shows_what_it_changes() -> None:
    puzzle = Grid(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
    move = hint(puzzle, guess=False).step
    assert move is not None and move.placements
    root = parse(svg.step(puzzle, move))
    shaded = [r for r in root.iter(f"{NS}rect") if r.get("fill") == svg.HIGHLIGHT]
    assert len(shaded) == len(move.cells)
    assert texts(root, svg.PLACED) == [str(p.digit) for p in move.placements]


def test_struck_candidates_are_red_and_cells_go_by_name_or_index() -> None:
    board = Candidates.pencilmarks(CLASSIC)
    digit = min(board.candidates(2))
    by_name = svg.board(board, eliminations=[("r1c3", digit)], cells=["r1c3"])
    by_index = svg.board(board, eliminations=[(2, digit)], cells=[2])
    assert by_name == by_index
    root = parse(by_name)
    assert texts(root, svg.STRUCK) == [str(digit)]
    assert len(texts(root, svg.PENCIL)) == sum(
        board.num_candidates(c) for c in range(81) if board.num_candidates(c) > 1) - 1


# What the pictures grew: labels, links, a dark theme, every size, and a rendering check.

OTHER = Grid(
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
AIC_TEXT = ("6r3c8 or 2r1c7 is true (chain (6)r3c8=(6)r1c8-(6)r1c2=(5)r1c2-(5)r1c7=(2)r1c7), "
            "so r3c8<>2.")


def classes(root: ET.Element, role: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == role]


def test_step_pictures_label_rows_and_columns_as_hints_name_cells() -> None:
    move = hint(CLASSIC).step
    assert move is not None
    labels = texts(parse(svg.step(CLASSIC, move)))
    assert [f"r{k}" for k in range(1, 10)] == [t for t in labels if t.startswith("r")]
    assert [f"c{k}" for k in range(1, 10)] == [t for t in labels if t.startswith("c")]
    assert not any(t.startswith("r") for t in texts(parse(svg.board(CLASSIC))))
    assert len(classes(parse(svg.board(CLASSIC, labels=True)), "label")) == 18


def test_givens_placed_digits_and_candidates_look_different() -> None:
    board = Candidates.pencilmarks(CLASSIC)
    move = hint(CLASSIC).step
    assert move is not None
    later = move.apply(board)  # r1c6=8 is now a digit filled in, not a given
    following = hint(later).step
    assert following is not None
    root = parse(svg.step(later, following, puzzle=CLASSIC))
    given, filled = classes(root, "given"), classes(root, "filled")
    pencil = classes(root, "pencil")
    assert len(given) == CLASSIC.givens and given[0].get("font-weight") == "bold"
    singles = [c for c in range(81) if later.num_candidates(c) == 1 and not CLASSIC.cells[c]]
    assert len(filled) == len(singles) and "8" in [e.text for e in filled]  # r1c6 among them
    assert filled[0].get("font-weight") is None
    assert {e.get("fill") for e in given} != {e.get("fill") for e in filled}
    assert float(pencil[0].get("font-size", 0)) < float(given[0].get("font-size", 0)) / 2


def test_chain_steps_draw_their_links_strong_solid_and_weak_dashed() -> None:
    from dataclasses import replace

    from sudokit.logic.step import Link, Node

    move = hint(OTHER).step
    assert move is not None and move.links == ()  # a step without a chain draws none
    nodes = [Node((cell,), digit) for cell, digit in (
        ("r3c8", 6), ("r1c8", 6), ("r1c2", 6), ("r1c2", 5), ("r1c7", 5), ("r1c7", 2))]
    links = tuple(Link(a, b, k % 2 == 0) for k, (a, b) in enumerate(pairwise(nodes)))
    chain = replace(move, text=AIC_TEXT, cells=("r1c2", "r1c7", "r1c8", "r3c8"), links=links)
    root = parse(svg.step(OTHER, chain))
    strong, weak = classes(root, "link-strong"), classes(root, "link-weak")
    assert (len(strong), len(weak)) == (3, 2)
    assert all(e.get("stroke-dasharray") for e in weak)
    assert not any(e.get("stroke-dasharray") for e in strong)
    assert len(classes(root, "chain-node")) == 6  # each candidate of the chain ringed once
    assert classes(parse(svg.step(OTHER, move)), "chain-node") == []


def test_the_dark_theme_is_dark_with_light_digits() -> None:
    from sudokit.pictures.drawing import DARK

    root = parse(svg.board(CLASSIC, theme="dark"))
    assert classes(root, "background")[0].get("fill") == DARK.background
    assert {e.get("fill") for e in classes(root, "given")} == {DARK.given}
    with pytest.raises(ValueError, match="unknown theme"):
        svg.board(CLASSIC, theme="sepia")


@pytest.mark.parametrize("box", [(2, 2), (3, 4), (4, 4), (5, 5)])
def test_every_size_draws_its_digits_as_letters_above_nine(box: tuple[int, int]) -> None:
    n = box[0] * box[1]
    cells = [0] * (n * n)
    cells[:n] = range(1, n + 1)  # the first row holds every digit
    root = parse(svg.board(Grid.from_cells(cells, box), labels=True))
    from sudokit.grid import SYMBOLS

    assert texts(root, svg.GIVEN) == list(SYMBOLS[:n])
    assert f"r{n}" in texts(root) and f"c{n}" in texts(root)


def test_the_svg_renders_to_png_with_what_a_person_sees() -> None:
    """The SVG text itself, drawn by an independent SVG renderer (fpdf2), then rasterised."""
    fpdf = pytest.importorskip("fpdf")
    pytest.importorskip("pypdfium2")
    import io

    from sudokit.pictures.drawing import DARK
    from sudokit.pictures.pdf import render_page

    board = Candidates.pencilmarks(OTHER)
    digit = min(board.candidates(1))
    picture = svg.board(board, cells=["r9c3"], eliminations=[("r1c2", digit)],
                        placements=[("r9c3", 7)], theme="dark", labels=True)
    document = fpdf.FPDF(unit="pt", format=(360, 360))
    document.add_page()
    document.image(io.BytesIO(picture.encode()), x=0, y=0, w=360)
    image = render_page(bytes(document.output()), 0, 72)  # a pixel per SVG unit
    assert image.size == (360, 360)

    def colour(hex_colour: str) -> tuple[int, ...]:
        return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))

    def near(pixel: tuple[int, ...], hex_colour: str) -> bool:
        return all(abs(a - b) < 40 for a, b in zip(pixel, colour(hex_colour), strict=True))

    root = parse(picture)
    shaded = classes(root, "highlight")[0]
    x, y = float(shaded.get("x", 0)), float(shaded.get("y", 0))
    assert near(image.getpixel((int(x) + 3, int(y) + 3)), DARK.highlight)  # the shaded cell
    assert near(image.getpixel((180, 2)), DARK.background)
    struck = classes(root, "struck-mark")[0]
    cx, cy = float(struck.get("cx", 0)), float(struck.get("cy", 0))
    r = float(struck.get("r", 0))
    around = [image.getpixel((int(cx + dx), int(cy + dy)))
              for dx in range(-int(r), int(r) + 1) for dy in range(-int(r), int(r) + 1)]
    assert any(near(p, DARK.struck) for p in around)  # the red stroke over the candidate
    pixels = image.load()
    green = sum(1 for x in range(360) for y in range(360) if near(pixels[x, y], DARK.placed))
    assert green > 20  # the 7 placed


def test_the_compact_svg_draws_the_same_picture_smaller() -> None:
    fpdf = pytest.importorskip("fpdf")
    pytest.importorskip("pypdfium2")
    import io

    from sudokit.pictures.pdf import render_page

    move = hint(OTHER).step
    assert move is not None
    figure = svg.step_figure(OTHER, move)
    full, compact = svg.to_svg(figure), svg.to_svg(figure, compact=True)
    assert len(compact) < 0.7 * len(full)
    assert texts(parse(compact)) == texts(parse(full))

    def pixels(picture: str) -> bytes:
        document = fpdf.FPDF(unit="pt", format=(360, 360))
        document.add_page()
        document.image(io.BytesIO(picture.encode()), x=0, y=0, w=360)
        return bytes(render_page(bytes(document.output()), 0, 72).tobytes())

    assert pixels(full) == pixels(compact)


def test_pencil_mark_guides_dot_every_empty_cell_where_each_mark_goes() -> None:
    root = parse(svg.board(CLASSIC, guides=True))
    dots = classes(root, "guide")
    assert len(dots) == 9 * CLASSIC.blanks
    first = [(float(d.get("cx", 0)), float(d.get("cy", 0))) for d in dots[:9]]
    assert len({x for x, _ in first}) == 3 and len({y for _, y in first}) == 3  # 3 by 3
    assert classes(parse(svg.board(CLASSIC)), "guide") == []
