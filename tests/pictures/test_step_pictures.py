"""Pictures of solving steps: a step of every technique of the ladder draws; a chain's group
nodes are drawn as one node each; a blank cell with one candidate left looks like a pencil
mark, not a digit written in; and the commands that draw whole solving paths (explain
--html, explain --to, print --walkthrough) draw puzzles whose paths use grouped chains."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest

from sudokit import Grid
from sudokit.candidates import Candidates
from sudokit.logic import BY_KEY, LADDER, hint, next_step
from sudokit.logic.step import Link, Node, Step
from sudokit.pictures import svg
from support.clirunner import sudoku
from support.files import TEST_DATA

NS = "{http://www.w3.org/2000/svg}"
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#: its path takes a grouped AIC (a group node (9)r13c4) at step 29
GROUPED = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

#: For each technique of the ladder, a candidate board where it finds a step: the board
#: before that step in the rater's path of a puzzle from data/ (the file says which).
STEP_BOARDS = json.loads((TEST_DATA / "step_boards.json").read_text())
CHAINS = ("x-chain", "xy-chain", "aic", "grouped-x-chain", "grouped-aic")


def parse(picture: str) -> ET.Element:
    return ET.fromstring(picture)


def classes(root: ET.Element, role: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == role]


def texts(root: ET.Element, role: str) -> list[str]:
    return [e.text or "" for e in classes(root, role)]


def board_step(key: str) -> tuple[Candidates, Step]:
    board = Candidates(STEP_BOARDS["boards"][key]["masks"])
    step = next_step(board, techniques=[BY_KEY[key]], unique=True)
    assert step is not None and step.key == key
    return board, step


@pytest.mark.parametrize("key", [t.key for t in LADDER])
def test_a_step_of_every_technique_draws_what_it_looks_at_and_changes(key: str) -> None:
    board, step = board_step(key)
    root = parse(svg.step(board, step))
    assert len(classes(root, "highlight")) == len(set(step.cells))
    assert sorted(texts(root, "struck")) == sorted(str(e.digit) for e in step.eliminations)
    assert texts(root, "placed") == [str(p.digit) for p in step.placements]
    drawn = len(classes(root, "link-strong")) + len(classes(root, "link-weak"))
    assert drawn == len(step.links)


@pytest.mark.parametrize("key", CHAINS)
def test_chain_steps_record_their_chain_as_links_between_nodes(key: str) -> None:
    _, step = board_step(key)
    links = step.links
    assert links and links[0].strong
    # each link ends where the next begins, strong and weak in turn, within each chain
    for a, b in pairwise(links):
        if b.start == a.end:
            assert b.strong != a.strong
    assert {c for link in links for node in link[:2] for c in node.cells} <= set(step.cells)
    groups = [node for link in links for node in link[:2] if len(node.cells) > 1]
    assert bool(groups) == key.startswith("grouped")


def test_a_group_node_is_ringed_and_joined_as_one_node() -> None:
    move = hint(Grid(GROUPED)).step
    assert move is not None
    group = Node(("r1c4", "r3c4"), 9)
    links = (Link(Node(("r5c4",), 9), group, True), Link(group, Node(("r1c9",), 9), False))
    root = parse(svg.step(Grid(GROUPED), replace(move, links=links)))
    assert len(classes(root, "chain-node")) == 4  # r5c4, r1c4, r3c4 and r1c9, once each
    bars = classes(root, "chain-group")
    assert len(bars) == 1 and bars[0].get("x1") == bars[0].get("x2")  # down column 4
    assert (len(classes(root, "link-strong")), len(classes(root, "link-weak"))) == (1, 1)


def test_paths_with_grouped_chains_draw_as_a_page_pictures_and_a_booklet(tmp_path: Path
                                                                         ) -> None:
    html = tmp_path / "path.html"
    done = sudoku("explain", "--html", "-o", str(html), stdin=GROUPED.encode())
    assert done.status == 0, done.stderr
    steps = html.read_text().count('class="step"')
    assert steps > 29  # every step, then the solved grid
    done = sudoku("explain", "--to", "svg", "-o", str(tmp_path / "s-{n}.svg"),
                  stdin=GROUPED.encode())
    assert done.status == 0, done.stderr
    assert len(list(tmp_path.glob("s-*.svg"))) == steps - 1
    pytest.importorskip("reportlab")
    pdf = tmp_path / "lesson.pdf"
    done = sudoku("print", "--walkthrough", "--per-page", "1", "-o", str(pdf),
                  stdin=GROUPED.encode())
    assert done.status == 0, done.stderr
    assert pdf.read_bytes().startswith(b"%PDF")


def test_a_blank_with_one_candidate_is_a_pencil_mark_not_a_digit_written_in() -> None:
    done = sudoku("hint", "--to", "svg", stdin=CLASSIC.encode())
    assert done.status == 0, done.stderr
    root = parse(done.out)
    board = Candidates.pencilmarks(Grid(CLASSIC))
    singles = [c for c in range(81) if board.num_candidates(c) == 1 and CLASSIC[c] == "."]
    assert singles  # r5c5 and others: one candidate, no digit yet
    assert texts(root, "filled") == []
    assert len(texts(root, "given")) == Grid(CLASSIC).givens
    step = hint(Grid(CLASSIC)).step
    assert step is not None
    placed = {Grid(CLASSIC).shape.parse_cell(p.cell) for p in step.placements}
    marks = sum(board.num_candidates(c) for c in range(81)
                if CLASSIC[c] == "." and c not in placed)
    assert len(texts(root, "pencil")) + len(texts(root, "struck")) == marks


def test_a_path_s_pictures_show_as_digits_only_what_was_written_in(tmp_path: Path) -> None:
    done = sudoku("explain", "--to", "svg", "-o", str(tmp_path / "s-{n}.svg"),
                  stdin=CLASSIC.encode())
    assert done.status == 0, done.stderr
    from sudokit.logic import solve_path

    path = solve_path(Grid(CLASSIC))
    placed: list[str] = []
    for n, step in enumerate(path.steps[:12], 1):
        root = parse((tmp_path / f"s-{n}.svg").read_text())
        assert sorted(texts(root, "filled")) == sorted(placed)
        placed += [str(p.digit) for p in step.placements]


def test_walkthrough_pages_draw_singles_as_pencil_marks() -> None:
    pytest.importorskip("reportlab")
    from sudokit.pictures import Options, plan, prepare

    _, pages = plan([prepare(Grid(CLASSIC), 1)], Options(walkthrough=True))
    step_items = [item for page in pages for item in page.items if item.kind == "step"]
    first = step_items[0].figure()
    roles = [getattr(shape, "role", "") for shape in first.items]
    assert "filled" not in roles and roles.count("given") == Grid(CLASSIC).givens
