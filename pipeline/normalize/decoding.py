"""Reading a source file: which encoding, and refusing what is not text.

Old Russian OCR dumps come as UTF-8 (with or without BOM), UTF-16 with BOM, cp1251 or KOI8-R.
The two 8-bit encodings decode any byte string, so they are told apart by which one yields
Russian-looking text (lower-case letters dominate; KOI8-R read as cp1251 and vice versa puts
capitals and symbols in the middle of words).
"""

from __future__ import annotations

import codecs
import sys

import regex

from pipeline.errors import InputError
from pipeline.inputs import read_input

# Control characters other than tab, newline, carriage return, form feed: binary if many.
_CONTROL = regex.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_CYR_ANY = regex.compile(r"[а-яёА-ЯЁ]")
_CYR_OTHER = regex.compile(r"(?![а-яёА-ЯЁіІѣѢѳѲѵѴђЂ])\p{Script=Cyrillic}")
# The eleven most frequent letters of Russian prose: about 70 % of its letters.
_COMMON = frozenset("оеаинтсрвлк")
# Characters Russian prose does not print (what a wrong code page produces instead).
_JUNK = regex.compile(r"[^\p{Script=Cyrillic}\p{Script=Latin}\d\s.,;:!?()«»\"'„“”\-–—№\[\]/*…]")
_LETTER = regex.compile(r"\p{L}")
_SPACE = regex.compile(r"\s")
MAX_INPUT_BYTES = 100_000_000
"""Larger inputs are refused: their text alone would not fit the memory budget (50 MB is
handled, block by block)."""
# Sample size for statistics: enough to decide, small enough to stay fast on 50 MB.
_SAMPLE = 1 << 16


def _russian_score(text: str) -> float:
    """How much `text` reads as Russian: the share of its Cyrillic letters that are among
    the most frequent Russian letters (a wrong code page scrambles which letters they are;
    case is no help, as KOI8-R and cp1251 swap it); 0 when symbols that prose does not use
    (box drawing, accents, currency...) make up more than a tenth of it."""
    cyr = _CYR_ANY.findall(text)
    if not cyr:
        return 0.0
    # letters of other Cyrillic alphabets (Ѕ, Ќ, є...) beyond the odd OCR ђ: a wrong page
    if len(_CYR_OTHER.findall(text)) * 10 > len(cyr):
        return 0.0
    visible = len(text) - len(_SPACE.findall(text))
    if len(_JUNK.findall(text)) * 10 > visible:
        return 0.0
    common = sum(1 for c in cyr if c.lower() in _COMMON)
    return common / len(cyr)


def _check_text(text: str, where: str) -> None:
    sample = text[:_SAMPLE]
    if "\x00" in sample or len(_CONTROL.findall(sample)) > max(2, len(sample) // 200):
        raise InputError("binary data, not a text file", path=where)


def decode_bytes(data: bytes, where: str = "-") -> tuple[str, str]:
    """(text, encoding name) of `data`, or `InputError` for empty, binary or undecodable input."""
    if not data:
        raise InputError("empty file", path=where)
    if data.startswith(codecs.BOM_UTF8):
        enc, body = "utf-8-sig", data[len(codecs.BOM_UTF8) :]
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as err:
            raise InputError(f"invalid UTF-8 at byte {err.start + 3}", path=where) from None
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        enc = "utf-16"
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as err:
            raise InputError(f"invalid UTF-16 at byte {err.start}", path=where) from None
    else:
        head = data[:_SAMPLE]
        if b"\x00" in head:
            raise InputError("binary data, not a text file", path=where)
        try:
            text = data.decode("utf-8")
            enc = "utf-8"
        except UnicodeDecodeError as err:
            if len(_CONTROL.findall(head.decode("latin-1"))) > max(2, len(head) // 200):
                raise InputError("binary data, not a text file", path=where) from None
            lenient = data.decode("utf-8", errors="replace")
            bad = lenient.count("\ufffd")
            if bad * 100 < len(lenient) - len(lenient.encode("ascii", "ignore")):
                # UTF-8 with a few broken bytes: say where, rather than guess a code page
                raise InputError(
                    f"invalid UTF-8 at byte {err.start} ({bad} bad sequence(s))", path=where
                ) from None
            # Not UTF-8: an 8-bit Cyrillic code page, if it reads as Russian.
            best = None
            for cand in ("cp1251", "koi8-r"):
                try:
                    sample = head.decode(cand)
                except UnicodeDecodeError:
                    continue
                score = _russian_score(sample)
                if best is None or score > best[0]:
                    best = (score, cand)
            if best is None or best[0] < 0.45:
                raise InputError(
                    "unknown encoding (not UTF-8, UTF-16, cp1251 or KOI8-R text)", path=where
                ) from None
            enc = best[1]
            try:
                text = data.decode(enc)
            except UnicodeDecodeError:
                raise InputError(f"undecodable as {enc}", path=where) from None
    _check_text(text, where)
    if not text.strip():
        raise InputError("empty file (only white space)", path=where)
    if not _LETTER.search(text[:_SAMPLE]) and not _LETTER.search(text):
        raise InputError("no letters: not a text file", path=where)
    return text, enc


def read_source(path_or_dash: str) -> tuple[str, str]:
    """(text, encoding name) of a file, or of standard input for "-".

    Raises `InputError` (exit 2) naming the file for a missing path, a directory, an empty,
    binary or undecodable file.
    """
    where = "<stdin>" if path_or_dash == "-" else str(path_or_dash)
    too_large = f"too large: more than {MAX_INPUT_BYTES:,} bytes"
    if path_or_dash == "-":
        data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
    else:
        data = read_input(path_or_dash, MAX_INPUT_BYTES, "file")
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(too_large, path=where)
    return decode_bytes(data, where)
