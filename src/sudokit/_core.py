"""The general engine: search for solutions of an N x N sudoku, any box shape, N <= 64.

Written in Cython's pure-Python mode: compiled when the package is installed, and the same
source runs uncompiled as the fallback. The 9x9 fast path lives in ``_kernel9``.

Representation: one bit mask of candidates per cell (digit d at bit d-1). Every change
to a mask is recorded on a trail, so backtracking is undoing the trail to a mark.
Propagation applies naked singles (a cell with one candidate is placed and removed from its
peers) and hidden singles (a digit with one place left in a unit is placed there) until
nothing changes; the search then guesses on a cell with the fewest candidates.

The search is iterative, with its stack in arrays, so that ``run(budget)`` can stop after
a number of propagation rounds and be resumed: that is how a time limit is enforced
without the engine ever looking at a clock or holding the GIL.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

from array import array

#: The status ``Search.run`` returns.
DONE = 0  # the search is over: it found ``limit`` solutions or proved there are no more
PAUSED = 1  # the budget ran out; call ``run`` again to go on
# The same two as C constants, for the code that runs without the GIL.
_DONE = cython.declare(cython.int, 0)
_PAUSED = cython.declare(cython.int, 1)


def is_compiled() -> bool:
    """True when this module is the compiled extension, not the .py source."""
    return cython.compiled


_M1 = cython.declare(cython.ulonglong, 0x5555555555555555)
_M2 = cython.declare(cython.ulonglong, 0x3333333333333333)
_M4 = cython.declare(cython.ulonglong, 0x0F0F0F0F0F0F0F0F)
_H01 = cython.declare(cython.ulonglong, 0x0101010101010101)
_WORD = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)


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


@cython.cclass
class Search:
    """The search state for one board geometry; ``reset`` loads a puzzle into it.

    ``cells`` are the puzzle's N*N values (0 blank); after ``run`` returns DONE,
    ``counts()`` says how many solutions were found (at most ``limit``) and ``solution()``
    gives the first. ``_gen.Generator`` extends it with randomness and a guess budget.
    """

    # Its fields (typed in _core.pxd): the geometry (n, ncells, npeers, full, peers,
    # units), the candidate masks, the trail of changes (trail_cell, trail_mask,
    # trail_len), the queue of cells to propagate (queue, qlen), the guess frames
    # (frame_mark, frame_cell, frame_rest, depth), and the search's results (limit,
    # solutions_found, solution_masks, guesses, need_propagate, finished).

    def __init__(self, n: int, peers: list[int], units: list[int]) -> None:
        self.n = n
        self.ncells = n * n
        self.npeers = len(peers) // self.ncells
        self.full = (1 << n) - 1
        self.peers = array("i", peers)
        self.units = array("i", units)
        self.masks = array("Q", [0]) * self.ncells
        # Along one path each cell's mask shrinks at most n times: that bounds the trail.
        self.trail_cell = array("i", [0]) * (self.ncells * n + 1)
        self.trail_mask = array("Q", [0]) * (self.ncells * n + 1)
        self.queue = array("i", [0]) * (self.ncells + 1)
        self.frame_mark = array("i", [0]) * (self.ncells + 1)
        self.frame_cell = array("i", [0]) * (self.ncells + 1)
        self.frame_rest = array("Q", [0]) * (self.ncells + 1)
        self.solution_masks = array("Q", [0]) * self.ncells
        self.finished = True

    def reset(self, cells: object, limit: int) -> bool:
        """Load a puzzle (a sequence of N*N ints); False if its givens already clash."""
        i: cython.int
        v: cython.int
        self.limit = limit
        self.solutions_found = 0
        self.guesses = 0
        self.trail_len = 0
        self.qlen = 0
        self.depth = 0
        self.finished = False
        self.need_propagate = True
        for i in range(self.ncells):
            self.masks[i] = self.full
        for i in range(self.ncells):
            v = cells[i]  # type: ignore[index]
            if v and not self._set(i, cython.cast(cython.ulonglong, 1) << (v - 1)):
                self.finished = True
                return False
        return True

    def reset_masks(self, masks: object, limit: int) -> bool:
        """Load a pencilmark puzzle: one candidate mask per cell. False if a cell has none."""
        i: cython.int
        m: cython.ulonglong
        self.reset([0] * self.ncells, limit)
        for i in range(self.ncells):
            m = masks[i]  # type: ignore[index]
            m = m & self.full
            if m == 0:
                self.finished = True
                return False
            self.masks[i] = m
            if (m & (m - 1)) == 0:
                self.queue[self.qlen] = i
                self.qlen += 1
        return True

    def run(self, budget: int) -> int:
        """Search for up to ``budget`` propagation rounds; DONE or PAUSED."""
        status: cython.int
        b: cython.longlong = budget
        if self.finished:
            return DONE
        with cython.nogil:
            status = self._run(b)
        return status

    def counts(self) -> tuple[int, int]:
        """(solutions found so far, guesses made so far)."""
        return self.solutions_found, self.guesses

    def solution(self) -> list[int]:
        """The first solution found, as N*N digits."""
        return [_bit_index(self.solution_masks[i]) + 1 for i in range(self.ncells)]

    # -- the engine (no Python objects below this line: it runs without the GIL) ------
    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _set(self, cell: cython.int, bit: cython.ulonglong) -> cython.bint:
        """Narrow ``cell`` to the single candidate ``bit`` and queue it for propagation."""
        m: cython.ulonglong = self.masks[cell]
        if not (m & bit):
            return False
        if m != bit:
            self.trail_cell[self.trail_len] = cell
            self.trail_mask[self.trail_len] = m
            self.trail_len += 1
            self.masks[cell] = bit
        self.queue[self.qlen] = cell
        self.qlen += 1
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _eliminate_queue(self) -> cython.bint:
        """Remove each queued cell's digit from its peers (naked singles, to a fixpoint)."""
        head: cython.int = 0
        cell: cython.int
        p: cython.int
        k: cython.int
        base: cython.int
        bit: cython.ulonglong
        m: cython.ulonglong
        while head < self.qlen:
            cell = self.queue[head]
            head += 1
            bit = self.masks[cell]
            base = cell * self.npeers
            for k in range(self.npeers):
                p = self.peers[base + k]
                m = self.masks[p]
                if m & bit:
                    if m == bit:
                        return False
                    self.trail_cell[self.trail_len] = p
                    self.trail_mask[self.trail_len] = m
                    self.trail_len += 1
                    m = m & ~bit
                    self.masks[p] = m
                    if (m & (m - 1)) == 0:
                        self.queue[self.qlen] = p
                        self.qlen += 1
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _hidden_singles(self) -> cython.int:
        """Place each digit that has one cell left in a unit: -1 contradiction, else count."""
        u: cython.int
        k: cython.int
        c: cython.int
        base: cython.int
        placed: cython.int = 0
        once: cython.ulonglong
        twice: cython.ulonglong
        m: cython.ulonglong
        uniq: cython.ulonglong
        b: cython.ulonglong
        for u in range(3 * self.n):
            base = u * self.n
            once = 0
            twice = 0
            for k in range(self.n):
                m = self.masks[self.units[base + k]]
                twice |= once & m
                once |= m
            if once != self.full:
                return -1
            uniq = once & ~twice
            if uniq == 0:
                continue
            for k in range(self.n):
                c = self.units[base + k]
                m = self.masks[c]
                b = m & uniq
                if b and (m & (m - 1)):
                    if b & (b - 1):
                        return -1
                    self._set(c, b)
                    placed += 1
        return placed

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _propagate(self) -> cython.bint:
        found: cython.int
        while True:
            if not self._eliminate_queue():
                self.qlen = 0
                return False
            self.qlen = 0
            found = self._hidden_singles()
            if found < 0:
                self.qlen = 0
                return False
            if found == 0:
                return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _pick_cell(self) -> cython.int:
        """The unsolved cell with the fewest candidates, or -1 when all are solved."""
        best: cython.int = -1
        best_count: cython.int = 65
        i: cython.int
        k: cython.int
        m: cython.ulonglong
        for i in range(self.ncells):
            m = self.masks[i]
            if m & (m - 1):
                k = _popcount(m)
                if k < best_count:
                    best_count = k
                    best = i
                    if k == 2:
                        break
        return best

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _undo_to(self, mark: cython.int) -> cython.void:
        """Put back every mask changed since trail position ``mark``; nothing stays queued."""
        while self.trail_len > mark:
            self.trail_len -= 1
            self.masks[self.trail_cell[self.trail_len]] = self.trail_mask[self.trail_len]
        self.qlen = 0

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _backtrack(self) -> cython.bint:
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
            bit = rest & (~rest + 1)
            self.frame_rest[d] = rest & ~bit
            self._set(self.frame_cell[d], bit)
            self.guesses += 1
            return True
        return False

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _run(self, budget: cython.longlong) -> cython.int:
        ok: cython.bint
        cell: cython.int
        i: cython.int
        m: cython.ulonglong
        bit: cython.ulonglong
        while budget > 0:
            budget -= 1
            ok = self._propagate()
            if ok:
                cell = self._pick_cell()
                if cell < 0:
                    if self.solutions_found == 0:
                        for i in range(self.ncells):
                            self.solution_masks[i] = self.masks[i]
                    self.solutions_found += 1
                    if self.solutions_found >= self.limit:
                        self.finished = True
                        return _DONE
                    ok = False
                else:
                    m = self.masks[cell]
                    bit = m & (~m + 1)
                    self.frame_mark[self.depth] = self.trail_len
                    self.frame_cell[self.depth] = cell
                    self.frame_rest[self.depth] = m & ~bit
                    self.depth += 1
                    self._set(cell, bit)
                    self.guesses += 1
            if not ok and not self._backtrack():
                self.finished = True
                return _DONE
        return _PAUSED


def _bit_index(m: int) -> int:
    return int(m).bit_length() - 1
