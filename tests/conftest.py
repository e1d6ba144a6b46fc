"""Shared fixtures: every engine test runs on the compiled core and on the pure-Python core
(``pure``, from support.cores, which also runs the pure halves in a process of their own)."""

from __future__ import annotations

import os

import pytest

pytest_plugins = ("support.cores",)

# The GPU kernel is tested in numba's CUDA simulator (CI has no GPU). numba reads the choice
# when numba.cuda is first imported, so it is made here, once, for the whole run;
# SUDOKIT_TEST_GPU=1 tests a real GPU instead.
if not os.environ.get("SUDOKIT_TEST_GPU"):
    os.environ.setdefault("NUMBA_ENABLE_CUDASIM", "1")


@pytest.fixture
def core_env(pure: bool) -> None:
    """Make the command (in-process or a child process) use the core ``pure`` names: the
    ``pure`` fixture has set the switch already."""
