#!/usr/bin/env python3
"""The warm path's first and second pass over the same short real passages, stage by stage.

    python3 benchmarks/path_passes.py                         # this tree alone
    python3 benchmarks/path_passes.py --baseline main --rounds 4

One process per measurement does all one-time loading first (`loadonce.load_once`), then runs
the user's path (read, normalize, segment, find games, collate, extract, the draft's YAML
text) over the real-dev and real-dev-2 passages one by one, twice. The first pass pays every
first-time cost (each new word's look-ups and confusion neighbours, each new sentence's
tokens and islands); the second finds those remembered, so what is left is the cost every
passage pays again. CPU seconds of the measuring process pinned to one core (the machine is
shared: wall time says little); each stage by wrapping its function. Trees alternate, round
after round; each figure is the best of the rounds (`--rounds`). Figures only: nothing asserts.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from extract_speed import _export, child_figures  # benchmarks/ is on sys.path: run by path

ROOT = Path(__file__).resolve().parent.parent
RESULT = "PATH_PASSES_JSON "
STAGES = (
    ("pipeline.ingest", "normalize", "normalize"),
    ("pipeline.ingest", "segment", "segment"),
    ("pipeline.extract", "parse_sentence", "parse"),
    ("pipeline.extract", "assemble", "assemble"),
    ("pipeline.extract", "_check", "check"),
    ("pipeline.extract.output", "spec_text", "yaml"),
)


def _child(code_root: Path) -> dict:
    """Both passes' figures for the pipeline under `code_root` (run in a fresh process)."""
    import importlib

    sys.path.insert(0, str(code_root))
    sys.path.insert(1, str(ROOT / "benchmarks"))
    import yaml
    from loadonce import load_once
    from onecore import pin_one_core

    pin_one_core()
    clock = time.process_time
    import pipeline.ingest as ingest
    from pipeline.errors import PasyansError
    from pipeline.extract import extract_game
    from pipeline.extract.output import files_for
    from pipeline.normalize.lexicon import morph as analyser

    analyser()
    load_once(ROOT)
    spent: dict[str, float] = {}

    def wrap(module: str, name: str, label: str) -> None:
        mod = importlib.import_module(module)
        f = getattr(mod, name)

        def timed(*a, **k):
            t = clock()
            try:
                return f(*a, **k)
            finally:
                spent[label] = spent.get(label, 0.0) + clock() - t

        setattr(mod, name, timed)

    for module, name, label in STAGES:
        wrap(module, name, label)
    real = ROOT / "benchmarks" / "data" / "real"
    manifest = yaml.safe_load((real / "manifest.yaml").read_text(encoding="utf-8"))
    paths = [real / e["file"] for e in manifest if e["set"] in ("dev", "dev-2")]
    chars = sum(len(p.read_text(encoding="utf-8")) for p in paths)
    out: dict = {"chars": chars, "passages": len(paths)}
    for label in ("first pass", "second pass"):
        spent.clear()
        t0 = clock()
        for path in paths:
            try:
                result = ingest.build([path])
            except PasyansError:
                continue
            for _, game in sorted(result.by_file().items()):
                with contextlib.suppress(PasyansError):
                    files_for(extract_game(game, result.scans))
        total = clock() - t0
        out[label] = {"total": total, **spent, "chars_per_cpu_s": chars / total}
    return out


def _measure(code_root: Path) -> dict:
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); "
        "from path_passes import _child, RESULT; import json, pathlib; "
        "print(RESULT + json.dumps(_child(pathlib.Path(sys.argv[2]))))"
    )
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PYTHONHASHSEED": "0", "XDG_CACHE_HOME": cache}
        cmd = [sys.executable, "-c", code, str(ROOT / "benchmarks"), str(code_root)]
        return child_figures(cmd, env, RESULT, str(code_root))


def _best(runs: list[dict]) -> dict:
    out = json.loads(json.dumps(runs[0]))
    for r in runs[1:]:
        for p in ("first pass", "second pass"):
            for k, v in r[p].items():
                better = max if k == "chars_per_cpu_s" else min
                out[p][k] = better(out[p].get(k, v), v)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", metavar="REV", help="a commit to measure beside this tree")
    ap.add_argument("--rounds", type=int, default=3, help="measurements of each tree (best)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = _export(args.baseline, Path(tmp)) if args.baseline else None
        mine, theirs = [], []
        for _ in range(args.rounds):
            mine.append(_measure(ROOT))
            if base:
                theirs.append(_measure(Path(tmp)))
    now = _best(mine)
    then = _best(theirs) if theirs else None
    print(f"{now['passages']} passages, {now['chars']:,} chars; CPU s, best of {args.rounds}")
    head = f"{'':<24}{'this tree':>12}" + (f"{base:>12}" if then else "")
    for p in ("first pass", "second pass"):
        print(f"\n{p}\n{head}")
        for k in now[p]:
            fmt = "{:>12,.0f}" if k == "chars_per_cpu_s" else "{:>12.3f}"
            line = f"  {k:<22}" + fmt.format(now[p][k])
            if then:
                line += fmt.format(then[p].get(k, float("nan")))
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
