"""Bad input never gives a traceback: random garbage and near-valid mutations of real files, for
transcripts, PBN and LIN. What a reader refuses is said in one sentence, and nothing of a refused
hand is stored. Names and notes full of quotes, SQL, HTML and control characters are stored and
exported exactly."""

from __future__ import annotations

import sqlite3
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import example
from realdata import REALDATA
from formats import lin, pbn
from recorder.application import HandRecorder
from recorder.domainmodel import Hand
from handrec.export import export
from bridge.messages import TranscriptError
from formats.transcript import parse
from test_cli import HANDREC

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=400)

BASE_TRANSCRIPT = example("law85-answer-yes-corrected")
BASE_PBN = (REALDATA / "ContractBridge__pbn-files" / "1997-European_Team_Championship" / "Fnoito25.pbn")
BASE_LIN = (REALDATA / "forrestrice__bridge-bots" / "bridgebots" / "tests" / "resources" / "usbf_sf_14502.lin")
PBN_TEXT = BASE_PBN.read_text(encoding="latin-1")[:6000] if BASE_PBN.exists() else example("law83-quit-by-winners")
LIN_TEXT = BASE_LIN.read_text(encoding="latin-1")[:4000] if BASE_LIN.exists() else "md|1SAKQ,,,|"


@st.composite
def mutated(draw, base: str):
    """A near-valid text: the base with a few characters or lines deleted, doubled, swapped or replaced."""
    text = base
    for _ in range(draw(st.integers(1, 6))):
        if not text:
            break
        i = draw(st.integers(0, len(text) - 1))
        op = draw(st.sampled_from(["delete", "insert", "replace", "duplicate-line", "swap-lines"]))
        if op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 20)):]
        elif op == "insert":
            text = text[:i] + draw(st.text(max_size=8)) + text[i:]
        elif op == "replace":
            text = text[:i] + draw(st.sampled_from(list('|[]"{};*-^=$%#\\\n\r\t\x00\x1b ') + ["10", "SA", "S", "Z"])) + text[i + 1:]
        else:
            lines = text.split("\n")
            j, k = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            if op == "duplicate-line":
                lines.insert(j, lines[k])
            else:
                lines[j], lines[k] = lines[k], lines[j]
            text = "\n".join(lines)
    return text


@pytest.fixture(scope="module")
def fuzz_recorder(tmp_path_factory) -> HandRecorder:
    return HandRecorder(str(tmp_path_factory.mktemp("fuzzstore") / "h.db"))


def record_or_refuse(lines) -> None:
    """Build the hand as recording does: refused with a TranscriptError, or whole."""
    hand = Hand.open(lines[0])
    for line in lines[1:]:
        hand.record(line)
    hand.collect_events()


@FUZZ
@given(text=st.one_of(TEXT, mutated(BASE_TRANSCRIPT)))
def test_transcripts_are_read_or_refused_in_one_sentence(fuzz_recorder, text):
    before = set(fuzz_recorder.hand_ids())
    try:
        fuzz_recorder.record(text, file="fuzz.hand")
    except TranscriptError as e:
        message = str(e)
        assert message.startswith("fuzz.hand") and "\n" not in message.strip() and message.endswith(".")
        assert set(fuzz_recorder.hand_ids()) == before  # nothing of a refused transcript is stored


@FUZZ
@given(text=st.one_of(TEXT, mutated(PBN_TEXT)))
def test_pbn_is_read_or_refused_board_by_board(text):
    for board in pbn.boards(text, "fuzz.pbn"):
        if board.problem:
            assert isinstance(board.problem, str) and board.problem
            continue
        try:
            record_or_refuse(board.lines)
        except TranscriptError as e:
            assert e.reason


@FUZZ
@given(text=st.one_of(TEXT, mutated(LIN_TEXT)))
def test_lin_is_read_or_refused_board_by_board(text):
    for board in lin.boards(text, "fuzz.lin"):
        if board.problem:
            assert board.problem
            continue
        try:
            record_or_refuse(board.lines)
        except TranscriptError as e:
            assert e.reason


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(text=st.one_of(TEXT, mutated(BASE_TRANSCRIPT), mutated(PBN_TEXT)))
def test_the_command_never_shows_a_traceback(tmp_path_factory, text):
    d = tmp_path_factory.mktemp("fuzz")
    env = {"HANDREC_STORE": str(d / "h.db"), "PATH": "/usr/bin:/bin"}
    for name, command in (("x.hand", "record"), ("x.pbn", "import")):
        f = d / name
        f.write_bytes(text.encode("utf-8", "surrogatepass"))
        p = subprocess.run([HANDREC, command, str(f)], capture_output=True, text=True, env=env)
        assert "Traceback" not in p.stderr, p.stderr
        assert p.returncode in (0, 1), p.stderr
        if p.returncode:
            assert p.stderr.startswith("handrec: ")


def test_a_refused_transcript_stores_nothing(store):
    app = HandRecorder(store)
    bad = BASE_TRANSCRIPT.replace("play E S2", "play E SA")  # West's ace, already played
    try:
        app.record(bad, "bad.hand")
    except TranscriptError as e:
        assert "line" in str(e)
    assert app.hand_ids() == []


NASTY = ["O'Brien \"the Sphinx\"", "'; drop table hands; --", "<script>alert('x')</script>",
         "tab\tand\x07bell and \x1b[31mred", "ünïcödé ♠♥♦♣ 中文", "back\\slash {braces} [brackets] | pipes"]


def test_notes_and_names_with_quotes_sql_html_and_control_characters_are_kept_exactly(store, tmp_path):
    app = HandRecorder(store)
    lines = ["hand nasty.one_2/x", "dealer S"] + [f"note by=\"O'Neil-{i}\" {text}" for i, text in enumerate(NASTY)]
    app.record("\n".join(lines) + "\n")
    stored = [e for e in app.hand_events("nasty.one_2/x") if type(e).__name__ == "NoteMade"]
    expected = [" ".join(t.split()) for t in NASTY]  # words are separated by spaces (docs/transcripts.md)
    assert [e.text for e in stored] == expected
    assert [e.author for e in stored] == [f"O'Neil-{i}" for i in range(len(NASTY))]
    db = str(tmp_path / "analysis.db")
    export(app, db, app.store_name)
    conn = sqlite3.connect(db)
    assert [r[0] for r in conn.execute("select text from notes order by event")] == expected
    assert conn.execute("select count(*) from hands").fetchone()[0] == 1  # no table was dropped
    assert conn.execute("select id from hands").fetchone()[0] == "nasty.one_2/x"
    conn.close()


def test_hand_ids_that_could_break_out_are_refused():
    for bad in ("../../etc/passwd x", "a;b", "a'b", "<b>", "a\x00b"):
        try:
            parse(f"hand {bad}\n", file="ids.hand")
        except TranscriptError as e:
            assert "is not a hand id" in str(e) or "is not an option" in str(e)
        else:
            raise AssertionError(f"hand id {bad!r} was accepted")


def test_archive_names_with_quotes_sql_and_html_are_kept_exactly(store, tmp_path):
    from recorder.importer import import_files
    from test_pbn import GAME

    nasty = 'Club "O\'Hara" \'; drop table hands; -- <b>&amp;</b>'
    escaped = nasty.replace('"', '\\"')  # PBN: a quote inside a tag value is written \"
    f = tmp_path / "nasty.pbn"
    f.write_text(GAME.replace('[Event "Club night"]', f'[Event "{escaped}"]'))
    app = HandRecorder(store)
    assert import_files(app, [str(f)]).hands_added == 2
    db = str(tmp_path / "analysis.db")
    export(app, db, app.store_name)
    conn = sqlite3.connect(db)
    names = [r[0] for r in conn.execute("select event_name from hands order by id")]
    conn.close()
    assert names == [nasty, nasty]  # the second game inherits it ("#")
