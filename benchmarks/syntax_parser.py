#!/usr/bin/env python3
"""A dependency parser shipped in a registry package, on the real development texts (issue 18 §3).

    pip install --no-deps natasha==1.6.0 && pip install slovnet==0.6.0 navec==0.10.0
    python3 benchmarks/syntax_parser.py            # figures
    python3 benchmarks/syntax_parser.py --show     # and every disagreement, every marker's head

The parser is slovnet's news syntax model with navec's embeddings, both inside the `natasha`
wheel (natasha/data/); slovnet and navec run them with numpy and download nothing. natasha
itself is not imported (it needs pymorphy2): its data directory is found by
`importlib.util.find_spec`. The sentences are the rule sentences (`reads`) of the games found in
the real development passages (manifest sets dev, dev-2 … dev-7; never a held-out one), in
modern spelling (`SentenceRef.modern`), split into words by `tokens.words` as the grammar does.

Figures (CPU seconds of this process, one core):
- load: importing slovnet and navec, loading the embeddings, loading the syntax model;
- speed: the parse of every sentence, sentences and characters per CPU second;
- numerals: each numeral followed, across adjectives only, by a pile or place noun of the
  vocabulary («в три ряда», «12 кучек», «два резервных столбца»): whether the parse attaches
  it to that noun (`nummod`, or `amod` as it labels some digits). Where it agrees, a grammar
  rule over the same tokens reads the same pair; where it does not, `--show` prints the
  sentence to judge which is right;
- markers: the head the parse gives each negation, restriction and condition word.

benchmarks/RESULTS.md ("Real rule texts: a dependency parser (parser-1)") has the figures and
what the layers built on this parse did to the key facts.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import yaml  # noqa: E402
from onecore import pin_one_core  # noqa: E402

from pipeline.errors import PasyansError  # noqa: E402
from pipeline.extract.readable import reads  # noqa: E402
from pipeline.extract.tokens import tokenize, words  # noqa: E402
from pipeline.segment.reader import iter_sentences  # noqa: E402

REAL = ROOT / "benchmarks" / "data" / "real"
DEV = {"dev", "dev-2", "dev-3", "dev-4", "dev-5", "dev-6", "dev-7"}
NAVEC = "emb/navec_news_v1_1B_250K_300d_100q.tar"
SYNTAX = "model/slovnet_syntax_news_v1.tar"
PLACES = {"PACKET", "CIRCLE", "RAY", "ROW", "COLUMN", "PLACE", "FOUNDATION", "RESERVE"}
MARKERS = {"NEG", "ONLY", "EXCEPT", "COND", "LACKING"}


def data_dir() -> Path | None:
    spec = importlib.util.find_spec("natasha")
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(next(iter(spec.submodule_search_locations))) / "data"
    return root if (root / NAVEC).is_file() and (root / SYNTAX).is_file() else None


def dev_sentences() -> list[str]:
    from pipeline.ingest import build

    manifest = yaml.safe_load((REAL / "manifest.yaml").read_text(encoding="utf-8"))
    out = []
    for entry in manifest:
        if entry["set"] not in DEV:
            continue
        try:
            result = build([REAL / entry["file"]])
        except PasyansError:
            continue  # a control: no game found
        for _, game in sorted(result.by_file().items()):
            out += [s.modern for s in iter_sentences(game) if reads(s.kind, s.text)]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--show", action="store_true", help="print disagreements and marker heads")
    args = ap.parse_args()
    root = data_dir()
    if root is None or importlib.util.find_spec("slovnet") is None:
        print("syntax_parser.py: natasha's data or slovnet is not installed (see --help)")
        return 2
    pin_one_core()
    sentences = dev_sentences()
    said = [[w for w, _, _ in words(s)] for s in sentences]

    t0 = time.process_time()
    from navec import Navec
    from slovnet import Syntax

    t1 = time.process_time()
    navec = Navec.load(str(root / NAVEC))
    t2 = time.process_time()
    syntax = Syntax.load(str(root / SYNTAX)).navec(navec)
    t3 = time.process_time()
    parses = [syntax(ws) for ws in said]
    t4 = time.process_time()

    chars = sum(map(len, sentences))
    print(f"load: import {t1 - t0:.2f} + embeddings {t2 - t1:.2f} + model {t3 - t2:.2f} CPU s")
    print(
        f"speed: {len(sentences)} sentences, {chars:,} chars in {t4 - t3:.2f} CPU s: "
        f"{len(sentences) / (t4 - t3):.0f} sentences/CPU-s, {chars / (t4 - t3):,.0f} chars/CPU-s"
    )

    from pipeline.normalize.lexicon import morph as analyser

    morph = analyser()

    def pos(word: str) -> str | None:
        return morph.parse(word)[0].tag.POS

    agree = disagree = 0
    heads: dict[str, int] = {}
    for text, markup in zip(sentences, parses, strict=True):
        index = {t.id: i for i, t in enumerate(markup.tokens)}
        tree = [(index.get(t.head_id, -1), t.rel) for t in markup.tokens]
        kinds = {}
        for tok in tokenize(text):
            for w in range(*tok.words):
                kinds[w] = tok
        ws = [w for w, _, _ in words(text)]
        for i, word in enumerate(ws):
            tok = kinds.get(i)
            if tok is None:
                continue
            if tok.type in MARKERS and tok.words[0] == i:
                h, rel = tree[i]
                name = f"{tok.type} {rel}->{ws[h] if h >= 0 else 'ROOT'}"
                heads[f"{tok.type} {rel}"] = heads.get(f"{tok.type} {rel}", 0) + 1
                if args.show:
                    print(f"  marker {word}: {name} | {text[:120]}")
            if tok.type != "NUM":
                continue
            j = i + 1
            while j < len(ws) and pos(ws[j]) in ("ADJF", "PRTF"):
                j += 1
            noun = kinds.get(j)
            if noun is None or noun.type not in PLACES or pos(ws[j]) != "NOUN":
                continue
            if tree[i][0] == j:  # nummod, or amod for some digits
                agree += 1
            else:
                disagree += 1
                if args.show:
                    h = tree[i][0]
                    head = ws[h] if h >= 0 else "ROOT"
                    print(f"  numeral {word} {ws[j]}: parse says {tree[i][1]}->{head}")
                    print(f"      {text[:140]}")
    print(f"numerals before a pile or place noun: parse agrees {agree}, disagrees {disagree}")
    print("marker words by relation: " + ", ".join(f"{k} {v}" for k, v in sorted(heads.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
