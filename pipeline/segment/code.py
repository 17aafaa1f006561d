"""Rules kept in program source or markup: read the Russian text, set the code aside.

A solitaire program states its rules in its source: a help dialog's string literals
(`"Карты раскладываются в 9 стопок по 4 карты\\n" +`), an i18n table
(`rulesText: 'Соберите восемь стопок…'`), a docstring, a comment, the text of a JSX element.
To the finder the code around that text is page furniture of another kind. `reading_text`
returns the text as a reader of the rules sees it: the same length and the same offsets
(citations still point into the file), every character of code replaced by a space, each
string literal's content on a line of its own (its closing quote becomes the line break, a
`\\n` escape a space and a line break), the labels of an interface (`deal: 'Сдать'`,
`undo: 'Отменить ход'`) blanked, and comment markers removed. A text that is not source code
(fewer than two lines of code) is returned unchanged, so books and web pages read as before.

A saved web page or a help file (HTML, XML: three tags at least) is read the same way first:
each tag blanked, a block tag (`<p>`, `<li>`, `<h1>`, `<entry>`…) becoming a line break, a
script's, a style's or a navigation's (`<nav>`) content blanked, an entity (`&nbsp;`,
`&laquo;`) the character it stands for.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

from pipeline.segment.catalogue import closed_cells
from pipeline.segment.code_rules import Said
from pipeline.segment.code_rules import read as code_rules
from pipeline.segment.code_source import DASH_COMMENT, HASH_COMMENT
from pipeline.segment.finding import latin_name, title_like
from pipeline.segment.named_values import Named, named_values
from pipeline.segment.source import MIN_CYRILLIC, cyrillic_share

_CYR = re.compile(r"[А-Яа-яЁё]")
# a key and its quoted value (C#'s verbatim and interpolated strings too: `rules = @"…"`)
_KEY_LITERAL = re.compile(r"""[A-Za-z_$][\w$.]*["']?\s*[:=]\s*[\[{(]?\s*[@$]?["'`]""")
_STRONG = re.compile(
    r"^\s*(?:import\s|from\s+\S+\s+import\s|package\s|using\s|namespace\s|class\s|def\s"
    r"|function\b|const\s|let\s|var\s|public\s|private\s|protected\s|static\s|return\b"
    r"|export\s|@\w+|#include|(?:if|for|while|switch)\s*\()"
    # Haskell's module head and type signatures (`module Rules where`, `canPlace :: Card -> …`)
    r"|^module\s+[A-Z][\w.]*.*\bwhere\s*$|^[a-z][\w']*\s*::\s"
    # a gettext catalogue's entry (`msgid "…"`, `msgstr[0] "…"`): a source string, its translation
    r'|^\s*msg(?:ctxt|id|id_plural|str)(?:\[\d\])?\s+"'
    r"|^\s*[{}\[\]()]+[;,]?\s*$|^\s*(?://|/\*|\*/)|\)\s*;\s*$|\{\s*$|\\\s*$"
    # a line that is a string literal alone, with an escape or an operator after it (C++'s
    # adjacent literals, `"…\n" +`): `"- Соберите карты по мастям.\n"`
    r'|^\s*"(?:[^"\\\n]|\\.)*\\[nt](?:[^"\\\n]|\\.)*"\s*[+,;)]*\s*$'
    r'|^\s*"(?:[^"\\\n]|\\.)*"\s*[+,;)]+\s*$'
    # a call whose arguments follow on the next lines: `helpText->setText(`
    r"|[\w>.]\(\s*$"
)
_COMMENT = re.compile(r"^(\s*)(//+|#+|/\*+|\*+/?|--|<!--)")
_COMMENT_END = re.compile(r"(\*/|-->)\s*$")
_PLACEHOLDER = re.compile(r"\$\{[^{}\n]*\}|\{[\w.$ +\-()]*\}")
_TITLE_KEY = re.compile(r"(?i)^(?:game|solitaire)?_?(?:title|name)$")
_KEY_BEFORE = re.compile(r"""([A-Za-z_$][\w$-]*)["']?\s*[:=]\s*[\[{(]?\s*$""")
# A language's key (`ru`, `"pt-BR"`): the string is one translation of the key it stands under
_LANGUAGE_KEY = re.compile(r"^[a-z]{2}(?:[-_][A-Za-z]{2,4})?$")
_OUTER_KEY = re.compile(r"""([A-Za-z_$][\w$-]*)["']?\s*[:=]\s*\{[^{}]*$""")
_QUOTES = "\"'`"
_ENDS_LITERAL = tuple(",;)]}")  # what closes a call's argument or an item after a literal
_SENTENCE_END = '.!?…:;»")'


# a tag; not a half-open range `0..<COLS` of Swift and Kotlin, whose `<` opens no tag
_TAG = re.compile(
    r"<!--.*?-->|<[!?][^<>]*>|(?<!\.\.)<(/?)([A-Za-z][\w:.-]*)(?:\s[^<>]*)?/?>", re.DOTALL
)
_BLOCK = frozenset(
    [
        "p",
        "div",
        "li",
        "ul",
        "ol",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "br",
        "hr",
        "tr",
        "td",
        "th",
        "table",
        "title",
        "section",
        "article",
        "header",
        "footer",
        "nav",
        "aside",
        "main",
        "body",
        "html",
        "head",
        "dl",
        "dt",
        "dd",
        "blockquote",
        "pre",
        "entry",
        "row",
        "para",
        "sect1",
        "sect2",
        "sect3",
        "tbody",
        "thead",
        "tgroup",
        "informaltable",
        "refentry",
        "listitem",
        "itemizedlist",
        "orderedlist",
        "variablelist",
        "varlistentry",
        "term",
        "option",
        "figure",
        "figcaption",
        "caption",
    ]
)
# Elements whose content is never a rule: code, and a page's navigation (`<nav>`: its menu).
_HIDDEN = frozenset({"script", "style", "noscript", "svg", "nav"})
_ENTITY = re.compile(r"&(#\d{1,6}|#x[0-9A-Fa-f]{1,5}|[A-Za-z]{2,8});")
_ENTITIES = {
    "nbsp": " ",
    "laquo": "«",
    "raquo": "»",
    "mdash": "—",
    "ndash": "–",
    "quot": '"',
    "amp": "&",
    "lt": "<",
    "gt": ">",
    "hellip": "…",
    "bdquo": "„",
    "ldquo": "“",
    "rdquo": "”",
    "shy": "",
    "apos": "'",
}
_OPENING = "«„“(<"


def is_markup(text: str) -> bool:
    """Whether a text is HTML or XML rather than prose with a stray `<`: three tags at least."""
    return len(_TAG.findall(text, 0, 200_000)[:3]) >= 3


def _blank(chars: list[str], a: int, b: int) -> None:
    for k in range(a, b):
        if chars[k] != "\n":
            chars[k] = " "


_PROP = re.compile(r"=\s*\{")  # `text={` : a JSX attribute given as a code expression
_PROP_LITERAL = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`""")


def _keep_props(chars: list[str], text: str, a: int, b: int) -> None:
    """Put back the string literals with Russian text of a tag's code-valued attributes
    (`<Tooltip text={'Выбирайте пары карт…' + '…'} />`), quotes and all, for the code reader."""
    for m in _PROP.finditer(text, a, b):
        depth, k = 1, m.end()
        while k < b and depth:
            depth += {"{": 1, "}": -1}.get(text[k], 0)
            k += 1
        for lit in _PROP_LITERAL.finditer(text, m.end(), k):
            if _CYR.search(lit.group()):
                chars[lit.start() : lit.end()] = list(lit.group())


_ESCAPE = re.compile(r"""\\([nrt'"])""")


def markup_text(text: str, *, props: bool = False) -> str:
    """The text of HTML or XML as read (see the module's docstring), the same length;
    `props`: in program source (JSX), keep what `_keep_props` keeps."""
    chars = list(text)
    hidden_from = None
    for m in _TAG.finditer(text):
        name = (m.group(2) or "").lower()
        closing = m.group(1) == "/"
        if hidden_from is not None:
            if closing and name in _HIDDEN:
                _blank(chars, hidden_from, m.end())
                hidden_from = None
            continue
        _blank(chars, m.start(), m.end())
        if props:
            _keep_props(chars, text, m.start(), m.end())
        if name in _HIDDEN and not closing and not m.group().endswith("/>"):
            hidden_from = m.end()
        elif name in _BLOCK:
            chars[m.start()] = "\n"
    if hidden_from is not None:
        _blank(chars, hidden_from, len(chars))
    for m in _ESCAPE.finditer(text):
        if chars[m.start()] == "\\":  # not inside a blanked tag or script
            # a resource file's escapes in its text (`<string>…\n…\'…</string>`): a line break,
            # a quote, in the same two characters
            closes = _closes(chars, m.start())
            chars[m.start()] = " "
            chars[m.end() - 1] = {"n": "\n", "r": "\n", "t": " "}.get(m.group(1), m.group(1))
            if closes:
                chars[m.start()], chars[m.end() - 1] = m.group(1), " "
    for m in _ENTITY.finditer(text):
        if chars[m.start()] != "&":
            continue  # inside a blanked tag or script
        ref = m.group(1)
        ch: str | None
        if ref.startswith("#x"):
            ch = chr(min(int(ref[2:], 16), 0x10FFFF))
        elif ref.startswith("#"):
            ch = chr(min(int(ref[1:]), 0x10FFFF))
        else:
            ch = _ENTITIES.get(ref.lower())
        if ch is None:
            continue
        _blank(chars, m.start(), m.end())
        if ch and ch.isprintable():
            # an opening mark stays next to the word after it, any other next to the word before
            chars[m.end() - 1 if ch in _OPENING else m.start()] = ch
    return "".join(chars)


def is_code(text: str) -> bool:
    """Whether a text is program source: two lines of code at least (a key with a quoted
    value counts once for each of its first two pairs, so one line of an i18n table is
    enough)."""
    count = 0
    for line in text.splitlines():
        pairs = len(_KEY_LITERAL.findall(line))
        count += min(pairs, 2) if pairs else bool(_STRONG.search(line))
        if count >= 2:
            return True
    return False


_TRAILING_SYMBOLS = re.compile(r"[^\w.!?…»\"')\]]+$")
_NAMED = re.compile(r"«[^»]+»|\"[^\"]*[А-Яа-яЁё][^\"]*\"|'[^']*[А-Яа-яЁё][^']*'")


def _label(content: str) -> bool:
    """An interface label rather than a sentence or a title: a few words, no sentence end
    (an ellipsis `Колода...` is a button's, an emoji is no full stop), no quoted name (`Правила
    пасьянса 'Охота'` names a game)."""
    text = _TRAILING_SYMBOLS.sub("", content.strip())
    if not text:
        return True
    if _NAMED.search(text):
        return False
    ends = text.endswith((".", "!", "?", "…")) and not text.endswith(("...", "…"))
    return len(text.split()) <= 6 and not ends


_INFINITIVE = re.compile(r"^[А-ЯЁа-яё]+(?:ть|ти|чь|ться|тись)$")


def _method_label(comment: str) -> bool:
    """A comment that names what the code under it does, as a menu item would (`Раздать
    карты`, `Отменить ход`, `Проверить победу`): an infinitive and a few words, no sentence
    end. Like an interface label it states no rule."""
    text = comment.strip()
    words = text.split()
    return bool(words) and _label(text) and len(words) <= 4 and bool(_INFINITIVE.match(words[0]))


# a check's name put as an indirect question (`Проверяет, может ли колонка принять карту`,
# `Проверить, выиграна ли игра`, `Проверяем можно ли взять карту из стока`): what the code
# under it tests, no rule; one that goes on to say how (`(только король)`, `: туз на пустое`)
# is kept
_CHECK_QUESTION = re.compile(
    r"^\s*(?:провер[а-яё]*|определ[а-яё]*)\s*[,:—-]?\s*(?:[а-яё]+\s+){0,2}?[а-яё]+\s+ли\s"
    r"[^():;—–\n]*$",
    re.I,
)


# what a check's question may still say of the rule it checks (`можно ли на пустое место
# положить только короля`, `… в стопку одной масти`): a rank, a suit or colour, a figure, «только»
_CHECK_SAYS = re.compile(
    r"(?i)\b(?:только|лишь|туз\w*|корол\w*|дам[аыуе]?|валет\w*|масть|масти|мастью|цвет\w*"
    r"|красн\w*|ч[её]рн\w*|\d+)\b"
)


def _check_question(comment: str) -> bool:
    """A comment that names the check the code under it makes, as an indirect question
    (`Проверяет, можно ли переместить карту из одного места в другое`): like a method's
    label it states no rule, however long; one that says what the check allows (a colon, a
    dash, brackets) is a statement and is read."""
    text = _TRAILING_SYMBOLS.sub("", comment.strip()).rstrip(".?")
    return (
        bool(_CHECK_QUESTION.match(text))
        and len(text.split()) <= 14
        and not _CHECK_SAYS.search(text)
    )


def _literals(line: str, carry: str | None) -> tuple[list[tuple[int, int, int, int]], str | None]:
    """The string literals of one line: (opening quote, content start, content end, closing
    quote or -1). `carry` is the quote of a literal left open by the previous line (a line
    ended with `\\` inside it, or a template literal); the quote left open at the end is
    returned the same way."""
    out = []
    q, open_at, start = carry, -1, 0
    i, n = 0, len(line)
    while i < n:
        c = line[i]
        if q is None:
            if c in _QUOTES:
                # C#'s verbatim string (`@"…"`, `$@"…"`): no escapes, `""` a quote, many lines
                verbatim = c == '"' and i and line[i - 1] == "@"
                q, open_at, start = "@" if verbatim else c, i, i + 1
            elif (line.startswith("//", i) and (i == 0 or line[i - 1] != ":")) or (
                _DASHES.match(line, i)
            ):
                break  # the rest is a comment
            i += 1
        elif q == "@":
            if line.startswith('""', i):
                i += 2
            elif c == '"':
                out.append((open_at, start, i, i))
                q = None
                i += 1
            else:
                i += 1
        elif c == "\\":
            i += 2
        elif c == q:
            out.append((open_at, start, i, i))
            q = None
            i += 1
        else:
            i += 1
    if q is None:
        return out, None
    out.append((open_at, start, n, -1))
    keep = q in "`@" or line.rstrip().endswith("\\")
    return out, q if keep else None


# a string the program looks for in another (a test's, a check's): `assert "Правила" in
# text`, `name.contains("Паук")`, `expect(page).toContain("…")`, `assertIn("…", text)`
_SEARCH_BEFORE = re.compile(
    r"(?:\bassert\s+(?:not\s+)?|\.\s*(?:includes|contains|Contains|toContain|indexOf|IndexOf"
    r"|startsWith|StartsWith|endsWith|EndsWith|toMatch)\s*\(\s*|\bassert(?:Not)?In\s*\(\s*)$"
)
_SEARCH_AFTER = re.compile(r"\s*(?:not\s+)?in\b")


def _searched(line: str, o: int, c: int) -> bool:
    """Whether the literal opened at `o` (closed at `c`, -1 if open) is a string searched for:
    its text is another's, not what the program says."""
    before = _SEARCH_BEFORE.search(line, 0, o)
    if before is None:
        return False
    if before.group().lstrip().startswith("assert") and not before.group().rstrip().endswith("("):
        return c >= 0 and bool(_SEARCH_AFTER.match(line, c + 1))
    return True


def _closes(chars: list[str], i: int) -> bool:
    """Whether the escaped quote at `i` (its escape: a backslash, or the first of a verbatim
    string's two quotes) closes a quotation: a word before it, none after (`на пустой
    \\"дом\\" можно`, `@"на пустой ""дом"" можно"`)."""
    if i + 1 >= len(chars) or chars[i + 1] not in "\"'":
        return False
    before = chars[i - 1] if i else " "
    after = chars[i + 2] if i + 2 < len(chars) else " "
    return not before.isspace() and not after.isalnum()


def _content(line: str, a: int, b: int) -> list[str]:
    """A literal's content as read: escapes resolved within the same length (`\\n` → a space
    and a line break), placeholders (`{n}`, `${x}`) blanked."""
    out = list(line[a:b])
    i = 0
    while i < len(out):
        if out[i] == "\\":
            nxt = out[i + 1] if i + 1 < len(out) else ""
            out[i] = " "
            if nxt in ("n", "r"):
                out[i + 1] = "\n"
            elif nxt == "t":
                out[i + 1] = " "
            elif _closes(out, i):
                out[i], out[i + 1] = nxt, " "  # `\"дом\"`: the closing quote on its word
            i += 2
            continue
        i += 1
    for k in range(len(out) - 1):
        if out[k] == out[k + 1] == '"':  # a verbatim string's doubled quote: one quote
            if _closes(out, k):
                out[k + 1] = " "  # a closing quote stays on the word before it
            else:
                out[k] = " "
    text = "".join(out)
    for m in _PLACEHOLDER.finditer(text):
        out[m.start() : m.end()] = " " * (m.end() - m.start())
    return out


_RULER = re.compile(r"[-=*#~_]{3,}")  # a comment's ruler: `/* --- правила ------ */`
_DASHES = re.compile(DASH_COMMENT)
_MARKERS = re.compile(rf"//|/\*|<!--|{HASH_COMMENT}|{DASH_COMMENT}")
_MARK_AT = re.compile(r"//+|/\*+|<!--|#+|--")


def _comment_start(line: str, inside: list[bool]) -> int | None:
    """Where a comment begins after code on a line (outside string literals), or None: no
    comment, or the comment begins the line."""
    for m in _MARKERS.finditer(line):
        k = m.start()
        if inside[k] or (m.group() == "//" and k and line[k - 1] == ":"):
            continue  # in a string, or a URL's `://`
        return k if line[:k].strip() else None
    return None


def _read_line(line: str, carry: str | None) -> tuple[str, str | None]:
    """One line of source as read, and the quote of a literal it leaves open."""
    spans, left_open = _literals(line, carry)
    inside = [False] * len(line)
    for o, _a, b, c in spans:
        for k in range(max(o, 0), (c if c >= 0 else b - 1) + 1):
            inside[k] = True
    outside = "".join(ch for ch, k in zip(line, inside, strict=True) if not k)
    if _CYR.search(outside):
        # text of its own: a comment, a docstring's line, a JSX element's text
        cs = _comment_start(line, inside) if carry is None else None
        if cs:
            # a comment after code (`var RED = [1, 2];  /* червы и бубны — красные */`): the
            # code blanked, its first character a line break (a comment that begins with a
            # capital is a paragraph of its own; one in lower case goes on the one before)
            line = "\n" + " " * (cs - 1) + line[cs:]
        if cs:
            m2 = _MARK_AT.match(line, cs)
            if m2:
                line = line[:cs] + " " * (m2.end() - cs) + line[m2.end() :]
        m = None if cs else _COMMENT.match(line)
        if m and carry is None:
            line = m.group(1) + " " * len(m.group(2)) + line[m.end() :]
        end = _COMMENT_END.search(line)
        if end:
            line = line[: end.start()] + " " * (end.end() - end.start()) + line[end.end() :]
        line = _RULER.sub(lambda r: " " * len(r.group()), line)
        if (cs or (m and carry is None)) and (_method_label(line) or _check_question(line)):
            return "".join("\n" if ch == "\n" else " " for ch in line), None
        return line, None
    out = [" "] * len(line)
    for o, a, b, c in spans:
        content = line[a:b]
        if not _CYR.search(content):
            continue
        if o >= 0 and _searched(line, o, c):
            continue  # text the program looks for in another: `assert "одной масти" in text`
        key = _KEY_BEFORE.search(line, 0, max(o, 0)) if o >= 0 else None
        if key and _LANGUAGE_KEY.match(key.group(1)):
            # `title: {en: 'FreeCell', ru: 'Свободная ячейка'}`: the key it translates
            key = _OUTER_KEY.search(line, 0, key.start()) or key
        if key and _label(content) and not _TITLE_KEY.match(key.group(1)):
            continue  # an interface label: `deal: 'Сдать'`
        out[a:b] = _content(line, a, b)
        if (
            key
            and c >= 0
            and _TITLE_KEY.match(key.group(1))
            and title_like(content)
            and not re.search('[«»"„“”]', content)  # `Пасьянс «Паук» — QHub Games` is named
        ):
            # `title: 'Свободная ячейка'`: the program says it names a game; in quotes it
            # reads as a name, as `Пасьянс «Паук»` does
            out[o], out[c] = "«", "»"
            if c + 1 < len(line) and not line[c + 1].isalnum():
                out[c + 1] = "\n"
            continue
        if c >= 0:
            out[c] = "\n"
            after = line[c + 1 :].lstrip()
            if after[:1] in _ENDS_LITERAL and c + 1 < len(line) and not line[c + 1].isalnum():
                # `test('раздача: 6-6-…', () => {`, `assert.ok(r.ok, 'закрытая карта
                # открылась');`: a literal that no `+` continues is a paragraph of its own,
                # and a sentence unless it is a name (`title: 'Паук',`)
                text = _TRAILING_SYMBOLS.sub("", content.strip())  # `Поздравляем! 🎉`
                if text and text[-1] not in _SENTENCE_END and not title_like(text):
                    out[c] = "."
                out[c + 1] = "\n"
    return "".join(out), left_open


_CATALOGUE_ENTRY = re.compile(r'^\s*msg(?:id|str)(?:\[\d\])?\s+"', re.M)


def is_catalogue(text: str) -> bool:
    """Whether a text is a translation catalogue (gettext `.po`: `msgid "…"` then `msgstr
    "…"`, two entries at least). Its strings are the paragraphs of a translated document
    (a help page, a manual), not a program's messages: read as a document, its headings are
    titles as a page's are."""
    return len(_CATALOGUE_ENTRY.findall(text, 0, 200_000)[:4]) >= 4


def is_program(text: str) -> bool:
    """Whether `reading_text` reads a text as program source (markup read first); a
    translation catalogue is read as the document it translates (`is_catalogue`)."""
    read = unminified(markup_text(text) if is_markup(text) else text)
    return is_code(read) and not is_catalogue(read)  # a catalogue run into one line too


def russian_lines(text: str) -> str:
    """The text with every line that is not Russian blanked, the same length: a line whose
    letters are mostly not Cyrillic (a translation file's English source strings, `<source>
    Seven columns…</source>`, the English half of a bilingual page). What stays is the
    text's Russian, for a text whose letters are mostly in another language. A line is
    weighed as a whole text is (`cyrillic_share`)."""
    out = []
    for line in text.split("\n"):
        out.append(line if cyrillic_share(line) >= MIN_CYRILLIC else _russian_pieces(line))
    return "\n".join(out)


# Where one piece of a line ends and another begins: the quotes and brackets of code, JSON
# or markup, a statement's end, a comment's marks.
_PIECE_BREAK = re.compile(r"""["'`<>{}\[\];=|()]|//|/\*|\*/""")


_CYR_WORD = re.compile(r"[А-Яа-яЁё]{2,}")


def _russian_pieces(line: str) -> str:
    """A line that is not Russian as a whole, with its Russian pieces kept and the rest
    blanked, the same length: a program, a JSON file or a catalogue on one line (minified,
    `… msgid "Four piles." msgstr "Четыре стопки." …`) keeps its Russian strings; a line of
    another language with no Russian piece, or a Russian word alone as a gloss (`Stock pile
    (Колода)`), is blank."""
    chars = [" "] * len(line)
    start = 0
    for m in [*_PIECE_BREAK.finditer(line), None]:
        end = m.start() if m else len(line)
        piece = line[start:end]
        if len(_CYR_WORD.findall(piece)) >= 2 and cyrillic_share(piece) >= MIN_CYRILLIC:
            chars[start:end] = piece
        start = m.end() if m else end
    return "".join(chars)


_TABLE_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$", re.M)
_TABLE_RULE = re.compile(r"[ \t]*\|[\s:|-]*")
_ROW_NUMBER = re.compile(r"[\s№#.)]*\d{0,3}[\s.)]*")


def table_text(text: str) -> str:
    """The text with the markup of its tables taken out, the same length: a Markdown table
    (`| № | Правило |`, `|---|---|`, `| 3 | Короли кладут … |`) read as its cells' text,
    each cell a sentence of its own (a `.` where a cell that ends without one closes), a
    cell of a row's number and a rule row blanked. A table of rules is rules, not a menu
    whose items a `|` sets apart."""
    if "|" not in text:
        return text

    def row(m: re.Match[str]) -> str:
        line = m.group()
        if _TABLE_RULE.fullmatch(line):
            return " " * len(line)
        chars = list(line)
        bars = [i for i, c in enumerate(line) if c == "|"]
        for a, b in pairwise(bars):
            cell = line[a + 1 : b]
            if _ROW_NUMBER.fullmatch(cell):
                chars[a + 1 : b] = " " * (b - a - 1)
                continue
            end = cell.rstrip()
            if end.strip() and end[-1] not in ".!?…:;":
                chars[a + 1 + len(end)] = "."  # right after the cell's last word
        for i in bars:
            if chars[i] == "|":
                chars[i] = " "
        return "".join(chars)

    return _TABLE_ROW.sub(row, text)


# A quoted line of a letter or a forum post: `> `, `>> `, `> > ` before the text.
_QUOTE_MARKS = re.compile(r"^[ \t]*>(?:[ \t]*>)*(?:[ \t]|$)", re.M)


# A chat log's line head: a time in brackets and a speaker (`[12:03] Маша: …`, `12:03 <oleg>`).
_CHAT_HEAD = re.compile(
    r"^[ \t]*(?:\[\d{1,2}:\d{2}(?::\d{2})?\]|\d{1,2}:\d{2}(?::\d{2})?)[ \t]*"
    r"(?:<[^<>\n]{1,30}>|[^\s:<>][^:\n]{0,29}:)[ \t]?",
    re.M,
)


def unquoted(text: str) -> str:
    """The text with the quote marks of a letter's or a post's quoted lines, and the time
    and speaker at the head of a chat log's lines, blanked, the same length: rules quoted
    line by line («> Раскладывают…», `[12:03] Маша: Раскладывают…`) read as the lines they
    quote. Only where two lines or more are so marked (one `>` is an arrow or a
    breadcrumb's mark, one time a page's date line), a quote mark before a space or the
    line's end, and never in markup."""
    if is_markup(text):
        return text  # `>Предложение</title>`: a tag's end on the next line, no quote
    chars: list[str] | None = None
    for pattern in (_QUOTE_MARKS, _CHAT_HEAD):
        marks = list(pattern.finditer(text))
        if len(marks) < 2:
            continue
        chars = chars or list(text)
        for m in marks:
            _blank(chars, m.start(), m.end())
    return text if chars is None else "".join(chars)


# A statement's end in a program run into one line (`; `, `{ `, `} `), and a keyword of code
# after a comment's Russian words (`//Если колода пуста, … ранг = 0 return aCard…`).
_STATEMENT_END = re.compile(r"(?<=[;{}]) ")
_CODE_AFTER_WORDS = re.compile(
    r"(?<=[А-Яа-яЁё0-9,.]) (?=(?:return|public|private|protected|static|var|let|const|function"
    r"|class|if\s*\(|for\s*\(|while\s*\()(?!\w)|&&|\|\|)"
)
_BRACES = re.compile(r"[{}]")
# A line comment's last Russian word, then only code to the statement's end (`// Проверяет,
# находится ли карта в tableau _cardInSome(card) {`): the comment ends after that word.
_COMMENT_THEN_CODE = re.compile(r"//.*[А-Яа-яЁё][^\s]*( )(?=[^А-Яа-яЁё\n]*[({;][^А-Яа-яЁё\n]*$)")


def unminified(text: str) -> str:
    """A program run into one line (a bundler's or a minifier's output, a description field)
    with its statements on lines of their own again, the same length: the space after each
    `;`, `{` or `}`, before a keyword of code after a comment's words, and after a line
    comment's last Russian word when only code follows becomes a line break. Only a line of
    200 characters or more with four braces and five statement ends at least, that opens as
    code does (`_STRONG`); prose has no braces."""
    if "\n" in text.strip() and max(map(len, text.splitlines()), default=0) < 200:
        return text
    out = []
    for line in text.split("\n"):
        if (
            len(line) >= 200
            and _STRONG.search(line)
            and len(_BRACES.findall(line)) >= 4
            and len(_STATEMENT_END.findall(line)) >= 5
        ):
            line = _CODE_AFTER_WORDS.sub("\n", _statements_apart(line))
            line = "\n".join(_comment_ended(part) for part in line.split("\n"))
        elif len(line) >= 200 and len(_RUN_ENTRY.findall(line)) >= 2:
            line = _CATALOGUE_APART.sub("\n", line)
        elif len(line) >= 200 and _STRONG.search(line):
            line = _strings_apart(line)
        out.append(line)
    return "\n".join(out)


# a gettext catalogue run into one line: its entries (`msgid "…"`), and the space before
# each keyword, comment (`#: C/klondike.xml:17`) and piece of a string continued (`msgstr ""
# "Стопка сверху…" "по выбору."`), a line break
_RUN_ENTRY = re.compile(r'(?:^|\s)msgid "')
_CATALOGUE_APART = re.compile(
    r' (?=(?:msgid(?:_plural)?|msgstr(?:\[\d+\])?|msgctxt) "|#[.:,|] )|(?<=") (?=")'
)


def _outside_strings(line: str, comments: bool = False) -> Iterator[int]:
    """The indices of `line` outside its string literals (`"…"`, `'…'`, `` `…` ``; a
    backslash in one escapes the next character), each literal's closing quote included:
    the one scan of a line's literals. With `comments`, a line comment is passed over to the
    next statement's end (`_STATEMENT_END`: nothing else ends it on one line), and no string
    opens in it."""
    quote: str | None = None
    k = 0
    while k < len(line):
        ch = line[k]
        if quote:
            if ch == "\\":
                k += 1
            elif ch == quote:
                quote = None
                yield k
        elif ch in "\"'`":
            quote = ch
        elif comments and line.startswith("//", k):
            m = _STATEMENT_END.search(line, k)
            if m is None:
                return
            k = m.start() - 1  # the `;`, `{` or `}` itself, read as code
            continue
        else:
            yield k
        k += 1


def _strings_apart(line: str) -> str:
    """A line of program text that lists four strings or more of Russian text, one after
    another (`string[] ru = [ "Цель:", "Соберите все карты …", "Настройка игры:", …]`), with
    the space after each comma between two of them made a line break, the same length: a
    list of lines run into one, each a line of its own again (a heading, a sentence)."""
    closed = False  # the last thing outside a string was a string's end
    breaks: list[int] = []
    for k in _outside_strings(line):
        ch = line[k]
        if ch in "\"'`":  # outside a literal, a quote is one's end
            closed = True
        elif ch == "," and closed and line.startswith((' "', " '", " `"), k + 1):
            breaks.append(k + 1)
        elif not ch.isspace():
            closed = False
    if len(breaks) < 4 or len(re.findall(r"[А-Яа-яЁё]{3,}", line)) < 8:
        return line
    chars = list(line)
    for k in breaks:
        chars[k] = "\n"
    return "".join(chars)


def _statements_apart(line: str) -> str:
    """A line of program text with the space after each `;`, `{` or `}` outside a string
    literal and a line comment made a line break, the same length."""
    chars = list(line)
    for k in _outside_strings(line, comments=True):
        if line[k] in ";{}" and line.startswith(" ", k + 1):
            chars[k + 1] = "\n"
    return "".join(chars)


def _comment_ended(line: str) -> str:
    """A statement of a program run into one line with its line comment ended where the
    comment's Russian words do (`_COMMENT_THEN_CODE`), the same length."""
    m = _COMMENT_THEN_CODE.search(line)
    return line if not m else line[: m.start(1)] + "\n" + line[m.end(1) :]


def reading_text(text: str) -> str:
    """The text as a reader of its rules sees it (see the module's docstring): unchanged
    unless it is program source (`unminified` too), holds a table (`table_text`) or quoted
    lines (`unquoted`); always the same length, line for line. A translation catalogue's
    table cells are closed as sentences (`catalogue.closed_cells`)."""
    text = unminified(table_text(unquoted(text)))
    if is_markup(text):
        text = markup_text(text, props=is_code(text))
    if not is_code(text):
        return text
    out = []
    carry: str | None = None
    lines = text.split("\n")
    outside = []
    for line in lines:
        outside.append(carry is None)
        read, carry = _read_line(line, carry)
        out.append(read)
    _latin_titles(lines, out)
    titles = [
        i for i, (line, read) in enumerate(zip(lines, out, strict=True)) if _titles(line, read)
    ]
    for i, named in named_values(lines, outside, titles).items():
        out[i] = _keep_named(out[i], named)
    on_line: dict[int, list[Said]] = {}
    for said in code_rules(text):
        on_line.setdefault(said.line, []).append(said)
    for n, group in on_line.items():
        out[n] = _keep_all_said(out[n], group)
    for n, group in on_line.items():
        for said in group:
            if said.statement in out[n]:
                continue
            if (short := _keep_said(out[n], said, said.short)) != out[n]:
                out[n] = short
            else:
                _lend(out, lines, said)
    out = closed_cells(lines, out)
    result = "\n".join(_apart(lines, out))
    assert len(result) == len(text)
    return result


_FIRST_KEY = re.compile(r"""^\s*["']?([A-Za-z_$][\w$-]*)["']?\s*[:=]\s*[@$]?["'`]""")


def _latin_titles(lines: list[str], out: list[str]) -> None:
    """The Latin names of a collection's objects kept as their titles, in `out` (the lines
    as read): where two objects or more each give a name in Latin letters under a title key
    (`title: 'Google FreeCell',`, `finding.latin_name`) and Russian text inside the object
    (`controls: 'Постройте столбцы…'`), each object is a game of its own, named so
    (`«Google FreeCell»`). One such object names nothing: its Russian text is the file's;
    nor does any when one title key gives no name (`title: "Solitaire"`)."""
    found = []
    for i, line in enumerate(lines):
        m = _FIRST_KEY.match(line)
        if m is None or not _TITLE_KEY.match(m.group(1)) or out[i].strip():
            continue
        spans, _ = _literals(line, None)
        if not spans or spans[0][3] < 0:
            continue
        if not latin_name(line[spans[0][1] : spans[0][2]]):
            return  # `title: "Solitaire"` names no game: the objects are not told apart
        depth = _indent(line)
        for k in range(i + 1, len(lines)):
            if lines[k].strip() and _indent(lines[k]) < depth:
                break  # the object ends
            if _CYR.search(out[k]):
                found.append((i, spans[0]))
                break
    if len(found) < 2:
        return
    for i, (o, _a, _b, c) in found:
        chars = list(out[i])
        chars[o + 1 : c] = lines[i][o + 1 : c]
        chars[o], chars[c] = "«", "»"
        if c + 1 < len(chars):
            chars[c + 1] = "\n"
        out[i] = "".join(chars)


def _titles(line: str, read: str) -> bool:
    """Whether a line of source is a name key that the reading text keeps as a game's title
    (`name: 'Вегасский',` → `«Вегасский»`)."""
    m = _FIRST_KEY.match(line)
    return m is not None and bool(_TITLE_KEY.match(m.group(1))) and read.strip().startswith("«")


def _keep_named(read: str, named: Named) -> str:
    """A line as read with the declaration of a named value that states a rule kept on it
    (`pipeline.segment.named_values`): its name and value in their places, an `=` for
    their separator, a full stop after the value where the line has room (`  const COLS =
    10;` → `        COLS = 10.`), so that it is a sentence of its own. A comment after it
    (`NUM_DECKS = 2  # колоды`) stays a paragraph of its own after it. Unchanged when text
    already stands where the declaration does."""
    chars = list(read)
    if any(c not in " \n" for c in chars[: named.end]):
        return read
    breaks = chars[: named.end + 1].count("\n")
    chars[: named.end + 1] = [" " if c == "\n" else c for c in chars[: named.end + 1]]
    if breaks:
        # the break that sets a comment after code apart goes right before the comment
        text_at = next((k for k in range(named.end + 1, len(chars)) if chars[k] != " "), None)
        if text_at is None or text_at - 1 <= named.end:
            return read
        chars[text_at - 1] = "\n"
    chars[named.start : named.name_end] = named.name
    chars[named.sep] = "="
    chars[named.value_start : named.end] = named.raw
    if named.end < len(chars) and chars[named.end] == " ":
        chars[named.end] = "."
    return "".join(chars)


def _keep_all_said(read: str, group: list[Said]) -> str:
    """A line as read with every rule its constructs state kept (`_keep_said`): several on
    one line (`const canStack = (c, onto) => !onto || (…)`: the colour, the rank and the
    empty pile) one after another, each a sentence, where the line's code has room for
    them all; else each where it fits, in turn."""
    if len(group) > 1:
        col = min(s.col for s in group)
        width = max(s.col + s.width for s in group) - col
        stmt = " ".join(s.statement for s in group)
        kept = _keep_said(
            read, Said(group[0].name, group[0].value, group[0].line, col, width), stmt
        )
        if kept != read:
            return kept
    for said in group:
        read = _keep_said(read, said)
    return read


def _keep_said(read: str, said: Said, stmt: str | None = None) -> str:
    """A line as read with the rule a construct of the code states kept in the construct's
    place (`pipeline.segment.code_rules`: `    return card.rank === "K";` → `    space_rank
    = 13.`), a sentence of its own; a construct too short to hold it lends the blank indent
    before it (`  let n = c < 4 ? 6 : 5;` is as short as the rule it states, whichever word
    declares the name). Unchanged when the line is too short to hold it or text stands
    before it or where it would go."""
    stmt = stmt or said.statement
    limit = min(said.col + said.width + 1, len(read))
    col = min(said.col, limit - len(stmt))
    if col < 0:
        return read
    if col < 2:
        # a construct at the line's start (no indent, or one tab): two blanks before the
        # rule where the construct has room, for the stop that sets it apart (`_apart`)
        col = min(2, limit - len(stmt))
    end = col + len(stmt)
    chars = list(read)
    if any(c not in " \n" for c in chars[: end + 1]):
        return read
    if "\n" in chars[: end + 1]:
        # the break that sets a comment after code apart goes right before the comment
        chars[: end + 1] = [" "] * (end + 1)
        text_at = next((k for k in range(end + 1, len(chars)) if chars[k] != " "), None)
        if text_at is None or text_at - 1 <= end:
            return read
        chars[text_at - 1] = "\n"
    chars[col:end] = stmt
    return "".join(chars)


def _lend(out: list[str], lines: list[str], said: Said) -> None:
    """A rule longer than the line of the construct that states it (`      n = c<4 ? 6 : 5`
    states `deal_first_4_by_6_rest = 5.`, longer than the line) kept on the nearest line of
    code around it that is blank as read and long enough (the loop's header above, the
    statement below), in its long spelling or its short one (`Said.short`): the construct's
    rule, cited a line away, rather than none. A line of text, or one holding a rule already,
    lends nothing."""
    own = out[said.line]
    nl = own.rfind("\n")
    for stmt in dict.fromkeys((said.statement, said.short)):
        # the tail of its own line after a string the line's read has set apart (`check(`…`,
        # sizes === '6,6,…')`: the string's text, then a line of code): a line of its own
        if nl >= 0 and not own[nl + 1 :].strip() and len(own) - nl - 3 >= len(stmt) + 1:
            at = nl + 3
            out[said.line] = own[:at] + stmt + own[at + len(stmt) :]
            return
        for k in (said.line - 1, said.line + 1, said.line - 2, said.line + 2):
            if not 0 <= k < len(out) or out[k].strip() or not lines[k].strip():
                continue
            col = max(2, _indent(lines[k]))
            if len(out[k]) - col < len(stmt) + 1:
                col = 2
            if len(out[k]) - col < len(stmt) + 1:
                continue
            lent = Said(said.name, said.value, k, col, len(out[k]) - col)
            if (kept := _keep_said(out[k], lent, stmt)) != out[k]:
                out[k] = kept
                return


_ENDED = ".!?…:;"
# A line of text that goes on in the next one: it ends with a comma or a dash.
_GOES_ON = ",—–-"
# Code before a piece of text on its line: more than the quote, bracket or operator that opens
# a string (`"…" +` continued on the next line is one string).
_CODE_CHAR = re.compile(r"[^\s\"'`/*#+(,\[{]")
_TRAILING_MARK = re.compile(r"(?://+|#+|/\*+)\s*$")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _opens_block(lines: list[str], p: int, start: int) -> bool:
    """Whether the code before a comment on line `p` (its text at `start`) opens a block: a
    condition (`if (!target) { // Перемещение на пустую стопку`, `if x:  # …`, or `if (…)
    //…` with the `{` on the next line). The comment then names the case the block's own
    comments go on to state."""
    mark = _TRAILING_MARK.search(lines[p][:start])
    if mark is None:
        return False  # a string, not a comment
    code = lines[p][: mark.start()].rstrip()
    if code.endswith(("{", ":")):
        return True
    if not code.endswith(")"):
        return False
    after = next((x.strip() for x in lines[p + 1 :] if x.strip()), "")
    return after.startswith("{")


def _inside(lines: list[str], p: int, i: int) -> bool:
    """Whether line i stands inside the block line p opens: no line between them (but the
    block's own `{`) is indented as little as line p (`for (…) // Выкладываем первые 4
    карты` … `}` closes the loop before `// Поиск пар по масти` further down)."""
    return all(
        _indent(x) > _indent(lines[p]) for x in lines[p + 1 : i] if x.strip() and x.strip() != "{"
    )


_KEPT_RULE = re.compile(r"[a-z][a-z0-9_]* = \S+\.")  # a rule a construct states (`Said`)


def _apart(lines: list[str], read: list[str]) -> list[str]:
    """The read lines with a full stop put before a piece of text that stands apart from the
    one before it, in a blanked place before its first word: comments and strings on lines of
    their own, with code between them or code before them (`if (…) //если он пуст, то класть
    туда можно только короля`), are separate statements, not one sentence run on (a line
    without a stop is joined to the next by the reader of paragraphs). Lines of one comment
    block, one after another, may be one sentence broken across lines and stay as they are,
    and so does a line that ends with a comma or a dash. A comment that names a condition
    opening a block (`if (!target) { // Перемещение на пустую стопку`) and a comment inside
    that block (`return v === 13; // Только Король (K)`) are one statement: a colon, not a
    stop, comes between them."""
    out: list[str | None] = list(read)
    prev: tuple[int, str, int] | None = None  # the last line with text: index, text, start
    for i, line in enumerate(read):
        words = line.strip()
        if not words:
            continue
        start = len(line) - len(line.lstrip())
        code_before = bool(_CODE_CHAR.search(lines[i][:start])) and not _MARK_AT.match(
            lines[i].lstrip()
        )
        if (
            prev is not None
            and prev[1][-1] not in _ENDED + _GOES_ON
            and i - prev[0] > 1
            and not (start >= 2 and line[start - 2] == " ")
            and _KEPT_RULE.match(words)
            and out[i - 1]
            and not (out[i - 1] or "").strip()
        ):
            # no blank before the text to hold the stop (a rule as long as its short
            # construct: Lua's `for i = 0, 6 do`): the blank line before holds it
            blank = out[i - 1] or ""
            out[i - 1] = blank[:-1] + "."
        elif (
            prev is not None
            and (
                prev[1][-1] not in _ENDED + _GOES_ON
                # a comment's colon lines up the code under it, not a rule kept lines below
                or (prev[1][-1] == ":" and i - prev[0] > 2 and _KEPT_RULE.match(words))
            )
            and (i - prev[0] > 1 or code_before or _KEPT_RULE.match(words))
            and start >= 2
            and line[start - 2] == " "
        ):
            p, said, p_start = prev
            case = (
                len(said.split()) <= 6  # a case named, not a sentence
                and _indent(lines[i]) > _indent(lines[p])
                and _TRAILING_MARK.search(lines[i][:start]) is not None  # a comment too
                and _opens_block(lines, p, p_start)
                and _inside(lines, p, i)
            )
            out[i] = line[: start - 2] + (":" if case else ".") + line[start - 1 :]
            if case:
                # one line, as the statement is one (a line alone is read as a label): the
                # line breaks between them become spaces
                pieces = [x for x in out[p : i + 1] if x is not None]
                # a comment after code begins with a break of its own (`_read_line`)
                pieces[1:] = [" " + x[1:] if x.startswith("\n") else x for x in pieces[1:]]
                joined = " ".join(pieces)
                out[p : i + 1] = [joined] + [None] * (i - p)
                prev = (p, joined.strip(), p_start)
                continue
        prev = (i, words, start)
    return [x for x in out if x is not None]
