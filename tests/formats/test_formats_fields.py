"""Puzzle lines as people keep them: fields around the puzzle (ratings, comments, ids,
share links) are found, kept through a round trip, and offered as the record's fields;
blanks are read as people type them."""

from __future__ import annotations

import io

import pytest

from sudokit import Grid, MixedSizeError, SymbolError, solve
from sudokit import formats as F
from support.roundtrip import rewrite

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC = Grid(PUZZLE)


def records(text: str, fmt: str | None = None) -> list[F.Record]:
    return list(F.read(io.BytesIO(text.encode()), fmt, source="bank.txt"))


@pytest.mark.parametrize(
    ("line", "fields"),
    [
        (PUZZLE + " 7.2", {"rating": "7.2"}),
        (PUZZLE + "  # from the paper", {"comment": "from the paper"}),
        # Sudoku Explainer's batch output: the ratings ER/EP/ED
        (PUZZLE + "  ED=7.1/1.2/1.2", {"rating": "7.1", "ratings": "7.1/1.2/1.2"}),
        # a puzzle bank: hash, puzzle, rating
        ("a3f9e1c2 " + PUZZLE + " 4.5", {"id": "a3f9e1c2", "rating": "4.5"}),
        (PUZZLE + " 3.4 hard # seen twice", {"rating": "3.4", "extra": "hard",
                                             "comment": "seen twice"}),
    ],
)
def test_fields_after_the_puzzle_are_found_and_kept(line: str, fields: dict[str, str]) -> None:
    data = (line + "\n") * 3
    rs = records(data)
    assert F.detect(data.encode()) == "line"
    assert [r.item for r in rs] == [CLASSIC] * 3
    assert [dict(r.fields) for r in rs] == [fields] * 3
    assert rewrite(data.encode()) == data.encode()


def test_a_solution_keeps_the_fields_of_its_line() -> None:
    solved = rewrite(("id7 " + PUZZLE + " 7.2 # hard\n").encode(), solve_them=True).decode()
    solution = solve(CLASSIC)
    assert solution is not None
    assert solved == "id7 " + solution.to_line() + " 7.2 # hard\n"


@pytest.mark.parametrize("blank", ["_", "*", "-", "x", "X", "·", " ", "\u00a0"])
def test_blanks_as_people_type_them(blank: str) -> None:
    line = PUZZLE.replace(".", blank)
    (r,) = records(line + "\n", "line")
    assert r.item == CLASSIC and r.error is None
    assert rewrite((line + "\n").encode(), "line") == (line + "\n").encode()


def test_one_other_symbol_is_the_blank_but_two_are_a_mistake() -> None:
    mixed = PUZZLE.replace(".", "_", 5).replace(".", "*")
    (r,) = records(mixed + "\n", "line")
    assert isinstance(r.error, SymbolError)
    assert str(r.error) == "bank.txt, line 1: mixed blank symbols '_', '*': a puzzle uses one"


def test_a_sudokuwiki_share_link_is_a_puzzle() -> None:
    link = "https://www.sudokuwiki.org/sudoku.htm?bd=" + PUZZLE.replace(".", "0")
    (r,) = records(link + "\n")
    assert r.item == CLASSIC and r.fields["url"] == link
    assert rewrite((link + "\n").encode()) == (link + "\n").encode()


@pytest.mark.parametrize("after", ["#stepdetails", "&sl=1#x", "#"])
def test_a_share_link_with_a_fragment_or_more_parameters_is_a_puzzle(after: str) -> None:
    link = "https://www.sudokuwiki.org/sudoku.htm?bd=" + PUZZLE.replace(".", "0") + after
    (r,) = records(link + "\n")
    assert r.item == CLASSIC and r.fields["url"] == link
    solved = rewrite((link + "\n").encode(), solve_them=True).decode()
    assert solved == link.replace(PUZZLE.replace(".", "0"), solve(CLASSIC).to_line()) + "\n"


def test_a_share_link_with_a_fragment_on_the_command_line() -> None:
    from support.clirunner import sudoku

    link = "https://www.sudokuwiki.org/sudoku.htm?bd=" + PUZZLE.replace(".", "0") + "#x"
    done = sudoku("solve", stdin=(link + "\n").encode())
    assert done.status == 0 and done.out == link.replace(
        PUZZLE.replace(".", "0"), solve(CLASSIC).to_line()
    ) + "\n"


def test_a_bank_line_with_80_symbols_is_one_error_and_the_rest_is_read() -> None:
    data = "h1 " + PUZZLE + " 1.0\nh2 " + PUZZLE[:-1] + " 2.0\nh3 " + PUZZLE + " 3.0\n"
    rs = records(data)
    assert [r.item for r in rs] == [CLASSIC, None, CLASSIC]
    assert str(rs[1].error) == "bank.txt, line 2: expected 81 cells, got 80"
    assert [r.fields.get("rating") for r in rs] == ["1.0", None, "3.0"]


def test_junk_glued_on_a_line_is_that_line_only() -> None:
    data = PUZZLE + "\n" + PUZZLE + "zz!\n" + "junk junk junk\n" + PUZZLE + "\n"
    rs = records(data)
    assert [r.item for r in rs] == [CLASSIC, None, None, CLASSIC]
    assert [r.line for r in rs] == [1, 2, 3, 4]


def test_a_puzzle_of_another_size_among_bank_lines() -> None:
    rs = records("a " + PUZZLE + "\nb 1234341221434321\nc " + PUZZLE + "\n")
    assert [r.item for r in rs] == [CLASSIC, None, CLASSIC]
    assert isinstance(rs[1].error, MixedSizeError)


def test_a_batch_solver_report_line_keeps_its_words() -> None:
    # a batch solver's report: the puzzle, then '#' and what it found (as HoDoKu's /bs
    # output lists a level and score after the puzzle)
    line = PUZZLE + " #1 Easy (142) Hidden Single"
    (r,) = records(line + "\n")
    assert r.item == CLASSIC and r.fields["comment"] == "1 Easy (142) Hidden Single"
    assert rewrite((line + "\n").encode()) == (line + "\n").encode()


def test_a_field_of_letters_for_a_16x16_reads_with_its_rating() -> None:
    big = "G" + "." * 255
    (r,) = records(big + " 3.5\n")
    assert r.item is not None and r.item.n == 16 and r.fields["rating"] == "3.5"
