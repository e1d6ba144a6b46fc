"""The design and the play of ``sudoku serve``'s page in a real Chromium, at desktop size
(1280x800) and phone size (390x844, touch): the board first, one column on a phone with the
hint under the board and nothing wider than the screen, two columns on a desktop; a colour
for each state of a cell, with WCAG AA contrast in the light and the dark theme; a step's
chain drawn on the board; the clock, mistakes, colours, pencil-mark styles and the keyboard;
a whole easy puzzle played from the keyboard alone; the daily puzzle, saved games and the
statistics kept in the browser across a reload.

One page load per size: the tests of a size share their page and move it on through its
address (the puzzle) and its controls. Skipped when Chromium or Playwright is missing,
except under CI. SUDOKIT_SCREENSHOTS=DIR keeps screenshots of the states.
"""

from __future__ import annotations

import base64
import json
import os
import re
import urllib.request
from pathlib import Path

import pytest

from sudokit import Grid, solve
from sudokit.candidates import Candidates
from sudokit.logic import solve_path
from support.browser import DESKTOP, PHONE, expect, serving, sized_page

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#: needs Pointing after 16 singles, then pairs, a Skyscraper, XY-Chains and wings
CHAINED = ".....6..1..6....3.7..1...46........7...3..852..1.48....832..17.1.4.9...3.......8."
PHOTO = Path(__file__).parents[2] / "examples" / "photo.jpg"


# -- the API: a step carries its chains ---------------------------------------------------------
def test_hint_and_explain_give_the_links_of_a_step(pure):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from sudokit.web import Limits, create_app

    path = solve_path(Grid(CHAINED), guess=True)
    first = next(i for i, s in enumerate(path.steps) if s.links)
    expected = [{"start": {"cells": list(a.cells), "digit": a.digit},
                 "end": {"cells": list(b.cells), "digit": b.digit}, "strong": strong}
                for a, b, strong in path.steps[first].links]
    with TestClient(create_app(Limits(workers=1))) as client:
        steps = client.post("/api/explain", json={"puzzle": CHAINED, "guess": True}).json()["steps"]
        assert steps[first]["links"] == expected
        assert all(s["links"] == [] for s in steps[:first])  # singles have no chain
        # the board the player sees just before that step: its hint is the chain, links too
        board = Candidates.pencilmarks(Grid(CHAINED))
        digits = list(CHAINED)
        for step in path.steps[:first]:
            board = step.apply(board)
            for cell, digit in step.placements:
                digits[board.shape.parse_cell(cell)] = str(digit)
        data = client.post("/api/hint", json={
            "puzzle": CHAINED, "grid": "".join(digits), "candidates": list(board.masks)}).json()
        assert data["step"]["technique"] == path.steps[first].technique
        assert data["step"]["links"] == expected
        data = client.post("/api/hint", json={"puzzle": EASY}).json()
        assert data["step"]["links"] == []


def test_read_gives_the_puzzle_of_a_photo_and_where_it_is_in_doubt():
    pytest.importorskip("starlette")
    cv2 = pytest.importorskip("cv2")
    from starlette.testclient import TestClient

    from sudokit.web import Limits, create_app

    photo = cv2.imread(str(PHOTO))
    small = cv2.resize(photo, (480, round(photo.shape[0] * 480 / photo.shape[1])))
    jpeg = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 80])[1].tobytes()
    # a minute's limit, not 5 s: a busy machine may take seconds to read a photo
    with TestClient(create_app(Limits(workers=1, time_limit=60))) as client:
        r = client.post("/api/read", json={"photo_base64": base64.b64encode(jpeg).decode()})
        assert r.status_code == 200, r.text
        data = r.json()
        assert (data["puzzle"], data["unique"], data["size"]) == (EASY, True, 9)
        assert (data["trusted"], data["distrust"]) == (True, [])
        assert len(data["confidence"]) == 81 and len(data["corners"]) == 4
        assert set(data["choices"]) == set(data["doubtful"])
        for body, says in [({"photo_base64": "not base64!"}, "not base64"),
                           ({"photo_base64": base64.b64encode(b"53..7").decode()},
                            "not a JPEG, PNG or WebP"),
                           ({}, "needs 'photo_base64'")]:
            r = client.post("/api/read", json=body)
            assert r.status_code == 400 and says in r.json()["error"], r.text


# -- the browser (support.browser; one Chromium and one server a run: conftest.py) ---------
@pytest.fixture(scope="module")
def desktop(browser, server):
    with sized_page(browser, f"{server}#b=3x3&p={EASY}", "desktop") as pg:
        yield pg


@pytest.fixture(scope="module")
def phone(browser, server):
    with sized_page(browser, f"{server}#b=3x3&p={EASY}", "phone") as pg:
        yield pg


def shot(page, name: str) -> None:
    """A screenshot where SUDOKIT_SCREENSHOTS names a folder."""
    folder = os.environ.get("SUDOKIT_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"page-{name}.png"))


def open_puzzle(page, puzzle: str, extra: str = "") -> None:
    """Open a puzzle through the page's address (no reload: the page follows its hash)."""
    page.evaluate("(h) => { location.hash = h; }", f"b=3x3&p={puzzle}{extra}")
    expect(page.locator("#cell-r9c9")).to_have_attribute("aria-label", re.compile("row 9"))
    first = puzzle[0] if puzzle[0] != "." else ""
    expect(page.locator("#cell-r1c1")).to_have_text(first)


def box(page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def overflow(page) -> int:
    """How far the document is wider than the window, in CSS pixels."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def test_desktop_has_two_columns_the_board_first_and_draws_a_chain_on_it(desktop):
    page = desktop
    open_puzzle(page, CHAINED)
    board, panels = box(page, "#board"), box(page, ".panels")
    assert panels["x"] >= board["x"] + board["width"], "the panels sit beside the board"
    assert board["y"] + board["height"] <= DESKTOP["height"], "the whole board is in sight"
    hint = box(page, "#hint")
    assert board["x"] <= hint["x"] < board["x"] + board["width"] and hint["y"] > board["y"]
    assert overflow(page) <= 0

    path = solve_path(Grid(CHAINED), guess=True)
    first = next(i for i, s in enumerate(path.steps) if s.links)
    links = path.steps[first].links
    page.click("#explain")
    expect(page.locator("#step-count")).to_have_text(f"Step 1 of {len(path.steps)}")
    expect(page.locator("#links path")).to_have_count(0)
    for _ in range(first):
        page.click("#next-step")
    expect(page.locator("#step-count")).to_have_text(f"Step {first + 1} of {len(path.steps)}")
    drawn = page.locator("#links path.link")
    expect(drawn).to_have_count(len(links))
    strong = [page.locator("#links path.link").nth(i).get_attribute("data-strong") == "true"
              for i in range(len(links))]
    assert strong == [s for _, _, s in links]
    styles = page.evaluate("""() => [...document.querySelectorAll('#links path.link')].map(
        (p) => getComputedStyle(p).strokeDasharray)""")
    assert {d == "none" for d in styles} == {True, False}, "strong solid, weak dashed"
    rings = page.locator("#links circle.node").count()
    assert rings >= len({(tuple(n.cells), n.digit) for a, b, _ in links for n in (a, b)})
    # every link starts and ends on the board
    area = page.locator("#links").bounding_box()
    assert area is not None and abs(area["width"] - board["width"]) < 8
    # the step's struck candidates are crossed out, not only red
    struck = page.locator(".mark.struck").first
    expect(struck).to_be_visible()
    assert "gradient" in struck.evaluate("(el) => getComputedStyle(el).backgroundImage")
    shot(page, "desktop-chain")
    page.click("#close-explain")
    expect(page.locator("#links")).to_be_hidden()


PALETTE = """
() => {
  const css = getComputedStyle(document.documentElement);
  const out = {};
  for (const name of %s) {
    const probe = document.createElement("div");
    probe.style.color = `var(--${name})`;
    document.body.append(probe);
    out[name] = getComputedStyle(probe).color.match(/\\d+/g).slice(0, 3).map(Number);
    probe.remove();
  }
  return out;
}
"""
#: the text colour and the background each pair of the page draws; links are graphics (3:1)
TEXT_PAIRS = [
    ("ink", "bg"), ("ink", "surface"), ("muted", "surface"), ("muted", "bg"),
    ("btn-ink", "btn"), ("accent-ink", "accent"), ("accent", "surface"), ("wrong", "surface"),
    ("given", "board-bg"), ("user", "board-bg"), ("mark", "board-bg"),
    ("user", "selected"), ("given", "selected"), ("mark", "selected"),
    ("user", "peer"), ("mark", "peer"), ("given", "same"), ("user", "same"), ("mark", "same"),
    ("given", "shaded"), ("user", "shaded"), ("mark", "shaded"),
    ("placed", "placed-bg"), ("struck", "struck-bg"), ("wrong", "conflict"),
] + [(ink, f"colour-{k}") for k in range(1, 7) for ink in ("given", "user", "mark")]
STATES = ["selected", "same", "shaded", "placed-bg", "struck-bg", "conflict", "peer"]


def contrast(a: list[int], b: list[int]) -> float:
    def lum(rgb: list[int]) -> float:
        def f(c: float) -> float:
            c /= 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b = (f(x) for x in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def palette(page) -> dict[str, list[int]]:
    names = sorted({n for pair in TEXT_PAIRS for n in pair} | set(STATES) | {"link"})
    return page.evaluate(PALETTE % json.dumps(names))


def test_each_state_has_its_own_colour_and_text_keeps_aa_contrast_in_both_themes(desktop):
    page = desktop
    expect(page.locator("#theme")).to_have_text("Theme: system")
    themes = {}
    for scheme in ("light", "dark"):  # the system's choice, followed
        page.emulate_media(color_scheme=scheme)
        themes[scheme] = palette(page)
    assert contrast(themes["light"]["bg"], themes["dark"]["bg"]) > 10
    page.emulate_media(color_scheme="light")
    page.click("#theme")  # system -> light -> dark: the switch overrides the system
    page.click("#theme")
    expect(page.locator("#theme")).to_have_text("Theme: dark")
    assert palette(page) == themes["dark"]
    shot(page, "desktop-dark")
    page.click("#theme")
    expect(page.locator("#theme")).to_have_text("Theme: system")
    assert palette(page) == themes["light"]

    for scheme, colours in themes.items():
        low = [(scheme, ink, bg, round(contrast(colours[ink], colours[bg]), 2))
               for ink, bg in TEXT_PAIRS if contrast(colours[ink], colours[bg]) < 4.5]
        assert low == [], "text under WCAG AA's 4.5:1"
        assert contrast(colours["link"], colours["board-bg"]) >= 3  # graphics: 3:1
        # each state a colour of its own, told apart at a glance (and from the board)
        # (the selected cell's row, column and box are only a tint of the board's white)
        for i, a in enumerate([*STATES, "board-bg"]):
            for b in [*STATES, "board-bg"][i + 1:]:
                if {a, b} == {"peer", "board-bg"}:
                    continue
                far = sum((x - y) ** 2 for x, y in zip(colours[a], colours[b], strict=True)) ** 0.5
                assert far > 24, f"{scheme}: {a} and {b} look alike ({far:.0f})"


def test_phone_is_one_column_board_first_with_the_hint_under_it_in_sight(phone):
    page = phone
    open_puzzle(page, EASY)
    assert overflow(page) <= 0, "nothing wider than a 390 px phone"
    board, tools, pad, coach, panels = (box(page, s) for s in
                                        ("#board", ".toolbar", "#pad", "#coach", ".panels"))
    assert board["y"] + board["height"] <= tools["y"] <= pad["y"] <= coach["y"] <= panels["y"]
    assert board["width"] >= PHONE["width"] - 40, "the board takes the phone's width"
    while not page.locator("#apply-hint").is_visible():
        page.locator("#hint").tap()
        expect(page.locator("#hint")).not_to_have_attribute("aria-busy", "true")
    assert page.evaluate("window.scrollY") == 0
    for selector in ("#board", "#hint-text", "#apply-hint"):
        where = box(page, selector)
        assert where["y"] >= 0 and where["y"] + where["height"] <= PHONE["height"], \
            f"{selector} is out of sight without scrolling"
    expect(page.locator(".cell.placed")).to_have_count(1)
    shot(page, "phone-hint")
    page.locator("#apply-hint").tap()
    expect(page.locator(".cell.placed")).to_have_count(0)
    for width in (360, 320):
        page.set_viewport_size({"width": width, "height": 700})
        assert overflow(page) <= 0, f"the page is wider than {width} px"
    page.set_viewport_size(PHONE)


def marks_of(page, name: str) -> str:
    label = page.locator(f"#cell-{name}").get_attribute("aria-label") or ""
    found = re.search(r"pencil marks ([^,]*)", label)
    return found.group(1) if found else ""


def test_play_as_in_the_apps_clock_keys_colours_mark_styles_and_mistakes(desktop):
    page = desktop
    open_puzzle(page, EASY)
    expect(page.locator("#timer")).to_have_text(re.compile(r"^\d+:\d\d$"))
    page.locator("#cell-r1c3").click()
    page.click("#pause")  # the board is covered and takes no keys
    expect(page.locator("#paused")).to_be_visible()
    page.keyboard.press("4")
    page.click("#resume")
    expect(page.locator("#paused")).to_be_hidden()
    expect(page.locator("#cell-r1c3")).to_have_text("")
    page.uncheck("#opt-timer")
    expect(page.locator("#timer")).to_be_hidden()
    page.check("#opt-timer")
    expect(page.locator("#timer")).to_be_visible()

    # Space switches pencil marks on and off; Shift and a digit writes one either way
    page.locator("#cell-r1c4").click()
    page.keyboard.press(" ")
    expect(page.locator("#mode")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("4")
    page.keyboard.press("6")
    page.keyboard.press(" ")
    expect(page.locator("#mode")).to_have_attribute("aria-pressed", "false")
    assert marks_of(page, "r1c4") == "4 6"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("4")  # r1c3: a 4 takes the 4 out of its row's pencil marks
    expect(page.locator("#cell-r1c3")).to_have_text("4")
    assert marks_of(page, "r1c4") == "6"
    page.keyboard.press("Control+z")
    assert marks_of(page, "r1c4") == "4 6"
    page.uncheck("#opt-autoremove")  # ... unless the player says not to
    page.locator("#cell-r1c3").click()
    page.keyboard.press("4")
    assert marks_of(page, "r1c4") == "4 6"
    page.check("#opt-autoremove")

    # pencil marks in their places, in the corners or in the centre
    shown = page.locator("#cell-r1c4 .marks")
    expect(shown).to_have_class(re.compile(r"\bgrid\b"))
    page.select_option("#mark-style", "corner")
    expect(shown).to_have_class(re.compile(r"\bcorner\b"))
    assert shown.locator(".mark").first.evaluate("(el) => getComputedStyle(el).gridRowStart") \
        == "1"
    page.select_option("#mark-style", "centre")
    expect(shown).to_have_class(re.compile(r"\bcentre\b"))
    expect(shown.locator(".mark")).to_have_count(2)
    shot(page, "desktop-centre-marks")
    page.select_option("#mark-style", "grid")

    # a cell coloured, and the colour undone
    page.locator("#cell-r5c5").click()
    page.click(".swatch[data-colour='2']")
    cell = page.locator("#cell-r5c5")
    expect(cell).to_have_class(re.compile(r"\bcolour-2\b"))
    page.locator("#cell-r9c1").click()  # away, so that the selection does not hide it
    background = cell.evaluate("(el) => getComputedStyle(el).backgroundColor")
    swatch = page.locator(".swatch[data-colour='2']").evaluate(
        "(el) => getComputedStyle(el).backgroundColor")
    assert background == swatch
    page.keyboard.press("Control+z")
    expect(cell).not_to_have_class(re.compile(r"\bcolour-2\b"))
    # pencil marks coloured: the digits typed colour the selected cell's marks
    page.locator("#cell-r1c4").click()
    page.click("#colour-marks")
    page.click(".swatch[data-colour='5']")
    expect(page.locator(".swatch[data-colour='5']")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("6")
    mark = page.locator("#cell-r1c4 .mark", has_text="6")
    expect(mark).to_have_class(re.compile(r"\bcolour-5\b"))
    assert marks_of(page, "r1c4") == "4 6"  # the marks themselves stay
    assert "k=" in page.evaluate("location.hash")  # the link carries the colours
    page.keyboard.press("6")  # the same colour again takes it off
    expect(mark).not_to_have_class(re.compile(r"\bcolour-5\b"))
    page.keyboard.press("Control+z")
    expect(mark).to_have_class(re.compile(r"\bcolour-5\b"))
    page.click("#colour-marks")
    expect(page.locator("#colour-marks")).to_have_text("Colour: cells")

    # mistakes, counted on request against the solution
    expect(page.locator("#mistakes")).to_be_hidden()
    page.check("#opt-mistakes")
    expect(page.locator("#mistakes")).to_have_text("Mistakes: 0")
    page.locator("#cell-r1c4").click()
    page.keyboard.press("1")  # r1c4 is a 6
    expect(page.locator("#mistakes")).to_have_text("Mistakes: 1")
    expect(page.locator("#cell-r1c4")).to_have_class(re.compile(r"\bwrong\b"))
    page.keyboard.press("6")
    expect(page.locator("#cell-r1c4")).not_to_have_class(re.compile(r"\bwrong\b"))
    expect(page.locator("#mistakes")).to_have_text("Mistakes: 1")
    page.uncheck("#opt-mistakes")
    expect(page.locator("#mistakes")).to_be_hidden()


def test_the_daily_puzzle_played_from_the_keyboard_alone_and_kept_across_a_reload(desktop,
                                                                                 server):
    page = desktop
    today = page.evaluate("""() => { const d = new Date(), p = (x) => String(x).padStart(2, "0");
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`; }""")
    seed = f"daily {today} easy"
    request = urllib.request.Request(
        server + "api/create", headers={"Content-Type": "application/json"},
        data=json.dumps({"size": 9, "difficulty": "easy", "seed": seed}).encode())
    with urllib.request.urlopen(request) as r:
        puzzle = json.load(r)["puzzle"]
    page.click("#daily button[data-level='easy']")
    expect(page.locator("#daily-result")).to_contain_text("Today's easy puzzle")
    expect(page.locator("#summary")).to_contain_text(f"seed {seed}")
    assert "".join(c or "." for c in page.locator(".cell").all_inner_texts()) == puzzle
    solution = solve(Grid(puzzle)).to_line()  # type: ignore[union-attr]
    expect(page.locator("#stats tbody tr[data-level='easy']")).to_have_count(0)

    page.click("#hint")  # one hint used
    page.locator("#board .cell[tabindex='0']").focus()
    for _ in range(8):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("Home")
    expect(page.locator("#cell-r1c1")).to_be_focused()
    saved_at = 30
    for i, (given, digit) in enumerate(zip(puzzle, solution, strict=True)):
        if given == ".":
            page.keyboard.press(digit)
        if i == saved_at:
            page.click("#save-game")
            page.locator("#board .cell[tabindex='0']").focus()
        page.keyboard.press("ArrowRight")  # on round the row's end
    expect(page.locator("#status")).to_contain_text("Solved in")
    row = page.locator("#stats tbody tr[data-level='easy'] td")
    expect(row.nth(1)).to_have_text("1")  # solved
    expect(row.nth(4)).to_have_text("1")  # hints
    expect(page.locator("#history li")).to_have_count(1)
    expect(page.locator("#saved-list li")).to_have_count(1)
    shot(page, "desktop-solved")

    page.reload()  # kept in the browser
    expect(page.locator("#stats tbody tr[data-level='easy'] td").nth(1)).to_have_text("1")
    expect(page.locator("#history li")).to_contain_text("easy in")
    page.locator("#saved-list button", has_text="Open").click()
    expect(page.locator("#status")).to_contain_text("saved game is back")
    filled = "".join(c or "." for c in page.locator(".cell").all_inner_texts())
    expected = "".join(s if i <= saved_at or p != "." else "."
                       for i, (p, s) in enumerate(zip(puzzle, solution, strict=True)))
    assert filled == expected


def create(server: str, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(server + "api/create", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as r:
        return dict(json.load(r))


def test_a_lesson_shows_a_worked_example_then_practice_and_offers_the_next_drill(phone, server):
    page = phone
    page.reload()  # (the phone's first test left the viewport as it found it)
    expect(page.locator("#drill")).to_be_hidden()  # no hint asked yet
    page.select_option("#learn-technique", "pointing")
    page.locator("#learn-example").tap()
    expect(page.locator("#learn-result")).to_contain_text("A worked example of Pointing",
                                                         timeout=30_000)
    expect(page.locator("#explain-nav")).to_be_visible()
    expect(page.locator("#step-text")).to_contain_text("Pointing")
    expect(page.locator(".mark.struck").first).to_be_visible()  # drawn on its board
    example = create(server, {"technique": "pointing", "cleanness": 0, "seed": "lesson pointing"})
    assert page.locator("#summary").inner_text().count(str(example["givens"])) >= 1
    shot(page, "phone-lesson")

    page.locator("#learn-practice").tap()
    expect(page.locator("#learn-result")).to_contain_text("Practice board 1", timeout=30_000)
    expect(page.locator("#explain-nav")).to_be_hidden()
    board = create(server, {"technique": "pointing", "cleanness": 0, "seed": "practice pointing 1"})
    assert "".join(c or "." for c in page.locator(".cell").all_inner_texts()) == board["puzzle"]

    # the board where the puzzle first needs more than a single: its hint offers a drill
    path = solve_path(Grid(CHAINED))
    first = next(i for i, s in enumerate(path.steps) if s.eliminations)
    digits = list(CHAINED)
    for s in path.steps[:first]:
        for name, digit in s.placements:
            digits[Grid(CHAINED).shape.parse_cell(name)] = str(digit)
    open_puzzle(page, CHAINED, "&g=" + "".join(digits))
    while not page.locator("#apply-hint").is_visible():
        page.locator("#hint").tap()
        expect(page.locator("#hint")).not_to_have_attribute("aria-busy", "true")
    step = page.inner_text("#hint-text").split(" [")[0]
    expect(page.locator("#drill-text")).to_contain_text(f"You needed hints most for {step}")


def test_a_photo_is_read_shown_with_its_reading_corrected_and_played(phone):
    pytest.importorskip("cv2")
    page = phone
    readings = []
    page.on("response", lambda r: readings.append(r) if r.url.endswith("/api/read") else None)
    page.set_input_files("#photo", str(PHOTO))  # on a phone: the camera or the gallery
    expect(page.locator("#photo-review")).to_be_visible(timeout=30_000)
    # the reading shown is the server's (the best of the scales tried: one solution here)
    answers = [r.json() for r in readings]
    shown = [a for a in answers if a["unique"]][:1] or answers
    data = shown[0]
    assert data["puzzle"] == EASY
    assert "".join(c or "." for c in page.locator(".cell").all_inner_texts()) == data["puzzle"]
    expect(page.locator("#photo-overlay text.read")).to_have_count(
        sum(ch != "." for ch in data["puzzle"]))
    expect(page.locator("#photo-overlay circle.doubt")).to_have_count(len(data["doubtful"]))
    expect(page.locator(".cell.doubt")).to_have_count(len(data["doubtful"]))
    expect(page.locator("#photo-text")).to_contain_text("against the photo")
    # the photo itself is shown (the page's own scaled-down copy: the page's policy lets it)
    page.wait_for_function("() => document.getElementById('photo-img').naturalWidth > 0")
    shot(page, "phone-photo")
    page.locator("#cell-r1c3").tap()  # a digit the reading missed, typed in
    page.keyboard.press("4")
    expect(page.locator("#cell-r1c3")).to_have_text("4")
    page.locator("#photo-done").tap()
    expect(page.locator("#photo-review")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text("exactly one solution")
    expect(page.locator("#cell-r1c3")).to_have_class(re.compile(r"\bgiven\b"))


def test_the_page_installs_opens_without_its_server_and_keeps_all_across_a_restart(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        with serving() as address:
            port = int(address.rsplit(":", 1)[1].strip("/"))
            page.goto(f"{address}#b=3x3&p={EASY}")
            manifest = page.evaluate("""async () => {
                const link = document.querySelector("link[rel=manifest]");
                return (await fetch(link.href)).json(); }""")
            assert (manifest["start_url"], manifest["display"]) == ("/", "standalone")
            for icon in manifest["icons"]:
                status = page.evaluate("async (src) => (await fetch(src)).status", icon["src"])
                assert status == 200, icon
            page.wait_for_function("() => navigator.serviceWorker.controller !== null")
            page.locator("#cell-r1c3").tap()
            page.locator("#pad button", has_text="4").tap()
            expect(page.locator("#cell-r1c3")).to_have_text("4")
        page.reload()  # the server is gone: the service worker opens the page
        expect(page.locator("#cell-r1c1")).to_have_text("5")
        expect(page.locator("#cell-r1c3")).to_have_text("4")
        expect(page.locator("#pad button")).to_have_count(9)
        page.locator("#hint").tap()  # what needs the server says so in a line
        expect(page.locator("#hint-text")).to_contain_text("cannot be reached")
        page.locator("#save-game").tap()
        with serving(port):  # the server again, on the same address: the game goes on
            page.reload()
            expect(page.locator("#cell-r1c3")).to_have_text("4")
            expect(page.locator("#saved-list li")).to_have_count(1)
            expect(page.locator("#saved-list li")).to_contain_text("31 of 81 filled")
            page.locator("#hint").tap()
            expect(page.locator("#hint-text")).not_to_contain_text("cannot be reached")
            expect(page.locator("#hint-text")).not_to_be_empty()
    finally:
        context.close()


def test_the_service_worker_keeps_every_file_of_the_page():
    static = Path(__file__).parents[2] / "src" / "sudokit" / "web" / "static"
    kept = set(re.findall(r'"(/static/[^"]+)"', (static / "sw.js").read_text()))
    files = {f"/static/{p.name}" for p in static.iterdir() if p.name != "sw.js"
             and p.name != "index.html"}
    assert kept == files


def axe_source() -> str | None:
    """axe-core's script, where this machine has it (npm's axe-core package: SUDOKIT_AXE
    names its axe.min.js, or node_modules/ at the repository's root holds it)."""
    named = os.environ.get("SUDOKIT_AXE")
    root = Path(__file__).parents[2]
    for path in ([Path(named)] if named else []) + [root / "node_modules/axe-core/axe.min.js"]:
        if path.is_file():
            return path.read_text()
    return None


AXE_RUN = """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
  .filter((v) => ["serious", "critical"].includes(v.impact))
  .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`)"""


def test_an_accessibility_audit_finds_nothing_serious_light_or_dark(desktop, phone):
    source = axe_source()
    if source is None:
        if os.environ.get("CI"):  # .ci/run installs it: the audit is part of CI
            pytest.fail("axe-core is not here: .ci/run installs it with npm")
        pytest.skip("axe-core is not here (npm install axe-core; SUDOKIT_AXE=.../axe.min.js)")
    for page, scheme in ((desktop, "light"), (phone, "dark")):
        page.emulate_media(color_scheme=scheme)
        open_puzzle(page, CHAINED)
        page.click("#candidates")
        page.locator("#cell-r1c1").click()
        for _ in range(6):  # the hint told in full: its step drawn on the board
            if page.locator("#apply-hint").is_visible():
                break
            page.click("#hint")
            expect(page.locator("#hint")).not_to_have_attribute("aria-busy", "true")
        expect(page.locator("#apply-hint")).to_be_visible()
        page.evaluate(source)  # (evaluated, not a <script>: the page's policy runs only its own)
        assert page.evaluate(AXE_RUN) == []
        page.emulate_media(color_scheme="light")
