"""The digit model: a small convolutional network, run in NumPy.

28 x 28 patches (ink 1.0) go through the 3 x 3 convolutions the weights hold, ``conv1``,
``conv2``, ... (each followed by ReLU and 2 x 2 max pooling; batch normalisation, used in
training, is folded into them), then the fully connected layers ``fc1``, ``fc2``, ... (ReLU
between them), to 10 outputs: 0 for "not a digit" (a smudge, a stray line) and 1-9. The
outputs are divided by the weights' ``temperature`` (1.0 when it holds none) before the
softmax, so that a digit read at 90% is right about 9 times in 10. The shipped weights
(digits.npz, about 0.4 MB, from training/train_digits.py) hold three convolutions of 16, 32
and 64 channels, a hidden layer of 128 and a temperature of 0.928.
"""

from __future__ import annotations

import os
from functools import cache
from importlib import resources
from itertools import count
from typing import IO

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

WEIGHTS = "digits.npz"


@cache
def weights() -> dict[str, np.ndarray]:
    """The shipped weights, by layer name (loaded once)."""
    with resources.files(__package__).joinpath(WEIGHTS).open("rb") as f:
        return load(f)


def load(source: str | os.PathLike[str] | IO[bytes]) -> dict[str, np.ndarray]:
    """The digit model's weights in an .npz file (a file name or a file open for reading
    bytes), by layer name, as :func:`probabilities` takes them: other weights than the
    shipped ones, to compare them."""
    with np.load(source) as data:
        return {name: data[name].astype(np.float32) for name in data.files}


def probabilities(patches: np.ndarray, params: dict[str, np.ndarray] | None = None) -> np.ndarray:
    """For N patches (N x 28 x 28, ink 1.0), an N x 10 array: the probability of "not a
    digit" (column 0) and of each digit 1-9."""
    p = weights() if params is None else params
    x = patches.astype(np.float32)[..., None]  # N, H, W, C
    for k in count(1):
        if f"conv{k}.weight" not in p:
            break
        x = _pool(_relu(_conv(x, p[f"conv{k}.weight"], p[f"conv{k}.bias"])))
    x = x.transpose(0, 3, 1, 2).reshape(len(x), -1)  # flattened as the trainer did: C, H, W
    for k in count(1):
        x = x @ p[f"fc{k}.weight"].T + p[f"fc{k}.bias"]
        if f"fc{k + 1}.weight" not in p:
            break
        x = _relu(x)
    logits = x / float(p["temperature"]) if "temperature" in p else x
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
    """2 x 2 max pooling; an odd last row or column is dropped."""
    n, h, w, c = x.shape
    h, w = h // 2, w // 2
    return x[:, :2 * h, :2 * w].reshape(n, h, 2, w, 2, c).max(axis=(2, 4))
