"""A kind of line is one entry, and each of its pieces is held by a test (issue 21, part 2): the
vocabulary's entry, the stored event, the table's fold, the physical check and the movement of the
cards, each declared for every kind (None where a kind checks nothing or moves no card: never a
silent default). And each movement is held by what it does, the same on every path a record takes:
recorded line by line, read back from a store, rebuilt after an unrelated correction, and an
archive's new board recorded whole. (Deleting `pack.MOVES["void"]` once let East play a spade
after `void E S` and an unrelated `strike`: that deletion fails here.)"""

from __future__ import annotations

import pytest

from bridge.lines import KINDS, parse_line
from bridge.messages import TranscriptError
from projections.table import FOLD
from recorder import pack
from recorder.application import HandRecorder
from recorder.domainmodel import EVENT_OF_KIND, Hand
from recorder.transcript import parse

DEAL = "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"
SHORT = "deal N:T98.9876.T98.87 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"  # North dealt 12: C6 missing
OPEN = "dealer S\ncontract 4H by S\n"

# West's cards but the C2, played one by one (the pack checks who holds what, not whose turn it is).
WEST_BUT_ONE = "".join(f"play W {c}\n" for c in "SA SK SQ SJ H3 H2 D5 D4 D3 D2 C4 C3".split())

# kind → (the lines before, the line of that kind, a line after it, whether the record refuses that line)
MOVES = {
    # A card not known is one of West's: with it, his thirteen are played, and the C2 cannot be.
    "unknown": (f"{DEAL}\n{OPEN}{WEST_BUT_ONE}", "unknown W", "play W C2", True),
    "play": (f"{DEAL}\n{OPEN}", "play W SA", "play W SA", True),
    "deal": (OPEN, DEAL, "play N SA", True),
    "withdraw": (f"{DEAL}\n{OPEN}play W SA\nplay N S8\nplay E C9\n", "withdraw E C9", "play E C9", False),
    "restore": (f"{DEAL}\n{OPEN}play W SA\nplay N S8\nplay E C9\n", "restore E C9", "play E C9", False),
    "found": (f"{SHORT}\n{OPEN}", "found N C6", "play N C6", False),
    "put-right": (f"{DEAL}\n{OPEN}", "put-right E C9", "play E C9", True),
    # A fifth card lies on the trick (L45E) until the Director decides: deemed not led, it is back in hand.
    "fifth": (f"{DEAL}\n{OPEN}play W SA\nplay N S8\nplay E S2\nplay S S3\n", "play E CQ fifth", "play E CQ", True),
    "deem": (f"{DEAL}\n{OPEN}play W SA\nplay N S8\nplay E S2\nplay S S3\nplay E CQ fifth\n", "deem 9 not-led",
             "play E CQ", False),
    "honors": (OPEN, "honors S HA", "play N HA", True),
    "void": (OPEN, "void E S", "play E S2", True),
    "contract": ("dealer S\n", "contract 4H by S", "contract 4S by S", True),
    "auction": ("dealer S\n", "auction 1H pass 4H pass pass pass", "auction 1S pass pass pass", True),
}


def test_every_kind_declares_each_piece():
    for kind in KINDS.values():
        assert kind.name in FOLD, f"the table has no fold for '{kind.name}'"
        if kind.name == "hand":
            continue
        cls = EVENT_OF_KIND[kind.name]
        assert cls.kind == kind.name and getattr(Hand, kind.event) is cls, kind.name
        assert kind.name in pack._CHECKS, f"'{kind.name}' does not say what it checks (None: nothing)"
        assert kind.name in pack.MOVES, f"'{kind.name}' does not say how it moves the cards (None: not)"
    moving = {k for k, move in pack.MOVES.items() if move is not None}
    assert moving == set(MOVES), "each movement of the cards is held by a case below"


def _refused(record) -> bool:
    try:
        record()
    except TranscriptError:
        return True
    return False


def _text(before: str, line: str, after: str = "") -> str:
    return f"hand k\n{before}{line}\n{after}"


@pytest.mark.parametrize("kind", sorted(MOVES))
def test_each_movement_of_the_cards_is_the_same_on_every_path(kind, tmp_path):
    before, line, probe, refused = MOVES[kind]
    # 1. Recorded line by line, as a transcript is.
    lines = parse(_text(before, line))
    hand = Hand.open(lines[0])
    hand.record_lines(lines[1:])
    assert _refused(lambda: hand.record(parse_line(probe))) is refused, "recorded"
    # 2. Read back from the store, then the next line added.
    store = str(tmp_path / "h.db")
    HandRecorder(store).record(_text(before, line))
    assert _refused(lambda: HandRecorder(store).add("k", probe)) is refused, "read back"
    # 3. Rebuilt after a correction of another event (a note struck).
    store2 = str(tmp_path / "h2.db")
    app = HandRecorder(store2)
    app.record(_text(before, line, "note a slip\n"))
    n = len(app.hand_events("k"))
    app.correct("k", [f"strike {n} recorded in error"])
    assert _refused(lambda: HandRecorder(store2).add("k", probe)) is refused, "rebuilt after a correction"
    # 4. An archive's new board, recorded whole in one act: the same record stored, or the same refusal.
    app3 = HandRecorder(str(tmp_path / "h3.db"))
    whole = parse(_text(before, line, probe + "\n"))
    assert _refused(lambda: app3.prepare(whole, new=True)) is refused, "recorded whole"
