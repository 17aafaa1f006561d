"""The shipped JSON Schema: a valid draft 2020-12 schema that editors can use, strict
everywhere, documented everywhere, and accepting every example of rules/README.md."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from pipeline.spec import load_spec, load_spec_text
from pipeline.spec.schema import schema, validate_schema

ROOT = Path(__file__).parent.parent
README = (ROOT / "rules" / "README.md").read_text(encoding="utf-8")
DATA = Path(__file__).parent / "data" / "specs"


def test_schema_is_valid_draft_2020_12():
    Draft202012Validator.check_schema(schema())
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def walk(node, path=()):
    if isinstance(node, dict):
        yield path, node
        for k, v in node.items():
            yield from walk(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, (*path, i))


def test_every_object_is_closed_and_every_property_described():
    for path, node in walk(schema()):
        if node.get("type") == "object" or "properties" in node:
            if "if" in path or "then" in path:
                continue
            assert node.get("additionalProperties") is False or isinstance(
                node.get("additionalProperties"), dict
            ), path
        for name, prop in node.get("properties", {}).items() if "if" not in path else ():
            if prop is False or "then" in path:
                continue
            assert prop.get("description"), (*path, name)


def test_schema_accepts_the_everything_fixture_raw():
    raw = yaml.safe_load((DATA / "everything.yaml").read_text(encoding="utf-8"))
    assert validate_schema(raw) == []


# -- every YAML example of the language reference ------------------------------------------

BASE = {
    "spec": "pasyans/1",
    "id": "readme",
    "source": {"texts": ["blockade", "shah"]},
    "decks": 2,
    "piles": {
        "foundations": {"role": "foundation", "count": 8},
        "columns": {"role": "tableau", "count": 12},
        "rays": {"role": "tableau", "count": 8},
        "piles": {"role": "tableau", "count": 12},
        "fan": {"role": "tableau"},
        "corners": {"role": "tableau", "count": 4},
        "sides": {"role": "tableau", "count": 8},
        "exiles": {"role": "reserve"},
        "stock": {"role": "stock"},
        "talon": {"role": "talon"},
        "centre": {"role": "inert"},
        "out": {"role": "out"},
    },
    "deal": [{"id": "places", "to": ["corners", "sides"]}],
    "moves": {
        "marry": {"from": "rays", "to": "rays", "build": {"direction": "down", "suit": "same"}}
    },
}


def readme_blocks() -> list[str]:
    return [m.group(1) for m in re.finditer(r"```yaml\n(.*?)```", README, re.S)]


def as_spec(block: str) -> dict:
    """One README example made into a whole spec: merged into BASE by its top-level keys."""
    text = re.sub(r"^ {2}", "", block, flags=re.M) if block.startswith("  ") else block
    text = re.sub(r"^ {2}", "", text, flags=re.M) if text.startswith("  ") else text
    text = text.replace(", ...]", "]")  # "gather: [corners.1, ..., ...]" elides piles
    data = yaml.safe_load(text)
    spec = copy.deepcopy(BASE)
    if "spec" in data:  # the top-level outline: its "{...}" / "[...]" stand for sections
        for key, value in data.items():
            if value not in ({"...": None}, ["..."]) and key != "notes":
                spec[key] = value
        return spec
    if set(data) == {"count"}:  # counting while dealing: a deal step's field
        spec["deal"] = [*spec["deal"], {"id": "counted", "to": "piles", **data}]
        return spec
    if set(data) <= set(schema()["properties"]):
        for key, value in data.items():
            if isinstance(value, dict) and isinstance(spec.get(key), dict) and key != "piles":
                spec[key] = {**spec[key], **value}
            else:
                spec[key] = value
        if "piles" in data:  # the piles example declares its own groups; keep the others
            spec["piles"] = {**BASE["piles"], **data["piles"]}
        return spec
    spec["moves"] = {**spec["moves"], **data}  # a move rule (the route example)
    return spec


def test_readme_has_the_examples_this_test_knows():
    assert len(readme_blocks()) == 19


@pytest.mark.parametrize("index", range(len(readme_blocks())))
def test_every_readme_example_is_accepted(index):
    spec = as_spec(readme_blocks()[index])
    text = yaml.safe_dump(spec, allow_unicode=True, sort_keys=False)
    loaded = load_spec_text(text, f"README example {index + 1}")
    assert loaded.rules["spec"] == "pasyans/1"


def test_readme_examples_keep_their_meaning():
    blocks = readme_blocks()
    moves = load_spec_text(yaml.safe_dump(as_spec(blocks[5]))).rules["moves"]
    assert moves["turn"]["kind"] == "turn" and moves["turn"]["recycle"] == 0
    assert moves["marry"]["source_depth"] == {"min": 3, "max": None}
    route = load_spec_text(yaml.safe_dump(as_spec(blocks[6]))).rules["moves"]["exile-chain"]
    assert route["to"] == [*(f"piles.{n}" for n in range(1, 13)), "fan.1"]
    assert route["chain"] == "not-playable" and route["auto"] is True
    fill = load_spec_text(yaml.safe_dump(as_spec(blocks[7]))).rules["fill"]["rays"]
    assert fill["sources"][1]["position"] == 1 and fill["order"] == "depth-first"


def test_curated_specs_are_valid():
    paths = sorted((ROOT / "rules").glob("*.yaml")) + sorted(
        (ROOT / "rules").glob("reference/*.yaml")
    )
    for path in paths:
        load_spec(path)


def test_readme_step_and_rank_of_examples_keep_their_meaning():
    blocks = [b for b in readme_blocks() if "step: [1, 2, 3, 4]" in b or "rank_of: columns" in b]
    assert len(blocks) == 2
    step, beak = (load_spec_text(yaml.safe_dump(as_spec(b))).rules["piles"] for b in blocks)
    assert step["foundations"]["foundation"]["step"] == [1, 2, 3, 4]
    assert beak["foundations"]["foundation"]["base"] == {"rank_of": "columns.1", "position": 1}


def test_readme_examples_of_the_blocks_for_other_families_keep_their_meaning():
    by_key = {
        key: load_spec_text(yaml.safe_dump(as_spec(b))).rules
        for b in readme_blocks()
        for key in ("covered_by", "beaten_by", "pairs: {left", "neighbour", "run: complete", "gate")
        if key in b
    }
    assert by_key["covered_by"]["piles"]["pyramid"]["covered_by"] == [
        ["pyramid.2", "pyramid.3"],
        [],
        [],
    ]
    assert by_key["covered_by"]["moves"]["pair"]["group"] == {
        "size": [1, 2],
        "sum": 13,
        "same": None,
    }
    assert by_key["beaten_by"]["win"] == {
        "condition": "all-on-foundations",
        "except": {"ranks": [1], "suits": ["S", "H", "D", "C"], "count": None},
    }
    pairs = by_key["pairs: {left"]["moves"]["by-rank"]["pairs"]
    assert pairs == {"left": [1, 3], "right": [], "gaps": "close"}
    assert by_key["neighbour"]["moves"]["fill-gap"]["neighbour"] == {"side": "left", "row": 13}
    spider = by_key["run: complete"]["moves"]
    assert spider["build"]["run"] == {"direction": "down", "suit": "same", "wrap": False}
    assert spider["complete"]["run"] == "complete"
    assert by_key["gate"]["piles"]["foundations"]["foundation"]["gate"] == "previous"
