"""Regions that are only boxes: a puzzle whose regions are the boxes of a box shape (a 6x6's
3x2 boxes, a 4x4's rows) is a classic puzzle of that shape, as the formats that hold regions
(f-puzzles, the jigsaw layout) read it."""

from __future__ import annotations

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
