"""An archive's new boards are stored by a direct path (`recorder.direct.direct_board`): each line checked
against the physical facts by the aggregate's own `Pack`, and written in the very bytes the mapper
writes the aggregate's events in, without making the events. Both ways must store the same rows,
byte for byte, and refuse the same boards (issue 9, part 4)."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest

from bench.generate_archive import write
from realdata import archive_files, more_archive_files
from recorder import application
from recorder.application import HandRecorder
from recorder.importer import import_files

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "faults"

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


def both_ways(files: list[str], tmp_path: Path, monkeypatch) -> tuple[list[tuple], list[tuple], str, str]:
    fixed = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
    monkeypatch.setattr(application.Hand.Event, "create_timestamp", staticmethod(lambda: fixed))
    direct = import_files(HandRecorder(str(tmp_path / "direct.db")), files)
    monkeypatch.setattr(application, "direct_board", lambda *a: None)  # the aggregate's way
    aggregate = import_files(HandRecorder(str(tmp_path / "aggregate.db")), files)
    return rows(str(tmp_path / "direct.db")), rows(str(tmp_path / "aggregate.db")), direct.summary(), aggregate.summary()


def test_the_direct_path_stores_the_aggregates_bytes(tmp_path, monkeypatch):
    write(str(tmp_path / "generated.pbn"), 40, seed=4, revoke_rate=0.2)
    (tmp_path / "commented.pbn").write_text(COMMENTED, encoding="utf-8")
    files = [str(tmp_path / "generated.pbn"), str(tmp_path / "commented.pbn"),
             str(FIXTURES / "faults.pbn"), str(FIXTURES / "faults.lin")]
    direct, aggregate, said_direct, said_aggregate = both_ways(files, tmp_path, monkeypatch)
    assert direct == aggregate and len(direct) > 2000
    assert said_direct == said_aggregate
    topics = {r[2].rpartition(".")[2] for r in direct}
    assert {"NoteMade", "TagGiven", "CardPlayed", "TricksClaimed", "AuctionCalled"} <= topics


def test_the_direct_path_is_taken(tmp_path, monkeypatch):
    """(Else the test above compares the aggregate with itself.)"""
    taken = []
    real = application.direct_board

    def counted(*a):
        out = real(*a)
        taken.append(out is not None)
        return out

    monkeypatch.setattr(application, "direct_board", counted)
    write(str(tmp_path / "generated.pbn"), 10, seed=4)
    import_files(HandRecorder(str(tmp_path / "h.db")), [str(tmp_path / "generated.pbn")])
    assert taken == [True] * 10


@pytest.mark.slow
@pytest.mark.parametrize("archives", ["realdata", "realdata-more"])
def test_the_direct_path_stores_the_aggregates_bytes_for_every_real_archive(tmp_path, monkeypatch, archives):
    files = archive_files() if archives == "realdata" else more_archive_files()
    direct, aggregate, said_direct, said_aggregate = both_ways(files, tmp_path, monkeypatch)
    assert direct == aggregate and said_direct == said_aggregate


def test_the_builders_check_of_the_plays_is_not_made_twice(tmp_path):
    """The archive's reader checks each card against the physical facts as it builds the board
    (`BoardBuilder.play`, the aggregate's `Pack`), after the deal: `prepare` then does not check
    them again (`Board.cards_checked`). A board without a deal has its plays checked by `prepare`."""
    from recorder.files import archive_lines
    from recorder.pbn import boards

    write(str(tmp_path / "generated.pbn"), 10, seed=4)
    path = str(tmp_path / "generated.pbn")
    assert all(b.cards_checked for b in boards(archive_lines(path), path))
    no_deal = "\n".join(line for line in COMMENTED.splitlines() if not line.startswith("[Deal "))
    (board,) = boards(no_deal.splitlines(), "no-deal.pbn")
    assert not board.cards_checked
