"""Loading a spec file: safe YAML, schema, semantic checks, canonical form, in that order.

Schema errors stop before the semantic checks (those assume well-typed values); within each
stage every problem is collected, so one run of `pasyans validate` lists all of them.
"""

from __future__ import annotations

import os

from pipeline.errors import empty_file
from pipeline.inputs import read_input
from pipeline.spec import yamlsafe
from pipeline.spec.canonical import Builder
from pipeline.spec.model import Spec
from pipeline.spec.problems import Problems
from pipeline.spec.provenance import split
from pipeline.spec.schema import validate_schema


def read_bytes(
    path: str | os.PathLike, limit: int = yamlsafe.MAX_BYTES, what: str = "spec file"
) -> bytes:
    """The file's bytes, at most `limit` + 1 of them (decoding refuses more); a missing
    file, a directory, a FIFO, a device or a file of 0 bytes is an InputError (exit 2), as
    for every verb's text inputs (docs/cli.md, "Common behaviour")."""
    data = read_input(path, limit, what)
    if not data:
        raise empty_file(data, str(path))
    return data


def load_spec(path: str | os.PathLike) -> Spec:
    """Load, validate and canonicalize one spec file (SpecError lists every problem)."""
    data = read_bytes(path)
    text = yamlsafe.decode(data, str(path))
    return load_spec_text(text, str(path))


def load_spec_text(text: str, path: str | None = None) -> Spec:
    """The same as `load_spec` for text already in memory (`path` only names it in errors)."""
    doc = yamlsafe.load_document(text, path)
    problems = Problems(path, doc.positions, doc.key_positions)
    if doc.data is None:
        problems.add((), "the file is empty: a spec is a mapping starting with 'spec: pasyans/1'")
        problems.raise_if_any()
    return _checked(doc.data, problems, path, doc.positions)


def load_spec_data(data: dict, path: str | None = None) -> Spec:
    """The same checks for a spec built in memory (no YAML, so no line numbers in errors)."""
    return _checked(data, Problems(path, {}, {}), path, {})


def _checked(data: object, problems: Problems, path: str | None, positions: dict) -> Spec:
    for err in validate_schema(data):
        problems.add(err.key_path, err.message, at_key=err.at_key)
    problems.raise_if_any()
    assert isinstance(data, dict)
    raw = dict(data)
    raw_provenance = raw.pop("provenance", None) or {}
    rules = Builder(raw, problems).build()
    provenance = split(raw_provenance, rules, problems)
    problems.raise_if_any()
    return Spec(rules=rules, provenance=provenance, path=path, positions=positions)
