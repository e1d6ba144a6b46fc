"""What each dot and sign between two cells removes, given the other cell's candidates.

- Kropki Dot: a white dot joins consecutive digits, a black dot a digit and its double
  ("a black dot joins 1-2, 2-4, 3-6 or 4-8"); a candidate with no partner across the dot
  goes.
- XV: an X joins digits adding up to 10, a V digits adding up to 5.
- Greater Than: the cell on the open side holds the greater digit.
- No Sign: where every dot (or every X and V) is given, neighbours without one are neither
  consecutive nor double (add up to neither 5 nor 10).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ...constraints import XV, GreaterThan, Kropki, pair_keeps_dot
from ..board import Board, Geometry, digits_of
from ..step import Level, Step, Technique
from .supports import cannot, chain_supports, constraint_step, unsupported


def _pair(masks: list[int], n: int, fits: Callable[[int, int], bool],
          peers: bool = True) -> list[int] | None:
    """The candidates of two cells that have a partner across the sign: ``fits(x, y)``,
    and x != y where the cells are ``peers`` (as cells that share a side always are)."""
    table = [0] + [sum(1 << (y - 1) for y in range(1, n + 1)
                       if fits(x, y) and not (peers and x == y))
                   for x in range(1, n + 1)]
    return chain_supports(masks, lambda k, x, f: table[x], n)


def _names(board: Board, a: int, b: int) -> str:
    names = board.geo.cell_names
    return f"{names[a]} and {names[b]}"


def _kropki(board: Board, c: Kropki, masks: list[int]) -> list[int] | None:
    return _pair(masks, board.geo.n, lambda x, y: pair_keeps_dot(x, y, c.colour))


def _kropki_words(board: Board, c: Kropki, masks: list[int]) -> str:
    n = board.geo.n
    if c.colour == "white":
        return f"The white dot between {_names(board, c.a, c.b)} joins consecutive digits"
    pairs = [f"{d}-{2 * d}" for d in range(1, n // 2 + 1)]
    said = ", ".join(pairs[:-1]) + " or " + pairs[-1] if len(pairs) > 1 else pairs[0]
    return f"The black dot between {_names(board, c.a, c.b)} joins {said}"


def find_kropki(board: Board) -> Step | None:
    """A candidate of a cell by a kropki dot that no candidate across the dot pairs with,
    or None."""
    return constraint_step(board, KROPKI, Kropki, _kropki, _kropki_words)


def _xv(board: Board, c: XV, masks: list[int]) -> list[int] | None:
    return _pair(masks, board.geo.n, lambda x, y: x + y == c.total)


def _xv_words(board: Board, c: XV, masks: list[int]) -> str:
    sign = "An X" if c.total == 10 else "A V"
    return (f"{sign} between {_names(board, c.a, c.b)} joins digits adding up to {c.total}")


def find_xv(board: Board) -> Step | None:
    """A candidate of a cell by an X or a V that no candidate across it adds up with, or
    None."""
    return constraint_step(board, XV_SIGN, XV, _xv, _xv_words)


def _greater(board: Board, c: GreaterThan, masks: list[int]) -> list[int] | None:
    # (the cells are (big, small): ``cells`` lists them in that order)
    return _pair(masks, board.geo.n, lambda x, y: x > y)


def _greater_words(board: Board, c: GreaterThan, masks: list[int]) -> str:
    names = board.geo.cell_names
    return f"{names[c.big]} is greater than {names[c.small]}"


def find_greater(board: Board) -> Step | None:
    """A candidate of a cell by a greater-than sign that no candidate across it is greater
    (or smaller) than, or None."""
    return constraint_step(board, GREATER_THAN, GreaterThan, _greater, _greater_words)


def _unsigned(x: int, y: int, *, what: str) -> bool:
    """May neighbours without a sign of ``what`` ("dot" or "xv") hold x and y?"""
    if what == "dot":
        return not (pair_keeps_dot(x, y, "white") or pair_keeps_dot(x, y, "black"))
    return x + y not in (5, 10)


def find_no_sign(board: Board) -> Step | None:
    """A candidate of a cell next to one without a dot (or an X or V), where all are
    given, that no candidate of the neighbour may stand beside; or None."""
    geo: Geometry = board.geo
    pairs = geo.rules.negative_pairs
    if not pairs:
        return None
    n = geo.n
    for a, b, what in pairs:
        if board.values[a] and board.values[b]:
            continue
        masks = [board.masks[a], board.masks[b]]
        sup = _pair(masks, n, partial(_unsigned, what=what))
        if sup is None:
            continue
        elim = unsupported((a, b), masks, sup)
        if not elim:
            continue
        if what == "dot":
            said = (f"No dot joins {_names(board, a, b)}, and every dot is given: their "
                    f"digits are neither consecutive nor one twice the other")
        else:
            said = (f"No X or V joins {_names(board, a, b)}, and every one is given: their "
                    f"digits add up to neither 5 nor 10")
        known = [f"{geo.cell_names[c]} holds {'/'.join(map(str, digits_of(board.masks[c])))}"
                 for c in (a, b) if c not in {e[0] for e in elim}]
        held = f" ({known[0]})" if known else ""
        text = f"{said}{held}: {cannot(geo.cell_names, elim, board.masks)}."
        return NO_SIGN.step(board, (a, b), text, elim=elim)
    return None


GREATER_THAN = Technique(key="greater-than", name="Greater Than", level=Level.EASY,
                         score=1.5, effort=10, find=find_greater)
XV_SIGN = Technique(key="xv", name="XV", level=Level.EASY, score=1.5, effort=10, find=find_xv)
KROPKI = Technique(key="kropki", name="Kropki Dot", level=Level.EASY, score=1.6, effort=10,
                   find=find_kropki)
NO_SIGN = Technique(key="no-sign", name="No Sign", level=Level.EASY, score=1.8, effort=15,
                    find=find_no_sign)

#: The sign techniques by the family of constraint each reads.
SIGN_TECHNIQUES: dict[str, Technique] = {
    "kropki": KROPKI, "xv": XV_SIGN, "greater-than": GREATER_THAN,
}
