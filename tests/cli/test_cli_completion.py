"""Shell completion completes file names where a command takes a file: the puzzle files of
every command, photos, ``-o``, ``--solution``, ``--layout``, and the first word
(``sudoku FILE`` is ``sudoku solve FILE``). The bash script is run in a real bash."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from support.clirunner import sudoku
from support.files import EXAMPLES

pytest.importorskip("shtab")


def bash_completes(script: Path, *words: str) -> list[str]:
    """What the bash script offers for the last of ``words`` (typed in the repository's
    root), as bash's Tab would ask it."""
    program = (f'source "{script}"\n'
               f"COMP_WORDS=({' '.join(repr(w) for w in words)})\n"
               f"COMP_CWORD={len(words) - 1}\n"
               "_shtab_sudoku\n"
               'printf "%s\\n" "${COMPREPLY[@]}"\n')
    done = subprocess.run(["bash", "--norc", "--noprofile", "-c", program], cwd=EXAMPLES.parent,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return sorted(line for line in done.stdout.splitlines() if line)


@pytest.fixture(scope="module")
def bash_script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("bash") is None:
        pytest.skip("no bash")
    outcome = sudoku("completion", "bash")
    assert outcome.status == 0
    path = tmp_path_factory.mktemp("completion") / "sudoku.bash"
    path.write_text(outcome.out)
    return path


CDOKU = ["examples/cdoku.csv", "examples/cdoku_solution.table"]


@pytest.mark.parametrize("words", [
    ("sudoku", "solve", "examples/cd"),
    ("sudoku", "examples/cd"),                       # the first word: sudoku FILE
    ("sudoku", "examples/cdoku.csv", "examples/cd"),  # and the files after it
    ("sudoku", "rate", "--jobs", "2", "examples/cd"),
    ("sudoku", "solve", "-o", "examples/cd"),
    ("sudoku", "check", "--solution", "examples/cd"),
    ("sudoku", "print", "--layout", "examples/cd"),
])
def test_bash_completes_file_names(bash_script: Path, words: tuple[str, ...]) -> None:
    assert bash_completes(bash_script, *words) == CDOKU


def test_bash_still_completes_commands_options_and_choices(bash_script: Path) -> None:
    assert bash_completes(bash_script, "sudoku", "expl") == ["explain"]
    assert bash_completes(bash_script, "sudoku", "solve", "--to", "ta") == ["table"]
    assert "--time-limit" in bash_completes(bash_script, "sudoku", "solve", "--ti")


def test_zsh_completes_file_names() -> None:
    script = sudoku("completion", "zsh").out
    puzzle_files = [line for line in script.splitlines() if "(*)::puzzle files" in line]
    assert puzzle_files and all(line.endswith(':_files"') for line in puzzle_files)
    assert ":FILE:_files" in script  # -o, --solution, --layout
    assert "'files:file:_files'" in script and "': :_shtab_sudoku_command_or_file'" in script


def test_fish_completes_file_names() -> None:
    script = sudoku("completion", "fish").out
    files = 'ka "(__fish_complete_path (commandline -ct))"'
    solve = [line for line in script.splitlines() if "'_shtab_sudoku_using solve" in line]
    assert any(files in line and "puzzle files" in line for line in solve)
    assert any(files in line and "-l output" in line for line in solve)
    assert "complete -c sudoku -n _shtab_sudoku_using -F" in script.splitlines()
