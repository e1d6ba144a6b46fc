"""Simple colouring (single-digit colouring): the strong links of one digit form chains;
colour their cells alternately. One colour holds the digit everywhere, the other nowhere.

Trap: a cell that sees both colours cannot hold the digit. Wrap: if two cells of one colour
see each other, that colour is the false one, and the digit leaves all its cells.
"""

from __future__ import annotations

from ..board import Board, bits
from ..graphs.strong_links import colour_clusters, strong_links
from ..step import Level, Step, Technique, cell_list


def find(board: Board) -> Step | None:
    """A colour trap or colour wrap on one digit, or None."""
    geo = board.geo
    peer_bits = geo.peer_bits
    memo = board.memo
    for d0 in range(geo.n):
        dc = board.dcells[d0]
        if not dc or memo.get(("colouring", d0)) == dc:
            continue
        links = strong_links(board, d0)
        if len(links) < 2:
            memo[("colouring", d0)] = dc
            continue
        for colours in colour_clusters(links):
            if (colours[0] | colours[1]).bit_count() < 4:
                continue  # one strong link alone: other techniques cover it
            step = _use(board, d0, list(colours), peer_bits)
            if step is not None:
                return step
        memo[("colouring", d0)] = dc  # nothing for this digit while its cells stay the same
    return None


def _use(board: Board, d0: int, colours: list[int], peer_bits: tuple[int, ...]) -> Step | None:
    geo = board.geo
    d = d0 + 1
    a, b = colours
    names = f"{cell_list(geo, bits(a))} against {cell_list(geo, bits(b))}"
    for col in colours:
        for cell in bits(col):
            if peer_bits[cell] & col:
                text = (
                    f"Colouring the strong links of {d} ({names}): two cells of one colour "
                    f"see each other, so that colour is false and {d} leaves "
                    f"{cell_list(geo, bits(col))}."
                )
                return SIMPLE_COLOURING.step(
                    board, bits(a | b), text, elim=[(c, d) for c in bits(col)]
                )
    gone = []
    for cell in bits(board.dcells[d0] & ~(a | b)):
        if peer_bits[cell] & a and peer_bits[cell] & b:
            gone.append(cell)
    if gone:
        text = (
            f"Colouring the strong links of {d} ({names}): one colour holds {d}, and "
            f"{cell_list(geo, gone)} see{'s' if len(gone) == 1 else ''} both colours, so "
            f"{d} leaves {'it' if len(gone) == 1 else 'them'}."
        )
        return SIMPLE_COLOURING.step(board, bits(a | b), text, elim=[(c, d) for c in gone])
    return None


SIMPLE_COLOURING = Technique(
    key="simple-colouring", name="Simple Colouring", level=Level.HARD, score=4.6, effort=150,
    find=find,
)
