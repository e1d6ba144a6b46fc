"""The JSON API of ``sudoku serve`` on puzzles with cages, lines, dots and signs: the rules
come back with every constraint as ``{"kind", ...its parameters by name}`` (the same JSON
for any kind, read back as it was written), a page sends them back in ``constraints``, a
finished grid is judged by the rules (the rule it breaks said in words, the cells of what it
breaks listed) even where the search cannot solve such rules yet, a kind sudokit does not
know is refused by name, and a hint either helps or says it cannot."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from sudokit import Grid, Rules  # noqa: E402
from sudokit.constraints import (  # noqa: E402
    XV,
    Arrow,
    Between,
    Cage,
    Constraint,
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
from sudokit.web import Limits, create_app  # noqa: E402

#: A solution, and the same grid with its 1s and 2s swapped: still a sudoku, but it breaks
#: every cage, line, dot or sign that holds one of the two without the other.
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
SWAPPED = SOLUTION.translate(str.maketrans("12", "21"))
DIGITS = [int(ch) for ch in SOLUTION]
#: Givens of the solution that are neither 1 nor 2 (so the swapped grid keeps them too).
KILLER_GIVENS = "." * 27 + "8...6...34..8.3...7.......6.6.....8....4.9..5....8..79"
MIXED_GIVENS = "53..7....6...95....98....6.8...6...34..8.3...7.......6.6.....8....4.9..5....8..79"


def cage(*cells: int) -> dict[str, object]:
    return {"kind": "Cage", "cells": list(cells), "total": sum(DIGITS[c] for c in cells),
            "repeat": False}


#: Cages over the top three rows and a few below, their totals those of the solution: with
#: the givens, one solution (as the plain reference of the tests' support finds).
KILLER = [cage(0, 1, 9), cage(2, 10, 11), cage(18, 19, 20), cage(3, 4), cage(5, 14),
          cage(12, 13, 21), cage(22, 23), cage(6, 7, 8), cage(15, 16), cage(17, 26),
          cage(24, 25), cage(27, 28, 36, 37), cage(30, 31), cage(54, 55), cage(48, 49),
          cage(33, 42), cage(56, 65)]
#: Two thermometers, two arrows and kropki dots that the solution keeps.
MIXED = [
    {"kind": "Thermo", "line": [1, 2, 3, 4, 5, 13], "slow": False},
    {"kind": "Thermo", "line": [7, 8, 17], "slow": False},
    {"kind": "Arrow", "circle": [40], "line": [49, 58]},
    {"kind": "Arrow", "circle": [48], "line": [57, 66]},
    {"kind": "Kropki", "a": 64, "b": 65, "colour": "white"},
    {"kind": "Kropki", "a": 69, "b": 70, "colour": "black"},
    {"kind": "Kropki", "a": 61, "b": 62, "colour": "black"},
    {"kind": "Kropki", "a": 72, "b": 73, "colour": "white"},
    {"kind": "Kropki", "a": 66, "b": 75, "colour": "black"},
]
#: One of each kind, to be drawn (not a puzzle to solve).
EVERY_KIND: list[Constraint] = [
    Cage((0, 1, 9), 14), Thermo((28, 29, 30, 31)), Arrow((40,), (49, 58)),
    Whisper((60, 61, 62)), Renban((63, 64, 65)), Palindrome((72, 73, 74, 75)),
    Between((30, 31, 32, 33)), RegionSum((44, 53, 52, 51)), Entropic((76, 77, 78, 79)),
    Kropki(66, 67, "white"), Kropki(68, 69, "black"), XV(70, 71, 10), XV(46, 47, 5),
    GreaterThan(55, 56), LittleKiller((1, 11, 21, 31, 41, 51, 61, 71), 40),
    Sandwich("row", 3, 12), Sandwich("col", 6, 5), Thermo((22, 23), slow=True),
    Arrow((34, 35), (44, 43)), Cage((79, 80), repeat=True),
]


def rules_of(items: list[dict[str, object]]) -> Rules:
    from sudokit.web.drawn import from_json

    return Rules(9, constraints=[from_json(item) for item in items])


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(workers=1))) as c:
        yield c


def post(client, name, body, status=200):
    r = client.post(f"/api/{name}", json=body)
    assert r.status_code == status, r.text
    return r.json()


def test_every_kind_travels_as_json_and_comes_back_the_same(client):
    from sudokit.web.drawn import KINDS, from_json, to_json

    # one home for every kind: each class of sudokit.constraints, none left out
    assert set(KINDS) == {type(c).__name__ for c in EVERY_KIND}
    for item in EVERY_KIND:
        assert from_json(to_json(item)) == item
    sent = [to_json(c) for c in EVERY_KIND]
    data = post(client, "check", {"puzzle": "." * 81, "constraints": sent})
    back = data["rules"]["constraints"]
    assert Rules(9, constraints=[from_json(c) for c in back]) == Rules(9, constraints=EVERY_KIND)
    assert back[0] == {"kind": "Arrow", "circle": [34, 35], "line": [44, 43]}
    assert {"kind": "Cage", "cells": [79, 80], "total": None, "repeat": True} in back
    assert {"kind": "GreaterThan", "big": 55, "small": 56} in back
    # the cells whose digits differ though they fill no house: the cages and renban lines
    assert sorted(data["rules"]["groups"]) == [[0, 1, 9], [63, 64, 65]]
    assert data["rules"]["variant"].startswith("killer+little-killer+thermo+arrow")


def test_every_dot_given_travels_both_ways(client):
    body = {"puzzle": "." * 81, "constraints": MIXED, "all_dots": True}
    rules = post(client, "check", body)["rules"]
    assert (rules["all_dots"], rules["all_xv"]) == (True, False)


def test_a_finished_grid_is_judged_by_its_cages(client, pure):
    rules = rules_of(KILLER)
    expected = rules.broken([int(ch) for ch in SWAPPED])
    assert expected is not None and "cage" in expected
    for grid, broken in ((SOLUTION, None), (SWAPPED, expected)):
        data = post(client, "check", {"puzzle": KILLER_GIVENS, "constraints": KILLER,
                                      "variant": "killer", "grid": grid})
        progress = data["progress"]
        assert progress["broken"] == broken
        if broken is None:
            assert progress["message"] == "solved!"
        else:  # in the rules' words, or as the digits that differ from the one solution
            assert progress["message"] == f"not solved: {broken}" or progress["wrong"]
    cells = post(client, "check", {"puzzle": KILLER_GIVENS, "constraints": KILLER,
                                   "grid": SWAPPED})["progress"]["broken_cells"]
    # every cage that holds a 1 or a 2 but not both: its cells, by name
    shape = Grid(SOLUTION).shape
    kept = rules_of(KILLER).constraints
    assert cells == sorted((shape.cell_name(c) for k in kept
                            if not k.holds([int(ch) for ch in SWAPPED], 9) for c in k.cells),
                           key=shape.parse_cell)
    assert "r1c3" in cells and "r1c7" not in cells  # r1c7-r1c9 hold 9, 1, 2: kept


def test_a_finished_grid_is_judged_by_its_lines_and_dots(client):
    rules = rules_of(MIXED)
    assert rules.keeps(DIGITS)
    data = post(client, "check", {"puzzle": MIXED_GIVENS, "constraints": MIXED,
                                  "grid": SWAPPED})
    assert data["progress"]["broken"] == rules.broken([int(ch) for ch in SWAPPED])
    assert data["progress"]["broken"] == "the arrow from r5c5 is not kept"
    # unfinished: nothing judged yet
    unfinished = "." + SWAPPED[1:]
    assert "broken" not in post(client, "check", {"puzzle": MIXED_GIVENS, "constraints": MIXED,
                                                  "grid": unfinished})["progress"]


def test_a_puzzle_with_constraints_is_checked_or_said_to_be_undecided(client, pure):
    data = post(client, "check", {"puzzle": KILLER_GIVENS, "constraints": KILLER})
    if not data["complete"]:  # the search cannot solve such rules yet: said, not guessed
        assert data["message"] == "solving killer 9x9 puzzles is not supported yet"
    else:
        assert (data["solutions"], data["unique"]) == (1, True)


@pytest.mark.parametrize(("item", "says"), [
    ({"kind": "Zipper", "line": [0, 1]}, "'constraints' item 1: unknown kind of constraint "
                                         "'Zipper': known are Cage,"),
    ({"cells": [0, 1]}, "unknown kind of constraint None"),
    ({"kind": "Cage", "cells": [0, 1], "total": 30}, "item 1: the cage at r1c1: no 2 digits"),
    ({"kind": "Thermo", "line": [0, 2]}, "r1c1 and r1c3 are next on the line but do not touch"),
    ({"kind": "Cage", "cels": [0, 1]}, "item 1: Cage: "),
    ("Cage", "a constraint is an object"),
])
def test_a_bad_constraint_is_refused_in_one_line(client, item, says):
    error = post(client, "check", {"puzzle": "." * 81, "constraints": [item]}, 400)["error"]
    assert says in error and "\n" not in error


def test_constraints_must_be_a_list_and_the_flags_true_or_false(client):
    assert "'constraints' must be a list" in post(
        client, "solve", {"puzzle": "." * 81, "constraints": {"kind": "Cage"}}, 400)["error"]
    assert "'all_dots' must be true or false" in post(
        client, "solve", {"puzzle": "." * 81, "all_dots": "yes"}, 400)["error"]


def test_a_hint_on_a_killer_helps_or_says_it_cannot(client):
    r = client.post("/api/hint", json={"puzzle": KILLER_GIVENS, "constraints": KILLER})
    if r.status_code != 200:
        assert r.status_code == 422
        assert r.json()["error"] == "hints for killer 9x9 puzzles are not available yet"
        return
    data = r.json()
    assert data["kind"] in ("step", "mistake", "none")
    for placement in (data["step"] or {}).get("placements", []):  # a step keeps the solution
        cell = Grid(SOLUTION).shape.parse_cell(placement["cell"])
        assert placement["digit"] == DIGITS[cell]
