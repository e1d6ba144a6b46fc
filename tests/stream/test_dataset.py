"""Datasets: ``--to jsonl`` and ``--to parquet`` read back with the json module and with
pyarrow, hold the documented schema, and say what the text commands say."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sudokit import Grid
from sudokit.stream import dataset
from support.clirunner import sudoku
from support.files import data_file

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

PUZZLES = [line for line in data_file("puzzles3_magictour_top1465.txt").read_text().splitlines()
           if line and not line.startswith("#")][:12]
TEXT = ("\n".join(PUZZLES[:6] + ["11" + "." * 79, "12345"] + PUZZLES[6:]) + "\n").encode()


def jsonl(data: bytes) -> list[dict]:
    return [json.loads(line) for line in data.decode().splitlines()]


def parquet(data: bytes) -> list[dict]:
    rows: list[dict] = pq.read_table(io.BytesIO(data)).to_pylist()
    return rows


def test_rate_to_jsonl_says_what_rate_and_solve_print() -> None:
    done = sudoku("rate", "--to", "jsonl", stdin=TEXT)
    assert done.status == 2  # the unreadable line, reported on standard error
    assert "line 8" in done.stderr
    records = jsonl(done.stdout)
    assert [r["index"] for r in records] == list(range(14))
    assert [r["line"] for r in records] == list(range(1, 15))
    assert all(list(r) == list(dataset.FIELDS) for r in records)
    rated = sudoku("rate", stdin=TEXT).out.splitlines()
    solved = sudoku("solve", stdin=TEXT).out.splitlines()
    for rec, rating, solution in zip(records, rated, solved, strict=True):
        if rec["error"] is not None:
            assert rating.startswith("ERROR:") and rec["puzzle"] is None
            continue
        # rate prints the puzzle, then its rating
        assert rating.split("  #")[0] == f"{rec['puzzle']} {rec['rating']}"
        assert rating.split()[1:3] == [rec["level"], f"{rec['score']:.1f}"]
        if rec["solutions"]:
            assert rec["solution"] == solution
        else:
            assert rec["solution"] is None and rec["level"] == "invalid"
            assert solution == "ERROR: Puzzle not solveable"


def test_parquet_holds_the_same_records_as_jsonl() -> None:
    done = sudoku("rate", "--to", "parquet", stdin=TEXT)
    assert done.stdout[:4] == b"PAR1"
    table = pq.read_table(io.BytesIO(done.stdout))
    assert table.schema.names == list(dataset.FIELDS)
    assert table.schema.equals(dataset.arrow_schema())
    assert table.to_pylist() == jsonl(sudoku("rate", "--to", "jsonl", stdin=TEXT).stdout)


def test_steps_are_the_ordered_steps_explain_prints() -> None:
    one = (PUZZLES[0] + "\n").encode()
    rec = jsonl(sudoku("rate", "--to", "jsonl", "--steps", stdin=one).stdout)[0]
    explained = json.loads(sudoku("explain", "--json", "--guess", stdin=one).out)
    assert rec["steps"] == explained["steps"]
    assert rec["steps"][0]["placements"] or rec["steps"][0]["eliminations"]
    table = pq.read_table(io.BytesIO(sudoku("rate", "--to", "parquet", "--steps",
                                            stdin=one).stdout))
    assert table.schema.equals(dataset.arrow_schema(steps=True))
    assert table.to_pylist()[0]["steps"] == rec["steps"]


def test_create_to_a_dataset_records_the_puzzles_create_prints() -> None:
    args = ["create", "--count", "5", "--seed", "data"]
    records = jsonl(sudoku(*args, "--to", "jsonl").stdout)
    lines = sudoku(*args, "--to", "line", "--with-solution").out.splitlines()
    assert [r["puzzle"] for r in records] == lines[0::2]
    assert [r["solution"] for r in records] == lines[1::2]
    assert all(r["solutions"] == 1 and r["level"] and r["line"] is None for r in records)
    assert parquet(sudoku(*args, "--to", "parquet").stdout) == records


def test_partitions_are_whole_files_and_resume_keeps_them(tmp_path: Path) -> None:
    records = [dataset.unreadable(ValueError("x"), index=i, line=i + 1) for i in range(7)]
    out = tmp_path / "parts"
    writer = dataset.PartitionedWriter(out, "parquet", 3)
    for rec in records[:5]:
        writer.write(rec)
    # stopped here: the second partition was not finished and is not there
    assert sorted(p.name for p in out.iterdir()) == ["part-00000.parquet"]
    again = dataset.PartitionedWriter(out, "parquet", 3, resume=True)
    assert again.done == 3
    for rec in records[again.done:]:
        again.write(rec)
    again.close()
    assert sorted(p.name for p in out.iterdir()) == [
        "part-00000.parquet", "part-00001.parquet", "part-00002.parquet"]
    assert dataset.read_records(out) == records
    fresh = dataset.PartitionedWriter(out, "parquet", 3)  # no resume: starts again
    assert fresh.done == 0 and not list(out.iterdir())


def test_a_jsonl_partition_reads_back_with_the_json_module(tmp_path: Path) -> None:
    writer = dataset.PartitionedWriter(tmp_path, "jsonl", 2)
    recs = [dataset.record(Grid(p), index=i) for i, p in enumerate(PUZZLES[:3])]
    for rec in recs:
        writer.write(rec)
    writer.close()
    parts = sorted(tmp_path.iterdir())
    assert [p.name for p in parts] == ["part-00000.jsonl", "part-00001.jsonl"]
    assert [json.loads(line) for p in parts for line in p.read_text().splitlines()] == recs
