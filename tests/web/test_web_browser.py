"""The page of ``sudoku serve`` in a real Chromium (Debian's ``chromium``, driven by
Playwright): enter a puzzle, play, get a hint, step through an explanation, make a puzzle,
reload and keep the state.

Skipped when Chromium or Playwright is missing, except under CI (the variable CI set), where
that is a failure: CI installs both. SUDOKIT_SCREENSHOTS=DIR keeps a screenshot of each test.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from support.browser import expect, missing

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


why = missing()
if why is not None:
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run in CI: {why}", pytrace=False)
    pytest.skip(why, allow_module_level=True)

from playwright.sync_api import Page  # noqa: E402


@pytest.fixture
def page(browser, server, request):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server)
    expect(pg.locator(".cell").first).to_be_visible()
    yield pg
    shots = os.environ.get("SUDOKIT_SCREENSHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(Path(shots) / f"{request.node.name}.png"))
    context.close()
    assert not errors, f"the page raised: {errors}"


def cell(page: Page, name: str):
    return page.locator(f"#cell-{name}")


def load(page: Page, text: str) -> None:
    page.fill("#paste", text)
    page.click("#paste-load")
    expect(page.locator("#status")).to_contain_text("Loaded the pasted puzzle")


def test_enter_a_puzzle_by_typing_and_by_pasting(page):
    page.select_option("#size", "4")
    page.click("#new-empty")
    expect(page.locator(".cell")).to_have_count(16)
    cell(page, "r1c1").click()
    for key in ["1", "ArrowDown", "ArrowDown", "3"]:  # a digit moves on to the next cell
        page.keyboard.press(key)
    expect(cell(page, "r1c1")).to_have_text("1")
    expect(cell(page, "r3c2")).to_have_text("3")
    page.click("#edit-done")
    expect(page.locator("#status")).to_contain_text("more than one solution")
    expect(cell(page, "r1c1")).to_have_class(re.compile(r"\bgiven\b"))

    grid = "\n".join(" ".join("0" if ch == "." else ch for ch in EASY[r * 9:r * 9 + 9])
                     for r in range(9))
    load(page, grid)
    expect(page.locator(".cell")).to_have_count(81)
    expect(cell(page, "r1c1")).to_have_text("5")
    expect(cell(page, "r1c1")).to_have_attribute("aria-label", "row 1, column 1: 5, given")


def test_a_bad_paste_shows_the_command_line_message_by_the_paste_box(page):
    page.fill("#paste", "123")
    page.click("#paste-load")
    expect(page.locator("#paste-result")).to_contain_text("line 1: not a puzzle")
    expect(page.locator("#status")).to_be_empty()
    load(page, EASY)  # and it goes once a paste loads
    expect(page.locator("#paste-result")).to_be_empty()


@pytest.mark.parametrize("rows", [
    [row.replace(".", blank) for row in (EASY[r * 9:r * 9 + 9] for r in range(9))]
    for blank in "_*-x"
] + [["\t".join(row.replace(".", " ")) + "\t" for row in (EASY[r * 9:r * 9 + 9]
                                                         for r in range(9))]],
    ids=["underscore", "star", "dash", "x", "trailing-tab"])
def test_a_grid_pasted_as_nine_rows_with_any_documented_blank_loads(page, rows):
    load(page, "\n".join(rows) + "\n")
    shown = "".join(c or "." for c in page.locator(".cell").all_inner_texts())
    assert shown == EASY


def test_play_a_move_undo_redo_pencil_marks_and_conflicts(page):
    load(page, EASY)
    cell(page, "r1c3").click()
    page.keyboard.press("4")
    expect(cell(page, "r1c3")).to_have_text("4")
    expect(cell(page, "r1c3")).to_have_class(re.compile(r"\buser\b"))
    page.keyboard.press("Control+z")
    expect(cell(page, "r1c3")).to_have_text("")
    page.click("#redo")
    expect(cell(page, "r1c3")).to_have_text("4")
    cell(page, "r2c2").click()
    page.keyboard.press("Shift+2")
    page.keyboard.press("Shift+7")
    expect(cell(page, "r2c2")).to_have_attribute(
        "aria-label", "row 2, column 2: empty, pencil marks 2 7")
    page.keyboard.press("ArrowRight")  # r2c3, then a 5: its row has one
    page.locator("#pad button", has_text="5").click()
    page.check("#show-conflicts")
    expect(cell(page, "r2c3")).to_have_class(re.compile(r"\bconflict\b"))
    page.click("#check-progress")
    expect(page.locator("#check-result")).to_contain_text("1 digit filled in is wrong")
    page.click("#candidates")
    expect(cell(page, "r9c1")).to_have_attribute("aria-label", re.compile("pencil marks"))


#: needs Pointing after 16 singles, then Hidden Pairs, a Skyscraper, an XY-Chain, an XY-Wing
POINTING = ".....6..1..6....3.7..1...46........7...3..852..1.48....832..17.1.4.9...3.......8."
#: the digits of its first ten singles
POINTING_TEN = ".....6.91.16....387..1...46......417...3..852..1.48369.832..17.1.489...3......98."


def candidates_left(page: Page) -> int:
    """The candidates on the board the page shows, read from its address: a blank's pencil
    marks, or all its candidates where it has none."""
    from urllib.parse import parse_qs

    from sudokit import Grid
    from sudokit.candidates import Candidates

    state = {k: v[0] for k, v in parse_qs(page.evaluate("location.hash.slice(1)")).items()}
    filled = state.get("g", state["p"])
    digits = "".join(g if g != "." else p for p, g in zip(state["p"], filled, strict=True))
    allowed = Candidates.pencilmarks(Grid(digits)).masks
    items = [item.split(".") for item in state.get("m", "").split("_") if item]
    marks = {int(cell, 36): int(mask, 36) for cell, mask in items}
    return sum(((marks.get(c) or allowed[c]) & allowed[c]).bit_count()
               for c, d in enumerate(digits) if d == ".")


def shot(page: Page, name: str) -> None:
    """A screenshot where SUDOKIT_SCREENSHOTS names a folder."""
    if os.environ.get("SUDOKIT_SCREENSHOTS"):
        page.screenshot(path=str(Path(os.environ["SUDOKIT_SCREENSHOTS"]) / f"{name}.png"),
                        full_page=True)


@pytest.mark.parametrize(("size", "marks"), [("desktop", "filled in"), ("phone", "none")])
def test_hints_go_on_after_every_step_applied_eliminations_included(browser, server, size,
                                                                    marks):
    viewport = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
    context = browser.new_context(viewport=viewport[size], is_mobile=size == "phone",
                                  has_touch=size == "phone")
    try:
        pg = context.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        # the puzzle with its first ten singles filled in, as a shared link opens it
        pg.goto(f"{server}#b=3x3&p={POINTING}&g={POINTING_TEN}")
        expect(cell(pg, "r2c2")).to_have_text("1")
        if marks == "filled in":
            pg.click("#candidates")
        told: list[str] = []
        left = candidates_left(pg)
        for n in range(20):
            while not pg.locator("#apply-hint").is_visible():
                pg.click("#hint")
                expect(pg.locator("#hint")).not_to_have_attribute("aria-busy", "true")
            step = pg.inner_text("#hint-text")
            assert not told or step != told[-1], f"hint {n + 1} repeats the step applied"
            told.append(step)
            shot(pg, f"hint-{size}-{n + 1:02}")
            pg.click("#apply-hint")
            now = candidates_left(pg)
            assert now < left, f"applying {step!r} took no candidate off the board"
            left = now
        techniques = {step.split(" [")[0] for step in told}
        assert {"Pointing", "Hidden Pair", "Skyscraper", "XY-Chain", "XY-Wing"} <= techniques
        assert not errors
    finally:
        context.close()


def test_get_a_hint_a_little_at_a_time_and_apply_it(page):
    load(page, EASY)
    page.click("#hint")
    expect(page.locator("#hint-text")).not_to_be_empty()
    first = page.inner_text("#hint-text")
    assert first and "r1c6" not in first  # the first grade does not give the cell away
    expect(page.locator(".cell.shaded")).to_have_count(0)
    for _ in range(5):  # however many grades the server tells the hint in
        if not page.locator("#apply-hint").is_visible():
            page.click("#hint")
        if page.locator(".cell.shaded").count() and not page.locator(".cell.placed").count():
            expect(cell(page, "r1c6")).to_have_class(re.compile(r"\bshaded\b"))
    expect(page.locator("#hint-text")).to_contain_text("Hidden Single")
    expect(cell(page, "r1c6")).to_have_class(re.compile(r"\bplaced\b"))
    expect(page.locator("#hint")).to_be_disabled()
    page.click("#apply-hint")
    expect(cell(page, "r1c6")).to_have_text("8")
    expect(cell(page, "r1c6")).to_have_class(re.compile(r"\buser\b"))


def test_step_through_an_explanation(page):
    load(page, EASY)
    page.click("#explain")
    expect(page.locator("#step-count")).to_have_text("Step 1 of 51")
    expect(page.locator("#step-text")).to_contain_text("Hidden Single")
    expect(page.locator(".cell.placed")).to_have_count(1)
    page.click("#next-step")
    page.click("#next-step")
    expect(page.locator("#step-count")).to_have_text("Step 3 of 51")
    expect(cell(page, "r1c6")).to_have_text("8")  # the first step's digit stays
    page.click("#prev-step")
    expect(page.locator("#step-count")).to_have_text("Step 2 of 51")
    page.click("#close-explain")
    expect(page.locator("#explain-nav")).to_be_hidden()
    expect(cell(page, "r1c6")).to_have_text("")


def test_make_a_puzzle_with_a_seed_and_rate_it(page, server):
    import json
    import urllib.request

    page.select_option("#make-size", "6")
    page.fill("#seed", "class 4b")
    page.click("#make")
    expect(page.locator("#make-result")).to_contain_text("seed class 4b")
    expect(page.locator(".cell")).to_have_count(36)
    request = urllib.request.Request(
        server + "api/create", data=json.dumps({"size": 6, "seed": "class 4b"}).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as r:
        expected = json.load(r)["puzzle"]
    shown = "".join(c or "." for c in page.locator(".cell").all_inner_texts())
    assert shown == expected
    page.click("#rate")
    expect(page.locator("#rate-result")).to_contain_text("Level ")


def test_make_a_puzzle_for_a_technique(page, server):
    import json
    import urllib.request

    expect(page.locator("#technique option[value='x-wing']")).to_have_count(1)
    expect(page.locator("#technique option[value='franken-fish']")).to_contain_text(
        "off the default ladder")
    expect(page.locator("#cleanness")).to_be_disabled()
    page.select_option("#make-size", "6")
    page.select_option("#technique", "x-wing")
    expect(page.locator("#make-size")).to_be_disabled()
    expect(page.locator("#level")).to_be_disabled()
    page.select_option("#cleanness", "3")
    page.fill("#seed", "drill 1")
    page.click("#make")
    expect(page.locator("#make-result")).to_contain_text("that needs X-Wing")
    expect(page.locator("#make-result")).to_contain_text("seed drill 1")
    expect(page.locator(".cell")).to_have_count(81)
    request = urllib.request.Request(
        server + "api/create",
        data=json.dumps({"technique": "x-wing", "cleanness": 3, "seed": "drill 1"}).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as r:
        expected = json.load(r)["puzzle"]
    shown = "".join(c or "." for c in page.locator(".cell").all_inner_texts())
    assert shown == expected
    # back to any technique: size and level can be chosen again
    page.select_option("#technique", "")
    expect(page.locator("#make-size")).to_be_enabled()
    expect(page.locator("#cleanness")).to_be_disabled()


def test_reload_and_the_share_link_keep_the_state(page, browser):
    load(page, EASY)
    cell(page, "r1c3").click()
    page.keyboard.press("4")
    cell(page, "r2c2").click()
    page.keyboard.press("Shift+7")
    page.reload()
    expect(cell(page, "r1c3")).to_have_text("4")
    expect(cell(page, "r2c2")).to_have_attribute("aria-label", re.compile("pencil marks 7"))
    page.click("#share")
    link = page.input_value("#share-link")
    other = browser.new_context()  # no storage shared: the link alone carries the state
    try:
        fresh = other.new_page()
        fresh.goto(link)
        expect(cell(fresh, "r1c3")).to_have_text("4")
        expect(cell(fresh, "r1c1")).to_have_text("5")
    finally:
        other.close()


def test_keyboard_only_reaches_the_grid_and_moves(page):
    load(page, EASY)
    page.focus("#board .cell[tabindex='0']")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")
    focused = page.evaluate("document.activeElement.id")
    assert focused == "cell-r2c1"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("3")
    expect(cell(page, "r2c2")).to_have_text("3")


def test_digits_typed_after_a_button_go_to_the_selected_cell(page):
    load(page, EASY)
    cell(page, "r1c3").click()
    page.click("#mode")  # pencil marks on
    for key in "256":
        page.keyboard.press(key)
    expect(cell(page, "r1c3")).to_have_attribute(
        "aria-label", "row 1, column 3: empty, pencil marks 2 5 6")
    page.click("#mode")
    page.click("#undo")
    page.keyboard.press("4")
    expect(cell(page, "r1c3")).to_have_text("4")
    page.click("#hint")
    expect(page.locator("#hint-text")).not_to_be_empty()
    page.keyboard.press("Backspace")
    expect(cell(page, "r1c3")).to_have_text("")
    page.keyboard.press("Control+z")
    expect(cell(page, "r1c3")).to_have_text("4")
    # keys typed into a text field stay there
    page.click("#seed")
    page.keyboard.type("7")
    page.fill("#paste", "")
    page.click("#paste")
    page.keyboard.type("9")
    expect(cell(page, "r1c3")).to_have_text("4")
    assert (page.input_value("#seed"), page.input_value("#paste")) == ("7", "9")


def test_typing_a_puzzle_moves_on_after_each_digit_and_wraps_at_the_row_ends(page):
    page.click("#new-empty")
    page.click("#mode")  # pencil marks on: a puzzle being typed takes digits all the same
    cell(page, "r1c1").click()
    page.keyboard.type(EASY[:20])  # '.' a blank: the cursor moves on all the same
    expect(cell(page, "r1c2")).to_have_text("3")
    expect(cell(page, "r1c5")).to_have_text("7")
    expect(cell(page, "r2c1")).to_have_text("6")
    expect(cell(page, "r3c2")).to_have_text("9")
    page.keyboard.press("Backspace")  # on a blank: takes back the digit before
    expect(cell(page, "r3c2")).to_have_text("")
    page.keyboard.type(EASY[19:])
    expect(cell(page, "r9c9")).to_have_text("9")
    cell(page, "r1c9").click()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#cell-r2c1")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#cell-r1c8")).to_be_focused()
    page.click("#edit-done")
    expect(page.locator("#status")).to_contain_text("exactly one solution")
    shown = "".join(c or "." for c in page.locator(".cell").all_inner_texts())
    assert shown == EASY


def test_the_hint_is_shaded_apart_from_the_digit_highlight_and_its_text_in_lines(page):
    load(page, EASY)
    cell(page, "r5c4").click()  # an 8: every 8 is highlighted
    while page.locator(".cell.shaded").count() == 0:
        page.click("#hint")
        expect(page.locator("#hint")).not_to_have_attribute("aria-busy", "true")
    colour = "(el) => getComputedStyle(el).backgroundColor.match(/\\d+/g).map(Number)"
    shaded = cell(page, "r1c6").evaluate(colour)
    same = cell(page, "r4c1").evaluate(colour)  # the 8 of r4c1
    assert "shaded" not in (cell(page, "r4c1").get_attribute("class") or "")
    # told apart at a glance: two pale yellows (distance 39) were not
    assert sum((a - b) ** 2 for a, b in zip(shaded, same, strict=True)) ** 0.5 > 60
    page.click("#hint")
    summary, sentence = page.inner_text("#hint-text").split("\n")
    assert summary.startswith("Hidden Single")
    assert sentence == "In box 2, 8 fits only in r1c6."


def test_a_message_goes_with_the_next_action(page):
    load(page, EASY)
    page.click("#check-progress")
    expect(page.locator("#check-result")).to_contain_text("all right so far")
    expect(page.locator("#status")).to_be_empty()  # "Loaded the pasted puzzle" is gone
    page.fill("#paste", "123")
    page.click("#paste-load")
    expect(page.locator("#paste-result")).not_to_be_empty()
    cell(page, "r1c3").click()
    page.keyboard.press("4")
    expect(page.locator("#check-result")).to_be_empty()  # the grid changed
    expect(page.locator("#paste-result")).to_be_empty()


def test_open_a_file_text_or_binary(page):
    import struct

    csv = "\n".join(",".join(ch if ch != "." else "" for ch in EASY[r * 9:r * 9 + 9])
                    for r in range(9))
    page.set_input_files("#file", files=[{"name": "mine.csv", "mimeType": "text/csv",
                                          "buffer": csv.encode()}])
    expect(page.locator("#status")).to_contain_text("Loaded mine.csv: 9x9")
    expect(cell(page, "r1c2")).to_have_text("3")
    cells = [0] * 16
    cells[0], cells[5] = 1, 2
    binary = {"name": "four.bin", "mimeType": "application/octet-stream",
              "buffer": struct.pack("<16i", *cells)}
    page.set_input_files("#file", files=[binary])
    expect(page.locator("#status")).to_contain_text("Loaded four.bin: 4x4")
    expect(cell(page, "r2c2")).to_have_text("2")


def test_touch_taps_a_cell_and_the_digit_pad(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    try:
        pg = context.new_page()
        pg.goto(server)
        load(pg, EASY)
        cell(pg, "r1c3").tap()
        pg.locator("#pad button", has_text="4").tap()
        expect(cell(pg, "r1c3")).to_have_text("4")
        pg.locator("#mode").tap()
        cell(pg, "r2c2").tap()
        pg.locator("#pad button", has_text="7").tap()
        expect(cell(pg, "r2c2")).to_have_attribute("aria-label", re.compile("pencil marks 7"))
    finally:
        context.close()


CONTRAST = """
() => {
  const rgb = (s) => s.match(/[\\d.]+/g).slice(0, 4).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c;
    }
    return [255, 255, 255];
  };
  const out = [];
  const seen = document.querySelectorAll(
    ".cell, .mark, button, label, h1, h2, p, #summary, select, input, textarea, footer a");
  for (const el of seen) {
    if (!el.textContent.trim() && !["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName)) continue;
    if (el.closest("[hidden]")) continue;
    const a = lum(rgb(getComputedStyle(el).color)), b = lum(background(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    out.push([el.id || el.className || el.tagName, el.textContent.trim().slice(0, 20), ratio]);
  }
  return out;
}
"""

UNLABELLED = """
() => [...document.querySelectorAll("button, input, select, textarea, [role=gridcell]")]
  .filter((el) => !el.closest("[hidden]"))
  .filter((el) => {
    if (el.getAttribute("aria-label") || (el.tagName === "BUTTON" && el.textContent.trim()))
      return false;
    if (el.id && document.querySelector(`label[for="${el.id}"]`)) return false;
    return !el.closest("label");
  })
  .map((el) => el.id || el.tagName)
"""


def test_every_control_is_labelled_and_text_keeps_its_contrast(page):
    load(page, EASY)
    cell(page, "r1c3").click()
    page.keyboard.press("5")  # a conflict, shown
    page.check("#show-conflicts")
    page.click("#candidates")
    page.click("#hint")  # points out the wrong digit
    expect(cell(page, "r1c3")).to_have_class(re.compile(r"\bwrong\b"))
    assert page.evaluate(UNLABELLED) == []
    assert low_contrast(page) == []
    page.click("#undo")
    page.click("#undo")
    while page.locator("#hint").is_enabled():
        page.click("#hint")
        # the button is also off while the server is asked: wait for its answer
        expect(page.locator("#hint")).not_to_have_attribute("aria-busy", "true")
    expect(page.locator(".cell.placed")).to_have_count(1)
    assert low_contrast(page) == []


def low_contrast(page: Page) -> list[tuple[str, str, float]]:
    """Text whose contrast with its background is under WCAG's 4.5:1."""
    return [(what, text, round(ratio, 2)) for what, text, ratio in page.evaluate(CONTRAST)
            if ratio < 4.5]


def test_the_print_panel_shows_only_where_the_server_can_print(page, server):
    import json
    import urllib.request

    with urllib.request.urlopen(server + "api") as r:
        printable = json.load(r)["printable"]
    if not printable:
        expect(page.locator("#print-panel")).to_be_hidden()
        return
    load(page, EASY)
    with page.expect_download() as download:
        page.click("#print")
    path = download.value.path()
    with open(path, "rb") as f:
        assert f.read(5) == b"%PDF-"
