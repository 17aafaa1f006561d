"""Output formats of a `NormalizedText`: JSON (stable, golden-testable) and TEI XML.

TEI marks every applied correction as `<choice><sic>raw</sic><corr>clean</corr></choice>` and
every word the reform respells as `<choice><orig>pre-reform</orig><reg>modern</reg></choice>`.
"""

from __future__ import annotations

import json
from bisect import bisect_left, bisect_right
from xml.sax.saxutils import escape, quoteattr

from pipeline.normalize.correct import WORD
from pipeline.normalize.offsets import SegmentMap
from pipeline.text import NormalizedText

TEI_NS = "http://www.tei-c.org/ns/1.0"
_LAYOUT_KINDS = frozenset({"join", "hyphen"})
# A word Tesseract gives less confidence than this (0-100) is unsure: a change to it is
# `unclear` in JSON and `<corr cert="low">` in TEI (`ocr` is any object with `words_in`, the
# `pipeline.ocr.OcrDocument` of the raw text: normalize does not import the OCR stage).
UNCLEAR_BELOW = 70.0


def to_dict(nt: NormalizedText, encoding: str | None = None, ocr: object = None) -> dict:
    """Plain data with sorted, stable contents (changes in raw order). With `ocr` (the
    `pipeline.ocr.OcrDocument` the raw text came from) each change also says which OCR words
    it touched: their page, box and confidence, and `unclear` when the least confident of
    them is below `UNCLEAR_BELOW` (Tesseract was unsure of a word the normalizer changed).
    Spans are the given text's (`NormalizedText.given`: a two-column page's own characters)."""
    data = {
        "source": nt.source,
        "encoding": encoding,
        "orthography": nt.orthography,
        "text": nt.text,
        "modern": nt.modern,
        "changes": [
            {
                **_span(nt, c.start, c.end),
                "orig": c.orig,
                "corr": c.corr,
                "kind": c.kind,
                "confidence": c.confidence,
                "applied": c.applied,
            }
            for c in nt.changes
        ],
        "furniture": [
            {
                **_span(nt, f.start, f.end),
                "text": f.text,
                "kind": f.kind,
                "book": f.book,
                "page": f.page,
            }
            for f in nt.furniture
        ],
        "annotations": [
            {**_span(nt, a.start, a.end), "kind": a.kind, "label": a.label, "offset": a.offset}
            for a in nt.annotations
        ],
        "stats": dict(sorted(nt.stats.items())),
    }
    for key in ("changes", "furniture"):  # the given text's order
        items: list[dict] = data[key]  # type: ignore[assignment]
        items.sort(key=lambda d: (d["start"], d["end"]))
    if ocr is not None:
        changes: list[dict] = data["changes"]  # type: ignore[assignment]
        for d in changes:
            d["ocr"] = _ocr_words(ocr, d["start"], d["end"])
    return data


def _span(nt: NormalizedText, start: int, end: int) -> dict[str, int]:
    a, b = nt.given(start, end)
    return {"start": a, "end": b}


def _ocr_words(ocr: object, start: int, end: int) -> dict:
    """The OCR words under raw [start, end) (an insertion: the word it stands in)."""
    words = ocr.words_in(start, max(end, start + 1))  # type: ignore[attr-defined]
    conf = min((w.conf for w in words), default=None)
    return {
        "words": [
            {"text": w.text, "page": w.page, "box": list(w.box), "conf": w.conf} for w in words
        ],
        "conf": conf,
        "unclear": conf is not None and conf < UNCLEAR_BELOW,
    }


def to_json(nt: NormalizedText, encoding: str | None = None, ocr: object = None) -> str:
    data = to_dict(nt, encoding, ocr)
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def _clean_range(nt: NormalizedText, start: int, end: int) -> tuple[int, int]:
    m = nt.text_map
    if isinstance(m, SegmentMap):
        return m.out_position(start), m.out_position(end)
    return bisect_left(m.starts, start), bisect_left(m.starts, end)


def to_tei(nt: NormalizedText, ocr: object = None) -> str:
    """A TEI P5 document of the clean text with corrections and modernizations marked; with
    `ocr`, a correction of a word Tesseract was unsure of (see `to_dict`) is
    `<corr cert="low">`."""
    from pipeline.normalize.lexicon import lexicon

    modern = lexicon(True).modern if nt.orthography == "pre-reform" else (lambda w: w)
    text = nt.text
    # Applied corrections as clean-text ranges (layout joins are not corrections of words).
    corr: dict[int, tuple[int, str, bool]] = {}
    for c in nt.changes:
        if not c.applied or c.kind in _LAYOUT_KINDS:
            continue
        cs, ce = _clean_range(nt, c.start, c.end)
        if ce > cs and cs not in corr:
            unclear = ocr is not None and _ocr_words(ocr, *nt.given(c.start, c.end))["unclear"]
            corr[cs] = (ce, c.orig, unclear)
    anchors: dict[int, list[str]] = {}
    for a in nt.annotations:
        anchors.setdefault(a.offset, []).append(a.label)
    corr_keys, anchor_keys = sorted(corr), sorted(anchors)

    def words(s: int, e: int) -> str:
        out, pos = [], s
        for m in WORD.finditer(text, s, e):
            out.append(escape(text[pos : m.start()]))
            w = m.group()
            r = modern(w)
            out.append(
                f"<choice><orig>{escape(w)}</orig><reg>{escape(r)}</reg></choice>"
                if r != w
                else escape(w)
            )
            pos = m.end()
        out.append(escape(text[pos:e]))
        return "".join(out)

    def anchor_xml(pos: int) -> str:
        # a marker the text still prints (`королемъ[*]`) is its own anchor
        return "".join(
            f'<anchor type="footnote-ref" n={quoteattr(lab)}/>'
            for lab in anchors.get(pos, ())
            if not text.endswith(f"[{lab}]", 0, pos)
        )

    body: list[str] = []
    for f in nt.furniture:
        attrs = f" n={quoteattr(f.page)}" if f.page else ""
        body.append(f'<fw type="header"{attrs}>{escape(f.text)}</fw>')
    pos = 0
    for para in text.split("\n\n"):
        end = pos + len(para.rstrip("\n"))
        parts: list[str] = []
        cur = pos
        points = sorted(
            set(corr_keys[bisect_left(corr_keys, pos) : bisect_left(corr_keys, end)])
            | set(anchor_keys[bisect_left(anchor_keys, pos) : bisect_right(anchor_keys, end)])
        )
        for p in points:
            if p < cur:
                continue
            parts.append(words(cur, p))
            parts.append(anchor_xml(p))
            cur = p
            if p in corr and p < end:
                ce, orig, unclear = corr[p]
                ce = min(ce, end)
                cert = ' cert="low"' if unclear else ""
                parts.append(
                    f"<choice><sic>{escape(orig)}</sic><corr{cert}>{words(p, ce)}</corr></choice>"
                )
                cur = ce
        parts.append(words(cur, end))
        if para.strip():
            body.append("<p>" + "".join(parts) + "</p>")
        pos += len(para) + 2
    lang = "pre-reform" if nt.orthography == "pre-reform" else "modern"
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<TEI xmlns="{TEI_NS}">\n'
        "<teiHeader><fileDesc>"
        f"<titleStmt><title>{escape(nt.source)}</title></titleStmt>"
        "<publicationStmt><p>Normalized by pasyans.</p></publicationStmt>"
        f"<sourceDesc><p>{escape(nt.source)}</p></sourceDesc>"
        "</fileDesc><profileDesc><langUsage>"
        f'<language ident="ru">Russian, {lang} orthography</language>'
        "</langUsage></profileDesc></teiHeader>\n"
        "<text><body>\n" + "\n".join(body) + "\n</body></text>\n</TEI>\n"
    )
