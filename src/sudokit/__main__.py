"""``python -m sudokit`` is the ``sudoku`` command."""

from .cli import main

main()
