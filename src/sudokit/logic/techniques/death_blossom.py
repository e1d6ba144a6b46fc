"""Death Blossom: a stem cell and one almost locked set (a petal) for each of its digits.

Petal i holds the stem's digit d_i, and every d_i of it sees the stem. Whichever digit the
stem takes, the petal of that digit loses it and locks on its other digits. In the large
Death Blossom petals have up to six cells and may share cells, and one set may be the petal
of two digits (losing either, it locks). So if every petal holds a digit Z that the stem
does not have, one of the petals holds Z, and Z leaves every cell that sees all the Z cells
of all the petals (the large one takes every such Z in one step, as HoDoKu does).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board, bits, digits_of
from ..graphs.als import AlsGraph, graph, removals
from ..step import Level, Step, Technique, cell_list, digit_list

#: the most digits a stem may have (one petal each); HoDoKu's Death Blossoms rarely have more
MAX_PETALS = 3


def find(board: Board) -> Step | None:
    """A Death Blossom step (stem, petals, a digit to remove), or None.

    Stems in cell order; for each stem digit the sets that could be its petal; each digit
    the petals could all lose, in increasing order; petals picked depth first (the search
    runs in a typed loop: ``AlsLinks.blossom``)."""
    return _find(board, False)


def find_large(board: Board) -> Step | None:
    """A Death Blossom step whose petals have up to six cells and may share cells (one set
    may be the petal of two digits), or None."""
    return _find(board, True)


def _find(board: Board, wide: bool) -> Step | None:
    return next(_blossoms(board, wide), None)


def every(board: Board) -> Iterator[Step]:
    """A Death Blossom for each stem and digit it removes (the first petals found for
    them), in :func:`find`'s order. ``hint --all`` lists these."""
    return _blossoms(board, False)


def every_large(board: Board) -> Iterator[Step]:
    """:func:`every` of the large Death Blossom: a step for each stem and digit z0+1 it
    is found removing (with whatever else its petals all remove)."""
    return _blossoms(board, True)


def _blossoms(board: Board, wide: bool) -> Iterator[Step]:
    g = graph(board, wide)
    stem, z0 = 0, -1
    while (found := g.core.blossom(MAX_PETALS, stem, z0)) is not None:
        stem, picked, z0, gone = found
        if wide:
            # every digit all petals hold (and the stem lacks) makes the step, as HoDoKu's
            every = g.shared_reach(picked, board.masks[stem])
            yield _step(board, LARGE_DEATH_BLOSSOM, g, stem, picked, every)
        else:
            yield _step(board, DEATH_BLOSSOM, g, stem, picked, [(z0, gone)])


def _step(
    board: Board, tech: Technique, g: AlsGraph, stem: int, picked: list[int],
    every: list[tuple[int, int]],
) -> Step:
    geo = board.geo
    stem_digits = digits_of(board.masks[stem])
    parts = [f"{d}: {g.name(board, k)}" for d, k in zip(stem_digits, picked, strict=True)]
    if len(every) == 1:
        z = every[0][0] + 1
        held = f"one petal holds {z}, and {z} leaves {cell_list(geo, bits(every[0][1]))}"
    else:
        zs = digit_list([d0 + 1 for d0, _ in every])
        held = f"each of {zs} is in one of the petals, and {removals(board, every)}"
    text = (
        f"Death Blossom on stem {geo.cell_names[stem]}: whichever digit it takes, the petal of "
        f"that digit ({'; '.join(parts)}) loses it and locks, so {held}."
    )
    cells = 1 << stem
    for k in picked:
        cells |= g.set_cells(k)
    elim = [(c, d0 + 1) for d0, found in every for c in bits(found)]
    return tech.step(board, bits(cells), text, elim=elim)


DEATH_BLOSSOM = Technique(
    key="death-blossom", name="Death Blossom", level=Level.EXPERT, score=7.7, effort=360, find=find,
)
#: Death Blossom on petals of up to six cells that may overlap (HoDoKu's, with its overlap
#: option): outside the default ladder, where its many more steps would lower ratings
LARGE_DEATH_BLOSSOM = Technique(
    key="large-death-blossom", name="Large Death Blossom", level=Level.EXPERT, score=7.7,
    effort=360, find=find_large,
)
