"""The generator's hot loop: fill a random solution grid, then remove clues while the puzzle
keeps exactly one solution.

Written in Cython's pure-Python mode like ``_core``: compiled when the package is installed,
and the same source runs uncompiled as the fallback. Every step below the Python-facing
methods runs without the GIL, so generators on several threads use several cores.

Representation, as in ``_core``: one bit mask of candidates per cell (digit d at bit d-1);
naked and hidden singles to a fixpoint, then a guess on a cell with the fewest candidates.
The general path (any N x N, N <= 64) records every change on a trail and backtracks by
undoing it; the 9x9 path keeps one board of 16-bit masks per guess level, copied on each
guess, with every loop of a fixed length. Both take the same decisions (a test holds them
to it).

What keeps the uniqueness tests cheap, in the order they are tried:

1. The generator knows the solution S, so "is the puzzle still unique once cell c is
   blank?" is "is there no solution with c != S[c]?": one search for a single solution of
   a narrower puzzle, instead of a count to two that must also walk the tree around S.
   For a group of cells removed together (a symmetry orbit c1..ck) any second solution
   differs from S in some ci: the test looks for one with c1..c(i-1) = S, ci != S[ci].
2. Two-digit unavoidable sets: swapping digits a and b over a linked group of their cells
   turns S into another grid, so a removal that leaves such a group without a clue fails
   at once (this settles many of the tests that would find a second solution).
3. A removal whose digit is a naked or hidden single given the clues alone succeeds at
   once.
4. Otherwise the search, guessing S's digit first: a second solution, when there is one,
   differs from S in a few cells, so following S finds it soonest.

Randomness comes from SplitMix64 on 64-bit integers, masked in Python to the same 64 bits
that C wraps at, so the compiled and the uncompiled module make the same puzzles from the
same seed, on any machine.
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

#: ``unique_without`` and ``is_minimal`` answers: a search ran past its guess budget.
CUT = -1
_CUT = cython.declare(cython.int, -1)  # the same, as a C constant for the nogil code

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
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _digit_of(m: cython.ulonglong) -> cython.int:
    """The digit of a single-candidate mask (1 for bit 0)."""
    d: cython.int = 1
    while m > 1:
        m = m >> 1
        d += 1
    return d


@cython.cclass
class Generator(Search):
    """Random solution grids and unique puzzles for one board geometry.

    ``peers`` lists each cell's peers (the same count for every cell), ``units`` each
    unit's N cells (rows, columns, boxes). One Generator belongs to one thread at a time.
    ``specialise=False`` keeps a 9x9 board on the general path (to compare the two).
    """

    # Besides the fields of Search (the masks, trail, queue and guess frames):
    cell_row: cython.int[::1]
    cell_col: cython.int[::1]
    cell_box: cython.int[::1]
    row_clues: cython.ulonglong[::1]
    col_clues: cython.ulonglong[::1]
    box_clues: cython.ulonglong[::1]
    answer: cython.int[::1]
    puzzle: cython.int[::1]
    found: cython.int[::1]
    scratch: cython.int[::1]
    norbits: cython.int
    orbit_start: cython.int[::1]
    orbit_cells: cython.int[::1]
    order: cython.int[::1]
    state: cython.ulonglong
    nine: cython.bint
    guided: cython.bint
    ua_of: cython.int[::1]
    ua_clues: cython.int[::1]
    ua_root: cython.int[::1]
    digit_cells: cython.int[::1]
    unit_cell_of: cython.int[::1]
    boards: cython.ushort[::1]
    pop: cython.uchar[::1]
    cut: cython.longlong

    def __init__(
        self, n: int, peers: list[int], units: list[int], specialise: bool = True
    ) -> None:
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
        # The digits given in each row, column and box: kept in step with ``puzzle``.
        self.row_clues = array("Q", [0]) * n
        self.col_clues = array("Q", [0]) * n
        self.box_clues = array("Q", [0]) * n
        self.answer = array("i", [0]) * self.ncells
        self.puzzle = array("i", [0]) * self.ncells
        self.found = array("i", [0]) * self.ncells
        self.scratch = array("i", [0]) * (self.ncells + 1)
        self.set_orbits(list(range(self.ncells + 1)), list(range(self.ncells)))
        self.state = 0
        # 9x9 with 3x3 boxes (20 peers a cell) takes the specialised path: one board of
        # 16-bit masks per guess level, copied on each guess, every loop of a fixed length.
        self.nine = specialise and n == 9 and self.npeers == 20
        self.guided = True
        # Two-digit unavoidable sets of the solution: cell i, other digit j -> set id;
        # a set of 2k cells per component, at most n/2 components per pair of digits.
        self.ua_of = array("i", [0]) * (self.ncells * max(n - 1, 1))
        self.ua_clues = array("i", [0]) * (n * (n - 1) // 2 * (n // 2 + 1) + 1)
        self.ua_root = array("i", [0]) * self.ncells
        self.digit_cells = array("i", [0]) * self.ncells
        self.unit_cell_of = array("i", [0]) * (3 * n * n)
        self.boards = array("H", [0]) * (81 * 82 if self.nine else 1)
        self.pop = array("B", [bin(m).count("1") for m in range(1 << 9)])

    # -- the Python face ------------------------------------------------------------
    def seed(self, value: int) -> None:
        """Restart the random stream from ``value`` (any integer; its low 64 bits count)."""
        self.state = value & 0xFFFFFFFFFFFFFFFF

    def randbelow(self, k: int) -> int:
        """A random integer in [0, k) from the generator's own stream."""
        if k < 1:
            raise ValueError(f"randbelow needs k >= 1, got {k}")
        return self._next() % cython.cast(cython.ulonglong, k)

    def set_orbits(self, starts: list[int], cells: list[int]) -> None:
        """The groups of cells removed together: group g is cells[starts[g]:starts[g+1]].

        Every cell in exactly one group; one group per cell when there is no symmetry."""
        self.norbits = len(starts) - 1
        self.orbit_start = array("i", starts)
        self.orbit_cells = array("i", cells)
        self.order = array("i", range(self.norbits))

    def fill(self, budget: int) -> bool:
        """Make a random solution grid, and the puzzle with every cell given.

        False if the search ran past ``budget`` guesses (call again: the stream has moved)."""
        b: cython.longlong = budget
        ok: cython.bint
        with cython.nogil:
            ok = self._fill(b)
        return ok

    def dig(self, target: int, budget: int) -> int:
        """Remove groups of clues in a random order while the puzzle stays unique.

        Stops when ``target`` clues are left (0: try every group, which leaves a puzzle
        from which no group can be removed). A test that runs past ``budget`` guesses
        (-1: no limit) keeps its group and counts in ``cut``. Returns the clues left."""
        t: cython.int = target
        b: cython.longlong = budget
        left: cython.int
        with cython.nogil:
            left = self._dig(t, b)
        return left

    def descend(self, target: int, steps: int, budget: int) -> int:
        """Walk towards ``target`` clues (cells one by one; no symmetry): move a clue to a
        random blank cell when the puzzle stays unique, then dig again, up to ``steps``
        moves. Returns the clues left: the target, or more when the steps ran out."""
        t: cython.int = target
        k: cython.longlong = steps
        b: cython.longlong = budget
        left: cython.int
        with cython.nogil:
            left = self._descend(t, k, b)
        return left

    def unique_without(self, cells: list[int], budget: int) -> int:
        """With ``cells`` blanked (they must be clues), 1 if the puzzle stays unique, 0 if
        not, CUT if a search ran past ``budget`` guesses. The puzzle is left unchanged."""
        k: cython.int = len(cells)
        b: cython.longlong = budget
        i: cython.int
        r: cython.int
        for i in range(k):
            self.scratch[i] = cells[i]
        with cython.nogil:
            r = self._try_remove(self.scratch, 0, k, b, False)
        return r

    def is_minimal(self, budget: int) -> int:
        """1 if no single clue can be removed without losing uniqueness, 0 if one can,
        CUT if a search ran past ``budget`` guesses."""
        b: cython.longlong = budget
        r: cython.int
        with cython.nogil:
            r = self._is_minimal(b)
        return r

    def count(self, limit: int, budget: int) -> int:
        """Solutions of the current puzzle, counted up to ``limit``; CUT past ``budget``."""
        lim: cython.longlong = limit
        b: cython.longlong = budget
        r: cython.longlong
        with cython.nogil:
            r = self._count(lim, b)
        return r

    def set_puzzle(self, puzzle: list[int], solution: list[int]) -> None:
        """Load a puzzle and its (known) solution, e.g. to dig further from it."""
        i: cython.int
        for i in range(self.ncells):
            self.puzzle[i] = puzzle[i]
            self.answer[i] = solution[i]
        with cython.nogil:
            self._find_unavoidable_sets()
            self._recount_clues()

    def puzzle_cells(self) -> list[int]:
        """The current puzzle, N*N ints, 0 for a blank."""
        return [self.puzzle[i] for i in range(self.ncells)]

    def solution_cells(self) -> list[int]:
        """The solution grid the puzzle was dug from."""
        return [self.answer[i] for i in range(self.ncells)]

    def last_cut(self) -> int:
        """How many uniqueness tests the last ``dig`` gave up at the budget."""
        return self.cut

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
                            self.found[i] = _digit_of(self.masks[i])
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
    @cython.inline
    @cython.nogil
    @cython.exceptval(check=False)
    def _seen(self, cell: cython.int) -> cython.ulonglong:
        """The digits given among the cell's peers (and the cell itself)."""
        return (
            self.row_clues[self.cell_row[cell]]
            | self.col_clues[self.cell_col[cell]]
            | self.box_clues[self.cell_box[cell]]
        )

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _recount_clues(self) -> cython.void:
        """Unit clue masks, and the clues in each unavoidable set, from ``puzzle``."""
        i: cython.int
        j: cython.int
        bit: cython.ulonglong
        if self.n > 1:
            for i in range(self.ncells):
                for j in range(self.n - 1):
                    self.ua_clues[self.ua_of[i * (self.n - 1) + j]] = 0
            for i in range(self.ncells):
                if self.puzzle[i]:
                    for j in range(self.n - 1):
                        self.ua_clues[self.ua_of[i * (self.n - 1) + j]] += 1
        for i in range(self.n):
            self.row_clues[i] = 0
            self.col_clues[i] = 0
            self.box_clues[i] = 0
        for i in range(self.ncells):
            if self.puzzle[i]:
                bit = _ONE << (self.puzzle[i] - 1)
                self.row_clues[self.cell_row[i]] |= bit
                self.col_clues[self.cell_col[i]] |= bit
                self.box_clues[self.cell_box[i]] |= bit

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _blank(self, cell: cython.int) -> cython.void:
        bit: cython.ulonglong = ~(_ONE << (self.puzzle[cell] - 1))
        j: cython.int
        for j in range(self.n - 1):
            self.ua_clues[self.ua_of[cell * (self.n - 1) + j]] -= 1
        self.puzzle[cell] = 0
        self.row_clues[self.cell_row[cell]] &= bit
        self.col_clues[self.cell_col[cell]] &= bit
        self.box_clues[self.cell_box[cell]] &= bit

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _give(self, cell: cython.int) -> cython.void:
        """Make the cell a clue again, with its solution digit."""
        bit: cython.ulonglong = _ONE << (self.answer[cell] - 1)
        j: cython.int
        for j in range(self.n - 1):
            self.ua_clues[self.ua_of[cell * (self.n - 1) + j]] += 1
        self.puzzle[cell] = self.answer[cell]
        self.row_clues[self.cell_row[cell]] |= bit
        self.col_clues[self.cell_col[cell]] |= bit
        self.box_clues[self.cell_box[cell]] |= bit

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _forced_by_clues(self, cell: cython.int) -> cython.bint:
        """Is the blank ``cell``'s solution digit a single (naked, or hidden in one of its
        units) given the clues alone? Then every solution agrees with S there."""
        bit: cython.ulonglong = _ONE << (self.answer[cell] - 1)
        which: cython.int
        base: cython.int
        k: cython.int
        x: cython.int
        hidden: cython.bint
        if (self._seen(cell) | bit) == self.full:
            return True
        for which in range(3):
            if which == 0:
                base = self.cell_row[cell] * self.n
            elif which == 1:
                base = (self.n + self.cell_col[cell]) * self.n
            else:
                base = (2 * self.n + self.cell_box[cell]) * self.n
            hidden = True
            for k in range(self.n):
                x = self.units[base + k]
                if x != cell and self.puzzle[x] == 0 and not (self._seen(x) & bit):
                    hidden = False
                    break
            if hidden:
                return True
        return False

    # -- the 9x9 path -----------------------------------------------------------------
    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _load9(self, cell: cython.int, digit: cython.int) -> cython.int:
        """Board 0 from the clues, as ``_load`` does, with ``digit`` ruled out of the blank
        ``cell`` (none when cell < 0). The single cells are queued: returns how many, or
        -1 when a cell has no candidate left."""
        i: cython.int
        m: cython.int
        qlen: cython.int = 0
        for i in range(81):
            if self.puzzle[i]:
                self.boards[i] = 1 << (self.puzzle[i] - 1)
            else:
                m = 0x1FF & ~cython.cast(cython.int, self._seen(i))
                if i == cell:
                    m = m & ~(1 << (digit - 1))
                if m == 0:
                    return -1
                self.boards[i] = m
                if (m & (m - 1)) == 0:
                    self.queue[qlen] = i
                    qlen += 1
        return qlen

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _propagate9(self, off: cython.int, qlen: cython.int) -> cython.bint:
        """Naked and hidden singles to a fixpoint on the board at ``off``, starting from
        the ``qlen`` queued cells; False on a contradiction."""
        head: cython.int = 0
        cell: cython.int
        p: cython.int
        k: cython.int
        u: cython.int
        base: cython.int
        bit: cython.int
        m: cython.int
        once: cython.int
        twice: cython.int
        uniq: cython.int
        b: cython.int
        found: cython.bint
        while True:
            while head < qlen:
                cell = self.queue[head]
                head += 1
                bit = self.boards[off + cell]
                base = cell * 20
                for k in range(20):
                    p = self.peers[base + k]
                    m = self.boards[off + p]
                    if m & bit:
                        if m == bit:
                            return False
                        m = m & ~bit
                        self.boards[off + p] = m
                        if (m & (m - 1)) == 0:
                            self.queue[qlen] = p
                            qlen += 1
            found = False
            for u in range(27):
                base = u * 9
                once = 0
                twice = 0
                for k in range(9):
                    m = self.boards[off + self.units[base + k]]
                    twice |= once & m
                    once |= m
                if once != 0x1FF:
                    return False
                uniq = once & ~twice
                if uniq == 0:
                    continue
                for k in range(9):
                    cell = self.units[base + k]
                    m = self.boards[off + cell]
                    b = m & uniq
                    if b and (m & (m - 1)):
                        if b & (b - 1):
                            return False
                        self.boards[off + cell] = b
                        self.queue[qlen] = cell
                        qlen += 1
                        found = True
            if not found:
                return True


    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _search9(
        self, limit: cython.longlong, budget: cython.longlong, randomized: cython.bint
    ) -> cython.longlong:
        """``_search`` on board 0 (its singles queued by ``_load9``, ``self.qlen`` of them):
        a board per guess level, copied from the level above, so nothing is undone."""
        count: cython.longlong = 0
        guesses: cython.longlong = 0
        depth: cython.int = 0
        off: cython.int
        i: cython.int
        best: cython.int
        best_count: cython.int
        m: cython.int
        bit: cython.int
        rest: cython.int
        ok: cython.bint = self._propagate9(0, self.qlen)
        while True:
            if ok:
                off = depth * 81
                best = -1
                best_count = 10
                for i in range(81):
                    m = self.boards[off + i]
                    if m & (m - 1) and self.pop[m] < best_count:
                        best_count = self.pop[m]
                        best = i
                        if best_count == 2:
                            break
                if best < 0:
                    if count == 0:
                        for i in range(81):
                            self.found[i] = _digit_of(self.boards[off + i])
                    count += 1
                    if count >= limit:
                        break
                    ok = False
                elif 0 <= budget <= guesses:
                    count = _CUT
                    break
                else:
                    m = self.boards[off + best]
                    bit = cython.cast(cython.int, self._first_bit(best, m, randomized))
                    self.frame_cell[depth] = best
                    self.frame_rest[depth] = m & ~bit
                    for i in range(81):
                        self.boards[off + 81 + i] = self.boards[off + i]
                    depth += 1
                    self.boards[off + 81 + best] = bit
                    self.queue[0] = best
                    guesses += 1
                    ok = self._propagate9(off + 81, 1)
                    continue
            # back to the deepest guess with a digit left; try it on a fresh copy
            while depth > 0 and self.frame_rest[depth - 1] == 0:
                depth -= 1
            if depth == 0:
                break
            rest = cython.cast(cython.int, self.frame_rest[depth - 1])
            bit = cython.cast(cython.int, self._next_bit(rest, randomized))
            self.frame_rest[depth - 1] = rest & ~bit
            off = depth * 81
            for i in range(81):
                self.boards[off + i] = self.boards[off - 81 + i]
            self.boards[off + self.frame_cell[depth - 1]] = bit
            self.queue[0] = self.frame_cell[depth - 1]
            guesses += 1
            ok = self._propagate9(off, 1)
        self.guesses = guesses
        return count

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _unique9(
        self, cells: cython.int[::1], start: cython.int, end: cython.int,
        budget: cython.longlong,
    ) -> cython.int:
        """``_unique`` on the 9x9 path: for each cell c of the group, a search for a
        solution with the group's earlier cells as in S and c not as in S."""
        j: cython.int
        e: cython.int
        c: cython.int
        qlen: cython.int
        r: cython.longlong
        for j in range(start, end):
            c = cells[j]
            qlen = self._load9(c, self.answer[c])
            if qlen < 0:
                continue  # c has no other digit: every solution agrees with S there
            for e in range(start, j):
                self.boards[cells[e]] = 1 << (self.answer[cells[e]] - 1)
                self.queue[qlen] = cells[e]
                qlen += 1
            self.qlen = qlen
            r = self._search9(1, budget, False)
            if r != 0:
                return 0 if r > 0 else _CUT
        return 1

    # -- generation ------------------------------------------------------------------
    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _fill(self, budget: cython.longlong) -> cython.bint:
        i: cython.int
        for i in range(self.ncells):
            self.puzzle[i] = 0
        self._seed_independent_boxes()
        self._recount_clues()
        if self.nine:
            self.qlen = self._load9(-1, 0)
            if self._search9(1, budget, True) != 1:
                return False
        else:
            self._load()
            if self._search(1, budget, True) != 1:
                return False
        for i in range(self.ncells):
            self.answer[i] = self.found[i]
            self.puzzle[i] = self.found[i]
        self._find_unavoidable_sets()
        self._recount_clues()
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _find_unavoidable_sets(self) -> cython.void:
        """The two-digit unavoidable sets of the solution S. For digits a and b, link the
        a-cell and the b-cell of every unit: swapping a and b over one linked component
        turns S into another valid grid, so a puzzle must keep a clue in each component
        (else it has a second solution). A removal that would leave one bare fails with
        no search."""
        n: cython.int = self.n
        i: cython.int
        k: cython.int
        u: cython.int
        a: cython.int
        b: cython.int
        x: cython.int
        y: cython.int
        cell: cython.int
        ids: cython.int = 0
        # digit_cells[(d-1)*n + k]: the k-th cell holding d (k-th in reading order)
        for a in range(n):
            self.scratch[a] = 0
        for i in range(self.ncells):
            a = self.answer[i] - 1
            self.digit_cells[a * n + self.scratch[a]] = i
            self.scratch[a] += 1
        # unit_cell_of[u*n + d-1]: the cell of unit u that holds d
        for u in range(3 * n):
            for k in range(n):
                cell = self.units[u * n + k]
                self.unit_cell_of[u * n + self.answer[cell] - 1] = cell
        for a in range(n):
            for b in range(a + 1, n):
                for k in range(n):
                    self.ua_root[self.digit_cells[a * n + k]] = self.digit_cells[a * n + k]
                    self.ua_root[self.digit_cells[b * n + k]] = self.digit_cells[b * n + k]
                for u in range(3 * n):
                    x = self._root(self.unit_cell_of[u * n + a])
                    y = self._root(self.unit_cell_of[u * n + b])
                    if x != y:
                        self.ua_root[x] = y
                # number the components (a root's number kept in ``found``, free here),
                # then give each cell the number of its component for the other digit
                for k in range(2 * n):
                    cell = self.digit_cells[(a if k < n else b) * n + k % n]
                    if self._root(cell) == cell:
                        self.found[cell] = ids
                        ids += 1
                for k in range(n):
                    cell = self.digit_cells[a * n + k]
                    self.ua_of[cell * (n - 1) + b - 1] = self.found[self._root(cell)]
                    cell = self.digit_cells[b * n + k]
                    self.ua_of[cell * (n - 1) + a] = self.found[self._root(cell)]

    @cython.cfunc
    @cython.inline
    @cython.nogil
    @cython.exceptval(check=False)
    def _root(self, x: cython.int) -> cython.int:
        while self.ua_root[x] != x:
            self.ua_root[x] = self.ua_root[self.ua_root[x]]
            x = self.ua_root[x]
        return x

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _hits_bare_set(
        self, cells: cython.int[::1], start: cython.int, end: cython.int
    ) -> cython.bint:
        """With cells[start:end] blank, is an unavoidable set through one of them left
        without a clue?"""
        j: cython.int
        k: cython.int
        base: cython.int
        for j in range(start, end):
            base = cells[j] * (self.n - 1)
            for k in range(self.n - 1):
                if self.ua_clues[self.ua_of[base + k]] == 0:
                    return True
        return False

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _seed_independent_boxes(self) -> cython.void:
        """Fill boxes that share no row and no column (the diagonal ones) with random
        permutations: any such filling completes to a grid, and the search is left far
        less to do. Relabelling the digits maps fillings onto fillings one to one, so
        every digit stays equally likely in every cell."""
        b: cython.int
        k: cython.int
        j: cython.int
        tmp: cython.int
        base: cython.int
        rows: cython.ulonglong = 0
        cols: cython.ulonglong = 0
        box_rows: cython.ulonglong
        box_cols: cython.ulonglong
        for b in range(self.n):
            base = (2 * self.n + b) * self.n
            box_rows = 0
            box_cols = 0
            for k in range(self.n):
                box_rows |= _ONE << self.cell_row[self.units[base + k]]
                box_cols |= _ONE << self.cell_col[self.units[base + k]]
            if (box_rows & rows) or (box_cols & cols):
                continue
            rows |= box_rows
            cols |= box_cols
            for k in range(self.n):
                self.scratch[k] = k + 1
            k = self.n - 1
            while k > 0:
                j = cython.cast(cython.int, self._next() % cython.cast(cython.ulonglong, k + 1))
                tmp = self.scratch[k]
                self.scratch[k] = self.scratch[j]
                self.scratch[j] = tmp
                k -= 1
            for k in range(self.n):
                self.puzzle[self.units[base + k]] = self.scratch[k]

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _try_remove(
        self,
        cells: cython.int[::1],
        start: cython.int,
        end: cython.int,
        budget: cython.longlong,
        keep_removed: cython.bint,
    ) -> cython.int:
        """Blank cells[start:end]: 1 and (if ``keep_removed``) leave them blank if the
        puzzle stays unique; else restore them and say 0 (a second solution) or CUT."""
        j: cython.int
        result: cython.int = 1
        for j in range(start, end):
            self._blank(cells[j])
        if self._hits_bare_set(cells, start, end):
            for j in range(start, end):
                self._give(cells[j])
            return 0
        for j in range(start, end):
            if not self._forced_by_clues(cells[j]):
                break
        else:
            if keep_removed:
                return 1
            for j in range(start, end):
                self._give(cells[j])
            return 1
        if self.nine:
            result = self._unique9(cells, start, end, budget)
        else:
            result = self._unique(cells, start, end, budget)
        if result != 1 or not keep_removed:
            for j in range(start, end):
                self._give(cells[j])
        return result

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _unique(
        self, cells: cython.int[::1], start: cython.int, end: cython.int,
        budget: cython.longlong,
    ) -> cython.int:
        """With cells[start:end] blank: 1 if no solution other than S, 0 if one, or CUT."""
        j: cython.int
        e: cython.int
        c: cython.int
        mark: cython.int
        result: cython.int = 1
        r: cython.longlong
        bit: cython.ulonglong
        self._load()
        self._propagate()  # cannot fail: the solution keeps every clue
        mark = self.trail_len
        for j in range(start, end):
            c = cells[j]
            bit = _ONE << (self.answer[c] - 1)
            self._undo_to(mark)
            if self.masks[c] == bit:
                continue  # propagation alone forces it: every solution agrees with S here
            for e in range(start, j):
                self._set(cells[e], _ONE << (self.answer[cells[e]] - 1))
            if not self._exclude(c, bit):
                continue
            r = self._search(1, budget, False)
            if r != 0:
                result = 0 if r > 0 else _CUT
                break
        self._undo_to(mark)
        return result

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _dig(self, target: cython.int, budget: cython.longlong) -> cython.int:
        i: cython.int
        j: cython.int
        o: cython.int
        tmp: cython.int
        size: cython.int
        start: cython.int
        r: cython.int
        left: cython.int = 0
        for i in range(self.ncells):
            if self.puzzle[i]:
                left += 1
        # Fisher-Yates from the identity: a uniformly random order of the groups that
        # depends only on the random stream, not on what this generator did before
        for i in range(self.norbits):
            self.order[i] = i
        i = self.norbits - 1
        while i > 0:
            j = cython.cast(cython.int, self._next() % cython.cast(cython.ulonglong, i + 1))
            tmp = self.order[i]
            self.order[i] = self.order[j]
            self.order[j] = tmp
            i -= 1
        self.cut = 0
        for i in range(self.norbits):
            if target > 0 and left <= target:
                break
            o = self.order[i]
            start = self.orbit_start[o]
            size = self.orbit_start[o + 1] - start
            if self.puzzle[self.orbit_cells[start]] == 0:
                continue  # already blank (digging on from an earlier puzzle)
            if target > 0 and left - size < target:
                continue
            r = self._try_remove(self.orbit_cells, start, start + size, budget, True)
            if r == 1:
                left -= size
            elif r == _CUT:
                self.cut += 1
        return left

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _random_cell(self, clue: cython.bint) -> cython.int:
        """A random clue cell (or blank cell), each equally likely; -1 if there is none."""
        _draw: cython.int
        c: cython.int
        for _draw in range(64 * self.ncells):
            c = cython.cast(cython.int, self._next() % cython.cast(cython.ulonglong, self.ncells))
            if (self.puzzle[c] != 0) == clue:
                return c
        return -1

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _descend(
        self, target: cython.int, steps: cython.longlong, budget: cython.longlong
    ) -> cython.int:
        """The puzzle P is unique with solution S. Moving clue x to blank y gives
        P' = P - x + y; any second solution of P' keeps y and solves P - x, so it differs
        from S at x: the test of removing x from P + y decides it."""
        step: cython.longlong
        x: cython.int
        y: cython.int
        left: cython.int = 0
        i: cython.int
        for i in range(self.ncells):
            if self.puzzle[i]:
                left += 1
        step = 0
        while step < steps and left > target:
            step += 1
            x = self._random_cell(True)
            y = self._random_cell(False)
            if x < 0 or y < 0:
                break
            self._give(y)
            self.scratch[0] = x
            if self._try_remove(self.scratch, 0, 1, budget, True) != 1:
                self._blank(y)
                continue
            left = self._dig(target, budget)
        return left

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _is_minimal(self, budget: cython.longlong) -> cython.int:
        i: cython.int
        r: cython.int
        for i in range(self.ncells):
            if self.puzzle[i]:
                self.scratch[0] = i
                r = self._try_remove(self.scratch, 0, 1, budget, False)
                if r != 0:
                    return 0 if r == 1 else _CUT
        return 1

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _count(self, limit: cython.longlong, budget: cython.longlong) -> cython.longlong:
        if not self._load():
            return 0
        return self._search(limit, budget, False)
