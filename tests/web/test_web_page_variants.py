"""Variant puzzles on ``sudoku serve``'s page in a real Chromium, at desktop size (1280x800)
and phone size (390x844, touch): a jigsaw's regions walled with no box lines, an X puzzle's
two diagonals, the rules in words under the board, a knight's-move repeat shown as a conflict
under anti-knight, a puzzle made under a variant from the picker, and a hint on one.

One page load per size. Skipped when Chromium or Playwright is missing, except under CI.
Screenshots go to SUDOKIT_SCREENSHOTS (a folder) when it is set.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from sudokit import formats
from support.browser import expect, sized_page
from support.files import TEST_DATA

JIGSAW = ".2.3...848.9.6.51....5.7.49.....18..7...436..14..3295..9.6.8.3..82...3672.4.59..."
REGIONS = "012222222012233333011143353061144355061144445066678445067778855066777855067788888"
XKNIGHT = ".....962.2.4.1......9.8..1.6.2..5.......6...237.1...4......84..........8...47...."


@pytest.fixture(scope="module", params=["desktop", "phone"])
def page(request, browser, server):
    with sized_page(browser, server, request.param) as pg:
        yield pg


def shot(page, name: str) -> None:
    folder = os.environ.get("SUDOKIT_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"variant-{page.size_name}-{name}.png"))


def open_hash(page, text: str, rule: str) -> None:
    """Open a puzzle through the page's address; wait for its rules, said under the board."""
    page.evaluate("(h) => { location.hash = h; }", text)
    expect(page.locator("#rule-line")).to_contain_text(rule)


def walls(page) -> list[tuple[bool, bool]]:
    """Each cell's thick right and bottom borders, as the page drew them."""
    return page.evaluate("""() => [...document.querySelectorAll('#board .cell')].map((c) =>
        [c.classList.contains('box-right'), c.classList.contains('box-bottom')])""")


def test_a_jigsaw_is_walled_by_its_regions_not_its_boxes(page):
    open_hash(page, f"b=3x3&p={JIGSAW}&v=jigsaw&r={REGIONS}", "Jigsaw")
    drawn = walls(page)
    expected = [(c % 9 < 8 and REGIONS[c] != REGIONS[c + 1],
                 c < 72 and REGIONS[c] != REGIONS[c + 9]) for c in range(81)]
    assert [tuple(w) for w in drawn] == expected
    # r1c3 ends box 1, but r1c3 and r1c4 share a region: no wall between them
    assert not drawn[2][0]
    # the walls stand out: as thick as the classic box lines
    width = page.evaluate("getComputedStyle(document.querySelector('#board .cell.box-right'))"
                          ".borderRightWidth")
    assert width == "2px"
    shot(page, "jigsaw")


def test_an_x_puzzle_draws_both_diagonals_and_a_knights_repeat_is_a_conflict(page):
    open_hash(page, f"b=3x3&p={XKNIGHT}&v=x%2Banti-knight", "Anti-knight")
    lines = page.evaluate("""() => [...document.querySelectorAll(
        '#board .rules-layer line.diagonal')].map((l) =>
        ['x1', 'y1', 'x2', 'y2'].map((a) => Number(l.getAttribute(a))))""")
    assert sorted(lines) == [[0, 0, 9, 9], [9, 0, 0, 9]]
    assert "X: both diagonals hold each digit once" in page.locator("#rule-line").inner_text()
    expect(page.locator("#summary")).to_contain_text("9x9 X + anti-knight puzzle")
    # the rules in words wrap under the board: nothing is wider than a phone's screen
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    # the layer covers the whole board
    layer = page.locator("#board .rules-layer").bounding_box()
    grid = page.locator("#cell-r1c1").bounding_box()
    assert layer and grid and abs(layer["x"] - grid["x"]) < 2 and abs(layer["y"] - grid["y"]) < 2
    page.check("#show-conflicts")
    # r1c6 holds 9; r2c8 is a knight's move away, in no row, column or box with it
    page.click("#cell-r2c8")
    page.keyboard.press("9")
    expect(page.locator("#cell-r2c8")).to_have_class(re.compile(r"\bconflict\b"))
    expect(page.locator("#cell-r1c6")).to_have_class(re.compile(r"\bconflict\b"))
    shot(page, "x-anti-knight")
    if os.environ.get("SUDOKIT_SCREENSHOTS"):  # the same board in the dark theme
        page.click("#theme")
        page.click("#theme")
        expect(page.locator("#theme")).to_have_text("Theme: dark")
        shot(page, "x-anti-knight-dark")
        page.click("#theme")
    page.keyboard.press("Backspace")
    expect(page.locator("#cell-r1c6")).not_to_have_class(re.compile(r"\bconflict\b"))
    page.uncheck("#show-conflicts")


def test_a_hint_on_a_variant_board_speaks_of_its_rules_board(page):
    page.click("#hint")
    text = page.locator("#hint-text")
    expect(text).not_to_have_text("")
    assert "not available" in text.inner_text() or "error" not in (
        text.get_attribute("class") or "")


def test_a_puzzle_made_under_a_variant_is_played_with_its_marks(page):
    if page.size_name != "phone":
        pytest.skip("made once, on the phone")
    page.select_option("#make-variant", "x")
    page.click("#make")
    result = page.locator("#make-result")
    expect(result).not_to_have_text(re.compile(r"^(Making.*)?$"), timeout=20000)
    if "not available" in result.inner_text():
        pytest.skip(result.inner_text())
    expect(result).to_contain_text("X")
    expect(page.locator("#rule-line")).to_contain_text("X: both diagonals")
    assert page.locator("#board .rules-layer line.diagonal").count() == 2
    shot(page, "made-x")
    page.select_option("#make-variant", "")


EVEN_ODD = ".....9176.9.64..2.....78....19.8.75.7.......9..5....3.2..8....1....94...94.....6."
ODD = [3, 5, 7, 9, 10, 21, 22, 29, 34, 48, 52, 59, 64, 71, 75, 77]
EVEN = [4, 13, 16, 20, 25, 35, 45, 46, 57, 60, 74]


def test_odd_cells_get_circles_even_cells_squares_and_a_wrong_parity_is_a_conflict(page):
    odd = ".".join(_base36(c) for c in ODD)
    even = ".".join(_base36(c) for c in EVEN)
    open_hash(page, f"b=3x3&p={EVEN_ODD}&v=even-odd&o={odd}&E={even}", "Even-odd")
    circles = page.evaluate("""() => [...document.querySelectorAll(
        '#board .rules-layer circle.odd')].map((c) =>
        [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))])""")
    assert sorted(circles) == sorted([[c % 9 + 0.5, c // 9 + 0.5] for c in ODD])
    assert page.locator("#board .rules-layer rect.even").count() == len(EVEN)
    page.check("#show-conflicts")
    page.click("#cell-r1c4")  # an odd cell
    page.keyboard.press("2")
    expect(page.locator("#cell-r1c4")).to_have_class(re.compile(r"\bconflict\b"))
    shot(page, "even-odd")
    page.keyboard.press("Backspace")
    page.uncheck("#show-conflicts")


def test_a_pasted_link_is_played_under_its_rules(page):
    if "fpuzzles" not in formats.FORMATS:
        pytest.skip("this version reads no f-puzzles links")
    link = next(line for line in (TEST_DATA / "variants" / "links.txt").read_text().splitlines()
                if line.startswith("http"))
    page.fill("#paste", link)
    page.click("#paste-load")
    expect(page.locator("#status")).to_contain_text("under X 9x9 rules")
    assert page.locator("#board .rules-layer line.diagonal").count() == 2


def _base36(k: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return digits[k] if k < 36 else _base36(k // 36) + digits[k % 36]


WINDOKU = "....35...13..........2...6...1.....9.........3..1...5..6..824...4....3.6...7.6..."


def test_an_explained_step_outlines_the_houses_it_names_on_a_windoku(page):
    open_hash(page, f"b=3x3&p={WINDOKU}&v=windoku", "Windoku")
    tints = page.locator("#board .rules-layer rect.rule-tint")
    assert tints.count() == 36  # the four windows, shaded
    page.click("#explain")
    expect(page.locator("#explain-nav, #explain-text.error").first).to_be_visible()
    if "not available" in page.locator("#explain-text").inner_text():
        pytest.skip("the logic solver knows the classic rules only")
    expect(page.locator("#step-count")).to_contain_text("Step 1 of")
    # the 19th step: locked candidates of a window and a box
    for _ in range(18):
        page.click("#next-step")
    expect(page.locator("#step-count")).to_contain_text("Step 19 of")
    assert "Locked Candidates" in page.locator("#step-text").inner_text()
    outlines = page.locator("#board .houses-layer path.house")
    expect(outlines).to_have_count(2)
    shot(page, "windoku-step")
    page.click("#close-explain")
    expect(outlines).to_have_count(0)
