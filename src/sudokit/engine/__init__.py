"""The one place that picks and builds a search engine: by the puzzle's shape, compiled or
pure Python (``sudokit.batch`` picks the device). It may import the compiled kernels, the
argument checks and the values under them, and nothing above.

Two engines search for solutions, with one face (:class:`Engine`): ``_kernel9.Kernel9``,
the 9x9 band kernel, and ``_core.Search``, the general engine for any box shape. Each is a
:class:`Backend` in :data:`BACKENDS`, the first whose ``fits`` accepts a shape wins; adding
an engine is one module with that face and one line in the table. Puzzles under other rules
than the classic ones (:class:`~sudokit.rules.Rules`) go to a third, ``engine._rules``,
which takes any houses and the other constraints as tables: :func:`rules_engine` and
:func:`rows_solver` pick it, and classic rules keep the engines above. Rules with cages,
lines, dots or signs get its extension, ``engine._propagators``, which reads them from
the flat tables of ``engine.tables`` and counts a full board a solution only when it keeps
them all.

Every engine module is ordinary Python compiled by Cython when the package is built; the
compiled extension is used when there is one. The pure-Python source runs instead when
``SUDOKIT_PURE_PYTHON=1`` is set, or inside ``with engine.pure_python():`` (as the tests
do, to check that both give the same answers):

>>> from sudokit import Grid, engine, search
>>> with engine.pure_python():
...     search(Grid.empty(4), limit=3).count
3
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple, Protocol

from .._compiled import ENGINE_MODULES, PLAIN_MODULES
from ..rules import Rules
from ..shape import Shape
from ..sheets import Sheet
from .peers import peers_of
from .tables import constraint_tables

if TYPE_CHECKING:
    import numpy as np

PURE_ENV = "SUDOKIT_PURE_PYTHON"

#: What ``Engine.run`` returns when the search is over (it found ``limit`` solutions or
#: proved there are no more); any other value means it paused at its budget.
DONE = 0


class Engine(Protocol):
    """A search over the puzzles of one shape. It holds mutable state: one per thread."""

    def reset(self, cells: Sequence[int], limit: int) -> bool:
        """Load a puzzle (N*N digits, 0 for a blank) to find up to ``limit`` solutions of;
        False when its givens already clash."""
        ...

    def reset_masks(self, masks: Sequence[int], limit: int) -> bool:
        """Load a board of candidates (one bit mask per cell); False when a cell has none."""
        ...

    def run(self, budget: int) -> int:
        """Search for up to ``budget`` rounds of propagation: DONE, or not yet."""
        ...

    def counts(self) -> tuple[int, int]:
        """(solutions found so far, guesses made so far)."""
        ...

    def solution(self) -> list[int]:
        """The first solution found, as N*N digits."""
        ...


#: solve_rows(puzzles, solutions, counts, guesses, limit): every row of a (B, N*N) uint8
#: array searched, its first solution, count and guesses written into the other arrays.
RowsSolver = Callable[["np.ndarray", "np.ndarray", "np.ndarray", "np.ndarray", int], None]


class Backend(NamedTuple):
    """An engine: the module it lives in, the shapes it takes, and how to build it."""

    name: str
    module: str
    fits: Callable[[Shape], bool]
    build: Callable[[ModuleType, Shape], Engine]
    rows: Callable[[ModuleType, Shape], RowsSolver]


def _is_9x9(shape: Shape) -> bool:
    return shape.box_rows == 3 and shape.box_cols == 3


def peers_and_units(shape: Shape) -> tuple[list[int], list[int]]:
    """The flat lists of every cell's peers and every unit's cells, as the engines take
    them (``Search(n, peers, units)``)."""
    peers = [p for cell_peers in shape.peers for p in cell_peers]
    units = [c for unit in shape.units for c in unit]
    return peers, units


def _build_search(module: ModuleType, shape: Shape) -> Engine:
    search: Engine = module.Search(shape.n, *peers_and_units(shape))
    return search


def _search_rows(module: ModuleType, shape: Shape) -> RowsSolver:
    """The general engine over an array, one puzzle at a time (its ``run`` lets go of the
    GIL, so threads on separate slices of rows run in parallel)."""
    return _rows_one_by_one(lambda: _build_search(module, shape))


def _rows_one_by_one(build: Callable[[], Engine]) -> RowsSolver:
    """A rows solver that runs an engine ``build`` makes over the rows, one at a time."""

    def solve_rows(puzzles: np.ndarray, solutions: np.ndarray, counts: np.ndarray,
                   guesses: np.ndarray, limit: int) -> None:
        search = build()
        for r in range(puzzles.shape[0]):
            if search.reset(puzzles[r].tolist(), limit):
                while search.run(1 << 30) != DONE:
                    pass
            count, made = search.counts()
            counts[r] = count
            guesses[r] = made
            if count:
                solutions[r] = search.solution()

    return solve_rows


#: The engines, most specialised first: the first that fits a shape is used.
BACKENDS: list[Backend] = [
    Backend("kernel9", "_kernel9", _is_9x9, lambda m, s: m.Kernel9(),
            lambda m, s: m.solve_rows),
    Backend("core", "_core", lambda s: True, _build_search, _search_rows),
]


# -- compiled or pure Python ----------------------------------------------------------
def forced_pure() -> bool:
    """Whether the pure-Python source is to run instead of the compiled modules."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


@contextlib.contextmanager
def pure_python() -> Iterator[None]:
    """Run the engines from their pure-Python source inside the ``with`` block (worker
    processes started inside it too). The compiled modules already imported by other
    parts of the package stay as they are: this picks the engines only."""
    before = os.environ.get(PURE_ENV)
    os.environ[PURE_ENV] = "1"
    try:
        yield
    finally:
        if before is None:
            del os.environ[PURE_ENV]
        else:
            os.environ[PURE_ENV] = before


@contextlib.contextmanager
def compiled() -> Iterator[None]:
    """The opposite of :func:`pure_python`: the compiled engines (when built) in the block."""
    before = os.environ.pop(PURE_ENV, None)
    try:
        yield
    finally:
        if before is not None:
            os.environ[PURE_ENV] = before


#: The package's folder: the sources of the compiled modules, by their dotted names under it.
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_pure(name: str) -> ModuleType:
    """Load ``sudokit.<name>`` from its .py source even when a compiled module shadows it."""
    qualified = f"sudokit.{name}_pure"
    if qualified in sys.modules:
        return sys.modules[qualified]
    _engine_module(name, "load_pure")
    path = os.path.join(_ROOT, *name.split(".")) + ".py"
    spec = importlib.util.spec_from_file_location(qualified, path)
    if spec is None or spec.loader is None:  # pragma: no cover - the source ships with us
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[qualified] = module
    spec.loader.exec_module(module)
    return module


def load(name: str) -> ModuleType:
    """The engine module ``sudokit.<name>``: compiled, unless the pure switch is on."""
    if forced_pure():
        return load_pure(name)
    try:
        return importlib.import_module(f"sudokit.{name}")
    except (ModuleNotFoundError, TypeError):
        _engine_module(name, "load")
        raise


def _engine_module(name: object, function: str) -> None:
    """ValueError unless ``name`` names a compiled module (see ``_compiled.py``)."""
    if not isinstance(name, str) or f"sudokit.{name}" not in ENGINE_MODULES + PLAIN_MODULES:
        raise ValueError(f"{function}: {name!r} is not an engine module (such as '_core' or "
                         f"'_kernel9')")


def is_compiled(name: str = "_core") -> bool:
    """Whether the engine module ``name`` that would run now is the compiled one."""
    result: bool = load(name).is_compiled()
    return result


def core_name() -> str:
    """'compiled' or 'pure-Python': what ``sudoku --version`` reports."""
    return "compiled" if is_compiled() else "pure-Python"


# -- choosing and building ------------------------------------------------------------
#: The devices an array of puzzles may be asked to run on.
DEVICES = ("cpu", "gpu", "auto")


def checked_shape(shape: object, function: str) -> Shape:
    """``shape`` when it is a :class:`~sudokit.shape.Shape`, else TypeError."""
    if not isinstance(shape, Shape):
        raise TypeError(f"{function}: shape must be a Shape (such as Shape(3, 3)), not "
                        f"{type(shape).__name__}")
    return shape


def backend_for(shape: Shape) -> Backend:
    """The engine that solves puzzles of this shape."""
    checked_shape(shape, "backend_for")
    for backend in BACKENDS:
        if backend.fits(shape):
            return backend
    raise LookupError(f"no engine takes {shape.n}x{shape.n} puzzles")  # pragma: no cover


_local = threading.local()


def engine_for(shape: Shape, backend: Backend | None = None) -> Engine:
    """This thread's engine for puzzles of ``shape`` (the one :func:`backend_for` picks,
    unless ``backend`` is given), built on first use and kept: engines hold mutable state,
    and building one costs more than a search of an easy puzzle."""
    cache: dict[tuple[Shape, str], Engine] = _local.__dict__.setdefault("engines", {})
    if not isinstance(shape, Shape):  # (checked here, not by a call: this runs per search)
        checked_shape(shape, "engine_for")
    backend = backend or backend_for(shape)
    module = load(backend.module)
    key = (shape, module.__name__)
    found = cache.get(key)
    if found is None:
        found = cache[key] = backend.build(module, shape)
    return found


def general_engine(shape: Shape) -> Engine:
    """This thread's general engine for ``shape``, whatever more specialised one exists."""
    return engine_for(shape, BACKENDS[-1])


def rows_solver(shape: Shape, rules: Rules | None = None) -> RowsSolver:
    """The function that searches a whole (B, N*N) array of puzzles of ``shape``: the 9x9
    kernel's loop in compiled code, or the general engine puzzle by puzzle; under
    ``rules`` other than the classic ones, the rules engine puzzle by puzzle."""
    if rules is not None and not rules.is_classic:
        return _rows_one_by_one(lambda: _build_rules_search(load(RULES_MODULE), rules))
    backend = backend_for(shape)
    return backend.rows(load(backend.module), shape)


#: The engine for any rules (houses of any shape, extra pairs, neighbours, restrictions).
RULES_MODULE = "engine._rules"

#: Engines for rules kept per thread: a puzzle's rules differ from file to file (jigsaw
#: regions), so the cache is emptied when it holds this many.
_MAX_RULES_ENGINES = 32


def rules_tables(rules: Rules) -> tuple[list[tuple[int, ...]], Sequence[Sequence[int]],
                                        list[list[int]], list[int]]:
    """(peers, houses, neighbours, cell masks) of ``rules`` as the rules engine takes them:
    per cell its peers (:func:`~sudokit.engine.peers.peers_of`, what ``rules.peers``
    says); the houses; per cell its non-consecutive neighbours; per cell its allowed
    digits. The cages, lines, dots and signs are :func:`constraint_tables`."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules_tables: rules must be a Rules, not {type(rules).__name__}")
    return _rules_tables(rules, peers_of(rules)[0])


def _rules_tables(rules: Rules, peers: list[tuple[int, ...]]
                  ) -> tuple[list[tuple[int, ...]], Sequence[Sequence[int]], list[list[int]],
                             list[int]]:
    pairs = rules.non_consecutive_pairs  # (none: one empty list, read only, for every cell)
    neighbours: list[list[int]] = [[] for _ in range(rules.size ** 2)] if pairs else \
        [[]] * rules.size ** 2
    for a, b in pairs:
        neighbours[a].append(b)
        neighbours[b].append(a)
    return (peers, rules.houses, neighbours, list(rules.cell_masks))


#: The rules engine with cages, lines, dots and signs (``engine.tables``) added.
CONSTRAINTS_MODULE = "engine._propagators"


def _build_rules_search(module: ModuleType, rules: Rules) -> Engine:
    """The rules engine for ``rules``; with constraints (or negative signs), the one that
    propagates them (``module`` names the compiled or pure choice: the same is made)."""
    peers, bits = peers_of(rules)
    if rules.constraints or rules.negative_pairs:
        # refuses a constraint it does not know, by name
        tables = constraint_tables(rules, peer_bits=bits)
        pure = module.__name__.endswith("_pure")
        extended = load_pure(CONSTRAINTS_MODULE) if pure else load(CONSTRAINTS_MODULE)
        found: Engine = extended.ConstraintSearch(rules.size, *_rules_tables(rules, peers),
                                                  tables, bits)
        return found
    search: Engine = module.RulesSearch(rules.size, *_rules_tables(rules, peers))
    return search


def build_rules_engine(rules: Rules) -> Engine:
    """A new rules engine for puzzles under ``rules`` (compiled or pure Python, as the
    switch says), kept by no one: what :func:`rules_engine` builds on first use."""
    if not isinstance(rules, Rules):
        raise TypeError(f"build_rules_engine: rules must be a Rules, not "
                        f"{type(rules).__name__}")
    return _build_rules_search(load(RULES_MODULE), rules)


def rules_engine(rules: Rules, *, general: bool = False) -> Engine:
    """This thread's engine for puzzles under ``rules``: the classic rules' own engine
    (:func:`engine_for`, or with ``general`` the general one, :func:`general_engine`),
    else the rules engine, built on first use and kept."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules_engine: rules must be a Rules, not {type(rules).__name__}")
    if rules.is_classic:
        return general_engine(rules.shape) if general else engine_for(rules.shape)
    cache: dict[tuple[Rules, str], Engine] = _local.__dict__.setdefault("rule_engines", {})
    module = load(RULES_MODULE)
    key = (rules, module.__name__)
    found = cache.get(key)
    if found is None:
        if len(cache) >= _MAX_RULES_ENGINES:
            cache.clear()
        found = cache[key] = _build_rules_search(module, rules)
    return found


def sheet_engine(sheet: Sheet) -> Engine:
    """This thread's engine for puzzles of overlapping grids on ``sheet`` (the rules engine,
    one cell per cell in play, the grids' rows, columns and boxes its houses), built on
    first use and kept."""
    if not isinstance(sheet, Sheet):
        raise TypeError(f"sheet_engine: sheet must be a Sheet, not {type(sheet).__name__}")
    cache: dict[tuple[Sheet, str], Engine] = _local.__dict__.setdefault("sheet_engines", {})
    module = load(RULES_MODULE)
    key = (sheet, module.__name__)
    found = cache.get(key)
    if found is None:
        if len(cache) >= _MAX_RULES_ENGINES:
            cache.clear()
        found = cache[key] = module.RulesSearch(
            sheet.size, sheet.peers, sheet.houses, [[]] * sheet.ncells,
            [(1 << sheet.size) - 1] * sheet.ncells)
    return found


def generator_module() -> ModuleType:
    """The puzzle maker's engine module (``_gen``), compiled or pure as the switch says."""
    return load("generator._gen")


class _SourceFirst:
    """A meta path finder that loads the compiled modules of :mod:`sudokit._compiled` from
    their .py source, so that the pure-Python switch covers every one of them."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    def find_spec(self, name: str, path: object, target: object = None) -> object:
        if name not in self.names:
            return None
        parts = name.split(".")[1:]
        source = os.path.join(_ROOT, *parts[:-1], parts[-1] + ".py")
        return importlib.util.spec_from_file_location(name, source)


def install_pure_switch() -> None:
    """When SUDOKIT_PURE_PYTHON is set at start-up, make every compiled module (the human
    solver's too) load from its source."""
    if forced_pure() and not any(isinstance(f, _SourceFirst) for f in sys.meta_path):
        names = frozenset(ENGINE_MODULES + PLAIN_MODULES)
        sys.meta_path.insert(0, _SourceFirst(names))  # type: ignore[arg-type]
