"""The JSON API of ``sudoku serve``: every call with good and bad input, and the limits
(body size, puzzle size, time, a flood of requests)."""

from __future__ import annotations

import base64
import os
import signal
import struct
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from sudokit import Grid, solve  # noqa: E402
from sudokit.web import Limits, create_app  # noqa: E402

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = solve(Grid(EASY)).to_line()  # type: ignore[union-attr]
TWO_SOLUTIONS = "." * 81
CLASH = "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
EMPTY_64 = "\n".join(" ".join(["0"] * 64) for _ in range(64))


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(workers=2))) as c:
        yield c


def post(client, name, body, status=200):
    r = client.post(f"/api/{name}", json=body)
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/json")
    return r.json()


# -- each call ------------------------------------------------------------------------------
def test_solve_gives_the_solution_and_says_it_is_unique(client):
    data = post(client, "solve", {"puzzle": EASY})
    assert data == {"status": "solved", "solution": SOLUTION, "unique": True}


def test_solve_reads_any_format(client):
    grid_text = "\n".join(" ".join("0" if ch == "." else ch for ch in EASY[r * 9:r * 9 + 9])
                          for r in range(9))
    assert post(client, "solve", {"puzzle": grid_text})["solution"] == SOLUTION
    assert post(client, "solve", {"puzzle": grid_text, "format": "grid"})["solution"] == SOLUTION


def test_solve_of_a_puzzle_without_solution(client):
    data = post(client, "solve", {"puzzle": CLASH})
    assert data == {"status": "no solution", "solution": None, "unique": False}


def test_solve_of_a_puzzle_with_two_solutions_is_not_unique(client):
    data = post(client, "solve", {"puzzle": TWO_SOLUTIONS})
    assert data["status"] == "solved" and data["unique"] is False
    assert Grid(data["solution"]).is_solved()


def test_count_counts_to_the_limit(client):
    assert post(client, "count", {"puzzle": EASY})["count"] == 1
    data = post(client, "count", {"puzzle": TWO_SOLUTIONS, "limit": 5})
    assert data["count"] == 5 and data["complete"] is True


def test_check_finds_conflicts_with_the_command_line_message(client):
    data = post(client, "check", {"puzzle": CLASH})
    assert data["unique"] is False
    assert data["message"] == "digit 5 appears twice in row 1 (r1c1, r1c2)"


def test_check_says_valid_and_unique(client):
    data = post(client, "check", {"puzzle": EASY})
    assert data["solutions"] == 1 and data["unique"] is True
    assert post(client, "check", {"puzzle": TWO_SOLUTIONS})["solutions"] == 2


def test_check_progress_counts_wrong_digits_without_naming_them(client):
    grid = EASY[:2] + SOLUTION[2] + EASY[3:]  # one right digit filled in
    data = post(client, "check", {"puzzle": EASY, "grid": grid})
    assert data["progress"]["wrong"] == 0
    assert data["progress"]["message"] == "all right so far: 50 cells to go"
    wrong_digit = "1" if SOLUTION[2] != "1" else "2"
    bad = EASY[:2] + wrong_digit + EASY[3:]
    data = post(client, "check", {"puzzle": EASY, "grid": bad})
    assert data["progress"]["wrong"] == 1
    assert "r1c3" not in str(data["progress"]) and SOLUTION not in str(data)
    data = post(client, "check", {"puzzle": EASY, "grid": SOLUTION})
    assert data["progress"]["message"] == "solved!"


def test_hint_gives_the_easiest_step(client):
    data = post(client, "hint", {"puzzle": EASY})
    assert data["kind"] == "step"
    assert data["step"]["technique"] == "Hidden Single"
    assert data["step"]["placements"] == [{"cell": "r1c6", "digit": 8}]
    grades = data["grades"]  # told a little at a time: the technique or less first, all last
    assert len(grades) >= 3 and data["nudge"] == grades[0]["text"]
    assert "r1c6" not in grades[0]["text"] and "8" not in grades[0]["text"]
    assert [g["level"] for g in grades][-2:] == ["cells", "step"]
    assert "r1c6" in grades[-2]["text"] and data["step"]["text"] in grades[-1]["text"]


def test_hint_points_out_a_wrong_digit_first(client):
    wrong_digit = "1" if SOLUTION[2] != "1" else "2"
    data = post(client, "hint", {"puzzle": EASY, "grid": EASY[:2] + wrong_digit + EASY[3:]})
    assert data["kind"] == "mistake" and data["cells"] == ["r1c3"]


def test_hint_on_a_solved_grid_says_so(client):
    data = post(client, "hint", {"puzzle": EASY, "grid": SOLUTION})
    assert data["kind"] == "none" and data["solved"] is True


def test_explain_steps_to_the_end_and_rates(client):
    data = post(client, "explain", {"puzzle": EASY})
    assert data["solved"] is True and len(data["steps"]) == 51
    assert data["rating"]["level"] == "easy"
    assert all(step["text"] for step in data["steps"])


def test_rate_gives_level_and_score(client):
    data = post(client, "rate", {"puzzle": EASY})
    assert (data["level"], data["score"], data["hardest"]) == ("easy", 1.2, "Hidden Single")
    assert post(client, "rate", {"puzzle": CLASH})["level"] == "invalid"


def test_create_with_a_seed_is_reproducible_and_unique(client):
    first = post(client, "create", {"size": 6, "seed": "class 4b"})
    again = post(client, "create", {"size": 6, "seed": "class 4b"})
    assert first == again and first["seed"] == "class 4b"
    assert post(client, "count", {"puzzle": first["puzzle"]})["count"] == 1


def test_create_without_a_seed_returns_the_one_it_drew(client):
    data = post(client, "create", {"difficulty": "easy"})
    assert data["seed"] and data["difficulty"] == "easy"
    assert post(client, "create", {"seed": data["seed"], "difficulty": "easy"}) == data


def test_convert_writes_another_format_and_returns_the_cells(client):
    data = post(client, "convert", {"puzzle": EASY, "to": "csv"})
    assert data["output"].splitlines()[0] == "5,3,.,.,7,.,.,.,."
    assert data["size"] == 9 and data["box"] == [3, 3] and data["cells"][:3] == [5, 3, 0]


def test_convert_reads_a_binary_file_sent_as_base64(client):
    cells = Grid(EASY).cells
    raw = struct.pack(f"<{len(cells)}i", *cells)
    data = post(client, "convert", {"puzzle_base64": base64.b64encode(raw).decode(),
                                    "format": "binary"})
    assert data["output"] == EASY + "\n"


def test_other_sizes_and_box_shapes(client):
    data = post(client, "solve", {"puzzle": "." * 64, "box": "4x2"})
    assert data["status"] == "solved"
    assert post(client, "convert", {"puzzle": "." * 64, "box": "4x2"})["box"] == [4, 2]
    hint16 = post(client, "hint", {"puzzle": post(client, "create", {"size": 16,
                                                                     "seed": "x"})["puzzle"]})
    assert hint16["kind"] == "step"


def test_print_gives_a_pdf_where_printing_is_installed_and_says_so_elsewhere(client):
    r = client.post("/api/print", json={"puzzle": EASY, "answers": True, "title": "Warm-up"})
    if client.get("/api").json()["printable"]:
        assert r.status_code == 200, r.text
        assert r.headers["content-type"] == "application/pdf"
        assert r.content.startswith(b"%PDF-")
    else:
        assert r.status_code == 501
        assert r.json()["error"] == "printing to PDF is not part of this installation of sudokit"
    assert post(client, "print", {"puzzle": "123"}, status=400)["error"].startswith("line 1:")


def test_the_listing_documents_every_call(client):
    r = client.get("/api")
    assert r.status_code == 200
    paths = {c["path"] for c in r.json()["calls"]}
    assert paths == {f"/api/{n}" for n in
                     ("solve", "count", "check", "hint", "explain", "rate", "create", "convert",
                      "print", "read")}


def test_the_openapi_document_names_every_call_and_its_required_fields(client):
    doc = client.get("/api/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    assert set(doc["paths"]) == {c["path"] for c in client.get("/api").json()["calls"]}
    solve_body = doc["paths"]["/api/solve"]["post"]["requestBody"]["content"]
    assert solve_body["application/json"]["schema"]["required"] == ["puzzle"]


def test_the_page_and_its_assets_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and 'id="board"' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for asset in ("app.js", "board.js", "model.js", "app.css"):
        r = client.get(f"/static/{asset}")
        assert r.status_code == 200
        assert "://" not in r.text  # nothing fetched from elsewhere: the page works offline
    assert "://" not in page.text


# -- bad input ------------------------------------------------------------------------------
@pytest.mark.parametrize(("body", "message"), [
    ({}, "'puzzle' is missing"),
    ({"puzzle": 5}, "'puzzle' must be a string, got int"),
    ({"puzzle": "123"}, "line 1: not a puzzle: 3 cell symbols"),
    ({"puzzle": EASY[:80] + "x"}, "line 1:"),
    ({"puzzle": EASY, "format": "xml"}, "unknown format 'xml'"),
    ({"puzzle": EASY, "time_limit": "soon"}, "'time_limit' must be a number"),
    ({"puzzle": EASY + "\n" + EASY}, "solve takes one puzzle per request; the text holds 2"),
    ({"puzzle": "." * 49}, "49 cells do not make a puzzle line"),
])
def test_bad_input_gets_400_with_a_clear_message(client, body, message):
    data = post(client, "solve", body, status=400)
    assert message in data["error"]


def test_the_command_line_and_the_api_say_the_same(client, tmp_path):
    import io

    from sudokit.cli import run
    from sudokit.cli.env import Env

    (tmp_path / "p.txt").write_text(EASY[:80] + "x\n")
    err = io.StringIO()
    run(["solve", str(tmp_path / "p.txt")], Env(stdin=io.BytesIO(), stdout=io.BytesIO(),
                                                stderr=err, stderr_isatty=False))
    cli_message = err.getvalue().strip().split(": ", 3)[-1]
    api_message = post(client, "solve", {"puzzle": EASY[:80] + "x"}, status=400)["error"]
    assert api_message.endswith(cli_message)


def test_not_json_and_not_an_object(client):
    as_json = {"content-type": "application/json"}
    r = client.post("/api/solve", content=b"{nope", headers=as_json)
    assert r.status_code == 400 and "not JSON" in r.json()["error"]
    r = client.post("/api/solve", content=b"[" * 60_000, headers=as_json)
    assert r.status_code == 400 and "nested too deeply" in r.json()["error"]
    r = client.post("/api/solve", json=[EASY])
    assert r.status_code == 400 and "JSON object" in r.json()["error"]


def test_bad_options_of_create_and_count(client):
    assert "unknown difficulty" in post(client, "create", {"difficulty": "tricky"}, 400)["error"]
    assert "size 7 has no natural box" in post(client, "create", {"size": 7}, 400)["error"]
    assert "'limit' must be from 1" in post(client, "count", {"puzzle": EASY, "limit": 0},
                                            400)["error"]
    assert "'limit' must be a whole number, got 2.5" in post(
        client, "count", {"puzzle": EASY, "limit": 2.5}, 400)["error"]
    assert "'grid' is 4x4" in post(client, "check", {"puzzle": EASY, "grid": "." * 16},
                                   400)["error"]


def test_unknown_call_and_wrong_method(client):
    r = client.post("/api/frobnicate", json={})
    assert r.status_code == 404 and r.json()["error"] == "no such API call: /api/frobnicate"
    r = client.get("/api/solve")
    assert r.status_code == 405 and "takes POST" in r.json()["error"]


# -- limits ---------------------------------------------------------------------------------
def test_an_over_large_body_is_refused(client):
    r = client.post("/api/solve", content=b'{"puzzle": "' + b"." * 100_000 + b'"}')
    assert r.status_code == 413
    assert "larger than this server's limit of 65536 bytes" in r.json()["error"]


def test_a_body_without_length_is_stopped_at_the_limit(client):
    def chunks():
        for _ in range(100):
            yield b" " * 1000

    r = client.post("/api/solve", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_a_puzzle_over_the_logic_size_limit_is_refused(client):
    data = post(client, "hint", {"puzzle": EMPTY_64}, status=413)
    assert data["error"] == "a 64x64 puzzle is larger than this server's limit for hint: 25x25"


def test_an_empty_64x64_count_stops_at_the_time_limit(client):
    data = post(client, "count", {"puzzle": EMPTY_64, "limit": 100_000, "time_limit": 0.3})
    assert data["complete"] is False and data["status"] == "timed out"
    assert post(client, "solve", {"puzzle": EASY})["status"] == "solved"  # still serving


def test_work_past_the_time_limit_is_stopped_and_the_server_goes_on():
    with TestClient(create_app(Limits(workers=1, time_limit=0.3))) as c:
        data = post(c, "explain", {"puzzle": "." * 625, "guess": True}, status=422)
        assert data["error"] == ("explain took longer than this server's limit of 0.3 seconds "
                                 "and was stopped")
        assert post(c, "solve", {"puzzle": EASY})["solution"] == SOLUTION


def _cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (Linux's /proc), to tell that it is at work."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="needs Linux's /proc")
def test_a_worker_that_dies_mid_request_is_a_500_and_is_replaced():
    app = create_app(Limits(workers=1, time_limit=30))
    with TestClient(app) as c:
        (pid,) = app.state.pool.pids()
        answers: list = []
        idle = _cpu_seconds(pid)
        slow = threading.Thread(target=lambda: answers.append(
            c.post("/api/explain", json={"puzzle": "." * 625, "guess": True})))
        slow.start()
        # killed once it has worked a second on the request, however busy the machine is
        # (the request takes many seconds more; the wait is bounded only against a hang)
        deadline = time.monotonic() + 120
        while _cpu_seconds(pid) - idle < 1.0 and time.monotonic() < deadline:
            time.sleep(0.05)
        os.kill(pid, signal.SIGKILL)
        slow.join()
        assert answers[0].status_code == 500
        assert "the process working on it ended" in answers[0].json()["error"]
        assert app.state.pool.pids() != [pid]
        assert post(c, "count", {"puzzle": EASY})["count"] == 1


def test_a_flood_is_turned_away_with_503_and_the_server_survives():
    # each request holds the worker for its whole time limit, long beside the moment the
    # eight requests take to arrive together (a barrier starts them at once)
    with TestClient(create_app(Limits(workers=1, queue=2, time_limit=3.0))) as c:
        statuses: list[int] = []
        start = threading.Barrier(8)

        def slow() -> None:
            start.wait()
            r = c.post("/api/explain", json={"puzzle": "." * 625, "guess": True})
            statuses.append(r.status_code)
            if r.status_code == 503:
                assert "busy" in r.json()["error"]

        threads = [threading.Thread(target=slow) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(set(statuses)) == [422, 503]
        assert statuses.count(422) <= 3  # one running, two waiting
        assert post(c, "solve", {"puzzle": EASY})["solution"] == SOLUTION


def test_a_foreign_host_header_is_refused_when_serving_loopback():
    from sudokit.web.app import LOOPBACK_HOSTS

    with TestClient(create_app(Limits(workers=1), allowed_hosts=LOOPBACK_HOSTS),
                    base_url="http://127.0.0.1:8000") as c:
        assert c.get("/api").status_code == 200
        assert c.get("/api", headers={"host": "attacker.example"}).status_code == 400


# -- any input ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def strict_client():
    """A server with short limits, for many requests of random content."""
    with TestClient(create_app(Limits(workers=2, time_limit=0.5, create_time_limit=1.0))) as c:
        yield c


VALUES = st.one_of(
    # JSON has no infinity or NaN: a client cannot send them
    st.none(), st.booleans(), st.integers(-10, 10**6),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["", "x", "4x4", "2x3", "0x0", "99x99", "line", "csv", "json", "binary",
                     "easy", "rot180", "." * 16, "1" * 81, "." * 81, EASY, CLASH, "1 2\n3 4",
                     '{"size": 4}', "AAAA" * 4, "x-wing"]),
    st.text(max_size=40), st.lists(st.integers(0, 9), max_size=3), st.dictionaries(
        st.text(max_size=3), st.integers(), max_size=2),
)
FIELDS = ["puzzle", "format", "box", "grid", "limit", "time_limit", "guess", "size",
          "difficulty", "seed", "symmetry", "to", "puzzle_base64", "title", "answers",
          "technique", "cleanness"]
CALLS = ["solve", "count", "check", "hint", "explain", "rate", "create", "convert", "print"]


@settings(max_examples=50, deadline=None)
@given(call=st.sampled_from(CALLS), body=st.dictionaries(st.sampled_from(FIELDS), VALUES,
                                                          max_size=5))
def test_any_request_gets_a_json_answer_and_no_server_error(strict_client, call, body):
    r = strict_client.post(f"/api/{call}", json=body)
    assert r.status_code in (200, 400, 413, 422, 501), r.text
    if r.status_code != 200:
        assert r.json()["error"]
