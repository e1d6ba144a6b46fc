"""How a line is known to be a link to a setters' site, or a text f-puzzles' JSON (what
format detection asks: regular expressions only, so that detection stays light)."""

from __future__ import annotations

import re

#: The sites a line naming one of them (and nothing else) is a link to.
SITES = re.compile(r"\s*(?:https?://)?(?:[a-z0-9-]+\.)*"
                   r"(?:f-puzzles\.com|sudokupad\.app|crackingthecryptic\.com)[/?]",
                   re.IGNORECASE)
#: An f-puzzles document compressed: ``{"size":`` always starts it, and compresses to N4Ig.
COMPRESSED = re.compile(r"\s*N4Ig[A-Za-z0-9+/]{36,}={0,3}\s*")
FPUZZLES_JSON = re.compile(r'"grid"\s*:\s*\[\s*\[\s*\{')


def link_format(line: str) -> str | None:
    """``"fpuzzles"`` or ``"sudokupad"`` for a line that is a link to one of them, or an
    f-puzzles compressed string (what detection asks), else None."""
    if not SITES.match(line):
        return "fpuzzles" if COMPRESSED.fullmatch(line) else None
    return "fpuzzles" if "f-puzzles" in line.lower() else "sudokupad"


def is_fpuzzles_json(text: str) -> bool:
    """Does this JSON text hold f-puzzles' grid of cell objects?"""
    return FPUZZLES_JSON.search(text) is not None


