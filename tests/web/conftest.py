"""One real Chromium and one ``sudoku serve`` for every browser test of the run (each test
or module opens its own context and page on them): see support.browser."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from support.browser import ARGS, CHROMIUM, need_browser, serving


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The address of the server the page's tests share."""
    with serving() as address:
        yield address


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """The Chromium the page's tests share (skipped, or failed under CI, when missing)."""
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
