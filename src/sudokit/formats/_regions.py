"""Regions as the formats that hold them read them: a map of region symbols that makes N
regions of N cells, each one piece; and regions that are only boxes (a puzzle whose regions
are the boxes of a box shape, a 6x6's 3x2 boxes, a 4x4's rows, is a classic puzzle of that
shape, as f-puzzles and the jigsaw layout read it)."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import ShapeError
from ..shape import Shape


def natural_box(n: int) -> tuple[int, int] | None:
    """The box shape a grid of size ``n`` has unless told (None when it has none)."""
    try:
        shape = Shape.for_size(n)
    except ShapeError:
        return None
    return (shape.box_rows, shape.box_cols)


def boxes_of(regions: list[int] | tuple[int, ...], n: int) -> tuple[int, int] | None:
    """The box shape whose boxes the regions are (the natural one first), or None."""
    seen: dict[int, int] = {}
    ids = [seen.setdefault(k, len(seen)) for k in regions]
    natural = natural_box(n)
    shapes = [natural] if natural is not None else []
    shapes += [(r, n // r) for r in range(1, n + 1) if n % r == 0 and (r, n // r) != natural]
    for rows, cols in shapes:
        per_row = n // cols
        boxes = [(i // n // rows) * per_row + (i % n) // cols for i in range(n * n)]
        order: dict[int, int] = {}
        if [order.setdefault(b, len(order)) for b in boxes] == ids:
            return (rows, cols)
    return None


def is_region_map(marks: Sequence[str], n: int) -> bool:
    """Do the N*N symbols ``marks`` (in reading order) make N regions of N cells, each
    region one piece?"""
    counts: dict[str, int] = {}
    for v in marks:
        counts[v] = counts.get(v, 0) + 1
    if len(marks) != n * n or len(counts) != n or any(c != n for c in counts.values()):
        return False
    return all(joined(marks, v, n) for v in counts)


def joined(marks: Sequence[str], mark: str, n: int) -> bool:
    """Are the cells of one region a single piece (each reached from the first by steps
    to a cell beside it)?"""
    cells = {i for i, v in enumerate(marks) if v == mark}
    todo = [min(cells)]
    seen = set(todo)
    while todo:
        i = todo.pop()
        r, c = divmod(i, n)
        for j in (i - n if r else -1, i + n if r < n - 1 else -1,
                  i - 1 if c else -1, i + 1 if c < n - 1 else -1):
            if j in cells and j not in seen:
                seen.add(j)
                todo.append(j)
    return seen == cells
