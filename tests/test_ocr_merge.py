"""A bilevel page's two readings made one word by word (pipeline/ocr/merge.py): the plain
reading's word replaces the smoothed one's over the same place only where Tesseract is surer
of it by `MARGIN`; `pasyans ocr` reads a bilevel page both ways, a grey page once."""

from __future__ import annotations

import pytest

from pipeline.ocr import merge
from pipeline.ocr.tesseract import parse_tsv

HEADER = (
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"
)


def tsv(width: int, words: list[tuple[str, float, int, int, int, int]]) -> str:
    """A one-line page `width` wide with `words` (text, confidence, left, top, width, height)."""
    rows = [HEADER, f"1\t1\t0\t0\t0\t0\t0\t0\t{width}\t{width}\t-1\t"]
    rows.append(f"4\t1\t1\t1\t1\t0\t0\t0\t{width}\t40\t-1\t")
    for k, (text, conf, left, top, w, h) in enumerate(words, 1):
        rows.append(f"5\t1\t1\t1\t1\t{k}\t{left}\t{top}\t{w}\t{h}\t{conf}\t{text}")
    return "\n".join(rows) + "\n"


SMOOTHED = tsv(1000, [("Кладутъ", 96.0, 10, 10, 120, 30), ("кактъ", 41.5, 140, 10, 70, 30),
                      ("лежитт", 60.0, 220, 10, 90, 30),
                      ("карты", 90.0, 320, 10, 80, 30)])  # fmt: skip


def texts(page_tsv: str) -> list[tuple[str, float]]:
    return [(w.text, w.conf) for w in parse_tsv(page_tsv)[0].words]


def test_a_much_surer_word_over_the_same_place_replaces_the_first_readings():
    plain = tsv(1000, [("Кладутъ", 99.0, 11, 10, 119, 30), ("какъ", 92.0, 141, 11, 68, 29),
                       ("лежитъ", 85.0, 221, 10, 89, 30),
                       ("карть", 95.0, 322, 10, 78, 30)])  # fmt: skip
    merged, n = merge.surer_words(SMOOTHED, plain)
    # какъ: 92 against 41.5 (over 30 surer); лежитъ 85 against 60 and карть 95 against 90 not
    assert texts(merged) == [("Кладутъ", 96.0), ("какъ", 92.0), ("лежитт", 60.0), ("карты", 90.0)]
    assert n == 1
    assert merged.splitlines()[:3] == SMOOTHED.splitlines()[:3]  # page and line rows as they were


def test_the_margin_decides():
    plain = tsv(1000, [("лежитъ", 85.0, 221, 10, 89, 30)])
    assert texts(merge.surer_words(SMOOTHED, plain, margin=20)[0])[2] == ("лежитъ", 85.0)
    assert texts(merge.surer_words(SMOOTHED, plain, margin=30)[0])[2] == ("лежитт", 60.0)


def test_a_word_elsewhere_replaces_nothing():
    # surer by far, but over карты's neighbour only in part (a third of the union)
    plain = tsv(1000, [("какъ", 99.0, 185, 10, 70, 30)])
    merged, n = merge.surer_words(SMOOTHED, plain)
    assert (texts(merged), n) == (texts(SMOOTHED), 0)
    assert merge.surer_words(SMOOTHED, tsv(1000, []))[0] == SMOOTHED


def test_the_second_readings_boxes_are_brought_to_the_first_pages_width():
    # read at twice the size: every box doubled, the page too
    plain = tsv(2000, [("какъ", 92.0, 282, 22, 136, 58)])
    assert texts(merge.surer_words(SMOOTHED, plain)[0])[1] == ("какъ", 92.0)
    plain_unscaled_page = tsv(1000, [("какъ", 92.0, 282, 22, 136, 58)])
    assert texts(merge.surer_words(SMOOTHED, plain_unscaled_page)[0])[1] == ("кактъ", 41.5)


@pytest.mark.parametrize(("a", "b", "iou"), [((0, 0, 10, 10), (0, 0, 10, 10), 1.0),
                                             ((0, 0, 10, 10), (5, 0, 15, 10), 1 / 3),
                                             ((0, 0, 10, 10), (10, 0, 20, 10), 0.0)])  # fmt: skip
def test_overlap(a, b, iou):
    assert merge.overlap(a, b) == pytest.approx(iou)


def test_pasyans_ocr_reads_a_bilevel_page_both_ways_keeping_the_surer_words(tmp_path, monkeypatch):
    pytest.importorskip("PIL.Image")
    from PIL import Image, ImageDraw

    from pipeline.ocr import run as ocr_run
    from pipeline.ocr import tesseract
    from pipeline.ocr.inputs import PageSource

    im = Image.new("1", (500, 500), 1)
    ImageDraw.Draw(im).rectangle((10, 5, 400, 20), fill=0)
    src = tmp_path / "page.png"
    im.save(src, dpi=(200, 200))
    read: list[tuple[str, int | None]] = []

    def fake_run(image, lang, *, dpi=None, where=None):
        read.append((image, dpi))
        if len(read) == 1:  # the smoothed page, twice the size
            return tsv(
                1000, [("Кладутъ", 96.0, 20, 20, 240, 60), ("кактъ", 41.5, 280, 20, 140, 60)]
            )
        return tsv(500, [("Кладуть", 70.0, 10, 10, 120, 30), ("какъ", 92.0, 140, 10, 70, 30)])

    monkeypatch.setattr(tesseract, "run", fake_run)
    page_src = PageSource(str(src), 1, "image", 500, 500, "k", 200)
    pages = ocr_run.read_page(page_src, "rus", ocr_run.Cache(None))
    assert read[0][0] != str(src) and read[0][1] == 400  # smoothed, its dpi doubled
    assert read[1] == (str(src), 200)  # then the page itself
    assert [(w.text, (w.left, w.top, w.right, w.bottom)) for w in pages[0].words] == [
        ("Кладутъ", (10, 10, 130, 40)),
        ("какъ", (140, 10, 210, 40)),
    ]


def test_pasyans_ocr_reads_a_grey_page_once(tmp_path, monkeypatch):
    pytest.importorskip("PIL.Image")
    from PIL import Image, ImageDraw

    from pipeline.ocr import run as ocr_run
    from pipeline.ocr import tesseract
    from pipeline.ocr.inputs import PageSource

    im = Image.new("L", (500, 500), 240)
    ImageDraw.Draw(im).rectangle((10, 5, 400, 20), fill=30)
    ImageDraw.Draw(im).rectangle((10, 25, 400, 30), fill=120)
    src = tmp_path / "page.png"
    im.save(src)
    read: list[str] = []

    def fake_run(image, lang, *, dpi=None, where=None):
        read.append(image)
        return tsv(500, [("Кладутъ", 96.0, 10, 10, 120, 30)] * 6)

    monkeypatch.setattr(tesseract, "run", fake_run)
    ocr_run.read_page(
        PageSource(str(src), 1, "image", 500, 500, "k", None), "rus", ocr_run.Cache(None)
    )
    assert read == [str(src)]
