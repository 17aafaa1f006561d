"""OCR post-correction of words: letters, unknown words, real-word errors, merges, case.

Every decision is made once per unique word form (a corpus repeated to megabytes has few) and
only the occurrences that need their neighbours (merges, agreement, mid-sentence capitals,
ambiguous candidates) are looked at in context. A correction's confidence is its candidate's
share of the evidence, the evidence for leaving the word as printed included; below
`CONFIDENCE_THRESHOLD` a correction is only suggested.

Scores: candidate = confusion weight x prior, where the prior grows with the domain lexicon
and the document's own frequency of the candidate; "leave it" = `KEEP_BASE` x (frequency of
the printed form, capped)^2, because an OCR slip is rarely repeated while a rare real word is.

The orthography sets how bold this is. Pre-reform text comes from OCR'd old books and the
lexicon covers their vocabulary. Modern text (a web page, a modern book) mostly comes clean,
and the words the lexicon lacks are names, loanwords and modern vocabulary: there an unknown
word is kept on more evidence (`MODERN_KEEP_SEEN`), a capitalised unknown word inside a
sentence is a name and left alone (one that begins a line of the input may begin a
sentence), and a capital letter is never lowered: web pages capitalise game names («играть в
Пасьянс Паук»), and a menu item or a heading that layout ran into the next line is no
mid-sentence capital («История карт» / «Игры»). Pre-reform text keeps lowering a capital
inside a sentence wherever it stands: the joined lines of its output must read the same on
a second pass.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

import regex

from pipeline.normalize.agreement import (
    adjective_agrees,
    antecedent_fits,
    is_adjective,
    is_noun,
    relative_parses,
)
from pipeline.normalize.brackets import semicolons_closing_brackets
from pipeline.normalize.channel import EM_CONFIDENCE, adapt, reestimate
from pipeline.normalize.confusions import ConfusionTable, _align_chars, shape_pairs
from pipeline.normalize.context import MAX_LEN as CONTEXT_LEN
from pipeline.normalize.context import ContextModel, neighbour_class, shipped_model, tokens
from pipeline.normalize.counts import count_slips
from pipeline.normalize.frequency import FLOOR, common_by_tail, zipf
from pipeline.normalize.glyphs import has_table
from pipeline.normalize.letters import fix_letters, is_roman
from pipeline.normalize.lexicon import CACHE_LIMIT, Lexicon, lexicon
from pipeline.normalize.modern import reformed_letters

CONFIDENCE_THRESHOLD = 0.6
"""A change with a lower confidence is reported (applied: false) but not made."""

KEEP_BASE = 0.12
KEEP_CAP = 4  # a slip repeated more often is a repeated text (a corpus), not a real word
MODERN_KEEP_SEEN = 2  # modern text: an unknown word weighs as if printed twice, at least
DOMAIN_BONUS = 1.0
FUNCTION_BONUS = 1.0  # a conjunction, preposition or particle as a candidate
GENERIC_WEIGHT = 0.08  # a single letter edit no confusion explains
GENERIC_KEEP_FLOOR = 0.5  # the least of a word's own evidence against such an edit
# letters of like shape in capitals only (seen, meant), small letters: Р with its bowl
# lost or faint is Г, and a Г with a speck at its arm reads Р
CAPITAL_SHAPES = frozenset({("г", "р"), ("р", "г")})
CAPITAL_SHAPE_WEIGHT = 0.3
HARD_SIGN_WEIGHT = 0.85  # pre-reform word whose final ъ was lost (из -> изъ)
RESPELL_WEIGHT = 0.9  # a domain word in modern spelling in a pre-reform text (место)
MERGE_WEIGHT = 0.8  # a word split in two by the OCR (но выми -> новыми)
SPLIT_WEIGHT = 0.25  # two words run together by the OCR (новымикартами -> новыми картами)
CASE_CONFIDENCE = 0.8  # capital letter in mid-sentence (Фигурой -> фигурой)
NAME_REPEATS = 2  # a capitalized word printed this often in mid-sentence is the print's
CAPS_RUN_WORDS = 2  # a run in capitals repeated, of this many words, is the print's
AGREEMENT_CONFIDENCE = 0.85  # a real word that breaks agreement, a neighbour that restores it
SHORT_UNKNOWN = 2  # an unknown word this short is a slip however often printed
MAX_LOST_LETTERS = 2  # letters a word may have lost at its end and still be completed
NEIGHBOUR_CONFIDENCE = 0.65  # the same neighbours elsewhere stand with the other word
RELATIVE_CONFIDENCE = 0.7  # a noun that «, который…» cannot refer to, one letter from one it can
# Two unseen slips in one word (0.1 x 0.1 x 0.3) could never reach the threshold, even
# towards the document's commonest word: not searched.
MIN_CANDIDATE_WEIGHT = 0.01
LOOKUP_WEIGHT = 0.15  # a weaker candidate is looked up only where the document or domain uses it
DOUBT_CONFIDENCE = 60  # below this OCR confidence a rare real word is questioned
SURE_CONFIDENCE = 90  # a known word read this surely is not merged into its neighbour
SURE_SHORT = 90  # the same for a word of three letters or fewer (Неа, дръ, «гъ»)
SURE_UNKNOWN = 95  # an unknown word read this surely everywhere: only some corrections
NAME_SURE = 90  # a capitalized unknown word read this surely each time…
NAME_TIMES = 2  # …and printed so this often on its page: a name (`_name_may_be`)
FUSED_SURE = 90  # a word read this surely is not cut before the particle бъ (`_fused_particle`)
_CYRILLIC_SMALL = "абвгдежзийклмнопрстуфхцчшщъыьэюяѣі"  # a first letter lost (`_capital_lost`)
CAPITAL_SURE = 80  # a capital after a comma read less surely may be a small letter read large
SHORT_CAPITAL_SURE = 85  # the same for a word of one or two letters (Въ: one glyph's size)
SMALL_SURE = 40  # a small word after a stop read less surely may be a misread capital or a speck
STOP_SURE = 95  # a word read this surely keeps its stop before a noun (`_sure_stop_before_noun`)
STOP_SURE_BACK = 90  # and this surely before a demonstrative that points back (`_POINTS_BACK`)
_POINTS_BACK = frozenset({"этот", "сей"})  # lemmas: эти, сія open a sentence on what went before
SHORT_DOUBTED = 4  # ... where it is this short: a misreading makes such a word by chance
# An unknown word the engine doubted (below CAPITAL_SURE): the lexicon and the engine both say
# the printed form is no word, so a correction that leads the other readings is made on
# this share of the evidence (the word's own included), not CONFIDENCE_THRESHOLD's
DOUBTED_UNKNOWN_SHARE = 0.3
DOUBTED_UNKNOWN_LEAD = 0.6  # the correction's share among the corrections alone
KNOWN_KEEP = 0.5  # a real word's own evidence, times its prior, against the channel's
# grammemes of a dictionary form no book of rules prints: informal, distorted, erroneous,
# slang (боле beside болѣе); archaic words (суть) are the old books' own
_MARKED = frozenset({"Infr", "Dist", "Erro", "Slng"})
MARKED_KEEP = 0.25  # such a word's own evidence, against a plain word the channel reaches
MARKED_MAX_LEN = 5  # the informal variants a slip makes are short (боле): longer words unread
RULE_MIN_WEIGHT = 0.4  # a real word is questioned only by a confusion seen or seeded
# Today's frequency of a candidate (`frequency.zipf`, by its modern spelling) shares out
# the candidates' evidence, never the printed word's: a candidate ten times as common as
# another weighs 10**FREQ_WEIGHT times as much (ееть: есть before сеть)
FREQ_WEIGHT = 0.5
TIE_RATIO = 3.0  # the readings within this factor of the best's score are weighed so
# a weak candidate (two slips, one of them unseen) that today's Russian uses this often is
# looked up where no other is found (веогда: всегда); None: never
COMMON_LOOKUP: float | None = FLOOR + 1.0
# A rare real word today's Russian hardly uses (below `frequency.FLOOR`: елевый, едать) is
# read as a word one seen confusion away that it uses this much more (Zipf, 10**0.5 = 3x:
# слѣва, сдаютъ), weighed as a doubted word is (`_uncommon`)
UNCOMMON_GAP = 0.5
CONTEXT_DOUBT = 90  # below this OCR confidence a real word's neighbours may overrule it
CONTEXT_SHARE = 0.9  # ... where the word they want has this share of the evidence
INITIAL_WEIGHT = 0.3  # a capital read as another (Кели: Если), as `CAPITAL_SHAPE_WEIGHT`
INITIAL_RARE = FLOOR + 1.5  # Zipf under which a capitalized real word may be such a slip
INITIAL_GAP = 1.0  # ... of a word this much commoner (Вели 4.4: Если 6.4)
SURE_SLIP_WORDS = 2  # a letter the document's sure corrections read as another in so many words
SURE_SLIP_PLACES = 4  # ... is tried at so many places of a word at most (2 ** 4 - 1 spellings)
SURE_SLIP_LOOKUPS = 3000  # ... with at most about so many dictionary look-ups for one word
CONTEXT_GENERIC = 0.01  # a letter no confusion of the table explains, weighed in context
PUNCT_CONFIDENCE = 0.7  # `(правило I;` -> `(правило I)`
# A document with no semicolon at all but this many colons before a small letter reads the
# typeface's semicolon as a colon (its comma-tail lost): the print sets `;` four times as
# often as `:` between clauses, and no development page's own text has so many colons and
# no semicolon (`_semicolons_read_as_colons`)
COLONS_FOR_SEMICOLONS = 4
SPECK_CONFIDENCE = 50  # a lone mark the OCR doubted more than this is a speck
SPECK_WORD_CONFIDENCE = 10  # a lone letter that is a word is a speck only below this
_SPECK_MARKS = frozenset(".,:;'\"`·_‚‘“„°^")
HYPHEN_CONFIDENCE = 0.85  # `пере-кладываютъ` inside a line: a line-end hyphen the text kept
# A paragraph holding this many words read from Latin letters (`_latin_read`), and at least
# this share of its words, is foreign text: its other words the lexicon lacks are too
FOREIGN_WORDS = 3
FOREIGN_SHARE = 0.25
# Work limits that keep a pathological input (50 MB of unique junk) from hanging.
MAX_WORD_LEN = 40
MAX_ANALYSED_UNKNOWN = 5000
MAX_GENERIC = 300
MAX_LOOKUPS = 150_000  # candidate spellings checked against the lexicon, per document

WORD = regex.compile(r"[\p{L}\p{M}]+")
# Letters of other Cyrillic alphabets that Tesseract's script model prints for Latin ones
# (ѓ f, һ h, џ u, ѕ s: `Ѕрійег` Spider, `ѕһаге` share, `оѓ` of): no Russian word, old or new,
# has them, and no engine prints them for a Russian letter, but ѕ at the end of a word after a
# consonant, where an engine prints it for ъ (`картѕ`: `orthography._HARD_LOOKS`)
_LATIN_LETTERS = regex.compile(
    r"[ѓЃһҺџЏ]|[ѕЅ](?!$)|(?<![бвгджзклмнпрстфхцчшщБВГДЖЗКЛМНПРСТФХЦЧШЩ])[ѕЅ]$"
)
_LATIN_LOOKS = frozenset("ѓЃһҺџЏѕЅ")
_PREV_WORD = regex.compile(r"[\p{L}\p{M}]+", regex.REVERSE)
_BARE_FINAL = regex.compile(r"[бвгджзклмнпрстфхцчшщ]$")
_FUNCTION_POS = frozenset({"PREP", "CONJ", "PRCL"})
# what a word before a colon that announces may be (`_semicolons_read_as_colons`)
_ANNOUNCING_POS = frozenset({"ADVB", "NPRO", "PRCL", "CONJ", "PRED"})
# the cases a preposition of the old print governs (the second genitive, locative and
# accusative counted as the first)
_CASE = {"gen2": "gent", "loc2": "loct", "acc2": "accs"}
_GOVERNS: dict[str, frozenset[str]] = {
    p: frozenset(cs.split())
    for ps, cs in (
        ("въ во на о объ обо", "accs loct"),
        ("изъ изо отъ ото до безъ для у", "gent"),
        ("къ ко", "datv"),
        ("при", "loct"),
        ("надъ надо передъ предъ", "ablt"),
        ("черезъ чрезъ про сквозь", "accs"),
    )
    for p in ps.split()
}
# the cases a preposition governs, по with its dative and locative only (по + accusative,
# по колѣно, is rare in rules): which preposition a misread one is (`_preposition_by_case`)
_PREPOSITION_CASES: dict[str, frozenset[str]] = {**_GOVERNS, "по": frozenset({"datv", "loct"})}
_VERBAL = frozenset({"VERB", "INFN", "GRND"})
# what may stand after a preposition
_NOMINAL = frozenset({"NOUN", "ADJF", "PRTF", "NPRO", "NUMR"})
_AGREEING = frozenset({"NOUN", "ADJF", "PRTF"})  # what agrees in number with an adjective
_PREDICATE = frozenset({"VERB", "ADJS", "PRTS"})  # what a pronoun subject agrees with
# what takes an infinitive after it in the clause (можно, должна, начинаютъ, класть)
_TAKES_INFINITIVE = frozenset({"PRED", "INFN", "VERB", "ADJS", "PRTS"})
_INFINITIVE_CONJ = frozenset({"чтобы", "чтобъ"})
_WORD_LETTERS = frozenset("абвгдеёжзийклмнопрстуфхцчшщъыьэюяѣіѳѵ")
_OLD_LETTERS = "ѣіѳѵъ"  # the letters an OCR model of modern Russian never learned as such
_UNLEARNED = frozenset("ѣіѳѵ")  # of those, the ones a name read right never needs put in
# nouns that take an infinitive after them (способность мыслить, право брать): the
# dictionary's lemmas (modern spelling); before a verb such a noun is its governor, not
# its subject
_INFINITIVE_NOUNS = frozenset(
    {
        "способность", "возможность", "невозможность", "необходимость", "обязанность",
        "право", "умение", "неумение", "желание", "нежелание", "стремление", "намерение",
        "попытка", "привычка", "охота", "надежда", "решение", "искусство", "позволение",
        "разрешение", "запрещение", "запрет", "предложение", "совет", "просьба", "приказ",
    }
)  # fmt: skip
# what may govern an infinitive somewhere in a sentence (`_verb_by_sentence`)
_GOVERNORS = frozenset({"VERB", "INFN", "GRND", "PRTF", "PRTS", "PRED"})
_JOINING = frozenset({"и", "а", "но", "или"})  # a clause joined to the one before
_CLAUSE_STOPS = frozenset(".!?…;:")
FINITE_AFTER_WORDS = 5  # words after a verb read for the clause's own finite verb
SENTENCE_WORDS = 30  # the sentence before a verb is read this far back, at most
_SUBJECT = frozenset({"NOUN", "NPRO"})
# what may stand between a preposition and its noun
_ATTRIBUTES = frozenset({"ADJF", "PRTF", "NUMR", "ADVB", "PRCL"})
# pronouns that stand alone after «при» (при этомъ, при томъ: thereby), no adjective there
_ADVERBIAL_PRONOUNS = frozenset({"этомъ", "томъ"})
# prepositions that never govern the genitive
_NO_GENITIVE = frozenset({"въ", "во", "на", "о", "объ", "обо", "при", "къ", "ко", "по"})
# one-letter prepositions: pre-reform spelling writes them въ, съ, къ, always
_BARE_PREPOSITIONS = frozenset({"в", "с", "к"})
_LOCATIVE_ONLY = frozenset({"при"})  # a preposition that governs the locative alone
# prepositions with the vowel of euphony, which stand only before two consonants
_EUPHONIC = frozenset({"во", "со", "ко", "обо", "изо", "подо", "надо", "предо", "передо"})
_TWO_CONSONANTS = regex.compile(r"[бвгджзйклмнпрстфхцчшщ]{2}")
_GERUND_END = regex.compile(r"(?:[иаяеуы]въ?|вши|вшись)$")  # `segment.sentences._JOINT`'s
_SMALL_NEXT = regex.compile(r" \p{Ll}")
_FEW = frozenset({"два", "три", "четыре", "оба", "полтора"})  # they count the genitive singular
_CONSONANTS = frozenset("бвгджзйклмнпрстфхцчшщ")
# the consonants before which a euphonic preposition stands alone (во весь, со своимъ, ко кому)
_OWN_CONSONANTS = {"во": "вф", "со": "сзшж", "ко": "кг", "обо": "", "изо": ""}
_EUPHONIC_CUT = regex.compile(r"(?<![\p{L}\p{M}\d.-])(во|Во|со|Со|ко|Ко|обо|Обо|изо|Изо) (?=\p{L})")
# prepositions that are no other word: a mark never stands between one and its noun
_PRIMARY_PREPOSITIONS = frozenset(
    {"для", "на", "въ", "во", "съ", "со", "къ", "ко", "изъ", "изо", "отъ", "ото", "до", "по"}
    | {"за", "подъ", "надъ", "при", "безъ", "черезъ", "объ", "обо", "предъ", "передъ"}
)
# the OCR read і as the digit one inside a word (соблюден1я -> соблюденія)
_DIGIT_I = regex.compile(r"\p{Script=Cyrillic}+1\p{Script=Cyrillic}+")
# a run of letters and digits that holds both (07ъ, 3а, 1О), and the look-alikes either way
_DIGIT_ONE = regex.compile(r"1(?=([аеёиоуыэюяѣіѵйАЕЁИОУЫЭЮЯѢІѴЙ])?)")
_LETTERS_AND_DIGITS = regex.compile(
    r"(?<![\p{L}\p{N}\p{M}])(?=[\p{L}\p{M}]*\d)(?=\d*\p{Script=Cyrillic})[\p{L}\p{M}\d]+"
    r"(?![\p{L}\p{N}\p{M})])"  # 3а) is an item's label
)
_DIGIT_BY_LETTER = regex.compile(r"\d\p{L}|\p{L}\d")  # the cheap test before the runs
_DIGIT_LETTERS = str.maketrans("03467", "озчбт")
_LETTER_DIGITS = str.maketrans("ОоЗз", "0033")  # І: a Roman numeral's; б: an item's (5б)
_ALPHABET = "абвгдежзийклмнопрстуфхцчшщъыьэюяѣі"
_PROPER = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})
_SENTENCE_END = frozenset(".!?…")
_OPENERS = " \u00a0«„“\"'(["
# a word in capitals (two letters or more) in a pre-reform text; the gap before such a word
# inside a sentence; the capitals that are also Roman-numeral glyphs (ТУ, ХІ: numerals.py)
_CAPS_WORD = regex.compile(r"\p{Lu}{2}")
# a capitalized word after a word ending in a small letter and a space (`_capital_of_print`)
_MID_CAPITAL = regex.compile(r"(?<=\p{Ll}[ \u00a0])\p{Lu}\p{Ll}+(?![\p{L}\p{M}])")
# the polite pronoun's forms in mid-sentence (after a small letter and a space, or a comma):
# a letter or a web page capitalizes them (`не работаетъ, Вы можете`, `доступна, Вамъ`)
_POLITE_FORMS = r"(?:Вы|Ва(?:съ|мъ|ми|с|м)|Ваш\p{Ll}{0,4})(?![\p{L}\p{M}])"
_MID_POLITE = regex.compile(r"(?<=\p{Ll},?[ \u00a0])" + _POLITE_FORMS)
_POLITE = regex.compile(_POLITE_FORMS)
# words in capitals after a word ending in a small letter and a space (`_caps_of_print`)
_MID_CAPS_RUN = regex.compile(
    r"(?<=\p{Ll}[ \u00a0])\p{Lu}{2,}(?:[ \u00a0]\p{Lu}{2,})*(?![\p{L}\p{M}])"
)
_SIGN_YAT = regex.compile(r"[ьъ]ѣ")
# a full stop or comma between two words (`_stops_and_commas`)
_MARK_BETWEEN = regex.compile(r"(?<=\p{L}\*?)([.,:;])(?=[ \u00a0]\p{L})")
_NEXT_CAPITAL = regex.compile(r"[ \u00a0]\p{Lu}\p{Ll}")  # `_name_goes_on`
_LIST_GOES_ON = regex.compile(r"(?:\.?,|[ \u00a0](?:и|или))[ \u00a0](?=\p{L})")
_LIST_TAIL = r"(?:\.?,|[ \u00a0](?:и|или))[ \u00a0]$"  # a list's item ends just before
# items of several words in a list of names (`_in_a_list`), each of up to four words opening
# with a capital: after the comma, an item, a comma and a further item the list goes on
# after; before it, two items, each after a comma
_ITEM = r"\p{Lu}[\p{L}\p{M}-]*(?:[ \u00a0][\p{L}\p{M}-]+){0,3}"
_ITEM_GOES_ON = regex.compile(
    r"(?:[ \u00a0][\p{L}\p{M}-]+){0,3},[ \u00a0]" + _ITEM + r"(?:,|[ \u00a0](?:и|или))[ \u00a0]"
)
_ITEM_BEFORE = regex.compile(r",[ \u00a0]" + _ITEM + r",[ \u00a0]" + _ITEM + "$")
_LIST_BEFORE = regex.compile(r"(?<!\p{L})\p{Lu}\p{Ll}+" + _LIST_TAIL)
# a lone letter that is no word of the old spelling (a pile's or row's name in a list)
_LABELS = "бвгдежзклмнпрстфхцчшщэю"
_LABEL_LETTERS = frozenset(_LABELS)
_SPECK_LETTER_TAIL = regex.compile(r"(?:[ \u00a0][.,:;'`·_‚‘])?[ \u00a0]*\n\n+(?=\p{Lu})")
# a lone mark after a sentence's end: ending its paragraph (any but a quote, a closing
# bracket, `*`, an ellipsis), or before a capital (no dash either); and one opening a
# paragraph before a capital (no dash, no quote)
_STRAY_END = regex.compile(
    r"(?<=[.!?][»\"”)]?)[ \u00a0](?P<m>[^\p{L}\p{N}\s…*»”)\]\"'’]{1,3})(?=[ \u00a0]*(?:\n|$))"
)
_STRAY_MID = regex.compile(
    r"(?<=[.!?][»\"”)]?)[ \u00a0](?P<m>[^\p{L}\p{N}\s…*»”)\]\"'’\-–—]{1,3})(?=[ \u00a0]\p{Lu})"
)
_STRAY_OPENING = regex.compile(
    r"(?m)^(?P<m>[^\p{L}\p{N}\s…*«„“”»\"'‚‘’\-–—\[(]{1,3})[ \u00a0](?=\p{Lu})"
    r"|^\([ \u00a0](?=\p{Lu})"
)
# marks no page of the old print has: where they stand stray, the scan's, not the book's
_NEVER_PRINTED = frozenset("|")
# a list's marks (no sign of the old print; a web page's list, respelled): where the same
# one opens `BULLET_LINES` lines or more, it is the text's, however doubted
_BULLET_LINE = regex.compile(r"(?m)^[•●▪◦‣](?=[ \u00a0])")
BULLET_LINES = 2
_PARAGRAPH_END = regex.compile(r"[ \u00a0]*(?:\n|$)")
_HYPHEN_BEFORE = regex.compile(r"\p{L}-[ \u00a0\n]?$")
_CONJUNCTIONS = frozenset({"и", "а", "но", "или", "да"})  # no sentence ends in one
_ENCLITICS = frozenset({"ли", "ль", "же", "жъ", "бы", "бъ"})  # no clause begins with one
_LETTER_WORDS = frozenset("аиоуя")  # the letters that are words of the old print alone
# a small consonant alone, no stop after it (г. is an abbreviation), is no word of the old
# print (въ, съ, къ are spelt whole)
_LONE_LETTER_ENDING = regex.compile(r"(?<=[.!?…] )([аиоуя])[ \u00a0]*\n\n")
_NO_WORD_LETTER = regex.compile(
    r"(?<![\p{L}\p{M}\p{N}.])[бвгджзклмнпрстфхцчшщ](?![\p{L}\p{M}\p{N}.])"
)
# the second of a correlative pair repeats the first (ни …, ни …; или …, или …)
_CORRELATIVES = frozenset({"ни", "или", "либо", "то"})
# «что», «чтобы», «какъ» answering a demonstrative before the comma (въ томъ, что; тѣмъ,
# что; такъ, какъ); the relative pronoun, always inside its sentence, is the lexicon's
_DEMONSTRATIVES = frozenset(
    {"то", "того", "тому", "томъ", "тѣмъ", "тѣ", "тѣхъ", "тѣми", "та", "ту", "той", "такъ"}
)
_ANSWERS_DEMONSTRATIVE = frozenset({"что", "чтобы", "чтобъ", "какъ"})
# a word whose comma announces the clause that answers it (не иначе, какъ; прежде, чѣмъ;
# тогда, когда): no sentence ends there, so a paragraph ending in it lost its next line
_ANNOUNCES_CLAUSE = _DEMONSTRATIVES | frozenset(
    {"иначе", "прежде", "раньше", "тогда", "потому", "столько", "настолько", "дотолѣ"}
)
_LETTER_BEFORE = regex.compile(rf"(?<!\p{{L}})[{_LABELS}]" + _LIST_TAIL)
# a lone letter's stop read as another mark before the abbreviation's second letter (т, е,
# т, є, т-е., т: д.): е, д, п alone are no words of the print, so the letter before is `т.`
_ABBREVIATION_STOP_MISREAD = regex.compile(r"[,:;\-][ \u00a0]?[едпє](?!\p{L})")
_OPENS_SENTENCE = frozenset({"<s>", "."})  # the context model's tokens before a sentence
_I_BEFORE_CONSONANT = regex.compile(r"і(?![аеёиоуыэюяѣіѵй])")
_HAS_VOWEL = regex.compile(r"[аеёиоуыэюяѣіѵ]")
_POSSESSIVES = frozenset({"его", "ея", "ее", "ихъ"})
_HEADING_COMMA = regex.compile(r",(?=\n)")
_NEXT_NUMBERING = regex.compile(r"\n+(?:[IVXІУ]{1,5})\.[ \u00a0]+\p{Lu}")
_CAPS_GAP = regex.compile(r"[,;:]?[ \u00a0]")
_NUMERAL_GLYPHS = frozenset("IVXLCІТГПНИШЩУѴҮҰХ")
_RELATIVE = regex.compile(
    r",[ \u00a0]+(?:(?:с|со|съ|въ|в|на|изъ|из|отъ|от|до|по|къ|к|для|при|о|объ|об)[ \u00a0]+)?"
    r"(?P<rel>котор\p{L}+)",
    regex.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Edit:
    """A word-level edit of the layout text [start, end) -> new."""

    start: int
    end: int
    new: str
    kind: str
    confidence: float
    applied: bool


@dataclass(slots=True)
class _Decision:
    fixed: str  # after deterministic letter repairs
    best: str | None = None  # best correction (with the word's own case), if any
    conf: float = 0.0
    kind: str = "char"
    runner_up: list | None = None  # [(candidate, score)] when context should decide
    keep: float = 0.0
    unknown: bool = False
    rare: bool = False  # a known word seen at most twice: its context may still decide
    real_word: list | None = None  # known words one confusion away that context may prefer
    case_suspect: bool = False
    yat: str | None = None  # the known word with its final ъ read as ѣ (онъ -> онѣ)
    plain: str | None = None  # the word `yat` stands against, when not `yat` with ъ
    doubt: list | None = None  # [(score, candidate)] of a known word the OCR doubted
    verb: str | None = None  # выходить/выходитъ: the verb's other form, the clause decides
    function: str | None = None  # пли -> или: the function word one confusion away
    marked: bool = False  # боле: the dictionary's first reading is informal or distorted
    confusable: list | None = None  # [(candidate, weight)]: real words the context may want
    name: bool = False  # a rare name (Кеть): `confusable` holds the rule books' word it may be

    @property
    def simple(self) -> bool:
        return not (
            self.runner_up
            or self.unknown
            or self.rare
            or self.real_word
            or self.case_suspect
            or self.yat
            or self.verb
            or self.function
            or self.marked
            or self.confusable
        )


def _nominal_not_genitive_plural(p) -> bool:
    """A nominal reading that a preposition of the locative may govern: any but the
    genitive plural (мѣрь, the genitive plural of мѣрь, after по is no word there)."""
    return p.tag.POS in _NOMINAL and not ("gent" in p.tag and "plur" in p.tag)


def _neuter_predicative(tag) -> bool:
    """A short neuter adjective (должно, нужно, легко): a predicative that takes an
    infinitive, as можно does."""
    return tag.POS == "ADJS" and "neut" in tag


def _top_pos(lex: Lexicon, word: str) -> set[str]:
    return {p.tag.POS for p in lex.parses(word)[:1]}


def _word_in(word: str, text: str) -> bool:
    """Whether `word` stands in `text` as a whole word, in small letters."""
    return regex.search(rf"(?<!\p{{L}}){regex.escape(word)}(?!\p{{L}})", text) is not None


def _like_case(src: str, out: str) -> str:
    letters = [c for c in src if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return out.upper()
    if src[:1].isupper():
        return out[:1].upper() + out[1:]
    return out


def _final_sign_only(a: str, b: str) -> bool:
    """Words that differ only in a final ъ, ь or ѣ (картъ/картѣ, выходитъ/выходить): both
    words, told apart by grammar (`_yat_in_context`), never by the channel alone."""
    return a[:-1] == b[:-1] and a[-1:] in "ъьѣ" and b[-1:] in "ъьѣ"


KEEP_FLOOR = 0.2  # the least of a word's own evidence the engine's doubt leaves


def keep_factor(confidence: float | None) -> float:
    """How much of the evidence for leaving a word as printed remains when the OCR engine
    gave it `confidence` (0-100): all of it from 90 up, a fifth at 42 and below."""
    if confidence is None:
        return 1.0
    return min(1.0, max(KEEP_FLOOR, (confidence - 30.0) / 60.0))


def edit_count(w: str) -> int:
    """How many spellings `Corrector._generic(w)` makes, counted without making them:
    replacements (a letter of the alphabet other than the one there), insertions (the same
    letter inserted before or after an equal one is one spelling), deletions (one per run of
    equal letters) and swaps of two unequal neighbours; spellings of different kinds never
    coincide (lengths, or the number of places they differ from `w`)."""
    a, n = len(_ALPHABET), len(w)
    inside = sum(1 for c in w if c in _ALPHABET)
    replacements = a * n - inside
    insertions = a * (n + 1) - inside
    unequal = sum(1 for i in range(n - 1) if w[i] != w[i + 1])
    deletions = unequal + 1 if n else 0
    return replacements + insertions + deletions + unequal


def _latin_read(word: str) -> bool:
    """Whether `word` holds a letter only a Latin one read by a Cyrillic model gives
    (`_LATIN_LETTERS`: `Мілаоуѕ` for Windows, `ріеаѕе`)."""
    return not _LATIN_LOOKS.isdisjoint(word) and _LATIN_LETTERS.search(word) is not None


def foreign_forms(text: str) -> set[str]:
    """The printed forms of `text` that are foreign text read by a Cyrillic model: each
    word `_latin_read`, and every word of a line (a paragraph, once laid out) that holds
    `FOREIGN_WORDS` such words or more, `FOREIGN_SHARE` of its words at least (an English
    notice: `уои аге … ріеаѕе, РІедѕе 16 иѕ Кпол`). No correction reaches the word meant (it
    is no Russian word), and its look-ups are the most a page spends for nothing; `Corrector`
    leaves those the lexicon lacks as printed."""
    out: set[str] = set()
    if _LATIN_LOOKS.isdisjoint(text):
        return out
    for line in text.split("\n"):
        if _LATIN_LOOKS.isdisjoint(line):
            continue
        words = WORD.findall(line)
        marked = [w for w in words if _latin_read(w)]
        out.update(marked)
        if len(marked) >= FOREIGN_WORDS and len(marked) >= FOREIGN_SHARE * len(words):
            out.update(words)
    return out


class Corrector:
    """Word correction of one document."""

    def __init__(
        self,
        text: str,
        lex: Lexicon,
        table: ConfusionTable,
        confidences: list[tuple[int, int, float]] | None = None,
        line_start: Callable[[int], bool] | None = None,
        cuts: Sequence[int] | None = None,
        after_short_line: Callable[[int], bool] | None = None,
    ) -> None:
        """`line_start(pos)`: whether the word at `pos` of `text` began a line of the input
        (layout joined the lines; see the module doc). `cuts`: sorted positions of `text`
        where a line opens after text the engine lost (`normalize`'s `lost_breaks`): the
        words either side are no neighbours in the print, and no decision reads across.
        `after_short_line(pos)`: whether that line follows a blank or short one (a paragraph,
        heading or menu item ended there: `core.after_short_lines`).
        A pre-reform text's `table` is first adapted to the signs this document prints for
        ѣ, і, ъ (`channel.adapt`)."""
        self.text = text
        self.line_start = line_start
        self.after_short_line = after_short_line
        self._cuts = list(cuts or ())
        self.lex = lex
        self.table = table
        self.prereform = lex.prereform
        self.counts = Counter(WORD.findall(text))
        # the lowest OCR confidence of each printed form (words the engine gave none: absent)
        self.word_conf: dict[str, float] = {}  # the least the engine gave each form
        self.word_conf_max: dict[str, float] = {}  # and the most
        self._conf_spans = confidences or []
        self._conf_starts = [c[0] for c in self._conf_spans]
        if confidences:
            starts = [s for s, _e, _c in confidences]
            for m in WORD.finditer(text):
                k = bisect_right(starts, m.start()) - 1
                if k >= 0 and confidences[k][0] <= m.start() < max(confidences[k][1], 1):
                    w, c = m.group(), confidences[k][2]
                    if c >= 0:
                        self.word_conf[w] = min(c, self.word_conf.get(w, 100.0))
                        self.word_conf_max[w] = max(c, self.word_conf_max.get(w, 0.0))
        n_words = self.counts.total()
        self.freq: Counter = Counter()
        for w, c in self.counts.items():
            self.freq[fix_letters(w, self.prereform).lower()] += c
        self._printed = Counter(self.freq)  # as printed, before the channel's sure readings
        readings: dict[str, str] = {}
        if self.prereform:
            channel = adapt(table, self.freq.items(), lex.known)
            self.table, readings = channel.table, channel.readings
        # the words the channel reads for sure count as the word they stand for: their
        # repetition is the channel's, not a sign that the printed form is a real word
        for printed, reading in readings.items():
            c = self.freq.get(printed, 0)
            if c > 1:
                self.freq[reading] += c - 1
                self.freq[printed] = 1
        # foreign text read by a Cyrillic model (`foreign_forms`): the lexicon's words among
        # its forms are decided as any, the others left as printed
        self._foreign = foreign_forms(text)
        foreign_lows = {fix_letters(w, self.prereform).lower() for w in self._foreign}
        # two words the OCR ran together count as those words: a pass that splits them
        # would otherwise raise their counts, and a second pass would decide otherwise
        self._ran_together: dict[str, tuple[str, ...]] = {}
        for low, c in list(self.freq.items()):
            if low in foreign_lows:
                continue
            if 6 <= len(low) <= MAX_WORD_LEN and low.isalpha() and not lex.known(low):
                halves = self._ran_together[low] = self._sole_split(low)
                for half in halves:
                    self.freq[half] += c
        # the words printed at least twice (counts as `freq`), and the domain's forms as
        # `lex.is_domain` reads them: `_rule_candidates` filters by them
        self._frequent = {w: c for w, c in self.freq.items() if c >= 2}
        self._domain = lex.domain_pre if lex.prereform else lex.domain_mod
        self._bigrams: dict[tuple[str, str], int] = {}
        self._unknown_budget = MAX_ANALYSED_UNKNOWN
        self._generic_budget = MAX_GENERIC
        self._lookups = MAX_LOOKUPS
        self._final_at: dict[int, str] = {}  # end of a word corrected in context -> its form
        self._pool: list[str] | None = None  # the page's words and the domain's, sorted
        self._specks = self._speck_letters() if self.prereform else {}
        self.decisions: dict[str, _Decision] = {}
        self._skipped_lookups = 0
        self.context: ContextModel | None = shipped_model() if self.prereform else None
        # the confusions the document's sure corrections show (`_reestimate`): the slips
        # its typeface and engine make
        self._sure_slips: set[tuple[str, str]] = set()
        self._sure_letters: dict[str, tuple[str, float]] = {}  # `_reestimate`: е -> (с, weight)
        self._mid_capitals: Counter | None = None  # `_capital_of_print`, counted once
        self._caps_runs: list[tuple[int, int]] | None = None  # `_caps_of_print`, found once
        self.stats = {"words": n_words, "unique_words": len(self.counts)}

    # -- scoring ---------------------------------------------------------------------
    def prior(self, cand: str) -> float:
        p = 1.0 + math.log1p(self.freq.get(cand, 0))
        if self.lex.is_domain(cand):
            p += DOMAIN_BONUS
        elif len(cand) <= 6 and any(t.POS in _FUNCTION_POS for t in self.lex.tags(cand)):
            p += FUNCTION_BONUS  # когда before котла: function words are every text's
        return p

    def _common(self, cand: str) -> float:
        """Today's Zipf frequency of a candidate, by its modern spelling; a split's two words
        together are rarer than either, and below the list's floor (`FLOOR`)."""
        if " " in cand:
            return FLOOR
        return zipf(self.lex.modern(cand) if self.prereform else cand)

    def _common_spelling(self, cand: str) -> bool:
        """Whether today's Russian uses `cand` at least `COMMON_LOOKUP` (by the reform's
        letters alone, without the lexicon: a dictionary look-up is what this spares)."""
        if COMMON_LOOKUP is None:
            return False
        return zipf(reformed_letters(cand) if self.prereform else cand) >= COMMON_LOOKUP

    def _by_frequency(self, scored: list[tuple[float, str]]) -> list[tuple[float, str]]:
        """The candidates' scores weighed by today's frequency of each (`FREQ_WEIGHT`) and
        scaled back to the same sum: the language chooses between the corrections, never
        whether to correct."""
        if len(scored) < 2 or FREQ_WEIGHT <= 0:
            return scored
        # only the readings the channel and the document leave near the best (властен:
        # властенъ, the word itself with its hard sign, before властей one unlikely slip away)
        bar = max(s for s, _ in scored) / TIE_RATIO
        near = [(s, c) for s, c in scored if s >= bar]
        if len(near) < 2:
            return scored
        weighed = [(s * 10.0 ** (FREQ_WEIGHT * (self._common(c) - FLOOR)), c) for s, c in near]
        scale = sum(s for s, _ in near) / sum(s for s, _ in weighed)
        return [(s * scale, c) for s, c in weighed] + [(s, c) for s, c in scored if s < bar]

    def _generic(self, w: str) -> set[str]:
        """Every spelling one letter edit from `w`: an insertion, a replacement, a deletion,
        two neighbours swapped."""
        out = set()
        n = len(w)
        for i in range(n + 1):
            head, tail = w[:i], w[i:]
            out.update([head + ch + tail for ch in _ALPHABET])
            if i < n:
                rest = w[i + 1 :]
                out.update([head + ch + rest for ch in _ALPHABET])
                out.add(head + rest)
            if i + 1 < n:
                out.add(head + w[i + 1] + w[i] + w[i + 2 :])
        out.discard(w)
        return out

    def _generic_weight(self, low: str, cand: str, capitals: bool = False) -> float:
        """An edit no confusion of the table explains weighs `GENERIC_WEIGHT`, a letter
        replaced by one of like shape more where the table smooths by shape (всегла:
        всегда, л for д, before всеяла). A word printed in capitals has its own like shapes
        (`CAPITAL_SHAPES`: Г is Р with its bowl lost, КАГТЪ for КАРТЪ), which the table,
        learned on small letters where г and р are nothing alike, does not know."""
        if len(cand) == len(low):
            diff = [(a, b) for a, b in zip(low, cand, strict=True) if a != b]
            if len(diff) == 1 and capitals and diff[0] in CAPITAL_SHAPES:
                return CAPITAL_SHAPE_WEIGHT
            if len(diff) == 1 and self.table.smoothing and diff[0] in shape_pairs():
                return max(GENERIC_WEIGHT, shape_pairs()[diff[0]])
        return GENERIC_WEIGHT

    def _known_edits(self, low: str) -> list[str]:
        """The known words among `_generic(low)`, within the document's lookup budget (all
        of them count against it, as in `_known_some`). Remembered per lexicon and word:
        the edits and the lexicon's answers are the same for every document."""
        memo = self.lex.edit_memo
        hit = memo.get(low)
        if hit is None:
            walked = self.lex.known_edits(low, _ALPHABET)
            if walked is None:
                cands = self._generic(low)
                hit = (len(cands), tuple(self.lex.known_among(cands, low)))
            else:
                hit = (edit_count(low), tuple(walked))
            if len(memo) >= CACHE_LIMIT:
                memo.clear()
            memo[low] = hit
        n, found = hit
        if n > self._lookups:
            self.stats["lookup_budget_exhausted"] = True
            return []
        self._lookups -= n
        return list(found)

    def _known_some(self, cands) -> list[str]:
        """The known ones among candidate spellings, within the document's lookup budget."""
        cands = list(cands)
        if len(cands) > self._lookups:
            self.stats["lookup_budget_exhausted"] = True
            return []
        self._lookups -= len(cands)
        known = self.lex.known
        return [c for c in cands if known(c)]

    def _candidates(self, low: str, max_edits: int) -> dict[str, float]:
        raw = self.table.neighbours(low, max_edits, min_weight=MIN_CANDIDATE_WEIGHT)
        # a weak candidate (an unseen like-shaped slip, a lost letter with a second slip)
        # seldom wins without the document's or the domain's backing: the others are not
        # worth a dictionary look-up
        freq, dom = self.freq, self.lex.is_domain
        worth = [c for c, w in raw.items() if w > LOOKUP_WEIGHT or freq.get(c) or dom(c)]
        cands = {c: raw[c] for c in self._known_some(worth)}
        if not cands and COMMON_LOOKUP is not None and len(low) >= 4:
            # none found: the weak ones that today's Russian uses often (веогда: всегда, е
            # for с and о for е), by the list before the dictionary; not in a short word,
            # which is a weak slip of many (ло: до, по, ли, о; the grammar chooses)
            common = [c for c, w in raw.items() if w <= LOOKUP_WEIGHT and self._common_spelling(c)]
            cands = {c: raw[c] for c in self._known_some(common)}
        if self.prereform and _BARE_FINAL.search(low) and self.lex.known(low + "ъ"):
            cands[low + "ъ"] = max(cands.get(low + "ъ", 0.0), HARD_SIGN_WEIGHT)
        if self.prereform and low.endswith("ѣ") and self.lex.known(low[:-1] + "ъ"):
            # проиграннымѣ: a sign read for ѣ (+ъ, %ъ) where the word ends in its own ъ
            cands[low[:-1] + "ъ"] = max(cands.get(low[:-1] + "ъ", 0.0), HARD_SIGN_WEIGHT)
        old = self.lex.respelling(low)
        if old is not None:  # место, несколько: a word of ѣ in modern spelling
            cands[old] = max(cands.get(old, 0.0), RESPELL_WEIGHT)
        return cands

    # -- per unique word ---------------------------------------------------------------
    def decide(self, word: str) -> _Decision:
        d = self.decisions.get(word)
        if d is not None:
            return d
        fixed = fix_letters(word, self.prereform)
        if self.prereform and ("ө" in word or "Ө" in word):
            fixed = self._fita(word, fixed)
        if self.prereform and ("ё" in fixed or "Ё" in fixed):
            fixed = self._yo(fixed)
        if self.prereform and word.endswith("ЂЪ") and fixed.endswith("Ѣ") and fixed.isupper():
            # КАРТЂЪ, ВЕЛИКАНЂЪ in a heading: the hard sign the engine printed is the word's,
            # Ђ a stroke of the Т or the Ъ read twice, where the word with it is a word (ДВЂЪ,
            # ЕЛЕНЂЪ: ДВЪ and ЕЛЕНЪ are none, the sign is ѣ's with a stray Ъ)
            hard = fixed[:-1] + "Ъ"
            if self.lex.known(hard):
                fixed = hard
        if (
            self.prereform
            and _SIGN_YAT.search(fixed)
            and not self.lex.known(fixed.lower())
            and not self._name_as_printed(fixed)
        ):
            # мЬрьЬ, больЬе, картьЬ (sans-serif cuts): the stem of ѣ read as a sign of its
            # own before the tall sign read for it, where the word without that sign is a
            # word and the word with it none (статьѣ, въѣздъ keep theirs; so do the names
            # the dictionary has, which `known` leaves out: МарьЪ, ИльЪ are Марьѣ, Ильѣ)
            one = _SIGN_YAT.sub("ѣ", fixed)
            if self.lex.known(one.lower()):
                fixed = one
        d = _Decision(fixed)
        self.decisions[word] = d
        if len(fixed) > MAX_WORD_LEN or is_roman(fixed) or not fixed.isalpha():
            return d
        low = fixed.lower()
        if self.prereform and low in _BARE_PREPOSITIONS:
            d.best, d.conf, d.kind = _like_case(fixed, low + "ъ"), 1.0, "hard-sign"
            return d
        if self.lex.known(fixed):
            if self.prereform and low.endswith("ъ") and self.lex.known(low[:-1] + "ѣ"):
                d.yat = low[:-1] + "ѣ"
            elif (
                self.prereform
                and low.endswith("ь")
                and self.lex.known(low[:-1] + "ѣ")
                and (
                    self.table.weight("ь", "ѣ") >= RULE_MIN_WEIGHT
                    or (
                        "ѣ" in low
                        and "ѣ" not in word.lower()
                        and not any(_nominal_not_genitive_plural(p) for p in self.lex.parses(low))
                    )
                )
            ):  # въ видь: where the channel prints ь for ѣ, grammar may want видѣ; and where
                # the word itself shows ѣ read as a sign (мЬрь, мЪрь: мѣрь) and is no noun but
                # in the genitive plural (a verb, an adverb), which no preposition governs
                d.yat, d.plain = low[:-1] + "ѣ", low
            # -ить/-итъ, -ать/-атъ, -ять/-ятъ: the endings where both forms are words
            if self.prereform and low[-2:] in ("ть", "тъ") and len(low) > 4 and low[-3] in "иая":
                d.verb = self._verb_pair(low)
            if (
                self.prereform
                and len(low) <= 3
                and (fixed.islower() or (fixed.istitle() and len(low) > 1))
            ):
                d.function = self._function_slip(low)
            if self.prereform and fixed[:1].isupper() and fixed[1:].islower() and len(fixed) > 1:
                d.case_suspect = not any(_PROPER & t.grammemes for t in self.lex.tags(low))
            if len(low) >= 3:
                n = self.freq[low]
                d.rare = n <= 2
                # the first reading is parsed only where some reading is marked (`tags`
                # are the readings' tags, no parse built)
                if (
                    self.prereform
                    and d.rare
                    and len(low) <= MARKED_MAX_LEN
                    and any(not _MARKED.isdisjoint(t.grammemes) for t in self.lex.tags(low))
                ):
                    top = self.lex.parses(low)[:1]
                    d.marked = bool(top) and not _MARKED.isdisjoint(top[0].tag.grammemes)
                d.real_word = self._rule_candidates(low, n) or None
            if self.context is None or self.word_conf.get(word, 100.0) >= CONTEXT_DOUBT:
                pass  # read surely wherever it stands: no context overrules it
            elif len(low) <= CONTEXT_LEN and fixed.islower():
                d.confusable = self._confusables(low) or None
            elif len(low) >= 3 and fixed[:1].isupper() and fixed[1:].islower():
                d.confusable = self._initial_confusables(low) or None
            return d
        names = self.lex.tags(low) if fixed[:1].isupper() else []
        if (
            names
            and all(_PROPER & t.grammemes for t in names)
            and not (self.prereform and low[-1:] == "ь" and self._function_word(low[:-1] + "ъ"))
        ):  # only a name, capitalized (Елена, АГНЕСА): not a slip of a common word; but
            # Изь, Оть open a sentence as a preposition with ь for ъ more than as a name
            if (
                self.prereform
                and self.context is not None
                and len(low) >= 3
                and fixed[1:].islower()
                and self.word_conf.get(word, 100.0) < CONTEXT_DOUBT
            ):  # a rare name the engine doubted (Кеть): the rule books' words it may be
                # with its capital misread (Есть), for `_name_slip`
                words = [(c, w) for c, w in self._initial_confusables(low) if self.context.has(c)]
                d.confusable, d.name = words or None, bool(words)
            return d
        if self.prereform and len(low) == 1 and fixed.islower():
            d.function = self._function_slip(low, lone=True)  # п, н standing for и
            return d
        if self._unknown_budget <= 0 or len(low) < 2 or word in self._foreign:
            return d
        self._unknown_budget -= 1
        d.unknown = True
        cands = self._candidates(low, 2)
        if (
            self.prereform
            and len(low) >= 3
            and fixed[:1].isupper()
            and fixed[1:].islower()
            and self.word_conf.get(word, 100.0) < SURE_UNKNOWN
        ):  # the engine doubted the word: a text without confidences keeps its capitals
            for c, w in self._initial_slips(low).items():
                cands[c] = max(cands.get(c, 0.0), w)
        kind = "ocr-word"
        weak = not cands or max(cands.values()) < GENERIC_WEIGHT  # two unseen slips at best
        if weak and len(low) >= 4 and self._generic_budget > 0:
            self._generic_budget -= 1
            capitals = len(fixed) > 1 and fixed.isupper()
            for c in self._known_edits(low):
                cands[c] = max(cands.get(c, 0.0), self._generic_weight(low, c, capitals))
        if self._sure_letters and not cands and self.word_conf.get(word, 100.0) < CONTEXT_DOUBT:
            doubted = self.word_conf.get(word, 100.0) < DOUBT_CONFIDENCE
            for c, w in self._through_sure_letters(low, doubted).items():
                cands[c] = max(cands.get(c, 0.0), w)
        if self.prereform:
            # the old print never has ё: a candidate keeping it (нё: нѣё, a ѣ put in before
            # it) is no spelling of the page; the ё itself stands for е or ѣ (ONE_WAY)
            cands = {c: w for c, w in cands.items() if "ё" not in c}
        sure = self.word_conf.get(word)
        if sure is not None and sure >= (SURE_SHORT if len(low) <= 3 else SURE_UNKNOWN):
            cands = {c: w for c, w in cands.items() if self._against_sure(low, c)}
        if (
            self.prereform
            and sure is not None
            and sure >= NAME_SURE
            and self.counts[word] >= NAME_TIMES
            and len(low) >= 3
            and fixed[:1].isupper()
            and fixed[1:].islower()
        ):  # Левель twice, read surely: a name, not the rare word one sign away (левелъ)
            cands = {c: w for c, w in cands.items() if self._name_may_be(low, c)}
        n = min(self.freq[low], KEEP_CAP)
        if self.prereform and _BARE_FINAL.search(low):
            n = 1  # вс twice: no spelling of the old print ends so, repeated or not
        elif self.prereform and len(low) <= SHORT_UNKNOWN:
            # пе thrice: the short words of the language are all in the dictionary, and a
            # slip of one as frequent as не recurs; the repetition attests no word
            n = 1
        if not self.prereform:
            # a modern word the lexicon lacks is a name or a new word more often than a slip
            n = max(n, MODERN_KEEP_SEEN)
        factor = keep_factor(self.word_conf.get(word))
        if (
            weak
            and cands
            and max(cands.values()) <= GENERIC_WEIGHT
            and all(len(c) >= len(low) for c in cands)
        ):
            # only a letter inserted or replaced that no confusion explains
            # (четыреугольникъ: х; гоголемъ: гогочемъ, сургута: сургуча): the engine's doubt
            # alone does not carry such an edit to a word the document and the domain do not
            # use, for a word the dictionary lacks is as often a right one (a name, a rare
            # word) as a slip no confusion explains (a stray letter dropped, вышельъ, needs
            # no floor: specks add letters far more often than a clean print loses one)
            factor = max(factor, GENERIC_KEEP_FLOOR)
        d.keep = KEEP_BASE * n * n * factor
        # today's frequency shares out the evidence of the readings the channel's confusions
        # and the splits reach; an edit no confusion explains (кагтъ: картъ) only in a word
        # the engine doubted (below `DOUBT_CONFIDENCE`): where it did not, or gave no
        # confidence, such a word is as often a right rare one
        doubted = self.word_conf.get(word, 100.0) < DOUBT_CONFIDENCE
        weighed = [
            (p * self.prior(c), c) for c, p in cands.items() if p > GENERIC_WEIGHT or doubted
        ]
        splits = self._splits(low)
        if self.prereform and self.word_conf.get(word, 0.0) >= FUSED_SURE:
            splits = [(p, c) for p, c in splits if not self._fused_particle(c)]
        scored = self._by_frequency(weighed + splits)
        scored += [
            (p * self.prior(c), c) for c, p in cands.items() if p <= GENERIC_WEIGHT and not doubted
        ]
        if not scored:
            return d
        scored.sort(reverse=True)
        total = sum(s for s, _ in scored) + d.keep
        best_s, best = scored[0]
        d.best = _like_case(fixed, best)
        d.conf = best_s / total
        d.kind = "hard-sign" if best == low + "ъ" else ("split" if " " in best else kind)
        if best in (low + "ъ", low + "ѣ") and self.lex.known(low + "ѣ"):
            d.yat = low + "ѣ"  # он: онъ or онѣ, as the next word says
        elif (
            self.prereform
            and low.endswith("ь")
            and best == low[:-1] + "ъ"
            and self.lex.known(low[:-1] + "ѣ")
        ):  # началь: the sign read ь is the word's last, ъ or ѣ as the grammar says
            d.yat, d.plain = low[:-1] + "ѣ", best
        elif best[-1:] in "ъьѣ" and best[:-1] + "ѣ" in cands:
            # карть: картъ or картѣ; мьрь: мѣрь or мѣрѣ, as the grammar says
            plain = [c for c in (best[:-1] + "ъ", best[:-1] + "ь") if c in cands]
            if plain:
                d.yat, d.plain = best[:-1] + "ѣ", plain[0]
        elif (
            self.prereform
            and best.endswith("ъ")
            and " " not in best
            and self.table.weight("ъ", "ѣ") >= RULE_MIN_WEIGHT
            and self.lex.known(best[:-1] + "ѣ")
        ):
            # мветъ: мѣстъ, whose final ъ is one more slip from мѣстѣ, which the channel
            # prints as often (ъ for ѣ): the grammar says which, as for a word read right
            d.yat, d.plain = best[:-1] + "ѣ", best
        if len(scored) > 1:  # the neighbours will choose (ио піести -> по шести)
            d.runner_up = [(c, s) for s, c in scored[:4]]
        return d

    def _through_sure_letters(self, low: str, generic: bool) -> dict[str, float]:
        """Known words an unknown word reaches through the letters the document's sure
        corrections read as others (`_sure_letters`: е for с, where the typeface's с prints
        so), at any of their places, and at most one slip more: the table's, or any one
        letter edit where the engine doubted the word below `DOUBT_CONFIDENCE` (`generic`),
        else a letter too many (ниеходящоемъ: нисходящемъ; раекладываюгь: раскладываютъ).
        The table's own search weighs a second slip as a rare one and stops at its budget
        in a long word; the document's slips are not rare there. Each weighs the product
        of its slips' weights (the document's at their weight in its channel, an edit no
        confusion explains at `GENERIC_WEIGHT`), and is then weighed as any candidate is."""
        places = [i for i, ch in enumerate(low) if ch in self._sure_letters]
        if not places or len(places) > SURE_SLIP_PLACES:
            return {}
        out: dict[str, float] = {}
        budget = self._lookups - SURE_SLIP_LOOKUPS
        # the fewest places first: a word's own slips are few; a long word's many spellings
        # stop at the word's share of look-ups (`SURE_SLIP_LOOKUPS`)
        for k in sorted(range(1, 1 << len(places)), key=lambda k: (k.bit_count(), k)):
            if self._lookups < budget:
                break
            chars, weight = list(low), 1.0
            for bit, i in enumerate(places):
                if k >> bit & 1:
                    chars[i], wt = self._sure_letters[low[i]]
                    weight *= wt
            spelled = "".join(chars)
            found = {c: weight for c in self._known_some([spelled])}
            further = self.table.neighbours(spelled, 1, min_weight=LOOKUP_WEIGHT)
            for c in self._known_some(further):
                found[c] = max(found.get(c, 0.0), weight * further[c])
            if len(spelled) >= 4 and generic and self._generic_budget > 0:
                self._generic_budget -= 1
                for c in self._known_edits(spelled):
                    found[c] = max(found.get(c, 0.0), weight * GENERIC_WEIGHT)
            elif len(spelled) >= 4:  # a letter too many (a speck, a stroke read twice)
                lost = {spelled[:i] + spelled[i + 1 :] for i in range(len(spelled))}
                for c in self._known_some(lost - found.keys()):
                    found[c] = weight * GENERIC_WEIGHT
            for c, w in found.items():
                if c != low and w > out.get(c, 0.0):
                    out[c] = w
        return out

    def _against_sure(self, low: str, cand: str) -> bool:
        """Whether `cand` may replace `low`, a word the lexicon lacks that the engine read
        at `SURE_UNKNOWN` or more wherever it stands (тапомъ, Неа at 96: таномъ, Пса are
        words one seeded confusion away, and a right word the dictionary lacks — a name, a
        new or a colloquial word — is as likely as a slip the engine was sure of): only a
        word the document prints elsewhere, the domain's or a short function word or
        pronoun, or a repair of the letters the
        engine's model of modern Russian never learned (ѣ і ѳ ѵ ъ: it reads them as
        anything, surely; every letter the correction puts in is one of them, in place of
        a letter the engine printed, or a ъ it dropped), or letters dropped (a speck
        read as one). A ѣ or і where the engine surely printed no letter at all (`отка`,
        `лю`: отѣка, лѣю) is a guess the page does not show."""
        if self.freq.get(cand) or self.lex.is_domain(cand):
            return True
        if len(cand) <= 3 and (self._function_word(cand) or self._pronoun(cand)):
            return True  # пе, опа: не, она stand in every page
        ops = [o for o in SequenceMatcher(None, low, cand).get_opcodes() if o[0] != "equal"]
        if any(o == "insert" and cand[j1:j2] != "ъ" for o, _a, _b, j1, j2 in ops):
            return False  # отка, лю: a ѣ or і where the engine saw no letter at all
        return all(all(ch in _OLD_LETTERS for ch in cand[j1:j2]) for _o, _a, _b, j1, j2 in ops)

    def _name_may_be(self, low: str, cand: str) -> bool:
        """Whether `cand` may replace `low`, a capitalized word the lexicon lacks that the
        engine read at `NAME_SURE` or more each of the `NAME_TIMES` or more times the page
        prints it (Левель twice): such a word is a name more often than a misreading of a
        word today's Russian hardly uses (левелъ, a past tense of леветь). Only a word the
        document prints elsewhere (counted as printed: the channel's sure reading of the
        name itself, ь for ъ, is no evidence), the domain's, a short function word or
        pronoun, a word today's Russian uses (above `frequency.FLOOR`), or a repair that
        only puts in ѣ і ѳ ѵ, the letters the engine's model never learned (Опустъвшая,
        Опуствшая: Опустѣвшая; a name's ь or ъ is no such letter) may."""
        if self._printed.get(cand) or self.lex.is_domain(cand):
            return True
        if len(cand) <= 3 and (self._function_word(cand) or self._pronoun(cand)):
            return True
        ops = [o for o in SequenceMatcher(None, low, cand).get_opcodes() if o[0] != "equal"]
        if ops and all(
            o != "delete" and set(cand[j1:j2]) <= _UNLEARNED for o, _a, _b, j1, j2 in ops
        ):
            return True
        return self._common(cand) > FLOOR

    def _name_as_printed(self, fixed: str) -> bool:
        """Whether `fixed`, capitalized, is a form of a name the dictionary has (Марьѣ,
        Ильѣ: the dative of Марья, Илья), which `Lexicon.known` does not count."""
        return (
            fixed[:1].isupper()
            and fixed[1:].islower()
            and any(_PROPER & p.tag.grammemes for p in self.lex.parses(fixed))
        )

    def _fused_particle(self, split: str) -> bool:
        """Whether a split parts a conjunction from the particle бъ that the old print
        fuses with it (еслибъ, чтобъ): in a word the engine read surely the fused spelling is
        the page's, not two words run together. Only the short бъ: the full бы stands
        apart in the old print as today (хотя бы, какъ бы), so хотябы is still two words."""
        words = split.split()
        if len(words) != 2 or words[1] != "бъ":
            return False
        return any(p.tag.POS == "CONJ" for p in self.lex.parses(words[0]))

    def _yo(self, word: str) -> str:
        """The old print has no ё: the engine reads it for е with a speck (нё: не) or for ѣ
        (столбцё: столбцѣ). Whichever of the two is a word of the old spelling; neither: the
        е form, which the candidates correct (мёсто: место, мѣсто). Both (слёдуютъ, for the
        lexicon reads ѣ as е): the word as printed, for the candidates and context."""
        plain = word.replace("ё", "е").replace("Ё", "Е")
        yat = word.replace("ё", "ѣ").replace("Ё", "Ѣ")
        e_ok, yat_ok = self.lex.known(plain.lower()), self.lex.known(yat.lower())
        if e_ok and yat_ok:
            return word
        return yat if yat_ok else plain

    def _fita(self, word: str, fixed: str) -> str:
        """ө (a Kazakh letter Tesseract prints) for ѳ, the old print's fita, which has its
        shape, or for о: ѳ where the word so read is a word or a name of the dictionary
        and the word with о is none (МАРӨА: МАРѲА; өстальныя: остальныя)."""
        if self.lex.known(fixed):
            return fixed
        alt = fix_letters(word.replace("ө", "ѳ").replace("Ө", "Ѳ"), self.prereform)
        if alt == fixed or not self.lex.parses(alt.lower()):
            return fixed
        return alt

    def _verb_pair(self, low: str) -> str | None:
        """The other form of a verb whose infinitive in -ть and third person in -тъ differ
        only in the final sign (выходить/выходитъ, лежать/лежатъ): the OCR swaps ь and ъ,
        and both are words, so only the clause can tell them apart."""
        other = low[:-1] + ("ъ" if low[-1] == "ь" else "ь")
        inf, fin = (low, other) if low[-1] == "ь" else (other, low)
        if not self.lex.known(other):
            return None
        if not any(t.POS == "INFN" for t in self.lex.tags(inf)):
            return None
        if not any(
            (t.POS == "VERB" and "3per" in t) or t.POS == "PRTS" for t in self.lex.tags(fin)
        ):
            return None
        return other

    def _function_slip(self, low: str, lone: bool = False) -> str | None:
        """A short word that is only an interjection, an abbreviation or an indeclinable
        loanword (пли, па) where a function word is one seen confusion away (или, на):
        in a book of rules the function word, which stands in every line. `lone`: a
        single letter that is no word of the old spelling (п, н: a bare consonant), where
        a one-letter function word is (и); `п.` stays an abbreviation (`_contextual`)."""
        if lone:
            if self.lex.known(low):
                return None
        else:
            # the readings' tags alone, as a set (`Lexicon.tags`: no parse built)
            tags = self.lex.tags(low)
            if not tags or not all(t.POS == "INTJ" or {"Abbr", "Fixd"} & t.grammemes for t in tags):
                return None
        raw = self.table.candidates(low, 1, min_weight=RULE_MIN_WEIGHT)
        cands = [
            (w, c)
            for c, w in raw.items()
            if (not lone or len(c) == 1)
            and self.lex.known(c)
            and all(p.tag.POS in _FUNCTION_POS for p in self.lex.parses(c)[:1])
        ]
        if not cands and len(low) == 1 and not lone:
            # т without its stop: an abbreviation only with one; тѣ, the pronoun whose ѣ
            # the OCR lost (a lost letter: `neighbours`, not `candidates`)
            raw = dict(self.table.neighbours(low, 1, min_weight=RULE_MIN_WEIGHT))
            if self.table.weight("", "ѣ") >= RULE_MIN_WEIGHT and _BARE_FINAL.match(low):
                raw.setdefault(low + "ѣ", self.table.weight("", "ѣ"))
            cands = [
                (w, c)
                for c, w in raw.items()
                if len(c) > 1
                and self.lex.known(c)
                and any(p.tag.POS == "NPRO" or "Apro" in p.tag for p in self.lex.parses(c)[:1])
            ]
        return max(cands)[1] if cands else None

    def _splits(self, low: str) -> list[tuple[float, str]]:
        """Two words the OCR ran together (новымикартами, несойдется): both halves words of
        the dictionary, at least one of them used elsewhere by the document (or a domain
        word), the likelier the more the document uses them."""
        if len(low) < 4:
            return []
        dom, own = self.lex.is_domain, self._ran_together.get(low, ())

        def used(w: str) -> bool:  # elsewhere: not counting this word's own halves
            return self.freq.get(w, 0) > (self.freq[low] if w in own else 0) or dom(w)

        halves = [
            (low[:i], low[i:]) for i in range(2, len(low) - 1) if used(low[:i]) or used(low[i:])
        ]
        known = {
            w
            for w in self._known_some({w for pair in halves for w in pair})
            if len(w) > 2 or self._function_word(w)  # not шла|пу
        }
        return [
            (SPLIT_WEIGHT * math.sqrt(self.prior(a) * self.prior(b)), f"{a} {b}")
            for a, b in halves
            if a in known and b in known and self._may_stand_together(a, b)
        ]

    def _may_stand_together(self, a: str, b: str) -> bool:
        """Whether two words a split would make can follow each other: a numeral in the
        nominative (два, четыре, пять) never begins a split; glued to the next word it is
        a compound (четыреугольникъ, четыреугольника: one word, not «четыре угольника»).
        A preposition stands only before a word with a case (завенчаны is no «за
        венчаны»: a short participle has none), and an adjective in one number not before
        a noun or adjective only in the other (одноядерныхъ is no «одно ядерныхъ»): the
        compound the lexicon lacks stays one word."""
        pa = self.lex.parses(a)
        # not a numeral, or one in an oblique case (четырьмя картами), or one counting a
        # word of the game in the case it governs (четырекарты: «четыре карты»)
        if pa and all(p.tag.POS == "NUMR" and p.tag.case in ("nomn", "accs") for p in pa):
            return self._counted(pa, b)
        # (abbreviations aside: об., им. are no reading of a page's word)
        pa = [p for p in pa if "Abbr" not in p.tag]
        pb = [p for p in self.lex.parses(b) if "Abbr" not in p.tag]
        if (
            pa
            and pb
            and all(p.tag.POS == "ADJF" for p in pa)
            and all(p.tag.POS in _AGREEING for p in pb)
        ):
            na = {p.tag.number for p in pa} - {None}
            nb = {p.tag.number for p in pb} - {None}
            if na and nb and not na & nb:
                return False
        if not pa or any(p.tag.POS != "PREP" for p in pa):
            return True
        cases = {_CASE.get(c, c) for p in pb if (c := p.tag.case)}
        if pb and not cases:
            return False
        # a preposition only before a case it governs (объимъ: обѣимъ, not «объ имъ»)
        governs = _GOVERNS.get(a)
        return governs is None or not cases or bool(cases & governs)

    def _counted(self, numeral: list, b: str) -> bool:
        """Whether `b` is a noun of the game's vocabulary in the form a numeral in the
        nominative counts: the genitive singular after два, три, четыре, оба, полтора,
        the genitive plural after the others. A compound the lexicon lacks
        (четыреугольника: угольника is no word of the game) stays one word."""
        if not self.lex.is_domain(b):
            return False
        few = any(p.normal_form in _FEW for p in numeral)
        number = "sing" if few else "plur"
        return any(
            p.tag.POS == "NOUN" and p.tag.case == "gent" and p.tag.number == number
            for p in self.lex.parses(b)
        )

    def _sole_split(self, low: str) -> tuple[str, ...]:
        """The one way to cut `low` into two known words of three letters or more, if
        there is exactly one."""
        known = self.lex.known
        cuts = [
            (low[:i], low[i:]) for i in range(3, len(low) - 2) if known(low[:i]) and known(low[i:])
        ]
        return cuts[0] if len(cuts) == 1 else ()

    def _function_word(self, w: str) -> bool:
        return any(p.tag.POS in _FUNCTION_POS for p in self.lex.parses(w))

    # -- context -----------------------------------------------------------------------
    def bigram(self, a: str, b: str) -> int:
        """How often the document prints word `a` right before word `b` (only pairs with a
        word of `_count_bigrams`' watch list are counted)."""
        return self._bigrams.get((a, b), 0)

    def _count_bigrams(self, watch: set[str]) -> None:
        """Count adjacent word pairs (only white space between) that involve a watched word:
        the candidates context has to choose between. One pass over the words finds the
        watched ones (any case, ђ for ѣ); their neighbours are looked at only there."""
        text, pre = self.text, self.prereform
        counts: Counter = Counter()

        def low(w: str) -> str:
            # as corrected where the word alone decides: a second pass sees the same counts
            d = self.decisions.get(w)
            if d is None:
                return fix_letters(w, pre).lower()
            if d.best and d.conf >= CONFIDENCE_THRESHOLD and not d.runner_up:
                return d.best.lower()
            return d.fixed.lower()

        pm = None
        for m in WORD.finditer(text):
            prev_m, pm = pm, m
            key = m.group().lower()
            if key not in watch and ("ђ" not in key or key.replace("ђ", "ѣ") not in watch):
                continue
            s, e = m.span()
            w = low(m.group())
            nm = WORD.search(text, e, min(len(text), e + 80))
            if nm and text[e : nm.start()].isspace():
                counts[(w, low(nm.group()))] += 1
            if prev_m is not None and s - prev_m.end() <= 80 and text[prev_m.end() : s].isspace():
                p = low(prev_m.group())
                if p not in watch:  # else counted as that word's right-hand pair
                    counts[(p, w)] += 1
        self._bigrams = dict(counts)

    def _neighbours(self, s: int, e: int):
        pm = _PREV_WORD.search(self.text, max(0, s - 80), s)
        nm = WORD.search(self.text, e, min(len(self.text), e + 80))
        return pm, nm

    def _spaced_words(self, s: int, e: int) -> tuple[str | None, str | None]:
        """The words before and after text[s:e], letters fixed, lower case; each only when one
        plain space parts it from text[s:e] (across a line end or punctuation it is no context).
        The word before is as corrected, where it was (words are decided in text order):
        `осповной картъ` is основной картѣ, the adjective read right agreeing with the ѣ form."""
        pm, nm = self._neighbours(s, e)
        prev = nxt = None
        if pm and self._gap_is_space(pm.end(), s):
            prev = self._corrected(pm)
        if nm and self._gap_is_space(e, nm.start()):
            nxt = fix_letters(nm.group(), self.prereform).lower()
        return prev, nxt

    def _corrected(self, m: regex.Match) -> str | None:
        """The word `m` as the output will have it, lower case, where that is decided
        already: corrected in context, or read for sure on its own; else as printed, letters
        fixed. None for a speck dropped."""
        done = self._final_at.get(m.end())
        if done is not None:
            return done.lower() or None
        d = self.decisions.get(m.group())
        if d is not None and d.simple and d.best and d.conf >= CONFIDENCE_THRESHOLD:
            return d.best.lower()
        return fix_letters(m.group(), self.prereform).lower()

    def _rule_candidates(self, low: str, n: int) -> list[tuple[str, float]]:
        """Real words one confusion away from a known word that context may prefer: words
        the document prints more often than this one (крута 3x, круга 20x), or, for a rare
        word, domain words. Filtered by cheap counts before any lexicon lookup."""
        raw = self.table.neighbours(low, 1, min_weight=RULE_MIN_WEIGHT)
        if not raw:
            return []
        # the candidates (a dozen) looked up in the document's counts, those of the domain by
        # set intersection: the candidates are lower case, as the domain's forms are (a
        # count above n >= 0 is a word the document prints at least twice, `_frequent`)
        frequent = self._frequent
        pre = (  # below 2, every count there is above n
            raw.keys() & frequent.keys() if n < 2 else {c for c in raw if frequent.get(c, 0) > n}
        )
        if n <= 2 and self.table.lower_case:
            pre |= self._domain.intersection(raw)  # iterates over `raw`, the smaller
        elif n <= 2:
            pre |= {c for c in raw if self.lex.is_domain(c)}
        if not pre:  # nothing to look up (the budget is never below 0: nothing to spend)
            return []
        return sorted((c, raw[c]) for c in self._known_some(pre))

    def _real_word(self, d: _Decision, s: int, e: int) -> Edit | None:
        low = d.fixed.lower()
        prev, nxt = self._spaced_words(s, e)
        if prev is not None and not is_adjective(self.lex, prev):
            prev = None
        if nxt is not None and not is_noun(self.lex, nxt):
            nxt = None
        if prev is None and nxt is None:
            return None  # no adjective-noun pair around: nothing to agree with
        for cand, _p in d.real_word or ():
            # prev adjective + this noun
            if (
                prev is not None
                and not adjective_agrees(self.lex, prev, low)
                and adjective_agrees(self.lex, prev, cand)
            ):
                return Edit(
                    s, e, _like_case(d.fixed, cand), "real-word", AGREEMENT_CONFIDENCE, True
                )
            # this adjective + next noun
            if (
                nxt is not None
                and is_adjective(self.lex, low)
                and not adjective_agrees(self.lex, low, nxt)
                and adjective_agrees(self.lex, cand, nxt)
            ):
                return Edit(
                    s, e, _like_case(d.fixed, cand), "real-word", AGREEMENT_CONFIDENCE, True
                )
        return None

    def conf_at(self, s: int) -> float | None:
        """The OCR engine's confidence in the word starting at `s` (None: not given)."""
        k = bisect_right(self._conf_starts, s) - 1
        if k >= 0 and self._conf_spans[k][0] <= s < max(self._conf_spans[k][1], 1):
            c = self._conf_spans[k][2]
            return c if c >= 0 else None
        return None

    def _doubted(self, d: _Decision, s: int, e: int) -> Edit | None:
        """A rare real word the OCR engine doubted (`мета` at confidence 5) where the
        channel reaches a word of the document or the domain (мѣста): weighed as an unknown
        word is, the printed word's own evidence being its prior (`KNOWN_KEEP`) scaled by
        the engine's confidence. A domain word is never doubted. A word whose dictionary
        reading is informal or distorted (`боле`: `_MARKED`) is doubted whatever the
        engine's confidence, against any plain word the channel reaches (болѣе), on a
        smaller share of evidence of its own (`MARKED_KEEP`)."""
        conf = self.conf_at(s)
        if not d.marked and (conf is None or conf >= DOUBT_CONFIDENCE):
            return None
        if not d.marked and d.fixed != self.text[s:e]:
            return None  # столбцћ: the engine doubted the sign the letter repair read (ѣ)
        low = d.fixed.lower()
        if self.lex.is_domain(low) or self._function_word(low) or self._pronoun(low):
            return None  # a function word stands in every line: its own slips are `function`
        if not d.marked and self._authors_word(d.fixed, s, capital=True):
            return None  # Для «Паука», партіи Паука: a title quoted, a name
        if d.doubt is None:
            freq, dom = self.freq, self.lex.is_domain
            if d.marked:
                cands = {
                    c: p
                    for c, p in self._candidates(low, 1).items()
                    if not _final_sign_only(low, c) and not self._marked(c)
                }
            else:
                # another form of the same word (столбцѣ/столбцы, часѣ/часы) or of its
                # aspect's pair (удается/удастся: a verb of the same beginning) is grammar's
                # to choose, never the engine's doubt alone
                pos = {p.tag.POS for p in self.lex.parses(low)[:1]}
                cases = self._nominal_cases(low)
                cands = {
                    c: p
                    for c, p in self._candidates(low, 2).items()
                    if (freq.get(c) or dom(c))
                    and not _final_sign_only(low, c)
                    and not self._same_word(low, c)
                    and not (c[:3] == low[:3] and pos & {"VERB", "INFN"} & _top_pos(self.lex, c))
                    and not (
                        cases and (other := self._nominal_cases(c)) and cases.isdisjoint(other)
                    )
                }
            d.doubt = sorted(((p * self.prior(c), c) for c, p in cands.items()), reverse=True)
        doubt = d.doubt
        n = self.freq.get(low, 0)
        sure_elsewhere = self.word_conf_max.get(self.text[s:e], 0.0) >= DOUBT_CONFIDENCE
        if n > 1 and not d.marked and (keep_factor(conf) > KEEP_FLOOR or sure_elsewhere):
            # a word of the document that the document prints less often than the doubted
            # word is no evidence against it (удается twice, удастся once: each a word of
            # the page), unless the engine's doubt is at its floor at every occurrence,
            # where one word misread alike each time it stands is likelier (вѣера read
            # вера twice, at 28 and 17)
            doubt = [(x, c) for x, c in doubt if self.lex.is_domain(c) or self.freq[c] >= n]
        if doubt and self._after_preposition(s, e):
            # по выбору: after a preposition only a nominal reading (not выберу)
            doubt = [
                (x, c) for x, c in doubt if any(p.tag.POS in _NOMINAL for p in self.lex.parses(c))
            ]
        if not doubt:
            return None
        if not d.marked and self._lemma_printed(low):
            return None  # варіантъ паука, where the page prints Паукъ: the page's own word
        # the printed word's evidence: its other occurrences, not the doubted one itself
        own = 1.0 + math.log1p(max(0, self.freq.get(low, 0) - 1))
        keep = KNOWN_KEEP * own * keep_factor(conf)
        if d.marked:
            keep *= MARKED_KEEP
        best_s, best = doubt[0]
        share = best_s / (sum(x for x, _ in doubt) + keep)
        if share < CONFIDENCE_THRESHOLD:
            return None
        return Edit(s, e, _like_case(d.fixed, best), "real-word", share, True)

    def _uncommon(self, d: _Decision, s: int, e: int) -> Edit | None:
        """A rare real word that today's Russian hardly uses (`frequency.FLOOR`: елѣва,
        едаютъ, совеѣмъ) one seen confusion (`RULE_MIN_WEIGHT`) from a word it uses far more
        (`UNCOMMON_GAP`: слѣва, сдаютъ, совсѣмъ), where the document's sure corrections show
        that slip (`_sure_slips`: е for с) and the engine was not sure of the word
        (`SURE_UNKNOWN`): weighed as a doubted word is (`_doubted`),
        the candidates by their frequency, the printed word's own evidence as there. Never
        a domain, function word or pronoun, a name or a title, a word whose lemma the page
        prints, or another form of the same word (grammar's to choose)."""
        low = d.fixed.lower()
        common = self._common
        conf = self.conf_at(s)
        if (
            FREQ_WEIGHT <= 0
            or conf is None
            or conf >= SURE_UNKNOWN
            or common(low) > FLOOR
            or self.lex.is_domain(low)
            or self._function_word(low)
            or self._pronoun(low)
            or self._authors_word(d.fixed, s, capital=True)
        ):
            return None
        cands = {
            c: p
            for c, p in self.table.neighbours(low, 1, min_weight=RULE_MIN_WEIGHT).items()
            if common(c) >= FLOOR + UNCOMMON_GAP
            and not _final_sign_only(low, c)
            and self._sure_slips.issuperset(_align_chars(low, c))
        }
        cands = {c: cands[c] for c in self._known_some(cands)}
        if not cands or self._lemma_printed(low):
            return None
        parses = self.lex.parses(low)
        if any("Abbr" in p.tag for p in parses):
            return None  # проч.: an abbreviation is the print's own short word
        cases = self._nominal_cases(low)
        after_preposition = self._after_preposition(s, e)

        def fits(c: str) -> bool:
            # another word, in a case the printed one could be in (пимъ after на: never
            # нимъ), and after a preposition a nominal one
            other = self._nominal_cases(c)
            return (
                not self._same_word(low, c)
                and not (cases and other and cases.isdisjoint(other))
                and not (after_preposition and not other)
            )

        scored = sorted(
            (
                (p * self.prior(c) * 10.0 ** (FREQ_WEIGHT * (common(c) - FLOOR)), c)
                for c, p in cands.items()
                if fits(c)
            ),
            reverse=True,
        )
        if not scored:
            return None
        own = 1.0 + math.log1p(max(0, self.freq.get(low, 0) - 1))
        keep = KNOWN_KEEP * own * keep_factor(conf)
        best_s, best = scored[0]
        share = best_s / (sum(x for x, _ in scored) + keep)
        if share < CONFIDENCE_THRESHOLD:
            return None
        return Edit(s, e, _like_case(d.fixed, best), "real-word", share, True)

    def _authors_word(self, word: str, s: int, capital: bool = False) -> bool:
        """Whether `word` at text[s:] is one the engine's doubt does not overrule: a word
        opening a quotation (a title, a term cited: Для «Паука», названіе «паціенсъ»; with
        `capital`, only a capitalized one) or a capitalized word in mid-sentence (партіи
        Паука, Литература Карлтонъ: a name). The lexicon lacks names and cited words, so its
        witness against them is no independent one."""
        if s > 0 and self.text[s - 1] in "«„\"'“‘" and (word[:1].isupper() or not capital):
            return True
        return word[:1].isupper() and word[1:].islower() and bool(self._case(None, s))

    def _nominal_cases(self, word: str) -> set[str]:
        """The cases `word` can be in as a noun, adjective or pronoun (none for a verb …).
        A doubted noun is read as another only in a case it could be in itself: the
        sentence around it is the same (варіантъ паука: the genitive, never пачка)."""
        return {
            _CASE.get(c, c)
            for p in self.lex.parses(word)
            if p.tag.POS in _NOMINAL and (c := p.tag.case)
        }

    def _same_word(self, word: str, other: str) -> bool:
        """Whether `other` is another form of `word`'s word (a lemma in common: столбцѣ,
        столбцы): grammar's to choose between them, never a slip's."""
        lemmas = {p.normal_form for p in self.lex.parses(word)}
        return any(p.normal_form in lemmas for p in self.lex.parses(other))

    def _lemma_printed(self, low: str) -> bool:
        """Whether the document prints another form of the word's lemma, read surely (паука
        where the page prints Паукъ): the word is one the text uses, which the engine's
        doubt about one occurrence does not outweigh. A form the engine doubted too is no
        witness (вера, веры, веръ: вѣеръ misread alike each time). Only words of the same
        first three letters are parsed (a form of the lemma shares its beginning but for a
        few suppletive ones)."""
        head = low[:3]
        return any(
            c >= DOUBT_CONFIDENCE
            and (w := fix_letters(printed, self.prereform).lower()) != low
            and w.startswith(head)
            and w.isalpha()
            and self.lex.known(w)
            and self._same_word(low, w)
            for printed, c in self.word_conf_max.items()
        )

    def _gerund_before_subject(self, d: _Decision, s: int, e: int) -> Edit | None:
        """`вея колода`, `колода вея пройдена`: a word read only as a gerund right before a
        noun that can only be in the nominative (a gerund governs no nominative), or right
        after one with no comma between (a gerund's phrase is set off by commas), where one
        seen confusion away an adjective agrees with that noun (вся колода, колода вся)."""
        low = d.fixed.lower()
        if low[-1:] not in "яа":  # a present gerund's ending (вея, кладя, держа)
            return None
        # the word's own tags first (no parse built; `decide` read them for most rare words
        # already): a word read only as a gerund is rare, and the neighbours are not looked for
        ps = self.lex.tags(low)
        if not ps or any(t.POS != "GRND" for t in ps):
            return None
        prev, nxt = self._spaced_words(s, e)
        nouns = [
            w
            for w in (nxt, prev)
            if w is not None
            and (tags := self.lex.tags(w))
            and all(t.POS == "NOUN" and t.case == "nomn" for t in tags)
        ]
        if not nouns:
            return None
        raw = self.table.neighbours(low, 1, min_weight=RULE_MIN_WEIGHT)
        for noun in nouns:
            cands = sorted(
                ((w, c) for c, w in raw.items() if adjective_agrees(self.lex, c, noun)),
                reverse=True,
            )
            if cands and self.lex.known(cands[0][1]):
                return Edit(
                    s, e, _like_case(d.fixed, cands[0][1]), "real-word", AGREEMENT_CONFIDENCE, True
                )
        return None

    def _pronoun_after_preposition(self, d: _Decision, s: int, e: int) -> Edit | None:
        """`на пего`, `съ пей`: a rare word right after a preposition, in no case that
        preposition governs, where one seen confusion away exactly one pronoun is in such
        a case (него, ней: after a preposition the pronoun takes н-). A word the
        preposition can govern (на пимъ: a noun in the accusative) stays."""
        # no space before (no preposition right before), or no н- word one confusion away
        # (most words): the word before is not looked for, nor read as corrected
        if self.text[s - 1 : s] != " ":
            return None
        low = d.fixed.lower()
        raw = self.table.neighbours(low, 1, min_weight=RULE_MIN_WEIGHT)
        if "\0н" not in "\0" + "\0".join(raw):  # a key opening in н (keys hold no NUL)
            return None
        pm = _PREV_WORD.search(self.text, max(0, s - 80), s)
        if pm is None or not self._gap_is_space(pm.end(), s):
            return None
        prev = self._corrected(pm)
        if prev is None or prev not in _GOVERNS or self._governs_case(prev, low):
            return None
        fits = [
            c
            for c in sorted(raw)
            if c[:1] == "н"
            and self.lex.known(c)
            and any(p.tag.POS == "NPRO" for p in self.lex.parses(c)[:1])
            and self._governs_case(prev, c)
        ]
        if len(fits) != 1:
            return None
        return Edit(s, e, _like_case(d.fixed, fits[0]), "real-word", AGREEMENT_CONFIDENCE, True)

    def _after_preposition(self, s: int, e: int) -> bool:
        """Whether a preposition governs text[s:e]: it stands right before, or before a
        possessive or attribute between (по выбору, по его выбору, на первой картѣ). After
        a preposition the pronoun itself takes н- (на нее), the possessive never does."""
        for w in self._clause(s, e, forward=False, limit=3):
            top = self.lex.parses(w)[:1]
            if not top:
                return False
            if top[0].tag.POS == "PREP":
                return True
            if top[0].tag.POS not in _ATTRIBUTES and w not in _POSSESSIVES:
                return False
        return False

    def _pronoun(self, word: str) -> bool:
        """A pronoun (его, него, ея): a closed class that stands in every page, as function
        words do; rare on one page, it is still no slip for that."""
        return any(p.tag.POS == "NPRO" for p in self.lex.parses(word)[:1])

    def _marked(self, word: str) -> bool:
        top = self.lex.parses(word)[:1]
        return not top or self._marked_tag(top[0])

    @staticmethod
    def _marked_tag(parse) -> bool:
        """Whether a reading is informal or distorted (`_MARKED`)."""
        return not _MARKED.isdisjoint(parse.tag.grammemes)

    def _real_word_by_neighbours(self, d: _Decision, s: int, e: int) -> Edit | None:
        """A real word printed once where the document elsewhere prints, between the same
        neighbours, the word one confusion away (and prints that word far more often).
        Short neighbours (изъ, и, въ) are no evidence: they stand next to anything."""
        prev, nxt = self._spaced_words(s, e)
        prev = prev if prev and len(prev) >= 4 else None
        nxt = nxt if nxt and len(nxt) >= 4 else None
        if prev is None and nxt is None:
            return None
        low = d.fixed.lower()
        n = self.freq[low]
        for cand, _p in d.real_word or ():
            if self.freq.get(cand, 0) < 3 * n:
                continue
            sc = (self.bigram(prev, cand) if prev else 0) + (self.bigram(cand, nxt) if nxt else 0)
            sw = (self.bigram(prev, low) - 1 if prev else 0) + (
                self.bigram(low, nxt) - 1 if nxt else 0
            )
            if sc >= 2 and sw <= 0:
                return Edit(
                    s, e, _like_case(d.fixed, cand), "real-word", NEIGHBOUR_CONFIDENCE, True
                )
        return None

    def _initial_slips(self, low: str) -> dict[str, float]:
        """The common words (`COMMON_LOOKUP`) the word `low`, printed with a capital, is with
        another first letter (a capital misread as another, whatever its shape:
        `INITIAL_WEIGHT`), and one seen confusion more (Кели, Вели: Если, with е read for с;
        Кеть: Есть): each with its weight. The list finds them by the word's rest, read
        as printed and with each seen slip (`frequency.common_by_tail`), before the
        dictionary is asked."""
        if COMMON_LOOKUP is None:
            return {}
        firsts = common_by_tail(COMMON_LOOKUP)
        tails = {low[1:]: INITIAL_WEIGHT}
        for t, w in self.table.neighbours(low[1:], 1, min_weight=RULE_MIN_WEIGHT).items():
            tails[t] = max(tails.get(t, 0.0), INITIAL_WEIGHT * w)
        out: dict[str, float] = {}
        for t, w in tails.items():
            for a in firsts.get(reformed_letters("а" + t)[1:], ""):
                c = a + t
                if a != low[0] and w > out.get(c, 0.0):
                    out[c] = w
        # the old print's і stands before a vowel only (исторія, never історія)
        out = {c: w for c, w in out.items() if not _I_BEFORE_CONSONANT.search(c)}
        return {c: out[c] for c in self._known_some(out)} if out else {}

    def _initial_confusables(self, low: str) -> list[tuple[str, float]]:
        """A capitalized real word today's Russian hardly uses (below `INITIAL_RARE`: Вели,
        Кеть) whose first capital may be another's: the common words `_initial_slips`
        reaches that are `INITIAL_GAP` commoner, none another form of the same word."""
        zipf_low = self._common(low)
        if zipf_low >= INITIAL_RARE:
            return []
        slips = self._initial_slips(low)
        if not slips:
            return []
        return sorted(
            (c, w)
            for c, w in slips.items()
            if self._common(c) >= zipf_low + INITIAL_GAP and not self._same_word(low, c)
        )

    def _confusables(self, low: str) -> list[tuple[str, float]]:
        """The words the context model knows one letter from `low` (a real word): each with
        its confusion's weight, a seen one's (но for по: 0.45) or `CONTEXT_GENERIC` for a
        letter no confusion of the table explains (онъ for отъ): the model's own pairs
        (`ContextModel.pairs`) and the table's seen confusions. A word the model lacks is
        weighed only where the dictionary reads it as informal or distorted alone (се: ее,
        `ContextModel.near`)."""
        model = self.context
        marked = False
        if model is None:
            return []
        if not model.has(low):
            # a word the gold seldom prints: the model knows nothing of its contexts (a rare
            # word one slip from a common one is `_uncommon`'s, on the page's own evidence);
            # but one the dictionary reads only as informal or distorted (се) is no word of
            # the print's: its unseen score stands against the model's words
            if not all(self._marked_tag(p) for p in self.lex.parses(low)):
                return []
            marked = True
        seen = self.table.neighbours(low, 1, min_weight=RULE_MIN_WEIGHT)
        out = {c: w for c, w in seen.items() if c != low and model.has(c)}
        for c in model.near(low) if marked else model.pairs(low):
            if c not in out:
                i = next(k for k, (a, b) in enumerate(zip(low, c, strict=True)) if a != b)
                out[c] = max(CONTEXT_GENERIC, self.table.weight(low[i], c[i]))
        if not out:
            return []
        # another form of the same word (звѣзду/звѣзды) or another pronoun (она/онъ, ихъ/
        # имъ) is grammar's to choose
        pronoun = not marked and any(p.tag.POS == "NPRO" for p in self.lex.parses(low))
        return sorted(
            (c, w)
            for c, w in out.items()
            if not self._same_word(low, c)
            and not (pronoun and any(p.tag.POS == "NPRO" for p in self.lex.parses(c)))
        )

    def _context_token(self, s: int, e: int, forward: bool) -> str | None:
        """The context model's neighbour of the word text[s:e] on one side: the word (as
        corrected, where it was), a mark, or a line's edge; None where text the engine lost
        stands between, or a speck was dropped there."""
        text = self.text
        if forward:
            k = e
            while k < len(text) and text[k] == " ":
                k += 1
            if k >= len(text) or text[k] == "\n":
                return "</s>"
            if self._cut_between(e, k + 1):
                return None
            nm = WORD.match(text, k)
            if nm is not None:
                return self._corrected(nm)
            toks = tokens(text[k])
            return toks[0] if toks else None
        k = s - 1
        while k >= 0 and text[k] == " ":
            k -= 1
        if k < 0 or text[k] == "\n":
            return "<s>"
        if self._cut_between(k, s):
            return None
        if text[k].isalpha():
            pm = _PREV_WORD.search(text, max(0, k - 80), k + 1)
            return self._corrected(pm) if pm is not None else None
        toks = tokens(text[k])
        return toks[0] if toks else None

    def _by_context(self, d: _Decision, s: int, e: int) -> Edit | None:
        """A real word the engine doubted (below `CONTEXT_DOUBT`) that its neighbours read as
        another one letter away (`, по его` -> `, но его`; `карту отъ выбираетъ` -> `онъ`): the
        context model's score of each, times its confusion's weight, the printed word's
        own times the engine's confidence (`keep_factor`); the other word only with
        `CONTEXT_SHARE` of the evidence or more."""
        conf = self.conf_at(s)
        model = self.context
        if conf is None or conf >= CONTEXT_DOUBT or model is None or not d.confusable:
            return None
        if d.name:
            return self._name_slip(d, s, e)
        if self._authors_word(d.fixed, s, capital=True):
            return None
        left = self._context_token(s, e, forward=False)
        right = self._context_token(s, e, forward=True)
        if left is None or right is None:
            return None
        if d.fixed[:1].isupper() and left not in _OPENS_SENTENCE:
            return None  # a capital inside a sentence: a name's, not a slip's
        lc, rc = neighbour_class(self.lex, left), neighbour_class(self.lex, right)
        low = d.fixed.lower()
        own = model.score(low, left, lc, right, rc) * keep_factor(conf)
        scored = sorted(
            ((w * model.score(c, left, lc, right, rc), c) for c, w in d.confusable), reverse=True
        )
        best_s, best = scored[0]
        share = best_s / (own + sum(x for x, _ in scored))
        if share < CONTEXT_SHARE:
            return None
        return Edit(s, e, _like_case(d.fixed, best), "real-word", share, True)

    def _name_slip(self, d: _Decision, s: int, e: int) -> Edit | None:
        """A rare name the engine doubted opening a sentence (`. Кеть возможность`), where
        exactly one word of the rule books is it with another capital and one seen slip
        (Есть): that word. The neighbours cannot weigh a name the gold never prints, and a
        sentence seldom opens with a name the engine doubts."""
        words = d.confusable or []
        if len(words) != 1 or self._context_token(s, e, False) not in _OPENS_SENTENCE:
            return None
        if self._authors_word(d.fixed, s, capital=True):
            return None  # the page's own name, printed surely elsewhere
        new = _like_case(d.fixed, words[0][0])
        return Edit(s, e, new, "real-word", AGREEMENT_CONFIDENCE, True)

    def _relative(self, d: _Decision, s: int, e: int) -> Edit | None:
        """`мета, с которых сняты карты`: a rare noun right before «, [prep] который…» that
        cannot be its antecedent (number, gender), while one letter away a word of the
        document's own vocabulary can (места)."""
        m = _RELATIVE.match(self.text, e)
        if not m or not is_noun(self.lex, d.fixed.lower()):
            return None
        rel = relative_parses(self.lex, m.group("rel").lower())
        if not rel:
            return None

        def fits(word: str) -> bool:
            return antecedent_fits(self.lex, word, rel)

        low = d.fixed.lower()
        if fits(low):
            return None
        pm = _PREV_WORD.search(self.text, max(0, s - 80), s)
        if pm and self._gap_is_space(pm.end(), s):
            prev = self._as_read(pm).lower()  # as corrected: чегыре is четыре
            if any(p.tag.POS == "NUMR" for p in self.lex.parses(prev)):
                return None  # четыре туза, которые: a numeral's noun is singular
            if fits(prev) and any("gent" in p.tag for p in self.lex.parses(low)):
                return None  # пачекъ талона, которыя: the noun before may be the antecedent
        # «который» sets the antecedent's number and gender, never its case, which the
        # antecedent's own clause gives: a reading in none of the printed noun's cases is
        # another word (видовъ пасьянсовъ, въ которомъ: not пасьянсомъ)
        cands = sorted(
            c
            for c in self._known_edits(low)
            if (self.lex.is_domain(c) or self.freq.get(c, 0) >= 2) and fits(c)
        )
        if len(cands) != 1:
            return None
        cases = {p.tag.case for p in self.lex.parses(low) if p.tag.POS == "NOUN"}
        if not any(p.tag.case in cases for p in self.lex.parses(cands[0]) if p.tag.POS == "NOUN"):
            return None
        if pm and self._gap_is_space(pm.end(), s):
            prep = self._as_read(pm).lower()
            if self._governs_case(prep, low) and not self._governs_case(prep, cands[0]):
                # отъ короля до туза, которыя: a preposition's phrase, the antecedent before it
                return None
        return Edit(s, e, _like_case(d.fixed, cands[0]), "real-word", RELATIVE_CONFIDENCE, True)

    def _preposition_by_case(self, d: _Decision, s: int, e: int) -> Edit | None:
        """A two-letter word of no reading (`ло самого конца`, `ло одной картѣ`): where it
        is one letter from prepositions, the case of the phrase after it chooses, and only
        where exactly one of them governs a case every word of that phrase (up to its noun)
        can be in (до самого: the genitive; по одной картѣ: the dative)."""
        low = d.fixed.lower()
        if len(low) != 2 or not low.islower():
            return None
        preps = []
        for p in _PREPOSITION_CASES:
            diff = [(a, b) for a, b in zip(low, p, strict=False) if a != b]
            # one letter read for one of like shape (л for д or п), not any letter
            if len(p) == 2 and len(diff) == 1 and diff[0] in shape_pairs():
                preps.append(p)
        if not preps:
            return None
        words = self._clause(s, e, forward=True, limit=3)
        phrase: list[set[str]] = []
        for w in words:
            ps = [q for q in self.lex.parses(w) if q.tag.POS in _NOMINAL]
            if not ps:
                break
            phrase.append({_CASE.get(c, c) for q in ps if (c := q.tag.case)})
            if any(q.tag.POS == "NOUN" for q in ps):
                break
        if not phrase:
            return None
        fits = [p for p in preps if all(cs & _PREPOSITION_CASES[p] for cs in phrase)]
        if len(fits) != 1:
            return None
        return Edit(s, e, _like_case(d.fixed, fits[0]), "ocr-word", AGREEMENT_CONFIDENCE, True)

    def _heads_its_phrase(self, prep: str, e: int) -> bool:
        """Whether `prep`, ending at `e`, is a preposition the word after it confirms: that
        word is in a case the preposition governs (на основаніяхъ, съ краю). Such a word is
        no stray half of its neighbour, whatever the engine thought of it."""
        if prep.lower() not in _GOVERNS:
            return False
        after = self._clause(e, e, forward=True, limit=1)
        return bool(after) and self._governs_case(prep.lower(), after[0])

    def _governs_case(self, prep: str, word: str) -> bool:
        """Whether the preposition `prep` governs a case `word` can be in (до туза, not до
        тузы); False where `prep` is no preposition of `_GOVERNS`."""
        governs = _GOVERNS.get(prep)
        if governs is None:
            return False
        cases = {_CASE.get(c, c) for p in self.lex.parses(word) if (c := p.tag.case)}
        return bool(cases & governs)

    def _yat_in_context(self, d: _Decision, s: int, e: int) -> Edit | None:
        """A final ѣ the OCR read as ъ (or lost), where the word with ъ is a word too:
        онъ/онѣ, объ/обѣ, картъ/картѣ. Grammar decides, never the word alone: a plural
        verb after он(ъ) wants онѣ; объ before a consonant is обѣ (the preposition is о
        there); a genitive plural in -ъ cannot follow въ, на, о, при, къ, по, while the
        ѣ form (locative, dative) can; an adjective before it that agrees only with the ѣ
        form. The OCR's own confidence in the word, when given, must be below 95."""
        yat = d.yat
        assert yat is not None
        conf = self.word_conf.get(self.text[s:e])
        if conf is not None and conf >= 95:
            return None
        plain = d.plain or yat[:-1] + "ъ"
        lex = self.lex
        if self.text[e : e + 1] == "-" and self.text[e + 1 : e + 2].isalpha():
            return None  # камеръ-юнкеръ: the first half of a compound, whose case is not its own
        prev, nxt = self._spaced_words(s, e)
        if plain.endswith("ь") and any(
            _nominal_not_genitive_plural(p) if prev in _NO_GENITIVE else p.tag.POS in _NOMINAL
            for p in lex.parses(plain)
        ):
            return None  # семь, соль: a word in ь that can be a noun or numeral where it stands
        ok = False
        if plain == "онъ" and nxt:
            # the first predicate of the clause after it (пока он не будутъ покрыты; когда
            # он къ нимъ подходятъ; чтобы онъ отчасти покрывали): plural wants онѣ; и right
            # before the predicate is a particle (хотя бы онъ и лежали)
            after = self._clause(s, e, forward=True, limit=4)
            for i, w in enumerate(after):
                top = lex.parses(w)[:1]
                if top and w == "и" and i == 0 and len(after) > 1:
                    nxt_top = lex.parses(after[1])[:1]
                    if nxt_top and nxt_top[0].tag.POS in _PREDICATE:
                        continue
                if not top or top[0].tag.POS == "CONJ":
                    break
                if top[0].tag.POS in _PREDICATE:
                    ok = "plur" in top[0].tag
                    break
            else:
                ok = prev in ("всѣ", "обѣ")  # всѣ онъ одной масти: всѣ agrees with онѣ only
        elif plain == "объ" and nxt:
            ok = nxt[:1] in "бвгджзклмнпрстфхцчшщ" and len(nxt) > 2
        elif prev in _LOCATIVE_ONLY:
            # при просмотръ: a preposition of the locative alone, which the ѣ form is
            ok = any(t.POS == "NOUN" and "loct" in t.grammemes for t in lex.tags(yat)) and not any(
                "loct" in t.grammemes for t in lex.tags(plain)
            )
        elif prev in _NO_GENITIVE:
            # after a preposition only a nominal reading counts (въ правилъ: not «правил»)
            own = [p for p in lex.parses(plain) if p.tag.POS not in _VERBAL]
            if plain.endswith("ь"):  # по мѣрь, на столь: a verb or adverb (no noun: above)
                ok = True
            else:
                ok = bool(own) and all(
                    p.tag.POS == "NOUN" and "gent" in p.tag and "plur" in p.tag for p in own
                )
            ok = ok and any(
                t.POS == "NOUN" and ({"loct", "datv"} & t.grammemes) for t in lex.tags(yat)
            )
        elif (
            prev
            and any(t.POS in {"ADJF", "PRTF"} for t in lex.tags(prev))
            and any(t.POS in _NOMINAL for t in lex.tags(plain))
        ):
            # an adjective agrees with a nominal only: a preposition after it (его безъ
            # особыхъ трудностей) agrees with nothing, and that is no evidence for безѣ
            ok = not adjective_agrees(lex, prev, plain) and adjective_agrees(lex, prev, yat)
            if ok and prev in _ADVERBIAL_PRONOUNS:
                # при этомъ рядъ: «при этомъ» (thereby) stands alone, no adjective
                before = self._spaced_words(*self._prev_span(s))[0]
                ok = before != "при"
        if not ok:
            return None
        return Edit(s, e, _like_case(d.fixed, yat), "real-word", AGREEMENT_CONFIDENCE, True)

    def _clause(self, s: int, e: int, forward: bool, limit: int = 5) -> list[str]:
        """Up to `limit` words after (or before, nearest first) text[s:e] within its clause:
        only a plain space between words (punctuation or a line end closes the clause);
        each as corrected where it alone decides, lower case."""
        out: list[str] = []
        text = self.text
        for _ in range(limit):
            if forward:
                m = WORD.search(text, e, min(len(text), e + 80))
                if m is None or not self._gap_is_space(e, m.start()):
                    break
            else:
                m = _PREV_WORD.search(text, max(0, s - 80), s)
                if m is None or not self._gap_is_space(m.end(), s):
                    break
            s, e = m.span()
            w = None if forward else self._final_at.get(e)
            if w is None:
                dd = self.decide(m.group())
                sure = dd.conf >= CONFIDENCE_THRESHOLD and not dd.runner_up
                w = dd.best if dd.best and sure else dd.fixed
            out.append(w.lower())
        return out

    def _verb_in_context(self, d: _Decision, s: int, e: int) -> Edit | None:
        """выходить or выходитъ, as the clause before it says: a word that takes an
        infinitive (можно, должна, чтобы, a verb) wants the infinitive; a subject in the
        nominative of the verb's number (пасьянсъ, она, карты, который), with only
        particles, adverbs, attributes or a preposition's phrase between, the third
        person. Nothing decisive: the word stays as printed. The OCR's confidence does not
        weigh here: its model of modern Russian reads ъ as ь surely, and both are words."""
        lex = self.lex
        low = d.fixed.lower()
        finite = low if low.endswith("ъ") else d.verb or ""
        numbers = {p.tag.number for p in lex.parses(finite) if p.tag.POS == "VERB"}
        words = self._clause(s, e, forward=False)
        if not numbers:
            # занять/занятъ: the short participle only after быть (можетъ быть занятъ),
            # which takes no perfective infinitive; elsewhere the infinitive stays
            if not words or not any(p.normal_form == "быть" for p in lex.parses(words[0])):
                return None
            if finite == low:
                return None
            return Edit(s, e, _like_case(d.fixed, finite), "real-word", AGREEMENT_CONFIDENCE, True)
        infinitive = None
        genitive = False  # inside a noun's genitive complement, read from its end
        for i, w in enumerate(words):
            if w in _INFINITIVE_CONJ:
                infinitive = True
                break
            ps = lex.parses(w)
            if not ps:
                break  # an unknown word: the clause is not read
            pos = ps[0].tag.POS
            if i == 0 and pos == "PREP" and all(p.tag.POS == "PREP" for p in ps):
                break  # терпи отъ выходитъ: a preposition governs no verb; its word is misread
            if i + 1 < len(words) and self._after_preposition_word(words[i + 1]):
                continue  # которые на немъ лежатъ: a preposition's object governs nothing
            if pos == "NPRO" and not any("nomn" in p.tag for p in ps if p.tag.POS == "NPRO"):
                continue  # поспѣшность его губитъ: a pronoun's object stands before its verb
            if pos == "NOUN" and all(
                p.tag.case in ("gent", "gen2") for p in ps if p.tag.POS == "NOUN"
            ):
                genitive = True  # карты одного столбца лежатъ: the genitive of a noun before
                continue
            if genitive and pos in ("ADJF", "PRTF", "NUMR") and any("gent" in p.tag for p in ps):
                continue  # the genitive's attributes (одного, каждаго)
            genitive = False
            if pos in _TAKES_INFINITIVE or (
                i == 0 and pos == "NOUN" and ps[0].normal_form in _INFINITIVE_NOUNS
            ):  # the noun right before the verb (права на приложенія принадлежатъ: subject)
                infinitive = True
                break
            governed = self._governed(words[i + 1 :]) if pos in _NOMINAL else False
            if governed is None:
                break  # во везкое время: an unread word before the noun may be its preposition's
            if pos not in _NOMINAL or governed:
                if pos == "CONJ":
                    break
                continue  # a particle, an adverb, a preposition and its noun
            nominative = [p for p in ps if "nomn" in p.tag and pos == p.tag.POS]
            if pos in _SUBJECT or ps[0].normal_form == "который":
                if any(p.tag.number in numbers for p in nominative):
                    infinitive = (
                        False
                        if not self._governor_before(words[i + 1 :])
                        and not self._predicative_near(words[:i], e)
                        else None
                    )
                break  # a subject of another number, or a noun in another case: unclear
            if not nominative:
                break  # an adjective in another case (забота играющаго освободить)
            if self._substantive(words[:i]) and any(p.tag.number in numbers for p in nominative):
                # an adjective or participle in the nominative that no noun follows is the
                # subject itself (играющій переноситъ, нижняя изъ картъ подходитъ)
                infinitive = False
                break
        if infinitive is None:
            infinitive = self._verb_by_next(e, numbers)
        if infinitive is None:
            infinitive = self._verb_by_coordinate(e, numbers)
        if infinitive is None and self._opens_clause(words):
            infinitive = self._verb_by_sentence(s, e, numbers)
        if infinitive is None:
            return None
        if infinitive is False and self._finite_after(e):
            return None
        want = low if low.endswith("ь") == infinitive else d.verb
        if want is None or want == low:
            return None
        return Edit(s, e, _like_case(d.fixed, want), "real-word", AGREEMENT_CONFIDENCE, True)

    def _finite_after(self, e: int) -> bool:
        """Whether a finite verb stands later in the verb's clause, with no conjunction
        before it (`переносить нѣсколько картъ вмѣстѣ не дозволяется`): a clause holds one
        finite verb, so the word is that verb's infinitive, whatever noun stands before
        it (the subject read there may be text the engine lost, `только ка` / `переносить`).
        An unknown word stops the reading: nothing is said."""
        for w in self._clause(e, e, forward=True, limit=FINITE_AFTER_WORDS):
            top = self.lex.parses(w)[:1]
            if not top or top[0].tag.POS == "CONJ":
                return False
            if top[0].tag.POS == "VERB" and "indc" in top[0].tag:
                return True
        return False

    def _opens_clause(self, words: list[str]) -> bool:
        """Whether the verb opens its clause after a comma, a parenthesis or a joining
        conjunction (`, выходить`, `но выходить`, `и почти всегда выходить`): the clause
        before it, read nearest first, is empty or an и, а, но, или with only particles or
        adverbs after it. There the clause itself holds no subject nor governor, and the
        sentence has to be read (`_verb_by_sentence`)."""
        for w in words:
            if w in _JOINING:
                return True
            top = self.lex.parses(w)[:1]
            if not top or top[0].tag.POS not in ("PRCL", "ADVB"):
                return False
        return True

    def _sentence_before(self, s: int) -> list[str] | None:
        """The words of the sentence before text[s:], nearest first, as corrected, up to a
        sentence's end, a semicolon, a colon or a line's end (a heading, a paragraph);
        None where a word there is unknown to the lexicon, or where the sentence's start
        is not seen: the page's first line, or a paragraph's, opening in a small letter
        (`основаніе, ни употребить`: the sentence began on the page before)."""
        out: list[str] = []
        text, pos = self.text, s
        while len(out) < SENTENCE_WORDS:
            m = _PREV_WORD.search(text, max(0, pos - 80), pos)
            gap = text[m.end() : pos] if m is not None else text[:pos]
            if m is None or "\n" in gap:
                if not out or not text[pos : pos + 1].isupper():
                    return None  # an opening in a small letter: the sentence's start unseen
                break
            if any(c in _CLAUSE_STOPS for c in gap):
                break
            if self._cut_between(m.end(), pos):
                return None  # the engine lost text before the clause: its start unseen
            w = self._final_at.get(m.end())
            if w is None:
                dd = self.decide(m.group())
                sure = dd.conf >= CONFIDENCE_THRESHOLD and not dd.runner_up
                w = dd.best if dd.best and sure else dd.fixed
            if not self.lex.parses(w.lower()):
                return None
            out.append(w.lower())
            pos = m.start()
        return out

    def _verb_by_sentence(self, s: int, e: int, numbers: set) -> bool | None:
        """выходить or выходитъ where the verb opens its clause (`_opens_clause`): the
        third person where the sentence before holds a subject in the nominative of the
        verb's number (its nearest noun or pronoun no preposition governs) and nothing
        that could govern an infinitive: no verb, infinitive, gerund, participle,
        predicative or short neuter adjective (можно, должно), no чтобы (`Пасьянсъ этотъ,
        несмотря на свое имя, выходитъ`; `Онъ очень легокъ и выходитъ`). A verb right after
        a dash (`Цѣль — выложить`) or before a governor (`, выходить можно`) stays."""
        lex = self.lex
        text_before = self.text[max(0, s - 3) : s].rstrip()
        if text_before.endswith(("—", "-", "–")):
            return None
        after = self._clause(e, e, forward=True, limit=2)
        for w in after:
            top = lex.parses(w)[:1]
            if top and (top[0].tag.POS in _GOVERNORS or _neuter_predicative(top[0].tag)):
                return None
        before = self._sentence_before(s)
        if not before:
            return None
        subject = None
        for i, w in enumerate(before):
            if w in _INFINITIVE_CONJ:
                return None
            ps = lex.parses(w)
            top = ps[0].tag
            if top.POS in _GOVERNORS or _neuter_predicative(top):
                return None
            if subject is not None:
                continue  # read on: a governor before the subject still counts
            nominative = [
                p
                for p in ps
                if "nomn" in p.tag
                and (p.tag.POS == "NOUN" or (p.tag.POS == "NPRO" and "3per" in p.tag))
            ]
            if top.POS not in ("NOUN", "NPRO") or not nominative:
                continue
            governed = self._governed(before[i + 1 :])
            if governed is None:
                return None
            if governed:
                continue  # несмотря на свое имя: a preposition's noun is no subject
            if not any(p.tag.number in numbers for p in nominative):
                return None  # a nominative of another number: not this verb's subject
            subject = w
        return False if subject is not None else None

    def _after_preposition_word(self, w: str) -> bool:
        """Whether `w` is a preposition and nothing else a clause could read it as."""
        top = self.lex.parses(w)[:1]
        return bool(top) and top[0].tag.POS == "PREP" and w in _GOVERNS

    def _predicative_near(self, between: list[str], e: int) -> bool:
        """Whether a predicative stands between the subject and the verb (`пасьянсъ
        трудно сложить`: трудно, легко, удобно may govern an infinitive) or right after the
        verb (`мѣста заполнять нельзя`): the subject's reading, the third person, and the
        predicative's, the infinitive, contradict each other, and the word stays as printed.
        An adverb that is never a predicative (рѣдко, часто) says nothing."""
        for w in between:
            if any("Prdx" in p.tag or p.tag.POS == "PRED" for p in self.lex.parses(w)):
                return True
        after = self._clause(e, e, forward=True, limit=1)
        return bool(after) and any(p.tag.POS == "PRED" for p in self.lex.parses(after[0])[:1])

    def _governor_before(self, words: list[str]) -> bool:
        """Whether a word that takes an infinitive stands in the clause before a noun read as
        the verb's subject (`позволяется одинъ разъ вытащить`: разъ is a noun in the
        nominative, but it counts the times; the verb that allows is the infinitive's
        governor). The two readings contradict each other, and the word stays as printed."""
        for w in words:
            top = self.lex.parses(w)[:1]
            if not top or top[0].tag.POS == "CONJ":
                return False
            if top[0].tag.POS in _TAKES_INFINITIVE:
                return True
        return False

    def _substantive(self, between: list[str]) -> bool:
        """Whether an adjective stands for its noun: the words `between` it and the verb
        (nearest the verb first) are none, particles or adverbs only, or a preposition's
        phrase only (изъ переносимыхъ картъ), so no noun it could agree with follows it."""
        if not between:
            return True
        tops = [self.lex.parses(w)[:1] for w in between]
        if not all(tops):
            return False
        if all(t[0].tag.POS in ("PRCL", "ADVB") for t in tops):
            return True  # играющій не спѣшитъ: a particle or adverb is no noun to agree with
        if tops[-1][0].tag.POS != "PREP":
            return False
        return all(t[0].tag.POS in _NOMINAL | _ATTRIBUTES for t in tops[:-1])

    def _verb_by_next(self, e: int, numbers: set) -> bool | None:
        """The verb's form by the word after it in its clause, where the clause before says
        nothing: a personal pronoun in the nominative of the verb's number after it is its
        subject (выходитъ онъ рѣдко). An infinitive after it says nothing: an infinitive
        takes one too (если не спѣшить занимать). None where the next word says nothing."""
        after = self._clause(e, e, forward=True, limit=1)
        if not after:
            return None
        ps = self.lex.parses(after[0])
        if not ps:
            return None
        if all(p.tag.POS == "NPRO" for p in ps) and any(
            "nomn" in p.tag and "3per" in p.tag and p.tag.number in numbers for p in ps
        ):
            return False
        return None

    def _verb_by_coordinate(self, e: int, numbers: set) -> bool | None:
        """The verb's form by a verb joined to it by и or а later in its clause, where
        nothing before it decides: a finite verb of the third person and the verb's number
        there makes it finite too (колоду держать въ рукахъ и открываютъ карту: держатъ). An
        infinitive would have its own governor before it, which the clause has not."""
        after = self._clause(e, e, forward=True, limit=6)
        lex = self.lex
        for i, w in enumerate(after[:-1]):
            top = lex.parses(w)[:1]
            if not top:
                return None
            pos = top[0].tag.POS
            if w in ("и", "а"):
                nxt = lex.parses(after[i + 1])[:1]
                if not nxt:
                    return None
                tag = nxt[0].tag
                if tag.POS == "VERB" and "3per" in tag and tag.number in numbers:
                    return False
                return None
            if pos in _VERBAL or pos in _TAKES_INFINITIVE or pos == "CONJ":
                return None
        return None

    def _governed(self, before: list[str]) -> bool | None:
        """Whether a preposition governs the noun after the words `before` (nearest first):
        it stands before them with only adjectives, numerals or adverbs between (во всякое
        время). None where a word the lexicon does not know comes first: it may be an
        attribute misread, or the preposition itself."""
        for w in before:
            top = self.lex.parses(w)[:1]
            if not top:
                return None
            if top[0].tag.POS == "PREP":
                return True
            if top[0].tag.POS not in _ATTRIBUTES:
                return False
        return False

    def _next_span(self, e: int) -> tuple[int, int]:
        """The span of the word after text[?:e] (or (e, e))."""
        nm = WORD.search(self.text, e, min(len(self.text), e + 80))
        return nm.span() if nm else (e, e)

    def _prev_span(self, s: int) -> tuple[int, int]:
        """The span of the word before text[s:?] (or (s, s))."""
        pm = _PREV_WORD.search(self.text, max(0, s - 80), s)
        return pm.span() if pm else (s, s)

    def _gap_is_space(self, a: int, b: int) -> bool:
        return b - a == 1 and self.text[a] == " " and not self._cut_between(a, b)

    def _cut_between(self, a: int, b: int) -> bool:
        """Whether text the engine lost stands between positions a and b (a line opening
        in (a, b] after a lost end or with a lost start: `cuts`)."""
        cuts = self._cuts
        if not cuts:
            return False
        k = bisect_right(cuts, a)
        return k < len(cuts) and cuts[k] <= b

    def _merge(self, d: _Decision, s: int, e: int) -> Edit | None:
        pm, nm = self._neighbours(s, e)
        confident = d.best is not None and d.conf >= CONFIDENCE_THRESHOLD and not d.runner_up
        best: tuple[float, int, int, str] | None = None
        for other, left in ((pm, True), (nm, False)):
            if not other:
                continue
            a, b = (other.start(), e) if left else (s, other.end())
            if not self._gap_is_space(*((other.end(), s) if left else (e, other.start()))):
                continue
            ow = fix_letters(other.group(), self.prereform)
            if is_roman(ow):
                continue
            oc = self.conf_at(other.start())
            if oc is not None and oc >= SURE_CONFIDENCE and self.lex.known(ow):
                continue  # ви на -> вина: a word the engine was sure of is not eaten
            if not left and self._heads_its_phrase(ow, other.end()):
                continue  # ви на основаніяхъ: на governs the word after it, a preposition
            merged = (ow + d.fixed) if left else (d.fixed + ow)
            # a word the document or the domain uses is checked at once; any other word only
            # when this one has no confident reading of its own (keeps noisy texts fast)
            ml = merged.lower()
            if not (self.freq.get(ml) or self.lex.is_domain(ml)) and confident:
                continue
            if not self.lex.known(merged):
                continue
            sc = MERGE_WEIGHT * self.prior(merged.lower())
            if best is None or sc > best[0]:
                best = (sc, a, b, merged)
        if best is None:
            return None
        own = 0.0
        if d.best:
            own = d.conf * (self.prior(d.best.lower()))
        total = best[0] + own + d.keep
        conf = best[0] / total
        return Edit(best[1], best[2], best[3], "merge", conf, conf >= CONFIDENCE_THRESHOLD)

    def _doubted_unknown(self, d: _Decision, ed: Edit, s: int) -> bool:
        """Whether a correction of an unknown word below the threshold is made all the same:
        the engine doubted this occurrence (below `CAPITAL_SURE`), so two independent
        witnesses, the lexicon and the engine, say the printed form is no word (`дрлается`,
        `писходяшемъ`, `стдлбцахъ` at 47-65: дѣлается, нисходящемъ, столбцахъ). The
        correction must lead the other readings (кахъ: какъ or шахъ, undecided), the word
        have three letters at least, and the correction keep its length or shorten it (a
        letter inserted is the one reading that turns an old spelling the lexicon lacks
        into its modern form: четыреугольникъ)."""
        conf = self.conf_at(s)
        if conf is None or conf >= CAPITAL_SURE or ed.confidence < DOUBTED_UNKNOWN_SHARE:
            return False
        if len(d.fixed) < 3:
            return False  # a speck read as two letters (ис at a page's end) reaches many words
        if " " in ed.new or len(ed.new) > len(d.fixed):
            return False
        if self._authors_word(d.fixed, s):
            return False  # «паціенсъ», Литература Карлтонъ: a term quoted, a name
        new = ed.new.lower()
        low = d.fixed.lower()
        if (
            not self.freq.get(new)
            and not self.lex.is_domain(new)
            and new not in self.table.neighbours(low, 2, min_weight=MIN_CANDIDATE_WEIGHT)
            and self._generic_weight(low, new, d.fixed.isupper()) <= GENERIC_WEIGHT
            and not set(new) - set(low) & set(_OLD_LETTERS)
            and len(new) >= len(low)
            and self._in_stem(low, new)
            and self._well_formed(low)
        ):
            # a letter no confusion explains, into a word the page and the domain do not
            # use, of a printed word shaped like a word (гоголемъ: гогочемъ, сургута:
            # сургуча): the lexicon lacks names and rare words as often as slips, so its
            # witness is no independent one there. A letter of the old spelling put in
            # (дрлается: дѣлается; the engine's model lacks those letters and reads them as
            # anything), an ending (каждаи: каждая, столбедъ: столбецъ; the shape says
            # nothing of the last letters), a stem no word begins (стдлбцахъ) and a letter
            # dropped (выкладыванютъ: specks add letters) still are repaired
            return False
        scores = [sc for c, sc in d.runner_up or () if c != new]
        mine = next((sc for c, sc in d.runner_up or () if c == new), None)
        if mine is None:
            return not scores
        return mine >= DOUBTED_UNKNOWN_LEAD * (mine + sum(scores))

    @staticmethod
    def _in_stem(low: str, new: str) -> bool:
        """Whether `new` differs from `low` before its last two letters (a final ъ not
        counted): in the stem, whose shape `_well_formed` reads."""
        k = next((i for i, (a, b) in enumerate(zip(low, new, strict=False)) if a != b), None)
        if k is None:
            k = min(len(low), len(new))
        return k < len(low.removesuffix("ъ")) - 2

    def _well_formed(self, low: str) -> bool:
        """Whether all but the word's last two letters begin some word of the modern
        dictionary, read in its modern spelling: a name or a rare word is so shaped, a slip
        most often not (стдлбцахъ: no word begins стд; освобождетія: none освобождет)."""
        if not set(low) <= _WORD_LETTERS:
            return False  # a letter of no Russian word (добратьєя, НАПОЛЕОНЉЪ)
        modern = lexicon(False)
        m = self.lex.modern(low) if self.prereform else low
        dead = modern.unreachable_prefix(m)
        return dead is None or len(dead) > len(m) - 2

    def _ending_by_agreement(self, d: _Decision, s: int, e: int) -> Edit | None:
        """An unknown word whose stem was read and whose last letter was not, its readings
        alike but for that letter (`нисходящемъ порядкт`: порядкѣ, порядку, порядки,
        порядка, ѣ read т in italics): the adjective before it, read as a word, chooses
        the one form it agrees with, where exactly one of the best readings does. No
        reading is overruled by a stronger one, and a word in capitals or without an
        adjective before it is left to the channel."""
        low = d.fixed.lower()
        cands = d.runner_up or []
        if len(cands) < 2 or len(low) < 4 or d.fixed.isupper():
            return None
        stem = low[:-1]
        if any(len(c) != len(low) or not c.startswith(stem) for c, _sc in cands):
            return None
        prev, _nxt = self._spaced_words(s, e)
        if prev is None or not is_adjective(self.lex, prev):
            return None
        top = max(sc for _c, sc in cands)
        agree = [c for c, sc in cands if adjective_agrees(self.lex, prev, c)]
        if len(agree) != 1 or dict(cands)[agree[0]] < top:
            return None
        # and no other last letter makes a word that agrees too (по одной картт: картѣ and
        # карты both; the channel may not have offered one of them)
        for letter in _ALPHABET + "ѳѵ":
            other = stem + letter
            if (
                other != agree[0]
                and self.lex.known(other)
                and adjective_agrees(self.lex, prev, other)
            ):
                return None
        return Edit(s, e, _like_case(d.fixed, agree[0]), d.kind, AGREEMENT_CONFIDENCE, True)

    def _completed_by_agreement(self, d: _Decision, s: int, e: int) -> Edit | None:
        """An unknown word that is the start of a word the page prints or the domain uses,
        its last letters lost (`нисходящемъ поряд,`: кѣ lost in URW Gothic), completed to
        the one such word the adjective before it agrees with. The word must keep four
        letters at least and lose at most `MAX_LOST_LETTERS`; words in capitals are left."""
        low = d.fixed.lower()
        if len(low) < 4 or d.fixed.isupper() or not low.isalpha():
            return None
        prev, _nxt = self._spaced_words(s, e)
        if prev is None or not is_adjective(self.lex, prev):
            return None
        if self._pool is None:
            self._pool = sorted(set(self.freq) | set(self._domain))
        pool = self._pool
        cands = set()
        for c in pool[bisect_left(pool, low) :]:
            if not c.startswith(low):
                break
            if 0 < len(c) - len(low) <= MAX_LOST_LETTERS and c.isalpha():
                cands.add(c)
        agree = [c for c in cands if self.lex.known(c) and adjective_agrees(self.lex, prev, c)]
        if len(agree) != 1:
            return None
        return Edit(s, e, _like_case(d.fixed, agree[0]), d.kind, AGREEMENT_CONFIDENCE, True)

    def _rescore(self, d: _Decision, s: int, e: int) -> Edit:
        pm, nm = self._neighbours(s, e)
        prev = fix_letters(pm.group(), self.prereform).lower() if pm else None
        nxt = nm.group() if nm else None
        if nxt is not None:
            nd = self.decide(nxt)
            nxt = (nd.best if nd.best and nd.conf >= CONFIDENCE_THRESHOLD else nd.fixed).lower()
        scored = []
        for c, sc in d.runner_up or ():
            if c in _EUPHONIC and nxt is not None and not _TWO_CONSONANTS.match(nxt):
                continue  # не ве карты: во stands only before two consonants (во всѣхъ)
            ctx = 1.0
            if prev:
                ctx += 2.0 * self.bigram(prev, c)
            if nxt:
                ctx += 2.0 * self.bigram(c, nxt)
            scored.append((sc * ctx, c))
        scored.sort(reverse=True)
        total = sum(x for x, _ in scored) + d.keep
        # пасьянсъ or пасьянсѣ, and grammar did not choose (`_yat_in_context`): the word
        # is a slip either way, so every reading that differs from the best only in the
        # final sign speaks against leaving it (еъ: съ, сѣ, with еѣ between them)
        best_word = scored[0][1]
        top = scored[0][0] + sum(x for x, c in scored[1:] if _final_sign_only(best_word, c))
        conf = top / total
        return Edit(
            s, e, _like_case(d.fixed, scored[0][1]), d.kind, conf, conf >= CONFIDENCE_THRESHOLD
        )

    def _capital_mid_sentence(self, word: str, s: int) -> bool:
        """A corrected word that is a capitalized common word standing mid-sentence."""
        first = word.split(" ", 1)[0]  # a split correction: its first word
        if not (len(first) > 1 and first[:1].isupper() and first[1:].islower()):
            return False
        low = first.lower()
        if not self.prereform:
            return False
        if not self.lex.known(low) or any(_PROPER & p.tag.grammemes for p in self.lex.parses(low)):
            return False
        return self._case(None, s)

    def _case(self, d: _Decision | None, s: int) -> bool:
        """Capital in mid-sentence: the previous word is lower case and only a space apart."""
        pm = _PREV_WORD.search(self.text, max(0, s - 80), s)
        if not pm or not self._gap_is_space(pm.end(), s) or pm.start() in self._specks:
            return False
        if pm.end() - pm.start() == 1 and (
            pm.start() == 0
            or self.text[pm.start() - 1] == "\n"
            or self.text[max(0, pm.start() - 2) : pm.start()] in (". ", "! ", "? ")
        ):  # `а Пасьянсъ` opening a paragraph, `карту. а Игра.` a sentence: the lone small
            # letter is a speck or a numbering misread, no sentence's first word
            return False
        if self.after_short_line is not None and self.after_short_line(s):
            return False  # a line after a heading's, a menu item's or a paragraph's end
        # the previous word judged as corrected, so that a second pass agrees with the first
        word = self._final_at.get(pm.end())
        if word is None:
            prev = self.decide(pm.group())
            word = prev.best if prev.best and prev.conf >= CONFIDENCE_THRESHOLD else prev.fixed
        last = word.rsplit(" ", 1)[-1]
        if last and self.line_start is not None and self.line_start(s) and not self.lex.known(last):
            # кај / Пасьянсъ, достоинс / Играть: a line whose end the engine lost (a faint
            # margin) before one that begins with a capital; a fragment is no word that
            # goes on a sentence, and the stop after it may be lost with it
            return False
        return last.islower()

    # -- the document --------------------------------------------------------------------
    def _reestimate(self) -> None:
        """The second estimate of the document's channel (`channel.reestimate`): every
        word decided once, the sure corrections re-weigh the table, and the words are
        decided again by the re-weighed table."""
        sure = []
        for w, n in self.counts.items():
            d = self.decide(w)
            if (
                d.unknown
                and d.best
                and d.conf >= EM_CONFIDENCE
                and not d.runner_up
                and d.kind == "ocr-word"
            ):
                sure.append((d.fixed.lower(), d.best.lower(), n))
        self._sure_slips = {pair for f, b, _n in sure for pair in _align_chars(f, b)}
        table = reestimate(self.table, sure)
        letters = Counter(
            pair
            for f, b, _n in sure
            for pair in set(_align_chars(f, b))
            if len(pair[0]) == len(pair[1]) == 1 and pair[0].isalpha() and pair[1].isalpha()
        )
        now = table if table is not None else self.table
        for (seen, meant), n in sorted(letters.items(), key=lambda kv: (-kv[1], kv[0])):
            # each letter read as the one it stands for in the most words
            if n >= SURE_SLIP_WORDS and self._conf_spans and seen not in self._sure_letters:
                self._sure_letters[seen] = (meant, now.weight(seen, meant))
        if table is None and not self._sure_letters:
            return
        # only an unknown word holding a re-weighed sign, and not yet read for sure, is
        # decided again (a sure reading already agrees with the document's channel); one
        # that nothing reached, holding a letter the document reads as another, the same
        signs: set[str] = set()
        if table is not None:
            signs = {
                seen
                for pair, w in table.weights.items()
                if w != self.table.weight(*pair)
                for seen in (pair[0],)
            }
            self.table = table
        read_as = set(self._sure_letters)
        for w, d in list(self.decisions.items()):
            if (
                d.unknown
                and (d.conf < CONFIDENCE_THRESHOLD or d.runner_up)
                and (
                    any(sg in d.fixed.lower() for sg in signs)
                    or (d.best is None and not read_as.isdisjoint(d.fixed.lower()))
                )
            ):
                del self.decisions[w]

    def run(self) -> list[Edit]:
        return self._run(None)

    def run_near(self, spans: Sequence[tuple[int, int]]) -> list[Edit] | None:
        """The edits `run` makes, exact within `spans` (elsewhere some are missing); None
        where that is not certain.

        A recheck keeps only the edits within a few windows of the text, but the document's
        statistics (counts, the channel and its second estimate, the bigrams) are the whole
        text's, so every word is still decided; only the context rules, each word's costliest
        step, run just on the lines around the windows (`_lines_around`). A word's context
        rules read the words before it as corrected only within its line (a line end is
        no context), and the marks' rules after them read at most the next line's first
        word, so the words of the lines kept are corrected as `run` corrects them. They
        would not be where a budget bound (`MAX_LOOKUPS`, `MAX_ANALYSED_UNKNOWN`,
        `MAX_GENERIC`), as the words skipped would have spent some of it: every word of the
        text is decided here (the only words `run` decides), and the one look-up a skipped
        word's context rules make (`_relative`) is counted at its most; None unless all of
        it stays within every budget."""
        edits = self._run(self._lines_around(spans))
        for w in self.counts:
            self.decide(w)
        if (
            self._unknown_budget > 0
            and self._generic_budget > 0
            and self._lookups - self._skipped_lookups > 0
            and not self.stats.get("lookup_budget_exhausted")
        ):
            return edits
        return None

    def _lines_around(self, spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
        """The text's lines holding `spans`, with one more line (or run of line ends) either
        side."""
        text = self.text
        out = []
        for a, b in spans:
            lo, hi = a, b
            for _ in range(2):
                lo = text.rfind("\n", 0, lo)
                if lo < 0:
                    lo = 0
                    break
                while lo > 0 and text[lo - 1] == "\n":
                    lo -= 1
            for _ in range(2):
                hi = text.find("\n", hi)
                if hi < 0:
                    hi = len(text)
                    break
                while hi < len(text) and text[hi] == "\n":
                    hi += 1
            out.append((lo, hi))
        return out

    def _run(self, lines: list[tuple[int, int]] | None) -> list[Edit]:
        """`run`; with `lines`, the context rules only for the words within them (see
        `run_near`), the most the others' would look up in `_skipped_lookups`."""
        if self.prereform:
            self._reestimate()
        edits: list[Edit] = []
        digits = self._digit_slips() + [
            Edit(a, b, n, "char", 1.0, True) for a, b, n in count_slips(self.text, self.conf_at)
        ]
        for dg in digits:  # 1О картъ: the words around read the number (10), not о
            self._final_at[dg.end] = dg.new
        pending: list[tuple[_Decision, str, int, int]] = []
        text = self.text
        decide = self.decide
        caps = self.prereform and _CAPS_WORD.search(text) is not None
        pre, n_text = self.prereform, len(text)
        for m in WORD.finditer(text):
            w = m.group()
            if caps and len(w) > 1 and w.isupper():
                ed = self._caps_mid_sentence(w, m.start(), m.end())
                if ed is None:
                    ed = self._heading_genitive(w, m.start(), m.end())
                if ed is not None:
                    edits.append(ed)
                    self._final_at[m.end()] = ed.new
                    continue
            start, end = m.span()
            if start in self._specks:
                stop = self._specks[start]
                # a speck ending its paragraph goes with the space before it
                first = start - 1 if stop == end and text[start - 1 : start] == " " else start
                edits.append(Edit(first, stop, "", "speck", 1.0, True))
                self._final_at[end] = ""
                continue
            d = self.decisions.get(w) or decide(w)
            if pre and (
                (w in _LABEL_LETTERS and self._letter_list(start, end))
                or (start > 1 and text[start - 1] == "-" and text[start - 2].isdigit())
            ):  # кучки а, б, в и г; 1-й, 2-ой (a numeral's ending in figures): as printed
                self._final_at[end] = w
                continue
            if pre and end < n_text and text[end] == "." and self._abbreviation(d, end):
                new = self._abbreviation_slip(d.fixed)
                if new != w:
                    kind = "char" if new == d.fixed else "ocr-word"
                    conf = 1.0 if new == d.fixed else AGREEMENT_CONFIDENCE
                    edits.append(Edit(m.start(), m.end(), new, kind, conf, True))
                self._final_at[m.end()] = new
                continue
            if d.simple:
                if d.best is not None:
                    edits.append(
                        Edit(
                            m.start(),
                            m.end(),
                            d.best,
                            d.kind,
                            d.conf,
                            d.conf >= CONFIDENCE_THRESHOLD,
                        )
                    )
                    if d.conf < CONFIDENCE_THRESHOLD and d.fixed != w:
                        edits.append(Edit(m.start(), m.end(), d.fixed, "char", 1.0, True))
                elif d.fixed != w:
                    edits.append(Edit(m.start(), m.end(), d.fixed, "char", 1.0, True))
                continue
            pending.append((d, w, m.start(), m.end()))
        watch = {c for d, *_ in pending if d.runner_up for c, _s in d.runner_up}
        for d, *_ in pending:
            if d.real_word:
                watch.add(d.fixed.lower())
                watch.update(c for c, _p in d.real_word)
        if watch:
            self._count_bigrams(watch)
        skipped = 0
        for d, w, s, e in pending:  # in text order: a word sees its left neighbour corrected
            if lines is not None and not any(a <= s and e <= b for a, b in lines):
                if d.rare and not d.unknown and _RELATIVE.match(text, e):
                    low = d.fixed.lower()
                    hit = self.lex.edit_memo.get(low)
                    skipped += max(edit_count(low), hit[0] if hit else 0)
                continue
            for ed in self._contextual(d, w, s, e):
                edits.append(ed)
                if ed.applied:
                    self._final_at[ed.end] = ed.new
        self._skipped_lookups = skipped
        edits.extend(self._punctuation())
        edits.extend(self._stops_and_commas())
        edits.extend(self._semicolons_read_as_colons())
        edits.extend(self._doubted_specks())
        edits.extend(self._paragraph_end_specks())
        edits.extend(self._stray_marks())
        edits.extend(self._hyphen_joins())
        edits.extend(self._digit_i())
        edits.extend(self._euphonic_splits())
        edits.extend(digits)
        return edits

    def _letter_list(self, s: int, e: int) -> bool:
        """Whether the lone letter text[s:e] stands in a list of letters that name piles or
        rows (`кучки а, б, в и г`, `буквы п и н`): a neighbour, past a comma or «и»/«или»,
        is a lone letter that is no word of the old spelling either (not и, а, о, у, я).
        Such letters are left as printed (no въ for в, no и for п)."""
        text = self.text
        after = _LIST_GOES_ON.match(text, e)
        if after is not None:
            nm = WORD.match(text, after.end())
            if nm is not None and nm.group() in _LABEL_LETTERS:
                return True
        before = _LETTER_BEFORE.search(text, max(0, s - 8), s)
        return before is not None

    def _abbreviation(self, d: _Decision, e: int) -> bool:  # text[e] is "."
        """An abbreviation of the print (`черв. и бубн.`, `прим.`, `и проч.,`): a word of two
        letters or more that ends in a bare consonant, which no whole word of the old spelling
        does, followed by a stop that ends no sentence (a lower-case word, a digit or a mark
        after it). It is left as printed: restoring a hard sign or a ѣ there (червѣ, примъ)
        makes a right word wrong."""
        fixed = d.fixed
        if not (fixed.islower() or fixed.isupper() or fixed.istitle()):
            return False  # порядкВ: a capital inside a word is the OCR's, a sign for ѣ
        low = fixed.lower()
        if len(low) < 2 or not _BARE_FINAL.search(low) or self.lex.known(low):
            return False
        if not _HAS_VOWEL.search(low):
            return True  # пр., Св., стр.: no word of the language is consonants only
        after = self.text[e + 1 : e + 3]
        if after[:1] in (",", ";", ":", ")"):
            return True
        if after[:1] != " ":
            return False
        if after[1:].islower() or after[1:].isdigit():
            return True
        nxt = WORD.match(self.text, e + 2)  # табл. II; not a numbering (карт. III. Карты)
        return (
            nxt is not None
            and is_roman(fix_letters(nxt.group(), True))
            and not self.text.startswith(".", nxt.end())
        )

    def _abbreviation_slip(self, fixed: str) -> str:
        """`ем.` for `см.`: an abbreviation the dictionary does not know as one, where one
        seen confusion away it knows exactly one (the stop after it says an abbreviation
        stands there); else the word as printed."""
        low = fixed.lower()
        if any("Abbr" in p.tag for p in self.lex.parses(low)):
            return fixed
        raw = self.table.candidates(low, 1, min_weight=RULE_MIN_WEIGHT)
        found = [
            c
            for c in raw
            if _BARE_FINAL.search(c) and any("Abbr" in p.tag for p in self.lex.parses(c))
        ]
        return _like_case(fixed, found[0]) if len(found) == 1 else fixed

    def _caps_mid_sentence(self, w: str, s: int, e: int) -> Edit | None:
        """A common word the OCR set in capitals inside a sentence of a pre-reform text
        (`карты ГОДЯТСЯ для`, `ИЗЪ НИХЪ`): the print's own capitals stand in headings,
        which are paragraphs of their own, and in Roman numerals. Lowered when the word
        before it ends in a lower-case letter (or was lowered itself), with only a space, or
        a comma, semicolon or colon and a space, between. The word is lowered as the corrector
        reads it when it is sure (НЪТЪ: нѣтъ), runners-up or not."""
        if all(c in _NUMERAL_GLYPHS for c in w) and not self._word_before_word(w, e):
            return None
        if self._caps_of_print(s, e):
            return None
        pm = _PREV_WORD.search(self.text, max(0, s - 80), s)
        if pm is not None and self._heading_line_rest(pm.start(), e):
            return None
        if pm is None or not _CAPS_GAP.fullmatch(self.text, pm.end(), s):
            return None
        prev = self._final_at.get(pm.end())
        if prev is None:
            pd = self.decide(pm.group())
            prev = pd.best if pd.best and pd.conf >= CONFIDENCE_THRESHOLD else pd.fixed
        if not prev[-1:].islower():
            return None
        d = self.decide(w.lower())
        new = d.best if d.best and d.conf >= CONFIDENCE_THRESHOLD else d.fixed
        if " " in new or not self.lex.known(new):
            return None
        if all(_PROPER & p.tag.grammemes for p in self.lex.parses(new)):
            return None  # only a name (АГНЕСА): its capitals may be the print's
        return Edit(s, e, new, "case", CASE_CONFIDENCE, CASE_CONFIDENCE >= CONFIDENCE_THRESHOLD)

    def _heading_genitive(self, w: str, s: int, e: int) -> Edit | None:
        """A noun in capitals ending a heading's phrase in a case nothing there governs
        (`ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТУ.`, read at 41: an accusative after a noun, in a line of
        capitals with no verb and no preposition), where the same noun's genitive plural is
        the word with its last letter a ъ (КАРТЪ: a noun's genitive attribute). The model
        of modern Russian reads a final Ъ it does not know as a letter of a modern ending;
        only a word it doubted (below `DOUBT_CONFIDENCE`) is read again, and only in a
        heading: in a sentence a verb or a preposition may govern the case."""
        conf = self.conf_at(s)
        if conf is None or conf >= DOUBT_CONFIDENCE or not self.text.startswith(".", e):
            return None
        low = w.lower()
        cand = low[:-1] + "ъ"
        if cand == low or not self.lex.known(cand):
            return None
        parses = self.lex.parses(low)
        if not parses or any(p.tag.POS != "NOUN" or p.tag.case in ("nomn", "gent") for p in parses):
            return None
        lemmas = {p.normal_form for p in parses}
        if not any(
            p.normal_form in lemmas and p.tag.case == "gent" and p.tag.number == "plur"
            for p in self.lex.parses(cand)
        ):
            return None
        nxt = WORD.search(self.text, e + 1, min(len(self.text), e + 80))
        ls = self.line_start
        if nxt is not None and (ls is None or not ls(nxt.start())):
            return None  # the phrase goes on in its line: no heading's end
        # the phrase before it: words in capitals, one space apart, none a preposition or
        # a verb, the one right before it a noun
        words, at = [], s
        while True:
            pm = _PREV_WORD.search(self.text, max(0, at - 80), at)
            if pm is None or not self._gap_is_space(pm.end(), at) or not pm.group().isupper():
                break
            words.append(self._as_read(pm).lower())
            at = pm.start()
        if not words or not is_noun(self.lex, words[0]):
            return None
        for word in words:
            if _top_pos(self.lex, word) & ({"PREP"} | _VERBAL | _PREDICATE):
                return None
        return Edit(s, e, cand.upper(), "real-word", AGREEMENT_CONFIDENCE, True)

    def _digit_i(self) -> list[Edit]:
        """A word the digit one cut in two, where і makes it one known word (the edit spans
        both halves, so their own corrections give way to it)."""
        out: list[Edit] = []
        text = self.text
        pos = text.find("1") if self.prereform else -1
        while pos != -1:
            m = None
            if 0 < pos < len(text) - 1 and text[pos - 1].isalpha() and text[pos + 1].isalpha():
                start = pos - 1
                while start > 0 and text[start - 1].isalpha():
                    start -= 1
                m = _DIGIT_I.match(text, start)
            if m and m.start() < pos < m.end():
                # і before a vowel or й, и before a consonant (перелож1ть: переложить), the
                # word's other slips repaired first (Опустђвш1й: ђ for ѣ besides)
                word = _DIGIT_ONE.sub(lambda o: "і" if o.group(1) else "и", m.group())
                word = fix_letters(word, True)
                if self.lex.known(word):
                    out.append(Edit(m.start(), m.end(), word, "char", 1.0, True))
            pos = text.find("1", pos + 1)
        return out

    def _euphonic_splits(self) -> list[Edit]:
        """A word whose first syllable the OCR cut off as a euphonic preposition (`Во семь
        тузовъ`: восемь). во, со, ко, обо, изо stand only before two consonants (во всѣхъ,
        со стола, ко мнѣ) or before their own consonant (во весь, со своимъ); before one
        consonant and a vowel they are a cut, joined where the joined word is known."""
        out: list[Edit] = []
        text, pre = self.text, self.prereform
        for m in _EUPHONIC_CUT.finditer(text):
            prep = m.group(1).lower()
            nm = WORD.match(text, m.end())
            if nm is None or not self._gap_is_space(m.end() - 1, m.end()):
                continue
            nxt = fix_letters(nm.group(), pre)
            low = nxt.lower()
            if (
                len(low) < 2
                or not nxt.islower()
                or low[0] not in _CONSONANTS
                or low[0] in _OWN_CONSONANTS[prep]
                or _TWO_CONSONANTS.match(low)
                or low[1] in "ьъ"
            ):
                continue
            joined = fix_letters(m.group(1), pre) + nxt
            if self.lex.known(joined):
                out.append(Edit(m.start(1), nm.end(), joined, "merge", MERGE_WEIGHT, True))
        return out

    def _digit_slips(self) -> list[Edit]:
        """A run of letters and digits that is a word with its digits read as the letters
        they look like (07ъ: отъ, 3а: за; `_DIGIT_LETTERS`), or a number with its letters
        read as the digits they look like (1О: 10, З0: 30; `_LETTER_DIGITS`), never where
        it is both (or neither). `_digit_i`'s і inside a word is its own."""
        out: list[Edit] = []
        if not self.prereform or not _DIGIT_BY_LETTER.search(self.text):
            return out
        for m in _LETTERS_AND_DIGITS.finditer(self.text):
            g = m.group()
            if _DIGIT_I.fullmatch(g):
                continue
            letters = g.lower().translate(_DIGIT_LETTERS)
            if letters.isalpha():  # the word's other slips repaired first (мђ0то: мѣсто)
                letters = fix_letters(letters, True)
            word = letters if letters.isalpha() and self.lex.known(letters) else None
            digits = g.translate(_LETTER_DIGITS)
            number = digits if digits.isdigit() else None
            if (word is None) == (number is None):
                continue
            new = number or _like_case(g, word or "")
            out.append(Edit(m.start(), m.end(), new, "char", 1.0, True))
        return out

    def _hyphen_joins(self) -> list[Edit]:
        """`пере-кладываютъ`, `пере- кладываютъ` inside a line: a word hyphenated at the end
        of a line of the book, its line break since lost. Joined when the joined word is
        known and the parts are not both words, or a space follows the hyphen (`какой-нибудь`,
        `во-первыхъ` and the known hyphenated words such as `по-русски` keep their hyphen);
        a second half read in capitals at a line's start is lowered (`_cut_capitals`)."""
        out = []
        text, known, pre = self.text, self.lex.known, self.prereform
        pos = text.find("-")
        while pos != -1:
            here, pos = pos, text.find("-", pos + 1)
            left = _PREV_WORD.search(text, max(0, here - MAX_WORD_LEN), here)
            if left is None or left.end() != here:
                continue
            before = text[left.start() - 1 : left.start()]
            if before == "-" or before.isalpha():  # a chain (a-b-c), or a word too long
                continue
            spaced = text.startswith(" ", here + 1)
            right = WORD.match(text, here + 2 if spaced else here + 1)
            if right is None or text.startswith("-", right.end()):
                continue
            a, b = fix_letters(left.group(), pre), fix_letters(right.group(), pre)
            if self._cut_capitals(a, b, right.start()):
                # `подхо-` / `ДИТЪ`: the line's second half read in capitals, lowered
                b = fix_letters(right.group().lower(), pre)
            if len(a) < 2 or len(b) < 2 or not b.islower() or self._lookups <= 0:
                continue
            self._lookups -= 4
            # `одно- му`, `Коло- да`: a space after the hyphen is a lost line break even where
            # both parts happen to be words
            if (known(a) and known(b) and not spaced) or known(f"{a}-{b}"):
                continue
            if known(a + b):
                edit = Edit(left.start(), right.end(), a + b, "hyphen", HYPHEN_CONFIDENCE, True)
                out.append(edit)
        return out

    def _cut_capitals(self, a: str, b: str, at: int) -> bool:
        """Whether `b`, the second half of a word cut at a line's end after the small
        letters `a`, was read in capitals or mixed case (`подхо-` / `ДИТЪ`), not printed with
        a capital (`Санкт-` / `Петербургъ`: a name's second half, title case)."""
        return (
            a.islower()
            and len(b) >= 2
            and any(c.isupper() for c in b[1:])
            and self.line_start is not None
            and self.line_start(at)
        )

    def _name_in_modern_text(self, d: _Decision, s: int) -> bool:
        """A capitalised unknown word of modern text that neither begins a line nor follows
        the end of a sentence: a name (Леди Пок), not a slip."""
        if self.prereform or not d.fixed[:1].isupper():
            return False
        if self.line_start is not None and self.line_start(s):
            return False
        i = s
        while i > 0 and self.text[i - 1] in _OPENERS:
            i -= 1
        return i > 0 and self.text[i - 1] not in _SENTENCE_END and self.text[i - 1] != "\n"

    def _contextual(self, d: _Decision, w: str, s: int, e: int) -> list[Edit]:
        out: list[Edit] = []
        if d.unknown and self._name_in_modern_text(d, s):
            return [Edit(s, e, d.fixed, "char", 1.0, True)] if d.fixed != w else []
        if self.prereform and (d.unknown or d.rare):
            ed = self._glued_conjunction(d, s, e)
            if ed:
                return [ed]
        if d.yat:
            ed = self._yat_in_context(d, s, e)
            if ed:
                return [ed]
        if d.verb:
            ed = self._verb_in_context(d, s, e)
            if ed:
                return [ed]
        if (
            d.function
            and not self.text.startswith(".", e)  # п. is an abbreviation
            and not (len(w) == 1 and _ABBREVIATION_STOP_MISREAD.match(self.text, e))
        ):
            nxt = WORD.match(self.text, e + 1) if self._gap_is_space(e, e + 1) else None
            if not (len(w) == 1 and nxt and nxt.end() - nxt.start() == 1):  # и т д.
                return [
                    Edit(
                        s,
                        e,
                        _like_case(d.fixed, d.function),
                        "real-word",
                        AGREEMENT_CONFIDENCE,
                        True,
                    )
                ]
        if d.unknown and d.best and d.runner_up and self.prereform:
            ed = self._unknown_verb(d, s, e)
            if ed:
                return [ed]
        if d.unknown and d.best is None and self.prereform:
            ed = self._preposition_by_case(d, s, e)
            if ed:
                return [ed]
        if d.unknown:
            me = self._merge(d, s, e)
            if me and me.applied:
                return [me]
            if d.best is not None:
                ed = self._ending_by_agreement(d, s, e) if d.runner_up else None
                if ed is None:
                    ed = (
                        self._rescore(d, s, e)
                        if d.runner_up
                        else Edit(s, e, d.best, d.kind, d.conf, d.conf >= CONFIDENCE_THRESHOLD)
                    )
                if not ed.applied and self._doubted_unknown(d, ed, s):
                    ed = Edit(s, e, ed.new, ed.kind, ed.confidence, True)
                if ed.applied and ed.kind == "ocr-word":
                    # елфва: елѣва, a word today's Russian hardly uses, one slip the
                    # document shows for sure (е for с) from one it uses far more (слѣва):
                    # the reading is weighed as the printed rare word would be
                    more = self._uncommon(_Decision(ed.new), s, e)
                    if more is not None:
                        ed = Edit(
                            s, e, more.new, ed.kind, min(ed.confidence, more.confidence), True
                        )
                if ed.applied and self._capital_mid_sentence(ed.new, s):
                    low = ed.new[:1].lower() + ed.new[1:]
                    ed = Edit(s, e, low, ed.kind, min(ed.confidence, CASE_CONFIDENCE), True)
                out.append(ed)
                if ed.applied:
                    return out
            cut = self._completed_by_agreement(d, s, e)
            if cut is not None:
                return [cut]
            if me:
                out.append(me)
        else:
            found = self._real_word(d, s, e) if d.real_word else None
            if found is None and d.real_word:
                found = self._real_word_by_neighbours(d, s, e)
            if found is None and d.rare:
                found = self._relative(d, s, e)
            if found is None and (d.rare or d.marked):
                found = self._doubted(d, s, e)
            if found is None and d.rare:
                found = self._uncommon(d, s, e)
            if found is None and d.rare:
                found = self._gerund_before_subject(d, s, e)
            if found is None and d.rare:
                found = self._pronoun_after_preposition(d, s, e)
            if found is None and d.confusable:
                found = self._by_context(d, s, e)
            if found:
                return [found]
        if (
            d.case_suspect
            and self._case(d, s)
            and not self._listed_capital(s, e)
            and not self._name_goes_on(e)
            and self._lower_attested(d.fixed.lower())
            and not self._capital_of_print(w)
            and not self._gerund_opens(d.fixed, e)
        ):
            low = d.fixed[:1].lower() + d.fixed[1:]
            return [
                Edit(s, e, low, "case", CASE_CONFIDENCE, CASE_CONFIDENCE >= CONFIDENCE_THRESHOLD)
            ]
        if d.fixed != w:
            out.append(Edit(s, e, d.fixed, "char", 1.0, True))
        return out

    def _unknown_verb(self, d: _Decision, s: int, e: int) -> Edit | None:
        """An unknown word whose readings are the two forms of one verb (`спъшить`: спѣшить
        or спѣшитъ): the clause chooses, as for a verb printed whole (`_verb_in_context`);
        where it says nothing, the readings' own scores do, as before."""
        best = d.best.lower() if d.best else ""
        if best[-2:] not in ("ть", "тъ") or len(best) <= 4 or best[-3] not in "иая":
            return None
        other = self._verb_pair(best)
        if other is None or other not in {c for c, _sc in d.runner_up or ()}:
            return None
        proxy = _Decision(d.best or "", verb=other)
        return self._verb_in_context(proxy, s, e)

    def _glued_conjunction(self, d: _Decision, s: int, e: int) -> Edit | None:
        """а, и or но run together with the function word after it (`, аза ними`, `, авъ
        трехъ`, `, нои сколько`, `тройку итакъ далѣе`): split where the word is unknown, or
        known only as a name, a noun (аза: the letter азъ) or a parenthetical word, and no
        word the page or the domain uses often; where a comma stands before it (a
        parenthetical word: where no comma follows it either); a particle only where the
        page prints it alone elsewhere (`, ане` is а не; `, нока на` is пока, no `но ка`), a
        preposition only before a word in a case it governs (за ними, въ трехъ)."""
        fixed = d.fixed
        if not fixed.startswith(("а", "и", "но")) or not 3 <= len(fixed) <= 6:
            return None
        if self.text[s - 1 : s] != " " or not fixed.islower() or self.lex.is_domain(fixed):
            return None
        tags = self.lex.tags(fixed)
        aside = bool(tags) and all("Prnt" in t for t in tags)
        if (
            tags
            and not aside
            and (self.freq.get(fixed, 0) > 2 or not all(t.POS == "NOUN" for t in tags))
        ):
            return None
        before = self.text[max(0, s - 2) : s]
        if before != ", " and not (aside and before[-1:] == " "):
            return None
        if aside and self.text[e : e + 1] in ",;:.":
            return None  # итакъ, ...: the parenthetical word itself
        for head in ("но", "а", "и"):
            rest = fixed[len(head) :]
            if not fixed.startswith(head) or len(rest) < 1 or not self.lex.known(rest):
                continue
            top = self.lex.parses(rest)[:1]
            if not top or top[0].tag.POS not in ("PREP", "CONJ", "PRCL"):
                continue
            if top[0].tag.POS == "PRCL" and not self.freq.get(rest):
                continue  # a particle the page never prints alone (нока: но + ка) leans on a word
            if top[0].tag.POS == "PREP":
                nxt = self._spaced_words(s, e)[1]
                if nxt is None or not (
                    self._governs_case(rest, nxt)
                    if rest in _GOVERNS
                    else any(
                        p.tag.POS in _NOMINAL and p.tag.case not in (None, "nomn")
                        for p in self.lex.parses(nxt)
                    )
                ):
                    continue
            return Edit(s, e, f"{head} {rest}", "split", AGREEMENT_CONFIDENCE, True)
        return None

    def _speck_letters(self) -> dict[int, int]:
        """Lone small letters the OCR engine doubted (below `SPECK_CONFIDENCE`) that open a
        sentence before a capitalized word (`талонъ. с Шахъ.`, `КАРТЪ. г Правила.`): specks
        of the scan read as letters, no word of the old print (which has no в, с, к alone,
        and a sentence opens with a capital), a consonant however surely read. Start -> end
        of what is dropped (the letter and the space after it). A letter that is a word (а,
        и, о, у, я) only where the engine all but refused it (below `SPECK_WORD_CONFIDENCE`:
        `разъ. о Игра.` at 2), or in a run with a consonant, or ending its paragraph."""
        out: dict[int, int] = {}
        text = self.text
        lone: dict[int, int] = {}  # the doubted lone small letters: start -> end
        for s, e, c in self._conf_spans:
            if c >= SPECK_CONFIDENCE or e - s != 1:
                continue
            ch = text[s]
            if not ch.isalpha() or not ch.islower():
                continue
            if ch in _LETTER_WORDS and c >= SPECK_WORD_CONFIDENCE:
                continue
            lone[s] = e
        # a consonant alone is no word of the old print at all (въ, съ, къ): a speck there
        # however surely the engine read it, or with no confidences given (`основанія. с`
        # / `Въ рядахъ`: no sentence opens with a small letter)
        for m in _NO_WORD_LETTER.finditer(text):
            lone.setdefault(m.start(), m.end())
            # and a letter that is a word right before it (`картъ. о г Игра.`): a run
            j = m.start()
            while j > 0 and text[j - 1] in " \u00a0\n":
                j -= 1
            if (
                0 < j < m.start()
                and text[j - 1] in _LETTER_WORDS
                and (j == 1 or not (text[j - 2].isalnum() or text[j - 2] == "."))
            ):
                lone.setdefault(j - 1, j)
        # a letter that is a word (о, и) after a sentence's end and ending its paragraph: no
        # sentence is one small letter, and a preposition or conjunction ends none
        for m in _LONE_LETTER_ENDING.finditer(text):
            lone.setdefault(m.start(1), m.end(1))
        for s, e in lone.items():
            end = e + 1
            if text[e : e + 1] != " " or not text[e + 1 : e + 2].isupper():
                # ... or ending its paragraph, a mark the engine doubted aside (`не
                # полагается. с .` / `Опытные игроки`)
                tail = _SPECK_LETTER_TAIL.match(text, e)
                if tail is None and self._speck_run_to_capital(e, lone) is None:
                    continue
                end = e if tail is not None or text[e : e + 1] != " " else e + 1
            i = s
            while True:
                while i > 0 and text[i - 1] in " \n":
                    i -= 1
                if lone.get(i - 1) != i:
                    break
                i -= 1  # a run of such letters (`картъ. о\n\nг Игра.`): read past it
            if i == 0 or text[i - 1] in _SENTENCE_END:
                out[s] = end
        return out

    def _speck_run_to_capital(self, e: int, lone: dict[int, int]) -> int | None:
        """Where a run of doubted lone letters after text[:e] reaches a capital (`о\n\nг
        Игра.`: each a speck), or None."""
        text = self.text
        j, passed = e, False
        while True:
            while j < len(text) and text[j] in " \n":
                j += 1
            if j not in lone:
                return j if passed and text[j : j + 1].isupper() else None
            j, passed = lone[j], True

    def _doubted_specks(self) -> list[Edit]:
        """A lone mark standing between spaces (`карты : и`, `' Берутъ`) that the OCR engine
        itself doubted (confidence below `SPECK_CONFIDENCE`): a speck of the scan, dropped
        with the space before it (after it, at a paragraph's start). Dashes stay: they stand
        alone in print."""
        out: list[Edit] = []
        text = self.text
        for s, e, c in self._conf_spans:
            if c >= SPECK_CONFIDENCE or e - s != 1 or text[s] not in _SPECK_MARKS:
                continue
            before = text[s - 1 : s]
            after = text[e : e + 1]
            if before not in ("", " ", "\n") or after not in ("", " ", "\n"):
                continue
            if before == " ":
                out.append(Edit(s - 1, e, "", "speck", 1.0, True))
            elif after == " ":
                out.append(Edit(s, e + 1, "", "speck", 1.0, True))
        return out

    def _paragraph_end_specks(self) -> list[Edit]:
        """A lone capital or figure (a stop after it or none) ending a paragraph right after
        a sentence's end, read less surely than `CAPITAL_SURE` (`верхнюю карту. І`,
        `не раскладывается. 7`, `по прежнему. А`): a speck of the scan. No paragraph of
        the print ends so: a numbering or a figure stands at a paragraph's start, a
        reference after an abbreviation (`см. табл. 2`, `на рис. 3`: the stop there is no
        sentence's end, so the word before it must be a whole word of the lexicon, of four
        letters or more)."""
        if not self.prereform:
            return []
        out: list[Edit] = []
        text = self.text
        for s, e, c in self._conf_spans:
            if c >= CAPITAL_SURE or not 1 <= e - s <= 2:
                continue
            sign, stop = text[s], text[s + 1 : e]
            if stop not in ("", ".") or not (sign.isupper() or sign.isdigit()):
                continue
            if text[s - 2 : s] not in (". ", "! ", "? ") or not _PARAGRAPH_END.match(text, e):
                continue
            pm = _PREV_WORD.search(text, max(0, s - 80), s - 2)
            if pm is None or pm.end() != s - 2 or len(pm.group()) < 4:
                continue
            word = self._as_read(pm).lower()
            if not self.lex.known(word) or any("Abbr" in p.tag for p in self.lex.parses(word)):
                continue
            out.append(Edit(s - 1, e, "", "speck", 1.0, True))
        return out

    def _stray_marks(self) -> list[Edit]:
        """A lone mark where no mark of the print stands, read less surely than
        `SURE_CONFIDENCE` (a scan's; a mark read surely, or a text with no confidences, is
        left as printed): after
        a sentence's end, ending its paragraph (`карты. .`, `вышелъ. -`, `королями. :`) or
        before a capital (`картъ. · Игра`: no dash there, which may follow a stop); opening a
        paragraph before a capital (`__ Послѣ`, `( Правила.`, `> Когда`: no dash, which may
        open a line of dialogue or a list). Quotes, closing brackets, `*` (a footnote's mark)
        and an ellipsis stay: each may close or mark what stands before it. A mark no page
        of the old print has (`_NEVER_PRINTED`: `думать. |`, `| Игра.`) goes there however
        surely it was read; a speck that may be a mark of the print (`__`, `·`) only doubted.
        A text's own marks stay however doubted: the `|` of a table (`glyphs.has_table`) and
        a bullet that opens two lines or more (`• Колода …;` `• Если …`: a list)."""
        if not self.prereform:
            return []
        out: list[Edit] = []
        text = self.text
        if not self._conf_spans:
            return []
        table = "|" in text and has_table(text)
        bullets = Counter(m.group() for m in _BULLET_LINE.finditer(text))
        listed = {b for b, n in bullets.items() if n >= BULLET_LINES}

        def doubted(at: int, mark: str) -> bool:
            if (table and "|" in mark) or mark in listed:
                return False  # the text's own: a table's rule, a list's bullet
            if set(mark) <= _NEVER_PRINTED:
                return True  # no sign of the print however surely read: a rule's stroke, a speck
            c = self.conf_at(at)
            return c is not None and c < SURE_CONFIDENCE

        for rx in (_STRAY_END, _STRAY_MID):
            for m in rx.finditer(text):
                if m.group("m") != "..." and doubted(m.start("m"), m.group("m")):
                    out.append(Edit(m.start(), m.end(), "", "speck", 1.0, True))
        for m in _STRAY_OPENING.finditer(text):
            if doubted(m.start(), m.group("m") or "("):
                out.append(Edit(m.start(), m.end(), "", "speck", 1.0, True))
        return out

    def _as_read(self, m) -> str:
        """The word of match `m` as corrected (in context, or where it alone decides)."""
        w = self._final_at.get(m.end())
        if w is None:
            d = self.decide(m.group())
            sure = d.best is not None and d.conf >= CONFIDENCE_THRESHOLD and not d.runner_up
            w = d.best if sure and d.best is not None else d.fixed
        return w

    def _heading_line_rest(self, ps: int, e: int) -> bool:
        """Whether the word in capitals ending at `e` goes on a heading in capitals whose
        first word (at `ps`) the engine read small: that word opens its line after a
        sentence's end, one word in capitals or more follow this one, and the line ends
        after the last with a stop (`КАПРИЗНИЦА.` / `дв ПОЛНЫХЪ КОЛОДЫ КАРТЪ.`). A word set
        large inside a sentence (`карты ГОДЯТСЯ для`, `которыя къ НИМЪ ПОДХОДЯТЪ.`, `ни
        на основаніяхъ, НИ ВЪ` / `раскладкѣ`) follows a word inside its line or a line
        that ends with no stop, or has small letters after it, or no stop."""
        ls, text = self.line_start, self.text
        if ls is None or not ls(ps):
            return False
        before = text[max(0, ps - 80) : ps].rstrip()
        if before and not before.endswith("."):
            return False
        end, run = e, 0
        while True:
            if text.startswith(".", end):
                nxt = WORD.search(text, end + 1, min(len(text), end + 80))
                return run >= 1 and (nxt is None or ls(nxt.start()))
            nw = WORD.match(text, end + 1) if self._gap_is_space(end, end + 1) else None
            if nw is None or not nw.group().isupper() or ls(nw.start()):
                return False
            end, run = nw.end(), run + 1

    def _word_before_word(self, w: str, e: int) -> bool:
        """Whether a token of numeral glyphs (`НИ`, `ИХ`) is a function word, not a numeral:
        two letters or more, a particle, conjunction or pronoun in small letters (not `хі`,
        `хи`: the clock's XI, XII), followed by a space and a word with a letter no numeral
        has (`НИ ВЪ раскладкѣ`)."""
        if len(w) < 2 or not self._function_word(w.lower()):
            return False
        nw = WORD.match(self.text, e + 1) if self._gap_is_space(e, e + 1) else None
        return nw is not None and any(c not in _NUMERAL_GLYPHS for c in nw.group().upper())

    def _semicolons_read_as_colons(self) -> list[Edit]:
        """`кладутъ: съ нихъ` is `кладутъ; съ нихъ` in a pre-reform document whose reading
        shows no semicolon anywhere and at least `COLONS_FOR_SEMICOLONS` colons between a
        word and a small letter after a word that announces nothing: the page's typeface is
        read with its semicolon's tail lost. There such a colon becomes a semicolon. A word
        before that, as corrected, may be an adverb, a pronoun, a particle or a conjunction
        (`тотчасъ: его`, `именно:`, `такъ:`, `отдѣльно:`) announces what a colon opens: its
        colon stays, and it is no evidence either (a page of four colons, two after such
        words, has two real colons among the others as likely as two lost semicolons)."""
        if not self.prereform or ";" in self.text:
            return []
        text, lex = self.text, self.lex
        colons = [
            m
            for m in _MARK_BETWEEN.finditer(text)
            if m.group(1) == ":" and text[m.end() + 1 : m.end() + 2].islower()
        ]
        if len(colons) < COLONS_FOR_SEMICOLONS:
            return []
        out: list[Edit] = []
        for m in colons:
            p = m.start()
            pw = _PREV_WORD.search(text, max(0, p - MAX_WORD_LEN), p)
            if pw is None or pw.end() != p:
                continue
            before = self._as_read(pw).lower()
            if not lex.known(before) or {t.POS for t in lex.tags(before)} & _ANNOUNCING_POS:
                continue
            out.append(Edit(p, p + 1, ";", "punct", PUNCT_CONFIDENCE, True))
        return out if len(out) >= COLONS_FOR_SEMICOLONS else []

    def _stops_and_commas(self) -> list[Edit]:
        """A full stop and a comma the OCR swapped (small marks both) inside a pre-reform
        text: `карту. если` is `карту, если` where a known word of more than three letters,
        no abbreviation, stands before the stop and a known lower-case word of two letters
        or more after it (`т. е.`, `проч. и`, `тузы. ж)` stay); `тузахъ, Этотъ` is
        `тузахъ. Этотъ` where a capitalized common word (no name) or a numbering (`III.`)
        follows the comma, or where it ends a heading in capitals (`КОЛОДА КАРТЪ,`): no
        paragraph of the print ends in a comma, a heading least of all."""
        if not self.prereform:
            return []
        out: list[Edit] = []
        text, lex = self.text, self.lex
        for m in _MARK_BETWEEN.finditer(text):
            p = m.start()
            # a footnote's mark may stand between the word and its comma (масти*, IV.)
            at = p - 1 if m.group(1) == "," and text.startswith("*", p - 1) else p
            pw = _PREV_WORD.search(text, max(0, at - MAX_WORD_LEN), at)
            nw = WORD.match(text, m.end() + 1)
            if pw is None or nw is None or pw.end() != at or nw.start() in self._specks:
                continue
            if m.group(1) == "." and self._cut_between(p, nw.start()):
                continue  # короля. / (lost) гроятся: what followed the stop was lost
            nxt = self._as_read(nw)
            before = self._as_read(pw)  # as corrected: с. is съ., a preposition
            if (
                before in _PRIMARY_PREPOSITIONS
                and nxt.islower()
                and self._preposition(before)
                and not _HYPHEN_BEFORE.search(text, max(0, pw.start() - 3), pw.start())
            ):  # (вид- на; пачки: the end of a word broken at a line's end, no preposition)
                # годна для. игры, положена на, основную, до: тѣхъ: a preposition stands
                # before its noun with no mark between (a speck read as one)
                out.append(Edit(p, p + 1, "", "punct", PUNCT_CONFIDENCE, True))
                continue
            if m.group(1) == "." and pw.group() in _CONJUNCTIONS and nxt.islower():
                # картъ и. / раскладываютъ: no sentence ends in a conjunction (a speck)
                out.append(Edit(p, p + 1, "", "punct", PUNCT_CONFIDENCE, True))
                continue
            if m.group(1) in ":;":
                continue  # a colon or semicolon is read as printed but after a preposition
            if m.group(1) == ".":
                prev = self._as_read(pw)
                if len(nxt) == 1 and nxt in "аи" and not self._conjunction_goes_on(nw):
                    continue
                if len(prev) <= 3 or not nxt.islower() or " " in nxt:
                    continue
                if len(nxt) < 2 and nxt not in "аи":
                    continue
                if text.startswith(")", nw.end()) or not (lex.known(prev) and lex.known(nxt)):
                    continue
                if self._capital_lost(nw.group()):
                    continue  # королей. озефина: Жозефина, its capital lost; the stop stays
                if self._small_doubted(nw):
                    continue  # картой. бели (Если at 30): the engine's small word, not the print's
                if nxt in _ENCLITICS:
                    continue  # карты. ль (Цѣль): a particle leans on a word, never on a comma
                if self._sure_stop_before_noun(pw, nxt):
                    continue  # сдаютъ вновь. раскладку (вновь. at 95): a sentence's noun
                if any("Abbr" in p.tag for p in lex.parses(prev)):
                    continue
                if self._one_word_line(pw, nw):
                    continue  # Игра. / Изъ колодъ: a heading's stop, whatever was read after it
                out.append(Edit(p, p + 1, ",", "punct", PUNCT_CONFIDENCE, True))
            else:
                numbering = is_roman(nxt) and text.startswith(".", nw.end())
                capital = len(nxt) > 1 and nxt[:1].isupper() and " " not in nxt
                if not (numbering or (capital and lex.common_word(nxt.lower()))):
                    continue
                # a paragraph's first word before the first numbering is a heading
                # (Правила, I.)
                opens = (pw.start() == 0 or text[pw.start() - 1] == "\n") and nxt == "I"
                if not (numbering and opens) and self._in_a_list(pw, nw):
                    continue
                if capital and not numbering and self._verb_continues(nxt, nw.end()):
                    continue  # карту, кромѣ тузовъ, Кладетъ: the clause's verb, case misread
                if capital and not numbering and self._clause_continues(pw, nw, nxt):
                    continue  # тузы, ИХЪ кладутъ; ни къ картамъ, Ни къ; въ томъ, Что
                if capital and not numbering and self._capital_doubted(pw, nw):
                    continue  # вверхъ, Въ видѣ (Въ at 70): the engine's capital, not the print's
                if capital and not numbering and self._capital_of_print(nw.group()):
                    continue  # причины, Косынка: a name the page capitalizes mid-sentence
                if capital and not numbering and self._polite_capital(nw.group()):
                    continue  # не работаетъ, Вы можете: the polite pronoun the page capitalizes
                out.append(Edit(p, p + 1, ".", "punct", PUNCT_CONFIDENCE, True))
        for m in _HEADING_COMMA.finditer(text):
            p = m.start()
            para = text[text.rfind("\n", 0, p) + 1 : p]
            pw = _PREV_WORD.search(text, max(0, p - MAX_WORD_LEN), p)
            if pw is not None and pw.end() == p and pw.group().lower() in _ANNOUNCES_CLAUSE:
                continue  # не иначе, / III.: the engine lost the line with какъ
            if (
                (para[-1:].isupper() and not any(c.islower() for c in para))
                or (para.isalpha() and para[:1].isupper())  # Правила, (a one-word heading)
                or (  # масти*,\n\nIV.: a rule's end (a comma glued to its word)
                    _NEXT_NUMBERING.match(text, p + 1)
                    and (text[p - 1 : p].isalpha() or text[p - 1 : p] == "*")
                )
                or self._paragraph_opens(p + 1)
            ):
                out.append(Edit(p, p + 1, ".", "punct", PUNCT_CONFIDENCE, True))
        return out

    def _capital_lost(self, printed: str) -> bool:
        """Whether a word of three letters or more is no word as printed but one the document
        prints with a first letter before it: `озефина` where the page's note prints
        Жозефина. Its small first letter is the engine's loss of a capital, no sentence going
        on. (The lexicon is no witness: a letter put before a short word often makes one,
        `сѣли` for Если: посѣли.)"""
        low = self.decide(printed).fixed.lower()
        if len(low) < 3 or self.lex.known(low):
            return False
        freq = self.freq
        return any(freq.get(c + low, 0) for c in _CYRILLIC_SMALL)

    def _small_doubted(self, nw: regex.Match) -> bool:
        """Whether the small word after a stop is a short word the engine barely made out
        (below `SMALL_SURE`, `SHORT_DOUBTED` letters or fewer) that nothing else attests:
        the page prints it nowhere else in small letters, and it is neither a domain word
        nor a function word (`бели` at 30 for Если, a speck read `аа` at 13 after a
        heading). A misreading makes a short word by chance; its small first letter says
        nothing sure of the print, so the stop it follows stays. A longer word read as a
        word (`остальныя`, `опредѣляетъ`), a misread one the corrector repaired, or one the
        page prints again goes on the sentence as before: a poor line's words are all
        doubted."""
        printed = nw.group()
        if len(printed) > SHORT_DOUBTED:
            return False
        conf = self.conf_at(nw.start())
        if conf is None or conf >= SMALL_SURE:
            return False
        if self.decide(printed).fixed != printed or not self.lex.known(printed):
            return False
        # printed small elsewhere (a capitalized form may be the same misreading: Бели)
        if self.counts.get(printed, 0) > 1:
            return False
        return not (self.lex.is_domain(printed) or self._function_word(printed))

    def _sure_stop_before_noun(self, pw: regex.Match, nxt: str) -> bool:
        """Whether the engine read the word the stop follows, stop and all, surely (at
        `STOP_SURE` or above) and a noun comes after it (`сдаютъ вновь. раскладку`, `масти.
        ряда`): the small letter is then the one witness for a comma, and most capitals of
        Cyrillic differ from their small letters by size alone, while a noun opens a
        sentence as often as it goes on one after a comma. After a sure stop the comma the
        engine misread is still found where the word after it opens a clause (a
        conjunction, a preposition, «который», a participle or a gerund: `туза. на`,
        `кучку. которую`, `карты. держа`). A demonstrative of this kind (этотъ, эти, сіи)
        refers to what the sentence before said and opens the next: after a stop read at
        `STOP_SURE_BACK` or more it keeps the stop as a noun does."""
        conf = self.conf_at(pw.start())
        if conf is None or conf < STOP_SURE_BACK:
            return False
        top = self.lex.parses(nxt)[:1]
        if top and top[0].normal_form in _POINTS_BACK:
            return True  # столбцами. эти (Эти read small, the stop at 91): a sentence's first word
        return conf >= STOP_SURE and bool(top) and top[0].tag.POS == "NOUN"

    def _conjunction_goes_on(self, nw: regex.Match) -> bool:
        """Whether и or а after a stop goes on in small letters (`туза. а на туза`,
        `игру. и кладутъ`): no sentence of the print begins in a small letter, so the stop
        was a comma; before a capitalized word the letter may be a speck (`разъ. о Игра.`)."""
        nxt = WORD.match(self.text, nw.end() + 1)
        return (
            nxt is not None
            and self._gap_is_space(nw.end(), nxt.start())
            and nxt.group()[:1].islower()
            and nxt.start() not in self._specks
        )

    def _paragraph_opens(self, at: int) -> bool:
        """Whether a new paragraph begins at `at` (after a blank line) the way a sentence
        does: a common word capitalized, a heading in capitals, a figure or a footnote's
        mark (`… на тузахъ,` / `Этотъ пасьянсъ`; `… картою,` / `Игра.`). A paragraph the
        engine broke inside a sentence goes on in small letters (`на основныя,` /
        `считаются: …`), so a comma before such a paragraph was the print's; the text's
        last paragraph, which a page break may cut after a comma, has none after it."""
        text = self.text
        if not text.startswith("\n\n", at):
            return False
        nw = WORD.match(text, at + 2)
        if nw is None:
            return text[at + 2 : at + 3].isdigit() or text.startswith("* ", at + 2)
        w = self._as_read(nw)  # as corrected: Затъмъ is Затѣмъ, a common word
        if not w[:1].isupper() or len(w) < 2:
            return False
        return w.isupper() or is_roman(w) or self.lex.common_word(w.lower())

    def _capital_doubted(self, pw: regex.Match, nw: regex.Match) -> bool:
        """Whether the engine doubted the capitalized word after a comma (below
        `CAPITAL_SURE`): most capitals of Cyrillic differ from their small letters by size
        alone, so a capital read unsurely is as likely a small letter read large as the
        sentence's first, and the comma the engine read stays. A heading's word alone on its
        line (`Игра,` / `Изъ`) ends with a stop whatever the engine's doubt."""
        if nw.group().isupper() or is_roman(self._as_read(pw)):
            return False  # a heading in capitals (`_clause_continues`); a numbering's stop
        conf = self.conf_at(nw.start())
        sure = SHORT_CAPITAL_SURE if len(nw.group()) <= 2 else CAPITAL_SURE
        if conf is None or conf >= sure:
            return False
        return not (self._one_word_line(pw, nw) or self._one_word_line(nw, None))

    def _one_word_line(self, w: regex.Match, nw: regex.Match | None) -> bool:
        """Whether the word `w` stood alone on its line of the input, the word after it
        (`nw`, or the next word found) beginning the next: a heading (`Игра.`, `Правила.`),
        whose stop is no comma misread."""
        ls = self.line_start
        if ls is None or not ls(w.start()):
            return False
        if nw is None:
            nw = WORD.search(self.text, w.end(), min(len(self.text), w.end() + 80))
            if nw is None:
                return True
        return ls(nw.start())

    def _clause_continues(self, pw: regex.Match, nw: regex.Match, nxt: str) -> bool:
        """Whether the capital after a comma is the OCR's, the sentence going on: a short word
        in capitals before small letters (`тузы, ИХЪ кладутъ`: И, Х, Ъ are small letters'
        shapes too, read large); the second of a correlative pair whose first stands in small
        letters in the sentence (`ни къ картамъ, Ни къ столбцамъ`); «что», «чтобы» or «какъ»
        after the demonstrative it answers (`въ томъ, Что`, `такъ, Какъ`); a form of
        «который», which never opens a sentence of rules (`карты, Которыя`)."""
        text, lex = self.text, self.lex
        printed = nw.group()
        if len(printed) > 1 and printed.isupper():
            # a run of short words in capitals (`НИ ВЪ раскладкѣ`), then small letters
            cur = nw
            for _ in range(3):
                end = cur.end()
                after = WORD.match(text, end + 1) if self._gap_is_space(end, end + 1) else None
                if after is None or not (after.group().isupper() and len(after.group()) <= 3):
                    break
                cur = after
            return after is not None and after.group()[:1].islower()
        low = nxt.lower()
        if low in _CORRELATIVES:
            lo = max(0, pw.start() - 300)
            start = max(lo, *(text.rfind(c, lo, pw.start()) + 1 for c in (*_SENTENCE_END, "\n")))
            return _word_in(low, text[start : pw.start()])
        if low in _ANSWERS_DEMONSTRATIVE:
            return self._as_read(pw).lower() in _DEMONSTRATIVES
        return low.startswith("котор") and any(p.normal_form == "который" for p in lex.parses(low))

    def _preposition(self, word: str) -> bool:
        """A preposition that is nothing else (для, на, изъ; not прежде, ниже, which are
        adverbs too, nor о, which may be a letter)."""
        return word in _PRIMARY_PREPOSITIONS

    def _verb_continues(self, word: str, e: int) -> bool:
        """Whether a capitalized `word` after a comma is a verb that goes on the sentence
        (карту, кромѣ тузовъ, Кладетъ въ пачку): an OCR engine tells К from к, О from о by
        size alone. A verb that opens a sentence has its subject after it (Выходитъ онъ
        рѣдко); a verb without one continues the sentence, the comma stays."""
        if not word[1:].islower():
            return False  # a heading in capitals
        ps = self.lex.parses(word.lower())
        if not ps or not all(p.tag.POS in ("VERB", "INFN", "GRND") for p in ps):
            return False
        after = self._clause(e, e, forward=True, limit=1)
        return not after or not any(
            p.tag.POS == "NPRO" and "nomn" in p.tag for p in self.lex.parses(after[0])
        )

    def _in_a_list(self, pw: regex.Match, nw: regex.Match) -> bool:
        """Whether the comma between words `pw` and `nw` parts the items of a list of names,
        ranks or numerals (`Тузъ, Король, Дама`, `пасьянсы Часы, Мельница`, `I, II, III.`),
        whose capitals are the print's: the word before is capitalized (not a heading in
        capitals) or a Roman numeral, or the list goes on after the word (`, Дама`, `и
        Дама`)."""
        prev = self._as_read(pw)
        if is_roman(prev):
            return is_roman(self._as_read(nw))  # II, Марьяжъ: a numbering's stop read as a comma
        if prev[:1].isupper() and not prev.isupper():
            return True
        text = self.text
        m = _LIST_GOES_ON.match(text, nw.end())
        if m is not None and self._as_read(WORD.match(text, m.end()))[:1].isupper():
            return True
        # names of several words (Съ квартиры на квартиру, Два кольца, Дѣтство, Узникъ;
        # Узникъ, Счастливый узникъ, Глупый узникъ): the comma stands in a run of three
        # capitalized items parted by commas (a sentence's misread stop, `тузахъ, Этотъ
        # пасьянсъ удался, Петръ.`, is followed by one more at most)
        return bool(
            _ITEM_GOES_ON.match(text, nw.end())
            or _ITEM_BEFORE.search(text, max(0, pw.start() - 80), pw.end())
        )

    def _lower_attested(self, low: str) -> bool:
        """Whether a capitalized word may be lowered: its small form is a function word, a
        domain word or a word the document itself prints in small letters. A word the
        document never prints small and the domain does not know (герцога Баварскаго) is
        more likely the print's name than the OCR's capital."""
        return bool(self.counts.get(low) or self.lex.is_domain(low) or self._function_word(low))

    def _gerund_opens(self, word: str, e: int) -> bool:
        """Whether `word`, capitalized after a small word, is a gerund that opens a sentence
        whose stop the text lacks (`имѣется Положивъ магазинъ`: a web text run together):
        a perfective gerund in -въ, -вши, -вшись before a small word, as the sentence
        splitter reads a sentence's start (`segment.sentences._JOINT`). Lowered, the cut
        would be lost. No development scan page, corpus raw or `pages-N` OCR text has such a
        capital in mid-sentence: the engine's capitals for small letters fall elsewhere."""
        low = word.lower()
        if not _GERUND_END.search(low) or not _SMALL_NEXT.match(self.text, e):
            return False
        return any(p.tag.POS == "GRND" for p in self.lex.parses(low))

    def _capital_of_print(self, word: str) -> bool:
        """Whether the page prints `word`, capitalized, in mid-sentence `NAME_REPEATS` times or
        more (игру Пасьянсъ Паукъ … пасьянса Паукъ; отъ Короля до Туза, twice): the print's
        capital, a name or a term it capitalizes. The engine reads a small letter as a
        capital on one occurrence of a word, not on each; the lexicon's common noun is no
        witness against a name made of it."""
        if self._mid_capitals is None:
            self._mid_capitals = Counter(m.group() for m in _MID_CAPITAL.finditer(self.text))
        return self._mid_capitals[word] >= NAME_REPEATS

    def _polite_capital(self, word: str) -> bool:
        """Whether `word` is a form of the polite pronoun (Вы, Вамъ, Вашъ …) and the page
        prints such forms capitalized in mid-sentence `NAME_REPEATS` times or more (`работаетъ,
        Вы можете … доступна, Вамъ достаточно`): the page's capital, not a sentence's start,
        so the comma before it stays."""
        if _POLITE.fullmatch(word) is None:
            return False
        return len(_MID_POLITE.findall(self.text)) >= NAME_REPEATS

    def _caps_of_print(self, s: int, e: int) -> bool:
        """Whether text[s:e] lies in a run of words in capitals that the page prints, the
        same, in mid-sentence `NAME_REPEATS` times or more (игру ПАУКЪ ЧЕТЫРЕ МАСТИ …
        Игра ПАУКЪ ЧЕТЫРЕ МАСТИ): a name the print sets in capitals. The engine reads a
        word's small letters as capitals, even one word the same way twice (карты ГОДЯТСЯ …
        круга ГОДЯТСЯ, read at a line's end), and a run of two (ИЗЪ НИХЪ, ПОЛОЖИТЬ ТОЛЬКО,
        once each on the train pages): a run counts of two words or more, one of them a
        noun, as a name has."""
        if self._caps_runs is None:
            runs = list(_MID_CAPS_RUN.finditer(self.text))
            seen = Counter(m.group() for m in runs)
            self._caps_runs = [
                m.span()
                for m in runs
                if seen[m.group()] >= NAME_REPEATS
                and len(m.group().split()) >= CAPS_RUN_WORDS
                and any("NOUN" in _top_pos(self.lex, w.lower()) for w in m.group().split())
            ]
        return any(a <= s and e <= b for a, b in self._caps_runs)

    def _name_goes_on(self, e: int) -> bool:
        """Whether the capitalized word ending at `e` is followed, after one space, by
        another capitalized word (игры Пасьянсъ Паукъ, въ Карты Количество): a name of
        several words or a heading's run, the print's capitals; the engine reads one word's
        small letter large, not two neighbours' at once."""
        return _NEXT_CAPITAL.match(self.text, e) is not None

    def _listed_capital(self, s: int, e: int) -> bool:
        """Whether the capitalized word text[s:e] is an item of a list of capitalized words
        (`пасьянсы Часы, Мельница и Крестъ`): names or ranks, capitalized by the print."""
        text = self.text
        m = _LIST_GOES_ON.match(text, e)
        if m is not None and text[m.end() : m.end() + 1].isupper():
            return True
        return _LIST_BEFORE.search(text, max(0, s - 50), s) is not None

    def _punctuation(self) -> list[Edit]:
        """`(правило I; и …`: see `brackets`."""
        return [
            Edit(p, p + 1, ")", "punct", PUNCT_CONFIDENCE, PUNCT_CONFIDENCE >= CONFIDENCE_THRESHOLD)
            for p in semicolons_closing_brackets(self.text)
        ]
