"""The normalizer: OCR text -> faithful pre-reform Russian + modern projection, traceable.

Public API (other stages code against it):
- `normalize(raw, source="-", *, confusions=None, word_confidences=None) -> NormalizedText`
  (`word_confidences`: the OCR engine's (start, end, confidence 0-100) for words of `raw`)
- `read_source(path_or_dash) -> (text, encoding)`
- `learn_confusions(pairs) -> ConfusionTable`

Stages (`core.normalize`), each an edit list whose offset map is composed back to the raw
text (`offsets`): `decoding` -> `cleanup` (Unicode) -> `layout` (paragraphs, furniture,
footnotes, joins) -> `orthography` (pre-reform or modern, once per text) -> `glyphs`
(signs for letters, specks) and `numerals` (Roman numerals read as letters) -> `correct`
(`letters`, `confusions`, `lexicon`, `agreement`, `brackets`) -> `modern` projection.
`blocks` runs long inputs block by block; `render` writes JSON and TEI.
"""

from __future__ import annotations

from pipeline.normalize.confusions import ConfusionTable, learn_confusions
from pipeline.normalize.core import normalize
from pipeline.normalize.correct import CONFIDENCE_THRESHOLD
from pipeline.normalize.decoding import decode_bytes, read_source

__all__ = [
    "CONFIDENCE_THRESHOLD",
    "ConfusionTable",
    "decode_bytes",
    "learn_confusions",
    "normalize",
    "read_source",
]
