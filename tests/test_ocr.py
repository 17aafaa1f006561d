"""`pasyans ocr`: page images and PDFs to raw text in reading order, with every word's box.

Tesseract runs on three small pages only (it is slow on 2 cores); the layout, the bad inputs
and the page streaming are tested on hand-made Tesseract pages and files.
"""

from __future__ import annotations

import shutil
import struct
import threading
import zlib
from pathlib import Path

import pytest
from cli_helpers import one_line, run

from pipeline.ocr import from_hocr, from_json, to_hocr, to_json
from pipeline.ocr.inputs import PageSource, plan
from pipeline.ocr.layout import FOOTNOTE, PAGE_NUMBER, RUNNING_HEAD, lay_out
from pipeline.ocr.tesseract import TPage, TWord

DATA = Path(__file__).parent / "data" / "ocr"
PNG = DATA / "two-columns.png"

needs_tesseract = pytest.mark.skipif(
    shutil.which("tesseract") is None or shutil.which("pdftoppm") is None,
    reason="tesseract-ocr / poppler-utils are not installed (.ci/run installs them)",
)
needs_poppler = pytest.mark.skipif(
    shutil.which("pdfinfo") is None, reason="poppler-utils is not installed"
)


# --- files made in the tests ------------------------------------------------------------------


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width: int, height: int, idat: bytes | None = None) -> bytes:
    """A grey PNG whose header claims `width` x `height` (the data need not match)."""
    if idat is None:
        idat = zlib.compress(b"".join(b"\x00" + b"\xff" * width for _ in range(height)))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")
    )


def pdf(objects: list[bytes], trailer: bytes = b"") -> bytes:
    """A PDF of the given objects (object 1 is the catalog), with a correct xref table."""
    out = b"%PDF-1.4\n"
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R %s>>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        trailer,
        xref,
    )
    return out


def pdf_of_pages(n: int, media: bytes = b"[0 0 72 72]") -> bytes:
    """`n` blank pages sharing one empty content stream (a 2,000-page PDF is ~150 KB)."""
    kids = b" ".join(b"%d 0 R" % (4 + k) for k in range(n))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, n),
        b"<< /Length 0 >>\nstream\n\nendstream",
    ]
    objects += [
        b"<< /Type /Page /Parent 2 0 R /MediaBox %s /Contents 3 0 R >>" % media for _ in range(n)
    ]
    return pdf(objects)


def pdf_of_scan(png_bytes: bytes, dpi: int = 200) -> bytes:
    """A one-page PDF whose page is one image: the PNG's own compressed data, which PDF's
    Flate filter with PNG predictors reads as it is (8-bit RGB, not interlaced)."""
    width, height = struct.unpack(">II", png_bytes[16:24])
    pos, idat = 8, b""
    while pos < len(png_bytes):
        (length,) = struct.unpack(">I", png_bytes[pos : pos + 4])
        kind = png_bytes[pos + 4 : pos + 8]
        if kind == b"IDAT":
            idat += png_bytes[pos + 8 : pos + 8 + length]
        pos += 12 + length
    w_pt, h_pt = width * 72 / dpi, height * 72 / dpi
    content = b"q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q" % (w_pt, h_pt)
    return pdf(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Contents 4 0 R "
            b"/Resources << /XObject << /Im0 5 0 R >> >> >>" % (w_pt, h_pt),
            b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content),
            b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB "
            b"/BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 3 "
            b"/BitsPerComponent 8 /Columns %d >> /Length %d >>\nstream\n%s\nendstream"
            % (width, height, width, len(idat), idat),
        ]
    )


# --- bad input: one line, non-zero exit, nothing decoded ----------------------------------------


def _bad(tmp_path: Path, capsys, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    code, out, err = run(capsys, "ocr", str(path), "--no-cache")
    assert code != 0 and out == ""
    line = one_line(err)
    assert str(path) in line
    return line


def test_empty_file(tmp_path, capsys):
    assert "empty file (0 bytes)" in _bad(tmp_path, capsys, "empty.png", b"")


def test_text_file_named_png(tmp_path, capsys):
    line = _bad(tmp_path, capsys, "notes.png", "Шахъ. Правила.\n".encode())
    assert "not a PNG, JPEG, TIFF or PDF file (it starts with 'Шахъ. Правила.')" in line


def test_truncated_png(tmp_path, capsys):
    whole = png(40, 40)
    line = _bad(tmp_path, capsys, "cut.png", whole[: len(whole) - 30])
    assert "truncated PNG: chunk 'IDAT' at byte 33 runs past the end of the file" in line


def test_truncated_jpeg(tmp_path, capsys):
    line = _bad(tmp_path, capsys, "cut.jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + b"\x00" * 200)
    assert "truncated JPEG: no end-of-image marker" in line


def test_decompression_bomb_refused_from_the_header(tmp_path, capsys):
    """50,000 x 50,000 pixels: the header says so, and nothing is decoded (the IDAT here
    would not even decode)."""
    line = _bad(tmp_path, capsys, "bomb.png", png(50_000, 50_000, idat=b"not zlib"))
    assert "image too large: 50,000 x 50,000 pixels" in line
    assert "refused before decoding" in line


@needs_poppler
def test_pdf_with_no_pages(tmp_path, capsys):
    data = pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"])
    line = _bad(tmp_path, capsys, "empty.pdf", data)
    assert line.endswith("empty.pdf: PDF has no pages")


@needs_poppler
def test_encrypted_pdf(tmp_path, capsys):
    """A standard-security PDF whose user password is not empty: poppler cannot open it."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>",
        b"<< /Filter /Standard /V 1 /R 2 /O <%s> /U <%s> /P -4 >>" % (b"ab" * 32, b"cd" * 32),
    ]
    trailer = b"/Encrypt 4 0 R /ID [<%s> <%s>] " % (b"01" * 16, b"01" * 16)
    line = _bad(tmp_path, capsys, "locked.pdf", pdf(objects, trailer))
    assert "encrypted PDF" in line


@needs_poppler
def test_a_huge_pdf_page_is_refused_before_rendering(tmp_path, capsys):
    data = pdf_of_pages(1, media=b"[0 0 14400 14400]")  # 200 in square: 60,000 px at 300 dpi
    assert "page 1 at 300 dpi too large: 60,000 x 60,000 pixels" in _bad(
        tmp_path, capsys, "poster.pdf", data
    )


def test_missing_file_and_bad_lang(tmp_path, capsys):
    code, _, err = run(capsys, "ocr", str(tmp_path / "nope.png"))
    assert code == 2 and "nope.png: no such file" in one_line(err)


@needs_poppler
def test_two_thousand_page_pdf_is_read_page_by_page(tmp_path, monkeypatch):
    """Planning a 2,000-page PDF renders nothing; reading it holds at most 2 x jobs pages
    in flight, in page order."""
    from pipeline.ocr import run as ocr_run

    path = tmp_path / "long.pdf"
    path.write_bytes(pdf_of_pages(2000))
    pages = plan(str(path))
    first = next(pages)
    assert (first.page, first.kind, first.width, first.height) == (1, "pdf-render", 300, 300)
    sources = [first, *pages]
    assert [s.page for s in sources] == list(range(1, 2001))
    assert len({s.key for s in sources}) == 2000

    in_flight, most, lock = 0, 0, threading.Lock()
    started: list[int] = []

    def work(src: PageSource) -> list[TPage]:
        nonlocal in_flight, most
        with lock:
            in_flight += 1
            most = max(most, in_flight)
            started.append(src.page)
        with lock:
            in_flight -= 1
        return [TPage(src.width, src.height, ())]

    seen = []
    for src, _ in ocr_run.in_order(work, iter(sources), jobs=2):
        seen.append(src.page)
        # never more than 2 x jobs pages submitted ahead of the one handed out
        assert len(started) <= src.page + 4
    assert seen == list(range(1, 2001))
    assert most <= 2


# --- layout on hand-made Tesseract pages --------------------------------------------------------


def _line(text: str, left: int, top: int, *, block: int, size: int = 30, step: int = 20):
    words, x = [], left
    for i, t in enumerate(text.split()):
        w = step * len(t)
        words.append(TWord(t, x, top, x + w, top + size, 90.0, block, 1, i // 100))
        x += w + step
    return words


def test_layout_columns_furniture_and_footnotes():
    words = []
    words += _line("24", 100, 40, block=1)
    words += _line("ПАСЬЯНСЫ.", 700, 40, block=2)
    words += _line("ЗАГЛАВІЕ ИГРЫ ВО ВСЮ ШИРИНУ.", 300, 160, block=3)
    for k, t in enumerate(["Лѣвая одинъ два", "лѣвая три четыре", "лѣвая пять шесть."]):
        words += _line(t, 100, 240 + 45 * k, block=10 + k)
    for k, t in enumerate(["Правая одинъ два", "правая три четыре", "правая пять шесть."]):
        words += _line(t, 900, 240 + 45 * k, block=20 + k)
    words += _line("* Сноска мелкимъ шрифтомъ.", 100, 1300, block=30, size=18, step=12)
    laid = lay_out(TPage(1600, 1600, tuple(words)))
    assert laid.label == "24" and laid.running_head == "24 ПАСЬЯНСЫ."
    assert {ln.role for ln in laid.heads} == {RUNNING_HEAD}
    assert laid.columns == 2
    assert [ln.text for ln in laid.body] == [
        "ЗАГЛАВІЕ ИГРЫ ВО ВСЮ ШИРИНУ.",
        "Лѣвая одинъ два",
        "лѣвая три четыре",
        "лѣвая пять шесть.",
        "Правая одинъ два",
        "правая три четыре",
        "правая пять шесть.",
    ]
    assert [ln.text for ln in laid.notes] == ["* Сноска мелкимъ шрифтомъ."]
    assert laid.notes[0].role == FOOTNOTE


def test_layout_page_number_at_the_bottom():
    words = []
    for k in range(5):
        words += _line("строка текста страницы номеръ", 100, 100 + 45 * k, block=1 + k)
    words += _line("— 17 —", 400, 1500, block=9)
    laid = lay_out(TPage(1000, 1600, tuple(words)))
    assert laid.label == "17"
    assert [ln.role for ln in laid.heads] == [PAGE_NUMBER]
    assert len(laid.body) == 5 and laid.columns == 1


# --- Tesseract on the fixtures ------------------------------------------------------------------


@pytest.fixture(scope="module")
def two_columns_read(tmp_path_factory):
    """The fixture page read by Tesseract (as `pasyans ocr` reads it), and the OCR cache
    holding that read."""
    from pipeline.ocr import Cache, ocr_files

    cache = Cache(tmp_path_factory.mktemp("ocr-cache"))
    doc = ocr_files([str(PNG)], cache=cache, jobs=1, progress=False)
    assert (cache.misses, cache.hits) == (1, 0)
    return doc, cache.root


@pytest.fixture(scope="module")
def two_columns(two_columns_read):
    return two_columns_read[0]


@pytest.fixture
def ocr_cache_read(two_columns_read, tmp_path):
    """`$XDG_CACHE_HOME` (in `tmp_path`) whose OCR cache already holds the fixture page's
    read: the tests of what `ingest` does with a page image do not run Tesseract on it again
    (the read itself is the tests' above, of the same page)."""
    shutil.copytree(two_columns_read[1], tmp_path / "cache" / "pasyans" / "ocr")
    return tmp_path / "cache"


@needs_tesseract
def test_two_column_page_in_reading_order(two_columns):
    doc = two_columns
    page = doc.pages[0]
    assert (page.n, page.label, page.columns) == (1, "24", 2)
    assert page.running_head is not None and "24" in page.running_head
    text = doc.text
    assert text.startswith("[24]\n\nДВ")  # the page label, then the title across the columns
    assert "ПАСЬЯНСЫ" not in text  # the running head is not in the running text
    # the left column is read before the right one, and the footnote after the body
    left = text.index("Годными картами")
    right = text.index("Король называется")
    note = text.index("Колода")
    assert left < text.index("каждое") < right < note
    # the body holds no mark of the footnote: it follows the page's last paragraph, and the
    # page's label is not repeated
    assert text[:note].endswith(".\n\n* ")
    assert text.count("[24]") == 1
    assert text[right:note].count("\n\n") == 1  # «Король ...» ends the body
    roles = {w.role for w in doc.words}
    assert roles == {"body", "running-head", "footnote"}  # "24" is in the running head
    for w in doc.words:
        if w.start >= 0:
            assert text[w.start : w.end] == (w.text if w.role != "page-number" else "[24]")
        left_, top, right_, bottom = w.box
        assert 0 <= left_ < right_ <= page.width and 0 <= top < bottom <= page.height
        assert 0 <= w.conf <= 100


@needs_tesseract
def test_json_and_hocr_boxes_round_trip_to_sentences(two_columns):
    """A sentence of the normalized text finds, through the normalizer's offset map, the very
    words Tesseract read for it: same words, same boxes, from JSON and from hOCR."""
    from pipeline.normalize import normalize
    from pipeline.segment.sentences import split_sentences

    doc = two_columns
    nt = normalize(doc.text, "two-columns")
    ranges, pos = [], 0
    for para in nt.text.split("\n\n"):
        ranges += split_sentences(nt.text, pos, pos + len(para.rstrip("\n")))
        pos += len(para) + 2
    sentences = {nt.text[a:b]: (a, b) for a, b in ranges}
    (key,) = [s for s in sentences if s.startswith("Король")]
    span = nt.span(*sentences[key])
    words = doc.words_in(span.start, span.end)
    # exactly the words Tesseract read for the sentence (a paragraph of three lines)
    at = doc.text.index("Король называется")
    assert [w.text for w in words] == doc.text[at : doc.text.index("\n\n", at)].split()
    assert len(words) == 6
    assert {w.page for w in words} == {1}
    back = from_json(to_json(doc))
    assert back.words_in(span.start, span.end) == words
    hocr = from_hocr(to_hocr(doc), doc.text)
    hw = hocr.words_in(span.start, span.end)
    assert [(w.text, w.box, w.page, w.start, w.end) for w in hw] == [
        (w.text, w.box, w.page, w.start, w.end) for w in words
    ]
    # the right column's sentence lies right of the left column's
    (g,) = [s for s in sentences if "Годными" in s]
    gspan = nt.span(*sentences[g])
    left_words = doc.words_in(gspan.start, gspan.end)
    assert max(w.box[2] for w in left_words) < min(w.box[0] for w in words)


@needs_tesseract
def test_cli_formats_and_the_cache(tmp_path, capsys, monkeypatch):
    """The second run reads the cache (Tesseract is not run again); HOME may be empty."""
    from pipeline.ocr import tesseract

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    code, out, err = run(capsys, "ocr", str(PNG), "--format", "hocr", "--jobs", "1")
    assert code == 0, err
    assert 'class="ocr_page"' in out and 'class="ocr_header"' in out
    cached = list((tmp_path / "home" / ".cache" / "pasyans" / "ocr").rglob("*.tsv"))
    assert len(cached) == 1

    def no_tesseract(*a, **k):
        raise AssertionError("Tesseract ran again")

    monkeypatch.setattr(tesseract, "run", no_tesseract)
    out_file = tmp_path / "page.txt"
    code, out, err = run(capsys, "ocr", str(PNG), "-o", str(out_file))
    assert code == 0 and out == "", err
    assert out_file.read_text(encoding="utf-8").startswith("[24]\n\n")


def test_cache_dir_without_a_usable_home(tmp_path, monkeypatch):
    from pipeline.ocr import cache_dir

    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", "")
    assert cache_dir(tmp_path) == tmp_path / ".pasyans-cache" / "ocr"
    monkeypatch.setenv("HOME", str(tmp_path / "absent"))
    assert cache_dir(tmp_path) == tmp_path / ".pasyans-cache" / "ocr"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir(tmp_path) == tmp_path / "xdg" / "pasyans" / "ocr"


@needs_tesseract
def test_pdf_pages_rendered_or_their_scan_extracted(tmp_path):
    from pipeline.ocr import Cache, ocr_files

    (text_page,) = plan(str(DATA / "text-page.pdf"))
    assert text_page.kind == "pdf-render" and text_page.dpi == 300
    scan = tmp_path / "scan.pdf"
    scan.write_bytes(pdf_of_scan(PNG.read_bytes()))
    (scan_page,) = plan(str(scan))
    assert (scan_page.kind, scan_page.width, scan_page.height, scan_page.dpi) == (
        "pdf-image",
        945,
        1181,
        200,
    )
    doc = ocr_files([str(scan)], cache=Cache(None), jobs=1, progress=False)
    assert doc.pages[0].label == "24" and "Король называется" in doc.text
    assert (doc.pages[0].width, doc.pages[0].height) == (945, 1181)


# --- the normalizer marks its changes to words Tesseract was unsure of ---------------------------


def _ocr_doc_of(text: str, unsure: dict[str, float]):
    """An OcrDocument of `text` on one page, every word confident but those in `unsure`."""
    import regex

    from pipeline.ocr import OcrDocument, PageInfo, Word

    words = [
        Word(
            1,
            (10 * k, 20, 10 * k + 8, 40),
            unsure.get(m.group(), 96.0),
            "body",
            m.group(),
            m.start(),
            m.end(),
        )
        for k, m in enumerate(regex.finditer(r"\S+", text))
    ]
    return OcrDocument(text, [PageInfo(1, "p.png", 1, 2000, 3000)], words, "tesseract", "rus")


def test_normalize_marks_changed_words_of_low_confidence(tmp_path, capsys):
    import json

    gold = Path(__file__).parent.parent / "corpus" / "gold" / "001_ccb94fea4f93d4a7.txt"
    text = "\n".join(gold.read_text(encoding="utf-8").splitlines()[:12]) + "\n"
    text = text.replace("тѣхъ", "тЪхъ", 1).replace("дѣло", "дЪло", 1)
    doc = _ocr_doc_of(text, {"тЪхъ": 41.5})
    (tmp_path / "p.txt").write_text(text, encoding="utf-8")
    (tmp_path / "p.ocr.json").write_text(to_json(doc), encoding="utf-8")
    code, out, err = run(capsys, "normalize", str(tmp_path / "p.txt"), "--format", "json")
    assert code == 0, err
    changes = {c["orig"]: c for c in json.loads(out)["changes"]}
    low, high = changes["тЪхъ"], changes["дЪло"]
    assert (low["corr"], low["applied"]) == ("тѣхъ", True)
    assert low["ocr"]["unclear"] is True and low["ocr"]["conf"] == 41.5
    assert [(w["text"], w["page"]) for w in low["ocr"]["words"]] == [("тЪхъ", 1)]
    assert high["ocr"]["unclear"] is False and high["ocr"]["conf"] == 96.0
    # the OCR JSON itself is a valid input too; TEI gives the unsure correction a low certainty
    (tmp_path / "doc.json").write_text(to_json(doc), encoding="utf-8")
    code, out, err = run(capsys, "normalize", str(tmp_path / "doc.json"), "--format", "tei")
    assert code == 0, err
    assert '<sic>тЪхъ</sic><corr cert="low">' in out
    assert out.count('cert="low"') == 1
    # without the sidecar nothing is marked
    (tmp_path / "p.ocr.json").unlink()
    code, out, _ = run(capsys, "normalize", str(tmp_path / "p.txt"), "--format", "json")
    assert code == 0 and '"unclear"' not in out


@needs_tesseract
def test_ingest_takes_page_images_and_caches_them(tmp_path, capsys, monkeypatch, ocr_cache_read):
    """`pasyans ingest PAGE.png`: OCR'd once; the game files' sentence spans find their page
    and word boxes in the sidecar; a second ingest does not run Tesseract."""
    import yaml

    from pipeline.ocr import from_json, tesseract

    monkeypatch.setenv("XDG_CACHE_HOME", str(ocr_cache_read))
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "ingest", str(PNG), "--out", "games", "--no-extract")
    assert code == 0, err
    (sidecar,) = (tmp_path / "cache" / "pasyans" / "ocr" / "sources").rglob("*.ocr.json")
    assert sidecar.name == "two-columns.ocr.json"
    doc = from_json(sidecar.read_text(encoding="utf-8"))
    assert doc.text == sidecar.with_name("two-columns.txt").read_text(encoding="utf-8")
    cited = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "text" in node and "spans" in node:
                for span in node["spans"]:
                    cited.append((node["text"], doc.cite(span["start"], span["end"])))
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for game in sorted((tmp_path / "games").glob("*.yaml")):
        walk(yaml.safe_load(game.read_text(encoding="utf-8")))
    (rule,) = [c for t, c in cited if t.startswith("На каждое основан")]
    assert [(c["page"], c["file"], c["label"]) for c in rule] == [(1, str(PNG), "24")]
    assert [w["text"] for w in rule[0]["words"]][:2] == ["На", "каждое"]
    left, top, _, bottom = rule[0]["box"]
    assert left > 945 // 2 and 0 < top < bottom < 1181  # the right column of the page

    monkeypatch.setattr(tesseract, "run", lambda *a, **k: (_ for _ in ()).throw(AssertionError))
    before = {p: p.read_bytes() for p in (tmp_path / "games").iterdir()}
    code, _, err = run(capsys, "ingest", str(PNG), "--out", "games", "--no-extract")
    assert code == 0, err
    assert {p: p.read_bytes() for p in (tmp_path / "games").iterdir()} == before


# --- the cited line from the page image in `diff --html` -----------------------------------------


def _page_sidecar(cache: Path, page: Path, cited: tuple[int, int] = (2711, 2750)) -> None:
    """A word-box sidecar for corpus seed 000 as if it had been OCR'd from `page` (the words
    of raw span `cited`, by default what Blockade's foundation base cites, on two lines of
    that image, the others on its first line), in the OCR cache where ingest keeps them."""
    import regex

    from pipeline.ocr import OcrDocument, PageInfo, Word

    source = "000_81fd826a98ac014e"
    raw = (Path(__file__).parent.parent / "corpus" / "raw" / f"{source}.txt").read_text(
        encoding="utf-8"
    )
    words, k = [], 0
    for m in regex.finditer(r"\S+", raw):
        if m.end() > cited[0] and m.start() < cited[1]:
            row, col = 5 + k // 4, k % 4
            k += 1
        else:
            row, col = 0, 0
        box = (60 + 200 * col, 60 + 50 * row, 240 + 200 * col, 95 + 50 * row)
        words.append(Word(1, box, 90.0, "body", m.group(), m.start(), m.end()))
    doc = OcrDocument(raw, [PageInfo(1, str(page), 1, 945, 1181, label="4")], words)
    folder = cache / "pasyans" / "ocr" / "sources" / "0123456789abcdef-rus"
    folder.mkdir(parents=True)
    (folder / f"{source}.txt").write_text(raw, encoding="utf-8")
    (folder / f"{source}.ocr.json").write_text(to_json(doc), encoding="utf-8")


def test_diff_html_shows_the_cited_line_from_the_scan(tmp_path, capsys, monkeypatch):
    import re

    from browser import chromium, find

    from pipeline.ocr.scans import find_sidecar

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    find_sidecar.cache_clear()
    page = tmp_path / "p4.png"
    page.write_bytes(PNG.read_bytes())
    _page_sidecar(tmp_path / "cache", page)
    spec = Path(__file__).parent.parent / "rules" / "extracted" / "blockade.yaml"
    text = spec.read_text(encoding="utf-8")
    other = tmp_path / "blockade-b.yaml"
    other.write_text(text.replace("      base: 1\n", "      base: 2\n", 1), encoding="utf-8")
    out = tmp_path / "diff.html"
    code, _, err = run(capsys, "diff", str(spec), str(other), "--html", str(out))
    find_sidecar.cache_clear()
    assert code == 1, err
    html = out.read_text(encoding="utf-8")
    # one figure beside the quote, the page embedded once as a data: URI, nothing fetched
    assert html.count('<figure class="scan"') == 1
    assert html.count("data:image/png;base64,") == 1
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    assert "p4.png, p. 4" in html
    browser, driver, why = find()
    if not (browser and driver):
        pytest.skip(why)
    with chromium(browser, driver) as b:
        b.get("file://" + str(out))
        shown = b.run(
            "const f = document.querySelector('figure.scan');"
            "const q = f.previousElementSibling;"
            "const s = f.querySelector('svg').getBoundingClientRect();"
            "const img = document.querySelector(f.querySelector('use').getAttribute('href'));"
            "return [q.tagName, q.innerText, s.width, s.height, img.getBBox().width,"
            " f.querySelector('svg').getAttribute('viewBox')];"
        )
    tag, quote, width, height, image_width, view = shown
    assert tag == "BLOCKQUOTE" and quote.startswith("«Восемь тузовъ")
    assert width > 300 and 20 < height < width  # a strip of the page: the cited line(s)
    assert image_width == 945
    x, y, w, h = (int(v) for v in view.split())
    assert (x, y, w, h) == (60 - 12, 310 - 12, 780 + 24, 85 + 24)


def test_verify_html_shows_the_book_quote_from_the_scan(tmp_path, monkeypatch):
    """The book's words on a game (`rules/figures/claims.yaml`) found in the ingested corpus
    game file, and from its spans on the page image (a report made by hand: no deals played)."""
    from pipeline.ocr.scans import find_sidecar
    from pipeline.solve.verify import claims, html

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.chdir(Path(__file__).parent.parent)  # corpus/games/shah.yaml
    find_sidecar.cache_clear()
    page = tmp_path / "p4.png"
    page.write_bytes(PNG.read_bytes())
    _page_sidecar(tmp_path / "cache", page, cited=(1783, 1906))  # shah/note/2 in seed 000
    report = {
        "note": "upper bounds",
        "deals": 0,
        "first_seed": 1,
        "budgets": {},
        "specs": [
            {
                "valid": True,
                "key": "shah",
                "title": None,
                "invariants": {"ok": True, "playouts": 0, "moves": 0, "first_failure": None},
                "rates": {},
                "book": claims()["book"]["shah"],
            }
        ],
    }
    page_html = html(report)
    find_sidecar.cache_clear()
    assert page_html.count('<figure class="scan"') == 1
    assert page_html.count("data:image/png;base64,") == 1
    assert "p4.png, p. 4" in page_html
    quote = page_html.index("«пасьянсъ этотъ рѣдко когда удается»")
    assert quote < page_html.index('<figure class="scan"') < page_html.index("(modern spelling)")


@needs_tesseract
def test_ingest_error_names_the_page_file(tmp_path, capsys, monkeypatch, ocr_cache_read):
    """Two page images of the same name from two folders are two sources with one id: the
    error names the page file, not its OCR text in the cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(ocr_cache_read))
    monkeypatch.chdir(tmp_path)
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "p.png").write_bytes(PNG.read_bytes())
    code, _, err = run(capsys, "ingest", "a/p.png", "b/p.png", "--out", "games", "--no-extract")
    assert code == 2
    line = one_line(err)
    assert line.startswith("pasyans ingest: b/p.png: same source id as ")
    assert not (tmp_path / "games").exists()


def test_output_never_overwrites_an_input(tmp_path, capsys):
    page = tmp_path / "p.png"
    page.write_bytes(PNG.read_bytes())
    code, out, err = run(capsys, "ocr", str(page), "-o", str(page))
    assert code == 2 and out == ""
    assert one_line(err) == f"pasyans ocr: {page}: is an input ({page}): refusing to overwrite it"
    assert page.read_bytes() == PNG.read_bytes()


def test_without_tesseract_one_line_says_what_to_install(tmp_path, capsys, monkeypatch):
    from pipeline.ocr import tesseract

    monkeypatch.setenv("PATH", str(tmp_path))  # no tesseract, no poppler
    tesseract.version.cache_clear()
    tesseract.languages.cache_clear()
    try:
        code, out, err = run(capsys, "ocr", str(PNG), "--no-cache")
    finally:
        tesseract.version.cache_clear()
        tesseract.languages.cache_clear()
    assert code == 2 and out == ""
    assert one_line(err) == (
        "pasyans ocr: tesseract is not installed (Debian: apt-get install tesseract-ocr "
        "tesseract-ocr-rus tesseract-ocr-script-cyrl poppler-utils)"
    )
