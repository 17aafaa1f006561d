"""Every CLI verb's file inputs and outputs, fed bad files: does each give one short line naming
the file, a non-zero exit, no traceback and no half-written output?

For each verb and each file it reads (a spec, a moves file, a text, a game directory, a page,
a results database…), the file is replaced by: nothing (a missing path), an empty file,
random bytes, a valid file cut in half (and cut after its last `{`), a directory, a file that
cannot be read (run as root, which reads any file: a link to `/proc/self/mem`, whose every read
fails), one 5 MB line; five NUL bytes at a line's start, UTF-16 and UTF-32 text without a
byte-order mark, a named pipe with no writer, a symbolic link loop (robust-2). Each
file or directory a verb writes is made a directory (one holding another kind of file, for an
output written whole), a path in no directory, a device node of its own, a plain file. `pasyans`
runs in this process (`pipeline.cli.main`) with the caches in a temporary directory; the table
prints one row per case that fails a check (or is accepted, exit 0), then the totals. Prints
figures, asserts nothing; what it found is pinned in `tests/test_bad_files.py`.

    python benchmarks/cli_fuzz.py [--only VERB,…] [--all]
    CLI_FUZZ_TREE=/work/main python benchmarks/cli_fuzz.py      # another tree's `pasyans`
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

# the tree whose `pasyans` and data are fuzzed: this one, or CLI_FUZZ_TREE (another worktree)
ROOT = Path(os.environ.get("CLI_FUZZ_TREE") or Path(__file__).resolve().parent.parent).resolve()
sys.path.insert(0, str(ROOT))

SPEC = ROOT / "rules" / "blockade.yaml"
GAME = ROOT / "corpus" / "games" / "clock.yaml"
TEXT = sorted((ROOT / "corpus" / "raw").glob("*.txt"))[0]
PAGE = ROOT / "tests" / "data" / "scans" / "shah-game.png"
PDF = ROOT / "tests" / "data" / "ocr" / "text-page.pdf"
HUGE = 5_000_000


def _moves(tmp: Path) -> bytes:
    """A saved game of blockade (seed 1, two moves made)."""
    from pipeline.engine.loading import load_game

    state = load_game("blockade").new_state(seed=1)
    for _ in range(2):
        state.apply(state.legal_moves()[0])
    return state.record().to_json().encode()


def _ocr_json(tmp: Path) -> bytes:
    """`pasyans ocr --format json` of a page, made without Tesseract."""
    from pipeline.ocr.document import OcrDocument, PageInfo, Word, to_json

    text = "Пасьянсъ"
    words = [Word(1, (10, 10, 60, 30), 95.0, "body", text, 0, len(text))]
    doc = OcrDocument(text, [PageInfo(1, "p.png", 1, 100, 100)], words)
    return to_json(doc).encode()


def _db(tmp: Path) -> bytes:
    """A results database as `simulate` leaves it, one deal stored."""
    from pipeline.cli import main

    path = tmp / "made.sqlite"
    with _quiet():
        main(["simulate", str(SPEC), "--deals", "1", "--policy", "random", "--db", str(path)])
    return path.read_bytes()


BASES: dict[str, Callable[[Path], bytes]] = {
    "spec": lambda tmp: SPEC.read_bytes(),
    "game": lambda tmp: GAME.read_bytes(),
    "text": lambda tmp: TEXT.read_bytes(),
    "page": lambda tmp: PAGE.read_bytes(),
    "pdf": lambda tmp: PDF.read_bytes(),
    "moves": _moves,
    "ocrjson": _ocr_json,
    "db": _db,
}
HOME = {"game": GAME, "text": TEXT}  # a file's folder, for `Slot.in_dir`
SUFFIX = {"spec": ".yaml", "game": ".yaml", "text": ".txt", "page": ".png", "pdf": ".pdf"}
SUFFIX |= {"moves": ".json", "ocrjson": ".json", "db": ".sqlite"}

KINDS = (
    "missing",
    "empty",
    "junk",
    "truncated",
    "cut in {",
    "directory",
    "unreadable",
    "huge line",
    # robust-2's second attack
    "NUL bytes",
    "UTF-16 without its mark",
    "UTF-32 without its mark",
    "named pipe",
    "symlink loop",
)


def make(kind: str, base: bytes, path: Path) -> Path | None:
    """The bad file of `kind` at `path` (None: the kind cannot be made here)."""
    if kind == "missing":
        return path
    if kind == "directory":
        path.mkdir()
        (path / "inside.txt").write_text("x")
        return path
    if kind == "unreadable":
        if os.geteuid() == 0:  # root reads any file: one whose every read fails (EIO) instead
            if not os.path.exists("/proc/self/mem"):
                return None
            path.symlink_to("/proc/self/mem")
            return path
        path.write_bytes(base)
        path.chmod(0)
        return path
    if kind == "named pipe":  # no writer: a reader that blocks on it hangs the run
        os.mkfifo(path)
        return path
    if kind == "symlink loop":
        os.symlink(path.name + ".loop", path)
        os.symlink(path.name, str(path) + ".loop")
        return path
    if kind == "cut in {" and b"{" not in base:
        return None
    line = base.find(b"\n", len(base) // 2) + 1  # a line's start: whole characters
    text = base.decode("utf-8", "replace")
    data = {
        "empty": b"",
        "junk": random.Random(7).randbytes(4096),
        "truncated": base[: len(base) // 2 + 1],  # +1: mid-character in a UTF-8 text
        "cut in {": base[: base.rfind(b"{") + 1],  # in its last flow mapping
        "huge line": b"x" * HUGE,
        "NUL bytes": base[:line] + b"\0" * 5 + base[line:],
        "UTF-16 without its mark": text.encode("utf-16-le"),
        "UTF-32 without its mark": text.encode("utf-32-be"),
    }[kind]
    path.write_bytes(data)
    return path


@dataclass(frozen=True)
class Slot:
    """One file a verb reads: `argv(bad, out)` with the bad file at `bad` and outputs under
    `out`; `in_dir`: the bad file is put among the other files of its folder (the game files,
    the raw texts), and the folder is passed."""

    verb: str
    base: str
    argv: Callable[[Path, Path], list[str]]
    in_dir: bool = False
    reports: bool = False  # a spec's problems are its report (stdout, exit 1), and the page


S = str(SPEC)
FAST = ["--deals", "1"]
SLOTS = [
    Slot(
        "ocr", "page", lambda p, o: ["ocr", "--no-cache", "--jobs", "1", "-o", f"{o}/o.txt", str(p)]
    ),
    Slot(
        "ocr", "pdf", lambda p, o: ["ocr", "--no-cache", "--jobs", "1", "-o", f"{o}/o.txt", str(p)]
    ),
    Slot("normalize", "text", lambda p, o: ["normalize", str(p)]),
    Slot("normalize", "ocrjson", lambda p, o: ["normalize", "--format", "json", str(p)]),
    Slot("ingest", "text", lambda p, o: ["ingest", "--no-extract", "--out", f"{o}/g", str(p)]),
    Slot("games", "game", lambda p, o: ["games", "--dir", str(p)], in_dir=True),
    Slot("games", "game", lambda p, o: ["games", "--dir", str(p)]),
    Slot("validate", "spec", lambda p, o: ["validate", str(p)], reports=True),
    Slot("show", "spec", lambda p, o: ["show", str(p)]),
    Slot("play", "spec", lambda p, o: ["play", str(p), "--moves", str(o.parent / "none.txt")]),
    Slot("play", "moves", lambda p, o: ["play", S, "--moves", str(p)]),
    Slot("random", "spec", lambda p, o: ["random", str(p), "--games", "1"]),
    Slot("extract", "text", lambda p, o: ["extract", str(p), "-o", f"{o}/x.yaml"]),
    Slot("extract", "game", lambda p, o: ["extract", str(p), "-o", f"{o}/x.yaml"]),
    Slot("coverage", "game", lambda p, o: ["coverage", "--dir", str(p)], in_dir=True),
    Slot("score", "spec", lambda p, o: ["score", "--deals", "1", str(p), S]),
    Slot("score", "spec", lambda p, o: ["score", "--deals", "1", S, str(p)]),
    Slot("diff", "spec", lambda p, o: ["diff", *FAST, str(p), S, "--html", f"{o}/d.html"]),
    Slot("solve", "spec", lambda p, o: ["solve", "--budget", "10", str(p)]),
    Slot(
        "simulate",
        "spec",
        lambda p, o: ["simulate", *FAST, "--policy", "random", "--no-cache", str(p)],
    ),
    Slot(
        "simulate", "db", lambda p, o: ["simulate", *FAST, "--policy", "random", "--db", str(p), S]
    ),
    Slot(
        "verify",
        "spec",
        lambda p, o: ["verify", *FAST, "--no-cache", "--html", f"{o}/v.html", str(p)],
        reports=True,
    ),
    Slot("verify", "db", lambda p, o: ["verify", *FAST, "--policies", "random", "--db", str(p), S]),
]


@dataclass(frozen=True)
class Out:
    """One file or directory a verb writes: `argv(out, case)`; `directory`: written whole."""

    verb: str
    option: str
    argv: Callable[[Path, Path], list[str]]
    directory: bool = False


OUTS = [
    Out("ocr", "-o", lambda o, c: ["ocr", "--no-cache", "--jobs", "1", str(PAGE), "-o", str(o)]),
    Out("extract", "-o", lambda o, c: ["extract", str(GAME), "-o", str(o)]),
    Out("extract", "--out", lambda o, c: ["extract", str(GAME), "--out", str(o)], True),
    Out("diff", "--html", lambda o, c: ["diff", *FAST, S, "clock", "--html", str(o)]),
    Out(
        "verify",
        "--html",
        lambda o, c: ["verify", *FAST, "--policies", "random", "--no-cache", S, "--html", str(o)],
    ),
    Out(
        "verify", "--db", lambda o, c: ["verify", *FAST, "--policies", "random", S, "--db", str(o)]
    ),
    Out(
        "simulate",
        "--db",
        lambda o, c: ["simulate", *FAST, "--policy", "random", S, "--db", str(o)],
    ),
    Out(
        "ingest", "--out", lambda o, c: ["ingest", "--no-extract", str(TEXT), "--out", str(o)], True
    ),
    Out(
        "ingest",
        "--specs",
        lambda o, c: ["ingest", str(TEXT), "--out", f"{c}/g", "--specs", str(o)],
        True,
    ),
]
OUT_KINDS = ("a directory", "in no directory", "a device", "a file")


def make_out(kind: str, out: Path, directory: bool) -> Path | None:
    """The unwritable output of `kind` at `out` (None: not made for this output)."""
    if kind == "a directory":
        if directory:  # a directory written whole may be one: it holds a file of another kind
            out.mkdir()
            (out / "notes.txt").write_text("mine\n")
            return out
        out.mkdir()
        return out
    if kind == "in no directory":
        return out / "no" / "x"
    if kind == "a device":  # a node of our own (as /dev/null), never the machine's
        if os.geteuid() != 0:
            return None
        os.mknod(out, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        return out
    if kind == "a file" and directory:
        out.write_text("mine\n")
        return out
    return None


def run_out(o: Out, kind: str, tmp: Path) -> Result | None:
    case = tmp / "case"
    case.mkdir()
    out = make_out(kind, case / "target", o.directory)
    if out is None:
        shutil.rmtree(case)
        return None
    before = sorted(str(p.relative_to(case)) for p in case.rglob("*"))
    r = _run(o.argv(out, case))
    r.left = [
        p for p in sorted(str(p.relative_to(case)) for p in case.rglob("*")) if p not in before
    ]
    shutil.rmtree(case)
    return r


@contextlib.contextmanager
def _quiet():
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield out, err


@dataclass
class Result:
    code: int | str
    out: str
    err: str
    left: list[str]


def run_case(slot: Slot, kind: str, base: bytes, tmp: Path) -> Result | None:
    case = tmp / "case"
    case.mkdir()
    out_dir = case / "out"
    out_dir.mkdir()
    (case / "none.txt").write_text("")  # a moves file with no moves
    if slot.in_dir:  # among the other files of its folder (the games, the raw texts)
        home = HOME[slot.base]
        folder = case / "folder"
        folder.mkdir()
        for g in home.parent.glob(f"*{home.suffix}"):
            if g.name != home.name:
                shutil.copy(g, folder / g.name)
        bad = make(kind, base, folder / home.name)
        target = folder
    else:
        bad = make(kind, base, case / f"bad{SUFFIX[slot.base]}")
        target = bad
    if bad is None:
        shutil.rmtree(case)
        return None
    r = _run(slot.argv(target, out_dir))
    r.left = sorted(str(p.relative_to(out_dir)) for p in out_dir.rglob("*"))
    with contextlib.suppress(OSError):
        bad.chmod(0o700)
    shutil.rmtree(case)
    return r


def _run(argv: list[str]) -> Result:
    """`pasyans ARGV` in this process: its exit (or what escaped it) and what it printed."""
    from pipeline.cli import main

    stdin = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        with _quiet() as (out, err):
            try:
                code: int | str = main(argv)
            except SystemExit as exc:
                code = f"SystemExit {exc.code}"
            except BaseException as exc:  # what escapes `main` is the finding
                code = f"raised {type(exc).__name__}: {exc}"[:160]
    finally:
        sys.stdin = stdin
    return Result(code, out.getvalue(), err.getvalue(), [])


def problems(r: Result, name: str, reports: bool = False) -> list[str]:
    """What the result fails of the rule: one short line naming the file, exit non-zero,
    no traceback, nothing written. A verb that `reports` on specs (validate, verify) may say
    a spec's problem in its report instead: one line naming it on stdout, exit 1 (2 for a
    file that cannot be read as text), its page written whole."""
    bad = []
    if not isinstance(r.code, int):
        bad.append(str(r.code))
    elif r.code == 0:
        bad.append("exit 0")
    lines = r.err.splitlines()
    if "Traceback" in r.err + r.out:
        bad.append("traceback")
    said = [x for x in r.out.splitlines() if name in x]
    if reports and r.code in (1, 2) and not lines and len(said) == 1:
        lines, r.left = said, []
    elif r.code != 0 and len(lines) != 1:
        bad.append(f"{len(lines)} lines on stderr")
    elif r.code != 0 and name not in r.err:
        bad.append("does not name the file")
    if lines and max(len(x) for x in lines) > 300:
        bad.append(f"a line of {max(len(x) for x in lines)} characters")
    if r.left and r.code != 0:
        bad.append(f"left {', '.join(r.left)}")
    return bad


def report(r: Result, bad: list[str], label: str, every: bool) -> tuple[int, int]:
    """Print a case that fails a check (or every case); (1, 0) accepted, (0, 1) failing."""
    counts = (0, 0)
    if r.code == 0 and bad == ["exit 0"]:
        counts, bad = (1, 0), ["accepted (exit 0)"]
    elif bad:
        counts = (0, 1)
    if bad or every:
        said = r.err or "(stdout) " + r.out
        first = said.splitlines()[0][:150] if said.strip() else ""
        print(f"{label:<34} {r.code!s:<5.60} {'; '.join(bad) or 'ok'}")
        print(f"{'':<34} {first}")
    return counts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="verbs, comma-separated")
    ap.add_argument("--all", action="store_true", help="print every case, not only failures")
    args = ap.parse_args()
    verbs = set(args.only.split(",")) if args.only else None
    with tempfile.TemporaryDirectory(prefix="cli-fuzz-") as t:
        tmp = Path(t)
        os.environ["XDG_CACHE_HOME"] = str(tmp / "cache")
        os.chdir(tmp)  # the OCR sidecars' cache and any default output land here
        bases: dict[str, bytes] = {}
        cases = failed = accepted = skipped = 0
        for slot in SLOTS:
            if verbs and slot.verb not in verbs:
                continue
            if slot.base not in bases:
                bases[slot.base] = BASES[slot.base](tmp)
            for kind in KINDS:
                r = run_case(slot, kind, bases[slot.base], tmp)
                label = f"{slot.verb} {slot.base}{' in a folder' if slot.in_dir else ''}"
                if r is None:
                    skipped += 1
                    continue
                cases += 1
                name = HOME[slot.base].name if slot.in_dir else f"bad{SUFFIX[slot.base]}"
                bad = problems(r, name, slot.reports)
                a, f = report(r, bad, f"{label} {kind}", args.all)
                accepted, failed = accepted + a, failed + f
        for o in OUTS:
            if verbs and o.verb not in verbs:
                continue
            for kind in OUT_KINDS:
                r = run_out(o, kind, tmp)
                if r is None:
                    skipped += 1
                    continue
                cases += 1
                a, f = report(r, problems(r, "target"), f"{o.verb} {o.option} {kind}", args.all)
                accepted, failed = accepted + a, failed + f
        print(
            f"{cases} cases: {cases - failed - accepted} refused as the rule says, "
            f"{accepted} accepted with exit 0, {failed} failing a check; {skipped} not made"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
