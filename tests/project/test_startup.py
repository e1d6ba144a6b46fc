"""`sudoku solve` of one puzzle loads only what solving needs: the modules of the other
commands (the web server, a cluster, PDF output, the GPU, the logic engine) stay unloaded,
and a plain puzzle line needs not even the parser or the formats, so that the command
starts fast. A test of what is imported, not of how long it takes."""

from __future__ import annotations

import subprocess
import sys

PUZZLE = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...\n"
SOLUTION = "953168742862734951417952836746893125281645397395271468138529674574386219629417583\n"

#: Modules a solve has no use for (each brought in by one other command, or by none).
NOT_NEEDED = [
    "socket", "webbrowser", "subprocess", "selectors", "difflib",  # serve; a mistyped command
    "dataclasses", "inspect", "json", "string",  # slow to import; a solve of lines needs none
    "starlette", "uvicorn", "dask", "distributed", "reportlab", "numba", "numpy",
    "sudokit.logic", "sudokit.web", "sudokit.gpu", "sudokit.dask", "sudokit.cluster",
    "sudokit.generator",
    # formats other than the input's: detection does without their modules
    "sudokit.formats.csv", "sudokit.formats._delimited", "sudokit.formats.sdk",
    "sudokit.formats.hodoku", "sudokit.formats.json",
    # the other commands' own modules
    "sudokit.cli.check", "sudokit.cli.count", "sudokit.cli.create", "sudokit.cli.rate",
    "sudokit.cli.explain", "sudokit.cli.hint", "sudokit.cli.serve", "sudokit.cli.completion",
]

# The child runs the command in-process and then names the modules it loaded beyond those a
# bare interpreter has (site-packages may load modules of their own at start-up).
PROGRAM = """
import sys
bare = set(sys.modules)
from sudokit.cli import run
status = run(sys.argv[1:])
sys.stdout.flush()
loaded = sorted(set(sys.modules) - bare)
print("LOADED", " ".join(loaded), file=sys.stderr)
sys.exit(status)
"""


def _bare_modules() -> set[str]:
    out = subprocess.run([sys.executable, "-c", "import sys; print(' '.join(sys.modules))"],
                         capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def _loaded_by(args: list[str], stdin: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    done = subprocess.run([sys.executable, "-c", PROGRAM, *args], input=stdin,
                          capture_output=True, text=True, timeout=120)
    lines = [s for s in done.stderr.splitlines() if s.startswith("LOADED")]
    assert lines, done.stderr
    return done, set(lines[-1].split()[1:]) - _bare_modules()


#: What the line path of a solve (a plain puzzle line in, its solution out) does without:
#: the parser, the formats, the grid and search objects, the engine picker, typing.
NOT_NEEDED_FOR_LINES = [
    *NOT_NEEDED, "argparse", "typing", "re", "tempfile", "sudokit.formats", "sudokit.grid",
    "sudokit.shape", "sudokit.solver", "sudokit.stream.records", "sudokit.stream.dataset",
    "sudokit.stream.bench", "sudokit.engine", "sudokit.batch",
    "sudokit.cli.solve", "sudokit.cli._output", "sudokit.cli._inputs",
    "signal", "importlib", "warnings",  # (`signal` makes enums of its constants at import)
]


def _unexpected(loaded: set[str], not_needed: list[str]) -> list[str]:
    return sorted(m for m in loaded
                  if m in not_needed or any(m.startswith(n + ".") for n in not_needed))


def test_solving_one_puzzle_line_loads_only_the_line_path() -> None:
    for args in (["solve"], ["solve", "--to", "line", "--unique", "-j", "1"], ["-"]):
        done, loaded = _loaded_by(args, "# one puzzle\n" + PUZZLE)
        assert done.returncode == 0, done.stderr
        assert done.stdout == "# one puzzle\n" + SOLUTION
        assert "sudokit._lines9" in loaded  # the check sees what the command imported
        unexpected = _unexpected(loaded, NOT_NEEDED_FOR_LINES)
        assert not unexpected, f"sudoku {' '.join(args)} imported {unexpected}"


def test_counting_one_puzzle_line_loads_only_the_line_path() -> None:
    for args in (["count"], ["count", "--limit", "2", "-j", "1", "-"]):
        done, loaded = _loaded_by(args, "# one puzzle\n" + PUZZLE)
        assert done.returncode == 0, done.stderr
        assert done.stdout == "1\n"
        assert "sudokit._lines9" in loaded
        unexpected = _unexpected(loaded, NOT_NEEDED_FOR_LINES)
        assert not unexpected, f"sudoku {' '.join(args)} imported {unexpected}"


def test_solving_one_puzzle_loads_no_other_commands_modules() -> None:
    # the ordinary path (a line with a field after the puzzle) loads the formats, no more
    done, loaded = _loaded_by(["solve"], PUZZLE.strip() + " 7.2\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout == SOLUTION.strip() + " 7.2\n"
    assert "sudokit.formats" in loaded
    unexpected = _unexpected(loaded, NOT_NEEDED)
    assert not unexpected, f"sudoku solve imported {unexpected}"


def test_a_long_input_of_plain_lines_loads_no_formats() -> None:
    done, loaded = _loaded_by(["solve"], PUZZLE * 1000)  # past the first 64 KiB
    assert done.returncode == 0, done.stderr
    assert done.stdout == SOLUTION * 1000
    unexpected = _unexpected(loaded, NOT_NEEDED_FOR_LINES)
    assert not unexpected, f"sudoku solve imported {unexpected}"


def test_several_threads_on_the_line_path_load_no_thread_pool_modules() -> None:
    # concurrent.futures, threading and the executors' typing take longer to import than
    # the threads save on an input of thousands of puzzles
    for command in ("solve", "count"):
        done, loaded = _loaded_by([command, "-j", "2"], PUZZLE * 2000)
        assert done.returncode == 0, done.stderr
        assert done.stdout == (SOLUTION if command == "solve" else "1\n") * 2000
        unexpected = _unexpected(loaded, [*NOT_NEEDED_FOR_LINES, "concurrent", "threading",
                                          "queue", "sudokit.executors"])
        assert not unexpected, f"sudoku {command} -j 2 imported {unexpected}"


def test_a_line_of_another_form_is_read_by_the_line_reader() -> None:
    # past the first 64 KiB of plain lines, the line path hands such a line to the
    # formats, which load then (and only then)
    done, loaded = _loaded_by(["solve"], PUZZLE * 1000 + PUZZLE.strip() + " 7.2\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout == SOLUTION * 1000 + SOLUTION.strip() + " 7.2\n"
    assert {"sudokit._lines9", "sudokit.formats"} <= loaded
    assert not _unexpected(loaded, NOT_NEEDED)


def test_building_the_parser_loads_no_server_modules() -> None:
    # every command's options are registered for --help: that must not load their work
    code = ("import sys; bare = set(sys.modules); import sudokit.cli; sudokit.cli.build_parser();"
            " print(' '.join(sorted(set(sys.modules) - bare)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120)
    loaded = set(out.stdout.split()) - _bare_modules()
    assert "sudokit.cli.serve" in loaded
    assert not loaded & {"socket", "webbrowser", "subprocess", "sudokit.web", "sudokit.logic"}


def test_drawing_a_solution_loads_neither_the_logic_solver_nor_the_web_clients() -> None:
    # a picture of the answer needs only the search and the drawing: the logic solver is for
    # hints, steps and ratings, and the SVG text is escaped without xml.sax (which loads
    # urllib, http, email and ssl)
    done, loaded = _loaded_by(["solve", "--to", "svg"], PUZZLE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("<svg ")
    assert "sudokit.pictures.svg" in loaded
    unexpected = _unexpected(loaded, ["sudokit.logic", "xml", "urllib", "http", "email", "ssl"])
    assert not unexpected, f"sudoku solve --to svg imported {unexpected}"
