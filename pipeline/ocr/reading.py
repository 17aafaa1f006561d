"""One page read as `pasyans ocr` reads it: found in its image, cleaned, smoothed and merged,
or clipped again.

The order of the readings is the one home of this sequence: `run.read_page` (Tesseract's
TSV kept in the page cache) and `benchmarks/scan_facts.py` (Tesseract's files kept beside
the synthetic scans) both call `read_page_image` (`benchmarks/ocr_scans.py --clean`:
`read_cleaned`, the page as it is), each with its own way of running Tesseract, so a page
reads the same in both.

`read_page_image` first finds the pages inside the image, once (`geometry.find`: a dark
surround, a quarter turn, a page in colour), cuts them out (`geometry.pieces`: the surround
cut, the turn undone, a spread split, a huge page scaled, a colour page in its best grey)
and reads each piece as `read_cleaned` reads a page, their TSVs joined as the pages of one
(each with its `Frame`). A page upside down looks upright to that: a reading Tesseract is
unsure of (`UNSURE_CONF`, or fewer than `clean.FEW_WORDS` words) is read again turned half
round, and that reading kept where Tesseract is surer of it by `FLIP_MARGIN` (an upright
page read 30 points surer than upside down on the first measurement: 89 against 31). So a
page turned a quarter the other way is read twice; Tesseract's own orientation detection
(`--psm 0`) tells 90° from 270° as surely (25 of 25 turned pages, scans-13) but costs
1.1-1.3 CPU-s on every such page, more than the second reading of half of them. A page of
a few lines is not judged by its ink (`geometry.SPARSE_SWING`), and Tesseract reads such a
page lying on its side line by line down the page, surely but in the wrong order: where
most of its long words stand taller than wide (`SIDEWAYS_SHARE`), it is read again turned a
quarter (a text page upright: none of its words).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from pipeline.ocr import clean, geometry, merge, tesseract

UNSURE_CONF = 55.0  # a page read with a lower mean confidence is read again turned half round
FLIP_MARGIN = 15.0  # ... and that reading kept where its mean confidence is higher by this
SIDEWAYS_SHARE = 0.5  # more of a reading's long words taller than wide: the page lies on its side


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
# "plain", "cleaned" or "smoothed", after a piece's prefix ("g1-", "fg2-": turned half round,
# "qg1-": turned a quarter after a first reading down its side)
Reader = Callable[[Path, float, str], str]


def read_page_image(page: Path, work: Path, read: Reader) -> Reading:
    """The reading of the page file `page` (its pieces' images go to `work`): see the
    module's docstring."""
    found = geometry.find(page)  # None: an image Pillow cannot read
    pieces = geometry.pieces(found, page, work) if found is not None else None
    reading = _read_pieces(page, work, read, pieces, "")
    if found is None:
        return reading
    got, tag = tesseract.summary(reading.tsv), ""
    if not found.quarter and _sideways(got):
        # a page of a few lines, too few to tell its turn by its ink, read down its side
        found.quarter, tag = 90, "q"
        reading = _read_pieces(page, work, read, geometry.pieces(found, page, work), tag)
        got = tesseract.summary(reading.tsv)
    if got.words < clean.FEW_WORDS or got.confidence < UNSURE_CONF:
        flipped = geometry.pieces(found, page, work, 180)
        again = _read_pieces(page, work, read, flipped, tag + "f")
        if tesseract.summary(again.tsv).confidence >= got.confidence + FLIP_MARGIN:
            return again
    return reading


def _sideways(got: tesseract.Summary) -> bool:
    """Whether most long words of a reading stand taller than wide (`SIDEWAYS_SHARE`)."""
    return got.tall_words >= clean.FEW_WORDS and got.tall_words > SIDEWAYS_SHARE * got.long_words


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
