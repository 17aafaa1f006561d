"""A rule said without its verb: a dash or a colon stands where the verb of laying would be
(«Тузы — на основания.», «Короли — на пустые места.», «На туза — двойку той же масти.»,
«В раскладе — по убыванию, чередуя цвета.», «Основания: от туза до короля по масти.»,
«Пустые места — только королями.»). Russian drops the verb of such a clause and marks the
gap with the dash; the sense is the clause with its verb. The dash becomes the verb's token
(«класть», or «заполнять» for a place filled by a card in the instrumental), so every island
that reads the full clause reads the short one.

Only a sentence with no verb of its own is such a clause (so «Цель игры — собрать …», a gloss
between dashes in a clause with a verb, the gaps of a list of examples after a verb, or a memo
«Раскладка: семь колонок» stay as they are), and the two sides must be what a clause of
laying joins: cards or a place before it, and after it a place the cards go to, a way of
building or a card laid on the card named before.

The one home of the verbless rule. The grammar asks which verb the dash stands for
(`elided_verb`, on its tokens); the finder asks whether a clause states a rule at all
(`finding.elided_rule`, on words it tags with these same token types). Both read a clause by
`elided`: «put» and «fill» are the verbs the grammar writes in; «where» is a clause that says
where cards go or lie with no way of building (`Остальные карты — в колоду`, `Остальные 50 карт
— в колоде`, `На пустые места — короли`): a rule for the finder, no verb for the grammar (a
card's place is read by the islands that read the pack's rest)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

# A word of a clause: the grammar's `tokens.Tok` (a named tuple), or the finder's tagged word;
# what is read of it is its `type` (a token type of the grammar) and `feats` (grammemes).
Tok = Any
Elided = Literal["put", "fill", "where"]

# What ends the part of a clause on either side of the dash.
_PART_ENDS = frozenset({"STOP", "SEMI", "COMMA", "DASH", "COLON"})
# Grammemes of a word that is a verb of its own (a finite verb, an infinitive, a short
# participle): a part with one is a clause with its verb.
_VERBAL = frozenset({"VERB", "INFN", "PRTS"})
_CARDS = frozenset({"CARD", "RANK"})
PLACES = frozenset(
    {"PACKET", "COLUMN", "ROW", "PLACE", "CIRCLE", "RAY", "RESERVE", "FOUNDATION", "DEAL", "TALON"}
)
# Places a card is sent to by a rule of its own (a pile of the tableau is one only when empty:
# «Короли — на пустые места»; «карты — в столбцы» says no rule of building).
_KEPT = frozenset({"FOUNDATION", "RESERVE", "TALON", "RANK"})
# Where a card goes (a place after «на», «в», «к»).
_TO = frozenset({"ONTO", "IN", "TO"})
# How cards are built: a way or a suit rule opening the part after the dash.
_WAYS = frozenset(
    {"UP", "DOWN", "ALTERNATE", "SAME_SUIT", "ALT_COLOUR", "ANY_SUIT", "RED", "BLACK", "FROM"}
)


def _verbal(t: Tok) -> bool:
    return not _VERBAL.isdisjoint(t.feats)


def _part(toks: list[Tok], i: int, step: int) -> list[Tok]:
    """The tokens from i in direction `step` up to the next end of a part."""
    out = []
    while 0 <= i < len(toks) and toks[i].type not in _PART_ENDS:
        out.append(toks[i])
        i += step
    return out if step > 0 else out[::-1]


def _whither(toks: list[Tok]) -> bool:
    """The first place or card after a preposition is where a card goes, not where it lies: a
    case of direction («на основания», «в колоду», «к тузам»), not the locative («в основаниях»,
    «на столе» say where the cards are: «Тузы — в основаниях» states a place, not a move)."""
    noun = next((t for t in toks if t.type in PLACES | _CARDS), None)
    if noun is None or {"loct", "loc2"} & noun.feats:
        return False
    return noun.type in _KEPT or any(t.type in ("EMPTY", "FREE") for t in toks)


# What a card goes to or lies in, as the finder sees it: a card or any place of the game.
_THING = _CARDS | PLACES | _KEPT | frozenset({"DECK", "PLACE_WORD"})
_EMPTY = frozenset({"EMPTY", "FREE"})


def _where(left: list[Tok], right: list[Tok]) -> bool:
    """A card or place of four words at most, then a preposition of place and a place or a
    card (`Остальные карты — в колоде`, `Тузы — на основания`), or a place first and the
    cards after it (`На пустые места — короли`): where cards go or lie, no verb said."""
    if not left or not right or len(left) > 4 or any(map(_verbal, left)):
        return False
    lt = {t.type for t in left}
    if left[0].type not in _TO and lt & _THING and right[0].type in _TO:
        near = right[:4]
        return any(t.type in _THING for t in near) or any(t.type in _EMPTY for t in near[:3])
    if left[0].type in _TO and (lt & _THING or lt & _EMPTY):
        return any(t.type in _THING for t in right[:3])
    return False


def elided(left: list[Tok], right: list[Tok]) -> Elided | None:
    """What the dash between these two parts of a clause stands for: the verb of laying
    («put»), of filling a place («fill»), a place with no way of building («where»), or
    nothing (`Король — на троне`, `Карты — это жизнь`)."""
    verb = _verb_for(left, right)
    if verb is not None:
        return "fill" if verb == "заполнять" else "put"
    return "where" if _where(left, right) else None


def _verb_for(left: list[Tok], right: list[Tok]) -> str | None:
    """The verb the dash between these parts stands for, or None when it stands for none."""
    if not left or not right or any(map(_verbal, left + right)):
        return None
    lt = {t.type for t in left}
    head = right[0] if right[0].type != "ONLY" or len(right) == 1 else right[1]
    if ("EMPTY" in lt or "FREE" in lt) and any(
        t.type in _CARDS and "ablt" in t.feats for t in right
    ):
        return "заполнять"  # «Пустые места — только королями.»
    if left[0].type == "ONTO" and _CARDS & lt and head.type in _CARDS:
        return "класть"  # «На туза — двойку той же масти.»
    if not (_CARDS | PLACES) & lt:
        return None
    subject = next(t.type for t in left if t.type in _CARDS | PLACES)
    if subject in _CARDS and head.type in _TO and _whither(right[1:]):
        return "класть"  # «Тузы — на основания.», «Двойки — к тузам.»
    if head.type == "BY" and len(right) > 1 and right[1].type in ("UP", "DOWN", "SUIT_N"):
        return "класть"  # «В раскладе — по убыванию.», «Основания — по масти.»
    if head.type == "IN" and len(right) > 1 and right[1].type in ("UP", "DOWN"):
        return "класть"  # «Карты в раскладе — в убывающем порядке.»
    if head.type in _WAYS and (head.type != "FROM" or any(t.type == "RANK" for t in right)):
        return "класть"  # «Основания: от туза до короля.», «Столбцы — чередуя цвета.»
    return None


def elided_verb(toks: list[Tok], verb_word: Callable[[Tok], bool]) -> list[Tok]:
    """Each dash or colon that stands for the verb of its clause becomes that verb's token,
    in a sentence with no verb at all: beside a verb the dash is a gap in a list of examples
    («на восьмёрку идёт семёрка, на даму — валет»), whose islands read the first one."""
    if any(_verbal(t) or (t.type == "W" and not t.feats and verb_word(t)) for t in toks):
        return toks
    out = list(toks)
    for i, what in elisions(toks):
        if what == "where":
            continue
        verb, kind = ("заполнять", "FILL") if what == "fill" else ("класть", "PUT")
        out[i] = toks[i]._replace(type=kind, value=verb, lemma=verb, feats=frozenset({"VERB"}))
    return out


def elisions(toks: list[Tok]) -> list[tuple[int, Elided]]:
    """Each dash or colon of a sentence that stands for something (`elided`), by its index:
    the parts on either side end at a stop, a semicolon, a comma or another dash."""
    out: list[tuple[int, Elided]] = []
    for i, t in enumerate(toks):
        if t.type in ("DASH", "COLON"):
            what = elided(_part(toks, i - 1, -1), _part(toks, i + 1, 1))
            if what is not None:
                out.append((i, what))
    return out
