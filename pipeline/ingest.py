"""Corpus ingest, the whole walk from scans to draft specs: read → normalize → segment →
collate → extract → write.

Each stage hands the next its values in memory: extraction gets the collated games as data
and the scans as they were normalized, with their offset maps, for its citations' raw spans.
Everything is built before anything is written; each output directory is then written as a
whole into a temporary directory beside it and swapped in, so a failure leaves the old
output untouched and no half-written directory behind. Same inputs give byte-identical files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.atomic import kept, swap_in
from pipeline.errors import DataError, InputError, UsageError
from pipeline.extract.batch import Batch, extract_files
from pipeline.extract.output import write_dir
from pipeline.extract.quotes import Scan
from pipeline.game_finding import find_games
from pipeline.inputs import source_name
from pipeline.normalize import normalize
from pipeline.segment.code import is_program, reading_text, russian_lines
from pipeline.segment.collate import collate
from pipeline.segment.finding import (
    pack_of,
    packs_differ,
)
from pipeline.segment.gamefile import FORMAT, dump, game_to_dict
from pipeline.segment.known import known_games
from pipeline.segment.model import WGame
from pipeline.segment.named_values import without_statements
from pipeline.segment.source import (
    MIN_CYRILLIC,
    cyrillic_share,
    is_ukrainian,
    read_decoded,
    ukrainian_words,
)

if TYPE_CHECKING:
    from pipeline.ocr.document import OcrDocument


@dataclass
class SourceReport:
    source: str
    file: str
    orthography: str
    chars: int
    applied: int
    suggested: int
    furniture: int
    annotations: int
    games: list[str]


@dataclass
class IngestResult:
    games: list[dict]  # the game dicts, in game-id order
    sources: list[SourceReport] = field(default_factory=list)
    scans: dict[str, Scan] = field(default_factory=dict)  # source id -> raw and normalized

    @cached_property
    def files(self) -> dict[str, str]:
        """File name -> YAML text of each game file, written out on first use: `extract`
        reads the games as data and never needs the text (dumping is a third of `build`)."""
        return {f"{g['id']}.yaml": dump(g) for g in self.games}

    def by_file(self) -> dict[str, dict]:
        """The game dicts by file name."""
        return {f"{g['id']}.yaml": g for g in self.games}


def _packs(game: WGame) -> tuple[int | None, int | None] | None:
    """The first statement of packs in a game's text, if any."""
    return next(filter(None, (pack_of(u.text) for u in game.units())), None)


def _other_packs(a: WGame, b: WGame) -> bool:
    """Two games that state packs that cannot be of one game."""
    pa, pb = _packs(a), _packs(b)
    return pa is not None and pb is not None and packs_differ(pa, pb)


def build(paths: list[Path]) -> IngestResult:
    """All game files for the given sources, in memory; raises before anything is written."""
    known = known_games()
    seen: dict[str, Path] = {}
    by_id: dict[str, list[WGame]] = {}
    reports = []
    scans: dict[str, Scan] = {}
    for path in paths:
        source = source_name(path)
        if source in seen:
            raise UsageError(f"same source id as {seen[source]}", path=str(path))
        seen[source] = path
        file_text, text, recode = read_decoded(path)
        reading = reading_text(text)  # program source: only its Russian text, same offsets
        if reading != text and not without_statements(reading).strip() and cyrillic_share(text) > 0:
            raise DataError(
                "no Russian patience game found: the text is only page furniture "
                "(program code and interface labels)",
                path=str(path),
            )
        not_russian = None
        if (share := cyrillic_share(without_statements(reading))) < MIN_CYRILLIC:
            not_russian = DataError(
                f"no Russian patience game found: the text is not Russian "
                f"({share:.0%} of its letters are Cyrillic)",
                path=str(path),
            )
            # a translation file or a bilingual page: its Russian lines, if they state a game
            reading = russian_lines(reading)
            if cyrillic_share(reading) < MIN_CYRILLIC:
                raise not_russian
        if is_ukrainian(reading):
            uk, n = ukrainian_words(reading)
            raise DataError(
                f"no Russian patience game found: the text is Ukrainian, not Russian ({uk} of "
                f"{n} words are spelt with і, ї, є or ґ as only Ukrainian spells them)",
                path=str(path),
            )
        # spans into the file's own characters, a repaired page's too (`recode`)
        ocr = _ocr_document(path, text) if reading == text else None
        nt = normalize(
            reading,
            source,
            recode=recode,
            word_confidences=ocr.confidences() if ocr else None,
            lost_breaks=ocr.lost_breaks() if ocr else None,
        )
        scans[source] = Scan(file_text, nt)
        program = reading != text and is_program(text)
        games = find_games(nt, reading, text, path, known, program=program, wrong=not_russian)
        named: dict[str, list[WGame]] = {}
        for g in games:
            same = named.setdefault(g.id, [])
            if same and any(_other_packs(g, x) for x in same):
                # another game of the same name in one text with other packs (`Паук` twice,
                # two and one pack): not a second witness of the first; the same name again
                # (a page's heading, then «Правила пасьянса «…»») is the same game
                g.id = f"{g.id}-{len(same) + 1}"
            same.append(g)
            by_id.setdefault(g.id, []).append(g)
        reports.append(
            SourceReport(
                source=source,
                file=path.name,
                orthography=nt.orthography,
                chars=len(text),
                applied=sum(1 for c in nt.changes if c.applied),
                suggested=sum(1 for c in nt.changes if not c.applied),
                furniture=len(nt.furniture),
                annotations=len(nt.annotations),
                games=[g.id for g in games],
            )
        )
    dicts = [game_to_dict(collate(game_id, by_id[game_id]), known) for game_id in sorted(by_id)]
    return IngestResult(dicts, reports, scans)


def extract(result: IngestResult) -> Batch:
    """The draft specs of every ingested game (`pipeline.extract.batch`)."""
    return extract_files(result.files, result.by_file(), result.scans)


def _is_game_file(path: Path) -> bool:
    if not path.is_file() or path.suffix != ".yaml":
        return False
    with path.open("rb") as fh:
        return fh.read(64).startswith(f"format: {FORMAT}".encode())


SPECS_SUBDIR = "extracted"  # the draft specs of `ingest PATH…`, kept with their games


def _specs(path: Path) -> bool:
    return kept(path, SPECS_SUBDIR)


def check_output_dir(out: Path) -> None:
    """Refuse to replace anything that is not a directory of game files."""
    if out.exists() and not out.is_dir():
        raise InputError("output exists and is not a directory", path=str(out))
    if out.is_dir():
        foreign = sorted(p.name for p in out.iterdir() if not _is_game_file(p) and not _specs(p))
        if foreign:
            raise UsageError(
                f"output directory holds files that are not game files ({foreign[0]}, ...): "
                "refusing to replace it",
                path=str(out),
            )


def write_games(out: Path, files: dict[str, str]) -> bool:
    """Replace `out` with exactly `files`; False if it already held exactly them. An
    OSError (no such place, read-only, disk full) is an InputError naming `out`."""
    check_output_dir(out)
    return swap_in(out, files, "games", keep=SPECS_SUBDIR)


def write_specs(out: Path, batch: Batch) -> bool:
    """Replace `out` with exactly the batch's spec files (False if it already held them)."""
    return write_dir(out, batch.files)


def _ocr_document(path: Path, text: str) -> OcrDocument | None:
    """The OCR document of an OCR'd source (its word-box sidecar beside it, `NAME.ocr.json`,
    where its text is this text), whose confidences and lost-text breaks the normalizer
    weighs as the scan benchmarks do; None for any other source; a corrupt one is named
    (`read_sidecar`)."""
    from pipeline.ocr.document import read_sidecar

    return read_sidecar(path, text)
