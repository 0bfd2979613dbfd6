"""Alerts and explanations, tied to the call they explain (issue 38, section 1: "the auction as a
bidding diagram, alerts and explanations where recorded"): the transcript's `2D! "text"`, LIN's
`mb|2D!|` and `an|`, PBN's `=n=` in the auction with its `[Note]`; stored with the auction
(`AuctionCalled` version 2; an auction stored before has none), folded, printed under the report's
diagram, and written back by export-pbn so that the import reads the same."""

from __future__ import annotations

import json
import sqlite3

import pytest
from hypothesis import given, settings, strategies as st

from bridge.lines import parse_line
from bridge.messages import TranscriptError
from recorder.application import HandRecorder
from recorder.importer import import_files
from formats.pbn import boards
from handrec.views import pbn_text
from projections.moment import at
from projections.replay import table_view
from projections.report import report
from handrec.report import report_html
from conftest import events_of

DEAL = "deal N:AKQ2.KQ2.AJ5.K52 JT9.JT9.KT9.QJT9 876.8765.Q76.876 543.A43.8432.A43"
HAND = "\n".join(["hand alerts ruleset=duplicate-2017", "dealer N", DEAL,
                  'auction 1NT pass 2D! "transfer to hearts" pass 2H pass pass 3C! pass pass pass'])


def auction_args(text: str) -> dict:
    line = parse_line(text, 1)
    assert line is not None and line.kind == "auction"
    return line.args


# ---------------------------------------------------------------- the transcript's line


def test_an_alerted_call_and_its_explanation_are_the_auctions():
    a = auction_args('auction 1NT pass 2D! "transfer to hearts" pass 2H pass pass 3C! pass pass pass')
    assert a["calls"] == ["1NT", "pass", "2D", "pass", "2H", "pass", "pass", "3C", "pass", "pass", "pass"]
    assert a["alerts"] == [{"call": 3, "text": "transfer to hearts"}, {"call": 8, "text": ""}]
    # Glued or apart, the same line; the canonical form glues it.
    assert auction_args('auction 1NT pass 2D!"transfer to hearts" pass') == auction_args(
        'auction 1NT pass 2D!   "transfer  to hearts" pass')
    assert parse_line('auction 1NT pass 2D! "transfer to hearts" pass', 1).canonical == \
        'auction 1NT pass 2D!"transfer to hearts" pass'


def test_an_auction_with_no_alert_reads_and_writes_as_before():
    line = parse_line("auction 1S X pass pass pass", 1)
    assert line.args == {"calls": ["1S", "X", "pass", "pass", "pass"], "alerts": []}
    assert line.canonical == "auction 1S X pass pass pass"


def test_a_hash_and_a_double_quote_in_an_explanation_are_kept():
    a = auction_args('auction 2C! "artificial, game force; said ""strong"" #1" pass  # a comment')
    assert a["alerts"] == [{"call": 1, "text": 'artificial, game force; said "strong" #1'}]
    line = parse_line('auction 2C! "artificial, game force; said ""strong"" #1" pass  # a comment', 1)
    assert parse_line(line.canonical).args == line.args


@pytest.mark.parametrize("text, said", [
    ('auction 1C "x', "an explanation opens a double quote and does not close it"),
    ('auction "x" 1C', 'the explanation "x" comes before any call'),
    ('auction 1C! "a" "b"', "1C (call 1) has two explanations"),
    ('auction 1C! 1Z', None),
])
def test_what_cannot_be_read_is_refused_in_one_sentence(text, said):
    with pytest.raises(TranscriptError) as e:
        parse_line(text, 7)
    message = str(e.value)
    assert message.startswith("line 7 ") and "\n" not in message
    if said:
        assert said in message


TEXTS = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=40).map(
    lambda t: " ".join(t.split()))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["pass", "X", "1C", "2D", "3NT", "7S"]),
                          st.one_of(st.none(), TEXTS)), min_size=1, max_size=12))
def test_any_auction_with_alerts_reads_back_from_its_canonical_line(calls):
    """What the recorder writes of an auction reads back as the same calls and alerts, whatever the
    explanations hold (quotes, '#', any letter)."""
    args = {"calls": [c for c, _ in calls],
            "alerts": [{"call": n, "text": t} for n, (_, t) in enumerate(calls, start=1) if t is not None]}
    from bridge.lines import canonical
    text = canonical("auction", args)
    assert parse_line(text).args == args


# ---------------------------------------------------------------- stored, folded, reported


def test_the_table_holds_the_alerts_by_call_and_the_json_lists_them():
    m = at(events_of(HAND))
    assert m.table.alerts == {3: "transfer to hearts", 8: ""}
    assert table_view(m)["alerts"] == [{"call": 3, "text": "transfer to hearts"}, {"call": 8, "text": ""}]


def test_an_auction_stored_before_alerts_reads_with_none(tmp_path):
    """An `AuctionCalled` of version 1 (no `alerts` field) is upcast with none."""
    store = tmp_path / "old.db"
    HandRecorder(str(store)).record(HAND)
    con = sqlite3.connect(store)
    [(rowid, state)] = con.execute(
        "SELECT rowid, state FROM stored_events WHERE topic LIKE '%:Hand.AuctionCalled'").fetchall()
    fields = json.loads(state)
    assert fields.pop("class_version") == 2 and fields.pop("alerts")
    fields["line"] = "auction 1NT pass 2D pass 2H pass pass 3C pass pass pass"
    con.execute("UPDATE stored_events SET state = ? WHERE rowid = ?", (json.dumps(fields).encode(), rowid))
    con.commit()
    con.close()
    m = at(HandRecorder(str(store)).hand_events("alerts"))
    assert m.table.calls[2] == "2D" and m.table.alerts == {}


def test_the_report_marks_each_alerted_call_and_says_what_was_said_under_the_diagram():
    events = events_of(HAND)
    r = report(events)
    assert r["auction"]["rows"][0][1:] == [{"call": "1NT", "alert": None}, {"call": "pass", "alert": None},
                                           {"call": "2D", "alert": 1}]
    assert r["auction"]["alerts"] == [
        {"number": 1, "call": 3, "word": "2D", "seat": "S", "text": "transfer to hearts"},
        {"number": 2, "call": 8, "word": "3C", "seat": "W", "text": ""}]
    html = report_html(events)
    assert '2♦<sup class="alert">1</sup>' in html
    assert "1: South&#39;s 2♦, alerted: transfer to hearts" in html
    assert "2: West&#39;s 3♣, alerted; no explanation is recorded" in html


# ---------------------------------------------------------------- archives


def test_lin_alerts_are_the_auctions_and_come_back_through_pbn(tmp_path):
    lin = tmp_path / "b.lin"
    lin.write_text("pn|S,W,N,E|md|3SAKQ2HKQ2DAJ5CK52,SJT9HJT9DKT9CQJT9,S876H8765DQ76C876,|sv|o|ah|Board 1|"
                   "mb|1N|mb|p|mb|2D!|an|transfer|mb|p|mb|2H|mb|p|mb|p|mb|p|pc|SJ|\n")
    app = HandRecorder(str(tmp_path / "s.db"))
    import_files(app, [str(lin)])
    [hand_id] = app.hand_ids()
    events = app.hand_events(hand_id)
    [auction] = [e.line for e in events if e.line.startswith("auction")]
    assert auction == 'auction 1NT pass 2D!"transfer" pass 2H pass pass pass'
    pbn = pbn_text(events)
    assert "2D =1=" in pbn and '[Note "1:transfer"]' in pbn
    again = tmp_path / "again.pbn"
    again.write_text(pbn)
    other = HandRecorder(str(tmp_path / "again.db"))
    import_files(other, [str(again)])
    [back] = [e.line for e in other.hand_events(other.hand_ids()[0]) if e.line.startswith("auction")]
    assert back == auction


PBN_NOTES = """[Event "club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KQ2.AJ5.K52 JT9.JT9.KT9.QJT9 876.8765.Q76.876 543.A43.8432.A43"]
[Declarer "N"]
[Contract "2H"]
[Result "8"]
[Auction "N"]
1NT Pass 2D =1= Pass
2H =2= Pass Pass Pass
[Note "1:transfer"]
[Note "2:completed"]
[Play "E"]
SJ =1= S8 S3 S2
[Note "1:the lead"]
"""


def test_a_pbn_auctions_notes_and_its_plays_are_each_their_sections():
    """PBN 2.1 §3.9: a [Note] belongs to the section it follows; the auction's note 1 explains 2♦, the
    play's note 1 is a note on the lead (before, only the last [Note] of a game was kept)."""
    [board] = boards(PBN_NOTES, "club/notes.pbn")
    assert board.problem is None
    [auction] = [line for line in board.lines if line.kind == "auction"]
    assert auction.args["alerts"] == [{"call": 3, "text": "transfer"}, {"call": 5, "text": "completed"}]
    assert [line.text for line in board.lines if line.kind == "note"] == ["note the lead"]
