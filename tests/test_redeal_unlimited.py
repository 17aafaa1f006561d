"""`redeal: {times: unlimited}` (issue 18: «пересдавать можно сколько угодно раз»): the
schema and the loader take it, the engine always offers the redeal once the deal is over and
leaves the redeal count out of the position's key (so a position seen after more redeals is the
same position, and a search can close the loop), and a limited count stays as it was."""

from __future__ import annotations

import pytest

from pipeline.engine import compile_game
from pipeline.errors import SpecError
from pipeline.solve import Budget, Solver
from pipeline.spec import load_spec_text

SPEC = """spec: pasyans/1
id: t
decks: 1
piles:
  foundations:
    role: foundation
    count: 4
    foundation: {{base: A, direction: up, suit: same}}
  places: {{role: tableau, count: 2}}
  stock: {{role: stock}}
deal: [{{id: d, to: places, rounds: 1}}]
moves:
  play: {{from: places, to: foundations}}
redeal:
  times: {times}
  gather: [places.2, places.1]
  pile_order: bottom-first
  shuffle: false
"""


def _game(times: str):
    return compile_game(load_spec_text(SPEC.format(times=times), "t.yaml"))


def _places(s) -> list[str]:
    return [str(c) for i in (1, 2) for c in s.pile("places", i)]


def test_unlimited_redeals_load_and_stay_in_the_canonical_form() -> None:
    rules = load_spec_text(SPEC.format(times="unlimited"), "t.yaml").rules
    assert rules["redeal"]["times"] == "unlimited"


@pytest.mark.parametrize("bad", ["-1", "many", "1.5"])
def test_a_count_that_is_neither_a_number_nor_unlimited_is_refused(bad: str) -> None:
    with pytest.raises(SpecError) as err:
        load_spec_text(SPEC.format(times=bad), "t.yaml")
    assert "redeal" in str(err.value) and "times" in str(err.value)


def test_an_unlimited_redeal_is_offered_after_any_number_of_redeals() -> None:
    s = _game("unlimited").new_state(order=["2S", "3S"])
    assert _places(s) == ["2S", "3S"]
    for n in range(1, 8):
        assert {m.notation for m in s.legal_moves()} == {"redeal"}
        s.apply("redeal")
        assert not s.is_lost() and not s.redeals_over()
        # gathered places.2 then places.1, bottom first: the two cards swap each time
        assert _places(s) == (["3S", "2S"] if n % 2 else ["2S", "3S"])


def test_a_search_closes_the_loop_of_unlimited_redeals() -> None:
    # with the redeals made part of the position every redeal would be a new position and the
    # search would run out of budget; without them the two layouts are all there is: lost
    res = Solver(_game("unlimited")).search(
        _game("unlimited").new_state(order=["2S", "3S"]), Budget(nodes=1000)
    )
    assert res.outcome == "lost" and res.nodes <= 10


def test_a_limited_redeal_still_counts_and_ends() -> None:
    s = _game("3").new_state(order=["2S", "3S"])
    s.apply("redeal")
    first = s.scalar_key()
    s.apply("redeal")
    s.apply("redeal")
    assert _places(s) == ["3S", "2S"]  # the layout after the first redeal again
    assert s.scalar_key() != first  # but the redeals left are part of the position
    assert s.redeals_over() and s.is_lost()
