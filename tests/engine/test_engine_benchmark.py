"""benchmarks/engine.py, on a few puzzles of each data file: its table, and its check of the
answers against another build (here the same build, which must agree with itself)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudokit import engine
from support.files import data_file, load_benchmark, read_lines


def small_data(tmp_path: Path) -> Path:
    for _, name in load_benchmark("engine").FILES:
        lines = read_lines(data_file(name))[:20]
        (tmp_path / name).write_text("\n".join(lines) + "\n")
    return tmp_path


def test_the_table_names_every_file_and_both_kinds_of_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark("engine")
    assert bench.main(["--data", str(small_data(tmp_path)), "--runs", "1"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    labels = [label for label, _ in bench.FILES]
    assert len(rows) == 1 + 2 * len(labels)  # the head, then two rows per file
    for label in labels:
        assert any(row.startswith(f"| {label} | first solution |") for row in rows)
        assert any(row.startswith(f"| {label} | count to two |") for row in rows)


def test_a_baseline_build_is_compared_answer_by_answer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    k9 = engine.load("_kernel9")
    if not k9.is_compiled():
        pytest.skip("the compiled kernel is not built")
    bench = load_benchmark("engine")
    code = bench.main(["--data", str(small_data(tmp_path)), "--runs", "1", "--only", "serg",
                       "--baseline", k9.__file__])
    out = capsys.readouterr().out
    assert code == 0
    assert "new / old |" in out.splitlines()[0]
    assert "first solutions as the baseline (limits 1, 2, 3): yes" in out
