"""`pasyans diff`: structural differences, citations, renames, coupled play, bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from cli_helpers import one_line, run

from pipeline.diff import diff_specs
from pipeline.diff.behaviour import marked_piles, play_diff, with_one
from pipeline.engine import compile_game
from pipeline.engine.playout import random_playouts
from pipeline.spec import load_spec, load_spec_text
from pipeline.stats import newcombe

RULES = Path(__file__).resolve().parent.parent / "rules"


def spec(name: str):
    return load_spec(RULES / f"{name}.yaml")


def fields(d) -> list[tuple]:
    return [(x.area, x.kind, x.label, x.value_a, x.value_b) for x in d.differences]


# -- structural ------------------------------------------------------------------------------


def test_shah_against_cadogan_is_exactly_rule_two() -> None:
    d = diff_specs(spec("shah"), spec("shah.cadogan"))
    assert fields(d) == [
        ("building", "changed", "moves.marry.source_depth.min", 2, 3),
        ("building", "changed", "moves.marry.target_depth.min", 2, 3),
        ("building", "changed", "moves.marry-talon.target_depth.min", 2, 3),
    ]
    first = d.differences[0]
    for c in (first.cite_a, first.cite_b):
        assert c.sentence == "shah/rules/II/1" and c.rule == "II"
        assert c.quote.startswith("Марьяжъ можно дѣлать только картами среднихъ круговъ")
        assert c.modern.startswith("Марьяж можно делать только картами средних кругов")
        assert c.reference.startswith("cards in the inner circles")
    assert d.differences[1].cite_b.reference == "Marriages are limited to cards in the third circle"
    assert d.caveats == [] and d.groups.renamed == {}


def test_shah_cli_text_shows_values_and_both_spellings(capsys) -> None:
    code, out, err = run(capsys, "diff", "shah", "shah.cadogan")
    assert code == 1 and err == ""
    assert "3 differences in 1 rule area" in out
    assert "\nbuilding\n  moves.marry.source_depth.min\n    A: 2\n    B: 3\n" in out
    assert "A, B shah/rules/II/1 (rule II):" in out
    assert "«Марьяжъ можно дѣлать только картами среднихъ круговъ»" in out
    assert "«Марьяж можно делать только картами средних кругов» (modern spelling)" in out
    assert '"Marriages are limited to cards in the third circle" (English)' in out


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (
            "blockade",
            "blockade.rows",
            [
                ("vacancies", "changed", "fill.columns.up_to", 1, 9),
                ("vacancies", "changed", "fill.columns.timing", "immediate", "batch"),
                ("vacancies", "changed", "fill.columns.order", "pile-order", "depth-first"),
            ],
        ),
        (
            "clock",
            "clock.immediate",
            [("vacancies", "changed", "fill.packets.timing", "batch", "immediate")],
        ),
    ],
)
def test_variant_pairs(a: str, b: str, expected: list) -> None:
    assert fields(diff_specs(spec(a), spec(b))) == expected


def test_dense_column_cadogan_adds_two_fill_rules() -> None:
    d = diff_specs(spec("dense-column"), spec("dense-column.cadogan"))
    assert [(x.area, x.kind, x.label) for x in d.differences] == [
        ("vacancies", "only-b", "fill.corners"),
        ("vacancies", "only-b", "fill.sides"),
    ]
    assert d.differences[0].value_b["sources"][0]["from"] == ["stock.1"]
    assert d.differences[0].cite_b is not None


def test_reformatted_and_reordered_spec_has_no_difference(tmp_path, capsys) -> None:
    raw = yaml.safe_load((RULES / "shah.yaml").read_text(encoding="utf-8"))
    other = tmp_path / "shah-reformatted.yaml"
    other.write_text(
        yaml.safe_dump(raw, allow_unicode=True, sort_keys=True, default_flow_style=False),
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "diff", str(RULES / "shah.yaml"), str(other))
    assert code == 0
    assert "no difference in the rules" in out


def test_spec_differing_only_in_provenance_and_notes_has_no_difference(tmp_path, capsys) -> None:
    raw = yaml.safe_load((RULES / "blockade.yaml").read_text(encoding="utf-8"))
    raw["notes"] = "another reader's notes"
    raw["provenance"] = {"decks": dict(raw["provenance"]["decks"], note="checked twice")}
    other = tmp_path / "blockade-cited-differently.yaml"
    other.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    code, out, _ = run(capsys, "diff", "blockade", str(other), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["equal"] is True and data["differences"] == []


def renamed(name: str, old: str, new: str) -> str:
    return re.sub(rf"\b{old}\b", new, (RULES / f"{name}.yaml").read_text(encoding="utf-8"))


def test_extracted_style_group_names_diff_field_by_field() -> None:
    text = renamed("blockade", "columns", "rows").replace("up_to: 1", "up_to: 2")
    d = diff_specs(load_spec_text(text, "rows.yaml"), spec("blockade"))
    assert d.groups.renamed == {"rows": "columns"}
    assert [(x.area, x.kind, x.label, x.value_a, x.value_b) for x in d.differences] == [
        ("decks and piles", "renamed", "piles.rows → piles.columns", "rows", "columns"),
        ("vacancies", "changed", "fill.rows.up_to → fill.columns.up_to", 2, 1),
    ]
    assert d.differences[1].cite_a.sentence == d.differences[1].cite_b.sentence


def test_renamed_move_rule_is_one_rename() -> None:
    text = (RULES / "shah.yaml").read_text(encoding="utf-8").replace("marry-talon", "wed-talon")
    d = diff_specs(spec("shah"), load_spec_text(text, "x.yaml"))
    assert [(x.kind, x.label) for x in d.differences] == [
        ("renamed", "moves.marry-talon → moves.wed-talon")
    ]


def test_different_games_compare_as_far_as_they_can(capsys) -> None:
    code, out, err = run(capsys, "diff", "shah", "clock", "--json")
    assert code == 1 and err == ""
    data = json.loads(out)
    assert data["caveats"][0] == (
        "different games (shah and clock): compared as far as their pile groups correspond"
    )
    assert any("no counterpart" in c for c in data["caveats"])
    assert {"decks and piles", "setup", "deal"} <= set(data["areas"])


def test_a_whole_item_is_cited_from_inside_it_never_from_a_sibling() -> None:
    d = diff_specs(spec("shah"), spec("blockade"))
    by_label = {x.label: x for x in d.differences}
    assert by_label["piles.centre"].cite_a is None  # shah cites no field of the centre
    assert by_label["deal.rows"].cite_b.key == "deal.rows.rounds"


# -- behaviour -------------------------------------------------------------------------------


def test_side_a_plays_exactly_the_random_playouts() -> None:
    d = diff_specs(spec("clock"), spec("clock.immediate"))
    beh = play_diff(d, 6, seed=3)
    ref = random_playouts(compile_game(spec("clock")), 3, 6)
    assert beh.won_a == ref.won and beh.outcomes_a.count("lost") == ref.lost
    ref_b = random_playouts(compile_game(spec("clock.immediate")), 3, 6)
    assert beh.won_b + beh.outcomes_b.count("lost") == ref_b.won + ref_b.lost


def test_a_spec_against_itself_never_diverges() -> None:
    d = diff_specs(spec("blockade"), spec("blockade"))
    beh = play_diff(d, 3, seed=1)
    assert beh.changed == [] and beh.outcomes_a == beh.outcomes_b and beh.first is None


def test_shah_divergence_is_a_marriage_only_the_russian_allows() -> None:
    d = diff_specs(spec("shah"), spec("shah.cadogan"))
    beh = play_diff(d, 2, seed=1)
    dv = beh.first
    assert dv.kind == "moves" and dv.only_b == [] and dv.only_a
    legal_a = {m.notation for m in dv.state_a.legal_moves()}
    legal_b = {m.notation for m in dv.state_b.legal_moves()}
    assert set(dv.only_a) == legal_a - legal_b
    for m in dv.only_a:
        src, _, dst = m.split(" ")
        assert src.startswith("rays.") and dst.startswith("rays.")
    assert beh.credits["moves.marry.source_depth.min"] == len(beh.changed) > 0
    piles = {p for m in dv.only_a for p in m.split(" ")[::2]}
    assert marked_piles(d, dv) == (frozenset(piles), frozenset(piles))


def test_behaviour_cli_reports_rates_ranking_and_board(capsys) -> None:
    code, out, _ = run(capsys, "diff", "blockade", "blockade.rows", "--deals", "2")
    assert code == 1
    assert "behaviour: 2 deals from seed 1, policy random" in out
    assert re.search(
        r"\n  A: win rate [\d.]+ %(–[\d.]+ %)? \(95 % Wilson [\d.]+ %–[\d.]+ %\): "
        r"\d won, \d lost, \d unknown of 2\n",
        out,
    )
    assert "fill.columns.timing: changed play in 2 of 2 deals" in out
    assert "first divergence: deal 1, after 0 moves made alike" in out
    assert "stock " in out.split("first divergence: ")[1]  # both boards drawn


def test_newcombe_interval_contains_the_difference() -> None:
    lo, hi = newcombe(10, 100, 20, 100)
    assert lo < 0.1 < hi and lo > -0.01
    assert newcombe(0, 5, 0, 5)[0] < 0 < newcombe(0, 5, 0, 5)[1]


# -- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--deals", "0"], "--deals must be a whole number from 1 to 10000000, not '0'"),
        (["--deals", "x"], "--deals must be a whole number"),
        (["--deals", "2", "--seed", "-1"], "--seed must be a whole number from 0 to 2**64-1"),
        (["--html", "/nonexistent-dir/out.html"], "cannot write: no such directory"),
    ],
)
def test_bad_options_exit_2_with_one_line(capsys, argv: list[str], words: str) -> None:
    code, out, err = run(capsys, "diff", "shah", "shah.cadogan", *argv)
    assert code == 2 and out == ""
    assert words in one_line(err)


def test_html_to_a_directory_writes_nothing(tmp_path, capsys) -> None:
    code, _, err = run(capsys, "diff", "shah", "shah.cadogan", "--html", str(tmp_path))
    assert code == 2 and "is a directory" in one_line(err)
    assert list(tmp_path.iterdir()) == []


def test_missing_spec_exits_2(capsys) -> None:
    code, _, err = run(capsys, "diff", "shah", "no-such-game")
    assert code == 2 and "no-such-game: no such spec file" in one_line(err)


def test_invalid_spec_gets_the_validators_messages(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        (RULES / "clock.yaml").read_text(encoding="utf-8").replace("decks: 2", "decks: 0"),
        encoding="utf-8",
    )
    code, out, err = run(capsys, "diff", "clock", str(bad))
    assert code == 1 and out == "" and "Traceback" not in err
    assert re.match(rf"pasyans diff: {re.escape(str(bad))}:\d+:\d+ \(decks\): ", err)


def test_a_policy_outside_the_registry_is_a_usage_error() -> None:
    from pipeline.diff.policy import outcome_function
    from pipeline.errors import UsageError

    available = r"\(available: solver, restarts, beam, greedy, random, hindsight, playouts\)"
    with pytest.raises(UsageError, match=r"no policy 'best' " + available):
        outcome_function("best")


def test_an_outcome_policy_plays_each_side_on_its_own(monkeypatch) -> None:
    """The wiring of pipeline.solve's greedy playout (a stand-in here): outcomes are its,
    where play changes is still the lockstep walk's."""
    import types

    from pipeline.solve import policies

    calls = []

    def greedy(game, seed, max_moves):
        calls.append((game.variant, seed))
        return types.SimpleNamespace(outcome="won" if game.variant else "unknown")

    monkeypatch.setitem(policies.PLAYOUTS, "greedy", greedy)
    d = diff_specs(spec("clock"), spec("clock.immediate"))
    beh = play_diff(d, 2, seed=5, policy="greedy")
    assert calls == [(None, 5), ("immediate", 5), (None, 6), ("immediate", 6)]
    assert beh.outcomes_a == ["unfinished"] * 2 and beh.outcomes_b == ["won"] * 2
    assert beh.changed == [5, 6]


def test_each_difference_alone_is_measured_against_a() -> None:
    d = diff_specs(spec("blockade"), spec("blockade.rows"))
    beh = play_diff(d, 2, seed=1)
    assert beh.effects_method == "isolated"
    # with one card per vacancy, the order of refilling cannot matter: no effect, as it must
    assert beh.credits == {
        "fill.columns.up_to": 2,
        "fill.columns.timing": 2,
        "fill.columns.order": 0,
    }


def test_with_one_takes_exactly_one_field_from_b() -> None:
    d = diff_specs(spec("shah"), spec("shah.cadogan"))
    rules = with_one(d, d.differences[0])
    assert rules["moves"]["marry"]["source_depth"] == {"min": 3, "max": None}
    assert rules["moves"]["marry"]["target_depth"] == {"min": 2, "max": None}
    rules["moves"]["marry"]["source_depth"]["min"] = 2
    assert rules == spec("shah").rules
    added = diff_specs(spec("dense-column"), spec("dense-column.cadogan"))
    rules = with_one(added, added.differences[0])
    assert rules["fill"]["corners"] == spec("dense-column.cadogan").rules["fill"]["corners"]
    assert "sides" not in rules["fill"]


EXTRACTED = sorted((RULES / "extracted").glob("*.yaml"))


@pytest.mark.skipif(not EXTRACTED, reason="rules/extracted/ is not in this checkout")
@pytest.mark.parametrize("path", EXTRACTED, ids=lambda p: p.stem)
def test_extracted_spec_against_its_curated_spec(path: Path) -> None:
    """Whatever the extraction says, the diff pairs every extracted group that has a curated
    group of the same role and count, and names every difference in B's terms."""
    a = load_spec(path)
    b = spec(a.id)
    d = diff_specs(a, b)
    pb = b.rules["piles"]
    for ga, g in a.rules["piles"].items():
        twins = [k for k, v in pb.items() if (v["role"], v["count"]) == (g["role"], g["count"])]
        if twins and len(twins) == sum(
            (v["role"], v["count"]) == (g["role"], g["count"]) for v in a.rules["piles"].values()
        ):
            assert d.groups.mapping.get(ga) in twins
    for x in d.differences:
        if x.path_b is not None:
            assert x.path_b[0] in b.rules


def test_greedy_policy_is_pipeline_solves_greedy_playout() -> None:
    policies = pytest.importorskip("pipeline.solve.policies")
    d = diff_specs(spec("clock"), spec("clock.immediate"))
    beh = play_diff(d, 3, seed=11, policy="greedy")
    word = {"unknown": "unfinished"}
    for side, name in ((beh.outcomes_a, "clock"), (beh.outcomes_b, "clock.immediate")):
        game = compile_game(spec(name))
        expected = [policies.greedy(game, s, 5000).outcome for s in (11, 12, 13)]
        assert side == [word.get(o, o) for o in expected]


def test_behaviour_counts_an_unfinished_game_as_unknown_not_lost() -> None:
    from pipeline.diff.report import _rate

    # 1 won, 1 lost, 8 unfinished: the bracket 10–90 %, no rate over the 2 decided games
    line = _rate(["won", "lost"] + ["unfinished"] * 8)
    assert line == (
        "win rate 10.00 %–90.00 % (95 % Wilson 1.79 %–98.21 %): 1 won, 1 lost, 8 unknown of 10"
    )
