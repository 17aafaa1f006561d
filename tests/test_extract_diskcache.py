"""The grammar stage's on-disk cache (`pipeline.extract.diskcache`): a kept value comes back
exactly as derived, its inputs name it, and a cache that is off, broken or unwritable only
costs the derivation again."""

from __future__ import annotations

import base64
import json
import pickle
from pathlib import Path

import pytest
import regex

from pipeline.extract import scanner, tokens
from pipeline.extract.diskcache import cache_root, cached
from pipeline.extract.islands import compiled
from pipeline.extract.tokens import tokenize
from pipeline.segment.reader import iter_sentences, load_game

ROOT = Path(__file__).resolve().parent.parent


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


def test_kept_patterns_are_the_islands_and_scan_alike():
    """Every island's pattern comes back from the cache compiled from its source, and every
    sentence of the corpus games scans alike with them and with patterns compiled afresh
    when tried (as without a cache)."""
    c = compiled(None)
    back = scanner._decode(json.loads(json.dumps(scanner._encode(c))))
    assert sorted(back.patterns) == sorted(c.names)
    for name, source, _ in c.islands:
        assert back.patterns[name].pattern == source
        assert back.patterns[name].flags == regex.compile(source, regex.POSIX).flags
    afresh = scanner.Compiled(c.codes, c.islands, c.starting, heads=c.heads)  # as derived
    found = set()
    for path in sorted((ROOT / "corpus" / "games").glob("*.yaml")):
        for s in iter_sentences(load_game(path)):
            types = [t.type for t in tokenize(s.modern)]
            scanned = scanner.scan(back, types)
            assert scanned == scanner.scan(afresh, types), s.id
            found.update(name for _, _, name in scanned)
    assert len(found) >= 40  # many islands matched, not only none alike
    assert len(afresh.patterns) >= 100  # those tried, compiled afresh


def _kept_islands() -> scanner.Compiled:
    """The islands through the cache (kept on the first call, read back after), as
    `compile_islands` keeps them."""
    c = compiled(None)  # (made first: under this test's cache, it may keep entries of its own)
    return cached("kept-islands", ["test"], lambda: c, scanner._encode, scanner._decode)


def test_a_kept_pattern_is_only_ever_a_pattern(root):
    """A cache file can make nothing but its island's pattern: anything else, or another
    island's pattern, is an entry that does not decode, derived again and replaced."""

    class Call:  # a pickle that calls os.getpid on loading
        def __reduce__(self):
            import os

            return (os.getpid, ())

    evil = base64.b64encode(pickle.dumps(Call())).decode("ascii")
    with pytest.raises(ValueError, match=r"not a pattern: (posix|os)\.getpid"):
        scanner._kept_pattern_back(evil, "x")
    other = scanner._kept_pattern(regex.compile("y", regex.POSIX))
    with pytest.raises(ValueError, match="not its island's"):
        scanner._kept_pattern_back(other, "x")
    with pytest.raises(ValueError, match="does not read"):
        scanner._kept_pattern_back("%%%", "x")
    first = _kept_islands()
    (entry,) = root.glob("kept-islands-*")
    data = json.loads(entry.read_text(encoding="utf-8"))
    name = first.names[0]
    kept = data["patterns"][name]
    data["patterns"][name] = evil
    entry.write_text(json.dumps(data), encoding="utf-8")
    again = _kept_islands()  # the entry refused: derived again, and replaced
    assert again is first
    assert json.loads(entry.read_text(encoding="utf-8"))["patterns"][name] == kept


def test_read_back_islands_compile_no_pattern(root, monkeypatch):
    """Islands read from the cache come with every pattern: scanning compiles none."""
    _kept_islands()  # derived and kept
    types = [t.type for t in tokenize("Масти соблюдаются.")]

    def refuse(*args, **kwargs):
        raise AssertionError("compiled a pattern")

    monkeypatch.setattr(scanner.regex, "compile", refuse)
    back = _kept_islands()
    assert back is not compiled(None) and len(back.patterns) == len(back.islands)
    assert [name for _, _, name in scanner.scan(back, types)] == ["suit_follow"]


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
