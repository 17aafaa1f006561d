"""Property tests: generated specs round-trip through their canonical form, and no input
(however mangled) makes the loader fail with anything but a located SpecError."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from thoroughness import examples

from pipeline.errors import SpecError
from pipeline.spec import canonical, load_spec_text, spec_hash

DATA = Path(__file__).parent / "data" / "specs"
RANK_SPELLINGS = {1: ["A", 1], 10: ["10", 10, "T"], 11: ["J", 11], 12: ["Q", 12], 13: ["K", 13]}
SETTINGS = settings(
    max_examples=examples(20, 60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def rank(r: int) -> st.SearchStrategy:
    return st.sampled_from(RANK_SPELLINGS.get(r, [r, str(r)]))


def maybe(d: dict, key: str, strategy: st.SearchStrategy, draw) -> None:
    if draw(st.booleans()):
        d[key] = draw(strategy)


@st.composite
def specs(draw) -> dict:
    decks = draw(st.integers(1, 3))
    n_found = draw(st.integers(1, 4 * decks))
    n_tab = draw(st.integers(1, 13))
    tableau: dict = {"role": "tableau", "count": n_tab}
    maybe(
        tableau,
        "available",
        st.sampled_from(["top", "all", "none", {"deal": "top"}, {"deal": "all", "play": "top"}]),
        draw,
    )
    maybe(
        tableau,
        "layout",
        st.fixed_dictionaries(
            {"shape": st.sampled_from(["row", "column", "ring", "star", "clock"])},
            optional={
                "at": st.tuples(st.integers(0, 9), st.integers(0, 9)).map(list),
                "fan": st.sampled_from(["none", "down", "right", "out"]),
                "radius": st.integers(1, 5),
                "clockwise": st.booleans(),
            },
        ),
        draw,
    )
    maybe(tableau, "capacity", st.integers(1, 20), draw)
    foundation: dict = {}
    maybe(foundation, "direction", st.sampled_from(["up", "down", "both"]), draw)
    maybe(foundation, "suit", st.sampled_from(["same", "any", "alternate", "same-colour"]), draw)
    maybe(foundation, "wrap", st.booleans(), draw)
    maybe(foundation, "last", st.integers(1, 13).flatmap(rank), draw)
    piles: dict = {
        "foundations": {"role": "foundation", "count": n_found, "foundation": foundation},
        "table": tableau,
        "stock": {"role": "stock"},
    }
    has_talon = draw(st.booleans())
    if has_talon:
        piles["talon"] = {"role": "talon"}
    spec: dict = {"spec": "pasyans/1", "id": "gen", "decks": decks, "piles": piles}
    if draw(st.booleans()):  # aces to the foundations, written one way or another
        spec["setup"] = [
            {
                "take": {"ranks": [draw(rank(1))], "count": n_found},
                "to": draw(
                    st.sampled_from(
                        ["foundations", [f"foundations.{i + 1}" for i in range(n_found)]]
                    )
                ),
            }
        ]
    steps = []
    for i in range(draw(st.integers(0, 3))):
        step: dict = {"to": draw(st.sampled_from(["table", "table.1", ["table", "table.1"]]))}
        maybe(step, "id", st.just(f"s{i}"), draw)
        maybe(step, "rounds", st.one_of(st.none(), st.integers(1, 4)), draw)
        maybe(step, "face", st.sampled_from(["up", "down", "down-but-last"]), draw)
        maybe(step, "pause", st.sampled_from(["card", "round", "none"]), draw)
        maybe(step, "next_round", st.sampled_from(["auto", "stuck"]), draw)
        maybe(step, "triangle", st.booleans(), draw)
        steps.append(step)
    if steps:
        spec["deal"] = steps
    moves: dict = {"play": {"from": "table", "to": "foundations"}}
    maybe(moves["play"], "phase", st.sampled_from(["deal", "play", "any"]), draw)
    maybe(
        moves["play"],
        "cards",
        st.fixed_dictionaries(
            {},
            optional={
                "ranks": st.lists(st.integers(1, 13).flatmap(rank), min_size=1, max_size=3),
                "suits": st.lists(st.sampled_from("SHDC"), min_size=1, max_size=2),
            },
        ),
        draw,
    )
    if draw(st.booleans()):
        build: dict = {
            "direction": draw(st.sampled_from(["down", "up", "both"])),
            "suit": draw(st.sampled_from(["same", "any", "alternate", "different"])),
        }
        maybe(
            build,
            "empty",
            st.one_of(
                st.sampled_from(["none", "any"]),
                st.lists(st.integers(1, 13).flatmap(rank), max_size=2),
            ),
            draw,
        )
        moves["marry"] = {"from": "table", "to": "table", "build": build}
        maybe(moves["marry"], "run", st.booleans(), draw)
        maybe(
            moves["marry"],
            "source_depth",
            st.fixed_dictionaries(
                {}, optional={"min": st.integers(1, 3), "max": st.integers(3, 6)}
            ),
            draw,
        )
    if has_talon and draw(st.booleans()):
        moves["turn"] = {
            "kind": "turn",
            "from": "stock",
            "to": "talon",
            "recycle": draw(st.one_of(st.integers(0, 3), st.just("unlimited"))),
        }
    spec["moves"] = moves
    if draw(st.booleans()):
        spec["fill"] = {
            "table": {
                "up_to": draw(st.integers(1, 3)),
                "order": draw(st.sampled_from(["pile-order", "depth-first", "reverse-pile-order"])),
                "sources": [{"from": "stock"}],
            }
        }
    if draw(st.booleans()):
        spec["redeal"] = {"gather": "table", "times": draw(st.integers(0, 3))}
    if draw(st.booleans()):
        spec["win"] = draw(st.sampled_from(["all-on-foundations", "foundations-complete"]))
    return spec


@SETTINGS
@given(specs())
def test_generated_specs_round_trip(raw):
    text = yaml.safe_dump(raw, allow_unicode=True, sort_keys=False)
    spec = load_spec_text(text, "gen.yaml")
    dumped = yaml.safe_dump(canonical(spec), allow_unicode=True, sort_keys=False)
    again = load_spec_text(dumped, "dumped.yaml")
    assert again.rules == spec.rules
    assert spec_hash(again) == spec_hash(spec)
    # every pile reference is expanded and every rank is an integer
    for move in spec.rules["moves"].values():
        assert all(isinstance(r, str) and r.count(".") == 1 for r in move["from"] + move["to"])
    last = spec.rules["piles"]["foundations"]["foundation"]["last"]
    assert last is None or isinstance(last, int)


EVERYTHING = yaml.safe_load((DATA / "everything.yaml").read_text(encoding="utf-8"))
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 20),
    st.sampled_from(
        ["", "A", "K", "14", "columns", "columns.9", "nowhere", "stock.1", "up", "unlimited"]
    ),
    st.lists(st.sampled_from(["columns", "rays.2", "Z", 3]), max_size=3),
    st.just({}),
    st.just({"min": 2}),
    st.just({"unknown": 1}),
)


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, (*prefix, i))


ALL_PATHS = [p for p in paths(EVERYTHING) if p]


@SETTINGS
@given(
    st.lists(
        st.tuples(st.sampled_from(ALL_PATHS), st.sampled_from(["set", "del", "add"]), JUNK),
        min_size=1,
        max_size=3,
    )
)
def test_mangled_specs_fail_only_with_located_spec_errors(edits):
    raw = copy.deepcopy(EVERYTHING)
    for path, op, value in edits:
        parent = raw
        try:
            for seg in path[:-1]:
                parent = parent[seg]
            key = path[-1]
            if op == "set":
                parent[key] = value
            elif op == "del":
                del parent[key]
            elif isinstance(parent, dict):
                parent["x-" + str(key)] = value
        except (KeyError, IndexError, TypeError):
            continue
    text = yaml.safe_dump(raw, allow_unicode=True, sort_keys=False)
    try:
        load_spec_text(text, "mangled.yaml")
    except SpecError as err:
        assert err.errors
        for e in err.errors:
            assert e.path == "mangled.yaml"
            assert e.line is not None and e.column is not None
            assert e.message


EVERYTHING_TEXT = (DATA / "everything.yaml").read_text(encoding="utf-8")
YAML_CHARS = [*":-[]{}&*!|>'\"#%@`,?\n\t 0123456789AKQ.~", "\x00", "é", "\ufeff", "\x85"]


@SETTINGS
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(EVERYTHING_TEXT) - 1),
            st.sampled_from(["replace", "insert", "delete"]),
            st.sampled_from(YAML_CHARS),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_text_mutations_fail_only_with_located_spec_errors(edits):
    chars = list(EVERYTHING_TEXT)
    for pos, op, ch in edits:
        pos = min(pos, len(chars) - 1)
        if op == "replace":
            chars[pos] = ch
        elif op == "insert":
            chars.insert(pos, ch)
        else:
            del chars[pos]
    try:
        load_spec_text("".join(chars), "mutated.yaml")
    except SpecError as err:
        assert err.errors
        assert all(e.line is not None and e.column is not None for e in err.errors)
