"""A recheck runs the context rules only on the lines around its windows
(`Corrector.run_near`): within the windows its edits must be the whole run's, on noisy
pre-reform texts, for windows anywhere, and where a budget binds (then it declines)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import pipeline.normalize.core as core
import pipeline.normalize.correct as correct
from pipeline.normalize import normalize
from pipeline.normalize.confusions import shipped_table
from pipeline.normalize.correct import WORD, Corrector, Edit
from pipeline.normalize.lexicon import lexicon
from pipeline.normalize.render import to_dict

ROOT = Path(__file__).resolve().parent.parent
RAW = sorted((ROOT / "corpus" / "raw").glob("*.txt"))


def _noisy(text: str, seed: int) -> str:
    """Slips the recheck exists for: words run together, signs misread, specks."""
    rng = random.Random(seed)
    out = []
    for m in regex_tokens(text):
        tok = m
        r = rng.random()
        if tok == " " and r < 0.03:
            continue  # two words run together
        if tok.isalpha() and r < 0.04:
            tok = tok.replace("ѣ", "ь").replace("ъ", "ь")
        elif tok.isalpha() and r < 0.06 and len(tok) > 2:
            i = rng.randrange(len(tok))
            tok = tok[:i] + rng.choice("пнилт") + tok[i + 1 :]
        elif tok == " " and r < 0.08:
            tok = rng.choice([" . ", ", ", " ' "])
        out.append(tok)
    return "".join(out)


def regex_tokens(text: str) -> list[str]:
    out, pos = [], 0
    for m in WORD.finditer(text):
        out.extend(list(text[pos : m.start()]))
        out.append(m.group())
        pos = m.end()
    out.extend(list(text[pos:]))
    return out


def _windows(text: str, rng: random.Random, k: int) -> list[tuple[int, int]]:
    words = list(WORD.finditer(text))
    out = []
    for _ in range(k):
        i = rng.randrange(1, len(words) - 1)
        out.append((words[i - 1].start(), words[i + 1].end()))
    return out


def _within(edits: list[Edit], windows: list[tuple[int, int]]) -> list[Edit]:
    return [ed for ed in edits if any(ed.start < b and a < ed.end for a, b in windows)]


def _texts() -> list[str]:
    texts = []
    for k, p in enumerate(RAW):
        raw = p.read_text(encoding="utf-8")
        texts += [raw, _noisy(raw, k), _noisy(raw, 100 + k)]
    return texts


@pytest.mark.parametrize("k", range(len(RAW) * 3))
def test_the_edits_within_the_windows_are_the_whole_runs(k: int) -> None:
    text = _texts()[k]
    lex, table = lexicon(True), shipped_table()
    rng = random.Random(k)
    whole = None
    for n in (1, 1, 3):
        windows = _windows(text, rng, n)
        near = Corrector(text, lex, table).run_near(windows)
        assert near is not None  # no budget binds on a page
        if whole is None:  # after a recheck, as before; the same for every window
            whole = Corrector(text, lex, table).run()
        assert _within(near, windows) == _within(whole, windows)


@pytest.mark.parametrize("budget", ["MAX_LOOKUPS", "MAX_ANALYSED_UNKNOWN", "MAX_GENERIC"])
def test_where_a_budget_may_bind_the_recheck_declines(budget: str, monkeypatch) -> None:
    lex, table = lexicon(True), shipped_table()
    text = _noisy(RAW[0].read_text(encoding="utf-8"), 7)
    rng = random.Random(3)
    declined = 0
    for limit in (1, 20, 200, 2_000, 20_000):
        monkeypatch.setattr(correct, budget, limit)
        windows = _windows(text, rng, 2)
        near = Corrector(text, lex, table).run_near(windows)
        if near is None:
            declined += 1
        else:  # the whole run under the same budget (only where there is one to compare)
            whole = Corrector(text, lex, table).run()
            assert _within(near, windows) == _within(whole, windows)
    assert declined  # the smallest budgets bind


def _everything(nt) -> tuple:
    maps = [(list(m.starts), list(m.ends)) for m in (nt.text_map, nt.modern_map)]
    return (to_dict(nt), maps)


def test_a_declined_recheck_runs_whole(monkeypatch) -> None:
    # the first text of the corpus is rechecked (a word split at its end); under smaller
    # budgets run_near declines, and the output is the whole run's either way
    raw = RAW[0].read_text(encoding="utf-8")
    original = Corrector.run_near
    declined = 0
    for limit in (4, 8, 300, 300_000):
        monkeypatch.setattr(correct, "MAX_LOOKUPS", limit)
        calls: list[object] = []

        def spy(self, spans, calls=calls):
            out = original(self, spans)
            calls.append(out)
            return out

        monkeypatch.setattr(Corrector, "run_near", spy)
        got = _everything(normalize(raw))
        assert calls  # a recheck ran
        declined += any(c is None for c in calls)
        monkeypatch.setattr(Corrector, "run_near", lambda self, spans: None)
        assert _everything(normalize(raw)) == got
    assert declined
    assert core.MAX_RECHECKS >= 1
