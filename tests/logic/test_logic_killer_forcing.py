"""Combination Contradiction: a cage's combination tried and followed (singles, the cages'
combinations) until it leaves a cell, a house or a cage nothing; a killer of cages of two
to five cells that the techniques before the chains solve only with it, every step checked
against the solution, and where the technique sits in a ladder."""

from __future__ import annotations

from test_logic_killer import board_of, cage
from test_logic_variants import check_against

from sudokit import Grid, Rules, solve
from sudokit.formats import loads
from sudokit.logic import solve_path
from sudokit.logic.board import geometry_of
from sudokit.logic.step import Level
from sudokit.logic.techniques import LADDER
from sudokit.logic.techniques.killer_forcing import COMBINATION_CONTRADICTION, refuted
from sudokit.logic.variants import ladder_for

#: The techniques before the chains.
BEFORE_CHAINS = tuple(LADDER[:[t.key for t in LADDER].index("w-wing") + 1])

#: A killer made by ``sudoku create --variant killer`` (cages of two to five cells, no
#: givens) that nothing before the chains but this technique gets past the first cells.
KILLER = """\
AABBBCCCC
ADDEEEEFF
GDDHHIJFF
GKKKIIJLF
GGMMMNNLL
OPPQQNRRL
OSTTQNUUL
OSSTTUUUV
OOSWWWWVV
A=13 B=17 C=19 D=23 E=16 F=30 G=20 H=16 I=11 J=7 K=9 \
L=24 M=14 N=18 O=25 P=9 Q=21 R=8 S=21 T=19 U=20 V=24 W=21
"""


#: Another, that needs the outies of boxes 4 and 7 followed as a cage.
INNIES_KILLER = """\
AABBCCDDD
ABBBCCCED
AAFFFGEEH
IIIFJGGEH
KLIJJJGEH
KLIMNJGOH
KPPMNNNOH
QQMMROOOS
QQTTRRSSS
A=23 B=33 C=21 D=18 E=32 F=20 G=25 H=22 I=17 J=32 K=19 \
L=11 M=14 N=14 O=22 P=15 Q=20 R=12 S=25 T=10
"""


def test_a_combination_whose_digits_both_end_in_one_cell_is_refuted() -> None:
    # r1c1 is 1 (as in SOLUTION); the 2-cell cage of 9 at r1c3 as 1+8 would put 8 in both
    # its cells (1 is seen in each), the cells seeing each other: no filling is left
    board = board_of(Rules(9, constraints=[cage([0, 1]), cage([2, 11])]), {0: 1})
    cages = list(board.geo.rules.constraints)
    nine = cages[1]
    assert (nine.cells, nine.total) == ((2, 11), 9)
    assert refuted(board, nine, 0b10000001, cages) == \
        "the 2-cell cage of 9 at r1c3 would have no filling"
    assert refuted(board, nine, 0b100100, cages) is None  # 3+6, the solution's
    assert board.masks[2] == board.geo.full & ~1  # the board tried on is left as it was


def test_a_killer_with_large_cages_is_solved_by_trying_combinations(pure: bool) -> None:
    grid = loads(KILLER, "killer")[0]
    assert isinstance(grid, Grid)
    solution = solve(grid)
    assert solution is not None
    path = solve_path(grid, techniques=BEFORE_CHAINS)
    check_against(path.steps, solution.cells, grid.shape)
    assert path.solved
    tried = [s for s in path.steps if s.technique == "Combination Contradiction"]
    assert tried
    assert tried[0].text == (
        "Following the singles and the cages' combinations: if the 5-cell cage of 30 at r2c8 "
        "were 1+5+7+8+9, column 8 would have no place for 6; if it were 2+4+7+8+9, column 8 "
        "would have no place for 6; if it were 2+5+6+8+9, column 9 would have no place for "
        "3; if it were 3+4+6+8+9, box 6 would have no place for 1; if it were 3+5+6+7+9, row "
        "3 would have no place for 8: so it is 4+5+6+7+8: r2c8 and r3c8 cannot be 2 or 3, "
        "r2c9 and r3c9 cannot be 1, 2 or 3, r4c9 cannot be 9.")


def test_the_trial_of_combinations_joins_only_ladders_with_hard_techniques() -> None:
    geo = geometry_of(Rules(9, constraints=[cage([0, 1]), cage([2, 3, 4])]))
    medium = tuple(t for t in LADDER if t.level <= Level.MEDIUM)
    assert COMBINATION_CONTRADICTION not in ladder_for(geo, medium)
    ladder = ladder_for(geo, BEFORE_CHAINS)
    keys = [t.key for t in ladder]
    # by level and score: among the hard techniques, after the XY-Wing (4.2)
    assert keys.index("xy-wing") + 1 == keys.index("combination-contradiction") \
        < keys.index("xyz-wing")


def test_outies_of_known_total_are_followed_like_a_cage() -> None:
    grid = loads(INNIES_KILLER, "killer")[0]
    assert isinstance(grid, Grid)
    solution = solve(grid)
    assert solution is not None
    path = solve_path(grid, techniques=BEFORE_CHAINS)
    check_against(path.steps, solution.cells, grid.shape)
    assert path.solved
    texts = [s.text for s in path.steps if s.technique == "Combination Contradiction"]
    assert (
        "Following the singles and the cages' combinations: if the 4-cell cage of 14 at r6c4 "
        "were 1+2+3+8, the outies of boxes 4 and 7, r6c4, r7c4, r8c4 and r9c4 (adding up to "
        "16) would have no filling; if it were 1+3+4+6, the outies of boxes 4 and 7, r6c4, "
        "r7c4, r8c4 and r9c4 (adding up to 16) would have no filling: so it holds 1+2+4+7 "
        "or 1+2+5+6 or 2+3+4+5: r7c4 cannot be 8.") in texts
