"""The 9x9 fast path: a band-oriented solver in Cython's pure-Python mode.

Compiled when the package is installed; the same source runs uncompiled, slowly, as the
fallback (``SUDOKIT_PURE_PYTHON=1``, or ``with sudokit.engine.pure_python():``) and must give the
same answers.

Representation (after Zhou Yundong's band solver, as in JCZSolve): for each digit d and
band b (three rows of the grid) one 27-bit mask ``P[9*b + d]`` of the cells of that band
where d is still possible; bit ``9*r + c`` is row r of the band, column c. A whole band of
one digit is updated at once with table lookups:

- *minirows*: the digit sits exactly once in each row and in each box of the band, so the
  3x3 pattern (row x box) of minirows that can hold it must contain a permutation; minirows
  on no permutation are removed (locked candidates of both kinds and hidden singles in rows
  and boxes, in one lookup).
- *columns*: a box of the band where the digit is left in a single column removes the digit
  from that column in the other two bands (pointing).
- a row of the band whose digit is pinned to one cell is *solved*: the cell is then removed
  from the other eight digits.

When the bands are settled, naked singles are found by counting candidates per cell across
the nine digits (which also yields the cells with two candidates), and then the band rule is
applied on its side, to the stacks: per digit and stack, the (band x column) pattern must
hold a permutation too (hidden singles in columns, locked candidates along columns).

When nothing more follows, the search guesses on a cell with two candidates, in the band
that has the most of them (any unsolved cell with the fewest candidates when there is
none). Guessing copies the state onto a stack; a failed guess is undone by returning to the
copy and removing the guessed digit there, which is itself a deduction to propagate.

Which solution comes first depends on that order, and ``sudoku solve`` prints it, so the
rules and the choice of guess are part of the output. The state a guess is made in is the
largest one that no rule narrows (each rule only removes candidates, and removes at least as
much from a narrower state), whatever order the rules run in: how the changed bands are
tracked and visited is free to change for speed, what the rules infer and which cell and
digit a guess takes are not.

Compiled, some steps go through ``_kernel9_simd.h``, a small C header: clearing a placed
row's cells from the nine digits of its band, four digits at a time with the compiler's
generic vector types (plain SSE2 on x86-64, a loop on compilers without them); loading a
puzzle's givens with no branch per cell (byte comparisons, then four digits at a time); and
the index of a lowest set bit by the compiler's builtin. The .py source does all of them
with plain Python.

The search is iterative so that ``run(budget)`` can stop after ``budget`` steps and be
resumed, which lets Python enforce a time limit; ``solve_rows`` runs a whole batch of
puzzles (a ``(B, 81)`` uint8 array) without the GIL.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.libc.string import memcpy
    from cython.cimports.sudokit._kernel9_simd import (
        k9_clear_band,
        k9_ctz,
        k9_givens,
        k9_load_givens,
    )

#: The status ``Kernel9.run`` returns (the same values as ``_core``).
DONE = 0  # the search is over: it found ``limit`` solutions or proved there are no more
PAUSED = 1  # the budget ran out; call ``run`` again to go on

# Constants are written as literals in the engine below, where the C compiler folds them
# (a ``cython.declare``d global is a variable it cannot): 0o777777777 is every cell of a
# band, 0o777 one row of it. ``_propagate`` answers 0 (contradiction), 1 (solved) or 2
# (open: a guess is needed).

#: Deepest stack: every guess places a digit, so at most 81 guesses are ever open. (The
#: C arrays of ``Kernel9`` have this size, written out as 82: Cython sizes them from
#: literals only.)
MAX_DEPTH = 82


def is_compiled() -> bool:
    """True when this module is the compiled extension, not the .py source."""
    return cython.compiled


# -- lookup tables ------------------------------------------------------------------------
# Built once, at import, by the loops below over small integers: compiled, they fill static
# C arrays in a few microseconds (built in Python, they took a few milliseconds of every
# start); each Kernel9 copies them into its own arrays (a memcpy when compiled). Uncompiled,
# they are lists, which each Kernel9 shares.

if cython.compiled:
    _SHRINK = cython.declare(cython.ushort[512])
    _SHRINK3 = cython.declare(cython.ushort[512])
    _SHRINK6 = cython.declare(cython.ushort[512])
    _KEEP9 = cython.declare(cython.uint[512])
    _COMPLEX = cython.declare(cython.uint[512])
    _POINTING = cython.declare(cython.uint[512])
    _COLUMN_SINGLE = cython.declare(cython.uint[512])
    _ROW_SINGLE = cython.declare(cython.uint[512])
    _ROW_MASK = cython.declare(cython.uint[8])
    _PLACE = cython.declare(cython.uint[27])
    _COLUMN27 = cython.declare(cython.uint[9])
    _POP9 = cython.declare(cython.uchar[512])
    _STACK_SPREAD = cython.declare(cython.uint[512])
    _DEBRUIJN = cython.declare(cython.uchar[32])
else:
    _SHRINK, _SHRINK3, _SHRINK6, _KEEP9, _COMPLEX, _POINTING, _COLUMN_SINGLE, _ROW_SINGLE = (
        [0] * 512 for _ in range(8))
    _ROW_MASK, _PLACE, _COLUMN27 = [0] * 8, [0] * 27, [0] * 9
    _POP9, _STACK_SPREAD, _DEBRUIJN = [0] * 512, [0] * 512, [0] * 32


@cython.cfunc
@cython.exceptval(check=False)
def _single(x: cython.uint) -> cython.bint:
    """Whether ``x`` has exactly one bit set."""
    return x != 0 and (x & (x - 1)) == 0


@cython.cfunc
@cython.exceptval(check=False)
def _shrink(x: cython.uint) -> cython.uint:
    """9 bits (one row of a band) -> 3 bits: which of its three minirows are non-empty."""
    return ((1 if x & 0o7 else 0) | (2 if x & 0o70 else 0)
            | (4 if x & 0o700 else 0))


@cython.cfunc
@cython.exceptval(check=False)
def _keep9(s: cython.uint) -> cython.uint:
    """Pattern (bit 3*i + j) -> the bits of it that lie on a permutation inside it (each i
    and each j used once); 0 if there is none. For a band, i is the row and j the box (the
    pattern of minirows); for a stack, i is the band and j the column (of minicolumns).
    The six permutations put i = 0, 1, 2 on j = j0, j1 and 3 - j0 - j1."""
    keep: cython.uint = 0
    on: cython.uint
    j0: cython.uint
    j1: cython.uint
    for j0 in range(3):
        for j1 in range(3):
            if j1 != j0:
                on = (1 << j0) | (1 << (3 + j1)) | (1 << (6 + 3 - j0 - j1))
                if (s & on) == on:
                    keep |= on
    return keep


@cython.cfunc
@cython.exceptval(check=False)
def _complex(keep: cython.uint) -> cython.uint:
    """Minirows kept by the band rule (``_keep9``: bit 3*row + box) -> their cells (the
    minirow of bit i is the three cells from 3*i): the band rule as a mask of cells, 0 when
    the pattern holds no permutation."""
    cells: cython.uint = 0
    i: cython.uint
    for i in range(9):
        if (keep >> i) & 1:
            cells |= cython.cast(cython.uint, 0o7) << (3 * i)
    return cells


@cython.cfunc
@cython.exceptval(check=False)
def _column(c: cython.uint) -> cython.uint:
    """The three cells of column ``c`` in a band."""
    return cython.cast(cython.uint, 0o001001001) << c


@cython.cfunc
@cython.exceptval(check=False)
def _pointing(cols: cython.uint) -> cython.uint:
    """Columns of a digit in a band (9 bits) -> the cells the digit keeps in the other two
    bands: a box with one column left (bits 3k..3k+2, one set) claims that column."""
    kill: cython.uint = 0
    x: cython.uint
    k: cython.uint
    for k in range(3):
        x = (cols >> (3 * k)) & 7
        if _single(x):
            kill |= _column(3 * k + (x >> 1))  # x is 1, 2 or 4: column 3k, 3k+1, 3k+2
    return 0o777777777 & ~kill


@cython.cfunc
@cython.exceptval(check=False)
def _column_single(cols: cython.uint) -> cython.uint:
    """Columns (9 bits) -> minirow pattern: every minirow of a box with one column left."""
    pattern: cython.uint = 0
    k: cython.uint
    for k in range(3):
        if _single((cols >> (3 * k)) & 7):
            pattern |= cython.cast(cython.uint, 0o111) << k
    return pattern


@cython.cfunc
@cython.exceptval(check=False)
def _row_single(kept: cython.uint) -> cython.uint:
    """The cells the band rule keeps (``_complex``) -> the minirows of the rows that have
    only one of them left (as a minirow pattern)."""
    keep: cython.uint = 0
    x: cython.uint
    r: cython.uint
    for r in range(3):
        x = _shrink((kept >> (9 * r)) & 0o777)
        if _single(x):
            keep |= x << (3 * r)
    return keep


@cython.cfunc
@cython.exceptval(check=False)
def _place(i: cython.uint) -> cython.uint:
    """Cell of a band -> the cells that keep the digit placed there (not its row or box)."""
    r: cython.uint = i // 9
    k: cython.uint = (i % 9) // 3
    peers: cython.uint = ((cython.cast(cython.uint, 0o777) << (9 * r))
                          | (cython.cast(cython.uint, 0o007007007) << (3 * k)))
    return (0o777777777 & ~peers) | (cython.cast(cython.uint, 1) << i)


@cython.cfunc
@cython.exceptval(check=False)
def _build_tables() -> cython.void:
    x: cython.uint
    r: cython.uint
    n: cython.uint
    bit: cython.uint
    for x in range(512):
        _SHRINK[x] = _shrink(x)
        _SHRINK3[x] = _shrink(x) << 3
        _SHRINK6[x] = _shrink(x) << 6
        _KEEP9[x] = _keep9(x)
        _COMPLEX[x] = _complex(_keep9(x))
        _POINTING[x] = _pointing(x)
        _COLUMN_SINGLE[x] = _column_single(x)
        n = 0
        for r in range(9):
            n += (x >> r) & 1
        _POP9[x] = n
        # the columns of a digit in a band -> the same bits in stack-major order, the stack
        # rule's layout: column 3*s + j at bit 9*s + j (the band's place, 3*band, added by
        # a shift)
        _STACK_SPREAD[x] = (x & 0o7) | ((x & 0o70) << 6) | ((x & 0o700) << 12)
    for x in range(512):  # reads _COMPLEX, complete only now
        _ROW_SINGLE[x] = _row_single(_COMPLEX[x])
    for x in range(8):  # 3 bits -> the cells of those rows of a band
        _ROW_MASK[x] = 0
        for r in range(3):
            if (x >> r) & 1:
                _ROW_MASK[x] |= cython.cast(cython.uint, 0o777) << (9 * r)
    for x in range(27):
        _PLACE[x] = _place(x)
    for x in range(9):
        _COLUMN27[x] = _column(x)
    # For ``_bit_index``: multiplying a power of two below 2**32 by the de Bruijn constant
    # 0x077CB531 (modulo 2**32) puts a distinct 5-bit pattern in the top bits, so the index
    # of bit i is found from bits 27-31 of ``bit * 0x077CB531`` with one multiplication
    # (bits that only Python keeps, above 2**32, are masked off).
    for x in range(32):
        bit = cython.cast(cython.uint, 1) << x
        _DEBRUIJN[((bit * 0x077CB531) >> 27) & 31] = x


_build_tables()


@cython.final
@cython.cclass
class Kernel9:
    """The search state of one 9x9 puzzle; ``reset`` loads a puzzle into it.

    After ``run`` returns DONE, ``counts()`` says how many solutions were found (at most
    ``limit``) and ``solution()`` holds the first. One object serves any number of puzzles,
    one after the other; it is not to be shared between threads.

    The state at guess depth k is ``p[27k:27k+27]`` (candidates, index 9*band + digit: the
    nine digits of a band side by side),
    ``unsolved[3k:3k+3]`` (unsolved cells per band) and ``rows[9k:9k+9]``: word d has a bit
    per row of the grid (bit 3*band + row) where digit d is not yet placed.
    ``dirty`` (bit 9*band + digit) marks the masks of the deepest state narrowed since the
    band rules last looked at them; it is empty whenever a guess is made, so it is not
    kept per depth.
    """

    # Its fields are typed in _kernel9.pxd (the puzzle maker cimports the class): the state
    # above, one frame per guess (frame_sub, frame_bit), the band of each open pair
    # (pairs), the first solution (sol), the counts, and the lookup tables (t_*), copied
    # from the module's.

    def __init__(self) -> None:
        self.p = [0] * (82 * 27)
        self.dirty = 0
        self.stack_todo = 0
        self.unsolved = [0] * (82 * 3)
        self.rows = [0] * (82 * 9)
        self.frame_sub = [0] * 82
        self.frame_bit = [0] * 82
        self.pairs = [0] * 3
        self.sol = [0] * 81
        self.t_shrink = _SHRINK
        self.t_shrink3 = _SHRINK3
        self.t_shrink6 = _SHRINK6
        self.t_complex = _COMPLEX
        self.t_keep9 = _KEEP9
        self.t_pointing = _POINTING
        self.t_column_single = _COLUMN_SINGLE
        self.t_row_single = _ROW_SINGLE
        self.t_row_mask = _ROW_MASK
        self.t_place = _PLACE
        self.t_column = _COLUMN27
        self.t_pop9 = _POP9
        self.t_stack_spread = _STACK_SPREAD
        self.t_debruijn = _DEBRUIJN
        self.finished = True
        self.depth = 0
        self.count = 0
        self.guesses = 0
        self.limit = 1

    # -- the Python face (the same as _core.Search) -------------------------------
    def reset(self, cells: object, limit: int) -> bool:
        """Load a puzzle (81 ints, 0 blank); False if its givens already clash."""
        i: cython.int
        v: cython.int
        self._clear(limit)
        for i in range(27):
            self.p[i] = 0
        for i in range(81):
            v = cells[i]  # type: ignore[index]
            if v < 0 or v > 9:
                # as if given one by one: a clash among the cells before it comes first
                if not self._load_givens():
                    self.finished = True
                    return False
                raise ValueError(f"cell {i} holds {v}, not a digit 0-9")
            if v:
                self.p[9 * (i // 27) + v - 1] |= cython.cast(cython.uint, 1) << (i % 27)
        if not self._load_givens():
            self.finished = True
            return False
        return True

    def reset_masks(self, masks: object, limit: int) -> bool:
        """Load a pencilmark puzzle: 81 candidate masks (digit d at bit d-1). False if a
        cell has no candidate."""
        i: cython.int
        d: cython.int
        m: cython.uint
        self._clear(limit)
        for d in range(27):
            self.p[d] = 0
        for i in range(81):
            m = masks[i] & 0x1FF  # type: ignore[index]
            if m == 0:
                self.finished = True
                return False
            for d in range(9):
                if m >> d & 1:
                    self.p[9 * (i // 27) + d] |= cython.cast(cython.uint, 1) << (i % 27)
        return True

    def settles(self, cells: object) -> bool:
        """Do the singles and locked candidates (the band rules, without a guess) solve the
        puzzle of ``cells`` (81 ints, 0 blank)? False where they stop short, or where the
        givens clash."""
        if not self.reset(cells, 1):
            return False
        return self._propagate(0) == 1

    def run(self, budget: int) -> int:
        """Search for up to ``budget`` steps (a step propagates and then guesses or
        backtracks once); DONE or PAUSED."""
        status: cython.int
        b: cython.longlong = budget
        if self.finished:
            return DONE
        with cython.nogil:
            status = self._run(b)
        return status

    def counts(self) -> tuple[int, int]:
        """(solutions found so far, guesses made so far)."""
        return self.count, self.guesses

    def solution(self) -> list[int]:
        """The first solution found, as 81 digits."""
        return [self.sol[i] for i in range(81)]

    # -- the engine (no Python objects below this line: it runs without the GIL) ------
    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _clear(self, limit: cython.longlong) -> cython.void:
        """An empty grid: every digit possible everywhere, nothing processed yet."""
        i: cython.int
        for i in range(27):
            self.p[i] = 0o777777777
        self.dirty = 0o777777777  # every band is news
        self.stack_todo = 0o777
        for i in range(3):
            self.unsolved[i] = 0o777777777
        for i in range(9):
            self.rows[i] = 0o777
        self.depth = 0
        self.limit = limit
        self.count = 0
        self.guesses = 0
        self.finished = False

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _load_givens(self) -> cython.bint:
        """Turn the givens into the root state: ``p[0:27]`` holds, per digit and band,
        where the digit is given; each digit then leaves the cells given another digit and
        the rows, columns and boxes of its own givens (its givens stay), and the rows of
        the givens count as placed. False if two givens of a digit share a row, column or
        box.

        All at once, with no branch per given: a digit's givens clash exactly when they
        touch fewer rows (or columns, or boxes) than there are of them, so the givens
        clash somewhere when the rows touched, summed over the digits, fall short of the
        number of givens (and the same for columns and boxes).

        Compiled, ``_kernel9_simd.h`` does the same four digits at a time."""
        d: cython.size_t
        done: cython.int
        o0: cython.uint = 0
        o1: cython.uint = 0
        o2: cython.uint = 0
        g0: cython.uint
        g1: cython.uint
        g2: cython.uint
        c0: cython.uint
        c1: cython.uint
        c2: cython.uint
        r0: cython.uint
        r1: cython.uint
        r2: cython.uint
        x0: cython.uint
        x1: cython.uint
        x2: cython.uint
        cols: cython.uint
        n_rows: cython.uint = 0
        n_cols: cython.uint = 0
        n_boxes: cython.uint = 0
        given: cython.uint
        if cython.compiled:
            done = k9_load_givens(cython.address(self.p[0]), cython.address(self.rows[0]),
                                  cython.address(self.unsolved[0]))
            if done >= 0:
                return done
        for d in range(9):
            o0 |= self.p[d]
            o1 |= self.p[9 + d]
            o2 |= self.p[18 + d]
        for d in range(9):
            g0 = self.p[d]
            g1 = self.p[9 + d]
            g2 = self.p[18 + d]
            c0 = (g0 | (g0 >> 9) | (g0 >> 18)) & 0o777
            c1 = (g1 | (g1 >> 9) | (g1 >> 18)) & 0o777
            c2 = (g2 | (g2 >> 9) | (g2 >> 18)) & 0o777
            cols = c0 | c1 | c2
            # rows (3 bits a band) and boxes (3 bits a band) holding a given of d
            r0 = (cython.cast(cython.uint, (g0 & 0o777) != 0)
                  | (cython.cast(cython.uint, (g0 & 0o777000) != 0) << 1)
                  | (cython.cast(cython.uint, g0 > 0o777777) << 2))
            r1 = (cython.cast(cython.uint, (g1 & 0o777) != 0)
                  | (cython.cast(cython.uint, (g1 & 0o777000) != 0) << 1)
                  | (cython.cast(cython.uint, g1 > 0o777777) << 2))
            r2 = (cython.cast(cython.uint, (g2 & 0o777) != 0)
                  | (cython.cast(cython.uint, (g2 & 0o777000) != 0) << 1)
                  | (cython.cast(cython.uint, g2 > 0o777777) << 2))
            x0 = self.t_shrink[c0]
            x1 = self.t_shrink[c1]
            x2 = self.t_shrink[c2]
            n_rows += self.t_pop9[r0 | (r1 << 3) | (r2 << 6)]
            n_cols += self.t_pop9[cols]
            n_boxes += self.t_pop9[x0 | (x1 << 3) | (x2 << 6)]
            self.rows[d] = 0o777 & ~(r0 | (r1 << 3) | (r2 << 6))
            cols *= 0o001001001  # every cell of those columns
            # box k of x (bit k) -> its cells: bits 3k..3k+2 of each row of the band
            self.p[d] = (0o777777777 & ~(o0 | cols | self.t_row_mask[r0] | (
                ((x0 & 1) * 0o7 | (x0 & 2) * 0o34 | (x0 & 4) * 0o160) * 0o001001001))) | g0
            self.p[9 + d] = (0o777777777 & ~(o1 | cols | self.t_row_mask[r1] | (
                ((x1 & 1) * 0o7 | (x1 & 2) * 0o34 | (x1 & 4) * 0o160) * 0o001001001))) | g1
            self.p[18 + d] = (0o777777777 & ~(o2 | cols | self.t_row_mask[r2] | (
                ((x2 & 1) * 0o7 | (x2 & 2) * 0o34 | (x2 & 4) * 0o160) * 0o001001001))) | g2
        self.unsolved[0] = 0o777777777 & ~o0
        self.unsolved[1] = 0o777777777 & ~o1
        self.unsolved[2] = 0o777777777 & ~o2
        given = (self.t_pop9[o0 & 0o777] + self.t_pop9[(o0 >> 9) & 0o777] + self.t_pop9[o0 >> 18]
                 + self.t_pop9[o1 & 0o777] + self.t_pop9[(o1 >> 9) & 0o777]
                 + self.t_pop9[o1 >> 18]
                 + self.t_pop9[o2 & 0o777] + self.t_pop9[(o2 >> 9) & 0o777]
                 + self.t_pop9[o2 >> 18])
        return (n_rows == given) & (n_cols == given) & (n_boxes == given)

    @cython.cfunc
    @cython.inline
    @cython.nogil
    @cython.exceptval(check=False)
    def _bit_index(self, bit: cython.uint) -> cython.int:
        """The index of the one set bit of ``bit``."""
        if cython.compiled:
            return k9_ctz(bit)
        else:
            return self.t_debruijn[((bit * 0x077CB531) >> 27) & 31]

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _update(self, base: cython.size_t) -> cython.bint:
        """Apply the band rules to every digit with a changed band (``dirty``) until none is
        left; False on a contradiction. ``base`` is 27 * depth.

        A digit's three bands are settled together, in registers: each pass applies the
        band rule and the columns its boxes claim, both read from the same masks (short
        independent chains the processor overlaps), until a pass removes nothing; then its
        newly placed rows clear their cells from the other digits of the band (4 digits at
        a time in the compiled module), which marks those dirty. The rules only ever remove
        candidates, so where they end (the largest state none of them narrows) does not
        depend on the order the digits are taken in."""
        # unsigned indices: the compiler need not widen them at each use
        ub: cython.size_t = base // 9
        d: cython.size_t
        b: cython.size_t
        e: cython.size_t
        k: cython.size_t
        ur9: cython.size_t = base // 3
        dirty: cython.uint = self.dirty
        seen: cython.uint = 0
        todo: cython.uint
        bit: cython.uint
        ur: cython.uint
        a0: cython.uint
        a1: cython.uint
        a2: cython.uint
        s0: cython.uint
        s1: cython.uint
        s2: cython.uint
        c0: cython.uint
        c1: cython.uint
        c2: cython.uint
        k0: cython.uint
        k1: cython.uint
        k2: cython.uint
        n0: cython.uint
        n1: cython.uint
        n2: cython.uint
        x: cython.uint
        y: cython.uint
        solved: cython.uint
        placed: cython.uint
        sb: cython.uint
        a: cython.uint
        cl: cython.uint
        changed: cython.uint
        while dirty:
            # one round over the digits dirty at its start (the loop's course depends on
            # nothing computed inside it, so the processor can run ahead); marks made in
            # the round are left for the next one, unless the digit is yet to come
            todo = (dirty | (dirty >> 9) | (dirty >> 18)) & 0o777
            seen |= todo
            dirty = 0
            while todo:
                bit = todo & (~todo + 1)
                todo ^= bit
                d = self._bit_index(bit)
                k = base + d
                a0 = self.p[k]
                a1 = self.p[k + 9]
                a2 = self.p[k + 18]
                while True:
                    s0 = (self.t_shrink[a0 & 0o777] | self.t_shrink3[(a0 >> 9) & 0o777]
                          | self.t_shrink6[a0 >> 18])
                    s1 = (self.t_shrink[a1 & 0o777] | self.t_shrink3[(a1 >> 9) & 0o777]
                          | self.t_shrink6[a1 >> 18])
                    s2 = (self.t_shrink[a2 & 0o777] | self.t_shrink3[(a2 >> 9) & 0o777]
                          | self.t_shrink6[a2 >> 18])
                    c0 = (a0 | (a0 >> 9) | (a0 >> 18)) & 0o777
                    c1 = (a1 | (a1 >> 9) | (a1 >> 18)) & 0o777
                    c2 = (a2 | (a2 >> 9) | (a2 >> 18)) & 0o777
                    k0 = self.t_pointing[c0]
                    k1 = self.t_pointing[c1]
                    k2 = self.t_pointing[c2]
                    # both rules from the same masks: two short chains side by side, not
                    # one long one (an emptied band stays empty and claims nothing: it is
                    # checked after the loop)
                    n0 = a0 & self.t_complex[s0] & k1 & k2
                    n1 = a1 & self.t_complex[s1] & k0 & k2
                    n2 = a2 & self.t_complex[s2] & k0 & k1
                    if ((n0 ^ a0) | (n1 ^ a1) | (n2 ^ a2)) == 0:
                        break
                    a0 = n0
                    a1 = n1
                    a2 = n2
                if (a0 == 0) | (a1 == 0) | (a2 == 0):  # one branch, not three
                    return False
                # rows with one cell left, per band (3 bits each)
                solved = (self.t_shrink[self.t_row_single[s0] & self.t_column_single[c0]]
                          | self.t_shrink3[self.t_row_single[s1] & self.t_column_single[c1]]
                          | self.t_shrink6[self.t_row_single[s2] & self.t_column_single[c2]])
                ur = self.rows[ur9 + d]
                placed = 0o777 & ~ur
                if placed != solved:
                    # rows newly placed: their cells leave the other digits of their band
                    self.rows[ur9 + d] = ur & ~solved
                    for b in range(3):
                        sb = (solved >> (3 * b)) & 7
                        if sb == ((placed >> (3 * b)) & 7):
                            continue
                        a = a0 if b == 0 else (a1 if b == 1 else a2)
                        cl = ~(a & self.t_row_mask[sb])
                        self.unsolved[ub + b] &= cl
                        if cython.compiled:  # 4 digits at a time (_kernel9_simd.h)
                            changed = k9_clear_band(cython.address(self.p[base + 9 * b]), ~cl)
                        else:
                            changed = 0
                            for e in range(9):
                                x = self.p[base + 9 * b + e]
                                y = x & cl
                                self.p[base + 9 * b + e] = y
                                changed |= cython.cast(cython.uint, x != y) << e
                        dirty |= changed << (9 * b)
                dirty &= ~(cython.cast(cython.uint, 0o001001001) << d)  # its own: settled
                self.p[k] = a0
                self.p[k + 9] = a1
                self.p[k + 18] = a2
        self.dirty = 0
        self.stack_todo |= seen
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _stack_rules(self, base: cython.size_t) -> cython.int:
        """The band rule turned on its side: in each stack, a digit sits once in each band
        and once in each column, so the (band x column) pattern of minicolumns that can
        hold it must contain a permutation. Removes the minicolumns on none (hidden
        singles in columns, pointing and claiming along columns): -1 on a contradiction,
        else the number of masks narrowed."""
        d: cython.size_t
        b: cython.size_t
        k: cython.size_t
        narrowed: cython.int = 0
        c0: cython.uint
        c1: cython.uint
        c2: cython.uint
        x: cython.uint
        y: cython.uint
        w: cython.uint
        a: cython.uint
        allowed: cython.uint
        bit: cython.uint
        y0: cython.uint
        y1: cython.uint
        y2: cython.uint
        todo: cython.uint = self.stack_todo
        self.stack_todo = 0
        while todo:  # the digits not narrowed since they last passed are skipped
            bit = todo & (~todo + 1)
            todo ^= bit
            d = self._bit_index(bit)
            if self.rows[base // 3 + d] == 0:
                continue  # placed everywhere
            a = self.p[base + d]
            c0 = (a | (a >> 9) | (a >> 18)) & 0o777
            a = self.p[base + 9 + d]
            c1 = (a | (a >> 9) | (a >> 18)) & 0o777
            a = self.p[base + 18 + d]
            c2 = (a | (a >> 9) | (a >> 18)) & 0o777
            # stack-major: bit 9*stack + 3*band + column-in-stack
            x = (self.t_stack_spread[c0] | (self.t_stack_spread[c1] << 3)
                 | (self.t_stack_spread[c2] << 6))
            y0 = self.t_keep9[x & 0o777]
            y1 = self.t_keep9[(x >> 9) & 0o777]
            y2 = self.t_keep9[x >> 18]
            y = y0 | (y1 << 9) | (y2 << 18)
            if y == x:
                continue
            if (y0 == 0) | (y1 == 0) | (y2 == 0):
                return -1
            for b in range(3):
                w = (y >> (3 * b)) & 0o007007007
                allowed = (w | (w >> 6) | (w >> 12)) & 0o777
                k = base + 9 * b + d
                a = self.p[k] & (allowed * 0o001001001)
                if a != self.p[k]:
                    self.p[k] = a
                    self.dirty |= cython.cast(cython.uint, 1) << (9 * b + d)
                    narrowed += 1
        return narrowed

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _naked_singles(self, base: cython.size_t) -> cython.int:
        """Place every cell with one candidate left: -1 contradiction (a cell with none),
        else how many were placed. Also records the cells with two candidates."""
        b: cython.size_t
        d: cython.size_t
        k: cython.size_t
        sub: cython.size_t
        placed: cython.int = 0
        one0: cython.uint = 0
        two0: cython.uint = 0
        three0: cython.uint = 0
        one1: cython.uint = 0
        two1: cython.uint = 0
        three1: cython.uint = 0
        one2: cython.uint = 0
        two2: cython.uint = 0
        three2: cython.uint = 0
        x: cython.uint
        two: cython.uint
        singles: cython.uint
        bit: cython.uint
        # the three bands counted side by side: three independent chains
        for d in range(9):
            k = base + d
            x = self.p[k]
            three0 |= two0 & x
            two0 |= one0 & x
            one0 |= x
            x = self.p[k + 9]
            three1 |= two1 & x
            two1 |= one1 & x
            one1 |= x
            x = self.p[k + 18]
            three2 |= two2 & x
            two2 |= one2 & x
            one2 |= x
        if (one0 & one1 & one2) != 0o777777777:
            return -1
        self.pairs[0] = two0 & ~three0
        self.pairs[1] = two1 & ~three1
        self.pairs[2] = two2 & ~three2
        for b in range(3):
            two = two0 if b == 0 else (two1 if b == 1 else two2)
            singles = ~two & self.unsolved[base // 9 + b]
            while singles:
                bit = singles & (~singles + 1)
                singles ^= bit
                for d in range(9):
                    sub = base + 9 * b + d
                    if self.p[sub] & bit:
                        self.p[sub] &= self.t_place[self._bit_index(bit)]
                        self.dirty |= cython.cast(cython.uint, 1) << (9 * b + d)
                        placed += 1
                        break
        return placed

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _propagate(self, base: cython.size_t) -> cython.int:
        """Update and place singles to a fixpoint: 0 contradiction, 1 solved, 2 open."""
        found: cython.int
        ub: cython.size_t = base // 9
        while True:
            if not self._update(base):
                return 0
            if (self.unsolved[ub] | self.unsolved[ub + 1] | self.unsolved[ub + 2]) == 0:
                return 1
            found = self._naked_singles(base)
            if found < 0:
                return 0
            if found > 0:
                continue
            found = self._stack_rules(base)
            if found < 0:
                return 0
            if found == 0:
                return 2

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _guess(self, base: cython.size_t) -> cython.bint:
        """Push a copy of the state and place, in the copy, the lowest candidate of a cell
        with two candidates, in the band that has the most of them (else of the unsolved
        cell with the fewest candidates). False if the stack is full, which a consistent
        state never reaches.

        The band with the most two-candidate cells is the most tightly knit: a guess there
        settles the most (measured: a quarter fewer guesses on the hard collections than
        the first such cell in reading order). Once a solution is found, the order no
        longer shows in any answer, and ``_pick_pair`` chooses the cell instead."""
        b: cython.size_t
        d: cython.size_t
        k: cython.size_t
        n: cython.int
        best: cython.int = 0
        best_b: cython.int = 0
        bit: cython.uint = 0
        cells: cython.uint
        c: cython.uint
        ub: cython.size_t = base // 9
        if self.depth + 1 >= 82:
            return False
        for b in range(3):
            c = self.pairs[b]
            n = self.t_pop9[c & 0o777] + self.t_pop9[(c >> 9) & 0o777] + self.t_pop9[c >> 18]
            if n > best:
                best = n
                best_b = b
        if best > 0 and self.count > 0:
            c = self._pick_pair(base)
            best_b = c >> 27
            bit = c & 0o777777777
        elif best > 0:
            c = self.pairs[best_b]
            bit = c & (~c + 1)
        else:
            best = 10
            for b in range(3):
                cells = self.unsolved[ub + b]
                while cells:
                    c = cells & (~cells + 1)
                    cells ^= c
                    n = 0
                    for d in range(9):
                        if self.p[base + 9 * b + d] & c:
                            n += 1
                    if n < best:
                        best = n
                        best_b = b
                        bit = c
        b = best_b
        for d in range(9):
            if self.p[base + 9 * b + d] & bit:
                break
        if cython.compiled:  # one block copy (the loop below is not vectorized)
            memcpy(cython.address(self.p[base + 27]), cython.address(self.p[base]),
                   27 * cython.sizeof(cython.uint))
        else:
            for k in range(27):
                self.p[base + 27 + k] = self.p[base + k]
        for k in range(3):
            self.unsolved[ub + 3 + k] = self.unsolved[ub + k]
        for k in range(9):
            self.rows[3 * ub + 9 + k] = self.rows[3 * ub + k]
        self.frame_sub[self.depth] = 9 * b + d
        self.frame_bit[self.depth] = bit
        self.depth += 1
        self.p[base + 27 + 9 * b + d] &= self.t_place[self._bit_index(bit)]
        self.dirty = cython.cast(cython.uint, 1) << (9 * b + d)
        self.guesses += 1
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _pick_pair(self, base: cython.size_t) -> cython.uint:
        """The two-candidate cell to guess on once a solution is found, as its bit in its
        band plus the band times 2**27: the one whose two digits reach the most candidates
        among its peers, those in two-candidate cells counted three times (each of them is
        a single once that digit is placed). The first such cell, band by band, wins a tie.

        By then the answer only says whether there is another solution, so the search is
        free to branch where the tree is smallest: measured, this halves the guesses that
        follow the first solution on the hardest puzzles (hardest_1106: 119 to 63 a
        puzzle)."""
        b: cython.uint
        b2: cython.uint
        d: cython.uint
        cells: cython.uint
        bit: cython.uint
        i: cython.uint
        c: cython.uint
        col: cython.uint
        score: cython.uint
        best: cython.uint = 0
        best_bit: cython.uint = 0
        best_b: cython.uint = 0
        m: cython.uint
        x: cython.uint
        y: cython.uint
        left: cython.int
        for b in range(3):
            cells = self.pairs[b]
            while cells:
                bit = cells & (~cells + 1)
                cells ^= bit
                i = self._bit_index(bit)
                c = i % 9
                col = self.t_column[c]
                score = 0
                left = 2
                for d in range(9):
                    m = self.p[base + 9 * b + d]
                    if (m & bit) == 0:
                        continue
                    x = m & ~self.t_place[i]  # the digit in the cell's row and box
                    y = x & self.pairs[b]
                    score += (self.t_pop9[x & 0o777] + self.t_pop9[(x >> 9) & 0o777]
                              + self.t_pop9[x >> 18]
                              + 2 * (self.t_pop9[y & 0o777] + self.t_pop9[(y >> 9) & 0o777]
                                     + self.t_pop9[y >> 18]))
                    # its column in the other two bands: cells at bits 0, 9 and 18 once
                    # shifted down, a field each that adds 1, or 3 for a pair
                    b2 = b + 1 if b < 2 else 0
                    y = (self.p[base + 9 * b2 + d] & col) >> c
                    x = y + 2 * (y & (self.pairs[b2] >> c))
                    b2 = b2 + 1 if b2 < 2 else 0
                    y = (self.p[base + 9 * b2 + d] & col) >> c
                    x += y + 2 * (y & (self.pairs[b2] >> c))
                    score += (x + (x >> 9) + (x >> 18)) & 0o777
                    left -= 1
                    if left == 0:
                        break
                if score > best or best_bit == 0:
                    best = score
                    best_bit = bit
                    best_b = b
        return best_bit | (best_b << 27)

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _record(self, base: cython.size_t) -> cython.void:
        """Write the solved state into ``sol``: each digit then has one cell in each row
        of each band."""
        b: cython.size_t
        d: cython.size_t
        m: cython.uint
        v: cython.uchar
        for b in range(3):
            for d in range(9):
                m = self.p[base + 9 * b + d]
                v = d + 1
                self.sol[27 * b + self._bit_index(m & 0o777)] = v
                self.sol[27 * b + 9 + self._bit_index((m >> 9) & 0o777)] = v
                self.sol[27 * b + 18 + self._bit_index(m >> 18)] = v

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _run(self, budget: cython.longlong) -> cython.int:
        base: cython.size_t
        found: cython.int
        while budget > 0:
            budget -= 1
            base = self.depth * 27
            found = self._propagate(base)
            if found == 2 and self._guess(base):
                continue
            if found == 1:
                if self.count == 0:
                    self._record(base)
                self.count += 1
                if self.count >= self.limit:
                    self.finished = True
                    return 0  # DONE
            # Dead end or a solution already counted: the last guess was wrong (or is
            # done with), so its digit goes from the state it was made in.
            if self.depth == 0:
                self.finished = True
                return 0  # DONE
            self.depth -= 1
            self.p[self.depth * 27 + self.frame_sub[self.depth]] &= ~self.frame_bit[self.depth]
            self.dirty = cython.cast(cython.uint, 1) << self.frame_sub[self.depth]
            self.stack_todo = 0  # that state passed the stack rules when the guess was made
        return 1  # PAUSED

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _solve_row(self, puzzle: cython.p_const_uchar, limit: cython.longlong) -> cython.bint:
        """Load the 81 cells at ``puzzle`` and search them to the end; False if they are
        unreadable (a value above 9) or their givens clash."""
        i: cython.int
        v: cython.int
        self._clear(limit)
        if cython.compiled:  # 16 cells at a time (_kernel9_simd.h)
            if not k9_givens(puzzle, cython.address(self.p[0])):
                return False
        else:
            for i in range(27):
                self.p[i] = 0
            for i in range(81):
                v = puzzle[i]
                if v > 9:
                    return False
                if v:
                    self.p[9 * (i // 27) + v - 1] |= cython.cast(cython.uint, 1) << (i % 27)
        if not self._load_givens():
            return False
        self._run(1 << 62)
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _solves_without(
        self, puzzle: cython.p_const_uchar, cell: cython.int, digit: cython.int
    ) -> cython.bint:
        """Has the puzzle of the 81 cells at ``puzzle`` (``cell`` blank) a solution with
        something other than ``digit`` in ``cell``? The puzzle maker's uniqueness test:
        with S its known solution and ``digit`` S's, "no" means every solution agrees with
        S there. The givens must not clash."""
        i: cython.int
        v: cython.int
        sub: cython.int = 9 * (cell // 27) + digit - 1
        self._clear(1)
        if cython.compiled:
            k9_givens(puzzle, cython.address(self.p[0]))
        else:
            for i in range(27):
                self.p[i] = 0
            for i in range(81):
                v = puzzle[i]
                if v:
                    self.p[9 * (i // 27) + v - 1] |= cython.cast(cython.uint, 1) << (i % 27)
        self._load_givens()
        self.p[sub] &= ~(cython.cast(cython.uint, 1) << (cell % 27))
        self.dirty |= cython.cast(cython.uint, 1) << sub
        self._run(1 << 62)
        return self.count > 0


def solve_rows(puzzles: object, solutions: object, counts: object, guesses: object,
               limit: int) -> None:
    """Search every row of ``puzzles`` (B x 81 digits, 0 blank, uint8) for up to ``limit``
    solutions, without the GIL: the first solution goes to the same row of ``solutions``
    (B x 81, uint8; left zero when there is none), the count and the guesses made to
    ``counts`` and ``guesses`` (B, int64). The arrays are C-contiguous (any object with
    the buffer protocol: NumPy arrays, memoryviews). A row with a value above 9 counts as
    having no solution."""
    k: Kernel9 = Kernel9()
    lim: cython.longlong = limit
    n: cython.Py_ssize_t
    r: cython.Py_ssize_t
    i: cython.int
    found: cython.bint
    if cython.compiled:
        # the buffers taken by hand, not as typed memoryviews: Cython's memoryview support
        # imports collections.abc when the module loads, a good part of a one-puzzle solve
        views = cython.declare(cython.Py_buffer[4])
        taken: cython.int = 0
        p = cython.declare(cython.p_const_uchar)
        sol = cython.declare(cython.p_uchar)
        c = cython.declare(cython.p_longlong)
        g = cython.declare(cython.p_longlong)
        try:
            n = _take(puzzles, cython.address(views[0]), 81, 1, False, "puzzles")
            taken = 1
            _take(solutions, cython.address(views[1]), 81, 1, True, "solutions")
            taken = 2
            _take(counts, cython.address(views[2]), 0, 8, True, "counts")
            taken = 3
            _take(guesses, cython.address(views[3]), 0, 8, True, "guesses")
            taken = 4
            if (views[1].shape[0] != n or views[2].shape[0] != n
                    or views[3].shape[0] != n):
                raise ValueError("puzzles, solutions, counts and guesses must have as many "
                                 "rows")
            if lim < 1:
                raise ValueError(f"limit must be at least 1, got {limit}")
            p = cython.cast(cython.p_const_uchar, views[0].buf)
            sol = cython.cast(cython.p_uchar, views[1].buf)
            c = cython.cast(cython.p_longlong, views[2].buf)
            g = cython.cast(cython.p_longlong, views[3].buf)
            with cython.nogil:
                for r in range(n):
                    found = k._solve_row(p + 81 * r, lim) and k.count
                    for i in range(81):
                        sol[81 * r + i] = k.sol[i] if found else 0
                    c[r] = k.count
                    g[r] = k.guesses
        finally:
            while taken:
                taken -= 1
                PyBuffer_Release(cython.address(views[taken]))
    else:
        n = puzzles.shape[0]  # type: ignore[attr-defined]
        if puzzles.shape[1] != 81 or solutions.shape[1] != 81:  # type: ignore[attr-defined]
            raise ValueError("puzzles and solutions must have 81 columns")
        if (solutions.shape[0] != n or counts.shape[0] != n  # type: ignore[attr-defined]
                or guesses.shape[0] != n):  # type: ignore[attr-defined]
            raise ValueError("puzzles, solutions, counts and guesses must have as many rows")
        if lim < 1:
            raise ValueError(f"limit must be at least 1, got {limit}")
        cells = memoryview(puzzles)  # type: ignore[arg-type]
        if cells.itemsize != 1:
            raise ValueError("puzzles must be a C-contiguous array of uint8 with 81 columns")
        cells = cells.cast("B")  # rows of 81 bytes
        for r in range(n):
            found = k._solve_row(cells[81 * r: 81 * r + 81], lim) and k.count
            for i in range(81):
                solutions[r, i] = k.sol[i] if found else 0  # type: ignore[index]
            counts[r] = k.count  # type: ignore[index]
            guesses[r] = k.guesses  # type: ignore[index]


if cython.compiled:
    from cython.cimports.cpython.buffer import (
        PyBUF_C_CONTIGUOUS,
        PyBUF_FORMAT,
        PyBUF_WRITABLE,
        PyBuffer_Release,
        PyObject_GetBuffer,
    )


@cython.cfunc
def _take(array: object, view: cython.pointer(cython.Py_buffer),  # type: ignore[valid-type]
          columns: cython.Py_ssize_t, itemsize: cython.Py_ssize_t, writable: cython.bint,
          name: str) -> cython.Py_ssize_t:
    """Take the buffer of ``array`` into ``view`` (compiled only) and check it: C-contiguous,
    of uint8 (``itemsize`` 1) or int64 (8), with ``columns`` columns (0: one dimension);
    its rows. Released here if it does not fit."""
    flags: cython.int = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT
    fmt: bytes
    if writable:
        flags |= PyBUF_WRITABLE
    PyObject_GetBuffer(array, view, flags)
    fmt = view.format if view.format != cython.NULL else b"B"
    fmt = fmt.lstrip(b"@=")
    if (view.itemsize != itemsize or fmt not in ((b"B",) if itemsize == 1 else (b"q", b"l"))
            or view.ndim != (2 if columns else 1)
            or (columns and view.shape[1] != columns)):
        PyBuffer_Release(view)
        what = "uint8" if itemsize == 1 else "int64"
        shape = f" with {columns} columns" if columns else ""
        raise ValueError(f"{name} must be a C-contiguous array of {what}{shape}")
    return view.shape[0]
