"""What the ALS techniques share: the almost locked sets of a board and the restricted common
digits that join them, worked out once per board state.

The sets come from :mod:`.als_xz` (cached per unit there). Two disjoint sets A and B are
joined by a *restricted common* digit x when both hold x and every x of A sees every x of B:
at most one of them can hold x, so when one of them does, the other loses x and locks on its
remaining digits. ALS-XY-Wing, ALS-XY-Chain and Death Blossom all walk these links; the
graph is kept on the board (``Board.keep``) so the techniques tried on one board build it
once between them.
"""

from __future__ import annotations

from ..board import Board, bits, digits_of
from ..step import cell_list, digit_list
from .als_xz import Als, sets_of

__all__ = ["Als", "AlsGraph", "als_name", "graph"]

#: the largest set the graph takes (ALS-XZ looks at sets of up to five cells): every cell
#: more multiplies the links, and with four-cell sets the three techniques cost a sixth of
#: the whole rating time while finding about twice the steps
MAX_CELLS = 3


class AlsGraph:
    """The almost locked sets of one board state and their restricted commons.

    ``sets[k]`` is a set; ``reach[k][d0]`` the cells outside it that hold digit d0+1 and see
    every d0+1 of it (where a conclusion "the set holds d0+1" eliminates; only digits where
    there are some), ``useful[k]`` those digits (as a mask); ``links[k]`` the pairs (j, x0):
    set j is disjoint from set k and joined to it by the restricted common digit x0+1.
    """

    __slots__ = ("sets", "reach", "useful", "links", "holding")

    def __init__(self, board: Board) -> None:
        # the sets, their reach and useful digits are ALS-XZ's (shared per board state)
        every = sets_of(board)
        keep = [k for k, a in enumerate(every.sets) if a.cells.bit_count() <= MAX_CELLS]
        sets = [every.sets[k] for k in keep]
        reach = [every.reach[k] for k in keep]
        useful = [every.useful[k] for k in keep]
        n = board.geo.n
        # sets bucketed by their first cell holding each digit: a partner joined by x has
        # all its x cells (so its first one) where every x of the set is seen
        first: list[dict[int, list[int]]] = [{} for _ in range(n)]
        holding: list[list[int]] = [[] for _ in range(n)]
        for k, a in enumerate(sets):
            for x0, low in a.heads:
                holding[x0].append(k)
                bucket = first[x0].get(low)
                if bucket is None:
                    first[x0][low] = [k]
                else:
                    bucket.append(k)
        links: list[list[tuple[int, int]]] = [[] for _ in sets]
        for k, a in enumerate(sets):
            ra = reach[k]
            cells = a.cells
            for x0, near_all in ra.items():
                near = near_all
                buckets = first[x0]
                while near:
                    low = near & -near
                    near ^= low
                    # buckets list sets in increasing order: each pair once, from its first
                    for j in reversed(buckets.get(low.bit_length() - 1, ())):
                        if j <= k:
                            break
                        b = sets[j]
                        if cells & b.cells or b.by_digit[x0] & ~near_all:
                            continue
                        links[k].append((j, x0))
                        links[j].append((k, x0))
        self.sets = sets
        self.reach = reach
        self.useful = useful
        self.links = links
        #: for each digit d0, the sets that hold d0+1
        self.holding = holding


def graph(board: Board) -> AlsGraph:
    """The ALS graph of the board as it is now (built once per board state)."""
    found = board.derived("als-graph")
    if found is not None:
        return found  # type: ignore[return-value]
    made = AlsGraph(board)
    board.keep("als-graph", made)
    return made


def als_name(board: Board, a: Als) -> str:
    """``r1c1, r1c5 {2,5,7}``: a set's cells and digits for a sentence."""
    return f"{cell_list(board.geo, bits(a.cells))} {digit_list(digits_of(a.mask))}"
