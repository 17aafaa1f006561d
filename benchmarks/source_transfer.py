#!/usr/bin/env python3
"""Leave-one-source-out: does a grammar change gain on sources whose phrasings its writer
never looked at (issue 18 §3 and §5)?

    python3 benchmarks/source_transfer.py --baseline main                 # every family's delta
    python3 benchmarks/source_transfer.py --baseline main --seen github:KDE/kpat
    python3 benchmarks/source_transfer.py --families                      # the grouping only
    python3 benchmarks/source_transfer.py --base-json A.json --new-json B.json --seen …

Why: a fix written for one development passage's wording raises that passage and, as the
rounds showed, often nothing else (a round took one set from 93 to 119 of 128 key facts and
moved the held-out set drawn from the same two help files by 0). The development passages
come from a few dozen sources (a site's catalogue, a repository, one gist, one file of the
code store); a change is judged by the key facts it gains on the *other* sources, the ones
its writer did not read while writing it. `--seen` names those read; the script runs the
development sets (`real-dev*`; never a held-out set) on the baseline tree (`git archive` of
`--baseline` in a temporary folder, or a saved `real_quality.py --json` output) and on this
tree, groups the passages by source family and prints each family's key facts right before
and after, then the totals over the families seen and over the others (the transfer figure).

A source family is where a passage's wording comes from, not its game: the repository for a
file of GitHub (`github:KDE/kpat`), the gist, the file of the code store, the web site's host;
hosts that serve one catalogue's text under the same paths (`MIRRORS`) are one family, since a
fix read off one of them was read off the others too.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import yaml  # noqa: E402
from real_quality import DEV_SETS, REAL, REAL_SETS  # noqa: E402

# Hosts that carry the same catalogue of rules (the same page paths, the same sentences):
# one family each.
MIRRORS = {
    "karty.unex.one": "catalogue:reg-solitaire",
    "kartgame.atspace.com": "catalogue:reg-solitaire",
    "lightst.ru": "catalogue:reg-solitaire",
    "durbetsel.ru": "catalogue:3-pasyans",
    "xn--80aba5e.xn--p1ai": "catalogue:3-pasyans",
    "shram.kiev.ua": "catalogue:3-pasyans",
    # a copy of AisleRiot's help in an Ubuntu image
    "gitea.digitaloceans.ca": "github:GNOME/aisleriot",
}
_CODE_STORE = re.compile(r"code store: file id (\d+)")


def family(url: str) -> str:
    """The source family of a passage's address (see the module's docstring)."""
    if m := _CODE_STORE.search(url):
        return f"code:{m.group(1)}"
    u = urlparse(url)
    host = re.sub(r"^(?:www\.|m\.|old\.|ru\.|in\.)", "", (u.hostname or url).lower())
    parts = [p for p in u.path.split("/") if p]
    if host == "github.com" and len(parts) >= 2:
        return f"github:{parts[0]}/{parts[1]}"
    if host == "gist.github.com" and parts:
        return f"gist:{parts[-1][:8]}"
    return MIRRORS.get(host, host)


def dev_families(sets: list[str]) -> dict[str, str]:
    """Passage id -> source family, over the development sets named."""
    manifest = yaml.safe_load((REAL / "manifest.yaml").read_text(encoding="utf-8"))
    wanted = {REAL_SETS[s] for s in sets}
    return {e["id"]: family(e["url"]) for e in manifest if e["set"] in wanted}


def run_tree(tree: Path, sets: list[str]) -> dict:
    """`real_quality.py --json` of the development sets, run in `tree`."""
    out = subprocess.run(
        [sys.executable, "benchmarks/real_quality.py", "--sets", *sets, "--json"],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def baseline_tree(rev: str, sets: list[str]) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        return run_tree(Path(tmp), sets)


def rows_of(data: dict, sets: list[str]) -> dict[str, dict]:
    return {r["passage"]: r for s in sets if s in data for r in data[s]["rows"]}


def table(base: dict, new: dict, fams: dict[str, str]) -> dict[str, dict[str, int]]:
    """Per family: passages, key facts, right before, right after, refused before/after."""
    out: dict[str, dict[str, int]] = {}
    for pid, fam in fams.items():
        b, n = base.get(pid), new.get(pid)
        if b is None or n is None:
            continue
        t = out.setdefault(
            fam,
            {"passages": 0, "facts": 0, "base": 0, "new": 0, "base_refused": 0, "refused": 0},
        )
        t["passages"] += 1
        t["facts"] += n["facts"]
        t["base"] += b["right"]
        t["new"] += n["right"]
        t["base_refused"] += bool(b["refusal"]) and b["present"] > 0
        t["refused"] += bool(n["refusal"]) and n["present"] > 0
    return out


def _sum(rows: list[dict[str, int]]) -> dict[str, int]:
    keys = ("passages", "facts", "base", "new", "base_refused", "refused")
    return {k: sum(r[k] for r in rows) for k in keys}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", help="a git revision to compare with (e.g. main)")
    ap.add_argument("--base-json", help="a saved real_quality.py --json of the baseline")
    ap.add_argument("--new-json", help="a saved real_quality.py --json of this tree")
    ap.add_argument("--seen", nargs="*", default=[], help="families read while writing")
    ap.add_argument("--sets", nargs="*", default=list(DEV_SETS))
    ap.add_argument("--families", action="store_true", help="print the grouping and stop")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if any(s not in DEV_SETS for s in args.sets):
        ap.error("only development sets (real-dev*) are compared here")
    fams = dev_families(args.sets)
    if args.families:
        by: dict[str, list[str]] = {}
        for pid, f in fams.items():
            by.setdefault(f, []).append(pid)
        for f, ids in sorted(by.items()):
            print(f"{f:<40}{len(ids):>3}  {' '.join(ids)}")
        return 0
    unknown = set(args.seen) - set(fams.values())
    if unknown:
        ap.error(f"no such family: {', '.join(sorted(unknown))} (see --families)")
    if args.base_json:
        base = json.loads(Path(args.base_json).read_text(encoding="utf-8"))
    elif args.baseline:
        base = baseline_tree(args.baseline, args.sets)
    else:
        ap.error("give --baseline or --base-json")
    if args.new_json:
        new = json.loads(Path(args.new_json).read_text(encoding="utf-8"))
    else:
        new = run_tree(ROOT, args.sets)
    t = table(rows_of(base, args.sets), rows_of(new, args.sets), fams)
    seen = set(args.seen)
    unseen_total = _sum([r for f, r in t.items() if f not in seen])
    seen_total = _sum([r for f, r in t.items() if f in seen])
    if args.json:
        print(json.dumps({"families": t, "seen": seen_total, "unseen": unseen_total}, indent=1))
        return 0
    print(f"{'family':<40}{'passages':>9}{'facts':>7}{'before':>8}{'after':>7}{'delta':>7}")
    for f, r in sorted(t.items(), key=lambda kv: (kv[0] in seen, kv[0])):
        mark = " (seen)" if f in seen else ""
        d = r["new"] - r["base"]
        delta = f"{d:+d}" if d else "0"
        print(
            f"{f + mark:<40}{r['passages']:>9}{r['facts']:>7}{r['base']:>8}{r['new']:>7}{delta:>7}"
        )
    for name, r in (("families seen", seen_total), ("families not seen", unseen_total)):
        print(
            f"{name}: {r['passages']} passages, key facts {r['base']} -> {r['new']} of "
            f"{r['facts']} ({r['new'] - r['base']:+d}); refused {r['base_refused']} -> "
            f"{r['refused']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
