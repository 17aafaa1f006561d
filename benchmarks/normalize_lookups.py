"""Dictionary look-ups of one normalization: a speed figure the machine's load cannot disturb.

    python3 benchmarks/normalize_lookups.py [--mb 0.4] [--vary 0.05]

Builds `normalize_speed.py`'s text (the seeds repeated, each copy with its own OCR-like noise
in about `--vary` of its words), normalizes it once after a warm-up, and prints how many times
the normalizer asked pymorphy whether a word exists (`MorphAnalyzer.word_is_known`) and
parsed one (`parse`), with the CPU seconds of the call. On a shared machine CPU seconds
vary by ±20 % from run to run; the counts do not.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from normalize_speed import build_text

from pipeline.normalize import lexicon as lexicon_module
from pipeline.normalize import normalize


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=float, default=0.4)
    ap.add_argument("--vary", type=float, default=0.05)
    args = ap.parse_args(argv)
    morph = lexicon_module.morph()
    calls = {"word_is_known": 0, "parse": 0}
    known, parse = morph.word_is_known, morph.parse

    def counted_known(*a, **k):
        calls["word_is_known"] += 1
        return known(*a, **k)

    def counted_parse(*a, **k):
        calls["parse"] += 1
        return parse(*a, **k)

    morph.word_is_known, morph.parse = counted_known, counted_parse
    text = build_text(args.mb, args.vary)
    normalize("Берутъ карты.\n")
    calls.update(word_is_known=0, parse=0)
    t0 = time.process_time()
    normalize(text)
    cpu = time.process_time() - t0
    print(
        f"{len(text):,} chars: word_is_known {calls['word_is_known']:,}, "
        f"parse {calls['parse']:,}, {cpu:.2f} CPU-s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
