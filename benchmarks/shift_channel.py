"""Train pages read by another channel: every `ѣ` the OCR printed as something printed as `ь`.

    python3 benchmarks/shift_channel.py benchmarks/out/scans benchmarks/out/scans-shift
    python3 benchmarks/scan_quality.py benchmarks/out/scans-shift

Why: the fresh held-out typefaces (P052, URW Bookman) make Tesseract print `ь` for `ѣ`,
which the train typefaces almost never do, and the held-out pages may not guide the work.
This writes a copy of the **train** pages' OCR output (`<stem>.Cyrillic.txt` and `.tsv`,
with the gold and a manifest of those pages only) in which each OCR chunk that the
alignment with the gold finds standing for `ѣ` (`ъ`, `б`, `ф`, `%`, a lost letter…) is
replaced by `ь` (`Ь` for `Ѣ`), with probability `--rate` per occurrence (seeded), so that a
channel that differs from the learned table can be measured on train pages only. The
other OCR slips of the page are kept as they were.
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
import sys
from pathlib import Path

_PUNCT = "«»„“”\"'()[].,;:!?—-…"


def _core(tok: str) -> str:
    return tok.strip(_PUNCT).lower()


def shift_token(ocr: str, gold: str, rng: random.Random, rate: float) -> str:
    """`ocr` with every chunk that stands for a gold `ѣ` printed as `ь` (at `rate`)."""
    if "ѣ" not in gold.lower():
        return ocr
    out: list[str] = []
    sm = difflib.SequenceMatcher(None, ocr, gold, autojunk=False)
    for op, a, b, c, d in sm.get_opcodes():
        seg = gold[c:d]
        if op != "equal" and ("ѣ" in seg or "Ѣ" in seg) and rng.random() < rate:
            out.append(seg.replace("ѣ", "ь").replace("Ѣ", "Ь"))
        else:
            out.append(ocr[a:b])
    return "".join(out)


def shift_text(ocr: str, gold: str, seed: str, rate: float) -> tuple[str, dict[str, str]]:
    """The shifted OCR text (its line breaks kept) and the tokens it changed."""
    rng = random.Random(seed)
    lines = ocr.split("\n")
    toks = [(i, j, t) for i, ln in enumerate(lines) for j, t in enumerate(ln.split(" ")) if t]
    gtoks = gold.split()
    sm = difflib.SequenceMatcher(
        None, [_core(t) for _i, _j, t in toks], [_core(t) for t in gtoks], autojunk=False
    )
    changed: dict[str, str] = {}
    new_lines = [ln.split(" ") for ln in lines]
    for op, a, b, c, d in sm.get_opcodes():
        if op != "replace" or b - a != d - c:
            continue
        for k in range(b - a):
            i, j, t = toks[a + k]
            nt = shift_token(t, gtoks[c + k], rng, rate)
            if nt != t:
                new_lines[i][j] = nt
                changed[t] = nt
    return "\n".join(" ".join(p) for p in new_lines), changed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--rate", type=float, default=1.0)
    ap.add_argument("--seed", default="shift")
    ap.add_argument("--model", default="Cyrillic")
    args = ap.parse_args(argv)
    manifest = json.loads((args.folder / "manifest.json").read_text(encoding="utf-8"))
    args.out.mkdir(parents=True, exist_ok=True)
    pages = []
    for p in manifest["pages"]:
        if p["role"] != "train":
            continue
        stem = p["image"].removesuffix(".png")
        txt = args.folder / f"{stem}.{args.model}.txt"
        if not txt.is_file():
            continue
        gold = (args.folder / p["gold"]).read_text(encoding="utf-8")
        ocr = txt.read_text(encoding="utf-8")
        new, changed = shift_text(ocr, gold, f"{args.seed}:{stem}", args.rate)
        (args.out / txt.name).write_text(new, encoding="utf-8")
        (args.out / p["gold"]).write_text(gold, encoding="utf-8")
        tsv = txt.with_suffix(".tsv")
        if tsv.is_file():
            rows = []
            for line in tsv.read_text(encoding="utf-8").splitlines():
                cols = line.split("\t")
                if len(cols) >= 12 and cols[11] in changed:
                    cols[11] = changed[cols[11]]
                rows.append("\t".join(cols))
            (args.out / tsv.name).write_text("\n".join(rows) + "\n", encoding="utf-8")
        pages.append(p)
    (args.out / "manifest.json").write_text(
        json.dumps({**manifest, "pages": pages}, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    print(f"{args.out}: {len(pages)} train pages, ѣ printed as ь at rate {args.rate}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
