"""The bit counts of :file:`_bits64.pxd` for the uncompiled searches (their ``.py``
sources): compiled, the searches cimport the C versions there, which Cython inlines; this
module is never compiled itself."""

from __future__ import annotations

#: the number of set bits of ``x``
popcount64 = int.bit_count


def bit_index64(low: int) -> int:
    """The position of the one bit of ``low``."""
    return low.bit_length() - 1
