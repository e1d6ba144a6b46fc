"""Combination Contradiction: a cage's combination tried, and followed until it breaks.

A killer solver who cannot choose between a cage's few combinations tries one: with the
cage's cells held to its digits, the singles (naked and hidden) and the combinations of
the other cages (and of innies and outies of known total) are followed a few rounds.
Where that leaves a cell no digit, a house no place for a digit, or a cage no filling, the
combination was wrong and goes, with the candidates only it used ("if the 2-cell cage of
10 at r2c8 were 1+9, row 1 would have no place for 9: so it holds 3+7 or 4+6: r2c8 and
r2c9 cannot be 1 or 9").

Innies and outies of known total that see each other (:mod:`.killer_virtual`) are tried
as cages too. Only cages with two to eight combinations are tried, each followed at most
a fixed number of rounds: a bounded search, far cheaper than the chains that come after
it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...constraints import Cage
from ..board import Board, bits, digits_of
from ..step import Level, Step, Technique, cell_list
from .cages import cage_options, cage_words, cages_of, combo_words, holds_words
from .innies import Group
from .killer_virtual import virtual_cages
from .supports import cannot, left_by, unsupported

#: The most combinations of a cage that are tried.
_MOST_COMBOS = 8

#: The most rounds of singles and combinations followed from one trial.
_ROUNDS = 12


def _broken(board: Board, cages: Sequence[Cage], words: Mapping[Cage, str]) -> str | None:
    """What shows ``board`` has no solution (a cell without digits, a house without a place
    for a digit, a cage without a filling), in words; or None."""
    geo = board.geo
    names = geo.cell_names
    for c in bits(board.unsolved):
        if not board.masks[c]:
            return f"{names[c]} would have no digit left"
    for u, cells in enumerate(geo.units):
        placed = 0
        for c in cells:
            if board.values[c]:
                placed |= 1 << (board.values[c] - 1)
        for d0 in range(geo.n):
            if not placed >> d0 & 1 and not board.dcells[d0] & geo.unit_bits[u]:
                return f"{geo.unit_names[u]} would have no place for {d0 + 1}"
    for cage in cages:
        if cage_options(board, cage) is None:
            return f"{words.get(cage) or cage_words(cage, names)} would have no filling"
    return None


def _place(board: Board, cell: int, digit: int) -> None:
    """Place ``digit`` and rule it out of every cell that sees ``cell`` (cage mates too)."""
    board.place(cell, digit)
    board.eliminate_set(board.geo.peer_bits[cell] & board.unsolved, digit)


def _singles(board: Board) -> bool:
    """Place every naked and hidden single there is now; did anything change?"""
    geo = board.geo
    changed = False
    for c in bits(board.unsolved):
        m = board.masks[c]
        if m and not m & (m - 1) and board.unsolved >> c & 1:
            _place(board, c, m.bit_length())
            changed = True
    for u in range(len(geo.units)):
        ub = geo.unit_bits[u]
        for d0 in range(geo.n):
            here = board.dcells[d0] & ub
            if here and not here & (here - 1) and board.unsolved & here:
                _place(board, here.bit_length() - 1, d0 + 1)
                changed = True
    return changed


def _combinations(board: Board, cages: Sequence[Cage]) -> bool | None:
    """Rule out the candidates no combination of their cage uses; did anything change
    (None: a cage has no filling)?"""
    changed = False
    for cage in cages:
        found = cage_options(board, cage)
        if found is None:
            return None
        masks = [board.masks[c] for c in cage.cells]
        for c, d in unsupported(cage.cells, masks, found[1]):
            if not board.values[c] and board.masks[c] >> (d - 1) & 1:
                board.eliminate(c, d)
                changed = True
    return changed


def refuted(board: Board, cage: Cage, combo: int, cages: Sequence[Cage],
            words: Mapping[Cage, str] | None = None) -> str | None:
    """Why ``cage`` cannot hold ``combo`` on ``board``, found by following singles and the
    combinations of ``cages`` a few rounds from it (``words`` name those that are no drawn
    cage); None when no contradiction turns up."""
    words = words or {}
    trial = board.copy()
    for c in cage.cells:
        for d in digits_of(trial.masks[c] & ~combo):
            if not trial.values[c]:
                trial.eliminate(c, d)
    for _ in range(_ROUNDS):
        why = _broken(trial, cages, words)
        if why is not None:
            return why
        changed = _singles(trial)
        why = _broken(trial, cages, words)
        if why is not None:
            return why
        more = _combinations(trial, cages)
        if more is None:
            return _broken(trial, cages, words) or "a cage would have no filling"
        if not (changed or more):
            return None
    return None


def _words(board: Board, group: Group) -> str:
    """``the innies of box 1, r1c1 and r1c2 (adding up to 3)``."""
    kind = "outies" if group.outies else "innies"
    return (f"the {kind} of {group.area}, {cell_list(board.geo, group.cells)} (adding up "
            f"to {group.total})")


def _holding(plural: bool, kept: tuple[int, ...]) -> str:
    """``it holds 1+2``, or ``they are 1+2`` of innies or outies."""
    said = holds_words(kept)
    if not plural:
        return f"it {said}"
    return "they " + ("are" + said[2:] if said.startswith("is ") else "hold" + said[5:])


def find(board: Board) -> Step | None:
    """A cage with two to eight combinations, some of which lead to a contradiction, whose
    removal rules out candidates; or None."""
    cages = [c for c in cages_of(board) if not c.repeat]
    if not cages:
        return None
    key = ("combination-contradiction", tuple(board.masks), tuple(board.values))
    if key in board.memo:
        return None
    names = board.geo.cell_names
    # (the drawn cages, then the innies and outies of known total that see each other)
    tried = [(cage, cage_words(cage, names), False) for cage in cages]
    tried += [(cage, _words(board, group), True) for cage, group in virtual_cages(board)]
    follow = [cage for cage, _, _ in tried]
    virtual = {cage: what for cage, what, plural in tried if plural}
    for cage, what, plural in tried:
        if all(board.values[c] for c in cage.cells):
            continue
        found = cage_options(board, cage)
        if found is None or not 2 <= len(found[0]) <= _MOST_COMBOS:
            continue
        combos = found[0]
        wrong = []
        for combo in combos:
            why = refuted(board, cage, combo, follow, virtual)
            if why is not None:
                wrong.append((combo, why))
        if not wrong or len(wrong) == len(combos):
            continue  # (all wrong: the board has no solution, and no step can be trusted)
        kept = tuple(c for c in combos if c not in {w for w, _ in wrong})
        elim = left_by(cage.cells, [board.masks[c] for c in cage.cells], kept)
        if not elim:
            continue
        trials = "; ".join(f"if {what if k == 0 else 'they' if plural else 'it'} "
                           f"were {combo_words(combo)}, {why}"
                           for k, (combo, why) in enumerate(wrong))
        text = (f"Following the singles and the cages' combinations: {trials}: so "
                f"{_holding(plural, kept)}: "
                f"{cannot(names, elim, board.masks)}.")
        return COMBINATION_CONTRADICTION.step(board, cage.cells, text, elim=elim,
                                              houses=[cage.cells])
    board.memo[key] = True
    return None


COMBINATION_CONTRADICTION = Technique(
    key="combination-contradiction", name="Combination Contradiction", level=Level.HARD,
    score=4.3, effort=150, find=find,
)
