"""Bad and odd input found by a scripted campaign against every verb (robust-1): each case
gets one line naming the file and the problem, its exit code, and leaves nothing behind;
odd but valid input works."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
from pathlib import Path

import pytest
from cli_helpers import one_line, python, run, same_package

ROOT = Path(__file__).resolve().parent.parent
GOLF = (ROOT / "rules" / "reference" / "golf.yaml").read_text(encoding="utf-8")
CLOCK_TEXT = (
    "Пасьянсъ «Часы».\n\nВозьмите колоду въ 52 карты и разложите ихъ въ тринадцать кучекъ по "
    "четыре карты. Короли кладутся въ середину.\n"
)


# -- page images --------------------------------------------------------------------------


def test_a_png_cut_inside_its_header_is_refused(capsys, tmp_path: Path) -> None:
    page = tmp_path / "p.png"
    page.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")  # the chunk's size and name only
    code, out, err = run(capsys, "ocr", str(page), "--no-cache")
    assert (code, out) == (2, "")
    assert one_line(err) == f"pasyans ocr: {page}: truncated PNG: the file ends inside its header"


def test_a_named_pipe_given_as_a_page_is_refused_unread(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "page.png")  # no writer: opening it to read would wait for ever
    proc = subprocess.run(
        python("-m", "pipeline", "ocr", "page.png", "--no-cache"),
        cwd=tmp_path,
        env=same_package(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (proc.returncode, proc.stdout) == (2, "")
    assert one_line(proc.stderr) == (
        "pasyans ocr: page.png: a named pipe, not a page image or PDF: refused"
    )


def test_tesseract_s_memory_limit_stays_under_the_user_s_own() -> None:
    """Under `ulimit -v` below Tesseract's own limit, raising it failed in the child before
    exec: a traceback for every page. The lower of the two holds."""
    limit = 3 << 30
    script = (
        "import resource\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))\n"
        "from pipeline.ocr import tesseract\n"
        "tesseract._limit_memory()\n"
        "print(*resource.getrlimit(resource.RLIMIT_AS))\n"
    )
    proc = subprocess.run(
        python("-c", script), env=same_package(), capture_output=True, text=True, check=False
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, f"{limit} {limit}\n", "")


# -- texts --------------------------------------------------------------------------------


def quotes_open_slowly(text: str, pos: int) -> bool:
    """Whether a « is open at `pos`, read from its paragraph's start every time."""
    depth = 0
    for c in text[text.rfind("\n\n", 0, pos) + 1 : pos]:
        if c == "«":
            depth += 1
        elif c == "»" and depth:
            depth -= 1
    return depth > 0


def test_open_quotes_read_on_give_what_reading_from_the_start_gives() -> None:
    from pipeline.normalize.glyphs import _open_quotes

    rng = random.Random(7)
    for _ in range(300):
        text = "".join(rng.choice("««»»»a\n") for _ in range(rng.randrange(0, 60)))
        positions = sorted(rng.randrange(0, len(text) + 1) for _ in range(rng.randrange(1, 12)))
        if rng.random() < 0.2:
            positions.reverse()  # asked out of order, it starts again
        open_at = _open_quotes(text)
        assert [open_at(p) for p in positions] == [quotes_open_slowly(text, p) for p in positions]


def test_a_utf32_text_with_its_byte_order_mark_is_read(capsys, tmp_path: Path) -> None:
    source = tmp_path / "t.txt"
    source.write_bytes(CLOCK_TEXT.encode("utf-32"))
    code, out, err = run(capsys, "normalize", str(source))
    assert (code, err) == (0, "")
    assert out.startswith("Пасьянсъ «Часы».\n\nВозьмите колоду въ 52 карты")


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ('"pages": ' + "[" * 100_000 + "]" * 100_000, "JSON nested too deep"),
        ('"pages": ["x"], "text": "a"', "a value of the wrong shape"),
        ('"pages": [], "text": 5', "a value of the wrong shape (text, offsets and boxes)"),
        ('"text": "a"', "no key 'pages'"),
    ],
)
def test_a_broken_ocr_json_is_one_line(capsys, tmp_path: Path, body: str, says: str) -> None:
    doc = tmp_path / "book.json"
    doc.write_text('{"format": "pasyans-ocr 1", ' + body + "}", encoding="utf-8")
    code, out, err = run(capsys, "normalize", str(doc))
    assert (code, out) == (2, "")
    assert one_line(err).startswith(
        f"pasyans normalize: {doc}: not a valid pasyans-ocr 1 JSON file: {says}"
    )


# -- specs and moves files ----------------------------------------------------------------


@pytest.mark.parametrize("codec", ["utf-16", "utf-32"])
def test_a_spec_saved_as_utf16_or_utf32_says_so(capsys, tmp_path: Path, codec: str) -> None:
    spec = tmp_path / "golf.yaml"
    spec.write_bytes(GOLF.encode(codec))
    code, out, err = run(capsys, "validate", str(spec))
    name = codec.upper()
    assert (code, out) == (2, "")
    assert one_line(err) == (
        f"pasyans validate: {spec}: {name} text (it starts with a byte-order mark), not UTF-8: "
        "save it as UTF-8"
    )


def test_a_moves_file_saved_as_utf16_says_so(capsys, tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_bytes("turn\n".encode("utf-16"))
    code, out, err = run(capsys, "play", "golf", "--moves", str(moves))
    assert (code, out) == (2, "")
    assert one_line(err) == (
        f"pasyans play: {moves}: not a moves file: UTF-16 text (it starts with a byte-order "
        "mark), not UTF-8: save it as UTF-8"
    )


def test_a_spec_that_is_a_symbolic_link_loop_is_named_so(capsys, tmp_path: Path) -> None:
    os.symlink(tmp_path / "b.yaml", tmp_path / "a.yaml")
    os.symlink(tmp_path / "a.yaml", tmp_path / "b.yaml")
    code, out, err = run(capsys, "show", str(tmp_path / "a.yaml"))
    assert (code, out) == (2, "")
    assert one_line(err) == (
        f"pasyans show: {tmp_path / 'a.yaml'}: a symbolic link to nothing (its target is "
        "missing, or a loop)"
    )


def test_piles_over_all_groups_are_bounded(capsys, tmp_path: Path) -> None:
    """Each group's count is at most 416, and so are all of them together: 1,000 groups of
    one pile took the solver 8.5 s to search 5 positions, 5,000 over a minute."""
    spare = "".join(f"  spare{i}: {{role: reserve}}\n" for i in range(410))
    spec = tmp_path / "golf.yaml"
    spec.write_text(GOLF.replace("piles:\n", "piles:\n" + spare, 1), encoding="utf-8")
    code, out, err = run(capsys, "validate", str(spec))
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        f"{spec}:13:3: piles: 419 piles in all (413 groups); at most 416 (every card of eight "
        "packs on a pile of its own)"
    ]
    spec.write_text(GOLF.replace("piles:\n", "piles:\n" + spare[: spare.index("  spare407")], 1))
    assert run(capsys, "validate", "-q", str(spec))[0] == 0  # 416 piles: allowed


# -- numbers ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--seed", str(2**64)], f"--seed must be a whole number from 0 to 2**64-1, not '{2**64}'"),
        (["--seed", "abc"], "--seed must be a whole number from 0 to 2**64-1, not 'abc'"),
        (
            ["--seed", str(2**64 - 1), "--deals", "2"],
            f"--seed {2**64 - 1} with --deals 2 runs past seed 2**64-1",
        ),
    ],
)
def test_score_reads_its_seed_as_every_verb_does(capsys, argv: list[str], says: str) -> None:
    code, out, err = run(capsys, "score", "golf", "golf", *argv)
    assert (code, out) == (2, "")
    assert one_line(err) == f"pasyans score: {says}"


# -- outputs ------------------------------------------------------------------------------


@pytest.mark.parametrize(("games", "specs"), [("g", "g"), ("g", "g/drafts"), ("s/g", "s")])
def test_ingest_refuses_games_and_specs_sharing_a_directory(
    capsys, tmp_path: Path, monkeypatch, games: str, specs: str
) -> None:
    """Both are replaced whole: the games were written, then the specs refused (or the
    games removed with the old specs)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.txt").write_text(CLOCK_TEXT, encoding="utf-8")
    code, out, err = run(capsys, "ingest", "t.txt", "--out", games, "--specs", specs)
    assert (code, out) == (2, "")
    assert one_line(err) == (
        f"pasyans ingest: --out {games} and --specs {specs} are one directory or one holds "
        "the other: each needs a directory of its own"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.txt"]


# -- the results database -----------------------------------------------------------------


def older_database(path: Path, *, ours: bool) -> None:
    con = sqlite3.connect(path)
    if ours:
        con.execute("PRAGMA application_id = 1347637843")  # pipeline.solve.store.APPLICATION_ID
    con.execute(
        "CREATE TABLE results (spec_hash TEXT, deal INTEGER, policy TEXT, budget INTEGER, "
        "outcome TEXT)"
    )
    con.execute("CREATE TABLE specs (spec_hash TEXT)")
    con.commit()
    con.close()


@pytest.mark.parametrize("ours", [True, False])
def test_a_database_of_another_version_is_left_as_it_was(
    capsys, tmp_path: Path, ours: bool
) -> None:
    db = tmp_path / "results.sqlite"
    older_database(db, ours=ours)
    before = db.read_bytes()
    code, out, err = run(
        capsys, "simulate", "golf", "--deals", "1", "--budget", "5", "--db", str(db)
    )
    assert (code, out) == (2, "")
    assert one_line(err) == (
        f"pasyans simulate: {db}: a results database of another version of pasyans (columns "
        "missing: work, seconds, created): refused (nothing was changed; move it away to "
        "start a new one)"
    )
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.sqlite"]


# -- file names and standard output -------------------------------------------------------


def test_a_text_named_in_cp1251_is_extracted(capsys, tmp_path: Path) -> None:
    """The name's bytes that are not UTF-8 reach the draft's provenance as U+FFFD, not as
    lone surrogates that the YAML writer refused (a traceback)."""
    source = Path(os.fsdecode(bytes(tmp_path) + b"/\xd7\xe0\xf1\xfb.txt"))  # Часы in cp1251
    source.write_text(CLOCK_TEXT, encoding="utf-8")
    out = tmp_path / "clock.yaml"
    code, _, err = run(capsys, "extract", str(source), "-o", str(out))
    assert code == 0, err
    assert "    - source: \ufffd\ufffd\ufffd\ufffd\n" in out.read_text(encoding="utf-8")


def pasyans_in(tmp_path: Path, *argv: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        python("-m", "pipeline", *argv),
        cwd=tmp_path,
        env=same_package({**os.environ, **env}),
        capture_output=True,
        timeout=120,
        check=False,
    )


def test_a_spec_named_in_cp1251_is_printed_as_its_bytes(tmp_path: Path) -> None:
    name = os.fsdecode(b"\xe3\xee\xeb\xfc\xf4.yaml")  # гольф in cp1251
    (tmp_path / name).write_text(GOLF, encoding="utf-8")
    proc = pasyans_in(tmp_path, "validate", name, PYTHONIOENCODING="utf-8")  # strict UTF-8
    assert (proc.returncode, proc.stderr) == (0, b"")
    assert proc.stdout == b"OK \xe3\xee\xeb\xfc\xf4.yaml\n"


@pytest.mark.parametrize("encoding", ["ascii", "cp1251"])
def test_a_standard_output_that_lacks_a_character_is_one_line(
    tmp_path: Path, encoding: str
) -> None:
    proc = pasyans_in(tmp_path, "show", "golf", PYTHONIOENCODING=encoding)
    shown = {"ascii": "\\xb7", "cp1251": "\\u2663"}[encoding]
    assert (proc.returncode, proc.stdout) == (2, b"")
    assert one_line(proc.stderr.decode("ascii")) == (
        f"pasyans show: standard output cannot write '{shown}' ({encoding}): "
        "set PYTHONIOENCODING=utf-8"
    )


def test_show_ascii_is_plain_ascii(tmp_path: Path) -> None:
    proc = pasyans_in(tmp_path, "show", "golf", "--ascii", PYTHONIOENCODING="ascii")
    assert (proc.returncode, proc.stderr) == (0, b"")
    lines = proc.stdout.decode("ascii").splitlines()
    assert (lines[0], lines[-1]) == (
        "golf - seed 1 - the first position where the player decides",
        "stock 16 - phase play - in progress",
    )


def test_a_long_unreadable_move_is_quoted_not_echoed(capsys, tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("x" * 500 + " a b c\n", encoding="utf-8")
    code, out, err = run(capsys, "play", "golf", "--moves", str(moves))
    quoted = f"'{'x' * 40}'… (506 characters)"
    assert (code, out) == (1, "")
    assert one_line(err) == (
        f"pasyans play: {moves}:1: move {quoted} is illegal: cannot read {quoted}: expected "
        "'source card target' (e.g. 'columns.3 QS foundations.2') or one of deal, turn, "
        "recycle, redeal"
    )


def test_the_page_cache_reads_only_tesseract_s_tsv(tmp_path: Path, monkeypatch) -> None:
    """A named pipe where an entry was blocked the OCR for ever; a file that is not a TSV
    was taken for the page's words (none). Both are a miss, and the page is read again."""
    import threading

    from pipeline.ocr import tesseract
    from pipeline.ocr.run import Cache

    monkeypatch.setattr(tesseract, "version", lambda: "tesseract 5.3.0")
    cache = Cache(tmp_path)
    tsv = "\t".join(["level", "page_num", "block_num", "par_num", "line_num", "word_num"]) + "\t"
    tsv += "\t".join(["left", "top", "width", "height", "conf", "text"]) + "\n"
    cache.put("page", "rus", tsv)
    assert cache.get("page", "rus") == tsv
    (entry,) = tmp_path.rglob("*.tsv")
    entry.write_text('{"garbage', encoding="utf-8")
    assert cache.get("page", "rus") is None
    entry.unlink()
    os.mkfifo(entry)
    got: list[object] = []
    reader = threading.Thread(target=lambda: got.append(cache.get("page", "rus")), daemon=True)
    reader.start()
    reader.join(timeout=30)
    assert got == [None]
