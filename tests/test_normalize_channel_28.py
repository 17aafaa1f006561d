"""The normalizer's side of the held-out page row (issue 19, channel-28): the classes of words
left wrong on the development scans after channel-27. A typeface whose semicolon is read as a
colon on a whole page."""

from __future__ import annotations

from pipeline.normalize import normalize


def pre(text: str) -> str:
    return normalize(text + "\n", orthography="pre-reform").text.rstrip("\n")


# a page read with every semicolon a colon: four of them between clauses, and one colon of
# the print's own after an adverb that announces what follows
_COLONS = (
    "На столбы ничего не кладутъ: съ нихъ берутся только карты. "
    "Одинъ столбъ слѣва, другой столбъ справа, въ каждомъ по четыре карты: "
    "эти карты открываютъ, но не непремѣнно тотчасъ: его позволяется оставить. "
    "Открываютъ по одной картѣ изъ колоды: карта, которая не идетъ, кладется въ талонъ. "
    "Пасьянсъ сходится, если всѣ карты будутъ переложены на тузы: въ противномъ случаѣ нѣтъ."
)


def test_colons_on_a_page_with_no_semicolon_are_its_semicolons() -> None:
    assert pre(_COLONS) == (
        "На столбы ничего не кладутъ; съ нихъ берутся только карты. "
        "Одинъ столбъ слѣва, другой столбъ справа, въ каждомъ по четыре карты; "
        "эти карты открываютъ, но не непремѣнно тотчасъ: его позволяется оставить. "
        "Открываютъ по одной картѣ изъ колоды; карта, которая не идетъ, кладется въ талонъ. "
        "Пасьянсъ сходится, если всѣ карты будутъ переложены на тузы; въ противномъ случаѣ нѣтъ."
    )


def test_colons_stay_where_the_page_prints_a_semicolon_or_has_few_colons() -> None:
    # one semicolon anywhere: the typeface's semicolon is read as such, every colon is the
    # print's
    one = _COLONS.replace("въ талонъ.", "въ талонъ; затѣмъ дѣлаютъ марьяжи.")
    assert pre(one) == one
    # three colons before a small letter only (two of the five printed as commas): too few
    # to tell the page's typeface from a page of lists
    few = _COLONS.replace("колоды: карта", "колоды, карта").replace("тузы: въ", "тузы, въ")
    assert pre(few) == few
    # four colons, two of them after words that announce (заранѣе, отдѣльно): two colons
    # that announce nothing are no more evidence than three (scans-15: nimbusroman pages-15
    # p2, where столбцовъ: and восьмерка: are the print's own colons)
    page = (
        "Основныя карты не назначаются заранѣе: первая карта опредѣляетъ ихъ достоинство. "
        "Всю колоду раскладываютъ въ десять столбцовъ: сначала кладутъ пять рядовъ. "
        "Играющій кладетъ ее наверху отдѣльно: это первая основная карта. "
        "Положимъ, что выбрана восьмерка: тогда кладутъ девятки."
    )
    assert pre(page) == page


def test_a_modern_page_keeps_its_colons() -> None:
    text = (
        "Цель пасьянса: собрать карты. Раскладка: четыре ряда. Ходы: по одной карте. "
        "Талон: одна карта. Итог: все карты на тузах."
    )
    assert normalize(text + "\n", orthography="modern").text.rstrip("\n") == text
