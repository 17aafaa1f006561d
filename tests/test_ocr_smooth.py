"""The bilevel fixture scans (tests/data/scans, 200 dpi) read by `pasyans ocr`, which smooths a
bilevel page before Tesseract (pipeline/ocr/clean.py), then normalized: the paragraphs, the
exact words, and the word boxes in the page's own pixels although Tesseract read the page at
twice its size."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("PIL.Image")

from pipeline.normalize import normalize
from pipeline.ocr import Cache, ocr_files

SCANS = Path(__file__).resolve().parent / "data" / "scans"

needs_tesseract = pytest.mark.skipif(
    shutil.which("tesseract") is None,
    reason="tesseract not installed (apt-get install tesseract-ocr tesseract-ocr-script-cyrl)",
)


@needs_tesseract
@pytest.mark.parametrize(
    ("name", "wrong"),
    [
        ("rules-exiles", []),
        ("modern-column", []),
        # the one word the smoothed page reads worse than the bilevel one (о read а)
        ("shah-game", [("сторану,", "сторону,")]),
    ],
)
def test_a_bilevel_scan_read_smoothed_then_normalized(name: str, wrong: list) -> None:
    page = SCANS / f"{name}.png"
    doc = ocr_files([str(page)], cache=Cache(None), jobs=1, progress=False)
    gold_text = (SCANS / f"{name}.gt.txt").read_text(encoding="utf-8")
    # the OCR text has the gold's paragraphs: as many, as long, each begun by the gold's word
    # (but the numerals of rules-exiles, «1.» and «П.» for «I.» and «II.», which normalizing
    # mends)
    paragraphs, gold_paragraphs = doc.text.split("\n\n"), gold_text.split("\n\n")
    assert [len(p.split()) for p in paragraphs] == [len(p.split()) for p in gold_paragraphs]
    if name != "rules-exiles":
        assert [p.split()[0] for p in paragraphs] == [p.split()[0] for p in gold_paragraphs]
    gold = gold_text.split()
    out = normalize(doc.text, name).text.split()
    assert len(out) == len(gold)
    assert [(o, g) for o, g in zip(out, gold, strict=True) if o != g] == wrong
    from PIL import Image

    info = doc.pages[0]
    assert (info.width, info.height) == Image.open(page).size
    boxes = [w.box for w in doc.words]
    assert all(
        0 <= x0 < x1 <= info.width and 0 <= y0 < y1 <= info.height for x0, y0, x1, y1 in boxes
    )
    assert max(x1 for _, _, x1, _ in boxes) > 0.6 * info.width  # a full line reaches across
