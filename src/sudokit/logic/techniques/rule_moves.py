"""A placed digit leaves the cells its variant's rules keep it from, though they share no
house with it: a knight's move away (anti-knight) or a king's move away (anti-king).

A cell that shares a house with a placed digit loses it at once, as on a classic grid; these
cells lose it by a step that names the rule, so that a reader sees why. And where a digit's
places in a house are all a move away from (or in a house with) one cell outside it, that
cell cannot hold the digit: the house's digit is in one of them (Locked Candidates by moves)."""

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


def find_locked(board: Board) -> Step | None:
    """A cell outside a house that every place of a digit in the house sees, one of them by a
    knight's or king's move, or None."""
    geo = board.geo
    if not geo.differ_bits:
        return None
    peer_bits = geo.peer_bits
    house_bits = geo.house_peer_bits
    differ_bits = geo.differ_bits
    for d0, dc in enumerate(board.dcells):
        for u, ub in enumerate(geo.unit_bits):
            here = dc & ub
            if not here:
                continue
            seen = housed = -1
            moved = 0
            for c in bits(here):
                seen &= peer_bits[c]
                housed &= house_bits[c]
                moved |= differ_bits[c]
            # (a cell in a house with every place is the locked candidates' of houses)
            gone = seen & dc & ~ub & moved & ~housed
            if gone:
                d = d0 + 1
                verb = "sees" if gone & (gone - 1) == 0 else "see"
                text = (f"In {geo.unit_names[u]}, {d} fits only in {cell_list(geo, bits(here))}; "
                        f"{cell_list(geo, bits(gone))} {verb} each of them (a house or a "
                        f"{_move_words(geo)} away), so cannot be {d}.")
                return LOCKED_BY_MOVES.step(board, list(bits(here)), text,
                                            elim=[(c, d) for c in bits(gone)],
                                            houses=[geo.units[u]])
    return None


def _move_words(geo: Geometry) -> str:
    """"knight's move", "king's move" or "knight's or king's move": the moves of the rules."""
    rules = geo.rules
    moves = [w for w, on in (("knight's", rules.anti_knight), ("king's", rules.anti_king)) if on]
    return " or ".join(moves) + " move"


ANTI_KNIGHT = Technique(
    key="anti-knight", name="Anti-Knight", level=Level.EASY, score=1.0, effort=4,
    find=find_knight,
)
ANTI_KING = Technique(
    key="anti-king", name="Anti-King", level=Level.EASY, score=1.0, effort=4, find=find_king,
)
LOCKED_BY_MOVES = Technique(
    key="locked-candidates-moves", name="Locked Candidates (moves)", level=Level.MEDIUM,
    score=2.9, effort=60, find=find_locked,
)
