"""Safe YAML reading: every refusal is a SpecError naming file, line and column."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from thoroughness import THOROUGH, examples

from pipeline.errors import InputError, SpecError
from pipeline.spec import load_spec, load_spec_text, yamlsafe
from pipeline.spec.yamlsafe import MAX_BYTES, load_document

DATA = Path(__file__).parent / "data" / "specs"


def only_error(exc: pytest.ExceptionInfo[SpecError]) -> SpecError:
    assert len(exc.value.errors) == 1, [str(e) for e in exc.value.errors]
    return exc.value.errors[0]


def test_python_tag_is_refused_with_its_position():
    with pytest.raises(SpecError) as exc:
        load_spec(DATA / "bad_python_tag.yaml")
    err = only_error(exc)
    assert (err.line, err.column) == (3, 5)
    assert err.path == str(DATA / "bad_python_tag.yaml")
    assert "'!!python/object/apply:os.system' is not allowed" in err.message


@pytest.mark.parametrize(
    "tag", ["!!binary aGk=", "!custom x", "!!set {a, b}", "!!timestamp 2001-12-14"]
)
def test_other_tags_are_refused(tag):
    with pytest.raises(SpecError) as exc:
        load_document(f"a: 1\nb: {tag}\n", "t.yaml")
    err = only_error(exc)
    assert (err.line, err.column) == (2, 4)
    assert "is not allowed" in err.message


def test_duplicate_key_names_both_places():
    with pytest.raises(SpecError) as exc:
        load_spec(DATA / "bad_duplicate_key.yaml")
    err = only_error(exc)
    assert (err.line, err.column) == (12, 3)
    assert err.message == "duplicate key 'columns' (first at line 10, column 3)"


def test_alias_bomb_is_refused_before_expansion():
    # Expanded, this document holds 9**10 strings: finishing at all proves it was not expanded.
    with pytest.raises(SpecError) as exc:
        load_spec(DATA / "bad_alias_bomb.yaml")
    err = only_error(exc)
    assert "more than 100000 values once aliases are expanded" in err.message
    assert err.line is not None and err.column is not None


def test_too_many_alias_references():
    text = "a: &x 1\nb: [" + ", ".join(["*x"] * 201) + "]\n"
    with pytest.raises(SpecError) as exc:
        load_document(text, "t.yaml")
    err = only_error(exc)
    assert err.message == "more than 200 aliases"
    assert err.line == 2


def test_recursive_alias_is_a_cycle_error():
    with pytest.raises(SpecError) as exc:
        load_document("a: &x [1, *x]\n", "t.yaml")
    assert "cycle" in only_error(exc).message


def test_a_few_aliases_are_fine():
    doc = load_document("a: &x {shape: row}\nb: *x\n")
    assert doc.data == {"a": {"shape": "row"}, "b": {"shape": "row"}}


def test_too_deep(tmp_path):
    f = tmp_path / "deep.yaml"
    f.write_text("spec: " + "[" * 60 + "]" * 60 + "\n")
    with pytest.raises(SpecError) as exc:
        load_spec(f)
    err = only_error(exc)
    assert err.message == "nesting deeper than 40 levels"
    assert (err.line, err.column) == (1, 46)  # the 40th bracket opens the 41st level


def test_too_big(tmp_path):
    f = tmp_path / "big.yaml"
    f.write_text("notes: '" + "x" * MAX_BYTES + "'\n")
    with pytest.raises(InputError) as exc:  # cannot be read as a text: exit 2
        load_spec(f)
    err = exc.value
    assert err.message == f"file too big: more than {MAX_BYTES} bytes"
    assert (err.path, err.line, err.column, err.exit_code) == (str(f), None, None, 2)


def test_bad_utf8_names_line_and_column(tmp_path):
    f = tmp_path / "latin1.yaml"
    f.write_bytes("spec: pasyans/1\nid: x\ntitle: {ru: Блок".encode() + b"\xe0\xe4a}\n")
    with pytest.raises(InputError) as exc:
        load_spec(f)
    err = exc.value
    assert (err.line, err.column, err.exit_code) == (3, 17, 2)
    assert err.message == "not UTF-8: byte 0xe0 cannot be decoded"


def test_syntax_error_reports_the_mark():
    with pytest.raises(SpecError) as exc:
        load_spec(DATA / "bad_syntax_error.yaml")
    err = only_error(exc)
    assert (err.line, err.column) == (12, 6)
    assert err.message.startswith("YAML syntax error: while parsing a flow mapping")
    assert "(it started at line 11, column 10)" in err.message


def test_control_character_is_refused():
    with pytest.raises(SpecError) as exc:
        load_document("a: 1\nb: x\x07y\n", "t.yaml")
    err = only_error(exc)
    assert (err.line, err.column) == (2, 5)
    assert err.message == "character U+0007 is not allowed in YAML"


def test_two_documents_are_refused():
    with pytest.raises(SpecError) as exc:
        load_document("a: 1\n---\nb: 2\n", "t.yaml")
    err = only_error(exc)
    assert err.line == 2
    assert "expected a single document" in err.message


def test_merge_keys_and_non_string_keys_are_refused():
    with pytest.raises(SpecError) as exc:
        load_document("a: &x {b: 1}\nc:\n  <<: *x\n", "t.yaml")
    assert (only_error(exc).line, only_error(exc).column) == (3, 3)
    with pytest.raises(SpecError) as exc:
        load_document("1: a\n", "t.yaml")
    assert only_error(exc).message == "a key must be a name, got the integer 1"


def test_scalars_follow_yaml_1_2_core():
    doc = load_document(
        "a: [yes, no, on, off, true, False, ~, null, 010, -3, 2.5, 1e3, 10H, 2001-01-01]"
    )
    assert doc.data == {
        "a": [
            "yes",
            "no",
            "on",
            "off",
            True,
            False,
            None,
            None,
            10,
            -3,
            2.5,
            1000.0,
            "10H",
            "2001-01-01",
        ]
    }


def test_positions_are_one_based_per_key_path():
    doc = load_document("a:\n  b: [x, y]\n")
    assert doc.positions[("a", "b", 1)] == (2, 10)
    assert doc.key_positions[("a", "b")] == (2, 3)


def test_empty_file_is_an_error():
    with pytest.raises(SpecError) as exc:
        load_spec_text("# nothing\n", "empty.yaml")
    err = only_error(exc)
    assert err.message.startswith("the file is empty")
    assert (err.line, err.column) == (1, 1)


def test_missing_file_and_directory_are_input_errors(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        load_spec(tmp_path / "nope.yaml")
    with pytest.raises(InputError, match="is a directory"):
        load_spec(tmp_path)


def test_explicit_standard_tags_must_fit_their_value():
    assert load_document("a: !!int '12'\nb: !!str 12\n").data == {"a": 12, "b": "12"}
    with pytest.raises(SpecError) as exc:
        load_document("a: !!bool maybe\n", "t.yaml")
    assert only_error(exc).message == "'maybe' cannot be read as bool"
    with pytest.raises(SpecError) as exc:
        load_document("a: " + "1" * 5000 + "\n", "t.yaml")
    assert only_error(exc).message == (
        "'" + "1" * 40 + "'… (5,000 characters) cannot be read as int"
    )


def test_a_text_read_again_is_parsed_once_and_each_reading_is_its_own():
    """The parse is kept per text: a second reading parses nothing, its values are fresh
    (a caller that changes one reading does not change the next), and a text that fails
    fails again, with the path of each reading."""
    from pipeline.spec.yamlsafe import _composed

    text = "id: kept-once-4f2\npiles: {a: [1, 2]}\n"
    first = load_document(text, "one.yaml")
    misses = _composed.cache_info().misses
    first.data["piles"]["a"].append(3)
    second = load_document(text, "two.yaml")
    assert _composed.cache_info().misses == misses
    assert second.data == {"id": "kept-once-4f2", "piles": {"a": [1, 2]}}
    assert second.positions[("piles", "a", 1)] == (2, 16)
    for name in ("one.yaml", "two.yaml"):
        with pytest.raises(SpecError) as exc:
            load_document("a: [1, 2\n", name)
        assert only_error(exc).path == name


def _reading(text: str, libyaml: bool) -> tuple:
    """Everything `load_document` gives for `text` (values and every position, or each error's
    type, words, line and column), libyaml allowed or the Python reader alone."""
    kept = yamlsafe.CParser
    yamlsafe._composed.cache_clear()
    if not libyaml:
        yamlsafe.CParser = None
    try:
        doc = load_document(text, "t.yaml")
        return ("read", repr(doc.data), sorted(doc.positions.items(), key=repr),
                sorted(doc.key_positions.items(), key=repr))  # fmt: skip
    except (SpecError, InputError) as exc:
        errs = getattr(exc, "errors", None) or [exc]
        return ("refused", type(exc).__name__, [(e.message, e.line, e.column) for e in errs])
    finally:
        yamlsafe.CParser = kept
        yamlsafe._composed.cache_clear()


LIBYAML = pytest.mark.skipif(
    yamlsafe.CParser is None,
    reason="PyYAML without libyaml: the Python reader reads everything",
)

# one text of each kind the two readers were seen to read otherwise: libyaml given the whole
# text would place the empty value at `}` or on the next line, read `|#` as a comment,
# `bloc?kade` as one scalar, a mid-text byte-order mark otherwise, a tab where Python refuses
READ_OTHERWISE = [
    "c: {d: }\n",
    "c: {d:  , e: 1}\n",
    "c: {p: \r, r: 1}\n",
    "c: {p: # why\n   , r: 1}\n",
    "c: [d: ]\n",
    "a: |#\n  x\n",
    "source: {texts: [bloc?kade]}\n",
    "n:\n  - - x\n\ufeff   - y\n",
    "b: {a\t: 1}\n",
]


@LIBYAML
@pytest.mark.parametrize("text", READ_OTHERWISE)
def test_what_libyaml_reads_otherwise_is_read_by_the_python_reader(text: str) -> None:
    from pipeline.spec.yamlsafe import _CLoader, _libyaml_reads_alike

    fast = _CLoader(text)
    try:
        alone = ("read", fast.get_single_node())
    except Exception as exc:
        alone = ("refused", exc)
    finally:
        fast.dispose()
    assert not _libyaml_reads_alike(text)
    assert _reading(text, libyaml=True) == _reading(text, libyaml=False)
    assert alone[0] == "read"  # libyaml alone reads each: only the guard keeps it from them


@LIBYAML
def test_mangled_texts_read_alike_with_libyaml_and_without() -> None:
    """Random slips (a character added, removed or replaced, one to four times) in texts of
    every construct the specs use, and some they do not: the same values and positions, or
    the same errors at the same places, whichever reader read them; most are read by libyaml
    (the check is not that it never reads)."""
    import random

    from pipeline.spec.yamlsafe import _composed

    seeds = [
        (DATA / "minimal.yaml").read_text(encoding="utf-8"),
        "a: [1, 'x', {b: «ъ»}]\nc: &k {d: 1}\ne: *k\nf: |\n  строка\n",
        "k: \"esc \\\" \\n \\u0411\"\nl: 'it''s'\nm: >\n  folded\n\n  more\n"
        "n:\n  - - x\n    - y\n  - {p: q, r: [s, t]}\n? complex\n: value\n",
    ]
    marks = [*":-[]{}#&*!|>'\"%,? \t\nъ\x07\ufeff@`~=\r\\.", "\x85", "\u2028", "---", "...",
             "<<", ": ", "- ", "&a ", "*a", "!!str ", "%YAML 1.1\n", "\n  ", "\n- ",
             "\ud800", "\x00"]  # fmt: skip
    rng = random.Random(7)
    count = examples(300, 3000)
    by_libyaml = 0
    for _ in range(count):
        text = rng.choice(seeds)
        for _ in range(rng.randint(1, 4)):
            i, cut = rng.randrange(len(text) + 1), rng.choice((0, 0, 1, 2))
            text = text[:i] + rng.choice(("", rng.choice(marks))) + text[i + cut :]
        assert _reading(text, libyaml=True) == _reading(text, libyaml=False), repr(text)
        _composed.cache_clear()
        with contextlib.suppress(Exception):  # refused: the Python reader says why
            by_libyaml += _composed(text)[1]
    assert by_libyaml > count // 5


@LIBYAML
def test_the_yaml_files_read_alike_and_the_specs_by_libyaml() -> None:
    """The YAML files of the curated and extracted specs, games, grammar and tests (fixtures
    good and bad); under `PASYANS_TESTS=thorough` the 72 reference specs and the benchmarks'
    data too (~550 files more): the same reading with libyaml and without. Every shipped
    spec is read by libyaml, the speed it is for."""
    from pipeline.spec.yamlsafe import _composed

    root = Path(__file__).resolve().parent.parent
    tops = ["rules", "corpus", "grammar", "tests", *(["benchmarks"] if THOROUGH else [])]
    files = [
        p
        for top in tops
        for p in sorted((root / top).glob("**/*.yaml"))
        if THOROUGH or p.parent.name != "reference"
    ]
    assert len(files) > 50
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        assert _reading(text, libyaml=True) == _reading(text, libyaml=False), path
    for path in sorted((root / "rules").glob("**/*.yaml")):
        _composed.cache_clear()
        assert _composed(path.read_text(encoding="utf-8"))[1], path
