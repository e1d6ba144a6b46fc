"""What a puzzle's givens do: why a puzzle has several solutions or none, which givens are
redundant, a minimal puzzle, the smallest singles backdoor. It may import the values, the
search (``solver``, ``engine``), the logic and the formats; never the command line or the
web app.
"""
