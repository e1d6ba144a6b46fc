"""ALS-XY-Chain: almost locked sets A1, A2, ..., An in a row, each joined to the next by a
restricted common digit, no two neighbouring links on the same digit.

If A1 does not hold a digit Z, it locks on its other digits and holds its link digit x1;
then A2 loses x1, locks, and holds x2; and so on to An, which locks and so holds Z. So A1 or
An holds Z (when Z is neither the first nor the last link digit), and Z leaves every cell
that sees all the Z cells of both ends. Two sets make an ALS-XZ and three an ALS-XY-Wing;
this technique looks at chains of four or five sets, the shortest first, as HoDoKu caps its
ALS chains.
"""

from __future__ import annotations

from ..board import Board, bits, mask_bits
from ..step import Level, Step, Technique, cell_list
from .als import AlsGraph, graph
from .chains import chain_bonus

#: the most sets in a chain (four links): longer ones cost much more to search and are rare
MAX_SETS = 5


def find(board: Board) -> Step | None:
    """The shortest ALS-XY-Chain (4..MAX_SETS sets) that eliminates something, or None."""
    g = graph(board)
    links = g.links
    useful = g.useful
    reach = g.reach
    cells = g.cells
    n = board.geo.n
    best: tuple[int, list[tuple[int, int]], int, int] | None = None
    last = MAX_SETS - 1  # the most links
    for start, u in enumerate(useful):
        if not u:
            continue
        # breadth-first over (set, digit of the link that reached it), each state once per
        # start; a state's parent is kept to spell the chain out, and the chain's cells are
        # carried so that no two of its sets overlap (a state (j, x0) is keyed j * n + x0)
        parent: dict[int, tuple[int, int]] = {}
        frontier: list[tuple[int, int, int, int]] = []  # set, link digit, cells, first digit
        for j, x0 in links[start]:
            if u & ~(1 << x0) and j * n + x0 not in parent:
                parent[j * n + x0] = (start, -1)
                frontier.append((j, x0, cells[start] | cells[j], x0))
        for depth in range(2, last + 1):
            if best is not None and depth >= best[0]:
                break
            grown: list[tuple[int, int, int, int]] = []
            for k, in0, used, first in frontier:
                for j, x0 in links[k]:
                    if x0 == in0:
                        continue
                    state = j * n + x0
                    if state in parent or cells[j] & used:
                        continue
                    parent[state] = (k, in0)
                    if depth >= 3:
                        common = u & useful[j] & ~(1 << first) & ~(1 << x0)
                        for z0 in mask_bits(common):
                            gone = reach[start][z0] & reach[j][z0]
                            if gone:
                                best = (depth, _path(parent, (j, x0), n), z0, gone)
                                break
                        if best is not None and best[0] == depth:
                            break
                    if depth < last:
                        grown.append((j, x0, used | cells[j], first))
                if best is not None and best[0] == depth:
                    break
            frontier = grown
    if best is None:
        return None
    _, path, z0, gone = best
    return _step(board, g, path, z0 + 1, gone)


def _path(
    parent: dict[int, tuple[int, int]], end: tuple[int, int], n: int
) -> list[tuple[int, int]]:
    """The chain from its start to ``end``, as (set, digit of the link into it)."""
    out = [end]
    node = end
    while node[1] >= 0:
        node = parent[node[0] * n + node[1]]
        out.append(node)
    out.reverse()
    return out


def _step(board: Board, g: AlsGraph, path: list[tuple[int, int]], z: int, gone: int) -> Step:
    parts = [g.name(board, path[0][0])]
    for k, x0 in path[1:]:
        parts.append(f"-{x0 + 1}- {g.name(board, k)}")
    text = (
        f"Chain of almost locked sets {' '.join(parts)}, each link a digit that at most one "
        f"of its two sets can hold: if the first set lacks {z} it locks, holds its link digit "
        f"and makes the next set lock, and so on to the last, which then holds {z}. So one "
        f"end holds {z}, and {z} leaves {cell_list(board.geo, bits(gone))}."
    )
    cells = 0
    for k, _ in path:
        cells |= g.cells[k]
    links = len(path) - 1
    return ALS_XY_CHAIN.step(
        board, bits(cells), text, elim=[(c, z) for c in bits(gone)],
        score=ALS_XY_CHAIN.score + chain_bonus(2 * links),
    )


ALS_XY_CHAIN = Technique("als-xy-chain", "ALS-XY-Chain", Level.EXPERT, 7.7, 340, find)
