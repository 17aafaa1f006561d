"""Modern Russian sentences respelled in the old orthography: gold text of new vocabulary for
the synthetic scans.

    python3 benchmarks/prereform_text.py phrasings-6            # print the respelled text
    python3 benchmarks/prereform_text.py phrasings-6 --check    # words normalize() would change

Why: every page set rendered so far (the corpus seeds' passages and the `pages-N` sets) is a
few thousand words of one register, and the normalizer's lexicon was tuned on it; a word that
is right but rare there, which a held-out page may hold, was never put before the corrector.
The development phrasings (`benchmarks/data/phrasings-{1,3,4,5,6,7,8}.yaml`, written by hand
in modern spelling for the extraction benchmark) bring other words. They are respelled here
as an 1890s book prints them: ъ after a final consonant, і before a vowel, ѣ in the roots and
endings that have it (a list of roots, the verbs in -ѣть, comparatives in -ѣе, the dative and
locative of nouns in -ѣ), -аго/-яго in adjectives, раз-/без-/из-/воз- before с. The result is
not a philologist's edition: a root the list lacks keeps е. That is harmless for the
benchmark, which scores OCR + normalize against this very text: a word the respelling got
"wrong" is still a word of the page, printed and read like any other, and `--check` lists
the few words the normalizer itself would change on the clean text (the set's floor).

No rendering of any book page: the sentences are the project's own.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import regex
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# The development phrasings (phrasings-2 and -9 are held out: never rendered).
DEV_PHRASINGS = ("phrasings-1", "phrasings-3", "phrasings-4", "phrasings-5")
DEV_PHRASINGS += ("phrasings-6", "phrasings-7", "phrasings-8")

# Roots with ѣ, spelled the old way, matched (as their modern е form) at the start of a word
# or after a prefix; a `$` ends a whole word, and so does a form ending in ѣ (вѣрѣ, мѣрѣ: a
# dative's ending, no part of измѣненіе or провѣренная). A root whose е form begins other
# words is given long enough to exclude them (вѣрн-, not вернуть; рѣдк-, not среди), or listed
# in `_YAT_NOT` by its modern beginning (after the prefix) or `_YAT_NOT_WORD` (the whole word's).
# Checked against the lexicon's own list (`grammar/lexicon/yat_roots.txt`): every ѣ this
# writes in the development phrasings is one the lexicon licenses.
_YAT_ROOTS = [
    "бѣг",
    "бѣд",
    "бѣл",
    "бесѣд",
    "вѣда",
    "вѣдаю",
    "вѣдом",
    "свѣдѣн",
    "вѣк",
    "человѣк",
    "вѣр$",
    "вѣра",
    "вѣры",
    "вѣрѣ",
    "вѣрен",
    "вѣру",
    "вѣрой",
    "вѣрн",
    "вѣроятн",
    "вѣс$",
    "вѣса",
    "вѣсу",
    "вѣсом",
    "вѣсы",
    "вѣсит",
    "вѣша",
    "вѣшив",
    "вѣтв",
    "вѣтер",
    "вѣтр",
    "вѣчн",
    "вмѣст",
    "внѣ$",
    "гдѣ$",
    "дѣд",
    "дѣл",
    "опредѣл",
    "дѣт",
    "желѣз",
    "здѣс",
    "извѣст",
    "клѣт",
    "колѣн",
    "лѣв$",
    "лѣвая",
    "лѣвой",
    "лѣвую",
    "лѣвое",
    "лѣвые",
    "лѣвых",
    "лѣвым",
    "лѣво",
    "лѣни",
    "лѣнив",
    "лѣнь",
    "лѣпи",
    "лѣс$",
    "лѣса",
    "лѣсу",
    "лѣсн",
    "лѣстниц",
    "лѣто",
    "лѣта",
    "лѣтн",
    "лѣт$",
    "лѣчи",
    "примѣр",
    "мѣл$",
    "мѣлом",
    "мѣна",
    "мѣнѣ",
    "мѣнен",
    "мѣни",
    "мѣня",
    "мѣнял",
    "мѣр$",
    "мѣра",
    "мѣрѣ",
    "мѣрен",
    "мѣру",
    "мѣрой",
    "мѣры",
    "мѣрн",
    "мѣрит",
    "мѣрил",
    "мѣст",
    "мѣси",
    "мѣша",
    "мѣшок",
    "нѣкот",
    "нѣкто",
    "нѣкій",
    "нѣког",
    "нѣскольк",
    "нѣчто",
    "нѣмец",
    "нѣмецк",
    "нѣжн",
    "недѣл",
    "обѣд",
    "мѣщ",
    "смотрѣн",
    "терпѣн",
    "умѣл",
    "крѣп",
    "отвѣт",
    "двѣнадцат",
    "двѣсти",
    "орѣх",
    "пѣсн",
    "пѣтух",
    "пѣть$",
    "рѣдк",
    "рѣдок",
    "рѣз",
    "рѣк$",
    "рѣка",
    "рѣки",
    "рѣку",
    "рѣкой",
    "рѣч",
    "рѣш",
    "свѣт",
    "цвѣт",
    "сосѣд",
    "смѣх",
    "снѣг",
    "слѣд",
    "слѣп",
    "смѣл",
    "спѣш",
    "спѣл",
    "стѣн",
    "стрѣл",
    "тѣл",
    "тѣнь",
    "тѣни",
    "тѣсн",
    "хлѣб",
    "цѣл",
    "цѣн",
    "цѣп",
]
_YAT_NOT = (
    "ведр", "вертеть", "верх", "верст", "верев", "верт", "весел", "весн", "весь", "вест",
    "вещ", "вернут", "верну", "делег", "детал", "местоим", "результ", "резерв", "резин",
    "резид", "сердеч", "тема", "темат", "темн", "тенден", "телег", "телеф", "телев",
    "телеграф", "специ", "спект", "центр", "цельс", "мелоч", "мелк", "реклам", "рекорд",
    "верениц", "верни", "детект", "детерм", "цент", "ценар",
)  # fmt: skip
# whole words a root would take after a "prefix" that is none: сцена, процент, акцент
_YAT_NOT_WORD = ("сцен", "процент", "акцент")
_PREFIXES = ("", "по", "при", "пере", "раз", "рас", "из", "ис", "от", "до", "за", "на",
             "вы", "об", "о", "с", "у", "пред", "про", "не", "ни", "под", "в", "вз")  # fmt: skip
_WORDS = {
    "где": "гдѣ", "нет": "нѣтъ", "две": "двѣ", "обе": "обѣ", "обеих": "обѣихъ",
    "обеим": "обѣимъ", "обеими": "обѣими", "мне": "мнѣ", "тебе": "тебѣ", "себе": "себѣ",
    "все": "всѣ", "всем": "всѣмъ", "всех": "всѣхъ", "всеми": "всѣми", "те": "тѣ",
    "тем": "тѣмъ", "тех": "тѣхъ", "теми": "тѣми", "чем": "чѣмъ", "ее": "ее", "её": "ея",
    "здесь": "здѣсь", "после": "послѣ", "более": "болѣе", "менее": "менѣе", "кроме": "кромѣ",
    "вне": "внѣ", "возле": "возлѣ", "вместе": "вмѣстѣ", "совсем": "совсѣмъ",
    "вполне": "вполнѣ", "затем": "затѣмъ", "прежде": "прежде", "далее": "далѣе",
    "заранее": "заранѣе", "ранее": "ранѣе", "позднее": "позднѣе", "ничем": "ничѣмъ",
    "нечем": "нечѣмъ", "зачем": "зачѣмъ", "перед": "передъ", "нее": "нея", "меня": "меня",
}  # fmt: skip
_PRONOUN_ADJ = frozenset(
    {"этот", "тот", "который", "весь", "сам", "мой", "твой", "свой", "наш", "ваш", "чей"}
    | {"один", "кто", "что", "никто", "ничто", "нечто", "некто"}
)
_VERB_EXCEPT = frozenset({"тереть", "стереть", "запереть", "отпереть", "умереть", "переть"})
_I_BEFORE_VOWEL = regex.compile(r"и(?=[аеёиоуыэюяй])")
_CONS_FINAL = regex.compile(r"[бвгджзклмнпрстфхцчшщ]$")
_PREFIX_S = regex.compile(r"^(ра|бе|и|во)с(?=с)")
_WORD = regex.compile(r"[А-Яа-яЁё]+")


def _morph():
    from pipeline.normalize.lexicon import morph as m

    return m()


def _root_yat(low: str) -> str:
    cmp = low.replace("ѣ", "е")
    if cmp.startswith(_YAT_NOT_WORD):
        return low
    for pre in _PREFIXES:
        if not cmp.startswith(pre):
            continue
        rest = cmp[len(pre) :]
        if rest.startswith(_YAT_NOT):
            continue
        for root in _YAT_ROOTS:
            old = root.rstrip("$")
            r = old.replace("ѣ", "е")
            whole = root.endswith(("$", "ѣ"))
            if (rest == r) if whole else rest.startswith(r):
                return low[: len(pre)] + old + low[len(pre) + len(r) :]
    return low


def _grammar_yat(low: str) -> str:
    ps = _morph().parse(low)
    if not ps:
        return low
    p = ps[0]
    tag, nf = p.tag, p.normal_form
    if (
        nf.endswith(("еть", "еться"))
        and nf not in _VERB_EXCEPT
        and tag.POS in ("VERB", "INFN", "GRND", "PRTF", "PRTS")
    ):
        stem = nf[: nf.rindex("еть")]
        if low.startswith(stem + "е"):
            return stem + "ѣ" + low[len(stem) + 1 :]
    if "COMP" in tag and low.endswith("ее"):
        return low[:-2] + "ѣе"
    if "Supr" in tag and "ейш" in low:
        return low.replace("ейш", "ѣйш", 1)
    noun_case = tag.POS == "NOUN" and "sing" in tag and ({"datv", "loct"} & tag.grammemes)
    if noun_case and low.endswith("е") and not low.endswith(("ие", "ье")):
        return low[:-1] + "ѣ"
    if (
        tag.POS in ("ADJF", "PRTF")
        and low.endswith(("ого", "его"))
        and ({"masc", "neut"} & tag.grammemes)
        and not nf.endswith("ой")  # другого, какого: the stressed ending stays
        and nf not in _PRONOUN_ADJ
    ):
        soft = low[-3] == "е" and low[-4:-3] not in "жшчщц"
        return low[:-3] + ("яго" if soft else "аго")
    return low


def _stems() -> list[str]:
    """The lexicon's own list of stems that have ѣ in every word they begin."""
    path = ROOT / "grammar" / "lexicon" / "yat_stems.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    return [x.strip() for x in lines if x.strip() and not x.startswith("#")]


def _stem_yat(low: str) -> str:
    cmp = low.replace("ѣ", "е")
    for stem in _stems():
        old = stem.rstrip("$")
        r = old.replace("ѣ", "е")
        if (cmp == r) if stem.endswith("$") else cmp.startswith(r):
            return old + low[len(r) :]
    return low


def respell_word(word: str) -> str:
    """One modern word in the old spelling, its case kept."""
    low = word.lower().replace("ё", "е")
    if low in _WORDS:
        new = _WORDS[low]
    else:
        new = _grammar_yat(low)
        new = _stem_yat(new)
        new = _root_yat(new)
        new = _PREFIX_S.sub(r"\1з", new)
        new = _I_BEFORE_VOWEL.sub("і", new)
        if _CONS_FINAL.search(new):
            new += "ъ"
    if len(word) > 1 and word.isupper():
        return new.upper()
    if word[:1].isupper():
        return new[:1].upper() + new[1:]
    return new


def _abbreviation(word: str) -> bool:
    """A word the dictionary reads first as an abbreviation (т, см, др, стр): cut short
    before a stop, it ends in no ъ in the old print (т. е., и т. д., см.), as a word does."""
    return "Abbr" in _morph().parse(word.lower())[0].tag


def respell(text: str) -> str:
    def one(m: regex.Match) -> str:
        word = m.group()
        if text[m.end() : m.end() + 1] == "." and _abbreviation(word):
            return word
        return respell_word(word)

    return _WORD.sub(one, text)


def phrasings_text(name: str) -> str:
    """The development phrasings set `name` as paragraphs of pre-reform text: a game's
    sentences one paragraph (sets that name the game), else four sentences a paragraph."""
    if name not in DEV_PHRASINGS:
        raise SystemExit(f"prereform_text: {name} is no development phrasings set")
    items = yaml.safe_load((ROOT / "benchmarks" / "data" / f"{name}.yaml").read_text("utf-8"))
    paras: list[list[str]] = []
    last = object()
    for i, it in enumerate(items):
        key = it.get("game", i // 4)
        if key != last:
            paras.append([])
            last = key
        paras[-1].append(respell(str(it["text"]).strip()))
    return "\n".join(" ".join(p) for p in paras) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("name", help="a development phrasings set, e.g. phrasings-6")
    ap.add_argument("--check", action="store_true", help="words normalize() changes")
    args = ap.parse_args(argv)
    text = phrasings_text(args.name)
    if not args.check:
        sys.stdout.write(text)
        return 0
    from pipeline.normalize import normalize

    out = normalize(text, args.name).text
    a, b = text.split(), out.split()
    import difflib

    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op != "equal":
            print(" ".join(a[i1:i2]), "->", " ".join(b[j1:j2]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
