"""A card named by a predicate in a condition, then taken up by a pronoun: «Если карта —
король, её можно положить в пустую стопку», «если это туз, его кладут на основание», «если
верхняя карта является дамой, то её …». The condition only names the card the clause after it
speaks of; the sense is that clause with the card in the pronoun's place («короля можно
положить в пустую стопку»), so every island that reads a rank as the object of a verb reads
the longer form too.

Only a naming is such a condition: the subject is a card («карта», «верхняя карта столбца»)
or «это», the predicate a dash or a copula («является», «есть», «окажется»), then one rank or
ranks joined by «или». A condition that tells an event («если открылся туз, его …») or
anything else stays as said (its own islands read it), and so does a pronoun that is not the
first word of the next clause (after an optional «то»)."""

from __future__ import annotations

from typing import Any

# A token is `tokens.Tok`, which imports this module: a named tuple, typed here as Any.
Tok = Any

_OPENS = frozenset({"COND"})
# words of a subject naming a card: the card, where it lies, which one
_SUBJECT = frozenset(
    {"CARD", "TOP", "BOTTOM", "W", "TURN", "FREE", "PACKET", "COLUMN", "ROW", "PLACE"}
)
_COPULAS = frozenset(
    {"является", "являются", "есть", "будет", "будут", "окажется", "окажутся", "оказалась",
     "оказался", "оказывается", "оказываются"}
)  # fmt: skip
_THIS = frozenset({"это"})
_PRONOUNS = frozenset({"она", "он", "они"})
_SUBJECT_SPAN = 5  # tokens of a subject at most («верхняя карта этого столбца»)


def _word(t: Tok, sentence: str) -> str:
    return sentence[t.start : t.end].lower().replace("ё", "е")


def _ranks_end(toks: list[Tok], k: int) -> int | None:
    """The index after «RANK (или RANK)*» starting at k, or None."""
    if k >= len(toks) or toks[k].type != "RANK":
        return None
    k += 1
    while k + 1 < len(toks) and toks[k].type == "OR" and toks[k + 1].type == "RANK":
        k += 2
    return k


def _predicate_at(toks: list[Tok], i: int, sentence: str) -> int | None:
    """Index of the first rank of the predicate of the condition opened at i, or None."""
    j = i + 1
    if j < len(toks) and toks[j].type == "W" and _word(toks[j], sentence) in _THIS:
        return j + 1
    span = toks[j : j + _SUBJECT_SPAN + 1]
    for n, t in enumerate(span):
        if t.type == "DASH" or (t.type == "W" and _word(t, sentence) in _COPULAS):
            subject = span[:n]
            if any(s.type == "CARD" for s in subject) and all(s.type in _SUBJECT for s in subject):
                return j + n + 1
            return None
        if t.type not in _SUBJECT:
            return None
    return None


def named_card(toks: list[Tok], sentence: str) -> list[Tok]:
    """The pronoun after a condition that names a card by a predicate becomes that card's
    rank(s); the condition goes."""
    for i, t in enumerate(toks):
        if t.type not in _OPENS or (i and toks[i - 1].type not in ("COMMA", "SEMI")):
            continue
        r = _predicate_at(toks, i, sentence)
        end = _ranks_end(toks, r) if r is not None else None
        if r is None or end is None or end >= len(toks) or toks[end].type != "COMMA":
            continue
        k = end + 1
        if k < len(toks) and toks[k].type == "THEN":
            k += 1
        if k >= len(toks) or toks[k].type != "W" or toks[k].lemma not in _PRONOUNS:
            continue
        return toks[:i] + toks[r:end] + toks[k + 1 :]
    return toks


# A condition that only says the cards fit: «Если в оставшихся картах приходятся по порядку
# карты, то они складываются друг на друга …», «если найдутся карты, которые подходят по
# порядку, их можно перекладывать …». Its clause moves the cards it names, when a move
# is there to make: the rule is that clause with the cards in the pronoun's place («карты
# складываются друг на друга …»), as `named_card` does for a card named by a predicate.
# A condition that says anything more (a pile, a negation, an event of play, a rank) stays
# as said.
_FIT_WORDS = frozenset(
    {"IN", "W", "CARD", "BY", "ORDER", "ONTO", "FOUNDATION", "PUT", "MOVE", "TURN", "AVAIL"}
)
_FIT_SAYS = frozenset({"ORDER", "PUT", "MOVE", "AVAIL"})  # in order, fit, or that may be put
_MOVED = frozenset({"PUT", "MOVE", "GATHER"})
# the cards taken up as the subject of a passive («они складываются») or the object
# («их кладут», «ее можно переложить»)
_TAKEN_UP = frozenset({"они", "она", "их", "ее", "её"})


def fitting_condition(toks: list[Tok], sentence: str) -> list[Tok]:
    """The condition that says only that the cards fit goes, and the pronoun that opens the
    clause after it before a verb of putting (its subject or its object) becomes the
    condition's cards."""
    for i, t in enumerate(toks):
        if t.type not in _OPENS or (i and toks[i - 1].type not in ("COMMA", "SEMI")):
            continue
        # the condition ends at the comma before the pronoun that takes its cards up (a
        # relative clause inside it: «если найдутся карты, которые можно положить …, то …»)
        j = k = None
        for n in range(i + 1, len(toks) - 1):
            if toks[n].type in ("STOP", "SEMI"):
                break
            m = n + 1 + (toks[n + 1].type == "THEN")
            if toks[n].type == "COMMA" and m < len(toks) and _taken_up(toks[m], sentence):
                j, k = n, m
                break
        if j is None or k is None:
            continue
        said = toks[i + 1 : j]
        types = {s.type for s in said} - {"COMMA"}
        card = next((s for s in said if s.type == "CARD"), None)
        if card is None or not types <= _FIT_WORDS or types.isdisjoint(_FIT_SAYS):
            continue
        if not any(x.type in _MOVED for x in toks[k + 1 : k + 3]):
            continue
        return [*toks[:i], card, *toks[k + 1 :]]
    return toks


def _taken_up(t: Tok, sentence: str) -> bool:
    return t.type == "W" and _word(t, sentence) in _TAKEN_UP
