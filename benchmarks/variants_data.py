"""Rules as data, for `variants.py` (issue 18: a program may keep its numbers in a config
document it reads, and its kinds as an enum, not as constants or bare strings).

- `config-json`, `config-yaml`: the top-level numeric constants (`const PILES = 7;`, two at
  least, as `variants_lang.settings` takes them) as one JSON or YAML document in a string the
  program parses (`const CONFIG = JSON.parse('{"PILES": 7, …}');`, a YAML template literal),
  each use written `CONFIG.PILES`: the numbers then stand inside a string.
- `enums`: a run of two or more top-level constants `const SPADES = 0; const HEARTS = 1; …`
  numbered 0, 1, 2… in order as a TypeScript `enum Kind1 { SPADES, HEARTS, … }` (the same
  values), a run of string constants `const STOCK = 'stock'; …` as `enum Kind2 { STOCK =
  'stock', … }`, and the strings compared with one property (`x.type === 'tableau'`, two
  values at least, each a name) as `enum Type { Tableau = 'tableau', … }` and `x.type ===
  Type.Tableau` — a string enum's member is its string, so every comparison is the same.
Only sources `variants_code.language` calls "js"; a source with nothing to change is skipped.
"""

from __future__ import annotations

import random
import re

from variants_code import code_mask
from variants_lang import _TOP_CONST

_ID = r"[A-Za-z_$][\w$]*"


def _gather(text: str, lang: str) -> tuple[list[re.Match[str]], str] | None:
    """The top-level numeric constants (two at least, each assigned once) and the text with
    their declarations taken out but the first, which is left as a mark `\ue100`."""
    if lang != "js" or "CONFIG" in text:
        return None
    mask = code_mask(text, lang)
    found = [m for m in _TOP_CONST.finditer(text) if all(mask[m.start() : m.end()])]
    if len(found) < 2:
        return None
    for m in found:
        if len(re.findall(rf"(?<![\w$.]){m.group(1)}\s*(?:[-+*/]?=(?!=)|\+\+|--)", text)) != 1:
            return None
    out, last = [], 0
    for k, m in enumerate(found):
        out.append(text[last : m.start()])
        if k == 0:
            out.append("\ue100" if not m.group().startswith("export") else "export \ue100")
        last = m.end() + (1 if k > 0 and m.end() < len(text) and text[m.end()] == "\n" else 0)
    return found, "".join(out) + text[last:]


def _config(text: str, lang: str, document: str) -> str:
    got = _gather(text, lang)
    if got is None:
        return text
    found, rest = got
    names = [m.group(1) for m in found]
    mask = code_mask(rest, lang)
    pat = re.compile(rf"(?<![\w$.])({'|'.join(names)})(?![\w$])")
    rest = pat.sub(lambda m: "CONFIG." + m.group(1) if mask[m.start()] else m.group(), rest)
    return rest.replace("\ue100", document, 1)


def config_json(text: str, lang: str, rng: random.Random) -> str:
    """The numeric constants as a JSON document the program parses, each use `CONFIG.X`."""

    def doc(*found: re.Match[str]) -> str:
        body = ", ".join(f'"{m.group(1)}": {m.group(2)}' for m in found)
        return f"const CONFIG = JSON.parse('{{{body}}}');"

    got = _gather(text, lang)
    if got is None:
        return text
    return _config(text, lang, doc(*got[0]))


def config_yaml(text: str, lang: str, rng: random.Random) -> str:
    """The numeric constants as a YAML document in a template literal the program parses
    (`const CONFIG = YAML.parse(`⏎PILES: 7⏎…`);`), each use `CONFIG.X`."""
    got = _gather(text, lang)
    if got is None:
        return text
    body = "".join(f"{m.group(1)}: {m.group(2)}\n" for m in got[0])
    doc = f"const CONFIG = YAML.parse(`\n{body}`);"
    return _config(text, lang, doc)


_RUN = re.compile(
    r"(?m)^(?:export\s+)?const\s+([A-Z][A-Z0-9_]*)\s*=\s*(\d+|'[\w-]+'|\"[\w-]+\")\s*;?[ \t]*$"
)


def _runs(text: str, mask: list[bool]) -> list[list[re.Match[str]]]:
    """Runs of top-level constants on consecutive lines: numbers 0, 1, 2… in order, or
    strings; two at least."""
    runs: list[list[re.Match[str]]] = []
    for m in _RUN.finditer(text):
        if not all(mask[m.start() : m.start(2)]):
            continue
        prev = runs[-1][-1] if runs else None
        num = m.group(2).isdigit()
        if (
            prev is not None
            and text[prev.end() : m.start()] == "\n"
            and num == prev.group(2).isdigit()
            and (not num or int(m.group(2)) == int(prev.group(2)) + 1)
            and m.group().startswith("export") == prev.group().startswith("export")
        ):
            runs[-1].append(m)
        elif not num or m.group(2) == "0":
            runs.append([m])
    return [r for r in runs if len(r) >= 2]


def enums(text: str, lang: str, rng: random.Random) -> str:
    """Constants and compared strings as TypeScript enums (the module's docstring)."""
    if lang != "js":
        return text
    mask = code_mask(text, lang)
    edits: list[tuple[int, int, str]] = []
    renames: dict[str, str] = {}
    for k, run in enumerate(_runs(text, mask), start=1):
        name = f"Kind{k}"
        if re.search(rf"\b{name}\b", text):
            return text
        num = run[0].group(2).isdigit()
        members = ", ".join(m.group(1) if num else f"{m.group(1)} = {m.group(2)}" for m in run)
        export = "export " if run[0].group().startswith("export") else ""
        edits.append((run[0].start(), run[-1].end(), f"{export}enum {name} {{ {members} }}"))
        for m in run:
            if len(re.findall(rf"(?<![\w$.]){m.group(1)}\s*(?:[-+*/]?=(?!=)|\+\+|--)", text)) != 1:
                return text
            renames[m.group(1)] = f"{name}.{m.group(1)}"
    # strings compared with one property: `x.type === 'tableau'`
    cmp = re.compile(rf"\.\s*({_ID})\s*(?:===?|!==?)\s*(['\"])([A-Za-z]\w*)\2")
    values: dict[str, dict[str, None]] = {}
    for m in cmp.finditer(text):
        if mask[m.start()] and not mask[m.start(3)]:
            values.setdefault(m.group(1), {})[m.group(3)] = None
    props = {p: list(vs) for p, vs in values.items() if len(vs) >= 2}
    for p in list(props):
        name = p[:1].upper() + p[1:]
        members = [v[:1].upper() + v[1:] for v in props[p]]
        if re.search(rf"\b{name}\b", text) or len(set(members)) != len(members):
            del props[p]
    if not edits and not props:
        return text
    out, last = [], 0
    for a, b, new in edits:
        out += [text[last:a], new]
        last = b
    body = "".join(out) + text[last:]
    mask = code_mask(body, lang)
    if renames:
        pat = re.compile(rf"(?<![\w$.])({'|'.join(renames)})(?![\w$])")
        decl = {m.start() for m in re.finditer(r"enum Kind\d+ \{[^}]*\}", body)}

        def one(m: re.Match[str]) -> str:
            inside = any(a <= m.start() < body.find("}", a) for a in decl)
            return renames[m.group(1)] if mask[m.start()] and not inside else m.group()

        body = pat.sub(one, body)
        mask = code_mask(body, lang)
    if props:

        def lit(m: re.Match[str]) -> str:
            p, v = m.group(1), m.group(3)
            if not mask[m.start()] or p not in props or v not in props[p]:
                return m.group()
            return (
                m.group()[: m.start(2) - m.start()]
                + f"{p[:1].upper()}{p[1:]}.{v[:1].upper()}{v[1:]}"
            )

        body = cmp.sub(lit, body)
        decls = "".join(
            f"enum {p[:1].upper()}{p[1:]} {{ "
            + ", ".join(f"{v[:1].upper()}{v[1:]} = '{v}'" for v in vs)
            + " }\n"
            for p, vs in props.items()
        )
        at = _first_code_line(body, lang)
        body = body[:at] + decls + body[at:]
    return body


def _first_code_line(text: str, lang: str) -> int:
    """Where the first line of code begins (after a file's opening comments and imports)."""
    mask = code_mask(text, lang)
    pos = 0
    for ln in text.split("\n"):
        code = "".join(c for c, ok in zip(ln, mask[pos : pos + len(ln)], strict=False) if ok)
        if code.strip() and not re.match(r"\s*(?:import\b|['\"]use strict)", ln):
            return pos
        pos += len(ln) + 1
    return 0


DATA_CHANGES = {"config-json": config_json, "config-yaml": config_yaml, "enums": enums}
