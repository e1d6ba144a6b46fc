"""``sudoku rate`` on several puzzles of overlapping grids (samurai, twodoku, ...): each is
written as it was read, after its rating as a comment line, so that the output reads back as
the same puzzles in the same order; one sheet alone, and classic lines, keep one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sudokit import formats
from sudokit.sheets import SheetGrid
from support.clirunner import sudoku
from support.files import EXAMPLES

SAMURAI = (EXAMPLES / "samurai.txt").read_text()

#: Two 9x9 grids sharing a box, one solution (made by ``sudoku create --variant twodoku``).
TWODOKU = (
    "97.......\n"
    "4..8.1.5.\n"
    "..8.6....\n"
    "5.6..2.1.\n"
    "....3.2..\n"
    "..3....6.\n"
    ".1...9...1..564\n"
    ".5....1.......2\n"
    "..7.18.....2...\n"
    "      ......2.6\n"
    "      .8.61....\n"
    "      ...5.743.\n"
    "      8.9.7...3\n"
    "      ..48.....\n"
    "      27....8..\n"
)

#: What a rating line looks like (level, score, hardest technique, ER/EP/ED).
RATING = re.compile(r"(easy|medium|hard|expert|extreme) \d+\.\d \(.+\) ED=[\d./]+")


@pytest.fixture
def sheets(tmp_path: Path) -> Path:
    """A file of a samurai, a twodoku and the samurai again, a blank line between them."""
    path = tmp_path / "sheets.txt"
    path.write_text(f"{SAMURAI.rstrip()}\n\n{TWODOKU}\n{SAMURAI.rstrip()}\n")
    return path


def _blocks(out: str) -> list[list[str]]:
    """The output's records: the lines between blank lines."""
    return [block.splitlines() for block in out.split("\n\n") if block.strip()]


def test_each_sheet_is_written_as_read_after_its_rating(sheets: Path) -> None:
    done = sudoku("rate", str(sheets))
    assert done.status == 0 and done.stderr == ""
    assert done.out.endswith("\n\n")
    blocks = _blocks(done.out)
    read = [SAMURAI.rstrip(), TWODOKU.rstrip(), SAMURAI.rstrip()]
    assert [lines[1:] for lines in blocks] == [text.splitlines() for text in read]
    for lines in blocks:
        assert lines[0].startswith("# ") and RATING.fullmatch(lines[0][2:]), lines[0]
    alone = [sudoku("rate", "--variant", variant, "-", stdin=text.encode()).out
             for variant, text in (("samurai", SAMURAI), ("twodoku", TWODOKU))]
    assert [lines[0] for lines in blocks] == [f"# {alone[0].strip()}", f"# {alone[1].strip()}",
                                              f"# {alone[0].strip()}"]
    assert all(RATING.fullmatch(line.rstrip("\n")) and line.count("\n") == 1 for line in alone)


def test_classic_lines_keep_one_line_each(tmp_path: Path) -> None:
    lines = [line for line in (EXAMPLES / "puzzles.txt").read_text().splitlines()
             if not line.startswith("#")][:2]
    classic = tmp_path / "classic.txt"
    classic.write_text("\n".join(lines) + "\n")
    out = sudoku("rate", str(classic)).out.splitlines()
    assert [line.split(" ", 1)[0] for line in out] == lines
    assert all(RATING.fullmatch(line.split(" ", 1)[1]) for line in out)


def test_the_output_reads_back_as_the_same_puzzles(sheets: Path, tmp_path: Path) -> None:
    out = tmp_path / "rated.txt"
    assert sudoku("rate", str(sheets), "-o", str(out)).status == 0
    assert formats.loads(out.read_text(), "samurai") == formats.loads(sheets.read_text(),
                                                                      "samurai")
    again = sudoku("rate", str(out))
    assert again.status == 0 and again.out == out.read_text()
    assert sudoku("solve", str(out)).out == sudoku("solve", str(sheets)).out


def test_one_line_per_grid_comes_back_in_that_form(tmp_path: Path) -> None:
    puzzles = [SheetGrid.parse(SAMURAI), SheetGrid.parse(SAMURAI).with_digit(0, 0)]
    path = tmp_path / "grids.txt"
    path.write_text("\n\n".join("\n".join(p.grid_lines()) for p in puzzles) + "\n")
    done = sudoku("rate", "--variant", "samurai", str(path))
    assert done.status == 0, done.stderr
    blocks = _blocks(done.out)
    assert [lines[1:] for lines in blocks] == [p.grid_lines() for p in puzzles]
    assert sudoku("rate", "--variant", "samurai", "-", stdin=done.stdout).out == done.out


def test_an_unreadable_sheet_keeps_its_place(tmp_path: Path) -> None:
    rows = SAMURAI.splitlines()
    rows[0] = "5" + rows[0]  # a digit where no grid is
    path = tmp_path / "broken.txt"
    path.write_text(f"{TWODOKU}\n" + "\n".join(rows) + f"\n\n{TWODOKU}")
    done = sudoku("rate", str(path))
    assert done.status == 2 and done.stderr.count("\n") == 1
    blocks = _blocks(done.out)
    assert len(blocks) == 3 and blocks[0] == blocks[2]
    assert blocks[1] == [f"ERROR: {path}, line 17: " + done.stderr.split(", line 17: ")[1]
                         .rstrip("\n")]
    again = sudoku("rate", "-", stdin=done.stdout)
    assert len(_blocks(again.out)) == 3 and _blocks(again.out)[0] == blocks[0]


def test_resume_goes_on_after_the_last_whole_sheet(sheets: Path, tmp_path: Path) -> None:
    whole = sudoku("rate", str(sheets)).out.encode()
    out = tmp_path / "rated.txt"
    second = whole.index(b"\n\n") + 2
    for cut in (second - 3, second + 40):  # stopped in the first sheet, in the second
        out.write_bytes(whole[:cut])
        done = sudoku("rate", "--resume", "-o", str(out), str(sheets))
        assert done.status == 0, done.stderr
        assert out.read_bytes() == whole
