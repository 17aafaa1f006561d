"""Every shipped spec draws after its deal: each pile's top card is on the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.engine.loading import load_game
from pipeline.render import Style, render
from pipeline.render.glyphs import card_token, plain
from pipeline.resources import data_dir

RULES = data_dir("rules")
SPECS = sorted(RULES.glob("*.yaml")) + sorted(RULES.glob("reference/*.yaml"))


def test_there_are_shipped_specs() -> None:
    assert len(SPECS) >= 4


@pytest.mark.parametrize("path", SPECS, ids=lambda p: str(p.relative_to(RULES)))
def test_shipped_spec_draws_every_top_card(path: Path) -> None:
    game = load_game(str(path))
    state = game.new_state(seed=1)
    style = Style(ascii=True)
    text = render(state, game, style)
    words = set(text.replace("<", " ").replace(">", " ").split())
    for group in game.groups:
        for n in range(1, group.count + 1):
            pile = state.pile(group.id, n)
            if pile:
                top = plain(card_token(pile[-1], style))
                assert any(w == top or w.startswith(top + "x") for w in words), (
                    f"{group.id}.{n} top {top} not drawn"
                )
    assert text.splitlines()[-1].endswith(("in progress", "won", "lost"))
