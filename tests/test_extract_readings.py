"""Readings of the grammar stage for phrasings fresh pages use: each a way any rule book of
the time could say a thing (a deal told layer by layer, reserves, cards put out first), pinned
by the exact spec fields a short page in that phrasing gives. The pages here are written for
the tests, not taken from the benchmark sets."""

from __future__ import annotations

import pytest
from sentence_game import sentence_game as _game

from pipeline.engine import compile_game
from pipeline.engine.playout import random_playouts
from pipeline.extract import extract_game
from pipeline.extract.facts import sentence_facts


def _draft(*sentences: str):
    ex = extract_game(_game(["ОДНА ПОЛНАЯ КОЛОДА КАРТ.", *sentences]))
    assert random_playouts(compile_game(ex.checked), seed=0, games=3).games == 3
    return ex


def _steps(ex) -> list[tuple]:
    return [(st["rounds"], st["face"]) for st in ex.spec["deal"]]


@pytest.mark.parametrize(
    ("sentences", "steps"),
    [
        # a row, the next on it «также …», the last of open cards
        (["Кладут в ряд восемь карт лицом вниз, на них второй ряд, также лицом вниз, и наконец "
          "третий ряд открытых карт, так что образуются восемь столбцов по три карты."],
         [(2, "down"), (1, "up")]),
        # the count of the next layer without its noun; «потом два ряда по … открытых карт»
        # in a clause of its own
        (["Сначала выкладывают девять карт рубашкою кверху, на них другие девять, также "
          "закрытыми; потом два ряда по девяти открытых карт.",
          "Получаются девять столбцов по четыре карты."],
         [(2, "down"), (2, "up")]),
        # «на каждую из них кладут еще по две карты, уже открытые»
        (["Сдают семь карт рубашкою вверх в один ряд; на каждую из них кладут затем еще по "
          "две карты, уже открытые, так что образуется семь кучек по три карты."],
         [(1, "down"), (2, "up")]),
        # the places named, alternating on to the count of each pile
        (["Сдают шесть столбцов по пяти карт в каждом: первый ряд закрытыми, второй "
          "открытыми, третий опять закрытыми, и так попеременно."],
         [(1, "down"), (1, "up"), (1, "down"), (1, "up"), (1, "down")]),
        (["Раскладывают пять столбцов по четыре карты так, чтобы первая и третья карта "
          "каждого столбца лежали лицом вверх, а вторая и четвертая лицом вниз."],
         [(1, "up"), (1, "down"), (1, "up"), (1, "down")]),
    ],
)  # fmt: skip
def test_a_deal_told_layer_by_layer_is_a_step_per_run_of_one_face(sentences, steps) -> None:
    ex = _draft(*sentences)
    assert _steps(ex) == steps
    deal = ex.spec["deal"]
    assert all(st["to"] == deal[0]["to"] for st in deal) and "per_pile" not in deal[0]
    prov = ex.spec["provenance"]
    assert all(prov[f"deal.{st['id']}.face"]["origin"] == "text" for st in deal)


def test_one_face_said_once_is_no_layered_deal() -> None:
    """A single face (or the same face for every layer) leaves the deal one step."""
    ex = _draft("Раскладывают десять столбцов по четыре карты рубашкою вверх.")
    assert len(ex.spec["deal"]) == 1
    got, _ = sentence_facts("Кладут в ряд шесть карт лицом вниз, на них второй ряд, также "
                            "лицом вниз.")  # fmt: skip
    assert "deal.layers" not in [f.key for f in got]


def _group(ex, role: str) -> tuple[str, dict]:
    [(gid, pile)] = [(g, p) for g, p in ex.spec["piles"].items() if p["role"] == role]
    return gid, pile


def test_a_group_named_the_reserve_is_dealt_and_plays_beside_the_layout() -> None:
    """«ряд из пяти карт, который составляет запас»: a reserve of five piles, dealt after
    the layout (its sentence comes second), giving cards to the foundations and the layout."""
    ex = _draft(
        "Раскладывают двадцать восемь карт открытыми в семь столбцов, по четыре карты в каждом.",
        "Затем выкладывают под раскладкою ряд из пяти карт, который составляет запас.",
        "На основные карты кладут карты той же масти в восходящем порядке до короля.",
        "В раскладке марьяж делается в нисходящем порядке, с переменою цвета.",
    )
    gid, reserve = _group(ex, "reserve")
    assert (reserve["count"], reserve["face"]) == (5, "up")
    assert ex.spec["piles"]["columns"]["count"] == 7
    assert [(st["to"], st["rounds"]) for st in ex.spec["deal"]] == [
        (["columns"], 4), ([gid], 1)]  # fmt: skip
    assert gid in ex.spec["moves"]["play"]["from"]
    assert ex.spec["moves"]["marry-reserve"]["to"] == ["columns"]
    assert ex.spec["provenance"][f"piles.{gid}.role"]["origin"] == "text"


def test_a_group_nothing_is_put_on_is_the_reserve() -> None:
    """«на столбцы ничего не кладут»: the columns only give cards; dealt first, as told."""
    ex = _draft(
        "Сперва кладут шесть карт открытыми двумя столбцами, по три карты в каждом.",
        "Затем раскладывают двенадцать карт в четыре кучки, по три карты в каждой.",
        "На столбцы ничего не кладут.",
    )
    gid, reserve = _group(ex, "reserve")
    assert reserve["count"] == 2
    assert ex.spec["piles"]["packets"]["count"] == 4
    first, layout = ex.spec["deal"]
    assert (first["to"], first["rounds"], layout["to"]) == ([gid], 3, ["packets"])


@pytest.mark.parametrize("mark", [":", " —"])
def test_the_rest_of_the_pack_named_the_reserve_is_one_pile_dealt_last(mark: str) -> None:
    """The rest of the pack, counted, named after a colon or a dash: one pile of that many."""
    ex = _draft(
        "Сдают двадцать карт в пять столбцов, по четыре карты в каждом.",
        f"Остальные тридцать две карты раскладывают открытыми веером{mark} это запас.",
    )
    gid, reserve = _group(ex, "reserve")
    assert reserve["count"] == 1
    assert ex.spec["deal"][-1] == {"id": "reserve", "to": [gid], "face": "up", "rounds": 32}


def test_the_only_group_dealt_named_the_reserve_is_a_reserve() -> None:
    """«эти восемь пачек составляют резерв»: no layout to build on, the piles only give."""
    ex = _draft(
        "Раскладывают восемь пачек, по четыре открытых карты в каждой; эти восемь пачек "
        "составляют резерв."
    )
    _, reserve = _group(ex, "reserve")
    assert reserve["count"] == 8
    assert not [p for p in ex.spec["piles"].values() if p["role"] == "tableau"]


def test_cards_of_the_reserve_and_spare_cards_are_no_reserve_named() -> None:
    """«запасные карты», «запасных мест»: the adjective names a group only before its noun."""
    for sentence in ("Когда ходов более не остается, три запасные карты сдаются открытыми на "
                     "первые три столбца, по одной на каждый.",
                     "Ряд из восьми запасных мест; в каждом из них может лежать не более одной "
                     "карты."):  # fmt: skip
        got, _ = sentence_facts(sentence)
        assert "reserve.named" not in [f.key for f in got]
    got, _ = sentence_facts("Это запасные пачки; из каждой годна только верхняя карта.")
    assert ("reserve.named", "PACKET") in [(f.key, f.value) for f in got]


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        # a word between the count and its cards («открытые») no longer hides the deal
        ("Между столбцами раскладывают два ряда по четыре открытые карты в каждом.",
         [("deal.rows_of", (2, 4))]),
        ("Кладут в ряд четыре открытые карты.", [("tableau.shape", {"noun": "ROW", "count": 4})]),
        # the row's cards begin the columns: the columns are the piles
        ("Под основаниями выкладывают в ряд пять открытых карт, с которых начинаются пять "
         "столбцов.", [("tableau.shape", {"noun": "COLUMN", "count": 5})]),
        ("Раскладывают тридцать карт открытыми в шесть столбцов, по пяти карт в каждом.",
         [("tableau.shape", {"noun": "COLUMN", "count": 6}), ("deal.per_pile", 5),
          ("deal.face", "up")]),  # the face said with the deal is read
    ],
)  # fmt: skip
def test_rows_and_columns_of_open_cards(sentence, facts) -> None:
    from pipeline.extract.facts import island_facts
    from pipeline.extract.islands import parse_sentence

    got = [(f.key, f.value) for c in parse_sentence(sentence) for f in island_facts(c)[0]]
    assert got == facts


@pytest.mark.parametrize(
    "turned",
    [
        "Карты открывают из колоды по одной и кладут на основные, а всякую другую — в одну из "
        "четырех пачек талона, по выбору играющего.",
        "Играющий открывает карты одну за другою и каждую карту, кроме тузов, кладет в одну из "
        "четырех пачек, которые располагаются в ряд.",
    ],
)
def test_a_talon_in_several_piles_of_the_players_choosing(turned) -> None:
    """«в одну из четырех пачек талона»: each card turned goes to a foundation or onto a waste
    pile he chooses; no layout is dealt, so there is none."""
    ex = _draft(
        "Тузы выкладываются в ряд, как только покажутся; на них кладут карты той же масти в "
        "восходящем порядке.",
        turned,
    )
    piles = ex.spec["piles"]
    assert piles["wastes"] == {"role": "talon", "count": 4, "layout": piles["wastes"]["layout"]}
    assert not [g for g, p in piles.items() if p["role"] == "tableau"]
    assert ex.spec["deal"] == []
    assert ex.spec["moves"]["to-waste"] == {"from": ["stock"], "to": ["wastes"]}
    assert {"stock", "wastes"} <= set(ex.spec["moves"]["play"]["from"])


def test_one_card_taken_first_begins_the_first_of_the_foundations_named() -> None:
    """«восемь тузов …; одного туза вынимают из колоды прежде …, прочие … по мере того как
    выходят»: eight foundations, the one ace taken starts the first."""
    ex = extract_game(_game([
        "ДВЕ ПОЛНЫХ КОЛОДЫ КАРТ.",
        "Основными картами служат восемь тузов, на которые кладутся карты в восходящем порядке.",
        "Одного туза вынимают из колоды прежде, нежели начать игру, и кладут его на место "
        "основных карт; прочие семь тузов ставятся рядом с ним, по мере того как выходят.",
    ]))  # fmt: skip
    assert ex.spec["piles"]["foundations"]["count"] == 8
    assert ex.spec["setup"] == [{"take": {"ranks": [1], "count": 1}, "to": ["foundations.1"]}]


def test_a_klondike_page_in_the_usual_words() -> None:
    ex = _draft(
        "Раскладывают шесть столбцов так, чтобы в первом была одна карта, во втором две, и так "
        "далее; все эти карты кладутся закрытыми, кроме верхней карты каждого столбца.",
        "Марьяж в раскладке делается в нисходящем порядке, красною картою на черную.",
        "С одного столбца на другой можно переносить не только верхнюю карту, но и всю "
        "открытую часть столбца, если только нижняя из переносимых карт подходит к той, на "
        "которую ее кладут.",
        "На место опустевшего столбца кладут только короля.",
        "Остальные карты открывают одну за другою; карту, которая никуда не подходит, кладут "
        "в талон.",
        "Верхнюю карту талона можно во всякое время положить на основные карты или в марьяж.",
    )
    assert not ex.not_understood
    step = ex.spec["deal"][0]
    assert (step["face"], step["triangle"], step["rounds"]) == ("down-but-last", True, 6)
    marry = ex.spec["moves"]["marry"]
    assert (marry["run"], marry["build"]["empty"]) == (True, [13])
    assert ex.spec["moves"]["marry-talon"]["from"] == ["talon"]


@pytest.mark.parametrize(
    ("sentence", "last"),
    [
        # a range after the foundations' building, no island of its own
        ("Основными картами служат четыре туза; их кладут в ряд, как скоро они освободятся, и "
         "накладывают на каждого из них карты его масти в восходящем порядке, до короля.",
         {"base": 1, "last": 13}),
        ("Играть можно лишь верхними картами, причем на основания карты кладутся той же масти "
         "в восходящем порядке, от туза до короля.", {"base": 1, "last": 13}),
        # after a list of ranks the range may go on round: nothing
        ("На двойки кладутся карты той же масти: тройка, четверка и т. д. до короля, а на "
         "короля туз.", None),
        # a sentence not about the foundations: nothing
        ("Раскладывают карты от туза до короля.", None),
        # building on the layout: not the foundations'
        ("В раскладке марьяж делается в нисходящем порядке, до туза.", None),
    ],
)  # fmt: skip
def test_a_range_no_island_reads_is_the_foundations_last_card(sentence, last) -> None:
    got = [f.value for f in sentence_facts(sentence)[0] if f.key == "foundation.last"]
    assert got == ([last] if last else [])


def test_fans_nothing_is_put_on_beside_a_row_of_cards_that_form_it() -> None:
    """«в четыре веера, по три карты в каждом …; раскладывают еще четыре открытые карты,
    которые и составляют нижний ряд …; на веера же не кладется ничего»: the fans are a
    reserve of four, the row the layout; the talon «перевертывают, не тасуя, и раскладывают
    его снова» is passed twice, not a second deal of the layout."""
    ex = _draft(
        "Сдают сначала двенадцать карт открытыми в четыре веера, по три карты в каждом.",
        "Ниже раскладывают еще четыре открытые карты, которые и составляют нижний ряд.",
        "Карты вееров идут на основные карты; на веера же не кладется ничего.",
        "Карты, которые не идут на основные, кладут в талон.",
        "Когда колода вся вышла, талон перевертывают, не тасуя, и раскладывают его снова.",
    )
    gid, reserve = _group(ex, "reserve")
    assert reserve["count"] == 4
    assert ex.spec["piles"]["columns"]["count"] == 4
    assert [st["to"] for st in ex.spec["deal"]] == [[gid], ["columns"]]
    assert ex.spec["deal"][0]["rounds"] == 3
    assert ex.spec["redeal"] is None and ex.spec["moves"]["turn"]["recycle"] == 1


def test_named_cards_with_their_suits_begin_the_first_foundations() -> None:
    """«вынимают туза пик и туза червей …; это первые две основные карты. Два остальных туза
    присоединяются к ним, как только освободятся»: four ace foundations, the two named cards
    taken out first to the first two."""
    ex = _draft(
        "Прежде раскладки из колоды вынимают туза пик и туза червей и кладут их наверху стола; "
        "это первые две основные карты.",
        "Два остальных туза присоединяются к ним, как только освободятся в раскладке.",
        "На тузы кладут карты одной с ними масти, в восходящем порядке, от двойки до короля.",
    )
    assert ex.spec["piles"]["foundations"]["count"] == 4
    assert ex.spec["setup"] == [
        {"take": {"cards": ["AS", "AH"]}, "to": ["foundations.1", "foundations.2"]}]  # fmt: skip
    got, _ = sentence_facts("Из колоды вынимают червонного туза и пикового короля.")
    assert ("setup.cards", ["AH", "KS"]) in [(f.key, f.value) for f in got]


def test_the_next_card_dealt_named_the_first_foundation_card() -> None:
    """«следующую, девятую карту кладут выше этого ряда: это первая основная карта»: a deal
    step of one card to the first foundation, whose rank begins them all."""
    ex = _draft(
        "Сдают восемь карт открытыми в один ряд; следующую, девятую карту кладут выше этого "
        "ряда: это первая основная карта.",
        "На основные карты кладут карты той же масти в восходящем порядке.",
    )
    [gid] = [g for g, p in ex.spec["piles"].items() if p["role"] == "foundation"]
    assert ex.spec["piles"][gid]["foundation"]["base"] == "first"
    assert ex.spec["deal"][-1] == {"id": "base", "to": [f"{gid}.1"]}
    assert ex.spec["piles"]["columns"]["count"] == 8


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("Марьяж делается только на боковых пачках, в нисходящем порядке и непременно в масть.",
         [("build.direction", "down"), ("suit.same", True)]),
        ("Марьяж делается только в нижнем ряду, в нисходящем порядке и с переменою цвета.",
         [("build.direction", "down"), ("build.suit", "alternate")]),
    ],
)  # fmt: skip
def test_marriage_only_on_one_group_of_the_layout(sentence, facts) -> None:
    """«только на боковых пачках»: where the marriage is made, the layout (no loose
    restriction)."""
    got, loose = sentence_facts(sentence)
    assert [(f.key, f.value) for f in got] == facts and loose == []


def test_thirteen_cards_that_form_the_reserve_are_one_pile_of_thirteen() -> None:
    ex = _draft(
        "Раскладывают двенадцать карт открытыми в четыре столбца, по три карты в каждом.",
        "Затем отсчитываются тринадцать карт, которые кладутся стопкою лицом вверх по левую "
        "руку и составляют так называемый резерв.",
    )
    gid, reserve = _group(ex, "reserve")
    assert reserve["count"] == 1
    assert ex.spec["deal"][-1] == {"id": "reserve", "to": [gid], "face": "up", "rounds": 13}


def test_cards_of_one_suit_named_together() -> None:
    got, _ = sentence_facts("Из колоды вынимают даму и валета червей и кладут их рядом.")
    assert ("setup.cards", ["QH", "JH"]) in [(f.key, f.value) for f in got]


def test_a_reserve_as_a_source_and_its_cards_to_the_foundations_only() -> None:
    ex = _draft(
        "Раскладывают двенадцать карт открытыми в четыре столбца, по три карты в каждом.",
        "Затем отсчитываются тринадцать карт, которые кладутся стопкою лицом вверх по левую "
        "руку и составляют так называемый резерв.",
        "В раскладке марьяж делается в нисходящем порядке, с переменою цвета.",
        "Карты резерва идут только на основные карты.",
        "Пустое место в раскладке тотчас закрывается верхнею картою резерва.",
    )
    gid, _ = _group(ex, "reserve")
    assert "marry-reserve" not in ex.spec["moves"]
    assert ex.spec["fill"]["columns"]["sources"] == [{"from": [gid]}]


def test_the_cards_left_over_go_to_the_first_cells() -> None:
    """«всю колоду, кроме четырех последних карт, раскладывают …» (the exception is the cards
    left over) and «оставшиеся четыре карты кладут на первые четыре из восьми запасных мест,
    а остальные четыре места пока остаются пустыми»: a deal step to the first four cells."""
    ex = _draft(
        "Сбоку раскладки оставляют восемь запасных мест, каждое только для одной карты.",
        "Всю колоду, кроме четырех последних карт, раскладывают открытыми в восемь столбцов, "
        "по шести карт в каждом.",
        "Оставшиеся четыре карты кладут на первые четыре из восьми запасных мест, а остальные "
        "четыре места пока остаются пустыми.",
    )
    assert not ex.not_understood
    assert ex.spec["piles"]["cells"]["count"] == 8
    assert [st["to"] for st in ex.spec["deal"]] == [
        ["columns"], ["cells.1", "cells.2", "cells.3", "cells.4"]]  # fmt: skip
    assert ex.spec["deal"][0]["rounds"] == 6


@pytest.mark.parametrize(
    ("sentence", "run"),
    [
        ("Карты переносятся всегда по одной.", False),
        ("Перекладывается за один раз только одна карта.", False),
        ("Переносить с пачки на пачку можно не иначе, как по одной карте.", False),
        ("С одной пачки на другую переносятся не только отдельные карты, но и несколько карт "
         "разом, если они лежат в правильном марьяже.", True),
        ("Можно переносить не только верхнюю карту, но и сколько угодно верхних карт зараз, "
         "лишь бы они шли по порядку.", True),
    ],
)  # fmt: skip
def test_single_cards_or_runs_said_more_ways(sentence, run) -> None:
    got, loose = sentence_facts(sentence)
    assert ("build.run", run) in [(f.key, f.value) for f in got] and loose == []


def test_marriage_on_the_open_cards_of_the_columns() -> None:
    got, loose = sentence_facts("Марьяж делается на открытых картах столбцов, непременно в масть "
                                "и в нисходящем порядке.")  # fmt: skip
    assert [(f.key, f.value) for f in got] == [("build.direction", "down"), ("suit.same", True)]
    assert loose == []


def test_a_space_taking_the_top_card_of_another_pile_takes_any_card() -> None:
    """«на его место кладут крайнюю карту любого другого ряда»: the building moves go into
    a space (empty: any), no fill rule; «верхняя карта талона … может идти туда же, куда и
    карты столбов»: the talon's top builds on the layout too."""
    ex = _draft(
        "Раскладывают восемь столбцов, по шести карт в каждом.",
        "В раскладке марьяж делается в нисходящем порядке.",
        "Если какой-нибудь столбец совершенно опустеет, на его место кладут крайнюю карту "
        "любого другого столбца.",
        "Остальные карты открывают из колоды по одной; негодные кладут в талон.",
        "Верхняя карта талона всегда остается годною и может идти туда же, куда и карты столбцов.",
    )
    assert ex.spec["fill"] == {}
    assert ex.spec["moves"]["marry"]["build"]["empty"] == "any"
    assert ex.spec["moves"]["marry-talon"]["to"] == ["columns"]


def test_the_pack_passes_through_the_hands_once() -> None:
    got, loose = sentence_facts("Колода проходит через руки только один раз.")
    assert [(f.key, f.value) for f in got] == [("turn.recycle", 0)] and loose == []


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("Колоду дозволяется раскладывать вторично один только раз.",
         [("redeal.deals", 2), ("redeal.of_deck", True)]),
        ("Пасьянс разрешается раскладывать вторично только один раз.", [("redeal.deals", 2)]),
    ],
)  # fmt: skip
def test_dealt_again_once_more(sentence, facts) -> None:
    got, loose = sentence_facts(sentence)
    assert [(f.key, f.value) for f in got] == facts and loose == []


def test_cards_laid_when_they_come_into_play_is_a_frame() -> None:
    """«…, как только они выйдут в игру»: the condition frames the rule before it, which
    stands (the first card's rank begins the other foundations)."""
    got, loose = sentence_facts(
        "Остальные три карты того же достоинства кладут рядом с первою основною картою, как "
        "только они выйдут в игру."
    )
    keys = [f.key for f in got]
    assert "foundation.same_rank" in keys and "cond.come_into_play" in keys and loose == []


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        # a count of shuffles of the layout is a count of redeals (deals: one more)
        ("Допускается делать 3 таких перетасовки карт.", [("redeal.deals", 4)]),
        ("В пасьянсе карты можно перемешивать 3 раза.", [("redeal.deals", 4)]),
        # a program's borrowed pile word is the pile
        ("На пустой tableau можно положить только короля.", [("build.empty", 13)]),
        ("Открываем последнюю карту в каждом столбце.", [("deal.face", "down-but-last")]),
        ("Последняя карта в столбце - открыта, остальные - закрыты.",
         [("deal.face", "down-but-last")]),
        # «любую карту»: the card put may be of any suit
        ("На столбец можно класть любую карту по убыванию.",
         [("build.direction", "down"), ("suit.any", True)]),
        # an empty pile takes «что угодно», «отдельные карты или секвенции»: any card (a
        # run too: runs move)
        ("На пустой столбец можно класть что угодно.", [("fill.sources", ["talon", "tableau"])]),
        ("Свободные места можно занимать отдельными картами или секвенциями.",
         [("fill.sources", ["talon", "tableau"]), ("build.run", True)]),
        # colours that must differ alternate
        ("Карты кладутся по убыванию, цвета мастей должны отличаться.",
         [("example.direction", "down"), ("build.suit", "alternate")]),
        # the talon put back in the stock: turned again whenever it runs out
        ("Все карты из сброса возвращают в колоду.", [("turn.recycle", "unlimited")]),
        # a count of deals of so many cards: the stock dealt in rounds onto the layout, not
        # turned so many at a time
        ("Пять раздач из колоды по 10 карт.", [("deal.next_round", "stuck")]),
        ("Сдача из колоды происходит по 3 карты.", [("turn.count", 3)]),
    ],
)  # fmt: skip
def test_phrasings_of_program_help_and_catalogue_pages(sentence, facts) -> None:
    from pipeline.extract.facts import island_facts
    from pipeline.extract.islands import parse_sentence

    got = [(f.key, f.value) for c in parse_sentence(sentence) for f in island_facts(c)[0]]
    assert got == facts
