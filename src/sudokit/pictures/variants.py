"""How a puzzle's rules look on its grid, as setters print them.

Irregular regions (jigsaw) get thick borders where two regions meet, and with a theme's
``region_tints`` a light tint each; the diagonals (X) are thin lines corner to corner;
windoku windows and centre-dot cells are shaded, disjoint groups tinted by their place in
the box; odd cells hold a grey circle and even cells a grey square behind the digit. Rules
that leave no mark on the grid (anti-king, anti-knight, non-consecutive, and that every
kropki dot or XV sign is given) are said in a caption under it; cages, lines, dots and
signs are drawn by :mod:`sudokit.pictures.constraints`. :func:`rule_lines` says every rule
in words, the line a printed page puts under a puzzle. A classic grid gets none of this:
its picture is what it always was.

>>> from sudokit.rules import Rules
>>> rule_lines(Rules.preset("x+anti-knight"))
['X: both diagonals hold each digit once', "Anti-knight: cells a knight's move apart differ"]
>>> unmarked_rules(Rules.preset("x+anti-knight"))
["Anti-knight: cells a knight's move apart differ"]
"""

from __future__ import annotations

import colorsys
from collections.abc import Iterable

from ..errors import UnsupportedRulesError
from ..rules import PRESETS, Rules
from . import constraints
from .shapes import Circle, Figure, Geometry, Line, Rect, Text, Theme

#: Each preset in words, with what its mark on the grid is; the ones without a mark last.
_WORDS: dict[str, str] = {
    "jigsaw": "Jigsaw: each outlined region holds each digit once",
    "x": "X: both diagonals hold each digit once",
    "windoku": "Windoku: each shaded window holds each digit once",
    "disjoint": "Disjoint groups: cells at the same place in their boxes (alike tints) differ",
    "centre-dot": "Centre-dot: the shaded box centres hold each digit once",
    "even-odd": "Even-odd: a circle holds an odd digit, a square an even one",
    "anti-king": "Anti-king: cells a king's move apart differ",
    "anti-knight": "Anti-knight: cells a knight's move apart differ",
    "non-consecutive": "Non-consecutive: side by side cells never hold consecutive digits",
}

#: The rules that leave no mark on the grid: a picture says them under it.
UNMARKED = ("anti-king", "anti-knight", "non-consecutive")

#: The caption's font and line height as a share of the picture's width.
CAPTION_FONT = 0.036
_LEADING = 1.35


def rules_name(rules: Rules) -> str:
    """The presets of ``rules`` joined, ``"X + anti-knight"`` ("" for classic)."""
    return " + ".join(PRESETS[name] for name in rules.names)


def rule_lines(rules: Rules) -> list[str]:
    """Every rule beyond the classic ones in words, one line each ([] for classic); the
    cages, lines, dots and signs as :mod:`sudokit.pictures.constraints` says them."""
    said = {**_WORDS, **constraints.words(rules)}
    for name in rules.names:
        if name not in said:
            raise UnsupportedRulesError(f"pictures cannot say the {name} rules in words yet")
    return [said[name] for name in rules.names]


def unmarked_rules(rules: Rules) -> list[str]:
    """The rules that the grid shows no mark of, in words: a picture's caption (with that
    every kropki dot, or every X and V, is given: no mark shows a sign left out)."""
    return [_WORDS[name] for name in rules.names if name in UNMARKED] + \
        constraints.negative_words(rules)


def caption_lines(rules: Rules, width: float) -> list[str]:
    """The caption under a picture ``width`` units wide, wrapped to fit."""
    font = width * CAPTION_FONT
    room = max(12, int(width * 0.92 / (font * 0.5)))  # about half an em a character
    out: list[str] = []
    for sentence in unmarked_rules(rules):
        line = ""
        for word in sentence.split():
            if line and len(line) + 1 + len(word) > room:
                out.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        out.append(line)
    return out


def caption_height(lines: list[str], width: float) -> float:
    """The height the caption ``lines`` take under a picture ``width`` units wide."""
    if not lines:
        return 0.0
    font = width * CAPTION_FONT
    return font * (0.6 + _LEADING * len(lines))


def draw_caption(fig: Figure, lines: list[str], top: float, theme: Theme) -> None:
    """The caption lines, centred, from ``top`` down."""
    font = fig.width * CAPTION_FONT
    for k, text in enumerate(lines):
        y = top + font * (_LEADING * (k + 1) - 0.25)
        fig.add(Text(fig.width / 2, y, text, font, theme.given, "rule"))


def draw_tints(fig: Figure, geo: Geometry, rules: Rules, theme: Theme) -> None:
    """The shaded cells: regions (when the theme tints them), windows, disjoint groups
    and centre-dot cells, under everything else."""
    tinted: dict[int, str] = {}
    if rules.is_jigsaw and theme.region_tints:
        colours = region_colours(rules)
        palette = tints(theme, max(colours) + 1)
        for cell, region in enumerate(rules.regions):
            tinted[cell] = palette[colours[region]]
    palette = tints(theme, rules.size) if rules.disjoint else []
    for name, cells in rules.extra_houses():
        if name.startswith("window") or name.startswith("the centre-dot"):
            for cell in cells:
                tinted[cell] = theme.tint
        elif name.startswith("disjoint group"):
            k = int(name.rsplit(" ", 1)[1]) - 1
            for cell in cells:
                tinted[cell] = palette[k]
    for cell in sorted(tinted):
        x, y = geo.corner(cell)
        fig.add(Rect(x, y, geo.unit, geo.unit, tinted[cell], "tint"))


def draw_parity(fig: Figure, geo: Geometry, rules: Rules, theme: Theme) -> None:
    """A grey circle behind each odd cell's digit, a grey square behind each even one's."""
    unit = geo.unit
    for cell in rules.odd:
        x, y = geo.corner(cell)
        fig.add(Circle(x + unit / 2, y + unit / 2, unit * 0.4, theme.parity, 0, "odd",
                       theme.parity))
    side = unit * 0.74
    for cell in rules.even:
        x, y = geo.corner(cell)
        fig.add(Rect(x + (unit - side) / 2, y + (unit - side) / 2, side, side, theme.parity,
                     "even"))


def draw_diagonals(fig: Figure, geo: Geometry, rules: Rules, theme: Theme,
                   scale: float) -> None:
    """The two diagonals of an X sudoku, thin, corner to corner."""
    if not rules.diagonals:
        return
    left, top = geo.left, geo.top
    right, bottom = left + geo.shape.n * geo.unit, top + geo.shape.n * geo.unit
    fig.add(Line(left, top, right, bottom, theme.diagonal, 1.2 * scale, "diagonal"))
    fig.add(Line(right, top, left, bottom, theme.diagonal, 1.2 * scale, "diagonal"))


def draw_region_lines(fig: Figure, geo: Geometry, rules: Rules, theme: Theme,
                      scale: float) -> None:
    """Thick borders between cells of different regions, each straight run one line with
    square ends, so that corners meet without a notch."""
    n, unit = geo.shape.n, geo.unit
    thick = 2.5 * scale
    region = rules.regions
    for k in range(1, n):
        # the line between column k-1 and k (vertical), and between row k-1 and k
        vertical = [region[r * n + k - 1] != region[r * n + k] for r in range(n)]
        horizontal = [region[(k - 1) * n + c] != region[k * n + c] for c in range(n)]
        for start, end in _runs(vertical):
            x = geo.left + k * unit
            fig.add(Line(x, geo.top + start * unit, x, geo.top + end * unit, theme.line, thick,
                         "region-line", square=True))
        for start, end in _runs(horizontal):
            y = geo.top + k * unit
            fig.add(Line(geo.left + start * unit, y, geo.left + end * unit, y, theme.line,
                         thick, "region-line", square=True))


def draw_outlines(fig: Figure, geo: Geometry, houses: Iterable[Iterable[int]], theme: Theme,
                  scale: float) -> None:
    """Each house (a set of cells) outlined just inside its border: a row, a box, a
    diagonal (its cells touch only at corners, so each is outlined) or a window."""
    n, unit = geo.shape.n, geo.unit
    inset, width = 2.4 * scale, 2.0 * scale
    for house in houses:
        cells = set(house)

        def inside(r: int, c: int, cells: set[int] = cells) -> bool:
            return 0 <= r < n and 0 <= c < n and r * n + c in cells

        for cell in sorted(cells):
            r, c = divmod(cell, n)
            x, y = geo.corner(cell)
            # the four sides: (neighbour across it, the two ends' neighbours along it)
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                if inside(r + dr, c + dc):
                    continue
                # along the side: the cells before and after it on this side's line
                ar, ac = (0, -1) if dr else (-1, 0)
                ends = []
                for sign in (1, -1):
                    br, bc = r + sign * ar, c + sign * ac
                    if not inside(br, bc):
                        ends.append(-inset)  # a convex corner: stop short
                    elif inside(br + dr, bc + dc):
                        ends.append(inset)  # a concave corner: run on to meet
                    else:
                        ends.append(0.0)
                before, after = ends  # the start's (left, top) and the end's
                if dr:
                    yy = y + (inset if dr < 0 else unit - inset)
                    fig.add(Line(x - before, yy, x + unit + after, yy, theme.outline,
                                 width, "house"))
                else:
                    xx = x + (inset if dc < 0 else unit - inset)
                    fig.add(Line(xx, y - before, xx, y + unit + after, theme.outline,
                                 width, "house"))


def tints(theme: Theme, count: int) -> list[str]:
    """``count`` tints that tell apart: the theme's own, or where it has too few, as many
    hues around the colour wheel, as light (or as dark, on a dark background) as its own."""
    if count <= len(theme.tints):
        return list(theme.tints[:count])
    light = int(theme.background[1:3], 16) > 0x80
    out = []
    for k in range(count):
        r, g, b = colorsys.hls_to_rgb(k / count, 0.88 if light else 0.26, 0.6)
        out.append(f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}")
    return out


def region_colours(rules: Rules) -> tuple[int, ...]:
    """A colour number per region, regions that touch side by side never alike where the
    palette allows (greedy, regions in order)."""
    n, region = rules.size, rules.regions
    touching: list[set[int]] = [set() for _ in range(n)]
    for cell, here in enumerate(region):
        r, c = divmod(cell, n)
        for other in ((r + 1) * n + c if r + 1 < n else -1, cell + 1 if c + 1 < n else -1):
            if other >= 0 and region[other] != here:
                touching[here].add(region[other])
                touching[region[other]].add(here)
    colours: list[int] = []
    for k in range(n):
        taken = {colours[j] for j in touching[k] if j < k}
        colours.append(next(i for i in range(n + 1) if i not in taken))
    return tuple(colours)


def _runs(flags: list[bool]) -> list[tuple[int, int]]:
    """The (start, end) of each run of True in ``flags``."""
    out: list[tuple[int, int]] = []
    start = None
    for k, on in enumerate([*flags, False]):
        if on and start is None:
            start = k
        elif not on and start is not None:
            out.append((start, k))
            start = None
    return out
