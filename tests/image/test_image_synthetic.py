"""The photos the tests and the benchmark read, and the training learns from, show what a
page shows: a digit in a thin face keeps every stroke of it."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from sudokit.image.synthetic import hershey_glyph, thinned  # noqa: E402


def pieces(mask: np.ndarray) -> int:
    return cv2.connectedComponents((mask > 60).astype(np.uint8))[0] - 1


@pytest.mark.parametrize("digit", range(1, 10))
def test_a_thin_face_keeps_every_stroke(digit: int) -> None:
    thin = thinned(hershey_glyph)
    for seed in range(40):
        # the same draws: the glyph as the thin face starts from it, and worn thin
        plain = hershey_glyph(digit, 96, np.random.default_rng(seed))
        worn = thin(digit, 96, np.random.default_rng(seed))
        assert pieces(worn) == pieces(plain), f"seed {seed}"
