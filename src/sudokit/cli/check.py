"""``sudoku check``: are the puzzles free of conflicts, complete, and (with --solution)
solved correctly? Made for testing one's own solver."""

from __future__ import annotations

import argparse
import io
from collections import deque
from collections.abc import Iterator
from functools import partial
from itertools import islice
from typing import TYPE_CHECKING, Any, BinaryIO, NamedTuple

from ..candidates import Candidates
from ..errors import ParseError, SudokuError
from ..grid import Grid
from ..messages import NOT_SOLVEABLE, NOT_UNIQUE, TIMED_OUT
from ..sheets import SheetGrid
from ._cluster import add_cluster_argument, cluster_executor
from ._inputs import Input, Tally, add_input_arguments, each_record
from ._output import add_format_argument, line_form, record_fields
from .env import Env, printable
from .status import ExitStatus

if TYPE_CHECKING:
    from ..analysis.verdict import Why
    from ..executors import Executor

#: What --format can name for a check.
FIELDS = ["status", "puzzle", "solution", "line", "file"]

#: The lines ``sudoku solve`` prints in place of an answer, and what each says.
SOLVER_MESSAGES = {
    NOT_SOLVEABLE.encode(): "none",
    NOT_UNIQUE.encode(): "several",
    TIMED_OUT.encode(): "timeout",
}


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku check`` and its options."""
    p = sub.add_parser(
        "check",
        help="report conflicts and completeness; check solutions against puzzles",
        description="For each grid print 'ok' (with how many blanks are left) or each conflict "
        "found. With --solution FILE, check that each solution there is complete, free of "
        "conflicts and keeps every given of the matching puzzle (the n-th solution record "
        "answers the n-th puzzle record, unreadable ones included); 'ERROR: Puzzle not "
        "solveable' lines, as sudoku solve prints them, are checked to be right. A CSV with a "
        "solution column is checked against it. With --why, each puzzle is also checked to "
        "have exactly one solution, and told why not (docs/setters.md). Exit status 1 when "
        "any check fails.",
    )
    add_input_arguments(p)
    p.add_argument("--solution", metavar="FILE",
                   help="solutions to check, one record per puzzle, in the same order")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per puzzle: file, line, ok, blanks, problems")
    p.add_argument("--why", action="store_true",
                   help="also say whether each puzzle has exactly one solution, and why not: "
                   "two solutions and the cells where they differ (an unavoidable set), with "
                   "the fewest clues of the first that make it unique (exact, or a greedy "
                   "answer beyond a bound, as the output says); the smallest set of givens "
                   "with no solution; or, for a unique puzzle, the redundant givens (each "
                   "alone can go). A puzzle without exactly one solution then fails the "
                   "check (status 1). Reads the digits of a board, not its pencil marks; "
                   "classic rules, sizes up to 16x16")
    add_format_argument(p, FIELDS)
    add_cluster_argument(p)


class Solution(NamedTuple):
    """One record of the --solution file: a grid, what a solver said instead (``said``:
    none, several, timeout, or error for another message), or the error that made it
    unreadable."""

    grid: Grid | None
    line: int
    said: str | None = None
    error: SudokuError | None = None


def run(args: argparse.Namespace, env: Env) -> int:
    """Check each puzzle (and its solution); the exit status."""
    if args.json and args.template is not None:
        env.error("--json and --format both choose the output: give one of them")
        return ExitStatus.USAGE
    if args.why and args.solution:
        env.error("--why looks at the puzzles alone: give it without --solution")
        return ExitStatus.USAGE
    if args.solution == "-" and (not args.files or "-" in args.files):
        env.error("--solution - and the puzzles cannot both be standard input: give the "
                  "puzzles' file, or the solutions' (--solution FILE)")
        return ExitStatus.USAGE
    tally = Tally()
    solutions = _solutions(args, env) if args.solution else None

    def pairs() -> Iterator[tuple[Input, Any, Solution | None]]:
        for opened, record in each_record(args, env, tally, answer_errors=False):
            given = next(solutions, None) if solutions is not None else _own_solution(record)
            yield opened, record, given

    with cluster_executor(args) as executor:
        checked = _checked(pairs(), solutions is not None, args.solution or "the record",
                           executor)
        for (opened, record, given), problems in checked:
            _report(args, env, tally, opened, record, given, problems,
                    solutions is not None)
    if solutions is not None and next(solutions, None) is not None:
        env.error(f"{args.solution}: more solutions than puzzles")
        tally.note(ExitStatus.FAILURE)
    return tally.status


#: Records checked as one piece of work on a cluster.
CLUSTER_PIECE = 1024


def _checked(triples: Iterator[tuple[Input, Any, Solution | None]], against: bool,
             name: str, executor: Executor | None
             ) -> Iterator[tuple[tuple[Input, Any, Solution | None], list[str] | None]]:
    """Each (input, record, given solution) with its problems (None when unreadable), in
    order; found here, or on the cluster in pieces."""
    check = partial(check_piece, against, name)
    if executor is None:
        for triple in triples:
            yield triple, check([(triple[1].item, triple[2])])[0]
        return
    held: deque[list[tuple[Input, Any, Solution | None]]] = deque()

    def pieces() -> Iterator[list[tuple[Grid | Candidates | None, Solution | None]]]:
        while piece := list(islice(triples, CLUSTER_PIECE)):
            held.append(piece)
            yield [(record.item, given) for _, record, given in piece]

    for problems in executor.map(check, pieces()):
        yield from zip(held.popleft(), problems, strict=True)


def check_piece(against: bool, name: str,
                items: list[tuple[Grid | Candidates | None, Solution | None]]
                ) -> list[list[str] | None]:
    """The problems of each (puzzle, its given solution) of a piece (None for a record
    that could not be read): what an executor runs."""
    out: list[list[str] | None] = []
    for item, given in items:
        if item is None:
            out.append(None)
            continue
        if isinstance(item, SheetGrid):
            out.append(_sheet_problems(item, given, name) if against or given is not None
                       else [item.sheet.said(c) for c in item.conflicts()])
            continue
        grid = _as_grid(item)
        problems = _problems(grid)
        if isinstance(item, Candidates):
            problems += _board_problems(item)
        if against or given is not None:
            problems += _solution_problems(grid, given, name)
        out.append(problems)
    return out


def _report(args: argparse.Namespace, env: Env, tally: Tally, opened: Input, record: Any,
            given: Solution | None, problems: list[str] | None, against: bool) -> None:
    where = f"{opened.source}, line {record.line}"
    if problems is None:  # reported by each_record; its solution is passed over
        _write(env, args, tally, where, opened.source, record, None, None, [], error=True)
        return
    grid = _as_grid(record.item)
    solution: Grid | None = None
    if against or given is not None:
        solution = given.grid if given is not None else None
    if problems:
        tally.note(ExitStatus.FAILURE)
    answer = _why(env, tally, where, grid) if args.why else None
    _write(env, args, tally, where, opened.source, record, grid, solution, problems,
           said=given.said if given is not None else None, checked=given is not None,
           answer=answer)


def _why(env: Env, tally: Tally, where: str, grid: Grid) -> Why | None:
    """--why's answer for a puzzle (None, reported, for a size it does not take); a
    puzzle without exactly one solution fails the check."""
    # deferred to keep `sudoku` start-up fast: only --why needs them
    from ..analysis import why
    from ..analysis.solutions import refusal

    refused = refusal(grid, "--why")
    if refused is not None:
        env.error(f"{where}: {refused}")
        tally.note(ExitStatus.USAGE)
        return None
    answer = why(grid)
    if answer.verdict != "unique":
        tally.note(ExitStatus.FAILURE)
    return answer


def _write(env: Env, args: argparse.Namespace, tally: Tally, where: str, source: str,
           record: Any, grid: Grid | None, solution: Grid | None, problems: list[str], *,
           error: bool = False, said: str | None = None, checked: bool = False,
           answer: Why | None = None) -> None:
    import json  # deferred to keep `sudoku` start-up fast: only JSON output needs it

    if error:
        message = str(record.error.message)
        if args.json:
            text = json.dumps({"file": source, "line": record.line, "ok": False,
                               "error": message}) + "\n"
        elif args.template is not None:
            env.stdout.write(args.template.line(
                {"status": f"ERROR: {message}", "puzzle": "", "solution": "",
                 "line": record.line, "file": source}, record, env, tally))
            return
        else:
            text = f"ERROR: {record.error}\n"
        env.stdout.write(text.encode())
        return
    assert grid is not None  # only an unreadable record has none
    if problems:
        status = "; ".join(problems)
    elif said == "none":
        status = "ok (no solution, as the solver said)"
    elif said == "several":
        status = "ok (more than one solution, as the solver said)"
    elif checked or grid.blanks == 0:
        status = "ok (complete)"
    else:
        status = f"ok ({grid.blanks} blank{'s' * (grid.blanks != 1)})"
    said_why = ""
    if answer is not None:
        # deferred to keep `sudoku` start-up fast: only --why needs it
        from ..analysis import verdict as why_words

        said_why = why_words.sentence(answer, grid)
        status = f"{status}; {said_why}" if answer.verdict == "unique" else said_why
        if solution is None and answer.solutions:
            solution = answer.solutions[0]
    ok = not problems and (answer is None or answer.verdict == "unique")
    if args.json:
        data: dict[str, object] = {"file": source, "line": record.line, "ok": ok,
                                   "blanks": grid.blanks, "problems": problems}
        if checked:
            data["solution_checked"] = True
        if answer is not None:
            from ..analysis.verdict import fields  # deferred: only --why has them

            data["why"] = fields(answer, grid)
        text = json.dumps(data) + "\n"
    elif args.template is not None:
        env.stdout.write(args.template.line(
            {"status": status, "puzzle": line_form(grid), "solution": line_form(solution),
             "line": record.line, "file": source}, record, env, tally))
        return
    elif problems:
        text = "".join(f"{where}: {problem}\n" for problem in problems)
        text += f"{where}: {said_why}\n" if said_why else ""
    else:
        text = f"{where}: {status}\n"
    if answer is not None and answer.verdict == "several" and not args.json:
        from ..analysis.verdict import draw_pair  # deferred: only --why draws

        first, second = answer.solutions
        drawn = draw_pair(first, second, answer.unavoidable)
        text += "".join(f"  {row}\n" for row in drawn.splitlines())
    env.stdout.write(text.encode())


def _as_grid(item: Grid | Candidates) -> Grid:
    return item.to_grid() if isinstance(item, Candidates) else item


def _board_problems(board: Candidates) -> list[str]:
    """What a candidate board breaks that its digits do not show: a cell with no
    candidate left (no solution can fill it)."""
    name = board.shape.cell_name
    return [f"{name(cell)} has no candidate left" for cell, mask in enumerate(board.masks)
            if not mask]


def _problems(grid: Grid) -> list[str]:
    return [c.said(grid.shape) for c in grid.conflicts()]


def _solution_problems(puzzle: Grid, given: Solution | None, source: str) -> list[str]:
    if given is None:
        return ["no solution given for this puzzle"]
    if given.error is not None:
        return [f"the solution cannot be read ({source}, line {given.line}: "
                f"{given.error.message})"]
    if given.said == "error":
        return [f"no solution given: {source}, line {given.line} holds an error message"]
    if given.said is not None:
        return _said_problems(puzzle, given.said)
    solution = given.grid
    assert solution is not None  # a Solution has a grid, a message or an error
    if solution.shape != puzzle.shape:
        return [f"the solution is {solution.n}x{solution.n}, the puzzle {puzzle.n}x{puzzle.n}"]
    found = [f"solution: {p}" for p in _problems(solution.with_rules(puzzle.rules))]
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


def _sheet_problems(puzzle: SheetGrid, given: Solution | None, source: str) -> list[str]:
    """A puzzle of overlapping grids' conflicts, and its given solution's problems."""
    sheet = puzzle.sheet
    found = [sheet.said(c) for c in puzzle.conflicts()]
    if given is None or given.error is not None or given.said is not None:
        return found + _solution_problems(puzzle, given, source)  # type: ignore[arg-type]
    solution: object = given.grid
    if not isinstance(solution, SheetGrid) or solution.sheet != sheet:
        return [*found, f"the solution is not a puzzle of {sheet.describe()}"]
    found += [f"solution: {sheet.said(c)}" for c in solution.conflicts()]
    if not solution.is_complete():
        found.append(f"solution: {solution.blanks} cells are still blank")
    changed = [sheet.cell_name(i) for i, (p, s) in enumerate(zip(
        puzzle.digits, solution.digits, strict=True)) if p and s != p]
    if changed:
        found.append(f"solution changes the givens at {', '.join(changed)}")
    return found


def _said_problems(puzzle: Grid, said: str) -> list[str]:
    """Is what the solver said in place of a solution true of ``puzzle``?"""
    from ..solver import count_solutions  # imported when needed: the command's start-up stays fast

    if said == "timeout":
        return ["no solution given: the solver ran out of time"]
    count = count_solutions(puzzle, 2)
    if said == "none" and count:
        return ["the solver said there is no solution, but the puzzle has one"]
    if said == "several" and count < 2:
        return [f"the solver said there is more than one solution, but the puzzle has "
                f"{'one' if count else 'none'}"]
    return []


def _own_solution(record: Any) -> Solution | None:
    """The solution a record carries in its own fields (a CSV's solution column)."""
    text = record_fields(record).get("solution")
    if not isinstance(text, str) or not text.strip() or record.item is None:
        return None
    try:
        return Solution(Grid(text.strip(), box=record.item.box), record.line)
    except SudokuError as e:
        return Solution(None, record.line, error=e)


def _solutions(args: argparse.Namespace, env: Env) -> Iterator[Solution]:
    """The records of the --solution file, in order, each one answering one puzzle: its
    grids, and the ``ERROR: ...`` lines a solver printed in place of an answer."""
    from .. import formats  # imported when needed: the command's start-up stays fast

    name = args.solution
    stream: Any = env.stdin if name == "-" else open(name, "rb")  # noqa: SIM115
    source = "<stdin>" if name == "-" else printable(name)
    try:
        marked = _MessagesBlanked(stream)
        head = marked.peek()
        records: Iterator[Any] = iter(())
        if head.strip():
            try:
                fmt = formats.detect(head, None if name == "-" else name)
                records = formats.read(io.BufferedReader(marked), fmt, source=source,
                                       box=args.box)
            except ParseError as e:
                raise e.located(source=source) from None
        for record in records:
            yield from marked.said_before(record.line)
            if record.item is None:
                yield Solution(None, record.line, error=record.error)
            else:
                yield Solution(_as_grid(record.item), record.line)
        marked.drain()
        yield from marked.said_before(None)
    finally:
        if name != "-":
            stream.close()


class _MessagesBlanked(io.RawIOBase):
    """A stream whose ``ERROR: ...`` lines (a solver's words in place of an answer) read
    as blank lines, so that the other lines keep their numbers; the messages are kept
    by line number."""

    PEEK = 1 << 16

    def __init__(self, raw: BinaryIO) -> None:
        self.raw = raw
        self.said: dict[int, str] = {}
        self.lines = 0
        self.partial = b""
        self.ready = b""
        self.ended = False

    def readable(self) -> bool:
        return True

    def peek(self) -> bytes:
        """The start of the stream with the messages blanked (to detect its format)."""
        while len(self.ready) < self.PEEK and not self.ended:
            self._fill()
        return self.ready[: self.PEEK]

    def drain(self) -> None:
        """Read to the end, for the messages after the last record."""
        while not self.ended:
            self._fill()
            self.ready = b""

    def said_before(self, line: int | None) -> Iterator[Solution]:
        """The messages on lines before ``line`` (all of them for None), once each."""
        for at in sorted(k for k in self.said if line is None or k < line):
            yield Solution(None, at, said=self.said.pop(at))

    def readinto(self, buffer: Any) -> int:
        while not self.ready and not self.ended:
            self._fill()
        data, self.ready = self.ready[: len(buffer)], self.ready[len(buffer):]
        buffer[: len(data)] = data
        return len(data)

    def _fill(self) -> None:
        data = self.raw.read(self.PEEK)
        if not data:
            self.ended = True
            lines, self.partial = ([self.partial] if self.partial else []), b""
        else:
            lines = (self.partial + data).split(b"\n")
            self.partial = lines.pop()
        out = []
        for i, line in enumerate(lines):
            self.lines += 1
            last = self.ended and i == len(lines) - 1
            if line.startswith(b"ERROR:"):
                self.said[self.lines] = SOLVER_MESSAGES.get(line.rstrip(b"\r"), "error")
                line = b""
            out.append(line if last else line + b"\n")
        self.ready += b"".join(out)
