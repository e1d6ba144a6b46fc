"""Unique rectangles, types 1 to 4 (sound only on a puzzle with exactly one solution).

Four unplaced cells at the corners of a rectangle that spans two rows, two columns and two
boxes must not all end up as the same pair {a,b}: the two digits could then be swapped, and
the puzzle would have two solutions. Candidates that would force that deadly pattern go.
A corner with other candidates may already have lost a or b (never a given: it is unplaced):
the argument is about the solution, not the candidates, so it still counts.

- Type 1: three corners hold only {a,b}: the fourth loses a and b.
- Type 2: two corners hold only {a,b}, the other two exactly {a,b,z}: one of those is z,
  so z leaves every cell that sees both.
- Type 3: the two extra corners' extra digits act as one cell that, with other cells of a
  unit they share, forms a naked subset (its digits leave every unit its cells share); or
  the two digits of the pair, which the extra corners hold once at most between them, have
  one other place in that unit, a hidden pair.
- Type 4: two corners hold only {a,b}; in a unit the other two share, a fits only in them:
  so b leaves both (else they would be a and b, deadly).
"""

from __future__ import annotations

from itertools import combinations

from ..board import Board, Geometry, bits, digits_of
from ..step import Level, Step, Technique, cell_list, digit_list


def rectangles(board: Board) -> list[tuple[int, int, int, int, int]]:
    """(pair mask, floor1, floor2, roof1, roof2): rectangles over two boxes whose floor cells
    hold exactly the pair and whose unplaced roof cells hold at least one of its digits (a
    roof may have lost the other); floor and roof each share a line. In the order of the
    first floor cell, its row before its column, the second floor cell, the roof's line.
    (Listed once per board state: the four types all look at them.)"""
    found = board.derived("rectangles")
    if found is None:
        found = _rectangles(board)
        board.keep("rectangles", found)
    return found  # type: ignore[return-value]


def _rectangles(board: Board) -> list[tuple[int, int, int, int, int]]:
    masks = board.masks
    dcells = board.dcells
    memo = board.memo
    bivalue = board.bivalue_cells()
    # the open cells (two candidates or more): a roof corner holds a digit of the pair there
    wide = board.crowded_cells()[1]
    done = 0  # the cells with two candidates whose pair was looked at
    entries: list[tuple[int, tuple[int, int, int, int, int]]] = []
    rest = bivalue
    while rest:
        fbit = rest & -rest
        rest ^= fbit
        if done & fbit:
            continue
        pair = masks[fbit.bit_length() - 1]
        low = pair & -pair
        a_cells = dcells[low.bit_length() - 1]
        b_cells = dcells[(pair ^ low).bit_length() - 1]
        floors = bivalue & a_cells & b_cells
        roofs = wide & (a_cells | b_cells)
        done |= floors
        # a pair's rectangles depend on these two cell sets alone: kept while they stay
        key = ("pair-floors", pair)
        kept: tuple[int, int, list] | None = memo.get(key)  # type: ignore[assignment]
        if kept is None or kept[0] != floors or kept[1] != roofs:
            kept = (floors, roofs, _pair_rectangles(board.geo, pair, floors, roofs))
            memo[key] = kept
        entries += kept[2]
    entries.sort()
    return [rectangle for _, rectangle in entries]


def _pair_rectangles(geo: Geometry, pair: int, floors: int, roofs: int
                     ) -> list[tuple[int, tuple[int, int, int, int, int]]]:
    """The rectangles of ``pair`` with two floor cells of ``floors`` and two roof cells of
    ``roofs``, each with its place in the listing (see :func:`rectangles`)."""
    n = geo.n
    ncells = geo.ncells
    row_of, col_of, box_of = geo.row_of, geo.col_of, geo.box_of
    unit_bits = geo.unit_bits
    out = []
    for f1 in bits(floors):
        for side, line_unit in enumerate((row_of[f1], n + col_of[f1])):
            for f2 in bits(floors & unit_bits[line_unit] & ~((2 << f1) - 1)):
                # the roof: the same two cross positions on a parallel line
                along_row = line_unit < n
                for other in range(n):
                    if other == (row_of[f1] if along_row else col_of[f1]):
                        continue
                    if along_row:
                        r1, r2 = other * n + col_of[f1], other * n + col_of[f2]
                    else:
                        r1, r2 = row_of[f1] * n + other, row_of[f2] * n + other
                    if not (roofs >> r1 & 1 and roofs >> r2 & 1):
                        continue
                    if len({box_of[f1], box_of[f2], box_of[r1], box_of[r2]}) != 2:
                        continue
                    out.append((((f1 * 2 + side) * ncells + f2) * n + other,
                                (pair, f1, f2, r1, r2)))
    return out


def _text(board: Board, pair: int, corners: tuple[int, ...], why: str) -> str:
    geo = board.geo
    return (
        f"Unique rectangle {cell_list(geo, sorted(corners))} on {digit_list(digits_of(pair))}: "
        f"{why}"
    )


def find_type1(board: Board) -> Step | None:
    """A type 1 unique rectangle (three corners hold only the pair), or None."""
    masks = board.masks
    for pair, f1, f2, r1, r2 in rectangles(board):
        for roof, other in ((r1, r2), (r2, r1)):
            if masks[other] == pair and masks[roof] != pair:
                gone = [(roof, d) for d in digits_of(masks[roof] & pair)]
                name = board.geo.cell_names[roof]
                text = _text(
                    board,
                    pair,
                    (f1, f2, r1, r2),
                    f"three corners hold only the pair, so {name} must not.",
                )
                return UR_TYPE1.step(board, (f1, f2, r1, r2), text, elim=gone)
    return None


def find_type2(board: Board) -> Step | None:
    """A type 2 unique rectangle (one extra digit on both roof cells), or None."""
    masks = board.masks
    peer_bits = board.geo.peer_bits
    for pair, f1, f2, r1, r2 in rectangles(board):
        extra = masks[r1] & ~pair
        if masks[r2] & ~pair != extra or extra.bit_count() != 1:
            continue
        z = extra.bit_length()
        gone = board.dcells[z - 1] & peer_bits[r1] & peer_bits[r2]
        if gone:
            text = _text(
                board,
                pair,
                (f1, f2, r1, r2),
                f"{board.geo.cell_names[r1]} or {board.geo.cell_names[r2]} is {z}, so "
                f"{z} leaves {cell_list(board.geo, bits(gone))}.",
            )
            return UR_TYPE2.step(board, (f1, f2, r1, r2), text, elim=[(c, z) for c in bits(gone)])
    return None


def find_type3(board: Board) -> Step | None:
    """A type 3 unique rectangle (roof extras in a naked subset), or None."""
    geo = board.geo
    masks = board.masks
    for pair, f1, f2, r1, r2 in rectangles(board):
        extra = (masks[r1] | masks[r2]) & ~pair
        if not masks[r1] & ~pair or not masks[r2] & ~pair:
            continue
        roof = (1 << r1) | (1 << r2)
        for u in [w for w in geo.cell_houses[r1] if geo.unit_bits[w] >> r2 & 1]:
            others = [c for c in bits(geo.unit_bits[u] & board.unsolved & ~roof)]
            # a cell whose candidates and the extra digits number more than four is in no
            # subset of three cells or fewer (the sizes tried still go by all the cells)
            fitting = [c for c in others if (masks[c] | extra).bit_count() <= 4]
            for size in range(1, min(4, len(others))):
                for combo in combinations(fitting, size):
                    union = extra
                    for c in combo:
                        union |= masks[c]
                    if union.bit_count() != size + 1:
                        continue
                    inside = roof | sum(1 << c for c in combo)
                    # every unit the subset lies in loses its digits (a row and a box at
                    # once, where the subset's cells share both), as a locked subset does
                    gone = sorted({
                        (c, d)
                        for w in geo.common_units(inside)
                        for d in digits_of(union)
                        for c in bits(board.unit_cells(w, d) & ~inside)
                    })
                    if gone:
                        units = " and ".join(
                            geo.unit_names[w] for w in geo.common_units(inside))
                        text = _text(
                            board,
                            pair,
                            (f1, f2, r1, r2),
                            f"{geo.cell_names[r1]} or {geo.cell_names[r2]} holds one of "
                            f"{digit_list(digits_of(extra))}; with {cell_list(geo, combo)} "
                            f"they make a naked subset on {digit_list(digits_of(union))} in "
                            f"{units}.",
                        )
                        return UR_TYPE3.step(board, (f1, f2, r1, r2, *combo), text, elim=gone)
            step = _hidden_pair(board, pair, (f1, f2, r1, r2), u)
            if step is not None:
                return step
    return None


def _hidden_pair(board: Board, pair: int, corners: tuple[int, int, int, int], u: int
                 ) -> Step | None:
    """The type 3 with a hidden pair: the two roof corners (the last two of ``corners``), in
    unit ``u``, hold one of the pair's digits at most (both would be deadly); where the
    pair's two digits have, outside them, one place left in ``u`` between them, that cell
    holds one of the two and loses its other candidates."""
    geo = board.geo
    r1, r2 = corners[2], corners[3]
    roof = (1 << r1) | (1 << r2)
    a, b = digits_of(pair)
    a_places, b_places = board.unit_cells(u, a), board.unit_cells(u, b)
    if not a_places or not b_places:
        return None  # a digit placed in the unit already: it need not come back
    places = (a_places | b_places) & ~roof
    if places.bit_count() != 1:
        return None
    c = places.bit_length() - 1
    gone = [(c, d) for d in digits_of(board.masks[c] & ~pair)]
    if not gone:
        return None
    text = _text(
        board, pair, corners,
        f"{geo.cell_names[r1]} and {geo.cell_names[r2]} hold {a} or {b} once at most, and "
        f"{geo.cell_names[c]} is the only other place of either in {geo.unit_names[u]}: "
        f"it holds one of them, a hidden pair.",
    )
    return UR_TYPE3.step(board, (*corners, c), text, elim=gone)


def find_type4(board: Board) -> Step | None:
    """A type 4 unique rectangle (a strong link on the roof), or None."""
    geo = board.geo
    for pair, f1, f2, r1, r2 in rectangles(board):
        roof = (1 << r1) | (1 << r2)
        for u in [w for w in geo.cell_houses[r1] if geo.unit_bits[w] >> r2 & 1]:
            for a in digits_of(pair):
                if board.unit_cells(u, a) != roof:
                    continue
                b = digits_of(pair & ~(1 << (a - 1)))[0]
                gone = [(c, b) for c in (r1, r2) if board.masks[c] >> (b - 1) & 1]
                if not gone:
                    continue
                text = _text(
                    board,
                    pair,
                    (f1, f2, r1, r2),
                    f"in {geo.unit_names[u]}, {a} fits only in {geo.cell_names[r1]} and "
                    f"{geo.cell_names[r2]}, so {b} leaves both.",
                )
                return UR_TYPE4.step(board, (f1, f2, r1, r2), text, elim=gone)
    return None


UR_TYPE1 = Technique(
    key="unique-rectangle-1",
    name="Unique Rectangle Type 1",
    level=Level.HARD,
    score=4.5,
    effort=100,
    find=find_type1,
    uniqueness=True,
)
UR_TYPE2 = Technique(
    key="unique-rectangle-2",
    name="Unique Rectangle Type 2",
    level=Level.HARD,
    score=4.6,
    effort=100,
    find=find_type2,
    uniqueness=True,
)
UR_TYPE3 = Technique(
    key="unique-rectangle-3",
    name="Unique Rectangle Type 3",
    level=Level.HARD,
    score=4.8,
    effort=100,
    find=find_type3,
    uniqueness=True,
)
UR_TYPE4 = Technique(
    key="unique-rectangle-4",
    name="Unique Rectangle Type 4",
    level=Level.HARD,
    score=4.7,
    effort=100,
    find=find_type4,
    uniqueness=True,
)
