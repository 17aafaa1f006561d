"""Morphological agreement, the context that can overrule the lexicon for a known word.

A real word printed for another (`третьяго крута` for `круга`) is found because it cannot
agree with its neighbour while the other can. Words are judged by the pymorphy parses of
their modern projection (`Lexicon.parses`).
"""

from __future__ import annotations

from pipeline.normalize.lexicon import Lexicon

_ADJ = frozenset({"ADJF", "PRTF"})
_NOMINAL = frozenset({"NOUN", "NPRO"})


def is_adjective(lex: Lexicon, word: str) -> bool:
    """Most likely a full adjective or participle (pymorphy's first parse)."""
    ps = lex.parses(word)
    return bool(ps) and ps[0].tag.POS in _ADJ


def is_noun(lex: Lexicon, word: str) -> bool:
    """Most likely a noun (pymorphy's first parse)."""
    ps = lex.parses(word)
    return bool(ps) and ps[0].tag.POS == "NOUN"


def adjective_agrees(lex: Lexicon, adj: str, noun: str) -> bool:
    """Can `adj` (a full adjective or participle) agree with `noun` in case, number and,
    in the singular, gender?"""
    for a in lex.tags(adj):  # the readings' tags: no parse built where none was
        if a.POS not in _ADJ:
            continue
        for n in lex.tags(noun):
            if n.POS not in _NOMINAL:
                continue
            if a.case != n.case or a.number != n.number:
                continue
            if a.number == "sing" and n.gender and a.gender not in (None, n.gender):
                continue
            return True
    return False


def relative_parses(lex: Lexicon, word: str) -> list:
    """The parses of `word` as a form of «который» (none if it is not one)."""
    return [p for p in lex.parses(word) if p.normal_form == "который"]


def antecedent_fits(lex: Lexicon, noun: str, relative: list) -> bool:
    """Can `noun` be what a «который» form (its `relative` parses) refers to: number and,
    in the singular, gender?"""
    for n in lex.parses(noun):
        if n.tag.POS != "NOUN":
            continue
        for r in relative:
            if n.tag.number != r.tag.number:
                continue
            if r.tag.number == "sing" and n.tag.gender != r.tag.gender:
                continue
            return True
    return False
