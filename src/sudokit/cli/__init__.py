"""The ``sudoku`` command: one module per subcommand, all error handling here. It may import
every other part of the package; nothing in the package imports it.

Each subcommand module has ``add_parser(subparsers)`` and ``run(args, env) -> int`` and does no
error handling of its own: ``main`` turns every expected failure into one line on standard
error and the exit status of :mod:`sudokit.cli.status`.
"""

from __future__ import annotations

import _signal  # what `signal` wraps, loaded with the interpreter; see _CtrlC
import errno
import os
import sys

from ..errors import SudokuError
from ._quick import quick_parse
from .env import BinaryToTerminalError, Env, Output, OutputError
from .status import ExitStatus

# The modules of the parser (argparse) and of -o are imported where they are needed: the
# plainest `sudoku solve` needs neither, and starts faster without them.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from typing import Any, NoReturn

    from ._output import AtomicFile

#: Subcommands, each the module ``sudokit.cli.<name>``.
COMMANDS = ["solve", "count", "check", "convert", "create", "hint", "explain", "rate", "bench",
            "help", "completion", "serve", "read", "print", "minimize", "backdoor", "canon", "same",
            "transform", "dedupe"]

#: Commands that write no results of their own (no -o, no progress bar).
_NO_OUTPUT = {"help", "serve"}


class UsageError(Exception):
    """Bad usage: reported in one line, exit status 2."""


def _parser_class() -> type[argparse.ArgumentParser]:
    import argparse  # imported when needed: the command's start-up stays fast

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:
            raise UsageError(f"{message} (see '{self.prog} --help')")

        def _print_message(self, message: str, file: Any = None) -> None:
            # --help and --version: written and flushed at once, so that a full disk or a
            # closed output is reported like any other output error
            if not message:
                return
            out = file or sys.stdout
            if out is None:
                raise OutputError("standard output",
                                  OSError(errno.EBADF, "standard output is closed"))
            try:
                out.write(message)
                out.flush()
            except OSError as e:
                raise OutputError("standard output", e) from None

    return _Parser


def build_parser(commands: Sequence[str] = COMMANDS) -> argparse.ArgumentParser:
    """The parser of the whole command line, every subcommand registered (or only those of
    ``commands``: each one registered imports its module)."""
    # imported when needed: the command's start-up stays fast
    from .. import engine
    from .._version import __version__
    from ._output import add_common_arguments

    _Parser = _parser_class()
    parser = _Parser(
        prog="sudoku",
        description="Solve, count, check, convert, create, rate and explain sudoku puzzles.",
        epilog="'sudoku FILE' and 'sudoku < FILE' are short for 'sudoku solve FILE'; "
        "'sudoku help COMMAND' "
        "describes a command. Exit status: 0 done, "
        "1 a puzzle has no solution (or is invalid), 2 bad usage or unreadable input "
        "(or output that cannot be written), 130 interrupted (Ctrl-C), 143 terminated "
        "(SIGTERM).",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"sudoku (sudokit) {__version__}, {engine.core_name()} core",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in commands:
        _command_module(name).add_parser(sub)
    for name, command_parser in sub.choices.items():
        if name not in _NO_OUTPUT:
            add_common_arguments(command_parser)
    return parser


def _with_default_command(argv: list[str]) -> list[str]:
    """``sudoku FILE`` means ``sudoku solve FILE`` when FILE is a path that exists (or
    ``-``, or looks like a file name); any other first word must be a command."""
    if not argv or argv[0] in COMMANDS or (argv[0].startswith("-") and argv[0] != "-"):
        return argv
    word = argv[0]
    if word == "-" or os.path.exists(word) or "." in word or os.sep in word:
        return ["solve", *argv]
    raise unknown_command(word)


#: The options of ``sudoku`` itself (the others, given without a command, are a solve's).
_TOP_LEVEL_OPTIONS = frozenset({"-h", "--help", "--version"})


def unknown_command(word: str) -> UsageError:
    """The error for a first word that is no command, with the nearest command named."""
    import difflib  # deferred to keep `sudoku` start-up fast: only a mistyped command needs it

    close = difflib.get_close_matches(word, COMMANDS, n=1, cutoff=0.6)
    hint = f"did you mean '{close[0]}'?" if close else "see 'sudoku --help'"
    return UsageError(f"unknown command {word!r} ({hint})")


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _cap_jobs(args: argparse.Namespace, env: Env) -> None:
    """--jobs, serve's --workers (and --cluster local:N) beyond the cores this machine has
    would only take turns: cut it, and say so."""
    for option in ("jobs", "workers"):  # serve's --workers are processes as --jobs are
        jobs = getattr(args, option, None)
        if isinstance(jobs, int) and jobs > 1:
            cores = usable_cores()
            if jobs > cores:
                env.warn(f"--{option} {jobs}: using {cores}, the cores this machine has")
                setattr(args, option, cores)
    if getattr(args, "cluster", None):
        # imported when needed: the command's start-up stays fast
        from ._cluster import cut_to_cores

        cut_to_cores(args, env)


#: Errors that only writing meets (a full disk, a quota, a file too large, a read-only
#: file system).
_WRITE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS})


def _from_writing(error: OSError, output: object) -> bool:
    """Did ``error`` come from writing the results (to -o ``output``, a file or DIR/)?"""
    if error.errno in _WRITE_ERRNOS:
        return True
    if not isinstance(output, str) or output == "-" or not error.filename:
        return False
    name, out = os.path.abspath(os.fsdecode(error.filename)), os.path.abspath(output)
    return name == out or name.startswith(out.rstrip(os.sep) + os.sep)


def run(argv: Sequence[str] | None = None, env: Env | None = None) -> int:
    """Run the command line ``argv`` and return its exit status (never raises for user errors)."""
    env = env or Env()
    target: AtomicFile | None = None
    output = None
    ctrl_c = _CtrlC()
    try:
        args_list = _with_default_command(list(sys.argv[1:] if argv is None else argv))
        if not env.stdin_isatty and (not args_list or (
                args_list[0].startswith("-") and args_list[0] not in _TOP_LEVEL_OPTIONS)):
            # `sudoku < FILE` (options allowed) reads as `sudoku FILE` does: a solve
            args_list = ["solve", *args_list]
        # the plainest solve or count needs no parser; a command named first needs only its
        # own: the other commands' modules are not imported, to keep `sudoku` start-up fast
        args: Any = quick_parse(args_list)
        if args is None:
            named = args_list[:1] if args_list and args_list[0] in COMMANDS else COMMANDS
            parser = build_parser(named)
            if not args_list:
                raise UsageError("no command given (see 'sudoku --help')")
            args = parser.parse_args(args_list)
        env.show_progress = not getattr(args, "no_progress", False)
        output = getattr(args, "output", None)
        if output not in (None, "-") and _one_file(args):
            # imported when needed: the command's start-up stays fast
            from ._output import AtomicFile

            if output.endswith(("/", os.sep)) or os.path.isdir(output):
                raise OutputError(repr(output), IsADirectoryError(errno.EISDIR,
                                                                  "Is a directory"))
            try:
                target = AtomicFile(output)
            except OSError as e:
                raise OutputError(repr(output), e) from None
            env.stdout = Output(target, target=repr(output))
        _cap_jobs(args, env)
        status = _answer(args, env)
        env.stdout.flush()
        if target is not None:
            if status in (ExitStatus.OK, ExitStatus.FAILURE):
                try:
                    target.commit()
                except OSError as e:
                    raise OutputError(repr(output), e) from None
            else:
                env.warn(f"{output} left as it was: the command did not end well")
        return status
    except OutputError as e:
        if e.broken_pipe:  # the reader has all it wanted (| head): not an error
            return ExitStatus.OK
        env.error(str(e))
        return ExitStatus.USAGE
    except BinaryToTerminalError as e:
        env.error(str(e))
        return ExitStatus.USAGE
    except (UsageError, _template_error()) as e:
        env.error(str(e))
        return ExitStatus.USAGE
    except SudokuError as e:
        env.error(str(e))
        return ExitStatus.USAGE
    except OSError as e:
        if isinstance(e, BrokenPipeError):
            return ExitStatus.OK
        name = f" {e.filename!r}" if e.filename else ""
        verb = "write" if _from_writing(e, output) else "read"
        env.error(f"cannot {verb}{name}: {e.strerror or e}")
        return ExitStatus.USAGE
    except SystemExit as e:  # --help and --version end here, after printing
        return int(e.code or 0) if not isinstance(e.code, str) else ExitStatus.USAGE
    except KeyboardInterrupt as e:
        return _interrupted(env, ExitStatus.TERMINATED if isinstance(e, Terminated)
                            else ExitStatus.INTERRUPTED)
    except RecursionError:
        env.error("input nested too deeply to read")
        return ExitStatus.USAGE
    except Exception as e:  # a bug of ours: still one line, and a status of its own
        if ctrl_c.pressed or _caused_by_ctrl_c(e):  # e.g. an import that Ctrl-C cut short
            return _interrupted(env, ctrl_c.status)
        if os.environ.get("SUDOKIT_TRACEBACK"):
            raise
        env.error(f"internal error: {type(e).__name__}: {e} (SUDOKIT_TRACEBACK=1 shows where)")
        return ExitStatus.INTERNAL
    finally:
        ctrl_c.restore()
        if target is not None:
            target.discard()


def _interrupted(env: Env, status: int) -> int:
    """Say that the command was stopped (Ctrl-C or SIGTERM); its status."""
    env.error("terminated" if status == ExitStatus.TERMINATED else "interrupted")
    return status


def _one_file(args: Any) -> bool:
    """Whether -o names one file to write (not a dataset's directory of partitions, nor
    the pattern of one picture file per puzzle)."""
    if getattr(args, "to_format", None) in (None, "line"):
        return True  # neither: no need to load their modules
    # imported when needed: the command's start-up stays fast
    from ._datasets import partitioned
    from ._pictures import picture_pattern

    return partitioned(args) is None and not picture_pattern(args)


def _template_error() -> type[Exception]:
    """The error of a --format template that cannot be used; only its module raises it, so
    while that is not loaded, none can have been raised."""
    output = sys.modules.get(f"{__name__}._output")
    return output.TemplateError if output is not None else UsageError


def _answer(args: Any, env: Env) -> int:
    """The status of the command ``args`` names, run."""
    # lines of classic puzzles take a shorter road (a --variant never does)
    if args.command in ("solve", "count") and getattr(args, "variant", None) is None:
        from ._lines import answer_lines  # imported when needed: the command's start-up stays fast

        answered = answer_lines(args, env)
        if answered is not None:
            return answered
    return int(_command_module(args.command).run(args, env))


def _command_module(name: str) -> Any:
    """The module of the subcommand ``name``, imported."""
    import importlib  # here: importing it (and the warnings module it loads) costs start-up

    return importlib.import_module(f"{__name__}.{name}")


class Terminated(KeyboardInterrupt):
    """SIGTERM (what ``kill``, ``timeout`` and service managers send): the command stops as
    it does for Ctrl-C, cleaning up on the way out, and ends with its own status."""


class _CtrlC:
    """Notes that Ctrl-C was pressed (and raises KeyboardInterrupt, as Python does), so
    that an error a library made of the interruption (NumPy turns one during its import
    into an ImportError) still ends as an interruption; SIGTERM raises Terminated, so that
    it cleans up as Ctrl-C does (no worker process left running, no half-written file
    left beside -o FILE). Either first stops the pools of worker processes and threads at
    once (``executors.stop_all``). Only in the main thread, and not where a signal is
    ignored (a background job). (Through ``_signal``, the functions ``signal`` wraps:
    importing ``signal``, which makes enums of its constants, costs more start-up time
    than a one-puzzle solve spends solving.)"""

    def __init__(self) -> None:
        self.pressed = False
        #: the status of the interruption once one came (Ctrl-C's until then)
        self.status = ExitStatus.INTERRUPTED
        self.before: dict[int, Any] = {}
        for number, default in ((_signal.SIGINT, _signal.default_int_handler),
                                (_signal.SIGTERM, _signal.SIG_DFL)):
            current = _signal.getsignal(number)
            if current is not default:
                continue
            try:
                _signal.signal(number, self._handle)
            except ValueError:  # not the main thread, the only one Python gives signals to
                return
            self.before[number] = current

    def _handle(self, signum: int, frame: Any) -> None:
        self.pressed = True
        executors = sys.modules.get("sudokit.executors")  # (no pool can run without it)
        if executors is not None:
            executors.stop_all()
        if signum == _signal.SIGTERM:
            self.status = ExitStatus.TERMINATED
            raise Terminated
        raise KeyboardInterrupt

    def restore(self) -> None:
        """Put the handlers found at the start back."""
        for number, handler in self.before.items():
            _signal.signal(number, handler)
        self.before = {}


def _caused_by_ctrl_c(error: BaseException) -> bool:
    """Whether a KeyboardInterrupt is among the causes of ``error``."""
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Entry point of the ``sudoku`` console script."""
    status = run(argv)
    stopped = status in (ExitStatus.INTERRUPTED, ExitStatus.TERMINATED)
    if sys.stdout is not None:
        try:  # noqa: SIM105 - contextlib is not imported just for this (start-up time)
            sys.stdout.flush()
        except OSError:
            pass
    # whatever is still buffered for a closed or full output must not be flushed again at
    # exit, where Python would print a traceback of its own
    _silence_stdout()
    if stopped:
        # a pool's thread may still be answering its piece (pure Python, or a long one):
        # at exit Python would wait for it. -o's file is already discarded, the workers
        # killed, the output flushed: nothing is left to do.
        sys.stderr.flush()
        os._exit(status)
    sys.exit(status)


def _silence_stdout() -> None:
    # (try, not contextlib.suppress: contextlib is not imported just for this)
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:
        pass
