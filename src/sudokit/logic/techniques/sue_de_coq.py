"""Sue de Coq: cells where a box and a line cross, with two or more digits more than cells,
completed by cells of the line and cells of the box into a locked set.

Take cells V of a box-line intersection holding digits M (at least |V| + 2 of them), cells D
of the line outside the box and cells E of the box outside the line, where D's digits and E's
digits share none and the digits of all three sets number exactly as many as their cells.
Then each of those digits is in exactly one of the cells: a digit E lacks lies in V or D, all
in the line, and leaves the rest of the line; a digit D lacks lies in V or E, all in the box,
and leaves the rest of the box.

The optional Large Sue de Coq takes sides of up to :data:`LARGE_SIDE` cells, the cells of
the intersection outside V in either side, and HoDoKu's extended form: a digit both sides
hold (S) may lie in both, once in each, when the cells number as many as the digits plus
those of S; then each digit of S is in both sides and leaves the rest of the line and of
the box, the others as above.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

from ..board import Board, Geometry, bits, digits_of, mask_bits
from ..step import Level, Step, Technique, cell_list, digit_list

#: the most cells taken from the line, or from the box, outside the intersection (larger
#: sides are rare and costly to list)
MAX_SIDE = 2
#: the most cells of a side in the optional Large Sue de Coq (HoDoKu's paths use five)
LARGE_SIDE = 5

if cython.compiled:  # digit masks of at most 64 bits: one C word (_bits64.pxd)
    from cython.cimports.sudokit.logic.graphs._bits64 import popcount64 as _popcount
else:
    from ..graphs._bits64 import popcount64 as _popcount


def _subsets(board: Board, cells: int, most: int) -> list[tuple[int, int, int]]:
    """Every non-empty subset of ``cells`` of at most ``most`` cells, as (cell set, digit
    union, size)."""
    out: list[tuple[int, int, int]] = [(0, 0, 0)]
    for c, m in _cell_masks(board.masks, cells):
        bit = 1 << c
        out += [(cs | bit, um | m, n + 1) for cs, um, n in out if n < most]
    del out[0]
    return out


@cython.cfunc
def _cell_masks(masks: list[int], cells: int) -> list[tuple[int, int]]:
    """(cell, its candidates) for each cell of ``cells``, in cell order."""
    out = []
    while cells:
        low = cells & -cells
        cells ^= low
        c = low.bit_length() - 1
        out.append((c, masks[c]))
    return out


@cython.cfunc
def _sides(cells: list[tuple[int, int]], vm: cython.ulonglong) -> list[tuple[int, int, int]]:
    """The sides of one or two cells (MAX_SIDE) of ``cells`` (cell, mask) that bring fewer
    digits outside ``vm`` than cells, as (cell set, digit union, cells less new digits): a
    single cell with its digits all in ``vm``, or two cells with at most one digit outside
    it between them. Only cells holding a digit of ``vm`` and fewer than MAX_SIDE others
    can be part of one. Listed as the pairs grow from the cell order, each cell alone and
    then with every earlier cell."""
    j: cython.Py_ssize_t
    i: cython.Py_ssize_t
    m: cython.ulonglong
    mj: cython.ulonglong
    mi: cython.ulonglong
    um: cython.ulonglong
    new: cython.int
    helpers = []
    for j in range(len(cells)):
        c, m = cells[j]
        if m & vm and _popcount(m & ~vm) < MAX_SIDE:
            helpers.append((c, m))
    out = []
    for j in range(len(helpers)):
        cj, mj = helpers[j]
        bit = 1 << cj
        if not mj & ~vm:
            out.append((bit, mj, 1))
        for i in range(j):
            ci, mi = helpers[i]
            um = mi | mj
            new = _popcount(um & ~vm)
            if new <= 1:
                out.append((bit | 1 << ci, um, 2 - new))
    return out


def _large_sides(cells: list[tuple[int, int]], vm: int, most: int
                 ) -> list[tuple[int, int, int]]:
    """The sides of up to ``most`` cells of ``cells`` (cell, mask) that bring fewer digits
    outside ``vm`` than cells, as :func:`_sides` lists them (cell set, digit union, cells
    less new digits), by size, then in the order of the cells. A cell of such a side need
    not hold a digit of ``vm``: the count alone makes the digits of the three sets locked."""
    helpers = [(c, m) for c, m in cells if (m & ~vm).bit_count() < most]
    grown: list[tuple[int, int, int]] = [(0, 0, 0)]
    for c, m in helpers:
        # a side's new digits only grow as it grows, and must stay fewer than its cells
        grown += [(cs | 1 << c, um | m, n + 1) for cs, um, n in grown
                  if n < most and ((um | m) & ~vm).bit_count() < most]
    out = []
    for cs, um, n in grown[1:]:
        net = n - (um & ~vm).bit_count()
        if net >= 1:
            out.append((cs, um, net))
    out.sort(key=lambda side: side[0].bit_count())
    return out


@lru_cache(maxsize=16)
def _crossings(geo: Geometry) -> tuple[tuple[int, int, int, int, int, int], ...]:
    """For each box-line intersection: (box, line, its cells, the line's cells outside the
    box, the box's cells outside the line, every cell of the two units as a cell set)."""
    out = []
    for box, line, common in geo.intersections:
        both = geo.unit_bits[box] | geo.unit_bits[line]
        line_rest = geo.unit_bits[line] & ~geo.unit_bits[box]
        box_rest = geo.unit_bits[box] & ~geo.unit_bits[line]
        out.append((box, line, common, line_rest, box_rest, both))
    return tuple(out)


def find(board: Board) -> Step | None:
    """A Sue de Coq step (sides of at most MAX_SIDE cells), or None."""
    return _find(board, MAX_SIDE, "sue-de-coq")


def find_large(board: Board) -> Step | None:
    """A Sue de Coq step with sides of up to LARGE_SIDE cells, or None."""
    return _find(board, LARGE_SIDE, "large-sue-de-coq")


def _find(board: Board, most: int, name: str) -> Step | None:
    """A Sue de Coq step whose sides have at most ``most`` cells, or None (``name`` keys
    the board's memo)."""
    memo = board.memo
    dcells = board.dcells
    none_key = name + "-none"
    changed = board.changed_since(memo.get(none_key))
    # since that state, a crossing's candidates differ exactly where it holds a changed
    # cell: its own state is worth comparing only on a board new to the memo
    anew = changed == -1
    state: tuple[int, ...] = ()
    for box, line, inter, line_rest, box_rest, around in _candidates(board, changed):
        # a search that found nothing stays empty while the two units' candidates stay put
        # (where each digit can go in them: this also says which cells are unplaced)
        key = (name, box, line)
        if anew:
            state = tuple([d & around for d in dcells])
            if memo.get(key) == state:
                continue
        picks = _picks(board, inter, most)
        if picks:
            for v, d, e, elim in _search(board, box, line, picks, line_rest, box_rest, most):
                return _step(board, box, line, v, d, e, elim)
        if anew:
            memo[key] = state
    memo[none_key] = board.snapshot()
    return None


def every(board: Board, most: int = LARGE_SIDE) -> Iterator[Step]:
    """Every Sue de Coq step whose sides have at most ``most`` cells, one per set of
    eliminations, in :func:`find`'s order."""
    seen = set()
    for box, line, inter, line_rest, box_rest, _ in _candidates(board, -1):
        picks = _picks(board, inter, most)
        for v, d, e, elim in _search(board, box, line, picks, line_rest, box_rest, most):
            key = tuple(sorted(elim))
            if key not in seen:
                seen.add(key)
                yield _step(board, box, line, v, d, e, elim)


def _candidates(board: Board, changed: int) -> Iterator[tuple[int, int, int, int, int, int]]:
    """(box, line, the unplaced cells of the intersection, of the rest of the line and of the
    rest of the box, every cell of the two units) of each crossing that has a cell in
    ``changed`` and room for a Sue de Coq."""
    masks = board.masks
    unsolved = board.unsolved
    for box, line, common, line_all, box_all, around in _crossings(board.geo):
        if not around & changed:
            continue
        inter = common & unsolved
        if inter.bit_count() < 2:
            continue
        line_rest = line_all & unsolved
        box_rest = box_all & unsolved
        if not line_rest or not box_rest:
            continue
        union = 0
        for _, m in _cell_masks(masks, inter):
            union |= m
        if union.bit_count() < 4:  # two cells need four digits, three cells five
            continue
        yield box, line, inter, line_rest, box_rest, around


def _picks(board: Board, inter: int, most: int) -> list[tuple[int, int]]:
    """(cells, digits) of two or three cells of ``inter`` with two digits more than cells,
    and no more than two sides of ``most`` cells can bring."""
    picks = []
    for v, vm, size in _subsets(board, inter, 3):
        if size >= 2 and 2 <= vm.bit_count() - size <= 2 * most:
            picks.append((v, vm))
    return picks


@cython.cfunc
def _digits_in(dcells: list[int], cells: int) -> int:
    """The digits (as a mask) with a place among ``cells``."""
    out = 0
    for d0, dc in enumerate(dcells):
        if dc & cells:
            out |= 1 << d0
    return out


def _search(
    board: Board, box: int, line: int, picks: list[tuple[int, int]], line_rest: int,
    box_rest: int, most: int,
) -> Iterator[tuple[tuple[int, int], tuple[int, int], tuple[int, int],
                     list[tuple[int, int]]]]:
    """((cells, digits) of the intersection, the line side and the box side, eliminations)
    of each Sue de Coq of one crossing that eliminates something."""
    if most > MAX_SIDE:
        yield from _search_large(board, box, line, picks, line_rest, box_rest, most)
        return
    dcells = board.dcells
    unit_bits = board.geo.unit_bits
    masks = board.masks
    line_masks = _cell_masks(masks, line_rest)
    box_masks = _cell_masks(masks, box_rest)
    # the sides depend on the intersection's digits only, which several picks share
    sides_of: dict[int, tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]] = {}
    for v, vm in picks:
        extra = vm.bit_count() - v.bit_count()
        both = sides_of.get(vm)
        if both is None:
            # each side must bring cells that together hold fewer new digits than cells
            if most == MAX_SIDE:
                line_sides = _sides(line_masks, vm)
                box_sides = _sides(box_masks, vm) if line_sides else []
            else:
                line_sides = _large_sides(line_masks, vm, most)
                box_sides = _large_sides(box_masks, vm, most) if line_sides else []
            both = sides_of[vm] = (line_sides, box_sides)
        lines, boxes = both
        if not lines:
            continue
        by_net: dict[int, list[tuple[int, int]]] = {}
        for e, em, enet in boxes:
            if enet < extra:
                by_net.setdefault(enet, []).append((e, em))
        if not by_net:
            continue
        # the digits with a place in the rest of the box, for each box side (worked out
        # when first needed: most sides never meet a line side that fits)
        box_hits: dict[int, int] = {}
        for d, dm, dnet in lines:
            partners = by_net.get(extra - dnet)
            if partners is None:
                continue
            # the digits with a place in the rest of the line
            line_hit = -1
            for e, em in partners:
                if dm & em:
                    continue
                everything = vm | dm | em
                # most pairs eliminate nothing: test that before spelling out the cells
                # (a digit the box side lacks leaves the line, one the line side lacks
                # the box; the box side has no cell in the line and the line side none
                # in the box)
                if line_hit < 0:
                    line_hit = _digits_in(dcells, unit_bits[line] & ~(v | d))
                box_hit = box_hits.get(e, -1)
                if box_hit < 0:
                    box_hit = box_hits[e] = _digits_in(dcells, unit_bits[box] & ~(v | e))
                if not (everything & ~em & line_hit or everything & ~dm & box_hit):
                    continue
                used = v | d | e
                line_out = unit_bits[line] & ~used
                box_out = unit_bits[box] & ~used
                elim = []
                for d0 in mask_bits(everything):
                    bit = 1 << d0
                    if not em & bit:
                        elim += [(c, d0 + 1) for c in bits(dcells[d0] & line_out)]
                    if not dm & bit:
                        elim += [(c, d0 + 1) for c in bits(dcells[d0] & box_out)]
                if elim:
                    yield (v, vm), (d, dm), (e, em), elim


def _search_large(
    board: Board, box: int, line: int, picks: list[tuple[int, int]], line_rest: int,
    box_rest: int, most: int,
) -> Iterator[tuple[tuple[int, int], tuple[int, int], tuple[int, int],
                     list[tuple[int, int]]]]:
    """:func:`_search` for the large form: sides of up to ``most`` cells, which may take the
    intersection's cells outside V, and digits both sides hold (S) lying once in each
    when the cells number as many as the digits and those of S."""
    dcells = board.dcells
    unit_bits = board.geo.unit_bits
    masks = board.masks
    inter = unit_bits[box] & unit_bits[line] & board.unsolved
    # the sides depend on the intersection's digits and cells left over, which picks share
    sides_of: dict[tuple[int, int], tuple[list, dict[int, list[tuple[int, int, int]]]]] = {}
    for v, vm in picks:
        extra = vm.bit_count() - v.bit_count()
        spare = inter & ~v
        both = sides_of.get((vm, spare))
        if both is None:
            lines = _large_sides(_cell_masks(masks, line_rest | spare), vm, most)
            nets: dict[int, list[tuple[int, int, int]]] = {}
            if lines:
                for e, em, enet in _large_sides(_cell_masks(masks, box_rest | spare), vm, most):
                    nets.setdefault(enet, []).append((e, em, enet))
            both = sides_of[vm, spare] = (lines, nets)
        lines, by_net = both
        box_hits: dict[int, int] = {}
        for d, dm, dnet in lines:
            # the box side brings the rest of the count; a shared digit counts in both
            # sides' new digits (one of V's would be counted once: not taken)
            line_hit = -1
            for e, em, _ in by_net.get(extra - dnet, ()):
                shared = dm & em
                if d & e or shared & vm:
                    continue
                everything = vm | dm | em
                # most pairs eliminate nothing: test that first (the digits with a place
                # in the rest of the line, or of the box, that could leave it)
                if line_hit < 0:
                    line_hit = _digits_in(dcells, unit_bits[line] & ~(v | d))
                box_hit = box_hits.get(e, -1)
                if box_hit < 0:
                    box_hit = box_hits[e] = _digits_in(dcells, unit_bits[box] & ~(v | e))
                if not ((everything & ~em | shared) & line_hit
                        or (everything & ~dm | shared) & box_hit):
                    continue
                used = v | d | e
                elim = []
                for d0 in mask_bits(everything):
                    bit = 1 << d0
                    if shared & bit:
                        # once in each side: nowhere else in the line or the box
                        out = (unit_bits[line] & ~d) | (unit_bits[box] & ~e)
                    else:
                        out = 0
                        if not em & bit:
                            out |= unit_bits[line] & ~used
                        if not dm & bit:
                            out |= unit_bits[box] & ~used
                    elim += [(c, d0 + 1) for c in bits(dcells[d0] & out)]
                if elim:
                    yield (v, vm), (d, dm), (e, em), elim


def _step(
    board: Board, box: int, line: int, v: tuple[int, int], d: tuple[int, int],
    e: tuple[int, int], elim: list[tuple[int, int]],
) -> Step:
    geo = board.geo

    def part(cells: int, mask: int) -> str:
        return f"{cell_list(geo, bits(cells))} {digit_list(digits_of(mask))}"

    everything = v[1] | d[1] | e[1]
    shared = d[1] & e[1]
    count = "as many digits as cells, so each digit is in exactly one of them"
    if shared:
        count = (f"as many cells as digits and {digit_list(digits_of(shared))} counted twice, "
                 f"so {digit_list(digits_of(shared))} lie in both sides and each other digit "
                 f"in exactly one of them")
    text = (
        f"Sue de Coq: {part(*v)} where {geo.unit_names[box]} meets {geo.unit_names[line]}, "
        f"with {part(*d)} of the {geo.unit_names[line].split()[0]} and {part(*e)} of the box, "
        f"hold {count}: "
        f"{digit_list(digits_of(everything & ~e[1] | shared))} leave the rest of "
        f"{geo.unit_names[line]}, {digit_list(digits_of(everything & ~d[1] | shared))} the "
        f"rest of {geo.unit_names[box]}: "
        f"{', '.join(f'{geo.cell_names[c]}<>{z}' for c, z in sorted(elim, key=lambda e: e[1]))}."
    )
    small = d[0].bit_count() <= MAX_SIDE and e[0].bit_count() <= MAX_SIDE
    inside = (d[0] | e[0]) & geo.unit_bits[box] & geo.unit_bits[line]
    tech = SUE_DE_COQ if small and not shared and not inside else LARGE_SUE_DE_COQ
    return tech.step(board, bits(v[0] | d[0] | e[0]), text, elim=elim)


SUE_DE_COQ = Technique(
    key="sue-de-coq", name="Sue de Coq", level=Level.EXPERT, score=6.0, effort=250, find=find,
)
#: an optional technique (see ``OPTIONAL``): sides of three or four cells as well
LARGE_SUE_DE_COQ = Technique(
    key="large-sue-de-coq", name="Large Sue de Coq", level=Level.EXPERT, score=6.0, effort=280,
    find=find_large,
)
