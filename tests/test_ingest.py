"""`pasyans ingest` and `pasyans games` through the CLI: output, idempotence, bad input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from pipeline.cli import main
from pipeline.segment.source import MAX_BYTES, MAX_LINE
from pipeline.spec import load_spec

ROOT = Path(__file__).resolve().parent.parent
RAW = ROOT / "corpus" / "raw"
S000, S001 = "000_81fd826a98ac014e", "001_ccb94fea4f93d4a7"


@pytest.fixture
def corpus(tmp_path, monkeypatch) -> Path:
    """A working directory holding a copy of corpus/raw (ingest's default input)."""
    shutil.copytree(RAW, tmp_path / "corpus" / "raw")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def ingested(tmp_path, monkeypatch) -> Path:
    """A working directory whose corpus/games/ holds the committed ingest output, byte for
    byte what `pasyans ingest` writes (test_committed_corpus_games_are_current): for the
    tests that only read the games, so each does not ingest the corpus again."""
    shutil.copytree(ROOT / "corpus" / "games", tmp_path / "corpus" / "games")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def snapshot(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir()) if p.is_file()}


def test_ingest_writes_one_file_per_game_and_a_summary(corpus, capsys) -> None:
    assert main(["ingest"]) == 0
    out = capsys.readouterr().out
    files = sorted(p.name for p in (corpus / "corpus" / "games").iterdir())
    assert files == ["blockade.yaml", "clock.yaml", "dense-column.yaml", "exiles.yaml", "shah.yaml"]
    assert out.splitlines()[0] == (
        "read 4 source texts, found 5 games: wrote 5 game files to corpus/games/"
    )
    shah_line = next(line for line in out.splitlines() if line.startswith("shah "))
    assert "001+000" in shah_line and "untitled" in shah_line
    lines = out.rstrip().splitlines()
    assert lines[lines.index("extracted draft specs: written to rules/extracted/") - 1] == (
        "shah: 001 + 000: 19 sentences shared, 4 only in 001; apparatus: 0 variants, "
        "2 annotations: play/8 om. 001 / [8] 000, play/10 om. 001 / [9] 000"
    )
    # the grammar stage ran too: a draft spec per game
    specs = sorted(p.name for p in (corpus / "rules" / "extracted").iterdir())
    assert "shah.yaml" in specs and "blockade.yaml" in specs


def test_game_file_fields(ingested, capsys) -> None:
    games = ingested / "corpus" / "games"
    shah = yaml.safe_load((games / "shah.yaml").read_text(encoding="utf-8"))
    assert shah["format"] == "pasyans-game/1"
    assert (shah["id"], shah["title"], shah["caption"], shah["id_from"]) == (
        "shah",
        None,
        "Шахъ",
        "caption",
    )
    assert (shah["untitled"], shah["provisional"], shah["partial"]) == (True, False, [])
    assert shah["book"] == "cadogan-ru"
    assert [w["source"] for w in shah["witnesses"]] == [S001, S000]
    w000 = shah["witnesses"][1]
    assert (w000["starts_mid_game"], w000["first"], w000["last"]) == (
        True,
        "shah/rules/III/1",
        "shah/note/4",
    )
    assert w000["lacks"] == [["shah/decks/1", "shah/rules/II/1"]]
    assert shah["witnesses"][0]["lacks"] == []
    assert [s["kind"] for s in shah["sections"]] == ["decks", "rules", "play", "caption", "note"]
    rules = shah["sections"][1]
    assert rules["heading"] == "Правила."
    assert [(r["kind"], r["number"]) for r in rules["rules"]] == [
        ("rule", "I"),
        ("rule", "II"),
        ("rule", "III"),
    ]
    masti = rules["rules"][2]["sentences"][1]
    assert (masti["id"], masti["text"], masti["para"]) == (
        "shah/rules/III/2",
        "Масти соблюдаются.",
        2,
    )
    raws = {s: (RAW / f"{s}.txt").read_text(encoding="utf-8") for s in (S000, S001)}
    assert [s["source"] for s in masti["spans"]] == [S000, S001]
    for span in masti["spans"]:
        assert raws[span["source"]][span["start"] : span["end"]] == "Масти соблюдаются."
    assert [(a["at_sentence"], a["kind"], a["label"]) for a in shah["apparatus"]] == [
        ("shah/play/8", "annotation", "8"),
        ("shah/play/10", "annotation", "9"),
    ]
    assert shah["apparatus"][0]["readings"][1]["witnesses"] == [S000]
    assert shah["apparatus"][0]["readings"][1]["text"] == "[8]"

    clock = yaml.safe_load((games / "clock.yaml").read_text(encoding="utf-8"))
    assert clock["partial"] == ["stops-mid-game"] and clock["title"] == "ЧАСЫ"
    exiles = yaml.safe_load((games / "exiles.yaml").read_text(encoding="utf-8"))
    assert (exiles["untitled"], exiles["provisional"], exiles["id_from"]) == (
        True,
        True,
        "markers",
    )
    blockade = yaml.safe_load((games / "blockade.yaml").read_text(encoding="utf-8"))
    assert [s["kind"] for s in blockade["sections"]] == [
        "title",
        "decks",
        "rules",
        "play",
        "caption",
        "note",
    ]
    note = blockade["sections"][-1]["sentences"]
    assert [(s["id"], s["text"]) for s in note] == [
        ("blockade/note/1", "Пасьянсъ не раскладывается вторично.")
    ]


def test_ingest_twice_gives_identical_bytes_and_check_sees_stale_output(corpus, capsys) -> None:
    assert main(["ingest"]) == 0
    first = snapshot(corpus / "corpus" / "games")
    capsys.readouterr()
    assert main(["ingest"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "read 4 source texts, found 5 games: corpus/games/ already holds exactly these "
        "5 game files; nothing written"
    )
    assert snapshot(corpus / "corpus" / "games") == first
    shutil.rmtree(corpus / "corpus" / "games")
    assert main(["ingest"]) == 0
    assert snapshot(corpus / "corpus" / "games") == first
    assert main(["ingest", "--check"]) == 0
    (corpus / "corpus" / "games" / "clock.yaml").unlink()
    capsys.readouterr()
    assert main(["ingest", "--check"]) == 1
    assert "out of date" in capsys.readouterr().out


def test_ingest_paths_default_to_games_dir_and_out_overrides(corpus, capsys) -> None:
    assert main(["ingest", str(RAW / f"{S001}.txt")]) == 0
    assert sorted(p.name for p in (corpus / "games").iterdir()) == ["extracted", "shah.yaml"]
    assert main(["ingest", str(RAW / f"{S000}.txt"), "--out", "elsewhere"]) == 0
    assert sorted(p.name for p in (corpus / "elsewhere").iterdir()) == [
        "blockade.yaml",
        "clock.yaml",
        "extracted",
        "shah.yaml",
    ]


def test_games_lists_the_ingested_games(ingested, capsys) -> None:
    capsys.readouterr()
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == [
        "game",
        "title",
        "book",
        "witnesses",
        "sect",
        "rules",
        "sent",
        "app",
        "flags",
    ]
    assert [line.split()[0] for line in lines[1:]] == [
        "blockade",
        "clock",
        "dense-column",
        "exiles",
        "shah",
    ]
    assert main(["games", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    by_id = {r["id"]: r for r in rows}
    assert by_id["shah"]["witnesses"] == [S001, S000]
    assert by_id["shah"]["flags"] == ["untitled"]
    assert by_id["exiles"]["flags"] == ["untitled", "provisional-id"]
    assert by_id["clock"]["flags"] == ["stops-mid-game"]
    assert by_id["dense-column"]["book"] == "pujol-ru"
    assert by_id["blockade"]["rules"] == 2


# -- bad input -------------------------------------------------------------------------------


def one_line_error(capsys, *needles: str) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith("pasyans "), err
    assert "Traceback" not in err
    for n in needles:
        assert n in err, err
    return err


def make(tmp_path: Path, name: str, data: bytes) -> Path:
    p = tmp_path / name
    p.write_bytes(data)
    return p


@pytest.mark.parametrize(
    ("name", "data", "words"),
    [
        ("empty.txt", b"", ["empty"]),
        ("blank.txt", b"  \n\n ", ["empty"]),
        ("binary.txt", b"\x00\x01\x02PNG\x00" * 50, []),
        ("prose.txt", "Жили-были дѣдъ да баба. Была у нихъ курочка.\n".encode(), ["no Russian"]),
        ("long.txt", b"a" * (MAX_LINE + 10), []),
    ],
)
def test_bad_file_gets_one_line_and_no_output(tmp_path, monkeypatch, capsys, name, data, words):
    monkeypatch.chdir(tmp_path)
    path = make(tmp_path, name, data)
    assert main(["ingest", str(path)]) != 0
    one_line_error(capsys, name, *words)
    assert not (tmp_path / "games").exists()


def test_unknown_encoding(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    # invalid in UTF-8; if a decoder still reads it, it holds no game
    path = make(tmp_path, "enc.txt", bytes(range(0x80, 0x100)) * 8)
    assert main(["ingest", str(path)]) != 0
    one_line_error(capsys, "enc.txt")
    assert not (tmp_path / "games").exists()


def test_fifty_megabyte_single_line_file(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "huge.txt"
    with path.open("wb") as fh:
        fh.truncate(0)
        fh.write(b"x" * (50 * 1024 * 1024))
    assert path.stat().st_size > MAX_BYTES
    assert main(["ingest", str(path)]) == 2
    one_line_error(capsys, "huge.txt", "too large")
    assert not (tmp_path / "games").exists()


def test_directory_and_missing_path(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "adir").mkdir()
    assert main(["ingest", "adir"]) == 2
    one_line_error(capsys, "adir", "directory")
    assert main(["ingest", "nothere.txt"]) == 2
    one_line_error(capsys, "nothere.txt", "no such file")
    assert not (tmp_path / "games").exists()


def test_no_corpus_directory(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["ingest"]) == 2
    one_line_error(capsys, "corpus/raw")
    assert not (tmp_path / "corpus").exists()


def test_a_bad_file_among_good_ones_changes_nothing(corpus, capsys) -> None:
    # the output of an ingest of these sources: the committed games, byte for byte what
    # `pasyans ingest` writes (test_committed_corpus_games_are_current)
    shutil.copytree(ROOT / "corpus" / "games", corpus / "corpus" / "games")
    before = snapshot(corpus / "corpus" / "games")
    (corpus / "corpus" / "raw" / "zzz.txt").write_bytes(b"")
    assert main(["ingest"]) == 2
    one_line_error(capsys, "zzz.txt", "empty")
    assert snapshot(corpus / "corpus" / "games") == before
    leftovers = [p.name for p in (corpus / "corpus").iterdir() if p.name.startswith(".")]
    assert leftovers == []


def test_output_dir_with_foreign_files_is_not_replaced(corpus, capsys) -> None:
    out = corpus / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    assert main(["ingest", "--out", "mine"]) == 2
    one_line_error(capsys, "mine", "not game files")
    assert snapshot(out) == {"notes.txt": b"keep me"}


def test_games_without_ingest(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["games"]) == 2
    one_line_error(capsys, "corpus/games", "pasyans ingest")
    (tmp_path / "empty").mkdir()
    assert main(["games", "--dir", "empty"]) == 2
    one_line_error(capsys, "empty", "no ingested games")
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "x.yaml").write_text("just: a mapping\n")
    assert main(["games", "--dir", "bad"]) == 1  # read, but invalid
    one_line_error(capsys, "x.yaml", "not a game file")


def test_every_sentence_span_points_at_its_words(ingested, capsys) -> None:
    raws = {p.stem: p.read_text(encoding="utf-8") for p in RAW.glob("*.txt")}

    def sentences(sections):
        for s in sections:
            yield from s.get("sentences", [])
            yield from sentences(s.get("rules", []))

    count = 0
    for path in sorted((ingested / "corpus" / "games").glob("*.yaml")):
        game = yaml.safe_load(path.read_text(encoding="utf-8"))
        held = {w["source"] for w in game["witnesses"]}
        for sent in sentences(game["sections"]):
            assert sent["modern"], sent["id"]
            assert sent["spans"] and {s["source"] for s in sent["spans"]} <= held
            for span in sent["spans"]:
                raw = raws[span["source"]]
                assert 0 <= span["start"] < span["end"] <= len(raw)
                piece = " ".join(raw[span["start"] : span["end"]].split())
                # OCR corrections change a few characters, never the extent of a sentence
                assert abs(len(piece) - len(sent["text"])) <= 0.1 * len(sent["text"]) + 4
            count += 1
    assert count == 85


def test_a_cp1251_file_gives_the_same_game_as_utf8(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    stem = "003_8f9b0c61a5880b76"
    text = (RAW / f"{stem}.txt").read_text(encoding="utf-8")
    (tmp_path / "u").mkdir()
    (tmp_path / "c").mkdir()
    (tmp_path / "u" / f"{stem}.txt").write_bytes(text.encode("utf-8"))
    (tmp_path / "c" / f"{stem}.txt").write_bytes(text.encode("cp1251"))
    assert main(["ingest", f"u/{stem}.txt", "--out", "gu"]) == 0
    assert main(["ingest", f"c/{stem}.txt", "--out", "gc"]) == 0
    assert snapshot(tmp_path / "gu") == snapshot(tmp_path / "gc")


def test_committed_corpus_games_are_current(monkeypatch, capsys) -> None:
    """corpus/games/ is generated: after a normalizer or segmenter change, re-run ingest."""
    monkeypatch.chdir(ROOT)
    assert main(["ingest", "--check"]) == 0, capsys.readouterr().out


def test_a_preface_under_an_unknown_heading_is_not_a_game(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    path = make(tmp_path, "preface.txt", "ПРЕДИСЛОВІЕ.\n\nКнига эта для любителей.\n".encode())
    assert main(["ingest", str(path)]) == 1  # read, but holds no game
    one_line_error(capsys, "preface.txt", "no Russian patience game found")
    assert not (tmp_path / "games").exists()


def test_a_page_of_a_game_the_catalogue_does_not_know_is_a_game(tmp_path, monkeypatch):
    """A title over text that states rules (no deck line, no numbered rules): a game, with
    an id from its title, and a draft spec; a preface under the same kind of title is not."""
    monkeypatch.chdir(tmp_path)
    page = (
        "ПАСЬЯНС «МЕЛЬНИЦА».\n\n"
        "Пасьянс раскладывается одной колодой в пятьдесят две карты. Раскладывают восемь "
        "кучек по пять карт. Годны для игры только верхние карты каждой кучки. Пустые места "
        "не заполняются.\n\n"
        "ПРЕДИСЛОВИЕ.\n\nКнига эта для любителей, и читать ее следует не спеша.\n"
    )
    path = make(tmp_path, "page.txt", page.encode())
    assert main(["ingest", str(path), "--out", "g"]) == 0
    assert sorted(p.name for p in (tmp_path / "g").iterdir()) == ["extracted", "melnitsa.yaml"]
    draft = load_spec(tmp_path / "g" / "extracted" / "melnitsa.yaml")
    assert draft.rules["piles"]["packets"]["count"] == 8
    assert draft.rules["fill"] == {}


def test_reader_walks_sentences_of_the_committed_games() -> None:
    from pipeline.segment.reader import iter_sentences, read_games

    games = {g["id"]: g for g in read_games(ROOT / "corpus" / "games")}
    assert sorted(games) == ["blockade", "clock", "dense-column", "exiles", "shah"]
    refs = [r for g in games.values() for r in iter_sentences(g)]
    assert len(refs) == 85
    clock = [r for r in iter_sentences(games["clock"])]
    assert [(r.id, r.kind, r.rule) for r in clock[:4]] == [
        ("clock/title/1", "title", None),
        ("clock/decks/1", "decks", None),
        ("clock/rules/I/1", "rule", "I"),
        ("clock/rules/II/1", "rule", "II"),
    ]
    iv2 = next(r for r in clock if r.id == "clock/rules/IV/2")
    assert (iv2.kind, iv2.rule, iv2.para) == ("rule", "IV", 2)
    assert iv2.spans[0].source == S000


def test_games_names_the_key_of_an_invalid_game_file(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g").mkdir()
    data = yaml.safe_load((ROOT / "corpus" / "games" / "blockade.yaml").read_text("utf-8"))
    data["sections"][0]["sentences"][0]["spans"][0]["start"] = -1
    (tmp_path / "g" / "blockade.yaml").write_text(yaml.safe_dump(data, allow_unicode=True))
    assert main(["games", "--dir", "g"]) == 1
    one_line_error(capsys, "blockade.yaml", "sections[0].sentences[0].spans[0].start", "-1")


def test_segmentation_agrees_with_the_catalogue() -> None:
    """corpus/catalog.yaml (written by hand) names the games and title lines of each seed."""
    from pipeline.normalize import normalize
    from pipeline.segment.known import known_games
    from pipeline.segment.segmenter import segment

    catalog = yaml.safe_load((ROOT / "corpus" / "catalog.yaml").read_text(encoding="utf-8"))
    for seed in catalog["seeds"]:
        path = ROOT / "corpus" / seed["file"]
        games = segment(
            normalize(path.read_text(encoding="utf-8"), seed["id"]), path.name, known_games()
        )
        assert [g.id for g in games] == [p["game"] for p in seed["passages"]], seed["id"]
        for g, passage in zip(games, seed["passages"], strict=True):
            title = g.section("title")
            line = None
            if title is not None:
                u = title.sentences[0]
                inline = u.end < len(g.nt.text) and g.nt.text[u.end] not in "\n"
                line = None if inline else title.heading  # Pujol's title opens a paragraph
            assert line == passage["title_line"], g.id
            assert g.book == seed["book"], g.id


def test_games_prints_the_sentences_of_one_game(ingested, capsys) -> None:
    capsys.readouterr()
    assert main(["games", "blockade"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split(maxsplit=1) == ["blockade/title/1", "БЛОКАДА."]
    assert lines[-1].split(maxsplit=1) == [
        "blockade/note/1",
        "Пасьянсъ не раскладывается вторично.",
    ]
    assert main(["games", "blockade", "--modern"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].split(maxsplit=1)[1] == (
        "Пасьянс не раскладывается вторично."
    )
    assert main(["games", "shah", "--json"]) == 0
    refs = json.loads(capsys.readouterr().out)
    masti = next(r for r in refs if r["id"] == "shah/rules/III/2")
    assert (masti["kind"], masti["rule"], masti["text"]) == ("rule", "III", "Масти соблюдаются.")
    assert [s["source"] for s in masti["spans"]] == [S000, S001]
    assert main(["games", "nope"]) == 2
    one_line_error(capsys, "no game 'nope'")


EXPECTED_SECTIONS = {
    "shah": [
        ("decks", "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ."),
        ("rules", "Правила."),
        ("play", "Игра."),
        ("caption", "Шахъ."),
        ("note", None),
    ],
    "blockade": [
        ("title", "БЛОКАДА."),
        ("decks", "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ."),
        ("rules", "Правила."),
        ("play", "Игра."),
        ("caption", "Блокада."),
        ("note", None),
    ],
    "clock": [
        ("title", "ЧАСЫ."),
        ("decks", "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ."),
        ("rules", "Правила."),
        ("play", "Игра."),
    ],
    "dense-column": [("title", "Пасьянс «Густая колонна»."), ("play", None)],
    "exiles": [("decks", "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ."), ("rules", "Правила."), ("play", "Игра.")],
}
EXPECTED_RULES = {
    "shah": ["I", "II", "III"],
    "blockade": ["I", "II"],
    "clock": ["I", "II", "III", "IV"],
    "dense-column": [],
    "exiles": ["I", "II", "III"],
}


def test_sections_and_headings_of_every_committed_game() -> None:
    from pipeline.segment.reader import read_games

    for game in read_games(ROOT / "corpus" / "games"):
        got = [(s["kind"], s.get("heading")) for s in game["sections"]]
        assert got == EXPECTED_SECTIONS[game["id"]], game["id"]
        rules = [r["number"] for s in game["sections"] for r in s.get("rules", [])]
        assert rules == EXPECTED_RULES[game["id"]], game["id"]


def test_output_path_that_is_a_file_or_the_sources(corpus, capsys) -> None:
    (corpus / "afile").write_text("x")
    assert main(["ingest", "--out", "afile"]) == 2
    one_line_error(capsys, "afile", "not a directory")
    before = snapshot(corpus / "corpus" / "raw")
    assert main(["ingest", "--out", "corpus/raw"]) == 2
    one_line_error(capsys, "corpus/raw", "not game files")
    assert snapshot(corpus / "corpus" / "raw") == before
