"""Unique rectangle type 5 (sound only on a puzzle with exactly one solution).

Four unplaced corners of a rectangle over two rows, two columns and two boxes all hold the
pair {a,b} (the deadly pattern of :mod:`.unique_rectangles`); at least one holds only the
pair, and the others (two on a diagonal, or three) hold the pair and one same extra digit
z. Were none of those corners z, all four would be {a,b}, and the puzzle would have two
solutions. So one of them is z: z leaves every cell that sees all of them.

(Two extra corners that share a row or column are type 2, found earlier in the ladder.)
"""

from __future__ import annotations

from ..board import Board, bits, digits_of
from ..step import Level, Step, Technique, cell_list, digit_list
from .hidden_rectangles import rectangles


def find(board: Board) -> Step | None:
    """A type 5 unique rectangle, or None."""
    geo = board.geo
    masks = board.masks
    peer_bits = geo.peer_bits
    for pair, a, b, c, d in rectangles(board):
        # each extra corner must hold the same one extra digit (a corner that is not the
        # pair alone holds a digit outside it)
        z_bit = (masks[a] | masks[b] | masks[c] | masks[d]) & ~pair
        if not z_bit or z_bit & (z_bit - 1):
            continue
        corners = (a, b, c, d)
        extra = [x for x in corners if masks[x] != pair]
        if len(extra) < 2:
            continue  # one extra corner: type 1
        if len(extra) == 2 and (
            geo.row_of[extra[0]] == geo.row_of[extra[1]]
            or geo.col_of[extra[0]] == geo.col_of[extra[1]]
        ):
            continue  # two extra corners on a line: type 2
        z = z_bit.bit_length()
        gone = board.dcells[z - 1]
        for x in extra:
            gone &= peer_bits[x]
        if not gone:
            continue
        text = (
            f"Unique rectangle {cell_list(geo, sorted(corners))} on "
            f"{digit_list(digits_of(pair))}: one of {cell_list(geo, extra)} is {z} (else all "
            f"four corners would be the pair, a deadly pattern), so {z} leaves "
            f"{cell_list(geo, bits(gone))}."
        )
        return UR_TYPE5.step(board, corners, text, elim=[(x, z) for x in bits(gone)])
    return None


# SE rates the unique rectangles 4.5 to 5.0; type 5 generalises type 2 (4.6) to more corners.
UR_TYPE5 = Technique(
    key="unique-rectangle-5",
    name="Unique Rectangle Type 5",
    level=Level.HARD,
    score=4.6,
    effort=100,
    find=find,
    uniqueness=True,
)
