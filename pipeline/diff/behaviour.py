"""How differently two specs play: both on the same seeded deals, their games coupled.

Deal i of a run with seed s is dealt with seed s + i on both sides (the same shuffle when the
decks match). The two games are played in lockstep with one move chooser: while both
positions and both sets of legal moves are the same (pile groups and move rules compared
under the correspondence the structural diff found), both make the same move. The first
position where the legal moves differ, or where the same move leads to different positions
(automatic actions, refills, deals) or results, is where the rules changed play; from there
each side goes on alone with its own copy of the random stream. With the `random` policy each
side's games are exactly uniform random playouts (side A's are those of `pasyans random A`).

How often each difference changes play is measured on its own when there are few (at most
`MAX_ISOLATED`): A against A with only that difference taken from B, on the same deals, in
lockstep until they part. Otherwise (or when a difference makes no game on its own) each
first divergence is credited to the differences that can explain it: a move rule's when its
moves are offered on one side only, the others (piles, deal, vacancies, redeal, win)
otherwise. A difference never credited is reported as "no effect seen".

With `--policy greedy|solver` the outcomes are those policies' playouts of each side
(`pipeline.diff.policy`); where play changes is still found by the uniform lockstep walk.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pipeline.diff.policy import get_chooser, outcome_function
from pipeline.diff.structural import Difference, StructuralDiff, format_path
from pipeline.engine import MemoSwitch, compile_game
from pipeline.engine.moves import DEAL, FILL, RECYCLE, REDEAL, ROUTE, TRANSFER, TURN
from pipeline.engine.rng import SplitMix64, derive
from pipeline.stats import Tally, newcombe


def outcome_tally(outcomes: list[str]) -> Tally:
    """The tally of one side's games: a game unfinished (its cap of moves, or the solver's
    budget, ran out) is an unknown deal, never a lost one."""
    t = Tally()
    for o in outcomes:
        t.add(o)
    return t


@dataclass
class Divergence:
    """The first position of one deal where the two rule sets part."""

    seed: int
    moves_before: int  # player moves made (the same on both sides) before it
    kind: str  # "moves" (legal moves differ) | "position" (same move, other result) | "result"
    state_a: Any  # both positions, to draw: before the move for "moves", after it otherwise
    state_b: Any
    move: str | None = None  # the move made on both sides ("position", "result")
    only_a: list[str] = field(default_factory=list)  # legal moves (B's names) only in A
    only_b: list[str] = field(default_factory=list)
    both: list[str] = field(default_factory=list)  # legal moves the two sides share
    autos_a: list[str] = field(default_factory=list)  # automatic actions after `move`
    autos_b: list[str] = field(default_factory=list)
    causes: set = field(default_factory=set)  # key path prefixes of the rules that part

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "moves_before": self.moves_before,
            "kind": self.kind,
            "move": self.move,
            "only_a": self.only_a,
            "only_b": self.only_b,
            "both": self.both,
            "automatic_a": self.autos_a,
            "automatic_b": self.autos_b,
        }


@dataclass
class Behaviour:
    deals: int
    seed: int
    policy: str
    max_moves: int
    shared_deals: bool  # the same shuffle on both sides
    outcomes_a: list[str] = field(default_factory=list)
    outcomes_b: list[str] = field(default_factory=list)
    changed: list[int] = field(default_factory=list)  # seeds whose play diverged
    credits: dict[str, int] = field(default_factory=dict)  # difference key -> deals
    #: "isolated": each difference alone against A; "first": credited at each first divergence
    effects_method: str = "first"
    first: Divergence | None = None  # the first deal whose outcome differs (else diverges)

    @property
    def won_a(self) -> int:
        return self.outcomes_a.count("won")

    @property
    def won_b(self) -> int:
        return self.outcomes_b.count("won")

    @property
    def differing(self) -> list[int]:
        """Seeds of the deals whose outcomes differ."""
        return [
            self.seed + i
            for i, (x, y) in enumerate(zip(self.outcomes_a, self.outcomes_b, strict=True))
            if x != y
        ]

    def to_dict(self) -> dict[str, Any]:
        n = self.deals
        lo, hi = newcombe(self.won_a, n, self.won_b, n)
        return {
            "deals": n,
            "seed": self.seed,
            "policy": self.policy,
            "max_moves": self.max_moves,
            "shared_deals": self.shared_deals,
            "a": outcome_tally(self.outcomes_a).summary(),
            "b": outcome_tally(self.outcomes_b).summary(),
            "difference": {"b_minus_a": (self.won_b - self.won_a) / n, "newcombe95": [lo, hi]},
            "play_changed": len(self.changed),
            "play_changed_deals": self.changed[:100],
            "outcome_differs": self.differing[:100],
            "outcome_differs_count": len(self.differing),
            "effects": dict(self.credits),
            "effects_method": self.effects_method,
            "first_divergence": self.first.to_dict() if self.first else None,
        }


class _Names:
    """A's move notation in B's names (pile groups and move rules renamed)."""

    def __init__(self, groups: dict[str, str], rules: dict[str, str]) -> None:
        self.groups = groups
        self.rules = rules
        # (kind, notation) -> the name in B's terms: a game lists the same moves step after
        # step, and renaming them was a fifth of a lockstep play
        self._named: dict[tuple[Any, str], str] = {}

    def pile(self, name: str) -> str:
        g, dot, n = name.rpartition(".")
        if dot and n.isdigit():
            return f"{self.groups.get(g, g)}.{n}"
        return self.groups.get(name, name)

    def of(self, m: Any) -> str:
        key = (m.kind, m.notation)
        named = self._named.get(key)
        if named is None:
            named = self._named[key] = self._of(*key)
        return named

    def _of(self, kind: Any, notation: str) -> str:
        t = notation.split(" ")
        if kind in (TRANSFER, FILL) and len(t) == 3:
            return f"{self.pile(t[0])} {t[1]} {self.pile(t[2])}"
        if kind in (TURN, RECYCLE) and len(t) == 2:
            return f"{self.rules.get(t[0], t[0])} {t[1]}"
        if kind == ROUTE and len(t) == 3:
            return f"{self.pile(t[0])} {t[1]} {self.rules.get(t[2], t[2])}"
        return notation


def _cause(m: Any, names: _Names | None) -> tuple:
    """The key path prefix (B's names) of the rule that offers move m."""
    if m.rule_id is not None:
        rid = names.rules.get(m.rule_id, m.rule_id) if names else m.rule_id
        return ("moves", rid)
    if m.kind == FILL:
        group = m.game.pile_name[m.dst].rpartition(".")[0] or m.game.pile_name[m.dst]
        return ("fill", names.groups.get(group, group) if names else group)
    if m.kind == DEAL:
        return ("deal",)
    if m.kind == REDEAL:
        return ("redeal",)
    return ()


class _Coupled:
    """Two compiled games played in lockstep; `groups`, `rules`: A's names -> B's."""

    def __init__(
        self, ga: Any, gb: Any, groups: dict, rules: dict, policy: str, max_moves: int
    ) -> None:
        self.ga, self.gb = ga, gb
        self.memo_a, self.memo_b = MemoSwitch(), MemoSwitch()  # each side's run of deals
        make = get_chooser(policy)
        self.choose_a = make(self.ga)
        self.choose_b = make(self.gb)
        self.max_moves = max_moves
        self.names = _Names(groups, rules)
        pairs: list[tuple[int, int]] = []
        for ga, gb in groups.items():
            pa, pb = self.ga.group_piles.get(ga, []), self.gb.group_piles.get(gb, [])
            if len(pa) == len(pb):
                pairs.extend(zip(pa, pb, strict=True))
        self.pairs = pairs

    def same_position(self, sa: Any, sb: Any) -> bool:
        if sa.phase != sb.phase:
            return False
        pa, pb = sa.card_piles(), sb.card_piles()
        return all(pa[i] == pb[j] for i, j in self.pairs)

    @staticmethod
    def result(state: Any, n: int, max_moves: int) -> str:
        if state.is_won():
            return "won"
        if state.loop_stopped or (n >= max_moves and not state.is_lost()):
            return "unfinished"
        return "lost"

    def solo(self, state: Any, choose: Any, rng: Any, n: int) -> str:
        while n < self.max_moves:
            moves = state.legal_moves()
            if not moves:
                break
            state.step(choose(state, moves, rng))
            n += 1
        return self.result(state, n, self.max_moves)

    def play(
        self, seed: int, coupled: bool, finish: bool = True
    ) -> tuple[str, str, Divergence | None]:
        """Both outcomes and the divergence of deal `seed`; with `finish` False the games
        stop where they part (outcomes then say `unfinished`)."""
        sa = self.ga.new_state(seed=seed, memo=self.memo_a)
        sb = self.gb.new_state(seed=seed, memo=self.memo_b)
        rng = SplitMix64(derive(seed, 1))
        if not coupled:
            rb = SplitMix64(rng.state)
            return self.solo(sa, self.choose_a, rng, 0), self.solo(sb, self.choose_b, rb, 0), None
        div = None
        n = 0
        if not self.same_position(sa, sb):
            div = Divergence(seed, 0, "position", sa.copy(), sb.copy(), move="(the deal)")
        while div is None and n < self.max_moves:
            ma, mb = sa.legal_moves(), sb.legal_moves()
            na = [self.names.of(m) for m in ma]
            nb = [m.notation for m in mb]
            if set(na) != set(nb):
                sna, snb = set(na), set(nb)
                div = Divergence(
                    seed, n, "moves", sa.copy(), sb.copy(),
                    only_a=[x for x in na if x not in snb],
                    only_b=[x for x in nb if x not in sna],
                    both=[x for x in nb if x in sna],
                )  # fmt: skip
                div.causes = {_cause(m, self.names) for m in ma if self.names.of(m) not in snb}
                div.causes |= {_cause(m, None) for m in mb if m.notation not in sna}
                break
            if not ma:
                break
            m_a = self.choose_a(sa, ma, rng)
            m_b = mb[nb.index(self.names.of(m_a))]
            sa.apply(m_a)
            sb.apply(m_b)
            n += 1
            kind = None
            if not self.same_position(sa, sb):
                kind = "position"
            elif (sa.is_won(), sa.is_lost()) != (sb.is_won(), sb.is_lost()):
                kind = "result"
            if kind:
                div = Divergence(
                    seed, n - 1, kind, sa.copy(), sb.copy(), move=self.names.of(m_a),
                    autos_a=[self.names.of(x) for x in sa.automatic_moves()],
                    autos_b=[x.notation for x in sb.automatic_moves()],
                )  # fmt: skip
        if div is None:
            out = self.result(sa, n, self.max_moves)
            return out, self.result(sb, n, self.max_moves), None
        if not finish:
            return "unfinished", "unfinished", div
        rb = SplitMix64(rng.state)
        return (
            self.solo(sa, self.choose_a, rng, n),
            self.solo(sb, self.choose_b, rb, n),
            div,
        )


def _credited(diff: StructuralDiff, causes: set) -> list[str]:
    """Keys of the differences that can explain a divergence with these causes."""
    out = []
    hit = False
    for d in diff.differences:
        path = d.path_b if d.path_b is not None else d.path_a or ()
        if any(c and tuple(path[: len(c)]) == c for c in causes):
            out.append(d.key)
            hit = True
    if not hit:  # not a move rule's own fields: the piles, deal, vacancies, redeal, win
        out = [
            d.key
            for d in diff.differences
            if d.kind != "renamed"
            and (d.path_b or d.path_a or ("",))[0] != "moves"
            and "layout" not in (d.path_b or d.path_a or ())  # where piles are drawn, not rules
        ]
    return out


def play_diff(
    diff: StructuralDiff,
    deals: int,
    seed: int = 1,
    policy: str = "random",
    max_moves: int = 5000,
    progress: Iterator | None = None,
) -> Behaviour:
    """Play both specs of `diff` on deals seed … seed+deals-1 (see the module doc)."""
    coupled = diff.spec_a.rules["decks"] == diff.spec_b.rules["decks"]
    outcome = outcome_function(policy)
    runner = _Coupled(
        compile_game(diff.spec_a), compile_game(diff.spec_b),
        diff.groups.mapping, diff.moves, policy, max_moves,
    )  # fmt: skip
    res = Behaviour(deals, seed, policy, max_moves, shared_deals=coupled)
    res.credits = {d.key: 0 for d in diff.differences}
    first_changed = None
    for i in range(deals):
        s = seed + i
        oa, ob, div = runner.play(s, coupled)
        if outcome is not None:  # the policy plays each side on its own
            oa, ob = outcome(runner.ga, s, max_moves), outcome(runner.gb, s, max_moves)
        res.outcomes_a.append(oa)
        res.outcomes_b.append(ob)
        if div is not None:
            res.changed.append(s)
            for k in set(_credited(diff, div.causes)):
                res.credits[k] += 1
            if first_changed is None:
                first_changed = div
            if oa != ob and res.first is None:
                res.first = div
    if res.first is None:
        res.first = first_changed
    if coupled and res.changed:
        alone = isolated_effects(diff, deals, seed, max_moves)
        if alone is not None:
            res.credits, res.effects_method = alone, "isolated"
    return res


MAX_ISOLATED = 8  # differences tried one at a time; beyond, the first-divergence credit


def _child(node: Any, seg: Any) -> Any:
    if isinstance(node, dict):
        return node.get(seg)
    if isinstance(node, list):
        if isinstance(seg, int):
            return node[seg] if 0 <= seg < len(node) else None
        return next((x for x in node if isinstance(x, dict) and x.get("id") == seg), None)
    return None


def with_one(diff: StructuralDiff, d: Difference) -> dict | None:
    """A's rules (in B's names) with difference `d` as B has it; None when it cannot be
    applied on its own."""
    path = diff.path_in_b(d)
    if d.kind == "renamed" or d.note or len(path) < 2:
        return None
    new = copy.deepcopy(diff.rules_a_in_b)
    parent = new
    for seg in path[:-1]:
        parent = _child(parent, seg)
        if parent is None:
            return None
    last = path[-1]
    if isinstance(parent, dict):
        mapping: dict[Any, Any] = parent
        if d.kind == "only-a":
            mapping.pop(last, None)
        else:
            mapping[last] = copy.deepcopy(d.value_b)
    elif isinstance(parent, list) and isinstance(last, str):  # a deal step, by id
        i = next((k for k, x in enumerate(parent) if x.get("id") == last), None)
        if d.kind == "only-a" and i is not None:
            del parent[i]
        elif d.kind == "only-b":
            parent.append({"id": last, **copy.deepcopy(d.value_b)})
        elif i is not None:
            parent[i] = {"id": last, **copy.deepcopy(d.value_b)}
    elif isinstance(parent, list) and isinstance(last, int):
        if d.kind == "only-a" and last < len(parent):
            del parent[last]
        elif d.kind == "only-b":
            parent.append(copy.deepcopy(d.value_b))
        elif last < len(parent):
            parent[last] = copy.deepcopy(d.value_b)
    else:
        return None
    return new


def isolated_effects(
    diff: StructuralDiff, deals: int, seed: int, max_moves: int
) -> dict[str, int] | None:
    """For each difference alone: on how many of the deals A and A-with-only-that-difference
    part (lockstep uniform play, stopped where they part). None when there are too many
    differences, the decks differ, or a difference cannot be applied alone."""
    cands = [d for d in diff.differences if d.kind != "renamed"]
    if (
        not cands
        or len(cands) > MAX_ISOLATED
        or diff.spec_a.rules["decks"] != diff.spec_b.rules["decks"]
    ):
        return None
    base = compile_game(diff.rules_a_in_b)
    same = {g: g for g in diff.spec_b.rules["piles"]} | {g: g for g in diff.rules_a_in_b["piles"]}
    out: dict[str, int] = {}
    for d in cands:
        if "layout" in diff.path_in_b(d):  # where piles are drawn: cannot change play
            out[d.key] = 0
            continue
        rules = with_one(diff, d)
        if rules is None:
            return None
        try:
            game = compile_game(rules)
        except Exception:  # a difference that makes no game on its own
            return None
        moves = {m: m for m in rules.get("moves") or {}}
        runner = _Coupled(base, game, same, moves, "random", max_moves)
        out[d.key] = sum(
            runner.play(seed + i, True, finish=False)[2] is not None for i in range(deals)
        )
    return out


def effects(diff: StructuralDiff, beh: Behaviour) -> list[tuple[str, int]]:
    """(difference key, deals whose play it changed), most often first."""
    keys = [d.key for d in diff.differences if d.kind != "renamed"]
    return sorted(((k, beh.credits.get(k, 0)) for k in dict.fromkeys(keys)), key=lambda x: -x[1])


__all__ = ["Behaviour", "Divergence", "effects", "format_path", "play_diff"]


def marked_piles(diff: StructuralDiff, dv: Divergence) -> tuple[frozenset, frozenset]:
    """Pile names to outline on A's and B's boards: the piles of the moves only one side
    offers, or the piles whose cards differ after the move."""
    back = {b: a for a, b in diff.groups.mapping.items()}
    fwd = diff.groups.mapping

    def rename(name: str, table: dict) -> str:
        g, dot, n = name.rpartition(".")
        return f"{table.get(g, g)}.{n}" if dot and n.isdigit() else table.get(name, name)

    in_b: set[str] = set()
    if dv.kind == "moves":
        for m in dv.only_a + dv.only_b:
            t = m.split(" ")
            if len(t) == 3:
                in_b.update((t[0], t[2]))
        in_b &= set(dv.state_b.game.pile_name) | {rename(p, fwd) for p in dv.state_a.game.pile_name}
        return frozenset(rename(p, back) for p in in_b), frozenset(in_b)
    a_marks, b_marks = set(), set()
    ga, gb = dv.state_a.game, dv.state_b.game
    for a_id, b_id in fwd.items():
        na, nb = len(ga.group_piles.get(a_id, [])), len(gb.group_piles.get(b_id, []))
        for n in range(1, min(na, nb) + 1):
            if dv.state_a.pile(a_id, n) != dv.state_b.pile(b_id, n):
                a_marks.add(a_id if na == 1 else f"{a_id}.{n}")
                b_marks.add(b_id if nb == 1 else f"{b_id}.{n}")
    return frozenset(a_marks), frozenset(b_marks)
