"""Death Blossom lists a step for every stem and digit it removes, not only the first one:
HoDoKu's blossom on stem r3c6, whose third petal has six cells, is listed by the large Death
Blossom and by ``hint --all``, and every listed step keeps the solution."""

from __future__ import annotations

import itertools

from sudokit import formats
from sudokit.logic import teach
from sudokit.logic.board import Board
from sudokit.logic.techniques import BY_KEY, death_blossom
from support.boards import pencilmarks
from support.clirunner import sudoku
from support.soundness import keeps_every_solution

#: before HoDoKu's Death Blossom on stem r3c6 {5,6,9}: 5 r7c6+r9c6 {2,4,5}, 6 r1c4 {4,6},
#: 9 r1c2+r2c1+r2c2+r3c1+r3c2+r3c3 {1,3,4,5,6,7,9}: 4 leaves r2c6
BOARD = pencilmarks(
    "1256 15 249 46 459 8 7 169 3 1467 17 8 2 3 469 5 169 169 56 35 39 7 1 569 4 2 8 245 8 24 "
    "46 7 1 9 3 456 1457 1357 34 8 49 469 2 4567 4567 47 9 6 5 2 3 1 8 47 8 4 7 1 6 25 3 59 "
    "259 9 2 5 3 8 7 6 14 14 3 6 1 9 45 245 8 57 257"
)
SOLUTION = "612458793478239516539716428284671935153894267796523184847162359925387641361945872"
GONE = (("r2c6", 4),)


def _gone(step: object) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((e.cell, e.digit) for e in step.eliminations))  # type: ignore[attr-defined]


def test_the_large_blossom_lists_hodokus_step(pure: bool) -> None:
    listed = list(death_blossom.every_large(Board.from_candidates(BOARD)))
    first = death_blossom.find_large(Board.from_candidates(BOARD))
    assert first is not None and _gone(listed[0]) == _gone(first)
    assert _gone(first) != GONE  # the first one found is another
    step = next(s for s in listed if _gone(s) == GONE)
    assert step.text.startswith("Death Blossom on stem r3c6")
    assert "r1c2, r2c1, r2c2, r3c1, r3c2 and r3c3" in step.text
    for s in listed:
        keeps_every_solution(BOARD, s)
        for e in s.eliminations:
            assert SOLUTION[BOARD.shape.parse_cell(e.cell)] != str(e.digit)
    # one step per stem and digit: no (stem, digit) twice
    stems = [(s.text.split()[4], _gone(s)[0][1]) for s in listed]
    assert len(stems) == len(set(stems))


def test_the_small_blossom_lists_each_stem(pure: bool) -> None:
    board = Board.from_candidates(BOARD)
    listed = list(itertools.islice(death_blossom.every(board), 50))
    first = death_blossom.find(Board.from_candidates(BOARD))
    assert (first is None) == (not listed)
    if first is not None:
        assert _gone(listed[0]) == _gone(first)
    for s in listed:
        keeps_every_solution(BOARD, s)


def test_hint_all_lists_it() -> None:
    tech = BY_KEY["large-death-blossom"]
    shown = teach.all_steps(BOARD, techniques=[tech])[tech.name]
    assert GONE in {_gone(s) for s in shown}
    out = sudoku("hint", "--all", "--techniques", "large-death-blossom",
                 stdin=formats.dumps([BOARD], "candidates").encode())
    assert out.status == 0 and ": r2c6<>4\n" in out.out
