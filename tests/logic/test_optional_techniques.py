"""Techniques outside the default ladder (Franken and mutant fish, aligned triple exclusion):
named with ``--techniques`` they join the ladder in their place; ``rate --scale`` and the help
list them as not in the default ladder."""

from __future__ import annotations

import json
import re

from sudokit import Grid, formats
from sudokit.candidates import Candidates
from sudokit.cli._ladder import OPTIONAL_KEYS
from sudokit.logic import solve_path
from sudokit.logic.select import ORDER, choose, keys_of, place_of
from sudokit.logic.techniques import BY_KEY, LADDER, OPTIONAL
from support.clirunner import sudoku, sudoku_process

#: a top1465 puzzle whose path, with the Franken fish allowed, takes a Franken Swordfish
FRANKEN_PUZZLE = ".......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4.........."
ALL_OPTIONAL = ",".join(t.key for t in OPTIONAL)


def _help_text(command: str) -> str:
    out = sudoku_process(command, "--help").stdout.decode()
    return re.sub(r"\s+", " ", re.sub(r"-\n\s+", "-", out))


def test_the_default_ladder_leaves_the_optional_techniques_out() -> None:
    assert not set(OPTIONAL) & set(LADDER)
    assert choose() == LADDER
    assert all(BY_KEY[t.key] is t for t in OPTIONAL)
    # a level word stands for the default ladder's techniques of the level only
    assert not {t.key for t in OPTIONAL} & set(keys_of("expert"))
    assert keys_of("default") == [t.key for t in LADDER]


def test_a_named_optional_technique_takes_its_place_by_score() -> None:
    keys = [t.key for t in choose(f"default,{ALL_OPTIONAL}")]
    assert [k for k in keys if k not in ALL_OPTIONAL.split(",")] == [t.key for t in LADDER]
    for tech in OPTIONAL:
        at = keys.index(tech.key)
        before = [BY_KEY[k] for k in keys[:at] if BY_KEY[k] in LADDER]
        after = [BY_KEY[k] for k in keys[at + 1:] if BY_KEY[k] in LADDER]
        # before the first of the ladder's techniques of a higher level, or of its level
        # scoring more: nothing of its level before it scores more
        assert all(t.level < tech.level or t.score <= tech.score for t in before)
        first = after[0]
        assert first.level > tech.level or first.score > tech.score
        assert place_of(tech) == before[-1].key
    assert keys[keys.index("franken-fish") - 2: keys.index("franken-fish") + 1] == [
        "aligned-pair-exclusion", "vwxyz-wing", "franken-fish"]
    # by name, alone, or left out again
    assert [t.key for t in choose("Franken Fish")] == ["franken-fish"]
    assert "franken-fish" not in {t.key for t in choose("default,franken-fish",
                                                        exclude="franken-fish")}
    assert len(ORDER) == len(LADDER) + len(OPTIONAL)


def test_the_help_and_the_scale_list_them_as_not_in_the_default_ladder() -> None:
    assert tuple(t.key for t in OPTIONAL) == OPTIONAL_KEYS
    for command in ("hint", "explain", "rate", "create"):
        text = _help_text(command)
        assert "Not in the default ladder" in text, command
        assert all(key in text for key in OPTIONAL_KEYS), command
    out = sudoku("rate", "--scale")
    assert out.status == 0
    tail = out.out.split("not in the default ladder", 1)[1]
    for tech in OPTIONAL:
        assert tech.name in tail and tech.name not in out.out.split("not in the default")[0]
    assert "Franken Fish               expert     6.3    350  (after aligned-pair-exclusion)" \
        in tail
    data = json.loads(sudoku("rate", "--scale", "--json").out)
    assert [row["key"] for row in data["optional"]] == list(OPTIONAL_KEYS)
    assert {row["key"] for row in data["techniques"]}.isdisjoint(OPTIONAL_KEYS)
    assert data["optional"][0]["after"] == "aligned-pair-exclusion"


def test_explain_and_rate_use_a_named_optional_technique() -> None:
    stdin = (FRANKEN_PUZZLE + "\n").encode()
    plain = json.loads(sudoku("explain", "--json", stdin=stdin).out)
    assert "franken-fish" not in {s["key"] for s in plain["steps"]}
    out = sudoku("explain", "--json", "--techniques", "default,franken-fish", stdin=stdin)
    assert out.status == 0
    steps = json.loads(out.out)["steps"]
    franken = [s for s in steps if s["key"] == "franken-fish"]
    assert franken and franken[0]["technique"] == "Franken Swordfish"
    # the Franken fish alone: its step is the first elimination (ED), singles are not there
    rated = sudoku("rate", "--techniques", "franken-fish", stdin=stdin)
    assert rated.status == 0 and rated.out.endswith("ED=11.0/11.0/6.3\n")


def test_hint_names_the_optional_technique_on_the_board_that_needs_it() -> None:
    puzzle = Grid(FRANKEN_PUZZLE)
    board = Candidates.pencilmarks(puzzle)
    for step in solve_path(puzzle, techniques=choose("default,franken-fish")).steps:
        if step.key == "franken-fish":
            break
        board = step.apply(board)
    stdin = formats.dumps([board], "candidates").encode()
    out = sudoku("hint", "--techniques", "default,franken-fish", "--level", "technique",
                 stdin=stdin)
    assert out.status == 0 and "Franken Swordfish" in out.out
    default = sudoku("hint", "--level", "technique", stdin=stdin)
    assert default.status == 0 and "Franken" not in default.out


def test_an_unknown_name_lists_the_optional_techniques_too() -> None:
    out = sudoku("rate", "--techniques", "frankenfishz", stdin=(FRANKEN_PUZZLE + "\n").encode())
    assert out.status == 2 and out.stderr.count("\n") == 1
    assert "did you mean franken-fish," in out.stderr and "rate --scale" in out.stderr
    scale = sudoku("rate", "--scale").out
    assert "franken-fish" in scale.lower().replace(" ", "-")
