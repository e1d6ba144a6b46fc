"""Remote pairs (an optional technique): cells holding the same two digits, each seeing the
next, remove both digits from every cell that sees two of them an odd number of links apart,
in one step. Checked against a plain reference written here (every path through the pair
cells, both colourings) and for soundness."""

from __future__ import annotations

from itertools import permutations

from sudokit.candidates import Candidates
from sudokit.logic.board import Board
from sudokit.logic.techniques import BY_KEY, OPTIONAL
from sudokit.logic.techniques.remote_pairs import every
from support.soundness import keeps_every_solution

#: a board met on a solving path: r1c4, r1c8, r5c8, r5c6 hold only 6 and 9, each seeing the next
BOARD = Candidates([
    64, 4, 128, 288, 1, 2, 16, 288, 8, 1, 2, 40, 428, 16, 424, 292, 132, 64,
    256, 16, 40, 236, 196, 232, 38, 135, 165, 32, 8, 65, 336, 2, 4, 128, 81, 257,
    4, 192, 16, 1, 192, 288, 8, 288, 2, 2, 193, 256, 240, 8, 224, 100, 85, 37,
    16, 96, 68, 138, 256, 136, 1, 198, 164, 128, 288, 2, 68, 68, 1, 288, 8, 16,
    8, 321, 69, 130, 32, 16, 326, 198, 388,
])


def _removed(step: object) -> set[tuple[str, int]]:
    return {(e.cell, e.digit) for e in step.eliminations}  # type: ignore[attr-defined]


def _reference(board: Board) -> set[frozenset[tuple[str, int]]]:
    """The eliminations of every remote pair, the plain way: every ordering of four to six
    cells that hold the same two digits and see each other in turn; a cell outside it that
    sees an even-placed and an odd-placed one loses both digits."""
    geo = board.geo
    names = geo.cell_names
    pairs: dict[int, list[int]] = {}
    for c in range(81):
        if not board.values[c] and board.masks[c].bit_count() == 2:
            pairs.setdefault(board.masks[c], []).append(c)
    out = set()
    for mask, cells in pairs.items():
        for k in range(4, min(len(cells), 6) + 1):
            for chain in permutations(cells, k):
                if not all(geo.sees(a, b) for a, b in zip(chain[:-1], chain[1:], strict=True)):
                    continue
                gone = frozenset(
                    (names[c], d) for c in range(81) if c not in chain and not board.values[c]
                    and any(geo.sees(c, e) for e in chain[::2])
                    and any(geo.sees(c, o) for o in chain[1::2])
                    for d in (1, 2, 3, 4, 5, 6, 7, 8, 9)
                    if mask >> (d - 1) & 1 and board.masks[c] >> (d - 1) & 1)
                if gone:
                    out.add(gone)
    return out


def test_a_remote_pair_removes_both_digits_everywhere_its_chain_reaches(pure: bool) -> None:
    board = Board.from_candidates(BOARD)
    step = BY_KEY["remote-pair"].find(board.copy())
    assert step is not None
    assert set(step.cells) == {"r1c4", "r1c8", "r5c8", "r5c6"}
    assert _removed(step) == {("r2c6", 6), ("r3c6", 6), ("r6c4", 6), ("r2c6", 9), ("r4c4", 9)}
    keeps_every_solution(BOARD, step)
    # an XY-Chain removes part of it
    xy = BY_KEY["xy-chain"].find(board.copy())
    assert xy is not None and _removed(xy) < _removed(step)


def test_every_remote_pair_is_offered_once_as_the_reference_finds_them(pure: bool) -> None:
    board = Board.from_candidates(BOARD)
    offered = [frozenset(_removed(s)) for s in every(board.copy())]
    assert len(offered) == len(set(offered))
    assert set(offered) == _reference(board)
    assert len(offered[0]) == max(len(o) for o in offered)


def test_remote_pairs_are_optional() -> None:
    assert BY_KEY["remote-pair"] in OPTIONAL
