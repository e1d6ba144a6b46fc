"""The smallest singles backdoor of a puzzle: the fewest cells that, once set to their
digits of the solution, let naked and hidden singles alone finish the puzzle.

Sizes are tried in turn, 0, 1, 2, ...; for each the cells are tried in sets, each set
grown from the board the singles left after its smaller part (a cell the singles
already fill is never tried: a set holding it would be a smaller backdoor, found
before). Each board tried is a *node*; the search stops at ``nodes`` of them and then
says the least size it has not ruled out.

>>> from sudokit import Grid
>>> puzzle = Grid(
...     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
>>> found = singles_backdoor(puzzle)
>>> found.size, [(puzzle.shape.cell_name(c), d) for c, d in found.clues]
(2, [('r1c2', 6), ('r2c9', 9)])
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import SudokuError
from ..grid import Grid
from ..shape import Shape
from .solutions import count, first_solution, need_classic

#: Boards tried before the search gives up.
NODES = 20_000


class Backdoor(NamedTuple):
    """The answer: ``clues`` (cell, digit) of a smallest singles backdoor and its ``size``
    (0: singles alone solve the puzzle); or, when the search stopped at its bound,
    ``size`` None and ``clues`` (). ``at_least``: no backdoor has fewer cells (the size
    found, or the least size not ruled out). ``nodes``: the boards tried."""

    size: int | None
    clues: tuple[tuple[int, int], ...]
    at_least: int
    nodes: int


class _Singles:
    """Naked and hidden singles on candidate masks of one shape, to their fixpoint."""

    def __init__(self, shape: Shape) -> None:
        self.n = shape.n
        self.units = shape.units
        self.peers = shape.peers
        self.full = shape.full_mask

    def start(self, cells: tuple[int, ...]) -> list[int] | None:
        """The board of a puzzle after its singles (None: a contradiction)."""
        masks = [self.full] * len(cells)
        return self.place(masks, [(c, v) for c, v in enumerate(cells) if v])

    def place(self, masks: list[int], placements: list[tuple[int, int]]) -> list[int] | None:
        """A copy of ``masks`` with the digits placed and the singles that follow taken;
        None where a cell or a digit of a unit has no place left."""
        masks = list(masks)
        queue = list(placements)
        peers = self.peers
        while True:
            while queue:
                cell, digit = queue.pop()
                bit = 1 << (digit - 1)
                if not masks[cell] & bit:
                    return None
                masks[cell] = bit
                for p in peers[cell]:
                    m = masks[p]
                    if m & bit:
                        m &= ~bit
                        if not m:
                            return None
                        masks[p] = m
                        if not m & (m - 1):
                            queue.append((p, m.bit_length()))
            hidden = self._hidden(masks)
            if hidden is None:
                return None
            if not hidden:
                return masks
            queue = hidden

    def _hidden(self, masks: list[int]) -> list[tuple[int, int]] | None:
        """The hidden singles of the board (a digit with one open place in a unit); None
        when a digit has no place in some unit."""
        found = []
        for unit in self.units:
            once = twice = 0
            for c in unit:
                m = masks[c]
                twice |= once & m
                once |= m
            if once != self.full:
                return None
            lone = once & ~twice
            if not lone:
                continue
            for c in unit:
                m = masks[c] & lone
                if m and masks[c] & (masks[c] - 1):  # an open cell holding a lone digit
                    if m & (m - 1):
                        return None  # two digits with only this cell: no place for one
                    found.append((c, m.bit_length()))
        return found

    def open_cells(self, masks: list[int]) -> list[int]:
        """The cells the singles have not filled."""
        return [c for c, m in enumerate(masks) if m & (m - 1)]


def singles_backdoor(puzzle: Grid, *, nodes: int = NODES) -> Backdoor:
    """The smallest singles backdoor of a unique ``puzzle``, searched by size within
    ``nodes`` boards. A puzzle with no solution or several raises SudokuError."""
    need_classic(puzzle, "singles_backdoor")
    if isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1:
        raise ValueError(f"singles_backdoor: nodes must be a whole number from 1, not {nodes!r}")
    found = count(puzzle) if puzzle.is_valid() else 0
    if found != 1:
        raise SudokuError("singles_backdoor: the puzzle has "
                          f"{'no solution' if not found else 'more than one solution'}")
    solution = first_solution(puzzle)
    assert solution is not None  # the puzzle has one
    singles = _Singles(puzzle.shape)
    board = singles.start(puzzle.cells)
    assert board is not None  # singles never contradict a puzzle with a solution
    spent = [1]
    if not singles.open_cells(board):
        return Backdoor(0, (), 0, 1)
    digits = solution.cells
    size = 1
    while True:
        try:
            cells = _of_size(singles, board, digits, size, nodes, spent)
        except _OutOfNodes:
            return Backdoor(None, (), size, nodes)
        if cells is not None:
            return Backdoor(size, tuple((c, digits[c]) for c in sorted(cells)), size,
                            spent[0])
        size += 1


class _OutOfNodes(Exception):
    pass


def _of_size(singles: _Singles, board: list[int], digits: tuple[int, ...], size: int,
             nodes: int, spent: list[int]) -> list[int] | None:
    """Cells of a backdoor of ``size`` cells grown from ``board``, or None."""

    def grow(board: list[int], after: int, left: int) -> list[int] | None:
        for cell in singles.open_cells(board):
            if cell <= after:
                continue
            spent[0] += 1
            if spent[0] > nodes:
                raise _OutOfNodes
            done = singles.place(board, [(cell, digits[cell])])
            assert done is not None  # the solution's digits never contradict
            if left == 1:
                if not singles.open_cells(done):
                    return [cell]
                continue
            found = grow(done, cell, left - 1)
            if found is not None:
                return [cell, *found]
        return None

    return grow(board, -1, size)
