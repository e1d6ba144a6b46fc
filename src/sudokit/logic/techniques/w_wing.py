"""W-Wing: two cells holding the same pair {x,y}, and a strong link on x whose ends see one
cell each. If neither cell were y, both would be x, and the strong link would have no x
left: so one of them is y, and y leaves every cell that sees both."""

from __future__ import annotations

from ..board import Board, bits
from ..graphs.strong_links import strong_links
from ..step import Level, Step, Technique, cell_list
from .xy_wing import pair_text


def find(board: Board) -> Step | None:
    """A W-Wing that eliminates something, or None."""
    geo = board.geo
    masks = board.masks
    peer_bits = geo.peer_bits
    by_pair: dict[int, list[int]] = {}
    for c in bits(board.bivalue_cells()):
        by_pair.setdefault(masks[c], []).append(c)
    links: dict[int, list[tuple[int, int, int]]] = {}
    for pair, cells in by_pair.items():
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                if peer_bits[a] >> b & 1:
                    continue
                for x0 in bits(pair):
                    y0 = (pair & ~(1 << x0)).bit_length() - 1
                    gone = board.dcells[y0] & peer_bits[a] & peer_bits[b]
                    if not gone:
                        continue
                    if x0 not in links:
                        links[x0] = strong_links(board, x0)
                    for u, p, q in links[x0]:
                        if p in (a, b) or q in (a, b):
                            continue
                        if not (peer_bits[p] >> a & 1 and peer_bits[q] >> b & 1):
                            if peer_bits[q] >> a & 1 and peer_bits[p] >> b & 1:
                                p, q = q, p
                            else:
                                continue
                        x, y = x0 + 1, y0 + 1
                        text = (
                            f"{geo.cell_names[a]} and {geo.cell_names[b]} both hold "
                            f"{pair_text(pair)}; {x} in {geo.unit_names[u]} is in "
                            f"{geo.cell_names[p]} or {geo.cell_names[q]}, which see them: one of "
                            f"the pair is {y}, so {y} leaves {cell_list(geo, bits(gone))}."
                        )
                        return W_WING.step(
                            board, (a, b, p, q), text, elim=[(c, y) for c in bits(gone)]
                        )
    return None


# Sudoku Explainer has no W-Wing: it makes the same elimination with a chain, and rates the
# puzzles whose hardest step is a W-Wing about 5.8; the score follows SE's reading.
W_WING = Technique(key="w-wing", name="W-Wing", level=Level.HARD, score=5.8, effort=150, find=find)
