"""Games found in the text as a whole and in the parts of one game (issue 18 §2: no real rule
text refused). Rules spread over stretches none of which is a game alone are one untitled
game; a heading that names a part of a game (`Ходы`, `Раскладка`) neither splits the game
nor loses its first section; a site's menu never titles a game; a text that states no rule
is still refused. Each text goes the whole way of `pasyans ingest`
(`pipeline.ingest.build`); games are compared as (id, title, sentences per section).
"""

from __future__ import annotations

import pytest
from ingest_helpers import ingested_games

from pipeline.errors import DataError


def games(text: str, name: str = "page.txt") -> list[tuple[str, str | None, list[int]]]:
    return [
        (g["id"], g.get("title"), [len(s.get("sentences", [])) for s in g["sections"]])
        for g in ingested_games(text, name)
    ]


def sentences(text: str, name: str = "page.txt") -> list[str]:
    """The sentences of the one game found, in order."""
    (game,) = ingested_games(text, name)
    return [s["text"] for sec in game["sections"] for s in sec.get("sentences", [])]


def refusal(text: str) -> str:
    with pytest.raises(DataError) as err:
        games(text)
    return str(err.value).split(": ", 1)[1]


# --- rules spread over stretches none of which is a game alone ----------------------------

# Each rule on a line of its own that opens like a heading (`Цель игры …`, `Раскладка: …`):
# the finder reads each as a heading, so no stretch of running text is left.
RULES_AS_HEADINGS = (
    "Цель игры — собрать все карты в четыре дома по мастям от туза до короля\n\n"
    "Раскладка: колоду из 52 карт раскладывают в семь стопок\n\n"
    "Правила перекладывания: карты кладут на старшую карту другого цвета\n"
)


def test_rules_on_lines_that_read_as_headings_are_one_untitled_game() -> None:
    assert games(RULES_AS_HEADINGS) == [("untitled-page-1", None, [3])]
    assert sentences(RULES_AS_HEADINGS)[1] == (
        "Раскладка: колоду из 52 карт раскладывают в семь стопок"
    )


def test_the_untitled_game_is_named_for_its_file_whatever_its_case() -> None:
    assert games(RULES_AS_HEADINGS, "ПАСЬЯНС.txt")[0][0] == "untitled-pasyans-1"


def test_a_site_address_inside_a_paragraph_of_rules_does_not_refuse_it() -> None:
    text = (
        "Колоду из 52 карт раскладывают в семь стопок (подробнее: www.karty.ru). Карты кладут "
        "на старшую карту другого цвета. Короля можно положить в пустую стопку. Тузы кладут "
        "в дома.\n"
    )
    got = sentences(text)
    assert len(got) == 4
    assert got[0].startswith("Колоду из 52 карт раскладывают в семь стопок")
    assert got[-1] == "Тузы кладут в дома."


def test_the_whole_text_keeps_its_talk_out_and_its_rules_in_order() -> None:
    text = (
        "Этот пасьянс любили в старину. О нём писали многие.\n\n" + RULES_AS_HEADINGS + "\n"
        "Удачи вам и хорошего настроения!\n"
    )
    got = sentences(text)
    assert got[0].startswith("Цель игры")
    assert got[-1].startswith("Правила перекладывания")
    assert len(got) == 3


# --- controls: texts that state no rule stay refused --------------------------------------

ARTICLE = (
    "Карточные пасьянсы известны уже не одну сотню лет. Сегодня мы поговорим об одном из "
    "них. Это одна из тех игр, которая объединяет поколения. Происхождение игры уходит "
    "корнями в XIX век. Считается, что название связано с формой карт, которые "
    "раскладываются в виде треугольника.\n"
)


def test_an_article_with_one_sentence_about_cards_is_still_refused() -> None:
    assert refusal(ARTICLE).startswith(
        "no Russian patience game found: the text is an introduction or an article about a game"
    )


def test_names_listed_under_related_articles_are_no_rules() -> None:
    text = ARTICLE + "\nПохожие статьи\nЗвезда\nСвободная ячейка\nСвободная ячейка 2\n"
    assert refusal(text).startswith(
        "no Russian patience game found: the text is an introduction or an article about a game"
    )


# --- headings that name a part of a game ---------------------------------------------------

KOSYNKA_SECTIONS = (
    "Пасьянс Косынка\n\nПравила\n\nКолоду из 52 карт раскладывают в 7 стопок.\n\nХоды\n\n"
    "Карты кладут на старшую карту другого цвета. Короля можно положить в пустую стопку.\n\n"
    "Окончание игры\n\nСобрать все карты в четыре дома по мастям от туза до короля.\n"
)


def test_section_headings_do_not_split_a_game() -> None:
    assert games(KOSYNKA_SECTIONS) == [("kosynka", "Пасьянс Косынка", [1, 4])]


@pytest.mark.parametrize(
    ("heading", "spelt"),
    [("Ходы", "Ходы"), ("Ходы", "ХОДЫ"), ("Ходы", "## Ходы"), ("Ходы", "Ходы:")],
)
def test_a_part_heading_in_any_form_is_no_title(heading: str, spelt: str) -> None:
    text = KOSYNKA_SECTIONS.replace(f"\n{heading}\n", f"\n{spelt}\n")
    assert games(text) == [("kosynka", "Пасьянс Косынка", [1, 4])]


def test_an_untitled_game_keeps_its_first_section() -> None:
    text = (
        "Раскладка\n\nКолоду из 52 карт раскладывают в 7 стопок.\n\nХоды\n\nКарты кладут на "
        "старшую карту другого цвета. Короля можно положить в пустую стопку.\n\nЦель игры\n\n"
        "Собрать все карты в четыре дома по мастям от туза до короля.\n"
    )
    assert games(text) == [("untitled-page-1", None, [4])]
    assert games(text.replace("Раскладка\n", "РАСКЛАДКА\n").replace("Ходы\n", "ХОДЫ\n")) == [
        ("untitled-page-1", None, [4])
    ]


def test_headings_of_parts_in_a_page_of_two_games() -> None:
    text = (
        "Склон\n\nПодготовка\n\nКолоду из 52 карт тасуют.\n\nРаскладка\n\nВыкладывают 7 стопок "
        "по 5 карт.\n\nХод игры\n\nКарты перекладывают в нисходящем порядке.\n\nСдача карт\n\n"
        "Тузы кладут в дома.\n\nВеер\n\nКолоду раскладывают веером по три карты. Карты кладут на "
        "старшую той же масти.\n"
    )
    assert games(text) == [("sklon", "Склон", [1, 4]), ("veer", "Веер", [1, 2])]


@pytest.mark.parametrize(
    "line",
    ["Ходы", "Ход игры", "Сдача карт", "Цель и окончание игры", "Правила ходов", "Раскладка карт"],
)
def test_parts_of_a_game_are_subheadings(line: str) -> None:
    from pipeline.segment.finding import is_subheading, title_like

    assert is_subheading(line) and not title_like(line)


@pytest.mark.parametrize("line", ["Пасьянс", "Веер", "Косынка", "Свободная ячейка", "Часы"])
def test_names_are_no_parts(line: str) -> None:
    from pipeline.segment.finding import part_heading

    assert not part_heading(line.lower())


# --- a site's menu never titles a game ---------------------------------------------------

RULES = "Колоду из 52 карт раскладывают в 7 стопок. Карты кладут на старшую карту другого цвета.\n"


@pytest.mark.parametrize(
    "menu",
    [
        "Главная\nПасьянсы\nФорум\n",
        "Главная | Пасьянсы | Форум\n",
        "Главная · Пасьянсы · Форум\n",
        "Главная / Пасьянсы / Форум\n",
        "Главная Пасьянсы Форум Статьи\n",
        "[Главная](/) · [Форум](/forum)\n",
        "Главная\nЛото\nПасьянсы\n",
        '<nav><ul><li><a href="/">Главная</a></li><li><a href="/f">Лото</a></li></ul></nav>\n',
        '<ul><li><a href="/">Главная</a></li><li><a href="/f">Форум</a></li></ul>\n',
    ],
)
def test_a_menu_over_untitled_rules_is_no_title(menu: str) -> None:
    assert games(menu + "\n" + RULES) == [("untitled-page-1", None, [2])]


@pytest.mark.parametrize(
    "menu",
    [
        "Главная\nПасьянсы\nФорум\n\nКосынка\n",
        "Главная\nПасьянсы\nЛото\n\nКосынка\n",
        "Главная\nПасьянсы\n\nКосынка\nПравила игры\n",
        "Главная » Пасьянсы » Косынка\n",
    ],
)
def test_the_page_title_after_a_menu_is_the_title(menu: str) -> None:
    assert games(menu + "\n" + RULES) == [("kosynka", "Косынка", [1, 2])]


# --- a page's heading over an article's talk is no game ------------------------------------


def test_a_named_game_with_one_rule_is_still_a_game() -> None:
    text = "Косынка\n\nКарты раскладывают в семь стопок.\n"
    assert games(text) == [("kosynka", "Косынка", [1, 1])]


def test_a_page_heading_over_rules_still_gives_a_game() -> None:
    got = games("Пасьянсы\n\n" + RULES)
    assert len(got) == 1 and got[0][2][-1] == 2
    old = "Пасьянс\n\nI. Карты раскладывают в семь стопок.\nII. Тузы кладут в дома.\n"
    assert len(games(old)) == 1


@pytest.mark.parametrize(
    "line",
    [
        "3. Это одна из тех игр, которая объединяет поколения.",
        "4. Происхождение игры уходит корнями в XIX век.",
    ],
)
def test_a_numbered_sentence_is_no_entry_name(line: str) -> None:
    from pipeline.segment.finding import title_of

    assert title_of(line) == (None, False)
    assert title_of("3. Паук.") == ("Паук", True)
    assert title_of("2. Наполеон бежит из Москвы.") == ("Наполеон бежит из Москвы", True)
    assert title_of("4. Паук, две масти.") == ("Паук, две масти", True)


# --- a printed page's running head is no game ----------------------------------------------

PAGE_1 = (
    "Пасьянс раскладывается двумя полными колодами карт по 52 карты в каждой колоде. Фигура "
    "пасьянса состоит из 8 стопок.\n"
)
PAGE_2 = (
    "Все нижние карты стопок являются игровыми. Карты перекладываются в убывающей "
    "последовательности.\n"
)


@pytest.mark.parametrize("head", ["СБОРНИК ПАСЬЯНСОВ", "Карточные игры"])
def test_a_running_head_by_a_page_number_is_no_game(head: str) -> None:
    text = f"Карлтон\n\n{PAGE_1}— 44 —\n{head}\n\n{PAGE_2}"
    assert games(text) == [("karlton", "Карлтон", [1, 4])]


def test_a_running_head_that_recurs_by_page_numbers_is_no_game() -> None:
    head = "Игры короля Карла"
    text = f"Карлтон\n\n{PAGE_1}— 44 —\n{head}\n\n{PAGE_2}— 45 —\n{head}\n\n{PAGE_2}"
    assert games(text) == [("karlton", "Карлтон", [1, 6])]


def test_a_title_by_a_page_number_still_heads_its_game() -> None:
    text = f"Карлтон\n\n{PAGE_1}— 44 —\nКосынка\n\n{PAGE_2}"
    assert [g[0] for g in games(text)] == ["karlton", "kosynka"]


def test_games_under_a_page_heading_of_no_game_are_games() -> None:
    text = f"# Пасьянсы\n\nКарточные пасьянсы известны давно.\n\n## Карлтон\n\n{PAGE_1}"
    assert games(text) == [("karlton", "Карлтон", [1, 2])]


def test_a_site_name_over_the_introduction_of_the_page_game_is_no_game() -> None:
    text = (
        "Мир пасьянсов — всё о карточных играх\n\nПасьянсы — отличный способ отдохнуть. В этой "
        "статье мы расскажем о правилах одной из самых известных раскладок, где карты "
        f"перемещаются по кругу.\n\nКарлтон\n\n{PAGE_1}"
    )
    assert games(text) == [("karlton", "Карлтон", [1, 2])]
    # a stretch under a page's heading that states rules as an untitled one would stays
    text = f"Мир пасьянсов\n\n{PAGE_2}\nКарлтон\n\n{PAGE_1}"
    assert [g[0] for g in games(text)] == ["karlton", "mir-pasyansov"]
