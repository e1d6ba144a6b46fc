"""The real Chromium and ``sudoku serve`` the page's tests drive (the fixtures that start them
once a run are in tests/web/conftest.py): where Chromium is, how it is started, the desktop and
phone sizes, and a page of a given size opened on a server.

Browser tests are skipped when Chromium or Playwright is missing, except under CI (the variable
CI set), where that is a failure: CI installs both.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = os.environ.get("SUDOKIT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def missing() -> str | None:
    """Why the browser tests cannot run here (None when they can)."""
    if not os.path.exists(CHROMIUM):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install '.[test]')"
    return None


def need_browser() -> None:
    """Skip the test when the browser cannot run here; under CI, fail it."""
    why = missing()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests cannot run in CI: {why}", pytrace=False)
        pytest.skip(why)


@contextlib.contextmanager
def serving(port: int = 0) -> Iterator[str]:
    """``sudoku serve`` on ``port`` (0: a free one) of 127.0.0.1: its address while it runs.
    Its limit on one request's work is a minute, not the 5 seconds served by default: the
    page's tests ask for work a busy machine may take seconds to do (reading a photo)."""
    pytest.importorskip("starlette")
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudokit", "serve", "--port", str(port), "--workers", "1",
         "--time-limit", "60"],
        stderr=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert found, f"the server did not say where it listens: {line!r}"
        yield found.group(0)
    finally:
        proc.terminate()
        proc.wait(timeout=60)  # bounded only against a hang


@contextlib.contextmanager
def sized_page(browser: Any, address: str, size: str) -> Iterator[Any]:
    """A page of its own context at ``size`` ("desktop", or "phone": touch) on ``address``,
    loaded; the test fails if the page raised a script error meanwhile."""
    phone = size == "phone"
    context = browser.new_context(viewport=PHONE if phone else DESKTOP, is_mobile=phone,
                                  has_touch=phone, color_scheme="light")
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(address)
    pg.locator("#cell-r1c1").wait_for()
    pg.size_name = size
    try:
        yield pg
    finally:
        context.close()
    assert not errors, f"the page raised: {errors}"


#: How long an expectation waits for the page, in ms: Playwright's own 5 s is short for a
#: busy machine, where an answer of the server may take longer; a page that never gets
#: there still fails, after this.
EXPECT_MS = 30_000


def expect(locator: Any) -> Any:
    """Playwright's ``expect`` (imported when first used: Playwright may be missing), waiting
    up to EXPECT_MS."""
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=EXPECT_MS)
    return playwright_expect(locator)
