"""The picture modules check their arguments where they come in (svg, drawing, walkthrough,
printing): a wrong kind of value is a TypeError, a value out of range a ValueError, each
naming the argument; a grid larger than the pictures can show is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudokit import Grid
from sudokit.errors import ShapeError
from sudokit.logic import hint, solve_path
from sudokit.pictures import drawing, svg, walkthrough
from support.clirunner import sudoku

PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
G = Grid(PUZZLE)
SMALL = Grid("1..." "..2." ".3.." "...4")
STEP = hint(G).step


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: svg.board(None), TypeError, "item: expected a Grid or Candidates"),
    (lambda: svg.board(PUZZLE), TypeError, "item: expected a Grid or Candidates, got str"),
    (lambda: svg.board(list(G.cells)), TypeError, "got list"),
    (lambda: svg.step(G, None), TypeError, "move: expected a logic Step"),
    (lambda: drawing.grid_figure(None), TypeError, "item: expected a Grid"),
    (lambda: walkthrough.html(None), TypeError, "path: expected a solving Path"),
    (lambda: walkthrough.html(solve_path(G), PUZZLE), TypeError, "puzzle: expected a Grid"),
    (lambda: svg.board(G, puzzle=SMALL), ValueError, "puzzle: a 4x4 grid"),
    (lambda: svg.board(G, puzzle=PUZZLE), TypeError, "puzzle: expected a Grid"),
    (lambda: svg.board(G, size=-1), ValueError, "size: a picture's width is a positive"),
    (lambda: svg.board(G, size=0), ValueError, "size"),
    (lambda: svg.board(G, size="big"), TypeError, "size"),
    (lambda: svg.board(G, cells=[999]), ValueError, "cells: no cell 999 in a 9x9 grid"),
    (lambda: svg.board(G, cells=["r10c1"]), ValueError, "cells: not a cell of a 9x9"),
    (lambda: svg.board(G, cells=3), TypeError, "cells: expected a list"),
    (lambda: svg.board(G, placements=[(0, 10)]), ValueError,
     "placements: 10 is not a digit of a 9x9 grid"),
    (lambda: svg.board(G, eliminations=[(0, 0)]), ValueError, "eliminations: 0 is not a digit"),
    (lambda: svg.board(G, eliminations=[0]), TypeError, "eliminations: expected (cell, digit)"),
    (lambda: svg.board(G, links=[((0, 1), (1, 1))]), TypeError, "links: expected (node"),
    (lambda: svg.board(G, links=[(((), 1), (1, 1), True)]), ValueError, "links: a node"),
    (lambda: svg.board(G, theme=["dark"]), ValueError, "unknown theme"),
    (lambda: svg.board(Grid.from_cells([0] * 36 ** 2, box=(6, 6))), ShapeError,
     "pictures show grids up to 35x35"),
])
def test_bad_arguments_of_the_pictures_name_the_argument(call, error, words) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value)


def test_printing_checks_its_arguments() -> None:
    printing = pytest.importorskip("sudokit.pictures")
    pytest.importorskip("reportlab")
    cases = [
        (lambda: printing.booklet([1, 2], printing.Options()), TypeError,
         "entries: expected Entry"),
        (lambda: printing.booklet([], None), TypeError, "options: expected Options"),
        (lambda: printing.figure_png(None), TypeError, "figure: expected a Figure"),
        (lambda: printing.figures_pdf([None]), TypeError, "figure: expected a Figure"),
        (lambda: printing.figure_png(drawing.grid_figure(G), -5), ValueError, "width_px"),
        (lambda: printing.Options(title=None), ValueError, "title must be a string"),
        (lambda: printing.Options(answers="yes"), ValueError, "answers must be True or False"),
        (lambda: printing.Options(per_page="four"), ValueError, "per_page"),
        (lambda: printing.prepare(PUZZLE, 1), TypeError, "puzzle: expected a Grid"),
    ]
    for call, error, words in cases:
        with pytest.raises(error) as raised:
            call()
        assert words in str(raised.value)


def test_good_arguments_still_draw() -> None:
    assert svg.board(G, cells=["r1c1", 80], placements=[("r1c2", 9)], size=100).startswith("<svg")
    assert STEP is not None and "<svg" in svg.step(G, STEP)
    assert "<svg" in svg.board(SMALL, puzzle=SMALL)


def test_a_grid_too_large_to_draw_is_one_line_and_status_2(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"size": 36, "box": [6, 6], "cells": [[0] * 36] * 36}))
    done = sudoku("convert", str(big), "--to", "svg")
    assert done.status == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "up to 35x35" in done.stderr
    assert "Traceback" not in done.stderr
    pytest.importorskip("reportlab")
    done = sudoku("print", str(big), "-o", str(tmp_path / "big.pdf"))
    assert done.status == 2 and done.stderr.count("\n") == 1 and "up to 35x35" in done.stderr
