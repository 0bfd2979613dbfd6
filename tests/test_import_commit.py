"""An import commits each transaction while it reads the next boards (`_Batch.flush`,
`HandRecorder.save_hands_in_background`): what it reports and stores must be what a save made at
once would, a failed transaction is saved again board by board, and nothing of it outlives the
import (no thread left behind: the import's processes are forked only while one thread runs)."""

from __future__ import annotations

import sqlite3
import threading

from bench.generate_archive import write
from recorder import importer
from recorder.application import HandRecorder
from recorder.importer import import_files


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
