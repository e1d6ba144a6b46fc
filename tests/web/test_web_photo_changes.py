"""The page's photo reading says what the solver's check changed, as ``sudoku read`` does:
each changed cell by name, what the digit model read there, what the check put there, and
the probability the model gave that."""

from __future__ import annotations

import base64
from collections.abc import Iterator

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")
pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from sudokit.grid import Grid  # noqa: E402
from sudokit.web import Limits, create_app  # noqa: E402
from support.files import data_file, read_lines  # noqa: E402

PUZZLE = Grid(read_lines(data_file("puzzles3_magictour_top1465.txt"))[0])


def printed(faint: int | None) -> bytes:
    """PUZZLE printed on a page as a PNG, the digit in cell ``faint`` (if any) printed so
    faintly that the reader first takes it for print showing through (a blank)."""
    page = np.full((560, 560), 235, np.uint8)
    for k in range(10):
        width = 4 if k % 3 == 0 else 1
        cv2.line(page, (10 + 60 * k, 10), (10 + 60 * k, 550), 20, width)
        cv2.line(page, (10, 10 + 60 * k), (550, 10 + 60 * k), 20, width)
    for i, d in enumerate(PUZZLE.cells):
        if d:
            r, c = divmod(i, 9)
            ink = 235 - 0.27 * (235 - 20) if i == faint else 20
            cv2.putText(page, str(d), (10 + 60 * c + 18, 10 + 60 * r + 46),
                        cv2.FONT_HERSHEY_SIMPLEX, 1.4, ink, 3, cv2.LINE_AA)
    return cv2.imencode(".png", page)[1].tobytes()


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    # a minute's limit, not 5 s: a busy machine may take seconds to read a photo
    with TestClient(create_app(Limits(workers=1, time_limit=60))) as served:
        yield served


def read(client: TestClient, photo: bytes) -> dict:
    r = client.post("/api/read", json={"photo_base64": base64.b64encode(photo).decode()})
    assert r.status_code == 200, r.text
    return r.json()


def test_the_reading_of_a_photo_lists_the_changes_of_the_solvers_check(client) -> None:
    faint = next(i for i, d in enumerate(PUZZLE.cells) if d)
    name = f"r{faint // 9 + 1}c{faint % 9 + 1}"
    data = read(client, printed(faint))
    assert data["puzzle"] == PUZZLE.to_line()
    [change] = data["changes"]
    assert (change["cell"], change["from"], change["to"]) == (name, 0, PUZZLE.cells[faint])
    assert 0 < change["probability"] < 1
    assert name in data["doubtful"]
    # a photo read as printed: nothing changed
    assert read(client, printed(None))["changes"] == []


def test_the_page_has_a_place_for_the_changes_under_the_reading(client) -> None:
    page = client.get("/").text
    script = client.get("/static/photo.js").text
    assert page.index('id="photo-text"') < page.index('id="photo-changes"') \
        < page.index('id="photo-done"')
    assert 'getElementById("photo-changes")' in script and "changesText" in script
