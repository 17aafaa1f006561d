"""What in a stretch of text is rule content, and which kind of text states none.

`finding.rule_sentence` is a wide net: a card or place with any act (`Раскладывайте карты`,
`Колода должна быть индивидуальна`, `Карты послушно открывались`). A refusal built on its
absence alone was too eager on real text no development passage resembled, and a game kept
by one lucky match of it is fragile. So two things are kept apart here:

- **firm evidence** of a rule (`firm`): a numeral with a card or pile noun (`в семь
  столбцов`, `12 кучек`), the goal (`Цель игры — собрать…`, `пасьянс сошёлся`), an order of
  ranks, suits or colours with a card (`в нисходящем порядке`, `той же масти`), what only a
  rank may do (`на пустое место только короля`), or a verb
  frame of play with a card or place besides a bare «карты» (`тузы кладут на основания`,
  `пустой столбец заполняют королём`). Any one of them is rule content.
- **a kind of text that states none** (`no_rule_case`), recognised by what it is, never by
  what it lacks alone: a story of a person, the precepts of a divination, a program's
  description of its controls, a game named in a list with a line of description. Each case
  needs its own positive sign *and* no firm evidence of a rule in its text (the description
  of controls may move cards onto foundations, but counts, orders and goals are a game's).

The decisions stay lexical and local (pymorphy3 for tense and person, as `story` reads them).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pipeline.segment.finding import (
    _RANK_NAMED,
    _THINGS,
    about_game,
    about_games,
    elided_rule,
    only_cards,
    rule_sentence,
    states_count,
)
from pipeline.segment.fold import fold, remembered
from pipeline.segment.prepositions import PREPOSITIONS
from pipeline.segment.story import (
    attributed_reply,
    first_reading,
    person_past,
    reply,
    story,
    told_in_past,
    told_of_person,
)

# The goal of a game: to gather, lay out or clear the cards, or the game comes out.
_GOAL = re.compile(
    r"(?<!\w)(?:(?:цель|задача)\w*(?:\s+\S+){0,8}?\s+(?:собра|разлож|перелож|убра|освобод"
    r"|сложит|перемест|снять|выложит|сбросит|построит|поместит|отправит)"
    r"|пасьянс\w*\s+(?:сош[её]л|сходит|сойд[её]т|вышел|выходит|удал|удает|разложен|выигран)"
    r"|(?:игра|пасьянс)\w*\s+(?:выиграна|выигрыва|заканчива|оканчива|окончен|проигран)"
    r"|(?:выиграли|выигрыш|победили|победа)(?:[\s,]+[^\s,]+){0,4}?[\s,]+(?:если|когда)"
    # what must be done to win (`Чтобы победить, нужно освободить все колонки`)
    r"|(?:чтобы\s+(?:победить|выиграть)|для\s+(?:победы|выигрыша))[\s,]+(?:\S+\s+){0,2}?"
    r"(?:нужно|необходимо|надо|следует|требуется|должн\w*))"
)
# An order of ranks, suits or colours (with a card named, see `firm`).
_ORDER = re.compile(
    r"(?<!\w)(?:по\s+(?:возраст|убыван|порядк|старшинств|масти|мастям|нисходящ|восходящ)"
    r"|в\s+(?:восходящ|нисходящ|убывающ|возрастающ|порядке)\w*|(?:восходящ|нисходящ)\w*\s+порядк"
    r"|от\s+туза|от\s+короля|до\s+(?:короля|туза|дамы|валета)|той\s+же\s+масти|одной\s+масти"
    r"|одинаковой\s+масти|другой\s+масти|(?:другого|того\s+же|иного|противоположного)\s+цвета"
    r"|чередуя|чередова|черн\w*\s+на\s+красн|красн\w*\s+на"
    r"\s+черн|старше|младше|на\s+единицу|выше\s+(?:на|достоинств)|ниже\s+(?:на|достоинств))"
)
# A numeral with a card or place noun the finder's count (`finding.states_count`) leaves out
# (`в 36 листов`, `8 ячеек`, `четыре основания`; not `одно из оснований`).
_COUNT_MORE = re.compile(
    r"(?<!\w)(?:\d{1,3}|одн\w*|две|два|двух|три|трех|четыре|четырех|пять|пяти|шесть|шести|семь"
    r"|семи|восемь|восьми|девять|девяти|десять|десяти|двенадцать|двенадцати)\s+"
    r"(?:(?!из\s)\w+\s+)?(?:лист|яче|основани|дом(?:а|ов)(?!\w)|веер|резерв)"
)
# What only a rank may do or receive (`На пустое поле только короля`, `лишь тузы`).
_ONLY_RANK = re.compile(
    r"(?<!\w)(?:только|лишь)\s+(?:\w+\s+)?(?:туз|корол(?!ев)|дам[аыуе]?(?!\w)|валет|двойк"
    r"|тройк|четверк|пятерк|шестерк|семерк|восьмерк|девятк|десятк)"
)
# Which cards are in play (`Игровыми картами являются верхние карты игровых стопок`,
# `доступны только открытые карты`, `в игре участвуют верхние карты`), and how often the
# pack may be gone through (`колода … может быть пролистана всего один раз`): rules of play
# the grammar may have no fact for.
_ACCESS = re.compile(
    r"(?<!\w)(?:(?:игров\w*|доступн\w*|свободн\w*)\s+(?:для\s+игры\s+)?карт\w*\s+"
    r"(?:явля\w*|счита\w*|—|-|это)|(?:верхн|открыт|последн|нижн)\w*\s+карт\w*(?:\s+\S+){0,4}?"
    r"\s+(?:доступн|участву|можно\s+(?:перемещ|перенос|переклад|брать|играть))"
    r"|(?:доступн|участву)\w*(?:\s+\S+){0,3}?\s+(?:только\s+)?(?:верхн|открыт|последн)\w*\s+карт)"
)
_PASSES = re.compile(
    r"(?<!\w)(?:колод|талон|прикуп|запас)\w*[^.!?]{0,80}?\s(?:пролист|перелист|просматр"
    r"|просмотр|пересда|перебира|перебрат|пройти|проходит)"
)
_PASS_COUNT = re.compile(r"(?<!\w)(?:(?:один|два|три|\d)\s+раз\w*|дважды|трижды)(?!\w)")
# Cards taken by the sum of their points (`Карты можно убирать парами, дающими в сумме 14`,
# `две карты, сумма которых равна 13`): a pair-removal game's rule.
_SUM = re.compile(
    r"(?<!\w)(?:в\s+сумме|сумм\w*(?:\s+\S+){0,3}?\s+(?:равн\w*|составля\w*|да[её]т|дают))"
    r"\s+(?:\d{1,2}|тринадцат\w*|четырнадцат\w*|одиннадцат\w*|десят\w*)(?!\w)"
)
# Words of a card or place that name none: a site's map (`29.03.24 карта сайта`), a person
# at home (`министр находится дома`).
_NOT_A_THING = re.compile(
    r"(?<!\w)карт\w*\s+сайта|(?<=\s)(?:наход\w*|сид\w*|оста\w*|был\w*|работа\w*)\s+дома(?!\w)",
    re.IGNORECASE,
)
# Acts that move, lay out, deal or take cards: the verbs of a rule's frame (folded stems).
_FRAME_ACT = re.compile(
    r"(?<!\w)(?:клад|класть|кладет|полож(?!ительн)|ложат|ложит|переклад|перелож|перенес|перенос|перемещ"
    r"|перемест|помеща|помест|помещ|размеща|размест|расклад|разлож|выклад|выло[жг]|сда[её]т|сдают"
    r"|сдаютс|сдава|сдать|разда|открыв|откро|открыт|сним|снима|сня|убира|убер|убрат|заполн"
    r"|переворач|перевер|собира|собер|собрат|стро[ия]т|отклад|отлож|наклад|сбрасыва|сбросит"
    r"|удаля|удалит|берут|бер[её]тся|возьм|ставят|ставит|став[ья]т|подклад|подсовыва"
    r"|перетаск|отправ|пересда|переход|переходят)"
)
# A card or place besides a bare «карта» / «лист»: a rank, a suit, a pile of the layout.
_PLAIN_CARD = re.compile(r"^(?:карт|лист|рубашк|групп)")


_WORD_REST = re.compile(r"\w*")
# A verb's ending: `запастись` is no stock, `сбросить` no waste.
_VERB_END = re.compile(r"(?:ть|ться|тись|чь|сь|ся)$")


def _specific_thing(key: str) -> bool:
    """A card or place named besides a bare «карта» (`_PLAIN_CARD`), not inside a verb."""
    for m in _THINGS.finditer(key):
        rest = _WORD_REST.match(key, m.end())
        word = m.group() + (rest.group() if rest else "")
        if not _PLAIN_CARD.match(word) and not _VERB_END.search(word):
            return True
    return False


@remembered
def firm(text: str) -> str | None:
    """The kind of firm evidence of a rule a sentence gives (`count`, `goal`, `order`,
    `only`: what only a rank may do, `access`: which cards are in play or how often the pack
    is gone through, `frame`), or None: see the module doc. A question,
    talk about the game or games at large, and a story of a person give none."""
    if text.rstrip(" »\"')").endswith("?") or about_game(text) or about_games(text):
        return None
    if story(text):
        return None
    text = _NOT_A_THING.sub(" ", text)
    key = fold(text)
    if states_count(text) or _COUNT_MORE.search(key) or _SUM.search(key):
        return "count"
    if _GOAL.search(key):
        return "goal"
    if _ORDER.search(key) and (_THINGS.search(key) or _RANK_NAMED.search(key)):
        return "order"
    if _ONLY_RANK.search(key):
        return "only"
    if _ACCESS.search(key) or (_PASSES.search(key) and _PASS_COUNT.search(key)):
        return "access"
    if (_FRAME_ACT.search(key) and _specific_thing(key)) or elided_rule(text):
        return "frame"
    return None


# --- kinds of text that state no rule --------------------------------------------------

# Fortune-telling with cards: a divination's precepts (`Колода должна быть индивидуальна`).
_DIVINATION = re.compile(r"(?<!\w)(?:гадани|гадать|гада[ею]т|ритуал|магическ|будущее|судьб|таро)")
# A program's controls: the mouse, clicks, buttons, menus, the screen.
_CONTROLS = re.compile(
    r"(?<!\w)(?:мыш|щелк|щелч|кнопк|перетащ|перетаск|меню|экран|клавиш|курсор|окн[оае])"
)
_WORDS = re.compile(r"[А-Яа-яЁё]+")


def quote(text: str, limit: int = 40) -> str:
    """A sentence quoted in a refusal, cut to `limit` characters (a message is short)."""
    text = " ".join(text.split())
    return f"«{text[:limit]}…»" if len(text) > limit else f"«{text}»"


def n_of(n: int, m: int) -> str:
    """`1 of 1 sentence`, `2 of 5 sentences`."""
    return f"{n} of {m} sentence" + ("" if m == 1 else "s")


# A list item's mark split off as a sentence of its own (`Шаг 1.`, `Этап 2:`, `3)`).
_MARKER = re.compile(r"^\W*(?:(?:шаг|этап|пункт|step)\s*)?\d{1,3}\W*$", re.IGNORECASE)


def no_rule_case(sentences: list[str], title: str | None, *, listed: bool = False) -> str | None:
    """Which kind of text that states no rule a game's sentences are (the refusal's words,
    after «no Russian patience game found: »), or None when they may state rules. `title`:
    the game's title, if any; `listed`: the game is one item of a list of other things
    (other headings around it that are no games)."""
    said = [s for s in sentences if s.strip() and not _MARKER.match(s)]
    if not said or any(firm(s) and not attributed_reply(s) for s in said):
        return None
    n = len(said)
    keys = [fold(s) for s in said]
    told = [s for s in said if story(s) or person_past(s)]
    # a story's narration: its dialogue's replies and its lines with no Russian word (a
    # site's cookie notice) aside
    narrated = [s for s in said if not reply(s) and _WORDS.search(s)]
    if len(told) >= 3 and 3 * sum(told_in_past(s) for s in narrated) >= 2 * len(narrated):
        return (
            f"the text tells a story, not a game's rules ({n_of(len(told), n)} tell in the past "
            f"what a person did: {quote(told[0])}; none counts cards, names a goal or an order, "
            "or lays cards on a place)"
        )
    divining = [s for s, k in zip(said, keys, strict=True) if _DIVINATION.search(k)]
    ruled = [s for s in said if rule_sentence(s)]
    spoken = sum(bool(_DIVINATION.search(fold(s))) for s in ruled)
    if len(divining) >= 2 and ruled and 2 * spoken >= len(ruled):
        return (
            f"the text gives a divination's precepts, not a patience's rules "
            f"({n_of(len(divining), n)} speak of fortune-telling: {quote(divining[0])}; none "
            "counts cards, names a goal or an order, or lays cards on a place)"
        )
    if title and listed and n <= 2 and all(len(_WORDS.findall(s)) <= 4 for s in said):
        return (
            f"the text only names a game («{title}») in a list, with a line of description "
            f"({', '.join(quote(s) for s in said)}), and states none of its rules"
        )
    return None


_NAMES = frozenset({"Name", "Patr"})


def _named_past(text: str) -> bool:
    """A person named by a first name or patronymic as a subject, with a verb in the past
    of that person's gender (`Ольга Викторовна представила себе …`)."""
    readings = [first_reading(w).tag for w in _WORDS.findall(fold(text).lower())]
    named = {t.gender for t in readings if _NAMES & set(t.grammemes) and t.case == "nomn"}
    return any(
        t.POS == "VERB" and "past" in t.grammemes and t.number == "sing" and t.gender in named
        for t in readings
    )


def story_case(sentences: list[str], facts: Callable[[list[str]], int]) -> str | None:
    """A story that names cards only in what its persons do (a novel's heroine counting a
    patience out, `Тасуя колоду, Ольга Викторовна представила себе …`): no sentence gives
    firm evidence of a rule, one that names cards with an act at least is told of a person in
    the past (`story.told_of_person`, or a person named by a first name or patronymic:
    `_named_past`), and the grammar reads no fact of a rule in the text (`facts`, asked
    last). The story case of `no_rule_case` needs three sentences told so; a
    novel's narration in the present, or its inner speech, leaves fewer."""
    said = [s for s in sentences if s.strip()]
    ruled = [s for s in said if rule_sentence(s)]
    if not ruled or any(firm(s) for s in said):
        return None
    told = [s for s in ruled if told_of_person(s) or _named_past(s)]
    if not told or facts(said):
        return None
    return (
        f"the text tells a story, not a game's rules ({n_of(len(told), len(said))} "
        f"{'names' if len(told) == 1 else 'name'} cards only as what a person did: "
        f"{quote(told[0])}; none counts cards, names a goal or an order, or lays cards on a "
        "place)"
    )


def controls_case(sentences: list[str], facts: Callable[[list[str]], int]) -> str | None:
    """A program's description of its controls (`Пользуйтесь мышью для перемещения карт`,
    `Двойной щелчок по карте переложит её на основание`): most sentences that name cards with
    an act speak of the mouse, clicks, buttons or menus, none counts cards or piles, names a
    goal or an order of cards (`firm` evidence other than a verb frame), and the grammar reads
    no fact of a rule in the sentences that do not speak of the controls (`facts`, counted by
    the caller's `facts`, asked last: the grammar is the costly test)."""
    said = [s for s in sentences if s.strip()]
    ruled = [s for s in said if rule_sentence(s)]
    controls = [s for s in ruled if _CONTROLS.search(fold(s))]
    if len(controls) < 2 or 2 * len(controls) < len(ruled):
        return None
    if any(firm(s) not in (None, "frame") for s in said):
        return None
    if facts([s for s in said if not _CONTROLS.search(fold(s))]):
        return None
    shown = n_of(len(controls), len(said))
    return (
        f"the text describes a program's controls, not a game's rules ({shown} speak of the "
        f"mouse, clicks or menus: {quote(controls[0])}; none counts cards, names a goal or an "
        "order)"
    )


# --- whole texts that name cards and rules and are no game's -------------------------------
#
# A glossary defines terms of patience at large, a table of scores gives points to
# combinations of cards, a key map binds keys to a program's commands: each names cards,
# places, counts or orders as a game's rules do, so each is recognised by its form (terms
# with definitions, rows that end in a number, keys with a dash) and by what a game's rules
# would hold and it does not (a count of a game's cards or piles, a goal, an act of play).

# Cells of a text: its lines, a table's cells, columns set apart by runs of spaces (not a
# run before a dash: `1-7      — выбрать столбец` is one cell).
_CELL_SPLIT = re.compile(r"\s*\|\s*|\t+|\s{2,}(?![\s—–-])")
_RULE_ROW = re.compile(r"^[\s|:—–-]+$")


def _rows(text: str) -> list[list[str]]:
    """The non-empty cells of each line of a text (`_CELL_SPLIT`), a table's rule rows and
    empty lines aside."""
    out = []
    for line in text.splitlines():
        if _RULE_ROW.match(line):
            continue
        cells = [c for c in (x.strip() for x in _CELL_SPLIT.split(line)) if c]
        if cells:
            out.append(cells)
    return out


def _cells(text: str) -> list[str]:
    """The non-empty cells of a text's lines, in order (`_rows`)."""
    return [c for row in _rows(text) for c in row]


_SENT = re.compile(r"[^.!?…]+[.!?…]*")


def _sentences(cells: list[str]) -> list[str]:
    return [m.group().strip() for c in cells for m in _SENT.finditer(c) if m.group().strip()]


def _plays(sentence: str) -> bool:
    """Whether a sentence states an act of play, a goal or what only a rank may do (`Из
    колоды сдают 25 карт`, `Пасьянс сошёлся, если…`), whatever other evidence it gives."""
    if sentence.rstrip(" »\"')").endswith("?") or about_game(sentence) or about_games(sentence):
        return False
    key = fold(sentence)
    if _GOAL.search(key) or _ONLY_RANK.search(key) or elided_rule(sentence):
        return True
    return bool(_FRAME_ACT.search(key) and _specific_thing(key))


# Speech of games in general, as a glossary's definitions have it: what is usual, an
# example, a reference to another entry, terms.
_GENERIC = re.compile(
    r"(?<!\w)(?:обычно|как\s+правило|например|смотрите|см\.|термин\w*|означает|определени\w*"
    r"|в\s+(?:некотор|большинств|други|ряде|многи)\w*\s+(?:пасьянс|игр)"
    r"|определенн\w*\s+(?:пасьянс|игр))"
)
_TERM = re.compile(r"^[«\"]?[А-ЯЁ][^.!?;:«»\"]{1,50}$")
_DASH_TERM = re.compile(r"^([«\"]?[А-ЯЁ][^.!?;:—–«»\"]{1,40}?)\s+[—–]\s+(\S.*)$")
_CLAUSE = re.compile(r"[^,;:—–(.!?…]+")
# a clause that opens with a preposition (not all of them: not `изо`, `над`, `о`, `об`, `без`,
# `через`, `после`, `перед`) or with `это`
_OPENERS = (PREPOSITIONS - {"изо", "над", "о", "об", "без", "через", "после", "перед"}) | {"это"}
_PREPOSITION = re.compile(rf"^(?:{'|'.join(sorted(_OPENERS))})(?!\w)")
_LEADING_NUMBER = re.compile(r"^(?:\d|одн|две|два|три|четыре|пять|шесть|семь|восемь|девять|десять)")
_CYR = re.compile(r"[а-яё]+")


def _defines(text: str) -> bool:
    """Whether a text opens as a definition does: its first clause has no finite verb and
    opens with neither a preposition nor a number (`Карты, оставшиеся после раскладки`,
    `Класть карту на карту той же масти`), as against a rule (`Тузы кладут на основания`,
    `На пустое место кладут короля`, `Двенадцать кучек…`)."""
    from pipeline.segment.story import first_reading

    m = _CLAUSE.match(text.strip())
    if not m:
        return False
    key = fold(m.group())
    if not key or _PREPOSITION.match(key) or _LEADING_NUMBER.match(key):
        return False
    return not any(first_reading(w).tag.POS == "VERB" for w in _CYR.findall(key))


def _entries(cells: list[str]) -> list[tuple[str, list[str]]]:
    """The terms a text defines, each with its definition: a short line and the cells under
    it up to the next heading-like line (at most three), or a term, a dash and its
    definition on one line; a definition opens as one does (`_defines`)."""
    entries: list[tuple[str, list[str]]] = []
    for i, cell in enumerate(cells):
        dash = _DASH_TERM.match(cell)
        if dash and len(dash.group(1).split()) <= 4 and _defines(dash.group(2)):
            entries.append((dash.group(1), [dash.group(2)]))
        elif (
            _TERM.match(cell)
            and len(cell.split()) <= 6
            and i + 1 < len(cells)
            and not _TERM.match(cells[i + 1])
            and _defines(cells[i + 1])
        ):
            under = [cells[i + 1]]
            for nxt in cells[i + 2 : i + 4]:
                if _TERM.match(nxt) or _DASH_TERM.match(nxt):
                    break
                under.append(nxt)
            entries.append((cell, under))
    return entries


def glossary_case(text: str) -> str | None:
    """A glossary of terms (`Талон⏎Карты, оставшиеся после раскладки. Обычно их открывают по
    одной.`): three terms or more with definitions (`_entries`) that make up half the text's
    lines at least, two definitions or more that speak of games in general (`_GENERIC`: what
    is usual, an example, a reference to another entry), and no sentence that counts cards
    or piles or names a goal, as a game's rules would (an example's count, `Например, веер из
    трёх карт`, is no game's)."""
    cells = _cells(text)
    if sum(bool(_GENERIC.search(fold(c))) for c in cells) < 2:
        return None
    entries = _entries(cells)
    if len(entries) < 3:
        return None
    generic = [e for e in entries if any(_GENERIC.search(fold(d)) for d in e[1])]
    covered = len(entries) + sum(len(d) for _, d in entries)
    if len(generic) < 2 or 2 * covered < len(cells):
        return None
    said = _sentences(cells)
    if any(firm(s) in ("count", "goal") and not _GENERIC.search(fold(s)) for s in said):
        return None
    terms = [t for t, _ in entries]
    shown = ", ".join(quote(t, 30) for t in terms[:2]) + (", …" if len(terms) > 2 else "")
    return (
        f"the text is a glossary of terms, not a game's rules ({len(terms)} terms defined: "
        f"{shown}; {len(generic)} of the definitions speak of games in general, what is usual "
        "or an example; none counts cards or names a goal)"
    )


# A row's score: a cell that is a number, or a line that ends in one after a dash or a
# colon (`Пара — 2 очка`, `Максимальное количество очков: 276`).
_SCORE_CELL = re.compile(r"^\d{1,4}(?:\s+(?:очк|балл)\w*)?$")
_SCORE_END = re.compile(r"\s[—–:-]\s*\d{1,4}(?:\s+(?:очк|балл)\w*)?$")
_POINTS = re.compile(r"(?<!\w)(?:очк|очет|балл)")


def _scores(rows: list[list[str]]) -> list[str]:
    """The cells that give a row's score: the last cell of a row of cells, a number alone on
    its line, or a line's number after a dash or a colon; not the row numbers 1, 2, 3… of a
    numbered list."""
    out = []
    for row in rows:
        last = fold(row[-1])
        if _SCORE_CELL.match(last) or (len(row) == 1 and _SCORE_END.search(last)):
            out.append(row[-1])
    numbers = [int(m.group()) for c in out if (m := re.search(r"\d+", c))]
    if numbers and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        return []
    return out


def scores_case(text: str) -> str | None:
    """A table of scores (`Каре | Четыре карты одного достоинства | 16`): three rows or more
    that end in a score (`_scores`), points named, and no sentence that lays out, deals or
    moves cards, names a goal or what only a rank may do (`_plays`): the combinations it
    scores count and order cards as rules would, but nothing in it is played."""
    if not _POINTS.search(fold(text)):
        return None
    rows = _rows(text)
    scores = _scores(rows)
    if len(scores) < 3:
        return None
    said = _sentences([c for row in rows for c in row])
    if any(_plays(s) for s in said):
        return None
    named = [s for s in said if _THINGS.search(fold(s)) and not _SCORE_CELL.match(fold(s))]
    shown = f": {quote(named[0])}" if named else ""
    return (
        f"the text is a table of scores, not a game's rules ({len(scores)} rows give points"
        f"{shown}; none lays out, deals or moves cards or names a goal)"
    )


# A key bound to a command (`U — отменить ход`, `Ctrl+Z — отменить`, `ПРОБЕЛ — взять`,
# `← → — выбрать колонку`, `1-7 — выбрать столбец`): a key, a dash, a command in small
# letters. A number is a key only where a cell opens with it (`Шаг 1 — разложите…` is a
# step); the others may follow one another on a line, as a program run into one line has
# them.
_KEY_NAME = (
    r"(?:[A-Z]|F\d{1,2}|(?:Ctrl|Alt|Shift|Cmd)\s*\+\s*\S+|Esc|Enter|Tab|Space|Home|End"
    r"|Del(?:ete)?|Backspace|Пробел|Стрелк\w*|[A-ZА-ЯЁ]{2,}|[←→↑↓](?:\s*[/,]?\s*[←→↑↓])*)"
)
_DASH_COMMAND = r"\s*[—–-]\s+(?=[a-zа-яё(])"
_KEY = re.compile(rf"(?<!\S){_KEY_NAME}{_DASH_COMMAND}")
_NUMBER_KEY = re.compile(rf"^\d(?:\s*[-/,]\s*\d)*{_DASH_COMMAND}")
# Characters a copied text carries inside words: soft hyphens, zero-width spaces and joiners.
_INVISIBLE = re.compile("[\u00ad\u200b-\u200d\u2060\ufeff]")


def key_map(text: str) -> list[str]:
    """The bindings of keys to commands in a text (`_KEY`, `_NUMBER_KEY`), each with the
    rest of its cell, a card's letter aside (`K — король` is a legend of cards)."""
    out = []
    for cell in _cells(text):
        found = [*_NUMBER_KEY.finditer(cell), *_KEY.finditer(cell)]
        for m in sorted(found, key=lambda m: m.start()):
            if not only_cards(cell[m.end() :].split(" ", 1)[0]):
                out.append(cell[m.start() :])
    return out


def keys_case(text: str, facts: Callable[[list[str]], int]) -> str | None:
    """A program's key map (`N — новая игра`, `U — отменить ход`): three keys or more bound
    to commands (`key_map`), and the sentences that neither bind a key nor speak of the
    controls (`_CONTROLS`) give no firm evidence of a rule but a verb frame, and no rule's
    fact the grammar reads (`facts`, asked last). A help page that binds keys beside a
    game's counts and goal keeps its game."""
    keys = key_map(text)
    if len(keys) < 3:
        return None
    rest = [
        s
        for s in _sentences(_cells(text))
        if not _CONTROLS.search(fold(s)) and not _KEY.search(s) and not _NUMBER_KEY.match(s)
    ]
    if any(firm(s) not in (None, "frame") for s in rest) or facts(rest):
        return None
    return (
        f"the text describes a program's controls, not a game's rules ({len(keys)} keys bound "
        f"to commands: {quote(keys[0])}; none of its other sentences counts cards, names a "
        "goal or an order)"
    )


def text_case(text: str, facts: Callable[[list[str]], int]) -> str | None:
    """Which kind of whole text that names cards and rules but states no game's a text is (a
    glossary, a table of scores, a key map), or None. Read without the invisible characters
    a copied text carries inside words (`_INVISIBLE`)."""
    text = _INVISIBLE.sub("", text)
    return glossary_case(text) or scores_case(text) or keys_case(text, facts)
