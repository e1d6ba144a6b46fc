"""Reading a puzzle from a photo: find the grid, straighten it, cut the cells, tell empty
from digit, classify each digit, and check the result with the solver (see repair)."""

from __future__ import annotations

import os
from dataclasses import dataclass

import cv2
import numpy as np

from ..errors import ImageError
from ..grid import Grid
from ..solver import solve
from . import cells as cutting
from . import decode as decoding
from . import lattice
from .locate import find_lattice
from .model import probabilities
from .repair import (
    ACCEPT,
    FADED,
    GUESS,
    MAX_TRIES,
    OTHER_DOUBT,
    PALE,
    Change,
    Outcome,
    hangs_on,
    other_digit,
    repair,
    suspects,
    trusted,
)

#: A cell read with less confidence than this is reported as doubtful.
DOUBT = 0.9
#: How many of the model's choices per cell are kept as alternatives.
KEEP = 4
#: A digit this likely in a cell read as blank is restored when the solution agrees (the
#: least likely change a trusted reading may have).
RESTORE = ACCEPT
#: A mark in a cell read as blank (:func:`sudokit.image.cells.marks`) whose ink is at least
#: MARK_INK of the grid's digits' and that the digit model reads, at MARK_RESTORE or more, as
#: the digit the only solution has there is a given the reading lost: it is put back.
MARK_INK, MARK_RESTORE = 0.4, 0.7
#: A mark at least MARK_SUSPECT as dark as the digits, less than MARK_LINE of a cell tall (a
#: grid line's remnant runs the cell's height) and that the model reads as a digit more
#: likely than not, in a cell read as blank, makes that blank a suspect: a digit lost?
MARK_SUSPECT, MARK_LINE = 0.5, 0.7
#: A faint mark whose likeliest digit is a 7, at MARK_SEVEN or more, where the only solution
#: has a 7, makes its blank a suspect too: a thin 7 faded to its bar or its stroke alone
#: (a speck or a line's remnant reads as a 7 at a percent or less, as any other digit).
MARK_SEVEN = 0.02
#: A digit's shape is read twice, as first cut and cut again with its paler strokes
#: (:func:`sudokit.image.cells.second_cuts`); the first reading weighs SURE times the second.
SURE = 2.0
#: Readings the repair may try for each turned grid: a grid turned the right way reads with
#: few doubts, so a small budget finds it, and the wrong turns cost little.
TURNED_TRIES = 300
#: The part of a cell (from MIDDLE to 1 - MIDDLE of its side, each way) where a digit's
#: strokes lie: a digit read in a cell whose middle lies partly outside the photo may have
#: lost a stroke there (a 2 without its bar reads 7), so it is a suspect.
MIDDLE = 0.2


@dataclass(frozen=True)
class Reading:
    """What was read from a photo.

    ``grid``: the puzzle read (after repair, when the repair found a reading with exactly one
    solution); ``first``: the model's own first choices; ``confidence[i]``: the probability
    the model gave to what ``grid`` holds in cell i; ``alternatives[i]``: the choices
    considered for cell i, best first, as (digit, probability), 0 standing for a blank;
    ``corners``: the grid's outer corners in the photo's pixels (top-left, top-right,
    bottom-right, bottom-left, as x, y); ``changes``: what the repair changed, each with
    the probability the model gave the new choice; ``solutions``: 0, 1 or 2 (several) for
    ``grid``; ``rival``: how likely the next reading with exactly one solution, of another
    puzzle, is next to ``grid`` (0.0 when none is nearly as likely); ``contested``: the
    cells that rival reads otherwise, or, when no reading has a solution, the digits to
    blame: those that clash, or else each without which the puzzle has a solution;
    ``ink[i]``: how dark the shape read in cell i is next to the grid's digits (their
    median 1.0; 0.0 where no shape was seen); ``suspect``: the digits the solver's check
    cannot vouch for (see :func:`sudokit.image.repair.suspects`), and the cells read as
    blank that hold a faint mark the digit model reads as a digit (a digit the photo has
    all but lost) or a pale shape it reads as a thin face's faded digit
    (:func:`_faded_blanks`), and the ``off_middle`` ones: digits read from a shape that the cell's
    middle does not hold (:func:`sudokit.image.cells.off_middle`), and the ``cut`` ones:
    digits read in a cell whose middle the photo's edge cuts (:func:`cut_cells`), and the
    ``bars``: digits put back from a short dash at the cell's top, a thin 7's bar alone
    (:func:`_faint_marks`), and the ``marked`` ones: digits read from a faint mark that the
    puzzle needs for its one solution (:func:`_marks_needed`).
    """

    grid: Grid
    first: Grid
    confidence: tuple[float, ...]
    alternatives: tuple[tuple[tuple[int, float], ...], ...]
    corners: tuple[tuple[float, float], ...]
    changes: tuple[Change, ...]
    solutions: int
    rival: float = 0.0
    contested: tuple[int, ...] = ()
    ink: tuple[float, ...] = ()
    suspect: tuple[int, ...] = ()
    off_middle: tuple[int, ...] = ()
    cut: tuple[int, ...] = ()  # digits read in a cell the photo's edge cuts
    bars: tuple[int, ...] = ()  # digits put back from a thin 7's bar alone
    marked: tuple[int, ...] = ()  # digits read from a faint mark the puzzle needs

    @property
    def unique(self) -> bool:
        """True when the puzzle read has exactly one solution."""
        return self.solutions == 1

    @property
    def trusted(self) -> bool:
        """True when the reading is to be trusted: exactly one solution, no change less
        likely than ACCEPT (20%), no other reading with one solution nearly as likely, and
        no suspect digit."""
        return trusted(self.solutions, self.changes, self.rival, self.suspect)

    @property
    def distrust(self) -> tuple[str, ...]:
        """Why a reading with exactly one solution is not to be trusted, in words (empty
        when it is, or when it has no solution or several, which says enough)."""
        if self.solutions != 1:
            return ()
        reasons = [f"the change {c.describe()} is less likely than {ACCEPT:.0%}"
                   for c in self.changes if c.probability < ACCEPT]
        if self.rival:
            reasons.append(f"another reading with exactly one solution, of another puzzle, "
                           f"is {self.rival:.0%} as likely")
        for i in self.suspect:
            r, c = divmod(i, 9)
            reasons.append(
                f"r{r + 1}c{c + 1} reads {self.grid.cells[i]} ({self.confidence[i]:.0%}) from "
                f"a short dash at its top: a thin 7 the photo has faded to its bar, or a "
                f"stray mark?" if i in self.bars else
                f"r{r + 1}c{c + 1} reads {self.grid.cells[i]} ({self.confidence[i]:.0%}) from "
                f"a faint mark the puzzle's one solution needs: a thin digit the photo "
                f"has faded, or a stray mark?" if i in self.marked else
                f"r{r + 1}c{c + 1} reads {self.grid.cells[i]} ({self.confidence[i]:.0%}) from "
                f"a shape the cell's middle does not hold: a grid line's remnant, or a part "
                f"of a digit?" if i in self.off_middle else
                f"r{r + 1}c{c + 1} reads {self.grid.cells[i]} from a cell the "
                f"photo's edge cuts: a stroke of it may lie outside the photo"
                if i in self.cut else
                _suspicion(self.grid.cells, i, self.confidence[i], self.ink[i],
                           self.alternatives[i]))
        return tuple(reasons)

    @property
    def doubtful(self) -> tuple[int, ...]:
        """The cells to check on the page, in order: those read with confidence below
        DOUBT, the ``contested`` and the ``suspect`` ones."""
        unsure = {i for i, p in enumerate(self.confidence) if p < DOUBT}
        return tuple(sorted(unsure.union(self.contested, self.suspect)))


def _suspicion(cells: tuple[int, ...], cell: int, confidence: float, ink: float,
               choices: tuple[tuple[int, float], ...]) -> str:
    """Why the digit (or blank) read in ``cell`` of ``cells`` is a suspect, in words."""
    r, c = divmod(cell, 9)
    digit = cells[cell]
    if not digit and ink > 0.0:
        return (f"r{r + 1}c{c + 1} reads blank at {confidence:.0%} from a shape {ink:.0%} as "
                f"dark as the other digits: a digit lost?")
    if not digit:
        mark, chance = next((d, p) for d, p in choices if d)
        return (f"r{r + 1}c{c + 1} reads blank, but holds a faint mark that reads {mark} "
                f"({chance:.0%}): a thin digit the photo has faded?")
    if 0.0 < ink < PALE:
        return (f"r{r + 1}c{c + 1} reads {digit} ({confidence:.0%}) from a shape {ink:.0%} as "
                f"dark as the other digits: a shadow's edge or print showing through?")
    if confidence < GUESS and hangs_on(cells, cell):
        return (f"r{r + 1}c{c + 1} reads {digit} at {confidence:.0%} (under {GUESS:.0%}), "
                f"and without it the puzzle has several solutions")
    other = other_digit(cells, cell, choices, confidence < OTHER_DOUBT)
    why = (f"a thin {other} whose strokes faded?" if FADED.get(digit) == other
           else "only the page tells the two puzzles apart")
    return (f"r{r + 1}c{c + 1} reads {digit} ({confidence:.0%}), but a {other} there "
            f"({dict(choices).get(other, 0.0):.0%}) also gives exactly one solution: {why}")


def read(source: str | os.PathLike[str] | bytes | np.ndarray) -> Reading:
    """Read the sudoku in a photo: a file name, the bytes of a JPEG, PNG or WebP file, or an
    image array (H x W grey, or H x W x 3 in OpenCV's BGR order).

    Raises ImageError when the file is no picture, is damaged or too large, or shows no grid.
    """
    gray, scale = _grey(source)
    corners, points = find_lattice(gray)
    cut = cut_cells(gray.shape, corners, points)
    if points is None:
        flat = cutting.warp(gray, corners)
    else:  # a curved page: each cell straightened on its own corners
        flat = lattice.warp(gray, points, cutting.CELL)
    choices, outcome, ink = _read_cells(flat)
    if outcome.solutions != 1:
        # a photo taken sideways or upside down: its digits lie on their side, and no
        # likely reading of them has one solution; try the grid turned a quarter at a time
        for quarter in (1, 2, 3):
            turned_choices, turned, turned_ink = _read_cells(np.rot90(flat, quarter),
                                                             TURNED_TRIES)
            if turned.solutions == 1:
                choices, outcome, ink = turned_choices, turned, turned_ink
                corners = np.roll(corners, -quarter, axis=0)
                flat = np.rot90(flat, quarter)
                cut = np.rot90(cut, quarter)
                break
    first = Grid.from_cells(c[0][0] for c in choices)
    choices, outcome, marked = _marks_needed(flat, choices, outcome, ink)
    lost: tuple[int, ...] = ()
    if outcome.solutions == 1:
        faint = cutting.faint_below([s for s in ink if s])
        dim = frozenset(i for i, s in enumerate(ink) if 0.0 < s < faint)
        outcome = _restore_marks(choices, outcome, dim)
        outcome, lost = _faint_marks(flat, choices, outcome, ink, dim)
        lost += _faded_blanks(choices, outcome, dim)
    confidence = tuple(dict(c).get(v, 0.0) for c, v in zip(choices, outcome.cells, strict=True))
    suspect: tuple[int, ...] = ()
    stray: tuple[int, ...] = ()
    edge = tuple(int(i) for i in np.flatnonzero(cut) if outcome.cells[i])
    if outcome.solutions == 1:
        suspect = suspects(outcome.cells, confidence, ink, DOUBT, choices)
        stray = tuple(cutting.off_middle(np.ascontiguousarray(flat), [
            i for i, v in enumerate(outcome.cells) if v and ink[i] > 0.0]))
    return Reading(
        grid=Grid.from_cells(outcome.cells),
        first=first,
        confidence=confidence,
        alternatives=tuple(choices),
        corners=tuple((float(x) * scale, float(y) * scale) for x, y in corners),
        changes=outcome.changes,
        solutions=outcome.solutions,
        rival=outcome.rival,
        contested=outcome.contested,
        ink=ink,
        suspect=tuple(sorted({*suspect, *lost, *stray, *edge, *marked}))
        if outcome.solutions == 1 else (),
        off_middle=stray,
        cut=edge,
        bars=tuple(i for i in lost if outcome.cells[i]),
        marked=marked,
    )


def cut_cells(shape: tuple[int, ...], corners: np.ndarray,
              points: np.ndarray | None) -> np.ndarray:
    """A 9 x 9 array, True for each cell whose middle (MIDDLE to 1 - MIDDLE of its side
    each way) lies partly outside a photo of ``shape`` (height, width), the grid found at
    ``corners`` (straight) or on its line crossings ``points`` (curved, 10 x 10 x 2)."""
    steps = np.array([MIDDLE, 1.0 - MIDDLE])
    u = (np.arange(9)[:, None] + steps[None, :]).ravel()  # 18 positions, in cells
    if points is None:
        side = 9.0
        target = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
        matrix = cv2.getPerspectiveTransform(target, corners.astype(np.float32))
        uu, vv = np.meshgrid(u, u)  # x along a row, y down the grid
        grid = np.stack([uu, vv], axis=-1).reshape(-1, 1, 2).astype(np.float32)
        xy = cv2.perspectiveTransform(grid, matrix).reshape(18, 18, 2)
    else:
        xy = lattice.spots(points.astype(np.float64), u)
    height, width = shape[0], shape[1]
    outside = ((xy[..., 0] < 0) | (xy[..., 0] > width - 1)
               | (xy[..., 1] < 0) | (xy[..., 1] > height - 1))  # 18 x 18: y, x
    return np.asarray(outside.reshape(9, 2, 9, 2).any(axis=(1, 3)))


def _faint_marks(flat: np.ndarray, choices: list[tuple[tuple[int, float], ...]],
                 outcome: Outcome, ink: tuple[float, ...], dim: frozenset[int] = frozenset()
                 ) -> tuple[Outcome, tuple[int, ...]]:
    """The reading with exactly one solution ``outcome`` with the digits put back that a
    photo has all but lost (a thin digit faded to its bar and a few grey pixels: no digit's
    shape was found in its cell), and the suspects: the cells read as blank that may have
    lost one, and the digits put back from a thin 7's bar alone.

    A faint mark the digit model reads as the digit the only solution has there, at
    MARK_RESTORE or more, from ink at least MARK_INK of the digits', is put back (a change,
    ``restored``); so is a bar alone (a thin 7's, :func:`sudokit.image.cells.marks`), but it
    stays a suspect: only the page tells a lost bar from a stray dash. A mark at least
    MARK_SUSPECT as dark as the digits, shorter than a grid line's remnant, that the model
    reads as a digit more likely than not stays blank, a suspect. So does a mark at least DIM
    as dark as the digits whose likeliest digit, a 7 at MARK_SEVEN or more, is the one the only
    solution has there (:func:`_faded_digit`): a thin 7 faded to its bar alone (looked for in
    the ``dim`` cells read as blank too, whose pale shape is mostly its faded stroke), or to
    its stroke alone (not in a grid printed in dashes, whose dashes read as a 7 at a few
    percent: :func:`sudokit.image.cells.dashed`). ``choices`` gets the model's choices for the
    cells restored and the suspects, in place."""
    shaped = [i for i, strength in enumerate(ink) if strength > 0.0 or outcome.cells[i]]
    pale = [i for i in dim if not outcome.cells[i]]
    flat = np.ascontiguousarray(flat)
    dashes = cutting.dashed(flat)  # (a grid's dashes read as a 7 at a few percent)
    patches, where, strengths, heights = cutting.marks(flat, shaped, pale, dashes)
    seen = [k for k, strength in enumerate(strengths) if strength >= cutting.DIM]
    solution = solve(Grid.from_cells(outcome.cells)) if seen else None
    if solution is None:
        return outcome, ()
    cells, changes, lost = list(outcome.cells), list(outcome.changes), []
    for k, p in zip(seen, probabilities(patches[seen]), strict=True):
        cell, strength, height = where[k], strengths[k], heights[k]
        ranked = tuple((int(d), float(p[d])) for d in np.argsort(-p)[:KEEP])
        digit, chance = ranked[0]
        whole = height >= cutting.MARK_TALL  # (not a thin 7's bar alone)
        if strength >= MARK_INK and digit == solution.cells[cell] and chance >= MARK_RESTORE:
            choices[cell] = ranked
            cells[cell] = digit
            changes.append(Change(cell, 0, digit, chance, restored=True))
            if not whole:  # only the page tells a lost bar from a stray dash
                lost.append(cell)
        elif (whole and strength >= MARK_SUSPECT and height < MARK_LINE and p[0] < 0.5
              or not dashes and _faded_digit(p, solution.cells[cell])):
            choices[cell] = ranked
            lost.append(cell)
    changes.sort(key=lambda c: c.cell)
    return outcome._replace(cells=tuple(cells), changes=tuple(changes)), tuple(lost)


def _marks_needed(flat: np.ndarray, choices: list[tuple[tuple[int, float], ...]],
                  outcome: Outcome, ink: tuple[float, ...]
                  ) -> tuple[list[tuple[tuple[int, float], ...]], Outcome, tuple[int, ...]]:
    """(choices, outcome, marked): when the repair's ``outcome`` has no single solution, or
    one only through a change the model gave less than ACCEPT, the repair tried again with
    the faint marks of the cells where no digit's shape was found
    (:func:`sudokit.image.cells.marks`) read as the digit model reads them: a thin digit the
    photo has all but lost, that the puzzle needs. When that reading has one solution and
    holds a digit from a mark, it is kept, with those cells (``marked``): only the page
    tells a lost digit from a stray mark, so they stay doubtful. Otherwise the reading
    comes back as it was."""
    if outcome.solutions == 1 and all(c.probability >= ACCEPT for c in outcome.changes):
        return choices, outcome, ()
    flat = np.ascontiguousarray(flat)
    patches, where, strengths, _ = cutting.marks(flat, [i for i, s in enumerate(ink) if s])
    seen = [k for k, strength in enumerate(strengths) if strength >= cutting.DIM]
    if not seen:
        return choices, outcome, ()
    faint = cutting.faint_below([s for s in ink if s])
    read = list(choices)
    for k, p in zip(seen, probabilities(patches[seen]), strict=True):
        if strengths[k] < faint:
            p = _dimmed(p, strengths[k], faint)
        read[where[k]] = tuple((int(d), float(p[d])) for d in np.argsort(-p)[:KEEP])
    again = repair(read)
    marked = tuple(where[k] for k in seen if again.cells[where[k]])
    if again.solutions != 1 or not marked:
        return choices, outcome, ()
    return read, again, marked


def _faded_blanks(choices: list[tuple[tuple[int, float], ...]], outcome: Outcome,
                  dim: frozenset[int]) -> tuple[int, ...]:
    """The ``dim`` cells (shapes fainter than a digit's) read as blank in the reading with
    exactly one solution ``outcome`` whose likeliest digit, however unlikely, is a digit a
    thin face fades (:data:`sudokit.image.repair.FADED`: a 7, or a 1, a 7 whose bar has
    faded) that stands for the digit the only solution has there: a thin digit the photo
    has all but lost, or a mark that happens to agree; only the page tells."""
    blanks = [i for i in sorted(dim) if not outcome.cells[i]]
    solution = solve(Grid.from_cells(outcome.cells)) if blanks else None
    if solution is None:
        return ()
    likeliest = {i: next((d for d, _ in choices[i] if d), 0) for i in blanks}
    return tuple(i for i in blanks if _stands_for(likeliest[i], solution.cells[i]))


def _stands_for(digit: int, solved: int) -> bool:
    """True when ``digit``, the likeliest digit of a pale shape or a faint mark, is one a
    thin face fades (:data:`sudokit.image.repair.FADED`: a 7, or a 1, a 7 whose bar has
    faded) that stands for ``solved``, the digit the only solution has in its cell."""
    faded = {d for pair in FADED.items() for d in pair if d}
    return digit in faded and FADED.get(digit, digit) == solved


def _faded_digit(p: np.ndarray, solved: int) -> bool:
    """True when the likeliest digit of the digit model's probabilities ``p`` for a faint
    mark, at MARK_SEVEN or more, is the one a blank may stand for (:data:`FADED`: a 7) and
    the digit ``solved`` the only solution has in its cell: a thin 7 the photo has faded to
    its bar or its stroke alone, or a mark that happens to agree. (Not a 1: a grid line's
    remnant reads as one.)"""
    digit = int(np.argmax(p[1:])) + 1
    return digit == FADED[0] == solved and p[digit] >= MARK_SEVEN


def _restore_marks(choices: list[tuple[tuple[int, float], ...]], outcome: Outcome,
                   dim: frozenset[int]) -> Outcome:
    """Cells read as blank where the model had a digit as a likely choice (RESTORE or more):
    when that digit is the one the puzzle's only solution has there, it is a given the
    reading lost (a puzzle with more clues than it needs stays unique without it). Not the
    ``dim`` cells, whose shapes are fainter than a digit's: print showing through the page
    is as likely to agree with the solution by chance; they stay blank, marked doubtful."""
    solution = solve(Grid.from_cells(outcome.cells))
    if solution is None:
        return outcome
    cells = list(outcome.cells)
    changes = list(outcome.changes)
    for i, ranked in enumerate(choices):
        if cells[i] or len(ranked) < 2 or i in dim:
            continue
        for digit, p in ranked:
            if digit == solution.cells[i] and p >= RESTORE:
                changes = [c for c in changes if c.cell != i]
                changes.append(Change(i, ranked[0][0], digit, p, restored=True))
                cells[i] = digit
    if tuple(cells) == outcome.cells:
        return outcome
    changes.sort(key=lambda c: c.cell)
    return outcome._replace(cells=tuple(cells), changes=tuple(changes))


def _read_cells(
    flat: np.ndarray, tries: int = MAX_TRIES
) -> tuple[list[tuple[tuple[int, float], ...]], Outcome, tuple[float, ...]]:
    """The model's ranked choices for each cell of the straightened grid, the repair's
    outcome, and each cell's ink next to the grid's digits (0.0 where no shape was seen;
    below :func:`sudokit.image.cells.faint_below`, a shape fainter than a digit's: see
    _dimmed)."""
    flat = np.ascontiguousarray(flat)
    patches, where, strengths = cutting.shapes(flat)
    choices: list[tuple[tuple[int, float], ...]] = [((0, 1.0),)] * 81
    ink = [0.0] * 81
    for cell, strength in zip(where, strengths, strict=True):
        ink[cell] = strength
    if len(where):
        faint = cutting.faint_below(strengths)
        probs = probabilities(patches)
        second, found = cutting.second_cuts(flat, where)
        if found:
            probs[found] = (SURE * probs[found] + probabilities(second)) / (SURE + 1)
        for cell, p, strength in zip(where, probs, strengths, strict=True):
            if strength < faint:
                p = _dimmed(p, strength, faint)
            order = np.argsort(-p)[:KEEP]
            choices[cell] = tuple((int(d), float(p[d])) for d in order)
    return choices, repair(choices, tries), tuple(ink)


def _dimmed(p: np.ndarray, strength: float, faint: float) -> np.ndarray:
    """The model's probabilities ``p`` for a shape fainter than a digit should be
    (``strength`` between DIM and ``faint`` of the grid's digits' ink, see
    :func:`sudokit.image.cells.faint_below`): a blank, most likely, the fainter the
    likelier, and at most half as likely as the model says a digit."""
    weight = 0.5 * max(0.0, strength - cutting.DIM) / (faint - cutting.DIM)
    dimmed = p * weight
    dimmed[0] += 1.0 - weight
    return dimmed


def _grey(source: str | os.PathLike[str] | bytes | np.ndarray) -> tuple[np.ndarray, float]:
    if isinstance(source, np.ndarray):
        gray = decoding.reduce(_grey_array(source))
        return gray, source.shape[1] / gray.shape[1]
    if isinstance(source, bytes | bytearray | memoryview):
        return decoding.decode(bytes(source))
    if not isinstance(source, str | os.PathLike):  # (an int would open a file descriptor)
        raise TypeError(f"image.read: source must be a file name, the bytes of a picture or "
                        f"an image array, not {type(source).__name__}")
    with open(source, "rb") as f:
        data = f.read()
    if not data:
        raise ImageError("empty file: no picture to read")
    return decoding.decode(data)


def _grey_array(image: np.ndarray) -> np.ndarray:
    """An image array (H x W grey, H x W x 3 BGR or H x W x 4 BGRA; whole numbers or finite
    floats, taken as 0..255; booleans as black and white) as a 2-D uint8 array; ImageError
    for any other array."""
    if image.dtype.kind not in "buif":
        raise ImageError(f"an image array holds numbers, not {image.dtype}")
    channels = image.shape[2] if image.ndim == 3 else 1
    if image.ndim not in (2, 3) or channels not in (1, 3, 4) or image.size == 0:
        raise ImageError(f"an image array must be H x W, H x W x 3 or H x W x 4, not "
                         f"{image.shape}")
    if image.dtype.kind == "f" and not np.isfinite(image).all():
        raise ImageError("an image array of floats must hold finite values (0..255)")
    if image.dtype.kind == "b":  # a black and white mask: True is white
        image = image.astype(np.uint8) * 255
    elif image.dtype != np.uint8:
        image = np.clip(image, 0, 255).astype(np.uint8)
    if channels == 1:
        return image.reshape(image.shape[:2])
    code = cv2.COLOR_BGR2GRAY if channels == 3 else cv2.COLOR_BGRA2GRAY
    return cv2.cvtColor(np.ascontiguousarray(image), code)
