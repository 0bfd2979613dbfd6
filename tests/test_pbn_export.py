"""A stored hand back as PBN and as a transcript; importing what was exported gives the same events."""

from __future__ import annotations

import subprocess

import pytest

from conftest import POSTGRESQL_SLOW, example
from handrec.views import pbn_text, transcript_text
from realdata import realdata
from recorder.application import HandRecorder
from recorder.importer import import_files
from recorder.pbn import boards
from test_cli import HANDREC
from test_pbn import GAME


def lines_of(app: HandRecorder, hand_id: str) -> list[str]:
    return [e.line for e in app.hand_events(hand_id)][1:]  # all but the opening line (the id differs)


def round_trip(app: HandRecorder, hand_id: str, tmp_path, name: str = "again.pbn") -> list[str]:
    exported = tmp_path / name
    exported.write_text(pbn_text(app.hand_events(hand_id)))
    other = HandRecorder(str(tmp_path / f"{name}.db"))
    report = import_files(other, [str(exported)])
    assert report.hands_added == 1 and not report.refused, report.refused
    return lines_of(other, other.hand_ids()[0])


def test_an_imported_board_comes_back_as_the_same_events(store, tmp_path):
    f = tmp_path / "night.pbn"
    f.write_text(GAME)
    app = HandRecorder(store)
    import_files(app, [str(f)])
    for hand_id in app.hand_ids():
        assert round_trip(app, hand_id, tmp_path, hand_id.replace("/", "_") + ".pbn") == lines_of(app, hand_id)


def test_a_transcript_of_what_pbn_can_say_comes_back_as_the_same_events(store, tmp_path):
    app = HandRecorder(store)
    app.record("hand t\ndealer S\ndeal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\n"
               "auction 1H pass 4H pass pass pass\ncontract 4H by S\nnote a quiet auction\n"
               "play W SA\nplay N S8\nplay E C9\nnote East had the two\nplay S S3\n"
               "play W SK\nplay N S9\nplay E S2\nplay S S4\nclaim S 10\n")
    assert round_trip(app, "t", tmp_path) == lines_of(app, "t")


def test_pbn_export_marks_an_established_revoke(store):
    app = HandRecorder(store)
    app.record(example("law83-quit-by-winners"))
    text = pbn_text(app.hand_events("law83-quit-by-winners"))
    assert '[Contract "4H"]' in text and '[Declarer "S"]' in text and '[Play "W"]' in text
    assert "SA S8 ^R C9 S3" in text  # seat columns W N E S; ^R before East's revoke
    # Acts PBN cannot say are kept as commentary.
    assert "{event 9: quit EW}" in text


def test_transcript_export_records_back_to_the_same_hand(store, tmp_path):
    app = HandRecorder(store)
    app.record(example("law85-answer-yes-corrected"))
    text = transcript_text(app.hand_events("law85-answer-yes-corrected"))
    assert text.splitlines()[8:10] == ["ask W E", "answer E yes"]
    other = HandRecorder(str(tmp_path / "other.db"))
    other.record(text)
    assert lines_of(other, "law85-answer-yes-corrected") == lines_of(app, "law85-answer-yes-corrected")


@pytest.mark.parametrize("store", POSTGRESQL_SLOW, indirect=True)  # several handrec processes; on PostgreSQL: slow
def test_handrec_export_pbn_as_a_user_runs_it(store):
    HandRecorder(store).record(example("law83-quit-by-winners"))
    env = {"HANDREC_STORE": store, "PATH": "/usr/bin:/bin"}
    out = subprocess.run([HANDREC, "export-pbn", "law83-quit-by-winners"], capture_output=True, text=True,
                         env=env, check=True).stdout
    assert out.startswith('[Event "?"]') and "^R C9" in out
    out = subprocess.run([HANDREC, "export-pbn", "law83-quit-by-winners", "--transcript"], capture_output=True,
                         text=True, env=env, check=True).stdout
    assert out.splitlines()[0] == "hand law83-quit-by-winners ruleset=auction-1912"


def test_real_championship_boards_come_back_as_the_same_events(tmp_path):
    path = realdata("ContractBridge__pbn-files", "1997-European_Team_Championship", "Fnoito25.pbn")
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, [str(path)])
    assert report.hands_added > 40
    for i, hand_id in enumerate(app.hand_ids()):
        exported = tmp_path / f"b{i}.pbn"
        exported.write_text(pbn_text(app.hand_events(hand_id)))
        again = [b for b in boards(exported.read_text(), str(exported))]
        assert len(again) == 1 and again[0].problem is None
        assert [line.canonical for line in again[0].lines][1:] == lines_of(app, hand_id), hand_id


def test_a_hand_exported_and_imported_again_keeps_its_ruleset_and_options(store, tmp_path):
    # The ruleset is a fact of the record (its hand line): a hand written back as PBN says it in
    # handrec's own [Ruleset] tag, and the import reads it there, rather than taking the default
    # (1912) a game with neither [Scoring] nor [Date] is read under.
    app = HandRecorder(store)
    app.record("hand t ruleset=duplicate-2017 opponents-claim=agreed-at-cut\ndealer S\n"
               "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\n"
               "auction 1H pass 4H pass pass pass\ncontract 4H by S\nplay W SA\nplay N S8\nplay E S2\nplay S S3\n"
               "claim S 12\n")
    text = pbn_text(app.hand_events("t"))
    assert '[Ruleset "duplicate-2017 opponents-claim=agreed-at-cut"]' in text
    assert round_trip(app, "t", tmp_path) == lines_of(app, "t")
    again = HandRecorder(str(tmp_path / "again.pbn.db"))
    opening = again.hand_events(again.hand_ids()[0])[0]
    assert (opening.ruleset, opening.options) == ("duplicate-2017", {"opponents-claim": "agreed-at-cut"})
    # An import told the ruleset (--ruleset) rules every new board by it, the tag notwithstanding.
    told = HandRecorder(str(tmp_path / "told.db"))
    import_files(told, [str(tmp_path / "again.pbn")], ruleset="duplicate-1997")
    assert told.hand_events(told.hand_ids()[0])[0].ruleset == "duplicate-1997"


def test_a_ruleset_tag_that_names_no_ruleset_is_said_in_the_record_and_not_read():
    game = GAME.replace('[Board "1"]', '[Board "1"]\n[Ruleset "duplicate-2099"]', 1)
    assert game != GAME
    board = next(boards(game, "night.pbn"))
    assert board.problem is None
    hand = board.lines[0]
    assert hand.args["ruleset"] == "auction-1912"  # (GAME has neither [Scoring] nor [Date]: the default)
    said = [line.args["text"] for line in board.lines if line.kind == "note"]
    assert any("[Ruleset \"duplicate-2099\"] is not read ('duplicate-2099' is not a known ruleset" in text
               for text in said), said
