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
