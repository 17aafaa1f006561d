"""benchmarks/ocr_variants.py: it never reads a held-out or fresh page, and it prepares the page
image exactly as its `--variant` says."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _tool():
    path = REPO / "benchmarks" / "ocr_variants.py"
    spec = importlib.util.spec_from_file_location("ocr_variants", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("ocr_variants", module)
    spec.loader.exec_module(module)
    return module


def _page(image: str, role: str, source: str = "pages-10") -> dict:
    return {"image": image, "role": role, "source": source, "degradation": {"dpi": 200}}


def test_only_development_pages_are_chosen() -> None:
    manifest = {
        "pages": [
            _page("a.png", "train"),
            _page("b.png", "heldout-font"),
            _page("c.png", "heldout-page"),
            _page("d.png", "heldout"),
            _page("e.png", "fresh"),
            _page("f.png", "fresh-new-page"),
            _page("g.png", "train", source="real-code-gist-x"),
            _page("h.png", "train", source="real-gist-x"),
        ]
    }
    assert [p["image"] for p in _tool().development_pages(manifest)] == ["a.png", "h.png"]


def test_the_variant_is_applied_as_named(tmp_path: Path) -> None:
    image_mod = pytest.importorskip("PIL.Image")
    page = tmp_path / "p.png"
    im = image_mod.new("1", (40, 20), 1)
    for x in range(10, 30):
        im.putpixel((x, 10), 0)  # a one-pixel black stroke on a bilevel page
    im.save(page)
    tool = _tool()
    assert tool.prepare(page, "plain", tmp_path) == page
    assert tool.prepare(page, "dpi", tmp_path) == page
    work = tmp_path / "w"
    work.mkdir()
    out = tool.prepare(page, "x2+b1.2", work)
    with image_mod.open(out) as got:
        assert got.mode == "L" and got.size == (80, 40)
        greys = {g for g, n in enumerate(got.histogram()) if n}
    assert min(greys) > 0 and max(greys) == 255 and len(greys) > 2  # the stroke smoothed
    with pytest.raises(SystemExit, match="unknown step 'q3'"):
        tool.prepare(page, "x2+q3", work)


def _tsv(rows: list[tuple[int, int, int, str, float]], width: int = 1000) -> str:
    """A page's TSV: words as (block, paragraph, line, text, confidence), boxes by order."""
    out = [
        "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
        f"1\t1\t0\t0\t0\t0\t0\t0\t{width}\t{width}\t-1\t",
    ]
    for k, (b, p, ln, text, conf) in enumerate(rows, 1):
        out.append(f"5\t1\t{b}\t{p}\t{ln}\t{k}\t{k * 100}\t{ln * 40}\t80\t30\t{conf}\t{text}")
    return "\n".join(out) + "\n"


def test_the_text_of_a_tsv_is_laid_out_as_tesseracts() -> None:
    _tool()
    from ocr_scans import tsv_text

    rows = [(1, 1, 1, "Пасьянсъ", 90.0), (1, 1, 1, "Козелъ.", 90.0), (1, 1, 2, "Кладутъ", 90.0),
            (1, 2, 1, "карты", 90.0), (2, 1, 1, "III.", 90.0)]  # fmt: skip
    assert tsv_text(_tsv(rows)) == "Пасьянсъ Козелъ.\nКладутъ\n\nкарты\n\nIII.\n"


def test_merge_writes_the_merged_reading_and_its_control(tmp_path: Path) -> None:
    tool = _tool()
    page = _page("p1.png", "train")
    (tmp_path / "p1.A.tsv").write_text(_tsv([(1, 1, 1, "кактъ", 40.0)]), encoding="utf-8")
    (tmp_path / "p1.B.tsv").write_text(_tsv([(1, 1, 1, "какъ", 75.0)]), encoding="utf-8")
    tool.merge(tmp_path, [page], "A", "B", iou=0.5, margin=30)
    assert (tmp_path / "p1.A~.txt").read_text(encoding="utf-8") == "кактъ\n"
    assert (tmp_path / "p1.A~B_m30.txt").read_text(encoding="utf-8") == "какъ\n"
    tool.merge(tmp_path, [page], "A", "B", iou=0.5, margin=40)
    assert (tmp_path / "p1.A~B_m40.txt").read_text(encoding="utf-8") == "кактъ\n"
