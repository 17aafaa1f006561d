"""Nothing lost, nothing unbounded (issue 17 §4): no verb overwrites an input or another
program's database, no file read blocks or fills the memory, play keeps the game through
any save or load error, input that would silently change the results is normalized."""

from __future__ import annotations

import os
import signal
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import Sink, one_line, run

from pipeline.errors import UsageError
from pipeline.inputs import read_input, refuse_overwrite

ROOT = Path(__file__).resolve().parent.parent
SHAH_RAW = ROOT / "corpus" / "raw" / "001_ccb94fea4f93d4a7.txt"


@pytest.fixture(autouse=True)
def no_hang() -> Iterator[None]:
    """A read that blocks (a FIFO with no writer) fails the test instead of hanging it."""

    def hung(signum, frame):
        raise TimeoutError("blocked")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    return path


def copy(src: Path, dst: Path) -> Path:
    dst.write_bytes(src.read_bytes())
    return dst


# -- an output that is an input --------------------------------------------------------------


def test_the_shared_check_sees_one_file_by_any_name(tmp_path: Path) -> None:
    spec = copy(ROOT / "rules" / "clock.yaml", tmp_path / "a.yaml")
    (tmp_path / "link.yaml").symlink_to(spec)
    os.link(spec, tmp_path / "hard.yaml")
    sub = tmp_path / "sub"
    sub.mkdir()
    for out in ("a.yaml", "link.yaml", "hard.yaml", "sub/../a.yaml"):
        with pytest.raises(UsageError, match="is an input"):
            refuse_overwrite([spec], files=[tmp_path / out])
    with pytest.raises(UsageError, match="holds an input"):
        refuse_overwrite([spec], directories=[tmp_path])
    refuse_overwrite([spec], files=[tmp_path / "other.html", None], directories=[sub])


def test_diff_html_onto_an_input_spec_is_refused(capsys, tmp_path: Path) -> None:
    spec = copy(ROOT / "rules" / "clock.yaml", tmp_path / "a.yaml")
    (tmp_path / "page.html").symlink_to(spec)
    before = spec.read_bytes()
    for out in (spec, tmp_path / "page.html"):
        code, stdout, err = run(capsys, "diff", str(spec), "clock", "--html", str(out))
        assert (code, stdout) == (2, "")
        assert one_line(err) == (
            f"pasyans diff: {out}: is an input ({spec}): refusing to overwrite it"
        )
    assert spec.read_bytes() == before


def test_extract_onto_its_own_game_file_is_refused(capsys, tmp_path: Path) -> None:
    game = copy(ROOT / "corpus" / "games" / "clock.yaml", tmp_path / "clock.yaml")
    before = game.read_bytes()
    code, out, err = run(capsys, "extract", str(game), "-o", str(game))
    assert (code, out) == (2, "")
    assert (
        one_line(err) == f"pasyans extract: {game}: is an input ({game}): refusing to overwrite it"
    )
    code, out, err = run(capsys, "extract", str(game), "--out", str(tmp_path))
    assert code == 2
    assert "holds an input" in one_line(err)
    assert game.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["clock.yaml"]


def test_verify_html_onto_its_spec_is_refused_before_any_work(capsys, tmp_path: Path) -> None:
    spec = copy(ROOT / "rules" / "clock.yaml", tmp_path / "a.yaml")
    code, out, err = run(capsys, "verify", str(spec), "--no-cache", "--html", str(spec))
    assert (code, out) == (2, "")
    assert "is an input" in one_line(err)
    assert spec.read_bytes() == (ROOT / "rules" / "clock.yaml").read_bytes()


PAGE = ROOT / "tests" / "data" / "scans" / "shah-game.png"


@pytest.mark.parametrize(
    ("source", "argv"),
    [
        (PAGE, ["ocr", "--no-cache", "{in}", "-o", "{out}"]),
        (ROOT / "corpus" / "games" / "clock.yaml", ["extract", "{in}", "-o", "{out}"]),
        (ROOT / "rules" / "clock.yaml", ["diff", "{in}", "clock", "--html", "{out}"]),
        (ROOT / "rules" / "clock.yaml", ["verify", "{in}", "--no-cache", "--html", "{out}"]),
        (ROOT / "rules" / "clock.yaml", ["verify", "{in}", "--db", "{out}"]),
        (ROOT / "rules" / "clock.yaml", ["simulate", "{in}", "--db", "{out}"]),
    ],
    ids=["ocr -o", "extract -o", "diff --html", "verify --html", "verify --db", "simulate --db"],
)
def test_every_output_named_as_an_input_is_refused_in_one_set_of_words(
    capsys, tmp_path: Path, monkeypatch, source: Path, argv: list[str]
) -> None:
    """One check (`inputs.refuse_overwrite`), one message, before any work, for every verb
    that writes a file: the input by its own name and by a link to it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    src = copy(source, tmp_path / f"in{source.suffix}")
    (tmp_path / f"link{source.suffix}").symlink_to(src)
    for out in (src, tmp_path / f"link{source.suffix}"):
        line = [a.replace("{in}", str(src)).replace("{out}", str(out)) for a in argv]
        code, stdout, err = run(capsys, *line)
        assert (code, stdout) == (2, "")
        assert one_line(err) == (
            f"pasyans {argv[0]}: {out}: is an input ({src}): refusing to overwrite it"
        )
    assert src.read_bytes() == source.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"in{source.suffix}",
        f"link{source.suffix}",
    ]


def test_ocr_refuses_an_output_it_cannot_write_before_reading_a_page(
    capsys, tmp_path: Path, monkeypatch
) -> None:
    def read(*args, **kwargs):
        raise AssertionError("a page was read")

    monkeypatch.setattr("pipeline.ocr.ocr_files", read)
    for out, problem in (
        (tmp_path, "is a directory, not a file to write"),
        (tmp_path / "no" / "o.txt", "cannot write: no such directory"),
    ):
        code, stdout, err = run(capsys, "ocr", "--no-cache", str(PAGE), "-o", str(out))
        assert (code, stdout) == (2, "")
        assert one_line(err) == f"pasyans ocr: {out}: {problem}"
    assert list(tmp_path.iterdir()) == []


def test_ingest_into_the_directory_of_its_inputs_is_refused(capsys, tmp_path: Path) -> None:
    src = copy(SHAH_RAW, tmp_path / "shah.txt")
    code, out, err = run(capsys, "ingest", str(src), "--out", str(tmp_path))
    assert (code, out) == (2, "")
    assert "holds files that are not game files (shah.txt, ...)" in one_line(err)
    specs = ["--specs", str(tmp_path), "--out", str(tmp_path / "g")]
    code, out, err = run(capsys, "ingest", str(src), *specs)
    assert (code, out) == (2, "")
    assert one_line(err) == (
        f"pasyans ingest: {tmp_path}: holds an input ({src}): refusing to replace it"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shah.txt"]


# -- the results database --------------------------------------------------------------------


def tables(path: Path) -> set[str]:
    con = sqlite3.connect(path)
    try:
        return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        con.close()


def test_another_programs_database_is_left_as_it_was(capsys, tmp_path: Path) -> None:
    db = tmp_path / "other.sqlite"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE results (x)")
    con.commit()
    con.close()
    before = db.read_bytes()
    code, out, err = run(capsys, "simulate", "golf", "--deals", "1", "--db", str(db))
    assert (code, out) == (2, "")
    assert one_line(err) == (
        f"pasyans simulate: {db}: an SQLite database of another program, not a pasyans results "
        "database: refused (nothing was changed)"
    )
    assert db.read_bytes() == before
    assert tables(db) == {"results"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.sqlite"]


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (
            lambda p: p.write_text("not sql\n"),
            "not an SQLite database, so not a results database: refused",
        ),
        (lambda p: p.mkdir(), "is a directory, not a results database"),
        (lambda p: os.mkfifo(p), "not a regular file, so not a results database: refused"),
    ],
)
def test_what_is_not_a_database_is_refused(capsys, tmp_path: Path, make, says) -> None:
    db = tmp_path / "db"
    make(db)
    code, out, err = run(capsys, "verify", "golf", "--deals", "1", "--db", str(db))
    assert (code, out) == (2, "")
    assert one_line(err) == f"pasyans verify: {db}: {says}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["db"]


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="needs /dev/null")
def test_dev_null_is_not_a_database_and_gets_no_journal(capsys) -> None:
    journal_before = os.path.exists("/dev/null-journal")
    code, _, err = run(capsys, "simulate", "golf", "--deals", "1", "--db", "/dev/null")
    assert code == 2
    assert one_line(err) == (
        "pasyans simulate: /dev/null: not a regular file, so not a results database: refused"
    )
    assert os.path.exists("/dev/null-journal") == journal_before


def test_our_database_carries_its_mark_and_an_older_one_is_still_ours(tmp_path: Path) -> None:
    from pipeline.solve.store import APPLICATION_ID, SCHEMA, Store

    new = tmp_path / "new.sqlite"
    Store(new).close()
    assert int.from_bytes(new.read_bytes()[68:72], "big") == APPLICATION_ID
    old = tmp_path / "old.sqlite"  # made before the mark: known by its tables
    con = sqlite3.connect(old)
    con.executescript(SCHEMA)
    con.close()
    with Store(old) as store:
        store.put("h", "random/x", 10, [(1, "won", 3, 0.1)], "golf")
    assert int.from_bytes(old.read_bytes()[68:72], "big") == APPLICATION_ID
    with Store(old) as store:
        assert store.known("h", [1, 2], "random/x", 10) == {1: ("won", 3, 0.1)}


# -- files that are not regular: refused at once, never read ---------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["normalize", "{f}"],
        ["ingest", "{f}", "--out", "{d}/g"],
        ["extract", "{f}"],
        ["validate", "{f}"],
        ["show", "{f}"],
        ["play", "clock", "--moves", "{f}"],
        ["diff", "{f}", "clock"],
        ["solve", "{f}"],
    ],
)
def test_a_fifo_is_refused_without_blocking(capsys, tmp_path: Path, fifo: Path, argv) -> None:
    args = [a.format(f=fifo, d=tmp_path) for a in argv]
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    line = one_line(err)
    assert str(fifo) in line
    assert "named pipe" in line or "a pipe or a device" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.yaml"]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_refused_unread() -> None:
    from pipeline.errors import InputError

    with pytest.raises(InputError, match="a character device, not a text file: refused"):
        read_input("/dev/zero", 10**12, "text file")


# -- play: the game survives every save and load ---------------------------------------------


def session():
    from pipeline.engine.loading import load_game
    from pipeline.play.session import Session

    game = load_game("clock")
    return Session(game, game.new_state(seed=1), Sink())


def test_save_and_load_errors_return_to_the_prompt(tmp_path: Path, fifo: Path) -> None:
    s = session()
    s.run(["1"])
    history = list(s.state.history)
    long = str(tmp_path / ("x" * 300))
    s.run(
        [
            f"save {long}",
            f"load {fifo}",
            f"save {fifo}",
            "save bad\0name",
            f"load {tmp_path / ('y' * 5000)}",
            "load /dev/zero",
        ]
    )
    lines = s.out.text.splitlines()
    assert "save failed: File name too long; the current game goes on" in lines
    assert f"cannot load {fifo}: {fifo}: a named pipe, not a saved game: refused" in lines
    assert f"cannot save to {fifo}: it is not a regular file" in lines
    assert "save failed: embedded null byte; the current game goes on" in lines
    assert max(len(x) for x in lines) < 400  # a 5,000-character name is not echoed
    assert list(s.state.history) == history
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.yaml"]


def test_ctrl_c_during_save_or_load_keeps_the_game(tmp_path: Path, monkeypatch) -> None:
    from pipeline import atomic
    from pipeline.play import records

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    s = session()
    s.run(["1", f"save {tmp_path / 'a.json'}"])
    history = list(s.state.history)
    monkeypatch.setattr(atomic, "write_text", interrupted)
    monkeypatch.setattr(records, "read_record", interrupted)
    s.run([f"save {tmp_path / 'b.json'}", f"load {tmp_path / 'a.json'}", "2"])
    assert "save interrupted: the current game goes on" in s.out.text
    assert "load interrupted: the current game goes on" in s.out.text
    assert len(s.state.history) > len(history)  # the session went on to the next move
    assert list(s.state.history)[: len(history)] == history
    assert not (tmp_path / "b.json").exists()


# -- bounded runs ----------------------------------------------------------------------------


@pytest.mark.parametrize("verb", ["simulate", "verify"])
def test_deals_are_capped(capsys, verb: str) -> None:
    code, out, err = run(capsys, verb, "golf", "--deals", "1000000000", "--no-cache")
    assert (code, out) == (2, "")
    assert one_line(err) == (
        f"pasyans {verb}: --deals must be a whole number from 1 to 10000000, not 1000000000"
    )


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0"])
@pytest.mark.parametrize("verb", ["simulate", "solve"])
def test_seconds_must_be_a_positive_finite_number(capsys, verb: str, value: str) -> None:
    code, out, err = run(capsys, verb, "golf", f"--seconds={value}")
    assert (code, out) == (2, "")
    assert "--seconds must be a positive number of seconds" in one_line(err)


def test_deals_stream_through_the_store_block_by_block(tmp_path: Path, monkeypatch) -> None:
    from pipeline.solve import runner
    from pipeline.solve.store import Store

    monkeypatch.setattr(runner, "BLOCK", 3)
    asked: list[list[int]] = []
    with Store(tmp_path / "r.sqlite") as store:
        known = store.known

        def spy(spec_hash, deals, policy, budget):
            asked.append(list(deals))
            return known(spec_hash, deals, policy, budget)

        monkeypatch.setattr(store, "known", spy)
        first, reused = runner.simulate("golf", range(0, 7), "random", 50, store=store)
        again, reused2 = runner.simulate("golf", range(0, 8), "random", 50, store=store)
    assert asked == [[0, 1, 2], [3, 4, 5], [6], [0, 1, 2], [3, 4, 5], [6, 7]]
    assert (first.deals, reused, again.deals, reused2) == (7, 0, 8, 7)
    assert again.won - first.won in (0, 1)


# -- the quoter: each scan read once per game ------------------------------------------------


def test_the_scans_of_a_game_file_are_read_once_whatever_the_witnesses(monkeypatch) -> None:
    from pipeline.extract import quotes

    calls: list[str] = []

    def read(path: str):
        calls.append(path)
        return quotes.Scan("", None)

    monkeypatch.setattr(quotes, "_read_scan", read)
    game = {"witnesses": [{"source": f"s{i}", "file": f"s{i}.txt"} for i in range(40)]}
    scans = quotes.scans_in(Path("raw"), game)
    for _ in range(3):  # three citations, each quoting every witness (more than a cache holds)
        for source in scans:
            assert scans[source].raw == ""
    assert calls == [str(Path("raw") / f"s{i}.txt") for i in range(40)]


# -- input that would change the results without a word --------------------------------------


def test_bidi_controls_and_stress_marks_change_nothing() -> None:
    from pipeline.normalize import normalize

    raw = SHAH_RAW.read_text(encoding="utf-8")
    clean = normalize(raw, "shah").text
    bidi = raw.replace(". ", ".\u200f ").replace("карт", "ка\u202eрт")
    stressed = raw.replace("о", "о\u0301").replace("а", "а\u0300")
    assert bidi != raw and stressed != raw
    assert normalize(bidi, "shah").text == clean
    assert normalize(stressed, "shah").text == clean


def test_combining_marks_compose_the_letters_they_make() -> None:
    from pipeline.normalize.cleanup import clean

    text, tmap = clean("и\u0306 е\u0308 а\u0301б \u0301z")
    assert text == "й ё аб z"
    # every clean character maps back to the raw characters it came from
    assert [tmap.raw_span(i, i + 1) for i in range(len(text))] == [
        (0, 2), (2, 3), (3, 5), (5, 6), (6, 8), (8, 9), (9, 11), (11, 12),
    ]  # fmt: skip


def test_latin_look_alike_words_among_cyrillic_ones_are_repaired() -> None:
    from pipeline.normalize.cleanup import clean

    text, tmap = clean("въ ee время, т.-e. когда; c вами")
    assert text == "въ ее время, т.-е. когда; с вами"
    assert tmap.raw_span(3, 5) == (3, 5)
    # English, Roman numerals and a lone Latin word are left alone
    for kept in ("Cadogan Patience", "Правило XI. Карты", "ace"):
        assert clean(kept)[0] == kept


# -- a game with no rules; bounded summaries -------------------------------------------------


def test_a_repeated_title_is_no_complete_game_and_its_summary_is_short(
    capsys, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rep.txt").write_text("ПАСЬЯНСЪ «ШАХЪ»\n" * 40, encoding="utf-8")
    code, out, err = run(capsys, "ingest", "rep.txt", "--no-extract")
    assert code == 0, err
    assert max(len(line) for line in out.splitlines()) < 200
    row = next(line for line in out.splitlines() if line.startswith("shah "))
    assert row.endswith(" no-rules") and "complete" not in row


def test_summary_lists_are_cut() -> None:
    from pipeline.segment import summary

    assert summary._games_of(["shah"] * 5000) == "shah ×5000"
    assert summary._games_of(["a", "b", "a"]) == "a ×2, b"
    assert summary._witnesses([f"{i:03d}_x" for i in range(5000)]) == "000+001+002+… (5000)"
    assert summary.some(["a", "b", "c", "d"], ", ") == "a, b, c, d"


# -- a spec that makes no sense --------------------------------------------------------------


def test_a_turn_that_recycles_a_foundation_is_refused(capsys, tmp_path: Path) -> None:
    text = (ROOT / "rules" / "shah.yaml").read_text(encoding="utf-8")
    turn = "  turn:\n    kind: turn\n    from: stock\n    to: talon\n    count: 1\n    recycle: 0"
    assert turn in text
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        text.replace(turn, turn.replace("to: talon", "to: foundations").replace(": 0", ": 2")),
        encoding="utf-8",
    )
    code, out, err = run(capsys, "show", str(bad))
    assert (code, out) == (1, "")
    line = one_line(err)
    assert line.startswith(f"pasyans show: {bad}:")
    assert "(moves.turn.recycle): 'foundations' has role foundation: a recycle would turn" in line


def test_a_huge_id_is_refused_in_a_short_line(capsys, tmp_path: Path) -> None:
    text = (ROOT / "rules" / "clock.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("id: clock", "id: " + "c" * 100_000, 1), encoding="utf-8")
    code, out, err = run(capsys, "show", str(bad))
    assert (code, out) == (1, "")
    line = one_line(err)
    assert "an id of at most 64 lowercase letters" in line
    assert len(line) < 400


# -- ingest --out keeps its own specs ---------------------------------------------------------

PAGE = (
    "ПАСЬЯНС «МЕЛЬНИЦА».\n\n"
    "Пасьянс раскладывается одной колодой в пятьдесят две карты. Раскладывают восемь "
    "кучек по пять карт. Годны для игры только верхние карты каждой кучки.\n"
)


def test_ingests_into_two_outputs_keep_their_own_specs(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "page.txt").write_text(PAGE, encoding="utf-8")
    for out in ("a", "b"):
        code, _, err = run(capsys, "ingest", "page.txt", "--out", out)
        assert code == 0, err
    for out in ("a", "b"):
        assert sorted(p.name for p in (tmp_path / out).iterdir()) == ["extracted", "melnitsa.yaml"]
        assert [p.name for p in (tmp_path / out / "extracted").iterdir()] == ["melnitsa.yaml"]
    assert not (tmp_path / "extracted").exists()
    # again, unchanged: the specs stay; --no-extract keeps them too
    assert run(capsys, "ingest", "page.txt", "--out", "a", "--check")[0] == 0
    assert run(capsys, "ingest", "page.txt", "--out", "a", "--no-extract")[0] == 0
    assert (tmp_path / "a" / "extracted" / "melnitsa.yaml").is_file()


# -- more of the same kind -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["simulate", "golf", "--workers", "100000"], "--workers must be a whole number from 1 to"),
        (["verify", "golf", "--workers", "0"], "--workers must be a whole number from 1 to"),
        (["random", "golf", "--games", "10000001"], "--games must be a whole number from 1 to"),
    ],
)
def test_counts_that_would_run_away_are_refused(capsys, argv, says) -> None:
    code, out, err = run(capsys, *argv, "--no-cache" if argv[0] != "random" else "--json")
    assert (code, out) == (2, "")
    assert says in one_line(err)


def test_a_piped_line_without_end_is_read_in_bounded_pieces() -> None:
    import io

    from pipeline.play.session import bounded_lines

    stream = io.StringIO("a" * 25 + "\nquit\n" + "b" * 7)
    assert list(bounded_lines(stream, limit=10)) == ["a" * 10, "quit\n", "b" * 7]


def test_an_output_in_a_missing_directory_is_refused_before_any_work(capsys, tmp_path) -> None:
    out = tmp_path / "no" / "x.yaml"
    code, stdout, err = run(
        capsys, "extract", str(ROOT / "corpus/games/clock.yaml"), "-o", str(out)
    )
    assert (code, stdout) == (2, "")
    assert one_line(err) == f"pasyans extract: {out}: cannot write: no such directory"


def test_a_failed_atomic_write_names_the_file_not_its_temporary(tmp_path: Path) -> None:
    from pipeline.atomic import write_text

    target = tmp_path / "no" / "x.json"
    with pytest.raises(OSError) as caught:
        write_text(target, "{}")
    assert caught.value.filename == str(target)


def test_a_file_name_with_a_line_break_or_of_any_length_stays_one_short_line(capsys) -> None:
    code, _, err = run(capsys, "show", "a\nb.yaml")
    assert code == 2
    assert one_line(err) == (
        "pasyans show: a\\x0ab.yaml: no such spec file, nor a game id of the shipped rules"
    )
    code, _, err = run(capsys, "normalize", "n" * 5000)
    assert code == 2
    assert (
        one_line(err)
        == f"pasyans normalize: {'n' * 100}…{'n' * 100}: cannot read: File name too long"
    )
