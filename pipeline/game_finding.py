"""Which stretches of a read text are games, or why the text holds none (issue 18 §2: a
refusal only means the text states no rule content, and its message says which case it is).

The segmenter cuts a text into stretches; here they are weighed as games with the grammar's
help (a lone sentence's facts, the facts of a short text, of a description of controls), so
this stands above both `pipeline.segment` and `pipeline.extract`: the stretches kept, a
short or spread-out rule text taken whole, and each kind of text that states no rule
refused with its case.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from pathlib import Path

from pipeline.errors import DataError
from pipeline.extract.facts import sentence_facts
from pipeline.extract.vocabulary import VOCABULARY
from pipeline.segment.finding import (
    SENTENCE,
    about_game,
    about_games,
    blocks,
    is_furniture,
    is_subheading,
    names_no_game,
    no_game_reason,
    only_talk,
    other_game,
    rule_sentence,
    running_sentences,
    running_spans,
    stated_rules,
    states_rules,
    title_like,
)
from pipeline.segment.finding_kinds import (
    card_games_case,
    definition_case,
    kind_case,
    options_case,
    players_game_case,
    trick_case,
)
from pipeline.segment.fold import fold
from pipeline.segment.known import KnownGames
from pipeline.segment.model import WGame
from pipeline.segment.named_values import construct_statement, statement
from pipeline.segment.rule_content import (
    controls_case,
    firm,
    n_of,
    no_rule_case,
    quote,
    scores_case,
    story_case,
    text_case,
)
from pipeline.segment.segmenter import segment, whole_game
from pipeline.segment.story import first_reading, told_of_person
from pipeline.text import NormalizedText

# Sections that make a stretch of text a game (plain prose has none of them).
STRUCTURE = frozenset({"decks", "rules", "rule", "caption"})


def _has_structure(g: WGame, filled: bool = False) -> bool:
    """A deck line, rules, a caption or a play heading among the game's sections (`filled`:
    only one with sentences under it)."""
    return any(
        (s.sentences or not filled) and (s.kind in STRUCTURE or (s.kind == "play" and s.heading))
        for s in g.sections
    )


def is_game(g: WGame, known: KnownGames) -> bool:
    """A known game's title, structure (a deck line, rules, a caption, a play heading), or
    text that states rules (`finding.states_rules`); running text that states none (a
    known title over nothing but talk about the game: `finding.only_talk`; a
    preface, an article's introduction, a page of menus) is not a game, nor is a heading
    with nothing under it (`Игра` above the next game's title)."""
    structure = _has_structure(g)
    if g.id_from == "title" and known.by_id(g.id) is not None:
        return structure or not only_talk(g)
    if not any(s.sentences for s in g.sections if s.kind != "title"):
        return False
    return structure or states_rules(g) or _built(g)


# The rules a program's constructs must state under its title to make it a game.
BUILT_RULES = 2


def _built(g: WGame) -> bool:
    """Whether a titled stretch of a program states its rules in its code (`deal_piles =
    10.`, `deal_first_4_by_6_rest = 5.` under `// Spider Solitaire - Пасьянс Паук`): what
    the program does under the name of its game, where no comment says a rule in words. A
    setting's value (`COLS = 10.`) is no such rule (`named_values.construct_statement`)."""
    if not g.title or g.id_from != "title":
        return False
    said = {
        u.text.strip().split("=")[0].strip()
        for sec in g.sections
        if sec.kind != "title"
        for u in sec.sentences
        if construct_statement(u.text.strip())
    }
    return len(said) >= BUILT_RULES


def _page_heading(g: WGame) -> bool:
    """A game headed by a heading that names no game (`finding.names_no_game`) whose text
    states fewer rules than an untitled game's must, and no program's named values (a
    mode's name key, `name: 'Классический'`, over its `drawCount: 3`)."""
    generic = bool(g.title) and g.id_from == "title" and names_no_game(g.title or "")
    return (
        generic
        and not _has_structure(g, filled=True)
        and not states_rules(g, untitled=True)
        and not _stated(g)
    )


# Spec areas a lone sentence must speak of to be a game's rules by itself, or rules of play
# (of these areas) it must state.
ONE_SENTENCE_AREAS = 2
PLAY_AREAS = frozenset({"moves", "fill", "foundations", "redeal"})


# A title line as the reading text keeps a name key's value (a stop before it may end the
# statement before: `. «Вегасский»`).
_KEYED = re.compile(r"^(?:\.\s*)?«[^«»]+»$")


def _stated(g: WGame) -> set[str]:
    """The kinds of rule a game's program statements state (`drawCount= 3.`: draw)."""
    return {
        said[0]
        for sec in g.sections
        if sec.kind != "title"
        for u in sec.sentences
        if (said := statement(u.text.strip())) is not None
    }


def _modes(found: list[WGame], games: list[WGame]) -> list[WGame]:
    """The games of a program's objects beside the games found (`games`), in text order: an
    object titled by its name key (`name: 'Вегасский'`, one object per mode of play or per
    game of a collection) whose only rules are its named values (`drawCount: 1`) is a game
    of its own when a game found states rules of the same kinds by the same means. Alone,
    a program's values are never a game (`finding.stated_rules`)."""
    kinds = set().union(*(_stated(g) for g in games))
    return [g for g in found if g in games or (_name_keyed(g) and _stated(g) & kinds)]


def _name_keyed(g: WGame) -> bool:
    """Whether a game's title is a program's name key as the reading text keeps it, in
    quotes on its line (`«Вегасский»`, `code.reading_text`)."""
    heads = [u.text for sec in g.sections if sec.kind == "title" for u in sec.sentences]
    return bool(g.title) and g.id_from == "title" and bool(heads) and bool(_KEYED.match(heads[0]))


def _modern(nt: NormalizedText, a: int, b: int) -> str:
    """The modern projection of clean characters [a, b) (the grammar reads modern text)."""
    ra, rb = nt.text_map.raw_span(a, b)
    starts = nt.modern_map.starts
    return nt.modern[bisect_left(starts, ra) : bisect_left(starts, rb)]


def _one_full_rule(nt: NormalizedText) -> int | None:
    """Whether a text with no title and one sentence that states rules (a card's caption, a
    one-line description: «Пасьянс раскладывается одной колодой в семь столбцов, на пустое
    место кладут только короля») states rules all the same: the grammar reads facts of
    two spec areas or more in that sentence and the two sentences after it (a rule said in
    pieces, perhaps a line each: «…для короля — пустое место нужно. Черное к красному — в самый
    раз.»), or two rules of play (`PLAY_AREAS`: two keys, a space and a building suit). One
    area of layout (a count of packs, a triangle named in passing) is what an article says
    about a game, not its rules. The end of the last sentence read, or None."""
    spans = stated_rules(nt, minimum=1)
    if len(spans) != 1:
        return None
    # the sentences after it as the text has them, a bulleted line too (furniture to the
    # finder), but not a name on a line of its own (`Свободная ячейка` under `Похожие статьи`)
    a, b = spans[0]
    after = [
        m.span()
        for m in SENTENCE.finditer(nt.text, b)
        if (t := m.group().strip(" \n•·-–—*")) and t[-1] in ".!?…" and not is_furniture(t)
    ]
    near = [(a, b), *after[:2]]
    keys: set[str] = set()
    end = b
    for x, y in near:
        facts, _ = sentence_facts(_modern(nt, x, y))
        said = {f.key for f in facts if f.key in VOCABULARY}
        end = y if said - keys else end
        keys |= said
    areas = {VOCABULARY[k].area for k in keys} - {"sentence", "coverage"}
    play = {k for k in keys if VOCABULARY[k].area in PLAY_AREAS}
    enough = len(areas) >= ONE_SENTENCE_AREAS or len(play) >= ONE_SENTENCE_AREAS
    return end if enough else None


# A sentence said by «я» (`сколько игр и их секретов я смогу тебе открыть`), or one that
# talks of a game's name or what is said of it (`Считается, что название связано с формой
# карт, которые раскладываются в виде треугольника`): a narrator's or an article's, no
# evidence that a short text states rules. A card «названа» (called out in play: `пока
# какая-либо из карт не будет названа правильно`) is no name of the game.
_NOT_EVIDENCE = re.compile(r"(?<!\w)(?:я|названи\w*|называ\w*|считается|говорят|легенд\w*)(?!\w)")


# A capitalised infinitive right after a small letter and a space: commands' labels run
# together (three of them make a list of a program's commands, not a sentence).
_LABEL_RUN = re.compile(r"(?<=[а-яё] )[А-ЯЁ][а-яё]+ть(?:ся)?(?![а-яё])")


def _evidence(nt: NormalizedText, a: int, b: int) -> bool:
    """Whether the sentence at [a, b) gives evidence that a short text states rules: firm
    evidence (`rule_content.firm`) or a rule's fact the grammar reads, said by no narrator,
    not of the game's name (`_NOT_EVIDENCE`) and not told of a person in the past
    (`story.told_of_person`: `Играл он … то на распасах два туза заимеет`), and no
    run of labels (`Начать игру Раздать карты Переместить карту Отменить ход`: a program's
    commands read as one sentence)."""
    s = nt.text[a:b]
    if len(_LABEL_RUN.findall(s)) >= 3:
        return False
    if told_of_person(s) or (_NOT_EVIDENCE.search(fold(s)) and firm(s) != "count"):
        return False  # (a count of packs or piles is a rule, whatever else is said)
    return bool(firm(s)) or bool(_rule_facts([_modern(nt, a, b)]))


def _said(nt: NormalizedText) -> list[str]:
    """A text's running sentences, titles and subheadings aside."""
    return [s for s in running_sentences(nt) if not (title_like(s) or is_subheading(s))]


def _short_rules(nt: NormalizedText, program: bool = False) -> bool:
    """Whether a text with too few rule sentences for an untitled game
    (`finding.UNTITLED_RULES`) is a short rule text all the same: one of them gives firm
    evidence of a rule (`rule_content.firm`: a count, the goal, an order of cards, a verb
    frame with a card or place; or the grammar reads a rule's fact in it), and they are at
    least a third of its sentences (headings aside). A rule said in one or two sentences
    (`Тузы кладут на основания.`) is a game's rules; an article that names cards with a move
    once among many sentences of talk is an introduction, refused as one (`_evidence`). A
    program's comments are no article's talk (`program`: no share asked of them)."""
    spans = stated_rules(nt, minimum=1)
    if not spans or (not program and _introduction(nt, spans)):
        return False
    return any(_evidence(nt, a, b) for a, b in spans)


def _introduction(nt: NormalizedText, spans: list[tuple[int, int]]) -> bool:
    """Whether a text whose rule sentences are `spans` is an introduction: they are fewer
    than a third of its sentences (an article that names cards with a move once among
    many sentences of talk)."""
    return 3 * len(spans) < len(_said(nt))


# A card, a pack or a place of the game named (not «пасьянс» nor a suit alone: `Пасьянс Паук
# Одна масть` is a menu's item, `играть в пасьянс один раз в месяц` a statistic).
_THING_NAMED = re.compile(
    r"(?<!\w)(?:карт(?!очн)|колод|туз|корол(?!ев)|дам[аыуе]?(?!\w)|валет|стопо?к|столб|колон"
    r"|куче?к|ряд|основани|резерв|ячей|ячеек|талон|прикуп)"
)
# A king who reigned (`короля Франции Людовика XIII`): no card (a suit is one's: `короля Пик`).
_REIGNING = re.compile(r"(?i:корол\w*)\s+(?!(?i:пик|треф|черв|бубе|бубн))[А-ЯЁ][а-яё]+")


# A cross-reference (`Смотрите Основание.`, `См. также …`): a glossary's, no rule.
_SEE = re.compile(r"^(?:смотрите|смотри|см\.?)(?!\w)")


def _label_run(s: str) -> bool:
    """A run of capitalised words (`Играть Пасьянс Паук бесплатно`, `Пасьянс Паук Одна
    масть`): a menu's items run together, no sentence."""
    words = re.findall(r"[А-Яа-яЁё]+", s)
    return len(words) >= 3 and 2 * sum(w[0].isupper() for w in words) >= len(words)


def _predicated(s: str) -> bool:
    """Whether a sentence has a finite verb, an infinitive or a predicative (`заменяются`,
    `можно переложить`), not only a participle (`Первая карта, переложенная на основание`
    defines a glossary's term: it states no rule)."""
    return any(
        first_reading(w).tag.POS in ("VERB", "INFN", "PRED")
        for w in re.findall(r"[а-яё]+", fold(s))
    )


def _firm_rules(nt: NormalizedText) -> list[tuple[int, int]]:
    """The sentences of a short text with no game that state rules when firm evidence is
    counted too: `stated_rules` (a thing of the game with an act, a count) and every
    sentence that names a card, a pack or a place (`_THING_NAMED`) and gives evidence of a
    rule (`_evidence`: firm evidence, or a rule's fact the grammar reads) though its words
    are none the finder lists (`Снятые карты с четырех углов заменяются новыми из колоды`,
    `В обоих столбцах одинаковое количество карт — по 10 штук`; a verb frame said by a
    verb, not a participle alone: `_predicated`); none where the text is an
    introduction (`_introduction`), as `_short_rules` asks (a fragment of a rule page, a
    quoted piece of it, is its rules; an article's one such sentence among talk is not)."""
    spans = stated_rules(nt, minimum=1)
    more = [
        (a, b)
        for a, b in running_spans(nt)
        if (a, b) not in spans
        and not title_like(s := nt.text[a:b])
        and not is_subheading(s)
        and not about_game(s)
        and not about_games(s)
        and not _label_run(s)
        and not _SEE.match(fold(s.strip()))
        and _THING_NAMED.search(fold(_REIGNING.sub(" ", s)))
        and _evidence(nt, a, b)
        and (firm(s) != "frame" or _predicated(s))
    ]
    ruled = sorted({*spans, *more})
    if not more or _introduction(nt, ruled):
        return []
    return ruled


def _reason(nt: NormalizedText) -> str:
    """Why a text holds no game: `finding.no_game_reason`, but where the finder would say it
    states too little, which case it is: an introduction (a sentence or two that name cards
    with a move among many that talk about the game) or a mention (no count, goal, order of
    cards nor a place they go to in any of them)."""
    said = _said(nt)
    rules = [s for s in said if rule_sentence(s) and not about_game(s) and not about_games(s)]
    if not rules:
        why = no_game_reason(nt)
        running = running_sentences(nt)
        ruled = [s for s in running if rule_sentence(s)]
        if why.startswith("the text states too little") and not any(firm(s) for s in ruled):
            # a heading's words that name a card with an act (`Организация работы
            # мертвятника`) are no rule: «too little» would say the text states some
            return _mentions_only(ruled, len(running))
        return why
    shown = quote(rules[0])
    verb = "names" if len(rules) == 1 else "name"
    if 3 * len(rules) < len(said):
        return (
            f"the text is an introduction or an article about a game, not its rules "
            f"({n_of(len(rules), len(said))} {verb} cards or places with a move: {shown}; the "
            "others talk about the game)"
        )
    if all(told_of_person(s) for s in rules):
        return (
            f"the text tells a story, not a game's rules ({n_of(len(rules), len(said))} {verb} "
            f"cards or places only as what a person did: {shown})"
        )
    if not any(firm(s) and not _NOT_EVIDENCE.search(fold(s)) for s in rules):
        talk = sum(rule_sentence(s) and (about_game(s) or about_games(s)) for s in said)
        more = f"; {talk} more only talk about games" if talk else ""
        return _mentions_only(rules, len(said), more)
    return no_game_reason(nt)


def _mentions_only(rules: list[str], n: int, more: str = "") -> str:
    """The refusal of a text of `n` sentences whose `rules` name cards or places with a
    move, none of them firm evidence of a rule (`rule_content.firm`)."""
    verb = "names" if len(rules) == 1 else "name"
    return (
        f"the text only mentions cards and play, and states no rule "
        f"({n_of(len(rules), n)} {verb} cards or places with a move: {quote(rules[0])}, "
        f"none a count, goal, order of cards or place they go to{more})"
    )


def _game_sentences(g: WGame) -> list[str]:
    """The sentences of a game's text, its title aside."""
    return [u.text for sec in g.sections if sec.kind != "title" for u in sec.sentences]


def _game_modern(g: WGame) -> list[str]:
    """The modern projections of a game's sentences, its title aside."""
    return [u.modern for sec in g.sections if sec.kind != "title" for u in sec.sentences]


def _rule_facts(sentences: list[str]) -> int:
    """Facts of a rule's area the grammar reads in sentences."""
    n = 0
    for s in sentences:
        facts, _ = sentence_facts(s)
        n += sum(
            1
            for f in facts
            if f.key in VOCABULARY and VOCABULARY[f.key].area not in ("sentence", "coverage")
        )
    return n


def no_rule(g: WGame, listed: bool) -> str | None:
    """Which kind of text that states no rule a game is (`rule_content.no_rule_case`,
    `rule_content.controls_case`), or None. `listed`: the text names other things under
    headings that head no game (a list of a site's games or programs)."""
    said = _game_sentences(g)
    return (
        no_rule_case(said, g.title, listed=listed)
        or controls_case(said, _rule_facts)
        or kind_case(said)
        or definition_case(said, _rule_facts)
        # (the grammar reads the modern projection: a pre-reform «исключеніе» is no marker)
        or story_case(said, lambda _: _rule_facts(_game_modern(g)))
    )


def _other_named(said: list[str]) -> str | None:
    """A text that names a game that is no patience (`finding.other_game`) in two
    sentences or more and never a patience: an article about it (`Преферанс присутствует во
    многих литературных произведениях`), whose rules, if any, are not a patience's."""
    if any(re.search(r"(?<!\w)пасьянс", fold(s)) for s in said):
        return None
    named = [name for s in said if (name := other_game(s))]
    if len(named) < 2:
        return None
    return (
        f"the text is about another game («{named[0]}», named in {n_of(len(named), len(said))}), "
        "not a patience, and states none of a patience's rules"
    )


def _patience_title(g: WGame, known: KnownGames) -> bool:
    """Whether a game's title names a patience: a known game's, or one that says «пасьянс»."""
    if not g.title or g.id_from != "title":
        return False
    return known.by_id(g.id) is not None or bool(re.search(r"(?<!\w)пасьянс", fold(g.title)))


# A card or a pack named (a fact the grammar reads where none is is no rule: `пласт теста
# … переворачивают швом вниз`, a recipe's).
_CARD_NAMED = re.compile(
    r"(?<!\w)(?:карт(?!очн)|колод|туз|корол(?!ев)|дам[аыуе]?(?!\w)|валет|маст|пасьянс)"
)


def _evidenced(g: WGame) -> bool:
    """Whether a game's text states a rule: a sentence that gives firm evidence of one
    (`rule_content.firm`) or a rule's fact the grammar reads in a sentence that names a
    card or a pack."""
    said = _game_sentences(g)
    if any(firm(s) for s in said):
        return True
    pairs = zip(said, _game_modern(g), strict=True)
    return _rule_facts([m for s, m in pairs if _CARD_NAMED.search(fold(s))]) > 0


def _unruled(games: list[WGame]) -> str:
    """Why games found that state no rule (`_evidenced`) are none, for the refusal."""
    said = [s for g in games for s in _game_sentences(g)]
    rules = [s for s in said if rule_sentence(s)]
    if not rules:
        return (
            f"the text states no rule of a patience game (none of its {len(said)} sentences "
            "lays out cards, moves them or names a goal)"
        )
    return _mentions_only(rules, len(said))


def _other_heading(nt: NormalizedText, others: list[WGame]) -> str | None:
    """The game that is no patience a text's games or headings name (`== Лото ==` over a
    program's docstring), when none of its headings names a patience."""
    if others:
        return other_game(others[0].title)
    heads = [
        nt.text[a:b].strip(" =#*")
        for a, b in blocks(nt.text)
        if b - a <= 60 and not nt.text[a:b].rstrip().endswith((".", ",", ";"))
    ]
    if any(re.search(r"(?<!\w)пасьянс", fold(h)) for h in heads):
        return None
    return next((name for h in heads if (name := other_game(h))), None)


def find_games(
    nt: NormalizedText,
    reading: str,
    text: str,
    path: Path,
    known: KnownGames,
    *,
    program: bool,
    wrong: DataError | None = None,
) -> list[WGame]:
    """The games of a normalized text (`reading`: the text as its reader sees it, before
    normalizing; `text`: the file's; `program`: read as program source), or a DataError
    naming `path` and the case of a text that holds none. `wrong`: the refusal to raise
    when no game is found in a text of the wrong language's lines (its Russian lines read)."""
    found = segment(nt, path.name, known, program=program)
    games = [g for g in found if is_game(g, known)]
    if program and games:
        games = _modes(found, games)
    listed = sum(bool(g.title) for g in found if g not in games) >= 2
    # a stretch headed by the name of a game that is no patience (`== Лото ==`), or stating
    # the rules of a game played against others (trumps, tricks: Дурак among a store's games)
    others = [g for g in games if other_game(g.title)]
    against = {id(g): why for g in games if (why := players_game_case(g.title, _game_sentences(g)))}
    games = [g for g in games if g not in others and id(g) not in against]
    if games and not program and not any(_patience_title(g, known) for g in games):
        # the whole text, where no title found names a patience: a game played against
        # others or a card trick whose signs the segmenter cut into stretches apart (`Набор
        # карт`, `Козырная масть`, `Бито`: one page on Durak)
        said = _said(nt)
        if (case := players_game_case(None, said) or trick_case(said)) is not None:
            raise DataError(f"no Russian patience game found: {case}", path=str(path))
    if len(games) > 1:
        # a site's name or a page's heading over the introduction of the page's game
        # (`Мир пасьянсов — всё о карточных играх`, then `Часы` and its rules): no game
        # of its own unless it states rules as an untitled stretch must
        games = [g for g in games if not _page_heading(g)] or games
    untitled = all(not g.title for g in games)
    if untitled and (other := _other_heading(nt, others)):
        raise DataError(
            "no Russian patience game found: the text states the rules of another game "
            f"(«{other}»), not of a patience",
            path=str(path),
        )
    if not games and against:
        why = next(iter(against.values()))
        raise DataError(f"no Russian patience game found: {why}", path=str(path))
    if not games and (whole := whole_game(nt, path.name, known, program=program)) is not None:
        games = [whole]  # rules spread over stretches none of which is a game alone
    if not games and (until := _one_full_rule(nt)) is not None:
        games = [g for g in [whole_game(nt, path.name, known, minimum=1, until=until)] if g]
    if not games and _short_rules(nt, program):
        games = [g for g in [whole_game(nt, path.name, known, minimum=1)] if g]
    if not games and not program and (firm_spans := _firm_rules(nt)):
        # a short text's rules in words the finder does not list, unless the text is of a
        # kind that states no patience's rules (its case is named below)
        said = _said(nt)
        if not (
            no_rule_case(said, None)
            or players_game_case(None, said)
            or card_games_case(said)
            or trick_case(said)
            or _other_named(said)
        ):
            games = [g for g in [whole_game(nt, path.name, known, rules=firm_spans)] if g]
    if not games and wrong is not None:
        raise wrong
    # a whole text that names cards and rules but is no game's (a glossary, a table of
    # scores, a key map), recognised by its form and by what it lacks of a game's rules;
    # read in the lines as the source breaks them (normalizing joins a paragraph's lines)
    # (a table of scores also in the source's own cells: a table's reading drops a column
    # of numbers)
    kind = text_case(reading, _rule_facts) or (None if program else scores_case(text))
    if kind := kind or options_case(text, _rule_facts):
        raise DataError(f"no Russian patience game found: {kind}", path=str(path))
    if not games:
        said = _said(nt)
        why = (
            no_rule_case(said, None)
            or card_games_case(said)
            or trick_case(said)
            or _other_named(said)
            or _reason(nt)
        )
        raise DataError(f"no Russian patience game found: {why}", path=str(path))
    # a kind of text that states no rule (a story, a divination, a program's controls, a
    # game named in a list), recognised by what it is: refused with its case when every
    # game found is one (a game beside them keeps the text's games as they are)
    cases = [case for g in games if (case := no_rule(g, listed)) is not None]
    if len(cases) == len(games):
        raise DataError(f"no Russian patience game found: {cases[0]}", path=str(path))
    # the same kinds in the whole text: a story whose short lines read as titles (a
    # numbered list, a line in capitals) is cut into games, each too short to be told as
    # one, and none of its sentences states a rule
    said = _said(nt)
    if (case := no_rule_case(said, None) or kind_case(said)) is not None:
        raise DataError(f"no Russian patience game found: {case}", path=str(path))
    if (case := definition_case(said, _rule_facts)) is not None:
        raise DataError(f"no Russian patience game found: {case}", path=str(path))
    if not program:
        # (after the kinds above, which name their case) a game only where a rule is
        # stated: a stretch under a title that is no known patience's, none of whose
        # sentences gives firm evidence of a rule nor a fact the grammar reads (a news
        # item's headline over its text, a recipe), is no game
        ruled = [g for g in games if _patience_title(g, known) or _evidenced(g)]
        if not ruled:
            why = _unruled(games)
            raise DataError(f"no Russian patience game found: {why}", path=str(path))
        games = ruled
    return games
