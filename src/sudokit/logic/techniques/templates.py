"""Templates: every way one digit can still fill the grid.

A template is a set of cells, one in each house (every row, column and box, and the extra
houses of a variant, once each): the places of one digit in a solution. For a digit, the
templates still open are those lying on its candidates and its placed cells. A cell all of
them use holds the digit (Template Set); a candidate none of them uses is false (Template
Delete). One step a digit, every placement or elimination of it at once, as HoDoKu counts
them.

A template of one digit that shares a cell with every open template of another digit cannot
be part of a solution either: it is dropped, and the others are looked at again until none
goes (while the open templates number ``MAX_TEMPLATES`` at most).

Templates are listed once per geometry, for grids of up to 9 digits (a 9x9 grid has 46,656);
larger grids have none (their templates are too many to list).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

from ..board import Board, Geometry, bits
from ..step import Level, Step, Technique, cell_list

#: the most digits of a grid whose templates are listed
MAX_DIGITS = 9
#: the most open templates (all digits) that are compared with each other's digits (a
#: bound on the work: early in a puzzle there are tens of thousands)
MAX_TEMPLATES = 5000


@lru_cache(maxsize=4)
def templates(geo: Geometry) -> tuple[int, ...]:
    """Every template of ``geo`` as a cell set: a cell of each row, none two in a house, and
    each house met once."""
    n = geo.n
    if n > MAX_DIGITS:
        return ()
    rows = [[c for c in range(geo.ncells) if geo.row_of[c] == r] for r in range(n)]
    houses_of = [0] * geo.ncells
    for u, cells in enumerate(geo.units):
        for c in cells:
            houses_of[c] |= 1 << u
    every_house = (1 << len(geo.units)) - 1
    out: list[int] = []

    def place(r: int, cells: int, met: int) -> None:
        if r == n:
            if met == every_house:
                out.append(cells)
            return
        for c in rows[r]:
            if not houses_of[c] & met:
                place(r + 1, cells | 1 << c, met | houses_of[c])

    place(0, 0, 0)
    return tuple(out)


def open_templates(board: Board) -> dict[int, list[int]]:
    """The open templates of each digit with unplaced candidates: those on its candidates
    and placed cells, less those that share a cell with every open template of another
    digit (see the module's note)."""
    out = {}
    for d in range(1, board.geo.n + 1):
        if not board.dcells[d - 1]:
            continue
        placed = 0
        for c, v in enumerate(board.values):
            if v == d:
                placed |= 1 << c
        allowed = board.dcells[d - 1] | placed
        out[d] = [t for t in templates(board.geo) if not t & ~allowed and t & placed == placed]
    if sum(len(ts) for ts in out.values()) > MAX_TEMPLATES:
        return out
    changed = True
    while changed:
        changed = False
        for d, mine in out.items():
            kept = [t for t in mine if all(any(not t & u for u in theirs)
                                           for e, theirs in out.items() if e != d)]
            if len(kept) < len(mine):
                out[d] = kept
                changed = True
    return out
    return out


def _each_digit(board: Board, make: Callable[[Board, int, list[int]], Step | None]
                ) -> Iterator[Step]:
    """The step ``make`` finds for each digit, digit by digit."""
    if board.geo.n > MAX_DIGITS:
        return
    for d, found in open_templates(board).items():
        if found:
            step = make(board, d, found)
            if step is not None:
                yield step


def _set(board: Board, d: int, found: list[int]) -> Step | None:
    common = found[0]
    for t in found[1:]:
        common &= t
    cells = list(bits(common & board.dcells[d - 1]))
    if not cells:
        return None
    text = (f"Every one of the {len(found)} ways {d} can still fill the grid (one cell a "
            f"row, column and box) uses {cell_list(board.geo, cells)}: {d} goes there.")
    return TEMPLATE_SET.step(board, cells, text, place=[(c, d) for c in cells])


def _delete(board: Board, d: int, found: list[int]) -> Step | None:
    union = 0
    for t in found:
        union |= t
    cells = list(bits(board.dcells[d - 1] & ~union))
    if not cells:
        return None
    text = (f"None of the {len(found)} ways {d} can still fill the grid (one cell a row, "
            f"column and box) uses {cell_list(board.geo, cells)}: {d} leaves them.")
    return TEMPLATE_DELETE.step(board, cells, text, elim=[(c, d) for c in cells])


def every_set(board: Board) -> Iterator[Step]:
    """For each digit, the cells all its open templates use (placed in one step)."""
    return _each_digit(board, _set)


def every_delete(board: Board) -> Iterator[Step]:
    """For each digit, the candidates none of its open templates uses (one step)."""
    return _each_digit(board, _delete)


def find_set(board: Board) -> Step | None:
    """The cells of one digit that all its open templates use, or None."""
    return next(every_set(board), None)


def find_delete(board: Board) -> Step | None:
    """The candidates of one digit that none of its open templates uses, or None."""
    return next(every_delete(board), None)


#: optional techniques (see ``OPTIONAL``); HoDoKu rates them as it rates forcing chains
TEMPLATE_SET = Technique(
    key="template-set", name="Template Set", level=Level.EXPERT, score=8.0, effort=10000,
    find=find_set,
)
TEMPLATE_DELETE = Technique(
    key="template-delete", name="Template Delete", level=Level.EXPERT, score=8.0, effort=10000,
    find=find_delete,
)
