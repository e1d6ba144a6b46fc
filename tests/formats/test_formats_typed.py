"""Grids as people type or paste them: nine rows of nine symbols with the blanks they type
(``_``, ``*``, ``-``, ``x``), with or without spaces or a frame, and a table copied with a
tab after each row. Each is read as the puzzle it shows and written back in its own layout;
input that is truly not a grid keeps a clear refusal."""

from __future__ import annotations

import io
import re

import pytest

from sudokit import CellCountError, Grid, solve
from sudokit import formats as F
from support.clirunner import sudoku
from support.roundtrip import rewrite

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC = Grid(PUZZLE)
_SOLVED = solve(CLASSIC)
assert _SOLVED is not None
SOLUTION: Grid = _SOLVED
ROWS = [PUZZLE[i : i + 9] for i in range(0, 81, 9)]


def typed(blank: str, spaced: bool = False, framed: bool = False) -> str:
    """The classic puzzle typed as nine rows, ``blank`` for a blank cell."""
    lines = []
    for r, row in enumerate(ROWS):
        cells = row.replace(".", blank)
        if framed and r % 3 == 0:
            lines.append("+-------+-------+-------+" if spaced else "+---+---+---+")
        if spaced:
            cells = " ".join(cells)
        if framed:
            step = len(cells) // 3 + 1
            groups = [cells[k : k + step].strip() for k in range(0, len(cells), step)]
            cells = "| " + " | ".join(groups) + " |" if spaced else "|" + "|".join(groups) + "|"
        lines.append(cells)
    if framed:
        lines.append(lines[0])
    return "\n".join(lines) + "\n"


def only(text: str, source: str = "typed.txt") -> F.Record:
    (r,) = list(F.read(io.BytesIO(text.encode()), source=source))
    return r


@pytest.mark.parametrize("blank", ["_", "*", "-", "x"])
@pytest.mark.parametrize(("spaced", "framed"), [(False, False), (True, False), (False, True),
                                                (True, True)])
def test_nine_rows_with_typed_blanks_are_the_puzzle(blank: str, spaced: bool, framed: bool) -> None:
    text = typed(blank, spaced, framed)
    r = only(text)
    assert r.item == CLASSIC, (text, r.error)
    assert rewrite(text.encode()) == text.encode()
    solved = rewrite(text.encode(), solve_them=True).decode()
    digits = re.sub(r"[^1-9]", "", solved)
    assert digits == SOLUTION.to_line()


def test_typed_blanks_on_the_command_line() -> None:
    done = sudoku("solve", stdin=typed("_").encode())
    assert done.status == 0 and done.stderr == ""
    assert done.out == "".join(SOLUTION.to_line()[i : i + 9] + "\n" for i in range(0, 81, 9))


def test_a_bare_line_of_dashes_is_a_row_or_a_border_as_the_grid_needs() -> None:
    rows = ROWS[:4] + ["........."] + ROWS[5:]  # row 5 holds no given
    puzzle = Grid("".join(rows))
    dashed = [r.replace(".", "-") for r in rows]
    assert only("\n".join(dashed) + "\n").item == puzzle  # nine rows: "---------" is row 5
    banded = dashed[:3] + ["---------"] + dashed[3:6] + ["---------"] + dashed[6:]
    text = "\n".join(banded) + "\n"  # eleven lines: which three are borders? not guessed
    with pytest.raises(CellCountError) as refused:
        only(text)
    assert str(refused.value) == "typed.txt, line 1: expected 81 cells (9 rows of 9), got 72"
    banded = [r.replace(".", "-") for r in ROWS]
    banded = banded[:3] + ["---------"] + banded[3:6] + ["---------"] + banded[6:]
    text = "\n".join(banded) + "\n"
    assert only(text).item == CLASSIC and rewrite(text.encode()) == text.encode()
    starred = "+---------+\n" + "\n".join(r.replace(".", "*") for r in rows) + "\n+---------+\n"
    assert only(starred).item == puzzle and rewrite(starred.encode()) == starred.encode()


def test_a_row_too_short_is_refused_with_the_count() -> None:
    text = typed("_")
    text = text.replace(ROWS[8].replace(".", "_") + "\n", ROWS[8][:-1].replace(".", "_") + "\n")
    done = sudoku("solve", stdin=text.encode())
    assert done.status == 2
    assert done.stderr == (
        "sudoku: error: <stdin>, line 1: expected 81 cells (9 rows of 9), got 80\n"
    )


def test_two_kinds_of_blank_are_not_guessed() -> None:
    text = typed("_").replace("_", "*", 3)
    r = only(text)
    assert r.item is None
    assert str(r.error) == "typed.txt, line 1: mixed blank symbols '*', '_': a puzzle uses one"


def test_a_table_copied_with_a_tab_after_each_row() -> None:
    text = "".join("\t".join("" if c == "." else c for c in row) + "\t\n" for row in ROWS)
    r = only(text)
    assert r.item == CLASSIC
    assert rewrite(text.encode()) == text.encode()
    done = sudoku("solve", stdin=text.encode())
    assert done.status == 0
    assert done.out == "".join("\t".join(SOLUTION.to_line()[i : i + 9]) + "\t\n"
                               for i in range(0, 81, 9))
