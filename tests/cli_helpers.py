"""Running `pasyans` in-process for CLI tests, or in a process of its own on the same package,
the one-line-error check they share, and the stand-in streams they write to (a session's
output sink, a terminal)."""

from __future__ import annotations

import contextlib
import io
import os
import runpy
import site
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

import pipeline
from pipeline.cli import main

# the directory the `pipeline` under test was imported from: site-packages in CI (the
# installed wheel, its core compiled), a checkout or worktree under PYTHONPATH
PACKAGE_HOME = str(Path(pipeline.__file__).resolve().parent.parent)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of `pasyans ARGV…`."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def python(*argv: str) -> list[str]:
    """`python ARGV…` for a child that runs `pipeline` (`-m pipeline`, a script that imports
    it) with `same_package`'s environment. `-P`: the cwd is not put first on sys.path, where a
    checkout's `pipeline` would shadow the one under test (in CI its uncompiled sources: the
    pure engine, about ten times slower, and not what was installed)."""
    return [sys.executable, "-P", *argv]


def same_package(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """`env` (default: this process's) with `PACKAGE_HOME` first on PYTHONPATH when it is not
    a site directory, which the child finds by itself: a child started with `python` imports
    the `pipeline` this process imports."""
    out = dict(os.environ if env is None else env)
    sites = {str(Path(p).resolve()) for p in site.getsitepackages()}
    if PACKAGE_HOME not in sites:
        out["PYTHONPATH"] = os.pathsep.join(
            [PACKAGE_HOME, *([out["PYTHONPATH"]] if out.get("PYTHONPATH") else [])]
        )
    return out


def run_script(script: Path, *args: str) -> subprocess.CompletedProcess:
    """A benchmark script run as by path (`runpy`, as `__main__`) in this process: its exit
    code and what it printed. `pipeline` is imported already, so the checkout the script
    puts first on sys.path (in CI uncompiled: the pure engine) cannot shadow the package
    under test; a process of its own cost ~0.15 CPU-s a run more, to start and import it."""
    out, err = io.StringIO(), io.StringIO()
    saved_argv, saved_path = sys.argv, list(sys.path)
    argv = sys.argv = [str(script), *args]
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            runpy.run_path(str(script), run_name="__main__")
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    finally:
        sys.argv, sys.path[:] = saved_argv, saved_path
    return subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue())


def one_line(err: str) -> str:
    """The error message, asserting it is exactly one line and no traceback."""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


class Sink:
    """A play session's output, kept as one string to assert on."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> None:
        self.text += text

    def flush(self) -> None:
        pass


class Tty(io.StringIO):
    """A stream that says it is a terminal, for what only a terminal is shown (progress, colour)."""

    def isatty(self) -> bool:
        return True


def terminal_stderr(monkeypatch: pytest.MonkeyPatch) -> Tty:
    """Make stderr a terminal for the rest of the test; return it to read what was shown."""
    tty = Tty()
    monkeypatch.setattr("sys.stderr", tty)
    return tty
