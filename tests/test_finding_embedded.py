"""Rules embedded in other formats (issue 18 §2): a translation catalogue, a games list in
program source, an HTML rules template.

The first input of each group is a run of lines of a real development passage
(`benchmarks/data/real/`); the others are paraphrases in other formats and layouts, so that
each fix is shown on more than one file. Each goes the whole way a user's file goes
(`build`: read, reading text, language test, normalize, segment, find games).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.cli import main
from pipeline.errors import DataError
from pipeline.ingest import build
from pipeline.segment.code import is_catalogue, is_program, reading_text, russian_lines
from pipeline.segment.finding import is_subheading, title_like


def games(tmp_path: Path, name: str, text: str) -> list[tuple[str, str | None, list[str]]]:
    """(id, title, every sentence of its text) of each game `build` finds in the file."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    out = []
    for g in build([path]).games:
        said = [s["text"] for sec in g["sections"] for s in sec["sentences"]]
        out.append((g["id"], g.get("title"), said))
    return out


# --- a translation catalogue -------------------------------------------------------------

# code-aisleriot-po-ru: each English msgid, then its Russian msgstr in quoted, wrapped lines
PO = (
    "#. (itstool) path: sect1/title\n"
    "#: C/doublets.xml:19\n"
    'msgid "Doublets"\n'
    'msgstr "Дуплеты"\n'
    "\n"
    "#. (itstool) path: row/entry\n"
    "#: C/doublets.xml:33\n"
    'msgid ""\n'
    '"Top left pile. The rest of the deck is placed here after dealing. Cards are "\n'
    '"turned over one at a time to Waste. Two redeals."\n'
    'msgstr ""\n'
    '"Верхняя левая стопка. Сюда помещаются карты, оставшиеся после сдачи. Из "\n'
    '"колоды карты по одной сдаются на сброс. Две пересдачи."\n'
    "\n"
    "#. (itstool) path: sect1/title\n"
    "#: C/eagle-wing.xml:19\n"
    'msgid "Eagle Wing"\n'
    'msgstr "Орлиное крыло"\n'
    "\n"
    "#. (itstool) path: row/entry\n"
    "#: C/eagle-wing.xml:33\n"
    'msgid ""\n'
    '"Four piles top right. Built up in suit from the base card."\n'
    'msgstr ""\n'
    '"Четыре стопки сверху справа. Карты в основаниях собираются по масти в "\n'
    '"восходящем порядке с основной карты."\n'
)


def test_a_translation_catalogue_reads_its_russian_strings_as_a_document(
    tmp_path: Path,
) -> None:
    assert is_catalogue(PO) and not is_program(PO)
    read = reading_text(PO)
    assert len(read) == len(PO)
    for english in ("msgid", "msgstr", "Doublets", "Top left pile", "itstool", "C/doublets"):
        assert english not in read
    assert games(tmp_path, "aisleriot-ru.po", PO) == [
        (
            "duplety",
            "Дуплеты",
            [
                "Дуплеты",
                "Верхняя левая стопка.",
                "Сюда помещаются карты, оставшиеся после сдачи.",
                "Из колоды карты по одной сдаются на сброс.",
                "Две пересдачи.",
            ],
        ),
        (
            "orlinoe-krylo",
            "Орлиное крыло",
            [
                "Орлиное крыло",
                "Четыре стопки сверху справа.",
                "Карты в основаниях собираются по масти в восходящем порядке с основной карты.",
            ],
        ),
    ]


# a Qt Linguist file: XML, English <source> then Russian <translation>, line for line
TS = """<?xml version="1.0" encoding="utf-8"?>
<TS version="2.1" language="ru_RU">
<context>
    <name>RulesDialog</name>
    <message>
        <location filename="../src/rulesdialog.cpp" line="42"/>
        <source>Golf</source>
        <translation>Гольф</translation>
    </message>
    <message>
        <location filename="../src/rulesdialog.cpp" line="48"/>
        <source>Seven columns of five cards each are dealt face up. The remaining cards \
form the stock.</source>
        <translation>Карты раскладываются лицом вверх в семь столбцов по пять карт. \
Остальные карты образуют колоду.</translation>
    </message>
    <message>
        <location filename="../src/rulesdialog.cpp" line="61"/>
        <source>When no move is possible, turn the next card of the stock onto the waste. \
There is no redeal.</source>
        <translation>Когда ходов нет, следующую карту колоды открывают на сброс. Пересдачи \
нет.</translation>
    </message>
</context>
</TS>
"""

# a bilingual page whose English half is the longer one
BILINGUAL = (
    "Accordion Solitaire\n"
    "Аккордеон\n\n"
    "Deal the cards one at a time in a row from left to right, as many as there is room "
    "for on the table.\n"
    "Карты выкладывают в ряд слева направо.\n\n"
    "A card may be moved onto the card next to it on the left, or onto the third card to "
    "the left, if they match in suit or in rank.\n"
    "Карту можно положить на соседнюю слева или на третью слева, если они одной масти или "
    "одного достоинства.\n"
)


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        (
            "solitaire_ru.ts",
            TS,
            [
                (
                    "golf",
                    "Гольф",
                    [
                        "Гольф",
                        "Карты раскладываются лицом вверх в семь столбцов по пять карт.",
                        "Остальные карты образуют колоду.",
                        "Когда ходов нет, следующую карту колоды открывают на сброс.",
                        "Пересдачи нет.",
                    ],
                )
            ],
        ),
        (
            "Accordion.TXT",
            BILINGUAL,
            [
                (
                    "akkordeon",
                    "Аккордеон",
                    [
                        "Аккордеон",
                        "Карты выкладывают в ряд слева направо.",
                        "Карту можно положить на соседнюю слева или на третью слева, если они "
                        "одной масти или одного достоинства.",
                    ],
                )
            ],
        ),
    ],
)
def test_the_russian_lines_of_a_mostly_english_file_are_read(
    tmp_path: Path, name: str, text: str, expected: list
) -> None:
    assert games(tmp_path, name, text) == expected


def test_russian_lines_blank_the_others_in_place() -> None:
    text = "Seven columns.\nСемь столбцов.\nStock pile (Колода)\nКолода (Stock)\n"
    assert russian_lines(text) == (
        " " * 14 + "\nСемь столбцов.\n" + " " * 19 + "\nКолода (Stock)\n"
    )


def test_russian_lines_weigh_a_line_as_a_whole_text_is_weighed() -> None:
    # a pre-reform line counts its ѣ as Cyrillic, as its modern twin counts е; a link's
    # letters are not words (`cyrillic_share`)
    text = (
        "Всѣ карты (all cards)\nВсе карты (all cards)\n"
        "Правила: https://example.org/klondike/rules\nStock pile (колода)\n"
    )
    assert russian_lines(text) == text.replace("Stock pile (колода)", " " * 19)


def test_a_catalogue_translated_into_another_language_is_refused_as_not_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    german = PO.replace("Дуплеты", "Dubletten").replace("Орлиное крыло", "Adlerflügel")
    for ru, de in (
        ("Верхняя левая стопка. Сюда помещаются карты, оставшиеся после сдачи. Из ", "Oben "),
        ("колоды карты по одной сдаются на сброс. Две пересдачи.", "links."),
        ("Четыре стопки сверху справа. Карты в основаниях собираются по масти в ", "Vier "),
        ("восходящем порядке с основной карты.", "Stapel."),
    ):
        german = german.replace(ru, de)
    path = tmp_path / "aisleriot-de.po"
    path.write_text(german, encoding="utf-8")
    with pytest.raises(DataError, match=r"the text is not Russian \(0% of its letters"):
        build([path])
    assert main(["extract", str(path), "--out", str(tmp_path / "out")]) != 0
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "not Russian" in err and "aisleriot-de.po" in err


def test_an_english_page_with_a_russian_menu_is_refused_as_not_russian(tmp_path: Path) -> None:
    text = (
        "Главная | Пасьянсы | Контакты\n\n"
        "Klondike\n\nDeal seven columns, the first with one card and the last with seven. "
        "Turn the top card of each column face up. Build down in alternating colours.\n"
    )
    path = tmp_path / "klondike.html.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r"^.*: no Russian patience game found: the text is not "):
        build([path])


# --- a title named by a program's key ------------------------------------------------------

# code-games-hub-desc: three patience lines of a JavaScript games list
GAMES_JS = (
    "  { id: 'kosynka',  icon: '♥️', title: 'Косынка',         desc: 'Пасьянс «Косынка» как в "
    "Windows: по 1 или по 3 карты, отмена ходов, подсказки и автосбор. Можно наперегонки с "
    "другом.', scripts: ['js/games/room.js'], top: 'kosynka', topLabel: 'очков', color: "
    "'#22c55e' },\n"
    "  { id: 'freecell', icon: '♣️', title: 'Свободная ячейка', desc: 'Пасьянс FreeCell: все "
    "карты открыты, 4 свободные ячейки. Раздачи с номерами как в Windows (№1–32000), отмена "
    "ходов, подсказки. Можно наперегонки с другом.', scripts: ['js/games/room.js'], top: "
    "'freecell', topLabel: 'очков', color: '#38bdf8' },\n"
    "  { id: 'pauk',     icon: '🕷️', title: 'Паук',            desc: 'Пасьянс «Паук»: 1, 2 или "
    "4 масти. Собери 8 стопок от короля до туза. Отмена ходов, подсказки, игра сохраняется.', "
    "scripts: ['js/games/solitaire.js'], top: 'pauk1', topLabel: 'очков (1 масть)', color: "
    "'#a855f7' },\n"
)


def test_each_title_key_of_a_games_list_heads_its_game(tmp_path: Path) -> None:
    assert games(tmp_path, "games.js", GAMES_JS) == [
        (
            "kosynka",
            "Косынка",
            [
                "«Косынка»",
                "Пасьянс «Косынка» как в Windows: по 1 или по 3 карты, отмена ходов, подсказки "
                "и автосбор.",
                "Можно наперегонки с другом.",
            ],
        ),
        (
            "pauk",
            "Паук",
            [
                "«Паук»",
                "Пасьянс «Паук»: 1, 2 или 4 масти.",
                "Собери 8 стопок от короля до туза.",
                "Отмена ходов, подсказки, игра сохраняется.",
            ],
        ),
        (
            "svobodnaya-yacheika",
            "Свободная ячейка",
            [
                "«Свободная ячейка»",
                "Пасьянс FreeCell: все карты открыты, 4 свободные ячейки.",
                "Раздачи с номерами как в Windows (№1–32000), отмена ходов, подсказки.",
                "Можно наперегонки с другом.",
            ],
        ),
    ]


# JSON, a title translated under a language key; the title is not the first string
JSON = """{
  "games": [
    {
      "id": "freecell",
      "title": {"en": "FreeCell", "ru": "Свободная ячейка"},
      "rules": {
        "en": "All cards are dealt face up into eight columns.",
        "ru": "Все карты сдаются лицом вверх в восемь столбцов. В четыре свободные ячейки \
можно класть по одной карте."
      },
      "buttons": {"en": "New deal", "ru": "Новая раздача"}
    },
    {
      "id": "klondike",
      "title": {"en": "Klondike", "ru": "Косынка"},
      "rules": {
        "ru": "Карты раскладываются в семь столбцов. Из колоды карты открываются по одной."
      }
    }
  ]
}
"""

# Python, a list of dicts with a `name` key
PYTHON = """GAMES = [
    {"name": "Свободная ячейка", "about": "Все карты открыты, 4 свободные ячейки и 8 столбцов."},
    {"name": "Паук", "about": "Две колоды, 10 столбцов, собирайте масти от короля до туза."},
]
"""


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        (
            "games.json",
            JSON,
            [
                (
                    "kosynka",
                    "Косынка",
                    [
                        "«Косынка»",
                        "Карты раскладываются в семь столбцов.",
                        "Из колоды карты открываются по одной.",
                    ],
                ),
                (
                    "svobodnaya-yacheika",
                    "Свободная ячейка",
                    [
                        "«Свободная ячейка»",
                        "Все карты сдаются лицом вверх в восемь столбцов.",
                        "В четыре свободные ячейки можно класть по одной карте.",
                    ],
                ),
            ],
        ),
        (
            "GAMES.PY",
            PYTHON,
            [
                (
                    "pauk",
                    "Паук",
                    ["«Паук»", "Две колоды, 10 столбцов, собирайте масти от короля до туза."],
                ),
                (
                    "svobodnaya-yacheika",
                    "Свободная ячейка",
                    ["«Свободная ячейка»", "Все карты открыты, 4 свободные ячейки и 8 столбцов."],
                ),
            ],
        ),
    ],
)
def test_a_title_key_names_its_game_in_other_formats(
    tmp_path: Path, name: str, text: str, expected: list
) -> None:
    assert games(tmp_path, name, text) == expected
    assert "Новая раздача" not in reading_text(text)  # a button's label, set aside


# --- an HTML rules template: its section headings are not games --------------------------

# code-kosynka-joker-modes, shortened (the same tags and headings)
HTML = """            <!-- Общая цель -->
            <section class="rules-section goal-section">
                <div class="section-header">
                    <h2>Общая цель</h2>
                </div>
                <div class="section-content">
                    <p>Переместить все карты (52 карты + джокер) из игрового поля на \
<strong>фундамент</strong> (4 стопки в верхней части экрана), собрав каждую масть по \
возрастанию от туза до короля.</p>
                </div>
            </section>
            <section class="rules-section zones-section">
                <div class="section-header">
                    <h2>Игровые зоны</h2>
                </div>
                <div class="section-content">
                    <ul>
                        <li><strong>Игровое поле (7 столбцов)</strong> – основное поле, где \
происходят перемещения.</li>
                        <li><strong>Джокер</strong> – особая карта, может заменить любую \
другую карту и помещается последней на фундамент.</li>
                    </ul>
                </div>
            </section>
            <section class="rules-section actions-section">
                <div class="section-header">
                    <h2>Основные действия</h2>
                </div>
                <div class="section-content">
                    <ul>
                        <li><strong>Перетаскивание карт</strong> между столбцами</li>
                        <li><strong>Автоперенос</strong> – двойной клик перемещает карту на \
фундамент (если возможно)</li>
                        <li><strong>Отмена хода (Undo)</strong> – возврат на шаг назад</li>
                    </ul>
                </div>
            </section>
            <section class="rules-section modes-section">
                <div class="section-header">
                    <h2>Режимы игры</h2>
                </div>
                <div class="section-content">
                    <div class="game-mode">
                        <div class="mode-title">
                            <span>1. Классический</span>
                            <span class="mode-difficulty difficulty-easy">Стандарт</span>
                        </div>
                        <p>Стандартные правила пасьянса</p>
                        <div class="rule-item">
                            <span>Вытягивание по <strong>3 карты</strong> из колоды</span>
                        </div>
                        <div class="rule-item">
                            <span><strong>1 пересдача</strong> доступна</span>
                        </div>
                        <div class="rule-item">
                            <span><strong>5 отмен</strong> и <strong>3 подсказки</strong> \
за игру</span>
                        </div>
                        <div class="rule-item">
                            <span>Автозавершение включено</span>
                        </div>
                    </div>
"""

HTML_SAID = [
    "Переместить все карты (52 карты + джокер) из игрового поля на фундамент (4 стопки в "
    "верхней части экрана), собрав каждую масть по возрастанию от туза до короля.",
    "Игровое поле (7 столбцов) – основное поле, где происходят перемещения.",
    "Джокер – особая карта, может заменить любую другую карту и помещается последней на фундамент.",
    "Автоперенос – двойной клик перемещает карту на фундамент (если возможно)",
    "Вытягивание по 3 карты из колоды",
    "1 пересдача доступна",
]

# the same page in Markdown, the modes as a numbered list under a heading
MARKDOWN = """## Общая цель

Переместить все карты на фундамент (4 стопки), собрав каждую масть от туза до короля.

## Игровые зоны

- **Игровое поле (7 столбцов)** — основное поле, где происходят перемещения.
- **Джокер** — особая карта, может заменить любую другую карту.

## Основные действия

- **Перемещение карт** между столбцами
- **Автосбор** — двойной клик отправляет карту на фундамент

## Режимы игры

1. Простой
Сдача по 1 карте из колоды, пересдачи без ограничений.
2. Классический
Сдача по 3 карты из колоды, 1 пересдача.
"""


def test_an_html_rules_template_is_one_game(tmp_path: Path) -> None:
    ((game_id, title, said),) = games(tmp_path, "rules.html", HTML)
    assert (game_id, title) == ("untitled-rules-1", None)
    assert said == HTML_SAID


def test_a_markdown_rules_page_with_modes_is_one_game(tmp_path: Path) -> None:
    ((game_id, title, said),) = games(tmp_path, "Правила.md", MARKDOWN)
    assert (game_id, title) == ("untitled-pravila-1", None)
    assert said == [
        "Переместить все карты на фундамент (4 стопки), собрав каждую масть от туза до короля.",
        "- **Игровое поле (7 столбцов)** — основное поле, где происходят перемещения.",
        "- **Джокер** — особая карта, может заменить любую другую карту.",
        "- **Перемещение карт** между столбцами",
        "- **Автосбор** — двойной клик отправляет карту на фундамент",
        "Сдача по 1 карте из колоды, пересдачи без ограничений.",
        "Сдача по 3 карты из колоды, 1 пересдача.",
    ]


@pytest.mark.parametrize(
    ("line", "title"),
    [
        ("Верхняя левая стопка", False),  # a place of the layout by where it lies
        ("Средняя (самая нижняя) стопка", False),
        ("Четыре стопки сверху справа", False),
        ("1 пересдача доступна", False),  # a count
        ("8 столбцов", False),
        ("Джокер", False),  # a card
        ("Пятнадцать в ряд", True),  # names of games with a count or a place in them
        ("Сорок разбойников", True),
        ("Свободная ячейка", True),
        ("Косынка по три карты", True),
    ],
)
def test_labels_of_a_layout_are_not_titles(line: str, title: bool) -> None:
    assert title_like(line) is title


@pytest.mark.parametrize(
    ("line", "heading"),
    [
        ("Перемещение карт", True),  # an act of play named
        ("Вытягивание карт из колоды", True),
        ("Общая цель", True),
        ("Режимы игры", True),
        ("Стандартные правила пасьянса", True),
        ("Автоперенос", True),
        ("Гадание на картах", False),
        ("Перемещение карт запрещено.", False),
    ],
)
def test_generic_headings_of_a_program_s_rules(line: str, heading: bool) -> None:
    assert is_subheading(line) is heading


def test_a_title_value_that_already_quotes_its_name_is_read_as_printed(tmp_path: Path) -> None:
    text = (
        'export const metadata: Metadata = {\n  title: "Пасьянс «Паук» — QHub Games",\n'
        '  description: "Две колоды, 10 столбцов. Собирайте масти от короля до туза.",\n};\n'
    )
    assert "  Пасьянс «Паук» — QHub Games\n" in reading_text(text)
    assert [(i, t) for i, t, _ in games(tmp_path, "page.tsx", text)] == [("pauk", "Пасьянс «Паук»")]
