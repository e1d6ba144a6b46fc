"""Finned and sashimi fish (X-Wing, Swordfish, Jellyfish).

A fish whose base lines have a few extra cells (the fins), all in one box: either a fin
holds the digit, or the fish is real. In both cases the cells of the cover lines that lie in
the fins' box (and outside the base lines) cannot hold it. Sashimi: a base line keeps only
one cell in the cover once the fins are taken away.

The search works on line masks (for each base line, the cross lines where the digit is):
for k base lines with union U, the fins must sit in one stack S of cross lines (the cover
takes every line of U outside S) and in one band of base lines.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

from ..board import Board, Geometry, bits, mask_bits
from ..step import Level, Step, Technique
from .fish import NAMES, line_word, lines_cells, positions, unions


@lru_cache(maxsize=32)
def _layout(geo: Geometry, rows: bool) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """(band index of each base line, cross-line masks of each stack, stack width)."""
    br, bc = geo.shape.box_rows, geo.shape.box_cols
    base_size, cross_size = (br, bc) if rows else (bc, br)
    n = geo.n
    band_of = tuple(i // base_size for i in range(n))
    stacks = tuple(((1 << cross_size) - 1) << (s * cross_size) for s in range(n // cross_size))
    return band_of, stacks, cross_size


@lru_cache(maxsize=32)
def _bands(geo: Geometry, rows: bool) -> tuple[int, ...]:
    """The base lines of each band, as line masks."""
    band_of = _layout(geo, rows)[0]
    return tuple(sum(1 << i for i in range(geo.n) if band_of[i] == band)
                 for band in range(band_of[-1] + 1))


def find(board: Board, k: int) -> Step | None:
    """A finned or sashimi fish of size ``k`` that eliminates something."""
    geo = board.geo
    memo = board.memo
    for d0 in range(geo.n):
        dc = board.dcells[d0]
        if not dc or memo.get(("finned", k, d0)) == dc:
            continue
        for rows in (True, False):
            step = _find_digit(board, k, d0, rows)
            if step is not None:
                return step
        memo[("finned", k, d0)] = dc  # nothing for this digit while its cells stay the same
    return None


if cython.compiled:  # masks of at most 64 bits: one C word (_bits64.pxd)
    from cython.cimports.sudokit.logic.graphs._bits64 import popcount64 as _popcount
else:
    from ..graphs._bits64 import popcount64 as _popcount


def every(board: Board, k: int) -> Iterator[Step]:
    """Every finned or sashimi fish of size ``k`` that eliminates something: for each base
    and fins' box, each cover that eliminates (two fish on one base may differ only in their
    cover and fins: HoDoKu's siamese fish). ``hint --all`` lists these."""
    for d0 in range(board.geo.n):
        if board.dcells[d0]:
            for rows in (True, False):
                found: list[Step] = []
                _find_digit(board, k, d0, rows, found)
                yield from found


def _find_digit(
    board: Board, k: int, d0: int, rows: bool, out: list[Step] | None = None
) -> Step | None:
    """The first fish of the digit on these base lines, or None; with ``out``, every one is
    added to it (and None returned)."""
    # typed: line masks have one bit per line or cross line, 64 at most
    geo = board.geo
    n: cython.Py_ssize_t = geo.n
    kk: cython.int = k
    i: cython.Py_ssize_t
    f: cython.Py_ssize_t
    stack: cython.ulonglong
    lines: cython.ulonglong
    boxed: cython.ulonglong
    p: cython.ulonglong
    e: cython.ulonglong
    combo_mask: cython.ulonglong
    targets: cython.ulonglong
    one: cython.ulonglong = 1
    stacks = _layout(geo, rows)[1]
    bands = _bands(geo, rows)
    pos = positions(board, d0, rows)
    for stack_mask in stacks:
        stack = stack_mask
        for band in bands:
            lines = band
            # the lines of the band with the digit in this box: a fish needs one of them as
            # a base line (for the fins), and another outside its base (to eliminate from)
            boxed = 0
            for i in range(n):
                if lines >> i & 1:
                    p = pos[i]
                    if p & stack:
                        boxed |= one << i
            if not boxed & (boxed - 1):
                continue
            # the cover must take every position outside the fins' box
            eff: list[int] = []
            base: list[int] = []
            for i in range(n):
                p = pos[i]
                e = p & ~stack if lines >> i & 1 else p
                eff.append(e)
                if p and _popcount(e) <= kk:
                    base.append(i)
            if len(base) < kk:
                continue
            for f in range(n):
                if not boxed >> f & 1:
                    continue
                e = eff[f]
                if _popcount(e) > kk:
                    continue
                # f is the fish's first base line in the box: later ones come from ``rest``
                rest = [i for i in base if i > f or (i != f and not boxed >> i & 1)]
                for combo, required in unions(eff, rest, k, k, (f,), e):
                    combo_mask = 0
                    for i in combo:
                        combo_mask |= one << i
                    targets = boxed & ~combo_mask
                    if not targets:
                        continue
                    step = _in_box(
                        board,
                        k,
                        rows,
                        d0,
                        pos,
                        tuple(sorted(combo)),
                        combo_mask,
                        stack_mask,
                        band,
                        required,
                        targets,
                        out,
                    )
                    if step is not None:
                        return step
    return None


def _in_box(
    board: Board,
    k: int,
    rows: bool,
    d0: int,
    pos: list[int],
    combo: tuple[int, ...],
    combo_mask: int,
    stack: int,
    band: int,
    required: int,
    target_lines: int,
    out: list[Step] | None = None,
) -> Step | None:
    """The fish on base ``combo`` whose fins lie in the box (band, stack), if it eliminates
    (with ``out``: each cover's fish that eliminates is added to it, and None returned)."""
    forced = required
    for i in combo:
        if not band >> i & 1:
            forced |= pos[i] & stack  # outside the fins' band everything is body
    need = k - forced.bit_count()
    if need < 0:
        return None
    optional = 0
    for i in combo:
        if band >> i & 1:
            optional |= pos[i] & stack
    optional &= ~forced
    reach = 0
    for j in mask_bits(target_lines):
        reach |= pos[j] & stack
    for extra in combinations(mask_bits(optional), need):
        cover = forced
        for j in extra:
            cover |= 1 << j
        if not reach & cover:
            continue
        low = k
        fins = 0
        for i in combo:
            fins |= pos[i] & ~cover
            body = (pos[i] & cover).bit_count()
            if body < low:
                low = body
        if not fins or low == 0:
            continue
        geo = board.geo
        n = geo.n
        base_off, cover_off = (0, n) if rows else (n, 0)
        base_cells = lines_cells(geo, combo_mask, base_off)
        box_cells = lines_cells(geo, band, base_off) & lines_cells(geo, stack, cover_off)
        cover_cells = lines_cells(geo, cover, cover_off)
        dc = board.dcells[d0]
        gone = dc & box_cells & cover_cells & ~base_cells
        cells = dc & base_cells
        step = _step(
            board, k, low == 1, rows, d0 + 1, combo, cover, cells, cells & ~cover_cells, gone
        )
        if out is None:
            return step
        out.append(step)
    return None


def _step(
    board: Board,
    k: int,
    sashimi: bool,
    rows: bool,
    d: int,
    combo: tuple[int, ...],
    cover: int,
    cells: int,
    fins: int,
    gone: int,
) -> Step:
    geo = board.geo
    b_names = ", ".join(str(i + 1) for i in combo)
    c_names = ", ".join(str(i + 1) for i in bits(cover))
    text = (
        f"{d} in {line_word(rows, True)} {b_names} fits only in {line_word(not rows, True)} "
        f"{c_names}, or in the fin{'s' if fins.bit_count() > 1 else ''} "
        f"{', '.join(geo.names(fins))}: either way {d} leaves the cover cells that see "
        f"every fin."
    )
    tech = (SASHIMI if sashimi else FINNED)[k]
    return tech.step(board, bits(cells), text, elim=[(c, d) for c in bits(gone)])


def _tech(k: int, sashimi: bool, level: Level, score: float, effort: int) -> Technique:
    kind = "Sashimi" if sashimi else "Finned"
    return Technique(
        key=f"{kind.lower()}-{NAMES[k].lower()}",
        name=f"{kind} {NAMES[k]}",
        level=level,
        score=score,
        effort=effort,
        find=lambda b: find(b, k),
    )


# One search finds both kinds (the ladder lists FINNED only): a sashimi fish is a finned
# fish whose body is thinner, and rates a little higher. The finned Swordfish and Jellyfish
# come after BUG+1 (5.6) in the ladder and before the X-Chain (6.5): their scores lie there too.
FINNED = {
    2: _tech(2, False, Level.HARD, 3.4, 130),
    3: _tech(3, False, Level.EXPERT, 5.7, 200),
    4: _tech(4, False, Level.EXPERT, 5.9, 250),
}
SASHIMI = {
    2: _tech(2, True, Level.HARD, 3.5, 150),
    3: _tech(3, True, Level.EXPERT, 5.8, 240),
    4: _tech(4, True, Level.EXPERT, 6.0, 260),
}
