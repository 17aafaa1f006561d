"""The parse's time limit counts CPU seconds: a clause that burns its budget is reported,
and one that only waits (a loaded machine, a sleeping process) is parsed as usual, so the
same text gives the same draft however busy the machine is."""

from __future__ import annotations

import time

import pipeline.extract.islands as islands
from pipeline.extract.tokens import tokenize

TOKS = tokenize("Кладут тузы на основания, а короли на свободные места.", None)


def test_a_clause_that_burns_its_cpu_budget_is_reported(monkeypatch) -> None:
    def spin(*args, **kwargs):
        end = time.process_time() + 5.0
        while time.process_time() < end:
            pass
        raise AssertionError("the time limit did not fire")

    islands.compiled(None)  # built outside the limit, as parse_clause does
    monkeypatch.setattr(islands, "TIME_LIMIT", 0.05)
    monkeypatch.setattr(islands, "_scan_parse", spin)
    clause = islands.parse_clause(TOKS, None)
    assert clause.tree is None
    assert clause.problem == "time limit: no parse within 0.05 s"


def test_waiting_is_not_counted(monkeypatch) -> None:
    real = islands._scan_parse

    def slow(*args, **kwargs):
        time.sleep(0.2)  # wall time passes, CPU time does not
        return real(*args, **kwargs)

    monkeypatch.setattr(islands, "TIME_LIMIT", 0.05)
    monkeypatch.setattr(islands, "_scan_parse", slow)
    clause = islands.parse_clause(TOKS, None)
    assert clause.problem is None
    assert [c.data for c in clause.tree.children] == [
        c.data for c in real(islands.compiled(None), TOKS)[0].children
    ]
    assert clause.tree.children  # the islands were found


def test_the_handler_before_is_back_after_a_clause(monkeypatch) -> None:
    """The limit's own SIGVTALRM handler lives only while a clause parses: whatever was
    installed before (a function of the caller's, or the default) is installed again, after
    a parse and after a clause the limit stopped."""
    import signal

    def mine(signum, frame) -> None:
        raise AssertionError("the caller's handler ran")

    before = signal.signal(signal.SIGVTALRM, mine)
    try:
        assert islands.parse_clause(TOKS, None).problem is None
        assert signal.getsignal(signal.SIGVTALRM) is mine
        assert signal.getitimer(signal.ITIMER_VIRTUAL) == (0.0, 0.0)

        def spin(*args, **kwargs):
            end = time.process_time() + 5.0
            while time.process_time() < end:
                pass

        monkeypatch.setattr(islands, "TIME_LIMIT", 0.05)
        monkeypatch.setattr(islands, "_scan_parse", spin)
        assert islands.parse_clause(TOKS, None).tree is None
        assert signal.getsignal(signal.SIGVTALRM) is mine
    finally:
        signal.signal(signal.SIGVTALRM, before)
