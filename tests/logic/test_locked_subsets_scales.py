"""Locked pairs and triples: one technique, which the hodoku scale searches as HoDoKu does (box
by box, and only where both the box and the line lose a digit beyond the cells they share),
with its own points. Checked against a plain search written here, on every board state of
some solving paths."""

from __future__ import annotations

from itertools import combinations

from sudokit import Grid
from sudokit.logic import solve_path
from sudokit.logic.board import Board
from sudokit.logic.path import board_of, find_step
from sudokit.logic.scales import SCALES
from sudokit.logic.techniques import BY_KEY, LADDER
from sudokit.logic.techniques.locked_subsets import find_locked

#: HoDoKu's path starts with a locked pair (r1c8, r3c8) and a locked triple (row 5, box 5)
LOCKED = "......7...572.61.91..4.7..3...79...6..1....8.5.4.6.....1......5.....532.3...4...."
#: a few hard puzzles whose paths pass through many locked subsets
PUZZLES = [
    LOCKED,
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "..3.......49...1..82...3.5.4.67....5.5.9..........2..61...8.7..2...14.........62.",
    ".52....4..8.1..2...7...9....4..7.....2.....5.13.84..........69....9.48.3...3....7",
]


def _plain_hodoku(board: Board, k: int) -> tuple[set[int], set[tuple[int, int]]] | None:
    """HoDoKu's first locked subset of ``k`` cells, searched plainly: boxes in order, each
    box's rows then columns, the cells in order; both units must lose a candidate outside
    the cells they share. (cells, eliminations), or None."""
    n = board.geo.n
    box_size = int(n ** 0.5)

    def has(c: int, d: int) -> bool:
        return board.values[c] == 0 and board.masks[c] >> (d - 1) & 1 == 1

    for box in range(n):
        top, left = box // box_size * box_size, box % box_size * box_size
        box_cells = {r * n + c for r in range(top, top + box_size)
                     for c in range(left, left + box_size)}
        lines = [{r * n + c for c in range(n)} for r in range(top, top + box_size)]
        lines += [{r * n + c for r in range(n)} for c in range(left, left + box_size)]
        for line in lines:
            shared = box_cells & line
            free = sorted(c for c in shared if board.values[c] == 0)
            for cells in combinations(free, k):
                digits = {d for c in cells for d in range(1, n + 1) if has(c, d)}
                if len(digits) != k:
                    continue
                gone = {(c, d) for unit in (box_cells, line) for c in unit - set(cells)
                        for d in digits if has(c, d)}
                if all(any(c in unit and c not in shared for c, _ in gone)
                       for unit in (box_cells, line)):
                    return set(cells), gone
    return None


def _found(board: Board, k: int) -> tuple[set[int], set[tuple[int, int]]] | None:
    step = find_locked(board, k, BY_KEY["locked-pair" if k == 2 else "locked-triple"],
                       box_by_box=True)
    if step is None:
        return None
    parse = board.geo.parse_cell
    return ({parse(c) for c in step.cells},
            {(parse(e.cell), e.digit) for e in step.eliminations})


def test_the_box_by_box_search_is_hodokus_on_every_board_state(pure: bool) -> None:
    seen = 0
    for ladder in (SCALES["hodoku"].ladder, LADDER):
        for line in PUZZLES:
            board = board_of(Grid(line))
            while board.unsolved:
                for k in (2, 3):
                    expected = _plain_hodoku(board, k)
                    assert _found(board, k) == expected, (line, k)
                    seen += expected is not None
                step = find_step(board, ladder)
                if step is None:
                    break
                step.apply_to(board)
    assert seen > 50  # the boards hold many


def test_the_hodoku_scale_takes_the_library_technique_with_its_points() -> None:
    ladder = {t.key: t for t in SCALES["hodoku"].ladder}
    steps = solve_path(Grid(LOCKED), techniques=SCALES["hodoku"].ladder).steps
    pair, triple = (next(s for s in steps if s.key == key)
                    for key in ("locked-pair", "locked-triple"))
    for step, key in ((pair, "locked-pair"), (triple, "locked-triple")):
        library = BY_KEY[key]
        assert step.key == key and step.technique == library.name
        assert (ladder[key].level, ladder[key].effort) == (library.level, library.effort)
    # the same step reads the same whichever ladder takes it
    assert pair.text == ("r1c8 and r3c8 hold only {5,6} and lie in column 8 and box 3: these "
                         "digits leave the other cells of each.")
    assert triple.text == ("r5c4, r5c5 and r5c6 hold only {2,3,5} and lie in row 5 and box 5: "
                           "these digits leave the other cells of each.")
