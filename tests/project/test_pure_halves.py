"""The pure halves of the engine tests really run on the pure-Python core: a small test file
using the ``pure`` fixture, run by pytest as the suite is, sees every compiled module run from
its source in its pure half, and a failure there fails the run, named by its node id."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from support.cores import compiled_modules

TESTS = Path(__file__).resolve().parent.parent

CHECKS = '''
import os

import pytest
import sudokit.logic.board as board
from sudokit.logic.techniques import fish


def test_source(pure):
    # the human-style solver's modules are compiled extensions, imported once
    assert board.__file__.endswith(".py") == fish.__file__.endswith(".py") == pure


def test_fails_pure(pure):
    assert not pure, "only the pure half fails"


def test_plain():
    pass


def test_skips_pure(pure):
    if pure:
        pytest.skip("skipped in the pure half")


def test_dies(pure, request):
    if request.config.pluginmanager.has_plugin("sudokit-pure-sender"):
        os._exit(3)  # the child run ends here
'''


def pytest_run(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """pytest on the checks in ``folder``, with the suite's plugin for the two cores."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTEST_ADDOPTS", "SUDOKIT_PURE_PYTHON")}
    env["COLUMNS"] = "200"  # (the summary's lines are cut to the terminal's width)
    env["PYTHONPATH"] = os.pathsep.join([str(TESTS), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-m", "pytest", "-rA", *options, "test_checks.py"],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=300)


def test_pure_halves_run_on_the_source_and_fail_the_run(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "conftest.py").write_text('pytest_plugins = ("support.cores",)\n')
    (tmp_path / "test_checks.py").write_text(CHECKS)

    done = pytest_run(tmp_path)
    lines = done.stdout.splitlines()
    assert done.returncode == 1, done.stdout + done.stderr
    assert "PASSED test_checks.py::test_source[pure]" in lines
    assert "PASSED test_checks.py::test_plain" in lines
    assert any(line.startswith("SKIPPED [1] test_checks.py:") and
               line.endswith(": skipped in the pure half") for line in lines)
    assert ("FAILED test_checks.py::test_fails_pure[pure] - AssertionError: only the pure "
            "half fails") in lines
    if compiled_modules():  # the pure halves run in a child pytest: its end is reported
        assert any(line.startswith("FAILED test_checks.py::test_dies[pure]") for line in lines)
        assert "ended before it reported this test; exit status 3" in done.stdout
    else:  # nothing compiled: they run in pytest's own process
        assert "PASSED test_checks.py::test_dies[pure]" in lines
    assert not any("[compiled]" in line for line in lines if line.startswith("FAILED"))

    again = pytest_run(tmp_path, "--lf", "-x")
    lines = again.stdout.splitlines()
    assert again.returncode == 1, again.stdout + again.stderr
    assert [line for line in lines if line.startswith(("FAILED", "PASSED"))] == [
        "FAILED test_checks.py::test_fails_pure[pure] - AssertionError: only the pure half "
        "fails"]
    assert "stopping after 1 failures" in again.stdout
