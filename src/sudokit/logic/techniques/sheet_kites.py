"""Skyscraper and 2-String Kite on overlapping grids: two strong links of one digit, in
lines of any of the sheet's grids.

- Skyscraper: two rows (or two columns) where the digit has two places each, whose bases
  share a column (or row) of some grid: at most one base holds the digit, so one top does,
  and the digit leaves every cell that sees both tops.
- 2-String Kite: a row and a column with two places each, one end of each in the same box:
  the two near ends cannot both hold the digit, so a far end does.

Four different cells always (two grids' lines may share a cell, where a single cell is not
a pair of cells that cannot both hold the digit). On one grid, :mod:`.skyscraper` and
:mod:`.two_string_kite` find these by line number.
"""

from __future__ import annotations

from ..board import Board, bits
from ..graphs.strong_links import strong_links
from ..step import Step, Technique, cell_list
from .sheet_fish import sheet_lines
from .skyscraper import SKYSCRAPER
from .two_string_kite import TWO_STRING_KITE

Link = tuple[int, int, int]


def _links(board: Board, d0: int, rows: bool) -> list[Link]:
    """The strong links of digit ``d0 + 1`` in the rows (else the columns) of any grid."""
    lines = frozenset(sheet_lines(board.geo, rows)[0])
    return [link for link in strong_links(board, d0) if link[0] in lines]


def find_skyscraper(board: Board) -> Step | None:
    """A Skyscraper on a sheet that eliminates something, or None."""
    geo = board.geo
    peer_bits = geo.peer_bits
    for d0, dc in enumerate(board.dcells):
        if not dc or board.memo.get(("sheet-skyscraper", d0)) == dc:
            continue
        for rows in (True, False):
            cross = sheet_lines(geo, rows)[1]  # per cell, the lines across that hold it
            links = _links(board, d0, rows)
            for i, (u1, a1, b1) in enumerate(links):
                for u2, a2, b2 in links[i + 1:]:
                    if len({a1, b1, a2, b2}) < 4:
                        continue
                    for base1, top1 in ((a1, b1), (b1, a1)):
                        for base2, top2 in ((a2, b2), (b2, a2)):
                            if not set(cross[base1]) & set(cross[base2]) or \
                                    set(cross[top1]) & set(cross[top2]):
                                continue  # bases apart, or tops in line (an X-Wing)
                            gone = dc & peer_bits[top1] & peer_bits[top2]
                            if gone:
                                d = d0 + 1
                                text = (
                                    f"{d} is in {geo.cell_names[base1]} or "
                                    f"{geo.cell_names[top1]} ({geo.unit_names[u1]}) and in "
                                    f"{geo.cell_names[base2]} or {geo.cell_names[top2]} "
                                    f"({geo.unit_names[u2]}); the bases share a line, so one "
                                    f"top is {d}: {d} leaves {cell_list(geo, bits(gone))}.")
                                return SHEET_SKYSCRAPER.step(
                                    board, (a1, b1, a2, b2), text,
                                    elim=[(c, d) for c in bits(gone)])
        board.memo[("sheet-skyscraper", d0)] = dc
    return None


def find_kite(board: Board) -> Step | None:
    """A 2-String Kite on a sheet that eliminates something, or None."""
    geo = board.geo
    box = geo.cell_box
    peer_bits = geo.peer_bits
    for d0, dc in enumerate(board.dcells):
        if not dc or board.memo.get(("sheet-kite", d0)) == dc:
            continue
        cols = [link for link in _links(board, d0, False) if box[link[1]] != box[link[2]]]
        for ur, r1, r2 in _links(board, d0, True):
            if box[r1] == box[r2]:
                continue
            for uc, c1, c2 in cols:
                if len({r1, r2, c1, c2}) < 4:
                    continue
                for near_r, far_r in ((r1, r2), (r2, r1)):
                    for near_c, far_c in ((c1, c2), (c2, c1)):
                        if box[near_r] != box[near_c]:
                            continue
                        gone = dc & peer_bits[far_r] & peer_bits[far_c]
                        if gone:
                            d = d0 + 1
                            text = (
                                f"{d} is in {geo.cell_names[near_r]} or "
                                f"{geo.cell_names[far_r]} ({geo.unit_names[ur]}) and in "
                                f"{geo.cell_names[near_c]} or {geo.cell_names[far_c]} "
                                f"({geo.unit_names[uc]}); {geo.cell_names[near_r]} and "
                                f"{geo.cell_names[near_c]} share a box, so a far end is {d}: "
                                f"{d} leaves {cell_list(geo, bits(gone))}.")
                            return SHEET_KITE.step(board, (r1, r2, c1, c2), text,
                                                   elim=[(c, d) for c in bits(gone)])
        board.memo[("sheet-kite", d0)] = dc
    return None


#: The Skyscraper of a sheet, in the ladder where the Skyscraper stands on one grid.
SHEET_SKYSCRAPER = Technique(
    key=SKYSCRAPER.key, name=SKYSCRAPER.name, level=SKYSCRAPER.level, score=SKYSCRAPER.score,
    effort=SKYSCRAPER.effort, find=find_skyscraper)

#: The 2-String Kite of a sheet, in the ladder where the kite stands on one grid.
SHEET_KITE = Technique(
    key=TWO_STRING_KITE.key, name=TWO_STRING_KITE.name, level=TWO_STRING_KITE.level,
    score=TWO_STRING_KITE.score, effort=TWO_STRING_KITE.effort, find=find_kite)
