"""An archive's board is written as a transcript is: by the aggregate (`Hand.record_lines`), its
events encoded by the application's mapper. The import stores, byte for byte, what
eventsourcing's own recorder, mapper and transcoder store for the same events; and the cards the
reader checked as it built the board (`Board.cards_checked`) are not checked again."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest

from bench.generate_archive import write
from realdata import archive_files, more_archive_files
from bridge import pack
from recorder import application
from recorder.application import HandRecorder
from formats.files import archive_lines
from recorder.importer import import_files
from formats.pbn import boards
from test_persistence import _stock_mapper

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "faults"

# eventsourcing's own recorder, mapper and transcoder (an empty topic is the library's default)
LIBRARY = {"APPLICATION_RECORDER_TOPIC": "", "MAPPER_TOPIC": "", "TRANSCODER_TOPIC": ""}

# A board with the lines an archive gives beyond the play: commentary (a note, class version 2),
# a claim, the players and the occasion, unicode in names.
COMMENTED = """[Event "Club night"]
[Site "Köln"]
[Date "2001.05.04"]
[Board "1"]
[West "Åsa"]
[North "Zoë"]
[East "Ólafur"]
[South "Jürgen"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"]
[Scoring "IMP"]
[Declarer "S"]
[Contract "4H"]
[Result "9"]
[Auction "N"]
Pass Pass 1H Pass
4H Pass Pass Pass
[Play "W"]
SA S8 S2 S3
{West thinks for a long time} SK S9 C9 S4
SQ ST CT S5
*
"""


def rows(path: str) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT originator_id, originator_version, topic, state FROM stored_events "
                            "ORDER BY originator_id, originator_version").fetchall()


def files(tmp_path: Path) -> list[str]:
    write(str(tmp_path / "generated.pbn"), 40, seed=4, revoke_rate=0.2)
    (tmp_path / "commented.pbn").write_text(COMMENTED, encoding="utf-8")
    return [str(tmp_path / "generated.pbn"), str(tmp_path / "commented.pbn"),
            str(FIXTURES / "faults.pbn"), str(FIXTURES / "faults.lin")]


def test_the_import_stores_what_eventsourcings_defaults_store(tmp_path, monkeypatch):
    fixed = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
    monkeypatch.setattr(application.Hand.Event, "create_timestamp", staticmethod(lambda: fixed))
    archives = files(tmp_path)
    ours = import_files(HandRecorder(str(tmp_path / "ours.db")), archives)
    library = import_files(HandRecorder(str(tmp_path / "library.db"), env=LIBRARY), archives)
    stored = rows(str(tmp_path / "ours.db"))
    assert stored == rows(str(tmp_path / "library.db")) and len(stored) > 2000
    assert ours.summary() == library.summary()
    topics = {r[2].rpartition(".")[2] for r in stored}
    assert {"NoteMade", "TagGiven", "CardPlayed", "TricksClaimed", "AuctionCalled"} <= topics


@pytest.mark.slow
@pytest.mark.parametrize("archives", ["realdata", "realdata-more"])
def test_every_event_of_every_real_archive_is_stored_as_eventsourcing_writes_it(tmp_path, archives):
    """Each stored row, read back as its event, is the bytes eventsourcing's own mapper writes for it."""
    paths = archive_files() if archives == "realdata" else more_archive_files()
    app = HandRecorder(str(tmp_path / "h.db"))
    import_files(app, paths)
    stock = _stock_mapper()
    compared = 0
    for notification in _all_stored(app):
        event = app.mapper.to_domain_event(notification)
        theirs = stock.to_stored_event(event)
        assert (notification.topic, bytes(notification.state)) == (theirs.topic, theirs.state), notification
        compared += 1
    assert compared > 100_000


def _all_stored(app: HandRecorder):
    start = 1
    while True:
        page = app.recorder.select_notifications(start=start, limit=10_000)
        if not page:
            return
        yield from page
        start = page[-1].id + 1


def test_the_cards_the_reader_checked_are_not_checked_again(tmp_path, monkeypatch):
    """The archive's reader checks each card against the physical facts as it builds the board
    (`BoardBuilder.play`, with the aggregate's `Pack`), after the deal; the aggregate then moves
    them without checking them again (`Board.cards_checked`). A board without a deal has its plays
    checked by the aggregate, as a transcript's are."""
    write(str(tmp_path / "generated.pbn"), 10, seed=4)
    path = str(tmp_path / "generated.pbn")
    read = list(boards(archive_lines(path), path))
    assert all(b.cards_checked for b in read)
    plays = sum(1 for b in read for line in b.lines if line.kind == "play")
    checked = []
    real = pack.Pack.check_card  # (the check of each card played: the reader's and the aggregate's)
    monkeypatch.setattr(pack.Pack, "check_card", lambda self, s, c: (checked.append((s, c)), real(self, s, c))[1])
    report = import_files(HandRecorder(str(tmp_path / "h.db")), [path])
    assert report.hands_added == 10 and len(checked) == plays  # (the reader's checks alone)
    no_deal = "\n".join(line for line in COMMENTED.splitlines() if not line.startswith("[Deal "))
    (board,) = boards(no_deal.splitlines(), "no-deal.pbn")
    assert not board.cards_checked
    checked.clear()  # a board not so checked (a transcript's lines): the aggregate checks every card
    HandRecorder(str(tmp_path / "h2.db")).prepare(read[0].lines, new=True, cards_checked=False)
    assert len(checked) == sum(1 for line in read[0].lines if line.kind == "play") > 0
