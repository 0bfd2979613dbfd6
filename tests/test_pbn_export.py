"""A stored hand back as PBN and as a transcript; importing what was exported gives the same events."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from bridge.tags import RecordMark, mark_word, record_marks
from conftest import POSTGRESQL_SLOW, example
from handrec.views import pbn_text, transcript_text
from realdata import realdata
from recorder.application import HandRecorder
from recorder.importer import import_files
from formats.pbn import boards
from projections.moment import at
from test_cli import HANDREC, run
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
        # (board 17 Open's ^R before East's CT, the third card of trick 4 (West led), comes back there: '^R@4.E')
        assert again[0].source.get("marks") == app.hand_events(hand_id)[0].source.get("marks"), hand_id


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
    # An import told the ruleset (--ruleset) rules every new board by it, the tag notwithstanding,
    # and says nothing of the tag.
    told = HandRecorder(str(tmp_path / "told.db"))
    import_files(told, [str(tmp_path / "again.pbn")], ruleset="duplicate-1997")
    events = told.hand_events(told.hand_ids()[0])
    assert events[0].ruleset == "duplicate-1997" and not any(e.line.startswith("note ") for e in events)
    # The same file imported again into the store that holds it, told another ruleset: the board
    # keeps its ruleset and options, never refused for them.
    report = import_files(again, [str(tmp_path / "again.pbn")], ruleset="duplicate-1997")
    assert not report.refused and report.kept_ruleset == {"duplicate-2017 opponents-claim=agreed-at-cut": 1}
    assert again.hand_events(again.hand_ids()[0])[0].options == {"opponents-claim": "agreed-at-cut"}


@pytest.mark.parametrize("value, why", [
    ("duplicate-2099", "'duplicate-2099' is not a known ruleset"),
    ("duplicate-2017 rubber=r1", "'rubber=r1' is not an option: it names a ruleset, then its options"),
    ("duplicate-2017 ruleset=auction-1912", "'ruleset=auction-1912' is not an option"),
    ("duplicate-2017 l62c2=sometimes", "option l62c2 takes one of substitute, literal, not 'sometimes'"),
])
def test_a_ruleset_tag_that_names_no_ruleset_is_said_at_the_end_of_the_record_and_not_read(value, why, tmp_path):
    game = GAME.replace('[Board "1"]', f'[Board "1"]\n[Ruleset "{value}"]', 1)
    assert game != GAME
    board = next(boards(game, "night.pbn"))
    assert board.problem is None
    assert (board.lines[0].args["ruleset"], board.lines[0].args["options"]) == ("auction-1912", {})
    # Said at the end of the record (a board stored before the tag was read is extended, not
    # refused), and why the hand is ruled as it is: GAME says neither [Scoring] nor [Date].
    last = board.lines[-1]
    assert last.kind == "note" and last.args["text"].startswith(f'its [Ruleset "{value}"] is not read ({why}')
    assert last.args["text"].endswith("the hand is ruled under auction-1912, the default, the game saying neither "
                                      "[Scoring] nor [Date]")
    # A board stored from the file without the tag is extended by the note, not refused.
    app = HandRecorder(str(tmp_path / "store.db"))
    (tmp_path / "night.pbn").write_text(GAME)
    import_files(app, [str(tmp_path / "night.pbn")])
    (tmp_path / "night.pbn").write_text(game)
    report = import_files(app, [str(tmp_path / "night.pbn")])
    assert not report.refused, report.refused


def test_a_ruleset_tag_not_read_names_where_the_ruleset_came_from():
    dated = GAME.replace('[Board "1"]', '[Board "1"]\n[Date "2012.05.01"]\n[Ruleset "WBF"]', 1)
    note = next(boards(dated, "night.pbn")).lines[-1].args["text"]
    assert note.endswith("the hand is ruled under duplicate-2007, as its [Date] says"), note


# ---------------------------------------------------------------- the record's own marks (^R, ^L)

# tests/test_pbn.GAME's board 2, its second trick led by West (columns W N E S): East discards C9 on
# the spade, which is no revoke, so no ruling writes a ^R of its own and the marks are the record's.
MARKED = GAME.split("\n\n")[1].replace("SK S9 ^R C9 S4", "{row}")


@pytest.mark.parametrize("row", ["^R SK S9 C9 S4", "SK ^R S9 C9 S4", "SK S9 ^R C9 S4", "SK S9 C9 ^R S4",
                                 "SK ^R S9 ^L ^R C9 S4"])
def test_a_mark_before_any_card_of_its_trick_comes_back_before_that_card(row, tmp_path):
    # A ^R before the 2nd, 3rd or 4th card of its trick was kept by its trick alone and written back
    # before the lead: it came back marking another card. It is kept by its trick and the seat of
    # its card, written back there, and the hand imported again keeps the same marks and events.
    f = tmp_path / "marked.pbn"
    f.write_text(MARKED.replace("{row}", row))
    app = HandRecorder(str(tmp_path / "h.db"))
    assert import_files(app, [str(f)]).hands_added == 1
    (hand_id,) = app.hand_ids()
    text = pbn_text(app.hand_events(hand_id))
    assert text.split('[Play "W"]\n')[1].splitlines()[1] == row
    again = round_trip(app, hand_id, tmp_path)
    assert again == lines_of(app, hand_id)
    other = HandRecorder(str(tmp_path / "again.pbn.db"))
    assert other.hand_events(other.hand_ids()[0])[0].source["marks"] == app.hand_events(hand_id)[0].source["marks"]


def test_a_store_written_before_keeps_its_marks_by_trick_and_reimports_its_archive(tmp_path):
    # tests/fixtures/store-v1.db holds tests/test_pbn.GAME imported as fixtures/night.pbn by an
    # earlier version, board 2's ^R kept as '^R@2' (its trick alone). It reads, shows and is written
    # back as that version wrote it (before the trick's lead: its card is not known), and the same
    # archive imported again into it adds nothing and refuses nothing for the mark.
    store = tmp_path / "store.db"
    shutil.copy(Path(__file__).resolve().parent / "fixtures" / "store-v1.db", store)
    app = HandRecorder(str(store))
    hand_id = "fixtures/night.pbn/2/Open"
    source = at(app.hand_events(hand_id)).table.source
    assert source["marks"] == "^R@2" and record_marks(source) == [RecordMark("^R", 2, None)]
    assert "No revoke." in run("show", hand_id, store=str(store)).stdout
    assert "^R SK S9 C9 S4" in pbn_text(app.hand_events(hand_id))
    folder = tmp_path / "fixtures"
    folder.mkdir()
    (folder / "night.pbn").write_text(GAME)
    p = run("import", str(folder / "night.pbn"), store=str(store), ok=False)
    assert "0 hands added" in p.stdout and f"{hand_id} refused" not in p.stderr, (p.stdout, p.stderr)
    assert at(HandRecorder(str(store)).hand_events(hand_id)).table.source["marks"] == "^R@2"  # (never changed)


def test_marks_read_in_both_forms():
    assert mark_word("^R", 4, "E") == "^R@4.E"
    assert record_marks({"marks": "^R@4.E ^L@4.E ^R@7"}) == [
        RecordMark("^R", 4, "E"), RecordMark("^L", 4, "E"), RecordMark("^R", 7, None)]
    assert record_marks({}) == []


# A mark the record cannot keep by its card, in tests/test_pbn.GAME's board 2 (4H by South, West
# leads; trick 1 SA S8 S2 S3, trick 2 led by West): each was dropped without a word. The play as
# the section gives it, and the reader's note that keeps the mark at the record's end.
NOT_KEPT = {
    "after the last card": ("SA S8 S2 S3\nSK S9 C9 S4\n^R\n*",
                            "the record's ^R stands after trick 2's last card, at the end of the play"),
    "at the section's end": ("SA S8 S2 S3\nSK S9 C9 S4 ^L",
                             "the record's ^L stands after trick 2's last card, at the end of the play"),
    "no card at all": ("^R *", "the record's ^R stands in a play section that gives no card"),
    "a '- - - -' row": ("SA S8 S2 S3\nSK S9 C9 S4\n^R - - - -",
                        "the record's ^R stands before West's '-' in trick 3 (the play is recorded up to trick 2)"),
    "a lead not known": ("SA S8 S2 S3\n- ^R S9 C9 S4\n*",
                         "the record's ^R stands before North's S9 in trick 2 (the play is recorded up to trick 1)"),
    "the first lead not known": ("- S8 S2 ^R S3\n*", "the record's ^R stands before South's S3 in trick 1 "
                                                     "(no card of the play is recorded)"),
    "a fault's row": ("SA S8 S2 S3\nSK S9 ^R HA S4\n*",
                      "the record's ^R stands before East's HA in trick 2 (the play is recorded up to trick 1)"),
    "after a fault": ("SA S8 S2 S3\nSK S9 HA S4\nSQ ST ^R CT S5\n*",
                      "the record's ^R stands before East's CT in trick 3 (the play is recorded up to trick 1)"),
    "a token no card": ("SA S8 S2 S3\nSK ^R S9 XX S4\n*",
                        "the record's ^R stands before North's S9 in trick 2 (the play is recorded up to trick 1)"),
    "after a trick whose winner is not known": (
        "SA S8 S2 S3\nSK S9 - S4\nSQ ^R ST CT S5\n*",
        "the record's ^R stands before North's ST in trick 3 (the play is recorded up to trick 2)"),
}


def _not_kept_game(play: str, result: str = "10") -> str:
    head = GAME.split("\n\n")[1].split('[Play "W"]')[0].replace('[Result "10"]', f'[Result "{result}"]')
    return head + '[Play "W"]\n' + play + "\n"


@pytest.mark.parametrize("case", sorted(NOT_KEPT))
@pytest.mark.parametrize("result", ["10", "?"])
def test_a_mark_the_record_keeps_by_no_card_is_said_at_its_end_and_comes_back(case, result, tmp_path):
    # A mark before no card, or before a card of a trick the record does not hold, was dropped without
    # a word. The reader says it in a note at the record's end (after the tags), which export-pbn
    # writes as commentary after the play's end and the reader, reading its own words, puts back
    # there: the hand imported again is the same record, the note once.
    play, said = NOT_KEPT[case]
    text = _not_kept_game(play, result)
    (b,) = list(boards(text, "made/marks.pbn"))
    assert b.problem is None and "marks" not in b.source
    notes = [line.args["text"] for line in b.lines if line.kind == "note" and "kept as this note" in line.args["text"]]
    assert notes == [said + ": kept as this note, marking no card"], notes
    assert b.lines[-1].args["text"] == notes[0]  # (last: a store written before it is extended by it)
    f = tmp_path / "marks.pbn"
    f.write_text(text)
    app = HandRecorder(str(tmp_path / "h.db"))
    assert import_files(app, [str(f)]).hands_added == 1
    (hand_id,) = app.hand_ids()
    assert round_trip(app, hand_id, tmp_path) == lines_of(app, hand_id)


def stored_before_and_extended(tmp_path, f, b) -> HandRecorder:
    """A store holding board `b` of file `f` as the reader before stored it (its lines but the last,
    the note said at the record's end), and the file imported again into it: extended by that one
    event, never refused."""
    app = HandRecorder(str(tmp_path / "s.db"))
    app.record("\n".join(line.text for line in b.lines[:-1]) + "\n")
    report = import_files(app, [str(f)])
    assert not report.refused and report.hands_extended == 1 and report.events_added == 1, report.summary()
    return app


@pytest.mark.parametrize("case", sorted(NOT_KEPT))
def test_a_store_written_before_the_note_is_extended_by_it(case, tmp_path):
    # The board as the reader before stored it (the same lines, the mark dropped) takes the archive's
    # import again as an extension: the note is at the record's end, after every line stored before.
    play, said = NOT_KEPT[case]
    f = tmp_path / "marks.pbn"
    f.write_text(_not_kept_game(play))
    (b,) = list(boards(f.read_text(), str(f)))
    assert said in b.lines[-1].args["text"]
    stored_before_and_extended(tmp_path, f, b)


def test_a_mark_in_a_trick_whose_winner_is_not_known_is_kept_by_its_card():
    # Trick 2 holds East's card not known ('-'), which could have beaten West's SK: the play is
    # recorded up to trick 2, read to its end, and stops. Its ^R before South's S4 was dropped; the
    # trick is the record's, so the mark is kept by its card, as any other.
    (b,) = list(boards(_not_kept_game("SA S8 S2 S3\nSK S9 - ^R S4\n*"), "made/marks.pbn"))
    assert b.source["marks"] == "^R@2.S"
    assert not any("kept as this note" in line.text for line in b.lines)


def test_a_comment_in_other_words_is_not_taken_for_the_readers_note():
    # (only the reader's own words go to the record's end: any other comment stays where it stands)
    text = _not_kept_game("SA S8 S2 S3 {the record's ^R stands here, it seems}\nSK S9 C9 S4\n*")
    (b,) = list(boards(text, "made/marks.pbn"))
    kinds = [line.canonical for line in b.lines]
    assert kinds.index("note the record's ^R stands here, it seems") == kinds.index("play S S3") + 1


def test_a_trick_whose_winner_is_not_known_comes_back_with_its_note_once(tmp_path):
    # The reader's note on trick 2's winner not known was written as commentary after the trick's
    # last card, and the reader, reading the trick written back, said it again: twice, once more at
    # every round trip. The writer leaves it out where the trick it writes makes the reader say it.
    f = tmp_path / "marks.pbn"
    f.write_text(_not_kept_game("SA S8 S2 S3\nSK S9 - ^R S4\n*"))
    app = HandRecorder(str(tmp_path / "h.db"))
    import_files(app, [str(f)])
    (hand_id,) = app.hand_ids()
    again = round_trip(app, hand_id, tmp_path)
    assert again == lines_of(app, hand_id)
    assert sum(line.startswith("note trick 2's winner is not known") for line in again) == 1


# A note (`=n=`) in a row whose notes the record does not keep, in tests/test_pbn.GAME's board 2
# (its [Note "1:a good lead"]): each was dropped without a word, as a mark there was.
NOTES_NOT_KEPT = {
    "a trick whose winner is not known": ("SA S8 S2 S3\nSK S9 - S4 =1=\nSQ ST CT S5\n*",
                                          "the record's note in trick 2's row"),
    "after a trick whose winner is not known": (
        "SA S8 S2 S3\nSK S9 - S4\nSQ =1= ST CT S5\n*",
        "the record's note in trick 3's row (the play is recorded up to trick 2)"),
    "a fault's row": ("SA S8 S2 S3\nSK S9 HA =1= S4\n*",
                      "the record's note in trick 2's row (the play is recorded up to trick 1)"),
    "after a fault": ("SA S8 S2 S3\nSK S9 HA S4\nSQ =1= ST CT S5\n*",
                      "the record's note in trick 3's row (the play is recorded up to trick 1)"),
    "a token no card": ("SA S8 S2 S3\nSK =1= S9 XX S4\n*",
                        "the record's note in trick 2's row (the play is recorded up to trick 1)"),
}


@pytest.mark.parametrize("case", sorted(NOTES_NOT_KEPT))
def test_a_note_of_a_row_not_recorded_is_said_at_the_end_and_comes_back(case, tmp_path):
    play, said = NOTES_NOT_KEPT[case]
    f = tmp_path / "notes.pbn"
    f.write_text(_not_kept_game(play))
    (b,) = list(boards(f.read_text(), str(f)))
    assert b.lines[-1].args["text"] == said + ", kept at the record's end: a good lead"
    assert sum("a good lead" in line.text for line in b.lines) == 1
    app = stored_before_and_extended(tmp_path, f, b)
    (hand_id,) = app.hand_ids()
    assert round_trip(app, hand_id, tmp_path) == lines_of(app, hand_id)
