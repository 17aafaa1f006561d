"""One home per concept (tidy-6, thirty-seventh round): what the merged twins still decide."""

from __future__ import annotations

import sys

import pytest

from pipeline.ocr import clean, inputs


def test_without_pillow_one_probe_turns_the_cleaning_and_the_tiff_pages_off(
    tmp_path, monkeypatch
) -> None:
    # the OCR cache key says "none" and a multi-page TIFF goes to Tesseract whole, both from
    # `inputs.have_pillow`; with Pillow, each page of its own and the cleaning named
    image = pytest.importorskip("PIL.Image")
    path = tmp_path / "two.tif"
    first, second = image.new("L", (40, 30), 255), image.new("L", (30, 40), 255)
    first.save(path, save_all=True, append_images=[second])
    assert clean.method() == clean.METHOD
    assert [(p.kind, p.width, p.height) for p in inputs.plan(str(path))] == [
        ("tiff-page", 40, 30),
        ("tiff-page", 30, 40),
    ]
    monkeypatch.setitem(sys.modules, "PIL", None)
    assert clean.method() == "none"
    assert [(p.kind, p.width, p.height) for p in inputs.plan(str(path))] == [("image", 40, 30)]
