"""``POST /api/create`` with a technique: the same puzzle ``sudoku create --technique`` makes
(the library's ``generate_for``), the options checked with a one-line 400, and the work bounded
by tries and by the server's time limit."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from sudokit.generator.targeted import SIMPLE_SET, SINGLES, generate_for  # noqa: E402
from sudokit.web import Limits, api, create_app  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(workers=1))) as c:
        yield c


def post(client, body, status=200):
    r = client.post("/api/create", json=body)
    assert r.status_code == status, r.text
    return r.json()


def path_keys(client, puzzle: str) -> list[str]:
    r = client.post("/api/explain", json={"puzzle": puzzle})
    assert r.status_code == 200, r.text
    return [step["key"] for step in r.json()["steps"]]


def test_a_puzzle_made_for_a_technique_is_the_librarys(client):
    data = post(client, {"technique": "x-wing", "seed": "drill 1"})
    made = generate_for("x-wing", seed="drill 1", tries=api.TECHNIQUE_TRIES)
    assert data["puzzle"] == made.puzzle.to_line()
    assert (data["size"], data["box"], data["seed"]) == (9, [3, 3], "drill 1")
    assert data["technique"] == "X-Wing" and data["cleanness"] == 0
    assert data["difficulty"] == made.rating.level and data["score"] == made.rating.score
    assert post(client, {"technique": "X-Wing", "seed": "drill 1"}) == data
    # its path needs the X-Wing
    assert "x-wing" in path_keys(client, data["puzzle"])


def test_a_technique_off_the_default_ladder_can_be_asked_for(client):
    data = post(client, {"technique": "franken-fish", "seed": "1"})
    made = generate_for("franken-fish", seed="1", tries=api.TECHNIQUE_TRIES)
    assert data["puzzle"] == made.puzzle.to_line() and made.step.key == "franken-fish"
    assert data["technique"] == made.step.technique


def test_cleanness_keeps_the_other_steps_plain(client):
    data = post(client, {"technique": "xy-wing", "cleanness": 3, "seed": "5"})
    assert data["technique"] == "XY-Wing" and data["cleanness"] == 3
    keys = path_keys(client, data["puzzle"])
    assert "xy-wing" in keys and set(keys) <= SINGLES | {"xy-wing"}
    data = post(client, {"technique": "xy-wing", "cleanness": 1, "seed": "five"})
    assert set(path_keys(client, data["puzzle"])) <= SIMPLE_SET | {"xy-wing"}


@pytest.mark.parametrize(("body", "message"), [
    ({"technique": "x-wingz"}, "unknown technique 'x-wingz'"),
    ({"technique": "singles"}, "singles are in every puzzle"),
    ({"technique": "x-wing", "cleanness": 4}, "'cleanness' must be from 0 to 3, got 4"),
    ({"technique": "x-wing", "cleanness": "3"}, "'cleanness' must be a number"),
    ({"cleanness": 2}, "'cleanness' goes with 'technique'"),
    ({"technique": "x-wing", "size": 6}, "a puzzle made for a technique is 9x9, not 6x6"),
    ({"technique": "x-wing", "difficulty": "hard"}, "a 'difficulty' or a 'technique', not both"),
    ({"technique": "x-wing", "symmetry": "rot180"}, "has no 'symmetry' to choose"),
    ({"technique": 3}, "'technique' must be a string, got int"),
    ({"technique": "x" * 201}, "'technique' is longer than 200 characters"),
])
def test_bad_options_get_one_line_and_400(client, body, message):
    error = post(client, body, 400)["error"]
    assert message in error and "\n" not in error


def test_the_tries_end_a_search_that_finds_nothing(client, monkeypatch):
    monkeypatch.setattr(api, "TECHNIQUE_TRIES", 1)
    error = post(client, {"technique": "jellyfish", "cleanness": 3, "seed": "1"}, 400)["error"]
    assert error.startswith("gave up: no puzzle for jellyfish (cleanness 3) in 1 tries")
    assert "--tries" not in error


def test_the_time_limit_ends_a_long_search():
    with TestClient(create_app(Limits(workers=1, create_time_limit=0.2))) as c:
        r = c.post("/api/create", json={"technique": "nested-forcing-chain", "seed": "2"})
        assert r.status_code == 422
        assert r.json()["error"] == ("create took longer than this server's limit of 0.2 "
                                     "seconds and was stopped")
        # the server goes on answering
        assert c.post("/api/solve", json={"puzzle": "." * 16}).status_code == 200


def test_the_listing_names_the_techniques_a_puzzle_can_be_made_for(client):
    listing = client.get("/api").json()
    keys = [t["key"] for t in listing["techniques"]]
    assert "x-wing" in keys and "aic" in keys
    assert not set(keys) & SINGLES
    assert keys.index("x-wing") < keys.index("xy-wing") < keys.index("aic")
    optional = {t["key"] for t in listing["techniques"] if t["optional"]}
    assert "franken-fish" in optional and "x-wing" not in optional
    fields = {f["name"] for call in listing["calls"] if call["path"] == "/api/create"
              for f in call["fields"]}
    assert {"technique", "cleanness"} <= fields
