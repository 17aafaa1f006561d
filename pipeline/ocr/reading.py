"""One page read as `pasyans ocr` reads it: found in its image, cleaned, smoothed and merged,
or clipped again.

The order of the readings is the one home of this sequence: `run.read_page` (Tesseract's
TSV kept in the page cache) and `benchmarks/scan_facts.py` (Tesseract's files kept beside
the synthetic scans) both call `read_page_image` (`benchmarks/ocr_scans.py --clean`:
`read_cleaned`, the page as it is), each with its own way of running Tesseract, so a page
reads the same in both.

`read_page_image` first finds the pages inside the image (`geometry.frame_pages`: a dark
surround cut, a quarter turn undone, a spread split, a huge page scaled) and reads each
piece as `read_cleaned` reads a page, their TSVs joined as the pages of one (each with its
`Frame`). A page upside down looks upright to that: a reading Tesseract is unsure of
(`UNSURE_CONF`, or fewer than `clean.FEW_WORDS` words) is read again turned half round, and
that reading kept where Tesseract is surer of it by `FLIP_MARGIN` (an upright page read
30 points surer than upside down on the first measurement: 89 against 31).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from pipeline.ocr import clean, geometry, merge, tesseract

UNSURE_CONF = 55.0  # a page read with a lower mean confidence is read again turned half round
FLIP_MARGIN = 15.0  # ... and that reading kept where its mean confidence is higher by this


class Reading(NamedTuple):
    """A page's TSV and how it was read: `plain` (the page as it is), `cleaned` (clipped
    of its grey, read instead of the page), `smoothed` (a bilevel page read smoothed, each
    word the plain reading's where that is surer), `clipped` (read almost nothing as it
    is, more words clipped)."""

    tsv: str
    how: str


def read_cleaned(
    page: Path, work: Path, read: Callable[[Path, int], str], plain: Callable[[], str]
) -> Reading:
    """The reading of `page` (`clean.clean_page` first; its images go to `work`).

    `read(image, scale)` is Tesseract's TSV of an image `scale` times the page's size (its
    boxes in the image's pixels); `plain()` is Tesseract's TSV of the page itself, asked
    for only when needed (a caller may keep it). A smoothed reading's boxes are scaled back
    to the page's pixels before its words meet the plain reading's (`merge.surer_words`)."""
    image, scale = clean.clean_page(page, work)
    if image != page:
        tsv = clean.unscale_tsv(read(image, scale), scale)
        if scale == 1:
            return Reading(tsv, "cleaned")
        return Reading(merge.surer_words(tsv, plain())[0], "smoothed")
    tsv = plain()
    if clean.read_little(tsv):
        # noise can leave the layout no line at all: the clipped page may read
        clipped = clean.clip_image(page, work)
        if clipped != page:
            again = read(clipped, 1)
            if tesseract.words_read(again) > tesseract.words_read(tsv):
                return Reading(again, "clipped")
    return Reading(tsv, "plain")


# (image, scale, what) -> Tesseract's TSV of the image; `scale`: the image's pixels per pixel
# of the page file (for the dpi); `what` names the reading, for a caller that keeps it:
# "plain", "cleaned" or "smoothed", after a piece's prefix ("g1-", "fg2-": turned half round)
Reader = Callable[[Path, float, str], str]


def read_page_image(page: Path, work: Path, read: Reader) -> Reading:
    """The reading of the page file `page` (its pieces' images go to `work`): see the
    module's docstring."""
    reading = _read_pieces(page, work, read, geometry.frame_pages(page, work), "")
    if _unsure(reading.tsv):
        flipped = geometry.frame_pages(page, work, 180)  # None: an image Pillow cannot read
        if flipped is not None:
            again = _read_pieces(page, work, read, flipped, "f")
            surer = tesseract.mean_confidence(reading.tsv) + FLIP_MARGIN
            if tesseract.mean_confidence(again.tsv) >= surer:
                return again
    return reading


def _unsure(tsv: str) -> bool:
    return (
        tesseract.words_read(tsv) < clean.FEW_WORDS or tesseract.mean_confidence(tsv) < UNSURE_CONF
    )


def _read_pieces(
    page: Path, work: Path, read: Reader, pieces: list[geometry.Piece] | None, tag: str
) -> Reading:
    """`read_cleaned` on the page as it is (`pieces` None) or on each piece, joined."""

    def reader(image: Path, prefix: str, scale: float) -> tuple[Callable, Callable]:
        def cleaned(img: Path, k: int) -> str:
            return read(img, k * scale, prefix + ("cleaned" if k == 1 else "smoothed"))

        return cleaned, lambda: read(image, scale, prefix + "plain")

    if pieces is None:
        return read_cleaned(page, work, *reader(page, "", 1.0))
    tsvs, hows = [], []
    for k, piece in enumerate(pieces, 1):
        got = read_cleaned(
            piece.image, work, *reader(piece.image, f"{tag}g{k}-", piece.frame.scale)
        )
        tsvs.append(got.tsv)
        hows.append(got.how)
    return Reading(
        tesseract.join_pages(tsvs, [p.frame for p in pieces]), "framed:" + ",".join(hows)
    )
