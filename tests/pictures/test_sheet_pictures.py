"""Pictures of puzzles on several overlapping grids (samurai and its kin): each grid's thin
cell lines, thick box borders and outline, a box two grids share drawn once, the positions
no grid covers left blank, digits in their cells (givens apart from digits filled in), a
logic step drawn on the sheet's pencil marks, and sheets printed one to a page.

The lines are checked against the layout worked out here from the grids' corners alone:
two neighbouring positions are split by a thin line when some grid holds both in one box, a
thick one when no grid does or only one of them is in play, and by none when neither is."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from sudokit.grid import Grid
from sudokit.logic.step import Elimination, Level, Placement, Step
from sudokit.pictures import svg
from sudokit.pictures.shapes import Line, Rect, Text
from sudokit.pictures.sheets import (
    SheetEntry,
    sheet_candidates,
    sheet_figure,
    sheet_pages,
    sheet_step_figure,
    sheet_walk,
)
from sudokit.sheets import Sheet, SheetGrid

PRESETS = ("samurai", "twodoku", "butterfly", "sohei", "windmill", "flower")
NS = "{http://www.w3.org/2000/svg}"


def in_play(sheet: Sheet) -> dict[tuple[int, int], set[tuple[int, int, int]]]:
    """Each position some grid covers -> (grid, box row, box column) of the boxes it is in,
    from the grids' corners alone."""
    out: dict[tuple[int, int], set[tuple[int, int, int]]] = {}
    for k, (top, left) in enumerate(sheet.grids):
        for r in range(9):
            for c in range(9):
                out.setdefault((top + r, left + c), set()).add((k, r // 3, c // 3))
    return out


def expected_edges(sheet: Sheet) -> dict[tuple[str, int, int], str]:
    """Every unit edge of the sheet that carries a line -> "thin" or "thick". An edge is
    ("h", r, c): the top of position (r, c); ("v", r, c): its left side."""
    boxes = in_play(sheet)
    out = {}
    for r in range(sheet.rows + 1):
        for c in range(sheet.cols + 1):
            for kind, other in (("h", (r - 1, c)), ("v", (r, c - 1))):
                a, b = boxes.get((r, c)), boxes.get(other)
                if a is None and b is None:
                    continue
                out[kind, r, c] = "thin" if a and b and a & b else "thick"
    return out


def drawn_edges(figure, sheet: Sheet) -> dict[tuple[str, int, int], list[str]]:
    """The unit edges the figure's cell and box lines cover, each with the kinds of every
    line over it."""
    lines = [s for s in figure.items if isinstance(s, Line) and s.role in ("box-line", "cell-line")]
    xs = [min(s.x1, s.x2) for s in lines if s.x1 == s.x2]
    ys = [min(s.y1, s.y2) for s in lines if s.y1 == s.y2]
    left, top = min(xs), min(ys)
    unit = (max(xs) - left) / sheet.cols
    out: dict[tuple[str, int, int], list[str]] = {}
    for s in lines:
        kind = "thick" if s.role == "box-line" else "thin"
        if s.y1 == s.y2:  # across: the top of positions in row r
            r = round((s.y1 - top) / unit)
            for c in range(round((min(s.x1, s.x2) - left) / unit),
                           round((max(s.x1, s.x2) - left) / unit)):
                out.setdefault(("h", r, c), []).append(kind)
        else:
            c = round((s.x1 - left) / unit)
            for r in range(round((min(s.y1, s.y2) - top) / unit),
                           round((max(s.y1, s.y2) - top) / unit)):
                out.setdefault(("v", r, c), []).append(kind)
    return out


def random_sheet_grid(sheet: Sheet, seed: int, share: float = 0.4) -> SheetGrid:
    rng = random.Random(seed)
    return SheetGrid(sheet, tuple(rng.randint(1, 9) if rng.random() < share else 0
                                  for _ in range(sheet.ncells)))


@pytest.mark.parametrize("name", PRESETS)
def test_each_grid_has_thin_cells_thick_boxes_and_outline_and_a_shared_box_drawn_once(name):
    sheet = Sheet.preset(name)
    figure = sheet_figure(random_sheet_grid(sheet, 1))
    drawn = drawn_edges(figure, sheet)
    expected = expected_edges(sheet)
    assert {edge: kinds[0] for edge, kinds in drawn.items()} == expected
    # every edge is drawn once: a box two grids share, or a grid's outline along another
    # grid's box border, is one line, not two
    assert [edge for edge, kinds in drawn.items() if len(kinds) > 1] == []


def test_a_samurai_leaves_the_positions_no_grid_covers_blank():
    sheet = Sheet.preset("samurai")
    figure = sheet_figure(random_sheet_grid(sheet, 2, share=1.0), size=420)
    unit = 420 * 0.98 / 21  # about: the margins take a little
    unused = [(r, c) for r in range(21) for c in range(21) if sheet.index(r, c) is None]
    assert len(unused) == 21 * 21 - 369
    # no digit, shading or line stands inside an unused position
    for item in figure.items:
        if isinstance(item, Text):
            r, c = int(item.y // unit), int(item.x // unit)
            assert sheet.index(min(r, 20), min(c, 20)) is not None, item
        if isinstance(item, Rect) and item.role != "background":
            raise AssertionError(f"nothing is shaded: {item}")


def test_a_solution_shows_its_givens_apart_from_the_digits_filled_in_each_in_its_cell():
    sheet = Sheet.preset("butterfly")
    solution = random_sheet_grid(sheet, 3, share=1.0)
    puzzle = SheetGrid(sheet, tuple(d if i % 3 == 0 else 0
                                    for i, d in enumerate(solution.digits)))
    root = ET.fromstring(svg.to_svg(sheet_figure(solution, puzzle=puzzle, size=360)))
    texts = list(root.iter(f"{NS}text"))
    assert len(texts) == sheet.ncells
    given = [t for t in texts if t.get("class") == "given"]
    filled = [t for t in texts if t.get("class") == "filled"]
    assert len(given) == puzzle.givens and len(filled) == sheet.ncells - puzzle.givens
    assert {t.get("font-weight") for t in given} == {"bold"}
    # each digit stands in its own cell: the one at its place on the sheet
    figure = sheet_figure(solution, puzzle=puzzle, size=360)
    digits = [item for item in figure.items if isinstance(item, Text)]
    unit = (360 - 2 * 4) / 12
    for item in digits:
        cell = sheet.index(int((item.y - 4) // unit), int((item.x - 4) // unit))
        assert cell is not None and item.text == str(solution.digits[cell])


def test_a_step_is_drawn_on_the_sheets_pencil_marks_by_the_cells_names():
    sheet = Sheet.preset("samurai")
    puzzle = SheetGrid(sheet, (0,) * sheet.ncells).with_digit(sheet.index(7, 12), 5)
    # r7c13 is in the top-right grid and the centre one; r7c14 beside it, r8c12 in the
    # centre grid alone
    step = Step(technique="Hidden Single", cells=("r7c13", "r8c12"),
                placements=(Placement("r7c13", 4),),
                eliminations=(Elimination("r7c14", 4),), text="only place for 4",
                score=1.2, level=Level.EASY, key="hidden-single",
                houses=(tuple(f"r7c{c}" for c in range(13, 22)),))
    figure = sheet_step_figure(puzzle, step, size=441)
    shaded = [s for s in figure.items if isinstance(s, Rect) and s.role == "highlight"]
    placed = [s for s in figure.items if isinstance(s, Text) and s.role == "placed"]
    struck = [s for s in figure.items if isinstance(s, Text) and s.role == "struck"]
    outlined = [s for s in figure.items if isinstance(s, Line) and s.role == "house"]
    labels = {s.text for s in figure.items if isinstance(s, Text) and s.role == "label"}
    assert {"r21", "c21"} <= labels  # the sheet's rows and columns, as steps name cells
    assert len(shaded) == 2 and placed[0].text == "4" and struck[0].text == "4"
    first, second = shaded  # r7c13, then r8c12: a row down and a column left
    unit = first.w
    assert (second.x, second.y) == pytest.approx((first.x - unit, first.y + unit))
    assert placed[0].x == pytest.approx(first.x + unit / 2)  # placed in r7c13
    assert first.x + unit < struck[0].x < first.x + 2 * unit  # struck in r7c14
    assert len(outlined) == 9 * 2 + 2  # a row of nine: top and bottom of each, two ends
    # the 5 given at r8c13 rules 5 out of its row in both grids it is in, not elsewhere
    marks = sheet_candidates(puzzle)
    assert not marks[sheet.index(7, 20)] >> 4 & 1  # r8c21: its row in the top-right grid
    assert not marks[sheet.index(7, 6)] >> 4 & 1  # r8c7: its row in the centre grid
    assert marks[sheet.index(7, 0)] >> 4 & 1  # r8c1: the same sheet row, another grid


def test_the_walk_of_a_path_applies_each_step_to_the_sheets_board():
    sheet = Sheet.preset("twodoku")
    puzzle = SheetGrid(sheet, (0,) * sheet.ncells)
    first = Step(technique="Naked Single", cells=("r9c9",), placements=(Placement("r9c9", 7),),
                 eliminations=(), text="", score=1.0, level=Level.EASY, key="naked-single")
    second = Step(technique="Pointing", cells=("r15c15",), placements=(),
                  eliminations=(Elimination("r15c15", 3),), text="", score=1.7,
                  level=Level.MEDIUM, key="pointing")
    boards = list(sheet_walk(puzzle, [first, second]))
    assert [step for _, _, step in boards] == [first, second]
    digits, marks, _ = boards[1]
    shared = sheet.index(8, 8)  # r9c9: in both grids' shared box
    assert digits.digits[shared] == 7
    assert not marks[sheet.index(8, 14)] >> 6 & 1  # r9c15: row 9 of the second grid
    assert not marks[sheet.index(0, 8)] >> 6 & 1  # r1c9: column 9 of the first grid
    assert marks[sheet.index(14, 14)] >> 2 & 1  # r15c15 keeps its 3 until the second step


def test_bad_arguments_are_refused_naming_them():
    sheet = Sheet.preset("samurai")
    grid = SheetGrid(sheet, (0,) * sheet.ncells)
    with pytest.raises(TypeError, match="item"):
        sheet_figure(Grid("." * 81))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"cells: no cell 'r1c11' in play"):
        sheet_figure(grid, cells=["r1c11"])  # between the two top grids: no grid there
    with pytest.raises(ValueError, match="marks: expected 369"):
        sheet_figure(grid, marks=[0] * 81)
    with pytest.raises(ValueError, match="puzzle: a twodoku"):
        sheet_figure(grid, puzzle=SheetGrid(Sheet.preset("twodoku"),
                                            (0,) * Sheet.preset("twodoku").ncells))
    with pytest.raises(ValueError, match="eliminations: 10 is not a digit"):
        sheet_figure(grid, eliminations=[(0, 10)])


def test_sheets_print_one_to_a_page_on_a4_and_letter_with_their_answers_after():
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("reportlab")
    import io

    sheet = Sheet.preset("samurai")
    solution = random_sheet_grid(sheet, 4, share=1.0)
    entries = [SheetEntry(k, random_sheet_grid(sheet, k), solution) for k in (1, 2)]
    for paper, size in (("a4", (595.28, 841.89)), ("letter", (612.0, 792.0))):
        pdf = sheet_pages(entries, paper=paper, answers=True)
        pages = pypdf.PdfReader(io.BytesIO(pdf)).pages
        assert len(pages) == 4  # two puzzles, then their two answers
        assert [round(float(v), 2) for v in pages[0].mediabox[2:]] == list(size)
        text = pages[0].extract_text()
        assert "No. 1 · samurai (5 overlapping 9x9 grids)" in text
        assert "Answer to No. 2" in pages[3].extract_text()
    with pytest.raises(ValueError, match="unknown paper"):
        sheet_pages(entries, paper="a5")


def test_the_step_viewer_steps_through_a_path_on_a_sheet():
    from sudokit.logic.path import Path
    from sudokit.pictures.walkthrough import html

    sheet = Sheet.preset("twodoku")
    puzzle = SheetGrid(sheet, (0,) * sheet.ncells)
    steps = (Step(technique="Naked Single", cells=("r9c9",), placements=(Placement("r9c9", 7),),
                  eliminations=(), text="only 7 is left", score=1.0, level=Level.EASY,
                  key="naked-single"),
             Step(technique="Pointing", cells=("r15c14",), placements=(),
                  eliminations=(Elimination("r15c15", 3),), text="3 points along row 15",
                  score=1.7, level=Level.MEDIUM, key="pointing"))
    page = html(Path(steps, False, puzzle, 1, start=puzzle), puzzle)
    assert page.count('class="step"') == 3  # a frame a step, and where the path ends
    assert "only 7 is left" in page and "Stuck after 2 steps" in page
    frames = page.split('class="step"')[1:]
    # each step on the sheet's pencil marks before it: the first frame's r9c9 still holds
    # every candidate, the last frame shows the 7 placed and no 3 left in r15c15
    placed, struck = svg.PLACED, svg.STRUCK  # (the frames group shapes by their paint)
    assert f'fill="{placed}"' in frames[0] and f'fill="{struck}"' not in frames[0]
    assert f'fill="{struck}"' in frames[1] and f'fill="{placed}"' not in frames[1]
    root = ET.fromstring(frames[2][frames[2].index("<svg"):frames[2].index("</svg>") + 6])
    filled = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "filled"]
    assert filled == ["7"]
