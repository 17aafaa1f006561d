#!/usr/bin/env python3
"""Modern text through normalization: which words does `pasyans normalize` change?

    python3 benchmarks/modern_damage.py              # dev passages, every change shown
    python3 benchmarks/modern_damage.py --set heldout  # held-out passages: totals only

design.md: modern orthography "must pass through unharmed". The real passages of
benchmarks/data/real/ (manifest.yaml gives each its set) are modern web and book text; each
is normalized as `pasyans normalize FILE` prints it (`normalize(raw).text`), and input and
output are compared word by word (letters and digits, case kept; difflib's alignment). A
word changed, dropped or added counts once (a run of a-words replaced by b-words counts
max(a, b)). Footnote markers («.[1]») the normalizer sets aside as annotations are taken
out of the input first: they are kept, not lost. Held-out passages print only their
totals: their output is not looked at.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import regex  # noqa: E402
import yaml  # noqa: E402

from pipeline.normalize import normalize, read_source  # noqa: E402

REAL = ROOT / "benchmarks" / "data" / "real"
TOKEN = regex.compile(r"[\p{L}\p{M}\p{N}]+")


def changed_words(raw: str, out: str) -> tuple[int, int, list[str]]:
    """(words of the input, words changed, one line per change)."""
    a = TOKEN.findall(raw)
    b = TOKEN.findall(out)
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    n = 0
    lines = []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        n += max(i2 - i1, j2 - j1)
        ctx = " ".join(a[max(0, i1 - 2) : i1])
        lines.append(
            f"  {op:7} {' '.join(a[i1:i2]) or '∅'!r} -> {' '.join(b[j1:j2]) or '∅'!r}"
            f"   (after «{ctx}»)"
        )
    return len(a), n, lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", choices=["dev", "heldout"], default="dev")
    args = ap.parse_args()
    manifest = yaml.safe_load((REAL / "manifest.yaml").read_text(encoding="utf-8"))
    total_words = total_changed = passages = damaged = 0
    for entry in manifest:
        if entry["set"] != args.set:
            continue
        raw, _enc = read_source(str(REAL / entry["file"]))
        nt = normalize(raw, entry["file"])
        kept = raw
        for a in sorted(nt.annotations, key=lambda a: -a.start):
            if a.kind == "footnote-ref":
                kept = kept[: a.start] + " " + kept[a.end :]
        words, n, lines = changed_words(kept, nt.text)
        passages += 1
        total_words += words
        total_changed += n
        damaged += n > 0
        if args.set == "dev":
            print(f"{entry['id']}: {n} of {words} words changed ({nt.orthography})")
            for line in lines:
                print(line)
    share = 100 * total_changed / max(1, total_words)
    print(
        f"{args.set}: {passages} passages, {damaged} with a change; words changed in modern "
        f"text: {total_changed} of {total_words} ({share:.2f} %)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
