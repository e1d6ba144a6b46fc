"""The chains as Sudoku Explainer scores and chooses them, for the ``se`` and ``sukaku``
ladders (:func:`sudokit.logic.select.choose`).

Sudoku Explainer finds an X-Chain, an XY-Chain or an AIC that removes a candidate as a
forcing chain from that candidate: assumed true, it comes back false. A chain on one digit
scores 6.6 ("forcing X-chain"), any other 7.0 (a chain of bivalue cells is, to it, a forcing
chain like any other), and each takes the length increment of
:func:`sudokit.logic.graphs.chains.se_chain_bonus`. Of all the chains it finds at a step it
takes the one that scores least, whatever its kind: an X-Chain long enough to score 7.2
gives way to an AIC of 7.0.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .board import Board
from .graphs.chains import se_chain_bonus
from .step import Step, Technique
from .techniques.aic import find_x_chain, find_xy_chain, se_aics

#: Sudoku Explainer's base score of each chain technique's step (a forcing chain's)
SE_CHAIN_BASES: dict[str, float] = {"x-chain": 6.6, "xy-chain": 7.0, "aic": 7.0}
_FINDERS: dict[str, Callable[[Board], list[Step]]] = {
    "x-chain": lambda board: _listed(find_x_chain(board)),
    "xy-chain": lambda board: _listed(find_xy_chain(board)),
    "aic": se_aics,
}


def _listed(step: Step | None) -> list[Step]:
    return [] if step is None else [step]


def se_score(step: Step) -> float:
    """The score Sudoku Explainer gives ``step`` (an X-Chain, XY-Chain or AIC step): its
    base and the increment for its length as Sudoku Explainer counts it."""
    links = step.links
    # a placing chain that runs from its candidate back to itself is one chain; one that
    # makes another candidate both true and false is two, scored by their links together
    placing = bool(step.placements) and bool(links) and links[0].start == links[-1].end
    bonus = se_chain_bonus(len(links), placing) if not step.placements or placing else \
        round(step.score - SE_CHAIN_BASES["aic"], 1)
    return round(SE_CHAIN_BASES[step.key] + bonus, 1)


def se_chains(ladder: tuple[Technique, ...]) -> tuple[Technique, ...]:
    """``ladder`` with its chain techniques scored as Sudoku Explainer scores them and tried
    after the other techniques of 7.0 and under; the first of them takes the least-scored
    chain of all three kinds (those chosen)."""
    keys = [t.key for t in ladder if t.key in _FINDERS]
    chains = []
    for tech in ladder:
        if tech.key in _FINDERS:
            finders = [_FINDERS[k] for k in keys] if tech.key == keys[0] else [_FINDERS[tech.key]]
            chains.append(replace(tech, find=_least_of(finders), applies=None))
    # its chains are one search, tried after every technique scored under its Nishio chains
    # (the wings of 6.6 and 7.0 included): before the first of those scored more
    rest = [t for t in ladder if t.key not in _FINDERS]
    at = next((i for i, t in enumerate(rest) if t.score > SE_CHAIN_BASES["aic"]), len(rest))
    return (*rest[:at], *chains, *rest[at:])


def _least_of(finders: list[Callable[[Board], list[Step]]]) -> Callable[[Board], Step | None]:
    def find(board: Board) -> Step | None:
        found = [replace(s, score=se_score(s)) for f in finders for s in f(board)]
        return min(found, key=lambda s: s.score, default=None)
    return find
