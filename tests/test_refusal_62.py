"""A refusal only where no rule is stated, and with its case (issue 18 §2; grammar-62): a rule
text in small letters, in capitals, or one sentence that says which cards are in play gives
a draft; a page on a card game played against others, a card trick, a news item under its
headline, an article about another game are refused with what they are. Every text here
was written for these tests.
"""

from __future__ import annotations

import pytest
from ingest_helpers import game_titles as games

from pipeline.errors import DataError
from pipeline.segment.rule_content import firm
from pipeline.segment.sentences import split_sentences


def refusal(text: str, name: str = "page.txt") -> str:
    with pytest.raises(DataError) as err:
        games(text, name)
    return str(err.value).split("no Russian patience game found: ", 1)[1]


LOWER = (
    "как раскладывать пасьянс, который любила моя бабушка\n"
    "берут колоду в 36 листов. карты раскладывают в шесть столбцов по шесть карт, все "
    "открытыми. на основания кладут тузов, на них — карты той же масти по возрастанию. в "
    "столбцах карты кладут по убыванию, чередуя цвета. пустой столбец заполняют королём.\n"
)


def test_a_text_in_small_letters_is_cut_into_its_sentences() -> None:
    text = "карты кладут на основания, напр. тузов. потом открывают колоду."
    cut = [text[a:b] for a, b in split_sentences(text)]
    assert cut == ["карты кладут на основания, напр. тузов.", "потом открывают колоду."]
    # a capital anywhere: a stop before a small letter ends nothing, as before
    mixed = "Карты кладут на основания. потом открывают колоду."
    assert [mixed[a:b] for a, b in split_sentences(mixed)] == [mixed]


def test_a_rule_text_in_small_letters_gives_a_draft() -> None:
    assert [i for i, _ in games(LOWER, "babushka.txt")] == ["untitled-babushka-1"]


def test_a_rule_text_in_capitals_gives_a_draft() -> None:
    text = (
        "ДВОЙНАЯ КОСЫНКА\n"
        "В НЕЁ ИГРАЮТ ДВУМЯ КОЛОДАМИ; КАРТЫ РАСКЛАДЫВАЮТ В ДЕВЯТЬ СТОЛБЦОВ; НА ОСНОВАНИЯ "
        "КЛАДУТ ТУЗОВ.\n"
    )
    assert len(games(text, "kosynka.txt")) == 1


@pytest.mark.parametrize(
    "sentence",
    [
        "Игровыми картами являются только верхние карты столбцов.",
        "Для игры доступны лишь открытые карты веера.",
        "Верхние карты кучек можно перекладывать на основания.",
        "Колоду, что осталась после раздачи, можно пролистать всего два раза.",
    ],
)
def test_which_cards_are_in_play_is_firm_evidence(sentence: str) -> None:
    assert firm(sentence) == "access"


@pytest.mark.parametrize(
    "sentence",
    [
        "29.03.24 карта сайта настройки войти",
        "«Результаты теста положительные, министр находится дома», — сказала она.",
        "Пирог переворачивают и кладут на противень швом вниз.",
    ],
)
def test_a_site_map_a_person_at_home_a_pie_are_no_rule(sentence: str) -> None:
    assert firm(sentence) is None


def test_one_sentence_of_which_cards_are_in_play_gives_a_draft() -> None:
    text = "Игровыми картами являются только верхние карты столбцов и карты резерва.\n"
    assert [i for i, _ in games(text, "igra.txt")] == ["untitled-igra-1"]


def test_a_card_called_out_in_play_is_no_name_of_the_game() -> None:
    text = "Карты выкладывают в один ряд лицом вверх, пока какая-либо карта не будет названа.\n"
    assert len(games(text, "ryad.txt")) == 1


def test_a_page_on_a_game_against_others_is_refused_as_one() -> None:
    text = (
        "Правила игры\n\nНабор карт\nИграют колодой в 36 карт. Карты раздают игрокам по шесть.\n"
        "\nКозырь\nНижняя карта колоды назначает козырную масть.\n\nХод\nИгрок ходит любой "
        "картой, соперник бьёт её старшей картой той же масти или козырем.\n"
    )
    why = refusal(text)
    assert why.startswith("the text states the rules of a card game played against others")


def test_a_card_trick_is_refused_as_one() -> None:
    text = (
        "Угаданная карта\n"
        "Дайте зрителю перетасовать колоду и разложите карты в три стопки по семь карт. "
        "Попросите его задумать карту и сказать, в какой стопке она лежит. Соберите стопки, "
        "положив названную в середину, и разложите снова.\n"
    )
    assert refusal(text).startswith("the text describes a card trick, not a patience's rules")


def test_a_news_item_under_its_headline_is_refused() -> None:
    text = (
        "Министр вернулся к работе\n\n"
        "Министр финансов вышел на работу после отпуска, сообщили в ведомстве. «Я отдохнул "
        "и готов к работе», — сказал он журналистам. Ранее министр провёл две недели на "
        "море. «Результаты проверки хорошие, министр находится дома», — добавили в "
        "пресс-службе. Заседание правительства пройдёт в четверг.\n"
    )
    why = refusal(text)
    assert why.startswith(("the text states no rule", "the text only mentions cards"))


def test_an_article_about_another_game_names_it() -> None:
    text = (
        "Преферанс любят за то, что выигрыш зависит от умения. Правила преферанса кажутся "
        "сложными, но научиться можно быстро. Преферанс — это колода, карандаш и лист "
        "бумаги. В России преферанс появился в девятнадцатом веке.\n"
    )
    assert refusal(text).startswith("the text is about another game («преферанс»")


def test_a_run_of_ranks_is_a_rule_sentence() -> None:
    from pipeline.segment.finding import rule_sentence

    assert rule_sentence("Стопки, лежащие для приёма карт от туза до короля одной масти")
    assert not rule_sentence("Стопки, лежащие на столе в процессе игры")


def test_a_program_whose_comment_runs_the_ranks_gives_a_draft() -> None:
    text = (
        "/*\n * Стопки для приёма карт от туза до короля\n */\n"
        "class HomePile extends Pile {\n"
        "    boolean accepts(Card c) {\n"
        "        if (isEmpty()) { return c.rank() == 1; }\n"
        "        return c.suit() == top().suit() && c.rank() == top().rank() + 1;\n"
        "    }\n}\n"
    )
    assert len(games(text, "HomePile.java")) == 1


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("// Медичи\n// 36 карт • от 6 до туза\nconst deck = makeDeck(36);\n", "medici.js"),
        ("// В пустой дом только туза\nfunction drop(c) { return c.rank === 1; }\n", "dom.js"),
    ],
)
def test_a_rule_on_a_line_of_its_own_gives_a_draft(text: str, name: str) -> None:
    assert len(games(text, name)) == 1
