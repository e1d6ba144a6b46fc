"""Fixtures shared by the photo reader's tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudokit.image import model

OLDER_WEIGHTS = Path(__file__).parent.parent / "data" / "image" / "older_digits.npz"


@pytest.fixture
def older_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader with an older, weaker digit model (two convolutions, trained on fewer
    and easier faces), which misreads some cells of the benchmark photos that the shipped
    model reads right: the rules that stand between a misread cell and a trusted reading
    (the solver's check, the doubtful and suspect cells) are tested on those misreadings,
    whatever model ships."""
    older = model.load(OLDER_WEIGHTS)
    monkeypatch.setattr(model, "weights", lambda: older)
