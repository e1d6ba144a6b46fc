"""Virtual cages: innies or outies of known total, read as a cage of their own.

The rule of 45 finds a few cells that add up to a known total (:mod:`.innies`). Where
those cells all see each other their digits differ, so they hold one of the combinations
of that many different digits adding up to that total, just as a drawn cage would:

- Virtual Cage Pointing: a digit every combination left holds is among them; a cell that
  sees all its places there cannot hold it ("the innies of box 1, r1c3 and r3c1, add up to
  3: they are 1+2, so r1c1 and r3c3, which see them both, are neither 1 nor 2").
- Virtual Cage Claiming: where a house's places for a digit all lie among them, they hold
  that digit: their combinations without it go, and with them the candidates only those
  used.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...constraints import Cage
from ..board import Board, bits
from ..step import Level, Step, Technique, cell_list
from .cage_houses import fitting, touching
from .cages import cage_words, cages_of, claims, holds_words, pointed_by
from .innies import Group, groups
from .supports import cannot, unsupported

#: The most cells a virtual cage may have.
_MOST = 5


def virtual_cages(board: Board) -> Iterator[tuple[Cage, Group]]:
    """Each group of the rule of 45 whose unplaced cells (two to five of them) all see each
    other and are not already one drawn cage, as a cage of its total, with the group."""
    peers = board.geo.peer_bits
    drawn = {frozenset(c for c in cage.cells if not board.values[c]) for cage in cages_of(board)}
    seen: set[tuple[int, ...]] = set()
    for group in groups(board):
        cells = group.cells
        if not 2 <= len(cells) <= _MOST or cells in seen or frozenset(cells) in drawn:
            continue
        if any(not peers[a] >> b & 1 for i, a in enumerate(cells) for b in cells[i + 1:]):
            continue
        if not 0 < group.total <= board.geo.n * len(cells):
            continue
        seen.add(cells)
        yield Cage(cells, group.total), group


def _which(board: Board, group: Group) -> str:
    """``the innies of row 3, r3c1 and r3c2, add up to 7``."""
    kind = "outies" if group.outies else "innies"
    cells = cell_list(board.geo, group.cells)
    return f"the {kind} of {group.area}, {cells}, add up to {group.total} ({group.why})"


def _they(combos: tuple[int, ...]) -> str:
    """``are 1+2``, ``hold 1+2+6 or 1+3+5``: what cells hold, said of them."""
    said = holds_words(combos)
    return "are" + said[2:] if said.startswith("is ") else "hold" + said[5:]


def find_pointing(board: Board) -> Step | None:
    """A digit every combination of a virtual cage holds, whose places there all see a cell
    outside it that still has the digit; or None."""
    if not cages_of(board):
        return None
    geo = board.geo
    for cage, group in virtual_cages(board):
        found = pointed_by(board, cage)
        if found is None:
            continue
        combos, d, where, gone = found
        which = _which(board, group)
        text = (f"{which[0].upper()}{which[1:]}: they "
                f"{_they(combos)}, each with {d}, in "
                f"{cell_list(geo, where)}; {cell_list(geo, bits(gone))}, which "
                f"{'sees' if gone & (gone - 1) == 0 else 'see'} "
                f"{'it' if len(where) == 1 else 'them all'}, cannot be {d}.")
        return VIRTUAL_CAGE_POINTING.step(board, where, text,
                                          elim=[(c, d) for c in bits(gone)],
                                          houses=[bits(group.area_cells), cage.cells])
    return None


def find_claiming(board: Board) -> Step | None:
    """A virtual cage that a house's only places for a digit lie in, whose combinations
    without that digit held candidates no other combination uses; or None."""
    if not cages_of(board):
        return None
    geo = board.geo
    for cage, group in virtual_cages(board):
        for d, u, kept, elim in claims(board, cage):
            here = board.dcells[d - 1] & geo.unit_bits[u]
            which = _which(board, group)
            text = (f"{which[0].upper()}{which[1:]}; in {geo.unit_names[u]}, {d} fits only "
                    f"in {cell_list(geo, bits(here))}, among them: they hold {d}, so they "
                    f"{_they(kept)}: {cannot(geo.cell_names, elim, board.masks)}.")
            return VIRTUAL_CAGE_CLAIMING.step(board, cage.cells, text, elim=elim,
                                              houses=[geo.units[u], cage.cells])
    return None


VIRTUAL_CAGE_POINTING = Technique(
    key="virtual-cage-pointing", name="Virtual Cage Pointing", level=Level.MEDIUM,
    score=2.9, effort=70, find=find_pointing,
)
VIRTUAL_CAGE_CLAIMING = Technique(
    key="virtual-cage-claiming", name="Virtual Cage Claiming", level=Level.MEDIUM,
    score=2.9, effort=70, find=find_claiming,
)


def _in_house(board: Board, virtual: list[tuple[Cage, Group]], unit: int
              ) -> list[tuple[Cage, Group]]:
    """The virtual cages wholly inside house ``unit`` (not found in that house alone, where
    House Combinations fits them already), first come first, none crossing another."""
    ub = board.geo.unit_bits[unit]
    taken = 0
    out = []
    for cage, group in virtual:
        vb = sum(1 << c for c in cage.cells)
        if vb & ub != vb or vb & taken or (group.houses == 1 and group.area_cells == ub):
            continue
        taken |= vb
        out.append((cage, group))
    return out


def find_house(board: Board) -> Step | None:
    """A house holding virtual cages, whose combinations fitted together with those of the
    drawn cages in it that they do not cross leave a candidate unused; or None."""
    if not cages_of(board):
        return None
    geo = board.geo
    names = geo.cell_names
    virtual = list(virtual_cages(board))
    for unit in range(len(geo.units)):
        chosen = _in_house(board, virtual, unit)
        if not chosen:
            continue
        vb = sum(1 << c for cage, _ in chosen for c in cage.cells)
        drawn = [k for k in touching(board, unit) if not any(vb >> x & 1 for x in k.cells)]
        cells = sorted({c for k in drawn for c in k.cells} | set(geo.units[unit]))
        masks = [board.masks[c] for c in cells]
        mine = [cage for cage, _ in chosen]
        key = ("virtual-house", unit, tuple(mine), tuple(masks))
        if key not in board.memo:
            board.memo[key] = fitting(board, unit, [*mine, *drawn])
        found: tuple[list[tuple[int, ...]], int, dict[int, int], list[Cage]] | None = \
            board.memo[key]  # type: ignore[assignment]
        if found is None:
            continue
        _, _, supported, used = found
        elim = [(c, d) for c, d in unsupported(
            cells, masks, [supported.get(c, geo.full) for c in cells]) if not board.values[c]]
        if not elim:
            continue
        which = " and ".join(_which(board, group) for _, group in chosen)
        others = [k for k in used if k not in mine]
        name = geo.unit_names[unit]
        with_them = (" with those of " + ", ".join(cage_words(k, names) for k in others)
                     if others else "")
        text = (f"{which[0].upper()}{which[1:]}, all in {name}: their combinations, "
                f"fitted together in {name}{with_them}, digits not repeating and the other "
                f"cells holding the digits left: {cannot(names, elim, board.masks)}.")
        return VIRTUAL_CAGE_HOUSE.step(
            board, [c for c, _ in elim] + [c for k in used for c in k.cells], text,
            elim=elim, houses=[geo.units[unit], *(k.cells for k in used)])
    return None


VIRTUAL_CAGE_HOUSE = Technique(
    key="virtual-cage-house", name="Virtual Cage in a House", level=Level.MEDIUM,
    score=2.9, effort=80, find=find_house,
)
