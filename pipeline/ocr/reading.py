"""One page read as `pasyans ocr` reads it: cleaned, smoothed and merged, or clipped again.

The order of the readings is the one home of this sequence: `run.read_page` (Tesseract's
TSV kept in the page cache) and `benchmarks/ocr_scans.py --clean` (Tesseract's files kept
beside the synthetic scans) both call `read_cleaned`, each with its own way of running
Tesseract, so a page reads the same in both.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from pipeline.ocr import clean, merge, tesseract


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
