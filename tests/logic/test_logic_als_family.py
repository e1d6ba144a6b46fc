"""Sue de Coq, aligned pair and triple exclusion, ALS-XY-Wing, Death Blossom and ALS-XY-Chain:
each finds its pinned step, and on boards taken along real solving paths no step of theirs
removes a candidate that a solution of the puzzle has (puzzles with one solution and with
several)."""

from __future__ import annotations

import importlib.util
import itertools
import random
from pathlib import Path
from types import ModuleType

import pytest

from sudokit import Grid, count_solutions, solve
from sudokit.candidates import Candidates
from sudokit.logic import LADDER, next_step, solve_path
from sudokit.logic.board import Board, bits, geometry
from sudokit.logic.graphs import als, als_table
from sudokit.logic.step import Level, Step, Technique
from sudokit.logic.techniques import (
    BY_KEY,
    aligned_exclusion,
    als_chain,
    als_xy_wing,
    death_blossom,
    sue_de_coq,
)
from sudokit.shape import Shape
from support.boards import pencilmarks
from support.files import data_file, read_lines
from support.soundness import keeps_every_solution

TECHNIQUES: list[Technique] = [
    sue_de_coq.SUE_DE_COQ,
    aligned_exclusion.ALIGNED_PAIR,
    aligned_exclusion.ALIGNED_TRIPLE,
    als_xy_wing.ALS_XY_WING,
    death_blossom.DEATH_BLOSSOM,
    als_chain.ALS_XY_CHAIN,
]

#: a board (81 candidate sets) on which each technique finds the step given
EXAMPLES = {
    "sue-de-coq": (
        "3458 2 9 3678 367 78 14 14578 4578 358 135 135 2378 4 278 6 9 578 7 46 68 1 5 9 3 "
        "248 248 468 469 268 2469 1 5 7 3 2468 34568 34569 35 4679 267 47 124 168 468 1 7 26 "
        "246 8 3 5 246 9 2 358 4 378 37 6 9 57 1 36 136 137 5 9 1247 8 2467 23467 9 13568 "
        "1357 3478 237 1478 24 4567 34567 ",
        "Sue de Coq [r7c4 r7c5 r9c4 r9c5 r9c7]: r9c6,r9c8,r9c9<>4, r8c6,r9c6<>7, r9c6<>8",
    ),
    "aligned-pair-exclusion": (
        "8 9 1 2 3 4 7 5 6 6 7 3 9 1 5 2 8 4 5 24 24 6 7 8 9 3 1 1 45 79 8 6 3 45 2 79 2479 "
        "23456 6789 1 45 29 3458 49 35789 249 2345 2489 7 45 29 6 1 3589 27 8 5 4 9 17 13 6 "
        "23 49 1 49 3 2 6 58 7 58 3 26 267 5 8 17 14 49 29 ",
        "Aligned Pair Exclusion [r4c3 r5c1 r5c3 r5c6 r5c8 r8c1]: r5c3<>9",
    ),
    "aligned-triple-exclusion": (
        "23 4567 8 24569 39 1 269 35679 2379 9 4567 567 2456 368 46 1 3567 2378 23 1 56 2569 "
        "3689 7 4 3569 2389 1468 689 169 3469 7 3469 369 2 5 46 569 569 3469 2 8 369 17 17 7 "
        "3 2 1 69 5 8 469 49 168 6789 1679 3679 5 369 29 134 12349 16 679 3 679 4 2 5 8 19 5 "
        "2 4 8 1 39 7 39 6 ",
        "Aligned Triple Exclusion [r1c9 r5c9 r6c9 r7c7 r7c8 r7c9 r8c9 r9c8]: r1c9<>7",
    ),
    "als-xy-wing": (
        "23 4567 8 24569 39 1 269 35679 2379 9 4567 567 2456 368 46 1 3567 2378 23 1 56 2569 "
        "3689 7 4 3569 2389 1468 689 169 3469 7 3469 369 2 5 46 569 569 3469 2 8 369 17 17 7 "
        "3 2 1 69 5 8 469 49 168 6789 1679 3679 5 369 29 134 12349 16 679 3 679 4 2 5 8 19 5 "
        "2 4 8 1 39 7 39 6 ",
        "ALS-XY-Wing [r1c1 r1c5 r1c7 r1c9 r4c7 r5c7 r5c9 r8c9]: r7c7<>9",
    ),
    "death-blossom": (
        "23 4567 8 24569 39 1 269 35679 2379 9 4567 567 2456 368 46 1 3567 2378 23 1 56 2569 "
        "3689 7 4 3569 2389 1468 689 169 3469 7 3469 369 2 5 46 569 569 3469 2 8 369 17 17 7 "
        "3 2 1 69 5 8 469 49 168 6789 1679 3679 5 369 29 134 12349 16 679 3 679 4 2 5 8 19 5 "
        "2 4 8 1 39 7 39 6 ",
        "Death Blossom [r1c1 r1c5 r1c9 r5c9 r7c7 r8c9]: r1c7<>2",
    ),
    "als-xy-chain": (
        "26 79 4 3 69 267 1 5 8 16 579 3 8 1456 147 2 69 46 126 59 8 246 14569 1246 7 369 "
        "346 34 12346 1269 5 1468 14689 389 27 2367 8 126 12569 7 3 169 59 4 256 7 346 56 "
        "469 2 4689 3589 36 1 34 8 12 49 7 5 6 12 39 9 2346 267 1 46 2346 35 8 2357 5 1236 "
        "1267 269 68 23689 4 127 2379 ",
        "ALS-XY-Chain [r4c1 r6c2 r6c3 r6c8 r7c1 r7c4 r7c9 r8c7]: r6c7<>5",
    ),
}



@pytest.mark.parametrize("tech", TECHNIQUES, ids=lambda t: t.key)
def test_each_finds_its_pinned_step_and_it_is_true(tech: Technique) -> None:
    text, expected = EXAMPLES[tech.key]
    board = pencilmarks(text)
    solution = solve(board)
    assert solution is not None and count_solutions(board) == 1
    step = next_step(board, techniques=[tech])
    assert step is not None and str(step) == expected
    assert step.technique == tech.name and step.level is Level.EXPERT
    for cell, digit in step.eliminations:
        assert solution[cell] != digit, f"{step}: removed the true {digit} from {cell}"
    # the sentence names every cell the step removes a candidate from
    assert all(e.cell in step.text for e in step.eliminations)


def _keeps_every_solution(board: Candidates, step: Step) -> None:
    keeps_every_solution(board, step)
    assert not step.placements


def _boards_along(line: str, every: int) -> list[Candidates]:
    puzzle = Grid(line)
    board = Candidates.pencilmarks(puzzle)
    out = []
    for i, step in enumerate(solve_path(puzzle).steps):
        # every board where the path needed an expert step or more, and some before
        if step.level >= Level.EXPERT or (i % every == 0 and step.level >= Level.HARD):
            out.append(board)
        board = step.apply(board)
    return out


@pytest.mark.parametrize(
    ("name", "size", "every"),
    [
        ("puzzles3_magictour_top1465.txt", 16, 4),
        ("puzzles6_forum_hardest_1106.txt", 2, 4),
        ("puzzles7_serg_benchmark.txt", 8, 1),
    ],
)
def test_no_step_removes_a_candidate_of_any_solution(
    pure: bool, name: str, size: int, every: int
) -> None:
    lines = read_lines(data_file(name))
    found = {t.key: 0 for t in TECHNIQUES}
    for line in random.Random(13).sample(lines, size):
        for board in _boards_along(line, every):
            for tech in TECHNIQUES:
                step = tech.find(Board.from_candidates(board))
                if step is not None:
                    found[tech.key] += 1
                    _keeps_every_solution(board, step)
    assert sum(found.values()) >= 3, found  # the checks were not vacuous
    if "top1465" in name:
        assert all(found.values()), found


def test_the_graph_links_exactly_the_restricted_commons() -> None:
    board = Board.from_candidates(pencilmarks(EXAMPLES["als-xy-wing"][0]))
    g = als.graph(board)
    assert g is als.graph(board)  # built once per board state
    peers = board.geo.peer_bits
    expected = set()
    for (i, a), (j, b) in itertools.combinations(enumerate(g.sets), 2):
        if a.cells & b.cells:
            continue
        for d0 in set(a.by_digit) & set(b.by_digit):
            if all(peers[p] >> q & 1 for p in bits(a.by_digit[d0]) for q in bits(b.by_digit[d0])):
                expected |= {(i, j, d0), (j, i, d0)}
    linked = {(i, j, d0) for i, links in enumerate(g.links) for j, d0 in links}
    assert linked == expected and linked
    assert all(s.cells.bit_count() <= als.MAX_CELLS for s in g.sets)


def _pair_exclusions(board: Board) -> set[tuple[int, int]]:
    """Aligned pair exclusion by its definition: every pair of cells of one unit, every
    combination of their digits, against every two-candidate cell that sees both."""
    geo = board.geo
    masks = board.masks
    out = set()
    for unit in geo.units:
        cells = [c for c in unit if not board.values[c] and masks[c].bit_count() >= 2]
        for a, b in itertools.combinations(cells, 2):
            killers = [
                masks[e] for e in bits(geo.peer_bits[a] & geo.peer_bits[b])
                if masks[e].bit_count() == 2
            ]
            for base, other in ((a, b), (b, a)):
                for x in bits(masks[base]):
                    if all(
                        x == y or (1 << x | 1 << y) in killers for y in bits(masks[other])
                    ):
                        out.add((base, x + 1))
    return out


def test_aligned_pair_search_finds_what_the_definition_does() -> None:
    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))
    agreed = fired = 0
    for line in random.Random(3).sample(lines, 12):
        for board in _boards_along(line, 1):
            work = Board.from_candidates(board)
            truth = _pair_exclusions(work)
            step = aligned_exclusion.ALIGNED_PAIR.find(work)
            assert (step is None) == (not truth)
            if step is not None:
                fired += 1
                assert set(step._elim) <= truth
            agreed += 1
    assert agreed > 50 and fired


def test_the_ladder_places_them_by_score() -> None:
    keys = [t.key for t in LADDER]
    assert keys.index("finned-jellyfish") < keys.index("sue-de-coq")
    assert keys.index("sue-de-coq") < keys.index("aligned-pair-exclusion") < keys.index("x-chain")
    assert keys.index("als-xz") < keys.index("als-xy-wing") < keys.index("death-blossom")
    assert keys.index("death-blossom") < keys.index("als-xy-chain") < keys.index("nishio")
    assert [BY_KEY[k].score for k in ("sue-de-coq", "aligned-pair-exclusion")] == [6.0, 6.2]
    assert [BY_KEY[k].effort for k in ("als-xy-wing", "death-blossom", "als-xy-chain")] == [
        320, 360, 340,
    ]
    # the triple search costs more than it finds on ordinary puzzles: a library choice
    assert "aligned-triple-exclusion" not in keys
    assert aligned_exclusion.ALIGNED_TRIPLE.score == 7.5


def test_an_als_chain_reaches_past_the_wing_and_scores_by_its_length() -> None:
    board = pencilmarks(EXAMPLES["als-xy-chain"][0])
    # on the board a solving path reached: nothing shorter of the family applies there
    for shorter in (als_xy_wing.ALS_XY_WING, death_blossom.DEATH_BLOSSOM, BY_KEY["als-xz"]):
        assert next_step(board, techniques=[shorter]) is None
    step = next_step(board, techniques=[als_chain.ALS_XY_CHAIN])
    assert step is not None
    links = step.text.count(" -")
    assert links >= 3
    assert step.score == 7.8 if links == 3 else step.score > 7.8


def test_a_death_blossom_names_its_stem_and_a_petal_per_digit() -> None:
    step = next_step(
        pencilmarks(EXAMPLES["death-blossom"][0]), techniques=[death_blossom.DEATH_BLOSSOM]
    )
    assert step is not None
    assert "stem r5c9" in step.text and "1: r7c7 and r8c9 {1,2,9}" in step.text
    assert "r5c9" in step.cells


def _table_modules() -> list[ModuleType]:
    """The ALS table module as the package runs it and from its Python source (the two
    must list the same sets in the same order)."""
    path = Path(als_table.__file__).with_name("als_table.py")
    spec = importlib.util.spec_from_file_location(
        "sudokit.logic.graphs.als_table_source", path
    )
    assert spec is not None and spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(source)
    return [als_table, source]


def _almost_locked_sets(board: Board, max_cells: int) -> set[int]:
    """Every ALS by its definition: 1..max_cells unplaced cells of a unit (not all of them)
    holding one digit more than cells."""
    out = set()
    for unit in board.geo.units:
        cells = [c for c in unit if board.unsolved >> c & 1]
        for size in range(1, min(max_cells, len(cells) - 1) + 1):
            for picked in itertools.combinations(cells, size):
                digits = 0
                for c in picked:
                    digits |= board.masks[c]
                if digits.bit_count() == size + 1:
                    out.add(sum(1 << c for c in picked))
    return out


def _random_board(shape: Shape, rng: random.Random) -> Board:
    geo = geometry(shape)
    masks, values = [], []
    for _ in range(geo.ncells):
        if rng.random() < 0.3:
            d = rng.randrange(geo.n)
            masks.append(1 << d)
            values.append(d + 1)
        else:
            m = 0
            while m.bit_count() < 2:
                m = rng.getrandbits(geo.n) & rng.getrandbits(geo.n)
            masks.append(m)
            values.append(0)
    return Board(geo, masks, values)


@pytest.mark.parametrize("box", [(3, 3), (2, 3), (4, 4), (5, 5)])
def test_the_als_table_lists_every_set_once_where_it_first_turns_up(
    box: tuple[int, int],
) -> None:
    rng = random.Random(box[0] * 10 + box[1])
    for _ in range(4):
        board = _random_board(Shape(*box), rng)
        max_cells = 3 if box == (5, 5) else 5
        tables = [module.AlsTable(board, max_cells) for module in _table_modules()]
        listed = [
            [(t.cellset(k), t.digits(k), t.unit(k), t.useful(k)) for k in range(len(t))]
            for t in tables
        ]
        assert listed[0] == listed[1]  # compiled (64-bit words) and source (Python ints)
        cells = [c for c, _, _, _ in listed[0]]
        assert len(set(cells)) == len(cells)
        assert set(cells) == _almost_locked_sets(board, max_cells)
        unit_bits = board.geo.unit_bits
        for c, _, unit, _ in listed[0]:
            assert unit == min(u for u, ub in enumerate(unit_bits) if c & ub == c)
        assert [u for _, _, u, _ in listed[0]] == sorted(u for _, _, u, _ in listed[0])
        # the same ALS-XZ found by both
        assert tables[0].xz(-1) == tables[1].xz(-1)
