"""benchmarks/same_steps.py: the check that a change to the rater keeps every step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from support.files import load_benchmark

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_a_record_holds_every_step_and_the_rating_without_the_scale_id() -> None:
    same_steps = load_benchmark("same_steps")
    record = json.loads(same_steps.record(PUZZLE))
    assert record["puzzle"] == PUZZLE
    assert len(record["steps"]) == 51 and record["steps"][0]["text"]
    assert "scale" not in record["rating"] and record["rating"]["score"] > 0


def test_diff_names_the_puzzle_whose_path_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    same_steps = load_benchmark("same_steps")
    line = same_steps.record(PUZZLE)
    before, after, changed = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    before.write_text(line + "\n")
    after.write_text(line + "\n")
    changed.write_text(line.replace('"score": ', '"score": 1', 1) + "\n")
    monkeypatch.setattr("sys.argv", ["same_steps", "diff", str(before), str(after)])
    assert same_steps.main() == 0
    monkeypatch.setattr("sys.argv", ["same_steps", "diff", str(before), str(changed)])
    assert same_steps.main() == 1
    assert f"puzzle 1 differs: {PUZZLE}" in capsys.readouterr().out
