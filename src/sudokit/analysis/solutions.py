"""The searches the analyses share: a puzzle's first solution, a solution other than a
known one (within some cells), and an unavoidable set shrunk until no cell of it can go.

An *unavoidable set* of a puzzle, with respect to one of its solutions ``S``, is a set of
blank cells whose digits in ``S`` can be rearranged into another solution: a unique
puzzle made from this one must give at least one of its cells. Sets are kept as bit sets
of cells (bit ``i`` is cell ``i``), which makes the hitting-set searches cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..candidates import Candidates
from ..errors import UnsupportedRulesError
from ..grid import Grid
from ..solver import search


def unsupported_rules(puzzle: Grid) -> str | None:
    """Why the analyses cannot take ``puzzle`` (they search candidate boards, which hold
    the classic rules only), or None when they can."""
    rules = puzzle.rules
    if rules.is_classic:
        return None
    return f"{rules.describe()} rules are not supported here: classic sudoku only"


#: The largest size the command line analyses (the searches grow fast with the size).
LARGEST = 16


def refusal(puzzle: Grid, what: str) -> str | None:
    """Why the command line does not take ``puzzle`` for ``what`` (a variant's rules, or
    a size past :data:`LARGEST`), or None."""
    if puzzle.n > LARGEST:
        return f"{what} takes puzzles up to {LARGEST}x{LARGEST}, not {puzzle.n}x{puzzle.n}"
    return unsupported_rules(puzzle)


def need_classic(puzzle: Grid, function: str) -> None:
    """Refuse, by name, a puzzle whose rules the analyses cannot honour."""
    if not isinstance(puzzle, Grid):
        raise TypeError(f"{function}: puzzle must be a Grid, not {type(puzzle).__name__}")
    why_not = unsupported_rules(puzzle)
    if why_not is not None:
        raise UnsupportedRulesError(f"{function}: {why_not}")


def bits(cells: Iterable[int]) -> int:
    """The bit set of ``cells``."""
    out = 0
    for cell in cells:
        out |= 1 << cell
    return out


def cells_of(bitset: int) -> list[int]:
    """The cells of a bit set, in order."""
    out = []
    while bitset:
        low = bitset & -bitset
        out.append(low.bit_length() - 1)
        bitset ^= low
    return out


def first_solution(puzzle: Grid) -> Grid | None:
    """The solution the search finds first (the one the analyses call "solution 1")."""
    return search(puzzle, limit=1).solution


def count(puzzle: Grid, limit: int = 2) -> int:
    """How many solutions ``puzzle`` has, up to ``limit``."""
    return search(puzzle, limit=limit).count


def with_clues(puzzle: Grid, solution: Sequence[int], cells: Iterable[int]) -> Grid:
    """``puzzle`` with the digits of ``solution`` given in ``cells`` too."""
    out = list(puzzle.cells)
    for cell in cells:
        out[cell] = solution[cell]
    return Grid.unchecked(tuple(out), puzzle.shape)


def without(puzzle: Grid, cells: Iterable[int]) -> Grid:
    """``puzzle`` with ``cells`` made blank."""
    out = list(puzzle.cells)
    for cell in cells:
        out[cell] = 0
    return Grid.unchecked(tuple(out), puzzle.shape)


def other_solution(solution: Grid, free: int, limit: int = 1) -> Grid | None:
    """A solution that differs from the solved grid ``solution`` only in the cells of the
    bit set ``free`` (and in at least one of them), or None. Each free cell in turn is
    made to differ; the first found is returned."""
    shape = solution.shape
    full = shape.full_mask
    fixed = [1 << (v - 1) for v in solution.cells]
    free_cells = cells_of(free)
    if not free_cells:
        return None
    base = list(fixed)
    for cell in free_cells:
        base[cell] = full
    if search(Candidates.unchecked(tuple(base), shape), limit=2).count < 2:
        return None  # the only completion within these cells is ``solution`` itself
    for cell in free_cells:
        masks = list(base)
        masks[cell] = full & ~fixed[cell]
        found = search(Candidates.unchecked(tuple(masks), shape), limit=limit).solution
        if found is not None:
            return found
    return None  # unreachable: two completions differ somewhere


def differing(first: Grid, second: Grid) -> int:
    """The bit set of the cells where two grids differ."""
    return bits(i for i, (a, b) in enumerate(zip(first.cells, second.cells, strict=True))
                if a != b)


def shrink(solution: Grid, unavoidable: int) -> int:
    """An unavoidable set within ``unavoidable`` (a set where some other solution differs
    from ``solution``) from which no cell can be taken: each cell is dropped in turn
    when another solution still differs within the rest."""
    for cell in cells_of(unavoidable):
        if not unavoidable >> cell & 1:
            continue  # gone with an earlier cell
        rest = unavoidable & ~(1 << cell)
        other = other_solution(solution, rest)
        if other is not None:
            unavoidable = differing(solution, other)
    return unavoidable


def unavoidable_of(puzzle: Grid, solution: Grid) -> tuple[Grid, int] | None:
    """Another solution of ``puzzle`` and a minimal unavoidable set where it differs
    from ``solution`` (every cell of the set differs), or None when ``solution`` is the
    only one. Of the sets found (one from any other solution, one from two digits that
    can swap), the smaller is kept."""
    blanks = bits(i for i, v in enumerate(puzzle.cells) if not v)
    other = other_solution(solution, blanks)
    if other is None:
        return None
    small = shrink(solution, differing(solution, other))
    swap = smallest_swap(solution, blanks)
    if swap and swap.bit_count() < small.bit_count():
        small = shrink(solution, swap)
    second = other_solution(solution, small)
    if second is None or differing(solution, second) != small:  # pragma: no cover
        raise AssertionError("an unavoidable set lost its second solution")
    return second, small


def smallest_swap(solution: Grid, blanks: int) -> int:
    """The smallest set of blank cells (0: none) whose two digits can swap and leave a
    solution: for two digits, the cells holding them, joined where they share a unit;
    each joined part lies across whole units, so its digits swap freely."""
    shape = solution.shape
    where: list[list[int]] = [[] for _ in range(shape.n + 1)]
    for cell, v in enumerate(solution.cells):
        where[v].append(cell)
    best = 0
    for a in range(1, shape.n + 1):
        for b in range(a + 1, shape.n + 1):
            for part in _parts(shape.units, where[a], where[b]):
                if not part & ~blanks and (not best or part.bit_count() < best.bit_count()):
                    best = part
    return best


def _parts(units: Sequence[Sequence[int]], first: list[int], second: list[int]) -> list[int]:
    """The cells of two digits, joined where one unit holds both: the parts, as bit sets."""
    root = {c: c for c in first + second}

    def find(c: int) -> int:
        while root[c] != c:
            root[c] = root[root[c]]
            c = root[c]
        return c

    held = set(root)
    for unit in units:
        pair = [c for c in unit if c in held]
        if len(pair) == 2:
            root[find(pair[0])] = find(pair[1])
    parts: dict[int, int] = {}
    for c in held:
        parts[find(c)] = parts.get(find(c), 0) | 1 << c
    return list(parts.values())
