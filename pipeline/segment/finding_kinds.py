"""Six more kinds of text that name cards and play and state no patience's rules (issue 18
§2: a refusal says which case it is): a game's history, a how-to on card games at large, a
table of a program's named options, a definition of patience at large, the rules of a
card game played against others (trumps, tricks, bids), set aside as no patience, and a
card trick (an audience, a card thought of).

Each names cards with counts, orders or acts, so `rule_content.firm` finds evidence of a rule
in it; each is recognised by a positive sign of what it is *and* by all its firm evidence
lying inside that sign (a history's «люди начали раскладывать пасьянсы во времена правления
короля», a how-to's «Обычно колода состоит из 52 карт», an option's description), so a rule
text that also tells its game's origin or what a pack usually holds keeps its game.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pipeline.segment.finding import SENTENCE, about_games
from pipeline.segment.finding_pieces import pieces_case
from pipeline.segment.fold import fold
from pipeline.segment.rule_content import firm, n_of, quote

# A game's past: its origin, an age, a reign, fame, an inventor (`Страной-родоначальницей …
# считается Франция`, `во времена правления короля Людовика XIII`, `со временем`).
_HISTORY = re.compile(
    r"(?<!\w)(?:истори\w*|родоначальн\w*|по\s+некоторым\s+данным|во\s+времена|времен\w*\s+"
    r"правлени|правлени\w+\s+(?:корол|импера|цар)|со\s+временем|знаменит\w*|изобрет\w*"
    r"|изобрел\w*|придума\w*|происхожд\w*|создани\w*\s+(?:этой\s+)?игр|впервые\s+(?:появ|упомин)"
    r"|[xvi]{2,5}\s+век\w*|\d{1,2}(?:-?м|-?го)?\s+век\w*|в\s+1[5-9]\d\d(?:-?х)?\s+год\w*)"
)
# Players at a table, as a game for several has them (a patience is played alone).
_PLAYERS = re.compile(
    r"(?<!\w)(?:за\s+(?:игровым\s+)?столом|жреби\w*|игрок\w*|партн[её]р\w*|противник\w*"
    r"|соперник\w*|(?:два|двое|трое|три|несколько)\s+человек\w*|кто-либо|побеждает\s+тот)"
)
# What packs hold in general (`Обычно колода состоит…`, `Карты бывают четырёх мастей`, `В
# каждой колоде есть…`, `Есть и колоды…`, `Для некоторых игр…`).
_PACKS_AT_LARGE = re.compile(
    r"(?<!\w)(?:обычно|как\s+правило|бывают|в\s+каждой\s+колоде|есть\s+(?:и\s+)?колод\w*"
    r"|(?:для|в)\s+(?:некотор|других|многих|большинств)\w*\s+игр)"
)


def history_case(sentences: list[str]) -> str | None:
    """A game's history (`Страной-родоначальницей карточных пасьянсов считается Франция`):
    three sentences or more that speak of its origin or past (`_HISTORY`), a third of them at
    least, and every sentence that gives firm evidence of a rule is one of them (`люди начали
    раскладывать пасьянсы во времена правления короля` names a king, not a card)."""
    said = [s for s in sentences if s.strip()]
    past = [s for s in said if _HISTORY.search(fold(s))]
    if len(past) < 3 or 3 * len(past) < len(said):
        return None
    if any(firm(s) and not _HISTORY.search(fold(s)) for s in said):
        return None
    return (
        f"the text tells a game's history, not its rules ({n_of(len(past), len(said))} speak "
        f"of its origin and past: {quote(past[0])}; none outside them counts cards, names a "
        "goal or an order, or lays cards on a place)"
    )


def card_games_case(sentences: list[str]) -> str | None:
    """A how-to on card games at large (`Распределите места за столом. Делают это с помощью
    жребия.`): two sentences or more speak of players at a table (`_PLAYERS`), one at least
    gives firm evidence of a rule about packs in general (`_PACKS_AT_LARGE`: `Обычно колода
    состоит из 52 карт`), and every other that gives any speaks of the players (`Если два
    человека вытянули…`)."""
    said = [s for s in sentences if s.strip()]
    players = [s for s in said if _PLAYERS.search(fold(s))]
    if len(players) < 2:
        return None
    ruled = [s for s in said if firm(s)]
    packs = [s for s in ruled if _PACKS_AT_LARGE.search(fold(s))]
    if not packs or any(
        not _PACKS_AT_LARGE.search(fold(s)) and not _PLAYERS.search(fold(s)) for s in ruled
    ):
        return None
    return (
        f"the text is a how-to on card games at large, not a patience's rules "
        f"({n_of(len(players), len(said))} speak of players at a table: {quote(players[0])}; "
        f"its counts and orders are of packs in general: {quote(packs[0])})"
    )


# A table's row whose first cell is a name in a program's words (`| **firstAce** | на пустую
# стопку можно положить только туз |`), its description in Russian after it.
_NAME_CELL = re.compile(r"^[*`_]*([A-Za-z][A-Za-z0-9_]*)[*`_]*$")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")
_HEADER_RULE = re.compile(r"^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*(?::?-{3,}:?\s*)?$")


def _option_rows(text: str) -> tuple[list[tuple[str, str]], list[str]]:
    """The rows of a text's tables that name an option and describe it, and the text's other
    lines (a table's header and rule rows aside)."""
    rows: list[tuple[str, str]] = []
    rest: list[str] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if "|" not in line:
            rest.append(line)
            continue
        if i + 1 < len(lines) and _HEADER_RULE.match(lines[i + 1]):
            continue  # a table's header: the names of its columns
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        cells = [c for c in cells if c]
        if len(cells) >= 2 and (m := _NAME_CELL.match(cells[0])):
            said = " ".join(cells[1:])
            if _CYRILLIC.search(said):
                rows.append((m.group(1), said))
    return rows, rest


def options_case(text: str, facts: Callable[[list[str]], int]) -> str | None:
    """A table of a program's named options (`| **firstAce** | на пустую стопку можно положить
    только туз |`, `| **firstKing** | … только короля |`): three rows or more that name an
    option in the program's words and describe it in Russian, and the text's lines outside
    its tables give no firm evidence of a rule but a verb frame and no rule's fact the
    grammar reads (`facts`, asked last). Its rows are choices a program offers, often
    alternatives (an ace or a king on a space), not one game's rules; a game's page that
    lists its options beside its rules keeps its game."""
    rows, rest = _option_rows(text)
    if len(rows) < 3:
        return None
    outside = [m.group().strip() for line in rest for m in SENTENCE.finditer(line)]
    outside = [s for s in outside if _CYRILLIC.search(s)]
    if any(firm(s) not in (None, "frame") for s in outside) or facts(outside):
        return None
    name, said = next(((n, s) for n, s in rows if firm(s)), rows[0])
    return (
        f"the text is a table of a program's named options, not a game's rules ({len(rows)} "
        f"rows name an option and describe it: {quote(f'{name} — {said}', 60)}; nothing "
        "outside them counts cards, names a goal or an order)"
    )


# Patience itself defined (`Пасьянс — это карточная игра, рассчитанная на одного человека`,
# `Пасьянс является игрой…`): the word, not a game of that name.
_PATIENCE_IS = re.compile(
    r"(?<!\w)пасьянс\w*\s*(?:[—–-]\s*)?(?:это|является|представляет\s+собой)(?!\w)"
)


def definition_case(sentences: list[str], facts: Callable[[list[str]], int]) -> str | None:
    """A definition of patience at large (`Пасьянс — это карточная игра, рассчитанная на
    одного человека. … игрок должен разложить карты по определённым правилам`): a sentence
    says what patience is, no sentence gives firm evidence of a rule, and the grammar reads
    no rule's fact but in sentences about games at large (`facts`, asked last: `группировка
    карт по мастям или выполнение других условий` is what games may ask). It names rules
    and states none; a rule text that opens by defining patience states its rules after."""
    said = [s for s in sentences if s.strip()]
    defined = next((s for s in said if _PATIENCE_IS.search(fold(s))), None)
    if defined is None or any(firm(s) for s in said):
        return None
    if facts([s for s in said if not about_games(s)]):
        return None
    return (
        f"the text says what patience is at large, not a game's rules ({quote(defined)}; none "
        "of its sentences counts cards, names a goal or an order, or lays cards on a place)"
    )


# What only a game played against others has (`Козырная масть определяется в начале игры`,
# `Бить можно картой старше или козырем`, `Можно подкидывать карты того же достоинства`,
# `старшая карта берёт взятку`, `Игроки торгуются`, `чья карта старше`), by kind. Not
# «отбой» (a patience's discard), not «прикуп» (a patience's talon), not «ставки» (a
# patience's scoring mode).
_AGAINST = {
    "trumps": r"козыр\w*",
    "beating": r"(?:по|от)?бить(?:ся)?|отбива\w*|(?:по)?бь[её]т|(?:по)?бьют|подкид\w*|подкинут\w*",
    "tricks": r"взят(?:к\w*|ок)",
    "bidding": r"торгу\w*|торгов\w*|вист\w*|(?:за)?пасовать|пасу(?:ет|ют)",
    # a poker table's forced bets and betting rounds
    "blinds": r"блайнд\w*|префлоп\w*|флоп\w*|баттон\w*|олл-ин",
    # one player's card or cards against another's (`чья карта старше, тот забирает обе`,
    # `Проигрывает тот, у кого остались карты`); not who wins (`Побеждает тот, кто…`: a
    # how-to on card games at large says it too)
    "contest": r"проигрыва(?:ет|ют)\s+тот|чь(?:я|ей|ю)\s+карт\w*"
    r"|у\s+кого\s+(?:не\s+)?(?:больше|меньше|остал\w*|останется|останутся)",
}
_AGAINST_RE = {k: re.compile(rf"(?<!\w)(?:{v})(?!\w)") for k, v in _AGAINST.items()}
_AGAINST_SIGNS = {**_AGAINST_RE, "players": _PLAYERS}  # each sentence: the play, then players
# A patience's own words: the word itself, its foundations, its layout.
_PATIENCE_WORD = re.compile(
    r"(?<!\w)(?:пасьянс\w*|основани\w*|фундамент\w*|базов\w+|расклад\w*|разлож\w*)"
)


def players_game_case(title: str | None, sentences: list[str]) -> str | None:
    """The rules of a card game played against others, not of a patience (Дурак among a
    store's games: `Козырная масть определяется…`, `Бить можно картой старше или козырем`):
    two kinds of sign or more of play against others (`_AGAINST`: trumps, beating or tossing
    in, tricks, bidding; or players, `_PLAYERS`), one at least of the play itself, and no
    word of a patience in its title or text (`_PATIENCE_WORD`: a patience that names a trump
    suit, or is played by two, says «пасьянс», has foundations or a layout)."""
    said = [s for s in sentences if s.strip()]
    if _PATIENCE_WORD.search(fold(title or "")) or any(
        _PATIENCE_WORD.search(fold(s)) for s in said
    ):
        return None
    signs = _first_signs(said, _AGAINST_SIGNS)
    if len(signs) < 2:  # two kinds or more: one at least is of the play itself
        return None
    play = next(s for kind, s in signs.items() if kind != "players")
    return (
        "the text states the rules of a card game played against others, not of a patience "
        f"({', '.join(signs)}: {quote(play)})"
    )


def _first_signs(said: list[str], kinds: dict[str, re.Pattern[str]]) -> dict[str, str]:
    """Each kind's first sentence that shows it, kinds in the order they first appear (the
    refusal names them so): one scan for the card game's and the trick's signs alike."""
    signs: dict[str, str] = {}
    for s in said:
        key = fold(s)
        for kind, pattern in kinds.items():
            if kind not in signs and pattern.search(key):
                signs[kind] = s
    return signs


def kind_case(sentences: list[str]) -> str | None:
    """Which of this module's kinds of running text a game's sentences are (and a game of
    tiles or pieces: `finding_pieces`), or None."""
    return history_case(sentences) or card_games_case(sentences) or pieces_case(sentences)


# What only a card trick has: the trick, an audience, a card thought of or guessed, the one
# who shows it (`Попросите зрителя снять верхнюю часть колоды`, `запомнить ближайшую к нему
# карту`, `фокус с двадцать одной картой`), by kind.
_TRICK = {
    "trick": r"фокус\w*",
    "audience": r"зрител\w*|зрительн\w*|публик\w*",
    "thought of": r"загада\w*|задума\w*|угада\w*|запомн\w*",
}
_TRICK_RE = {k: re.compile(rf"(?<!\w)(?:{v})(?!\w)") for k, v in _TRICK.items()}
# A patience named or its foundations (a trick lays cards out too: `разложите карты в три
# стопки`).
_PATIENCE_NAMED = re.compile(r"(?<!\w)(?:пасьянс\w*|основани\w*|фундамент\w*)")


def trick_case(sentences: list[str]) -> str | None:
    """A card trick, not a patience (`Возьмите колоду карт и отдайте любому из зрителей ее
    перетасовать`): two kinds of sign or more of a trick (`_TRICK`: the trick, an audience, a
    card thought of or guessed), and no patience or foundation named in the text
    (`_PATIENCE_NAMED`). A trick deals and lays out cards as a patience does; who watches it
    tells them apart."""
    said = [s for s in sentences if s.strip()]
    if any(_PATIENCE_NAMED.search(fold(s)) for s in said):
        return None
    signs = _first_signs(said, _TRICK_RE)
    if len(signs) < 2:
        return None
    shown = next(iter(signs.values()))
    return (
        f"the text describes a card trick, not a patience's rules ({', '.join(signs)}: "
        f"{quote(shown)})"
    )
