"""benchmarks/create_technique.py, on one quick technique: its lines, the walks per puzzle,
how many puzzles made are minimal, and the choice of the walks' starts (which must not outlive
the run)."""

from __future__ import annotations

import re

import pytest

from sudokit.generator import make as generator
from sudokit.generator import targeted_search
from support.files import load_benchmark


@pytest.mark.parametrize("starts", ["auto", "random", "digit"])
def test_each_technique_gets_a_rate_and_its_walks_per_puzzle(
        starts: str, capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark("create_technique")
    assert bench.main(["--seconds", "0.05", "--count", "2", "--starts", starts,
                       "skyscraper"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("reference: minimal puzzle + rating")
    line = out[2]
    found = re.match(r"skyscraper +[\d.]+/s +\(2 in [\d.]+ s, (\d+) walks a puzzle, "
                     r"([012]) minimal\)$", line)
    assert found, line
    assert int(found[1]) >= 1
    assert targeted_search.minimal_digs is generator.minimal_digs  # put back


def test_minimal_puzzles_are_counted_minimal(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark("create_technique")
    assert bench.main(["--seconds", "0.05", "--count", "2", "--minimal", "skyscraper"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "minimal" in out[0]
    assert out[2].endswith(", 2 minimal)"), out[2]
