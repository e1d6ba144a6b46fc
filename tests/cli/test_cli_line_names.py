"""The road ``sudoku solve FILE`` takes depends on what FILE holds, not on its name: plain
9x9 puzzle lines take the line path (sudokit.cli._lines) whatever the extension, unless the
extension itself decides how the file is read (a format's, or a photo's)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import sudokit.cli._lines as cli_lines
import sudokit.stream.lines as lines_path
from sudokit.cli import _inputs, run
from sudokit.cli.env import Env
from sudokit.formats._registry import DECIDING_EXTENSIONS as DECIDED_BY_FORMAT

SOLUTION = "953168742862734951417952836746893125281645397395271468138529674574386219629417583"
PUZZLES = "".join(SOLUTION[:k] + "." + SOLUTION[k + 1:] + "\n" for k in range(0, 81, 3))


def solved(path: Path, command: str = "solve") -> tuple[int, bytes, str, bool]:
    """(status, standard output, standard error, whether the line path answered)."""
    out, err = io.BytesIO(), io.StringIO()
    env = Env(stdin=io.BytesIO(b""), stdout=out, stderr=err, stderr_isatty=False)
    taken: list[bool] = []
    real = cli_lines.answer_lines

    def spy(args: object, env: Env) -> int | None:
        answered = real(args, env)  # type: ignore[arg-type]
        taken.append(answered is not None)
        return answered

    cli_lines.answer_lines = spy  # type: ignore[assignment]
    try:
        status = run([command, str(path)], env)
    finally:
        cli_lines.answer_lines = real
    return status, out.getvalue(), err.getvalue(), taken == [True]


@pytest.mark.parametrize("name", ["puzzles.txt", "puzzles", "puzzles.dat", "puzzles.lst",
                                  "puzzles.puz", "PUZZLES.SDM", "puzzles.grid", "a.b.c"])
@pytest.mark.parametrize("command", ["solve", "count"])
def test_plain_lines_take_the_line_path_whatever_the_name(tmp_path: Path, name: str,
                                                          command: str, pure: bool) -> None:
    path = tmp_path / name
    path.write_text(PUZZLES)
    status, out, err, line_path = solved(path, command)
    assert line_path, f"{name} took the ordinary path"
    reference = tmp_path / "reference.txt"
    reference.write_text(PUZZLES)
    assert (status, out, err.replace(str(reference), str(path))) == solved(reference, command)[:3]
    if command == "solve":
        assert out == (SOLUTION + "\n").encode() * 27


@pytest.mark.parametrize("name", ["puzzles.csv", "puzzles.json", "puzzles.sdk", "puzzles.jpg"])
def test_a_name_that_decides_the_format_keeps_the_ordinary_path(tmp_path: Path, name: str
                                                                ) -> None:
    path = tmp_path / name
    path.write_text(PUZZLES)
    assert not solved(path)[3]


def test_the_names_left_to_the_ordinary_path_are_those_that_decide_how_a_file_is_read(
        ) -> None:
    named = lines_path.DECIDING_EXTENSIONS
    assert named == DECIDED_BY_FORMAT | set(_inputs.PHOTO_EXTENSIONS)
