"""Games found whatever wrapper a page puts around them (issue 18 §2;
benchmarks/wrapper_invariance.py measures the same on development passages): a site's name
or a Markdown page heading that names no game, a PDF's running head, rules listed one item a
line, an article's talk in a numbered list. Each text goes the whole way of `pasyans ingest`
(`pipeline.ingest.build`); the games kept are compared as (id, title, sentences per section),
a refusal by its message.
"""

from __future__ import annotations

import pytest
from ingest_helpers import ingested_games

from pipeline.segment.finding import furniture_paragraph, title_like
from pipeline.segment.sentences import split_sentences

SLOPE = (
    "Пасьянс раскладывается одной полной колодой из 52 карт. Выкладывают 7 стопок по 5 карт. "
    "Карты перекладывают в нисходящем порядке."
)
CLOCK = (
    "Пасьянс раскладывается одной колодой из 52 карт. Колоду раскладывают на 13 групп по "
    "4 карты. Короли кладутся в центр."
)


def games(text: str) -> list[tuple[str, str | None, list[int]]]:
    return [
        (g["id"], g.get("title"), [_sentences(s) for s in g["sections"]])
        for g in ingested_games(text, "page.txt")
    ]


def _sentences(section: dict) -> int:
    """A section's sentences, those of its numbered rules included."""
    rules = section.get("rules") or []
    return len(section.get("sentences", [])) + sum(len(r["sentences"]) for r in rules)


def test_rules_listed_one_item_a_line_are_sentences() -> None:
    text = (
        "Склон\n\n* Пасьянс раскладывается одной полной колодой из 52 карт.\n"
        "* Выкладывают 7 стопок по 5 карт.\n* Карты перекладывают в нисходящем порядке.\n"
    )
    assert games(text) == [("sklon", "Склон", [1, 3])]


@pytest.mark.parametrize("mark", ["* ", "- ", "— ", "• "])
def test_a_list_mark_after_a_full_stop_ends_a_sentence(mark: str) -> None:
    text = f"{mark}Тузы кладут в основной ряд. {mark}Короли кладут в центр."
    got = [text[a:b] for a, b in split_sentences(text)]
    kept = "" if mark in ("* ", "• ") else mark  # a bullet is no part of its sentence
    assert got == [f"{kept}Тузы кладут в основной ряд.", f"{kept}Короли кладут в центр."]


def test_one_sentence_of_site_talk_does_not_set_aside_a_paragraph_of_rules() -> None:
    para = SLOPE + " Пасьянс появился в XIX веке. Копирование материалов без ссылки запрещено."
    assert furniture_paragraph(para) is False
    assert furniture_paragraph("Поделитесь игрой с друзьями. Копирование материалов запрещено.")
    assert games("Склон\n\n" + para + "\n") == [("sklon", "Склон", [1, 4])]


def test_a_list_item_that_carries_the_text_on_is_no_title() -> None:
    assert title_like("Таким образом, всего в резерве 21 карта") is False
    assert title_like("Затем карты") is False
    assert title_like("Наполеон бежит из Москвы") is True


def test_a_dash_that_opens_a_line_inside_a_sentence_does_not_cut_it() -> None:
    text = (
        "Склон\n\nПасьянс раскладывается одной полной колодой из 52 карт.\nСвоим названием "
        "пасьянс обязан\n- пестроте своей раскладки. Выкладывают 7 стопок по 5 карт.\n"
    )
    assert games(text) == [("sklon", "Склон", [1, 3])]


def test_a_title_above_numbered_rules_heads_them() -> None:
    text = (
        "Позвоночник\n\n1. Пасьянс раскладывается одной колодой из 52 карт.\n2. В резерв "
        "кладут 3 ряда по 7 карт.\n3. Таким образом, всего в резерве 21 карта.\n4. Карты "
        "перекладывают в нисходящем порядке.\n"
    )
    assert games(text) == [("pozvonochnik", "Позвоночник", [1, 4])]


def test_numbered_rules_under_a_rules_heading_continue_the_game_above() -> None:
    text = (
        "Царица\n\nКоличество колод: 1\n\nЦель пасьянса: собрать все карты на базовых "
        "стопках.\n\nПравила пасьянса\n\n1. Колоду тасуют и выкладывают 5 стопок по одной "
        "карте.\n2. Остальная колода служит резервом.\n3. Карты перекладывают в восходящем "
        "порядке.\n"
    )
    assert games(text) == [("tsaritsa", "Царица", [1, 2, 3])]
