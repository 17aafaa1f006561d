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
