"""The 1918 reform as a projection: each rule, on words of the books and others."""

from __future__ import annotations

import pytest

from pipeline.normalize import normalize
from pipeline.normalize.lexicon import lexicon


@pytest.mark.parametrize(
    ("pre", "modern"),
    [
        ("мѣсто", "место"),  # ѣ -> е
        ("ДВѢ", "ДВЕ"),  # upper case kept
        ("третій", "третий"),  # і -> и
        ("Ѳедоръ", "Федор"),  # ѳ -> ф, final ъ
        ("мѵро", "миро"),  # ѵ -> и
        ("кругъ", "круг"),
        ("объ", "об"),
        ("объявить", "объявить"),  # ъ inside a word stays
        ("перваго", "первого"),  # -аго -> -ого
        ("третьяго", "третьего"),  # -яго -> -его
        ("восходящаго", "восходящего"),  # after щ: -его
        ("находящагося", "находящегося"),
        ("основныя", "основные"),  # -ыя -> -ые in adjectives
        ("подходящія", "подходящие"),  # -ія -> -ие
        ("открывшіяся", "открывшиеся"),
        ("грація", "грация"),  # a noun keeps -ия
        ("линія", "линия"),
        ("онѣ", "они"),
        ("однѣ", "одни"),
        ("ея", "её"),
        ("нея", "неё"),
        ("разсматривать", "рассматривать"),  # раз- before a voiceless consonant
        ("безпокоить", "беспокоить"),
        ("изсякнуть", "иссякнуть"),
        ("низкій", "низкий"),  # низ- is no prefix here
        ("чрезъ", "чрез"),
    ],
)
def test_word_projection(pre: str, modern: str) -> None:
    assert lexicon(True).modern(pre) == modern


def test_text_projection_and_its_map() -> None:
    raw = "Основныя карты берутся изъ колоды. Пасьянсъ вторично не раскладывается."
    nt = normalize(raw)
    assert nt.modern == "Основные карты берутся из колоды. Пасьянс вторично не раскладывается.\n"
    i = nt.modern.index("из ")
    sp = nt.span(i, i + 2, modern=True)
    assert raw[sp.start : sp.end] == "из"
