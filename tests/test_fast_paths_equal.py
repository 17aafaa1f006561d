"""The user's path takes shortcuts for speed; each must answer exactly as the long way does.

Whole-path identity (every real passage, the corpus, the pages sets) is
`benchmarks/extract_identity.py --save/--compare`; these are the cheap checks of each
shortcut on its own, on crafted inputs that reach its edge cases.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from pipeline.extract.game import _tree_copy
from pipeline.extract.islands import compiled
from pipeline.extract.output import _Dumper, _NoAliases, spec_text
from pipeline.extract.scanner import plan, scan
from pipeline.extract.tokens import tokenize
from pipeline.normalize.confusions import MAX_CANDIDATES, shipped_table
from pipeline.normalize.correct import Corrector
from pipeline.normalize.lexicon import lexicon
from pipeline.segment.fold import fold

WORDS = ["карта", "картъ", "мѣсто", "нерваго", "катггами", "піести", "внѵтренняго",
         "перекладывать", "основаніе", "длать", "туз", "тузъ", "въ", "и", "а", "ѣ", "іі",
         "пасьянс", "windows", "solitaire", "клондайк", "четырехмастный", "ёлка", "еееее",
         "ниииииииииииииииииииииииииииии"]  # fmt: skip


@pytest.mark.parametrize("min_weight", [0.4, 0.01, 0.0])
def test_one_confusion_search_is_the_full_search(min_weight: float) -> None:
    table = shipped_table()
    for word in WORDS:
        for limit in (MAX_CANDIDATES, 3):
            full = table._search(word, 1, limit, min_weight)
            fast = table._single(word, limit, min_weight)
            assert list(fast.items()) == list(full.items()), word  # order too


def test_neighbours_is_candidates_without_the_copy() -> None:
    table = shipped_table()
    got = table.neighbours("нерваго", 1, min_weight=0.4)
    assert dict(got) == table.candidates("нерваго", 1, min_weight=0.4)
    assert "перваго" in got


def test_unknown_prefix_settles_only_unknown_words() -> None:
    lex = lexicon(False)
    assert lex.unreachable_prefix("windows") == "w"
    assert lex.unreachable_prefix("карта") is None  # a word: every prefix begins one
    assert lexicon(True).unreachable_prefix("windows") is None  # pre-reform: not used
    for word in ("windows", "клондайк", "пасьян", "ёлкаа", "еелка", "line"):
        cands = sorted(Corrector._generic(None, word))  # type: ignore[arg-type]
        assert lex.known_among(cands, word) == [c for c in cands if lex.known(c)], word
    # the edits of a Latin word that are words: those that drop the Latin letters' prefix
    assert lex.known_among(["wкарта", "карта"], "windows") == ["карта"]


def test_one_letter_edits() -> None:
    edits = Corrector._generic(None, "аб")  # type: ignore[arg-type]
    assert {"б", "а", "ба", "аб" + "в", "вб", "ааб"} <= edits
    assert "аб" not in edits
    n = 2
    assert len(edits) <= (n + 1) * 35 + n * 35 + n + (n - 1)


def test_fold_remembered_is_fold() -> None:
    text = "Всѣ  КАРТЫ\nкладутъ въ рядъ"
    assert fold(text) == fold(text) == "все карты кладут в ряд"
    long = "Тузъ " * 400
    assert fold(long) == ("туз " * 400).strip()


class _Reference(_Dumper):  # type: ignore[valid-type,misc]
    def ignore_aliases(self, data: object) -> bool:
        return True


def test_draft_yaml_is_pyyaml_safe_dump() -> None:
    shared = {"rank": "K", "suit": None}
    tricky = ["", "yes", "no", "null", "~", "1", "1.5", "0x10", "true", "on", "a: b", "- x",
              "#c", "'q'", '"d"', "2020-01-01", ".inf", "<<", "x\ny", " lead", "trail ",
              "карта " * 30, "=", "@"]  # fmt: skip
    data = {
        "id": "test",
        "words": tricky,
        "numbers": [0, -3, 7, True, False, None, 1.5, 1e20, float("inf")],
        "nested": {"a": [shared, shared], "b": {"c": [], "d": {}}, 1: "int key", False: "b"},
    }
    for width in (100, 40):
        ours = yaml.dump(data, Dumper=_NoAliases, allow_unicode=True, sort_keys=False, width=width)
        ref = yaml.dump(data, Dumper=_Reference, allow_unicode=True, sort_keys=False, width=width)
        assert ours == ref
    assert yaml.safe_load(spec_text(data)) == yaml.safe_load(
        yaml.dump(data, Dumper=_Reference, allow_unicode=True)
    )


def test_tree_copy_is_deepcopy() -> None:
    shared = {"x": [1, 2]}
    spec = {"a": [shared, shared], "b": ("t", 1), "c": {"d": None, "e": 1.5, "f": True}}
    ours, ref = _tree_copy(spec, {}), copy.deepcopy(spec)
    assert ours == ref == spec
    assert ours["a"][0] is ours["a"][1] and ref["a"][0] is ref["a"][1]  # shared once
    assert ours["a"][0] is not shared and ours["c"] is not spec["c"]


PLAN_SENTENCES = (
    "Четыре туза кладут в ряд, а на них карты той же масти по возрастанию.",
    "Свободное место заполняют королём или любой картой из колоды.",
    "Колоду пересдают два раза.",
    "Раскладывают 8 кучек по 4 карты, из которых верхние открыты; короли кладутся на пустые.",
    "Тузы",
    "Карты кладут на основания от туза до короля через одну, чередуя цвета.",
)


def test_island_plan_is_the_plan_of_every_character_ahead() -> None:
    comp = compiled(None)
    for sentence in PLAN_SENTENCES:
        types = [t.type for t in tokenize(sentence)]
        s, tries = plan(comp, types)
        ahead: set[str] = set()
        for i in range(len(s) - 1, -1, -1):
            ahead.add(s[i])
            here, pair = s[i], s[i : i + 2]
            want = [
                name
                for name, _src, req in comp.starting[s[i]]
                if req <= ahead
                and (here in comp.heads[name] or (len(pair) == 2 and pair in comp.heads[name]))
            ]
            assert [name for name, _p in tries[i]] == want


def test_island_scan_finds_what_every_island_tried_everywhere_finds() -> None:
    comp = compiled(None)
    found = 0
    for sentence in PLAN_SENTENCES:
        types = [t.type for t in tokenize(sentence)]
        want = []
        s = "".join(comp.codes[t] for t in types)
        for i, ch in enumerate(s):
            for name, src, _req in comp.starting[ch]:
                m = comp.pattern(name, src).match(s, i)
                if m and m.end() > i:
                    want.append((i, m.end(), name))
        assert scan(comp, types) == want
        found += len(want)
    assert found >= 5  # the sentences have islands


def test_island_heads_are_the_first_two_codes_of_what_it_matches() -> None:
    """`_heads` against the island's own regex: every code pair (and lone code) it admits
    begins a match or a partial one, and every one it leaves out begins none."""
    import regex

    comp = compiled(None)
    codes = sorted(comp.codes.values())
    for name, source, first in comp.islands[:12]:
        pattern = regex.compile(source)
        heads = comp.heads[name]
        for a in sorted(first):
            assert (a in heads) == (pattern.fullmatch(a) is not None), name
            for b in codes:
                admits = pattern.fullmatch(a + b, partial=True) is not None
                assert (a + b in heads) == admits, (name, a, b)


def test_known_modern_by_tags_is_by_parses() -> None:
    from pipeline.normalize.lexicon import _PROPER, Lexicon

    lex = Lexicon(False)
    morph = lex.morph
    words = ["иван", "москва", "пётр", "петр", "ёлка", "елка", "еще", "а", "т", "г", "ул",
             "карта", "карты", "тузы", "кладут", "ромалы", "сургута", "европы"]  # fmt: skip
    for w in words:
        by_parses = any(
            p.is_known and not (_PROPER & p.tag.grammemes) for p in morph.parse(w)
        ) and (w in lex.domain_mod or morph.word_is_known(w, strict="е" not in w))
        assert lex.known_modern(w) == (by_parses or w in lex.domain_mod), w
    assert not lex.known_modern("москва") and lex.known_modern("карта")


def test_edit_count_is_the_number_of_edits() -> None:
    from pipeline.normalize.correct import edit_count

    for word in ["", "а", "аа", "ааа", "абаб", "wіndows", "ёж", "кааарта", *WORDS]:
        assert edit_count(word) == len(Corrector._generic(None, word)), word  # type: ignore[arg-type]


def test_known_edits_by_prefixes_are_the_known_edits() -> None:
    from pipeline.normalize.correct import _ALPHABET

    lex = lexicon(False)
    for word in ["windows", "картта", "перекладывть", "тузз", "каорта", "ккарты", "ёлкаа",
                 "елкаа", "колодаа", "стоопки", "пасьян", "line", "ъъ"]:  # fmt: skip
        every = Corrector._generic(None, word)  # type: ignore[arg-type]
        found = lex.known_edits(word, _ALPHABET)
        assert found is not None and sorted(found) == sorted(c for c in every if lex.known(c))
    assert "карта" in (lex.known_edits("картта", _ALPHABET) or [])
    assert lexicon(True).known_edits("картта", _ALPHABET) is None  # pre-reform: the long way


def test_orthography_prefilters_change_no_verdict() -> None:
    from pipeline.normalize import orthography as o

    bare = o.regex.compile(
        r"(?<![\p{L}\p{M}])\p{L}+[бвгджзклмнпрстфхцчшщБВГДЖЗКЛМНПРСТФХЦЧШЩ](?![\p{L}\p{M}.])"
    )
    text = "Стол и стул. Сказ.\u0301 кот\u0301 б в. дом, Windows ѣль объявленiе т.д. брат"
    assert o._BARE_FINAL_WORD.findall(text) == bare.findall(text) == ["Стол", "дом", "брат"]
    assert o.detect("Карты кладут в ряд, туз на стол.") == "modern"
    assert o.detect("Карты кладутъ въ рядъ, тузъ на столъ.") == "pre-reform"


def test_orthography_runs_are_the_patterns() -> None:
    """One scan for the runs of letters and marks finds what the three word patterns find."""
    import random

    from pipeline.normalize import orthography as o

    rng = random.Random(7)
    pieces = ["стол", "Стол", "ѣ", "Ѣ", "ђ", "і", "ъ", "Ъ", "ї", "w", "Q", "\u0301", "\u0306",
              " ", ".", ",", "-", "1", "б", "Б", "щ", "а", "я", "\n", "«", "ё", "_"]  # fmt: skip
    texts = ["", "б", "бб", "аб.", "аб\u0301", "\u0301аб", "ab", "стол.", "столъ", "кот\u0301 дом"]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 40))) for _ in range(3000)]
    for text in texts:
        marked, bare, latin = o._words(text)
        assert marked == o._MARKED_WORD.findall(text), text
        assert bare == o._BARE_FINAL_WORD.findall(text), text
        assert latin == o._LATIN_WORD.findall(text), text
    assert o._words("Сказ.\u0301 кот\u0301 дом wіndows тузъ") == (
        ["wіndows", "тузъ"],
        ["дом"],
        ["wіndows"],
    )


def test_projection_test_is_the_patterns() -> None:
    """`needs_projection` tries the prefix patterns only on a word with з: the same answers."""
    import random

    from pipeline.normalize import modern as m

    def every_pattern(word: str) -> bool:
        return (
            m._PRE_MARKS.search(word) is not None
            or word.lower() in m._WORDS
            or m._PREFIX.match(word.lower()) is not None
            or m._INNER_PREFIX.search(word.lower()) is not None
        )

    rng = random.Random(11)
    pieces = ["из", "раз", "без", "чрез", "воз", "низ", "вз", "роз", "ИЗ", "Раз", "З", "з",
              "к", "п", "с", "т", "ф", "х", "ц", "ч", "ш", "щ", "а", "о", "не", "ся", "ия",
              "аго", "ѣ", "ъ", "онѣ", "ея", "ᲇ", "ᲆ", "е"]  # fmt: skip
    words = ["", "з", "изкусство", "небезполезный", "разсказъ", "онѣ", "Ея", "стол"]
    words += ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 6))) for _ in range(5000)]
    for word in words:
        assert m.needs_projection(word) == every_pattern(word), word


def test_draft_yaml_written_here_is_pyyaml_text() -> None:
    import random

    from pipeline.extract.output import _block_text, _dump

    rng = random.Random(5)
    pieces = ["карта", "туз", "a", "1", "-", ":", "#", " ", "  ", "'", '"', "\n", ",", "?",
              "[", "{", "yes", "null", "...", "---", "ё", "\u00a0", "\t", "№", "—", "x:y",
              "é", "\U0001f0a1", "%", "@", "!", "*", "&", "|", ">", "`", "~", "0x1F",
              "\u2028", "\ufeff", "слово ", "очень длинная фраза ", ": ", " #"]  # fmt: skip

    def text() -> str:
        n = rng.choice([1, 2, 3, 30, 60, 120])
        return "".join(rng.choice(pieces) for _ in range(n))

    def value(depth: int):
        r = rng.random()
        if depth > 3 or r < 0.5:
            return rng.choice([text(), text(), rng.randint(-5, 5), True, None, 1.5, ""])
        if r < 0.75:
            return {rng.choice([text(), "id", "at", "spans"]): value(depth + 1) for _ in range(3)}
        return [value(depth + 1) for _ in range(rng.randint(0, 3))]

    written = 0
    for _ in range(400):
        doc = {"id": text(), "notes": "Draft.\n", "body": value(0), "at": [[0, 1], []]}
        ours = _block_text(doc)
        if ours is not None:
            written += 1
            assert ours == _dump(doc), doc
    assert written > 50  # the shortcut is taken, not only the fallback


@pytest.mark.parametrize("prereform", [False, True])
def test_tags_are_the_tags_of_the_parses(prereform: bool) -> None:
    from pipeline.normalize.lexicon import Lexicon

    words = [*WORDS, "вея", "кладя", "держа", "колода", "карты", "ёлка", "елка", "еще", "всё",
             "в", "т", "г", "ул", "москва", "иван", "дѣлая", "мѣста", "сдавая", "xyz", "по-русски",
             "какой-то", "пасьянсъ", "основанія", "двѣ", "столъ", "видѣ"]  # fmt: skip
    fast, slow = Lexicon(prereform), Lexicon(prereform)
    for word in words:
        got = sorted(map(str, fast.tags(word)))
        assert got == sorted(str(p.tag) for p in slow.parses(word)), word


def test_bare_final_is_the_pattern() -> None:
    from pipeline.normalize import lexicon

    for word in ["", "б", "аб", "ба", "столъ", "стол", "стол\n", "стол\n\n", "\n", "б\n", "ъ\n",
                 "Стол", "столЪ", "тщ", "а\nб", "б\nа"]:  # fmt: skip
        assert lexicon._bare_final(word) == (lexicon._BARE_FINAL.search(word) is not None), word


def test_reading_tags_are_the_known_parses_tags() -> None:
    """`_reading_tags` answers any and all questions as the known parses do: the same tags."""
    from pipeline.normalize.correct import WORD
    from pipeline.normalize.lexicon import Lexicon

    lex = Lexicon(True)
    words = {"в", "т", "е", "и", "вс", "сми", "ул", "еще", "всё", "ёлка", "елка", "какой-то",
             "по-русски", "xyz", "вея", "двое", "они", "большие", "которые", "мест"}  # fmt: skip
    raw = Path(__file__).resolve().parent.parent / "corpus" / "raw"
    for path in sorted(raw.glob("*.txt"))[:2]:
        for w in WORD.findall(path.read_text(encoding="utf-8")):
            words.add(lex.modern(w.lower()))
    for word in sorted(words):
        got = {str(t) for t in lex._reading_tags(word)}
        assert got == {str(p.tag) for p in lex._known_parses(word)}, word


def test_fold_is_the_translation_table_and_the_whitespace_pattern() -> None:
    import re

    from pipeline.segment.fold import _FINAL_HARD, _SPACES, _TABLE

    for text in ("Ёлка  ѢЛЬ\tІ ЇЖ ѳита ѵ", "объѣздъ, въ\u00a0домъ\u2028конъ", " ъ ", "", "ъ",
                 "Ъ.Ъ", "\u00a0\n x \x1c y ", "ѣѣ ёё ii"):  # fmt: skip
        ref = _SPACES.sub(" ", _FINAL_HARD.sub("", text.lower().translate(_TABLE))).strip()
        assert fold(text) == ref, repr(text)
        assert re.sub(r"\s+", " ", text).strip() == " ".join(text.split())


def test_remembered_tests_answer_as_the_test() -> None:
    from pipeline.segment import finding

    for test in (finding.rule_sentence, finding.furniture_sentence, finding.is_furniture):
        for text in ("Главная О сайте", "Карты кладут в ряд по 4.", "12 кучек по 4 карты",
                     "Поделись игрой с друзьями.", "https://example.ru", "• 7 стопок"):  # fmt: skip
            want = test.__wrapped__(text)  # type: ignore[attr-defined]
            assert test(text) == want and test(text) == want, (test.__name__, text)


def test_sentence_unit_with_nothing_to_collapse_is_the_collapsed_unit() -> None:
    import re

    from pipeline.normalize.core import normalize
    from pipeline.segment.known import known_games
    from pipeline.segment.segmenter import _Builder

    raw = "Тузы кладут вверх.  Короли\tна  свободные места.\nДама, валет; десятка."
    nt = normalize(raw, "t")
    builder = _Builder(nt, "t.txt", known_games())
    for s, e in ((0, 18), (0, len(nt.text)), (5, 11), (19, 30), (3, 3)):
        unit = builder.unit("play", 1, s, e)
        words = list(re.finditer(r"\S+", nt.text[s:e]))
        assert unit.text == " ".join(m.group() for m in words)
        offsets: list[int] = []
        for m in words:
            if offsets:
                offsets.append(offsets[-1] + 1)
            offsets.extend(range(s + m.start(), s + m.end()))
        assert unit.offsets == offsets


def test_offset_arrays_from_the_counting_array_are_the_ranges() -> None:
    import random
    from array import array

    from pipeline.normalize.offsets import SegmentMap

    rng = random.Random(7)
    for trial in range(300):
        k = rng.randint(1, 5)
        n = rng.randint(0, 40)
        outs = array("q", [0, *sorted(rng.randint(0, n) for _ in range(k - 1))])
        top = 3_000_000 if trial % 5 == 0 else 50  # past the counting array, too
        rss = array("q", [rng.randint(0, top) for _ in range(k)])
        res = array("q", [r + rng.randint(0, 4) for r in rss])
        kinds = bytearray(rng.choice([0, 1]) for _ in range(k))
        m = SegmentMap(n, outs, rss, res, kinds)
        starts, ends = array("q"), array("q")
        for j in range(k):
            c = (outs[j + 1] if j + 1 < k else n) - outs[j]
            if c <= 0:
                continue
            if kinds[j] == 0:
                starts.extend(range(rss[j], rss[j] + c))
                ends.extend(range(rss[j] + 1, rss[j] + c + 1))
            else:
                starts.extend([rss[j]] * c)
                ends.extend([res[j]] * c)
        assert m.starts == starts and m.ends == ends


def test_words_read_by_span_and_last_group() -> None:
    from pipeline.extract.tokens import _WORD, words

    for sentence in ("Т. е. карты, и т. д.; напр. туз (см. выше) — 12-я «дама»!",
                     "и т.п. тузы", "сметь т.е.", ""):  # fmt: skip
        want = tuple(
            ("…" if m.group("abbr") else m.group(), m.start(), m.end())
            for m in _WORD.finditer(sentence)
        )
        assert words(sentence) == want
    assert words("т. е.")[0][0] == "…"


def _literal(tree, defs, codes, stack=()) -> str:
    """The island's regex transcribed node by node, every part grouped: the reference
    `scanner._to_regex` must match as (it writes classes and fewer groups)."""
    import regex
    from lark.grammar import Terminal

    kind = tree.data
    if kind == "expansions":
        return "(?:" + "|".join(_literal(c, defs, codes) for c in tree.children) + ")"
    if kind == "expansion":
        return "".join(_literal(c, defs, codes) for c in tree.children)
    if kind == "expr":
        return "(?:" + _literal(tree.children[0], defs, codes) + ")" + str(tree.children[1])
    sym = tree.children[0]
    if isinstance(sym, Terminal):
        return regex.escape(codes[sym.name])
    return _literal(defs[sym.name], defs, codes)


def test_small_island_regex_matches_as_the_literal_transcription() -> None:
    """Only a match's span is read (no group is captured), so the two must give the same
    longest match at every place of every clause, for every island."""
    import regex

    from pipeline.extract.islands import grammar_text, terminals
    from pipeline.extract.scanner import _rule_defs, _to_regex, island_names

    defs = _rule_defs(grammar_text(None))
    comp = compiled(None)
    strings = ["".join(comp.codes[t.type] for t in tokenize(s)) for s in PLAN_SENTENCES]
    strings += ["".join(comp.codes[t] for t in terminals(None))]  # every code once
    matched = 0
    for name in island_names(defs):
        small = _to_regex(defs[name], defs, comp.codes, (name,))
        literal = _literal(defs[name], defs, comp.codes)
        assert len(small) <= len(literal)
        a, b = regex.compile(small, regex.POSIX), regex.compile(literal, regex.POSIX)
        for s in strings:
            for i in range(len(s)):
                ma, mb = a.match(s, i), b.match(s, i)
                assert (ma and ma.span()) == (mb and mb.span()), (name, s, i)
                matched += ma is not None
    assert matched >= 10


def test_small_island_regex_writes_classes_and_groups_only_where_needed() -> None:
    from lark.load_grammar import load_grammar

    from pipeline.extract.scanner import _to_regex

    text = "%declare A B C\nisl: (A | B)* C? (A C | B)+ (A | (B | C))\n"
    grammar, _ = load_grammar(text, "<t>", [], False)
    defs = {str(n): t for n, _p, t, _o in grammar.rule_defs}
    codes = {"A": "a", "B": "b", "C": "c"}
    assert _to_regex(defs["isl"], defs, codes, ("isl",)) == "[ab]*c?(?:ac|b)+[abc]"


def test_analyser_named_by_path_is_the_one_pymorphy3_finds(monkeypatch) -> None:
    import pymorphy3

    from pipeline.normalize.lexicon import morph as analyser

    analyser.cache_clear()
    try:
        ours, found = analyser(), pymorphy3.MorphAnalyzer()
        assert (ours.dictionary.path, ours.lang) == (found.dictionary.path, found.lang)
        assert [(p.tag, p.normal_form, p.score) for p in ours.parse("стали")] == [
            (p.tag, p.normal_form, p.score) for p in found.parse("стали")
        ]
        analyser.cache_clear()  # pymorphy3's variable still names the dictionary
        monkeypatch.setenv(pymorphy3.MorphAnalyzer.DICT_PATH_ENV_VARIABLE, "/nonexistent")
        with pytest.raises(OSError):
            analyser()
    finally:
        analyser.cache_clear()


def _phrases_by_first(toks: list, vocab) -> list:
    """`tokens._phrases` the long way: every phrase its first lemma begins, in order."""
    from pipeline.extract.tokens import Tok

    lemmas = tuple(t.lemma for t in toks)
    out, i = [], 0
    while i < len(toks):
        for seq, term in vocab.by_first.get(lemmas[i], ()):
            if lemmas[i : i + len(seq)] == seq:
                first, last = toks[i], toks[i + len(seq) - 1]
                words = (first.words[0], last.words[1])
                out.append(Tok(term, " ".join(seq), " ".join(seq), first.start, last.end, words))
                i += len(seq)
                break
        else:
            out.append(toks[i])
            i += 1
    return out


@pytest.mark.parametrize("book", [None, "pujol-ru"])
def test_phrases_by_two_lemmas_are_the_phrases_by_first(book) -> None:
    """Every phrase of the vocabulary, whole, cut short and run into the next: the same
    tokens as trying every phrase its first lemma begins."""
    from pipeline.extract.tokens import Tok, _phrases, vocabulary

    vocab = vocabulary(book)
    lemmas: list[str] = []
    for seq, _term in vocab.phrases:
        lemmas += [*seq, "и", *seq[:-1], *seq[:1]]
    toks = [Tok("W", None, w, i, i + 1, (i, i + 1)) for i, w in enumerate(lemmas)]
    got = _phrases(toks, vocab)
    assert got == _phrases_by_first(toks, vocab)
    assert sum(t.type != "W" for t in got) >= len(vocab.phrases)
    for n in (1, 2, 3):  # a phrase at the very end
        assert _phrases(toks[-n:], vocab) == _phrases_by_first(toks[-n:], vocab)


# sentences each of which some rewriting pass of `tokenize` changes, and some none does
PASS_SENTENCES = (
    *PLAN_SENTENCES,
    "13-я карта идёт в 1-й ряд, а 4-5 карт остаются.",
    "Карты сдаются открытыми, играющий берёт их.",
    "Запасные пачки лежат справа, запасные карты слева.",
    "Карты кладут в возрастающей линии.",
    "Очистите семь колонок; вам необходимо разобрать пирамиду.",
    "Стопки расклада заполняют тузами.",
    "Кладут карту на единицу большего достоинства, младшую на одно очко, на одно значение "
    "больше или меньше.",
    "Кроме того, короли кладутся на пустые места.",
    "Следует класть карты в восемь вертикальных колонок.",
    "Берут пятьдесят две карты, сто четыре карты и 8 пик.",
    "Кладут в четыре базовые стопки, переносят на восемь оснований.",
    "Восемь базовых стопок собираются от туза.",
)


def _tokenize_every_pass(sentence: str, book: str | None) -> list:
    """`tokenize` running every rewriting pass whatever the sentence's token types."""
    from pipeline.extract import tokens as tk

    key = tk.book_key(book)
    known = tk._readings(key)
    raw = []
    for i, (w, s, e) in enumerate(tk.words(sentence)):
        r = known.get(w) or tk._token_reading(w, key)
        raw.append(tk.Tok(r[0], r[1], r[2], s, e, (i, i + 1), r[3]))
    raw = tk._phrases(tk._digit_ordinals(raw), tk.vocabulary(key))
    raw = tk._place_phrases(raw, sentence)
    raw = tk._addressed(tk._order_lines(tk._reserve_adjectives(tk._participles(raw))), sentence)
    raw = tk._besides(tk._measured(tk._of_the_layout(raw)), sentence)
    raw = tk._counted_foundations(tk._suited_numbers(tk._compounds(tk._modals(raw))))
    return tk._collapse(raw)


@pytest.mark.parametrize("book", [None, "pujol-ru"])
def test_tokenize_skipping_passes_is_every_pass(book) -> None:
    """The passes a sentence's token types rule out, skipped: the same tokens, and the
    sentences do exercise the passes (most of them change the bare readings)."""
    for sentence in PASS_SENTENCES:
        assert tokenize(sentence, book) == _tokenize_every_pass(sentence, book), sentence
    bare = [[t.type for t in tokenize(s, book)] != _bare_types(s, book) for s in PASS_SENTENCES]
    assert sum(bare) >= 12


def _bare_types(sentence: str, book: str | None) -> list[str]:
    """The token types with no rewriting pass at all, water runs collapsed."""
    from pipeline.extract import tokens as tk

    key = tk.book_key(book)
    raw = [
        tk.Tok(*tk._token_reading(w, key)[:3], s, e, (i, i + 1))
        for i, (w, s, e) in enumerate(tk.words(sentence))
    ]
    return [t.type for t in tk._collapse(tk._phrases(raw, tk.vocabulary(key)))]
