"""How to install an optional extra, said the same way wherever a message needs one.

sudokit is installed from its source folder (it is not on a package index), so
``pip install 'sudokit[pdf]'`` works only where sudokit is already installed; from the
source folder ``pip install '.[pdf]'`` always does.

>>> install_hint("pdf")
"pip install '.[pdf]' in sudokit's source folder (or 'sudokit[pdf]' where sudokit is installed)"
"""

from __future__ import annotations

#: The optional extras a user may install (``all`` installs every one of them).
USER_EXTRAS = ("pdf", "web", "photo", "dask", "completion")


def install_hint(extra: str) -> str:
    """The pip command that installs the optional ``extra``."""
    return (f"pip install '.[{extra}]' in sudokit's source folder "
            f"(or 'sudokit[{extra}]' where sudokit is installed)")
