"""The JSON API of ``sudoku serve`` on variant puzzles: every call that takes a puzzle takes
its rules (``variant``, ``regions``, ``odd``/``even``, or a link that holds them), solves and
checks under them, gives them back for a page to draw, and refuses a bad rule in one line."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from sudokit import formats  # noqa: E402
from sudokit.web import Limits, create_app  # noqa: E402
from support.files import TEST_DATA  # noqa: E402

JIGSAW_REGIONS = "ABCCCCCCCABCCDDDDDABBBEDDFDAGBBEEDFFAGBBEEEEFAGGGHIEEFAGHHHIIFFAGGHHHIFFAGHHIIIII"
ODD = [3, 5, 7, 9, 10, 21, 22, 29, 34, 48, 52, 59, 64, 71, 75, 77]
EVEN = [4, 13, 16, 20, 25, 35, 45, 46, 57, 60, 74]

#: A puzzle of each preset with one solution under its rules, and the fields that say them.
PUZZLES = {
    "x": ("....85.7.19..4......61...4...2......7........3..5...1......14........3.1...7.9...",
          {"variant": "x"}),
    "windoku": ("....35...13..........2...6...1.....9.........3..1...5..6..824...4....3.6...7.6...",
                {"variant": "windoku"}),
    "anti-king": ("....38.7.13..4.......5...2...4......6........51.4...3......94..........8..37."
                  "4...", {"variant": "anti-king"}),
    "anti-knight": ("....68.3.43..2.......5...2...6.....2.........85.2...1......54..........5..57."
                    "1...", {"variant": "anti-knight"}),
    "non-consecutive": ("...1.3.47....49.2.....26..1.7..52816.1..7..53..361.4..5....1.92.9...51.4.6"
                        "...7.3.", {"variant": "non-consecutive"}),
    "disjoint": ("....86.9.59..3......41...2...9.....7.........6..4.1.5....3..4...2..........7.2"
                 "...", {"variant": "disjoint"}),
    "centre-dot": ("....29.7..97.6......61...4...3.....2.....4...81.2...3......64..........7....1"
                   "8...", {"variant": "centre-dot"}),
    "jigsaw": (".2.3...848.9.6.51....5.7.49.....18..7...436..14..3295..9.6.8.3..82...3672.4.59."
               "..", {"regions": JIGSAW_REGIONS}),
    "even-odd": (".....9176.9.64..2.....78....19.8.75.7.......9..5....3.2..8....1....94...94....."
                 "6.", {"odd": ODD, "even": EVEN}),
    "x+anti-knight": (".....962.2.4.1......9.8..1.6.2..5.......6...237.1...4......84..........8..."
                      "47....", {"variant": "x+anti-knight"}),
}

KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KING = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(workers=1))) as c:
        yield c


def post(client, name, body, status=200):
    r = client.post(f"/api/{name}", json=body)
    assert r.status_code == status, r.text
    return r.json()


# -- a plain statement of each preset's rules, to check answers against ------------------------
def groups(name: str) -> list[list[int]]:
    """Every set of cells whose digits must differ, for the presets of ``name``."""
    out = [[r * 9 + c for c in range(9)] for r in range(9)]
    out += [[r * 9 + c for r in range(9)] for c in range(9)]
    if name == "jigsaw":
        out += [[i for i, s in enumerate(JIGSAW_REGIONS) if s == k] for k in set(JIGSAW_REGIONS)]
    else:
        out += [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)]
                for b in range(9)]
    parts = name.split("+")
    if "x" in parts:
        out += [[i * 10 for i in range(9)], [i * 8 + 8 for i in range(9)]]
    if "windoku" in parts:
        out += [[(r0 + r) * 9 + c0 + c for r in range(3) for c in range(3)]
                for r0 in (1, 5) for c0 in (1, 5)]
    if "disjoint" in parts:
        out += [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for b in range(9)]
                for i in range(9)]
    if "centre-dot" in parts:
        out += [[(b // 3 * 3 + 1) * 9 + b % 3 * 3 + 1 for b in range(9)]]
    for moves, preset in ((KNIGHT, "anti-knight"), (KING, "anti-king")):
        if preset in parts:
            out += [[r * 9 + c, (r + dr) * 9 + c + dc] for r in range(9) for c in range(9)
                    for dr, dc in moves if 0 <= r + dr < 9 and 0 <= c + dc < 9]
    return out


def keeps_rules(name: str, line: str, puzzle: str) -> bool:
    """Is ``line`` a full grid that keeps the givens of ``puzzle`` and every rule of
    ``name``?"""
    v = [int(ch) for ch in line]
    if any(p != "." and int(p) != d for p, d in zip(puzzle, v, strict=True)):
        return False
    if any(len({v[c] for c in g}) != len(g) for g in groups(name)):
        return False
    if name == "non-consecutive" and any(
            abs(v[i] - v[i + step]) == 1 for i in range(81) for step in (1, 9)
            if i + step < 81 and (step == 9 or i % 9 < 8)):
        return False
    broken_parity = any(v[c] % 2 == 0 for c in ODD) or any(v[c] % 2 for c in EVEN)
    return not (name == "even-odd" and broken_parity)


# -- solve and check under each preset ---------------------------------------------------------
@pytest.mark.parametrize("name", list(PUZZLES))
def test_solve_and_check_honour_each_preset(client, pure, name):
    puzzle, fields = PUZZLES[name]
    data = post(client, "solve", {"puzzle": puzzle, **fields})
    assert data["status"] == "solved" and data["unique"]
    assert keeps_rules(name, data["solution"], puzzle)
    rules = data["rules"]
    assert rules["variant"] == name
    checked = post(client, "check", {"puzzle": puzzle, **fields, "grid": data["solution"]})
    assert checked["unique"] and checked["progress"]["message"] == "solved!"
    assert checked["rules"] == rules


def test_the_rules_come_back_to_be_drawn(client):
    rules = post(client, "solve", {"puzzle": PUZZLES["jigsaw"][0],
                                   "regions": JIGSAW_REGIONS})["rules"]
    # a region number per cell, cells of one symbol in one region
    assert len(rules["regions"]) == 81
    assert all((rules["regions"][a] == rules["regions"][b]) ==
               (JIGSAW_REGIONS[a] == JIGSAW_REGIONS[b]) for a in range(81) for b in range(81))
    x = post(client, "solve", {"puzzle": PUZZLES["x+anti-knight"][0],
                               "variant": "x+anti-knight"})["rules"]
    assert x["regions"] is None
    assert [h["cells"] for h in x["houses"]] == [[i * 10 for i in range(9)],
                                                 [i * 8 + 8 for i in range(9)]]
    # (pairs that share a house are the houses' to keep apart)
    assert [2, 13] in x["differ"] and [2, 21] in x["differ"] and [2, 12] not in x["differ"]
    assert x["unmarked"] == ["Anti-knight: cells a knight's move apart differ"]
    assert len(x["lines"]) == 2
    parity = post(client, "solve", {"puzzle": PUZZLES["even-odd"][0], "odd": ODD,
                                    "even": EVEN})["rules"]
    assert (parity["odd"], parity["even"]) == (ODD, EVEN)


def test_a_classic_answer_has_no_rules(client):
    data = post(client, "solve", {"puzzle": PUZZLES["x"][0]})
    assert "rules" not in data
    assert not data["unique"]  # without its diagonals the X puzzle has other solutions


def test_check_names_a_knights_move_repeat(client):
    # 1 at r1c3 and r2c5: a knight's move apart, in no house together
    puzzle = "..1" + "." * 10 + "1" + "." * 67
    data = post(client, "check", {"puzzle": puzzle, "variant": "anti-knight"})
    assert data["message"] == "digit 1 appears twice in cells a knight's move apart (r1c3, r2c5)"
    assert post(client, "check", {"puzzle": puzzle})["conflicts"] == []


def test_check_of_a_broken_parity_says_which_rule(client):
    puzzle = "2" + "." * 80
    data = post(client, "check", {"puzzle": puzzle, "odd": [0]})
    assert data["message"] == "digit 2 stands in an odd cell (r1c1)"


def test_count_and_convert_keep_the_rules(client):
    puzzle, fields = PUZZLES["anti-knight"]
    assert post(client, "count", {"puzzle": puzzle, **fields})["count"] == 1
    converted = post(client, "convert", {"puzzle": puzzle, **fields})
    assert converted["rules"]["variant"] == "anti-knight"
    assert converted["cells"][4:6] == [6, 8]


def test_a_link_brings_its_rules(client):
    if "fpuzzles" not in formats.FORMATS:
        pytest.skip("this version reads no f-puzzles links")
    link = [line for line in (TEST_DATA / "variants" / "links.txt").read_text().splitlines()
            if line.startswith("http")][0]
    data = post(client, "convert", {"puzzle": link})
    assert data["rules"]["variant"] == "x"
    solved = post(client, "solve", {"puzzle": link})
    givens = "".join(str(v) if v else "." for v in data["cells"])
    assert solved["unique"] and keeps_rules("x", solved["solution"], givens)


# -- the logic and the maker on variants -------------------------------------------------------
def test_hint_explain_and_rate_honour_the_rules_or_say_they_cannot(client):
    puzzle, fields = PUZZLES["x"]
    r = client.post("/api/hint", json={"puzzle": puzzle, **fields})
    if r.status_code == 422:  # a logic solver that knows the classic rules only
        assert r.json()["error"] == "hints for X 9x9 puzzles are not available yet"
        return
    assert r.status_code == 200, r.text
    solution = post(client, "solve", {"puzzle": puzzle, **fields})["solution"]
    step = r.json()["step"]
    for p in step["placements"]:  # every placement is the solution's digit
        row, col = (int(x) for x in p["cell"][1:].split("c"))
        assert int(solution[(row - 1) * 9 + col - 1]) == p["digit"]
    explained = post(client, "explain", {"puzzle": puzzle, **fields, "guess": True})
    assert explained["solved"] and explained["rules"]["variant"] == "x"
    assert explained["solutions"] == 1  # under the rules: classic, it would be several
    assert post(client, "rate", {"puzzle": puzzle, **fields})["solutions"] == 1


def test_a_wrong_digit_on_a_variant_board_is_pointed_out(client):
    puzzle, fields = PUZZLES["anti-knight"]
    solution = post(client, "solve", {"puzzle": puzzle, **fields})["solution"]
    blank = puzzle.index(".")
    wrong = str(int(solution[blank]) % 9 + 1)
    grid = puzzle[:blank] + wrong + puzzle[blank + 1:]
    r = client.post("/api/hint", json={"puzzle": puzzle, **fields, "grid": grid})
    if r.status_code == 422:
        pytest.skip(r.json()["error"])  # a logic solver that knows the classic rules only
    data = r.json()
    assert data["kind"] == "mistake" and data["cells"] == [f"r{blank // 9 + 1}c{blank % 9 + 1}"]


@pytest.mark.parametrize("name", ["x", "jigsaw", "anti-knight"])
def test_create_makes_a_variant_puzzle(client, name):
    r = client.post("/api/create", json={"variant": name, "seed": "7"})
    if r.status_code == 400 and "not available yet" in r.json()["error"]:
        pytest.skip(r.json()["error"])  # a maker of classic puzzles only
    assert r.status_code == 200, r.text
    made = r.json()
    rules = made["rules"]
    assert rules["variant"] == name
    fields = {"variant": name} if name != "jigsaw" else {
        "regions": "".join("ABCDEFGHI"[k] for k in rules["regions"])}
    solved = post(client, "solve", {"puzzle": made["puzzle"], **fields})
    assert solved["unique"] and keeps_rules(name, solved["solution"], made["puzzle"]) \
        if name != "jigsaw" else solved["unique"]


# -- bad rules: one line each -------------------------------------------------------------------
@pytest.mark.parametrize(("fields", "message"), [
    ({"variant": "x+anti-bishop"}, "'variant': unknown rules 'anti-bishop'"),
    ({"variant": "samurai"}, "'puzzle': line 1: samurai (5 overlapping 9x9 grids) is 21 lines"),
    ({"variant": "jigsaw"}, "'variant': jigsaw: the regions come with the puzzle"),
    ({"regions": "AB" * 40}, "'regions': regions: 80 cells given, a 9x9 grid has 81"),
    ({"regions": "A" * 81}, "'regions': regions: 1 regions, a 9x9 grid needs 9"),
    ({"odd": [0], "even": [0]}, "'odd', 'even': cell r1c1 cannot be both odd and even"),
    ({"odd": [81]}, "'odd': odd cells: 81 is not a cell of a 9x9 grid"),
    ({"odd": "r1c1"}, "'odd' must be a list of cell numbers"),
    ({"variant": 3}, "'variant' must be a string"),
])
def test_a_bad_rule_is_one_line(client, fields, message):
    for call in ("solve", "check", "hint"):
        error = post(client, call, {"puzzle": "." * 81, **fields}, status=400)["error"]
        assert error.startswith(message) and "\n" not in error


def test_a_variant_on_a_board_of_pencil_marks_is_refused(client):
    text = "123456789" * 81
    error = post(client, "solve", {"puzzle": text, "format": "candidates", "variant": "x"},
                 status=400)["error"]
    assert error.startswith("a board of pencil marks cannot take a variant's rules")


def test_create_refuses_a_variant_with_a_technique(client):
    error = post(client, "create", {"variant": "x", "technique": "x-wing"}, status=400)["error"]
    assert "'variant' or a 'technique', not both" in error


def test_the_listing_names_the_rule_fields(client):
    listing = client.get("/api").json()
    for call in listing["calls"]:
        names = {f["name"] for f in call["fields"]}
        if "puzzle" in names:
            assert {"variant", "regions", "odd", "even"} <= names, call["path"]


def test_a_hint_on_a_variant_board_takes_the_pencil_marks_into_account(client):
    puzzle, fields = PUZZLES["windoku"]
    digits = list(puzzle)
    for _ in range(81):  # a player taking each hint that places a digit
        r = client.post("/api/hint", json={"puzzle": puzzle, **fields, "grid": "".join(digits),
                                           "candidates": [0] * 81})
        if r.status_code == 422:
            pytest.skip(r.json()["error"])
        step = r.json()["step"]
        if not step["placements"]:
            break
        for p in step["placements"]:
            digits[cell(p["cell"])] = str(p["digit"])
    assert step["eliminations"] and not step["placements"]
    # the player strikes those candidates out (the others of each blank written in)
    struck = {(cell(e["cell"]), e["digit"]) for e in step["eliminations"]}
    masks = [0] * 81
    for c, d in struck:
        masks[c] = (masks[c] or 0x1FF) & ~(1 << (d - 1))
    hinted = post(client, "hint", {"puzzle": puzzle, **fields, "grid": "".join(digits),
                                   "candidates": masks})
    assert hinted["kind"] == "step"
    again = {(cell(e["cell"]), e["digit"]) for e in hinted["step"]["eliminations"]}
    assert not again & struck  # a candidate the player ruled out is not ruled out again


def test_a_step_names_the_houses_it_uses(client):
    puzzle, fields = PUZZLES["windoku"]
    explained = client.post("/api/explain", json={"puzzle": puzzle, **fields, "guess": True})
    if explained.status_code == 422:
        pytest.skip(explained.json()["error"])
    houses = [s["houses"] for s in explained.json()["steps"] if s["houses"]]
    assert houses and all(len(h) == 9 for hs in houses for h in hs)


def cell(name: str) -> int:
    row, col = name[1:].split("c")
    return (int(row) - 1) * 9 + int(col) - 1
