#!/usr/bin/env python3
"""Paraphrase sets: each sentence's facts against the facts it states, exactly.

    python3 benchmarks/paraphrase_quality.py                    # benchmarks/data/phrasings-13.yaml
    python3 benchmarks/paraphrase_quality.py FILE ... [--errors] [--json]

A paraphrase set restates the facts of the development passages in other words, to see whether
the grammar composes rather than matches what it saw; the sentences are written for the purpose,
so its figure is regression material, never a headline. Unlike `extract_quality.py`'s phrasing
sets, no fact is left out by convention: a sentence is right when its facts are exactly the ones
listed (frames, `cond.*`, included; «no second deal», `redeal.none`, and one deal in all are
one fact). A sentence marked `spelling: old` is in pre-reform spelling
and is projected with the lexicon first, as the pipeline does.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from pipeline.extract.facts import sentence_facts  # noqa: E402

DEFAULT = ROOT / "benchmarks" / "data" / "phrasings-13.yaml"


def _key(key: str, value: object) -> str:
    if (key, value) == ("redeal.none", True):  # no second deal: one deal in all (one fact)
        key, value = "redeal.deals", 1
    if isinstance(value, list):
        value = sorted(value, key=str)
    return json.dumps([key, value], sort_keys=True, ensure_ascii=False)


def score(paths: list[Path]) -> dict:
    """Sentences read exactly, fact precision and recall, and the sentences that were not."""
    from pipeline.normalize.lexicon import Lexicon

    lex = Lexicon(True)
    items = [x for p in paths for x in yaml.safe_load(p.read_text(encoding="utf-8"))]
    expected = found = right = exact = 0
    errors = []
    for item in items:
        text = item["text"]
        if item.get("spelling") == "old":
            text = re.sub(r"\w+", lambda m: lex.modern(m.group()), text)
        facts, _ = sentence_facts(text)
        got = [_key(f.key, f.value) for f in facts]
        want = [_key(k, v) for k, v in item["facts"]]
        expected += len(want)
        found += len(got)
        right += sum(min(got.count(f), want.count(f)) for f in set(want))
        if sorted(set(got)) == sorted(set(want)):
            exact += 1
        else:
            errors.append({"text": item["text"], "want": want, "got": got})
    p = right / found if found else 0.0
    r = right / expected if expected else 0.0
    return {
        "sentences": len(items),
        "exact": exact,
        "facts": expected,
        "precision": round(p, 3),
        "recall": round(r, 3),
        "f1": round(2 * p * r / (p + r), 3) if p + r else 0.0,
        "errors": errors,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--errors", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    for path in args.files:
        if not path.is_file():
            print(f"{path}: no such file", file=sys.stderr)
            return 2
    res = score(args.files or [DEFAULT])
    if args.json:
        print(json.dumps(res, ensure_ascii=False, indent=1))
        return 0
    print(
        f"sentences exact {res['exact']}/{res['sentences']}, facts {res['facts']}: "
        f"precision {res['precision']:.3f} recall {res['recall']:.3f} F1 {res['f1']:.3f}"
    )
    if args.errors:
        for e in res["errors"]:
            print(f"- {e['text']}\n    want {', '.join(e['want'])}\n    got  {', '.join(e['got'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
