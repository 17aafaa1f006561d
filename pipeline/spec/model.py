"""The loaded spec: canonical rules, provenance split off, and where each value was written."""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

KeyPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Spec:
    """One validated spec file.

    `rules` is the canonical form (what the engine compiles and `spec_hash` covers);
    `provenance` maps a key path string to its citation, kept apart so two readings that differ
    only in their citations play and hash the same.
    """

    rules: dict[str, Any]
    provenance: dict[str, dict[str, Any]] = field(default_factory=dict)
    path: str | None = None
    positions: dict[KeyPath, tuple[int, int]] = field(default_factory=dict, repr=False)

    @property
    def id(self) -> str:
        return self.rules["id"]

    @property
    def variant(self) -> str | None:
        return self.rules["variant"]


def canonical(spec: Spec | dict[str, Any]) -> dict[str, Any]:
    """The canonical rules (a deep copy: callers may mutate it freely)."""
    rules = spec.rules if isinstance(spec, Spec) else spec
    return copy.deepcopy(rules)


def canonical_json(spec: Spec | dict[str, Any]) -> str:
    """The byte-stable serialization that `spec_hash` digests (no spaces).

    Keys keep the canonical order instead of being sorted: the order of pile groups and move
    rules is part of the rules (it decides which automatic move goes first), so two specs that
    differ only there must not share a hash."""
    rules = spec.rules if isinstance(spec, Spec) else spec
    return json.dumps(rules, ensure_ascii=False, separators=(",", ":"))


def spec_hash(spec: Spec | dict[str, Any]) -> str:
    """Hex SHA-256 of `canonical_json`: what a game record pins."""
    return hashlib.sha256(canonical_json(spec).encode("utf-8")).hexdigest()
