"""The floor plan of the package: which folder may import which, read from the source.

Every import of every module (at the top, inside a function, or for type checkers only) is
parsed with ``ast`` and mapped to its layer. A module may import its own layer and those
under it; the only imports that point up are the presentation hooks of :data:`HOOKS`, each
made when it is called. Without them, no import circle joins modules. docs/design.md quotes
:data:`LAYERS`.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from sudokit._compiled import LONG_MODULES

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "sudokit"

#: The layers, from the top down: a module may import its own layer and those under it.
#: Each name is a subpackage or a top-level module of ``sudokit`` ("sudokit" is the face).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("sudokit", "__main__"),
    ("cli",),
    ("web",),
    ("dask",),
    ("stream",),
    ("generator", "image", "symmetry", "analysis"),
    ("pictures",),
    ("logic",),
    ("formats",),
    ("solver", "batch"),
    ("gpu",),
    ("engine", "_core", "_kernel9", "_kernel9_simd", "_lines9"),
    ("validate",),
    ("grid", "candidates", "rules", "constraints", "shape", "errors", "messages", "sheets",
     "sheet_layout"),
    ("executors", "extras", "_compiled", "_cython_shim", "_lazy", "_version", "_moved"),
)

#: The upward imports allowed: (importing module, imported module, why). Each is made
#: inside the method that needs it, when it is called.
HOOKS: tuple[tuple[str, str, str], ...] = (
    ("sudokit.grid", "sudokit.formats", "Grid(text) reads a drawing"),
    ("sudokit.grid", "sudokit.formats.pretty", "Grid.__str__ draws the grid"),
    ("sudokit.grid", "sudokit.pictures.svg", "Grid._repr_svg_ in a notebook"),
    ("sudokit.candidates", "sudokit.pictures.svg", "Candidates._repr_svg_ in a notebook"),
    ("sudokit.logic.path", "sudokit.pictures.walkthrough", "Path._repr_html_ in a notebook"),
)

#: The modules at the top level of the package: the values, the two faces of the search,
#: the parallel map, the argument checks and the plumbing; everything else is in a folder.
TOP_LEVEL = {
    "__init__", "__main__", "_compiled", "_core", "_cython_shim", "_kernel9", "_lazy", "_lines9",
    "_moved", "_version", "batch", "candidates", "errors", "executors", "extras", "grid",
    "messages", "rules", "shape", "sheet_layout", "sheets", "solver", "validate",
}

SUBPACKAGES = {"analysis", "cli", "dask", "engine", "formats", "generator", "gpu", "image",
               "logic", "pictures", "stream", "symmetry", "web", "constraints"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _exists(name: str) -> bool:
    path = SRC.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of a module (parsed once: several tests walk every module)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def imports_of(path: Path) -> set[str]:
    """The modules of the package that ``path`` imports, anywhere in it."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "sudokit")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                assert node.level <= len(parts), f"{name}:{node.lineno} imports from above sudokit"
                base = ".".join(parts[:len(parts) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            target = target.removeprefix("cython.cimports.")
            if target.split(".")[0] != "sudokit":
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if _exists(sub) else target)
    found.discard(name)
    return found


def graph() -> dict[str, set[str]]:
    return {module_name(p): imports_of(p) for p in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> int:
    parts = module.split(".")
    room = parts[1] if len(parts) > 1 else "sudokit"
    for index, names in enumerate(LAYERS):
        if room in names:
            return index
    raise AssertionError(f"{module} is in no layer: add {room!r} to LAYERS")


def _is_hook(importer: str, imported: str) -> bool:
    return any(importer == a and imported == b for a, b, _ in HOOKS)


def test_every_import_points_down_or_is_a_named_hook() -> None:
    upward = [f"{importer} -> {imported}"
              for importer, targets in graph().items() for imported in sorted(targets)
              if layer_of(imported) < layer_of(importer) and not _is_hook(importer, imported)]
    assert not upward, "imports that point up:\n" + "\n".join(upward)


def test_the_hooks_are_still_there() -> None:
    edges = graph()
    for importer, imported, why in HOOKS:
        assert imported in edges[importer], f"{importer} no longer imports {imported} ({why})"


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for after in edges.get(node, ()):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in on_stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle_joins_modules() -> None:
    edges = {importer: {t for t in targets if not _is_hook(importer, t)}
             for importer, targets in graph().items()}
    circles = _circles(edges)
    assert not circles, "import circles:\n" + "\n".join(" <-> ".join(c) for c in circles)


def test_the_top_level_holds_only_the_values_and_the_plumbing() -> None:
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    folders = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert modules == TOP_LEVEL
    assert folders == SUBPACKAGES


def test_each_subpackage_says_what_it_owns_and_may_import() -> None:
    for name in sorted(SUBPACKAGES):
        face = ast.parse((PACKAGE / name / "__init__.py").read_text(encoding="utf-8"))
        doc = ast.get_docstring(face)
        assert doc, f"sudokit.{name} opens with no docstring"
        first = doc.split("\n\n")[0]
        assert "import" in first, f"sudokit.{name}: the first paragraph says nothing of imports"


#: CONTRIBUTING.md: modules under about 600 lines, except the kernels of
#: :data:`sudokit._compiled.LONG_MODULES`.
MAX_LINES = 600


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_modules_stay_under_600_lines_but_the_listed_kernels() -> None:
    sizes = {module_name(p): _lines(p) for p in sorted(PACKAGE.rglob("*.py"))}
    long = sorted(f"{name}: {n} lines" for name, n in sizes.items()
                  if n > MAX_LINES and name not in LONG_MODULES)
    assert not long, "modules over 600 lines (split them by idea):\n" + "\n".join(long)
    stale = sorted(f"{name}: {sizes.get(name, 'no such module')}" for name in LONG_MODULES
                   if sizes.get(name, 0) <= MAX_LINES)
    assert not stale, "LONG_MODULES lists modules no longer over 600 lines:\n" + "\n".join(stale)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _may_import_private_module(importer: str, module: str) -> bool:
    """A private module is the business of the package that holds it (and of the modules
    inside that package); the top level's private modules serve the whole package."""
    holder = module.rpartition(".")[0]
    return importer == holder or importer.startswith(holder + ".")


def private_uses(path: Path) -> list[str]:
    """Where ``path`` reaches into another module's private names: ``from m import _name``
    of a function, class or constant, ``name._attr`` on an imported module or class, or a
    private module imported from outside the package that holds it."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = parsed(path)
    imported: set[str] = set()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = (node.module or "").removeprefix("cython.cimports.")
            if target.split(".")[0] != "sudokit":
                continue
            for alias in node.names:
                imported.add(alias.asname or alias.name)
                sub = f"{target}.{alias.name}"
                if _exists(sub):
                    if _private(alias.name) and not _may_import_private_module(name, sub):
                        found.append(f"{name}:{node.lineno} imports {sub}")
                elif _private(alias.name):
                    found.append(f"{name}:{node.lineno} imports {target}.{alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "sudokit":
                    imported.add((alias.asname or alias.name).split(".")[0])
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and _private(node.attr)
                and isinstance(node.value, ast.Name) and node.value.id in imported
                and not _exists(f"{node.value.id}.{node.attr}")):
            found.append(f"{name}:{node.lineno} uses {node.value.id}.{node.attr}")
    return found


def test_no_module_uses_another_module_s_private_names() -> None:
    uses = [use for path in sorted(PACKAGE.rglob("*.py")) for use in private_uses(path)]
    assert not uses, "private names used outside their module:\n" + "\n".join(uses)


def _local_import_blocks(tree: ast.Module) -> list[list[ast.stmt]]:
    """The imports made inside functions, as runs of statements on consecutive lines."""
    nodes = {node.lineno: node for fn in ast.walk(tree)
             if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
             for node in ast.walk(fn) if isinstance(node, (ast.Import, ast.ImportFrom))}
    blocks: list[list[ast.stmt]] = []
    for node in sorted(nodes.values(), key=lambda n: n.lineno):
        if blocks and (blocks[-1][-1].end_lineno or 0) + 1 == node.lineno:
            blocks[-1].append(node)
        else:
            blocks.append([node])
    return blocks


def test_each_import_inside_a_function_says_why() -> None:
    """CONTRIBUTING.md: imports go at the top, but where start-up, an optional extra or a
    presentation hook asks otherwise, a comment beside the import (or above its run of
    imports) says so."""
    silent = []
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for block in _local_import_blocks(parsed(path)):
            first = block[0].lineno
            if first > 1 and lines[first - 2].strip().startswith("#"):
                continue
            if any("#" in lines[i] for node in block
                   for i in range(node.lineno - 1, node.end_lineno or node.lineno)):
                continue
            silent.append(f"{module_name(path)}:{first}: {lines[first - 1].strip()}")
    assert not silent, "imports inside functions with no reason beside them:\n" + "\n".join(silent)


def test_the_design_page_quotes_the_layers_as_they_are() -> None:
    """docs/design.md draws the layers from this file's LAYERS, word for word."""
    source = Path(__file__).read_text(encoding="utf-8")
    start = source.index("LAYERS: tuple")
    quoted = source[start:source.index("\n)\n", start) + 2]
    design = (SRC.parent / "docs" / "design.md").read_text(encoding="utf-8")
    assert quoted in design, "docs/design.md does not quote LAYERS as this test has it"
