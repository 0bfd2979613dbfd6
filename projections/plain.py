"""A hand played in order: the question the scan asks of a hand before it folds it.

A hand is played in order when its record holds a whole deal (four hands of thirteen, L38 has
nothing to say) and a contract before the first card, and every card after that was played one at
a time by the player whose turn it was (the opening lead from declarer's left, then
clockwise; the winner of each trick leading the next: `bridge.play`), from his own hand,
following suit whenever he held a card of the suit led (L83: the only way a card played becomes a
revoke), with none played after a claim; and it holds no act the laws rule on (no question,
answer, quit, withdrawal, exposed card, election, correction of the record: each of those is what
the judge rules on), only those no law rules on (tags, notes, honors, a void shown, a score
corrected or agreed, a finding, an appeal, a look at the quitted tricks: `KINDS_IN_ORDER`).

The judge finds nothing in such a hand: no revoke, no other irregularity. Most archived hands are
played in order, and saying so is one pass over the plays without the table or the judge, so
`projections.scan` asks this first and folds only the hands it cannot vouch for.
tests/test_plain.py holds it to the fold: every hand found in order, over the examples,
generated and random irregular transcripts and (slow) every real archive, is one the fold finds
nothing in, and every hand with a revoke is not in order.
"""

from __future__ import annotations

from typing import Any, Iterable

from bridge.cards import CARD_OF_WORD, SUIT_BITS, Contract, bits, contract_made, dealt_hands
from bridge.lines import CORRECTIONS, KINDS
from bridge.play import Trick, follows, opening_leader

from .events import Event, as_events

# The kinds of line a hand played in order holds, from their declarations (`bridge.lines.Kind`): those
# the laws do not rule on (`ruled`), the record's corrections aside (the scan reads the record as
# stored: a correction, or a reference to one, is the fold's to apply); and, of those the laws rule
# on, the three this scan reads itself: the card played, the deal (a short hand, L38) and the claim
# (which ends the play: with no revoke on record, nothing to establish).
KINDS_IN_ORDER = frozenset({name for name, kind in KINDS.items() if not kind.ruled and name not in CORRECTIONS
                            and name != "shared"} | {"play", "deal", "claim"})


def played_in_order(events: Iterable[Event | Any]) -> bool:
    """Whether the hand was played in order (this module's docstring): the judge then finds
    nothing in it. False says only that the fold must look. The events as the folds take them,
    or as stored."""
    return in_order((e.number, e.kind, e.args, e.line) for e in as_events(events))


def in_order(acts: Iterable[tuple[int, str, dict[str, Any], str]]) -> bool:
    """`played_in_order` of a hand's acts, each its number, its kind of line, its words and its
    line (`recorder.rows.acts`; only the kind and the words are read): what the scan asks of stored
    rows before it makes them the folds' events."""
    try:
        return _in_order(acts)
    except Exception:  # words the fold would not read either (a store changed by hand): it says why
        return False


def _in_order(acts: Iterable[tuple[int, str, dict[str, Any], str]]) -> bool:
    dealer: str | None = None
    contract: Contract | None = None
    holding: dict[str, int] | None = None  # each seat's cards not yet played, as a bit set (`bridge.cards.bits`)
    trick: Trick | None = None  # the trick in progress, once the play has begun
    turn: str | None = None  # who is to play next (`bridge.play`)
    claimed = False
    for _, kind, args, _ in acts:
        if kind == "play":
            words = args["cards"]
            seat = args["seat"]
            if claimed or len(words) != 1:
                return False  # after the claim (L72), several cards at once
            if trick is None:
                if contract is None or holding is None:
                    return False
                trick = Trick(contract.trump)
                turn = opening_leader(contract.declarer)
            if seat != turn:
                return False  # out of turn
            card = CARD_OF_WORD.get(words[0])  # (`SA`, or as written otherwise: `sa`, `S10`)
            if card is None:
                return False
            held = holding[seat]
            if not held & card.bit:
                return False  # not held
            held ^= card.bit
            holding[seat] = held
            if trick.cards:
                led = trick.cards[0][1].suit
                if not follows(card, led, held & SUIT_BITS[led]):
                    return False  # a failure to follow suit (L83)
            turn = trick.add(seat, card)
            if trick.complete:
                trick = Trick(contract.trump)  # type: ignore[union-attr]
        elif kind not in KINDS_IN_ORDER:
            return False
        elif trick is not None and kind in ("dealer", "deal", "auction", "contract"):
            return False  # the deal or the contract changed once the play had begun
        elif kind == "dealer":
            dealer = args["seat"]
        elif kind == "auction":
            if dealer is not None:  # the table takes the auction's contract (projections.table)
                contract = contract_made(dealer, list(args["calls"]))
        elif kind == "contract":
            contract = Contract.parse(args["contract"])
        elif kind == "deal":
            if holding is not None:
                return False
            holding = _hands(args["deal"])
            if holding is None:
                return False  # a hand short (L38), or not known
        elif kind == "claim":
            if claimed:
                return False
            claimed = True
    return True


def _hands(deal: str) -> dict[str, int] | None:
    """Each seat's cards as the deal line gives them to the table (`bridge.cards.dealt_hands`), as a
    bit set (`bridge.cards.bits`: a card held is its bit, a suit held `hand & SUIT_BITS[suit]`);
    None unless each holds thirteen."""
    dealt = dealt_hands(deal)
    if any(h is None or len(h) != 13 for h in dealt.values()):
        return None
    return {s: bits(h) for s, h in dealt.items()}  # type: ignore[arg-type]
