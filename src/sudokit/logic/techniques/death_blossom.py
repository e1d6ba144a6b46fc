"""Death Blossom: a stem cell and one almost locked set (a petal) for each of its digits.

Petal i holds the stem's digit d_i, and every d_i of it sees the stem. Whichever digit the
stem takes, the petal of that digit loses it and locks on its other digits. Petals may share
cells, and one set may be the petal of two digits (losing either, it locks). So if every petal
holds a digit Z that the stem does not have, one of the petals holds Z, and Z leaves every
cell that sees all the Z cells of all the petals.
"""

from __future__ import annotations

from ..board import Board, bits, digits_of
from ..graphs.als import AlsGraph, graph
from ..step import Level, Step, Technique, cell_list

#: the most digits a stem may have (one petal each); HoDoKu's Death Blossoms rarely have more
MAX_PETALS = 3


def find(board: Board) -> Step | None:
    """A Death Blossom step (stem, petals, a digit to remove), or None.

    Stems in cell order; for each stem digit the sets that could be its petal; each digit
    the petals could all lose, in increasing order; petals picked depth first (the search
    runs in a typed loop: ``AlsLinks.blossom``)."""
    g = graph(board)
    found = g.core.blossom(MAX_PETALS)
    if found is None:
        return None
    stem, picked, z0, gone = found
    return _step(board, g, stem, picked, z0 + 1, gone)


def _step(board: Board, g: AlsGraph, stem: int, picked: list[int], z: int, gone: int) -> Step:
    geo = board.geo
    stem_digits = digits_of(board.masks[stem])
    parts = [f"{d}: {g.name(board, k)}" for d, k in zip(stem_digits, picked, strict=True)]
    text = (
        f"Death Blossom on stem {geo.cell_names[stem]}: whichever digit it takes, the petal of "
        f"that digit ({'; '.join(parts)}) loses it and locks, so one petal holds {z}, and {z} "
        f"leaves {cell_list(geo, bits(gone))}."
    )
    cells = 1 << stem
    for k in picked:
        cells |= g.set_cells(k)
    return DEATH_BLOSSOM.step(board, bits(cells), text, elim=[(c, z) for c in bits(gone)])


DEATH_BLOSSOM = Technique(
    key="death-blossom", name="Death Blossom", level=Level.EXPERT, score=7.7, effort=360, find=find,
)
