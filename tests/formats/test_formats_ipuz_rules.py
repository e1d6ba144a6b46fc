"""ipuz sudoku rules: irregular regions (``"boxes": false`` and ``zones``), the diagonals
(as zones) and killer cages (``cages`` with a sum ``value``) are read into the puzzle's
rules and written back; what the rules cannot hold is refused by name, and bad groups of
cells are one error naming the file and line. A jigsaw file (clues, then regions) is found
by its content, never a file of two puzzles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudokit import formats as F
from sudokit.constraints import Cage, Thermo
from sudokit.errors import SudokuError, UnsupportedRulesError
from sudokit.grid import Grid
from sudokit.rules import Rules
from support.clirunner import sudoku
from support.files import TEST_DATA

IPUZ = Path(TEST_DATA) / "formats"
REGIONS = "111133336122222236111122236555555336444445366444995596774999996788888896777777888"
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def _solution(path: Path) -> str:
    rows = json.loads(path.read_text())["solution"]
    return "".join(str(v) for row in rows for v in row)


def test_an_ipuz_jigsaw_is_read_with_its_regions() -> None:
    (grid,) = F.load(IPUZ / "jigsaw.ipuz")
    assert grid.rules == Rules(9, regions=REGIONS)
    digits = [int(ch) for ch in _solution(IPUZ / "jigsaw.ipuz")]
    assert grid.rules.keeps(digits)
    assert not Rules(9).keeps(digits)  # the regions matter
    assert all(g in (0, d) for g, d in zip(grid.cells, digits, strict=True))


def test_an_ipuz_killer_is_read_with_its_cages() -> None:
    (grid,) = F.load(IPUZ / "killer.ipuz")
    assert grid.to_line() == PUZZLE
    assert grid.rules == Rules(9, constraints=[
        Cage([2, 3], 10), Cage([72, 73], 7), Cage([15, 24, 16], 12), Cage([8, 17])])
    digits = [int(ch) for ch in SOLUTION]
    assert grid.rules.keeps(digits)
    swapped = digits.copy()
    swapped[2], swapped[3] = 3, 7  # the cage of 10 no longer adds up
    assert not grid.rules.keeps(swapped)


@pytest.mark.parametrize("rules", [
    Rules(9, regions=REGIONS), Rules(9, diagonals=True),
    Rules(9, constraints=[Cage([0, 1], 3), Cage([2, 11, 20])]),
    Rules(9, regions=REGIONS, diagonals=True, constraints=[Cage([0, 1], 17)]),
    Rules(4, regions="AAABCABBCCDBCDDD"), Rules(6, constraints=[Cage([0, 6, 7], 6)]),
], ids=repr)
def test_ipuz_rules_round_trip(rules: Rules) -> None:
    n = rules.size
    grid = Grid.unchecked(tuple(0 for _ in range(n * n)), rules.shape, rules)
    text = F.dumps(grid, "ipuz")
    assert F.loads(text, "ipuz") == [grid]
    assert F.detect(text.encode()) == "ipuz"


@pytest.mark.parametrize("name", ["jigsaw.ipuz", "killer.ipuz"])
def test_a_solved_ipuz_with_rules_keeps_its_rules_and_bytes(name: str) -> None:
    text = (IPUZ / name).read_text()
    done = sudoku("solve", str(IPUZ / name))
    assert done.status == 0, done.stderr
    solved = json.loads(done.stdout)
    assert {k: v for k, v in solved.items() if k != "puzzle"} == {
        k: v for k, v in json.loads(text).items() if k != "puzzle"}
    out = done.stdout.decode() if isinstance(done.stdout, bytes) else done.stdout
    assert out.split('"puzzle"')[0] == text.split('"puzzle"')[0]  # the zones' bytes too
    assert solved["puzzle"] == json.loads(text)["solution"]


@pytest.mark.parametrize(("extra", "words"), [
    ({"showoperators": True}, '"showoperators" (calcudoku operators)'),
    ({"cages": [{"cells": [[1, 1], [2, 1]], "operator": "*", "value": 12}]},
     "the operator '*'"),
    ({"zones": [{"cells": [[i, i] for i in range(1, 10)]}]}, "one diagonal zone"),
    ({"zones": [{"rect": [[1, 1], [3, 3]]}]}, '"zones" beside the standard boxes'),
    ({"boxes": False}, '"boxes": false and no zones'),
])
def test_ipuz_rules_sudokit_cannot_hold_are_refused_by_name(extra: dict[str, object],
                                                             words: str) -> None:
    text = _ipuz(**extra)
    with pytest.raises(UnsupportedRulesError) as e:
        F.loads(text, "ipuz")
    assert words in str(e.value)
    done = sudoku("solve", "-", "--from", "ipuz", stdin=text.encode())
    assert done.status == 2
    assert done.stderr.count("\n") == 1 and words in done.stderr


def _ipuz(**extra: object) -> str:
    rows = [[int(ch) if ch != "." else 0 for ch in PUZZLE[r * 9:r * 9 + 9]] for r in range(9)]
    head = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku#1"], **extra}
    return ("{\n" + "".join(f'  "{k}": {json.dumps(v)},\n' for k, v in head.items())
            + f'  "puzzle": {json.dumps(rows)}\n}}\n')


@pytest.mark.parametrize(("extra", "words", "line"), [
    ({"cages": [{"cells": [[10, 1]], "value": 5}]}, "[10, 1] is outside the 9x9 grid", 4),
    ({"cages": [{"cells": [[1, 1], [1, 1]], "value": 5}]}, "a cell twice", 4),
    ({"boxes": False, "zones": [{"rect": [[1, r], [9, r]]} for r in (1, 1, 2, 3, 4, 5, 6,
                                                                     7, 8)]},
     "r1c1 is in two regions", 5),
    ({"boxes": False, "zones": [{"rect": [[1, r], [9, r]]} for r in range(1, 9)]},
     "r9c1 is in no zone", 5),
    ({"cages": [{"cells": [[1, 1], [2, 1]], "value": 40}]}, "add up to 40", 4),
])
def test_bad_ipuz_groups_are_one_error_naming_file_and_line(
        tmp_path: Path, extra: dict[str, object], words: str, line: int) -> None:
    path = tmp_path / "bad.ipuz"
    path.write_text(_ipuz(**extra))
    with pytest.raises(SudokuError) as e:
        F.load(path)
    assert words in str(e.value)
    done = sudoku("solve", str(path))
    assert done.status == 2
    assert done.stderr.count("\n") == 1
    assert f"bad.ipuz, line {line}:" in done.stderr and words in done.stderr


def test_ipuz_refuses_to_write_rules_it_cannot_hold() -> None:
    rules = Rules(9, constraints=[Thermo([0, 1, 2])])
    grid = Grid.unchecked((0,) * 81, rules.shape, rules)
    with pytest.raises(UnsupportedRulesError, match="thermo"):
        F.dumps(grid, "ipuz")
    repeat = Rules(9, constraints=[Cage([0, 1, 2], 6, repeat=True)])
    with pytest.raises(UnsupportedRulesError, match="repeat"):
        F.dumps(Grid.unchecked((0,) * 81, repeat.shape, repeat), "ipuz")


# -- a jigsaw file found by its content ---------------------------------------------------


def _jigsaw_text() -> str:
    jigsaw = Rules(9, regions=REGIONS)
    (grid,) = F.load(IPUZ / "jigsaw.ipuz")
    return F.dumps(Grid.unchecked(grid.cells, jigsaw.shape, jigsaw), "jigsaw")


@pytest.mark.parametrize("gap", ["\n\n", "\n"])
def test_a_jigsaw_file_without_its_extension_is_found_by_its_content(
        tmp_path: Path, gap: str) -> None:
    clues, regions = _jigsaw_text().split("\n\n")
    text = "# rooms\n" + clues + gap + regions
    assert F.detect(text.encode()) == "jigsaw"
    path = tmp_path / "rooms.txt"
    path.write_text(text)
    (grid,) = F.load(path)
    assert grid.rules == Rules(9, regions=REGIONS)
    done = sudoku("convert", str(path), "--to", "ipuz")
    assert done.status == 0, done.stderr
    assert F.loads(done.stdout, "ipuz")[0].rules == grid.rules


def test_a_jigsaw_file_with_numbered_regions_is_found_by_its_content() -> None:
    data = (Path(TEST_DATA) / "variants" / "jigsaw.txt").read_bytes()
    assert F.detect(data) == "jigsaw"
    (grid,) = F.loads(data)
    assert grid.rules == Rules(9, regions=REGIONS)


def test_two_puzzles_are_never_read_as_a_jigsaw() -> None:
    rows = [PUZZLE[r * 9:r * 9 + 9] for r in range(9)]
    solved = [SOLUTION[r * 9:r * 9 + 9] for r in range(9)]
    for second in (solved, rows):
        text = "\n".join(rows) + "\n\n" + "\n".join(second) + "\n"
        assert F.detect(text.encode()) != "jigsaw"
        assert len(F.loads(text)) == 2
