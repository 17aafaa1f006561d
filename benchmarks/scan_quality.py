"""Word error rate of OCR and of OCR + normalize on the synthetic scans, by split role.

    python3 benchmarks/scan_quality.py benchmarks/out/scans                  # table
    python3 benchmarks/scan_quality.py benchmarks/out/scans --roles train --errors
    python3 benchmarks/scan_quality.py benchmarks/out/scans --model rus --json
    python3 benchmarks/scan_quality.py benchmarks/out/scans --no-confidence

Reads the pages of `manifest.json` (`render_scans.py`), Tesseract's text and TSV for each
(`ocr_scans.py`), normalizes the text (with Tesseract's word confidences unless
`--no-confidence`; with them the breaks where its word boxes show lost text,
`pipeline.ocr.lost_text`) and scores both against the page's gold exactly as
`normalize_quality.py` scores the seeds (WER over whitespace tokens with punctuation
attached; "made wrong": gold tokens the OCR had right that normalization broke; "left
wrong": gold tokens the OCR had wrong that normalization did not repair). Rows: the
roles of the split recorded in `benchmarks/README.md` (train; held out: typeface and page;
held-out page; held-out typeface), and the modern-spelling source apart.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from normalize_quality import Score, aligned_pairs, matched_ref_positions, score, total, wrong_pairs

from pipeline.normalize import normalize
from pipeline.ocr.lost_text import lines_of, lost_breaks
from pipeline.ocr.tesseract import CONF, LEVEL, TEXT, is_word, row_box, tsv_rows

ROLES = ("train", "heldout-font", "heldout-page", "heldout", "fresh", "fresh-new-page")
MODERN_SOURCES = ("dense-column",)


def _found_words(ocr_text: str, tsv: str) -> list[tuple[int, int, list[str]]]:
    """(start, end, row) of each word of Tesseract's text, found in order: the TSV's word rows
    are the words in reading order, as the text has them; each is looked for from where the
    previous one ended (a word the text does not hold is skipped)."""
    out: list[tuple[int, int, list[str]]] = []
    pos = 0
    for cols in tsv_rows(tsv)[1:]:
        if not is_word(cols):
            continue
        word = cols[TEXT]
        at = ocr_text.find(word, pos)
        if at < 0:
            continue
        out.append((at, at + len(word), cols))
        pos = at + len(word)
    return out


def tsv_confidences(ocr_text: str, tsv: str) -> list[tuple[int, int, float]]:
    """(start, end, confidence 0-100) of each word of Tesseract's text (`_found_words`)."""
    return [(at, end, float(cols[CONF])) for at, end, cols in _found_words(ocr_text, tsv)]


def tsv_lost_breaks(ocr_text: str, tsv: str) -> list[int]:
    """Offsets of the text's lines before which Tesseract lost text, by its word boxes
    (`pipeline.ocr.lost_text`), the words found in the text as `tsv_confidences` finds them."""
    sizes = [row_box(c) for c in tsv_rows(tsv)[1:] if c[LEVEL] == "1"]
    width = next((b[2] for b in reversed(sizes) if b is not None), 0)
    words = []
    for at, end, cols in _found_words(ocr_text, tsv):
        got = row_box(cols)
        if got is not None:
            left, top, w, h = got
            words.append((at, end, (left, top, left + w, top + h)))
    return lost_breaks(lines_of(ocr_text, words), width)


def left_wrong(raw: str, out: str, gold: str) -> int:
    """Gold words the OCR had wrong that normalization left wrong: the error opposite to a
    word made wrong, counted so that a guard against breaking words cannot hide a
    corrector that stopped repairing them."""
    rw, ow, gw = raw.split(), out.split(), gold.split()
    right = matched_ref_positions(rw, gw) | matched_ref_positions(ow, gw)
    return len(gw) - len(right)


def made_wrong_words(raw: str, out: str, gold: str) -> list[tuple[str, str, str]]:
    """(gold words around it, the word as printed, what normalization made of it) for each
    gold word the OCR had right and normalization broke: the corrector's defects."""
    rw, ow, gw = raw.split(), out.split(), gold.split()
    lost = sorted(matched_ref_positions(rw, gw) - matched_ref_positions(ow, gw))
    if not lost:
        return []
    import difflib

    # gold index -> the output tokens aligned with it
    to_out: dict[int, str] = {}
    sm = difflib.SequenceMatcher(None, gw, ow, autojunk=False)
    for _op, i1, i2, j1, j2 in sm.get_opcodes():
        for i in range(i1, i2):
            to_out[i] = " ".join(ow[j1:j2]) if i == i1 else ""
    return [
        (" ".join(gw[max(0, i - 3) : i + 4]), gw[i], to_out.get(i, "") or "(merged)") for i in lost
    ]


def made_wrong_changed(nt, gold: str) -> int:
    """Of the words made wrong (`made_wrong_words`), those whose token as read the
    normalizer changed, by its offset map: the others are the alignment's, where a repair
    nearby or lost text lets an optimal alignment pair a word read right and left alone
    with another copy of it in the gold (тузы, въ, по). A diagnostic beside the count,
    not in place of it; a page read as columns counts every word made wrong."""
    import regex

    raw_spans = [m.span() for m in regex.finditer(r"\S+", nt.raw)]
    rw, ow, gw = [nt.raw[a:b] for a, b in raw_spans], nt.text.split(), gold.split()
    lost = matched_ref_positions(rw, gw) - matched_ref_positions(ow, gw)
    if not lost or nt.given_map is not None:
        return len(lost)
    pairs = aligned_pairs(rw, gw)
    out = 0
    for i in lost:
        k = pairs.get(i)
        if k is None:
            out += 1
            continue
        a, b = raw_spans[k]
        if nt.text[nt.text_map.out_position(a) : nt.text_map.out_position(b)] != rw[k]:
            out += 1
    return out


def run(
    folder: Path,
    model: str,
    roles: set[str],
    use_conf: bool,
    errors: bool,
    broken: bool = False,
    skip: tuple[str, ...] = (),
) -> dict:
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    by_row: dict[str, list[Score]] = defaultdict(list)
    wrong: dict[str, list] = defaultdict(list)
    made: dict[str, list] = defaultdict(list)
    unrepaired: dict[str, int] = defaultdict(int)
    changed: dict[str, int] = defaultdict(int)
    missing = done = 0
    cpu = 0.0
    for p in manifest["pages"]:
        if (roles and p["role"] not in roles) or (skip and p["source"].startswith(skip)):
            continue
        stem = folder / p["image"].removesuffix(".png")
        txt = stem.with_name(f"{stem.name}.{model}.txt")
        if not txt.is_file():
            missing += 1
            continue
        ocr = txt.read_text(encoding="utf-8")
        gold = (folder / p["gold"]).read_text(encoding="utf-8")
        kw = {}
        tsv = txt.with_suffix(".tsv")
        if use_conf and tsv.is_file():
            tsv_text = tsv.read_text(encoding="utf-8")
            kw["word_confidences"] = tsv_confidences(ocr, tsv_text)
            kw["lost_breaks"] = tsv_lost_breaks(ocr, tsv_text)
        t0 = time.process_time()
        nt = normalize(ocr, str(txt), **kw)
        out = nt.text
        cpu += time.process_time() - t0
        done += 1
        row = "modern (seed 002)" if p["source"] in MODERN_SOURCES else p["role"]
        by_row[row].append(score(p["image"], ocr, out, gold))
        unrepaired[row] += left_wrong(ocr, out, gold)
        changed[row] += made_wrong_changed(nt, gold)
        if errors:
            wrong[row].extend((p["image"], o, g) for o, g in wrong_pairs(out.split(), gold.split()))
        if broken:
            made[row].extend((p["image"], *t) for t in made_wrong_words(ocr, out, gold))
    result = {
        "model": model,
        "missing_pages": missing,
        # each page normalized on its own, in one process (the lexicon's caches warm up)
        "normalize_pages_per_cpu_minute": round(done / (cpu / 60), 1) if cpu else None,
        "rows": {},
    }
    for row in [*ROLES, "modern (seed 002)"]:
        if by_row.get(row):
            t = total(row, by_row[row])
            result["rows"][row] = {
                "pages": len(by_row[row]),
                **{k: v for k, v in t.__dict__.items() if k != "label"},
                **t.rates(),
                "left_wrong": unrepaired[row],
                "made_wrong_changed": changed[row],
            }
    if errors:
        result["errors"] = {k: v for k, v in wrong.items()}
    if broken:
        result["made_wrong_words"] = {k: v for k, v in made.items()}
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--model", default="Cyrillic", help="the OCR output to read (rus, Cyrillic)")
    ap.add_argument("--roles", default="", help="only these roles (comma-separated)")
    ap.add_argument("--no-confidence", action="store_true", help="ignore Tesseract's TSV")
    ap.add_argument("--errors", action="store_true", help="list every word group still wrong")
    ap.add_argument(
        "--made-wrong", action="store_true", help="list every correct word normalization broke"
    )
    ap.add_argument(
        "--skip-sources",
        default="",
        help="leave out pages whose source begins so (comma-separated: real-code- leaves "
        "the program code of scans-dev-other out)",
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    roles = {r for r in args.roles.split(",") if r}
    skip = tuple(x for x in args.skip_sources.split(",") if x)
    res = run(
        args.folder, args.model, roles, not args.no_confidence, args.errors, args.made_wrong, skip
    )
    if args.json:
        print(json.dumps(res, ensure_ascii=False, indent=1))
        return 0
    print(f"model {res['model']}; confidences {'off' if args.no_confidence else 'on'}")
    head = f"{'OCR CER':>8} {'+norm CER':>9} {'m.wrong':>7} {'fixed':>6} {'l.wrong':>7}"
    print(f"{'role':20} {'pages':>5} {'words':>6} {'OCR WER':>8} {'+norm WER':>9} {head}")
    for row, d in res["rows"].items():
        print(
            f"{row:20} {d['pages']:5} {d['gold_words']:6} {d['raw_wer']:8.2%} {d['wer']:9.2%} "
            f"{d['raw_cer']:8.2%} {d['cer']:9.2%} {d['made_wrong']:7} {d['fixed']:6} "
            f"{d['left_wrong']:7}"
        )
    print(f"normalize: {res['normalize_pages_per_cpu_minute']} pages per CPU-minute")
    if res["missing_pages"]:
        print(f"({res['missing_pages']} pages not OCR'd yet: benchmarks/ocr_scans.py)")
    for row, errs in res.get("errors", {}).items():
        print(f"\n## {row}: {len(errs)} wrong groups (output -> gold)")
        for img, o, g in errs:
            print(f"{img}\t{o}\t->\t{g}")
    for row, items in res.get("made_wrong_words", {}).items():
        print(f"\n## {row}: {len(items)} correct words made wrong (gold context: printed -> made)")
        for img, ctx, g, o in items:
            print(f"{img}\t{ctx}\t{g} -> {o}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
