"""The hand as an event-sourced aggregate: every act at the table is one event.

Public methods check only physical facts (a card its player does not hold, a card played
twice, a hand of more than thirteen cards); they never judge an act by the laws. Every
irregularity is recorded as it happened; `projections` says what the laws make of it.
Private `@event` methods only apply an event: they run again on every reload.

Stored event names are `recorder.domainmodel:Hand.<Name>`; renaming one needs an upcaster.
"""

from __future__ import annotations

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

    def record(self, line: Line) -> None:
        """Apply one transcript line, or refuse it when it breaks a physical fact."""
        a = line.args
        text = line.canonical
        k = line.kind
        if k == "hand":
            raise PhysicalError("a hand is opened once; 'hand' may only be the first line")
        if k == "dealer":
            self._dealer_named(seat=a["seat"], line=text)
        elif k == "deal":
            self._check_deal(a["deal"])
            self._dealt(deal=a["deal"], line=text)
        elif k == "auction":
            self._auction_called(calls=a["calls"], line=text)
        elif k == "contract":
            self._contract_set(contract=a["contract"], line=text)
        elif k == "play":
            for c in a["cards"]:
                self._check_can_play(a["seat"], c)
            self._card_played(seat=a["seat"], cards=a["cards"], line=text)
        elif k == "ask":
            self._asked(asker=a["asker"], asked=a["asked"], line=text)
        elif k == "answer":
            self._answered(seat=a["seat"], answer=a["answer"], line=text)
        elif k == "quit":
            self._trick_quitted(side=a["side"], line=text)
        elif k == "withdraw":
            self._check_on_table(a["seat"], a["card"], "withdraw")
            self._card_withdrawn(seat=a["seat"], card=a["card"], line=text)
        elif k == "elect":
            self._penalty_elected(seat=a["seat"], choice=a["choice"], words=a["words"], line=text)
        elif k == "claim-revoke":
            self._revoke_claimed(side=a["side"], seat=a["seat"], line=text)
        elif k == "mix":
            self._tricks_mixed(seat=a["seat"], line=text)
        elif k == "inspect":
            self._tricks_inspected(line=text)
        elif k == "restore":
            self._check_on_table(a["seat"], a["card"], "restore")
            self._card_restored(seat=a["seat"], card=a["card"], line=text)
        elif k == "attention":
            self._attention_drawn(seat=a["seat"], text=a["text"], line=text)
        elif k == "claim":
            self._tricks_claimed(seat=a["seat"], tricks=a["tricks"], line=text)
        elif k == "cut":
            self._cards_cut(line=text)
        elif k == "note":
            self._note_made(text=a["text"], author=a.get("author", ""), line=text)
        elif k == "honors":
            for c in a["cards"]:
                self._check_dealt_to(a["seat"], c)
            self._honors_held(seat=a["seat"], cards=a["cards"], line=text)
        elif k == "void":
            self._check_void(a["seat"], a["suit"])
            self._void_held(seat=a["seat"], suit=a["suit"], line=text)
        elif k == "correct":
            self._score_corrected(hand=a["hand"], side=a["side"], column=a["column"], points=a["points"], line=text)
        elif k == "agree":
            self._rubber_agreed(line=text)
        else:  # pragma: no cover - the parser knows every kind
            raise PhysicalError(f"'{k}' is not a kind of line")

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

    @event("DealerNamed")
    def _dealer_named(self, seat: str, line: str) -> None:
        self.lines.append(line)

    @event("Dealt")
    def _dealt(self, deal: str, line: str) -> None:
        for s, hand in cards.pbn_deal(deal).items():
            if hand is not None:
                self.held[s] = {str(c) for c in hand}
                for c in hand:
                    self.owner[str(c)] = s
        self.dealt = True
        self.lines.append(line)

    @event("AuctionCalled")
    def _auction_called(self, calls: list[str], line: str) -> None:
        self.lines.append(line)

    @event("ContractSet")
    def _contract_set(self, contract: str, line: str) -> None:
        self.lines.append(line)

    @event("CardPlayed")
    def _card_played(self, seat: str, cards: list[str], line: str) -> None:
        for c in cards:
            held = self.held[seat]
            if held is not None:
                held.discard(c)
            self.owner[c] = seat
            self.on_table[c] = seat
        self.played_any = True
        self.lines.append(line)

    @event("Asked")
    def _asked(self, asker: str, asked: str, line: str) -> None:
        self.lines.append(line)

    @event("Answered")
    def _answered(self, seat: str, answer: str, line: str) -> None:
        self.lines.append(line)

    @event("TrickQuitted")
    def _trick_quitted(self, side: str, line: str) -> None:
        self.lines.append(line)

    def _back_in_hand(self, seat: str, card: str) -> None:
        del self.on_table[card]
        held = self.held[seat]
        if held is not None:
            held.add(card)

    @event("CardWithdrawn")
    def _card_withdrawn(self, seat: str, card: str, line: str) -> None:
        self._back_in_hand(seat, card)
        self.lines.append(line)

    @event("PenaltyElected")
    def _penalty_elected(self, seat: str, choice: str, words: list[str], line: str) -> None:
        self.lines.append(line)

    @event("RevokeClaimed")
    def _revoke_claimed(self, side: str, seat: str, line: str) -> None:
        self.lines.append(line)

    @event("TricksMixed")
    def _tricks_mixed(self, seat: str, line: str) -> None:
        self.lines.append(line)

    @event("TricksInspected")
    def _tricks_inspected(self, line: str) -> None:
        self.lines.append(line)

    @event("CardRestored")
    def _card_restored(self, seat: str, card: str, line: str) -> None:
        self._back_in_hand(seat, card)
        self.lines.append(line)

    @event("AttentionDrawn")
    def _attention_drawn(self, seat: str, text: str, line: str) -> None:
        self.lines.append(line)

    @event("TricksClaimed")
    def _tricks_claimed(self, seat: str, tricks: int, line: str) -> None:
        self.lines.append(line)

    @event("CardsCut")
    def _cards_cut(self, line: str) -> None:
        self.lines.append(line)

    class NoteMade(Aggregate.Event):
        """A note in the record. Version 2 added `author` (who wrote it: a player, the director);
        notes stored before have none, and the upcaster says so."""

        class_version = 2
        text: str
        author: str
        line: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["author"] = ""

    @event(NoteMade)
    def _note_made(self, text: str, author: str, line: str) -> None:
        self.lines.append(line)

    @event("HonorsHeld")
    def _honors_held(self, seat: str, cards: list[str], line: str) -> None:
        for c in cards:
            self.owner[c] = seat
        self.lines.append(line)

    @event("VoidHeld")
    def _void_held(self, seat: str, suit: str, line: str) -> None:
        self.voids[seat].add(suit)
        self.lines.append(line)

    @event("ScoreCorrected")
    def _score_corrected(self, hand: str, side: str, column: str, points: int, line: str) -> None:
        self.lines.append(line)

    @event("RubberAgreed")
    def _rubber_agreed(self, line: str) -> None:
        self.lines.append(line)


def event_kind(e: Any) -> str:
    """The transcript line kind of a stored event."""
    return KIND_OF_EVENT[type(e).__name__]
