"""Reading the JSON API's requests: the body as a JSON object, each field checked for its
kind and range, and the puzzle, the player's grid and pencil marks read from them.

Whatever a request gets wrong is raised as a :class:`BadRequest`, which the app answers
with its status and ``{"error": message}``: the message the command line would print.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from .. import formats
from ..candidates import Candidates
from ..constraints import Constraint
from ..errors import SudokuError
from ..grid import Grid
from ..rules import parse_names
from ..shape import parse_box
from . import drawn, senders


class BadRequest(Exception):
    """A request the server will not do: answered with ``status`` and ``{"error": message}``."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


async def bad_request(request: Request, exc: Exception) -> Response:
    """The answer to a BadRequest: its status and message as JSON."""
    if not isinstance(exc, BadRequest):  # registered for BadRequest only
        raise exc
    headers = {"Retry-After": "1"} if exc.status == 503 else None
    return JSONResponse({"error": exc.message}, status_code=exc.status, headers=headers)


async def read_body(request: Request) -> dict[str, Any]:
    """The request's body: a JSON object, ``{}`` when empty."""
    refused = senders.refusal(request.headers)
    if refused is not None:
        raise BadRequest(refused[1], status=refused[0])
    try:
        raw = await request.body()
    except ClientDisconnect:  # no one is left to answer: the answer is dropped, unlogged
        raise BadRequest("the client left before its request was whole") from None
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as e:
        raise BadRequest(f"the request body is not JSON: {e}") from None
    except RecursionError:
        raise BadRequest("the request body is JSON nested too deeply") from None
    if not isinstance(data, dict):
        raise BadRequest("the request body must be a JSON object, such as "
                         '{"puzzle": "53..7...."}')
    return data


def string_field(body: dict[str, Any], name: str, required: bool = False) -> str | None:
    value = body.get(name)
    if value is None:
        if required:
            raise BadRequest(f"'{name}' is missing")
        return None
    if not isinstance(value, str):
        raise BadRequest(f"'{name}' must be a string, got {type(value).__name__}")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as e:
            # a JSON escape such as \ud800 can spell half of a UTF-16 pair, which no
            # text holds: reading it would fail later, deep in the library
            raise BadRequest(f"'{name}' is not text: character {e.start + 1} is half of a "
                             f"UTF-16 surrogate pair ({value[e.start]!a})") from None
    return value


def number_field(body: dict[str, Any], name: str, default: float, low: float, high: float) -> float:
    value = body.get(name)
    if value is None:  # absent, or null as for every field
        value = default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadRequest(f"'{name}' must be a number, got {json.dumps(value)}")
    if not low <= value <= high:
        shown = f"{value:g}" if isinstance(value, float) else str(value)  # an int of any size
        if len(shown) > 20:
            shown = f"a number of {len(shown)} digits"
        raise BadRequest(f"'{name}' must be from {low:g} to {high:g}, got {shown}")
    return value


def integer_field(body: dict[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = number_field(body, name, default, low, high)
    if value != int(value):
        raise BadRequest(f"'{name}' must be a whole number, got {value:g}")
    return int(value)


def flag_field(body: dict[str, Any], name: str) -> bool:
    value = body.get(name)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise BadRequest(f"'{name}' must be true or false, got {json.dumps(value)}")
    return value


def box_field(body: dict[str, Any]) -> tuple[int, int] | None:
    value = body.get("box")
    if value is None:
        return None
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        return value[0], value[1]
    if not isinstance(value, str):
        raise BadRequest("'box' must be 'RxC' such as '2x4'")
    text = string_field(body, "box") or ""  # the same checks as any text
    try:
        return parse_box(text)
    except (SudokuError, ValueError) as e:
        raise BadRequest(f"'box': {e}") from None


def format_field(body: dict[str, Any], name: str = "format") -> str | None:
    fmt = string_field(body, name)
    if fmt is not None and fmt not in formats.FORMATS:
        raise BadRequest(f"unknown format {fmt!r}; the formats are: {', '.join(formats.FORMATS)}")
    return fmt


def read_puzzles(body: dict[str, Any]) -> list[Grid | Candidates]:
    """Every puzzle of the request's ``puzzle`` (text) or ``puzzle_base64`` (a file's bytes:
    the binary format)."""
    fmt = format_field(body)
    box = box_field(body)
    data: str | bytes | None = string_field(body, "puzzle")
    encoded = string_field(body, "puzzle_base64")
    if data is None and encoded is not None:
        try:
            data = base64.b64decode(encoded, validate=True)
        except (binascii.Error, ValueError):
            raise BadRequest("'puzzle_base64' is not base64") from None
    if data is None:
        raise BadRequest("'puzzle' is missing")
    if fmt is None and box is None and isinstance(data, str):
        line = data.strip()
        if len(line) == 81 and _NINE_BY_NINE.fullmatch(line):
            # the common case, a 9x9 line: read without format detection, three times faster
            return [Grid(line)]
    try:
        return formats.loads(data, fmt, box)
    except SudokuError as e:
        raise BadRequest(str(e)) from None


_NINE_BY_NINE = re.compile(r"[1-9.0]{81}")


def one_puzzle(body: dict[str, Any], op: str, max_size: int) -> Grid | Candidates:
    """The request's one puzzle, under the rules its ``variant``, ``regions``, ``odd``,
    ``even``, ``constraints``, ``all_dots`` and ``all_xv`` fields add to its own."""
    items = read_puzzles(body)
    if len(items) != 1:
        raise BadRequest(f"{op} takes one puzzle per request; the text holds {len(items)}")
    item = items[0]
    check_size(item.n, op, max_size)
    return under_rules(body, item)


#: The fields that give a puzzle rules of its own.
RULE_FIELDS = ("variant", "regions", "odd", "even", "constraints", "all_dots", "all_xv")


def under_rules(body: dict[str, Any], item: Grid | Candidates) -> Grid | Candidates:
    """``item`` under the rules of the request: its own (a link or file that holds them),
    with the regions (``regions``: N*N symbols, a symbol a region, or N*N region numbers),
    parity cells (``odd``, ``even``: cell numbers 0..N*N-1 in reading order), cages, lines,
    dots and signs (``constraints``: objects as :mod:`sudokit.web.drawn` writes them), "every
    dot / XV sign given" (``all_dots``, ``all_xv``) and presets (``variant``: names joined
    with '+', as ``--variant``) of the request added."""
    if all(body.get(name) is None for name in RULE_FIELDS):
        return item
    variant = variant_field(body)
    if isinstance(item, Candidates):
        raise BadRequest("a board of pencil marks cannot take a variant's rules; send its "
                         "digits")
    changes: dict[str, Any] = {}
    regions = body.get("regions")
    if regions is not None:
        if not (isinstance(regions, str) or isinstance(regions, list)
                and all(type(v) is int for v in regions)):
            raise BadRequest("'regions' must be a string of N*N symbols (a symbol a region) "
                             "or a list of N*N region numbers")
        changes["regions"] = regions
    for name in ("odd", "even"):
        cells = body.get(name)
        if cells is not None:
            if not isinstance(cells, list) or not all(type(v) is int for v in cells):
                raise BadRequest(f"'{name}' must be a list of cell numbers (0 to "
                                 f"{item.shape.ncells - 1}, in reading order)")
            changes[name] = cells
    drawn_items = body.get("constraints")
    if drawn_items is not None:
        changes["constraints"] = item.rules.constraints + _constraints(drawn_items, item.n)
    for name in ("all_dots", "all_xv"):
        if flag_field(body, name):
            changes[name] = True
    try:
        rules = item.rules.replace(**changes) if changes else item.rules
        if variant:
            rules = rules.with_preset(variant)
        return item.with_rules(rules)
    except (SudokuError, TypeError) as e:
        raise BadRequest(f"{_rules_field(body)}: {e}") from None


def _constraints(items: object, n: int) -> tuple[Constraint, ...]:
    """The constraints of a request's ``constraints`` field, each checked for its kind and
    for an N x N grid (an error names the item)."""
    if not isinstance(items, list):
        raise BadRequest("'constraints' must be a list of objects such as "
                         '{"kind": "Cage", "cells": [0, 1], "total": 3}')
    out = []
    for k, item in enumerate(items):
        try:
            constraint = drawn.from_json(item)
            constraint.check(n)
        except (ValueError, SudokuError) as e:
            raise BadRequest(f"'constraints' item {k + 1}: {e}") from None
        out.append(constraint)
    return tuple(out)


def _rules_field(body: dict[str, Any]) -> str:
    """The rule fields of a request, quoted, to name where a bad rule came from."""
    return ", ".join(f"'{name}'" for name in RULE_FIELDS if body.get(name) is not None)


def variant_field(body: dict[str, Any]) -> str | None:
    """The preset names of ``variant`` (``"x+anti-knight"``), checked; None when absent."""
    variant = string_field(body, "variant")
    if not variant:
        return None
    if len(variant) > 200:
        raise BadRequest("'variant' is longer than 200 characters")
    try:
        parse_names(variant)
    except (SudokuError, TypeError) as e:
        raise BadRequest(f"'variant': {e}") from None
    return variant


def check_size(n: int, op: str, max_size: int) -> None:
    if n > max_size:
        raise BadRequest(f"a {n}x{n} puzzle is larger than this server's limit for {op}: "
                         f"{max_size}x{max_size}", status=413)


def player_grid(body: dict[str, Any], puzzle: Grid | Candidates) -> Grid | None:
    text = string_field(body, "grid")
    if text is None:
        return None
    try:
        items = formats.loads(text, None, None if puzzle.shape.is_natural() else
                              (puzzle.shape.box_rows, puzzle.shape.box_cols))
    except SudokuError as e:
        raise BadRequest(f"'grid': {e}") from None
    if len(items) != 1:
        raise BadRequest(f"'grid' must hold one grid; it holds {len(items)}")
    grid = items[0]
    grid = grid.to_grid() if isinstance(grid, Candidates) else grid
    if grid.shape != puzzle.shape:
        raise BadRequest(f"'grid' is {grid.n}x{grid.n}, the puzzle {puzzle.n}x{puzzle.n}")
    return grid


def player_candidates(body: dict[str, Any], digits: Grid) -> Candidates | None:
    """The board the player sees: the digits of ``digits``, and in each blank the pencil
    marks of the request's ``candidates`` that no digit among its peers rules out (every
    digit they allow where the player wrote none)."""
    value = body.get("candidates")
    if value is None:
        return None
    shape = digits.shape
    if not isinstance(value, list) or len(value) != shape.ncells:
        got = f"{len(value)} entries" if isinstance(value, list) else type(value).__name__
        raise BadRequest(f"'candidates' must be a list of {shape.ncells} candidate masks, one "
                         f"per cell, got {got}")
    allowed = Candidates.pencilmarks(digits).masks
    masks = []
    most = shape.full_mask
    for cell, (mask, v, full) in enumerate(zip(value, digits.cells, allowed, strict=True)):
        if type(mask) is not int or not 0 <= mask <= most:  # (a bool is no mask either)
            raise BadRequest(f"'candidates' at {shape.cell_name(cell)}: {json.dumps(mask)[:40]} "
                             f"is not a candidate mask (a whole number from 0 to {most})")
        masks.append(full if v or not mask else mask & full)
    return Candidates(masks, shape)
