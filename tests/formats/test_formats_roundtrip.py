"""Formats, property-based: what is written reads back the same, and what is read writes back
byte for byte, for every format and every size it can express."""

from __future__ import annotations

import io
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import Grid, Shape
from sudokit import formats as F
from sudokit.candidates import Candidates
from sudokit.grid import SYMBOLS
from support.roundtrip import rewrite

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Box shapes: the natural ones of 4, 6, 8, 9, 12, 16, 25, and a few others.
BOXES = [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5), (3, 2), (4, 2), (2, 5), (1, 4)]
#: Formats that write integers reach 64x64.
BIG_BOXES = [(6, 6), (8, 8), (5, 8)]
#: line, table, text and candidates write one symbol per digit (1-9, A-Z): up to 35x35.
BIG_FORMATS = ["grid", "csv", "json", "binary", "pretty"]
#: Formats that hold 9x9 puzzles only.
NINE_ONLY = {"opensudoku"}
#: Formats whose text says the box shape; the others are read with ``box=``.
DRAWS_BOX = {"pretty", "json"}


def random_grid(rng: random.Random, shape: Shape, blanks: float) -> Grid:
    n = shape.n
    cells = tuple(0 if rng.random() < blanks else rng.randint(1, n) for _ in range(shape.ncells))
    return Grid.unchecked(cells, shape)


def random_board(rng: random.Random, shape: Shape) -> Candidates:
    masks = tuple(rng.randint(0, shape.full_mask) for _ in range(shape.ncells))
    return Candidates.unchecked(masks, shape)


def box_for(fmt: str, shape: Shape) -> tuple[int, int] | None:
    if fmt in DRAWS_BOX or shape.is_natural():
        return None
    return (shape.box_rows, shape.box_cols)


def as_bytes(data: str | bytes) -> bytes:
    return data if isinstance(data, bytes) else data.encode()


@st.composite
def grids_in_a_format(draw: st.DrawFn) -> tuple[str, list[Grid], dict[str, str]]:
    fmt = draw(st.sampled_from(sorted(F.FORMATS)))
    boxes = BOXES + (BIG_BOXES if fmt in BIG_FORMATS else [])
    if fmt in NINE_ONLY:
        boxes = [(3, 3)]
    if fmt == "samurai":  # a classic 12x12 grid's rows are a butterfly's sheet
        boxes = [b for b in boxes if b[0] * b[1] != 12]
    shape = Shape(*draw(st.sampled_from(boxes)))
    rng = draw(st.randoms(use_true_random=False))
    blanks = draw(st.sampled_from([0.0, 0.3, 0.7, 1.0]))
    count = 1 if F.FORMATS[fmt].FORMAT.one_per_input else draw(st.integers(1, 3))
    items = [random_grid(rng, shape, blanks) for _ in range(count)]
    style: dict[str, str] = {}
    if fmt != "binary":
        if draw(st.booleans()):
            style["eol"] = "\r\n"
        blanks_of = F.FORMATS[fmt].BLANKS if hasattr(F.FORMATS[fmt], "BLANKS") else ()
        if blanks_of:
            style["blank"] = draw(st.sampled_from(blanks_of))
    return fmt, items, style


@SETTINGS
@given(grids_in_a_format())
def test_dumps_then_loads_gives_the_grids_back(
    case: tuple[str, list[Grid], dict[str, str]],
) -> None:
    fmt, items, style = case
    shape = items[0].shape
    data = F.dumps(items, fmt, **style)
    back = F.loads(data, fmt, box=box_for(fmt, shape))
    expected = [Candidates.from_grid(g) for g in items] if fmt == "candidates" else items
    assert back == expected
    assert F.dumps(back, fmt, **style) == data  # a fixed point
    assert rewrite(as_bytes(data), fmt, box_for(fmt, shape)) == as_bytes(data)


@SETTINGS
@given(
    st.sampled_from(["candidates", "pretty", "json"]),
    st.sampled_from(BOXES),
    st.randoms(use_true_random=False),
    st.sampled_from(["line", "board"]),
)
def test_candidate_boards_round_trip(
    fmt: str, box: tuple[int, int], rng: random.Random, form: str
) -> None:
    shape = Shape(*box)
    boards = [random_board(rng, shape) for _ in range(2)]
    style = {"form": form} if fmt == "candidates" else {}
    data = F.dumps(boards, fmt, **style)
    assert F.loads(data, fmt, box=box_for(fmt, shape)) == boards
    assert rewrite(as_bytes(data), fmt, box_for(fmt, shape)) == as_bytes(data)


@SETTINGS
@given(grids_in_a_format())
def test_what_is_written_is_detected(case: tuple[str, list[Grid], dict[str, str]]) -> None:
    fmt, items, style = case
    data = as_bytes(F.dumps(items, fmt, **style))
    if fmt == "candidates" and items[0].n == 4:
        return  # 64 characters are also an 8x8 line: a board with an empty cell reads as one
    if fmt == "sdk":  # without its header lines, rows of symbols: text reads them the same
        assert F.detect(data) in ("sdk", "text", "line")
        return
    if fmt == "jigsaw":  # rows of clues, then rows of regions: only the name decides it
        assert F.detect(data, "puzzle.jigsaw") == fmt
        return
    if fmt == "samurai":  # a single grid is its rows of symbols: only the name decides it
        assert F.detect(data, "puzzle.samurai") == fmt
        return
    assert F.detect(data) == fmt


# -- layouts the writer would never produce ------------------------------------------------

SEPARATORS = [" ", "  ", "|", " | ", "-", "+", ", ", "\n", "\n+-----+\n", ":", "\t"]


@SETTINGS
@given(st.sampled_from(BOXES), st.randoms(use_true_random=False), st.data())
def test_text_in_any_layout_comes_back_and_keeps_it(
    box: tuple[int, int], rng: random.Random, data: st.DataObject
) -> None:
    shape = Shape(*box)
    puzzle = random_grid(rng, shape, 0.5)
    symbols = ["0" if v == 0 else SYMBOLS[v - 1] for v in puzzle.cells]
    if shape.n > 9:
        symbols = [s.lower() if rng.random() < 0.3 else s for s in symbols]
    seps = data.draw(st.lists(st.sampled_from(SEPARATORS), min_size=len(symbols) + 1,
                              max_size=len(symbols) + 1))
    layout = "".join(s + c for s, c in zip(seps, symbols + [""], strict=True)).lstrip("\n")
    while "\n\n" in layout:  # a blank line would end the puzzle
        layout = layout.replace("\n\n", "\n")
    layout = layout.rstrip("\n") + "\n"
    raw = layout.encode()
    assert F.loads(raw, "text", box=box) == [puzzle]
    assert rewrite(raw, "text", box) == raw
    # a solution (here, any full grid) lands in the same places
    full = Grid.unchecked(tuple(v or 1 for v in puzzle.cells), shape)
    (r,) = F.read(io.BytesIO(raw), "text", box=box)
    out = io.BytesIO()
    F.Writer("text", out).write(full, r.style)
    written = out.getvalue().decode()
    strip = str.maketrans("", "", "0123456789.ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    assert written.translate(strip) == layout.translate(strip)
    assert F.loads(written, "text", box=box) == [full]


@SETTINGS
@given(st.sampled_from(BOXES[:7]), st.randoms(use_true_random=False))
def test_text_with_a_row_per_line_needs_no_box(box: tuple[int, int], rng: random.Random) -> None:
    shape = Shape(*box)
    puzzle = random_grid(rng, shape, 0.4)
    lines = []
    for row in puzzle.rows():
        cells = ["0" if v == 0 else SYMBOLS[v - 1] for v in row]
        lines.append("".join(rng.choice(["", " ", "|", " | "]) + c for c in cells))
    raw = ("\n".join(lines) + "\n").encode()
    assert F.loads(raw, "text") == [puzzle]
    assert rewrite(raw, "text", None) == raw


@SETTINGS
@given(st.randoms(use_true_random=False), st.sampled_from(["\n", "\r\n"]))
def test_line_files_with_comments_come_back(rng: random.Random, eol: str) -> None:
    shape = Shape(3, 3)
    out = []
    for _ in range(rng.randint(1, 8)):
        for _ in range(rng.randint(0, 2)):
            out.append(rng.choice(["# a comment", "", "   ", "#"]) + eol)
        g = random_grid(rng, shape, 0.5)
        blank = rng.choice([".", "0", "mixed"])
        text = "".join(
            (rng.choice(".0") if blank == "mixed" else blank) if v == 0 else str(v)
            for v in g.cells
        )
        out.append(rng.choice(["", " "]) + text + rng.choice(["", "  "]) + eol)
    if rng.random() < 0.5:
        out.append("# the end" + eol)
    raw = "".join(out).encode()
    if rng.random() < 0.3:
        raw = raw.rstrip(b"\r\n")
    assert rewrite(raw, "line", None) == raw


@SETTINGS
@given(
    st.sampled_from(["grid", "csv", "table", "pretty", "text", "json"]),
    st.randoms(use_true_random=False),
)
def test_block_files_with_any_separation_come_back(fmt: str, rng: random.Random) -> None:
    shape = Shape(*rng.choice(BOXES[:6]))
    pieces = []
    for i in range(rng.randint(1, 4)):
        if i or rng.random() < 0.3:
            pieces.append(rng.choice(["\n", "\n\n", "\n# next\n", "# next\n"]))
        pieces.append(F.dumps(random_grid(rng, shape, 0.5), fmt))
    if rng.random() < 0.5:
        pieces.append("\n# the end\n")
    raw = "".join(str(p) for p in pieces).encode()
    box = box_for(fmt, shape)
    if fmt == "text":
        box = (shape.box_rows, shape.box_cols)
    assert rewrite(raw, fmt, box) == raw


def test_crlf_lines_with_both_blanks_come_back_byte_for_byte() -> None:
    from sudokit import formats

    a = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    data = f"# CRLF, as in the public collections\r\n{a}\r\n{a.replace('.', '0')}\r\n".encode()
    items = formats.loads(data, "line")
    assert len(items) == 2 and items[0] == items[1]
    assert rewrite(data, "line") == data
