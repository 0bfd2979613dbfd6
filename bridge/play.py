"""The rules of play, written once: whose turn it is, following suit, the winner of a trick.

Every part of the house that follows a play reads them here: the table (`projections.table`), the
question whether a hand was played in order (`projections.plain`), the rulings' directions, and
the readers of archives (`formats.archive`, `formats.pbn`, `formats.lin`). The mechanics only:
what the laws make of a card played otherwise (out of turn, not following suit) is the rulings'.
"""

from __future__ import annotations

from typing import Any, Callable, Collection, Iterable, Sequence

from .cards import UNKNOWN_CARD, Card, next_seat

# Each seat and the three after it, clockwise: the order of play to a trick that seat leads.
CLOCKWISE: dict[str, tuple[str, str, str, str]] = {
    s: (s, next_seat(s, 1), next_seat(s, 2), next_seat(s, 3)) for s in "NESW"}


def opening_leader(declarer: str) -> str:
    """The player on declarer's left leads to the first trick."""
    return CLOCKWISE[declarer][1]


def beats(challenger: Card, best: Card, trump: str | None) -> bool:
    """Whether `challenger` beats `best` in a trick: a higher card of the same suit, or a trump
    on a card of another suit. The one rule of who wins a trick."""
    if challenger.suit == best.suit:
        return challenger.value > best.value
    return trump is not None and challenger.suit == trump


def takes_the_lead(card: Card, best: Card | None, trump: str | None) -> bool:
    """Whether `card`, added to a trick whose best card so far is `best` (None: the first card),
    is the trick's best card now: the fold of `beats` over a trick's cards in the order played."""
    return best is None or beats(card, best, trump)


def follows(card: Card, suit_led: str, held_of_suit_led: Collection[Any]) -> bool:
    """Whether playing `card` follows suit: a card of the suit led, or any card from a hand that
    holds none of it (`held_of_suit_led`: the cards of that suit the hand holds beside it, as a
    collection or a bit set, `cards.bits`)."""
    return card.suit == suit_led or not held_of_suit_led


def of_suit(cards: Iterable[Card], suit: str | None) -> list[Card]:
    """The cards of a suit among these (none of no suit: a lead's)."""
    return [c for c in cards if c.suit == suit]


def legal_cards(held: Iterable[Card], suit_led: str | None) -> list[Card]:
    """The cards a hand may play to a trick by the rules of play: those of the suit led when it
    holds one (following suit comes first), else any; any to lead (`suit_led` None)."""
    held = list(held)
    return of_suit(held, suit_led) or held


def may_have_won(cards: Sequence[tuple[str, Card]], best: tuple[str, Card], trump: str | None,
                 held: Callable[[str], Collection[Card] | None], earlier: Callable[[str], int]) -> frozenset[str]:
    """The seats that may have won a trick holding cards not known (`cards.UNKNOWN_CARD`), its
    `cards` (seat, card) in the order played and `best` its best card known (seat, card): that
    card's player, and each player of a card not known that could have beaten it; any of them when
    the lead is not known. A card not known is played from `held(seat)`, the cards he had not played
    as far as the record knows (None: not known), among which `earlier(seat)` others not known he
    played before it; it is taken as a card he could play by the rules, one of the suit led when he
    surely held one (more of it than those earlier cards), the record saying nothing else of it.
    The one rule of the table (`projections.unknown_cards`) and of an archive's reader
    (`formats.archive.BoardBuilder`)."""
    lead = cards[0][1]
    if lead is UNKNOWN_CARD:
        return frozenset(s for s, _ in cards)
    seat_of_best, best_card = best
    may = {seat_of_best}
    for s, c in cards:
        if c is UNKNOWN_CARD:
            hand = held(s)
            if hand is None:
                may.add(s)
                continue
            of_suit = [h for h in hand if h.suit == lead.suit]
            if any(beats(h, best_card, trump) for h in (of_suit if len(of_suit) > earlier(s) else hand)):
                may.add(s)
    return frozenset(may)


class Trick:
    """A trick as its cards are played one by one in turn (the first its lead): who is winning it,
    kept as each card is added (`beats`), so that no card is compared twice."""

    __slots__ = ("trump", "cards", "winner", "best")

    def __init__(self, trump: str | None) -> None:
        self.trump = trump
        self.cards: list[tuple[str, Card]] = []  # (seat, card), in the order played
        self.winner: str | None = None  # the seat winning the trick as it lies
        self.best: Card | None = None  # ... with this card

    def add(self, seat: str, card: Card) -> str:
        """The card played to the trick by `seat`; who plays next (`next_to_play`)."""
        if takes_the_lead(card, self.best, self.trump):
            self.winner, self.best = seat, card
        played = self.cards
        played.append((seat, card))
        return self.winner if len(played) == 4 else CLOCKWISE[seat][1]  # type: ignore[return-value]

    @property
    def complete(self) -> bool:
        return len(self.cards) == 4

    def next_to_play(self) -> str | None:
        """Who plays next: the winner, to lead the next trick, once all four have played; else the
        seat after the last card; None before the lead."""
        if not self.cards:
            return None
        return self.winner if len(self.cards) == 4 else CLOCKWISE[self.cards[-1][0]][1]

