"""Train the digit model shipped as src/sudokit/image/digits.npz.

Every sample comes from a photo made here: a random puzzle printed in a TrueType/OpenType
face found on this machine (printed faces and handwriting-like ones, thickened, thinned,
slanted and bent at random), photographed in software by sudokit.image.synthetic (angle,
perspective, curl, shadow, blur, noise, JPEG), often in the hard conditions of real
newspaper photos (HARD: 640 x 480 photos of the whole page, old phones' JPEG, thin condensed
weights, print showing through, curved and shaded pages, lines short of the corners, broken
borders), then found, straightened and cut into cells by the same code that reads real
photos (a curved page on its own line crossings). So the model learns from exactly what the
reader will hand it, misalignment and bleeding grid lines included. OpenCV's built-in stroke
fonts are left out: the tests and the benchmark read photos written in them, from other
seeds.

Faces: every TrueType/OpenType file under FONT_DIRS with digits of its own, each distinct
face once (only Noto's Latin families: its script faces repeat the same digits), the thin,
light and condensed ones twice (THIN). Install many for training only; the reader needs none:

    apt-get install fonts-urw-base35 fonts-freefont-ttf fonts-noto-core fonts-roboto \
        fonts-open-sans fonts-lato fonts-inter fonts-mplus fonts-texgyre fonts-paratype \
        fonts-yanone-kaffeesatz fonts-bebas-neue fonts-dosis fonts-jura fonts-adf-* ...

The network (:func:`network`): three 3 x 3 convolutions of CHANNELS, each with batch
normalisation (folded into the convolution for the reader), ReLU and 2 x 2 max pooling, a
hidden layer of HIDDEN, dropout before each fully connected layer. Each batch is drawn again
as the cutting step might also have handed it over (:func:`augment`: narrower or wider,
slanted, shifted, strokes thicker, thinner, blurred, paler or darker, noise along them). The
outputs are then calibrated (:func:`calibrate`): one temperature, fitted on the held-out
samples, divides them, so that the reader's thresholds on the probabilities (a repair's
change at 20% or more, a doubtful cell under 90%, a faint mark put back at 70%) mean what
they say.

Run (training needs PyTorch and Pillow, the reader needs neither):

    python -m venv /tmp/train && /tmp/train/bin/pip install torch pillow opencv-python-headless
    PYTHONPATH=src OMP_NUM_THREADS=2 /tmp/train/bin/python training/train_digits.py \
        --photos 1600 --epochs 10 --seed 7 --marks --samples /tmp/samples.npz

The shipped weights come from the command above, on 495 distinct faces (130 thin, light or
condensed), on 2 cores shared with other work: 2,313 s to make 130,421 samples (6,197 "not
a digit") from 1600 photos, the cutting step missing 2,028 digits; 3,180 s for 10 epochs on
one thread; temperature 0.928. On the 5% of those samples held out they err on 5.1% (2
epochs: 7.0%, 6 epochs: 5.6%), read 88.5% of them at 90% or more and 0.31% of those
wrongly. The weights shipped before them (two convolutions of 16 and 32 channels, no batch
normalisation, no temperature, trained ``--photos 1000 --epochs 4`` on 199 faces in easier
conditions) err on 13.0% of the same held-out samples and read 75% of them at 90% or more,
2.3% of those wrongly; they are kept as tests/data/image/older_digits.npz, where the tests
of the trust rules use them for the cells they misread. On the photo benchmark (all
classes, 1000 photos, ranges no one looked at while the weights were made: ``--first-seed
250000`` and ``230000``) the older weights read 963 and 962 grids entirely right and the
shipped ones 993 and 978 (see docs/photo.md). The new network takes 32 ms of one core for
100 patches in model.py (the older one: 25 ms).

The result is deterministic for a given seed, font set, code and thread count. ``--samples
FILE`` keeps the samples, to train again without making them. ``--marks`` also learns from
what else the reader hands the model: each shape cut again with its paler strokes, and the
faint marks of cells where no digit's shape was found (a thin 7 faded to its bar).
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import multiprocessing
import os
import re
import time
from functools import partial

import cv2
import numpy as np

from sudokit.image import lattice
from sudokit.image.cells import CELL, digit_patches, marks, second_cuts, warp
from sudokit.image.locate import find_lattice
from sudokit.image.reading import MARK_INK
from sudokit.image.synthetic import Conditions, photograph

FONT_DIRS = ["/usr/share/fonts", "/usr/local/share/fonts"]
#: faces with no digits of their own, or with pictures in their place
SKIP = ("symbol", "d050000l", "math", "awesome", "dingbat", "z003", "chorus")
#: handwriting-like faces: bent more often
HANDWRITTEN = ("humor", "dkg", "breip", "femke", "kristi", "becausewe", "comic")
#: thin, light and condensed weights, as some newspapers print digits: drawn twice as often
THIN = ("thin", "light", "hairline", "condensed", "narrow", "compressed", "cond", "kaffeesatz",
        "bebas", "dosis", "jura")
#: Noto's script faces repeat its Latin digits: only the Latin families are kept
NOTO = re.compile(r"/noto/Noto(Sans|Serif)(Mono|Display)?-")
BASE = 72


def font_paths() -> list[str]:
    paths = []
    for d in FONT_DIRS:
        for ext in ("ttf", "otf"):
            paths += glob.glob(f"{d}/**/*.{ext}", recursive=True)
    try:
        import matplotlib  # its DejaVu faces, when matplotlib is there

        paths += glob.glob(os.path.join(os.path.dirname(matplotlib.__file__),
                                        "mpl-data/fonts/ttf/*.ttf"))
    except ImportError:
        pass
    return sorted({p for p in paths if not any(s in p.lower() for s in SKIP)
                   and ("/noto/" not in p or NOTO.search(p))})


def render_font(path: str) -> list[np.ndarray] | None:
    """The masks of 1-9 in this face at BASE pixels, or None when it lacks real digits."""
    from PIL import Image, ImageDraw, ImageFont

    try:
        font = ImageFont.truetype(path, BASE)
    except OSError:
        return None
    masks = []
    for d in range(1, 10):
        img = Image.new("L", (BASE * 3, BASE * 3), 0)
        ImageDraw.Draw(img).text((BASE // 2, BASE // 2), str(d), font=font, fill=255)
        a = np.asarray(img)
        ys, xs = np.nonzero(a > 60)
        if len(ys) < 20:
            return None
        masks.append(a[ys.min():ys.max() + 1, xs.min():xs.max() + 1].copy())
    shapes = {m.shape for m in masks}
    if len(shapes) == 1 and all(np.array_equal(masks[0], m) for m in masks[1:]):
        return None  # nine identical boxes: no digits in this face
    return masks


class FontGlyphs:
    """A glyph drawer for synthetic.photograph, from pre-rendered faces."""

    def __init__(self, faces: list[tuple[str, list[np.ndarray]]], rng: np.random.Generator):
        one = rng.random() < 0.8  # most puzzles use one face throughout
        picks = [int(rng.integers(len(faces)))] if one else list(
            rng.integers(len(faces), size=4))
        self.faces = [faces[i] for i in picks]
        self.weight = int(rng.integers(-3, 5))
        self.shear = rng.normal(0, 0.08)

    def __call__(self, digit: int, height: int, rng: np.random.Generator) -> np.ndarray:
        name, masks = self.faces[int(rng.integers(len(self.faces)))]
        mask = masks[digit - 1]
        hand = any(h in name.lower() for h in HANDWRITTEN)
        pad = 8
        m = cv2.copyMakeBorder(mask, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
        k = self.weight + int(rng.integers(-1, 2))
        if k > 0:
            m = cv2.dilate(m, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k + 1, k + 1)))
        elif k < -1:
            m2 = cv2.erode(m, np.ones((2, 2), np.uint8), iterations=-k - 1)
            if (m2 > 60).sum() > 0.3 * (m > 60).sum():
                m = m2
        h, w = m.shape
        shear = self.shear + rng.normal(0, 0.03)
        m = cv2.warpAffine(m, np.float32([[1, -shear, shear * h / 2], [0, 1, 0]]), (w, h))
        if hand or rng.random() < 0.25:
            m = _bend(m, rng, 1.0 if hand else 0.6)
        ys, xs = np.nonzero(m > 60)
        m = mask if len(ys) == 0 else m[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
        f = height / m.shape[0] * rng.uniform(0.92, 1.08)
        wf = f * rng.uniform(0.85, 1.15)
        size = (max(1, round(m.shape[1] * wf)), max(1, round(m.shape[0] * f)))
        return cv2.resize(m, size, interpolation=cv2.INTER_AREA)


def _bend(mask: np.ndarray, rng: np.random.Generator, amount: float) -> np.ndarray:
    """A smooth random displacement: the wobble of a hand-drawn stroke."""
    h, w = mask.shape
    dx = cv2.resize(rng.normal(0, 1, (4, 4)).astype(np.float32), (w, h)) * amount
    dy = cv2.resize(rng.normal(0, 1, (4, 4)).astype(np.float32), (w, h)) * amount
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    return cv2.remap(mask, xs + dx * w / 20, ys + dy * h / 20, cv2.INTER_LINEAR)


_FACES: list[tuple[str, list[np.ndarray]]] = []


def _init(faces: list[tuple[str, list[np.ndarray]]]) -> None:
    _FACES[:] = faces
    cv2.setNumThreads(1)


#: How often each hard condition of real newspaper photos is met in training (each drawn
#: on its own): low resolution and old phones' JPEG, thin condensed faces, print showing
#: through, curved and shaded pages, lines short of the corners, broken borders.
HARD = {
    "low_resolution": 0.3, "old_jpeg": 0.3, "thin_face": 0.35, "show_through": 0.15,
    "curved": 0.15, "shaded": 0.15, "short_lines": 0.1, "broken_border": 0.1,
}


def hard_conditions(rng: np.random.Generator) -> Conditions:
    """The hard conditions of one training photo, at random (HARD)."""
    return Conditions(**{name: bool(rng.random() < p) for name, p in HARD.items()})


def samples_of_photo(seed: int, more: bool = False) -> tuple[np.ndarray, np.ndarray, int]:
    """(patches, labels, missed digits) of one made photo; with ``more``, the second cuts
    and faint marks too (``--marks``)."""
    rng = np.random.default_rng(seed)
    density = rng.uniform(0.3, 0.7)  # more digits per photo than a puzzle: cheaper samples
    cells = [int(d) if rng.random() < density else 0 for d in rng.integers(1, 10, 81)]
    conditions = hard_conditions(rng)
    photo = photograph(cells, rng, FontGlyphs(_FACES, rng), conditions=conditions)
    gray = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY)
    cell = np.linalg.norm(photo.corners[0] - photo.corners[1]) / 9
    try:
        corners, points = find_lattice(gray)
        if np.abs(corners - photo.corners).max() > 0.25 * cell and not conditions.curved:
            corners, points = photo.corners, None
    except ValueError:
        corners, points = photo.corners, None
    if points is None:
        corners = corners + rng.normal(0, 0.05 * cell, corners.shape).astype(np.float32)
        flat = warp(gray, corners)
    else:
        flat = lattice.warp(gray, points, CELL)
    patches, where = digit_patches(flat)
    missed = sum(1 for i, d in enumerate(cells) if d and i not in set(where))
    if not more:
        return patches, np.array([cells[i] for i in where], np.int64), missed
    # what else the reader hands the model: each shape cut again with its paler strokes,
    # and the faint marks in cells where no digit's shape was found (a thin 7 faded to its
    # bar, or a blank's smudge)
    second, found = second_cuts(flat, where)
    faint, marked, strengths, _ = marks(flat, where)
    dark = [k for k, strength in enumerate(strengths) if strength >= MARK_INK]
    cut = [*where, *(where[k] for k in found), *(marked[k] for k in dark)]
    labels = np.array([cells[i] for i in cut], np.int64)
    return np.concatenate([patches, second, faint[dark]]), labels, missed


def faces_found() -> list[tuple[str, list[np.ndarray]]]:
    """Each face on this machine with digits of its own, once (a face installed twice, or
    whose digits are another's, counts once), a thin, light or condensed one twice (THIN)."""
    faces, seen = [], set()
    for p in font_paths():
        masks = render_font(p)
        if masks is None:
            continue
        key = hashlib.sha1(b"".join(m.tobytes() + bytes(m.shape) for m in masks)).digest()
        if key in seen:
            continue
        seen.add(key)
        faces.append((p, masks))
    thin = [f for f in faces if any(t in os.path.basename(f[0]).lower() for t in THIN)]
    print(f"{len(faces)} faces, {len(thin)} thin, light or condensed")
    return faces + thin


def make_samples(n_photos: int, seed: int, jobs: int, more: bool = False
                 ) -> tuple[np.ndarray, np.ndarray, int]:
    faces = faces_found()
    seeds = [seed * 1_000_003 + i for i in range(n_photos)]
    with multiprocessing.Pool(jobs, _init, (faces,)) as pool:
        parts = pool.map(partial(samples_of_photo, more=more), seeds, chunksize=16)
    x = np.concatenate([p for p, _, _ in parts])
    y = np.concatenate([lab for _, lab, _ in parts])
    return x, y, sum(m for _, _, m in parts)


#: The network: 3 x 3 convolutions of these many channels (each with batch normalisation,
#: ReLU and 2 x 2 max pooling: 28 -> 14 -> 7 -> 3 pixels), a hidden layer of HIDDEN, 10 outputs.
CHANNELS, HIDDEN = (16, 32, 64), 128


def network():
    """The untrained network (PyTorch), its layers named as model.py reads them."""
    from torch import nn

    model = nn.Sequential()
    size, inputs = 28, 1
    for k, channels in enumerate(CHANNELS, 1):
        model.add_module(f"conv{k}", nn.Conv2d(inputs, channels, 3, padding=1))
        model.add_module(f"norm{k}", nn.BatchNorm2d(channels))
        model.add_module(f"relu{k}", nn.ReLU())
        model.add_module(f"pool{k}", nn.MaxPool2d(2))
        size, inputs = size // 2, channels
    model.add_module("flat", nn.Flatten())
    model.add_module("drop1", nn.Dropout(0.3))
    model.add_module("fc1", nn.Linear(inputs * size * size, HIDDEN))
    model.add_module("relu", nn.ReLU())
    model.add_module("drop2", nn.Dropout(0.3))
    model.add_module("fc2", nn.Linear(HIDDEN, 10))
    return model


def augment(xb, gen):
    """The patches ``xb`` (N, 1, 28, 28) as the cutting step might also have handed them
    over: narrower or wider, slanted, shifted by a pixel or two; strokes thicker, thinner,
    blurred, paler or darker; some noise along the strokes."""
    import torch
    import torch.nn.functional as F

    n = len(xb)

    def u(lo: float, hi: float):
        return lo + (hi - lo) * torch.rand(n, generator=gen)

    def some(p: float):
        return (torch.rand(n, generator=gen) < p).float()[:, None, None, None]

    # condensed or wide faces, a slant, a shift of up to 1.5 pixels
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = 1 / u(0.75, 1.1)
    theta[:, 1, 1] = 1 / u(0.93, 1.05)
    theta[:, 0, 1] = u(-0.15, 0.15)
    theta[:, :, 2] = (torch.rand(n, 2, generator=gen) - 0.5) * (3 / 14)
    grid = F.affine_grid(theta, list(xb.shape), align_corners=False)
    xb = F.grid_sample(xb, grid, align_corners=False)
    # thicker strokes, or thinner ones (a thin stroke pales, a thick one loses its edges)
    thick = F.max_pool2d(xb, 3, 1, 1)
    thin = -F.max_pool2d(-xb, 3, 1, 1)
    r = torch.rand(n, generator=gen)[:, None, None, None]
    xb = torch.where(r < 0.15, torch.maximum(xb, 0.7 * thick),
                     torch.where(r < 0.35, 0.5 * (xb + thin), xb))
    # blur, as a small photo's
    kernel = torch.tensor([[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]) / 16
    blurred = F.conv2d(xb, kernel[None, None], padding=1)
    blurred = blurred / blurred.amax(dim=(2, 3), keepdim=True).clamp(min=0.3)
    b = some(0.2)
    xb = b * blurred + (1 - b) * xb
    # paler or darker ink, and noise along the strokes (JPEG's ringing, the paper's grain)
    xb = xb.clamp(0, 1) ** u(0.6, 1.6)[:, None, None, None]
    near = (F.max_pool2d(xb, 3, 1, 1) > 0.05).float()
    noise = torch.randn(xb.shape, generator=gen) * u(0.0, 0.1)[:, None, None, None]
    return (xb + noise * near).clamp(0, 1)


def train(x: np.ndarray, y: np.ndarray, seed: int, epochs: int) -> dict[str, np.ndarray]:
    """The trained weights, batch normalisation folded into the convolutions, and the
    temperature that calibrates them on the held-out samples (a twentieth, at random)."""
    import torch
    from torch import nn

    torch.manual_seed(seed)
    model = network()
    peak = 3e-3
    n_val = len(x) // 20
    order = np.random.default_rng(seed).permutation(len(x))
    val, tr = order[:n_val], order[n_val:]
    xt = torch.from_numpy(x[:, None])
    yt = torch.from_numpy(y)
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    batches = len(tr) // 256
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, peak, total_steps=epochs * batches)
    gen = torch.Generator().manual_seed(seed)
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(epochs):
        model.train()
        perm = torch.from_numpy(tr)[torch.randperm(len(tr), generator=gen)]
        total = 0.0
        for b in range(batches):
            idx = perm[b * 256:(b + 1) * 256]
            loss = loss_fn(model(augment(xt[idx], gen)), yt[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item()
        model.eval()
        with torch.no_grad():
            logits = model(xt[val])
        err = float((logits.argmax(1).numpy() != y[val]).mean())
        print(f"epoch {epoch + 1}: loss {total / batches:.4f}, "
              f"held-out error {err:.4%} of {n_val}", flush=True)
    temperature = calibrate(logits, yt[val])
    params = fold(model)
    params["temperature"] = np.array(temperature, np.float32)
    return params


def calibrate(logits, labels) -> float:
    """The temperature that makes the held-out samples' probabilities most likely (their
    log loss least), and how sure-but-wrong the model is before and after."""
    import torch

    log_t = torch.zeros(1, requires_grad=True)
    opt = torch.optim.LBFGS([log_t], lr=0.1, max_iter=200)
    loss_fn = torch.nn.CrossEntropyLoss()

    def closure():
        opt.zero_grad()
        loss = loss_fn(logits / log_t.exp(), labels)
        loss.backward()
        return loss

    opt.step(closure)
    t = float(log_t.detach().exp())
    for name, scale in (("raw", 1.0), (f"temperature {t:.3f}", t)):
        p = torch.softmax(logits / scale, 1)
        top, read = p.max(1)
        sure = top >= 0.9
        print(f"{name}: log loss {float(loss_fn(logits / scale, labels)):.4f}; "
              f"read at 90% or more: {float(sure.float().mean()):.1%} of the samples, "
              f"{float((read[sure] != labels[sure]).float().mean()):.2%} of them wrong",
              flush=True)
    return t


def fold(model) -> dict[str, np.ndarray]:
    """The weights model.py reads: each convolution with its batch normalisation folded
    in, and the fully connected layers."""
    params: dict[str, np.ndarray] = {}
    for k in range(1, len(CHANNELS) + 1):
        conv, norm = getattr(model, f"conv{k}"), getattr(model, f"norm{k}")
        scale = (norm.weight / (norm.running_var + norm.eps).sqrt()).detach()
        params[f"conv{k}.weight"] = (conv.weight.detach() * scale[:, None, None, None]).numpy()
        params[f"conv{k}.bias"] = ((conv.bias.detach() - norm.running_mean) * scale
                                   + norm.bias.detach()).numpy()
    for name in ("fc1", "fc2"):
        layer = getattr(model, name)
        params[f"{name}.weight"] = layer.weight.detach().numpy()
        params[f"{name}.bias"] = layer.bias.detach().numpy()
    return {k: v.astype(np.float32) for k, v in params.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--photos", type=int, default=1000)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--samples", help="cache of the samples (.npz), made when missing")
    parser.add_argument("--out", default="src/sudokit/image/digits.npz")
    parser.add_argument("--marks", action="store_true",
                        help="also learn from each shape's second cut and the faint marks")
    args = parser.parse_args()
    import torch

    torch.set_num_threads(args.jobs)
    t0 = time.time()
    if args.samples and os.path.exists(args.samples):
        data = np.load(args.samples)
        x, y, missed = data["x"], data["y"], int(data["missed"])
    else:
        x, y, missed = make_samples(args.photos, args.seed, args.jobs, args.marks)
        if args.samples:
            np.savez_compressed(args.samples, x=x, y=y, missed=missed)
    t1 = time.time()
    print(f"{len(x)} samples ({int((y == 0).sum())} not digits), {missed} digits missed by "
          f"the cutting step, in {t1 - t0:.0f} s", flush=True)
    params = train(x, y, args.seed, args.epochs)
    np.savez(args.out, **params)
    print(f"trained in {time.time() - t1:.0f} s; wrote {args.out}")


if __name__ == "__main__":
    main()
