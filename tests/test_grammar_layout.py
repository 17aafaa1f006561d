"""The grammar files' layout, checked because Lark cannot check it.

A rule's alternatives may continue on lines that start with `|`. A new rule written between
such lines silently takes the rest of them over (Lark reads them as the new rule's), and
the old rule loses phrasings without any error: this happened three times while the grammar
grew. Each rule's `|` lines are indented to its own colon (or by four spaces when its name
is long), so a stolen line shows as one indented for another rule. A rule that no island
reaches is likewise silent (Lark accepts it and never uses it).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

GRAMMAR = Path(__file__).resolve().parents[1] / "grammar"
FILES = sorted([GRAMMAR / "core.lark", *(GRAMMAR / "books").glob("*.lark")])

_RULE = regex.compile(r"^(?:%extend\s+)?(\??[a-z_][a-z_0-9]*)(?:\.-?\d+)?\s*:")
_ALT = regex.compile(r"^(\s*)\|")
_NAME = regex.compile(r"(?<![\w.\"'])\??([a-z_][a-z_0-9]*)(?![\w\"'])")


def _strip(line: str) -> str:
    """The line without its comment (the grammar has no string or regexp literals: its
    terminals are the token classes, so `//` always starts a comment)."""
    return line.split("//", 1)[0].rstrip()


def misplaced_alternatives(text: str) -> list[str]:
    """`|` lines indented for another rule than the one Lark gives them to."""
    bad = []
    rule, colon = None, 0
    for n, raw in enumerate(text.splitlines(), 1):
        line = _strip(raw)
        m = _RULE.match(line)
        if m:
            rule, colon = m.group(1), line.index(":")
            continue
        m = _ALT.match(line)
        if m and rule is not None:
            indent = len(m.group(1))
            if indent != colon and indent != 4:
                where = f"rule {rule}'s colon is at {colon}"
                bad.append(f"line {n}: `|` indented to column {indent}, {where}")
    return bad


def unreachable_rules(texts: list[str]) -> set[str]:
    """Rules defined but reached from neither `start` nor another reached rule."""
    body: dict[str, list[str]] = {}
    rule = None
    for text in texts:
        for raw in text.splitlines():
            line = _strip(raw)
            if not line:
                continue
            if line.startswith("%") and not line.startswith("%extend"):
                rule = None
                continue
            m = _RULE.match(line)
            if m:
                rule = m.group(1).lstrip("?")
                body.setdefault(rule, []).append(line[line.index(":") + 1 :])
            elif rule is not None:
                body[rule].append(line)
    seen, todo = set(), ["start"]
    while todo:
        r = todo.pop()
        if r in seen or r not in body:
            continue
        seen.add(r)
        todo.extend(_NAME.findall(" ".join(body[r])))
    return set(body) - seen


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_alternative_line_is_indented_to_its_own_rule(path: Path) -> None:
    assert misplaced_alternatives(path.read_text(encoding="utf-8")) == []


def test_every_rule_is_reached_from_start() -> None:
    assert unreachable_rules([p.read_text(encoding="utf-8") for p in FILES]) == set()


def test_a_rule_written_between_another_rules_alternatives_is_caught() -> None:
    grammar = "start: a | b_rule\na: X\n | Y\nb_rule: Z\n      | W\n"
    assert misplaced_alternatives(grammar) == []
    stolen = "start: a | b_rule\na: X\nb_rule: Z\n | Y\n | W\n"
    assert misplaced_alternatives(stolen) == [
        "line 4: `|` indented to column 1, rule b_rule's colon is at 6",
        "line 5: `|` indented to column 1, rule b_rule's colon is at 6",
    ]
    assert unreachable_rules(["start: a\na: X\nlost: Y\n"]) == {"lost"}
