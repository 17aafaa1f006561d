"""The fact vocabulary: every fact key the readers may produce, declared once.

Each key has its value's type, one line saying what it means, and the area that reads it:
a spec area of the assembler (`pipeline/extract/assemble/<area>.py`), `sentence` (read
inside its own sentence by `facts.resolve`, which turns it into other keys), or `coverage`
(a reference, reported beside the sentence, not a spec field). A frame (a condition or
restriction the spec already assumes, «когда ходов нет», «колоды в руках не остается») names
the spec field it confirms: the goal area cites its words there, where that field exists,
instead of a default. `tests/test_extract_vocabulary.py` fails when a key is produced but
never read, read but never produced, or used without being declared here.
"""

from __future__ import annotations

from dataclasses import dataclass

AREAS = (
    "deck",  # packs, cards withdrawn or set aside
    "foundations",
    "layout",  # the tableau's groups, reserve, cells
    "stock",  # stock, talon, waste piles, exiles
    "deal",
    "moves",  # building, shifting, routes, exchange
    "fill",  # spaces
    "redeal",
    "goal",  # the win, the book's claims, frames
    "sentence",  # read within the sentence (facts.resolve)
    "coverage",  # a reference: reported with the sentence
)


@dataclass(frozen=True)
class Key:
    type: str
    doc: str
    area: str
    confirms: str | None = None  # a frame: the spec field whose usual value it states


_K = Key
VOCABULARY: dict[str, Key] = {
    # -- deck -----------------------------------------------------------------------------
    "decks": _K("int", "the number of packs («двумя колодами»)", "deck"),
    "setup.take": _K("list[(count, rank)]", "cards withdrawn before the deal", "foundations"),
    "setup.cards": _K("list[card]", "the withdrawn cards named with their suits", "foundations"),
    "setup.before_play": _K("bool", "the withdrawing happens before the deal", "foundations"),
    "setup.aside": _K("(count, rank)", "cards put out of play («откладывают»)", "deck"),
    "setup.centre": _K("bool", "a card laid in the centre", "deck"),
    "setup.centre_alone": _K("bool", "the centre card takes no part in play", "deck"),
    # -- foundations ----------------------------------------------------------------------
    "foundation.cards": _K("list[rank]", "the ranks that begin the foundations", "foundations"),
    "foundation.count": _K("int", "how many foundations", "foundations"),
    # two concepts, not one: `one_each` makes a foundation per rank, each with its own base,
    # way and last card; `ranks` names the cards one group of foundations is begun by and
    # takes them out (the Clock's, round the hours). Read one as the other, the corpus's
    # Clock falls from F1 0.955 to 0.438, or a development passage changes (tidy-4)
    "foundation.one_each": _K(
        "list[rank]",
        "one foundation each, begun by these ranks in order («на первую туза …», «туз, двойка …»)",
        "foundations",
    ),
    "foundation.anaphor": _K("bool", "«это основные карты»: the cards just named", "foundations"),
    "foundation.ranks": _K(
        "list[rank]",
        "the cards, one a rank, taken out to begin one group of foundations (the Clock)",
        "foundations",
    ),
    "foundation.direction": _K("{base, direction}", "the way a foundation is built", "foundations"),
    "foundation.last": _K("{base, last}", "the card that completes a foundation", "foundations"),
    "foundation.group": _K(
        "{base, direction, last, start, count}", "one group of foundations", "foundations"
    ),
    "foundation.hours": _K("bool", "foundations round a clock face", "foundations"),
    "foundation.any_base": _K("bool", "begun with a card of any rank", "foundations"),
    "foundation.same_rank": _K("bool", "all begun by the first card's rank", "foundations"),
    "foundation.suit": _K("str", "colours alternate on the foundations", "foundations"),
    "foundation.step": _K("int", "ranks apart on a foundation («через одну»: 2)", "foundations"),
    "foundation.wrap": _K("bool", "a king is followed by an ace on them", "foundations"),
    "suit.same": _K("bool", "in suit («в масть», «той же масти»)", "foundations"),
    "suit.any": _K("bool", "regardless of suit", "foundations"),
    "cond.laid_as_they_come": _K(
        "{rank, count}", "cards laid out as they turn up (begin foundations)", "foundations"
    ),
    "deal.first_foundation": _K("bool", "the next card dealt is the first base", "foundations"),
    # -- layout ---------------------------------------------------------------------------
    "tableau.shape": _K("{noun, count}", "the layout's piles: noun and number", "layout"),
    "avail.top": _K("str", "only a pile's top card is available (when)", "layout"),
    "avail.all": _K("int", "every card of the pile numbered N is available", "layout"),
    "layout.side": _K("bool", "places beside each foundation card («боком»)", "layout"),
    "layout.corner": _K("bool", "places at the corners («прямо»)", "layout"),
    "reserve.named": _K("noun|None", "a group named a reserve (gives cards only)", "layout"),
    "reserve.each": _K("noun", "«в каждой резервной стопке»: several reserve piles", "layout"),
    "reserve.one_card": _K(
        "noun", "«в каждом углу … только одна карта»: places that only ever hold one card", "layout"
    ),
    "reserve.counted": _K(
        "{noun, count}", "«четыре стопки резерва»: the reserve's piles, no deal said", "layout"
    ),
    "reserve.cards": _K("int", "the reserve's number of cards", "deal"),
    "reserve.only_foundations": _K("bool", "the reserve plays to foundations only", "moves"),
    "cells": _K("int", "cells holding one card each", "stock"),
    "cells.dealt": _K("int", "the cells dealt one card each after the layout", "deal"),
    # -- stock ----------------------------------------------------------------------------
    "talon": _K("{marriage}", "a talon formed from the stock", "stock"),
    "talon.named": _K("bool", "a talon spoken of", "stock"),
    "talon.none": _K("bool", "no talon", "stock"),
    "talon.piles": _K("int", "the talon kept in N waste piles", "layout"),
    "turn.count": _K("int|None", "cards turned from the stock at a time", "moves"),
    "turn.recycle": _K("int|'unlimited'", "times the talon becomes the stock again", "moves"),
    "turn.back": _K("bool", "the talon turned back into the stock, how often unsaid", "stock"),
    "turn.back_times": _K(
        "int",
        "«так можно делать N раз»: how often the act before is done (the talon turned "
        "back; the redeal area reads it after a deal again)",
        "stock",
    ),
    "count.match": _K("{face}", "cards whose rank matches the count are exiled", "stock"),
    "count.deal": _K("bool", "counting aloud while dealing", "deal"),
    "count.replace": _K("bool", "an exiled card is replaced from the pack", "deal"),
    # -- deal -----------------------------------------------------------------------------
    "deal.round": _K("int", "rounds of one card to every pile", "deal"),
    "deal.per_pile": _K("int", "cards each pile gets", "deal"),
    "deal.last_holds": _K("int", "«пока в последней стопке не окажется N карт»: the end", "deal"),
    "deal.more": _K("int", "«ещё по N карт на каждую»: cards more after the share before", "deal"),
    "deal.even_share": _K("int", "N cards dealt into M piles: N/M each", "deal"),
    "deal.layout_total": _K(
        "int", "N cards dealt into the whole layout, its piles counted elsewhere", "deal"
    ),
    "deal.rows_said": _K("int", "dealt in N rows, no cards each: N rounds over piles said", "deal"),
    "deal.one_each": _K("bool", "dealt one card to each pile in turn", "deal"),
    "deal.until_empty": _K("bool", "dealt until the pack is out", "deal"),
    "deal.all_in_stock": _K("bool", "the whole pack starts in the stock: no layout dealt", "deal"),
    "deal.reserve_rows": _K("bool", "the stock deals the reserve's piles a row", "deal"),
    "deal.face": _K("str", "the face of the cards dealt", "deal"),
    "stock.cards": _K("int", "the cards left in the stock, counted", "deck"),
    "build.between": _K("bool", "cards move from pile to pile (no way said)", "moves"),
    "tableau.count_said": _K(
        "{noun, count}", "a numeral with a pile noun, no deal said (the layout's at most)", "layout"
    ),
    "deal.uneven": _K("{first, more, rest}", "the first N piles get M cards, the others R", "deal"),
    "deal.first_most": _K(
        "{first, more}", "the first N piles get M cards, the most of a staircase", "deal"
    ),
    "deal.face_first": _K("int", "the first N cards of a pile face down", "deal"),
    "deal.layers": _K("{faces, alternate}", "the faces of the rounds in order", "deal"),
    "deal.triangle": _K("bool", "round r deals to piles r..n", "deal"),
    "deal.next_round": _K("bool", "the next round comes when play is stuck", "deal"),
    "deal.play_rank": _K("rank", "cards of this rank are played while dealing", "deal"),
    "deal.keep_order": _K("bool", "empty piles are still dealt to", "deal"),
    "deal.corners_anywhere": _K("bool", "a corner card goes to any foundation in the deal", "deal"),
    "deal.sides_adjacent": _K("bool", "a side card goes to its foundation in the deal", "deal"),
    "play.during_deal": _K("bool", "cards are played while dealing", "deal"),
    "shift.after_deal": _K("bool", "cards move from place to place after the deal", "deal"),
    # -- moves ----------------------------------------------------------------------------
    "build.direction": _K("str", "building on the layout: up, down or both", "moves"),
    "build.suit": _K(
        "str",
        "building on the layout: alternate or different colours; any: another suit allowed too",
        "moves",
    ),
    "build.empty": _K("rank or ranks", "only this rank (or these) goes into a space", "moves"),
    "build.run": _K("bool", "whether runs move whole", "moves"),
    "build.wrap": _K("bool", "an ace may be followed by a king on the layout", "moves"),
    "marry.none": _K("bool", "no building on the layout", "moves"),
    "marry.middle": _K("bool", "building only in the middle circles", "moves"),
    "marry.from_tableau_only": _K("bool", "building from layout cards only", "moves"),
    "marry.inner_play_only": _K("bool", "a freed inner card only plays", "moves"),
    "shift.suit": _K("bool", "shifting in suit", "moves"),
    "shift.not_from_foundation": _K("bool", "nothing is taken back from foundations", "moves"),
    "route": _K("bool", "an exile goes under the pile of its rank", "moves"),
    "route.by_rank": _K("(rank, ord)", "an example of the route by rank", "moves"),
    "route.chain": _K("str", "the routed card's chain", "moves"),
    "route.position": _K("str", "where the routed card goes in its pile", "moves"),
    "route.when_stuck": _K("bool", "routing when no play is left", "moves"),
    "route.repeat": _K("bool", "routing goes on until the exiles are out", "moves"),
    "exchange": _K("int|None", "cards exchanged between up and down foundations", "moves"),
    # -- fill -----------------------------------------------------------------------------
    "fill.sources": _K("list[kind]", "where a space's card comes from", "fill"),
    "fill.not_from": _K("list[kind]", "where it does not come from", "fill"),
    "fill.from_hand": _K("bool", "spaces filled from the hand while dealing", "deal"),
    "fill.at_once": _K("bool", "a space is filled at once", "fill"),
    "fill.timing": _K("str", "when a space is filled", "fill"),
    "fill.up_to": _K("int", "a space is filled up to N cards", "fill"),
    "fill.full": _K("bool", "a space is filled to the deal's count", "fill"),
    "fill.order": _K("str", "the order spaces are filled in", "fill"),
    "fill.lane": _K("int", "a deep card may go into a space", "fill"),
    "fill.lane_condition": _K("bool", "the condition of that", "fill"),
    "fill.none": _K("bool", "spaces are not filled", "fill"),
    "fill.none_during_deal": _K("bool", "not filled during the deal", "fill"),
    # -- redeal ---------------------------------------------------------------------------
    "redeal.deals": _K("int", "deals in all", "redeal"),
    "redeal.again": _K("bool", "dealt again (once more)", "redeal"),
    "redeal.fewer": _K("int", "each deal again gives each pile N cards fewer", "redeal"),
    "redeal.pass": _K("int", "one more pass of the deal, of N cards («потом по три»)", "redeal"),
    "redeal.none": _K("bool", "no second deal", "redeal"),
    "redeal.of_deck": _K("bool", "what is dealt again is the pack", "redeal"),
    "redeal.gather": _K("bool", "the layout's piles are gathered", "redeal"),
    "redeal.gather_halves": _K("int", "gathered in two halves of N piles", "redeal"),
    "redeal.gather_between": _K("int", "with pile N between them", "redeal"),
    "redeal.shuffle": _K("bool", "shuffled before dealing again", "redeal"),
    "redeal.unless_won": _K("bool", "dealt again unless won", "redeal"),
    "redeal.when": _K("bool", "dealt again when nothing can be done", "redeal"),
    # -- goal -----------------------------------------------------------------------------
    "win.cleared": _K("bool", "won when the layout is cleared («убрать все карты»)", "goal"),
    "win.foundations": _K("bool", "won when every card is on the foundations", "goal"),
    "win.face_up": _K("bool", "won when every card is face up («все карты открыты»)", "goal"),
    "claim.difficulty": _K("str", "what the book says of its chances", "goal"),
    # frames: conditions the spec assumes (the field named is the one they confirm)
    "cond.stuck": _K("bool", "«когда ходов нет»", "goal", "redeal.when"),
    "cond.after_deal": _K("bool", "«когда все карты разложены»", "goal", "moves.play.phase"),
    "cond.all_dealt": _K("bool", "«колоды в руках не остается»", "goal", "moves.play.phase"),
    "cond.stock_out": _K("bool", "«когда колода выйдет»", "goal", "redeal.when"),
    "cond.all_but": _K(
        "int", "the deal leaves N cards over (said later where)", "goal", "deal.*.to"
    ),
    "cond.come_into_play": _K("bool", "«когда они выйдут в игру»", "goal", "moves.play"),
    "cond.fits": _K("bool", "«если подходит»: a play when it fits", "goal", "moves.play"),
    "cond.foundation_final": _K(
        "bool", "a card on a foundation is not taken back", "goal", "moves.play.to"
    ),
    "cond.in_order": _K("bool", "«если лежат по порядку»", "goal", "moves.marry.build"),
    "cond.proper_run": _K("bool", "«если составляют ряд»", "goal", "moves.marry.build"),
    "cond.must_fill": _K("bool", "a space may not stay empty", "goal", "fill.*"),
    "cond.nothing_else": _K("bool", "nothing else fills a space", "goal", "fill.*"),
    "cond.pile_emptied": _K("bool", "«когда кучка опустеет»", "goal", "fill.*"),
    "cond.progress": _K("bool", "«пока игра идёт»", "goal", "moves.play"),
    "cond.talon_top": _K("bool", "only the talon's top card plays", "goal", "moves.turn"),
    "deal.start_top": _K("bool", "the deal starts at the top, left to right", "goal", "deal.*.to"),
    # -- sentence -------------------------------------------------------------------------
    "deal.layer": _K("{face, rounds}|{at, alternate}", "one layer of a layered deal", "sentence"),
    "deal.rows_of": _K("(rows, per)", "«N рядов по M карт»", "sentence"),
    "deal.rows_total": _K("int", "«N карт в R рядов по M»: the cards the rows hold", "sentence"),
    "deal.last_pile": _K(
        "int|None", "the last card (by its number) makes one more pile", "sentence"
    ),
    "example.direction": _K("str", "an example's direction (building or foundations)", "sentence"),
    "example.last": _K("rank", "an example's last card", "sentence"),
    "example.colours": _K(
        "str", "an example's two named suits are of two colours (alternate)", "sentence"
    ),
    "example.wrap": _K("bool", "an example that wraps king to ace", "sentence"),
    "places.count": _K("int", "N places (cells if each holds one card)", "sentence"),
    "places.one_card": _K("bool", "each place holds one card", "layout"),
    "range.to": _K("{from, to, way}", "a range of ranks no island read", "sentence"),
    "repeat.times": _K("int|'unlimited'", "«это разрешается N раз»", "sentence"),
    "play.as_they_come": _K("rank", "a rank played as it comes («тузы играют …»)", "sentence"),
    "play.after_row": _K("bool", "no play until a row is dealt", "sentence"),
    # -- coverage -------------------------------------------------------------------------
    "ref.figure": _K("int|None", "a figure of the book", "coverage"),
    "ref.rule": _K("list[roman]", "a rule of the book referred to", "coverage"),
}


def declared(key: str) -> Key:
    """The declaration of `key`; a KeyError names an undeclared key (a defect)."""
    return VOCABULARY[key]


FRAMES = {k: v.confirms for k, v in VOCABULARY.items() if v.confirms}
