"""The two cores every engine test runs on: the ``pure`` fixture and the run of its pure halves.

A test that takes ``pure`` runs twice: ``[compiled]`` on the compiled modules, ``[pure]`` on
their Python source. Switching the source in within one process would reach only the engines
picked through ``sudokit.engine.load``: the human-style solver's modules (``PLAIN_MODULES`` of
``sudokit._compiled``) are compiled extensions imported once. So when this process runs
compiled modules, the ``[pure]`` items selected are not run here: one child pytest, started
with ``SUDOKIT_PURE_PYTHON=1`` as soon as collection is over, runs them all (alongside this
run), and sends each item's reports back; this run reports them in their place, as its own
(failures, skips, ``-x``, ``--lf`` and the summary alike). When nothing is compiled, or the
switch is on already, the pure halves run here.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import IO, Any

import pytest

import sudokit
from sudokit import engine
from sudokit._compiled import ENGINE_MODULES, PLAIN_MODULES

#: Set in the child run: the file descriptor its reports are written to...
CHILD_FD_ENV = "SUDOKIT_TEST_PURE_FD"
#: ... and the file that lists the node ids it is to run, one a line.
CHILD_NODES_ENV = "SUDOKIT_TEST_PURE_NODES"

#: How many lines of the child run's own output a test it did not report shows.
OUTPUT_TAIL = 60


@pytest.fixture(params=["compiled", "pure"])
def pure(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Run the test on the compiled core, then on the pure-Python one: False, then True.
    The pure half sets SUDOKIT_PURE_PYTHON for the test and its child processes, and runs
    in a process started with it (every compiled module runs from its source there)."""
    if request.param == "compiled":
        monkeypatch.delenv(engine.PURE_ENV, raising=False)
        if not engine.is_compiled():
            if os.environ.get("CI"):
                pytest.fail("CI must test the compiled core, but it was not built")
            pytest.skip("the compiled core is not built")
        return False
    monkeypatch.setenv(engine.PURE_ENV, "1")
    return True


def is_pure_half(item: pytest.Item) -> bool:
    """Whether ``item`` is the pure-Python half of a test that takes ``pure``."""
    callspec = getattr(item, "callspec", None)
    return callspec is not None and callspec.params.get("pure") == "pure"


def compiled_modules() -> list[str]:
    """The modules of ``sudokit._compiled`` this process imports compiled (an extension beside
    the source shadows it), none when the pure switch is on."""
    if engine.forced_pure():
        return []
    root = Path(sudokit.__file__).parent.parent
    found = []
    for name in ENGINE_MODULES + PLAIN_MODULES:
        stem = root.joinpath(*name.split("."))
        if any(stem.with_name(stem.name + suffix).exists() for suffix in EXTENSION_SUFFIXES):
            found.append(name)
    return found


# -- this run: the pure halves go to the child ------------------------------------------------
class PureRun:
    """The child pytest that runs the selected pure halves, and the reports it sent back."""

    def __init__(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        self.config = config
        self.folder = Path(tempfile.mkdtemp(prefix="sudokit-pure-"))
        self.log = self.folder / "output.txt"
        (self.folder / "nodes.txt").write_text("".join(f"{i.nodeid}\n" for i in items))
        self.reports: dict[str, list[dict[str, Any]]] = {}
        self.finished: set[str] = set()
        self.errors: list[str] = []
        self.ended = False
        self.first_missing: str | None = None
        self.running: str | None = None
        self.changed = threading.Condition()
        read, write = os.pipe()
        env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"}
        env.update({engine.PURE_ENV: "1", CHILD_FD_ENV: str(write),
                    CHILD_NODES_ENV: str(self.folder / "nodes.txt")})
        files = sorted({str(item.path) for item in items})
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "pytest", *child_options(config), *files],
                cwd=config.invocation_params.dir, env=env, stdin=subprocess.DEVNULL,
                stdout=log, stderr=subprocess.STDOUT, pass_fds=(write,))
        os.close(write)
        self.reader = threading.Thread(target=self._read, args=(os.fdopen(read),), daemon=True)
        self.reader.start()

    def _read(self, stream: IO[str]) -> None:
        """Keep every message of the child as it comes (it never waits for this run)."""
        with stream:
            for line in stream:
                message = json.loads(line)
                with self.changed:
                    if "report" in message:
                        self.reports.setdefault(message["nodeid"], []).append(message["report"])
                    elif "started" in message:
                        self.running = message["started"]
                    elif "finished" in message:
                        self.finished.add(message["finished"])
                    else:
                        self.errors.append(message["error"])
                    self.changed.notify_all()
        with self.changed:
            self.ended = True
            self.changed.notify_all()

    def wait(self, nodeid: str) -> list[dict[str, Any]] | None:
        """The reports of ``nodeid`` once the child has run it; None when it ended first."""
        with self.changed:
            self.changed.wait_for(lambda: nodeid in self.finished or self.ended)
            return self.reports.get(nodeid, []) if nodeid in self.finished else None

    def missing(self, nodeid: str) -> str:
        """Why a test was not reported: the child's exit status, errors and last output (the
        first such test shows them, the others name it)."""
        status = self.process.wait()
        head = (f"the pure-Python run ({engine.PURE_ENV}=1, a child pytest) ended before it "
                f"reported this test; exit status {status}")
        if self.first_missing is not None:
            return f"{head}: see {self.first_missing}"
        self.first_missing = nodeid
        if self.running not in (None, *self.finished):
            head += f", while it ran {self.running}"
        lines = self.log.read_text(errors="replace").splitlines()[-OUTPUT_TAIL:]
        return "\n".join([head, *self.errors, "its last output:", *lines])

    def close(self) -> None:
        """Stop the child if it still runs (the run stopped early), and clean up."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.reader.join(10)
        shutil.rmtree(self.folder, ignore_errors=True)


def child_options(config: pytest.Config) -> Iterator[str]:
    """The options of this run the child needs to collect the same node ids and report
    them the same way; it keeps no cache of its own (``--lf`` reads this run's)."""
    yield from ("-p", "no:cacheprovider", "-q", f"--rootdir={config.rootpath}")
    if config.inipath is not None:
        yield from ("-c", str(config.inipath))
    option = config.option
    yield f"--tb={option.tbstyle}"
    yield f"--import-mode={option.importmode}"
    if option.showlocals:
        yield "--showlocals"
    if option.fulltrace:
        yield "--full-trace"
    if option.runxfail:
        yield "--runxfail"
    if option.maxfail:
        yield f"--maxfail={option.maxfail}"
    if option.basetemp:
        yield f"--basetemp={option.basetemp}-pure"
    for plugin in config.known_args_namespace.plugins or ():
        yield f"-p{plugin}"
    for warning in config.known_args_namespace.pythonwarnings or ():
        yield f"-W{warning}"
    for setting in config.known_args_namespace.override_ini or ():
        yield f"--override-ini={setting}"


def tuples_back(data: dict[str, Any]) -> dict[str, Any]:
    """A serialized report as it was before JSON made lists of its tuples: a skip's
    (file, line, reason) and its location (pytest's summary asks for tuples)."""
    for key in ("longrepr", "location"):
        if isinstance(data.get(key), list):
            data[key] = tuple(data[key])
    return data


def child_stopped_report(item: pytest.Item, why: str) -> pytest.TestReport:
    """A failed report for a pure half the child did not report."""
    return pytest.TestReport(item.nodeid, item.location, keywords={}, outcome="failed",
                             longrepr=why, when="call")


_RUN = pytest.StashKey[PureRun]()
_CHILD = pytest.StashKey[bool]()


def pytest_report_header(config: pytest.Config) -> str | None:
    if not config.stash.get(_CHILD, False) and compiled_modules():
        return f"pure-Python halves: in one child pytest with {engine.PURE_ENV}=1"
    return None


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    config = session.config
    if config.stash.get(_CHILD, False) or config.option.collectonly or config.option.setupplan \
            or config.option.setuponly or not compiled_modules():
        return
    items = [item for item in session.items if is_pure_half(item)]
    if items:
        config.stash[_RUN] = PureRun(config, items)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool | None:
    run = item.config.stash.get(_RUN, None)
    if run is None or not is_pure_half(item):
        return None
    # What the last test run here set up and this one's successor does not need is torn
    # down now, as pytest does after a test (this one sets up nothing here).
    item.session._setupstate.teardown_exact(nextitem)
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    sent = run.wait(item.nodeid)
    if sent is None:
        reports = [child_stopped_report(item, run.missing(item.nodeid))]
    else:
        reports = [item.config.hook.pytest_report_from_serializable(
            config=item.config, data=tuples_back(data)) for data in sent]
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


def pytest_unconfigure(config: pytest.Config) -> None:
    run = config.stash.get(_RUN, None)
    if run is not None:
        run.close()


# -- the child run ----------------------------------------------------------------------------
class Sender:
    """The child's side: it runs the listed node ids only, and sends their reports."""

    def __init__(self, config: pytest.Config, fd: int, nodes: str) -> None:
        self.config = config
        os.set_inheritable(fd, False)  # (the tests' own processes do not write to it)
        self.stream = os.fdopen(fd, "w")
        self.wanted = set(Path(nodes).read_text().splitlines())

    def send(self, message: dict[str, Any]) -> None:
        self.stream.write(json.dumps(message, default=repr) + "\n")
        self.stream.flush()

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        kept = [item for item in items if item.nodeid in self.wanted]
        lost = self.wanted - {item.nodeid for item in kept}
        if lost:
            self.send({"error": f"{len(lost)} tests not collected here, such as "
                                f"{sorted(lost)[:3]}"})
        self.config.hook.pytest_deselected(items=[i for i in items if i.nodeid not in
                                                  self.wanted])
        items[:] = kept
        still_compiled = [name for name in ENGINE_MODULES + PLAIN_MODULES
                          if not getattr(sys.modules.get(name), "__file__", ".py").endswith(".py")]
        if still_compiled:  # (the switch is read when sudokit is first imported)
            self.send({"error": f"compiled modules in the pure-Python run: {still_compiled}"})
            items[:] = []

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.send({"error": f"collecting {report.nodeid} failed:\n{report.longreprtext}"})

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        data = self.config.hook.pytest_report_to_serializable(config=self.config, report=report)
        self.send({"nodeid": report.nodeid, "report": data})

    def pytest_runtest_logstart(self, nodeid: str) -> None:
        self.send({"started": nodeid})

    def pytest_runtest_logfinish(self, nodeid: str) -> None:
        self.send({"finished": nodeid})


def pytest_configure(config: pytest.Config) -> None:
    fd = os.environ.pop(CHILD_FD_ENV, None)  # (read once: the tests' own pytests run plainly)
    if fd:
        nodes = os.environ.pop(CHILD_NODES_ENV)
        config.stash[_CHILD] = True
        config.pluginmanager.register(Sender(config, int(fd), nodes), "sudokit-pure-sender")
