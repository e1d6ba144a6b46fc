"""Finned and sashimi fish (X-Wing, Swordfish, Jellyfish).

A fish whose base lines have a few extra cells (the fins), all in one box: either a fin
holds the digit, or the fish is real. In both cases the cells of the cover lines that lie in
the fins' box (and outside the base lines) cannot hold it. Sashimi: a base line keeps only
one cell in the cover once the fins are taken away.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..board import Board, Geometry, bits
from ..step import Level, Step, Technique
from .fish import NAMES, line_positions, line_word, lines_cells


@lru_cache(maxsize=32)
def _bands(geo: Geometry, rows: bool) -> tuple[tuple[int, int, int], ...]:
    """Each box as (box unit, its base lines, its cross lines), both as index masks."""
    out = []
    for b in range(2 * geo.n, 3 * geo.n):
        base = cross = 0
        for c in geo.units[b]:
            r, col = geo.row_of[c], geo.col_of[c]
            base |= 1 << (r if rows else col)
            cross |= 1 << (col if rows else r)
        out.append((b, base, cross))
    return tuple(out)


def find(board: Board, k: int) -> Step | None:
    """A finned or sashimi fish of size ``k`` that eliminates something."""
    geo = board.geo
    n = geo.n
    for rows in (True, False):
        bands = _bands(geo, rows)
        width = max(span.bit_count() for _, _, span in bands)
        base_off, cover_off = (0, n) if rows else (n, 0)
        for d0 in range(n):
            dc = board.dcells[d0]
            if not dc:
                continue
            pos = line_positions(geo, dc, rows)
            base = [i for i in range(n) if 2 <= pos[i].bit_count() <= k + width]
            if len(base) < k:
                continue
            for combo in combinations(base, k):
                union = 0
                base_mask = 0
                for i in combo:
                    union |= pos[i]
                    base_mask |= 1 << i
                size = union.bit_count()
                if size <= k or size > k + width:
                    continue
                for box, band, span in bands:
                    if not base_mask & band or (union & ~span).bit_count() > k:
                        continue
                    # the eliminations: the digit in this box, on lines outside the base
                    targets = 0
                    for i in bits(band & ~base_mask):
                        targets |= pos[i] & span
                    if not targets & union:
                        continue
                    step = _try_box(
                        board,
                        k,
                        rows,
                        d0,
                        pos,
                        combo,
                        base_mask,
                        box,
                        band,
                        span,
                        base_off,
                        cover_off,
                    )
                    if step is not None:
                        return step
    return None


def _try_box(
    board: Board,
    k: int,
    rows: bool,
    d0: int,
    pos: list[int],
    combo: tuple[int, ...],
    base_mask: int,
    box: int,
    band: int,
    span: int,
    base_off: int,
    cover_off: int,
) -> Step | None:
    """The finned fish on base lines ``combo`` whose fins lie in ``box``, if one eliminates."""
    geo = board.geo
    dc = board.dcells[d0]
    box_bits = geo.unit_bits[box]
    base_cells = lines_cells(geo, base_mask, base_off)
    if not dc & box_bits & ~base_cells:
        return None  # nothing in the box to eliminate
    required = 0
    inside = 0
    for i in combo:
        if band >> i & 1:
            required |= pos[i] & ~span
            inside |= pos[i] & span
        else:
            required |= pos[i]
    need = k - required.bit_count()
    if need < 0:
        return None
    optional = inside & ~required
    for extra in combinations(list(bits(optional)), need):
        cover = required
        for j in extra:
            cover |= 1 << j
        fins_cross = 0
        low = k
        for i in combo:
            if band >> i & 1:
                fins_cross |= pos[i] & span & ~cover
            low = min(low, (pos[i] & cover).bit_count())
        if not fins_cross or low == 0:
            continue
        gone = dc & box_bits & lines_cells(geo, cover & span, cover_off) & ~base_cells
        if not gone:
            continue
        cells = dc & base_cells
        fins = cells & box_bits & ~lines_cells(geo, cover, cover_off)
        return _step(board, k, low == 1, rows, d0 + 1, combo, cover, cells, fins, gone)
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
        f"{kind.lower()}-{NAMES[k].lower()}",
        f"{kind} {NAMES[k]}",
        level,
        score,
        effort,
        lambda b: find(b, k),
    )


# One search finds both kinds (the ladder lists FINNED only): a sashimi fish is a finned
# fish whose body is thinner, and rates a little higher.
FINNED = {
    2: _tech(2, False, Level.HARD, 3.4, 130),
    3: _tech(3, False, Level.EXPERT, 4.0, 200),
    4: _tech(4, False, Level.EXPERT, 5.4, 250),
}
SASHIMI = {
    2: _tech(2, True, Level.HARD, 3.5, 150),
    3: _tech(3, True, Level.EXPERT, 4.1, 240),
    4: _tech(4, True, Level.EXPERT, 5.5, 260),
}
