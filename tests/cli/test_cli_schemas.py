"""Every JSON output of the command validates against the JSON Schema shipped for it, on
puzzles that end every way (solved, stuck, no solution, already solved, unreadable)."""

from __future__ import annotations

import json

import pytest

from sudokit.cli.schemas import NAMES, schema
from support.clirunner import sudoku
from support.files import EXAMPLES

jsonschema = pytest.importorskip("jsonschema")

INPUTS = [str(EXAMPLES / name) for name in
          ("classic.grid", "grid02.bin", "cdoku_solution.table", "puzzles.txt", "6x6.grid",
           "board.cand")]
BAD = b"12345\n" + (EXAMPLES / "puzzles.txt").read_bytes()

RUNS = {
    "hint": ["hint", "--json"],
    "explain": ["explain", "--json"],
    "rate": ["rate", "--json"],
    "count": ["count", "--json"],
    "check": ["check", "--json"],
    "puzzle": ["convert", "--to", "json"],
}


@pytest.mark.parametrize("name", NAMES)
def test_each_schema_is_a_valid_schema(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schema(name))


@pytest.mark.parametrize("name", sorted(RUNS))
def test_each_json_output_follows_its_schema(name: str) -> None:
    validator = jsonschema.Draft202012Validator(schema(name))
    seen = 0
    for path in INPUTS:
        outcome = sudoku(*RUNS[name], path)
        for line in outcome.out.splitlines():
            if line.startswith("ERROR:"):  # not every command has a JSON form for a bad record
                continue
            validator.validate(json.loads(line))
            seen += 1
    assert seen >= len(INPUTS)


@pytest.mark.parametrize("name", ["count", "check", "hint"])
def test_unreadable_records_follow_the_schema_too(name: str) -> None:
    validator = jsonschema.Draft202012Validator(schema(name))
    outcome = sudoku(*RUNS[name], stdin=BAD)
    objects = [json.loads(line) for line in outcome.out.splitlines()]
    assert "error" in objects[0]
    for data in objects:
        validator.validate(data)


def test_the_scale_follows_its_schema() -> None:
    data = json.loads(sudoku("rate", "--scale", "--json").out)
    jsonschema.Draft202012Validator(schema("scale")).validate(data)


def test_an_unknown_schema_is_named() -> None:
    with pytest.raises(ValueError, match="one of"):
        schema("nope")
