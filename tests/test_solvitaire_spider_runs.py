"""The Spider-family specs that state Solvitaire 23983059's rules (`*.solvitaire.yaml`) land a
run of two or more cards only on the next card of its own suit, as that release does: it
judges where a built group lands by the preset's "move built group policy" (same-suit),
not by its "build policy" (any-suit), which places single cards. Found on Spiderette deal
160 (Solvitaire: lost; ours, with runs on any suit, won by moving Q♣ J♣ onto K♦)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pipeline.engine.loading import load_game

REPO = Path(__file__).resolve().parents[1]
SPIDERETTE = str(REPO / "rules" / "reference" / "spiderette.solvitaire.yaml")
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

# the first seven moves of the line that won deal 160 when runs landed on any suit
DEAL_160_OPENING = [
    "columns.3 QD columns.1",
    "columns.3 4H columns.2",
    "columns.4 3H columns.2",
    "columns.1 QD columns.7",
    "deal",
    "deal",
    "columns.6 JC columns.5",
]


def _crafted_order() -> list[str]:
    """K♦, Q♣, J♣, K♣, 5♥, 5♠, 5♦ face up on columns 1-7 (order places 0, 7, 13, 18, 22,
    25, 27 of Spiderette's triangle deal); the rest of the pack under them and in the stock."""
    tops = {0: "KD", 7: "QC", 13: "JC", 18: "KC", 22: "5H", 25: "5S", 27: "5D"}
    rest = [r + s for s in "SHDC" for r in RANKS if r + s not in tops.values()]
    it = iter(rest)
    return [tops[i] if i in tops else next(it) for i in range(52)]


def _moves(state) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def test_a_run_in_suit_lands_only_on_its_own_suit() -> None:
    g = load_game(SPIDERETTE)
    s = g.new_state(order=_crafted_order())
    assert "columns.3 JC columns.2" in _moves(s)  # a single card: on any suit
    s.apply(s.parse_move("columns.3 JC columns.2"))
    moves = _moves(s)
    assert "columns.2 QC columns.4" in moves  # Q♣ J♣ onto K♣
    assert "columns.2 QC columns.1" not in moves  # not onto K♦
    assert moves == {"deal", "columns.2 QC columns.4"}


def test_deal_160_loses_the_run_onto_another_suit() -> None:
    g = load_game(SPIDERETTE)
    s = g.new_state(seed=160)
    for text in DEAL_160_OPENING:
        s.apply(s.parse_move(text))
    assert _moves(s) == {"deal", "columns.1 8H columns.3", "columns.1 8H columns.4"}


@pytest.mark.parametrize(
    "game", ["spider", "spiderette", "will-o-the-wisp", "simple-simon", "mrs-mop"]
)
def test_each_solvitaire_reading_builds_runs_in_suit(game: str) -> None:
    path = REPO / "rules" / "reference" / f"{game}.solvitaire.yaml"
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))["moves"]
    assert spec["build"]["build"]["suit"] == "any" and "run" not in spec["build"]
    assert spec["build-run"]["build"] == {"direction": "down", "suit": "same", "empty": "any"}
    assert spec["build-run"]["run"] == {"direction": "down", "suit": "same"}


def test_spider_as_solvitaire_plays_it_deals_the_same_cards_and_sends_single_cards_up() -> None:
    """`spider.solvitaire.yaml` (the preset's "only complete pile moves" unread, as for the
    other four) deals each seed as `spider.yaml` does, so a row's deals are the same
    deals, and puts an ace up alone where the game waits for a whole suit."""
    ours = load_game(str(REPO / "rules" / "reference" / "spider.yaml"))
    theirs = load_game(str(REPO / "rules" / "reference" / "spider.solvitaire.yaml"))
    for seed in (1, 2, 77):
        assert ours.new_state(seed=seed).card_piles() == theirs.new_state(seed=seed).card_piles()
    s = theirs.new_state(seed=77)
    assert _moves(s) == {
        "columns.2 AS columns.5",
        "columns.2 AS foundations.1",
        "columns.3 AH columns.5",
        "columns.3 AH foundations.1",
        "columns.5 2D columns.10",
        "columns.5 2D columns.7",
        "columns.6 QH columns.9",
        "deal",
    }
    assert not any("foundations" in m for m in _moves(ours.new_state(seed=77)))


def test_spider_deal_3_is_won_on_single_cards_and_not_found_on_complete_suits() -> None:
    from pipeline.engine.record import replay
    from pipeline.solve.bestfirst import BestFirst
    from pipeline.solve.search import Budget

    g = load_game(str(REPO / "rules" / "reference" / "spider.solvitaire.yaml"))
    r = BestFirst(g).solve(seed=3, budget=Budget(nodes=20_000))
    assert (r.outcome, r.nodes) == ("won", 1650)
    assert replay(g, r.record).is_won()
    whole = load_game(str(REPO / "rules" / "reference" / "spider.yaml"))
    r = BestFirst(whole).solve(seed=3, budget=Budget(nodes=20_000))
    assert (r.outcome, r.nodes, r.reason) == ("unknown", 20_000, "nodes")
