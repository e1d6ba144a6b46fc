"""``--cluster ADDRESS``: the commands' work on a Dask cluster (:mod:`sudokit.dask.cluster`)."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..extras import install_hint

if TYPE_CHECKING:
    from ..dask.cluster import DaskExecutor
    from .env import Env


def add_cluster_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--cluster ADDRESS`` to a command's options."""
    parser.add_argument(
        "--cluster", metavar="ADDRESS", type=cluster_address,
        help="do the work on a Dask cluster: a scheduler's address (tcp://host:8786), or "
        "'local' / 'local:N' for N worker processes on this machine (at most one per core); "
        f"the output is the same as on one machine (needs {install_hint('dask')})",
    )


def cluster_address(text: str) -> str:
    """An argparse type: a --cluster address, which cannot be empty."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "an address is needed: a scheduler's (tcp://host:8786), 'local' or 'local:N'")
    return text


def cut_to_cores(args: argparse.Namespace, env: Env) -> None:
    """``--cluster local:N`` with N past the cores of this machine becomes
    ``local:CORES``, said on standard error (as --jobs is cut): more workers would only take
    turns, and thousands of processes would not start in any time."""
    address = getattr(args, "cluster", None)
    if not address or not address.startswith("local:"):
        return
    # imported when needed: the command's start-up stays fast
    from ..dask.cluster import LOCAL, usable_cores

    count = address.removeprefix(LOCAL + ":")
    cores = usable_cores()
    if count.isascii() and count.isdigit() and int(count) > cores:
        env.warn(f"--cluster {address}: using {LOCAL}:{cores}, the cores this machine has")
        args.cluster = f"{LOCAL}:{cores}"


@contextlib.contextmanager
def cluster_executor(args: argparse.Namespace) -> Iterator[DaskExecutor | None]:
    """The executor ``--cluster`` names while the command runs (None without it); the
    cluster is left, or stopped when it was started here, on the way out."""
    address = getattr(args, "cluster", None)
    if address is None:
        yield None
        return
    from ..dask.cluster import connect  # Dask only when a cluster is asked for

    with connect(address) as executor:
        yield executor
