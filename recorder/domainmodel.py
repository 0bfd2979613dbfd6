"""The hand as an event-sourced aggregate: every act at the table is one event.

Public methods check only physical facts (a card its player does not hold, a card played
twice, a hand of more than thirteen cards); they never judge an act by the laws. Every
irregularity is recorded as it happened; `projections` says what the laws make of it.
Events apply only: their `apply` runs again on every reload.

Stored event names are `recorder.domainmodel:Hand.<Name>`; renaming one needs an upcaster.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from . import cards
from .transcript import Line, TranscriptError

HAND_NAMESPACE = uuid5(NAMESPACE_URL, "https://handrec.invalid/hand")

# The stored event class of each line kind of the transcript format (interface.md).
EVENT_OF_KIND = {
    "hand": "Opened",
    "dealer": "DealerNamed",
    "deal": "Dealt",
    "auction": "AuctionCalled",
    "contract": "ContractSet",
    "play": "CardPlayed",
    "ask": "Asked",
    "answer": "Answered",
    "quit": "TrickQuitted",
    "withdraw": "CardWithdrawn",
    "elect": "PenaltyElected",
    "claim-revoke": "RevokeClaimed",
    "mix": "TricksMixed",
    "inspect": "TricksInspected",
    "restore": "CardRestored",
    "attention": "AttentionDrawn",
    "claim": "TricksClaimed",
    "cut": "CardsCut",
    "note": "NoteMade",
    "honors": "HonorsHeld",
    "void": "VoidHeld",
    "correct": "ScoreCorrected",
    "agree": "RubberAgreed",
}
KIND_OF_EVENT = {v: k for k, v in EVENT_OF_KIND.items()}


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
        """Apply one transcript line, or refuse it when it breaks a physical fact. Lines recorded
        in one act (a transcript, an archive's board) may share the `timestamp` of that act."""
        a = line.args
        k = line.kind
        text, at = line.canonical, timestamp
        if k == "play":
            seat = a["seat"]
            for c in a["cards"]:
                self._check_can_play(seat, c)
            self._next(Hand.CardPlayed, text, at, seat=seat, cards=a["cards"])
        elif k == "hand":
            raise PhysicalError("a hand is opened once; 'hand' may only be the first line")
        elif k == "dealer":
            self._next(Hand.DealerNamed, text, at, seat=a["seat"])
        elif k == "deal":
            self._check_deal(a["deal"])
            self._next(Hand.Dealt, text, at, deal=a["deal"])
        elif k == "auction":
            self._next(Hand.AuctionCalled, text, at, calls=a["calls"])
        elif k == "contract":
            self._next(Hand.ContractSet, text, at, contract=a["contract"])
        elif k == "ask":
            self._next(Hand.Asked, text, at, asker=a["asker"], asked=a["asked"])
        elif k == "answer":
            self._next(Hand.Answered, text, at, seat=a["seat"], answer=a["answer"])
        elif k == "quit":
            self._next(Hand.TrickQuitted, text, at, side=a["side"])
        elif k == "withdraw":
            self._check_on_table(a["seat"], a["card"], "withdraw")
            self._next(Hand.CardWithdrawn, text, at, seat=a["seat"], card=a["card"])
        elif k == "elect":
            self._next(Hand.PenaltyElected, text, at, seat=a["seat"], choice=a["choice"], words=a["words"])
        elif k == "claim-revoke":
            self._next(Hand.RevokeClaimed, text, at, side=a["side"], seat=a["seat"])
        elif k == "mix":
            self._next(Hand.TricksMixed, text, at, seat=a["seat"])
        elif k == "inspect":
            self._next(Hand.TricksInspected, text, at)
        elif k == "restore":
            self._check_on_table(a["seat"], a["card"], "restore")
            self._next(Hand.CardRestored, text, at, seat=a["seat"], card=a["card"])
        elif k == "attention":
            self._next(Hand.AttentionDrawn, text, at, seat=a["seat"], text=a["text"])
        elif k == "claim":
            self._next(Hand.TricksClaimed, text, at, seat=a["seat"], tricks=a["tricks"])
        elif k == "cut":
            self._next(Hand.CardsCut, text, at)
        elif k == "note":
            self._next(Hand.NoteMade, text, at, text=a["text"], author=a.get("author", ""))
        elif k == "honors":
            for c in a["cards"]:
                self._check_dealt_to(a["seat"], c)
            self._next(Hand.HonorsHeld, text, at, seat=a["seat"], cards=a["cards"])
        elif k == "void":
            self._check_void(a["seat"], a["suit"])
            self._next(Hand.VoidHeld, text, at, seat=a["seat"], suit=a["suit"])
        elif k == "correct":
            self._next(Hand.ScoreCorrected, text, at, hand=a["hand"], side=a["side"], column=a["column"],
                       points=a["points"])
        elif k == "agree":
            self._next(Hand.RubberAgreed, text, at)
        else:  # pragma: no cover - the parser knows every kind
            raise PhysicalError(f"'{k}' is not a kind of line")

    def _next(self, cls: type[Aggregate.Event], line: str, timestamp: datetime | None, **state: Any) -> None:
        """What eventsourcing's `trigger_event` does (the event made as this hand's next, checked
        and applied by its `mutate`, kept pending until saved), without its generic checks and
        copies of the arguments: most of an archive's import is spent here."""
        event = cls(originator_id=self.id, originator_version=self.version + 1,  # type: ignore[call-arg]
                    timestamp=timestamp or cls.create_timestamp(), line=line, **state)
        event.mutate(self)
        self._pending_events.append(event)

    # ------------------------------------------------------------ physical facts

    def _check_deal(self, deal: str) -> None:
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

    def _check_dealt_to(self, s: str, c: str) -> None:
        """A card said to have been dealt to a seat (an `honors` line)."""
        name = cards.SEAT_NAMES[s]
        owner = self.owner.get(c)
        if owner is not None and owner != s:
            raise PhysicalError(f"{name} cannot have held {c}: it is {cards.SEAT_NAMES[owner]}'s")
        if c[0] in self.voids[s]:
            raise PhysicalError(f"{name} cannot have held {c}: he was void in that suit")

    def _check_void(self, s: str, suit: str) -> None:
        """A seat said to have been dealt no card of a suit (a `void` line)."""
        name = cards.SEAT_NAMES[s]
        for c, owner in self.owner.items():
            if owner == s and c[0] == suit:
                raise PhysicalError(f"{name} cannot have been void in {cards.SUIT_NAMES[suit]}: he held {c}")

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


def event_kind(e: Any) -> str:
    """The transcript line kind of a stored event."""
    return KIND_OF_EVENT[type(e).__name__]
