"""Scans as they come, continued (issue 19, scans-13): a page in colour, a multi-page TIFF,
a page turned a quarter either way.

The images are made here from the committed fixture pages (`tests/data/scans`, blurred a
little so that each is read once, not smoothed and read twice): the words must be those of
the page, the pages in the file's order, and every word's box must point into the pixels of
its own page of the file that was given.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pipeline.ocr.frame import Frame

PIL = pytest.importorskip("PIL")
from PIL import Image, ImageFilter  # noqa: E402

DATA = Path(__file__).parent / "data" / "scans"
FIRST = "Берутъ изъ колодъ восемь тузовъ и восемь королей."
EXILES = "Годными"

needs_tesseract = pytest.mark.skipif(
    shutil.which("tesseract") is None, reason="tesseract-ocr is not installed (.ci/run installs it)"
)


def _page(name: str):
    return Image.open(DATA / f"{name}.png").convert("L").filter(ImageFilter.GaussianBlur(0.7))


def _tinted(page, paper=(238, 222, 178), ink=(70, 45, 25)):
    """The page in colour: yellowed paper, brown ink (each channel a linear map of grey)."""
    pairs = zip(paper, ink, strict=True)
    bands = [page.point([i + (p - i) * v // 255 for v in range(256)]) for p, i in pairs]
    return Image.merge("RGB", bands)


def test_colour_page_is_read_in_its_own_grey_stretched():
    """A page in colour is told from a grey page stored as RGB, and its grey has the paper
    white and the ink black (no Tesseract)."""
    from pipeline.ocr.clean import colour_grey, is_colour, levels

    page = _page("shah-game")
    tinted = _tinted(page)
    assert is_colour(tinted)
    assert not is_colour(page.convert("RGB"))
    ink, paper = levels(colour_grey(tinted).histogram())
    assert paper == 255 and ink <= 5
    assert levels(_tinted(page, ink=(120, 100, 90)).convert("L").histogram())[0] > 90


def test_uneven_paper_is_flattened_first():
    """Light falling off across a colour page: its paper is uneven, so the grey made of it
    is flattened (the paper white across the page); an even page is not flattened."""
    from PIL import ImageChops

    from pipeline.ocr.clean import colour_grey, levels, uneven

    page = _page("shah-game")
    ramp = Image.linear_gradient("L").rotate(90).resize(page.size).point(lambda v: v * 40 // 255)
    shaded = ImageChops.subtract(_tinted(page), Image.merge("RGB", [ramp, ramp, ramp]))
    contrast = 150
    assert uneven(shaded.convert("L"), contrast)
    assert not uneven(_tinted(page).convert("L"), contrast)
    grey = colour_grey(shaded)
    corners = [grey.getpixel((x, y)) for x in (5, page.width - 6) for y in (5, page.height - 6)]
    assert min(corners) >= 250 and levels(grey.histogram())[0] <= 5


@pytest.fixture(scope="module")
def read(tmp_path_factory):
    """A colour page, a page turned 270° (read right at the first reading), a line turned
    270° (too little ink to tell its turn), and a two-page TIFF (page 1 turned 90°, page 2
    upright), each read by `pasyans ocr` (`ocr_files`)."""
    from pipeline.ocr import ocr_files

    work = tmp_path_factory.mktemp("files")
    shah, exiles = _page("shah-game"), _page("rules-exiles")
    _tinted(shah).save(work / "colour.png")
    shah.transpose(Image.Transpose.ROTATE_270).save(work / "turned.png")
    line = shah.crop((0, 100, shah.width, 150))  # the first line alone
    line.transpose(Image.Transpose.ROTATE_270).save(work / "line.png")
    first = shah.transpose(Image.Transpose.ROTATE_90)
    first.save(work / "two.tif", save_all=True, append_images=[exiles], compression="tiff_deflate")
    docs = {
        name: ocr_files([str(work / name)], jobs=1, progress=False)
        for name in ("colour.png", "turned.png", "line.png", "two.tif")
    }
    return docs, shah, exiles, first


@needs_tesseract
def test_colour_page_reads_as_the_page(read):
    docs, shah, _exiles, _first = read
    doc = docs["colour.png"]
    assert doc.text.startswith(FIRST)
    (info,) = doc.pages
    assert info.frame == [0, 0, 0, shah.width, shah.height, 1.0, shah.width, shah.height]
    assert (info.width, info.height) == shah.size


@needs_tesseract
def test_turned_270_reads_as_the_page(read):
    docs, _shah, _exiles, _first = read
    doc = docs["turned.png"]
    assert doc.text.startswith(FIRST)
    assert [p.frame[0] for p in doc.pages] == [90]


@needs_tesseract
def test_line_on_its_side_is_turned_by_its_tall_words(read):
    """One line turned a quarter is not judged by its ink; Tesseract reads it down its
    side, every word taller than wide: it is read again turned, and reads as the line."""
    docs, _shah, _exiles, _first = read
    doc = docs["line.png"]
    assert doc.text.strip() == FIRST
    assert [p.frame[0] for p in doc.pages] == [90]


@needs_tesseract
def test_two_page_tiff_each_page_framed_in_order(read):
    """Each page of the TIFF read as a page of its own: the first turned back, the second
    as it is; the pages numbered within the file, in its order, each word's box in its own
    page's pixels."""
    docs, shah, exiles, first = read
    doc = docs["two.tif"]
    assert [(p.n, p.page) for p in doc.pages] == [(1, 1), (2, 2)]
    assert doc.text.startswith(FIRST)
    assert doc.text.index("шахомъ") < doc.text.index(EXILES)
    one, two = doc.pages
    assert one.frame[0] == 270 and (one.width, one.height) == first.size
    assert two.frame is None and (two.width, two.height) == exiles.size
    assert {w.page for w in doc.words if w.text == EXILES} == {2}
    for w in doc.words:
        if w.page == 1:
            up = Frame.from_list(one.frame).to_piece(w.box)
            shown = first.crop(w.box).transpose(Image.Transpose.ROTATE_270)
            assert shown.tobytes() == shah.crop(up).tobytes(), w
        else:
            assert w.box[2] <= exiles.width and w.box[3] <= exiles.height
