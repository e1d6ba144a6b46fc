"""The digit model runs whatever layers its weights hold: any number of convolutions and
fully connected layers, and a temperature that calibrates its probabilities."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

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


def drawn_digit(digit: int, font: int) -> np.ndarray:
    """``digit`` drawn in one of OpenCV's stroke fonts and handed over as the cutting step
    hands a digit to the model: 20 pixels tall, centred in a 28 x 28 patch, ink 1.0."""
    big = np.zeros((112, 112), np.uint8)
    cv2.putText(big, str(digit), (30, 92), font, 3.0, 255, 8, cv2.LINE_AA)
    ys, xs = np.nonzero(big)
    crop = big[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    width = max(1, round(crop.shape[1] * 20 / crop.shape[0]))
    small = cv2.resize(crop, (width, 20), interpolation=cv2.INTER_AREA)
    patch = np.zeros((28, 28), np.float32)
    left = (28 - width) // 2
    patch[4:24, left:left + width] = small / 255.0
    return patch


@pytest.mark.parametrize("font", ["FONT_HERSHEY_SIMPLEX", "FONT_HERSHEY_DUPLEX",
                                  "FONT_HERSHEY_COMPLEX"])
def test_the_shipped_weights_read_each_drawn_digit_as_itself(font: str) -> None:
    patches = np.stack([np.zeros((28, 28), np.float32),
                        *(drawn_digit(d, getattr(cv2, font)) for d in range(1, 10))])
    p = model.probabilities(patches)
    assert p.shape == (10, 10) and np.allclose(p.sum(axis=1), 1.0, atol=1e-5)
    assert list(p[1:].argmax(axis=1)) == list(range(1, 10))
    assert (p[1:].max(axis=1) >= 0.9).all()


def test_weights_saved_to_a_file_load_as_the_model_runs_them(tmp_path: Path) -> None:
    """Weights saved as an .npz file (a newly trained model, an older one to compare) load
    by layer name as float32, and read a patch as they did before they were saved."""
    rng = np.random.default_rng(7)
    params = layers(rng, (4, 8), 16)
    params["temperature"] = np.array(1.5)
    np.savez(tmp_path / "w.npz", **{k: v.astype(np.float64) for k, v in params.items()})
    loaded = model.load(tmp_path / "w.npz")
    assert sorted(loaded) == sorted(params)
    assert all(v.dtype == np.float32 for v in loaded.values())
    patch = rng.random((1, 28, 28)).astype(np.float32)
    assert np.allclose(model.probabilities(patch, loaded), model.probabilities(patch, params))
