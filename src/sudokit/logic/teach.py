"""Hints that teach: the next step told a little at a time.

A player stuck on a puzzle rarely wants the answer: a *nudge* ("look at box 5") is often
enough, then the *technique* ("there is an X-Wing"), then the *cells* it uses, and only then
the whole *step*. :func:`hint_text` and :func:`hint_dict` say a step at one of those levels;
:func:`all_steps` lists every step available now, grouped by technique.

>>> from sudokit import Grid
>>> from sudokit.logic import next_step
>>> step = next_step(Grid(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
>>> hint_text(step, "nudge")
'Look at box 2.'
>>> hint_text(step, "technique")
'Look at box 2: there is a Hidden Single.'
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..candidates import Candidates
from ..grid import Grid
from ..shape import Shape
from ..sheets import Sheet, SheetGrid
from .board import Board, Geometry, geometry
from .path import board_of, too_crowded
from .sheet_geometry import sheet_geometry
from .step import Level, Step, Technique
from .techniques import (
    LADDER,
    aic,
    als_chain,
    als_nodes_chains,
    als_xy_wing,
    als_xz,
    bug,
    death_blossom,
    empty_rectangle,
    finned_fish,
    franken_fish,
    grouped_chains,
    hidden_single,
    locked_candidates,
    medusa,
    multi_colouring,
    nested_chains,
    nice_loops,
    remote_pairs,
    skyscraper,
    static_chains,
    subsets,
    sue_de_coq,
    templates,
    xyz_wing,
)
from .techniques.brute_force import BRUTE_FORCE
from .variants import RULE_STEPS, SHEET_STAND_INS, ladder_for

_LAST_RESORT = {t.key for t in nested_chains.TECHNIQUES} | {nested_chains.DEEP.key}

#: The hint levels, from the least told to the most.
LEVELS = ("nudge", "technique", "cells", "step")


#: the most lines (rows or columns) a nudge names for a pattern that no one unit holds
_MOST_LINES = 3


def focus(step: Step, shape: Shape | Sheet) -> str:
    """The unit(s) to look at: the one unit holding every cell the step uses, if there is
    one (a box first); else the few rows or columns that hold them all and none of the
    cells the step changes (an X-Wing's rows, not a box it only touches; on one grid
    only); else the box where the step changes something. ``shape`` is the grid's shape,
    or the sheet of overlapping grids the step is on."""
    geo = sheet_geometry(shape) if isinstance(shape, Sheet) else geometry(shape)
    cells = [geo.parse_cell(c) for c in step.cells]
    cellset = sum(1 << c for c in cells)
    common = geo.common_units(cellset)
    if common:
        boxes = [u for u in common if geo.unit_is_box[u]]
        return geo.unit_names[(boxes or common)[0]]
    changed = [geo.parse_cell(c) for c, _ in step.placements + step.eliminations]
    lines = _lines_holding(geo, cells, changed) if geo.sheet is None else None
    if lines:
        return lines
    target = changed[0] if changed else cells[0]
    return geo.unit_names[geo.cell_box[target]]


def _lines_holding(geo: Geometry, cells: list[int], changed: list[int]) -> str | None:
    """"rows 2 and 6" (or columns): the fewest lines of one kind, at most
    :data:`_MOST_LINES`, that hold every cell of ``cells`` and none of ``changed``; rows
    first on a tie. None when there are none."""
    best: tuple[str, list[int]] | None = None
    for kind, line_of in (("rows", geo.row_of), ("columns", geo.col_of)):
        lines = sorted({line_of[c] for c in cells})
        if len(lines) > _MOST_LINES or any(line_of[c] in lines for c in changed):
            continue
        if best is None or len(lines) < len(best[1]):
            best = (kind, lines)
    if best is None:
        return None
    kind, lines = best
    numbers = [str(i + 1) for i in lines]
    return f"{kind} {', '.join(numbers[:-1])} and {numbers[-1]}"


def _article(name: str) -> str:
    return "an" if name[:1].upper() in "AEIOUX" else "a"


def hint_text(step: Step, level: str, shape: Shape | Sheet | None = None) -> str:
    """``step`` told at ``level`` (one of :data:`LEVELS`), as a sentence or two."""
    if level not in LEVELS:
        raise ValueError(f"hint level must be one of {', '.join(LEVELS)}, not {level!r}")
    shape = shape or Shape.for_size(9)
    where = focus(step, shape)
    if level == "nudge":
        return f"Look at {where}."
    if level == "technique":
        if step.key == BRUTE_FORCE.key:  # not a pattern that is there: a guess
            return (f"Look at {where}: no technique applies; the next step is a guess "
                    f"({step.technique}).")
        return f"Look at {where}: there is {_article(step.technique)} {step.technique}."
    if level == "cells":
        return f"{step.technique} in {' '.join(step.cells)}."
    return f"{step}\n{step.text}"


def hint_dict(step: Step, level: str, shape: Shape | Sheet | None = None) -> dict[str, Any]:
    """``step`` told at ``level`` as a JSON-ready dict: only what that level reveals."""
    shape = shape or Shape.for_size(9)
    data: dict[str, Any] = {"level": level, "hint": hint_text(step, level, shape)}
    data["focus"] = focus(step, shape)
    if level in ("technique", "cells", "step"):
        data["technique"] = step.technique
        data["key"] = step.key
    if level in ("cells", "step"):
        data["cells"] = list(step.cells)
    if level == "step":
        data["step"] = step.to_dict()
    return data


#: the most steps ``all_steps`` lists for one technique
PER_TECHNIQUE = 20

#: how many times an expert technique is asked again (see :func:`_every`)
EXPERT_TRIES = 6

#: techniques that list every step by a search of their own (the others are asked again and
#: again with what they found hidden, see :func:`_every`)
_GENERATORS: dict[str, Callable[[Board], Iterator[Step]]] = {
    aic.X_CHAIN.key: aic.x_chains,
    aic.XY_CHAIN.key: aic.xy_chains,
    aic.AIC.key: aic.aics,
    grouped_chains.GROUPED_X_CHAIN.key:
        lambda board: grouped_chains.every_grouped_chain(board, one_digit=True),
    grouped_chains.GROUPED_AIC.key:
        lambda board: grouped_chains.every_grouped_chain(board, one_digit=False),
    medusa.MEDUSA.key: medusa.medusa_steps,
    empty_rectangle.EMPTY_RECTANGLE.key: empty_rectangle.every,
    hidden_single.HIDDEN_SINGLE.key: hidden_single.every,
    **{t.key: functools.partial(subsets.every_naked, k=k) for k, t in subsets.NAKED.items()},
    **{t.key: functools.partial(subsets.every_hidden, k=k) for k, t in subsets.HIDDEN.items()},
    xyz_wing.XYZ_WING.key: xyz_wing.every,
    skyscraper.SKYSCRAPER.key: skyscraper.every,
    locked_candidates.POINTING.key: locked_candidates.every_pointing,
    locked_candidates.CLAIMING.key: locked_candidates.every_claiming,
    multi_colouring.MULTI_COLOURING.key: multi_colouring.every,
    **{t.key: functools.partial(finned_fish.every, k=k)
       for kind in (finned_fish.FINNED, finned_fish.SASHIMI) for k, t in kind.items()},
    **{t.key: functools.partial(franken_fish.every, mutant=m, finned=f, jellyfish=j)
       for (m, f, j), t in franken_fish.TECHNIQUES.items()},
    **{t.key: functools.partial(franken_fish.every_big, k=k)
       for k, t in franken_fish.BIG_TECHNIQUES.items()},
    sue_de_coq.SUE_DE_COQ.key: lambda board: sue_de_coq.every(board, sue_de_coq.MAX_SIDE),
    sue_de_coq.LARGE_SUE_DE_COQ.key: sue_de_coq.every,
    remote_pairs.REMOTE_PAIR.key: remote_pairs.every,
    nice_loops.CONTINUOUS_NICE_LOOP.key: nice_loops.every,
    nice_loops.GROUPED_CONTINUOUS_NICE_LOOP.key: nice_loops.every_grouped,
    templates.TEMPLATE_SET.key: templates.every_set,
    templates.TEMPLATE_DELETE.key: templates.every_delete,
    als_xz.DOUBLY_LINKED_ALS_XZ.key: als_xz.every,
    als_xy_wing.LARGE_ALS_XY_WING.key: als_xy_wing.every,
    als_chain.ALS_XY_CHAIN.key: als_chain.every,
    als_chain.LARGE_ALS_XY_CHAIN.key: als_chain.every_large,
    als_nodes_chains.ALS_NODE_AIC.key: als_nodes_chains.every,
    death_blossom.DEATH_BLOSSOM.key: death_blossom.every,
    death_blossom.LARGE_DEATH_BLOSSOM.key: death_blossom.every_large,
}

#: techniques whose listing runs to many times the others' (AICs, chains with ALS nodes: a
#: board often has a hundred, most removing one or two candidates): ``all_steps`` lists this
#: many times :data:`PER_TECHNIQUE` of them (unless given a ``limit``)
LONG_LISTS = {aic.AIC.key: 3, als_nodes_chains.ALS_NODE_AIC.key: 3}

#: techniques asked only for their first step: the forcing chains take long, and what
#: their steps (and BUG+1's) rest on reaches past the cells they name, so hiding earlier
#: steps could change it unseen
_FIRST_ONLY = (
    _LAST_RESORT
    | {t.key for t in LADDER if t.level >= Level.EXTREME}
    | {static_chains.NISHIO.key, static_chains.MULTIPLE.key, bug.BUG_PLUS_1.key}
)


def all_steps(
    puzzle: Grid | Candidates | SheetGrid,
    techniques: Iterable[Technique] = LADDER,
    unique: bool = True,
    limit: int | None = None,
) -> dict[str, list[Step]]:
    """Every step available on ``puzzle`` now (up to ``limit`` a technique; by default
    :data:`PER_TECHNIQUE`, or :data:`LONG_LISTS` times it), grouped by technique name in
    ladder order (uniqueness techniques only when ``unique``: the puzzle has one solution).
    A step that changes what an earlier listed one changes is left out (the easier
    technique lists it). As on a solving path, the expert and extreme techniques are not
    asked on a board too crowded for them (``path.too_crowded``). The forcing chains give
    their first step only, and the nested ones only when nothing simpler has a step."""
    board = board_of(puzzle)
    board.solutions = 1 if unique else 2
    out: dict[str, list[Step]] = {}
    listed = set()  # what the steps listed so far change: a step is listed once, easiest first
    if not board.geo.classic:
        # a variant's rules: their steps for the placed digits first, every one listed and
        # made, so that what is listed after holds on the board they leave
        techniques = ladder_for(board.geo, tuple(techniques))
        for tech in RULE_STEPS:
            while (step := tech.find(board)) is not None:
                listed.add((step.placements, step.eliminations))
                out.setdefault(step.technique, []).append(step)
                step.apply_to(board)
        techniques = tuple(t for t in techniques if t not in RULE_STEPS)
    crowded = too_crowded(board)  # the expert searches' tables would not fit in memory
    for tech in techniques:
        if tech.uniqueness and not unique:
            continue
        if crowded and tech.level >= Level.EXPERT:
            continue
        if tech.key in _LAST_RESORT and out:
            continue  # nested chains cost seconds: listed only when nothing simpler works
        if tech.key in _GENERATORS and SHEET_STAND_INS.get(tech.key) is not tech:
            most = PER_TECHNIQUE * LONG_LISTS.get(tech.key, 1) if limit is None else limit
            found = list(itertools.islice(_GENERATORS[tech.key](board.copy()), most))
        elif tech.key in _FIRST_ONLY:
            first = tech.find(board.copy())
            found = [] if first is None else [first]
        else:
            found = _every(tech, board, PER_TECHNIQUE if limit is None else limit)
        for step in found:
            changes = (step.placements, step.eliminations)
            if changes not in listed:
                listed.add(changes)
                out.setdefault(step.technique, []).append(step)
    return out


def _every(tech: Technique, board: Board, limit: int) -> list[Step]:
    """The steps ``tech`` finds on ``board``: each found step is hidden (its eliminations
    made; a single's placed candidate removed) so that the search passes it, and the
    technique asked again (until a step places without eliminating). Hiding changes the
    board, so a later step counts only when nothing hidden could have made it: no hidden
    candidate in a cell it uses, nor of one of its digits in a unit of those cells. Its
    pattern is then on ``board`` as it stands (a step close to an earlier one may be left
    out; none is listed that is not there)."""
    geo = board.geo
    parse = geo.parse_cell
    work = board.copy()
    hidden: dict[int, int] = {}  # cell -> the digits hidden there (a mask)
    out: list[Step] = []
    seen = set()
    # the expert searches cost more each time the easy finds are hidden: a few tries only
    tries = 3 * limit if tech.level < Level.EXPERT else min(EXPERT_TRIES, 3 * limit)
    for _ in range(tries):
        step = tech.find(work)
        if step is None:
            break
        cells = [parse(c) for c in step.cells]
        changed = [(parse(c), d) for c, d in step.placements + step.eliminations]
        digits = 0
        for c in cells:
            digits |= board.masks[c]
        near = 0
        for c in cells + [c for c, _ in changed]:
            for u in geo.cell_houses[c]:
                near |= geo.unit_bits[u]
        for _, d in changed:
            digits |= 1 << (d - 1)
        made = any(c in hidden for c in cells) or any(
            near >> c & 1 and mask & digits for c, mask in hidden.items()
        )
        key = (step.placements, step.eliminations)
        if not made and key not in seen:
            seen.add(key)
            out.append(step)
            if len(out) == limit:
                break
        if tech.level > Level.EASY:
            # hiding a placement removes a true candidate; only the singles' searches, which
            # look at one cell or unit at a time, can go on past that
            changed = [(parse(c), d) for c, d in step.eliminations]
        live = [(c, d) for c, d in changed if work.masks[c] >> (d - 1) & 1 and not work.values[c]]
        if not live:
            break  # nothing left to hide: the search would find the same step again
        for c, d in live:
            work.eliminate(c, d)
            hidden[c] = hidden.get(c, 0) | 1 << (d - 1)
    return out
