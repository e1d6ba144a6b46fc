"""Make puzzles: random solution grids, and puzzles with exactly one solution.

>>> from sudokit import generate
>>> puzzle = generate(seed=4)            # a 9x9 puzzle, at least 40 blanks, one solution
>>> puzzle == generate(seed=4)           # the same seed, the same puzzle, on any machine
True
>>> generate(clues=24, symmetry="rot180", seed=1).givens
24

How a puzzle is made: fill a random solution grid, then blank its cells (or groups of cells,
for a symmetric pattern) in a random order, keeping each blank only if the puzzle still has
exactly one solution, until the target number of clues is reached or no cell can go. An
exact clue count that this does not reach is then sought by a walk: move one clue to
another cell while the puzzle stays unique, and dig again. The hot loop runs in the
compiled module ``sudokit.generator._gen`` (see there for how each uniqueness test is kept cheap);
every puzzle is then proven unique once more by the solver, a count to two whose one
solution must be the grid it was dug from, before it is returned.

Randomness: puzzle i of a run takes its own random stream from (seed, i), so a seed gives
the same puzzles whatever the number of threads or processes, and no global random state
is read or changed. Without a seed the streams come from the operating system.
"""

from __future__ import annotations

import math
import os
import random
import threading
from collections.abc import Callable, Hashable, Iterator
from functools import partial
from typing import Any, NamedTuple

from .. import engine, validate
from ..errors import GenerateError as GenerateError
from ..errors import GenerateGaveUp
from ..executors import process_executor, thread_executor
from ..grid import Grid
from ..rules import Rules
from ..shape import Shape
from ..solver import SearchStatus, search
from .choices import DIFFICULTIES as DIFFICULTIES
from .choices import SYMMETRIES as SYMMETRIES
from .options import MAX_RATED_SIZE as MAX_RATED_SIZE
from .options import MAX_SIZE as MAX_SIZE
from .options import (
    UNBOUNDED,
    GenerateOptions,
    checked_options,
    fewest_clues,
    symmetry_orbits,
    wanted_puzzle,
)
from .variants import level_of, make_variant

#: Default blanks, as fractions of the cells: 40 to 64 of 81 on a 9x9 grid.
_BLANKS_LOW = 40 / 81
_BLANKS_HIGH = 64 / 81


class Generated(NamedTuple):
    """A puzzle and its one solution."""

    puzzle: Grid
    solution: Grid


Seed = int | str | bytes | random.Random | None


# -- public API ---------------------------------------------------------------------
def generate(
    size: int = 9,
    *,
    box: tuple[int, int] | None = None,
    clues: int | None = None,
    symmetry: str = "none",
    minimal: bool = False,
    difficulty: str | None = None,
    seed: Seed = None,
    tries: int | None = None,
    techniques: str | None = None,
    exclude: str | None = None,
    rules: Rules | str | None = None,
    cage_size: tuple[int, int] | None = None,
) -> Grid:
    """One random puzzle with exactly one solution.

    - ``size``, ``box``: the board (9 is 9x9 with 3x3 boxes; ``box=(2, 4)`` for 8x8 with
      2x4 boxes, and so on).
    - ``clues``: exactly this many givens; by default 40 to 64 of the 81 cells are blank
      (the same share of any other size), fewer when no more can go.
    - ``symmetry``: a pattern of givens that stays the same under a turn or reflection,
      one of :data:`SYMMETRIES`.
    - ``minimal``: no given can be removed without the puzzle gaining a second solution.
    - ``difficulty``: one of :data:`DIFFICULTIES`, rated by :mod:`sudokit.logic`.
    - ``seed``: an int, str or bytes for a reproducible puzzle, a ``random.Random`` to draw
      from, or None for a fresh one.
    - ``tries``: how many solution grids to try before giving up (a default that suits
      the options otherwise: a few seconds' work at most).
    - ``techniques``, ``exclude``: the technique ladder that rates the puzzle for
      ``difficulty`` (names as :func:`sudokit.logic.select.choose` takes them).
    - ``rules``: the puzzle's rules, a :class:`~sudokit.rules.Rules` or preset names such
      as ``"x+anti-knight"``; ``"jigsaw"`` makes new regions and ``"even-odd"`` new odd and
      even cells for each puzzle (see :mod:`sudokit.generator.variants`); up to 16x16.
      ``"killer"`` grows new cages on each puzzle's solution and gives no givens;
      ``"thermo"``, ``"arrow"`` and ``"kropki"`` draw new lines or dots on it and keep as
      few givens as leave one solution (up to 9x9).
    - ``cage_size``: (fewest, most) cells of a killer puzzle's cages, default (2, 5).

    Raises GenerateError for options no puzzle can meet (and for a size past
    :data:`MAX_SIZE`, 36, or a difficulty past :data:`MAX_RATED_SIZE`, 25), GenerateGaveUp
    when the tries run out, ShapeError for a size without a box shape.
    """
    return next(iter_generate(1, size, box=box, clues=clues, symmetry=symmetry,
                              minimal=minimal, difficulty=difficulty, seed=seed,
                              tries=tries, techniques=techniques,
                              exclude=exclude, rules=rules, cage_size=cage_size)).puzzle


def generate_many(
    count: int,
    size: int = 9,
    *,
    box: tuple[int, int] | None = None,
    clues: int | None = None,
    symmetry: str = "none",
    minimal: bool = False,
    difficulty: str | None = None,
    seed: Seed = None,
    tries: int | None = None,
    jobs: int = 1,
    techniques: str | None = None,
    exclude: str | None = None,
    rules: Rules | str | None = None,
    cage_size: tuple[int, int] | None = None,
) -> list[Grid]:
    """``count`` different puzzles, each as :func:`generate` makes them, on ``jobs`` cores.

    With a seed the list is the same whatever ``jobs`` is, and its first puzzle is the
    one ``generate`` gives for that seed."""
    return [g.puzzle for g in iter_generate(count, size, box=box, clues=clues,
                                            symmetry=symmetry, minimal=minimal,
                                            difficulty=difficulty, seed=seed, tries=tries,
                                            jobs=jobs, techniques=techniques,
                                            exclude=exclude, rules=rules,
                                            cage_size=cage_size)]


def iter_generate(
    count: int,
    size: int = 9,
    *,
    box: tuple[int, int] | None = None,
    clues: int | None = None,
    symmetry: str = "none",
    minimal: bool = False,
    difficulty: str | None = None,
    seed: Seed = None,
    tries: int | None = None,
    jobs: int = 1,
    techniques: str | None = None,
    exclude: str | None = None,
    rules: Rules | str | None = None,
    cage_size: tuple[int, int] | None = None,
) -> Iterator[Generated]:
    """Yield ``count`` different (puzzle, solution) pairs in order, as they are made.

    The options are those of :func:`generate`; they are checked at once, before anything
    is made. Puzzles stream: the first is yielded before the last is made."""
    count = validate.whole(count, "iter_generate", "count")
    jobs = validate.whole(jobs, "iter_generate", "jobs")
    if count < 0:
        raise ValueError(f"count must be at least 0, got {count}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    options = checked_options(size, box, clues, symmetry, minimal, difficulty, tries, techniques,
                       exclude, rules, cage_size)
    base = _base_key(seed)
    return _distinct(options, base, count, jobs)


def puzzle_maker(
    size: int = 9,
    *,
    box: tuple[int, int] | None = None,
    clues: int | None = None,
    symmetry: str = "none",
    minimal: bool = False,
    difficulty: str | None = None,
    seed: Seed = None,
    tries: int | None = None,
    techniques: str | None = None,
    exclude: str | None = None,
    rules: Rules | str | None = None,
    cage_size: tuple[int, int] | None = None,
) -> Callable[[int, int], Generated]:
    """``make(index, attempt)``: puzzle ``index`` of the run :func:`iter_generate` makes
    with these options, from its own random stream, so that a run can be split over
    processes or machines and still give the same puzzles. ``attempt`` 0 is the puzzle
    itself; iter_generate remakes one that equals an earlier puzzle of the run with attempt
    1, 2, ... until it differs. The function pickles (options checked here, at once)."""
    options = checked_options(size, box, clues, symmetry, minimal, difficulty, tries, techniques,
                       exclude, rules, cage_size)
    return partial(_make_at, options, _base_key(seed))


def stream_key(seed: Seed, index: int, attempt: int = 0) -> int:
    """The 64-bit start of the random stream of puzzle ``index`` of a run with ``seed``
    (``attempt`` > 0 remakes a puzzle that duplicated an earlier one): how a run stays
    the same whatever the number of threads or processes. A None seed draws a fresh one."""
    return _stream_key(_base_key(seed), index, attempt)


_SHAPE9 = Shape.for_size(9)  # the technique search makes thousands of these a second


def random_minimal(key: int, by_digit: bool = False) -> Generated:
    """A random minimal 9x9 puzzle and its solution from the random stream ``key`` (one
    fill and one dig of the compiled generator, about 70 µs). Unique by the
    digger's own tests; callers that publish it prove it again. ``by_digit`` digs the
    cells digit by digit (see the generator's ``dig_by_digit``) instead of in a random
    order."""
    puzzle, solution = minimal_cells(key, by_digit)
    return Generated(Grid.unchecked(tuple(puzzle), _SHAPE9),
                     Grid.unchecked(tuple(solution), _SHAPE9))


def minimal_cells(key: int, by_digit: bool = False) -> tuple[list[int], list[int]]:
    """The cells of :func:`random_minimal`'s puzzle and solution, as plain lists: the
    technique search starts thousands of walks a second from them, most of which end at
    once, and skips making the Grid values."""
    puzzles, solution = minimal_digs(key, 1, by_digit)
    return puzzles[0], solution


def minimal_digs(key: int, count: int, by_digit: bool = False) -> tuple[list[list[int]], list[int]]:
    """``count`` minimal puzzles dug from one random grid (the first is
    :func:`minimal_cells`'s; each later one digs the full grid again, in a new random
    order), and the grid, as plain lists. Filling the grid and finding its unavoidable
    sets is 40% of a fresh minimal puzzle's cost; a dig of a grid already filled costs
    60%. Each puzzle, taken alone, is a random minimal puzzle like any other."""
    g = _generator(_SHAPE9, "none")
    g.seed(key)
    _fill(g, _SHAPE9)
    puzzles = []
    for index in range(count):
        if index:
            g.restore()
        if by_digit:
            g.dig_by_digit(UNBOUNDED)
        else:
            g.dig(0, UNBOUNDED)
        puzzles.append(g.puzzle_cells())
    return puzzles, g.solution_cells()


def _make_at(options: GenerateOptions, base: bytes, index: int, attempt: int) -> Generated:
    return _make(options, _stream_key(base, index, attempt))


def generate_solution_grid(
    size: int = 9,
    *,
    box: tuple[int, int] | None = None,
    seed: Seed = None,
) -> Grid:
    """A random complete, valid grid (every digit equally likely in every cell)."""
    shape = Shape.for_size(size, box)
    g = _generator(shape, "none")
    g.seed(_stream_key(_base_key(seed), 0, 0))
    _fill(g, shape)
    return Grid.unchecked(tuple(g.solution_cells()), shape)


# -- seeds ------------------------------------------------------------------------------
def _base_key(seed: Seed) -> bytes:
    """The bytes every puzzle's stream is derived from. An int and its decimal string
    are the same seed, so ``--seed 42`` on the command line is ``seed=42`` here."""
    if seed is None:
        return b"os:" + os.urandom(16)
    if isinstance(seed, random.Random):
        return b"rng:" + seed.getrandbits(128).to_bytes(16, "little")
    if isinstance(seed, bool):
        raise TypeError("a seed must be an int, str, bytes or random.Random, not a bool")
    if isinstance(seed, int):
        return b"s:" + str(seed).encode()
    if isinstance(seed, str):
        return b"s:" + seed.encode("utf-8")
    if isinstance(seed, bytes):
        return b"b:" + seed
    raise TypeError(f"a seed must be an int, str, bytes or random.Random, not {type(seed)}")


def _stream_key(base: bytes, index: int, attempt: int) -> int:
    """The 64-bit start of puzzle ``index``'s random stream (``attempt`` > 0 when an
    earlier one duplicated a puzzle already made)."""
    import hashlib  # here, not at the top: most commands never make a puzzle

    data = base + f"/{index}/{attempt}".encode()
    digest = hashlib.blake2b(data, digest_size=8, person=b"sudokit-gen").digest()
    return int.from_bytes(digest, "little")


# -- making puzzles ---------------------------------------------------------------------
_local = threading.local()


def _generator(shape: Shape, symmetry: str) -> Any:
    """This thread's generator for the shape and symmetry (they hold mutable state)."""
    cache = _local.__dict__.setdefault("generators", {})
    module = engine.generator_module()
    key = (shape, symmetry, module.__name__)
    g = cache.get(key)
    if g is None:
        g = module.Generator(shape.n, *engine.peers_and_units(shape))
        orbits = symmetry_orbits(shape, symmetry)
        starts = [0]
        for orbit in orbits:
            starts.append(starts[-1] + len(orbit))
        g.set_orbits(starts, [c for orbit in orbits for c in orbit])
        cache[key] = g
    return g


#: Fills to try before giving up on a shape (a 4x4 fill fails about half the time: its
#: random diagonal boxes cannot always be completed; larger ones restart after a budget).
_FILL_TRIES = 1000


def _fill(g: Any, shape: Shape) -> None:
    """A random solution grid; a fill that fails or runs long starts again from the
    random stream's next values."""
    budget = -1 if shape.n <= 16 else 20 * shape.ncells
    for _ in range(_FILL_TRIES):
        if g.fill(budget):
            return
    raise GenerateGaveUp(f"gave up: no {shape.n}x{shape.n} solution grid in {_FILL_TRIES} tries")


def _walk_steps(shape: Shape) -> int:
    """Moves in one walk towards an exact clue count: ~0.1 s of work at most."""
    return max(20, 10_000 * 81 // shape.ncells if shape.n <= 9 else 200_000 // shape.ncells)


def _make(options: GenerateOptions, key: int) -> Generated:
    """One puzzle from the random stream ``key``: the whole recipe, tries included."""
    if options.rules is not None:
        return Generated(*make_variant(options, key))
    shape = options.shape
    g = _generator(shape, options.symmetry)
    g.seed(key)
    ncells = shape.ncells
    fewest_blanks = math.ceil(_BLANKS_LOW * ncells)
    most_blanks = max(fewest_blanks, math.floor(_BLANKS_HIGH * ncells))
    for _ in range(options.tries):
        _fill(g, shape)
        if options.clues is not None:
            target = 0 if options.minimal else options.clues
        elif options.minimal or options.difficulty not in (None, "easy"):
            target = 0  # the fewer the clues, the likelier a hard puzzle
        else:
            blanks = fewest_blanks + g.randbelow(most_blanks - fewest_blanks + 1)
            target = ncells - blanks
        left = g.dig(target, options.budget)
        if target and left > target and options.walks:
            left = g.descend(target, _walk_steps(shape), options.budget)
        if options.clues is not None and left != options.clues:
            continue
        if options.clues is None and target and ncells - left < fewest_blanks:
            continue
        if options.minimal and not _is_minimal(g, options):
            continue
        puzzle = Grid.unchecked(tuple(g.puzzle_cells()), shape)
        if options.difficulty is not None and \
                level_of(puzzle, options.ladder) != options.difficulty:
            continue
        solution = Grid.unchecked(tuple(g.solution_cells()), shape)
        if _proven_unique(puzzle, solution):
            return Generated(puzzle, solution)
    raise GenerateGaveUp(_gave_up_message(options))


def _is_minimal(g: Any, options: GenerateOptions) -> bool:
    if g.last_cut():
        return False  # some test gave up at its budget: that clue was never shown needed
    if options.symmetry == "none":
        return True  # one pass over every cell: a clue that had to stay still has to
    return g.is_minimal(options.budget) == 1


#: Propagation rounds the general engine may spend on the final count to two of a puzzle
#: larger than 12x12 (~0.7 s at 25x25). Most take a few thousand; the rare puzzle whose
#: proof runs longer is set aside for the next try. A count of rounds, not of seconds,
#: so that a seed gives the same puzzles on a slow machine as on a fast one.
_PROOF_ROUNDS = 100_000


def _proven_unique(puzzle: Grid, solution: Grid) -> bool:
    """The final, independent proof by the solver's engines: a count to two, whose one
    solution must be the grid it was dug from. False when a large puzzle's proof runs
    past its budget (the puzzle is then not used)."""
    rounds = None if puzzle.n <= 12 else _PROOF_ROUNDS
    result = search(puzzle, limit=2, rounds=rounds)  # the solver checks its solution
    if result.status is SearchStatus.TIMED_OUT:
        return False
    if result.count != 1 or result.solution != solution:
        raise AssertionError(f"internal error: generated puzzle is not unique: {puzzle!r}")
    return True


def _gave_up_message(options: GenerateOptions) -> str:
    shape = options.shape
    label = f"{shape.n}x{shape.n}"
    what = wanted_puzzle(label, options.minimal, options.clues, options.symmetry,
                         options.difficulty, "rated {}")
    if options.clues is not None and options.clues < fewest_clues(shape) + 6:
        hint = "so few clues are rare: try more clues, or more tries (--tries)"
    elif options.minimal and options.budget != UNBOUNDED:
        hint = (f"at {label} some uniqueness tests are too long to finish, and a minimal "
                "puzzle needs them all")
    else:
        hint = "more tries (--tries) may find one"
    return f"gave up: no {what} found in {options.tries} tries; {hint}"


def _distinct(options: GenerateOptions, base: bytes, count: int, jobs: int) -> Iterator[Generated]:
    """Puzzles 0..count-1 in order, each different from those before it: a duplicate
    (possible on small boards) is made again from the index's next stream."""
    seen: set[Hashable] = set()
    for index, result in enumerate(_results(options, base, count, jobs)):
        attempt = 0
        while distinct_key(result.puzzle) in seen:
            attempt += 1
            if attempt > 1000:
                raise GenerateGaveUp(
                    f"gave up: found only {len(seen)} different puzzles with these options")
            result = _make(options, _stream_key(base, index, attempt))
        seen.add(distinct_key(result.puzzle))
        yield result


def distinct_key(puzzle: Grid) -> Hashable:
    """What tells the puzzles of a run apart: their cells, with their rules where each
    puzzle has rules of its own (a killer's cages, with no givens; a jigsaw's regions)."""
    rules = puzzle.own_rules
    return puzzle.cells if rules is None else (puzzle.cells, rules)


def _results(options: GenerateOptions, base: bytes, count: int, jobs: int) -> Iterator[Generated]:
    keys = (_stream_key(base, i, 0) for i in range(count))
    make = partial(_make, options)
    if jobs == 1 or count <= 1:
        yield from map(make, keys)
        return
    # Threads when the work runs in the compiled generator, which lets go of the GIL;
    # processes when it is Python: the uncompiled generator, or the rater.
    on_threads = engine.generator_module().is_compiled() and options.difficulty is None \
        and options.rules is None  # a variant's search runs in Python
    kind = thread_executor if on_threads else process_executor
    with kind(jobs, ahead=4 * jobs - 1) as executor:
        yield from executor.map(make, keys)

