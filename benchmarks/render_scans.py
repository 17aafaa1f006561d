"""Render gold transcriptions as degraded page images: synthetic scans for OCR benchmarks.

Each gold text (the corpus seeds' `corpus/gold/`, and the synthetic rule-book pages of the
development sets `benchmarks/data/pages-N/gold.txt`) is typeset into book pages in several
typefaces that have the pre-reform letters, then degraded like a scan: slight skew, blur,
low resolution, paper grey, ink noise and specks. Everything is deterministic from `--seed`
(Python's own Mersenne Twister draws every random number; Pillow's unseeded `effect_noise`
is not used), so the same command gives the same PNG bytes for the same Pillow and font
files.

Only gold texts already in the repository are rendered: no other page of any book.

    python3 benchmarks/render_scans.py --out benchmarks/out/scans          # the benchmark set
    python3 benchmarks/render_scans.py --fixtures tests/data/scans         # the test fixtures
    python3 benchmarks/render_scans.py --list-fonts                        # coverage check

Output per page: `<font>__<source>__p<N>.png`, its gold text `.gt.txt` (the page's
paragraphs, one a line, blank line between, as the corpus gold), and `manifest.json` with
every page's font, source, degradation parameters and role in the split
(`benchmarks/README.md`, "Synthetic scans").

Pillow (the `bench` extra) is the tool: it draws text with FreeType from a font file named
exactly (no fontconfig substitution behind one's back), its wheels bundle the same FreeType
everywhere, and the degradation is a few lines of image arithmetic on seeded random bytes.
ImageMagick's text drawing depends on the system's policy and delegate build, and
pango-view cannot degrade; either would need a second tool for the noise.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "benchmarks" / "data" / "real"

# name -> (Debian package, font file); every one checked to have ѣ і ѳ ѵ and their capitals
# (Debian's Gentium, fonts-sil-gentium 1.03, has і but no ѣ ѳ ѵ: not used)
_F = "/usr/share/fonts/"
FONTS: dict[str, tuple[str, str]] = {
    "oldstandard": ("fonts-oldstandard", _F + "truetype/fonts-oldstandard/OldStandard-Regular.ttf"),
    "ptserif": ("fonts-paratype", _F + "truetype/paratype/PTF55F.ttf"),
    "dejavuserif": ("fonts-dejavu-core", _F + "truetype/dejavu/DejaVuSerif.ttf"),
    "charis": ("fonts-sil-charis", _F + "truetype/charis/CharisSIL-Regular.ttf"),
    "c059": ("fonts-urw-base35", _F + "opentype/urw-base35/C059-Roman.otf"),
    "p052": ("fonts-urw-base35", _F + "opentype/urw-base35/P052-Roman.otf"),
    "bookman": ("fonts-urw-base35", _F + "opentype/urw-base35/URWBookman-Light.otf"),
    "nimbusroman": ("fonts-urw-base35", _F + "opentype/urw-base35/NimbusRoman-Regular.otf"),
    "ptserifcaption": ("fonts-paratype", _F + "truetype/paratype/PTZ55F.ttf"),
    "dejavuserifcond": ("fonts-dejavu-core", _F + "truetype/dejavu/DejaVuSerifCondensed.ttf"),
    "cmuserif": ("fonts-cmu", _F + "truetype/cmu/cmunrm.ttf"),
    "libertine": ("fonts-linuxlibertine", _F + "opentype/linux-libertine/LinLibertine_R.otf"),
    "ebgaramond": ("fonts-ebgaramond", _F + "opentype/ebgaramond/EBGaramond12-Regular.otf"),
    "cmuconcrete": ("fonts-cmu", _F + "truetype/cmu/cmunorm.ttf"),
    "ptsans": ("fonts-paratype", _F + "truetype/paratype/PTS55F.ttf"),
    "libertinedisplay": (
        "fonts-linuxlibertine", _F + "opentype/linux-libertine/LinLibertine_DR.otf"
    ),
    # bold and italic cuts of development typefaces (the `scans-dev-cond` sets)
    "ptserifbold": ("fonts-paratype", _F + "truetype/paratype/PTF75F.ttf"),
    "ptserifitalic": ("fonts-paratype", _F + "truetype/paratype/PTF56F.ttf"),
    "oldstandardbold": (
        "fonts-oldstandard", _F + "truetype/fonts-oldstandard/OldStandard-Bold.ttf"
    ),
    "oldstandarditalic": (
        "fonts-oldstandard", _F + "truetype/fonts-oldstandard/OldStandard-Italic.ttf"
    ),
    "dejavuserifbold": ("fonts-dejavu-core", _F + "truetype/dejavu/DejaVuSerif-Bold.ttf"),
    "libertineitalic": (
        "fonts-linuxlibertine", _F + "opentype/linux-libertine/LinLibertine_RI.otf"
    ),
    # typefaces no set used before `scans-dev-new5` (benchmarks/README.md)
    "libertinesemibold": (
        "fonts-linuxlibertine", _F + "opentype/linux-libertine/LinLibertine_RZ.otf"
    ),
    "cmuserifboldnx": ("fonts-cmu", _F + "truetype/cmu/cmunrb.ttf"),
    "cmubright": ("fonts-cmu", _F + "truetype/cmu/cmunbmr.ttf"),
    "nimbussans": ("fonts-urw-base35", _F + "opentype/urw-base35/NimbusSans-Regular.otf"),
    "ptsansnarrow": ("fonts-paratype", _F + "truetype/paratype/PTN57F.ttf"),
    "urwgothic": ("fonts-urw-base35", _F + "opentype/urw-base35/URWGothic-Book.otf"),
}  # fmt: skip
PREREFORM_LETTERS = "ѣіѳѵѢІѲѴ"

# The split (recorded in benchmarks/README.md before the first measurement).
TRAIN_FONTS = ("oldstandard", "ptserif", "dejavuserif")
HELDOUT_FONTS = ("charis", "c059")
# sources: corpus seeds by game; development page sets
TRAIN_SOURCES = ("shah-a", "shah-b", "blockade", "pages-10", "pages-12")
HELDOUT_SOURCES = ("clock", "exiles", "dense-column", "pages-16")
# The second held-out set ("fresh"), recorded before its first measurement: typefaces no
# page was ever rendered in, a seed of its own (--seed 2019), over the held-out sources and
# one page set never rendered before.
FRESH_FONTS = ("p052", "bookman")
FRESH_SOURCES = (*HELDOUT_SOURCES, "pages-19")
FRESH_SEED = 2019
# A development typeface outside the train three (a Times design, unlike any of them): the
# development page sets rendered in it show, on pages that may be read, what an unseen
# typeface does to the normalizer (benchmarks/README.md, "scans-dev-nimbus").
DEV_FONTS = (
    "nimbusroman", "ptserifcaption", "dejavuserifcond", "cmuserif", "libertine", "ebgaramond",
    "cmuconcrete", "ptsans", "libertinedisplay", "ptserifbold", "ptserifitalic",
    "oldstandardbold", "oldstandarditalic", "dejavuserifbold", "libertineitalic",
    "libertinesemibold", "cmuserifboldnx", "cmubright", "nimbussans", "ptsansnarrow", "urwgothic",
)  # fmt: skip

# Corpus seeds cut at the catalogue's title lines (the passages of seed 000).
SEED_SOURCES: dict[str, tuple[str, str | None, str | None]] = {
    # source -> (seed file, first line (None: start), line that ends it (None: end))
    "shah-a": ("000_81fd826a98ac014e", None, "БЛОКАДА."),
    "blockade": ("000_81fd826a98ac014e", "БЛОКАДА.", "ЧАСЫ."),
    "clock": ("000_81fd826a98ac014e", "ЧАСЫ.", None),
    "shah-b": ("001_ccb94fea4f93d4a7", None, None),
    "dense-column": ("002_0c8a9b228d398a9e", None, None),
    "exiles": ("003_8f9b0c61a5880b76", None, None),
}

# Page geometry at the drawing resolution (300 dpi): a small octavo text block.
DRAW_DPI = 300
TEXT_WIDTH_IN = 4.2
MARGIN_IN = 0.5
LINES_PER_PAGE = 30
FONT_PT = 11.5
LEADING = 1.32


@dataclass
class Degradation:
    """How one page is spoiled; drawn from the page's own seeded generator."""

    dpi: int  # the scan's resolution (the page is drawn at 300 dpi and resampled)
    skew_deg: float
    blur: float  # Gaussian radius at 300 dpi
    noise: float  # standard deviation of the grey noise, 0-255 scale
    specks: int  # dark specks per page
    paper: int  # paper grey level
    ink: int  # ink grey level
    threshold: bool  # bilevel scan (fax-like) or greyscale
    jpeg: int = 0  # JPEG quality the scan was saved at (0: lossless)
    lighting: int = 0  # grey levels lost toward the darker edge (uneven lighting)
    bleed: int = 0  # grey level of the mirrored back page showing through (0: none)


def draw_degradation(rng: random.Random, strength: float = 1.0) -> Degradation:
    """A scan's flaws, calibrated so that Tesseract reads the training pages at about the
    word error rate the issue measured on its own synthetic scans (12 %): 200-300 dpi, grey
    noise of a few levels. (The first calibration, 150-300 dpi and noise up to 22, gave
    pages Tesseract returned empty or at 35-70 % WER: no text left for any normalizer.)"""
    return Degradation(
        dpi=rng.choice((200, 225, 250, 300)) if strength >= 1 else 300,
        skew_deg=round(rng.uniform(-1.0, 1.0) * strength, 2),
        blur=round(rng.uniform(0.3, 1.0) * strength, 2),
        noise=round(rng.uniform(2, 10) * strength, 1),
        specks=int(rng.uniform(0, 60) * strength),
        paper=rng.randint(205, 245),
        ink=rng.randint(15, 60),
        threshold=rng.random() < 0.2 * strength,
    )


def draw_harsh_degradation(rng: random.Random) -> Degradation:
    """A worse scan than `draw_degradation`'s (the `--harsh` development set): lower
    resolution, more blur, noise, specks and skew, more bilevel pages. Tesseract reads such
    pages less surely, and the normalizer then doubts and corrects words it would keep on a
    clean page: the right words it breaks show on pages that may be read."""
    return Degradation(
        dpi=rng.choice((175, 200, 225)),
        skew_deg=round(rng.uniform(-2.0, 2.0), 2),
        blur=round(rng.uniform(0.6, 1.4), 2),
        noise=round(rng.uniform(6, 14), 1),
        specks=int(rng.uniform(20, 120)),
        paper=rng.randint(190, 235),
        ink=rng.randint(20, 75),
        threshold=rng.random() < 0.12,
    )


# The `--condition` development sets: one flaw at a time pushed past what the usual draw
# covers, the rest as `draw_degradation` draws it.
CONDITIONS = ("lowres", "jpeg", "noisy", "faint", "uneven", "bleed", "blurry")


def draw_condition(rng: random.Random, condition: str) -> Degradation:
    """The usual flaws (`draw_degradation`), then one pushed past them: a 150-200 dpi scan
    (`lowres`), JPEG artefacts at quality 15-45 (`jpeg`), grey noise 12-22 (`noisy`), light
    ink on dark paper with little contrast (`faint`), a lighting gradient of 40-90 levels
    (`uneven`), the back page showing through mirrored (`bleed`), blur 1.1-1.7 with skew up
    to 2.5 degrees (`blurry`). No page is bilevel except where the usual draw says so and
    the condition keeps greys meaningful (never under `jpeg`, `uneven`, `bleed`, `faint`).
    Several joined by `+` (`bleed+faint`) are pushed one after the other, in that order, on
    the same draw; one alone draws exactly what it drew before combinations existed."""
    d = draw_degradation(rng)
    for one in condition.split("+"):
        _push(d, rng, one)
    return d


def _push(d: Degradation, rng: random.Random, condition: str) -> None:
    if condition == "lowres":
        d.dpi = rng.choice((150, 175, 200))
    elif condition == "jpeg":
        d.jpeg, d.threshold = rng.randint(15, 45), False
    elif condition == "noisy":
        d.noise = round(rng.uniform(12, 22), 1)
    elif condition == "faint":
        d.ink, d.paper, d.threshold = rng.randint(80, 120), rng.randint(180, 215), False
    elif condition == "uneven":
        d.lighting, d.threshold = rng.randint(40, 90), False
    elif condition == "bleed":
        d.bleed, d.threshold = rng.randint(150, 205), False
    elif condition == "blurry":
        d.blur = round(rng.uniform(1.1, 1.7), 2)
        d.skew_deg = round(rng.uniform(-2.5, 2.5), 2)
    else:
        raise ValueError(f"unknown condition {condition!r}")


def _image():
    try:
        from PIL import Image, ImageDraw, ImageFilter, ImageFont
    except ImportError:
        sys.exit("render_scans: Pillow is needed (pip install '.[bench]')")
    return Image, ImageDraw, ImageFilter, ImageFont


def font_covers(path: str, letters: str = PREREFORM_LETTERS) -> list[str]:
    """The letters of `letters` the font has no glyph for (its .notdef box is drawn)."""
    Image, ImageDraw, _, ImageFont = _image()
    font = ImageFont.truetype(path, 48)

    def drawn(c: str) -> bytes:
        img = Image.new("L", (80, 80), 0)
        ImageDraw.Draw(img).text((10, 10), c, font=font, fill=255)
        return img.tobytes()

    notdef = drawn("\U0010fffd")
    return [c for c in letters if drawn(c) == notdef]


def load_font(name: str, px: int):
    _, _, _, ImageFont = _image()
    path = FONTS[name][1]
    if not Path(path).is_file():
        sys.exit(f"render_scans: font {name!r} missing: apt-get install {FONTS[name][0]}")
    return ImageFont.truetype(path, px)


def real_dev_sources(sets: list[str]) -> list[str]:
    """`real-<id>` of every passage in Russian of these development sets of
    `benchmarks/data/real/` (a held-out set is refused)."""
    import yaml

    held = [s for s in sets if not s.startswith("dev")]
    if held:
        sys.exit(f"render_scans: --real-sets {','.join(held)}: only development sets (dev*)")
    out = []
    for item in yaml.safe_load((REAL / "manifest.yaml").read_text(encoding="utf-8")):
        if str(item.get("set", "")) in sets:
            text = (REAL / item["file"]).read_text(encoding="utf-8")
            if any("а" <= c <= "я" for c in text.lower()):
                out.append(f"real-{item['id']}")
    return out


def _real_text(pid: str) -> str:
    """A development real passage respelled the old way (`prereform_text.respell`)."""
    import yaml
    from prereform_text import respell

    for item in yaml.safe_load((REAL / "manifest.yaml").read_text(encoding="utf-8")):
        if item["id"] == pid:
            if not str(item.get("set", "")).startswith("dev"):
                sys.exit(f"render_scans: real-{pid}: not a development passage")
            return respell((REAL / item["file"]).read_text(encoding="utf-8"))
    sys.exit(f"render_scans: real-{pid}: no such passage in {REAL / 'manifest.yaml'}")


# `--texts DIR`: sources `text-<stem>`, each a plain text file of DIR, set as it is spelled.
TEXTS: dict[str, Path] = {}


def text_sources(folder: Path) -> list[str]:
    """`text-<stem>` of every `*.txt` in `folder` (sorted), remembered in `TEXTS`: prose
    from outside the repository (other vocabulary), its gold the file as it is spelled."""
    files = sorted(folder.glob("*.txt")) if folder.is_dir() else []
    if not files:
        sys.exit(f"render_scans: --texts {folder}: no .txt file there")
    for f in files:
        TEXTS[f"text-{f.stem}"] = f
    return list(TEXTS)


def source_text(source: str) -> str:
    """The gold text of one source (a passage of a corpus seed, a pages set, a development
    phrasings set, a development real passage (`real-<id>`) respelled the old way:
    `prereform_text.py`, or a `--texts` file as it is spelled)."""
    if source in TEXTS:
        return TEXTS[source].read_text(encoding="utf-8")
    if source.startswith("phrasings-"):
        from prereform_text import phrasings_text

        return phrasings_text(source)
    if source.startswith("real-"):
        return _real_text(source.removeprefix("real-"))
    if source in SEED_SOURCES:
        seed, first, stop = SEED_SOURCES[source]
        lines = (ROOT / "corpus" / "gold" / f"{seed}.txt").read_text(encoding="utf-8").split("\n")
        a = lines.index(first) if first else 0
        b = lines.index(stop) if stop else len(lines)
        return "\n".join(lines[a:b]).strip() + "\n"
    path = ROOT / "benchmarks" / "data" / source / "gold.txt"
    return path.read_text(encoding="utf-8")


def paragraphs(text: str) -> list[str]:
    return [p.strip() for p in text.split("\n") if p.strip()]


def _is_heading(p: str) -> bool:
    letters = [c for c in p if c.isalpha()]
    return bool(letters) and (all(c.isupper() for c in letters) or len(p.split()) <= 2)


VOWELS = set("аеёиоуыэюяѣіѵ")
_NO_START = set("ъьй")


def hyphen_points(word: str) -> list[int]:
    """Where a word may be cut at a line's end: between a vowel and the consonant after it
    (the school rule by syllable), each part two letters or more, the second with a vowel
    and not opening on ъ, ь or й. Only a word of letters alone (its closing punctuation
    aside) is cut."""
    core = word.rstrip(".,;:!?»)…")
    if len(core) < 5 or not core.isalpha():
        return []
    low = core.lower()
    return [
        i
        for i in range(2, len(core) - 1)
        if low[i - 1] in VOWELS
        and low[i] not in VOWELS
        and low[i] not in _NO_START
        and any(c in VOWELS for c in low[i:])
    ]


def layout(
    paras: list[str], font, width: int, hyphen: random.Random | None = None, share: float = 0.0
) -> list[tuple[int, str, int, bool]]:
    """Lines as (paragraph index, text, x offset, cut): headings centred, paragraphs indented
    by one em, words wrapped at spaces; with `hyphen`, a word that does not fit is cut at the
    last syllable break that fits, with a hyphen, for a `share` of such words (`cut`: the
    line ends in a word's first part)."""
    em = int(font.size)
    out: list[tuple[int, str, int, bool]] = []
    for k, p in enumerate(paras):
        if _is_heading(p) and font.getlength(p) <= width:
            out.append((k, p, int((width - font.getlength(p)) / 2), False))
            continue
        words = p.split()
        line: list[str] = []
        indent = em
        i = 0
        while i < len(words):
            w = words[i]
            trial = " ".join([*line, w])
            if line and font.getlength(trial) + indent > width:
                cut = 0
                if hyphen is not None and hyphen_points(w) and hyphen.random() < share:
                    fits = [
                        j
                        for j in hyphen_points(w)
                        if font.getlength(" ".join([*line, w[:j] + "-"])) + indent <= width
                    ]
                    cut = fits[-1] if fits else 0
                if cut:
                    out.append((k, " ".join([*line, w[:cut] + "-"]), indent, True))
                    line, indent = [w[cut:]], 0
                else:
                    out.append((k, " ".join(line), indent, False))
                    line, indent = [w], 0
            else:
                line.append(w)
            i += 1
        if line:
            out.append((k, " ".join(line), indent, False))
    return out


def paginate(lines: list, per_page: int) -> list[list]:
    return [lines[i : i + per_page] for i in range(0, len(lines), per_page)]


def page_gold(page: list, notes: list[str] = ()) -> str:
    """The page's text as gold: its lines joined into paragraphs (a paragraph cut by the
    page break is cut here too; a word cut at a line's end whole again), then its footnotes."""
    paras: list[str] = []
    last = None
    joined = False
    for k, text, _x, cut in page:
        if k != last:
            paras.append("")
            last, joined = k, False
        paras[-1] += ("" if joined or not paras[-1] else " ") + (text[:-1] if cut else text)
        joined = cut
    return "\n\n".join([*paras, *notes]) + "\n"


@dataclass
class Furniture:
    """A book page's furniture around its body: a running head in capitals (centred, above the
    body), the printed page number (Arabic: at the head line's outer end, or centred under
    the page) and the page's footnotes (under a short rule, in smaller type)."""

    head: str
    number: int
    number_top: bool
    notes: list  # the footnotes' lines, laid out in `note_font`
    note_font: Any = None
    gold_notes: list = field(default_factory=list)  # the footnotes as the gold has them

    def record(self, page: list) -> dict:
        return {
            "head": self.head,
            "number": self.number,
            "number_top": self.number_top,
            "footnotes": len(self.gold_notes),
            "hyphens": sum(1 for line in [*page, *self.notes] if line[3]),
        }

    def extra(self, step: int) -> int:
        """The height the furniture adds to the page, in pixels at 300 dpi."""
        note_step = int(self.note_font.size * LEADING) if self.notes else 0
        foot = step + note_step * len(self.notes) if self.notes else 0
        return step * 2 + foot + (0 if self.number_top else step * 2)

    def draw(self, draw, page: list, font, margin: int, width: int, step: int) -> int:
        """The furniture drawn on the page; the body's top."""
        hw = font.getlength(self.head)
        draw.text((margin + int((width - hw) / 2), margin), self.head, font=font, fill=0)
        num = str(self.number)
        if self.number_top:  # the outer corner: left on an even page, right on an odd one
            x = 0 if self.number % 2 == 0 else int(width - font.getlength(num))
            draw.text((margin + x, margin), num, font=font, fill=0)
        top = margin + step * 2  # the head line, then a blank line's gap
        y = top + step * len(page)
        if self.notes:
            y += step // 2
            draw.line((margin, y, margin + width // 4, y), fill=0, width=2)
            y += step // 2
            for _k, text, x, *_ in self.notes:
                draw.text((margin + x, y), text, font=self.note_font, fill=0)
                y += int(self.note_font.size * LEADING)
        if not self.number_top:
            y += step
            draw.text((margin + int((width - font.getlength(num)) / 2), y), num, font=font, fill=0)
        return top


# Book pages (`--furniture`): the furniture of book (a)'s pages, set on the development texts.
HYPHEN_SHARE = 0.5  # of the words that do not fit at a line's end, the share cut with a hyphen
NOTE_SCALE = 0.8  # footnote type against the body's
BOOK_HEAD = "ПАСЬЯНСЫ."


def is_footnote(p: str) -> bool:
    """A gold paragraph that is a footnote: it opens on its marker (`*`, `*)`, `[*]`)."""
    return p.startswith(("*", "[*]"))


def _title(p: str) -> bool:
    letters = [c for c in p if c.isalpha()]
    return len(letters) >= 4 and all(c.isupper() for c in letters) and "КОЛОД" not in p


def book_pages(
    text: str, font, note_font, width: int, rng: random.Random, number_top: bool | None = None
) -> tuple[list[list], list[Furniture | None]]:
    """A text set as a book's pages: words cut at line ends (`HYPHEN_SHARE`), each footnote
    taken out of the text and set under the page its paragraph ends on, a running head on
    every page (the book's title on an even page, the current game's on an odd one), and the
    page numbers, from a drawn first number, at the head's outer end or centred under the
    page (drawn once per document)."""
    body: list[str] = []
    notes: dict[int, list[str]] = defaultdict(list)
    for p in paragraphs(text):
        if is_footnote(p) and body:
            notes[len(body) - 1].append(p)
        else:
            body.append(p)
    lines = layout(body, font, width, rng, HYPHEN_SHARE)
    pages = paginate(lines, LINES_PER_PAGE)
    first, top = rng.randint(3, 150), rng.random() < 0.5
    number_top = top if number_top is None else number_top
    furn: list[Furniture | None] = []
    title = BOOK_HEAD
    for n, page in enumerate(pages):
        number = first + n
        heads = [body[k] for k in dict.fromkeys(line[0] for line in page) if _title(body[k])]
        title = heads[0] if heads and page[0][0] == body.index(heads[0]) else title
        ends = {
            line[0]
            for i, line in enumerate(page)
            if i + 1 == len(page) or page[i + 1][0] != line[0]
        }
        ends = {k for k in ends if k != (pages[n + 1][0][0] if n + 1 < len(pages) else None)}
        page_notes = [t for k in sorted(ends) for t in notes.get(k, [])]
        head = BOOK_HEAD if number % 2 == 0 else title
        furn.append(
            Furniture(
                head,
                number,
                number_top,
                layout(page_notes, note_font, width, rng, HYPHEN_SHARE),
                note_font,
                page_notes,
            )
        )
        title = heads[-1] if heads else title
    return pages, furn


def render_page(
    page,
    font,
    deg: Degradation,
    rng: random.Random,
    lines_per_page: int,
    width: int = 0,
    back=None,
    furniture: Furniture | None = None,
):
    """The page image (mode L, or 1 for a bilevel scan): drawn at 300 dpi, skewed and blurred
    there, resampled to `deg.dpi`, then given paper and ink greys, grey noise and specks.
    `back` (lines of another page) shows through mirrored at grey `deg.bleed`; `furniture`
    adds a running head, a page number and footnotes around the body."""
    Image, ImageDraw, ImageFilter, _ = _image()
    from PIL import ImageChops, ImageOps

    margin = int(MARGIN_IN * DRAW_DPI)
    width = width or int(TEXT_WIDTH_IN * DRAW_DPI)
    step = int(font.size * LEADING)
    height = margin * 2 + step * max(len(page), min(lines_per_page, 8))
    height += furniture.extra(step) if furniture else 0
    img = Image.new("L", (width + 2 * margin, height), 255)
    if deg.bleed and back:
        behind = Image.new("L", img.size, 255)
        bdraw = ImageDraw.Draw(behind)
        for i, (_k, text, x, *_) in enumerate(back[: len(page) or 1]):
            bdraw.text((margin + x, margin + i * step + step // 3), text, font=font, fill=deg.bleed)
        img = ImageOps.mirror(behind).filter(ImageFilter.GaussianBlur(1.5))
    draw = ImageDraw.Draw(img)
    top = furniture.draw(draw, page, font, margin, width, step) if furniture else margin
    for i, (_k, text, x, *_) in enumerate(page):
        draw.text((margin + x, top + i * step), text, font=font, fill=0)
    if deg.skew_deg:
        img = img.rotate(deg.skew_deg, resample=Image.BICUBIC, expand=True, fillcolor=255)
    if deg.blur:
        img = img.filter(ImageFilter.GaussianBlur(deg.blur))
    if deg.dpi != DRAW_DPI:
        f = deg.dpi / DRAW_DPI
        w, h = img.size
        img = img.resize((max(1, round(w * f)), max(1, round(h * f))), Image.BILINEAR)
    lo, hi = deg.ink, deg.paper
    img = img.point([lo + (hi - lo) * v // 255 for v in range(256)])
    w, h = img.size
    if deg.lighting:
        # darker toward one side: a linear ramp of `lighting` levels at a drawn angle
        ramp = Image.linear_gradient("L").rotate(rng.uniform(0, 360)).resize((w, h))
        ramp = ramp.point([v * deg.lighting // 255 for v in range(256)])
        img = ImageChops.subtract(img, ramp)
    if deg.noise:
        # triangular noise (two seeded uniform images averaged, sd ~52), scaled to deg.noise
        u1 = Image.frombytes("L", (w, h), rng.randbytes(w * h))
        u2 = Image.frombytes("L", (w, h), rng.randbytes(w * h))
        k = deg.noise / 52.0
        tri = ImageChops.add(u1, u2, scale=2.0)
        noise = tri.point([max(0, min(255, round(128 + (v - 128) * k))) for v in range(256)])
        img = ImageChops.add(img, noise, scale=1.0, offset=-128)
    if deg.specks:
        draw = ImageDraw.Draw(img)
        for _ in range(deg.specks):
            x, y = rng.randrange(w), rng.randrange(h)
            r = rng.choice((0, 0, 1, 1, 2))
            draw.ellipse((x, y, x + r, y + r), fill=deg.ink + rng.randrange(60))
    if deg.threshold:
        cut = (deg.ink + deg.paper) // 2
        img = img.point([0 if v < cut else 255 for v in range(256)]).convert("1")
    if deg.jpeg:
        import io

        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=deg.jpeg)
        img = Image.open(io.BytesIO(buf.getvalue())).convert("L")
    return img


# The `--geometry` development sets (benchmarks/README.md, scans-dev-geom): the page as the
# usual draw made it, put in the file the way a scan or a photograph of a book comes. The
# geometry draws from a generator of its own, so the page's pixels are those of the plain set.
GEOMETRIES = ("border", "spread", "rotated", "colour", "huge", "curl", "tints", "quarter")
CONTAINERS = ("tiff", "pdf")  # --container: every page of the set also in one file of many pages
HUGE_DPI = 600
BED_IN = (8.27, 11.69)  # an A4 scanner bed


def _paper(img) -> int:
    """The page's paper grey: the median of its pixels."""
    hist = img.histogram()
    half, seen = sum(hist) / 2, 0
    for grey, count in enumerate(hist):
        seen += count
        if seen >= half:
            return grey
    return 255


def gutter_shadow(img, rng: random.Random, dpi: int, left: bool, record: dict):
    """The binding's shadow on a page (mode L): darker toward the binding edge by up to
    30-80 levels, fading over 0.3-0.6 in (quadratically)."""
    from PIL import Image, ImageChops

    depth, width = rng.randint(30, 80), round(rng.uniform(0.3, 0.6) * dpi)
    record.update(shadow=depth, shadow_px=width)
    w, h = img.size
    ramp = [round(depth * max(0.0, 1 - x / width) ** 2) for x in range(w)]
    row = Image.new("L", (w, 1))
    row.putdata(ramp if left else ramp[::-1])
    return ImageChops.subtract(img, row.resize((w, h)))


def on_bed(img, rng: random.Random, dpi: int, record: dict, size: tuple[int, int] | None = None):
    """The page (mode L) on a dark scanner bed or book edge: grey 10-70 with a gentle ramp
    and noise, 0.2-1.0 in of it on each side (drawn apart); or on a bed of `size` pixels,
    the page at a drawn place on it (the whole bed scanned)."""
    from PIL import Image, ImageChops

    w, h = img.size
    bed = rng.randint(10, 70)
    if size is None:
        ml, mt, mr, mb = (round(rng.uniform(0.2, 1.0) * dpi) for _ in range(4))
        size = (w + ml + mr, h + mt + mb)
    else:
        ml = rng.randint(0, max(0, size[0] - w))
        mt = rng.randint(0, max(0, size[1] - h))
    record.update(bed=bed, at=[ml, mt], size=list(size))
    canvas = (
        Image.linear_gradient("L").resize(size).point([bed + v * 20 // 255 for v in range(256)])
    )
    noise = Image.frombytes("L", size, rng.randbytes(size[0] * size[1])).point(
        [v * 6 // 255 for v in range(256)]
    )
    canvas = ImageChops.add(canvas, noise)
    canvas.paste(img, (ml, mt))
    return canvas


def _bilevel_again(img, was_bilevel: bool):
    return (
        img.point([0 if v < 128 else 255 for v in range(256)]).convert("1") if was_bilevel else img
    )


def curl(img, rng: random.Random, dpi: int, left: bool, record: dict, fill: int):
    """The lines bent near the binding: each column of the inner third moved up or down by
    up to 0.03-0.06 in, growing with the square of its nearness to the binding edge."""
    from PIL import Image

    w, h = img.size
    amp = rng.uniform(0.03, 0.06) * dpi * rng.choice((-1, 1))
    zone = w / 3
    record.update(curl_px=round(amp, 1))

    def dy(x: float) -> float:
        z = (zone - x) / zone if left else (x - (w - zone)) / zone
        return amp * max(0.0, z) ** 2

    mesh, step = [], 8
    for x0 in range(0, w, step):
        x1 = min(w, x0 + step)
        d0, d1 = dy(x0), dy(x1)
        mesh.append(((x0, 0, x1, h), (x0, -d0, x0, h - d0, x1, h - d1, x1, -d1)))
    return img.transform(
        img.size, Image.Transform.MESH, mesh, Image.Resampling.BILINEAR, fillcolor=fill
    )


def tinted(img, rng: random.Random, record: dict):
    """The page (mode L) in colour, one tint drawn: faded (brown-grey ink of 90-140 on
    cream), tan (dark tan paper under a lighting ramp and a few stains, dark brown ink) or
    blue-grey (cool grey paper, blue-black ink)."""
    from PIL import Image, ImageChops, ImageFilter

    tint = rng.choice(("faded", "tan", "blue-grey"))
    if tint == "faded":
        paper = (rng.randint(232, 250), rng.randint(222, 240), rng.randint(185, 215))
        base = rng.randint(90, 140)
        ink = (base + rng.randint(0, 15), base - rng.randint(0, 15), base - rng.randint(10, 30))
    elif tint == "tan":
        paper = (rng.randint(195, 215), rng.randint(165, 190), rng.randint(110, 150))
        ink = (rng.randint(35, 60), rng.randint(20, 40), rng.randint(5, 25))
    else:
        g = rng.randint(195, 220)
        paper = (g - rng.randint(5, 15), g, g + rng.randint(5, 20))
        ink = (rng.randint(10, 30), rng.randint(15, 40), rng.randint(45, 80))
    record.update(tint=tint, paper=list(paper), ink=list(ink))
    bands = [
        img.point([i + (p - i) * v // 255 for v in range(256)])
        for p, i in zip(paper, ink, strict=True)
    ]
    out = Image.merge("RGB", bands)
    if tint == "tan":  # light falling off across the page, and stains of a darker tan
        w, h = out.size
        depth = rng.randint(15, 40)
        ramp = Image.linear_gradient("L").rotate(rng.choice((0, 90, 180, 270))).resize((w, h))
        shade = ramp.point([v * depth // 255 for v in range(256)])
        stains = Image.new("L", (w, h), 0)
        for _ in range(rng.randint(2, 6)):
            r = rng.randint(w // 40, w // 12)
            x, y = rng.randint(0, w), rng.randint(0, h)
            blot = Image.new("L", (2 * r, 2 * r), 0)
            blot.paste(rng.randint(15, 35), (0, 0, 2 * r, 2 * r), _disc(2 * r))
            stains.paste(ImageChops.lighter(stains.crop((x - r, y - r, x + r, y + r)), blot),
                         (x - r, y - r))  # fmt: skip
        dark = ImageChops.add(shade, stains.filter(ImageFilter.GaussianBlur(max(2, w // 200))))
        out = ImageChops.subtract(
            out, Image.merge("RGB", [dark, dark, dark.point(lambda v: v // 2)])
        )
    return out


def _disc(d: int):
    from PIL import Image, ImageDraw

    mask = Image.new("L", (d, d), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, d - 1, d - 1), fill=255)
    return mask


def apply_geometry(img, name: str, rng: random.Random, dpi: int, page_no: int, right=None):
    """`img` (a page as `render_page` made it) put in a file as `name` says; and what was
    drawn. `right`: the page beside it in a spread (None: blank paper)."""
    from PIL import Image

    record: dict[str, Any] = {"name": name}
    was_bilevel = img.mode == "1"
    left = page_no % 2 == 1  # a recto (odd page) is bound on its left
    if name in ("rotated", "quarter"):
        turn = rng.choice((90, 180, 270) if name == "rotated" else (90, 270))
        record["turn"] = turn  # counter-clockwise, as Pillow turns
        ops = {90: Image.Transpose.ROTATE_90, 180: Image.Transpose.ROTATE_180,
               270: Image.Transpose.ROTATE_270}  # fmt: skip
        return img.transpose(ops[turn]), record
    img = img.convert("L")
    if name == "colour":
        paper = (rng.randint(225, 245), rng.randint(205, 230), rng.randint(160, 200))
        ink = (rng.randint(30, 70), rng.randint(20, 50), rng.randint(10, 40))
        record.update(paper=list(paper), ink=list(ink))
        bands = [
            img.point([i + (p - i) * v // 255 for v in range(256)])
            for p, i in zip(paper, ink, strict=True)
        ]
        return Image.merge("RGB", bands), record
    if name == "tints":
        return tinted(img, rng, record), record
    if name == "border":
        img = gutter_shadow(img, rng, dpi, left, record)
        return _bilevel_again(on_bed(img, rng, dpi, record), was_bilevel), record
    if name == "curl":
        img = curl(img, rng, dpi, left, record, _paper(img))
        img = gutter_shadow(img, rng, dpi, left, record)
        return _bilevel_again(img, was_bilevel), record
    if name == "huge":
        size = (round(BED_IN[0] * dpi), round(BED_IN[1] * dpi))
        return on_bed(img, rng, dpi, record, size), record
    if name == "spread":
        other = right.convert("L") if right is not None else None
        if other is None:
            other = Image.new("L", img.size, _paper(img))
        h = max(img.height, other.height)
        both = Image.new("L", (img.width + other.width, h), _paper(img))
        both.paste(img, (0, 0))
        both.paste(other, (img.width, 0))
        fold = {}
        a = gutter_shadow(both.crop((0, 0, img.width, h)), rng, dpi, False, fold)
        b = gutter_shadow(both.crop((img.width, 0, both.width, h)), rng, dpi, True, record)
        record["shadow_left"] = fold
        both.paste(a, (0, 0))
        both.paste(b, (img.width, 0))
        record["blank_right"] = right is None
        was_bilevel = was_bilevel and (right is None or right.mode == "1")
        return _bilevel_again(on_bed(both, rng, dpi, record), was_bilevel), record
    raise ValueError(f"unknown geometry {name!r}")


def write_container(out: Path, kind: str, pages: list[tuple[Path, int]]) -> str:
    """Every page (its PNG as saved, and its dpi) in one file of many pages in `out`, in
    order; its name. "tiff": a multi-page TIFF (deflate, each page in its mode, no
    resolution, as the PNGs); "pdf": a PDF of grey pages, each one scanned image at its dpi
    (Pillow's JPEG), joined by poppler's `pdfunite`."""
    import subprocess
    import tempfile

    from PIL import Image

    if kind == "tiff":
        ims = [Image.open(p) for p, _ in pages]
        ims[0].save(out / "pages.tif", save_all=True, append_images=ims[1:],
                    compression="tiff_deflate")  # fmt: skip
        return "pages.tif"
    with tempfile.TemporaryDirectory(prefix="render-pdf-") as tmp:
        parts = []
        for k, (p, dpi) in enumerate(pages, 1):
            part = Path(tmp, f"{k:04d}.pdf")
            with Image.open(p) as im:
                im.convert("L").save(part, "PDF", resolution=float(dpi))
            parts.append(str(part))
        if len(parts) == 1:
            Path(parts[0]).replace(out / "pages.pdf")
        else:
            subprocess.run(["pdfunite", *parts, str(out / "pages.pdf")], check=True)
    return "pages.pdf"


def _page_seed(seed: int, *parts: str) -> int:
    h = hashlib.sha256("\x1f".join([str(seed), *parts]).encode()).digest()
    return int.from_bytes(h[:8], "big")


@dataclass
class PageRecord:
    image: str
    gold: str
    font: str
    source: str
    page: int
    role: str  # train | heldout-page | heldout-font | heldout (both)
    words: int
    degradation: dict
    furniture: dict | None = None
    geometry: dict | None = None


def role_of(font: str, source: str) -> str:
    if font in FRESH_FONTS:
        return "fresh-new-page" if source not in HELDOUT_SOURCES else "fresh"
    f = font in HELDOUT_FONTS
    s = source in HELDOUT_SOURCES
    return "heldout" if f and s else "heldout-font" if f else "heldout-page" if s else "train"


def render_set(
    out: Path,
    fonts: list[str],
    sources: list[str],
    seed: int,
    variants: int,
    harsh: bool = False,
    pt: float = FONT_PT,
    width_in: float = TEXT_WIDTH_IN,
    condition: str = "",
    font_each: bool = False,
    skip: tuple[str, ...] = (),
    furniture: bool = False,
    number_at: str = "drawn",
    geometry: str = "",
    container: str = "",
) -> list[PageRecord]:
    """Every source in every font, or with `font_each` each source in one font, the fonts
    taken in turn (source i in font i mod n). With `furniture`, book pages (`book_pages`);
    with `geometry`, each page put in its file as `apply_geometry` says (a spread: pages n
    and n + 1 in one image, named and numbered by n). With `container` ("tiff" or "pdf"),
    every page also in one file of many pages (`write_container`)."""
    out.mkdir(parents=True, exist_ok=True)
    px = round(pt / 72 * DRAW_DPI)
    width = int(width_in * DRAW_DPI)
    records: list[PageRecord] = []
    held: list[tuple[Path, int]] = []  # --container: each page's PNG and its dpi, in order
    for fi, fname in enumerate(fonts):
        font = load_font(fname, px)
        for si, source in enumerate(sources):
            if font_each and si % len(fonts) != fi:
                continue
            if skip and source.startswith(skip):
                continue  # after the typeface is chosen: the others keep theirs
            furn: list[Furniture | None]
            if furniture:
                frng = random.Random(_page_seed(seed, "furniture", fname, source))
                note_font = load_font(fname, round(px * NOTE_SCALE))
                top = {"top": True, "foot": False}.get(number_at)
                pages, furn = book_pages(source_text(source), font, note_font, width, frng, top)
            else:
                lines = layout(paragraphs(source_text(source)), font, width)
                pages = paginate(lines, LINES_PER_PAGE)
                furn = [None] * len(pages)

            def drawn(
                n: int, v: int, pages=pages, furn=furn, font=font, fname=fname, source=source
            ) -> tuple[Any, Degradation, str]:
                page = pages[n - 1]
                rng = random.Random(_page_seed(seed, fname, source, str(n), str(v)))
                if condition:
                    deg = draw_condition(rng, condition)
                else:
                    deg = draw_harsh_degradation(rng) if harsh else draw_degradation(rng)
                if geometry == "huge":
                    deg.dpi = HUGE_DPI
                back = pages[n] if n < len(pages) else pages[n - 2] if n > 1 else None
                fu = furn[n - 1]
                img = render_page(page, font, deg, rng, LINES_PER_PAGE, width, back, fu)
                return img, deg, page_gold(page, fu.gold_notes if fu else [])

            for n, page in enumerate(pages, 1):
                if geometry == "spread" and n % 2 == 0:
                    continue  # the right page of the spread before it
                for v in range(variants):
                    img, deg, gold = drawn(n, v)
                    fu = furn[n - 1]
                    geo = None
                    if geometry:
                        grng = random.Random(_page_seed(seed, "geometry", fname, source, str(n)))
                        right = None
                        if geometry == "spread" and n < len(pages):
                            right, _deg, right_gold = drawn(n + 1, v)
                            gold += "\n" + right_gold
                        img, geo = apply_geometry(img, geometry, grng, deg.dpi, n, right)
                    stem = f"{fname}__{source}__p{n}" + (f"v{v}" if variants > 1 else "")
                    img.save(out / f"{stem}.png", optimize=True)
                    if container:
                        held.append((out / f"{stem}.png", deg.dpi))
                    (out / f"{stem}.gt.txt").write_text(gold, encoding="utf-8")
                    records.append(
                        PageRecord(
                            f"{stem}.png",
                            f"{stem}.gt.txt",
                            fname,
                            source,
                            n,
                            role_of(fname, source),
                            len(gold.split()),
                            asdict(deg),
                            fu.record(page) if fu else None,
                            geo,
                        )
                    )
                    print(f"{stem}.png  {role_of(fname, source)}", file=sys.stderr)
    manifest: dict = {"seed": seed, "variants": variants}
    if harsh or pt != FONT_PT or width_in != TEXT_WIDTH_IN:
        manifest.update(harsh=harsh, pt=pt)
    if font_each:
        manifest.update(font_each=True)
    if condition:
        manifest.update(condition=condition)
    if width_in != TEXT_WIDTH_IN:
        manifest.update(width_in=width_in)
    if furniture:
        manifest.update(furniture=True, hyphen_share=HYPHEN_SHARE, number_at=number_at)
    if geometry:
        manifest.update(geometry=geometry)
    manifest["pages"] = [
        {k: v for k, v in asdict(r).items() if k != "geometry" or v is not None} for r in records
    ]
    if container:
        name = write_container(out, container, held)
        manifest.update(container=container)
        for k, page in enumerate(manifest["pages"], 1):
            page.update(file=name, file_page=k)
    (out / "manifest.json").write_text(
        json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    return records


# Test fixtures: a few lines each, chosen for the words the normalizer must get right
# (ѣ in many words, і, final ъ, Roman numerals), and one modern-spelling paragraph that it
# must leave alone. (name, source, first words of the paragraph, paragraphs, font)
FIXTURES: tuple[tuple[str, str, str | None, int, str], ...] = (
    ("rules-exiles", "exiles", "I. Годными картами", 2, "oldstandard"),
    ("shah-game", "shah-a", "Берутъ изъ колодъ", 3, "ptserif"),
    ("modern-column", "dense-column", None, 1, "dejavuserif"),
)


# A book page (`book_pages`): running head, page number, words cut at line ends, a footnote.
BOOK_FIXTURE = ("book-page", "pages-10", "Какъ только въ одномъ столбцѣ", 3, "ptserif")


def render_book_fixture(out: Path, seed: int) -> None:
    name, source, start, count, fname = BOOK_FIXTURE
    px = round(FONT_PT / 72 * DRAW_DPI)
    paras = paragraphs(source_text(source))
    k = next(i for i, p in enumerate(paras) if p.startswith(start))
    font, note_font = load_font(fname, px), load_font(fname, round(px * NOTE_SCALE))
    rng = random.Random(_page_seed(seed, "fixture", name))
    text = "\n".join(paras[k : k + count])
    # the number in the head line: a lone page has no other page to show its head repeats
    pages, furn = book_pages(text, font, note_font, int(TEXT_WIDTH_IN * DRAW_DPI), rng, True)
    (page,), (fu,) = pages, furn
    assert fu is not None
    deg = draw_degradation(rng, strength=0.6)
    deg.dpi, deg.threshold = 200, True
    img = render_page(page, font, deg, rng, len(page), furniture=fu)
    img.save(out / f"{name}.png", optimize=True)
    (out / f"{name}.gt.txt").write_text(page_gold(page, fu.gold_notes), encoding="utf-8")
    size = (out / f"{name}.png").stat().st_size
    print(f"{out / name}.png  {img.size[0]}x{img.size[1]}  {size} bytes  {fu.record(page)}")


def render_fixtures(out: Path, seed: int) -> None:
    out.mkdir(parents=True, exist_ok=True)
    px = round(FONT_PT / 72 * DRAW_DPI)
    width = int(TEXT_WIDTH_IN * DRAW_DPI)
    for name, source, start, count, fname in FIXTURES:
        paras = paragraphs(source_text(source))
        k = next(i for i, p in enumerate(paras) if start is None or p.startswith(start))
        if start is None:  # the first paragraph long enough to wrap
            k = next(i for i, p in enumerate(paras) if len(p.split()) > 15)
        font = load_font(fname, px)
        lines = layout(paras[k : k + count], font, width)[:8]
        rng = random.Random(_page_seed(seed, "fixture", name))
        deg = draw_degradation(rng, strength=0.6)
        deg.dpi, deg.threshold = 200, True  # bilevel: a few KB per fixture
        img = render_page(lines, font, deg, rng, len(lines))
        img.save(out / f"{name}.png", optimize=True)
        (out / f"{name}.gt.txt").write_text(page_gold(lines), encoding="utf-8")
        size = (out / f"{name}.png").stat().st_size
        print(f"{out / name}.png  {img.size[0]}x{img.size[1]}  {size} bytes  {asdict(deg)}")
    render_book_fixture(out, seed)


def _conditions(value: str) -> str:
    for one in value.split("+"):
        if one not in CONDITIONS:
            raise argparse.ArgumentTypeError(f"unknown condition {one!r}")
    return value


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "out" / "scans")
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--variants", type=int, default=1, help="degradations per page")
    ap.add_argument(
        "--fonts", default=",".join(TRAIN_FONTS + HELDOUT_FONTS), help="comma-separated names"
    )
    ap.add_argument(
        "--fresh",
        action="store_true",
        help="the second held-out set: its typefaces, sources and seed (benchmarks/README.md)",
    )
    ap.add_argument(
        "--sources",
        default=",".join(TRAIN_SOURCES + HELDOUT_SOURCES),
        help="comma-separated: corpus passages (shah-a, blockade, …), pages-N sets or "
        "development phrasings-N sets (respelled: prereform_text.py)",
    )
    ap.add_argument(
        "--real-sets",
        default="",
        help="also every Russian passage of these development sets of data/real "
        "(dev,dev-2,…), respelled the old way: sources real-<id>",
    )
    ap.add_argument(
        "--texts",
        type=Path,
        help="also every .txt file of this folder, set as it is spelled (sources text-<stem>: "
        "prose from outside the repository, benchmarks/README.md, scans-dev-prose)",
    )
    ap.add_argument(
        "--font-each",
        action="store_true",
        help="each source in one typeface, the --fonts taken in turn (not every pair)",
    )
    ap.add_argument(
        "--skip-sources",
        default="",
        help="render no page of the sources beginning so (comma-separated: real-code-); "
        "every other page keeps its typeface and degradation",
    )
    ap.add_argument(
        "--harsh", action="store_true", help="worse scans: lower dpi, more blur, noise, skew"
    )
    ap.add_argument(
        "--condition",
        type=_conditions,
        help="one flaw pushed past the usual draw, or several joined by + (bleed+faint): "
        f"{', '.join(CONDITIONS)} (benchmarks/README.md, scans-dev-cond)",
    )
    ap.add_argument(
        "--furniture",
        action="store_true",
        help="book pages: a running head, page numbers, words cut at line ends, footnotes "
        "under a rule (benchmarks/README.md, scans-dev-book)",
    )
    ap.add_argument(
        "--number-at",
        choices=("drawn", "top", "foot"),
        default="drawn",
        help="with --furniture: the page number in the head line, under the page, or drawn",
    )
    ap.add_argument(
        "--geometry",
        choices=GEOMETRIES,
        help="the page put in its file as a scan comes: on a dark bed (border), two pages "
        "side by side (spread), turned (rotated), in colour (colour), a 600 dpi bed (huge), "
        "bent lines near the binding (curl), in other tints (tints), turned a quarter either "
        "way (quarter) (benchmarks/README.md, scans-dev-geom)",
    )
    ap.add_argument(
        "--container",
        choices=CONTAINERS,
        help="also every page of the set in one file of many pages: a multi-page TIFF or a "
        "PDF of grey scanned pages (benchmarks/README.md, scans-13)",
    )
    ap.add_argument("--pt", type=float, default=FONT_PT, help="type size in points")
    ap.add_argument("--width", type=float, default=TEXT_WIDTH_IN, help="text block width in inches")
    ap.add_argument("--fixtures", type=Path, help="render the test fixtures here instead")
    ap.add_argument("--list-fonts", action="store_true", help="check the fonts' coverage")
    args = ap.parse_args(argv)
    if args.list_fonts:
        for name, (pkg, path) in FONTS.items():
            ok = Path(path).is_file()
            missing = font_covers(path) if ok else list(PREREFORM_LETTERS)
            verdict = "ok" if ok and not missing else "MISSING " + "".join(missing)
            print(f"{name:12} {pkg:18} {verdict}")
        return 0
    if args.fixtures:
        render_fixtures(args.fixtures, args.seed)
        return 0
    fonts = [f for f in args.fonts.split(",") if f]
    sources = [s for s in args.sources.split(",") if s]
    if args.real_sets:
        sources += real_dev_sources([s for s in args.real_sets.split(",") if s])
    if args.texts:
        sources += text_sources(args.texts)
    if args.fresh:
        fonts, sources, args.seed = list(FRESH_FONTS), list(FRESH_SOURCES), FRESH_SEED
    for f in fonts:
        if f not in FONTS:
            sys.exit(f"render_scans: unknown font {f!r} (known: {', '.join(FONTS)})")
    render_set(
        args.out,
        fonts,
        sources,
        args.seed,
        args.variants,
        args.harsh,
        args.pt,
        args.width,
        args.condition or "",
        args.font_each,
        tuple(x for x in args.skip_sources.split(",") if x),
        args.furniture,
        args.number_at,
        args.geometry or "",
        args.container or "",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
