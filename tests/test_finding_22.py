"""What states rules and what states none (issue 18 §2: «a refusal only means the text states
no rule content, and its message says which case it is»): firm evidence of a rule, the kinds
of text that state none, short rule texts under any file name, and a pile's name alone on a
line as a section heading inside one game.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from ingest_helpers import game_titles as games

from pipeline.errors import DataError
from pipeline.segment.finding import is_subheading, title_like
from pipeline.segment.rule_content import firm

REAL = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "real"
# a file name in any case and script (issue 18 §2), and the untitled game's id under it
NAMES = [
    ("rules.txt", "untitled-rules-1"),
    ("RULES.txt", "untitled-rules-1"),
    ("Правила Игры.txt", "untitled-pravila-igry-1"),
    ("my rules.txt", "untitled-my-rules-1"),
]


def refusal(text: str, name: str = "page.txt") -> str:
    with pytest.raises(DataError) as err:
        games(text, name)
    return str(err.value).split("no Russian patience game found: ", 1)[1]


# --- firm evidence -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("Карты раскладывают в девять кучек по три карты.", "count"),
        ("Играют колодой в 36 листов.", "count"),
        ("Цель игры — переложить все карты на основания.", "goal"),
        ("Пасьянс сошёлся, если на столе не осталось карт.", "goal"),
        ("Вы победили, если все карты оказались в домах.", "goal"),
        ("На даму кладут валета другого цвета.", "order"),
        ("На тузов клали двойки той же масти.", "order"),
        ("На свободное место — лишь короля.", "only"),
        ("Дамы перекладывают на резерв.", "frame"),
        ("Оставшиеся карты кладут в запас.", "frame"),
        # no rule: a bare «карты», a verb's word, a story, talk, a question, a divination
        ("Раскладывайте карты.", None),
        ("Чтобы раскладывать пасьянс, нужно запастись терпением.", None),
        ("Она долго молчала и смотрела в окно.", None),
        ("Второй вариант сложнее, с двумя мастями.", None),
        ("Можно ли класть короля на пустое место?", None),
        ("Колода должна быть новой и своей.", None),
    ],
)
def test_firm_evidence_of_a_rule(sentence: str, kind: str | None) -> None:
    assert firm(sentence) == kind


# --- kinds of text that state no rule ------------------------------------------------------

STORY = (
    "Вечер у окна\n\nОна сидела у окна и раскладывала карты. Впервые она не загадала желание. "
    "Карты послушно открывались одна за другой. Он пришёл поздно и ничего не сказал. Она "
    "собрала карты и ушла спать.\n"
)
DIVINATION = (
    "Гадание на картах\n\nГадание требует особого настроя. Колода должна быть новой и своей. "
    "Нельзя гадать в понедельник. Картам нужно доверять, иначе гадание будет неверным.\n"
)
CONTROLS = (
    "Справка\n\nПользуйтесь мышью для перемещения карт. Зажмите кнопку мыши на карте и "
    "перетащите её. Двойной щелчок по карте переложит её на основание. Карты можно переносить "
    "и с помощью клавиш.\n"
)
LISTED = (
    "Игры\n\nШахматы\nИгра для двоих.\n\nСапёр\nНайдите мины.\n\nКосынка\nРаскладывайте "
    "карты.\n\nГонки\nУворачивайтесь от машин.\n"
)
INTRO = (
    "Пасьянсы известны давно. Их любили при дворе. О них писали романы. Сегодня в них играют "
    "на телефоне. Карты раскладываются в виде треугольника. Это красиво.\n"
)
MENTION = "Пасьянс — это раскладывание карт по правилам. Игра успокаивает.\n"


@pytest.mark.parametrize("name", [n for n, _ in NAMES])
@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            STORY,
            "the text tells a story, not a game's rules (4 of 5 sentences tell in the past what "
            "a person did: «Она сидела у окна и раскладывала карты.»; none counts cards, names "
            "a goal or an order, or lays cards on a place)",
        ),
        (
            DIVINATION,
            "the text gives a divination's precepts, not a patience's rules (3 of 4 sentences "
            "speak of fortune-telling: «Гадание требует особого настроя.»; none counts cards, "
            "names a goal or an order, or lays cards on a place)",
        ),
        (
            CONTROLS,
            "the text describes a program's controls, not a game's rules (2 of 4 sentences "
            "speak of the mouse, clicks or menus: «Пользуйтесь мышью для перемещения карт.»; "
            "none counts cards, names a goal or an order)",
        ),
        (
            LISTED,
            "the text only names a game («Косынка») in a list, with a line of description "
            "(«Раскладывайте карты.»), and states none of its rules",
        ),
        (
            INTRO,
            "the text is an introduction or an article about a game, not its rules (1 of 6 "
            "sentences names cards or places with a move: «Карты раскладываются в виде "
            "треугольника…»; the others talk about the game)",
        ),
        (
            MENTION,
            "the text only mentions cards and play, and states no rule (1 of 2 sentences names "
            "cards or places with a move: «Пасьянс — это раскладывание карт по прав…», none "
            "a count, goal, order of cards or place they go to)",
        ),
    ],
)
def test_a_text_that_states_no_rule_is_refused_with_its_case(
    text: str, reason: str, name: str
) -> None:
    assert refusal(text, name) == reason


def test_a_rule_among_the_kinds_keeps_its_game() -> None:
    # the same texts with one sentence that states a rule are games
    rule = " Тузы кладут на основания, на них собирают масть по возрастанию.\n"
    assert games(STORY.rstrip("\n") + rule) == [("vecher-u-okna", "Вечер у окна")]
    assert games(DIVINATION.rstrip("\n") + rule) == [("gadanie-na-kartakh", "Гадание на картах")]
    assert games(CONTROLS.rstrip("\n") + rule) == [("spravka", "Справка")]
    # a story beside a game's rules leaves the game as it is
    text = "Косынка\n\nКарты раскладывают в семь столбцов. Короли кладут на пустые места.\n\n"
    assert games(text + STORY) == [("kosynka", "Косынка"), ("vecher-u-okna", "Вечер у окна")]


# --- every development control is refused, with its case ----------------------------------

CASES = {
    "talismanes-kak-raskladyvat": "the text gives a divination's precepts",
    "proza-karty-v-smyatenii": "the text tells a story",
    "code-games-list-kosynka": 'the text only names a game («Пасьянс "Косынка"») in a list',
    "code-aisleriot-vvedenie": "the text describes a program's controls",
    "threadly-kosynka-intro": "the text is an introduction",
    "bubbleshooter-solitaire-intro": "the text is an introduction",
    "ag-absolyutnyj-pasyans": "the text is an introduction",
    "threadly-tureckij-kover-intro": "the text is an introduction",
    "code-kpat-vvedenie": "the text is an introduction",
    "cwetochki-pasyans": "the text only mentions cards and play",
    "bookree-berg": "the text tells a story",
    "gist-pauk-urovni": "the text names a game but states none of its rules",
    "code-handler-skeleton": "the text is only 2 headings",
    "code-igamerules-ts-kontrol": "the text is only 1 heading",
    "code-locale-titles": "the text is only 11 headings",
    "code-loto-docstring": "the text states the rules of another game («лото»)",
    "puzzle15-kak-igrat": "the text states the rules of a game of tiles or pieces",
    "code-aisleriot-docbook-slovar": "the text is a glossary of terms",
    "code-aisleriot-docbook-poker-ochki": "the text is a table of scores",
    "code-pauk-eye-edition-upravlenie": "the text describes a program's controls",
    "fromdonetsk-babushki": "the text is an introduction or an article about a game",
    "kakprosto-koloda": "the text is a how-to on card games at large",
    "alexsa-kartochnaya-igra": "the text tells a game's history",
    "code-solitaire-engine-pravila": "the text is a table of a program's named options",
    "fatum-raznoobraznyj-mir": "the text is an introduction or an article about a game",
    "threadly-chto-takoe-pasyans": "the text says what patience is at large",
    "wikireading-tolstoj-pasyans": "the text tells a story",
    "newslab-soliter": "the text is an introduction or an article about a game",
    "obladmin-skorpion-vvedenie": "the text says what patience is at large",
    "antiqueland-istoriya-kart": "the text is an introduction or an article about a game",
    "fictionbook-pasyans-medichi": "the text tells a story",
}


def _dev_controls() -> list[str]:
    # libyaml where the wheel has it: the manifest is read at each xdist worker's collection
    # (0.19 CPU-s in pure Python, 0.02 in C; the same data)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    dev = yaml.load((REAL / "manifest.yaml").read_text("utf-8"), Loader=loader)
    return [e["id"] for e in dev if e.get("rules") is False and e["set"].startswith("dev")]


@pytest.mark.parametrize("pid", _dev_controls())
def test_each_development_control_is_refused_with_its_case(pid: str) -> None:
    text = (REAL / f"{pid}.txt").read_text("utf-8")
    got = refusal(text, f"{pid}.txt")
    assert got.startswith(CASES.get(pid, "the text states no rule of a patience game (none"))
    # the same under a capitalised and a Cyrillic file name
    assert refusal(text, f"{pid.upper()}.txt") == got
    assert refusal(text, "Пасьянс Правила.txt") == got


# --- short rule texts are games -------------------------------------------------------------


@pytest.mark.parametrize(("name", "game_id"), NAMES)
@pytest.mark.parametrize(
    "text",
    [
        "На тузов клали двойки той же масти. Пустое место заполняли картой из колоды.\n",
        "Карты раскладывают в семь столбцов.\n",
        "Пустой столбец заполняется только королём.\n",
        "Цель игры — собрать все карты в четыре стопки по мастям.\n",
        "Дамы перекладывают на резерв.\n",
        "Пасьянс раскладывается двумя колодами по 52 карты. Он красив.\n",
    ],
)
def test_a_short_rule_text_is_an_untitled_game(text: str, name: str, game_id: str) -> None:
    assert games(text, name) == [(game_id, None)]


@pytest.mark.parametrize(("name", "game_id"), NAMES)
def test_a_short_rule_text_under_its_title_is_that_game(name: str, game_id: str) -> None:
    assert games("Пасьянс «Рыбка»\n\nКарты раскладывают в семь столбцов.\n", name) == [
        ("rybka", "Пасьянс «Рыбка»")
    ]


# --- a pile's name alone on a line heads a section, not a game ---------------------------

HELP = """Паук

Цель игры
Собрать все карты в основания по мастям от короля до туза.

Резервные стопки
Четыре стопки, на которые можно положить любую карту.

Запас
Оставшиеся после раздачи карты кладутся сюда. Щёлкните по запасу, чтобы сдать по одной карте.

Основания
Восемь стопок в верхней части стола. Карты собираются от туза до короля одной масти.

Талон
Сюда кладутся карты из запаса.

Подсчёт очков
За каждую карту на основании даётся одно очко.
"""


@pytest.mark.parametrize("name", ["pauk.txt", "PAUK.txt", "Паук Пасьянс.txt", "pauk help.txt"])
def test_pile_headings_are_sections_of_one_game(name: str) -> None:
    assert games(HELP, name) == [("pauk", "Паук")]


@pytest.mark.parametrize(
    "line",
    [
        "Резервные стопки",
        "Резервная стопка",
        "РЕЗЕРВНЫЕ СТОПКИ",
        "Запас",
        "ЗАПАС",
        "Запасная колода",
    ],
)
def test_a_pile_heading_is_no_title(line: str) -> None:
    assert is_subheading(line)
    assert not title_like(line)


@pytest.mark.parametrize("line", ["Свободная ячейка", "Пирамида", "Веер", "Часы", "Колодец"])
def test_games_named_for_places_stay_titles(line: str) -> None:
    assert title_like(line)
