"""The optional Squirmbag, Whale and Leviathan: basic fish of five, six and seven lines.
On a 9x9 grid each stands for a smaller fish of the other direction (the lines outside its
base and cover), with the same eliminations; checked against fish enumerated in the test
and for soundness."""

from __future__ import annotations

import itertools

import pytest

from sudokit.candidates import Candidates
from sudokit.logic import next_step
from sudokit.logic.select import choose
from sudokit.logic.techniques import BY_KEY
from support.soundness import keeps_every_solution

#: an X-Wing of 3 in columns 3 and 4 (a Squirmbag or Whale of 3 in rows)
XWING = Candidates([
    256, 140, 142, 206, 196, 76, 16, 32, 1, 130, 152, 32, 154, 1, 24, 64, 256, 4, 64, 1, 20, 20,
    256, 32, 2, 8, 128, 32, 148, 148, 148, 2, 1, 8, 64, 256, 135, 460, 398, 484, 228, 324, 133,
    134, 16, 135, 468, 406, 468, 8, 340, 133, 134, 32, 8, 2, 260, 260, 16, 128, 32, 1, 64, 16,
    420, 64, 1, 36, 2, 388, 132, 8, 132, 420, 1, 364, 100, 332, 388, 16, 2,
])
#: a Swordfish of 1 in rows: a Whale of 1 in columns takes r5c1, r6c1, r7c1 and r9c9
SWORDFISH = Candidates([
    16, 2, 4, 33, 256, 8, 64, 128, 33, 33, 64, 256, 33, 16, 128, 10, 6, 12, 128, 41, 9, 64, 4, 2,
    33, 16, 256, 9, 128, 2, 16, 64, 4, 256, 32, 9, 261, 5, 32, 8, 128, 257, 16, 64, 2, 265, 16,
    64, 2, 33, 289, 4, 9, 128, 37, 45, 128, 256, 2, 16, 41, 9, 64, 2, 41, 9, 4, 41, 64, 128, 256,
    16, 64, 256, 16, 128, 41, 33, 43, 6, 45,
])
#: a Jellyfish of 9: a Squirmbag of 9 in the other direction takes the same fifteen
JELLYFISH = Candidates([
    508, 480, 312, 370, 466, 434, 396, 321, 463, 508, 480, 312, 370, 1, 434, 396, 320, 462, 448,
    1, 2, 4, 448, 8, 16, 32, 448, 1, 416, 304, 66, 198, 134, 268, 272, 316, 304, 2, 4, 281, 280,
    273, 64, 128, 304, 400, 8, 64, 272, 32, 132, 1, 2, 276, 362, 352, 296, 315, 286, 311, 384,
    337, 465, 258, 4, 1, 128, 274, 64, 32, 8, 272, 360, 16, 128, 297, 264, 289, 2, 4, 321,
])
BOARDS = (XWING, SWORDFISH, JELLYFISH)
SIZES = {"squirmbag": 5, "whale": 6, "leviathan": 7}


def _name(cell: int) -> str:
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def _fish_by_hand(board: Candidates, k: int) -> set[frozenset[tuple[str, int]]]:
    """What each basic fish of ``k`` lines removes: k lines of one direction in which the
    digit (unplaced, two places at least in each) lies within k lines of the other."""
    out = set()
    for d in range(1, 10):
        def has(r: int, c: int, d: int = d) -> bool:
            m = board.masks[9 * r + c]
            return m.bit_count() > 1 and bool(m >> (d - 1) & 1)
        for rows in (True, False):
            at = (lambda i, j: has(i, j)) if rows else (lambda i, j: has(j, i))
            places = {i: {j for j in range(9) if at(i, j)} for i in range(9)}
            lines = [i for i in range(9) if 2 <= len(places[i]) <= k]
            for base in itertools.combinations(lines, k):
                cover = set().union(*(places[i] for i in base))
                if len(cover) != k:
                    continue
                removed = frozenset(
                    (_name(9 * i + j if rows else 9 * j + i), d)
                    for i in range(9) if i not in base for j in cover if at(i, j))
                if removed:
                    out.add(removed)
    return out


def _removed(step: object) -> frozenset[tuple[str, int]]:
    return frozenset((e.cell, e.digit) for e in step.eliminations)  # type: ignore[attr-defined]


@pytest.mark.parametrize("key", list(SIZES))
@pytest.mark.parametrize("board", BOARDS, ids=("x-wing", "swordfish", "jellyfish"))
def test_the_big_fish_find_a_fish_of_their_size(pure: bool, board: Candidates,
                                               key: str) -> None:
    by_hand = _fish_by_hand(board, SIZES[key])
    step = next_step(board, techniques=[BY_KEY[key]])
    if step is None:
        assert not by_hand
        return
    assert step.technique == BY_KEY[key].name
    assert _removed(step) in by_hand
    keeps_every_solution(board, step)


def test_each_stands_for_a_smaller_fish_of_the_other_direction(pure: bool) -> None:
    whale = next_step(SWORDFISH, techniques=[BY_KEY["whale"]])
    assert whale is not None and "columns" in whale.text.split(":")[0].split(" fits")[0]
    assert _removed(whale) == {("r5c1", 1), ("r6c1", 1), ("r7c1", 1), ("r9c9", 1)}
    squirmbag = next_step(JELLYFISH, techniques=[BY_KEY["squirmbag"]])
    jellyfish = next_step(JELLYFISH, techniques=[BY_KEY["jellyfish"]])
    assert squirmbag is not None and jellyfish is not None
    assert _removed(squirmbag) == _removed(jellyfish)
    assert len(_removed(squirmbag)) == 15


def test_they_are_named_and_join_a_ladder_after_the_jellyfish() -> None:
    keys = [t.key for t in choose("default,leviathan,whale,squirmbag")]
    assert keys.index("jellyfish") < keys.index("squirmbag") < keys.index("whale") < keys.index(
        "leviathan")
    assert [t.name for t in choose("squirmbag,whale,leviathan")] == [
        "Squirmbag", "Whale", "Leviathan"]
    assert "squirmbag" not in {t.key for t in choose()}
