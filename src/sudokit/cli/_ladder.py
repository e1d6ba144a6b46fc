"""``--techniques`` and ``--exclude``: the options that choose the technique ladder of
``hint``, ``explain``, ``rate`` and ``create``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..logic.step import Technique


#: The techniques not in the default ladder, for the help (kept here as text so that the
#: parser is built without importing the rater; a test checks them against the registry,
#: ``sudokit.logic.techniques.OPTIONAL``).
OPTIONAL_KEYS = (
    "franken-fish",
    "finned-franken-fish",
    "mutant-fish",
    "finned-mutant-fish",
    "aligned-triple-exclusion",
)


def technique_names(text: str) -> str:
    """An argparse type: a comma-separated list of technique names, checked at once."""
    from ..logic.select import keys_of  # deferred: the logic package is slow to import

    try:
        keys_of(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def add_ladder_arguments(p: argparse.ArgumentParser) -> None:
    """Add ``--techniques`` and ``--exclude`` to a subcommand."""
    p.add_argument(
        "--techniques",
        type=technique_names,
        default=None,
        metavar="NAMES",
        help="use only these techniques (comma-separated keys or names, e.g. "
        "'singles,pointing,x-wing'; a level word such as 'hard' names all of its techniques, "
        "'default' the whole default ladder). Not in the default ladder, named only here, "
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
    from ..logic.select import choose

    return choose(getattr(args, "techniques", None), getattr(args, "exclude", None))


def ladder_keys(args: argparse.Namespace) -> tuple[str, ...] | None:
    """The chosen techniques as keys, for work sent to other processes (None: the whole
    ladder, nothing chosen)."""
    if getattr(args, "techniques", None) is None and getattr(args, "exclude", None) is None:
        return None
    return tuple(t.key for t in ladder_of(args))
