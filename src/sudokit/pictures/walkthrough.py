"""A solving path as one self-contained HTML page that steps through the solution: the
picture of each step (the candidate board before it, with what the step looks at and what it
changes) and its text, previous and next by button or by the arrow keys.

The page needs no network: the pictures are inline SVG, the style and the script are in the
page. Where scripts do not run (an untrusted notebook, a page viewed as a file listing) every
step shows, one under the other. ``sudoku explain --html`` writes it, and a
:class:`~sudokit.logic.Path` shows itself as the same viewer in a notebook (``_repr_html_``).

>>> from sudokit import Grid
>>> from sudokit.logic import solve_path
>>> puzzle = Grid(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> page = html(solve_path(puzzle), puzzle, title="A first puzzle")
>>> page.count('class="step"') == len(solve_path(puzzle).steps) + 1
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING

from ..candidates import Candidates
from ..grid import Grid
from ..sheets import SheetGrid
from .sheets import sheet_after, sheet_candidates, sheet_figure, sheet_step_figure
from .svg import board, step_figure, to_svg

if TYPE_CHECKING:
    from ..logic.path import Path
    from ..logic.step import Step
    from ..rules import Rules

_viewers = itertools.count(1)

_STYLE = """
.sudokit-walk{font-family:system-ui,sans-serif;max-width:560px}
.sudokit-walk.js .step{display:none}.sudokit-walk.js .step.shown{display:block}
.sudokit-walk .bar{display:none}.sudokit-walk.js .bar{display:flex}
.sudokit-walk .bar{gap:.5em;align-items:center;margin:.4em 0}
.sudokit-walk button{font-size:1em;padding:.2em .8em}
.sudokit-walk .what{font-weight:bold;margin:.3em 0}.sudokit-walk .why{margin:.2em 0 .6em}
.sudokit-walk svg{width:100%;height:auto}
"""

_SCRIPT = """
(function(){
  var root=document.getElementById(%(id)r), steps=root.querySelectorAll('.step'), at=0;
  var where=root.querySelector('.where');
  root.classList.add('js');  // without the script every step shows, one under the other
  function show(k){
    at=Math.max(0,Math.min(steps.length-1,k));
    for(var i=0;i<steps.length;i++){steps[i].classList.toggle('shown',i===at);}
    where.textContent=(at+1)+' / '+steps.length;
  }
  root.querySelector('.prev').onclick=function(){show(at-1);};
  root.querySelector('.next').onclick=function(){show(at+1);};
  root.tabIndex=0;
  root.addEventListener('keydown',function(e){
    if(e.key==='ArrowLeft'||e.key==='PageUp'){show(at-1);e.preventDefault();}
    if(e.key==='ArrowRight'||e.key==='PageDown'||e.key===' '){show(at+1);e.preventDefault();}
    if(e.key==='Home'){show(0);} if(e.key==='End'){show(steps.length-1);}
  });
  if(%(page)s){document.addEventListener('keydown',function(e){
    if(e.target===document.body){root.dispatchEvent(new KeyboardEvent('keydown',{key:e.key}));}
  });root.focus();}
  show(0);
})();
"""


def walk(start: Grid | Candidates, steps: Iterable[Step]
         ) -> Iterator[tuple[Candidates, Grid, Step]]:
    """Each step with what its picture is drawn on: the candidate board before it, and the
    digits written in by then (the givens and the digits earlier steps placed, so that a
    cell with one candidate left but no digit yet looks unsolved)."""
    current, written = _begin(start)
    for move in steps:
        yield current, written, move
        current, written = _advance(current, written, move)


def viewer(path: Path, puzzle: Grid | Candidates | SheetGrid | None = None, *, size: int = 420,
           whole_page: bool = False) -> str:
    """The step viewer as an HTML fragment (a ``div`` with its style and script).

    ``puzzle`` is where the path starts (by default the board the path records); each step
    is shown on the candidate board before it, and a last frame shows where the path ends.
    """
    start = _start(path, puzzle)
    ident = f"sudokit-walk-{next(_viewers)}"
    frames = (_sheet_frames(path, start, size) if isinstance(start, SheetGrid)
              else _frames(path, start, size))
    script = _SCRIPT % {"id": ident, "page": "true" if whole_page else "false"}
    return (f'<div class="sudokit-walk" id="{ident}"><style>{_STYLE}</style>'
            f'<div class="bar"><button class="prev" title="previous (left arrow)">&larr;</button>'
            f'<span class="where"></span>'
            f'<button class="next" title="next (right arrow)">&rarr;</button></div>'
            f'{"".join(frames)}<script>{script}</script></div>')


def _frames(path: Path, start: Grid | Candidates, size: int) -> list[str]:
    """A frame per step, on the candidate board before it, and the last one."""
    givens = start if isinstance(start, Grid) else None
    frames = []
    current, written = _begin(start)
    for i, move in enumerate(path.steps, 1):
        picture = to_svg(step_figure(current, move, puzzle=givens, written=written,
                                     size=size), compact=True)
        frames.append(_frame(path, i, move, picture))
        current, written = _advance(current, written, move)
    last = (board(current.to_grid(), puzzle=givens, labels=True, size=size) if path.solved
            else board(current, puzzle=givens, written=written, labels=True, size=size))
    frames.append(_last_frame(path, last))
    return frames


def _sheet_frames(path: Path, start: SheetGrid, size: int) -> list[str]:
    """The frames of a path on several overlapping grids: each step on the sheet's pencil
    marks before it, then the sheet where the path ends."""
    frames = []
    digits, marks = start, sheet_candidates(start)
    for i, move in enumerate(path.steps, 1):
        picture = to_svg(sheet_step_figure(digits, move, puzzle=start, marks=marks, size=size),
                         compact=True)
        frames.append(_frame(path, i, move, picture))
        digits, marks = sheet_after(digits, marks, move)
    last = sheet_figure(digits, puzzle=start, marks=None if path.solved else marks,
                        labels=True, size=size)
    frames.append(_last_frame(path, to_svg(last)))
    return frames


def _frame(path: Path, i: int, move: Step, picture: str) -> str:
    return (f'<div class="step"><div class="what">{i} of {len(path.steps)}. '
            f'{escape(str(move))}</div>{picture}<p class="why">{escape(move.text)}</p></div>')


def _last_frame(path: Path, picture: str) -> str:
    """Where the path ends, in words, over ``picture``."""
    total = len(path.steps)
    if path.solutions == 0:
        ending = "The puzzle has no solution."
    elif path.solved:
        ending = f"Solved in {total} step{'s' * (total != 1)}."
    else:
        ending = f"Stuck after {total} step{'s' * (total != 1)}: no technique applies."
    return f'<div class="step"><div class="what">{escape(ending)}</div>{picture}</div>'


def _begin(start: Grid | Candidates) -> tuple[Candidates, Grid]:
    """The candidate board and the digits written in where a path starts."""
    if isinstance(start, Grid):
        if start.rules.is_classic:
            return Candidates.pencilmarks(start), start
        return _variant_pencilmarks(start), start
    return start, start.to_grid()


def _advance(current: Candidates, written: Grid, move: Step) -> tuple[Candidates, Grid]:
    """The candidate board and the digits written in after ``move``."""
    before = written
    for cell, digit in move.placements:
        written = written.with_digit(cell, digit)
    if before.rules.is_classic:
        return move.apply(current), written
    return _variant_apply(current, move, before.rules), written


def _variant_pencilmarks(grid: Grid) -> Candidates:
    """The board a variant's solving path starts from, as the logic solver starts it: the
    digits each cell's rules allow (odd or even), less those given in a house it shares
    (what the other rules forbid, such as a knight's move, its own steps take away)."""
    rules, cells = grid.rules, grid.cells
    peers = _house_peers(rules)
    masks = []
    for cell, value in enumerate(cells):
        if value:
            masks.append(1 << (value - 1))
            continue
        mask = rules.cell_masks[cell]
        for p in peers[cell]:
            if cells[p]:
                mask &= ~(1 << (cells[p] - 1))
        masks.append(mask)
    return Candidates.unchecked(tuple(masks), grid.shape)


def _variant_apply(board: Candidates, move: Step, rules: Rules) -> Candidates:
    """``board`` after ``move`` under a variant's rules: a placed digit leaves the cells
    that share a house with it (as :meth:`Step.apply` does with rows, columns and boxes)."""
    shape = board.shape
    masks = list(board.masks)
    peers = _house_peers(rules)
    for name, d in move.placements:
        cell = shape.parse_cell(name)
        bit = 1 << (d - 1)
        masks[cell] = bit
        for p in peers[cell]:
            masks[p] &= ~bit
    for name, d in move.eliminations:
        masks[shape.parse_cell(name)] &= ~(1 << (d - 1))
    return Candidates.unchecked(tuple(masks), shape)


@lru_cache(maxsize=32)
def _house_peers(rules: Rules) -> tuple[frozenset[int], ...]:
    """Per cell, the other cells that share a house with it under ``rules``."""
    out: list[set[int]] = [set() for _ in range(rules.size * rules.size)]
    for house in rules.houses:
        for cell in house:
            out[cell].update(house)
    return tuple(frozenset(s - {cell}) for cell, s in enumerate(out))


def _start(path: object, puzzle: object) -> Grid | Candidates | SheetGrid:
    """Where ``path`` starts, the arguments checked."""
    from ..logic.path import Path  # here: importing the logic solver costs start-up

    if not isinstance(path, Path):
        raise TypeError(f"path: expected a solving Path (sudokit.logic.solve_path), got "
                        f"{type(path).__name__}")
    if puzzle is not None and not isinstance(puzzle, Grid | Candidates | SheetGrid):
        raise TypeError(f"puzzle: expected a Grid, Candidates, SheetGrid or None, got "
                        f"{type(puzzle).__name__}")
    start = puzzle if puzzle is not None else path.start
    if start is None:
        raise ValueError("puzzle: the path does not record where it starts: pass the puzzle")
    return start


def html(path: Path, puzzle: Grid | Candidates | SheetGrid | None = None, *,
         title: str = "Solving path",
         size: int = 420) -> str:
    """A whole HTML page holding the step viewer of ``path``; arrow keys step through it."""
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title></head><body><h1>{escape(title)}</h1>"
            f"{viewer(path, puzzle, size=size, whole_page=True)}</body></html>\n")
