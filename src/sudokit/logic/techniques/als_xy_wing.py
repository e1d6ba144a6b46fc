"""ALS-XY-Wing: three almost locked sets, a pivot C joined to A by one restricted common
digit X and to B by another, Y.

C has one digit more than cells, so it cannot lose both X and Y: it holds X (and A, losing X,
locks) or it holds Y (and B locks). Either way A or B is locked, so for a digit Z that both A
and B hold (Z other than X and Y), one of them holds Z: Z leaves every cell that sees all
the Z cells of A and of B. (ALS-XZ is the same with two sets; ALS-XY-Chain with more.)
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board, bits
from ..graphs.als import AlsGraph, graph, removals
from ..step import Level, Step, Technique, cell_list


def find(board: Board) -> Step | None:
    """An ALS-XY-Wing step (pivot set, two wing sets, a digit to remove), or None.

    Pivots in order, the wings from the pivot's links in their order (the search runs in
    a typed loop: ``AlsLinks.wing``)."""
    return _find(board, False)


def find_large(board: Board) -> Step | None:
    """An ALS-XY-Wing step on sets of up to six cells that may share cells holding no
    link digit, or None."""
    return _find(board, True)


def _find(board: Board, wide: bool) -> Step | None:
    g = graph(board, wide)
    found = g.core.wing()
    if found is None:
        return None
    kc, ka, kb, x0, y0, z0, gone = found
    if wide:
        # every digit both wings hold makes the step, as HoDoKu's does
        every = g.shared_reach([ka, kb], 1 << x0 | 1 << y0)
        return _every_step(board, g, kc, ka, kb, x0 + 1, y0 + 1, every)
    return _step(board, ALS_XY_WING, g, kc, ka, kb, x0 + 1, y0 + 1, z0 + 1, gone)


def every(board: Board) -> Iterator[Step]:
    """Every large ALS-XY-Wing step, each set of eliminations once: pivots in order, for each
    the pairs of its links (by other digits, to other sets), each with every digit both
    wings hold (as :func:`find_large` makes its step). ``hint --all`` lists these."""
    g = graph(board, True)
    links = g.core.lists()[6]
    seen = set()
    for kc, pivot in enumerate(links):
        for i, (ka, x0) in enumerate(pivot):
            for kb, y0 in pivot[i + 1:]:
                if x0 == y0 or ka == kb:
                    continue
                every = g.shared_reach([ka, kb], 1 << x0 | 1 << y0)
                key = tuple(every)
                if every and key not in seen:
                    seen.add(key)
                    yield _every_step(board, g, kc, ka, kb, x0 + 1, y0 + 1, every)


def _every_step(
    board: Board, g: AlsGraph, kc: int, ka: int, kb: int, x: int, y: int,
    every: list[tuple[int, int]],
) -> Step:
    text = (
        f"Almost locked set {g.name(board, kc)} is linked to {g.name(board, ka)} by {x} and "
        f"to {g.name(board, kb)} by {y} (a digit that at most one set of a link can hold). "
        f"It cannot lose both {x} and {y}, so one of the other two sets loses its link digit "
        f"and locks: each digit both hold is in one of them, and {removals(board, every)}."
    )
    cells = bits(g.set_cells(ka) | g.set_cells(kb) | g.set_cells(kc))
    elim = [(cell, d0 + 1) for d0, gone in every for cell in bits(gone)]
    return LARGE_ALS_XY_WING.step(board, cells, text, elim=elim)


def _step(
    board: Board, tech: Technique, g: AlsGraph, kc: int, ka: int, kb: int, x: int, y: int,
    z: int, gone: int,
) -> Step:
    text = (
        f"Almost locked set {g.name(board, kc)} is linked to {g.name(board, ka)} by {x} and "
        f"to {g.name(board, kb)} by {y} (a digit that at most one set of a link can hold). "
        f"It cannot lose both {x} and {y}, so one of the other two sets loses its link digit "
        f"and locks: {z}, in both, is in one of them and leaves "
        f"{cell_list(board.geo, bits(gone))}."
    )
    cells = bits(g.set_cells(ka) | g.set_cells(kb) | g.set_cells(kc))
    return tech.step(board, cells, text, elim=[(cell, z) for cell in bits(gone)])


ALS_XY_WING = Technique(
    key="als-xy-wing", name="ALS-XY-Wing", level=Level.EXPERT, score=7.6, effort=320, find=find,
)
#: ALS-XY-Wing on sets of up to six cells that may overlap (HoDoKu's, with its overlap
#: option): outside the default ladder, where its many more steps would lower ratings
LARGE_ALS_XY_WING = Technique(
    key="large-als-xy-wing", name="Large ALS-XY-Wing", level=Level.EXPERT, score=7.6,
    effort=320, find=find_large,
)
