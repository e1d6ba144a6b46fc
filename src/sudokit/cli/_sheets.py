"""What the commands that read puzzles do with puzzles of overlapping grids (samurai, ...):
--variant naming their layout, and the refusal, by name, of what a command cannot do."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..errors import SudokuError, UnsupportedRulesError

if TYPE_CHECKING:
    from ..sheets import Sheet

#: The commands that honour puzzles of overlapping grids (samurai, ...): read with the
#: rest, they are refused by name.
SHEET_COMMANDS = ("solve", "count", "check", "convert", "rate", "hint", "explain", "print")


def sheet_named(text: str) -> bool:
    """Does a --variant name one layout of overlapping grids? An ArgumentTypeError when it
    joins one to other rules."""
    from ..sheets import preset_key  # imported when needed: the command's start-up stays fast

    if preset_key(text) is not None:
        return True
    layouts = [part.strip() for part in text.split("+") if preset_key(part) is not None]
    if layouts:
        raise argparse.ArgumentTypeError(
            f"{layouts[0]} puzzles (overlapping grids) cannot be combined with other rules "
            f"({text!r}): each of their grids keeps the classic rules")
    return False


def sheet_of(args: argparse.Namespace) -> Sheet | None:
    """The layout of overlapping grids that --variant names, or None."""
    from ..sheets import Sheet, preset_key  # imported when needed: start-up stays fast

    variant = getattr(args, "variant", None)
    key = None if variant is None else preset_key(variant)
    return None if key is None else Sheet.preset(key)


def sheet_or_refused(item: Any, variant: str | None, sheet: Sheet | None, honoured: bool,
                     doing: str) -> None:
    """A SudokuError unless ``item`` is a puzzle of overlapping grids on the layout that
    --variant names (if it names one, as ``sheet``) and the command takes such puzzles
    (``honoured``; ``doing`` says its work in words, for the refusal)."""
    from ..sheets import SheetGrid  # imported when needed: the command's start-up stays fast

    if not isinstance(item, SheetGrid):
        assert sheet is not None  # (one of the two is there)
        kind = "a board of pencil marks" if not hasattr(item, "n") else \
            f"a {item.n}x{item.n} puzzle"
        raise SudokuError(f"--variant {variant}: {kind}, not a {sheet.describe()} sheet")
    if variant is not None and sheet is None:
        raise SudokuError(f"{item.sheet.describe()} puzzles cannot take --variant {variant}")
    if sheet is not None and item.sheet != sheet:
        raise SudokuError(f"--variant {variant}: the puzzle is {item.sheet.describe()}")
    if not honoured:
        raise UnsupportedRulesError(f"{doing} {item.sheet.describe()} puzzles is not "
                                    f"supported yet")


#: The format whose records a rating among others writes back as they were read (sheets of
#: overlapping grids, or one line per grid), not as one line: see ``rated_block``.
BLOCK_FORMAT = "samurai"


def in_blocks(record: Any) -> bool:
    """Was ``record`` read in the format of sheets (``samurai``), whose puzzles take several
    lines each?"""
    style = getattr(record, "style", None)
    return getattr(style, "fmt", None) == BLOCK_FORMAT


def rated_block(record: Any, rating: str) -> bytes:
    """A record read in the format of sheets, rated among others: ``rating`` as a ``#``
    comment line, then the puzzle as it was read (its sheet, or one line per grid, with its
    blank and line ends), then a blank line. The samurai reader passes over the comment, so
    that the output reads back as the same puzzles, in the same order."""
    from ..formats import samurai  # imported when needed: the command's start-up stays fast

    style = record.style
    eol = style.eol or "\n"
    return f"# {rating}{eol}{samurai.format_item(record.item, style)}{eol}".encode()


def complete_blocks(data: bytes) -> bytes:
    """The part of a stopped run's output of ``rated_block``s (and ``ERROR:`` lines, each
    followed by a blank line) that holds whole records: up to its last blank line."""
    kept = at = 0
    for line in data.splitlines(keepends=True):
        at += len(line)
        if not line.endswith(b"\n"):  # cut short by the stop
            break
        if not line.strip():
            kept = at
    return data[:kept]


def block_count(kept: bytes) -> int:
    """How many records a ``complete_blocks`` output holds (each ends with a blank line)."""
    return sum(1 for line in kept.splitlines() if not line.strip())
