"""Strong-link chains on one digit, plain and grouped, as Sukaku Explainer rates them.

A house whose candidates of a digit fall into two parts holds a strong link between them:
if one part lacks the digit, the other has it. A part is a single cell, or a group (the
cells of one box in a line, or of one line in a box): a row or column whose candidates lie
in two boxes, or a box whose candidates lie on one row and one column through a cell (an
empty rectangle's cross) or on two rows or two columns. Two to four such links, in houses
that share no candidate, joined end to start by parts that share a house (weak links), make
a chain: one of its two far ends holds the digit, and the digit leaves every cell that sees
both (outside the chain's houses). Where the far ends share a house too, the chain is a
loop and each weak link also removes the digit from the cells that see both its parts.

Sukaku Explainer scores two links 4.0, three 5.4, four 5.8; a chain with a group 0.3 more;
else one with links in a box and in lines of both directions 0.2 more, with either 0.1 more
(Skyscraper 4.0, 2-String Kite and Turbot Fish 4.1, the grouped ones 4.3). Each technique
here takes the least-scored chain of its number of links (the most eliminations among
equals). They belong to the ``sukaku`` scale's ladder, which tries them where Sukaku
Explainer does: the two-link chains before the XY-Wing, three before the WXYZ-Wing, four
before the VWXYZ-Wing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..board import Board, bits
from ..step import Level, Step, Technique, cell_list

#: Sukaku Explainer's base score of a chain of 2, 3, 4 strong links
BASES: dict[int, float] = {2: 4.0, 3: 5.4, 4: 5.8}
#: the most candidates a house may have for a (grouped) link
_MOST = 6


@dataclass(frozen=True)
class _Link:
    """A strong link of one digit in house ``unit`` (``kind`` 0 box, 1 row, 2 column):
    its two parts, each the candidates it stands for (``a``, ``b``) and the cells a weak
    link to it must share a house with (``ga``, ``gb``: the candidates, and a box's cross
    cell where one side is a single cell); ``house`` the house's candidates."""

    unit: int
    kind: int
    house: int
    a: int
    ga: int
    b: int
    gb: int
    grouped: bool


def _parts(cells: int, groups: list[int]) -> list[int]:
    return [cells & g for g in groups if cells & g]


def _box_links(board: Board, unit: int, cells: int) -> list[_Link]:
    """The links of a box: two cells not on one line; or a cross through a cell (the
    first cell in reading order whose row and column hold every candidate), its column's
    candidates against its row's; or two rows (else two columns) of it."""
    geo = board.geo
    box = geo.units[unit]
    box_bits = geo.unit_bits[unit]
    count = cells.bit_count()
    if count == 2:
        a, b = bits(cells)
        if geo.row_of[a] == geo.row_of[b] or geo.col_of[a] == geo.col_of[b]:
            return []
        return [_Link(unit, 0, cells, 1 << a, 1 << a, 1 << b, 1 << b, False)]
    row_seg = {c: box_bits & geo.unit_bits[geo.row_of[c]] for c in box}
    col_seg = {c: box_bits & geo.unit_bits[geo.n + geo.col_of[c]] for c in box}
    for h in box:
        if cells & ~(row_seg[h] | col_seg[h]):
            continue
        heart = 1 << h
        down, across = cells & col_seg[h] & ~heart, cells & row_seg[h] & ~heart
        if not down or not across:
            return []
        if down.bit_count() == 1 or across.bit_count() == 1:
            # a single cell on one side; the cross cell (a candidate or not) goes with the
            # other side, the column's where both are single (as Sukaku Explainer takes it)
            single, other = (across, down) if across.bit_count() == 1 else (down, across)
            part = other | (heart & cells)
            return [_Link(unit, 0, cells, single, single, part, other | heart, True)]
        if cells & heart:  # the cross cell holds the digit: it goes with either side
            return [_Link(unit, 0, cells, down | heart, down | heart, across, across, True),
                    _Link(unit, 0, cells, down, down, across | heart, across | heart, True)]
        return [_Link(unit, 0, cells, down, down, across, across, True)]
    if count < 4:
        return []
    for segs, cross in ((row_seg, col_seg), (col_seg, row_seg)):
        lines = _parts(cells, sorted(set(segs.values())))
        if len(lines) != 2:
            continue
        out = [_Link(unit, 0, cells, lines[0], lines[0], lines[1], lines[1], True)]
        others = _parts(cells, sorted(set(cross.values())))
        if count == 4 and len(others) == 2:  # a square: its columns (rows) too
            out.append(_Link(unit, 0, cells, others[0], others[0], others[1], others[1], True))
        return out
    return []


def _links(board: Board, d0: int) -> list[_Link]:
    """Every strong link of digit ``d0`` (0-based), plain and grouped."""
    geo = board.geo
    n = geo.n
    dc = board.dcells[d0]
    out: list[_Link] = []
    for unit in range(3 * n):
        cells = dc & geo.unit_bits[unit]
        count = cells.bit_count()
        if count < 2 or count > _MOST:
            continue
        if unit >= 2 * n:
            out.extend(_box_links(board, unit, cells))
            continue
        kind = 1 if unit < n else 2
        if count == 2:
            a, b = bits(cells)
            out.append(_Link(unit, kind, cells, 1 << a, 1 << a, 1 << b, 1 << b, False))
            continue
        segs = _parts(cells, [geo.unit_bits[2 * n + b] for b in
                              sorted({geo.box_of[c] for c in bits(cells)})])
        if len(segs) == 2:
            out.append(_Link(unit, kind, cells, segs[0], segs[0], segs[1], segs[1], True))
    return out


def _share(board: Board, cells: int) -> int | None:
    """The house that holds all of ``cells`` (a column first, then a row, then a box)."""
    geo = board.geo
    n = geo.n
    c = (cells & -cells).bit_length() - 1
    for unit in (n + geo.col_of[c], geo.row_of[c], 2 * n + geo.box_of[c]):
        if cells & geo.unit_bits[unit] == cells:
            return unit
    return None


def score_of(links: list[_Link]) -> float:
    """Sukaku Explainer's score of a chain of ``links``."""
    base = BASES[len(links)]
    if any(link.grouped for link in links):
        return round(base + 0.3, 1)
    kinds = {link.kind for link in links}
    bonus = (0 in kinds) + (kinds >= {1, 2})
    return round(base + 0.1 * bonus, 1)


def _seen(board: Board, *cellsets: int) -> int:
    out = -1
    for cells in cellsets:
        for c in bits(cells):
            out &= board.geo.peer_bits[c]
    return out


#: a chain: its links, each with the way it is read (0: from part a to b, 1: from b to a)
_Chain = list[tuple[_Link, int]]


_Graph = tuple[list[tuple[_Link, int]], list[list[tuple[int, int]]]]


def _graph(board: Board, d0: int) -> _Graph:
    """The links of digit ``d0``, each read both ways (its ends), and for each end the
    ends that can follow it (sharing a house with it, in a house of other candidates) with
    that house; kept while the digit's cells stay the same."""
    dc = board.dcells[d0]
    key = ("strong-link-graph", d0)
    kept = board.memo.get(key)
    if kept is not None and kept[0] == dc:  # type: ignore[index]
        return kept[1]  # type: ignore[index]
    ends = [(link, o) for link in _links(board, d0) for o in (0, 1)]
    # (in geometry, out geometry) of each end
    geos = [(link.ga, link.gb) if o == 0 else (link.gb, link.ga) for link, o in ends]
    nexts: list[list[tuple[int, int]]] = []
    for i, (link, _) in enumerate(ends):
        out_geo = geos[i][1]
        follow = []
        for j, (other, _) in enumerate(ends):
            in_geo = geos[j][0]
            if other.house & link.house or in_geo & out_geo:
                continue
            share = _share(board, in_geo | out_geo)
            if share is not None:
                follow.append((j, share))
        nexts.append(follow)
    board.memo[key] = (dc, (ends, nexts))
    return ends, nexts


def _chains(board: Board, d0: int, size: int, most: Callable[[], float] = lambda: 99.0
            ) -> Iterator[tuple[_Chain, list[int]]]:
    """Every chain of ``size`` links of digit ``d0`` that could score ``most()`` or less:
    (its links, each with the way it is read; the houses of the weak links between
    them)."""
    ends, nexts = _graph(board, d0)
    base = BASES[size]

    def least(chain: list[int]) -> float:
        """The least score a chain beginning with ``chain`` can have."""
        if any(ends[i][0].grouped for i in chain):
            return round(base + 0.3, 1)
        kinds = {ends[i][0].kind for i in chain}
        return round(base + 0.1 * ((0 in kinds) + (kinds >= {1, 2})), 1)

    def grow(chain: list[int], used: int, shares: list[int]
             ) -> Iterator[tuple[_Chain, list[int]]]:
        if least(chain) > most():
            return
        if len(chain) == size:
            yield [ends[i] for i in chain], shares
            return
        for j, share in nexts[chain[-1]]:
            if not ends[j][0].house & used:
                yield from grow([*chain, j], used | ends[j][0].house, [*shares, share])

    for i, (link, _) in enumerate(ends):
        yield from grow([i], link.house, [])


def _removals(board: Board, d0: int, chain: _Chain, shares: list[int]) -> tuple[int, bool]:
    """What the chain removes, and whether it is a loop."""
    geo = board.geo
    dc = board.dcells[d0]
    first, o1 = chain[0]
    last, o2 = chain[-1]
    start_geo = first.ga if o1 == 0 else first.gb
    start = first.a if o1 == 0 else first.b
    end_geo = last.gb if o2 == 0 else last.ga
    end = last.b if o2 == 0 else last.a
    outside = dc
    for link, _ in chain:
        outside &= ~geo.unit_bits[link.unit]
    outside &= ~(start | end)
    loop = _share(board, start_geo | end_geo) is not None
    gone = _seen(board, start_geo, end_geo) & outside
    if not loop:
        for unit in shares:
            gone &= ~geo.unit_bits[unit]
        return gone, False
    for (x, ox), (y, oy) in zip(chain, chain[1:], strict=False):
        out_geo = x.gb if ox == 0 else x.ga
        in_geo = y.ga if oy == 0 else y.gb
        out_c = x.b if ox == 0 else x.a
        in_c = y.a if oy == 0 else y.b
        gone |= _seen(board, out_geo, in_geo) & outside & ~(out_c | in_c)
    return gone, True


def _finder(size: int) -> Callable[[Board], Step | None]:
    def find(board: Board) -> Step | None:
        """The least-scored chain of ``size`` strong links that removes something."""
        n = board.geo.n
        if n != 9:
            return None
        memo = board.memo
        best: tuple[float, int, int, _Chain, bool] | None = None
        most = [99.0]  # the best score yet: no chain scoring more is followed
        for d0 in range(n):
            dc = board.dcells[d0]
            key = ("strong-links", size, d0)
            if not dc or memo.get(key) == dc:
                continue
            found = False
            pruned = best is not None  # (chains scored over the best were not followed)
            for chain, shares in _chains(board, d0, size, lambda: most[0]):
                links = [link for link, _ in chain]
                score = score_of(links)
                if best is not None and score > best[0]:
                    found = True  # (not known to remove nothing)
                    continue
                gone, loop = _removals(board, d0, chain, shares)
                if not gone:
                    continue
                found = True
                rank = (score, -gone.bit_count())
                if best is None or rank < (best[0], -best[1].bit_count()):
                    best = (score, gone, d0, chain, loop)
                    most[0] = score
            if not found and not pruned:
                memo[key] = dc  # nothing for this digit while its cells stay the same
        return None if best is None else _step(board, size, *best)
    return find


def _step(board: Board, size: int, score: float, gone: int, d0: int, chain: _Chain,
          loop: bool) -> Step:
    geo = board.geo
    d = d0 + 1
    parts = []
    cells = 0
    for link, o in chain:
        a, b = (link.a, link.b) if o == 0 else (link.b, link.a)
        cells |= a | b
        parts.append(f"{cell_list(geo, bits(a))}={cell_list(geo, bits(b))} "
                     f"({geo.unit_names[link.unit]})")
    kind = "loop" if loop else "chain"
    text = (f"The strong links of {d} {', '.join(parts)}, each joined to the next by a "
            f"shared house, make a {kind}: {d} leaves {cell_list(geo, bits(gone))}.")
    return TECHNIQUES[size].step(board, bits(cells), text, score=score,
                                 elim=[(c, d) for c in bits(gone)],
                                 houses=[geo.units[link.unit] for link, _ in chain])


#: the chains of 2, 3 and 4 strong links, by their number of links
TECHNIQUES: dict[int, Technique] = {
    size: Technique(key=f"strong-links-{size}", name=f"{size} Strong Links", level=Level.HARD,
                    score=BASES[size], effort=100 + 50 * size, find=_finder(size))
    for size in BASES
}
