"""The sixth round of the OCR channel (issue 19): headings in capitals kept as headings, and
corrections kept conservative where the lexicon and context do not back them."""

from __future__ import annotations

import pytest

from pipeline.normalize import normalize


def pre(text: str, conf: dict[str, float] | None = None) -> str:
    raw = text if text.endswith("\n") else text + "\n"
    spans = []
    for word, c in (conf or {}).items():
        at = raw.index(word)
        spans.append((at, at + len(word), c))
    out = normalize(raw, orthography="pre-reform", word_confidences=spans or None)
    return out.text


@pytest.mark.parametrize(
    ("raw", "meant"),
    [
        # the paragraph before lost its full stop (a page's end): the heading stays in capitals,
        # a paragraph of its own, and the capital after it stays
        (
            "Карты кладутся въ рядъ, и тогда пасьянсъ\nсходится\nПАСЬЯНСЪ ЧАСЫ\n"
            "Карты кладутся кругомъ.\n\nВотъ и все.\n",
            "Карты кладутся въ рядъ, и тогда пасьянсъ сходится\n\nПАСЬЯНСЪ ЧАСЫ\n\n"
            "Карты кладутся кругомъ.\n\nВотъ и все.\n",
        ),
        # one paragraph a line (no blank line in the text)
        (
            "и тогда пасьянсъ сходится\nII. ПАСЬЯНСЪ ЧАСЫ\nКарты кладутся кругомъ.\n",
            "и тогда пасьянсъ сходится\n\nII. ПАСЬЯНСЪ ЧАСЫ\n\nКарты кладутся кругомъ.\n",
        ),
        # a heading over two lines is one paragraph
        (
            "и тогда пасьянсъ сходится\nПАСЬЯНСЪ\nЧАСЫ\nКарты кладутся кругомъ.\n",
            "и тогда пасьянсъ сходится\n\nПАСЬЯНСЪ ЧАСЫ\n\nКарты кладутся кругомъ.\n",
        ),
        # capitals followed by a line in lower case are a sentence's words: lowered, joined
        (
            "и тогда всѣ карты\nГОДЯТСЯ\nдля пасьянса.\n",
            "и тогда всѣ карты годятся для пасьянса.\n",
        ),
    ],
)
def test_a_heading_in_capitals_stays_a_heading(raw: str, meant: str) -> None:
    assert pre(raw) == meant
