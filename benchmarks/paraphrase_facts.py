"""Key facts of paraphrase sets: short invented games (one to three sentences) that restate a
development passage's layout, deal, pack, foundations, reserve or cells in other words, scored
on the key facts `real_quality.py` reads off a draft.

The sentences are regression material written to test that the grammar composes (a numeral
with a pile noun in any case, synonyms of the places, verbs of dealing, word order, pre-reform
spelling): a real text is the measure of generalization, these only show where a part fails to
combine. Each item of a set (`benchmarks/data/paraphrases-*.yaml`):

    - text: [sentence, ...]   # or one string
      old: true               # optional: pre-reform spelling, projected as the pipeline does
      of: passage-id          # the development passage whose facts it restates
      facts: {key: value}     # only the keys the sentences state

Usage: python3 benchmarks/paraphrase_facts.py [--errors] [FILE ...]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import yaml  # noqa: E402
from real_quality import _same, spec_facts  # noqa: E402

from pipeline.errors import PasyansError  # noqa: E402
from pipeline.extract import extract_game  # noqa: E402

SETS = sorted((ROOT / "benchmarks" / "data").glob("paraphrases-*.yaml"))


def _game(sentences: list[str]) -> dict:
    """A game of play sentences alone, as the segmenter hands one to extraction."""
    return {
        "id": "paraphrase", "book": None, "title": None, "name": None, "witnesses": [],
        "sections": [{"kind": "play", "key": "play", "sentences": [
            {"id": f"paraphrase/play/{i}", "para": 1, "text": s, "modern": s, "spans": []}
            for i, s in enumerate(sentences, 1)]}],
    }  # fmt: skip


def _modern(text: str) -> str:
    from pipeline.normalize.lexicon import Lexicon

    lex = Lexicon(True)
    return re.sub(r"\w+", lambda m: lex.modern(m.group()), text)


def item_facts(item: dict) -> dict[str, Any]:
    """The key facts of one item's draft ({} when no draft is made)."""
    text = item["text"]
    sentences = [text] if isinstance(text, str) else list(text)
    if item.get("old"):
        sentences = [_modern(s) for s in sentences]
    try:
        ex = extract_game(_game(sentences))
    except PasyansError:
        return {}
    return spec_facts(ex.checked.rules)


def score(path: Path) -> tuple[dict, list[str]]:
    items = yaml.safe_load(path.read_text(encoding="utf-8"))
    right = total = whole = 0
    wrong: list[str] = []
    for item in items:
        got = item_facts(item)
        ok = 0
        for key, want in item["facts"].items():
            total += 1
            if key in got and _same(want, got[key]):
                ok += 1
            else:
                text = item["text"] if isinstance(item["text"], str) else " ".join(item["text"])
                wrong.append(f"{text[:90]:90}  {key}: {want} / {got.get(key, '(none)')}")
        right += ok
        whole += ok == len(item["facts"])
    return {"items": len(items), "items right": whole, "facts": total, "right": right}, wrong


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--errors", action="store_true")
    args = ap.parse_args()
    for path in args.files or SETS:
        if not path.is_file():
            print(f"{path}: no such file", file=sys.stderr)
            return 2
        fig, wrong = score(path)
        pct = 100 * fig["right"] / fig["facts"] if fig["facts"] else 0.0
        print(
            f"{path.name}: items right {fig['items right']}/{fig['items']}, "
            f"key facts right {fig['right']}/{fig['facts']} ({pct:.1f} %)"
        )
        if args.errors:
            for line in wrong:
                print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
