"""``sudoku transform``: apply symmetries of sudoku to each puzzle, in input order."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import ShapeError
from ._inputs import Tally, add_input_arguments, each_record, seed_arg
from .env import Env

#: The operations --op names, and what each takes after '='.
OPS = {"rotate": "", "mirror": "", "flip": "", "transpose": "", "swap-bands": "A,B",
       "swap-stacks": "A,B", "relabel": "PERM", "random": ""}


def op_arg(text: str) -> tuple[str, str]:
    """An argparse type: one operation, NAME or NAME=VALUE, checked."""
    name, _, value = text.partition("=")
    if name not in OPS:
        raise argparse.ArgumentTypeError(
            f"unknown operation {name!r}; one of: "
            + ", ".join(f"{k}={v}" if v else k for k, v in OPS.items()))
    if bool(OPS[name]) != bool(value):
        raise argparse.ArgumentTypeError(
            f"{name} takes {OPS[name]} after '=' (such as {name}={_EXAMPLE[name]})"
            if OPS[name] else f"{name} takes no value")
    if value:
        _named(name, value)  # checked now, so that a bad value stops the run at once
    return name, value


_EXAMPLE = {"swap-bands": "1,3", "swap-stacks": "1,2", "relabel": "987654321"}


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku transform`` and its options."""
    from .. import formats  # imported when needed: the command's start-up stays fast

    p = sub.add_parser(
        "transform",
        help="apply symmetries (rotate, mirror, relabel, ...) to 9x9 puzzles",
        description="Apply symmetries of sudoku to each 9x9 puzzle, in the order given: a "
        "transformed puzzle has the same number of solutions (transformed alike) and the "
        "same difficulty. Records keep their layout and fields in the input's format. "
        "See docs/symmetry.md.",
    )
    add_input_arguments(p)
    p.add_argument("--to", dest="to_format", choices=sorted(formats.FORMATS),
                   metavar="FORMAT", help="output format (default: the input's)")
    p.add_argument("--op", dest="ops", action="append", type=op_arg, metavar="OP",
                   required=True,
                   help="an operation, repeatable, applied in order: rotate (a quarter turn "
                   "clockwise), mirror (left and right), flip (top and bottom), transpose, "
                   "swap-bands=A,B and swap-stacks=A,B (1 to 3), relabel=PERM (digit d "
                   "becomes the d-th of PERM, such as 987654321), random (a symmetry drawn "
                   "for each puzzle from --seed)")
    p.add_argument("--seed", type=seed_arg, metavar="S",
                   help="the seed of random: the same seed draws the same symmetries")


def _named(name: str, value: str) -> Any:
    """The Transform of one operation that is not random."""
    # imported when needed: the command's start-up stays fast
    from ..symmetry.transform import Transform

    if name in ("swap-bands", "swap-stacks"):
        parts = value.split(",")
        if len(parts) != 2 or not all(x.strip() in ("1", "2", "3") for x in parts):
            raise argparse.ArgumentTypeError(f"{name}={value}: expected two of 1, 2, 3, "
                                             "such as 1,3")
        a, b = (int(x) for x in parts)
        return (Transform.swap_bands if name == "swap-bands" else Transform.swap_stacks)(a, b)
    if name == "relabel":
        if len(value) != 9 or sorted(value) != list("123456789"):
            raise argparse.ArgumentTypeError(f"relabel={value}: expected the digits 1 to 9 "
                                             "each once, such as 987654321")
        return Transform.relabel(int(x) for x in value)
    return {"rotate": Transform.rotate, "mirror": Transform.mirror, "flip": Transform.flip,
            "transpose": Transform.transposed}[name]()


def run(args: argparse.Namespace, env: Env) -> int:
    """Write each record transformed, in order; the exit status."""
    # imported when needed: the command's start-up stays fast
    import random

    # (the same)
    from .. import formats
    from ..grid import Grid
    from ..symmetry.canon import SHAPE
    from ..symmetry.transform import Transform

    if args.seed is not None and not any(name == "random" for name, _ in args.ops):
        env.warn("--seed is used by --op random only; no operation here is random")
    rng = random.Random(args.seed)
    tally = Tally()
    writer: Any = None
    stale_said = False  # said once a run
    try:
        for opened, record in each_record(args, env, tally, answer_errors=False):
            out_format = args.to_format or opened.format
            if writer is None or writer.fmt != out_format:  # each input answers in its format
                if writer is not None:
                    writer.close()
                writer = formats.Writer(out_format, env.stdout)
            if record.error is not None:  # already reported by each_record
                writer.write_message(f"ERROR: {record.error}", record.style)
                continue
            item = record.item
            if not isinstance(item, Grid) or item.shape != SHAPE:
                what = (f"a {item.n}x{item.n} puzzle" if isinstance(item, Grid)
                        else "a board of pencil marks")
                raise ShapeError(f"{opened.source}, line {record.line}: {what}: transform "
                                 "takes 9x9 puzzles of digits with 3x3 boxes")
            if "solution" in record.fields and not stale_said:
                env.warn(f"{opened.source}: the solution field is written as it was read, "
                         "not transformed")
                stale_said = True
            how = Transform()
            for name, value in args.ops:
                step = Transform.random(rng) if name == "random" else _named(name, value)
                how = step @ how
            writer.write(how.apply(item), record.style)
    finally:
        if writer is not None:
            writer.close()
    return tally.status
