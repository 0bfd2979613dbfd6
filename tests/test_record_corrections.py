"""Corrections of the record (`strike`, `amend`): a recording slip is corrected by an event of its
own; nothing stored changes, and every fold reads the record as corrected."""

from __future__ import annotations

import json
import re

import pytest

from bridge.lines import parse_line
from conftest import events_of, example
from expectations import EXAMPLES
from handrec.views import pbn_text
from projections.moment import at, rulings_at
from projections.timeline import timeline
from recorder.application import HandRecorder
from test_cli import run

SWAP = "record-amend-two-cards-swapped"
STRIKE = "record-strike-a-quit-never-made"


def test_the_lines_read_and_write_themselves():
    for text in ("strike 9 by=TD the trick was still face up", "amend 7 by=TD play E S2 -- swapped",
                 "amend 7 play E S2", "amend 12 note a -- b -- the reason"):
        line = parse_line(text)
        assert parse_line(line.canonical).args == line.args
    assert parse_line("amend 7 play e s2 -- why").args == {"event": 7, "author": "", "reason": "why",
                                                           "replacement": "play E S2"}
    for bad, why in (("strike 1 x", "opens the record"), ("strike 9", "strike N [by=NAME] REASON"),
                     ("amend 7 hand other", "an act of the hand"), ("amend 7 strike 3 x", "an act of the hand"),
                     ("amend 7 play E ZZ", "cannot be read"), ("amend x play E S2", "is not the number")):
        with pytest.raises(Exception, match=re.escape(why)):
            parse_line(bad)


def test_the_rulings_json_names_the_corrections_and_reads_the_record_as_corrected():
    events = events_of(example(STRIKE))
    r = rulings_at(events)
    assert r["corrections"] == [{"event": 9, "correction": 14, "kind": "struck", "original": "quit EW",
                                 "as_corrected": None, "author": "TD",
                                 "reason": "the trick was still face up when West asked; the quit was pressed too early"}]
    assert rulings_at(events, 13)["corrections"] == []
    assert at(events).table.tricks[0].quitted_by is None  # the quit never happened
    assert at(events, 13).table.tricks[0].quitted_by == "EW"  # as it was read before the correction


def test_the_timeline_shows_the_original_the_correction_and_what_it_changed():
    rows = timeline(events_of(example(SWAP)))
    assert rows[6]["line"] == "play E C9"
    assert rows[6]["corrected"]["kind"] == "amended" and rows[6]["corrected"]["as_corrected"] == "play E S2"
    assert rows[14]["line"].startswith("amend 7 by=TD play E S2")
    gone = rows[14]["changes"] + rows[15]["changes"]
    assert any("E's C9 (trick 1)" in c and "no longer in the record as corrected" in c for c in gone), gone


def test_a_correction_that_breaks_a_physical_fact_is_refused_and_nothing_is_stored(store):
    app = HandRecorder(store)
    app.record(example("law83-quit-by-winners"))
    with pytest.raises(Exception, match="S2 is already on the table, played by East"):
        app.correct("law83-quit-by-winners", ["amend 7 play E S2 -- alone it puts the S2 in two tricks"])
    with pytest.raises(Exception, match="there is no event 40"):
        app.add("law83-quit-by-winners", "strike 40 no such event")
    assert len(app.hand_events("law83-quit-by-winners")) == 14
    app.correct("law83-quit-by-winners", ["amend 7 by=TD play E S2 -- swapped", "amend 12 by=TD play E C9 -- swapped"])
    with pytest.raises(Exception, match="event 15 is itself a correction; correct event 7 again instead"):
        app.add("law83-quit-by-winners", "strike 15 a correction of a correction")
    # Reloaded, the hand checks what comes next against the record as corrected.
    again = HandRecorder(store)
    with pytest.raises(Exception, match="S2 is already on the table, played by East"):  # at event 7 now
        again.add("law83-quit-by-winners", "play E S2")
    assert again.add("law83-quit-by-winners", "play W SQ").total == 17
    # Everything stored is still there.
    assert [e.line for e in again.hand_events("law83-quit-by-winners")][:14] == \
        [e.line for e in events_of(example("law83-quit-by-winners"))]


def test_strike_and_amend_as_a_user_runs_them(tmp_path):
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)
    p = run("amend", "law83-quit-by-winners", "7", "play E S2", "12", "play E C9", "--reason",
            "the operator swapped East's cards", "--by", "TD", store=store)
    assert p.stdout == "law83-quit-by-winners: events 7, 12 amended (events 15-16)\n"
    r = json.loads(run("rulings", "law83-quit-by-winners", "--json", store=store).stdout)
    assert r["revokes"] == [] and [c["event"] for c in r["corrections"]] == [7, 12]
    text = run("timeline", "law83-quit-by-winners", store=store).stdout
    assert "✗ amended at event 15 by TD to 'play E S2': the operator swapped East's cards" in text
    refused = run("strike", "law83-quit-by-winners", "9", "--reason", "x", "--by", "the director", store=store,
                  ok=False)
    assert refused.returncode == 1 and refused.stderr.startswith("handrec: --by names the one who corrects")
    refused = run("amend", "law83-quit-by-winners", "7", "play E HA", "--reason", "x", store=store, ok=False)
    assert refused.stderr == ("handrec: with event 7 amended, the record breaks a physical fact: event 7 "
                              "('play E HA'): East does not hold HA; it is South's.\n")
    assert run("strike", "law83-quit-by-winners", "9", "--reason", "no quit", store=store).stdout == \
        "law83-quit-by-winners: event 9 struck by event 17\n"
    transcript = run("export-pbn", "law83-quit-by-winners", "--transcript", store=store).stdout.splitlines()
    assert transcript[6] == "play E C9" and transcript[16] == "strike 9 no quit"  # the record itself, all of it
    pbn = pbn_text(HandRecorder(store).hand_events("law83-quit-by-winners"))
    assert "^R" not in pbn and "S2" in pbn.split("[Play")[1].split("\n")[1]  # the corrected play


def test_a_transcript_with_its_corrections_records_again_as_it_is():
    events = events_of(example(SWAP))
    assert [e.line for e in events][14:] == [
        "amend 7 by=TD play E S2 -- the operator swapped East's cards between tricks 1 and 3",
        "amend 12 by=TD play E C9 -- the operator swapped East's cards between tricks 1 and 3"]


@pytest.mark.slow  # many processes: nine handrec runs in a row
def test_an_edited_transcript_is_refused_with_the_corrections_and_record_amend_makes_them(tmp_path):
    store = str(tmp_path / "hands.db")
    path = tmp_path / "dispute.hand"
    original = example("law83-quit-by-winners")
    path.write_text(original, encoding="utf-8")
    run("record", str(path), store=store)
    edited = (original.replace("play E C9   # 7", "play E S2   # 7").replace("play E S2   # 12", "play E C9   # 12")
              .replace("play N S9   # 11\n", "") + "play W SQ\n")
    path.write_text(edited, encoding="utf-8")
    p = run("record", str(path), store=store, ok=False)
    assert p.returncode == 1
    assert "this differs from event 7 already stored" in p.stderr and "record --amend" in p.stderr
    assert p.stderr.splitlines()[1:4] == ["  amend 7 play E S2 -- REASON", "  strike 11 REASON",
                                          "  amend 12 play E C9 -- REASON"]
    # (and, if the transcript is another account of the hand, how to open it: issue 38, section 6)
    assert p.stderr.splitlines()[4:] == ["  or, if it is another account of the hand, open it under an id of its own "
                                         "from the last event both share: hand NEW-ID branch=law83-quit-by-winners@6 "
                                         "as its hand line, then its own lines"]
    assert run("list", store=store).stdout and len(json.loads(run(
        "timeline", "law83-quit-by-winners", "--json", store=store).stdout)) == 14  # nothing stored
    done = run("record", "--amend", "--reason", "the operator's slips", "--by", "TD", str(path), store=store)
    assert done.stdout == "law83-quit-by-winners: recorded 4 events (18 in all)\n"
    lines = run("export-pbn", "law83-quit-by-winners", "--transcript", store=store).stdout.splitlines()
    assert lines[14:] == ["amend 7 by=TD play E S2 -- the operator's slips", "strike 11 by=TD the operator's slips",
                          "amend 12 by=TD play E C9 -- the operator's slips", "play W SQ"]
    # The edited transcript is now the record as corrected: recording it again adds nothing.
    assert "already stored, nothing new (18 events)" in run("record", str(path), store=store).stdout
    # A line added before the end cannot be a correction.
    path.write_text(edited.replace("play W SA   # 5\n", "note by=TD before the lead\nplay W SA   # 5\n"),
                    encoding="utf-8")
    p = run("record", "--amend", "--reason", "x", str(path), store=store, ok=False)
    assert "adds lines before event" in p.stderr and "a stored record only grows at its end" in p.stderr
    assert run("record", "--amend", str(path), store=store, ok=False).stderr.startswith(
        "handrec: record --amend corrects the stored record: say why with --reason TEXT")


def test_a_correction_s_reason_has_a_note_s_bound():
    with pytest.raises(Exception, match="a note is at most 64 KiB"):
        parse_line("strike 5 " + "x" * 70_000)
    with pytest.raises(Exception, match="a note is at most 64 KiB"):
        parse_line("amend 5 play W SA -- " + "x" * 70_000)


def test_a_hand_has_one_contract_and_one_auction_and_a_struck_one_may_be_recorded_again(tmp_path):
    app = HandRecorder(str(tmp_path / "hands.db"))
    app.record("hand one-contract\ndealer S\ncontract 4H by S\n")
    with pytest.raises(Exception, match=r"the contract is already recorded \('contract 4H by S'\); a hand has one"):
        app.add("one-contract", "contract 4S by S")
    app.add("one-contract", "auction 1H pass 4H pass pass pass")
    with pytest.raises(Exception, match="the auction is already recorded"):
        app.add("one-contract", "auction pass pass pass pass")
    app.add("one-contract", "strike 3 by=TD the contract was written before the auction was read back")
    assert app.add("one-contract", "contract 4HX by S").total == 6
    assert rulings_at(app.hand_events("one-contract"))["corrections"][0]["original"] == "contract 4H by S"


def test_the_timeline_says_what_a_correction_changed_when_no_status_flips(tmp_path):
    """Issue 19, 4.2: an amend that moved an establishment from event 10 to 9 and took a
    wrong-side-quit out of the record showed no change at all."""

    store = str(tmp_path / "h.db")
    run("record", str(EXAMPLES / "law83-quit-by-wrong-side.hand"), store=store)
    run("amend", "law83-quit-by-wrong-side", "9", "quit EW", "--reason", "EW quitted it", "--by", "TD", store=store)
    rows = json.loads(run("timeline", "law83-quit-by-wrong-side", "--json", store=store).stdout)
    assert rows[-1]["changes"] == ["E's C9 (trick 1): established at event 9, not 10 [L83]",
                                   "wrong-side-quit by NS at event 9: no longer in the record as corrected"]


def test_a_refusal_that_suggests_corrections_is_whole_and_its_corrections_can_be_made(tmp_path):
    """Issue 19, 4.6: the refusal of an edited transcript is never cut in the middle of its
    sentence, says that its corrections go together, and each correction it suggests can be made:
    alone, one that needs another says which and how; together (`handrec amend` of both), they are."""
    store = str(tmp_path / "h.db")
    ex = EXAMPLES / "law83-quit-by-winners.hand"
    run("record", str(ex), store=store)
    swapped = ex.read_text().replace("play E C9   # 7", "play E S2").replace("play E S2   # 12", "play E C9")
    (tmp_path / "swapped.hand").write_text(swapped)
    p = run("record", str(tmp_path / "swapped.hand"), store=store, ok=False)
    head, *fixes = p.stderr.strip().splitlines()
    assert "…" not in head and head.endswith("(record them with 'handrec record --amend --reason TEXT FILE').")
    assert "these corrections, together, in one act, would bring the store to the transcript" in head
    assert [f.strip() for f in fixes[:2]] == ["amend 7 play E S2 -- REASON", "amend 12 play E C9 -- REASON"]
    # (and, under them, how it would be recorded were it another account of the hand: issue 38, 6)
    assert fixes[2:] == ["  or, if it is another account of the hand, open it under an id of its own from the last "
                         "event both share: hand NEW-ID branch=law83-quit-by-winners@6 as its hand line, then its own "
                         "lines"]
    alone = run("add", "law83-quit-by-winners", "amend 7 play E S2 -- REASON", store=store, ok=False)
    assert ("if event 12 was recorded in error too, correct both in one act (handrec amend law83-quit-by-winners "
            "7 LINE 12 LINE --reason TEXT)") in alone.stderr
    run("amend", "law83-quit-by-winners", "7", "play E S2", "12", "play E C9", "--reason", "swapped", store=store)
    assert run("record", str(tmp_path / "swapped.hand"), store=store).returncode == 0  # the store is the transcript now


def test_a_long_message_is_cut_between_words_and_keeps_what_it_quotes_short():
    from bridge.messages import MESSAGE_MAX, shortened

    ours = "this differs from the stored record; " + " ".join(["the words of our own sentence"] * 6)
    assert shortened(ours) == ours  # ours, under the bound: whole
    quoted = "'" + "a b " * 400 + "' is not a kind of line (one of hand, dealer, ...)"
    said = shortened(quoted)
    assert len(said) <= MESSAGE_MAX and said.endswith("is not a kind of line (one of hand, dealer, ...)")
    long_ours = " ".join(f"word{i}" for i in range(200))
    cut = shortened(long_ours)
    assert " … " in cut and all(w.startswith("word") and w[4:].isdigit() for w in cut.replace(" … ", " ").split())


def test_a_rebuild_after_a_correction_parses_no_line_again(tmp_path, monkeypatch):
    """Issue 41, part 3: the aggregate keeps its record's lines parsed (`Hand.parsed_line`): the
    cards rebuilt after each correction, when the hand is read back and when a correction is
    checked and made, read parsed lines; each line of the record, and each line a correction says
    it should have read, is parsed once however many corrections follow it."""
    from recorder import domainmodel

    app = HandRecorder(str(tmp_path / "s.db"))
    app.record(example(SWAP))  # (two amends in one act)
    parsed: list[str] = []
    monkeypatch.setattr(domainmodel, "parse_line", lambda text: parsed.append(text) or parse_line(text))
    hand = app.hand("record-amend-two-cards-swapped")  # read back: the cards rebuilt twice
    hand.correct([parse_line("strike 14 the trick was not quitted")])  # checked, then applied: twice more
    assert len(parsed) == len(set(parsed)), "a line parsed twice"
    acts = {text for _, text in hand.corrected_lines()[1:]}
    assert acts <= set(parsed) and len(parsed) <= len(hand.lines) + 2  # (the acts and the two amends' lines)
