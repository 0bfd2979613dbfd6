"""The faster store (recorder/persistence.py) writes what eventsourcing's defaults write, and numbers
notifications as the store does: stores written before and after read the same."""

from __future__ import annotations

import random
import re
import sqlite3

import pytest
from eventsourcing.application import Application
from hypothesis import given, settings
from hypothesis import strategies as st
from eventsourcing.persistence import DatetimeAsISO, DecimalAsStr, JSONTranscoder, Mapper, UUIDAsHex

from conftest import events_of
from expectations import EXAMPLES
from bench.play import random_transcript
from recorder.application import HandRecorder
from bridge.lines import KINDS
from recorder.domainmodel import Hand
from recorder.persistence import BatchSQLiteApplicationRecorder, HandMapper, HandTranscoder
from formats.transcript import parse


def _stock_mapper() -> Mapper:
    transcoder = JSONTranscoder()
    for transcoding in (UUIDAsHex(), DecimalAsStr(), DatetimeAsISO()):
        transcoder.register(transcoding)
    return Mapper(transcoder=transcoder)


def _fast_mapper() -> HandMapper:
    transcoder = HandTranscoder()
    Application.register_transcodings(None, transcoder)  # type: ignore[arg-type]
    return HandMapper(transcoder=transcoder)


def same(ours, theirs) -> bool:
    """The same stored event: its hand, its position, its topic, its bytes (ours is a `StoredRow`,
    the library's a `StoredEvent`: the same four fields)."""
    return ((ours.originator_id, ours.originator_version, ours.topic, bytes(ours.state))
            == (theirs.originator_id, theirs.originator_version, theirs.topic, bytes(theirs.state)))


def test_every_event_of_every_example_is_written_byte_for_byte_as_eventsourcing_writes_it():
    stock, fast = _stock_mapper(), _fast_mapper()
    kinds = set()
    texts = {path.name: path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.hand"))}
    texts["the kinds the examples lack"] = (
        "hand extra rubber=club-1\ndealer N\nhonors N SA SK\nvoid E C\n"
        "note by=Director a \"note\" with ünïcode and a tab\tin it\ncorrect extra NS trick 30\nagree\n"
        "tag North Anne Smith\ntag Date 2026-11-30\nfind by=TD the trick was quitted by NS\n"
        "appeal by=AC-Chair the director's ruling stands\n")
    accounts = {"a second account, and a correction of what it shares": _second_account_events()}
    for name, events in [*((name, events_of(text)) for name, text in texts.items()), *accounts.items()]:
        for event in events:
            ours, theirs = fast.to_stored_event(event), stock.to_stored_event(event)
            assert same(ours, theirs), (name, event)
            assert same(fast.to_stored_event(event), theirs), (name, event)  # (again: from what was kept)
            assert fast.to_domain_event(ours) == event
            kinds.add(type(event).__name__)
    assert kinds == {k.event for k in KINDS.values()}


def _second_account_events() -> list:
    """A second account's own events (recorder.accounts), made as recording makes them: opened from
    its first at event 8, a correction of a shared event made in the first reaching it."""
    first_lines = parse((EXAMPLES / "law83-quit-by-winners.hand").read_text(encoding="utf-8"))
    first = Hand.open(first_lines[0])
    first.record_lines(first_lines[1:])
    first.collect_events()
    account = Hand.open(parse("hand east branch=law83-quit-by-winners@8 ruleset=auction-1912\n")[0])
    account.attach(first)
    account.record_lines(parse("hand east\nwithdraw E C9\nplay E S2\n")[1:])
    first.correct(parse("hand x\namend 6 by=TD play N ST -- it was the ten\n")[1:])
    account.share(first.hand_id, len(first.lines))
    return list(account.collect_events())


def test_events_that_share_a_timestamp_and_events_that_do_not_are_written_alike():
    stock, fast = _stock_mapper(), _fast_mapper()
    lines = parse("hand shared\ndealer N\ncontract 1S by N\nnote by=Director \"quoted\" ünïcode\ncut\n")
    hand = Hand.open(lines[0])
    now = Hand.Event.create_timestamp()
    for line in lines[1:]:
        hand.record(line, now)  # one act of recording: one time
    hand.record(parse("hand shared\nagree\n")[1])  # later, on its own: its own time
    events = hand.collect_events()
    assert events[1].timestamp is events[4].timestamp and events[5].timestamp is not now
    for event in events:
        assert same(fast.to_stored_event(event), stock.to_stored_event(event))


def test_an_event_with_the_line_of_one_kept_and_other_fields_is_written_from_its_own():
    """The bytes kept by an event's class and line are written only for the fields they were
    written for (`HandMapper`): the same line with another field is written from its fields."""
    stock, fast = _stock_mapper(), _fast_mapper()
    events = events_of("hand odd\ndealer N\ncontract 1S by N\nplay E SA\n")
    played = events[3]
    assert same(fast.to_stored_event(played), stock.to_stored_event(played))
    other = Hand.CardPlayed(originator_id=played.originator_id, originator_version=4, timestamp=played.timestamp,
                            seat="W", cards=["SK"], line="play E SA")
    assert same(fast.to_stored_event(other), stock.to_stored_event(other))
    assert b'"seat":"W"' in fast.to_stored_event(other).state


def test_the_bytes_kept_are_written_only_for_values_of_the_same_types_and_order():
    """Equal is not enough: 0 is written `0` where False is written `false`, a dict in its order, and
    a list changed after its event was written is written as it is then."""
    stock, fast = _stock_mapper(), _fast_mapper()
    events = events_of("hand odd\ndealer N\ncontract 1S by N\nplay E SA\nwithdraw E SA\n")
    played, withdrawn = events[3], events[4]
    fast.to_stored_event(withdrawn)
    zero = Hand.CardWithdrawn(originator_id=withdrawn.originator_id, originator_version=5,
                              timestamp=withdrawn.timestamp, seat="E", card="SA", misinformed=0,
                              not_named=False, line=withdrawn.line)
    assert same(fast.to_stored_event(zero), stock.to_stored_event(zero))
    fast.to_stored_event(played)
    played.cards.append("SK")  # (an event is never changed; the memo does not rely on it)
    assert same(fast.to_stored_event(played), stock.to_stored_event(played))
    opened = events[0]
    fast.to_stored_event(opened)
    reordered = type(opened)(**{**vars(opened), "options": dict(reversed(list({"a": "1", "b": "2"}.items())))})
    first = type(opened)(**{**vars(opened), "options": {"a": "1", "b": "2"}})
    assert same(fast.to_stored_event(first), stock.to_stored_event(first))
    assert same(fast.to_stored_event(reordered), stock.to_stored_event(reordered))


def test_the_bytes_kept_are_bounded_the_oldest_line_forgotten():
    """The mapper keeps at most 4,096 lines' bytes: a new line then takes the oldest one's place,
    and every event is still written as eventsourcing writes it."""
    stock, fast = _stock_mapper(), _fast_mapper()
    events = events_of("hand odd\ndealer N\ncontract 1S by N\n"
                       + "".join(f"note number {i}\n" for i in range(4100)) + "play E SA\n")
    for event in events:
        assert same(fast.to_stored_event(event), stock.to_stored_event(event))
    kept = fast._tails  # (the memo itself: its bound)
    assert len(kept) == 4096 and (type(events[-1]), "play E SA") in kept
    assert (type(events[0]), events[0].line) not in kept  # (the oldest, forgotten)
    assert same(fast.to_stored_event(events[0]), stock.to_stored_event(events[0]))


def test_the_batch_recorder_numbers_notifications_as_the_store_does(tmp_path):
    app = HandRecorder(str(tmp_path / "hands.db"))
    assert isinstance(app.recorder, BatchSQLiteApplicationRecorder)
    app.record("hand first\ndealer N\ncontract 1S by N\n")
    hand, _ = app.prepare(parse("hand second\ndealer E\ncontract 2H by E\ncut\n"))
    stored = [app.mapper.to_stored_event(e) for e in hand.pending_events]
    ids = app.recorder.insert_events(stored)
    rows = sqlite3.connect(str(tmp_path / "hands.db")).execute(
        "select rowid, originator_version from stored_events where originator_id = ? order by rowid",
        (stored[0].originator_id.hex,)).fetchall()
    assert list(ids) == [rowid for rowid, _ in rows] == [4, 5, 6, 7]
    notifications = app.recorder.select_notifications(start=4, limit=10)
    assert [n.id for n in notifications] == [4, 5, 6, 7]
    assert [n.originator_version for n in notifications] == [1, 2, 3, 4]


def test_an_event_whose_fields_are_not_its_class_plan_is_written_the_library_way():
    stock, fast = _stock_mapper(), _fast_mapper()
    events = events_of("hand odd\ndealer N\ncontract 1S by N\n")
    fast.to_stored_event(events[1])  # the plan for DealerNamed is made
    renamed = Hand.DealerNamed(originator_id=events[1].originator_id, originator_version=2,
                               timestamp=events[1].timestamp, seat="N", line="dealer N")
    object.__setattr__(renamed, "extra", "kept")  # one field more than the plan knows
    assert same(fast.to_stored_event(renamed), stock.to_stored_event(renamed))
    assert b'"extra":"kept"' in fast.to_stored_event(renamed).state


def test_a_field_that_held_text_and_holds_something_else_is_written_the_library_way():
    stock, fast = _stock_mapper(), _fast_mapper()
    events = events_of("hand odd\ndealer N\ncontract 1S by N\n")
    fast.to_stored_event(events[1])  # the plan for DealerNamed: seat is text
    other = Hand.DealerNamed(originator_id=events[1].originator_id, originator_version=2,
                             timestamp=events[1].timestamp, seat=None, line="dealer N")  # type: ignore[arg-type]
    assert same(fast.to_stored_event(other), stock.to_stored_event(other))


def test_which_hands_the_store_holds_is_asked_at_once(store):
    app = HandRecorder(store)
    app.record("hand first\ndealer N\n")
    app.record("hand second\ndealer E\n")
    many = [f"absent-{i}" for i in range(1200)]  # more than one query's worth of names
    assert app.stored_among(["first", "nowhere", "second", *many]) == {"first", "second"}
    assert app.stored_among([]) == set()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), irregular=st.sampled_from([0.0, 0.3]))
def test_random_hands_are_written_byte_for_byte_as_eventsourcing_writes_them(seed, irregular):
    stock, fast = _stock_mapper(), _fast_mapper()
    text = random_transcript(random.Random(seed), irregular=irregular)
    lines = parse(text)
    hand = Hand.open(lines[0])
    now = Hand.Event.create_timestamp()
    for line in lines[1:]:
        hand.record(line, now)
    for event in hand.collect_events():
        ours = fast.to_stored_event(event)
        assert same(ours, stock.to_stored_event(event))
        assert fast.to_domain_event(ours) == event


def test_rows_inserted_several_statements_a_transaction_are_those_executemany_inserts(tmp_path, monkeypatch):
    """The store inserts ROWS_A_STATEMENT rows a statement; a transaction of more rows than that
    (here three a statement, the last statement shorter) stores every row, in order, at the rowids
    `executemany` would give them, in the foreground (`save_hands`) and by the commit thread of an
    import (`save_hands_in_background`) alike."""
    import recorder.persistence as persistence

    monkeypatch.setattr(persistence, "ROWS_A_STATEMENT", 3)
    texts = [random_transcript(random.Random(seed)).replace("hand ", f"hand t{seed}-", 1) for seed in range(4)]
    rows_of = {}
    for how in ("executemany", "now", "in the background"):
        store = str(tmp_path / f"{how.replace(' ', '-')}.db")
        app = HandRecorder(store)
        hands = [app.prepare(parse(text))[0] for text in texts]
        stored = [app.mapper.to_stored_event(e) for hand in hands for e in hand.pending_events]
        if how == "executemany":
            with sqlite3.connect(store) as conn:
                conn.executemany("INSERT INTO stored_events VALUES (?,?,?,?)", persistence._rows(stored))
        elif how == "now":
            app.save_hands(hands)
        else:
            app.save_hands_in_background(hands)()
        with sqlite3.connect(store) as conn:  # (each row's time, that of its hand's preparing, left out)
            rows_of[how] = [(*row[:4], re.sub(rb'"_data_":"[^"]*"', b"", row[4])) for row in conn.execute(
                "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events ORDER BY rowid")]
    assert len(rows_of["executemany"]) == len(stored) > 3 * 10 and len(stored) % 3
    assert rows_of["now"] == rows_of["in the background"] == rows_of["executemany"]


def test_an_insert_refused_in_the_commit_thread_stores_nothing_and_is_said_when_waited_for(tmp_path):
    """The commit thread's insert meets a row stored meanwhile at one of its positions: nothing of
    the transaction is stored, and `done` says so as `save_hands` would (StoreError)."""
    from recorder.errors import StoreError

    store = str(tmp_path / "hands.db")
    first, second = HandRecorder(store), HandRecorder(store)
    text = random_transcript(random.Random(7))
    other = random_transcript(random.Random(8)).replace("hand ", "hand other-", 1)
    hand, _ = first.prepare(parse(text))
    unrelated, _ = first.prepare(parse(other))
    second.record(text)  # the same hand, stored first by another recorder
    done = first.save_hands_in_background([unrelated, hand])
    with pytest.raises(StoreError, match="changed in the store while these events were being recorded"):
        done()
    with sqlite3.connect(store) as conn:
        assert conn.execute("SELECT count(*) FROM stored_events WHERE originator_id = ?",
                            (unrelated.id.hex,)).fetchone() == (0,)


def test_a_store_that_binds_fewer_values_a_statement_takes_as_many_rows_a_statement(tmp_path, monkeypatch):
    """An SQLite whose limit of values a statement binds is lower than the default (a build's
    SQLITE_MAX_VARIABLE_NUMBER, or a limit lowered at run time: 999 here) is asked its limit, and
    its statements hold a quarter of it in rows: an import and a hand of 300 events are stored."""
    from eventsourcing import sqlite as es
    from recorder.importer import import_files
    from recorder.persistence import rows_a_statement
    from bench.generate_archive import write

    made = es.SQLiteConnectionPool._create_connection

    def limited(self):  # (the library's connection, its sqlite3 connection's limit lowered)
        connection = made(self)
        connection._sqlite_conn.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 999)
        return connection

    monkeypatch.setattr(es.SQLiteConnectionPool, "_create_connection", limited)
    conn = sqlite3.connect(":memory:")
    conn.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 999)
    assert rows_a_statement(conn) == 249
    archive = tmp_path / "night.pbn"
    write(str(archive), 12, seed=4)
    app = HandRecorder(str(tmp_path / "hands.db"))
    report = import_files(app, [str(archive)])
    assert report.hands_added == 12 and not report.refused and report.events_added > 249 * 2
    recorded = app.record("hand long\ndealer N\ncontract 1S by N\n" + "".join(f"note n{i}\n" for i in range(300)))
    assert recorded.added == 303 and len(app.hand_events("long")) == 303
