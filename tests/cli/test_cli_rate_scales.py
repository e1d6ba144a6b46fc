"""``sudoku rate --scale NAME``: the same puzzles rated on sudokit's, Sudoku Explainer's and
HoDoKu's scales, as lines that read back as a rated list, and the names it refuses."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sudokit import Grid, formats
from sudokit.cli.rate import SCALE_NAMES
from sudokit.logic.rating import scale_id
from sudokit.logic.scales import SCALES
from support.clirunner import sudoku, sudoku_process

HARD = "18...53.4.2...96.8........7..1.9......2.341...4.2.......8.4......4.1..5........79"
EASY = "8......75..5.3...216...8.....3.1.42.6....93.....2..75....1.....94...2....5......3"
INPUT = f"{HARD}\n{EASY}\n".encode()


def test_scale_names_are_the_registrys() -> None:
    assert tuple(SCALES) == SCALE_NAMES


def test_sudokit_scale_is_the_default_output() -> None:
    assert sudoku("rate", "--scale", "sudokit", stdin=INPUT).out == sudoku("rate", stdin=INPUT).out
    data = json.loads(sudoku("rate", "--scale", "sudokit", "--json", stdin=INPUT).out
                      .splitlines()[0])
    assert data["scale"] == scale_id()


def test_hodoku_scale_prints_hodokus_level_word_and_score() -> None:
    out = sudoku("rate", "--scale", "hodoku", stdin=INPUT)
    assert out.status == 0 and out.stderr == ""
    assert out.out.splitlines() == [f"{HARD} hard 614 (XY-Wing)",
                                             f"{EASY} easy 344 (Hidden Single)"]
    one = sudoku("rate", "--scale", "HoDoKu", stdin=f"{HARD}\n".encode())
    assert one.out == "hard 614 (XY-Wing)\n"


def test_each_scale_reads_back_as_a_rated_list() -> None:
    for name in SCALE_NAMES:
        out = sudoku("rate", "--scale", name, stdin=INPUT).out
        records = list(formats.read(io.BytesIO(out.encode())))
        assert [r.item for r in records] == [Grid(HARD), Grid(EASY)], name
        assert [r.fields["rating"] for r in records] == [line.split()[2]
                                                          for line in out.splitlines()], name


def test_json_names_the_scale() -> None:
    for name in ("se", "sukaku", "hodoku"):
        data = json.loads(sudoku("rate", "--scale", name, "--json", stdin=f"{HARD}\n".encode())
                          .out)
        assert data["scale"] == SCALES[name].id and data["scale"].startswith(f"{name}-")
    data = json.loads(sudoku("rate", "--scale", "hodoku", "--json",
                             stdin=f"{HARD}\n".encode()).out)
    assert (data["level"], data["score"], data["effort"]) == ("hard", 614, 614)


def test_se_scale_is_its_techniques_by_score() -> None:
    assert (sudoku("rate", "--scale", "se", stdin=INPUT).out
            == sudoku("rate", "--techniques", "se", stdin=INPUT).out)


def test_techniques_cut_the_named_scale() -> None:
    out = sudoku("rate", "--scale", "hodoku", "--techniques", "singles,x-wing",
                 stdin=f"{HARD}\n".encode())
    assert out.status == 0 and out.out.startswith("extreme ")
    assert "(Brute Force)" in out.out


@pytest.mark.parametrize("name", ["puzzles.txt", "explainer", ""])
def test_an_unknown_scale_is_one_line_and_status_2(name: str) -> None:
    out = sudoku("rate", f"--scale={name}" if name else "--scale=", stdin=INPUT)
    if not name:  # an empty name is the bare flag: the table
        assert out.status == 0 and out.out.startswith("scale sudokit-")
        return
    assert out.status == 2 and out.out == ""
    assert out.stderr == (f"sudoku: error: unknown scale {name!r} (known: sudokit, se, sukaku, "
                          "hodoku; --scale with no name prints the scale table)\n")


def test_a_file_after_a_bare_scale_flag_is_taken_for_a_scale(tmp_path: Path) -> None:
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text(HARD + "\n")
    out = sudoku("rate", "--scale", str(puzzles))
    assert out.status == 2 and "unknown scale" in out.stderr and "known: sudokit" in out.stderr


def test_bare_scale_flag_still_prints_the_table() -> None:
    out = sudoku("rate", "--scale")
    assert out.status == 0 and out.out.splitlines()[0] == f"scale {scale_id()}"


def test_help_names_the_scales() -> None:
    text = " ".join(sudoku_process("rate", "--help").out.split())
    assert "--scale [NAME]" in text and "hodoku" in text and "sukaku" in text


def test_the_scale_reaches_worker_processes() -> None:
    one = sudoku("rate", "--scale", "hodoku", stdin=INPUT)
    two = sudoku("rate", "--scale", "hodoku", "--jobs", "2", stdin=INPUT)
    assert two.status == 0 and two.out == one.out and " hard 614 " in two.out


def test_a_dataset_keeps_sudokits_scale(tmp_path: Path) -> None:
    out = sudoku("rate", "--scale", "hodoku", "--to", "jsonl", "-o", str(tmp_path / "out.jsonl"),
                 stdin=INPUT)
    assert out.status == 2 and out.stderr.startswith(
        "sudoku: error: --scale hodoku rates lines, not a dataset: a dataset keeps sudokit's "
        "scale\n")
    assert not (tmp_path / "out.jsonl").exists()
