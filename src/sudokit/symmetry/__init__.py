"""The symmetries of sudoku: canonical forms, the test of two puzzles being the same up to
symmetry, named transforms, and removing isomorphs from collections. It may import the
values, the engine, the formats, the streams of records and the parallel map; never the
command line or the web app.
"""
