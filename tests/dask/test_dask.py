"""sudokit.dask: partition functions with dask.bag and dask.dataframe give what the commands
print, and generate_bag makes the puzzles ``sudoku create --seed`` makes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from sudokit import dask as sd
from sudokit import formats
from sudokit.executors import InlineExecutor
from sudokit.generator.make import iter_generate, puzzle_maker
from sudokit.stream import dataset
from support.clirunner import sudoku
from support.files import data_file

dask = pytest.importorskip("dask")
db = pytest.importorskip("dask.bag")
pd = pytest.importorskip("pandas")

LINES = [line for line in data_file("puzzles3_magictour_top1465.txt").read_text().splitlines()
         if line and not line.startswith("#")][:40]
MIXED = LINES[:20] + ["11" + "." * 79, "12345"] + LINES[20:]


@pytest.fixture(autouse=True)
def one_thread() -> object:
    """Dask's own scheduler in this process: the functions are what is tested here; the
    cluster has tests of its own (test_dask_cli)."""
    with dask.config.set(scheduler="sync"):
        yield


@pytest.fixture
def puzzle_file(tmp_path: Path) -> Path:
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(MIXED) + "\n")
    return path


def _unnamed(printed: str) -> str:
    """sudoku rate's lines without the puzzle each begins with (on several puzzles)."""
    return "".join(line if line.startswith("ERROR: ") else line.split(" ", 1)[1]
                   for line in printed.splitlines(keepends=True))


def same_but_where(got: list[str], printed: str) -> None:
    """``got`` is what the command printed, line for line; the line of a text that is not
    a puzzle says why without naming a file (a partition has none)."""
    lines = printed.splitlines()
    assert len(got) == len(lines)
    for mine, theirs in zip(got, lines, strict=True):
        if theirs.startswith("ERROR: ") and "line" in theirs:
            assert mine.startswith("ERROR: ")
        else:
            assert mine == theirs


def test_solve_partition_on_a_bag_prints_what_sudoku_solve_prints(puzzle_file: Path) -> None:
    bag = db.read_text(str(puzzle_file), blocksize=1000)
    assert bag.npartitions > 1
    same_but_where(bag.map_partitions(sd.solve_partition).compute(),
                   sudoku("solve", str(puzzle_file)).out)


def test_rate_partition_on_a_bag_prints_what_sudoku_rate_prints(puzzle_file: Path) -> None:
    bag = db.read_text(str(puzzle_file), blocksize=1500)
    same_but_where(bag.map_partitions(sd.rate_partition).compute(),
                   _unnamed(sudoku("rate", str(puzzle_file)).out))


def test_count_partition_counts_and_marks_what_is_not_a_puzzle() -> None:
    counts = sd.count_partition(["# a comment\n", LINES[0] + "\n", "\n", "." * 81, "11" + "." * 79,
                                 "12345"], limit=2)
    assert counts == [1, 2, 0, None]


def test_record_partition_gives_dataset_records_with_steps() -> None:
    records = sd.record_partition(LINES[:2], steps=True)
    assert [r["index"] for r in records] == [0, 1]
    assert records[0]["puzzle"] == LINES[0]
    assert records[0]["steps"] and records[0]["steps"][0]["technique"]
    assert set(records[0]) == {*dataset.FIELDS, "steps"}


def test_frames_in_and_out_with_dask_dataframe() -> None:
    dd = pytest.importorskip("dask.dataframe")
    frame = pd.DataFrame({"id": range(len(MIXED)), "puzzle": MIXED})
    lazy = dd.from_pandas(frame, npartitions=3)
    solved = lazy.map_partitions(sd.solve_frame, meta=sd.meta("solve")).compute()
    assert list(solved.index) == list(frame.index)
    expected = sudoku("solve", stdin="\n".join(MIXED).encode() + b"\n").out.splitlines()
    for row, line in zip(solved.itertuples(), expected, strict=True):
        if line.startswith("ERROR"):
            assert row.solution is None or pd.isna(row.solution)
        else:
            assert (row.solution, row.outcome) == (line, "solved")
    assert solved.outcome.tolist()[20:22] == ["no solution", "unreadable"]
    rated = lazy.map_partitions(sd.rate_frame, meta=sd.meta("rate")).compute()
    texts = _unnamed(sudoku("rate", stdin="\n".join(MIXED).encode() + b"\n").out).splitlines()
    assert rated.rating.tolist()[:20] == [t.split("  #")[0] for t in texts[:20]]
    assert rated.level.iloc[20] == "invalid" and rated.error.iloc[21]
    counted = lazy.map_partitions(sd.count_frame, meta=sd.meta("count")).compute()
    assert counted["count"].tolist()[:21] == [1] * 20 + [0]


def test_generate_bag_equals_create_with_the_same_seed() -> None:
    bag = sd.generate_bag(23, seed="bag", partition_size=5)
    assert bag.npartitions == 5
    made = bag.compute()
    want = sudoku("create", "--count", "23", "--seed", "bag", "--with-solution")
    got = io.BytesIO()
    writer = formats.Writer("grid", got)
    for puzzle, solution in made:
        writer.write(puzzle)
        writer.write(solution)
    writer.close()
    assert got.getvalue() == want.stdout


def test_generate_bag_remakes_a_duplicate_as_create_does() -> None:
    # every index's first stream makes the same puzzle: each later one must be remade
    make = puzzle_maker(seed=1)

    def same_first(index: int, attempt: int) -> object:
        return make(0, 0) if attempt == 0 else make(index, attempt)

    made = [same_first(i, 0) for i in range(4)]
    out = list(sd.distinct(made, same_first))  # type: ignore[arg-type]
    assert len({g.puzzle for g in out}) == 4
    assert out[0] == make(0, 0) and out[1] == make(1, 1)


def test_generate_on_an_executor_equals_iter_generate() -> None:
    got = list(sd.generate_on(InlineExecutor(), 30, piece=7, seed=9, symmetry="rot180"))
    assert got == list(iter_generate(30, seed=9, symmetry="rot180"))


def test_generate_bag_checks_its_options_at_once() -> None:
    from sudokit.generator.make import GenerateError

    with pytest.raises(GenerateError):
        sd.generate_bag(10, seed=1, clues=12)
