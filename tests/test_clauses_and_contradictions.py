"""A list of places after `;` read clause by clause, free cells named in quotes, and two
statements of one field reported as a contradiction with both sentences (issue 18 §2, §4).

Small texts go through the real normalizer, segmenter and extraction, as `pasyans extract`
takes them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from code_facts import game_and_draft

from pipeline.extract import extract_game
from pipeline.ingest import build
from pipeline.segment.sentences import enumeration

sys.path.insert(0, str(Path(__file__).parent))
from sentence_game import sentence_game

LIST = (
    "Можно перекладывать верхнюю карту из колонки в любую другую колонку на старшую карту "
    "другого цвета; в любую пустую колонку; в «дом», начиная с туза и заканчивая королём "
    "той же масти."
)


def _ranges(text: str) -> list[str]:
    clauses = enumeration(text, 0, len(text))
    assert clauses is not None
    return [" | ".join(text[a:b] for a, b in ranges) for ranges in clauses]


def test_a_list_of_places_after_semicolons_is_read_with_its_head() -> None:
    assert _ranges(LIST) == [
        "Можно перекладывать верхнюю карту из колонки в любую другую колонку на старшую "
        "карту другого цвета",
        "Можно перекладывать верхнюю карту из колонки | в любую пустую колонку",
        "Можно перекладывать верхнюю карту из колонки | в «дом», начиная с туза и "
        "заканчивая королём той же масти.",
    ]


def test_semicolons_that_list_no_places_are_one_sentence() -> None:
    for text in (
        "Тузы кладут наверх; короли вниз.",  # one `;`
        "Тузы кладут наверх; короли вниз; дамы в середину.",  # items begin with no preposition
        "Карты кладут в ряд; на тузы; в колоду.",  # items begin with different prepositions
    ):
        assert enumeration(text, 0, len(text)) is None


def _draft(tmp_path: Path, text: str):
    return game_and_draft(tmp_path, "page.txt", text)


def test_each_clause_is_a_sentence_that_cites_the_whole_sentence(tmp_path: Path) -> None:
    game, ex = _draft(tmp_path, "Свободная ячейка\n\n" + LIST + "\n")
    play = next(s for s in game["sections"] if s["kind"] == "play")
    assert game["title"] == "Свободная ячейка"  # a name, not a sentence about free cells
    texts = [s["text"] for s in play["sentences"]]
    assert texts[1] == "Можно перекладывать верхнюю карту из колонки в любую пустую колонку"
    assert texts[2].endswith("в «дом», начиная с туза и заканчивая королём той же масти.")
    # all three clauses cite the one sentence of the page
    assert len({(s["spans"][0]["start"], s["spans"][0]["end"]) for s in play["sentences"]}) == 1
    found = ex.spec["piles"]["foundations"]["foundation"]
    assert (found["base"], found["direction"], found["suit"]) == (1, "up", "same")
    assert ex.spec["moves"]["marry"]["build"]["suit"] == "alternate"


def test_free_cells_named_in_quotes_are_cells(tmp_path: Path) -> None:
    _, ex = _draft(
        tmp_path,
        "Свободная ячейка\n\nКолода раскладывается в 8 колонок. Вверху слева 4 ячейки, они "
        "называются «домом», справа от них 4 «свободных» ячейки.\n",
    )
    cells = ex.spec["piles"]["cells"]
    assert (cells["role"], cells["count"]) == ("reserve", 4)


def test_two_statements_of_the_building_suit_are_a_contradiction_and_a_variant() -> None:
    ex = extract_game(
        sentence_game(
            [
                "Карты перекладывают из колонки в колонку по убыванию в масть.",
                "Карты перекладывают из колонки в колонку по убыванию без учета масти.",
            ]
        )
    )
    assert ex.spec["moves"]["marry"]["build"] == {"direction": "down", "suit": "same"}
    assert ex.contradictions == [
        "contradiction: building suit: same (test/play/1) used, against any (test/play/2)"
    ]
    (variant,) = [v for v in ex.variants if v["label"] == "building-any"]
    assert variant["spec"]["moves"]["marry"]["build"] == {"direction": "down", "suit": "any"}


def test_one_statement_of_the_building_suit_is_no_contradiction() -> None:
    ex = extract_game(
        sentence_game(["Карты перекладывают из колонки в колонку по убыванию в масть."])
    )
    assert ex.contradictions == []
    assert [v["label"] for v in ex.variants] == []


def test_a_comment_after_code_is_read_without_the_code() -> None:
    from pipeline.segment.code import reading_text

    src = (
        "var COLUMNS = 10;\n"
        "var RED = [1, 2];  /* червы и бубны — красные */\n"
        "  /* --- правила --------------------- */\n"
        "var GOAL = 8;  // Восемь собранных последовательностей — победа.\n"
    )
    read = reading_text(src)
    assert len(read) == len(src)
    lines = [x.strip() for x in read.split("\n")]
    # each comment after code begins a line of its own (its code blanked, a break first); a
    # named value that states a rule stays, a sentence of its own (tests/test_named_values.py)
    assert lines == [
        "COLUMNS = 10.",
        "",
        "червы и бубны — красные",
        "правила",
        "",
        # apart from the heading comment above it (`code._apart`)
        ". Восемь собранных последовательностей — победа.",
        "",
    ]


def test_snippets_run_together_are_cut_and_other_packs_begin_another_game(tmp_path: Path) -> None:
    """An SEO text of cut excerpts: `…над маг Из двух полных колод…` is two sentences, and a
    sentence opening with other packs than the text has stated begins an untitled game."""
    from pipeline.segment.sentences import split_sentences

    text = "кроме того имеется Положив магазин из 9 карт, кладут над маг Из двух колод."
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "кроме того имеется",
        "Положив магазин из 9 карт, кладут над маг",
        "Из двух колод.",
    ]
    path = tmp_path / "page.txt"
    path.write_text(
        "Играют колодой из 32 карт. Карты сдают по одной. Тузы кладут в ряд над маг Из двух "
        "полных колод выкладывают 8 карт в один ряд. На эти карты кладут карты в нисходящей "
        "линии без соблюдения масти.\n",
        encoding="utf-8",
    )
    games = build([path]).games
    firsts = [
        next(s for s in g["sections"] if s["kind"] == "play")["sentences"][0]["text"] for g in games
    ]
    assert firsts == [
        "Играют колодой из 32 карт.",
        "Из двух полных колод выкладывают 8 карт в один ряд.",
    ]


def test_the_same_packs_stated_twice_are_one_game(tmp_path: Path) -> None:
    path = tmp_path / "page.txt"
    path.write_text(
        "Паук\n\nДля пасьянса берут две колоды. Карты раскладывают в 10 колонок. "
        "Две колоды по 52 карты дают 104 карты.\n",
        encoding="utf-8",
    )
    assert [g["id"] for g in build([path]).games] == ["pauk"]


def test_a_games_history_states_no_rule(tmp_path: Path) -> None:
    from pipeline.errors import DataError
    from pipeline.segment.finding import rule_sentence

    assert not rule_sentence(
        "Косынка зародилась в XIX веке во Франции, где получила своё название благодаря "
        "форме раскладываемых карт."
    )
    assert not rule_sentence("В отличие от большинства карточных игр, пасьянс важен.")
    assert not rule_sentence("Пасьянсы появились в период царствования короля Карла V.")
    assert not rule_sentence("Именно его раскладывала перед казнью другая королева.")
    assert rule_sentence("Короля кладут на пустое место.")
    assert rule_sentence("Карты раскладывают в основной ряд.")
    path = tmp_path / "intro.txt"
    path.write_text(
        "Классическая косынка\n\nКосынка зародилась в XIX веке во Франции, где получила своё "
        "название благодаря форме раскладываемых карт. Её любят все.\n",
        encoding="utf-8",
    )
    with pytest.raises(DataError) as err:
        build([path])
    # the title line and the two sentences under it
    assert "the text states no rule of a patience game (none of its 3 sentences" in str(err.value)


def test_string_literals_of_a_help_dialog_are_read_as_its_text() -> None:
    from pipeline.segment.code import reading_text

    src = (
        "    helpText->setText(\n"
        '            "Правила:\\n"\n'
        '            "- Соберите карты по мастям от туза до короля.\\n"\n'
        "    );\n"
    )
    read = reading_text(src)
    assert [x.strip() for x in read.split("\n") if x.strip()] == [
        "Правила:",
        "- Соберите карты по мастям от туза до короля.",
    ]


def test_a_heading_of_generic_words_names_no_game() -> None:
    from pipeline.segment.finding import furniture_sentence

    assert furniture_sentence("Пасьянс онлайн, бесплатно")
    assert not furniture_sentence("Пасьянс Гольф онлайн")
    assert not furniture_sentence("Пасьянс «Паук»")
