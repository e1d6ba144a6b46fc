"""What the ALS techniques share: the almost locked sets of a board and the restricted common
digits that join them, worked out once per board state.

The sets come from :mod:`.als_xz` (cached per unit there). Two sets A and B are joined by
a *restricted common* digit x when both hold x, every x of A sees every x of B and no x lies
in a cell both sets share (sets overlap only in the wide graph): at most one of them can
hold x, so when one of them does, the other loses x and locks on its
remaining digits. ALS-XY-Wing, ALS-XY-Chain and Death Blossom all walk these links; the
graph is kept on the board (``Board.keep``) so the techniques tried on one board build it
once between them.
"""

from __future__ import annotations

from ..board import Board, bits, digits_of, mask_bits
from ..step import cell_list, digit_list
from ..techniques.als_xz import LARGE_CELLS, Als, table_of
from .als_links import AlsLinks

__all__ = ["Als", "AlsGraph", "als_name", "graph", "removals"]

#: the largest set the default ladder's graph takes (ALS-XZ looks at sets of up to five
#: cells): larger and overlapping sets find many more steps that lower ratings of puzzles
#: Sudoku Explainer rates 8 and more; they are the large ALS techniques' (``wide``)
MAX_CELLS = 3
#: the largest set of the wide graph (the large ALS techniques'), whose sets may overlap:
#: every set, as HoDoKu takes them (its solving paths use sets of seven and eight cells)
WIDE_CELLS = LARGE_CELLS


class AlsGraph:
    """The almost locked sets of one board state and their restricted commons.

    ``core`` holds them in typed tables, where ALS-XY-Wing, ALS-XY-Chain and Death Blossom
    search; set k is numbered in the order ALS-XZ lists them (the small ones only).
    ``core.lists()`` gives the same as Python lists, made when first asked for; ``sets``
    and ``links`` read them for a reader of the graph.
    """

    __slots__ = ("table", "core")

    def __init__(self, board: Board, wide: bool = False) -> None:
        # the sets and their reach are ALS-XZ's (listed once per board state; the wide
        # graph's table lists larger sets too)
        if wide:
            self.table = table_of(board, WIDE_CELLS)
            self.core = AlsLinks(self.table, WIDE_CELLS, True)
        else:
            self.table = table_of(board)
            self.core = AlsLinks(self.table, MAX_CELLS)

    @property
    def index(self) -> list[int]:
        """Each set's index in ALS-XZ's table (the first of ``core.lists()``)."""
        return self.core.lists()[0]

    @property
    def links(self) -> list[list[tuple[int, int]]]:
        """For each set k, the pairs (j, x0): set j is joined to set k by the restricted
        common digit x0+1 (the seventh of ``core.lists()``)."""
        return self.core.lists()[6]

    @property
    def sets(self) -> list[Als]:
        """The sets as :class:`Als` objects."""
        return [Als(self.table, k) for k in self.index]

    def set_cells(self, k: int) -> int:
        """The cells of set k."""
        return self.core.cellset(k)

    def shared_reach(self, sets: list[int], skip: int) -> list[tuple[int, int]]:
        """For each digit d0+1 that every set of ``sets`` holds (d0 not in the mask ``skip``),
        the cells holding it that see all of its cells in every one of them: the pairs
        (d0, cells), where there are any, by digit."""
        index = self.index
        digits = -1
        for k in sets:
            digits &= self.table.digits(index[k])
        out = []
        for d0 in mask_bits(digits & ~skip):
            cells = -1
            for k in sets:
                cells &= self.table.reach(index[k], d0)
            if cells:
                out.append((d0, cells))
        return out

    def name(self, board: Board, k: int) -> str:
        """``r1c1, r1c5 {2,5,7}``: set k's cells and digits for a sentence."""
        return als_name(board, self.core.cellset(k), self.core.digits(k))


def graph(board: Board, wide: bool = False) -> AlsGraph:
    """The ALS graph of the board as it is now (built once per board state): of sets of up
    to :data:`MAX_CELLS` cells, disjoint in a pattern, or with ``wide`` of up to
    :data:`WIDE_CELLS` cells that may share cells holding no link digit."""
    key = "als-graph-wide" if wide else "als-graph"
    found = board.derived(key)
    if found is not None:
        return found  # type: ignore[return-value]
    made = AlsGraph(board, wide)
    board.keep(key, made)
    return made


def als_name(board: Board, cells: int, mask: int) -> str:
    """``r1c1, r1c5 {2,5,7}``: a set's cells and digits for a sentence."""
    return f"{cell_list(board.geo, bits(cells))} {digit_list(digits_of(mask))}"


def removals(board: Board, found: list[tuple[int, int]]) -> str:
    """``3 leaves r1c1 and r2c2; 5 leaves r4c4``: what each digit d0+1 of ``found`` (pairs
    (d0, cells)) leaves, for a sentence."""
    return "; ".join(f"{d0 + 1} leaves {cell_list(board.geo, bits(cells))}" for d0, cells in found)
