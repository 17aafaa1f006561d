"""The walk from raw text to draft specs (`pipeline.ingest`): CPU time of the corpus's ingest
and extraction in a fresh process, and how many times each scan is normalized on the way.

    python3 benchmarks/ingest_walk.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pipeline.ingest as ingest  # noqa: E402
import pipeline.normalize as normalize_pkg  # noqa: E402


def main() -> None:
    paths = sorted((ROOT / "corpus" / "raw").glob("*.txt"))
    calls: list[str] = []
    real = normalize_pkg.normalize

    def counted(text: str, source: str = "-", **kw):
        calls.append(source)
        return real(text, source, **kw)

    ingest.normalize = counted
    normalize_pkg.normalize = counted  # the quoter's way to a scan read from disk, if taken
    t = time.process_time()
    result = ingest.build(paths)
    batch = ingest.extract(result)
    cpu = time.process_time() - t
    print(f"{len(paths)} scans, {len(result.games)} games, {len(batch.files)} spec files")
    print(f"ingest and extraction: {cpu:.2f} s CPU (first run in this process)")
    print(f"normalizations: {len(calls)} ({len(set(calls))} distinct scans)")


if __name__ == "__main__":
    main()
