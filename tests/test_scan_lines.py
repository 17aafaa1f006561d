"""A scanned page's lines are wraps: a line that ends where the measure ran out is no title,
however short and unpunctuated, when the clean text runs on into the next line — a word the
normalizer completed or joined across the break, a capital it lowered mid-sentence, a Roman
numeral cited in running text. Texts shaped after `pasyans ocr`'s readings of development
pages (`benchmarks/scan_facts.py`); a title on a line of its own is still one."""

from __future__ import annotations

import pytest
from ingest_helpers import ingested_games

HEAD = "КАДРАНЪ.\n\nДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\n\nПравила.\n\n"
RULES = (
    "I. Восемь тузовъ, по мѣрѣ ихъ появленія,\nкладутся въ рядъ надъ раскладкою и служатъ\n"
    "основаніемъ; на нихъ накладываютъ карты въ\nвосходящемъ порядкѣ, соблюдая масть.\n\n"
    "II. Въ раскладкѣ карты кладутся одна на\nдругую въ нисходящемъ порядкѣ и въ одной\n"
    "масти.\n\n"
)
PLAY = (
    "Игра.\n\nПеретасовавъ обѣ колоды вмѣстѣ,\nраскладываютъ сорокъ картъ открытыми въ\n"
    "десять столбцовъ, по четыре карты въ каждомъ.\n"
)


def _games(text: str) -> list[tuple[str, list[str]]]:
    """(id, every sentence, rules' too, its white space as one space) of each game found."""
    from pipeline.segment.reader import iter_sentences

    return [
        (g["id"], [" ".join(s.text.split()) for s in iter_sentences(g)])
        for g in ingested_games(text, "scan.txt")
    ]


def _one_game(text: str) -> list[str]:
    games = _games(text)
    assert [g for g, _ in games] == ["kadran"]
    return games[0][1]


@pytest.mark.parametrize(
    ("rule", "sentence"),
    [
        # a Roman numeral cited after a line break («по правилу⏎II,»), read П by the engine
        (
            "III. Нѣсколько картъ, сложенныхъ по правилу\nП, можно переносить всѣ вмѣстѣ, "
            "какъ одну\nкарту.\n\n",
            "Нѣсколько картъ, сложенныхъ по правилу II, можно переносить всѣ вмѣстѣ, "
            "какъ одну карту.",
        ),
        # a capital read for a small letter at a line's start, lowered by the normalizer
        # (a reading of a development page as the engine gave it, its slips kept)
        (
            "III. Когда на раскладк%Ъ дЪлать болЪе нечего, или\nкогда играющій найдетъ это "
            "выгоднымљъ, сдаютъ\nизъ колоды по одной карт№Ъ на каждый столбецъ,\nлицомъ "
            "вверхъ, прикрывая ими то, что тамъ\nлежитъ; затЬмъ снова дълаютъ марьяжи. Такъ\n"
            "поступаютъ пять разъ, пока колода не выйдетъ\nВся.\n\nКакъ только въ одномъ "
            "столбцЬ сложится по\nпорядку вся масть, отъ короля до туза, ее\nснимаютъ "
            "совсЪмъ.\n\n",
            "Такъ поступаютъ пять разъ, пока колода не выйдетъ вся.",
        ),
    ],
)
def test_a_wrapped_line_before_a_capital_is_no_title(rule: str, sentence: str) -> None:
    sentences = _one_game(HEAD + RULES + rule + PLAY)
    assert sentence in sentences
    assert sentences[-1].startswith("Перетасовавъ обѣ колоды вмѣстѣ, раскладываютъ сорокъ картъ")


def test_a_letter_restored_at_a_line_end_keeps_its_word_whole() -> None:
    # the engine lost the ѣ of «всѣ» at the line's end; the normalizer restores it
    play = (
        "Игра.\n\nХорошо перетасовавъ колоду, раскладываютъ вс\nпятьдесятъ двѣ карты "
        "открытыми, слѣва направо, въ\nвосемь столбцовъ.\n"
    )
    sentences = _one_game(HEAD + RULES + play)
    assert sentences[-1] == (
        "Хорошо перетасовавъ колоду, раскладываютъ всѣ пятьдесятъ двѣ карты открытыми, "
        "слѣва направо, въ восемь столбцовъ."
    )


def test_a_title_on_a_line_of_its_own_still_heads_a_game() -> None:
    text = (
        HEAD
        + RULES
        + PLAY
        + "\nНАСТОЙЧИВОСТЬ.\nОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\n\n"
        + ("Правила.\n\nI. Четыре туза кладутъ въ рядъ.\n")
    )
    assert [g for g, _ in _games(text)] == ["kadran", "nastoichivost"]


def test_a_small_word_read_in_capitals_at_a_paragraphs_end_is_no_title() -> None:
    # the engine read «выгоднымъ» in capitals (Cyrillic small letters are small capitals)
    rule = (
        "III. Пустое мЪсто между боковыми пачками\nможетъ быть закрыто любою годною картою,\n"
        "взятою изъ хребта, изъ талона или съ другой\nбоковой пачки, когда играющій найдетъ это\n"
        "ВЫГОДНЫМЉЪ.\n\nIV. Пасьянсъ вторично не раскладывается.\n\n"
    )
    sentences = _one_game(HEAD + RULES + rule + PLAY)
    assert sentences[4].startswith("Пустое мѣсто между боковыми пачками")
    assert sentences[4].endswith("когда играющій найдетъ это ВЫГОДНЫМЉЪ.")
    assert sentences[-1].startswith("Перетасовавъ обѣ колоды вмѣстѣ")


def test_lines_of_items_each_a_paragraph_of_its_own_are_still_cut() -> None:
    # short lines that each begin in capitals: items, not a paragraph wrapped at a measure
    text = (
        "Пасьянс Косынка\nРаскладка в семь столбцов по правилам\nТузы кладутся на основания "
        "сразу же\nКороли занимают пустые места столбцов\nКарты перекладываются по одной.\n"
    )
    sentences = [x for _g, ss in _games(text) for x in ss]
    assert "Тузы кладутся на основания сразу же" in sentences
    assert "Карты перекладываются по одной." in sentences


def test_a_name_in_quotes_cited_at_a_lines_start_goes_on_with_the_sentence() -> None:
    note = (
        "Англичане называютъ этотъ пасьянсъ\n«Веейе», т. е. жукъ; откуда взялось такое\n"
        "названіе, намъ неизвѣстно.\n"
    )
    sentences = _one_game(HEAD + RULES + PLAY + "\n" + note)
    assert sentences[-1].startswith("Англичане называютъ этотъ пасьянсъ «Веейе», т. е. жукъ;")


def test_latin_read_in_cyrillic_look_alikes_on_an_old_russian_page_is_no_ukrainian() -> None:
    # a help file's markup (`contain`, `entity`, `in`) as a Cyrillic model reads it: і before
    # a consonant, as only Ukrainian spells; the page's ѣ and final ъ say it is old Russian
    junk = "сопіаіп епіту іп іпіепііопа епігу іп сопіаіп епіту ілате іспоге епіту іп.\n"
    assert [g for g, _ in _games(HEAD + RULES + PLAY + "\n" + junk)] == ["kadran"]
    from pipeline.segment.source import is_ukrainian

    assert is_ukrainian("Кількість колод: дві. Дозволяється переміщати їх. " + junk)


@pytest.mark.parametrize(
    "line",
    ["ДВѢ ПОЛНЫХ'Ъ КОЛОДЫ КАРТЪ.", "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЫ.", "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ:"],
)
def test_a_pack_line_with_a_scans_speck_or_slip_is_still_the_packs(line: str) -> None:
    """Book (a) opens each game with its packs; a speck, a misread last letter or stop must
    not make that line the game's title (which then reads no packs)."""
    from pipeline.segment.headings import Heading, classify

    assert classify(line, None) == Heading("decks", decks=2)


@pytest.mark.parametrize(
    "line", ["Двѣ колоды картъ раскладываютъ въ два ряда.", "КОЛОДЫ И КАРТЫ ИГРОКА."]
)
def test_a_sentence_about_packs_is_no_pack_line(line: str) -> None:
    from pipeline.segment.headings import classify

    assert classify(line, None).kind != "decks"
