"""Writing extracted specs: stable YAML text, and a directory replaced all at once."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from pipeline.atomic import swap_in
from pipeline.errors import InputError

HEADER = (
    "# Draft spec extracted by the grammar stage (`pasyans extract`): not reviewed.\n"
    "# Every field cites its sentence (origin: text) or says it is a default (origin: default).\n"
)


# libyaml's emitter where PyYAML was built with it: the pure-Python one was a third of the
# grammar stage's time on short texts, and both write the same text
_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


_STR, _INT, _BOOL, _NULL = (f"tag:yaml.org,2002:{t}" for t in ("str", "int", "bool", "null"))
_MAP, _SEQ = "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"
# The implicit tag of a plain scalar, per (value, implicit): libyaml's emitter asks the
# Python resolver twice per scalar, and a batch of drafts prints the same words again.
_RESOLVED: dict[tuple[str, tuple[bool, bool]], str] = {}
_RESOLVED_LIMIT = 50_000
_RESOLVER = yaml.resolver.Resolver()


class _NoAliases(_Dumper):  # type: ignore[valid-type,misc]
    """The safe dumper without aliases, and without its generic dispatch for the plain
    types a spec holds: the same nodes as `SafeRepresenter` builds for them (block style,
    no style of their own), about half the representer's time on a short draft."""

    def ignore_aliases(self, data: Any) -> bool:
        return True

    def represent_data(self, data: Any) -> Any:
        if self.sort_keys or self.default_style is not None or self.default_flow_style is not False:
            return super().represent_data(data)
        t = type(data)
        if t is str:
            return yaml.ScalarNode(_STR, data)
        if t is dict:
            rep = self.represent_data
            items = [(rep(k), rep(v)) for k, v in data.items()]
            return yaml.MappingNode(_MAP, items, flow_style=False)
        if t is list:
            rep = self.represent_data
            return yaml.SequenceNode(_SEQ, [rep(x) for x in data], flow_style=False)
        if t is int:
            return yaml.ScalarNode(_INT, str(data))
        if t is bool:
            return yaml.ScalarNode(_BOOL, "true" if data else "false")
        if data is None:
            return yaml.ScalarNode(_NULL, "null")
        return super().represent_data(data)

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is not yaml.ScalarNode or self.yaml_path_resolvers:
            return super().resolve(kind, value, implicit)
        key = (value, implicit)
        tag = _RESOLVED.get(key)
        if tag is None:
            tag = super().resolve(kind, value, implicit)
            if len(_RESOLVED) >= _RESOLVED_LIMIT:
                _RESOLVED.clear()
            _RESOLVED[key] = tag
        return tag


_WIDTH = 100


def _dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_NoAliases, allow_unicode=True, sort_keys=False, width=_WIDTH)


def spec_text(spec: dict[str, Any]) -> str:
    body = _block_text(spec)
    return HEADER + (body if body is not None else _dump(spec))


# The draft's YAML written here as libyaml's emitter lays it out (the same text, checked
# by tests and benchmarks/extract_identity.py), for the values a draft holds: block
# mappings with plain keys, a sequence in a mapping not indented, a plain string folded at
# a space past the width. A string the emitter quotes is written by PyYAML once per value
# and place (`_quoted`) where it is a mapping's value; anywhere else, and for a key that is
# not a plain string or a value of another type (a float), the whole draft goes to PyYAML.
# PyYAML's representer and emitter cost about four times as much on a draft.
_STR_TAG = _STR


class _Other(Exception):
    """A value the block writer leaves to PyYAML."""


def _resolved_str(value: str) -> bool:
    key = (value, (True, False))
    tag = _RESOLVED.get(key)
    if tag is None:
        tag = _RESOLVER.resolve(yaml.ScalarNode, value, (True, False))
        if len(_RESOLVED) >= _RESOLVED_LIMIT:
            _RESOLVED.clear()
        _RESOLVED[key] = tag
    return tag == _STR_TAG


# A character libyaml does not print, or a line break (\n, U+2028, U+2029): its printable
# characters are 0x20-0x7E, 0xA0-0xD7FF, 0xE000-0xFFFD but 0xFEFF (one search of a value
# instead of a Python test per character)
_UNPRINTABLE = re.compile("[^\x20-\x7e\xa0-\ud7ff\ue000-\ufffd]|[\u2028\u2029\ufeff]")


_PLAIN_MEMO: dict[str, bool] = {}
_FIRST_INDICATORS = frozenset("#,[]{}&*!|>'\"%@`?:-")


def _plain(value: str) -> bool:
    """Whether libyaml writes `value` as a plain scalar in block context (its
    `analyze_scalar` and `choose_scalar_style`, for the cases that allow it)."""
    ok = _PLAIN_MEMO.get(value)
    if ok is None:
        ok = (
            value != ""
            and value[0] != " "
            and value[-1] != " "
            and not (
                value[0] in _FIRST_INDICATORS
                and (value[0] not in "?:-" or len(value) == 1 or value[1] == " ")
            )
            and not value.startswith(("---", "..."))
            and not value.endswith(":")
            and ": " not in value
            and " #" not in value
            and _UNPRINTABLE.search(value) is None
            and _resolved_str(value)
        )
        if len(_PLAIN_MEMO) >= _RESOLVED_LIMIT:
            _PLAIN_MEMO.clear()
        _PLAIN_MEMO[value] = ok
    return ok


def _fold(value: str, column: int, indent: int) -> str:
    """A plain scalar written from `column`: a space past the width becomes a line break
    and `indent` spaces (not one of several spaces, nor one before another)."""
    if column + len(value) <= _WIDTH + 1 or " " not in value:
        return value
    out = []
    col = column
    n = len(value)
    start = 0
    for i, c in enumerate(value):
        if (
            c == " "
            and col + (i - start) > _WIDTH
            and value[i - 1] != " "
            and (i + 1 == n or value[i + 1] != " ")
        ):
            out.append(value[start:i])
            out.append("\n" + " " * indent)
            col, start = indent, i + 1
    out.append(value[start:])
    return "".join(out)


_QUOTED: dict[tuple[str, int, int], str] = {}


def _quoted(value: str, indent: int, key_len: int) -> str:
    """A string value PyYAML does not write plain, as PyYAML writes it after a key of
    `key_len` characters at `indent` (the text after the colon, line break included)."""
    memo_key = (value, indent, key_len)
    text = _QUOTED.get(memo_key)
    if text is None:
        doc: Any = {"x" * key_len: value}
        for _ in range(indent // 2):
            doc = {"a": doc}
        out = _dump(doc)
        head = " " * indent + "x" * key_len + ":"
        text = out[out.index(head) + len(head) :]
        if len(_QUOTED) >= _RESOLVED_LIMIT:
            _QUOTED.clear()
        _QUOTED[memo_key] = text
    return text


def _scalar(value: Any) -> str | None:
    """A plain non-string scalar as written, or None."""
    t = type(value)
    if t is int:
        return str(value)
    if t is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    return None


def _mapping(data: dict, indent: int, out: list[str], first: str | None = None) -> None:
    """A block mapping at `indent`; `first` replaces the first line's indentation (the
    `- ` of a sequence item)."""
    pad = " " * indent
    for key, value in data.items():
        if type(key) is not str or len(key) > 128 or not _plain(key):
            raise _Other
        line = (first if first is not None else pad) + key + ":"
        first = None
        t = type(value)
        if t is str:
            if _plain(value):
                out.append(line + " " + _fold(value, len(line) + 1, indent + 2) + "\n")
            else:
                out.append(line + _quoted(value, indent, len(key)))
        elif t is dict:
            if value:
                out.append(line + "\n")
                _mapping(value, indent + 2, out)
            else:
                out.append(line + " {}\n")
        elif t is list:
            if value:
                out.append(line + "\n")
                _sequence(value, indent, out)
            else:
                out.append(line + " []\n")
        else:
            text = _scalar(value)
            if text is None:
                raise _Other
            out.append(line + " " + text + "\n")


def _sequence(data: list, indent: int, out: list[str], first: str | None = None) -> None:
    """A block sequence at `indent` (its items' `- ` there); `first` replaces the first
    line's indentation (the `- ` of an outer sequence)."""
    pad = " " * indent
    for item in data:
        dash = (first if first is not None else pad) + "- "
        first = None
        t = type(item)
        if t is str:
            if not _plain(item):
                raise _Other
            out.append(dash + _fold(item, indent + 2, indent + 2) + "\n")
        elif t is dict:
            if item:
                _mapping(item, indent + 2, out, first=dash)
            else:
                out.append(dash + "{}\n")
        elif t is list:
            if item:
                _sequence(item, indent + 2, out, first=dash)
            else:
                out.append(dash + "[]\n")
        else:
            text = _scalar(item)
            if text is None:
                raise _Other
            out.append(dash + text + "\n")


def _block_text(spec: Any) -> str | None:
    """`spec` (a non-empty mapping) as PyYAML writes it, or None where it is left to it."""
    if type(spec) is not dict or not spec:
        return None
    out: list[str] = []
    try:
        _mapping(spec, 0, out)
    except _Other:
        return None
    return "".join(out)


def coverage_dict(ex) -> dict[str, Any]:
    rules = ex.rule_sentences
    understood = [s for s in rules if s.facts]
    return {
        "game": ex.game,
        "sentences": len(rules),
        "understood": len(understood),
        "coverage": round(len(understood) / len(rules), 4) if rules else 0.0,
        "conflicts": ex.conflicts,
        "variants": [
            {"label": v["label"], "sentence": v["sentence"], "reading": v["note"]}
            for v in ex.variants
        ],
        "defaults": ex.gaps,
        "by_sentence": [
            {
                "id": s.id,
                "kind": s.kind,
                "facts": s.facts,
                "fields": s.fields,
                "reason": s.reason,
                "refs": s.refs,
            }
            for s in ex.coverage
        ],
    }


def files_for(ex) -> dict[str, str]:
    """The spec file of an extraction and one file per variant reading."""
    out = {f"{ex.game}.yaml": spec_text(ex.spec)}
    for v in ex.variants:
        alt = dict(v["spec"])
        alt["provenance"] = ex.spec["provenance"]
        out[f"{ex.game}.{v['label']}.yaml"] = spec_text(alt)
    return out


def _is_spec_file(path: Path) -> bool:
    if path.suffix != ".yaml" or not path.is_file():
        return False
    with path.open("rb") as fh:
        return fh.read(len(HEADER.encode())) == HEADER.encode()


def check_specs_dir(out: Path) -> None:
    """Refuse a directory of specs that `write_dir` may not replace: not a directory, or one
    holding other files. Callers check before any work too (ingest writes two outputs)."""
    if out.exists() and not out.is_dir():
        raise InputError("not a directory", path=str(out))
    if out.is_dir():
        foreign = [p.name for p in out.iterdir() if not _is_spec_file(p)]
        if foreign:
            raise InputError(
                f"holds files that are not extracted specs ({foreign[0]}); not replaced",
                path=str(out),
            )


def write_dir(out: Path, files: dict[str, str]) -> bool:
    """Replace `out` by exactly `files` (False when it already held them)."""
    check_specs_dir(out)
    return swap_in(out, files, "specs")
