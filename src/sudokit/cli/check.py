"""``sudoku check``: are the puzzles free of conflicts, complete, and (with --solution)
solved correctly? Made for testing one's own solver."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from ..candidates import Candidates
from ..errors import SudokuError
from ..grid import Grid
from ._inputs import Tally, add_input_arguments, each_record, open_inputs
from .env import Env
from .status import ExitStatus


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check",
        help="report conflicts and completeness; check solutions against puzzles",
        description="For each grid print 'ok' (with how many blanks are left) or each conflict "
        "found. With --solution FILE, check that each solution there is complete, free of "
        "conflicts and keeps every given of the matching puzzle. Exit status 1 when any check "
        "fails.",
    )
    add_input_arguments(p)
    p.add_argument("--solution", metavar="FILE",
                   help="solutions to check, in the same order as the puzzles")


def run(args: argparse.Namespace, env: Env) -> int:
    tally = Tally()
    solutions = _solutions(args, env) if args.solution else None
    for opened, record in each_record(args, env, tally):
        where = f"{opened.source}, line {record.line}"
        grid = _as_grid(record.item)
        problems = _problems(grid)
        if solutions is not None:
            problems += _solution_problems(grid, next(solutions, None))
        if problems:
            tally.note(ExitStatus.FAILURE)
            for problem in problems:
                env.stdout.write(f"{where}: {problem}\n".encode())
        else:
            blanks = grid.blanks
            note = "complete" if blanks == 0 else f"{blanks} blank{'s' * (blanks != 1)}"
            env.stdout.write(f"{where}: ok ({note})\n".encode())
    if solutions is not None and next(solutions, None) is not None:
        env.error(f"{args.solution}: more solutions than puzzles")
        tally.note(ExitStatus.FAILURE)
    return tally.status


def _as_grid(item: Grid | Candidates) -> Grid:
    return item.to_grid() if isinstance(item, Candidates) else item


def _problems(grid: Grid) -> list[str]:
    shape = grid.shape
    return [
        f"digit {c.digit} appears {len(c.cells)} times in {c.unit} "
        f"({', '.join(shape.cell_name(i) for i in c.cells)})"
        for c in grid.conflicts()
    ]


def _solution_problems(puzzle: Grid, solution: Grid | None) -> list[str]:
    if solution is None:
        return ["no solution given for this puzzle"]
    if solution.shape != puzzle.shape:
        return [f"the solution is {solution.n}x{solution.n}, the puzzle {puzzle.n}x{puzzle.n}"]
    found = [f"solution: {p}" for p in _problems(solution)]
    if not solution.is_complete():
        found.append(f"solution: {solution.blanks} cells are still blank")
    changed = [
        puzzle.shape.cell_name(i)
        for i, (p, s) in enumerate(zip(puzzle.cells, solution.cells, strict=True))
        if p and s != p
    ]
    if changed:
        found.append(f"solution changes the givens at {', '.join(changed)}")
    return found


def _solutions(args: argparse.Namespace, env: Env) -> Iterator[Grid | None]:
    """The grids of the --solution file, in order (None for one that cannot be read)."""
    reread = argparse.Namespace(files=[args.solution], from_format=None, box=args.box)
    for opened in open_inputs(reread, env):
        if isinstance(opened, SudokuError):
            raise opened
        for record in opened.records:
            if record.item is None:  # then it holds the error
                env.error(str(record.error))
                yield None
            else:
                yield _as_grid(record.item)
