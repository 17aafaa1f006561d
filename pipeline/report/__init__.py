"""The project's HTML reports, one look for all of them (`pasyans diff --html`,
`pasyans verify --html`): self-contained pages, no script, nothing fetched.

Modules: `page` (the stylesheet and the page around a report's body), `board` (a table of
cards as SVG, every pile where its group's layout puts it), `interval` (a win rate's
interval as an SVG bar). What a page says is its verb's (`pipeline.diff.page`,
`pipeline.solve.verify`); how it looks is here.
"""
