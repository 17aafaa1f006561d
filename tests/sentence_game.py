"""A game of play sentences alone, shaped as the segmenter hands a game to extraction: the
input of the grammar's golden tests, and the few readers those tests share."""

from __future__ import annotations

import json
import re


def sentence_game(sentences: list[str]) -> dict:
    return {
        "id": "test", "book": "cadogan-ru", "title": None, "name": None, "witnesses": [],
        "sections": [{"kind": "play", "key": "play", "sentences": [
            {"id": f"test/play/{i}", "para": 1, "text": s, "modern": s, "spans": []}
            for i, s in enumerate(sentences, 1)]}],
    }  # fmt: skip


def sentence_facts_of(sentence: str) -> list[tuple[str, object]]:
    """The facts of one sentence as (key, value), asserting that none of it was left loose."""
    from pipeline.extract.facts import sentence_facts

    facts, loose = sentence_facts(sentence)
    assert loose == []
    return [(f.key, f.value) for f in facts]


def said(sentence: str) -> list[tuple[str, str]]:
    """The sentence's facts, each key with its value as JSON, in a stable order (nothing of
    it left loose): the paradigm tests' comparison."""
    return sorted(
        (k, json.dumps(v, sort_keys=True, ensure_ascii=False))
        for k, v in sentence_facts_of(sentence)
    )


def fact_pairs(*pairs: tuple[str, object]) -> list[tuple[str, str]]:
    """Expected facts in the form `said` gives."""
    return sorted((k, json.dumps(v, sort_keys=True, ensure_ascii=False)) for k, v in pairs)


def projected(text: str) -> str:
    """A pre-reform sentence as the pipeline projects it: word by word with the lexicon that
    arbitrates the endings («верхнія» -> «верхние», «другаго» -> «другого»)."""
    from pipeline.normalize.lexicon import Lexicon

    lex = Lexicon(True)
    return re.sub(r"\w+", lambda m: lex.modern(m.group()), text)


def sentences_draft(sentences: list[str]):
    """The draft extraction makes of a game of these play sentences alone."""
    from pipeline.extract import extract_game

    return extract_game(sentence_game(sentences))
