"""Learning the confusion table from (raw, gold) pairs, and using another table."""

from __future__ import annotations

import time
from collections import Counter

from pipeline.normalize import ConfusionTable, learn_confusions, normalize
from pipeline.normalize.confusions import (
    EXTRA_SLIP,
    SHAPE_WEIGHT,
    _align_chars,
    learned_weight,
    shipped_table,
)


def test_alignment_chunks() -> None:
    assert _align_chars("катггами", "картами") == [("тгг", "рт")]
    assert _align_chars("нерваго", "перваго") == [("н", "п")]
    assert _align_chars("цііфры", "цифры") == [("іі", "и")]
    assert _align_chars("піести", "шести") == [("пі", "ш")]


def test_learn_from_pairs() -> None:
    raw = "Всђ карты нерваго ряда. Закрыты катггами. Кладутъ нерваго туза."
    gold = "Всѣ карты перваго ряда. Закрыты картами. Кладутъ перваго туза."
    table = learn_confusions([(raw, gold)], seeded=False)
    assert table.counts == {("н", "п"): 2, ("тгг", "рт"): 1}
    assert table.weights[("н", "п")] == learned_weight(2)
    assert learned_weight(2) > learned_weight(1) > learned_weight(0)
    # ђ -> ѣ is a letter repair, not a confusion to learn
    assert ("ђ", "ѣ") not in table.weights


def test_candidates_and_tsv_round_trip() -> None:
    counts = Counter({("н", "п"): 1, ("тгг", "рт"): 1})
    table = ConfusionTable.from_counts(counts, seeded=False, smoothing=False)
    assert table.candidates("нерваго") == {"перваго": learned_weight(1)}
    assert "картами" in table.candidates("катггами")
    again = ConfusionTable.from_tsv(table.to_tsv())
    assert again.weights == table.weights and again.counts == table.counts


def test_smoothing_gives_unseen_like_shaped_pairs_a_small_weight() -> None:
    table = ConfusionTable.from_counts(Counter({("н", "п"): 1}), seeded=False)
    cands = table.candidates("нерваго")
    assert cands["перваго"] == learned_weight(1)  # learned: unchanged by smoothing
    assert cands["иерваго"] == SHAPE_WEIGHT  # н/и: like shapes, never seen
    assert "мерваго" not in cands  # н/м: not alike
    # two slips in one word: a learned one and an unseen one (ѵ/у), the second discounted
    assert table.candidates("внѵтренняго")["внутренняго"] == SHAPE_WEIGHT
    assert table.candidates("нѵть")["путь"] == learned_weight(1) * SHAPE_WEIGHT * EXTRA_SLIP
    assert table.weight("ii", "п") == 0.0 and table.weight("іі", "п") == SHAPE_WEIGHT
    # the shipped table (and the TSV) hold only learned and seeded pairs
    assert ("н", "и") not in table.weights


def test_candidates_are_ranked_and_bounded() -> None:
    table = ConfusionTable.from_counts(Counter(), seeded=True)
    cands = table.candidates("ниииииииииииииииииииииииииииии", limit=50)
    assert len(cands) == 50
    weights = sorted(cands.values(), reverse=True)
    every = table.candidates("ниииииииииииииииииииииииииииии", limit=10**6)
    assert weights == sorted(every.values(), reverse=True)[:50]  # the 50 likeliest
    # the search itself is bounded: a 40-letter word of confusable letters stays fast
    start = time.process_time()
    table.candidates("ии" * 20, limit=10**6)
    assert time.process_time() - start < 5  # a bound on hanging, not a speed measure


def test_shipped_table_learned_from_gold() -> None:
    t = shipped_table()
    assert t.counts[("тгг", "рт")] >= 1 and t.counts[("ѵ", "у")] >= 1


def test_normalize_uses_the_given_table() -> None:
    raw = "Карты кладутъ въ рядъ изъ колоды. Всѣ карты нерваго ряда годны."
    assert "перваго" in normalize(raw).text
    empty = ConfusionTable.from_counts(Counter(), seeded=False, smoothing=False)
    nt = normalize(raw, confusions=empty)
    assert "нерваго" in nt.text  # no confusion, and one generic edit is not enough


def test_shipped_table_is_current_with_the_gold() -> None:
    """grammar/lexicon/confusions.tsv is generated: after a gold change, rerun
    `python3 -m pipeline.normalize.confusions`."""
    from pathlib import Path

    from pipeline.normalize.confusions import TABLE_FILE, gold_pairs

    root = Path(__file__).resolve().parents[1]
    learned = learn_confusions(gold_pairs(root / "corpus")).to_tsv()
    assert (root / "grammar" / "lexicon" / TABLE_FILE).read_text(encoding="utf-8") == learned


def test_domain_forms_are_current_with_the_lemmas() -> None:
    """grammar/lexicon/domain_forms.txt is generated from domain_lemmas.txt (checked only
    with the pymorphy3 dictionary it was generated with: another may inflect otherwise)."""
    from pathlib import Path

    import pytest

    from pipeline.normalize.build_lexicon import HEADER, build, dict_version

    lex = Path(__file__).resolve().parents[1] / "grammar" / "lexicon"
    shipped = (lex / "domain_forms.txt").read_text(encoding="utf-8")
    if dict_version() not in shipped:
        pytest.skip("forms were generated with another pymorphy3 dictionary")
    lines = build((lex / "domain_lemmas.txt").read_text(encoding="utf-8"))
    assert shipped == HEADER + dict_version() + "\n".join(lines) + "\n"
