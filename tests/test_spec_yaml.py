"""Safe YAML reading: every refusal is a SpecError naming file, line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.errors import InputError, SpecError
from pipeline.spec import load_spec, load_spec_text
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
