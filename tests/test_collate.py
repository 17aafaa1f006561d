"""Collation: alignment of overlapping witnesses, the merged text and its apparatus."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.normalize import normalize
from pipeline.segment.align import align_sequences, word_diffs, words
from pipeline.segment.collate import collate
from pipeline.segment.known import known_games
from pipeline.segment.segmenter import segment
from pipeline.text import NormalizedText, OffsetMap

ROOT = Path(__file__).resolve().parent.parent
S000, S001 = "000_81fd826a98ac014e", "001_ccb94fea4f93d4a7"


def plain(text: str, source: str) -> NormalizedText:
    m = OffsetMap.identity(len(text))
    return NormalizedText(source, "pre-reform", text, text, m, text, m)


def test_word_diffs_give_both_sides_of_each_difference() -> None:
    a, b = "Тузы идутъ на королей.", "Тузы идутъ къ королямъ."
    got = [(a[p:q], b[r:s]) for p, q, r, s in word_diffs(a, b)]
    assert got == [("на королей", "къ королямъ")]


def test_sentence_alignment_keeps_order_and_leaves_gaps() -> None:
    a = [words(x) for x in ["раз два три", "четыре пять шесть", "семь восемь"]]
    b = [words(x) for x in ["ноль ноль", "четыре пять шесть", "семь восемь девять"]]
    assert align_sequences(a, b) == [(0, None), (None, 0), (1, 1), (2, 2)]


A = "БЛОКАДА.\n\nИгра.\n\nТузы идутъ на королей. Играютъ всѣ карты.\n\nКонецъ игры."
B = "Игра.\n\nТузы идутъ къ королямъ. Играютъ всѣ карты.\n\nКонецъ игры."


def test_union_copy_text_and_word_variants() -> None:
    ga = segment(plain(A, "a"), "a.txt", known_games())
    gb = segment(plain(B, "b"), "b.txt", known_games())
    game = collate("blockade", ga + gb)
    assert game.names == ["a", "b"]  # more units: the copy text
    ids = [u.id for u in game.units]
    assert ids == [
        "blockade/title/1",
        "blockade/play/heading",
        "blockade/play/1",
        "blockade/play/2",
        "blockade/play/3",
    ]
    assert sorted(game.units[0].readings) == ["a"]  # the title only in a
    assert sorted(game.units[2].readings) == ["a", "b"]
    (entry,) = game.apparatus
    assert (entry.unit, entry.kind, entry.lemma) == ("blockade/play/1", "variant", "на королей")
    lemma = game.units[2].lemma.text
    assert lemma[entry.at[0] : entry.at[1]] == "на королей"
    got = [
        (r.witnesses, r.text, [(s.source, s.start, s.end) for s in r.spans]) for r in entry.readings
    ]
    ia, ib = A.index("на королей"), B.index("къ королямъ")
    assert got == [
        (["a"], "на королей", [("a", ia, ia + 10)]),
        (["b"], "къ королямъ", [("b", ib, ib + 11)]),
    ]


# -- the Shah from seeds 000 and 001 ---------------------------------------------------------


@pytest.fixture(scope="module")
def shah():
    from pipeline.normalize import normalize

    witnesses = []
    raws = {}
    for stem in (S000, S001):
        raw = (ROOT / "corpus" / "raw" / f"{stem}.txt").read_text(encoding="utf-8")
        raws[stem] = raw
        nt = normalize(raw, stem)
        witnesses += [g for g in segment(nt, f"{stem}.txt", known_games()) if g.id == "shah"]
    return collate("shah", witnesses), raws


def test_shah_merged_text_is_the_union(shah) -> None:
    game, _ = shah
    assert game.names == [S001, S000]
    keys = [key for key in dict.fromkeys(u.key for u in game.units)]
    assert keys == ["decks", "rules", "rules/I", "rules/II", "rules/III", "play", "caption", "note"]
    by_id = {u.id: u for u in game.units}
    # rules I-II come from 001 only; from rule III on both witnesses carry the sentence
    assert sorted(by_id["shah/rules/I/1"].readings) == [S001]
    assert sorted(by_id["shah/rules/II/1"].readings) == [S001]
    for uid in (
        "shah/rules/III/1",
        "shah/rules/III/2",
        "shah/play/1",
        "shah/caption/1",
        "shah/note/1",
    ):
        assert sorted(by_id[uid].readings) == [S000, S001], uid
    assert by_id["shah/rules/III/2"].lemma.text == "Масти соблюдаются."
    assert by_id["shah/play/1"].lemma.text == "Берутъ изъ колодъ восемь тузовъ и восемь королей."


def test_shah_sentences_in_the_overlap_have_spans_in_both_witnesses(shah) -> None:
    game, raws = shah
    unit = next(u for u in game.units if u.id == "shah/play/1")
    for stem, sent in unit.readings.items():
        nt = next(w for w in game.witnesses if w.source == stem).nt
        span = nt.span(sent.start, sent.end)
        assert raws[stem][span.start : span.end] == (
            "Берутъ изъ колодъ восемь тузовъ и восемь королей."
        )


def test_shah_apparatus_lists_the_footnote_markers_of_000(shah) -> None:
    game, raws = shah
    got = []
    for e in game.apparatus:
        lemma = next(u for u in game.units if u.id == e.unit).lemma.text
        readings = {r.text: r.witnesses for r in e.readings}
        got.append((e.unit, e.kind, e.label, lemma[: e.at[0]].split()[-1], readings))
        marker = next(r for r in e.readings if r.text)
        span = marker.spans[0]
        assert raws[S000][span.start : span.end] == marker.text
    assert got == [
        ("shah/play/8", "annotation", "8", "звѣзды", {"": [S001], "[8]": [S000]}),
        ("shah/play/10", "annotation", "9", "порядкѣ", {"": [S001], "[9]": [S000]}),
    ]


def test_three_witnesses_grouped_readings_and_spans() -> None:
    texts = {
        "a": "БЛОКАДА.\n\nИгра.\n\nТузы идутъ на королей и дамъ. Конецъ игры.",
        "b": "Игра.\n\nТузы идутъ къ королямъ и дамъ. Конецъ игры.",
        "c": "Игра.\n\nНынѣ тузы идутъ на королей и дамамъ. Конецъ игры.",
    }
    ws = []
    for src, text in texts.items():
        ws += segment(plain(text, src), f"{src}.txt", known_games())
    game = collate("blockade", ws)
    got = [
        (
            e.unit,
            e.lemma,
            [
                (r.witnesses, r.text, [texts[s.source][s.start : s.end] for s in r.spans])
                for r in e.readings
            ],
        )
        for e in game.apparatus
    ]
    assert got == [
        (
            "blockade/play/1",
            "Тузы",
            [(["a", "b"], "Тузы", ["Тузы", "Тузы"]), (["c"], "Нынѣ тузы", ["Нынѣ тузы"])],
        ),
        (
            "blockade/play/1",
            "на королей",
            [
                (["a", "c"], "на королей", ["на королей", "на королей"]),
                (["b"], "къ королямъ", ["къ королямъ"]),
            ],
        ),
        (
            "blockade/play/1",
            "дамъ",
            [(["a", "b"], "дамъ", ["дамъ", "дамъ"]), (["c"], "дамамъ", ["дамамъ"])],
        ),
    ]


def test_footnote_annotations_of_one_witness_are_placed_in_the_lemma() -> None:
    from dataclasses import replace

    from pipeline.text import Annotation

    a = "БЛОКАДА.\n\nИгра.\n\nТузы идутъ на королей. Конецъ."
    b = "Игра.\n\nНынѣ тузы идутъ на королей. Конецъ."
    pos = b.index(". Конецъ")  # the marker stood before this full stop
    nb = replace(plain(b, "b"), annotations=(Annotation(pos, pos, "footnote-ref", "8", pos),))
    ws = segment(plain(a, "a"), "a.txt", known_games()) + segment(nb, "b.txt", known_games())
    game = collate("blockade", ws)
    notes = [e for e in game.apparatus if e.kind == "annotation"]
    assert len(notes) == 1
    (e,) = notes
    lemma = next(u for u in game.units if u.id == e.unit).lemma.text
    assert (e.unit, e.label, lemma[: e.at[0]]) == ("blockade/play/1", "8", "Тузы идутъ на королей")
    got = {r.text: (r.witnesses, [(s.source, s.start) for s in r.spans]) for r in e.readings}
    assert got == {"": (["a"], [("a", a.index(". Конецъ"))]), "[8]": (["b"], [("b", pos)])}


def test_a_marker_kept_in_the_text_is_one_annotation_entry() -> None:
    # the normalizer keeps «королей[*]» in the text (its note is on the page) and still
    # records it as a footnote reference: the apparatus lists it once, from the words
    a = "БЛОКАДА.\n\nИгра.\n\nТузы идутъ на королей. Конецъ."
    b = "Игра.\n\nНынѣ тузы идутъ на королей[*]. Конецъ.\n\n[*] Примѣчаніе."
    nb = normalize(b, "b")
    assert "королей[*]." in nb.text and [x.label for x in nb.annotations] == ["*"]
    ws = segment(plain(a, "a"), "a.txt", known_games()) + segment(nb, "b.txt", known_games())
    game = collate("blockade", ws)
    notes = [e for e in game.apparatus if e.kind == "annotation"]
    assert [(e.unit, e.label) for e in notes] == [("blockade/play/1", "*")]
