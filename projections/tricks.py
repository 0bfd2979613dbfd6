"""A trick on the table: the cards put to it, with who played each and when, and what they make in
law (the one card each seat contributes, the suit led, the card winning it: `bridge.play`'s rule).
The table (`projections.table`) puts each card played to its trick; the rulings read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridge.cards import Card
from bridge.play import takes_the_lead


@dataclass
class Play:
    """One card put to a trick."""

    seat: str
    card: Card
    event: int
    surplus: bool = False  # a further card from a seat that has already played to this trick (L70, L82)
    led: bool = False  # the first card of the trick when it was played
    replaces: bool = False  # put in place of a card the same seat withdrew from this trick (L86)
    stands: bool = False  # taken back, but the laws keep it in the trick (an established revoke)
    substitute_owed: bool = True  # ... and its player owes the trick a card in its place (L86), or not (L90)
    leftover: bool = False  # the card left over at the end, counted to the short trick (L81)
    put_right: bool = False  # added to a trick its player had missed, to put it right (L81)
    # ... placed there by the Director once a player of each side had played to the following
    # trick: it counts in the trick and does not affect who won it (duplicate L67B1)
    placed: bool = False
    withdrawn_at: int | None = None
    restored_at: int | None = None
    fifth: bool = False  # added to the trick once all four had played to it (`play SEAT CARD fifth`, L45E)
    # A premature card the rulings took up from its trick (L57, L60B: `placement.take_up`), lying
    # face up on the table before its player, recorded leaving it for his hand (`withdraw`): where
    # the record last put it. It counts in its trick no more at his turn; his card there is the
    # next he plays (one card, one place: `placement.places`).
    lifted_at: int | None = None

    @property
    def taken_up(self) -> bool:
        """Taken up from its trick by the rulings at its own event (`placement.take_up`), still
        lying face up before its player where the record put it (not lifted)."""
        return (self.withdrawn_at == self.event and not self.substitute_owed and not self.stands
                and self.lifted_at is None)

    @property
    def live(self) -> bool:
        return self.withdrawn_at is None and self.restored_at is None


@dataclass
class Trick:
    number: int
    plays: list[Play] = field(default_factory=list)
    quitted_by: str | None = None
    quitted_at: int | None = None
    quit_implicit: bool = False  # §2K.9: counted as quitted by its rightful winners before the next lead
    plain: bool = True  # no card taken back from it, none added by a seat that had played to it
    # A trick holding a card not known (`unknown` lines), once complete: the seats that may have won
    # it (`projections.unknown_cards`), and, when more than one, the one of them who led the next.
    may_win: frozenset[str] | None = None
    won_by_lead: str | None = None
    # What the plays make in law (the one card each seat contributes, their seats, the winning card
    # under each trump read), kept as the trick changes instead of being rebuilt at every reading:
    # a card added takes its place at once (`add`), a card taken back, restored, kept or moved has
    # the trick read afresh (`reread`, by whoever changed it). No part of the trick's value (not
    # compared, not shown). `in_law`, the plays in law in order, is read by the table before every
    # card (`Table.in_rotation`); it holds one play a seat, as many as `seats` (four: `complete`).
    in_law: list[Play] = field(default_factory=list, init=False, compare=False, repr=False)
    _seats: frozenset[str] = field(default=frozenset(), init=False, compare=False, repr=False)
    _best: dict[str | None, tuple[int, Play]] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.plays:
            self.reread()

    def add(self, p: Play) -> None:
        """A card put to the trick."""
        self.plays.append(p)
        # (`_count`, at every card: its seat's first live card, `p.live` read as its two fields, that
        # is not surplus)
        if (p.withdrawn_at is None and p.restored_at is None or p.stands) and not p.surplus \
                and p.seat not in self._seats:
            self.in_law.append(p)
            self._seats = self._seats.union((p.seat,))

    def _count(self, p: Play) -> None:
        """The card, after the trick's others, in law: its seat's first live card that is not
        surplus, or the card it took back when the laws say the trick stands as played. (`add`
        reads the same rule inline: a card is added at every play.)"""
        if (p.live or p.stands) and not p.surplus and p.seat not in self._seats:
            self.in_law.append(p)
            self._seats = self._seats.union((p.seat,))

    def reread(self) -> None:
        """A card of the trick changed (taken back, restored, kept in it, moved): read it afresh."""
        self.in_law, self._seats, self._best = [], frozenset(), {}
        for p in self.plays:
            self._count(p)

    @property
    def live(self) -> list[Play]:
        return [p for p in self.plays if p.live]

    @property
    def cards(self) -> list[Play]:
        """The one card each seat contributes in law (`_count`), in the order played."""
        return list(self.in_law)

    @property
    def lead(self) -> Play | None:
        c = self.in_law
        return c[0] if c else None

    @property
    def leader(self) -> str | None:
        c = self.in_law
        return c[0].seat if c else None

    @property
    def suit_led(self) -> str | None:
        # R-D1: the suit led is the suit of the first card of the trick.
        c = self.in_law
        return c[0].card.suit if c else None

    def played_by(self, seat: str) -> Play | None:
        for p in self.in_law:
            if p.seat == seat:
                return p
        return None

    @property
    def seats(self) -> frozenset[str]:
        return self._seats

    @property
    def complete(self) -> bool:
        return len(self._seats) == 4

    @property
    def quitted(self) -> bool:
        return self.quitted_by is not None

    @property
    def won(self) -> bool:
        """Whether someone has won the trick: all four have played to it, or it was quitted with
        cards in it (an imperfect trick quitted goes to its rightful winner, L81)."""
        return len(self._seats) == 4 or (self.quitted_by is not None and bool(self.in_law))

    def won_in_play(self, claimed_at: int | None) -> bool:
        """Whether the trick was won in play (`won`), the play having ended at a claim made at
        event `claimed_at` (None: none): not the trick in progress at that claim, which it quitted
        and which is one of the tricks claimed."""
        if len(self._seats) == 4:
            return True  # complete: won, and not the trick in progress at a claim
        return self.won and not (self.quit_implicit and self.quitted_at == claimed_at)

    def winning(self, trump: str | None) -> Play | None:
        """The card winning the trick as it lies: the highest trump, else the highest of the suit led."""
        law = self.in_law
        read, best = self._best.get(trump, (0, None))
        if read < len(law):  # kept for the cards read so far; the new ones challenge it
            for p in law[read:]:
                if p.leftover or p.placed:
                    continue  # L81, §2K.6; L67B1: counted in the short trick, it does not win it
                if takes_the_lead(p.card, best.card if best else None, trump):
                    best = p
            self._best[trump] = (len(law), best)  # type: ignore[assignment]
        return best

    def winner(self, trump: str | None) -> str | None:
        if self.may_win is not None and len(self.may_win) > 1:
            return self.won_by_lead  # a card not known may have won it: the next lead says who did
        w = self.winning(trump)
        return w.seat if w else None


def taken_back_at(tricks: list[Trick], number: int) -> tuple[Trick, Play] | None:
    """The card taken back at event `number` (withdrawn or restored), with its trick: the last so taken."""
    taken = [(t, p) for t in tricks for p in t.plays if number in (p.withdrawn_at, p.restored_at)]
    return taken[-1] if taken else None
