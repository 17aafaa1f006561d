"""Key facts read from scanned pages against the same games' facts read from the gold text.

    python3 benchmarks/scan_facts.py benchmarks/out/scans --roles train
    python3 benchmarks/scan_facts.py benchmarks/out/scans-dev-bilevel --errors
    python3 benchmarks/scan_facts.py benchmarks/out/scans-dev-other --skip-sources real-code-
    python3 benchmarks/scan_facts.py FOLDER --model Cyrillic_clean --json   # one stored reading

A scan costs what its OCR and normalization cost in the facts a game's extraction needs: a
misread numeral, pile noun or rank, a sentence cut or joined at a page break. For each
document of a folder of synthetic scans (`render_scans.py`: one typeface, one source, its
pages in order) this runs the path a user runs from the page images, `pasyans ocr` then
`pasyans extract` (`pipeline.ingest.build` with the OCR word-box sidecar, then
`extract_game`), and the same path from the source's gold text (`render_scans.source_text`),
and compares the games each finds and the key facts of each game (`real_quality.spec_facts`).

The pages are read from the folder's stored Tesseract readings, never by running Tesseract
(unless `--ocr-missing`): each page goes through `pipeline.ocr.reading.read_cleaned` as
`pasyans ocr` reads it, the readings it asks for taken from the files beside the page (the
plain reading `<stem>.Cyrillic.tsv` or `.Cyrillic_plain.tsv`, a bilevel page's smoothed one
`.Cyrillic_x2_b12.tsv`, a grey page's cleaned one `.Cyrillic_clean.tsv`), then laid out and
assembled into one document (`pipeline.ocr.layout`, `pipeline.ocr.document`) as `ocr_files`
does. `--model TAG` takes each page's stored `<stem>.TAG.tsv` as it is instead (the lead's
held-out readings are main's `pasyans ocr` readings already).

Games are paired by title, else by their words (a title misread), else in text order (`pair`).
Per game: facts kept (same value from the scan), changed (another value), lost (the scan's
game lacks the key, or the game was not found); games found, lost (no scan game paired),
extra (scan games left unpaired: a game split or a heading misread into a new one). Where
the source has gold specs (`benchmarks/data/pages-N/specs`), facts right against them are
counted for both texts too.
Held-out roles are refused unless `--heldout` (totals only are printed then).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from real_quality import _key, _pair, _same, spec_facts  # noqa: E402

from pipeline.segment.fold import fold  # noqa: E402

DEV_ROLES = ("train",)
HELDOUT_ROLES = ("heldout-font", "heldout-page", "heldout", "fresh", "fresh-new-page")
PLAIN_TAGS = ("Cyrillic", "Cyrillic_plain")
SMOOTH_TAG = "Cyrillic_x2_b12"
CLEAN_TAG = "Cyrillic_clean"


class MissingReading(Exception):
    """A page asks for a reading the folder does not hold (and `--ocr-missing` is off)."""


def _stored(stem: Path, tags: tuple[str, ...]) -> str | None:
    for tag in tags:
        f = stem.with_name(f"{stem.name}.{tag}.tsv")
        if f.is_file():
            return f.read_text(encoding="utf-8")
    return None


def page_tsv(image: Path, model: str | None, ocr_missing: bool = False) -> str:
    """The page's TSV as `pasyans ocr` reads it, from the readings stored beside it."""
    stem = image.with_suffix("")
    if model:
        got = _stored(stem, (model,))
        if got is None:
            raise MissingReading(f"{image.name}: no {model} reading")
        return got
    from pipeline.ocr import tesseract
    from pipeline.ocr.reading import read_page_image

    def tesseract_or_fail(img: Path, what: str) -> str:
        if not ocr_missing:
            raise MissingReading(f"{image.name}: no {what} reading")
        tsv = tesseract.run(str(img), "script/Cyrillic")
        stem.with_name(f"{stem.name}.{what}.tsv").write_text(tsv, encoding="utf-8")
        return tsv

    def read(img: Path, _scale: float, what: str) -> str:
        # the page as it is: "plain", "cleaned" (a grey page clipped, or read little) or
        # "smoothed"; a piece of it (`pipeline.ocr.geometry`): the same after "g1-", "fg1-"
        piece, _, kind = what.rpartition("-")
        tags = {"plain": PLAIN_TAGS, "cleaned": (CLEAN_TAG,), "smoothed": (SMOOTH_TAG,)}[kind]
        if piece:
            tags = (f"{tags[0]}_{piece}",)
        return _stored(stem, tags) or tesseract_or_fail(img, tags[0])

    with tempfile.TemporaryDirectory(prefix="scan-facts-") as work:
        return read_page_image(image, Path(work), read).tsv


def ocr_document(images: list[Path], tsvs: list[str]):
    """One document from the pages' TSVs, laid out and assembled as `ocr_files` does."""
    from pipeline.ocr import tesseract
    from pipeline.ocr.inputs import plan
    from pipeline.ocr.run import assemble_laid, lay_out_source

    laid: list = []
    for image, tsv in zip(images, tsvs, strict=True):
        (src,) = list(plan(str(image)))
        laid.extend(lay_out_source(src, tesseract.parse_tsv(tsv), len(laid) + 1))
    doc = assemble_laid(laid)
    doc.lang = "script/Cyrillic"
    return doc


def documents(manifest: dict, roles: set[str], skip: tuple[str, ...]) -> dict:
    """(font, source) -> its pages in order, of the roles asked for."""
    docs: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for p in manifest["pages"]:
        if p["role"] in roles and not (skip and p["source"].startswith(skip)):
            docs[(p["font"], p["source"])].append(p)
    return {k: sorted(v, key=lambda p: p["page"]) for k, v in sorted(docs.items())}


def games_of(path: Path) -> tuple[list[tuple[str | None, dict | None, str, str]], str | None]:
    """(title, key facts or None, id, modern text) of each game the whole path finds in a
    text file, in the text's order (as `real_quality.run_text`), and the refusal."""
    from pipeline.errors import PasyansError
    from pipeline.extract import extract_game
    from pipeline.extract.output import files_for
    from pipeline.ingest import build
    from pipeline.segment.reader import iter_sentences

    try:
        result = build([path])
    except PasyansError as err:
        return [], str(err)
    by_id = {g["id"]: g for g in result.games}
    out = []
    for gid in dict.fromkeys(i for s in result.sources for i in s.games):
        game = by_id[gid]
        try:
            ex = extract_game(game, result.scans)
            files_for(ex)  # the draft's YAML text, as `pasyans extract` writes it
            facts: dict | None = spec_facts(ex.checked.rules)
        except PasyansError:
            facts = None
        title = game.get("title") or game.get("name")
        out.append((title, facts, gid, " ".join(s.modern for s in iter_sentences(game))))
    return out, None


def _alike(a: str, b: str) -> float:
    """The share of words two games' texts have in common (of the longer's words)."""
    from collections import Counter

    wa, wb = Counter(fold(a).split()), Counter(fold(b).split())
    return sum((wa & wb).values()) / max(sum(wa.values()), sum(wb.values()), 1)


def pair(gold: list, scan: list) -> list[int | None]:
    """The scan's game for each game of the gold text: the same title (`real_quality._pair`),
    else the unpaired scan game whose words are most alike (half of them or more: a title
    misread), else the next unpaired one in text order."""
    by_title = _pair([{"title": g[0]} for g in gold], [(s[0], s[1]) for s in scan])
    out: list[int | None] = [None] * len(gold)
    used: set[int] = set()
    for i, j in enumerate(by_title):  # `_pair`'s title matches only
        if j is not None and gold[i][0] and _key(gold[i][0]) == _key(scan[j][0]):
            out[i] = j
            used.add(j)
    for i in range(len(gold)):
        if out[i] is not None:
            continue
        best = max(
            (j for j in range(len(scan)) if j not in used),
            key=lambda j: _alike(gold[i][3], scan[j][3]),
            default=None,
        )
        if best is not None and _alike(gold[i][3], scan[best][3]) >= 0.5:
            out[i] = best
            used.add(best)
    free = [j for j in range(len(scan)) if j not in used]
    for i in range(len(gold)):  # the rest in text order, as `_pair` pairs them
        if out[i] is None and free:
            out[i] = free.pop(0)
    return out


def spec_facts_of(source: str) -> list[tuple[str, dict]] | None:
    """(title, key facts) of each gold spec of a pages set, or None for other sources."""
    folder = ROOT / "benchmarks" / "data" / source / "specs"
    if not folder.is_dir():
        return None
    from pipeline.spec import load_spec

    out = []
    for f in sorted(folder.glob("*.yaml")):
        rules = load_spec(f).rules
        out.append((rules["title"]["ru"].strip().rstrip("."), spec_facts(rules)))
    return out


def compare(gold: list, scan: list) -> dict[str, Any]:
    """Games and key facts of the scan's reading against the gold text's."""
    pairing = pair(gold, scan)
    games = []
    for (title, facts, gid, _text), j in zip(gold, pairing, strict=True):
        got = scan[j][1] if j is not None else None
        row = {"game": gid, "title": title, "scan": scan[j][2] if j is not None else None}
        row["kept"], row["changed"], row["lost"] = [], [], []
        for k, v in (facts or {}).items():
            if got is None or k not in got:
                row["lost"].append((k, v, None))
            elif _same(v, got[k]):
                row["kept"].append(k)
            else:
                row["changed"].append((k, v, got[k]))
        row["gained"] = sorted(set(got or {}) - set(facts or {}))
        games.append(row)
    used = {j for j in pairing if j is not None}
    return {
        "games": games,
        "extra": [scan[j][2] for j in range(len(scan)) if j not in used],
    }


def right_against(specs: list[tuple[str, dict]], found: list) -> int:
    """Key facts of the gold specs the found games get right (paired as `real_quality`)."""
    pairing = _pair([{"title": t} for t, _f in specs], [(g[0], g[1]) for g in found])
    right = 0
    for (_t, want), j in zip(specs, pairing, strict=True):
        got = (found[j][1] if j is not None else None) or {}
        right += sum(k in got and _same(v, got[k]) for k, v in want.items())
    return right


def run(
    folder: Path,
    roles: set[str],
    model: str | None = None,
    skip: tuple[str, ...] = (),
    ocr_missing: bool = False,
    gold_text: Callable[[str], str] | None = None,
    page_text: bool = False,
) -> dict[str, Any]:
    """Every document of `folder`'s pages of `roles`, compared (see the module's docstring);
    `gold_text(source)`: the source's gold text (`render_scans.source_text`). With
    `page_text`, each page's text as `pasyans ocr` gives it for the page alone is written
    beside it (`<stem>.ocr.txt`, for `scan_quality.py --model ocr`), and each document's text
    (`<font>__<source>.ocr.txt`)."""
    if gold_text is None:
        from render_scans import source_text as gold_text
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    rows = []
    with tempfile.TemporaryDirectory(prefix="scan-facts-") as tmp:
        for n, ((font, source), pages) in enumerate(documents(manifest, roles, skip).items()):
            name = f"scan-{n}"  # one file name for both texts: the same untitled ids
            gdir, sdir = Path(tmp, f"gold-{n}"), Path(tmp, f"scan-{n}")
            gdir.mkdir()
            sdir.mkdir()
            gold_path = gdir / f"{name}.txt"
            gold_path.write_text(gold_text(source), encoding="utf-8")
            row: dict[str, Any] = {"font": font, "source": source, "pages": len(pages)}
            images = [folder / p["image"] for p in pages]
            try:
                tsvs = [page_tsv(i, model, ocr_missing) for i in images]
            except MissingReading as err:
                row["missing"] = str(err)
                rows.append(row)
                continue
            doc = ocr_document(images, tsvs)
            from pipeline.ocr.document import to_json
            from pipeline.ocr.sources import SIDECAR_SUFFIX

            scan_path = sdir / f"{name}.txt"
            scan_path.write_text(doc.text, encoding="utf-8")
            (sdir / f"{name}{SIDECAR_SUFFIX}").write_text(to_json(doc), encoding="utf-8")
            if page_text:
                for image, tsv in zip(images, tsvs, strict=True):
                    alone = ocr_document([image], [tsv]).text
                    image.with_suffix(".ocr.txt").write_text(alone, encoding="utf-8")
                (folder / f"{font}__{source}.ocr.txt").write_text(doc.text, encoding="utf-8")
            gold, gold_refusal = games_of(gold_path)
            scan, scan_refusal = games_of(scan_path)
            row.update(compare(gold, scan))
            row["refused"] = {"gold": gold_refusal, "scan": scan_refusal}
            specs = spec_facts_of(source)
            if specs is not None:
                row["spec_facts"] = sum(len(f) for _t, f in specs)
                row["spec_right"] = {
                    "gold": right_against(specs, gold),
                    "scan": right_against(specs, scan),
                }
            rows.append(row)
    return {"folder": str(folder), "roles": sorted(roles), "model": model, "rows": rows,
            "totals": totals(rows)}  # fmt: skip


def totals(rows: list[dict]) -> dict[str, int]:
    t: dict[str, int] = defaultdict(int)
    for r in rows:
        if "missing" in r:
            t["documents_missing"] += 1
            continue
        t["documents"] += 1
        for g in r["games"]:
            t["games"] += 1
            t["games_found"] += g["scan"] is not None
            for k in ("kept", "changed", "lost"):
                t[f"facts_{k}"] += len(g[k])
        t["games_extra"] += len(r["extra"])
        t["refused_gold"] += r["refused"]["gold"] is not None
        t["refused_scan"] += r["refused"]["scan"] is not None
        if "spec_facts" in r:
            t["spec_facts"] += r["spec_facts"]
            t["spec_right_gold"] += r["spec_right"]["gold"]
            t["spec_right_scan"] += r["spec_right"]["scan"]
    t["facts"] = t["facts_kept"] + t["facts_changed"] + t["facts_lost"]
    return dict(t)


def _line(name: str, t: dict[str, int]) -> str:
    spec = (
        f"  spec facts right gold {t['spec_right_gold']}/{t['spec_facts']}"
        f" scan {t['spec_right_scan']}/{t['spec_facts']}"
        if t.get("spec_facts")
        else ""
    )
    return (
        f"{name}: {t.get('documents', 0)} documents ({t.get('documents_missing', 0)} without "
        f"readings), games {t.get('games_found', 0)}/{t.get('games', 0)} found, "
        f"{t.get('games_extra', 0)} extra; facts kept {t.get('facts_kept', 0)}/{t.get('facts', 0)}"
        f", changed {t.get('facts_changed', 0)}, lost {t.get('facts_lost', 0)}; refused "
        f"gold {t.get('refused_gold', 0)} scan {t.get('refused_scan', 0)}{spec}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--roles", default="train", help="roles of the split (comma-separated)")
    ap.add_argument("--model", default=None, help="take this stored reading of each page as is")
    ap.add_argument("--skip-sources", default="", help="leave out sources beginning so")
    ap.add_argument("--ocr-missing", action="store_true", help="run Tesseract where no reading")
    ap.add_argument("--heldout", action="store_true", help="allow held-out roles: totals only")
    ap.add_argument("--errors", action="store_true", help="every fact changed or lost")
    ap.add_argument(
        "--page-text",
        action="store_true",
        help="write each page's and document's `pasyans ocr` text beside the pages",
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    roles = {r for r in args.roles.split(",") if r}
    held = roles & set(HELDOUT_ROLES)
    if held and not args.heldout:
        print(
            f"scan_facts: {','.join(sorted(held))}: held-out roles need --heldout", file=sys.stderr
        )
        return 2
    if not (args.folder / "manifest.json").is_file():
        print(f"scan_facts: {args.folder}: no manifest.json (render_scans.py)", file=sys.stderr)
        return 2
    skip = tuple(x for x in args.skip_sources.split(",") if x)
    if held:
        for role in sorted(roles):  # one row per role, totals only
            res = run(args.folder, {role}, args.model, skip)
            print(_line(role, res["totals"]))
        return 0
    res = run(args.folder, roles, args.model, skip, args.ocr_missing, page_text=args.page_text)
    if args.json:
        print(json.dumps(res, ensure_ascii=False, indent=1))
        return 0
    print(_line(",".join(sorted(roles)), res["totals"]))
    for r in res["rows"]:
        if "missing" in r:
            print(f"  {r['font']:<12}{r['source']:<36} missing: {r['missing']}")
            continue
        kept = sum(len(g["kept"]) for g in r["games"])
        facts = kept + sum(len(g["changed"]) + len(g["lost"]) for g in r["games"])
        found = sum(g["scan"] is not None for g in r["games"])
        extra = f" extra {', '.join(r['extra'])}" if r["extra"] else ""
        spec = (
            f" spec {r['spec_right']['gold']}->{r['spec_right']['scan']}/{r['spec_facts']}"
            if "spec_facts" in r
            else ""
        )
        print(
            f"  {r['font']:<12}{r['source']:<36}games {found}/{len(r['games'])} "
            f"facts {kept}/{facts}{spec}{extra}"
        )
        if args.errors:
            for g in r["games"]:
                for k, v, got in g["changed"] + g["lost"]:
                    print(f"      {g['game']:<28}{k:<22}{v!s:<20}-> {got}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
