"""Franken and mutant fish: fish whose base and cover sets mix lines and boxes.

For one digit, take k *base* units (rows, columns or boxes) whose places for the digit do
not overlap: the digit goes once in each, so in k different cells. Take k *cover* units
(other units) that together hold every one of those places. Each cover unit takes the digit
once at most, so the k base digits fill all k cover units: the digit leaves every other
place of the cover units.

With *fins* (base places no cover unit holds) either a fin holds the digit, or the fish is
real: the digit leaves the cover places outside the base that see every fin. The base units
of a finned fish may overlap: a place two of them share is an *endo fin*, a fin like the
others. A base place that two cover units hold (not a fin) goes too, if it sees every fin
(*cannibalism*): the digit there would fill two cover units with one base unit's digit.

- **Franken fish**: base from rows and boxes, cover from columns and boxes (or columns and
  boxes against rows and boxes), with a box somewhere (without one it is a basic fish).
- **Mutant fish**: any other mix (rows and columns on the same side).

Four techniques search sizes 2 and 3 (X-Wing and Swordfish), four more size 4 (Jellyfish:
apart, for their cost), fins or none (at most :data:`MAX_FINS` fins in at most
:data:`FIN_BOXES` boxes as HoDoKu allows, and up to :data:`MAX_ENDO_FINS` endo fins). A
jellyfish that removes only what a smaller fish of its family removes is passed over for one
that removes more. Two more search the finned mutant Squirmbag (5) and Whale (6), within
:data:`BIG_BUDGET` nodes a digit. Each digit is searched again only when its places have
changed since a search found nothing. None assumes the puzzle has one solution.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ..board import Board, Geometry, bits
from ..step import Level, Step, Technique, cell_list
from .fish import NAMES

#: the most fins a fish may have (the cells that see every fin grow few past that)
MAX_FINS = 3
#: the most endo fins (places two base units share) a finned fish may have
MAX_ENDO_FINS = 2
#: the most boxes the fins of a fish may lie in (cells seeing every fin of two boxes still
#: exist where a line joins them), as HoDoKu allows
FIN_BOXES = 2
#: the sizes the first four techniques search (X-Wing and Swordfish); the jellyfish
#: techniques search :data:`JELLYFISH` alone, at three times the cost of these
SIZES = (2, 3)
JELLYFISH = (4,)
#: the big finned mutant fish, Squirmbag (5) and Whale (6), each a technique of its own
BIG = (5, 6)
#: the nodes (base units and covers tried) one big fish search of a digit may visit: it stops
#: there, finding nothing more (HoDoKu's Squirmbag example takes 0.3 million, its Whale 2.5;
#: a digit with none takes seconds up to this bound)
BIG_BUDGET = 4_000_000

ROW, COLUMN, BOX = 0, 1, 2
#: (base kinds, cover kinds) of each orientation of a Franken fish
FRANKEN_SIDES = (({ROW, BOX}, {COLUMN, BOX}), ({COLUMN, BOX}, {ROW, BOX}))


def _kind(geo: Geometry, unit: int) -> int:
    return unit // geo.n


def is_franken(geo: Geometry, base: tuple[int, ...], cover: tuple[int, ...]) -> bool:
    """Is this base and cover a Franken fish (lines of one direction and boxes against
    lines of the other direction and boxes, with a box)?"""
    kinds_b = {_kind(geo, u) for u in base}
    kinds_c = {_kind(geo, u) for u in cover}
    if BOX not in kinds_b | kinds_c:
        return False
    return any(kinds_b <= b and kinds_c <= c for b, c in FRANKEN_SIDES)


def is_basic(geo: Geometry, base: tuple[int, ...], cover: tuple[int, ...]) -> bool:
    """Is this base and cover a basic (or finned) fish: all rows against all columns?"""
    kinds_b = {_kind(geo, u) for u in base}
    kinds_c = {_kind(geo, u) for u in cover}
    return (kinds_b, kinds_c) in (({ROW}, {COLUMN}), ({COLUMN}, {ROW}))


class _Fish:
    __slots__ = ("base", "cover", "fins", "gone", "places")

    def __init__(
        self, base: tuple[int, ...], cover: tuple[int, ...], fins: int, gone: int, places: int
    ) -> None:
        self.base = base
        self.cover = cover
        self.fins = fins
        self.gone = gone
        self.places = places


def _search(board: Board, d0: int, k: int, finned: bool, mutant: bool, avoid: int = 0,
            budget: int = -1) -> _Fish | None:
    """The first fish of size ``k`` on digit index ``d0`` (with fins when ``finned``, else
    without) that eliminates outside ``avoid``: a Franken fish, or with ``mutant`` a mutant
    one. A ``budget`` of 0 or more bounds the nodes visited (None when it runs out)."""
    geo = board.geo
    n = geo.n
    dc = board.dcells[d0]
    unit_bits = geo.unit_bits
    cell_units = geo.cell_units
    places = [dc & ub for ub in unit_bits]
    units = [u for u in range(3 * n) if places[u]]
    sides = (({ROW, COLUMN, BOX}, {ROW, COLUMN, BOX}),) if mutant else FRANKEN_SIDES
    room = [budget]  # the nodes left to visit, shared with the covers' search
    # the fins of a box count as one place in the bound below (a jellyfish's fins, in one or
    # two boxes, as one: a bound on its cost), and each endo fin as one more
    most = k + (1 if k in JELLYFISH else FIN_BOXES) + MAX_ENDO_FINS if finned else k
    for base_kinds, cover_kinds in sides:
        base_units = [u for u in units if _kind(geo, u) in base_kinds]
        # the cells sharing a unit of the cover's kinds with each place
        near = {}
        for c in bits(dc):
            x = 0
            for u in cell_units[c]:
                if _kind(geo, u) in cover_kinds:
                    x |= unit_bits[u]
            near[c] = x
        # k base units with no place in common, by increasing index. A bound prunes them:
        # base places no two of which share a unit of the cover's kinds need a cover unit
        # each (or are fins), so there may be at most ``most`` of them.
        # Base units of a finned fish may overlap: a place in two of them is an endo fin.
        stack: list[tuple[int, tuple[int, ...], int, int, int, int]] = [(0, (), 0, 0, 0, 0)]
        while stack:
            if budget >= 0:
                room[0] -= 1
                if room[0] < 0:
                    return None
            start, base, inside, apart, blocked, endo = stack.pop()
            if len(base) < k:
                for j in range(len(base_units) - 1, start - 1, -1):
                    u = base_units[j]
                    overlap = places[u] & inside
                    if overlap and (not finned or (endo | overlap).bit_count() > MAX_ENDO_FINS):
                        continue
                    count = apart
                    seen = blocked
                    x = places[u] & ~seen
                    while x and count <= most:
                        low = x & -x
                        c = low.bit_length() - 1
                        count += 1
                        seen |= near[c]
                        x &= ~seen
                    if count <= most:
                        stack.append(
                            (j + 1, (*base, u), inside | places[u], count, seen, endo | overlap))
                continue
            fish = _cover(geo, k, finned, mutant, base, inside, places, cover_kinds, dc, endo,
                          avoid, room if budget >= 0 else None)
            if fish is not None:
                return fish
            if budget >= 0 and room[0] < 0:
                return None
    return None


def _cover(
    geo: Geometry,
    k: int,
    finned: bool,
    mutant: bool,
    base: tuple[int, ...],
    inside: int,
    places: list[int],
    cover_kinds: set[int],
    dc: int,
    endo: int = 0,
    avoid: int = 0,
    room: list[int] | None = None,
) -> _Fish | None:
    """The first k cover units of ``base`` (places ``inside``) that make an eliminating fish:
    each uncovered base place (lowest first) is taken by one of its units, or (finned) left
    as a fin, while cells that see every fin (the endo fins ``endo`` among them) hold the
    digit. A base place two cover units hold (not a fin) goes too: the digit there would
    fill two cover units with one base unit's digit. ``room``, if given, holds the nodes
    left to visit (counted down; the search stops below 0)."""
    cell_units = geo.cell_units
    peer_bits = geo.peer_bits
    box_of = geo.box_of
    start_seen = -1
    for c in bits(endo):
        start_seen &= peer_bits[c] & dc
    todo: list[tuple[tuple[int, ...], int, int, int]] = [((), 0, endo, start_seen)]
    while todo:
        if room is not None:
            room[0] -= 1
            if room[0] < 0:
                return None
        cover, covered, fins, fin_seen = todo.pop()
        left = inside & ~covered & ~fins
        if not left:
            fins = (fins & ~covered) | endo
            if len(cover) < k or finned != bool(fins):
                continue
            twice = 0
            once = 0
            for u in cover:
                twice |= once & places[u]
                once |= places[u]
            gone = ((covered & ~inside) | (inside & twice & ~fins)) & fin_seen
            if not gone & ~avoid:
                continue
            if mutant and (is_franken(geo, base, cover) or is_basic(geo, base, cover)):
                continue
            if not mutant and not is_franken(geo, base, cover):
                continue
            return _Fish(base, cover, fins, gone, inside)
        low = left & -left
        cell = low.bit_length() - 1
        if finned and fins.bit_count() < MAX_FINS:
            boxes = len({box_of[c] for c in bits(fins)} | {box_of[cell]})
            seen = fin_seen & peer_bits[cell] & dc
            # fins in two boxes see few cells together: some must lie outside the base
            if seen and (boxes == 1 or boxes <= FIN_BOXES and seen & ~inside):
                todo.append((cover, covered, fins | low, seen))
        if len(cover) < k:
            for u in cell_units[cell]:
                if u in base or u in cover or _kind(geo, u) not in cover_kinds:
                    continue
                todo.append(((*cover, u), covered | places[u], fins, fin_seen))
    return None


def _find(board: Board, mutant: bool, finned: bool, sizes: tuple[int, ...] = SIZES
          ) -> Step | None:
    return next(_fish_steps(board, mutant, finned, sizes, board.memo), None)


def every_big(board: Board, k: int) -> Iterator[Step]:
    """A finned mutant fish of size ``k`` (5 Squirmbag, 6 Whale) for each digit that has one
    (within :data:`BIG_BUDGET`). ``hint --all`` lists these."""
    return _fish_steps(board, True, True, (k,), None)


def every(board: Board, mutant: bool, finned: bool, jellyfish: bool) -> Iterator[Step]:
    """A fish of the technique (its family, fins or none, size) for each size and digit
    that has one. ``hint --all`` lists these."""
    return _fish_steps(board, mutant, finned, JELLYFISH if jellyfish else SIZES, None)


def _fish_steps(board: Board, mutant: bool, finned: bool, sizes: tuple[int, ...],
                memo: dict[object, object] | None) -> Iterator[Step]:
    """The first fish of each size and digit, in that order; with ``memo``, a digit whose
    places are as they were when its search found nothing is passed by (and one that finds
    nothing is noted)."""
    geo = board.geo
    family = "mutant" if mutant else "franken"
    for k in sizes:
        for d0 in range(geo.n):
            dc = board.dcells[d0]
            key = (family, k, finned, d0)
            if not dc or memo is not None and memo.get(key) == dc:
                continue
            fish = _search(board, d0, k, finned, mutant, 0, BIG_BUDGET if k in BIG else -1)
            if fish is not None and sizes == JELLYFISH:
                # a jellyfish that only repeats what a smaller fish of its family removes
                # is passed over for one that removes more
                avoid = 0
                for k2 in SIZES:
                    small = _search(board, d0, k2, finned, mutant)
                    if small is not None:
                        avoid |= small.gone
                if not fish.gone & ~avoid:
                    fish = _search(board, d0, k, finned, mutant, avoid)
            if fish is None:
                if memo is not None:
                    memo[key] = dc  # none while the digit's places stay the same
                continue
            yield _step(board, fish, d0 + 1, k, finned, mutant)


def _step(board: Board, fish: _Fish, d: int, k: int, finned: bool, mutant: bool) -> Step:
    geo = board.geo
    names = geo.unit_names
    family = "Mutant" if mutant else "Franken"
    name = f"{'Finned ' if finned else ''}{family} {NAMES[k]}"
    base = ", ".join(names[u] for u in fish.base)
    cover = ", ".join(names[u] for u in sorted(fish.cover))
    fins = list(bits(fish.fins))
    why = (
        f"or in the fin{'s' if len(fins) > 1 else ''} {cell_list(geo, fins)}: either way {d} "
        f"leaves the cover cells that see every fin"
        if finned
        else f"so {d} leaves the rest of the cover"
    )
    text = f"{name}: {d} in {base} fits only in {cover}, {why}."
    tech = BIG_TECHNIQUES[k] if k in BIG else TECHNIQUES[(mutant, finned, k in JELLYFISH)]
    step = tech.step(
        board,
        bits(fish.places),
        text,
        elim=[(c, d) for c in bits(fish.gone)],
        score=TECHNIQUES[(mutant, finned, False)].score + (k - 2) * 0.1,
    )
    # the technique is the family; the step names the fish it is
    return replace(step, technique=name)


def find_franken(board: Board) -> Step | None:
    """A Franken fish (size 2 or 3, no fins) that eliminates, or None."""
    return _find(board, False, False)


def find_mutant(board: Board) -> Step | None:
    """A mutant fish (size 2 or 3, no fins) that eliminates, or None."""
    return _find(board, True, False)


def find_finned_franken(board: Board) -> Step | None:
    """A finned Franken fish (size 2 or 3) that eliminates, or None."""
    return _find(board, False, True)


def find_finned_mutant(board: Board) -> Step | None:
    """A finned mutant fish (size 2 or 3) that eliminates, or None."""
    return _find(board, True, True)


def find_franken_jellyfish(board: Board) -> Step | None:
    """A Franken jellyfish (size 4, no fins) that eliminates, or None."""
    return _find(board, False, False, JELLYFISH)


def find_mutant_jellyfish(board: Board) -> Step | None:
    """A mutant jellyfish (size 4, no fins) that eliminates, or None."""
    return _find(board, True, False, JELLYFISH)


def find_finned_franken_jellyfish(board: Board) -> Step | None:
    """A finned Franken jellyfish (size 4) that eliminates, or None."""
    return _find(board, False, True, JELLYFISH)


def find_finned_mutant_jellyfish(board: Board) -> Step | None:
    """A finned mutant jellyfish (size 4) that eliminates, or None."""
    return _find(board, True, True, JELLYFISH)


def find_finned_mutant_squirmbag(board: Board) -> Step | None:
    """A finned mutant Squirmbag (size 5) that eliminates, or None."""
    return _find(board, True, True, (5,))


def find_finned_mutant_whale(board: Board) -> Step | None:
    """A finned mutant Whale (size 6) that eliminates, or None."""
    return _find(board, True, True, (6,))


# No Sudoku Explainer rating exists for these fish (SE 1.2 has none): the scores sit them
# after the finned Jellyfish (5.9) and aligned pair exclusion (6.2), as HoDoKu's efforts do
# (Franken fish 300-410, above the X-Chain's 260; mutant fish 450-470, past the ALS chains).
# A Swordfish scores 0.1 more than an X-Wing. The finned forms cost the rater several times
# what the rest of the ladder does (their fins multiply the covers to try), so the ladder
# leaves them out; a ladder of one's own can name them.
FRANKEN = Technique(
    key="franken-fish", name="Franken Fish", level=Level.EXPERT, score=6.3, effort=350,
    find=find_franken,
)
MUTANT = Technique(
    key="mutant-fish", name="Mutant Fish", level=Level.EXPERT, score=7.0, effort=450,
    find=find_mutant,
)
FINNED_FRANKEN = Technique(
    key="finned-franken-fish", name="Finned Franken Fish", level=Level.EXPERT, score=6.5,
    effort=400, find=find_finned_franken,
)
FINNED_MUTANT = Technique(
    key="finned-mutant-fish", name="Finned Mutant Fish", level=Level.EXPERT, score=7.2, effort=470,
    find=find_finned_mutant,
)
# The jellyfish score 0.2 over their family's X-Wing, as the step of a family's search does.
FRANKEN_JELLYFISH = Technique(
    key="franken-jellyfish", name="Franken Jellyfish", level=Level.EXPERT, score=6.5,
    effort=370, find=find_franken_jellyfish,
)
MUTANT_JELLYFISH = Technique(
    key="mutant-jellyfish", name="Mutant Jellyfish", level=Level.EXPERT, score=7.2,
    effort=450, find=find_mutant_jellyfish,
)
FINNED_FRANKEN_JELLYFISH = Technique(
    key="finned-franken-jellyfish", name="Finned Franken Jellyfish", level=Level.EXPERT,
    score=6.7, effort=430, find=find_finned_franken_jellyfish,
)
FINNED_MUTANT_JELLYFISH = Technique(
    key="finned-mutant-jellyfish", name="Finned Mutant Jellyfish", level=Level.EXPERT,
    score=7.4, effort=470, find=find_finned_mutant_jellyfish,
)
# The big ones score 0.1 more a unit, as the step of a family's search does.
FINNED_MUTANT_SQUIRMBAG = Technique(
    key="finned-mutant-squirmbag", name="Finned Mutant Squirmbag", level=Level.EXPERT,
    score=7.5, effort=470, find=find_finned_mutant_squirmbag,
)
FINNED_MUTANT_WHALE = Technique(
    key="finned-mutant-whale", name="Finned Mutant Whale", level=Level.EXPERT,
    score=7.6, effort=470, find=find_finned_mutant_whale,
)
#: the big finned mutant fish by size
BIG_TECHNIQUES = {5: FINNED_MUTANT_SQUIRMBAG, 6: FINNED_MUTANT_WHALE}
#: the eight techniques by (mutant, finned, jellyfish)
TECHNIQUES = {
    (False, False, False): FRANKEN,
    (True, False, False): MUTANT,
    (False, True, False): FINNED_FRANKEN,
    (True, True, False): FINNED_MUTANT,
    (False, False, True): FRANKEN_JELLYFISH,
    (True, False, True): MUTANT_JELLYFISH,
    (False, True, True): FINNED_FRANKEN_JELLYFISH,
    (True, True, True): FINNED_MUTANT_JELLYFISH,
}
