"""The Director's adjusted score (issue 22: "Where the code leaves a judgment to the director ...
handrec says that a judgment is needed and records the director's when given; it never invents
one"): the `adjust` line, what it does to the rulings and the score under each code, and the
command line."""

from __future__ import annotations

import json

import pytest
from conftest import events_of
from exam_board import T1_W, head, plays
from test_cli import run

from bridge.lines import canonical, parse_line
from bridge.messages import TranscriptError
from projections.moment import at, rulings_at
from projections.score import score

# East revokes on trick 1 (the C9 holding the S2) and it is established when West leads to trick 2;
# South claims the rest: a revoke with the L64C flag, and a board to score.
REVOKED = plays("W SA N S8 E C9 S S3 W SK N S9 E S2 S S4") + "claim S 11\n"
ADJUST = "adjust 64C NS+450 by=TD had East followed, an eleventh trick came in\n"


@pytest.mark.parametrize("text, args, back", [
    ("adjust 64C NS+450 by=TD why", {"law": "64C", "ns": 450, "ew": -450, "author": "TD", "text": "why"},
     "adjust 64C NS+450 by=TD why"),
    ("adjust l16b ew-100 ns+50 tempo", {"law": "16B", "ns": 50, "ew": -100, "author": "", "text": "tempo"},
     "adjust 16B NS+50 EW-100 tempo"),
    ("adjust 12C1 EW+200 averages", {"law": "12C1", "ns": -200, "ew": 200, "author": "", "text": "averages"},
     "adjust 12C1 NS-200 averages"),
])
def test_the_line_reads_and_writes_back_in_one_form(text, args, back):
    line = parse_line(text)
    assert line.args == args and canonical(line.kind, line.args) == back


@pytest.mark.parametrize("text, why", [
    ("adjust 64C by=TD reason", "gives a side's score"),
    ("adjust sixty NS+1 reason", "is not a law's number"),
    ("adjust 64C NS+1 NS+2 reason", "NS's score is given twice"),
    ("adjust 64C NS+1 by=TD", "says why the Director gave it"),
])
def test_a_line_written_wrong_is_one_sentence(text, why):
    with pytest.raises(TranscriptError) as e:
        parse_line(text)
    assert why in str(e.value)


def test_no_adjustment_no_number_the_flag_says_a_judgment_may_be_needed():
    out = rulings_at(events_of(head() + REVOKED))
    (r,) = out["revokes"]
    assert r["transfer"]["equity"]["law"] == "64C" and "given" not in r["transfer"]["equity"]
    assert "adjustments" not in out
    board = score(at(events_of(head() + REVOKED)))
    assert board["score"] == {"NS": 480, "EW": -480} and "adjusted" not in board


def test_the_adjusted_score_is_the_boards_and_the_flag_says_it_was_given():
    events = events_of(head() + REVOKED + ADJUST)
    out = rulings_at(events)
    (r,) = out["revokes"]
    assert r["transfer"]["equity"]["given"] == 15
    assert out["adjustments"] == [{"event": 15, "law": "64C", "NS": 450, "EW": -450, "by": "TD",
                                   "text": "had East followed, an eleventh trick came in"}]
    board = score(at(events))
    assert board["score"] == {"NS": 450, "EW": -450} and board["adjusted"]["event"] == 15
    assert board["NS"]["total"] == 480  # the columns: the score the play and the transfer give
    assert any("adjusted score at event 15" in n for n in board["notes"])
    assert not any("no adjustment is made here" in n for n in board["notes"])


def test_the_last_adjustment_counts_and_sides_may_differ():
    events = events_of(head() + REVOKED + ADJUST + "adjust 12C1 NS+420 EW-450 by=TD on review\n")
    board = score(at(events))
    assert board["score"] == {"NS": 420, "EW": -450} and board["adjusted"]["law"] == "12C1"


def test_the_1912_code_gives_no_adjusted_score():
    text = head("auction-1912").replace("tag Vulnerable None\n", "")
    events = events_of(text + REVOKED + ADJUST)
    out = rulings_at(events)
    (i,) = [i for i in out["irregularities"] if i["kind"] == "adjustment-not-in-code"]
    assert i["event"] == 14 and "changes nothing" in i["explanation"]
    assert "adjustments" not in out
    assert "adjusted" not in score(at(events))


def test_the_room_offers_the_line_where_a_judgment_may_be_needed():
    from handrec.review.page import with_words
    from projections.replay import replay

    def starts(text: str) -> list[str]:
        return [a["start"] for a in with_words(replay(events_of(text)))["acts"]["starts"]]

    assert "adjust 64C NS" in starts(head() + REVOKED)
    assert "adjust 64C NS" not in starts(head() + plays("W SA N S8 E S2 S S3"))


def test_score_json_from_the_command_line(store, tmp_path):
    hand = tmp_path / "adj.hand"
    hand.write_text(head().replace("hand exam", "hand adj") + REVOKED + ADJUST, encoding="utf-8")
    run("record", str(hand), store=store)
    board = json.loads(run("score", "adj", "--json", store=store).stdout)
    assert board["score"] == {"NS": 450, "EW": -450} and board["adjusted"]["by"] == "TD"
    text = run("score", "adj", store=store).stdout
    assert "score: NS +450, EW -450" in text and "adjusted score at event 15" in text
