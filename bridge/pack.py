"""Where the cards of one hand are, as its record says, and the physical facts a line is checked
against: a card its player does not hold, a card played twice, a hand of more than thirteen cards.
One entry a kind of line that declares a check or a move (`bridge.lines.Kind`) says what it
checks and how it moves the cards (`PHYSICS`): the aggregate (`recorder.domainmodel.Hand`) checks
and moves through them, an event read back and a record rebuilt after a correction move through
them, and an archive's reader checks its cards with the same `Pack`. No law is judged here.
"""

from __future__ import annotations

from typing import Any, Iterable

from . import cards
from .lines import Line, canonical, played_by
from .messages import TranscriptError


class PhysicalError(TranscriptError):
    """An act that cannot have happened with a real pack of 52 cards."""


class Pack:
    """Where the cards of one hand are, as its record says: who was dealt what (when known), who
    is known to hold or have held each card, what lies on the table, who is void in what. It checks
    a line against the physical facts (`check`) and moves the cards (`apply`); the aggregate keeps
    one, and rebuilds it from the corrected record when the record is corrected."""

    def __init__(self) -> None:
        self.voids: dict[str, set[str]] = {s: set() for s in cards.SEATS}
        self.held: dict[str, set[str] | None] = {s: None for s in cards.SEATS}
        self.owner: dict[str, str] = {}  # card → the seat known to hold or have held it
        self.on_table: dict[str, str] = {}  # card → the seat that played it, until withdrawn
        self.dealt = False
        self.dealt_count: dict[str, int] = {}  # seat → cards dealt to it, and found for it (L38)
        self.found_for: dict[str, str] = {}  # card → the short hand it was found for (L38)
        self.played_any = False
        self.unknown: dict[str, int] = {}  # seat → cards not known it played (`unknown` lines): still in `held`
        self.bid: dict[str, str] = {}  # "auction"/"contract" → its line: a hand has one of each
        # A fifth card played to a trick (L45E) the Director has not yet decided on: its event → (seat, card).
        self.fifths: dict[int, tuple[str, str]] = {}

    def check(self, kind: str, a: dict[str, Any]) -> None:
        """Refuse (PhysicalError) a line that cannot have happened with these cards."""
        check = _CHECKS.get(kind)
        if check is not None:
            check(self, a)

    def check_line(self, kind: str, a: dict[str, Any]) -> None:
        """`check` of a line recorded one at a time (a transcript's, the room's): a card its own
        player put on the table and plays again is refused saying how a card that left its trick
        for the table before him (a penalty card: a premature lead or play, L57, L60B) is recorded
        first, since only the rulings know whether it did."""
        try:
            self.check(kind, a)
        except PhysicalError as e:
            again = [(s, c) for s, played in played_by(a) for c in played
                     if self.on_table.get(c) == s] if kind == "play" else []
            if not again:
                raise
            s, c = again[0]
            raise PhysicalError(f"{e.reason}; if it was taken up from its trick and lies before "
                                f"{cards.SEAT_NAMES[s]} (a penalty card: a premature lead or play, L57, L60B), record that "
                                f"first: 'withdraw {s} {c}'") from None

    def apply(self, kind: str, a: dict[str, Any]) -> None:
        """Move the cards as a line of this kind says."""
        move = MOVES.get(kind)
        if move is not None:
            move(self, a)

    # ------------------------------------------------------------ moving the cards

    def deal(self, deal: str) -> None:
        self.deal_words(cards.read_deal_words(deal).items())

    def deal_words(self, hands: Iterable[tuple[str, Iterable[str] | None]]) -> None:
        """The deal, each seat's cards given by their words (`SA`; None: a hand not known)."""
        for s, words in hands:
            if words is not None:
                words = tuple(words)
                self.held[s] = set(words)
                self.dealt_count[s] = len(words)
                self.owner.update(dict.fromkeys(words, s))
        self.dealt = True

    def play(self, seat: str, played: list[str]) -> None:
        held = self.held[seat]
        for c in played:
            if held is not None:
                held.discard(c)
            self.owner[c] = seat
            self.on_table[c] = seat
        self.played_any = True

    def play_unknown(self, seat: str) -> None:
        """A card played that the record does not know: one of the seat's cards, which one is not
        said, so it stays among those `held` and is counted apart."""
        self.unknown[seat] = self.unknown.get(seat, 0) + 1
        self.played_any = True

    def cards_left(self, seat: str) -> int | None:
        """How many cards the seat holds, the cards not known it played taken off; None when its hand
        is not known."""
        held = self.held[seat]
        return None if held is None else len(held) - self.unknown.get(seat, 0)

    def take_back(self, seat: str, card: str) -> None:
        """A card taken back from the table (withdrawn, restored): in its player's hand again."""
        self.on_table.pop(card, None)
        held = self.held[seat]
        if held is not None:
            held.add(card)

    def found(self, seat: str, card: str) -> None:
        """L38: the missing card found goes to the short hand."""
        held = self.held[seat]
        if held is not None:
            held.add(card)
        self.owner[card] = seat
        self.found_for[card] = seat
        self.dealt_count[seat] = self.dealt_count.get(seat, 0) + 1

    def honors(self, seat: str, held: list[str]) -> None:
        for c in held:
            self.owner[c] = seat

    def void(self, seat: str, suit: str) -> None:
        self.voids[seat].add(suit)

    def once(self, kind: str, line: str) -> None:
        """The auction, the contract: recorded once."""
        self.bid[kind] = line

    # ------------------------------------------------------------ physical facts


    def _check_play(self, a: dict[str, Any]) -> None:
        for seat, played in played_by(a):  # (two players' cards faced at once: each his own, L58A)
            for c in played:
                self.check_card(seat, c)

    def _check_unknown(self, a: dict[str, Any]) -> None:
        s = a["seat"]
        if self.cards_left(s) == 0:
            raise PhysicalError(f"{cards.SEAT_NAMES[s]} has no card left to play{self._unknown_said(s)}")

    def _unknown_said(self, s: str) -> str:
        n = self.unknown.get(s, 0)
        return f" (his last {'card was' if n == 1 else f'{n} cards were'} played unknown)" if n else ""

    def _check_deal(self, a: dict[str, Any]) -> None:
        deal = a["deal"]
        if self.dealt:
            raise PhysicalError("the deal is already recorded; a hand is dealt once")
        if self.played_any:
            raise PhysicalError("the deal is recorded before the first card is played")
        for s, hand in cards.read_deal_words(deal).items():
            if hand is not None and len(hand) > 13:
                # L37d: a hand of more than 13 cards means a new deal; there is no play to record.
                raise PhysicalError(
                    f"{cards.SEAT_NAMES[s]} is dealt {len(hand)} cards; a hand of more than 13 cards "
                    "is a misdeal and must be dealt again (L37d)"
                )

    def check_card(self, s: str, c: str) -> None:
        """Refuse (PhysicalError) seat `s` playing card `c`: the check of each card of a `play` line."""
        if c in self.on_table:
            raise PhysicalError(f"{c} is already on the table, played by {cards.SEAT_NAMES[self.on_table[c]]}")
        if c[0] in self.voids[s]:
            raise PhysicalError(f"{cards.SEAT_NAMES[s]} was void in {cards.SUIT_NAMES[c[0]]} and cannot play {c}")
        held = self.held[s]
        if held is not None:
            if c not in held:
                owner = self.owner.get(c)
                whose = f"; it is {cards.SEAT_NAMES[owner]}'s" if owner and owner != s else ""
                raise PhysicalError(f"{cards.SEAT_NAMES[s]} does not hold {c}{whose}")
            if self.unknown and self.cards_left(s) <= 0:
                # Each card not known he played was one of those he holds: none is left over for this.
                raise PhysicalError(f"{cards.SEAT_NAMES[s]} has no card left to play{self._unknown_said(s)}: "
                                    f"{c} was one of them")
            return
        name = cards.SEAT_NAMES[s]
        owner = self.owner.get(c)
        if owner is not None and owner != s:
            raise PhysicalError(f"{name} cannot hold {c}: it is {cards.SEAT_NAMES[owner]}'s")
        if owner is None:
            known = sum(1 for o in self.owner.values() if o == s)
            if known >= 13:
                raise PhysicalError(f"{name} has already shown 13 different cards; {c} would be a 14th")

    def _check_contract(self, a: dict[str, Any]) -> None:
        self._check_once("contract")

    def _check_auction(self, a: dict[str, Any]) -> None:
        self._check_once("auction")

    def _check_once(self, kind: str) -> None:
        """One auction ends in one final contract: a second is a slip to correct, not a second act."""
        if kind in self.bid:
            raise PhysicalError(f"the {kind} is already recorded ('{self.bid[kind]}'); a hand has one: to correct "
                                f"it, amend that event (handrec amend ID N LINE)")

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

    def _check_expose(self, a: dict[str, Any]) -> None:
        """An exposed card is one the player holds: still in his hand, not on the table."""
        s, c = a["seat"], a["card"]
        if c in self.on_table:
            raise PhysicalError(f"{c} is on the table, played by {cards.SEAT_NAMES[self.on_table[c]]}: it is "
                                f"not in a hand to be exposed")
        self._check_dealt_to(s, c)
        held = self.held[s]
        if held is not None and c not in held:
            raise PhysicalError(f"{cards.SEAT_NAMES[s]} does not hold {c}")

    def tricks_left(self) -> int:
        """The most tricks still to be played, by the cards: the most cards any hand still holds (a
        hand not known: those dealt to it, 13 unless said, less the cards it played), the trick in
        progress among them. Never fewer than the tricks the laws count as not yet won (a trick
        missed leaves its player a card over, a short hand holds fewer)."""
        most = 0
        for s in cards.SEATS:
            held = self.held[s]
            if held is not None:
                left = len(held)
            else:
                left = self.dealt_count.get(s, 13) - sum(1 for seat in self.on_table.values() if seat == s)
            most = max(most, left - self.unknown.get(s, 0))
        return most

    def _check_claim(self, a: dict[str, Any]) -> None:
        """A claim counts the tricks not yet played (`claim S 0` concedes them all): more than the
        cards leave to play is no claim that could have been made (a total typed for the rest, most
        often, which read as "all of them" would give the claimer another number than he said)."""
        n, left = a["tricks"], self.tricks_left()
        if n <= left:
            return
        remain = {0: "none remain", 1: "1 remains"}.get(left, f"{left} remain")
        claims = {0: "", 1: f" (claim {a['seat']} 1 claims it)"}.get(left,
                                                                   f" (claim {a['seat']} {left} claims them all)")
        raise PhysicalError(f"{cards.SEAT_NAMES[a['seat']]} claims {n} trick{'s' if n != 1 else ''}, but {remain} "
                            f"to be played: a claim counts the tricks not yet played{claims}")

    def _check_surplus(self, a: dict[str, Any]) -> None:
        self._check_on_table(a["seat"], a["card"], "name as surplus")

    def _check_found(self, a: dict[str, Any]) -> None:
        """L38: the missing card of a short hand, found in the other pack or on the floor: a card
        dealt to no one, going to a hand dealt fewer than 13."""
        s, c = a["seat"], a["card"]
        name = cards.SEAT_NAMES[s]
        if not self.dealt or self.held[s] is None:
            raise PhysicalError(f"{name}'s cards are not recorded; a missing card is found for a hand "
                                f"dealt short (L38), so the deal comes first")
        if c in self.found_for:
            raise PhysicalError(f"{c} is not missing: it was already found for {cards.SEAT_NAMES[self.found_for[c]]}")
        if self.dealt_count.get(s, 13) >= 13:
            found = sorted(k for k, v in self.found_for.items() if v == s)
            if found:
                raise PhysicalError(f"{name}'s missing card is already found ({' '.join(found)}): he has 13 "
                                    f"cards, and a missing card is found only for a short hand (L38)")
            raise PhysicalError(f"{name} was dealt 13 cards; a missing card is found only for a short hand (L38)")
        owner = self.owner.get(c)
        if owner is not None:
            raise PhysicalError(f"{c} is not missing: it is {cards.SEAT_NAMES[owner]}'s")

    def _check_deem(self, a: dict[str, Any]) -> None:
        """The Director's decision on a fifth card (L45E) names the event of one not yet decided."""
        n = a["event"]
        if n not in self.fifths:
            raise PhysicalError(f"event {n} is no fifth card waiting for the Director's decision (a card "
                                f"written 'play SEAT CARD fifth', L45E)")

    def fifth(self, number: int | None, seat: str, card: str) -> None:
        """A fifth card lands on the trick (L45E), on the table until the Director decides."""
        self.play(seat, [card])
        if number is not None:
            self.fifths[number] = (seat, card)

    def deemed(self, number: int, led: bool) -> None:
        """The Director's decision: led, the card stays on the table as the lead; not led, it leaves
        the trick for its player's hand (a defender's lying face up before him, L45E1)."""
        seat, card = self.fifths.pop(number, (None, None))
        if seat is not None and card is not None and not led:
            self.take_back(seat, card)

    def _check_withdraw(self, a: dict[str, Any]) -> None:
        self._check_on_table(a["seat"], a["card"], "withdraw")

    def _check_restore(self, a: dict[str, Any]) -> None:
        self._check_on_table(a["seat"], a["card"], "restore")

    def _check_on_table(self, s: str, c: str, act: str) -> None:
        if self.on_table.get(c) != s:
            raise PhysicalError(f"{cards.SEAT_NAMES[s]} cannot {act} {c}: it is not a card he has played")


# The kinds of line an archive's reader checks as it reads them (`formats.archive.BoardBuilder`,
# with a Pack of its own, in the record's order after the deal: each card played): the aggregate
# moves them without checking them again (`Hand.record_lines`, `cards_checked`).
CHECKED_BY_READER = frozenset({"play"})


def _move_play(pack: Pack, a: dict[str, Any]) -> None:
    for seat, played in played_by(a):  # (two players' cards faced at once: each his own, L58A)
        pack.play(seat, played)


def _check_card(pack: Pack, a: dict[str, Any]) -> None:
    pack.check_card(a["seat"], a["card"])


# The physics of the record: for each kind of line that declares a check or a move
# (`bridge.lines.Kind.checks`, `.moves`; no other kind is here), the physical facts a line of it is
# checked against before its event is made, and how it moves the cards (None: it does not). The one
# place a card's movement is written, read by the aggregate (`recorder.domainmodel`: a line
# recorded, an event read back; an archive's reader checks with a Pack of its own) and by a record
# rebuilt after a correction (`Pack.check`, `Pack.apply`). An exposed card stays in its player's
# hand, face up (L49, 1912 L67); the surplus card stays where it lies (L70, L82); a claim moves no
# card (L68); a correction's own apply rebuilds the pack from the record as corrected (`Hand.Corrected`).
PHYSICS: dict[str, tuple[Any, Any]] = {
    "deal": (Pack._check_deal, lambda pack, a: pack.deal(a["deal"])),
    "auction": (Pack._check_auction, lambda pack, a: pack.once("auction", canonical("auction", a))),
    "contract": (Pack._check_contract, lambda pack, a: pack.once("contract", canonical("contract", a))),
    "play": (Pack._check_play, _move_play),
    # (the event's own number: its stored `originator_version`, or the record's number when rebuilt)
    "fifth": (_check_card, lambda pack, a: pack.fifth(a.get("originator_version"), a["seat"], a["card"])),
    "unknown": (Pack._check_unknown, lambda pack, a: pack.play_unknown(a["seat"])),
    "withdraw": (Pack._check_withdraw, lambda pack, a: pack.take_back(a["seat"], a["card"])),
    "restore": (Pack._check_restore, lambda pack, a: pack.take_back(a["seat"], a["card"])),
    "claim": (Pack._check_claim, None),
    "deem": (Pack._check_deem, lambda pack, a: pack.deemed(a["event"], a["led"])),
    "honors": (Pack._check_honors, lambda pack, a: pack.honors(a["seat"], a["cards"])),
    "void": (Pack._check_void, lambda pack, a: pack.void(a["seat"], a["suit"])),
    "expose": (Pack._check_expose, None),
    "surplus": (Pack._check_surplus, None),
    "found": (Pack._check_found, lambda pack, a: pack.found(a["seat"], a["card"])),
    "put-right": (_check_card, lambda pack, a: pack.play(a["seat"], [a["card"]])),
}
_CHECKS = {kind: check for kind, (check, _) in PHYSICS.items() if check is not None}
# How each kind of line that moves the cards moves them (read by `Hand.Entry.apply`).
MOVES = {kind: move for kind, (_, move) in PHYSICS.items() if move is not None}


def rebuild_pack(acts: list[tuple[int, Line | None]], check: bool = True) -> Pack:
    """The cards after a record's acts after its opening line, parsed, (event, line) as
    `Hand.corrected_acts` gives them, each line checked as it is applied (PhysicalError names the
    event that cannot have happened), or, for `check=False`, applied as well as it can be. The
    lines come parsed: a rebuild parses no line."""
    pack = Pack()
    for number, line in acts:
        if line is None:
            continue
        if check:
            try:
                pack.check(line.kind, line.args)
            except PhysicalError as e:
                broken = PhysicalError(f"event {number} ('{line.text}'): {e.reason}")
                broken.event = number  # type: ignore[attr-defined]  (which event cannot have happened)
                raise broken from None
        pack.apply(line.kind, {**line.args, "originator_version": number} if line.kind == "fifth" else line.args)
    return pack
