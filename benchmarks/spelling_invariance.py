#!/usr/bin/env python3
"""The same rules whatever the spelling: every development passage read as it is and respelled.

    python3 benchmarks/spelling_invariance.py                  # both channels, every change
    python3 benchmarks/spelling_invariance.py --channel old    # modern passages, old spelling
    python3 benchmarks/spelling_invariance.py --channel modern # the corpus, modern spelling
    python3 benchmarks/spelling_invariance.py --no-blame --json

Why (issue 18): the project is judged on unseen pages of the 1914-era book in pre-reform
spelling, from OCR, and on modern web texts, while its real development passages are mostly
modern and its corpus pre-reform. A rule the grammar reads in one spelling and not the other is
a generalization gap that can be measured without inventing a sentence, as a metamorphic test:

- `old`: every prose development passage of `data/real/` (`real-dev*` sets of
  `real_quality.py`; never a held-out one; program code left out) respelled the old way by
  `prereform_text.respell` (ъ, і, ѣ in the roots and endings that have it, -аго/-яго,
  раз-/без- before с);
- `modern`: the corpus scans (`corpus/raw`), cleaned by `normalize` into their own pre-reform
  spelling, read as they are and respelled the modern way by `modernize` below (ѣ → е, і → и,
  ѳ → ф, ѵ → и, final ъ dropped, -аго/-яго → -ого/-его, -ыя/-ія → -ые/-ие in adjectives,
  ея → её, онѣ/однѣ → они/одни, раз-/без-/из-/воз- before с → с).

Both texts go the whole way `pasyans extract FILE` takes (`real_quality.run_text`: read,
normalize, segment, find games, extract), under the same file name. Each game's key facts
(`real_quality.spec_facts`) are compared, the games paired in text order; a passage's expected
facts (`data/real/facts`) are scored both ways, the corpus's drafts by field F1 against
`rules/`. Every fact that changes is listed with the word that made it change (`--no-blame`
skips the search): the respelled text is rebuilt with one word form at a time left as it was,
and the forms whose keeping restores the fact are named (`-` when no single form does).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import yaml  # noqa: E402
from onecore import pin_one_core  # noqa: E402
from prereform_text import _abbreviation, respell  # noqa: E402
from real_quality import REAL, REAL_SETS, _pair, _same, run_text, spec_facts, start_up  # noqa: E402
from wrapper_invariance import PROSE  # noqa: E402

from pipeline.errors import PasyansError  # noqa: E402
from pipeline.normalize import normalize  # noqa: E402
from pipeline.segment.fold import fold  # noqa: E402

_WORD = re.compile(r"[А-Яа-яЁёѣѢіІѳѲѵѴ]+")
_DEV = ("dev", *(f"dev-{i}" for i in range(2, 30)))
_OLD_WORDS = {
    "ея": "её", "нея": "неё", "онѣ": "они", "однѣ": "одни", "однѣхъ": "одних",
    "однѣмъ": "одним", "однѣми": "одними",
}  # fmt: skip
_PLURAL_YA = re.compile(r"([ыи])я(ся)?$")
_PREFIX_ZS = re.compile(r"^(не|по|)(ра|бе|и|во|ни|чере)зс")


def _morph():
    from pipeline.normalize.lexicon import morph as m

    return m()


def _adjective(word: str) -> bool:
    return any(p.tag.POS in ("ADJF", "PRTF") for p in _morph().parse(word))


def modernize_word(word: str) -> str:
    """One pre-reform word in the modern spelling, its case kept."""
    low = word.lower()
    if low in _OLD_WORDS:
        new = _OLD_WORDS[low]
    else:
        new = low.rstrip("ъ") if len(low) > 1 else low
        new = new.translate(str.maketrans("ѣіѳѵ", "еифи"))
        if new.endswith(("аго", "яго")) and len(new) > 4:
            # -аго is -ого or, after ж ш ч щ ц, -его (большаго, восходящаго): the known one
            cands = [new[:-3] + e for e in (("ого", "его") if new[-3] == "а" else ("его",))]
            known = [c for c in cands if _adjective(c) and _morph().word_is_known(c)]
            new = known[0] if known else new
        elif m := _PLURAL_YA.search(new):
            # -ыя/-ія of the feminine and neuter plural: -ые/-ие (нижнія, оставшіяся), not a
            # noun's -ия (линія)
            cand = new[: m.start()] + m.group(1) + "е" + (m.group(2) or "")
            if m.group(1) == "ы" or (_adjective(cand) and _morph().word_is_known(cand)):
                new = cand
        new = new.replace("разсчет", "расчет").replace("разсуд", "рассуд")
        new = _PREFIX_ZS.sub(r"\1\2сс", new)
    if len(word) > 1 and word.isupper():
        return new.upper()
    if word[:1].isupper():
        return new[:1].upper() + new[1:]
    return new


def modernize(text: str, keep: frozenset[str] = frozenset()) -> str:
    """A pre-reform text in the modern spelling, the word forms of `keep` left as they are."""
    return _WORD.sub(
        lambda m: m.group() if m.group().lower() in keep else modernize_word(m.group()), text
    )


_ABBREVIATIONS = frozenset({"фиг", "рис", "табл", "стр", "гл", "изд", "ст", "см", "др", "пр", "ср"})


def _feminine_plurals(words: list[re.Match], text: str) -> set[int]:
    """Starts of the adjectives and participles in -ые/-ие (-еся) whose noun, among the next
    three words of the clause, is feminine or neuter: the old spelling ends them in -ыя/-ія
    (открытыя карты, нижнія кучки, оставшіяся мѣста)."""
    out = set()
    for i, m in enumerate(words):
        low = m.group().lower()
        if not low.endswith(("ые", "ие", "иеся", "ыеся")):
            continue
        ps = [p for p in _morph().parse(low) if p.tag.POS in ("ADJF", "PRTF")]
        if not any("plur" in p.tag and {"nomn", "accs"} & p.tag.grammemes for p in ps):
            continue
        for n in words[i + 1 : i + 4]:
            if re.search(r"[.;:!?()«»—]", text[m.end() : n.start()]):
                break
            p = _morph().parse(n.group().lower())[0]
            if p.tag.POS == "NOUN":
                if {"femn", "neut"} & p.tag.grammemes:
                    out.add(m.start())
                break
            if p.tag.POS not in ("ADJF", "PRTF", "NUMR", "CONJ"):
                break
    return out


def respell_old(text: str, keep: frozenset[str] = frozenset()) -> str:
    """`prereform_text.respell`, with the feminine and neuter plural of adjectives in -ыя/-ія
    (`_feminine_plurals`), and a capital letter alone (Т, К, Д of a list of ranks) and an
    abbreviation cut at a stop (фиг., рис.) left without ъ, as an old book prints them."""
    words = list(_WORD.finditer(text))
    ya = _feminine_plurals(words, text)

    def one(m: re.Match) -> str:
        word = m.group()
        rank = word.isupper() and not re.match(r"\s+[а-яё]", text[m.end() : m.end() + 2])
        if (len(word) == 1 and rank) or word.lower() in keep:
            return word
        stop = text[m.end() : m.end() + 1] == "."
        if stop and (word.lower() in _ABBREVIATIONS or _abbreviation(word)):
            return word
        new = respell(word)
        if m.start() in ya:
            cut = -3 if new.lower().endswith("ся") else -1
            end = new[cut:]
            new = new[:cut] + ("Я" if end[0].isupper() else "я") + end[1:]
        return new

    return _sub_words(text, words, one)


def _sub_words(text: str, words: list[re.Match], fn: Any) -> str:
    out, last = [], 0
    for m in words:
        out += [text[last : m.start()], fn(m)]
        last = m.end()
    return "".join(out) + text[last:]


def _facts_of(path: Path) -> tuple[list[tuple[str | None, dict]], str | None]:
    drafts, refusal = run_text(path)
    return [(t, spec_facts(r) if r else {}) for t, r, _ in drafts], refusal


def _diff(a: list[tuple[str | None, dict]], b: list[tuple[str | None, dict]]) -> list[tuple]:
    """(game index, key, value as it is, value respelled) for each key fact that differs."""
    out = []
    for i in range(max(len(a), len(b))):
        fa = a[i][1] if i < len(a) else {}
        fb = b[i][1] if i < len(b) else {}
        if i >= len(a) or i >= len(b):
            out.append((i, "game", "found" if i < len(a) else "-", "found" if i < len(b) else "-"))
            continue
        for k in sorted(set(fa) | set(fb)):
            if k not in fa or k not in fb or not _same(fa[k], fb[k]):
                out.append((i, k, fa.get(k, "-"), fb.get(k, "-")))
    return out


def _refusal(message: str | None) -> str:
    """A refusal's case, without the file name and the sentence it quotes."""
    if message is None:
        return "-"
    return message.split(": ", 1)[-1].split(" (")[0]


def _run(folder: Path, name: str, text: str) -> tuple[list, str | None]:
    sub = folder / str(len(list(folder.iterdir())))
    sub.mkdir()
    (sub / name).write_text(text, encoding="utf-8")
    return _facts_of(sub / name)


def _bisect(forms: list[str], restores: Any) -> list[str]:
    """A few of `forms` whose keeping as they were restores a fact (`restores(kept)`), found
    by halving: one form in about log2(n) runs; a fact that needs two forms kept together
    names the smallest such group found (at most six), else `(several)`."""
    while len(forms) > 1:
        half = len(forms) // 2
        left, right = forms[:half], forms[half:]
        if restores(frozenset(left)):
            forms = left
        elif restores(frozenset(right)):
            forms = right
        else:
            return forms if len(forms) <= 6 else ["(no form alone)"]
    return forms if forms and restores(frozenset(forms)) else ["-"]


def _value(got: list, i: int, key: str) -> Any:
    if key == "game":
        return "found" if i < len(got) else "-"
    if key == "refusal":
        return None
    return got[i][1].get(key, "-") if i < len(got) else "-"


def _blame(folder: Path, name: str, text: str, fn: Any, changes: list[tuple]) -> dict:
    """Per changed fact, the word forms whose keeping as they were restores its value."""
    forms = sorted({w.lower() for w in _WORD.findall(text) if fn(w).lower() != w.lower()})
    # fn: the text-level respelling, `fn(text, keep)`
    out = {}
    for i, k, a, _ in changes:
        if k == "refusal":
            continue

        def restores(keep: frozenset[str], i: int = i, k: str = k, a: Any = a) -> bool:
            got, _ = _run(folder, name, fn(text, keep))
            return _same(_value(got, i, k), a)

        out[(i, k)] = _bisect(forms, restores)
    return out


def _score(expected: list[dict], got: list[tuple[str | None, dict]]) -> tuple[int, int]:
    pairing = _pair(expected, [(t, {}) for t, _ in got])
    right = total = 0
    for g, j in zip(expected, pairing, strict=True):
        facts = got[j][1] if j is not None else {}
        for k, v in g["facts"].items():
            total += 1
            right += k in facts and _same(v, facts[k])
    return right, total


def ocr_print(text: str) -> str:
    """The old spelling as an OCR engine without ѣ prints it (design.md): ѣ as ђ, і as a
    Latin i."""
    return text.translate(str.maketrans("ѣѢіІ", "ђЂiI"))


def old_channel(folder: Path, blame: bool, only: set[str] | None, ocr: bool = False) -> dict:
    """`ocr`: the respelled text as `ocr_print` gives it (no word search)."""
    manifest = yaml.safe_load((REAL / "manifest.yaml").read_text(encoding="utf-8"))
    dev = {REAL_SETS[s] for s in REAL_SETS if s.startswith("real-dev")}
    rows = []
    for e in manifest:
        if e["set"] not in dev or e["kind"] not in PROSE:  # held-out sets never read
            continue
        if only and e["id"] not in only:
            continue
        text = (REAL / e["file"]).read_text(encoding="utf-8")
        expected = yaml.safe_load((REAL / "facts" / f"{e['id']}.yaml").read_text("utf-8"))
        a, ra = _run(folder, e["file"], text)
        b, rb = _run(folder, e["file"], (ocr_print if ocr else str)(respell_old(text)))
        changes = _diff(a, b)
        if _refusal(ra) != _refusal(rb):
            changes.append((0, "refusal", _refusal(ra), _refusal(rb)))
        row = {
            "passage": e["id"],
            "right": _score(expected["games"], a),
            "right_respelled": _score(expected["games"], b),
            "changes": [list(c) for c in changes],
        }
        if blame and changes and not ocr:
            who = _blame(folder, e["file"], text, respell_old, changes)
            row["blame"] = {f"{i}:{k}": v for (i, k), v in who.items()}
        rows.append(row)
    return {
        "passages": len(rows),
        "right": sum(r["right"][0] for r in rows),
        "right_respelled": sum(r["right_respelled"][0] for r in rows),
        "facts": sum(r["right"][1] for r in rows),
        "changed": sum(len(r["changes"]) for r in rows),
        "rows": rows,
    }


# page sets `extract_quality.py` keeps as held out: left out here
_HELD_PAGES = frozenset({"pages-11", "pages-17", "pages-18", "pages-21"})
# the development phrasings (`extract_quality.py`'s helper sets; 2 and 9 are held out)
_PHRASINGS = ("phrasings-1", *(f"phrasings-{i}" for i in range(3, 9)))


def sentence_channel() -> dict:
    """Each development phrasing (one sentence, modern) and the same sentence respelled the
    old way and projected back by `normalize` (`respell_old`), the grammar's facts of each
    (`sentence_facts`) compared: a finer sieve than whole passages."""
    from pipeline.extract.facts import sentence_facts

    rows = []
    n = 0
    for name in _PHRASINGS:
        items = yaml.safe_load((ROOT / "benchmarks" / "data" / f"{name}.yaml").read_text("utf-8"))
        for it in items:
            n += 1
            text = str(it["text"]).strip()
            old = respell_old(text)
            modern = normalize(old, name).modern
            fa, fb = (
                sorted(json.dumps([f.key, f.value], ensure_ascii=False) for f in facts)
                for facts in (sentence_facts(text)[0], sentence_facts(modern)[0])
            )
            if fa != fb:
                rows.append(
                    {
                        "set": name,
                        "text": text,
                        "respelled": old,
                        "read": modern,
                        "lost": sorted(set(fa) - set(fb)),
                        "gained": sorted(set(fb) - set(fa)),
                    }
                )
    return {"sentences": n, "changed": len(rows), "rows": rows}


def forms_channel() -> dict:
    """Every word form the grammar reads as a terminal (`tokens._forms`), respelled the old
    way (`respell_word`; the adjectives' and participles' plural in -ые/-ие also as -ыя/-ія,
    which needs its noun), forty at a time in a pre-reform frame, projected by `normalize`
    and tokenized again: a form whose terminal or value changes is a word the grammar reads
    in one spelling only."""
    from prereform_text import respell_word

    from pipeline.extract.tokens import _forms, tokenize

    table = _forms(None)
    words = sorted(
        w
        for w, e in table.items()
        if e[0] != "W" and w.isalpha() and not ("plur" in e[3] and re.search("[ыи]я(ся)?$", w))
    )
    pairs = [(w, respell_word(w)) for w in words]
    plural = _PLURAL_E
    for w in words:
        if "plur" in table[w][3] and plural.search(w):
            old = respell_word(w)
            pairs.append((w, plural.sub(lambda m: m.group(1) + "я" + (m.group(2) or ""), old)))

    def read(text: str) -> list:
        return [(t.type, t.value) for t in tokenize(text, None)]

    lost = []
    for i in range(0, len(pairs), 40):
        chunk = pairs[i : i + 40]
        text = " ".join(f"Затѣмъ беретъ {o} и кладетъ." for _, o in chunk)
        got = _FRAMED.findall(normalize(text, "forms").modern)
        if len(got) != len(chunk):  # a word split or joined: one at a time
            got = [
                " ".join(_FRAMED.findall(normalize(f"Затѣмъ беретъ {o} и кладетъ.", "").modern))
                for _, o in chunk
            ]
        for (w, o), m in zip(chunk, got, strict=True):
            if read(m) != read(w):  # read again alone: a page of forty forms is no text
                m = " ".join(_FRAMED.findall(normalize(f"Затѣмъ беретъ {o} и кладетъ.", "").modern))
                if read(m) != read(w):
                    lost.append([w, o, m])
    return {"forms": len(pairs), "changed": len(lost), "rows": lost}


_PLURAL_E = re.compile(r"([ыі])е(ся)?$")
_FRAMED = re.compile(r"Затем берет (.+?) и кладет\.")


def _sources() -> list[tuple[str, dict[str, str], dict[str, dict]]]:
    """(name, {file name: clean pre-reform text}, {game key: expected key facts}) of the
    corpus (its scans as `normalize` cleans them; no expected facts: scored by F1) and of
    each invented page set `pages-N` (its gold text; expected: its specs' key facts)."""
    from pipeline.segment.segmenter import slug
    from pipeline.spec import load_spec

    raw = sorted((ROOT / "corpus" / "raw").glob("*.txt"))
    out = [("corpus", {p.name: normalize(p.read_text("utf-8"), p.stem).text for p in raw}, {})]
    for folder in sorted((ROOT / "benchmarks" / "data").glob("pages-*")):
        if folder.name in _HELD_PAGES:
            continue
        want = {}
        for spec_path in sorted((folder / "specs").glob("*.yaml")):
            gold = load_spec(spec_path)
            want[slug(gold.rules["title"]["ru"].strip().rstrip("."))] = spec_facts(gold.rules)
        out.append((folder.name, {"raw.txt": (folder / "gold.txt").read_text("utf-8")}, want))
    return out


def _games(folder: Path, texts: dict[str, str]) -> list[tuple]:
    """(game key, key facts, F1 against rules/ or None, rule leaves, cited paths) per game, in
    the order `build` gives them."""
    from pipeline.extract import extract_game
    from pipeline.extract.score import field_score, leaves
    from pipeline.ingest import build
    from pipeline.segment.segmenter import slug
    from pipeline.spec import load_spec

    sub = folder / str(len(list(folder.iterdir())))
    sub.mkdir()
    for name, t in texts.items():
        (sub / name).write_text(t, encoding="utf-8")
    try:
        result = build(sorted(sub.iterdir()))
    except PasyansError:
        return []
    out = []
    for game in result.games:
        key = slug(fold(game.get("title") or game.get("name") or game["id"]))
        try:
            ex = extract_game(game, result.scans)
        except PasyansError:
            out.append((key, {}, None, {}, set()))
            continue
        curated = ROOT / "rules" / f"{game['id']}.yaml"
        f1 = field_score(ex.checked, load_spec(curated)).f1 if curated.is_file() else None
        cited = {k for k, v in ex.spec.get("provenance", {}).items() if v.get("origin") == "text"}
        out.append((key, spec_facts(ex.checked.rules), f1, leaves(ex.checked.rules), cited))
    return out


_NONE: tuple = ("-", {}, None, {}, set())


def modern_channel(folder: Path, blame: bool, ocr: bool = False) -> dict:
    """`ocr`: the page sets' OCR form (`raw.txt`) in place of the gold respelled."""
    rows = []
    for name, clean, want in _sources():
        if ocr and name == "corpus":
            continue  # its clean text is the normalizer's own output of the scans
        a = _games(folder, clean)
        if ocr:
            raw = ROOT / "benchmarks" / "data" / name / "raw.txt"
            b = _games(folder, {"raw.txt": raw.read_text(encoding="utf-8")})
            blame = False
        else:
            b = _games(folder, {n: modernize(t) for n, t in clean.items()})
        for i in range(max(len(a), len(b))):
            fa, fb = (a[i] if i < len(a) else _NONE), (b[i] if i < len(b) else _NONE)
            changes = [c[1:] for c in _diff([(None, fa[1])], [(None, fb[1])])]
            if i >= len(a) or i >= len(b):
                changes = [("game", "found" if i < len(a) else "-", "found" if i < len(b) else "-")]
            fields = sorted(
                p
                for p in set(fa[3]) & set(fb[3])
                if fa[3][p] != fb[3][p] and not p.startswith(("title.", "source."))
            )
            exp = want.get(fa[0], {})
            rows.append(
                {
                    "source": name,
                    "game": fa[0] if i < len(a) else fb[0],
                    "f1": None if fa[2] is None else round(fa[2], 3),
                    "f1_respelled": None if fb[2] is None else round(fb[2], 3),
                    "right": [
                        sum(k in f and _same(v, f[k]) for k, v in exp.items())
                        for f in (fa[1], fb[1])
                    ],
                    "facts": len(exp),
                    "changes": [list(c) for c in changes],
                    "fields": [[p, fa[3][p], fb[3][p]] for p in fields],
                }
            )
            if not (blame and changes):
                continue
            forms = sorted(
                {
                    w.lower()
                    for t in clean.values()
                    for w in _WORD.findall(t)
                    if modernize_word(w).lower() != w.lower()
                }
            )
            rows[-1]["blame"] = {}
            for key, va, _ in changes:

                def restores(
                    keep: frozenset[str],
                    key: str = key,
                    va: Any = va,
                    i: int = i,
                    clean: dict[str, str] = clean,
                ) -> bool:
                    texts = {n: modernize(t, keep) for n, t in clean.items()}
                    got = [(None, g[1]) for g in _games(folder, texts)]
                    return _same(_value(got, i, key), va)

                rows[-1]["blame"][key] = _bisect(forms, restores)
    return {
        "games": len(rows),
        "right": sum(r["right"][0] for r in rows),
        "right_respelled": sum(r["right"][1] for r in rows),
        "facts": sum(r["facts"] for r in rows),
        "changed": sum(len(r["changes"]) for r in rows),
        "rows": rows,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--channel",
        choices=("old", "old-ocr", "forms", "sentences", "modern", "pages-ocr", "all"),
        default="all",
    )
    ap.add_argument("--no-blame", action="store_true", help="skip the word search")
    ap.add_argument("--passages", nargs="*", help="only these development passages")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--fields", action="store_true", help="also the first rule fields changed")
    args = ap.parse_args()
    pin_one_core()
    start_up()
    out: dict[str, Any] = {}
    t0 = time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        blame, only = not args.no_blame, set(args.passages or ())
        if args.channel in ("old", "all"):
            out["old"] = old_channel(folder, blame, only)
        if args.channel in ("old-ocr", "all"):
            out["old-ocr"] = old_channel(folder, blame, only, ocr=True)
        if args.channel in ("modern", "all"):
            out["modern"] = modern_channel(folder, blame)
        if args.channel in ("forms", "all"):
            out["forms"] = forms_channel()
        if args.channel in ("sentences", "all"):
            out["sentences"] = sentence_channel()
        if args.channel in ("pages-ocr", "all"):
            out["pages-ocr"] = modern_channel(folder, blame, ocr=True)
    out["cpu_s"] = round(time.process_time() - t0, 1)
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return 0
    heads = {
        "old": "modern passages respelled the old way",
        "old-ocr": "modern passages respelled the old way, ѣ printed ђ and і a Latin i",
        "modern": "pre-reform games (corpus, pages-N gold) respelled the modern way",
        "pages-ocr": "pre-reform games (pages-N gold) read in their OCR form (raw.txt)",
    }
    for ch, head in heads.items():
        if ch not in out:
            continue
        o = out[ch]
        n = o.get("passages", o.get("games"))
        print(
            f"{ch}: {n} {head}; key facts right {o['right']}/{o['facts']} as they are, "
            f"{o['right_respelled']}/{o['facts']} respelled; {o['changed']} facts change"
        )
        for r in o["rows"]:
            if "passage" in r:
                for i, k, va, vb in r["changes"]:
                    who = ", ".join(r.get("blame", {}).get(f"{i}:{k}", [])) or "-"
                    print(f"  {r['passage']} #{i} {k}: {va} -> {vb}   [{who}]")
                continue
            if not (r["changes"] or r["fields"]) and r["f1"] == r["f1_respelled"]:
                continue
            print(f"  {r['source']} {r['game']}: F1 {r['f1']} -> {r['f1_respelled']}")
            for k, va, vb in r["changes"]:
                who = ", ".join(r.get("blame", {}).get(k, [])) or "-"
                print(f"    {k}: {va} -> {vb}   [{who}]")
            for p, va, vb in r["fields"][: 8 if args.fields else 0]:
                print(f"    field {p}: {va} -> {vb}")
    if "forms" in out:
        o = out["forms"]
        print(
            f"forms: {o['changed']} of {o['forms']} word forms of the grammar read otherwise "
            "respelled"
        )
        for w, old, read in o["rows"]:
            print(f"  {w} -> {old} -> {read}")
    if "sentences" in out:
        o = out["sentences"]
        print(
            f"sentences: {o['changed']} of {o['sentences']} development phrasings read "
            "otherwise respelled"
        )
        for r in o["rows"]:
            print(f"  {r['set']}: {r['text']}")
            print(f"    read: {r['read']}")
            print(f"    lost {r['lost']} gained {r['gained']}")
    print(f"cpu {out['cpu_s']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
