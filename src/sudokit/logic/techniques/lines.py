"""What each line drawn on the grid removes, given the other cells' candidates: one
technique per family, in a solver's words.

- Thermometer: digits rise from the bulb, so each cell is above what the cells before it
  can be and below what the cells after it can be ("the bulb of a 5-cell thermometer is at
  most 5").
- Arrow and Little Killer: the digits add up to the circle (or the clue), by the least and
  most the other cells can add (peers on it differ).
- German Whispers: neighbours differ by 5 or more ("cells on a German whispers line cannot
  be 5").
- Renban: the line holds a run of consecutive digits, one of the runs its candidates fit.
- Palindrome: cells the same distance from either end hold the same digit.
- Between Line: the cells between the circles lie strictly between the ends' digits.
- Entropic Line: any three in a row hold a low, a middle and a high digit, so the line
  repeats one order of the three thirds.
- Region-Sum Line: the pieces of the line in each region add up to the same total.
- Sandwich: the 1 and the 9 of the row stand as far apart as the digits between them need.
"""

from __future__ import annotations

from itertools import permutations

from ...constraints import (
    Arrow,
    Between,
    Constraint,
    Entropic,
    LittleKiller,
    Palindrome,
    RegionSum,
    Renban,
    Sandwich,
    Thermo,
    Whisper,
)
from ..board import Board, digits_of
from ..step import Level, Step, Technique
from .supports import (
    apart_among,
    chain_supports,
    constraint_step,
    matched,
    search_supports,
    total_supports,
)


def _at(board: Board, constraint: Constraint) -> str:
    return board.geo.cell_names[constraint.cells[0]]


# -- thermometers -------------------------------------------------------------------
def _thermo(board: Board, c: Thermo, masks: list[int]) -> list[int] | None:
    if not c.slow:  # the next cell holds more than x
        return chain_supports(masks, lambda k, x, f: f & ~((1 << x) - 1), board.geo.n)
    # on a slow one, no less than x, and more where the two cells see each other
    sees = [board.geo.sees(a, b) for a, b in zip(c.line, c.line[1:], strict=False)]
    chained = chain_supports(masks, lambda k, x, f: f & ~((1 << (x - 1 + sees[k])) - 1),
                             board.geo.n)
    if chained is None:
        return None
    apart = apart_among(c.line, board.geo.peer_bits)
    exact = search_supports(chained, apart,
                            lambda values, i: not i or values[i] >= values[i - 1])
    return chained if exact is None else exact


def _thermo_words(board: Board, c: Thermo, masks: list[int]) -> str:
    size = len(c.line)
    sup = _thermo(board, c, masks) or masks
    bulb = sup[0]
    if c.slow:
        return f"Digits never fall along the {size}-cell slow thermometer from {_at(board, c)}"
    said = f"Digits rise along the {size}-cell thermometer from {_at(board, c)}"
    if bulb != masks[0] and bulb:
        said += f" (its bulb is at most {bulb.bit_length()})"
    return said


def find_thermo(board: Board) -> Step | None:
    """A thermometer cell's candidate that no rising filling of the line uses, or None."""
    return constraint_step(board, THERMO, Thermo, _thermo, _thermo_words)


# -- arrows and little killers --------------------------------------------------------
def _arrow(board: Board, c: Arrow, masks: list[int]) -> list[int] | None:
    k = len(c.circle)
    apart = apart_among(c.cells, board.geo.peer_bits)
    line_masks = masks[k:]
    most = [0] * (len(line_masks) + 1)
    least = [0] * (len(line_masks) + 1)
    for i in range(len(line_masks) - 1, -1, -1):
        least[i] = least[i + 1] + (line_masks[i] & -line_masks[i]).bit_length()
        most[i] = most[i + 1] + line_masks[i].bit_length()

    def ok(values: list[int], i: int) -> bool:
        if i < k - 1:
            return True
        number = 0
        for v in values[:k]:
            number = number * 10 + v
        got = sum(values[k:i + 1])
        left = i + 1 - k  # line cells filled
        return got + least[left] <= number <= got + most[left]

    return search_supports(masks, apart, ok)


def _arrow_words(board: Board, c: Arrow, masks: list[int]) -> str:
    return (f"The {len(c.line)} digits on the arrow from {_at(board, c)} add up to its "
            f"circle")


def find_arrow(board: Board) -> Step | None:
    """An arrow cell's candidate that no filling adding up to the circle uses, or None."""
    return constraint_step(board, ARROW, Arrow, _arrow, _arrow_words)


def _little(board: Board, c: LittleKiller, masks: list[int]) -> list[int] | None:
    apart = apart_among(c.line, board.geo.peer_bits)
    return total_supports(masks, c.total, apart, board.geo.n)


def _little_words(board: Board, c: LittleKiller, masks: list[int]) -> str:
    return (f"The {len(c.line)} digits along the diagonal from {_at(board, c)} add up to "
            f"{c.total}")


def find_little_killer(board: Board) -> Step | None:
    """A little killer's cell candidate that no filling adding up to the clue uses, or
    None."""
    return constraint_step(board, LITTLE_KILLER, LittleKiller, _little, _little_words)


# -- whispers, palindromes ----------------------------------------------------------
def _whisper(board: Board, c: Whisper, masks: list[int]) -> list[int] | None:
    gap = c.gap
    near = [0] + [sum(1 << (y - 1) for y in range(1, board.geo.n + 1) if abs(x - y) >= gap)
                  for x in range(1, board.geo.n + 1)]
    chained = chain_supports(masks, lambda k, x, f: near[x], board.geo.n)
    if chained is None:
        return None
    # then cell by cell, keeping apart the cells that see each other (a 4 between two
    # cells of one row needs a 9 on each side: it cannot be)
    apart = apart_among(c.line, board.geo.peer_bits)
    exact = search_supports(chained, apart,
                            lambda values, i: not i or abs(values[i] - values[i - 1]) >= gap)
    return chained if exact is None else exact


def _whisper_words(board: Board, c: Whisper, masks: list[int]) -> str:
    n = board.geo.n
    lonely = [d for d in range(1, n + 1) if d - c.gap < 1 and d + c.gap > n]
    said = (f"Neighbours on the whispers line from {_at(board, c)} differ by at least "
            f"{c.gap}")
    if lonely and any(m >> (d - 1) & 1 for m in masks for d in lonely):
        said += (f" (cells on a {'German ' if c.gap == 5 and n == 9 else ''}whispers line "
                 f"cannot be {' or '.join(map(str, lonely))})")
    return said


def find_whisper(board: Board) -> Step | None:
    """A whispers-line cell's candidate that no neighbour's candidate is far enough from,
    or None."""
    return constraint_step(board, WHISPERS, Whisper, _whisper, _whisper_words)


def _palindrome(board: Board, c: Constraint, masks: list[int]) -> list[int] | None:
    size = len(masks)
    out = [masks[i] & masks[size - 1 - i] for i in range(size)]
    return None if not all(out) else out


def _palindrome_words(board: Board, c: Constraint, masks: list[int]) -> str:
    return (f"The palindrome line from {_at(board, c)} reads the same both ways (cells as "
            f"far from either end hold the same digit)")


def find_palindrome(board: Board) -> Step | None:
    """A palindrome cell's candidate that its mirror cell lacks, or None."""
    return constraint_step(board, PALINDROME, Palindrome, _palindrome, _palindrome_words)


# -- renban, between, entropic ---------------------------------------------------------
def _renban(board: Board, c: Constraint, masks: list[int]) -> list[int] | None:
    size = len(masks)
    out = [0] * size
    for low in range(board.geo.n - size + 1):
        run = ((1 << size) - 1) << low
        sup = matched(masks, run)
        if sup is not None:
            out = [a | b for a, b in zip(out, sup, strict=True)]
    return out if any(out) else None


def _renban_words(board: Board, c: Constraint, masks: list[int]) -> str:
    size = len(masks)
    runs = []
    for low in range(board.geo.n - size + 1):
        if matched(masks, ((1 << size) - 1) << low) is not None:
            runs.append(f"{low + 1}-{low + size}")
    return (f"The {size}-cell renban line at {_at(board, c)} holds {size} consecutive "
            f"digits ({' or '.join(runs)})")


def find_renban(board: Board) -> Step | None:
    """A renban cell's candidate that no run of digits its cells fit uses, or None."""
    return constraint_step(board, RENBAN, Renban, _renban, _renban_words)


def _between(board: Board, c: Constraint, masks: list[int]) -> list[int] | None:
    first, last, middle = masks[0], masks[-1], masks[1:-1]
    out = [0] * len(masks)
    for a in digits_of(first):
        for b in digits_of(last):
            if abs(a - b) < 2:
                continue
            inside = ((1 << (max(a, b) - 1)) - 1) & ~((1 << min(a, b)) - 1)
            kept = [m & inside for m in middle]
            if all(kept):
                out[0] |= 1 << (a - 1)
                out[-1] |= 1 << (b - 1)
                for i, m in enumerate(kept):
                    out[i + 1] |= m
    return out if out[0] else None


def _between_words(board: Board, c: Constraint, masks: list[int]) -> str:
    return (f"The digits on the between line from {_at(board, c)} lie strictly between the "
            f"digits of its two ends")


def find_between(board: Board) -> Step | None:
    """A between-line candidate that no pair of ends allows, or None."""
    return constraint_step(board, BETWEEN, Between, _between, _between_words)


def _thirds(n: int) -> tuple[int, int, int]:
    third = n // 3
    return tuple((((1 << third) - 1) << (t * third)) for t in range(3))  # type: ignore[return-value]


def _entropic(board: Board, c: Constraint, masks: list[int]) -> list[int] | None:
    thirds = _thirds(board.geo.n)
    out = [0] * len(masks)
    for order in permutations(range(3)):
        kept = [m & thirds[order[i % 3]] for i, m in enumerate(masks)]
        if all(kept):
            out = [a | b for a, b in zip(out, kept, strict=True)]
    return out if any(out) else None


def _entropic_words(board: Board, c: Constraint, masks: list[int]) -> str:
    n = board.geo.n
    t = n // 3
    return (f"Any three cells in a row on the entropic line from {_at(board, c)} hold a low "
            f"(1-{t}), a middle ({t + 1}-{2 * t}) and a high digit ({2 * t + 1}-{n})")


def find_entropic(board: Board) -> Step | None:
    """An entropic-line candidate that no order of the thirds along the line allows, or
    None."""
    return constraint_step(board, ENTROPIC, Entropic, _entropic, _entropic_words)


# -- region sums, sandwiches ---------------------------------------------------------
def _region_sum(board: Board, c: RegionSum, masks: list[int]) -> list[int] | None:
    pieces = c.pieces(board.geo.rules.regions)
    ends = set()
    at = 0
    for piece in pieces:
        at += len(piece)
        ends.add(at - 1)
    starts = [0]
    for piece in pieces:
        starts.append(starts[-1] + len(piece))
    apart = apart_among(c.line, board.geo.peer_bits)

    def ok(values: list[int], i: int) -> bool:
        if i not in ends:
            return True
        sums = {sum(values[a:b]) for a, b in zip(starts, starts[1:], strict=False) if b <= i + 1}
        return len(sums) == 1

    return search_supports(masks, apart, ok)


def _region_sum_words(board: Board, c: Constraint, masks: list[int]) -> str:
    region = "region" if board.geo.rules.is_jigsaw else "box"
    return (f"The pieces of the region-sum line from {_at(board, c)} in each {region} add "
            f"up to the same total")


def find_region_sum(board: Board) -> Step | None:
    """A region-sum line candidate that no filling with equal pieces uses, or None."""
    return constraint_step(board, REGION_SUM, RegionSum, _region_sum, _region_sum_words)


def _sandwich(board: Board, c: Sandwich, masks: list[int]) -> list[int] | None:
    n = board.geo.n
    total = c.total
    big = 1 << (n - 1)
    # how many cells between the 1 and the N can add up to the total (different digits
    # of 2..N-1)
    gaps = set()
    for g in range(n - 1):
        low = sum(range(2, 2 + g))
        high = sum(range(n - g, n))
        if low <= total <= high:
            gaps.add(g)
    out = list(masks)
    for i, m in enumerate(masks):
        for bit, other in ((1, big), (big, 1)):
            if m & bit and not any(0 <= i + s * (g + 1) < n and masks[i + s * (g + 1)] & other
                                   for g in gaps for s in (1, -1)):
                out[i] &= ~bit
    if not all(out):
        return None
    found = _sandwich_search(c, out, n)
    return found if found is not None else out


def _sandwich_search(c: Sandwich, masks: list[int], n: int) -> list[int] | None:
    total = c.total

    def ok(values: list[int], i: int) -> bool:
        ends = [k for k in range(i + 1) if values[k] in (1, n)]
        if len(ends) == 2:
            return sum(values[ends[0] + 1:ends[1]]) == total
        if len(ends) == 1:
            return sum(values[ends[0] + 1:i + 1]) <= total
        return True

    return search_supports(masks, [(1 << len(masks)) - 1 & ~(1 << i) for i in range(n)], ok)


def _sandwich_words(board: Board, c: Sandwich, masks: list[int]) -> str:
    n = board.geo.n
    return (f"In {c.house.replace('col', 'column')} {c.index + 1} the digits between the 1 and "
            f"the {n} add up to {c.total}")


def find_sandwich(board: Board) -> Step | None:
    """A candidate of a sandwich's row or column that no filling keeping its sum uses, or
    None."""
    return constraint_step(board, SANDWICH, Sandwich, _sandwich, _sandwich_words)


THERMO = Technique(key="thermometer", name="Thermometer", level=Level.EASY, score=1.5,
                   effort=10, find=find_thermo)
PALINDROME = Technique(key="palindrome", name="Palindrome", level=Level.EASY, score=1.5,
                       effort=10, find=find_palindrome)
WHISPERS = Technique(key="whispers", name="German Whispers", level=Level.EASY, score=1.7,
                     effort=15, find=find_whisper)
BETWEEN = Technique(key="between-line", name="Between Line", level=Level.EASY, score=1.8,
                    effort=15, find=find_between)
ENTROPIC = Technique(key="entropic-line", name="Entropic Line", level=Level.EASY, score=1.8,
                     effort=15, find=find_entropic)
RENBAN = Technique(key="renban", name="Renban", level=Level.EASY, score=1.9, effort=20,
                   find=find_renban)
ARROW = Technique(key="arrow", name="Arrow", level=Level.EASY, score=2.0, effort=20,
                  find=find_arrow)
LITTLE_KILLER = Technique(key="little-killer", name="Little Killer", level=Level.MEDIUM,
                          score=2.2, effort=30, find=find_little_killer)
REGION_SUM = Technique(key="region-sum-line", name="Region-Sum Line", level=Level.MEDIUM,
                       score=2.4, effort=40, find=find_region_sum)
SANDWICH = Technique(key="sandwich", name="Sandwich", level=Level.MEDIUM, score=2.4,
                     effort=40, find=find_sandwich)

#: The line techniques by the family of constraint each reads.
LINE_TECHNIQUES: dict[str, Technique] = {
    "thermo": THERMO, "arrow": ARROW, "little-killer": LITTLE_KILLER, "whispers": WHISPERS,
    "renban": RENBAN, "palindrome": PALINDROME, "between": BETWEEN, "region-sum": REGION_SUM,
    "entropic": ENTROPIC, "sandwich": SANDWICH,
}
