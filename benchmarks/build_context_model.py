"""Build the context model of confusable words (`grammar/lexicon/context.tsv`) from the
development gold: the pre-reform invented pages of `benchmarks/data/` and the corpus seeds'
passages of the games no held-out set is made of.

Run from the repository root:  python3 benchmarks/build_context_model.py [--out PATH]

Two real words one confusion apart (онъ/отъ, но/по, ее/се) are both in the dictionary, so
only their neighbours tell them apart. The model holds, for each word the gold prints at
least `MIN_COUNT` times, how often each neighbour stands right before and right after it (a
word, or a mark: `,`, `.`, `;`, `—`, `«`, a line's start `<s>` or end `</s>`), and the same by
the neighbour's class (its part of speech and case), for back-off
(`pipeline.normalize.context`). Every count comes from text the held-out sets are not made
of: the scans' held-out and fresh pages (games clock, dense-column, exiles; invented pages 16
and 19) are excluded here, by name.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from normalize_quality import game_passages, load_catalog  # noqa: E402

from pipeline.normalize.context import MAX_LEN, MIN_COUNT, neighbour_class, tokens  # noqa: E402
from pipeline.normalize.lexicon import lexicon  # noqa: E402

HELD_OUT_GAMES = frozenset({"clock", "dense-column", "exiles"})  # the scans' held-out pages
MIN_PAIR = 2  # a neighbour seen once beside a word is left to its class (half the file)
HELD_OUT_PAGES = frozenset({"pages-16", "pages-19"})  # held-out and fresh-new-page sources


def development_gold() -> list[tuple[str, str]]:
    """(name, gold text) of every pre-reform development text."""
    out = []
    for p in game_passages(load_catalog()):
        if p.orthography == "pre-reform" and p.game not in HELD_OUT_GAMES:
            out.append((f"{p.seed}:{p.game}", p.gold))
    for folder in sorted((REPO / "benchmarks" / "data").glob("pages-*")):
        gold = folder / "gold.txt"
        if folder.name not in HELD_OUT_PAGES and gold.is_file():
            out.append((folder.name, gold.read_text(encoding="utf-8")))
    return out


def build(texts: list[str]) -> str:
    """The model's TSV: `#` rows (word, count) for every word; for each word of `MAX_LEN`
    letters at most printed `MIN_COUNT` times or more, `<`/`>` rows (word, left/right
    neighbour, count) of the neighbours seen beside it `MIN_PAIR` times or more and `<c`/`>c`
    rows (word, the neighbour's class, count) of all; `*c` rows: the words' classes,
    counted; `*n` rows: the classes of every word's neighbours (both sides), counted."""
    lex = lexicon(True)
    unigrams: Counter = Counter()
    sides: Counter = Counter()
    for text in texts:
        for line in text.split("\n"):
            toks = tokens(line)
            for i, t in enumerate(toks):
                if not t[0].isalpha():
                    continue
                left = toks[i - 1] if i else "<s>"
                right = toks[i + 1] if i + 1 < len(toks) else "</s>"
                unigrams[t] += 1
                sides[(t, "<", left)] += 1
                sides[(t, ">", right)] += 1
    classes: Counter = Counter()
    for w, n in unigrams.items():
        classes[neighbour_class(lex, w)] += n
    beside: Counter = Counter()  # every word's neighbours, both sides, by class
    for (_t, _side, nb), n in sides.items():
        beside[neighbour_class(lex, nb)] += n
    rows = [f"#\t{w}\t\t{n}" for w, n in sorted(unigrams.items())]
    rows += [f"*c\t\t{c}\t{n}" for c, n in sorted(classes.items())]
    rows += [f"*n\t\t{c}\t{n}" for c, n in sorted(beside.items())]
    by_class: Counter = Counter()
    for (t, side, nb), n in sorted(sides.items()):
        if unigrams[t] < MIN_COUNT or len(t) > MAX_LEN:
            continue
        if n >= MIN_PAIR:
            rows.append(f"{side}\t{t}\t{nb}\t{n}")
        by_class[(t, side + "c", neighbour_class(lex, nb))] += n
    rows += [f"{side}\t{t}\t{c}\t{n}" for (t, side, c), n in sorted(by_class.items())]
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(REPO / "grammar" / "lexicon" / "context.tsv"))
    args = ap.parse_args(argv)
    texts = development_gold()
    model = build([t for _n, t in texts])
    Path(args.out).write_text(model, encoding="utf-8")
    words = sum(len(tokens(line)) for _n, t in texts for line in t.split("\n"))
    print(f"{len(texts)} texts, {words} tokens: {len(model.splitlines())} rows -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
