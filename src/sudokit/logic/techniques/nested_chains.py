"""Nested forcing chains: the techniques past the dynamic forcing chain, up to Sudoku
Explainer's end, so that a 9x9 puzzle with one solution never needs trial and error.

Each level assumes a candidate and draws more consequences than the last (see
:mod:`.hypothesis`): a contradiction removes the candidate; a cell (or a digit's places in a
unit) whose every branch leads to the same placement or elimination makes it.

======  ===========================================  =====  ==============================
level   technique (SE's name)                        base   what the assumption follows
======  ===========================================  =====  ==============================
1       Dynamic Forcing Chain (+)                    9.0    singles, locked candidates, pairs
2       Dynamic Forcing Chain (+ Forcing Chains)     9.5    level 1 + forcing chains inside
3       Dynamic Forcing Chain (+ Multiple Chains)    10.0   level 1 + (+) chains inside
4       Dynamic Forcing Chain (+ Dynamic Chains)     10.5   level 1 + level-2 chains inside
5+      Nested Forcing Chain (level k)               11.0   ... +0.5 a level
======  ===========================================  =====  ==============================

The bases are Sudoku Explainer's (8.5 + 0.5 a level). Scores add SE's length increment for
the deductions the branch that found the step drew, counting, as SE counts a nested chain,
every chain inside it whole: each inner deduction adds the deductions of all its branches
(every candidate of a cell, every contradiction of the sweep), not only its longest one. On
the forum's hardest puzzles (which need our level 2: its inner chains are dynamic, so it
does the work of SE's levels 2 to 4) this puts the scores where SE's are, 10.0-11.8, and
orders them closer to SE's than the longest branch alone (see docs/rating.md).

The ``se`` and ``sukaku`` scales take Sudoku Explainer's own levels instead
(:data:`SE_FINDERS`): level 2 follows static forcing chains inside the assumption, level 3
also static cell and unit forcing chains, level 4 dynamic ones; and a step is as long as
the ancestors of its conclusion, each inner chain once with its own length, as SE counts it.
This orders the forum's hardest puzzles closer to SE's, but takes several seconds a puzzle.

How deep the search may go: on a puzzle known to have one solution, of at most 9x9 cells,
as deep as it takes (every deeper level contains the one before, and at enough depth the
assumptions settle every cell, so a step is always found); on larger grids only level 1,
after which a rating falls back on trial and error; on a puzzle not proven to have a single
solution (where no chain can ever finish the grid) not at all.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext

from ..board import Board
from ..graphs.chains import chain_bonus
from ..graphs.deduction import Deduction
from ..graphs.hypothesis import Hypothesis, OutOfTime, continues, deductions
from ..step import Level, Step, Technique, cell_list

#: the deepest level tried at all (far past what any known 9x9 puzzle needs)
DEEPEST = 12
#: the deepest level tried on grids larger than 9x9
SHALLOW = 1
#: what a board keeps of a sweep of Sudoku Explainer's levels that found nothing, by level
_SWEPT = "se-nested-sweep"

_FOLLOWS = {
    1: "singles, locked candidates and pairs",
    2: "singles, locked candidates, pairs and the forcing chains inside the assumption",
    3: "singles, locked candidates, pairs and the (+) forcing chains inside the assumption",
    4: "singles, locked candidates, pairs and the nested forcing chains inside the assumption",
}
#: what the assumption follows on Sudoku Explainer's own levels (its scales)
_SE_FOLLOWS = {
    1: _FOLLOWS[1],
    2: "singles, locked candidates, pairs and the static forcing chains inside the assumption",
    3: "singles, locked candidates, pairs and the static (cell and unit) forcing chains inside "
       "the assumption",
    4: "singles, locked candidates, pairs and the dynamic forcing chains inside the assumption",
}


def deepest_level(board: Board) -> int:
    """How deep the nested search may go on ``board`` (see the module's docstring)."""
    if not board.unique:
        return 0
    return DEEPEST if board.geo.n <= 9 else SHALLOW


def base_score(level: int) -> float:
    """The base score of a nesting level (8.5 the plain dynamic chain): Sudoku Explainer's,
    half a point a level."""
    return 8.5 + 0.5 * level


def _deadline(board: Board) -> float | None:
    found = board.memo.get("deadline")
    return found if isinstance(found, float) else None


def _step(board: Board, tech: Technique, level: int, found: Deduction,
          faithful: bool = False) -> Step:
    geo = board.geo
    names = geo.cell_names
    if faithful:
        follows = _SE_FOLLOWS.get(level, f"nested forcing chains {level - 4} levels deep")
    else:
        follows = _FOLLOWS.get(level, f"nested forcing chains {level - 2} levels deep")
    place = [(c, d0 + 1) for c, d0 in found.place]
    elim = [(c, d0 + 1) for c, d0 in found.elim]
    result = ", ".join(
        [f"{names[c]}={d}" for c, d in place] + [f"{names[c]}<>{d}" for c, d in elim]
    )
    src_cells = sorted({c for c, _ in found.sources})
    if found.kind == "contradiction":
        c, d0 = found.sources[0]
        text = (
            f"If {names[c]} were {d0 + 1}, {follows} would lead to a contradiction "
            f"({found.reason}, after {found.length} deductions): so {names[c]}<>{d0 + 1}."
        )
    elif found.kind == "cell":
        c = found.sources[0][0]
        digits = ",".join(str(d0 + 1) for _, d0 in found.sources)
        text = (
            f"Whichever candidate {names[c]} takes ({digits}), {follows} lead to "
            f"{result}: so it holds."
        )
    else:
        d = found.sources[0][1] + 1
        text = (
            f"Wherever {d} goes in {geo.unit_names[found.where]} "
            f"({cell_list(geo, src_cells)}), {follows} lead to {result}: so it holds."
        )
    if level > 4:
        text = f"(nesting level {level}) " + text
    cells = src_cells + [c for c, _ in place] + [c for c, _ in elim]
    score = base_score(level) + chain_bonus(found.length)
    return tech.step(board, cells, text, place=place, elim=elim, score=score)


def _sweep(board: Board, level: int) -> tuple[Hypothesis, dict[tuple[int, int], Hypothesis]]:
    """Where Sudoku Explainer's level ``level`` starts its sweep of ``board``: from the
    assumptions as the level before left them, when it swept this very board and found
    nothing (each level draws first what the one before draws), else from scratch."""
    prior = board.derived((_SWEPT, level - 1)) if continues(level) else None
    if prior is not None:
        board.keep((_SWEPT, level - 1), None)  # it is settled further now
        return prior  # type: ignore[return-value]
    return Hypothesis.of(board, True), {}


@contextmanager
def _uncollected() -> Iterator[None]:
    """The cyclic garbage collector paused for a sweep of Sudoku Explainer's levels: the
    sweep makes millions of short-lived lists, dicts and big integers, none of them in a
    cycle, and the collections they set off took a sixth of its time."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _finder(level: int, faithful: bool = False) -> Callable[[Board], Step | None]:
    def find(board: Board) -> Step | None:
        if level > deepest_level(board):
            return None
        root, settled = _sweep(board, level) if faithful else (Hypothesis.of(board), None)
        try:
            with _uncollected() if faithful else nullcontext():
                found = deductions(root, level, _deadline(board), least=faithful,
                                   settled=settled)
        except OutOfTime:
            raise OutOfTime(base_score(level)) from None
        if found is None:
            if settled is not None and continues(level + 1):
                board.keep((_SWEPT, level), (root, settled))
            return None
        return _step(board, TECHNIQUES[level - 1], level, found, faithful)

    return find


def find_deep(board: Board, faithful: bool = False) -> Step | None:
    """The first step of the levels past 4, going deeper until one is found."""
    deepest = deepest_level(board)
    for level in range(5, deepest + 1):
        try:
            with _uncollected() if faithful else nullcontext():
                found = deductions(Hypothesis.of(board, faithful), level, _deadline(board),
                                   least=faithful)
        except OutOfTime:
            raise OutOfTime(base_score(level)) from None
        if found is not None:
            return _step(board, DEEP, level, found, faithful)
    return None


TECHNIQUES: tuple[Technique, ...] = (
    Technique(
        key="forcing-chain-plus", name="Dynamic Forcing Chain (+)", level=Level.EXTREME, score=9.0,
        effort=600, find=_finder(1),
    ),
    Technique(
        key="nested-forcing-chain",
        name="Dynamic Forcing Chain (+ Forcing Chains)",
        level=Level.EXTREME,
        score=9.5,
        effort=700,
        find=_finder(2),
    ),
    Technique(
        key="nested-multiple-chain",
        name="Dynamic Forcing Chain (+ Multiple Forcing Chains)",
        level=Level.EXTREME,
        score=10.0,
        effort=800,
        find=_finder(3),
    ),
    Technique(
        key="nested-dynamic-chain",
        name="Dynamic Forcing Chain (+ Dynamic Forcing Chains)",
        level=Level.EXTREME,
        score=10.5,
        effort=900,
        find=_finder(4),
    ),
)
DEEP = Technique(
    key="nested-deep-chain", name="Nested Forcing Chain", level=Level.EXTREME, score=11.0,
    effort=1000, find=find_deep,
)

#: Sudoku Explainer's own levels, for its scales, by key: inside the assumption, level 2
#: follows static forcing chains, level 3 also static cell and unit forcing chains, level
#: k >= 4 dynamic forcing chains of level k - 4; a step is as long as the ancestors of its
#: conclusion (see :mod:`..graphs.hypothesis`). Slower than sudokit's own levels.
SE_FINDERS: dict[str, Callable[[Board], Step | None]] = {
    **{t.key: _finder(k, faithful=True) for k, t in enumerate(TECHNIQUES, 1)},
    DEEP.key: lambda board: find_deep(board, faithful=True),
}
