"""Composed phrases of the forty-first round (issue 18): rules said as a program's rules screen
says them.

Every sentence here is a probe written for this test (none is taken from a real set): a run
said «цепочка» beside the one card a player may move; the stock said «запас» as the one that
deals a card to each column; a new pass through the stock said as an instruction for when it
runs out; the first cards of the pack laid out, counted as the places. Each with its exact
facts, and the near phrasings that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said

from pipeline.extract.facts import sentence_facts


def _keys(sentence: str) -> set[str]:
    """The keys of a sentence's facts, whatever of it is left loose."""
    facts, _ = sentence_facts(sentence)
    return {f.key for f in facts}


# -- runs said «цепочка» -------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Перетаскивать можно только открытую карту (и открытую цепочку над ней).",
        "Переносить можно только верхнюю карту или цепочку карт над ней.",
        "Переносить можно открытую цепочку карт.",
        "Цепочку карт можно переносить целиком.",
    ],
)
def test_a_chain_beside_the_one_card_moves_whole(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("build.run", True))


@pytest.mark.parametrize(
    "sentence",
    [
        "Перетаскивать можно только открытую карту.",
        "Перетаскивать можно только открытую карту, а не цепочку.",
        "Собирайте длинные цепочки на сбросе.",
    ],
)
def test_no_chain_moved_is_no_run(sentence: str) -> None:
    assert "build.run" not in _keys(sentence)


# -- the stock said «запас», dealing a card to each column ----------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Запас сдает по карте в каждую колонку.",
        "Из запаса сдают по одной карте на каждый столбец.",
        "Резерв раздаёт по одной карте на каждую стопку.",
    ],
)
def test_the_stock_said_zapas_deals_a_row(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("deal.next_round", "stuck"))


@pytest.mark.parametrize(
    "sentence",
    [
        "Запас лежит рядом с колонками.",
        "В каждую колонку сдают по карте.",
        "Запас сдают в конце.",
    ],
)
def test_no_stock_dealing_to_each_column_is_no_row(sentence: str) -> None:
    assert "deal.next_round" not in _keys(sentence)


# -- a new pass said as an instruction --------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Когда колода закончится, нажмите ещё раз для нового прохода.",
        "Если колода опустеет, щёлкните по ней снова для нового прохода.",
    ],
)
def test_a_click_for_a_new_pass_when_the_stock_is_out_is_unlimited(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("turn.recycle", "unlimited"))


@pytest.mark.parametrize(
    "sentence",
    [
        "Нажмите на колоду, чтобы открыть карту.",
        "Когда колода закончится, игра окончена.",
        "Нажмите ещё раз для нового прохода.",
    ],
)
def test_no_emptied_stock_is_no_unlimited_pass(sentence: str) -> None:
    assert "turn.recycle" not in _keys(sentence)


# -- the first cards laid out counted as the places -------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "n"),
    [
        ("Выкладываем первые 4 карты.", 4),
        ("Выкладывают первые шесть карт колоды.", 6),
    ],
)
def test_the_first_cards_laid_out_are_the_places(sentence: str, n: int) -> None:
    assert said(sentence) == fact_pairs(("tableau.shape", {"noun": "PLACE", "count": n}))


@pytest.mark.parametrize(
    "sentence",
    [
        "Выкладывают первые четыре карты на основания.",
        "Выкладывают четыре карты.",
        "Открывают первые 4 карты.",
    ],
)
def test_cards_laid_elsewhere_or_uncounted_are_no_places(sentence: str) -> None:
    assert "tableau.shape" not in _keys(sentence)
