"""The grammar stage's on-disk cache (`pipeline.extract.diskcache`): a kept value comes back
exactly as derived, its inputs name it, and a cache that is off, broken or unwritable only
costs the derivation again."""

from __future__ import annotations

import json

import pytest

from pipeline.extract import scanner, tokens
from pipeline.extract.diskcache import cache_root, cached
from pipeline.extract.islands import compiled


@pytest.fixture
def root(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("PASYANS_NO_CACHE", raising=False)
    return tmp_path / "pasyans" / "derived"


def _counting(value):
    calls = []

    def derive():
        calls.append(1)
        return dict(value)

    return derive, calls


def test_kept_value_is_read_back_without_deriving(root):
    derive, calls = _counting({"a": [1, 2]})
    first = cached("t", ["x"], derive, lambda v: v, lambda d: d)
    second = cached("t", ["x"], derive, lambda v: v, lambda d: d)
    assert first == second == {"a": [1, 2]}
    assert len(calls) == 1
    assert [p.name.startswith("t-") for p in root.iterdir()] == [True]


def test_other_inputs_are_another_entry(root):
    derive, calls = _counting({"a": 1})
    cached("t", ["x"], derive, lambda v: v, lambda d: d)
    cached("t", ["y"], derive, lambda v: v, lambda d: d)
    cached("t", ["x", ""], derive, lambda v: v, lambda d: d)
    assert len(calls) == 3
    assert len(list(root.iterdir())) == 3


def test_broken_entry_is_derived_again_and_replaced(root):
    derive, calls = _counting({"a": 1})
    cached("t", ["x"], derive, lambda v: v, lambda d: d)
    (entry,) = root.iterdir()
    entry.write_text("{not json", encoding="utf-8")
    assert cached("t", ["x"], derive, lambda v: v, lambda d: d) == {"a": 1}
    assert len(calls) == 2
    assert json.loads(entry.read_text(encoding="utf-8")) == {"a": 1}


def test_off_unwritable_or_declined_costs_only_the_derivation(root, tmp_path, monkeypatch):
    derive, calls = _counting({"a": 1})
    assert cached("t", ["x"], derive, lambda v: None, lambda d: d) == {"a": 1}  # not kept
    monkeypatch.setenv("PASYANS_NO_CACHE", "1")
    assert cache_root() is None
    assert cached("t", ["x"], derive, lambda v: v, lambda d: d) == {"a": 1}
    monkeypatch.delenv("PASYANS_NO_CACHE")
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # its "directory" is a file
    assert cached("t", ["x"], derive, lambda v: v, lambda d: d) == {"a": 1}
    assert len(calls) == 3
    assert not root.exists()


def test_islands_come_back_exactly():
    c = compiled(None)
    back = scanner._decode(json.loads(json.dumps(scanner._encode(c))))
    assert back == c
    assert back.starting == c.starting and back.codes == c.codes


def test_word_forms_come_back_exactly():
    forms = tokens._forms(None)
    data = tokens._encode_forms(forms)
    assert data is not None
    back = tokens._decode_forms(json.loads(json.dumps(data, ensure_ascii=False)))
    assert back == forms and list(back) == list(forms)
    assert all(type(back[w][2]) is type(v[2]) for w, v in forms.items())  # 5 stays 5, not 5.0
    assert tokens._encode_forms({"x": ("NUM", "x", (1, 2), frozenset())}) is None


def test_vocabulary_comes_back_exactly(root):
    from pipeline.resources import data_dir

    grammar = data_dir("grammar")
    for paths in (
        [grammar / "terms.yaml"],
        [grammar / "terms.yaml", grammar / "books" / "pujol-ru.yaml"],
    ):
        value = tokens._vocabulary(paths)
        data = tokens._encode_vocab(value)
        assert data is not None
        back = tokens._decode_vocab(json.loads(json.dumps(data, ensure_ascii=False)))
        assert back == value
        assert list(back[0]) == list(value[0])  # a later layer's lemma wins: order kept
    tokens.vocabulary.cache_clear()
    try:
        first = tokens.vocabulary("pujol-ru")  # derived and kept
        tokens.vocabulary.cache_clear()
        assert tokens.vocabulary("pujol-ru") == first  # read back
        assert [p.name.split("-")[0] for p in root.iterdir()] == ["vocabulary"]
    finally:
        tokens.vocabulary.cache_clear()
