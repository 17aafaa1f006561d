"""`pasyans verify`: invariants that can fail, the book's claims quoted exactly, published
figures judged by our bounds, and the HTML page as a real headless Chromium shows it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from browser import chromium, find
from cli_helpers import run, terminal_stderr

from pipeline.engine import compile_game
from pipeline.solve import verify as V
from pipeline.spec import load_spec

ROOT = Path(__file__).resolve().parent.parent
REF = ROOT / "rules" / "reference"
BROWSER, DRIVER, WHY = find()
SMALL = ("--deals", "3", "--budget", "2000", "--max-moves", "400", "--no-cache")


def test_book_claims_are_quoted_exactly():
    book = V.claims()["book"]
    assert set(book) == {"shah"}
    for claim in book.values():
        game_id = claim["sentence"].split("/")[0]
        doc = yaml.safe_load((ROOT / "corpus" / "games" / f"{game_id}.yaml").read_text("utf-8"))
        sentences = {
            s["id"]: s for section in doc["sections"] for s in section.get("sentences", [])
        }
        s = sentences[claim["sentence"]]
        assert claim["quote"] in s["text"] and claim["modern"] in s["modern"]
        english = (ROOT / claim["english_source"]).read_text("utf-8")
        assert claim["english"] in " ".join(english.split())


def test_published_figures_name_reference_specs():
    pub = V.claims()["published"]
    assert set(pub) >= {
        "golf",
        "black-hole",
        "clock-1deck",
        "klondike-3",
        "canfield.blake-gent",
        "freecell",
        "streets-and-alleys",
        "klondike-1",
    }
    for key in pub:
        assert V.spec_key(compile_game(load_spec(REF / f"{key}.yaml"))) == key


def test_invariants_hold_and_can_fail(monkeypatch):
    g = compile_game(load_spec(REF / "klondike-3.yaml"))
    ok = V.invariants(g, 3, max_moves=60)
    assert ok["ok"] and ok["moves"] > 100
    real_new = type(g).new_state

    class Lossy:  # a state that loses a card (a proxy: the compiled State takes no patch)
        def __init__(self, s):
            self._s = s

        def __getattr__(self, name):
            return getattr(self._s, name)

        def cards_in_play(self):
            return self._s.cards_in_play()[1:]

    monkeypatch.setattr(type(g), "new_state", lambda self, **kw: Lossy(real_new(self, **kw)))
    bad = V.invariants(g, 1, max_moves=5)
    assert not bad["ok"] and bad["cards_once"] == 5
    assert bad["first_failure"].startswith("deal 1: cards lost or doubled after ")


def test_verify_json_with_claims_and_published(capsys):
    code, out, _ = run(capsys, "verify", "shah", "clock-1deck", *SMALL, "--json")
    assert code == 0
    report = json.loads(out)
    assert "upper bound" in report["note"]
    shah, clock = report["specs"]
    assert shah["key"] == "shah" and shah["book"]["english"] == "this patience seldom succeeds"
    assert set(shah["rates"]) == {"solver", "greedy", "random"}
    for r in shah["rates"].values():
        assert {"deals", "won", "lost", "unknown", "bracket", "bounds"} <= r.keys()
        assert r["rate_over_decided"] is None or r["unknown"] <= 0.05 * r["deals"]
    assert shah["invariants"]["ok"]
    # 3 deals: an interval far wider than 10 points, so nothing is established
    assert clock["published"]["verdict"] == "not established"
    assert clock["published"]["win"] == 0.0769231
    assert report["first_seed"] == 1
    assert "mean_moves" in clock["rates"]["random"] and "mean_moves" not in clock["rates"]["solver"]


def test_a_published_figure_outside_our_bounds_fails(capsys, monkeypatch):
    real = V.claims()
    real["published"]["clock-1deck"]["win"] = 0.99
    monkeypatch.setattr(V, "claims", lambda: real)
    code, out, _ = run(capsys, "verify", "clock-1deck", *SMALL)
    assert code == 1
    assert "99.00 % (exact, 1/13" in out and "OUTSIDE our 95 % bounds 6.15 %–79.23 %" in out


def test_a_published_figure_inside_wide_bounds_is_not_established(capsys):
    code, out, _ = run(capsys, "verify", "clock-1deck", *SMALL)
    assert code == 0
    assert (
        "  published: 7.69 % (exact, 1/13 (the game has no choices; a classical result)): "
        "not established (our 95 % bounds 6.15 %–79.23 % are 73.1 points wide, with 0 % of "
        "deals unknown; reproducing it needs at most 10 points and 5 % unknown)\n"
    ) in out
    assert "inside our bounds" not in out and "reproduced" not in out.replace("reproducing", "")


def test_verify_shows_progress_on_a_terminal_only(capsys, monkeypatch):
    from pipeline.cli import main

    code, _, err = run(capsys, "verify", "clock-1deck", *SMALL)
    assert code == 0 and err == ""  # captured: not a terminal

    tty = terminal_stderr(monkeypatch)
    assert main(["verify", "clock-1deck", *SMALL]) == 0
    assert "9/9" in tty.getvalue()  # 3 deals for each of 3 policies
    assert "clock-1deck (clock-1deck)" in capsys.readouterr().out


def test_every_reading_of_a_game_shows_the_books_words(tmp_path):
    text = (
        (ROOT / "rules" / "shah.yaml").read_text("utf-8").replace("variant: null", "variant: mine")
    )
    assert "variant: mine" in text
    (tmp_path / "shah.mine.yaml").write_text(text, encoding="utf-8")
    e = V.verify_spec(
        str(tmp_path / "shah.mine.yaml"), 1, {"solver": 10, "greedy": 10, "random": 10}
    )
    assert e["key"] == "shah.mine" and e["book"]["sentence"] == "shah/note/2"
    assert "published" not in e


def test_an_invalid_spec_is_reported(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("spec: pasyans/1\nid: bad\npiles: {}\n", encoding="utf-8")
    code, out, _ = run(capsys, "verify", str(bad), *SMALL)
    assert code == 1 and out.startswith(f"{bad}: INVALID: ")


@pytest.mark.parametrize(
    ("kind", "problem"),
    [
        ("missing", "no such spec file, nor a game id of the shipped rules"),
        ("empty", "empty file (0 bytes)"),
        ("directory", "is a directory, not a spec file"),
    ],
)
def test_a_spec_file_that_cannot_be_read_is_reported_exit_2(capsys, tmp_path, kind, problem):
    """As `validate` and every verb (docs/cli.md, "Common behaviour"): a file that cannot be
    read as text is exit 2, not 1; `verify` still says so in its report, beside the others."""
    bad = tmp_path / "bad.yaml"
    if kind == "empty":
        bad.write_bytes(b"")
    elif kind == "directory":
        bad.mkdir()
    code, out, err = run(capsys, "verify", str(bad), "golf", *SMALL, "--policies", "random")
    assert (code, err) == (2, "")
    assert out.splitlines()[0] == f"{bad}: INVALID: {bad}: {problem}"
    assert "golf (golf)" in out.splitlines()


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> str:
    from pipeline.cli import main

    out = tmp_path_factory.mktemp("verify") / "report.html"
    assert main(["verify", "shah", "black-hole", "clock-1deck", *SMALL, "--html", str(out)]) == 0
    return str(out)


def test_page_is_self_contained(page):
    html = Path(page).read_text(encoding="utf-8")
    assert "<script" not in html and "@import" not in html and "url(" not in html
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    assert html.count('<section class="spec"') == 3


@pytest.mark.skipif(not (BROWSER and DRIVER), reason=WHY or "no browser")
def test_chromium_shows_the_report(page):
    with chromium(BROWSER, DRIVER) as b:
        b.get("file://" + page)
        assert b.run("return document.querySelectorAll('section.spec').length") == 3
        note = b.run("return document.querySelector('.upper-bound').innerText")
        assert "upper bound for a person" in note
        rows = b.run(
            "return [...document.querySelectorAll('#clock-1deck table.rates tr')]"
            ".slice(1).map(r => r.innerText.split('\\t').slice(0, 4))"
        )
        assert [r[0] for r in rows] == ["solver", "greedy", "random"]
        assert all(int(r[1]) + int(r[2]) + int(r[3]) == 3 for r in rows)
        quotes = b.run(
            "return [...document.querySelectorAll('#shah blockquote')].map(q => q.innerText)"
        )
        assert "«пасьянсъ этотъ рѣдко когда удается»" in quotes
        assert "“this patience seldom succeeds” (Cadogan)" in quotes
        marks = b.run(
            "return [...document.querySelectorAll('svg.interval rect.published')].map(r => {"
            " const b = r.getBoundingClientRect(); return [b.width, b.height]; })"
        )
        assert len(marks) == 2  # black hole and clock: published, beside the solver's bar
        assert all(h > 10 for _, h in marks)
        pub = b.run("return document.querySelector('#black-hole p.published').innerText")
        assert pub.startswith("Published: 86.94 % ± 0.02 %")
