"""The public API as a user's type checker sees it: ``mypy --strict`` on a small script."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")

USER_SCRIPT = '''
from sudokit import (
    Grid, SolveResult, count_array, count_solutions, generate, generate_many, hint,
    iter_generate, next_step, rate, search, solve, solve_array, solve_path,
)

puzzle: Grid = generate(seed=1)
many: list[Grid] = generate_many(2, seed=2)
pairs = [(made.puzzle, made.solution) for made in iter_generate(1, seed=3)]
level: str = rate(puzzle).level
found: SolveResult = search(puzzle, limit=2)
solution: Grid | None = solve(puzzle)
count: int = count_solutions(puzzle)
print(hint(puzzle), next_step(puzzle), solve_path(puzzle), pairs, many, level, found,
      solution, count, solve_array, count_array)
'''


def mypy_strict(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "user.py"
    script.write_text(text)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"),
         "--no-error-summary", str(script)],
        capture_output=True, text=True, cwd=tmp_path,
    )


def test_a_user_script_type_checks_under_mypy_strict(tmp_path: Path) -> None:
    done = mypy_strict(tmp_path, USER_SCRIPT)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_lazily_loaded_names_have_their_real_types(tmp_path: Path) -> None:
    # were ``rate`` typed ``object``, the error would say so instead of naming Rating
    done = mypy_strict(tmp_path, "from sudokit import Grid, rate\n"
                                 "wrong: int = rate(Grid.empty(4))\n")
    assert done.returncode == 1
    assert 'Incompatible types in assignment (expression has type "Rating"' in done.stdout
