"""Canonical form: every default filled, one spelling per value, stable order and hash."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
import yaml

from pipeline.spec import canonical, canonical_json, load_spec, load_spec_text, spec_hash

DATA = Path(__file__).parent / "data" / "specs"
MINIMAL = (DATA / "minimal.yaml").read_text(encoding="utf-8")
ALL_SUITS = ["S", "H", "D", "C"]


def layout(shape: str, step: list[int] | None) -> dict:
    return {
        "shape": shape, "at": [0, 0], "step": step, "columns": None, "radius": None,
        "start": None, "clockwise": True, "positions": None, "fan": "none",
        "orientation": "straight",
    }  # fmt: skip


def transfer(src: list[str], dst: list[str], build: dict | None) -> dict:
    return {
        "kind": "transfer", "from": src, "to": dst, "phase": "play", "cards": None,
        "build": build, "run": False, "source_depth": {"min": None, "max": None},
        "target_depth": {"min": None, "max": None}, "pairs": "any", "when": "always",
        "limit": None, "auto": False,
    }  # fmt: skip


COLUMNS = [f"columns.{n}" for n in range(1, 5)]
FOUNDATIONS = [f"foundations.{n}" for n in range(1, 9)]

MINIMAL_CANONICAL = {
    "spec": "pasyans/1",
    "id": "minimal",
    "variant": None,
    "title": {"ru": None, "en": None},
    "source": {"texts": ["blockade"], "reference": None},
    "decks": 2,
    "piles": {
        "foundations": {
            "role": "foundation", "count": 8, "available": {"deal": "top", "play": "top"},
            "face": "up", "turn_up": False, "capacity": None, "adjacent": None,
            "layout": layout("row", [1, 0]),
            "foundation": {"base": 1, "direction": "up", "suit": "same", "wrap": False,
                           "last": 13, "targets": None},
        },
        "columns": {
            "role": "tableau", "count": 4, "available": {"deal": "top", "play": "top"},
            "face": "up", "turn_up": True, "capacity": None, "adjacent": None,
            "layout": layout("row", [1, 0]), "foundation": None,
        },
        "stock": {
            "role": "stock", "count": 1, "available": {"deal": "top", "play": "top"},
            "face": "down", "turn_up": False, "capacity": None, "adjacent": None,
            "layout": layout("point", None), "foundation": None,
        },
    },
    "setup": [{"take": {"ranks": [1], "suits": ALL_SUITS, "count": 8}, "to": FOUNDATIONS}],
    "deal": [{
        "id": "rows", "to": COLUMNS, "rounds": 1, "per_pile": 1, "face": "up", "pause": "none",
        "next_round": "auto", "skip_empty": False, "count": None, "triangle": False,
    }],
    "moves": {
        "play": transfer(COLUMNS, FOUNDATIONS, None),
        "marry": transfer(
            COLUMNS, COLUMNS, {"direction": "down", "suit": "same", "wrap": False, "empty": "none"}
        ),
    },
    "fill": {},
    "redeal": {
        "times": 1, "when": "stuck", "gather": [*COLUMNS, "stock.1"],
        "pile_order": "bottom-first", "shuffle": False, "deal": ["rows"],
    },
    "win": "all-on-foundations",
    "notes": None,
}  # fmt: skip

# Pinned so that a change of the canonical form (which invalidates saved game records) is a
# deliberate, visible change of this test.
MINIMAL_HASH = "241dc655dc8006efd726a3b8680d718ea2e96ca94085e440caa14cbff0f743c4"


def edit(old: str, new: str) -> str:
    assert MINIMAL.count(old) == 1, old
    return MINIMAL.replace(old, new)


def test_every_default_is_filled():
    spec = load_spec(DATA / "minimal.yaml")
    assert spec.rules == MINIMAL_CANONICAL
    assert canonical(spec) == MINIMAL_CANONICAL
    assert spec.provenance == {
        "decks": {
            "text": "blockade", "quote": "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.", "sentence": None,
            "rule": None, "reference": None, "note": None,
        }
    }  # fmt: skip
    assert spec.path == str(DATA / "minimal.yaml")
    assert spec.positions[("piles", "columns", "count")] == (10, 35)


def test_key_order_follows_the_language_reference():
    rules = load_spec(DATA / "everything.yaml").rules
    assert list(rules) == [
        "spec", "id", "variant", "title", "source", "decks", "piles", "setup", "deal",
        "moves", "fill", "redeal", "win", "notes",
    ]  # fmt: skip
    assert list(rules["piles"]["columns"]) == [
        "role", "count", "available", "face", "turn_up", "capacity", "adjacent", "layout",
        "foundation",
    ]  # fmt: skip
    assert list(rules["piles"]) == [
        "foundations", "kings", "hours", "golf", "columns", "rays", "cells", "ring", "exiles",
        "stock", "talon", "centre", "out",
    ]  # fmt: skip
    assert list(rules["moves"]["turn"]) == [
        "kind",
        "from",
        "to",
        "phase",
        "count",
        "recycle",
        "when",
        "limit",
        "auto",
    ]
    assert list(rules["moves"]["exile-chain"]) == [
        "kind",
        "from",
        "to",
        "phase",
        "position",
        "face",
        "chain",
        "when",
        "limit",
        "auto",
    ]
    assert list(rules["fill"]["rays"]["sources"][1]) == [
        "from",
        "only_into",
        "position",
        "source_depth",
        "limit_per_vacancy",
        "phase",
        "not_alone",
    ]


def test_everything_fixture_values():
    rules = load_spec(DATA / "everything.yaml").rules
    piles = rules["piles"]
    assert piles["hours"]["foundation"]["targets"] == [5, 12]
    assert piles["hours"]["foundation"]["base"] == "first"
    assert piles["golf"]["foundation"]["base"] == "any"
    assert piles["kings"]["foundation"]["base"] == 13
    assert piles["columns"]["available"] == {"deal": "top", "play": "all"}
    assert piles["cells"]["available"] == {"deal": "all", "play": "all"}
    assert piles["exiles"]["face"] == "down"  # reserve default
    assert piles["cells"]["face"] == "up"
    assert piles["rays"]["adjacent"] == ["columns.1", "columns.2", "columns.3"]
    assert piles["rays"]["layout"]["start"] == 90
    assert piles["ring"]["layout"]["start"] == 90  # ring default
    assert piles["talon"]["layout"]["positions"] == [[1, 12]]
    assert rules["setup"][0]["take"] == {"cards": ["KS", "QH"]}
    assert rules["setup"][2]["take"] == {"ranks": [2], "suits": ["S", "H"], "count": 2}
    assert rules["deal"][1]["id"] == "step2"
    assert rules["deal"][0]["to"] == [*[f"columns.{n}" for n in range(1, 5)], "rays.1"]
    assert rules["deal"][1]["rounds"] is None
    assert rules["deal"][1]["count"] == {
        "start": 1,
        "reset": "never",
        "match": "rank",
        "send_to": ["exiles.1"],
        "replace": True,
    }
    assert rules["moves"]["aces-while-dealing"]["cards"] == {
        "ranks": [1],
        "suits": ALL_SUITS,
        "count": None,
    }
    assert rules["moves"]["marry"]["build"]["empty"] == [12, 13]  # a set: sorted
    assert rules["moves"]["marry"]["target_depth"] == {"min": 1, "max": 3}
    assert rules["moves"]["turn"]["recycle"] == "unlimited"
    assert rules["moves"]["exile-chain"]["to"] == [f"ring.{n}" for n in range(1, 14)]
    assert rules["fill"]["columns"] == {
        "up_to": 1, "timing": "immediate", "phase": "any", "order": "pile-order",
        "sources": [{"from": ["stock.1"], "only_into": None, "position": None,
                     "source_depth": {"min": None, "max": None}, "limit_per_vacancy": None,
                     "phase": "any", "not_alone": False}],
    }  # fmt: skip
    assert rules["fill"]["rays"]["sources"][0]["phase"] == "play"  # inherits the rule's
    assert rules["redeal"]["gather"] == ["columns.1", "rays.1", "rays.2", "rays.3", "talon.1"]


def test_hash_is_pinned_and_is_sha256_of_canonical_json():
    spec = load_spec(DATA / "minimal.yaml")
    assert spec_hash(spec) == MINIMAL_HASH
    text = json.dumps(spec.rules, ensure_ascii=False, separators=(",", ":"))
    assert canonical_json(spec) == text
    assert hashlib.sha256(text.encode()).hexdigest() == MINIMAL_HASH
    assert spec_hash(spec.rules) == MINIMAL_HASH


def test_order_of_groups_and_moves_is_part_of_the_hash():
    """Rule order decides which automatic move goes first: reordering is a different game."""
    swapped_moves = edit(
        "  play:\n    from: columns\n    to: foundations\n  marry:\n    from: columns\n"
        "    to: columns\n    build: {direction: down, suit: same}\n",
        "  marry:\n    from: columns\n    to: columns\n    build: {direction: down, suit: same}\n"
        "  play:\n    from: columns\n    to: foundations\n",
    )
    assert spec_hash(load_spec_text(swapped_moves)) != MINIMAL_HASH


def test_equivalent_spellings_have_one_canonical_form():
    refs = ", ".join(FOUNDATIONS)
    variants = [
        edit("last: K}", "last: 13}"),
        edit("{ranks: [A], count: 8}", "{ranks: [1], suits: [S, H, D, C], count: 8}"),
        edit("{ranks: [A], count: 8}", "{ranks: [A, 1, A], suits: [C, D, S, H, C], count: 8}"),
        edit("    to: foundations\n  marry", f"    to: [{refs}]\n  marry"),
        edit(
            "  columns: {role: tableau, count: 4}",
            "  columns: {role: tableau, count: 4, available: {deal: top, play: top}, face: up,"
            " turn_up: true, layout: {shape: row, step: [1, 0]}}",
        ),
        edit(
            "gather: [columns, stock]",
            "gather: [columns, stock.1]\n  deal: [rows]\n  when: stuck",
        ),
        edit(
            "  - id: rows\n    to: columns",
            "  - id: rows\n    to: columns\n    rounds: 1\n    count: null",
        ),
        edit("decks: 2", "decks: 2\nvariant: null\nfill: {}\nwin: all-on-foundations"),
    ]  # fmt: skip
    for text in variants:
        assert spec_hash(load_spec_text(text)) == MINIMAL_HASH, text


def test_ten_as_t_and_card_names():
    text = edit("last: K}", "last: T}")
    assert load_spec_text(text).rules["piles"]["foundations"]["foundation"]["last"] == 10
    text = edit("{ranks: [A], count: 8}", "{cards: [AS, TH, 10D, AH, AD, AC, AS, AH]}")
    assert load_spec_text(text).rules["setup"][0]["take"]["cards"] == [
        "AS",
        "10H",
        "10D",
        "AH",
        "AD",
        "AC",
        "AS",
        "AH",
    ]


def test_provenance_and_comments_do_not_change_the_hash_but_rules_do():
    cited = edit("quote: ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.}", "quote: другое, note: n}")
    assert spec_hash(load_spec_text("# comment\n" + cited)) == MINIMAL_HASH
    assert spec_hash(load_spec_text(edit("last: K}", "last: Q}"))) != MINIMAL_HASH
    assert spec_hash(load_spec_text(edit("times: 1", "times: 2"))) != MINIMAL_HASH


def test_canonical_is_a_copy():
    spec = load_spec(DATA / "minimal.yaml")
    copy = canonical(spec)
    copy["piles"]["stock"]["layout"]["at"].append(5)
    assert spec.rules["piles"]["stock"]["layout"]["at"] == [0, 0]


def test_same_input_same_output():
    a = load_spec(DATA / "everything.yaml")
    b = load_spec(DATA / "everything.yaml")
    assert canonical_json(a) == canonical_json(b)
    assert spec_hash(a) == spec_hash(b)


def round_trip(text: str) -> None:
    spec = load_spec_text(text, "original.yaml")
    dumped = yaml.safe_dump(canonical(spec), allow_unicode=True, sort_keys=False)
    again = load_spec_text(dumped, "dumped.yaml")
    assert again.rules == spec.rules
    assert list(json.loads(json.dumps(again.rules))) == list(spec.rules)
    assert spec_hash(again) == spec_hash(spec)


_RULES = Path(__file__).parent.parent / "rules"
ROUND_TRIP = [
    DATA / "minimal.yaml",
    DATA / "everything.yaml",
    *sorted(_RULES.glob("*.yaml")),
    *sorted(_RULES.glob("reference/*.yaml")),
]


# one test per file, so that pytest-xdist spreads them over the cores
@pytest.mark.parametrize("path", ROUND_TRIP, ids=lambda p: p.name)
def test_round_trip_of_the_fixtures_and_curated_specs(path: Path):
    round_trip(path.read_text(encoding="utf-8"))


def test_counting_while_dealing_defaults():
    text = edit(
        "  - id: rows\n    to: columns",
        "  - id: rows\n    to: columns\n    count: {send_to: stock}",
    )
    assert load_spec_text(text).rules["deal"][0]["count"] == {
        "start": 1,
        "reset": "round",
        "match": "rank",
        "send_to": ["stock.1"],
        "replace": True,
    }


def test_build_empty_spellings():
    assert spec_hash(load_spec_text(edit("suit: same}", "suit: same, empty: []}"))) == MINIMAL_HASH
    text = edit("suit: same}", "suit: same, empty: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]}")
    assert load_spec_text(text).rules["moves"]["marry"]["build"]["empty"] == "any"
    text = edit("suit: same}", "suit: same, empty: [K, K]}")
    assert load_spec_text(text).rules["moves"]["marry"]["build"]["empty"] == [13]
