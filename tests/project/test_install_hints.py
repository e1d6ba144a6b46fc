"""Every install command the product prints or documents works from a fresh checkout:
``pip install '.[EXTRA]'`` in the source folder (sudokit is not on a package index, so
``pip install 'sudokit[EXTRA]'`` alone fails there), and ``all`` installs every user extra."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

from sudokit.extras import USER_EXTRAS, install_hint
from support.clirunner import sudoku

ROOT = Path(__file__).resolve().parents[2]
EXTRAS = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]


def test_the_all_extra_installs_every_user_extra_and_nothing_else() -> None:
    assert set(USER_EXTRAS) == set(EXTRAS) - {"all", "gpu", "test"}
    (requirement,) = EXTRAS["all"]
    named = re.fullmatch(r"sudokit\[([\w,]+)\]", requirement)
    assert named is not None and sorted(named.group(1).split(",")) == sorted(USER_EXTRAS)


def test_no_doc_or_message_gives_only_the_package_index_form() -> None:
    texts = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").glob("*.md"),
             *(ROOT / "src" / "sudokit").rglob("*.py")]
    texts.remove(ROOT / "src" / "sudokit" / "extras.py")  # the one home of the hint says why
    bare = [f"{path.relative_to(ROOT)}: {line.strip()}" for path in texts
            for line in path.read_text().splitlines()
            if re.search(r"pip install '?sudokit\[", line)]
    assert bare == []


def test_the_hint_names_an_extra_of_the_package() -> None:
    for extra in (*USER_EXTRAS, "gpu"):
        assert extra in EXTRAS
        assert f"pip install '.[{extra}]' in sudokit's source folder" in install_hint(extra)


def test_a_missing_extra_says_how_to_install_it_from_the_source_folder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "shtab", None)  # as if the extra were not installed
    outcome = sudoku("completion", "bash")
    assert outcome.status == 2
    assert outcome.stderr == f"sudoku: error: shell completion needs shtab: " \
                             f"{install_hint('completion')}\n"
