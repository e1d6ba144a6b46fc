"""With --json, every line of standard output is a JSON object, an unreadable record's
place included (so the output stays JSON Lines that a program can read)."""

from __future__ import annotations

import json

import pytest

from support.clirunner import sudoku

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.mark.parametrize("command", ["rate", "explain", "hint", "count", "check"])
def test_an_unreadable_record_keeps_the_output_json_lines(command: str) -> None:
    done = sudoku(command, "--json", stdin=f"{PUZZLE}\nbad line\n{PUZZLE}\n".encode())
    lines = [json.loads(line) for line in done.out.splitlines()]
    assert len(lines) == 3
    assert lines[1] == {"file": "<stdin>", "line": 2, "error": "expected 81 cells, got 8"} or (
        command == "check" and lines[1]["error"] == "expected 81 cells, got 8")
    assert "error" not in lines[0] and "error" not in lines[2]
    assert done.stderr.count("line 2") == 1
