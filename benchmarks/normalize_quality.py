"""Word and character error rates of raw vs normalized text against the hand-made gold.

Run from the repository root:  python3 benchmarks/normalize_quality.py [--json] [--errors]

Definitions (also in benchmarks/README.md):
- WER: word tokens are the whitespace-split text, punctuation kept attached to its word
  (`звѣзды.` is one token, so a wrong full stop costs a word). Errors = Levenshtein distance
  between token sequences (substitution, insertion, deletion cost 1); WER = errors / gold
  tokens.
- CER: every whitespace run (including the no-break space and newlines) collapsed to one
  space, leading/trailing space stripped; CER = character Levenshtein distance / gold
  characters.
- The raw text is compared after removing nothing: its web page headers and footnote markers
  count as errors.
- "made wrong": gold tokens that the raw text already had right (matched in the optimal
  raw-gold alignment) but the normalized text does not (not matched in the normalized-gold
  alignment). "fixed" is the converse.
- Overall figures are summed errors over summed gold lengths.
- Hold-out: for each game, the confusion table is rebuilt with
  `learn_confusions((raw, gold) pairs)` from every other game's passages (seeds are split at
  the catalogue's `title_line`s), the held-out passages are normalized with that table, and
  their figures are reported separately. All scans of a game are held out together (the two
  Shah scans overlap, so keeping one would leak the other).
"""

from __future__ import annotations

import argparse
import inspect
import itertools
import json
import re
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "corpus"
GAME_IDS = ("shah", "blockade", "clock", "dense-column", "exiles")


# ---------------------------------------------------------------- distances


def _distance(a: list, b: list) -> int:
    """Levenshtein distance of two sequences (Myers/Hyyrö bit-parallel, one pass over `b`).

    Why bit-parallel: a 5,000-character seed is 25 million cells for the textbook table, which
    takes far too long in pure Python; with big-int bit vectors it is 5,000 steps.
    """
    if not a:
        return len(b)
    if not b:
        return len(a)
    m = len(a)
    mask = (1 << m) - 1
    high = 1 << (m - 1)
    peq: dict = {}
    for i, sym in enumerate(a):
        peq[sym] = peq.get(sym, 0) | (1 << i)
    pv, mv, score = mask, 0, m
    for sym in b:
        eq = peq.get(sym, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | (~(xh | pv) & mask)
        mh = pv & xh
        if ph & high:
            score += 1
        elif mh & high:
            score -= 1
        ph = ((ph << 1) | 1) & mask
        mh = (mh << 1) & mask
        pv = mh | (~(xv | ph) & mask)
        mv = ph & xv
    return score


def char_distance(a: str, b: str) -> int:
    """Character Levenshtein distance."""
    return _distance(list(a), list(b))


def word_errors(hyp: list[str], ref: list[str]) -> int:
    """Token Levenshtein distance."""
    return _distance(hyp, ref)


def matched_ref_positions(hyp: list[str], ref: list[str]) -> set[int]:
    """Indices of `ref` tokens paired with an identical `hyp` token in an optimal alignment.

    Ties are broken towards matches (diagonal first), so a correct token is never reported
    as lost merely because another alignment of equal cost exists.
    """
    return set(aligned_pairs(hyp, ref))


def aligned_pairs(hyp: list[str], ref: list[str]) -> dict[int, int]:
    """`ref` index -> `hyp` index of the identical tokens paired in that optimal alignment."""
    # common prefix and suffix are matched in every optimal alignment: skip them
    lo = 0
    while lo < len(hyp) and lo < len(ref) and hyp[lo] == ref[lo]:
        lo += 1
    hi_h, hi_r = len(hyp), len(ref)
    while hi_h > lo and hi_r > lo and hyp[hi_h - 1] == ref[hi_r - 1]:
        hi_h -= 1
        hi_r -= 1
    pairs = {k: k for k in range(lo)}
    pairs.update({hi_r + k: hi_h + k for k in range(len(ref) - hi_r)})
    h, r = hyp[lo:hi_h], ref[lo:hi_r]
    n, m = len(h), len(r)
    if n == 0 or m == 0:
        return pairs
    table = [list(range(m + 1))]
    for i in range(1, n + 1):
        prev = table[-1]
        row = [i] + [0] * m
        hi = h[i - 1]
        for j in range(1, m + 1):
            row[j] = min(prev[j - 1] + (hi != r[j - 1]), prev[j] + 1, row[j - 1] + 1)
        table.append(row)
    i, j = n, m
    while i > 0 and j > 0:
        cell = table[i][j]
        if h[i - 1] == r[j - 1] and cell == table[i - 1][j - 1]:
            pairs[lo + j - 1] = lo + i - 1
            i, j = i - 1, j - 1
        elif cell == table[i - 1][j - 1] + 1:
            i, j = i - 1, j - 1
        elif cell == table[i - 1][j] + 1:
            i -= 1
        else:
            j -= 1
    return pairs


def made_wrong(raw: list[str], out: list[str], gold: list[str]) -> int:
    """Gold tokens right in the raw text and wrong after normalization."""
    return len(matched_ref_positions(raw, gold) - matched_ref_positions(out, gold))


def fixed(raw: list[str], out: list[str], gold: list[str]) -> int:
    """Gold tokens wrong in the raw text and right after normalization."""
    return len(matched_ref_positions(out, gold) - matched_ref_positions(raw, gold))


_OLD_LETTERS = re.compile(r"[ѣѢіІѳѲѵѴђЂ]|[бвгджзклмнпрстфхцчшщ]ъ\b", re.IGNORECASE)


def old_spelling_left(modern: str) -> list[str]:
    """Tokens of a modern projection still spelled the old way (ѣ, і, ѳ, ѵ, final ъ)."""
    return [w for w in modern.split() if _OLD_LETTERS.search(w)]


def collapse(text: str) -> str:
    """Whitespace runs to one space, ends stripped (the CER view of a text)."""
    return " ".join(text.split())


def wrong_pairs(out: list[str], gold: list[str]) -> list[tuple[str, str]]:
    """(output, gold) token groups that differ, for reading what is left to fix."""
    import difflib

    pairs = []
    sm = difflib.SequenceMatcher(None, out, gold, autojunk=False)
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op != "equal":
            pairs.append((" ".join(out[i1:i2]), " ".join(gold[j1:j2])))
    return pairs


# ---------------------------------------------------------------- corpus


@dataclass
class Passage:
    """A stretch of one seed (the whole seed, or one game of it) with its gold."""

    seed: str
    game: str | None
    raw: str
    gold: str
    orthography: str

    @property
    def label(self) -> str:
        return self.seed if self.game is None else f"{self.seed[:3]}:{self.game}"


def load_catalog() -> dict:
    import yaml

    with (CORPUS / "catalog.yaml").open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def _split_at_titles(text: str, titles: list[str | None]) -> list[str]:
    """Cut `text` at the start of each title line (the first passage has no title)."""
    cuts = [0]
    for title in titles[1:]:
        lines = text.split("\n")
        offset = 0
        for line in lines:
            if line == title:
                break
            offset += len(line) + 1
        else:
            raise ValueError(f"title line {title!r} not found")
        cuts.append(offset)
    cuts.append(len(text))
    return [text[a:b] for a, b in itertools.pairwise(cuts)]


def seeds(catalog: dict) -> list[Passage]:
    out = []
    for s in catalog["seeds"]:
        raw = (CORPUS / s["file"]).read_text(encoding="utf-8")
        gold = (CORPUS / s["gold"]).read_text(encoding="utf-8")
        out.append(Passage(s["id"], None, raw, gold, s["orthography"]))
    return out


def game_passages(catalog: dict) -> list[Passage]:
    out = []
    for s in catalog["seeds"]:
        raw = (CORPUS / s["file"]).read_text(encoding="utf-8")
        gold = (CORPUS / s["gold"]).read_text(encoding="utf-8")
        titles = [p["title_line"] for p in s["passages"]]
        raws, golds = _split_at_titles(raw, titles), _split_at_titles(gold, titles)
        for p, r, g in zip(s["passages"], raws, golds, strict=True):
            gold_text = g.rstrip("\n") + "\n"
            out.append(Passage(s["id"], p["game"], r, gold_text, s["orthography"]))
    return out


# ---------------------------------------------------------------- scoring


@dataclass
class Score:
    label: str
    gold_words: int
    gold_chars: int
    raw_word_errors: int
    out_word_errors: int
    raw_char_errors: int
    out_char_errors: int
    made_wrong: int
    fixed: int

    def rates(self) -> dict:
        return {
            "raw_wer": self.raw_word_errors / max(self.gold_words, 1),
            "wer": self.out_word_errors / max(self.gold_words, 1),
            "raw_cer": self.raw_char_errors / max(self.gold_chars, 1),
            "cer": self.out_char_errors / max(self.gold_chars, 1),
        }


def _score_of(d: dict) -> Score:
    """A Score back from its dict form (as stored in the result)."""
    return Score(**{f: d[f] for f in Score.__dataclass_fields__})


def score(label: str, raw: str, out: str, gold: str) -> Score:
    rw, ow, gw = raw.split(), out.split(), gold.split()
    rc, oc, gc = collapse(raw), collapse(out), collapse(gold)
    return Score(
        label=label,
        gold_words=len(gw),
        gold_chars=len(gc),
        raw_word_errors=word_errors(rw, gw),
        out_word_errors=word_errors(ow, gw),
        raw_char_errors=char_distance(rc, gc),
        out_char_errors=char_distance(oc, gc),
        made_wrong=made_wrong(rw, ow, gw),
        fixed=fixed(rw, ow, gw),
    )


def total(label: str, scores: list[Score]) -> Score:
    fields = [f for f in Score.__dataclass_fields__ if f != "label"]
    return Score(label, *(sum(getattr(s, f) for s in scores) for f in fields))


# (meant, seen) letter confusions of this OCR engine, used to make synthetic noise
NOISE = (
    ("п", "н"), ("н", "п"), ("п", "и"), ("и", "п"), ("ш", "пі"), ("г", "т"), ("т", "г"),
    ("у", "ѵ"), ("л", "д"), ("ы", "м"), ("и", "н"), ("П", "ІІ"), ("ъ", ""),
)  # fmt: skip
_LETTERS = re.compile(r"[^\W\d_]+")


def add_noise(gold: str, orthography: str, rate: float, seed: int) -> tuple[str, int]:
    """Gold text with OCR-like errors in about `rate` of its words (and ѣ printed as ђ).

    Deterministic for a given seed. Returns the noisy text and how many words were hit.
    Why: the seeds' own errors are few and were seen while building the normalizer; the same
    kinds of error in other words tell how far its corrections generalize.
    """
    import random

    rng = random.Random(seed)
    hits = 0

    def corrupt(m: re.Match) -> str:
        nonlocal hits
        word = m.group(0)
        if rng.random() >= rate:
            return word
        options = [(a, b) for a, b in NOISE if a in word[1:] or (a == word[0] and a.isupper())]
        if not options:
            return word
        meant, seen = rng.choice(options)
        spots = [i for i in range(len(word)) if word.startswith(meant, i)]
        if meant == "ъ":
            spots = [i for i in spots if i == len(word) - 1]
        if not spots:
            return word
        i = rng.choice(spots)
        hits += 1
        return word[:i] + seen + word[i + len(meant) :]

    noisy = _LETTERS.sub(corrupt, gold)
    if orthography == "pre-reform":
        noisy = noisy.replace("ѣ", "ђ").replace("Ѣ", "Ђ")
    return noisy, hits


def synthetic(rate: float, seed: int) -> list[dict]:
    normalize, _ = _normalize_api()
    rows = []
    for p in seeds(load_catalog()):
        noisy, hits = add_noise(p.gold, p.orthography, rate, seed)
        nt = normalize(noisy, f"{p.seed}+noise")
        sc = score(p.seed, noisy, nt.text, p.gold)
        rows.append({**asdict(sc), **sc.rates(), "words_hit": hits})
    overall = total("overall", [_score_of(d) for d in rows])
    hits = sum(d["words_hit"] for d in rows)
    rows.append({**asdict(overall), **overall.rates(), "words_hit": hits})
    return rows


def _normalize_api():
    from pipeline import normalize as mod

    return mod.normalize, getattr(mod, "learn_confusions", None)


def evaluate(*, holdout_games: list[str], show_errors: bool) -> dict:
    normalize, learn = _normalize_api()
    catalog = load_catalog()
    result: dict = {"seeds": [], "overall": None, "modern_seed": {}, "holdout": []}
    scores = []
    errors: dict[str, list] = {}
    for p in seeds(catalog):
        nt = normalize(p.raw, p.seed)
        sc = score(p.seed, p.raw, nt.text, p.gold)
        scores.append(sc)
        residue = old_spelling_left(nt.modern)
        result["seeds"].append({**asdict(sc), **sc.rates(), "modern_residue": residue})
        if show_errors:
            errors[p.seed] = wrong_pairs(nt.text.split(), p.gold.split())
        if p.orthography == "modern":
            result["modern_seed"] = {
                "seed": p.seed,
                "orthography_detected": nt.orthography,
                "modern_equals_text": nt.modern == nt.text,
                "made_wrong": sc.made_wrong,
                "unchanged": sc.made_wrong == 0
                and nt.modern == nt.text
                and nt.orthography == "modern",
            }
    overall = total("overall", scores)
    result["overall"] = {**asdict(overall), **overall.rates()}
    if show_errors:
        result["errors"] = errors

    if learn is None:
        result["holdout_skipped"] = "pipeline.normalize has no learn_confusions() yet"
        return result
    passages = game_passages(catalog)
    variants = {"holdout": {}}
    if "seeded" in inspect.signature(learn).parameters:
        # the normalizer's hand-seeded confusions were written with the seeds in view:
        # the strict variant learns from the other games' gold only
        variants["holdout_strict"] = {"seeded": False}
    if "smoothing" in inspect.signature(learn).parameters:
        # the like-shaped letter pairs are a hand-written prior too: this variant has neither
        variants["holdout_bare"] = {"seeded": False, "smoothing": False}
    for key, kwargs in variants.items():
        result[key] = []
        for game in holdout_games:
            held = [p for p in passages if p.game == game]
            train = [(p.raw, p.gold) for p in passages if p.game != game]
            try:
                table = learn(train, **kwargs)
            except Exception as exc:  # report the contract mismatch instead of dying
                result["holdout_skipped"] = f"learn_confusions failed: {type(exc).__name__}: {exc}"
                return result
            held_scores = []
            for p in held:
                nt = normalize(p.raw, f"{p.seed}#{game}", confusions=table)
                held_scores.append(score(p.label, p.raw, nt.text, p.gold))
                if show_errors:
                    errors[f"{key} {p.label}"] = wrong_pairs(nt.text.split(), p.gold.split())
            sc = total(game, held_scores)
            result[key].append(
                {**asdict(sc), **sc.rates(), "passages": [s.label for s in held_scores]}
            )
        held_out = total("all held out", [_score_of(d) for d in result[key]])
        result[key].append({**asdict(held_out), **held_out.rates(), "passages": []})
    return result


# ---------------------------------------------------------------- output


def _row(d: dict) -> str:
    return (
        f"{d['label']:<24}{d['gold_words']:>6}{d['raw_wer'] * 100:>9.2f}%{d['wer'] * 100:>9.2f}%"
        f"{d['raw_cer'] * 100:>9.2f}%{d['cer'] * 100:>9.2f}%{d['made_wrong']:>9}{d['fixed']:>7}"
    )


def print_table(result: dict) -> None:
    head = (
        f"{'text':<24}{'words':>6}{'raw WER':>10}{'WER':>10}{'raw CER':>10}{'CER':>10}"
        f"{'m.wrong':>9}{'fixed':>7}"
    )
    print(head)
    print("-" * len(head))
    for d in result["seeds"]:
        print(_row(d))
    print("-" * len(head))
    print(_row(result["overall"]))
    ms = result["modern_seed"]
    if ms:
        print(
            f"\nmodern-spelling seed {ms['seed']}: unchanged={ms['unchanged']} "
            f"(orthography detected: {ms['orthography_detected']}, modern == text: "
            f"{ms['modern_equals_text']}, correct words made wrong: {ms['made_wrong']})"
        )
    left = {d["label"]: d["modern_residue"] for d in result["seeds"] if d["modern_residue"]}
    print(
        "modern projections: "
        + ("no old spellings left" if not left else f"old spellings left: {left}")
    )
    if "holdout_skipped" in result:
        print(f"\nhold-out skipped: {result['holdout_skipped']}")
    titles = {
        "holdout": "held out (confusion table learned without the game, plus the seeded ones):",
        "holdout_strict": "held out, strict (learned without the game, no seeded confusions):",
        "holdout_bare": "held out, bare (strict, and no like-shaped letter smoothing either):",
    }
    for key, title in titles.items():
        if not result.get(key):
            continue
        print(f"\n{title}")
        print(head)
        print("-" * len(head))
        for d in result[key][:-1]:
            print(_row(d) + "   " + ", ".join(d["passages"]))
        print("-" * len(head))
        print(_row(result[key][-1]))
    syn = result.get("synthetic")
    if syn:
        print(
            f"\nsynthetic: gold with OCR-like noise in ~{syn['rate']:.0%} of words "
            f"(seed {syn['seed']}; raw = the noisy text; words hit in brackets):"
        )
        print(head)
        print("-" * len(head))
        for d in syn["rows"]:
            if d["label"] == "overall":
                print("-" * len(head))
            print(_row(d) + f"   [{d['words_hit']}]")
    for label, pairs in result.get("errors", {}).items():
        if pairs:
            print(f"\n{label}: output -> gold")
            for out, gold in pairs:
                print(f"  {out!r} -> {gold!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--errors", action="store_true", help="list the word groups still wrong after normalize"
    )
    parser.add_argument(
        "--holdout",
        action="append",
        metavar="GAME",
        choices=GAME_IDS,
        help="game id to hold out (repeatable; default: every game in turn)",
    )
    parser.add_argument(
        "--synthetic",
        type=float,
        metavar="RATE",
        help="also normalize the gold with OCR-like noise in about RATE of its words (e.g. 0.05)",
    )
    parser.add_argument("--noise-seed", type=int, default=1, help="seed of the noise (default 1)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    games = args.holdout or list(GAME_IDS)
    result = evaluate(holdout_games=games, show_errors=args.errors)
    if args.synthetic is not None:
        result["synthetic"] = {
            "rate": args.synthetic,
            "seed": args.noise_seed,
            "rows": synthetic(args.synthetic, args.noise_seed),
        }
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        print_table(result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
