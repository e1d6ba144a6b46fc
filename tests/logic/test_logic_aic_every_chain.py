"""``hint --all`` (``teach.all_steps``) lists every AIC, X-Chain and XY-Chain that removes
something, one per set of removals and shortest first, not only the shortest: on a board of a
real solving path it lists six AICs (and on another four XY-Chains), the first the one the
ladder takes, each removing only candidates that see both its ends, and keeping every solution."""

from __future__ import annotations

import re

from sudokit.logic import next_step, teach
from sudokit.logic.techniques import aic
from support.boards import pencilmarks
from support.soundness import keeps_every_solution

#: a board along the solving path of a top1465 puzzle, just before its first AIC
BOARD_TEXT = (
    "356 4 79 3578 1 36 2 368 35689 2356 2568 68 35 2456 9 145 7 13456 2356 1 79 3578 24567 "
    "2346 589 3468 345689 125 59 12 4 3 7 6 128 1289 8 27 23 19 69 16 47 5 234 146 679 1346 2 "
    "8 5 179 13 1379 7 36 5 139 249 8 14 1246 1246 124 28 1248 6 57 124 3 9 57 9 236 1246 1357 "
    "2457 1234 1578 12468 125678"
)
BOARD = pencilmarks(BOARD_TEXT)


def _cell(name: str) -> int:
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def _weakly_linked(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Can candidates a and b (cell, digit) not both be true, by the rules alone?"""
    (ca, da), (cb, db) = a, b
    if ca == cb:
        return da != db
    sees = ca // 9 == cb // 9 or ca % 9 == cb % 9 or (
        (ca // 27, ca % 9 // 3) == (cb // 27, cb % 9 // 3))
    return da == db and sees


def test_hint_all_lists_every_aic(pure: bool) -> None:
    listed = teach.all_steps(BOARD, techniques=[aic.AIC])["AIC"]
    assert len(listed) == 6
    assert listed[0] == next_step(BOARD, techniques=[aic.AIC])
    assert len({(s.placements, s.eliminations) for s in listed}) == len(listed)
    for step in listed:
        ends = re.match(r"(\d)(r\dc\d) or (\d)(r\dc\d) is true", step.text)
        assert ends is not None, step.text
        first = (_cell(ends[2]), int(ends[1]))
        last = (_cell(ends[4]), int(ends[3]))
        for name, digit in step.eliminations:
            gone = (_cell(name), digit)
            assert _weakly_linked(gone, first) and _weakly_linked(gone, last), step.text
        keeps_every_solution(BOARD, step)


#: another path's board, just before its first XY-Chain
XY_TEXT = (
    "8 1 9 4 26 26 3 7 5 46 3 246 7 5 1 24 8 9 5 24 7 8 3 9 246 16 12 19 7 8 5 4 3 19 2 6 3 "
    "24 124 6 9 27 17 5 8 269 5 26 1 27 8 79 4 3 17 6 3 2 17 5 8 9 4 1247 9 124 3 8 467 5 16 "
    "127 1247 8 5 9 167 467 26 3 127"
)


def test_hint_all_lists_every_xy_chain(pure: bool) -> None:
    board = pencilmarks(XY_TEXT)
    listed = teach.all_steps(board, techniques=[aic.XY_CHAIN])["XY-Chain"]
    assert len(listed) == 4
    assert listed[0] == next_step(board, techniques=[aic.XY_CHAIN])
    for step in listed:
        keeps_every_solution(board, step)
