"""sudoku bench and sudokit.stream.bench: reading puzzle files, timing, the table. No speed is
asserted here (speed is measured by benchmarks/run.py and reported, never tested)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from sudokit.formats.line import load_array, loads_array
from sudokit.stream import bench
from support.clirunner import sudoku
from support.files import data_file, read_lines

TOP = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_load_array_matches_the_reference_reader() -> None:
    path = data_file("puzzles6_forum_hardest_1106.txt")
    puzzles = load_array(path)
    lines = read_lines(path)
    assert puzzles.shape == (len(lines), 81)
    assert [("".join(str(v) for v in row)).replace("0", ".") for row in puzzles] == lines


def test_measure_reports_the_median_and_the_work_done() -> None:
    puzzles = load_array(data_file("puzzles3_magictour_top1465.txt"))[:50]
    ticks = itertools.count()
    cpu_ticks = itertools.count(step=2)
    m = bench.measure(puzzles, name="top", limit=2, runs=3, clock=lambda: float(next(ticks)),
                      cpu_clock=lambda: float(next(cpu_ticks)))
    # fake clocks that tick once (twice) per read: each sample lasts 1 (2) "seconds"
    assert m.samples == (1.0, 1.0, 1.0) and m.seconds == 1.0 and m.passes == 1
    assert m.cpu_seconds == 2.0 and m.clock == "wall"
    assert m.puzzles == 50 and m.puzzles_per_second == 50.0 and m.usec_per_puzzle == 20000.0
    assert m.work == "count to 2" and m.unsolved == 0
    assert 0.0 <= m.no_guess <= 1.0 and m.guesses_per_puzzle > 0
    cpu = bench.Measurement(**{**m.__dict__, "use_cpu": True})
    assert cpu.clock == "cpu" and cpu.puzzles_per_second == 25.0


def test_several_threads_have_no_cpu_figure() -> None:
    puzzles = load_array(data_file("puzzles3_magictour_top1465.txt"))[:200]
    m = bench.measure(puzzles, jobs=2, runs=1, use_cpu=True)
    assert m.cpu_seconds is None and m.clock == "wall" and m.timed == m.seconds


def test_measure_repeats_short_passes_within_a_sample() -> None:
    puzzles = load_array(data_file("puzzles7_serg_benchmark.txt"))[:20]
    m = bench.measure(puzzles, runs=2)
    assert m.passes > 1  # twenty easy puzzles take far less than a sample
    assert len(m.samples) == 2 and m.seconds > 0 and m.cores_used > 0


def test_measure_counts_unsolvable_puzzles() -> None:
    puzzles = loads_array(f"{TOP}\n11{'.' * 79}\n")
    m = bench.measure(puzzles, runs=1)
    assert m.unsolved == 1 and m.puzzles == 2


def test_table_and_scaling() -> None:
    def m(threads: int, seconds: float) -> bench.Measurement:
        return bench.Measurement(name="f.txt", limit=1, threads=threads, puzzles=1000,
                                 seconds=seconds, no_guess=0.25, guesses_per_puzzle=1.5,
                                 unsolved=0, samples=(seconds, seconds * 1.1))

    rows = [m(1, 0.01), m(2, 0.0055)]
    table = bench.format_table(rows)
    lines = table.splitlines()
    assert lines[0].startswith("| data | work | threads | puzzles/sec | usec/puzzle | %no_guess")
    assert lines[2] == ("| f.txt | solve | 1 | 100,000 | 10.00 | 25.0% | 1.50 | 1,000 | wall "
                        "| 10% |")
    [(name, work, threads, speedup)] = bench.scaling(rows)
    assert (name, work, threads) == ("f.txt", "solve", 2)
    assert speedup == pytest.approx(0.01 / 0.0055)


def test_cli_bench_prints_a_table_per_file_and_work(tmp_path: Path) -> None:
    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))[:30]
    path = tmp_path / "some.txt"
    path.write_text("# thirty hard ones\n" + "\n".join(lines) + "\n")
    out = sudoku("bench", str(path), "--runs", "1", "--jobs", "2", "--cpu-time")
    assert out.status == 0, out.stderr
    text = out.out
    assert "9x9 kernel" in text.splitlines()[0] and "median of 1 runs" in text
    rows = [line for line in text.splitlines() if line.startswith("| some.txt")]
    assert [r.split("|")[2:4] for r in rows] == [
        [" solve ", " 1 "], [" solve ", " 2 "], [" count to 2 ", " 1 "], [" count to 2 ", " 2 "]]
    assert "2 threads" in text


def test_cli_bench_one_limit_one_thread(tmp_path: Path) -> None:
    path = tmp_path / "one.txt"
    path.write_text(TOP + "\n")
    out = sudoku("bench", str(path), "--runs", "1", "--jobs", "1", "--limit", "2")
    assert out.status == 0
    rows = [line for line in out.out.splitlines() if line.startswith("| one.txt")]
    assert len(rows) == 1 and "count to 2" in rows[0]


def test_cli_bench_bad_file_is_one_line_and_status_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(TOP + "\n" + TOP[:80] + "?\n")
    out = sudoku("bench", str(path), "--runs", "1")
    assert out.status == 2 and out.stdout == b""
    # read as every command reads: one line naming the file and the line
    assert out.stderr.startswith(f"sudoku: error: {path}, line 2: ")
    assert out.stderr.count("\n") == 1
    missing = sudoku("bench", str(tmp_path / "nope.txt"))
    assert missing.status == 2 and "nope.txt" in missing.stderr
    assert sudoku("bench", str(path), "--runs", "0").status == 2
