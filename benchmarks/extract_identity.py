#!/usr/bin/env python3
"""Everything the extraction path writes, to check that a speed change alters nothing.

Run from the repository root:
    python3 benchmarks/extract_identity.py --save /tmp/before    # before the change
    python3 benchmarks/extract_identity.py --compare /tmp/before # after: exit 1 on a difference
                                          [--sets corpus real pages] [--copies 3]

Inputs, each taken as `pasyans extract FILE` / `pasyans ingest` take them (`ingest.build`,
then `extract_game` per game): the corpus scans together and one by one, and the corpus
`--copies` times in one text; every passage of benchmarks/data/real/ (all sets: the outputs
are only hashed and compared, a held-out passage is named, never shown); the raw text of
every `benchmarks/data/pages-*` set. Per input: the normalized text of each scan as
`pasyans normalize --json` writes it (text, modern projection, changes, furniture,
annotations, orthography, stats) and both offset maps; the game files' YAML; each draft's
spec and variant files, coverage, assumed defaults and contradictions; or the refusal.

`--save DIR` writes one JSON file per input; `--compare DIR` writes them to a temporary
directory and lists the inputs whose output differs (the first differing key of each). Run
with the same PYTHONHASHSEED on both sides (the script sets 0 for itself when unset).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT / "benchmarks" / "data" / "real"
DEV = ("dev", "dev-2")


def _outputs(paths: list[Path]) -> dict:
    from pipeline.errors import PasyansError
    from pipeline.extract import extract_game
    from pipeline.extract.output import coverage_dict, files_for
    from pipeline.ingest import build
    from pipeline.normalize.render import to_dict

    try:
        result = build(paths)
    except PasyansError as err:
        return {"refused": str(err).replace(str(ROOT), "")}
    out: dict = {"scans": {}, "games": {}, "drafts": {}}
    for source, scan in sorted(result.scans.items()):
        nt = scan.norm
        data = to_dict(nt)
        for name, m in (("text_map", nt.text_map), ("modern_map", nt.modern_map)):
            data[name] = hashlib.sha256(m.starts.tobytes() + m.ends.tobytes()).hexdigest()
        out["scans"][source] = data
    out["games"] = dict(sorted(result.files.items()))
    for name, game in sorted(result.by_file().items()):
        try:
            ex = extract_game(game, result.scans)
        except PasyansError as err:
            out["drafts"][name] = {"error": str(err).replace(str(ROOT), "")}
            continue
        out["drafts"][name] = {
            "files": files_for(ex),
            "coverage": coverage_dict(ex),
            "assumed": ex.assumed,
            "contradictions": ex.contradictions,
        }
    return out


def inputs(sets: list[str], copies: int, tmp: Path) -> dict[str, tuple[list[Path], bool]]:
    """Input name -> (files ingested together, may it be shown)."""
    import yaml

    out: dict[str, tuple[list[Path], bool]] = {}
    if "corpus" in sets:
        raw = sorted((ROOT / "corpus" / "raw").glob("*.txt"))
        out["corpus"] = (raw, True)
        for p in raw:
            out[f"corpus-{p.stem}"] = ([p], True)
        if copies > 1:
            big = tmp / "corpus-copies.txt"
            unit = "\n\n".join(p.read_text(encoding="utf-8") for p in raw)
            big.write_text("\n\n".join([unit] * copies), encoding="utf-8")
            out[f"corpus-x{copies}"] = ([big], True)
    if "real" in sets:
        manifest = yaml.safe_load((REAL / "manifest.yaml").read_text(encoding="utf-8"))
        for e in manifest:
            out[f"real-{e['set']}-{e['id']}"] = ([REAL / e["file"]], e["set"] in DEV)
    if "pages" in sets:
        for folder in sorted((ROOT / "benchmarks" / "data").glob("pages-*")):
            if (folder / "raw.txt").is_file():
                out[folder.name] = ([folder / "raw.txt"], True)
    return out


def _first_difference(a, b, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return _first_difference(a.get(k), b.get(k), f"{path}/{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return path or "/"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--save", metavar="DIR")
    mode.add_argument("--compare", metavar="DIR")
    ap.add_argument("--sets", nargs="*", default=["corpus", "real", "pages"])
    ap.add_argument("--copies", type=int, default=3, help="corpus copies in one text")
    args = ap.parse_args()
    if os.environ.get("PYTHONHASHSEED") is None:
        os.environ["PYTHONHASHSEED"] = "0"
        os.execv(sys.executable, [sys.executable, *sys.argv])
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        todo = inputs(args.sets, args.copies, Path(tmp))
        out_dir = Path(args.save) if args.save else Path(tmp) / "now"
        out_dir.mkdir(parents=True, exist_ok=True)
        same = differ = 0
        for name, (paths, shown) in todo.items():
            data = _outputs(paths)
            text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
            (out_dir / f"{name}.json").write_text(text, encoding="utf-8")
            if not args.compare:
                continue
            old_file = Path(args.compare) / f"{name}.json"
            if old_file.is_file() and old_file.read_text(encoding="utf-8") == text:
                same += 1
                continue
            differ += 1
            old = json.loads(old_file.read_text(encoding="utf-8")) if old_file.is_file() else {}
            where = _first_difference(old, data) if shown else "(held out: not shown)"
            print(f"DIFFERENT {name}: {where}")
        if args.compare:
            print(f"{same}/{same + differ} inputs identical")
            return 1 if differ else 0
        print(f"{len(todo)} inputs saved to {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
