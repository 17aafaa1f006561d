"""Finding games in program source and amid site furniture (issue 18 §2).

A solitaire program states its rules in string literals, i18n tables, docstrings and
comments; a web page wraps a game in share buttons, menus run together and generic headings.
The texts are crafted imitations of such sources; each goes through the real normalizer and
segmenter (`build`, as `pasyans extract FILE` takes it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.cli import main
from pipeline.errors import DataError
from pipeline.extract import extract_game
from pipeline.ingest import build
from pipeline.normalize import normalize
from pipeline.segment.code import is_code, reading_text
from pipeline.segment.finding import (
    furniture_sentence,
    game_name,
    names_in_program,
    rule_sentence,
    title_like,
)
from pipeline.segment.known import known_games
from pipeline.segment.segmenter import segment

JAVA = (
    "        rules.addActionListener(new ActionListener() {\n"
    "            public void actionPerformed(ActionEvent e) {\n"
    '                JOptionPane.showMessageDialog(null, "Правила пасьянса «Веер»\\n" +\n'
    '                        "Пасьянс раскладывается колодой из 52 карт.\\n" +\n'
    '                        "Карты раскладываются в 4 ряда по 13 карт, и стопку можно '
    'положить \\n" +\n'
    '                        "на соседнюю стопку той же масти.");\n'
    "            }\n"
    "        });\n"
)
I18N = (
    "const WORDS = {\n"
    "  ru: { title: 'Паук', deal: 'Сдать', undo: 'Отменить ход', deck: 'Колода...', "
    "score: 'Очки: {n}',\n"
    "    rulesText: 'Соберите восемь стопок от короля до туза одной масти. Карту можно "
    "положить на карту старше на одну ступень.',\n"
    "    drawOne: 'Одну карту', winText: 'Поздравляем! 🎉' },\n"
)
PYTHON = (
    "import telebot\n\nRULES = '\\\n"
    "    Колода раскладывается в 8 колонок по 6 и 7 \\\n"
    "карт. Карты лежат лицом вверх.\\n\\\n"
    "Пасьянс сходится, если вся колода переложена в «дом».'\n\n"
    "bot.polling()\n"
)
BOOK = (
    "Карты раскладываютъ въ четыре ряда;\nтузы откладываютъ;\n"
    'короли идутъ въ "домъ" (см. рис. 3);\nII.\n'
)


def games_of(text: str, source: str = "src") -> list:
    nt = normalize(reading_text(text), source)
    return segment(nt, f"{source}.txt", known_games())


def said(game) -> list[str]:
    return [u.text for s in game.sections for u in s.sentences]


def test_program_source_reads_as_its_russian_text_with_the_same_offsets() -> None:
    for text in (JAVA, I18N, PYTHON):
        read = reading_text(text)
        assert is_code(text)
        assert len(read) == len(text)
        assert read.count("\n") >= text.count("\n")
        for code in ("JOptionPane", "addActionListener", "const", "telebot", "\\n", "+"):
            assert code not in read


def test_prose_with_semicolons_and_quotes_is_not_code() -> None:
    assert not is_code(BOOK)
    assert reading_text(BOOK) == BOOK


def test_a_help_dialogs_literals_make_one_titled_game(tmp_path: Path) -> None:
    path = tmp_path / "RulesForm.JAVA.txt"
    path.write_text(JAVA, encoding="utf-8")
    (game,) = build([path]).games
    assert (game["id"], game["title"]) == ("veer", "Веер")
    sentences = [s["text"] for sec in game["sections"] for s in sec["sentences"]]
    assert sentences == [
        "Правила пасьянса «Веер»",
        "Пасьянс раскладывается колодой из 52 карт.",
        "Карты раскладываются в 4 ряда по 13 карт, и стопку можно положить на соседнюю "
        "стопку той же масти.",
    ]


def test_an_i18n_table_keeps_its_title_and_rules_and_drops_the_labels() -> None:
    (game,) = [g for g in games_of(I18N) if g.title]
    assert (game.id, game.title) == ("pauk", "Паук")
    assert said(game) == [
        "«Паук»",  # a title key's value reads as a name in quotes
        "Соберите восемь стопок от короля до туза одной масти.",
        "Карту можно положить на карту старше на одну ступень.",
        "Поздравляем! 🎉",
    ]


def test_a_literal_continued_over_lines_is_one_text(tmp_path: Path) -> None:
    path = tmp_path / "БОТ.py.txt"
    path.write_text(PYTHON, encoding="utf-8")
    (game,) = build([path]).games
    assert game["id"] == "untitled-bot-py-1"
    assert [s["text"] for sec in game["sections"] for s in sec["sentences"]] == [
        "Колода раскладывается в 8 колонок по 6 и 7 карт.",
        "Карты лежат лицом вверх.",
        "Пасьянс сходится, если вся колода переложена в «дом».",
    ]
    assert main(["extract", str(path), "-o", str(tmp_path / "out.yaml")]) == 0
    assert "id: untitled-bot-py-1\n" in (tmp_path / "out.yaml").read_text(encoding="utf-8")


def test_code_without_russian_rules_is_refused_as_stating_none(tmp_path: Path) -> None:
    path = tmp_path / "Menu.TS"
    path.write_text(
        "export const MENU = { play: 'Играть', options: 'Настройки', about: 'О программе' };\n"
        "export const SIZE = { width: 640, height: 480 };\n",
        encoding="utf-8",
    )
    with pytest.raises(DataError) as err:
        build([path])
    assert "no Russian patience game found: the text is only page furniture" in str(err.value)


@pytest.mark.parametrize(
    ("heading", "name"),
    [
        ("Правила пасьянса «Баян»", "Баян"),
        ("ПРАВИЛА ИГРЫ КОСЫНКА", "КОСЫНКА"),
        ("Правила пасьянса 'Охота':", "Охота"),
        ("Правила игры в косынку", None),
        ("Правила пасьянса", None),
        ("Как играть в пасьянс", None),
    ],
)
def test_a_generic_heading_may_name_its_game(heading: str, name: str | None) -> None:
    assert game_name(heading) == name


@pytest.mark.parametrize(
    ("sentence", "furniture"),
    [
        ("Главная О сайте Обратная", True),
        ("Поделись игрой с друзьями.", True),
        ("Скачайте flash player, чтобы играть в эту игру.", True),
        ("Другие игры Пасьянс Командующий орел.", True),
        ("Пасьянс Гольф онлайн", False),
        ("Играть онлайн можно так же: карты кладут на карту старше на одну ступень.", False),
        ("Карты перекладывают в убывающем порядке.", False),
    ],
)
def test_furniture_sentences(sentence: str, furniture: bool) -> None:
    assert furniture_sentence(sentence) is furniture


def test_a_title_may_end_with_an_emoji_after_its_sentence_mark() -> None:
    assert not title_like("Пасьянс сошелся! 🎉")
    assert title_like("Косынка 🃏")


def test_site_furniture_in_running_text_is_set_aside() -> None:
    text = (
        "Игра Пасьянс Гольф онлайн\n"
        "Из колоды выкладывают 7 столбцов по 5 карт. Карту кладут на карту старше или младше "
        "на одну ступень. Поделись игрой с друзьями. Другие игры Пасьянс Командующий орел.\n"
        "Главная О сайте Обратная\n"
    )
    (game,) = [g for g in games_of(text, "page") if len(said(g)) > 1]
    assert game.title == "Пасьянс Гольф"  # a site's «онлайн» is no part of the name
    assert said(game) == [
        "Пасьянс Гольф онлайн",
        "Из колоды выкладывают 7 столбцов по 5 карт.",
        "Карту кладут на карту старше или младше на одну ступень.",
    ]


def test_a_heading_with_nothing_under_it_is_no_game(tmp_path: Path) -> None:
    path = tmp_path / "Гольф.HTML.txt"
    path.write_text(
        "Игры. Онлайн. Бесплатно.\nИгра Пасьянс Гольф онлайн\n"
        "Из колоды выкладывают 7 столбцов по 5 карт. Карту кладут на карту старше на одну "
        "ступень.\n",
        encoding="utf-8",
    )
    assert [g["id"] for g in build([path]).games] == ["golf"]


@pytest.mark.parametrize(
    ("text", "games"),
    [
        (
            "Пасьянсы для начинающих\n\n1. Косынка\nКолоду раскладывают в 7 стопок. Карты "
            "перекладывают в убывающем порядке.\n\n2) Паук\nДве колоды раскладывают в 10 "
            "стопок. Карты кладут на карту старше на одну ступень.\n",
            [("kosynka", "Косынка"), ("pauk", "Паук")],
        ),
        (
            "# Пасьянсы\n\n## Косынка\n\nКолоду раскладывают в 7 стопок. Карты перекладывают "
            "в убывающем порядке.\n\n## Паук\n\nДве колоды раскладывают в 10 стопок. Карты "
            "кладут на карту старше.\n",
            [("kosynka", "Косынка"), ("pauk", "Паук")],
        ),
        (
            "1. Пасьянс «Часы». Колоду раскладывают на 13 кучек по 4 карты.\n"
            "2. Пасьянс «Косынка». Колоду раскладывают в 7 стопок по возрастанию.\n",
            [("clock", "Пасьянс «Часы»"), ("kosynka", "Пасьянс «Косынка»")],
        ),
        (
            'Пасьянс "Косынка"\nКолоду раскладывают в 7 стопок. Карты перекладывают в '
            "убывающем порядке.\n«Дважды два»\nНа стол кладут полную колоду карт. Из нее "
            "вынимают 4 карты.\n",
            [("kosynka", 'Пасьянс "Косынка"'), ("dvazhdy-dva", "Дважды два")],
        ),
    ],
)
def test_a_list_of_games_gives_one_game_per_entry(tmp_path: Path, text: str, games) -> None:
    path = tmp_path / "СПИСОК.md"
    path.write_text(text, encoding="utf-8")
    assert [(g["id"], g["title"]) for g in build([path]).games] == sorted(games)


def test_a_bulleted_rule_is_read_and_a_bulleted_label_is_not() -> None:
    text = (
        "Косынка\n\n• Новости сайта\n• 7 стопок, карты в них кладутся по убыванию\n"
        "• 4 домика для собранных мастей\n"
    )
    (game,) = games_of(text, "page")
    assert said(game) == [
        "Косынка",
        "7 стопок, карты в них кладутся по убыванию",
        "4 домика для собранных мастей",
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        'Освободившаяся стопка "крышки" автоматически заполняется очередным "бриллиантом".',
        "Тринадцатую, группу короля, помещают в центр.",
        "Ниже базового ряда располагается табло из четырех карт.",
        "Возьмите колоду из 36 листов.",
        "Когда вы перенесли тузы, откройте нижнюю под ними карту.",
        "Кучка из одной карты остаётся на месте.",
    ],
)
def test_rule_sentences_of_real_pages(sentence: str) -> None:
    from pipeline.segment.finding import rule_sentence

    assert rule_sentence(sentence)


def test_a_saved_web_page_reads_as_its_text(tmp_path: Path) -> None:
    page = (
        '<!DOCTYPE html>\n<html lang="ru">\n<head>\n<title>Пасьянс Косынка | Карты.ру</title>\n'
        '<script>var msg = "Загрузка...";</script>\n</head>\n<body>\n'
        '<ul class="menu"><li><a href="/">Главная</a></li><li><a href="/games">Игры</a></li>'
        "</ul>\n<h1>Косынка</h1>\n"
        "<p>Пасьянс раскладывается одной колодой из 52&nbsp;карт. Карты раскладывают в 7 "
        "стопок.</p><p>Тузы переносят в &laquo;дом&raquo;, карты кладут по убыванию.</p>\n"
        '<div class="share">Поделиться: <a href="#">ВКонтакте</a></div>\n</body>\n</html>\n'
    )
    read = reading_text(page)
    assert len(read) == len(page)
    assert "Загрузка" not in read and "<" not in read and "&" not in read
    path = tmp_path / "КОСЫНКА.HTML"
    path.write_text(page, encoding="utf-8")
    (game,) = build([path]).games
    assert (game["id"], game["title"]) == ("kosynka", "Косынка")
    assert [s["text"] for sec in game["sections"] for s in sec["sentences"]] == [
        "Косынка",
        "Пасьянс раскладывается одной колодой из 52 карт.",
        "Карты раскладывают в 7 стопок.",
        "Тузы переносят в «дом» , карты кладут по убыванию.",  # an entity's width stays
    ]


def test_a_template_literals_placeholders_are_not_read() -> None:
    text = (
        "const RU = {\n"
        '  title: "Пасьянс Медичи",\n'
        '  dealMove: (card) => `Добор: ${describeCard(card, "ru")} ушла в новую стопку.`,\n'
        "};\n"
    )
    read = reading_text(text)
    assert "describeCard" not in read and "Добор:" in read and "ушла в новую стопку." in read
    assert furniture_sentence("Save anonymous/c7162e01 to your computer and use it.")


TESTS_JS = (
    "// Паук: раздача, ходы, сбор масти.\n\n"
    "test('раздача: 10 столбцов по 5 карт, открыты только верхние', () => {\n"
    "  assert.equal(s.cols.length, 10);\n"
    "  assert.ok(move(s, 0, 1).ok, 'в пустой столбец — любая карта');\n"
    "});\n"
    "const title = 'Паук';\n"
)


def test_each_literal_that_ends_an_argument_is_a_sentence_of_its_own() -> None:
    read = reading_text(TESTS_JS)
    assert len(read) == len(TESTS_JS)
    assert "открыты только верхние.\n" in read
    assert "любая карта.\n" in read
    assert "«Паук»\n" in read and "Паук." not in read  # a name gets no full stop
    (game,) = games_of(TESTS_JS)
    assert said(game)[-3:-1] == [
        "раздача: 10 столбцов по 5 карт, открыты только верхние.",
        "в пустой столбец — любая карта.",
    ]


KLONDIKE_JS = (
    "// Создаем класс ядра игры для пасьянса Клондайк\n"
    "class KlondikeCore extends CardGameCore {\n"
    "  static places() {\n"
    '    return ["foundation stock",  // Сток, сброс, четыре ячейки фундамента\n'
    '      "tableau tableau"];  // Семь ячеек игрового стола\n'
    "  }\n"
    "  // Метод распределения карт при начале игры\n"
    "  deal() {\n"
    "    this.moveCards(this._allCards, 'stock', false); // Перемещаем все карты в сток\n"
    "    cards[cards.length - 1].visible = true; // Открываем последнюю карту в каждом столбце\n"
    "  }\n"
    "  stockToDiscard() {\n"
    "    this.discard.length = 0; // Очищаем сброс\n"
    "    return (card.number === 13); // На пустой столбец можно положить только короля\n"
    "  }\n"
    "}\n"
)


def test_comments_that_describe_the_code_are_no_titles(tmp_path: Path) -> None:
    path = tmp_path / "klondike.js"
    path.write_text(KLONDIKE_JS, encoding="utf-8")
    (game,) = build([path]).games
    assert game["id"] == "untitled-klondike-1"  # one game: no comment line names one
    assert [s["text"] for sec in game["sections"] for s in sec["sentences"]][-3:] == [
        "Открываем последнюю карту в каждом столбце",
        "Очищаем сброс",
        "На пустой столбец можно положить только короля",
    ]


@pytest.mark.parametrize(
    ("line", "first", "names"),
    [
        ("Косынка", True, True),
        ("Время и состояние", True, True),  # a bare name, as the text's first title
        ("Время и состояние", False, False),  # not after another title
        ("Свободная ячейка (Freecell)", False, True),
        ("ПАУК", False, True),
        ("Пасьянс Медичи", False, True),
        ("Правила пасьянса 'Охота'", False, True),
        ("Сток, сброс, четыре ячейки фундамента", True, False),
        ("10 столбцов", True, False),
        ("Метод распределения карт при начале игры", True, False),
        ("Очищаем сброс", True, False),
        ("Копилка - сколько комплектов собрано", True, False),
        ("Шаг 1: Пятерки (Слоты 0 и 1)", True, False),
    ],
)
def test_a_line_of_program_source_heads_a_game_when_it_names_one(
    line: str, first: bool, names: bool
) -> None:
    assert names_in_program(line, line, first=first) is names


SKELETON = (
    "package org.game;\n\n"
    "/**\n * Обрабатывает действия игрока на поле игры\n */\n"
    "public class Handler {\n"
    "    public void dealCards() {\n        // Раздать карты\n    }\n"
    "    public void moveCard(String a, String b) {\n        // Переместить карту\n    }\n"
    "    public void shuffleDeck() {\n        // Перемешать колоду\n    }\n"
    "}\n"
)


def test_a_methods_infinitive_comment_is_a_label_and_states_no_rule(tmp_path: Path) -> None:
    read = reading_text(SKELETON)
    assert len(read) == len(SKELETON)
    assert "Раздать карты" not in read and "Перемешать колоду" not in read
    assert "Обрабатывает действия игрока" in read
    path = tmp_path / "Handler.java"
    path.write_text(SKELETON, encoding="utf-8")
    with pytest.raises(DataError) as err:
        build([path])
    assert "no Russian patience game found" in str(err.value)


JSX = (
    "import React from 'react';\n"
    "export default function Game() {\n"
    "  return (\n"
    "    <View>\n"
    "      <Text style={styles.title}>ПИРАМИДА 13</Text>\n"
    "      <Pressable onPress={shuffle}><Text style={styles.btn}>ПЕРЕТАСОВАТЬ</Text></Pressable>\n"
    "      <Tooltip show={show}\n"
    "        text={'Выбирайте пары карт, сумма которых равна 13.\\n' +\n"
    "        'Короля убирают одного.'}\n"
    "      />\n"
    "    </View>\n"
    "  );\n"
    "}\n"
)


def test_a_jsx_attributes_string_is_read_and_the_buttons_are_labels(tmp_path: Path) -> None:
    read = reading_text(JSX)
    assert len(read) == len(JSX)
    assert "Выбирайте пары карт, сумма которых равна 13." in read
    assert "Короля убирают одного." in read and "styles" not in read
    path = tmp_path / "Pyramid.jsx"
    path.write_text(JSX, encoding="utf-8")
    (game,) = build([path]).games
    assert (game["id"], game["title"]) == ("piramida-13", "ПИРАМИДА 13")
    assert [s["text"] for sec in game["sections"] for s in sec["sentences"]][-2:] == [
        "Выбирайте пары карт, сумма которых равна 13.",
        "Короля убирают одного.",
    ]


def test_a_name_in_quotes_states_no_rule() -> None:
    assert not rule_sentence("«Три в ряд» — играть онлайн")
    assert not rule_sentence("игрой под названием «Приграничье четырёх карт».")
    assert rule_sentence("Освободившаяся стопка «крышки» заполняется очередным «бриллиантом».")
    assert rule_sentence("Три карты в ряд кладут на стол.")


# a translation catalogue of a program's help (gettext `.po`): written for the test, in the
# shape of the real one (comments, an original string, its translation, continued strings)
CATALOGUE = (
    "#. (itstool) path: sect1/title\n"
    "#: C/fan.xml:17\n"
    'msgid "Fan"\n'
    'msgstr "Веер"\n'
    "\n"
    "#. (itstool) path: row/entry\n"
    'msgid ""\n'
    '"Eighteen piles of three cards each. Build down by suit."\n'
    'msgstr ""\n'
    '"Восемнадцать стопок по три карты в каждой, все карты лицом вверх. Карты "\n'
    '"кладутся друг на друга по убыванию в масть."\n'
    "\n"
    'msgid "Empty piles can be filled only by a king."\n'
    'msgstr "Пустое место можно занять только королём."\n'
)


def test_a_translation_catalogue_reads_as_its_translations() -> None:
    read = reading_text(CATALOGUE)
    assert len(read) == len(CATALOGUE)
    assert " ".join(read.split()) == (
        "Веер Восемнадцать стопок по три карты в каждой, все карты лицом вверх. Карты "
        "кладутся друг на друга по убыванию в масть. Пустое место можно занять только королём."
    )
    # each translation stays where it stands: a citation points into the file
    at = CATALOGUE.index("Восемнадцать")
    assert read[at : at + len("Восемнадцать")] == "Восемнадцать"


def test_a_translation_catalogue_is_a_russian_game_not_half_english(tmp_path: Path) -> None:
    """Half of its letters are the originals' (Latin): read as it is, the text would be
    refused as not Russian; its translations state the game."""
    path = tmp_path / "fan.po"
    path.write_text(CATALOGUE, encoding="utf-8")
    result = build([path])
    assert [g["title"] for g in result.games] == ["Веер"]
    spec = extract_game(result.games[0], result.scans).spec
    assert spec["piles"]["packets"]["count"] == 18
    assert spec["deal"][0]["per_pile"] == 3
    assert spec["moves"]["marry"]["build"] == {"direction": "down", "suit": "same", "empty": [13]}
    # negative: one original beside its translation is no catalogue (a page quoting one)
    quoted = 'Строка msgid "Fan" переведена как\nmsgstr "Веер" в файле.\n'
    assert reading_text(quoted) == quoted
