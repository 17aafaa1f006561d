"""Writing extracted specs: stable YAML text, and a directory replaced all at once."""

from __future__ import annotations

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


def spec_text(spec: dict[str, Any]) -> str:
    body = yaml.dump(spec, Dumper=_NoAliases, allow_unicode=True, sort_keys=False, width=100)
    return HEADER + body


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


def write_dir(out: Path, files: dict[str, str]) -> bool:
    """Replace `out` by exactly `files` (False when it already held them)."""
    if out.exists() and not out.is_dir():
        raise InputError("not a directory", path=str(out))
    if out.is_dir():
        foreign = [p.name for p in out.iterdir() if not _is_spec_file(p)]
        if foreign:
            raise InputError(
                f"holds files that are not extracted specs ({foreign[0]}); not replaced",
                path=str(out),
            )
    return swap_in(out, files, "specs")
