"""A redeal told as passes of fewer cards: «раскладывают по четыре карты, потом по три, потом
по две», «… снова раскладывают по три карты; затем по две». Each «потом» / «затем» / «далее»
before a share smaller than the share said before it in the sentence opens one more pass
(`NEXT_PASS`), which the redeal islands count; a «потом» before anything else (a place, a
verb, a larger or equal share: «по четыре в первые стопки, потом по четыре в остальные»)
stays what it was. A rule for the count («в каждой следующей сдаче на одну карту меньше») is
`FEWER`: each pass deals that many cards fewer to a pile. The spec states the number of
passes, not the cards of each."""

from __future__ import annotations

from typing import Any

# A token is `tokens.Tok`, which imports this module: a named tuple, typed here as Any.
Tok = Any

_THEN = frozenset({"потом", "затем", "далее"})


def _share_at(toks: list[Tok], j: int) -> tuple[int, int] | None:
    """The share «по N» that starts at `j` (commas skipped): (N, index of «по»), or None."""
    while j < len(toks) and toks[j].type == "COMMA":
        j += 1
    if j + 1 < len(toks) and toks[j].type == "BY" and toks[j + 1].type == "NUM":
        n = toks[j + 1].value
        return (n, j) if isinstance(n, int) else None
    return None


_ENDS = frozenset({"STOP", "SEMI", "COND", "COLON"})
_AGAIN_WINDOW = 6  # tokens before a chain's first share searched for «снова»


def _said_again(toks: list[Tok], j: int) -> bool:
    """Whether «снова», «вновь» … stands in the clause before the share at `j` («она вновь
    собирается и раскладывается по четыре карты, потом по три»): the chain's first share is
    then itself a pass after the first deal."""
    for k in range(j - 1, max(j - 1 - _AGAIN_WINDOW, -1), -1):
        if toks[k].type in _ENDS:
            return False
        if toks[k].type == "AGAIN":
            return True
    return False


_FACES = frozenset({"FACE_UP", "FACE_DOWN", "FILL"})


def _faced(toks: list[Tok], by: int) -> bool:
    """Whether the share whose «по» is at `by` says its face («по четыре карты рубашкой
    вверх, затем по одной лицом вверх»: layers of one deal, not passes)."""
    return any(x.type in _FACES for x in toks[by + 2 : by + 4])


def later_passes(toks: list[Tok]) -> list[Tok]:
    """«…, потом по N» after a larger share «по M» of the sentence → `NEXT_PASS` «по N»; the
    first share of such a chain said after «снова» gets a `NEXT_PASS` of its own."""
    out = list(toks)
    last: tuple[int, int] | None = None  # the share before: (N, index of its «по»)
    chained: set[int] = set()  # the «по» of each pass already counted
    opened: set[int] = set()  # the «по» of each chain's first share said again
    for i, t in enumerate(toks):
        if t.type == "BY" and i + 1 < len(toks) and toks[i + 1].type == "NUM":
            n = toks[i + 1].value
            if isinstance(n, int) and i not in chained:
                last = (n, i)
            continue
        if t.lemma not in _THEN or t.type not in ("W", "AFTER") or last is None:
            continue
        share = _share_at(toks, i + 1)
        if share is None or _faced(toks, last[1]) or _faced(toks, share[1]):
            continue
        if 1 <= share[0] < last[0]:
            if last[1] not in chained and _said_again(toks, last[1]):
                opened.add(last[1])
            out[i] = t._replace(type="NEXT_PASS", value=share[0])
            last = share
            chained.add(share[1])
    if not opened:
        return out
    said: list[Tok] = []
    for i, t in enumerate(out):
        if i in opened:
            said.append(t._replace(type="NEXT_PASS", value=toks[i + 1].value, end=t.start))
        said.append(t)
    return said


_FEWER = frozenset({"меньше"})
_FEWER_WINDOW = 12  # tokens before «на N карт(у) меньше» searched for «каждой»


def fewer_each(toks: list[Tok]) -> list[Tok]:
    """«(в каждой следующей сдаче) на одну карту меньше» → `FEWER` (1) in place of «меньше»,
    when «каждый» stands before it in the clause; elsewhere «меньше» stays water."""
    out = list(toks)
    for i, t in enumerate(toks):
        if t.type != "W" or t.lemma not in _FEWER or i < 3:
            continue
        onto, num, card = toks[i - 3 : i]
        if (onto.type, num.type, card.type) != ("ONTO", "NUM", "CARD"):
            continue
        before = toks[max(0, i - 3 - _FEWER_WINDOW) : i - 3]
        ends = [k for k, x in enumerate(before) if x.type in ("STOP", "SEMI")]
        if any(x.type == "EACH" for x in before[(ends[-1] + 1 if ends else 0) :]):
            out[i] = t._replace(type="FEWER", value=num.value)
    return out
