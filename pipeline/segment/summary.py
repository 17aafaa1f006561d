"""What `ingest` prints and what `games` lists: compact tables over the game files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pipeline.segment.reader import read_games


def flags(game: dict[str, Any]) -> list[str]:
    out = list(game.get("partial") or [])
    if game.get("untitled"):
        out.append("untitled")
    if game.get("provisional"):
        out.append("provisional-id")
    return out


def row(game: dict[str, Any]) -> dict[str, Any]:
    """The listing of one game (also the `games --json` record)."""
    counts = game.get("counts") or {}
    return {
        "id": game["id"],
        "name": game.get("name"),
        "title": game.get("title"),
        "book": game.get("book"),
        "flags": flags(game),
        "id_from": game.get("id_from"),
        "sections": counts.get("sections"),
        "rules": counts.get("rules"),
        "sentences": counts.get("sentences"),
        "apparatus": counts.get("apparatus"),
        "witnesses": [w["source"] for w in game.get("witnesses") or []],
    }


def _table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
        for r in [header, *rows]
    ]
    return "\n".join(lines)


def _title(r: dict[str, Any]) -> str:
    if r["title"]:
        return r["title"]
    if r.get("name"):
        return f"— ({r['name']}, from {r['id_from']})"
    return f"— (from {r['id_from']})"


SHOWN = 4  # items a summary line lists before "… (N in all)": a line stays short


def some(items: list[str], sep: str) -> str:
    """At most `SHOWN` items joined, then how many there are in all."""
    if len(items) <= SHOWN:
        return sep.join(items)
    return sep.join(items[: SHOWN - 1]) + f"{sep}… ({len(items)})"


def _cut(text: str, limit: int = 30) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _witnesses(names: list[str]) -> str:
    return some([w.split("_")[0] for w in names], "+")


def _games_of(games: list[str]) -> str:
    """A source's games, each once, with how often it holds it (`shah ×3`)."""
    counts: dict[str, int] = {}
    for g in games:
        counts[g] = counts.get(g, 0) + 1
    return some([g if n == 1 else f"{g} ×{n}" for g, n in counts.items()], ", ")


def games_table(rows: list[dict[str, Any]]) -> str:
    body = [
        [
            r["id"],
            _title(r),
            r["book"] or "—",
            _witnesses(r["witnesses"]),
            str(r["sections"]),
            str(r["rules"]),
            str(r["sentences"]),
            str(r["apparatus"]),
            ", ".join(r["flags"]) or "complete",
        ]
        for r in rows
    ]
    header = ["game", "title", "book", "witnesses", "sect", "rules", "sent", "app", "flags"]
    return _table(header, body)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def ingest_summary(result, out: Path, changed: bool) -> str:
    src = _table(
        ["source", "orthography", "chars", "applied", "suggested", "furniture", "notes", "games"],
        [
            [
                s.source,
                s.orthography,
                str(s.chars),
                str(s.applied),
                str(s.suggested),
                str(s.furniture),
                str(s.annotations),
                _games_of(s.games),
            ]
            for s in result.sources
        ],
    )
    n_src, n_games = len(result.sources), len(result.games)
    read = f"read {_count(n_src, 'source text')}, found {_count(n_games, 'game')}: "
    head = read + (
        f"wrote {_count(n_games, 'game file')} to {out}/"
        if changed
        else f"{out}/ already holds exactly these {_count(n_games, 'game file')}; nothing written"
    )
    games = games_table([row(g) for g in result.games])
    text = f"{head}\n\nnormalization (changes applied / suggested per source)\n{src}\n\n{games}"
    notes = [collation_line(g) for g in result.games if len(g["witnesses"]) > 1]
    return text + ("\n\n" + "\n".join(notes) if notes else "")


def collation_line(game: dict[str, Any]) -> str:
    """One line per collated game: overlap, what each witness adds, the apparatus."""
    ws = game["witnesses"]
    short = {w["source"]: w["source"].split("_")[0] for w in ws}
    held: dict[str, set[str]] = {w["source"]: set() for w in ws}

    def walk(sections):
        for sec in sections:
            for sent in sec.get("sentences", []):
                for span in sent["spans"]:
                    held.setdefault(span["source"], set()).add(sent["id"])
            walk(sec.get("rules", []))

    walk(game["sections"])
    shared = set.intersection(*held.values())
    only = some(
        [f"{len(ids - shared)} only in {short[src]}" for src, ids in held.items() if ids - shared],
        ", ",
    )
    app = game.get("apparatus") or []
    kinds = {k: sum(1 for e in app if e["kind"] == k) for k in ("variant", "annotation")}
    places = ", ".join(
        f"{e['at_sentence'].split('/', 1)[1]} "
        + some(
            [
                f"{_cut(r['text']) if r['text'] else 'om.'} {_witnesses(r['witnesses'])}"
                for r in e["readings"]
            ],
            " / ",
        )
        for e in app[:4]
    )
    more = f", … ({len(app)} in all)" if len(app) > 4 else ""
    return (
        f"{game['id']}: {some([short[w['source']] for w in ws], ' + ')}: {len(shared)} sentences "
        f"shared{', ' + only if only else ''}; apparatus: {kinds['variant']} variants, "
        f"{kinds['annotation']} annotations{': ' + places if places else ''}{more}"
    )


def list_games(directory: Path) -> list[dict[str, Any]]:
    """Rows for every game file in `directory` (see `reader.read_games`)."""
    return [row(g) for g in read_games(directory)]
