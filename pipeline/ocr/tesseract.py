"""Tesseract through its command line, read back as TSV.

The command line, not `pytesseract`: pytesseract is itself a wrapper that writes the image to a
temporary file and runs this same binary, so it adds a dependency and a copy of every page but
no capability; the TSV output already gives every word's box, confidence and its block,
paragraph and line. One process per page with `OMP_THREAD_LIMIT=1`: pages run in parallel on
the cores there are, which is faster than Tesseract's own threads on one page.
"""

from __future__ import annotations

import functools
import os
import resource
import subprocess
from dataclasses import dataclass
from typing import NamedTuple

from pipeline.errors import InputError
from pipeline.ocr.frame import Frame, frames_of
from pipeline.ocr.inputs import DEBIAN_PACKAGES, ToolMissing

PAGE_SECONDS = 600  # the most Tesseract may take on one page
MEMORY_BYTES = 4 << 30  # address-space limit of one Tesseract process
DEFAULT_LANG = "script/Cyrillic"


@dataclass(frozen=True, slots=True)
class TWord:
    """One word as Tesseract read it: box in pixels (left, top, right, bottom)."""

    text: str
    left: int
    top: int
    right: int
    bottom: int
    conf: float
    block: int
    par: int
    line: int


@dataclass(frozen=True, slots=True)
class TPage:
    """One page Tesseract read; `frame`: where it lies in its file's image when it is a
    piece of it (`geometry`), its words' boxes being in the piece's pixels."""

    width: int
    height: int
    words: tuple[TWord, ...]
    frame: Frame | None = None


@functools.cache
def version() -> str:
    try:
        out = subprocess.run(
            ["tesseract", "--version"], capture_output=True, timeout=30, check=False
        )
    except FileNotFoundError:
        raise ToolMissing(
            f"tesseract is not installed (Debian: apt-get install {DEBIAN_PACKAGES})"
        ) from None
    text = (out.stdout or out.stderr).decode("utf-8", "replace").split("\n", 1)[0]
    return text.strip() or "tesseract"


@functools.cache
def languages() -> frozenset[str]:
    version()
    out = subprocess.run(
        ["tesseract", "--list-langs"], capture_output=True, timeout=30, check=False
    )
    lines = out.stdout.decode("utf-8", "replace").splitlines()[1:]
    return frozenset(ln.strip() for ln in lines if ln.strip())


def check_lang(lang: str) -> None:
    """Every model of `lang` ("rus", "rus+srp", "script/Cyrillic") must be installed."""
    have = languages()
    for part in lang.split("+"):
        if part not in have and part.removeprefix("script/") not in have:
            shown = ", ".join(sorted(have)) or "none"
            raise InputError(
                f"no Tesseract model {part!r} is installed (installed: {shown}); "
                "Debian packages tesseract-ocr-rus, tesseract-ocr-script-cyrl, ...",
                path="--lang",
            )


def _model(lang: str) -> str:
    """Tesseract's name for each part: the Debian script models lie at the top level."""
    have = languages()
    return "+".join(p if p in have else p.removeprefix("script/") for p in lang.split("+"))


def _limit_memory() -> None:  # runs in the child before exec
    """`MEMORY_BYTES`, or the limit the user already set when lower (`ulimit -v`): a limit
    can be lowered, never raised above its hard limit."""
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = MEMORY_BYTES if hard == resource.RLIM_INFINITY else min(MEMORY_BYTES, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def run(image: str, lang: str, *, dpi: int | None = None, where: str | None = None) -> str:
    """Tesseract's TSV for one image file (every page of a multi-page TIFF)."""
    version()
    args = ["tesseract", image, "-", "-l", _model(lang), "--psm", "3"]
    if dpi:
        args += ["--dpi", str(dpi)]
    args.append("tsv")
    env = dict(os.environ, OMP_THREAD_LIMIT="1", LC_ALL="C")
    try:
        proc = subprocess.run(
            args,
            capture_output=True,
            timeout=PAGE_SECONDS,
            check=False,
            env=env,
            preexec_fn=_limit_memory,
        )
    except subprocess.TimeoutExpired:
        raise InputError(
            f"Tesseract took more than {PAGE_SECONDS} s", path=where or image
        ) from None
    if proc.returncode != 0:
        lines = [ln.strip() for ln in proc.stderr.decode("utf-8", "replace").splitlines()]
        lines = [ln for ln in lines if ln and not ln.startswith(("Warning", "Estimating"))]
        reason = lines[-1][:120] if lines else f"exit status {proc.returncode}"
        raise InputError(f"Tesseract cannot read this image: {reason}", path=where or image)
    return proc.stdout.decode("utf-8", "replace")


# Tesseract's TSV: a header line, then a row a line of 12 tab-separated columns
LEVEL, BOX, WIDTH, CONF, TEXT = 0, slice(6, 10), 8, 10, 11  # BOX: left, top, width, height
COLUMNS = 12


def tsv_rows(tsv: str) -> list[list[str]]:
    """Every line of a TSV split into its columns, the header first. Nothing is decoded:
    `tsv_join` gives the TSV back byte for byte, so a rewrite keeps Tesseract's own strings
    (its confidences above all: the page cache holds them)."""
    return [line.split("\t") for line in tsv.split("\n")]


def tsv_join(rows: list[list[str]]) -> str:
    """The TSV of `tsv_rows`' rows."""
    return "\n".join("\t".join(cols) for cols in rows)


def is_word(cols: list[str]) -> bool:
    """Whether a row is a word Tesseract read (level 5, some text)."""
    return len(cols) >= COLUMNS and cols[LEVEL] == "5" and bool(cols[TEXT].strip())


def row_box(cols: list[str]) -> tuple[int, int, int, int] | None:
    """A row's (left, top, width, height) in pixels; None where a column is not a number."""
    if len(cols) < COLUMNS:
        return None
    try:
        left, top, width, height = (int(c) for c in cols[BOX])
    except ValueError:
        return None
    return left, top, width, height


def parse_tsv(tsv: str) -> list[TPage]:
    """The pages of a TSV (level 1 rows give each page's size; level 5 rows are words;
    `#frame` lines where each page lies in its file's image)."""
    pages: dict[int, tuple[int, int]] = {}
    words: dict[int, list[TWord]] = {}
    for cols in tsv_rows(tsv)[1:]:
        got = row_box(cols)
        if got is None:
            continue
        left, top, width, height = got
        try:
            level, page, block, par, line = (int(c) for c in cols[:5])
            conf = float(cols[CONF])
        except ValueError:
            continue
        if level == 1:
            pages[page] = (width, height)
        elif level == 5:
            text = cols[TEXT].strip()
            if text:
                words.setdefault(page, []).append(
                    TWord(
                        text,
                        left,
                        top,
                        left + width,
                        top + height,
                        round(conf, 2),
                        block,
                        par,
                        line,
                    )
                )
    frames = frames_of(tsv)
    return [
        TPage(w, h, tuple(words.get(n, ())), frames.get(n)) for n, (w, h) in sorted(pages.items())
    ]


def words_read(tsv: str) -> int:
    """The words Tesseract read in a TSV, on all its pages."""
    return summary(tsv).words


def mean_confidence(tsv: str) -> float:
    """Tesseract's mean confidence in the words of a TSV (0 with none)."""
    return summary(tsv).confidence


class Summary(NamedTuple):
    """How a reading went: its words, Tesseract's mean confidence in them (0 with none), and
    how many of its words of `LONG_WORD` letters or more stand taller than wide (a page
    lying on its side that Tesseract read line by line down the page)."""

    words: int
    confidence: float
    long_words: int
    tall_words: int


LONG_WORD = 3


def summary(tsv: str) -> Summary:
    """The `Summary` of a TSV, from one parse."""
    words = [w for page in parse_tsv(tsv) for w in page.words]
    confs = [w.conf for w in words if w.conf >= 0]
    long = [w for w in words if len(w.text) >= LONG_WORD]
    tall = sum(1 for w in long if w.bottom - w.top > w.right - w.left)
    return Summary(len(words), sum(confs) / len(confs) if confs else 0.0, len(long), tall)


def join_pages(tsvs: list[str], frames: list[Frame]) -> str:
    """One TSV of pages read apart (pieces of one image), page k the k-th, each with its
    frame line."""
    rows = tsv_rows(tsvs[0])[:1] if tsvs else [[]]
    for k, tsv in enumerate(tsvs, 1):
        for cols in tsv_rows(tsv)[1:]:
            if len(cols) >= COLUMNS:
                rows.append([cols[0], str(k), *cols[2:]])
    lines = [tsv_join(rows)] + [fr.line(k) for k, fr in enumerate(frames, 1)]
    return "\n".join(lines) + "\n"
