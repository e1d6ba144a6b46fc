"""Cages, lines, dots and signs in f-puzzles documents and SudokuPad links: each read under
f-puzzles' own key into the constraint it means, written back and read again the same,
kept by the solution its file gives; what f-puzzles cannot say refused by name when
written; bad constraints one line naming the file and the line, status 2."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from sudokit import formats as F
from sudokit.constraints import (
    XV,
    Arrow,
    Between,
    Cage,
    Entropic,
    GreaterThan,
    Kropki,
    LittleKiller,
    Palindrome,
    RegionSum,
    Renban,
    Sandwich,
    Thermo,
    Whisper,
)
from sudokit.errors import ParseError, SudokuError, UnsupportedRulesError
from sudokit.formats import _lzstring as lz
from sudokit.grid import Grid
from sudokit.rules import Rules
from support.clirunner import sudoku
from support.constraint_reference import KINDS, random_rules, solutions
from support.files import TEST_DATA

CONSTRAINTS = TEST_DATA / "constraints"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
DIGITS = [int(ch) for ch in SOLUTION]


def _doc(n: int = 9, **extra: object) -> dict[str, object]:
    return {"size": n, "grid": [[{} for _ in range(n)] for _ in range(n)], **extra}


def _read(**extra: object) -> Rules:
    (grid,) = F.loads(json.dumps(_doc(**extra)), "fpuzzles")
    return grid.rules


def _cell(name: str) -> int:
    r, c = name[1:].split("C")
    return (int(r) - 1) * 9 + int(c) - 1


def _cells(*names: str) -> list[int]:
    return [_cell(name) for name in names]


# -- each key, as f-puzzles describes it --------------------------------------------

KEYS = [
    ("killercage", [{"cells": ["R1C1", "R1C2", "R2C1"], "value": "10"}, {"cells": ["R9C9"]}],
     [Cage(_cells("R1C1", "R1C2", "R2C1"), 10), Cage(_cells("R9C9"))]),
    ("littlekillersum", [{"cell": "R0C1", "direction": "DR", "value": "38",
                          "cells": [f"R{k}C{k + 1}" for k in range(1, 9)]}],
     [LittleKiller(_cells(*[f"R{k}C{k + 1}" for k in range(1, 9)]), 38)]),
    ("littlekillersum", [{"cell": "R10C3", "direction": "UL", "value": "4",
                          "cells": ["R8C1", "R9C2"]}],
     [LittleKiller(_cells("R9C2", "R8C1"), 4)]),
    ("sandwichsum", [{"cell": "R0C1", "value": "19"}, {"cell": "R3C0", "value": 0},
                     {"cell": "R4C10", "value": "7"}],
     [Sandwich("col", 0, 19), Sandwich("row", 2, 0), Sandwich("row", 3, 7)]),
    ("thermometer", [{"lines": [["R3C1", "R2C1", "R2C2"], ["R3C1", "R4C1"]]}],
     [Thermo(_cells("R3C1", "R2C1", "R2C2")), Thermo(_cells("R3C1", "R4C1"))]),
    ("arrow", [{"cells": ["R9C7", "R9C8"], "lines": [["R9C7", "R8C6", "R7C6", "R8C5"]]}],
     [Arrow(_cells("R9C7", "R9C8"), _cells("R8C6", "R7C6", "R8C5"))]),
    ("whispers", [{"lines": [["R6C5", "R5C4", "R6C3"]]}],
     [Whisper(_cells("R6C5", "R5C4", "R6C3"))]),
    ("whispers", [{"lines": [["R1C1", "R1C2"]], "value": "4"}],
     [Whisper(_cells("R1C1", "R1C2"), gap=4)]),
    ("renban", [{"lines": [["R7C2", "R8C2", "R8C3"]]}], [Renban(_cells("R7C2", "R8C2", "R8C3"))]),
    ("palindrome", [{"lines": [["R1C2", "R2C3", "R3C4"]]}],
     [Palindrome(_cells("R1C2", "R2C3", "R3C4"))]),
    ("betweenline", [{"lines": [["R4C5", "R3C4", "R2C3"]]}],
     [Between(_cells("R4C5", "R3C4", "R2C3"))]),
    ("regionsumline", [{"lines": [["R3C4", "R3C5", "R2C4", "R3C3"]]}],
     [RegionSum(_cells("R3C4", "R3C5", "R2C4", "R3C3"))]),
    ("entropicline", [{"lines": [["R6C7", "R5C6", "R4C5"]]}],
     [Entropic(_cells("R6C7", "R5C6", "R4C5"))]),
    ("difference", [{"cells": ["R1C5", "R1C4"]}], [Kropki(_cell("R1C4"), _cell("R1C5"), "white")]),
    ("ratio", [{"cells": ["R1C8", "R1C9"], "value": "2"}],
     [Kropki(_cell("R1C8"), _cell("R1C9"), "black")]),
    ("xv", [{"cells": ["R4C8", "R4C9"], "value": "V"}, {"cells": ["R2C3", "R3C3"], "value": "x"}],
     [XV(_cell("R4C8"), _cell("R4C9"), 5), XV(_cell("R2C3"), _cell("R3C3"), 10)]),
    ("minimum", [{"cell": "R1C1"}],
     [GreaterThan(_cell("R1C2"), _cell("R1C1")), GreaterThan(_cell("R2C1"), _cell("R1C1"))]),
    ("maximum", [{"cell": "R1C9"}],
     [GreaterThan(_cell("R1C9"), _cell("R1C8")), GreaterThan(_cell("R1C9"), _cell("R2C9"))]),
]


@pytest.mark.parametrize(("key", "value", "expected"), KEYS,
                         ids=[f"{k[0]}-{i}" for i, k in enumerate(KEYS)])
def test_each_key_reads_as_the_constraint_it_means(key: str, value: object,
                                                   expected: list[object]) -> None:
    rules = _read(**{key: value})
    assert rules == Rules(9, constraints=expected)  # type: ignore[arg-type]
    # written back under the same key, and read again the same
    (grid,) = F.loads(json.dumps(_doc(**{key: value})), "fpuzzles")
    text = F.dumps(grid, "fpuzzles")
    assert key in json.loads(text)
    assert F.loads(text, "fpuzzles") == [grid] and F.loads(text)[0].rules == rules


@pytest.mark.parametrize(("negative", "flags"), [
    (["ratio", "difference"], {"all_dots": True}),
    (["xv"], {"all_xv": True}),
    (["difference", "xv", "ratio"], {"all_dots": True, "all_xv": True}),
    (["difference"], {"non_consecutive": True}),
])
def test_negative_rules_are_every_sign_given(negative: list[str], flags: dict[str, bool]) -> None:
    rules = _read(negative=negative)
    assert rules == Rules(9, **flags)
    (grid,) = F.loads(json.dumps(_doc(negative=negative)), "fpuzzles")
    assert F.loads(F.dumps(grid, "fpuzzles"))[0].rules == rules


def test_a_drawing_made_for_a_constraint_read_is_passed_over() -> None:
    line = {"lines": [["R1C1", "R1C2"]], "outlineC": "#F067F0", "width": 0.4,
            "fromConstraint": "Renban", "isNewConstraint": True}
    rules = _read(renban=[{"lines": [["R1C1", "R1C2"]]}], line=[line])
    assert rules == Rules(9, constraints=[Renban([0, 1])])
    with pytest.raises(ParseError, match=r"'line' \(lines\)"):  # a drawing alone: refused
        _read(line=[line])


# -- round trips ---------------------------------------------------------------------

#: Families f-puzzles holds whatever the constraint: a random mix of them comes back.
HELD = [k for k in KINDS if k not in ("slow-thermo", "greater-than", "little-killer")]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("fmt", ["fpuzzles", "sudokupad"])
def test_random_constraints_survive_write_then_read(seed: int, fmt: str) -> None:
    rng = random.Random(seed)
    rules = random_rules(Rules(9), DIGITS, rng, 12, HELD, negative=seed % 2 == 1)
    grid = Grid.unchecked(tuple(d if i % 7 == 0 else 0 for i, d in enumerate(DIGITS)),
                          rules.shape, rules)
    for form in F.FORMATS[fmt].FORMAT.forms:
        if form == "scl":
            continue
        text = F.dumps(grid, fmt, form=form)
        (back,) = F.loads(text)
        assert back == grid and back.rules == rules
        assert back.rules.keeps(DIGITS)


def test_the_mixed_file_reads_under_the_rules_its_solution_keeps() -> None:
    with open(CONSTRAINTS / "mixed.fpuzzles", "rb") as f:
        (record,) = F.read(f, source="mixed.fpuzzles")
    rules = record.item.rules
    assert set(rules.names) == {"little-killer", "thermo", "arrow", "whispers", "renban",
                                "palindrome", "between", "region-sum", "entropic", "kropki",
                                "xv", "greater-than", "sandwich"}
    solution = [int(ch) for ch in record.fields["solution"]]
    assert solution == DIGITS and rules.keeps(solution)
    # each constraint mattered: a solution with two digits swapped in a row breaks some
    for r in range(9):
        swapped = list(solution)
        swapped[r * 9], swapped[r * 9 + 1] = swapped[r * 9 + 1], swapped[r * 9]
        assert not rules.keeps(swapped)
    text = F.dumps(record.item, "sudokupad")
    assert F.loads(text)[0].rules == rules


def test_the_killer_files_hold_one_puzzle_and_the_sums_its_solution_makes() -> None:
    (killer,) = F.load(CONSTRAINTS / "killer.fpuzzles")
    (same,) = F.load(CONSTRAINTS / "killer.killer")
    assert killer.rules == same.rules and killer.rules.names == ("killer",)
    cages = killer.rules.constraints
    assert len(cages) == 34 and sum(len(c.cells) for c in cages) == 81
    assert killer.rules.keeps(DIGITS)
    assert F.dumps(same, "killer").encode() == _without_comments(CONSTRAINTS / "killer.killer")


def _without_comments(path: Path) -> bytes:
    return b"".join(line for line in path.read_bytes().splitlines(keepends=True)
                    if not line.startswith(b"#"))


# -- what f-puzzles cannot say is refused when written --------------------------------

@pytest.mark.parametrize(("constraint", "words"), [
    (Cage([0, 1], 4, repeat=True), "a cage whose digits may repeat"),
    (Thermo([0, 1, 2], slow=True), "a slow thermometer"),
    (GreaterThan(1, 0), "a greater-than sign, only the minimum and maximum cells"),
    (LittleKiller([10, 20], 9), "a little killer that does not run a whole diagonal"),
])
@pytest.mark.parametrize("fmt", ["fpuzzles", "sudokupad"])
def test_what_f_puzzles_cannot_say_is_refused_by_name(constraint: object, words: str,
                                                      fmt: str) -> None:
    rules = Rules(9, constraints=[constraint])  # type: ignore[list-item]
    grid = Grid.unchecked((0,) * 81, rules.shape, rules)
    with pytest.raises(UnsupportedRulesError, match="f-puzzles cannot hold " + words):
        F.dumps(grid, fmt)


@pytest.mark.parametrize("fmt", ["line", "sdk", "grid", "jigsaw", "json", "opensudoku"])
def test_formats_without_constraints_refuse_them_by_name(fmt: str) -> None:
    (grid,) = F.load(CONSTRAINTS / "mixed.fpuzzles")
    with pytest.raises(UnsupportedRulesError, match=f"the {fmt} format cannot hold the little "
                       "killer rules .*: write it --to fpuzzles or sudokupad$"):
        F.dumps(grid, fmt)
    (killer,) = F.load(CONSTRAINTS / "killer.killer")
    with pytest.raises(UnsupportedRulesError, match=f"the {fmt} format cannot hold the killer "
                       "rules .*--to ipuz or fpuzzles or sudokupad or killer$"):
        F.dumps(killer, fmt)


# -- bad input: one line naming the file and the line, status 2 ------------------------

BAD = [
    ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "30"}]},
     "the cage at r1c1: no 2 digits of 1-9 add up to 30"),
    ({"renban": [{"lines": [["R1C1", "R1C2", "R1C1"]]}]},
     "renban line at r1c1 passes through r1c1 twice"),
    ({"thermometer": [{"lines": [["R1C1"]]}]}, "thermometer at r1c1 needs at least 2 cells"),
    ({"thermometer": [{"lines": [[]]}]}, '"thermometer" 1: a line without a cell (no bulb)'),
    ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R1C2", "R1C3"]}]},
     "cages overlap at r1c2"),
    ({"killercage": [{"cells": ["R1C1", "R10C2"], "value": "3"}]},
     '"killercage" 1: R10C2 is not a cell of a 9x9 grid'),
    ({"xv": [{"cells": ["R1C1", "R1C3"], "value": "X"}]}, "r1c1 and r1c3 do not share a side"),
    ({"arrow": [{"cells": ["R1C1"], "lines": [["R1C1", "R1C3"]]}]},
     "the line starts at r1c3, away from its circle"),
    ({"killercage": [{"cells": ["R1C1"], "value": "ten"}]}, "'ten' is not a whole number"),
    ({"sandwichsum": [{"cell": "R0C0", "value": "5"}]}, "not at R0C0"),
    ({"littlekillersum": [{"cell": "R0C1", "direction": "NE", "value": "5"}]},
     "direction 'NE' is not one of DR, DL, UR, UL"),
    ({"littlekillersum": [{"cell": "R0C1", "direction": "DR", "value": "5",
                           "cells": ["R1C2", "R2C2"]}]},
     "its cells are not the diagonal from its clue R0C1 going DR"),
]


@pytest.mark.parametrize(("extra", "message"), BAD, ids=[b[1][:30] for b in BAD])
@pytest.mark.parametrize("command", ["convert", "solve"])
def test_a_bad_constraint_is_one_line_naming_file_and_line(tmp_path: Path, command: str,
                                                            extra: dict[str, object],
                                                            message: str) -> None:
    good = json.dumps(_doc(killercage=[{"cells": ["R1C1", "R1C2"], "value": "3"}]))
    bad = json.dumps(_doc(**extra))
    link = "https://www.f-puzzles.com/?load=" + lz.compress_to_base64(bad)
    path = tmp_path / "puzzles.txt"
    path.write_text(f"# two puzzles\n{good}\n{link}\n")
    done = sudoku(command, str(path), "--to", "fpuzzles") if command == "convert" else \
        sudoku(command, str(path))
    assert done.status == 2
    assert done.stderr.count("\n") == 1, done.stderr
    assert f"{path}, line 3: " in done.stderr and message in done.stderr


def test_a_bad_cage_in_a_document_over_many_lines_names_the_document(tmp_path: Path) -> None:
    path = tmp_path / "one.fpuzzles"
    doc = _doc(killercage=[{"cells": ["R1C1", "R1C2"], "value": "2"}])
    path.write_text("\n\n" + json.dumps(doc, indent=1))
    with open(path, "rb") as f:
        records = list(F.read(f, source="one.fpuzzles"))
    assert [str(r.error) for r in records] == [
        "one.fpuzzles, line 3: the cage at r1c1: no 2 digits of 1-9 add up to 2"]


def test_a_sudokupad_puzzle_with_a_bad_cage_is_refused_in_its_place() -> None:
    good = F.dumps(F.load(CONSTRAINTS / "killer.killer"), "sudokupad")
    doc = _doc(killercage=[{"cells": ["R1C1", "R1C2"], "value": "99"}])
    bad = "https://sudokupad.app/fpuzzles" + lz.compress_to_base64(json.dumps(doc))
    records = list(F.read(io.BytesIO(f"{good}{bad}\n{good}".encode()), source="links"))
    assert [r.error is None for r in records] == [True, False, True]
    assert str(records[1].error) == "links, line 2: the cage at r1c1: no 2 digits of 1-9 " \
        "add up to 99"


# -- SudokuPad's own format: killer cages ---------------------------------------------

REGIONS4 = ("re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],"
            "[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]")


def _scl(zipped: str) -> str:
    return "https://sudokupad.app/scl" + lz.compress_to_base64(zipped)


def test_scl_cages_with_a_total_are_killer_cages() -> None:
    # as SudokuPad shortens it: short keys, ' for ", a total as a number or as text
    link = _scl("{ce:[[{v:1},,,],[,,,],[,,,],[,,,]]," + REGIONS4 + ","
                "ca:[{ce:[[0,0],[0,1]],v:3,c1:'#000000'},{ce:[[3,3]],v:'4'},{v:'title: Two'}]}")
    (record,) = F.read(io.BytesIO(link.encode()), source=None)
    assert record.error is None, record.error
    assert record.item.rules == Rules(4, constraints=[Cage([0, 1], 3), Cage([15], 4)])
    assert dict(record.fields) == {"name": "Two"}
    written = F.dumps(record.item, "sudokupad", form="scl")
    assert F.loads(written) == [record.item] and F.loads(written)[0].rules == record.item.rules


def test_the_killer_file_as_an_scl_link_and_back() -> None:
    (grid,) = F.load(CONSTRAINTS / "killer.killer")
    text = F.dumps(grid, "sudokupad", form="scl")
    assert text.startswith("https://sudokupad.app/scl")
    assert F.loads(text)[0].rules == grid.rules


@pytest.mark.parametrize(("cages", "words"), [
    ("ca:[{ce:[[0,0],[0,1]]}]", "cage 1: a cage without a total"),
    ("ca:[{ce:[[0,0],[0,1]],v:4,unique:f}]", "whose digits may repeat"),
    ("ca:[{ce:[[0,0],[0,9]],v:4}]", "SudokuPad cage 1 holds [0, 9], not a cell"),
])
def test_scl_cages_that_are_not_killer_cages_are_refused(cages: str, words: str) -> None:
    link = _scl("{ce:[[,,,],[,,,],[,,,],[,,,]]," + REGIONS4 + "," + cages + "}")
    with pytest.raises(ParseError, match="SudokuPad") as e:
        F.loads(link, "sudokupad")
    assert words in str(e.value)


def test_the_scl_form_refuses_what_it_cannot_hold() -> None:
    for constraint in (Cage([0, 1]), Cage([0, 1], 3, repeat=True)):
        rules = Rules(4, constraints=[constraint])
        grid = Grid.unchecked((0,) * 16, rules.shape, rules)
        with pytest.raises(UnsupportedRulesError, match="scl form holds killer cages with a "
                           "total whose digits differ, not the cage at r1c1"):
            F.dumps(grid, "sudokupad", form="scl")
    (mixed,) = F.load(CONSTRAINTS / "mixed.fpuzzles")
    with pytest.raises(SudokuError, match="scl form cannot hold the little killer rules"):
        F.dumps(mixed, "sudokupad", form="scl")


# -- read, then solved under every constraint read -------------------------------------

@pytest.mark.parametrize("name", ["mixed.fpuzzles", "killer.fpuzzles", "killer.killer"])
def test_the_files_solve_to_their_one_solution(name: str, pure: bool) -> None:
    path = CONSTRAINTS / name
    done = sudoku("solve", str(path), "--to", "line")
    assert (done.status, done.out, done.stderr) == (0, SOLUTION + "\n", "")
    assert sudoku("count", str(path)).out == "1\n"
    (grid,) = F.load(path)
    link = F.dumps(grid, "sudokupad")
    assert sudoku("solve", "-", "--to", "line", stdin=link.encode()).out == SOLUTION + "\n"


def test_the_mixed_file_has_one_solution_by_the_plain_reference() -> None:
    (grid,) = F.load(CONSTRAINTS / "mixed.fpuzzles")
    assert solutions(grid.rules, grid.cells, 2, budget=200_000) == [DIGITS]
