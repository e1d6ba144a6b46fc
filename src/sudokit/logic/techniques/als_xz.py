"""ALS-XZ: two almost locked sets joined by a restricted common digit.

An almost locked set (ALS) is N unplaced cells of one unit holding N+1 digits between them:
take one digit away and the rest is locked. If digit X is in both sets A and B and every X
of A sees every X of B (X is *restricted common*: at most one set holds it), then one of the
sets loses X and locks: so for any other digit Z common to both, one set holds Z, and Z
leaves every cell that sees all the Z cells of both sets.

The sets and the pair search live in typed tables (:mod:`.als_table`); this module gives
the techniques built on the sets (:mod:`.als`) Python objects for the small ones.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board, bits, digits_of, mask_bits
from ..graphs.als_links import AlsLinks
from ..graphs.als_table import AlsTable
from ..step import Level, Step, Technique, cell_list, digit_list

#: largest ALS looked at (bigger ones are rare in steps and costly to list)
MAX_CELLS = 5
#: largest ALS of the optional techniques that take HoDoKu's sets (doubly linked ALS-XZ, the
#: large ALS-XY-Wing, ALS-XY-Chain and Death Blossom): a unit's eight unplaced cells with
#: nine digits at most, so every set; listing them all costs a few hundred sets a unit
LARGE_CELLS = 8


def table_of(board: Board, max_cells: int = MAX_CELLS) -> AlsTable:
    """The almost locked sets of up to ``max_cells`` cells of the board as it is now
    (listed once per board state)."""
    key = ("als-table", max_cells)
    found = board.derived(key)
    if found is not None:
        return found  # type: ignore[return-value]
    # as many sets as last time on this board, give or take: room for them at once
    size_key = ("als-table-size", max_cells)
    made = AlsTable(board, max_cells, board.memo.get(size_key, 0))  # type: ignore[arg-type]
    board.memo[size_key] = len(made)
    board.keep(key, made)
    return made


class Als:
    """An almost locked set: ``cells`` (a cell set) of ``unit`` holding the digits of
    ``mask``; ``by_digit[d0]`` its cells with digit d0+1, ``seen_by[d0]`` the cells that see
    all of those; ``heads`` each digit d0 (in increasing order) with the first cell holding
    it. Made from set k of an :class:`AlsTable`."""

    __slots__ = ("cells", "mask", "unit", "by_digit", "seen_by", "heads")

    def __init__(self, table: AlsTable, k: int) -> None:
        self.cells = table.cellset(k)
        self.mask = table.digits(k)
        self.unit = table.unit(k)
        by_digit: dict[int, int] = {}
        seen_by: dict[int, int] = {}
        heads: list[tuple[int, int]] = []
        for d0 in mask_bits(self.mask):
            by_digit[d0] = table.digit_cells(k, d0)
            seen_by[d0] = table.seen_by(k, d0)
            heads.append((d0, table.head(k, d0)))
        self.by_digit = by_digit
        self.seen_by = seen_by
        self.heads = heads


def almost_locked_sets(board: Board, max_cells: int = MAX_CELLS) -> list[Als]:
    """Every ALS of up to ``max_cells`` cells, each cell set once: unit by unit (rows,
    columns, boxes), where each first turns up."""
    table = table_of(board, max_cells)
    return [Als(table, k) for k in range(len(table))]


#: the memo key of the last board state on which ALS-XZ found nothing: a pair of sets neither
#: of which touches a cell changed since was a pair there too, with the same digits and
#: restricted commons, and its eliminations can only have shrunk (the board has only lost
#: candidates since), so it still eliminates nothing and the search skips it
_NONE_KEY = "als-xz-none"
#: the same for the search that also takes doubly linked pairs
_NONE_DOUBLY_KEY = "als-xz-doubly-none"


def find(board: Board) -> Step | None:
    """An ALS-XZ step (a pair of sets and a restricted common digit), or None."""
    return _find(board, False)


def find_doubly(board: Board) -> Step | None:
    """An ALS-XZ step where a pair joined by two restricted commons (doubly linked) makes
    one step of all it eliminates, or None."""
    return _find(board, True)


def _find(board: Board, doubly: bool) -> Step | None:
    none_key = _NONE_DOUBLY_KEY if doubly else _NONE_KEY
    changed = board.changed_since(board.memo.get(none_key))
    table = table_of(board, LARGE_CELLS if doubly else MAX_CELLS)
    found = table.xz(changed, doubly)
    if found is None:
        board.memo[none_key] = board.snapshot()
        return None
    ka, kb, x0, x1, elims = found
    if not doubly:
        z0, gone = elims[0]
        return _step(board, table, ka, kb, x0 + 1, z0 + 1, gone)
    if x1 < 0:
        # every digit Z of the pair makes the step, as HoDoKu's does
        elims = []
        for z0 in mask_bits(table.digits(ka) & table.digits(kb) & ~(1 << x0)):
            gone = table.reach(ka, z0) & table.reach(kb, z0)
            if gone:
                elims.append((z0, gone))
    return _doubly(board, table, ka, kb, x0 + 1, x1, elims)


def every(board: Board) -> Iterator[Step]:
    """Every step of the optional technique (doubly linked ALS-XZ), each set of eliminations
    once: each pair of disjoint sets of up to :data:`LARGE_CELLS` cells joined by one
    restricted common (every digit Z both hold) or two (doubly linked), pairs in the order
    of their first set's links. ``hint --all`` lists these."""
    table = table_of(board, LARGE_CELLS)
    index, cells, masks, _, reach, _, links, _ = AlsLinks(table, LARGE_CELLS).lists()
    commons: dict[tuple[int, int], int] = {}
    for ka, joined in enumerate(links):
        for kb, x0 in joined:
            if ka < kb:
                commons[ka, kb] = commons.get((ka, kb), 0) | 1 << x0
    seen = set()
    for (ka, kb), rc in commons.items():
        both = masks[ka] & masks[kb]
        if rc.bit_count() == 1:
            elims = [(z0, reach[ka][z0] & reach[kb][z0]) for z0 in mask_bits(both & ~rc)]
            x0, x1 = rc.bit_length() - 1, -1
        elif rc.bit_count() == 2:
            x0, x1 = mask_bits(rc)[:2]
            elims = []
            for d0 in mask_bits(masks[ka] | masks[kb]):
                if rc >> d0 & 1:
                    gone = reach[ka][d0] & reach[kb][d0]
                else:
                    gone = (reach[ka][d0] & ~cells[kb] if masks[ka] >> d0 & 1 else 0) | (
                        reach[kb][d0] & ~cells[ka] if masks[kb] >> d0 & 1 else 0)
                elims.append((d0, gone))
        else:
            continue  # three sets' worth of restricted commons: no pair of ALSs has them
        elims = [(d0, gone) for d0, gone in elims if gone]
        key = tuple(elims)
        if elims and key not in seen:
            seen.add(key)
            yield _doubly(board, table, index[ka], index[kb], x0 + 1, x1, elims)


def _names(board: Board, table: AlsTable, ka: int, kb: int) -> str:
    geo = board.geo
    return (
        f"Almost locked sets {cell_list(geo, bits(table.cellset(ka)))} "
        f"{digit_list(digits_of(table.digits(ka)))} "
        f"and {cell_list(geo, bits(table.cellset(kb)))} "
        f"{digit_list(digits_of(table.digits(kb)))}"
    )


def _step(board: Board, table: AlsTable, ka: int, kb: int, x: int, z: int, gone: int) -> Step:
    text = (
        f"{_names(board, table, ka, kb)} share {x}, which only one of them can hold: so one "
        f"of them holds {z}, and {z} leaves {cell_list(board.geo, bits(gone))}."
    )
    cells = bits(table.cellset(ka) | table.cellset(kb))
    return ALS_XZ.step(board, cells, text, elim=[(c, z) for c in bits(gone)])


def _doubly(
    board: Board, table: AlsTable, ka: int, kb: int, x: int, x1: int,
    elims: list[tuple[int, int]],
) -> Step:
    """The step of the optional technique: doubly linked when ``x1`` >= 0 (a second
    restricted common, x1+1), else singly linked with every digit Z of the pair."""
    geo = board.geo
    gone = "; ".join(f"{d0 + 1} leaves {cell_list(geo, bits(cells))}" for d0, cells in elims)
    if x1 < 0:
        text = (
            f"{_names(board, table, ka, kb)} share {x}, which only one of them can hold: so "
            f"one of them locks, and each other digit both hold is in one of them: {gone}."
        )
    else:
        y = x1 + 1
        text = (
            f"{_names(board, table, ka, kb)} share {x} and {y}, each of which only one of "
            f"them can hold: so each set holds exactly one of the two and every other digit "
            f"of its own, and {x} and {y} each lie in one of the sets: {gone}."
        )
    cells = bits(table.cellset(ka) | table.cellset(kb))
    return DOUBLY_LINKED_ALS_XZ.step(
        board, cells, text, elim=[(c, d0 + 1) for d0, found in elims for c in bits(found)]
    )


ALS_XZ = Technique(
    key="als-xz", name="ALS-XZ", level=Level.EXPERT, score=7.5, effort=300, find=find,
)
#: ALS-XZ that also takes doubly linked pairs (HoDoKu's ALS-XZ): outside the default ladder,
#: where its larger steps would lower ratings; named, it takes ALS-XZ's place
DOUBLY_LINKED_ALS_XZ = Technique(
    key="doubly-linked-als-xz", name="Doubly Linked ALS-XZ", level=Level.EXPERT, score=7.5,
    effort=300, find=find_doubly,
)
