"""``--techniques`` and ``--exclude``: the options that choose the technique ladder of
``hint``, ``explain``, ``rate`` and ``create``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..logic.step import Technique


#: What the help of hint, explain and rate says of puzzles of overlapping grids.
SHEET_STEPS = ("On overlapping grids (samurai, twodoku, butterfly, sohei, windmill, flower) "
               "the steps name sheet cells (r7c13) and each grid's houses (row 3 of grid 2), "
               "and only the techniques that read any grid's houses run: the uniqueness "
               "techniques, the empty rectangle and the larger finned and Franken fish are left "
               "out.")

#: The techniques not in the default ladder, for the help (kept here as text so that the
#: parser is built without importing the rater; a test checks them against the registry,
#: ``sudokit.logic.techniques.OPTIONAL``).
OPTIONAL_KEYS = (
    "franken-fish",
    "finned-franken-fish",
    "mutant-fish",
    "finned-mutant-fish",
    "franken-jellyfish",
    "finned-franken-jellyfish",
    "mutant-jellyfish",
    "finned-mutant-jellyfish",
    "finned-mutant-squirmbag",
    "finned-mutant-whale",
    "squirmbag",
    "whale",
    "leviathan",
    "aligned-triple-exclusion",
    "wxyz-wing",
    "vwxyz-wing",
    "uvwxyz-wing",
    "tuvwxyz-wing",
    "bug-2",
    "bug-3",
    "bug-4",
    "avoidable-rectangle-1",
    "avoidable-rectangle-2",
    "direct-pointing",
    "direct-claiming",
    "direct-hidden-pair",
    "direct-hidden-triple",
    "unique-loop-1",
    "unique-loop-2",
    "unique-loop-4",
    "doubly-linked-als-xz",
    "large-als-xy-wing",
    "large-death-blossom",
    "large-als-xy-chain",
    "locked-pair",
    "locked-triple",
    "remote-pair",
    "large-sue-de-coq",
    "continuous-nice-loop",
    "grouped-continuous-nice-loop",
    "template-set",
    "template-delete",
    "strong-links-2",
    "strong-links-3",
    "strong-links-4",
    "grouped-aic-als",
)


def technique_names(text: str) -> str:
    """An argparse type: a comma-separated list of technique names, checked at once (an
    unknown name is refused with the names it may stand for, not the whole list)."""
    from ..logic.select import keys_of  # deferred: the logic package is slow to import

    if not any(name.strip() for name in text.split(",")):
        raise argparse.ArgumentTypeError(f"{text!r} names no technique (keys or names such "
                                         "as 'x-wing', comma-separated)")
    for name in text.split(","):
        try:
            keys_of(name)
        except ValueError:
            raise argparse.ArgumentTypeError(unknown_name(name.strip())) from None
    return text


#: how many names a "did you mean" offers
_MOST_SUGGESTED = 6


def unknown_name(name: str) -> str:
    """One short line for a technique name that names nothing: the names that begin with it
    or are spelt close to it (the US ``simple-coloring`` for ``simple-colouring``), and
    where every name is listed."""
    import difflib  # deferred: only a mistake needs it

    from ..logic.select import ORDER  # imported when needed: the command's start-up stays fast

    keys = {_plain(t.key): t.key for t in ORDER} | {_plain(t.name): t.key for t in ORDER}
    wanted = _plain(name)
    found = sorted(key for plain, key in keys.items() if wanted and plain.startswith(wanted))
    if not found:
        found = [keys[p] for p in difflib.get_close_matches(wanted, keys, n=3, cutoff=0.75)]
    found = list(dict.fromkeys(found))
    listed = "'sudoku rate --scale' lists them all"
    if not found:
        return f"unknown technique {name!r} ({listed})"
    more = f" and {len(found) - _MOST_SUGGESTED} more" if len(found) > _MOST_SUGGESTED else ""
    return (f"unknown technique {name!r}: did you mean "
            f"{', '.join(found[:_MOST_SUGGESTED])}{more}? ({listed})")


def _plain(name: str) -> str:
    """A name as names are compared: lower case, letters, digits and '+' only."""
    return "".join(ch for ch in name.lower() if ch.isalnum() or ch == "+")


def add_ladder_arguments(p: argparse.ArgumentParser) -> None:
    """Add ``--techniques`` and ``--exclude`` to a subcommand."""
    p.add_argument(
        "--techniques",
        type=technique_names,
        default=None,
        metavar="NAMES",
        help="use only these techniques (comma-separated keys or names, e.g. "
        "'singles,pointing,x-wing'; a level word such as 'hard' names all of its techniques, "
        "'default' the whole default ladder, 'se' and 'sukaku' the techniques Sudoku Explainer "
        "1.2.1.3 and Sukaku Explainer have, rating closest to them). Not in the default "
        "ladder, named only here, "
        f"taking their place by score: {', '.join(OPTIONAL_KEYS)} (e.g. "
        "'default,franken-fish')",
    )
    p.add_argument(
        "--exclude",
        type=technique_names,
        default=None,
        metavar="NAMES",
        help="leave these techniques out (same names as --techniques)",
    )


def ladder_of(args: argparse.Namespace) -> tuple[Technique, ...]:
    """The techniques the options chose (the whole ladder by default)."""
    from ..logic.select import choose  # imported when needed: the command's start-up stays fast

    return choose(getattr(args, "techniques", None), getattr(args, "exclude", None))


def ladder_keys(args: argparse.Namespace) -> tuple[str, ...] | None:
    """The chosen techniques as keys, for work sent to other processes (None: the whole
    ladder, nothing chosen)."""
    if getattr(args, "techniques", None) is None and getattr(args, "exclude", None) is None:
        return None
    return tuple(t.key for t in ladder_of(args))
