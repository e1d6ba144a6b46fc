"""``sudoku serve``: a local web page to enter, make, play, check, hint, explain and rate
puzzles, and the JSON API under ``/api/`` that it uses (see docs/web.md). It may import
every part of the package but the command line (``sudoku serve`` starts it).

Needs the ``web`` extra (``pip install '.[web]'`` in the source folder: Starlette and
uvicorn). The page is plain HTML, CSS and JavaScript shipped in ``static/``: no build step,
nothing fetched from elsewhere.
"""

from .app import Limits, create_app

__all__ = ["Limits", "create_app"]
