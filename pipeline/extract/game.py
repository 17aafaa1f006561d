"""One game's sentences -> a draft spec, with provenance and coverage (`extract_game`,
re-exported by `pipeline.extract`)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from itertools import pairwise
from pathlib import Path
from typing import Any

from pipeline.extract.assemble import Assembly, Cited, assemble
from pipeline.extract.entries import entry_places
from pipeline.extract.facts import Fact, clause_end, island_facts, puts_over, resolve
from pipeline.extract.islands import parse_sentence
from pipeline.extract.names import names_in_force
from pipeline.extract.quotes import Quoter, Scans, scans_in
from pipeline.extract.readable import reads
from pipeline.extract.readers.named import (
    named_value_facts,
    named_value_island,
    named_value_place,
)
from pipeline.extract.tokens import words
from pipeline.segment.named_values import statement
from pipeline.segment.reader import SentenceRef, iter_sentences
from pipeline.segment.story import story

# Places a suit rule can be said of (grammar terminals), and the words that make a place the
# source of a move rather than where cards go («с основания», «из колонки»).
_PLACES = frozenset({"FOUNDATION", "PACKET", "CIRCLE", "RAY", "ROW", "COLUMN", "RESERVE"})
_SOURCE = frozenset({"FROM", "WITH"})


def _place_before(toks: list, at: int) -> str | None:
    """The place a sentence names last before character `at`, not counting a source."""
    place = None
    prev = None
    for t in toks:
        if t.end > at:
            break
        if t.type in _PLACES and (prev is None or prev.type not in _SOURCE):
            place = t.type
        if t.type != "W":
            prev = t
    return place


_read = reads


@dataclass
class SentenceReport:
    id: str
    kind: str
    text: str
    facts: list[str] = field(default_factory=list)  # fact keys found
    fields: list[str] = field(default_factory=list)  # spec field paths they set
    reason: str | None = None  # why nothing (or not everything) was understood
    refs: list[str] = field(default_factory=list)


@dataclass
class Extraction:
    game: str
    spec: dict[str, Any]
    coverage: list[SentenceReport]
    conflicts: list[dict[str, Any]]
    variants: list[dict[str, Any]]
    gaps: list[str]
    checked: Any = None  # the spec as the loader checked it (pipeline.spec.Spec)

    @property
    def rule_sentences(self) -> list[SentenceReport]:
        return [s for s in self.coverage if _read(s.kind, s.text)]

    @property
    def not_understood(self) -> list[SentenceReport]:
        return [s for s in self.rule_sentences if not s.facts]

    @property
    def assumed(self) -> list[str]:
        """Every default the draft assumed, one short line each (`origin: default`)."""
        return [
            f"assumed: {path} — {entry.get('note', '')}"
            for path, entry in self.spec.get("provenance", {}).items()
            if entry.get("origin") == "default"
        ]

    @property
    def contradictions(self) -> list[str]:
        return [g for g in self.gaps if g.startswith(("contradiction:", "incoherent:"))]


def _reason(s: SentenceRef, problems: list[str], loose: list[str], keys: list[str]) -> str | None:
    if problems:
        return problems[0]
    if loose:
        names = {
            "NEG": "negation",
            "ONLY": "restriction",
            "EXCEPT": "exception",
            "COND": "condition",
            "LACKING": "condition",
        }
        kinds = sorted({names[m] for m in loose})
        return "unmodelled " + " and ".join(kinds)
    if not keys:
        return "no island"
    if all(k.startswith("ref.") for k in keys):
        return "only a reference" if "ref.figure" not in keys else "refers to a lost picture"
    return None


def _tree_copy(x: Any, memo: dict[int, Any]) -> Any:
    """`copy.deepcopy` of a spec (dicts, lists and plain values: the same copy, a shared
    part copied once), without deepcopy's dispatch per value; anything else by deepcopy."""
    t = type(x)
    if t is str or t is int or t is bool or t is float or x is None:
        return x
    y = memo.get(id(x))
    if y is not None:
        return y
    if t is dict:
        y = memo[id(x)] = {}
        for k, v in x.items():
            y[_tree_copy(k, memo)] = _tree_copy(v, memo)
        return y
    if t is list:
        y = memo[id(x)] = []
        for v in x:
            y.append(_tree_copy(v, memo))
        return y
    return copy.deepcopy(x, memo)


def _check(spec: dict[str, Any]) -> Any:
    """The draft as the loader checks it (a `Spec`); one that does not validate is a defect
    of this stage, never written out."""
    from pipeline.errors import SpecError
    from pipeline.spec.loader import load_spec_data

    try:
        return load_spec_data(_tree_copy(spec, {}), f"{spec['id']}.yaml")
    except SpecError as err:
        first = (err.errors or [err])[0]
        raise SpecError(f"extraction made an invalid draft spec: {first}") from None


MAX_READINGS = 8  # variant files written for ambiguous sentences, at most


def _islands(tree) -> str:
    return " + ".join(str(x.children[0].data) for x in tree.children if x.data == "island")


def extract_game(
    game: dict[str, Any], scans: Scans | Path | None = None, mode: str = "scan"
) -> Extraction:
    """Extract one ingested game (see the module docstring); `mode` as in `islands`.

    `scans` give the citations their raw spans: the witnesses' scans as ingest normalized
    them, or the directory holding the files the game names (read and normalized here);
    without them a citation spans its whole sentence."""
    book = game.get("book")
    cited: list[Cited] = []
    reports: list[SentenceReport] = []
    by_rule: dict[str, list[str]] = {}
    ambiguous: list[tuple[SentenceRef, list, list, str]] = []
    each_of: dict[str, frozenset[str]] = {}  # sentence id -> `Cited.each`
    for s in iter_sentences(game):
        if s.rule:
            by_rule.setdefault(s.rule, []).append(s.id)
    places = entry_places(iter_sentences(game), book)
    quoted_names = names_in_force(iter_sentences(game), book)
    for s in iter_sentences(game):
        rep = SentenceReport(s.id, s.kind, s.text)
        reports.append(rep)
        named = statement(s.text) if s.kind != "title" else None
        if named is not None:
            # a program's named value (`COLS = 10.`): its facts, cited on its line
            ws = words(s.modern)
            n = len(ws) - (ws[-1][0] == ".")  # the declaration's words, not its stop
            for key, value in named_value_facts(*named):
                island = named_value_island(named[0])
                fact = Fact(key, value, island, 0, len(s.modern), (0, n))
                cited.append(Cited(fact, s, named_value_place(named[0])))
                rep.facts.append(key)
            continue
        if not _read(s.kind, s.text):
            continue
        if story(s.text):  # what a person did once (`она не загадала желание`): no rule
            rep.reason = "a story: told in the past of a person, no rule"
            continue
        problems: list[str] = []
        loose_all: list[str] = []
        keys: list[str] = []
        readings: list[str] = []
        said: list = []
        types: list[str] = []
        toks: list = []
        over = False
        ends: list[tuple[int, tuple[str, ...]]] = []
        each: list[str] = []
        for clause in parse_sentence(
            s.modern, book, mode, places.get(s.id), quoted_names.get(s.id, ())
        ):
            types += [t.type for t in clause.toks]
            each += [b.type for a, b in pairwise(clause.toks) if a.type == "EACH"]
            toks += clause.toks
            ends += clause_end(clause.toks)
            over = over or puts_over(clause.toks)
            if clause.problem:
                problems.append(clause.problem)
                continue
            facts, loose = island_facts(clause)
            if clause.alternative is not None:
                alt, _ = island_facts(replace(clause, tree=clause.alternative))
                if [(f.key, f.value) for f in alt] != [(f.key, f.value) for f in facts]:
                    readings.append(_islands(clause.tree) + " / " + _islands(clause.alternative))
                    ambiguous.append((s, facts, alt, _islands(clause.alternative)))
            loose_all.extend(loose)
            said += facts
        dealt = "DEAL" in types
        each_of[s.id] = to_each = frozenset(each)
        for f in resolve(said, types, over, ends):  # the sentence's clauses read together
            keys.append(f.key)
            if f.key == "ref.rule":  # resolved to the sentences of that rule
                for r in f.value:
                    rep.refs.extend(by_rule.get(r) or [f"rule {r} (not in this text)"])
            elif f.key == "ref.figure":
                rep.refs.append(f"figure {f.value}" if f.value else "figure")
            elif f.key == "suit.same":
                cited.append(Cited(f, s, _place_before(toks, f.start), dealt, to_each))
            elif f.key == "suit.any" and any(
                t.type == "COLUMN" and f.start <= t.start and t.end <= f.end for t in toks
            ):  # «масть карт в столбцах роли не играет»: said of the layout's columns
                cited.append(Cited(f, s, "COLUMN", dealt, to_each))
            else:
                cited.append(Cited(f, s, dealt=dealt, each=to_each))
        rep.facts = keys
        rep.reason = _reason(s, problems, loose_all, keys)
        if readings and rep.reason is None:
            rep.reason = "ambiguous: " + "; ".join(readings)
    quoter = Quoter(game, scans_in(scans, game) if isinstance(scans, Path) else scans)
    asm: Assembly = assemble(game, cited, quoter.citation)
    for rep in reports:
        rep.fields = asm.used.get(rep.id, [])
        if rep.fields and any(r.startswith("figure") for r in rep.refs):
            asm.gaps.append(
                f"{rep.id} refers to a picture not in the scan; set from it: "
                + ", ".join(rep.fields)
            )
    for n, (s, used, alt, names) in enumerate(ambiguous[:MAX_READINGS], start=1):
        # the other reading of an ambiguous sentence: the same facts but its own
        spans = {(f.start, f.end) for f in used}
        other = [
            c for c in cited if not (c.sentence.id == s.id and (c.fact.start, c.fact.end) in spans)
        ]
        other += [Cited(f, s, each=each_of[s.id]) for f in alt if not f.key.startswith("ref.")]
        alt_spec = assemble(game, other, quoter.citation).spec
        alt_spec["variant"] = f"extracted-reading-{n}"
        asm.variants.append(
            {
                "label": f"reading-{n}",
                "sentence": s.id,
                "spec": alt_spec,
                "note": f"{s.id} read as {names}",
            }
        )
    spec = dict(asm.spec)
    spec["provenance"] = asm.provenance
    checked = _check(spec)
    return Extraction(game["id"], spec, reports, asm.conflicts, asm.variants, asm.gaps, checked)
