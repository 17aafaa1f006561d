"""Games for the tests, compiled from a shipped spec or from a tiny one written inline, and a
position read as the tests assert it (its legal moves by notation, a pile's cards by name):
one home for what the engine's, the rules' and the solver's tests each wrote again."""

from __future__ import annotations

from pathlib import Path

from pipeline.engine import compile_game
from pipeline.spec import load_spec, load_spec_text

RULES = Path(__file__).resolve().parent.parent / "rules"
HEAD = "spec: pasyans/1\nid: t\ndecks: 1\n"  # an inline spec's first lines: one pack


def game(name: str):
    """A shipped spec compiled: `name` is its path under rules/ ("clock", "reference/golf")."""
    return compile_game(load_spec(RULES / f"{name}.yaml"))


def reference(name: str):
    """A spec of rules/reference/ compiled."""
    return game(f"reference/{name}")


def make(body: str):
    """A tiny spec compiled through the real loader: `HEAD`, then `body` (piles, deal, moves…)."""
    return compile_game(load_spec_text(HEAD + body, "test.yaml"))


def two_ways(piles: str, rest: str):
    """A one-pack game with the spades alone in play: `low` built up from a 5 and `high`
    down from a king (KS-8S up already: A-7S are left), the other suits complete on `done`;
    `piles` adds the other groups (a stock among them), `rest` the deal and the moves. Two
    foundations of a suit built two ways: one may take a card now that the other can take
    later (the safe moves' and the blocked cards' proofs must tell them apart)."""
    return make(
        "piles:\n"
        "  low: {role: foundation, foundation: {base: 5, direction: up, suit: same}}\n"
        "  high: {role: foundation, foundation: {base: K, direction: down, suit: same}}\n"
        "  done: {role: foundation, count: 3}\n" + piles + "setup:\n"
        "  - {take: {cards: [KS, QS, JS, 10S, 9S, 8S]}, to: high}\n"
        "  - {take: {suits: [H]}, to: done.1}\n"
        "  - {take: {suits: [D]}, to: done.2}\n"
        "  - {take: {suits: [C]}, to: done.3}\n" + rest
    )


def legal(state) -> set[str]:
    """The notations of a position's legal moves."""
    return {m.notation for m in state.legal_moves()}


def cards(state, group: str, n: int = 1) -> list[str]:
    """The cards of a pile by name, bottom to top, face down or up."""
    return [str(c) for c in state.pile(group, n)]


def shown(state, group: str, n: int = 1) -> list[str]:
    """The cards of a pile as the player sees them: a face-down card is `??`."""
    return [str(c) if c.face_up else "??" for c in state.pile(group, n)]


def four_suit_runs(columns: int) -> str:
    """A spec: one pack on four columns of 13 cards (and `columns` - 4 empty ones), face up;
    runs of one suit move, any card builds down on any suit; complete runs go up."""
    return (
        HEAD + f"piles:\n  columns: {{role: tableau, count: {columns}}}\n"
        "  foundations: {role: foundation, count: 4,"
        " foundation: {base: K, direction: down, suit: same}}\n"
        "  stock: {role: stock}\n"
        "deal:\n"
        + "".join(f"  - {{to: columns.{n}, rounds: 13}}\n" for n in (1, 2, 3, 4))
        + "moves:\n"
        "  build: {from: columns, to: columns, build: {direction: down, suit: any, empty: any},"
        " run: {direction: down, suit: same}}\n"
        "  complete: {from: columns, to: foundations, run: complete}\n"
    )


def runs_game(columns: int = 5):
    """`four_suit_runs` compiled."""
    return compile_game(load_spec_text(four_suit_runs(columns), "test.yaml"))
