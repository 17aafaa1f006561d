"""The page around a report: one stylesheet for every report, inline; no script, no font or
picture fetched, so a page is one file that opens anywhere, offline."""

from __future__ import annotations

from html import escape

CSS = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:120em}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;
padding:.25em .5em;vertical-align:top;text-align:left}th{background:#f3f3f3}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.bad{color:#b00;font-weight:bold}.ok{color:#070}.unsettled{color:#8a5a00}
.caveat{background:#fff6d6;padding:.5em;border-left:4px solid #e0b000}
blockquote{margin:.2em 0 .4em 1em;padding-left:.6em;border-left:3px solid #bbb}
.modern{color:#555}.english{font-style:italic;color:#335}
.side{display:flex;gap:1.5em;align-items:flex-start;flex-wrap:wrap}
.side>div{flex:1;min-width:28em;overflow:auto}
pre.spec{font-size:12px;line-height:1.35;background:#fafafa;border:1px solid #ddd;padding:.5em}
pre.spec .hl{background:#fff2a8;display:inline-block;width:100%}
.diff td.a{background:#fde8e8}.diff td.b{background:#e6f4ea}
.area{font-weight:bold;background:#eef}
svg.interval{vertical-align:middle}table.rates td:last-child{min-width:16em}
svg.table{background:#2e6b3a;border-radius:6px;max-width:100%;height:auto}
svg .card{fill:#fff;stroke:#333}svg .back{fill:#3559a8;stroke:#fff}
svg .empty{fill:none;stroke:#cde;stroke-dasharray:4 3}
svg .mark{stroke:#ffb000;stroke-width:4}
svg text{font-size:13px;font-family:sans-serif}svg .red{fill:#c00}svg .black{fill:#111}
svg .count{font-size:10px;text-anchor:end;fill:#333}svg .group{fill:#eee;font-size:11px}
figure.scan{margin:.3em 0 .5em 1em}figure.scan svg{border:1px solid #ccc;display:block}
"""


def document(title: str, body: list[str], heading: str | None = None) -> str:
    """A whole page: `title` (plain text) in its head, `heading` (the title when None) as its
    first heading, then `body` (HTML)."""
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title>",
        f"<style>{CSS}</style></head><body>",
        f"<h1>{escape(heading or title)}</h1>",
        *body,
        "</body></html>",
    ]
    return "\n".join(out) + "\n"
