#!/usr/bin/env python3
"""Speed of the path a user runs, `pasyans extract FILE`: cold (one command) and warm (a batch).

    python3 benchmarks/path_speed.py                          # this tree alone
    python3 benchmarks/path_speed.py --baseline main          # and main's commit beside it
    python3 benchmarks/path_speed.py --baseline main --rounds 3 --cold-runs 3 --json
    python3 benchmarks/path_speed.py --dawg python            # this tree, pure-Python DAWG

Two figures, because they measure different things (CPU seconds of the measuring process,
`process_time` or the children's user + system time; the machine is shared, wall time says
little; one core):

- **cold**: `pasyans extract FILE` run as a command, in a fresh interpreter, for a short real
  passage, a longer one and a corpus scan; CPU seconds of the whole command (best of
  `--cold-runs`), and a breakdown of one cold run into its one-time loading (imports,
  pymorphy3's dictionaries, the lexicons and the confusion table, the vocabulary's word forms,
  the grammar's rules, the island patterns a passage tries) and its per-text work. Modules
  are byte-compiled first (`compileall`), as an installed package is. Each twice over: with
  an empty cache directory (a user's first run) and with the one the first runs left
  (`pipeline/extract/diskcache.py`, where the tree has it: the grammar's rules and word forms).
- **warm**: one process that has done all of that loading first (every island pattern
  compiled, the schema check built), then the whole path (read, normalize, segment, find
  games, collate, extract, the draft's YAML text) once over each set, in this order:
  real-dev and real-dev-2 passages one by one (benchmarks/README.md), the corpus scans one by
  one, the corpus scans ingested together, the corpus `--copies` times in one text.
  Characters are those of the input files. The word caches are empty at the start and filled
  by the sets before (as in a user's batch): a second pass over one text would find them full.
  Per stage: normalize, segment (+ finding games, collating), extract (+ YAML text).

Each tree is measured in fresh processes of its own (the baseline exported with `git archive`),
on this tree's inputs; `--rounds` alternates the trees and keeps each figure's best.
`--dawg python` hides DAWG2 (pymorphy3's C reader) from this tree, `--baseline-dawg c` lets the
baseline use it (default: each as it installs: the baseline with the pure-Python reader where
its pyproject does not ask for DAWG2). Figures only: nothing asserts.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# benchmarks/ is on sys.path: run by path
from extract_speed import _export, best_of, child_figures, this_tree

ROOT = Path(__file__).resolve().parent.parent
RESULT = "PATH_SPEED_JSON "
COLD_FILES = (
    "benchmarks/data/real/durbetsel-kenfild.txt",
    "benchmarks/data/real/aisleriot-seahaven.txt",
    "corpus/raw/003_8f9b0c61a5880b76.txt",
)
HIDE_DAWG = "import sys; sys.modules['dawg'] = None\n"  # pymorphy3 falls back to dawg_python


def _warm(code_root: Path, copies: int) -> dict:
    """Warm-batch figures of the pipeline under `code_root` (run in a child process)."""
    import contextlib

    sys.path.insert(0, str(code_root))
    sys.path.insert(1, str(ROOT / "benchmarks"))
    import yaml
    from loadonce import load_once
    from onecore import pin_one_core

    pin_one_core()
    clock = time.process_time
    t0 = clock()
    import pipeline.ingest as ingest
    from pipeline.errors import PasyansError
    from pipeline.extract import extract_game
    from pipeline.extract.output import files_for
    from pipeline.normalize.lexicon import morph as analyser

    out: dict = {"imports_cpu_s": round(clock() - t0, 3)}
    t0 = clock()
    analyser()
    load_once(ROOT)
    out["startup_cpu_s"] = round(clock() - t0, 3)

    spent = {"normalize": 0.0}
    normalize = ingest.normalize

    def timed_normalize(*a, **k):
        t = clock()
        try:
            return normalize(*a, **k)
        finally:
            spent["normalize"] += clock() - t

    ingest.normalize = timed_normalize

    def run(groups: list[list[Path]]) -> dict:
        spent["normalize"] = 0.0
        build_s = extract_s = 0.0
        chars = sum(len(p.read_text(encoding="utf-8")) for g in groups for p in g)
        for paths in groups:
            t = clock()
            try:
                result = ingest.build(paths)
            except PasyansError:
                build_s += clock() - t
                continue
            t2 = clock()
            build_s += t2 - t
            for _, game in sorted(result.by_file().items()):
                with contextlib.suppress(PasyansError):
                    files_for(extract_game(game, result.scans))
            extract_s += clock() - t2
        total = build_s + extract_s
        return {
            "chars": chars,
            "cpu_s": round(total, 4),
            "chars_per_cpu_s": round(chars / total),
            "normalize_s": round(spent["normalize"], 4),
            "segment_s": round(build_s - spent["normalize"], 4),
            "extract_s": round(extract_s, 4),
        }

    real = ROOT / "benchmarks" / "data" / "real"
    manifest = yaml.safe_load((real / "manifest.yaml").read_text(encoding="utf-8"))
    raw = sorted((ROOT / "corpus" / "raw").glob("*.txt"))
    for name, which in (("real-dev", "dev"), ("real-dev-2", "dev-2")):
        out[name] = run([[real / e["file"]] for e in manifest if e["set"] == which])
    out["corpus scans, one by one"] = run([[p] for p in raw])
    out["corpus scans together"] = run([raw])
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "corpus-x.txt"
        unit = "\n\n".join(p.read_text(encoding="utf-8") for p in raw)
        big.write_text("\n\n".join([unit] * copies), encoding="utf-8")
        out[f"corpus x{copies} in one text"] = run([[big]])
    return out


def _phases(code_root: Path, file: Path) -> dict:
    """One cold `extract FILE`, CPU seconds per phase (run in a fresh child process)."""
    clock = time.process_time
    sys.path.insert(0, str(code_root))
    marks = [("interpreter", clock())]
    import pipeline.ingest as ingest
    from pipeline.extract import extract_game
    from pipeline.extract.output import spec_text

    marks.append(("imports", clock()))
    from pipeline.normalize import core
    from pipeline.normalize.lexicon import morph as analyser

    analyser()
    marks.append(("pymorphy3 dictionaries", clock()))
    core.lexicon(False), core.lexicon(True), core.shipped_table()
    marks.append(("lexicons, confusion table", clock()))
    from pipeline.extract.islands import compiled
    from pipeline.extract.tokens import tokenize

    tokenize("карта", None)
    marks.append(("vocabulary word forms", clock()))
    compiled(None)
    marks.append(("grammar rules", clock()))
    result = ingest.build([file])
    marks.append(("read, normalize, segment", clock()))
    for _, game in sorted(result.by_file().items()):
        spec_text(extract_game(game, result.scans).spec)
    marks.append(("extract (+ island patterns tried first)", clock()))
    out = {name: round(t - prev, 3) for (name, t), (_, prev) in zip(marks[1:], marks, strict=False)}
    out["interpreter"] = round(marks[0][1], 3)
    out["total"] = round(marks[-1][1], 3)
    return out


def _child(args: list[str], pure_dawg: bool, cache: Path) -> dict:
    prelude = HIDE_DAWG if pure_dawg else ""
    code = prelude + (
        "import sys, json; sys.path.insert(0, sys.argv[1]); "
        "from path_speed import _main_child; _main_child(sys.argv[2:])"
    )
    env = {**os.environ, "PYTHONHASHSEED": "0", "XDG_CACHE_HOME": str(cache)}
    cmd = [sys.executable, "-c", code, str(ROOT / "benchmarks"), *args]
    return child_figures(cmd, env, RESULT, str(args))


def _main_child(argv: list[str]) -> None:
    kind, root, extra = argv[0], Path(argv[1]), argv[2]
    figures = _warm(root, int(extra)) if kind == "warm" else _phases(root, Path(extra))
    print(RESULT + json.dumps(figures))


def _cold_command(code_root: Path, file: str, pure_dawg: bool, cache: Path) -> float:
    """CPU seconds (user + system) of one `pasyans extract FILE` in a fresh interpreter."""
    code = (HIDE_DAWG if pure_dawg else "") + (
        f"import sys; sys.path.insert(0, {str(code_root)!r}); "
        "sys.argv = ['pasyans', 'extract', sys.argv[1]]; "
        "from pipeline.cli import entry; raise SystemExit(entry())"
    )
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / file)],
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": "0", "XDG_CACHE_HOME": str(cache)},
        check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"pasyans extract {file} failed:\n{proc.stderr.decode()[-1000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(code_root: Path, args: argparse.Namespace, pure_dawg: bool) -> dict:
    """One round of every figure for one tree. Cold commands run twice over: each with an
    empty cache directory (a first run), and with the cache the first runs left (any later
    run; `pipeline/extract/diskcache.py`, where the tree has it)."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(code_root / "pipeline")],
        check=True,
        capture_output=True,
    )
    with tempfile.TemporaryDirectory() as tmp:
        kept = Path(tmp) / "kept"
        out: dict = {"warm": _child(["warm", str(code_root), str(args.copies)], pure_dawg, kept)}
        for label, fresh in (("cold, empty cache", True), ("cold, cache kept", False)):
            cold: dict = {}
            for f in COLD_FILES:
                runs = []
                for i in range(args.cold_runs):
                    cache = Path(tmp) / f"empty-{f.replace('/', '-')}-{i}" if fresh else kept
                    runs.append(_cold_command(code_root, f, pure_dawg, cache))
                cold[f] = {"chars": len((ROOT / f).read_text(encoding="utf-8")), "cpu_s": min(runs)}
            out[label] = cold
        phases = ["phases", str(code_root), str(ROOT / COLD_FILES[0])]
        out["phases, empty cache"] = _child(phases, pure_dawg, Path(tmp) / "empty-phases")
        out["phases, cache kept"] = _child(phases, pure_dawg, kept)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", metavar="REV", help="a commit to measure beside this tree")
    ap.add_argument("--rounds", type=int, default=2, help="measurements of each tree (best)")
    ap.add_argument("--cold-runs", type=int, default=3, help="cold commands per file (best)")
    ap.add_argument("--copies", type=int, default=5, help="corpus copies of the long text")
    ap.add_argument("--dawg", choices=("c", "python"), default="c", help="this tree's reader")
    ap.add_argument("--baseline-dawg", choices=("c", "python", "as-installed"))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    this = this_tree() + (" (py DAWG)" if args.dawg == "python" else "")
    with tempfile.TemporaryDirectory() as tmp:
        base_sha = _export(args.baseline, Path(tmp)) if args.baseline else None
        base_pure = False
        if base_sha:
            asks_c = "pymorphy3[fast]" in (Path(tmp) / "pyproject.toml").read_text()
            choice = args.baseline_dawg or "as-installed"
            base_pure = choice == "python" or (choice == "as-installed" and not asks_c)
            base_sha += " (py DAWG)" if base_pure else ""
        mine, theirs = [], []
        for _ in range(args.rounds):
            mine.append(measure(ROOT, args, args.dawg == "python"))
            if base_sha:
                theirs.append(measure(Path(tmp), args, base_pure))
    now = functools.reduce(best_of, mine)
    base = functools.reduce(best_of, theirs) if theirs else None
    if args.json:
        print(json.dumps({"this": this, "now": now, "baseline": base_sha, "base": base}))
        return 0
    _print(this, now, base_sha, base, args.rounds)
    return 0


def _print(this: str, now: dict, base_sha: str | None, base: dict | None, rounds: int) -> None:
    cols = f"{this:>20}" + (f"{base_sha:>20}{'ratio':>8}" if base else "")
    print(f"{'warm batch: chars per CPU second (best of ' + str(rounds) + ')':<58}{cols}")
    for k, v in now["warm"].items():
        if not isinstance(v, dict):
            continue
        line = f"  {k + ' (' + format(v['chars'], ',') + ' chars)':<56}{v['chars_per_cpu_s']:>20,}"
        if base:
            b = base["warm"][k]["chars_per_cpu_s"]
            line += f"{b:>20,}{v['chars_per_cpu_s'] / b:>7.2f}x"
        print(line)
        stages = "    normalize / segment / extract, CPU s"
        mine = f"{v['normalize_s']:.3f}/{v['segment_s']:.3f}/{v['extract_s']:.3f}"
        line = f"{stages:<58}{mine:>20}"
        if base:
            b = base["warm"][k]
            line += f"{b['normalize_s']:.3f}/{b['segment_s']:.3f}/{b['extract_s']:.3f}".rjust(20)
        print(line)
    for k in ("startup_cpu_s", "imports_cpu_s"):
        line = f"  {k.replace('_cpu_s', '') + ' (CPU s, before the sets)':<56}{now['warm'][k]:>20}"
        print(line + (f"{base['warm'][k]:>20}" if base else ""))
    for part in ("cold, empty cache", "cold, cache kept"):
        print(f"\n{part + ': pasyans extract FILE, CPU s (user+sys, best)':<58}{cols}")
        for f, v in now[part].items():
            label = f"{Path(f).name} ({v['chars']:,} chars)"
            line = f"  {label:<56}{v['cpu_s']:>20.2f}"
            if base:
                b = base[part][f]["cpu_s"]
                line += f"{b:>20.2f}{b / v['cpu_s']:>7.2f}x"
            print(line)
    for part in ("phases, empty cache", "phases, cache kept"):
        print(f"\n{'cold run of ' + Path(COLD_FILES[0]).name + ', ' + part + ', CPU s':<58}{cols}")
        for k, v in now[part].items():
            line = f"  {k:<56}{v:>20.3f}"
            print(line + (f"{base[part][k]:>20.3f}" if base else ""))


if __name__ == "__main__":
    sys.exit(main())
