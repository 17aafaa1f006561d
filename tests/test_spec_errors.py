"""Each kind of spec error: exact key path, line, column and a message saying what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.errors import SpecError
from pipeline.spec import load_spec, load_spec_text

DATA = Path(__file__).parent / "data" / "specs"
MINIMAL = (DATA / "minimal.yaml").read_text(encoding="utf-8")


def problems(source: str | Path) -> list[tuple[str, int, int, str]]:
    """(key path, line, column, message) of every problem, in file order."""
    with pytest.raises(SpecError) as exc:
        if isinstance(source, Path):
            load_spec(source)
        else:
            load_spec_text(source, "t.yaml")
    out = []
    for e in exc.value.errors:
        assert e.path is not None
        kp = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in e.key_path or ())
        out.append((kp.lstrip("."), e.line, e.column, e.message))
    return out


def edit(old: str, new: str) -> str:
    assert MINIMAL.count(old) == 1, old
    return MINIMAL.replace(old, new)


def test_unknown_key_lists_the_expected_keys():
    assert problems(DATA / "bad_unknown_key.yaml") == [
        (
            "moves.marry.builds",
            25,
            5,
            "unknown key 'builds' (expected one of: auto, beaten_by, build, cards, chain, count, "
            "face, from, group, kind, limit, neighbour, pairs, phase, position, recycle, run, "
            "source_depth, target_depth, to, when)",
        ),
    ]


def test_wrong_type():
    assert problems(DATA / "bad_wrong_type.yaml") == [
        ("decks", 4, 8, "expected an integer, got the string 'two'")
    ]


def test_missing_field_points_at_its_mapping():
    assert problems(DATA / "bad_missing_field.yaml") == [
        ("moves.play", 20, 5, "missing required key 'to'")
    ]


def test_nine_aces_taken_in_a_two_deck_game():
    assert problems(DATA / "bad_nine_aces.yaml") == [
        ("setup[0].take.count", 13, 31, "takes 9 cards but 2 decks hold 8 such cards")
    ]


def test_nine_empty_ace_foundations_in_a_two_deck_game():
    assert problems(DATA / "bad_nine_foundations.yaml") == [
        (
            "piles.foundations.foundation.base",
            9,
            24,
            "9 foundations start empty on base A but 2 decks leave only 8 such cards: "
            "the game could never be won",
        )
    ]


def test_foundations_filled_by_setup_need_no_base_cards():
    # The Clock: twelve foundations whose bottom cards setup places; base A is never used.
    text = edit("count: 8\n    foundation: {base: A, last: K}", "count: 12\n    foundation: {}")
    text = text.replace(
        "{ranks: [A], count: 8}", "{ranks: [2, 3, 4], suits: [S, H, D, C], count: 12}"
    )
    assert load_spec_text(text).rules["piles"]["foundations"]["foundation"]["base"] == 1


@pytest.mark.parametrize(
    ("name", "got"), [("bad_rank_14.yaml", "the integer 14"), ("bad_rank_z.yaml", "the string 'Z'")]
)
def test_rank_out_of_range(name, got):
    assert problems(DATA / name) == [
        (
            "piles.foundations.foundation.last",
            9,
            33,
            f"expected a rank (A, 2-10, J, Q, K, or 1-13) or null, got {got}",
        )
    ]


def test_rank_in_a_list_and_in_build_empty():
    text = edit("{ranks: [A], count: 8}", "{ranks: [A, 0], count: 8}")
    assert problems(text) == [
        (
            "setup[0].take.ranks[1]",
            13,
            23,
            "expected a rank: A, 2-10, J, Q, K (or T for 10, or an integer 1-13), "
            "got the integer 0",
        )
    ]
    text = edit("suit: same}", "suit: same, empty: [K, L]}")
    assert [p[:3] for p in problems(text)] == [("moves.marry.build.empty[1]", 25, 53)]


def test_redeal_gathering_missing_piles():
    assert problems(DATA / "bad_redeal_missing_pile.yaml") == [
        ("redeal.gather[1]", 28, 21, "no pile group 'talon' (groups: foundations, columns, stock)"),
        ("redeal.gather[2]", 28, 28, "'columns.5': group 'columns' has 4 piles, numbered from 1"),
    ]


def test_redeal_naming_a_missing_deal_step():
    text = edit("  times: 1\n", "  times: 1\n  deal: [rows, rounds]\n")
    assert problems(text) == [("redeal.deal[1]", 28, 16, "no deal step 'rounds' (steps: rows)")]


def test_provenance_path_that_does_not_exist():
    assert problems(DATA / "bad_provenance_path.yaml") == [
        (
            "provenance.moves.marry.target_depth.minimum",
            31,
            3,
            "provenance for 'moves.marry.target_depth.minimum', which is not a field of this spec",
        )
    ]


def test_provenance_may_cite_defaults_and_deal_steps_by_id():
    text = MINIMAL + (
        "  redeal.when: {text: blockade, quote: q}\n"
        "  deal.rows.rounds: {text: blockade, quote: q}\n"
        "  deal[0].pause: {text: blockade, quote: q}\n"
        "  moves.marry.build.suit: {text: blockade, quote: q, rule: 2}\n"
    )
    spec = load_spec_text(text)
    assert spec.provenance["moves.marry.build.suit"] == {
        "text": "blockade",
        "quote": "q",
        "sentence": None,
        "rule": "2",
        "reference": None,
        "note": None,
    }
    assert list(spec.provenance) == [
        "decks",
        "redeal.when",
        "deal.rows.rounds",
        "deal[0].pause",
        "moves.marry.build.suit",
    ]


def test_provenance_text_must_be_a_source_text():
    text = MINIMAL + "  win: {text: shah, quote: q}\n"
    assert problems(text) == [
        (
            "provenance.win.text",
            31,
            15,
            "text 'shah' is not one of this spec's source.texts (blockade)",
        ),
    ]


def test_provenance_citation_needs_text_and_quote():
    text = MINIMAL + "  win: {text: t, qoute: q}\n"
    assert problems(text) == [
        ("provenance.win", 31, 8, "missing required key 'quote'"),
        (
            "provenance.win.qoute",
            31,
            18,
            "unknown key 'qoute' (expected one of: note, origin, quote, reference, rule, sentence, "
            "spans, text)",
        ),
    ]


def test_all_schema_errors_are_listed_in_file_order():
    assert [p[:3] for p in problems(DATA / "bad_many.yaml")] == [
        ("decks", 4, 8),
        ("piles.foundations.foundation.last", 9, 33),
        ("piles.stock.count", 11, 31),
        ("moves.marry.builds", 25, 5),
    ]


def test_all_semantic_errors_are_listed():
    assert problems(DATA / "bad_semantic_many.yaml") == [
        ("piles.stock.count", 11, 31, "the stock group has 2 piles; it must be one pile"),
        (
            "deal[0].count.send_to",
            18,
            22,
            "no pile group 'exiles' (groups: foundations, columns, stock)",
        ),
        ("moves.play.to[1]", 22, 23, "no pile group 'cells' (groups: foundations, columns, stock)"),
        ("redeal.gather[1]", 29, 21, "no pile group 'talon' (groups: foundations, columns, stock)"),
    ]


def test_setup_count_must_match_several_target_piles():
    text = edit("{ranks: [A], count: 8}", "{ranks: [A, 2], count: 10}")
    assert problems(text) == [
        (
            "setup[0].to",
            14,
            9,
            "10 cards for 8 piles: with several target piles, setup puts one card on each",
        ),
    ]


def test_explicit_cards_beyond_the_decks():
    text = (
        edit("decks: 2", "decks: 1")
        .replace(
            "  - take: {ranks: [A], count: 8}\n    to: foundations\n",
            "  - take: {cards: [AS, AH, AD, AC]}\n    to: [foundations.1, foundations.2, "
            "foundations.3, foundations.4]\n  - take: {cards: [AS]}\n    to: stock\n",
        )
        .replace("count: 8\n    foundation", "count: 4\n    foundation")
    )
    assert problems(text) == [
        ("setup[1].take.cards[0]", 15, 20, "AS: 1 deck holds 1 AS, all taken already")
    ]


def test_a_later_setup_step_cannot_take_what_an_earlier_one_took():
    text = edit(
        "    to: foundations\ndeal",
        "    to: foundations\n  - take: {ranks: [A]}\n    to: stock\ndeal",
    )
    spec = load_spec_text(text)  # 'all matching' after eight are gone is zero cards
    assert spec.rules["setup"][1]["take"]["count"] is None
    text = edit(
        "    to: foundations\ndeal",
        "    to: foundations\n  - take: {ranks: [A], count: 1}\n    to: stock\ndeal",
    )
    assert problems(text) == [
        (
            "setup[1].take.count",
            15,
            31,
            "takes 1 card but 2 decks hold 8 such cards (8 taken by earlier steps)",
        ),
    ]


def test_stock_must_exist_and_be_unique():
    text = edit("  stock: {role: stock}\n", "")
    text = text.replace("gather: [columns, stock]", "gather: [columns]")
    assert problems(text) == [
        ("piles", 6, 3, "no group has role: stock (exactly one stock pile is needed)")
    ]
    text = edit("  stock: {role: stock}\n", "  stock: {role: stock}\n  hand: {role: stock}\n")
    assert problems(text) == [
        (
            "piles.hand.role",
            12,
            16,
            "a second stock group ('stock' is one); exactly one stock pile is allowed",
        )
    ]


def test_targets_and_adjacent_lengths():
    text = edit("{base: A, last: K}", "{base: A, targets: [K, Q]}")
    assert problems(text) == [
        (
            "piles.foundations.foundation.targets",
            9,
            36,
            "targets lists 2 ranks; the group has 8 piles",
        )
    ]
    text = edit(
        "{role: tableau, count: 4}", "{role: tableau, count: 4, adjacent: [stock, foundations]}"
    )
    assert problems(text) == [
        ("piles.columns.adjacent", 10, 48, "adjacent lists 2 piles; the group has 4 piles"),
        (
            "piles.columns.adjacent[1]",
            10,
            56,
            "'foundations' names 8 piles; adjacent needs exactly one",
        ),
    ]


def test_build_on_non_tableau_targets_and_missing_build():
    text = edit(
        "    to: foundations\n  marry",
        "    to: foundations\n    build: {direction: up, suit: same}\n  marry",
    )
    assert problems(text) == [
        (
            "moves.play.build",
            22,
            5,
            "'build' applies only to tableau or reserve targets; "
            "these targets are foundation piles",
        ),
    ]
    text = edit("    build: {direction: down, suit: same}\n", "")
    assert problems(text) == [
        (
            "moves.marry.build",
            23,
            5,
            "a move onto tableau or reserve piles needs a 'build' rule (direction and suit)",
        ),
    ]


def test_fill_on_a_non_tableau_group():
    text = edit(
        "redeal:",
        "fill:\n  stock:\n    sources: [{from: columns}]\n  nowhere:\n"
        "    sources: [{from: stock}]\nredeal:",
    )
    assert problems(text) == [
        ("fill.stock", 27, 3, "fill rules apply to tableau groups; 'stock' has role 'stock'"),
        ("fill.nowhere", 29, 3, "no pile group 'nowhere' (groups: foundations, columns, stock)"),
    ]


def test_fields_of_another_move_kind():
    text = edit("    to: foundations\n  marry", "    to: foundations\n    recycle: 1\n  marry")
    assert problems(text) == [
        ("moves.play.recycle", 22, 5, "'recycle' does not apply to a move of kind 'transfer'")
    ]
    text = edit(
        "    build: {direction: down, suit: same}\n",
        "    kind: route\n    build: {direction: down, suit: same}\n",
    )
    assert problems(text) == [
        ("moves.marry.build", 26, 5, "'build' does not apply to a move of kind 'route'")
    ]


def test_turn_and_route_targets():
    text = edit("    to: foundations\n  marry", "    to: foundations\n    kind: turn\n  marry")
    assert problems(text) == [
        ("moves.play.from", 20, 11, "a turn takes cards from the stock"),
    ]
    text = edit("    to: foundations\n  marry", "    to: foundations\n    kind: route\n  marry")
    assert problems(text) == [
        (
            "moves.play.to",
            21,
            9,
            "a route needs 13 target piles (pile N takes rank N); these references name 8",
        ),
    ]


def test_enum_and_name_errors():
    text = edit("  - id: rows\n", "  - id: rows\n    pause: often\n")
    assert problems(text) == [
        ("deal[0].pause", 17, 12, "expected one of: card, round, none; got the string 'often'")
    ]
    text = edit("  columns: {role", "  Columns: {role").replace("columns", "Columns")
    assert ("piles.Columns", 10, 3) in [p[:3] for p in problems(text)]


def test_spec_version_and_yes_as_boolean():
    text = edit("spec: pasyans/1", "spec: pasyans/2")
    assert problems(text) == [("spec", 2, 7, "expected 'pasyans/1', got the string 'pasyans/2'")]
    text = edit("    to: columns\nmoves", "    to: columns\n    skip_empty: yes\nmoves")
    assert problems(text) == [
        ("deal[0].skip_empty", 18, 17, "expected true or false, got the string 'yes'")
    ]


def test_duplicate_deal_step_ids():
    text = edit(
        "  - id: rows\n    to: columns\n",
        "  - id: rows\n    to: columns\n  - id: rows\n    to: columns\n",
    )
    assert problems(text) == [
        ("deal[1].id", 18, 9, "deal step id 'rows' is already used by step 1")
    ]


def test_empty_selector_lists_match_nothing_and_are_errors():
    assert problems(edit("{ranks: [A], count: 8}", "{ranks: [], count: 8}")) == [
        ("setup[0].take.ranks", 13, 19, "expected at least 1 item")
    ]


def test_references_that_contradict_roles():
    text = edit("  stock: {role: stock}\n", "  stock: {role: stock}\n  kings: {role: out}\n")
    text = text.replace("    to: foundations\n  marry", "    to: [foundations, kings]\n  marry")
    text = text.replace("gather: [columns, stock]", "gather: [columns, foundations.1]")
    text = text.replace("  - id: rows\n    to: columns", "  - id: rows\n    to: [columns, stock]")
    assert problems(text) == [
        ("deal[0].to", 18, 9, "'stock' has role stock: a deal step deals from the stock"),
        ("moves.play.to", 22, 9, "'kings' has role out: no move puts cards there"),
        (
            "redeal.gather",
            29,
            11,
            "'foundations' has role foundation: its cards stay where they are at a redeal",
        ),
    ]
    text = edit("  stock: {role: stock}\n", "  stock: {role: stock}\n  centre: {role: inert}\n")
    text = text.replace(
        "    from: columns\n    to: foundations", "    from: centre\n    to: foundations"
    )
    assert problems(text) == [
        ("moves.play.from", 21, 11, "'centre' has role inert: its cards never move")
    ]


def test_wrap_base_needs_one_foundation_base():
    # the minimal spec has one foundation group on base A: wrap: base is fine there
    ok = edit(
        "build: {direction: down, suit: same}", "build: {direction: down, suit: same, wrap: base}"
    )
    load_spec_text(ok, "t.yaml")
    any_base = ok.replace("foundation: {base: A, last: K}", "foundation: {base: any}")
    assert [p[3] for p in problems(any_base)] == [
        "wrap: base needs exactly one foundation group, with a base rank or 'first'"
    ]
    assert problems(edit("suit: same}", "suit: same, wrap: around}")) == [
        (
            "moves.marry.build.wrap",
            25,
            48,
            "expected one of: true, false, base; got the string 'around'",
        )
    ]
