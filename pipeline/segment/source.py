"""Reading one input file for ingest, with every bad case turned into a one-line error.

Decoding is the normalizer's job (`pipeline.normalize.read_source`). Ingest adds two limits
of its own, checked before any work: a file larger than `MAX_BYTES`, or with a line longer
than `MAX_LINE` characters, is not a scanned book text of paragraphs and is refused rather
than processed for minutes.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from pipeline.errors import InputError, empty_file
from pipeline.inputs import read_input
from pipeline.text import RecodeMap

MAX_BYTES = 32 * 1024 * 1024  # a whole scanned book is a few MB at most
MAX_LINE = 200_000  # characters; the longest paragraph of a book is a few thousand
MIN_CYRILLIC = 0.5  # share of the letters; OCR'd Russian pages hold 99 %, Cadogan's English 0 %

_NOT_CYRILLIC = re.compile(r"[^\u0400-\u052f\u1c80-\u1c8f\ua640-\ua69f]")
_NOT_LETTER = re.compile(r"[\W\d_]")


_MARKUP = re.compile(r"<!--.*?-->|<[^>\n]*>|\S*[/@]\S*", re.DOTALL)


def cyrillic_share(text: str) -> float:
    """The share of the letters that are Cyrillic (0 for a text without letters); markup,
    links, paths and addresses (a help file, a saved web page) are not counted as words."""
    if "<" in text or "/" in text or "@" in text:  # else nothing for `_MARKUP` to match
        text = _MARKUP.sub(" ", text)
    letters = len(_NOT_LETTER.sub("", text))
    return len(_NOT_CYRILLIC.sub("", text)) / letters if letters else 0.0


# Ukrainian spelling that Russian, old or new, never has: ї, є, ґ, and і before a consonant
# (pre-reform Russian writes і only before a vowel or й: `исторія`, `синій`; `міръ` aside).
_UKRAINIAN = re.compile(r"[їєґ]|і(?=[бвгджзклмнпрстфхцчшщ])")
_WORD = re.compile(r"[а-яёіїєґѣѳѵ']+")
MAX_UKRAINIAN = 0.08  # share of the words; a Ukrainian page holds about 25 %, Russian ones 0.1 %
MIN_UKRAINIAN_WORDS = 5


def ukrainian_words(text: str) -> tuple[int, int]:
    """(words spelt as Ukrainian spells, Cyrillic words) of a text."""
    words = _WORD.findall(text.lower())
    return sum(1 for w in words if _UKRAINIAN.search(w)), len(words)


# a word of pre-reform Russian: ѣ, or a hard sign closing it after a consonant (`картъ`),
# which Ukrainian spelling never has
_OLD_RUSSIAN = re.compile(r"ѣ|[бвгджзклмнпрстфхцчшщ]ъ$")


def is_ukrainian(text: str) -> bool:
    """Whether a Cyrillic text is Ukrainian rather than Russian: enough of its words are
    spelt as only Ukrainian spells (`Кількість`, `Дозволяється`, `її`), and fewer than as
    many as that as only pre-reform Russian spells (`картъ`, `мѣсто`): Latin words a
    Cyrillic OCR model read in look-alike letters (`сопіаіп` for `contain`) on a scan of an
    old Russian page are no Ukrainian."""
    uk, n = ukrainian_words(text)
    if uk < MIN_UKRAINIAN_WORDS or uk <= MAX_UKRAINIAN * n:
        return False
    old = sum(1 for w in _WORD.findall(text.lower()) if _OLD_RUSSIAN.search(w))
    return old < MIN_UKRAINIAN_WORDS


def _read_utf8(path: Path) -> str:
    data = read_input(path, MAX_BYTES, "text file")
    if not data.strip():
        raise empty_file(data, str(path))
    if b"\x00" in data:
        raise InputError("binary file (contains NUL bytes)", path=str(path))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(
            f"unknown encoding: not valid UTF-8 (byte {err.start})", path=str(path)
        ) from err


def read_text(path: Path) -> str:
    """The decoded text of `path`, or an `InputError` naming the file and the problem."""
    return read_decoded(path)[1]


def read_decoded(path: Path) -> tuple[str, str, RecodeMap | None]:
    """(the file's own characters, its text, the map from the text back to them: None when
    they are one) of `path` (`pipeline.normalize.decoding.Decoded`: a repaired page's text
    is not its file's), or an `InputError` naming the file and the problem."""
    name = str(path)
    try:
        st = path.stat()
    except FileNotFoundError:
        raise InputError("no such file", path=name) from None
    except OSError as err:
        raise InputError(f"cannot read: {err.strerror}", path=name) from None
    if path.is_dir():
        raise InputError("is a directory, not a text file", path=name)
    if st.st_size > MAX_BYTES:
        raise InputError(f"too large for ingest: {st.st_size} bytes (limit {MAX_BYTES})", path=name)
    try:
        from pipeline.normalize.decoding import read_file
    except ImportError:
        read_file = None  # type: ignore[assignment]  # plain UTF-8 then
    recode = None
    try:
        if read_file is not None:
            got = read_file(os.fspath(path))
            text, file_text, recode = got.text, got.file_text, got.recode
        else:
            text = file_text = _read_utf8(path)
    except InputError as err:
        if not err.path:
            err.path = name
        raise
    except (OSError, ValueError) as err:
        raise InputError(f"cannot read: {err}", path=name) from None
    if not text.strip():
        raise empty_file(text, name)
    longest = max((len(x) for x in text.split("\n")), default=0)
    if longest > MAX_LINE:
        raise InputError(
            f"a line of {longest} characters: not a text of paragraphs (limit {MAX_LINE})",
            path=name,
        )
    return file_text, text, recode
