"""A suit rule said as an aside between commas in the middle of a clause: «На основания
кладут карты, следуя масти, от туза до короля», «…, не обращая внимания на масть, по
убыванию». The participle phrase interrupts the clause it qualifies, so the islands that read
the clause whole (the cards put, then their range or way) never see it joined. The aside is
moved to the end of its clause, after a comma, where the islands of a suit rule read it as
they read «…, соблюдая масть.» said last; the words around it join.

Only an aside of a suit rule alone (its words: the verb of following or a phrase of
disregard, «не», the suit noun) between two commas, with the clause going on after it, is
moved."""

from __future__ import annotations

from typing import Any

# A token is `tokens.Tok`, which imports this module: a named tuple, typed here as Any.
Tok = Any

_ENDS = frozenset({"STOP", "SEMI"})
_HEADS = frozenset({"FOLLOW", "REGARDLESS"})
_WORDS = frozenset({"FOLLOW", "REGARDLESS", "NEG", "SUIT_N"})
_GOES_ON = frozenset({"FROM", "BY", "IN", "TO", "UP", "DOWN", "START"})  # a range or a way


def suit_asides(toks: list[Tok]) -> list[Tok]:
    """The clause with its suit aside moved to its end (see the module's docstring)."""
    for i, t in enumerate(toks):
        if t.type != "COMMA" or i == 0:
            continue
        j = i + 1
        while j < len(toks) and toks[j].type in _WORDS:
            j += 1
        inner = [x.type for x in toks[i + 1 : j]]
        if (
            j + 1 >= len(toks)
            or toks[j].type != "COMMA"
            or "SUIT_N" not in inner
            or not _HEADS & set(inner)
            or toks[j + 1].type not in _GOES_ON
        ):
            continue
        end = next((k for k in range(j + 1, len(toks)) if toks[k].type in _ENDS), len(toks))
        return toks[:i] + toks[j + 1 : end] + toks[i:j] + toks[end:]
    return toks
