"""`normalize()`: raw OCR text -> clean text, modern projection, changes, offset maps.

Stages, each an edit list on the previous text with its map composed back to the raw input:
cleanup (Unicode) -> layout (paragraphs, furniture, footnotes, joins) -> words (letters and
OCR corrections) -> modern projection.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pipeline.normalize import cleanup, layout
from pipeline.normalize.confusions import ConfusionTable, shipped_table
from pipeline.normalize.correct import WORD, Corrector, Edit
from pipeline.normalize.glyphs import glyph_edits
from pipeline.normalize.lexicon import Lexicon, lexicon
from pipeline.normalize.numerals import numeral_edits
from pipeline.normalize.offsets import SegmentMap, apply_edits, fine_edit
from pipeline.normalize.orthography import detect
from pipeline.text import (
    Annotation,
    Change,
    Furniture,
    NormalizedText,
    Orthography,
    RecodeMap,
    chained,
)


def orthography_of(text: str) -> Orthography:
    """The text's orthography, its evidence judged by both lexicons (`orthography.detect`):
    a whole text and each of its blocks must be judged alike."""
    return detect(text, lexicon(False).known_modern, lexicon(True).known)


def _furniture_kind(book: str | None) -> str:
    return "running-header" if book else "page-number"


# what may stand before a line's first word: openers, and specks glued to it (`тасовавши)
_LINE_OPENERS = " \t\u00a0«„“\"'([`‘’´·.,"


def line_starts(raw: str, tmap: SegmentMap) -> Callable[[int], bool]:
    """Whether the word at a position of the mapped text began a line of `raw` (only
    openers such as «, or specks, before it): in modern text such a word may begin a sentence, so a
    capital there does not make it a name (`Corrector`)."""

    def at(pos: int) -> bool:
        i = tmap.raw_span(pos, pos + 1)[0]
        while i > 0 and raw[i - 1] in _LINE_OPENERS:
            i -= 1
        return i == 0 or raw[i - 1] == "\n"

    return at


SHORT_LINE = 0.6  # a line shorter than this share of the page's median line ends its paragraph


def after_short_lines(raw: str, tmap: SegmentMap) -> Callable[[int], bool]:
    """Whether the word at a position of the mapped text began a line of `raw` that follows
    a blank line or a short one (under `SHORT_LINE` of the page's median line): a line a
    paragraph, heading or menu item ended, so its first word opens one, whatever stop the
    engine lost before it; a capital there is the print's (`Corrector._case`)."""
    lines = sorted(len(x.strip()) for x in raw.split("\n") if x.strip())
    full = lines[len(lines) // 2] if lines else 0

    def at(pos: int) -> bool:
        i = tmap.raw_span(pos, pos + 1)[0]
        while i > 0 and raw[i - 1] in _LINE_OPENERS:
            i -= 1
        if i == 0 or raw[i - 1] != "\n":
            return False
        j = raw.rfind("\n", 0, i - 1)
        prev = raw[j + 1 : i - 1].strip()
        return not prev or len(prev) < SHORT_LINE * full

    return at


def project_modern(text: str, tmap: SegmentMap, lex: Lexicon) -> tuple[str, SegmentMap]:
    """The 1918-reform projection of a pre-reform clean text, mapped to the raw text."""
    edits: list[tuple[int, int, str]] = []
    modern = lex.modern
    # per unique word: None, or its edit relative to the word (prefix kept, suffix kept, new)
    cache: dict[str, tuple[int, int, str] | None] = {}
    append = edits.append
    for m in WORD.finditer(text):
        w = m.group()
        if w in cache:
            rel = cache[w]
        else:
            r = modern(w)
            fe = fine_edit(0, w, r)
            rel = cache[w] = (fe[0][0], len(w) - fe[0][1], fe[0][2]) if fe else None
        if rel is not None:
            append((m.start() + rel[0], m.end() - rel[1], rel[2]))
    return apply_edits(text, edits, tmap)


# how many times the signs are read again after their repairs
MAX_GLYPH_ROUNDS = 3
# how many times the words around a split are decided again with the split in place
MAX_RECHECKS = 2
# edits that change which words stand next to which, or what stands between them
_REGROUPING = frozenset({"split", "merge", "punct", "speck"})


def _apply_char_edits(
    text: str,
    tmap: SegmentMap,
    raw: str,
    edits: list[tuple[int, int, str]],
    changes: list[Change],
) -> tuple[str, SegmentMap]:
    for s, e, rep in sorted(edits):
        rs, re_ = tmap.raw_span(s, e)
        changes.append(Change(rs, re_, raw[rs:re_], rep, "char", 1.0, True))
    return apply_edits(text, sorted(edits), tmap)


def _words_in(s: str) -> int:
    return len(WORD.findall(s))


def _apply_word_edits(
    text: str,
    tmap: SegmentMap,
    raw: str,
    word_edits: list[Edit],
    changes: list[Change],
    recheck: bool = False,
) -> tuple[str, SegmentMap, list[tuple[int, int]]]:
    """Apply the corrector's edits to `text` and record them in `changes`; return the new
    text, its map, and the windows of the new text that a split of one word into several
    opened (the split's words and one word either side).

    A word is decided in the context of the words around it as printed: where a run-together
    word is split, its halves and its neighbours never saw each other (пиковогопомощью: the
    adjective's agreement with помощью; `. играигра`: a stop before a small letter). The
    caller decides those windows again on the new text, so that a second pass over the
    output finds nothing left to change; a recheck (`recheck`) records no change twice."""
    applied: list[tuple[int, int, str]] = []
    split_at: list[tuple[int, int]] = []  # the split's span in `text`
    seen = {(c.start, c.end, c.corr, c.kind) for c in changes} if recheck else set()
    last_end = -1
    for ed in sorted(word_edits, key=lambda x: (x.start, -x.end, not x.applied)):
        rs, re_ = tmap.raw_span(ed.start, ed.end)
        if ed.applied:
            if ed.start < last_end:
                continue  # inside a merge already applied
            old = text[ed.start : ed.end]
            applied.extend(fine_edit(ed.start, old, ed.new))
            last_end = ed.end
            if ed.kind in _REGROUPING or _words_in(ed.new) != _words_in(old):
                split_at.append((ed.start, ed.end))
        key = (rs, re_, ed.new, ed.kind)
        if key in seen:
            continue
        changes.append(
            Change(rs, re_, raw[rs:re_], ed.new, ed.kind, round(ed.confidence, 3), ed.applied)
        )
    new_text, new_map = apply_edits(text, applied, tmap)
    windows = []
    for s, e in split_at:
        ns, ne = _shifted(s, applied, False), _shifted(e, applied, True)
        before = [m for m in WORD.finditer(new_text, 0, ns)]
        after = WORD.search(new_text, ne)
        windows.append(
            (before[-1].start() if before else ns, after.end() if after else len(new_text))
        )
    return new_text, new_map, windows


def _shifted(pos: int, edits: list[tuple[int, int, str]], end: bool) -> int:
    """`pos` of the text before `edits` (sorted, disjoint) in the text after them."""
    delta = 0
    for s, e, rep in edits:
        if e < pos or (e == pos and (end or s < e)):
            delta += len(rep) - (e - s)
        else:
            break
    return pos + delta


def _in_windows(ed: Edit, windows: list[tuple[int, int]]) -> bool:
    return any(ed.start < b and a < ed.end for a, b in windows)


def normalize(
    raw: str,
    source: str = "-",
    *,
    confusions: ConfusionTable | None = None,
    orthography: Orthography | None = None,
    blank_lines: bool | None = None,
    word_confidences: Sequence[tuple[int, int, float]] | None = None,
    recode: RecodeMap | None = None,
    lost_breaks: Sequence[int] | None = None,
) -> NormalizedText:
    """Clean `raw` into its own orthography plus a modern projection; see the package doc.

    `confusions` replaces the shipped confusion table (hold-out evaluation); `orthography`
    overrides the detection and `blank_lines` the layout mode (a block of a longer text takes
    the whole text's verdicts, see `layout.analyse`). `word_confidences` are the OCR
    engine's (start, end, confidence 0-100) for words of `raw` (Tesseract's TSV `conf`):
    a printed form the engine doubted is kept on less evidence (`Corrector`). `recode` takes
    `raw`, a repaired text, back to the file's own characters (`decoding.Decoded`): spans
    (`NormalizedText.span`, `given`) are then the file's. `lost_breaks` are offsets of
    `raw` where a line opens after text the engine lost (`pipeline.ocr.lost_text`, read off
    the word boxes): no word is decided by words across such a break."""
    table = confusions if confusions is not None else shipped_table()
    # a two-column page read one column after the other: `raw` from here on is the text so
    # read, and `given_map` takes its spans back to the text given
    given = raw
    raw, given_map = layout.columns(given)
    if given_map is not None and word_confidences:
        word_confidences = [(*given_map.from_given(a, b), c) for a, b, c in word_confidences]
    if given_map is not None and lost_breaks:
        lost_breaks = [given_map.from_given(a, a + 1)[0] for a in lost_breaks]
    text1, map1 = cleanup.clean(raw)
    lost1 = frozenset(map1.out_position(r) for r in lost_breaks or () if 0 <= r < len(raw))
    lay = layout.analyse(text1, blank_lines, lost1)
    text2, map2 = apply_edits(text1, lay.edits, map1)
    head_edits, heads = layout.header_paragraphs(text2)
    late_furniture = [(map2.raw_span(s, e), book, page) for s, e, book, page in heads]
    if head_edits:
        text2, map2 = apply_edits(text2, head_edits, map2)
    orth = orthography or orthography_of(text2)
    prereform = orth == "pre-reform"
    lex = lexicon(prereform)

    changes: list[Change] = []
    # signs printed for a letter (порядк% -> порядкѣ), then Roman numerals read as letters
    # (П. -> II.): repaired before the words, which then see whole words; the numerals
    # read the signs as repaired (Ї ТУ.: І ТУ., a numbering)
    for k in range(MAX_GLYPH_ROUNDS):
        signs = glyph_edits(text2, prereform, lex.known, line_starts(raw, map2))
        if k:
            # a speck dropped may bare another (`. . Берутъ`), which is dropped too; the
            # other repairs are the first reading's (т. е.талонъ: т.е. was an abbreviation)
            signs = [x for x in signs if not x[2]]
        if not signs:
            break
        text2, map2 = _apply_char_edits(text2, map2, raw, signs, changes)
    numerals = numeral_edits(text2, prereform, lex.common_word)
    text2, map2 = _apply_char_edits(text2, map2, raw, numerals, changes)
    for s, e, kind, rep in lay.joins:
        rs, re_ = map1.raw_span(s, e)
        changes.append(Change(rs, re_, raw[rs:re_], rep, kind, 1.0, True))
    furniture = []
    for s, e, book, page in lay.headers:
        rs, re_ = map1.raw_span(s, e)
        furniture.append(Furniture(rs, re_, raw[rs:re_], _furniture_kind(book), book, page))
    for (rs, re_), book, page in late_furniture:
        furniture.append(Furniture(rs, re_, raw[rs:re_], _furniture_kind(book), book, page))
    furniture.sort(key=lambda f: (f.start, f.end))

    text, tmap = text2, map2
    windows: list[tuple[int, int]] | None = None
    stats: dict[str, int] = {}
    for _round in range(1 + MAX_RECHECKS):
        spans = None
        if word_confidences:
            spans = sorted(
                (tmap.out_position(rs), tmap.out_position(re_), float(c))
                for rs, re_, c in word_confidences
                if 0 <= rs < re_ <= len(raw)
            )
        cuts = sorted(tmap.out_position(r) for r in lost_breaks or () if 0 <= r < len(raw))
        starts, short = line_starts(raw, tmap), after_short_lines(raw, tmap)
        corr = Corrector(text, lex, table, spans, starts, cuts, short)
        if windows is not None:
            near = corr.run_near(windows)
            if near is None:
                near = Corrector(text, lex, table, spans, starts, cuts, short).run()
            word_edits = [ed for ed in near if _in_windows(ed, windows)]
        else:
            word_edits = corr.run()
            stats = dict(corr.stats)
        recheck = windows is not None
        text, tmap, windows = _apply_word_edits(text, tmap, raw, word_edits, changes, recheck)
        if not windows:
            break

    annotations = []
    for s, e, label in lay.footnotes:
        rs, re_ = map1.raw_span(s, e)
        annotations.append(Annotation(rs, re_, "footnote-ref", label, tmap.out_position(re_)))

    if prereform:
        mod, mmap = project_modern(text, tmap, lex)
    else:
        mod, mmap = text, tmap
    changes.sort(key=lambda c: (c.start, c.end, c.kind, c.corr))
    return NormalizedText(
        source=source,
        orthography=orth,
        raw=raw,
        text=text,
        text_map=tmap,
        modern=mod,
        modern_map=mmap,
        changes=tuple(changes),
        furniture=tuple(furniture),
        annotations=tuple(annotations),
        stats=stats,
        given_map=chained(given_map, recode),
    )
