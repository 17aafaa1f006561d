"""Running `pasyans` in-process for CLI tests, the one-line-error check they share, and the
stand-in streams they write to (a session's output sink, a terminal)."""

from __future__ import annotations

import io

import pytest

from pipeline.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of `pasyans ARGV…`."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


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
