"""Merge the witnesses of one game into one text with an apparatus of their differences.

The copy text is the witness with the most units (ties: the lower source id). Other
witnesses are aligned to the growing merged text one by one (sentences, then words): a
sentence only one witness has joins the merged text at its place (the union), a sentence
several have takes the copy text's reading (or that of the first witness that has it), and
every place where a witness reads otherwise becomes an apparatus entry. Footnote markers are
listed too, as entries of kind `annotation` (they belong to a page, not to the game's text);
word differences are of kind `variant`. Missing stretches of a scan (lacunae) are not
variants: each sentence's `spans` says which witnesses have it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.segment.align import MARKER, TOKEN, align_sequences, word_diffs, words
from pipeline.segment.model import WGame, WSection, WSentence
from pipeline.text import Span


@dataclass
class MUnit:
    """One merged sentence or heading: the readings of every witness that has it."""

    key: str
    role: str
    base: str  # witness whose reading is the lemma
    readings: dict[str, WSentence] = field(default_factory=dict)
    id: str = ""
    para: int = 0

    @property
    def lemma(self) -> WSentence:
        return self.readings[self.base]


@dataclass
class Reading:
    witnesses: list[str]
    text: str
    spans: list[Span]


@dataclass
class Entry:
    """One apparatus entry: a place in a merged sentence and what each witness reads there."""

    unit: str  # sentence (or heading) id
    kind: str  # "variant" or "annotation"
    at: tuple[int, int]  # offsets in the merged sentence text
    lemma: str
    readings: list[Reading]
    label: str | None = None


@dataclass
class Game:
    """A game merged from all its witnesses."""

    id: str
    witnesses: list[WGame]  # copy text first
    names: list[str]  # witness names, parallel to `witnesses`
    units: list[MUnit]
    sections: list[tuple[WSection, list[MUnit]]]  # section metadata and its units
    apparatus: list[Entry]

    @property
    def copy_text(self) -> WGame:
        return self.witnesses[0]


def witness_names(games: list[WGame]) -> list[str]:
    """A witness is named by its source id (`#n` added if one source holds a game twice)."""
    names: list[str] = []
    seen: dict[str, int] = {}
    for g in games:
        seen[g.source] = seen.get(g.source, 0) + 1
        names.append(g.source if seen[g.source] == 1 else f"{g.source}#{seen[g.source]}")
    return names


def _family(key: str) -> str:
    """Which sections may hold the same sentence in two scans: any rule with any rule (OCR
    misreads numbers), play with note (a scan may lack the caption between them)."""
    base = key.split("/", 1)[0].split("-", 1)[0] if not key.startswith("rules/") else "rule"
    return {"note": "play"}.get(base, base)


def _merge(units: list[MUnit], name: str, game: WGame) -> list[MUnit]:
    theirs = game.units()
    a = [words(u.lemma.text) for u in units]
    b = [words(u.text) for u in theirs]
    la = [f"{u.role}:{_family(u.key)}" for u in units]
    lb = [f"{u.role}:{_family(u.key)}" for u in theirs]
    pairs = align_sequences(a, b, lambda i, j: la[i] == lb[j], labels=(la, lb))
    out: list[MUnit] = []
    for i, j in pairs:
        if i is not None and j is not None:
            units[i].readings[name] = theirs[j]
            out.append(units[i])
        elif i is not None:
            out.append(units[i])
        elif j is not None:
            u = theirs[j]
            out.append(MUnit(key=u.key, role=u.role, base=name, readings={name: u}))
    return out


def _section_of(witnesses: dict[str, WGame], unit: MUnit) -> WSection:
    for name in [unit.base, *unit.readings]:
        sec = witnesses[name].section(unit.key) if name in witnesses else None
        if sec is not None:
            return sec
    raise AssertionError(unit.key)


def _parent(witnesses: dict[str, WGame], key: str) -> WSection:
    """The `rules` section (heading from any witness that prints it)."""
    secs = [s for w in witnesses.values() if (s := w.section(key)) is not None]
    for s in secs:
        if s.heading:
            return s
    return secs[0] if secs else WSection(kind="rules", key=key)


def _sections(game_id: str, witnesses: dict[str, WGame], units: list[MUnit]):
    order: list[str] = []
    by_key: dict[str, list[MUnit]] = {}
    for u in units:
        if u.key.startswith("rules/") and "rules" not in by_key:
            order.append("rules")
            by_key["rules"] = []
        if u.key not in by_key:
            order.append(u.key)
            by_key[u.key] = []
        by_key[u.key].append(u)
    sections = []
    for key in order:
        members = by_key[key]
        sec = _parent(witnesses, key) if key == "rules" else _section_of(witnesses, members[0])
        n, para, prev = 0, 0, None
        for u in members:
            if u.role == "heading":
                heads = sum(1 for x in members if x.role == "heading" and x.id)
                u.id = f"{game_id}/{key}/heading" + (f"-{heads + 1}" if heads else "")
                continue
            n += 1
            u.id = f"{game_id}/{key}/{n}"
            same = prev is not None and any(
                w in prev.readings and prev.readings[w].para == r.para
                for w, r in u.readings.items()
            )
            para = para if same else para + 1
            u.para = para
            prev = u
        sections.append((sec, members))
    return sections


def _span(game: WGame, sent: WSentence, a: int, b: int) -> Span:
    """Raw span of characters [a, b) of a witness's sentence text."""
    offs = sent.offsets
    if a < b:
        return game.nt.span(offs[a], offs[b - 1] + 1)
    pos = offs[a] if a < len(offs) else (offs[-1] + 1 if offs else sent.start)
    return game.nt.span(pos, pos)


def _kind(*texts: str) -> str:
    toks = [t for text in texts for t in TOKEN.findall(text)]
    return "annotation" if toks and all(MARKER.match(t) for t in toks) else "variant"


def _apparatus(unit: MUnit, witnesses: dict[str, WGame]) -> list[Entry]:
    lemma = unit.lemma
    places: dict[tuple[int, int], dict[str, tuple[str, Span]]] = {}
    for name, sent in unit.readings.items():
        if name == unit.base:
            continue
        for la, lb, oa, ob in word_diffs(lemma.text, sent.text):
            places.setdefault((la, lb), {})[name] = (
                sent.text[oa:ob],
                _span(witnesses[name], sent, oa, ob),
            )
    entries = []
    for (la, lb), differing in sorted(places.items()):
        readings: dict[str, Reading] = {}
        for name, sent in unit.readings.items():
            if name in differing:
                text, span = differing[name]
            else:
                text, span = (
                    lemma.text[la:lb],
                    _span(witnesses[name], sent, *_same(sent, la, lb, lemma)),
                )
            r = readings.setdefault(text, Reading([], text, []))
            r.witnesses.append(name)
            r.spans.append(span)
        kind = _kind(*readings)
        label = None
        if kind == "annotation":
            label = ",".join(t.strip("[]") for r in readings for t in TOKEN.findall(r))
        entries.append(
            Entry(unit.id, kind, (la, lb), lemma.text[la:lb], list(readings.values()), label)
        )
    # footnote markers the normalizer removed: present in some witnesses only (a marker the
    # text still prints is one of its words, compared above)
    marks: dict[int, dict[str, tuple[str, Span]]] = {}
    for name, sent in unit.readings.items():
        for label, at, span in sent.notes:
            if not sent.text.endswith(f"[{label}]", 0, at):
                marks.setdefault(_in_lemma(sent, at, lemma), {})[name] = (label, span)
    for at, having in sorted(marks.items()):
        if len(having) == len(unit.readings) and len({v[0] for v in having.values()}) == 1:
            continue
        readings = {}
        for name, sent in unit.readings.items():
            if name in having:
                label, span = having[name]
                text = f"[{label}]"
            else:
                pos = _witness_at(sent, at, lemma)
                text, span = "", _span(witnesses[name], sent, pos, pos)
            r = readings.setdefault(text, Reading([], text, []))
            r.witnesses.append(name)
            r.spans.append(span)
        label = having.get(unit.base, next(iter(having.values())))[0]
        entries.append(Entry(unit.id, "annotation", (at, at), "", list(readings.values()), label))
    return entries


def _in_lemma(sent: WSentence, at: int, lemma: WSentence) -> int:
    """The lemma offset of a witness's offset `at` (where a footnote marker stood)."""
    if sent is lemma or sent.text == lemma.text:
        return at
    shift = 0
    for a, b, oa, ob in word_diffs(lemma.text, sent.text):
        if ob <= at:
            shift += (ob - oa) - (b - a)
    return max(0, min(at - shift, len(lemma.text)))


def _witness_at(sent: WSentence, at: int, lemma: WSentence) -> int:
    """A witness's offset of lemma offset `at`."""
    return _same(sent, at, at, lemma)[0]


def _same(sent: WSentence, la: int, lb: int, lemma: WSentence) -> tuple[int, int]:
    """Where a lemma range lies in a witness that agrees with the lemma there."""
    if sent is lemma or sent.text == lemma.text:
        return la, lb
    # the texts differ elsewhere: locate through the word alignment
    shift = 0
    for a, b, oa, ob in word_diffs(lemma.text, sent.text):
        if b <= la:
            shift = (ob - oa) - (b - a) + shift
    return max(0, min(la + shift, len(sent.text))), max(0, min(lb + shift, len(sent.text)))


def collate(game_id: str, games: list[WGame]) -> Game:
    """One merged game from its witnesses (a single witness gives an apparatus-free game)."""
    names = witness_names(games)
    order = sorted(range(len(games)), key=lambda k: (-len(games[k].units()), games[k].source, k))
    games = [games[k] for k in order]
    names = [names[k] for k in order]
    by_name = dict(zip(names, games, strict=True))
    units = [
        MUnit(key=u.key, role=u.role, base=names[0], readings={names[0]: u})
        for u in games[0].units()
    ]
    for name, g in zip(names[1:], games[1:], strict=True):
        units = _merge(units, name, g)
    sections = _sections(game_id, by_name, units)
    apparatus = [e for u in units for e in _apparatus(u, by_name)]
    return Game(game_id, games, names, units, sections, apparatus)
