"""benchmarks/photo.py's list of the slowest photos: the ones to look at first when the
reader is to be made faster."""

from __future__ import annotations

from support.files import load_benchmark


def test_the_slowest_photos_come_first_with_their_class_seed_and_time() -> None:
    bench = load_benchmark("photo")
    times = [(0.25, "plain", 3), (1.5, "curved", 700012), (0.75, "cropped", 900004)]
    assert bench.slowest_lines(times, 2) == ["  curved seed 700012: 1500 ms",
                                             "  cropped seed 900004: 750 ms"]
    assert len(bench.slowest_lines(times, 10)) == 3
