"""The steps HoDoKu's solver takes that the hodoku scale walks: locked pairs and triples, remote
pairs, the singles in the order HoDoKu queues them, and of the chains the one that removes the
most (a closed loop's weak links all removing). Each is checked against the solution found by a
plain backtracking solver written here."""

from __future__ import annotations

from sudokit import Grid
from sudokit.logic import rate, solve_path
from sudokit.logic.hodoku import LOCKED_PAIR, REMOTE_PAIR
from sudokit.logic.hodoku_tables import weighted_sum
from sudokit.logic.scales import SCALES
from sudokit.logic.techniques import BY_KEY
from support.reference import solutions_9x9

#: HoDoKu's path: a locked pair, a locked triple, four pointings and one AIC removing three
LOCKED = "......7...572.61.91..4.7..3...79...6..1....8.5.4.6.....1......5.....532.3...4...."
#: HoDoKu takes a remote pair of six cells, 2/3, which removes both digits from r7c5
REMOTE = ".8.....4....14..9.....62.....5.18.....1...4..9..7.5..6..69..15.......9...7......8"
#: HoDoKu takes a Turbot Fish on 9 (r5c6=r7c6-r7c1=r8c2), and rates it Extreme 5014
TURBOT = ".61.4...9.....3.........4.1.1..72.....2.8..767......9..7..6.......5...8.435.1..6."
#: HoDoKu takes a continuous nice loop: r1c7,r9c7<>2, r3c8<>4, r2c1<>5,6,7 in one step
LOOP = "8..4.7.....31....9.....2....1...58.792..........371.........4.81....3.5..467....."
#: HoDoKu takes the nice loop removing 4 from r7c3 (r7c3 + 4 = 61) before an AIC removing 8
#: from r7c2 (56 + 8 = 64): removing as many, the lower sum of cell (0-80) and digit comes
#: first; it rates the puzzle Unfair 1762
TIED = ".3..86.5.....5....2.7.3..........39..2...97..46...........7.56......5.48...2...3."
#: HoDoKu takes an AIC removing 1 from r6c8 and 7 from r5c8 (listed so: 52 + 1 + 81 * 43 + 7)
#: before one removing 9 from r1c8 and r6c7 (7 + 9 + 81 * 51 + 9): Extreme 3048
CROSS = "..3.......49...1..82...3.5.4.67....5.5.9..........2..61...8.7..2...14.........62."
#: HoDoKu's XY-Chains have 20 links at most: it takes one of 15 links removing 4 from r7c1,
#: r7c3 and r9c7 where a chain of 27 removes 1 from three other cells; Unfair 1618
BOUNDED = ".52....4..8.1..2...7...9....4..7.....2.....5.13.84..........69....9.48.3...3....7"
#: From HoDoKu's tables: an AIC (1r5c5 false ... 1r8c6 true) removing 1 from r5c6, r6c6 and
#: r8c5, where a loop found otherwise removes three others; Unfair 1544
TABLED = "3...4.8...4.....1....9......6.....21..92....8...89.5..81.4..37...23..6..6....5..."
#: From HoDoKu's tables: a continuous loop r8c1=r8c2-...-r8c1 removing 5 from r8c1, 6 from r7c3
#: and 7 from r6c2 and r8c2; Unfair 1718
TABLED_LOOP = "...2.7...2.....94..6........9.3..8....194....3....2.9......8..7...6..3.483...1.5."
#: From HoDoKu's tables: an AIC whose two ends (6r7c3 false, 1r2c3 true) see each other
#: removes 1 from r7c3 and 6 from r2c3; Extreme 2056
TABLED_CROSS = "....1...7...8..4.9..4.5..318..196...64...8.....2..3...7..92.3..4......1..85.....2"
#: HoDoKu's path ends with 23 singles in the order its queues give them (a full house is the
#: queue's first single that is the last empty cell of a unit), after a Sue de Coq whose box
#: side has three cells (r1c12 with r1c58 and r3c123); Unfair 1798
QUEUED = "..3...4.24.5..3.9......61......9.2.....7......84.....33...7.9..5...82...1......86"
#: Of several Sue de Coq steps HoDoKu takes the one removing the most: r7c789 with r7c6 and
#: r9c7, six candidates; Unfair 1174
COQ = "..8....617.5....3......58....4...9.......1.8.97....2.6...59.......3.614.8...47..."
#: HoDoKu takes the first XY-Wing of its order (pivot r1c1, pincers r7c1 and r7c8: 1 leaves
#: r1c8) before one removing four candidates; Unfair 1424
WINGS = ".75.....28..9...3.39.54........1..46...4.857..8...........9.6..7.1...2..2.......4"
#: HoDoKu looks for skyscrapers in the rows (every digit) before the columns: 6 in rows 5
#: and 8 first, then 2 in columns 3 and 5; Hard 948
SKY = "...87...2..7.......4.6....8..8..46...94.5....1......2...97..4...1.43.....5....2.6"
#: HoDoKu's remote pairs are chains whose ends see a cell holding one of the digits: two of
#: four cells (r1c4-r8c4-r8c3-r9c2, r6c3-r8c3-r8c4-r9c6), not one of six; Unfair 1118
PAIRS = "..9.8..7.25......4..7..5...5..1....87.4.6.1.....3..9.........2683..........47...3"
QUEUED_TAIL = [
    ("Full House", "r4c4"), ("Naked Single", "r5c1"), ("Naked Single", "r5c7"),
    ("Naked Single", "r6c8"), ("Full House", "r6c7"), ("Full House", "r2c7"),
    ("Full House", "r2c9"), ("Naked Single", "r4c2"), ("Naked Single", "r3c1"),
    ("Full House", "r3c2"), ("Full House", "r4c1"), ("Naked Single", "r5c3"),
    ("Naked Single", "r4c9"), ("Full House", "r8c9"), ("Full House", "r8c8"),
    ("Naked Single", "r5c6"), ("Full House", "r4c6"), ("Naked Single", "r5c2"),
    ("Full House", "r9c2"), ("Full House", "r4c3"), ("Full House", "r4c8"),
    ("Full House", "r5c8"), ("Full House", "r9c3")]


def index(name: str) -> int:
    return 9 * (int(name[1]) - 1) + int(name[3]) - 1


def changes(step: object) -> set[tuple[str, int]]:
    return {(e.cell, e.digit) for e in step.eliminations}  # type: ignore[attr-defined]


def hodoku_path(puzzle: str) -> list:
    return list(solve_path(Grid(puzzle), techniques=SCALES["hodoku"].ladder).steps)


def test_every_step_agrees_with_the_solution(pure: bool) -> None:
    for puzzle in (LOCKED, REMOTE, LOOP, TURBOT, TIED, CROSS, BOUNDED, TABLED, TABLED_LOOP,
                   TABLED_CROSS, QUEUED, COQ, WINGS, SKY, PAIRS):
        (solution,) = solutions_9x9([int(ch) if ch.isdigit() else 0 for ch in puzzle])
        for step in hodoku_path(puzzle):
            assert all(solution[index(p.cell)] == p.digit for p in step.placements), step
            assert all(solution[index(e.cell)] != e.digit for e in step.eliminations), step


def test_locked_pair_and_triple_as_hodoku_takes_them(pure: bool) -> None:
    steps = [s for s in hodoku_path(LOCKED) if s.key not in ("full-house", "naked-single",
                                                             "hidden-single")]
    assert [s.technique for s in steps] == ["Locked Pair", "Locked Triple"] + ["Pointing"] * 4 + [
        "AIC"]
    assert steps[0].cells == ("r1c8", "r3c8")
    assert changes(steps[0]) == {("r3c7", 5), ("r4c8", 5), ("r3c7", 6), ("r7c8", 6), ("r9c8", 6)}
    assert changes(steps[1]) == {("r5c2", 3), ("r5c7", 2), ("r5c9", 2), ("r6c6", 2)}
    # the widest chain: three candidates at once, where the shortest AIC removes one
    assert changes(steps[-1]) == {("r1c4", 5), ("r1c5", 5), ("r3c8", 5)}
    # 36 singles (4 points each but 9 hidden ones, 14), 40 + 60 + 4 * 50 + 280
    rating = rate(Grid(LOCKED), scale="hodoku")
    assert (rating.level, rating.score) == ("unfair", 900)


def test_a_pair_in_one_line_only_is_not_locked() -> None:
    # locked needs both the box and the line to lose a digit beyond the cells they share
    for step in hodoku_path(REMOTE):
        if step.key == LOCKED_PAIR.key:
            cells = [index(c) for c in step.cells]
            gone = [index(e.cell) for e in step.eliminations]
            same_row = {c // 9 for c in cells} | {g // 9 for g in gone}
            assert len(same_row) > 1


def test_remote_pair(pure: bool) -> None:
    found = [s for s in hodoku_path(REMOTE) if s.key == REMOTE_PAIR.key]
    assert found and {("r7c5", 2), ("r7c5", 3)} <= changes(found[0])
    assert found[0].level == REMOTE_PAIR.level and str(found[0].level) == "hard"
    assert rate(Grid(REMOTE), scale="hodoku").level == "hard"


def test_continuous_loop_in_one_step(pure: bool) -> None:
    loops = [s for s in hodoku_path(LOOP) if "closes into a loop" in s.text]
    assert loops
    assert changes(loops[0]) == {("r1c7", 2), ("r9c7", 2), ("r3c8", 4), ("r2c1", 5), ("r2c1", 6),
                                 ("r2c1", 7)}
    assert (rate(Grid(LOOP), scale="hodoku").level, rate(Grid(LOOP), scale="hodoku").score) == (
        "extreme", 2018)


def test_turbot_fish(pure: bool) -> None:
    found = [s for s in hodoku_path(TURBOT) if s.key == "turbot-fish"]
    assert [(s.cells, changes(s)) for s in found] == [
        (("r5c6", "r7c1", "r7c6", "r8c2"), {("r5c2", 9)})]
    rating = rate(Grid(TURBOT), scale="hodoku")
    assert (rating.level, rating.score) == ("extreme", 5014)


def test_chains_removing_as_many_go_by_cell_and_digit(pure: bool) -> None:
    removed = [changes(s) for s in hodoku_path(TIED) if s.key in ("x-chain", "xy-chain", "aic")]
    assert {("r7c3", 4)} in removed and {("r7c2", 8)} not in removed
    assert (rate(Grid(TIED), scale="hodoku").level, rate(Grid(TIED), scale="hodoku").score) == (
        "unfair", 1762)
    removed = [changes(s) for s in hodoku_path(CROSS) if s.key == "aic"]
    assert {("r6c8", 1), ("r5c8", 7)} in removed
    assert (rate(Grid(CROSS), scale="hodoku").level, rate(Grid(CROSS), scale="hodoku").score) == (
        "extreme", 3048)


def test_xy_chains_are_twenty_links_at_most(pure: bool) -> None:
    chains = [s for s in hodoku_path(BOUNDED) if s.key in ("x-chain", "xy-chain")]
    assert chains and all(len(s.links) <= 20 for s in chains)
    assert {("r7c1", 4), ("r7c3", 4), ("r9c7", 4)} in [changes(s) for s in chains]
    rating = rate(Grid(BOUNDED), scale="hodoku")
    assert (rating.level, rating.score) == ("unfair", 1618)


def test_nice_loops_and_aics_as_hodokus_tables_give_them(pure: bool) -> None:
    cases = [
        (TABLED, {("r5c6", 1), ("r6c6", 1), ("r8c5", 1)}, ("unfair", 1544)),
        (TABLED_LOOP, {("r8c1", 5), ("r7c3", 6), ("r6c2", 7), ("r8c2", 7)}, ("unfair", 1718)),
        (TABLED_CROSS, {("r7c3", 1), ("r2c3", 6)}, ("extreme", 2056)),
    ]
    for puzzle, wanted, rated in cases:
        assert wanted in [changes(s) for s in hodoku_path(puzzle) if s.key == "aic"]
        rating = rate(Grid(puzzle), scale="hodoku")
        assert (rating.level, rating.score) == rated
    loops = [s for s in hodoku_path(TABLED_LOOP) if "closes into a loop" in s.text]
    assert [changes(s) for s in loops] == [cases[1][1]]


def test_singles_come_in_the_order_hodokus_queues_give_them(pure: bool) -> None:
    path = hodoku_path(QUEUED)
    assert [(s.technique, s.cells[0]) for s in path[-len(QUEUED_TAIL):]] == QUEUED_TAIL
    assert [s.technique for s in path].count("Large Sue de Coq") == 1
    rating = rate(Grid(QUEUED), scale="hodoku")
    assert (rating.level, rating.score) == ("unfair", 1798)


def test_the_sue_de_coq_removing_the_most(pure: bool) -> None:
    found = [changes(s) for s in hodoku_path(COQ) if "sue-de-coq" in s.key]
    assert found == [{("r7c1", 2), ("r7c2", 2), ("r7c3", 2), ("r7c3", 7), ("r8c9", 7),
                      ("r9c9", 3)}]
    rating = rate(Grid(COQ), scale="hodoku")
    assert (rating.level, rating.score) == ("unfair", 1174)


def test_xy_wings_in_hodokus_order(pure: bool) -> None:
    found = [(s.cells, changes(s)) for s in hodoku_path(WINGS) if s.key == "xy-wing"]
    assert found == [(("r1c1", "r7c1", "r7c8"), {("r1c8", 1)}),
                     (("r5c2", "r5c5", "r6c1"), {("r5c1", 6), ("r6c4", 6), ("r6c5", 6),
                                                 ("r6c6", 6)})]
    rating = rate(Grid(WINGS), scale="hodoku")
    assert (rating.level, rating.score) == ("unfair", 1424)


def test_skyscrapers_rows_first(pure: bool) -> None:
    found = [changes(s) for s in hodoku_path(SKY) if s.key == "skyscraper"]
    assert found == [{("r6c3", 6), ("r7c1", 6)}, {("r7c1", 2), ("r7c2", 2), ("r8c6", 2)}]
    rating = rate(Grid(SKY), scale="hodoku")
    assert (rating.level, rating.score) == ("hard", 948)


def test_remote_pairs_as_hodokus_chains(pure: bool) -> None:
    found = [changes(s) for s in hodoku_path(PAIRS) if s.key == REMOTE_PAIR.key]
    assert found == [{("r1c2", 6)}, {("r6c6", 2)}]
    rating = rate(Grid(PAIRS), scale="hodoku")
    assert (rating.level, rating.score) == ("unfair", 1118)


def test_index_sum_lists_removals_by_digit_then_cell() -> None:
    # r6c8 is cell 52 and r5c8 cell 43: listed 1 before 7, the second cell weighs 81
    assert weighted_sum([(43, 7), (52, 1)]) == 52 + 1 + 43 * 81 + 7
    assert weighted_sum([(57, 4)]) == 61


def test_the_ladder_keeps_the_library_steps_keys() -> None:
    # the HoDoKu-ordered singles and locked candidates are the library's techniques,
    # found in another order: their keys, names and points are the same (HoDoKu's own
    # steps aside, scored as HoDoKu scores them)
    own = {LOCKED_PAIR.key, REMOTE_PAIR.key}
    for tech in SCALES["hodoku"].ladder:
        if tech.key in BY_KEY and tech.key not in own:
            assert (tech.name, tech.level, tech.effort) == (
                BY_KEY[tech.key].name, BY_KEY[tech.key].level, BY_KEY[tech.key].effort)
