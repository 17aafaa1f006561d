"""Fills from a stock that a recycle gives cards back to: when the stock is empty but the
talon holds cards, a recycle brings them back and the fills act again. The safe moves and the
piles emptied for good (`vacancies.py`) both wait for the fills to be over; they must not
take an empty stock for that while a recycle is left.

The Clock with its turn allowed one recycle (its packets are filled from the stock), played
at random up to positions with the stock empty and cards on the talon."""

from __future__ import annotations

import random

import pytest
import yaml
from late_positions import played_up
from spec_games import RULES

from pipeline.engine import compile_game
from pipeline.engine.moves import TRANSFER
from pipeline.solve.safety import SafeMoves
from pipeline.solve.vacancies import Vacancies
from pipeline.spec import load_spec_text


@pytest.fixture(scope="module")
def clock():
    spec = yaml.safe_load((RULES / "clock.yaml").read_text(encoding="utf-8"))
    spec["moves"]["turn"]["recycle"] = 1
    return compile_game(load_spec_text(yaml.safe_dump(spec, sort_keys=False), "clock.yaml"))


def recycle_pending(g, seeds: range):
    """Per deal, positions of random play with the stock empty and the talon not."""
    (talon,) = g.group_piles["talon"]
    for seed in seeds:
        s = g.new_state(seed=seed)
        for _ in played_up(g, s, random.Random(seed), 3000, 0.9):
            piles = s.card_piles()
            if not piles[g.stock] and piles[talon]:
                yield s


def test_a_card_alone_in_its_packet_may_still_move_onto_another(clock):
    # the emptied packet is refilled once the talon comes back to the stock
    vac = Vacancies(clock)
    assert vac.enabled
    packets = set(clock.group_piles["packets"])
    seen = 0
    for s in recycle_pending(clock, range(1, 40)):
        piles = s.card_piles()
        moves = s.legal_moves()
        alone = [
            m
            for m in moves
            if m.kind == TRANSFER
            and m.src in packets
            and m.dst in packets
            and len(piles[m.src]) == 1
        ]
        if alone:
            assert vac.prune(s, moves) == moves, [m.notation for m in alone]
            seen += 1
        if seen >= 5:
            break
    assert seen >= 5, seen


def test_no_safe_move_empties_a_packet_the_fill_would_refill(clock):
    safe = SafeMoves(clock)
    packets = set(clock.group_piles["packets"])
    seen = 0
    for s in recycle_pending(clock, range(1, 40)):
        piles = s.card_piles()
        moves = s.legal_moves()
        short = [
            m for m in moves if m.kind == TRANSFER and m.src in packets and len(piles[m.src]) < 2
        ]
        if not any(m.dst in clock.foundations for m in short):
            continue
        m = safe.pick(s, moves)
        assert m is None or m not in short, m.notation
        seen += 1
        if seen >= 5:
            break
    assert seen >= 5, seen
