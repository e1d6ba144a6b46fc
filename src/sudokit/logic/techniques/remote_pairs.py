"""Remote pairs: a chain of cells that all hold the same two digits and see each other in turn.

Along such a chain the two digits alternate, so cells an odd number of links apart hold
different digits: a cell that sees one of them and one of the other colour can hold neither
digit. A chain of four cells or more is a remote pair (two or three cells are a naked pair's
work). The XY-Chain finds each elimination with one chain; this form removes every candidate
that one chain reaches, both digits, in one step, as HoDoKu counts it. Of the chains that
remove something, the one that removes most comes first (then the shortest); each set of
eliminations is offered once.

The chains are followed by one walk, :func:`pair_walk`, which the hodoku scale's remote pairs
take too, with their own bounds (:func:`sudokit.logic.hodoku_patterns.remote_pair_chain`).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board, bits, digits_of
from ..step import Level, Step, Technique, cell_list, digit_list

#: the fewest cells of a remote pair
MIN_CELLS = 4
#: chains followed per pair of digits at most (a bound on the search, for very large chains)
MAX_CHAINS = 20000


def pair_walk(pool: int, peer_bits: tuple[int, ...], start: int, *, fewest: int = 1,
              most: int | None = None, budget: list[int] | None = None,
              ascending: bool = True) -> Iterator[list[int]]:
    """Every simple path from ``start`` through the cells of ``pool`` (a cell set), each cell
    seeing the next, depth first: a path, then the paths that extend it, the next cells in
    ascending order (descending with ``ascending=False``). Paths of ``fewest`` to ``most``
    cells are given; ``budget`` (a one-item list, which walks may share) counts down the
    paths visited, shorter ones too, and the walk stops when it is spent. The path given is
    one list, changed as the walk goes on: copy it to keep it."""
    path = [start]
    used = 1 << start
    nexts: list[Iterator[int]] = []  # the cells still to try after each cell of the path
    while True:
        if budget is not None:
            if budget[0] <= 0:
                return
            budget[0] -= 1
        if len(path) >= fewest:
            yield path
        here = peer_bits[path[-1]] & pool & ~used if most is None or len(path) < most else 0
        nexts.append(bits(here) if ascending else reversed(list(bits(here))))
        while (cell := next(nexts[-1], None)) is None:  # back up to a cell with one to try
            nexts.pop()
            used ^= 1 << path.pop()
            if not nexts:
                return
        path.append(cell)
        used |= 1 << cell


def _chains(cells: list[int], peer_bits: tuple[int, ...]) -> Iterator[list[int]]:
    """Every simple path of ``MIN_CELLS`` cells or more through ``cells`` (each pair of
    consecutive cells seeing each other), each once (from its smaller end), ``MAX_CHAINS``
    paths visited at most."""
    pool = sum(1 << c for c in cells)
    budget = [MAX_CHAINS]
    for start in cells:
        for path in pair_walk(pool, peer_bits, start, fewest=MIN_CELLS, budget=budget):
            if path[0] < path[-1]:
                yield path


def remote_pairs(board: Board) -> list[tuple[list[int], int, list[tuple[int, int]]]]:
    """(chain, its two digits as bits, eliminations) of every remote pair that removes
    something, most eliminations first, then the shortest chain; one per set of
    eliminations."""
    geo = board.geo
    masks = board.masks
    by_pair: dict[int, list[int]] = {}
    for c in bits(board.bivalue_cells()):
        by_pair.setdefault(masks[c], []).append(c)
    found: dict[tuple[tuple[int, int], ...], tuple[list[int], int]] = {}
    for pair, cells in by_pair.items():
        if len(cells) < MIN_CELLS:
            continue
        holders = 0
        for d in digits_of(pair):
            holders |= board.dcells[d - 1]
        for chain in _chains(cells, geo.peer_bits):
            even = odd = inside = 0
            for i, c in enumerate(chain):
                inside |= 1 << c
                if i % 2:
                    odd |= geo.peer_bits[c]
                else:
                    even |= geo.peer_bits[c]
            targets = even & odd & holders & ~inside
            if not targets:
                continue
            elim = tuple(sorted((c, d) for c in bits(targets) for d in digits_of(pair & masks[c])))
            best = found.get(elim)
            if best is None or len(chain) < len(best[0]):
                found[elim] = (list(chain), pair)
    ranked = sorted(found.items(), key=lambda kv: (-len(kv[0]), len(kv[1][0]), kv[0]))
    return [(chain, pair, list(elim)) for elim, (chain, pair) in ranked]


def _step(board: Board, chain: list[int], pair: int, elim: list[tuple[int, int]]) -> Step:
    geo = board.geo
    a, b = digits_of(pair)
    text = (
        f"{cell_list(geo, chain)} hold only {digit_list([a, b])}, each seeing the next: the "
        f"two digits alternate along the chain, and a cell that sees cells of both colours "
        f"can hold neither."
    )
    nodes = []
    for i, c in enumerate(chain):  # within a cell strong, from cell to cell weak
        first, then = (a, b) if i % 2 == 0 else (b, a)
        nodes += [((c,), first), ((c,), then)]
    return REMOTE_PAIR.step(board, chain, text, elim=elim, chains=[nodes])


def find(board: Board) -> Step | None:
    """The remote pair that removes most, or None."""
    for chain, pair, elim in remote_pairs(board):
        return _step(board, chain, pair, elim)
    return None


def every(board: Board) -> Iterator[Step]:
    """Every remote pair, one per set of eliminations, in :func:`find`'s order."""
    for chain, pair, elim in remote_pairs(board):
        yield _step(board, chain, pair, elim)


#: an optional technique (see ``OPTIONAL``)
REMOTE_PAIR = Technique(
    key="remote-pair", name="Remote Pair", level=Level.HARD, score=5.8, effort=150, find=find,
)
