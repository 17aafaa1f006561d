"""The curated corpus specs: they load, and every citation is checkable against the texts.

A scholar must be able to ask of any field "which words of which page say so?": so every
`quote` must occur verbatim in the hand-made gold transcription of its game, every `sentence`
id must exist in the segmented game file, every `reference` must occur in the English
original, and a `rule` number must agree with the sentence it is attached to.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
import yaml

from pipeline.spec import load_spec

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
CORPUS = ROOT / "corpus"

CURATED = [
    "shah.yaml",
    "shah.cadogan.yaml",
    "blockade.yaml",
    "blockade.rows.yaml",
    "clock.yaml",
    "clock.immediate.yaml",
    "dense-column.yaml",
    "dense-column.cadogan.yaml",
    "exiles.yaml",
]


def _squash(text: str) -> str:
    """Whitespace runs to one space, italics marks dropped: line breaks are not content."""
    return re.sub(r"\s+", " ", text.replace("_", "")).strip()


def _gold_by_game() -> dict[str, str]:
    catalog = yaml.safe_load((CORPUS / "catalog.yaml").read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    for seed in catalog["seeds"]:
        text = (CORPUS / seed["gold"]).read_text(encoding="utf-8")
        for passage in seed["passages"]:
            out[passage["game"]] = out.get(passage["game"], "") + "\n" + text
    return {game: _squash(text) for game, text in out.items()}


@functools.cache  # one parse per game file, not one per citation
def _sentences(game: str) -> dict[str, str]:
    data = yaml.safe_load((CORPUS / "games" / f"{game}.yaml").read_text(encoding="utf-8"))
    found: dict[str, str] = {}

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("id"), str) and "text" in node and "/" in node["id"]:
                found[node["id"]] = node["text"]
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(data["sections"])
    return found


GOLD = _gold_by_game()


@pytest.fixture(scope="module", params=CURATED)
def spec(request):
    return load_spec(RULES / request.param)


def test_every_curated_spec_loads_without_problems(spec) -> None:
    """`pasyans validate` accepts the file: load_spec raises SpecError on any problem."""
    assert spec.rules["spec"] == "pasyans/1"
    assert spec.provenance, "a curated spec cites its text"


def test_variant_label_matches_file_name(spec) -> None:
    """`shah.cadogan.yaml` is id shah, variant cadogan; `shah.yaml` has no variant."""
    stem = Path(spec.path).name.removesuffix(".yaml")
    game, _, variant = stem.partition(".")
    assert spec.rules["id"] == game
    assert spec.rules["variant"] == (variant or None)


def test_quotes_are_verbatim_from_the_gold_text(spec) -> None:
    """Every quote occurs word for word (spacing aside) in the gold text of its game."""
    bad = []
    for key, cite in spec.provenance.items():
        gold = GOLD[cite["text"]]
        if _squash(cite["quote"]) not in gold:
            bad.append((key, cite["quote"]))
    assert bad == []


def test_sentence_ids_exist_and_hold_the_quote(spec) -> None:
    """A cited sentence id names a sentence of corpus/games whose gold words contain the quote.

    The segmented files carry the normalizer's output, which may differ from the gold by an
    OCR slip; so the quote is compared after dropping every letter the two disagree on
    (compare the sentence's characters as a set), and must match exactly in most cases.
    """
    bad = []
    for key, cite in spec.provenance.items():
        sid = cite["sentence"]
        if sid is None:
            continue
        sentences = _sentences(cite["text"])
        if sid not in sentences:
            bad.append((key, sid, "no such sentence"))
            continue
        sentence = _squash(sentences[sid])
        quote = _squash(cite["quote"])
        if quote not in sentence and not _near(quote, sentence):
            bad.append((key, sid, quote))
    assert bad == []


def _near(quote: str, sentence: str) -> bool:
    """The quote is in the sentence up to a couple of single-letter OCR differences."""
    words_q = quote.split()
    words_s = sentence.split()
    for i in range(len(words_s) - len(words_q) + 1):
        window = words_s[i : i + len(words_q)]
        diff = sum(1 for a, b in zip(window, words_q, strict=True) if a != b)
        if diff <= 2:
            return True
    return False


def test_rule_numbers_agree_with_the_sentence(spec) -> None:
    """`rule: II` is given only where the sentence is rule II or names «(правило II)»."""
    bad = []
    for key, cite in spec.provenance.items():
        rule = cite["rule"]
        if rule is None:
            continue
        sid = cite["sentence"] or ""
        in_rule = re.fullmatch(rf"[^/]+/rules/{rule}/\d+", sid) is not None
        names_rule = re.search(rf"\(правил[оа] (?:[IV]+ и )?{rule}\b", cite["quote"])
        if not (in_rule or names_rule):
            bad.append((key, rule, sid))
    assert bad == []


def test_references_are_verbatim_from_the_english(spec) -> None:
    """Every `reference` occurs in the Cadogan file named by `source.reference`."""
    ref = spec.rules["source"]["reference"]
    english = ""
    if ref is not None:
        english = _squash((CORPUS / "references" / Path(ref).name).read_text(encoding="utf-8"))
    bad = [
        (key, cite["reference"])
        for key, cite in spec.provenance.items()
        if cite["reference"] is not None and _squash(cite["reference"]) not in english
    ]
    assert bad == []


def test_every_top_level_rule_section_is_cited(spec) -> None:
    """decks, setup, deal, moves, fill/redeal and win each carry at least one citation."""
    heads = {key.split(".")[0].split("[")[0] for key in spec.provenance}
    required = {"decks", "deal", "moves", "win", "redeal", "piles"}
    if spec.rules["setup"]:
        required.add("setup")
    assert required <= heads


def test_the_cadogan_variant_differs_from_the_russian_only_in_rule_two() -> None:
    """Russian rule II «картами среднихъ круговъ» vs English "cards in the third circle"."""
    ru = _play_rules(load_spec(RULES / "shah.yaml").rules)
    en = _play_rules(load_spec(RULES / "shah.cadogan.yaml").rules)
    diff = _diff(ru, en)
    assert diff == {
        ("variant",): (None, "cadogan"),
        ("moves", "marry", "source_depth", "min"): (2, 3),
        ("moves", "marry", "target_depth", "min"): (2, 3),
        ("moves", "marry-talon", "target_depth", "min"): (2, 3),
    }


def test_the_clock_variant_differs_only_in_refill_timing() -> None:
    """clock.immediate.yaml changes only `fill.packets.timing` (rule III/2 vs play/4)."""
    main = _play_rules(load_spec(RULES / "clock.yaml").rules)
    other = _play_rules(load_spec(RULES / "clock.immediate.yaml").rules)
    assert _diff(main, other) == {
        ("variant",): (None, "immediate"),
        ("fill", "packets", "timing"): ("batch", "immediate"),
    }


def test_the_blockade_variant_differs_only_in_its_vacancies() -> None:
    """blockade.rows.yaml: a gap in any row (play/8 «въ верхнихъ рядахъ») vs an empty column."""
    main = _play_rules(load_spec(RULES / "blockade.yaml").rules)
    other = _play_rules(load_spec(RULES / "blockade.rows.yaml").rules)
    assert _diff(main, other) == {
        ("variant",): (None, "rows"),
        ("fill", "columns", "up_to"): (1, 9),
        ("fill", "columns", "timing"): ("immediate", "batch"),
        ("fill", "columns", "order"): ("pile-order", "depth-first"),
    }


def test_the_dense_column_variant_differs_only_in_the_deal_time_replacement() -> None:
    """dense-column.cadogan.yaml: Four Corners' "the next card in the pack is placed in its
    stead" (a stock fill limited to the deal) vs Pujol's play/5 (no fill at all)."""
    main = _play_rules(load_spec(RULES / "dense-column.yaml").rules)
    other = _play_rules(load_spec(RULES / "dense-column.cadogan.yaml").rules)
    diff = _diff(main, other)
    assert set(diff) == {("variant",), ("fill", "corners"), ("fill", "sides")}
    assert diff[("variant",)] == (None, "cadogan")
    for group in ("corners", "sides"):
        before, after = diff[("fill", group)]
        assert before is None
        assert after["timing"] == "immediate" and after["phase"] == "deal"
        assert [source["from"] for source in after["sources"]] == [["stock.1"]]


def _play_rules(rules: dict) -> dict:
    """The rules without the free-text `notes`, which explain each reading in its own words."""
    return {key: value for key, value in rules.items() if key != "notes"}


def _diff(a: object, b: object, path: tuple = ()) -> dict[tuple, tuple]:
    if isinstance(a, dict) and isinstance(b, dict):
        out: dict[tuple, tuple] = {}
        for key in a.keys() | b.keys():
            out |= _diff(a.get(key), b.get(key), (*path, key))
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = {}
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out |= _diff(x, y, (*path, i))
        return out
    return {} if a == b else {path: (a, b)}
