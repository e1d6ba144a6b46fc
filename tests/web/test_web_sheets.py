"""Puzzles of several overlapping grids (samurai and its kin) on ``sudoku serve``: the API
reads them (named by ``variant``, or known by their layout), solves, checks, hints and makes
them, and refuses other rules added to them by name; the page lays the sheet out as printed
and plays it in a real Chromium at desktop (1280x800) and phone (390x844, touch) sizes.

Screenshots go to SUDOKIT_SCREENSHOTS (a folder) when it is set. The browser tests are
skipped when Chromium or Playwright is missing, except under CI.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from sudokit.sheets import Sheet, SheetGrid  # noqa: E402
from sudokit.web import Limits, create_app  # noqa: E402
from support.browser import expect, sized_page

#: A samurai puzzle with one solution, its digits in cell index order.
SAMURAI = (
    "...1.2....53.....25.8....64...2..1....3..8....9.....63.9......5.....25..3..69.....6.1...."
    "....835...7.2........17......7....54.29...9.....2.............3........4........8.8....."
    "53.....1........8...2....5....4....61..2.......7..........6.....9...8..4..7.....75..4...8"
    "1.......8.3...8.2..........5.....6.3..2...8..9.26..9.6.17.......9.....7...3...1.4...87.."
    ".2.4.......6142")
#: A twodoku with one solution.
TWODOKU = ("2.9...1.7.5..8.49.47...2.8.6.895....73...........73258..3.1..69..31..96...7.14879..."
           "5174.98......971..3.24863...8675..4.7..9324.79....528615..7...123....")


def sheet_grid(name: str, line: str) -> SheetGrid:
    return SheetGrid(Sheet.preset(name), line)


def by_position(grid: SheetGrid) -> str:
    """The puzzle as the page sends it: a character per sheet position, in reading order."""
    sheet = grid.sheet
    out = ["."] * (sheet.rows * sheet.cols)
    for i, d in enumerate(grid.digits):
        r, c = sheet.position(i)
        out[r * sheet.cols + c] = str(d) if d else "."
    return "".join(out)


def keeps(sheet: Sheet, cells: list[int], puzzle: SheetGrid) -> bool:
    """Do the digits by position fill every grid, each a classic solution, keeping the
    givens? Checked grid by grid from the grids' corners alone."""
    for top, left in sheet.grids:
        rows = [[cells[(top + r) * sheet.cols + left + c] for c in range(9)] for r in range(9)]
        units = rows + [list(col) for col in zip(*rows, strict=True)]
        units += [[rows[b // 3 * 3 + i // 3][b % 3 * 3 + i % 3] for i in range(9)]
                  for b in range(9)]
        if any(sorted(u) != list(range(1, 10)) for u in units):
            return False
    return all(not d or cells[r * sheet.cols + c] == d
               for d, (r, c) in zip(puzzle.digits, map(sheet.position, range(sheet.ncells)),
                                    strict=True))


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(workers=1))) as c:
        yield c


def post(client, name, body, status=200):
    r = client.post(f"/api/{name}", json=body)
    assert r.status_code == status, r.text
    return r.json()


# -- the API -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "line"), [("samurai", SAMURAI), ("twodoku", TWODOKU)])
def test_a_sheet_is_solved_from_each_form_of_its_text_and_its_layout_given_back(client, name,
                                                                                  line):
    puzzle = sheet_grid(name, line)
    sheet = puzzle.sheet
    for text in (str(puzzle), by_position(puzzle), "\n".join(puzzle.grid_lines())):
        data = post(client, "solve", {"puzzle": text, "variant": name})
        assert data["status"] == "solved" and data["unique"]
        assert keeps(sheet, data["cells"], puzzle)
        assert data["sheet"] == {"name": name, "size": 9, "rows": sheet.rows,
                                 "cols": sheet.cols, "grids": [list(g) for g in sheet.grids],
                                 "describe": sheet.describe()}
    # the sheet text says which layout it is: no variant needed
    data = post(client, "solve", {"puzzle": str(puzzle)})
    assert data["sheet"]["name"] == name and keeps(sheet, data["cells"], puzzle)


def test_check_judges_the_players_digits_on_the_sheet_without_telling_them(client):
    puzzle = sheet_grid("samurai", SAMURAI)
    solved = post(client, "solve", {"puzzle": str(puzzle), "variant": "samurai"})["cells"]
    sheet = puzzle.sheet
    player = list(by_position(puzzle))
    blanks = [r * sheet.cols + c for i, (r, c) in enumerate(map(sheet.position,
                                                                range(sheet.ncells)))
              if not puzzle.digits[i]]
    for p in blanks[:5]:
        player[p] = str(solved[p])
    wrong = blanks[5]  # a digit that is not the solution's
    player[wrong] = str(solved[wrong] % 9 + 1)
    data = post(client, "check", {"puzzle": by_position(puzzle), "variant": "samurai",
                                  "grid": "".join(player)})
    assert data["unique"] and data["message"] == "the puzzle is valid: exactly one solution"
    progress = data["progress"]
    assert progress["filled"] == 6 and progress["wrong"] == 1
    assert progress["message"] == "1 digit filled in is wrong"
    assert str(solved[wrong]) not in progress["message"]
    # a digit twice in a box that two grids share is a conflict of the puzzle itself
    shared = sheet.index(6, 6)  # r7c7: the top-left grid's last box, the centre's first
    near = sheet.index(7, 7)
    clash = puzzle.with_digit(shared, 4).with_digit(near, 4)
    data = post(client, "check", {"puzzle": str(clash), "variant": "samurai"})
    assert data["solutions"] == 0 and data["conflicts"]
    assert {"r7c7", "r8c8"} <= set(data["conflicts"][0]["cells"])


def test_a_hint_on_a_sheet_is_a_step_by_sheet_cells(client):
    puzzle = sheet_grid("samurai", SAMURAI)
    data = post(client, "hint", {"puzzle": by_position(puzzle), "variant": "samurai"})
    assert data["kind"] == "step"
    solved = post(client, "solve", {"puzzle": str(puzzle), "variant": "samurai"})["cells"]
    sheet = puzzle.sheet
    for placed in data["step"]["placements"]:  # sound: each placement is the solution's
        row, col = map(int, re.fullmatch(r"r(\d+)c(\d+)", placed["cell"]).groups())
        assert sheet.index(row - 1, col - 1) is not None
        assert solved[(row - 1) * sheet.cols + col - 1] == placed["digit"]


def test_a_step_applied_to_the_players_pencil_marks_is_not_hinted_again(client):
    from sudokit.logic import solve_path

    puzzle = sheet_grid("samurai", SAMURAI)
    sheet = puzzle.sheet
    steps = solve_path(puzzle).steps
    first = next(k for k, step in enumerate(steps) if step.eliminations and not step.placements)
    # the board after the steps before it: the digits placed, and every blank's candidates
    digits = list(by_position(puzzle))
    cell_of = {sheet.cell_name(i): sheet.position(i) for i in range(sheet.ncells)}
    for step in steps[:first]:
        for placed in step.placements:
            r, c = cell_of[placed.cell]
            digits[r * sheet.cols + c] = str(placed.digit)
    marks = [0] * (sheet.rows * sheet.cols)  # no pencil marks: every candidate

    def told(marks: list[int]) -> dict:
        return post(client, "hint", {"puzzle": by_position(puzzle), "variant": "samurai",
                                     "grid": "".join(digits), "candidates": marks})

    before = told(marks)["step"]
    assert before["eliminations"] == [{"cell": e.cell, "digit": e.digit}
                                      for e in steps[first].eliminations]
    # the player writes every candidate in and takes out what the step rules out
    grid = SheetGrid(sheet, tuple(int(digits[r * sheet.cols + c].replace(".", "0"))
                                  for r, c in map(sheet.position, range(sheet.ncells))))
    full = 511
    for i, value in enumerate(grid.digits):
        if not value:
            seen = {grid.digits[p] for p in sheet.peers[i]}
            r, c = sheet.position(i)
            marks[r * sheet.cols + c] = sum(1 << (d - 1) for d in range(1, 10) if d not in seen)
    for e in steps[first].eliminations:
        r, c = cell_of[e.cell]
        marks[r * sheet.cols + c] &= full & ~(1 << (e.digit - 1))
    after = told(marks)
    assert after["kind"] == "step" and after["step"] != before


def test_a_wrong_digit_is_pointed_out_before_any_hint(client):
    puzzle = sheet_grid("twodoku", TWODOKU)
    solved = post(client, "solve", {"puzzle": str(puzzle), "variant": "twodoku"})["cells"]
    player = list(by_position(puzzle))
    blank = player.index(".")
    player[blank] = str(solved[blank] % 9 + 1)
    data = post(client, "hint", {"puzzle": by_position(puzzle), "variant": "twodoku",
                                 "grid": "".join(player)})
    sheet = puzzle.sheet
    assert data["kind"] == "mistake"
    assert data["cells"] == [f"r{blank // sheet.cols + 1}c{blank % sheet.cols + 1}"]


def test_a_sheet_is_explained_and_rated_step_by_step_by_its_sheet_cells(client):
    puzzle = sheet_grid("twodoku", TWODOKU)
    body = {"puzzle": by_position(puzzle), "variant": "twodoku"}
    data = post(client, "explain", body)
    assert data["solved"] and data["rating"]["level"]
    solved = post(client, "solve", body)["cells"]
    sheet = puzzle.sheet
    placed = [p for step in data["steps"] for p in step["placements"]]
    assert len(placed) == puzzle.blanks  # every blank filled, each by one step
    for p in placed:
        row, col = map(int, re.fullmatch(r"r(\d+)c(\d+)", p["cell"]).groups())
        assert solved[(row - 1) * sheet.cols + col - 1] == p["digit"]
    assert post(client, "rate", body)["level"] == data["rating"]["level"]


def test_a_sheet_is_made_under_its_preset_the_same_for_a_seed(client):
    data = post(client, "create", {"variant": "twodoku", "seed": "3"})
    made = SheetGrid.parse(data["puzzle"], Sheet.preset("twodoku"))
    assert data["sheet"]["name"] == "twodoku" and data["givens"] == made.givens
    again = post(client, "solve", {"puzzle": data["puzzle"], "variant": "twodoku"})
    assert again["unique"]
    assert post(client, "create", {"variant": "twodoku", "seed": "3"})["puzzle"] == data["puzzle"]
    turned = post(client, "create", {"variant": "twodoku", "seed": "4", "symmetry": "rot180"})
    cells = turned["cells"]  # the givens' pattern keeps a half turn of the sheet
    assert [bool(v) for v in cells] == [bool(v) for v in reversed(cells)]


@pytest.mark.parametrize(("body", "words"), [
    ({"variant": "samurai+x"}, "samurai puzzles take no other rules: x cannot be added"),
    ({"variant": "samurai", "odd": [1]}, "'odd': samurai puzzles take no other rules"),
])
def test_other_rules_added_to_a_sheet_are_refused_by_name(client, body, words):
    puzzle = sheet_grid("samurai", SAMURAI)
    r = client.post("/api/solve", json={"puzzle": str(puzzle), **body})
    assert r.status_code == 422 and words in r.json()["error"]


def test_a_sheet_text_that_does_not_fit_its_preset_is_refused_in_one_line(client):
    r = client.post("/api/solve", json={"puzzle": "1" * 40, "variant": "samurai"})
    assert r.status_code == 400
    error = r.json()["error"]
    assert error.startswith("'puzzle': ") and "\n" not in error


def test_a_sheet_prints_to_a_pdf_a_page_with_its_answer(client):
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("reportlab")
    import io

    puzzle = sheet_grid("samurai", SAMURAI)
    r = client.post("/api/print", json={"puzzle": by_position(puzzle), "variant": "samurai",
                                        "answers": True, "title": "Weekend"})
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    pages = pypdf.PdfReader(io.BytesIO(r.content)).pages
    assert len(pages) == 2 and "Weekend" in pages[0].extract_text()
    r = client.post("/api/print", json={"puzzle": by_position(puzzle), "variant": "samurai",
                                        "walkthrough": True})
    assert r.status_code == 422 and "walkthrough is not available for samurai" in r.text


def test_a_pasted_sheet_is_converted_for_the_page_to_play(client):
    puzzle = sheet_grid("samurai", SAMURAI)
    data = post(client, "convert", {"puzzle": str(puzzle)})
    assert data["output"].rstrip("\n") == str(puzzle)
    assert data["cells"] == [int(ch) if ch != "." else 0 for ch in by_position(puzzle)]
    assert data["rules"]["sheet"]["grids"] == [[0, 0], [0, 12], [6, 6], [12, 0], [12, 12]]


def test_a_file_of_sheets_is_converted_whole_and_solved_one_at_a_time(client):
    samurai = str(sheet_grid("samurai", SAMURAI))
    text = f"{samurai}\n\n{samurai}\n"
    data = post(client, "convert", {"puzzle": text})
    assert data["count"] == 2 and data["output"].count("\n\n") == 1
    error = post(client, "solve", {"puzzle": text}, status=400)["error"]
    assert error == "solve takes one puzzle per request; the text holds 2"
    # named by its format, a text that is no sheet is said to be so, in one line
    error = post(client, "solve", {"puzzle": "1" * 81, "format": "samurai"}, status=400)["error"]
    assert error.startswith("'puzzle': ") and "\n" not in error


# -- the page ------------------------------------------------------------------------------------
@pytest.fixture(scope="module", params=["desktop", "phone"])
def page(request, browser, server):
    with sized_page(browser, server, request.param) as pg:
        yield pg


def shot(page, name: str) -> None:
    folder = os.environ.get("SUDOKIT_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"sheet-{page.size_name}-{name}.png"))


def open_sheet(page, puzzle: SheetGrid) -> None:
    """Open a sheet puzzle through the page's address: the layout travels in the link."""
    sheet = puzzle.sheet
    corners = ",".join(f"{r}.{c}" for r, c in sheet.grids)
    page.evaluate("(h) => { location.hash = h; }",
                  f"b=3x3&p={by_position(puzzle)}&v={sheet.name}&sh=9:{corners}")
    expect(page.locator("#summary")).to_contain_text(sheet.describe())


def test_the_sheet_is_laid_out_as_printed_with_its_unused_positions_out_of_play(page):
    puzzle = sheet_grid("samurai", SAMURAI)
    open_sheet(page, puzzle)
    sheet = puzzle.sheet
    cells = page.evaluate("""() => [...document.querySelectorAll('#board .cell')].map(
        (c) => c.id)""")
    assert len(cells) == sheet.ncells  # only the positions in play are cells
    assert page.locator("#board .void").count() == 21 * 21 - sheet.ncells
    assert page.locator("#board .void[tabindex]").count() == 0  # never focused
    # the digits stand where the sheet has them
    for i in (0, sheet.index(6, 6), sheet.ncells - 1):
        r, c = sheet.position(i)
        digit = str(puzzle.digits[i]) if puzzle.digits[i] else ""
        expect(page.locator(f"#cell-r{r + 1}c{c + 1}")).to_have_text(digit)
    # a thick line where two cells share no box; the top-left grid's outline at r1c9
    expect(page.locator("#cell-r1c9")).to_have_class(re.compile(r"\bbox-right\b"))
    expect(page.locator("#cell-r1c1")).to_have_class(re.compile(r"\bbox-left\b"))
    expect(page.locator("#cell-r6c7")).to_have_class(re.compile(r"\bbox-bottom\b"))
    expect(page.locator("#cell-r7c10")).to_have_class(re.compile(r"\bbox-top\b"))  # r6c10: none
    expect(page.locator("#cell-r8c8")).not_to_have_class(re.compile(r"\bbox-(right|bottom)\b"))
    # the whole sheet fits the screen's width
    assert page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0
    box = page.locator("#board").bounding_box()
    assert box and box["width"] <= page.viewport_size["width"]
    shot(page, "samurai")


def test_digits_entered_in_a_shared_box_clash_in_both_grids_and_arrows_skip_the_gaps(page):
    puzzle = sheet_grid("samurai", SAMURAI)
    open_sheet(page, puzzle)
    page.check("#show-conflicts")
    page.click("#cell-r9c9")
    page.keyboard.press("ArrowRight")  # r9c10: in the centre grid
    expect(page.locator("#cell-r9c10")).to_be_focused()
    page.keyboard.press("ArrowUp")  # r8c10, then r7c10; above them nothing is in play
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(page.locator("#cell-r7c10")).to_be_focused()
    page.click("#cell-r1c9")
    page.keyboard.press("ArrowRight")  # r1c10 to r1c12 are no grid's: on to r1c13
    expect(page.locator("#cell-r1c13")).to_be_focused()
    # r7c9 is in the top-left grid's last box, which is the centre grid's first: a 7 there
    # clashes with the 7 given at r7c4 (the top-left grid's row) and at r7c11 (the centre's)
    page.click("#cell-r7c9")
    page.keyboard.press("7")
    expect(page.locator("#cell-r7c9")).to_have_text("7")
    for cell in ("r7c9", "r7c4", "r7c11"):
        expect(page.locator(f"#cell-{cell}")).to_have_class(re.compile(r"\bconflict\b"))
    shot(page, "conflict")
    page.keyboard.press("Backspace")
    expect(page.locator("#cell-r7c11")).not_to_have_class(re.compile(r"\bconflict\b"))
    page.uncheck("#show-conflicts")
    # the candidates written in: in every blank of each grid, none where no grid is; the
    # 7s of row 7 in both grids rule 7 out of r7c9
    page.click("#candidates")
    expect(page.locator("#cell-r7c9 .mark", has_text=re.compile("^[1-9]$"))).not_to_have_count(0)
    assert "7" not in page.locator("#cell-r7c9").inner_text()
    assert page.locator("#board .void .mark").count() == 0
    page.click("#clear-marks")


def test_a_sheet_is_checked_and_hinted_from_the_page(page):
    puzzle = sheet_grid("samurai", SAMURAI)
    open_sheet(page, puzzle)
    page.click("#check-unique")
    expect(page.locator("#check-result")).to_have_text(
        "The puzzle is valid: exactly one solution.")
    page.click("#hint")
    # told a little at a time, least first: the nudge names a grid's house
    expect(page.locator("#hint-text")).to_have_text(re.compile(r"^Look at .* of grid \d\.$"))
    page.click("#hint")
    page.click("#hint")
    expect(page.locator("#board .cell.shaded").first).to_be_visible()
    shot(page, "hint")


def test_a_sheet_is_made_from_the_make_panel_and_played(page):
    if page.size_name != "phone":
        pytest.skip("made once, on the phone")
    page.select_option("#make-variant", "twodoku")
    page.fill("#seed", "5")
    page.click("#make")
    result = page.locator("#make-result")
    expect(result).to_contain_text("Made a twodoku (2 overlapping 9x9 grids) puzzle")
    assert page.locator("#board .cell").count() == Sheet.preset("twodoku").ncells
    shot(page, "made")
    page.click("#explain")  # its solving path, step by step, on the sheet
    expect(page.locator("#step-count")).to_contain_text("Step 1 of ")
    expect(page.locator("#board .cell.placed")).to_have_count(1)
    page.click("#next-step")
    expect(page.locator("#step-count")).to_contain_text("Step 2 of ")
    shot(page, "explained")
    page.click("#close-explain")
