"""Signs an OCR engine printed for a letter it lacks, and specks it read as signs.

Tesseract's Cyrillic models have no `ѣ` and read it, among other things, as `%`, `®`, `$`,
`№`, `+` or `}` glued to the word's letters (`порядк%`, `м№ста`, `Разсмотр+въ`, `игр}`), and
the final `ъ` as `»ъ`, `>ъ`, `»љ` or `љ` (`одинокимъ»ъ`, `один>ъ`, `королемљ`). Such a sign
touching a Cyrillic letter is never punctuation in a pre-reform text (a percent or number
sign follows a number or stands alone), and the word splits there, so it is repaired before
the words are: the edits of this stage come back as `char` changes, and the words' own
corrections see the whole word.

Specks of dirt come out as punctuation standing alone (`·`, `` ` ``, `_`, a lone `.`) or
glued before a word (`‚ОДНА`, `` `Сдаютъ ``): dropped in any orthography, as is the
`ит.` that stands for `и т.` before `д.` or `п.`.
"""

from __future__ import annotations

from collections.abc import Callable

import regex

# a sign for ѣ touching a Cyrillic letter on at least one side (with a ъ/Ъ/ѣ the OCR
# printed beside it for the same letter: картъ№Ъ)
_YAT_SIGN = regex.compile(
    r"(?<=\p{Script=Cyrillic})[ъЪѣ]?(?:[%®$№+}]+[ъЪѣ]?)+|[%®$+]+(?=\p{Script=Cyrillic})"
    r"|(?<=\p{Script=Cyrillic})5(?=\p{Script=Cyrillic})"
)
# a sign run that ends a word with the word's own final sign after it (картъ%Ъ, вон+ъ)
_SIGN_BEFORE_FINAL = regex.compile(r"[%®$№+}]+[ъЪ]\Z")
# an apostrophe between two letters of one word (С'тасовавъ): the old print has none there
_INNER_APOSTROPHE = regex.compile(r"(?<=\p{Script=Cyrillic})['’‘`](?=\p{Script=Cyrillic})")
_LETTERS_BEFORE = regex.compile(r"\p{L}+\Z")
_LETTERS_AFTER = regex.compile(r"\p{L}+")
# і read as ! inside a word, with the ъ or ь the engine made of its stem (занятъ!я)
_I_SIGN = regex.compile(r"(?<=\p{Script=Cyrillic})[ъь]?!(?=\p{Script=Cyrillic})")
# the final ъ read as »ъ, »љ, ъ», љъ, љ (no « open before it in the paragraph)
_HARD_SIGN_RUN = regex.compile(
    r"(?<=\p{Script=Cyrillic}{2})(?:ъ»[ъЪљѣ]*|[»>][ъЪљѣ]+|»|љъ?|Љ)(?!\p{L})"
)
# a hard sign standing alone between words (`хотя бы въ ъ раскладкѣ`): no word of any
# spelling, it is the word before's own final sign, which the OCR cut off, or a speck
_LONE_HARD_SIGN = regex.compile(r"[ \u00a0][ъЪ](?=[ \u00a0\n]|$)")  # after a letter: below
_CYRILLIC = regex.compile(r"\p{Script=Cyrillic}")
# т. е., т. д., т. п. after a small word (и т. д.), the т read as a capital or its stop as a
# colon or semicolon: no other word of the print is т alone before е., д. or п.
_ABBREVIATION_T = regex.compile(
    r"(?<=\p{Ll}[,]?[ \u00a0])(?P<t>[тТ])(?P<stop>[.:;])(?=[ \u00a0]?[едп]\.)"
)
# a question mark right after a word's bare last consonant, a small letter after it: no
# question goes on so in the old print, and no word of it ends bare (основных? картъ)
_HARD_SIGN_QUERY = regex.compile(
    r"(?<=\p{Script=Cyrillic}[бвгджзклмнпрстфхцчшщ])\?(?=[ \u00a0]\p{Ll})"
)
_BARE_CONSONANTS = frozenset("бвгджзклмнпрстфхцчшщБВГДЖЗКЛМНПРСТФХЦЧШЩ")
# a closing quote printed for the final Ъ of an upper-case word (КАРТ”.), or before it
# with the sign read again (КАРТ”Ъ., КАРТ”ЉЪ.)
_HARD_SIGN_QUOTE = regex.compile(r"(?<=[А-ЯѢІ]{2})[”\"][ЉЪ]*(?=[.,;:!?]|\s|$)")
# a speck read as a sign standing alone between spaces, or glued before a word
# (between two words of one paragraph: what starts or ends a paragraph is the layout's)
# One sign only: `::` and `|` between words are a web page's breadcrumbs, not dirt (a
# modern text keeps them; in a pre-reform text a lone `|` is a speck).
_LONE_SPECK = regex.compile(
    r"(?<=\S[ \u00a0])(?:[·`_‚‘°^|]{2,3}|[·`_'‚‘.:,\"“„°^|])(?=[ \u00a0]\S)"
)
# a comma standing apart between a word's last letter and a small letter or an opening
# quote: the page printed it so (a web page respelled: `пасьянса , необходимо`, `пасьянсовъ ,
# «Солитеръ»`); a speck the engine reads as a comma stands after a stop or at a line's
# start (`. , Т.`), never so in the development book pages
_SPACED_COMMA = regex.compile(r"\p{L}[ \u00a0]")
_SPACED_COMMA_NEXT = regex.compile(r"[\p{Ll}«]")
# a speck standing alone at the end of a line (after a space)
_TRAILING_SPECK = regex.compile(r"(?<=\S)[ \u00a0]+[·`_‚‘°^|]{1,3}(?=\n|$)")
# an apostrophe after a word's last letter or mark (рядомъ', послѣдняго.'): the old print
# quotes with «» and „“, and no word of it ends in an apostrophe; a speck, where no single
# quote opened in the paragraph
_TRAILING_APOSTROPHE = regex.compile(r"(?<=\p{Script=Cyrillic}[.,;:!?]?)['’](?=[ \u00a0\n]|$)")
# a paragraph of nothing but specks (a paragraph is left before it)
_SPECK_PARAGRAPH = regex.compile(r"(?<=\S)\n\n[·`_'‚‘.,°^~](?=\n\n\S|\n?$)")
# a speck opening a paragraph before a capital (a lower-case word after it might be the
# rest of the paragraph before: the layout's decision, not changed here)
_OPENING_SPECK = regex.compile(r"(?:^|(?<=\n))[·`_'‚‘.,°^] (?=\p{Lu})", regex.MULTILINE)
# a lone lower-case letter opening a paragraph before a word in capitals (`и ВОРОТА.`): a
# speck or an ornament before a heading, which the OCR read as a letter
_OPENING_LETTER = regex.compile(r"^\p{Ll} (?=\p{Lu}{2,}(?!\p{Ll}))", regex.MULTILINE)
# signs that stand apart in modern text as its own punctuation and separators
_TEXT_MARKS = frozenset(".,:|")
# a line holding two rules of a table or more (`Семья | Добавленіе |`, `---|---|`)
_TABLE_LINE = regex.compile(r"(?m)^[^\n|]*\|[^\n|]*\|")
TABLE_LINES = 2  # such lines in a text: its `|` are a table's (a web page's), no specks


def has_table(text: str) -> bool:
    """Whether `text` holds a table ruled by `|`: at least `TABLE_LINES` lines with two
    `|` or more. A speck read as `|` stands alone on its line (`пачки. |`, `жо |`); a
    table's rule repeats on every row, and dropping it as a speck breaks a right text."""
    lines = _TABLE_LINE.finditer(text)
    return sum(1 for _m, _k in zip(lines, range(TABLE_LINES), strict=False)) >= TABLE_LINES


_LEADING_SPECK = regex.compile(r"(?:(?<=\s)|^)[`‚‘](?=\p{L})", regex.MULTILINE)
# об read as digits (06 колоды, о6, о6%, о6ѣ and о6Ъ for обѣ, a mark after it or not): a zero
# never leads a number in prose
# (not after a preposition, where a number may stand: въ 06 году)
_DIGIT_OB = regex.compile(
    r"(?<![\p{L}\p{N}])(?<!(?<!\p{L})(?:въ|во|къ|съ|до|по|за|на|отъ)[ \u00a0])"
    r"[0о]6(?=(?:[ЪЬъьѣ]|[%®$№+}]+)?[,;:]?[ \u00a0]\p{Ll})",
    regex.IGNORECASE,
)
_SIGN_AFTER_OB = regex.compile(r"(?<=(?<![\p{L}\p{N}])[0о]6)[%®$№+}]+(?=[,;:]?[ \u00a0]\p{Ll})")
# a footnote's asterisk read as a closing quote after a word (масти“.); a quote mark only
# where one is open in the paragraph
_NOTE_QUOTE = regex.compile(r"(?<=\p{Ll})“(?=[.,;:]?(?:[ \u00a0\n]|$))")
# a footnote's «*)» read as «ж)» opening a paragraph: a list's item only after «е)»
_NOTE_ZH = regex.compile(r"(?:^|(?<=\n))ж\)(?=[ \u00a0]\p{Lu})")
# a footnote's asterisk read as % after the stop that ends its paragraph and as ж opening the
# note's paragraph, a capital after it (`вышелъ.%` / `ж Въ иныхъ книгахъ`): the two marks
# are one note's, each alone no evidence (ж is a particle; % most often ѣ)
_NOTE_PAIR = regex.compile(r"(?<=\p{L}\.)([%*])\n\n(ж)(?=[ \u00a0]\p{Lu})")
# a mark glued between two words (no space after it): a comma lost its space (д.,а); a
# stop after an abbreviation did too (т.е., см.таблицу); a stop after a word is a speck
# (игра.останавливается, и.на)
_GLUED_COMMA = regex.compile(r"(?<=[\p{Script=Cyrillic}.]),(?=\p{Ll})")
_GLUED_STOP = regex.compile(r"(?<=\p{Script=Cyrillic})\.(?=\p{Ll})")  # its word: below
# the last letter of a run of one-letter abbreviations (т.е, т. е, и т. п): its stop is theirs
_ABBREVIATION_RUN = regex.compile(r"(?<![\p{L}.])(?:\p{Ll}\.[ \u00a0]?)+\p{Ll}\Z")
_WORD_BEFORE = regex.compile(r"(?<![\p{L}.-])\p{Script=Cyrillic}+\Z")
# a dash printed as a run of dash-like signs between words (-–, —–, _—): one dash
_DASH_RUN = regex.compile(r"(?<=\S[ \u00a0])[-–—_]{2,3}(?=[ \u00a0]\S)")
_NUMBER_SIGN = regex.compile(r"№(?=\d)")  # № 9: the print sets a space after the sign
_VOWELS = frozenset("аеёиоуыэюяѣіѵАЕЁИОУЫЭЮЯѢІѴ")
# a stop or colon glued before a word after a space or at a line's start (`по .мастямъ`,
# `.Названіе`, `:Потомъ`): such a mark ends the word before it, so one that opens a word is
# a speck (in pre-reform text only: a web page may name a file, .NET)
_GLUED_BEFORE = regex.compile(r"(?:^|(?<=\s))[.:](?=\p{L})", regex.MULTILINE)
# a stop read twice after a word (рукахъ..): the print has one stop or three; after an
# abbreviation (д.., проч..) the second is a comma's, left alone
_DOUBLE_STOP = regex.compile(r"(?<=\p{L}{5})\.\.(?!\.)")
_IT_D = regex.compile(r"(?<![\p{L}])([иИ])т\.(?=[ \u00a0]?[дп]\.)")


def _open_quotes(text: str) -> Callable[[int], bool]:
    """Is a « open at `pos` (in its paragraph)? Asked at rising positions, each question
    reads on from the last one in the same paragraph: one pass in all, not one per question
    (a paragraph on one long line may hold thousands of them)."""
    state = [-1, 0, 0]  # the paragraph's start, how far it is read, the depth there

    def open_at(pos: int) -> bool:
        start = text.rfind("\n\n", 0, pos) + 1
        if start != state[0] or pos < state[1]:
            state[:] = [start, start, 0]
        depth = state[2]
        for c in text[state[1] : pos]:
            if c == "«":
                depth += 1
            elif c == "»" and depth:
                depth -= 1  # a » with none open is a stray, not a closing quote
        state[1:] = [pos, depth]
        return depth > 0

    return open_at


def _final_sign_kept(text: str, s: int, e: int, known: Callable[[str], bool] | None) -> bool:
    """Whether the sign run text[s:e], which ends a word in a hard sign (вон+ъ,
    квадратом+ъ, начинающим%ъ), is a speck before the word's own ъ rather than ѣ read as a
    sign and a sign: a `+` alone before it (ѣ is read `+` alone, or `+` before the letters
    that follow it: марьяж+, Разсмотр+въ; `+ъ` at a word's end is a speck and the word's
    sign), or any sign where the word with ъ is a word and the word with ѣ is none (the
    lexicon's witness). Where both are words (картъ/картѣ, вонъ/вонѣ) the ѣ reading of
    a sign other than `+` stands; from `+ъ` the words' grammar chooses (`Corrector`)."""
    run = text[s:e]
    if not _SIGN_BEFORE_FINAL.fullmatch(run) or (e < len(text) and text[e].isalpha()):
        return False
    if run[:-1] == "+":
        return True
    head = _LETTERS_BEFORE.search(text, max(0, s - 40), s)
    if known is None or head is None:
        return False
    stem = head.group().lower()
    return known(stem + "ъ") and not known(stem + "ѣ")


def glyph_edits(
    text: str,
    prereform: bool = True,
    known: Callable[[str], bool] | None = None,
    line_start: Callable[[int], bool] | None = None,
) -> list[tuple[int, int, str]]:
    """(start, end, replacement) for every sign standing for a letter inside a word, and
    every speck read as a sign. `known` (a lexicon's test of a word in small letters)
    witnesses where a speck and a sign read alike (`_final_sign_kept`, an apostrophe inside
    a word); `line_start(pos)` tells whether the word at `pos` began a line of the input
    (a stop glued before it there is a speck of the margin, not the last line's stop)."""
    out: list[tuple[int, int, str]] = []
    table = "|" in text and has_table(text)
    if prereform:
        for m in _YAT_SIGN.finditer(text):
            s, e = m.span()
            if _final_sign_kept(text, s, e, known):
                out.append((s, e, text[e - 1]))
                continue
            before = text[s - 1 : s]
            after = text[e : e + 1]
            letters = (before + after).replace("ѣ", "").replace("Ѣ", "")
            upper = bool(letters) and all(c.isupper() for c in letters if c.isalpha())
            out.append((s, e, "Ѣ" if upper else "ѣ"))
        if known is not None:
            for m in _INNER_APOSTROPHE.finditer(text):
                # С'тасовавъ, С'дѣлавъ: a speck inside a word whose halves make one word
                head = _LETTERS_BEFORE.search(text, max(0, m.start() - 40), m.start())
                tail = _LETTERS_AFTER.match(text, m.end())
                if head and tail and known((head.group() + tail.group()).lower()):
                    out.append((m.start(), m.end(), ""))
        open_quote = _open_quotes(text)
        for m in _HARD_SIGN_RUN.finditer(text):
            s, e = m.span()
            if "»" in m.group() and open_quote(s):
                continue
            if m.group() == "ъ»" and text.find("«", 0, s) < 0 and text.find("\n\n", 0, s) < 0:
                continue  # the text's first paragraph: a page that begins inside a quote
            rep = "" if text[s - 1] in "ъЪ" else ("Ъ" if text[s - 1].isupper() else "ъ")
            if m.group() == "»" and rep and text[s - 1] not in _BARE_CONSONANTS:
                continue  # «Прекрасная Люси».: a final ъ stands only after a consonant
            out.append((s, e, rep))
        for m in _HARD_SIGN_QUOTE.finditer(text):
            out.append((m.start(), m.end(), "Ъ"))
        if known is not None:
            for m in _HARD_SIGN_QUERY.finditer(text):
                # основных? картъ: the final ъ read as ?, where the word with it is a word
                head = _LETTERS_BEFORE.search(text, max(0, m.start() - 40), m.start())
                if head and known(head.group().lower() + "ъ"):
                    out.append((m.start(), m.end(), "ъ"))
        for m in _ABBREVIATION_T.finditer(text):
            # и Т. д., т: е.: the т of the print's commonest abbreviations, its case or stop
            # misread (a small word before it: no heading in capitals)
            if m.group("t") == "Т":
                out.append((m.start("t"), m.end("t"), "т"))
            if m.group("stop") != ".":
                out.append((m.start("stop"), m.end("stop"), "."))
        for m in _LONE_HARD_SIGN.finditer(text):
            s, e = m.span()
            before = text[s - 1 : s]
            if not _CYRILLIC.match(before):
                continue
            if before in _BARE_CONSONANTS:  # правил ъ: the word's own sign
                sign = "Ъ" if before.isupper() else "ъ"
                out.append((s, e, sign))
            else:  # въ ъ: a speck, dropped with the space before it
                out.append((s, e, ""))
        for m in _OPENING_LETTER.finditer(text):
            out.append((m.start(), m.end(), ""))
        for m in _I_SIGN.finditer(text):
            out.append((m.start(), m.end(), "і"))
        for m in _TRAILING_SPECK.finditer(text):
            if not (table and "|" in m.group()):
                out.append((m.start(), m.end(), ""))
        for m in _NOTE_QUOTE.finditer(text):
            para = text[text.rfind("\n\n", 0, m.start()) + 1 : m.start()]
            if "„" not in para and "«" not in para:
                out.append((m.start(), m.end(), "*"))
        for m in _NOTE_ZH.finditer(text):
            if "е)" not in text[: m.start()]:
                out.append((m.start(), m.end(), "*)"))
        for m in _NOTE_PAIR.finditer(text):
            for part in (1, 2):
                if m.group(part) != "*":
                    out.append((m.start(part), m.end(part), "*"))
        for m in _GLUED_COMMA.finditer(text):
            out.append((m.start(), m.end(), ", "))
        for m in _GLUED_STOP.finditer(text):
            if _ABBREVIATION_RUN.search(text, max(0, m.start() - 12), m.start()):
                out.append((m.start(), m.end(), ". "))  # т.е.талонъ, т. е.талонъ: т. е. талонъ
                continue
            w = _WORD_BEFORE.search(text, max(0, m.start() - 40), m.start())
            if w is None:
                continue  # т.-е., a stop inside a longer run of stops
            abbreviation = not _VOWELS.intersection(w.group())
            out.append((m.start(), m.end(), ". " if abbreviation else " "))
        for m in _DASH_RUN.finditer(text):
            if any(c in "–—" for c in m.group()):
                out.append((m.start(), m.end(), "—"))
        for m in _NUMBER_SIGN.finditer(text):
            out.append((m.start(), m.end(), "№ "))
        for m in _DIGIT_OB.finditer(text):
            out.append((m.start(), m.end(), "об"))
        for m in _SIGN_AFTER_OB.finditer(text):  # о6% колоды: обѣ, its ѣ read as a sign
            out.append((m.start(), m.end(), "ѣ"))
        for m in _GLUED_BEFORE.finditer(text):
            s = m.start()
            if (
                m.group() == "."
                and text[s + 1 : s + 2].isupper()
                and text[s - 1 : s] == " "
                and text[s - 2 : s - 1].isalpha()
                and line_start is not None
                and not line_start(s + 1)
            ):
                # основанія .Противъ: a stop before a capital ends the word before it,
                # misplaced across the space, as a lone stop there does (`_LONE_SPECK`)
                out.append((s - 1, m.end(), ". "))
                continue
            out.append((s, m.end(), ""))
        for m in _DOUBLE_STOP.finditer(text):
            w = _WORD_BEFORE.search(text, max(0, m.start() - 40), m.start())
            if w is not None and _VOWELS.intersection(w.group()):
                out.append((m.start(), m.end(), "."))
    for m in _LONE_SPECK.finditer(text):
        s, e = m.span()
        g = m.group()
        if g in {'"', "“", "„"}:
            continue  # a quote mark standing apart is the print's own
        if not prereform and (len(g) > 1 or g in _TEXT_MARKS):
            continue  # modern text (a web page): «Главная :: Пасьянсы», «пасьянс , поэтому»
        if table and "|" in g:
            continue  # a table's rule (`has_table`)
        if g == "," and _SPACED_COMMA.match(text, s - 2) and _SPACED_COMMA_NEXT.match(text, e + 1):
            continue  # the page's own spacing (`пасьянса , необходимо`): see _SPACED_COMMA
        s -= 1  # the space before goes with it
        if g in {".", ":"} and s < m.start():
            nxt = regex.match(r"\s*(\p{L})", text[e : e + 40])
            if nxt is None or nxt.group(1).isupper():
                g = g if s > 0 and not (text[s - 1].isspace() or text[s - 1] in ".,;:!?") else ""
                out.append((s, e, g))  # a full stop after a space: it ends the sentence
                continue
        out.append((s, e, ""))
    for m in _OPENING_SPECK.finditer(text):
        out.append((m.start(), m.end(), ""))
    if prereform:
        for m in _TRAILING_APOSTROPHE.finditer(text):
            para = text[text.rfind("\n\n", 0, m.start()) + 1 : m.start()]
            if "‘" not in para and regex.search(r"(?<!\p{L})'", para) is None:
                out.append((m.start(), m.end(), ""))
    for m in _SPECK_PARAGRAPH.finditer(text):
        out.append((m.start(), m.end(), ""))
    for m in _LEADING_SPECK.finditer(text):
        out.append((m.start(), m.end(), ""))
    for m in _IT_D.finditer(text):
        # ит.д.: the stop glued to д. takes its space too (и т. д.), as a glued stop does
        glued = not text.startswith((" ", "\u00a0"), m.end())
        out.append((m.start(), m.end(), m.group(1) + (" т. " if glued else " т.")))
    out.sort()
    kept: list[tuple[int, int, str]] = []
    for ed in out:  # the first of overlapping edits wins
        if not kept or ed[0] >= kept[-1][1]:
            kept.append(ed)
    return kept
