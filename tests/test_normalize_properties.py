"""Properties of the normalizer: offset maps, idempotence, modern projection of modern text."""

from __future__ import annotations

from pathlib import Path

import pytest
import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from thoroughness import examples

from pipeline.normalize import normalize
from pipeline.normalize.lexicon import lexicon
from pipeline.normalize.offsets import SegmentMap, apply_edits
from pipeline.normalize.orthography import detect

RAW = Path(__file__).resolve().parents[1] / "corpus" / "raw"
SEEDS = sorted(RAW.glob("*.txt"))
_WORD = regex.compile(r"[\p{L}\p{M}]+")

# Material for generated texts: the seeds' own words and the layout's troublemakers.
_VOCAB = sorted({w for p in SEEDS for w in _WORD.findall(p.read_text(encoding="utf-8"))})
_PIECES = st.one_of(
    st.sampled_from(_VOCAB),
    st.sampled_from([" ", " ", " ", "\n", "\n\n", ". ", ", ", "-\n", "[8]", "\u00a0", "\r\n",
                     "\u200b", "  ", "(", ")", ";", "Пасьянсы (Пюжоль) - страница 3\n"]),
)  # fmt: skip
TEXTS = st.lists(_PIECES, min_size=0, max_size=60).map("".join)


def check_map(nt, text: str, m) -> None:
    starts, ends = m.starts, m.ends
    assert len(starts) == len(ends) == len(text)
    n = len(nt.raw)
    for i in range(len(text)):
        assert 0 <= starts[i] <= ends[i] <= n
        if i:
            assert starts[i - 1] <= starts[i] and ends[i - 1] <= ends[i]


def check_unchanged_words(nt) -> None:
    """The raw substring behind a word no change touched is that word."""
    touched = [(c.start, c.end) for c in nt.changes if c.applied]
    touched += [(a.start, a.end) for a in nt.annotations]
    for m in _WORD.finditer(nt.text):
        a, b = nt.text_map.raw_span(m.start(), m.end())
        if any(s < b and a < e for s, e in touched):
            continue
        if nt.raw[a:b] == m.group():
            continue
        # only Unicode hygiene (zero-width characters) may sit inside an untouched word
        assert regex.sub(r"[\u200b-\u200d\u2060\ufeff\u00ad]", "", nt.raw[a:b]) == m.group()


@settings(
    max_examples=examples(25, 150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(TEXTS)
def test_offset_maps_monotone_and_in_range(raw: str) -> None:
    nt = normalize(raw)
    check_map(nt, nt.text, nt.text_map)
    check_map(nt, nt.modern, nt.modern_map)
    check_unchanged_words(nt)


@settings(
    max_examples=examples(20, 100), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(TEXTS)
def test_idempotent(raw: str) -> None:
    once = normalize(raw).text
    assert normalize(once).text == once


def test_idempotent_when_words_ran_together() -> None:
    """Found by the property above: splitting БЛОКАДАБЛОКАДА raised the count of блокада,
    and a second pass then corrected ІБЛОКАДА; run-together words now count as their halves."""
    once = normalize("IБЛОКАДА БЛОКАДАБЛОКАДА").text
    assert normalize(once).text == once


def test_idempotent_when_the_only_mark_was_a_slip() -> None:
    """Found by fuzzing: «піести» was the text's one pre-reform mark, so the first pass read
    it pre-reform and kept «первыхближайшую» (joined at a line break) whole; corrected to
    «шести», the second pass read the text modern and split the word. A mark counts now only
    in a word the pre-reform lexicon knows, so both passes read it modern."""
    raw = (
        "[8]карту,   -\n[8]\n\n[8] кучки большоепространства\n\n кучки\xa0. піести, "
        "первых-\n\r\nближайшую ряды\n\nвторично"
    )
    nt = normalize(raw)
    assert nt.orthography == "modern"
    # modern text: «первыхближайшую» (a line-end hyphen dropped) is kept whole
    assert "шести, первыхближайшую ряды" in nt.text
    assert normalize(nt.text).text == nt.text


def test_a_pre_reform_mark_counts_only_in_a_known_word() -> None:
    known, known_pre = lexicon(False).known_modern, lexicon(True).known
    assert detect("піести шести", known) == "pre-reform"  # without the lexicon: a mark
    assert detect("піести шести", known, known_pre) == "modern"  # a slip is no evidence
    assert detect("всѣхъ картъ", known, known_pre) == "pre-reform"
    assert detect("изъ всђхъ", known, known_pre) == "pre-reform"  # ђ, the OCR's ѣ


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        # split, then «пикового» agrees with «помощью» (пиковою); in pre-reform text (modern
        # text keeps such an unknown word unsplit)
        ("Карты кладутъ пиковогопомощью въ рядъ изъ колоды", "кладутъ пиковою помощью въ"),
        # split, then the full stop before a small letter is read as a comma
        ("нижнемъ. играигра", "нижнемъ, игра игра"),
    ],
)
def test_a_split_word_is_checked_with_its_neighbours(raw: str, words: str) -> None:
    """Found by fuzzing: the halves of a word the OCR ran together meet their neighbours in
    the pass that splits them, so a second pass finds nothing left to change."""
    once = normalize(raw).text
    assert words in once
    assert normalize(once).text == once


@settings(max_examples=examples(30, 100), deadline=None)
@given(
    st.lists(
        st.sampled_from(
            regex.findall(r"\S+", (RAW.parent / "raw" / SEEDS[2].name).read_text(encoding="utf-8"))
        ),
        max_size=80,
    )
)
def test_modern_projection_of_modern_text_is_identity(words: list[str]) -> None:
    raw = " ".join(words)
    nt = normalize(raw)
    if nt.orthography == "modern":
        assert nt.modern == nt.text


def test_seed_maps_and_idempotence() -> None:
    for p in SEEDS:
        nt = normalize(p.read_text(encoding="utf-8"), p.name)
        check_map(nt, nt.text, nt.text_map)
        check_map(nt, nt.modern, nt.modern_map)
        check_unchanged_words(nt)
        assert normalize(nt.text).text == nt.text, p.name
        again = normalize(nt.text)
        assert not [c for c in again.changes if c.applied], p.name
        for c in nt.changes:
            assert nt.raw[c.start : c.end] == c.orig


def test_modern_seed_is_its_own_projection() -> None:
    nt = normalize(SEEDS[2].read_text(encoding="utf-8"))
    assert nt.orthography == "modern" and nt.modern == nt.text
    assert nt.modern_map.starts == nt.text_map.starts


def test_map_points_to_the_raw_letters() -> None:
    raw = "Двадцать четыре основные пасьянса с двадцатью таблицами - [4]\n\nСдђдуетъ кладутъ."
    nt = normalize(raw)
    i = nt.text.index("кладутъ")
    assert nt.span(i, i + 7).start == raw.index("кладутъ")
    j = nt.modern.index("кладут")
    sp = nt.span(j, j + 6, modern=True)
    assert raw[sp.start : sp.end] == "кладут"


@given(st.text(alphabet="аб\nc", max_size=30), st.data())
def test_apply_edits_composes(text: str, data) -> None:
    """apply_edits on an identity map: every kept character maps to itself."""
    n = len(text)
    cuts = sorted(data.draw(st.lists(st.integers(0, n), max_size=6)))
    edits = []
    for k in range(0, len(cuts) - 1, 2):
        edits.append((cuts[k], cuts[k + 1], data.draw(st.sampled_from(["", "x", "yz"]))))
    out, m = apply_edits(text, edits, SegmentMap.identity(n))
    assert len(m) == len(out)
    starts = list(m.starts)
    assert starts == sorted(starts)
    pos = 0
    o = 0
    for s, e, rep in edits:
        for k in range(pos, s):
            assert m.char_span(o) == (k, k + 1) and out[o] == text[k]
            o += 1
        o += len(rep)
        pos = e


_RAWS = [p.read_text(encoding="utf-8") for p in SEEDS]


@settings(
    max_examples=examples(15, 60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.integers(0, len(_RAWS) - 1), st.integers(0, 10_000), st.integers(1, 3_000))
def test_slices_of_the_seeds(k: int, start: int, length: int) -> None:
    """Any stretch of a real scan, cut anywhere (mid-word, mid-paragraph): maps hold and a
    second pass changes nothing."""
    raw = _RAWS[k]
    s = start % len(raw)
    piece = raw[s : s + length]
    nt = normalize(piece)
    check_map(nt, nt.text, nt.text_map)
    check_map(nt, nt.modern, nt.modern_map)
    check_unchanged_words(nt)
    assert normalize(nt.text).text == nt.text
