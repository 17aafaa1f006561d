"""Matching pile groups of two specs whose ids differ (pipeline.spec.match)."""

from __future__ import annotations

import re
from pathlib import Path

from pipeline.spec import load_spec, load_spec_text
from pipeline.spec.match import match_groups, match_keyed, rename_groups, rename_ref

RULES = Path(__file__).resolve().parent.parent / "rules"


def renamed_text(name: str, old: str, new: str) -> str:
    """The shipped spec with pile group `old` called `new` everywhere (keys and references)."""
    text = (RULES / f"{name}.yaml").read_text(encoding="utf-8")
    return re.sub(rf"\b{old}\b", new, text)


def test_same_spec_maps_every_group_to_itself() -> None:
    spec = load_spec(RULES / "shah.yaml")
    m = match_groups(spec, spec)
    assert m.mapping == {g: g for g in spec.rules["piles"]}
    assert m.renamed == {} and m.only_a == [] and m.only_b == []


def test_renamed_group_is_found_by_role_count_and_layout() -> None:
    curated = load_spec(RULES / "blockade.yaml")
    other = load_spec_text(renamed_text("blockade", "columns", "piles12"), "x.yaml")
    m = match_groups(other, curated)
    assert m.renamed == {"piles12": "columns"}
    assert m.reasons == {"piles12": "role, count and layout"}
    assert m.only_a == [] and m.only_b == []
    assert rename_groups(other.rules, m.mapping)["piles"] == curated.rules["piles"]
    assert rename_groups(other.rules, m.mapping)["moves"] == curated.rules["moves"]
    assert rename_groups(other.rules, m.mapping)["fill"] == curated.rules["fill"]


def test_two_renamed_groups_are_both_found() -> None:
    curated = load_spec(RULES / "shah.yaml")
    text = re.sub(r"(?<!-)\bfoundations\b", "bases", renamed_text("shah", "rays", "star"))
    other = load_spec_text(text, "x.yaml")
    m = match_groups(curated, other)
    assert m.renamed == {"foundations": "bases", "rays": "star"}
    assert rename_groups(curated.rules, m.mapping)["deal"] == other.rules["deal"]


def test_groups_of_different_roles_never_pair() -> None:
    a = {"piles": {"x": {"role": "tableau", "count": 4}, "s": {"role": "stock", "count": 1}}}
    b = {"piles": {"x": {"role": "reserve", "count": 4}, "t": {"role": "stock", "count": 1}}}
    m = match_groups(a, b)
    assert m.mapping == {"s": "t"}
    assert m.only_a == ["x"] and m.only_b == ["x"]


def test_same_role_pairs_by_count_before_layout() -> None:
    a = {"piles": {"small": {"role": "tableau", "count": 4, "layout": {"at": [0, 0]}},
                   "big": {"role": "tableau", "count": 8, "layout": {"at": [9, 0]}}}}  # fmt: skip
    b = {"piles": {"eight": {"role": "tableau", "count": 8, "layout": {"at": [0, 0]}},
                   "four": {"role": "tableau", "count": 4, "layout": {"at": [9, 0]}}}}  # fmt: skip
    m = match_groups(a, b)
    assert m.mapping == {"small": "four", "big": "eight"}
    assert m.reasons == {"small": "role and count", "big": "role and count"}


def test_equal_count_prefers_equal_layout() -> None:
    a = {"piles": {"l": {"role": "tableau", "count": 4, "layout": {"at": [0, 0]}},
                   "r": {"role": "tableau", "count": 4, "layout": {"at": [9, 0]}}}}  # fmt: skip
    b = {"piles": {"right": {"role": "tableau", "count": 4, "layout": {"at": [9, 0]}},
                   "left": {"role": "tableau", "count": 4, "layout": {"at": [0, 0]}}}}  # fmt: skip
    assert match_groups(a, b).mapping == {"l": "left", "r": "right"}


def test_rename_ref_keeps_pile_numbers() -> None:
    assert rename_ref("columns.12", {"columns": "rows"}) == "rows.12"
    assert rename_ref("stock.1", {"columns": "rows"}) == "stock.1"


def test_match_keyed_pairs_same_ids_then_most_similar() -> None:
    a = {"play": {"to": "f", "from": "c"}, "marry": {"to": "c", "from": "c"}}
    b = {"play": {"to": "f", "from": "c"}, "build": {"to": "c", "from": "c"}, "x": {"to": "q"}}
    mapping, only_a, only_b = match_keyed(a, b, threshold=0.5)
    assert mapping == {"play": "play", "marry": "build"}
    assert only_a == [] and only_b == ["x"]
