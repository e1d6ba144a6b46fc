"""``POST /api/hint`` on the board the player sees: the digits and the pencil marks, so that
a step applied (a placement or an elimination) is never hinted again, and pencil marks that
rule out a digit of the solution are pointed out."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from sudokit import Grid, solve  # noqa: E402
from sudokit.candidates import Candidates  # noqa: E402
from sudokit.web import Limits, create_app  # noqa: E402

#: needs Pointing after 16 singles, then pairs, a Skyscraper, chains and wings
POINTING = ".....6..1..6....3.7..1...46........7...3..852..1.48....832..17.1.4.9...3.......8."
SHAPE = Grid(POINTING).shape
SOLUTION = solve(Grid(POINTING)).cells  # type: ignore[union-attr]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(workers=1))) as c:
        yield c


def ask(client, body, status=200):
    r = client.post("/api/hint", json={"puzzle": POINTING, **body})
    assert r.status_code == status, r.text
    return r.json()


def line(cells: list[int]) -> str:
    return "".join(str(v) if v else "." for v in cells)


def apply(step: dict, digits: list[int], marks: list[int]) -> None:
    """Apply a step as the page does: a blank without marks stands for all its candidates."""
    for p in step["placements"]:
        cell = SHAPE.parse_cell(p["cell"])
        digits[cell], marks[cell] = p["digit"], 0
        for q in SHAPE.peers[cell]:
            marks[q] &= ~(1 << (p["digit"] - 1))
    every = Candidates.pencilmarks(Grid(line(digits))).masks
    for e in step["eliminations"]:
        cell = SHAPE.parse_cell(e["cell"])
        marks[cell] = (marks[cell] or every[cell]) & ~(1 << (e["digit"] - 1))


def test_hints_on_the_board_shown_go_on_past_eliminations_to_the_solution(client):
    digits, marks = list(Grid(POINTING).cells), [0] * 81
    seen: list[tuple] = []
    for _ in range(81 * 2):  # each hint places a digit or rules out a candidate
        data = ask(client, {"grid": line(digits), "candidates": marks})
        if data["kind"] != "step":
            break
        step = data["step"]
        told = (step["technique"], str(step["placements"]), str(step["eliminations"]))
        assert told not in seen, f"hinted again after it was applied: {told}"
        seen.append(told)
        apply(step, digits, marks)
    assert data == {**data, "kind": "none", "solved": True, "text": "solved: nothing left to do"}
    assert digits == list(SOLUTION)
    techniques = {t for t, _, _ in seen}
    assert {"Pointing", "Skyscraper"} <= techniques


def test_without_pencil_marks_the_board_is_every_candidate_of_the_digits(client):
    plain = ask(client, {"grid": POINTING})
    assert ask(client, {"grid": POINTING, "candidates": [0] * 81}) == plain
    # a placed digit's own entry is not read
    assert ask(client, {"candidates": [511 if v else 0 for v in Grid(POINTING).cells]}) == plain


def test_pencil_marks_that_leave_out_the_solution_digit_are_pointed_out(client):
    marks = [0] * 81
    r1c1 = SHAPE.parse_cell("r1c1")
    marks[r1c1] = ((1 << 9) - 1) & ~(1 << (SOLUTION[r1c1] - 1))
    data = ask(client, {"grid": POINTING, "candidates": marks})
    assert data["kind"] == "mistake"
    assert data["cells"] == ["r1c1"]
    assert data["text"] == "1 cell lacks the pencil mark of its digit: r1c1"


def test_a_blank_left_with_one_pencil_mark_is_hinted_before_the_board_counts_as_solved(client):
    digits = list(SOLUTION)
    marks = [0] * 81
    for name in ("r1c1", "r9c9"):  # blanks whose one mark no other cell holds
        cell = SHAPE.parse_cell(name)
        marks[cell], digits[cell] = 1 << (digits[cell] - 1), 0
    data = ask(client, {"grid": line(digits), "candidates": marks})
    assert (data["kind"], data["solved"]) == ("step", False)
    assert data["step"]["technique"] == "Naked Single"
    assert data["step"]["placements"] == [{"cell": "r1c1", "digit": SOLUTION[0]}]


@pytest.mark.parametrize(("candidates", "error"), [
    ("1,2,3", "'candidates' must be a list of 81 candidate masks, one per cell, got str"),
    ([0] * 80, "'candidates' must be a list of 81 candidate masks, one per cell, got 80 "
               "entries"),
    ([0] * 80 + [512], "'candidates' at r9c9: 512 is not a candidate mask (a whole number from "
                       "0 to 511)"),
    ([-1] + [0] * 80, "'candidates' at r1c1: -1 is not a candidate mask (a whole number from "
                      "0 to 511)"),
    ([True] + [0] * 80, "'candidates' at r1c1: true is not a candidate mask (a whole number "
                        "from 0 to 511)"),
    ([0, "12"] + [0] * 79, "'candidates' at r1c2: \"12\" is not a candidate mask (a whole "
                           "number from 0 to 511)"),
    ([0, 1.5] + [0] * 79, "'candidates' at r1c2: 1.5 is not a candidate mask (a whole number "
                          "from 0 to 511)"),
])
def test_malformed_pencil_marks_are_refused_with_one_line(client, candidates, error):
    assert ask(client, {"candidates": candidates}, status=400) == {"error": error}


def test_the_listing_names_the_candidates_field(client):
    hint = next(c for c in client.get("/api").json()["calls"] if c["path"] == "/api/hint")
    assert "candidates" in [f["name"] for f in hint["fields"]]
