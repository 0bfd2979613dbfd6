"""The bytes a store holds of each kind of event, pinned: every topic `Hand.<Event>` and the order of
its state's fields, as the versions before the kinds were declared once wrote them (a8e8f15, the
last commit with the event classes written out by hand), for every example transcript, a rubber
and a second account that hold the kinds no example holds. The declarations make the event classes
(`recorder.domainmodel.event_class`), so a field renamed or moved in a declaration changes what a
store holds; this test, not the declaration, says what it must hold. A kind added later adds its
row here."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from recorder.application import HandRecorder

EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"
RUBBER = ("hand r1 rubber=pin\ndealer S\n"
          "deal N:T98.9876.T98543. 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.2.876432\n"
          "contract 4H by S\nnote a quiet hand\nhonors S HA HK HQ HJ HT\nvoid N C\nclaim S 10\n",
          "hand r2 rubber=pin\ndealer W\n"
          "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\n"
          "correct r1 NS honor +10\ncontract 3NT by E\nclaim E 9\nagree\nappeal by=committee the score stands\n")

# topic's class name → its state's fields in the order stored (the timestamp first; the class
# version last, for a class above its first version).
PINNED = {
    "Answered": ("timestamp", "seat", "answer", "line"),
    "AppealDecided": ("timestamp", "author", "text", "line"),
    "Asked": ("timestamp", "asker", "asked", "line"),
    "AttentionDrawn": ("timestamp", "seat", "text", "line"),
    "AuctionCalled": ("timestamp", "calls", "alerts", "line", "class_version"),
    "CardExposed": ("timestamp", "seat", "card", "line"),
    "CardPlayed": ("timestamp", "seat", "cards", "line"),
    "CardRestored": ("timestamp", "seat", "card", "line"),
    "CardWithdrawn": ("timestamp", "seat", "card", "misinformed", "not_named", "line", "class_version"),
    "CardsCut": ("timestamp", "line"),
    "ClaimAdjudicated": ("timestamp", "tricks", "author", "text", "line"),
    "ClaimDoubted": ("timestamp", "seat", "line"),
    "ContractSet": ("timestamp", "contract", "line"),
    "DealerNamed": ("timestamp", "seat", "line"),
    "Dealt": ("timestamp", "deal", "line"),
    "EventAmended": ("timestamp", "event", "author", "reason", "replacement", "line"),
    "EventStruck": ("timestamp", "event", "author", "reason", "line"),
    "FactFound": ("timestamp", "author", "text", "line"),
    "FifthCardDeemed": ("timestamp", "event", "led", "author", "line"),
    "FifthCardPlayed": ("timestamp", "seat", "card", "line"),
    "HonorsHeld": ("timestamp", "seat", "cards", "line"),
    "MissingCardFound": ("timestamp", "seat", "card", "line"),
    "NoteMade": ("timestamp", "text", "author", "line", "class_version"),
    "Opened": ("timestamp", "originator_topic", "hand_id", "ruleset", "options", "line", "rubber", "source", "trunk",
               "trunk_at"),
    "PenaltyElected": ("timestamp", "seat", "choice", "words", "line"),
    "RevokeClaimed": ("timestamp", "side", "seat", "line"),
    "RubberAgreed": ("timestamp", "line"),
    "ScoreAdjusted": ("timestamp", "law", "ns", "ew", "author", "text", "line"),
    "ScoreCorrected": ("timestamp", "hand", "side", "column", "points", "line"),
    "SharedCorrected": ("timestamp", "account", "event", "line"),
    "SurplusNamed": ("timestamp", "seat", "card", "line"),
    "TagGiven": ("timestamp", "name", "value", "line"),
    "TrickPutRight": ("timestamp", "seat", "card", "line"),
    "TrickQuitted": ("timestamp", "side", "line"),
    "TricksClaimed": ("timestamp", "seat", "tricks", "text", "line", "class_version"),
    "TricksInspected": ("timestamp", "line"),
    "TricksMixed": ("timestamp", "seat", "line"),
    "UnknownCardPlayed": ("timestamp", "seat", "line"),
    "VoidHeld": ("timestamp", "seat", "suit", "line"),
}


def test_every_kind_of_event_is_stored_as_it_always_was(tmp_path):
    store = tmp_path / "store.db"
    app = HandRecorder(str(store))
    for path in sorted(EXAMPLES.glob("*.hand")):
        app.record(path.read_text())
    for text in RUBBER:
        app.record(text)
    # A second account of an example, and a correction of the part it shares, made through it: the
    # correction is stored in the first account and referenced (`shared`) in the second.
    app.record("hand east branch=law83-quit-by-winners@8\nwithdraw E C9\nplay E S2\nquit EW\n")
    app.correct("east", ["amend 6 by=TD play N ST -- it was the ten"])
    stored: dict[str, set[tuple[str, ...]]] = {}
    with sqlite3.connect(store) as conn:
        for topic, state in conn.execute("SELECT topic, state FROM stored_events ORDER BY rowid"):
            assert topic.startswith("recorder.domainmodel:Hand."), topic
            stored.setdefault(topic.rsplit(".", 1)[1], set()).add(tuple(json.loads(state)))
    assert {name: sorted(orders) for name, orders in stored.items()} == {
        name: [PINNED[name]] for name in stored}, "a kind's stored fields changed"
    # Every pinned kind is held by the transcripts above, so each row of PINNED is checked.
    assert set(stored) == set(PINNED)
