"""The channel of one document (`pipeline.normalize.channel`): a page whose typeface makes the
OCR print ь for ѣ throughout gets its ѣ back, and a page whose ь are right keeps them."""

from __future__ import annotations

from collections import Counter

from pipeline.normalize import normalize
from pipeline.normalize.channel import adapt
from pipeline.normalize.confusions import ConfusionTable


def pre(text: str) -> str:
    return normalize(text + "\n", orthography="pre-reform").text.rstrip("\n")


def test_a_page_that_prints_yat_as_soft_sign_gets_yat_back() -> None:
    raw = (
        "Всь тузы кладутъ на мьсто, гдь лежала карта. Затьмъ всь карты сдаютъ въ порядкь, "
        "и пасьянсъ сходится. Можно взять карту въ видь вѣера."
    )
    assert pre(raw) == (
        "Всѣ тузы кладутъ на мѣсто, гдѣ лежала карта. Затѣмъ всѣ карты сдаютъ въ порядкѣ, "
        "и пасьянсъ сходится. Можно взять карту въ видѣ вѣера."
    )
    # онь: онъ or онѣ, the plural verb chooses; взять and пасьянсъ keep their ь
    raw = "Пасьянсъ сходится, если взять всь карты. Все онь кладутъ на мьсто и затьмъ сдаютъ."
    assert pre(raw) == (
        "Пасьянсъ сходится, если взять всѣ карты. Все онѣ кладутъ на мѣсто и затѣмъ сдаютъ."
    )


def test_a_page_whose_soft_signs_are_right_keeps_them() -> None:
    raw = (
        "Тузы кладутъ на мѣсто, гдѣ лежала карта. Затѣмъ всѣ карты сдаютъ, и пасьянсъ "
        "сходится. Можно взять карту и положить ее, а колоду сдать."
    )
    assert pre(raw) == raw
    # on a page that prints ь for ѣ, a word in ь that can be a noun or numeral there stays
    raw = "Всь карты кладутъ на мьсто, затьмъ въ седьмомъ семь картъ."
    assert pre(raw) == "Всѣ карты кладутъ на мѣсто, затѣмъ въ седьмомъ семь картъ."
    # where the page shows no ь for ѣ, a known word in ь is not questioned
    assert pre("Можно взять карту въ видь вѣера.") == "Можно взять карту въ видь вѣера."


def test_adapt_raises_only_what_the_words_show() -> None:
    known = {"мѣсто", "гдѣ", "дѣло", "онъ", "онѣ", "взять"}.__contains__
    table = ConfusionTable({("ь", "ъ"): 0.9, ("ь", "ѣ"): 0.09}, smoothing=False)
    words = Counter({"мьсто": 2, "гдь": 1, "онь": 3, "взять": 4})
    ch = adapt(table, words.items(), known)
    # мьсто and гдь read one way only; онь two ways (no evidence); взять is a word
    assert ch.occurrences == Counter({("ь", "ѣ"): 3})
    assert ch.readings == {"мьсто": "мѣсто", "гдь": "гдѣ"}
    assert ch.table.weight("ь", "ѣ") > 0.8
    assert ch.table.weight("ь", "ъ") == 0.9  # never lowered
    # a like-shaped pair the table never saw needs two words
    shape = ConfusionTable({}, smoothing=True)
    one = adapt(shape, Counter({"дыло": 1}).items(), known)
    assert one.table is shape and one.readings == {}
    two = adapt(shape, Counter({"дыло": 1, "мысто": 1}).items(), known)
    assert two.table.weight("ы", "ѣ") > shape.weight("ы", "ѣ")
