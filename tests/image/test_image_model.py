"""The digit model runs whatever layers its weights hold: any number of convolutions and
fully connected layers, and a temperature that calibrates its probabilities."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("cv2")

from sudokit.image import model  # noqa: E402


def layers(rng: np.random.Generator, channels: tuple[int, ...], hidden: int
           ) -> dict[str, np.ndarray]:
    """Random weights of a network with convolutions of ``channels`` and a hidden layer."""
    params: dict[str, np.ndarray] = {}
    inputs, size = 1, 28
    for k, out in enumerate(channels, 1):
        params[f"conv{k}.weight"] = rng.normal(0, 0.5, (out, inputs, 3, 3)).astype(np.float32)
        params[f"conv{k}.bias"] = rng.normal(0, 0.1, out).astype(np.float32)
        inputs, size = out, size // 2
    params["fc1.weight"] = rng.normal(0, 0.1, (hidden, inputs * size * size)).astype(np.float32)
    params["fc1.bias"] = rng.normal(0, 0.1, hidden).astype(np.float32)
    params["fc2.weight"] = rng.normal(0, 0.3, (10, hidden)).astype(np.float32)
    params["fc2.bias"] = rng.normal(0, 0.1, 10).astype(np.float32)
    return params


def logits_by_hand(x: np.ndarray, params: dict[str, np.ndarray]) -> np.ndarray:
    """The network's outputs for one patch, each convolution summed pixel by pixel."""
    a = x[None].astype(np.float64)  # C, H, W
    k = 1
    while f"conv{k}.weight" in params:
        w, b = params[f"conv{k}.weight"], params[f"conv{k}.bias"]
        padded = np.pad(a, ((0, 0), (1, 1), (1, 1)))
        h, wd = a.shape[1:]
        out = np.zeros((len(w), h, wd))
        for dy in range(3):
            for dx in range(3):
                out += np.einsum("oc,chw->ohw", w[:, :, dy, dx], padded[:, dy:dy + h, dx:dx + wd])
        out = np.maximum(out + b[:, None, None], 0)
        h, wd = h // 2, wd // 2
        a = out[:, :2 * h, :2 * wd].reshape(len(w), h, 2, wd, 2).max(axis=(2, 4))
        k += 1
    v = a.reshape(-1)
    v = np.maximum(params["fc1.weight"] @ v + params["fc1.bias"], 0)
    return params["fc2.weight"] @ v + params["fc2.bias"]


def softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max())
    return e / e.sum()


def test_three_convolutions_are_run_down_to_three_pixels() -> None:
    rng = np.random.default_rng(3)
    params = layers(rng, (4, 6, 8), 12)
    patches = (rng.random((5, 28, 28)) > 0.7).astype(np.float32)
    p = model.probabilities(patches, params)
    for patch, row in zip(patches, p, strict=True):
        assert np.allclose(row, softmax(logits_by_hand(patch, params)), atol=1e-5)


def test_the_temperature_divides_the_outputs_before_the_softmax() -> None:
    rng = np.random.default_rng(4)
    params = layers(rng, (4, 6), 12)
    patches = (rng.random((3, 28, 28)) > 0.7).astype(np.float32)
    hot = model.probabilities(patches, {**params, "temperature": np.float32(2.0)})
    for patch, row in zip(patches, hot, strict=True):
        assert np.allclose(row, softmax(logits_by_hand(patch, params) / 2.0), atol=1e-5)
    # a temperature above 1 makes the model less sure of its first choice
    assert (hot.max(axis=1) < model.probabilities(patches, params).max(axis=1)).all()


def test_the_shipped_weights_give_each_patch_a_probability_of_one_in_all() -> None:
    patches = np.zeros((2, 28, 28), np.float32)
    patches[1, 4:24, 13:15] = 1.0  # a 1's stroke
    p = model.probabilities(patches)
    assert p.shape == (2, 10) and np.allclose(p.sum(axis=1), 1.0, atol=1e-5)
    assert p[1].argmax() == 1
