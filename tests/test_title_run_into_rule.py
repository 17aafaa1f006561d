"""A game's title and its first rule on one line (issue 18 §2): `Пасьянс «Косынка»: карты
раскладывают…`, `Пасьянс "Косынка". Колода…`, `Косынка — раскладывают…`. The title heads the
game and the rest of the line is the game's first rule sentence, its span the file's
characters; a line that is only a heading, or a name followed by what the game is, stays a
heading with no rule taken from it.

Each text goes through `pasyans ingest`'s `build` (normalizer, segmenter, game files), and
each span is read back from the file as written.
"""

from __future__ import annotations

import pytest
from ingest_helpers import ingested_games

REST = (
    "Тузы кладут на основания по мере их выхода. "
    "Карты перекладывают в нисходящем порядке, чередуя цвета.\n"
)
INTRO = "Сегодня расскажем о любимой игре нашей бабушки.\n\n"


def games(text: str) -> list[dict]:
    return ingested_games(text, "page.txt")


def sentences(game: dict) -> list[tuple[str, str, str]]:
    """(section kind, sentence text, the file's characters at its span) in reading order."""
    return [
        (sec["kind"], s["text"], s["spans"][0])
        for sec in game["sections"]
        for s in sec.get("sentences", [])
    ]


def read(text: str, span: dict) -> str:
    return text[span["start"] : span["end"]]


@pytest.mark.parametrize("intro", ["", INTRO])
@pytest.mark.parametrize(
    ("line", "game_id", "title", "heading", "first"),
    [
        (
            "Пасьянс «Косынка»: карты раскладывают в семь столбцов по нарастающей.",
            "kosynka",
            "Пасьянс «Косынка»",
            "Пасьянс «Косынка»",
            "карты раскладывают в семь столбцов по нарастающей.",
        ),
        (
            'Пасьянс "Косынка". Колода в 52 карты тасуется и раскладывается в семь столбцов.',
            "kosynka",
            'Пасьянс "Косынка"',
            'Пасьянс "Косынка"',
            "Колода в 52 карты тасуется и раскладывается в семь столбцов.",
        ),
        (
            "Пасьянс «Косынка» — карты раскладывают в семь столбцов.",
            "kosynka",
            "Пасьянс «Косынка»",
            "Пасьянс «Косынка»",
            "карты раскладывают в семь столбцов.",
        ),
        (
            "«Косынка» — раскладывают семь стопок, в первой одна карта.",
            "kosynka",
            "Косынка",
            "«Косынка»",
            "раскладывают семь стопок, в первой одна карта.",
        ),
        (
            "Косынка — раскладывают семь стопок, в первой одна карта.",
            "kosynka",
            "Косынка",
            "Косынка",
            "раскладывают семь стопок, в первой одна карта.",
        ),
        (
            "Косынка: карты раскладывают в семь столбцов.",
            "kosynka",
            "Косынка",
            "Косынка",
            "карты раскладывают в семь столбцов.",
        ),
        (
            "1. Пасьянс «Косынка»: карты раскладывают в семь столбцов.",
            "kosynka",
            "Пасьянс «Косынка»",
            "Пасьянс «Косынка»",
            "карты раскладывают в семь столбцов.",
        ),
    ],
)
def test_a_title_run_into_its_first_rule_heads_the_game_and_keeps_the_rule(
    intro: str, line: str, game_id: str, title: str, heading: str, first: str
) -> None:
    text = intro + line + "\n" + REST
    (game,) = [g for g in games(text) if g["id"] == game_id]
    assert game["title"] == title
    said = sentences(game)
    assert [(kind, words) for kind, words, _ in said] == [
        ("title", heading),
        ("play", first),
        ("play", "Тузы кладут на основания по мере их выхода."),
        ("play", "Карты перекладывают в нисходящем порядке, чередуя цвета."),
    ]
    at = text.index(first)
    assert said[1][2]["start"] == at
    assert said[1][2]["end"] == at + len(first)
    assert read(text, said[0][2]) == heading
    assert read(text, said[2][2]) == "Тузы кладут на основания по мере их выхода."


@pytest.mark.parametrize(
    "line",
    ["Пасьянс «Косынка»", 'Пасьянс "Косынка"', "Пасьянс «Косынка».", "Косынка"],
)
def test_a_bare_heading_gives_no_sentence(line: str) -> None:
    text = line + "\n" + REST
    (game,) = games(text)
    assert game["id"] == "kosynka"
    said = sentences(game)
    assert [(kind, words) for kind, words, _ in said] == [
        ("title", line),
        ("play", "Тузы кладут на основания по мере их выхода."),
        ("play", "Карты перекладывают в нисходящем порядке, чередуя цвета."),
    ]
    assert read(text, said[1][2]) == "Тузы кладут на основания по мере их выхода."


@pytest.mark.parametrize(
    "line",
    [
        # what the game is, a question, a page's heading: no rule on the line
        "Пасьянс «Турецкий ковер» — это одна из самых загадочных карточных игр.",
        "Пасьянс «Солитер»: почему так называется и как играть?",
        "Пасьянс «Турецкий ковер» — как играть и зачем",
    ],
)
def test_a_name_and_what_the_game_is_stay_one_heading(line: str) -> None:
    text = line + "\n" + REST
    (game,) = games(text)
    said = sentences(game)
    assert said[0][:2] == ("title", line)
    assert [words for kind, words, _ in said if kind != "title"] == [
        "Тузы кладут на основания по мере их выхода.",
        "Карты перекладывают в нисходящем порядке, чередуя цвета.",
    ]


@pytest.mark.parametrize(
    "line",
    [
        "Обратите внимание: карту кладут только на карту другого цвета.",
        "Играют двумя колодами: карты раскладывают в десять рядов по четыре карты.",
        "Не торопитесь: прежде чем сделать ход, посмотрите, какие карты откроются.",
    ],
)
def test_a_label_or_a_sentence_before_a_colon_is_no_title(line: str) -> None:
    text = line + "\n" + REST
    (game,) = games(text)
    assert game["id"] == "untitled-page-1"
    assert sentences(game)[0][1] == line


def test_a_label_over_the_next_line_is_not_cut_at_its_colon() -> None:
    # `Количество игроков: 1`, then the goal on the next line: two labels, no title
    text = (
        "Ниву раскладывают одной колодой.\nКоличество карт в колоде: 52\nКоличество игроков: 1\n"
        "Цель пасьянса: необходимо собрать все карты на базовых стопках.\n" + REST
    )
    (game,) = games(text)
    said = [words for _, words, _ in sentences(game)]
    assert "Количество игроков: 1" in said
    assert "Количество игроков" not in said


def test_a_quotation_with_a_full_stop_is_no_title() -> None:
    text = '"Михаил Берг. Вечный жид " - читать интересную книгу автора\n' + REST
    titles = [g["title"] for g in games(text)]
    assert "Михаил Берг. Вечный жид" not in titles
    assert '"Михаил Берг. Вечный жид "' not in titles


def test_a_numbered_rule_with_a_colon_stays_a_rule() -> None:
    # a book's page as OCR gives it (`ђ` for `ѣ`): rule I is a sentence before its colon
    text = (
        "ГОЛЬФЪ.\n\nДвадцать четыре основные пасьянса с двадцатью таблицами - [32]\n\n"
        "ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\n\nПравила.\n\n"
        "I. Въ этомъ пасьянсђ нђтъ основныхъ картъ по мастямъ: всђ снятыя карты складываются "
        "въ одну общую кучку, причемъ на верхнюю карту кучки кладется карта или однимъ очкомъ "
        "выше, или однимъ очкомъ ниже.\n\n"
        "II. На туза можно положить двойку, а на двойку туза.\n"
    )
    (game,) = games(text)
    assert game["id"] == "golf"
    rules = next(sec for sec in game["sections"] if sec["kind"] == "rules")["rules"]
    first = rules[0]["sentences"][0]["text"]
    assert rules[0]["number"] == "I"
    assert first.startswith("Въ этомъ пасьянсѣ нѣтъ основныхъ картъ по мастямъ: всѣ снятыя")


def test_pujols_named_heading_keeps_its_full_stop() -> None:
    # `Пасьянс «X».` before the first sentence: the title sentence as the book prints it
    text = "Пасьянс «Косынка». Карты раскладывают в семь столбцов.\n" + REST
    (game,) = games(text)
    said = sentences(game)
    assert [(kind, words) for kind, words, _ in said[:2]] == [
        ("title", "Пасьянс «Косынка»."),
        ("play", "Карты раскладывают в семь столбцов."),
    ]
    assert read(text, said[1][2]) == "Карты раскладывают в семь столбцов."
