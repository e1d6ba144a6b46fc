"""``sudoku read PHOTO`` and the other commands given a photo; bad photos: one clear line on
standard error, exit status 2, no traceback."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from sudokit.grid import Grid  # noqa: E402
from sudokit.image.synthetic import photograph  # noqa: E402
from sudokit.solver import solve  # noqa: E402
from support.clirunner import sudoku  # noqa: E402
from support.photos import newspaper_puzzle  # noqa: E402


@pytest.fixture(scope="module")
def shot(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Grid]:
    rng = np.random.default_rng(11)
    puzzle = newspaper_puzzle(3, rng)
    photo = photograph(puzzle.cells, rng)
    path = tmp_path_factory.mktemp("photos") / "puzzle.jpg"
    path.write_bytes(cv2.imencode(".jpg", photo.image)[1].tobytes())
    return path, puzzle


def test_read_prints_the_puzzle(shot: tuple[Path, Grid]) -> None:
    path, puzzle = shot
    outcome = sudoku("read", str(path), "--to", "line")
    assert outcome.status == 0, outcome.stderr
    assert outcome.out == puzzle.to_line() + "\n"


def test_read_json_has_confidence_and_corners(shot: tuple[Path, Grid]) -> None:
    import json

    path, puzzle = shot
    outcome = sudoku("read", str(path), "--json")
    answer = json.loads(outcome.out)
    assert answer["puzzle"] == puzzle.to_line()
    assert len(answer["confidence"]) == 81 and len(answer["corners"]) == 4


@pytest.mark.parametrize("kind", [".png", ".webp"])
def test_solve_reads_png_and_webp(shot: tuple[Path, Grid], tmp_path: Path, kind: str) -> None:
    path, puzzle = shot
    other = tmp_path / f"puzzle{kind}"
    other.write_bytes(cv2.imencode(kind, cv2.imread(str(path)))[1].tobytes())
    outcome = sudoku("solve", str(other), "--to", "line")
    assert outcome.status == 0, outcome.stderr
    assert outcome.out == solve(puzzle).to_line() + "\n"


def test_photo_on_standard_input_with_from_image(shot: tuple[Path, Grid]) -> None:
    path, puzzle = shot
    outcome = sudoku("count", "--from", "image", stdin=path.read_bytes())
    assert (outcome.status, outcome.out) == (0, "1\n")


def test_a_reading_with_several_solutions_is_marked_and_exits_1(tmp_path: Path) -> None:
    rng = np.random.default_rng(12)
    sparse = [0] * 81
    sparse[0], sparse[40], sparse[80] = 1, 5, 9  # far too few givens: many solutions
    path = tmp_path / "sparse.png"
    path.write_bytes(cv2.imencode(".png", photograph(sparse, rng).image)[1].tobytes())
    outcome = sudoku("read", str(path), "--to", "line")
    assert outcome.status == 1
    assert outcome.out.strip() == Grid.from_cells(sparse).to_line()
    assert "more than one solution" in outcome.stderr
    assert "Traceback" not in outcome.stderr


def one_error_line(stderr: str, *fragments: str) -> None:
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("sudoku: error: ") and "Traceback" not in stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def png_header(width: int, height: int) -> bytes:
    """A PNG whose header says width x height (its pixels are never decoded)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"\0" * 1000)) + chunk(b"IEND", b""))


@pytest.mark.parametrize("command", ["read", "solve"])
def test_bad_photos_get_one_line_and_status_2(
    shot: tuple[Path, Grid], tmp_path: Path, command: str
) -> None:
    path, _ = shot
    jpeg = path.read_bytes()
    blank = cv2.imencode(".png", np.full((400, 300), 240, np.uint8))[1].tobytes()
    text = cv2.imencode(".jpg", cv2.putText(np.full((400, 600), 240, np.uint8), "no grid here",
                                            (30, 200), cv2.FONT_HERSHEY_SIMPLEX, 1.5, 0, 3))[1]
    cases = {
        "truncated.jpg": (jpeg[: len(jpeg) // 2], "truncated JPEG"),
        "huge.png": (png_header(20_000, 20_000), "20000 x 20000"),
        "notes.jpg": (b"4...3.......6..8...\nnot a picture at all\n", None),
        "blank.png": (blank, "blank"),
        "words.jpg": (text.tobytes(), "no sudoku grid"),
    }
    for name, (data, fragment) in cases.items():
        bad = tmp_path / name
        bad.write_bytes(data)
        outcome = sudoku(command, str(bad))
        assert outcome.status == 2, (name, outcome.stderr)
        one_error_line(outcome.stderr, str(bad), *([fragment] if fragment else []))


def test_a_text_file_named_jpg_is_refused_by_read(tmp_path: Path) -> None:
    bad = tmp_path / "notes.jpg"
    bad.write_text("4...3.......6..8...\n")
    outcome = sudoku("read", str(bad))
    assert outcome.status == 2
    one_error_line(outcome.stderr, "not a JPEG, PNG or WebP picture")


def test_solving_a_photo_read_with_a_near_rival_says_it_is_not_to_be_trusted(
        shot: tuple[Path, Grid], monkeypatch: pytest.MonkeyPatch) -> None:
    """Another command given a photo warns, and shows the reading, when the reading is not
    to be trusted, as ``sudoku read`` does."""
    import dataclasses

    from sudokit import image

    path, puzzle = shot
    real = image.read

    def doubted(source: object) -> image.Reading:
        return dataclasses.replace(real(source), rival=0.5)

    monkeypatch.setattr(image, "read", doubted)
    outcome = sudoku("solve", str(path), "--to", "line")
    assert "not to be trusted: another reading with exactly one solution" in outcome.stderr
    assert "------+-------+------" in outcome.stderr  # the reading, doubtful cells marked
    solution = solve(puzzle)
    assert solution is not None and outcome.out == solution.to_line() + "\n"
