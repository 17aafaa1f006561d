"""One home for each list of Russian words: a list of whole words written in one module of
`pipeline/` and again, whole or in part, in another is one concept in two homes, which drift
apart (a preposition added to one and not the other). Checked over every literal set, tuple,
list and mapping of four or more words, and every regex alternation of four or more whole
words; a pair that is known and argued is listed in `KNOWN`, which must stay true."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pipeline"

_WORD = re.compile(r"^[а-яёѣіѳѵъ]+$")
# `(?:на|в|во)` standing for whole words: after a start, a word's edge or a space, before a
# word's edge, a space or an end (not the endings of a stem, `(?:лев|прав)(?:ая|ый)`)
_ALTERNATION = re.compile(
    r"(?:\^|\(\?<!\\w\)|\\b|\(\?<!\\p\{L\}\)|\\s[+*]?)\(\?:([а-яёѣіѳѵъ|]+)\)"
    r"(?=\(\?!\\w\)|\\s|\\b|\(\?!\\p\{L\}\)|\$)"
)

# a letter `_WORD` takes, written or escaped (`\u0430`, `\N{CYRILLIC …}`): a module without one
# holds no list of whole Russian words, and is not parsed
_MAY_HOLD_WORDS = re.compile(r"[а-яёѣіѳѵъ]|\\u04|\\U000004|(?i:\\N\{CYRILLIC)")

# (module: name, module: name) -> why the one list is not the other's concept, or why it
# stays (each side a module-level name, or a function's)
KNOWN = {
    ("pipeline.normalize.correct:_JOINING", "pipeline.segment.finding:_HANGING"): (
        "clauses joined by a conjunction (normalize) against the words a line cannot end "
        "with (prepositions and conjunctions): alike, not one list"
    ),
    ("pipeline.segment.finding:_PLACE_NAMED", "pipeline.segment.places:WHERE_ADVERBS"): (
        "the adverbs of where, written out without `наверху`: one home would add it, a "
        "change of what the finder reads (left for the finder's own round)"
    ),
    ("pipeline.segment.finding:_PLACE_NAMED", "pipeline.segment.prepositions:PREPOSITIONS"): (
        "the prepositions a place's position is said with (`справа в`, `под основаниями`), "
        "among other words (`возле`, `около`, `рядом`)"
    ),
}


def _owner(node: ast.stmt) -> str:
    if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id
    return getattr(node, "name", f"line {node.lineno}")


def word_lists(package: Path) -> dict[str, list[frozenset[str]]]:
    """`module:name` -> the lists of whole Russian words written in that name's value."""
    out: dict[str, list[frozenset[str]]] = {}
    for path in sorted(package.rglob("*.py")):
        module = ".".join(path.relative_to(package.parent).with_suffix("").parts)
        source = path.read_text(encoding="utf-8")
        if not _MAY_HOLD_WORDS.search(source):
            continue  # no Russian letter, nor one escaped: no word of a list (half the modules)
        for top in ast.parse(source).body:
            # the words one list leaves out of another (`PREPOSITIONS - {"изо", …}`) are no
            # list of their own
            left_out = {
                id(n.right)
                for n in ast.walk(top)
                if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub)
            }
            for node in ast.walk(top):
                found = []
                if id(node) in left_out:
                    continue
                if isinstance(node, (ast.Set, ast.Tuple, ast.List, ast.Dict)):
                    elts = node.keys if isinstance(node, ast.Dict) else node.elts
                    words = [
                        e.value
                        for e in elts
                        if isinstance(e, ast.Constant) and isinstance(e.value, str)
                    ]
                    if len(words) == len(elts) and all(_WORD.match(w) for w in words):
                        found.append(words)
                elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found += [m.group(1).split("|") for m in _ALTERNATION.finditer(node.value)]
                for words in found:
                    if len(words) >= 4:
                        out.setdefault(f"{module}:{_owner(top)}", []).append(frozenset(words))
    return out


def repeated(lists: dict[str, list[frozenset[str]]]) -> set[tuple[str, str]]:
    """The pairs of names in two modules one of whose lists holds every word of the other's."""
    pairs = set()
    for a, b in itertools.combinations(sorted(lists), 2):
        if a.split(":")[0] == b.split(":")[0]:
            continue
        if any(x <= y or y <= x for x in lists[a] for y in lists[b]):
            pairs.add((a, b))
    return pairs


def test_no_list_of_words_is_written_in_two_modules() -> None:
    assert repeated(word_lists(PACKAGE)) == set(KNOWN)


def test_a_list_written_again_is_found(tmp_path: Path) -> None:
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "a.py").write_text(
        'import re\nPREP = re.compile(r"^(?:на|в|во|из|под)\\s")\nEND = r"(?:ая|ое|ый|ий)"\n'
    )
    (pkg / "b.py").write_text('WORDS = frozenset({"в", "во", "на", "из"})\nOTHER = ("да", "нет")\n')
    (pkg / "c.py").write_text(
        'def f(w):\n    return w in {"ая", "ое", "ый", "ий", "ые"}\n'
        'SOME = WORDS - {"в", "во", "на", "из"}\n'
    )
    lists = word_lists(pkg)
    assert lists == {
        "toy.a:PREP": [frozenset({"на", "в", "во", "из", "под"})],
        "toy.b:WORDS": [frozenset({"в", "во", "на", "из"})],
        "toy.c:f": [frozenset({"ая", "ое", "ый", "ий", "ые"})],
    }
    assert repeated(lists) == {("toy.a:PREP", "toy.b:WORDS")}
