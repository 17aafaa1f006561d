"""A game of play sentences alone, shaped as the segmenter hands a game to extraction: the
input of the grammar's golden tests."""

from __future__ import annotations


def sentence_game(sentences: list[str]) -> dict:
    return {
        "id": "test", "book": "cadogan-ru", "title": None, "name": None, "witnesses": [],
        "sections": [{"kind": "play", "key": "play", "sentences": [
            {"id": f"test/play/{i}", "para": 1, "text": s, "modern": s, "spans": []}
            for i, s in enumerate(sentences, 1)]}],
    }  # fmt: skip
