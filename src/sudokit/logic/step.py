"""Steps and techniques as data.

A :class:`Step` is one deduction: the technique that made it, the cells it looks at, the
digits it places and the candidates it eliminates, and a sentence that says why. Cells are
named in r1c1 notation. A :class:`Technique` is a named way of finding steps, with its
level and its scores on the rating scale (see docs/rating.md).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from ..candidates import Candidates

if TYPE_CHECKING:
    from .board import Board, Geometry


class Level(enum.IntEnum):
    """How hard a technique (or a puzzle) is, easiest first."""

    EASY = 1
    MEDIUM = 2
    HARD = 3
    EXPERT = 4
    EXTREME = 5

    def __str__(self) -> str:
        return self.name.lower()


class Placement(NamedTuple):
    """A digit put in a cell."""

    cell: str
    digit: int

    def __str__(self) -> str:
        return f"{self.cell}={self.digit}"


class Elimination(NamedTuple):
    """A candidate ruled out of a cell."""

    cell: str
    digit: int

    def __str__(self) -> str:
        return f"{self.cell}<>{self.digit}"


class Node(NamedTuple):
    """A node of a chain: ``digit`` in one cell, or in a group of cells of one row or
    column of a box (a grouped node: the digit is in one of them)."""

    cells: tuple[str, ...]
    digit: int


class Link(NamedTuple):
    """A link of a chain from ``start`` to ``end``: strong (if one is false, the other is
    true) or weak (if one is true, the other is false)."""

    start: Node
    end: Node
    strong: bool


#: eliminations are listed digit by digit, each digit's cells in order
_DIGIT_THEN_CELL = itemgetter(1, 0)


@dataclass(frozen=True, kw_only=True)
class Technique:
    """A way of finding steps: ``find(board)`` returns one step it can make, or None.

    ``score`` is the technique's base difficulty on the Sudoku-Explainer-like scale,
    ``effort`` its HoDoKu-like points per use; ``uniqueness`` marks techniques that are
    sound only on a puzzle with exactly one solution.
    """

    key: str
    name: str
    level: Level
    score: float
    effort: int
    find: Callable[[Board], Step | None] = field(repr=False, compare=False)
    uniqueness: bool = False
    #: a cheaper answer to "has ``find`` a step here?" where a technique has one (the
    #: search for puzzles made for a technique asks it thousands of times a second)
    applies: Callable[[Board], bool] | None = field(default=None, repr=False, compare=False)

    def has_step(self, board: Board) -> bool:
        """Would :attr:`find` return a step on ``board``?"""
        if self.applies is not None:
            return self.applies(board)
        return self.find(board) is not None

    def step(
        self,
        board: Board,
        cells: Iterable[int],
        text: str,
        *,
        place: Iterable[tuple[int, int]] = (),
        elim: Iterable[tuple[int, int]] = (),
        score: float | None = None,
        chains: Iterable[Sequence[tuple[Iterable[int], int]]] = (),
        houses: Iterable[Iterable[int]] = (),
    ) -> Step:
        """A step of this technique from cell indices (the finders' currency). ``chains``
        are the chains the step follows, each a list of (cells, digit) nodes whose links
        alternate strong, weak, strong... from the first; ``houses`` the cells of each
        house its text names (a row, a box, a diagonal, a window), which its picture
        outlines."""
        names = board.geo.cell_names
        # (a step is made for every move of a path: no generators, no key lambda)
        placed = tuple(sorted(set(place))) if place else ()
        removed = tuple(sorted(set(elim), key=_DIGIT_THEN_CELL)) if elim else ()
        return Step(
            technique=self.name,
            cells=tuple([names[c] for c in sorted(set(cells))]),
            placements=tuple([Placement(names[c], d) for c, d in placed]),
            eliminations=tuple([Elimination(names[c], d) for c, d in removed]),
            text=text,
            score=self.score if score is None else round(score, 1),
            level=self.level,
            key=self.key,
            _place=placed,
            _elim=removed,
            links=_links(names, chains) if chains else (),
            houses=tuple([tuple([names[c] for c in sorted(h)]) for h in houses]) if houses
            else (),
        )


@dataclass(frozen=True)
class Step:
    """One deduction: ``technique`` found it in ``cells``; it places ``placements`` and
    rules out ``eliminations``; ``text`` says why in a sentence. ``score`` is its difficulty
    on the rating scale, ``level`` its technique's level. ``links`` are the links of the
    chains it follows (none for a step without a chain), and ``houses`` the cells of the
    houses it names: what a picture of it draws."""

    technique: str
    cells: tuple[str, ...]
    placements: tuple[Placement, ...]
    eliminations: tuple[Elimination, ...]
    text: str
    score: float
    level: Level
    key: str
    _place: tuple[tuple[int, int], ...] = field(default=(), repr=False, compare=False)
    _elim: tuple[tuple[int, int], ...] = field(default=(), repr=False, compare=False)
    links: tuple[Link, ...] = field(default=(), repr=False, compare=False)
    houses: tuple[tuple[str, ...], ...] = field(default=(), repr=False, compare=False)

    def changes(self) -> str:
        """Placements and eliminations in short form: ``r1c1=5, r2c3,r2c4<>7``."""
        parts = [str(p) for p in self.placements]
        by_digit: dict[int, list[str]] = {}
        for e in self.eliminations:
            by_digit.setdefault(e.digit, []).append(e.cell)
        parts += [f"{','.join(cells)}<>{d}" for d, cells in by_digit.items()]
        return ", ".join(parts)

    def __str__(self) -> str:
        """One line: the technique, the cells, what changes."""
        return f"{self.technique} [{' '.join(self.cells)}]: {self.changes()}"

    def to_dict(self) -> dict[str, Any]:
        """A plain dict for JSON output."""
        return {
            "technique": self.technique,
            "key": self.key,
            "level": str(self.level),
            "score": self.score,
            "cells": list(self.cells),
            "placements": [{"cell": c, "digit": d} for c, d in self.placements],
            "eliminations": [{"cell": c, "digit": d} for c, d in self.eliminations],
            "text": self.text,
        }

    def apply(self, board: Candidates) -> Candidates:
        """The candidate board after this step: placed digits become single candidates
        and leave their peers, eliminated candidates are gone."""
        shape = board.shape
        masks = list(board.masks)
        for name, d in self.placements:
            cell = shape.parse_cell(name)
            bit = 1 << (d - 1)
            masks[cell] = bit
            for p in shape.peers[cell]:
                masks[p] &= ~bit
        for name, d in self.eliminations:
            masks[shape.parse_cell(name)] &= ~(1 << (d - 1))
        return Candidates.unchecked(tuple(masks), shape)

    def apply_to(self, board: Board) -> None:
        """Make this step's changes on a working board (in place)."""
        for c, d in self._place:
            board.place(c, d)
        for c, d in self._elim:
            if board.masks[c] >> (d - 1) & 1 and not board.values[c]:
                board.eliminate(c, d)


def _links(names: Sequence[str], chains: Iterable[Sequence[tuple[Iterable[int], int]]]
           ) -> tuple[Link, ...]:
    """The links of ``chains`` (see :meth:`Technique.step`), cells by name."""
    out = []
    for chain in chains:
        nodes = [Node(tuple([names[c] for c in sorted(cells)]), d) for cells, d in chain]
        out += [Link(a, b, k % 2 == 0) for k, (a, b) in enumerate(pairwise(nodes))]
    return tuple(out)


def cell_list(geo: Geometry, cells: Iterable[int]) -> str:
    """``r1c1, r1c5 and r4c1``: cell names for a sentence."""
    names = [geo.cell_names[c] for c in cells]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def digit_list(digits: Iterable[int]) -> str:
    """``{2,5,7}``: a digit set for a sentence."""
    return "{" + ",".join(str(d) for d in digits) + "}"
