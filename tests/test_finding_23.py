"""Kinds of text that name cards and rules but state no game's rules (issue 18 §2): a glossary
of terms, a table of scores, a program's key map; and rules said without a verb.

Every text here is invented for these tests (none is taken from a source); each control has
a rule text beside it that resembles it (a rule list under headings, a game whose rules
include scoring, a help page that names its keys) and must still be found.
"""

from __future__ import annotations

import pytest
from ingest_helpers import ingested_games
from test_finding_22 import games, refusal

from pipeline.segment.finding import elided_rule, rule_sentence, title_like
from pipeline.segment.rule_content import firm

NAMES = ["rules.txt", "RULES.txt", "Правила Игры.txt"]


# --- invented controls: a glossary, a scoring table, a program's controls -----------------

GLOSSARY_LINES = """Термины пасьянса

Талон
Карты, оставшиеся после раскладки. Обычно их открывают по одной. Смотрите Колода.

Основание
Стопка, на которую собирают карты от туза.
В некоторых пасьянсах основания начинаются с другой карты.

Собирать по масти
Класть карту на карту той же масти. Например, трефовую девятку на трефовую десятку.
"""

GLOSSARY_DASHES = """Словарик

Резерв — карты, отложенные в сторону; обычно с них берут только верхнюю.
Веер — карты, лежащие внахлёст, так что видна каждая. Например, веер из трёх карт.
Пересдача — новый проход по колоде после того, как она кончилась; см. Талон.
Масть по возрастанию — порядок от туза до короля, как правило одной масти.
"""

GLOSSARY_XML = """<glossary>
<glossentry><glossterm>Открытая карта</glossterm>
<glossdef><para>Карта, лежащая лицом вверх.
Обычно только её можно переложить.</para></glossdef></glossentry>
<glossentry><glossterm>Пустое место</glossterm>
<glossdef><para>Место в раскладе, где не осталось карт.
Смотрите Заполнение.</para></glossdef></glossentry>
<glossentry><glossterm>Заполнение</glossterm>
<glossdef><para>Перекладывание карты на пустое место.
В некоторых пасьянсах туда кладут только короля.
</para></glossdef></glossentry>
</glossary>
"""

SCORES_MARKDOWN = """## Очки за комбинации

| Комбинация | Что это | Очки |
|---|---|---|
| Флеш-рояль | Туз, король, дама, валет и десятка одной масти | 100 |
| Каре | Четыре карты одного достоинства | 50 |
| Стрит | Пять карт подряд по достоинству | 15 |
| Две пары | Две пары карт одного достоинства | 5 |
"""

SCORES_LINES = """Подсчёт очков

За комбинации начисляются баллы:
Стрит
Пять карт подряд по достоинству
15
Флеш
Пять карт одной масти
20
Каре
Четыре карты одного достоинства
40
Всего можно набрать 300 баллов.
"""

SCORES_DASHES = """Таблица очков
Пара — 2 очка
Сет — 6 очков
Стрит — 12 очков
Флеш — 5 очков
Каре — 16 очков
"""

KEYS_PLAIN = """Управление

N — новая игра
U — отменить ход
H — подсказка: какую карту можно переложить
Пробел — сдать карты из колоды на все столбцы
Esc — выйти в меню
"""

KEYS_COMBOS = """Горячие клавиши

Ctrl+Z — отменить последний ход
F2 — начать новую раздачу
Enter — переложить выбранную карту на основание
Стрелки — выбрать другую стопку
Двойной щелчок по карте — отправить её на основание, если можно
"""

KEYS_DOCSTRING = '''"""
Косынка для терминала

Клавиши:
  1-7      — выбрать столбец (повторно — снять выбор)
  S        — взять карту из колоды
  F        — переложить выбранную карту на основание
  Q        — выход
"""
'''

CONTROLS = [
    (GLOSSARY_LINES, "the text is a glossary of terms"),
    (GLOSSARY_DASHES, "the text is a glossary of terms"),
    (GLOSSARY_XML, "the text is a glossary of terms"),
    (SCORES_MARKDOWN, "the text is a table of scores"),
    (SCORES_LINES, "the text is a table of scores"),
    (SCORES_DASHES, "the text is a table of scores"),
    (KEYS_PLAIN, "the text describes a program's controls"),
    (KEYS_COMBOS, "the text describes a program's controls"),
    (KEYS_DOCSTRING, "the text describes a program's controls"),
    (" ".join(KEYS_PLAIN.split()) + "\n", "the text describes a program's controls"),
]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("text", "case"), CONTROLS)
def test_an_invented_control_is_refused_with_its_case(text: str, case: str, name: str) -> None:
    if text is KEYS_DOCSTRING:
        name = name.replace(".txt", ".py")
    assert refusal(text, name).startswith(case)


# --- invented rule texts that resemble them: each is a game ---------------------------------

# a rule list under headings, with examples and cross-references as a glossary has them
RULE_LIST = """Косынка

Основания
Тузы кладут на основания по мере того, как они открываются. Смотрите также «Паук».

Столбцы
Карты в столбцах кладут по убыванию, чередуя цвета.
Например, на чёрную десятку кладут красную девятку.

Пустые места
На пустое место обычно кладут короля.
"""

# a rule list whose headings are defined, glossary-like, but with a game's counts
RULE_DEFINITIONS = """Часы

Расклад — двенадцать кучек по четыре карты, кругом, как цифры на циферблате.
Тринадцатая кучка — в середине круга, для королей.
Ход — открытую карту кладут под кучку её часа, например пятёрку под пятую.
"""

# a game whose rules include a scoring table
POKER_RULES = """Покер-пасьянс

Из колоды сдают по одной 25 карт и кладут их в квадрат пять на пять, стремясь составить
комбинации в каждом ряду и в каждом столбце. Карту, положенную в квадрат, больше не перекладывают.

| Комбинация | Очки |
|---|---|
| Каре | 16 |
| Стрит | 12 |
| Пара | 1 |

Пасьянс сошёлся, если набрано не меньше 200 очков.
"""

# a program's help that names its keys and states the game's rules
KEYS_AND_RULES = """Паук

Карты раскладывают в десять столбцов, в первые четыре по шесть карт, в остальные по пять.
Цель игры — собрать восемь последовательностей от короля до туза одной масти.

N — новая игра
U — отменить ход
"""

# steps numbered with a dash, as keys are bound
STEPS = """Косынка

1 — разложите карты в семь столбцов, в первом одна карта, в седьмом семь.
2 — тузы кладите на основания и собирайте на них масть до короля.
3 — на пустой столбец кладите только короля.
"""

RESEMBLING = [
    (STEPS, [("kosynka", "Косынка")]),
    (RULE_LIST, [("kosynka", "Косынка")]),
    (RULE_DEFINITIONS, [("clock", None)]),  # a known game: its id
    (POKER_RULES, [("poker-pasyans", "Покер-пасьянс")]),
    (KEYS_AND_RULES, [("pauk", "Паук")]),
]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("text", "found"), RESEMBLING)
def test_a_rule_text_that_resembles_a_control_is_found(
    text: str, found: list[tuple[str, str | None]], name: str
) -> None:
    assert games(text, name) == found


# --- rules said without a verb ---------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Тузы — на основания.",
        "Короли — на пустые места.",
        "Тузы: на основания.",
        "Двойки — на тузов, тройки — на двойки.",
        "На пустые места — короли.",
        "Остальные карты — в колоду.",
    ],
)
def test_a_verbless_rule_is_a_rule(sentence: str) -> None:
    assert elided_rule(sentence)
    assert rule_sentence(sentence)
    assert firm(sentence) == "frame"
    assert not title_like(sentence.rstrip("."))


@pytest.mark.parametrize(
    "sentence",
    [
        "Косынка — на любой вкус.",
        "Пасьянс — в подарок.",
        "Король — на троне.",
        "Дама в домике",
        "Карты — это жизнь.",
    ],
)
def test_a_dash_without_a_place_is_no_verbless_rule(sentence: str) -> None:
    assert not elided_rule(sentence)


VERBLESS = [
    "Тузы — на основания. Короли — на пустые места.\n",
    "Тузы — на основания.\n",
    "Тузы: на основания. Короли: на пустые места.\n",
    "Двойки — на тузов той же масти, тройки — на двойки.\n",
]


@pytest.mark.parametrize("name", ["rules.txt", "RULES.txt", "Правила Игры.txt", "my rules.txt"])
@pytest.mark.parametrize("text", VERBLESS)
def test_a_verbless_rule_text_is_an_untitled_game(text: str, name: str) -> None:
    found = games(text, name)
    assert len(found) == 1
    assert found[0][0].startswith("untitled-")
    assert found[0][1] is None


def test_a_verbless_rule_under_a_title_stays_in_its_game() -> None:
    text = "Косынка\n\nТузы — на основания. Короли — на пустые места.\n"
    (game,) = ingested_games(text, "kosynka.txt")
    said = [u["text"] for s in game["sections"] for u in s.get("sentences", [])]
    assert game["id"] == "kosynka"
    assert "Тузы — на основания." in said
    assert "Короли — на пустые места." in said


# --- a story cut into lines, a program run into one line -------------------------------------

STORY_LINES = [
    "Она села у окна и разложила карты.",
    "Карты ложились ровно.",
    "Она долго смотрела на них и молчала.",
    "Ждали.",
    "Он вошёл тихо и ничего не сказал.",
    "Свеча догорела.",
    "Она собрала карты и ушла спать.",
    "Утро пришло серое.",
]


@pytest.mark.parametrize(
    "text",
    [
        "".join(f"{n}) {s}\n" for n, s in enumerate(STORY_LINES, 1)),
        "".join(f"Шаг {n}. {s}\n" for n, s in enumerate(STORY_LINES, 1)),
        "\n\n".join(s.upper() if len(s) < 25 else s for s in STORY_LINES) + "\n",
    ],
)
def test_a_story_cut_into_short_lines_is_refused_as_a_story(text: str) -> None:
    assert refusal(text).startswith("the text tells a story, not a game's rules")


def test_a_rule_among_short_story_lines_keeps_the_text() -> None:
    text = "".join(f"{n}) {s}\n" for n, s in enumerate(STORY_LINES, 1))
    assert games(text + "9) Тузы кладут на основания и собирают на них масть до короля.\n")


MINIFIED = (
    "package cards; //правила для стопки основания public class Foundation extends Pile { "
    "public boolean accepts (Card c) { if (isEmpty()) //На пустое основание можно положить "
    "только туза return c.rank() == 1; Card top = top(); //Иначе карта должна быть той же "
    "масти, что и верхняя карта основания return (c.suit() == top.suit()) //и на единицу "
    "старше неё && (c.rank() == top.rank() + 1); } }\n"
)


@pytest.mark.parametrize("name", ["foundation.js", "Foundation.JS", "основание.js"])
def test_a_program_run_into_one_line_is_read_as_its_lines(name: str) -> None:
    from pipeline.segment.code import reading_text, unminified

    text = unminified(MINIFIED)
    assert len(text) == len(MINIFIED)
    assert "//На пустое основание можно положить только туза\nreturn" in text
    assert "\n&& (c.rank()" in text
    assert "return c.rank()" not in reading_text(MINIFIED)
    assert [g[1] for g in games(MINIFIED, name)] == [None]


def test_prose_with_semicolons_is_no_program() -> None:
    from pipeline.segment.code import unminified

    prose = "Тузы кладут на основания; короли на пустые места; дамы в резерв. " * 8
    assert unminified(prose) == prose
