"""Reading sources: encodings detected, bad input refused with one clear line."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from pipeline.errors import InputError
from pipeline.normalize import decode_bytes, read_source

TEXT = "Двѣ полныхъ колоды картъ. Пасьянсъ не раскладывается вторично.\n"
MODERN = "Две полных колоды карт. Пасьянс не раскладывается вторично.\n"


@pytest.mark.parametrize(
    ("data", "enc"),
    [
        (TEXT.encode("utf-8"), "utf-8"),
        (codecs.BOM_UTF8 + TEXT.encode("utf-8"), "utf-8-sig"),
        (TEXT.encode("utf-16"), "utf-16"),
        (codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), "utf-16"),
        (MODERN.encode("cp1251"), "cp1251"),
        (MODERN.encode("koi8-r"), "koi8-r"),
    ],
)
def test_encodings(data: bytes, enc: str) -> None:
    text, got = decode_bytes(data, "x.txt")
    assert got == enc
    assert text in (TEXT, MODERN)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty file (0 bytes)"),
        (b"  \n\n", "empty file (only white space)"),
        (bytes(range(256)) * 4, "binary data"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary data"),
        ("Ω≈ç√∫".encode("mac_roman") * 20, "unknown encoding"),
    ],
)
def test_bad_bytes_refused(data: bytes, message: str) -> None:
    with pytest.raises(InputError) as err:
        decode_bytes(data, "bad.txt")
    assert message in str(err.value)
    assert str(err.value).startswith("bad.txt: ")
    assert err.value.exit_code == 2
    assert "\n" not in str(err.value)


def test_missing_path_and_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        read_source(str(tmp_path / "nope.txt"))
    with pytest.raises(InputError, match="is a directory"):
        read_source(str(tmp_path))


def test_reads_file(tmp_path: Path) -> None:
    p = tmp_path / "a.txt"
    p.write_bytes(MODERN.encode("cp1251"))
    assert read_source(str(p)) == (MODERN, "cp1251")


@pytest.mark.parametrize(
    "text", ["Игра.", "ДВЕ ПОЛНЫХ КОЛОДЫ КАРТ.", "БЛОКАДА", "I. Правила. 12 34 56 78"]
)
@pytest.mark.parametrize("enc", ["cp1251", "koi8-r"])
def test_short_and_upper_case_texts_in_8bit_pages(text: str, enc: str) -> None:
    # KOI8-R and cp1251 swap letter case, so case cannot tell them apart: letter frequency does
    assert decode_bytes(text.encode(enc), "x.txt") == (text, enc)


def test_mostly_utf8_with_a_broken_byte_is_refused_with_its_position() -> None:
    data = ("Игра идет дальше. " * 100).encode() + b"\xff" + "Игра.".encode()
    with pytest.raises(InputError, match=r"invalid UTF-8 at byte 3200 "):
        decode_bytes(data, "x.txt")


def test_input_over_the_size_limit_is_refused(tmp_path: Path, monkeypatch) -> None:
    import pipeline.normalize.decoding as dec

    monkeypatch.setattr(dec, "MAX_INPUT_BYTES", 100)
    p = tmp_path / "big.txt"
    p.write_text("Игра. " * 50, encoding="utf-8")
    with pytest.raises(InputError, match=r"too large: more than 100 bytes"):
        read_source(str(p))
