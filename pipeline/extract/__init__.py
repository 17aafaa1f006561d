"""The grammar stage: a game's sentences -> a draft spec, with provenance and coverage.

    from pipeline.extract import extract_game
    result = extract_game(game)          # a game file's data (pipeline.segment.reader)
    result.spec                          # pasyans/1 dict, provenance included; validates
    result.coverage                      # one entry per sentence: facts found, or why not

Stages: `tokens` (lemma tokens), `islands` (Lark Earley island grammar, grammar/*.lark),
`facts` (islands -> facts), `assemble` (facts -> spec fields and citations), `quotes`
(citations in the book's spelling with raw spans), `coverage`, `score`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.extract.assemble import Assembly, Cited, assemble
from pipeline.extract.facts import island_facts
from pipeline.extract.islands import parse_sentence
from pipeline.extract.quotes import Quoter
from pipeline.segment.reader import SentenceRef, iter_sentences

# Sections whose sentences state rules (titles and captions do not).
RULE_KINDS = frozenset({"decks", "rule", "play", "note"})


@dataclass
class SentenceReport:
    id: str
    kind: str
    text: str
    facts: list[str] = field(default_factory=list)  # fact keys found
    fields: list[str] = field(default_factory=list)  # spec field paths they set
    reason: str | None = None  # why nothing (or not everything) was understood
    refs: list[str] = field(default_factory=list)

    @property
    def understood(self) -> bool:
        return bool(self.facts) and self.reason is None


@dataclass
class Extraction:
    game: str
    spec: dict[str, Any]
    coverage: list[SentenceReport]
    conflicts: list[dict[str, Any]]
    variants: list[dict[str, Any]]
    gaps: list[str]

    @property
    def rule_sentences(self) -> list[SentenceReport]:
        return [s for s in self.coverage if s.kind in RULE_KINDS]

    @property
    def not_understood(self) -> list[SentenceReport]:
        return [s for s in self.rule_sentences if not s.facts]


def _reason(s: SentenceRef, problems: list[str], loose: list[str], keys: list[str]) -> str | None:
    if problems:
        return problems[0]
    if loose:
        names = {
            "NEG": "negation",
            "ONLY": "restriction",
            "EXCEPT": "exception",
            "COND": "condition",
        }
        kinds = sorted({names[m] for m in loose})
        return "unmodelled " + " and ".join(kinds)
    if not keys:
        return "no island"
    if all(k.startswith("ref.") for k in keys):
        return "only a reference" if "ref.figure" not in keys else "refers to a lost picture"
    return None


def extract_game(
    game: dict[str, Any], raw_dir: Path | None = None, mode: str = "scan"
) -> Extraction:
    """Extract one ingested game (see the module docstring); `mode` as in `islands`."""
    book = game.get("book")
    cited: list[Cited] = []
    reports: list[SentenceReport] = []
    for s in iter_sentences(game):
        rep = SentenceReport(s.id, s.kind, s.text)
        reports.append(rep)
        if s.kind not in RULE_KINDS:
            continue
        problems: list[str] = []
        loose_all: list[str] = []
        keys: list[str] = []
        for clause in parse_sentence(s.modern, book, mode):
            if clause.problem:
                problems.append(clause.problem)
                continue
            facts, loose = island_facts(clause)
            loose_all.extend(loose)
            for f in facts:
                keys.append(f.key)
                if f.key == "ref.rule":
                    rep.refs.extend(f"{game['id']}/rules/{r}" for r in f.value)
                elif f.key == "ref.figure":
                    rep.refs.append(f"figure {f.value}" if f.value else "figure")
                else:
                    cited.append(Cited(f, s))
        rep.facts = keys
        rep.reason = _reason(s, problems, loose_all, keys)
    quoter = Quoter(game, raw_dir)
    asm: Assembly = assemble(game, cited, quoter.citation)
    for rep in reports:
        rep.fields = asm.used.get(rep.id, [])
        if rep.fields and any(r.startswith("figure") for r in rep.refs):
            asm.gaps.append(
                f"{rep.id} refers to a picture not in the scan; set from it: "
                + ", ".join(rep.fields)
            )
    spec = dict(asm.spec)
    spec["provenance"] = asm.provenance
    return Extraction(game["id"], spec, reports, asm.conflicts, asm.variants, asm.gaps)
