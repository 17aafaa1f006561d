"""OCR of many pages: planned file by file, read in parallel, cached by content, in order.

Every input is checked (its header, its page count) before the first page is read, so bad
input fails at once. Pages then go to one Tesseract process per core, at most a few pages
ahead of the one being laid out: a PDF is rendered page by page into a temporary directory
that holds only the pages being read.

Each page image is cleaned first (`clean`: the paper behind the ink made white, a bilevel
page smoothed and read plainly too, each word kept from the surer reading: `merge`), and a
page read to almost nothing is read once more clipped (`clean.read_little`): `reading`.
The cache keeps Tesseract's TSV of each page under a key made of the page's content hash
(`PageSource.key`), the model, the Tesseract version and the cleaning, in `cache_dir()`:
`$XDG_CACHE_HOME/pasyans/ocr`, else `~/.cache/pasyans/ocr`, else (no usable HOME)
`.pasyans-cache/ocr` in the directory given as `fallback`. Reading the same page again costs a
file read; the layout is recomputed, so it never goes stale.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from pipeline.errors import InputError
from pipeline.inputs import read_input
from pipeline.ocr import clean, geometry, tesseract
from pipeline.ocr.document import OcrDocument, PageInfo, assemble
from pipeline.ocr.inputs import PageSource, materialize, plan
from pipeline.ocr.layout import LaidPage, lay_out, mark_repeated_heads
from pipeline.ocr.reading import read_page_image
from pipeline.ocr.tesseract import TPage

CACHE_FORMAT = "1"


def cache_dir(fallback: Path | None = None) -> Path:
    """Where page results are cached (see the module's docstring)."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "pasyans" / "ocr"
    home = os.environ.get("HOME", "")
    if home and os.path.isabs(home) and os.path.isdir(home) and os.access(home, os.W_OK):
        return Path(home) / ".cache" / "pasyans" / "ocr"
    return (fallback or Path.cwd()) / ".pasyans-cache" / "ocr"


CACHE_ENTRY_BYTES = 64 << 20  # one page's TSV is some 100 KB
TSV_HEADER = "level\tpage_num\t"  # how Tesseract's TSV starts


class Cache:
    """Tesseract's TSV per page, one small file each, written atomically; a cache that
    cannot be written is skipped (the OCR is still right, only slower next time)."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self.hits = 0
        self.misses = 0

    def _path(self, key: str, lang: str) -> Path | None:
        if self.root is None:
            return None
        name = hashlib.sha256(
            f"{CACHE_FORMAT}\0{tesseract.version()}\0{clean.method()}\0{geometry.METHOD}\0"
            f"{lang}\0{key}".encode()
        ).hexdigest()
        return self.root / name[:2] / f"{name}.tsv"

    def get(self, key: str, lang: str) -> str | None:
        path = self._path(key, lang)
        if path is None:
            return None
        try:  # a regular file only (a FIFO put there would block), of bounded size
            data = read_input(path, CACHE_ENTRY_BYTES)
            text = data.decode("utf-8")
        except (InputError, UnicodeDecodeError):
            return None
        if len(data) > CACHE_ENTRY_BYTES or not text.startswith(TSV_HEADER):
            return None  # not Tesseract's TSV: read the page again rather than trust it
        self.hits += 1
        return text

    def put(self, key: str, lang: str, tsv: str) -> None:
        path = self._path(key, lang)
        if path is None:
            return
        from pipeline.atomic import write_text

        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_text(path, tsv)
        except OSError:
            self.root = None


def jobs_available() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def read_page(src: PageSource, lang: str, cache: Cache) -> list[TPage]:
    """Tesseract's pages for one source (several for a multi-page TIFF), from the cache when
    it has them."""
    tsv = cache.get(src.key, lang)
    if tsv is None:
        cache.misses += 1
        with tempfile.TemporaryDirectory(prefix="pasyans-ocr-") as work:
            page = materialize(src, Path(work))
            where = src.path if src.kind == "image" else f"{src.path} (page {src.page})"

            def read(image: Path, scale: float, _what: str) -> str:
                dpi = round(src.dpi * scale) if src.dpi else None
                return tesseract.run(str(image), lang, dpi=dpi, where=where)

            tsv = read_page_image(page, Path(work), read).tsv
        cache.put(src.key, lang, tsv)
    return tesseract.parse_tsv(tsv)


def in_order(
    work: Callable[[PageSource], list[TPage]], sources: Iterable[PageSource], jobs: int
) -> Iterator[tuple[PageSource, list[TPage]]]:
    """`work` on every source on `jobs` threads, yielded in input order, at most 2 x `jobs`
    sources in flight (a long PDF is never planned or held whole)."""
    window: deque[tuple[PageSource, Future]] = deque()
    pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="ocr")
    try:
        for src in sources:
            window.append((src, pool.submit(work, src)))
            if len(window) >= 2 * jobs:
                s, fut = window.popleft()
                yield s, fut.result()
        while window:
            s, fut = window.popleft()
            yield s, fut.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def lay_out_source(
    src: PageSource, pages: list[TPage], first: int
) -> list[tuple[PageInfo, LaidPage]]:
    """Each page Tesseract read from one source, laid out and numbered from `first` (the pages
    of a multi-page source keyed apart). Shared with whatever replays stored readings, so a
    benchmark lays pages out exactly as `ocr_files` does."""
    laid = []
    for k, tpage in enumerate(pages):
        lp = lay_out(tpage)
        key = src.key if len(pages) == 1 else f"{src.key}:{k + 1}"
        fr = tpage.frame  # a piece of the file's image: its page in the file, the file's size
        info = PageInfo(
            first + k,
            src.path,
            src.page if fr else src.page + k,
            fr.width if fr else tpage.width,
            fr.height if fr else tpage.height,
            src.dpi,
            lp.label,
            lp.running_head,
            lp.columns,
            key,
            fr.to_list() if fr else None,
        )
        laid.append((info, lp))
    return laid


def assemble_laid(laid: list[tuple[PageInfo, LaidPage]]) -> OcrDocument:
    """One document of the pages laid out, in order: a running head is known only across
    pages, so repeated heads are marked before the pages are assembled."""
    mark_repeated_heads([lp for _, lp in laid])
    for info, lp in laid:
        info.running_head = lp.running_head
    return assemble(laid)


def ocr_files(
    paths: list[str],
    lang: str = tesseract.DEFAULT_LANG,
    *,
    cache: Cache | None = None,
    jobs: int | None = None,
    progress: bool | None = None,
) -> OcrDocument:
    """One document from the pages of `paths`, in order (a PDF's pages in its order)."""
    tesseract.check_lang(lang)
    cache = cache or Cache(None)
    jobs = jobs or jobs_available()
    sources: list[PageSource] = []
    for p in paths:  # every file checked before the first page is read
        sources.extend(plan(str(p)))
    laid: list[tuple[PageInfo, LaidPage]] = []
    show = sys.stderr.isatty() if progress is None else progress
    with _progress(len(sources), show) as advance:
        for src, pages in in_order(lambda s: read_page(s, lang, cache), sources, jobs):
            laid.extend(lay_out_source(src, pages, len(laid) + 1))
            advance()
    doc = assemble_laid(laid)
    doc.engine = tesseract.version()
    doc.lang = lang
    return doc


class _progress:
    """A rich progress bar on stderr across all pages (only on a terminal)."""

    def __init__(self, total: int, show: bool) -> None:
        self.total = total
        self.show = show and total > 1
        self.bar: Any = None

    def __enter__(self) -> Callable[[], None]:
        if not self.show:
            return lambda: None
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        self.bar = Progress(
            "OCR",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self.bar.__enter__()
        task = self.bar.add_task("pages", total=self.total)
        return lambda: self.bar.advance(task)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)
