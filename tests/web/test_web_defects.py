"""Requests the JSON API once answered wrongly (a 500, a silently ignored field, a puzzle no
other call reads, a 400 for a puzzle it accepts): each is now answered with a 4xx and one line
saying what is wrong, or with the right answer."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from sudokit.web import Limits, create_app  # noqa: E402

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CREATE_FIELDS = "size, box, difficulty, symmetry, seed, technique, cleanness, variant"
JSON = {"content-type": "application/json"}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(workers=1)), raise_server_exceptions=False) as c:
        yield c


def error(response, status=400) -> str:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    return response.json()["error"]


# -- half a UTF-16 pair in a string (JSON's \ud800): was a 500 from deep in the reader ----------
@pytest.mark.parametrize("call", ["solve", "count", "check", "hint", "explain", "rate", "convert"])
def test_half_a_surrogate_pair_in_the_puzzle_is_a_400(client, call):
    r = client.post(f"/api/{call}", content=b'{"puzzle": "53\\ud800"}', headers=JSON)
    assert error(r) == ("'puzzle' is not text: character 3 is half of a UTF-16 surrogate pair "
                        "('\\ud800')")


def test_half_a_surrogate_pair_in_any_text_field_is_a_400(client):
    r = client.post("/api/solve", headers=JSON,
                    content=b'{"puzzle": "' + EASY.encode() + b'", "box": "\\udc00"}')
    assert error(r).startswith("'box' is not text: character 1 is half")
    r = client.post("/api/create", content=b'{"seed": "x\\ud800"}', headers=JSON)
    assert error(r).startswith("'seed' is not text: character 2 is half")


def test_a_whole_surrogate_pair_is_text(client):
    r = client.post("/api/create", content=b'{"seed": "\\ud83d\\ude00"}', headers=JSON)
    assert r.status_code == 200, r.text
    assert r.json()["seed"] == "\U0001F600"


# -- a field the call does not have: was ignored, so a misspelt option changed nothing --------
def test_a_misspelt_field_is_named_not_ignored(client):
    r = client.post("/api/create", json={"dificulty": "hard"})
    assert error(r) == f'create has no field "dificulty"; its fields are: {CREATE_FIELDS}'


def test_create_has_no_count_field(client):
    r = client.post("/api/create", json={"count": 10**9})
    assert error(r) == f'create has no field "count"; its fields are: {CREATE_FIELDS}'


def test_a_field_of_another_call_is_refused(client):
    r = client.post("/api/solve", json={"puzzle": EASY, "guess": True})
    assert error(r) == ('solve has no field "guess"; its fields are: puzzle, format, box, '
                        'variant, regions, odd, even, constraints, all_dots, all_xv, time_limit')
    r = client.post("/api/hint", json={"puzzle": EASY, "time_limit": 1})
    assert error(r) == ('hint has no field "time_limit"; its fields are: puzzle, format, box, '
                        'variant, regions, odd, even, constraints, all_dots, all_xv, grid, '
                        'candidates')


# -- create of a 1x1 to 3x3: was made, though no other call (nor the CLI) reads one -----------
@pytest.mark.parametrize("size", [1, 2, 3])
def test_create_makes_nothing_smaller_than_4x4(client, size):
    r = client.post("/api/create", json={"size": size})
    assert error(r) == f"'size' must be from 4 to 25, got {size}"


def test_a_huge_whole_number_is_named_by_its_length(client):
    r = client.post("/api/create", content=b'{"size": 1' + b"0" * 400 + b"}", headers=JSON)
    assert error(r) == "'size' must be from 4 to 25, got a number of 401 digits"


# -- solve of a 36x36 to 64x64: was a 400 "the line form cannot write" after solving it -------
def test_solve_of_a_grid_past_the_line_form_answers_in_rows_of_numbers(client):
    empty = "\n".join(" ".join(["0"] * 36) for _ in range(36))
    r = client.post("/api/solve", json={"puzzle": empty})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["status"] == "solved" and data["unique"] is False
    rows = data["solution"].split("\n")
    assert len([row for row in rows if row.strip()]) == 36
    numbers = [[int(v) for v in row.split()] for row in rows if row.strip()]
    assert all(sorted(row) == list(range(1, 37)) for row in numbers)
    assert all(sorted(col) == list(range(1, 37)) for col in zip(*numbers, strict=True))


# -- null is "absent" for every field: numbers and flags once refused it ----------------------
def test_null_numbers_and_flags_are_absent(client):
    r = client.post("/api/solve", json={"puzzle": EASY, "time_limit": None})
    assert r.status_code == 200 and r.json()["status"] == "solved", r.text
    r = client.post("/api/explain", json={"puzzle": EASY, "guess": None})
    assert r.status_code == 200 and r.json()["solved"] is True, r.text
    r = client.post("/api/create", json={"cleanness": None, "seed": "null is absent"})
    assert r.status_code == 200 and "technique" not in r.json(), r.text


# -- the wrong method on a GET route: said "takes POST, not POST" ---------------------------
@pytest.mark.parametrize("path", ["/api", "/api/openapi.json"])
def test_post_on_a_get_route_says_it_takes_get(client, path):
    r = client.post(path)
    assert error(r, 405) == f"{path} takes GET, not POST"
    assert "GET" in r.headers["allow"]


def test_get_on_a_post_route_says_it_takes_post(client):
    r = client.get("/api/solve")
    assert error(r, 405) == "/api/solve takes POST, not GET"
    assert r.headers["allow"] == "POST"


# -- convert of several puzzles to a one-puzzle format: was a 500 -------------------------------
def test_convert_of_two_puzzles_to_ipuz_says_it_holds_one(client):
    r = client.post("/api/convert", json={"puzzle": EASY + "\n" + EASY, "to": "ipuz"})
    assert error(r) == ("the ipuz format holds one puzzle per file; write the others to other "
                        "files or choose another format")
    r = client.post("/api/convert", json={"puzzle": EASY, "to": "ipuz"})
    assert r.status_code == 200 and r.json()["count"] == 1, r.text


# -- a foreign Host header: was answered in plain text ------------------------------------------
def test_a_foreign_host_is_refused_in_json():
    from sudokit.web.app import LOOPBACK_HOSTS

    with TestClient(create_app(Limits(workers=1), allowed_hosts=LOOPBACK_HOSTS),
                    base_url="http://127.0.0.1:8000") as c:
        r = c.post("/api/solve", json={"puzzle": EASY}, headers={"host": "attacker.example"})
        assert error(r) == ('the Host header "attacker.example" does not name this server (it '
                            "answers only requests addressed to it)")
        r = c.post("/api/solve", json={"puzzle": EASY}, headers={"host": "localhost:8000"})
        assert r.status_code == 200 and r.json()["status"] == "solved", r.text


# -- the OpenAPI document: said print answers JSON, and allowed any extra field ----------------
def test_openapi_says_print_answers_a_pdf_and_no_call_takes_other_fields(client):
    paths = client.get("/api/openapi.json").json()["paths"]
    assert list(paths["/api/print"]["post"]["responses"]["200"]["content"]) == ["application/pdf"]
    assert list(paths["/api/solve"]["post"]["responses"]["200"]["content"]) == ["application/json"]
    for path in paths.values():
        schema = path["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert schema["additionalProperties"] is False


# -- an empty string for a choice of create: was taken as absent, so "" made any puzzle --------
def test_an_empty_technique_is_refused_as_the_command_line_refuses_it(client):
    r = client.post("/api/create", json={"technique": ""})
    assert error(r) == ("singles are in every puzzle: ask for a technique beyond them (or use "
                        "--difficulty easy)")


@pytest.mark.parametrize(("name", "choices"), [
    ("difficulty", "easy, medium, hard, expert, extreme"),
    ("symmetry", "none, rot180, rot90, mirror, flip, diagonal, antidiagonal, dihedral"),
])
def test_an_empty_difficulty_or_symmetry_is_refused(client, name, choices):
    r = client.post("/api/create", json={name: ""})
    assert error(r) == f"unknown {name} '' (one of: {choices})"
    r = client.post("/api/create", json={name: None, "seed": "null is absent"})
    assert r.status_code == 200, r.text


# -- create for a technique with a box: said "9x9, not 9x9" --------------------------------------
def test_a_technique_with_another_box_names_the_box(client):
    r = client.post("/api/create", json={"technique": "x-wing", "box": "1x9"})
    assert error(r) == "a puzzle made for a technique has 3x3 boxes, not 1x9"
    r = client.post("/api/create", json={"technique": "x-wing", "size": 16})
    assert error(r) == "a puzzle made for a technique is 9x9, not 16x16"


def test_a_technique_with_the_3x3_box_is_made(client):
    r = client.post("/api/create", json={"technique": "x-wing", "box": "3x3", "seed": "boxes"})
    assert r.status_code == 200, r.text
    assert r.json()["technique"] == "X-Wing" and r.json()["box"] == [3, 3]


# -- requests another site's page could send: were done (a puzzle made for any page) -----------
CREATE = '{"size": 4, "seed": "x"}'


@pytest.mark.parametrize("headers", [
    {"origin": "http://evil.example", "content-type": "application/json"},
    {"origin": "null", "content-type": "application/json"},
    {"origin": "http://testserver:8001", "content-type": "application/json"},
    {"sec-fetch-site": "cross-site", "content-type": "application/json"},
    {"sec-fetch-site": "same-site", "content-type": "application/json"},
])
def test_a_request_from_another_site_is_refused_with_403(client, headers):
    message = error(client.post("/api/create", content=CREATE, headers=headers), 403)
    assert message.startswith("this server answers its own page only, not a request from ")
    assert "\n" not in message
    # the page itself (its own origin, default port or not), and a tool that names none
    for own in ({"origin": "http://testserver", "sec-fetch-site": "same-origin"},
                {"origin": "http://testserver:80"}, {"sec-fetch-site": "none"}, {}):
        r = client.post("/api/create", content=CREATE,
                        headers={"content-type": "application/json", **own})
        assert r.status_code == 200 and len(r.json()["puzzle"]) == 16, r.text


@pytest.mark.parametrize("content_type", [
    "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x", None])
def test_a_body_not_declared_json_is_refused_with_415(client, content_type):
    headers = {"content-type": content_type} if content_type else {}
    r = client.post("/api/create", content=CREATE, headers=headers)
    message = error(r, 415)
    assert message.startswith("the request body must be JSON, sent with Content-Type: "
                              "application/json")
    r = client.post("/api/create", content=CREATE,
                    headers={"content-type": "application/json; charset=utf-8"})
    assert r.status_code == 200, r.text


def test_a_text_plain_form_from_another_site_is_refused(client):
    # a <form enctype="text/plain"> whose field name and value spell JSON together
    r = client.post("/api/create", content='{"size": 4, "seed": "=x"}',
                    headers={"origin": "http://evil.example", "content-type": "text/plain"})
    error(r, 403)
