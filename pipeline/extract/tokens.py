"""Sentence -> grammar tokens: lemma-level terminals, so the grammar never lists word forms.

Each word is lemmatized with pymorphy3 (the morphology the normalizer already ships). A lemma
listed in the vocabulary (`grammar/terms.yaml`, plus the book's extension) becomes that
terminal; numerals (cardinal and ordinal, any case) become NUM / ORD with their number, rank
and suit words become RANK / SUIT with the card value, Roman numerals ROMAN (rule references).
Every other word is water, and a run of water words is one W token: the Earley parser then
sees a short sentence of meaningful tokens.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise
from typing import Any, NamedTuple

import regex

from pipeline.extract.deal_bound import deal_bound, pack_out
from pipeline.extract.deck_piles import counted_decks
from pipeline.extract.distributive import all_as_each, one_each, over_places
from pipeline.extract.governed import governed_nouns
from pipeline.extract.grids import grids, per_row, rows_of_places
from pipeline.extract.passes import fewer_each, later_passes
from pipeline.extract.predicates import fitting_condition, named_card
from pipeline.extract.suit_asides import suit_asides
from pipeline.resources import data_dir, lasting
from pipeline.segment.elision import elided_verb

_WORD = regex.compile(
    r"(?P<abbr>\bт\.\s?-?\s?е\.|\bи\s+т\.\s?[дп]\.|\bнапр\.|\bсм\.)"
    r"|\p{L}+(?:[-'’]\p{L}+)*|\d+|[(),;:«»—–\-№.!?]",
    regex.IGNORECASE,
)
_ROMAN = regex.compile(r"^(?=[IVXLC])M*(C[MD]|D?C{0,3})(X[CL]|L?X{0,3})(I[XV]|V?I{0,3})$")
_PUNCT = {
    ",": "COMMA",
    ";": "SEMI",
    ":": "COLON",
    "(": "LPAR",
    ")": "RPAR",
    "—": "DASH",
    "–": "DASH",
    "-": "DASH",
    "«": "W",
    "»": "W",
    "№": "NUMBER_SIGN",
    ".": "STOP",
    "!": "STOP",
    "?": "STOP",
    "…": "W",  # abbreviations (т. е., и т. д., напр.)
}

CARDINALS = {
    "один": 1,
    "два": 2,
    "оба": 2,
    "три": 3,
    "четыре": 4,
    "пять": 5,
    "шесть": 6,
    "семь": 7,
    "восемь": 8,
    "девять": 9,
    "десять": 10,
    "одиннадцать": 11,
    "двенадцать": 12,
    "тринадцать": 13,
    "четырнадцать": 14,
    "пятнадцать": 15,
    "шестнадцать": 16,
    "семнадцать": 17,
    "восемнадцать": 18,
    "девятнадцать": 19,
    "двадцать": 20,
    "тридцать": 30,
    "сорок": 40,
    "пятьдесят": 50,
    "сто": 100,
    "двое": 2,
    "трое": 3,
    "четверо": 4,
    "пятеро": 5,
    "шестеро": 6,
    "семеро": 7,
    "восьмеро": 8,
    "шестьдесят": 60,
    "семьдесят": 70,
    "восемьдесят": 80,
    "девяносто": 90,
}
ORDINALS = {
    "первый": 1,
    "второй": 2,
    "третий": 3,
    "четвертый": 4,
    "пятый": 5,
    "шестой": 6,
    "седьмой": 7,
    "восьмой": 8,
    "девятый": 9,
    "десятый": 10,
    "одиннадцатый": 11,
    "двенадцатый": 12,
    "тринадцатый": 13,
}
RANKS = {
    "туз": 1,
    "двойка": 2,
    "тройка": 3,
    "четверка": 4,
    "пятерка": 5,
    "шестерка": 6,
    "семерка": 7,
    "восьмерка": 8,
    "девятка": 9,
    "десятка": 10,
    "валет": 11,
    "дама": 12,
    "король": 13,
}
SUITS = {
    "пика": "S",
    "пики": "S",
    "пиковый": "S",
    "черва": "H",
    "черви": "H",
    "червь": "H",
    "червонный": "H",
    "бубна": "D",
    "бубны": "D",
    "бубновый": "D",
    "трефа": "C",
    "трефы": "C",
    "трефовый": "C",
}
# Tokens a clause may never drop into water (rules/README: negation, restriction, exception,
# condition).
MARKERS = frozenset({"NEG", "ONLY", "EXCEPT", "COND", "LACKING"})


class Tok(NamedTuple):
    """One grammar token: its terminal, value (number, rank, suit or lemma) and where it is.

    A named tuple: immutable and hashed by its fields as a frozen dataclass is, made in one
    call (a sentence makes dozens; a frozen dataclass sets each field by a call of its own)."""

    type: str
    value: Any
    lemma: str
    start: int  # character offsets in the parsed (modern) sentence
    end: int
    words: tuple[int, int] = (0, 0)  # word indices [first, last+1) in the sentence
    feats: frozenset[str] = frozenset()  # grammemes of the form (pymorphy3: plur, gent …)
    counted: int | None = None  # a place's numeral said with it («в четыре основания»)


@dataclass(frozen=True)
class Vocabulary:
    """Lemma -> terminal, and fixed expressions; the core plus one book's extension."""

    lemmas: dict[str, str]
    phrases: tuple[tuple[tuple[str, ...], str], ...]  # longest first
    terminals: frozenset[str] = field(default_factory=frozenset)

    # first lemma -> the phrases that start with it
    by_first: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = field(default_factory=dict)
    # (first lemma, second lemma) -> the phrases that can start with them, in `phrases`'
    # order: those of two words or more that do, then those of one word that is the first
    # («на» begins forty phrases; the next word leaves a few); (first lemma,) -> those of one
    by_two: dict[tuple[str, ...], tuple[tuple[tuple[str, ...], str], ...]] = field(
        default_factory=dict
    )


def _read(path) -> dict:
    """A vocabulary file; a key written twice is refused (YAML would keep the last one
    silently and drop a whole list of lemmas)."""
    from pipeline.spec.yamlsafe import load_document

    if not path.is_file():
        return {}
    data = load_document(path.read_text(encoding="utf-8"), str(path)).data
    return data if isinstance(data, dict) else {}


@lru_cache(maxsize=16)
def vocabulary(book: str | None = None) -> Vocabulary:
    """The vocabulary for a book (`grammar/books/<book>.yaml` extends the core), kept on disk
    between runs (`diskcache`): the pure-Python YAML reader takes a sixteenth of the
    start-up of `pasyans extract FILE` on it."""
    import sys
    from pathlib import Path

    from pipeline.extract.diskcache import cached

    root = data_dir("grammar")
    paths = [root / "terms.yaml"]
    if book:
        paths.append(root / "books" / f"{book}.yaml")
    texts = [p.read_text(encoding="utf-8") if p.is_file() else "\0absent" for p in paths]
    yamlsafe = Path(__file__).parent.parent / "spec" / "yamlsafe.py"
    parts: list[str | bytes] = [*texts, Path(__file__).read_bytes(), yamlsafe.read_bytes()]
    parts.append(sys.version)
    lemmas, ordered = cached(
        "vocabulary", parts, lambda: _vocabulary(paths), _encode_vocab, _decode_vocab
    )
    terminals = frozenset(lemmas.values()) | frozenset(t for _, t in ordered)
    return Vocabulary(lemmas, ordered, terminals, _by_first(ordered), _by_two(ordered))


_Phrases = tuple[tuple[tuple[str, ...], str], ...]


def _vocabulary(paths: list) -> tuple[dict[str, str], _Phrases]:
    """Lemma -> terminal, and the fixed expressions longest first, of the layers in order."""
    lemmas: dict[str, str] = {}
    phrases: dict[tuple[str, ...], str] = {}
    for layer in map(_read, paths):
        for term, words in (layer.get("lemmas") or {}).items():
            for w in words:
                lemmas[_fold(str(w))] = term
        for term, seqs in (layer.get("phrases") or {}).items():
            for s in seqs:
                phrases[tuple(_fold(str(s)).split())] = term
    return lemmas, tuple(sorted(phrases.items(), key=lambda kv: -len(kv[0])))


def _encode_vocab(value: tuple[dict[str, str], _Phrases]) -> dict | None:
    lemmas, ordered = value
    if not all(type(t) is str for t in (*lemmas.values(), *(t for _, t in ordered))):
        return None  # a terminal that is not a string would not come back as it was
    return {"lemmas": lemmas, "phrases": [[list(seq), term] for seq, term in ordered]}


def _decode_vocab(data: dict) -> tuple[dict[str, str], _Phrases]:
    lemmas = {str(k): str(v) for k, v in data["lemmas"].items()}
    return lemmas, tuple((tuple(map(str, seq)), str(term)) for seq, term in data["phrases"])


def _by_first(phrases: tuple) -> dict[str, tuple]:
    index: dict[str, list] = {}
    for seq, term in phrases:
        index.setdefault(seq[0], []).append((seq, term))
    return {k: tuple(v) for k, v in index.items()}


def _by_two(phrases: tuple) -> dict[tuple[str, ...], tuple]:
    ones: dict[tuple[str, ...], list] = {}
    index: dict[tuple[str, ...], list] = {}
    for seq, term in phrases:
        (ones if len(seq) == 1 else index).setdefault(seq[:2], []).append((seq, term))
    # longest first: every phrase of one word comes after those of more
    out = {k: (*v, *ones.get(k[:1], ())) for k, v in index.items()}
    out.update((k, tuple(v)) for k, v in ones.items())
    return out


def _fold(word: str) -> str:
    return word.lower().replace("ё", "е")


@lru_cache(maxsize=4096)
def _verb_word(word: str) -> bool:
    """Whether a word of water is a verb (finite, infinitive or short participle) in its
    likeliest reading: the grammemes of water are not always looked up."""
    tag = _morph().parse(_fold(word))[0].tag
    return bool({"VERB", "INFN", "PRTS"} & set(str(tag).replace(" ", ",").split(",")))


@lru_cache(maxsize=1)
def _morph():
    from pipeline.normalize.lexicon import morph as shared

    return shared()


def _reading(lemma: str, vocab: Vocabulary) -> tuple[str, Any] | None:
    """(terminal, value) of a lemma the grammar knows; None for water."""
    if lemma in vocab.lemmas:
        return vocab.lemmas[lemma], lemma
    for table, term in ((RANKS, "RANK"), (SUITS, "SUIT"), (ORDINALS, "ORD"), (CARDINALS, "NUM")):
        if lemma in table:
            return term, table[lemma]
    return None


_Forms = dict[str, tuple[str, str, Any, frozenset[str]]]


@lru_cache(maxsize=16)
def _forms(book: str | None) -> _Forms:
    """`_derive_forms`, kept on disk between runs (`diskcache`): inflecting every lemma
    is a sixth of the start-up of `pasyans extract FILE`."""
    import sys
    from pathlib import Path

    import pymorphy3

    from pipeline.extract.diskcache import cached

    vocab = vocabulary(book)
    parts = (
        repr(sorted(vocab.lemmas.items())),
        repr(vocab.phrases),
        Path(__file__).read_bytes(),
        pymorphy3.__version__,
        repr(sorted(_morph().dictionary.meta.items())),
        sys.version,
    )
    return lasting(
        cached("forms", parts, lambda: _derive_forms(book), _encode_forms, _decode_forms)
    )


def _encode_forms(table: _Forms) -> dict | None:
    """Plain JSON data, or None where a value would not come back as it was. Compact, for
    the JSON reader's time goes by the values it reads: each set of grammemes once (the forms
    share a few hundred), and the words in runs of one (terminal, lemma, value), in order."""
    sets: dict[frozenset[str], int] = {}
    runs: list[list] = []
    last = None
    for word, (term, lemma, value, feats) in table.items():
        if value is not None and type(value) not in (str, int):
            return None
        if (term, lemma, value) != last:
            last = (term, lemma, value)
            runs.append([term, lemma, value, []])
        runs[-1][3] += [word, sets.setdefault(feats, len(sets))]
    return {"sets": [sorted(f) for f in sets], "runs": runs}


def _decode_forms(data: dict) -> _Forms:
    sets = [frozenset(map(str, f)) for f in data["sets"]]
    table: _Forms = {}
    for term, lemma, value, words in data["runs"]:
        for i in range(0, len(words), 2):
            table[words[i]] = (term, lemma, value, sets[words[i + 1]])
    return table


_OLD_PLURAL = regex.compile(r"([ыи])е(ся)?$")


def _older_spellings(word: str, feats: frozenset[str]) -> list[str]:
    """Older forms of a modern word form that a pre-reform page's modern projection keeps
    when the normalizer's dictionary does not know the word: «осьми», «осьмой», «осмой»,
    «осмерка», «осмь», «осьмнадцать» for вось-/восем-; and the feminine and neuter plural of
    adjectives and participles in -ыя/-ія (пересдающіяся, осьмыя), which the projection
    turns into -ые/-ие only for words the dictionary knows. Never a word the dictionary
    knows as another (`word_is_known`)."""
    kept = [word[1:]] if word.startswith("вось") else []  # the books' «по осьми», «осьмая»
    out = []
    if word.startswith("вось") and word[5:6] in ("о", "а", "ы", "у", "е"):
        out.append("ос" + word[4:])  # осмой, осмая, осмерка
    if word == "восемь":
        out.append("осмь")
    if word.startswith("восемнадцат"):
        out.append("осьмнадцат" + word[len("восемнадцат") :])
    if "plur" in feats and not {"ADJF", "PRTF"}.isdisjoint(feats):
        out += [_OLD_PLURAL.sub(r"\1я\2", w) for w in [word, *kept, *out] if _OLD_PLURAL.search(w)]
    return kept + [w for w in out if w != word and not _morph().word_is_known(w)]


def _derive_forms(book: str | None) -> _Forms:
    """Every inflected form of every lemma the grammar knows -> (terminal, lemma, value,
    grammemes),
    generated once with pymorphy3 (the lemmas' lexemes, plus the older instrumental in -ою,
    -ею and the older spellings of `_older_spellings` that the books use).

    Looking a word up here is what makes tokenizing fast: most words of a page are water,
    and a word is known exactly when it is a form of a known lemma, so no word needs the
    analyser at run time."""
    vocab = vocabulary(book)
    lemmas = [*vocab.lemmas, *RANKS, *SUITS, *ORDINALS, *CARDINALS]
    # words of fixed expressions are matched on their lemmas, so their forms are listed too
    # (as water unless they are terminals themselves: начинают -> начинать, for "начинать с")
    phrase_words = [w for seq, _ in vocab.phrases for w in seq if _reading(w, vocab) is None]
    table: dict[str, tuple[str, str, Any, frozenset[str]]] = {}
    for lemma in [*lemmas, *phrase_words]:
        reading = _reading(lemma, vocab) or ("W", None)
        forms: dict[str, frozenset[str]] = {}
        for p in _morph().parse(lemma):
            if _fold(p.normal_form) == lemma:
                for f in p.lexeme:
                    word, feats = _fold(f.word), frozenset(f.tag.grammemes)
                    if len(word) < 2 and word != lemma:
                        continue  # «к» is listed as a form of «как»
                    forms.setdefault(word, feats)
                    if word.endswith(("ой", "ей")) and "ablt" in feats:
                        forms.setdefault(word[:-1] + "ю", feats)  # the older instrumental
                    for old in _older_spellings(word, feats):
                        forms.setdefault(old, feats)
        forms.setdefault(lemma, frozenset())
        for form, feats in forms.items():
            entry = (reading[0], lemma, reading[1], feats)
            if form == lemma and reading[0] != "W":
                table[form] = entry  # a listed lemma is its own reading, whatever else
            else:  # it inflects from (следующий is NEXT, not a form of следовать)
                table.setdefault(form, entry)
    return table


_WATER: frozenset[str] = frozenset()


def _analyse(word: str, book: str | None) -> tuple[str, str, Any, frozenset[str]]:
    """(terminal, lemma, value, grammemes) of one lower-case word; water is W."""
    if word.isdigit():
        return "NUM", word, int(word), _WATER
    return _forms(book).get(word) or ("W", word, None, _WATER)


# Parts of speech of a word that can stand between a numeral and the noun it counts,
# agreeing with it or saying how («две хорошо перетасованные колоды», «три последних карты»)
_MODIFYING = frozenset({"ADJF", "ADJS", "PRTF", "PRTS", "ADVB", "COMP", "NUMR", "NPRO"})


@lru_cache(maxsize=8192)
def _parts_of_speech(word: str) -> frozenset[str]:
    """The parts of speech of every pymorphy3 reading of a word the grammar does not know.
    Asked only of the water words after a numeral (`governed_nouns`, `counted_decks`): every
    water word analysed would cost a fifth of the extraction's speed."""
    return frozenset(str(p.tag.POS) for p in _morph().parse(word))


def _modifier(t: Tok) -> bool:
    """Whether a water word can be read as a modifier of a noun after it (in any reading)."""
    return not _MODIFYING.isdisjoint(_parts_of_speech(t.lemma))


def _water_noun(t: Tok) -> bool:
    """Whether a water word is a noun in some reading and a modifier in none."""
    return "NOUN" in _parts_of_speech(t.lemma) and not _modifier(t)


def _adjective(t: Tok) -> bool:
    """Whether a water word can be an adjective or a participle (in any reading)."""
    return not {"ADJF", "PRTF"}.isdisjoint(_parts_of_speech(t.lemma))


@lru_cache(maxsize=8192)
def words(sentence: str) -> tuple[tuple[str, int, int], ...]:
    """The words and punctuation of a sentence with their character offsets."""
    out = []
    for m in _WORD.finditer(sentence):
        s, e = m.span()
        # `abbr` is the pattern's only group: the last one matched is it or none
        out.append(("…" if m.lastgroup else m.group(), s, e))
    return tuple(out)


@lru_cache(maxsize=64)
def book_key(book: str | None) -> str | None:
    """The book whose extension applies (None: the core vocabulary and grammar alone)."""
    root = data_dir("grammar") / "books"
    if book and ((root / f"{book}.lark").is_file() or (root / f"{book}.yaml").is_file()):
        return book
    return None


_READINGS_LIMIT = 200_000  # words remembered per book (junk input must not grow it unbounded)


@lru_cache(maxsize=16)
def _readings(book: str | None) -> dict[str, tuple[str, Any, str, frozenset[str]]]:
    """Word as written -> (terminal, value, lemma, grammemes): each word is read once."""
    return {}


def _token_reading(w: str, book: str | None) -> tuple[str, Any, str, frozenset[str]]:
    if w in _PUNCT:
        return _PUNCT[w], w, w, _WATER
    if w[0] in "IVXLC" and _ROMAN.match(w):  # the pattern's look-ahead, checked first
        return "ROMAN", w, w, _WATER
    t, lemma, value, feats = _analyse(_fold(w), book)
    return t, value, lemma, feats


def first_word_type(sentence: str, book: str | None = None) -> str | None:
    """The terminal of a sentence's first word alone: a cheap look before a whole sentence
    is tokenized."""
    m = _WORD.search(sentence)
    if m is None:
        return None
    known = _readings(book_key(book))
    if len(known) > _READINGS_LIMIT:
        known.clear()
    return _word_reading(known, "…" if m.lastgroup else m.group(), book_key(book))[0]


def _word_reading(
    known: dict[str, tuple[str, Any, str, frozenset[str]]], w: str, book: str | None
) -> tuple[str, Any, str, frozenset[str]]:
    """A word's reading, remembered in `known` (the book's `_readings`)."""
    r = known.get(w)
    if r is None:
        r = known[w] = _token_reading(w, book)
    return r


# what may end a sentence as written (a list item or a cell often has no full stop)
_CLOSING = frozenset({"STOP", "SEMI", "COLON", "COMMA", "DASH", "RPAR"})


def closed(toks: list[Tok], sentence: str) -> list[Tok]:
    """«Правильные последовательности можно перемещать полностью или частями» as a list item:
    a sentence with a verb of the grammar that ends in a word ends as if with a full stop (a
    zero-width `STOP` at its end), so the islands that close at a full stop read it as they
    read the same words with one; a heading with no verb («Перемещение на пустую стопку»)
    stays as it is."""
    if not toks or toks[-1].type in _CLOSING or all(_VERBAL.isdisjoint(t.feats) for t in toks):
        return toks
    n = toks[-1].words[1]
    return [*toks, Tok("STOP", ".", ".", len(sentence), len(sentence), (n, n))]


def tokenize(
    sentence: str, book: str | None = None, entry: str | None = None, names: tuple = ()
) -> list[Tok]:
    """Grammar tokens of one (modern-spelling) sentence, water runs collapsed; `entry` is
    the place (`FOUNDATION`, `RESERVE`) an entry of a table of places describes, which its
    opening count of piles is of (`_entry_place`); `names` the places the text named in
    quotes before the sentence (`names.names_in_force`), said here by their names
    (`_named`)."""
    book = book_key(book)
    known = _readings(book)
    if len(known) > _READINGS_LIMIT:
        known.clear()
    raw: list[Tok] = []
    for i, (w, s, e) in enumerate(words(sentence)):
        r = _word_reading(known, w, book)
        raw.append(Tok(r[0], r[1], r[2], s, e, (i, i + 1), r[3]))
    if any(t.type == "NUM" for t in raw):
        raw = _digit_ordinals(raw)
    if names:
        raw = _named(raw, names)
    raw = _phrases(raw, vocabulary(book))
    if sum(t.type == "RANK" for t in raw) >= 3:
        raw = _ranks_listed(raw)
    if any(t.type == "ADJACENT" for t in raw):
        raw = _adjacent_rank(raw)
    if any(t.type == "W" and t.lemma == "начальный" for t in raw):
        raw = _base_cards(raw)
    if any(t.lemma in _CORNERS for t in raw):
        raw = _counted_corners(raw)
    if any(t.type == "W" and t.lemma.startswith(_CURRENT_STEMS) for t in raw):
        raw = _current_card(raw)
    if not _ADVICE.isdisjoint(t.lemma for t in raw) or any(t.lemma == "без" for t in raw):
        raw = _advice(raw)
    if any(t.type == "NUM" for t in raw):
        raw = _in_all(raw, sentence)
        raw = grids(raw, sentence)
        if any(t.type == "ROW" for t in raw):
            raw = per_row(rows_of_places(raw))
        if any(t.type == "DECK" for t in raw):
            raw = counted_decks(raw, _adjective)
    if any(t.type == "BY" for t in raw):
        raw = later_passes(one_each(over_places(raw, sentence)))
    if any(t.lemma in ("меньше",) for t in raw):
        raw = fewer_each(raw)
    if any(t.type in ("BY", "NEW_ROW") for t in raw):
        raw = all_as_each(raw)
    if entry is not None:
        raw = _entry_place(raw, entry)
    if any(t.type == "DEAL" and t.lemma in _RELAID for t in raw):
        raw = _card_relaid(raw)
    # Each pass below rewrites only around a token type it names; no pass makes a type a later
    # one looks for, so the types present after the phrases tell which passes can change
    # anything (a first sight of a sentence runs only those).
    types = {t.type for t in raw}
    if "COND" in types and "NEG" in types:
        raw = pack_out(deal_bound(raw, sentence))
    if "ALL" in types and "CARD" in types:
        raw = _pack_at_start(raw)
    if "COND" in types and "RANK" in types:
        raw = named_card(raw, sentence)
    if "COND" in types and "CARD" in types:
        raw = fitting_condition(raw, sentence)
    if "SUIT_N" in types and "COMMA" in types:
        raw = suit_asides(raw)
    if "LPAR" in types:
        raw = _bracketed_counts(_foreign_asides(_place_relatives(raw, sentence), sentence))
    if "SHUFFLE" in types and "DECK" in types:
        raw = _shuffled_packs(raw)
    if "FIGURE" in types:
        raw = _figure_asides(raw)
    if "COMMA" in types or "BY" in types or "AT" in types or "IN" in types:
        raw = _parentheticals(raw, sentence)
    if "HOLD" in types:
        raw = _holding_fields(raw, sentence)
    if not types.isdisjoint(_PLACE_NOUNS):
        if "NUM" in types:
            raw = _piles_of_piles(raw)
        raw = _place_phrases(raw, sentence)
    if not types.isdisjoint(_POINTED_PLACES) and not types.isdisjoint(_PREPOSITIONS):
        raw = _pointed_places(raw, sentence)
    if not types.isdisjoint(_GLOSS_OPENS) and not types.isdisjoint(_GLOSSED):
        raw = _glosses(raw)
    if not types.isdisjoint(_AS_ADJECTIVE):
        raw = _participles(raw)
    if "LAST" in types:
        raw = _last_opened(raw)
    if "RESERVE" in types:
        raw = _reserve_adjectives(raw)
    if "ROW" in types:
        raw = _order_lines(raw)
    if "EMPTY" in types or "FREE" in types or "TAKE" in types:
        raw = _addressed(raw, sentence)
    if "TAKE" in types and "RANK" in types:
        raw = _ranks_taken_whole(raw)
    if ("EMPTY" in types or "FREE" in types) and not types.isdisjoint(_WHEN_OPENS):
        raw = _emptied_pronoun(_one_of_the_piles(raw))
    if "DEAL" in types:
        raw = _of_the_layout(raw)
    if not types.isdisjoint(_MEASURED_BY):
        raw = _measured(raw)
    if "EXCEPT" in types:
        raw = _except_that(_besides(raw, sentence), sentence)
        if "NEG" in types:
            raw = _nothing_but(raw)
    if "NEG" in types:
        raw = _not_but(_negated_participles(raw))
    if any(t.lemma == "можно" for t in raw):
        raw = _may_leave(raw)
    if "PLACE" in types and "EMPTY" in types:
        raw = _one_cell(raw)
    if not _MODAL_VERBS.isdisjoint([t.lemma for t in raw]):
        raw = _modals(raw)
    if "NUM" in types:
        raw = _counted_phrases(_suited_numbers(_compounds(raw)), sentence)
        if "FOUNDATION" in types:
            raw = _counted_foundations(raw)
    if "RANK" in types or any(t.lemma in _PAIRS for t in raw):
        raw = _groups_of_cards(raw)
    if "RANK" in types and any(t.lemma == "за" for t in raw):
        raw = _after_rank(raw, sentence)
    if "COLOUR" in types or "SUIT_N" in types:
        raw = _suit_predicates(raw)
    if "COLOUR" in types and "REGARDLESS" in types:
        raw = _colour_disregarded(raw)
    if "MOVE" in types:
        raw = _moved_together(raw, sentence)
    if "CIRCLE" in types:
        raw = _ranks_round(raw)
    if "AFTER" in types:
        raw = _then_inside(raw)
        if "RANK" in types:
            raw = _range_round(raw, sentence)
    if "EACH" in types and "BY" in types:
        raw = _rounds_of_shares(raw)
    if not types.isdisjoint(("TIMES", "MULT")):
        raw = _more_times(raw)
    if "SUCCEED" in types and not types.isdisjoint(_WHEN_OPENS):
        raw = _win_after(raw)
    if not _BEGIN.isdisjoint(t.lemma for t in raw):
        raw = _begun_with(raw)
    if "DECK" in types and "NUM" in types:
        raw = _at_once(raw)
    if any(t.lemma.startswith("направлени") for t in raw):
        raw = _either_way(raw)
    if not _NOTHING.isdisjoint(t.lemma for t in raw):
        raw = _nothing_to_move(raw)
    if not _NO_MORE.isdisjoint(t.lemma for t in raw):
        raw = _no_more_moves(raw)
    if "WITH" in types and "CARD" in types and not _HAVE.isdisjoint(t.lemma for t in raw):
        raw = _dealt_with(raw)
    if any(t.lemma == "хотя" for t in raw):
        raw = _though(raw)
    if "DASH" in types or "COLON" in types:
        raw = elided_verb(raw, lambda t: _verb_word(sentence[t.start : t.end]))
    if "NUM" in types:
        raw = governed_nouns(raw, _modifier, _water_noun)
    return _collapse(raw)


_COUNTED_PILES = frozenset({"PACKET", "COLUMN", "ROW", "CIRCLE", "RAY"})


def _in_all(toks: list[Tok], sentence: str) -> list[Tok]:
    """«всего восемнадцать вееров», «…, всего 10 стопок»: the adverb «всего» (in all) before
    a count of piles is water, so the count reads as any counted pile noun does; «все
    тринадцать пачек» (the piles named again) and «всего восемь оснований» (the foundations'
    own count) stay as they were."""
    out = list(toks)
    for i, t in enumerate(toks[:-2]):
        if t.type != "ALL" or sentence[t.start : t.end].lower() != "всего":
            continue
        if toks[i + 1].type != "NUM":
            continue
        j = i + 2
        while j < len(toks) - 1 and toks[j].type == "W":
            j += 1  # past the adjectives («всего восемь вертикальных колонок»)
        if toks[j].type in _COUNTED_PILES:
            out[i] = Tok("W", None, t.lemma, t.start, t.end, t.words, t.feats)
    return out


def name_form(word: str) -> tuple[str, str]:
    """A name's normal form (pymorphy3's first reading) and its number as said (`plur`,
    `sing`)."""
    p = _morph().parse(word.lower())[0]
    return p.normal_form, "plur" if "plur" in p.tag else "sing"


def _named(toks: list[Tok], names: tuple) -> list[Tok]:
    """A water word that is a place's name (`names.declared`), in any case: that place; a
    name given in the plural said in the singular («очередным "бриллиантом"») is one card
    of it (a card, then the place). Only words that share the name's first three letters are
    analysed."""
    out: list[Tok] = []
    stock = {n[0] for n in names if n[2] == "DECK"}
    for t in toks:
        hit = None
        if t.type == "RESERVE" and t.lemma in stock:
            # the cards left over called «запас», «резерв» (`names._stock_called`): the stock
            out.append(Tok("DECK", "колода", "колода", t.start, t.end, t.words, t.feats))
            continue
        if t.type == "W":
            word = t.lemma.lower()
            for form, number, ty, value, lemma in names:
                if word[:3] == form[:3] and name_form(word)[0] == form:
                    hit = (number, ty, value, lemma)
                    break
        if hit is None:
            out.append(t)
            continue
        number, ty, value, lemma = hit
        if ty == "RESERVE":  # the reserve named by its adjective: the noun, as said here
            value = lemma = "резерв"
        feats = frozenset(str(g) for g in _morph().parse(t.lemma.lower())[0].tag.grammemes)
        if number == "plur" and "sing" in feats:
            out.append(Tok("CARD", "карта", "карта", t.start, t.end, t.words, feats))
            feats = frozenset({"NOUN", "gent", "sing"})  # a card of the place
        out.append(Tok(ty, value, lemma, t.start, t.end, t.words, feats))
    return out


# «в четырех углах креста», «в каждом углу»: corners counted are places cards are laid in;
# a corner that says where something lies («в левом верхнем углу») stays water
_CORNERS = frozenset(
    {"угол", "угла", "углу", "углом", "угле", "углы", "углов", "углам", "углами", "углах"}
)  # water words keep their form, not a lemma


CORNER = "угол"  # the value of a corner counted (`PLACE`)


# Nouns of a card's rank («соседнего достоинства», «соседняя по старшинству»).
_RANK_NOUNS = frozenset({"достоинство", "старшинство", "ранг", "номинал", "значение"})


def _adjacent_rank(toks: list[Tok]) -> list[Tok]:
    """«на карту соседнего достоинства», «на соседнюю по старшинству (карту)»: a rank next
    to the card's, either way, said as «на единицу больше или меньше» is (`UP OR DOWN`), so
    every island of a way reads it. «Соседний» with no rank noun after it (the ranks that
    join round, «туз и король считаются соседними»; a neighbouring pile) stays as it was."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        j = i + 1 + (i + 1 < len(toks) and toks[i + 1].type == "BY")
        if t.type == "ADJACENT" and j < len(toks) and toks[j].lemma in _RANK_NOUNS:
            end = toks[j]
            out += [
                Tok("UP", "больший", "больший", t.start, t.end, t.words),
                Tok("OR", "или", "или", t.end, t.end, t.words),
                Tok("DOWN", "меньший", "меньший", end.start, end.end, end.words),
            ]
            i = j + 1
            continue
        out.append(t)
        i += 1
    return out


# What a colon before a list of ranks may follow and be left out with it: an order or a verb
# («по порядку:», «идут так:», «кладут:»), not a place («Основания: …» is a memo of its own).
_LIST_OPENS = frozenset({"ORDER", "W", "PUT", "MOVE", "GATHER", "DEAL"})
# Words that say a list of ranks goes on («и так далее», «и т. д.», which `words` makes «…»).
_ETC = frozenset({"так", "далее", "…"})


def _ranks_listed(toks: list[Tok]) -> list[Tok]:
    """«туз, двойка, тройка и так далее до короля», «король, дама, валет и т. д.»: ranks
    listed one after another, each next to the one before it, said to go on, are their order:
    a range from the first to the rank «до» names («от туза до короля»), or, with no end
    said, the first rank and the way («от короля по убыванию»), so every island that reads a
    range or a way reads them. A colon after «по порядку» introducing them is left out. Ranks
    listed with no word of going on («туз, двойка и тройка»: as many foundations) stay a list."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.type != "RANK" or not isinstance(t.value, int):
            out.append(t)
            i += 1
            continue
        ranks = [t]
        j = i + 1
        while (
            j + 1 < len(toks)
            and toks[j].type == "COMMA"
            and toks[j + 1].type == "RANK"
            and isinstance(toks[j + 1].value, int)
        ):
            ranks.append(toks[j + 1])
            j += 2
        steps = {b.value - a.value for a, b in pairwise(ranks)}
        k = j
        while k < len(toks) and (
            toks[k].lemma in _ETC or (toks[k].type == "AND" and k + 1 < len(toks)
                                      and toks[k + 1].lemma in _ETC)
        ):  # fmt: skip
            k += 1
        etc = k > j
        if etc and k + 1 < len(toks) and toks[k].type == "COMMA" and toks[k + 1].type == "TO":
            k += 1  # «…, четвёрка и т. д., до королей»
        end = toks[k + 1] if k + 1 < len(toks) and toks[k].type == "TO" else None
        if end is not None and (end.type != "RANK" or not isinstance(end.value, int)):
            end = None
        if len(ranks) < 3 or len(steps) != 1 or steps.isdisjoint({1, -1}) or not (etc or end):
            out.append(t)
            i += 1
            continue
        step = steps.pop()
        lead = len(out) - (1 if out and out[-1].type in ("DASH", "COLON") else 0)
        if lead >= 2 and out[lead - 1].type == "RANK" and out[lead - 2].type == "ONTO":
            # «на туза — двойку, тройку … до короля»: what goes on the rank named, a sequence
            # `foundation_sequence` reads from its base
            out += toks[i:j]
            i = j
            continue
        if end is not None and ((end.value - ranks[-1].value) * step <= 0 or _goes_on(toks, k + 2)):
            # the order goes past its last rank («… до туза, а на туза короля»): not closed
            out.append(t)
            i += 1
            continue
        if out and out[-1].type == "COLON" and len(out) > 1 and out[-2].type in _LIST_OPENS:
            out.pop()  # «по порядку: туз, двойка, …», «карты идут так: король, дама, …»
        first = ranks[0]
        out.append(Tok("FROM", "от", "от", first.start, first.start, first.words))
        out.append(first)
        if end is not None:
            to = toks[k]
            out += [to, end]
            i = k + 2
        else:
            way = "UP" if step == 1 else "DOWN"
            last = toks[k - 1]
            out.append(Tok("BY", "по", "по", last.start, last.start, last.words))
            out.append(Tok(way, None, way.lower(), last.start, last.end, last.words))
            i = k
    return out


def _goes_on(toks: list[Tok], at: int) -> bool:
    """Whether the clause after a range's last rank names another rank («…, а на туза короля»,
    «…, затем король»): the order goes on past it."""
    if at >= len(toks) or toks[at].type != "COMMA":
        return False
    for t in toks[at + 1 : at + 5]:
        if t.type == "RANK":
            return True
        if t.type in ("STOP", "SEMI", "COMMA"):
            return False
    return False


def _base_cards(toks: list[Tok]) -> list[Tok]:
    """«тузы бывают (служат, являются) начальными картами», «начальными картами служат
    короли»: the cards a foundation begins with, said as a predicate in the instrumental, are
    the foundations' cards, as «базовыми (основными) картами» are. «Начальная карта» in any
    other case (a run's first card), or after «с» («с начальными картами»), stays water."""
    out = list(toks)
    for i, t in enumerate(toks[:-1]):
        nxt = toks[i + 1]
        if (
            t.type == "W"
            and t.lemma == "начальный"
            and nxt.type == "CARD"
            and "ablt" in nxt.feats
            and (i == 0 or toks[i - 1].lemma != "с")
        ):
            out[i] = Tok("FOUNDATION", "начальный", "начальный", t.start, t.end, t.words)
    return out


def _counted_corners(toks: list[Tok]) -> list[Tok]:
    """A corner after a numeral or «каждый» (past adjectives agreeing with it) is a `PLACE`."""
    out = list(toks)
    for i, t in enumerate(toks):
        if t.type != "W" or t.lemma not in _CORNERS:
            continue
        j = i - 1
        while j >= 0 and j >= i - 3 and toks[j].type == "W" and _adjective(toks[j]):
            j -= 1
        if j >= 0 and toks[j].type in ("NUM", "EACH"):
            out[i] = t._replace(type="PLACE", value=CORNER, lemma=CORNER)
    return out


# «больше некуда ходить», «карты класть некуда», «нечем ходить»: no move left (STUCK), a
# word of «nowhere, nothing» beside a verb of moving in either order (the fixed phrases of
# terms.yaml list the common ones, this composes the rest)
_NOTHING = frozenset({"некуда", "нечего", "нечем"})
_MOVING = frozenset(
    {
        "ход", "ходить", "пойти", "перекладывать", "переложить", "перемещать", "переместить",
        "класть", "положить", "играть", "сыграть", "двигать", "делать", "сделать",
        "раскладывать", "разложить", "выкладывать", "выложить", "переносить", "перенести",
    }
)  # fmt: skip
_BETWEEN_STUCK = frozenset({"больше", "более", "уже", "ещё", "еще", "карта"})


# «вначале», «изначально», «в начале (игры, пасьянса, партии)»: at the start
_AT_START_WORDS = frozenset({"вначале", "изначально"})  # water words: their forms
_GAME_NOUNS = frozenset({"PLAY", "PATIENCE"})


def _pack_at_start(toks: list[Tok]) -> list[Tok]:
    """«в начале игры», «вначале» is `AT_START` where it says where the whole pack lies at
    the start: «все карты» and the stock, or «сюда», in the sentence (`all_in_stock`), or
    «все карты» dealt (`all_dealt`);
    elsewhere («тузы кладутся в начале игры в сторону») its words stay as they were."""
    ty = [t.type for t in toks]
    whole = any(a == "ALL" and b == "CARD" for a, b in pairwise(ty))
    # (or dealt: «все карты сдаются в начале», the whole pack dealt at the start)
    dealt = any(ty[i : i + 3] == ["ALL", "CARD", "DEAL"] for i in range(len(ty)))
    if not whole or ("DECK" not in ty and "HERE" not in ty and not dealt):
        return toks
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        n = 0
        if t.type == "W" and t.lemma in _AT_START_WORDS:
            n = 1
        elif (
            t.type == "IN"
            and t.lemma == "в"
            and toks[i + 1 : i + 2]
            and toks[i + 1].lemma == "начале"
        ):
            n = 3 if i + 2 < len(toks) and toks[i + 2].type in _GAME_NOUNS else 2
        if n:
            last = toks[i + n - 1]
            out.append(t._replace(type="AT_START", value="at start", lemma="в начало",
                                  end=last.end, words=(t.words[0], last.words[1]),
                                  feats=frozenset()))  # fmt: skip
            i += n
        else:
            out.append(t)
            i += 1
    return out


def _nothing_to_move(toks: list[Tok]) -> list[Tok]:
    out = list(toks)
    for i, t in enumerate(toks):
        if t.type != "W" or t.lemma not in _NOTHING:
            continue
        for j in (i - 1, i + 1, i - 2, i + 2):
            if not 0 <= j < len(toks) or toks[j].lemma not in _MOVING:
                continue
            lo, hi = min(i, j), max(i, j)
            if any(x.lemma not in _BETWEEN_STUCK for x in toks[lo + 1 : hi]):
                continue
            while lo > 0 and toks[lo - 1].lemma in ("больше", "более"):
                lo -= 1
            span = toks[lo : hi + 1]
            if any(x.type not in ("W", "CARD", "MOVE", "PUT", "PLAY", "DEAL") for x in span):
                continue
            stuck = Tok("STUCK", "stuck", "stuck", span[0].start, span[-1].end,
                        (span[0].words[0], span[-1].words[1]))  # fmt: skip
            return _nothing_to_move([*toks[:lo], stuck, *toks[hi + 1 :]])
    return out


# «карты больше нельзя перемещать», «вы больше не можете перемещать карты», «если нельзя
# более ходить»: no move left (STUCK), «больше» beside a negation and a verb of moving, with
# nothing between them but a modal, a pronoun or the cards
_NO_MORE = frozenset({"больше", "более"})
_NO_MORE_BETWEEN = frozenset(
    {"можете", "может", "могут", "можем", "можешь", "можно", "вы", "ты", "уже", "ещё", "еще"}
)  # water words: their forms


def _no_more_moves(toks: list[Tok]) -> list[Tok]:
    for b, t in enumerate(toks):
        if t.lemma not in _NO_MORE:
            continue
        neg = next(
            (j for j in (b + 1, b - 1) if 0 <= j < len(toks) and toks[j].type == "NEG"), None
        )
        if neg is None:
            continue
        lo = min(b, neg)
        hi = max(b, neg) + 1
        while hi < len(toks) and hi - lo < 6 and toks[hi].lemma in _NO_MORE_BETWEEN:
            hi += 1
        if hi >= len(toks) or toks[hi].lemma not in _MOVING:
            continue
        if hi + 1 < len(toks) and toks[hi + 1].type == "CARD":
            hi += 1  # «… перемещать карты»
        if lo > 0 and toks[lo - 1].type == "CARD":
            lo -= 1  # «карты больше нельзя …»
        span = toks[lo : hi + 1]
        stuck = Tok("STUCK", "stuck", "stuck", span[0].start, span[-1].end,
                    (span[0].words[0], span[-1].words[1]))  # fmt: skip
        return _no_more_moves([*toks[:lo], stuck, *toks[hi + 1 :]])
    return toks


# «с картой имеют дело на каждую груду»: a machine translation's «to deal» (иметь дело) with
# the cards dealt in the instrumental after «с» (water words: their forms)
_HAVE = frozenset({"иметь", "имеют", "имеет", "имели", "имел", "имеем", "имеете", "имеешь"})


def _dealt_with(toks: list[Tok]) -> list[Tok]:
    """«с картой имеют дело на каждую груду», «имеют дело с картами»: a machine translation
    of «to deal» is a verb of dealing (`DEAL`), said before the cards; one card («с картой»,
    «с одной картой») is one each («по карте»). Not beside cards in any other case, nor with
    the words apart («имеет значение», «дело в том, что …» stay water)."""
    for i in range(len(toks) - 1):
        a, b = toks[i], toks[i + 1]
        if not {a.lemma, b.lemma} & _HAVE or "дело" not in (a.lemma, b.lemma):
            continue
        have = Tok("DEAL", "сдавать", "сдавать", a.start, b.end, (a.words[0], b.words[1]))
        after = toks[i + 2 : i + 5]  # «… имеют дело с (одной) картой»
        k = 3 if after[1:2] and after[1].type == "NUM" else 2
        if (
            after[:1]
            and after[0].type == "WITH"
            and after[k - 1 : k]
            and _instrumental(after[k - 1])
        ):
            return [*toks[:i], have, *_each_card(after[:k]), *toks[i + 2 + k :]]
        for k in (2, 3):  # «с (одной) картой имеют дело …»
            before = toks[max(i - k, 0) : i]
            if len(before) == k and before[0].type == "WITH" and _instrumental(before[-1]):
                return [*toks[: i - k], have, *_each_card(before), *toks[i + 2 :]]
    return toks


def _instrumental(t: Tok) -> bool:
    return t.type == "CARD" and "ablt" in t.feats


def _each_card(phrase: list[Tok]) -> list[Tok]:
    """«с картой», «с одной картой» → «по одной карте»; «с картами» → «карты»."""
    card = phrase[-1]
    if "plur" in card.feats:
        return [card]
    by = Tok("BY", "по", "по", phrase[0].start, phrase[0].end, phrase[0].words)
    one = Tok("NUM", 1, "один", phrase[0].start, phrase[0].end, phrase[0].words)
    return [by, one, card]


# a word that makes its clause advice to the player («старайтесь не заполнять пустое место»,
# «постарайтесь освободить резервы», «советуют разбирать запасные пачки»): water words,
# matched as written; and «без нужды», «без крайней надобности» («не закрывать без нужды»)
_ADVICE = frozenset(
    {
        "старайтесь", "постарайтесь", "старайся", "постарайся", "пытайтесь", "попытайтесь",
        "советуют", "советуем", "советую", "рекомендуем", "рекомендуют", "рекомендуется",
    }
)  # fmt: skip
_NEED = ("нужд", "надобност", "необходимост")


def _without_need(toks: list[Tok], i: int) -> bool:
    """«без нужды», «без крайней надобности», «без необходимости» at `i`."""
    return toks[i].lemma == "без" and any(x.lemma.startswith(_NEED) for x in toks[i + 1 : i + 3])


def _advice(toks: list[Tok]) -> list[Tok]:
    """«Получив пустое место, старайтесь не заполнять его как можно дольше», «советуют …
    пустые места не закрывать без нужды»: a clause that tells the player what to try, or
    not to do a thing without need, is a strategy, not a rule, so it states nothing (its
    words become water) from the last semicolon before the word of advice to the next one;
    the other clauses of the sentence are read as before."""
    out = list(toks)
    for i, t in enumerate(toks):
        if t.type != "W" or not (t.lemma in _ADVICE or _without_need(toks, i)):
            continue
        lo = next((j + 1 for j in range(i - 1, -1, -1) if toks[j].type == "SEMI"), 0)
        hi = next((j for j in range(i + 1, len(toks)) if toks[j].type == "SEMI"), len(toks))
        for j in range(lo, hi):
            if toks[j].type != "STOP":
                out[j] = toks[j]._replace(type="W", value=None)
    return out


def _one_cell(toks: list[Tok]) -> list[Tok]:
    """«Изначально пустая ячейка.», «Одна пустая ячейка.»: a sentence that is a single empty
    cell and nothing more (an entry describing a place) is one cell, as «одна свободная
    ячейка» (`cells_named`)."""
    words = [t for t in toks if t.type != "STOP"]
    if not 2 <= len(words) <= 3:
        return toks
    counted = len(words) == 3 and words[0].type == "NUM" and words[0].value == 1
    if len(words) == 3 and words[0].type != "W" and not counted:
        return toks
    adj, noun = words[-2], words[-1]
    if not (
        adj.type == "EMPTY"
        and noun.type == "PLACE"
        and noun.lemma == "ячейка"
        and {"nomn", "sing"} <= noun.feats
    ):
        return toks
    at = toks.index(adj)
    one = [] if counted else [Tok("NUM", 1, "один", adj.start, adj.start, adj.words)]
    return [*toks[:at], *one, adj._replace(type="FREE"), *toks[at + 1 :]]


_LEAVE = frozenset({"оставить", "оставлять"})


def _may_leave(toks: list[Tok]) -> list[Tok]:
    """«Пустые места можно не заполнять сразу», «свободное место можно оставить пустым»: a
    thing the player may leave undone is a choice (`AT_WILL`, as «не обязательно»), not a
    rule that it is never done: «можно не» before an infinitive is one `AT_WILL` token, and
    «можно» before «оставить/оставлять» is `AT_WILL` («можно не более …», «можно не только
    …» are phrases of their own before this)."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.type == "W" and t.lemma == "можно" and i + 1 < len(toks):
            nxt = toks[i + 1]
            if nxt.type == "NEG" and nxt.lemma == "не" and _infinitive_follows(toks, i + 1):
                out.append(
                    Tok("AT_WILL", None, "можно не", t.start, nxt.end, (t.words[0], nxt.words[1]))
                )
                i += 2
                continue
            if nxt.lemma in _LEAVE:
                out.append(t._replace(type="AT_WILL"))
                i += 1
                continue
        out.append(t)
        i += 1
    return out


def _though(toks: list[Tok]) -> list[Tok]:
    """«…, хотя если …, …»: the condition opens what follows it, like one that opens its
    clause. «хотя» stays water (the grammar never sees it: «хотя бы одна карта» is read around
    it); the condition carries the mark in its features, read by `facts.island_facts`."""
    return [
        t._replace(feats=t.feats | {"AFTER_THOUGH"})
        if t.type == "COND" and i > 0 and toks[i - 1].lemma == "хотя"
        else t
        for i, t in enumerate(toks)
    ]


# «колода открывается тройками»: a group of cards at a time, named as a rank noun in the
# instrumental plural after a verb of dealing or turning
_GROUP_NOUNS = frozenset({"двойка", "тройка", "четвёрка", "четверка", "пятёрка", "пятерка"})
_GROUP_VERBS = frozenset({"TURN", "DEAL", "PUT", "TAKE", "MOVE"})
# «открывают парами», «сдают попарно»: two at a time, as «тройками» is three (water words, no
# grammemes: matched as written)
_PAIRS = frozenset({"парами", "попарно"})


def _groups_of_cards(toks: list[Tok]) -> list[Tok]:
    """«переворачивается тройками», «сдают карты пятёрками»: so many cards at a time (BY
    NUM), not the rank («с тройками», «на тройки» stay ranks)."""
    if not any(t.lemma in _GROUP_NOUNS or t.lemma in _PAIRS for t in toks):
        return toks
    out: list[Tok] = []
    for t in toks:
        if t.type == "W" and t.lemma in _PAIRS:
            before = [x for x in out if x.type != "W"][-2:]
            if before and (
                before[-1].type in _GROUP_VERBS
                or (before[-1].type == "CARD" and before[0].type in _GROUP_VERBS)
            ):
                out.append(t._replace(type="BY", value="по", lemma="по", end=t.start))
                out.append(t._replace(type="NUM", value=2, lemma="два"))
                continue
        if t.type == "RANK" and t.lemma in _GROUP_NOUNS and {"ablt", "plur"} <= t.feats:
            before = [x for x in out if x.type != "W"][-2:]
            if before and (
                before[-1].type in _GROUP_VERBS
                or (before[-1].type == "CARD" and before[0].type in _GROUP_VERBS)
            ):
                out.append(t._replace(type="BY", value="по", lemma="по", end=t.start))
                out.append(t._replace(type="NUM"))
                continue
        out.append(t)
    return out


# «основание можно начать картой любого достоинства», «стопки начинают тузами»: a verb of
# beginning with its first card in the instrumental, no «с»
_BEGIN = frozenset({"начинать", "начать", "начинаться", "начаться"})
_BEGUN_BY = frozenset({"CARD", "RANK"})


def _begun_with(toks: list[Tok]) -> list[Tok]:
    """A verb of beginning said of the foundations (named before it in its clause), before a
    card or a rank in the instrumental («любой» between), is «начинать с» (START), as the
    phrase with «с» is. Said of a layout pile («пустой ряд можно начать любой картой») it is
    a space filled, water to the islands of spaces; before an empty pile, its object («любая
    карта может начать пустой столбец»), it is the verb of filling it (FILL)."""
    out = list(toks)
    found = False
    for i, t in enumerate(toks[:-1]):
        if t.type in ("SEMI", "STOP"):
            found = False
        found = found or t.type == "FOUNDATION"
        j = i + 2 if toks[i + 1].type == "ANY" and i + 2 < len(toks) else i + 1
        nxt = toks[j]
        if (
            found
            and t.type == "W"
            and t.lemma in _BEGIN
            and nxt.type in _BEGUN_BY
            and "ablt" in nxt.feats
        ):
            out[i] = t._replace(type="START", value=t.lemma)
        elif t.type == "W" and t.lemma in _BEGIN and nxt.type in ("EMPTY", "FREE"):
            out[i] = t._replace(type="FILL", value=t.lemma)  # «… может начать пустой столбец»
    return out


# «на ранг выше или ниже текущей (карты)»: the card in play, the waste's top (Golf, Tri Peaks);
# the noun said, or left out after a feminine form that agrees with «карта» (not «текущий
# расклад», «текущую серию …»). The player's own card, «вашей», «твоей (карты)», is the card
# in play only as what a card is compared with («старше или младше вашей»): a possessive
# elsewhere («вашу карту кладут …») is any card.
_CURRENT_CARD = frozenset({"текущая", "текущей", "текущую", "текущею"})
_YOUR_CARD = frozenset(
    {"ваша", "вашей", "вашу", "вашею", "твоя", "твоей", "твою", "твоею"}
)  # fmt: skip
_CLAUSE_ENDS = frozenset({"STOP", "COMMA", "SEMI"})
_CURRENT_STEMS = ("текущ", "ваш", "тво", "остат")
# what may follow the card in play with its noun left out: a clause's end, or a bracket or
# dash that adds to it («младше вашей (сейчас это 5♠)»)
_CURRENT_ENDS = _CLAUSE_ENDS | {"LPAR", "DASH", "COLON"}


# verbs of laying again that move a card when a card is what they lay («переложить верхнюю
# карту на …», «карты могут быть переложены …») and deal again when the pack or the game is
# («переложить колоду», «пасьянс можно переложить один раз»)
_RELAID = frozenset({"переложить", "перекладываться"})
_CARD_OBJECT = frozenset({"CARD", "RANK", "RUN"})
_AGAIN_WORDS = frozenset({"AGAIN", "TIMES", "MULT", "PATIENCE", "ALL", "SHUFFLE"})


def _card_relaid(toks: list[Tok]) -> list[Tok]:
    """«переложить» whose clause names a card (a card, a rank, a run of cards) and says
    nothing of again, of times, of shuffling, of the game or of all cards: a move of that card
    (MOVE), as «переместить», «перекладывать»; otherwise the deal again it stays. «целиком»
    alone («колоду можно переложить целиком») names no card; a free or empty place as the
    destination («в любую свободную ячейку»: a cell, or a space) keeps the old reading."""
    out = list(toks)
    for i, t in enumerate(toks):
        if t.type != "DEAL" or t.lemma not in _RELAID:
            continue
        lo = i
        while lo > 0 and toks[lo - 1].type not in ("STOP", "SEMI", "COMMA"):
            lo -= 1
        hi = i + 1
        while hi < len(toks) and toks[hi].type not in ("STOP", "SEMI", "COMMA"):
            hi += 1
        clause = {x.type for x in toks[lo:hi] if x.lemma != "целиком"}
        placed = any(
            a.type in ("FREE", "EMPTY") and b.type == "PLACE"
            for a, b in zip(toks[lo:hi], toks[lo + 1 : hi], strict=False)
        )
        if clause & _CARD_OBJECT and not clause & _AGAIN_WORDS and not placed:
            out[i] = t._replace(type="MOVE")
    return out


def _is_rest(t: Tok) -> bool:
    """«остаток» in any form (a water word: its form is matched)."""
    return t.type == "W" and t.lemma.startswith("остат") and t.lemma[5:] in _REST_ENDINGS


_REST_ENDINGS = frozenset({"ок", "ка", "ку", "ке", "ком", "ки", "ков", "кам", "ками", "ках"})


def _compared(before: list[Tok]) -> bool:
    """Whether the words before end in a comparison of rank («старше или младше», «на
    единицу выше»), past water: what a card is compared with follows."""
    rest = [t for t in before if t.type != "W"]
    return bool(rest) and rest[-1].type in ("UP", "DOWN")


def _current_card(toks: list[Tok]) -> list[Tok]:
    """«текущая карта» (or «текущей» with its noun left out), or the player's own card a card
    is compared with («младше вашей»), as the waste (TALON)."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t.type == "TURN" and "PRTF" in t.feats and nxt is not None and _is_rest(nxt):
            # «из открытого остатка»: the rest of the pack turned up, the waste
            span = (t.words[0], nxt.words[1])
            out.append(Tok("TALON", "сброс", "сброс", t.start, nxt.end, span))
            i += 2
            continue
        yours = t.type == "W" and t.lemma in _YOUR_CARD and _compared(out)
        if t.type == "W" and (t.lemma.startswith("текущ") or yours):
            if nxt is not None and nxt.type == "CARD":
                span = (t.words[0], nxt.words[1])
                out.append(Tok("TALON", "сброс", "сброс", t.start, nxt.end, span))
                i += 2
                continue
            ends = _CURRENT_ENDS if yours else _CLAUSE_ENDS
            if (t.lemma in _CURRENT_CARD or yours) and (nxt is None or nxt.type in ends):
                out.append(t._replace(type="TALON", value="сброс", lemma="сброс"))
                i += 1
                continue
        out.append(t)
        i += 1
    return out


# «в любом направлении», «в обоих направлениях»: either way, as «вверх или вниз» (the noun is
# water, so its form is matched: a water word is looked up, never analysed)
def _is_either_way(a: Tok, b: Tok, c: Tok) -> bool:
    return (
        a.type == "IN"
        and (b.type == "ANY" or b.lemma == "оба")
        and c.type == "W"
        and c.lemma.startswith("направлени")
    )


def _either_way(toks: list[Tok]) -> list[Tok]:
    """«строить можно в любом направлении»: the phrase is both ways, told as «вверх или вниз»
    (UP OR DOWN, one word each), so every island of a way reads it."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        if i + 2 < len(toks) and _is_either_way(*toks[i : i + 3]):
            a, b, c = toks[i : i + 3]
            out += [
                a._replace(type="UP", value="вверх", lemma="вверх"),
                b._replace(type="OR", value="или", lemma="или"),
                c._replace(type="DOWN", value="вниз", lemma="вниз"),
            ]
            i += 3
            continue
        out.append(toks[i])
        i += 1
    return out


# «из колоды берут сразу три карты», «… три карты за раз», «за один раз сдают три карты»: so
# many cards at a time, said without «по»
_AT_ONCE_WORDS = frozenset({"сразу", "одновременно"})
_AT_ONCE_PHRASES = (("за", "раз"), ("за", "один", "раз"), ("за", "один", "ход"), ("за", "ход"))


def _at_once(toks: list[Tok]) -> list[Tok]:
    """A word or phrase of «at a time» in a clause that names the stock, within four words of
    a count, is one AT_ONCE token; elsewhere it stays water («переносить сразу несколько
    карт»). The phrases' own «один» is no count."""
    out: list[Tok] = []
    clause_deck = _clauses_with(toks, "DECK")
    i = 0
    while i < len(toks):
        t = toks[i]
        n = 0
        if clause_deck[i]:
            if t.type == "W" and t.lemma in _AT_ONCE_WORDS:
                n = 1
            else:
                for ph in _AT_ONCE_PHRASES:
                    if tuple(x.lemma for x in toks[i : i + len(ph)]) == ph:
                        n = len(ph)
                        break
        if n and not any(
            x.type == "NUM" for x in toks[max(0, i - 4) : i] + toks[i + n : i + n + 4]
        ):
            n = 0  # not beside a count
        if n:
            last = toks[i + n - 1]
            out.append(
                Tok("AT_ONCE", None, "сразу", t.start, last.end, (t.words[0], last.words[1]))
            )
            i += n
        else:
            out.append(t)
            i += 1
    return out


def _clauses_with(toks: list[Tok], type_: str) -> list[bool]:
    """For each token, whether its clause (up to «;» or the full stop) holds a `type_` token."""
    flags: list[bool] = []
    clause: list[Tok] = []
    for t in toks:
        clause.append(t)
        if t.type in ("SEMI", "STOP"):
            flags += [any(x.type == type_ for x in clause)] * len(clause)
            clause = []
    flags += [any(x.type == type_ for x in clause)] * len(clause)
    return flags


# the words of an aside that refers to a figure: «(см. рис. 2)», «как показано на рисунке»,
# «согласно схеме 3»
_FIGURE_ASIDE = frozenset({"W", "STOP", "NUM", "NUMBER_SIGN", "ONTO", "IN", "BY", "VISIBLE"})
_FIGURE_LEAD = frozenset({"W", "ONTO", "IN", "BY", "VISIBLE"})


_CYRILLIC_OR_DIGIT = regex.compile(r"[А-Яа-яЁё0-9]")
_LATIN = regex.compile(r"[A-Za-z]")


_WHERE = frozenset({"куда", "где"})


def _place_relatives(toks: list[Tok], sentence: str) -> list[Tok]:
    """«положить на тузов (куда карты кладутся в восходящем порядке) или на королей (куда …)»:
    a relative clause of place in brackets after the cards put onto says what goes onto them;
    read as said of them («на тузов карты кладутся в восходящем порядке, …»): the bracket and
    its «куда» go, the closing bracket ends the clause as a comma would."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if (
            t.type == "LPAR"
            and nxt is not None
            and sentence[nxt.start : nxt.end].lower() in _WHERE
            and [x.type for x in out[-2:]] == ["ONTO", "RANK"]
        ):
            close = next((j for j in range(i + 2, len(toks)) if toks[j].type == "RPAR"), None)
            if close is not None:
                out.extend(toks[i + 2 : close])
                out.append(toks[close]._replace(type="COMMA", value=",", lemma=","))
                i = close + 1
                continue
        out.append(t)
        i += 1
    return out


def _foreign_asides(toks: list[Tok], sentence: str) -> list[Tok]:
    """«тузы кладут в основания (foundations) по возрастанию»: a gloss in another language
    in brackets is an aside, taken out with its brackets, so the words around it join as they
    would without it (a translated page keeps the original's terms so)."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.type == "LPAR":
            j = next(
                (k for k in range(i + 1, min(len(toks), i + 8)) if toks[k].type == "RPAR"), None
            )
            if j is not None and j > i + 1:
                inner = sentence[t.end : toks[j].start]
                if _LATIN.search(inner) and not _CYRILLIC_OR_DIGIT.search(inner):
                    i = j + 1
                    continue
        out.append(t)
        i += 1
    return out


def _bracketed_counts(toks: list[Tok]) -> list[Tok]:
    """«в 9 (девять) стопок», «семь (7) столбцов»: a number glossed by itself in brackets is
    said once; «7 стопок (по 5 карт в каждой)»: the cards each in brackets after a pile count
    are said after a comma, as `_per` reads them."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        nxt = [x.type for x in toks[i + 1 : i + 4]]
        if t.type == "NUM" and nxt == ["LPAR", "NUM", "RPAR"] and toks[i + 2].value == t.value:
            out.append(t)
            i += 4
            continue
        pack = _pack_size_aside(toks, i, out)
        if pack is not None:  # «двух полных (в 52 карты) колод»: said after the noun
            shut, noun = pack
            out.extend(([noun] if noun else []) + toks[i + 1 : shut])
            i = shut + (2 if noun else 1)
            continue
        if t.type == "LPAR" and out and out[-1].type in _PLACE_NOUNS and nxt[:2] == ["BY", "NUM"]:
            close = next(
                (j for j in range(i + 1, min(len(toks), i + 9)) if toks[j].type == "RPAR"), None
            )
            if close is not None:
                out.append(t._replace(type="COMMA", value=",", lemma=","))
                out.extend(toks[i + 1 : close])
                i = close + 1
                continue
        out.append(t)
        i += 1
    return out


def _shuffled_packs(toks: list[Tok]) -> list[Tok]:
    """«из двух перетасованных колод в 52 карты»: a participle of shuffling between the packs'
    numeral and their noun says how they are, not a count of shuffles («3 перетасовки»); it is
    a word the packs' count passes over, as an adjective is."""
    out = list(toks)
    for i in range(1, len(toks) - 1):
        if toks[i].type == "SHUFFLE" and toks[i - 1].type == "NUM" and toks[i + 1].type == "DECK":
            out[i] = toks[i]._replace(type="W", value=None)
    return out


_PACK_SIZE = frozenset({"IN", "BY", "NUM", "CARD"})


def _pack_size_aside(toks: list[Tok], i: int, out: list[Tok]) -> tuple[int, Tok | None] | None:
    """A pack's cards in brackets (`_bracketed_counts`): «двух полных (в 52 карты) колод»
    between the packs' numeral and their noun, or «две колоды (по 52 карты)» after it; the
    closing bracket, and the noun to say before the count when it stands after the bracket."""
    if toks[i].type != "LPAR" or not out or out[-1].type not in ("NUM", "FULL", "SHUFFLE", "DECK"):
        return None
    close = next((j for j in range(i + 1, min(len(toks), i + 6)) if toks[j].type == "RPAR"), None)
    inner = {x.type for x in toks[i + 1 : close]} if close is not None else set()
    if close is None or not {"NUM", "CARD"} <= inner <= _PACK_SIZE:
        return None
    if out[-1].type == "DECK":
        return close, None
    after = toks[close + 1] if close + 1 < len(toks) else None
    return (close, after) if after is not None and after.type == "DECK" else None


def _figure_asides(toks: list[Tok]) -> list[Tok]:
    """«Колоду раскладывают, как показано на рисунке, на 13 групп по 4 карты»: a reference to a
    figure is an aside, taken out of the clause so that the words around it join (the numbers
    said with it are read), and put at the clause's end, where `figure_ref` reads it."""
    out: list[Tok] = []
    refs: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.type == "LPAR":  # «(см. рис. 2)»
            j = next(
                (k for k in range(i + 1, min(len(toks), i + 10)) if toks[k].type == "RPAR"), None
            )
            inner = toks[i + 1 : j] if j is not None else []
            if any(x.type == "FIGURE" for x in inner) and all(
                x.type in _FIGURE_ASIDE or x.type == "FIGURE" for x in inner
            ):
                refs += [x for x in inner if x.type in ("FIGURE", "NUMBER_SIGN", "NUM")]
                i = (j or i) + 1
                continue
        out.append(t)
        i += 1
    toks, out = out, []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.type != "FIGURE" or (t.lemma == "фигура" and not _numbered(toks, i)):
            out.append(_layout_figure(toks, i))
            i += 1
            continue
        a = len(out)
        while a > 0 and out[a - 1].type in _FIGURE_LEAD:
            a -= 1
        b = i + 1
        while (
            b < len(toks)
            and toks[b].type in ("NUMBER_SIGN", "NUM", "STOP")
            and not (toks[b].type == "STOP" and b == len(toks) - 1)
        ):
            b += 1
        refs += [x for x in toks[i:b] if x.type != "STOP"]
        before = out[a - 1].type if a > 0 else None
        after = toks[b].type if b < len(toks) else None
        if before == "COMMA" and after in ("COMMA", "DASH"):
            del out[a - 1 :]
            b += 1  # «…, как показано на рисунке, …»: both commas go with it
        elif before in ("COMMA", "DASH") or (a == 0 and after == "COMMA"):
            del out[a - 1 if a else 0 :]
            b += 1 if a == 0 else 0  # «Как видно на рисунке, …»: the comma after it
        else:
            del out[a:]  # «согласно рисунку 5 раскладывают …»
        i = b
    if not refs:
        return out
    end = len(out) - 1 if out and out[-1].type in ("STOP", "SEMI") else len(out)
    return [*out[:end], *refs, *out[end:]]


def _numbered(toks: list[Tok], i: int) -> bool:
    return i + 1 < len(toks) and toks[i + 1].type in ("NUM", "NUMBER_SIGN")


def _layout_figure(toks: list[Tok], i: int) -> Tok:
    """«Фигура пасьянса состоит из 10 вертикальных стопок»: an unnumbered «фигура» of the
    patience is its layout, as the catalogue pages call it, not a picture the text lacks;
    water, so that no `figure_ref` reads a lost picture in it."""
    t = toks[i]
    if (
        t.type == "FIGURE"
        and t.lemma == "фигура"
        and i + 1 < len(toks)
        and toks[i + 1].type == "PATIENCE"
    ):
        return t._replace(type="W", value=None)
    return t


# words that stand apart between commas and say nothing of the rule (вводные слова): «карты
# раскладывают, как правило, в восемь стопок» («например» opens an example: not one of them)
_PARENTHETICALS = frozenset(
    {
        "как правило", "обычно", "при этом", "впрочем", "конечно", "разумеется", "естественно",
        "кстати", "однако", "соответственно", "итак", "наконец", "значит", "возможно",
        "вероятно", "видимо", "безусловно", "в частности", "по возможности", "таким образом",
        "как известно", "как обычно", "как всегда", "в свою очередь", "в общем", "понятно",
        "если нужно", "если необходимо", "если требуется", "при необходимости",
        "в случае необходимости",
    }
)  # fmt: skip


# The first words of the parentheticals of several words (looked at without commas).
_ASIDE_OPENS = frozenset(p.split()[0] for p in _PARENTHETICALS if " " in p)

# «они складываются друг на друга, все равно, в восходящем или в нисходящем порядке»: an
# aside of indifference, only between commas (without them «карту все равно какой масти» says
# the suit is free, which `suit.any` reads)
_INDIFFERENT = frozenset(
    {"все равно", "всё равно", "безразлично", "неважно", "не важно", "без разницы"}
)
# «неважно, сколько карт на ней лежит»: what the indifference is about, asked after it
_ASKED = frozenset(
    {"сколько", "какой", "какая", "какое", "какие", "каких", "каким", "какую", "что", "как",
     "где", "куда", "откуда", "когда", "чем", "кто", "чья", "чей", "чьи", "ли"}
)  # fmt: skip


def _asks(toks: list[Tok], comma: int, sentence: str) -> bool:
    """Whether the words after an indifference's closing comma ask what it is about (then it
    is no aside: «неважно, сколько карт на ней лежит» says any number)."""
    after = sentence[toks[comma].end :].split()
    return bool(after) and after[0].lower().strip(",.;:") in _ASKED


def _parentheticals(toks: list[Tok], sentence: str) -> list[Tok]:
    """«Колоду раскладывают, как правило, на 13 групп»: a parenthetical word between commas
    (or opening the sentence before one) is taken out with its commas, so the words around it
    join as they would without it."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        opens = t.type == "COMMA" or i == 0
        if opens:
            j = next(
                (k for k in range(i + 1, min(len(toks), i + 4)) if toks[k].type == "COMMA"), None
            )
            lo = t.end if t.type == "COMMA" else t.start
            if j is not None and j > i + (1 if t.type == "COMMA" else 0):
                said = " ".join(sentence[lo : toks[j].start].lower().split())
                if said in _PARENTHETICALS or (
                    said in _INDIFFERENT and not _asks(toks, j, sentence)
                ):
                    i = j + 1  # the aside and its commas go; the words around it join
                    continue
        # without its commas («заполняются по возможности из сброса»): one water word
        k = None
        if t.type != "W" and sentence[t.start : t.end].lower() in _ASIDE_OPENS:
            k = next(
                (
                    k
                    for k in (3, 2)
                    if i + k <= len(toks)
                    and " ".join(sentence[t.start : toks[i + k - 1].end].lower().split())
                    in _PARENTHETICALS
                ),
                None,
            )
        if k is not None:
            last = toks[i + k - 1]
            out.append(Tok("W", None, "", t.start, last.end, (t.words[0], last.words[1])))
            i += k
            continue
        out.append(t)
        i += 1
    return out


# A noun glossed by a synonym, as modern pages do: «в семь столбцов (колонок)», «десять
# столбцов, или колонок,», «шесть стопок — кучек —», «пустое место — то есть пустой столбец —»
_GLOSSED = frozenset(
    {"PACKET", "COLUMN", "ROW", "CIRCLE", "RAY", "PLACE", "FOUNDATION", "DECK", "TALON", "RESERVE"}
)
_GLOSS_OPENS = frozenset({"LPAR", "DASH", "COMMA"})
_GLOSS_CLOSE = {"LPAR": "RPAR", "DASH": "DASH", "COMMA": "COMMA"}
_GLOSS_WORDS = frozenset({*_GLOSSED, "W", "EMPTY", "FREE", "THEN"})  # «то есть»


def _glosses(toks: list[Tok]) -> list[Tok]:
    """A gloss after a place noun (or «в каждой»), a place noun with at most its adjectives in
    brackets, between dashes or after «, или» to the next comma, is taken out with its marks:
    the words around it join as they would without it («в семь столбцов (колонок) по пять
    карт»: seven columns of five). Between commas it needs «или», between dashes a place noun
    on both sides; anything else in it (a verb, a number, a preposition) keeps it."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        before = out[-1].type if out else None
        if t.type in _GLOSS_OPENS and (
            before in _GLOSSED or (before == "EACH" and t.type == "LPAR")
        ):
            close = _GLOSS_CLOSE[t.type]
            lo = i + 1 + (t.type == "COMMA")  # «, или …,»
            j = next((k for k in range(lo, min(len(toks), lo + 5)) if toks[k].type == close), None)
            inner = [x.type for x in toks[lo:j]] if j is not None else []
            if (
                j is not None
                and (t.type != "COMMA" or toks[i + 1].type == "OR")
                and inner
                and set(inner) <= _GLOSS_WORDS
                and not _GLOSSED.isdisjoint(inner)
            ):
                i = j + 1
                continue
        out.append(t)
        i += 1
    return out


# A clause after «Кроме X, …» that excepts from something: a quantifier, a negation or a
# restriction over which X is left out («кроме тузов, все карты …», «кроме короля, ничего …»).
_EXCEPTING = frozenset({"ALL", "ANY", "EACH", "NEG", "ONLY", "EXCEPT"})
_BESIDES_HEAD = 6  # words of «Кроме X» before its comma, at most


def _besides(toks: list[Tok], sentence: str) -> list[Tok]:
    """«Кроме того, …», «Кроме столбцов, есть четыре ячейки …» opening a sentence add a rule,
    they except nothing: water. The head is an addition when it is «того/этого», or when the
    clause after its comma has nothing to except from (no quantifier, negation or
    restriction); within a sentence «кроме той, на которую …» stays an exception."""
    if len(toks) < 3 or toks[0].type != "EXCEPT":
        return toks
    comma = next((i for i, t in enumerate(toks[: _BESIDES_HEAD + 2]) if t.type == "COMMA"), None)
    if comma is None or comma < 2:
        return toks
    plain = comma == 2 and sentence[toks[1].start : toks[1].end].lower() in ("того", "этого")
    if not plain:
        rest = []
        for t in toks[comma + 1 :]:
            if t.type in ("SEMI", "STOP"):
                break
            rest.append(t.type)
        if not rest or not _EXCEPTING.isdisjoint(rest):
            return toks
    head = [Tok("W", None, t.lemma, t.start, t.end, t.words) for t in toks[:comma]]
    return head + toks[comma:]


def _except_that(toks: list[Tok], sentence: str) -> list[Tok]:
    """«…, за исключением того, что карты должны быть другого цвета»: an exception said as a
    whole clause after «за исключением того, что» states that clause (what does hold), it
    excepts no card or place: the words of the exception are water and the clause after them
    is read as said. «кроме того, что лежит …» (a relative «что»: which card) and «за
    исключением тузов» stay exceptions."""
    out = list(toks)
    for i, t in enumerate(out[:-3]):
        if t.type != "EXCEPT" or t.lemma != "исключение":
            continue
        if not _fold(sentence[: t.start]).rstrip().endswith(" за"):
            continue
        that, comma, what = out[i + 1], out[i + 2], out[i + 3]
        if (
            that.type == "W"
            and _fold(sentence[that.start : that.end]).split()[-1:] in (["того"], ["этого"])
            and comma.type == "COMMA"
            and what.type == "W"
            and _fold(sentence[what.start : what.end]).split()[:1] == ["что"]
        ):
            for k in (i, i + 1):
                out[k] = Tok("W", None, out[k].lemma, out[k].start, out[k].end, out[k].words)
    return out


# full participles by their endings, for words the grammar keeps no forms of («вошедшие»)
_PRTF_ENDINGS = (
    "вший", "вшая", "вшее", "вшие", "вших", "вшим", "шие", "ших",
    "нный", "нная", "нное", "нные", "нных", "тый", "тая", "тое", "тые", "тых",
    "щий", "щая", "щее", "щие", "щих", "мый", "мая", "мое", "мые", "мых",
)  # fmt: skip


def _participle(t: Tok) -> bool:
    return "PRTF" in t.feats or (t.type == "W" and not t.feats and t.lemma.endswith(_PRTF_ENDINGS))


# what may stand in the part a correction denies («не по возрастанию», «не в масть»): a
# phrase, not a clause of its own
_DENIED_SPAN = 6
_PART_STOPS = frozenset({"COMMA", "SEMI", "STOP", "COLON", "DASH"})


_VERBAL = frozenset({"VERB", "INFN", "PRTS"})


def _verbal(t: Tok) -> bool:
    """A word of water that is a finite verb, an infinitive or a short participle: a clause
    of its own, not a phrase («колоды не остаётся, а раскладка не повторяется»)."""
    return t.type == "W" and not _VERBAL.isdisjoint(t.feats)


def _part_end(toks: list[Tok], i: int, span: int) -> int | None:
    """The index of the first part stop after i, within `span` tokens (None: none)."""
    return next(
        (k for k in range(i + 1, min(len(toks), i + 2 + span)) if toks[k].type in _PART_STOPS),
        None,
    )


def _phrase(toks: list[Tok]) -> bool:
    """A short phrase: words, and no marker or verb that would make it a clause."""
    return bool(toks) and not any(x.type in ("NEG", "COND", "ONLY") or _verbal(x) for x in toks)


def _not_but(toks: list[Tok]) -> list[Tok]:
    """«… не по возрастанию, а по убыванию», «… по убыванию, а не по возрастанию»: a
    correction says the rule in its second part and denies the other; the denied part, its
    «не» and the «а» go, so the rule reads as said alone («… по убыванию»). Both parts are
    short phrases (`_phrase`: no verb in water, no other marker) and «а» joins them; two
    clauses joined so («колоды не остаётся, а раскладка не повторяется») stay as they are;
    «не только …, но и» is another phrase (ALSO)."""
    for i, t in enumerate(toks):
        if t.type != "NEG" or t.lemma != "не":
            continue
        j = _part_end(toks, i, _DENIED_SPAN)
        if (  # «не P, а Q»
            j is not None
            and toks[j].type == "COMMA"
            and j + 2 < len(toks)
            and toks[j + 1].type == "W"
            and toks[j + 1].lemma == "а"
            and _phrase(toks[i + 1 : j])
            and _phrase(toks[j + 2 : _part_end(toks, j + 1, len(toks)) or len(toks)])
        ):
            return _not_but(toks[:i] + toks[j + 2 :])
        if (  # «Q, а не P»
            i >= 2
            and toks[i - 1].type == "W"
            and toks[i - 1].lemma == "а"
            and toks[i - 2].type == "COMMA"
            and j is not None
            and _phrase(toks[i + 1 : j])
        ):
            return _not_but(toks[: i - 2] + toks[j:])
    return toks


def _negated_participles(toks: list[Tok]) -> list[Tok]:
    """«карты, не попавшие в основания, …», «не уложенные на тузы карты»: «не» before a full
    participle of where the cards went describes them, it restricts no rule: water. Before a
    verb or a short participle («не пересдаётся», «не разрешено») it stays a negation, and so
    does a participle of a state the rules read («карты, не покрытые другими»)."""
    return [
        t._replace(type="W", value=None)
        if t.type == "NEG"
        and t.lemma == "не"
        and i + 2 < len(toks)
        and _participle(toks[i + 1])
        and toks[i + 2].type in ("IN", "ONTO")
        else t
        for i, t in enumerate(toks)
    ]


# «ничего», «никакой карты», «ни одной»: the negated object of «… ничего, кроме короля»
_NOTHING_BUT = frozenset({"ничто", "никакой", "ни"})


def _except_after(ty: list[str], j: int) -> bool:
    """«кроме» at j, after an optional noun and comma («ничего, кроме», «никакой карты кроме»)."""
    for skip in ("CARD", "COMMA"):
        if j < len(ty) and ty[j] == skip:
            j += 1
    return j < len(ty) and ty[j] == "EXCEPT"


def _nothing_but(toks: list[Tok]) -> list[Tok]:
    """«нельзя класть ничего, кроме короля», «кроме короля, ничего класть нельзя»: nothing but
    X is only X. In a clause (up to «;») where «кроме» follows the negated object («ничего,
    кроме», «никакой карты, кроме») or opens the clause with one after it, the exception is
    `ONLY` and the clause's negations are water (a positive rule: «класть только короля»);
    «любую карту, кроме туза, на котором ничего не лежит» stays an exception."""
    out: list[Tok] = []
    start = 0
    for end in [*(i for i, t in enumerate(toks) if t.type == "SEMI"), len(toks)]:
        clause = toks[start:end]
        ty = [t.type for t in clause]
        nothing = [i for i, t in enumerate(clause) if t.type == "NEG" and t.lemma in _NOTHING_BUT]
        follows = any(_except_after(ty, i + 1) for i in nothing)
        if nothing and (follows or (ty[:1] == ["EXCEPT"] and "COMMA" in ty)):
            clause = [
                Tok("ONLY", t.value, t.lemma, t.start, t.end, t.words, t.feats)
                if t.type == "EXCEPT"
                else Tok("W", None, t.lemma, t.start, t.end, t.words)
                if t.type == "NEG"
                else t
                for t in clause
            ]
        out.extend(clause)
        if end < len(toks):
            out.append(toks[end])
        start = end + 1
    return out


# the case endings written after a figure to make it an ordinal («13-я», «1-й», «2-го», «3-му»)
_ORD_ENDINGS = frozenset(
    {
        "я",
        "й",
        "е",
        "ю",
        "х",
        "м",
        "го",
        "му",
        "ми",
        "ой",
        "ый",
        "ий",
        "ая",
        "ое",
        "ые",
        "ую",
        "ом",
        "ым",
        "им",
        "ых",
        "их",
        "ого",
        "его",
        "ому",
        "ему",
    }
)


def _cardinal_endings(n: int) -> frozenset[str]:
    """The case endings a figure of the cardinal n takes («2-х», «3-мя», «7-ми», «8-ю»,
    «5-ти», «10-ью»): those of its word's forms (двух, тремя, семи, восемью, пяти, десятью)."""
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return frozenset({"х", "м", "мя", "ух", "ум", "умя"})
    if n in (7, 8):
        return frozenset({"ми", "ю", "мь", "мью"})
    if n % 10 == 1 or n >= 100:
        return frozenset()
    return frozenset({"ти", "ью", "ть", "тью"})


def _digit_ordinals(toks: list[Tok]) -> list[Tok]:
    """«13-я карта», «в 1-й ряд»: a figure joined by a hyphen to a case ending is an ordinal,
    as the word would be («тринадцатая»); «4-5 карт» stays two numbers. A cardinal's case
    ending («из 8-ми столбцов», «по 5-ти карт») keeps the figure a cardinal; an ending both
    can take («7-ю», «3-м») is the cardinal's before a plural («7-ю стопками»), the ordinal's
    before a singular («13-ю карту», «во 2-м ряду»)."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if (
            i + 2 < len(toks)
            and t.type == "NUM"
            and t.lemma.isdigit()
            and toks[i + 1].lemma == "-"
            and toks[i + 2].type == "W"
            and t.end == toks[i + 1].start
            and toks[i + 1].end == toks[i + 2].start
        ):
            end = toks[i + 2]
            ending = _fold(end.lemma)
            after = toks[i + 3] if i + 3 < len(toks) else None
            plural = after is not None and "plur" in after.feats
            if ending in _cardinal_endings(int(t.value)) and (
                ending not in _ORD_ENDINGS or plural
            ):  # «из 8-ми столбцов», «7-ю стопками», «по 5-ти карт»: the cardinal in its case
                out.append(t._replace(end=end.end, words=(t.words[0], end.words[1])))
                i += 3
                continue
            if ending in _ORD_ENDINGS:
                out.append(
                    Tok("ORD", t.value, t.lemma, t.start, end.end, (t.words[0], end.words[1]))
                )
                i += 3
                continue
        out.append(t)
        i += 1
    return out


_AS_ADJECTIVE = frozenset({"TURN", "PLAY", "FILL"})
# «открытыми», «открыты»: a card lying face up (the value of its water token, read by the
# islands of a deal told layer by layer; the grammar still sees water)
_OPEN = frozenset({"открывать", "открыть", "вскрывать", "вскрыть"})
FACE_UP_WATER = "up"
# «закрытыми», «закрытые»: a card lying face down, said as a participle of closing (the verb
# itself is a verb of filling: «пустое место закрывают королём»)
_CLOSE = frozenset({"закрывать", "закрыть"})


def _participles(toks: list[Tok]) -> list[Tok]:
    """«сдаются открытыми», «карты открыты», «играющий»: a participle of turning (full or
    short) or a full one of playing describes a card or names the player; it is not the act
    (turning the stock, playing a card). Short ones of playing stay: «карты сыграны». A
    full participle of closing («сдаются закрытыми», «закрытые карты») is the face down, like
    «рубашкой вверх», wherever a face may stand; a short one stays the verb of filling
    («места должны быть закрыты новыми картами»)."""
    out: list[Tok] = []
    for t in toks:
        if t.type == "FILL":
            if t.lemma in _CLOSE and "PRTF" in t.feats:
                t = Tok("FACE_DOWN", None, t.lemma, t.start, t.end, t.words, t.feats)
        elif t.type in _AS_ADJECTIVE and (
            "PRTF" in t.feats or (t.type == "TURN" and "PRTS" in t.feats)
        ):
            value = FACE_UP_WATER if t.lemma in _OPEN else None
            t = Tok("W", value, t.lemma, t.start, t.end, t.words)
        out.append(t)
    return out


# «последней открывшейся (открытой) картой»: a participle of opening after «последний»,
# water words (their forms), which the lexicon does not make a verb of turning
_OPENED = ("открывш", "открыт", "вскрывш", "вскрыт")


def _last_opened(toks: list[Tok]) -> list[Tok]:
    """«если последней открывшейся картой стал король»: the last card turned up, a water
    word of face up (`FACE_UP_WATER`) as `_participles` makes a participle of opening."""
    return [
        t._replace(value=FACE_UP_WATER)
        if t.type == "W" and i and toks[i - 1].type == "LAST" and t.lemma.startswith(_OPENED)
        else t
        for i, t in enumerate(toks)
    ]


_PILE_NOUNS = frozenset({"PACKET", "COLUMN", "ROW", "CIRCLE"})


# the measure of a rank step: «на единицу», «на одну ступень», «на очко», «на 1 ранг»
_MEASURES = frozenset(
    {"единица", "ступень", "очко", "пункт", "ранг", "степень", "значение", "достоинство"}
)


# a comparative and its measure begin at «на» or at the comparative (`_measured`)
_MEASURED_BY = frozenset({"ONTO", "UP", "DOWN"})


def _measured(toks: list[Tok]) -> list[Tok]:
    """«на единицу большего достоинства», «на одну ступень старшую», «на 1 ранг выше»: a
    comparative after its measure is one comparative (UP or DOWN) whatever the comparative
    and the measure; the fixed phrases of terms.yaml list the common pairs, this composes
    the rest."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        j = i + 1
        if t.type == "ONTO":
            if j < len(toks) and toks[j].type == "NUM" and toks[j].value == 1:
                j += 1
            if j < len(toks) and toks[j].lemma in _MEASURES and toks[j].type in ("W", "IMPORTANCE"):
                j += 1
                c = toks[j] if j < len(toks) else None
                if c is not None and c.type == "W" and c.lemma in _BARE_COMPARATIVES:
                    # «на одно значение меньше»: a bare comparative after its measure
                    c = c._replace(type=_BARE_COMPARATIVES[c.lemma], value=c.lemma)
                if c is not None and c.type in ("UP", "DOWN"):
                    out.append(c._replace(start=t.start, words=(t.words[0], c.words[1])))
                    i = j + 1
                    continue
        if (
            t.type in ("UP", "DOWN")
            and (not out or out[-1].type != "ONTO")
            and _measure_at(toks, i + 1) is not None
        ):
            # «младшую на одно очко»: the measure after the comparative (not after «на»: «на
            # старшие на единицу» is read by the islands of a target and its measure)
            end = _measure_at(toks, i + 1)
            assert end is not None
            out.append(t._replace(words=(t.words[0], toks[end].words[1])))
            i = end + 1
            continue
        if t.type == "W" and t.lemma in _BARE_COMPARATIVES and not (out and out[-1].type == "ONTO"):
            # «карты меньшего на единицу достоинства»: an adjective of size, its measure and
            # the rank noun it qualifies are one comparative
            end = _measure_at(toks, i + 1)
            if end is not None and end + 1 < len(toks) and toks[end + 1].lemma in _RANK_NOUNS:
                c = toks[end + 1]
                out.append(
                    t._replace(
                        type=_BARE_COMPARATIVES[t.lemma],
                        value=t.lemma,
                        words=(t.words[0], c.words[1]),
                    )
                )
                i = end + 2
                continue
        if (
            t.type == "NUM"
            and t.value == 1
            and i + 2 < len(toks)
            and toks[i + 1].type == "W"
            and toks[i + 1].lemma in _MEASURES
            and toks[i + 2].type in ("UP", "DOWN")
        ):  # «одним очком старшую»: the measure in the instrumental, before the comparative
            c = toks[i + 2]
            out.append(c._replace(start=t.start, words=(t.words[0], c.words[1])))
            i += 3
            continue
        if (
            t.type == "W"
            and t.lemma in _BARE_COMPARATIVES
            and len(out) >= 2
            and out[-1].type in ("OR", "AND")
            and out[-2].type in ("UP", "DOWN")
        ):  # «на единицу больше или меньше»: the second comparative of a pair, its measure shared
            t = t._replace(type=_BARE_COMPARATIVES[t.lemma])
        out.append(t)
        i += 1
    return out


def _measure_at(toks: list[Tok], i: int) -> int | None:
    """«на единицу», «на одно очко» at i (after a comparative): the index of its last token."""
    if i < len(toks) and toks[i].type == "ONTO":
        j = i + 1
        if j < len(toks) and toks[j].type == "NUM" and toks[j].value == 1:
            j += 1
        if j < len(toks) and toks[j].type == "W" and toks[j].lemma in _MEASURES:
            return j
    return None


# what a comparative of size measures when it is a rank («меньшего на единицу достоинства»)
_RANK_NOUNS = frozenset({"достоинство", "ранг", "значение", "старшинство", "номинал"})
# comparatives of size, read as a rank only as the second of a pair («больше или меньше»),
# or before their measure and a rank noun
_BARE_COMPARATIVES = {
    "больше": "UP",
    "большой": "UP",
    "больший": "UP",
    "меньше": "DOWN",
    "маленький": "DOWN",
    "меньший": "DOWN",
    "малый": "DOWN",
}


_LAYOUT_NAMES = frozenset({"расклад", "раскладка", "игровой поле"})


def _of_the_layout(toks: list[Tok]) -> list[Tok]:
    """«стопки расклада», «в колонках раскладки», «стопки игрового поля»: the layout named
    after a place noun says whose place it is; the two words are one place (the noun's
    token), so that every island that takes the place takes it so qualified. So is «в
    раскладе» after «каждую стопку» («на каждую стопку в раскладе сдаётся …»: each of the
    layout's piles); after a place alone («карты стопок в раскладе») it stays the layout,
    which islands read as such."""
    out: list[Tok] = []
    for t in toks:
        prev = out[-1] if out else None
        if t.type != "DEAL" or t.lemma not in _LAYOUT_NAMES or prev is None:
            out.append(t)
        elif prev.type in _PLACE_NOUNS:
            out[-1] = prev._replace(end=t.end, words=(prev.words[0], t.words[1]))
        elif (
            prev.type == "IN"
            and prev.lemma == "в"
            and prev.value != "по"
            and len(out) > 2
            and out[-2].type in _PLACE_NOUNS
            and out[-3].type == "EACH"
        ):
            noun = out.pop(-2)
            out[-1] = noun._replace(end=t.end, words=(noun.words[0], t.words[1]))
        else:
            out.append(t)
    return out


def _ranks_taken_whole(toks: list[Tok]) -> list[Tok]:
    """«выбирают пятерки и шестерки», «вынимаются тузы»: a rank in the plural right after a
    verb of taking (or after «из колоды» there) is every card of it, as «все тузы» says: an
    `ALL` is said before it. «пятерки», the genitive singular a parser gives first, has no
    place after the verb; «туза, двойку, тройку» (one of each) is singular and stays. Taken
    from anything but the pack («затем из раскладки вынимаются тузы») they are play, not the
    setup, and stay as they are."""
    out: list[Tok] = []
    for t in toks:
        before = [x.type for x in out[-3:]]
        start = next((k for k in range(len(out) - 1, -1, -1) if out[k].type in _CLAUSE_ENDS), -1)
        clause = {x.type for x in out[start + 1 :]}
        if (
            t.type == "RANK"
            and ("plur" in t.feats or {"femn", "gent", "sing"} <= t.feats)
            and (before[-1:] == ["TAKE"] or before == ["TAKE", "FROM", "DECK"])
            and ("FROM" not in clause or "DECK" in clause)
        ):
            out.append(Tok("ALL", "весь", "весь", t.start, t.start, t.words))
        out.append(t)
    return out


def _addressed(toks: list[Tok], sentence: str) -> list[Tok]:
    """«Очистите семь колонок», «освободите все столбцы», «вам необходимо разобрать
    пирамиду»: a verb of clearing said to the player (the second person plural, the
    imperative of modern help texts, or an infinitive after «нужно», «необходимо») states
    what the player is to do, the goal; the same verb elsewhere («опустевший»,
    «освободилось») is a pile emptied. A verb of taking away said to the player whose object
    is piles counted or all of them, the clause ending there («Уберите семь колонок, …»,
    «Уберите все три вершины.»), clears them too; taking away cards or one card («уберите
    пары», «уберите короля», «уберите верхнюю карту») stays a move. One terminal, CLEAR."""
    return [
        t._replace(type="CLEAR")
        if (t.type in ("EMPTY", "FREE") or (t.type == "TAKE" and _piles_after(toks, i)))
        and (
            _fold(sentence[t.start : t.end]).endswith("те")
            or (
                "INFN" in t.feats
                and i
                and toks[i - 1].type == "W"
                and _MODAL.search(sentence[toks[i - 1].start : toks[i - 1].end].lower())
            )
        )
        else t
        for i, t in enumerate(toks)
    ]


# the piles a verb of taking away clears: pile nouns and the peaks of a layout («вершины»)
_CLEARED_PILES = frozenset({"PACKET", "COLUMN", "ROW", "CIRCLE", "RAY", "TOP"})


def _piles_after(toks: list[Tok], i: int) -> bool:
    """Whether the verb at `i` takes piles as its object: «все», a count or both, a pile noun
    (`_CLEARED_PILES`), then the clause's end (a comma, a stop, a semicolon, «и»)."""
    j = i + 1
    if j < len(toks) and toks[j].type == "ALL":
        j += 1
    if j < len(toks) and toks[j].type == "NUM":
        j += 1
    if j == i + 1 or j >= len(toks) or toks[j].type not in _CLEARED_PILES:
        return False
    return j + 1 == len(toks) or toks[j + 1].type in ("COMMA", "STOP", "SEMI", "AND")


# a clause of a pile emptied («если стопка опустела,», «когда в столбце не осталось карт,»):
# its opening, the pile nouns it may name, how far its comma may be
_WHEN_OPENS = frozenset({"COND", "AFTER"})
_EMPTIED_PILES = frozenset({"PACKET", "COLUMN", "ROW", "PLACE"})
_WHEN_SPAN = 8
_ANAPHORS = frozenset({"она", "он", "туда"})


_SOME = frozenset({"какой-нибудь", "какой-либо", "какой-то", "который-нибудь"})


def _one_of_the_piles(toks: list[Tok]) -> list[Tok]:
    """«Когда одна из стопок освобождается, …», «если какой-либо из столбцов опустеет, …»:
    one of the piles emptied under a condition is a pile emptied («когда стопка
    освобождается»), the frame every island of a space reads; the numeral and «из» go, the
    pile noun takes their words. Only right after the condition's opening word and only
    before a word of emptying (a count elsewhere, «одна из четырёх стопок», stays a count)."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        one = (t.type == "NUM" and t.value == 1) or t.type == "ANY" or t.lemma in _SOME
        if (
            one
            and i > 0
            and toks[i - 1].type in _WHEN_OPENS
            and i + 3 < len(toks)
            and toks[i + 1].type == "FROM"
            and toks[i + 2].type in _EMPTIED_PILES
            and toks[i + 3].type in ("EMPTY", "FREE")
        ):
            pile = toks[i + 2]
            out.append(pile._replace(start=t.start, words=(t.words[0], pile.words[1])))
            i += 3
            continue
        out.append(t)
        i += 1
    return out


def _emptied_pronoun(toks: list[Tok]) -> list[Tok]:
    """«Если стопка опустела, в неё можно положить любую карту», «когда столбец освободится,
    туда кладут короля»: the pronoun after a preposition, or «туда», opening the clause after
    a pile emptied, names that empty pile. It becomes the empty pile («в пустую стопку»), so
    every island of a space reads the clause as it reads the pile named outright; the
    condition stays the frame it was. «её можно занять …» and «на её место …» are left as
    they are (the islands of a space read them after the condition), and so is a condition
    on anything else («если колода опустела, её переворачивают»)."""
    for i, t in enumerate(toks):
        if t.type not in _WHEN_OPENS or (i and toks[i - 1].type not in ("COMMA", "SEMI")):
            continue
        head = toks[i + 1 : i + 1 + _WHEN_SPAN]
        comma = next((j for j, h in enumerate(head) if h.type == "COMMA"), None)
        if comma is None:
            continue
        span = [h.type for h in head[:comma]]
        pile = next((h for h in head[:comma] if h.type in _EMPTIED_PILES), None)
        if pile is None or "DECK" in span or not ({"EMPTY", "FREE"} & set(span)):
            continue
        k = i + 2 + comma
        k += k < len(toks) and toks[k].type == "THEN"  # «если стопка пуста, то на неё …»
        prep = k < len(toks) and toks[k].type in ("IN", "ONTO")
        k += prep
        if k >= len(toks) or toks[k].type != "W" or toks[k].lemma not in _ANAPHORS:
            continue
        pr, end = toks[k], k + 1
        if (end < len(toks) and toks[end].type == "PLACE") or not (prep or pr.lemma == "туда"):
            continue  # «на её место …», «её можно занять …»: read after the condition as said
        empty = Tok("EMPTY", "пустой", "пустой", pr.start, pr.end, pr.words)
        noun = pile._replace(start=pr.start, end=pr.end, words=pr.words)
        new = [empty, noun]
        if pr.lemma == "туда" and not prep:
            new.insert(0, Tok("IN", "в", "в", pr.start, pr.end, pr.words))
        return toks[:k] + new + toks[end:]
    return toks


# the head of a win said after its condition: «пасьянс сошёлся», «игра окончена победой», «вы
# выиграли» (the game or a word, then a word of winning, nothing else)
_WIN_TAIL = frozenset({"PATIENCE", "PLAY", "W", "SUCCEED", "THEN"})


def _win_after(toks: list[Tok]) -> list[Tok]:
    """«Если на столе не осталось карт, пасьянс сошёлся», «когда все карты открыты, игра
    окончена победой»: the win said after its condition is the win said before it («пасьянс
    сошёлся, если …»), the order every island of the win reads. A sentence that opens with
    the condition and whose last part, after the comma, is only the game and its winning is
    put in that order (the tokens keep their places in the text)."""
    if len(toks) < 5 or toks[0].type not in _WHEN_OPENS or toks[-1].type not in ("STOP", "SEMI"):
        return toks
    commas = [i for i, t in enumerate(toks) if t.type == "COMMA"]
    if not commas:
        return toks
    tail = toks[commas[-1] + 1 : -1]
    even = next((i for i, t in enumerate(tail) if t.lemma == "даже" and i > 0), None)
    if even is not None and "SUCCEED" in {t.type for t in tail[:even]}:
        tail = tail[:even]  # «…, вы победите даже с остатком колоды»: a concession, no condition
    if (
        not tail
        or "SUCCEED" not in {t.type for t in tail}
        or any(t.type not in _WIN_TAIL for t in tail)
    ):
        return toks
    if any(t.type in _WHEN_OPENS for t in toks[1 : commas[-1]]):
        return toks
    head = [t for t in tail if t.type != "THEN"]  # «…, то пасьянс сошёлся»
    return [*head, toks[commas[-1]], *toks[: commas[-1]], toks[-1]]


# «на каждую стопку три раза сдают по одной карте», «трижды кладут по карте в каждую кучку»,
# «в каждую стопку сдают по карте, и так пять раз», «ещё четыре раза на каждую стопку
# кладётся по одной карте»: a share dealt to each pile a number of times is that many times
# the share, said once («по три карты»); «ещё» keeps its place before the share, so the
# deal's step adds it to the share said before. Not with a verb of turning (a pass through
# the stock «по три карты, три раза») nor a condition.
# how many times a word of times says (`readers.common.times_said` reads it too)
MULT = {"однажды": 1, "единожды": 1, "дважды": 2, "трижды": 3, "четырежды": 4}
_SHARE_VERBS = frozenset({"DEAL", "PUT"})
_EACH_PILES = frozenset({"PACKET", "CIRCLE", "RAY", "ROW", "COLUMN", "PLACE"})


def _rounds_of_shares(toks: list[Tok]) -> list[Tok]:
    """The one share of a sentence times its one count of times (above)."""
    ty = [t.type for t in toks]
    if "TURN" in ty or "COND" in ty or not _SHARE_VERBS.intersection(ty):
        return toks
    if not any(a == "EACH" and b in _EACH_PILES for a, b in pairwise(ty)):
        return toks  # «на каждую из них …»: a layer over piles said before (`layer_on`)
    shares = [
        i
        for i in range(len(toks) - 2)
        if ty[i] == "BY" and ty[i + 1] == "NUM" and ty[i + 2] == "CARD"
    ]
    counts = [
        (i, i + 2, int(toks[i].value))
        for i in range(len(toks) - 1)
        if ty[i] == "NUM" and ty[i + 1] == "TIMES"
    ]
    counts += [
        (i, i + 1, MULT[t.lemma])
        for i, t in enumerate(toks)
        if t.type == "MULT" and MULT.get(t.lemma, 0) > 1
    ]
    if len(shares) == 1 and not counts and shares[0] > 0:
        b = shares[0]
        if toks[b - 1].type == "W" and toks[b - 1].lemma == "еще":  # «сдают ещё по две карты»
            return [*toks[: b - 1], toks[b - 1]._replace(type="AGAIN", value="еще"), *toks[b:]]
        return toks
    if len(shares) != 1 or len(counts) != 1:
        return toks
    (b,), (a, z, n) = shares, counts[0]
    drop = set(range(a, z))
    out = list(toks)
    if a > 0 and toks[a - 1].type == "W" and toks[a - 1].lemma == "еще":
        out[a - 1] = toks[a - 1]._replace(type="AGAIN", value="еще")  # a share more: `deal_more`
    if z == len(toks) - 1 or ty[z] in _CLAUSE_ENDS:
        k = a - 1  # «…, и так три раза.»: the words that lead to it
        while k > b and ty[k] in ("W", "AND", "COMMA"):
            drop.add(k)
            k -= 1
    out[b + 1] = toks[b + 1]._replace(value=int(toks[b + 1].value) * n)
    return [t for i, t in enumerate(out) if i not in drop]


def _more_times(toks: list[Tok]) -> list[Tok]:
    """«разложить ещё раз», «пересдать ещё два раза», «собрать и разложить ещё дважды»: «ещё»
    before a count of times says that many more, after the one just made; it is `AGAIN`,
    which every island of a count read again already takes (a count after «снова» counts the
    deals after the first). Before a count, after a verb that says «again» itself
    («повторить ещё два раза», «пересдать карты ещё дважды»), it adds nothing and stays
    water; so it does after a verb of turning or passing («талон перевернуть и пройти ещё
    два раза»), whose islands count the turns after the first already."""
    out = list(toks)
    for i, t in enumerate(toks[:-1]):
        if t.type != "W" or t.lemma != "еще":
            continue
        nxt = toks[i + 1].type
        j = i - 1
        while j >= 0 and toks[j].type in _OBJECTS:
            j -= 1
        verb = toks[j] if j >= 0 else None
        if verb is not None and (verb.type == "TURN" or (nxt != "TIMES" and _says_again(verb))):
            continue
        if nxt in ("TIMES", "MULT") or (
            nxt == "NUM" and i + 2 < len(toks) and toks[i + 2].type == "TIMES"
        ):
            out[i] = t._replace(type="AGAIN", value=t.lemma)
    return out


# what may stand between a verb and «ещё»: its object («пересдать карты ещё два раза»)
_OBJECTS = frozenset({"W", "CARD", "DECK", "PATIENCE", "TALON"})


def _says_again(t: Tok) -> bool:
    return t.type == "AGAIN" or (t.type == "DEAL" and str(t.value).startswith("пере"))


# the predicate of a suit or colour said in a clause of its own («цвет должен быть другим»,
# «масти должны совпадать»): its word -> the suit phrase it says
_COLOUR_PREDICATES = {
    "другой": "ALT_COLOUR", "иной": "ALT_COLOUR", "противоположный": "ALT_COLOUR",
    "меняться": "ALT_COLOUR", "разный": "ALT_COLOUR", "различный": "ALT_COLOUR",
    "совпадать": "SAME_COLOUR", "одинаковый": "SAME_COLOUR", "тот": "SAME_COLOUR",
}  # fmt: skip
_SUIT_PREDICATES = {
    "совпадать": "SAME_SUIT", "одинаковый": "SAME_SUIT", "тот": "SAME_SUIT",
    "другой": "OTHER_SUIT", "иной": "OTHER_SUIT",
}  # fmt: skip
# words between the subject and its predicate: modals, «быть», «при этом», the cards named
_PREDICATE_GAP = frozenset(
    {"должен", "должный", "должна", "должны", "быть", "мочь", "может", "могут", "при",
     "этот", "этом", "всегда", "обязательно", "непременно", "же", "также", "тоже"}
)  # fmt: skip
_PART_OPENS = frozenset({"COMMA", "SEMI", "DASH", "COLON"})
_PART_ENDS = frozenset({"COMMA", "SEMI", "STOP", "DASH"})


# a suit phrase of the sentence's own, beside which a colour disregarded is no suit rule
_SUIT_SAID = frozenset(
    {"SUIT_N", "SAME_SUIT", "OTHER_SUIT", "ANY_SUIT", "ALT_COLOUR", "SAME_COLOUR", "ALTERNATE",
     "RED", "BLACK"}
)  # fmt: skip


def _colour_disregarded(toks: list[Tok]) -> list[Tok]:
    """«независимо от цвета», «не глядя на цвет», «без учёта цвета» in a sentence that says
    no suit rule of its own: a colour that does not matter, with nothing said of the suit, is
    any suit, so the colour becomes the suit noun and every phrase of a suit disregarded reads
    it. Beside a suit rule («другой масти, независимо от цвета») it says only that the rule is
    not about colour, and «цвет значения не имеет» alone stays as it was (no suit rule)."""
    if not _SUIT_SAID.isdisjoint(t.type for t in toks):
        return toks
    out = list(toks)
    for i in range(1, len(toks)):
        if toks[i].type == "COLOUR" and toks[i - 1].type == "REGARDLESS":
            out[i] = toks[i]._replace(type="SUIT_N")
    return out


_LAYING = frozenset({"PUT", "MOVE", "DEAL"})


# the instrumental of a rank word («королём», «тузом», «двойкою», «дамами»)
_INSTRUMENTAL = regex.compile(r"(?:ом|ём|ем|ой|ою|ей|ею|ами|ями)$")


def _after_rank(toks: list[Tok], sentence: str) -> list[Tok]:
    """«за королём идёт туз», «за тузом двойка»: «за» before a rank in the instrumental is
    «после» (AFTER), so the islands of a rank following another read it as they read «после
    короля идёт туз». «за туза» (the accusative: «считается за туза») stays water."""
    return [
        t._replace(type="AFTER", value="после", lemma="после")
        if t.type == "W"
        and t.lemma == "за"
        and i + 1 < len(toks)
        and toks[i + 1].type == "RANK"
        and _INSTRUMENTAL.search(_fold(sentence[toks[i + 1].start : toks[i + 1].end]))
        else t
        for i, t in enumerate(toks)
    ]


def _then_inside(toks: list[Tok]) -> list[Tok]:
    """«короли, на которые затем кладутся дамы, …»: «затем» inside a clause, between the
    place and the verb of laying, only orders the telling; water, so the place and the verb
    join as they do without it. Opening a clause («…, затем кладут …») or before anything
    but such a verb it stays what it was."""
    return [
        t._replace(type="W", value=None)
        if t.type == "AFTER"
        and t.lemma == "затем"
        and 0 < i < len(toks) - 1
        and toks[i - 1].type not in _PART_OPENS
        and toks[i + 1].type in _LAYING
        else t
        for i, t in enumerate(toks)
    ]


# «ранги (карт) идут по кругу», «достоинства карт замыкаются в круг», «значения следуют
# кругом»: the ranks go round, as «счёт идёт кругом» (`wrap_round`) says; the rank noun is
# that count. Only with the circle closing its clause, past water, the cards and «по», «в»
# («ранги карт идут по кругу: на короля …»); a circle of the layout («карты раскладывают по
# кругу») names no rank.
_ROUND_RANK_STEMS = ("ранг", "достоинств", "номинал", "значени")
_ROUND_GAP = frozenset({"W", "CARD", "FOLLOW", "BY", "IN"})


def _ranks_round(toks: list[Tok]) -> list[Tok]:
    out = list(toks)
    for i, t in enumerate(toks):
        if t.type not in ("W", "IMPORTANCE") or not t.lemma.startswith(_ROUND_RANK_STEMS):
            continue
        j = i + 1
        while j < len(toks) and j <= i + 4 and toks[j].type in _ROUND_GAP:
            j += 1
        end = toks[j + 1].type if j + 1 < len(toks) else "STOP"
        if j < len(toks) and toks[j].type == "CIRCLE" and end in _CURRENT_ENDS:
            out[i] = t._replace(type="COUNT", value="счет", lemma="счет")
    return out


def _moved_together(toks: list[Tok], sentence: str) -> list[Tok]:
    """«карты, лежащие по порядку, перемещаются вместе»: «вместе» right after a verb of
    moving, with no «с» after it, moves the cards as one, as «целиком» does. «вместе с
    тузом» names what goes along and stays water."""
    return [
        t._replace(type="RUN", value="целиком", lemma="целиком")
        if t.type == "W"
        and i > 0
        and toks[i - 1].type == "MOVE"
        and sentence[t.start : t.end].lower() == "вместе"
        and (i + 1 == len(toks) or toks[i + 1].type != "WITH")
        else t
        for i, t in enumerate(toks)
    ]


def _range_round(toks: list[Tok], sentence: str) -> list[Tok]:
    """«от короля до туза, затем (снова) король и так далее», «…, а затем снова с туза»: a
    range that goes on past its last rank, from the ace to the king or back, is the ranks
    going round. Said as «после туза (снова) король», so `wrap_follow` reads it; the range
    keeps its own tokens. Any other rank after «затем» («до туза, затем двойка») says
    nothing of the sort."""
    out: list[Tok] = []
    for i, t in enumerate(toks):
        out.append(t)
        if not (t.type == "AFTER" and t.lemma == "затем" and i >= 3):
            continue
        said = [sentence[x.start : x.end].lower() for x in toks]
        k = i - 1 - (toks[i - 1].type == "W" and said[i - 1] == "а")  # «…, а затем»
        last, comma, to = toks[k - 1], toks[k], toks[k - 2]
        if k < 2 or to.type != "TO" or comma.type != "COMMA" or last.type != "RANK":
            continue
        j = i + 1
        while j < len(toks) and (
            toks[j].type in ("AGAIN", "FROM", "WITH") or said[j] == "опять"  # water elsewhere
        ):
            j += 1
        if j < len(toks) and toks[j].type == "RANK" and {last.value, toks[j].value} == {1, 13}:
            out.append(last._replace(start=t.start, end=t.end, words=t.words))
    return out


def _suit_predicates(toks: list[Tok]) -> list[Tok]:
    """«…, цвет должен быть другим», «…; масть может быть любой», «…, масти должны
    совпадать»: a clause of its own whose subject is the colour or the suit and whose
    predicate says the rule is that suit phrase («другого цвета», «любой масти», «той же
    масти»), one token of its terminal, so every island that reads a suit phrase after the
    way reads it. Only a whole part (from a comma or the sentence's start to the next comma
    or stop) is rewritten; «цвета должны чередоваться» keeps its own islands."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        j = i
        while j > 0 and toks[j - 1].type == "W" and toks[j - 1].lemma in _PREDICATE_GAP:
            j -= 1
        opens = j == 0 or toks[j - 1].type in _PART_OPENS
        table = _COLOUR_PREDICATES if t.type == "COLOUR" else _SUIT_PREDICATES
        if t.type not in ("COLOUR", "SUIT_N") or not opens:
            out.append(t)
            i += 1
            continue
        k = i + 1
        while k < len(toks) and (
            toks[k].type == "CARD" or (toks[k].type == "W" and toks[k].lemma in _PREDICATE_GAP)
        ):
            k += 1
        said = None
        if k < len(toks):
            p = toks[k]
            if t.type == "SUIT_N" and p.type == "ANY":
                said = "ANY_SUIT"
            elif t.type == "COLOUR" and p.type == "ALTERNATE":  # «цвет карт должен различаться»
                said = "ALT_COLOUR"
            elif p.type == "W":
                said = table.get(p.lemma)
        end = k + 1
        while end < len(toks) and toks[end].type == "W" and toks[end].lemma in _PREDICATE_GAP:
            end += 1  # «той же»
        if said is None or (end < len(toks) and toks[end].type not in _PART_ENDS):
            out.append(t)
            i += 1
            continue
        out.append(
            Tok(
                said,
                said,
                t.lemma,
                t.start,
                toks[end - 1].end,
                (t.words[0], toks[end - 1].words[1]),
            )
        )
        i = end
    return out


# «нужно», «необходимо», «надо», «требуется», «следует»: what the player must do
_MODAL = regex.compile(r"(?:нужно|необходимо|надо|требуется|следует|должны|должен)$")


def _order_lines(toks: list[Tok]) -> list[Tok]:
    """«в возрастающей линии», «нисходящею линией»: a line that rises or falls is the order
    of the cards, as «последовательность» is, not a row of piles on the table."""
    return [
        t._replace(type="ORDER")
        if t.type == "ROW" and t.lemma == "линия" and i and toks[i - 1].type in ("UP", "DOWN")
        else t
        for i, t in enumerate(toks)
    ]


def _reserve_adjectives(toks: list[Tok]) -> list[Tok]:
    """«запасные пачки»: an adjective of the reserve names a group of piles as one; before
    any other word («запасные карты», «запасных мест», the cells) it is water. The reserve
    said as a noun in the genitive after the pile noun («четыре стопки резерва») is said as
    the adjective before it («четыре резервные стопки»), the form every island reads, and so
    are reserves counted as a noun («два резерва по шесть карт»: `_counted_reserves`)."""
    toks = _counted_reserves(_reserve_of_piles(toks))
    return [
        Tok("W", None, t.lemma, t.start, t.end, t.words)
        if t.type == "RESERVE"
        and t.lemma not in ("запас", "резерв")
        and (i + 1 >= len(toks) or toks[i + 1].type not in _PILE_NOUNS)
        else t
        for i, t in enumerate(toks)
    ]


def _counted_reserves(toks: list[Tok]) -> list[Tok]:
    """«два резерва», «три запаса»: the reserve noun after a count of two or more names that
    many piles of the reserve, as «две резервные стопки» does; one reserve («резерв из
    тринадцати карт») stays the noun every island of a reserve reads."""
    out: list[Tok] = []
    for i, t in enumerate(toks):
        if (
            t.type == "RESERVE"
            and t.lemma in ("запас", "резерв")
            and i > 0
            and toks[i - 1].type == "NUM"
            and isinstance(toks[i - 1].value, int)
            and toks[i - 1].value >= 2
        ):
            said = Tok("RESERVE", None, "резервный", t.start, t.start, t.words)
            out += [said, t._replace(type="PACKET", value="стопка", lemma="стопка")]
            continue
        out.append(t)
    return out


def _reserve_of_piles(toks: list[Tok]) -> list[Tok]:
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if (
            t.type in _PILE_NOUNS
            and nxt is not None
            and nxt.type == "RESERVE"
            and nxt.lemma in ("запас", "резерв")
            and "gent" in nxt.feats
            and "sing" in nxt.feats
        ):
            said = Tok("RESERVE", None, "резервный", t.start, t.start, t.words)
            out += [said, t._replace(end=nxt.end, words=(t.words[0], nxt.words[1]))]
            i += 2
            continue
        out.append(t)
        i += 1
    return out


# The adjective that says a pile is of a place, as the grammar reads it before a pile noun
# («базовые стопки», «резервные стопки»).
_ENTRY_ADJECTIVE = {"FOUNDATION": "базовый", "RESERVE": "резервный"}


# Grammemes and endings of a word that can stand before a noun and agree with it (a water
# word's grammemes are not always looked up).
_ADJECTIVAL = frozenset({"ADJF", "PRTF"})
_ADJ_ENDINGS = ("ые", "ие", "ых", "их", "ая", "яя", "ую", "юю", "ой", "ей", "ый", "ий", "ое", "ее")


def _adjectival(t: Tok) -> bool:
    if t.feats:
        return not _ADJECTIVAL.isdisjoint(t.feats)
    return t.lemma.endswith(_ADJ_ENDINGS) or t.lemma.endswith(("ыми", "ими", "ого", "его"))


def opens_with_count(toks: Sequence[Tok]) -> Tok | None:
    """The pile noun of a count that opens a sentence («Восемь стопок сверху справа», «Четыре
    стопки слева по три карты»), or None."""
    if len(toks) < 2 or toks[0].type != "NUM":
        return None
    j = 1  # past the noun's adjectives («Четыре сдвинутых стопки»), before they join it
    while j < len(toks) - 1 and toks[j].type == "W" and _adjectival(toks[j]):
        j += 1
    noun = toks[j]
    return noun if noun.type in _PILE_NOUNS or noun.type == "PLACE" else None


def opens_with_one(toks: Sequence[Tok]) -> Tok | None:
    """The pile noun of a sentence that opens with one pile named alone, in the nominative
    singular («Стопка сверху.»: an entry of one place), or None."""
    if len(toks) < 2 or toks[0].type not in _PILE_NOUNS:
        return None
    return toks[0] if {"nomn", "sing"} <= toks[0].feats else None


def _entry_place(toks: list[Tok], entry: str) -> list[Tok]:
    """An entry of a table of places (a help page's row: the place in one cell, its
    description in the next, or the place named only further on in the description):
    its opening count of piles is of that place, as if the place's adjective stood before
    the noun («Восемь стопок сверху справа. Карты в основаниях…» is «Восемь базовых
    стопок…»)."""
    noun = opens_with_count(toks)
    if noun is None and entry == "FOUNDATION" and (one := opens_with_one(toks)):
        # «Стопка сверху. Собирается …»: one foundation
        said = Tok(entry, None, _ENTRY_ADJECTIVE[entry], one.start, one.start, one.words)
        return [said._replace(counted=1), *toks]
    if noun is None or entry not in _ENTRY_ADJECTIVE:
        return toks
    said = Tok(entry, None, _ENTRY_ADJECTIVE[entry], noun.start, noun.start, noun.words)
    if entry == "FOUNDATION" and toks[0].value == 1:
        # «Одна стопка, центральная в нижнем ряду.»: one foundation, its count carried by
        # the place as `_counted_foundations` carries a count over one
        one = toks[0]
        said = said._replace(start=one.start, words=(one.words[0], noun.words[0]), counted=1)
        return [said, *toks[1:]]
    return [toks[0], said, *toks[1:]]  # after the count, before the noun's adjectives


# Nouns of a place a card goes to or lies in (the grammar's place terminals).
_PLACE_NOUNS = frozenset({"PACKET", "COLUMN", "ROW", "CIRCLE", "RAY", "PLACE"})
# Adjectives that say which piles of a group are meant (the rest, the others, the next): an
# island may read them, so they are never part of a place noun's phrase.
_SELECTING = frozenset(
    {
        "другой",
        "остальной",
        "оставшийся",
        "прочий",
        "последующий",
        "предыдущий",
        "соответствующий",
        "новый",
        "такой",
        "иной",
        "весь",
        "очередной",
        "нужный",
        "подходящий",
    }
)
_CASE = {"loc2": "loct", "gen2": "gent", "acc2": "accs", "voct": "nomn"}


@lru_cache(maxsize=4096)
def _case_numbers(word: str, pos: frozenset[str], lemma: str | None) -> frozenset[tuple]:
    """(case, number) of each reading of a word as one of the parts of speech `pos` (and, for
    a noun, of its lemma)."""
    out = set()
    for p in _morph().parse(word):
        tag = p.tag
        if tag.POS not in pos or (lemma is not None and _fold(p.normal_form) != lemma):
            continue
        if pos != _NOUN and ("Apro" in tag or _fold(p.normal_form) in _SELECTING):
            return frozenset()  # «свои места», «другие стопки»: a pronoun or a selector
        out.add((_CASE.get(str(tag.case), str(tag.case)), str(tag.number)))
    return frozenset(out)


_NOUN = frozenset({"NOUN"})
_ADJECTIVE = frozenset({"ADJF", "PRTF"})


def _agrees(adjective: str, noun: str, lemma: str) -> bool:
    """Whether a word is an adjective or participle agreeing with a place noun: the same
    case and number, or a plural after a numeral of two to four («четыре резервные стопки»,
    «три игровых ряда»: the noun in the genitive singular)."""
    nouns = _case_numbers(noun, _NOUN, lemma)
    for case, number in _case_numbers(adjective, _ADJECTIVE, None):
        if (case, number) in nouns:
            return True
        if number == "plur" and case in ("nomn", "gent", "accs") and ("gent", "sing") in nouns:
            return True
    return False


def _piles_of_piles(toks: list[Tok]) -> list[Tok]:
    """«Есть 7 рядов стопок», «в три ряда кучек по пять карт»: a counted place noun that
    governs another place noun in the genitive plural is one place counted: the piles the
    rows are made of (the piles are what a draft counts: one each), in the counted noun's
    case; «из стопок ряда» (no numeral, a singular genitive) stays two nouns."""
    out: list[Tok] = []
    for t in toks:
        head = out[-1] if out else None
        if (
            head is not None
            and len(out) >= 2
            and out[-2].type == "NUM"
            and head.type in _PLACE_NOUNS
            and t.type in _PLACE_NOUNS
            and {"gent", "plur"} <= t.feats
        ):
            out[-1] = head._replace(
                type=t.type,
                value=t.value,
                lemma=t.lemma,
                end=t.end,
                words=(head.words[0], t.words[1]),
            )
            continue
        out.append(t)
    return out


def _place_phrases(toks: list[Tok], sentence: str) -> list[Tok]:
    """«восемь вертикальных колонок», «на любую из четырёх резервных стопок», «в игровых
    рядах»: the water adjectives that agree with a place noun before it are part of its
    phrase, so every island that takes the noun takes it with any adjectives (a numeral,
    «в», «на», «из» then the noun). An adjective the grammar knows (свободный, пустой,
    верхний, базовый, запасный …) stays its own token; a pronoun or a word that selects
    among the piles («свои места», «остальные стопки») and a participle of opening (a face)
    stay water."""
    out: list[Tok] = []
    for t in toks:
        if t.type in _PLACE_NOUNS:
            noun, word = t.lemma, _fold(sentence[t.start : t.end])
            while (
                out
                and out[-1].type == "W"
                and out[-1].value is None
                and out[-1].words[1] - out[-1].words[0] == 1
            ):
                adj = out[-1]
                if not _agrees(_fold(sentence[adj.start : adj.end]), word, noun):
                    break
                out.pop()
                words = (adj.words[0], t.words[1])
                t = Tok(t.type, t.value, t.lemma, adj.start, t.end, words, t.feats)
        out.append(t)
    return out


# «временные поля»: fields named by their role of keeping a card for a time are cells (a
# field alone, «игровое поле», is the layout, and stays water)
_FIELD_FORMS = frozenset({"поле", "поля", "полю", "полем", "полей", "полям", "полями", "полях"})
HOLDING_FIELD = "временное поле"


def _holding_fields(toks: list[Tok], sentence: str) -> list[Tok]:
    """«во временные поля»: «временный» and a field after it are one `PLACE`, a cell's."""
    out: list[Tok] = []
    for t in toks:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.type == "HOLD"
            and prev.lemma == "временный"
            and t.type == "W"
            and _fold(sentence[t.start : t.end]) in _FIELD_FORMS
        ):
            words = (prev.words[0], t.words[1])
            out[-1] = Tok("PLACE", HOLDING_FIELD, "поле", prev.start, t.end, words, t.feats)
            continue
        out.append(t)
    return out


# A demonstrative between a preposition and a place («в этом основании», «на эту стопку»).
_DEMONSTRATIVES = frozenset(
    {"этот", "эта", "это", "эти", "этого", "этой", "этом", "этому", "эту", "этим", "этих", "этими"}
)
_POINTED_PLACES = _PLACE_NOUNS | {"FOUNDATION", "RESERVE", "TALON"}
_PREPOSITIONS = frozenset({"IN", "ONTO", "FROM"})


def _pointed_places(toks: list[Tok], sentence: str) -> list[Tok]:
    """«карты в этом основании собирают …», «на эту стопку кладут …»: a demonstrative after a
    preposition points back at a place already named, so it is part of the place's phrase
    (as an adjective is: `_place_phrases`) and every island that reads the preposition and
    the place reads it; elsewhere («после этого», «это место») it stays water."""
    out: list[Tok] = []
    for t in toks:
        if (
            t.type in _POINTED_PLACES
            and len(out) >= 2
            and out[-1].type == "W"
            and out[-1].value is None
            and out[-1].words[1] - out[-1].words[0] == 1
            and _fold(sentence[out[-1].start : out[-1].end]) in _DEMONSTRATIVES
            and out[-2].type in _PREPOSITIONS
        ):
            this = out.pop()
            t = t._replace(start=this.start, words=(this.words[0], t.words[1]))
        out.append(t)
    return out


# Nouns besides the places a numeral counts (the places: `_place_phrases`).
_COUNTED_NOUNS = frozenset({"CARD", "DECK", "RANK", "SUIT_N", "FOUNDATION", "TALON"})


def _counted_phrases(toks: list[Tok], sentence: str) -> list[Tok]:
    """«три красивых туза», «две старые колоды», «по пять ровных карт»: the water adjectives
    that agree with a noun a numeral counts, between the two, are part of the noun's phrase,
    as they are of a place noun's (`_place_phrases`), so every island that reads the numeral
    and its noun reads them with adjectives. An adjective of a face («открытых») or one the
    grammar knows stays its own token."""
    out: list[Tok] = []
    for t in toks:
        if t.type in _COUNTED_NOUNS:
            k = len(out)
            word = _fold(sentence[t.start : t.end])
            while (
                k > 0
                and out[k - 1].type == "W"
                and out[k - 1].value is None
                and _agrees(_fold(sentence[out[k - 1].start : out[k - 1].end]), word, t.lemma)
            ):
                k -= 1
            if k < len(out) and k > 0 and out[k - 1].type == "NUM":
                first = out[k]
                t = t._replace(start=first.start, words=(first.words[0], t.words[1]))
                del out[k:]
        out.append(t)
    return out


_INFINITIVE = regex.compile(r"(?:ть|ти|чь)(?:ся|сь)?$")


def _infinitive_follows(toks: list[Tok], i: int) -> bool:
    """An infinitive within the next three words (a water word judged by its ending)."""
    for t in toks[i + 1 : i + 4]:
        if "INFN" in t.feats or (t.type == "W" and _INFINITIVE.search(t.lemma)):
            return True
        if t.type != "W":
            return False
    return False


_MODAL_VERBS = frozenset({"следовать", "полагаться"})


def _modals(toks: list[Tok]) -> list[Tok]:
    """«следует класть», «полагается заполнять»: следовать or полагаться before an
    infinitive is "must", not "follow" (a suit) or "be laid"."""
    return [
        Tok("W", None, t.lemma, t.start, t.end, t.words)
        if t.lemma in _MODAL_VERBS and _infinitive_follows(toks, i)
        else t
        for i, t in enumerate(toks)
    ]


def _compounds(toks: list[Tok]) -> list[Tok]:
    """Numerals written in several words are one number: пятьдесят две -> 52, сто четыре ->
    104 (a ten then a unit, a hundred then a ten or unit; figures are never joined); an
    ordinal after them is one ordinal: пятьдесят вторая -> the 52nd."""
    out: list[Tok] = []
    for t in toks:
        prev = out[-1] if out else None
        if (
            t.type in ("NUM", "ORD")
            and prev is not None
            and prev.type == "NUM"
            and not (prev.lemma.isdigit() or t.lemma.isdigit())
            and (
                (prev.value >= 100 and prev.value % 100 == 0 and t.value < 100)
                or (prev.value % 100 >= 20 and prev.value % 10 == 0 and t.value < 10)
            )
        ):
            words = (prev.words[0], t.words[1])
            out[-1] = Tok(
                t.type, prev.value + t.value, prev.lemma, prev.start, t.end, words, t.feats
            )
        else:
            out.append(t)
    return out


def _suited_numbers(toks: list[Tok]) -> list[Tok]:
    """«8 пик», «10 червей»: a figure from 2 to 10 before a suit is a card, its rank."""
    return [
        Tok("RANK", t.value, t.lemma, t.start, t.end, t.words, t.feats)
        if t.type == "NUM"
        and t.lemma.isdigit()
        and 2 <= t.value <= 10
        and i + 1 < len(toks)
        and toks[i + 1].type == "SUIT"
        else t
        for i, t in enumerate(toks)
    ]


def _counts_them(before: Tok) -> bool:
    """Whether the word before «N основных …» lets N count the foundations: a preposition of
    place, «все / всего», or the start of a clause or of a part of one; not «по» (each), an
    ordinal or «остальные» (some of them), a dash or colon (a memo: «Справа — четыре базовые
    ячейки», read by its own island), nor other water («место для 8 основных карт»)."""
    return before.type in ("IN", "ONTO", "COMMA", "AND", "SEMI", "ALL")


def _counted_foundations(toks: list[Tok]) -> list[Tok]:
    """«кладут в четыре базовые стопки», «переносят на восемь оснований», «восемь базовых
    стопок собираются …»: a numeral just before the foundations, after a preposition of
    place or opening a clause (`_counts_them`), is the foundations' count, carried by their
    token (`Tok.counted`, read as `foundation.count` by whichever island takes the place), so
    every island that takes «в/на» + the foundations takes them counted too."""
    out: list[Tok] = []
    for i, t in enumerate(toks):
        j = i - 1  # past the adjectives between («в четыре свободных основания»)
        while j > 0 and toks[j].type in _FOUNDATION_QUALIFIERS:
            j -= 1
        if (
            t.type == "FOUNDATION"
            and j >= 0
            and toks[j].type == "NUM"
            and (j < 1 or _counts_them(toks[j - 1]))
            and 1 < toks[j].value <= 16
        ):
            n = out.pop(len(out) - (i - j))
            words = (n.words[0], t.words[1])
            start = n.start if j == i - 1 else t.start
            t = Tok(t.type, t.value, t.lemma, start, t.end, words, t.feats, int(n.value))
        out.append(t)
    return out


# Adjectives the grammar knows that may stand between the foundations and their count.
_FOUNDATION_QUALIFIERS = frozenset({"FREE", "EMPTY", "LEFT", "RIGHT", "TOP", "BOTTOM", "FULL"})


def _phrases(toks: list[Tok], vocab: Vocabulary) -> list[Tok]:
    by_two = vocab.by_two
    lemmas = tuple(t.lemma for t in toks)
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        cands = by_two.get(lemmas[i : i + 2])  # the last word: itself alone
        if cands is None:  # no phrase goes on with the next word: those of this one alone
            cands = by_two.get(lemmas[i : i + 1], ())
        for seq, term in cands:
            n = len(seq)
            if lemmas[i : i + n] == seq:
                first, last = toks[i], toks[i + n - 1]
                words = (first.words[0], last.words[1])
                out.append(Tok(term, " ".join(seq), " ".join(seq), first.start, last.end, words))
                i += n
                break
        else:
            out.append(toks[i])
            i += 1
    return out


def _collapse(toks: list[Tok]) -> list[Tok]:
    """A run of water words is one W token (its value: face up when a word of it says so)."""
    out: list[Tok] = []
    for t in toks:
        if t.type == "W" and out and out[-1].type == "W":
            prev = out[-1]
            up = FACE_UP_WATER if FACE_UP_WATER in (prev.value, t.value) else None
            out[-1] = Tok("W", up, "", prev.start, t.end, (prev.words[0], t.words[1]))
        else:
            up = FACE_UP_WATER if t.value == FACE_UP_WATER else None
            out.append(t if t.type != "W" else Tok("W", up, "", t.start, t.end, t.words))
    return out
