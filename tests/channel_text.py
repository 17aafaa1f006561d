"""A pre-reform page for the OCR channel's tests: a lead paragraph the normalizer leaves
as it is, so each test's text is read as a page's later paragraph would be."""

from __future__ import annotations

from pipeline.normalize import normalize

LEAD = "Въ этомъ пасьянсѣ всѣ карты кладутся на мѣсто.\n\n"


def pre(text: str, conf: tuple[tuple[str, str, float], ...] = ()) -> str:
    """`text` after a pre-reform lead paragraph, normalized; `conf` gives Tesseract's
    confidence to a word: (a string of the text that holds it, the word, confidence)."""
    raw = LEAD + text + "\n"
    spans = []
    for needle, word, c in conf:
        at = raw.index(needle) + needle.index(word)
        spans.append((at, at + len(word), c))
    out = normalize(raw, orthography="pre-reform", word_confidences=spans or None).text
    assert out.startswith(LEAD)
    return out[len(LEAD) :].rstrip("\n")
