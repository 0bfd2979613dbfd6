"""The analysis database's columns true to their docs (issue 40, findings 10, 11 and 19).

- A play that is not over has no result: `result`, `tricks_ns`, `tricks_ew` and the score's columns
  null (never the tricks won so far, nor 0 for a record with no play), and the `contracts` view
  averages only results.
- `source_declarer` only the declarer the source names: a PBN game's `[Declarer]`; null for a LIN
  hand (LIN names none) and for a PBN contract taken from the auction with no `[Declarer]`.
- `revokes_per_file.established` 0, not null, for a file with no revoke.
- A database whose rows an earlier version wrote (another `_handrec_export.rows`) has every hand
  written again: the same rows as a fresh export.

Real SQLite files, real imports; the real archives of ../shared/realdata-3 when present (else the
test says why it skips)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from expectations import EXAMPLES
from handrec.export import MARK, ROWS, export
from realdata import realdata_3
from recorder.application import HandRecorder
from recorder.importer import import_files
from test_export_archive_scale import END_POSITION, LIN_BOARD, NO_RESULT_LIN, contents

SCORE_COLUMNS = ("tricks_ns", "tricks_ew", "result", "NS_trick", "NS_honor", "EW_trick", "EW_honor", "duplicate_ns")

GAME = """[Event "columns"]
[Board "{board}"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"]
{tags}[Auction "N"]
1S Pass 4S Pass
Pass Pass
"""


def _export(tmp_path: Path, files: list[Path]) -> sqlite3.Connection:
    store = str(tmp_path / "s.db")
    app = HandRecorder(store)
    import_files(app, [str(f) for f in files])
    db = str(tmp_path / "a.db")
    export(app, db, app.store_name)
    return sqlite3.connect(db)


def test_an_unfinished_play_has_no_result_and_the_contracts_view_averages_only_results(tmp_path):
    archive = tmp_path / "two.lin"
    finished = LIN_BOARD.format(end="mc|9|")
    unfinished = LIN_BOARD.format(end="").replace("Board 1", "Board 2")
    archive.write_text(finished + unfinished)
    conn = _export(tmp_path, [archive])
    rows = conn.execute(f"select board, complete, {', '.join(SCORE_COLUMNS)} from hands order by board").fetchall()
    assert rows == [("1", 1, 9, 4, 9, 70, 0, 0, 0, 150), ("2", 0) + (None,) * len(SCORE_COLUMNS)], rows
    assert conn.execute("select contract, declarer, hands, results, average_result from contracts").fetchall() == [
        ("2NT", "N", 2, 1, 9.0)]
    # (the two tricks played of the unfinished one are still there, each with its winner)
    assert conn.execute("select count(*), count(winner) from tricks t join hands h on h.id = t.hand_id "
                        "where h.board = '2'").fetchone() == (2, 2)


def test_a_pbn_record_with_no_play_has_no_result(tmp_path):
    archive = tmp_path / "bid.pbn"
    archive.write_text(GAME.format(board=1, tags='[Declarer "N"]\n[Contract "4S"]\n'))
    conn = _export(tmp_path, [archive])
    row = conn.execute(f"select contract, complete, {', '.join(SCORE_COLUMNS)}, source_result from hands").fetchone()
    assert row == ("4S", 0) + (None,) * (len(SCORE_COLUMNS) + 1), row


def test_source_declarer_is_only_the_declarer_the_source_names(tmp_path):
    archive = tmp_path / "declarers.pbn"
    archive.write_text("\n".join([
        GAME.format(board=1, tags='[Declarer "N"]\n[Contract "4S"]\n'),  # both given
        GAME.format(board=2, tags='[Declarer "N"]\n'),  # [Declarer] only: the contract the auction's
        GAME.format(board=3, tags=""),  # neither: the contract the auction's, no declarer said
        GAME.format(board=4, tags='[Declarer "W"]\n'),  # a [Declarer] that is not the auction's
    ]))
    lin = tmp_path / "one.lin"
    lin.write_text(LIN_BOARD.format(end="mc|9|"))
    conn = _export(tmp_path, [archive, lin])
    rows = conn.execute("select format, board, contract, declarer, source_declarer from hands "
                        "order by format, board").fetchall()
    assert rows == [("lin", "1", "2NT", "N", None),
                    ("pbn", "1", "4S", "N", "N"), ("pbn", "2", "4S", "N", "N"), ("pbn", "3", "4S", "N", None),
                    ("pbn", "4", "4S", "N", "W")], rows
    # The game's own [Declarer] beside a contract taken from the auction is kept after every other tag.
    lines = [r[0] for r in conn.execute("select e.line from events e join hands h on h.id = e.hand_id "
                                        "where h.board = '2' and h.format = 'pbn' and e.kind = 'tag' "
                                        "order by e.number")]
    assert lines[-1] == "tag Declarer N", lines


def test_source_declarer_on_the_real_boards_whose_contract_is_the_auctions(tmp_path):
    gib = realdata_3("ThorvaldAagaard__Bridge-Robot-Utilities", "Example", "Match- GIBNS v GIBEW.pbn")
    end_position = realdata_3(*END_POSITION)
    lin = realdata_3(*NO_RESULT_LIN)
    conn = _export(tmp_path, [gib, end_position, lin])
    said = dict(conn.execute("select id, source_declarer from hands where id in "
                             "('Example/Match-_GIBNS_v_GIBEW.pbn/1/2', 'reference_impl_tests/correct_20.pbn/1/7')"))
    assert said == {"Example/Match-_GIBNS_v_GIBEW.pbn/1/2": None, "reference_impl_tests/correct_20.pbn/1/7": None}
    # Each hand whose contract the reader took from the auction names no declarer of the source's.
    assert conn.execute("select count(*), count(h.source_declarer) from hands h join notes n on n.hand_id = h.id "
                        "where n.text like 'a contract taken from the auction%'").fetchone() == (12, 0)
    # The games that give [Declarer] and [Contract] keep theirs; no LIN hand has one.
    assert conn.execute("select count(*) from hands where format = 'lin' and source_declarer is not null"
                        ).fetchone() == (0,)
    # The file's first table gives [Declarer] and [Contract]: each keeps its own (N, S, N, N).
    assert conn.execute("select group_concat(source_declarer, '') from (select source_declarer from hands where "
                        "file like '%GIBNS v GIBEW.pbn' and id not like '%/_/2' order by id)").fetchone() == ("NSNN",)


def test_revokes_per_file_counts_no_revoke_as_0(tmp_path):
    archive = tmp_path / "one.lin"
    archive.write_text(LIN_BOARD.format(end="mc|9|"))
    conn = _export(tmp_path, [archive])
    assert conn.execute("select substr(file, -7), hands, revokes, established from revokes_per_file").fetchall() == [
        ("one.lin", 1, 0, 0)]


def test_a_database_whose_rows_an_earlier_version_wrote_is_written_again(tmp_path):
    archive = tmp_path / "two.lin"
    archive.write_text(LIN_BOARD.format(end="mc|9|") + LIN_BOARD.format(end="").replace("Board 1", "Board 2"))
    store = str(tmp_path / "s.db")
    app = HandRecorder(store)
    import_files(app, [str(archive)])
    fresh = str(tmp_path / "fresh.db")
    export(app, fresh, app.store_name)
    for made_before in ("no rows number", "rows 1"):
        db = str(tmp_path / f"old {made_before}.db")
        export(app, db, app.store_name)
        conn = sqlite3.connect(db)
        with conn:  # the rows as the version before issue 40's findings 10 and 11 wrote them
            conn.execute("update hands set result = 1, tricks_ns = 1, tricks_ew = 1, NS_trick = 0, NS_honor = 0, "
                         "EW_trick = 0, EW_honor = 0 where complete = 0")
            conn.execute("update hands set source_declarer = declarer")
            if made_before == "rows 1":
                conn.execute(f"update [{MARK}] set rows = 1")
            else:  # made before the number was kept: the table without its column
                conn.execute(f"create table old_mark as select id, store, position from [{MARK}]")
                conn.execute(f"drop table [{MARK}]")
                conn.execute(f"create table [{MARK}] (id integer primary key, store text, position integer)")
                conn.execute(f"insert into [{MARK}] select * from old_mark")
                conn.execute("drop table old_mark")
        conn.close()
        assert contents(db) != contents(fresh)
        report = export(app, db, app.store_name)
        assert report.hands == 2, made_before
        assert contents(db) == contents(fresh), made_before
        assert sqlite3.connect(db).execute(f"select rows from [{MARK}]").fetchone() == (ROWS,)
        assert export(app, db, app.store_name).hands == 0  # (once written, up to date)


def test_a_board_stored_without_its_declarer_is_extended_by_it(tmp_path):
    # A store an earlier version made holds a PBN game whose contract is the auction's without its
    # [Declarer] (that version kept none that was the same as the auction's): the record as this
    # version makes it of a game that gives none. Imported again, the game is extended by its
    # [Declarer], written after every other tag, never refused as differing; the export then gives it.
    store = str(tmp_path / "s.db")
    app = HandRecorder(store)
    archive = tmp_path / "x.pbn"
    archive.write_text(GAME.format(board=2, tags=""))
    import_files(app, [str(archive)])
    archive.write_text(GAME.format(board=2, tags='[Declarer "N"]\n'))
    report = import_files(app, [str(archive)])
    assert (report.hands_added, report.hands_extended, report.refused) == (0, 1, []), report.summary()
    db = str(tmp_path / "a.db")
    export(app, db, app.store_name)
    assert sqlite3.connect(db).execute("select declarer, source_declarer from hands").fetchone() == ("N", "N")


def test_an_unfinished_play_the_director_adjusted_keeps_his_score_and_no_tricks(tmp_path):
    # The Director's adjusted score (L12C) is the board's, a real result, though the record's play
    # stops after two tricks: `duplicate_ns` is his; the tricks so far are no result.
    transcript = (EXAMPLES / "dup17-l64c-adjusted-score.hand").read_text().replace("claim S 11\n", "")
    store = str(tmp_path / "s.db")
    app = HandRecorder(store)
    app.record(transcript)
    db = str(tmp_path / "a.db")
    export(app, db, app.store_name)
    row = sqlite3.connect(db).execute(f"select complete, {', '.join(SCORE_COLUMNS)} from hands").fetchone()
    assert row == (0,) + (None,) * (len(SCORE_COLUMNS) - 1) + (450,), row


def test_room_is_null_where_the_source_names_none_lin_as_pbn(tmp_path):
    """A LIN single board (no `qx|o…`/`qx|c…`) had room '' where a PBN game without [Room] had null:
    `where room is null` missed the LIN ones. Both null now (ROWS 3)."""
    archive = tmp_path / "deals.pbn"
    archive.write_text(GAME.format(board=1, tags='[Declarer "N"]\n[Contract "4S"]\n'))
    lin = tmp_path / "one.lin"
    lin.write_text(LIN_BOARD.format(end="mc|9|"))
    conn = _export(tmp_path, [archive, lin])
    assert conn.execute("select format, room from hands order by format").fetchall() == [("lin", None), ("pbn", None)]
