"""Virtual cages: cells the rule of 45 gives a total, all seeing each other, read as a cage
(pointing, claiming, and fitted into a house with the drawn cages); each step on a position
built here, and two killers of cages of two to five cells that the techniques up to the
chains solve only with them, every step checked against the solution."""

from __future__ import annotations

import pytest
from test_logic_killer import SOLUTION, board_of, cage, changes
from test_logic_variants import check_against

from sudokit import Grid, Rules, solve
from sudokit.formats import loads
from sudokit.logic import solve_path
from sudokit.logic.techniques import LADDER
from sudokit.logic.techniques.killer_virtual import (
    VIRTUAL_CAGE_HOUSE,
    VIRTUAL_CAGE_POINTING,
    virtual_cages,
)

#: The techniques before the chains: a human's killer toolbox without colouring or chains.
BEFORE_CHAINS = tuple(LADDER[:[t.key for t in LADDER].index("w-wing") + 1])

#: Killers made by ``sudoku create --variant killer`` (cages of two to five cells, merged
#: while the solution stays the only one, no givens).
KILLERS = {
    "house": """\
ABBCDEEFF
ABCCDGEEF
AHICDGGJF
AHIIKLLJF
AHIIKKLLM
HHNNKOOPM
QQNRRRPPM
QSNNRTUUM
SSVVVTUUM
A=31 B=12 C=13 D=16 E=21 F=23 G=11 H=22 I=26 J=15 K=19 \
L=23 M=29 N=30 O=15 P=16 Q=15 R=20 S=14 T=5 U=15 V=14
""",
    "pointing": """\
AABBCCCDD
AABBEEFFD
GGHEEEFFI
GJHHHHKKI
GJLMNKKKO
PLLMNNOOO
PPMMNQQQQ
PRRSSSTTT
UUUSSVVTT
A=18 B=24 C=10 D=18 E=23 F=22 G=24 H=32 I=7 J=10 K=21 \
L=12 M=16 N=26 O=24 P=18 Q=15 R=11 S=21 T=28 U=13 V=12
""",
}


def test_two_innies_of_a_box_that_add_up_to_3_are_1_and_2_for_the_cells_they_see() -> None:
    # box 1 less its cages is r1c1 and r1c2 (1 and 2 in SOLUTION): a virtual cage of 3
    rules = Rules(9, constraints=[cage([2, 11]), cage([9, 10]), cage([18, 19, 20])])
    board = board_of(rules)
    assert [(c.cells, c.total) for c, _ in virtual_cages(board)][:1] == [((0, 1), 3)]
    step = VIRTUAL_CAGE_POINTING.find(board)
    assert step is not None and step.technique == "Virtual Cage Pointing"
    assert step.text.startswith("The innies of box 1, r1c1 and r1c2, add up to 3 (the cages "
                                "wholly inside add up to 42): they are 1+2, each with 1")
    assert changes(step) == (set(), {(f"r1c{c}", 1) for c in range(3, 10)}
                             | {("r2c1", 1), ("r2c2", 1), ("r2c3", 1), ("r3c1", 1),
                                ("r3c2", 1), ("r3c3", 1)})
    check_against([step], SOLUTION, rules.shape)


def test_a_virtual_cage_fits_with_the_drawn_cages_of_its_house() -> None:
    # column 1 holds the innies of box 1 (r1c1, r2c1, r3c1: 1+4+7 = 12) and cages that
    # cross it; the virtual cage's digits keep the drawn cages' combinations apart
    rules = Rules(9, constraints=[cage([1, 2, 10, 11, 19, 20]), cage([27, 28, 36]),
                                  cage([45, 54]), cage([63, 72, 73])])
    board = board_of(rules)
    step = VIRTUAL_CAGE_HOUSE.find(board)
    assert step is not None and step.text.startswith(
        "The innies of box 1, r1c1, r2c1 and r3c1, add up to 12")
    # the 3-cell cage of 6 puts two of 1, 2 and 3 in the column: 12 is not 1+2+9
    assert "r1c1, r2c1 and r3c1 cannot be 8 or 9," in step.text
    assert {("r1c1", 9), ("r4c1", 4), ("r9c2", 4)} <= changes(step)[1]
    check_against([step], SOLUTION, rules.shape)


@pytest.mark.parametrize("name", sorted(KILLERS))
def test_killers_with_large_cages_are_solved_before_the_chains(name: str, pure: bool) -> None:
    grid = loads(KILLERS[name], "killer")[0]
    assert isinstance(grid, Grid)
    solution = solve(grid)
    assert solution is not None
    path = solve_path(grid, techniques=BEFORE_CHAINS)
    check_against(path.steps, solution.cells, grid.shape)
    assert path.solved
    used = {s.technique for s in path.steps}
    assert "Virtual Cage in a House" in used
    if name == "pointing":
        assert {"Virtual Cage Pointing", "Virtual Cage Claiming"} <= used
