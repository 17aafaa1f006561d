"""JSON Schema validation of a raw spec, with jsonschema's messages made plain.

`rules/schema.json` is the one description of the language's shape (editors use it too);
this module applies it, collects every error, and says each one the way a spec writer needs
to read it: which key, what was expected, what was found.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pipeline.errors import excerpt
from pipeline.resources import data_dir
from pipeline.spec.canonical import KIND_FIELDS
from pipeline.spec.quickcheck import Check, compile_schema
from pipeline.spec.vocab import describe

if TYPE_CHECKING:  # jsonschema is imported only for a spec the quick check rejects (a
    # third of `pasyans extract`'s imports)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

KeyPath = tuple[str | int, ...]

_TYPE_WORDS = {
    "integer": "an integer",
    "number": "a number",
    "string": "a string",
    "object": "a mapping",
    "array": "a list",
    "boolean": "true or false",
    "null": "null",
}


@dataclass(frozen=True)
class SchemaProblem:
    """One schema violation: where (key path into the raw spec) and what, in plain words."""

    key_path: KeyPath
    message: str
    at_key: bool = False


@functools.cache
def schema() -> dict[str, Any]:
    """The shipped `rules/schema.json`."""
    with (data_dir("rules") / "schema.json").open(encoding="utf-8") as fh:
        return json.load(fh)


@functools.cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema())


@functools.cache
def _quick() -> Check | None:
    return compile_schema(schema())


def _one_of(values: list) -> str:
    words = [
        "null" if v is None else str(v).lower() if isinstance(v, bool) else str(v) for v in values
    ]
    return ", ".join(words)


def _types(t: str | list[str]) -> str:
    names = [t] if isinstance(t, str) else list(t)
    words = [_TYPE_WORDS.get(n, n) for n in names]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


_SHALLOW = {"type", "enum", "const", "pattern", "minimum", "maximum"}


def _is_shallow(e: ValidationError) -> bool:
    """The value does not even have this branch's shape (wrong type, value or form)."""
    if e.relative_path:
        return False
    if e.validator in ("anyOf", "oneOf"):
        return _intended_branch(e) is None
    return e.validator in _SHALLOW


def _intended_branch(err: ValidationError) -> list[ValidationError] | None:
    """The errors of the one anyOf branch whose shape the value has (a mapping failing inside
    a nullable block is about that block, not "expected null"); None when no branch fits."""
    branches: dict[int, list[ValidationError]] = {}
    for e in err.context:
        branches.setdefault(e.relative_schema_path[0], []).append(e)
    fitting = [errs for errs in branches.values() if not any(_is_shallow(e) for e in errs)]
    return fitting[0] if len(fitting) == 1 else None


def _not_for_kind(path: KeyPath, data: object) -> list[SchemaProblem]:
    """jsonschema reports a `false` property schema without the key; find the keys."""
    node: Any = data
    for seg in path:
        node = node[seg]
    if not isinstance(node, dict):
        return [SchemaProblem(path, "a value is not allowed here")]
    kind = node.get("kind", "transfer")
    allowed = KIND_FIELDS.get(kind, ())
    return [
        SchemaProblem(
            (*path, key), f"{excerpt(key)} does not apply to a move of kind {kind!r}", True
        )
        for fields in KIND_FIELDS.values()
        for key in fields
        if key in node and key not in allowed
    ]


def _rewrite(err: ValidationError, data: object) -> list[SchemaProblem]:
    path: KeyPath = tuple(err.absolute_path)
    inst = err.instance
    sch = err.schema if isinstance(err.schema, dict) else {}
    hint = sch.get("x-expected")
    v = err.validator
    if err.schema is False or v is None:
        return _not_for_kind(path, data)
    if v == "additionalProperties" and isinstance(inst, dict):
        known = sorted(sch.get("properties", {}))
        out = []
        for key in inst:
            if key not in known:
                expected = f" (expected one of: {', '.join(known)})" if known else ""
                out.append(
                    SchemaProblem(
                        (*path, key), f"unknown key {excerpt(key)}{expected}", at_key=True
                    )
                )
        return out
    if v == "required":
        missing = [k for k in err.validator_value if isinstance(inst, dict) and k not in inst]
        return [SchemaProblem(path, f"missing required key {k!r}") for k in missing]
    if v == "propertyNames":
        return [SchemaProblem((*path, inst), f"the name {excerpt(inst)} is not allowed here", True)]
    if v in ("anyOf", "oneOf") and err.context:
        intended = _intended_branch(err)
        if intended is not None:
            return [p for e in intended for p in _rewrite(e, data)]
        if not hint:
            from jsonschema.exceptions import best_match

            return _rewrite(best_match(err.context), data)
    if hint and v in (
        "anyOf",
        "oneOf",
        "pattern",
        "type",
        "enum",
        "minimum",
        "maximum",
        "minItems",
        "maxItems",
        "const",
    ):
        if "propertyNames" in err.schema_path:
            return [
                SchemaProblem(
                    (*path, inst), f"the name {excerpt(inst)} is not allowed: expected {hint}", True
                )
            ]
        return [SchemaProblem(path, f"expected {hint}, got {describe(inst)}")]
    if v == "type":
        return [
            SchemaProblem(path, f"expected {_types(err.validator_value)}, got {describe(inst)}")
        ]
    if v == "enum":
        return [
            SchemaProblem(
                path, f"expected one of: {_one_of(err.validator_value)}; got {describe(inst)}"
            )
        ]
    if v == "const":
        return [SchemaProblem(path, f"expected {err.validator_value!r}, got {describe(inst)}")]
    if v == "minimum":
        return [
            SchemaProblem(path, f"expected at least {err.validator_value}, got {describe(inst)}")
        ]
    if v == "maximum":
        return [
            SchemaProblem(path, f"expected at most {err.validator_value}, got {describe(inst)}")
        ]
    if v == "minItems":
        return [
            SchemaProblem(
                path,
                f"expected at least {err.validator_value} "
                f"item{'s' if err.validator_value != 1 else ''}",
            )
        ]
    if v == "maxItems":
        return [SchemaProblem(path, f"expected at most {err.validator_value} items")]
    if v == "minProperties":
        return [SchemaProblem(path, "expected at least one entry")]
    if v == "pattern":
        return [SchemaProblem(path, f"{describe(inst)} does not have the expected form")]
    return [SchemaProblem(path, re.sub(r"\s+", " ", err.message))]


def validate_schema(data: object) -> list[SchemaProblem]:
    """Every schema violation of a raw spec, rewritten plainly, duplicates removed."""
    if not isinstance(data, dict):
        return [
            SchemaProblem(
                (),
                f"a spec is a mapping (spec: pasyans/1, id: ..., piles: ...), got {describe(data)}",
            )
        ]
    quick = _quick()
    if quick is not None and quick(data):  # valid: the usual case, answered fast
        return []
    out: list[SchemaProblem] = []
    seen: set[tuple[KeyPath, str]] = set()
    for err in _validator().iter_errors(data):
        for prob in _rewrite(err, data):
            if (prob.key_path, prob.message) not in seen:
                seen.add((prob.key_path, prob.message))
                out.append(prob)
    return out
