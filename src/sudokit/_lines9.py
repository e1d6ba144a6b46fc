"""Blocks of 9x9 puzzle lines answered in compiled code: the line path of ``sudoku solve``.

A :class:`LineBlock` takes a block of whole input lines and, with no Python object per
puzzle, sorts its lines out, reads the puzzle lines into an array of digits, has the 9x9
kernel search them (``_kernel9.solve_rows``, handed in, without the GIL), checks every
solution against the rules and the givens, and writes the answer lines: the bytes the line
reader and writer of :mod:`sudokit.formats` give for them, message lines included. Each line
of a block is one of

- PLAIN: 81 symbols (``1``-``9`` and one kind of blank, ``.`` or ``0``) and ``\\n`` or
  ``\\r\\n``: answered with its solution and the same line ending, or with a message;
- LAST: the same without a line ending (an input's last line): the solution without one;
- LEAD: a blank line, or a comment (``#`` first) of ASCII text: written back as it is, as the
  line reader keeps it before the next puzzle (or after the last one);
- OTHER: anything else. It is left out of the output and named in :meth:`LineBlock.events`,
  in its place, for the caller to read with the line format's own reader.

A puzzle with no solution is an event too (its report on standard error names the clash of
its givens), after its message has been written.

:class:`Pieces` follows the lines as the line reader and ``sudokit.stream`` group them (runs
of lines of one style into batches, batches and records into pieces of work), so that the
caller can say things on standard error in the order the record-by-record path says them.

Compiled when the package is installed; the same source runs as plain Python, slowly, as the
fallback (``SUDOKIT_PURE_PYTHON=1``) and gives the same bytes.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

# C constants for the code without the GIL, and their Python names below.
_PLAIN = cython.declare(cython.int, 0)
_LAST = cython.declare(cython.int, 1)
_LEAD = cython.declare(cython.int, 2)
_OTHER = cython.declare(cython.int, 3)
_OTHER_LINE = cython.declare(cython.int, 0)
_NO_SOLUTION = cython.declare(cython.int, 1)
_LONG_LINE = cython.declare(cython.Py_ssize_t, 1 << 20)

#: The kinds of line (``LineBlock.kind``).
PLAIN = _PLAIN
LAST = _LAST
LEAD = _LEAD
OTHER = _OTHER

#: The kinds of event (the third field of each of ``LineBlock.events()``).
OTHER_LINE = _OTHER_LINE
NO_SOLUTION = _NO_SOLUTION

#: A line longer than this is never LEAD: the line reader decides what it is (a line too
#: long to read at all is an error there).
LONG_LINE = _LONG_LINE


def is_compiled() -> bool:
    """True when this module is the compiled extension, not the .py source."""
    return cython.compiled


def _value_table() -> list[int]:
    """Byte -> its digit (1-9; 0 for the blanks '.' and '0'), 255 for any other byte."""
    table = [255] * 256
    table[ord(".")] = table[ord("0")] = 0
    for d in range(1, 10):
        table[ord(str(d))] = d
    return table


def _class_table() -> list[int]:
    """Byte -> 0 for a digit 1-9, 2 for the blank '0', 4 for the blank '.', 1 for any
    other byte."""
    return [1 if v == 255 else 2 if b == 48 else 4 if b == 46 else 0
            for b, v in enumerate(_value_table())]


def _space_table() -> list[int]:
    """Byte -> 1 for the ASCII characters ``str.strip`` removes."""
    return [1 if chr(b).isspace() else 0 for b in range(128)] + [0] * 128


def _longs(n: int) -> bytearray:
    """Room for ``n`` C long longs, zeroed (a bytearray: no module to import)."""
    return bytearray(8 * n)


# The arrays are read through C pointers into the bytearrays (and bytes) that hold them,
# not through typed memoryviews: Cython's memoryview support imports collections.abc when
# the module loads, a good part of a one-puzzle solve. Uncompiled, the same names hold
# the bytearrays (long longs: memoryviews of them, cast).
if cython.compiled:
    from cython.cimports.cpython.bytearray import PyByteArray_AS_STRING
    from cython.cimports.cpython.bytes import PyBytes_AS_STRING
    from cython.cimports.libc.string import memchr, memcpy



@cython.cfunc
def _bytes_at(array: bytearray) -> cython.p_uchar:
    """The bytes of ``array``, in C (uncompiled: the bytearray itself)."""
    if cython.compiled:
        return cython.cast(cython.p_uchar, PyByteArray_AS_STRING(array))
    else:
        return array


@cython.cfunc
def _longs_at(array: bytearray) -> cython.p_longlong:
    """The long longs of ``array`` (``_longs``), in C (uncompiled: a memoryview of them)."""
    if cython.compiled:
        return cython.cast(cython.p_longlong, PyByteArray_AS_STRING(array))
    else:
        return memoryview(array).cast("q")


_VALUE = _value_table()
_CLASS = _class_table()
_SPACE = _space_table()
#: Value -> its bit (digit d at bit d-1), 0 for anything but 1-9.
_BIT = [1 << (v - 1) if 1 <= v <= 9 else 0 for v in range(256)]


@cython.final
@cython.cclass
class _Tables:
    """The lookup tables, made once as C arrays (a block copies them from here)."""

    t_value: cython.uchar[256]
    t_class: cython.uchar[256]
    t_space: cython.uchar[256]
    t_bit: cython.ulonglong[256]

    def __init__(self) -> None:
        self.t_value = _VALUE
        self.t_class = _CLASS
        self.t_space = _SPACE
        self.t_bit = _BIT


_TABLES = _Tables()


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _solution_text(out: cython.p_uchar, o: cython.Py_ssize_t,
                   solutions: cython.p_const_uchar, at: cython.Py_ssize_t) -> cython.void:
    """Write the 81 digits from ``solutions[at:]`` as text at ``out[o:]``. (The arrays come
    as arguments, not through ``self``: the compiler then knows that the bytes written
    cannot move them, and copies in wide steps.)"""
    i: cython.Py_ssize_t
    for i in range(81):
        out[o + i] = 48 + solutions[at + i]


@cython.final
@cython.cclass
class LineBlock:
    """One block of whole lines (``data``, bytes), answered by :meth:`run`.

    After ``run``: ``output(lo, hi)`` holds the answer bytes, ``events()`` the lines left to
    the caller and the puzzles with no solution, ``failures`` the puzzles answered with a
    message, ``wrong`` the first puzzle whose solution broke a rule (-1: none; a bug of the
    engine, never expected)."""

    data: cython.p_const_uchar
    ndata: cython.Py_ssize_t  # bytes of data
    source: bytes  # the bytes behind data
    nlines: cython.Py_ssize_t
    npuzzles: cython.Py_ssize_t
    size: cython.Py_ssize_t
    nevents: cython.Py_ssize_t
    failures: cython.Py_ssize_t
    wrong: cython.Py_ssize_t
    kinds: cython.p_uchar
    styles: cython.p_uchar
    starts: cython.p_longlong
    digits: cython.p_uchar
    solutions: cython.p_uchar
    counts: cython.p_longlong
    guesses: cython.p_longlong
    out: cython.p_uchar
    event: cython.p_longlong
    message0: cython.p_const_uchar
    message2: cython.p_const_uchar
    length0: cython.Py_ssize_t
    length2: cython.Py_ssize_t
    messages: tuple  # type: ignore[type-arg]  # the bytes behind message0 and message2
    t_value: cython.uchar[256]
    t_class: cython.uchar[256]
    t_space: cython.uchar[256]
    t_bit: cython.ulonglong[256]
    buffers: tuple  # type: ignore[type-arg]  # the bytearrays behind the arrays above
    capacity: cython.Py_ssize_t  # lines the arrays hold
    room: cython.Py_ssize_t  # bytes ``out`` holds

    def __init__(self, data: bytes, no_solution: bytes, not_unique: bytes) -> None:
        """``data``: whole lines (the last one may lack its end); ``no_solution`` and
        ``not_unique``: the messages written in place of an answer."""
        self.messages = (bytes(no_solution), bytes(not_unique))
        if cython.compiled:
            self.message0 = cython.cast(cython.p_const_uchar, PyBytes_AS_STRING(self.messages[0]))
            self.message2 = cython.cast(cython.p_const_uchar, PyBytes_AS_STRING(self.messages[1]))
        else:
            self.message0, self.message2 = self.messages
        self.length0 = len(no_solution)
        self.length2 = len(not_unique)
        tables: _Tables = _TABLES  # C arrays copied as such: no Python int per entry
        self.t_value = tables.t_value
        self.t_class = tables.t_class
        self.t_space = tables.t_space
        self.t_bit = tables.t_bit
        self.capacity = 0
        self.room = 0
        self.load(data)

    def load(self, data: bytes) -> None:
        """Take ``data`` (whole lines) in place of the block answered before: its arrays
        are kept when they are large enough (a new array is zeroed and its memory touched
        page by page, which costs more than reading the block)."""
        self.source = data if type(data) is bytes else bytes(data)
        self.ndata = len(self.source)
        if cython.compiled:
            self.data = cython.cast(cython.p_const_uchar, PyBytes_AS_STRING(self.source))
        else:
            self.data = self.source
        lines: cython.Py_ssize_t = (self._newlines() if cython.compiled
                                    else data.count(b"\n")) + 1
        if lines > self.capacity:
            self.capacity = lines + (lines >> 3)
            self._arrays(self.capacity)
        if len(data) + 2 > self.room:  # an answer is never longer than its line
            self.room = len(data) + 2 + (len(data) >> 3)
            out = bytearray(self.room)
            self.out = _bytes_at(out)
            self.buffers = (*self.buffers[:8], out)
        self.nlines = 0
        self.npuzzles = 0
        self.size = 0
        self.nevents = 0
        self.failures = 0
        self.wrong = -1

    def _arrays(self, lines: int) -> None:
        digits = bytearray(81 * lines)
        solutions = bytearray(81 * lines)
        counts = _longs(lines)
        guesses = _longs(lines)
        kinds = bytearray(lines)
        styles = bytearray(lines)
        starts = _longs(lines + 1)
        event = _longs(4 * lines)
        self.buffers = (digits, solutions, counts, guesses, kinds, styles, starts, event,
                        self.buffers[8] if self.room else bytearray())
        self.digits = _bytes_at(digits)
        self.solutions = _bytes_at(solutions)
        self.kinds = _bytes_at(kinds)
        self.styles = _bytes_at(styles)
        self.counts = _longs_at(counts)
        self.guesses = _longs_at(guesses)
        self.starts = _longs_at(starts)
        self.event = _longs_at(event)

    # -- the Python face ----------------------------------------------------------------
    def run(self, solve_rows: object, unique: bool) -> None:
        """Read the lines, search every puzzle (for two solutions with ``unique``, else
        one) with ``solve_rows`` (``_kernel9.solve_rows``), check and write the answers."""
        flag: cython.bint = unique
        self._search(solve_rows, 2 if unique else 1)
        with cython.nogil:
            self._write(flag)

    def count(self, solve_rows: object, limit: int) -> None:
        """Read the lines, count the solutions of every puzzle up to ``limit`` with
        ``solve_rows`` and write the counts, one line each (``sudoku count``): a blank or
        comment line is left out, a line of another form is an event as in :meth:`run`,
        a count of 0 a failure."""
        self._search(solve_rows, limit)
        with cython.nogil:
            self._write_counts()

    def _search(self, solve_rows: object, limit: int) -> None:
        n: cython.Py_ssize_t
        with cython.nogil:
            self._scan()
        n = self.npuzzles
        if n:
            views = [memoryview(b) for b in self.buffers[:4]]
            solve_rows(  # type: ignore[operator]
                views[0][: 81 * n].cast("B", (n, 81)), views[1][: 81 * n].cast("B", (n, 81)),
                views[2][: 8 * n].cast("q"), views[3][: 8 * n].cast("q"), limit)

    def scan(self) -> None:
        """Only sort the lines out (``kind``, ``line``), answering none."""
        with cython.nogil:
            self._scan()

    def output(self, lo: int, hi: int) -> bytes:
        """Bytes ``lo`` to ``hi`` of the answers written."""
        return memoryview(self.buffers[8])[lo:hi].tobytes()

    def view(self, lo: int, hi: int) -> memoryview:
        """Bytes ``lo`` to ``hi`` of the answers written, not copied: valid until the
        block is loaded again."""
        return memoryview(self.buffers[8])[lo:hi]

    def events(self) -> list[tuple[int, int, int, int]]:
        """(line, output offset, kind, puzzle row) of each line left to the caller
        (OTHER_LINE, its place in the output) and each puzzle with no solution
        (NO_SOLUTION, after its message), in order."""
        found = []
        e: cython.Py_ssize_t
        for e in range(0, 4 * self.nevents, 4):
            found.append((self.event[e], self.event[e + 1], self.event[e + 2],
                          self.event[e + 3]))
        return found

    def line(self, i: int) -> bytes:
        """The bytes of line ``i`` (0-based within the block), with its line ending."""
        return self.source[self.starts[i]: self.starts[i + 1]]

    def puzzle(self, row: int) -> list[int]:
        """The 81 digits (0 blank) of puzzle ``row`` of the block."""
        return memoryview(self.buffers[0])[81 * row: 81 * row + 81].tolist()

    def kind(self, i: int) -> int:
        """The kind of line ``i``: PLAIN, LAST, LEAD or OTHER."""
        return self.kinds[i]

    @property
    def lines(self) -> int:
        """Lines in the block."""
        return self.nlines

    @property
    def written(self) -> int:
        """Bytes of answers written."""
        return self.size

    @property
    def failed(self) -> int:
        """Puzzles answered with a message (no solution; more than one, with unique)."""
        return self.failures

    @property
    def wrong_row(self) -> int:
        """The first puzzle whose solution broke a rule or a given; -1 when none did."""
        return self.wrong

    # -- the work (no Python objects below: it runs without the GIL) ------------------
    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _scan(self) -> cython.void:
        """Sort the lines out; read each puzzle line's digits."""
        end: cython.Py_ssize_t = self.ndata
        pos: cython.Py_ssize_t = 0
        nxt: cython.Py_ssize_t
        q: cython.Py_ssize_t
        line: cython.Py_ssize_t = 0
        row: cython.Py_ssize_t = 0
        seen: cython.uint
        zero: cython.int
        kind: cython.int
        while pos < end:
            self.starts[line] = pos
            kind = _OTHER
            nxt = pos
            q = pos + 81
            if q <= end:
                # no branch per byte: the digits are written whatever comes, and the
                # classes of the bytes seen (not a symbol, '0', '.') decide after
                seen = _read_digits(self, self.data, pos, self.digits, 81 * row)
                zero = (seen >> 1) & 1
                if seen == 0 or seen == 2 or seen == 4:  # symbols, one kind of blank
                    if q < end and self.data[q] == 10:
                        kind = _PLAIN
                        self.styles[line] = zero
                        nxt = q + 1
                    elif q + 1 < end and self.data[q] == 13 and self.data[q + 1] == 10:
                        kind = _PLAIN
                        self.styles[line] = 2 + zero
                        nxt = q + 2
                    elif q == end:
                        kind = _LAST
                        self.styles[line] = zero
                        nxt = end
            if kind == _OTHER:
                nxt = pos
                while nxt < end and self.data[nxt] != 10:
                    nxt += 1
                if nxt < end:
                    nxt += 1
                kind = self._other_kind(pos, nxt)
            else:
                row += 1
            self.kinds[line] = kind
            line += 1
            pos = nxt
        self.starts[line] = end
        self.nlines = line
        self.npuzzles = row

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _newlines(self) -> cython.Py_ssize_t:
        """The line feeds in ``data`` (compiled only: the C library finds each one in wide
        steps)."""
        n: cython.Py_ssize_t = 0
        size: cython.Py_ssize_t = self.ndata
        at: cython.Py_ssize_t = 0
        if size == 0:
            return 0
        start = cython.declare(cython.p_const_uchar, self.data)
        found = cython.declare(cython.p_const_uchar)
        while at < size:
            found = cython.cast(cython.p_const_uchar, memchr(start + at, 10, size - at))
            if found == cython.NULL:
                break
            n += 1
            at = (found - start) + 1
        return n

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _other_kind(self, pos: cython.Py_ssize_t, nxt: cython.Py_ssize_t) -> cython.int:
        """LEAD for a blank line or an ASCII comment line, else OTHER."""
        i: cython.Py_ssize_t = pos
        c: cython.uchar
        if nxt - pos > _LONG_LINE:
            return _OTHER
        while i < nxt and self.t_space[self.data[i]]:
            i += 1
        if i == nxt:
            return _LEAD
        if self.data[i] != 35:  # '#'
            return _OTHER
        while i < nxt:
            c = self.data[i]
            if c == 0 or c >= 128:  # NUL, or text the line reader must judge
                return _OTHER
            i += 1
        return _LEAD

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _write(self, unique: cython.bint) -> cython.void:
        """The answer of every line, in order, into ``out``; the events into ``event``."""
        line: cython.Py_ssize_t
        row: cython.Py_ssize_t = 0
        o: cython.Py_ssize_t = 0
        i: cython.Py_ssize_t
        a: cython.Py_ssize_t
        b: cython.Py_ssize_t
        count: cython.longlong
        kind: cython.int
        style: cython.int
        for line in range(self.nlines):
            kind = self.kinds[line]
            if kind in (_PLAIN, _LAST):
                style = self.styles[line]
                count = self.counts[row]
                if count == 0 or (unique and count > 1):
                    if count == 0:
                        o = self._put(o, self.message0, self.length0)
                    else:
                        o = self._put(o, self.message2, self.length2)
                    if style >= 2:
                        self.out[o] = 13
                        o += 1
                    self.out[o] = 10  # a message ends its line, even the last one
                    o += 1
                    self.failures += 1
                    if count == 0:
                        self._event(line, o, _NO_SOLUTION, row)
                else:
                    if self.wrong < 0 and not self._valid(row):
                        self.wrong = row
                    _solution_text(self.out, o, self.solutions, 81 * row)
                    o += 81
                    if kind == _PLAIN:
                        if style >= 2:
                            self.out[o] = 13
                            o += 1
                        self.out[o] = 10
                        o += 1
                row += 1
            elif kind == _LEAD:
                a = self.starts[line]
                b = self.starts[line + 1]
                for i in range(b - a):
                    self.out[o + i] = self.data[a + i]
                o += b - a
            else:
                self._event(line, o, _OTHER_LINE, -1)
        self.size = o

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _write_counts(self) -> cython.void:
        """The count of every puzzle line in decimal, a line each, into ``out``; the lines
        of other forms into ``event``."""
        line: cython.Py_ssize_t
        row: cython.Py_ssize_t = 0
        o: cython.Py_ssize_t = 0
        i: cython.Py_ssize_t
        digits: cython.Py_ssize_t
        count: cython.longlong
        rest: cython.longlong
        kind: cython.int
        for line in range(self.nlines):
            kind = self.kinds[line]
            if kind in (_PLAIN, _LAST):
                count = self.counts[row]
                if count == 0:
                    self.failures += 1
                digits = 1
                rest = count // 10
                while rest:
                    digits += 1
                    rest //= 10
                rest = count
                for i in range(digits - 1, -1, -1):  # (a count is shorter than its line)
                    self.out[o + i] = 48 + rest % 10
                    rest //= 10
                o += digits
                self.out[o] = 10
                o += 1
                row += 1
            elif kind == _OTHER:
                self._event(line, o, _OTHER_LINE, -1)
        self.size = o

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _put(self, o: cython.Py_ssize_t, text: cython.p_const_uchar,
             length: cython.Py_ssize_t) -> cython.Py_ssize_t:
        i: cython.Py_ssize_t
        for i in range(length):
            self.out[o + i] = text[i]
        return o + length

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _event(self, line: cython.Py_ssize_t, o: cython.Py_ssize_t, kind: cython.int,
               row: cython.Py_ssize_t) -> cython.void:
        e: cython.Py_ssize_t = 4 * self.nevents
        self.event[e] = line
        self.event[e + 1] = o
        self.event[e + 2] = kind
        self.event[e + 3] = row
        self.nevents += 1

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _valid(self, row: cython.Py_ssize_t) -> cython.bint:
        """Does the solution of ``row`` hold each digit once in every row, column and box,
        and keep every given? (Nine cells of a unit make all nine bits only when they hold
        nine different digits, each 1-9.) Only loads and local words: nothing is stored, so
        the compiler keeps everything in registers."""
        band: cython.int
        r: cython.int
        j: cython.int
        at: cython.Py_ssize_t
        bit: cython.ulonglong
        line: cython.ulonglong
        # a box of the band, by stack; the columns, by stack: 9 bits per column
        box0: cython.ulonglong
        box1: cython.ulonglong
        box2: cython.ulonglong
        col0: cython.ulonglong = 0
        col1: cython.ulonglong = 0
        col2: cython.ulonglong = 0
        bad: cython.ulonglong = 0
        base: cython.Py_ssize_t = 81 * row
        for band in range(3):
            box0 = 0
            box1 = 0
            box2 = 0
            for r in range(3 * band, 3 * band + 3):
                at = base + 9 * r
                line = 0
                for j in range(3):
                    bit = self.t_bit[self.solutions[at + j]]
                    line |= bit
                    box0 |= bit
                    col0 |= bit << (9 * j)
                    bit = self.t_bit[self.solutions[at + 3 + j]]
                    line |= bit
                    box1 |= bit
                    col1 |= bit << (9 * j)
                    bit = self.t_bit[self.solutions[at + 6 + j]]
                    line |= bit
                    box2 |= bit
                    col2 |= bit << (9 * j)
                bad |= line ^ 0x1FF
            bad |= (box0 ^ 0x1FF) | (box1 ^ 0x1FF) | (box2 ^ 0x1FF)
        bad |= (col0 ^ 0o777777777) | (col1 ^ 0o777777777) | (col2 ^ 0o777777777)
        bad |= _changed_givens(self.digits, self.solutions, base)
        return bad == 0


# Eight bytes at a time, in one 64-bit word (the first byte lowest): the constants
# repeat one byte eight times. No sum below carries out of its byte, so the words are the
# same in C and in Python's unbounded ints.
_LOW7 = cython.declare(cython.ulonglong, 0x7F7F7F7F7F7F7F7F)
_HIGH = cython.declare(cython.ulonglong, 0x8080808080808080)
_ASCII0 = cython.declare(cython.ulonglong, 0x3030303030303030)  # '0' in each byte
_DOT_LESS0 = cython.declare(cython.ulonglong, 0x1E1E1E1E1E1E1E1E)  # '.' ^ '0'
_UP_TO9 = cython.declare(cython.ulonglong, 0x7676767676767676)  # 0x80 - 10


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _word(data: cython.p_const_uchar, at: cython.Py_ssize_t) -> cython.ulonglong:
    """The eight bytes at ``data[at:]`` as one word (one load, compiled)."""
    word: cython.ulonglong = 0
    if cython.compiled:
        memcpy(cython.address(word), cython.address(data[at]), 8)
    else:
        word = int.from_bytes(data[at: at + 8], "little")
    return word


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _nonzero(x: cython.ulonglong) -> cython.ulonglong:
    """The top bit of each byte of ``x`` that is not zero (the other bits clear)."""
    return (((x & _LOW7) + _LOW7) | x) & _HIGH


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _read_digits(block: LineBlock, data: cython.p_const_uchar, pos: cython.Py_ssize_t,
                 digits: cython.p_uchar, at: cython.Py_ssize_t) -> cython.uint:
    """Write the values of the 81 bytes at ``data[pos:]`` to ``digits[at:]`` whatever they
    are, and return the classes of the bytes seen (see ``_class_table``). Eight bytes at a
    time: in each byte, ``x`` = byte ^ '0' is the digit for '0'-'9', 0x1E for '.', and above
    9 for anything else. (The arrays come as arguments: see ``_solution_text``.)"""
    k: cython.Py_ssize_t
    x: cython.ulonglong
    dot: cython.ulonglong
    value: cython.ulonglong
    others: cython.ulonglong = 0
    zeros: cython.ulonglong = 0
    dots: cython.ulonglong = 0
    c: cython.uchar
    seen: cython.uint
    for k in range(0, 80, 8):
        x = _word(data, pos + k) ^ _ASCII0
        dot = ~_nonzero(x ^ _DOT_LESS0) & _HIGH
        others |= ((((x & _LOW7) + _UP_TO9) | x) & _HIGH) & ~dot  # above 9, not '.'
        zeros |= ~_nonzero(x) & _HIGH
        dots |= dot
        value = x ^ ((dot >> 7) * 0x1E)  # '.' read as 0
        if cython.compiled:
            memcpy(cython.address(digits[at + k]), cython.address(value), 8)
        else:
            digits[at + k: at + k + 8] = value.to_bytes(8, "little")
    c = data[pos + 80]
    digits[at + 80] = block.t_value[c]
    seen = block.t_class[c]
    if others:
        seen |= 1
    if zeros:
        seen |= 2
    if dots:
        seen |= 4
    return seen


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _changed_givens(digits: cython.p_const_uchar, solutions: cython.p_const_uchar,
                    at: cython.Py_ssize_t) -> cython.ulonglong:
    """Not zero when a given of the 81 ``digits`` at ``at`` differs from its cell in
    ``solutions`` (eight cells at a time: a byte counts where the given is not 0 and
    differs)."""
    k: cython.Py_ssize_t
    d: cython.ulonglong
    bad: cython.ulonglong = 0
    for k in range(0, 80, 8):
        d = _word(digits, at + k)
        bad |= _nonzero(d) & _nonzero(d ^ _word(solutions, at + k))
    k = at + 80
    return bad | ((digits[k] != 0) & (digits[k] != solutions[k]))


@cython.final
@cython.cclass
class Pieces:
    """Where the lines fall in the work of the record-by-record path: the line reader
    gathers runs of up to ``run_rows`` puzzle lines of one style (line ending and blank),
    broken by anything else, into one batch each; ``sudokit.stream`` answers batches and
    single records in pieces of at least ``piece_rows`` puzzles. ``piece`` is the piece
    (from 0) of the last line followed."""

    max_run: cython.longlong
    piece_size: cython.longlong
    run: cython.longlong
    style: cython.int
    lead: cython.bint
    current: cython.longlong
    in_piece: cython.longlong

    def __init__(self, run_rows: int, piece_rows: int) -> None:
        self.max_run = run_rows
        self.piece_size = piece_rows
        self.run = 0
        self.style = -1
        self.lead = False
        self.current = 0
        self.in_piece = 0

    @property
    def piece(self) -> int:
        """The piece of the last line followed."""
        return self.current

    @property
    def full(self) -> bool:
        """Whether the current piece is complete (the next item starts another)."""
        return self.in_piece >= self.piece_size

    def advance(self, block: LineBlock, first: int, last: int) -> None:
        """Follow lines ``first`` to ``last - 1`` of ``block`` (none of them OTHER)."""
        i: cython.Py_ssize_t
        lo: cython.Py_ssize_t = first
        hi: cython.Py_ssize_t = last
        kind: cython.int
        style: cython.int
        for i in range(lo, hi):
            kind = block.kinds[i]
            if kind == _PLAIN:
                style = block.styles[i]
                if not (self.run and style == self.style and not self.lead
                        and self.run < self.max_run):
                    self._item()
                    self.run = 0
                    self.style = style
                    self.lead = False
                self.run += 1
                self.in_piece += 1
            elif kind == _LEAD:
                self.lead = True
            else:
                self.record()

    def record(self) -> None:
        """Follow a line read as a record of its own (a puzzle, or a line that is none)."""
        self._item()
        self.in_piece += 1
        self.run = 0
        self.style = -1
        self.lead = False

    def note_lead(self) -> None:
        """Follow a line the line reader keeps before the next puzzle (blank, comment)."""
        self.lead = True

    @cython.cfunc
    def _item(self) -> cython.void:
        if self.in_piece >= self.piece_size:
            self.current += 1
            self.in_piece = 0
