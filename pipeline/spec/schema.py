"""JSON Schema validation of a raw spec (stub until rules/schema.json lands)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SchemaProblem:
    key_path: tuple[str | int, ...]
    message: str
    at_key: bool = False


def validate_schema(data: object) -> list[SchemaProblem]:
    if not isinstance(data, dict):
        return [SchemaProblem((), "a spec is a mapping (spec: pasyans/1, id: ..., piles: ...)")]
    return [
        SchemaProblem((), f"missing required key {k!r}")
        for k in ("spec", "id", "piles")
        if k not in data
    ]
