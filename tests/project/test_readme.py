"""The README's Python examples run and print what they say (python-chess doctests its README)."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_python_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(README.parent)  # the examples name files as seen from the root
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    assert blocks, "the README has Python examples"
    text = "\n".join(blocks)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 10


SESSION_HEADING = "### Puzzle banks, CSV data sets and OpenSudoku collections"


def console_sessions(section: str) -> list[tuple[str, str]]:
    """Each ``$ command`` of the section's console blocks with the output shown under it."""
    start = README.read_text().index(section) + len(section)
    text = README.read_text()[start:].split("\n#", 1)[0]
    sessions: list[tuple[str, str]] = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        for line in block.splitlines(keepends=True):
            if line.startswith("$ "):
                sessions.append((line[2:].rstrip("\n"), ""))
            else:
                command, shown = sessions[-1]
                sessions[-1] = (command, shown + line)
    return sessions


def test_readme_format_sessions_print_what_they_show(tmp_path: Path) -> None:
    """The banks, CSV and OpenSudoku examples, run in a shell one after another as shown."""
    (tmp_path / "examples").symlink_to(README.parent / "examples")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    launcher = bin_dir / "sudoku"
    launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m sudokit "$@"\n')
    launcher.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    sessions = console_sessions(SESSION_HEADING)
    assert len(sessions) >= 10, "the section shows its examples"
    for command, shown in sessions:
        done = subprocess.run(
            ["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True,
            timeout=120,
        )
        assert (done.returncode, done.stderr) == (0, ""), command
        assert done.stdout == shown, command


def test_every_example_file_the_readme_names_is_shipped() -> None:
    named = set(re.findall(r"\bexamples/[\w.-]*\w", README.read_text()))
    assert len(named) >= 10
    assert sorted(n for n in named if not (README.parent / n).is_file()) == []


def test_readme_print_examples_run_with_the_shipped_files(tmp_path: Path) -> None:
    """The print and pictures examples, in a shell as shown (those on a file of your own
    aside), each write what they say."""
    pytest.importorskip("reportlab")
    (tmp_path / "examples").symlink_to(README.parent / "examples")
    commands = [c for c, _ in console_sessions("### print, and pictures") if " my-" not in c]
    assert len(commands) >= 4
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
           f"{os.environ.get('PATH', '')}"}
    for command in commands:
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300)
        assert (done.returncode, done.stderr) == (0, ""), command
    written = {p.name for p in tmp_path.iterdir()}
    assert {"hard.pdf", "book.pdf", "grid-1.svg", "grid-4.svg", "path.html"} <= written


def test_readme_format_examples_have_one_solution_each() -> None:
    """Every puzzle of the bank, CSV and OpenSudoku examples has exactly one solution."""
    for name, puzzles in (("bank.txt", 3), ("kaggle.csv", 3), ("puzzles.opensudoku", 2)):
        done = subprocess.run(
            [sys.executable, "-m", "sudokit", "count", "--limit", "2", "--format", "{count}",
             str(README.parent / "examples" / name)],
            capture_output=True, text=True, timeout=120,
        )
        assert (done.returncode, done.stdout) == (0, "1\n" * puzzles), name


def readme_command(heading: str) -> str:
    """The one-line command of the ``sh`` block under the README's line ``heading``."""
    text = README.read_text()
    start = text.index(heading)
    (command,) = re.findall(r"```sh\n(.*?)\n```", text[start:], flags=re.S)[:1]
    return command


TEST_HEADING = "Install with the test tools"


def test_ci_runs_the_readme_test_command() -> None:
    ci = (README.parent / ".ci" / "run").read_text().splitlines()
    assert ci[-1] == readme_command(TEST_HEADING)


@pytest.mark.parametrize("failing", [(), ("python",), ("ruff",), ("mypy",), ("python", "mypy")])
@pytest.mark.parametrize("shell_options", [[], ["-euo", "pipefail"]])  # as .ci/run runs it
def test_the_test_command_runs_and_reports_every_check(
        tmp_path: Path, failing: tuple[str, ...], shell_options: list[str]) -> None:
    """pytest, ruff and mypy all run even when one fails; the status says if any failed."""
    checks = readme_command(TEST_HEADING).split("pip install '.[test]' && ", 1)[1]
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in ("python", "ruff", "mypy"):  # stand-ins that say they ran
        stub = bin_dir / name
        stub.write_text(f'#!/bin/sh\necho {name} "$@"\nexit {int(name in failing)}\n')
        stub.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(["bash", *shell_options, "-c", checks], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.splitlines() == ["python -m pytest", "ruff check .", "mypy"]
    assert done.returncode == (1 if failing else 0)
