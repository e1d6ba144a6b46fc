"""Multi-colouring: two clusters of one digit's strong links, each coloured in two colours.

Inside a cluster one colour holds the digit in every cell and the other in none (simple
colouring). Two clusters that see each other tell more:

- a colour that sees both colours of another cluster is false: were it true, it would rule
  out both, and one of them holds the digit. The digit leaves every cell of that colour.
- a colour A that sees a colour B of another cluster cannot be true with it, so the opposite
  colour of A or the opposite colour of B holds the digit (or both do): a cell that sees a cell
  of each of those two opposite colours loses the digit (a "colour wing").

Clusters may be a single strong link; the two rules are then Skyscraper, 2-String Kite or
Turbot Fish steps, which the ladder finds earlier under those names.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board, bits
from ..graphs.strong_links import colour_clusters, strong_links
from ..step import Level, Step, Technique, cell_list


def clusters(board: Board, d0: int) -> list[tuple[int, int]]:
    """The clusters of digit ``d0 + 1``'s strong links, each as its two colours (cell bit
    sets), in the order of their lowest cell."""
    return colour_clusters(strong_links(board, d0), lowest_first=True)


def _sight(cells: int, peer_bits: tuple[int, ...]) -> int:
    """Every cell that sees a cell of ``cells``."""
    seen = 0
    for cell in bits(cells):
        seen |= peer_bits[cell]
    return seen


def find(board: Board) -> Step | None:
    """A multi-colouring step on one digit (a false colour first, then a colour wing), or
    None."""
    geo = board.geo
    peer_bits = geo.peer_bits
    memo = board.memo
    for d0 in range(geo.n):
        dc = board.dcells[d0]
        if not dc or memo.get(("multi-colouring", d0)) == dc:
            continue
        found = clusters(board, d0)
        if len(found) >= 2:
            # what each colour sees, worked out once for all the pairs of clusters
            sights = [(_sight(a, peer_bits), _sight(b, peer_bits)) for a, b in found]
            step = (next(_false_colours(board, d0, found, sights, peer_bits), None)
                    or next(_wings(board, d0, found, sights, peer_bits), None))
            if step is not None:
                return step
        memo[("multi-colouring", d0)] = dc  # nothing for this digit while its cells stay
    return None


def every(board: Board) -> Iterator[Step]:
    """Every multi-colouring step, digit by digit: each false colour, then each pair of
    clusters' colour wing (a false colour's cluster pair may have one too: both are listed).
    ``hint --all`` lists these."""
    peer_bits = board.geo.peer_bits
    for d0 in range(board.geo.n):
        found = clusters(board, d0) if board.dcells[d0] else []
        if len(found) >= 2:
            sights = [(_sight(a, peer_bits), _sight(b, peer_bits)) for a, b in found]
            yield from _false_colours(board, d0, found, sights, peer_bits)
            yield from _wings(board, d0, found, sights, peer_bits)


def _clusters_text(board: Board, d: int, one: tuple[int, int], other: tuple[int, int]) -> str:
    geo = board.geo
    a, a2 = (cell_list(geo, bits(c)) for c in one)
    b, b2 = (cell_list(geo, bits(c)) for c in other)
    return (f"Colouring the strong links of {d} in two clusters, A ({a}) against a ({a2}) and "
            f"B ({b}) against b ({b2})")


def _witness(board: Board, seeing: int, seen: int, peer_bits: tuple[int, ...]) -> str:
    """``r1c1 sees r1c5``: the first cell of ``seeing`` that sees a cell of ``seen``."""
    names = board.geo.cell_names
    for cell in bits(seeing):
        hit = peer_bits[cell] & seen
        if hit:
            return f"{names[cell]} sees {names[(hit & -hit).bit_length() - 1]}"
    return ""


def _false_colours(board: Board, d0: int, found: list[tuple[int, int]],
                   sights: list[tuple[int, int]], peer_bits: tuple[int, ...]
                   ) -> Iterator[Step]:
    """Each colour that sees both colours of another cluster: it is false."""
    geo = board.geo
    d = d0 + 1
    for i, one in enumerate(found):
        for k, colour in enumerate(one):
            sight = sights[i][k]
            for j, other in enumerate(found):
                if i == j or not (sight & other[0] and sight & other[1]):
                    continue
                label = "Aa"[k]
                text = (
                    f"{_clusters_text(board, d, one, other)}: {label} sees both B "
                    f"({_witness(board, colour, other[0], peer_bits)}) and b "
                    f"({_witness(board, colour, other[1], peer_bits)}), one of which holds "
                    f"{d}, so {label} is false and {d} leaves {cell_list(geo, bits(colour))}."
                )
                yield MULTI_COLOURING.step(board, bits(one[0] | one[1] | other[0] | other[1]),
                                           text, elim=[(c, d) for c in bits(colour)])


def _wings(board: Board, d0: int, found: list[tuple[int, int]], sights: list[tuple[int, int]],
           peer_bits: tuple[int, ...]) -> Iterator[Step]:
    """Each pair of clusters with a colour that sees a colour of the other: their opposite
    colours trap the digit (every such trap of the two clusters at once)."""
    d = d0 + 1
    dc = board.dcells[d0]
    for i, one in enumerate(found):
        for j in range(i + 1, len(found)):
            other = found[j]
            gone = 0
            why = []
            for k in (0, 1):
                for m in (0, 1):
                    if not sights[i][k] & other[m]:
                        continue
                    far_one, far_other = one[1 - k], other[1 - m]
                    trap = (dc & ~(far_one | far_other) & sights[i][1 - k]
                            & sights[j][1 - m] & ~gone)
                    if trap:
                        gone |= trap
                        why.append(_trap_text(board, d, one, other, k, m, trap, peer_bits))
            if gone:
                text = f"{_clusters_text(board, d, one, other)}: {'; '.join(why)}."
                yield MULTI_COLOURING.step(
                    board, bits(one[0] | one[1] | other[0] | other[1]), text,
                    elim=[(c, d) for c in bits(gone)])


def _trap_text(board: Board, d: int, one: tuple[int, int], other: tuple[int, int], k: int,
               m: int, trap: int, peer_bits: tuple[int, ...]) -> str:
    """Why colour ``k`` of ``one`` seeing colour ``m`` of ``other`` takes ``d`` from the
    cells of ``trap``."""
    gone = list(bits(trap))
    near, far = "Aa"[k] + " and " + "Bb"[m], "aA"[k] + " or " + "bB"[m]
    return (
        f"{near} see each other ({_witness(board, one[k], other[m], peer_bits)}), so they "
        f"are not both true, and {far} holds {d}; {cell_list(board.geo, gone)} "
        f"see{'s' if len(gone) == 1 else ''} both {far.replace(' or ', ' and ')}, so {d} "
        f"leaves {'it' if len(gone) == 1 else 'them'}"
    )


MULTI_COLOURING = Technique(
    key="multi-colouring", name="Multi-Colouring", level=Level.HARD, score=5.5, effort=200,
    find=find,
)
