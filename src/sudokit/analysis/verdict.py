"""Why a puzzle has one solution, several or none, in one answer, and that answer in words,
in a drawing and as JSON fields.

>>> from sudokit import Grid
>>> rectangle = Grid(
...     "4689.15.77516.48.9392578461134756298289413675675289314846192753513867942927345186")
>>> answer = why(rectangle)
>>> answer.verdict, [rectangle.shape.cell_name(c) for c in answer.unavoidable]
('several', ['r1c5', 'r1c8', 'r2c5', 'r2c8'])
>>> print(sentence(answer, rectangle).replace("; ", ";\\n"))
more than one solution: two of them differ in 4 cells (an unavoidable set): r1c5, r1c8, r2c5, r2c8;
unique with 1 clue of solution 1 (exact): r1c5=2
>>> print(draw_pair(answer.solutions[0], answer.solutions[1], answer.unavoidable))
solution 1                         solution 2
 4  6  8 | 9 [2] 1 | 5 [3] 7        4  6  8 | 9 [3] 1 | 5 [2] 7
 7  5  1 | 6 [3] 4 | 8 [2] 9        7  5  1 | 6 [2] 4 | 8 [3] 9
 3  9  2 | 5  7  8 | 4  6  1        3  9  2 | 5  7  8 | 4  6  1
---------+---------+---------      ---------+---------+---------
 1  3  4 | 7  5  6 | 2  9  8        1  3  4 | 7  5  6 | 2  9  8
 2  8  9 | 4  1  3 | 6  7  5        2  8  9 | 4  1  3 | 6  7  5
 6  7  5 | 2  8  9 | 3  1  4        6  7  5 | 2  8  9 | 3  1  4
---------+---------+---------      ---------+---------+---------
 8  4  6 | 1  9  2 | 7  5  3        8  4  6 | 1  9  2 | 7  5  3
 5  1  3 | 8  6  7 | 9  4  2        5  1  3 | 8  6  7 | 9  4  2
 9  2  7 | 3  4  5 | 1  8  6        9  2  7 | 3  4  5 | 1  8  6
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..grid import Grid, digit_symbol
from ..shape import Shape
from .clash import Core, unsolvable_core
from .solutions import cells_of, first_solution, need_classic, unavoidable_of
from .uniqueness import METHODS, Completion, redundant_givens, unique_with


class Why(NamedTuple):
    """What a puzzle's givens do. ``verdict``: ``"unique"``, ``"several"`` or ``"none"``.

    - unique: ``solutions`` holds the solution, ``redundant`` the givens each of which
      alone can go (cells);
    - several: ``solutions`` holds two, ``unavoidable`` the cells where they differ (a
      minimal unavoidable set), ``completion`` the fewest clues of the first that make
      the puzzle unique;
    - none: ``core`` the smallest set of givens found that has no solution by itself.
    """

    verdict: str
    solutions: tuple[Grid, ...] = ()
    unavoidable: tuple[int, ...] = ()
    completion: Completion | None = None
    redundant: tuple[int, ...] = ()
    core: Core | None = None


def why(puzzle: Grid) -> Why:
    """Whether ``puzzle`` has one solution, several or none, and why (see :class:`Why`)."""
    need_classic(puzzle, "why")
    first = None if puzzle.conflicts() else first_solution(puzzle)
    if first is None:
        return Why("none", core=unsolvable_core(puzzle))
    found = unavoidable_of(puzzle, first)
    if found is None:
        return Why("unique", (first,), redundant=tuple(redundant_givens(puzzle)))
    second, unavoidable = found
    return Why("several", (first, second), tuple(cells_of(unavoidable)),
               unique_with(puzzle, first))


def clue_names(shape: Shape, clues: Iterable[tuple[int, int]]) -> list[str]:
    """Clues as ``r1c2=5``."""
    return [f"{shape.cell_name(c)}={digit_symbol(d)}" for c, d in clues]


def sentence(answer: Why, puzzle: Grid) -> str:
    """The answer in one line of words."""
    shape = puzzle.shape
    if answer.verdict == "unique":
        if not answer.redundant:
            return "one solution; no given can go (minimal)"
        named = clue_names(shape, ((c, puzzle.cells[c]) for c in answer.redundant))
        return (f"one solution; {len(named)} redundant given{'s' * (len(named) != 1)} "
                f"(each alone can go): {', '.join(named)}")
    if answer.verdict == "none":
        assert answer.core is not None  # a "none" answer carries its core
        how = "smallest" if answer.core.smallest else "minimal, not proved smallest"
        named = clue_names(shape, answer.core.givens)
        return (f"no solution: these {len(named)} givens already leave none ({how}): "
                f"{', '.join(named)}")
    assert answer.completion is not None  # a "several" answer carries its completion
    cells = ", ".join(shape.cell_name(c) for c in answer.unavoidable)
    clues = answer.completion.clues
    return (f"more than one solution: two of them differ in {len(answer.unavoidable)} "
            f"cells (an unavoidable set): {cells}; unique with {len(clues)} "
            f"clue{'s' * (len(clues) != 1)} of solution 1 ({METHODS[answer.completion.method]}): "
            f"{', '.join(clue_names(shape, clues))}")


def draw_pair(first: Grid, second: Grid, marked: Iterable[int]) -> str:
    """Two grids side by side, the ``marked`` cells in brackets."""
    left, right = _drawing(first, set(marked)), _drawing(second, set(marked))
    width = len(left[0])
    head = "solution 1".ljust(width + 6) + "solution 2"
    return "\n".join([head] + [f"{a}      {b}".rstrip()
                                for a, b in zip(left, right, strict=True)])


def _drawing(grid: Grid, marked: set[int]) -> list[str]:
    shape = grid.shape
    n, cols = shape.n, shape.box_cols
    lines = []
    for r in range(n):
        if r and r % shape.box_rows == 0:
            lines.append("+".join("-" * (3 * cols) for _ in range(n // cols)))
        cells = [f"[{digit_symbol(grid.cells[r * n + c])}]" if r * n + c in marked
                 else f" {digit_symbol(grid.cells[r * n + c])} " for c in range(n)]
        lines.append("|".join("".join(cells[a:a + cols]) for a in range(0, n, cols)))
    return lines


def fields(answer: Why, puzzle: Grid) -> dict[str, object]:
    """The answer as JSON fields: ``verdict``, and by verdict ``solutions`` (lines),
    ``unavoidable`` (cell names), ``unique_with`` (clues), ``method``, ``redundant``
    (clues), ``no_solution_with`` (clues) and ``smallest``."""
    shape = puzzle.shape
    out: dict[str, object] = {"verdict": answer.verdict,
                              "solutions": [s.to_line() for s in answer.solutions]}
    if answer.verdict == "unique":
        out["redundant"] = clue_names(shape, ((c, puzzle.cells[c]) for c in answer.redundant))
    elif answer.verdict == "several":
        assert answer.completion is not None  # a "several" answer carries its completion
        out["unavoidable"] = [shape.cell_name(c) for c in answer.unavoidable]
        out["unique_with"] = clue_names(shape, answer.completion.clues)
        out["method"] = answer.completion.method
    else:
        assert answer.core is not None  # a "none" answer carries its core
        out["no_solution_with"] = clue_names(shape, answer.core.givens)
        out["smallest"] = answer.core.smallest
    return out
