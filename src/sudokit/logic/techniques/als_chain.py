"""ALS-XY-Chain: almost locked sets A1, A2, ..., An in a row, each joined to the next by a
restricted common digit, no two neighbouring links on the same digit.

If A1 does not hold a digit Z, it locks on its other digits and holds its link digit x1;
then A2 loses x1, locks, and holds x2; and so on to An, which locks and so holds Z. So A1 or
An holds Z (when Z is neither the first nor the last link digit), and Z leaves every cell
that sees all the Z cells of both ends. Two sets make an ALS-XZ and three an ALS-XY-Wing;
this technique looks at chains of four or five sets, the shortest first, as HoDoKu caps its
ALS chains. ``hint --all`` lists every chain of four or five sets, of four to seven
(:data:`EVERY_SETS`) for the large chain (depth-first walks of at most
:data:`EVERY_BUDGET` link steps each), the most removals first, as HoDoKu ranks them.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board, bits
from ..graphs.als import AlsGraph, graph, removals
from ..graphs.chains import chain_bonus
from ..step import Level, Step, Technique, cell_list, digit_list

#: the most sets in a chain (four links): longer ones cost much more to search and are rare
MAX_SETS = 5
#: the most sets in a large chain ``hint --all`` lists (HoDoKu's own examples run to seven;
#: the small sets of the default ladder's chains stay at MAX_SETS)
EVERY_SETS = 7
#: the most link steps of each of ``hint --all``'s walks over every chain (one walk for
#: chains of up to MAX_SETS sets, then one more for each set more, to EVERY_SETS; a last
#: link to a set that cannot end the chain is not counted): past it, a walk keeps the
#: chains found so far. Chains of up to five sets take well under a million steps on a
#: board of some 300 sets of up to eight cells, of six a few million, of seven ten times more
EVERY_BUDGET = 2_000_000


def find(board: Board) -> Step | None:
    """The shortest ALS-XY-Chain (4..MAX_SETS sets) that eliminates something, or None.

    Breadth-first from each set in turn over (set, digit of the link that reached it),
    each state once per start, no two sets of a chain overlapping (in the large chain, no
    set inside the chain's earlier ones); a later start only
    looks for shorter chains (the search runs in a typed loop: ``AlsLinks.chain``)."""
    return _find(board, False)


def find_large(board: Board) -> Step | None:
    """The shortest ALS-XY-Chain on sets of up to six cells that may share cells holding
    no link digit, or None."""
    return _find(board, True)


def every(board: Board) -> Iterator[Step]:
    """Every ALS-XY-Chain step, each set of eliminations once: the one :func:`find` makes
    first, then the others by the most candidates removed, the shorter chain first among
    equals (HoDoKu's order), each removing every digit both ends hold but the end links'.
    ``hint --all`` lists these."""
    return _every(board, False)


def every_large(board: Board) -> Iterator[Step]:
    """Every large ALS-XY-Chain step, in the order of :func:`every`."""
    return _every(board, True)


def _every(board: Board, wide: bool) -> Iterator[Step]:
    tech = LARGE_ALS_XY_CHAIN if wide else ALS_XY_CHAIN
    first = _find(board, wide)
    seen = set()
    if first is not None:
        seen.add(first.eliminations)
        yield first
    g = graph(board, wide)
    # the shortest chain of each (start, first link digit, end, last link digit), the
    # shorter chains walked first so that a walk cut short keeps them
    chains: dict[tuple[int, int, int, int], tuple[int, list[tuple[int, int]]]] = {}
    for sets in range(MAX_SETS, (EVERY_SETS if wide else MAX_SETS) + 1):
        for path, _ in g.core.every_chain(sets, EVERY_BUDGET):
            key = (path[0][0], path[1][1], path[-1][0], path[-1][1])
            if key not in chains or len(path) < len(chains[key][1]):
                chains[key] = (chains[key][0] if key in chains else len(chains), path)
    ranked = []
    for order, path in chains.values():
        ends = [path[0][0], path[-1][0]]
        every = g.shared_reach(ends, 1 << path[1][1] | 1 << path[-1][1])
        removed = sum(gone.bit_count() for _, gone in every)
        ranked.append((-removed, len(path), order, path, every))
    ranked.sort(key=lambda found: found[:3])
    for _, _, _, path, every in ranked:
        step = _step(board, tech, g, path, every)
        if step.eliminations not in seen:
            seen.add(step.eliminations)
            yield step


def _find(board: Board, wide: bool) -> Step | None:
    g = graph(board, wide)
    found = g.core.chain(MAX_SETS)
    if found is None:
        return None
    path, z0, gone = found
    if wide:
        # every digit both ends hold (but the end links') makes the step, as HoDoKu's does
        every = g.shared_reach([path[0][0], path[-1][0]], 1 << path[1][1] | 1 << path[-1][1])
        return _step(board, LARGE_ALS_XY_CHAIN, g, path, every)
    return _step(board, ALS_XY_CHAIN, g, path, [(z0, gone)])


def _step(
    board: Board, tech: Technique, g: AlsGraph, path: list[tuple[int, int]],
    every: list[tuple[int, int]],
) -> Step:
    parts = [g.name(board, path[0][0])]
    for k, x0 in path[1:]:
        parts.append(f"-{x0 + 1}- {g.name(board, k)}")
    if len(every) == 1:
        z = str(every[0][0] + 1)
        text = (
            f"Chain of almost locked sets {' '.join(parts)}, each link a digit that at most "
            f"one of its two sets can hold: if the first set lacks {z} it locks, holds its link "
            f"digit and makes the next set lock, and so on to the last, which then holds {z}. "
            f"So one end holds {z}, and {z} leaves {cell_list(board.geo, bits(every[0][1]))}."
        )
    else:
        zs = digit_list([d0 + 1 for d0, _ in every])
        text = (
            f"Chain of almost locked sets {' '.join(parts)}, each link a digit that at most "
            f"one of its two sets can hold: if the first set lacks one of {zs} it locks, holds "
            f"its link digit and makes the next set lock, and so on to the last, which then "
            f"holds it. So each of {zs} is in one of the ends, and {removals(board, every)}."
        )
    cells = 0
    for k, _ in path:
        cells |= g.set_cells(k)
    links = len(path) - 1
    return tech.step(
        board, bits(cells), text, elim=[(c, d0 + 1) for d0, gone in every for c in bits(gone)],
        score=tech.score + chain_bonus(2 * links),
    )


ALS_XY_CHAIN = Technique(
    key="als-xy-chain", name="ALS-XY-Chain", level=Level.EXPERT, score=7.7, effort=340, find=find,
)
#: ALS-XY-Chain on sets of up to six cells that may overlap (HoDoKu's, with its overlap
#: option): outside the default ladder, where its many more steps would lower ratings
LARGE_ALS_XY_CHAIN = Technique(
    key="large-als-xy-chain", name="Large ALS-XY-Chain", level=Level.EXPERT, score=7.7,
    effort=340, find=find_large,
)
