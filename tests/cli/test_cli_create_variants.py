"""``sudoku create --variant``: puzzles under variant rules, written in a format that holds
the rules and read back unique; rules that cannot be made are one line, status 2."""

from __future__ import annotations

import json

import pytest

from support.clirunner import sudoku


@pytest.mark.parametrize("args,words", [
    (("--variant", "windoku", "--size", "6"), "windoku needs a 9x9 grid, not 6x6"),
    (("--variant", "anti-king", "--size", "4"), "anti-king 4x4: no grid of this size"),
    (("--variant", "windoku+non-consecutive"), "no grid of this size keeps these rules"),
    (("--variant", "jigsaw+disjoint"), "disjoint groups need the standard boxes"),
    (("--variant", "x", "--size", "25"), "made up to 16x16"),
    (("--variant", "x", "--size", "7"), "size 7 has no natural box shape"),
    (("--variant", "x", "--technique", "x-wing"), "made for a technique are classic"),
    (("--variant", "x", "--pattern", "x" * 81), "--variant does not go with --pattern"),
    (("--variant", "sideways"), "unknown rules 'sideways'"),
])
def test_what_cannot_be_made_is_one_line_status_2(args: tuple[str, ...], words: str) -> None:
    result = sudoku("create", *args)
    assert result.status == 2, result
    assert words in result.stderr and result.stderr.count("\n") == 1
    assert result.stdout == b""


def test_a_format_that_cannot_hold_the_rules_refuses_by_name() -> None:
    pytest.importorskip("sudokit.formats.fpuzzles")  # with the formats that hold rules
    result = sudoku("create", "--variant", "x", "--to", "line", "--seed", "1")
    assert result.status == 2
    assert "X" in result.stderr and "line" in result.stderr


@pytest.mark.parametrize("variant,size", [("jigsaw+x", "9"), ("anti-knight", "9"),
                                          ("even-odd", "6"), ("jigsaw", "7"),
                                          ("non-consecutive+disjoint", "9")])
def test_made_puzzles_read_back_unique_under_their_rules(variant: str, size: str) -> None:
    pytest.importorskip("sudokit.formats.fpuzzles")
    first = sudoku("create", "--variant", variant, "--size", size, "--seed", "4",
                   "--to", "fpuzzles")
    assert first.status == 0, first.stderr
    assert first == sudoku("create", "--variant", variant, "--size", size, "--seed", "4",
                           "--to", "fpuzzles")  # seeded: the same bytes
    assert json.loads(first.stdout)["size"] == int(size)
    counted = sudoku("count", "--from", "fpuzzles", "-", stdin=first.stdout)
    assert counted.status == 0, counted.stderr
    assert counted.stdout.split() == [b"1"]


def test_a_variant_puzzle_is_drawn_with_its_rules(tmp_path) -> None:
    """create --to svg draws the rules: an X puzzle's two diagonals, a jigsaw's walls."""
    import xml.etree.ElementTree as ET

    out = tmp_path / "x.svg"
    result = sudoku("create", "--variant", "x", "--seed", "5", "--to", "svg", "-o", str(out))
    assert result.status == 0, result.stderr
    lines = ET.parse(out).getroot().findall("{http://www.w3.org/2000/svg}line")
    assert len([e for e in lines if e.get("class") == "diagonal"]) == 2


def test_a_variant_puzzle_is_written_as_a_link_that_keeps_its_rules() -> None:
    made = sudoku("create", "--variant", "x+anti-knight", "--seed", "4")
    assert made.status == 0, made.stderr
    assert made.out.startswith("https://sudokupad.app/fpuzzles") and made.out.count("\n") == 1
    assert sudoku("count", stdin=made.stdout).out == "1\n"  # unique under its own rules
    from sudokit import formats

    (puzzle,) = formats.loads(made.out, "sudokupad")
    assert puzzle.rules.names == ("x", "anti-knight")
