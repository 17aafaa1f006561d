"""Ingest time and peak memory against the number of witnesses of one game.

Writes N copies of one scan (`corpus/raw/001_…`, the Shah: 4.6 KB) to a temporary directory
and times `pasyans ingest` on them, in a fresh process each: its CPU time (user + system,
steadier than wall time on a shared machine), wall time and peak RSS.

    python3 benchmarks/ingest_scaling.py 25 50 100 200
    python3 benchmarks/ingest_scaling.py --no-extract 200 2000

Run from the repository root; the `pasyans` of the current directory's `pipeline/` is
timed (`python -m pipeline`).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCAN = Path("corpus/raw/001_ccb94fea4f93d4a7.txt")


def one(n: int, extract: bool) -> tuple[float, float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        data = SCAN.read_bytes()
        for i in range(n):
            (src / f"c{i:05d}.txt").write_bytes(data)
        argv = [sys.executable, "-m", "pipeline", "ingest", "--out", f"{tmp}/games"]
        argv += [] if extract else ["--no-extract"]
        argv += [str(p) for p in sorted(src.iterdir())]
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - usage.ru_utime - usage.ru_stime
        # the largest child so far: the counts run in increasing order
        return wall, cpu, after.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("counts", nargs="+", type=int)
    parser.add_argument("--no-extract", action="store_true")
    args = parser.parse_args()
    print("copies  CPU s  CPU s/copy  wall s  peak MB")
    for n in args.counts:
        wall, cpu, mb = one(n, not args.no_extract)
        print(f"{n:6d}  {cpu:5.1f}  {cpu / n:10.3f}  {wall:6.1f}  {mb:7.0f}")


if __name__ == "__main__":
    main()
