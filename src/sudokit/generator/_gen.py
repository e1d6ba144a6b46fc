"""The generator's hot loop: fill a random solution grid, then remove clues while the puzzle
keeps exactly one solution.

Written in Cython's pure-Python mode like ``_core``: compiled when the package is installed,
and the same source runs uncompiled as the fallback. Every step below the Python-facing
methods runs without the GIL, so generators on several threads use several cores.

Three modules, one idea each, one class extending the next: ``_gen_search.PuzzleSearch``
(``_core``'s propagation with random or guided guesses and a budget; the clues as unit
masks; the random stream), ``_gen9.Board9Search`` (the 9x9 path: a board of masks per
guess level) and, here, ``Generator``: filling a grid, the unavoidable sets, digging,
the walk to an exact clue count and the minimality check.

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
    from cython.cimports.sudokit.generator._gen9 import Board9Search
else:  # the source runs: extend the source's class (a compiled one keeps its C methods)
    from sudokit.engine import load_pure

    Board9Search = load_pure("generator._gen9").Board9Search

#: ``unique_without`` and ``is_minimal`` answers: a search ran past its guess budget.
CUT = -1
_CUT = cython.declare(cython.int, -1)  # the same, as a C constant for the nogil code

_ONE = cython.declare(cython.ulonglong, 1)


def is_compiled() -> bool:
    """True when this module is the compiled extension, not the .py source."""
    return cython.compiled


@cython.cclass
class Generator(Board9Search):
    """Random solution grids and unique puzzles for one board geometry.

    ``peers`` lists each cell's peers (the same count for every cell), ``units`` each
    unit's N cells (rows, columns, boxes). One Generator belongs to one thread at a time.
    ``specialise=False`` keeps a 9x9 board on the general path (to compare the two).
    """

    # Besides the fields of Board9Search (typed in _gen_search.pxd and _gen9.pxd):
    scratch: cython.int[::1]
    norbits: cython.int
    orbit_start: cython.int[::1]
    orbit_cells: cython.int[::1]
    order: cython.int[::1]
    ua_of: cython.int[::1]
    ua_clues: cython.int[::1]
    ua_root: cython.int[::1]
    digit_cells: cython.int[::1]
    cell_order: cython.int[::1]
    unit_cell_of: cython.int[::1]
    cut: cython.longlong

    def __init__(
        self, n: int, peers: list[int], units: list[int], specialise: bool = True
    ) -> None:
        super().__init__(n, peers, units, specialise)
        self.scratch = array("i", [0]) * (self.ncells + 1)
        self.set_orbits(list(range(self.ncells + 1)), list(range(self.ncells)))
        # Two-digit unavoidable sets of the solution: cell i, other digit j -> set id;
        # a set of 2k cells per component, at most n/2 components per pair of digits.
        self.ua_of = array("i", [0]) * (self.ncells * max(n - 1, 1))
        self.ua_clues = array("i", [0]) * (n * (n - 1) // 2 * (n // 2 + 1) + 1)
        self.ua_root = array("i", [0]) * self.ncells
        self.digit_cells = array("i", [0]) * self.ncells
        self.cell_order = array("i", [0]) * self.ncells
        self.unit_cell_of = array("i", [0]) * (3 * n * n)

    # -- the Python face ------------------------------------------------------------
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

    def restore(self) -> None:
        """Give every cell its solution digit again: the full grid, to dig anew."""
        i: cython.int
        for i in range(self.ncells):
            self.puzzle[i] = self.answer[i]
        self._recount_clues()

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

    def dig_by_digit(self, budget: int) -> int:
        """Like ``dig(0, budget)``, one cell at a time (no symmetry), but in an order
        that goes digit by digit: the cells of the solution's digits in a random order of
        the digits, each digit's cells shuffled. The digits tried first lose most of their
        clues, so the puzzle is more often one whose solve needs a pattern in a single
        digit's candidates (a fish, a chain of one digit). Returns the clues left."""
        b: cython.longlong = budget
        left: cython.int
        with cython.nogil:
            left = self._dig_by_digit(b)
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

    def puzzle_cells(self) -> list[int]:
        """The current puzzle, N*N ints, 0 for a blank."""
        return [self.puzzle[i] for i in range(self.ncells)]

    def solution_cells(self) -> list[int]:
        """The solution grid the puzzle was dug from."""
        return [self.answer[i] for i in range(self.ncells)]

    def last_cut(self) -> int:
        """How many uniqueness tests the last ``dig`` gave up at the budget."""
        return self.cut

    # -- the clues: unit masks and unavoidable-set counts, kept in step with ``puzzle`` --
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
            # Seeded boxes whose digits leave a cell no candidate (a 4x4 does, about half
            # the time) fail here: a search from the masks _load left half-made would
            # depend on what this generator made before, not on the random stream alone.
            if not self._load() or self._search(1, budget, True) != 1:
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
            self._shuffle(self.scratch, 0, self.n)
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
        o: cython.int
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
        self._shuffle(self.order, 0, self.norbits)
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
    def _dig_by_digit(self, budget: cython.longlong) -> cython.int:
        i: cython.int
        d: cython.int
        r: cython.int
        start: cython.int
        filled: cython.int = 0
        left: cython.int = 0
        # a random order of the digits (in ``scratch``), then each digit's cells in turn
        for i in range(self.n):
            self.scratch[i] = i + 1
        self._shuffle(self.scratch, 0, self.n)
        for d in range(self.n):
            start = filled
            for i in range(self.ncells):
                if self.answer[i] == self.scratch[d]:
                    self.cell_order[filled] = i
                    filled += 1
            self._shuffle(self.cell_order, start, filled - start)
        self.cut = 0
        for i in range(self.ncells):
            if self.puzzle[self.cell_order[i]] == 0:
                continue
            r = self._try_remove(self.cell_order, i, i + 1, budget, True)
            if r == _CUT:
                self.cut += 1
        for i in range(self.ncells):
            if self.puzzle[i]:
                left += 1
        return left

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _shuffle(self, a: cython.int[::1], start: cython.int, count: cython.int) -> cython.void:
        """Fisher-Yates on a[start:start + count], drawing from the random stream (every
        order equally likely, and the same order for the same stream on any core)."""
        i: cython.int = count - 1
        j: cython.int
        tmp: cython.int
        while i > 0:
            j = start + cython.cast(
                cython.int, self._next() % cython.cast(cython.ulonglong, i + 1))
            tmp = a[start + i]
            a[start + i] = a[j]
            a[j] = tmp
            i -= 1

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
