"""The people and the occasion (issue 11 part 2): who sat where, when, at which event and table,
who directed, and an archive's own result, as `tag` lines the record keeps, shows, exports and
lets be corrected like any line."""

from __future__ import annotations

import json

from conftest import events_of, example
from projections.moment import rulings_at
from recorder.application import HandRecorder
from recorder.importer import import_files
from formats.pbn import boards
from test_cli import run

PEOPLE = ("tag North Anne Smith\ntag East Bob Jones\ntag South Cy Young\ntag West Di Prince\n"
          "tag date 2026-11-30\ntag Event Club night 7\ntag Table 3\ntag Board 17\ntag Director J. Smith\n")

GAME = """[Event "Spring Teams"]
[Site "Oslo"]
[Date "2026.04.01"]
[Board "5"]
[West "W. West"]
[North "N. North"]
[East "E. East"]
[South "S. South"]
[Dealer "S"]
[Deal "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"]
[Scoring "IMP"]
[Declarer "S"]
[Contract "4H"]
[Result "9"]
[Score "NS -50"]
[Play "W"]
SA S8 C9 S3
*
"""


def test_tag_lines_are_kept_shown_and_in_the_json(tmp_path):
    text = example("law83-quit-by-winners") + PEOPLE
    events = events_of(text)
    assert [e.line for e in events][-9:-5] == ["tag North Anne Smith", "tag East Bob Jones", "tag South Cy Young",
                                               "tag West Di Prince"]
    assert rulings_at(events)["tags"] == {"North": "Anne Smith", "East": "Bob Jones", "South": "Cy Young",
                                          "West": "Di Prince", "Date": "2026-11-30", "Event": "Club night 7",
                                          "Table": "3", "Board": "17", "Director": "J. Smith"}
    store = str(tmp_path / "hands.db")
    hand = tmp_path / "people.hand"
    hand.write_text(text, encoding="utf-8")
    run("record", str(hand), store=store)
    shown = run("show", "law83-quit-by-winners", store=store).stdout
    assert "players: North Anne Smith, East Bob Jones, South Cy Young, West Di Prince" in shown
    assert "date 2026-11-30; event Club night 7; table 3; board 17; director J. Smith" in shown
    pbn = run("export-pbn", "law83-quit-by-winners", store=store).stdout
    for tag in ('[Event "Club night 7"]', '[Date "2026-11-30"]', '[North "Anne Smith"]', '[West "Di Prince"]',
                '[Board "17"]', '[Table "3"]', '[Director "J. Smith"]'):
        assert tag in pbn
    # Corrected like any line.
    run("amend", "law83-quit-by-winners", "18", "tag West Dee Prince", "--reason", "spelling", store=store)
    assert json.loads(run("rulings", "law83-quit-by-winners", "--json", store=store).stdout)["tags"]["West"] == \
        "Dee Prince"


def test_an_archives_people_and_occasion_are_imported_after_the_play(tmp_path):
    (b,) = list(boards(GAME, str(tmp_path / "spring.pbn")))
    tags = [line.canonical for line in b.lines if line.kind == "tag"]
    assert tags == ["tag Event Spring Teams", "tag Site Oslo", "tag Date 2026.04.01", "tag Board 5",
                    "tag North N. North", "tag East E. East", "tag South S. South", "tag West W. West",
                    "tag Scoring IMP", "tag Score NS -50"]  # Declarer and Result: as the record gives them
    assert b.lines[-1].kind == "tag" and all(line.kind == "tag" for line in b.lines[-len(tags):])
    wrong = GAME.replace('[Result "9"]', '[Result "13"]')  # 13 when East-West won trick 1
    (b,) = list(boards(wrong, str(tmp_path / "spring.pbn")))
    assert "tag Result 13" in [line.canonical for line in b.lines]  # the archive's own, where it differs


def test_a_board_stored_before_the_tags_were_read_is_extended_not_refused_and_keeps_its_id(tmp_path):
    path = tmp_path / "spring.pbn"
    path.write_text(GAME, encoding="utf-8")
    app = HandRecorder(str(tmp_path / "hands.db"))
    (b,) = list(boards(GAME, str(path)))
    untagged = [line for line in b.lines if line.kind != "tag"]  # as an import before this change stored it
    app.record_lines(untagged)
    report = import_files(app, [str(path)])
    assert (report.hands_added, report.hands_extended, len(report.refused)) == (0, 1, 0)
    assert app.hand_ids() == [b.hand_id]
    assert rulings_at(app.hand_events(b.hand_id))["tags"]["North"] == "N. North"


def test_the_analysis_database_knows_who_sat_where_and_who_revoked(tmp_path):
    import sqlite3

    from handrec.export import export

    path = tmp_path / "spring.pbn"
    path.write_text(GAME, encoding="utf-8")  # East renounces spades in trick 1 (holding the S2)
    app = HandRecorder(str(tmp_path / "hands.db"))
    import_files(app, [str(path)])
    db = tmp_path / "analysis.db"
    export(app, str(db), app.store_name)
    conn = sqlite3.connect(db)
    hand = conn.execute("select date, site, north, east, scoring, source_result, source_score, event_name "
                        "from hands").fetchone()
    assert hand == ("2026.04.01", "Oslo", "N. North", "E. East", "IMP", 9, "NS -50", "Spring Teams")
    assert conn.execute("select name, revokes, established from revokes_by_player").fetchall() == [("E. East", 1, 1)]
    # A database made before the players were kept is brought up to date by the next run.
    conn.executescript("drop view revokes_by_player; drop view players_hands; drop table players; "
                       "alter table hands drop column north;")
    conn.close()
    app.record(example("law83-quit-by-winners") + "tag North Anne Smith\n")
    export(app, str(db), app.store_name)
    conn = sqlite3.connect(db)
    assert conn.execute("select name from players where seat = 'N'").fetchall() == [("Anne Smith",)]
    assert conn.execute("select north from hands where id = 'law83-quit-by-winners'").fetchone() == ("Anne Smith",)
    conn.close()


# ---------------------------------------------------------------- a [Result] where the record gives none

NO_PLAY = (GAME.split("[Play")[0].replace('[Result "9"]', '[Result "0"]')
           .replace('[Score "NS -50"]', '[Score "NS -1000"]'))


def test_a_result_on_a_game_with_no_play_is_the_sources_own_and_kept(tmp_path):
    """[Result "0"] on a game with no play was left out (the reader keeps a [Result] only where it
    differs from the record's tricks, which were 0 with no play), so `source_result` was null for the
    500 games of realdata-3's Cappalletti-BEN.pbn: a record with no play, or a play that stops, gives
    no result of its own, and the game's is kept, after every other tag, with no claim made of it."""
    from handrec.export import export
    from handrec.views import pbn_text
    import sqlite3

    (b,) = list(boards(NO_PLAY, str(tmp_path / "spring.pbn")))
    lines = [line.canonical for line in b.lines]
    assert lines[-1] == "tag Result 0" and lines.count("tag Result 0") == 1
    assert not [line for line in b.lines if line.kind in ("play", "claim")]
    # A play kept up to a physical fault in trick 2 (North's S8 a second time), declarer having won
    # no trick: its [Result "0"] is not the record's tricks so far, and is kept too.
    faulty = GAME.replace('[Result "9"]', '[Result "0"]').replace("SA S8 C9 S3\n*", "SA S8 C9 S3\nSK S8 C8 S4")
    (f,) = list(boards(faulty, str(tmp_path / "spring.pbn")))
    assert f.fault is not None and [line.canonical for line in f.lines][-1] == "tag Result 0"
    assert not [line for line in f.lines if line.kind == "claim"]
    # The analysis database: the source's result, and the board scored on it as the laws page says
    # of a record with no play (4H by S down 10, vulnerable on board 5: NS -1000, the game's own [Score]).
    path = tmp_path / "spring.pbn"
    path.write_text(NO_PLAY, encoding="utf-8")
    app = HandRecorder(str(tmp_path / "hands.db"))
    assert import_files(app, [str(path)]).hands_added == 1
    export(app, str(tmp_path / "analysis.db"), app.store_name)
    conn = sqlite3.connect(tmp_path / "analysis.db")
    assert conn.execute("select source_result, result, complete, duplicate_ns, score_agrees from hands"
                        ).fetchone() == (0, 0, 1, -1000, 1)
    conn.close()
    # export-pbn writes it back, and the file imported again is the same record.
    [hand_id] = app.hand_ids()
    written = pbn_text(app.hand_events(hand_id))
    assert '[Result "0"]' in written
    (tmp_path / "again.pbn").write_text(written)
    other = HandRecorder(str(tmp_path / "again.db"))
    assert import_files(other, [str(tmp_path / "again.pbn")]).hands_added == 1
    assert [e.line for e in other.hand_events(other.hand_ids()[0])][1:] == \
        [e.line for e in app.hand_events(hand_id)][1:]


def test_a_board_stored_without_its_result_is_extended_by_it_not_refused(tmp_path):
    """A store an earlier version filled holds these boards without their [Result]: imported again,
    each is extended by it (its `tag Result` the record's last line), never refused."""
    path = tmp_path / "spring.pbn"
    path.write_text(NO_PLAY, encoding="utf-8")
    app = HandRecorder(str(tmp_path / "hands.db"))
    (b,) = list(boards(NO_PLAY, str(path)))
    app.record_lines([line for line in b.lines if line.canonical != "tag Result 0"])  # as stored before
    report = import_files(app, [str(path)])
    assert (report.hands_added, report.hands_extended, report.events_added, len(report.refused)) == (0, 1, 1, 0)
    assert rulings_at(app.hand_events(b.hand_id))["tags"]["Result"] == "0"
    again = import_files(app, [str(path)])
    assert (again.hands_extended, again.already, len(again.refused)) == (0, 1, 0)


def test_the_cappalletti_ben_games_keep_their_result():
    """realdata-3's Cappalletti-BEN.pbn (BEN's bidding, no play): each of its 500 games keeps its
    [Result "0"] (its [Score] is 0 tricks' score: 5H by E down 11, 'EW -550')."""
    from formats.pbn import load
    from realdata import realdata_3

    path = realdata_3("ThorvaldAagaard__Bridge-Robot-Utilities", "Example", "Cappalletti-BEN.pbn")
    read = list(load(str(path)))
    assert len(read) == 500 and all(b.problem is None and b.lines[-1].canonical == "tag Result 0" for b in read)
