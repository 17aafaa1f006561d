"""The corpus catalogue tells the truth about the files, and the gold keeps its conventions.

The gold transcriptions are the yardstick of the normalizer, so a silently broken gold file
(a stray `ђ`, a header left in, two blank lines) would skew every figure measured against it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import re
import sys
import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from thoroughness import examples

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "corpus"
GAME_IDS = {"shah", "blockade", "clock", "dense-column", "exiles"}
RELATIONS = {"original", "analogue", "front-matter"}


def _catalog() -> dict:
    with (CORPUS / "catalog.yaml").open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)


CATALOG = _catalog()
SEEDS = CATALOG["seeds"]
SEED_IDS = [s["id"] for s in SEEDS]


def _shared_seeds() -> Path | None:
    """The shared seed folder: beside the clone (CI) or at /work/shared (workspace)."""
    for base in (REPO.parent / "shared", Path("/work/shared")):
        if (base / "seeds").is_dir():
            return base / "seeds"
    return None


def _read(rel: str) -> str:
    return (CORPUS / rel).read_text(encoding="utf-8")


def test_catalog_top_level_and_game_ids() -> None:
    assert CATALOG["format"] == 1
    assert set(CATALOG) == {"format", "books", "games", "seeds", "references"}
    assert set(CATALOG["games"]) == GAME_IDS
    for game in CATALOG["games"].values():
        assert game["book"] in CATALOG["books"]


def test_every_listed_file_exists_and_matches_its_hash() -> None:
    entries = SEEDS + CATALOG["references"]
    for entry in entries:
        path = CORPUS / entry["file"]
        assert path.is_file(), entry["file"]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"], entry["file"]
    for seed in SEEDS:
        assert (CORPUS / seed["gold"]).is_file(), seed["gold"]


def test_seed_entries_name_their_own_files() -> None:
    for seed in SEEDS:
        assert seed["file"] == f"raw/{seed['id']}.txt"
        assert seed["gold"] == f"gold/{seed['id']}.txt"
        assert seed["book"] in CATALOG["books"]
        assert seed["orthography"] == CATALOG["books"][seed["book"]]["orthography"]


def test_every_raw_and_gold_file_is_catalogued() -> None:
    raw = sorted(p.stem for p in (CORPUS / "raw").glob("*.txt"))
    gold = sorted(p.stem for p in (CORPUS / "gold").glob("*.txt"))
    assert raw == sorted(SEED_IDS)
    assert gold == sorted(SEED_IDS)


def test_raw_files_are_byte_identical_to_the_shared_seeds() -> None:
    shared = _shared_seeds()
    if shared is None:
        pytest.skip("no shared/ folder beside the repository")
    assert sorted(p.name for p in shared.glob("*.txt")) == sorted(f"{s}.txt" for s in SEED_IDS)
    for seed in SEEDS:
        assert (CORPUS / seed["file"]).read_bytes() == (shared / f"{seed['id']}.txt").read_bytes()


def test_passages_record_the_games_of_each_seed() -> None:
    games = {s["id"][:3]: [p["game"] for p in s["passages"]] for s in SEEDS}
    assert games == {
        "000": ["shah", "blockade", "clock"],
        "001": ["shah"],
        "002": ["dense-column"],
        "003": ["exiles"],
    }
    complete = {(s["id"][:3], p["game"]): p["complete"] for s in SEEDS for p in s["passages"]}
    assert complete == {
        ("000", "shah"): False,
        ("000", "blockade"): True,
        ("000", "clock"): False,
        ("001", "shah"): False,
        ("002", "dense-column"): True,
        ("003", "exiles"): True,
    }


def test_title_lines_split_raw_and_gold_alike() -> None:
    for seed in SEEDS:
        raw_lines = _read(seed["file"]).splitlines()
        gold_lines = _read(seed["gold"]).splitlines()
        first, *rest = seed["passages"]
        assert first["title_line"] is None
        for passage in rest:
            title = passage["title_line"]
            assert raw_lines.count(title) == 1, (seed["id"], title)
            assert gold_lines.count(title) == 1, (seed["id"], title)


def test_pages_come_from_the_headers() -> None:
    pages = {s["id"][:3]: s["page"] for s in SEEDS}
    assert pages == {"000": "4", "001": None, "002": "20", "003": None}
    for seed in SEEDS:
        first_line = _read(seed["file"]).splitlines()[0]
        header = CATALOG["books"][seed["book"]]["running_header"]
        if seed["page"] is None:
            assert not first_line.startswith(header)
        else:
            assert first_line.startswith(header)
            assert re.search(rf"(\[{seed['page']}\]|страница {seed['page']})$", first_line)


def test_references_link_to_real_games() -> None:
    links = {}
    for ref in CATALOG["references"]:
        assert ref["relation"] in RELATIONS
        assert ref["book"] in CATALOG["books"]
        if ref["relation"] == "front-matter":
            assert ref["game"] is None
        else:
            assert ref["game"] in GAME_IDS
        links[Path(ref["file"]).name] = (ref["game"], ref["relation"])
    assert links == {
        "terms.txt": (None, "front-matter"),
        "shah.txt": ("shah", "original"),
        "blockade.txt": ("blockade", "original"),
        "clock.txt": ("clock", "original"),
        "four-corners.txt": ("dense-column", "analogue"),
    }


@pytest.mark.parametrize("seed", SEEDS, ids=SEED_IDS)
def test_gold_follows_the_conventions(seed: dict) -> None:
    text = _read(seed["gold"])
    assert unicodedata.is_normalized("NFC", text)
    assert text.endswith("\n") and not text.endswith("\n\n")
    assert not text.startswith("\n")
    assert "\n\n\n" not in text
    for para in text[:-1].split("\n\n"):
        assert para and "\n" not in para
        assert para == para.strip()
        assert "  " not in para
    assert "ђ" not in text and "Ђ" not in text
    assert not re.search(r"\[\d+\]", text)
    assert CATALOG["books"][seed["book"]]["running_header"] not in text
    if seed["orthography"] == "pre-reform":
        assert "ѣ" in text
        # rule numbers in Latin letters, never the Cyrillic look-alike І
        assert not re.search(r"(?m)^[IVІ]*І[IVІ]*\.", text)
        assert re.search(r"(?m)^I\. ", text)
    else:
        assert not re.search("[ѣѢіІѳѲѵѴ]", text)
        assert not re.search(r"ъ\b", text)


def test_gold_changes_only_what_notes_explain() -> None:
    """Spot-check decisions the notes record, in the gold files themselves."""
    gold = {s["id"][:3]: _read(s["gold"]) for s in SEEDS}
    assert "третьяго круга." in gold["000"] and "третьяго круга." in gold["001"]
    assert "чрезъ это свободныя мѣста" in gold["000"]
    assert "IV. За двѣнадцатью основными картами" in gold["000"]
    assert "пополнены новыми картами" in gold["000"]
    assert "\n\nШахъ.\n\n" in gold["000"] and "\n\nБлокада.\n\n" in gold["000"]
    assert "места, с которых" in gold["002"] and "этою фланговою картою" in gold["002"]
    assert "т.\u00a0е." in gold["002"]
    assert "по шести пачекъ" in gold["003"] and "(правило I) и играютъ" in gold["003"]
    assert "въ сторону фигурой внизъ" in gold["003"]
    notes = _read("gold/NOTES.md")
    decision_lines = [line for line in notes.splitlines() if line.startswith("- 0")]
    for seed_no in ("000", "001", "002", "003"):
        assert any(seed_no in line.split(":")[0] for line in decision_lines), seed_no


def test_the_two_shah_scans_have_the_same_gold_where_they_overlap() -> None:
    """Seeds 000 and 001 are two scans of one printed page: one edition, one gold text."""
    gold = {s["id"][:3]: _read(s["gold"]) for s in SEEDS}
    shah_000 = gold["000"][: gold["000"].index("\nБЛОКАДА.\n")].rstrip("\n") + "\n"
    shah_001 = gold["001"][gold["001"].index("III. Основныя") :]
    assert shah_000.startswith("III. Основныя")
    assert shah_000 == shah_001


def _quality_module():
    path = REPO / "benchmarks" / "normalize_quality.py"
    if not path.is_file():
        pytest.skip("benchmarks/normalize_quality.py not present")
    spec = importlib.util.spec_from_file_location("normalize_quality", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("normalize_quality", module)
    spec.loader.exec_module(module)
    return module


def _naive_distance(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def test_benchmark_levenshtein_matches_the_textbook_definition() -> None:
    q = _quality_module()
    cases = [
        ("", ""),
        ("", "абв"),
        ("кругъ", "круга"),
        ("катггами", "картами"),
        ("ио піести", "по шести"),
        ("kitten", "sitting"),
        ("ѣѣѣ", "ђђ"),
        ("a" * 70 + "b", "b" + "a" * 70),
    ]
    for a, b in cases:
        assert q.char_distance(a, b) == _naive_distance(a, b), (a, b)
        assert q.char_distance(b, a) == _naive_distance(a, b), (b, a)


@settings(max_examples=examples(50, 200), deadline=None)
@given(st.text(alphabet="абвѣђ ", max_size=40), st.text(alphabet="абвѣђ ", max_size=40))
def test_benchmark_levenshtein_agrees_on_random_strings(a: str, b: str) -> None:
    assert _quality_module().char_distance(a, b) == _naive_distance(a, b)


def test_benchmark_word_alignment_counts_made_wrong_words() -> None:
    q = _quality_module()
    gold = ["Пасьянсъ", "не", "раскладывается", "вторично."]
    raw = ["ІІасьянсъ", "не", "раскладывается", "вторично."]
    out = ["Пасьянсъ", "не", "раскладываетъ", "вторично."]
    assert q.word_errors(raw, gold) == 1
    assert q.word_errors(out, gold) == 1
    assert q.made_wrong(raw, out, gold) == 1
