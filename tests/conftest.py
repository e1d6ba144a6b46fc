"""Shared fixtures: every engine test runs on the compiled core and on the pure-Python core."""

from __future__ import annotations

import os

import pytest

from sudokit import engine

# The GPU kernel is tested in numba's CUDA simulator (CI has no GPU). numba reads the choice
# when numba.cuda is first imported, so it is made here, once, for the whole run;
# SUDOKIT_TEST_GPU=1 tests a real GPU instead.
if not os.environ.get("SUDOKIT_TEST_GPU"):
    os.environ.setdefault("NUMBA_ENABLE_CUDASIM", "1")

@pytest.fixture(params=["compiled", "pure"])
def pure(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Run the test on the compiled core, then on the pure-Python one (the engine switch,
    SUDOKIT_PURE_PYTHON, is set for the test and its child processes): False, then True."""
    if request.param == "compiled":
        monkeypatch.delenv(engine.PURE_ENV, raising=False)
        if not engine.is_compiled():
            if os.environ.get("CI"):
                pytest.fail("CI must test the compiled core, but it was not built")
            pytest.skip("the compiled core is not built")
        return False
    monkeypatch.setenv(engine.PURE_ENV, "1")
    return True


@pytest.fixture
def core_env(pure: bool) -> None:
    """Make the command (in-process or a child process) use the core ``pure`` names: the
    ``pure`` fixture has set the switch already."""
