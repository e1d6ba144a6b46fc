"""The order in which ``create --technique``'s walks search the rarer easier techniques.

    .venv/bin/python benchmarks/walk_order.py                    # x-chain and als-xz boards
    .venv/bin/python benchmarks/walk_order.py --boards 3000 xy-chain

Where an asked technique applies on a walk's board, the walk looks for a step of any
easier technique first (a place needs nothing easier to apply). Any order finds one if
there is one; the order only decides how long that takes. Searching first the techniques
that most often have a step for the least time is fastest: this script samples the
boards where that search runs (the walks' stuck boards where an asked technique applies,
from the search's own walks of random minimal puzzles), times each easier technique's
search on them (CPU time, one thread) and counts how often it finds a step, and prints
them best first by steps found per microsecond, over all the techniques asked for
together. ``targeted_search._THEN`` is that order.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict

from sudokit import targeted_search as ts
from sudokit.logic.board import Board, bits
from sudokit.targeted import plan_for, request


def boards_for(technique: str, count: int, seed: int) -> tuple[list[Board], ts.Plan]:
    """``count`` boards where the walk for ``technique`` searches the easier techniques."""
    plan = plan_for(request(technique))
    rng = random.Random(seed)
    found: list[Board] = []
    while len(found) < count:
        givens, cells = ts.minimal_cells(rng.getrandbits(64), plan.by_digit)
        solution = tuple(cells)
        board = ts._board(givens, solution, plan.basic)
        while board.unsolved:
            step = ts.find_step(board, plan.frequent)
            if step is None and plan.wanted_step(board) is not None:
                found.append(board.copy())
                step = ts.find_step(board, plan.later)
            if step is None:  # stuck: a clue of the solution, as the walk adds
                cell = rng.choice(list(bits(board.unsolved)))
                board.place(cell, solution[cell])
            else:
                step.apply_to(board)
            ts._close(board, plan.basic)
    return found, plan


def _fresh(board: Board) -> Board:
    """A copy of ``board`` with an empty memo (the searches cache what they found there:
    each technique is timed from scratch, as on a walk's new board)."""
    copy = board.copy()
    copy.memo = {}
    return copy


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("techniques", nargs="*", default=["x-chain", "als-xz"])
    parser.add_argument("--boards", type=int, default=1500, help="boards per technique")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    spent: dict[str, float] = defaultdict(float)
    steps: dict[str, int] = defaultdict(int)
    for technique in args.techniques:
        boards, plan = boards_for(technique, args.boards, args.seed)
        easier = [t for t in plan.later if not plan.target(t.key)]
        for tech in easier:
            fresh = [_fresh(b) for b in boards]
            start = time.process_time()
            steps[tech.key] += sum(tech.find(b) is not None for b in fresh)
            spent[tech.key] += (time.process_time() - start) * 1e6
    best = sorted(spent, key=lambda k: -steps[k] / max(spent[k], 1.0))
    print(f"# {len(args.techniques)} x {args.boards} boards ({', '.join(args.techniques)})")
    print(f"{'technique':28s} {'steps/us':>9s} {'found':>7s} {'us a search':>11s}")
    total = len(args.techniques) * args.boards
    for key in best:
        print(f"{key:28s} {steps[key] / max(spent[key], 1.0):9.5f} {steps[key] / total:7.3f} "
              f"{spent[key] / total:11.1f}")
    print("order:", ", ".join(f'"{k}"' for k in best))
    return 0


if __name__ == "__main__":
    sys.exit(main())
