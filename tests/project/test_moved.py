"""The old import paths of moved modules: each still gives the module, at its new path, with a
DeprecationWarning that names the new path; a name that never existed is still an error."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from sudokit import _moved


@pytest.mark.parametrize("old", sorted(_moved.MOVED))
def test_each_old_path_gives_the_module_at_its_new_path_and_says_where(old: str) -> None:
    new = _moved.MOVED[old]
    program = (f"import warnings\nwarnings.simplefilter('always')\n"
               f"with warnings.catch_warnings(record=True) as seen:\n"
               f"    import {old} as old\n"
               f"import {new} as new\n"
               f"assert old is new, (old, new)\n"
               f"assert any(w.category is DeprecationWarning and {new!r} in str(w.message)\n"
               f"           for w in seen), [str(w.message) for w in seen]\n")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_module_under_a_moved_package_moves_with_it() -> None:
    assert _moved.new_path("sudokit.printing.pdf") == "sudokit.pictures.pdf"
    assert _moved.new_path("sudokit.grid") is None
    assert _moved.new_path("sudokit.logic.techniques.fish") is None


def test_a_name_that_never_was_is_still_not_found() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("sudokit.no_such_module")
