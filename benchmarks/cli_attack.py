"""Every `pasyans` verb in a process of its own against odd files, numbers, YAML and Ctrl-C
(robust-2's second attack; `cli_fuzz.py` runs the odd files of each verb in process).

Each case runs `python -P -m pipeline ARGV` in a fresh directory (under `/usr/bin/time` for
its peak memory; as root, through `setpriv` without CAP_DAC_OVERRIDE, so that `chmod 0` and
read-only directories bind), with Ctrl-C's default restored and a signal sent to its process
group as a terminal's Ctrl-C is, and is classified: traceback; multi-line (an error of more
than one line); silent? (exit 0 where the input is bad, judged by hand: odd but valid input
is accepted); long (a line over 300 characters, or 60 characters of the input quoted); hang
(killed at the time limit) or slow (> 10 s); memory (> 1 GB peak); input changed;
half-written (an output or a temporary file left after a failure). Prints one line a case,
writes the flagged ones and the totals per class to `--md`. Asserts nothing.

    python benchmarks/cli_attack.py --repo TREE --md out.md [--only SUBSTR ...] [--list]
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import hashlib
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

PY = sys.executable
HANG = 10.0
LIMIT = 40.0
MEM_KB = 1 << 20  # 1 GiB in KiB


@dataclass
class Case:
    label: str
    argv: list[str]  # relative to the case directory
    files: dict[str, object] = field(default_factory=dict)  # name -> bytes | callable(path)
    bad: bool = True  # exit 0 is suspicious
    inputs: tuple[str, ...] = ()  # names whose bytes must not change
    outputs: tuple[str, ...] = ()  # names that must not exist after a failure
    sigint_after: float | None = None
    timeout: float = LIMIT
    post: object = None  # callable(case_dir) -> list of problems
    quote: str = ""  # a long run of input that must not be echoed


def _fifo(p: Path) -> None:
    os.mkfifo(p)


def _dir(p: Path) -> None:
    p.mkdir()
    (p / "x.txt").write_text("x")


def _loop(p: Path) -> None:
    os.symlink(p.name + ".b", p)
    os.symlink(p.name, str(p) + ".b")


def _procmem(p: Path) -> None:
    os.symlink("/proc/self/mem", p)


def _chmod0(data: bytes):
    def make(p: Path) -> None:
        p.write_bytes(data)
        p.chmod(0)

    return make


def odd_files(base: bytes, text: bool) -> dict[str, object]:
    """The odd versions of one input file."""
    s = base.decode("utf-8", "replace")
    mid = base.find(b"\n", len(base) // 2) + 1  # at a line's start: whole characters
    out: dict[str, object] = {
        "empty": b"",
        "binary": os.urandom(0) or bytes(range(256)) * 64,
        "huge line": b"x" * 20_000_000,
        "NUL bytes": base[:mid] + b"\0" * 5 + base[mid:],
        "mixed enc": base[:mid] + "\nпасьянсъ\n".encode("cp1251") + base[mid:],
        "utf16le bom": codecs.BOM_UTF16_LE + s.encode("utf-16-le"),
        "utf16be bom": codecs.BOM_UTF16_BE + s.encode("utf-16-be"),
        "utf16le": s.encode("utf-16-le"),
        "utf32le bom": codecs.BOM_UTF32_LE + s.encode("utf-32-le"),
        "utf32be": s.encode("utf-32-be"),
        "directory": _dir,
        "fifo": _fifo,
        "/proc/self/mem": _procmem,
        "chmod 000": _chmod0(base),
        "symlink loop": _loop,
    }
    return out


def yaml_bombs() -> dict[str, bytes]:
    laughs = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 12):
        laughs.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    laughs.append("id: bomb")
    deep = "x: " + "[" * 100_000 + "]" * 100_000 + "\n"
    deepmap = "".join(" " * i + f"k{i}:\n" for i in range(3000)) + " " * 3000 + "v\n"
    return {
        "billion laughs": "\n".join(laughs).encode(),
        "alias cycle": b"a: &a [*a]\n",
        "merge-key bomb": b"b: &b {x: 1}\nc: {<<: [*b, *b, *b]}\n",
        "deep flow 1e5": deep.encode(),
        "deep block 3000": deepmap.encode(),
        "dup keys": b"id: a\nid: b\n",
        "dup top": None,  # filled with the spec twice
        "python tag": b"!!python/object/apply:os.system ['true']\n",
        "big int": b"id: x\nn: " + b"9" * 50_000 + b"\n",
        "yaml 1.1 sexagesimal": None,
    }


class Runner:
    def __init__(self, repo: Path, tmp: Path) -> None:
        self.repo, self.tmp = repo, tmp
        self.n = 0
        env = dict(os.environ)
        env.update(
            PYTHONPATH=str(repo),
            XDG_CACHE_HOME=str(tmp / "cache"),
            HOME=str(tmp / "home"),
            PYTHONIOENCODING="utf-8",
            COLUMNS="100",
        )
        env.pop("PASYANS_TESTS", None)
        self.env = env

    def run(self, case: Case) -> dict:
        self.n += 1
        d = self.tmp / f"c{self.n}"
        d.mkdir()
        for name, what in case.files.items():
            p = d / name
            p.parent.mkdir(parents=True, exist_ok=True)
            if callable(what):
                what(p)
            else:
                p.write_bytes(what)  # type: ignore[arg-type]
        before = {n: _hash(d / n) for n in case.inputs}
        listing = _listing(d)
        timef = self.tmp / f"time{self.n}"
        deaf = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"]
        if os.geteuid() != 0 or not shutil.which("setpriv"):
            deaf = []
        cmd = [
            "/usr/bin/time",
            "-o",
            str(timef),
            "-f",
            "%M",
            *deaf,
            "nice",
            "-n",
            "10",
            PY,
            "-P",
            "-m",
            "pipeline",
            *case.argv,
        ]
        t0 = time.monotonic()
        proc = subprocess.Popen(
            cmd,
            cwd=d,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
            start_new_session=True,
        )
        killed = False
        if case.sigint_after is not None:
            try:
                proc.wait(case.sigint_after)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=case.timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            killed = True
        secs = time.monotonic() - t0
        try:
            rss_kb = int(timef.read_text().split()[-1])
        except (OSError, ValueError, IndexError):
            rss_kb = 0
        code = proc.returncode
        so = out.decode("utf-8", "replace")
        se = err.decode("utf-8", "replace")
        found = []
        if "Traceback" in so + se:
            found.append("traceback")
        lines = se.splitlines()
        reports = case.argv[:1] in (["validate"], ["verify"])  # their report is on stdout
        if code not in (0, None) and len(lines) > 1 and not killed and not reports:
            found.append(f"multi-line ({len(lines)})")
        if reports and not lines and code in (1, 2):
            said = [x for x in so.splitlines() if "INVALID" in x or ": " in x]
            lines = said[:1] if len(said) == 1 else said
        if code not in (0, None) and not lines and not killed:
            found.append("no message")
        if case.bad and code == 0:
            found.append("silent?")
        if any(len(x) > 300 for x in lines) or (case.quote and case.quote in se):
            found.append("long")
        if killed:
            found.append(f"hang (killed at {case.timeout:.0f} s)")
        elif secs > HANG:
            found.append(f"slow ({secs:.1f} s)")
        if rss_kb > MEM_KB:
            found.append(f"memory ({rss_kb >> 10} MB)")
        for n, h in before.items():
            if _hash(d / n) != h:
                found.append(f"input changed ({n})")
        if code != 0:
            for n in case.outputs:
                if os.path.lexists(d / n) and n not in listing:
                    found.append(f"half-written ({n})")
            new = [p for p in _listing(d) if p not in listing and not p.startswith("cache")]
            tmpish = [p for p in new if ".tmp" in p or p.startswith(".") or "~" in p]
            if tmpish:
                found.append(f"temp left ({', '.join(tmpish[:3])})")
        if case.post is not None:
            found += case.post(d)  # type: ignore[operator]
        first = (lines[0] if lines else (so.splitlines() or [""])[0])[:200]
        _cleanup(d)
        return {
            "label": case.label,
            "code": "killed" if killed else code,
            "secs": round(secs, 1),
            "found": found,
            "first": first,
            "lines": len(lines),
        }


def _hash(p: Path) -> str | None:
    try:
        if p.is_symlink() or not p.is_file():
            return "special"
        return hashlib.sha256(p.read_bytes()).hexdigest()
    except OSError:
        return None


def _listing(d: Path) -> set[str]:
    out = set()
    for root, dirs, files in os.walk(d):
        for n in dirs + files:
            out.add(os.path.relpath(os.path.join(root, n), d))
    return out


def _cleanup(d: Path) -> None:
    for root, dirs, _ in os.walk(d):
        for n in dirs:
            with contextlib.suppress(OSError):
                os.chmod(os.path.join(root, n), 0o700)
    shutil.rmtree(d, ignore_errors=True)


def cases(repo: Path) -> list[Case]:
    spec = (repo / "rules" / "blockade.yaml").read_bytes()
    golf = (repo / "rules" / "reference" / "golf.yaml").read_bytes()
    text = sorted((repo / "corpus" / "raw").glob("*.txt"))[0].read_bytes()
    game = (repo / "corpus" / "games" / "clock.yaml").read_bytes()
    png = (repo / "tests" / "data" / "ocr" / "two-columns.png").read_bytes()
    pdf = (repo / "tests" / "data" / "ocr" / "text-page.pdf").read_bytes()
    jpg = _jpeg(repo)
    out: list[Case] = []

    # -- odd input files, every verb that reads one ---------------------------------
    slots = [
        ("validate spec", spec, ".yaml", lambda f: ["validate", f], True),
        ("show spec", spec, ".yaml", lambda f: ["show", f, "--ascii"], True),
        ("play spec", spec, ".yaml", lambda f: ["play", f, "--moves", "none.txt"], True),
        ("random spec", spec, ".yaml", lambda f: ["random", f, "--games", "1"], True),
        ("solve spec", spec, ".yaml", lambda f: ["solve", f, "--budget", "5"], True),
        (
            "simulate spec",
            spec,
            ".yaml",
            lambda f: ["simulate", f, "--deals", "1", "--policy", "random", "--no-cache"],
            True,
        ),
        (
            "verify spec",
            spec,
            ".yaml",
            lambda f: ["verify", f, "--deals", "1", "--policies", "random", "--no-cache"],
            True,
        ),
        ("score spec", spec, ".yaml", lambda f: ["score", "--deals", "1", f, "blockade"], True),
        ("diff spec", spec, ".yaml", lambda f: ["diff", "--deals", "1", f, "blockade"], True),
        ("normalize text", text, ".txt", lambda f: ["normalize", f], True),
        ("extract text", text, ".txt", lambda f: ["extract", f, "-o", "x.yaml"], True),
        ("extract game", game, ".yaml", lambda f: ["extract", f, "-o", "x.yaml"], True),
        ("ingest text", text, ".txt", lambda f: ["ingest", "--no-extract", "--out", "g", f], True),
        (
            "play moves",
            b'{"moves": []}',
            ".json",
            lambda f: ["play", "blockade", "--moves", f],
            True,
        ),
        ("ocr page", png, ".png", lambda f: ["ocr", "--no-cache", "--jobs", "1", f], False),
    ]
    for label, base, suffix, argv, is_text in slots:
        for kind, what in odd_files(base, is_text).items():
            name = "in" + suffix
            files = {name: what, "none.txt": b""}
            if kind == "directory" and label.startswith("ingest"):
                continue  # a directory of texts is valid input for ingest
            out.append(
                Case(
                    f"{label}: {kind}",
                    argv(name),
                    files,
                    bad=kind not in ("mixed enc", "utf16le bom", "utf16be bom", "utf32le bom")
                    or label.startswith(
                        (
                            "validate",
                            "show",
                            "play",
                            "random",
                            "solve",
                            "simulate",
                            "verify",
                            "score",
                            "diff",
                        )
                    ),
                    inputs=(name,) if not callable(what) else (),
                    outputs=("x.yaml", "g"),
                    quote="x" * 60,
                )
            )

    # -- a file given for a directory, a directory for a file --------------------------
    for label, argv in [
        ("games --dir FILE", ["games", "--dir", "f.yaml"]),
        ("coverage --dir FILE", ["coverage", "--dir", "f.yaml"]),
        ("ingest --out FILE", ["ingest", "--no-extract", "--out", "f.yaml", "t.txt"]),
        ("ingest --specs FILE", ["ingest", "--out", "g", "--specs", "f.yaml", "t.txt"]),
        ("extract --out FILE", ["extract", "t.txt", "--out", "f.yaml"]),
        ("ingest PATH=dir of nothing", ["ingest", "--no-extract", "--out", "g", "emptydir"]),
        ("validate DIR", ["validate", "emptydir"]),
        ("verify DIR", ["verify", "--deals", "1", "emptydir"]),
        ("games --dir FIFO", ["games", "--dir", "fifo"]),
        ("games --dir loop", ["games", "--dir", "loop"]),
        ("coverage --dir of odd files", ["coverage", "--dir", "odd"]),
        ("games --dir of odd files", ["games", "--dir", "odd"]),
    ]:
        files = {"f.yaml": game, "t.txt": text, "emptydir/.keep": b"", "fifo": _fifo, "loop": _loop}

        def odd(p: Path) -> None:
            p.mkdir()
            (p / "a.yaml").write_bytes(b"\xff\xfe\0\0")
            (p / "b.yaml").write_bytes(b"")
            os.mkfifo(p / "c.yaml")
            os.symlink("c.yaml.loop", p / "c.yaml.loop")
            (p / "d.yaml").mkdir()

        files["odd"] = odd
        out.append(Case(label, argv, files, inputs=("f.yaml", "t.txt"), outputs=("g",)))

    # -- output paths -------------------------------------------------------------------
    outs = [
        ("ocr -o", lambda o: ["ocr", "--no-cache", "--jobs", "1", "p.png", "-o", o]),
        ("extract -o", lambda o: ["extract", "t.txt", "-o", o]),
        ("extract --out", lambda o: ["extract", "t.txt", "--out", o]),
        ("ingest --out", lambda o: ["ingest", "--no-extract", "t.txt", "--out", o]),
        ("diff --html", lambda o: ["diff", "--deals", "1", "blockade", "clock", "--html", o]),
        (
            "verify --html",
            lambda o: [
                "verify",
                "--deals",
                "1",
                "--policies",
                "random",
                "--no-cache",
                "blockade",
                "--html",
                o,
            ],
        ),
        (
            "simulate --db",
            lambda o: ["simulate", "--deals", "1", "--policy", "random", "blockade", "--db", o],
        ),
        (
            "verify --db",
            lambda o: ["verify", "--deals", "1", "--policies", "random", "blockade", "--db", o],
        ),
    ]

    def ro(p: Path) -> None:
        p.mkdir()
        p.chmod(0o555)

    for label, argv in outs:
        for kind, target, files in [
            ("in a missing dir", "nodir/out.x", {}),
            ("in a read-only dir", "ro/out.x", {"ro": ro}),
            (
                "== input",
                "t.txt"
                if "extract" in label or "ingest" in label
                else ("p.png" if "ocr" in label else "s.yaml"),
                {},
            ),
            ("in /proc", "/proc/self/out.x", {}),
        ]:
            a = argv(target)
            if label in ("diff --html", "verify --html", "simulate --db", "verify --db"):
                a = [("s.yaml" if x == "blockade" else x) for x in a]
            files = {"p.png": png, "t.txt": text, "s.yaml": spec, **files}
            out.append(
                Case(
                    f"{label}: {kind}",
                    a,
                    files,
                    inputs=("p.png", "t.txt", "s.yaml"),
                    outputs=(target,) if not target.startswith("/") else (),
                )
            )

    # -- YAML bombs and odd YAML ---------------------------------------------------------
    for kind, data in yaml_bombs().items():
        if kind == "dup top":
            data = spec + b"\n" + spec
        if kind == "yaml 1.1 sexagesimal":
            data = spec.replace(b"seed", b"seed") + b"\nextra: 1:30:00\n"
        for verb in (["validate"], ["show", "--ascii"], ["solve", "--budget", "5"]):
            out.append(
                Case(
                    f"yaml {kind}: {verb[0]}",
                    [*verb[:1], "y.yaml", *verb[1:]],
                    {"y.yaml": data},
                    inputs=("y.yaml",),
                    timeout=LIMIT,
                )
            )

    # -- pages that are not what their suffix says, or cut -------------------------------
    pages = {
        "png cut 100": ("p.png", png[:100]),
        "png cut half": ("p.png", png[: len(png) // 2]),
        "png no IEND": ("p.png", png[:-12]),
        "pdf cut half": ("p.pdf", pdf[: len(pdf) // 2]),
        "pdf cut 20": ("p.pdf", pdf[:20]),
        "pdf named png": ("p.png", pdf),
        "png named pdf": ("p.pdf", png),
        "jpeg named png": ("p.png", jpg),
        "text named png": ("p.png", text),
        "yaml named pdf": ("p.pdf", spec),
        "pdf header only": ("p.pdf", b"%PDF-1.4\n%%EOF\n"),
        "jpeg cut": ("p.jpg", jpg[: len(jpg) // 2]),
        "tiff header only": ("p.tif", b"II*\0\x08\0\0\0"),
        "png 0x0 header": ("p.png", png[:16] + b"\0" * 8 + png[24:33]),
    }
    for kind, (name, data) in pages.items():
        out.append(
            Case(
                f"ocr {kind}",
                ["ocr", "--no-cache", "--jobs", "1", name, "-o", "o.txt"],
                {name: data},
                inputs=(name,),
                outputs=("o.txt",),
                timeout=60,
            )
        )
        out.append(
            Case(
                f"ingest {kind}",
                ["ingest", "--no-extract", "--out", "g", name],
                {name: data},
                inputs=(name,),
                outputs=("g",),
                timeout=60,
            )
        )

    # -- numbers --------------------------------------------------------------------------
    values = ["0", "-1", "99999999999999999999999999", "abc", "1e3", "nan", "", "inf", "0x10"]
    numeric = [
        ("show --seed", lambda v: ["show", "blockade", "--seed", v]),
        ("random --seed", lambda v: ["random", "blockade", "--seed", v, "--games", "1"]),
        ("random --games", lambda v: ["random", "blockade", "--games", v]),
        ("random --max-moves", lambda v: ["random", "blockade", "--games", "1", "--max-moves", v]),
        ("solve --seed", lambda v: ["solve", "golf", "--seed", v, "--budget", "5"]),
        ("solve --budget", lambda v: ["solve", "golf", "--budget", v]),
        ("solve --seconds", lambda v: ["solve", "golf", "--seconds", v, "--budget", "100"]),
        ("solve --memory-mb", lambda v: ["solve", "golf", "--memory-mb", v, "--budget", "100"]),
        (
            "simulate --deals",
            lambda v: ["simulate", "golf", "--deals", v, "--policy", "random", "--no-cache"],
        ),
        (
            "simulate --from-seed",
            lambda v: [
                "simulate",
                "golf",
                "--deals",
                "1",
                "--from-seed",
                v,
                "--policy",
                "random",
                "--no-cache",
            ],
        ),
        (
            "simulate --budget",
            lambda v: ["simulate", "golf", "--deals", "1", "--budget", v, "--no-cache"],
        ),
        (
            "simulate --seconds",
            lambda v: ["simulate", "golf", "--deals", "1", "--seconds", v, "--no-cache"],
        ),
        (
            "simulate --workers",
            lambda v: [
                "simulate",
                "golf",
                "--deals",
                "2",
                "--workers",
                v,
                "--policy",
                "random",
                "--no-cache",
            ],
        ),
        (
            "verify --deals",
            lambda v: ["verify", "golf", "--deals", v, "--policies", "random", "--no-cache"],
        ),
        (
            "verify --budget",
            lambda v: [
                "verify",
                "golf",
                "--deals",
                "1",
                "--budget",
                v,
                "--policies",
                "solver",
                "--no-cache",
            ],
        ),
        (
            "verify --per-move",
            lambda v: [
                "verify",
                "golf",
                "--deals",
                "1",
                "--per-move",
                v,
                "--policies",
                "random",
                "--no-cache",
            ],
        ),
        (
            "verify --max-moves",
            lambda v: [
                "verify",
                "golf",
                "--deals",
                "1",
                "--max-moves",
                v,
                "--policies",
                "random",
                "--no-cache",
            ],
        ),
        ("score --deals", lambda v: ["score", "--deals", v, "golf", "golf"]),
        ("score --seed", lambda v: ["score", "--deals", "1", "--seed", v, "golf", "golf"]),
        ("diff --deals", lambda v: ["diff", "--deals", v, "golf", "golf"]),
        ("diff --seed", lambda v: ["diff", "--deals", "1", "--seed", v, "golf", "golf"]),
        ("diff --max-moves", lambda v: ["diff", "--deals", "1", "--max-moves", v, "golf", "golf"]),
        ("ocr --jobs", lambda v: ["ocr", "--no-cache", "--jobs", v, "p.png"]),
        ("play --seed", lambda v: ["play", "golf", "--seed", v, "--moves", "none.txt"]),
    ]
    for label, argv in numeric:
        for v in values:
            # 0 is a valid seed and a valid from-seed; an explicit 0 budget may be refused
            ok = v == "0" and label.endswith(("--seed", "--from-seed"))
            ok = ok or (v == "0x10" and False)
            out.append(
                Case(
                    f"{label} {v!r}",
                    argv(v),
                    {"p.png": png, "none.txt": b""},
                    bad=not ok,
                    timeout=LIMIT,
                )
            )

    # -- budgets with a results store, a table at the pile cap, a corrupt word-box file ---------
    huge = "1" + "0" * 25
    for label, argv in [
        (
            "simulate --budget huge --db",
            ["simulate", "golf", "--deals", "1", "--budget", huge, "--db", "r.sqlite"],
        ),
        (
            "verify --budget huge --db",
            ["verify", "golf", "--deals", "1", "--budget", huge, "--db", "r.sqlite"],
        ),
        (
            "simulate random --budget huge --db",
            [
                "simulate",
                "golf",
                "--deals",
                "1",
                "--policy",
                "random",
                "--budget",
                huge,
                "--db",
                "r.sqlite",
            ],
        ),
        ("random --games 500 digits", ["random", "golf", "--games", "7" * 500]),
        ("solve --budget 500 digits", ["solve", "golf", "--budget", "7" * 500]),
    ]:
        out.append(Case(label, argv, {}, timeout=LIMIT))
    wide = golf.replace(b"count: 7", b"count: 414").replace(b"rounds: 5", b"rounds: 1")
    for verb in (
        ["solve", "--budget", "5"],
        ["simulate", "--deals", "1", "--budget", "5", "--no-cache"],
    ):
        out.append(
            Case(
                f"414 columns (416 piles): {verb[0]}",
                [verb[0], "w.yaml", *verb[1:]],
                {"w.yaml": wide},
                bad=False,
                inputs=("w.yaml",),
            )
        )
    cut = b'{"format": "pasyans-ocr 1", "pag'
    out.append(
        Case(
            "normalize: corrupt NAME.ocr.json",
            ["normalize", "p.txt"],
            {"p.txt": text, "p.ocr.json": cut},
            inputs=("p.txt", "p.ocr.json"),
        )
    )
    out.append(
        Case(
            "ingest: corrupt NAME.ocr.json",
            ["ingest", "--no-extract", "--out", "g", "p.txt"],
            {"p.txt": text, "p.ocr.json": cut},
            inputs=("p.txt", "p.ocr.json"),
            outputs=("g",),
        )
    )

    # -- Ctrl-C in the middle ------------------------------------------------------------
    def db_ok(d: Path) -> list[str]:
        p = d / "r.sqlite"
        if not p.exists():
            return []
        try:
            with sqlite3.connect(p) as db:
                ok = db.execute("PRAGMA integrity_check").fetchone()[0]
                db.execute("SELECT count(*) FROM results").fetchone()
            return [] if ok == "ok" else [f"db {ok}"]
        except sqlite3.Error as e:
            return [f"db unreadable: {e}"]

    for after in (0.5, 1.0, 2.5, 5.0):
        out.append(
            Case(
                f"SIGINT simulate --db at {after}s",
                [
                    "simulate",
                    "klondike-3",
                    "--deals",
                    "400",
                    "--policy",
                    "solver",
                    "--budget",
                    "2000",
                    "--db",
                    "r.sqlite",
                    "--workers",
                    "2",
                ],
                sigint_after=after,
                post=db_ok,
                bad=False,
            )
        )
        out.append(
            Case(
                f"SIGINT simulate --json at {after}s",
                [
                    "simulate",
                    "freecell",
                    "--deals",
                    "400",
                    "--budget",
                    "3000",
                    "--no-cache",
                    "--json",
                    "--workers",
                    "1",
                ],
                sigint_after=after,
                bad=False,
            )
        )
        out.append(
            Case(
                f"SIGINT verify --html at {after}s",
                [
                    "verify",
                    "golf",
                    "--deals",
                    "300",
                    "--no-cache",
                    "--html",
                    "v.html",
                    "--workers",
                    "2",
                ],
                sigint_after=after,
                outputs=("v.html",),
                bad=False,
            )
        )
    return out


def _jpeg(repo: Path) -> bytes:
    try:
        import io

        from PIL import Image

        im = Image.open(repo / "tests" / "data" / "ocr" / "two-columns.png").convert("L")
        buf = io.BytesIO()
        im.save(buf, "JPEG")
        return buf.getvalue()
    except Exception:
        return b"\xff\xd8\xff\xe0" + b"\0" * 100


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--md", required=True)
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    repo = Path(a.repo).resolve()
    all_cases = cases(repo)
    if a.only:
        all_cases = [c for c in all_cases if any(o in c.label for o in a.only)]
    if a.list:
        for c in all_cases:
            print(c.label)
        print(len(all_cases))
        return 0
    with tempfile.TemporaryDirectory(prefix="robust2-") as t:
        r = Runner(repo, Path(t))
        rows = []
        for c in all_cases:
            row = r.run(c)
            rows.append(row)
            flag = "; ".join(row["found"]) or "ok"
            print(
                f"{row['label']:<48} {row['code']!s:>6} {row['secs']:>5} {flag} | "
                f"{row['first'][:110]}",
                flush=True,
            )
    classes: dict[str, int] = {}
    for row in rows:
        for f in row["found"]:
            k = f.split(" (")[0]
            classes[k] = classes.get(k, 0) + 1
    with open(a.md, "w") as fh:
        fh.write(f"{len(rows)} cases, repo {repo}\n\n")
        for k, v in sorted(classes.items()):
            fh.write(f"- {k}: {v}\n")
        fh.write("\n")
        for row in rows:
            if row["found"]:
                fh.write(
                    f"| {row['label']} | {row['code']} | {'; '.join(row['found'])} | "
                    f"{row['first'][:150]} |\n"
                )
    print(classes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
