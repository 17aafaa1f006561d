"""A section of one game's rules is no game (issue 18 §2: the right games found, one draft
each): a phase or stage run into its rules or on a line of its own, a card said by which one
it is as a list's label, an aside's heading (`Совет`, `Примечание`), an option's wording
(`Сдавать по три карты`, `Без пересдач`), a row of ranks in a table; and in program source
a message the program prints (`Пасьянс сошёлся за … ходов`) or a comment naming what the
code does (`Создание главного меню`, `Инициализация колоды`) is no game's title.

Every text here is invented for these tests. Each gave extra drafts (or a wrong title) on
main 860fe74; the guards at the end are names that must stay titles.
"""

from __future__ import annotations

import pytest
from test_finding_22 import games

from pipeline.segment.finding import only_cards, part_heading, title_like
from pipeline.segment.fold import fold

NAMES = ["rules.txt", "RULES.txt", "Правила Игры.txt"]

PHASES = """Часовой

Играют одной колодой в 52 карты. Все карты сначала лежат в колоде.

Первый этап — открывайте по одной карте из колоды и кладите её в одну из девяти ячеек.
Второй этап — снимайте пары карт, которые в сумме дают одиннадцать.

Третья фаза
Когда колода кончилась, оставшиеся карты перекладывают на основания по масти.
"""

CARD_LABELS = """Дворец

Раскладывают одну колоду в таблицу три на три. Открывайте карты из колоды по одной.
Если открыта карта:
Король: положите его в верхний ряд.
Дама: положите её в средний ряд.
Остальные карты: положите их в нижний ряд.
Любая другая карта: положите её в отбой.
Пасьянс сошёлся, когда в таблице лежат только фигуры.
"""

RANK_ROWS = """Счётчик

Играют одной колодой. Карты собирают на четыре основания, каждое своим порядком, масть не важна:
первое основание
Т-2-3-4-5-6-7-8-9-10-В-Д-К
второе основание
2-4-6-8-10-Д-Т-3-5-7-9-В-К
третье основание
3-6-9-Д-2-5-8-В-Т-4-7-10-К
Верхнюю карту колоды можно положить на одну из четырёх стопок отбоя.
"""

ASIDES = """Тихая гавань

Используется одна колода. Цель игры — собрать все карты на основаниях по масти от туза до короля.
В раскладе карты кладут по убыванию, чередуя цвета.

Совет
Старайтесь как можно раньше освободить столбец, так как на пустое место можно класть любую карту.

Примечание
Пересдач нет.
"""

OPTIONS = """Лесенка

Семь столбцов: в первом одна карта, во втором две, и так до семи. Верхние карты открыты.
Карты в раскладе собирают по убыванию с чередованием цвета. На пустые места кладут только королей.
Играть можно тремя способами:

Сдавать по три карты
Карты сдаются из колоды по три. Пересдачи не ограничены.

Без пересдач
Карты сдаются по одной, пересдач нет.

Неограниченное количество пересдач
Карты сдаются по одной, пересдачи не ограничены.
"""

PARTS = """Ветряк

Старшинство карт
Туз младше двойки, король старше всех.

Шаг 1
Разложите колоду в восемь столбцов по шесть карт, верхние карты открыты.

Шаг 2
Тузы кладите на основания, на них собирайте масть по возрастанию.

Игровой процесс
В столбцах карты кладут по убыванию, чередуя цвета. На пустое место кладут любую карту.

Пересдачи
Пересдач нет.

Если пасьянс не сошёлся
Карты собирают и раскладывают заново, не тасуя.

Полезные советы
Старайтесь сначала освобождать столбцы с закрытыми картами.
"""

PROGRAM = """public class MillForm : Form
{
    public MillForm()
    {
        // Настройка окна
        this.Text = "Пасьянс 'Мельница'";
        // Создание главного меню
        var exitItem = new ToolStripMenuItem("Выход");
        // Инициализация колоды
        deck = NewDeck(36);
        // Раскладываем 8 карт на стол в два ряда по четыре
        Deal(8);
    }

    void Check()
    {
        // Снимаем две карты одной масти и кладём на них две карты из колоды
        if (deck.Count == 0)
        {
            MessageBox.Show(
                "Пасьянс сошёлся за " + moves +
                " ходов и " + seconds + " секунд."
            );
        }
    }
}
"""


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    ("text", "found"),
    [
        (PHASES, [("chasovoi", "Часовой")]),
        (CARD_LABELS, [("dvorets", "Дворец")]),
        (RANK_ROWS, [("schetchik", "Счётчик")]),
        (ASIDES, [("tikhaya-gavan", "Тихая гавань")]),
        (OPTIONS, [("lesenka", "Лесенка")]),
        (PARTS, [("vetryak", "Ветряк")]),
    ],
    ids=["phases", "card-labels", "rank-rows", "asides", "options", "parts"],
)
def test_a_section_of_one_game_is_no_game(
    text: str, found: list[tuple[str, str]], name: str
) -> None:
    assert games(text, name) == found


@pytest.mark.parametrize("name", ["Mill.cs", "MILL.CS", "Мельница.cs"])
def test_a_programs_comments_and_messages_are_no_title(name: str) -> None:
    assert games(PROGRAM, name) == [("melnitsa", "Пасьянс 'Мельница'")]


@pytest.mark.parametrize(
    "line",
    [
        "Первая фаза",
        "Второй этап",
        "Последний раунд",
        "Любая другая карта",
        "Остальные карты",
        "Т-2-3-4-5-6-7-8-9-10-В-Д-К",
        "Т-2-3-4-5-6-7-8-9-10-В-Д-К вторая стопка",
        "Пасьянс сошёлся за ходов и",
        "Пасьянс не сошелся",
        "Пасьянс разложен",
        "Сдавать по три карты",
        "Собирать по масти",
        "Без пересдач",
        "Неограниченное количество пересдач",
        "Совет",
        "Примечание",
        "Предложение",
        "Шаг 1",
        "Этап 2",
        "Если пасьянс не сошёлся",
        "Старшинство карт",
        "Игровой процесс",
        "Полезные советы",
        "Пересдачи",
        "Фундаменты",
    ],
)
def test_no_title(line: str) -> None:
    assert not title_like(line)


@pytest.mark.parametrize(
    "line",
    [
        "Первый закон",
        "Первый снег",
        "Пасьянс Наполеон бежит из Москвы",
        "Наполеон бежит из Москвы",
        "Пасьянс Кот уходит",
        "Пасьянс косынка",
        "Три карты",
        "Косынка по три карты",
        "Дама в домике",
        "Большой круг",
        "Круг",
        "Домик",
        "Круг жизни",
        "Стол короля",
        "Веер",
        "Свободная ячейка",
    ],
)
def test_names_stay_titles(line: str) -> None:
    assert title_like(line)


def test_cards_and_parts() -> None:
    assert only_cards("4-8-Д-3-7-В-2-6-10-Т-5-9-К")
    assert only_cards("Любая другая карта") and only_cards("Карта")
    assert not only_cards("Три карты") and not only_cards("Та карта")
    assert part_heading(fold("Первая фаза")) and part_heading(fold("Третья фаза игры"))
    assert not part_heading(fold("Первая")) and not part_heading(fold("Первый закон"))


GUARD = """Первый снег

Играют одной колодой. Карты раскладывают в шесть столбцов по шесть карт.

Пасьянс Кот уходит

Карты раскладывают в восемь рядов по четыре карты. Тузы кладут на основания.
"""


@pytest.mark.parametrize("name", NAMES)
def test_two_games_stay_two(name: str) -> None:
    found = games(GUARD, name)
    assert sorted(found) == [("kot-ukhodit", "Пасьянс Кот уходит"), ("pervyi-sneg", "Первый снег")]


PROGRAM_COMMENTS = """class Game {
  constructor(mode) {
    this.undo = []; // Двустековая система для undo/redo
    this.redo = [];
    let suits;
    if (mode === 1) {
      suits = [0]; // Только пики
    } else {
      suits = [0, 1]; // Пики (черная) и бубны (красная) для контраста
    }
    // раскладываем 54 карты в 10 столбцов, верхняя карта каждого столбца открыта
    this.deal(10);
    // собранная масть от короля до туза уходит в дом
  }
}
"""


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("game.js", "untitled-game-1"),
        ("GAME.JS", "untitled-game-1"),
        ("Игра.js", "untitled-igra-1"),
    ],
)
def test_a_programs_later_comments_describe_its_code(name: str, found: str) -> None:
    # the first title-like comment is in the code's words (undo/redo); the ones after it
    # (`Только пики`, the suits «для контраста») describe the code too: the game is untitled
    assert games(PROGRAM_COMMENTS, name) == [(found, None)]


PACK_NOTES = """Глава 7. Мостик. - Лесенка

1. Мостик (Нужна полная колода карт)

Стасовав карты, выкладывают восемь карт в два ряда. Тузы кладут на основания по мере выхода.

2. Лесенка (Колода в 36 карт)

Карты раскладывают в шесть столбцов по шесть карт. На короля кладут даму той же масти.
"""


@pytest.mark.parametrize("name", NAMES)
def test_a_remark_of_packs_is_no_part_of_the_name(name: str) -> None:
    assert sorted(games(PACK_NOTES, name)) == [("lesenka", "Лесенка"), ("mostik", "Мостик")]


RANK_NAMED = """ВАЛЕТЫ

Берут две колоды. Восемь валетов кладут в ряд, на них собирают масть по убыванию.

ТИХИЙ ЧАС

Карты раскладывают в шесть кучек по шесть карт, верхние открыты. Тузы кладут на основания.
"""


@pytest.mark.parametrize("name", NAMES)
def test_a_game_named_by_a_rank_in_capitals_stays(name: str) -> None:
    # a row of ranks in capitals is a table's cell; a rank's name in capitals heads a game
    found = games(RANK_NAMED, name)
    assert sorted(found) == [("tikhii-chas", "ТИХИЙ ЧАС"), ("valety", "ВАЛЕТЫ")]


def test_precedence_alone_over_its_deck_line_is_a_game_and_beside_cards_a_section() -> None:
    page = (
        "СТАРШИНСТВО.\n\nДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\n\n"
        "I. Основныхъ картъ восемь; ихъ кладутъ въ одинъ рядъ.\n\n"
        "II. На основныя карты кладутъ въ нисходящемъ порядкѣ, безъ различія мастей.\n"
    )
    assert [gid for gid, _ in games(page)] == ["starshinstvo"]
    assert part_heading("старшинство карт") and not part_heading("старшинство")
