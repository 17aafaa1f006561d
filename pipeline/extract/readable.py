"""Which sentences of a game extraction reads as rules: shared by the orchestration (which
parses them) and the assembler (which relates one to the sentence read before it)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from pipeline.extract.tokens import opens_with_one, tokenize
from pipeline.segment.finding import rule_sentence
from pipeline.segment.places import WHERE_ADVERBS
from pipeline.segment.reader import iter_sentences

# Sections whose sentences state rules (titles and captions do not).
RULE_KINDS = frozenset({"decks", "rule", "play", "note"})


def reads(kind: str, text: str) -> bool:
    """Whether extraction reads a sentence as a rule: rule sections' sentences, and an
    introduction's sentence that states rule content (lays out cards, moves them, names a
    goal: game finding's own test), never its history, praise or page furniture."""
    return kind in RULE_KINDS or (
        kind == "intro" and (rule_sentence(text) or _packs(text) or _one_place(text))
    )


def _one_place(text: str) -> bool:
    """Whether an introduction's sentence is one pile and where it lies («Стопка сверху.»):
    the first entry of a table of places, which the page gives before its rules."""
    if len(text.split()) > 3:
        return False
    toks = tokenize(text)
    return opens_with_one(toks) is not None and any(t.lemma in WHERE_ADVERBS for t in toks)


def _packs(text: str) -> bool:
    """Whether an introduction's sentence names the packs the game is played with («Двойная
    колода», «Две колоды.»: the value of a table's «Тип колоды»), a rule of the game though
    it lays out nothing."""
    if len(text.split()) > 6 or not any(w in text.lower() for w in ("колод", "двойн")):
        return False
    toks = tokenize(text)
    return any(t.type == "DOUBLE_DECK" for t in toks) or any(
        a.type == "NUM" and b.type == "DECK" for a, b in pairwise(toks)
    )


def readable_ids(game: dict[str, Any]) -> list[str]:
    """The ids of the sentences extraction reads, in reading order."""
    return [s.id for s in iter_sentences(game) if reads(s.kind, s.text)]
