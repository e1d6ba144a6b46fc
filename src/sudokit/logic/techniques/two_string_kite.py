"""2-String Kite: a strong link in a row and one in a column, on one digit, with one end of
each in the same box. The two ends in that box cannot both hold the digit, so one of the far
ends does, and the digit leaves every cell that sees both far ends."""

from __future__ import annotations

from ..board import Board, bits
from ..graphs.strong_links import strong_links
from ..step import Level, Step, Technique, cell_list


def find(board: Board) -> Step | None:
    """A 2-String Kite that eliminates something, or None."""
    geo = board.geo
    n = geo.n
    box_of = geo.box_of
    peer_bits = geo.peer_bits
    memo = board.memo
    for d0 in range(n):
        dc = board.dcells[d0]
        if not dc or memo.get(("kite", d0)) == dc:
            continue
        row_links = strong_links(board, d0, range(0, n))
        col_links = strong_links(board, d0, range(n, 2 * n))
        for ur, r1, r2 in row_links:
            if box_of[r1] == box_of[r2]:
                continue
            for uc, c1, c2 in col_links:
                if box_of[c1] == box_of[c2]:
                    continue
                for near_r, far_r in ((r1, r2), (r2, r1)):
                    for near_c, far_c in ((c1, c2), (c2, c1)):
                        if near_r == near_c or box_of[near_r] != box_of[near_c]:
                            continue
                        gone = board.dcells[d0] & peer_bits[far_r] & peer_bits[far_c]
                        if not gone:
                            continue
                        d = d0 + 1
                        text = (
                            f"{d} is in {geo.cell_names[near_r]} or {geo.cell_names[far_r]} "
                            f"({geo.unit_names[ur]}) and in {geo.cell_names[near_c]} or "
                            f"{geo.cell_names[far_c]} ({geo.unit_names[uc]}); "
                            f"{geo.cell_names[near_r]} and {geo.cell_names[near_c]} share a box, "
                            f"so a far end is {d}: {d} leaves {cell_list(geo, bits(gone))}."
                        )
                        return TWO_STRING_KITE.step(
                            board, (r1, r2, c1, c2), text, elim=[(c, d) for c in bits(gone)]
                        )
        memo[("kite", d0)] = dc  # nothing for this digit while its cells stay the same
    return None


# Sukaku Explainer's kite rates 4.1, as its published ratings show (see the Skyscraper)
TWO_STRING_KITE = Technique(
    key="2-string-kite", name="2-String Kite", level=Level.HARD, score=4.1, effort=150, find=find,
)
