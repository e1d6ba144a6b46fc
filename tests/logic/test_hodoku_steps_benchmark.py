"""benchmarks/hodoku_steps.py: HoDoKu's paths replayed, sudokit's technique asked at each step."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudokit import Grid
from sudokit.logic import solve_path
from support.files import load_benchmark

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_effects_read_hodokus_compressed_cells() -> None:
    steps = load_benchmark("hodoku_steps")
    place, gone = steps.effects(" 4,6,8 in r7c123 => r7c5,r9c2<>4, r7c58,r89c2<>6")
    assert place == set()
    assert gone == {(58, 4), (73, 4), (58, 6), (61, 6), (64, 6), (73, 6)}
    assert steps.effects(" r9c3=7") == ({(74, 7)}, set())


def test_a_path_of_singles_is_found_step_by_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    steps = load_benchmark("hodoku_steps")
    # the path written as HoDoKu writes one (sudokit's own singles, in its order)
    lines = [f"{EASY} #1 Easy (200)"]
    for step in solve_path(Grid(EASY)).steps:
        name = {"hidden-single": "Hidden Single", "naked-single": "Naked Single",
                "full-house": "Full House"}[step.key]
        cell, digit = step.placements[0]
        lines.append(f"   {name}: {cell}={digit}")
    puzzles, out = tmp_path / "p.txt", tmp_path / "h.txt"
    puzzles.write_text(EASY + "\n")
    out.write_text("\n".join(lines) + "\n")
    monkeypatch.setattr("sys.argv", ["hodoku_steps", str(puzzles), str(out)])
    steps.main()
    text = capsys.readouterr().out
    assert "1 paths; sudokit steps that contradict the solution: 0" in text
    total = len(lines) - 1
    assert f"| all | {total} | {total} | 0 | 0 | 0 |" in text  # each the technique's first
