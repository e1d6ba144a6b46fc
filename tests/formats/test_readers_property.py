"""Every reader, property-based: random bytes, random lines and random JSON values mixed
with good puzzles never raise anything but sudokit's own errors, and every good puzzle is
answered, in order, at its line; every writer reads back at every size it can write, with
the format detected."""

from __future__ import annotations

import io
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import Grid, Shape, SudokuError
from sudokit import formats as F
from sudokit.candidates import Candidates

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC = Grid(PUZZLE)

#: Junk lines: anything that is not a puzzle line (no 81 symbols in a row, no '#' start).
junk_lines = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="#"),
    max_size=120,
).filter(lambda s: s.strip() != "" and len(s.split()) != 0)


def read_all(data: bytes, fmt: str | None) -> list[F.Record] | SudokuError:
    try:
        return list(F.read(io.BytesIO(data), fmt, source="fuzz"))
    except SudokuError as e:
        return e


@SETTINGS
@given(st.binary(max_size=2000), st.sampled_from([None, *F.FORMATS]))
def test_random_bytes_give_records_or_one_sudoku_error(data: bytes, fmt: str | None) -> None:
    out = read_all(data, fmt)
    if isinstance(out, list):
        for r in out:
            assert (r.item is None) != (r.error is None)
            if r.error is not None:
                assert "\n" not in str(r.error)


@SETTINGS
@given(st.lists(st.one_of(st.just(None), junk_lines), min_size=1, max_size=30))
def test_good_lines_among_random_lines_are_all_answered_in_order(
    layout: list[str | None],
) -> None:
    lines = [PUZZLE if x is None else x for x in layout]
    if PUZZLE not in lines:
        lines.append(PUZZLE)
    data = "".join(line + "\n" for line in lines).encode()
    out = read_all(data, "line")
    assert isinstance(out, list)
    good = [r.line for r in out if r.item == CLASSIC]
    expected = [i + 1 for i, line in enumerate(lines) if line == PUZZLE]
    assert good == expected
    assert [r.line for r in out] == sorted(r.line for r in out)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=4),
    max_leaves=20,
)


@SETTINGS
@given(st.lists(st.one_of(st.just(None), json_values), min_size=1, max_size=12),
       st.booleans())
def test_good_objects_among_random_json_values_are_all_answered(
    layout: list[object], as_array: bool
) -> None:
    good = str(F.dumps(CLASSIC, "json")).strip()
    texts = [good if x is None else json.dumps(x) for x in layout]
    if good not in texts:
        texts.append(good)
    data = ("[\n" + ",\n".join(texts) + "\n]\n") if as_array else "\n".join(texts) + "\n"
    out = read_all(data.encode(), "json")
    assert isinstance(out, list)
    answered = [r for r in out if r.item == CLASSIC]
    assert len(answered) == sum(t == good for t in texts)


@SETTINGS
@given(
    st.sampled_from(
        ["line", "grid", "csv", "tsv", "table", "text", "pretty", "json", "candidates", "sdk"]
    ),
    st.sampled_from([(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)]),
    st.randoms(use_true_random=False),
    st.sampled_from([0.0, 0.1, 0.5, 0.9, 1.0]),
)
def test_every_writer_reads_back_at_every_size_detected(
    fmt: str, box: tuple[int, int], rng: random.Random, filled: float
) -> None:
    shape = Shape(*box)
    n = shape.n
    grid = Grid.unchecked(
        tuple(rng.randint(1, n) if rng.random() < filled else 0 for _ in range(shape.ncells)),
        shape,
    )
    data = F.dumps([grid, grid], fmt)
    assert isinstance(data, str)
    if fmt == "candidates" and n == 4:
        return  # 64 characters are also an 8x8 line
    # an .sdk without its header lines is rows of symbols: it is known by its name
    back = F.loads(data, "sdk") if fmt == "sdk" else F.loads(data)
    if fmt == "candidates":
        assert back == [Candidates.from_grid(grid)] * 2
    else:
        assert back == [grid, grid]


@SETTINGS
@given(
    st.sampled_from(["grid", "csv", "tsv", "table", "pretty", "sdk"]),
    st.lists(st.one_of(st.just(None), junk_lines), min_size=1, max_size=12),
)
def test_good_blocks_among_random_lines_are_all_answered_in_order(
    fmt: str, layout: list[str | None]
) -> None:
    good = str(F.dumps(CLASSIC, fmt))
    parts = [good if x is None else x.replace("\t", " ") + "\n" for x in layout]
    if good not in parts:
        parts.append(good)
    data = "\n".join(parts).encode()  # a blank line between two blocks
    out = read_all(data, fmt)
    assert isinstance(out, list)
    answered = [r for r in out if r.item == CLASSIC]
    assert len(answered) == parts.count(good)
    assert [r.line for r in out] == sorted(r.line for r in out)


@SETTINGS
@given(st.lists(st.text(alphabet=st.one_of(st.characters(blacklist_categories=("Cs", "Cc")),
                                           st.sampled_from('\n,"')),
                        max_size=30), min_size=1, max_size=6),
       st.sampled_from(["\n", "\r\n"]))
def test_csv_written_by_python_is_read_record_for_record(notes: list[str], eol: str) -> None:
    """Whatever a note holds (commas, quotes, line breaks), a table written by Python's
    csv module (RFC 4180 quoting) reads as one puzzle per row with its note, and is
    written back byte for byte."""
    import csv

    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator=eol)
    writer.writerow(["id", "quizzes", "note"])
    for k, note in enumerate(notes):
        writer.writerow([k, PUZZLE.replace(".", "0"), note])
    data = out.getvalue().encode()
    records = list(F.read(io.BytesIO(data), "csv", source="notes.csv"))
    assert [r.item for r in records] == [CLASSIC] * len(notes)
    quoted = [any(ch in n for ch in ',"\r\n') for n in notes]  # as csv.writer quotes
    assert [r.fields["note"] for r in records] == [
        n if q else n.strip() for n, q in zip(notes, quoted, strict=True)
    ]
    written = io.BytesIO()
    with F.Writer("csv", written) as w:
        for r in records:
            w.write(r.item, r.style)  # type: ignore[arg-type]
    assert written.getvalue() == data


#: JSON values that carry the puzzle's own key names, nested or inside strings.
decoys = st.recursive(
    st.integers(0, 9) | st.sampled_from(['"cells": [[1, 2]]', '"puzzle": [', "[[0]]", "é"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["cells", "puzzle", "x", "given"]), inner, max_size=3),
    max_leaves=12,
)


@SETTINGS
@given(st.dictionaries(st.sampled_from(["cells", "puzzle", "a", "b", "title"]), decoys,
                       max_size=4),
       st.sampled_from(["json", "ipuz"]), st.booleans(), st.sampled_from([None, 1, "\t"]))
def test_a_document_solved_changes_its_own_cells_only(
    extra: dict[str, object], fmt: str, first: bool, indent: int | str | None
) -> None:
    key = "cells" if fmt == "json" else "puzzle"
    rows = [list(r) for r in CLASSIC.rows()]
    head = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku#1"]}
    others = {k: v for k, v in extra.items() if k != key}
    doc = ({key: rows} | others) if first else (others | {key: rows})
    text = json.dumps((head if fmt == "ipuz" else {}) | doc, indent=indent,
                      ensure_ascii=False) + "\n"
    (record,) = F.read(io.BytesIO(text.encode()), fmt)
    out = io.BytesIO()
    with F.Writer(fmt, out) as writer:
        writer.write(record.item, record.style)
    assert out.getvalue() == text.encode()  # written back unchanged: the same bytes
    answer = Grid("534678912672195348198342567859761423426853791713924856961537284287419635"
                  "345286179")
    out = io.BytesIO()
    with F.Writer(fmt, out) as writer:
        writer.write(answer, record.style)
    solved = json.loads(out.getvalue())
    assert solved[key] == [list(r) for r in answer.rows()]
    assert {k: v for k, v in solved.items() if k != key} == {
        k: v for k, v in json.loads(text).items() if k != key
    }
