"""benchmarks/ocr_scans.py --clean reads a page as `pasyans ocr` does (`ocr.reading`) and
keeps Tesseract's files: a bilevel page's merged words, a page left as it is the plain OCR's
own files, the plain OCR under its own tag either way."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from pipeline.ocr.tesseract import parse_tsv

REPO = Path(__file__).resolve().parents[1]
HEADER = (
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"
)


def _tool():
    path = REPO / "benchmarks" / "ocr_scans.py"
    spec = importlib.util.spec_from_file_location("ocr_scans", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("ocr_scans", module)
    spec.loader.exec_module(module)
    return module


def _tsv(width: int, words: list[tuple[str, float, int, int, int, int]]) -> str:
    rows = [HEADER, f"1\t1\t0\t0\t0\t0\t0\t0\t{width}\t{width}\t-1\t"]
    for k, (text, conf, left, top, w, h) in enumerate(words, 1):
        rows.append(f"5\t1\t1\t1\t1\t{k}\t{left}\t{top}\t{w}\t{h}\t{conf}\t{text}")
    return "\n".join(rows) + "\n"


SMOOTHED = _tsv(1000, [("Кладутъ", 96.0, 20, 20, 240, 60), ("кактъ", 41.5, 280, 20, 140, 60)])
PLAIN = _tsv(500, [("Кладуть", 70.0, 10, 10, 120, 30), ("какъ", 92.0, 140, 10, 70, 30)])


def words(tsv: str) -> list:
    return parse_tsv(tsv)[0].words


def _fake(tool, monkeypatch, page: Path) -> list[str]:
    calls: list[str] = []

    def tesseract(img: Path, lang: str, out: Path, psm: int) -> None:
        calls.append(Path(img).name)
        tsv = PLAIN if Path(img) == page else SMOOTHED
        Path(f"{out}.tsv").write_text(tsv, encoding="utf-8")
        Path(f"{out}.txt").write_text(f"text of {Path(img).name}\n", encoding="utf-8")

    monkeypatch.setattr(tool, "_tesseract", tesseract)
    return calls


def test_a_bilevel_page_keeps_the_merged_words_and_the_plain_ocr(tmp_path, monkeypatch):
    pytest.importorskip("PIL.Image")
    from PIL import Image, ImageDraw

    tool = _tool()
    im = Image.new("1", (500, 500), 1)
    ImageDraw.Draw(im).rectangle((10, 5, 400, 20), fill=0)
    page = tmp_path / "p.png"
    im.save(page, dpi=(200, 200))
    calls = _fake(tool, monkeypatch, page)
    assert tool.ocr_page(page, "rus", tmp_path / "p.X_clean", plain=tmp_path / "p.X")
    assert calls[1:] == ["p.png"] and calls[0] != "p.png"  # smoothed, then the page
    got = (tmp_path / "p.X_clean.tsv").read_text(encoding="utf-8")
    # the boxes back in the page's pixels, the plain reading's surer word over its place
    assert [(w.text, w.conf, (w.left, w.top, w.right, w.bottom)) for w in words(got)] == [
        ("Кладутъ", 96.0, (10, 10, 130, 40)),
        ("какъ", 92.0, (140, 10, 210, 40)),
    ]
    assert (tmp_path / "p.X_clean.txt").read_text(encoding="utf-8") == "Кладутъ какъ\n"
    assert (tmp_path / "p.X.tsv").read_text(encoding="utf-8") == PLAIN
    assert not list(tmp_path.glob("*.part.*"))


def test_a_page_the_cleaning_leaves_takes_the_plain_ocrs_files(tmp_path, monkeypatch):
    pytest.importorskip("PIL.Image")
    from PIL import Image, ImageDraw, ImageFilter

    tool = _tool()
    im = Image.new("L", (500, 500), 220)  # a clean grey page: neither bilevel nor clipped
    for y in range(20, 480, 40):
        ImageDraw.Draw(im).rectangle((10, y, 400, y + 20), fill=30)
    page = tmp_path / "q.png"
    im.filter(ImageFilter.GaussianBlur(0.8)).save(page, dpi=(300, 300))
    calls = _fake(tool, monkeypatch, page)
    plain = _tsv(500, [(f"слово{k}", 90.0, 10 + 40 * k, 20, 30, 20) for k in range(6)])
    (tmp_path / "q.X.tsv").write_text(plain, encoding="utf-8")
    (tmp_path / "q.X.txt").write_text("plain text\n", encoding="utf-8")
    assert not tool.ocr_page(page, "rus", tmp_path / "q.X_clean", plain=tmp_path / "q.X")
    assert calls == []  # the plain OCR kept, nothing read again
    assert (tmp_path / "q.X_clean.tsv").read_text(encoding="utf-8") == plain
    assert (tmp_path / "q.X_clean.txt").read_text(encoding="utf-8") == "plain text\n"
