"""The page image cleaned before Tesseract (pipeline/ocr/clean.py): a page with grey away
from its ink (bleed-through) is clipped to white paper, its ink kept; a clean page, a page of
thin blurred strokes, a bilevel page and a page Pillow cannot read go to Tesseract as they
are."""

from __future__ import annotations

from pathlib import Path

import pytest

Image = pytest.importorskip("PIL.Image")
ImageDraw = pytest.importorskip("PIL.ImageDraw")
ImageFilter = pytest.importorskip("PIL.ImageFilter")

from pipeline.ocr import clean  # noqa: E402

PAPER, INK = 220, 30


def page(bleed: int | None = None, blur: float = 0.8) -> Image.Image:
    """Lines of ink strokes on paper; with `bleed`, lines of grey strokes between them."""
    img = Image.new("L", (800, 1000), PAPER)
    d = ImageDraw.Draw(img)
    for row in range(12):
        y = 40 + row * 80
        for x in range(40, 760, 24):
            d.rectangle((x, y, x + 3, y + 28), fill=INK)
            d.rectangle((x + 6, y + 24, x + 16, y + 28), fill=INK)
        if bleed is not None:
            for x in range(52, 760, 18):
                d.rectangle((x, y + 44, x + 4, y + 66), fill=bleed)
    return img.filter(ImageFilter.GaussianBlur(blur))


def save(img: Image.Image, tmp_path: Path, name: str = "p.png") -> Path:
    path = tmp_path / name
    img.save(path, dpi=(300, 300))
    return path


def test_grey_showing_through_is_made_paper_and_the_ink_kept(tmp_path):
    src = save(page(bleed=165), tmp_path)
    out = clean.clean_image(src, tmp_path)
    assert out != src
    got = Image.open(out)
    assert got.info.get("dpi") == pytest.approx((300, 300), abs=1)
    # a grey stroke's middle is paper now; an ink stroke's middle still ink
    assert got.getpixel((54, 40 + 55)) == 255
    assert got.getpixel((41, 40 + 14)) < 100
    assert Image.open(src).getpixel((54, 40 + 55)) < 180  # the input is not touched


def test_a_clean_page_goes_as_it_is(tmp_path):
    src = save(page(), tmp_path)
    assert clean.clean_image(src, tmp_path) == src


def test_thin_blurred_strokes_are_not_grey_showing_through(tmp_path):
    # a low-resolution page: every stroke is grey at its edges, none away from ink
    src = save(page(blur=2.0).reduce(2), tmp_path)
    assert clean.clean_image(src, tmp_path) == src


def test_uneven_lighting_alone_is_not_grey_showing_through(tmp_path):
    img = page()
    ramp = Image.linear_gradient("L").resize(img.size).point(lambda v: v * 70 // 255)
    from PIL import ImageChops

    src = save(ImageChops.subtract(img, ramp), tmp_path)
    assert clean.clean_image(src, tmp_path) == src


def test_a_bilevel_page_goes_as_it_is(tmp_path):
    src = save(page(bleed=165).point(lambda v: 0 if v < 128 else 255).convert("1"), tmp_path)
    assert clean.clean_image(src, tmp_path) == src


def test_a_file_pillow_cannot_read_goes_to_tesseract_as_it_is(tmp_path):
    src = tmp_path / "bad.png"
    src.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 40)
    assert clean.clean_image(src, tmp_path) == src


def test_levels_and_cut_from_the_histogram():
    hist = [0] * 256
    hist[30], hist[170], hist[220] = 10, 30, 960  # ink, a grey, paper
    assert clean.levels(hist) == (30, 220)
    assert clean.cut(hist) == 125
    hist[170], hist[120] = 0, 30  # the grey darker than the midpoint: nothing to clip
    assert clean.cut(hist) is None
    flat = [0] * 256
    flat[200], flat[220] = 10, 990  # no contrast: nothing to clip
    assert clean.cut(flat) is None
