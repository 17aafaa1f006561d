"""Bad and odd input, a second attack on every verb (robust-2): usage errors in one line, a
locked results store that says it waits, text saved as UTF-16/UTF-32 without its mark, a
corrupt word-box file beside a text, budgets the store cannot hold or a game never reaches,
a table at the pile cap. Each case fails on the main it was found on."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from cli_helpers import one_line, run

from pipeline.cli import main
from pipeline.errors import excerpt
from pipeline.ocr.document import OcrDocument, PageInfo, Word, to_json

ROOT = Path(__file__).resolve().parent.parent
GOLF = (ROOT / "rules" / "reference" / "golf.yaml").read_text(encoding="utf-8")
TEXT = "Пасьянсъ «Часы».\n\nВозьмите колоду въ 52 карты.\n"


# -- usage errors: one line naming the option, --help as it was ----------------------------


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["solve", "golf", "--budget", "abc"],
            "pasyans solve: argument --budget: invalid int value: 'abc' "
            "(usage: pasyans solve --help)",
        ),
        (
            ["show", "golf", "--bogus", "x"],
            "pasyans show: unrecognized arguments: --bogus x (usage: pasyans show --help)",
        ),
        (
            ["show"],
            "pasyans show: the following arguments are required: SPEC (usage: pasyans show --help)",
        ),
        (
            ["normalize", "x.txt", "--format", "pdf"],
            "pasyans normalize: argument --format: invalid choice: 'pdf' (choose from 'text', "
            "'json', 'tei') (usage: pasyans normalize --help)",
        ),
        (
            ["random", "golf", "--games", "x" * 500],
            "pasyans random: argument --games: invalid int value: "
            f"{excerpt('x' * 500)} (usage: pasyans random --help)",
        ),
    ],
)
def test_a_usage_error_is_one_line_naming_the_option(capsys, argv, line) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert (captured.out, one_line(captured.err)) == ("", line)


def test_help_is_as_argparse_prints_it(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["show", "--help"])
    out = capsys.readouterr().out
    assert exc.value.code == 0 and out.startswith("usage: pasyans show [-h]")
    assert "--seed N" in out and len(out.splitlines()) > 5


# -- numbers a run cannot honour ----------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["simulate", "golf", "--deals", "1", "--budget", "1" + "0" * 25, "--db", "r.sqlite"],
         "pasyans simulate: --budget must be a whole number from 1 to 1000000000000, not "
         "1" + "0" * 25),
        (["random", "blockade", "--max-moves", "1" + "0" * 25],
         "pasyans random: --max-moves must be a whole number from 1 to 10000000, not "
         "1" + "0" * 25),
        (["simulate", "golf", "--deals", "1", "--policy", "random", "--budget", "20000000"],
         "pasyans simulate: --budget must be a whole number from 1 to 10000000, not 20000000"),
        (["verify", "golf", "--per-move", "0"],
         "pasyans verify: --per-move must be a whole number from 1 to 1000000000000, not 0"),
        (["random", "golf", "--games", "7" * 500],
         "pasyans random: --games must be a whole number from 1 to 10000000, not "
         "77777777777777777777… (500 digits)"),
        (["score", "--deals", "99999999999", "golf", "golf"],
         "pasyans score: --deals must be a whole number from 1 to 10000000, not 99999999999"),
    ],
)  # fmt: skip
def test_a_budget_past_its_bound_is_refused_before_any_work(
    capsys, tmp_path: Path, monkeypatch, argv, line
) -> None:
    """The first ran a deal, then failed storing it (an OverflowError traceback); the second
    ran until killed, its record growing per move."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert (code, out, one_line(err)) == (2, "", line)
    assert list(tmp_path.iterdir()) == []


# -- a results store locked by another process ----------------------------------------------


def _locked_store(tmp_path: Path) -> tuple[str, sqlite3.Connection]:
    db = str(tmp_path / "r.sqlite")
    assert main(["simulate", "golf", "--deals", "1", "--policy", "random", "--db", db]) == 0
    holder = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    return db, holder


def test_a_locked_store_says_it_waits_and_goes_on(capsys, tmp_path: Path, monkeypatch) -> None:
    """Before: a silent pause of up to 60 s."""
    from pipeline.solve import store

    db, holder = _locked_store(tmp_path)
    capsys.readouterr()
    monkeypatch.setattr(store, "QUICK_MS", 20)
    threading.Timer(0.3, lambda: holder.execute("COMMIT")).start()
    code, out, err = run(
        capsys, "simulate", "golf", "--deals", "3", "--policy", "random", "--db", db
    )
    holder.close()
    assert code == 0 and "0 won, 3 lost" in out
    assert one_line(err) == (
        f"pasyans simulate: {db}: locked by another process (another run writing to it?): "
        "waiting up to 60 s"
    )


def test_a_store_locked_too_long_is_one_line_more(capsys, tmp_path: Path, monkeypatch) -> None:
    from pipeline.solve import store

    db, holder = _locked_store(tmp_path)
    capsys.readouterr()
    monkeypatch.setattr(store, "QUICK_MS", 0)
    monkeypatch.setattr(store, "WAIT_SECONDS", 0.05)
    code, out, err = run(
        capsys, "simulate", "golf", "--deals", "3", "--policy", "random", "--db", db
    )
    holder.close()
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"pasyans simulate: {db}: locked by another process (another run writing to it?): "
        "waiting up to 0.05 s",
        f"pasyans simulate: {db}: still locked by another process after 0.05 s more: gave up "
        "(run again when the other one ends, or give --db another file)",
    ]


# -- text saved as UTF-16 or UTF-32 without a byte-order mark ----------------------------


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
def test_a_spec_in_utf16_or_utf32_without_a_mark_says_so(capsys, tmp_path, codec) -> None:
    """Before: `not UTF-8: byte 0xab cannot be decoded` at some column of line 1."""
    spec = tmp_path / "golf.yaml"
    spec.write_bytes(GOLF.encode(codec))
    code, out, err = run(capsys, "show", str(spec))
    name = codec[:6].upper()
    assert (code, out) == (2, "")
    assert one_line(err) == (
        f"pasyans show: {spec}: {name} text (without a byte-order mark), not UTF-8: save it "
        "as UTF-8"
    )


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (
            "play_0\n".encode("utf-32-be"),
            "UTF-32 text (without a byte-order mark), not UTF-8: save it as UTF-8",
        ),
        (b"\0\0\0\0\0" + b'{"moves": []}', "a NUL byte at byte 0 (binary data?)"),
    ],
)
def test_a_moves_file_of_nul_bytes_is_named_briefly(capsys, tmp_path, data, says) -> None:
    """Before: the NULs were read as a move's name, and quoted as 4-character escapes."""
    moves = tmp_path / "m.txt"
    moves.write_bytes(data)
    code, _, err = run(capsys, "play", "golf", "--moves", str(moves))
    assert (code, one_line(err)) == (2, f"pasyans play: {moves}: not a moves file: {says}")


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-32-be"])
def test_a_text_in_utf16_without_a_mark_is_read(capsys, tmp_path, codec) -> None:
    """Before: `binary data, not a text file`."""
    plain, wide = tmp_path / "a.txt", tmp_path / "b.txt"
    plain.write_text(TEXT, encoding="utf-8")
    wide.write_bytes(TEXT.encode(codec))
    assert run(capsys, "normalize", str(wide)) == run(capsys, "normalize", str(plain))


def test_an_escaped_quote_is_short() -> None:
    shown = excerpt("\x00" * 300)
    assert shown == "'" + "\\x00" * 10 + "'… (300 characters)"


# -- the word boxes beside a text (NAME.ocr.json) ----------------------------------------


def _sidecar(folder: Path, text: str) -> str:
    words = [Word(1, (10, 10, 60, 30), 95.0, "body", text[:8], 0, 8)]
    return to_json(OcrDocument(text, [PageInfo(1, "p.png", 1, 100, 100)], words))


def test_a_corrupt_sidecar_is_named(capsys, tmp_path: Path, monkeypatch) -> None:
    """Before: ignored without a word, the text normalized without its word boxes (normalize
    and ingest each had a copy of the reading; `ingest._ocr_document` now calls the one)."""
    from pipeline.errors import InputError
    from pipeline.ingest import _ocr_document

    monkeypatch.chdir(tmp_path)
    Path("p.txt").write_text(TEXT, encoding="utf-8")
    Path("p.ocr.json").write_text(_sidecar(tmp_path, TEXT)[:50], encoding="utf-8")
    code, out, err = run(capsys, "normalize", "p.txt")
    assert (code, out) == (2, "")
    said = (
        "p.ocr.json: the word boxes of p.txt, not a valid pasyans-ocr 1 JSON file "
        "(Unterminated string starting at: line 4 column 2 (char 46)): move it away, or make "
        "it again with `pasyans ocr --format json`"
    )
    assert one_line(err) == f"pasyans normalize: {said}"
    with pytest.raises(InputError) as exc:
        _ocr_document(Path("p.txt"), TEXT)
    assert str(exc.value) == said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.ocr.json", "p.txt"]


def test_a_sidecar_of_another_text_is_left_aside(capsys, tmp_path: Path) -> None:
    """A text edited since its OCR: its word boxes no longer fit, and are not read."""
    (tmp_path / "p.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "p.ocr.json").write_text(_sidecar(tmp_path, TEXT + "x"), encoding="utf-8")
    (tmp_path / "q.txt").write_text(TEXT, encoding="utf-8")
    assert run(capsys, "normalize", str(tmp_path / "p.txt")) == run(
        capsys, "normalize", str(tmp_path / "q.txt")
    )


# -- a table at the pile cap --------------------------------------------------------------


def test_a_table_at_the_pile_cap_solves_promptly(capsys, tmp_path: Path) -> None:
    """414 columns (416 piles in all, the cap): the solver's table of exchangeable piles was
    made from every pair against every rule's pairs, 11.6 CPU-s (compiled) before the first
    position; the same table now comes from one pile per class."""
    from pipeline.engine.loading import load_game
    from pipeline.solve import vacancies

    spec = tmp_path / "wide.yaml"
    spec.write_text(
        GOLF.replace("count: 7", "count: 414").replace("rounds: 5", "rounds: 1"),
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "solve", str(spec), "--budget", "5")
    assert code == 0 and "unknown (the nodes budget ran out)" in out
    for name in ("golf", "freecell", "canfield", "clock"):
        game = load_game(name)
        piles = tuple(range(game.npiles))
        edges, n = vacancies.rule_edges(game), game.npiles
        pairwise = bytearray(n * n)
        for p in piles:
            for q in piles:
                if p != q and game.role[p] == game.role[q]:
                    pairwise[p * n + q] = _exchangeable(edges, p, q)
        assert vacancies._alike(game, piles) == pairwise, name


def _exchangeable(edges: list[frozenset[tuple[int, int]]], p: int, q: int) -> bool:
    """The definition, pair by pair: exchanging piles p and q maps every rule's pairs onto
    themselves (what `vacancies.exchange_classes` decides one pile per class)."""

    def swap(v: int) -> int:
        return q if v == p else p if v == q else v

    return all(frozenset((swap(s), swap(d)) for s, d in e) == e for e in edges)


def test_extract_o_of_a_text_of_two_games_is_refused_before_any_work(capsys, tmp_path) -> None:
    """Before: both games extracted, then `2 games found: use --out DIR`, naming no file."""
    text = tmp_path / "two.txt"
    text.write_text(
        "Пасьянсъ «Часы».\n\nВозьмите колоду въ 52 карты и разложите ихъ въ тринадцать кучекъ "
        "по четыре карты.\n\nПасьянсъ «Блокада».\n\nВозьмите колоду въ 52 карты и разложите "
        "ихъ въ четыре ряда по восьми картъ.\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "extract", str(text), "-o", str(tmp_path / "x.yaml"))
    assert (code, out) == (2, "")
    assert one_line(err) == (
        f"pasyans extract: {text}: 2 games found: -o writes one spec, --out DIR one per game"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["two.txt"]


def test_ocr_jobs_past_four_per_core_are_refused(capsys, monkeypatch) -> None:
    """Before: accepted, one Tesseract per page up to the number given."""
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    code, out, err = run(capsys, "ocr", "--jobs", "100000", "p.png")
    assert (code, out, one_line(err)) == (
        2,
        "",
        "pasyans ocr: --jobs must be a whole number from 1 to 8 (4 per core), not 100000",
    )
