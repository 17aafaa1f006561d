"""What a page file is, checked from its header before anything decodes it.

Page images (PNG, JPEG, TIFF) are checked by their header alone: the dimensions are read from
it and refused above `MAX_PIXELS` (a decompression bomb never reaches a decoder), and the file
structure is walked without decompressing (a truncated PNG or JPEG is refused). A PDF is asked
its page count, page sizes and images by poppler's `pdfinfo` and `pdfimages -list`; its pages
are then planned one by one, so a 2,000-page PDF is never rendered all at once. A
multi-page TIFF is planned page by page too (each page's size from its tags), each page
taken out by Pillow when it is read (`tiff_page`), so each is found, turned and cut as a
page of its own and its words' boxes point into that page of the file.
"""

from __future__ import annotations

import hashlib
import os
import re
import struct
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import InputError, PasyansError, empty_file
from pipeline.inputs import read_input

MAX_PIXELS = 150_000_000  # a 600 dpi folio page is about 80 megapixels
MAX_SIDE = 30_000
MAX_PDF_PAGES = 20_000
PDF_DPI = 300  # poppler renders text pages at this resolution
TOOL_SECONDS = 120  # the most one poppler call on one page may take
DEBIAN_PACKAGES = "tesseract-ocr tesseract-ocr-rus tesseract-ocr-script-cyrl poppler-utils"


class ToolMissing(PasyansError):
    """A system tool (Tesseract, poppler) is not installed: exit 2."""

    exit_code = 2


@dataclass(frozen=True, slots=True)
class PageSource:
    """One page to OCR: where it comes from and how it is turned into an image.

    `kind`: "image" (the file itself), "tiff-page" (one page of a multi-page TIFF, taken
    out by Pillow), "pdf-image" (the page's single embedded scan, extracted) or "pdf-render"
    (rendered at `PDF_DPI`).
    `key` identifies the page's content for the cache (the file's SHA-256, page and method).
    """

    path: str
    page: int  # 1-based within the file
    kind: str
    width: int
    height: int
    key: str
    dpi: int | None = None


def file_sha256(path: str | os.PathLike) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def sniff(path: str) -> str:
    """ "png", "jpeg", "tiff" or "pdf" from the first bytes; an InputError otherwise."""
    head = read_input(path, 1023, "page image or PDF")  # a FIFO or a device: refused unread
    if not head:
        raise empty_file(head, path)
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return "tiff"
    if b"%PDF-" in head:
        return "pdf"
    start = head[:80].decode("utf-8", "replace")
    return _not_a_page(path, start)


def _not_a_page(path: str, start: str) -> str:
    shown = " ".join(start.split())[:20]
    raise InputError(f"not a PNG, JPEG, TIFF or PDF file (it starts with {shown!r})", path=path)


def _check_size(path: str, width: int, height: int, what: str = "image") -> None:
    if width <= 0 or height <= 0:
        raise InputError(f"{what} has no pixels ({width} x {height})", path=path)
    if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_PIXELS:
        raise InputError(
            f"{what} too large: {width:,} x {height:,} pixels (limit {MAX_PIXELS:,} pixels, "
            f"{MAX_SIDE:,} a side); refused before decoding",
            path=path,
        )


def png_size(path: str) -> tuple[int, int]:
    """Width and height from IHDR, after walking every chunk header to IEND (a file cut
    short is refused here, not half-read by the OCR)."""
    size = os.path.getsize(path)
    with open(path, "rb") as fh:
        fh.seek(8)
        pos, dims, chunks = 8, None, 0
        while True:
            header = fh.read(8)
            if len(header) < 8:
                raise InputError(
                    f"truncated PNG: the file ends at byte {pos:,} before IEND", path=path
                )
            length, kind = struct.unpack(">I4s", header)
            if chunks == 0:
                if kind != b"IHDR" or length != 13:
                    raise InputError("corrupt PNG: the first chunk is not IHDR", path=path)
                head = fh.read(8)
                if len(head) < 8:
                    raise InputError("truncated PNG: the file ends inside its header", path=path)
                dims = struct.unpack(">II", head)
                fh.seek(pos + 8)
            end = pos + 12 + length
            if end > size:
                raise InputError(
                    f"truncated PNG: chunk {kind.decode('latin-1')!r} at byte {pos:,} runs past "
                    f"the end of the file ({size:,} bytes)",
                    path=path,
                )
            chunks += 1
            if kind == b"IEND":
                break
            pos = end
            fh.seek(pos)
    assert dims is not None
    return dims


_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def jpeg_size(path: str) -> tuple[int, int]:
    """Width and height from the first SOF marker; the file must end with EOI."""
    size = os.path.getsize(path)
    with open(path, "rb") as fh:
        fh.seek(max(0, size - 64))
        if b"\xff\xd9" not in fh.read():
            raise InputError("truncated JPEG: no end-of-image marker", path=path)
        fh.seek(2)
        while True:
            marker = fh.read(2)
            if len(marker) < 2 or marker[0] != 0xFF:
                raise InputError("corrupt JPEG: no frame header before the image data", path=path)
            code = marker[1]
            if code == 0xFF:  # fill byte
                fh.seek(-1, os.SEEK_CUR)
                continue
            seg = fh.read(2)
            if len(seg) < 2:
                raise InputError("truncated JPEG header", path=path)
            (length,) = struct.unpack(">H", seg)
            if code in _SOF:
                body = fh.read(5)
                if len(body) < 5:
                    raise InputError("truncated JPEG header", path=path)
                height, width = struct.unpack(">xHH", body)
                return width, height
            fh.seek(length - 2, os.SEEK_CUR)


def tiff_pages(path: str) -> list[tuple[int, int]]:
    """(width, height) of every page (IFD) of a TIFF, read from its tags."""
    size = os.path.getsize(path)
    with open(path, "rb") as fh:
        data_head = fh.read(8)
        end = "<" if data_head[:2] == b"II" else ">"
        if len(data_head) < 8:
            raise InputError("truncated TIFF header", path=path)
        (offset,) = struct.unpack(end + "I", data_head[4:8])
        pages: list[tuple[int, int]] = []
        seen: set[int] = set()
        while offset:
            if offset in seen or len(pages) >= MAX_PDF_PAGES:
                raise InputError("corrupt TIFF: its page list loops", path=path)
            seen.add(offset)
            if offset + 2 > size:
                raise InputError(
                    f"truncated TIFF: page {len(pages) + 1} lies past the end", path=path
                )
            fh.seek(offset)
            (count,) = struct.unpack(end + "H", fh.read(2))
            entries = fh.read(12 * count + 4)
            if len(entries) < 12 * count + 4:
                raise InputError(
                    f"truncated TIFF: page {len(pages) + 1} lies past the end", path=path
                )
            width = height = 0
            for k in range(count):
                tag, typ, _n = struct.unpack(end + "HHI", entries[12 * k : 12 * k + 8])
                raw = entries[12 * k + 8 : 12 * k + 12]
                value = struct.unpack(
                    end + ("H" if typ == 3 else "I"), raw[: 2 if typ == 3 else 4]
                )[0]
                if tag == 256:
                    width = value
                elif tag == 257:
                    height = value
            pages.append((width, height))
            (offset,) = struct.unpack(end + "I", entries[-4:])
    if not pages:
        raise InputError("TIFF has no pages", path=path)
    return pages


def _run_tool(args: list[str], path: str, what: str) -> str:
    """Run a poppler tool; a missing tool or its failure is one line naming `path`."""
    try:
        proc = subprocess.run(
            args, capture_output=True, timeout=TOOL_SECONDS, check=False, env=_c_locale()
        )
    except FileNotFoundError:
        raise ToolMissing(
            f"{args[0]} is not installed (Debian: apt-get install {DEBIAN_PACKAGES})"
        ) from None
    except subprocess.TimeoutExpired:
        raise InputError(
            f"{args[0]} took more than {TOOL_SECONDS} s on {what}", path=path
        ) from None
    err = proc.stderr.decode("utf-8", "replace")
    if proc.returncode != 0:
        if re.search(r"password|encrypt", err, re.I):
            raise InputError("encrypted PDF: it needs a password to open", path=path)
        if re.search(r"Invalid page count 0|Wrong page range", err):
            raise InputError("PDF has no pages", path=path)
        lines = [ln.strip() for ln in err.splitlines() if ln.strip()]
        reason = lines[-1] if lines else f"exit status {proc.returncode}"
        raise InputError(f"{args[0]} cannot read {what}: {reason}", path=path)
    return proc.stdout.decode("utf-8", "replace")


def _c_locale() -> dict[str, str]:
    env = dict(os.environ)
    env["LC_ALL"] = "C"
    return env


_PAGE_SIZE = re.compile(r"^Page\s+(\d+)\s+size:\s+([\d.]+)\s+x\s+([\d.]+)", re.M)


def pdf_pages(path: str) -> Iterator[PageSource]:
    """The pages of a PDF, planned lazily: its single embedded scan where a page is one
    full-page image, else a rendering; each page's pixel size checked before any decoding."""
    info = _run_tool(["pdfinfo", path], path, "this PDF")
    m = re.search(r"^Pages:\s+(\d+)", info, re.M)
    pages = int(m.group(1)) if m else 0
    if pages == 0:
        raise InputError("PDF has no pages", path=path)
    if pages > MAX_PDF_PAGES:
        raise InputError(f"PDF has {pages:,} pages (limit {MAX_PDF_PAGES:,})", path=path)
    if re.search(r"^Encrypted:\s+yes", info, re.M):
        raise InputError("encrypted PDF: decrypt it first (e.g. qpdf --decrypt)", path=path)
    sizes = {
        int(p): (float(w), float(h))
        for p, w, h in _PAGE_SIZE.findall(
            _run_tool(["pdfinfo", "-f", "1", "-l", str(pages), path], path, "this PDF")
        )
    }
    images: dict[int, list[tuple[int, int, float, float]]] = {}
    listing = _run_tool(["pdfimages", "-list", path], path, "this PDF")
    for line in listing.splitlines()[2:]:
        cols = line.split()
        if len(cols) < 14 or cols[2] != "image":
            continue
        try:
            page, width, height = int(cols[0]), int(cols[3]), int(cols[4])
            xppi, yppi = float(cols[12]), float(cols[13])
        except ValueError:
            continue
        images.setdefault(page, []).append((width, height, xppi, yppi))
    digest = file_sha256(path)
    for page in range(1, pages + 1):
        w_pt, h_pt = sizes.get(page, (0.0, 0.0))
        scan = _single_scan(images.get(page, []), w_pt, h_pt)
        if scan is not None:
            width, height, dpi = scan
            _check_size(path, width, height, f"page {page}'s scan")
            yield PageSource(path, page, "pdf-image", width, height, f"{digest}:{page}:image", dpi)
            continue
        width = round(w_pt / 72 * PDF_DPI)
        height = round(h_pt / 72 * PDF_DPI)
        _check_size(path, width, height, f"page {page} at {PDF_DPI} dpi")
        yield PageSource(
            path, page, "pdf-render", width, height, f"{digest}:{page}:{PDF_DPI}dpi", PDF_DPI
        )


def _single_scan(
    images: list[tuple[int, int, float, float]], w_pt: float, h_pt: float
) -> tuple[int, int, int] | None:
    """(width, height, dpi) of a page's only image when it covers the page (a scanned book
    page); None when the page has text, several images, or a small one."""
    if len(images) != 1 or w_pt <= 0 or h_pt <= 0:
        return None
    width, height, xppi, yppi = images[0]
    if xppi <= 0 or yppi <= 0:
        return None
    covers = width / xppi * 72 >= 0.9 * w_pt and height / yppi * 72 >= 0.9 * h_pt
    return (width, height, round(xppi)) if covers else None


def plan(path: str) -> Iterator[PageSource]:
    """The pages of one input file, checked; lazily for a PDF."""
    kind = sniff(path)
    if kind == "pdf":
        yield from pdf_pages(path)
        return
    if kind == "tiff":
        sizes = tiff_pages(path)
    else:
        sizes = [png_size(path) if kind == "png" else jpeg_size(path)]
    for w, h in sizes:
        _check_size(path, w, h)
    if len(sizes) > 1 and have_pillow():
        # each page of a multi-page TIFF read as a page of its own: found in its image,
        # turned, cut (`geometry`), cached and read in parallel as a PDF's pages are
        digest = file_sha256(path)
        for k, (w, h) in enumerate(sizes, 1):
            yield PageSource(path, k, "tiff-page", w, h, f"{digest}:{k}:tiff")
        return
    # one page, or (no Pillow) every page of the TIFF in one Tesseract run, as it lies
    w, h = sizes[0]
    yield PageSource(path, 1, "image", w, h, file_sha256(path))


def have_pillow() -> bool:
    """Whether Pillow is installed (an optional extra): without it a multi-page TIFF goes to
    Tesseract whole and no page is cleaned. The one probe `clean.method` reads too."""
    try:
        import PIL  # noqa: F401
    except ImportError:
        return False
    return True


TIFF_MODES = ("1", "L", "LA", "P", "RGB", "RGBA", "I;16", "I")  # what PNG keeps as it is


def tiff_page(src: PageSource, workdir: Path) -> Path:
    """Page `src.page` of a multi-page TIFF as a PNG in `workdir` (its mode kept where PNG
    has it, so a bilevel page is still smoothed; its resolution kept): only that page is
    decoded, so a long TIFF is read in the memory of one page."""
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = None  # every page's size was checked from its tags (`plan`)
    out = workdir / f"p{src.page}.png"
    try:
        with Image.open(src.path) as im:
            im.seek(src.page - 1)
            im.load()
            page = im if im.mode in TIFF_MODES else im.convert("RGB")
            dpi = im.info.get("dpi")
            save: dict = {"dpi": dpi} if dpi and min(dpi) >= 50 else {}
            page.save(out, "PNG", compress_level=1, **save)
    except (OSError, ValueError, EOFError, SyntaxError) as err:
        why = f"cannot read page {src.page} of this TIFF: {err}"
        raise InputError(why, path=src.path) from None
    return out


def materialize(src: PageSource, workdir: Path) -> Path:
    """An image file Tesseract can read for `src` (the input itself, or a file in `workdir`
    made by poppler for this one page: a scan stored as JPEG is extracted as it is)."""
    if src.kind == "image":
        return Path(src.path)
    if src.kind == "tiff-page":
        return tiff_page(src, workdir)
    prefix = str(workdir / f"p{src.page}")
    page = str(src.page)
    if src.kind == "pdf-image":
        _run_tool(
            ["pdfimages", "-j", "-png", "-f", page, "-l", page, src.path, prefix],
            src.path,
            f"page {page}",
        )
    else:
        _run_tool(
            [
                "pdftoppm",
                "-r",
                str(PDF_DPI),
                "-gray",
                "-png",
                "-f",
                page,
                "-l",
                page,
                "-singlefile",
                src.path,
                prefix,
            ],
            src.path,
            f"page {page}",
        )
    made = sorted(p for p in workdir.glob(f"p{src.page}*") if p.suffix in (".png", ".jpg"))
    if not made:
        raise InputError(f"poppler made no image of page {page}", path=src.path)
    return made[0]
