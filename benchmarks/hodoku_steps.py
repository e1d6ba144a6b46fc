"""Replay HoDoKu's solving paths and ask sudokit's technique of the same name at each step.

HoDoKu prints its path for each puzzle with ``java -jar hodoku.jar /bs PUZZLES /vp /o OUT``:
the puzzle's line, then one line a step ("   Skyscraper: 4 in r5c4,r6c7 (connected by
r3c47) => r5c9,r6c6<>4"). This script walks each path on a sudokit board, and before each
step whose technique sudokit has under another name (the table ``NAMES``) asks that technique
for its steps on the same board (the puzzle's givens given, the path's digits found), then
makes HoDoKu's step. Per technique it counts the steps that make exactly HoDoKu's
eliminations and placements (a placement and the removal of its cell's other candidates
count as one) as sudokit's first step ("first") or as one of the next ones, found with the
earlier ones' eliminations hidden or as ``hint --all`` lists them ("listed"; a hidden
candidate may have helped such a step), those where a step makes HoDoKu's eliminations and
more ("more"), those where it finds only other steps ("other") and none ("none"); the
listing is asked also where the technique's own search finds nothing. Every first step, and
every listed one where HoDoKu's is not the first, is checked against the puzzle's solution
(the count of wrong ones must stay 0). The table ends with each technique's share found
first and found at all (first or listed), and their total.

    .venv/bin/python benchmarks/hodoku_steps.py PUZZLES HODOKU_OUT [--techniques NAME,...]
"""

from __future__ import annotations

import argparse
import collections
import re
import sys

from sudokit import Grid, solve
from sudokit.logic.board import Board
from sudokit.logic.teach import all_steps
from sudokit.logic.techniques import BY_KEY

#: HoDoKu's technique names and the sudokit techniques that find those steps
NAMES: dict[str, tuple[str, ...]] = {
    "Full House": ("full-house",),
    "Hidden Single": ("hidden-single",),
    "Naked Single": ("naked-single",),
    "Locked Candidates Type 1 (Pointing)": ("pointing",),
    "Locked Candidates Type 2 (Claiming)": ("claiming",),
    "Naked Pair": ("naked-pair",),
    "Locked Pair": ("locked-pair",),
    "Locked Triple": ("locked-triple",),
    "Naked Triple": ("naked-triple",),
    "Naked Quadruple": ("naked-quad",),
    "Hidden Pair": ("hidden-pair",),
    "Hidden Triple": ("hidden-triple",),
    "Hidden Quadruple": ("hidden-quad",),
    "X-Wing": ("x-wing",),
    "Swordfish": ("swordfish",),
    "Jellyfish": ("jellyfish",),
    "Finned X-Wing": ("finned-x-wing",),
    "Sashimi X-Wing": ("finned-x-wing",),
    "Finned Swordfish": ("finned-swordfish",),
    "Sashimi Swordfish": ("finned-swordfish",),
    "Finned Jellyfish": ("finned-jellyfish",),
    "Sashimi Jellyfish": ("finned-jellyfish",),
    "Skyscraper": ("skyscraper",),
    "Turbot Fish": ("skyscraper", "2-string-kite", "x-chain"),
    "2-String Kite": ("2-string-kite",),
    "Empty Rectangle": ("empty-rectangle",),
    "XY-Wing": ("xy-wing",),
    "XYZ-Wing": ("xyz-wing",),
    "W-Wing": ("w-wing",),
    "Simple Colors Trap": ("simple-colouring",),
    "Simple Colors Wrap": ("simple-colouring",),
    "Multi Colors 1": ("multi-colouring",),
    "Multi Colors 2": ("multi-colouring",),
    "Uniqueness Test 1": ("unique-rectangle-1",),
    "Uniqueness Test 2": ("unique-rectangle-2",),
    "Uniqueness Test 3": ("unique-rectangle-3",),
    "Uniqueness Test 4": ("unique-rectangle-4",),
    "Uniqueness Test 5": ("unique-rectangle-5",),
    "Uniqueness Test 6": ("unique-rectangle-6",),
    "Hidden Rectangle": ("hidden-rectangle",),
    "Avoidable Rectangle Type 1": ("avoidable-rectangle-1",),
    "Avoidable Rectangle Type 2": ("avoidable-rectangle-2",),
    "Bivalue Universal Grave + 1": ("bug+1",),
    "Sue de Coq": ("sue-de-coq", "large-sue-de-coq"),
    "X-Chain": ("x-chain",),
    "XY-Chain": ("xy-chain",),
    "Remote Pair": ("remote-pair",),
    "AIC": ("aic",),
    "Discontinuous Nice Loop": ("x-chain", "xy-chain", "aic"),
    "Grouped Discontinuous Nice Loop": ("grouped-x-chain", "grouped-aic"),
    "Grouped AIC": ("grouped-aic",),
    "Continuous Nice Loop": ("continuous-nice-loop",),
    "Grouped Continuous Nice Loop": ("grouped-continuous-nice-loop",),
    "Almost Locked Set XZ-Rule": ("als-xz", "doubly-linked-als-xz"),
    "Almost Locked Set XY-Wing": ("als-xy-wing", "large-als-xy-wing"),
    "Almost Locked Set Chain": ("als-xy-chain", "large-als-xy-chain"),
    "Death Blossom": ("death-blossom", "large-death-blossom"),
    "Franken X-Wing": ("franken-fish",),
    "Franken Swordfish": ("franken-fish",),
    "Franken Jellyfish": ("franken-jellyfish",),
    "Finned Franken X-Wing": ("finned-franken-fish",),
    "Finned Franken Swordfish": ("finned-franken-fish",),
    "Finned Franken Jellyfish": ("finned-franken-jellyfish",),
}

#: what a HoDoKu step is to sudokit: its technique's first step, one of its steps, a step
#: that makes HoDoKu's eliminations and more, only other steps, or none
VERDICTS = ("first", "listed", "more", "other", "none")
#: a step's line: "   Name: details => effects", or "   Name => effects" (BUG+1, and the
#: forcing chains, whose name goes on with " in r9c5" or " in b7")
_STEP = re.compile(r"^   ([^:=]+?)(?: in [rcb]\d(?:c\d)?)?(?::| =>)(.*)$")
_CELLS = re.compile(r"r(\d+)c(\d+)")
_PLACE = re.compile(r"r(\d)c(\d)=(\d)")


def cells_of(spec: str) -> list[int]:
    """The cells of HoDoKu's ``r7c589,r89c2`` (rows and columns listed digit by digit)."""
    out = []
    for rows, cols in _CELLS.findall(spec):
        out += [9 * (int(r) - 1) + int(c) - 1 for r in rows for c in cols]
    return out


def effects(text: str) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """(placements, eliminations) of a HoDoKu step's text, as (cell, digit) pairs."""
    _, arrow, tail = text.rpartition("=>")
    tail = tail if arrow else text
    place, gone = set(), set()
    for part in tail.split(", "):
        if "<>" in part:
            spec, _, digit = part.partition("<>")
            gone |= {(c, int(digit.strip()[0])) for c in cells_of(spec)}
        else:
            place |= {(9 * (int(r) - 1) + int(c) - 1, int(d)) for r, c, d in _PLACE.findall(part)}
    return place, gone


def paths(path: str) -> dict[str, list[tuple[str, str]]]:
    """Each puzzle's steps in HoDoKu's output: puzzle -> [(technique, text)]."""
    out: dict[str, list[tuple[str, str]]] = {}
    steps: list[tuple[str, str]] = []
    with open(path, encoding="utf-8") as lines:
        text = lines.read().splitlines()
    for line in text:
        if line[:81].strip() and not line.startswith(" "):
            steps = out.setdefault(line[:81], [])
        elif m := _STEP.match(line):
            steps.append((m.group(1).strip(), m.group(2)))
    return out


def covers(step: frozenset[tuple[int, int]], want: frozenset[tuple[int, int]]) -> bool:
    """Does a step (its :func:`outcome`) remove every candidate HoDoKu's step removes?"""
    left = dict(step)
    return all(c in left and not left[c] & ~mask for c, mask in want)


def outcome(board: Board, place: set, gone: set) -> frozenset[tuple[int, int]]:
    """What a step leaves in each cell it touches, as (cell, candidates as bits): a placement
    and the removal of its cell's other candidates (HoDoKu's BUG+1, where sudokit places the
    digit) leave the same."""
    left = {c: board.masks[c] for c, _ in place | gone}
    for c, d in gone:
        left[c] &= ~(1 << (d - 1))
    for c, d in place:
        left[c] = 1 << (d - 1)
    return frozenset(left.items())


def instances(board: Board, key: str, tries: int) -> list[tuple[set, set]]:
    """The effects (placements, eliminations) of ``key``'s steps on ``board``: its first step,
    then again with each step's eliminations hidden (a single's placement: its candidate),
    ``tries`` times at most."""
    work = board.copy()
    names = board.geo.cell_names
    out = []
    for _ in range(tries):
        step = BY_KEY[key].find(work)
        if step is None:
            break
        place = {(names.index(p.cell), p.digit) for p in step.placements}
        gone = {(names.index(e.cell), e.digit) for e in step.eliminations}
        out.append((place, gone))
        live = [(c, d) for c, d in (gone or place) if work.masks[c] >> (d - 1) & 1
                and not work.values[c]]
        if not live:
            break
        for c, d in live:
            work.eliminate(c, d)
    return out


def listed(board: Board, key: str, tries: int) -> set[frozenset[tuple[int, int]]]:
    """The outcomes of ``key``'s steps as ``hint --all`` lists them (``tries`` at most)."""
    parse = board.geo.parse_cell
    out = set()
    for steps in all_steps(board.to_candidates(), [BY_KEY[key]], limit=tries).values():
        for step in steps:
            place = {(parse(p.cell), p.digit) for p in step.placements}
            gone = {(parse(e.cell), e.digit) for e in step.eliminations}
            out.add(outcome(board, place, gone))
    return out


def replay(puzzle: str, steps: list[tuple[str, str]], wanted: set[str] | None,
           tally: dict[str, collections.Counter[str]], tries: int) -> int:
    """Walk one path, tallying each mapped step's verdict; the number of sudokit's steps
    that contradict the solution."""
    grid = Grid(puzzle)
    solution = solve(grid)
    if solution is None:
        return 0
    board = Board.from_grid(grid)
    board.solutions, board.solution = 1, tuple(solution.cells)
    wrong = 0
    for name, text in steps:
        place, gone = effects(text)
        if not place and not gone:
            break  # a step HoDoKu could not finish (brute force, give up)
        keys = NAMES.get(name)
        if keys and (wanted is None or name in wanted):
            verdict = "none"
            want = outcome(board, place, gone)
            for key in keys:
                if key not in BY_KEY:
                    continue  # a technique this version of sudokit lacks
                found = instances(board, key, tries)
                wrong += any(solution.cells[c] != d for p, _ in found[:1] for c, d in p)
                wrong += any(solution.cells[c] == d for _, g in found[:1] for c, d in g)
                steps = [outcome(board, p, g) for p, g in found]
                if steps[:1] == [want]:
                    verdict = "first"
                    break
                hinted = listed(board, key, tries)  # a listing may find what find misses
                wrong += sum(any(not mask >> (solution.cells[c] - 1) & 1 for c, mask in step)
                             for step in hinted)
                if not steps and not hinted:
                    continue
                if want in steps or want in hinted:
                    better = "listed"
                elif any(covers(step, want) for step in [*steps, *hinted]):
                    better = "more"
                else:
                    better = "other"
                verdict = min(verdict, better, key=VERDICTS.index)
            tally[name][verdict] += 1
        for c, d in gone:
            if board.masks[c] >> (d - 1) & 1 and not board.values[c]:
                board.eliminate(c, d)
        for c, d in place:
            if not board.values[c]:
                board.place(c, d)
    return wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles")
    parser.add_argument("hodoku", help="HoDoKu's /bs /vp output for those puzzles")
    parser.add_argument("--techniques", help="HoDoKu's names of the steps to ask about")
    parser.add_argument("--tries", type=int, default=20,
                        help="a technique's steps looked at, hiding each found (default 20)")
    args = parser.parse_args()
    found = paths(args.hodoku)
    wanted = set(args.techniques.split(",")) if args.techniques else None
    tally: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    wrong = 0
    done = 0
    with open(args.puzzles, encoding="utf-8") as lines:
        puzzles = lines.read().splitlines()
    for line in puzzles:
        puzzle = line.partition("#")[0].strip()[:81]
        if len(puzzle) == 81 and puzzle in found:
            wrong += replay(puzzle, found[puzzle], wanted, tally, args.tries)
            done += 1
    if not done:
        sys.exit(f"{args.hodoku}: none of the puzzles of {args.puzzles}")
    print(f"{done} paths; sudokit steps that contradict the solution: {wrong}\n")
    print("| HoDoKu's step | steps | first | listed | more | other | none | first % | found % |\n"
          "| --- |" + " ---: |" * 8)
    total: collections.Counter[str] = collections.Counter()
    for name, counts in sorted(tally.items(), key=lambda kv: -sum(kv[1].values())):
        total.update(counts)
        print(row(name, counts))
    print(row("all", total))


def row(name: str, counts: collections.Counter[str]) -> str:
    """One table line: the verdicts' counts, then the shares found first and found at all."""
    steps = sum(counts.values())
    first = 100 * counts["first"] / steps
    found = 100 * (counts["first"] + counts["listed"]) / steps
    return (f"| {name} | {steps} | " + " | ".join(str(counts[v]) for v in VERDICTS)
            + f" | {first:.1f} | {found:.1f} |")


if __name__ == "__main__":
    main()
