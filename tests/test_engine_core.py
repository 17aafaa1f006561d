"""The engine's shared parts: the PRNG, deals from seeds, records, the `random` verb."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pipeline.cli import main
from pipeline.engine import compile_game
from pipeline.engine.record import Record, replay
from pipeline.engine.rng import SplitMix64, derive, shuffle
from pipeline.errors import IllegalMove, RecordError
from pipeline.spec import load_spec as load

ROOT = Path(__file__).resolve().parent.parent
FREECELL = ROOT / "rules" / "reference" / "freecell.yaml"
GOLF = ROOT / "rules" / "reference" / "golf.yaml"


def test_splitmix64_reference_vectors() -> None:
    r = SplitMix64(0)
    assert [r.next() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    r = SplitMix64(1234567)
    assert [r.next() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


def test_bounded_ints_and_shuffle_are_fixed_by_the_seed() -> None:
    r = SplitMix64(42)
    assert all(0 <= r.below(7) < 7 for _ in range(1000))
    with pytest.raises(ValueError):
        r.below(0)
    a = list(range(10))
    shuffle(a, 5)
    assert a == [3, 6, 0, 4, 5, 1, 2, 9, 7, 8]
    # an independent implementation of the algorithm documented in rng.py
    m = (1 << 64) - 1
    state = 77

    def nxt() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & m
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & m
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
        return z ^ (z >> 31)

    def below(n: int) -> int:
        while True:
            x = nxt()
            if x < (1 << 64) - (1 << 64) % n:
                return x % n

    b = list(range(52))
    for i in range(51, 0, -1):
        j = below(i + 1)
        b[i], b[j] = b[j], b[i]
    c = list(range(52))
    shuffle(c, 77)
    assert b == c
    assert derive(5, 1) != derive(5, 2)


def test_a_seed_gives_the_same_deal_every_time() -> None:
    g = compile_game(load(FREECELL))
    first = [str(c) for c in g.new_state(seed=2026).pile("columns", 1)]
    assert first == [str(c) for c in g.new_state(seed=2026).pile("columns", 1)]
    # frozen: the deal of a seed must never change between versions and machines
    assert first == ["2D", "QH", "2S", "10D", "KC", "3H", "5C"]
    assert first != [str(c) for c in g.new_state(seed=2027).pile("columns", 1)]


def test_crafted_order_refuses_unknown_or_repeated_cards() -> None:
    g = compile_game(load(FREECELL))
    with pytest.raises(IllegalMove, match="listed twice"):
        g.new_state(order=["AS", "AS"])
    with pytest.raises(IllegalMove, match="not a card"):
        g.new_state(order=["XX"])


def test_record_round_trip_and_replay() -> None:
    g = compile_game(load(GOLF))
    s = g.new_state(seed=9)
    for _ in range(5):
        s.apply(s.legal_moves()[0])
    rec = s.record()
    assert rec.spec_id == "golf" and rec.seed == 9 and len(rec.moves) == 5
    again = Record.from_json(rec.to_json())
    assert again == rec
    assert str(replay(g, again)) == str(s)


def test_records_that_do_not_replay_are_refused_with_the_move_number() -> None:
    g = compile_game(load(GOLF))
    rec = Record("golf", g.spec_hash, 9, None, ["turn", "columns.9 AS foundation"])
    with pytest.raises(RecordError, match=r"move 2 'columns.9 AS foundation': no pile"):
        replay(g, rec)
    with pytest.raises(RecordError, match="another version of spec"):
        replay(g, Record("golf", "0" * 64, 9, None, []))
    with pytest.raises(RecordError, match="is for game 'klondike'"):
        replay(g, Record("klondike", g.spec_hash, 9, None, []))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "invalid JSON"),
        ("[]", "not a game record"),
        (b"\xff\xfe", "invalid JSON"),
        (
            '{"format": "pasyans-record/1", "spec_id": "g", "spec_hash": "h", "seed": "x",'
            ' "moves": []}',
            "seed must be an integer",
        ),
        (
            '{"format": "pasyans-record/1", "spec_id": "g", "spec_hash": "h", "seed": 1,'
            ' "moves": [1]}',
            "moves must be a list of strings",
        ),
    ],
)
def test_corrupt_records_are_refused(text, message) -> None:
    with pytest.raises(RecordError, match=message) as e:
        Record.from_json(text, "save.json")
    assert e.value.path == "save.json"


def test_undo_with_no_history_is_an_illegal_move() -> None:
    s = compile_game(load(GOLF)).new_state(seed=1)
    with pytest.raises(IllegalMove, match="nothing to undo"):
        s.undo()


def test_random_verb_json(capsys) -> None:
    assert main(["random", str(GOLF), "--seed", "3", "--games", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 5 and out["won"] + out["lost"] + out["unfinished"] == 5
    assert out["moves"] > 0 and out["spec"] == "golf"
    # the same seed gives the same figures
    assert main(["random", str(GOLF), "--seed", "3", "--games", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == out


def test_random_verb_text_and_errors(capsys, tmp_path) -> None:
    assert main(["random", str(GOLF), "--seed", "0", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("golf: 3 games from seed 0\n") and "Wilson" in out
    assert main(["random", str(tmp_path / "none.yaml")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pasyans random: ") and "Traceback" not in err
    assert main(["random", str(GOLF), "--games", "0"]) == 2
    assert "--games must be a whole number from 1 to 10000000, not 0" in capsys.readouterr().err
    bad = tmp_path / "bad.yaml"
    bad.write_text("spec: pasyans/1\nid: x\npiles: 3\n", encoding="utf-8")
    assert main(["random", str(bad)]) == 1
    assert "Traceback" not in capsys.readouterr().err


def _replaced_piles(state) -> bool:
    """The last move ended by replacing a whole pile (a recycle): its undo record holds it."""
    from pipeline.engine.primitives import OP_SET

    return bool(state._ops) and state._ops[-1] == OP_SET


def test_a_copy_played_on_does_not_change_the_undo_of_the_original() -> None:
    """A copy shares the undo log of the moves before it. Undoing a recycle (which replaced
    whole piles) and playing on in the copy changed the restored piles in place, so the
    original's own undo of that recycle brought back the copy's cards."""
    game = compile_game(load(ROOT / "rules" / "reference" / "klondike-3.yaml"))
    checked = 0
    for seed in range(40):
        state, rng = game.new_state(seed=seed), SplitMix64(seed)
        for _ in range(400):
            moves = state.legal_moves()
            if not moves:
                break
            state.apply(moves[rng.next() % len(moves)])
            if _replaced_piles(state):
                break
        else:
            continue
        if not _replaced_piles(state):
            continue
        twin, other = state.copy(), SplitMix64(seed + 99)
        twin.undo()
        for _ in range(30):
            moves = twin.legal_moves()
            if not moves:
                break
            twin.apply(moves[other.next() % len(moves)])
        state.undo()
        fresh = game.new_state(seed=seed)
        for m in state.history:
            fresh.apply(m)
        assert state.piles == fresh.piles, f"seed {seed}"
        checked += 1
    assert checked >= 10
