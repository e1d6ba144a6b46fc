"""sudoku canon, same, transform and dedupe: what a user sees, on the compiled and the pure
core; every form checked against the library's, every bad input one line and its status."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sudokit import Grid, solve
from sudokit.logic import rate
from sudokit.symmetry import Transform, canonical
from support.clirunner import sudoku
from support.files import DATA, EXAMPLES, read_lines

HARDEST = [line[:81] for line in read_lines(DATA / "puzzles6_forum_hardest_1106.txt")]
SEVENTEEN = [line[:81] for line in read_lines(DATA / "puzzles2_17_clue.txt")]


def lines(text: str) -> list[str]:
    return [x for x in text.splitlines() if x and not x.startswith("#")]


def form(puzzle: str) -> str:
    return canonical(Grid(puzzle)).to_line()


# -- canon ----------------------------------------------------------------------------
def test_canon_writes_each_form_in_order_comments_kept(pure: bool) -> None:
    text = "# three\n" + "\n".join(HARDEST[:3]) + "\n"
    done = sudoku("canon", stdin=text.encode())
    assert done.status == 0, done.stderr
    assert done.out.splitlines() == ["# three", *(form(p) for p in HARDEST[:3])]


def test_canon_on_several_threads_gives_the_same_bytes() -> None:
    path = str(DATA / "puzzles3_magictour_top1465.txt")
    one, two = sudoku("canon", path), sudoku("canon", "--jobs", "2", path)
    assert one.status == two.status == 0
    assert one.stdout == two.stdout
    assert len(lines(one.out)) == 1465


def test_canon_keeps_fields_and_layout(pure: bool) -> None:
    done = sudoku("canon", str(EXAMPLES / "bank.txt"))
    assert done.status == 0, done.stderr
    first = done.out.splitlines()[0].split()
    source = (EXAMPLES / "bank.txt").read_text().splitlines()[0].split()
    assert first[0] == source[0] and first[2] == source[2]  # the id and the rating
    assert first[1] == form(source[1])


def test_canon_transform_maps_each_puzzle_to_its_form(pure: bool) -> None:
    done = sudoku("canon", "--transform", stdin="\n".join(HARDEST[3:6]).encode())
    assert done.status == 0, done.stderr
    for puzzle, out in zip(HARDEST[3:6], lines(done.out), strict=True):
        shown, how = out.split()
        assert shown == form(puzzle)
        assert Transform.parse(how).apply(Grid(puzzle)) == Grid(shown)


def test_canon_of_isomorphs_is_one_form() -> None:
    rng = random.Random(4)
    moved = [Transform.random(rng).apply(Grid(SEVENTEEN[7])).to_line() for _ in range(5)]
    done = sudoku("canon", stdin="\n".join(moved).encode())
    assert set(lines(done.out)) == {form(SEVENTEEN[7])}


def test_canon_answers_a_clash_in_its_place_and_refuses_other_sizes() -> None:
    clash = "11" + "." * 79
    done = sudoku("canon", stdin=f"{HARDEST[0]}\n{clash}\n{HARDEST[1]}\n".encode())
    assert done.status == 1
    out = done.out.splitlines()
    assert out[0] == form(HARDEST[0]) and out[2] == form(HARDEST[1])
    assert out[1].startswith("ERROR: the givens clash")
    assert done.stderr.count("\n") == 1 and "<stdin>, line 2: the givens clash" in done.stderr
    other = sudoku("canon", str(EXAMPLES / "16x16.txt"))
    assert other.status == 2 and other.stdout == b""
    assert other.stderr.count("\n") == 1 and "16x16" in other.stderr


def test_canon_of_a_6x6_puzzle_tries_every_symmetry() -> None:
    path = EXAMPLES / "6x6.grid"
    done = sudoku("canon", str(path))
    assert done.status == 0, done.stderr
    assert Grid(done.out, box=(2, 3)) == canonical(Grid(path.read_text(), box=(2, 3)))
    assert done.out.splitlines()[0] == "0 0 0 0 0 0"  # the empty row comes first
    no = sudoku("canon", "--transform", str(path))
    assert no.status == 2 and "--transform is for 9x9" in no.stderr


@pytest.mark.parametrize("command", [["canon"], ["transform", "--op", "rotate"], ["dedupe"]])
def test_a_variant_is_refused_by_name(command: list[str]) -> None:
    done = sudoku(*command, "--variant", "diagonal", stdin=(HARDEST[0] + "\n").encode())
    assert done.status == 2 and done.stdout == b""
    assert done.stderr.count("\n") == 1 and "X 9x9 puzzles is not supported" in done.stderr


def test_canon_refuses_transform_with_another_format() -> None:
    done = sudoku("canon", "--transform", "--to", "sdk", stdin=HARDEST[0].encode())
    assert done.status == 2 and "--transform" in done.stderr


# -- same -----------------------------------------------------------------------------
def test_same_says_by_which_transform(pure: bool, tmp_path: Path) -> None:
    a = Grid(HARDEST[10])
    b = Transform.random(random.Random(2)).apply(a)
    path = tmp_path / "b.txt"
    path.write_text(b.to_line() + "\n")
    done = sudoku("same", a.to_line(), str(path))
    assert done.status == 0, done.stderr
    word, how = done.out.split()
    assert word == "same" and Transform.parse(how).apply(a) == b
    other = sudoku("same", a.to_line(), HARDEST[11])
    assert other.status == 1 and other.out == "different\n"


def test_same_refuses_what_is_not_one_puzzle(tmp_path: Path) -> None:
    missing = sudoku("same", HARDEST[0], str(tmp_path / "none.txt"))
    assert missing.status == 2 and "no such file, and not a puzzle" in missing.stderr
    many = sudoku("same", HARDEST[0], str(EXAMPLES / "puzzles.txt"))
    assert many.status == 2 and "holds 4 puzzles" in many.stderr
    clash = sudoku("same", HARDEST[0], "11" + "." * 79)
    assert clash.status == 2 and "clash" in clash.stderr


# -- transform ------------------------------------------------------------------------
def test_transform_applies_the_operations_in_order(pure: bool) -> None:
    puzzle = Grid(HARDEST[20])
    done = sudoku("transform", "--op", "rotate", "--op", "swap-bands=1,3", "--op",
                  "relabel=987654321", stdin=puzzle.to_line().encode() + b"\n")
    assert done.status == 0, done.stderr
    expected = (Transform.relabel([9, 8, 7, 6, 5, 4, 3, 2, 1]) @ Transform.swap_bands(1, 3)
                @ Transform.rotate()).apply(puzzle)
    assert done.out == expected.to_line() + "\n"


def test_random_transforms_follow_the_seed_and_keep_the_class() -> None:
    text = "\n".join(HARDEST[:4]).encode()
    one = sudoku("transform", "--op", "random", "--seed", "7", stdin=text)
    again = sudoku("transform", "--op", "random", "--seed", "7", stdin=text)
    other = sudoku("transform", "--op", "random", "--seed", "8", stdin=text)
    assert one.stdout == again.stdout != other.stdout
    moved = lines(one.out)
    assert [form(p) for p in moved] == [form(p) for p in HARDEST[:4]]
    assert moved != HARDEST[:4]


#: Rated puzzles up to hard (on extreme ones, which chain the rater finds first, and so the
#: score's last tenths, may depend on the order of the cells).
RATED = [line.split()[0] for line in read_lines(DATA / "se_rated_sample.txt")
         if "hard" in line][:3]


def test_a_transformed_puzzle_keeps_its_rating_and_its_solution_moves_with_it() -> None:
    rng = random.Random(11)
    for line in RATED:
        puzzle = Grid(line)
        how = Transform.random(rng)
        moved = how.apply(puzzle)
        assert solve(moved) == how.apply(solve(puzzle))
        before, after = rate(puzzle), rate(moved)
        assert (after.level, after.score) == (before.level, before.score)


def test_transform_refuses_bad_operations_in_one_line() -> None:
    for op, words in (("swap-bands=1,4", "two of 1, 2, 3"), ("relabel=12345678", "each once"),
                      ("spin", "unknown operation"), ("rotate=2", "takes no value")):
        done = sudoku("transform", "--op", op, stdin=HARDEST[0].encode())
        assert done.status == 2 and done.stdout == b""
        assert done.stderr.count("\n") == 1 and words in done.stderr
    bigger = sudoku("transform", "--op", "mirror", str(EXAMPLES / "16x16.txt"))
    assert bigger.status == 2 and "16x16" in bigger.stderr


# -- dedupe ---------------------------------------------------------------------------
def isomorph_collection() -> tuple[bytes, list[str]]:
    """Puzzles, some of them transforms of earlier ones, with comments, an unreadable line
    and fields; and the lines a plain reference keeps (the first of each canonical form)."""
    rng = random.Random(21)
    base = HARDEST[:30]
    puzzles = [rng.choice([p, Transform.random(rng).apply(Grid(p)).to_line()])
               for p in rng.choices(base, k=80)]
    text = ["# a collection"] + [f"{p} #{i}" for i, p in enumerate(puzzles)]
    text.insert(40, "not a puzzle")
    seen: set[str] = set()
    kept = ["# a collection"]
    for line in text[1:]:
        if line == "not a puzzle":
            kept.append("ERROR: <stdin>, line 41: expected 81 cells, got 12")
            continue
        key = form(line.split()[0])
        if key not in seen:
            seen.add(key)
            kept.append(line)
    return ("\n".join(text) + "\n").encode(), kept


def test_dedupe_keeps_the_first_of_each_class_in_order(pure: bool, tmp_path: Path) -> None:
    data, expected = isomorph_collection()
    path = tmp_path / "c.txt"
    path.write_bytes(data)
    done = sudoku("dedupe", "--stats", str(path))
    assert done.status == 2  # the unreadable line, reported and kept in its place
    assert done.out.splitlines() == [x.replace("<stdin>", str(path)) for x in expected]
    classes = len(expected) - 2
    assert f"80 puzzles read, {classes} classes kept, {80 - classes} dropped" in done.stderr


def test_dedupe_in_bounded_memory_writes_the_same(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from sudokit.cli import dedupe

    data, _ = isomorph_collection()
    path = tmp_path / "c.txt"
    path.write_bytes(data)
    files = [str(path), str(DATA / "puzzles6_forum_hardest_1106.txt"), str(path)]
    for options in ([], ["--exact"]):
        in_memory = sudoku("dedupe", "--stats", *options, *files)
        monkeypatch.setattr(dedupe, "IN_MEMORY_BYTES", -1)  # bucket files, three passes
        spilled = sudoku("dedupe", "--stats", *options, "--temp-dir", str(tmp_path), *files)
        monkeypatch.undo()
        assert spilled.stdout == in_memory.stdout and spilled.stderr == in_memory.stderr
        assert spilled.status == in_memory.status == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.txt"]  # no bucket left


def test_dedupe_exact_keeps_isomorphs_and_drops_copies() -> None:
    a = HARDEST[0]
    b = Transform.mirror().apply(Grid(a)).to_line()
    text = f"{a}\n{b}\n{a.replace('.', '0')}\n".encode()
    assert sudoku("dedupe", "--exact", stdin=text).out == f"{a}\n{b}\n"
    assert sudoku("dedupe", stdin=text).out == f"{a}\n"


def test_dedupe_of_the_17_clue_list_keeps_every_puzzle() -> None:
    done = sudoku("dedupe", "--stats", str(DATA / "puzzles2_17_clue.txt"))
    assert done.status == 0
    assert "49158 puzzles read, 49158 classes kept, 0 dropped" in done.stderr


def test_dedupe_refuses_other_sizes_unless_exact() -> None:
    done = sudoku("dedupe", str(EXAMPLES / "16x16.txt"))
    assert done.status == 2 and "16x16" in done.stderr and "--exact" in done.stderr
    exact = sudoku("dedupe", "--exact", str(EXAMPLES / "16x16.txt"))
    assert exact.status == 0


def test_dedupe_on_a_cluster_writes_the_same(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    data, _ = isomorph_collection()
    path = tmp_path / "c.txt"
    path.write_bytes(data)
    here = sudoku("dedupe", "--stats", str(path))
    there = sudoku("dedupe", "--stats", "--cluster", "local:1", str(path))
    assert there.stdout == here.stdout and there.status == here.status
    assert there.stderr.splitlines()[-1] == here.stderr.splitlines()[-1]
