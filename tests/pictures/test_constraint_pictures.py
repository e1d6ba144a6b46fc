"""Pictures of cages, lines, dots and signs, read back from the SVG (and the PNG and PDF
made from the same figure) as a solver would look at them: a dashed outline per cage just
inside its cells with its total in the corner of its first cell, clear of the digits and
pencil marks; thermometers with their bulb, arrows from their circle to their head, the
coloured lines by kind; dots, X and V and chevrons on the shared edge; little killer and
sandwich totals outside the grid; the legend in words; and a refusal, by name, of what a
picture cannot draw."""

from __future__ import annotations

import importlib
import io
import math
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import ClassVar

import pytest

from sudokit import Grid
from sudokit.candidates import Candidates
from sudokit.constraints import (
    XV,
    Arrow,
    Between,
    Cage,
    Entropic,
    GreaterThan,
    Kropki,
    Line,
    LittleKiller,
    Palindrome,
    RegionSum,
    Renban,
    Sandwich,
    Thermo,
    Whisper,
)
from sudokit.errors import UnsupportedRulesError
from sudokit.pictures import (
    Entry,
    LayoutError,
    Options,
    booklet,
    figure_png,
    figures_pdf,
    plan,
    prepare,
    svg,
    variants,
)
from sudokit.pictures.booklet import puzzle_layout
from sudokit.pictures.drawing import grid_figure
from sudokit.rules import Rules
from support.clirunner import sudoku
from support.files import TEST_DATA

NS = "{http://www.w3.org/2000/svg}"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
DIGITS = [int(ch) for ch in SOLUTION]


def killer_rules() -> Rules:
    """A killer on SOLUTION: each row cut in four dominoes and a single, the totals kept."""
    cages = []
    for r in range(9):
        for cells in ((0, 1), (2, 3), (4, 5), (6, 7), (8,)):
            group = [r * 9 + c for c in cells]
            cages.append(Cage(group, sum(DIGITS[c] for c in group)))
    return Rules(9, constraints=cages)


def blank(rules: Rules, givens: dict[int, int] | None = None) -> Grid:
    cells = [0] * 81
    for cell, digit in (givens or {}).items():
        cells[cell] = digit
    return Grid.from_cells(cells, rules=rules)


def parse(picture: str) -> ET.Element:
    return ET.fromstring(picture)


def of_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == cls]


def f(e: ET.Element, name: str) -> float:
    return float(e.get(name, "nan"))


def points(e: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in
            (p.split(",") for p in e.get("points", "").split())]


class Frame:
    """Where the cells are, read from the picture's grid lines."""

    def __init__(self, root: ET.Element) -> None:
        xs = sorted({f(e, "x1") for e in root.iter(f"{NS}line")
                     if e.get("class") in ("box-line", "cell-line")
                     and e.get("x1") == e.get("x2")})
        ys = sorted({f(e, "y1") for e in root.iter(f"{NS}line")
                     if e.get("class") in ("box-line", "cell-line")
                     and e.get("y1") == e.get("y2")})
        self.left, self.right, self.top = xs[0], xs[-1], ys[0]
        self.unit = (self.right - self.left) / 9

    def cell_at(self, x: float, y: float) -> int:
        c, r = math.floor((x - self.left) / self.unit), math.floor((y - self.top) / self.unit)
        assert 0 <= r < 9 and 0 <= c < 9, (x, y)
        return r * 9 + c

    def centre(self, cell: int) -> tuple[float, float]:
        r, c = divmod(cell, 9)
        return self.left + (c + 0.5) * self.unit, self.top + (r + 0.5) * self.unit

    def inside_grid(self, x: float, y: float) -> bool:
        return self.left <= x <= self.right and self.top <= y <= self.top + 9 * self.unit


def test_a_killer_has_one_dashed_outline_per_cage_inside_its_cells() -> None:
    rules = killer_rules()
    root = parse(svg.board(blank(rules)))
    frame = Frame(root)
    outlines = of_class(root, "cage")
    assert len(outlines) == 45
    assert all(e.tag == f"{NS}polygon" and e.get("stroke-dasharray") for e in outlines)
    cages = {c.cells: c for c in rules.constraints}
    for e in outlines:
        corners = points(e)
        cells = tuple(sorted({frame.cell_at(x, y) for x, y in corners}))
        assert cells in cages  # every corner in a cell of one cage
        for x, y in corners:  # and clear of the cells' borders: inset, not on them
            gx, gy = (x - frame.left) / frame.unit, (y - frame.top) / frame.unit
            assert min(gx % 1, 1 - gx % 1) > 0.05 and min(gy % 1, 1 - gy % 1) > 0.05
        assert len(corners) == 4  # a domino or a single: a rectangle


def test_cage_totals_stand_in_the_top_left_corner_of_each_cages_first_cell() -> None:
    rules = killer_rules()
    root = parse(svg.board(blank(rules, {4: 7, 40: 5})))
    frame = Frame(root)
    totals = {}
    for e in of_class(root, "cage-total"):
        cell = frame.cell_at(f(e, "x"), f(e, "y"))
        x0, y0 = frame.centre(cell)
        assert f(e, "x") < x0 and f(e, "y") < y0  # the top left quarter
        totals[cell] = int(e.text or "")
    assert totals == {c.cells[0]: c.total for c in rules.constraints if isinstance(c, Cage)}
    # the digits are drawn after (over) the lines, and well away from the totals
    order = [e.get("class") for e in root]
    assert order.index("given") < order.index("cage-total")
    for e in of_class(root, "given"):
        cell = frame.cell_at(f(e, "x"), f(e, "y"))
        ground = next(g for g in of_class(root, "cage-total-ground")
                      if frame.cell_at(f(g, "x"), f(g, "y")) == cell)
        size = f(e, "font-size")  # the digit's box: a figure is about 0.6 em wide
        left, top = f(e, "x") - 0.3 * size, f(e, "y") - 0.73 * size
        assert left > f(ground, "x") + f(ground, "width") or \
            top > f(ground, "y") + f(ground, "height")


def test_pencil_marks_keep_below_a_cage_total_and_inside_the_outline() -> None:
    rules = Rules(9, constraints=[Cage((0, 1, 9), 12), Cage((2, 3), 3)])
    root = parse(svg.board(Candidates.pencilmarks(blank(rules)), rules=rules))
    frame = Frame(root)
    grounds = {frame.cell_at(f(g, "x"), f(g, "y")): g for g in of_class(root, "cage-total-ground")}
    assert set(grounds) == {0, 2}
    outline = {frame.cell_at(*points(e)[0]): points(e) for e in of_class(root, "cage")}
    for e in of_class(root, "pencil"):
        x, y, size = f(e, "x"), f(e, "y"), f(e, "font-size")
        cell = frame.cell_at(x, y)
        if cell in grounds:
            g = grounds[cell]
            assert y - 0.75 * size > f(g, "y") + f(g, "height"), e.text
        for first, corners in outline.items():
            if cell in (0, 1, 9) and first == 0 or cell in (2, 3) and first == 2:
                xs, ys = [p[0] for p in corners], [p[1] for p in corners]
                half = 0.3 * size
                assert min(xs) < x - half and x + half < max(xs)
                assert min(ys) < y - 0.75 * size and y < max(ys)


def test_cage_shapes_an_l_cells_touching_at_a_corner_and_a_cage_without_a_total() -> None:
    rules = Rules(9, constraints=[Cage((0, 1, 9), 12), Cage((30, 40), 9), Cage((70, 71))])
    grid = blank(rules)
    root = parse(svg.board(grid))
    assert grid._repr_svg_() == svg.board(grid)  # a notebook shows the cages too
    frame = Frame(root)
    corners = sorted(len(points(e)) for e in of_class(root, "cage"))
    assert corners == [4, 4, 4, 6]  # the L, the two cells of a corner each, the domino
    pinched = [e for e in of_class(root, "cage") if len(points(e)) == 4]
    assert sorted(frame.cell_at(*points(e)[0]) for e in pinched) == [30, 40, 70]
    totals = {frame.cell_at(f(e, "x"), f(e, "y")): e.text for e in of_class(root, "cage-total")}
    assert totals == {0: "12", 30: "9"}


def test_thermometers_arrows_and_coloured_lines_are_drawn_by_kind() -> None:
    rules = Rules(9, constraints=[
        Thermo((9, 0, 1)), Thermo((60, 70, 80), slow=True), Arrow((40,), (41, 42)),
        Arrow((30, 31), (22, 13)), Whisper((5, 6, 7)), Renban((15, 16)),
        Palindrome((45, 54, 63)), Between((57, 58, 59)), RegionSum((24, 25, 34, 35)),
        Entropic((72, 73, 74))])
    root = parse(svg.board(blank(rules, {40: 5})))
    frame = Frame(root)

    def cells_of(e: ET.Element) -> list[int]:
        return [frame.cell_at(x, y) for x, y in points(e)]

    thermos = of_class(root, "thermo")
    assert sorted(cells_of(e)[-1] for e in thermos) == [1, 80]
    bulb = of_class(root, "thermo-bulb")
    assert len(bulb) == 1 and frame.cell_at(f(bulb[0], "cx"), f(bulb[0], "cy")) == 9
    assert bulb[0].get("fill") == bulb[0].get("stroke") or bulb[0].get("fill") != "none"
    slow = of_class(root, "thermo-bulb-slow")
    assert len(slow) == 1 and slow[0].get("fill") == "none"  # hollow
    assert frame.cell_at(f(slow[0], "cx"), f(slow[0], "cy")) == 60
    assert len(of_class(root, "thermo-slow")) == 1
    # arrows: a circle on one cell, a rounded box over a two-digit circle, lines to heads
    circles = of_class(root, "arrow-circle")
    assert sorted(e.tag.removeprefix(NS) for e in circles) == ["circle", "rect"]
    box = next(e for e in circles if e.tag == f"{NS}rect")
    assert {frame.cell_at(f(box, "x"), f(box, "y") + 1),
            frame.cell_at(f(box, "x") + f(box, "width"), f(box, "y") + 1)} == {30, 31}
    assert f(box, "rx") > 0
    heads = sorted(frame.cell_at(*points(e)[1]) for e in of_class(root, "arrow-head"))
    assert heads == [13, 42]  # the tip in the last cell of each line
    lines = sorted(cells_of(e)[1:] for e in of_class(root, "arrow-line"))
    assert lines == [[22, 13], [41, 42]]
    for cls, cells in (("whispers", [5, 6, 7]), ("renban", [15, 16]),
                       ("palindrome", [45, 54, 63]), ("region-sum", [24, 25, 34, 35]),
                       ("entropic", [72, 73, 74])):
        found = of_class(root, cls)
        assert len(found) == 1 and cells_of(found[0]) == cells, cls
    colours = {cls: of_class(root, cls)[0].get("stroke") for cls in
               ("whispers", "renban", "palindrome", "region-sum", "entropic", "thermo")}
    assert len(set(colours.values())) == len(colours)
    ends = sorted(frame.cell_at(f(e, "cx"), f(e, "cy")) for e in of_class(root, "between-end"))
    assert ends == [57, 59]
    # the digits are drawn over the lines, and the grid lines under them
    order = [e.get("class") for e in root]
    assert order.index("box-line") < order.index("thermo") < order.index("given")


def test_dots_signs_and_chevrons_sit_on_the_shared_edge() -> None:
    rules = Rules(9, constraints=[Kropki(0, 1, "white"), Kropki(10, 19, "black"),
                                  XV(2, 3, 10), XV(20, 29, 5), GreaterThan(40, 41),
                                  GreaterThan(50, 41)])
    root = parse(svg.board(blank(rules)))
    frame = Frame(root)

    def edge(a: int, b: int) -> tuple[float, float]:
        (ax, ay), (bx, by) = frame.centre(a), frame.centre(b)
        return (ax + bx) / 2, (ay + by) / 2

    def near(p: tuple[float, float], q: tuple[float, float]) -> bool:
        return math.dist(p, q) < frame.unit * 0.05

    white, black = of_class(root, "kropki-white"), of_class(root, "kropki-black")
    assert len(white) == len(black) == 1
    assert near((f(white[0], "cx"), f(white[0], "cy")), edge(0, 1))
    assert near((f(black[0], "cx"), f(black[0], "cy")), edge(10, 19))
    assert white[0].get("fill") == "#ffffff" and black[0].get("fill") == "#000000"
    letters = {e.text: (f(e, "x"), f(e, "y")) for e in of_class(root, "xv")}
    assert set(letters) == {"X", "V"}
    assert abs(letters["X"][0] - edge(2, 3)[0]) < 0.01 * frame.unit
    assert abs(letters["V"][0] - edge(20, 29)[0]) < 0.01 * frame.unit
    chevrons = of_class(root, "greater-than")
    assert len(chevrons) == 2
    for e, big, small in zip(chevrons, (40, 50), (41, 41), strict=True):
        wing, tip, _ = points(e)
        assert near(((wing[0] + tip[0]) / 2, (wing[1] + tip[1]) / 2), edge(big, small)) or \
            math.dist(tip, edge(big, small)) < frame.unit * 0.2
        # it points to the smaller digit's cell
        assert math.dist(tip, frame.centre(small)) < math.dist(wing, frame.centre(small))
        assert math.dist(tip, frame.centre(big)) > math.dist(wing, frame.centre(big))


def test_little_killers_and_sandwich_sums_stand_outside_the_grid() -> None:
    rules = Rules(9, constraints=[
        LittleKiller((1, 11, 21, 31, 41, 51, 61, 71), 40),
        LittleKiller((72, 64, 56, 48, 40, 32, 24, 16, 8), 45), LittleKiller((8,), 2),
        Sandwich("row", 0, 10), Sandwich("col", 3, 20)])
    root = parse(svg.board(blank(rules), labels=True))
    frame = Frame(root)
    clues = of_class(root, "little-killer")
    assert sorted(int(e.text or "") for e in clues) == [2, 40, 45]
    assert all(not frame.inside_grid(f(e, "x"), f(e, "y")) for e in clues)
    arrows = [points(e) for e in of_class(root, "little-killer-arrow") if len(points(e)) == 2]
    assert len(arrows) == 3
    for first in (1, 72, 8):  # each arrow points to the first cell of its diagonal
        target = frame.centre(first)
        assert any(math.dist(tip, target) < math.dist(start, target)
                   and math.dist(tip, target) < 1.2 * frame.unit for start, tip in arrows)
    sandwiches = {int(e.text or ""): (f(e, "x"), f(e, "y")) for e in of_class(root, "sandwich")}
    row_x, row_y = sandwiches[10]
    assert row_x < frame.left and abs(row_y - frame.centre(0)[1]) < frame.unit / 2
    col_x, col_y = sandwiches[20]
    assert col_y < frame.top and abs(col_x - frame.centre(3)[0]) < frame.unit / 2
    # the row and column labels move out beyond the totals
    labels = of_class(root, "label")
    assert all(f(e, "x") < row_x - frame.unit * 0.3 for e in labels if (e.text or "") == "r1")
    assert all(f(e, "y") < col_y - frame.unit * 0.3 for e in labels if (e.text or "") == "c4")


def test_a_little_killer_that_stops_inside_the_grid_is_refused_by_name() -> None:
    rules = Rules(9, constraints=[LittleKiller((40, 50), 9)])
    with pytest.raises(UnsupportedRulesError, match="little killer at r5c5"):
        svg.board(blank(rules))


class Zigzag(Line):
    """A kind of line pictures have no drawing for."""

    __slots__ = ("line",)
    family: ClassVar[str] = "zigzag"
    word: ClassVar[str] = "zigzag line"

    def __init__(self, line: tuple[int, ...]) -> None:
        object.__setattr__(self, "line", line)

    def holds(self, digits: object, n: int, regions: object = None) -> bool:
        return True


def test_a_constraint_pictures_cannot_draw_is_refused_by_name() -> None:
    rules = Rules(9, constraints=[Zigzag((0, 1, 2)), Thermo((3, 4))])
    with pytest.raises(UnsupportedRulesError, match="zigzag line"):
        svg.board(blank(rules))
    with pytest.raises(UnsupportedRulesError, match="zigzag line"):
        grid_figure(Candidates.pencilmarks(blank(Rules())), rules=rules)


def every_family() -> Rules:
    return Rules(9, constraints=[
        Cage((0, 1), 8), LittleKiller((8,), 2), Thermo((9, 10)), Arrow((20,), (21,)),
        Whisper((30, 31)), Renban((32,)), Palindrome((33, 34)), Between((45, 46, 47)),
        RegionSum((50, 51)), Entropic((60, 61, 62)), Kropki(70, 71, "white"),
        XV(72, 73, 10), GreaterThan(74, 75), Sandwich("row", 8, 0)], all_dots=True)


def test_every_family_is_said_in_words_and_all_dots_given_is_said_under_the_grid() -> None:
    rules = every_family()
    lines = variants.rule_lines(rules)
    assert len(lines) == len(rules.names) == 14
    assert lines[0].startswith("Killer: ") and "do not repeat" in lines[0]
    assert any("All kropki dots are given" in line for line in lines)
    assert any(line.startswith("German whispers:") and "at least 5" in line for line in lines)
    root = parse(svg.board(blank(rules)))
    caption = " ".join(e.text or "" for e in of_class(root, "rule"))
    assert "kropki dots are given" in caption
    assert "Killer" not in caption  # the cages are drawn: no words needed under the grid
    repeat = Rules(9, constraints=[Cage((0, 1), 8, repeat=True), Thermo((9, 10), slow=True)])
    assert variants.rule_lines(repeat) == [
        "Killer: the digits in a dashed cage add up to the total in its corner; digits "
        "may repeat in a cage",
        "Slow thermo: digits never decrease along a thermometer from its hollow bulb"]


def test_the_dark_theme_draws_the_marks_in_its_own_colours() -> None:
    rules = Rules(9, constraints=[Cage((0, 1), 8), Kropki(10, 11, "black"), Thermo((20, 21))])
    light = parse(svg.board(blank(rules)))
    dark = parse(svg.board(blank(rules), theme="dark"))
    for cls, paint in (("cage", "stroke"), ("kropki-black", "fill"), ("thermo", "stroke"),
                       ("cage-total", "fill")):
        assert of_class(light, cls)[0].get(paint) != of_class(dark, cls)[0].get(paint), cls


def test_a_png_and_a_pdf_show_the_marks() -> None:
    pil = pytest.importorskip("PIL.Image")
    pytest.importorskip("reportlab")
    pytest.importorskip("pypdfium2")
    rules = Rules(9, constraints=[Thermo((0, 1, 2)), Kropki(40, 41, "black"),
                                  Cage((72, 73), 3), LittleKiller((8,), 2)])
    figure = grid_figure(blank(rules), size=360)
    image = pil.open(io.BytesIO(figure_png(figure, 720))).convert("RGB")
    root = parse(svg.to_svg(figure))
    frame = Frame(root)
    k = 2  # pixels per unit of the figure

    def pixel(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((round(x * k), round(y * k)))

    bulb = of_class(root, "thermo-bulb")[0]
    assert pixel(f(bulb, "cx"), f(bulb, "cy")) == (0xc8, 0xc8, 0xc8)
    mid = frame.centre(1)
    assert pixel(*mid) == (0xc8, 0xc8, 0xc8)  # the thermometer's line runs through
    dot = of_class(root, "kropki-black")[0]
    assert sum(pixel(f(dot, "cx"), f(dot, "cy"))) < 60
    cage = points(of_class(root, "cage")[0])
    (x1, y1), (x2, _) = cage[0], cage[1]
    row = [pixel(x1 + (x2 - x1) * t / 100, y1) for t in range(5, 95)]
    dark = sum(1 for p in row if sum(p) < 300)
    assert 15 < dark < 80  # dashed: dark and light in turn along the top
    pdf = figures_pdf([figure])
    assert pdf.startswith(b"%PDF-")


def test_a_booklet_prints_a_killer_with_its_legend_and_answer() -> None:
    pytest.importorskip("reportlab")
    pypdf = pytest.importorskip("pypdf")
    rules = killer_rules()
    puzzle = blank(rules, {40: 5})
    entry = Entry(1, puzzle, solution=Grid(SOLUTION, rules=rules))
    pdf = booklet([entry], Options(title="Killers", answers=True))
    text = [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf)).pages]
    assert len(text) == 2
    assert "Killer: the digits in a dashed cage add up to the total in its corner" in \
        " ".join(text[0].split())
    assert "Answer to No. 1 · killer" in text[1]


def test_a_puzzle_whose_rules_the_logic_does_not_play_is_printed_with_the_searchs_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("reportlab")
    pypdf = pytest.importorskip("pypdf")
    def refuses(*args: object, **kwargs: object) -> None:
        raise UnsupportedRulesError("solving these rules by logic is not supported yet")

    monkeypatch.setattr(importlib.import_module("sudokit.logic.path"), "solve_path", refuses)
    puzzle = Grid(SOLUTION[:60] + "." * 21)
    entry = prepare(puzzle, 1)
    assert entry.solution == Grid(SOLUTION) and entry.rating is None and entry.path is None
    assert entry.caption == "No. 1"
    pdf = booklet([entry], Options(walkthrough=True))
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf)).pages)
    assert "Answer to No. 1" in text and "no solving path" in text


def test_a_sandwich_sum_and_a_little_killer_by_the_same_column_stand_side_by_side() -> None:
    rules = Rules(9, constraints=[LittleKiller((1, 11, 21, 31, 41, 51, 61, 71), 38),
                                  Sandwich("col", 0, 19)])
    root = parse(svg.board(blank(rules)))
    frame = Frame(root)

    def box(e: ET.Element) -> tuple[float, float, float, float]:
        size, wide = f(e, "font-size"), 0.6 * f(e, "font-size") * len(e.text or "")
        return f(e, "x") - wide / 2, f(e, "y") - 0.73 * size, f(e, "x") + wide / 2, f(e, "y")

    killer, sandwich = of_class(root, "little-killer")[0], of_class(root, "sandwich")[0]
    a, b = box(sandwich), box(killer)
    assert a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1]  # no overlap
    assert a[2] < b[0]  # the sum away from the arrow, which points right, down the grid
    for e in (killer, sandwich):
        assert f(e, "y") < frame.top and frame.left < f(e, "x") < frame.left + frame.unit


def test_convert_draws_a_killer_file_and_an_fpuzzles_file_with_their_marks(
        tmp_path: Path) -> None:
    outcome = sudoku("convert", "--to", "svg", str(TEST_DATA / "constraints" / "killer.killer"))
    assert outcome.status == 0, outcome.stderr
    root = parse(outcome.stdout.decode())
    lines = (TEST_DATA / "constraints" / "killer.killer").read_text().splitlines()
    sums = dict(pair.split("=") for pair in lines[-1].split())
    assert len(of_class(root, "cage")) == len(sums) == 34
    assert sorted(int(e.text or "") for e in of_class(root, "cage-total")) == \
        sorted(map(int, sums.values()))
    pytest.importorskip("reportlab")
    pytest.importorskip("pypdfium2")
    mixed = str(TEST_DATA / "constraints" / "mixed.fpuzzles")
    for fmt in ("png", "pdf"):
        out = tmp_path / f"mixed.{fmt}"
        outcome = sudoku("convert", "--to", fmt, mixed, "-o", str(out))
        assert outcome.status == 0, outcome.stderr
        assert out.read_bytes().startswith(b"\x89PNG" if fmt == "png" else b"%PDF-")
    outcome = sudoku("convert", "--to", "svg", mixed)
    root = parse(outcome.stdout.decode())
    for cls in ("thermo", "arrow-head", "kropki-white", "kropki-black", "xv", "whispers",
                "renban", "palindrome", "between-end", "region-sum", "entropic",
                "greater-than", "little-killer", "sandwich"):
        assert of_class(root, cls), cls


def test_puzzles_with_many_rules_to_say_go_fewer_to_a_page_by_default() -> None:
    entries = [Entry(k, blank(every_family()), solution=Grid(SOLUTION)) for k in (1, 2, 3)]
    _, pages = plan(entries, Options())
    # not 4: the rules fill most of the page, and the totals outside take a ring of it
    assert [len(p.items) for p in pages] == [1, 1, 1]
    assert all(item.grid.w / 10.6 > 5 * 72 / 25.4 for p in pages for item in p.items)
    with pytest.raises(LayoutError, match="4 per page"):
        plan(entries, Options(per_page=4))  # asked for: said, not changed


def test_a_cage_total_stays_readable_over_a_steps_shading_and_outline() -> None:
    rules = Rules(9, constraints=[Cage((0, 1), 8), Cage((2, 3), 10)])
    root = parse(svg.board(Candidates.pencilmarks(blank(rules)), rules=rules, cells=[0, 1],
                           houses=[[0, 1]]))
    order = [e.get("class") for e in root]
    last_outline = len(order) - 1 - order[::-1].index("house")
    assert order.index("cage-total") > last_outline  # written over the step's outline
    grounds = {e.get("fill") for e in of_class(root, "cage-total-ground")}
    highlight = of_class(root, "highlight")[0].get("fill")
    assert grounds == {highlight, "#ffffff"}  # each on its own cell's colour


def test_the_ring_of_totals_outside_the_grid_counts_in_the_size_of_its_cells() -> None:
    assert puzzle_layout(16, Options(per_page=4))[0] == 4  # cells of 5.7 mm
    with pytest.raises(LayoutError, match="gives 4.8 mm"):
        puzzle_layout(16, Options(per_page=4), ring=1.5)  # the grid takes 16 of 19 cells


def test_print_makes_a_booklet_of_a_killer_file_with_its_legend_and_answer(
        tmp_path: Path, pure: bool) -> None:
    pytest.importorskip("reportlab")
    pypdf = pytest.importorskip("pypdf")
    out = tmp_path / "killer.pdf"
    outcome = sudoku("print", str(TEST_DATA / "constraints" / "killer.killer"), "--answers",
                     "-o", str(out))
    assert outcome.status == 0, outcome.stderr
    text = [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(out).pages]
    assert len(text) == 2
    assert "Killer: the digits in a dashed cage add up to the total in its corner" in text[0]
    assert "Answer to No. 1 · killer" in text[1]
