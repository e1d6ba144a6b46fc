"""Rating on a named scale: sudokit's own, Sudoku Explainer's two flavours, and HoDoKu's level
word and score, read from a path in HoDoKu's solving order by HoDoKu's rules."""

from __future__ import annotations

import pytest

from sudokit import Grid
from sudokit.logic import rate, solve_path
from sudokit.logic.rating import scale_id
from sudokit.logic.scales import HODOKU, SCALES, hodoku_level, scale_named
from sudokit.logic.select import choose

#: HoDoKu's points for the steps these paths take (its defaults, as its manual lists them)
FULL_HOUSE = NAKED_SINGLE = 4
HIDDEN_SINGLE = 14
POINTING = CLAIMING = 50
X_WING = 140
XY_WING = 160
W_WING = 150
AIC = 280
NAKED_TRIPLE = 80
EMPTY_RECTANGLE = 120
SKYSCRAPER = 130

EASY = "8......75..5.3...216...8.....3.1.42.6....93.....2..75....1.....94...2....5......3"
MEDIUM = "37...1.....2....7.1.9..63.2....58...6....358....9............26.3.2.......6..91.."
HARD = "18...53.4.2...96.8........7..1.9......2.341...4.2.......8.4......4.1..5........79"
HARD_W = "7..6..3..3.59.1..79..........2....4....3..6...1..6...3......7.8....97..1...21..5."
UNFAIR = ".......9.63.2...........1.35..6..7.......581.97..1.63..9...3.......6..48...8....2"
RAISED = "....3..6.8......396.5...4.1..........785..61.5...6.8.....7.......1824....67.1.2.."


def counts(puzzle: str) -> dict[str, int]:
    """How many steps of each technique the hodoku scale's path takes (a hidden single
    taken while a naked single was open counted as the naked single, as HoDoKu finds
    naked singles first)."""
    path = solve_path(Grid(puzzle), techniques=SCALES["hodoku"].ladder)
    out: dict[str, int] = {}
    for key in path.effort_keys:
        out[key] = out.get(key, 0) + 1
    return out


@pytest.mark.parametrize(("puzzle", "level", "score", "hardest"), [
    # 20 full houses, 24 naked and 12 hidden singles: 44 * 4 + 12 * 14
    (EASY, "easy", 20 * FULL_HOUSE + 24 * NAKED_SINGLE + 12 * HIDDEN_SINGLE, "Hidden Single"),
    # one pointing and one claiming make it medium; 21 + 11 cheap singles, 25 hidden
    (MEDIUM, "medium", 32 * 4 + 25 * HIDDEN_SINGLE + POINTING + CLAIMING, "Pointing"),
    # an X-Wing and an XY-Wing (both hard); 47 cheap singles and 9 hidden ones
    (HARD, "hard", 47 * 4 + 9 * HIDDEN_SINGLE + X_WING + XY_WING, "XY-Wing"),
    (HARD_W, "hard", 36 * 4 + 21 * HIDDEN_SINGLE + POINTING + W_WING, "W-Wing"),
    # an AIC (unfair, 280) with an XY-Wing, a W-Wing, a pointing and 46 + 11 singles
    (UNFAIR, "unfair", 46 * 4 + 11 * HIDDEN_SINGLE + POINTING + AIC + XY_WING + W_WING, "AIC"),
    # an unfair path of 1,900 points: over unfair's 1,800, so extreme
    (RAISED, "extreme", 44 * 4 + 11 * HIDDEN_SINGLE + 5 * POINTING + NAKED_TRIPLE
     + EMPTY_RECTANGLE + 3 * AIC + SKYSCRAPER + W_WING, "AIC"),
])
def test_hodoku_scale_gives_hodokus_level_and_score(
        pure: bool, puzzle: str, level: str, score: int, hardest: str) -> None:
    rating = rate(Grid(puzzle), scale="hodoku")
    assert (rating.level, rating.score, rating.hardest) == (level, score, hardest)
    assert rating.effort == score and rating.hodoku_level == level
    assert rating.scale == SCALES["hodoku"].id and rating.scale.startswith("hodoku-9/")


def test_the_hand_counts_are_the_paths_own() -> None:
    assert counts(HARD) == {"naked-single": 26, "full-house": 21, "hidden-single": 9,
                            "x-wing": 1, "xy-wing": 1}
    assert counts(EASY) == {"naked-single": 24, "full-house": 20, "hidden-single": 12}
    assert counts(RAISED) == {"hidden-single": 11, "naked-single": 23, "full-house": 21,
                              "pointing": 2, "claiming": 3, "naked-triple": 1,
                              "empty-rectangle": 1, "aic": 3, "skyscraper": 1, "w-wing": 1}


def test_hodoku_level_rises_with_the_total_score() -> None:
    # HoDoKu's most for easy is 800 points: 57 hidden singles (798) stay easy, 58 do not
    assert hodoku_level([("easy", 14)] * 57) == "easy"
    assert hodoku_level([("easy", 14)] * 58) == "medium"
    # a hard step and 1,600 points is hard; one point more is unfair, 1,801 extreme
    assert hodoku_level([("hard", 140), ("easy", 1460)]) == "hard"
    assert hodoku_level([("hard", 140), ("easy", 1461)]) == "unfair"
    assert hodoku_level([("hard", 140), ("easy", 1661)]) == "extreme"


def test_hodoku_rating_reads_as_hodokus_line() -> None:
    rating = rate(Grid(HARD), scale="hodoku")
    assert str(rating) == rating.se_line() == f"hard {rating.score:.0f} (XY-Wing)"
    data = rating.to_dict()
    assert data["score"] == 614 and isinstance(data["score"], int)
    assert "er" not in data and data["level"] == data["hodoku_level"] == "hard"


def test_forcing_chains_are_extreme_on_hodokus_scale() -> None:
    # HoDoKu's forcing chains (our Nishio and cell/unit chains) are Extreme, 500 points
    assert HODOKU["nishio"] == HODOKU["cell-unit-forcing-chain"] == ("extreme", 500)
    ladder = [t.key for t in SCALES["hodoku"].ladder]
    # HoDoKu's order: quads and fish before the wings, Sue de Coq (sides of any size)
    # before the chains
    assert ladder.index("naked-quad") < ladder.index("x-wing") < ladder.index("xy-wing")
    assert ladder.index("large-sue-de-coq") < ladder.index("x-chain")
    assert "sue-de-coq" not in ladder
    assert "aligned-pair-exclusion" not in ladder and "3d-medusa" not in ladder


def test_sudokit_scale_is_todays_rating(pure: bool) -> None:
    assert rate(Grid(HARD), scale="sudokit") == rate(Grid(HARD))
    assert rate(Grid(HARD)).scale == scale_id()


def test_se_scales_are_their_techniques_by_score(pure: bool) -> None:
    for name, version in (("se", 4), ("sukaku", 4)):
        ours = rate(Grid(HARD_W), scale=name)
        assert ours.score == rate(Grid(HARD_W), techniques=choose(name)).score
        assert ours.scale.startswith(f"{name}-{version}/")


def test_techniques_cut_a_scales_ladder() -> None:
    ladder = choose("singles,pointing,claiming,x-wing")
    rating = rate(Grid(HARD), scale="hodoku", techniques=ladder)
    assert rating.hardest == "Brute Force" and rating.level == "extreme"


def test_scale_names() -> None:
    assert list(SCALES) == ["sudokit", "se", "sukaku", "hodoku"]
    assert scale_named(" HoDoKu ") is SCALES["hodoku"]
    with pytest.raises(ValueError, match=r"rate: unknown scale 'kudoku' \(known: sudokit, se, "
                       r"sukaku, hodoku\)"):
        rate(Grid(HARD), scale="kudoku")
    with pytest.raises(TypeError, match="rate: scale must be"):
        rate(Grid(HARD), scale=3)  # type: ignore[arg-type]
