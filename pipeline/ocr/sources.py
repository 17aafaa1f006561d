"""Page images and PDFs as text sources for ingest: OCR them, hand back text files.

`text_sources(paths)` replaces every page file among `paths` by a raw text file that ingest
reads like any other, with the word-box sidecar beside it (`NAME.ocr.json`, see
`pipeline.ocr.document`): the same raw offsets the game files cite find their page and boxes
there. Grouping: a PDF is one source named after its file; page images given one after the
other from the same directory are one source (pages in the order given), named after the image
when there is one, else after the directory. The texts live in the OCR cache
(`run.cache_dir`), under `sources/`, keyed by the pages' content.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from pipeline.ocr.document import SIDECAR_SUFFIX, to_json
from pipeline.ocr.run import Cache, cache_dir, ocr_files
from pipeline.ocr.tesseract import DEFAULT_LANG

_ORIGIN: dict[str, str] = {}  # OCR'd text file -> the page files it was read from


def _groups(paths: list[Path]) -> list[list[Path] | Path]:
    from pipeline.ocr import is_page_file

    out: list[list[Path] | Path] = []
    for p in paths:
        if not is_page_file(str(p)):
            out.append(p)
        elif p.suffix.lower() == ".pdf":
            out.append([p])
        elif (
            out
            and isinstance(out[-1], list)
            and out[-1][-1].suffix.lower() != ".pdf"
            and out[-1][-1].parent == p.parent
        ):
            out[-1].append(p)
        else:
            out.append([p])
    return out


def _name(group: list[Path]) -> str:
    if len(group) == 1:
        return group[0].stem
    return group[0].resolve().parent.name or group[0].stem


def text_sources(
    paths: list[Path], *, lang: str = DEFAULT_LANG, fallback: Path | None = None
) -> list[Path]:
    """`paths` with each group of page files replaced by its OCR'd raw text file."""
    root = cache_dir(fallback)
    cache = Cache(root)
    out: list[Path] = []
    for g in _groups(paths):
        if isinstance(g, Path):
            out.append(g)
            continue
        doc = ocr_files([str(p) for p in g], lang, cache=cache)
        key = hashlib.sha256("\0".join(p.key for p in doc.pages).encode()).hexdigest()[:16]
        folder = root / "sources" / f"{key}-{lang.replace('/', '_')}"
        text = folder / f"{_name(g)}.txt"
        from pipeline.atomic import write_text
        from pipeline.errors import InputError

        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_text(text, doc.text)
            write_text(folder / f"{_name(g)}{SIDECAR_SUFFIX}", to_json(doc))
        except OSError as err:
            raise InputError(
                f"cannot write the OCR text: {err.strerror or err}", path=str(folder)
            ) from None
        _ORIGIN[str(text)] = " ".join(str(p) for p in g[:2]) + (" ..." if len(g) > 2 else "")
        out.append(text)
    return out


def origin(path: str | None) -> str | None:
    """The page file(s) behind an OCR'd text file, for messages; other paths as they are."""
    return _ORIGIN.get(str(path), path) if path is not None else None
