"""Reading a source file: which encoding, and refusing what is not text.

Old Russian OCR dumps come as UTF-8 (with or without BOM), UTF-16 or UTF-32 with BOM, cp1251 or
KOI8-R.
The two 8-bit encodings decode any byte string, so they are told apart by which one yields
Russian-looking text (lower-case letters dominate; KOI8-R read as cp1251 and vice versa puts
capitals and symbols in the middle of words).
"""

from __future__ import annotations

import codecs
import re
import sys
from array import array
from dataclasses import dataclass

import regex

from pipeline.errors import InputError, empty_file
from pipeline.inputs import bare_wide_encoding, read_input, wide_encoding
from pipeline.text import RecodeMap

# Control characters other than tab, newline, carriage return, form feed: binary if many.
_CONTROL = regex.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_CYR_ANY = regex.compile(r"[а-яёА-ЯЁ]")
_CYR_OTHER = regex.compile(r"(?![а-яёА-ЯЁіІѣѢѳѲѵѴђЂ])\p{Script=Cyrillic}")
# The eleven most frequent letters of Russian prose: about 70 % of its letters.
_COMMON = frozenset("оеаинтсрвлк")
# Characters Russian prose does not print (what a wrong code page produces instead).
_JUNK = regex.compile(r"[^\p{Script=Cyrillic}\p{Script=Latin}\d\s.,;:!?()«»\"'„“”\-–—№\[\]/*…]")
_LETTER = regex.compile(r"\p{L}")
_ASCII = regex.compile(r"[\x00-\x7f]+")
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
    # a wrong code page only changes the bytes above ASCII: program source's own symbols
    # (`{}`, `<>`, `#`) say nothing of it
    wide = _ASCII.sub("", text)
    if len(_JUNK.findall(wide)) * 10 > len(wide):
        return 0.0
    return _common_share(cyr)


def _common_share(cyr: list[str]) -> float:
    """The share of Cyrillic letters that are among the most frequent Russian letters (0
    without any)."""
    return sum(1 for c in cyr if c.lower() in _COMMON) / len(cyr) if cyr else 0.0


def _check_text(text: str, where: str) -> None:
    sample = text[:_SAMPLE]
    if "\x00" in sample or len(_CONTROL.findall(sample)) > max(2, len(sample) // 200):
        raise InputError("binary data, not a text file", path=where)


_LONE_CR = regex.compile(r"\r(?!\n)")
# Capitals Р and С followed by what the second byte of a UTF-8 Cyrillic letter reads as in
# windows-1251 (`РџР°СЃ…` for `Пас…`): a UTF-8 page read in the wrong code page and saved again.
_UTF8_AS_1251 = regex.compile(
    r"[РС][\u0080-\u00bf\u0401-\u040f\u0451-\u045f\u0490\u0491\u2010-\u203a\u2116\u2122]"
)
# Letters of windows-1252 where cp1251 has Cyrillic ones (`Ïàñüÿíñ` for `Пасьянс`).
_1251_AS_1252 = regex.compile(r"[\u00c0-\u00ff]")
_1251_RUN = regex.compile(r"[\u00c0-\u00ff]{3,}")


def _mojibake_bytes(text: str) -> bytes | None:
    """The bytes a UTF-8 text read as windows-1251 came from (U+0098, which that code page
    leaves undefined, as browsers read byte 0x98), or None."""
    out = bytearray()
    for c in text:
        if c == "\x98":
            out.append(0x98)
            continue
        try:
            out += c.encode("cp1251")
        except UnicodeEncodeError:
            return None
    return bytes(out)


_UTF8_LEAD = re.compile(rb"[^\x80-\xbf]")


def _utf8_starts(raw: bytes, fixed: str) -> array:
    """Where each character of `raw` decoded as UTF-8 (bad sequences as U+FFFD) begins in
    `raw`, and `len(raw)`: the bytes are the file's characters one for one."""
    if "\ufffd" not in fixed:  # valid UTF-8: a character begins at each byte no continuation
        starts = array("i", (m.start() for m in _UTF8_LEAD.finditer(raw)))
        starts.append(len(raw))
        return starts
    starts = array("i")
    pos = 0  # where the sequence being decoded begins
    dec = codecs.getincrementaldecoder("utf-8")("replace")
    for i in range(len(raw)):
        got = dec.decode(raw[i : i + 1])
        # a bad sequence's U+FFFD and the character after it come out together
        starts.extend([pos] + [i] * (len(got) - 1) if got else [])
        pos = i + 1 if got else pos
    starts.extend([pos] * len(dec.decode(b"", final=True)))
    starts.append(len(raw))
    if len(starts) != len(fixed) + 1:  # never: the same decoder on the same bytes
        raise AssertionError("recode map out of step with its text")
    return starts


def _repaired(text: str, enc: str) -> tuple[str, str, RecodeMap | None]:
    """The text a mis-decoded page was, where it still decodes as something else: UTF-8
    read as windows-1251 (`РџР°СЃСЊСЏРЅСЃ`), or cp1251 read as windows-1252 or Latin-1
    (`Ïàñüÿíñ`). Repaired only when the pattern is frequent (ten times, or a third of the
    Cyrillic letters of a short text; most Latin-1 letters in whole words) and the repair
    decodes cleanly and reads as Russian; else the text as it is. With it, the map of a
    repair that joins characters back to the text given (a windows-1252 repair is one
    character for one: None)."""
    sample = text[:_SAMPLE]
    cyr = len(_CYR_ANY.findall(sample))
    # a Russian text in cp1251 bytes is no UTF-8 (a letter's byte is never a continuation
    # byte), so a repair that decodes cleanly is one; other scripts' mojibake (a page in
    # thirteen languages) may outnumber the Russian letters' pattern
    if cyr and len(_UTF8_AS_1251.findall(sample)) >= min(10, cyr // 3 + 1):
        head = _mojibake_bytes(sample)  # a cheap test first: a large file is long to redo
        clean = head is not None and head.decode("utf-8", "replace").count("\ufffd") < 4
        raw = _mojibake_bytes(text) if clean else None
        if raw is not None:
            fixed = raw.decode("utf-8", errors="replace")
            # other scripts of a page in many languages are no junk here: the Russian letters
            # alone must read as Russian
            if (
                fixed.count("\ufffd") * 200 < len(fixed)
                and _common_share(_CYR_ANY.findall(fixed)) >= 0.45
            ):
                enc = f"{enc} (UTF-8 read as windows-1251, repaired)"
                return fixed, enc, RecodeMap(_utf8_starts(raw, fixed))
    latin = len(_1251_AS_1252.findall(sample))
    # whole words of such letters, not a French or German text's accented letters
    runs = sum(len(m) for m in _1251_RUN.findall(sample))
    if latin > 20 and latin > 10 * cyr and 5 * runs > 4 * latin:
        for page in ("cp1252", "latin-1"):
            try:
                fixed = text.encode(page).decode("cp1251")
            except (UnicodeEncodeError, UnicodeDecodeError):
                continue
            if _russian_score(fixed) >= 0.45:
                return fixed, f"{enc} (cp1251 read as {page}, repaired)", None
    return text, enc, None


@dataclass(frozen=True)
class Decoded:
    """A file's text, and the characters of the file behind it.

    A character of the file is a character of its bytes decoded in the file's own encoding
    (`file_text`; a BOM is none), as an editor opened in that encoding shows them. A
    repaired text (`РџР°СЃ…` made `Пас…`) is not the file's: `recode` takes its spans back
    to `file_text`'s (None: `text` is `file_text`, character for character)."""

    text: str
    encoding: str
    file_text: str
    recode: RecodeMap | None = None


def decode_bytes(data: bytes, where: str = "-") -> tuple[str, str]:
    """(text, encoding name) of `data`, or `InputError` for empty, binary or undecodable input."""
    got = decode_file(data, where)
    return got.text, got.encoding


def decode_file(data: bytes, where: str = "-") -> Decoded:
    """`data` decoded and repaired, with the file's own characters (`Decoded`)."""
    if not data:
        raise empty_file(data, where)
    if data.startswith(codecs.BOM_UTF8):
        enc, body = "utf-8-sig", data[len(codecs.BOM_UTF8) :]
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as err:
            raise InputError(f"invalid UTF-8 at byte {err.start + 3}", path=where) from None
    elif (wide := wide_encoding(data)) is not None:
        enc = wide.lower()
        try:
            text = data.decode(enc)
        except UnicodeDecodeError as err:
            raise InputError(f"invalid {wide} at byte {err.start}", path=where) from None
    elif (bare := bare_wide_encoding(data)) is not None:  # UTF-16 saved without its mark
        enc = bare[0]
        try:
            text = data.decode(enc)
        except UnicodeDecodeError as err:
            raise InputError(
                f"invalid {bare[1]} (without a byte-order mark) at byte {err.start}", path=where
            ) from None
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
    file_text = text
    text, enc, recode = _repaired(text, enc)
    # classic Mac line ends (CR alone) are line ends: the same length, so offsets hold
    text = _LONE_CR.sub("\n", text)
    _check_text(text, where)
    if not text.strip():
        raise empty_file(text, where)
    if not _LETTER.search(text[:_SAMPLE]) and not _LETTER.search(text):
        raise InputError("no letters: not a text file", path=where)
    return Decoded(text, enc, file_text if recode else text, recode)


def read_source(path_or_dash: str) -> tuple[str, str]:
    """(text, encoding name) of a file, or of standard input for "-" (`read_file`)."""
    got = read_file(path_or_dash)
    return got.text, got.encoding


def read_file(path_or_dash: str) -> Decoded:
    """A file, or standard input for "-", decoded (`Decoded`).

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
    return decode_file(data, where)
