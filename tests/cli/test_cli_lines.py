"""`sudoku solve` on lines of puzzles takes the line path (sudokit.cli._lines, compiled in
sudokit._lines9) when it can: it must give the very bytes of the ordinary path, on standard
output and standard error, with the same exit status, whatever the input holds."""

from __future__ import annotations

import _thread
import io
import random
import time
from pathlib import Path

import pytest

import sudokit.cli._lines as cli_lines
import sudokit.stream.lines as lines_path
from sudokit.cli import _quick, run
from sudokit.cli._quick import quick_parse
from sudokit.cli.env import Env

DATA = Path(__file__).resolve().parents[2] / "data"

SOLUTION = "953168742862734951417952836746893125281645397395271468138529674574386219629417583"
HARD = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
#: Puzzles the pure-Python core solves at once: a solution with a few cells blanked.
EASY = [SOLUTION[:k] + "." + SOLUTION[k + 1:] for k in range(0, 81, 3)]
#: Givens that clash (two 9s in the first row), with no solution.
CLASH = "99" + "." * 79
#: No clash, yet no solution: 1-8 in the first row, 9 below in the last column.
DEAD = "12345678." + "........9" + "." * 63
#: Many solutions: the first one found is printed (an error with --unique).
OPEN = "." * 81


class _Pipe(io.RawIOBase):
    """A standard input that cannot seek, like a pipe."""

    def __init__(self, data: bytes) -> None:
        self.data = io.BytesIO(data)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        chunk = self.data.read(min(len(buffer), 1000))
        buffer[: len(chunk)] = chunk
        return len(chunk)


def _run(args: list[str], stdin: bytes, line_path: bool, pipe: bool = False
         ) -> tuple[int, bytes, str, list[bool]]:
    out, err = io.BytesIO(), io.StringIO()
    source = io.BufferedReader(_Pipe(stdin)) if pipe else io.BytesIO(stdin)  # type: ignore[type-var]
    env = Env(stdin=source, stdout=out, stderr=err, stderr_isatty=False)
    taken: list[bool] = []
    real = cli_lines.answer_lines

    def spy(a: object, e: Env) -> int | None:
        answered = real(a, e) if line_path else None  # type: ignore[arg-type]
        taken.append(answered is not None)
        return answered

    cli_lines.answer_lines = spy  # type: ignore[assignment]
    try:
        status = run(args, env)
    finally:
        cli_lines.answer_lines = real
    return status, out.getvalue(), err.getvalue(), taken


def same_both_ways(args: list[str], stdin: bytes = b"", pipe: bool = False) -> bool:
    """Assert that both paths answer alike; return whether the line path was taken."""
    status, out, err, taken = _run(args, stdin, True, pipe)
    status2, out2, err2, _ = _run(args, stdin, False, pipe)
    assert out == out2
    assert err == err2
    assert status == status2
    return taken == [True]


def _mixed(seed: int, count: int, head: int) -> bytes:
    """``head`` plain lines, then ``count`` lines of every kind the line reader meets."""
    r = random.Random(seed)
    kinds = [
        lambda: r.choice(EASY), lambda: r.choice(EASY).replace(".", "0"),
        lambda: "# a comment", lambda: "", lambda: "  \t", lambda: "\t\t\t",
        lambda: r.choice(EASY)[:80], lambda: r.choice(EASY) + "1",
        lambda: r.choice(EASY)[:40] + "x" + r.choice(EASY)[41:],
        lambda: "0" + r.choice(EASY)[1:], lambda: r.choice(EASY) + " 7.2 hard",
        lambda: "  " + r.choice(EASY).lower(), lambda: CLASH, lambda: DEAD, lambda: OPEN,
        lambda: "# café", lambda: "\u3000# wide space", lambda: "\u3000",
        lambda: "1..4..3..2..4..1", lambda: "\x1c", lambda: SOLUTION,
    ]
    weights = [30, 5] + [1] * (len(kinds) - 2)
    parts = [r.choice(EASY).encode() + b"\n" for _ in range(head)]
    for _ in range(count):
        text = r.choices(kinds, weights)[0]().encode()
        if r.random() < 0.02:
            text = b"ab\x00cd" if r.random() < 0.5 else b"# caf\xe9"
        parts.append(text + (b"\r\n" if r.random() < 0.1 else b"\n"))
    data = b"".join(parts)
    return data.rstrip(b"\r\n") if seed % 2 else data


def test_plain_lines_in_and_out(pure: bool) -> None:
    stdin = "".join(p + "\n" for p in [*EASY, CLASH, DEAD, OPEN]).encode()
    for args in (["solve"], ["solve", "--unique"], ["-", "--to", "line", "-j", "2"],
                 ["count"], ["count", "--limit", "3", "-j", "2"]):
        assert same_both_ways(args, stdin)
    status, out, err, _ = _run(["solve"], stdin, True)
    answers = out.decode().splitlines()
    assert answers[: len(EASY)] == [SOLUTION] * len(EASY)
    assert answers[len(EASY):len(EASY) + 2] == ["ERROR: Puzzle not solveable"] * 2
    assert len(answers[-1]) == 81  # the first of many solutions
    assert status == 1
    assert "<stdin>, line 28: the givens clash: digit 9 appears twice in row 1" in err
    status, out, _, _ = _run(["solve", "--unique"], OPEN.encode() + b"\n", True)
    assert (status, out) == (1, b"ERROR: Puzzle has more than one solution\n")


def test_every_kind_of_line_in_its_place(pure: bool) -> None:
    for seed in (1, 2):
        data = _mixed(seed, 300, 850)  # the first 64 KiB are plain: the line path is taken
        assert same_both_ways(["solve"], data)
        assert same_both_ways(["solve", "--unique", "--from", "line"], data)
        assert same_both_ways(["solve"], data, pipe=True)
        assert same_both_ways(["count", "--limit", "7"], data)
        assert same_both_ways(["count", "--from", "line"], data, pipe=True)


def test_count_gives_a_count_a_puzzle_line(pure: bool) -> None:
    head = "".join(EASY[i % len(EASY)] + "\n" for i in range(900))  # 64 KiB and more
    stdin = f"{head}# c\n{EASY[0]}\r\n\n{CLASH}\n{EASY[1][:80]}\n{OPEN}".encode()
    status, out, err, taken = _run(["count", "--limit", "12"], stdin, True)
    assert taken == [True]
    assert out.decode().splitlines() == ["1"] * 901 + [
        "0", "ERROR: <stdin>, line 905: expected 81 cells, got 80", "12"]
    assert status == 2  # an unreadable line (and a puzzle without solution)
    assert err == ("sudoku: error: <stdin>, line 905: expected 81 cells, got 80\n"
                   "sudoku: counts stop at --limit 12; a count of 12 means 12 or more\n")
    status, out, err, taken = _run(["count"], head.encode() + CLASH.encode(), True)
    assert (status, out[-4:], err, taken) == (1, b"1\n0\n", "", [True])


def test_inputs_the_line_path_leaves_to_the_ordinary_one(pure: bool) -> None:
    plain = (EASY[0] + "\n").encode()
    for data in (b"", b"  \n\n", b"# only a comment\n", plain.replace(b"\n", b"\r"),
                 b"\xef\xbb\xbf" + plain, b"\t\t\t\n" + plain,
                 EASY[0].encode() + b" 7.2\n" + plain, b"\x1c\n" + plain):
        assert not same_both_ways(["solve"], data)
        assert not same_both_ways(["solve"], data, pipe=True)
    # options the line path does not take
    for args in (["solve", "--to", "pretty"], ["solve", "--method", "propagate"],
                 ["solve", "--format", "{solution}"], ["solve", "--time-limit", "5"],
                 ["count", "--json"], ["count", "--format", "{count} {line}"]):
        assert not same_both_ways(args, plain)


def test_endings_blanks_and_a_last_line_without_end(pure: bool) -> None:
    crlf = "".join(p + "\r\n" for p in EASY).encode()
    zeros = "".join(p.replace(".", "0") + "\n" for p in EASY).encode()
    for data in (crlf, zeros, crlf + zeros, zeros + EASY[1].encode(),
                 zeros + CLASH.encode(), b"# x\n" + EASY[2].encode() + b"\n# tail\n\n",
                 b"#Author\n" + zeros):  # an sdk header, but no sdk row follows
        assert same_both_ways(["solve"], data)


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.txt")))
def test_the_collections(name: str) -> None:
    # the puzzle collections (one puzzle a line) take the line path; every file of data/
    # gives the same bytes both ways
    path = str(DATA / name)
    plain = name.startswith("puzzles")
    assert same_both_ways(["solve", path]) == plain
    assert same_both_ways([path, "--unique", "--jobs", "2"]) == plain
    assert same_both_ways(["count", path, "--limit", "2", "--jobs", "2"]) == plain


def test_big_mixed_input_keeps_standard_error_in_order() -> None:
    # past several pieces of work (4096 puzzles each), on one thread and on two: the
    # reports of unreadable lines and the clashes come in the ordinary path's order
    r = random.Random(5)
    lines = [r.choice(EASY) for _ in range(20000)]
    for at in range(900, 20000, 997):
        lines[at] = r.choice([CLASH, EASY[0][:70], "# note", DEAD, "12x" + "." * 78])
    data = "".join(line + "\n" for line in lines).encode()
    for jobs in ("1", "2"):
        assert same_both_ways(["solve", "-j", jobs], data)
        assert same_both_ways(["solve", "-j", jobs, "--from", "line"], data)
        assert same_both_ways(["count", "-j", jobs, "--limit", "3"], data)


def test_a_line_too_long_to_read() -> None:
    head = "".join(EASY[i % len(EASY)] + "\n" for i in range(900)).encode()
    data = head + b"#" + b"x" * (5 << 20) + b"\n" + (EASY[0] + "\n").encode()
    assert same_both_ways(["solve"], data)
    assert same_both_ways(["count"], data)


def test_output_file_and_several_inputs(tmp_path: Path) -> None:
    source = tmp_path / "p.txt"
    source.write_text("".join(p + "\n" for p in EASY))
    target = tmp_path / "out.txt"
    assert same_both_ways(["solve", str(source), "-o", str(target)])
    assert target.read_text() == (SOLUTION + "\n") * len(EASY)
    assert not same_both_ways(["solve", str(source), str(source)])  # two inputs
    assert not same_both_ways(["solve", str(tmp_path / "missing.txt")])


def test_the_plain_command_lines_read_as_the_parser_reads_them() -> None:
    from sudokit.cli import build_parser
    from sudokit.cli._inputs import MAX_LIMIT

    assert _quick.MAX_LIMIT == MAX_LIMIT
    parser = build_parser(["solve", "count"])
    for line in ["solve", "solve x.txt", "solve x.txt --unique", "solve - -j 2",
                 "solve -j3 --to line",
                 "solve --jobs=4 --from=line a.txt", "solve -o out.txt --no-progress",
                 "solve --to=line -o - --unique --unique", "solve a.txt -j 01",
                 "solve --output=o.txt", "solve -j=2",
                 "count", "count a.txt", "count --limit 2 a.txt", "count --limit=2147483647",
                 "count - -j 2 --limit 007 --from line", "count -o o.txt --no-progress -j3"]:
        words = line.split()
        quick = quick_parse(words)
        assert quick is not None, line
        assert vars(quick) == vars(parser.parse_args(words)), line
    for line in ["solve a b", "solve --uniq", "solve --to pretty", "solve -j 0", "solve -j x",
                 "solve -- a", "solve -o", "solve --box 3x3", "solve -x", "check a",
                 "solve -oout.txt", "solve --jobs -1", "solve --limit 2", "count --unique",
                 "count --to line", "count --limit 0", "count --limit 2147483648",
                 "count --limit x", "count --lim 3", "count --json", "count a b"]:
        assert quick_parse(line.split()) is None, line


def test_the_grouping_it_follows_is_the_readers() -> None:
    from sudokit.formats import line
    from sudokit.stream import records as stream

    assert lines_path.RUN_ROWS == line.BATCH_ROWS
    assert lines_path.PIECE_ROWS == stream.CHUNK


def _block_of(data: bytes) -> object:
    lines9, _ = lines_path.engine_modules()
    return lines9.LineBlock(data, b"NONE", b"MANY")


def test_a_block_sorts_its_lines_and_checks_every_solution(
        pure: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    lines9, kernel9 = lines_path.engine_modules()
    data = (f"# c\n{EASY[0]}\r\n{EASY[1].replace('.', '0')}\n  \n{EASY[0]} x\n{CLASH}\n"
            f"{EASY[2]}").encode()
    block = _block_of(data)
    block.run(kernel9.solve_rows, False)  # type: ignore[attr-defined]
    kinds = [block.kind(i) for i in range(block.lines)]  # type: ignore[attr-defined]
    assert kinds == [lines9.LEAD, lines9.PLAIN, lines9.PLAIN, lines9.LEAD, lines9.OTHER,
                     lines9.PLAIN, lines9.LAST]
    out = block.output(0, block.written)  # type: ignore[attr-defined]
    assert out == f"# c\n{SOLUTION}\r\n{SOLUTION}\n  \nNONE\n{SOLUTION}".encode()
    assert [(line, kind) for line, _, kind, _ in block.events()] == [  # type: ignore[attr-defined]
        (4, lines9.OTHER_LINE), (5, lines9.NO_SOLUTION)]
    assert (block.failed, block.wrong_row) == (1, -1)  # type: ignore[attr-defined]

    def wrong(change: int) -> object:
        # a search that answers the puzzle with a solution broken at cell ``change``
        def solve_rows(puzzles, solutions, counts, guesses, limit):
            for r in range(puzzles.shape[0]):
                cells = [int(c) for c in SOLUTION]
                cells[change] = cells[change] % 9 + 1
                for i in range(81):
                    solutions[r, i] = cells[i]
                counts[r] = 1
        return solve_rows

    for change in (0, 40, 80):  # a given changed (cell 0 is given in EASY[1]), a unit broken
        block = _block_of((EASY[1] + "\n").encode())
        block.run(wrong(change), False)  # type: ignore[attr-defined]
        assert block.wrong_row == 0  # type: ignore[attr-defined]
    # the command hands out none of a wrong block: an internal error (a bug), status 70
    monkeypatch.setattr(kernel9, "solve_rows", wrong(40))
    status, out, err, _ = _run(["solve"], (EASY[1] + "\n").encode(), True)
    assert (status, out) == (70, b"")
    assert "internal error: AssertionError: the 9x9 kernel returned a wrong solution" in err


def test_an_error_in_a_thread_ends_the_command_at_its_piece(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # no answer after the failing piece is written, and no thread is left running
    _, kernel9 = lines_path.engine_modules()
    real = kernel9.solve_rows  # type: ignore[attr-defined]
    calls = []

    def failing(puzzles, solutions, counts, guesses, limit):  # type: ignore[no-untyped-def]
        calls.append(type(puzzles).__name__)
        if len(calls) == 5:
            raise RuntimeError("lost")
        real(puzzles, solutions, counts, guesses, limit)

    monkeypatch.setattr(kernel9, "solve_rows", failing)
    data = "".join(f"{EASY[k % len(EASY)]}\n" for k in range(20_000)).encode()
    before = _thread._count()  # threads other tests may have left running
    status, out, err, _ = _run(["solve", "-j", "2"], data, True)
    assert status == 70 and set(calls) == {"memoryview"}  # (NumPy arrays elsewhere)
    assert "internal error: RuntimeError: lost" in err
    assert out == f"{SOLUTION}\n".encode() * (len(out) // 82)  # (what reached the output)
    assert len(out) < 82 * 20_000
    # the threads the line path started have ended: a thread releases its "exited" lock
    # just before it ends, so it may take a moment to leave the count
    deadline = time.monotonic() + 60  # bounded only against a hang
    while _thread._count() > before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert _thread._count() <= before


def test_a_standard_input_that_cannot_be_read() -> None:
    class Broken(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
            raise OSError(5, "Input/output error")

    outcomes = []
    for line_path in (True, False):
        out, err = io.BytesIO(), io.StringIO()
        env = Env(stdin=io.BufferedReader(Broken()), stdout=out, stderr=err,
                  stderr_isatty=False)
        real = cli_lines.answer_lines
        if not line_path:
            cli_lines.answer_lines = lambda a, e: None  # type: ignore[assignment]
        try:
            outcomes.append((run(["solve"], env), out.getvalue(), err.getvalue()))
        finally:
            cli_lines.answer_lines = real
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][0] == 2 and "Input/output error" in outcomes[0][2]


def test_blocks_are_cut_as_the_line_reader_cuts_them() -> None:
    from sudokit.formats import _input

    assert (lines_path.MAX_LINE, lines_path.HEAD_SIZE) == (_input.MAX_LINE, _input.HEAD_SIZE)
    plain = (EASY[0] + "\n").encode()
    for data in (plain * 2000, plain * 2000 + b"x" * (_input.MAX_LINE + 5) + b"\n" + plain,
                 plain * 900 + b"#" * (_input.MAX_LINE - 10) + b"\n" + plain * 3 + b"tail",
                 plain * 799 + EASY[0].encode()):
        head = data[: lines_path.HEAD_SIZE]
        for size in (1 << 18, 1 << 12):
            ours = list(lines_path.blocks_of(head, io.BytesIO(data[len(head):]), size))
            theirs = list(_input.Input(io.BytesIO(data[len(head):]), None, head).blocks(size))
            assert ours == theirs


def test_a_block_loaded_again_answers_as_a_new_one(pure: bool) -> None:
    # the arrays of a block are kept from one load to the next (grown when too small):
    # nothing of the earlier block may show in a later answer
    _, kernel9 = lines_path.engine_modules()
    rng = random.Random(5)

    def lines(n: int) -> bytes:
        chosen = [rng.choice([*EASY, CLASH, "# note", "", EASY[0] + " x"]) for _ in range(n)]
        return ("\n".join(chosen) + rng.choice(["", "\n"])).encode()

    kept = _block_of(lines(1))
    for size in (40, 3, 0, 120, 7, 1):
        data = lines(size) if size else b""
        fresh = _block_of(data)
        fresh.run(kernel9.solve_rows, True)  # type: ignore[attr-defined]
        kept.load(data)  # type: ignore[attr-defined]
        kept.run(kernel9.solve_rows, True)  # type: ignore[attr-defined]
        for block in (fresh, kept):
            assert block.wrong_row == -1  # type: ignore[attr-defined]
        assert bytes(kept.view(0, kept.written)) == fresh.output(  # type: ignore[attr-defined]
            0, fresh.written)  # type: ignore[attr-defined]
        assert kept.events() == fresh.events()  # type: ignore[attr-defined]
        assert (kept.lines, kept.failed) == (fresh.lines, fresh.failed)  # type: ignore[attr-defined]
