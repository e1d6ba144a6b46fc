"""What every reader shares: the options a reader takes, the text after the last puzzle,
and "every item, the first error raised" (how ``loads`` and ``load`` read)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from ..errors import ParseError
from ..sheets import Sheet
from ._input import Input
from ._records import Item, Record


class ReadOptions(NamedTuple):
    """What a reader is told besides its input: ``box``, the box shape of every puzzle
    (None: inferred); ``column``, the name of the column that holds the puzzle in a table
    with a header (None: found by its name); ``sheet``, the layout of overlapping grids
    the puzzles are on (None: found from each puzzle's text)."""

    box: tuple[int, int] | None = None
    column: str | None = None
    sheet: Sheet | None = None


#: A reader's options when nothing is given.
NO_OPTIONS = ReadOptions()


def no_puzzle_found() -> ParseError:
    """The error of an input without a single puzzle."""
    return ParseError("no puzzle found: nothing but blank lines, comments or borders")


def with_tail(
    inp: Input,
    records: Iterable[Record | str],
    empty: Callable[[], ParseError] = no_puzzle_found,
) -> Iterator[Record]:
    """The records of a reader that yields them, and then, as a plain string, the text after
    the last one: that text becomes the last record's ``style.tail``. An input without a
    single puzzle (only blank lines or comments) is an error of the whole input, ``empty()``."""
    held: Record | None = None
    for r in records:
        if isinstance(r, str):
            if held is not None and r and held.style is not None:
                held = held._replace(style=held.style._replace(tail=r))
            continue
        if held is not None:
            yield held
        held = r
    if held is None:
        raise inp.fail(empty())
    yield held


def items_or_first_error(records: Iterable[Record]) -> list[Item]:
    """Every record's item; the first record's error is raised instead."""
    items: list[Item] = []
    for record in records:
        if record.error is not None:
            raise record.error
        if record.item is not None:
            items.append(record.item)
    return items
