"""The hand as an event-sourced aggregate: every act at the table is one event.

Public methods check only physical facts (a card its player does not hold, a card played
twice, a hand of more than thirteen cards); they never judge an act by the laws. Every
irregularity is recorded as it happened; `projections` says what the laws make of it.
Events apply only: their `apply` runs again on every reload.

Stored event names are `recorder.domainmodel:Hand.<Name>`; renaming one needs an upcaster.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from bridge import cards
from bridge.lines import KINDS, Line, TranscriptError

HAND_NAMESPACE = uuid5(NAMESPACE_URL, "https://handrec.invalid/hand")

def hand_uuid(hand_id: str) -> UUID:
    """Deterministic: the same hand id always names the same stored hand."""
    return uuid5(HAND_NAMESPACE, hand_id)


class PhysicalError(TranscriptError):
    """An act that cannot have happened with a real pack of 52 cards."""


class Hand(Aggregate):
    """One deal of bridge, from the opening of the record to the cut for the next deal."""

    @staticmethod
    def create_id(hand_id: str) -> UUID:
        return hand_uuid(hand_id)

    @event("Opened")
    def __init__(self, hand_id: str, ruleset: str, options: dict[str, str], line: str, rubber: str = "",
                 source: dict[str, str] | None = None) -> None:
        self.hand_id = hand_id
        self.ruleset = ruleset
        self.options = dict(options)
        self.rubber = rubber
        self.source = dict(source or {})  # for an imported hand: file, board, room, table
        self.voids: dict[str, set[str]] = {s: set() for s in cards.SEATS}
        self.lines: list[str] = [line]
        self.held: dict[str, set[str] | None] = {s: None for s in cards.SEATS}
        self.owner: dict[str, str] = {}  # card → the seat known to hold or have held it
        self.on_table: dict[str, str] = {}  # card → the seat that played it, until withdrawn
        self.dealt = False
        self.played_any = False

    # ------------------------------------------------------------ recording a line

    @classmethod
    def open(cls, line: Line) -> "Hand":
        if line.kind != "hand":
            raise PhysicalError("a hand's record opens with the line 'hand ID'")
        a = line.args
        return cls(hand_id=a["hand_id"], ruleset=a["ruleset"], options=a["options"], line=line.canonical,
                   rubber=a.get("rubber", ""), source=a.get("source") or None)

    def record(self, line: Line, timestamp: datetime | None = None) -> None:
        """Apply one line, or refuse it when it breaks a physical fact. Lines recorded in one act
        (a transcript, an archive's board) may share the `timestamp` of that act."""
        kind = line.kind
        if kind == "hand":
            raise PhysicalError("a hand is opened once; 'hand' may only be the first line")
        check = _CHECKS.get(kind)
        if check is not None:
            check(self, line.args)
        cls, fields = EVENT_OF_KIND[kind]
        a = line.args
        self._next(cls, line.canonical, timestamp, **{f: a[f] for f in fields})

    def _next(self, cls: type[Aggregate.Event], line: str, timestamp: datetime | None, **state: Any) -> None:
        """What eventsourcing's `trigger_event` does (the event made as this hand's next, checked
        and applied by its `mutate`, kept pending until saved), without its generic checks and
        copies of the arguments: most of an archive's import is spent here."""
        event = cls(originator_id=self.id, originator_version=self.version + 1,  # type: ignore[call-arg]
                    timestamp=timestamp or cls.create_timestamp(), line=line, **state)
        event.mutate(self)
        self._pending_events.append(event)

    # ------------------------------------------------------------ physical facts

    def _check_play(self, a: dict[str, Any]) -> None:
        for c in a["cards"]:
            self._check_can_play(a["seat"], c)

    def _check_deal(self, a: dict[str, Any]) -> None:
        deal = a["deal"]
        if self.dealt:
            raise PhysicalError("the deal is already recorded; a hand is dealt once")
        if self.played_any:
            raise PhysicalError("the deal is recorded before the first card is played")
        for s, hand in cards.pbn_deal(deal).items():
            if hand is not None and len(hand) > 13:
                # L37d: a hand of more than 13 cards means a new deal; there is no play to record.
                raise PhysicalError(
                    f"{cards.SEAT_NAMES[s]} is dealt {len(hand)} cards; a hand of more than 13 cards "
                    "is a misdeal and must be dealt again (L37d)"
                )

    def _check_can_play(self, s: str, c: str) -> None:
        name = cards.SEAT_NAMES[s]
        if c in self.on_table:
            raise PhysicalError(f"{c} is already on the table, played by {cards.SEAT_NAMES[self.on_table[c]]}")
        if c[0] in self.voids[s]:
            raise PhysicalError(f"{name} was void in {cards.SUIT_NAMES[c[0]]} and cannot play {c}")
        held = self.held[s]
        if held is not None:
            if c not in held:
                owner = self.owner.get(c)
                whose = f"; it is {cards.SEAT_NAMES[owner]}'s" if owner and owner != s else ""
                raise PhysicalError(f"{name} does not hold {c}{whose}")
            return
        owner = self.owner.get(c)
        if owner is not None and owner != s:
            raise PhysicalError(f"{name} cannot hold {c}: it is {cards.SEAT_NAMES[owner]}'s")
        if owner is None:
            known = sum(1 for o in self.owner.values() if o == s)
            if known >= 13:
                raise PhysicalError(f"{name} has already shown 13 different cards; {c} would be a 14th")

    def _check_honors(self, a: dict[str, Any]) -> None:
        for c in a["cards"]:
            self._check_dealt_to(a["seat"], c)

    def _check_dealt_to(self, s: str, c: str) -> None:
        """A card said to have been dealt to a seat (an `honors` line)."""
        name = cards.SEAT_NAMES[s]
        owner = self.owner.get(c)
        if owner is not None and owner != s:
            raise PhysicalError(f"{name} cannot have held {c}: it is {cards.SEAT_NAMES[owner]}'s")
        if c[0] in self.voids[s]:
            raise PhysicalError(f"{name} cannot have held {c}: he was void in that suit")

    def _check_void(self, a: dict[str, Any]) -> None:
        """A seat said to have been dealt no card of a suit (a `void` line)."""
        s, suit = a["seat"], a["suit"]
        name = cards.SEAT_NAMES[s]
        for c, owner in self.owner.items():
            if owner == s and c[0] == suit:
                raise PhysicalError(f"{name} cannot have been void in {cards.SUIT_NAMES[suit]}: he held {c}")

    def _check_withdraw(self, a: dict[str, Any]) -> None:
        self._check_on_table(a["seat"], a["card"], "withdraw")

    def _check_restore(self, a: dict[str, Any]) -> None:
        self._check_on_table(a["seat"], a["card"], "restore")

    def _check_on_table(self, s: str, c: str, act: str) -> None:
        if self.on_table.get(c) != s:
            raise PhysicalError(f"{cards.SEAT_NAMES[s]} cannot {act} {c}: it is not a card he has played")

    # ------------------------------------------------------------ events (apply only)
    # Each event keeps its transcript line; `apply` runs again on every reload, so it only applies.

    class Recorded(Aggregate.Event):
        """What every event of the record does to the hand: its line is kept."""

        def apply(self, hand: "Hand") -> None:
            hand.lines.append(self.line)  # type: ignore[attr-defined]

    class DealerNamed(Recorded):
        seat: str
        line: str

    class Dealt(Recorded):
        deal: str
        line: str

        def apply(self, hand: "Hand") -> None:
            for s, cards_held in cards.pbn_deal(self.deal).items():
                if cards_held is not None:
                    hand.held[s] = {str(c) for c in cards_held}
                    for c in cards_held:
                        hand.owner[str(c)] = s
            hand.dealt = True
            hand.lines.append(self.line)

    class AuctionCalled(Recorded):
        calls: list[str]
        line: str

    class ContractSet(Recorded):
        contract: str
        line: str

    class CardPlayed(Recorded):
        seat: str
        cards: list[str]
        line: str

        def apply(self, hand: "Hand") -> None:
            seat = self.seat
            held = hand.held[seat]
            for c in self.cards:
                if held is not None:
                    held.discard(c)
                hand.owner[c] = seat
                hand.on_table[c] = seat
            hand.played_any = True
            hand.lines.append(self.line)

    class Asked(Recorded):
        asker: str
        asked: str
        line: str

    class Answered(Recorded):
        seat: str
        answer: str
        line: str

    class TrickQuitted(Recorded):
        side: str
        line: str

    class TakenBack(Recorded):
        """A card taken back from the table (withdrawn, restored): in its player's hand again."""

        seat: str
        card: str

        def apply(self, hand: "Hand") -> None:
            del hand.on_table[self.card]
            held = hand.held[self.seat]
            if held is not None:
                held.add(self.card)
            hand.lines.append(self.line)  # type: ignore[attr-defined]

    class CardWithdrawn(TakenBack):
        line: str

    class PenaltyElected(Recorded):
        seat: str
        choice: str
        words: list[str]
        line: str

    class RevokeClaimed(Recorded):
        side: str
        seat: str
        line: str

    class TricksMixed(Recorded):
        seat: str
        line: str

    class TricksInspected(Recorded):
        line: str

    class CardRestored(TakenBack):
        line: str

    class AttentionDrawn(Recorded):
        seat: str
        text: str
        line: str

    class TricksClaimed(Recorded):
        seat: str
        tricks: int
        line: str

    class CardsCut(Recorded):
        line: str

    class NoteMade(Recorded):
        """A note in the record. Version 2 added `author` (who wrote it: a player, the director);
        notes stored before have none, and the upcaster says so."""

        class_version = 2
        text: str
        author: str
        line: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["author"] = ""

    class HonorsHeld(Recorded):
        seat: str
        cards: list[str]
        line: str

        def apply(self, hand: "Hand") -> None:
            for c in self.cards:
                hand.owner[c] = self.seat
            hand.lines.append(self.line)

    class VoidHeld(Recorded):
        seat: str
        suit: str
        line: str

        def apply(self, hand: "Hand") -> None:
            hand.voids[self.seat].add(self.suit)
            hand.lines.append(self.line)

    class ScoreCorrected(Recorded):
        hand: str
        side: str
        column: str
        points: int
        line: str

    class RubberAgreed(Recorded):
        line: str



# The physical facts each kind of line is checked against before its event is made.
_CHECKS = {
    "play": Hand._check_play,
    "deal": Hand._check_deal,
    "withdraw": Hand._check_withdraw,
    "restore": Hand._check_restore,
    "honors": Hand._check_honors,
    "void": Hand._check_void,
}

# The stored event class of each line kind (bridge.lines.KINDS names it), and the fields it keeps
# of the line's arguments beside the line itself.
EVENT_OF_KIND: dict[str, tuple[type[Hand.Recorded], tuple[str, ...]]] = {}
for _kind in KINDS.values():
    if _kind.name != "hand":
        _cls = getattr(Hand, _kind.event)
        _base = {f.name for f in dataclasses.fields(Aggregate.Event)} | {"line"}
        EVENT_OF_KIND[_kind.name] = (_cls, tuple(f.name for f in dataclasses.fields(_cls) if f.name not in _base))
