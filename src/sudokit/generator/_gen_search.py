"""The search under the puzzle maker: ``_core.Search``'s propagation (naked and hidden
singles, undone along a trail) with the first guess in a cell chosen at random (to fill a
random grid) or guided by the known solution (to test uniqueness), a guess budget, and
the puzzle's clues read off one digit mask per row, column and box.

Written in Cython's pure-Python mode like ``_core``: compiled when the package is installed,
the same source running uncompiled as the fallback; below the Python face everything runs
without the GIL. Randomness comes from SplitMix64 on 64-bit integers, masked in Python to
the same 64 bits that C wraps at, so the compiled and the uncompiled module draw the same
numbers from the same seed, on any machine. ``_gen9`` adds the 9x9 path and ``_gen`` the
making of puzzles on top of this class.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

from array import array

if cython.compiled:
    from cython.cimports.sudokit._core import Search
else:  # the source runs: extend the source's Search (a compiled one keeps its C methods)
    from sudokit.engine import load_pure

    Search = load_pure("_core").Search

_CUT = cython.declare(cython.int, -1)  # a search ran past its guess budget

_M1 = cython.declare(cython.ulonglong, 0x5555555555555555)
_M2 = cython.declare(cython.ulonglong, 0x3333333333333333)
_M4 = cython.declare(cython.ulonglong, 0x0F0F0F0F0F0F0F0F)
_H01 = cython.declare(cython.ulonglong, 0x0101010101010101)
_WORD = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
_GOLDEN = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
_MIX1 = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
_MIX2 = cython.declare(cython.ulonglong, 0x94D049BB133111EB)
_ONE = cython.declare(cython.ulonglong, 1)


def is_compiled() -> bool:
    """True when this module is the compiled extension, not the .py source."""
    return cython.compiled


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _popcount(x: cython.ulonglong) -> cython.int:
    x = x - ((x >> 1) & _M1)
    x = (x & _M2) + ((x >> 2) & _M2)
    x = (x + (x >> 4)) & _M4
    # _WORD keeps uncompiled Python to 64 bits, where C wraps by itself.
    return cython.cast(cython.int, ((x * _H01) & _WORD) >> 56)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def digit_of(m: cython.ulonglong) -> cython.int:
    """The digit of a single-candidate mask (1 for bit 0)."""
    d: cython.int = 1
    while m > 1:
        m = m >> 1
        d += 1
    return d


@cython.cclass
class PuzzleSearch(Search):
    """A search over one board geometry that knows the puzzle it works on (``puzzle``, N*N
    ints, 0 blank) and, once made, its solution (``answer``). ``peers`` and ``units`` as
    for ``_core.Search``. One belongs to one thread at a time."""

    # Its fields (typed in _gen_search.pxd), besides those of Search: each cell's row,
    # column and box (cell_row, cell_col, cell_box); the digits given in each row, column
    # and box (row_clues, col_clues, box_clues), kept in step with ``puzzle``; the puzzle,
    # its solution and the first solution a search found (puzzle, answer, found); the
    # random stream (state); and whether guesses follow ``answer`` (guided).

    def __init__(self, n: int, peers: list[int], units: list[int]) -> None:
        super().__init__(n, peers, units)
        # _exclude may queue a cell that _set queues again: room for both
        self.queue = array("i", [0]) * (2 * self.ncells + 2)
        # Each cell's row, column and box, from the units (rows, then columns, then boxes).
        self.cell_row = array("i", [0]) * self.ncells
        self.cell_col = array("i", [0]) * self.ncells
        self.cell_box = array("i", [0]) * self.ncells
        for u in range(3 * n):
            for cell in units[u * n : (u + 1) * n]:
                if u < n:
                    self.cell_row[cell] = u
                elif u < 2 * n:
                    self.cell_col[cell] = u - n
                else:
                    self.cell_box[cell] = u - 2 * n
        self.row_clues = array("Q", [0]) * n
        self.col_clues = array("Q", [0]) * n
        self.box_clues = array("Q", [0]) * n
        self.answer = array("i", [0]) * self.ncells
        self.puzzle = array("i", [0]) * self.ncells
        self.found = array("i", [0]) * self.ncells
        self.state = 0
        self.guided = True

    # -- the Python face ------------------------------------------------------------
    def seed(self, value: int) -> None:
        """Restart the random stream from ``value`` (any integer; its low 64 bits count)."""
        self.state = value & 0xFFFFFFFFFFFFFFFF

    def randbelow(self, k: int) -> int:
        """A random integer in [0, k) from the generator's own stream."""
        if k < 1:
            raise ValueError(f"randbelow needs k >= 1, got {k}")
        return self._next() % cython.cast(cython.ulonglong, k)

    # -- random numbers ----------------------------------------------------------------
    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _next(self) -> cython.ulonglong:
        """SplitMix64: the next 64 random bits."""
        z: cython.ulonglong
        self.state = (self.state + _GOLDEN) & _WORD
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _WORD
        z = ((z ^ (z >> 27)) * _MIX2) & _WORD
        return z ^ (z >> 31)

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _random_bit(self, m: cython.ulonglong) -> cython.ulonglong:
        """One of the set bits of ``m``, each equally likely."""
        j: cython.ulonglong = self._next() % cython.cast(cython.ulonglong, _popcount(m))
        while j > 0:
            m = m & (m - 1)
            j -= 1
        return m & (~m + 1)

    # -- the search (Search's propagation, with random or guided guesses and a budget) ---
    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _exclude(self, cell: cython.int, bit: cython.ulonglong) -> cython.bint:
        """Remove candidate ``bit`` from ``cell``; False if nothing is left."""
        m: cython.ulonglong = self.masks[cell]
        if not (m & bit):
            return True
        if m == bit:
            return False
        self.trail_cell[self.trail_len] = cell
        self.trail_mask[self.trail_len] = m
        self.trail_len += 1
        m = m & ~bit
        self.masks[cell] = m
        if (m & (m - 1)) == 0:
            self.queue[self.qlen] = cell
            self.qlen += 1
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _first_bit(
        self, cell: cython.int, m: cython.ulonglong, randomized: cython.bint
    ) -> cython.ulonglong:
        """The first digit to try in ``cell``: a random one when filling a grid; when
        testing uniqueness, the solution's digit if it is a candidate. A second solution
        usually differs from S in a few cells only, so following S finds it soonest."""
        bit: cython.ulonglong
        if randomized:
            return self._random_bit(m)
        if self.guided:
            bit = _ONE << (self.answer[cell] - 1)
            if m & bit:
                return bit
        return m & (~m + 1)

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _next_bit(self, rest: cython.ulonglong, randomized: cython.bint) -> cython.ulonglong:
        """The next digit to try after a guess failed."""
        if randomized:
            return self._random_bit(rest)
        return rest & (~rest + 1)

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _guess(self, cell: cython.int, randomized: cython.bint) -> cython.void:
        m: cython.ulonglong = self.masks[cell]
        bit: cython.ulonglong
        bit = self._first_bit(cell, m, randomized)
        self.frame_mark[self.depth] = self.trail_len
        self.frame_cell[self.depth] = cell
        self.frame_rest[self.depth] = m & ~bit
        self.depth += 1
        self._set(cell, bit)
        self.guesses += 1

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _backtrack_guess(self, randomized: cython.bint) -> cython.bint:
        """Undo to the deepest guess with a digit left, and try that digit; False if none."""
        d: cython.int
        rest: cython.ulonglong
        bit: cython.ulonglong
        while self.depth > 0:
            d = self.depth - 1
            self._undo_to(self.frame_mark[d])
            rest = self.frame_rest[d]
            if rest == 0:
                self.depth -= 1
                continue
            bit = self._next_bit(rest, randomized)
            self.frame_rest[d] = rest & ~bit
            self._set(self.frame_cell[d], bit)
            self.guesses += 1
            return True
        return False

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _search(
        self, limit: cython.longlong, budget: cython.longlong, randomized: cython.bint
    ) -> cython.longlong:
        """Count solutions from the current masks, up to ``limit``; CUT past ``budget``
        guesses (-1: no budget). The first solution found goes to ``found``. The masks are
        left mid-search: the caller undoes to its own mark."""
        count: cython.longlong = 0
        cell: cython.int
        i: cython.int
        ok: cython.bint
        self.guesses = 0
        self.depth = 0
        while True:
            ok = self._propagate()
            if ok:
                cell = self._pick_cell()
                if cell < 0:
                    if count == 0:
                        for i in range(self.ncells):
                            self.found[i] = digit_of(self.masks[i])
                    count += 1
                    if count >= limit:
                        break
                    ok = False
                elif 0 <= budget <= self.guesses:
                    count = _CUT
                    break
                else:
                    self._guess(cell, randomized)
                    continue
            if not self._backtrack_guess(randomized):
                break
        self.depth = 0
        return count

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _load(self) -> cython.bint:
        """Masks from the puzzle's clues, as if every clue had been eliminated from its
        peers (read off the unit clue masks), single cells queued; False on a clash."""
        i: cython.int
        m: cython.ulonglong
        self.trail_len = 0
        self.qlen = 0
        self.depth = 0
        for i in range(self.ncells):
            if self.puzzle[i]:
                self.masks[i] = _ONE << (self.puzzle[i] - 1)
            else:
                m = self.full & ~self._seen(i)
                if m == 0:
                    return False
                self.masks[i] = m
                if (m & (m - 1)) == 0:
                    self.queue[self.qlen] = i
                    self.qlen += 1
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _seen(self, cell: cython.int) -> cython.ulonglong:
        """The digits given among the cell's peers (and the cell itself)."""
        return (
            self.row_clues[self.cell_row[cell]]
            | self.col_clues[self.cell_col[cell]]
            | self.box_clues[self.cell_box[cell]]
        )
