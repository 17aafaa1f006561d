"""The cited words on the page image, for self-contained HTML reports.

A citation's raw spans (`{source, start, end}`) find their OCR sidecar (`NAME.ocr.json`, kept
by ingest in the OCR cache under `sources/`), the sidecar finds the words' page and boxes, and
the page image is embedded once per report as a data: URI inside an SVG `<image>`; each cited
line is an SVG whose viewBox is the words' box (with a margin), so the browser shows just
that strip of the page and nothing is fetched; a page that was read turned (`frame`) is
turned upright in the figure. Page images of PDFs are rendered again by poppler at a lower
resolution; TIFF, which browsers cannot show, is left out.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import os
import tempfile
from html import escape
from pathlib import Path

from pipeline.errors import PasyansError
from pipeline.ocr.document import OcrDocument, PageInfo, from_json
from pipeline.ocr.inputs import sniff
from pipeline.ocr.run import cache_dir

EMBED_DPI = 150  # a PDF page embedded in a report
MAX_EMBED_BYTES = 8 << 20  # a page image larger than this is not embedded
MARGIN = 12  # pixels around the cited words


@functools.cache
def find_sidecar(source: str) -> OcrDocument | None:
    """The OCR words of source `source`, from the newest sidecar of that name in the cache."""
    root = cache_dir(Path.cwd()) / "sources"
    found = sorted(
        root.glob(f"*/{source}.ocr.json") if root.is_dir() else [],
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for path in found:
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            doc = from_json(path.read_text(encoding="utf-8"))
            text = path.with_name(f"{source}.txt")
            if text.is_file():
                return doc
    return None


def page_image(info: PageInfo) -> tuple[str, bytes] | None:
    """(MIME type, bytes) of the page's image, or None when it cannot be shown."""
    try:
        kind = sniff(info.file)
    except PasyansError:  # a moved or changed file simply has no picture
        return None
    if kind in ("png", "jpeg"):
        if os.path.getsize(info.file) > MAX_EMBED_BYTES:
            return None
        return f"image/{kind}", Path(info.file).read_bytes()
    if kind != "pdf":
        return None
    import subprocess

    with tempfile.TemporaryDirectory(prefix="pasyans-scan-") as work:
        prefix = str(Path(work) / "p")
        page = str(info.page)
        try:
            subprocess.run(
                ["pdftoppm", "-r", str(EMBED_DPI), "-gray", "-png", "-f", page, "-l", page,
                 "-singlefile", info.file, prefix],
                capture_output=True, timeout=60, check=True,
            )  # fmt: skip
            data = Path(prefix + ".png").read_bytes()
        except (OSError, subprocess.SubprocessError):
            return None
    return ("image/png", data) if len(data) <= MAX_EMBED_BYTES else None


def upright(info: PageInfo, box: list[int]) -> tuple[tuple[int, ...], tuple[int, int], str]:
    """A cited box on a page that was read turned (`PageInfo.frame`), shown upright: the box
    and the image's size in the turned image's pixels, and the SVG transform that turns the
    file's image so ("" for a page read as it lies)."""
    from pipeline.ocr.frame import turn_box

    turn = int(info.frame[0]) if info.frame else 0
    w, h = info.width, info.height
    if not turn:
        return tuple(box), (w, h), ""
    turned = turn_box(tuple(box), turn, w, h)  # type: ignore[arg-type]
    matrix = {90: f"0 -1 1 0 0 {w}", 180: f"-1 0 0 -1 {w} {h}", 270: f"0 1 -1 0 {h} 0"}[turn]
    size = (h, w) if turn in (90, 270) else (w, h)
    return turned, size, f' transform="matrix({matrix})"'


class ScanFigures:
    """Cited lines for one HTML page: `figure(spans)` per citation, `defs()` once at the end
    (the page images, each embedded once whatever the number of citations on it)."""

    def __init__(self) -> None:
        self._pages: dict[tuple[str, int], tuple[str, PageInfo] | None] = {}

    def _page_id(self, info: PageInfo) -> str | None:
        key = (info.file, info.page)
        if key not in self._pages:
            self._pages[key] = (
                (f"scan-page-{len(self._pages) + 1}", info) if page_image(info) else None
            )
        got = self._pages[key]
        return got[0] if got else None

    def figure(self, spans: list[dict] | tuple | None) -> str:
        """The cited words' lines cut from their page images ("" when none can be shown)."""
        out = []
        for span in spans or ():
            doc = find_sidecar(str(span.get("source", "")))
            if doc is None:
                continue
            for where in doc.cite(int(span["start"]), int(span["end"])):
                info = next(p for p in doc.pages if p.n == where["page"])
                pid = self._page_id(info)
                if pid is None:
                    continue
                (left, top, right, bottom), (pw, ph), turn = upright(info, where["box"])
                x, y = max(0, left - MARGIN), max(0, top - MARGIN)
                w = min(pw, right + MARGIN) - x
                h = min(ph, bottom + MARGIN) - y
                shown = min(560, w)
                label = f"p. {where['label']}" if where["label"] else f"page {where['page']}"
                out.append(
                    f'<figure class="scan" data-page="{where["page"]}">'
                    f'<svg class="scan" viewBox="{x} {y} {w} {h}" width="{shown}" '
                    f'height="{round(shown * h / w)}" role="img" '
                    f'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
                    f"<title>{escape(Path(info.file).name)}, {escape(label)}</title>"
                    f'<use href="#{pid}"{turn}/></svg>'
                    f"<figcaption><small>{escape(Path(info.file).name)}, {escape(label)}"
                    "</small></figcaption></figure>"
                )
        return "".join(out)

    def defs(self) -> str:
        """The page images the figures use, in one hidden SVG ("" when there are none)."""
        used = [v for v in self._pages.values() if v]
        if not used:
            return ""
        parts = ['<svg width="0" height="0" style="position:absolute" aria-hidden="true" '
                 'xmlns="http://www.w3.org/2000/svg"><defs>']  # fmt: skip
        for pid, info in used:
            got = page_image(info)
            if got is None:
                continue
            mime, data = got
            uri = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
            parts.append(
                f'<image id="{pid}" x="0" y="0" width="{info.width}" height="{info.height}" '
                f'preserveAspectRatio="none" href="{uri}"/>'
            )
        parts.append("</defs></svg>")
        return "".join(parts)
