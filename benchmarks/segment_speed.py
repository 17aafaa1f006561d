"""How fast segmentation and collation run (figures only; nothing asserts).

The corpus seeds are concatenated and repeated to at least `--mb` MB of text in one source,
then normalized once, segmented and collated (each game of the repeated text is a witness of
its game, so collation aligns hundreds of witnesses). Prints characters per second for the
segmenter and for the collator separately, best of `--repeat` runs, one core.

    python3 benchmarks/segment_speed.py [--mb 1] [--repeat 3]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.normalize import normalize  # noqa: E402
from pipeline.segment.collate import collate  # noqa: E402
from pipeline.segment.known import known_games  # noqa: E402
from pipeline.segment.segmenter import segment  # noqa: E402


def best(fn, repeat: int):
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return min(times), result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=1.0)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    seeds = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "corpus/raw").glob("*.txt"))]
    # one document has one layout: give the seed with single-newline paragraphs blank lines
    seeds = [re.sub(r"(?<!\n)\n(?!\n)", "\n\n", s) for s in seeds]
    unit = "\n\n".join(seeds)
    copies = max(1, int(args.mb * 1_000_000 / len(unit.encode("utf-8"))) + 1)
    raw = "\n\n".join([unit] * copies)
    known = known_games()
    t_norm, nt = best(lambda: normalize(raw, "bench"), 1)
    t_seg, games = best(lambda: segment(nt, "bench.txt", known), args.repeat)

    def collate_all():
        by_id = defaultdict(list)
        for g in games:
            by_id[g.id].append(g)
        return [collate(i, ws) for i, ws in sorted(by_id.items())]

    t_col, merged = best(collate_all, args.repeat)
    n = len(nt.text)
    print(f"text: {len(raw):,} raw chars ({len(raw.encode('utf-8')):,} bytes), {copies} copies")
    print(f"normalize (once):  {t_norm:8.3f} s")
    print(f"segment:           {t_seg:8.3f} s  {n / t_seg:12,.0f} chars/s  ({len(games)} games)")
    print(f"collate:           {t_col:8.3f} s  {n / t_col:12,.0f} chars/s  ({len(merged)} games)")


if __name__ == "__main__":
    main()
