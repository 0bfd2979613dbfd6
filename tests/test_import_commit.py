"""An import commits each transaction while it reads the next boards (`_Batch.flush`,
`HandRecorder.save_hands_in_background`): what it reports and stores must be what a save made at
once would, a failed transaction is saved again board by board, and nothing of it outlives the
import (no thread left behind: the import's processes are forked only while one thread runs)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bench.generate_archive import write
from recorder import importer
from recorder.application import HandRecorder
from recorder.importer import boards_of, import_files


def stored_rows(path: str) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT originator_id, originator_version, topic FROM stored_events "
                            "ORDER BY originator_id, originator_version").fetchall()


def test_transactions_committed_while_the_next_boards_are_read_store_every_board_once(tmp_path, monkeypatch):
    # (small transactions, the collector run every other one: many of each in a small archive)
    monkeypatch.setattr(importer, "BATCH", 20)
    monkeypatch.setattr(importer, "COLLECT_EVERY", 2)
    boards = 7 * 20 + 3
    archive = str(tmp_path / "a.pbn")
    write(archive, boards, seed=3)
    threads = threading.active_count()
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, [archive])
    assert threading.active_count() == threads  # (every commit's thread has ended)
    assert report.hands_added == boards and not report.refused
    assert len(app.hand_ids()) == boards
    assert len(stored_rows(str(tmp_path / "h.db"))) == report.events_added
    again = import_files(app, [archive])
    assert again.already == boards and again.events_added == 0
    monkeypatch.setattr(importer, "BATCH", 500)
    fresh = HandRecorder(str(tmp_path / "fresh.db"))  # the same rows as in one transaction
    import_files(fresh, [archive])
    assert [r[1:] for r in stored_rows(str(tmp_path / "h.db"))] == [r[1:] for r in stored_rows(str(tmp_path / "fresh.db"))]


def test_a_board_stored_by_another_recorder_meanwhile_fails_its_transaction_which_is_saved_again_board_by_board(
        tmp_path, monkeypatch):
    """Another recorder stores a board after this import has looked it up (new) and before its
    transaction is inserted: the transaction fails whole (the store refuses a position taken),
    and its boards are saved again one by one: that board is found stored, the rest are added."""
    archive = str(tmp_path / "a.pbn")
    write(archive, 300, seed=4)
    store = str(tmp_path / "h.db")
    other = HandRecorder(store)
    app = HandRecorder(store)
    seen = []

    def meanwhile(board):
        seen.append(board)
        if len(seen) == 250:  # boards 1-200 have been looked up, none saved yet
            other.record_lines(seen[149].lines)

    by_board = []
    one_by_one = importer._Batch._one_by_one
    monkeypatch.setattr(importer._Batch, "_one_by_one", lambda self, pending: (by_board.append(len(pending)),
                                                                                one_by_one(self, pending)))
    report = import_files(app, [archive], on_board=meanwhile)
    assert by_board == [300]  # (the one transaction failed, and was saved again board by board)
    assert report.hands_added == 299 and report.already == 1 and not report.refused
    assert sorted(app.hand_ids()) == sorted(b.hand_id for b in seen)
    fresh = HandRecorder(str(tmp_path / "fresh.db"))
    import_files(fresh, [archive])
    assert [r[1:] for r in stored_rows(store)] == [r[1:] for r in stored_rows(str(tmp_path / "fresh.db"))]


# Run as its own process: the commit of each transaction made slow (the store's own commit, later),
# and Ctrl-C sent while the import waits for the first; what import_files left is printed.
INTERRUPTED = r"""
import json, os, signal, sqlite3, sys, threading, time
from eventsourcing import sqlite as es
from recorder import importer
from recorder.application import HandRecorder

archive, store = sys.argv[1], sys.argv[2]
# Ctrl-C as a terminal gives it to the process in its foreground: a process started in the
# background by a shell without job control (`cmd &` in a script, as a CI may run the tests)
# inherits SIGINT ignored, and Python then leaves it ignored.
signal.signal(signal.SIGINT, signal.default_int_handler)
importer.BATCH = 100
commit = es.SQLiteConnection.commit

def slow_commit(self):
    if threading.current_thread().name == "handrec-commit":
        if not getattr(slow_commit, "interrupted", False):
            slow_commit.interrupted = True  # Ctrl-C while the import waits for this commit
            threading.Timer(0.4, os.kill, (os.getpid(), signal.SIGINT)).start()
        time.sleep(1.2)  # a slow disk
    return commit(self)

es.SQLiteConnection.commit = slow_commit
app = HandRecorder(store)
try:
    importer.import_files(app, [archive])
    print(json.dumps({"interrupted": False}))
except KeyboardInterrupt:
    with sqlite3.connect(store) as conn:
        rows = conn.execute("SELECT count(*), count(DISTINCT originator_id) FROM stored_events").fetchone()
    print(json.dumps({"interrupted": True, "rows": rows[0], "hands": rows[1],
                      "committing": [t.name for t in threading.enumerate() if t.name == "handrec-commit"],
                      "writer_free": not app.recorder.datastore.pool._writer_lock.locked()}))
"""


@pytest.mark.slow
def test_an_import_interrupted_while_it_waits_for_a_commit_waits_for_it_and_leaves_whole_boards(tmp_path):
    """Ctrl-C while the import waits for a transaction's commit: the wait is made again before
    import_files raises (an interrupted Thread.join would not wait, CPython 3.11), so the
    transaction is committed whole, no commit is left running and the store's writer is free."""
    archive, store = str(tmp_path / "a.pbn"), str(tmp_path / "h.db")
    write(archive, 400, seed=3)
    out = subprocess.run([sys.executable, "-c", INTERRUPTED, archive, store], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parent.parent, timeout=60)
    said = json.loads(out.stdout.strip().splitlines()[-1])
    assert said["interrupted"] and said["committing"] == [] and said["writer_free"], said
    assert said["hands"] in (100, 200), said  # the first transaction, and the second if it was inserted
    expected = {b.hand_id: len(b.lines) for b in boards_of(archive)}
    app = HandRecorder(store)
    for hand_id in app.hand_ids():  # every board stored is whole
        assert len(app.hand_events(hand_id)) == expected[hand_id]
    assert said["rows"] == sum(expected[h] for h in app.hand_ids())


def test_with_no_thread_to_be_had_each_transaction_is_committed_at_once(tmp_path, monkeypatch):
    """A process that may start no more threads (its limit reached): each commit is made in the
    import's own thread, and the store's writer is free after each."""
    def refused(self):
        if self.name == "handrec-commit":
            raise RuntimeError("can't start new thread")
        return start(self)

    start = threading.Thread.start
    monkeypatch.setattr(threading.Thread, "start", refused)
    monkeypatch.setattr(importer, "BATCH", 20)
    archive = str(tmp_path / "a.pbn")
    write(archive, 50, seed=5)
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, [archive])
    assert report.hands_added == 50 and not report.refused
    assert not app.recorder.datastore.pool._writer_lock.locked()
    assert app.record_lines(next(iter(boards_of(archive))).lines).added == 0  # (a write after it: not kept waiting)
