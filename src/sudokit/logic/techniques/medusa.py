"""3D Medusa: colouring candidates of every digit at once.

Candidates joined by strong links (a digit with two places in a unit; a cell with two
candidates) form clusters; colour each cluster's candidates alternately. One colour of a
cluster is all true, the other all false. So:

- a colour that would rule out one of its own candidates (twice in a cell, twice in a unit),
  or every candidate of some cell, is the false one: its candidates go;
- a candidate that each colour rules out (it sees the digit in both colours, shares a cell
  with one colour and sees the digit in the other, ...) goes.

A cluster of one digit only is Simple Colouring's; Medusa looks at those that cross cells.
Candidates are the nodes of :mod:`.chains` (``cell * n + digit - 1``), sets of them ints.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ..board import Board, Geometry, bits
from ..graphs.chains import digit_nodes, live_nodes, node_name, strong_links, weak_tables
from ..step import Level, Step, Technique


def _clusters(strong: dict[int, int], live: int) -> Iterator[tuple[int, int]]:
    """The two colours (node sets) of each cluster of strongly linked live nodes."""
    seen = 0
    for start in strong:
        if seen >> start & 1 or not live >> start & 1:
            continue
        colours = [1 << start, 0]
        seen |= 1 << start
        frontier = 1 << start
        k = 0
        while frontier:
            nxt = 0
            x = frontier
            while x:
                low = x & -x
                x ^= low
                nxt |= strong[low.bit_length() - 1]
            nxt &= live & ~seen
            seen |= nxt
            k ^= 1
            colours[k] |= nxt
            frontier = nxt
        yield colours[0], colours[1]


@lru_cache(maxsize=16)
def _tops(geo: Geometry) -> int:
    """The last node of every cell (``cell * n + n - 1``), as a node set."""
    return sum(1 << (c * geo.n + geo.n - 1) for c in range(geo.ncells))


def _cells_with(nodes: int, n: int, tops: int) -> int:
    """The cells holding some of ``nodes``, as the set of their last nodes."""
    out = nodes
    for k in range(1, n):
        out |= nodes << k
    return out & tops


def medusa_steps(board: Board) -> Iterator[Step]:
    """Every 3D Medusa step of the board, one a cluster (a false colour first)."""
    geo = board.geo
    n = geo.n
    live = live_nodes(board)
    if not live:
        return
    strong = strong_links(board, True, True)
    same_digit, same_cell = weak_tables(geo)
    of_digit = digit_nodes(geo)
    tops = _tops(geo)
    filled = _cells_with(live, n, tops)
    for a, b in _clusters(strong, live):
        both = a | b
        if (a & (a - 1)) == 0 and (b & (b - 1)) == 0:
            continue  # one strong link alone: the simpler techniques cover it
        if not both & ~of_digit[((both & -both).bit_length() - 1) % n]:
            continue  # one digit: Simple Colouring's
        kills = []
        for colour in (a, b):
            kill = 0
            rest = colour
            while rest:
                low = rest & -rest
                rest ^= low
                x = low.bit_length() - 1
                kill |= same_digit[x] | same_cell[x]
            kills.append(kill & live)
        for colour, kill, name in ((a, kills[0], "A"), (b, kills[1], "B")):
            reason = ""
            own = colour & kill
            if own:
                reason = f"it would rule out its own {node_name(geo, own.bit_length() - 1)}"
            else:
                emptied = filled & ~_cells_with(live & ~kill, n, tops)
                if emptied:
                    cell = emptied.bit_length() // n - 1
                    reason = f"{geo.cell_names[cell]} would have no candidate left"
            if reason:
                yield _step(board, a, b,
                            f"if colour {name} were true, {reason}; so colour {name} is false",
                            colour)
                break
        else:
            gone = kills[0] & kills[1] & ~both
            if gone:
                yield _step(board, a, b,
                            "whichever colour is true rules out "
                            + ", ".join(node_name(geo, x) for x in bits(gone)),
                            gone)


def _step(board: Board, a: int, b: int, why: str, gone: int) -> Step:
    geo = board.geo
    n = geo.n
    elim = [(x // n, x % n + 1) for x in bits(gone)]
    cells = {x // n for x in bits(a | b)}

    def names(colour: int) -> str:
        return " ".join(node_name(geo, x) for x in bits(colour))

    text = (f"Colouring the strong links of several digits, A: {names(a)} against "
            f"B: {names(b)}. One colour is true: {why}.")
    return MEDUSA.step(board, cells, text, elim=elim)


def find(board: Board) -> Step | None:
    """The first 3D Medusa step, or None."""
    return next(medusa_steps(board), None)


# Neither Sudoku Explainer nor HoDoKu has 3D Medusa. What it finds after the AIC and the
# grouped chains failed is an AIC past their length, or a colour that empties a cell (SE
# needs a cell forcing chain for that): it scores and costs like a grouped AIC and comes
# right after it in the ladder.
MEDUSA = Technique(
    key="3d-medusa", name="3D Medusa", level=Level.EXPERT, score=7.5, effort=300, find=find,
)
