"""An OCR'd document: its raw text in reading order, and every word's page, box and confidence.

The raw text is what the normalizer reads: paragraphs separated by one blank line, the scan's
line breaks kept inside them; a page whose number was recognised opens with a `[N]` line (the
normalizer takes it as page furniture); running heads are left out; a footnote follows the
paragraph that holds its mark, on its page or a page near it (else its page's last
paragraph), never cutting one that runs across pages (`notes`), so a note that states a
rule stays with its game. Every word of the text knows its character offsets [start, end)
in it, so any span of the text (a sentence, through the normalizer's offset maps) finds its
words.

Formats: `to_json` / `from_json` (the word-box sidecar) and `to_hocr` / `from_hocr` (hOCR 1.2:
`ocrx_word` with `bbox`, `x_wconf` and the offsets as `x_offset`).
"""

from __future__ import annotations

import html
import json
import os
import re
from bisect import bisect_left
from dataclasses import asdict, dataclass, field
from html.parser import HTMLParser

from pipeline.ocr.frame import Frame
from pipeline.ocr.layout import BODY, FOOTNOTE, PAGE_NUMBER, RUNNING_HEAD, LaidPage, Line
from pipeline.ocr.notes import note_groups, placements, runs_on

FORMAT = "pasyans-ocr 1"


@dataclass(frozen=True, slots=True)
class Word:
    page: int  # 1-based page of the document
    box: tuple[int, int, int, int]  # left, top, right, bottom in the page image's pixels
    conf: float  # Tesseract's confidence, 0-100
    role: str  # body, running-head, page-number, footnote
    text: str
    start: int  # offsets in the document's text; -1 when the word is not in it (a running head)
    end: int


@dataclass
class PageInfo:
    n: int  # 1-based page of the document
    file: str
    page: int  # 1-based page within the file
    width: int
    height: int
    dpi: int | None = None
    label: str | None = None  # the printed page number, when recognised
    running_head: str | None = None
    columns: int = 1
    key: str = ""  # content hash of the page (the cache key)
    # where the page read lies in the file's image (`frame.Frame.to_list`): a page found
    # inside a larger image, turned or scaled; its words' boxes are in the file's pixels
    frame: list | None = None


@dataclass
class OcrDocument:
    text: str
    pages: list[PageInfo]
    words: list[Word]
    engine: str = ""
    lang: str = ""
    _starts: list[int] | None = field(default=None, repr=False, compare=False)

    def words_in(self, start: int, end: int) -> list[Word]:
        """The words of the text that overlap characters [start, end) of it, in text order."""
        placed = [w for w in self.words if w.start >= 0]
        if self._starts is None:
            placed.sort(key=lambda w: w.start)
            self.words = placed + [w for w in self.words if w.start < 0]
            self._starts = [w.start for w in placed]
        k = max(0, bisect_left(self._starts, start) - 1)
        out = []
        for w in self.words[k:]:
            if w.start < 0 or w.start >= end:
                break
            if w.end > start:
                out.append(w)
        return out

    def confidences(self) -> list[tuple[int, int, float]]:
        """(start, end, confidence) of each word the text holds, as `normalize` weighs them:
        the normalizer measured on scans is the one that reads the engine's confidences."""
        return [(w.start, w.end, w.conf) for w in self.words if 0 <= w.start < w.end]

    def lost_breaks(self) -> list[int]:
        """Offsets of the text's lines before which the engine lost text, read off the word
        boxes page by page (`lost_text`), for `normalize` to read no context across. A page
        read as columns is left out: its lines' edges are its columns', not the page's."""
        from pipeline.ocr.lost_text import lines_of, lost_breaks

        by_page: dict[int, list[tuple[int, int, tuple[int, int, int, int]]]] = {}
        for w in sorted(self.words, key=lambda w: w.start):
            if w.role == BODY and 0 <= w.start < w.end:
                by_page.setdefault(w.page, []).append((w.start, w.end, w.box))
        out: list[int] = []
        for p in self.pages:
            if p.columns == 1 and p.n in by_page:
                words, width = by_page[p.n], p.width
                if p.frame:  # the lines as read, upright: the piece's own pixels
                    fr = Frame.from_list(p.frame)
                    words = [(s, e, fr.to_piece(b)) for s, e, b in words]
                    width = fr.piece_width()
                out.extend(lost_breaks(lines_of(self.text, words), width))
        return sorted(out)

    def cite(self, start: int, end: int) -> list[dict]:
        """Where raw characters [start, end) stand on the scans: per page, its file, page in
        the file, printed label, the box around the words and each word's box."""
        by_page: dict[int, list[Word]] = {}
        for w in self.words_in(start, end):
            by_page.setdefault(w.page, []).append(w)
        info = {p.n: p for p in self.pages}
        out = []
        for n, ws in sorted(by_page.items()):
            p = info[n]
            out.append(
                {
                    "page": n,
                    "file": p.file,
                    "page_in_file": p.page,
                    "label": p.label,
                    "box": [
                        min(w.box[0] for w in ws),
                        min(w.box[1] for w in ws),
                        max(w.box[2] for w in ws),
                        max(w.box[3] for w in ws),
                    ],
                    "words": [{"text": w.text, "box": list(w.box), "conf": w.conf} for w in ws],
                }
            )
        return out


def assemble(laid: list[tuple[PageInfo, LaidPage]]) -> OcrDocument:
    """The document's text and words from its laid-out pages, in order."""
    parts: list[str] = []
    pos = 0
    words: list[Word] = []

    def put(s: str) -> int:
        nonlocal pos
        at = pos
        parts.append(s)
        pos += len(s)
        return at

    def para_break() -> None:
        if pos:
            put("\n\n")

    def put_line(info: PageInfo, line: Line, first: bool) -> None:
        if not first:
            put("\n")
        for i, w in enumerate(line.words):
            if i:
                put(" ")
            at = put(w.text)
            words.append(_word(info, w, line.role, at, at + len(w.text)))

    def put_label(info: PageInfo, lp: LaidPage) -> None:
        if info.label is None:
            return
        para_break()
        at = put(f"[{info.label}]")
        for ln in lp.heads:
            if ln.role == PAGE_NUMBER:
                words.extend(_word(info, w, PAGE_NUMBER, at, pos) for w in ln.words)

    waiting: list[tuple[PageInfo, list[Line]]] = []  # notes whose paragraph has ended
    last = ""  # the text's last body line so far

    def put_notes() -> None:
        for info, note in waiting:
            for k, ln in enumerate(note):
                if k == 0:
                    para_break()
                put_line(info, ln, k == 0)
        waiting.clear()

    groups = [note_groups(lp.notes) for _info, lp in laid]
    placed = placements([(lp.body, g) for (_info, lp), g in zip(laid, groups, strict=True)])
    # the notes that follow each (page, body line), whichever page they stand on
    marked: dict[tuple[int, int], list[tuple[PageInfo, list[Line]]]] = {}
    for (info, _lp), gs, ps in zip(laid, groups, placed, strict=True):
        for g, p in zip(gs, ps, strict=True):
            if p is not None:
                marked.setdefault(p, []).append((info, g))
    for k, (info, lp) in enumerate(laid):
        if lp.body and not runs_on(last, lp.body[0]):
            put_notes()
        put_label(info, lp)
        for i, ln in enumerate(lp.body):
            if ln.para_start and i:
                put_notes()
            if ln.para_start or not pos:
                para_break()
                put_line(info, ln, True)
            else:
                put_line(info, ln, False)
            waiting.extend(marked.get((k, i), ()))
            last = ln.text
        waiting.extend((info, g) for g, p in zip(groups[k], placed[k], strict=True) if p is None)
        for ln in lp.heads:
            if ln.role == RUNNING_HEAD:
                words.extend(_word(info, w, ln.role, -1, -1) for w in ln.words)
    put_notes()
    if pos:
        put("\n")
    return OcrDocument("".join(parts), [i for i, _ in laid], words)


def _word(info: PageInfo, w, role: str, start: int, end: int) -> Word:
    box = (w.left, w.top, w.right, w.bottom)
    if info.frame:  # a box in the file's image, whatever piece of it was read
        box = Frame.from_list(info.frame).to_file(box)
    return Word(info.n, box, w.conf, role, w.text, start, end)


# --- JSON -------------------------------------------------------------------------------------


def to_json(doc: OcrDocument) -> str:
    by_page: dict[int, list[dict]] = {}
    for w in doc.words:
        by_page.setdefault(w.page, []).append(
            {
                "text": w.text,
                "box": list(w.box),
                "conf": w.conf,
                "role": w.role,
                "start": w.start,
                "end": w.end,
            }
        )
    pages = []
    for p in doc.pages:
        d = asdict(p)
        d["words"] = by_page.get(p.n, [])
        pages.append(d)
    data = {
        "format": FORMAT,
        "engine": doc.engine,
        "lang": doc.lang,
        "pages": pages,
        "text": doc.text,
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def from_json(text: str) -> OcrDocument:
    """Read back `to_json`'s output (a ValueError on anything else: JSON nested too deep,
    a value of the wrong shape)."""
    try:
        data = json.loads(text)
    except RecursionError:  # json recurses per level of nesting
        raise ValueError("JSON nested too deep") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    pages, words = [], []
    try:
        for d in data["pages"]:
            page_words = d.pop("words")
            info = PageInfo(**d)
            if info.frame is not None:
                Frame.from_list(info.frame)  # a ValueError or TypeError when malformed
            pages.append(info)
            for w in page_words:
                box = tuple(w["box"])
                words.append(
                    Word(info.n, box, w["conf"], w["role"], w["text"], w["start"], w["end"])
                )
        doc_text = data["text"]
    except KeyError as err:
        raise ValueError(f"no key {err}") from None
    except (AttributeError, TypeError) as err:
        raise ValueError(f"a value of the wrong shape ({err})") from None
    shapes = [isinstance(doc_text, str)] + [
        isinstance(w.text, str)
        and all(type(v) is int for v in (w.start, w.end, *w.box))
        and len(w.box) == 4
        for w in words
    ]
    if not all(shapes):
        raise ValueError("a value of the wrong shape (text, offsets and boxes)")
    return OcrDocument(doc_text, pages, words, data.get("engine", ""), data.get("lang", ""))


SIDECAR_SUFFIX = ".ocr.json"  # NAME.ocr.json beside NAME.txt: the text's word boxes
SIDECAR_BYTES = 200_000_000


def read_sidecar(text_path: str | os.PathLike, text: str) -> OcrDocument | None:
    """The word boxes of the OCR'd text at `text_path` (its text `text`), from the
    `NAME.ocr.json` beside it, which `pasyans ocr` and ingest write; None without one, or
    when its text is not this text (the text was edited since). A sidecar that cannot be
    read (cut, corrupt, another file's) is an InputError naming it: ignoring it would
    change what the normalizer makes of the text without a word."""
    from pipeline.errors import InputError
    from pipeline.inputs import is_regular_file, read_input

    base = os.fspath(text_path)
    sidecar = os.path.splitext(base)[0] + SIDECAR_SUFFIX
    if not os.path.lexists(sidecar):
        return None
    how = "move it away, or make it again with `pasyans ocr --format json`"
    if not is_regular_file(sidecar):
        raise InputError(f"the word boxes of {base} are not a regular file: {how}", path=sidecar)
    data = read_input(sidecar, SIDECAR_BYTES, "word-box file")
    try:
        if len(data) > SIDECAR_BYTES:
            raise ValueError(f"larger than {SIDECAR_BYTES:,} bytes")
        doc = from_json(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as err:  # JSONDecodeError is a ValueError
        why = "not UTF-8" if isinstance(err, UnicodeDecodeError) else err
        raise InputError(
            f"the word boxes of {base}, not a valid {FORMAT} JSON file ({why}): {how}",
            path=sidecar,
        ) from None
    return doc if doc.text == text else None


# --- hOCR -------------------------------------------------------------------------------------

_CLASS = {
    BODY: "ocr_line",
    RUNNING_HEAD: "ocr_header",
    PAGE_NUMBER: "ocr_pageno",
    FOOTNOTE: "ocr_footer",
}


def to_hocr(doc: OcrDocument) -> str:
    """hOCR 1.2: a page per `ocr_page`, a line per `ocr_line` (`ocr_header`, `ocr_pageno`,
    `ocr_footer` for furniture and footnotes), a word per `ocrx_word`."""
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
        '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">',
        '<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="ru" lang="ru">',
        "<head>",
        "<title></title>",
        '<meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>',
        f'<meta name="ocr-system" content={_attr(doc.engine or "tesseract")}/>',
        '<meta name="ocr-capabilities" content="ocr_page ocr_line ocrx_word ocr_header '
        'ocr_pageno ocr_footer"/>',
        f'<meta name="x-pasyans-lang" content={_attr(doc.lang)}/>',
        "</head>",
        "<body>",
    ]
    by_page: dict[int, list[Word]] = {}
    for w in doc.words:
        by_page.setdefault(w.page, []).append(w)
    for p in doc.pages:
        title = f'image "{p.file}"; ppageno {p.n - 1}; bbox 0 0 {p.width} {p.height}'
        if p.page:
            title += f"; x_source_page {p.page}"
        if p.dpi:
            title += f"; scan_res {p.dpi} {p.dpi}"
        if p.frame:
            title += "; x_frame " + " ".join(str(v) for v in p.frame)
        label = f" data-label={_attr(p.label)}" if p.label is not None else ""
        out.append(f'<div class="ocr_page" id="page_{p.n}" title={_attr(title)}{label}>')
        for line in _hocr_lines(by_page.get(p.n, [])):
            cls = _CLASS.get(line[0].role, "ocr_line")
            box = _union(line)
            out.append(f'<span class="{cls}" title="bbox {box}">')
            for w in line:
                t = f"bbox {' '.join(map(str, w.box))}; x_wconf {round(w.conf)}"
                if w.start >= 0:
                    t += f"; x_offset {w.start} {w.end}"
                out.append(f' <span class="ocrx_word" title="{t}">{html.escape(w.text)}</span>')
            out.append("</span>")
        out.append("</div>")
    out += ["</body>", "</html>", ""]
    return "\n".join(out)


def _hocr_lines(words: list[Word]) -> list[list[Word]]:
    """Words grouped back into lines: a new line where the role changes or the text breaks."""
    lines: list[list[Word]] = []
    for w in words:
        if lines:
            prev = lines[-1][-1]
            same = prev.role == w.role and (
                (w.start < 0 and w.box[1] < prev.box[3])
                or (w.start >= 0 and w.start - prev.end == 1)
            )
            if same:
                lines[-1].append(w)
                continue
        lines.append([w])
    return lines


def _union(words: list[Word]) -> str:
    return " ".join(
        str(v)
        for v in (
            min(w.box[0] for w in words),
            min(w.box[1] for w in words),
            max(w.box[2] for w in words),
            max(w.box[3] for w in words),
        )
    )


def _attr(value: str | None) -> str:
    return '"' + html.escape(value or "", quote=True) + '"'


_PROP = re.compile(r"(\w+)\s+([^;]*)")


def _frame(value: str | None) -> list | None:
    """A page's `x_frame` (hOCR) as `PageInfo.frame`; None without one."""
    if not value:
        return None
    return Frame.from_list(value.split()).to_list()


def _props(title: str) -> dict[str, str]:
    return {m.group(1): m.group(2).strip() for m in _PROP.finditer(title or "")}


class _HocrReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pages: list[PageInfo] = []
        self.words: list[Word] = []
        self.role = BODY
        self.word: dict | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        cls = a.get("class", "").split()
        props = _props(a.get("title", ""))
        if "ocr_page" in cls:
            box = [int(v) for v in props.get("bbox", "0 0 0 0").split()]
            image = props.get("image", "").strip('"')
            self.pages.append(
                PageInfo(
                    int(props.get("ppageno", len(self.pages))) + 1,
                    image,
                    int(props.get("x_source_page", 1)),
                    box[2],
                    box[3],
                    label=a.get("data-label"),
                    frame=_frame(props.get("x_frame")),
                )
            )
        for role, c in _CLASS.items():
            if c in cls:
                self.role = role
        if "ocrx_word" in cls:
            wbox = tuple(int(v) for v in props["bbox"].split())
            off = [int(v) for v in props.get("x_offset", "-1 -1").split()]
            self.word = {
                "box": wbox,
                "conf": float(props.get("x_wconf", 0)),
                "start": off[0],
                "end": off[1],
                "text": "",
            }

    def handle_data(self, data: str) -> None:
        if self.word is not None:
            self.word["text"] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "span" and self.word is not None:
            w = self.word
            self.words.append(
                Word(
                    self.pages[-1].n,
                    w["box"],
                    w["conf"],
                    self.role,
                    w["text"],
                    w["start"],
                    w["end"],
                )
            )
            self.word = None


def from_hocr(text: str, doc_text: str = "") -> OcrDocument:
    """The pages and words of an hOCR file written by `to_hocr` (the text is not in it)."""
    reader = _HocrReader()
    reader.feed(text)
    reader.close()
    return OcrDocument(doc_text, reader.pages, reader.words)
