"""Provenance of what the assembler derives, and of pages read in another order.

A value the assembler computes from what sentences say (the Shah's eight foundations from
«восемь тузовъ», a move's piles from the sentences naming them) cites those sentences with
`origin: text` and a note saying how it was derived; a value no sentence gives is a default
that says why (`origin: default`), never a bare «no sentence cited». A page set in two
columns is read one column after the other, and its citations still point at the file's own
characters."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from code_facts import game_and_draft
from test_finding_16 import LEFT, RIGHT, _two_columns  # the same two-column page

from pipeline.extract import extract_game
from pipeline.extract.assemble.coherence import unmarked
from pipeline.extract.assemble.derived import references
from pipeline.normalize.layout import columns
from pipeline.segment.reader import load_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "corpus" / "games"
RAW = ROOT / "corpus" / "raw"
S000, S001 = "000_81fd826a98ac014e", "001_ccb94fea4f93d4a7"


@pytest.fixture(scope="module")
def shah():
    return extract_game(load_game(GAMES / "shah.yaml"), RAW)


@pytest.fixture(scope="module")
def dense():
    return extract_game(load_game(GAMES / "dense-column.yaml"), RAW)


def _spans(*pairs: tuple[str, int, int]) -> list[dict]:
    return [{"source": s, "start": a, "end": b} for s, a, b in pairs]


def test_the_shahs_eight_foundations_cite_the_aces_taken_out(shah) -> None:
    prov = shah.spec["provenance"]
    assert prov["piles.foundations.count"] == {
        "text": "shah",
        "origin": "text",
        "sentence": "shah/play/1",
        "quote": "Берутъ изъ колодъ восемь тузовъ и восемь королей",
        "spans": _spans((S000, 150, 198), (S001, 591, 639)),
        "note": "derived from shah/play/1: one foundation for each card taken out that begins "
        "them (8)",
    }
    assert prov["piles.foundations.foundation.base"]["sentence"] == "shah/play/4"
    assert prov["piles.foundations.foundation.base"]["quote"] == "Тузы служатъ основными картами"
    assert prov["piles.foundations.foundation.base"]["spans"] == _spans(
        (S000, 352, 382), (S001, 793, 823)
    )


def test_the_kings_set_aside_and_the_one_in_the_centre_cite_their_sentences(shah) -> None:
    prov = shah.spec["provenance"]
    assert shah.spec["setup"][1]["take"] == {"ranks": [13], "count": 7}
    assert prov["setup[1].take"]["sentence"] == "shah/play/2"
    assert prov["setup[1].take"]["quote"] == "Семь королей откладываютъ въ сторону"
    assert shah.spec["setup"][2]["take"] == {"ranks": [13], "count": 1}
    assert prov["setup[2].take"]["sentence"] == "shah/play/1"
    assert prov["setup[2].take"]["note"] == (
        "derived from shah/play/1, shah/play/2: of the cards taken out, the 1 not set aside"
    )


def test_the_shahs_moves_cite_the_sentences_naming_their_piles(shah) -> None:
    prov = shah.spec["provenance"]
    assert shah.spec["moves"]["play"]["from"] == ["piles", "talon"]
    assert prov["moves.play.from"] == {
        "text": "shah",
        "origin": "text",
        "sentence": "shah/play/5",
        "quote": "раскладываютъ кругъ изъ восьми картъ",
        "spans": _spans((S000, 459, 495), (S001, 900, 936)),
        "note": "derived from shah/play/5 (piles), shah/play/12 (talon): the piles it names",
    }
    assert prov["moves.play.to"]["sentence"] == "shah/play/4"
    assert prov["moves.play.to"]["note"] == (
        "derived from shah/play/4 (foundations): the piles it names"
    )
    for end in ("from", "to"):
        assert prov[f"moves.marry.{end}"]["sentence"] == "shah/play/5"


def test_the_shah_assumes_only_what_no_sentence_says(shah) -> None:
    assert shah.assumed == [
        "assumed: deal.circles.face — no face named: the cards are dealt face up",
        "assumed: win — won when every card is on the foundations",
    ]


def test_the_dense_columns_corners_and_moves_cite_their_sentences(dense) -> None:
    prov = dense.spec["provenance"]
    assert dense.spec["piles"]["corners"]["count"] == 4
    assert prov["piles.corners.count"]["sentence"] == "dense-column/play/4"
    assert prov["piles.corners.count"]["quote"] == "раскладывания первых двенадцати карт"
    assert prov["piles.corners.count"]["spans"] == _spans(("002_0c8a9b228d398a9e", 1151, 1187))
    assert prov["piles.corners.count"]["note"].startswith(
        "derived from dense-column/play/4, dense-column/play/2: the places counted (12) less"
    )
    assert prov["moves.play.to"]["quote"] == (
        "выбрать из обеих колод четырех тузов и четырех королей"
    )
    assert prov["moves.play.to"]["note"] == (
        "derived from dense-column/play/1 (aces, kings): the piles it names"
    )
    assert not [line for line in dense.assumed if "no sentence cited" in line]


def test_a_move_between_piles_no_sentence_named_is_a_default_saying_why() -> None:
    spec = {
        "piles": {
            "piles": {"role": "tableau", "count": 8},
            "talon": {"role": "talon"},
        },
        "moves": {
            "marry": {"from": ["piles"], "to": ["piles"]},
            "talon": {"from": ["talon"], "to": ["piles"]},
        },
    }
    prov = {
        "piles.piles.count": {"origin": "default", "note": "8 tableau piles: no count in the text"},
        "piles.talon": {"origin": "text", "sentence": "g/1", "quote": "талонъ"},
    }
    fields = [
        (("moves", "marry", "from"), ["piles"]),
        (("moves", "talon", "from"), ["talon"]),
        (("moves", "other", "to"), ["cells"]),
    ]
    assert references(fields, prov, spec) == {
        "moves.marry.from": {
            "origin": "default",
            "note": "it names piles the draft assumed (piles: 8 tableau piles: no count in the "
            "text)",
        },
        "moves.talon.from": {
            "origin": "text",
            "sentence": "g/1",
            "quote": "талонъ",
            "note": "derived from g/1 (talon): the piles it names",
        },
    }


def test_list_items_are_fields_of_their_own() -> None:
    spec = {"setup": [{"take": {"ranks": [1], "count": 4}, "to": "f"}, {"take": {"count": 2}}]}
    prov = {"setup[0].take": {"origin": "text"}, "setup[0].to": {"origin": "text"}}
    assert unmarked(spec, prov) == {
        "setup[1].take.count": {"origin": "default", "note": "no sentence cited for it: 2"}
    }


# --- a page in two columns ------------------------------------------------------------------


def _page(gap: int = 6) -> str:
    return _two_columns(LEFT, RIGHT, gap)


def test_a_column_read_maps_back_to_the_characters_of_the_page() -> None:
    page = "Первая страница в одну колонку.\n\f" + _page()
    read, back = columns(page)
    assert back is not None
    assert read.startswith("Первая страница в одну колонку.\n\fКосынка\n\nПасьянс")
    for i, ch in enumerate(read):
        a, b = back.to_given(i, i + 1)
        if ch != "\n":
            assert page[a:b] == ch, i
    # a line of the left column and one of the right come back as they stand on the page
    for line in ("колодой в 52 карты. Карты сдают", "рядке, чередуя цвета. На пустое"):
        at = read.index(line)
        a, b = back.to_given(at, at + len(line))
        assert page[a:b] == line
        assert back.from_given(a, b) == (at, at + len(line))
    # the page number, moved to the foot, is where the page has it
    at = read.rindex("16")
    a, b = back.to_given(at, at + 2)
    assert page[a:b] == "16" and page[b:].strip() == ""


def _draft(text: str):
    with tempfile.TemporaryDirectory() as tmp:
        return game_and_draft(Path(tmp), "page.txt", text)


def test_citations_of_a_two_column_page_point_at_the_files_characters() -> None:
    page = _page()
    game, ex = _draft(page)
    prov = ex.spec["provenance"]
    # quotes on one line of a column: the file's characters at the span are the quote
    one_line = {"piles.foundations.foundation.suit": "по мастям"}
    for key, quote in one_line.items():
        assert prov[key]["quote"] == quote
        (span,) = prov[key]["spans"]
        assert page[span["start"] : span["end"]] == quote
    # a quote over two lines of the left column: the span runs from its first word on the
    # page to its last, the right column's words between them included
    (span,) = prov["piles.columns.count"]["spans"]
    assert prov["piles.columns.count"]["quote"] == "сдают в семь столбцов"
    assert page[span["start"] : span["end"]] == "сдают\nв семь столбцов"
    (span,) = prov["decks"]["spans"]  # «одной» ends a line, «колодой в 52 карты» opens the next
    assert prov["decks"]["quote"] == "одной колодой в 52 карты"
    got = page[span["start"] : span["end"]]
    assert got.startswith("одной ") and got.endswith("\nколодой в 52 карты")
    (span,) = prov["moves.marry.build.empty"]["spans"]
    got = page[span["start"] : span["end"]]
    assert got.startswith("На пустое\n") and got.endswith("место кладут только короля")
    # a sentence from the foot of the left column to the head of the right one
    (span,) = prov["moves.marry.build"]["spans"]
    got = page[span["start"] : span["end"]]
    assert got.startswith("карты кладут в нисходящем по-") and got.endswith("В столбцах")
    # each sentence's span in the game file holds its first and last word where they stand
    for sec in game["sections"]:
        for s in sec.get("sentences", []):
            (span,) = s["spans"]
            held = page[span["start"] : span["end"]]
            first, last = s["text"].split()[0], s["text"].split()[-1].rstrip(".")
            assert first in held and last.split("-")[-1] in held, s["id"]


def test_normalize_reports_spans_of_the_files_characters() -> None:
    from pipeline.normalize import normalize
    from pipeline.normalize.render import to_dict

    page = _page()
    data = to_dict(normalize(page, "page"))
    (folio,) = data["furniture"]
    assert (folio["kind"], page[folio["start"] : folio["end"]]) == ("page-number", "16")
    hyphens = [c for c in data["changes"] if c["kind"] == "hyphen"]
    assert [page[c["start"] : c["end"]] for c in hyphens] == ["-", "-"]  # осно-, по-
    assert [c["start"] for c in data["changes"]] == sorted(c["start"] for c in data["changes"])


def test_every_character_read_from_random_two_column_pages_is_the_files() -> None:
    """Pages of random Russian words in two columns, several to a file, some with a page
    number: each character of the text read (but the line breaks joining the pieces) maps
    to the same character of the file, and each line comes back from the file's span."""
    import random

    words = [
        "карты",
        "кладут",
        "на",
        "основания",
        "тузы",
        "короли",
        "колода",
        "столбец",
        "пустое",
        "место",
        "по",
        "одной",
    ]
    rng = random.Random(7)
    turned = 0
    for _ in range(40):
        pages = []
        for _ in range(rng.randint(1, 3)):
            k = rng.randint(8, 12)
            side = [
                " ".join(rng.choice(words) for _ in range(rng.randint(3, 6))) for _ in range(2 * k)
            ]
            left, right = side[:k], side[k:]
            width = max(map(len, left)) + rng.randint(3, 8)
            rows = [(a.ljust(width) + b).rstrip() for a, b in zip(left, right, strict=True)]
            if rng.random() < 0.5:
                rows += ["", str(rng.randint(1, 300)).center(2 * width)]
            pages.append("\n".join(rows) + "\n")
        page = "\f".join(pages)
        read, back = columns(page)
        if back is None:
            continue
        turned += 1
        for i, ch in enumerate(read):
            a, b = back.to_given(i, i + 1)
            assert ch == "\n" or page[a:b] == ch
        at = 0
        for line in read.split("\n"):
            if line.strip() and "\f" not in line:
                a, b = back.to_given(at, at + len(line))
                assert page[a:b] == line
                assert back.from_given(a, b) == (at, at + len(line))
            at += len(line) + 1
    assert turned >= 30
