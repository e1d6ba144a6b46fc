"""The 9x9 path of the puzzle maker: for 9x9 grids with 3x3 boxes, a search that keeps one
board of 16-bit candidate masks per guess level, copied on each guess (so nothing is
undone), with every loop of a fixed length; and the uniqueness test on it. It takes the
same decisions as the general path of ``_gen_search`` (a test holds them to it).

Written in Cython's pure-Python mode like ``_core``; everything below runs without the GIL.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

from array import array

if cython.compiled:
    from cython.cimports.sudokit._kernel9 import Kernel9
    from cython.cimports.sudokit.generator._gen_search import PuzzleSearch, digit_of
else:  # the source runs: extend the source's class (a compiled one keeps its C methods)
    from sudokit.engine import load_pure

    _search = load_pure("generator._gen_search")
    PuzzleSearch = _search.PuzzleSearch
    digit_of = _search.digit_of
    Kernel9 = load_pure("_kernel9").Kernel9

_CUT = cython.declare(cython.int, -1)  # a search ran past its guess budget


def is_compiled() -> bool:
    """True when this module is the compiled extension, not the .py source."""
    return cython.compiled


@cython.cclass
class Board9Search(PuzzleSearch):
    """``PuzzleSearch`` with the 9x9 path: ``nine`` is set for a 9x9 grid of 3x3 boxes (20
    peers a cell) unless ``specialise`` is False (which keeps it on the general path, to
    compare the two). Its fields (typed in _gen9.pxd): ``nine``, the ``boards`` of masks,
    one per guess level, and ``pop``, the candidate count of each 9-bit mask; for the
    uniqueness tests, the band solver (``kernel``, see ``_kernel9``) and the puzzle it is
    handed (``givens``, 81 bytes)."""

    def __init__(
        self, n: int, peers: list[int], units: list[int], specialise: bool = True
    ) -> None:
        super().__init__(n, peers, units)
        self.nine = specialise and n == 9 and self.npeers == 20
        self.boards = array("H", [0]) * (81 * 82 if self.nine else 1)
        self.pop = array("B", [bin(m).count("1") for m in range(1 << 9)])
        self.kernel = Kernel9()
        self.givens = array("B", [0]) * 81

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
                            self.found[i] = digit_of(self.boards[off + i])
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
        solution with the group's earlier cells as in S and c not as in S. Unbounded, on
        the band solver (``_kernel9``, three times as fast on these searches as the board
        search below: most of a dig's time goes to the tests that find a second solution);
        with a guess budget, on the board search, which counts its guesses."""
        j: cython.int
        e: cython.int
        i: cython.int
        c: cython.int
        found: cython.bint
        if budget >= 0:
            return self._unique9_budgeted(cells, start, end, budget)
        for j in range(start, end):
            c = cells[j]
            for i in range(81):
                self.givens[i] = self.puzzle[i]
            for e in range(start, j):
                self.givens[cells[e]] = self.answer[cells[e]]
            if cython.compiled:
                found = self.kernel._solves_without(
                    cython.address(self.givens[0]), c, self.answer[c])
            else:
                found = self.kernel._solves_without(self.givens, c, self.answer[c])
            if found:
                return 0
        return 1

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _unique9_budgeted(
        self, cells: cython.int[::1], start: cython.int, end: cython.int,
        budget: cython.longlong,
    ) -> cython.int:
        """``_unique9`` within ``budget`` guesses a search: 1, 0 or CUT."""
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
