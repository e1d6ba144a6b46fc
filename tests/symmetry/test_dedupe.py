"""Removing isomorphs: the set in memory and the bucket files give the same first puzzle of
each class, the plain way (a dict of canonical forms) agrees, and the files go away."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sudokit import Grid
from sudokit.symmetry import Transform, canonical
from sudokit.symmetry.dedupe import Spill, buckets_for, class_keys, first_of_each, is_kept
from support.files import DATA, read_lines


def collection() -> list[Grid]:
    rng = random.Random(3)
    base = [Grid(line[:81]) for line in read_lines(DATA / "puzzles6_forum_hardest_1106.txt")[:40]]
    return [rng.choice([g, Transform.random(rng).apply(g)]) for g in rng.choices(base, k=300)]


def reference(grids: list[Grid]) -> list[int]:
    """The first index of each canonical form, the plain way."""
    first: dict[Grid, int] = {}
    for i, g in enumerate(grids):
        first.setdefault(canonical(g), i)
    return sorted(first.values())


def test_first_of_each_agrees_with_a_dict_of_forms() -> None:
    grids = collection()
    kept = list(first_of_each(grids))
    assert kept == reference(grids)
    assert 20 < len(kept) < 300


@pytest.mark.parametrize("buckets", [1, 3, 16])
def test_bucket_files_mark_the_same_puzzles(buckets: int, tmp_path: Path) -> None:
    grids = collection()
    with Spill(buckets, str(tmp_path)) as spill:
        for start in range(0, len(grids), 70):  # in pieces, as a stream gives them
            part = grids[start:start + 70]
            keys, clashes = class_keys(b"".join(bytes(g.cells) for g in part), len(part))
            assert clashes == 0
            spill.add(keys)
        bitmap = spill.kept()
    assert [i for i in range(len(grids)) if is_kept(bitmap, i)] == reference(grids)
    assert list(tmp_path.iterdir()) == []


def test_clashing_puzzles_are_keyed_as_written() -> None:
    clash = bytes([1, 1] + [0] * 79)
    other = bytes([2, 2] + [0] * 79)
    keys, clashes = class_keys(clash + other + clash, 3)
    assert clashes == 3 and keys[0] == keys[2] != keys[1]


def test_bucket_counts_grow_with_the_input() -> None:
    assert buckets_for(0) == 16
    assert buckets_for(10 ** 12) == 512
    assert buckets_for(10 ** 10) > buckets_for(10 ** 8)
    with pytest.raises(ValueError, match="buckets"):
        Spill(0)
