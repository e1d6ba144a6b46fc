"""Pictures of variant puzzles, read back from the SVG: a jigsaw's thick borders run exactly
between cells of different regions, an X puzzle has its two diagonals, windows, centre
cells and disjoint groups are shaded, odd and even cells carry a circle and a square, the
rules that leave no mark are said under the grid, a step's houses are outlined, and a
printed page puts each puzzle's rules under it. Classic pictures keep their bytes."""

from __future__ import annotations

import dataclasses
import hashlib
import io
import xml.etree.ElementTree as ET

import pytest

from sudokit import Grid
from sudokit.candidates import Candidates
from sudokit.logic.board import Board
from sudokit.logic.step import Level, Placement, Step, Technique
from sudokit.pictures import Entry, Options, booklet, plan, svg
from sudokit.pictures.drawing import LIGHT, grid_figure
from sudokit.pictures.walkthrough import walk
from sudokit.rules import Rules

NS = "{http://www.w3.org/2000/svg}"
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
JIGSAW = "AAAACCCCFABBBBBBCFAAAABBBCFEEEEEECCFDDDDDECFFDDDIIEEIFGGDIIIIIFGHHHHHHIFGGGGGGHHH"
ODD = (0, 4, 10, 20, 40, 60, 80)
EVEN = (2, 8, 30, 50, 70)


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    return root


def of_class(root: ET.Element, cls: str, tag: str = "*") -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}{tag}" if tag != "*" else None)
            if e.get("class") == cls]


def f(e: ET.Element, name: str) -> float:
    return float(e.get(name, "nan"))


class Frame:
    """Where the cells of a picture are, read from its outer lines (no labels)."""

    def __init__(self, root: ET.Element, n: int = 9) -> None:
        xs = sorted({f(e, "x1") for e in root.iter(f"{NS}line")
                     if e.get("class") in ("box-line", "cell-line") and e.get("x1") == e.get("x2")})
        self.left, self.right, self.n = xs[0], xs[-1], n
        self.unit = (self.right - self.left) / n

    def cell_at(self, x: float, y: float) -> int:
        c, r = int((x - self.left) // self.unit), int((y - self.left) // self.unit)
        assert 0 <= r < self.n and 0 <= c < self.n, (x, y)
        return r * self.n + c

    def index(self, value: float) -> float:
        """A coordinate in cells from the grid's top left corner."""
        return (value - self.left) / self.unit


def test_classic_pictures_keep_their_bytes() -> None:
    """The same digests as the pictures had before variants were drawn."""
    puzzle = Grid(PUZZLE)
    solution = Grid("534678912672195348198342567859761423426853791713924856"
                    "961537284287419635345286179")
    move = Step(technique="Hidden Single", cells=("r1c3",), placements=(Placement("r1c3", 4),),
                eliminations=(), text="In row 1, 4 fits only in r1c3.", score=1.5,
                level=Level.EASY, key="hidden-single")
    pictures = {
        "puzzle": svg.board(puzzle),
        "solution dark labelled": svg.board(solution, puzzle=puzzle, theme="dark", labels=True),
        "pencil marks with guides": svg.board(Candidates.pencilmarks(puzzle), guides=True),
        "step": svg.step(puzzle, move),
        "6x6": svg.board(Grid.from_cells([0] * 36, (2, 3))),
        "16x16 labelled": svg.board(Grid.from_cells([0] * 256, (4, 4)), labels=True),
    }
    digests = {k: hashlib.sha256(v.encode()).hexdigest()[:16] for k, v in pictures.items()}
    assert digests == {
        "puzzle": "8d898278c2da9ed2",
        "solution dark labelled": "232735a756c06944",
        "pencil marks with guides": "a9441606e954ff35",
        "step": "0c187bdb47858661",
        "6x6": "f2ebc078b9aced84",
        "16x16 labelled": "3d2bc2f262e30f4e",
    }
    assert puzzle._repr_svg_() == pictures["puzzle"]


def region_edges(regions: str, n: int = 9) -> set[tuple[int, int]]:
    """The pairs of side-by-side cells (a < b) of different regions: the reference."""
    out = set()
    for cell in range(n * n):
        r, c = divmod(cell, n)
        if c + 1 < n and regions[cell] != regions[cell + 1]:
            out.add((cell, cell + 1))
        if r + 1 < n and regions[cell] != regions[cell + n]:
            out.add((cell, cell + n))
    return out


def thick_edges(root: ET.Element, frame: Frame) -> set[tuple[int, int]]:
    """The pairs of side-by-side cells that a region line runs between."""
    out = set()
    for e in of_class(root, "region-line", "line"):
        x1, y1, x2, y2 = (frame.index(f(e, k)) for k in ("x1", "y1", "x2", "y2"))
        if x1 == x2:  # vertical: between columns x1 - 1 and x1
            k = round(x1)
            for r in range(9):
                if y1 < r + 0.5 < y2:
                    out.add((r * 9 + k - 1, r * 9 + k))
        else:
            k = round(y1)
            for c in range(9):
                if x1 < c + 0.5 < x2:
                    out.add(((k - 1) * 9 + c, k * 9 + c))
    return out


def test_a_jigsaw_has_thick_borders_exactly_between_its_regions() -> None:
    grid = Grid(PUZZLE, rules=Rules(9, regions=JIGSAW))
    root = parse(svg.board(grid))
    frame = Frame(root)
    assert thick_edges(root, frame) == region_edges(JIGSAW)
    # square ends: where two borders meet at a corner, no notch
    assert {e.get("stroke-linecap") for e in of_class(root, "region-line")} == {"square"}
    # the standard boxes are gone: only the border is thick among the full lines
    thick = [e for e in of_class(root, "box-line", "line")]
    assert sorted({round(frame.index(f(e, "x1"))) for e in thick if e.get("x1") == e.get("x2")}) \
        == [0, 9]
    assert not of_class(root, "tint")  # tints only where the theme asks for them


def test_a_tinted_jigsaw_gives_each_region_one_tint_unlike_its_neighbours() -> None:
    grid = Grid(PUZZLE, rules=Rules(9, regions=JIGSAW))
    theme = dataclasses.replace(LIGHT, region_tints=True)
    root = parse(svg.board(grid, theme=theme))
    frame = Frame(root)
    tint = {frame.cell_at(f(e, "x") + 1, f(e, "y") + 1): e.get("fill")
            for e in of_class(root, "tint", "rect")}
    assert len(tint) == 81
    by_region: dict[str, set[str | None]] = {}
    for cell, region in enumerate(JIGSAW):
        by_region.setdefault(region, set()).add(tint[cell])
    assert all(len(colours) == 1 for colours in by_region.values())
    for a, b in region_edges(JIGSAW):
        assert tint[a] != tint[b], (a, b)


def test_an_x_puzzle_has_both_diagonals_corner_to_corner() -> None:
    root = parse(svg.board(Grid(PUZZLE, rules=Rules.preset("x"))))
    frame = Frame(root)
    ends = sorted(tuple(round(frame.index(f(e, k)), 6) for k in ("x1", "y1", "x2", "y2"))
                  for e in of_class(root, "diagonal", "line"))
    assert ends == [(0, 0, 9, 9), (9, 0, 0, 9)]
    assert all(f(e, "stroke-width") < 2 for e in of_class(root, "diagonal", "line"))
    assert not of_class(root, "rule")  # the diagonals are on the grid: no caption


@pytest.mark.parametrize("preset", ["windoku", "centre-dot"])
def test_windows_and_centre_cells_are_shaded(preset: str) -> None:
    rules = Rules.preset(preset)
    root = parse(svg.board(Grid(PUZZLE, rules=rules)))
    frame = Frame(root)
    shaded = sorted(frame.cell_at(f(e, "x") + 1, f(e, "y") + 1)
                    for e in of_class(root, "tint", "rect"))
    expected = sorted(c for _, cells in rules.extra_houses() for c in cells)
    assert shaded == expected and len(shaded) == (36 if preset == "windoku" else 9)


@pytest.mark.parametrize("n", [9, 16])
def test_disjoint_groups_are_tinted_alike_and_each_box_holds_every_tint(n: int) -> None:
    grid = Grid.from_cells([0] * n * n, rules=Rules.preset("disjoint", n))
    root = parse(svg.board(grid))
    frame = Frame(root, n)
    tint = {frame.cell_at(f(e, "x") + 1, f(e, "y") + 1): e.get("fill")
            for e in of_class(root, "tint", "rect")}
    side = grid.shape.box_rows
    assert len(tint) == n * n
    for cell in range(n * n):
        r, c = divmod(cell, n)
        assert tint[cell] == tint[(r % side) * n + c % side]  # its place in the box
    for box in range(n):
        cells = [(box // side * side + k // side) * n + box % side * side + k % side
                 for k in range(n)]
        assert len({tint[c] for c in cells}) == n


def test_odd_cells_have_a_circle_and_even_cells_a_square_behind_the_digit() -> None:
    grid = Grid(PUZZLE, rules=Rules(9, odd=ODD, even=EVEN))
    root = parse(svg.board(grid))
    frame = Frame(root)
    circles = of_class(root, "odd", "circle")
    squares = of_class(root, "even", "rect")
    assert sorted(frame.cell_at(f(e, "cx"), f(e, "cy")) for e in circles) == list(ODD)
    assert sorted(frame.cell_at(f(e, "x") + f(e, "width") / 2, f(e, "y") + f(e, "height") / 2)
                  for e in squares) == list(EVEN)
    for e in circles:  # centred in its cell
        assert frame.index(f(e, "cx")) % 1 == pytest.approx(0.5, abs=0.01)
    order = list(root)
    first_digit = min(i for i, e in enumerate(order) if e.get("class") == "given")
    assert max(order.index(e) for e in circles + squares) < first_digit


@pytest.mark.parametrize("preset, words", [
    ("anti-knight", ["Anti-knight: cells a knight's move apart differ"]),
    ("anti-king+non-consecutive", ["Anti-king: cells a king's move apart differ",
                                   "Non-consecutive: side by side cells never hold",
                                   "consecutive digits"]),
])
def test_rules_without_a_mark_are_said_under_the_grid(preset: str, words: list[str]) -> None:
    root = parse(svg.board(Grid(PUZZLE, rules=Rules.preset(preset))))
    assert [e.text for e in of_class(root, "rule", "text")] == words
    assert f(root, "height") > f(root, "width") == 360
    background = of_class(root, "background", "rect")[0]
    assert f(background, "height") == f(root, "height")
    frame = Frame(root)
    assert all(f(e, "y") > frame.right for e in of_class(root, "rule", "text"))


def test_a_candidate_board_draws_the_rules_it_is_given() -> None:
    board = Candidates.pencilmarks(Grid(PUZZLE))
    assert not of_class(parse(svg.board(board)), "diagonal")
    root = parse(svg.board(board, rules=Rules.preset("x")))
    assert len(of_class(root, "diagonal")) == 2
    with pytest.raises(ValueError, match="rules: X 4x4 rules do not fit the 9x9 picture"):
        svg.board(board, rules=Rules.preset("x", 4))
    with pytest.raises(TypeError, match="rules: expected Rules"):
        svg.board(board, rules="x")  # type: ignore[arg-type]


def outline_sides(root: ET.Element, frame: Frame) -> set[tuple[int, str]]:
    """(cell, side) of each outline segment, read from where it runs."""
    out = set()
    for e in of_class(root, "house", "line"):
        x1, y1, x2, y2 = (frame.index(f(e, k)) for k in ("x1", "y1", "x2", "y2"))
        if y1 == y2:
            r, c = int(y1), int((x1 + x2) / 2)
            out.add((r * 9 + c, "top" if y1 % 1 < 0.5 else "bottom"))
        else:
            r, c = int((y1 + y2) / 2), int(x1)
            out.add((r * 9 + c, "left" if x1 % 1 < 0.5 else "right"))
    return out


def reference_outline(cells: set[int]) -> set[tuple[int, str]]:
    out = set()
    for cell in cells:
        r, c = divmod(cell, 9)
        for side, (dr, dc) in (("top", (-1, 0)), ("bottom", (1, 0)), ("left", (0, -1)),
                               ("right", (0, 1))):
            rr, cc = r + dr, c + dc
            if not (0 <= rr < 9 and 0 <= cc < 9 and rr * 9 + cc in cells):
                out.add((cell, side))
    return out


def house_step(house: tuple[int, ...], cell: int) -> Step:
    """A hidden single in ``house`` as a technique makes it, with the house it names."""
    board = Board.from_grid(Grid(PUZZLE))  # (only its cells' names make the step)
    tech = Technique(key="hidden-single", name="Hidden Single", level=Level.EASY, score=1.5,
                     effort=14, find=lambda b: None)
    return tech.step(board, [cell], "In that house, 1 fits only there.", place=[(cell, 1)],
                     houses=[house])


@pytest.mark.parametrize("preset, which", [("x", "the anti-diagonal"), ("windoku", "window 2")])
def test_a_step_outlines_the_house_it_names(preset: str, which: str) -> None:
    rules = Rules.preset(preset)
    house = dict(rules.extra_houses())[which]
    move = house_step(house, house[0])
    assert move.houses == (tuple(sorted(Grid(PUZZLE).shape.cell_name(c) for c in house)),)
    root = parse(svg.step(Grid(PUZZLE, rules=rules), move, labels=False))
    assert outline_sides(root, Frame(root)) == reference_outline(set(house))
    assert len(of_class(root, "diagonal" if preset == "x" else "tint")) > 0


def test_a_printed_variant_puzzle_has_its_rules_under_it_and_on_its_answer() -> None:
    rules = Rules(9, regions=JIGSAW).with_preset("anti-knight")
    puzzle = Grid(PUZZLE, rules=rules)
    entries = [Entry(1, puzzle, solution=puzzle), Entry(2, Grid(PUZZLE), solution=Grid(PUZZLE))]
    _, pages = plan(entries, Options(answers=True))
    first, second = pages[0].items[:2]
    assert first.lines == ["No. 1", "Jigsaw: each outlined region holds each digit once",
                           "Anti-knight: cells a knight's move apart differ"]
    assert second.lines == ["No. 2"]
    assert first.caption.h >= 15 + 2 * 9 * 1.2  # room for both rule lines
    figure = first.figure()
    assert figure.width == figure.height  # the grid keeps its square slot
    roles = {item.role for item in figure.items}
    assert "region-line" in roles and "rule" not in roles
    answers = [i for p in pages for i in p.items if i.kind == "answer"]
    assert [a.lines for a in answers] == [["Answer to No. 1 · jigsaw + anti-knight"],
                                          ["Answer to No. 2"]]
    assert "region-line" in {item.role for item in answers[0].figure().items}


def test_a_solution_without_rules_is_drawn_under_its_puzzles_rules() -> None:
    puzzle = Grid(PUZZLE, rules=Rules.preset("x"))
    figure = grid_figure(Grid(PUZZLE), puzzle=puzzle)
    assert [i.role for i in figure.items].count("diagonal") == 2


def test_a_variant_path_s_boards_follow_its_rules() -> None:
    """Step pictures show the candidates the logic solver sees: a cell's parity, and each
    placed digit gone from every house the cell shares, a diagonal too."""
    rules = Rules(9, diagonals=True, odd=(2,), even=(3,))
    puzzle = Grid(PUZZLE, rules=rules)
    diagonal = dict(rules.extra_houses())["the main diagonal"]
    first = house_step(diagonal, 10)  # r2c2 = 1
    second = house_step(diagonal, 30)
    start, after = (board for board, _, _ in walk(puzzle, [first, second]))
    given = {puzzle.cells[c] for c in diagonal if puzzle.cells[c]}
    assert given == {2, 5, 8, 9}  # r1c1, r3c3, r7c7, r9c9
    for cell in diagonal:
        if not puzzle.cells[cell]:
            assert not start.candidates(cell) & given, puzzle.shape.cell_name(cell)
    assert start.candidates(2) <= {1, 3, 5, 7, 9} and start.candidates(3) <= {2, 4, 6, 8}
    assert all(1 not in after.candidates(c) for c in diagonal if c != 10)
    assert any(1 in start.candidates(c) for c in diagonal if c != 10)
    assert after.candidates(10) == {1}


def test_a_prime_jigsaw_lays_its_pencil_marks_out_in_a_square() -> None:
    """A 7x7 jigsaw has no boxes whose shape the marks could copy: 3 rows of 3, not 1 of 7."""
    regions = [r if c < 6 else (r + 1) % 7 for r in range(7) for c in range(7)]
    grid = Grid.from_cells([0] * 49, rules=Rules(7, regions=regions))
    root = parse(svg.board(Candidates.pencilmarks(Grid.from_cells([0] * 49, (1, 7))),
                           rules=grid.rules))
    frame = Frame(root, 7)
    marks = [e for e in root.iter(f"{NS}text") if e.get("class") == "pencil"]
    first = [e for e in marks if frame.cell_at(f(e, "x"), f(e, "y") - 1) == 0]
    assert [e.text for e in first] == list("1234567")
    assert len({e.get("y") for e in first}) == 3 and len({e.get("x") for e in first}) == 3


def test_a_printed_booklet_says_each_variant_puzzle_s_rules_in_full() -> None:
    pytest.importorskip("reportlab")
    pypdf = pytest.importorskip("pypdf")
    rules = Rules(9, regions=JIGSAW, non_consecutive=True, odd=ODD, even=EVEN)
    puzzle = Grid(PUZZLE, rules=rules)
    pdf = booklet([Entry(1, puzzle, solution=puzzle)], Options(answers=True))
    text = [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(io.BytesIO(pdf)).pages]
    assert len(text) == 2
    for words in ("Jigsaw: each outlined region holds each digit once",
                  "Even-odd: a circle holds an odd digit, a square an even one",
                  "Non-consecutive: side by side cells never hold consecutive digits"):
        assert words in text[0]
    assert "…" not in text[0]
    assert "Answer to No. 1 · jigsaw + non-consecutive + even-odd" in text[1]
