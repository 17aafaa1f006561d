"""Cut one normalized text into games and sections (title, decks, rules, play, caption, note).

A game begins at a title, at Pujol's `Пасьянс «…»` or at a deck line not preceded by a
title; a text that begins inside a game yields a game marked `starts_mid_game`, one that ends
without a closing full stop yields `stops_mid_game`. Unnumbered paragraphs after a rule
(`Масти соблюдаются.`, `Основныя карты суть: …`) belong to that rule; paragraphs after a
figure caption form the game's `note` section.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right

from pipeline.segment import finding
from pipeline.segment.finding import blocks
from pipeline.segment.fold import fold
from pipeline.segment.headings import Heading, classify, named_title, place_heading
from pipeline.segment.known import KnownGames, name_key
from pipeline.segment.model import WGame, WSection, WSentence
from pipeline.segment.rule_numbers import numeral, opening, raw_token, stands_for, value
from pipeline.segment.sentences import enumeration, split_sentences
from pipeline.text import NormalizedText, Span

_SPACE = re.compile(r"\s+")
_WORD = re.compile(r"\S+")
_LATIN_OF = "a b v g d e e zh z i i k l m n o p r s t u f kh ts ch sh shch - y - e yu ya e i f i"
_TRANSLIT = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюяѣіѳѵ", _LATIN_OF.split(" "), strict=True))
_TRANSLIT |= {"ъ": "", "ь": ""}  # signs, not sounds: мельница -> melnitsa


def _latin(key: str) -> str:
    """A folded key in Latin letters: Cyrillic transliterated, Latin letters without their
    accents (`Café` → `cafe`, `Straße` → `strasse`); other scripts drop out."""
    out = "".join(_TRANSLIT.get(c, c) for c in key.casefold())
    return "".join(c for c in unicodedata.normalize("NFD", out) if not unicodedata.combining(c))


_OLD_ENDING = re.compile(r"\w{2,}(?:ыя|ия|аго|яго)\b")


def _modern_ending(m: re.Match) -> str:
    """An adjective's pre-reform ending as today's (красныя → красные, играющаго →
    играющего), where the dictionary knows the new word and not the old one (линия, Чикаго
    stay)."""
    from pipeline.normalize.lexicon import morph

    word = m.group()
    if word.endswith(("ыя", "ия")):
        cands = [word[:-1] + "е"]
    else:
        cands = [word[:-3] + e for e in (("ого", "его") if word[-3] == "а" else ("его",))]
    an = morph()
    if an.word_is_known(word):
        return word
    for cand in cands:
        if an.word_is_known(cand) and any(p.tag.POS in ("ADJF", "PRTF") for p in an.parse(cand)):
            return cand
    return word


def slug(name: str) -> str:
    """A Latin id for a title the known-games table does not list («Пасьянс «Паук»» is
    `pauk`: the word for patience names no game; `Паук (Spider)` is `pauk` too). A
    pre-reform title gives the id of its modern spelling («Красныя и черныя» is
    `krasnye-i-chernye`, as «Красные и черные»): one game, one id, whatever the spelling."""
    key = re.sub(r"^(?:онлайн[-\s]?)?пасьянс\w*\s+(?=\S)", "", fold(name).strip())
    key = _OLD_ENDING.sub(_modern_ending, key)
    # `Паук (Spider Solitaire)`: a translation in brackets is no part of the id
    key = re.sub(r"\s*\([^()а-яё]*[a-z][^()а-яё]*\)", "", key).strip() or key
    out = _latin(key)
    out = re.sub(r"[^a-z0-9]+", "-", out.replace("-", " ")).strip("-")
    return _short(out, MAX_SLUG) or "game"


# An id is at most 64 characters (the spec's rule); a title's slug leaves room for the
# `-2` of a second game of one name, a source's for `untitled-` and a game's number.
MAX_SLUG = 56
MAX_SOURCE_SLUG = 40


def _short(out: str, limit: int) -> str:
    """A slug cut to `limit` characters at a word's end (a sentence read as a title, in
    capitals, makes a long one)."""
    if len(out) <= limit:
        return out
    cut = out[: limit + 1].rsplit("-", 1)[0]
    return (cut if len(cut) >= limit // 2 else out[:limit]).strip("-")


def source_slug(source: str) -> str:
    """A source id (a file name without its suffix) as a slug, whatever its case and script:
    `A4` → `a4`, `ШАХЪ` → `shakh`, `000_81fd…` (a scan and its hash) → `000`."""
    head = source.split("_")[0] or source
    out = _latin(fold(head))
    return _short(re.sub(r"[^a-z0-9]+", "-", out).strip("-"), MAX_SOURCE_SLUG) or "text"


class _Builder:
    """Walks the paragraphs of one witness and builds its games."""

    def __init__(
        self, nt: NormalizedText, file: str, known: KnownGames, program: bool = False
    ) -> None:
        self.nt = nt
        self.program = program  # the text is the Russian text of program source
        self.file = file
        self.known = known
        self.games: list[WGame] = []
        self.game: WGame | None = None
        self.section: WSection | None = None
        self.after_caption = False
        self.packs: dict[int, tuple[int | None, int | None]] = {}  # game -> packs it states
        self.pars: list[tuple[int, int, str]] = []  # (start, end, text) of each paragraph
        # a heading naming a place (`Основание`), kept as the first sentence of the entry
        # under it, whose opening count of piles is that place's (`extract.entries`)
        self.entry_head: tuple[int, int] | None = None

    # -- units ---------------------------------------------------------------------------
    def unit(self, key: str, para: int, s: int, e: int, role: str = "sentence") -> WSentence:
        # whitespace runs collapse to one space; keep each character's clean offset
        seg = self.nt.text[s:e]
        if " ".join(seg.split()) == seg:  # nothing to collapse: each offset is its own
            return WSentence(
                key=key,
                para=para,
                text=seg,
                modern=self.modern(s, e),
                start=s,
                end=e,
                offsets=list(range(s, e)),
                role=role,
            )
        pieces: list[str] = []
        offsets: list[int] = []
        for m in _WORD.finditer(self.nt.text, s, e):
            if pieces:
                pieces.append(" ")
                offsets.append(offsets[-1] + 1)
            pieces.append(m.group())
            offsets.extend(range(m.start(), m.end()))
        return WSentence(
            key=key,
            para=para,
            text="".join(pieces),
            modern=self.modern(s, e),
            start=s,
            end=e,
            offsets=offsets,
            role=role,
        )

    def units(self, key: str, para: int, s: int, e: int) -> list[WSentence]:
        """The sentence [s, e) as the units it is read as: itself, or, when it lists more
        places for its first clause's verb after `;` (`sentences.enumeration`), one unit per
        clause, each later one its head and its item (two ranges, every character keeping
        its clean offset; the unit's span is the whole sentence's)."""
        clauses = enumeration(self.nt.text, s, e)
        if clauses is None:
            return [self.unit(key, para, s, e)]
        out = []
        for ranges in clauses:
            parts = [self.unit(key, para, a, b) for a, b in ranges]
            text = " ".join(p.text for p in parts)
            offsets: list[int] = []
            for i, p in enumerate(parts):
                if i:
                    offsets.append(offsets[-1] + 1)
                offsets.extend(p.offsets)
            modern = " ".join(p.modern for p in parts if p.modern)
            out.append(
                WSentence(
                    key=key, para=para, text=text, modern=modern, start=s, end=e, offsets=offsets
                )
            )
        return out

    def modern(self, s: int, e: int) -> str:
        """The modern projection of clean range [s, e), found through the raw text."""
        a, b = self.nt.text_map.raw_span(s, e)
        mm = self.nt.modern_map
        ms = bisect_left(mm.starts, a)
        me = bisect_right(mm.ends, b)
        return " ".join(self.nt.modern[ms:me].split()) if me > ms else ""

    def other_packs(self, a: int, b: int, par: int = -1) -> bool:
        """Whether the sentence [a, b) opens another game: it begins by stating packs that
        differ from those the game being read has stated (`…колодой из 32 карт` and then
        `Из двух полных колод выкладывают 8 карт…`: two games run together without a title).
        Notes the packs the sentence states for the game."""
        text = self.nt.text[a:b]
        pack = finding.pack_of(text)
        if self.game is None:
            return False
        if pack is None:
            return self.broken_before(a, par) and finding.opens_game(text)
        said = self.packs.get(id(self.game))
        if said is not None and finding.packs_differ(said, pack) and finding.opens_pack(text):
            return True
        named = finding.named_opening(text)
        other = named and not self.same_name(named) and (said is not None or a == par)
        if other and self.play_sentences() >= 2:
            return True  # `Пасьянс "реглан" раскладывается…` after another game's rules
        if self.broken_before(a, par) and finding.opens_game(text):
            return True  # `…кладут над маг Из двух полных колод…`: excerpts run together
        self.packs[id(self.game)] = (
            pack if said is None else (said[0] or pack[0], said[1] or pack[1])
        )
        return False

    def broken_before(self, a: int, par: int) -> bool:
        """Whether the sentence before clean offset `a`, in the same paragraph (which begins at
        `par`) and in the game being read, breaks off inside a word (`…кладут над маг`): an
        excerpt cut short, as an SEO page runs them together. The game must have stated rules
        already."""
        text = self.nt.text
        i = a
        while i > par and text[i - 1] in " \u00a0":
            i -= 1
        if i <= par or i == a or not text[i - 1].isalpha() or self.game is None:
            return False
        return self.play_sentences() >= 2

    def play_sentences(self) -> int:
        """Sentences of the current game's play so far."""
        game = self.game
        return (
            0 if game is None else sum(len(x.sentences) for x in game.sections if x.kind == "play")
        )

    def names_current(self, name: str) -> bool:
        """Whether `name` names the titled game being read, spelt with or without the word
        for patience and quotes (`Пасьянс «Паук»` after `Пасьянс Паук`)."""
        game = self.game
        return game is not None and bool(game.title) and slug(name) == slug(game.title or "")

    def current_play(self) -> WSection:
        """The play section of the game being read, its last one or a new one."""
        game = self.current
        plays = [x for x in game.sections if x.kind == "play"]
        return plays[-1] if plays else self.new_section("play")

    def same_name(self, name: str) -> bool:
        """Whether `name` is the current game's title or part of it (or it of `name`)."""
        title = self.game.title if self.game is not None else None
        if not title:
            return False
        a, b = name_key(name), name_key(title)
        return a in b or b in a

    def open_entry(self, section: WSection, para: int) -> None:
        """The kept heading naming a place (`entry_head`), if any, as the first sentence of
        the entry under it, in `section`'s paragraph `para`."""
        if self.entry_head is not None:
            section.sentences.extend(self.units(section.key, para, *self.entry_head))
            self.entry_head = None

    def add_sentences(self, section: WSection, s: int, e: int, skip: int = 0) -> None:
        para = 1 + len({x.para for x in section.sentences})
        self.open_entry(section, para)
        for a, b in split_sentences(self.nt.text, s, e)[skip:]:
            if finding.furniture_sentence(self.nt.text[a:b]):
                continue  # set aside: never read as a rule
            if section.kind == "play" and self.other_packs(a, b, s):
                section, para = self.play_from(a, b, new_game=True), 1
            section.sentences.extend(self.units(section.key, para, a, b))

    def play_from(self, a: int, b: int, *, new_game: bool = False) -> WSection:
        """A play section opened at the sentence [a, b) (in a new game of its own where the
        sentence opens one, `other_packs`), with the packs the sentence states noted."""
        if new_game:
            self.new_game(a)
        section = self.section = self.new_section("play")
        self.other_packs(a, b)
        return section

    # -- games and sections ---------------------------------------------------------------
    @property
    def current(self) -> WGame:
        """The game being read (`new_game` and `ensure_game` start one)."""
        assert self.game is not None, "no game started"
        return self.game

    def new_game(self, start: int, *, mid: bool = False) -> WGame:
        if self.game is not None:
            self.close(final=False)
        self.game = WGame(
            nt=self.nt,
            file=self.file,
            index=len(self.games) + 1,
            start=start,
            starts_mid_game=mid,
        )
        self.games.append(self.game)
        self.section = None
        self.after_caption = False
        return self.game

    def ensure_game(self, start: int) -> WGame:
        return self.game if self.game is not None else self.new_game(start, mid=True)

    def new_section(self, kind: str, key: str | None = None, **fields) -> WSection:
        game = self.game
        assert game is not None
        key = key or kind
        base, n = key, 2
        while game.section(key) is not None:
            key, n = f"{base}-{n}", n + 1
        sec = WSection(kind=kind, key=key, **fields)
        game.sections.append(sec)
        return sec

    def line_section(self, kind: str, s: int, e: int, **fields) -> WSection:
        """A section that is one printed line (title, deck line, caption): a sentence too."""
        sec = self.new_section(kind, heading=_SPACE.sub(" ", self.nt.text[s:e]), **fields)
        sec.sentences.append(self.unit(sec.key, 1, s, e))
        return sec

    def has(self, *kinds: str) -> bool:
        return self.game is not None and any(x.kind in kinds for x in self.game.sections)

    @staticmethod
    def labels(kinds: list[Heading]) -> None:
        """In program source, headings right under a heading, with no text between them, are
        the labels of its interface (`ПИРАМИДА 13`, then the buttons `ПЕРЕТАСОВАТЬ`, `НОВАЯ
        РАЗДАЧА`): furniture, the first heading kept."""
        under = False
        for i, k in enumerate(kinds):
            if k.kind == "furniture":
                continue
            if k.kind == "title" and under:
                kinds[i] = Heading("furniture")
            under = k.kind == "title"

    def run(self) -> list[WGame]:
        text = self.nt.text
        self.last_end = 0
        pars = [
            (s, e, self.cased(s, e))
            for s, e in finding.paragraphs(self.nt, blocks(text), program=self.program)
        ]
        self.pars = pars
        running = finding.running_heads(self.nt, [(s, e) for s, e, _ in pars])
        kinds = [
            Heading("furniture")
            if i in running
            or finding.is_furniture(finding.untagged(par))
            or finding.links_line(par)
            else classify(par, self.known)
            for i, (_, _, par) in enumerate(pars)
        ]
        for i, k in enumerate(kinds):
            if k.kind != "rules" or pars[i][2].rstrip().endswith("."):
                continue
            nxt = next((x.kind for x in kinds[i + 1 :] if x.kind != "furniture"), None)
            if nxt != "rule":
                kinds[i] = Heading("furniture")  # a web page's «Правила» over running text
        names: dict[int, str] = {}
        # whether each paragraph stood on the line right after the one before it
        next_line = [
            i > 0 and text.count("\n", pars[i - 1][1], pars[i][0]) <= 1 for i in range(len(pars))
        ]
        lines = finding.roles(
            [p for _, _, p in pars],
            [k.kind for k in kinds],
            self.known,
            program=self.program,
            next_line=next_line,
            labels=[text.startswith(":", e) for _, e, _ in pars],
        )
        entries = {i for i, line in enumerate(lines) if line.entry}
        for i, line in enumerate(lines):
            if line.kind in ("furniture", "subheading"):
                kinds[i] = Heading("furniture")
            elif line.kind == "title":
                kinds[i] = Heading("title")
                names[i] = line.title or pars[i][2]
        if self.program:
            self.labels(kinds)
        else:
            self.renumber(pars, kinds, names)
        kinds_after = [*[k.kind for k in kinds if k.kind != "furniture"][1:], ""]
        following = iter(kinds_after)
        rules_head = False  # the paragraph before is a rules subheading («Правила пасьянса»)
        for i, ((s, e, par), h) in enumerate(zip(pars, kinds, strict=True)):
            if h.kind == "furniture":
                self.entry_head = (s, e) if place_heading(par) else None
                heads = finding.rules_heading(par)
                intro = self.section is not None and self.section.kind == "intro"
                if intro and heads:
                    self.section = None  # «Правила»: what follows is the game's play
                rules_head = rules_head or heads
                continue
            after = next(following)
            if h.kind != "body":
                self.entry_head = None  # only running text under it is its entry
            first_rule = rules_head and h.kind == "rule" and h.number == "I"
            rules_head = False
            if h.kind == "caption" and (
                after in ("decks", "rules") or (self.untitled_play() and self.opens_next(i, kinds))
            ):
                h = Heading("title")  # a name heading the next game
            if (
                h.kind == "title"
                and i not in entries
                and ((i in names and self.bare()) or self.repeats_title(names.get(i, par)))
            ):
                continue  # a page's heading is its first title-like line; labels follow it
            if h.kind == "title":
                self.new_game(s)
                self.line_section("title", s, e)
                title = names.get(i, par).rstrip(". ")
                self.current.title = finding.game_name(title) or title
            elif h.kind == "named" and self.names_current(named_title(par) or par):
                # `Пасьянс Паук — это…`, then `Пасьянс «Паук» играется…`: the same game
                self.section = self.current_play()
                self.add_sentences(self.section, s, e)
            elif h.kind == "named":
                self.new_game(s)
                title = named_title(par) or par
                sents = split_sentences(text, s, e)
                if len(sents) > 1 and finding.entry_number(text[sents[0][0] : sents[1][1]]):
                    sents = sents[1:]  # `1. Пасьянс «Часы». …`: the entry's number
                a, b = sents[0]
                self.line_section("title", a, b)
                self.current.title = title
                if len(sents) > 1:
                    self.section = self.new_section("play")
                    self.add_sentences(self.section, sents[1][0], e)
            elif h.kind == "decks":
                if self.game is None or self.has("decks", "rules", "rule", "play", "note"):
                    self.new_game(s)
                self.line_section("decks", s, e, decks=h.decks)
                self.section = None
            elif h.kind == "rules":
                if self.has("play"):
                    self.new_game(s)
                self.ensure_game(s)
                self.section = self.new_section("rules", heading=par)
                self.section.heading_unit = self.unit(self.section.key, 0, s, e, role="heading")
            elif h.kind == "rule":
                # the first rule under a rules subheading continues the game above it (a page's
                # labels, «Правила пасьянса», then `1. …`)
                # program source's steps numbered in its comments (`// 1. Раздаем карты`)
                # go on with the untitled game its comments before began
                steps = self.program and self.untitled_play()
                if (self.has("play") and not first_rule and not steps) or (
                    self.game is not None and self.game.section(f"rules/{h.number}") is not None
                ):
                    # rules again after the play, or a number seen before: another game's
                    # text (its title is not in the scan); a figure between rules is not
                    self.new_game(s, mid=True)
                game = self.ensure_game(s)
                if game.section("rules") is None:
                    self.new_section("rules")
                self.section = self.new_section("rule", f"rules/{h.number}", number=h.number)
                body = s + len(text[s:e]) - len(text[s:e].lstrip()) + h.body_start
                self.add_sentences(self.section, body, e)
            elif h.kind == "play":
                if self.has("play"):
                    self.new_game(s, mid=True)
                self.ensure_game(s)
                self.section = self.new_section("play", heading=par)
                self.section.heading_unit = self.unit(self.section.key, 0, s, e, role="heading")
                self.after_caption = False
            elif h.kind == "caption" and not self.is_caption(par):
                # another game's name alone on a line: that game's title, in lower case
                self.new_game(s)
                self.line_section("title", s, e)
                self.current.title = par.rstrip(". ")
            elif h.kind == "caption":
                # a figure inside the rules interrupts a rule, which then goes on; after the
                # play has begun, what follows the figure is the closing note
                self.ensure_game(s)
                resume = None if self.has("play") else self.section
                self.line_section("caption", s, e)
                self.current.caption = par.rstrip(". ")
                self.section = resume
                self.after_caption = resume is None
            else:
                self.ensure_game(s)
                if self.section is None and not self.after_caption and self.bare():
                    self.section = self.new_section("intro")
                if self.section is None:
                    kind = "note" if self.after_caption else "play"
                    self.section = self.new_section(kind)
                if self.section.kind == "intro":
                    self.prose(s, e)
                else:
                    self.add_sentences(self.section, s, e)
            self.last_end = e
        if self.game is not None:
            self.close(final=True)
        return self.games

    def renumber(
        self, pars: list[tuple[int, int, str]], kinds: list[Heading], names: dict[int, str]
    ) -> None:
        """Rule numbers the scan misread (`rule_numbers`), read as the rules they are where a
        game's rules run and the next number is expected: after a rule, or after «Правила»."""
        last: str | None = None  # the rule before ("" after a rules heading), while rules run
        seen: set[str] = set()
        for i, (s, e, par) in enumerate(pars):
            h = kinds[i]
            if h.kind == "furniture":
                continue
            expected = None if last is None else numeral(value(last) + 1 if last else 1)
            again = h.kind == "rule" and h.number in seen  # `І.` for `II.`: a number seen
            if expected and (h.kind in ("title", "body") or again):
                got = opening(par, self.cut_before(i, pars, kinds))
                a, b = self.nt.text_map.raw_span(s, e)
                raw = raw_token(self.nt.raw[a:b])
                if got and (stands_for(got[0], expected) or (raw and stands_for(raw, expected))):
                    h = kinds[i] = Heading("rule", number=expected, body_start=got[1])
                    names.pop(i, None)
            if h.kind == "rule" and h.number:
                last = h.number
                seen.add(h.number)
            elif h.kind == "rules":
                last, seen = "", set()
            elif h.kind != "body":
                last, seen = None, set()

    def cut_before(
        self, i: int, pars: list[tuple[int, int, str]], kinds: list[Heading]
    ) -> str | None:
        """The next paragraph, when it is running text that goes on the same line as
        paragraph `i` after a full stop (the finder cut a title run into it), else None."""
        if i + 1 >= len(pars) or kinds[i + 1].kind != "body":
            return None
        between = self.nt.text[pars[i][1] : pars[i + 1][0]]
        return pars[i + 1][2] if between.strip() in ("", ".") and "\n" not in between else None

    def cased(self, s: int, e: int) -> str:
        """The paragraph [s, e), whitespace collapsed; a short one with each word in the case
        the source printed it: pre-reform normalization lowers a capital it finds inside a
        sentence, and a title line run into menu lines (`Пасьянсы⏎СКАЗОЧНАЯ КОРОЛЕВА`) is one
        to it, but a title to game finding."""
        par = _SPACE.sub(" ", self.nt.text[s:e])
        if len(par) > 80:
            return par
        a, b = self.nt.text_map.raw_span(s, e)
        raw = self.nt.raw[a:b].split()
        words = par.split(" ")
        if len(raw) != len(words):
            return par
        out = []
        for w, r in zip(words, raw, strict=True):
            if w.lower().rstrip("ъ") != r.lower().rstrip("ъ") or w[:1].isupper():
                out.append(w)
            elif r.isupper() and len(r) > 1:
                out.append(w.upper())
            elif r[:1].isupper():
                out.append(w[:1].upper() + w[1:])
            else:
                out.append(w)
        return " ".join(out)

    def untitled_play(self) -> bool:
        """The game being read has no title or caption and has begun its play (a page that
        begins inside a game)."""
        game = self.game
        return game is not None and not game.title and not game.caption and self.has("play")

    def opens_next(self, i: int, kinds: list[Heading]) -> bool:
        """Whether the running text after paragraph `i` opens a game with its packs
        (`Пасьянс раскладывается одной колодой…`): then a known name on line `i` after the
        play of an untitled game (a page that began inside it) is the new game's title, not
        that game's figure caption."""
        j = next((k for k in range(i + 1, len(kinds)) if kinds[k].kind != "furniture"), None)
        if j is None or kinds[j].kind != "body":
            return False
        s, e, _ = self.pars[j]
        first = split_sentences(self.nt.text, s, e)[:1]
        if not first:
            return False
        sentence = self.nt.text[first[0][0] : first[0][1]]
        return finding.pack_of(sentence) is not None and finding.opens_game(sentence)

    def bare(self) -> bool:
        """A titled game with nothing but its title so far: its text may open with an
        introduction (a text that begins inside a game goes on with that game's play)."""
        game = self.game
        return (
            game is not None
            and game.title is not None
            and all(x.kind == "title" for x in game.sections)
        )

    def repeats_title(self, name: str) -> bool:
        """The current game's own name again, with nothing of the game between, or with only
        the line that named it and stated its packs (a comment `Паук (Spider): 2 колоды…`,
        then the program's string `Паук (1 масть)`): one game named twice."""
        game = self.game
        if game is None or not game.title:
            return False
        if self.bare():
            return name_key(game.title) == name_key(name)
        if self.play_sentences() > 1:
            return False
        if slug(name) == slug(game.title):
            return True
        # `Паук (Spider)`, then `Паук (1 масть)`: a name given with its translation, then the
        # same name with its variant; `Паук (1 масть)` then `Паук (2 масти)` are two games
        translated = re.search(r"\([^()А-Яа-яЁё]*[A-Za-z][^()А-Яа-яЁё]*\)", game.title)
        return bool(translated) and slug(name).startswith(slug(game.title) + "-")

    def prose(self, s: int, e: int) -> None:
        """Running text of a game that has no structure yet: the sentences before the first
        that states a rule are its introduction (kept, never read as rules); from that one
        on, its play."""
        intro = self.section
        assert intro is not None, "prose outside a section"
        game = self.current  # the intro's game (another may begin inside the prose)
        section = intro
        para = 1 + len({x.para for x in intro.sentences})
        for a, b in split_sentences(self.nt.text, s, e):
            if finding.furniture_sentence(self.nt.text[a:b]):
                continue  # set aside: never read as a rule
            if section is intro and finding.rule_sentence(self.nt.text[a:b]):
                section, para = self.play_from(a, b), 1
            elif section is not intro and self.other_packs(a, b, s):
                section, para = self.play_from(a, b, new_game=True), 1
            if section is not intro:
                # `Резервы` ⏎ `Четыре стопки слева. …`: the heading opens its entry's play
                self.open_entry(section, para)
            self.entry_head = None
            section.sentences.extend(self.units(section.key, para, a, b))
        if not intro.sentences:
            game.sections.remove(intro)

    def close(self, *, final: bool) -> None:
        """End the current game; it stops mid-game if its last paragraph breaks off (or, at
        the end of the text, if it never reached its play)."""
        game = self.current
        game.end = max(self.last_end, game.start)
        tail = self.nt.text[game.start : game.end].rstrip()
        if not tail or tail[-1] not in ".!?…»)" or (final and not self.has("play", "note")):
            game.stops_mid_game = True

    def is_caption(self, par: str) -> bool:
        """A known game's name alone on a line is a figure caption — at the very start of a
        text too (a scan that begins at a figure) — unless it names another game than the
        current one's title or caption (then it is that game's title)."""
        game = self.game
        if game is None:
            return True
        this = self.known.by_name(par)
        for name in (game.title, game.caption):
            if name is not None:
                other = self.known.by_name(name)
                if other is not this and name_key(name) != name_key(par):
                    return False  # `Часы` after a game titled `Малая косынка 2`
        return True


def resolve_id(game: WGame, known: KnownGames) -> None:
    """Give a game its id, name, book and provisional flag (see grammar/games.yaml)."""
    entry, how = None, ""
    if game.title:
        entry, how = known.by_name(game.title), "title"
        if entry is None and game.title.startswith(("Пасьянс", "ПАСЬЯНС")):
            inner = game.title.split("«", 1)[-1].rstrip("»")
            entry = known.by_name(inner)
    if not game.title and not game.caption:
        # the sentence that first states the packs, when it names its game
        said = (u.text for u in game.units() if finding.pack_of(u.text) is not None)
        first = next(said, None)
        named = finding.named_opening(first) if first is not None else None
        if named:
            game.title = named  # `Пасьянс "реглан" раскладывается…`: the text names its game
            entry, how = known.by_name(named), "title"
        else:
            # `Это игра "Пасьянс Паук" или Spider Solitaire.`: a sentence naming its game
            named = next(
                filter(None, (finding.named_in_text(u.text) for u in game.units()[:3])), None
            )
            if named:
                game.title = named
                entry, how = known.by_name(named), "text"
    if entry is None and game.caption:
        entry, how = known.by_name(game.caption), "caption"
    if entry is None and not game.title and not game.caption:
        body = " ".join(u.text for u in game.units())
        entry, how = known.by_markers(fold(body)), "markers"
    if entry is not None:
        game.id, game.id_from, game.name = entry.id, how, entry.name
        game.book = entry.book
        game.provisional = entry.provisional or how == "markers"
    elif game.title:
        game.id, game.id_from, game.name = slug(game.title), how or "title", game.title
    else:
        game.id, game.id_from = f"untitled-{source_slug(game.source)}-{game.index}", "none"
        game.provisional = True
    if game.book is None:
        for f in game.nt.furniture:
            game.book = known.book_of_header(f.text)
            if game.book:
                break
        else:
            head = game.nt.text[:200].split("\n", 1)[0]
            game.book = known.book_of_header(head)


def attach_annotations(games: list[WGame]) -> None:
    """Anchor each footnote marker the normalizer removed to the sentence it stood in."""
    for game in games:
        units = game.units()
        for ann in game.nt.annotations:
            for u in units:
                if u.start <= ann.offset <= u.end:
                    at = bisect_left(u.offsets, ann.offset)
                    u.notes.append(
                        (ann.label, at, Span(game.source, *game.nt.given(ann.start, ann.end)))
                    )
                    break


def whole_game(
    nt: NormalizedText,
    file: str,
    known: KnownGames,
    minimum: int = finding.UNTITLED_RULES,
    until: int | None = None,
    *,
    program: bool = False,
    rules: list[tuple[int, int]] | None = None,
) -> WGame | None:
    """The text as one untitled game, from its first sentence that states a rule to its last
    (`finding.stated_rules`), or None when it states too few: what is read when no stretch
    of the text is a game alone but the text as a whole plainly states rules (short
    sections under headings, rules on lines that read as headings). Furniture and heading
    lines between them that state no rule are left out. `until`: read on to that offset (the
    sentences after a lone rule sentence that say the rest of it); `program`: program
    source, whose code may state its rules (`finding.program_states_rules`); `rules`: the
    sentences that state rules, where the caller weighed them (a short text's firm evidence
    of a rule: `game_finding._firm_rules`)."""
    rules = rules or finding.stated_rules(nt, minimum, program=program)
    if not rules:
        return None
    first, last = rules[0][0], max(rules[-1][1], until or 0)
    b = _Builder(nt, file, known)
    game = b.new_game(first)
    play = b.new_section("play")
    para = 0
    for s, e in finding.paragraphs(nt, blocks(nt.text)):
        if e <= first or s >= last or finding.is_breadcrumb(nt.text[s:e]):
            continue
        para += 1
        for x, y in split_sentences(nt.text, s, e):
            sentence = nt.text[x:y]
            rule = finding.rule_sentence(sentence)
            if not rule and (y <= first or x >= last):
                continue  # the talk before the first rule and after the last
            furniture = finding.is_furniture(sentence) or finding.furniture_sentence(sentence)
            heading = finding.title_like(sentence) or finding.is_subheading(sentence)
            if (furniture or heading) and not rule:
                continue
            play.sentences.extend(b.units(play.key, para, x, y))
    if not play.sentences:
        return None
    game.start, b.last_end = play.sentences[0].start, max(last, play.sentences[-1].end)
    b.close(final=True)
    resolve_id(game, known)
    attach_annotations([game])
    return game


def segment(
    nt: NormalizedText, file: str, known: KnownGames, *, program: bool = False
) -> list[WGame]:
    """The games of one normalized witness, ids resolved, annotations attached; `program`:
    the witness is the Russian text of program source (`code.reading_text`)."""
    games = _Builder(nt, file, known, program).run()
    for g in games:
        resolve_id(g, known)
    attach_annotations(games)
    return games
