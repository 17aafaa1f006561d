"""The compiled yes/no schema check (`pipeline.spec.quickcheck`) says exactly what jsonschema
says: `validate_schema` trusts its "valid" and skips jsonschema, so a check more lenient
than jsonschema would let an invalid spec through (and one stricter would only be slow)."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from pipeline.errors import DataError
from pipeline.segment.reader import SCHEMA as GAME_SCHEMA
from pipeline.segment.reader import load_game
from pipeline.spec.quickcheck import compile_schema
from pipeline.spec.schema import _quick, _validator, validate_schema

ROOT = Path(__file__).parent.parent
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _jsonschema_valid(data: object) -> bool:
    return next(_validator().iter_errors(data), None) is None


def _specs() -> list[dict]:
    paths = [ROOT / "rules" / "shah.yaml", ROOT / "tests" / "data" / "specs" / "everything.yaml"]
    return [yaml.load(p.read_text(encoding="utf-8"), Loader=_LOADER) for p in paths]


def _mutated(rnd: random.Random, doc: object, values: list, depth: int, stop: float) -> object:
    """A copy of `doc` with one random place (at most `depth` levels down, each level left
    with chance `stop`) deleted or given one of `values`: the same draws as before."""
    data = copy.deepcopy(doc)
    node = data
    for _ in range(depth):
        key = rnd.choice(list(node) if isinstance(node, dict) else range(len(node)))
        child = node[key]
        if not isinstance(child, (dict, list)) or not child or rnd.random() < stop:
            break
        node = child
    if isinstance(node, dict) and rnd.random() < 0.3:
        del node[key]
    else:
        node[key] = rnd.choice(values)
    return data


def test_the_shipped_schema_compiles():
    assert _quick() is not None


@pytest.mark.parametrize(
    ("sub", "value", "valid"),
    [
        ({"type": "integer"}, 1.0, True),  # 1.0 is an integer in JSON Schema
        ({"type": "integer"}, True, False),  # a bool is no number
        ({"type": "number"}, False, False),
        ({"type": "array"}, (1, 2), False),  # only a list is an array
        ({"enum": [1, 2]}, True, False),  # True is not 1
        ({"const": [1]}, [True], False),
        ({"enum": ["a"]}, "a", True),
        ({"minimum": 1}, float("nan"), True),  # NaN < 1 is false: jsonschema lets it pass
        ({"minimum": 1}, "0", True),  # only numbers are compared
        ({"pattern": "^[a-z]+$"}, "abc\n", True),  # re.search: $ before a final newline
        ({"pattern": "^[a-z]+$"}, 5, True),
        ({"not": {"required": ["x"]}}, {"x": 1}, False),
        ({"not": {"required": ["x"]}}, {}, True),
        ({"oneOf": [{"type": "integer"}, {"type": "number"}]}, 1, False),
        ({"oneOf": [{"type": "integer"}, {"type": "string"}]}, 1, True),
        ({"if": {"required": ["a"]}, "then": {"required": ["b"]}}, {"a": 1}, False),
        ({"if": {"required": ["a"]}, "then": {"required": ["b"]}}, {"c": 1}, True),
        ({"if": {"required": ["a"]}, "else": {"required": ["b"]}}, {"c": 1}, False),
        ({"properties": {"a": False}}, {"a": 1}, False),
        ({"additionalProperties": False, "properties": {"a": True}}, {"a": 1, "b": 2}, False),
        ({"propertyNames": {"pattern": "^[a-z]$"}}, {"ab": 1}, False),
        ({"$ref": "#/$defs/n", "$defs": {"n": {"type": "integer"}}}, "x", False),
        ({"$ref": "#/$defs/n", "$defs": {"n": {"type": "integer"}}, "minimum": 3}, 2, False),
        ({"minLength": 1}, "", False),
        ({"minLength": 2}, "ab", True),
        ({"minLength": 2}, 5, True),  # only strings are measured
        ({"uniqueItems": True}, ["a", "b", "a"], False),
        ({"uniqueItems": True}, ["a", "b"], True),
        ({"uniqueItems": True}, [1, True], True),  # True is not 1
        ({"uniqueItems": True}, [1, 1.0], False),
        ({"uniqueItems": True}, [{"a": [1]}, {"a": [1]}], False),
        ({"uniqueItems": True}, "aa", True),  # only arrays are looked into
        ({"uniqueItems": False}, ["a", "a"], True),
    ],
)
def test_each_keyword_agrees_with_jsonschema(sub, value, valid):
    check = compile_schema(sub)
    assert check is not None
    assert Draft202012Validator(sub).is_valid(value) is valid
    assert check(value) is valid


def test_a_schema_with_an_unknown_keyword_gets_no_quick_check():
    assert compile_schema({"type": "object", "dependentRequired": {"a": ["b"]}}) is None
    assert compile_schema({"prefixItems": [{"type": "integer"}]}) is None


def test_mutated_specs_are_judged_as_jsonschema_judges_them():
    rnd = random.Random(7)
    specs = _specs()
    values = [None, True, 0, 1, 1.5, -1, "", "x", "Bad Name", "up", [], ["a"], {}, {"x": 1}]
    check = _quick()
    judged = {True: 0, False: 0}
    for _ in range(16):
        data = _mutated(rnd, rnd.choice(specs), values, depth=4, stop=0.3)
        valid = _jsonschema_valid(data)
        judged[valid] += 1
        assert check(data) is valid
    assert judged[True] and judged[False]  # both answers were put to the test


def test_valid_specs_skip_jsonschema_and_invalid_ones_get_its_words():
    spec = _specs()[0]
    assert _quick()(spec) is True
    assert validate_schema(spec) == []
    bad = copy.deepcopy(spec)
    bad["id"] = "Bad Name"
    assert _quick()(bad) is False
    assert [(p.key_path, p.message) for p in validate_schema(bad)] == [
        (
            ("id",),
            "expected an id of at most 64 lowercase letters, digits and '-', "
            "got the string 'Bad Name'",
        )
    ]


def test_mutated_game_files_are_judged_as_jsonschema_judges_them():
    """`pipeline.segment.reader.load_game` trusts the quick check of the game-file format."""
    games = [
        yaml.load(p.read_text(encoding="utf-8"), Loader=_LOADER)
        for p in sorted((ROOT / "corpus" / "games").glob("*.yaml"))
    ]
    check = compile_schema(GAME_SCHEMA)
    assert check is not None
    full = Draft202012Validator(GAME_SCHEMA)
    assert all(check(g) and full.is_valid(g) for g in games)
    rnd = random.Random(11)
    values = [None, True, 0, 1, -1, "", "x", "no-rules", ["no-rules", "no-rules"], [], {}]
    judged = {True: 0, False: 0}
    for _ in range(60):
        data = _mutated(rnd, rnd.choice(games), values, depth=6, stop=0.2)
        valid = full.is_valid(data)
        judged[valid] += 1
        assert check(data) is valid
    assert judged[True] and judged[False]


def test_an_invalid_game_file_gets_jsonschema_words(tmp_path):
    text = (ROOT / "corpus" / "games" / "shah.yaml").read_text(encoding="utf-8")
    assert "\npartial: []\n" in text
    bad = tmp_path / "shah.yaml"
    bad.write_text(text.replace("\npartial: []\n", "\npartial: [no-rules, no-rules]\n"))
    with pytest.raises(DataError) as caught:
        load_game(bad)
    assert str(caught.value) == (
        f"{bad} (partial): invalid game file: ['no-rules', 'no-rules'] has non-unique elements"
    )
