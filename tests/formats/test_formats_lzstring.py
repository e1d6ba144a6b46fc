"""The lz-string codec that puzzle links are written in: round trips in both alphabets, a
public f-puzzles link decoded and made again character for character, and text that is
not lz-string refused with one clear message."""

from __future__ import annotations

import random

import pytest

from sudokit.errors import ParseError
from sudokit.formats import _lzstring as lz

#: An X-sudoku as f-puzzles shares it (the ``load=`` part of a public link).
XSUDOKU_LINK = (
    "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeAdlTQgpgDsEAXDBkmSGDBlWgwQBmVuy69+MUdXqMArDI7d4f"
    "AQF1khMSoQAODXO0KRpa8PLKJSc1p2KbN/YSXjGAJmfyAu6gDowAbAGWQSE+CCzosi5WwbZEnnYZ3sbw0gmagW4x2ep5Fq5Zj"
    "hGlSdFpBpnBRo4AjJHlKY2hUm1W6bZNfj219rHwZtUFqSPZACxDhXVeHUUt8xWMKBNRC52jJWz52yJ9y+sI+4mTywNxax71Uw0Z"
    "N/BzW+W6+iDYEFRoAPacWgAagKqB+f0BtAAtJMgA==="
)

TEXTS = [
    "",
    "a",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "hello, hello, hello",
    '{"size":9,"grid":[[{},{"value":3,"given":true}]]}' * 40,
    "Ünïcödé ĀĀ € ✓ and a pair: 😀 😀",
    "".join(chr(c) for c in range(1, 600)),
]


@pytest.mark.parametrize("text", TEXTS)
def test_both_alphabets_give_back_the_text(text: str) -> None:
    b64 = lz.compress_to_base64(text)
    uri = lz.compress_to_uri(text)
    assert len(b64) % 4 == 0
    assert set(uri) <= set(lz.URI_SAFE)
    assert lz.decompress_from_base64(b64) == text
    assert lz.decompress_from_uri(uri) == text
    # the same bits in both: only the alphabet differs
    assert b64.rstrip("=").translate(str.maketrans("/", "-")) == uri


def test_random_texts_round_trip() -> None:
    rng = random.Random(7)
    for _ in range(60):
        alphabet = rng.choice(["ab", "0123456789,{}", "".join(map(chr, range(32, 400)))])
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(300)))
        assert lz.decompress_from_base64(lz.compress_to_base64(text)) == text


def test_a_public_link_decodes_and_is_made_again_the_same() -> None:
    text = lz.decompress_from_base64(XSUDOKU_LINK)
    assert text.startswith('{"size":9,"grid":[[{},{},{"value":7,"given":true}')
    assert text.endswith('"diagonal+":true,"diagonal-":true}')
    assert lz.compress_to_base64(text) == XSUDOKU_LINK


def test_a_url_decoder_s_spaces_are_read_as_plus() -> None:
    text = "sudoku " * 15
    uri = lz.compress_to_uri(text)
    assert uri == "M4VwJg9g1iAEqRvc04NcxaVPbn2WmGehJBx+RQ"
    assert lz.decompress_from_uri(uri.replace("+", " ")) == text


def test_repetition_compresses() -> None:
    # one code per phrase, each phrase one character longer: 2,250 characters, 68 codes
    text = "123456789" * 250
    assert len(lz.compress_to_base64(text)) < 300


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("N4Igzgl!AAAA", "character 8 is '!'"),
        ("héllo", "character 2 is 'é'"),
        ("N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBX", "stops before its end"),
        ("////////", "does not start with a character"),
        ("BA//", "names no entry"),
    ],
)
def test_text_that_is_not_lz_string_is_one_clear_error(data: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        lz.decompress_from_base64(data)


def test_a_string_that_would_unpack_without_bound_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    packed = lz.compress_to_base64("9" * 5000)
    monkeypatch.setattr(lz, "MAX_TEXT", 1000)
    with pytest.raises(ParseError, match="more than 1000 characters"):
        lz.decompress_from_base64(packed)


def test_only_strings_are_taken() -> None:
    with pytest.raises(TypeError, match="text must be a string"):
        lz.compress_to_base64(b"bytes")  # type: ignore[arg-type]
