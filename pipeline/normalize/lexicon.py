"""Which words exist: the general Russian lexicon (pymorphy3 + OpenCorpora) and the
hand-made domain lexicon of the card vocabulary (`grammar/lexicon/domain_forms.txt`).

A pre-reform word is known if it is well-formed pre-reform spelling and its modern projection
is known. Every answer is cached per unique word: a corpus repeated to megabytes has few.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from functools import lru_cache

import regex

from pipeline.normalize import modern
from pipeline.resources import data_dir, lasting

# Parses that do not make a lower-case word a word: proper names, places, organisations.
_PROPER = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})
# A pre-reform word never ends in a bare hard consonant (it takes ъ).
_BARE_FINAL = regex.compile(r"[бвгджзклмнпрстфхцчшщ]$")
_BARE_CONSONANTS = frozenset("бвгджзклмнпрстфхцчшщ")


def _bare_final(low: str) -> bool:
    """`_BARE_FINAL.search(low)` without a search from every place: the last letter, or the
    last before a final line break (where `$` matches too), is a bare consonant."""
    return (low[-2:-1] if low.endswith("\n") else low[-1:]) in _BARE_CONSONANTS


_ADJ = frozenset({"ADJF", "PRTF"})
_YAT_INITIAL = regex.compile(r"ѣ(?:д|зд|зж|х|л|ст|шь|ж)")
_VERBAL = frozenset({"VERB", "INFN", "PRTS", "GRND"})
_NO_FINAL_YAT = _VERBAL | {"PRCL", "CONJ", "INTJ"}
# the stems that take ѵ (izhitsa) in the old spelling: church and Greek words
_IZHITSA_WORDS = regex.compile(r"мѵр|сѵнод|ѵпостас|ѵссоп|сѵмвол|ѵподіакон|ѵгрометр")
# Caches are emptied when they grow past this (a corpus has far fewer unique words; junk
# input of millions of unique tokens must not grow them without bound).
CACHE_LIMIT = 300_000
# A prefix with more е than this is taken as begun by some word (`Lexicon.unreachable_prefix`
# would try each е as ё: 2**n look-ups).
MAX_EE_PREFIX = 4


@lru_cache(maxsize=1)
def morph():
    """pymorphy3's analyser of the Russian dictionary the project depends on, named by its
    path: found by its package's entry point, it costs a scan of every installed package's
    metadata (a twentieth of `pasyans extract FILE`). pymorphy3's own variable, where
    set, still names another dictionary."""
    import os

    import pymorphy3

    if pymorphy3.MorphAnalyzer.DICT_PATH_ENV_VARIABLE in os.environ:
        return pymorphy3.MorphAnalyzer()
    try:
        import pymorphy3_dicts_ru
    except ImportError:
        return pymorphy3.MorphAnalyzer()
    return pymorphy3.MorphAnalyzer(path=pymorphy3_dicts_ru.get_path(), lang="ru")


@lru_cache(maxsize=1)
def _domain_pairs() -> tuple[tuple[str, str], ...]:
    """(pre-reform form, modern form or "") per line of the domain lexicon, read once."""
    path = data_dir("grammar") / "lexicon" / "domain_forms.txt"
    if not path.is_file():
        return ()
    pairs = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            p, _, m = line.partition("\t")
            pairs.append((p, m))
    return tuple(pairs)


@lru_cache(maxsize=1)
def domain_forms() -> tuple[frozenset[str], frozenset[str]]:
    """(pre-reform forms, modern forms) of the domain lexicon, lower case."""
    pairs = _domain_pairs()
    return frozenset(p for p, _ in pairs), frozenset(m or p for p, m in pairs)


@lru_cache(maxsize=1)
def respellings() -> dict[str, str]:
    """Modern spelling -> pre-reform spelling, for the domain's words whose stem has ѣ
    (место -> мѣсто): in a pre-reform text the modern form is a slip (an engine trained on
    modern Russian writes е for ѣ). Only unambiguous pairs differing by ѣ/е before the
    word's last two letters (an ending's е may be a form of its own: все, всѣ), and never
    a modern form that is itself a pre-reform form of the domain."""
    pre, _mod = domain_forms()
    by_mod: dict[str, set[str]] = {}
    for p, m in _domain_pairs():
        if m and m != p:
            by_mod.setdefault(m, set()).add(p)
    out = {}
    for m, ps in by_mod.items():
        if len(ps) == 1 and m not in pre:
            p = next(iter(ps))
            diffs = [i for i, (a, b) in enumerate(zip(p, m, strict=False)) if a != b]
            # ѣ for е in the stem only: an ending's е may be a form of its own (все, всѣ)
            if (
                len(p) == len(m)
                and diffs
                and all(p[i] == "ѣ" and m[i] == "е" and i < len(m) - 2 for i in diffs)
            ):
                out[m] = p
    return out


@lru_cache(maxsize=1)
def _yat_stem_matcher() -> tuple[regex.Pattern, dict[str, str]]:
    """One pattern for every stem of `yat_stems` (the longest first), and the stem of each
    printed form it matches (a whole-word stem's key ends in `$`)."""
    stems = sorted(yat_stems(), key=lambda t: -len(t[0]))
    alts = [regex.escape(p) + (r"$" if whole else "") for p, _s, whole in stems]
    by_printed = {p + ("$" if whole else ""): s for p, s, whole in stems}
    return regex.compile("(?:" + "|".join(f"({a})" for a in alts) + ")"), by_printed


@lru_cache(maxsize=1)
def yat_stems() -> tuple[tuple[str, str, bool], ...]:
    """(stem as a modern engine prints it, with е for ѣ; the stem; whole word only) for each
    line of `yat_stems.txt`, read once."""
    path = data_dir("grammar") / "lexicon" / "yat_stems.txt"
    if not path.is_file():
        return ()
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            whole = line.endswith("$")
            stem = line.rstrip("$")
            out.append((stem.replace("ѣ", "е"), stem, whole))
    return tuple(out)


def _comparative_in_ee(word: str, tags: list) -> bool:
    """A comparative in -ее (труднее, выгоднее, скорее): -ѣе in the old spelling, which a
    word with any other reading (позднее, an adjective too) need not be."""
    return (
        word.endswith("ее")
        and len(word) > 4
        and any(t.POS == "COMP" for t in tags)
        and all(t.POS in ("COMP", "CONJ") for t in tags)
    )


class _Dictionary:
    """The dictionary's answers about modern-spelling words, one set per process and shared
    by both orthographies' lexicons: they depend only on the word, pymorphy3's dictionary
    and the domain's modern forms, which both lexicons read alike. A pre-reform page asks
    about the modern projections of its words, which the modern pages of the same run
    (and the modern lexicon's own look-ups) have often asked about already."""

    def __init__(self) -> None:
        self.known_modern: dict[str, bool] = {}  # `Lexicon.known_modern`
        self.known_parses: dict[str, list] = {}  # `Lexicon._known_parses`


@lru_cache(maxsize=1)
def _dictionary() -> _Dictionary:
    return _Dictionary()


class Lexicon:
    """Word knowledge for one orthography; instances keep their own caches (the
    dictionary's answers about modern spellings are shared: `_Dictionary`)."""

    def __init__(self, prereform: bool) -> None:
        self.prereform = prereform
        self.morph = morph()
        self.domain_pre, self.domain_mod = domain_forms()
        self.respelled = respellings() if prereform else {}
        shared = _dictionary()
        self._known_mod = shared.known_modern
        self._known_parse_memo = shared.known_parses
        self._known: dict[str, bool] = {}
        self._modern: dict[str, str] = {}
        self._parses: dict[str, list] = {}
        self._respelt: dict[str, str] = {}  # `respelling`: "" for none
        self._tag_memo: dict[str, list] = {}  # `tags`: a word's tags where it is not parsed
        # the dictionary's prefix test (DAWG2's C reader has one; the pure-Python one not)
        words = getattr(getattr(self.morph, "dictionary", None), "words", None)
        self._has_prefix = getattr(words, "has_keys_with_prefix", None)
        # a word's (paradigm, form) pairs in the dictionary, е read as е or ё, as `parse`
        # reads them, and the tag of each: `known_modern` in one look-up
        self._forms = getattr(words, "similar_item_values", None)
        self._tag_of = getattr(getattr(self.morph, "dictionary", None), "build_tag_info", None)
        self._subs = getattr(self.morph, "char_substitutes", None)
        if self._tag_of is None or self._subs is None:
            self._forms = None
        self._domain_sorted = sorted(self.domain_mod)
        self._begun_memo: dict[str, bool] = {}
        # for the corrector: word -> (one-letter edits tried, the known ones), see
        # `Corrector._known_edits`; the same for every document of this orthography
        self.edit_memo: dict[str, tuple[int, tuple[str, ...]]] = {}

    # -- modern spelling -------------------------------------------------------------
    def known_modern(self, word: str) -> bool:
        """A lower-case modern-spelling word of the dictionary (not only a proper name)."""
        r = self._known_mod.get(word)
        if r is None:
            r = word in self.domain_mod
            tag_of = self._tag_of
            if not r and self._forms is not None and tag_of is not None:
                # a word of the dictionary (е read as е or ё only where it has one: the
                # strict look-up below), and a parse of it that is no name: the parses of a
                # dictionary word are its dictionary forms (and, for a single letter,
                # initials, which are names), so their tags say it, without building parses
                r = any(
                    not (_PROPER & tag_of(para, idx).grammemes)
                    for forms in self._forms(word.lower(), self._subs)
                    for para, idx in forms
                )
            elif not r and self.morph.word_is_known(word, strict="е" not in word):
                # an exact look-up where no ё can hide behind an е (the fuzzy one is slower)
                r = any(
                    p.is_known and not (_PROPER & p.tag.grammemes) for p in self.morph.parse(word)
                )
            if len(self._known_mod) >= CACHE_LIMIT:
                self._known_mod.clear()
            self._known_mod[word] = r
        return r

    def _begun(self, prefix: str) -> bool:
        """Whether some word of the domain or the dictionary begins with `prefix` (lower
        case), an е of it read as е or ё, as `known_modern`'s look-up reads it."""
        i = bisect_left(self._domain_sorted, prefix)
        if i < len(self._domain_sorted) and self._domain_sorted[i].startswith(prefix):
            return True
        has = self._has_prefix
        if has is None or prefix.count("е") > MAX_EE_PREFIX:
            return True
        if has(prefix):
            return True
        at = [i for i, c in enumerate(prefix) if c == "е"]
        for mask in range(1, 1 << len(at)):
            chars = list(prefix)
            for bit, i in enumerate(at):
                if mask >> bit & 1:
                    chars[i] = "ё"
            if has("".join(chars)):
                return True
        return False

    def unreachable_prefix(self, word: str) -> str | None:
        """The shortest prefix of lower-case `word` that no known word begins with, or None.
        Modern orthography only (a pre-reform word is known by its modern projection, whose
        prefixes are not the word's): any candidate spelling that keeps this prefix is
        unknown without a look-up (`known_among`)."""
        if self.prereform or self._has_prefix is None or self._begun(word):
            return None
        lo, hi = 1, len(word)  # begun(word[:lo - 1]) holds, begun(word[:hi]) does not
        while lo < hi:
            mid = (lo + hi) // 2
            if self._begun(word[:mid]):
                lo = mid + 1
            else:
                hi = mid
        return word[:lo]

    def known_among(self, cands: Iterable[str], near: str) -> list[str]:
        """The known words among lower-case spellings `cands`, in their order, each as
        `known` says. `near`: a word most of them keep a prefix of (the word they were made
        from by an edit); those that keep its `unreachable_prefix` are unknown without a
        look-up (a Latin word's edits: hundreds of look-ups that cannot succeed)."""
        known = self.known
        dead = self.unreachable_prefix(near)
        if dead is None:
            return [c for c in cands if known(c)]
        # the others changed `near` before the dead prefix ends: their own prefix of one
        # letter more is tested first, remembered (wіndows, жindows: no word begins so)
        k, memo, out = len(dead) + 1, self._begun_memo, []
        for c in cands:
            if c.startswith(dead):
                continue
            head = c[:k]
            begun = memo.get(head)
            if begun is None:
                if len(memo) >= CACHE_LIMIT:
                    memo.clear()
                begun = memo[head] = self._begun(head)
            if begun and known(c):
                out.append(c)
        return out

    def _begun_once(self, prefix: str) -> bool:
        """`_begun`, remembered per prefix."""
        memo = self._begun_memo
        begun = memo.get(prefix)
        if begun is None:
            if len(memo) >= CACHE_LIMIT:
                memo.clear()
            begun = memo[prefix] = self._begun(prefix)
        return begun

    def known_edits(self, word: str, alphabet: str) -> list[str] | None:
        """The known words one letter edit from lower-case `word` (an insertion or a
        replacement by a letter of `alphabet`, a deletion, two neighbours swapped): the
        same words as `known_among` finds among all the edits, found by walking the
        dictionary's prefixes instead. An edit at a place keeps the word's prefix before
        it: once that prefix begins no word, no later place can give one; an inserted or
        replaced letter is tried only where the prefix it makes begins a word. None where
        there is no prefix test (pre-reform spelling, the pure-Python reader)."""
        if self.prereform or self._has_prefix is None:
            return None
        known, begun = self.known, self._begun_once
        found: dict[str, None] = {}
        n = len(word)
        for i in range(n + 1):
            head = word[:i]
            if i and not begun(head):
                break  # every edit from here on keeps `head`
            tail, rest = word[i:], word[i + 1 :]
            cands = []
            for ch in alphabet:
                p = head + ch
                if begun(p):
                    cands.append(p + tail)
                    if i < n:
                        cands.append(p + rest)
            if i < n:
                cands.append(head + rest)
            if i + 1 < n:
                cands.append(head + word[i + 1] + word[i] + word[i + 2 :])
            # the edited letter and the one after it must begin a word too (a Latin word's
            # edits fail here, remembered per prefix, before any look-up of the whole)
            for c in cands:
                if c != word and begun(c[: i + 2]) and known(c):
                    found[c] = None
        return list(found)

    def is_plural_adjective(self, word: str) -> bool:
        return any(t.POS in _ADJ and "plur" in t.grammemes for t in self._reading_tags(word))

    def modern(self, word: str) -> str:
        """Modern projection of a (pre-reform) word, cached."""
        r = self._modern.get(word)
        if r is None:
            r = modern.to_modern(word, self) if modern.needs_projection(word) else word
            if len(self._modern) >= CACHE_LIMIT:
                self._modern.clear()
            self._modern[word] = r
        return r

    # -- the text's own orthography --------------------------------------------------
    def known(self, word: str) -> bool:
        """Is `word` (any case) a correctly spelled word in this text's orthography?"""
        r = self._known.get(word)
        if r is None:
            low = word.lower()
            if low != word and low.lower() == low:
                r = self.known(low)  # the answer is the lower-case word's (Пасьянсъ, ПАСЬЯНСЪ)
            elif self.prereform:
                if low in self.domain_pre:
                    r = True
                elif _bare_final(low) or "ђ" in low:
                    r = False
                elif low.startswith("ѣ") and not _YAT_INITIAL.match(low):
                    r = False  # ѣе is no word: ѣ begins only ѣда, ѣхать, ѣсть, ѣль…
                elif "ѣѣ" in low:
                    r = False  # затѣѣмъ is no spelling of затеем (затѣемъ)
                elif low in self.respelled:
                    r = False  # место: the old spelling is мѣсто
                elif self.respelling(low) is not None:
                    r = False  # несколько, труднее: нѣсколько, труднѣе
                elif "ѵ" in low and not _IZHITSA_WORDS.search(low):
                    r = False  # будѵть is no word for будить: ѵ stands in a few Greek words
                else:
                    mod = self.modern(low)
                    r = self.known_modern(mod)
                    if r and low.endswith("ѣ"):
                        # a final ѣ ends nouns, adjectives, pronouns, adverbs, numerals:
                        # never a verb (можетѣ is no spelling of можете), nor a particle
                        # or a conjunction (дѣ, лѣ are no spellings of де, ле)
                        r = any(t.POS not in _NO_FINAL_YAT for t in self._reading_tags(mod))
                    if r and low.endswith("е") and len(low) > 3:
                        # a noun's locative or dative singular in -е is -ѣ in the old
                        # spelling (пасьянсе, картe: пасьянсѣ, картѣ); a word with any other
                        # reading (поле, кафе) stays a word
                        tags = self._tags(mod)
                        r = not tags or not all(
                            t.POS == "NOUN"
                            and t.number == "sing"
                            and t.case in ("loct", "datv", "loc2")
                            for t in tags
                        )
                    if r and "ѣ" in low[-3:] and not low.endswith("ѣ"):
                        # an adjective's or participle's ending never has ѣ (нисходящѣмъ),
                        # a pronoun's may (всѣмъ, тѣхъ)
                        r = any(t.POS not in _ADJ or "Apro" in t for t in self._tags(mod))
                    if r and mod != low and len(mod) <= 4:
                        # всъ -> вс, смі -> сми: an abbreviation never takes ъ, ѣ or і
                        r = not all("Abbr" in t for t in self._reading_tags(mod))
            else:
                # the letters first: a pre-reform letter settles it without a look-up
                r = not ("ѣ" in low or "і" in low or low.endswith("ъ")) and self.known_modern(low)
            if len(self._known) >= CACHE_LIMIT:
                self._known.clear()
            self._known[word] = r
        return r

    def respelling(self, low: str) -> str | None:
        """The old spelling of lower-case `low` printed with е for ѣ, where the word has ѣ
        there in every old text: a domain word (`respellings`), a stem of `yat_stems.txt`,
        a comparative in -ее. None otherwise, or where the old spelling is no known word."""
        if not self.prereform or "е" not in low:
            return None
        old = self.respelled.get(low)
        if old is not None:
            return old
        r = self._respelt.get(low)
        if r is None:
            r = ""
            pattern, by_printed = _yat_stem_matcher()
            m = pattern.match(low)
            if m is not None:
                printed = m.group()
                whole = m.end() == len(low) and printed + "$" in by_printed
                stem = by_printed[printed + "$"] if whole else by_printed.get(printed)
                if stem is not None:
                    r = stem + low[len(printed) :]
            if not r and low.endswith("ее") and _comparative_in_ee(low, self._tags(low)):
                r = low[:-2] + "ѣе"
            if r and not self.known(r):
                r = ""
            if len(self._respelt) >= CACHE_LIMIT:
                self._respelt.clear()
            self._respelt[low] = r
        return r or None

    def common_word(self, word: str) -> bool:
        """A known word of this orthography that cannot be a name (Основныя; not Ивановъ,
        which is also a possessive adjective)."""
        return self.known(word) and not any(_PROPER & t.grammemes for t in self.tags(word))

    def _tags(self, word: str) -> list:
        """The tags of a dictionary word's readings (е read as е or ё, as `known_modern`
        reads it), from the dictionary's forms without building parses where it can."""
        if self._forms is not None and self._tag_of is not None:
            tag_of = self._tag_of
            return [
                tag_of(para, idx) for forms in self._forms(word, self._subs) for para, idx in forms
            ]
        return [p.tag for p in self._known_parses(word)]

    def _reading_tags(self, word: str) -> list:
        """The tags of `_known_parses(word)` (the same tags, each once or more), without
        building parses where the dictionary's forms give them: for a question any or all of
        the readings answer. A single letter is parsed (it may also read as an initial)."""
        if len(word) < 2:
            return [p.tag for p in self._known_parses(word)]
        return self._tags(word)

    def _known_parses(self, word: str) -> list:
        """The known parses of a modern-spelling word, remembered (`_Dictionary`): not to
        be changed by the caller."""
        memo = self._known_parse_memo
        r = memo.get(word)
        if r is None:
            # `is_known` is a dictionary look-up of the parse's word, which the parses of
            # one word nearly always share: asked once per word
            known: dict[str, bool] = {}
            r = []
            for p in self.morph.parse(word):
                k = known.get(p.word)
                if k is None:
                    k = known[p.word] = p.is_known
                if k:
                    r.append(p)
            if len(memo) >= CACHE_LIMIT:
                memo.clear()
            memo[word] = r
        return r

    def is_domain(self, word: str) -> bool:
        low = word.lower()
        return low in (self.domain_pre if self.prereform else self.domain_mod)

    def tags(self, word: str) -> list:
        """The tags of `parses(word)`, without building its parses where the dictionary's
        forms give them (the parses of a dictionary word are its forms, each known; a word
        the dictionary lacks has no known parse), as `known_modern` reads them. A single
        letter may also read as an initial: parsed."""
        low = word.lower()
        r = self._parses.get(low)
        if r is not None:
            return [p.tag for p in r]
        t = self._tag_memo.get(low)
        if t is None:
            tag_of = self._tag_of
            m = (self.modern(low) if self.prereform else low).lower()
            if self._forms is None or tag_of is None or len(m) < 2:
                return [p.tag for p in self.parses(low)]
            t = [tag_of(para, idx) for forms in self._forms(m, self._subs) for para, idx in forms]
            if len(self._tag_memo) >= CACHE_LIMIT:
                self._tag_memo.clear()
            self._tag_memo[low] = t
        return t

    def parses(self, word: str) -> list:
        """pymorphy parses of the modern projection (for agreement checks), cached."""
        low = word.lower()
        r = self._parses.get(low)
        if r is None:
            r = self._known_parses(self.modern(low) if self.prereform else low)
            if len(self._parses) >= CACHE_LIMIT:
                self._parses.clear()
            self._parses[low] = r
        return r


@lru_cache(maxsize=2)
def lexicon(prereform: bool) -> Lexicon:
    """One lexicon per orthography per process: its caches outlive one document."""
    return lasting(Lexicon(prereform))
