"""The blocked-cards proof and a talon that a recycle turns back into the stock: the talon
then gives every card, not only its top, so it is not a tracked pile.

The Clock with its turn allowed one recycle: every hour complete but hour X, which shows its
9H and 10H still to come; the stock is empty and the talon holds 9H under 10H. Tracked, the
talon's 10H waits for the 9H under it: "lost". A recycle turns the talon back over, the 9H is
turned first and goes up, then the 10H: won."""

from __future__ import annotations

import yaml
from late_positions import complete_foundations
from spec_games import RULES

from pipeline.engine import compile_game
from pipeline.solve.blocked import Blocked, tracked_piles
from pipeline.spec import load_spec_text


def clock(recycle: int):
    spec = yaml.safe_load((RULES / "clock.yaml").read_text(encoding="utf-8"))
    assert spec["moves"]["turn"]["recycle"] == 0
    spec["moves"]["turn"]["recycle"] = recycle
    return compile_game(load_spec_text(yaml.safe_dump(spec, sort_keys=False), "clock.yaml"))


def ten_left(g) -> list[list[int]]:
    piles = complete_foundations(g)
    ten = g.foundations[9]
    (talon,) = g.group_piles["talon"]
    assert [v % 13 + 1 for v in piles[ten][-2:]] == [9, 10]
    piles[talon] = piles[ten][-2:]  # 9H at the bottom, 10H on top
    del piles[ten][-2:]
    return piles


def test_without_a_recycle_the_talon_is_tracked_and_the_position_lost():
    g = clock(0)
    assert g.group_piles["talon"][0] in tracked_piles(g)
    assert Blocked(g).dead_piles(ten_left(g))


def test_a_talon_given_back_by_a_recycle_is_not_tracked():
    g = clock(1)
    assert g.group_piles["talon"][0] not in tracked_piles(g)
    assert not Blocked(g).dead_piles(ten_left(g))
