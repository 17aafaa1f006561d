#!/usr/bin/env python3
"""Off-development paradigm grids (issue 18 §3): short passages generated from lists of the
parts a rule sentence is made of, each with the key facts it states.

    python3 benchmarks/paradigm_grid.py            # cells right per area
    python3 benchmarks/paradigm_grid.py --errors   # and every cell that fails, with its facts
    python3 benchmarks/paradigm_grid.py --json

Why: the development passages are nearly read out, so a gain on them says little about text
never seen. A grid crosses every numeral form with every pile noun and the case its frame
governs, every way of saying a direction or a suit rule with every place and verb frame, so a
part that composes passes a whole row and a phrasing learnt by heart passes one cell. The
sentences are generated here from the lists (hand-written forms, not the grammar's lexicon),
never copied from a rule text; the key facts are those of `real_quality.py` (`spec_facts`),
read off the draft of the cell's sentences as a game of play sentences alone. A cell is right
when every key it names has its value; keys it does not name are not compared.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))


@dataclass(frozen=True)
class Cell:
    area: str
    sentences: tuple[str, ...]
    facts: dict[str, Any] = field(hash=False)

    @property
    def id(self) -> str:
        return f"{self.area}: {' '.join(self.sentences)}"


# --- numerals: digits and words in the cases the frames govern -------------------------------

# number -> nominative/accusative, genitive, dative, instrumental, prepositional
NUMERALS: dict[int, tuple[str, str, str, str, str]] = {
    3: ("три", "трёх", "трём", "тремя", "трёх"),
    4: ("четыре", "четырёх", "четырём", "четырьмя", "четырёх"),
    5: ("пять", "пяти", "пяти", "пятью", "пяти"),
    6: ("шесть", "шести", "шести", "шестью", "шести"),
    7: ("семь", "семи", "семи", "семью", "семи"),
    8: ("восемь", "восьми", "восьми", "восемью", "восьми"),
    9: ("девять", "девяти", "девяти", "девятью", "девяти"),
    10: ("десять", "десяти", "десяти", "десятью", "десяти"),
    11: ("одиннадцать", "одиннадцати", "одиннадцати", "одиннадцатью", "одиннадцати"),
    12: ("двенадцать", "двенадцати", "двенадцати", "двенадцатью", "двенадцати"),
    13: ("тринадцать", "тринадцати", "тринадцати", "тринадцатью", "тринадцати"),
}
CASES = {"nom": 0, "gen": 1, "dat": 2, "ins": 3, "loc": 4}


def num(n: int, case: str, digits: bool) -> str:
    return str(n) if digits else NUMERALS[n][CASES[case]]


@dataclass(frozen=True)
class Noun:
    """A pile noun's forms: genitive singular (after 2–4), and the plural cases."""

    gen_sg: str
    nom_pl: str
    gen_pl: str
    dat_pl: str
    ins_pl: str
    loc_pl: str
    fem: bool


PILE_NOUNS = {
    "столбец": Noun("столбца", "столбцы", "столбцов", "столбцам", "столбцами", "столбцах", False),
    "колонка": Noun("колонки", "колонки", "колонок", "колонкам", "колонками", "колонках", True),
    "кучка": Noun("кучки", "кучки", "кучек", "кучкам", "кучками", "кучках", True),
    "стопка": Noun("стопки", "стопки", "стопок", "стопкам", "стопками", "стопках", True),
    "пачка": Noun("пачки", "пачки", "пачек", "пачкам", "пачками", "пачках", True),
    "веер": Noun("веера", "веера", "вееров", "веерам", "веерами", "веерах", False),
}


def counted(n: int, noun: Noun, case: str, digits: bool) -> str:
    """A numeral with its noun agreeing: «в семь столбцов», «в три колонки», «семью кучками»."""
    if case == "nom":
        form = noun.gen_sg if n in (3, 4) else noun.gen_pl
    else:
        form = {"gen": noun.gen_pl, "dat": noun.dat_pl, "ins": noun.ins_pl, "loc": noun.loc_pl}[
            case
        ]
    return f"{num(n, case, digits)} {form}"


def cards(m: int, digits: bool) -> str:
    """«по пять карт», «по три карты», «по 4 карты»."""
    return (
        f"по {m} {'карты' if m in (3, 4) else 'карт'}"
        if digits
        else (f"по {NUMERALS[m][0]} {'карты' if m in (3, 4) else 'карт'}")
    )


# --- the layout: a numeral with a pile noun and the cards each -------------------------------

_LAYOUT_FRAMES = (
    # (case of the numeral, sentence with {piles}, {cards}, {each} = в каждом/каждой)
    ("nom", "Карты раскладывают в {piles} {cards}."),
    ("nom", "Разложите {piles} {cards}."),
    ("nom", "Сдаётся {piles} {cards} в {each}."),
    ("nom", "Из колоды сдают {piles}, {cards} в {each}."),
    ("loc", "В {piles} лежит {cards}."),
    ("gen", "Расклад состоит из {piles} {cards}."),
    ("dat", "Карты раздают по {piles}, {cards} в {each}."),
    ("ins", "Карты выкладывают {piles} {cards}."),
    ("nom", "Колоду тасуют и сдают на {piles} {cards}."),
    ("nom", "Перетасовав колоду, выложите {piles}, {cards} в {each}, лицом вверх."),
    ("loc", "Карты раскладываются в {piles}, в {each} {cards}."),
    ("gen", "Каждый из {piles} получает {cards_bare}."),
)


def layout_cells() -> list[Cell]:
    out: list[Cell] = []
    # (piles, cards each): every pair fits one pack
    pairs = ((7, 5), (8, 4), (10, 3), (12, 4), (4, 6), (6, 8), (9, 5), (13, 3), (5, 7), (3, 8))
    i = 0
    for noun in PILE_NOUNS.values():
        for case, frame in _LAYOUT_FRAMES:
            for digits in (False, True):
                n, m = pairs[i % len(pairs)]
                i += 1
                each = "каждой" if noun.fem else "каждом"
                text = frame.format(
                    piles=counted(n, noun, case, digits),
                    cards=cards(m, digits),
                    cards_bare=cards(m, digits)[3:],
                    each=each,
                )
                if noun.fem:
                    text = text.replace("Каждый из", "Каждая из")
                text = text[0].upper() + text[1:]
                out.append(Cell("layout", (text,), {"tableau.piles": n, "tableau.cards": m}))
    return out


# --- the pack ---------------------------------------------------------------------------------

_DECK_FRAMES = (
    ("Для пасьянса нужна одна колода в 52 карты.", 1),
    ("Играют одной колодой.", 1),
    ("Берут полную колоду из пятидесяти двух карт.", 1),
    ("Пасьянс раскладывают одной колодой карт.", 1),
    ("Играют двумя колодами.", 2),
    ("Для пасьянса нужны две колоды по 52 карты.", 2),
    ("Берутся 2 колоды карт.", 2),
    ("Пасьянс раскладывается из двух колод.", 2),
    ("Используют две полные колоды, всего 104 карты.", 2),
    ("Понадобятся три колоды.", 3),
    ("Игра ведётся тремя колодами карт.", 3),
    ("Пасьянс раскладывают из 4 колод.", 4),
)


def deck_cells() -> list[Cell]:
    return [Cell("deck", (s,), {"decks": n}) for s, n in _DECK_FRAMES]


# --- cards on the foundations: card phrases, places, directions, suit rules ------------------

FOUND_PLACES = (
    # (nominative plural, accusative after в/на, prepositional)
    ("основания", "основания", "основаниях"),
    ("базовые стопки", "базовые стопки", "базовых стопках"),
    ("дома", "дома", "домах"),
)

DIRECTIONS_UP = (
    "в восходящем порядке",
    "по возрастающей",
    "по возрастанию",
    "от туза до короля",
    "вверх по старшинству",
    "в порядке возрастания",
)
DIRECTIONS_DOWN = (
    "в нисходящем порядке",
    "по убывающей",
    "по убыванию",
    "от короля до туза",
    "вниз по старшинству",
    "в порядке убывания",
)

_BASE_FRAMES = (
    # (sentence with {place_acc}/{place_loc}/{place_nom}, base rank, foundation count or None)
    ("Тузы кладут в {place_acc}.", "A", None),
    ("Все четыре туза выкладывают в {place_acc}.", "A", 4),
    ("Короли кладутся в {place_acc}.", "K", None),
    ("Все четыре короля выкладываются в {place_acc}.", "K", 4),
    ("{place_nom} начинают с тузов.", "A", None),
    ("{place_nom} начинают с королей.", "K", None),
    ("Восемь тузов кладут в {place_acc}.", "A", 8),
    ("Первая карта каждого из {place_gen} — туз.", "A", None),
    ("Как только откроется туз, его кладут в {place_acc}.", "A", None),
    ("Когда появляется король, его кладут в {place_acc}.", "K", None),
)
FOUND_GEN = {"основания": "оснований", "базовые стопки": "базовых стопок", "дома": "домов"}


def foundation_cells() -> list[Cell]:
    out: list[Cell] = []
    for nom, acc, _loc in FOUND_PLACES:
        for frame, base, count in _BASE_FRAMES:
            text = frame.format(place_acc=acc, place_nom=nom, place_gen=FOUND_GEN[nom])
            text = text[0].upper() + text[1:]
            want: dict[str, Any] = {"foundation.base": base}
            if count:
                want["foundations"] = count
            out.append(Cell("foundation-base", (text,), want))
    verbs = (
        "В {loc} карты кладут {dir}.",
        "На {acc} карты кладутся {dir}.",
        "В {loc} кладите карты {dir}.",
        "Карты на {acc} можно класть только {dir}.",
        "На {acc} карты перекладывают {dir}.",
        "{nom} собираются {dir}.",
    )
    i = 0
    for nom, acc, loc in FOUND_PLACES:
        for way, dirs in (("up", DIRECTIONS_UP), ("down", DIRECTIONS_DOWN)):
            for d in dirs:
                frame = verbs[i % len(verbs)]
                i += 1
                text = frame.format(nom=nom, acc=acc, loc=loc, dir=d)
                text = text[0].upper() + text[1:]
                out.append(Cell("foundation-direction", (text,), {"foundation.direction": way}))
    suits = (
        ("той же масти", "same"),
        ("одной масти", "same"),
        ("по мастям", "same"),
        ("в масть", "same"),
        ("независимо от масти", "any"),
        ("любой масти", "any"),
    )
    i = 0
    for _nom, _acc, loc in FOUND_PLACES:
        for s, suit in suits:
            d = DIRECTIONS_UP[i % len(DIRECTIONS_UP)]
            i += 1
            text = f"В {loc} карты кладут {s} {d}."
            out.append(
                Cell(
                    "foundation-suit",
                    (text,),
                    {"foundation.suit": suit, "foundation.direction": "up"},
                )
            )
    return out


# --- building on the layout: place × direction × suit rule × verb frame --------------------

BUILD_PLACES = (
    ("столбцах", "столбцы", "столбца", "столбец"),
    ("колонках", "колонки", "колонки", "колонку"),
    ("кучках", "кучки", "кучки", "кучку"),
    ("стопках", "стопки", "стопки", "стопку"),
    ("веерах", "веера", "веера", "веер"),
    ("рядах", "ряды", "ряда", "ряд"),
)
BUILD_SUITS = (
    ("той же масти", "same"),
    ("одной масти", "same"),
    ("в масть", "same"),
    ("чередуя цвета", "alternate"),
    ("чередуя цвет", "alternate"),
    ("другого цвета", "alternate"),
    ("красную на чёрную и чёрную на красную", "alternate"),
    ("независимо от масти", "any"),
    ("любой масти", "any"),
)
_BUILD_FRAMES = (
    "В {loc} карты кладут {dir}, {suit}.",  # 3rd plural
    "В {loc} можно класть карты {dir}, {suit}.",  # impersonal with an infinitive
    "В {loc} кладите карты {dir}, {suit}.",  # imperative
    "В {loc} карты кладутся {dir}, {suit}.",  # passive
    "В {loc} вы кладёте карты {dir}, {suit}.",  # 2nd plural
    "Карты перекладывают с {gen} на {acc} {dir}, {suit}.",  # from pile to pile
    "На {nom} карты перекладываются {dir}, {suit}.",
    "Карты в {loc} раскладываются {dir}, {suit}.",
)


def build_cells() -> list[Cell]:
    out: list[Cell] = []
    dirs = [(d, "up") for d in DIRECTIONS_UP[:3]] + [(d, "down") for d in DIRECTIONS_DOWN[:3]]
    dirs += [(DIRECTIONS_DOWN[4], "down"), (DIRECTIONS_UP[4], "up")]
    i = 0
    for loc, nom, gen, acc in BUILD_PLACES:
        for s, suit in BUILD_SUITS:
            d, way = dirs[i % len(dirs)]
            frame = _BUILD_FRAMES[i % len(_BUILD_FRAMES)]
            i += 1
            text = frame.format(loc=loc, nom=nom, gen=gen, acc=acc, dir=d, suit=s)
            out.append(Cell("build", (text,), {"build.direction": way, "build.suit": suit}))
    # a lower card on a higher one, named by rank words
    for loc, _nom, _gen, _acc in BUILD_PLACES:
        out.append(
            Cell(
                "build-ranked",
                (f"В {loc} младшую карту кладут на старшую.",),
                {"build.direction": "down"},
            )
        )
        out.append(
            Cell(
                "build-ranked",
                (f"В {loc} на каждую карту можно положить карту на единицу старше.",),
                {"build.direction": "up"},
            )
        )
    return out


# --- spaces: a place emptied, and what fills it ----------------------------------------------

_SPACE_PLACES = (
    # (nominative, accusative, «его/её»)
    ("столбец", "столбец", "его"),
    ("колонка", "колонку", "её"),
    ("стопка", "стопку", "её"),
    ("кучка", "кучку", "её"),
)
_SPACE_FRAMES = (
    ("Свободный {nom} можно заполнить любой картой.", "any"),
    ("Пустую {acc} можно занять любой картой.", "any"),
    ("В пустой {nom} кладут только короля.", "K"),
    ("На свободное место можно положить только короля.", "K"),
    ("Освободившийся {nom} заполняется королём.", "K"),
    ("Если {nom} опустел, {pro} можно заполнить любой картой.", "any"),
    ("Когда {nom} освободится, в {pro2} можно положить любую карту.", "any"),
    ("Пустое место заполняется картой из колоды.", "fill:stock"),
    ("Освободившееся место сразу занимают верхней картой колоды.", "fill:stock"),
    ("Пустой {nom} заполнять нельзя.", "none"),
    (
        "Освободившийся {nom} можно занять только королём или группой карт, начинающейся с короля.",
        "K",
    ),
    ("На пустое место можно положить только туза.", "A"),
)


def _fem(nom: str, pro: str, text: str) -> str:
    if pro == "её":
        text = text.replace("Свободный " + nom, "Свободная " + nom)
        text = text.replace("пустой " + nom, "пустую " + nom)
        text = text.replace("Освободившийся " + nom, "Освободившаяся " + nom)
        text = text.replace("Пустой " + nom, "Пустую " + nom) if "заполнять" in text else text
        text = text.replace(nom + " опустел", nom + " опустела")
    return text


def space_cells() -> list[Cell]:
    out: list[Cell] = []
    lead = "В {loc} карты кладут по убыванию."
    locs = {"столбец": "столбцах", "колонка": "колонках", "стопка": "стопках", "кучка": "кучках"}
    for nom, acc, pro in _SPACE_PLACES:
        for frame, space in _SPACE_FRAMES:
            pro2 = "него" if pro == "его" else "неё"
            text = _fem(nom, pro, frame.format(nom=nom, acc=acc, pro=pro, pro2=pro2))
            out.append(Cell("space", (lead.format(loc=locs[nom]), text), {"space": space}))
    return out


# --- the stock: cards turned, redeals ---------------------------------------------------------

_TURN_FRAMES = (
    ("Карты из колоды открывают по одной.", 1),
    ("Из колоды переворачивают по одной карте.", 1),
    ("Оставшиеся карты открывают по одной и кладут в сброс.", 1),
    ("Колоду открывайте по одной карте.", 1),
    ("Из прикупа снимают по одной карте.", 1),
    ("Карты из колоды открывают по три.", 3),
    ("Из колоды переворачивают по три карты.", 3),
    ("Из колоды в талон кладут по 3 карты.", 3),
    ("Колода открывается тройками.", 3),
    ("Карты из колоды сдают в сброс по три карты.", 3),
)
_REDEAL_FRAMES = (
    ("Колода не пересдаётся.", 0),
    ("Пересдавать колоду нельзя.", 0),
    ("Пересдачи нет.", 0),
    ("Колоду можно пересдать один раз.", 1),
    ("Колоду разрешается пересдавать два раза.", 2),
    ("Пересдать колоду можно дважды.", 2),
    ("Колоду можно пересдавать трижды.", 3),
    ("Колоду пересдают сколько угодно раз.", "unlimited"),
    ("Когда колода кончится, сброс переворачивают и используют снова, но только один раз.", 1),
    ("Талон можно перевернуть и пройти ещё два раза.", 2),
    ("Пересдавать колоду можно без ограничений.", "unlimited"),
    ("Если колода закончилась, её можно пересдать один раз.", 1),
)


def stock_cells() -> list[Cell]:
    out = [Cell("stock-turn", (s,), {"stock.turn": n}) for s, n in _TURN_FRAMES]
    lead = "Карты из колоды открывают по одной."
    out += [Cell("redeal", (lead, s), {"redeals": n}) for s, n in _REDEAL_FRAMES]
    return out


# --- the goal ---------------------------------------------------------------------------------

_GOAL_OPENINGS = (
    "Цель игры — {v}",
    "Цель пасьянса — {v}",
    "Задача игрока — {v}",
    "Цель игры состоит в том, чтобы {v}",
    "Нужно {v}",
)
_GOAL_BODIES = (
    ("собрать все карты в {acc}", {"win": "all-on-foundations"}),
    ("перенести все карты на {acc}", {"win": "all-on-foundations"}),
    (
        "собрать на {acc} все карты по мастям от туза до короля",
        {"win": "all-on-foundations", "foundation.base": "A", "foundation.direction": "up"},
    ),
    (
        "сложить все карты в {acc} по мастям от короля до туза",
        {"win": "all-on-foundations", "foundation.base": "K", "foundation.direction": "down"},
    ),
    (
        "разложить все карты в четыре {acc} по мастям в восходящем порядке",
        {"win": "all-on-foundations", "foundations": 4, "foundation.direction": "up"},
    ),
)


def goal_cells() -> list[Cell]:
    out: list[Cell] = []
    i = 0
    places = (("основания", "основания"), ("дома", "дома"), ("базовые стопки", "базовые стопки"))
    for body, want in _GOAL_BODIES:
        for opening in _GOAL_OPENINGS:
            _, acc = places[i % len(places)]
            i += 1
            text = opening.format(v=body.format(acc=acc)) + "."
            out.append(Cell("goal", (text,), dict(want)))
    for opening in _GOAL_OPENINGS:
        text = opening.format(v="убрать все карты со стола") + "."
        out.append(Cell("goal", (text,), {"win": "tableau-empty"}))
    return out


# --- faces, reserve, runs, triangles -----------------------------------------------------------

_FACES = (
    ("лицом вверх", "up"),
    ("в открытую", "up"),
    ("открытыми", "up"),
    ("лицом вниз", "down"),
    ("рубашкой вверх", "down"),
    ("втёмную", "down"),
    ("закрытыми", "down"),
)
_FACE_FRAMES = (
    "Карты раскладывают в семь столбцов по пять карт {face}.",
    "Разложите {face} восемь кучек по четыре карты.",
    "В десять стопок кладут по три карты, все {face}.",
)
_LAST_UP = (
    "Карты раскладывают в семь столбцов по пять карт лицом вниз, верхнюю карту открывают.",
    "Разложите восемь кучек по четыре карты рубашкой вверх; верхняя карта каждой кучки открыта.",
    "В десять стопок кладут по три карты; открыта только последняя карта каждой стопки.",
    "Сдайте шесть колонок по пять карт закрытыми, а верхнюю карту переверните.",
)


def face_cells() -> list[Cell]:
    out: list[Cell] = []
    i = 0
    for face, want in _FACES:
        for frame in _FACE_FRAMES:
            i += 1
            out.append(Cell("face", (frame.format(face=face),), {"tableau.face": want}))
    out += [Cell("face", (s,), {"tableau.face": "down-but-last"}) for s in _LAST_UP]
    return out


_RESERVE_FRAMES = (
    ("В резерв кладут {n} карт.", "gen"),
    ("Отложите {n} карт в резерв.", "gen"),
    ("Резерв состоит из {n} карт.", "gen"),
    ("Отдельно кладут пачку из {n} карт — это резерв.", "gen"),
    ("{n} карт откладывают в сторону как запас.", "nom"),
    ("В запас выкладывают {n} карт лицом вверх.", "nom"),
)


def reserve_cells() -> list[Cell]:
    out: list[Cell] = []
    i = 0
    for frame, case in _RESERVE_FRAMES:
        for n in (13, 11):
            for digits in (False, True):
                i += 1
                text = frame.format(n=num(n, case, digits))
                text = text[0].upper() + text[1:]
                out.append(
                    Cell(
                        "reserve",
                        ("Карты раскладывают в семь столбцов по пять карт.", text),
                        {"reserve.piles": 1, "reserve.cards": n},
                    )
                )
    return out


_RUN_FRAMES = (
    ("Переносить можно только по одной карте.", False),
    ("Перекладывают карты только поодиночке.", False),
    ("Группы карт переносить нельзя.", False),
    ("Можно переносить и группы карт.", True),
    ("Последовательность карт можно перенести целиком.", True),
    ("Разрешается перемещать сразу несколько карт, если они лежат по порядку.", True),
)


def run_cells() -> list[Cell]:
    lead = "В столбцах карты кладут по убыванию, чередуя цвета."
    return [
        Cell("run", (lead, s), {"build.run": r, "build.direction": "down"}) for s, r in _RUN_FRAMES
    ]


_TRIANGLES = (
    ("В первый столбец кладут одну карту, во второй — две, и так далее до седьмого.", 7),
    ("Раскладывают семь столбцов: в первом одна карта, во втором две, в седьмом семь.", 7),
    ("Сдайте шесть колонок, в каждой следующей на одну карту больше, чем в предыдущей.", 6),
    ("В стопках лежит от одной до восьми карт.", 8),
    ("Карты раскладывают лесенкой в семь стопок: от одной карты до семи.", 7),
    (
        "Раскладывают семь колонок; количество карт в колонках увеличивается на одну "
        "слева направо.",
        7,
    ),
    ("Сдают шесть стопок: в первой одна карта, во второй две и так далее.", 6),
    ("В первую стопку кладут одну карту, во вторую две, в третью три, и так до восьмой стопки.", 8),
    ("Карты раскладываются в 7 колонок, в первой колонке 1 карта, во второй 2 и так далее.", 7),
    ("Выложите семь столбцов, в каждом следующем на карту больше.", 7),
    ("Раскладывают семь стопок, в которых соответственно 1, 2, 3, 4, 5, 6 и 7 карт.", 7),
    ("В семь стопок раскладывают по возрастающей от одной до семи карт.", 7),
)


def triangle_cells() -> list[Cell]:
    return [
        Cell("triangle", (s,), {"tableau.piles": n, "tableau.cards": list(range(1, n + 1))})
        for s, n in _TRIANGLES
    ]


# --- building told by named cards: a card phrase put on a card phrase ------------------------

# rank: (accusative, genitive of «на … старше»)
_RANK_ACC = {
    13: "короля", 12: "даму", 11: "валета", 10: "десятку", 9: "девятку", 8: "восьмёрку",
    7: "семёрку", 6: "шестёрку", 5: "пятёрку", 4: "четвёрку", 3: "тройку", 2: "двойку",
}  # fmt: skip
_CARD_FRAMES = (
    # (frame with {lo} put on {hi} when down, the colour words before each)
    "В столбцах можно класть {a}{x} на {b}{y}.",
    "На {b}{y} кладут {a}{x}.",
    "В колонках {a}{x} кладётся на {b}{y}.",
    "Положите {a}{x} на {b}{y}.",
    "На {b}{y} можно положить {a}{x}, на неё — следующую и так далее.",
)
_CARD_SUITS = (
    ("красную ", "чёрную ", "alternate"),
    ("чёрную ", "красную ", "alternate"),
    ("", "", None),
)


def card_build_cells() -> list[Cell]:
    out: list[Cell] = []
    i = 0
    for hi in (13, 10, 8, 5):
        for way in ("down", "up"):
            for a_col, b_col, suit in _CARD_SUITS:
                frame = _CARD_FRAMES[i % len(_CARD_FRAMES)]
                i += 1
                lo = hi - 1 if way == "down" else hi + 1
                if lo > 13:
                    continue
                a, b = _RANK_ACC[lo], _RANK_ACC[hi]
                a_c, b_c = a_col, b_col
                if a in ("короля", "валета"):
                    a_c = a_col.replace("ую ", "ого ")
                if b in ("короля", "валета"):
                    b_c = b_col.replace("ую ", "ого ")
                text = frame.format(a=a_c, x=a, b=b_c, y=b)
                if "на неё" in text and a in ("короля", "валета"):
                    text = text.replace("на неё", "на него")
                text = text[0].upper() + text[1:]
                want: dict[str, Any] = {"build.direction": way}
                if suit:
                    want["build.suit"] = suit
                lead = "Карты раскладывают в семь столбцов по пять карт."
                out.append(Cell("build-cards", (lead, text), want))
    return out


# --- clauses joined: two parts of different areas in one sentence --------------------------

_CLAUSE_LAYOUT = (
    ("раскладывают семь столбцов по пять карт", {"tableau.piles": 7, "tableau.cards": 5}),
    ("из колоды сдают восемь кучек по четыре карты", {"tableau.piles": 8, "tableau.cards": 4}),
    ("на столе выкладывают 10 стопок по 3 карты", {"tableau.piles": 10, "tableau.cards": 3}),
    ("карты сдаются в шесть колонок по восемь карт", {"tableau.piles": 6, "tableau.cards": 8}),
)
_CLAUSE_OTHER = (
    ("все карты лежат рубашкой вверх", {"tableau.face": "down"}),
    ("короли по мере появления выкладывают в основания", {"foundation.base": "K"}),
    ("на основаниях карты собирают по убыванию", {"foundation.direction": "down"}),
    (
        "карты в {loc} кладут по убыванию, чередуя цвета",
        {"build.direction": "down", "build.suit": "alternate"},
    ),
    (
        "на {acc} кладут карты в нисходящем порядке той же масти",
        {"build.direction": "down", "build.suit": "same"},
    ),
    ("свободный {sg} можно занять только королём", {"space": "K"}),
    ("оставшиеся карты открывают из колоды по три", {"stock.turn": 3}),
    ("колоду можно пересдать два раза", {"redeals": 2}),
)
_PLACES_OF_LAYOUT = {
    "столбцов": ("столбцах", "столбцы", "столбец"),
    "кучек": ("кучках", "кучки", "кучку"),
    "стопок": ("стопках", "стопки", "стопку"),
    "колонок": ("колонках", "колонки", "колонку"),
}
_JOINERS = (", а ", ", причём ", "; ", ", и ", ". Затем ", ", после чего ")
_OPENINGS = ("", "Сначала ", "В этом пасьянсе ", "Для начала ")


def compound_cells() -> list[Cell]:
    out: list[Cell] = []
    i = 0
    for layout, want_l in _CLAUSE_LAYOUT:
        noun = next(k for k in _PLACES_OF_LAYOUT if k in layout)
        loc, acc, sg = _PLACES_OF_LAYOUT[noun]
        for other, want_o in _CLAUSE_OTHER:
            joiner = _JOINERS[i % len(_JOINERS)]
            opening = _OPENINGS[i % len(_OPENINGS)]
            i += 1
            part = other.format(loc=loc, acc=acc, sg=sg)
            if sg in ("кучку", "стопку", "колонку"):
                part = part.replace(f"свободный {sg}", f"свободную {sg}")
            text = (
                opening
                + layout
                + joiner
                + (part[0].upper() + part[1:] if joiner.startswith(".") else part)
                + "."
            )
            text = text[0].upper() + text[1:]
            sentences = (
                tuple(
                    x.strip() + ("" if x.strip().endswith(".") else ".") for x in text.split(". ")
                )
                if joiner.startswith(".")
                else (text,)
            )
            out.append(Cell("compound", sentences, {**want_l, **want_o}))
    return out


# --- the first piles dealt more (two packs), cells, unlimited passes, relative ranks ----------

_UNEVEN = (
    "Раздайте 54 карты в 10 стопок: в первые четыре по шесть карт, в остальные по пять.",
    "Сдайте десять стопок: четыре стопки по 6 карт и шесть стопок по 5 карт.",
    "Раскладывают десять столбцов; в первых четырёх по шесть карт, в остальных шести по пять.",
    "Карты сдают в десять колонок: первые четыре колонки получают по 6 карт, остальные — по 5.",
    "Раскладывается 10 кучек, в четырёх из них по шесть карт, в шести — по пять.",
)


def uneven_cells() -> list[Cell]:
    want = {"tableau.piles": 10, "tableau.cards": [5, 5, 5, 5, 5, 5, 6, 6, 6, 6], "decks": 2}
    return [Cell("uneven", ("Играют двумя колодами.", s), dict(want)) for s in _UNEVEN]


_CELLS = (
    "В левом верхнем углу находятся четыре свободные ячейки, в каждую можно положить одну карту.",
    "Есть четыре ячейки для временного хранения карт.",
    "Над столбцами расположены 4 свободные клетки, каждая вмещает одну карту.",
    "Любую карту можно временно положить в одну из четырёх свободных ячеек.",
    "Кроме столбцов, есть четыре резервные ячейки по одной карте.",
)


def cell_cells() -> list[Cell]:
    lead = "Карты раскладывают в восемь столбцов."
    return [Cell("cells", (lead, s), {"reserve.piles": 4}) for s in _CELLS]


_UNLIMITED = (
    "Колоду можно проходить неограниченное число раз.",
    "Количество пересдач не ограничено.",
    "Колоду разрешается пересдавать сколько угодно.",
    "Когда колода закончится, сброс переворачивают и снова используют как колоду, "
    "сколько угодно раз.",
    "Пересдавать колоду можно любое число раз.",
)


def unlimited_cells() -> list[Cell]:
    lead = "Карты из колоды открывают по одной."
    return [Cell("redeal", (lead, s), {"redeals": "unlimited"}) for s in _UNLIMITED]


_RELATIVE = (
    ("Карту можно положить на карту на единицу больше другого цвета.", "down", "alternate"),
    (
        "Карту можно переложить на другую, если она на единицу меньше и другого цвета.",
        "down",
        "alternate",
    ),
    ("На карту можно класть карту на единицу старше той же масти.", "up", "same"),
    (
        "Карта кладётся на карту, которая старше её на одно значение, независимо от масти.",
        "down",
        "any",
    ),
    (
        "Переложить карту можно только на карту на ранг выше и противоположного цвета.",
        "down",
        "alternate",
    ),
    ("На каждую карту кладут карту на одну ступень младше той же масти.", "down", "same"),
    ("Карты перекладывают на старшую на единицу карту другого цвета.", "down", "alternate"),
)


def relative_cells() -> list[Cell]:
    lead = "Карты раскладывают в семь столбцов по пять карт."
    return [
        Cell("build-relative", (lead, s), {"build.direction": d, "build.suit": u})
        for s, d, u in _RELATIVE
    ]


# --- second batch (written after the first fixes, measured on main before any fix of its own):
# rows dealt when stuck, colour words on named cards, foundations built on named cards, runs
# and single cards in other words, the stock named by its other nouns ----------------------

_ROWS_WHEN_STUCK = (
    "Когда ходов больше нет, из колоды сдают по одной карте на каждую стопку.",
    "Если ходов нет, на каждый столбец кладут ещё по одной карте из колоды.",
    "Когда нельзя сделать ни одного хода, сдайте новый ряд карт поверх столбцов.",
    "Оставшиеся карты сдают по одной на каждую колонку, когда ходы закончатся.",
    "При отсутствии ходов из колоды раздают по карте в каждую стопку.",
)


def rows_cells() -> list[Cell]:
    lead = "Карты раскладывают в десять стопок по четыре карты."
    return [Cell("stock-rows", (lead, s), {"stock.turn": "rows"}) for s in _ROWS_WHEN_STUCK]


_SUITED_CARDS = (
    ("На бубновую десятку можно положить пиковую девятку.", "down", "alternate"),
    ("На червонную даму кладут трефового валета.", "down", "alternate"),
    ("На пиковую восьмёрку можно положить пиковую семёрку.", "down", "same"),
    ("На трефового короля кладётся бубновая дама.", "down", "alternate"),
    ("Например, на красную шестёрку кладут чёрную пятёрку.", "down", "alternate"),
    ("Например, на пятёрку червей можно положить четвёрку пик.", "down", "alternate"),
    ("На десятку бубен кладут девятку бубен.", "down", "same"),
)


def suited_card_cells() -> list[Cell]:
    lead = "Карты раскладывают в семь столбцов по пять карт."
    return [
        Cell("build-suited-cards", (lead, s), {"build.direction": d, "build.suit": u})
        for s, d, u in _SUITED_CARDS
    ]


_FOUND_ON_CARDS = (
    ("На тузы кладут двойки, тройки и так далее до короля.", "A", "up"),
    ("На тузов кладут двойки той же масти, на двойки — тройки и так далее.", "A", "up"),
    ("На королей кладут дам, на дам — валетов, и так до тузов.", "K", "down"),
    ("На короля кладётся дама той же масти, на неё валет и так далее до туза.", "K", "down"),
    ("Туз кладётся на основание, на него двойка той же масти, затем тройка.", "A", "up"),
    ("Основание начинается с туза, за ним идут двойка, тройка и так далее до короля.", "A", "up"),
)


def found_on_cards_cells() -> list[Cell]:
    return [
        Cell("foundation-cards", (s,), {"foundation.base": b, "foundation.direction": d})
        for s, b, d in _FOUND_ON_CARDS
    ]


_SINGLE_OR_RUN = (
    ("Переносить можно только одну карту за раз.", False),
    ("Карты переносятся только по одной.", False),
    ("Перекладывать можно только верхнюю карту столбца.", False),
    ("Можно переносить несколько карт сразу, если они идут по порядку.", True),
    ("Правильно сложенную последовательность можно перенести на другой столбец целиком.", True),
    ("Разрешается переносить стопку карт, если она упорядочена.", True),
    ("Группу карт можно переместить целиком.", True),
)


def single_or_run_cells() -> list[Cell]:
    lead = "В столбцах карты кладут по убыванию, чередуя цвета."
    return [
        Cell("run", (lead, s), {"build.run": r, "build.direction": "down"})
        for s, r in _SINGLE_OR_RUN
    ]


_STOCK_NOUNS = (
    ("Оставшиеся карты образуют прикуп; из него открывают по одной карте.", 1),
    ("Остальные карты кладут стопкой — это колода, из которой открывают по три карты.", 3),
    ("Из остатка колоды карты открывают по одной и кладут в сброс.", 1),
    ("Остаток колоды — талон; из талона берут по три карты.", 3),
    ("Не разложенные карты остаются в колоде, их открывают по одной.", 1),
    ("Из колоды карты сдаются в отбой по три.", 3),
)


def stock_noun_cells() -> list[Cell]:
    lead = "Карты раскладывают в семь столбцов по пять карт."
    return [Cell("stock-turn", (lead, s), {"stock.turn": n}) for s, n in _STOCK_NOUNS]


_DECKS_2 = (
    ("Игра ведётся колодой из 52 карт.", 1),
    ("Нужна стандартная колода в пятьдесят две карты.", 1),
    ("Пасьянс раскладывается двумя полными колодами по 52 листа.", 2),
    ("Для игры необходимы две колоды, всего 104 карты.", 2),
    ("Используются две колоды карт, перетасованные вместе.", 2),
    ("Берут две колоды и тщательно тасуют.", 2),
)


def deck_cells_2() -> list[Cell]:
    return [Cell("deck", (s,), {"decks": n}) for s, n in _DECKS_2]


# --- third batch (written after the second batch's fixes, measured on main before any fix of
# its own): verbs in every mood and person × a layout, foundations by arrival, building by
# rank words, passes through the pack, spaces refused, the goal as an emptied table --------

_LAYOUT_VERBS = (
    "Вы раскладываете",
    "Раскладываем",
    "Нужно разложить",
    "Следует разложить",
    "Необходимо сдать",
    "Игрок выкладывает",
    "Сначала раздаются",
    "Затем выкладываются",
    "Надо разложить",
    "Разложим",
)


def verb_layout_cells() -> list[Cell]:
    out: list[Cell] = []
    pairs = ((7, 5), (8, 4), (10, 3), (12, 4), (6, 8))
    nouns = (
        ("столбцов", "столбца"),
        ("кучек", "кучки"),
        ("стопок", "стопки"),
        ("колонок", "колонки"),
    )
    for i, verb in enumerate(_LAYOUT_VERBS):
        n, m = pairs[i % len(pairs)]
        pl, sg = nouns[i % len(nouns)]
        noun = sg if n in (3, 4) else pl
        for digits in (False, True):
            text = f"{verb} {num(n, 'nom', digits)} {noun} {cards(m, digits)}."
            out.append(Cell("layout-verbs", (text,), {"tableau.piles": n, "tableau.cards": m}))
    return out


_ARRIVAL = (
    ("Тузы по мере появления переносят на основания.", "A"),
    ("Как только откроется король, его отправляют в дом.", "K"),
    ("Появившиеся тузы сразу выкладываются в базовые стопки.", "A"),
    ("Каждый освободившийся туз перемещается на основание.", "A"),
    ("Короли, как только становятся доступны, идут на основания.", "K"),
    ("Когда туз окажется наверху столбца, его можно переложить на основание.", "A"),
)
_FOUND_WAYS = (
    ("На основания карты выкладываются по старшинству, начиная с туза.", "up"),
    ("Основания собирают последовательно от туза до короля.", "up"),
    ("В домах карты идут в порядке возрастания старшинства.", "up"),
    ("На базовых стопках карты собираются от короля к тузу.", "down"),
    ("Основания строятся вниз, от короля до туза.", "down"),
    ("На основаниях масти собирают в убывающем порядке, начиная с королей.", "down"),
)


def arrival_cells() -> list[Cell]:
    out = [Cell("foundation-arrival", (s,), {"foundation.base": b}) for s, b in _ARRIVAL]
    out += [Cell("foundation-way", (s,), {"foundation.direction": d}) for s, d in _FOUND_WAYS]
    return out


_RANK_WORDS = (
    (
        "В столбцах карту можно положить на карту старшего достоинства другого цвета.",
        "down",
        "alternate",
    ),
    (
        "В колонках карты кладутся на карту на единицу большего достоинства той же масти.",
        "down",
        "same",
    ),
    (
        "На столбцах разрешается класть карту на карту младшего достоинства любой масти.",
        "up",
        "any",
    ),
    ("Карты в стопках можно перекладывать последовательно по убыванию, в масть.", "down", "same"),
    (
        "В столбцах карты выстраиваются в порядке убывания старшинства с чередованием цвета.",
        "down",
        "alternate",
    ),
    (
        "Карту можно переложить на соседний столбец, если она на единицу младше и другого цвета.",
        "down",
        "alternate",
    ),
)


def rank_word_cells() -> list[Cell]:
    lead = "Карты раскладывают в семь столбцов по пять карт."
    return [
        Cell("build-rank-words", (lead, s), {"build.direction": d, "build.suit": u})
        for s, d, u in _RANK_WORDS
    ]


_PASSES = (
    ("Колоду можно пройти трижды.", 2),
    ("Колоду проходят только один раз.", 0),
    ("Колода просматривается один раз.", 0),
    ("Колоду можно просмотреть два раза.", 1),
    ("Раздачу из колоды можно повторить ещё два раза.", 2),
    ("Колоду разрешается перевернуть и пройти заново один раз.", 1),
)


def pass_cells() -> list[Cell]:
    lead = "Карты из колоды открывают по одной."
    return [Cell("redeal-passes", (lead, s), {"redeals": n}) for s, n in _PASSES]


_NO_FILL = (
    "Пустые места не заполняются.",
    "Освободившийся столбец ничем не заполняется.",
    "Свободные места остаются незанятыми.",
    "Заполнять пустые столбцы нельзя.",
    "Пустую колонку занимать не разрешается.",
)


def no_fill_cells() -> list[Cell]:
    lead = "В столбцах карты кладут по убыванию."
    return [Cell("space-none", (lead, s), {"space": "none"}) for s in _NO_FILL]


_EMPTY_TABLE = (
    "Пасьянс сошёлся, когда на столе не осталось ни одной карты.",
    "Выигрыш — когда все карты убраны со стола.",
    "Цель — убрать со стола все карты.",
    "Игра выиграна, если удалось разобрать весь расклад.",
    "Пасьянс считается разложенным, когда все столбцы пусты.",
)


def empty_table_cells() -> list[Cell]:
    return [Cell("goal-empty", (s,), {"win": "tableau-empty"}) for s in _EMPTY_TABLE]


# --- fourth batch (written before its fix, measured on main): the deal told round by round,
# one card up on the first pile and one down on each of the others, then again from the next
# pile (Klondike's deal in words) ------------------------------------------------------------

_ROUND_FIRST = (
    "На первую {sg} кладут одну карту лицом вверх, на остальные шесть — по одной лицом вниз.",
    "На первую {sg} сдаётся одна открытая карта, а на остальные шесть — по одной закрытой.",
    "Положите одну карту лицом вверх на первую {sg} и по одной карте рубашкой вверх на "
    "остальные шесть.",
    "Первая карта кладётся открытой на первую {sg}, следующие шесть — закрытыми на остальные.",
)
_ROUND_THEN = (
    "Затем на вторую {sg} кладут карту лицом вверх, на остальные — лицом вниз, и так далее.",
    "Так продолжают, пока в последней {loc} не окажется семь карт.",
    "Потом то же повторяют, начиная со второй {gen}, и так до седьмой.",
)
_ROUND_NOUNS = (
    ("стопку", "стопке", "стопки"),
    ("колонку", "колонке", "колонки"),
    ("кучку", "кучке", "кучки"),
)


def round_deal_cells() -> list[Cell]:
    out: list[Cell] = []
    want = {
        "tableau.piles": 7,
        "tableau.cards": [1, 2, 3, 4, 5, 6, 7],
        "tableau.face": "down-but-last",
    }
    i = 0
    for first in _ROUND_FIRST:
        for then in _ROUND_THEN:
            sg, loc, gen = _ROUND_NOUNS[i % len(_ROUND_NOUNS)]
            i += 1
            out.append(
                Cell(
                    "deal-rounds",
                    (first.format(sg=sg), then.format(sg=sg, loc=loc, gen=gen)),
                    dict(want),
                )
            )
    return out


# --- fifth batch (written before its fixes, measured on main): the goal as runs gathered, and
# the stock turned again after a condition ---------------------------------------------------

_GOAL_RUNS_VERBS = ("собрать", "сложить", "выстроить")
_GOAL_RUNS_ORDERS = (
    ("от короля до туза", "K", "down"),
    ("от туза до короля", "A", "up"),
)
_GOAL_RUNS_COUNTS = ((8, "восемь"), (4, "четыре"))


def goal_runs_cells() -> list[Cell]:
    out: list[Cell] = []
    i = 0
    for verb in _GOAL_RUNS_VERBS:
        for order, base, way in _GOAL_RUNS_ORDERS:
            for n, word in _GOAL_RUNS_COUNTS:
                opening = _GOAL_OPENINGS[i % len(_GOAL_OPENINGS)]
                i += 1
                body = f"{verb} {word} последовательностей {order} одной масти"
                if n == 4:
                    body = body.replace("последовательностей", "последовательности")
                text = opening.format(v=body) + "."
                lead = "Играют двумя колодами." if n == 8 else "Играют одной колодой."
                want = {"foundations": n, "foundation.base": base, "foundation.direction": way}
                out.append(Cell("goal-runs", (lead, text), want))
    return out


_AGAIN_CONDS = (
    "Когда колода кончится,",
    "После того как колода закончится,",
    "Если колода опустела,",
)
_AGAIN_ACTS = (
    ("её можно перевернуть ещё один раз", 1),
    ("сброс можно перевернуть и пройти ещё раз", 1),
    ("её разрешается пересдать ещё два раза", 2),
    ("сброс переворачивают и используют снова, но не более двух раз", 2),
)


def again_cells() -> list[Cell]:
    out: list[Cell] = []
    lead = "Карты из колоды открывают по одной."
    for cond in _AGAIN_CONDS:
        for act, n in _AGAIN_ACTS:
            out.append(Cell("redeal-again", (lead, f"{cond} {act}."), {"redeals": n}))
    return out


# --- sixth batch (written before its fixes, measured on main): rules as memos after a colon
# or a dash (a place, then what it takes), and the familiar imperative of game apps --------

_MEMO_PLACES = (("Столбцы", "столбец"), ("Колонки", "колонка"), ("Стопки", "стопка"))
_MEMO_BUILD = (
    ("по убыванию, чередуя цвета", {"build.direction": "down", "build.suit": "alternate"}),
    ("от старшей к младшей, в масть", {"build.direction": "down", "build.suit": "same"}),
    ("в порядке убывания, масть не важна", {"build.direction": "down", "build.suit": "any"}),
)
_MEMO_FOUND = (
    (
        "Основания: от туза до короля по мастям.",
        {"foundation.base": "A", "foundation.direction": "up"},
    ),
    (
        "Дома — от короля до туза, одной масти.",
        {"foundation.base": "K", "foundation.direction": "down"},
    ),
    (
        "Базовые стопки: по возрастанию, начиная с туза.",
        {"foundation.base": "A", "foundation.direction": "up"},
    ),
)
_MEMO_SPACE = (
    ("Пустой {sg}: только король.", "K"),
    ("Пустой {sg} — любая карта.", "any"),
)
_MEMO_STOCK = (
    ("Колода: по одной карте, без пересдач.", {"stock.turn": 1, "redeals": 0}),
    (
        "Колода — по три карты, пересдача без ограничений.",
        {"stock.turn": 3, "redeals": "unlimited"},
    ),
)
_FAMILIAR = (
    ("Разложи семь столбцов по пять карт.", {"tableau.piles": 7, "tableau.cards": 5}),
    (
        "Перекладывай карты в столбцах по убыванию, чередуя цвета.",
        {"build.direction": "down", "build.suit": "alternate"},
    ),
    (
        "Собери все карты в дома по мастям от туза до короля.",
        {"win": "all-on-foundations", "foundation.direction": "up"},
    ),
    ("Клади на пустое место только короля.", {"space": "K"}),
    ("Открывай карты из колоды по одной.", {"stock.turn": 1}),
    ("Сдай восемь кучек по четыре карты.", {"tableau.piles": 8, "tableau.cards": 4}),
)


def memo_cells() -> list[Cell]:
    out: list[Cell] = []
    lead = "Карты раскладывают в семь столбцов по пять карт."
    for (pl, _sg), (way, want) in zip(_MEMO_PLACES, _MEMO_BUILD, strict=True):
        for sep in (":", " —"):
            out.append(Cell("memo", (lead, f"{pl}{sep} {way}."), dict(want)))
    out += [Cell("memo", (s,), dict(w)) for s, w in _MEMO_FOUND]
    for _pl, sg in _MEMO_PLACES:
        for frame, space in _MEMO_SPACE:
            text = frame.format(sg=sg)
            if sg != "столбец":
                text = text.replace("Пустой", "Пустая")
            build = "В столбцах карты кладут по убыванию."
            out.append(Cell("memo", (build, text), {"space": space}))
    out += [Cell("memo", (s,), dict(w)) for s, w in _MEMO_STOCK]
    out += [Cell("familiar", (s,), dict(w)) for s, w in _FAMILIAR]
    return out


# --- seventh batch (written before its fixes, measured on main): negations, restrictions and
# conditions that state a rule («нельзя», «только», «кроме», «если») --------------------------

_RESTRICTED_BUILD = (
    ("Нельзя класть карту на карту того же цвета.", {"build.suit": "alternate"}),
    (
        "Класть можно только на карту другого цвета, на единицу старше.",
        {"build.direction": "down", "build.suit": "alternate"},
    ),
    (
        "Если карта на единицу меньше и другого цвета, её можно переложить на эту карту.",
        {"build.direction": "down", "build.suit": "alternate"},
    ),
    (
        "Карту можно переложить, только если она на единицу младше и той же масти.",
        {"build.direction": "down", "build.suit": "same"},
    ),
    ("Карты одного цвета класть друг на друга нельзя.", {"build.suit": "alternate"}),
    (
        "На карту можно положить только карту младше её на единицу, независимо от масти.",
        {"build.direction": "down", "build.suit": "any"},
    ),
)
_RESTRICTED_RUN = (
    ("Нельзя перекладывать несколько карт сразу.", False),
    ("Перекладывать группы карт не разрешается.", False),
    ("Переносить последовательности карт запрещено.", False),
)
_RESTRICTED_SPACE = (
    ("Только короля можно положить на пустое место.", "K"),
    ("В пустой столбец нельзя класть ничего, кроме короля.", "K"),
    ("Кроме короля, на пустое место ничего класть нельзя.", "K"),
    ("На освободившееся место можно положить только короля или даму.", ["K", "Q"]),
)
_RESTRICTED_REDEAL = (
    ("Колоду нельзя пересдавать.", 0),
    ("Пересдача не допускается.", 0),
    ("Сдавать карты из колоды заново запрещено.", 0),
    ("Колоду можно пересдать, но только один раз.", 1),
)


def restricted_cells() -> list[Cell]:
    lead = "Карты раскладывают в семь столбцов по пять карт."
    out = [Cell("restricted-build", (lead, s), dict(w)) for s, w in _RESTRICTED_BUILD]
    build = "В столбцах карты кладут по убыванию, чередуя цвета."
    out += [
        Cell("restricted-run", (build, s), {"build.run": r, "build.direction": "down"})
        for s, r in _RESTRICTED_RUN
    ]
    out += [Cell("restricted-space", (build, s), {"space": v}) for s, v in _RESTRICTED_SPACE]
    turn = "Карты из колоды открывают по одной."
    out += [Cell("restricted-redeal", (turn, s), {"redeals": n}) for s, n in _RESTRICTED_REDEAL]
    return out


# --- eighth batch (written before its fixes, measured on main): a base the deal decides or any,
# building in one colour -----------------------------------------------------------------------

_BASE_FIRST = (
    "Тринадцатая карта колоды кладётся в основание; её достоинство становится базовым.",
    "Следующая карта колоды кладётся в основание и определяет базовое достоинство.",
    "Первая карта, открытая после раздачи, кладётся на основание: с неё начинаются все дома.",
    "Основания начинаются с карты того достоинства, которое окажется у первой открытой карты.",
)
_BASE_ANY = (
    "Основание можно начинать с любой карты.",
    "Базовую стопку можно начать картой любого достоинства.",
    "Первой картой основания может быть любая карта.",
)
_SAME_COLOUR = (
    "В столбцах карты кладут по убыванию, одного цвета.",
    "В колонках можно класть карты в порядке убывания, только одного цвета.",
    "На столбцах карты собираются по убыванию, сохраняя цвет.",
)


def base_cells() -> list[Cell]:
    out = [Cell("foundation-first", (s,), {"foundation.base": "first"}) for s in _BASE_FIRST]
    out += [Cell("foundation-any", (s,), {"foundation.base": "any"}) for s in _BASE_ANY]
    lead = "Карты раскладывают в семь столбцов по пять карт."
    out += [
        Cell("build-colour", (lead, s), {"build.direction": "down", "build.suit": "same-colour"})
        for s in _SAME_COLOUR
    ]
    return out


# --- ninth batch (grammar-19; written from the shapes missed on development families not read,
# measured on main before any fix): colours said to differ, a space that takes anything, the
# card built on described after it («на другую, старшую на единицу») ---------------------------

_DIFFER_WORDS = ("разного цвета", "разных цветов", "различного цвета", "разных цветовых мастей")
_DIFFER_FRAMES = (
    "В столбцах карты кладут по убыванию, {w}.",
    "На колонки карты складываются в нисходящем порядке и {w}.",
    "В кучках карты собираются по убывающей, {w}.",
    "Карту кладут на старшую на единицу карту {w}.",
)
_ANYTHING_ACC = ("что угодно", "всё что угодно", "всё, что угодно", "какую угодно карту")
_ANYTHING_FRAMES = (
    "На пустое место можно класть {x}.",
    "В освободившийся столбец разрешается положить {x}.",
    "В пустую колонку кладут {x}.",
    "На свободную стопку можно переложить {x}.",
)
_ANYTHING_INS = ("чем угодно", "какой угодно картой", "любой картой")
_TARGET_ADJ = (
    ("старшую на единицу", "down"),
    ("старшую на одну ступень", "down"),
    ("на единицу старшую", "down"),
    ("младшую на единицу", "up"),
    ("на единицу младшую", "up"),
)
_TARGET_FRAMES = (
    "В столбцах можно класть карту на другую, {adj}.",
    "Карту кладут на другую карту, {adj}, независимо от масти.",
    "В колонках карта перекладывается на другую, {adj}.",
)


def differ_cells() -> list[Cell]:
    lead = "Карты раскладывают в семь столбцов по пять карт."
    out = [
        Cell(
            "build-differ",
            (lead, f.format(w=w)),
            {"build.direction": "down", "build.suit": "alternate"},
        )
        for f in _DIFFER_FRAMES
        for w in _DIFFER_WORDS
    ]
    out += [
        Cell("space-anything", (lead, f.format(x=x)), {"space": "any"})
        for f in _ANYTHING_FRAMES
        for x in _ANYTHING_ACC
    ]
    out += [
        Cell("space-anything", (lead, f"Пустой столбец можно занять {x}."), {"space": "any"})
        for x in _ANYTHING_INS
    ]
    out += [
        Cell("build-target", (lead, f.format(adj=a)), {"build.direction": d})
        for f in _TARGET_FRAMES
        for a, d in _TARGET_ADJ
    ]
    return out


# --- tenth batch (grammar-19, measured on main before its fix): building in any suit while
# only runs of one suit move together, the run said by its noun, verb and condition ----------

_ANY_SUIT_BUILDS = (
    "Карты в столбцах кладут по убыванию независимо от масти.",
    "На столбцах карту кладут на старшую на единицу, масть значения не имеет.",
    "В колонках карту можно класть на карту на единицу старше любой масти.",
)
_ONE_SUIT_RUNS = (
    "Последовательность одной масти можно переносить целиком.",
    "Серию карт одной масти разрешается переложить целиком.",
    "Группу карт одной масти можно перенести на другой столбец.",
    "Переносить можно только последовательности одной масти.",
    "Несколько карт можно переносить вместе, если они одной масти.",
    "Переложить последовательность можно, только если она одной масти.",
)


def one_suit_run_cells() -> list[Cell]:
    lead = "Карты раскладывают в десять столбцов по пять карт."
    want = {"build.direction": "down", "build.suit": "any", "build.run": True}
    return [
        Cell("run-one-suit", (lead, b, r), dict(want))
        for b in _ANY_SUIT_BUILDS
        for r in _ONE_SUIT_RUNS
    ]


# --- eleventh batch (grammar-19, measured on main before its fix): the stock turned again in
# one sentence and how often in the next («Но так можно делать только один раз») -------------

_AGAIN_SAID = (
    "Когда колода кончится, сброс переворачивают и снова используют как колоду.",
    "Колоду можно пересдать.",
    "Если колода пуста, её можно снова составить из сброса.",
    "Пройдя колоду, сброс можно перевернуть и пройти снова.",
)
_HOW_OFTEN = (
    ("Но так можно делать только один раз.", 1),
    ("Это разрешается сделать дважды.", 2),
    ("Это можно сделать только один раз.", 1),
    ("Такая пересдача допускается не более двух раз.", 2),
    ("Повторять это можно три раза.", 3),
)


def how_often_cells() -> list[Cell]:
    lead = "Карты из колоды открывают по одной."
    return [
        Cell("redeal-next-sentence", (lead, a, h), {"redeals": n})
        for a in _AGAIN_SAID
        for h, n in _HOW_OFTEN
    ]


# --- twelfth batch (grammar-19, measured on main before its fix): one waste pile built a rank
# up or down (Golf), the waste named by its noun or its top card, the verb before or after ----

_WASTE_ON = ("сброс", "верхнюю карту сброса", "отбой", "верхнюю карту отбоя")
_WASTE_FRAMES_ON = (
    "На {p} можно положить любую открытую карту на единицу старше или младше, независимо от масти.",
    "Открытую карту можно переложить на {p}, "
    "если она на единицу старше или младше; масть не важна.",
    "Любую открытую карту, старшую или младшую на единицу, кладут на {p}.",
)
_WASTE_FRAMES_IN = (
    "В {p} кладут открытую карту, которая на единицу выше или ниже его верхней карты.",
)


def waste_both_cells() -> list[Cell]:
    lead = "Карты раскладывают в семь столбцов по пять карт."
    want = {"foundations": 1, "foundation.direction": "both"}
    out = [
        Cell("waste-both", (lead, f.format(p=p)), dict(want))
        for f in _WASTE_FRAMES_ON
        for p in _WASTE_ON
    ]
    out += [
        Cell("waste-both", (lead, f.format(p=p)), dict(want))
        for f in _WASTE_FRAMES_IN
        for p in ("сброс", "отбой")
    ]
    return out


# --- thirteenth batch (grammar-19, measured on main before its fix): ranks that go round, the
# ace after the king said by a circle, an example or «после … снова» -------------------------

_WRAP_LEADS = (
    "На сброс кладут открытую карту на единицу старше или младше.",
    "В основаниях карты кладут по возрастанию независимо от масти.",
)
_WRAP_SAID = (
    "Ранги идут по кругу: на короля можно положить туза.",
    "Ранги идут по кругу.",
    "На короля можно класть туза, а на туза — короля.",
    "На короля можно положить туза.",
    "После короля снова идёт туз.",
    "За королём снова следует туз.",
    "После короля можно положить туза и продолжать дальше.",
)


def wrap_cells() -> list[Cell]:
    lead = "Карты раскладывают в семь столбцов по пять карт."
    return [
        Cell("foundation-wrap", (lead, w, s), {"foundation.wrap": True})
        for w in _WRAP_LEADS
        for s in _WRAP_SAID
    ]


# --- fourteenth batch (grammar-19, measured on main before its fix): an uneven deal after the
# pile count, the pile noun left out after the numerals («первые четыре по шесть карт») --------

_UNEVEN_SETS = (
    # lead, piles, (first, cards), (rest, cards), words: piles, first, rest, cards, cards
    ("Играют двумя колодами.", 10, (4, 6), (6, 5), ("десять", "четыре", "шесть", "шесть", "пять")),
    ("Играют одной колодой.", 8, (4, 7), (4, 6), ("восемь", "четыре", "четыре", "семь", "шесть")),
)
_UNEVEN_NOUNS = ("столбцов", "колонок", "стопок", "кучек")
_UNEVEN_FRAMES = (
    "Раскладывают {n} {noun}: первые {a} по {m} карт, остальные по {k}.",
    "Выкладывают {n} {noun} — {a} по {m} карт и {b} по {k}.",
    "Карты сдают на {n} {noun}, из них {a} по {m} карт, а {b} по {k}.",
    "Раскладывают {n} {noun}, {a} из них по {m} карт, остальные по {k}.",
    "Сдают {n} {noun}: {a} по {m} карт, {b} по {k}.",
)


def uneven_elided_cells() -> list[Cell]:
    out: list[Cell] = []
    i = 0
    for frame in _UNEVEN_FRAMES:
        for noun in _UNEVEN_NOUNS:
            lead, piles, (a, m), (b, k), w = _UNEVEN_SETS[i % 2]
            i += 1
            text = frame.format(n=w[0], noun=noun, a=w[1], b=w[2], m=w[3], k=w[4])
            want = {"tableau.piles": piles, "tableau.cards": [m] * a + [k] * b}
            out.append(Cell("uneven-elided", (lead, text), want))
    return out


# --- fifteenth batch (grammar-20; written before its fixes, measured on main b01647a): the
# constructions of rule pages the grid lacked — one or two cards each, the stock turned so many
# cards with no «по», redeals limited («не более двух раз», «до трёх раз»), the pack shuffled
# and dealt again

# (piles, cards each) × frames with «по одной/по две» in words and digits; nouns and cases as
# the layout's
_SMALL_EACH = ((10, 2), (12, 1), (9, 2), (6, 1), (13, 2), (5, 1))
_SMALL_FRAMES = (
    # (case of the pile numeral, frame)
    ("gen", "Сдайте {each} в каждую из {piles}."),
    ("nom", "Карты раскладывают в {piles} {each}."),
    ("gen", "В каждый из {piles} кладут {each}."),
    ("nom", "Разложите {piles}, {each} в каждую."),
    ("loc", "В {piles} лежит {each}."),
)


def _each(m: int, digits: bool) -> str:
    if m == 1:
        return "по 1 карте" if digits else "по одной карте"
    return "по 2 карты" if digits else "по две карты"


def small_each_cells() -> list[Cell]:
    out: list[Cell] = []
    i = 0
    for noun in (PILE_NOUNS["столбец"], PILE_NOUNS["колонка"], PILE_NOUNS["стопка"]):
        for case, frame in _SMALL_FRAMES:
            for digits in (False, True):
                n, m = _SMALL_EACH[i % len(_SMALL_EACH)]
                i += 1
                text = frame.format(piles=counted(n, noun, case, digits), each=_each(m, digits))
                if not noun.fem:
                    text = text.replace("в каждую из", "в каждый из")
                    text = text.replace(", по одной карте в каждую", ", по одной карте в каждый")
                    text = text.replace(", по 1 карте в каждую", ", по 1 карте в каждый")
                    text = text.replace(", по две карты в каждую", ", по две карты в каждый")
                    text = text.replace(", по 2 карты в каждую", ", по 2 карты в каждый")
                else:
                    text = text.replace("В каждый из", "В каждую из")
                out.append(Cell("small-each", (text,), {"tableau.piles": n, "tableau.cards": m}))
    return out


_TURN_ACC = (
    ("Из колоды открывают одну карту.", 1),
    ("Каждый раз из колоды переворачивают три карты.", 3),
    ("Из колоды за один раз сдают три карты.", 3),
    ("Вытягивайте из колоды три карты за раз.", 3),
    ("За один ход из колоды открываются 3 карты.", 3),
    ("Из прикупа берут сразу три карты.", 3),
    ("Из колоды на сброс выкладывают сразу две карты.", 2),
    ("Открывайте по 3 карты из колоды.", 3),
    ("Из колоды снимают две карты и кладут их в сброс.", 2),
    ("Колоду открывают по две карты.", 2),
    ("Карты колоды переворачиваются по три за раз.", 3),
    ("Одновременно из колоды открываются три карты.", 3),
)


def turn_acc_cells() -> list[Cell]:
    lead = "Карты раскладывают в семь столбцов по пять карт."
    return [Cell("stock-count", (lead, s), {"stock.turn": n}) for s, n in _TURN_ACC]


_REDEAL_LIMITS = (
    ("Колоду можно пересдавать не более двух раз.", 2),
    ("Пересдавать колоду разрешается не больше трёх раз.", 3),
    ("Пересдач может быть не более двух.", 2),
    ("Колоду можно пересдать до трёх раз.", 3),
    ("Разрешается максимум две пересдачи.", 2),
    ("Допускается одна пересдача.", 1),
    ("Пересдать колоду можно всего один раз.", 1),
    ("Колоду пересдают не более 2 раз.", 2),
    ("Разрешены две пересдачи колоды.", 2),
    ("Пересдача разрешается только один раз.", 1),
    ("Всего можно сделать три пересдачи.", 3),
    ("Когда колода кончится, сброс можно перевернуть не более двух раз.", 2),
    ("Сброс переворачивают и снова используют как колоду, но не более трёх раз.", 3),
    ("Число пересдач — не более двух.", 2),
)


def redeal_limit_cells() -> list[Cell]:
    lead = "Карты из колоды открывают по одной."
    return [Cell("redeal-limit", (lead, s), {"redeals": n}) for s, n in _REDEAL_LIMITS]


_RESHUFFLE = (
    ("Колоду можно перетасовать и разложить снова два раза.", 2),
    ("Разрешаются две пересдачи: карты собирают, тасуют и раскладывают заново.", 2),
    ("Оставшиеся карты можно дважды перетасовать и разложить снова.", 2),
    ("Карты, не попавшие в основания, тасуют и раскладывают ещё раз.", 1),
    ("Колода тасуется и раскладывается снова, но только один раз.", 1),
    (
        "Если пасьянс не сошёлся, карты столбцов собирают, тасуют и сдают заново; так можно "
        "сделать три раза.",
        3,
    ),
    ("Когда ходов нет, оставшиеся карты перемешивают и раскладывают снова, не более двух раз.", 2),
)


def reshuffle_cells() -> list[Cell]:
    lead = "Карты раскладывают в восемь столбцов по шесть карт."
    return [Cell("redeal-shuffle", (lead, s), {"redeals": n}) for s, n in _RESHUFFLE]


# --- sixteenth batch (grammar-20; written before its fixes, measured on main b01647a): suit
# rules said with a noun or a gerund («с чередованием цветов», «без учёта масти», «соблюдая
# масть»), a card one rank away said with «на одну», the space for kings alone in more verbs and
# voices, foundations counted in any case, a reserve counted out (Canfield), cards in a row (Aces
# Up), and the books' «по пяти карт»

_SUIT_PHRASES = (
    ("с чередованием цветов", "alternate"),
    ("с чередованием цвета", "alternate"),
    ("чередуя красные и чёрные карты", "alternate"),
    ("без учёта масти", "any"),
    ("не обращая внимания на масть", "any"),
    ("вне зависимости от масти", "any"),
    ("соблюдая масть", "same"),
    ("с соблюдением масти", "same"),
    ("строго по масти", "same"),
    ("только в масть", "same"),
    ("в одной масти", "same"),
    ("не глядя на масть", "any"),
)
_SUIT_FRAMES = (
    "В колонках карты кладут по убыванию {suit}.",
    "Карты перекладывают с колонки на колонку в нисходящем порядке {suit}.",
    "На столбцах строят последовательности по убыванию {suit}.",
)


def suit_phrase_cells() -> list[Cell]:
    out: list[Cell] = []
    for i, (phrase, suit) in enumerate(_SUIT_PHRASES):
        for j in (i % 3, (i + 1) % 3):
            text = _SUIT_FRAMES[j].format(suit=phrase)
            out.append(
                Cell("build-suit-phrase", (text,), {"build.direction": "down", "build.suit": suit})
            )
    return out


_BY_ONE = (
    ("На карту можно положить карту на одну меньше.", "down"),
    ("На каждую карту кладётся карта на один ранг ниже.", "down"),
    ("На открытую карту можно положить карту, которая на одну меньше по достоинству.", "down"),
    ("Класть можно только карту на одно значение младше.", "down"),
    ("На открытую карту кладут следующую по убыванию.", "down"),
    ("На карту кладётся карта на одну больше.", "up"),
    ("Каждая следующая карта в столбце должна быть на одну меньше предыдущей.", "down"),
    ("Каждая следующая карта должна быть на единицу старше предыдущей.", "up"),
    ("Карту перекладывают на другую, если она на одну меньше.", "down"),
    ("Карту можно переложить на карту, которая на один ранг старше.", "down"),
)


def by_one_cells() -> list[Cell]:
    lead = "Карты раскладывают в семь столбцов по пять карт."
    return [Cell("build-by-one", (lead, s), {"build.direction": d}) for s, d in _BY_ONE]


_KING_ONLY = (
    ("Освободившуюся колонку разрешается заполнять только королём.", "K"),
    ("Пустые столбцы заполняются только королями.", "K"),
    ("На пустое место может быть положен только король.", "K"),
    ("Незанятое место допускается занимать лишь королём.", "K"),
    ("В пустую колонку можно поставить только короля.", "K"),
    ("Если колонка освободилась, туда можно переложить лишь короля.", "K"),
    ("Только король может занять пустое место.", "K"),
    ("Только короля можно класть в пустые колонки.", "K"),
    ("Пустое место занимает только король.", "K"),
    (
        "Пустую колонку можно занять только королём или последовательностью, которая начинается "
        "с короля.",
        "K",
    ),
    ("Освободившееся место может занять любая карта.", "any"),
    ("В пустую колонку можно переместить любую карту или последовательность.", "any"),
    ("Пустой столбец можно занять любой открытой картой.", "any"),
    ("Пустые колонки заполняются любыми картами.", "any"),
)


def king_only_cells() -> list[Cell]:
    lead = "В колонках карты кладут по убыванию, чередуя цвета."
    return [Cell("space-verbs", (lead, s), {"space": v}) for s, v in _KING_ONLY]


_FOUND_COUNTED = (
    "Над раскладом оставляют место для восьми оснований.",
    "Всего восемь базовых стопок.",
    "Основания — восемь стопок над столбцами.",
    "Собирать карты нужно на восемь оснований.",
    "На восьми основаниях собирают карты от туза до короля.",
    "Карты собирают в восьми домах по мастям.",
    "Есть 8 оснований.",
    "Выше расклада находятся восемь мест для оснований.",
    "Цель — собрать все карты в восемь домов.",
    "Играют на 8 базовых стопок.",
)


def found_counted_cells() -> list[Cell]:
    # no deck line: with two packs said, eight foundations are the default
    return [Cell("foundation-count", (s,), {"foundations": 8}) for s in _FOUND_COUNTED]


_RESERVE_OUT = (
    ("Отсчитайте 13 карт и положите их стопкой лицом вверх: это резерв.", 13),
    ("Тринадцать карт кладут в резервную стопку.", 13),
    ("Резерв — стопка из тринадцати карт, верхняя открыта.", 13),
    ("Сначала сдаётся резерв из 13 карт.", 13),
    ("Слева выкладывают резерв — одиннадцать карт лицом вниз.", 11),
    ("Отложите в сторону 11 карт: это запас.", 11),
    ("Первые тринадцать карт колоды образуют резерв.", 13),
)


def reserve_out_cells() -> list[Cell]:
    lead = "Карты раскладывают в четыре столбца по одной карте."
    return [
        Cell("reserve-count", (lead, s), {"reserve.piles": 1, "reserve.cards": n})
        for s, n in _RESERVE_OUT
    ]


_IN_A_ROW = (
    ("Выложите четыре карты в ряд лицом вверх.", 4),
    ("Сдайте в ряд четыре карты.", 4),
    ("На стол кладут в ряд 4 карты.", 4),
    ("Раскладывают в ряд шесть карт.", 6),
    ("Карты выкладывают в один ряд по шесть штук.", 6),
)


def in_a_row_cells() -> list[Cell]:
    return [
        Cell("row-of-cards", (s,), {"tableau.piles": n, "tableau.cards": 1}) for s, n in _IN_A_ROW
    ]


# the books' genitive after «по»: «по пяти карт», «по шести листов», «по осьми карт»
_BOOK_EACH = (
    ("Раскладывают семь кучек по пяти карт.", 7, 5),
    ("Карты раскладывают в шесть кучек по осьми карт.", 6, 8),
    ("Сдают восемь столбцов по шести листов.", 8, 6),
    ("Раскладывают карты в девять кучек по пяти карт в каждой.", 9, 5),
    ("Сдаются пять кучек по семи карт.", 5, 7),
)


def book_each_cells() -> list[Cell]:
    return [
        Cell("book-each", (s,), {"tableau.piles": n, "tableau.cards": m}) for s, n, m in _BOOK_EACH
    ]


# --- seventeenth batch (grammar-20; written before its fixes, measured on main b01647a): a
# noun glossed by a synonym, as modern pages do — in parentheses, between commas after «или»,
# between dashes — and a count said in parentheses («(их восемь)»)

_GLOSSED = (
    (
        "Карты раскладывают в семь столбцов (колонок) по пять карт.",
        {"tableau.piles": 7, "tableau.cards": 5},
    ),
    ("Разложите шесть стопок (кучек) по четыре карты.", {"tableau.piles": 6, "tableau.cards": 4}),
    (
        "На столе раскладывают десять столбцов, или колонок, по пять карт.",
        {"tableau.piles": 10, "tableau.cards": 5},
    ),
    ("Сдаются шесть стопок — кучек — по восемь карт.", {"tableau.piles": 6, "tableau.cards": 8}),
    (
        "Карты раскладываются в 9 кучек (стопок), по 5 карт в каждой (стопке).",
        {"tableau.piles": 9, "tableau.cards": 5},
    ),
    ("Короли кладутся в дома (базовые стопки).", {"foundation.base": "K"}),
    ("Основания (их восемь) начинают с королей.", {"foundations": 8, "foundation.base": "K"}),
    (
        "Цель игры — собрать все карты в дома (основания) по мастям от короля до туза.",
        {"foundation.base": "K", "foundation.direction": "down"},
    ),
    (
        "В колонках (столбцах) карты кладут по убыванию, чередуя цвета.",
        {"build.direction": "down", "build.suit": "alternate"},
    ),
    (
        "Карты в столбцах (колонках) кладутся по возрастанию независимо от масти.",
        {"build.direction": "up", "build.suit": "any"},
    ),
    (
        "Оставшиеся карты образуют колоду (прикуп); из неё открывают по три карты.",
        {"stock.turn": 3},
    ),
    ("Карты из прикупа (колоды) открывают по три.", {"stock.turn": 3}),
    ("Колоду (прикуп) можно пересдать два раза.", {"redeals": 2}),
    ("Резерв (запас) — стопка из 13 карт.", {"reserve.piles": 1, "reserve.cards": 13}),
    (
        "Свободные ячейки (их четыре) можно использовать для временного хранения карт.",
        {"reserve.piles": 4},
    ),
)
_GLOSS_LEADS = {
    "build": "В колонках карты кладут по убыванию, чередуя цвета.",
    "layout": "Карты раскладывают в семь столбцов по пять карт.",
}
_GLOSSED_SPACES = (
    ("Пустую колонку (столбец) можно занять только королём.", "K"),
    ("Освободившийся столбец (пустую колонку) можно заполнить любой картой.", "any"),
    ("Пустое место — то есть пустой столбец — можно занять только королём.", "K"),
)


def glossed_cells() -> list[Cell]:
    out: list[Cell] = []
    for s, want in _GLOSSED:
        lead = () if "tableau.piles" in want else (_GLOSS_LEADS["layout"],)
        out.append(Cell("glossed", (*lead, s), want))
    for s, space in _GLOSSED_SPACES:
        out.append(Cell("glossed", (_GLOSS_LEADS["build"], s), {"space": space}))
    return out


# --- eighteenth batch (grammar-20; written before its fixes, measured on main b01647a): counts
# said after their noun or as a memo's value («столбцов всего семь», «количество столбцов —
# десять», «расклад: 8 столбцов по 6 карт», «оснований восемь»), the layout named as a field
# («игровое поле», «в раскладе»), and the stock and redeals in a memo

_COUNT_AFTER = (
    ("Столбцов всего семь, в каждом по пять карт.", 7, 5),
    ("Стопок шесть: по восемь карт в каждой.", 6, 8),
    ("Всего на столе восемь столбцов по шесть карт.", 8, 6),
    ("Количество столбцов — десять, в каждом по пять карт.", 10, 5),
    ("Число колонок — 7, в каждой по 5 карт.", 7, 5),
    ("В раскладе 9 колонок по 4 карты.", 9, 4),
    ("Расклад: 8 столбцов по 6 карт.", 8, 6),
    ("Расклад — десять колонок, по пять карт в каждой.", 10, 5),
    ("Игровое поле состоит из семи столбцов по шесть карт.", 7, 6),
    ("На игровом поле находятся 12 стопок, в каждой по 4 карты.", 12, 4),
    ("Раскладка: шесть кучек, по восемь карт.", 6, 8),
    ("Семь колонок, в каждой по шесть карт, — это основной расклад.", 7, 6),
)
_FOUND_AFTER = (
    "Оснований восемь.",
    "Количество оснований — восемь.",
    "Домов всего восемь, по одному на каждую масть каждой колоды.",
    "Базовых стопок 8.",
)
_STOCK_MEMO = (
    ("Колода: по три карты, без пересдач.", {"stock.turn": 3, "redeals": 0}),
    ("Прикуп открывается по три карты; пересдач — две.", {"stock.turn": 3, "redeals": 2}),
    ("Число пересдач не ограничено.", {"redeals": "unlimited"}),
    ("Пересдачи: не более двух.", {"redeals": 2}),
    ("Сдача из колоды — по две карты.", {"stock.turn": 2}),
)


def count_after_cells() -> list[Cell]:
    out = [
        Cell("count-after", (s,), {"tableau.piles": n, "tableau.cards": m})
        for s, n, m in _COUNT_AFTER
    ]
    out += [Cell("count-after", (s,), {"foundations": 8}) for s in _FOUND_AFTER]
    lead = "Карты раскладывают в семь столбцов по пять карт."
    out += [Cell("stock-memo", (lead, s), want) for s, want in _STOCK_MEMO]
    return out


# --- nineteenth batch (grammar-20; written before its fixes, measured on main b01647a):
# building either way on the layout, and runs moved whole or refused, in more words

_BOTH_WAYS = (
    "В столбцах карты можно класть как по возрастанию, так и по убыванию.",
    "Карты в колонках кладут по возрастанию или по убыванию.",
    "На карту в столбце можно положить карту на единицу старше или младше.",
    "Строить в столбцах можно в любом направлении.",
    "В колонках последовательности строятся и вверх, и вниз.",
    "Карты перекладывают с колонки на колонку в обоих направлениях.",
    "В стопках можно класть карты вверх и вниз по старшинству.",
)
_RUN_MORE = (
    ("Правильно сложенные последовательности переносятся целиком.", True),
    ("Перемещать можно любую открытую часть столбца.", True),
    ("Можно переносить последовательность карт целиком.", True),
    ("Группу упорядоченных карт можно перенести на другую колонку.", True),
    ("Разрешается переносить сразу несколько карт, если они лежат по порядку.", True),
    ("Переносить можно только верхнюю карту столбца.", False),
    ("Несколько карт сразу перемещать нельзя.", False),
    ("За один ход переносится только одна карта.", False),
)


def both_run_cells() -> list[Cell]:
    lead = "Карты раскладывают в семь столбцов по пять карт."
    out = [Cell("build-both", (lead, s), {"build.direction": "both"}) for s in _BOTH_WAYS]
    lead = "В столбцах карты кладут по убыванию, чередуя цвета."
    out += [Cell("run-more", (lead, s), {"build.run": r}) for s, r in _RUN_MORE]
    return out


# --- twentieth batch (grammar-20; written before its fixes, measured on main b01647a): the
# books' way of saying it, in modern spelling — «марьяж», «масть на масть», «без различия
# мастей», «заменяется картою», «по шести карт», piles in the instrumental, kings taken out

_BOOK_WAYS = (
    (
        "Раскладывают колоду на восемь кучек, по шести карт в каждой.",
        {"tableau.piles": 8, "tableau.cards": 6},
    ),
    (
        "Сдают тринадцать кучек по четыре карты и кладут их кругом.",
        {"tableau.piles": 13, "tableau.cards": 4},
    ),
    (
        "Карты кладутся шестью кучками, по восьми карт в каждой.",
        {"tableau.piles": 6, "tableau.cards": 8},
    ),
    ("Короли, по мере выхода, кладутся особо над раскладкой.", {"foundation.base": "K"}),
    (
        "На королей кладут дам, валетов и так далее до тузов.",
        {"foundation.base": "K", "foundation.direction": "down"},
    ),
    (
        "Из колоды вынимают всех королей и кладут их в ряд; это основные карты.",
        {"foundation.base": "K"},
    ),
    (
        "Марьяж делается в нисходящем порядке, масть на масть.",
        {"build.direction": "down", "build.suit": "same"},
    ),
    (
        "Марьяж в раскладке делается красною картою на чёрную.",
        {"build.direction": "down", "build.suit": "alternate"},
    ),
    (
        "В раскладке марьяж делается в восходящем порядке, без различия мастей.",
        {"build.direction": "up", "build.suit": "any"},
    ),
    (
        "Если пасьянс не вышел, карты собирают, тасуют и раскладывают снова, и так до трёх раз.",
        {"redeals": 2},
    ),
)
_BOOK_SPACES = (
    ("Пустое место заменяется верхнею картою колоды.", "fill:stock"),
    ("Опустевшее место тотчас заполняется картою из колоды.", "fill:stock"),
    ("Пустое место в раскладке занимается королём.", "K"),
    ("На опустевшее место кладут какую угодно карту.", "any"),
)


def book_way_cells() -> list[Cell]:
    lead = "Карты раскладывают в восемь кучек по шести карт."
    out = [
        Cell("book-ways", (s,) if "tableau.piles" in want else (lead, s), want)
        for s, want in _BOOK_WAYS
    ]
    lead = "В раскладке марьяж делается в нисходящем порядке."
    out += [Cell("book-ways", (lead, s), {"space": v}) for s, v in _BOOK_SPACES]
    return out


# --- twenty-first batch (grammar-20; written before its fixes, measured on main b01647a): the
# face of the layout said in a sentence of its own, after the deal — the top card open and the
# others closed, said with «кроме», «только», «остальные/прочие», «а»; all open in more words

_FACE_AFTER = (
    ("Все карты, кроме верхних, кладутся рубашкой вверх.", "down-but-last"),
    ("Во всех столбцах открыта только верхняя карта.", "down-but-last"),
    ("Верхние карты столбцов открыты, остальные лежат закрытыми.", "down-but-last"),
    ("Последняя карта каждого столбца кладётся лицом вверх, прочие — лицом вниз.", "down-but-last"),
    (
        "Карты кладутся рубашкой вверх, и только последняя в каждом столбце — картинкой вверх.",
        "down-but-last",
    ),
    ("В каждом столбце нижние карты закрыты, а верхняя открыта.", "down-but-last"),
    ("Открытой остаётся лишь верхняя карта каждой колонки.", "down-but-last"),
    ("Все карты, кроме последней в каждом столбце, закрыты.", "down-but-last"),
    ("Карты сдаются в закрытую, кроме верхней карты каждого столбца.", "down-but-last"),
    ("Все карты расклада открыты.", "up"),
    ("Все карты сдаются открытыми.", "up"),
    ("Карты выкладываются лицевой стороной вверх.", "up"),
    ("Все карты лежат рубашкой вниз.", "up"),
    ("Все карты в столбцах видны.", "up"),
)


def face_after_cells() -> list[Cell]:
    lead = "Карты раскладывают в семь столбцов по пять карт."
    return [Cell("face-after", (lead, s), {"tableau.face": v}) for s, v in _FACE_AFTER]


# --- twenty-second batch (grammar-20; written before its fixes, measured on main b01647a): the
# foundations' suit said with a noun or a gerund, and rows dealt from the stock in more words

_FOUND_SUIT_PHRASES = (
    ("без учёта масти", "any"),
    ("не обращая внимания на масть", "any"),
    ("вне зависимости от масти", "any"),
    ("не глядя на масть", "any"),
    ("без различия мастей", "any"),
    ("соблюдая масть", "same"),
    ("с соблюдением масти", "same"),
    ("строго по мастям", "same"),
)
_FOUND_SUIT_FRAMES = (
    "В основания карты кладут по возрастанию {suit}.",
    "На дома карты собирают от туза до короля {suit}.",
)
_ROWS_MORE = (
    "Когда ходы закончатся, сдайте из колоды новый ряд карт — по одной на каждый столбец.",
    "Нажатие на колоду раздаёт по одной карте в каждую колонку.",
    "Если ходов нет, раздайте ещё по карте на каждую стопку.",
    "При отсутствии ходов на каждый столбец кладётся по карте из колоды.",
    "Из колоды на все колонки сразу сдаётся по одной карте.",
    "Когда нет ходов, на каждую стопку расклада из колоды выкладывается ещё одна карта.",
)


def found_suit_rows_cells() -> list[Cell]:
    out: list[Cell] = []
    for i, (phrase, suit) in enumerate(_FOUND_SUIT_PHRASES):
        text = _FOUND_SUIT_FRAMES[i % 2].format(suit=phrase)
        out.append(Cell("foundation-suit-phrase", (text,), {"foundation.suit": suit}))
    lead = "Карты раскладывают в десять столбцов по пять карт."
    out += [Cell("stock-rows-more", (lead, s), {"stock.turn": "rows"}) for s in _ROWS_MORE]
    return out


# --- twenty-third batch (grammar-21; written before its fixes, measured on main 1d72ac5): a
# space said as a condition on the pile emptied, then what it takes in a clause of its own with
# a pronoun («в неё», «её», «туда», «на её место»): the conditions × the main clauses × nouns

# (feminine, masculine) forms of each condition: {n} the noun, {l} its prepositional
_WHEN_EMPTY = (
    ("Если {n} опустела,", "Если {n} опустел,"),
    ("Когда {n} освобождается,", "Когда {n} освобождается,"),
    ("После того как {n} опустеет,", "После того как {n} опустеет,"),
    ("Как только {n} освободится,", "Как только {n} освободится,"),
    ("Если {n} становится пустой,", "Если {n} становится пустым,"),
    ("Если в {l} не осталось карт,", "Если в {l} не осталось карт,"),
)
# (feminine, masculine) main clauses and the space they state
_WHEN_TAKES = (
    ("в неё можно положить любую карту.", "в него можно положить любую карту.", "any"),
    ("её можно занять только королём.", "его можно занять только королём.", "K"),
    ("на её место кладут карту из колоды.", "на его место кладут карту из колоды.", "fill:stock"),
    ("туда можно класть лишь короля.", "туда можно класть лишь короля.", "K"),
    ("её заполняют верхней картой колоды.", "его заполняют верхней картой колоды.", "fill:stock"),
    ("в неё кладут что угодно.", "в него кладут что угодно.", "any"),
)
_WHEN_NOUNS = (("стопка", "стопке", True), ("колонка", "колонке", True),
               ("столбец", "столбце", False), ("кучка", "кучке", True))  # fmt: skip


def space_when_cells() -> list[Cell]:
    lead = ("Карты раскладывают в семь стопок по пять карт.", "Карты кладут по убыванию.")
    out: list[Cell] = []
    i = 0
    for fem_cond, masc_cond in _WHEN_EMPTY:
        for fem_main, masc_main, space in _WHEN_TAKES:
            noun, loc, fem = _WHEN_NOUNS[i % len(_WHEN_NOUNS)]
            i += 1
            cond = (fem_cond if fem else masc_cond).format(n=noun, l=loc)
            text = f"{cond} {fem_main if fem else masc_main}"
            out.append(Cell("space-when", (*lead, text), {"space": space}))
    return out


# --- twenty-fourth batch (grammar-21; written before its fixes, measured on main 1d72ac5): the
# talon turned back into the stock after a condition that the stock has run out, said in more
# ways: the conditions × the ways of turning it back (how often: unsaid, once more, twice)

_STOCK_OUT = (
    "Когда колода закончится,",
    "Если в колоде не осталось карт,",
    "Когда колода иссякнет,",
    "После того как колода опустеет,",
    "Когда карты в колоде кончатся,",
    "Как только колода пройдена,",
)
_TALON_AGAIN = (
    ("сброс переворачивается и снова становится колодой.", "unlimited"),
    ("отбой переворачивают и используют снова.", "unlimited"),
    ("сброс можно перевернуть и пройти ещё раз.", 1),
    ("стопку сброса переворачивают и снова кладут на место колоды.", "unlimited"),
    ("карты сброса снова собирают в колоду, но только один раз.", 1),
    ("сброс переворачивают, и игра продолжается; так можно сделать дважды.", 2),
)


def stock_out_cells() -> list[Cell]:
    lead = ("Карты раскладывают в семь стопок по пять карт.", "Карты из колоды открывают по одной.")
    return [
        Cell("stock-out-again", (*lead, f"{cond} {again}"), {"redeals": n})
        for cond in _STOCK_OUT
        for again, n in _TALON_AGAIN
    ]


# --- twenty-fifth batch (grammar-21; written before its fixes, measured on main 1d72ac5): runs
# moved as well as single cards, said with two members joined («не только …, но и», «как …,
# так и», «и …, и», «или»), with the cards lying on it, or whole; × three verbs of moving

_RUN_VERBS = (("Переносить", "переносить"), ("Перекладывать", "перекладывать"),
              ("Перемещать", "перемещать"))  # fmt: skip
_RUN_BOTH = (
    "{V} можно не только одиночные карты, но и последовательности.",
    "{V} можно как отдельные карты, так и группы карт.",
    "Можно {v} и одну карту, и целую последовательность.",
    "Можно {v} карты по одной или сериями.",
    "{V} разрешается любую открытую карту вместе с картами, лежащими на ней.",
    "Упорядоченные группы карт можно {v} целиком.",
    "Карты можно {v} поодиночке и группами.",
    "Можно {v} сразу несколько карт, сложенных по порядку.",
)


def run_both_cells() -> list[Cell]:
    lead = ("Карты раскладывают в семь стопок по пять карт.", "Карты кладут по убыванию.")
    out: list[Cell] = []
    for j, frame in enumerate(_RUN_BOTH):
        for k in (0, 1, 2) if j < 2 else (j % 3,):
            cap, low = _RUN_VERBS[k]
            out.append(Cell("run-both", (*lead, frame.format(V=cap, v=low)), {"build.run": True}))
    return out


# --- twenty-sixth batch (grammar-21; written before its fixes, measured on main 1d72ac5): the
# suit or colour rule said as the predicate of a clause of its own after the way («…, цвет
# должен быть другим», «…; масть может быть любой»), × three frames of the way

_SUIT_PREDICATES = (
    ("цвет должен быть другим", "alternate"),
    ("цвета должны чередоваться", "alternate"),
    ("масти должны совпадать", "same"),
    ("масть должна быть той же", "same"),
    ("цвет карт должен различаться", "alternate"),
    ("масть должна совпадать", "same"),
    ("цвет должен меняться", "alternate"),
    ("масти должны быть одинаковыми", "same"),
    ("цвет при этом должен быть противоположным", "alternate"),
    ("при этом масть может быть любой", "any"),
    ("масть может быть любая", "any"),
    ("цвет должен совпадать", "same-colour"),
    ("карты должны быть одного цвета", "same-colour"),
    ("карты должны быть разного цвета", "alternate"),
)
_WAY_FRAMES = (
    "На стопках карты кладут по убыванию, {s}.",
    "Карту можно положить на карту на единицу старше, {s}.",
    "В колонках карты выкладываются по нисходящей; {s}.",
)


def suit_predicate_cells() -> list[Cell]:
    lead = "Карты раскладывают в семь стопок по пять карт."
    return [
        Cell(
            "build-suit-predicate",
            (lead, frame.format(s=pred)),
            {"build.direction": "down", "build.suit": suit},
        )
        for pred, suit in _SUIT_PREDICATES
        for frame in _WAY_FRAMES
    ]


# --- twenty-seventh batch (grammar-21; written before its fixes, measured on main 1d72ac5): the
# game laid out again after it failed or stopped, how often counted with «ещё» (more deals
# after this one: «ещё раз», «ещё два раза», «ещё дважды») or in all; × six conditions

_FAILED = (
    "Если пасьянс не вышел,",
    "Если пасьянс не сошёлся,",
    "Когда ходов больше нет,",
    "Если игра зашла в тупик,",
    "Если пасьянс не удался,",
    "Когда пасьянс остановился,",
)
_LAID_AGAIN = (
    ("его можно разложить ещё раз.", 1),
    ("его можно разложить ещё два раза.", 2),
    ("карты собирают и раскладывают снова, но не более двух раз.", 2),
    ("оставшиеся карты тасуют и раскладывают заново; так можно сделать дважды.", 2),
    ("разрешается переложить пасьянс один раз.", 1),
    ("пасьянс можно пересдать ещё раз.", 1),
    ("карты можно собрать и разложить ещё дважды.", 2),
)


def laid_again_cells() -> list[Cell]:
    lead = "Карты раскладывают в восемь кучек по шести карт."
    return [
        Cell("redeal-more", (lead, f"{cond} {again}"), {"redeals": n})
        for cond in _FAILED
        for again, n in _LAID_AGAIN
    ]


# --- twenty-eighth batch (grammar-21; written before its fixes, measured on main 1d72ac5): the
# cards each said on their own after the piles were counted — a sentence of its own or a
# clause after «;» («В каждой стопке лежит пять карт», «Каждый столбец состоит из шести
# карт», «В каждую кладут по 5 карт», «На каждую колонку приходится по 8 карт»)

# lead, piles, and the noun's forms: prepositional, accusative, nominative singular; feminine
_COUNTED_LEADS = (
    ("Карты раскладывают в семь стопок.", 7, "стопке", "стопку", "стопка", True),
    ("Сдаются восемь столбцов.", 8, "столбце", "столбец", "столбец", False),
    ("На столе выкладывают 6 колонок.", 6, "колонке", "колонку", "колонка", True),
    ("Раскладываются девять кучек.", 9, "кучке", "кучку", "кучка", True),
)
# piles -> cards each: as a figure, in the nominative, in the genitive
_EACH_CARDS = {7: (5, "пять", "пяти"), 8: (6, "шесть", "шести"), 6: (8, "восемь", "восьми"),
               9: (5, "пять", "пяти")}  # fmt: skip
_EACH_SAID = (
    "В {each_loc} {loc} по {m} карт.",
    "В {each_acc} кладут по {m} карт.",
    "{Each} {nom} состоит из {mg} карт.",
    "В {each_loc} из них {m} карт.",
    "В {each_loc} {loc} лежит {m} карт.",
    "На {each_acc} {acc} приходится по {m} карт.",
    "{Each} {nom} содержит {m} карт.",
    "В {each_acc} {acc} сдают по {m} карт.",
)


def each_after_cells() -> list[Cell]:
    out: list[Cell] = []
    for lead, n, loc, acc, nom, fem in _COUNTED_LEADS:
        m, word, gen = _EACH_CARDS[n]
        forms = {
            "each_loc": "каждой" if fem else "каждом",
            "each_acc": "каждую" if fem else "каждый",
            "Each": "Каждая" if fem else "Каждый",
            "loc": loc, "acc": acc, "nom": nom,
        }  # fmt: skip
        facts = {"tableau.piles": n, "tableau.cards": m}
        for k, frame in enumerate(_EACH_SAID):
            digits = k % 2 == 1
            text = frame.format(**forms, m=m if digits else word, mg=m if digits else gen)
            out.append(Cell("each-after", (lead, text), facts))
        clause = f"в {forms['each_loc']} {loc} {m} карт."
        out.append(Cell("each-after", (f"{lead[:-1]}; {clause}",), facts))
    return out


# --- twenty-ninth batch (grammar-21; written before its fixes, measured on main 1d72ac5): the
# stock turned by a click, as modern help pages say it — the click as subject, in «при
# нажатии», as a gerund, as an imperative — × the cards turned (some counted, one as control)

_CLICKS = (
    "Щелчок по колоде открывает {n}.",
    "Клик по колоде переворачивает {n}.",
    "Нажатие на колоду выкладывает на сброс {n}.",
    "При нажатии на колоду открываются {n}.",
    "По щелчку на колоде в сброс выкладываются {n}.",
    "Щёлкнув по колоде, вы открываете {n}.",
    "Нажав на колоду, игрок переворачивает {n}.",
    "Кликните по колоде, чтобы открыть {n}.",
    "Нажмите на колоду — откроются {n}.",
)
_CLICKED = (("три карты", 3), ("следующие три карты", 3), ("сразу две карты", 2),
            ("верхние три карты", 3), ("одну карту", 1))  # fmt: skip


def click_cells() -> list[Cell]:
    return [
        Cell("stock-click", (frame.format(n=n),), {"stock.turn": count})
        for frame in _CLICKS
        for n, count in _CLICKED
    ]


# --- thirtieth batch (grammar-21; written before its fixes, measured on main 1d72ac5): the win
# said after its condition («Если …, пасьянс сошёлся») as well as before it, and the win of
# every card turned face up (the Clock's), × the bodies of a layout cleared or all cards open

_WIN_FRAMES = (
    "Пасьянс сходится, если {b}.",
    "Игра выиграна, когда {b}.",
    "Если {b}, пасьянс сошёлся.",
    "Когда {b}, игра окончена победой.",
    "Если {b}, вы выиграли.",
)
_WIN_BODIES = (
    ("на столе не осталось ни одной карты", "tableau-empty"),
    ("все карты убраны со стола", "tableau-empty"),
    ("все стопки расклада разобраны", "tableau-empty"),
    ("все карты открыты", "all-face-up"),
    ("все карты лежат лицом вверх", "all-face-up"),
    ("все карты перенесены в дома", "all-on-foundations"),
)


def win_after_cells() -> list[Cell]:
    lead = "Карты раскладывают в семь стопок по пять карт."
    out = [
        Cell("win-after", (lead, frame.format(b=body)), {"win": win})
        for frame in _WIN_FRAMES
        for body, win in _WIN_BODIES
    ]
    out += [
        Cell("win-after", (lead, s), {"win": "all-face-up"})
        for s in ("Цель пасьянса — открыть все карты.", "Задача игрока — перевернуть все карты.")
    ]
    return out


# --- thirty-first batch (grammar-21; written before its fixes, measured on main 1d72ac5):
# counts written as figures with a case ending, as modern pages write them («из 8-ми столбцов»,
# «7-ю стопками», «в 10-ти колонках», «по 5-ти карт»), and a figure glossed by its word in
# brackets («в 9 (девять) стопок»), or the cards each in brackets

# number -> the case endings written after its figure: genitive, dative, instrumental,
# prepositional («8-ми», «8-ми», «8-ю», «8-ми»)
_FIGURE_ENDINGS: dict[int, tuple[str, str, str, str]] = {
    3: ("х", "м", "мя", "х"), 4: ("х", "м", "мя", "х"), 5: ("ти", "ти", "ью", "ти"),
    6: ("ти", "ти", "ью", "ти"), 7: ("ми", "ми", "ю", "ми"), 8: ("ми", "ми", "ю", "ми"),
    9: ("ти", "ти", "ью", "ти"), 10: ("ти", "ти", "ью", "ти"),
}  # fmt: skip
_FIGURE_FRAMES = (
    ("loc", "В {piles} лежит {cards}."),
    ("gen", "Расклад состоит из {piles} {cards}."),
    ("dat", "Карты раздают по {piles}, {cards} в {each}."),
    ("ins", "Карты выкладывают {piles} {cards}."),
    ("loc", "Карты раскладываются в {piles}, в {each} {cards}."),
    ("gen", "Каждый из {piles} получает {cards}."),
)


def _figure(n: int, case: str) -> str:
    return f"{n}-{_FIGURE_ENDINGS[n][('gen', 'dat', 'ins', 'loc').index(case)]}"


def figure_case_cells() -> list[Cell]:
    out: list[Cell] = []
    pairs = ((7, 5), (8, 6), (10, 5), (6, 8), (9, 5), (7, 6))
    i = 0
    for name in ("столбец", "колонка", "стопка", "кучка"):
        noun = PILE_NOUNS[name]
        for case, frame in _FIGURE_FRAMES:
            n, m = pairs[i % len(pairs)]
            i += 1
            form = {"gen": noun.gen_pl, "dat": noun.dat_pl, "ins": noun.ins_pl, "loc": noun.loc_pl}
            each_cards = f"по {_figure(m, 'gen')} карт" if i % 2 else f"по {m} карт"
            text = frame.format(
                piles=f"{_figure(n, case)} {form[case]}",
                cards=each_cards if "получает" not in frame else f"{m} карт",
                each="каждой" if noun.fem else "каждом",
            )
            if noun.fem:
                text = text.replace("Каждый из", "Каждая из")
            out.append(Cell("figure-case", (text,), {"tableau.piles": n, "tableau.cards": m}))
    for name, (n, word, m) in zip(
        ("стопка", "столбец", "колонка", "кучка"),
        ((9, "девять", 5), (7, "семь", 6), (8, "восемь", 6), (10, "десять", 5)),
        strict=True,
    ):
        noun = PILE_NOUNS[name]
        each = "каждой" if noun.fem else "каждом"
        facts = {"tableau.piles": n, "tableau.cards": m}
        out.append(
            Cell(
                "figure-case", (f"Раздайте карты в {n} ({word}) {noun.gen_pl} по {m} карт.",), facts
            )
        )
        out.append(
            Cell(
                "figure-case",
                (f"Карты раскладывают в {n} {noun.gen_pl} (по {m} карт в {each}).",),
                facts,
            )
        )
    return out


# --- thirty-second batch (grammar-21; written before its fixes, measured on main 1d72ac5): the
# stock gone through or turned again without limit, said by an adverb («бесконечно»,
# «неограниченно», «сколько захочется», «хоть сколько раз») × four verbs, or by a noun

_UNLIMITED_VERBS = (
    "Пересдавать колоду можно {a}.",
    "Проходить колоду разрешается {a}.",
    "Сброс можно переворачивать {a}.",
    "Колоду можно перелистывать {a}.",
)
_UNLIMITED_ADVERBS = ("бесконечно", "неограниченно", "без ограничений", "сколько угодно раз",
                      "неограниченное число раз", "сколько захочется", "любое количество раз",
                      "хоть сколько раз")  # fmt: skip
_UNLIMITED_NOUNS = (
    "Ограничений на число пересдач нет.",
    "Число проходов колоды не ограничено.",
    "Количество пересдач неограниченно.",
    "Пересдач может быть сколько угодно.",
    "Колода пересдаётся неограниченное количество раз.",
    "Пересдавать можно без ограничения числа раз.",
    "Число пересдач колоды ничем не ограничено.",
    "Лимита на пересдачи нет.",
)


def unlimited_said_cells() -> list[Cell]:
    lead = ("Карты раскладывают в семь стопок по пять карт.", "Карты из колоды открывают по три.")
    said = [v.format(a=a) for v in _UNLIMITED_VERBS for a in _UNLIMITED_ADVERBS]
    return [
        Cell("redeal-unlimited", (*lead, s), {"redeals": "unlimited"})
        for s in (*said, *_UNLIMITED_NOUNS)
    ]


# --- forty-fifth batch (grammar-45): rows of cards that are a grid of one-card places, said
# with the cards they hold (a total that the rows times their cards make) × verbs, faces and
# «из них», or in a game with no building on the layout; and the near phrasings that keep
# columns (overlap said, columns named, no total); two foundation groups whose win names the
# last cards; cards taken counted with a colour

# (total, rows, each) in words: the total in the accusative, the rows, the cards each
_GRID_SIZES = (
    ("двенадцать", 12, "три ряда", "четыре", 4),
    ("двенадцать", 12, "два ряда", "шести", 6),
    ("шестнадцать", 16, "четыре ряда", "четыре", 4),
    ("девять", 9, "три ряда", "три", 3),
    ("шестнадцать", 16, "два ряда", "восьми", 8),
    ("двадцать", 20, "четыре ряда", "пяти", 5),
)
_GRID_FRAMES = (
    "Выкладывают {n} карт открытыми в {r}, по {c} карты в каждом.",
    "Сдают {n} из них лицом вверх, в {r} по {c} карты.",
    "Раскладывают {n} карт в {r} по {c}.",
    "Из остальных карт выкладывают {n} карт в {r}, по {c} в каждом.",
)
# the same rows kept as columns: overlap said, columns named, or no total
_GRID_COLUMNS = (
    ("Выкладывают двенадцать карт в три ряда, по четыре карты в каждом, так что карты "
     "каждого следующего ряда покрывают карты предыдущего.", 4, 3),
    ("Выкладывают двенадцать карт в три ряда, по четыре карты в каждом, так что получается "
     "четыре столбца.", 4, 3),
    ("Карты выкладывают в три ряда по четыре карты.", 4, 3),
    ("Выкладывают шестнадцать карт в два ряда, по восьми карт в каждом, карты второго ряда "
     "покрывают карты первого.", 8, 2),
)  # fmt: skip
_NO_BUILDING = (
    "Марьяжа на нём не делают.",
    "Марьяжа в раскладке не делают.",
    "Карты в раскладе можно перемещать, но не собирать в группы.",
    "На раскладке марьяжа не делают.",
)
_TWO_GROUPS_WIN = (
    "Пасьянс сошёлся, когда на тузах лежат короли, а на королях тузы.",
    "Если на тузах окажутся короли, а на королях тузы, пасьянс вышел.",
)
_TAKEN_COLOURED = (
    ("Вынимают из колоды двух чёрных тузов и двух красных королей; это основные карты.", 4),
    ("Перед игрой вынимают двух красных тузов, червонного и бубнового, и двух чёрных королей, "
     "пикового и трефового; это основные карты.", 4),
    ("Вынимают четырёх чёрных тузов и четырёх красных королей; это основные карты.", 8),
)  # fmt: skip


# a packet counted out of the pack, one card laid on another, named a reserve
_PACKET_FRAMES = (
    "Отсчитывают {n} карт и кладут их открытыми одна на другую; это запасная пачка.",
    "Отсчитывают {n} карт, которые кладут одна на другую в одну пачку; это запас.",
    "Отсчитывают {n} карт и кладут их одною пачкою, лицом вниз, исключая верхнюю карту, "
    "которую открывают; эта пачка называется запасом.",
    "Кладут {n} из них в одну пачку рубашкою вверх, исключая самую верхнюю, которую "
    "открывают; это запасная пачка.",
    "Отсчитывают {n} карт и кладут их на стол, одну на другую; это запас.",
)
_PACKET_SIZES = (("одиннадцать", 11), ("тринадцать", 13), ("двенадцать", 12))


# a space filled at the player's wish, or said as a when-clause before its fill
_WISHES = ("когда играющий пожелает", "когда играющему угодно", "когда он захочет",
           "когда играющий найдет нужным")  # fmt: skip
_WHEN_PLACES = ("в раскладке", "в нижнем ряду", "в столбцах", "в одной из стопок")


def space_wish_cells() -> list[Cell]:
    lead = ("Карты раскладывают в восемь стопок по пять карт.",
            "Остальные карты открывают по одной и кладут в талон.")  # fmt: skip
    out = [
        Cell("space-wish", (*lead, f"Пустое место {verb}, {wish}, верхнею картою талона."),
             {"space": "fill:talon"})
        for wish in _WISHES
        for verb in ("закрывается", "занимается")
    ]  # fmt: skip
    out += [
        Cell("space-wish", (*lead, f"Когда {at} освобождается место, его {how} верхнею картою "
             "талона."), {"space": "fill:talon"})
        for at in _WHEN_PLACES
        for how in ("тотчас закрывают", "занимают")
    ]  # fmt: skip
    return out


# the next row dealt when play stops, the condition and the cards said in full
_STUCK_WHEN = ("Когда играть более нечего,", "Когда из раскладки нечего более играть,",
               "Когда ничего более нельзя сделать,", "Если игра остановится,")  # fmt: skip
_STUCK_DEALS = (
    "сдают из колоды по одной открытой карте на каждую из восьми кучек.",
    "сдают из колоды следующие восемь карт, по одной на каждую кучку.",
    "сдают следующие восемь карт, по одной на каждую кучку, не исключая и пустых мест.",
)


def stuck_rows_cells() -> list[Cell]:
    lead = "Карты раскладывают в восемь кучек по четыре карты."
    return [
        Cell("stuck-rows", (lead, f"{when} {deal}"), {"stock.turn": "rows"})
        for when in _STUCK_WHEN
        for deal in _STUCK_DEALS
    ]


# the last card laid apart as one more pile, in a clause after the piles were counted
_LAST_CARD = (
    "пятьдесят вторая карта кладется отдельно и составляет {nth} {noun}",
    "последняя карта составляет {nth} {noun}",
    "а последняя, пятьдесят вторая карта, составляет {nth} {noun} одна",
)
_LAST_PILES = (("семнадцать вееров", "восемнадцатый", "веер", "по три карты в каждом"),
               ("семнадцать кучек", "восемнадцатую", "кучку", "по три карты в каждой"),
               ("семнадцать столбцов", "восемнадцатый", "столбец", "по три карты"))  # fmt: skip


def last_card_cells() -> list[Cell]:
    return [
        Cell("last-card", (f"Раскладывают всю колоду в {piles}, {each}; "
             f"{frame.format(nth=nth, noun=noun)}.",), {"tableau.piles": 18})
        for piles, nth, noun, each in _LAST_PILES
        for frame in _LAST_CARD
    ]  # fmt: skip


def packet_reserve_cells() -> list[Cell]:
    lead = "Затем выкладывают в ряд четыре открытые карты."
    return [
        Cell("packet-reserve", (frame.format(n=n), lead), {"reserve.piles": 1, "reserve.cards": k})
        for frame in _PACKET_FRAMES
        for n, k in _PACKET_SIZES
    ]


def grid_rows_cells() -> list[Cell]:
    out: list[Cell] = []
    for frame in _GRID_FRAMES:
        for n, total, rows, each, _ in _GRID_SIZES:
            text = frame.format(n=n, r=rows, c=each)
            out.append(Cell("rows-grid", (text,), {"tableau.piles": total, "tableau.cards": 1}))
    for text, piles, cards in _GRID_COLUMNS:
        out.append(Cell("rows-grid", (text,), {"tableau.piles": piles, "tableau.cards": cards}))
    for s in _NO_BUILDING:
        for lead, total in (("Карты раскладывают в четыре ряда по пять карт.", 20),
                            ("Раскладывают три ряда по четыре карты.", 12)):  # fmt: skip
            out.append(Cell("rows-grid", (lead, s), {"tableau.piles": total, "tableau.cards": 1}))
    ways = "На тузы кладут карты той же масти по возрастанию; на королей, напротив, по убыванию."
    lead = "Основными картами служат четыре туза и четыре короля."
    for s in _TWO_GROUPS_WIN:
        out.append(Cell("two-groups", (lead, ways, s), {"foundation.direction": ["down", "up"]}))
    for s, count in _TAKEN_COLOURED:
        out.append(
            Cell("two-groups", (s, ways), {"foundations": count, "foundation.base": ["A", "K"]})
        )
    return out


def cells() -> list[Cell]:
    """Every cell of the grid, in a stable order."""
    return (
        layout_cells()
        + deck_cells()
        + foundation_cells()
        + build_cells()
        + card_build_cells()
        + face_cells()
        + reserve_cells()
        + run_cells()
        + triangle_cells()
        + space_cells()
        + stock_cells()
        + goal_cells()
        + compound_cells()
        + uneven_cells()
        + cell_cells()
        + unlimited_cells()
        + relative_cells()
        + rows_cells()
        + suited_card_cells()
        + found_on_cards_cells()
        + single_or_run_cells()
        + stock_noun_cells()
        + deck_cells_2()
        + verb_layout_cells()
        + arrival_cells()
        + rank_word_cells()
        + pass_cells()
        + no_fill_cells()
        + empty_table_cells()
        + round_deal_cells()
        + goal_runs_cells()
        + again_cells()
        + memo_cells()
        + restricted_cells()
        + base_cells()
        + differ_cells()
        + one_suit_run_cells()
        + how_often_cells()
        + waste_both_cells()
        + wrap_cells()
        + uneven_elided_cells()
        + small_each_cells()
        + turn_acc_cells()
        + redeal_limit_cells()
        + reshuffle_cells()
        + suit_phrase_cells()
        + by_one_cells()
        + king_only_cells()
        + found_counted_cells()
        + reserve_out_cells()
        + in_a_row_cells()
        + book_each_cells()
        + glossed_cells()
        + count_after_cells()
        + both_run_cells()
        + book_way_cells()
        + face_after_cells()
        + found_suit_rows_cells()
        + space_when_cells()
        + stock_out_cells()
        + run_both_cells()
        + suit_predicate_cells()
        + laid_again_cells()
        + each_after_cells()
        + click_cells()
        + win_after_cells()
        + figure_case_cells()
        + unlimited_said_cells()
        + grid_rows_cells()
        + packet_reserve_cells()
        + space_wish_cells()
        + stuck_rows_cells()
        + last_card_cells()
    )


# --- scoring ----------------------------------------------------------------------------------


def cell_facts(cell: Cell) -> dict[str, Any]:
    """The key facts of the cell's draft ({} when no draft is made)."""
    from real_quality import spec_facts

    from pipeline.errors import PasyansError
    from pipeline.extract import extract_game

    game = {
        "id": "grid", "book": None, "title": None, "name": None, "witnesses": [],
        "sections": [{"kind": "play", "key": "play", "sentences": [
            {"id": f"grid/play/{i}", "para": 1, "text": s, "modern": s, "spans": []}
            for i, s in enumerate(cell.sentences, 1)]}],
    }  # fmt: skip
    try:
        ex = extract_game(game)
    except PasyansError:
        return {}
    return spec_facts(ex.checked.rules)


def default_facts() -> dict[str, Any]:
    """The key facts of a draft whose text states nothing: a cell whose every expected value
    is one of these passes on the defaults alone and is counted apart (uninformative)."""
    return cell_facts(Cell("none", ("Пасьянс.",), {}))


def informative(cell: Cell, defaults: dict[str, Any]) -> bool:
    from real_quality import _same

    return any(not (k in defaults and _same(v, defaults[k])) for k, v in cell.facts.items())


def wrong_keys(cell: Cell, got: dict[str, Any]) -> list[str]:
    from real_quality import _same

    return [k for k, v in cell.facts.items() if not (k in got and _same(v, got[k]))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--errors", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    inf_right: Counter[str] = Counter()
    inf_total: Counter[str] = Counter()
    failing: list[str] = []
    defaults = default_facts()
    for cell in cells():
        got = cell_facts(cell)
        bad = wrong_keys(cell, got)
        total[cell.area] += 1
        right[cell.area] += not bad
        if informative(cell, defaults):
            inf_total[cell.area] += 1
            inf_right[cell.area] += not bad
        if bad:
            failing.append(
                f"{cell.id}\n    " + "; ".join(f"{k}: {cell.facts[k]} / {got.get(k)}" for k in bad)
            )
    if args.json:
        fig = {a: [right[a], total[a], inf_right[a], inf_total[a]] for a in total}
        print(json.dumps(fig, ensure_ascii=False))
        return 0
    print(f"{'area':22} {'cells right':>12} {'of them not on defaults alone':>32}")
    for area in total:
        print(f"{area:22} {right[area]:6}/{total[area]:<5} {inf_right[area]:26}/{inf_total[area]}")
    print(
        f"{'all':22} {sum(right.values()):6}/{sum(total.values()):<5} "
        f"{sum(inf_right.values()):26}/{sum(inf_total.values())}"
    )
    if args.errors:
        print("\n".join(failing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
