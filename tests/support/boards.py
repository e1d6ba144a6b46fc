"""Boards written in the tests as HoDoKu prints its pencilmarks: each cell's candidates as one
token of digits, cells in reading order, separated by spaces or line breaks."""

from __future__ import annotations

from sudokit.candidates import Candidates


def pencilmarks(text: str) -> Candidates:
    """The board whose cells hold the digits of ``text``'s tokens, in reading order."""
    return Candidates.from_sets([[int(ch) for ch in token] for token in text.split()])
