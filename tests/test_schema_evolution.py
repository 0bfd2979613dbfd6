"""A store written by the event classes of 2026-11-30 (tests/fixtures/store-v1.db) is read by
today's classes: NoteMade gained `author` (class_version 2), and its upcaster reads the old notes."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from projections.moment import rulings_at
from projections.events import as_events
from recorder.application import HandRecorder
from recorder.domainmodel import Hand

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "store-v1.db"


def test_the_fixture_holds_version_1_notes():
    conn = sqlite3.connect(f"file:{FIXTURE}?immutable=1", uri=True)  # writes nothing beside it
    states = [row[0] for row in conn.execute(
        "select state from stored_events where topic = 'recorder.domainmodel:Hand.NoteMade'")]
    conn.close()
    assert len(states) == 5
    assert all(b"author" not in s and b"class_version" not in s for s in states)


def test_old_notes_are_upcast_and_every_hand_still_rules(tmp_path):
    store = tmp_path / "store.db"
    shutil.copy(FIXTURE, store)
    app = HandRecorder(str(store))
    assert len(app.hand_ids()) == 8
    notes = [e for e in app.hand_events("notes-v1") if type(e).__name__ == "NoteMade"]
    assert [(e.text, e.author) for e in notes] == [("before the deal: a quiet table", ""),
                                                   ("West thinks for a minute", "")]
    assert Hand.NoteMade.class_version == 2
    # The old hands fold as before.
    r = rulings_at(app.hand_events("law83-quit-by-winners"), 9)
    assert r["revokes"][0]["status"] == "established"
    assert [e.kind for e in as_events(app.hand_events("notes-v1"))][:3] == ["hand", "dealer", "note"]


def test_a_new_note_with_an_author_beside_the_old_ones(tmp_path):
    store = tmp_path / "store.db"
    shutil.copy(FIXTURE, store)
    app = HandRecorder(str(store))
    app.add("notes-v1", "note by=director the board was fouled")
    notes = [e for e in HandRecorder(str(store)).hand_events("notes-v1") if type(e).__name__ == "NoteMade"]
    assert [(e.author, e.line) for e in notes][-1] == ("director", "note by=director the board was fouled")
    conn = sqlite3.connect(store)
    newest = conn.execute("select state from stored_events where topic like '%NoteMade' "
                          "order by rowid desc limit 1").fetchone()[0]
    conn.close()
    assert b'"class_version":2' in newest.replace(b" ", b"")


def test_old_withdrawals_are_upcast_not_misinformed_and_a_new_one_says_it(tmp_path):
    """CardWithdrawn gained `misinformed` (class_version 2, duplicate L47E): the fixture's withdrawal,
    stored before, reads as not misinformed, through the application and straight from the rows;
    a new `withdraw ... misinformed` is stored at version 2 and reads back as said."""
    from handrec.reading import fold_events
    from recorder.store import Store

    store = tmp_path / "store.db"
    shutil.copy(FIXTURE, store)
    app = HandRecorder(str(store))
    old = [(h, e) for h in app.hand_ids() for e in app.hand_events(h) if type(e).__name__ == "CardWithdrawn"]
    assert len(old) == 1 and old[0][1].misinformed is False
    hand = old[0][0]
    with Store.parse(str(store)).reader() as reader:
        direct = fold_events(reader.read(hand))
    assert [e.args["misinformed"] for e in direct if e.kind == "withdraw"] == [False]
    assert rulings_at(direct) == rulings_at(app.hand_events(hand))
    app.record("hand w47e ruleset=duplicate-2017\ndealer S\n"
                    "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\n"
                    "contract 4H by S\nplay W H2\nwithdraw W H2 misinformed\n")
    events = HandRecorder(str(store)).hand_events("w47e")
    assert [(e.misinformed, e.line) for e in events if type(e).__name__ == "CardWithdrawn"] == [
        (True, "withdraw W H2 misinformed")]
    with Store.parse(str(store)).reader() as reader:
        assert rulings_at(fold_events(reader.read("w47e"))) == rulings_at(events)


def test_withdrawals_stored_at_version_2_are_upcast_not_named_false_and_a_new_one_says_it(tmp_path):
    """CardWithdrawn gained `not_named` (class_version 3, duplicate L45D): a withdrawal stored at
    version 2 (misinformed, no not_named) reads as not not-named, through the application and
    straight from the rows; a new `withdraw N CARD not-named` is stored at version 3."""
    from handrec.reading import fold_events
    from recorder.store import Store

    store = str(tmp_path / "store.db")
    app = HandRecorder(store)
    app.record("hand w45d ruleset=duplicate-2017\ndealer S\n"
               "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\n"
               "contract 4H by S\nplay W H2\nwithdraw W H2 misinformed\nplay W H3\nplay N H9\nwithdraw N H9 not-named\n")
    conn = sqlite3.connect(store)
    rows = conn.execute("select rowid, state from stored_events where topic like '%CardWithdrawn' order by rowid").fetchall()
    assert [b'"class_version":3' in s for _, s in rows] == [True, True]
    first_id, first = rows[0]
    v2 = first.replace(b',"not_named":false', b"").replace(b'"class_version":3', b'"class_version":2')
    assert v2 != first and b"not_named" not in v2
    with conn:
        conn.execute("update stored_events set state = ? where rowid = ?", (v2, first_id))
    conn.close()
    events = HandRecorder(store).hand_events("w45d")
    assert [(e.misinformed, e.not_named, e.line) for e in events if type(e).__name__ == "CardWithdrawn"] == [
        (True, False, "withdraw W H2 misinformed"), (False, True, "withdraw N H9 not-named")]
    with Store.parse(store).reader() as reader:
        direct = fold_events(reader.read("w45d"))
    assert [(e.args["misinformed"], e.args["not_named"]) for e in direct if e.kind == "withdraw"] == [
        (True, False), (False, True)]
    assert rulings_at(direct) == rulings_at(events)
