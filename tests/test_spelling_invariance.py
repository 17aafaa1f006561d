"""The same rules whatever the spelling (issue 18): a rule sentence gives the same facts in
the modern and in the pre-reform spelling, one pair per class of difference the reform made
(ѣ in roots and endings and the final ъ, і before a vowel, -аго/-яго, the feminine and neuter
plural in -ыя/-ія, the older numerals осмь/осьмнадцать and ordinals осьмой/осмой), the old
sentence read as the pipeline reads it (`normalize(...).modern`). And a whole game, modern and
pre-reform, gives the same exact spec fields. `benchmarks/spelling_invariance.py` measures the
same on every development passage."""

from __future__ import annotations

import pytest

from pipeline.normalize import normalize
from tests.ingest_helpers import ingested
from tests.sentence_game import fact_pairs, said

CASES = [
    (  # ѣ in a numeral's root, final ъ
        "Раскладывают двенадцать кучек по четыре карты в каждой.",
        "Раскладываютъ двѣнадцать кучекъ по четыре карты въ каждой.",
        [("deal.per_pile", 4), ("tableau.shape", {"count": 12, "noun": "PACKET"})],
    ),
    (  # і before a vowel, ѣ in a locative ending
        "Основания строятся в восходящем порядке, от туза до короля, той же масти.",
        "Основанія строятся въ восходящемъ порядкѣ, отъ туза до короля, той же масти.",
        [
            ("foundation.direction", {"base": 1, "direction": "up"}),
            ("foundation.last", {"base": 1, "last": 13}),
            ("suit.same", True),
        ],
    ),
    (  # -аго
        "На девятку можно положить восьмерку другого цвета.",
        "На девятку можно положить восьмерку другаго цвѣта.",
        [("build.direction", "down"), ("build.suit", "alternate")],
    ),
    (  # -ыя/-ія of the feminine and neuter plural
        "Верхние карты столбцов перекладывают одна на другую в нисходящем порядке, чередуя цвета.",
        "Верхнія карты столбцовъ перекладываютъ одна на другую въ нисходящемъ порядкѣ, чередуя "
        "цвѣта.",
        [("build.direction", "down"), ("build.suit", "alternate")],
    ),
    (
        "Пустые места заполняются картами из колоды.",
        "Пустыя мѣста заполняются картами изъ колоды.",
        [("fill.sources", ["stock"])],
    ),
    (  # the older numerals: осмь, осмой (no dictionary knows them)
        "Карты раскладывают в восемь рядов, каждую восьмую карту кладут отдельно.",
        "Карты раскладываютъ въ осмь рядовъ, каждую осмую карту кладутъ отдѣльно.",
        [("deal.rows_said", 8)],
    ),
    (
        "Раскладывают восемнадцать кучек по три карты.",
        "Раскладываютъ осьмнадцать кучекъ по три карты.",
        [("deal.per_pile", 3), ("tableau.shape", {"count": 18, "noun": "PACKET"})],
    ),
    (
        "На девятку можно положить восьмерку другого цвета.",
        "На девятку можно положить осмерку другаго цвѣта.",
        [("build.direction", "down"), ("build.suit", "alternate")],
    ),
]


@pytest.mark.parametrize(
    ("modern", "old", "facts"), CASES, ids=[f"case{i}" for i in range(len(CASES))]
)
def test_a_rule_reads_the_same_in_either_spelling(modern: str, old: str, facts: list) -> None:
    assert said(modern) == fact_pairs(*facts)
    assert said(normalize(old, "old").modern) == fact_pairs(*facts)


def test_older_plural_and_numeral_forms_are_known_words() -> None:
    # forms a page's projection keeps when no dictionary knows the word: the grammar reads
    # them as the modern forms (`tokens._older_spellings`)
    from pipeline.extract.tokens import tokenize

    def read(text: str) -> list[tuple[str, object]]:
        return [(t.type, t.value) for t in tokenize(text, None)]

    assert read("пересдающияся колоды") == read("пересдающиеся колоды")
    assert read("осьмыя карты") == read("восьмые карты") == [("ORD", 8), ("CARD", "карта")]
    assert read("осмь карт") == [("NUM", 8), ("CARD", "карта")]
    assert read("осьмнадцать карт") == [("NUM", 18), ("CARD", "карта")]
    # a word the dictionary knows keeps its own reading: линия is no plural of an adjective
    assert read("линия") == read("линия карт")[:1]


MODERN_GAME = """Пасьянс «Ряды»

Берут одну полную колоду в пятьдесят две карты.
Раскладывают восемь столбцов по шесть карт в каждом, все карты открытые.
{aces}
На столбцах карты кладут одна на другую в нисходящем порядке, чередуя цвета.
Пустые места заполняются любою картою.
Оставшиеся четыре карты кладут в резерв; из него карты идут только на основания.
""".format(
    aces="Тузы, по мере того как выходят, кладут отдельно; на них подбирают карты той же "
    "масти в восходящем порядке до короля."
)

OLD_GAME = """Пасьянсъ «Ряды»

Берутъ одну полную колоду въ пятьдесятъ двѣ карты.
Раскладываютъ осмь столбцовъ по шести картъ въ каждомъ, всѣ карты открытыя.
{aces}
На столбцахъ карты кладутъ одна на другую въ нисходящемъ порядкѣ, чередуя цвѣта.
Пустыя мѣста заполняются любою картою.
Оставшіяся четыре карты кладутъ въ резервъ; изъ него карты идутъ только на основанія.
""".format(
    aces="Тузы, по мѣрѣ того какъ выходятъ, кладутъ отдѣльно; на нихъ подбираютъ карты той "
    "же масти въ восходящемъ порядкѣ до короля."
)


def _spec(text: str) -> dict:
    from pipeline.extract import extract_game

    result = ingested(text, "ryady.txt")
    (game,) = result.games
    return extract_game(game, result.scans).checked.rules


def test_a_game_gives_the_same_spec_in_either_spelling() -> None:
    modern, old = _spec(MODERN_GAME), _spec(OLD_GAME)
    for rules in (modern, old):
        assert rules["decks"] == 1
        assert rules["win"] == "all-on-foundations"
        counts = {}
        for pile in rules["piles"].values():
            counts[pile["role"]] = counts.get(pile["role"], 0) + pile["count"]
        assert counts["tableau"] == 8  # осмь столбцовъ
        assert counts["foundation"] == 4 and counts["reserve"] == 1
    keep = ("decks", "win", "piles", "deal", "setup", "moves", "fill", "redeal")
    assert {k: modern.get(k) for k in keep} == {k: old.get(k) for k in keep}


def test_a_title_gives_one_id_in_either_spelling() -> None:
    from pipeline.segment.segmenter import slug

    assert slug("КРАСНЫЯ И ЧЕРНЫЯ") == slug("Красные и черные") == "krasnye-i-chernye"
    assert slug("Главная забота играющаго") == "glavnaya-zabota-igrayushchego"
    assert slug("Пасьянсъ «Большаго круга»") == "bolshogo-kruga"
    # a noun in -ія and a name in -аго keep theirs
    assert (slug("Линія"), slug("Чикаго")) == ("liniya", "chikago")
