"""Pictures from the command line (--to svg|png|pdf on solve, convert, create, hint and
explain), the HTML step viewer of explain --html, and a solving path in a notebook."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sudokit import Grid
from sudokit.cli import run
from sudokit.cli.env import Env
from sudokit.logic import solve_path
from sudokit.pictures.walkthrough import viewer
from support.clirunner import sudoku

NS = "{http://www.w3.org/2000/svg}"
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
OTHER = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
NO_SOLUTION = "11" + "." * 79


def svg_texts(picture: str, role: str | None = None) -> list[str]:
    root = ET.fromstring(picture)
    return [t.text or "" for t in root.iter(f"{NS}text")
            if role is None or t.get("class") == role]


def test_solve_writes_one_svg_per_puzzle_with_a_pattern(tmp_path: Path) -> None:
    done = sudoku("solve", "--to", "svg", "-o", str(tmp_path / "grid-{n}.svg"),
                  stdin=f"{CLASSIC}\n{OTHER}\n".encode())
    assert done.status == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["grid-1.svg", "grid-2.svg"]
    first = (tmp_path / "grid-1.svg").read_text()
    assert len(svg_texts(first)) == 81
    assert len(svg_texts(first, "given")) == Grid(CLASSIC).givens
    assert len(svg_texts(first, "filled")) == 81 - Grid(CLASSIC).givens


def test_a_puzzle_with_no_solution_gets_no_picture_and_status_1(tmp_path: Path) -> None:
    done = sudoku("solve", "--to", "svg", "-o", str(tmp_path / "g-{n}.svg"),
                  stdin=f"{NO_SOLUTION}\n{CLASSIC}\n".encode())
    assert done.status == 1 and "line 1: no solution" in done.stderr
    # {n} is the puzzle's number in the input: the second puzzle's file, whatever came first
    assert [p.name for p in tmp_path.iterdir()] == ["g-2.svg"]


def test_convert_draws_png_and_pdf(tmp_path: Path) -> None:
    pil = pytest.importorskip("PIL.Image")
    pypdf = pytest.importorskip("pypdf")
    png = tmp_path / "p.png"
    assert sudoku("convert", "--to", "png", "-o", str(png), stdin=CLASSIC.encode()).status == 0
    image = pil.open(png)
    assert image.format == "PNG" and image.size[0] == 720
    pdf = tmp_path / "p.pdf"
    done = sudoku("convert", "--to", "pdf", "-o", str(pdf), stdin=f"{CLASSIC}\n{OTHER}\n".encode())
    assert done.status == 0
    assert len(pypdf.PdfReader(pdf).pages) == 2


def test_create_draws_puzzles_and_solutions(tmp_path: Path) -> None:
    done = sudoku("create", "--count", "2", "--seed", "5", "--with-solution", "--to", "svg",
                  "-o", str(tmp_path / "new-{n}.svg"))
    assert done.status == 0, done.stderr
    pictures = [(tmp_path / f"new-{n}.svg").read_text() for n in (1, 2, 3, 4)]
    assert len(svg_texts(pictures[0])) < 81 and len(svg_texts(pictures[1])) == 81


def test_hint_draws_its_step_with_row_and_column_labels() -> None:
    done = sudoku("hint", "--to", "svg", stdin=CLASSIC.encode())
    assert done.status == 0
    labels = svg_texts(done.out, "label")
    assert {"r1", "r9", "c1", "c9"} <= set(labels) and len(labels) == 18
    assert svg_texts(done.out, "placed") == ["8"]  # Hidden Single r1c6=8
    assert 'class="highlight"' in done.out


def test_explain_draws_one_page_per_step() -> None:
    pypdf = pytest.importorskip("pypdf")
    done = sudoku("explain", "--to", "pdf", "--theme", "dark", stdin=CLASSIC.encode())
    assert done.status == 0
    pages = pypdf.PdfReader(io.BytesIO(done.stdout)).pages
    assert len(pages) == len(solve_path(Grid(CLASSIC)).steps)


@pytest.mark.parametrize("command", [["solve", "--to", "png"], ["convert", "--to", "pdf"],
                                     ["print"]])
def test_binary_pictures_are_not_written_to_a_terminal(command: list[str]) -> None:
    out, err = io.BytesIO(), io.StringIO()
    env = Env(stdin=io.BytesIO(CLASSIC.encode()), stdout=out, stderr=err, stderr_isatty=False,
              stdout_isatty=True)
    assert run(command, env) == 2
    assert "terminal" in err.getvalue() and out.getvalue() == b""


def test_several_pictures_in_one_svg_ask_for_a_pattern(tmp_path: Path) -> None:
    done = sudoku("convert", "--to", "svg", "-o", str(tmp_path / "one.svg"),
                  stdin=f"{CLASSIC}\n{OTHER}\n".encode())
    assert done.status == 2 and "'grid-{n}.svg'" in done.stderr
    assert not (tmp_path / "one.svg").exists()


def test_explain_html_is_one_self_contained_page_with_keys(tmp_path: Path) -> None:
    out = tmp_path / "path.html"
    done = sudoku("explain", "--html", "-o", str(out), stdin=CLASSIC.encode())
    assert done.status == 0, done.stderr
    page = out.read_text()
    assert page.startswith("<!DOCTYPE html>")
    # nothing fetched from elsewhere: no links, no external scripts, styles or images
    assert not re.search(r"<(link|img|iframe)\b|\bsrc=|@import|url\(", page)
    assert re.findall(r"https?://[^\"']+", page) == ["http://www.w3.org/2000/svg"] * (
        page.count("<svg"))
    steps = solve_path(Grid(CLASSIC)).steps
    assert page.count('<div class="step">') == len(steps) + 1  # and the solved grid
    assert page.count("<svg") == len(steps) + 1
    assert "ArrowRight" in page and "ArrowLeft" in page
    assert f"1 of {len(steps)}. Hidden Single [r1c6]: r1c6=8" in page
    assert f"Solved in {len(steps)} steps." in page


def test_a_solving_path_shows_as_the_step_viewer_in_a_notebook() -> None:
    puzzle = Grid(CLASSIC)
    path = solve_path(puzzle)
    shown = path._repr_html_()
    assert shown.count('<div class="step">') == len(path.steps) + 1
    again = viewer(path, puzzle)
    # the same viewer (each has its own id, so that two in a notebook work apart)
    assert re.sub(r"sudokit-walk-\d+", "ID", shown) == re.sub(r"sudokit-walk-\d+", "ID", again)


MOCK_DOM = """
// The least of a DOM the viewer's script touches: its root, frames, buttons and keys.
function element() {
  var listeners = {};
  return {classes: {}, textContent: '', listeners: listeners,
          classList: {toggle: function (name, on) { this.owner.classes[name] = on; },
                      add: function (name) { this.owner.classes[name] = true; }},
          addEventListener: function (type, f) { listeners[type] = f; },
          focus: function () {}};
}
var frames = [];
for (var i = 0; i < FRAMES; i++) { var f = element(); f.classList.owner = f; frames.push(f); }
var parts = {'.where': element(), '.prev': element(), '.next': element()};
var root = element(); root.classList.owner = root;
root.querySelectorAll = function () { return frames; };
root.querySelector = function (s) { return parts[s]; };
root.dispatchEvent = function (e) { root.listeners.keydown(e); };
var document = {getElementById: function () { return root; },
                addEventListener: function () {}, body: {}};
function KeyboardEvent(type, o) { this.key = o.key; }
function key(k) { root.listeners.keydown({key: k, preventDefault: function () {}}); }
function shown() {
  var on = frames.map(function (f, i) { return f.classes.shown ? i : -1; })
                 .filter(function (i) { return i >= 0; });
  return on.join(',') + ' ' + parts['.where'].textContent;
}
var seen = [shown()];
key('ArrowRight'); seen.push(shown()); key('ArrowRight'); seen.push(shown());
key('ArrowLeft'); seen.push(shown()); key('End'); seen.push(shown());
key('ArrowRight'); seen.push(shown()); key('Home'); seen.push(shown());
parts['.next'].onclick(); seen.push(shown());
if (!root.classes.js) { seen.push('no js class'); }
console.log(seen.join('|'));
"""


def test_the_viewer_steps_forward_and_back_by_keyboard(tmp_path: Path) -> None:
    """The page's own script, run by Node against a stand-in for the browser's DOM."""
    import shutil
    import subprocess

    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("Node.js is not installed")
    page = viewer(solve_path(Grid(CLASSIC)), Grid(CLASSIC))
    script = re.findall(r"<script>(.*?)</script>", page, flags=re.S)[0]
    frames = page.count('<div class="step">')
    program = tmp_path / "viewer.js"
    program.write_text(MOCK_DOM.replace("FRAMES", str(frames)).replace(
        "var seen", script + "\nvar seen"))
    done = subprocess.run([node, str(program)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    last = frames - 1
    assert done.stdout.strip().split("|") == [
        f"0 1 / {frames}", f"1 2 / {frames}", f"2 3 / {frames}", f"1 2 / {frames}",
        f"{last} {frames} / {frames}", f"{last} {frames} / {frames}",  # no step past the end
        f"0 1 / {frames}", f"1 2 / {frames}"]
