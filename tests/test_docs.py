"""The shell examples of README.md and docs/cli.md run and print what the pages show.

The convention, stated in both pages: a ```console block holds `$ COMMAND` lines, each
followed by what it prints (standard output and error, interleaved as on a terminal); a line
that is only `…` stands for any number of lines, and `…` inside a line for any characters.
The commands of one page run in order with bash, in one scratch directory holding a copy of
`corpus/` and `rules/` (so examples may write files, and later ones read them), with an empty
HOME and results cache; `pasyans` is the one installed beside the interpreter running the
tests. The grammar stage's derivations (`pipeline.extract.diskcache`: Lark's reading of the
grammar, the inflected vocabulary), named by a hash of everything they come from, are the test
process's own: a page's first extraction finds them made, as a user's second one does, and
every test of the grammar stage after it too. A ```sh block is never run: it holds commands
too slow for the test suite, and states their measured time.

A command that is `pasyans` with plain words only (no pipe, redirection, glob, quote or `;`)
runs in the test's own process, through the console script's `main`, with the same working
directory, environment, empty standard input and one stream for its output and errors: a
`pasyans` process spends 0.08 CPU-s starting and importing before it does anything, most of
what the page's short commands cost. The others run in bash, and with them the installed
`pasyans` program itself (benchmarks/RESULTS.md, "CI within three minutes: fourteenth
round").
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from pipeline.extract.diskcache import cache_root

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["README.md", "docs/cli.md"]
ELLIPSIS = "…"


@dataclass
class Example:
    """One `$ command` of a console block and the output shown under it."""

    page: str
    line: int  # 1-based line of the command in the page
    command: str
    shown: list[str]


def fences(text: str) -> list[tuple[str, int, list[str]]]:
    """Every fenced block of a Markdown text: (info string, line of its first body line,
    body lines)."""
    blocks: list[tuple[str, int, list[str]]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"^(`{3,})(.*)$", lines[i])
        if not m:
            i += 1
            continue
        fence, info = m.group(1), m.group(2).strip()
        body: list[str] = []
        j = i + 1
        while j < len(lines) and not lines[j].startswith(fence):
            body.append(lines[j])
            j += 1
        blocks.append((info, i + 2, body))
        i = j + 1
    return blocks


def examples(page: str, text: str) -> list[Example]:
    """The commands of the page's console blocks, in page order, with their shown output."""
    found: list[Example] = []
    for info, first, body in fences(text):
        if info != "console":
            continue
        for k, line in enumerate(body):
            if line.startswith("$ "):
                found.append(Example(page, first + k, line[2:], []))
            elif found and found[-1].line >= first:
                found[-1].shown.append(line)
            else:
                raise AssertionError(f"{page}:{first + k}: console output before any `$ ` line")
    return found


def pattern(shown: list[str]) -> re.Pattern[str]:
    """The shown output as a pattern: a line `…` matches any lines, `…` in a line any text."""
    parts: list[str] = []
    for line in _trimmed(shown):
        if line.strip() == ELLIPSIS:
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(p) for p in line.split(ELLIPSIS)) + r"\n")
    return re.compile("".join(parts))


def _trimmed(lines: list[str]) -> list[str]:
    out = [line.rstrip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return out


def matches(shown: list[str], printed: str) -> bool:
    """Whether the printed output is what the page shows (trailing spaces and blank lines at
    the end aside)."""
    text = "".join(line + "\n" for line in _trimmed(printed.splitlines()))
    return pattern(shown).fullmatch(text) is not None


def page_text(page: str) -> str:
    return (ROOT / page).read_text(encoding="utf-8")


@pytest.mark.heavy
@pytest.mark.parametrize("page", PAGES)
def test_every_console_example_prints_what_the_page_shows(page: str, tmp_path: Path) -> None:
    found = examples(page, page_text(page))
    assert len(found) >= 5, f"{page}: only {len(found)} console examples found"
    work = tmp_path / "work"
    work.mkdir()
    for sub in ("corpus", "rules"):
        shutil.copytree(ROOT / sub, work / sub, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "home").mkdir()
    derived = cache_root()
    if derived is not None:
        with contextlib.suppress(OSError):  # no usable cache here: each page derives its own
            derived.mkdir(parents=True, exist_ok=True)
            (tmp_path / "cache" / "pasyans").mkdir(parents=True)
            (tmp_path / "cache" / "pasyans" / "derived").symlink_to(derived, True)
    env = {
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(tmp_path / "home"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "LANG": "C.UTF-8",
        "PYTHONUNBUFFERED": "1",  # stdout and stderr interleaved as on a terminal
    }
    if os.environ.get("PYTHONPATH"):
        # the code under test where it is put first on the path (a worktree beside the
        # installed checkout), not the installed one
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    failures = []
    in_process = 0
    for ex in found:
        argv = plain_pasyans(ex.command)
        if argv is not None:
            printed = run_in_process(argv, work, env)
            in_process += 1
        else:
            printed = subprocess.run(
                ["bash", "-c", ex.command],
                cwd=work,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                encoding="utf-8",
                timeout=300,
            ).stdout
        if not matches(ex.shown, printed):
            failures.append(
                f"{ex.page}:{ex.line}: $ {ex.command}\n--- shown\n"
                + "\n".join(_trimmed(ex.shown))
                + "\n--- printed\n"
                + printed
            )
    assert not failures, "\n\n".join(failures)
    assert in_process < len(found)  # the installed program itself runs too


_PLAIN = re.compile(r"pasyans( [\w./=:,+-]+)*")


def plain_pasyans(command: str) -> list[str] | None:
    """The arguments of a `pasyans` command with plain words only, which runs alike in this
    process; None for one that needs the shell."""
    return command.split()[1:] if _PLAIN.fullmatch(command) else None


def run_in_process(argv: list[str], cwd: Path, env: dict[str, str]) -> str:
    """What `pasyans ARGV` prints (standard output and error, as they are written), run as the
    console script runs it, in `cwd` with exactly the environment `env`; as in bash, its exit
    code is not asked (the page shows it with `; echo "exit $?"`, a shell's line)."""
    from pipeline.cli import main

    out = io.BytesIO()
    streams = [io.TextIOWrapper(out, encoding="utf-8", write_through=True) for _ in range(2)]
    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    saved = sys.stdin, sys.stdout, sys.stderr
    try:
        os.environ.clear()
        os.environ.update(env)
        os.chdir(cwd)
        with open(os.devnull, encoding="utf-8") as stdin:
            sys.stdin, (sys.stdout, sys.stderr) = stdin, streams
            with contextlib.suppress(SystemExit):  # argparse's own (`--version`, a usage error)
                main(argv)
            for stream in streams:
                stream.detach()  # flushed; `out` stays open
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
    return out.getvalue().decode("utf-8")


def test_only_console_blocks_are_examples() -> None:
    page = "text\n```console\n$ pasyans a\none\n\n$ pasyans b\n```\n```sh\npasyans c  # 9 s\n```\n"
    found = examples("page.md", page)
    assert [(e.line, e.command, e.shown) for e in found] == [
        (3, "pasyans a", ["one", ""]),
        (6, "pasyans b", []),
    ]


def test_the_pattern_elides_lines_and_parts_of_lines() -> None:
    printed = "a\nb\nc\nwon in 0.31 s\n"
    assert matches(["a", "…", "won in … s"], printed)
    assert matches(["a", "b", "c", "won in 0.31 s", ""], printed + "\n")
    assert not matches(["a", "c", "…"], printed)
    assert not matches(["a", "…", "lost in … s"], printed)
    assert not matches(["a", "b"], printed)


def test_slow_examples_state_their_time() -> None:
    """Each `pasyans` command of an `sh` block says how long it took: in its own comment, or in
    a comment line of its block."""
    timed = re.compile(r"\d\s*(s|min|minutes|hours)\b")
    for page in PAGES:
        for info, first, body in fences(page_text(page)):
            if info != "sh":
                continue
            block_says = any(timed.search(b) for b in body if b.lstrip().startswith("#"))
            for k, line in enumerate(body):
                command, _, comment = line.partition("#")
                if re.search(r"\bpasyans ", command):
                    assert block_says or timed.search(comment), f"{page}:{first + k}: no time"


def test_the_readme_test_command_is_what_ci_runs() -> None:
    readme = page_text("README.md")
    (command,) = {line for line in readme.splitlines() if "pytest -q" in line and "pip" in line}
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command.strip() in [line.strip() for line in ci]


def test_the_readme_is_short_and_has_no_engineering_log() -> None:
    readme = page_text("README.md")
    assert len(readme.splitlines()) <= 250
    hashes = [
        h
        for h in re.findall(r"(?<![\w/.-])[0-9a-f]{7,40}(?![\w-])", readme)
        if re.search(r"[a-f]", h) and re.search(r"\d", h)
    ]
    assert not hashes, f"commit hashes in README.md: {hashes}"


def anchors(text: str) -> set[str]:
    """The anchors a Markdown renderer gives the page's headings (GitHub's rule: lower case,
    punctuation dropped, spaces made hyphens)."""
    found = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower().replace("`", "")).replace(" ", "-")
        found.add(slug)
    return found


# a verb being built in another branch, whose section comes with it
PENDING = {"docs/cli.md#pasyans-ocr"}


@pytest.mark.parametrize(
    "page", [*PAGES, "docs/architecture.md", "docs/glossary.md", "benchmarks/RESULTS.md"]
)
def test_relative_links_lead_to_files_and_headings(page: str) -> None:
    base = (ROOT / page).parent
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", page_text(page)):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        path = (base / file).resolve() if file else ROOT / page
        if ROOT not in path.parents:
            continue  # beside the repository (the project's shared folder)
        if not path.exists():
            broken.append(target)
        elif anchor and path.suffix == ".md":
            name = path.relative_to(ROOT).as_posix()
            if f"{name}#{anchor}" not in PENDING and anchor not in anchors(path.read_text()):
                broken.append(target)
    assert not broken, f"{page}: broken links: {broken}"
