"""Roman numerals an OCR engine read as Cyrillic letters or digits: `П.` for `II.`, `Ш.` for
`III.`, `ту` or `1У` for `IV`, `1.` or `Т.` for `I.`.

The books number their rules `I.`, `II.`, … at the start of a paragraph and cite them as
`(правило II)`. A token is read as a numeral only there, and only when its glyphs can stand
for a valid numeral: at a paragraph's start followed by `.`, `,` or `)` (the numbering of a
rule), or right after a word `правил…` (a citation). Where a glyph has several readings the
numbering decides: the reading that continues the previous rule's number (after `I.`, `П.`
is `II.`, after `II.` it is `III.`: Tesseract loses the third stroke), else the only one,
else, at the start of a list, `I`. An Arabic `1.` becomes `I.` only when the next numbered
paragraph is not `2.`.

Inside a sentence a numeral is taken only where its neighbours make it one: a citation
`правила I и II` (a list joined by `и` or commas, `Ги П` for `I и II` with the space lost),
or a run of three or more such tokens counting up by one (`на III даму, на IV короля, на V
двойку`: the hours of a clock face, which go on from XII to I, the columns of a layout).
A paragraph's numbering is also read where the layout ran it into the paragraph before or
the OCR lost its stop, only where it continues the numbering; and `У.` after `III.` is
`IV.`, the first stroke lost, but not before an abbreviation's letter (`У. е.`: т. е.).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

import regex

# glyph -> the Roman strings it may stand for
_READINGS: dict[str, tuple[str, ...]] = {
    "I": ("I",), "І": ("I",), "1": ("I",), "l": ("I",), "|": ("I",), "i": ("I",),
    "і": ("I",), "Т": ("I",), "т": ("I",), "Г": ("I",), "!": ("I",), "[": ("I",),
    "П": ("II", "III"), "п": ("II",), "Н": ("II",), "И": ("I", "II"), "Ш": ("III",), "Щ": ("III",),
    "V": ("V",), "У": ("V",), "у": ("V",), "Ѵ": ("V",), "ѵ": ("V",), "Ү": ("V",), "ү": ("V",),
    "Ұ": ("V",), "М": ("V",),
    "X": ("X",), "Х": ("X",), "х": ("X",),
}  # fmt: skip
# whole tokens whose glyphs overlap (ПШ: the strokes of III read twice)
_WHOLE = {"ПШ": "III", "ПП": "III", "ШІ": "III"}
_ROMAN = regex.compile(r"(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
# a paragraph-initial token followed by the numbering's stop
_NUMBERED = regex.compile(
    r"(?m)^(?:[`'‚·_\"] )?(?P<tok>[IІliіТтГ!\[ПпНИШЩVУуѴѵҮүҰМXХх|]{1,5}|\d{1,3})(?=[.,)])"
)  # (a speck the OCR read before it: ` ТУ.)
# a numbering the layout ran into the previous paragraph (its line end lost to a speck):
# after a sentence's end, followed by its stop and a capital; taken only where it continues
# the numbering
_NUMBERED_MID = regex.compile(
    r"(?<=[.!?,][\"“”»*]?(?:[ \u00a0]+[`'‚·_\"])*[ \u00a0]+)"
    r"(?P<tok>[IІТГПНИШЩVУѴҮҰМXХ]{2,5}|[ШЩ])(?=[.,)][ \u00a0]+\p{Lu})"
)
# a numbering whose stop the OCR lost: a paragraph-initial token, then a capitalized word
_NUMBERED_BARE = regex.compile(r"(?m)^(?P<tok>[IІТПНИШЩVУѴҮҰМXХ]{1,5})(?=[ \u00a0]+\p{Lu}\p{Ll})")
# an abbreviation after a token's stop (`У. е.`, `П. д.`: т. е., т. д. misread): running
# text, no numbering
_ABBREVIATION_AFTER = regex.compile(r"\.[ \u00a0]*\p{Ll}{1,2}\.")
# the word after a numbering's stop: a common word there makes a lone letter no initial
_AFTER_STOP = regex.compile(r"[.,)][ \u00a0]+(?P<w>\p{Lu}\p{Ll}+)")
# a token cited after правило/правила/правилу/правиломъ…
_CITED = regex.compile(
    r"(?i:правил[\p{L}%®$№]*)[ \u00a0]+\(?(?P<tok>[IІ1ТГПНШЩVУѴҮҰМXХ]{1,5})(?=[.,;:)\s]|$)"
)
_CITE_GLYPHS = "[IІ1ТГПНШЩVУѴҮҰМXХ]{1,5}"
# the next numeral of a cited list: `, II`, ` и II`
_CITED_NEXT = regex.compile(
    r"(?:[ \u00a0]*,[ \u00a0]*|[ \u00a0]+и[ \u00a0]+)(?P<tok>" + _CITE_GLYPHS + r")(?=[.,;:)\s]|$)"
)
# a cited numeral the OCR ran into the next `и`: `Ги П` (I и II)
_CITED_GLUED = regex.compile(
    r"(?i:правил[\p{L}%®$№]*)[ \u00a0]+\(?(?P<tok>[IІ1ТГПНШЩVУѴҮҰМXХ]{1,4})и[ \u00a0]+"
    r"(?P<tok2>" + _CITE_GLYPHS + r")(?=[.,;:)\s]|$)"
)
# a token of numeral glyphs standing alone in a sentence (capitals only: у, и are words)
_INLINE = regex.compile(
    r"(?<![\p{L}\p{N}])(?P<tok>[IІТПНШЩVУѴҮҰМXХ]{1,5}|1)(?=[.,;:)]?(?:[ \u00a0\n]|$))"
)
# the heading a game's numbered rules follow: its first numbering is I.
_RULES_HEADING = regex.compile(r"(?:^|\n\n)Правила(?:[ \u00a0]\p{Ll}+)?\.[ \u00a0]*\n\n\Z")
# glyphs of vertical strokes only (what an OCR engine makes of I, II, III)
_STROKES = frozenset("IІ1liі|ТтГ!ПпНИ[")
_AFTER_COMMA = regex.compile(r",[\"“”»*]?[ \u00a0]+\Z")
# strokes with a V (ІУ, УІ, ІІУ): a numeral wherever a numbering may stand
_STRONG = regex.compile(r"[IІТ1]+[VУѴМ][IІ1]*|[VУѴМ][IІ1]+")
# the word before a token and the space after it (часЪ ТУ,: its sign for ѣ read as a capital)
_WORD_BEFORE = regex.compile(r"\p{L}+[ \u00a0]\Z")
RUN_MIN = 3  # tokens counting up by one that make a run of numerals
RUN_GAP = 40  # at most this many characters between two tokens of a run


def value(roman: str) -> int:
    total = 0
    for i, c in enumerate(roman):
        v = _VALUES[c]
        nxt = _VALUES[roman[i + 1]] if i + 1 < len(roman) else 0
        total += -v if v < nxt else v
    return total


def readings(token: str) -> list[str]:
    """The valid Roman numerals (up to XXXIX) the token's glyphs can stand for."""
    if token in _WHOLE:
        return [_WHOLE[token]]
    options = []
    for c in token:
        r = _READINGS.get(c)
        if r is None:
            return []
        options.append(r)
    out = []
    for combo in product(*options):
        s = "".join(combo)
        if s and _ROMAN.fullmatch(s) and s not in out:
            out.append(s)
    return out


def _is_roman_already(tok: str) -> bool:
    return all(c in "IVXLC" for c in tok) and bool(_ROMAN.fullmatch(tok))


def numeral_edits(
    text: str, prereform: bool = True, common_word: Callable[[str], bool] | None = None
) -> list[tuple[int, int, str]]:
    """(start, end, numeral) for every token read as a Roman numeral in its place (a cited
    `1` only in a pre-reform text, whose books cite their rules in Roman numerals).
    `common_word(w)`: whether `w` is a common word, not a name: a lone letter numbering a
    paragraph that begins with one (`Ш. Основныя карты`) is no initial (`П. Ивановъ`)."""
    out: list[tuple[int, int, str]] = []
    found = [(m, "") for m in _NUMBERED.finditer(text)]
    found += [(m, "mid") for m in _NUMBERED_MID.finditer(text)]
    found += [(m, "bare") for m in _NUMBERED_BARE.finditer(text)]
    found.sort(key=lambda f: f[0].start("tok"))
    numbered = [m for m, _how in found]
    last = 0
    for k, (m, how) in enumerate(found):
        tok = m.group("tok")
        if how:
            # only where it continues the numbering, every stroke read
            rs = readings(tok)
            pick = _continuing(rs, last, lost=False)
            if how == "mid" and _AFTER_COMMA.search(
                text, max(0, m.start("tok") - 8), m.start("tok")
            ):
                # after a comma (the OCR's, for the paragraph's stop): strokes and a V only
                pick = None
            if pick is None and len(rs) == 1 and value(rs[0]) > last and _STRONG.fullmatch(tok):
                # ІУ. after a sentence's end: strokes and a V, no word of the language; the
                # numbering before it is on another page or was not read
                pick = rs[0]
            if pick is None and how == "bare" and last == 0 and tok in ("I", "І"):
                # the first numbering, its stop lost (І Восемь тузовъ): under «Правила.», or
                # where the next numbering is II.
                nxt = numbered[k + 1].group("tok") if k + 1 < len(numbered) else ""
                heading = _RULES_HEADING.search(text, max(0, m.start("tok") - 40), m.start("tok"))
                if heading or "II" in readings(nxt):
                    pick = "I"
            if pick is not None:
                last = value(pick)
                out.append((m.start("tok"), m.end("tok"), pick + ("." if how == "bare" else "")))
            continue
        if _ABBREVIATION_AFTER.match(text, m.end("tok")):
            continue  # `У. е.` after III.: the abbreviation т. е., whatever the sequence
        if _is_roman_already(tok):
            if (
                last
                and _strokes_lost([tok], last)
                and not _RULES_HEADING.search(text, max(0, m.start("tok") - 40), m.start("tok"))
            ):
                # II. after II. (or I. after I.) is III. (II.): its stroke lost, unless the
                # next numbering goes on from this one as printed (II. before III.)
                nxt = numbered[k + 1].group("tok") if k + 1 < len(numbered) else ""
                if not any(value(r) == value(tok) + 1 for r in readings(nxt)):
                    last += 1
                    out.append((m.start("tok"), m.end("tok"), roman(last)))
                    continue
            last = value(tok)
            continue
        if tok.isdigit():
            if tok in ("11", "111") and last:
                # strokes read as ones where a Roman numbering goes on (II. read 11.): no
                # Arabic numbering follows a Roman one, and 11. would follow 10.
                pass
            elif tok != "1":
                last = 0
                continue
            nxt = numbered[k + 1].group("tok") if k + 1 < len(numbered) else None
            if nxt == "2":
                last = 0
                continue
        cands = readings(tok)
        if not cands:
            continue
        if (
            _RULES_HEADING.search(text, max(0, m.start("tok") - 40), m.start("tok"))
            and set(tok) <= _STROKES
        ):
            # the first rule under «Правила.» is I., whatever strokes the OCR read (ТІ.)
            cands = ["I"]
        elif last and _strokes_lost(cands, last):
            cands = [roman(last + 1)]  # 1. or I. after II.: III., strokes lost
        vals = {c: value(c) for c in cands}
        pick = _continuing(cands, last, lost=False)
        if pick is None and _continuing(cands, last) is not None:
            # a lost stroke (У. after III. is IV.) unless the next numbering says this one
            # is no lost stroke: it continues from this one read as printed (У. before VI.)
            nxt = numbered[k + 1].group("tok") if k + 1 < len(numbered) else ""
            if not any(value(r) == value(c) + 1 for r in readings(nxt) for c in cands):
                pick = _continuing(cands, last)
        if pick is not None:
            vals[pick] = value(pick)
        if pick is None and len(cands) == 1:
            pick = cands[0]
        if pick is None and last == 0 and len(cands) > 1:
            # the page's first numbering (the one before it on another page): the reading
            # the next numbering goes on from (П. before ТУ. is III.), if exactly one
            nxt = numbered[k + 1].group("tok") if k + 1 < len(numbered) else ""
            ahead = {value(r) - 1 for r in readings(nxt)}
            fits = [c for c in cands if vals[c] in ahead]
            if len(fits) == 1:
                pick = fits[0]
        if pick is None and last == 0:
            pick = next((c for c in cands if vals[c] == 1), cands[0])
        if pick is None:
            continue
        if len(tok) == 1 and tok.isalpha() and (last == 0 or vals[pick] != last + 1):
            # a lone letter (И., П.) may be an initial: only the next number tells
            nxt = numbered[k + 1].group("tok") if k + 1 < len(numbered) else ""
            if not any(value(r) == vals[pick] + 1 for r in readings(nxt)):
                after = _AFTER_STOP.match(text, m.end("tok"))
                if common_word is None or after is None or not common_word(after.group("w")):
                    continue
        last = vals[pick]
        out.append((m.start("tok"), m.end("tok"), pick))
    taken = {s for s, _e, _r in out}
    for m in _CITED_GLUED.finditer(text):
        first, second = readings(m.group("tok")), readings(m.group("tok2"))
        if first and second and m.start("tok") not in taken:
            out.append((m.start("tok"), m.end("tok") + 1, first[0] + " и"))
            v = value(first[0]) + 1
            pick = next((c for c in second if value(c) == v), second[0])
            if pick != m.group("tok2"):
                out.append((m.start("tok2"), m.end("tok2"), pick))
            taken.update((m.start("tok"), m.start("tok2")))
    for m in _CITED.finditer(text):
        _cited_list(text, m, prereform, taken, out)
    if prereform:
        inline = list(_INLINE.finditer(text))
        _runs(text, taken, out, inline)
        _strong_inline(text, taken, out, inline)
    out.sort()
    return out


def roman(n: int) -> str:
    """The Roman numeral of 1 <= n < 90."""
    out = ""
    for v, r in ((50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= v:
            out, n = out + r, n - v
    return out


def _strokes_lost(cands: list[str], last: int) -> bool:
    """Whether every reading is strokes only, fewer than the next number's, which is
    strokes only too (1. or I. after II. is III.: an engine loses strokes, never adds a
    whole numeral's worth)."""
    want = roman(last + 1)
    return set(want) == {"I"} and all(set(c) == {"I"} and len(c) < len(want) for c in cands)


def _continuing(cands: list[str], last: int, lost: bool = True) -> str | None:
    """The reading that continues a numbering after `last`: the one worth `last` + 1, or
    (`lost`) that numeral with one stroke I the OCR lost (У. after III. is IV., its I faint)."""
    if last <= 0:
        return None
    want = roman(last + 1)
    if want in cands or not lost:
        return want if want in cands else None
    faint = {want[:i] + want[i + 1 :] for i, c in enumerate(want) if c == "I"}
    return want if faint & set(cands) else None


def _cited_list(text: str, m, prereform: bool, taken: set[int], out: list) -> None:
    """The numerals of one citation: the first, then each of `, II` / ` и II` after it,
    each read as the one after the previous where its glyphs allow (I и П: I и II)."""
    last = 0
    while m is not None:
        tok, at = m.group("tok"), m.start("tok")
        if _is_roman_already(tok):
            last = value(tok)
        elif at not in taken and not (tok == "1" and not prereform):
            cands = readings(tok)
            if not cands:
                return
            # the likeliest first: П is II more often than III; strokes fewer than the next
            # number's are that number, a stroke lost (правиламъ П и 11: II и III)
            pick = next((c for c in cands if value(c) == last + 1), cands[0]) if last else cands[0]
            if last and value(pick) != last + 1 and _strokes_lost(cands, last):
                pick = roman(last + 1)
            out.append((at, m.end("tok"), pick))
            taken.add(at)
            last = value(pick)
        m = _CITED_NEXT.match(text, m.end("tok"))


def _follows(a: int, b: int, step: int) -> bool:
    """Whether `b` comes `step` places after `a` in a count, or round a clock face (XII, I)."""
    if b == a + step:
        return True
    return a <= 12 and b <= 12 and (a - 1 + step) % 12 + 1 == b


def _strong_inline(text: str, taken: set[int], out: list, inline: list) -> None:
    """Strokes and a V standing alone inside a sentence of small letters (на часѣ ТУ,
    кладутъ): no word of the language, a numeral wherever it stands."""
    for m in inline:
        tok, s = m.group("tok"), m.start("tok")
        if s in taken or not _STRONG.fullmatch(tok) or _is_roman_already(tok):
            continue
        before = _WORD_BEFORE.search(text, max(0, s - 40), s)
        if before is None or not any(c.islower() for c in before.group()):
            continue  # after a word with a small letter and a space: not a heading in capitals
        rs = readings(tok)
        if len(rs) == 1:
            out.append((s, m.end("tok"), rs[0]))
            taken.add(s)


def _runs(text: str, taken: set[int], out: list, inline: list) -> None:
    """Tokens of numeral glyphs in one paragraph that count up by one (one token may be
    skipped, the OCR having made it unreadable: `II, 1, IV`): each run of `RUN_MIN` or
    more is read as numerals (a skipped token is left as printed)."""
    toks = [
        (m.start("tok"), m.end("tok"), m.group("tok"), readings(m.group("tok"))) for m in inline
    ]
    toks = [t for t in toks if t[3]]
    # best[i][r]: (length of the run ending at token i read as r, previous (j, r'))
    best: list[dict[str, tuple[int, tuple[int, str] | None]]] = []
    for i, (s, _e, _tok, cands) in enumerate(toks):
        here: dict[str, tuple[int, tuple[int, str] | None]] = {}
        for r in cands:
            v = value(r)
            top: tuple[int, tuple[int, str] | None] = (1, None)
            for j in (i - 1, i - 2):
                if j < 0 or s - toks[j][1] > RUN_GAP * (i - j) or "\n\n" in text[toks[j][1] : s]:
                    continue
                for r2, (n, _prev) in best[j].items():
                    if _follows(value(r2), v, i - j) and n + 1 > top[0]:
                        top = (n + 1, (j, r2))
            here[r] = top
        best.append(here)
    done: set[int] = set()
    for i in range(len(toks) - 1, -1, -1):
        if i in done or not best[i]:
            continue
        r, (n, _prev) = max(best[i].items(), key=lambda kv: kv[1][0])
        if n < RUN_MIN:
            continue
        k: int | None = i
        while k is not None:
            done.add(k)
            s, e, tok, _c = toks[k]
            if s not in taken and tok != r:
                out.append((s, e, r))
                taken.add(s)
            step = best[k][r][1]
            if step and step[0] == k - 2:
                _skipped(toks[k - 1], value(step[1]), value(r), taken, out)
            k, r = (step[0], step[1]) if step else (None, r)


def _skipped(tok: tuple, before: int, after: int, taken: set[int], out: list) -> None:
    """The token a run skipped (`на II валета, на 1 даму, на IV короля`): read as the number
    between its neighbours where that is strokes only and the token is strokes, no more of
    them than the number has (1 for III: an engine loses strokes, never adds them)."""
    s, e, printed, _cands = tok
    want = roman(before + 1 if after == before + 2 else before % 12 + 1)  # XII, I: round the clock
    if (
        s not in taken
        and set(want) == {"I"}
        and set(printed) <= _STROKES
        and len(printed) <= len(want)
        and printed != want
    ):
        out.append((s, e, want))
        taken.add(s)
