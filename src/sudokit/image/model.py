"""The digit model: a small convolutional network, run in NumPy.

Two 3 x 3 convolutions (16 and 32 channels, each followed by ReLU and 2 x 2 max pooling), a
hidden layer of 128 and 10 outputs: 0 for "not a digit" (a smudge, a stray line) and 1-9. The
weights (digits.npz, about 0.8 MB) come from training/train_digits.py.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

WEIGHTS = "digits.npz"


@cache
def weights() -> dict[str, np.ndarray]:
    """The shipped weights, by layer name (loaded once)."""
    with resources.files(__package__).joinpath(WEIGHTS).open("rb") as f, \
            np.load(f) as data:
        return {name: data[name].astype(np.float32) for name in data.files}


def probabilities(patches: np.ndarray, params: dict[str, np.ndarray] | None = None) -> np.ndarray:
    """For N patches (N x 28 x 28, ink 1.0), an N x 10 array: the probability of "not a
    digit" (column 0) and of each digit 1-9."""
    p = weights() if params is None else params
    x = patches.astype(np.float32)[..., None]  # N, H, W, C
    x = _pool(_relu(_conv(x, p["conv1.weight"], p["conv1.bias"])))
    x = _pool(_relu(_conv(x, p["conv2.weight"], p["conv2.bias"])))
    x = x.transpose(0, 3, 1, 2).reshape(len(x), -1)  # flattened as the trainer did: C, H, W
    x = _relu(x @ p["fc1.weight"].T + p["fc1.bias"])
    logits = x @ p["fc2.weight"].T + p["fc2.bias"]
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    return e / e.sum(axis=1, keepdims=True)


def _conv(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """A 3 x 3 convolution with padding 1; x is N, H, W, C and w is O, C, 3, 3."""
    n, h, wd, c = x.shape
    padded = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    cols = sliding_window_view(padded, (3, 3), axis=(1, 2))  # N, H, W, C, 3, 3
    out = cols.reshape(n * h * wd, c * 9) @ w.reshape(len(w), c * 9).T + b
    return out.reshape(n, h, wd, len(w))


def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0, out=x)


def _pool(x: np.ndarray) -> np.ndarray:
    n, h, w, c = x.shape
    return x.reshape(n, h // 2, 2, w // 2, 2, c).max(axis=(2, 4))
