"""A placed digit leaves the cells its variant's rules keep it from, though they share no
house with it: a knight's move away (anti-knight) or a king's move away (anti-king).

A cell that shares a house with a placed digit loses it at once, as on a classic grid; these
cells lose it by a step that names the rule, so that a reader sees why."""

from __future__ import annotations

from ..board import Board, Geometry, bits
from ..step import Level, Step, Technique, cell_list

#: per geometry: (knight cells, king cells) of each cell that its rules make differ
_MOVES: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _moves(geo: Geometry) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each cell's differing cells split into those a knight's and a king's move away."""
    found = _MOVES.get(id(geo))
    if found is None:
        knight = [0] * geo.ncells
        king = [0] * geo.ncells
        for c, others in enumerate(geo.differ_bits):
            for o in bits(others):
                dr = abs(geo.row_of[c] - geo.row_of[o])
                dc = abs(geo.col_of[c] - geo.col_of[o])
                if max(dr, dc) == 1:
                    king[c] |= 1 << o
                else:
                    knight[c] |= 1 << o
        # geometries live as long as the process (cached), so their ids stay theirs
        found = _MOVES[id(geo)] = (tuple(knight), tuple(king))
    return found


def _find(board: Board, tech: Technique) -> Step | None:
    geo = board.geo
    if not geo.differ_bits:
        return None
    near = _moves(geo)[0 if tech is ANTI_KNIGHT else 1]
    values = board.values
    dcells = board.dcells
    placed = ~board.unsolved & ((1 << geo.ncells) - 1)
    for c in bits(placed):
        d = values[c]
        gone = near[c] and near[c] & dcells[d - 1]
        if gone:
            move = "knight's" if tech is ANTI_KNIGHT else "king's"
            text = (f"{geo.cell_names[c]}={d}: a {move} move away, "
                    f"{cell_list(geo, bits(gone))} cannot be {d}.")
            return tech.step(board, [c], text, elim=[(o, d) for o in bits(gone)])
    return None


def find_knight(board: Board) -> Step | None:
    """A placed digit that a cell a knight's move away still has, or None."""
    return _find(board, ANTI_KNIGHT)


def find_king(board: Board) -> Step | None:
    """A placed digit that a cell a king's move away still has, or None."""
    return _find(board, ANTI_KING)


ANTI_KNIGHT = Technique(
    key="anti-knight", name="Anti-Knight", level=Level.EASY, score=1.0, effort=4,
    find=find_knight,
)
ANTI_KING = Technique(
    key="anti-king", name="Anti-King", level=Level.EASY, score=1.0, effort=4, find=find_king,
)
