"""The analysis database at archive scale, and nothing invented (issue 40, parts 1, 2 and 4).

- One board never stops the export: a PBN end position (four hands short at one event) is written
  with its four irregularities; a hand whose rows cannot be made is named with the reason, the
  others written, and tried again by the next run.
- The unique keys of every table hold every row a stored hand can give (a property over generated
  irregular hands), and a database made with the narrower keys is made again.
- A real `handrec export` killed mid-way (SIGKILL) and run again equals an uninterrupted export.
- The folds the export takes for a hand played in order give the rows the whole fold gives.
- `source_result` only what the source says, a score of an unfinished play null, and `export-pbn`
  writes no result the source never gave.

Real SQLite files; the real archives when present (tests/realdata.py), else the tests say why."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import handrec.export as export_module
import projections.analysis as analysis
from bench.play import random_transcript
from bridge.lines import parse_line
from bridge.messages import TranscriptError
from conftest import events_of
from expectations import EXAMPLES
from handrec.export import MARK, NOT_WRITTEN, SCHEMA, export, open_database
from handrec.reading import fold_events
from projections.analysis import TABLES, row_values, rows
from realdata import realdata, realdata_3
from recorder.application import HandRecorder
from recorder.domainmodel import Hand
from recorder.importer import archives_in, import_files
from recorder.rows import HandReader
from test_cli import HANDREC
from test_properties import DEALS, LINE

END_POSITION = ("timheilman__bridge-pbn", "spec", "resource", "reference_impl_tests", "correct_20.pbn")
NO_RESULT_LIN = ("yichijin__bridgescape", "data", "5229-1500472800", "40427255", "1193736381.lin")


def contents(path: str) -> dict[str, list[tuple]]:
    """Every table's rows, sorted, the hands not written and the position: 'the same database'."""
    conn = sqlite3.connect(path)
    try:
        out = {t: sorted(conn.execute(f"select * from [{t}]").fetchall(), key=repr) for t in (*TABLES, NOT_WRITTEN)}
        out[MARK] = conn.execute(f"select store, position from {MARK}").fetchall()
        return out
    finally:
        conn.close()


def run(*args: str, store: str) -> subprocess.CompletedProcess:
    return subprocess.run([HANDREC, *args], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "HANDREC_STORE": store})


# ------------------------------------------------------------------ one board never stops it

def test_a_pbn_end_position_is_written_with_its_four_short_hands(tmp_path):
    archive = realdata_3(*END_POSITION)
    store = str(tmp_path / "s.db")
    import_files(HandRecorder(store), [str(archive)])
    db = str(tmp_path / "a.db")
    p = run("export", db, store=store)
    assert p.returncode == 0, p.stderr
    conn = sqlite3.connect(db)
    stored = len(HandRecorder(store).hand_ids())
    assert conn.execute("select count(*) from hands").fetchone()[0] == stored
    short = conn.execute("select hand_id, number, event, seat from irregularities where kind = 'short-hand' "
                         "and hand_id like '%/g31' order by number").fetchall()
    assert [r[3] for r in short] == ["N", "E", "S", "W"] and len({r[2] for r in short}) == 1, short
    assert [r[1] for r in short] == sorted({r[1] for r in short})


def _corrupt(store: str, hand_id: str, number: int) -> bytes:
    """Event `number` of the hand made unreadable in the SQLite store; its state as it was."""
    from recorder.ids import hand_uuid

    conn = sqlite3.connect(store)
    key = hand_uuid(hand_id).hex
    (state,) = conn.execute("select state from stored_events where originator_id = ? and originator_version = ?",
                            (key, number)).fetchone()
    with conn:
        conn.execute("update stored_events set state = ? where originator_id = ? and originator_version = ?",
                     (b"{not json", key, number))
    conn.close()
    return state


def _repair(store: str, hand_id: str, number: int, state: bytes) -> None:
    from recorder.ids import hand_uuid

    conn = sqlite3.connect(store)
    with conn:
        conn.execute("update stored_events set state = ? where originator_id = ? and originator_version = ?",
                     (state, hand_uuid(hand_id).hex, number))
    conn.close()


def test_a_hand_that_cannot_be_written_is_named_the_others_written_and_the_next_run_tries_it_again(tmp_path):
    store = str(tmp_path / "s.db")
    app = HandRecorder(store)
    names = ["law83-quit-by-winners", "law89-both-sides-revoke", "law85-answer-yes-corrected"]
    for name in names:
        app.record((EXAMPLES / f"{name}.hand").read_text())
    ids = app.hand_ids()
    broken = ids[1]
    state = _corrupt(store, broken, 3)
    db = str(tmp_path / "a.db")
    p = run("export", db, store=store)
    assert p.returncode == 1 and "Traceback" not in p.stderr, p.stderr
    assert f"handrec: hand '{broken}' was not written: event 3 of hand '{broken}' is corrupted" in p.stderr
    assert "1 hand not written" in p.stdout
    conn = sqlite3.connect(db)
    assert sorted(r[0] for r in conn.execute("select id from hands")) == sorted(set(ids) - {broken})
    assert conn.execute(f"select hand_id from {NOT_WRITTEN}").fetchall() == [(broken,)]
    conn.close()
    p = run("export", db, store=store)  # nothing new, the hand still unreadable: said again
    assert p.returncode == 1 and broken in p.stderr
    _repair(store, broken, 3, state)
    p = run("export", db, store=store)
    assert p.returncode == 0 and not p.stderr, p.stderr
    fresh = str(tmp_path / "fresh.db")
    export(app, fresh, app.store_name)
    assert contents(db) == contents(fresh)
    assert contents(db)[NOT_WRITTEN] == []


def test_a_hand_whose_fold_fails_is_named_and_the_others_written(tmp_path, monkeypatch):
    store = str(tmp_path / "s.db")
    app = HandRecorder(store)
    for name in ["law83-quit-by-winners", "law89-both-sides-revoke"]:
        app.record((EXAMPLES / f"{name}.hand").read_text())
    bad = app.hand_ids()[0]
    fold = export_module.row_values

    def failing(events, **kw):
        events = list(events)
        if events[0][2]["hand_id"] == bad:  # (an SQLite store's hand comes as its acts: number, kind, words, line)
            raise KeyError("a fold's fault")
        return fold(events, **kw)

    monkeypatch.setattr(export_module, "row_values", failing)
    report = export(app, str(tmp_path / "a.db"), app.store_name)
    assert report.refusals() == [f"hand '{bad}' was not written: its rows could not be made (KeyError: \"a fold's fault\")"]
    assert report.hands == 1


def test_a_database_with_the_narrower_keys_is_made_again(tmp_path):
    store = str(tmp_path / "s.db")
    app = HandRecorder(store)
    for name in ["law83-quit-by-winners", "dup17-l45d-dummy-card-not-named"]:
        app.record((EXAMPLES / f"{name}.hand").read_text())
    db = str(tmp_path / "old.db")
    export(app, db, app.store_name)
    conn = sqlite3.connect(db)  # as an earlier version made it: unique on (hand, event, kind), no number
    with conn:
        conn.execute("drop table irregularities")
        conn.execute("create table irregularities (hand_id text references hands(id), event integer, kind text, "
                     "seat text, trick integer, laws text, explanation text, primary key (hand_id, event, kind))")
        conn.execute(f"drop table {NOT_WRITTEN}")
    conn.close()
    export(app, db, app.store_name)
    fresh = str(tmp_path / "fresh.db")
    export(app, fresh, app.store_name)
    assert contents(db) == contents(fresh)
    assert sqlite3.connect(db).execute("select count(*) from irregularities").fetchone()[0] > 0


# ------------------------------------------------------------------ the keys hold every row

SHORT_DEALS = st.sampled_from([
    "deal N:A.K.Q. K.Q.J. Q.J.T. J.T.9.",  # an end position: every hand short
    "deal N:AK.. QJ.. T9.. 87..",
])


def _hand_of(deal: str, contract: str, options: str, lines: list[str]) -> list:
    hand = Hand.open(parse_line(f"hand fuzz {options}"))
    for text in ["dealer S", deal, contract, "tag Vulnerable None", *lines]:
        try:
            line = parse_line(text)
            if line is not None:
                hand.record(line)
        except TranscriptError:
            continue
    return list(hand.collect_events())


def _keys_hold(events: list, db) -> None:
    out = rows(events)
    for name, (columns, pk) in SCHEMA.items():
        keys = (pk,) if isinstance(pk, str) else pk
        seen = Counter(tuple(r[k] for k in keys) for r in out[name])
        assert all(n == 1 for n in seen.values()), (name, [k for k, n in seen.items() if n > 1], out[name])
        assert not [c for r in out[name] for c in r if c not in columns], name
    with db.conn:
        assert export_module._write_hands(db, [("k", row_values(events))]) == {}
    hand = out["hands"][0]["id"]
    for name in TABLES:
        column = "id" if name == "hands" else "hand_id"
        assert db.execute(f"select count(*) from [{name}] where {column} = ?", [hand]).fetchone()[0] == len(out[name])


@pytest.fixture(scope="module")
def analysis_db(tmp_path_factory):
    db = open_database(str(tmp_path_factory.mktemp("keys") / "a.db"), "test")
    yield db
    db.close()


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(deal=st.one_of(DEALS, SHORT_DEALS),
       contract=st.sampled_from(["contract 4H by S", "contract 3NT by E", "contract 1R by N", ""]),
       options=st.sampled_from(["", "quitting=strict", "wrong-no=next-trigger called-card=revoke",
                                "ruleset=duplicate-2017", "ruleset=duplicate-2007"]),
       lines=st.lists(LINE, max_size=60))
def test_the_keys_of_every_table_hold_every_row_of_a_generated_irregular_hand(analysis_db, deal, contract,
                                                                            options, lines):
    if options.startswith("ruleset=duplicate") and "1R" in contract:
        return  # (no royal spades in duplicate)
    _keys_hold(_hand_of(deal, contract, options, lines), analysis_db)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), irregular=st.sampled_from([0.2, 0.5, 0.9]))
def test_the_keys_hold_every_row_of_a_random_irregular_play(analysis_db, seed, irregular):
    _keys_hold(events_of(random_transcript(random.Random(seed), irregular=irregular)), analysis_db)


def test_the_rows_a_generated_hand_gave_twice_one_key_are_all_written(analysis_db):
    # Found by the property: a trick quitted without three players' cards is three missed-trick
    # irregularities at one event, and a card played again to trick 13 is two at one event, one seat.
    events = _hand_of("deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432",
                      "contract 4H by S", "ruleset=duplicate-2017", ["play W H2", "quit EW", "play W H3"])
    out = rows(events)
    assert Counter((r["event"], r["kind"]) for r in out["irregularities"]).most_common(1)[0][1] > 1
    _keys_hold(events, analysis_db)


# ------------------------------------------------------------------ the fold of a hand played in order

def _both_folds(events: list, monkeypatch) -> tuple[dict, dict]:
    fast = rows(events)
    with monkeypatch.context() as m:
        m.setattr(analysis, "played_in_order", lambda e: False)
        whole = rows(events)
    return fast, whole


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1))
def test_a_hand_played_in_order_gives_the_rows_of_the_whole_fold(monkeypatch, seed):
    events = events_of(random_transcript(random.Random(seed), irregular=0.0))
    fast, whole = _both_folds(events, monkeypatch)
    assert fast == whole


@pytest.mark.slow
def test_every_real_hand_played_in_order_gives_the_rows_of_the_whole_fold(tmp_path, monkeypatch):
    store = str(tmp_path / "s.db")
    import_files(HandRecorder(store), archives_in([str(realdata_3())]))
    differ, n = [], 0
    with HandReader(sqlite3.connect(store)) as reader:
        for hand_id in reader.hand_ids():
            read = reader.read(hand_id)
            if not read or not analysis.played_in_order(fold_events(read)):
                continue
            n += 1
            fast, whole = _both_folds(fold_events(read), monkeypatch)
            if fast != whole:
                differ.append(hand_id)
    assert n > 12_000 and not differ, differ[:5]


# ------------------------------------------------------------------ killed mid-way, run again

def _position(path: str) -> int:
    if not Path(path).exists():
        return -1
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute(f"select position from {MARK}").fetchone()[0]
    except (sqlite3.Error, TypeError):
        return -1
    finally:
        conn.close()


@pytest.mark.slow
def test_a_real_export_killed_mid_way_and_run_again_equals_an_uninterrupted_one(tmp_path):
    files = [realdata_3(*END_POSITION), realdata_3("sihengz02__bridge-lin2json-parser"),
             realdata("ContractBridge__pbn-files", "1997-European_Team_Championship")]
    store = str(tmp_path / "s.db")
    import_files(HandRecorder(store), archives_in([str(f) for f in files]))
    fresh = str(tmp_path / "fresh.db")
    p = run("export", fresh, store=store)
    assert p.returncode == 0, p.stderr
    final = _position(fresh)
    rng = random.Random(40)
    cut_short = 0
    for attempt in range(3):
        db = str(tmp_path / f"killed{attempt}.db")
        p = subprocess.Popen([HANDREC, "export", db, "--batch", "300"], env={**os.environ, "HANDREC_STORE": store},
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while p.poll() is None and _position(db) <= 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.5))
        p.send_signal(signal.SIGKILL)
        p.wait()
        cut_short += 0 <= _position(db) < final
        again = run("export", db, "--batch", "300", store=store)
        assert again.returncode == 0, again.stderr
        assert contents(db) == contents(fresh)
    assert cut_short, "the kill came after the export had finished every time"


# ------------------------------------------------------------------ nothing invented

def test_a_bbo_play_that_stops_with_no_result_has_no_source_result_no_score_and_no_pbn_result(tmp_path):
    archive = realdata_3(*NO_RESULT_LIN)  # 2NT by North, 45 cards played, no mc|
    store = str(tmp_path / "s.db")
    import_files(HandRecorder(store), [str(archive)])
    db = str(tmp_path / "a.db")
    assert run("export", db, store=store).returncode == 0
    row = sqlite3.connect(db).execute("select id, contract, result, complete, source_result, duplicate_ns, "
                                      "tricks_ns, tricks_ew, NS_trick, NS_honor, EW_trick, EW_honor "
                                      "from hands").fetchone()
    # (declarer had won 6 tricks when the record stops: no result, so none of it is given as one)
    assert row[1:] == ("2NT", None, 0, None, None) + (None,) * 6, row
    tricks = sqlite3.connect(db).execute("select count(*), sum(winner in ('N', 'S')) from tricks").fetchone()
    assert tricks == (12, 6)  # (the tricks played are still there, each with its winner, in `tricks`)
    pbn = run("export-pbn", row[0], store=store).stdout
    assert '[Result "?"]' in pbn and '[Result "6"]' not in pbn


LIN_BOARD = ("pn|S,W,N,E|st||md|3S345H567QD37TC456,S67H39TD289JC2TQA,S2TJAHJAD46QAC3JK,|rh||ah|Board 1|sv|o|"
             "mb|2N|mb|p|mb|p|mb|p|pg||pc|C9|pc|C4|pc|CA|pc|C3|pg||pc|C2|pc|CJ|pc|C7|pc|C5|pg||{end}\n")


@pytest.mark.parametrize("end, source_result, result, duplicate", [
    ("", None, None, None),  # two tricks played, no claim: the source says no result, nor does the record
    ("mc|9|", 9, 9, 150),  # BBO's claim: declarer's side ends with nine tricks
])
def test_source_result_is_the_sources_own_or_null(tmp_path, end, source_result, result, duplicate):
    archive = tmp_path / "one.lin"
    archive.write_text(LIN_BOARD.format(end=end))
    store = str(tmp_path / "s.db")
    app = HandRecorder(store)
    import_files(app, [str(archive)])
    db = str(tmp_path / "a.db")
    export(app, db, app.store_name)
    row = sqlite3.connect(db).execute("select source_result, result, duplicate_ns from hands").fetchone()
    assert row == (source_result, result, duplicate)
    pbn = run("export-pbn", app.hand_ids()[0], store=store).stdout
    assert f'[Result "{source_result if source_result is not None else "?"}"]' in pbn
