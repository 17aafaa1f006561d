"""The page image cleaned before Tesseract (pipeline/ocr/clean.py): a page with grey away
from its ink (bleed-through) is clipped to white paper, its ink kept; a bilevel page is
smoothed at twice its size and its word boxes scaled back; a clean page, a page of thin
blurred strokes, a bilevel page of 600 dpi and a page Pillow cannot read go to Tesseract as
they are."""

from __future__ import annotations

from pathlib import Path

import pytest

Image = pytest.importorskip("PIL.Image")
ImageDraw = pytest.importorskip("PIL.ImageDraw")
ImageFilter = pytest.importorskip("PIL.ImageFilter")

from pipeline.ocr import clean  # noqa: E402
from pipeline.ocr.tesseract import words_read  # noqa: E402

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


def _bilevel(tmp_path: Path, dpi: int | None, mode: str = "1") -> Path:
    img = page(bleed=165).point(lambda v: 0 if v < 128 else 255).convert(mode)
    path = tmp_path / f"b{dpi}{mode}.png"
    img.save(path, **({"dpi": (dpi, dpi)} if dpi else {}))
    return path


@pytest.mark.parametrize(("dpi", "mode"), [(300, "1"), (None, "1"), (200, "L")])
def test_a_bilevel_page_is_smoothed_at_twice_its_size(tmp_path, dpi, mode):
    src = _bilevel(tmp_path, dpi, mode)
    out, scale = clean.clean_page(src, tmp_path)
    assert out != src and scale == 2 and clean.clean_image(src, tmp_path) != src
    got = Image.open(out)
    assert got.mode == "L" and got.size == (1600, 2000)
    shown = got.info.get("dpi")
    assert (tuple(round(d) for d in shown) if shown else None) == ((2 * dpi,) * 2 if dpi else None)
    greys = [g for g, n in enumerate(got.histogram()) if n]
    assert greys[0] < 10 and greys[-1] == 255 and len(greys) > 50  # the edges grey
    # the ink where it was: a stroke at (40..43, 40..68) of the page, at twice the size
    assert got.getpixel((83, 110)) < 10 and got.getpixel((60, 110)) == 255
    assert Image.open(src).mode == mode  # the input is not touched


def test_a_bilevel_page_of_600_dpi_goes_as_it_is(tmp_path):
    src = _bilevel(tmp_path, 600)
    assert clean.clean_page(src, tmp_path) == (src, 1)


def test_a_grey_page_is_not_smoothed(tmp_path):
    src = save(page(), tmp_path)
    assert clean.smooth_image(src, tmp_path) == src
    assert clean.clean_page(src, tmp_path) == (src, 1)


def test_unscale_tsv_gives_the_boxes_in_the_pages_pixels():
    head = "\t".join(
        [
            "level",
            "page_num",
            "block_num",
            "par_num",
            "line_num",
            "word_num",
            "left",
            "top",
            "width",
            "height",
            "conf",
            "text",
        ]
    )
    tsv = "\n".join(
        [
            head,
            "1\t1\t0\t0\t0\t0\t0\t0\t2120\t2950\t-1\t",
            "5\t1\t1\t1\t1\t1\t231\t204\t97\t41\t91.5\tКарты",
            "",
        ]
    )
    assert clean.unscale_tsv(tsv, 1) == tsv
    assert clean.unscale_tsv(tsv, 2).splitlines() == [
        head,
        "1\t1\t0\t0\t0\t0\t0\t0\t1060\t1475\t-1\t",
        "5\t1\t1\t1\t1\t1\t116\t102\t48\t20\t91.5\tКарты",
    ]


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


def noisy(img: Image.Image, sd: float, seed: int = 7) -> Image.Image:
    """`img` with grey noise of about `sd` levels added pixel by pixel (seeded)."""
    import random

    from PIL import ImageChops

    rng = random.Random(seed)
    w, h = img.size
    u1 = Image.frombytes("L", (w, h), rng.randbytes(w * h))
    u2 = Image.frombytes("L", (w, h), rng.randbytes(w * h))
    k = sd / 52.0  # two uniform images averaged: a triangle of sd ~52
    tri = ImageChops.add(u1, u2, scale=2.0)
    noise = tri.point([max(0, min(255, round(128 + (v - 128) * k))) for v in range(256)])
    return ImageChops.add(img, noise, scale=1.0, offset=-128)


def test_heavy_noise_alone_is_not_grey_showing_through(tmp_path):
    # grey noise of 22 levels strays from the paper pixel by pixel; clipping it would
    # roughen every stroke
    src = save(noisy(page(), 22), tmp_path)
    assert clean.grain(Image.open(src).reduce(2)) > clean.GRAINY
    assert clean.clean_image(src, tmp_path) == src


def test_grey_showing_through_under_heavy_noise_is_still_made_paper(tmp_path):
    src = save(noisy(page(bleed=165), 22), tmp_path)
    out = clean.clean_image(src, tmp_path)
    assert out != src
    assert Image.open(out).getpixel((54, 40 + 55)) == 255


def test_print_paper_is_not_grainy():
    assert clean.grain(page().reduce(2)) <= clean.GRAINY
    assert clean.grain(noisy(page(), 6).reduce(2)) <= clean.GRAINY
    assert clean.grain(noisy(page(), 20).reduce(2)) > clean.GRAINY


def test_clip_image_clips_whatever_the_test_says(tmp_path):
    src = save(noisy(page(), 22), tmp_path)
    out = clean.clip_image(src, tmp_path)
    assert out != src
    got = Image.open(out)
    assert got.getpixel((30, 20)) == 255  # the paper's noise is paper now
    assert got.getpixel((41, 40 + 14)) < 128  # the ink kept, darker than the midpoint
    flat = save(Image.new("L", (200, 200), PAPER), tmp_path, "blank.png")
    assert clean.clip_image(flat, tmp_path) == flat  # nothing to clip on a blank page


HEAD = (
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"
)


def tsv_of(*words: str) -> str:
    rows = [HEAD, "1\t1\t0\t0\t0\t0\t0\t0\t800\t1000\t-1\t"]
    rows += [f"5\t1\t1\t1\t1\t{i}\t10\t10\t50\t20\t90\t{w}" for i, w in enumerate(words, 1)]
    rows.append("5\t1\t1\t1\t1\t9\t10\t10\t50\t20\t90\t ")  # a box with no text
    return "\n".join(rows) + "\n"


def test_words_read_and_read_little():
    assert words_read(tsv_of()) == 0
    assert words_read(tsv_of("Игра.", "Двѣ", "колоды")) == 3
    assert clean.read_little(tsv_of("Е"))
    assert not clean.read_little(tsv_of(*["карта"] * clean.FEW_WORDS))


def test_a_page_read_to_almost_nothing_is_read_again_clipped(tmp_path, monkeypatch):
    from pipeline.ocr import run as ocr_run
    from pipeline.ocr import tesseract
    from pipeline.ocr.inputs import PageSource

    src = save(noisy(page(), 22), tmp_path)
    read: list[str] = []

    def fake_run(image, lang, **kw):
        read.append(image)
        return tsv_of() if len(read) == 1 else tsv_of("Пасьянсъ", "въ", "двѣ", "колоды", "картъ.")

    monkeypatch.setattr(tesseract, "run", fake_run)
    page_src = PageSource(str(src), 1, "image", 800, 1000, "k", 300)
    pages = ocr_run.read_page(page_src, "rus", ocr_run.Cache(None))
    assert read[0] == str(src) and read[1] != str(src)  # the page, then its clipped copy
    assert [w.text for w in pages[0].words] == ["Пасьянсъ", "въ", "двѣ", "колоды", "картъ."]


def test_a_page_read_fully_is_read_once(tmp_path, monkeypatch):
    from pipeline.ocr import run as ocr_run
    from pipeline.ocr import tesseract
    from pipeline.ocr.inputs import PageSource

    src = save(noisy(page(), 22), tmp_path)
    read: list[str] = []

    def fake_run(image, lang, **kw):
        read.append(image)
        return tsv_of("Пасьянсъ", "въ", "двѣ", "колоды", "картъ.")

    monkeypatch.setattr(tesseract, "run", fake_run)
    page_src = PageSource(str(src), 1, "image", 800, 1000, "k", 300)
    ocr_run.read_page(page_src, "rus", ocr_run.Cache(None))
    assert read == [str(src)]
