"""TEMPORARY STUB (to be replaced by the real normalizer): keeps the API shape only."""

from __future__ import annotations

from array import array

from pipeline.text import NormalizedText, OffsetMap


def normalize(raw: str, source: str = "-") -> NormalizedText:
    text = raw.replace("ђ", "ѣ").replace("Ђ", "Ѣ")
    ident = OffsetMap(array("i", range(len(raw))), array("i", range(1, len(raw) + 1)))
    return NormalizedText(
        source=source,
        orthography="pre-reform" if "ъ " in raw else "modern",
        raw=raw,
        text=text,
        text_map=ident,
        modern=text.replace("ѣ", "е").replace("і", "и"),
        modern_map=ident,
    )
