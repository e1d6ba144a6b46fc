"""The CUDA kernels: one thread per 9x9 puzzle, the hard puzzles split among idle threads,
written in Python for numba-cuda.

Importing this module imports ``numba.cuda``; ``sudokit.gpu`` imports it only when a GPU
solve is asked for. The same source runs on a GPU and in numba's CUDA simulator
(``NUMBA_ENABLE_CUDASIM=1``), where the tests check it.

Representation: for each digit d and band b (three
rows of the grid) a 27-bit word ``P[3*d + b]`` of the cells of the band where d is still
possible, bit ``9*r + c`` for row r of the band and column c; ``U[b]`` holds the cells of
band b not yet placed. A placed cell keeps its own digit's bit, so in a solved grid each
digit's words hold exactly its nine cells. Cell ``i`` of the grid is bit ``i - 27*b`` of
band ``b = i // 27``.

Every value is a non-negative int below 2**27 and is stored in int32 arrays; arithmetic is
numba's default int64, which keeps signed and unsigned from ever mixing (numba types a mix
of int64 and uint64 as float64). Reads are wrapped in ``int()``: free in numba, and in the
simulator Python ints compute faster than NumPy scalars. The small helpers of a sweep are
written inline, not as device functions: the simulator pays a module swap on every
device-function call (the helpers of the search run once per guess, not per word; the
per-digit steps of a sweep are device functions, called once per digit).

A step (``_propagate``) finds, in one sweep over the 27 words:
- empty cells and naked singles from bit-sliced counts of candidates per cell;
- empty units and hidden singles per row, box and column;
then places every single at once, after checking that no two of them clash (two in a unit
for one digit, or two digits for one cell). When there is no single it applies locked
candidates per band (pointing and claiming along rows) and per stack (along columns).
Contradictions end the step with 0; the search never reads a half-updated state.

The search (``_search``) guesses on a cell with two candidates in the band that has the
most of them (else on a cell with three, else any), binary branching: the cell takes its
lowest digit d, and the stack keeps the state with ``cell != d`` to resume from. Counting
to ``limit`` treats a solution as a dead end after recording it. ``max_guesses`` caps the
guesses of a search (of a puzzle, and of every chain of tasks split from it): past it, or
when the stack (``MAX_DEPTH`` levels) is full, the puzzle is reported GAVE_UP, never left
looping.

The work runs in rounds queued on one stream, with no host synchronisation between them
(search splitting, against the long tail of hard puzzles):

- Round 0, ``solve_rows_kernel``: a persistent grid; each thread takes the next row from a
  global counter with an atomic add until the batch is done, so no lane idles while work
  remains.
- Without splitting the slowest puzzle of a batch sets its time. So a search that has made
  ``split_after`` guesses, at a moment when no row is left for idle threads, stops and
  writes its current state and every branch its stack left open as tasks (``_split``):
  together they cover exactly the rest of its tree. Task slots are reserved all or
  nothing; when they do not fit the search goes on by itself.
- Rounds 1..R, ``solve_tasks_kernel``: the same persistent grid takes the tasks the round
  before wrote (ping-pong between two buffers) and may split them again; the last round
  never splits, so every task runs to its end or its guess budget.
- Results are per row and shared by its tasks: ``counts`` by atomic add (the task whose
  add returns 0 writes the solution; tasks stop once the row has ``limit``), ``guesses``
  summed, and ``flags`` (atomic or) for GAVE_UP and INVALID. ``finalize_kernel`` turns
  them into a status per row.

A task (``TASK_WORDS`` int32) is the 27 candidate words, the 3 unplaced words, its row and
the guess budget left to it (``max_guesses`` minus the guesses of the searches it came
from), so no chain of tasks runs forever.

The digit count (9) reaches the kernels at run time (``digits``), which keeps the compiler
from unrolling the loops over digits: a fully unrolled kernel of about 88 KB of machine code
stalls on the instruction cache. ``P`` and ``S`` stay in local memory (cached in L1).
"""

from __future__ import annotations

from numba import cuda, int32

#: Status per puzzle (``GpuStatus`` in ``sudokit.gpu`` gives them names).
NO_SOLUTION = 0  # the search is over and found none
SOLVED = 1  # the search is over: ``count`` solutions (up to the limit), the first one written
GAVE_UP = 2  # the guess budget or the stack ran out first; ``count`` is a lower bound
INVALID = 3  # a cell holds a value above 9

#: Bits of the per-row flags word, set with atomic or by any search of the row.
FLAG_GAVE_UP = 1  # a search of the row ran out of guesses or stack
FLAG_INVALID = 2  # a cell of the puzzle holds a value above 9

#: A record of TASK_WORDS int32 words, both a level of the search stack and a task (so
#: that a split copies stack levels to tasks in one loop): words 0..26 the candidate
#: words, 27..29 the unplaced words; then a stack level keeps its guess (``cell << 4 |
#: digit``), a task its row and the guess budget left to it.
TASK_WORDS = 32
_UNPLACED_AT = 27
_GUESS_AT = 30
TASK_ROW = 30
TASK_BUDGET = 31

#: Counters per round in the int64 ``control`` array, round r at ``CONTROL_WORDS * r``:
_TAKEN = 0  # the next row (round 0) or task to take
_RESERVED = 1  # task slots reserved in the round's output buffer (may pass its capacity)
WRITTEN = 2  # tasks the round wrote: the end of its last successful reservation
CONTROL_WORDS = 3

#: Guess levels kept on the stack. Every guess places a cell, so a puzzle with g givens
#: needs at most 81 - g levels; 64 covers every puzzle with 17 or more givens.
MAX_DEPTH = 64

_BAND = 0o777777777  # every cell of a band
_ROW = 0o777  # row 0 of a band
_BOX = 0o007007007  # box 0 of a band; box k is _BOX << 3k
_COLUMN = 0o001001001  # column 0 of a band; column c is _COLUMN << c
_STACK_WORDS = MAX_DEPTH * TASK_WORDS


@cuda.jit(device=True)
def _find_singles(P, U, S, digits):
    """Fill ``S[3*d + b]`` with the unplaced cells where digit d is forced (naked or hidden
    single); 0 on a contradiction (an empty cell or unit), 1 if all cells are placed,
    2 otherwise."""
    naked0 = 0
    naked1 = 0
    naked2 = 0
    for b in range(3):
        ones = 0
        twos = 0
        for d in range(digits):
            w = int(P[3 * d + b])
            twos |= ones & w
            ones |= w
        u = int(U[b])
        if u & ~ones:
            return 0  # an unplaced cell has no candidate left
        if b == 0:
            naked0 = u & ~twos
        elif b == 1:
            naked1 = u & ~twos
        else:
            naked2 = u & ~twos
    if (U[0] | U[1] | U[2]) == 0:
        return 1
    for d in range(digits):
        if not _digit_singles(P, U, S, d, naked0, naked1, naked2):
            return 0
    return 2


@cuda.jit(device=True)
def _digit_singles(P, U, S, d, naked0, naked1, naked2):
    """``S[3*d + b]`` for each band b: the unplaced cells where digit d is forced (a naked
    single of ``naked``, or a hidden single of a row, box or column). False on a
    contradiction (a row, box or column with no place for d)."""
    col_one = 0  # columns where d has a cell (any band)
    col_two = 0  # columns where it has two or more
    for b in range(3):
        w = int(P[3 * d + b])
        if b == 0:
            s = w & naked0
        elif b == 1:
            s = w & naked1
        else:
            s = w & naked2
        m0 = w & _ROW
        m1 = (w >> 9) & _ROW
        m2 = (w >> 18) & _ROW
        if m0 == 0 or m1 == 0 or m2 == 0:
            return False  # a row has no place for d
        if (m0 & (m0 - 1)) == 0:
            s |= m0
        if (m1 & (m1 - 1)) == 0:
            s |= m1 << 9
        if (m2 & (m2 - 1)) == 0:
            s |= m2 << 18
        one = m0 | m1 | m2  # columns of the band holding d
        two = (m0 & m1) | (m0 & m2) | (m1 & m2)  # ... in two or more rows
        for k in range(3):
            ok = (one >> (3 * k)) & 7
            if ok == 0:
                return False  # a box has no place for d
            if ((two >> (3 * k)) & 7) == 0 and (ok & (ok - 1)) == 0:
                s |= w & (_BOX << (3 * k))
        col_two |= (col_one & one) | two
        col_one |= one
        S[3 * d + b] = s
    if col_one != _ROW:
        return False  # a column has no place for d
    single_cols = (col_one & ~col_two) & _ROW
    if single_cols:
        cells = single_cols * _COLUMN
        for b in range(3):
            S[3 * d + b] |= P[3 * d + b] & cells
    for b in range(3):
        S[3 * d + b] &= U[b]
    return True


@cuda.jit(device=True)
def _place_singles(P, U, S, digits):
    """Place every cell of ``S`` at once. 0 if two of them clash, 1 if something was
    placed, 2 if ``S`` is empty."""
    all0 = 0
    all1 = 0
    all2 = 0
    for b in range(3):
        one = 0
        two = 0
        for d in range(digits):
            s = int(S[3 * d + b])
            two |= one & s
            one |= s
        if two:
            return 0  # a cell forced to two digits
        if b == 0:
            all0 = one
        elif b == 1:
            all1 = one
        else:
            all2 = one
    if (all0 | all1 | all2) == 0:
        return 2
    for d in range(digits):
        if not _place_digit(P, S, d, all0, all1, all2):
            return 0
    U[0] &= ~all0
    U[1] &= ~all1
    U[2] &= ~all2
    return 1


@cuda.jit(device=True)
def _place_digit(P, S, d, all0, all1, all2):
    """Place digit d on its cells of ``S`` (``all``: every cell placed now, by band).
    False if two of them clash."""
    cols = 0
    for b in range(3):
        s = int(S[3 * d + b])
        r0 = s & _ROW
        r1 = (s >> 9) & _ROW
        r2 = (s >> 18) & _ROW
        if (r0 & (r0 - 1)) != 0 or (r1 & (r1 - 1)) != 0 or (r2 & (r2 - 1)) != 0:
            return False  # d forced twice in one row
        if (r0 & r1) | (r0 & r2) | (r1 & r2):
            return False  # ... twice in one column of a band
        one = r0 | r1 | r2
        if one & cols:
            return False  # ... twice in one column across bands
        cols |= one
        kill = 0
        if r0:
            kill |= _ROW
        if r1:
            kill |= _ROW << 9
        if r2:
            kill |= _ROW << 18
        for k in range(3):
            ok = (one >> (3 * k)) & 7
            if (ok & (ok - 1)) != 0:
                return False  # ... twice in one box
            if ok:
                kill |= _BOX << (3 * k)
        if b == 0:
            kill |= all0
        elif b == 1:
            kill |= all1
        else:
            kill |= all2
        # d leaves the rows and boxes of its new cells and every newly placed cell,
        # then comes back on its own cells
        P[3 * d + b] = (P[3 * d + b] & ~kill) | s
    if cols:
        cells = cols * _COLUMN
        for b in range(3):
            P[3 * d + b] = (P[3 * d + b] & ~cells) | S[3 * d + b]
    return True


@cuda.jit(device=True)
def _locked_candidates(P, digits):
    """Pointing and claiming along rows (within each band) and along columns (within each
    stack), for every digit. True if a candidate was removed."""
    changed = False
    for d in range(digits):
        if _locked_digit(P, d):
            changed = True
    return changed


@cuda.jit(device=True)
def _locked_digit(P, d):
    """Pointing and claiming for digit d. True if a candidate was removed."""
    w0 = int(P[3 * d])
    w1 = int(P[3 * d + 1])
    w2 = int(P[3 * d + 2])
    keep0 = _BAND
    keep1 = _BAND
    keep2 = _BAND
    # rows: the 3x3 pattern (row x box) of each band
    for b in range(3):
        if b == 0:
            w = w0
        elif b == 1:
            w = w1
        else:
            w = w2
        # boxes where each row has d: bit 3k of a row's minirow flags -> bit k
        flags = (w | (w >> 1) | (w >> 2)) & 0o111111111
        z0 = flags & 0o111
        z1 = (flags >> 9) & 0o111
        z2 = (flags >> 18) & 0o111
        br0 = (z0 | (z0 >> 2) | (z0 >> 4)) & 7
        br1 = (z1 | (z1 >> 2) | (z1 >> 4)) & 7
        br2 = (z2 | (z2 >> 2) | (z2 >> 4)) & 7
        keep = _BAND
        # claiming: a row whose d lies in one box clears that box's other rows
        if (br0 & (br0 - 1)) == 0:
            box = (((br0 & 1) * 0o7) | ((br0 & 2) * 0o34) | ((br0 & 4) * 0o160)) * _COLUMN
            keep &= ~(box & ~_ROW)
        if (br1 & (br1 - 1)) == 0:
            box = (((br1 & 1) * 0o7) | ((br1 & 2) * 0o34) | ((br1 & 4) * 0o160)) * _COLUMN
            keep &= ~(box & ~(_ROW << 9))
        if (br2 & (br2 - 1)) == 0:
            box = (((br2 & 1) * 0o7) | ((br2 & 2) * 0o34) | ((br2 & 4) * 0o160)) * _COLUMN
            keep &= ~(box & ~(_ROW << 18))
        # pointing: a box whose d lies in one row clears that row's other boxes
        for k in range(3):
            rows = ((br0 >> k) & 1) | (((br1 >> k) & 1) << 1) | (((br2 >> k) & 1) << 2)
            if rows and (rows & (rows - 1)) == 0:
                keep &= ~((_ROW << (9 * (rows >> 1))) & ~(_BOX << (3 * k)))
        if b == 0:
            keep0 &= keep
        elif b == 1:
            keep1 &= keep
        else:
            keep2 &= keep
    # columns: the 3x3 pattern (band x column) of each stack
    c0 = (w0 | (w0 >> 9) | (w0 >> 18)) & _ROW
    c1 = (w1 | (w1 >> 9) | (w1 >> 18)) & _ROW
    c2 = (w2 | (w2 >> 9) | (w2 >> 18)) & _ROW
    for s in range(3):
        k0 = (c0 >> (3 * s)) & 7
        k1 = (c1 >> (3 * s)) & 7
        k2 = (c2 >> (3 * s)) & 7
        # pointing: a box whose d lies in one column clears it in the other bands
        if k0 and (k0 & (k0 - 1)) == 0:
            cells = _COLUMN << (3 * s + (k0 >> 1))
            keep1 &= ~cells
            keep2 &= ~cells
        if k1 and (k1 & (k1 - 1)) == 0:
            cells = _COLUMN << (3 * s + (k1 >> 1))
            keep0 &= ~cells
            keep2 &= ~cells
        if k2 and (k2 & (k2 - 1)) == 0:
            cells = _COLUMN << (3 * s + (k2 >> 1))
            keep0 &= ~cells
            keep1 &= ~cells
        # claiming: a column whose d lies in one band clears that box's other columns
        for j in range(3):
            bands = ((k0 >> j) & 1) | (((k1 >> j) & 1) << 1) | (((k2 >> j) & 1) << 2)
            if bands and (bands & (bands - 1)) == 0:
                cells = (_BOX << (3 * s)) & ~(_COLUMN << (3 * s + j))
                if bands == 1:
                    keep0 &= ~cells
                elif bands == 2:
                    keep1 &= ~cells
                else:
                    keep2 &= ~cells
    if w0 & ~keep0 or w1 & ~keep1 or w2 & ~keep2:
        P[3 * d] = w0 & keep0
        P[3 * d + 1] = w1 & keep1
        P[3 * d + 2] = w2 & keep2
        return True
    return False


@cuda.jit(device=True)
def _propagate(P, U, S, digits):
    """Apply singles and locked candidates until nothing changes: 0 on a contradiction,
    1 when every cell is placed (a solution), 2 when a guess is needed."""
    while True:
        found = _find_singles(P, U, S, digits)
        if found != 2:
            return found
        placed = _place_singles(P, U, S, digits)
        if placed == 0:
            return 0
        if placed == 2 and not _locked_candidates(P, digits):
            return 2


@cuda.jit(device=True)
def _choose_guess(P, U, digits):
    """The cell to guess on, as ``27*band + bit``: a cell with two candidates in the band
    that has the most of them (the most tightly knit band: the CPU kernel measured a
    quarter fewer guesses than with the first such cell), else the first cell with
    three candidates, else the first unplaced cell."""
    best_pairs = 0
    best2 = -1
    best3 = -1
    best_any = -1
    for b in range(3):
        ones = 0
        twos = 0
        threes = 0
        fours = 0
        for d in range(digits):
            w = int(P[3 * d + b])
            fours |= threes & w
            threes |= twos & w
            twos |= ones & w
            ones |= w
        u = int(U[b])
        pairs = u & twos & ~threes
        n = cuda.popc(pairs)
        if n > best_pairs:
            best_pairs = n
            best2 = 27 * b + cuda.ffs(pairs) - 1
        triples = u & threes & ~fours
        if best3 < 0 and triples:
            best3 = 27 * b + cuda.ffs(triples) - 1
        if best_any < 0 and u:
            best_any = 27 * b + cuda.ffs(u) - 1
    if best2 >= 0:
        return best2
    if best3 >= 0:
        return best3
    return best_any


@cuda.jit(device=True)
def _write_solution(P, out, row, digits):
    """Write the solved state in ``P`` to row ``row`` of ``out``."""
    for d in range(digits):
        _write_digit(P, out, row, d)


@cuda.jit(device=True)
def _write_digit(P, out, row, d):
    """Write digit d on its cells (of a solved state)."""
    for b in range(3):
        w = int(P[3 * d + b])
        while w:
            out[row, 27 * b + cuda.ffs(w) - 1] = d + 1
            w &= w - 1


@cuda.jit(device=True)
def _load(puzzles, row, P, U, digits):
    """The root state of puzzle ``row``: a given keeps only its digit. False if a cell
    holds a value above 9."""
    for b in range(3):
        U[b] = _BAND
    for i in range(27):
        P[i] = _BAND
    for i in range(9 * digits):
        v = puzzles[row, i]
        if v > 9:
            return False
        if v:
            b = i // 27
            bit = 1 << (i - 27 * b)
            for e in range(9):
                if e != v - 1:
                    P[3 * e + b] &= ~bit
    return True



# -- the search stack -----------------------------------------------------------------


@cuda.jit(device=True)
def _save(P, U, stack, level, digits):
    """Copy the state to stack record ``level``."""
    base = TASK_WORDS * level
    for i in range(3 * digits):
        stack[base + i] = P[i]
    for b in range(3):
        stack[base + _UNPLACED_AT + b] = U[b]


@cuda.jit(device=True)
def _push_guess(P, U, stack, depth, digits):
    """Guess: save the state at stack level ``depth`` and give the chosen cell its lowest
    digit. The caller counts the level and the guess."""
    cell = _choose_guess(P, U, digits)
    b = cell // 27
    bit = 1 << (cell - 27 * b)
    digit = 0
    while not P[3 * digit + b] & bit:
        digit += 1
    _save(P, U, stack, depth, digits)
    stack[TASK_WORDS * depth + _GUESS_AT] = (cell << 4) | digit
    for e in range(9):
        if e != digit:
            P[3 * e + b] &= ~bit


@cuda.jit(device=True)
def _pop_guess(P, U, stack, level, digits):
    """The branch the guess at stack ``level`` left open: the state saved there, with the
    guessed digit removed from the guessed cell."""
    base = TASK_WORDS * level
    for i in range(3 * digits):
        P[i] = stack[base + i]
    for b in range(3):
        U[b] = stack[base + _UNPLACED_AT + b]
    g = int(stack[base + _GUESS_AT])
    cell = g >> 4
    b = cell // 27
    P[3 * (g & 15) + b] &= ~(1 << (cell - 27 * b))







# -- tasks: splitting a search for idle threads -----------------------------------------


@cuda.jit(device=True)
def _read_task(tasks, slot, P, U, digits):
    """The state of task ``slot`` (its row and budget are read by the caller)."""
    base = TASK_WORDS * slot
    for i in range(3 * digits):
        P[i] = tasks[base + i]
    for b in range(3):
        U[b] = tasks[base + _UNPLACED_AT + b]


@cuda.jit(device=True)
def _out_of_work(control, round_index, available):
    """Has every row or task of this round been taken (so that a thread which finishes now
    would idle)? An atomic read: a plain load could be hoisted out of the search loop."""
    return cuda.atomic.add(control, CONTROL_WORDS * round_index + _TAKEN, 0) >= available


@cuda.jit(device=True)
def _split(P, U, stack, depth, row, budget, control, round_index, tasks, digits):
    """Write the rest of this search as ``depth + 1`` tasks for the next round: the
    current state, and for each stack level the branch its guess left open. Together they
    cover exactly the part of the tree not yet searched. All or nothing: False, with
    nothing written, when the output buffer (``tasks``, flat) has no room for them all.
    Needs a free stack level (``depth < MAX_DEPTH``)."""
    n = depth + 1
    base = CONTROL_WORDS * round_index
    start = cuda.atomic.add(control, base + _RESERVED, n)
    if start + n > tasks.shape[0] // TASK_WORDS:
        return False  # and every later reservation of this round fails too
    # the current state goes on the stack as well: the records are copied in one loop,
    # then each gets its row and budget in place of the guess, and loses its guessed digit
    _save(P, U, stack, depth, digits)
    first = TASK_WORDS * start
    for w in range(TASK_WORDS * n):
        tasks[first + w] = stack[w]
    for level in range(n):
        at = first + TASK_WORDS * level
        if level < depth:
            g = int(stack[TASK_WORDS * level + _GUESS_AT])
            cell = g >> 4
            b = cell // 27
            tasks[at + 3 * (g & 15) + b] &= ~(1 << (cell - 27 * b))
        tasks[at + TASK_ROW] = row
        tasks[at + TASK_BUDGET] = budget
    # successful reservations form the prefix [0, first failed start) of the buffer: the
    # largest end among them is the count the next round reads
    cuda.atomic.max(control, base + WRITTEN, start + n)
    return True


# -- the search -------------------------------------------------------------------------


@cuda.jit(device=True)
def _record_solution(P, solutions, counts, row, digits):
    """Count a solution of ``row`` (shared by all its tasks); the first one counted writes
    its grid. Returns the row's count so far."""
    before = cuda.atomic.add(counts, row, 1)
    if before == 0:
        _write_solution(P, solutions, row, digits)
    return before + 1


@cuda.jit(device=True)
def _search(P, U, S, stack, row, budget, shared, split_after, control, round_index,
            available, tasks_out, solutions, counts, guesses, flags, limit, digits):
    """Search the tree below the state in ``P``, ``U`` (a puzzle's root or a task) until
    it is exhausted, the row has ``limit`` solutions, the guess budget or the stack runs
    out (flag GAVE_UP), or the search is split into tasks.

    ``shared``: other tasks of the row may be running, so look at the row's count before
    each guess and stop once another task reached the limit. The search splits when it
    has made ``split_after`` guesses (0: never) and no row or task of this round is left
    for idle threads; if the tasks do not fit, it goes on and asks again ``split_after``
    guesses later."""
    made = 0  # guesses of this task
    depth = 0
    next_split = split_after
    while True:
        outcome = _propagate(P, U, S, digits)
        if outcome == 1:
            if _record_solution(P, solutions, counts, row, digits) >= limit:
                break
            outcome = 0  # look for the next solution as if this were a dead end
        if outcome == 0:
            if depth == 0:
                break  # the tree is exhausted
            depth -= 1
            _pop_guess(P, U, stack, depth, digits)
            continue
        # a guess is needed
        if shared and cuda.atomic.add(counts, row, 0) >= limit:
            break  # another task of the row found the last solution asked for
        if made >= budget or depth == MAX_DEPTH:
            cuda.atomic.or_(flags, row, FLAG_GAVE_UP)
            break
        if split_after and made >= next_split:
            if _out_of_work(control, round_index, available) and _split(
                    P, U, stack, depth, row, budget - made, control, round_index, tasks_out,
                    digits):
                break
            next_split = made + split_after
        _push_guess(P, U, stack, depth, digits)
        depth += 1
        made += 1
    cuda.atomic.add(guesses, row, made)


# -- kernel bodies ----------------------------------------------------------------------


@cuda.jit(device=True)
def _solve_rows(puzzles, solutions, counts, guesses, flags, control, tasks_out, limit,
                max_guesses, split_after, digits):
    """Round 0: solve rows until none is left. A thread owns its row until this kernel
    ends (its tasks run in later rounds), so the row's results start with plain stores."""
    P = cuda.local.array(27, int32)
    U = cuda.local.array(3, int32)
    S = cuda.local.array(27, int32)
    stack = cuda.local.array(_STACK_WORDS, int32)
    rows = puzzles.shape[0]
    while True:
        row = cuda.atomic.add(control, _TAKEN, 1)
        if row >= rows:
            return
        counts[row] = 0
        guesses[row] = 0
        flags[row] = 0
        if not _load(puzzles, row, P, U, digits):
            flags[row] = FLAG_INVALID
            continue
        _search(P, U, S, stack, row, max_guesses, False,
                split_after, control, 0, rows, tasks_out, solutions, counts, guesses, flags,
                limit, digits)


@cuda.jit(device=True)
def _solve_tasks(solutions, counts, guesses, flags, control, round_index, tasks_in,
                 tasks_out, limit, split_after, digits):
    """Round ``round_index`` (1, 2, ...): run the tasks the previous round wrote until none
    is left; a round that got none ends at once."""
    available = control[CONTROL_WORDS * (round_index - 1) + WRITTEN]
    if available == 0:
        return
    P = cuda.local.array(27, int32)
    U = cuda.local.array(3, int32)
    S = cuda.local.array(27, int32)
    stack = cuda.local.array(_STACK_WORDS, int32)
    while True:
        slot = cuda.atomic.add(control, CONTROL_WORDS * round_index + _TAKEN, 1)
        if slot >= available:
            return
        row = int(tasks_in[TASK_WORDS * slot + TASK_ROW])
        if cuda.atomic.add(counts, row, 0) >= limit:
            continue  # another task of the row already found enough
        _read_task(tasks_in, slot, P, U, digits)
        _search(P, U, S, stack, row, int(tasks_in[TASK_WORDS * slot + TASK_BUDGET]),
                True, split_after, control, round_index, available, tasks_out, solutions,
                counts, guesses, flags, limit, digits)


# -- kernels ----------------------------------------------------------------------------


@cuda.jit(cache=True)
def solve_rows_kernel(puzzles, solutions, counts, guesses, flags, control, tasks_out, limit,
                      max_guesses, split_after, digits):
    """Round 0: solve rows of ``puzzles`` ((B, 81) uint8) until none is left, taking the
    next from ``control[0]``; a search past ``split_after`` guesses (0: never) may be split
    into tasks in ``tasks_out`` when no row is left. ``counts``, ``guesses`` and ``flags``
    are set for every row (no zeroing needed); ``finalize_kernel`` turns them into
    statuses. ``control`` (int64, zeroed before the launch) holds the counters of every
    round (CONTROL_WORDS each). ``digits`` is 9, passed at run time so that the compiler
    keeps the loops over digits (and over cells when loading, copying and writing) rolled
    (see the module's docstring; docs/gpu.md gives its code size and registers)."""
    _solve_rows(puzzles, solutions, counts, guesses, flags, control, tasks_out, limit,
                max_guesses, split_after, digits)



@cuda.jit(cache=True)
def solve_tasks_kernel(solutions, counts, guesses, flags, control, round_index, tasks_in,
                       tasks_out, limit, split_after, digits):
    """Task round ``round_index`` >= 1: take tasks from ``tasks_in`` (as many as the
    previous round wrote, read from ``control`` on the device) until none is left, and
    split into ``tasks_out`` as round 0 does (``split_after`` 0 in the last round, so that
    every task runs to its end or its budget)."""
    _solve_tasks(solutions, counts, guesses, flags, control, round_index, tasks_in,
                 tasks_out, limit, split_after, digits)





@cuda.jit(cache=True)
def finalize_kernel(solutions, counts, status, flags, limit):
    """After the last round: the status of each row from its count and flags, the count
    capped at ``limit`` (tasks finishing together may overshoot), and zeros in
    ``solutions`` where no solution was found."""
    for row in range(cuda.grid(1), counts.shape[0], cuda.gridsize(1)):
        found = int(counts[row])
        flag = int(flags[row])
        if flag & FLAG_INVALID:
            status[row] = INVALID
        elif found >= limit:
            status[row] = SOLVED
            counts[row] = limit
        elif flag & FLAG_GAVE_UP:
            status[row] = GAVE_UP  # ``counts`` is a lower bound
        elif found > 0:
            status[row] = SOLVED
        else:
            status[row] = NO_SOLUTION
        if found == 0:
            for i in range(81):
                solutions[row, i] = 0
