"""Speed and peak memory of normalize() on the corpus repeated to >= 5 MB, vs prereform2modern.

Run from the repository root:
    python3 benchmarks/normalize_speed.py [--mb 5] [--runs 3] [--save FILE] [--baseline FILE]

- The text is the four raw seeds joined by blank lines, repeated until its UTF-8 encoding is
  at least `--mb` megabytes (10^6 bytes); each tool gets the whole text in one call.
- Time: `time.perf_counter()` around one call, best of `--runs` (after a small warm-up call
  that loads dictionaries and tables), with the process pinned to one CPU
  (`os.sched_setaffinity`). Figures are characters (code points) per second. The same runs
  are also timed with `time.process_time()` (CPU seconds of this process), which is less
  disturbed when other jobs share the machine; both figures are printed.
- Peak memory: each tool runs once more in a fresh child process; the figure is that child's
  maximum resident set size as the kernel reports it to the parent
  (`os.wait4(...).ru_maxrss`, the per-child form of `getrusage(RUSAGE_CHILDREN)`), so it
  includes the interpreter, the imports and the input text. The child also reports its own
  peak just before the call, and the difference ("call") is what the call itself added.
  Linux starts a child's ru_maxrss from the parent's resident size at fork/exec, so the
  children are spawned first, while this process is small (its size is printed).
- First pass: in the same child, one copy of the corpus (13,868 characters) is normalized
  right after a one-word warm-up, timed in CPU seconds: nearly every word form is new there,
  unlike in the repeated text, whose speed is mostly cache hits.
- prereform2modern (PyPI, old-to-new spelling only, no OCR correction) is called as its own
  command-line tool does: `Processor.process_text(text, show=False, delimiters=False,
  check_brackets=False)`.
Nothing is asserted: the script prints figures (`--json` for machines).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

from onecore import pin_one_core  # benchmarks/ is on sys.path: scripts run by path

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "corpus"
TOOLS = ("normalize", "prereform2modern")


def build_text(megabytes: float, vary: float = 0.0) -> str:
    """The raw seeds joined by blank lines, repeated to at least `megabytes` of UTF-8.

    With `vary` > 0 every copy gets its own OCR-like noise in about that share of its words
    (normalize_quality.add_noise, seeded by the copy number), so the text holds many more
    distinct word forms: a normalizer that caches per unique word gains less from repetition.
    """
    unit = "\n\n".join(p.read_text(encoding="utf-8") for p in sorted(CORPUS.glob("raw/*.txt")))
    unit += "\n\n"
    need = int(megabytes * 1_000_000)
    copies = -(-need // len(unit.encode("utf-8")))
    if not vary:
        return unit * copies
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from normalize_quality import add_noise

    parts, size, n = [], 0, 0
    while size < need:
        part = add_noise(unit, "modern", vary, n)[0]  # "modern": leave ђ/ѣ as they are
        parts.append(part)
        size += len(part.encode("utf-8"))
        n += 1
    return "".join(parts)


def distinct_words(text: str) -> int:
    return len(set(text.split()))


def tool(name: str):
    """A function str -> object for the named tool (imports happen here, not at timing)."""
    if name == "normalize":
        sys.path.insert(0, str(REPO))
        from pipeline.normalize import normalize

        return lambda text: normalize(text, "bench")
    if name == "prereform2modern":
        from prereform2modern import Processor

        return lambda text: Processor.process_text(
            text, show=False, delimiters=False, check_brackets=False
        )
    raise ValueError(name)


def time_tool(name: str, text: str, runs: int) -> dict:
    fn = tool(name)
    warm = sorted(CORPUS.glob("raw/*.txt"))[0].read_text(encoding="utf-8")
    t0 = time.perf_counter()
    fn(warm)
    warmup_s = time.perf_counter() - t0
    times, cpu_times = [], []
    for _ in range(runs):
        c0, t0 = time.process_time(), time.perf_counter()
        fn(text)
        times.append(time.perf_counter() - t0)
        cpu_times.append(time.process_time() - c0)
    best, best_cpu = min(times), min(cpu_times)
    return {
        "runs_s": [round(t, 4) for t in times],
        "best_s": round(best, 4),
        "chars_per_s": round(len(text) / best),
        "cpu_runs_s": [round(t, 4) for t in cpu_times],
        "cpu_chars_per_s": round(len(text) / best_cpu),
        "warmup_s": round(warmup_s, 4),
    }


def child_main(name: str, megabytes: float, vary: float) -> int:
    """In a fresh process: build the text, run the tool once, report own peak RSS (KiB).

    Before that, one copy of the corpus is normalized right after a one-word warm-up (which
    loads the tool's tables): its speed is the "first pass", where nearly every word form is
    new, a fairer picture of a long text of mostly unseen words than the repeated corpus.
    """
    pin_one_core()
    text = build_text(megabytes, vary)
    fn = tool(name)
    fn("Игра.")
    unit = build_text(0.000001)
    c0 = time.process_time()
    fn(unit)
    first_cpu = time.process_time() - c0
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    fn(text)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        json.dumps(
            {
                "before_kib": before,
                "after_kib": after,
                "first_pass_chars": len(unit),
                "first_pass_cpu_s": first_cpu,
            }
        )
    )
    return 0


def peak_memory(name: str, megabytes: float, vary: float) -> dict:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", name, "--mb", str(megabytes)]
    cmd += ["--vary", str(vary)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, cwd=REPO)
    out = proc.stdout.read() if proc.stdout else b""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        return {"error": f"child exited with {proc.returncode}"}
    own = json.loads(out)
    return {
        "peak_rss_mb": round(usage.ru_maxrss / 1024, 1),  # Linux: KiB
        "before_call_rss_mb": round(own["before_kib"] / 1024, 1),
        "call_added_mb": round((own["after_kib"] - own["before_kib"]) / 1024, 1),
        "first_pass_chars": own["first_pass_chars"],
        "first_pass_chars_per_cpu_s": round(
            own["first_pass_chars"] / max(own["first_pass_cpu_s"], 1e-9)
        ),
    }


def git_commit() -> str | None:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
        )
    except OSError:
        return None
    return out.stdout.strip() or None


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def measure(args: argparse.Namespace) -> dict:
    cpu = pin_one_core()
    parent_rss = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    result: dict = {
        "commit": git_commit(),
        "when_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "python": platform.python_version(),
        "cpu": cpu_model(),
        "pinned_cpu": cpu,
    }
    tools = ["normalize"] if args.skip_p2m else list(TOOLS)
    # Memory children first: on Linux a child's ru_maxrss starts from the parent's resident
    # size at fork/exec, so they must be spawned while this process is still small.
    memory = (
        {} if args.no_memory else {name: peak_memory(name, args.mb, args.vary) for name in tools}
    )
    text = build_text(args.mb, args.vary)
    result["vary"] = args.vary
    result["distinct_tokens"] = distinct_words(text)
    result["chars"] = len(text)
    result["bytes_utf8"] = len(text.encode("utf-8"))
    if memory:
        result["parent_rss_at_spawn_mb"] = parent_rss
    for name in tools:
        runs = args.runs if name == "normalize" else args.p2m_runs
        try:
            figures = time_tool(name, text, runs)
        except ImportError as exc:
            result[name] = {"error": f"not importable: {exc}"}
            continue
        figures.update(memory.get(name, {}))
        result[name] = figures
    n, p = result.get("normalize", {}), result.get("prereform2modern", {})
    if "chars_per_s" in n and "chars_per_s" in p:
        result["speed_ratio"] = round(n["chars_per_s"] / p["chars_per_s"], 2)
        result["cpu_speed_ratio"] = round(n["cpu_chars_per_s"] / p["cpu_chars_per_s"], 2)
    return result


ROWS = [
    ("normalize", "chars_per_s", "normalize chars/s"),
    ("normalize", "cpu_chars_per_s", "normalize chars/CPU-s"),
    ("normalize", "best_s", "normalize best s"),
    ("normalize", "first_pass_chars_per_cpu_s", "normalize 1st pass chars/CPU-s"),
    ("normalize", "peak_rss_mb", "normalize peak RSS MB"),
    ("normalize", "call_added_mb", "normalize call added MB"),
    ("prereform2modern", "chars_per_s", "prereform2modern chars/s"),
    ("prereform2modern", "cpu_chars_per_s", "p2m chars/CPU-s"),
    ("prereform2modern", "best_s", "prereform2modern best s"),
    ("prereform2modern", "first_pass_chars_per_cpu_s", "p2m 1st pass chars/CPU-s"),
    ("prereform2modern", "peak_rss_mb", "prereform2modern peak MB"),
    ("prereform2modern", "call_added_mb", "p2m call added MB"),
    (None, "speed_ratio", "ratio normalize / p2m"),
    (None, "cpu_speed_ratio", "ratio, CPU time"),
]


def _get(result: dict, section: str | None, key: str):
    return (result if section is None else result.get(section, {})).get(key)


def _fmt(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def print_report(result: dict, baseline: dict | None) -> None:
    print(
        f"text: {result['chars']:,} chars, {result['bytes_utf8']:,} bytes UTF-8, "
        f"{result['distinct_tokens']:,} distinct tokens (vary={result['vary']}); "
        f"python {result['python']}; cpu {result['cpu']} (pinned to #{result['pinned_cpu']}); "
        f"commit {result['commit']}"
    )
    if "parent_rss_at_spawn_mb" in result:
        print(f"memory children spawned at parent RSS {result['parent_rss_at_spawn_mb']} MB")
    for name in TOOLS:
        if "error" in result.get(name, {}):
            print(f"{name}: {result[name]['error']}")
    head = f"{'figure':<28}{'now':>16}"
    if baseline:
        head += f"{'baseline':>16}{'now/base':>10}"
    print(head)
    print("-" * len(head))
    for section, key, label in ROWS:
        now = _get(result, section, key)
        if now is None and (not baseline or _get(baseline, section, key) is None):
            continue
        line = f"{label:<28}{_fmt(now):>16}"
        if baseline:
            base = _get(baseline, section, key)
            ratio = f"{now / base:.2f}" if isinstance(now, int | float) and base else "-"
            line += f"{_fmt(base):>16}{ratio:>10}"
        print(line)
    if baseline:
        print(f"baseline: commit {baseline.get('commit')}, {baseline.get('when_utc')}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=float, default=5.0, help="text size in MB (default 5)")
    parser.add_argument(
        "--vary",
        type=float,
        default=0.0,
        metavar="RATE",
        help="give every copy its own OCR-like noise in ~RATE of its words (more distinct words)",
    )
    parser.add_argument("--runs", type=int, default=3, help="timed normalize runs (best of)")
    parser.add_argument("--p2m-runs", type=int, default=1, help="timed prereform2modern runs")
    parser.add_argument("--skip-p2m", action="store_true", help="do not run prereform2modern")
    parser.add_argument("--no-memory", action="store_true", help="skip the child-process runs")
    parser.add_argument("--save", metavar="FILE", help="write the figures as JSON")
    parser.add_argument("--baseline", metavar="FILE", help="JSON of an earlier --save to compare")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--child", choices=TOOLS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child_main(args.child, args.mb, args.vary)
    baseline = None
    if args.baseline:
        try:
            baseline = json.loads(Path(args.baseline).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            print(f"normalize_speed: cannot read baseline {args.baseline}: {exc}", file=sys.stderr)
            return 2
    result = measure(args)
    if args.save:
        sys.path.insert(0, str(REPO))
        from pipeline.atomic import write_text

        write_text(Path(args.save), json.dumps(result, ensure_ascii=False, indent=2) + "\n")
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        print_report(result, baseline)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
