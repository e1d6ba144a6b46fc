"""SVG pictures (sudokit.svg and the notebooks' _repr_svg_): well-formed SVG, every digit
drawn once in the right colour, box lines where the boxes are, and what a step changes."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from sudokit import Grid, solve, svg
from sudokit.candidates import Candidates
from sudokit.logic import hint

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
