"""Skyscraper: two parallel strong links on one digit (two rows, or two columns, where it has
exactly two places) whose bases share a cross line. One of the two tops holds the digit, so
it leaves every cell that sees both tops."""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board, bits
from ..graphs.strong_links import strong_links
from ..step import Level, Step, Technique, cell_list


def find(board: Board) -> Step | None:
    """A Skyscraper that eliminates something, or None."""
    memo = board.memo
    for d0 in range(board.geo.n):
        dc = board.dcells[d0]
        if not dc or memo.get(("skyscraper", d0)) == dc:
            continue
        for step in _skyscrapers(board, d0):
            return step
        memo[("skyscraper", d0)] = dc  # nothing for this digit while its cells stay the same
    return None


def every(board: Board) -> Iterator[Step]:
    """Every Skyscraper that eliminates something, digit by digit. ``hint --all`` lists
    these (one's elimination may lie in the lines of another: each is listed)."""
    for d0 in range(board.geo.n):
        if board.dcells[d0]:
            yield from _skyscrapers(board, d0)


def _skyscrapers(board: Board, d0: int) -> Iterator[Step]:
    """The Skyscrapers of digit ``d0 + 1`` that eliminate something: rows, then columns."""
    geo = board.geo
    n = geo.n
    peer_bits = geo.peer_bits
    for rows in (True, False):
        links = strong_links(board, d0, range(0, n) if rows else range(n, 2 * n))
        cross = geo.col_of if rows else geo.row_of
        for i, (u1, a1, b1) in enumerate(links):
            for u2, a2, b2 in links[i + 1 :]:
                for base1, top1 in ((a1, b1), (b1, a1)):
                    for base2, top2 in ((a2, b2), (b2, a2)):
                        if cross[base1] != cross[base2] or cross[top1] == cross[top2]:
                            continue
                        gone = board.dcells[d0] & peer_bits[top1] & peer_bits[top2]
                        if not gone:
                            continue
                        d = d0 + 1
                        text = (
                            f"{d} is in {geo.cell_names[base1]} or {geo.cell_names[top1]} "
                            f"({geo.unit_names[u1]}) and in {geo.cell_names[base2]} or "
                            f"{geo.cell_names[top2]} ({geo.unit_names[u2]}); the bases "
                            f"share a line, so one top is {d}: {d} leaves "
                            f"{cell_list(geo, bits(gone))}."
                        )
                        yield SKYSCRAPER.step(
                            board, (a1, b1, a2, b2), text, elim=[(c, d) for c in bits(gone)]
                        )


# Sukaku Explainer's turbot fish rates 4.0 (published ratings of puzzles whose hardest step
# is a Skyscraper average 4.0); SE 1.2.1 has no such pattern and finds it as an X-Chain.
SKYSCRAPER = Technique(
    key="skyscraper", name="Skyscraper", level=Level.HARD, score=4.0, effort=130, find=find,
)
