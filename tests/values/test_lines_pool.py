"""The threads of ``sudoku solve --jobs N`` on lines (sudokit.stream.lines.Pool): the answers
come back in the order of the pieces, whichever thread answered them and however long."""

from __future__ import annotations

import _thread
import threading

import sudokit.stream.lines as lines_path


def test_a_slow_early_piece_keeps_its_place_and_the_writer_works_meanwhile() -> None:
    answered_by: dict[bytes, int] = {}
    others_answered = threading.Event()

    def answer(piece: bytes) -> bytes:
        answered_by[piece] = _thread.get_ident()
        if piece == b"0":
            # slower than the others: it waits until another thread has answered a piece
            # (a bound only against a hang; the order of events is what the test needs)
            others_answered.wait(timeout=120)
        elif answered_by.get(b"0") not in (None, _thread.get_ident()):
            others_answered.set()
        return piece.upper()

    pool = lines_path.Pool(answer, 2)  # type: ignore[arg-type]
    try:
        pieces = [f"{i}x".encode() if i else b"0" for i in range(100)]
        answers = list(pool.map(iter(pieces)))
    finally:
        pool.close()
    assert answers == [piece.upper() for piece in pieces]  # none lost, none moved
    # the writing thread answered pieces itself while the slow one was on its way
    assert _thread.get_ident() in answered_by.values()
    assert len(set(answered_by.values())) == 2


def test_an_error_is_raised_at_its_piece_whichever_thread_met_it() -> None:
    def answer(piece: bytes) -> bytes:
        if piece == b"7":
            raise ValueError("piece 7")
        return piece

    pool = lines_path.Pool(answer, 2)  # type: ignore[arg-type]
    got = []
    try:
        try:
            for block in pool.map(iter(str(i).encode() for i in range(40))):
                got.append(block)
        except ValueError as error:
            assert str(error) == "piece 7"
    finally:
        pool.close()
    assert got == [str(i).encode() for i in range(7)]
