"""The write side: transcripts parsed, physical facts refused, stored whole or not at all."""

from __future__ import annotations

import pytest

from conftest import example
from recorder.application import HandRecorder
from recorder.errors import StoreError, UnknownHand
from recorder.ids import hand_uuid
from bridge.messages import TranscriptError
from formats.transcript import parse

GOOD = example("law83-quit-by-winners")


def test_parse_numbers_events_and_skips_comments():
    lines = parse("# a comment\nhand x   # opened\n\n  dealer s\nplay w s10\n")
    assert [line.canonical for line in lines] == ["hand x ruleset=auction-1912", "dealer S", "play W ST"]
    assert [line.lineno for line in lines] == [2, 4, 5]


@pytest.mark.parametrize("text, reason", [
    ("dealer S\n", "opens with the line 'hand ID'"),
    ("hand x\nplay Q SA\n", "'Q' is not a seat"),
    ("hand x\nplay N SZ\n", "not a card"),
    ("hand x\nfrobnicate\n", "'frobnicate' is not a kind of line (one of hand,"),
    ("hand x\nplya W H2\n", "'plya' is not a kind of line: did you mean 'play'? (one of hand,"),
    ("hand x colour=red\n", "'colour' is not an option"),
    ("hand x quitting=sometimes\n", "option quitting takes one of implicit, strict"),
    ("hand x\nanswer E maybe\n", "the answer is yes"),
    ("hand x\ndeal N:AKQ.AKQ - - -\n", "four suits"),
])
def test_bad_lines_are_refused_with_line_and_reason(text, reason):
    with pytest.raises(TranscriptError) as e:
        parse(text, file="bad.hand")
    assert reason in str(e.value)
    assert str(e.value).startswith("bad.hand")


def test_deterministic_ids():
    assert hand_uuid("dispute-17") == hand_uuid("dispute-17") != hand_uuid("dispute-18")


def test_record_and_reload(recorder):
    r = recorder.record(GOOD, "good.hand")
    assert (r.hand_id, r.added, r.total) == ("law83-quit-by-winners", 14, 14)
    events = recorder.hand_events("law83-quit-by-winners")
    assert [e.originator_version for e in events] == list(range(1, 15))
    assert recorder.hand_ids() == ["law83-quit-by-winners"]


def test_recording_again_adds_only_new_lines(recorder):
    head = GOOD.split("play W SK")[0]
    assert recorder.record(head).added == 9
    r = recorder.record(GOOD)
    assert (r.added, r.total) == (5, 14)
    assert recorder.record(GOOD).added == 0


def test_a_transcript_that_differs_from_the_store_is_refused(recorder):
    recorder.record(GOOD)
    changed = GOOD.replace("play E C9", "play E S2")
    with pytest.raises(TranscriptError) as e:
        recorder.record(changed, "changed.hand")
    assert "differs from event 7" in str(e.value) and "line" in str(e.value)


@pytest.mark.parametrize("bad_line, reason", [
    ("play W HA", "West does not hold HA; it is South's"),
    ("play N S8", "S8 is already on the table"),
    ("withdraw W SQ", "not a card he has played"),
])
def test_physical_facts_refuse_the_whole_transcript(recorder, bad_line, reason):
    text = GOOD + bad_line + "\n"
    with pytest.raises(TranscriptError) as e:
        recorder.record(text, "dispute.hand")
    message = str(e.value)
    assert reason in message and "dispute.hand, line" in message and bad_line in message
    with pytest.raises(UnknownHand):
        recorder.hand_events("law83-quit-by-winners")  # nothing of it was stored


def test_irregularities_are_recorded_not_refused(recorder):
    # A revoke, a lead out of turn, a wrong-side quit, a question to an opponent: all recorded.
    text = example("law85-question-to-opponent")
    assert recorder.record(text).added == len(parse(text))


def test_a_hand_of_fourteen_cards_is_refused():
    from recorder.domainmodel import Hand

    lines = parse("hand x\ndeal N:AKQJT98765432.A.-.- - - -\n".replace(".-.-", ".."))
    hand = Hand.open(lines[0])
    with pytest.raises(TranscriptError, match="L37d"):
        hand.record(lines[1])


def test_unknown_hand_may_play_at_most_thirteen_cards(recorder):
    plays = "".join(f"play E {c}\n" for c in ["SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "S6", "S5", "S4", "S3", "S2", "HA"])
    with pytest.raises(TranscriptError, match="14th"):
        recorder.record("hand u\ncontract 1NT by S\n" + plays)


def test_add_appends_one_line(recorder):
    recorder.record(GOOD)
    r = recorder.add("law83-quit-by-winners", "play W SQ")
    assert r.total == 15
    with pytest.raises(UnknownHand):
        recorder.add("nope", "play W SQ")


def test_store_url_forms(tmp_path):
    app = HandRecorder(f"sqlite:///{tmp_path}/a.db")
    app.record(GOOD)
    assert (tmp_path / "a.db").exists()
    with pytest.raises(StoreError, match="does not exist"):
        HandRecorder(str(tmp_path / "missing" / "a.db"))
    with pytest.raises(StoreError, match="not a store"):
        HandRecorder("mysql://x/y")


def test_digits_that_are_not_ascii_are_refused_not_crashed_on():
    # Found by the fuzzer: "²" is a digit to str.isdigit but not to int().
    for text in ("hand x\ncontract ²H by S\n", "hand x\nclaim S ²\n", "hand x\nauction ²C\n"):
        with pytest.raises(TranscriptError):
            parse(text)


def test_an_append_for_a_hand_of_n_events_is_stored_only_while_it_has_n(store):
    """`add(..., expected=N)`: the check is the append's own. Two recorders (as the room and a
    `handrec add` beside it) append at once, each for the count it read: one is stored, the other is
    told the hand changed, and never both (issue 20, 6: 11 of 330 clicks were stored one event behind)."""
    import threading

    from recorder.errors import HandChanged, StoreError

    first = HandRecorder(store)
    first.record(example("law83-quit-by-winners"))
    second = HandRecorder(store)
    with pytest.raises(HandChanged) as told:
        first.add("law83-quit-by-winners", "note stale", expected=13)
    assert told.value.total == 14 and "nothing was stored" in str(told.value)
    rounds = 12
    for r in range(rounds):
        n = 14 + r
        barrier = threading.Barrier(2)
        stored: list[str] = []

        def append(app: HandRecorder, who: str) -> None:
            barrier.wait()
            try:
                app.add("law83-quit-by-winners", f"note by={who} round {r}", expected=n)
                stored.append(who)
            except StoreError:  # HandChanged, or the store's "changed while being recorded"
                pass
        threads = [threading.Thread(target=append, args=(app, who)) for app, who in ((first, "A"), (second, "B"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert len(stored) == 1, (r, stored)
    assert len(first.hand_events("law83-quit-by-winners")) == 14 + rounds
