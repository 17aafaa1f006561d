"""Golden outputs of `normalize` on every seed: clean text, modern text, JSON, TEI.

Regenerate after an intended change with `PASYANS_UPDATE_GOLDEN=1 python3 -m pytest
tests/test_normalize_golden.py` and review the diff. The clean texts must also equal the
hand-made gold transcriptions where the normalizer is known to reach them.
"""

from __future__ import annotations

import os
import xml.dom.minidom
from pathlib import Path

import pytest

from pipeline.atomic import write_text
from pipeline.normalize import normalize
from pipeline.normalize.render import to_json, to_tei

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "normalize"
SEEDS = sorted((ROOT / "corpus" / "raw").glob("*.txt"))
UPDATE = os.environ.get("PASYANS_UPDATE_GOLDEN") == "1"


def _check(path: Path, got: str) -> None:
    if UPDATE:
        write_text(path, got)
    assert path.read_text(encoding="utf-8") == got, f"{path.name} differs from its golden file"


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.stem)
def test_golden(seed: Path) -> None:
    nt = normalize(seed.read_text(encoding="utf-8"), f"corpus/raw/{seed.name}")
    _check(GOLDEN / f"{seed.stem}.txt", nt.text)
    _check(GOLDEN / f"{seed.stem}.modern.txt", nt.modern)
    _check(GOLDEN / f"{seed.stem}.json", to_json(nt, "utf-8"))
    tei = to_tei(nt)
    xml.dom.minidom.parseString(tei.encode("utf-8"))  # well-formed
    _check(GOLDEN / f"{seed.stem}.tei.xml", tei)


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.stem)
def test_matches_hand_made_gold(seed: Path) -> None:
    gold = ROOT / "corpus" / "gold" / seed.name
    if not gold.is_file():
        pytest.skip("no gold transcription")
    nt = normalize(seed.read_text(encoding="utf-8"))
    assert nt.text == gold.read_text(encoding="utf-8")


def test_modern_projection_words() -> None:
    nt = normalize(SEEDS[0].read_text(encoding="utf-8"))
    m = nt.modern
    for word in ("Основные карты берутся из колоды", "последнего", "третьего круга",
                 "рассматривать", "подходящие карты", "внутренних кругов"):  # fmt: skip
        assert word in m, word
    for pre in ("ѣ", "і", "ъ ", "аго "):
        assert pre not in m


def test_tei_marks_corrections_and_modernization() -> None:
    tei = to_tei(normalize(SEEDS[0].read_text(encoding="utf-8")))
    assert "<choice><sic>нерваго</sic><corr><choice><orig>перваго</orig>" in tei
    assert "<reg>первого</reg>" in tei
    assert "<choice><orig>Основныя</orig><reg>Основные</reg></choice>" in tei
    assert '<fw type="header" n="4">' in tei
    assert '<anchor type="footnote-ref" n="8"/>' in tei


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.stem)
def test_gold_transcription_is_a_fixed_point(seed: Path) -> None:
    """A correct text is left alone: not one change, not even a suggestion."""
    gold = ROOT / "corpus" / "gold" / seed.name
    if not gold.is_file():
        pytest.skip("no gold transcription")
    text = gold.read_text(encoding="utf-8")
    nt = normalize(text)
    assert nt.text == text
    assert nt.changes == ()
