"""The pages whose normalized text a second pass of the normalizer still changes.

    python3 benchmarks/second_pass.py benchmarks/out/scans-dev
    python3 benchmarks/second_pass.py benchmarks/out/scans --roles train

Normalization should be idempotent: its output, normalized again, should come back
unchanged (the tests check it on generated texts and the seeds). Real OCR pages find what
generated texts miss. For each page of a folder of `render_scans.py` (the OCR text of
`ocr_scans.py`, no engine confidences: a second pass has none), normalizes the text twice
and prints each word group the second pass changed; the last line is the count of pages.
Development pages only (`--roles train` on the held-out folders): a held-out page is never
listed.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pipeline.normalize import normalize


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--model", default="Cyrillic")
    ap.add_argument("--roles", default="train", help="only these roles (comma-separated)")
    args = ap.parse_args(argv)
    manifest = json.loads((args.folder / "manifest.json").read_text(encoding="utf-8"))
    roles = {r for r in args.roles.split(",") if r}
    changed = done = 0
    for p in manifest["pages"]:
        if p["role"] not in roles:
            continue
        txt = args.folder / p["image"].replace(".png", f".{args.model}.txt")
        if not txt.is_file():
            continue
        done += 1
        once = normalize(txt.read_text(encoding="utf-8")).text
        twice = normalize(once).text
        if once == twice:
            continue
        changed += 1
        a, b = once.split(), twice.split()
        groups = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        for op, i1, i2, j1, j2 in groups:
            if op != "equal":
                print(f"{p['image']}\t{' '.join(a[i1:i2])} -> {' '.join(b[j1:j2])}")
        if all(op == "equal" for op, *_ in groups):
            print(f"{p['image']}\t(paragraphs or spacing only)")
    print(f"{changed} of {done} pages change on a second pass")
    return 0


if __name__ == "__main__":
    sys.exit(main())
