"""One exception hierarchy for everything a user can get wrong.

Every user-facing error carries where it happened (file, line, column or a key path) so the
CLI can print one precise line instead of a traceback.
"""

from __future__ import annotations

from collections.abc import Sequence

EXIT_OK = 0
EXIT_INVALID = 1  # found a difference / invalid input
EXIT_USAGE = 2  # usage or I/O error

EXCERPT_CHARS = 40  # the most of an input value a message quotes
MESSAGE_CHARS = 300  # the most of one message: a bound whatever a message interpolates


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """A value quoted for a message, cut to `limit` characters as shown: `'columns.9'`, or
    `'yyyyyyyy'… (800,000 characters)`; an escape (`\\x00` of UTF-16 read as UTF-8) counts
    as the characters it takes. Messages quote input, they never echo it."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) <= limit and (not isinstance(value, str) or len(repr(text)) <= limit + 2):
        return repr(text) if isinstance(value, str) else text
    n = min(len(text), limit)
    while n > 1 and len(repr(text[:n])) > limit + 2:
        n -= 1
    return f"{text[:n]!r}… ({len(text):,} characters)"


def clip(message: str, limit: int = MESSAGE_CHARS) -> str:
    """One line of at most about `limit` characters: the start and the end of a longer
    message (which say what is wrong) around a cut; line breaks become spaces."""
    message = " ".join(message.splitlines()) if "\n" in message else message
    if len(message) <= limit:
        return message
    head, tail = limit * 2 // 3, limit // 3
    return f"{message[:head]} … {message[-tail:]}"


PATH_CHARS = 200  # the most of a file name a message shows
_CONTROL = {c: f"\\x{c:02x}" for c in (*range(32), 127)}


def shown_path(path: object) -> str:
    """A file name for a one-line message: control characters (a newline in a name)
    escaped, a very long name cut in the middle."""
    text = str(path).translate(_CONTROL)
    if len(text) <= PATH_CHARS:
        return text
    return f"{text[: PATH_CHARS // 2]}…{text[-PATH_CHARS // 2 :]}"


class PasyansError(Exception):
    """Base of all expected, user-facing errors."""

    exit_code = EXIT_INVALID

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        key_path: Sequence[str | int] | None = None,
    ) -> None:
        message = clip(message)
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.key_path = tuple(key_path) if key_path is not None else None

    def location(self) -> str:
        parts = []
        if self.path:
            parts.append(shown_path(self.path))
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        loc = ":".join(parts)
        if self.key_path:
            loc = (
                f"{loc} ({format_key_path(self.key_path)})"
                if loc
                else format_key_path(self.key_path)
            )
        return loc

    def __str__(self) -> str:
        loc = self.location()
        return f"{loc}: {self.message}" if loc else self.message


class InputError(PasyansError):
    """Unreadable, undecodable or otherwise unusable input file (exit 2)."""

    exit_code = EXIT_USAGE


def empty_file(content: bytes | str, path: str) -> InputError:
    """The one wording of an empty input, so every verb names the same two cases."""
    what = "only white space" if content else "0 bytes"
    return InputError(f"empty file ({what})", path=path)


class DataError(PasyansError):
    """A file read as text whose content is invalid (YAML syntax, schema): exit 1."""


class UsageError(PasyansError):
    """Wrong command-line usage (exit 2)."""

    exit_code = EXIT_USAGE


class SpecError(PasyansError):
    """An invalid rule spec; `errors` may hold several located problems (exit 1)."""

    def __init__(self, message: str, *, errors: Sequence[PasyansError] = (), **where) -> None:
        super().__init__(message, **where)
        self.errors = list(errors)

    def __str__(self) -> str:
        if not self.errors:
            return super().__str__()
        return "\n".join(str(e) for e in self.errors)


class RecordError(PasyansError):
    """A corrupt, foreign or non-replaying game record or save file (exit 1)."""


class IllegalMove(PasyansError):
    """A move the rules do not allow in the current state."""


def format_key_path(key_path: Sequence[str | int]) -> str:
    out = ""
    for k in key_path:
        out += f"[{k}]" if isinstance(k, int) else (f".{k}" if out else str(k))
    return out
