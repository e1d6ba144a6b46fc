"""benchmarks/hodoku_compare.py: sudokit's HoDoKu-like level and effort set beside HoDoKu's."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.files import load_benchmark

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
X_WING = "........1.......2...3..4........53...1.......56....7......6......8...47.7..12...."


def test_it_counts_the_levels_that_agree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    compare = load_benchmark("hodoku_compare")
    puzzles, reference = tmp_path / "p.txt", tmp_path / "h.tsv"
    puzzles.write_text(f"# two puzzles\n{EASY}\n{X_WING}\n")
    reference.write_text(f"{EASY}\tEasy\t204\tHidden Single\n{X_WING}\tExtreme\t9999\tX-Wing\n")
    monkeypatch.setattr("sys.argv", ["hodoku_compare", str(puzzles), str(reference)])
    compare.main()
    out = capsys.readouterr().out
    assert "level: 1 of 2 the same (50%)" in out
    assert "| easy | 1 | 0 | 0 | 0 | 0 |" in out  # HoDoKu's easy puzzle is easy here too


def test_a_reference_of_other_puzzles_stops_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compare = load_benchmark("hodoku_compare")
    puzzles, reference = tmp_path / "p.txt", tmp_path / "h.tsv"
    puzzles.write_text(f"{EASY}\n")
    reference.write_text(f"{X_WING}\tHard\t300\n")
    monkeypatch.setattr("sys.argv", ["hodoku_compare", str(puzzles), str(reference)])
    with pytest.raises(SystemExit, match=r"h.tsv, line 1: not the puzzle of .*p.txt, line 1"):
        compare.main()
