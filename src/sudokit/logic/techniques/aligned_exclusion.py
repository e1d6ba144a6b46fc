"""Aligned pair and triple exclusion: two or three cells of one unit, and the digit
combinations they could take.

A combination is impossible when two of the cells see each other and get the same digit, or
when it would empty another cell: a cell with two candidates that sees two of the chosen
cells holding exactly those two digits, or one with three candidates (or two) that sees all
three cells of a triple holding them. A candidate of a chosen cell that is in no possible
combination is false. Sudoku Explainer rates the pair 6.2 and the triple 7.5.
"""

from __future__ import annotations

from ..board import Board, bits, digits_of, mask_bits
from ..step import Level, Step, Technique, cell_list, digit_list


def _pair_cover(board: Board, a: int, b: int, small: int) -> dict[int, int]:
    """For each digit v: the digits a cell of the pair can no longer take when the other
    takes v, by the two-candidate cells that see both (the bivalue cell {v,w} would lose
    both of its digits)."""
    masks = board.masks
    cover: dict[int, int] = {}
    for e in bits(board.geo.peer_bits[a] & board.geo.peer_bits[b] & small):
        m = masks[e]
        if m.bit_count() != 2:
            continue
        for v0 in mask_bits(m):
            cover[v0] = cover.get(v0, 0) | (m & ~(1 << v0))
    return cover


#: the memo key of the last board state on which the pair search found nothing
_PAIR_NONE_KEY = "aligned-pair-none"


def find_pair(board: Board) -> Step | None:
    """An aligned pair exclusion, or None.

    Driven by the partner cell b: for a to lose x, every other digit w of b needs a cell
    {x,w} that sees both a and b (a = x, b = w would empty it; a = x, b = x is ruled out as
    a and b see each other). So b's digits other than x must all be paired with x in
    bivalue peers of b, and a is any peer of b holding x that sees one of each.
    """
    geo = board.geo
    masks = board.masks
    peer_bits = geo.peer_bits
    bivalue = board.bivalue_cells()
    if not bivalue:
        return None
    dcells = board.dcells
    # what partner b finds depends only on b and its peers: where none of them changed since
    # the search last found nothing, it finds nothing again
    changed = board.changed_since(board.memo.get(_PAIR_NONE_KEY))
    # (cell sets walked lowest first by hand: cheaper than the bits() generator here)
    todo = board.unsolved
    while todo:
        low = todo & -todo
        todo ^= low
        b = low.bit_length() - 1
        if not (peer_bits[b] | low) & changed:
            continue
        mb = masks[b]
        size = mb.bit_count()
        if size < 2:
            continue
        near = peer_bits[b] & bivalue
        if near.bit_count() < size - 1:
            continue
        # the bivalue peers of b whose digits are both b's, by digit pair
        pairs: dict[int, int] = {}
        while near:
            ebit = near & -near
            near ^= ebit
            m = masks[ebit.bit_length() - 1]
            if not m & ~mb:
                pairs[m] = pairs.get(m, 0) | ebit
        if len(pairs) < size - 1:
            continue
        for x0 in mask_bits(mb):
            xbit = 1 << x0
            reach = peer_bits[b] & dcells[x0]
            helpers = 0
            for w0 in mask_bits(mb & ~xbit):
                es = pairs.get(xbit | 1 << w0, 0)
                if not es:
                    reach = 0
                    break
                seen = 0
                x = es
                while x:
                    ebit = x & -x
                    x ^= ebit
                    seen |= peer_bits[ebit.bit_length() - 1]
                reach &= seen
                helpers |= es
                if not reach:
                    break
            if reach:
                a = (reach & -reach).bit_length() - 1
                return _step(board, ALIGNED_PAIR, (a, b), a, xbit, helpers)
    board.memo[_PAIR_NONE_KEY] = board.snapshot()
    return None


def find_triple(board: Board) -> Step | None:
    """An aligned triple exclusion, or None."""
    geo = board.geo
    masks = board.masks
    peer_bits = geo.peer_bits
    small = 0
    for c in bits(board.unsolved):
        if masks[c].bit_count() <= 3:
            small |= 1 << c
    if not small:
        return None
    done: set[tuple[int, int, int]] = set()
    for unit in geo.unit_bits:
        cells = [c for c in bits(unit & board.unsolved) if masks[c] & (masks[c] - 1)]
        if len(cells) < 4:  # three cells left in a unit hold three digits: nothing to exclude
            continue
        pair_covers: dict[tuple[int, int], dict[int, int]] = {}
        for i, a in enumerate(cells):
            for j in range(i + 1, len(cells)):
                b = cells[j]
                for c in cells[j + 1:]:
                    common = peer_bits[a] & peer_bits[b] & peer_bits[c] & small
                    if not common or (a, b, c) in done:
                        continue
                    done.add((a, b, c))
                    trios = [masks[e] for e in bits(common) if masks[e].bit_count() == 3]
                    covers = {}
                    for p, q in ((a, b), (a, c), (b, c)):
                        found = pair_covers.get((p, q))
                        if found is None:
                            found = _pair_cover(board, p, q, small)
                            pair_covers[(p, q)] = found
                        covers[(p, q)] = covers[(q, p)] = found
                    if not (trios or covers[(a, b)] or covers[(a, c)] or covers[(b, c)]):
                        continue  # only "no digit twice" excludes: naked subsets did that
                    for base, o1, o2 in ((a, b, c), (b, a, c), (c, a, b)):
                        gone = _excluded(masks, base, o1, o2, covers, trios)
                        if gone:
                            return _step(
                                board, ALIGNED_TRIPLE, (a, b, c), base, gone,
                                _helpers(board, (a, b, c), small),
                            )
    return None


def _excluded(
    masks: list[int], base: int, o1: int, o2: int,
    covers: dict[tuple[int, int], dict[int, int]], trios: list[int],
) -> int:
    """The digits of ``base`` in no possible combination with ``o1`` and ``o2`` (the three
    cells all in one unit, so no two take the same digit)."""
    gone = 0
    m1 = masks[o1]
    m2 = masks[o2]
    c_b1 = covers[(base, o1)]
    c_b2 = covers[(base, o2)]
    c_12 = covers[(o1, o2)]
    # most z of o2 survive every y of o1 unless enough cells exclude them: a cheap bound
    # first (each two-candidate cell of o1 and o2 rules out one z for a y, each three-
    # candidate cell one z for an x and a y)
    most = 1 + len(trios) + max([w.bit_count() for w in c_12.values()], default=0)
    for x0 in mask_bits(masks[base]):
        xbit = 1 << x0
        free1 = m1 & ~xbit & ~c_b1.get(x0, 0)
        free2 = m2 & ~xbit & ~c_b2.get(x0, 0)
        if free1 and free2.bit_count() > most:
            continue
        possible = False
        for y0 in mask_bits(free1):
            ybit = 1 << y0
            left = free2 & ~ybit & ~c_12.get(y0, 0)
            if left and trios:
                for t in trios:
                    if t & xbit and t & ybit:
                        left &= ~t
            if left:
                possible = True
                break
        if not possible:
            gone |= xbit
    return gone


def _helpers(board: Board, chosen: tuple[int, ...], small: int) -> int:
    """The cells with few candidates that see two or more of the chosen cells."""
    peer_bits = board.geo.peer_bits
    out = 0
    for c in chosen:
        for d in chosen:
            if c < d:
                out |= peer_bits[c] & peer_bits[d] & small
    for c in chosen:
        out &= ~(1 << c)
    return out


def _step(
    board: Board, tech: Technique, chosen: tuple[int, ...], base: int, gone: int, helpers: int
) -> Step:
    geo = board.geo
    digits = digits_of(gone)
    text = (
        f"Cells {cell_list(geo, sorted(chosen))} see each other, and the cells with few "
        f"candidates that see them ({cell_list(geo, bits(helpers))}) rule out every "
        f"combination in which "
        f"{geo.cell_names[base]} is {' or '.join(str(d) for d in digits)}: "
        f"{digit_list(digits)} {'leaves' if len(digits) == 1 else 'leave'} "
        f"{geo.cell_names[base]}."
    )
    return tech.step(board, [*chosen, *bits(helpers)], text, elim=[(base, d) for d in digits])


ALIGNED_PAIR = Technique(
    key="aligned-pair-exclusion", name="Aligned Pair Exclusion", level=Level.EXPERT, score=6.2,
    effort=260, find=find_pair,
)
ALIGNED_TRIPLE = Technique(
    key="aligned-triple-exclusion", name="Aligned Triple Exclusion", level=Level.EXPERT, score=7.5,
    effort=320, find=find_triple,
)
