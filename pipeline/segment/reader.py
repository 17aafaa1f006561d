"""Reading game files back, for `pasyans games` and for the stages after segmentation.

`load_game` checks a file against the JSON Schema of the format (so a hand-edited or foreign
file fails with the key path of the first problem), and `iter_sentences` walks a game's
sentences in reading order with what the grammar stage needs to cite them.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.errors import DataError, InputError, SpecError
from pipeline.segment.gamefile import FORMAT
from pipeline.spec.quickcheck import Check, compile_schema
from pipeline.text import Span

_SPAN = {
    "type": "object",
    "required": ["source", "start", "end"],
    "properties": {
        "source": {"type": "string"},
        "start": {"type": "integer", "minimum": 0},
        "end": {"type": "integer", "minimum": 0},
    },
}
_SENTENCE = {
    "type": "object",
    "required": ["id", "para", "text", "modern", "spans"],
    "properties": {
        "id": {"type": "string"},
        "para": {"type": "integer", "minimum": 1},
        "text": {"type": "string", "minLength": 1},
        "modern": {"type": "string"},
        "spans": {"type": "array", "minItems": 1, "items": _SPAN},
    },
}
_SECTION = {
    "type": "object",
    "required": ["kind", "key"],
    "properties": {
        "kind": {"enum": ["title", "intro", "decks", "rules", "rule", "play", "caption", "note"]},
        "key": {"type": "string"},
        "number": {"type": "string"},
        "decks": {"type": ["integer", "null"]},
        "heading": {"type": ["string", "null"]},
        "heading_spans": {"type": "array", "items": _SPAN},
        "sentences": {"type": "array", "items": _SENTENCE},
        "rules": {"type": "array", "items": {"$ref": "#/$defs/section"}},
    },
}
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$defs": {"section": _SECTION},
    "type": "object",
    "required": ["format", "id", "book", "untitled", "partial", "witnesses", "sections"],
    "properties": {
        "format": {"const": FORMAT},
        "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
        "name": {"type": ["string", "null"]},
        "title": {"type": ["string", "null"]},
        "caption": {"type": ["string", "null"]},
        "book": {"type": ["string", "null"]},
        "id_from": {"enum": ["title", "caption", "markers", "text", "none"]},
        "provisional": {"type": "boolean"},
        "untitled": {"type": "boolean"},
        "partial": {
            "type": "array",
            "items": {"enum": ["starts-mid-game", "stops-mid-game", "no-rules"]},
            "uniqueItems": True,
        },
        "witnesses": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["source", "span", "starts_mid_game", "stops_mid_game"],
                "properties": {
                    "source": {"type": "string"},
                    "span": _SPAN,
                    "lacks": {
                        "type": "array",
                        "items": {"type": "array", "items": {"type": "string"}, "minItems": 2},
                    },
                },
            },
        },
        "sections": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/section"}},
        "apparatus": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["at_sentence", "kind", "at", "lemma", "readings"],
                "properties": {
                    "kind": {"enum": ["variant", "annotation"]},
                    "at": {"type": "array", "items": {"type": "integer"}, "minItems": 2},
                    "readings": {
                        "type": "array",
                        "minItems": 2,
                        "items": {
                            "type": "object",
                            "required": ["witnesses", "text", "spans"],
                            "properties": {"spans": {"type": "array", "items": _SPAN}},
                        },
                    },
                },
            },
        },
    },
}


@dataclass(frozen=True)
class SentenceRef:
    """One sentence of a game file, with what a later stage needs to cite it."""

    id: str
    game: str
    kind: str  # section kind: title, decks, rule, play, caption, note
    rule: str | None  # rule number for kind "rule"
    para: int
    text: str  # own orthography
    modern: str
    spans: tuple[Span, ...]


MAX_BYTES = 20_000_000  # a game of a whole book is some tens of kilobytes
MAX_VALUES = 2_000_000


@functools.cache
def _quick_check() -> Check | None:
    """The format's schema as a yes/no check (`pipeline.spec.quickcheck`)."""
    return compile_schema(SCHEMA)


def load_game(path: Path) -> dict[str, Any]:
    """A game file's data; an `InputError` (exit 2) for a file that cannot be read as
    text, a `DataError` (exit 1) naming the line or key at fault for an invalid one.

    Read with the spec's safe YAML reader: no tags, duplicate keys refused, nesting, size
    and aliases bounded (a file nested 10,000 deep is refused, not a RecursionError)."""
    from pipeline.spec.loader import read_bytes
    from pipeline.spec.yamlsafe import decode, load_document

    try:
        raw = read_bytes(path, MAX_BYTES, what="game file")
        data = load_document(
            decode(raw, str(path), MAX_BYTES), str(path), max_chars=MAX_BYTES, max_nodes=MAX_VALUES
        ).data
    except SpecError as err:
        problem = err.errors[0] if err.errors else err
        raise DataError(
            f"invalid game file: {problem.message}",
            path=str(path),
            line=problem.line,
            column=problem.column,
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DataError(f"not a game file (expected format {FORMAT})", path=str(path))
    check = _quick_check()
    if check is not None and check(data):
        return data  # valid: jsonschema (a tenth of a second to import) only words problems
    from jsonschema import Draft202012Validator

    errors = sorted(Draft202012Validator(SCHEMA).iter_errors(data), key=lambda e: list(e.path))
    if errors:
        first = errors[0]
        raise DataError(
            f"invalid game file: {first.message}", path=str(path), key_path=list(first.path)
        )
    return data


def read_games(directory: Path) -> list[dict[str, Any]]:
    """Every game file of `directory` in id order; an error if nothing was ingested yet."""
    if directory.exists() and not directory.is_dir():
        raise InputError(
            "not a directory (--dir names the folder of game files)", path=str(directory)
        )
    if not directory.is_dir():
        raise InputError(
            "no ingested games (no such directory): run `pasyans ingest` first",
            path=str(directory),
        )
    files = sorted(directory.glob("*.yaml"))
    if not files:
        raise InputError(
            "no ingested games (no game files): run `pasyans ingest` first", path=str(directory)
        )
    return [load_game(p) for p in files]


def iter_sentences(game: dict[str, Any]) -> Iterator[SentenceRef]:
    """The sentences of a game in reading order (rules in their order inside `rules`)."""

    def walk(sections):
        for sec in sections:
            for s in sec.get("sentences", []):
                yield SentenceRef(
                    id=s["id"],
                    game=game["id"],
                    kind=sec["kind"],
                    rule=sec.get("number"),
                    para=s["para"],
                    text=s["text"],
                    modern=s["modern"],
                    spans=tuple(Span(x["source"], x["start"], x["end"]) for x in s["spans"]),
                )
            yield from walk(sec.get("rules", []))

    yield from walk(game["sections"])
