"""``--cluster ADDRESS``: the commands' work on a Dask cluster (:mod:`sudokit.cluster`)."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..cluster import DaskExecutor


def add_cluster_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--cluster ADDRESS`` to a command's options."""
    parser.add_argument(
        "--cluster", metavar="ADDRESS",
        help="do the work on a Dask cluster: a scheduler's address (tcp://host:8786), or "
        "'local' / 'local:N' for N worker processes on this machine; the output is the same "
        "as on one machine (needs 'pip install sudokit[dask]')",
    )


@contextlib.contextmanager
def cluster_executor(args: argparse.Namespace) -> Iterator[DaskExecutor | None]:
    """The executor ``--cluster`` names while the command runs (None without it); the
    cluster is left, or stopped when it was started here, on the way out."""
    address = getattr(args, "cluster", None)
    if not address:
        yield None
        return
    from ..cluster import connect  # Dask only when a cluster is asked for

    with connect(address) as executor:
        yield executor
