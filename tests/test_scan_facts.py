"""benchmarks/scan_facts.py: a game's key facts read from its scanned page against the same
game's facts read from the page's gold text. The fixture pages' readings are stored beside
them (`tests/data/scans/NAME.Cyrillic_clean.tsv`, `pasyans ocr`'s reading of the page), so
no Tesseract runs here."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCANS = REPO / "tests" / "data" / "scans"
PAGES = {"shah-game": "ptserif", "rules-exiles": "oldstandard"}


def _tool():
    sys.path.insert(0, str(REPO / "benchmarks"))
    path = REPO / "benchmarks" / "scan_facts.py"
    spec = importlib.util.spec_from_file_location("scan_facts", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("scan_facts", module)
    spec.loader.exec_module(module)
    return module


def _folder(tmp: Path) -> Path:
    """The two fixture pages as a folder of `render_scans.py`: one document each."""
    pages = []
    for name, font in PAGES.items():
        for suffix in (".png", ".gt.txt", ".Cyrillic_clean.tsv"):
            shutil.copy(SCANS / f"{name}{suffix}", tmp / f"{name}{suffix}")
        pages.append(
            {"image": f"{name}.png", "gold": f"{name}.gt.txt", "font": font, "source": name,
             "page": 1, "role": "train"}
        )  # fmt: skip
    (tmp / "manifest.json").write_text(json.dumps({"pages": pages}), encoding="utf-8")
    return tmp


def _run(folder: Path) -> dict:
    tool = _tool()
    gold = lambda source: (folder / f"{source}.gt.txt").read_text(encoding="utf-8")  # noqa: E731
    return tool.run(folder, {"train"}, "Cyrillic_clean", gold_text=gold)


def test_the_facts_of_a_scanned_page_survive_its_reading(tmp_path):
    res = _run(_folder(tmp_path))
    shah = next(r for r in res["rows"] if r["source"] == "shah-game")
    (game,) = shah["games"]
    # «восемь тузовъ», «восемью тузами»: two packs, read off the scan as off the gold
    assert game["scan"] == game["game"] and "decks" in game["kept"]
    assert game["changed"] == [] and game["lost"] == [] and shah["extra"] == []
    assert res["totals"] == {
        "documents": 2, "games": 2, "games_found": 2, "games_extra": 0, "facts": 32,
        "facts_kept": 32, "facts_changed": 0, "facts_lost": 0, "refused_gold": 0,
        "refused_scan": 0,
    }  # fmt: skip


def test_a_page_read_to_nothing_loses_its_game_and_every_fact(tmp_path):
    folder = _folder(tmp_path)
    tsv = folder / "shah-game.Cyrillic_clean.tsv"
    tsv.write_text("\n".join(tsv.read_text(encoding="utf-8").split("\n")[:2]), encoding="utf-8")
    res = _run(folder)
    shah = next(r for r in res["rows"] if r["source"] == "shah-game")
    (game,) = shah["games"]
    assert game["scan"] is None and game["kept"] == [] and len(game["lost"]) == 16
    assert ("decks", 2, None) in game["lost"]
    assert shah["refused"]["scan"] is not None and shah["refused"]["gold"] is None
    assert res["totals"]["facts_kept"] == 16 and res["totals"]["games_found"] == 1


def test_compare_pairs_by_title_then_words_and_sorts_each_fact():
    tool = _tool()
    rules = "Раскладывают десять столбцов по пять карт, тузы кладут на основания."
    gold = [("ПАУКЪ", {"decks": 2, "foundations": 8, "redeals": 0}, "pauk", "Две колоды."),
            ("ГОЛЬФЪ", {"decks": 1}, "golf", "Одна колода."),
            ("ЧЕТЫРЕУГОЛЬНИКЪ", {"decks": 1}, "chetyreugolnik", rules)]  # fmt: skip
    scan = [("ГОЛЬФЪ", {"decks": 1}, "golf", "Одна колода."),
            ("ПОДЪ СНЯТОЮ", {"decks": 1}, "pod-snyatoyu", "под снятою"),
            ("ПАУК", {"decks": 1, "foundations": 8}, "pauk", "Две колоды."),
            ("ОДНА КОЛОДА", {"decks": 2}, "untitled-1", "ЧЕТЫРЕУГОЛНИК. " + rules)]  # fmt: skip
    got = tool.compare(gold, scan)
    pauk, golf, four = got["games"]
    assert (pauk["scan"], golf["scan"], four["scan"]) == ("pauk", "golf", "untitled-1")
    assert pauk["kept"] == ["foundations"]
    assert pauk["changed"] == [("decks", 2, 1)] and pauk["lost"] == [("redeals", 0, None)]
    assert four["changed"] == [("decks", 1, 2)]
    assert got["extra"] == ["pod-snyatoyu"]


def test_held_out_roles_are_refused_without_the_flag(tmp_path, capsys):
    tool = _tool()
    assert tool.main([str(_folder(tmp_path)), "--roles", "heldout-page"]) == 2
    assert "held-out roles need --heldout" in capsys.readouterr().err
