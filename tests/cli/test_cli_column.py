"""``--column NAME``: the puzzles of a CSV file with a header whose puzzle column has a name
of its own, and the one clear line when the name is not in the header."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.clirunner import sudoku

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
TABLE = f"id,given,note\n7,{PUZZLE},from a magazine\n".encode()


def test_column_names_the_puzzle_column_and_the_other_columns_are_kept(core_env: None) -> None:
    done = sudoku("solve", "--column", "given", stdin=TABLE)
    assert done.status == 0, done.stderr
    assert done.out == f"id,given,note\n7,{SOLUTION},from a magazine\n"


def test_without_column_an_unknown_header_says_to_name_it(tmp_path: Path) -> None:
    table = tmp_path / "table.csv"
    table.write_bytes(TABLE)
    done = sudoku("solve", str(table))
    assert done.status == 2
    assert done.stdout == b""
    assert "--column" in done.stderr and "line 1" in done.stderr


@pytest.mark.parametrize("command", ["solve", "count", "check", "rate"])
def test_a_column_not_in_the_header_is_one_line_naming_the_columns(command: str) -> None:
    done = sudoku(command, "--column", "nope", stdin=TABLE)
    assert done.status == 2
    assert done.stderr.count("\n") == 1
    assert "no column 'nope'" in done.stderr and "id,given,note" in done.stderr
