"""The JSON API under ``/api/``: one POST route per operation, and ``GET /api``, which lists
them with their fields (the same table this module checks requests against).

Each route reads a JSON object, checks its fields and reads the puzzle with
:mod:`sudokit.web.requests` (bad input is answered 400 at once with the message the command
line would print), then hands the work to a worker process (:mod:`sudokit.web.pool`),
except ``convert``, which only reads and writes.
"""

from __future__ import annotations

import base64
import importlib.util
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .. import formats
from ..candidates import Candidates
from ..errors import SudokuError
from ..extras import install_hint
from ..generator.make import DIFFICULTIES, SYMMETRIES, GenerateError
from ..grid import Grid
from ..image.kinds import kind_of
from ..shape import Shape
from . import sheets
from .pool import Busy, TooLong, WorkerDied, WorkFailed
from .requests import BadRequest as BadRequest
from .requests import bad_request as bad_request
from .requests import (
    box_field,
    check_size,
    flag_field,
    format_field,
    integer_field,
    number_field,
    one_puzzle,
    player_candidates,
    player_grid,
    read_body,
    read_puzzles,
    string_field,
    under_rules,
    variant_field,
)
from .work import OPERATIONS, logic_refusal, pack, printable, with_rules

#: Seconds a worker is given beyond a search's own time limit before it is stopped.
GRACE = 1.0

#: Random grids a puzzle made for a technique may start from before the answer is "gave up"
#: (as ``sudoku create --tries``): a few ms each for the common techniques, so the answer
#: comes well within the create time limit, which stops the rarer, slower searches.
TECHNIQUE_TRIES = 3000

#: Solve and check of puzzles up to this size run in the server itself, not in a worker: the
#: compiled search answers a 9x9 in microseconds to milliseconds (and stops itself at the
#: time limit), less than the trip to a worker and back would cost.
INLINE_MAX_SIZE = 9

#: Solves and checks the server does itself in one turn of its event loop; more wait for
#: later turns (see :mod:`sudokit.web.turns`), so that under a flood of them a request for
#: a worker (a hint) still goes there and back within a few turns.
INLINE_PER_TURN = 8

#: The smallest grid create makes, as ``sudoku create``: a 3x3 or smaller is no sudoku the
#: other calls read.
CREATE_MIN_SIZE = 4


@dataclass(frozen=True)
class Field:
    """A field of a request body."""

    name: str
    kind: str
    doc: str
    required: bool = False


@dataclass(frozen=True)
class Endpoint:
    """An API call: its name (``/api/<name>``), what it does, its fields, what it answers."""

    name: str
    doc: str
    fields: tuple[Field, ...]
    answer: str
    handler: Callable[[Request, dict[str, Any]], Awaitable[dict[str, Any] | bytes]] = field(
        repr=False)


PUZZLE = Field("puzzle", "string", "a puzzle in any format sudokit reads (a line of 81 "
               "characters, a grid of numbers, a pretty picture, JSON, a candidate board...)",
               required=True)
FORMAT = Field("format", "string", "the puzzle's format, when it should not be detected: "
               + ", ".join(formats.FORMATS))
BOX = Field("box", "string", "box shape as 'RxC' (e.g. '2x4'), for a size with no natural one")
TIME_LIMIT = Field("time_limit", "number", "seconds of search at most (the server's limit "
                   "when larger or absent)")
GRID = Field("grid", "string", "the player's grid: the puzzle with digits filled in, same size")
VARIANT = Field("variant", "string", "the puzzle's rules, when not the classic ones: preset "
                "names joined with '+' (x, windoku, anti-king, anti-knight, non-consecutive, "
                "disjoint, centre-dot; jigsaw and even-odd with 'regions' or 'odd'/'even', or "
                "from a puzzle that holds them, such as an f-puzzles link), added to the "
                "rules the puzzle holds; or one of samurai, twodoku, butterfly, sohei, "
                "windmill, flower alone: a puzzle of overlapping grids, sent as its sheet "
                "text, a line per grid or a character per sheet position (a sheet text is "
                "known by its layout without it), answered with its 'sheet' and its digits "
                "by position ('cells')")
REGIONS = Field("regions", "string", "a jigsaw's regions: N*N symbols in reading order, a "
                "symbol a region (or a list of N*N region numbers)")
ODD = Field("odd", "array", "the cells that hold odd digits: cell numbers 0..N*N-1 in reading "
            "order")
EVEN = Field("even", "array", "the cells that hold even digits: cell numbers 0..N*N-1")
CONSTRAINTS = Field("constraints", "array", "cages, lines, dots and signs: objects with "
                    "\"kind\" (Cage, LittleKiller, Sandwich, Thermo, Arrow, Whisper, Renban, "
                    "Palindrome, Between, RegionSum, Entropic, Kropki, XV, GreaterThan) and "
                    "that kind's parameters by name, cells numbered 0..N*N-1 in reading order, "
                    "as the answers' \"rules\" give them")
ALL_DOTS = Field("all_dots", "boolean", "every kropki dot is given: neighbours without one "
                 "are neither consecutive nor double")
ALL_XV = Field("all_xv", "boolean", "every X and V is given: neighbours without one add up "
               "to neither 5 nor 10")
#: The fields that set a puzzle's rules.
RULES = (VARIANT, REGIONS, ODD, EVEN, CONSTRAINTS, ALL_DOTS, ALL_XV)
RULES_ANSWER = ('; under a variant\'s rules also "rules": {"variant", "name", "regions", '
                '"houses", "odd", "even", "differ", "non_consecutive", "constraints", '
                '"all_dots", "all_xv", "groups", "lines", "unmarked"}')
CANDIDATES = Field("candidates", "array", "the pencil marks the player sees: one candidate mask "
                   "per cell in reading order (bit d-1 for digit d, as 'convert' gives them); "
                   "a blank's 0 stands for every digit its peers' digits allow, a filled "
                   "cell's entry is not read")


# -- running the work -----------------------------------------------------------------------
async def _work(request: Request, op: str, kwargs: dict[str, Any], time_limit: float) -> Any:
    pool = request.app.state.pool
    try:
        if op in _INLINE and kwargs["puzzle"].n <= INLINE_MAX_SIZE:
            await request.app.state.turns.wait()
            return _inline(op, kwargs)
        return await pool.run(op, pack(kwargs), time_limit)
    except Busy:
        raise BadRequest("the server is busy: too many requests are waiting; try again "
                         "in a moment", status=503) from None
    except TooLong:
        raise BadRequest(f"{op} took longer than this server's limit of {time_limit:g} "
                         "seconds and was stopped", status=422) from None
    except WorkerDied:
        raise BadRequest(f"{op} failed: the process working on it ended (out of memory?)",
                         status=500) from None
    except WorkFailed as e:
        if e.kind in _MISSING:
            raise BadRequest(f"{op} needs what this installation lacks: {e}", status=501) from None
        if e.kind == "UnsupportedRulesError":  # well formed, but rules this work cannot honour
            raise BadRequest(str(e), status=422) from None
        if e.kind in _INPUT_ERRORS:
            raise BadRequest(str(e)) from None
        raise BadRequest(f"internal error: {e.kind}: {e}", status=500) from None


_INLINE = ("solve", "check")

#: Exceptions that say a part of sudokit, or a library it needs, is not installed.
_MISSING = {"MissingDependency", "ModuleNotFoundError", "ImportError"}


def _inline(op: str, kwargs: dict[str, Any]) -> Any:
    try:
        return OPERATIONS[op](**kwargs)
    except Exception as e:  # reported as the workers' failures are
        raise WorkFailed(type(e).__name__, str(e)) from None


#: Exceptions of the work that are the input's fault (SudokuError and its kin).
_INPUT_ERRORS = {cls.__name__ for cls in (SudokuError, GenerateError, ValueError)} | {
    "RulesError", "UnsupportedRulesError", "ParseError", "CellCountError", "SymbolError",
    "ShapeError", "ConflictError", "MixedSizeError", "GenerateGaveUp", "ImageError",
}


def _limits(request: Request) -> Any:
    return request.app.state.limits


def _refuse_logic(op: str, puzzle: Grid | Candidates) -> None:
    """A 422 for logic on a variant that this installation's logic solver cannot honour (as
    the work's own refusal of rules it cannot honour)."""
    refused = logic_refusal(op, puzzle)
    if refused is not None:
        raise BadRequest(refused, status=422)


def _time(body: dict[str, Any], request: Request) -> float:
    most = _limits(request).time_limit
    return number_field(body, "time_limit", most, 0.001, 1e9)


# -- the operations ---------------------------------------------------------------------------
async def solve(request: Request, body: dict[str, Any]) -> dict[str, Any]:
    limits = _limits(request)
    puzzle = one_puzzle(body, "solve", limits.max_size)
    seconds = min(_time(body, request), limits.time_limit)
    return await _work(request, "solve", {"puzzle": puzzle, "time_limit": seconds},
                       seconds + GRACE)


async def count(request: Request, body: dict[str, Any]) -> dict[str, Any]:
    limits = _limits(request)
    puzzle = one_puzzle(body, "count", limits.max_size)
    limit = integer_field(body, "limit", 1000, 1, limits.max_count)
    seconds = min(_time(body, request), limits.time_limit)
    return await _work(request, "count",
                       {"puzzle": puzzle, "limit": limit, "time_limit": seconds},
                       seconds + GRACE)


async def check(request: Request, body: dict[str, Any]) -> dict[str, Any]:
    limits = _limits(request)
    puzzle = one_puzzle(body, "check", limits.max_size)
    grid = player_grid(body, puzzle)
    seconds = min(_time(body, request), limits.time_limit)
    return await _work(request, "check", {"puzzle": puzzle, "grid": grid, "time_limit": seconds},
                       seconds + GRACE)


async def hint(request: Request, body: dict[str, Any]) -> dict[str, Any]:
    limits = _limits(request)
    puzzle = one_puzzle(body, "hint", limits.logic_max_size)
    _refuse_logic("hint", puzzle)
    grid = player_grid(body, puzzle)
    digits = grid if grid is not None else (
        puzzle.to_grid() if isinstance(puzzle, Candidates) else puzzle)
    board = player_candidates(body, digits)
    return await _work(request, "hint", {"puzzle": puzzle, "grid": grid, "candidates": board},
                       limits.time_limit)



async def explain(request: Request, body: dict[str, Any]) -> dict[str, Any]:
    limits = _limits(request)
    puzzle = one_puzzle(body, "explain", limits.logic_max_size)
    _refuse_logic("explain", puzzle)
    return await _work(request, "explain",
                       {"puzzle": puzzle, "guess": flag_field(body, "guess")},
                       limits.time_limit)


async def rate(request: Request, body: dict[str, Any]) -> dict[str, Any]:
    limits = _limits(request)
    puzzle = one_puzzle(body, "rate", limits.logic_max_size)
    _refuse_logic("rate", puzzle)
    return await _work(request, "rate", {"puzzle": puzzle}, limits.time_limit)


async def create(request: Request, body: dict[str, Any]) -> dict[str, Any]:
    limits = _limits(request)
    size = integer_field(body, "size", 9, CREATE_MIN_SIZE, limits.logic_max_size)
    box = box_field(body)
    try:
        Shape.for_size(size, box)
    except SudokuError as e:
        raise BadRequest(str(e)) from None
    # "" is a value given, refused as ``sudoku create --difficulty ''`` is; null is absent
    difficulty = string_field(body, "difficulty")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise BadRequest(f"unknown difficulty {difficulty!r} (one of: {', '.join(DIFFICULTIES)})")
    symmetry = string_field(body, "symmetry")
    symmetry = "none" if symmetry is None else symmetry
    if symmetry not in SYMMETRIES and symmetry != "full":
        raise BadRequest(f"unknown symmetry {symmetry!r} (one of: {', '.join(SYMMETRIES)})")
    seed = string_field(body, "seed")
    if seed is not None and len(seed) > 100:
        raise BadRequest("'seed' is longer than 100 characters")
    technique = string_field(body, "technique")
    cleanness = integer_field(body, "cleanness", 0, 0, 3)
    if technique is None:
        if body.get("cleanness") is not None:
            raise BadRequest("'cleanness' goes with 'technique'")
    else:
        if len(technique) > 200:
            raise BadRequest("'technique' is longer than 200 characters")
        if size != 9:
            raise BadRequest(f"a puzzle made for a technique is 9x9, not {size}x{size}")
        if box is not None and box != (3, 3):
            raise BadRequest(f"a puzzle made for a technique has 3x3 boxes, not "
                             f"{box[0]}x{box[1]}")
        box = None  # the 9x9's own boxes
        if difficulty is not None:
            raise BadRequest("ask for a 'difficulty' or a 'technique', not both")
        if symmetry != "none":
            raise BadRequest("a puzzle made for a technique has no 'symmetry' to choose")
    variant = variant_field(body)
    if variant is not None and technique is not None:
        raise BadRequest("a puzzle made for a technique has the classic rules: ask for a "
                         "'variant' or a 'technique', not both")
    tries = None if technique is None else TECHNIQUE_TRIES
    return await _work(request, "create", {"size": size, "box": box, "difficulty": difficulty,
                                           "seed": seed, "symmetry": symmetry,
                                           "technique": technique, "cleanness": cleanness,
                                           "tries": tries, "variant": variant},
                       limits.create_time_limit)


async def print_pdf(request: Request, body: dict[str, Any]) -> bytes:
    limits = _limits(request)
    puzzle = one_puzzle(body, "print", limits.logic_max_size)
    title = string_field(body, "title") or "Sudoku"
    if len(title) > 200:
        raise BadRequest("'title' is longer than 200 characters")
    if not printable():
        raise BadRequest("printing to PDF is not part of this installation of sudokit",
                         status=501)
    return bytes(await _work(request, "print", {
        "puzzle": puzzle, "answers": flag_field(body, "answers"),
        "walkthrough": flag_field(body, "walkthrough"), "title": title,
    }, limits.create_time_limit))


async def read_photo(request: Request, body: dict[str, Any]) -> dict[str, Any]:
    limits = _limits(request)
    text = string_field(body, "photo_base64")
    if text is None:
        raise BadRequest("read needs 'photo_base64': a photo's bytes (JPEG, PNG or WebP) in "
                         "base64")
    try:
        photo = base64.b64decode(text, validate=True)
    except ValueError:
        raise BadRequest("'photo_base64' is not base64") from None
    if kind_of(photo) is None:
        raise BadRequest("'photo_base64' is not a JPEG, PNG or WebP picture")
    if importlib.util.find_spec("cv2") is None:
        raise BadRequest(f"reading photos needs the photo extra ({install_hint('photo')})",
                         status=501)
    return await _work(request, "read", {"photo": photo}, limits.time_limit)


async def convert(request: Request, body: dict[str, Any]) -> dict[str, Any]:
    limits = _limits(request)
    asked = format_field(body, "to")
    if asked == "binary":
        raise BadRequest("the binary format cannot be sent as JSON text; pick another 'to'")
    items = [under_rules(body, item) for item in read_puzzles(body)]
    for item in items:
        check_size(item.n, "convert", limits.max_size)
    first = items[0]
    to = asked or _holding(first)
    if len(items) > 1 and formats.spec(to).one_per_input:
        # said as ``sudoku convert`` says it (the library's dumps raises a ValueError here)
        raise BadRequest(f"the {to} format holds one puzzle per file; write the others to "
                         "other files or choose another format")
    try:
        text = formats.dumps(items, to)
    except SudokuError as e:
        raise BadRequest(str(e)) from None
    grid = first.to_grid() if isinstance(first, Candidates) else first
    return with_rules({
        "output": text,
        "count": len(items),
        "size": first.n,
        "box": [first.shape.box_rows, first.shape.box_cols],
        # the first puzzle as numbers, for a page that shows it (0: blank)
        "cells": list(grid.cells),
        "candidates": list(first.masks) if isinstance(first, Candidates) else None,
    }, first)


def _holding(item: Grid | Candidates) -> str:
    """The format a puzzle is written in when none is asked for: line, or for a variant's
    puzzle the first format that holds its rules (line, which refuses them, where none)."""
    if isinstance(item, Candidates) or item.rules.is_classic:
        return "line"
    names = set(item.rules.names)
    for name in formats.FORMATS:
        if names <= getattr(formats.spec(name), "rules", frozenset()):
            return name
    return "line"


ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint("solve", "one solution of the puzzle, and whether it is the only one",
             (PUZZLE, FORMAT, BOX, *RULES, TIME_LIMIT),
             '{"status": "solved" | "no solution" | "timed out", "solution": line or null, '
             '"unique": bool}' + RULES_ANSWER, solve),
    Endpoint("count", "how many solutions, counting no further than 'limit'",
             (PUZZLE, FORMAT, BOX, *RULES, TIME_LIMIT,
              Field("limit", "integer", "stop counting here (default 1000)")),
             '{"count": int, "limit": int, "complete": bool (false: stopped by the time '
             'limit, count is a lower bound), "status": str}', count),
    Endpoint("check", "is the puzzle free of conflicts and unique; with 'grid', is every digit "
             "filled in still right (without saying which digit goes where)",
             (PUZZLE, FORMAT, BOX, *RULES, TIME_LIMIT, GRID),
             '{"conflicts": [...], "solutions": 0|1|2, "unique": bool, "message": str, '
             '"progress": {"checked", "wrong", "filled", "blanks", "message"} with grid}'
             + RULES_ANSWER, check),
    Endpoint("hint", "the next step: a digit filled in wrongly first, else the easiest "
             "logical step, with a nudge (the technique's name) and the whole step",
             (PUZZLE, FORMAT, BOX, *RULES, GRID, CANDIDATES),
             '{"kind": "step" | "mistake" | "none", "nudge": str, "step": {technique, level, '
             'score, cells, placements, eliminations, text} or null, "cells" (mistakes), '
             '"text": str, "solutions": int, "solved": bool, "notes": [...]}' + RULES_ANSWER, hint),
    Endpoint("explain", "every step of the logical path, with the rating when it ends solved",
             (PUZZLE, FORMAT, BOX, *RULES,
              Field("guess", "boolean", "go on by trial and error where logic is stuck")),
             '{"solved": bool, "solutions": int, "steps": [...], "notes": [...], '
             '"rating": {...} when solved, "reached": line when stuck}' + RULES_ANSWER,
             explain),
    Endpoint("rate", "the puzzle's level, score and effort",
             (PUZZLE, FORMAT, BOX, *RULES),
             '{"level", "score", "effort", "hodoku_level", "hardest", "steps", "guesses", '
             '"solutions", "scale", "notes"}', rate),
    Endpoint("create", "a new puzzle with exactly one solution; with 'technique', a 9x9 "
             "puzzle that needs that technique and nothing harder",
             (Field("size", "integer", "side of the grid, from 4 to the server's "
                    "logic_max_size (default 9)"), BOX,
              Field("difficulty", "string", "rated level: " + ", ".join(DIFFICULTIES)),
              Field("symmetry", "string", "pattern of givens: " + ", ".join(SYMMETRIES)),
              Field("seed", "string", "the same seed and options make the same puzzle "
                    "(drawn at random and returned when absent)"),
              Field("technique", "string", "a technique's key or name, or several "
                    "comma-separated (the puzzle needs one of them); 'techniques' in GET /api "
                    "lists them"),
              Field("cleanness", "integer", "with 'technique': 0 (default) any easier steps, "
                    "1 the simple technique set before and after, 2 the simple set before "
                    "and singles after, 3 singles only"),
              Field("variant", "string", "make it under these rules: preset names joined "
                    "with '+' (a jigsaw gets regions of its own, an even-odd its odd and "
                    "even cells)")),
             '{"puzzle": line, "size", "box", "seed", "difficulty" (the rated level with '
             '\'technique\'), "symmetry", "givens"; with \'technique\': "technique" (the '
             'step\'s name), "cleanness", "score", "hardest"}' + RULES_ANSWER,
             create),
    Endpoint("print", "a PDF booklet of the puzzle, with its answer and solving path on request "
             "(where this installation can print: see 'printable' in GET /api)",
             (PUZZLE, FORMAT, BOX, *RULES, Field("title", "string", "the booklet's title"),
              Field("answers", "boolean", "add the answer"),
              Field("walkthrough", "boolean", "add the solving path, step by step")),
             "the PDF itself (application/pdf); 501 where printing is not installed",
             print_pdf),
    Endpoint("read", "the puzzle in a photo of a printed 9x9 sudoku, with how sure the "
             "reading is of each cell (send the photo scaled down: the body limit holds)",
             (Field("photo_base64", "string", "the photo's bytes (JPEG, PNG or WebP) in base64",
                    required=True),),
             '{"puzzle": line, "size", "box", "cells", "confidence": per cell, "doubtful": '
             'cell names read with less confidence, "choices": {cell: [[digit, p], ...]} '
             'for those, "solutions": 0|1|2, "unique": bool, "corners": the grid\'s corners '
             'in the photo\'s pixels, "changes": [{"cell", "from", "to", "probability"}] '
             'the cells the solver\'s check changed (0 a blank)}', read_photo),
    Endpoint("convert", "the puzzles of the text written in another format",
             (PUZZLE, Field("puzzle_base64", "string", "a file's bytes in base64 instead of "
                            "'puzzle' (the binary format)"), FORMAT, BOX, *RULES,
              Field("to", "string", "output format (default line; for a variant's puzzle the "
                    "first that holds its rules): "
                    + ", ".join(f for f in formats.FORMATS if f != "binary"))),
             '{"output": str, "count": int, "size", "box", "cells": the first puzzle\'s '
             'numbers (0 blank), "candidates": its masks for a candidate board}' + RULES_ANSWER,
             convert),
)


def _route(endpoint: Endpoint) -> Route:
    known = {f.name for f in endpoint.fields}

    async def handle(request: Request) -> Response:
        body = await read_body(request)
        unknown = [name for name in body if name not in known]
        if unknown:
            # a misspelt field ("dificulty") would otherwise be ignored: a wrong answer
            raise BadRequest(f"{endpoint.name} has no field {json.dumps(unknown[0])}; its "
                             f"fields are: {', '.join(f.name for f in endpoint.fields)}")
        # puzzles of overlapping grids: named by their variant, or their text's own
        found = sheets.sheet_named(body) or sheets.sheet_texts(body)
        if found is not None:
            answer = await sheets.answer(endpoint.name, request, body, found, _work)
        else:
            answer = await endpoint.handler(request, body)
        if isinstance(answer, bytes):
            return Response(answer, media_type="application/pdf",
                            headers={"Content-Disposition": 'attachment; filename="sudoku.pdf"'})
        return JSONResponse(answer)

    return Route(f"/api/{endpoint.name}", handle, methods=["POST"], name=endpoint.name)


async def listing(request: Request) -> Response:
    """``GET /api``: every call, its fields and its answer, and this server's limits."""
    limits = _limits(request)
    return JSONResponse({
        "calls": [
            {"path": f"/api/{e.name}", "method": "POST", "doc": e.doc,
             "fields": [{"name": f.name, "type": f.kind, "required": f.required, "doc": f.doc}
                        for f in e.fields],
             "answer": e.answer}
            for e in ENDPOINTS
        ],
        "errors": "4xx/5xx answers are {\"error\": message}: 400 bad input, 403 sent by "
                  "a page of another site, 404 no such call, 405 wrong method, 408 the "
                  "request took too long to arrive, 413 body or puzzle too large, 415 body "
                  "not sent as application/json, 422 past the time limit or rules the work "
                  "cannot honour, 501 not installed "
                  "here, 503 busy",
        "printable": printable(),
        "techniques": _techniques(),
        "limits": {"max_body": limits.max_body, "max_size": limits.max_size,
                   "logic_max_size": limits.logic_max_size, "time_limit": limits.time_limit,
                   "create_time_limit": limits.create_time_limit,
                   "max_count": limits.max_count, "queue": limits.queue},
    })


def _techniques() -> list[dict[str, Any]]:
    """The techniques a puzzle can be made for (the default ladder past the singles, and
    those outside it, each in its place; ``optional`` marks those: a puzzle made for one is
    rated by the default ladder with it), in ladder order."""
    from ..generator.targeted import SINGLES
    from ..logic.select import ORDER  # the rater: loaded when the list is asked for
    from ..logic.techniques import OPTIONAL

    return [{"key": t.key, "name": t.name, "level": str(t.level), "score": t.score,
             "optional": t in OPTIONAL}
            for t in ORDER if t.key not in SINGLES]


async def openapi(request: Request) -> Response:
    """``GET /api/openapi.json``: the same table as an OpenAPI 3.1 document, for tools that
    read one (request bodies only: the answers are described in words)."""
    from .._version import __version__  # only the request that needs it: the server starts fast

    paths = {}
    for e in ENDPOINTS:
        properties = {f.name: {"type": f.kind, "description": f.doc} for f in e.fields}
        # a field the call lacks is refused (400), so the schema allows no others
        schema: dict[str, Any] = {"type": "object", "properties": properties,
                                  "additionalProperties": False}
        required = [f.name for f in e.fields if f.required]
        if required:
            schema["required"] = required
        error_schema = {"$ref": "#/components/schemas/Error"}
        error = {"description": "{\"error\": message}",
                 "content": {"application/json": {"schema": error_schema}}}
        paths[f"/api/{e.name}"] = {"post": {
            "operationId": e.name,
            "summary": e.doc,
            "requestBody": {"required": True,
                            "content": {"application/json": {"schema": schema}}},
            "responses": {
                "200": {"description": e.answer, "content": (
                    {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}
                    if e.handler is print_pdf else
                    {"application/json": {"schema": {"type": "object"}}})},
                **{code: error for code in ("400", "403", "413", "415", "422", "501", "503")},
            },
        }}
    return JSONResponse({
        "openapi": "3.1.0",
        "info": {"title": "sudokit", "version": __version__,
                 "description": "Solve, count, check, hint, explain, rate, create and convert "
                                "sudoku puzzles."},
        "paths": paths,
        "components": {"schemas": {"Error": {
            "type": "object", "properties": {"error": {"type": "string"}},
            "required": ["error"]}}},
    })


def routes() -> list[Route]:
    """The API's routes."""
    return [Route("/api", listing, methods=["GET"]),
            Route("/api/openapi.json", openapi, methods=["GET"]),
            *(_route(e) for e in ENDPOINTS)]
