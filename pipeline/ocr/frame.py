"""Where a page that was read lies in its file's image: turned, cut out, scaled.

A scan comes as a file, not as a page: a dark bed around the page, two pages side by side, a
page turned, a 600 dpi image (`geometry`). The page Tesseract reads is then a piece of the
file's image, and its word boxes are in the piece's pixels. A `Frame` maps them back, so a
word's box points into the file the user gave (the cited-line crop of `diff --html` and
`verify --html` cuts the file's image), and `to_piece` maps a box the other way for what
reads a page's lines (`lost_text`).

The frame travels with Tesseract's TSV (one `#frame` line per page after its rows, which
every TSV reader skips: too few columns), so the OCR cache keeps it with the words.
"""

from __future__ import annotations

from dataclasses import dataclass

Box = tuple[int, int, int, int]  # left, top, right, bottom
FRAME_TAG = "#frame"


@dataclass(frozen=True, slots=True)
class Frame:
    """The piece read is the file's image turned `turn` degrees counter-clockwise (Pillow's
    `transpose` sense: 0, 90, 180, 270), cut to `box` (in the turned image's pixels), then
    scaled by `scale` (pixels read per pixel of the file). `width` x `height`: the file's
    image."""

    turn: int
    box: Box
    scale: float
    width: int
    height: int

    def to_file(self, b: tuple[float, float, float, float]) -> Box:
        """A box in the piece's pixels -> the same box in the file image's pixels."""
        left, top, right, bottom = (v / self.scale for v in b)
        left, right = left + self.box[0], right + self.box[0]
        top, bottom = top + self.box[1], bottom + self.box[1]
        return unturn_box((left, top, right, bottom), self.turn, self.width, self.height)

    def to_piece(self, b: Box) -> Box:
        """A box in the file image's pixels -> the same box in the piece's pixels."""
        left, top, right, bottom = turn_box(b, self.turn, self.width, self.height)
        left, right = left - self.box[0], right - self.box[0]
        top, bottom = top - self.box[1], bottom - self.box[1]
        return tuple(round(v * self.scale) for v in (left, top, right, bottom))  # type: ignore[return-value]

    def piece_width(self) -> int:
        return round((self.box[2] - self.box[0]) * self.scale)

    def to_list(self) -> list:
        """The frame as JSON keeps it (the word-box sidecar's `frame`)."""
        return [self.turn, *self.box, self.scale, self.width, self.height]

    @classmethod
    def from_list(cls, v: list) -> Frame:
        turn, left, top, right, bottom, scale, width, height = v
        return cls(int(turn), (int(left), int(top), int(right), int(bottom)), float(scale),
                   int(width), int(height))  # fmt: skip

    def line(self, page: int) -> str:
        """The TSV line that carries this frame for page `page` of the TSV."""
        return "\t".join([FRAME_TAG, str(page), *(str(v) for v in self.to_list())])


def turn_box(b: Box, turn: int, width: int, height: int) -> Box:
    """A box in an image of `width` x `height` -> the same box in that image turned `turn`
    degrees counter-clockwise (Pillow's `transpose`)."""
    left, top, right, bottom = b
    w, h = width, height
    if turn == 90:  # file (x, y) -> turned (y, w - x)
        return (top, w - right, bottom, w - left)
    if turn == 180:
        return (w - right, h - bottom, w - left, h - top)
    if turn == 270:  # file (x, y) -> turned (h - y, x)
        return (h - bottom, left, h - top, right)
    return (left, top, right, bottom)


def unturn_box(b: tuple[float, float, float, float], turn: int, width: int, height: int) -> Box:
    """`turn_box` undone: a box in the turned image -> the box in the image of `width` x
    `height`, rounded to pixels."""
    left, top, right, bottom = b
    w, h = width, height
    if turn == 90:
        left, top, right, bottom = w - bottom, left, w - top, right
    elif turn == 180:
        left, top, right, bottom = w - right, h - bottom, w - left, h - top
    elif turn == 270:
        left, top, right, bottom = top, h - right, bottom, h - left
    return (round(left), round(top), round(right), round(bottom))


def frames_of(tsv: str) -> dict[int, Frame]:
    """The frames a TSV carries, by its page number."""
    out: dict[int, Frame] = {}
    for line in tsv.split("\n"):
        if line.startswith(FRAME_TAG + "\t"):
            cols = line.split("\t")
            try:
                out[int(cols[1])] = Frame.from_list(cols[2:10])
            except (ValueError, IndexError):
                continue
    return out
