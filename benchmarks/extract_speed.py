#!/usr/bin/env python3
"""Extraction speed in characters per CPU second, this tree beside a baseline commit.

    python3 benchmarks/extract_speed.py                       # this tree alone
    python3 benchmarks/extract_speed.py --baseline main       # and main's commit beside it
    python3 benchmarks/extract_speed.py --baseline b9dcf11 --rounds 3 --copies 20 --json

What is timed (CPU time of the measuring process, `time.process_time`, one core; the
machine is shared, so wall time says little), each after start-up (vocabulary forms, grammar
and all its island patterns compiled, schema check built: timed apart) and once unless said:
- grammar stage, real-dev games: `extract_game` (tokens, islands, facts, spec, citations,
  schema check) of the games `build` finds in the real development passages
  (benchmarks/data/real/, set dev), ingested beforehand; characters are the modern
  projection of their sentences, as in extract_quality.py.
- grammar stage, corpus games: the same over corpus/games/ (the quotes' scans read
  beforehand); once, and the best of `--passes` with the parse cache emptied before each
  (the figure extract_quality.py reports).
- whole path, real-dev passages: read, normalize, segment, find games and extract each
  development passage on its own, as `pasyans extract FILE` does; characters of the files.
- whole path, corpus scans: corpus/raw/ ingested together and extracted.
- whole path, corpus xN in one text: the scans concatenated, repeated `--copies` times.
A whole-path figure is one pass: a second pass over the same text would find the
normalizer's word caches full.

Each tree is measured in a fresh process of its own (the baseline exported with `git archive`
into a temporary directory), both on the same inputs (this tree's data); with `--rounds` > 1
the trees alternate and the best figure of each is kept, so a burst of load on the shared
machine hits both alike. Both trees are byte-compiled first (`compileall`), as an installed
package is: an exported tree has no `__pycache__`, and where PYTHONDONTWRITEBYTECODE is set
(this machine sets it) it never gets one, so its every start-up would compile each module
again, about 0.25 CPU-s of `pasyans extract` that a checkout with bytecode does not pay
(benchmarks/RESULTS.md, "Code debts paid: fourth round"). Figures only: nothing asserts.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULT = "EXTRACT_SPEED_JSON "


def _measure(code_root: Path, data_root: Path, passes: int, copies: int) -> dict:
    """Figures of the pipeline under `code_root` (its package, grammar and schema)."""
    sys.path.insert(0, str(code_root))
    sys.path.insert(1, str(data_root / "benchmarks"))
    import yaml
    from onecore import pin_one_core

    pin_one_core()
    t0 = time.process_time()
    from pipeline.errors import PasyansError
    from pipeline.extract import extract_game
    from pipeline.extract.islands import compiled, parse_sentence
    from pipeline.extract.quotes import scans_in
    from pipeline.extract.tokens import book_key, tokenize
    from pipeline.ingest import build
    from pipeline.segment.reader import iter_sentences, read_games
    from pipeline.spec.loader import load_spec_data

    imports = time.process_time() - t0
    games = read_games(data_root / "corpus" / "games")
    manifest = yaml.safe_load((data_root / "benchmarks/data/real/manifest.yaml").read_text("utf-8"))
    real = [data_root / "benchmarks/data/real" / e["file"] for e in manifest if e["set"] == "dev"]
    raw = sorted((data_root / "corpus" / "raw").glob("*.txt"))

    t0 = time.process_time()
    for book in [*sorted({g.get("book") or "" for g in games}), ""]:
        tokenize("карта", book or None)
        comp = compiled(book_key(book or None))
        if hasattr(comp, "pattern"):  # patterns compiled when first tried: all of them here
            for name, source, _ in comp.islands:
                comp.pattern(name, source)
    with contextlib.suppress(PasyansError):
        load_spec_data({"spec": "pasyans/1"})  # the schema and its checks, built once
    startup = time.process_time() - t0
    scans_dir = data_root / "corpus" / "raw"
    for g in games:  # the quotes' scans, read and normalized once per process: not timed
        scans = scans_in(scans_dir, g)
        for source in scans:
            with contextlib.suppress(KeyError):
                scans[source]

    def timed(fn, passes: int = 1) -> float:
        """CPU seconds of the first pass (cold word caches), or the best of `passes`."""
        top = float("inf")
        for _ in range(passes):
            parse_sentence.cache_clear()
            t = time.process_time()
            fn()
            top = min(top, time.process_time() - t)
        return top

    def rate(chars: int, seconds: float) -> dict:
        per_s = round(chars / seconds)
        return {"chars": chars, "cpu_s": round(seconds, 4), "chars_per_cpu_s": per_s}

    out: dict = {"imports_cpu_s": round(imports, 3), "startup_cpu_s": round(startup, 3)}
    ingested = []
    for path in real:
        try:
            result = build([path])
        except PasyansError:
            continue
        ingested += [(g, result.scans) for _, g in sorted(result.by_file().items())]

    def grammar_real() -> None:
        for g, sc in ingested:
            with contextlib.suppress(PasyansError):
                extract_game(g, sc)

    def grammar_corpus() -> None:
        for g in games:
            extract_game(g, scans_dir)

    chars = sum(len(s.modern) for g, _ in ingested for s in iter_sentences(g))
    out["grammar, real-dev games, 1st pass"] = rate(chars, timed(grammar_real))
    chars = sum(len(s.modern) for g in games for s in iter_sentences(g))
    out["grammar, corpus games, 1st pass"] = rate(chars, timed(grammar_corpus))
    out[f"grammar, corpus games, best of {passes}"] = rate(chars, timed(grammar_corpus, passes))

    def whole(paths: list[Path]) -> None:
        try:
            result = build(paths)
        except PasyansError:
            return
        for _, g in sorted(result.by_file().items()):
            with contextlib.suppress(PasyansError):
                extract_game(g, result.scans)

    # the whole path once each (a second pass of the same text would find the
    # normalizer's word caches full): the real passages first, each on its own
    chars = sum(len(p.read_text(encoding="utf-8")) for p in real)
    out["whole, real-dev passages"] = rate(chars, timed(lambda: [whole([p]) for p in real]))
    chars = sum(len(p.read_text(encoding="utf-8")) for p in raw)
    out["whole, corpus scans"] = rate(chars, timed(lambda: whole(raw)))
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "corpus-x.txt"
        unit = "\n\n".join(p.read_text(encoding="utf-8") for p in raw)
        big.write_text("\n\n".join([unit] * copies), encoding="utf-8")
        chars = len(big.read_text("utf-8"))
        out[f"whole, corpus x{copies} in one text"] = rate(chars, timed(lambda: whole([big])))
    return out


def _run(code_root: Path, args: argparse.Namespace) -> dict:
    """One measurement in a fresh process (fresh caches, the tree's own modules)."""
    cmd = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        str(code_root),
        "--passes",
        str(args.passes),
        "--copies",
        str(args.copies),
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"}
    return child_figures(cmd, env, RESULT, str(code_root))


def child_figures(cmd: list[str], env: dict, prefix: str, what: str) -> dict:
    """Run one measuring child process (from the repository root); its figures are the JSON
    that follows `prefix` on a line of its output. Exits naming `what` where there is none."""
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    for line in proc.stdout.splitlines():
        if line.startswith(prefix):
            return json.loads(line[len(prefix) :])
    raise SystemExit(f"measuring {what} failed:\n{proc.stderr[-2000:]}")


def compile_tree(code_root: Path) -> None:
    """The tree's modules byte-compiled (`compileall`), so that no tree's start-up pays for
    compiling them and another's not."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(code_root / "pipeline")],
        check=True,
        capture_output=True,
    )


def _export(rev: str, into: Path) -> str:
    """`git archive` of `rev` unpacked into `into`; its short commit id."""
    sha = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", rev],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", sha], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return sha


def best_of(a, b):
    """Per figure, the better of two measurements (higher rate, fewer CPU seconds); the first
    on a tie. `functools.reduce(best_of, runs)`: the best of each over the rounds."""
    if isinstance(a, dict) and "chars_per_cpu_s" in a:
        return a if a["chars_per_cpu_s"] >= b["chars_per_cpu_s"] else b
    if isinstance(a, dict):
        return {k: best_of(v, b[k]) for k, v in a.items()}
    return min(a, b)


def this_tree() -> str:
    """This tree's label: HEAD's short commit id, `+changes` where tracked files differ."""
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    return f"{head}{'+changes' if dirty else ''}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", metavar="REV", help="a commit to measure beside this tree")
    ap.add_argument("--rounds", type=int, default=2, help="measurements of each tree (best)")
    ap.add_argument("--passes", type=int, default=3, help="passes per measure (best)")
    ap.add_argument("--copies", type=int, default=10, help="corpus copies of the long text")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--child", metavar="ROOT", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        figures = _measure(Path(args.child), ROOT, args.passes, args.copies)
        print(RESULT + json.dumps(figures))
        return 0
    this = this_tree()
    with tempfile.TemporaryDirectory() as tmp:
        base_sha = _export(args.baseline, Path(tmp)) if args.baseline else None
        for code_root in (ROOT, Path(tmp)) if base_sha else (ROOT,):
            compile_tree(code_root)
        mine, theirs = [], []
        for _ in range(args.rounds):
            mine.append(_run(ROOT, args))
            if base_sha:
                theirs.append(_run(Path(tmp), args))
    now = functools.reduce(best_of, mine)
    base = functools.reduce(best_of, theirs) if theirs else None
    if args.json:
        print(json.dumps({"this": this, "figures": now, "baseline": base_sha, "base": base}))
        return 0
    cols = f"{this:>16}" + (f"{base_sha:>16}{'ratio':>8}" if base else "")
    print(f"{'chars per CPU second (best of ' + str(args.rounds) + ' runs)':<52}{cols}")
    for k, v in now.items():
        if not isinstance(v, dict):
            continue
        line = f"{k + ' (' + format(v['chars'], ',') + ' chars)':<52}{v['chars_per_cpu_s']:>16,}"
        if base:
            b = base[k]["chars_per_cpu_s"]
            line += f"{b:>16,}{v['chars_per_cpu_s'] / b:>7.2f}x"
        print(line)
    for k in ("startup_cpu_s", "imports_cpu_s"):
        line = f"{k.replace('_cpu_s', '') + ' (CPU s)':<52}{now[k]:>16}"
        print(line + (f"{base[k]:>16}" if base else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
