"""Spans of a mis-decoded page (issue 18 §2): a page saved with the wrong code page
(`РџР°СЃСЊСЏРЅСЃ`) is repaired before it is read, and a sentence's or a citation's raw span
must still point at the file's own characters (`decoding.Decoded`: a character of the file
is one of its text decoded in its own encoding, as an editor shows it), so that the quoted
span read back from the file, and repaired, is the quote."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import yaml

from pipeline.normalize.decoding import decode_file
from pipeline.text import PieceMap, RecodeMap, chained

RULES = (
    "Пасьянс «Часы»\n\n"
    "Пасьянс раскладывают одной колодой в 52 карты. Карты сдают в семь столбцов, "
    "в первый одну карту, во второй две и так до седьмого. Тузы кладут на основания и "
    "собирают на них карты по мастям до короля. В столбцах карты кладут в нисходящем "
    "порядке, чередуя цвета. На пустое место кладут только короля.\n"
)


def utf8_as_1251(text: str) -> str:
    """UTF-8 bytes read as windows-1251 (0x98 as U+0098, as browsers read it)."""
    return "".join(
        chr(b) if b == 0x98 else bytes([b]).decode("cp1251") for b in text.encode("utf-8")
    )


def repair(mojibake: str) -> str:
    return bytes(0x98 if c == "\x98" else c.encode("cp1251")[0] for c in mojibake).decode()


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


def test_recode_map_takes_each_repaired_character_to_its_file_characters() -> None:
    got = decode_file(utf8_as_1251(RULES).encode("utf-8"))
    assert got.text == RULES and got.recode is not None
    assert got.file_text.startswith("РџР°СЃСЊСЏРЅСЃ В«Р§Р°СЃС‹В»")
    for quote in ("Часы", "в 52 карты", "по мастям", "«", "короля.\n"):
        i = got.text.index(quote)
        a, b = got.recode.to_given(i, i + len(quote))
        assert repair(got.file_text[a:b]) == quote
        assert got.recode.from_given(a, b) == (i, i + len(quote))


def test_recode_map_of_broken_bytes_stays_in_step() -> None:
    from pipeline.normalize.decoding import _utf8_starts

    raw = b"ab\xd0c\xd0\x9f\xff"
    assert list(_utf8_starts(raw, raw.decode("utf-8", "replace"))) == [0, 1, 2, 3, 4, 6, 7]


def test_text_read_as_it_is_has_no_recode_map() -> None:
    plain = RULES.replace("«", '"').replace("»", '"')  # KOI8-R has no guillemets
    for data in (plain.encode("utf-8"), plain.encode("cp1251"), plain.encode("koi8-r")):
        got = decode_file(data)
        assert got.recode is None and got.file_text == got.text == plain
    # cp1251 read as windows-1252: one character for one, offsets hold
    got = decode_file(RULES.encode("cp1251").decode("cp1252").encode("utf-8"))
    assert got.text == RULES and got.recode is None


def test_chained_map_goes_through_both() -> None:
    recode = RecodeMap(__import__("array").array("i", [0, 2, 4, 5, 7]))
    pieces = PieceMap([(0, 2, 2), (2, 2, 0)], 4)  # "cdab" read from "abcd"
    chain = chained(pieces, recode)
    assert chain is not None
    assert chain.to_given(0, 2) == (4, 7)  # "cd" of the text read: the file's 4..7
    assert chain.from_given(4, 7) == (0, 2)
    assert chained(None, recode) is recode and chained(pieces, None) is pieces


def _ingested(tmp: str, text: str) -> tuple[Path, list[dict], dict[str, str]]:
    from pipeline.ingest import build, extract

    path = Path(tmp) / "chasy.txt"
    path.write_text(text, encoding="utf-8")
    result = build([path])
    return path, result.games, extract(result).files


def test_sentence_and_citation_spans_of_a_mojibake_page_are_the_files() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path, games, specs = _ingested(tmp, utf8_as_1251(RULES))
        file_text = path.read_text(encoding="utf-8")  # the file as the user has it
        sentences = [s for sec in games[0]["sections"] for s in sec["sentences"]]
        assert len(sentences) >= 5
        for s in sentences:
            (sp,) = s["spans"]
            assert words(repair(file_text[sp["start"] : sp["end"]])) == words(s["text"])
        quotes = 0
        for spec in specs.values():
            for entry in yaml.safe_load(spec)["provenance"].values():
                for sp in entry.get("spans", []):
                    got = repair(file_text[sp["start"] : sp["end"]])
                    assert words(got) == words(entry["quote"]), entry
                    quotes += 1
        assert quotes >= 5


def test_normalize_json_spans_of_a_mojibake_page_are_the_files(capsys) -> None:
    import argparse
    import json

    from pipeline.commands.normalize import run

    text = "Пасьянс раскладывают одной колодою въ 52 карты. Тузы кладутъ на основанія.\n"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "page.txt"
        path.write_text(utf8_as_1251(text), encoding="utf-8")
        run(argparse.Namespace(path=str(path), format="json", modern=False))
        data = json.loads(capsys.readouterr().out)
        file_text = path.read_text(encoding="utf-8")
    assert "repaired" in data["encoding"]
    assert data["changes"]
    for c in data["changes"]:
        assert repair(file_text[c["start"] : c["end"]]) == c["orig"]
