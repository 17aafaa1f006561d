"""Page images as scans come (issue 19): a page turned, upside down on a dark bed, a spread.

The images are made here from a committed fixture page (`tests/data/scans`, blurred a little
so that it is read once, not smoothed and read twice), so each geometry is known exactly:
the words must be those of the page, in page order, and every word's box must point into the
file that was given (its pixels there, turned back, are the page's own).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pipeline.ocr.frame import Frame, frames_of

PIL = pytest.importorskip("PIL")
from PIL import Image, ImageFilter  # noqa: E402

DATA = Path(__file__).parent / "data" / "scans"
FIRST = "Берутъ изъ колодъ восемь тузовъ и восемь королей."

needs_tesseract = pytest.mark.skipif(
    shutil.which("tesseract") is None, reason="tesseract-ocr is not installed (.ci/run installs it)"
)


def _page(name: str):
    return Image.open(DATA / f"{name}.png").convert("L").filter(ImageFilter.GaussianBlur(0.7))


@pytest.mark.parametrize("turn", [0, 90, 180, 270])
def test_frame_maps_a_box_into_the_file_and_back(turn):
    """A dark block in a file image, turned as Pillow turns it: the frame maps its box in
    the turned piece (cut and scaled) to its box in the file, and back."""
    file_img = Image.new("L", (40, 30), 255)
    file_img.paste(0, (5, 7, 12, 20))  # the block: left 5, top 7, right 12, bottom 20
    ops = {90: Image.Transpose.ROTATE_90, 180: Image.Transpose.ROTATE_180,
           270: Image.Transpose.ROTATE_270}  # fmt: skip
    up = file_img.transpose(ops[turn]) if turn else file_img
    cut = (2, 1, up.width - 1, up.height - 2)
    piece = up.crop(cut)
    piece = piece.resize((piece.width * 2, piece.height * 2), Image.Resampling.NEAREST)
    frame = Frame(turn, cut, 2.0, 40, 30)
    in_piece = piece.point(lambda g: 255 - g).getbbox()
    assert frame.to_file(in_piece) == (5, 7, 12, 20)
    assert frame.to_piece((5, 7, 12, 20)) == in_piece
    assert frames_of("level\tpage_num\n" + frame.line(2) + "\n") == {2: frame}
    assert Frame.from_list(frame.to_list()) == frame


def test_found_pieces_without_reading(tmp_path):
    """Which pieces `frame_pages` makes (no Tesseract): none for a page cut at its margins,
    the page cut from a dark bed, a quarter turn undone, two pages from a spread."""
    from pipeline.ocr.geometry import frame_pages

    page = _page("shah-game")
    page.save(tmp_path / "plain.png")
    assert frame_pages(tmp_path / "plain.png", tmp_path) is None
    _on_bed(page).save(tmp_path / "bed.png")
    (one,) = frame_pages(tmp_path / "bed.png", tmp_path) or []
    left, top, right, bottom = one.frame.box
    assert one.frame.turn == 0 and abs(left - 90) <= 2 and abs(top - 50) <= 2
    assert abs(right - (90 + page.width)) <= 2 and abs(bottom - (50 + page.height)) <= 2
    page.transpose(Image.Transpose.ROTATE_90).save(tmp_path / "turned.png")
    (one,) = frame_pages(tmp_path / "turned.png", tmp_path) or []
    assert one.frame.turn in (90, 270)
    assert Image.open(one.image).size == page.size


def _spread():
    """Two pages side by side, a gap, a dark bed around."""
    left = [_page("shah-game")]
    right = [_page("rules-exiles")]
    width = max(p.width for p in left) + 80 + max(p.width for p in right)
    height = max(sum(p.height for p in left), sum(p.height for p in right))
    sheet = Image.new("L", (width, height), 255)
    for x, pages in ((0, left), (width - max(p.width for p in right), right)):
        y = 0
        for p in pages:
            sheet.paste(p, (x, y))
            y += p.height
    bed = Image.new("L", (width + 100, height + 80), 25)
    bed.paste(sheet, (50, 40))
    return bed, 50 + max(p.width for p in left)


BED_AT = (90, 50)  # where the page lies on its dark bed


def _on_bed(page):
    bed = Image.new("L", (page.width + 150, page.height + 120), 30)
    bed.paste(page, BED_AT)
    return bed


@pytest.fixture(scope="module")
def read(tmp_path_factory):
    """The fixture page turned a quarter, and on a dark bed upside down, and a spread, each
    read by `pasyans ocr` (`ocr_files`)."""
    from pipeline.ocr import ocr_files

    work = tmp_path_factory.mktemp("geometry")
    page = _page("shah-game")
    made = {
        "turned": page.transpose(Image.Transpose.ROTATE_90),
        "bed-upside-down": _on_bed(page).transpose(Image.Transpose.ROTATE_180),
    }
    made["spread"], gutter = _spread()
    docs = {}
    for name, img in made.items():
        img.save(work / f"{name}.png")
        docs[name] = ocr_files([str(work / f"{name}.png")], jobs=1, progress=False)
    return docs, made, page, gutter


def _upright(doc, word):
    info = next(p for p in doc.pages if p.n == word.page)
    return Frame.from_list(info.frame).to_piece(word.box) if info.frame else word.box


@needs_tesseract
def test_turned_page_reads_as_the_page_its_boxes_in_the_file(read):
    docs, made, page, _ = read
    doc = docs["turned"]
    assert doc.text.startswith(FIRST)
    (info,) = doc.pages
    assert info.frame[0] == 270  # turned back a quarter
    assert (info.width, info.height) == made["turned"].size  # the file's own size
    for w in doc.words:
        # the file's pixels under the word's box, turned upright, are the page's own
        shown = made["turned"].crop(w.box).transpose(Image.Transpose.ROTATE_270)
        assert shown.tobytes() == page.crop(_upright(doc, w)).tobytes(), w


@needs_tesseract
def test_page_upside_down_on_a_dark_bed(read):
    """Cut out of its bed, read upside down unsurely, read again turned half round: the
    words of the page, their boxes where they stand in the file."""
    docs, made, _page_img, _ = read
    doc, turned = docs["bed-upside-down"], docs["turned"]
    assert doc.text == turned.text
    assert [p.frame[0] for p in doc.pages] == [180]
    width, height = made["bed-upside-down"].size
    x, y = BED_AT
    for w, ref in zip(doc.words, turned.words, strict=True):
        left, top, right, bottom = _upright(turned, ref)  # on the page
        want = (width - right - x, height - bottom - y, width - left - x, height - top - y)
        assert all(abs(a - b) <= 2 for a, b in zip(w.box, want, strict=True)), (w, want)


@needs_tesseract
def test_spread_is_two_pages_left_then_right(read):
    docs, _made, _page_img, gutter = read
    doc = docs["spread"]
    assert [(p.n, p.page) for p in doc.pages] == [(1, 1), (2, 1)]  # both the file's page 1
    text = doc.text
    assert text.startswith(FIRST)
    assert text.index("Берутъ") < text.index("шахомъ") < text.index("Годными")
    assert text.index("Годными") < text.index("мастямъ")
    left = {w.text for w in doc.words if w.page == 1}
    right = [w for w in doc.words if w.page == 2]
    assert "Берутъ" in left and "Годными" not in left
    assert right and all(w.box[0] >= gutter for w in right)  # in the file's pixels


@needs_tesseract
def test_cited_line_of_a_turned_page_is_shown_upright(read, monkeypatch):
    """`diff --html` / `verify --html` cut the cited line from the file's image: on a page
    read turned, the strip is the line's box in the turned image and the image is turned."""
    from pipeline.ocr import scans

    docs, made, _page_img, _ = read
    doc = docs["turned"]
    monkeypatch.setattr(scans, "find_sidecar", lambda _source: doc)
    figures = scans.ScanFigures()
    html = figures.figure([{"source": "turned", "start": 0, "end": len("Берутъ изъ")}])
    width, height = made["turned"].size
    up = [_upright(doc, w) for w in doc.words[:2]]
    left, top = min(b[0] for b in up), min(b[1] for b in up)
    right, bottom = max(b[2] for b in up), max(b[3] for b in up)
    m = scans.MARGIN
    view = f"{left - m} {top - m} {right - left + 2 * m} {bottom - top + 2 * m}"
    assert f'viewBox="{view}"' in html
    assert f'transform="matrix(0 1 -1 0 {height} 0)"' in html  # turned back a quarter
    assert f'width="{width}" height="{height}"' in figures.defs()  # the file's image, whole
