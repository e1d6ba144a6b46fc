"""benchmarks/se_compare.py: ratings set beside another program's, from puzzles alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from support.files import ROOT

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
BUG = ".3...694............9453.867.4..........8..........13582.5....1..76...5.3..2....."


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / "se_compare.py"), *args],
                          capture_output=True, text=True, check=False, timeout=120)


def test_puzzles_alone_are_compared_with_a_reference(tmp_path: Path) -> None:
    puzzles, reference = tmp_path / "p.txt", tmp_path / "se.tsv"
    puzzles.write_text(f"{EASY}\n{BUG}\n")
    # as the reference programs' rate-se writes Sudoku Explainer 1.2.1.3's ratings
    reference.write_text("1.2/1.2/1.2\t0.1\t0.1\t0.1\n5.6/1.2/1.2\t0.1\t0.1\t0.1\n")
    done = run(str(puzzles), "--reference", str(reference), "--techniques", "se", "--worst", "0")
    assert done.returncode == 0, done.stderr
    assert "| all | 2 | 3.40 | 3.40 | +0.00 | 0.00 | 100% |" in done.stdout


def test_puzzles_alone_need_a_reference(tmp_path: Path) -> None:
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(f"{EASY}\n")
    done = run(str(puzzles))
    assert done.returncode == 1
    assert f"{puzzles}, line 1: expected 81 cells, ER" in done.stderr
