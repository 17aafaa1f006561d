"""Hand-made Tesseract words for layout tests: a line of text as boxed words, as `pasyans ocr`
reads them from Tesseract's TSV."""

from __future__ import annotations

from pipeline.ocr.tesseract import TWord


def line_words(
    text: str, left: int, top: int, size: int, block: int, step: int = 20
) -> list[TWord]:
    """The words of `text` on one line from `left`, each `step` wide a letter, confidence 90."""
    out, x = [], left
    for i, t in enumerate(text.split()):
        w = step * len(t)
        out.append(TWord(t, x, top, x + w, top + size, 90.0, block, 1, 1 + i // 100))
        x += w + step
    return out
