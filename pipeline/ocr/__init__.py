"""OCR: page images and PDFs -> raw text in reading order, and every word's page and box.

The first stage, before `normalize` (it imports only the foundation modules; tests/
test_layering.py): it produces the raw text the normalizer reads, and a word-box sidecar
(`document.to_json`) that maps any span of that text back to the page.

Public API:
- `ocr_files(paths, lang, *, cache, jobs, progress) -> OcrDocument` (`run`)
- `OcrDocument.words_in(start, end)`: the words (page, box, confidence) behind a raw span
- `to_json` / `from_json`, `to_hocr` / `from_hocr` (`document`)
- `is_page_file(path)`: an image or PDF, by its first bytes (`inputs.sniff`)

`inputs` checks files from their headers (no decompression bomb reaches a decoder) and plans a
PDF's pages; `tesseract` runs the command line; `layout` orders a page's lines.
"""

from __future__ import annotations

from pipeline.ocr.document import (
    OcrDocument,
    PageInfo,
    Word,
    from_hocr,
    from_json,
    to_hocr,
    to_json,
)
from pipeline.ocr.run import Cache, cache_dir, ocr_files

PAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".tif", ".tiff", ".pdf"})


def is_page_file(path: str) -> bool:
    """A page image or PDF by its name (the content is checked when it is read)."""
    import os

    return os.path.splitext(str(path))[1].lower() in PAGE_SUFFIXES


__all__ = [
    "PAGE_SUFFIXES",
    "Cache",
    "OcrDocument",
    "PageInfo",
    "Word",
    "cache_dir",
    "from_hocr",
    "from_json",
    "is_page_file",
    "ocr_files",
    "to_hocr",
    "to_json",
]
