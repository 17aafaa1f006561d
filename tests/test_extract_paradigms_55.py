"""Phrasing classes of the fifty-fifth round (issue 18): what the twenty-fourth collection of
real prose (`real-dev-24`, `benchmarks/README.md`) showed the grammar and the finder missing.

Per class one sentence of the real development text that prompted it (the passage named),
then sentences written for this test in other inflections, word orders and synonyms, each
with its exact facts, and the near phrasings that must not read so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from code_facts import game_and_draft
from sentence_game import fact_pairs, said

from pipeline.errors import DataError
from pipeline.ingest import build

REAL = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "real"

# ---- cards counted, then named the foundations after a dash or a colon --------------------


@pytest.mark.parametrize(
    ("sentence", "rank", "count"),
    [
        # kartgame-kuvyrok (and lightst-reglan, «4 туза - основной ряд»)
        ("Над вертикальными стопками помещаются 4 туза - это основной ряд.", 1, 4),
        ("Над стопками выкладывают четыре туза — основной ряд.", 1, 4),
        ("Сверху кладут восемь королей — основные карты.", 13, 8),
        ("Выше раскладывают 8 тузов: это базовые стопки.", 1, 8),
        ("Под рядами помещаются четыре дамы — базовый ряд.", 12, 4),
    ],
)
def test_cards_counted_and_named_the_foundations(sentence: str, rank: int, count: int) -> None:
    assert said(sentence) == fact_pairs(("foundation.cards", [rank]), ("foundation.count", count))


def test_cards_named_the_foundations_without_a_count_stay_an_anaphor() -> None:
    # cardgames-damy-kuvyrok: «короли» are those laid in the row the sentence names before, so
    # the assembler resolves the anaphor with that row's count; no count is read here
    sentence = "В этом ряду будут разложены по мере их появления короли — базовые карты пасьянса."
    assert said(sentence) == fact_pairs(("foundation.anaphor", True))


# ---- the goal with its foundations named first as a rank ----------------------------------


@pytest.mark.parametrize(
    ("sentence", "rank", "way"),
    [
        (  # kartgame-kuvyrok: the aside between the rank and the cards
            "Цель игры - необходимо собрать на тузы, выкладываемые в процессе игры в основной "
            "ряд, все карты колоды в масть в возрастающей последовательности.",
            1,
            "up",
        ),
        (
            "Цель игры — собрать на тузы все карты колоды в масть в возрастающей "
            "последовательности.",
            1,
            "up",
        ),
        (
            "Необходимо собрать на тузы все карты в масть в возрастающей последовательности.",
            1,
            "up",
        ),
        (
            "Нужно собрать на королей все карты в нисходящей последовательности по мастям.",
            13,
            "down",
        ),
        (
            "Надо собрать на королей, которые кладут в базовый ряд, все карты в масть в "
            "убывающем порядке.",
            13,
            "down",
        ),
    ],
)
def test_goal_gathers_onto_a_rank_named_first(sentence: str, rank: int, way: str) -> None:
    assert said(sentence) == fact_pairs(
        ("win.foundations", True),
        ("foundation.cards", [rank]),
        ("suit.same", True),
        ("foundation.direction", {"base": rank, "direction": way}),
    )


def test_cards_laid_on_a_rank_are_no_goal() -> None:
    # laying cards on the aces states their suit, not what wins
    assert said("На тузы кладут все карты в масть.") == fact_pairs(
        ("foundation.cards", [1]), ("suit.same", True)
    )


# ---- «фигура пасьянса»: the layout, not a picture -----------------------------------------


def test_the_figure_of_the_patience_is_its_layout() -> None:
    # kartgame-kuvyrok, lightst-reglan: no picture is lost, the ten piles are read
    assert said("Фигура пасьянса состоит из 10 вертикальных стопок.") == fact_pairs(
        ("tableau.shape", {"noun": "PACKET", "count": 10})
    )


@pytest.mark.parametrize(
    ("sentence", "number"),
    [
        ("Раскладывают карты, как показано на фигуре 21.", 21),
        ("Раскладывают карты, как показано на фигуре.", None),
        ("Фигура пасьянса показана на рисунке 3.", 3),
    ],
)
def test_a_numbered_or_shown_figure_stays_a_picture(sentence: str, number: int | None) -> None:
    assert ("ref.figure", json.dumps(number)) in said(sentence)


# ---- exact spec fields of the real passage ----------------------------------------------------


def test_kuvyrok_draft_cites_its_foundations(tmp_path: Path) -> None:
    text = (REAL / "kartgame-kuvyrok.txt").read_text(encoding="utf-8")
    _, ex = game_and_draft(tmp_path, "kuvyrok.txt", text)
    spec = ex.spec
    found = spec["piles"]["foundations"]
    assert (found["count"], found["foundation"]) == (
        4,
        {"direction": "up", "suit": "same", "base": 1},
    )
    prov = spec["provenance"]
    for path in ("count", "foundation.base", "foundation.direction"):
        assert prov[f"piles.foundations.{path}"]["origin"] == "text", path
    assert prov["piles.foundations.count"]["quote"].startswith("4 туза - это основной")
    assert spec["piles"]["packets"]["count"] == 10
    assert not any("picture" in line for line in ex.assumed)


# ---- a game of tiles or pieces is no patience -----------------------------------------------


def test_the_fifteen_puzzle_is_refused_as_a_game_of_pieces() -> None:
    with pytest.raises(DataError) as err:
        build([REAL / "puzzle15-kak-igrat.txt"])
    assert "the text states the rules of a game of tiles or pieces, not of a patience" in str(
        err.value
    )


def test_tiles_written_for_the_test_are_refused(tmp_path: Path) -> None:
    # a tile game laid out and cleared as a patience is, with no card in it
    path = tmp_path / "plitki.txt"
    path.write_text(
        "Как играть\n\nПлитки раскладывают на столе в пять рядов по восемь штук. Открытые "
        "плитки можно убирать парами. Если ряд опустел, на его место ничего не кладут. Цель "
        "игры — убрать все плитки со стола.\n",
        encoding="utf-8",
    )
    with pytest.raises(DataError, match="game of tiles or pieces"):
        build([path])


def test_a_patience_that_names_chips_keeps_its_game(tmp_path: Path) -> None:
    path = tmp_path / "chips.txt"
    path.write_text(
        "Пасьянс «Фишка»\n\nПасьянс раскладывается одной колодой из 52 карт. Карты "
        "раскладывают в семь столбцов по семь карт. За каждую карту на основании игрок "
        "получает одну фишку. Фишки считают в конце игры.\n",
        encoding="utf-8",
    )
    assert build([path]).games
