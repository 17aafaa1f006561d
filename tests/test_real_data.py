"""benchmarks/data/real is the headline measure of extraction, so a passage whose facts file is
missing, misspelt or holds a value no draft can produce would silently lower (or skip) a figure.
`real_quality.check_data` names every such problem; these tests hold the real folder to it and
show, on a crafted folder, that each kind of damage is reported in one line."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))

import real_quality  # noqa: E402


@functools.cache
def _manifest() -> list[dict]:
    """The real folder's manifest, read once a process (the YAML reader takes a quarter of a
    second on it; the tests below only read it)."""
    return yaml.safe_load((real_quality.REAL / "manifest.yaml").read_text(encoding="utf-8"))


RULE_TEXT = "Пасьянс раскладывается одной колодой. Карты кладут в семь столбцов.\n"
CONTROL_TEXT = "Пасьянс — карточная игра для одного.\n"
RULE_FACTS = """passage: rule-one
games:
- title: Пасьянс
  facts: {decks: 1, tableau.piles: 7, foundation.base: [A, K], space: fill:stock,
    redeals: unlimited}
  unstatable: []
"""
CONTROL_FACTS = "passage: control-one\ngames: []\n"


def _entry(pid: str, text: str, *, control: bool = False, set_: str = "dev-8") -> str:
    lines = [
        f"- id: {pid}",
        f"  file: {pid}.txt",
        "  url: https://example.org/x",
        "  kind: site",
        "  game: X",
        f"  family: {'control' if control else pid}",
        f"  set: {set_}",
        f"  chars: {len(text)}",
        "  retrieved: crafted",
    ]
    if control:
        lines.append("  rules: false")
    return "\n".join(lines) + "\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "facts").mkdir()
    (tmp_path / "rule-one.txt").write_text(RULE_TEXT, encoding="utf-8")
    (tmp_path / "control-one.txt").write_text(CONTROL_TEXT, encoding="utf-8")
    (tmp_path / "facts" / "rule-one.yaml").write_text(RULE_FACTS, encoding="utf-8")
    (tmp_path / "facts" / "control-one.yaml").write_text(CONTROL_FACTS, encoding="utf-8")
    manifest = _entry("rule-one", RULE_TEXT) + _entry("control-one", CONTROL_TEXT, control=True)
    (tmp_path / "manifest.yaml").write_text(manifest, encoding="utf-8")
    return tmp_path


def test_the_real_folder_is_well_formed() -> None:
    assert real_quality.check_data() == []


def test_the_crafted_folder_is_well_formed(folder: Path) -> None:
    assert real_quality.check_data(folder) == []


def test_a_missing_facts_file_is_named(folder: Path) -> None:
    (folder / "facts" / "rule-one.yaml").unlink()
    assert real_quality.check_data(folder) == [
        "manifest.yaml: entry 'rule-one': no facts file facts/rule-one.yaml"
    ]


def test_a_missing_passage_file_is_named(folder: Path) -> None:
    (folder / "control-one.txt").unlink()
    assert real_quality.check_data(folder) == [
        "manifest.yaml: entry 'control-one': no file control-one.txt"
    ]


@pytest.mark.parametrize(
    ("replace", "by", "problem"),
    [
        ("decks: 1", "packs: 1", "facts/rule-one.yaml: games[0]: unknown fact key 'packs'"),
        ("decks: 1", "decks: 0", "facts/rule-one.yaml: games[0]: decks cannot be 0"),
        ("tableau.piles: 7", "tableau.piles: seven",
         "facts/rule-one.yaml: games[0]: tableau.piles cannot be 'seven'"),
        ("tableau.piles: 7", "tableau.piles: true",
         "facts/rule-one.yaml: games[0]: tableau.piles cannot be True"),
        ("[A, K]", "[A, 1]", "facts/rule-one.yaml: games[0]: foundation.base cannot be ['A', 1]"),
        ("fill:stock", "fill:hand", "facts/rule-one.yaml: games[0]: space cannot be 'fill:hand'"),
        ("unlimited", "forever", "facts/rule-one.yaml: games[0]: redeals cannot be 'forever'"),
        ("unstatable: []", "unstatable: [two, 3]",
         "facts/rule-one.yaml: games[0]: unstatable is not a list of text"),
        ("passage: rule-one", "passage: rule-two",
         "facts/rule-one.yaml: passage is 'rule-two', not 'rule-one'"),
        ("  unstatable: []\n", "  unstatable: []\n  extra: 1\n",
         "facts/rule-one.yaml: games[0]: not a mapping of title, facts, unstatable (and note)"),
    ],
)  # fmt: skip
def test_a_malformed_fact_is_named(folder: Path, replace: str, by: str, problem: str) -> None:
    path = folder / "facts" / "rule-one.yaml"
    text = path.read_text(encoding="utf-8")
    assert replace in text
    path.write_text(text.replace(replace, by), encoding="utf-8")
    assert real_quality.check_data(folder) == [problem]


def test_a_facts_file_that_is_not_yaml_is_one_line(folder: Path) -> None:
    (folder / "facts" / "rule-one.yaml").write_text("games: [\n", encoding="utf-8")
    [problem] = real_quality.check_data(folder)
    assert problem.startswith("facts/rule-one.yaml: cannot be read: ")
    assert "\n" not in problem


def test_a_control_with_games_and_a_rule_passage_without_are_named(folder: Path) -> None:
    (folder / "facts" / "control-one.yaml").write_text(
        RULE_FACTS.replace("rule-one", "control-one"), encoding="utf-8"
    )
    (folder / "facts" / "rule-one.yaml").write_text("passage: rule-one\ngames: []\n", "utf-8")
    assert real_quality.check_data(folder) == [
        "facts/rule-one.yaml: the manifest asks for at least one game, the file has 0",
        "facts/control-one.yaml: the manifest asks for no game (rules: false), the file has 1",
    ]


def test_manifest_damage_is_named(folder: Path) -> None:
    manifest = folder / "manifest.yaml"
    text = manifest.read_text(encoding="utf-8")
    text = text.replace("set: dev-8", "set: dev-99", 1).replace(
        f"chars: {len(CONTROL_TEXT)}", "chars: 3"
    )
    manifest.write_text(text + _entry("rule-one", RULE_TEXT).replace("  kind: site\n", ""), "utf-8")
    assert real_quality.check_data(folder) == [
        "manifest.yaml: entry 'rule-one': set 'dev-99' is not one real_quality.py measures",
        "manifest.yaml: entry 'control-one': chars 3 is not the file's length",
        "manifest.yaml: entry 'rule-one': missing kind",
    ]


def test_files_the_manifest_does_not_name_are_named(folder: Path) -> None:
    (folder / "stray.txt").write_text("x", encoding="utf-8")
    (folder / "facts" / "stray-facts.yaml").write_text(CONTROL_FACTS, encoding="utf-8")
    assert real_quality.check_data(folder) == [
        "stray.txt: not in manifest.yaml",
        "facts/stray-facts.yaml: no manifest entry",
    ]


def test_only_development_sets_are_shown_passage_by_passage() -> None:
    assert set(real_quality.DEV_SETS) <= set(real_quality.REAL_SETS)
    for name, manifest_set in real_quality.REAL_SETS.items():
        assert name == f"real-{manifest_set}"
        assert (name in real_quality.DEV_SETS) == manifest_set.startswith("dev")


def test_the_ninth_collection_holds_out_whole_source_families() -> None:
    """The ninth collection was split by source family (benchmarks/README.md, "The ninth
    collection") so that no held-out passage shares a site or file with a development one:
    a passage moved across the split would quietly make the held-out figure a measure of
    known phrasing again."""
    manifest = _manifest()
    rules = [e for e in manifest if e["set"] in ("dev-9", "heldout-9") and e.get("rules", True)]
    dev = {e["family"] for e in rules if e["set"] == "dev-9"}
    held = {e["family"] for e in rules if e["set"] == "heldout-9"}
    assert len(held) * 3 >= len(rules) and dev and held
    assert dev.isdisjoint(held)


# The held-out half of each collection split in two: the sets are numbered in turn, so the
# twenty-second collection's held-out half is the fourteenth held-out set.
HELD_OUT_HALF = {"10": "heldout-10", "11": "heldout-11", "12": "heldout-12", "13": "heldout-13",
                 "22": "heldout-14", "25": "heldout-15", "27": "heldout-16"}  # fmt: skip


@pytest.mark.parametrize(
    ("collection", "passages"),
    [("10", 9), ("11", 31), ("12", 28), ("13", 8), ("22", 12), ("25", 24), ("27", 3)],
)
def test_a_collection_holds_out_whole_families(collection: str, passages: int) -> None:
    """The tenth to thirteenth collections are split by family (benchmarks/README.md, "The tenth
    collection" and after): the tenth by source, two of which gave two passages each; the
    eleventh's AisleRiot runs and the twelfth's AisleRiot manual sections by game type, so that
    Streets and Alleys, whose rules entries are Beleaguered Castle's, Spiderette and Spider Three
    Decks, or Osmosis and Peek, land on one side; the thirteenth by source again, its two pages of
    one docs site being one family; the twenty-second (program code) by source file, its one file of
    a development project's other file kept on the development side; the twenty-fifth (programs)
    by repository, two of them on the development side as repositories of development passages.
    A family moved across the
    split would put known wording in the held-out set."""
    manifest = _manifest()
    dev_set, held_set = f"dev-{collection}", HELD_OUT_HALF[collection]
    rules = [e for e in manifest if e["set"] in (dev_set, held_set) and e.get("rules", True)]
    dev = {e["family"] for e in rules if e["set"] == dev_set}
    held = {e["family"] for e in rules if e["set"] == held_set}
    held_passages = [e for e in rules if e["set"] == held_set]
    assert len(held_passages) * 3 >= len(rules) and dev and held
    assert dev.isdisjoint(held)
    assert len(rules) == passages


@pytest.mark.parametrize("collection", ["14", "15", "16", "17", "18", "19", "20", "21", "24", "26"])
def test_a_development_only_collection_has_no_held_out_half(collection: str) -> None:
    """The fourteenth collection and after (benchmarks/README.md) guide work and are never a
    measure of it: a held-out half added later would be a set tuned on from its first day."""
    manifest = _manifest()
    sets = {e["set"] for e in manifest}
    assert f"dev-{collection}" in sets
    assert collection not in HELD_OUT_HALF
    assert set(HELD_OUT_HALF.values()) | {f"heldout-{n}" for n in range(2, 10)} | {"heldout"} == {
        s for s in sets if s.startswith("heldout")
    }
    assert real_quality.REAL_SETS[f"real-dev-{collection}"] == f"dev-{collection}"
    assert f"real-dev-{collection}" in real_quality.DEV_SETS
