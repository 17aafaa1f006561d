"""Islands -> facts: what each recognised island says about the game, as plain values.

A `Fact` is a small semantic statement (`foundation.direction = up`) tied to the words that
say it. Facts are independent of the spec layout; `assemble.py` turns them into spec fields.
The readers (`pipeline/extract/readers/`, one Lark `Interpreter` per spec area) turn each
island into facts; `resolve` then reads the facts of one sentence together.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any

from lark import Tree

from pipeline.extract.islands import Clause, parse_sentence
from pipeline.extract.readers import RULES, Readers
from pipeline.extract.readers.common import PILES, at, toks_of
from pipeline.extract.tokens import MARKERS, Tok


@dataclass(frozen=True)
class Fact:
    key: str
    value: Any
    island: str
    start: int  # character range in the modern sentence
    end: int
    words: tuple[int, int]  # word range in the sentence (same in both spellings)


_READ = Readers()
READERS = RULES  # island rule -> its area reader class (one per rule: tested)


def island_facts(clause: Clause) -> tuple[list[Fact], list[str]]:
    """The facts of one parsed clause, and the markers no island modelled.

    A fact is dropped when an unmodelled marker bears on a part of the clause (between commas
    or dashes)
    that holds any of its words (its own part, and the one it qualifies, below): a clause is
    never read without its negation, exception or condition; the sentence is then reported
    with the reason (`pipeline.extract`)."""
    facts: list[Fact] = []
    loose: list[tuple[str, int]] = []
    spans: list[tuple[int, int, Fact]] = []
    if clause.tree is None:
        return facts, []
    for item in clause.tree.children:
        if not isinstance(item, Tree):
            continue
        if item.data == "loose":
            loose.extend((t.type, at(t)) for t in toks_of(item))
            continue
        if item.data != "island":
            continue
        node = item.children[0]
        name = str(node.data)
        toks = toks_of(node)
        first, last = at(toks[0]), at(toks[-1])
        a: Tok = clause.toks[first]
        b: Tok = clause.toks[last]
        said = _READ.visit(node)
        if not said:  # the island's words say nothing here: its markers stay unmodelled
            loose.extend((t.type, at(t)) for t in toks if t.type in MARKERS)
        counted = next(
            (c for t in toks if t.type == "FOUNDATION" and (c := clause.toks[at(t)].counted)), None
        )
        if counted and said and not any(key == "foundation.count" for key, _ in said):
            said = [*said, ("foundation.count", counted)]  # «в четыре базовые стопки»
        for key, value in said:
            fact = Fact(key, value, name, a.start, b.end, (a.words[0], b.words[1]))
            spans.append((first, last, fact))
    # a counted place of the foundations no island took is their count said alone («…
    # разложить все карты на четыре базовые стопки»)
    taken = {i for first, last, _ in spans for i in range(first, last + 1)}
    for i, t in enumerate(clause.toks):
        if t.type == "FOUNDATION" and t.counted and i not in taken:
            spans.append(
                (i, i, Fact("foundation.count", t.counted, "found_count", t.start, t.end, t.words))
            )
    part = [0] * len(clause.toks)
    for i in range(1, len(clause.toks)):
        part[i] = part[i - 1] + (clause.toks[i - 1].type in ("COMMA", "DASH"))
    # an exception bears on what it follows too («любую карту, кроме туза»); a condition on
    # what follows it when it opens the clause («если …, то …») and on what it follows
    # otherwise («…, пока колода не вышла»)
    tainted: set[int] = set()
    untimed: set[int] = set()  # what the markers other than a timing's taint (`_TIMED`)
    conds = {part[i] for m, i in loose if m == "COND"}
    types = [t.type for t in clause.toks]
    aside: set[int] = set()  # tokens of parentheses a marker stands in
    for m, i in loose:
        inside = _parenthesis(types, i)
        if inside is not None:  # «карты (кроме бубен) можно собирать …»: the aside alone
            aside.update(range(inside[0], inside[1] + 1))
            continue
        here = {part[i]}
        # «…, если …»: on what precedes; «если …, …», «… и, если …, …», «…, а если …, то …»
        # and «за неимением …, …»: on what follows
        opens = (
            part[i] == 0
            or _before_comma(clause.toks, i) in ("AND", "OR")
            or "AFTER_THOUGH" in clause.toks[i].feats  # «…, хотя если …, …»
            or "THEN" in types[i:]
            or m == "LACKING"
        )
        if m == "EXCEPT":  # and the part that may follow it («…, на котором …»)
            here |= {part[i] - 1, part[i] + 1}
        elif m == "COND" and not opens:
            here.add(part[i] - 1)
        elif m in ("COND", "LACKING"):
            then = types.index("THEN", i) if "THEN" in types[i:] else None
            here.add(part[then] if then is not None else part[i] + 1)
        tainted |= here
        # the rows the stock deals when asked: a condition says when they come (the model's
        # own: when play is stuck or the player asks), and an exception of the last round
        # that it deals what is left («…, кроме последней раздачи»); neither unsays them
        last = m == "EXCEPT" and i + 1 < len(types) and types[i + 1] == "LAST"
        of_cond = m == "NEG" and part[i] in conds  # «когда ни одну карту нельзя …»
        if m != "COND" and not last and not of_cond:
            untimed |= here
    goal_piles = _gathered_piles(clause.toks)
    spans = [(a, b, f) for a, b, f in spans if not (a >= goal_piles and f.key in _LAYOUT_COUNTS)]
    # (the rows of the layout: rows dealt to a reserve's piles are read as said, with their
    # condition, since the layout's deal is where the rows go)
    layout_rows = "RESERVE" not in types
    for first, last_at, fact in spans:
        marked = untimed if fact.key in _TIMED and layout_rows else tainted
        if fact.key.startswith("ref.") or not (
            marked & set(part[first : last_at + 1]) or aside & set(range(first, last_at + 1))
        ):
            facts.append(fact)
    return facts, [m for m, _ in loose]


# The layout's counts, which piles a goal gathers never are.
_LAYOUT_COUNTS = frozenset({"tableau.shape", "tableau.count_said", "deal.per_pile", "deal.round"})
_GATHER_MOOD = frozenset({"INFN", "impr"})


def _gathered_piles(toks: Sequence[Tok]) -> int:
    """Where the piles a goal gathers are counted («Собрать четыре стопки по тринадцать
    карт одной масти», «Соберите в раскладе восемь стопок …»): an infinitive or imperative of
    gathering, then (a place it gathers in and) a count of piles; the piles are the goal's,
    not the layout's. The token's index, or past the clause when there is none."""
    for i, t in enumerate(toks):
        if t.type != "GATHER" or not (_GATHER_MOOD & t.feats):
            continue
        j = i + 1
        if (
            j + 1 < len(toks)
            and toks[j].type in ("IN", "ONTO")
            and toks[j + 1].type in _PLACE_OF_GATHER
        ):
            j += 2
        if j + 1 < len(toks) and toks[j].type == "NUM" and toks[j + 1].type in PILES:
            return i
    return len(toks)


_PLACE_OF_GATHER = frozenset({"DEAL", "TABLEAU", "FOUNDATION"})


# Facts of when something happens, which a condition in their clause states rather than
# restricts.
_TIMED = frozenset({"deal.next_round"})


def _parenthesis(types: list[str], i: int) -> tuple[int, int] | None:
    """The parentheses around token i (their own tokens included), if it stands in a pair of
    them: what a marker there restricts is the aside, not the clause around it."""
    a = i
    while a >= 0 and types[a] not in ("LPAR", "RPAR"):
        a -= 1
    if a < 0 or types[a] != "LPAR":
        return None
    b = i
    while b < len(types) and types[b] not in ("LPAR", "RPAR"):
        b += 1
    if b >= len(types) or types[b] != "RPAR":
        return None
    return a, b


def _before_comma(toks, i: int) -> str | None:
    """The token before the comma that opens the part holding token i."""
    while i > 0 and toks[i - 1].type != "COMMA":
        i -= 1
    return toks[i - 2].type if i >= 2 else None


def sentence_facts(modern: str, book: str | None = None) -> tuple[list[Fact], list[str]]:
    """The facts of one sentence (its clauses', resolved together) and its loose markers."""
    facts: list[Fact] = []
    loose: list[str] = []
    types: list[str] = []
    over = False
    clauses: list[tuple[int, tuple[str, ...]]] = []
    for clause in parse_sentence(modern, book):
        f, lo = island_facts(clause)
        facts += f
        loose += lo
        types += [t.type for t in clause.toks]
        clauses += clause_end(clause.toks)
        over = over or puts_over(clause.toks)
    return resolve(facts, types, over, clauses), loose


def clause_end(toks: Sequence[Tok]) -> list[tuple[int, tuple[str, ...]]]:
    """A clause's last character and its terminals in order (none for an empty clause)."""
    return [(toks[-1].end, tuple(t.type for t in toks))] if toks else []


# The island of a round that rows of cards read as columns give, in a sentence that names no
# column and lays no card over another: the rows may be a grid of one-card places instead,
# which the game decides (`assemble.layout.rows_as_places`).
ROWS_GRID = "rows_grid"


def _rows_of(facts: list[Fact], rows_are_piles: bool, cells: bool) -> list[Fact]:
    """«пять рядов по десяти карт»: the rows are the rounds of a grid whose columns are the
    piles (the usual reading), unless the sentence makes each row a pile and names no
    columns («в восемь рядов, по шести карт в каждом, … так что каждый ряд начинается у
    туза», «карты каждого ряда кладутся одна на другую»): then eight piles of six. With the
    cards they hold said («выкладывают двенадцать карт в два ряда, по шести в каждом»), in
    a sentence that names no columns and lays no card over another (`cells`), the rows are
    lines of places, one card each: twelve piles of one (a column says its cards overlap)."""
    total = next((f.value for f in facts if f.key == "deal.rows_total"), None)
    out = []
    for f in facts:
        if f.key == "deal.rows_total":
            continue
        if f.key != "deal.rows_of":
            out.append(f)
            continue
        rows, per = f.value
        if cells and not rows_are_piles and total == rows * per:
            out.append(replace(f, key="tableau.shape", value={"noun": "ROW", "count": total}))
            out.append(replace(f, key="deal.per_pile", value=1))
            continue
        piles, rounds = (rows, per) if rows_are_piles else (per, rows)
        out.append(replace(f, key="tableau.shape", value={"noun": "ROW", "count": piles}))
        # the other reading, a grid of places, is the game's to choose (`ROWS_GRID`)
        island = ROWS_GRID if cells and not rows_are_piles else f.island
        out.append(replace(f, key="deal.round", value=rounds, island=island))
    return out


def _last_card_pile(facts: list[Fact]) -> list[Fact]:
    """«семнадцать вееров, по три карты в каждом, …; пятьдесят вторая карта … составляет
    восемнадцатый веер»: the card after the piles' cards (or «последняя») is one more pile,
    as `piles_and_last` reads it said in one clause; another number adds nothing."""
    last = next((f for f in facts if f.key == "deal.last_pile"), None)
    if last is None:
        return facts
    facts = [f for f in facts if f.key != "deal.last_pile"]
    shape = next((f for f in facts if f.key == "tableau.shape"), None)
    per = next((f.value for f in facts if f.key == "deal.per_pile"), None)
    if shape is None or not per or last.start < shape.start:
        return facts
    count = shape.value["count"]
    if last.value is not None and last.value != count * per + 1:
        return facts
    more = {**shape.value, "count": count + 1}
    return [replace(f, value=more) if f is shape else f for f in facts]


def puts_over(toks: Sequence[Tok]) -> bool:
    """Whether a clause puts cards on top of others («поверх них», «сверху на каждую»): not
    the top card of a pile («верхняя»), nor a way of dealing («сверху вниз»)."""
    for i, t in enumerate(toks):
        if t.lemma == "поверх":
            return True
        if t.lemma == "сверху" and not (i + 1 < len(toks) and toks[i + 1].lemma == "вниз"):
            return True
    return False


def resolve(
    facts: list[Fact],
    types: Sequence[str] = (),
    over: bool = False,
    clauses: Sequence[tuple[int, tuple[str, ...]]] = (),
) -> list[Fact]:
    """What one sentence's facts say together (each step below says which sentences);
    `types`: the sentence's terminals in order, islands and water; `over`: whether it puts
    cards on top of others (`puts_over`); `clauses`: where each clause ends (its last
    character) and its terminals, in order."""
    ends = [end for end, _ in clauses]
    rows_are_piles = "COLUMN" not in types and any(
        pair == ("EACH", "ROW") for pair in pairwise(types)
    )
    if (
        "FOUNDATION" in types
        and "DEAL" not in types
        and any(f.key.startswith(("foundation.cards", "setup.take")) for f in facts)
    ):
        # «основными картами служат восемь двоек, которые … кладутся в два ряда, по четыре»:
        # the rows are the foundation cards', not the layout's
        facts = [f for f in facts if f.key != "deal.rows_of"]
    cells = not over and not {"COLUMN", "COVER"} & set(types)
    facts = _rows_of(facts, rows_are_piles, cells)
    facts = _last_card_pile(facts)
    if "AT_WILL" in types and ("OR", "AT_WILL") in pairwise(types):
        # «когда играть более нечего, или когда играющий найдет это выгодным»: stuck or at
        # the player's wish, no condition
        facts = [f for f in facts if f.key != "cond.stuck"]
    if "FOUNDATION" not in types:  # the rank of the first foundation card, or of nothing
        facts = [f for f in facts if f.key != "foundation.same_rank"]
    talon_turned = ("TALON", "TURN") in pairwise(types)
    facts = _repeats(facts, talon_turned)
    again = next((f for f in facts if f.key == "redeal.again"), None)
    if again and talon_turned and not any(f.key == "redeal.of_deck" for f in facts):
        # «талон перевертывают … и раскладывают его снова»: what is dealt again is the pack
        # the talon becomes (a second pass), not the layout
        facts = [*facts, replace(again, key="redeal.of_deck", value=True)]
    if "MARRIAGE" not in types and "DEAL" not in types:
        if "FOUNDATION" not in types:
            facts = _middle_example(facts)
        facts = _foundation_colours(facts)
    if "GOAL" in types:
        # in a sentence of several clauses, the goal's clause, and one after it that builds
        # on what the goal named («цель — освободить тузы; на них собирают масти …»)
        goal = (
            [
                i
                for i, (_, ty) in enumerate(clauses)
                if "GOAL" in ty
                or (i and "GOAL" in clauses[i - 1][1] and tuple(ty[:2]) == ("ONTO", "W"))
            ]
            if len(clauses) > 1
            else []
        )
        facts = _goal_builds(facts, [ends[i] for i in goal], ends)
    facts = _run_in_suit(facts, types)
    facts = _ranges(facts)
    facts = _while_dealing(facts)
    if _by_ordinal_pile(types):
        # «На первую стопку — одна карта лицом вверх, на остальные — по карте лицом вниз»:
        # faces said pile by pile in one round, not layers of every pile
        facts = [f for f in facts if f.key != "deal.layer"]
    facts = _layers(facts, on_top=over)
    facts = _cells(facts)
    facts = _examples(facts, ends)
    for step in (_built_on, _all_of_rank, _anaphora, _bases, _once, _counted_back):
        facts = step(facts)
    return facts


_RUN_NOUNS = frozenset({"ROW", "RUN", "ORDER", "PACKET"})
_BEFORE_RUN_SUIT = frozenset({"ONLY", "PUT", "MOVE", "DASH", "CARD"})


def _run_in_suit(facts: list[Fact], types: Sequence[str]) -> list[Fact]:
    """«на карту любой масти кладётся карта или ряд одной масти», «…, ряд — только одной
    масти»: one suit said of a run (its noun just before, past a card noun, a verb, «только»
    or a dash) after the building's any suit is which runs move together, not the building's
    suit: the building stays any suit and a run moves (Spider's runs in suit on any suit)."""
    if types.count("SAME_SUIT") != 1 or "ANY_SUIT" not in types:
        return facts
    i = types.index("SAME_SUIT")
    if types.index("ANY_SUIT") > i:
        return facts
    j = i - 1
    while j >= 0 and types[j] in _BEFORE_RUN_SUIT:
        j -= 1
    if j < 0 or types[j] not in _RUN_NOUNS:
        return facts
    any_at = min((f.start for f in facts if f.key == "suit.any"), default=None)
    same = [f for f in facts if f.key == "suit.same" and any_at is not None and f.start > any_at]
    if len(same) != 1:
        return facts
    rest = [f for f in facts if f is not same[0]]
    if any(f.key == "build.run" for f in rest):
        return rest
    return [*rest, replace(same[0], key="build.run", value=True)]


def _counted_back(facts: list[Fact]) -> list[Fact]:
    """«… и раскладывают снова, и так можно поступить дважды»: a count with no act of its own
    counts the act its sentence says: the deal again (all the deals: one more) or the talon
    turned back. Alone in its sentence it stays for the stock area (the sentence before)."""
    if any(f.key == "turn.recycle" for f in facts):
        # «… талон переворачивают и снова открывают по одной; это позволяется делать сколько
        # угодно раз»: the turn back counted, no turn back of its own beside it
        facts = [f for f in facts if f.key != "turn.back"]
    times = next((f for f in facts if f.key == "turn.back_times"), None)
    if times is None:
        return facts
    rest = [f for f in facts if f is not times]
    if any(f.key in ("redeal.deals", "turn.recycle") for f in rest):
        return rest  # the sentence counts its act itself («… так что всего бывает три сдачи»)
    for f in rest:
        if f.key == "redeal.again":
            said = replace(times, key="redeal.deals", value=times.value + 1)
            return [said if g is f else g for g in rest]
        if f.key == "turn.back":
            said = replace(times, key="turn.recycle", value=times.value)
            return [said if g is f else g for g in rest]
    return facts


_OF_FOUNDATIONS = ("foundation.", "setup.take", "cond.laid_as_they_come")


def _ranges(facts: list[Fact]) -> list[Fact]:
    """«…, от двойки до короля», «…, до короля»: a range no island read is the last card of
    the foundations, in a sentence about them (and not about building on the layout) that
    says no last card; elsewhere it says nothing."""
    ranges = [f for f in facts if f.key == "range.to"]
    rest = [f for f in facts if f.key != "range.to"]
    if not ranges or any(f.key == "foundation.last" for f in rest):
        return rest
    keys = {f.key for f in rest}
    r = ranges[-1]
    if (
        "build.suit" in keys
        and "build.direction" not in keys
        and not any(k.startswith(_OF_FOUNDATIONS) for k in keys)
        and r.value["from"]
        and r.value["to"]
        and r.value["from"] != r.value["to"]
    ):
        # «в колонках карты собираются от короля до туза с чередованием масти»: a range said
        # with the building's colours is the building's way
        built = "down" if r.value["from"] > r.value["to"] else "up"
        return [*rest, replace(r, key="build.direction", value=built)]
    if not any(f.key.startswith(_OF_FOUNDATIONS) for f in rest) or any(
        f.key.startswith(("build.", "marry.", "example.")) and f.key != "example.wrap" for f in rest
    ):
        return rest  # the ranks going round («…, затем снова король») build on no layout
    bases = {f.value["base"] for f in rest if f.key == "foundation.direction"}
    if len(bases) > 1:
        return rest  # two foundation groups: whose last card it is, the range does not say
    base = next(iter(bases), None) or r.value["from"]  # «от туза до короля»: from the ace
    out = [*rest, replace(r, key="foundation.last", value={"base": base, "last": r.value["to"]})]
    if bases == {None} and r.value["from"]:  # «основания собирают по убыванию от короля»
        out = [
            replace(f, value={**f.value, "base": base}) if f.key == "foundation.direction" else f
            for f in out
        ]
    if r.value["way"] and not bases:  # «в восходящем порядке до короля»
        way = {"base": base, "direction": r.value["way"]}
        out.append(replace(r, key="foundation.direction", value=way))
    return out


def _goal_builds(
    facts: list[Fact], goal_ends: Sequence[int] = (), ends: Sequence[int] = ()
) -> list[Fact]:
    """«Цель пасьянса — освободить тузы и на них собрать масти в восходящей
    последовательности»: what the goal sentence builds is the foundations (`goal_ends`: the
    ends of the clauses the goal speaks in, all when empty)."""

    def of_goal(f: Fact) -> bool:
        return not goal_ends or ends[min(bisect_left(ends, f.end), len(ends) - 1)] in goal_ends

    return [
        replace(f, key="foundation.direction", value={"base": None, "direction": f.value})
        if f.key in ("build.direction", "example.direction") and of_goal(f)
        else f
        for f in facts
    ]


def _while_dealing(facts: list[Fact]) -> list[Fact]:
    """«Тузы играют по мере того, как они выходят; но нельзя играть другою картою, пока не
    наполнится целый ряд»: the rank played as it comes is the only one played while a row is
    dealt (`deal.play_rank`), and its cards begin the foundations as they come. Either alone:
    the rank laid as it comes; no play before the row is dealt (the usual: a frame)."""
    rank = next((f for f in facts if f.key == "play.as_they_come"), None)
    after = next((f for f in facts if f.key == "play.after_row"), None)
    out = [f for f in facts if f.key not in ("play.as_they_come", "play.after_row")]
    if rank is not None:
        said = {"rank": rank.value, "count": None}
        out.append(replace(rank, key="cond.laid_as_they_come", value=said))
        if after is not None:
            out.append(replace(after, key="deal.play_rank", value=rank.value))
    elif after is not None:
        out.append(replace(after, key="cond.after_deal", value=True))
    return out


def _by_ordinal_pile(types: Sequence[str]) -> bool:
    """A card dealt onto a pile named by its ordinal («на первую (стопку) сдаётся …»), then
    onto others in the same sentence: the deal goes pile by pile."""
    for i in range(len(types) - 2):
        if (
            types[i] in ("ONTO", "IN")
            and types[i + 1] == "ORD"
            and types[i + 2] in ("PACKET", "COLUMN", "DEAL", "PUT")
        ):
            return "COMMA" in types[i + 2 :]
    return False


def _layers(facts: list[Fact], on_top: bool = False) -> list[Fact]:
    """A deal told layer by layer: the faces of its rounds, in order (`deal.layers`). Layers
    said one after another («… рубашкою вверх, на них второй ряд, также лицом вниз, …») need
    one said on the others; layers named by their places («первая, третья и пятая карта …
    лицом вниз, а вторая, четвертая и шестая лицом вверх») need every place from the first.
    Anything less (a face said once) is no layered deal, except one layer face up said to lie
    on top of the others (`on_top`: «остальные лежат лицом вверх поверх карт тех же стопок»),
    which is the last card of each pile open over cards face down."""
    said = [f for f in facts if f.key == "deal.layer"]
    if not said:
        return facts
    rest = [f for f in facts if f.key != "deal.layer"]
    if on_top and len(said) == 1 and said[0].value.get("face") == "up":
        return [*rest, replace(said[0], key="deal.face", value="down-but-last")]
    if len(said) == 1 and "face" in said[0].value and _deals_layout(rest):
        # «выложите 13 стопок по 4 карты лицом вниз»: one face in a sentence dealing the
        # layout's piles is that deal's face
        return [*rest, replace(said[0], key="deal.face", value=said[0].value["face"])]
    placed = [f for f in said if "at" in f.value]
    faces: list[str] = []
    alternate = False
    if placed:
        at: dict[int, str] = {}
        for f in placed:
            at.update(f.value["at"])
            alternate = alternate or f.value["alternate"]
        if sorted(at) != list(range(1, len(at) + 1)):
            return rest
        faces = [at[i] for i in range(1, len(at) + 1)]
    elif len(said) >= 2 and said[1].island == "layer_on":
        for f in said:
            faces += [f.value["face"]] * f.value["rounds"]
    else:
        return rest
    if len(set(faces)) < 2 and not alternate:
        return rest  # one face throughout: the deal's face, said by other islands
    first = (placed or said)[0]
    return [
        *rest,
        replace(first, key="deal.layers", value={"faces": tuple(faces), "alternate": alternate}),
    ]


_LAYOUT_DEALT = ("tableau.shape", "deal.per_pile", "deal.rows_of")


def _deals_layout(facts: list[Fact]) -> bool:
    """The sentence deals the layout's piles and says no face of its own."""
    keys = {f.key for f in facts}
    return bool(keys & set(_LAYOUT_DEALT)) and "deal.face" not in keys


def _middle_example(facts: list[Fact]) -> list[Fact]:
    """«На девятку можно положить восьмёрку другого цвета»: one card onto another of a middle
    rank (no ace or king to begin, no last card), with a suit rule of building (colours
    alternating, another suit), in a sentence that names no foundation, is an example of
    building on the layout, not a foundation's base (the old books' examples of a
    foundation's way, «на семерку восьмерку», say no suit rule of building)."""
    suited = any(f.key == "build.suit" for f in facts)
    pair = [
        f
        for f in facts
        if f.island == "foundation_sequence"
        and f.key == "foundation.direction"
        and f.value["base"] not in (1, 13)
    ]
    if not suited or len(pair) != 1 or any(f.key == "foundation.last" for f in facts):
        return facts
    said = pair[0]
    return [
        replace(f, key="build.direction", value=f.value["direction"]) if f is said else f
        for f in facts
    ]


def _foundation_colours(facts: list[Fact]) -> list[Fact]:
    """«На них кладут карты восходящим порядком …, но цвета должны чередоваться: на красный
    туз кладется черная двойка»: colours said of the foundations (the sentence names no
    layout) are the foundations' suit; their example's direction is theirs, already said."""
    if not any(f.key.startswith("foundation.") for f in facts):
        return facts
    # a way of building on the layout said with the colours: theirs, not the foundations'
    layout = any(f.key == "build.direction" and f.island != "build_example" for f in facts)
    out = []
    for f in facts:
        if f.key == "build.suit" and f.value == "alternate" and not layout:
            out.append(replace(f, key="foundation.suit"))
        elif not (f.island == "build_example" and f.key == "build.direction"):
            out.append(f)
    return out


def _cells(facts: list[Fact]) -> list[Fact]:
    """«ряд из восьми запасных мест; в каждом из них … не более одной карты»: N places of
    one card each are cells; a count alone says nothing, and «one card each» alone is left
    for the layout area, which reads it with the piles counted in the sentence before
    (`assemble.layout`)."""
    one = any(f.key == "places.one_card" for f in facts)
    out = []
    made = False
    for f in facts:
        if f.key == "places.count" and one and f.value:
            out.append(replace(f, key="cells"))
            made = True
        elif one and f.key == "tableau.shape" and f.value["noun"] == "PLACE" and f.value["count"]:
            out.append(replace(f, key="cells", value=f.value["count"]))  # «имеются 4 места, …»
            made = True
        elif f.key not in ("places.count", "places.one_card"):
            out.append(f)
    if one and not made and not any(f.key == "cells" for f in out):
        out.append(next(f for f in facts if f.key == "places.one_card"))
    return out


def _repeats(facts: list[Fact], talon_turned: bool) -> list[Fact]:
    """«разложить вновь; это разрешается два раза»: the deal said again, N times (N + 1
    deals); «талон переворачивают …; это позволяется делать сколько угодно раз»: the talon
    turned over N times; alone in its sentence, how often the act of the sentence before is
    done (`turn.back_times`); beside other facts of neither, it says nothing."""
    again = any(f.key == "redeal.again" for f in facts)
    out = []
    for f in facts:
        if f.key != "repeat.times":
            out.append(f)
        elif again and isinstance(f.value, int) and f.value:
            out.append(replace(f, key="redeal.deals", value=f.value + 1))
        elif talon_turned and not again and f.value:
            out.append(replace(f, key="turn.recycle"))
        elif isinstance(f.value, int) and f.value and len(facts) == 1:
            # «Так можно сделать два раза.» alone: the act of the sentence before, as «… дважды»
            out.append(replace(f, key="turn.back_times"))
    return out


_SUIT_RULES = frozenset({"suit.any", "suit.same", "build.suit", "foundation.suit"})


def _of_building(facts: list[Fact]) -> bool | None:
    """Whether facts speak of building on the layout (True), of the foundations alone (False),
    or of neither (None)."""
    if any(f.key.startswith(("build.", "avail.")) for f in facts):
        return True
    if any(
        f.key.startswith(("foundation.", "setup.")) or f.key == "cond.laid_as_they_come"
        for f in facts
    ):
        return False
    return None


def _examples(facts: list[Fact], ends: Sequence[int] = ()) -> list[Fact]:
    """«семерка на восьмерку», «на них кладут …»: building on the layout, unless the sentence
    speaks of the foundations (and no more of the layout than their building); its own clause
    first («…; чтобы переместить десятку, нужно перетащить её на валета; задача — собрать
    все карты в цепи король-туз»: the example is the layout's), then the sentence."""
    said = _of_building(facts)
    sentence = said is not False
    clause_of = {id(f): bisect_left(ends, f.end) for f in facts} if len(ends) > 1 else {}
    by_clause: dict[int, bool | None] = {}
    for i in set(clause_of.values()):
        by_clause[i] = _of_building([f for f in facts if clause_of[id(f)] == i])

    def building_at(f: Fact) -> bool:
        own = by_clause.get(clause_of.get(id(f), -1))
        return sentence if own is None else own

    marriage = [f for f in facts if f.island == "marriage_order"]
    marrying = any(f.key.startswith("build.") for f in facts)
    # «марьяж в нисходящем порядке, так что на даму кладут валета»: the marriage's example
    example = {
        f.start
        for f in facts
        if f.island == "foundation_sequence"
        and f.key == "foundation.direction"
        and any(m.start < f.start and m.value == f.value["direction"] for m in marriage)
    }
    out = []
    for f in facts:
        if f.island == "foundation_sequence" and f.start in example:
            continue
        if f.key == "example.direction":
            out.append(
                replace(f, key="build.direction")
                if building_at(f)
                else replace(
                    f, key="foundation.direction", value={"base": None, "direction": f.value}
                )
            )
        elif f.key == "example.colours":
            # two named suits of two colours: the building alternates, unless its sentence
            # says a suit rule itself («не обращая внимания на масти; так, на туза пик …»)
            said_suit = any(g.key in _SUIT_RULES for g in facts)
            if building_at(f) and not said_suit:
                out.append(replace(f, key="build.suit"))
        elif f.key == "example.wrap":  # the layout's only when the sentence builds on it
            out.append(replace(f, key="build.wrap" if marrying else "foundation.wrap"))
        elif f.key == "example.last":
            if not building_at(f):  # a layout pile has no last card
                out.append(replace(f, key="foundation.last", value={"base": None, "last": f.value}))
        else:
            out.append(f)
    return out


def _taken(facts: list[Fact]) -> list[int]:
    """The ranks the sentence takes out of the pack, each once, in order."""
    return list(dict.fromkeys(r for f in facts if f.key == "setup.take" for _, r in f.value if r))


def _built_on(facts: list[Fact]) -> list[Fact]:
    """«вынимают четыре пятерки; на них строят …», «тузы, по мере того как выходят, …, и на
    них строят …»: the cards taken out, or laid out as they come, are the foundations the
    sentence builds on."""
    built = any(f.key in ("foundation.direction", "foundation.last") for f in facts)
    if any(f.key == "foundation.cards" for f in facts):
        return facts
    anaphor = any(f.key == "foundation.anaphor" for f in facts)
    taken = _taken(facts)
    if taken and built and not anaphor:
        first = next(f for f in facts if f.key == "setup.take")
        return [*facts, replace(first, key="foundation.cards", value=taken)]
    come = [f for f in facts if f.key == "cond.laid_as_they_come"]
    if come and (built or anaphor):
        said = come[0].value
        out = [f for f in facts if f.key != "foundation.anaphor"]
        out.append(replace(come[0], key="foundation.cards", value=[said["rank"]]))
        if said["count"]:
            out.append(replace(come[0], key="foundation.count", value=said["count"]))
        return out
    return facts


def _all_of_rank(facts: list[Fact]) -> list[Fact]:
    """«из двух колод вынимают всех королей»: four of the rank in each pack named."""
    decks = next((f.value for f in facts if f.key == "decks" and f.value), None)
    if not decks:
        return facts
    return [
        replace(f, value=[(4 * decks if n is None else n, r) for n, r in f.value])
        if f.key == "setup.take"
        else f
        for f in facts
    ]


def _anaphora(facts: list[Fact]) -> list[Fact]:
    """«вынимают восемь тузов …; это основные карты»: the cards taken out."""
    taken = _taken(facts)
    if not taken:
        return facts
    return [
        replace(f, key="foundation.cards", value=taken) if f.key == "foundation.anaphor" else f
        for f in facts
    ]


def _bases(facts: list[Fact]) -> list[Fact]:
    """«служат короли, на которых строят вниз»: the building starts on the cards named."""
    named = [f.value for f in facts if f.key == "foundation.cards"]
    if len(named) != 1 or len(named[0]) != 1:
        return facts
    base = named[0][0]
    # «это основные карты (тузы), на которых собирают … начиная с двоек»: the two is the
    # first card built on them, not the base
    after = {
        f.start
        for f in facts
        if f.island == "foundation_range"
        and f.key == "foundation.direction"
        and f.value["base"] == base + (1 if f.value["direction"] == "up" else -1)
    }
    return [
        replace(f, value={**f.value, "base": base})
        if f.key in ("foundation.direction", "foundation.last")
        and (f.value["base"] is None or f.start in after)
        else f
        for f in facts
    ]


def _once(facts: list[Fact]) -> list[Fact]:
    """A fact said twice in a sentence counts once."""
    seen: set[str] = set()
    out = []
    for f in facts:
        said = f"{f.key}={f.value!r}"
        if said not in seen:
            seen.add(said)
            out.append(f)
    return out
