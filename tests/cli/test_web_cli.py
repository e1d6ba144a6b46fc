"""``sudoku serve`` on the command line: its options, a port that is taken, a real server
answering on 127.0.0.1, and Ctrl+C."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from support.clirunner import sudoku

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")


def test_help_names_the_options(capsys):
    assert sudoku("serve", "--help").status == 0
    shown = capsys.readouterr().out
    for option in ("--host", "--port", "--open", "--workers", "--time-limit"):
        assert option in shown


def test_a_port_in_use_is_one_line_and_status_2():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = sudoku("serve", "--port", str(port))
    assert done.status == 2
    assert done.stderr.startswith(f"sudoku: error: cannot listen on 127.0.0.1:{port}: ")
    assert len(done.stderr.splitlines()) == 1


def test_bad_port_and_time_limit_are_usage_errors():
    assert sudoku("serve", "--port", "70000").status == 2
    assert "--time-limit must be positive" in sudoku("serve", "--time-limit", "0").stderr


def test_the_server_answers_on_loopback_writes_nothing_and_stops_on_ctrl_c(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "sudokit", "serve", "--port", "0",
                             "--workers", "1"], stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        found = re.search(r"serving on (http://127\.0\.0\.1:\d+/)", line)
        assert found, line
        url = found.group(1)
        body = json.dumps({"puzzle": "1..." + "." * 12}).encode()
        as_json = {"Content-Type": "application/json"}
        req = urllib.request.Request(url + "api/count", data=body, headers=as_json)
        with urllib.request.urlopen(req) as r:
            assert json.load(r)["count"] > 1
        bad = urllib.request.Request(url + "api/count", data=b'{"puzzle": "12"}',
                                     headers=as_json)
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(bad)
        assert e.value.code == 400
        assert "do not make a square grid" in json.load(e.value)["error"]
        create = urllib.request.Request(url + "api/create", data=b'{"size": 4}',
                                        headers=as_json)
        with urllib.request.urlopen(create) as r:
            assert len(json.load(r)["puzzle"]) == 16
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=60) == 0  # bounded only against a hang
    assert "Traceback" not in proc.stderr.read()
    assert list(tmp_path.iterdir()) == []  # nothing written where it ran
