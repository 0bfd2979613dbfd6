"""A hand played in order: the question the scan asks of a hand before it folds it.

A hand is played in order when its record holds a whole deal (four hands of thirteen, L38 has
nothing to say) and a contract before the first card, and every card after that was played one at
a time by the player whose turn it was (the opening lead from declarer's left, L46; then
clockwise; the winner of each trick leading the next, by `bridge.cards.beats`), from his own hand,
following suit whenever he held a card of the suit led (L83: the only way a card played becomes a
revoke), with none played after a claim; and it holds no other act than those (no question,
answer, quit, withdrawal, exposed card, election, correction of the record: each of those is what
the judge rules on).

The judge finds nothing in such a hand: no revoke, no other irregularity. Most archived hands are
played in order, and saying so is one pass over the plays without the table or the judge, so
`projections.scan` asks this first and folds only the hands it cannot vouch for.
tests/test_plain.py holds it to the fold: every hand found in order, over the examples,
generated and random irregular transcripts and (slow) every real archive, is one the fold finds
nothing in, and every hand with a revoke is not in order.
"""

from __future__ import annotations

from typing import Any, Iterable

from bridge.cards import CARD_OF_WORD, Card, Contract, beats, contract_from_auction, deal_words, dealt_hands, next_seat

from .table import Event, as_events

# The kinds of line a hand played in order holds: none of them is ruled on by the judge but the
# card played (projections.rulings.judge.STEPS), the deal (a short hand, L38) and the claim (which
# ends the play: with no revoke on record, nothing to establish).
KINDS_IN_ORDER = frozenset({"hand", "dealer", "deal", "auction", "contract", "play", "claim", "tag", "note"})
_NEXT = {s: next_seat(s) for s in "NESW"}
_NO_CARD = Card("S", "2")  # (who is winning a trick before its first card: never read)


def played_in_order(events: Iterable[Event | Any]) -> bool:
    """Whether the hand was played in order (this module's docstring): the judge then finds
    nothing in it. False says only that the fold must look. The events as the folds take them,
    or as stored."""
    return in_order((e.kind, e.args) for e in as_events(events))


def in_order(acts: Iterable[tuple[str, dict[str, Any]]]) -> bool:
    """`played_in_order` of a hand's acts, each its kind of line and its words (further fields,
    such as a stored event's timestamp, are not read): what the scan asks of stored rows before it
    makes them the folds' events."""
    try:
        return _in_order(acts)
    except Exception:  # words the fold would not read either (a store changed by hand): it says why
        return False


def _in_order(acts: Iterable[tuple[str, dict[str, Any]]]) -> bool:
    dealer: str | None = None
    contract: Contract | None = None
    trump: str | None = None
    holding: dict[str, set[str]] | None = None  # each seat's cards not yet played, by their words (`SA`)
    turn: str | None = None  # who is to play next, once the play has begun
    played = 0  # cards played to the trick in progress
    led = ""  # its suit
    best: tuple[str, Card] = ("", _NO_CARD)  # who is winning it, with which card
    claimed = False
    for kind, args in acts:
        if kind == "play":
            words = args["cards"]
            seat = args["seat"]
            if seat != turn or claimed or len(words) != 1:
                if turn is not None or claimed or len(words) != 1:
                    return False  # out of turn, after the claim (L72), several cards at once
                if contract is None or holding is None:
                    return False
                turn = _NEXT[contract.declarer]  # the opening lead: declarer's left (L46)
                if seat != turn:
                    return False
                trump = contract.trump
            word = words[0]
            hand = holding[seat]  # type: ignore[index]
            if word not in hand:
                card = CARD_OF_WORD.get(word)  # a card written otherwise (`sa`, `S10`), or not held
                if card is None or str(card) not in hand:
                    return False
                word = str(card)
            hand.remove(word)
            card = CARD_OF_WORD[word]
            if not played:
                led = card.suit
                best = (seat, card)
            else:
                if card.suit != led and any(w[0] == led for w in hand):
                    return False  # a failure to follow suit (L83)
                if beats(card, best[1], trump):
                    best = (seat, card)
            played += 1
            if played == 4:
                turn = best[0]  # the winner leads to the next trick
                played = 0
            else:
                turn = _NEXT[seat]
        elif kind not in KINDS_IN_ORDER:
            return False
        elif turn is not None and kind in ("dealer", "deal", "auction", "contract"):
            return False  # the deal or the contract changed once the play had begun
        elif kind == "dealer":
            dealer = args["seat"]
        elif kind == "auction":
            if dealer is not None:  # the table takes the auction's contract (projections.table)
                contract = contract_from_auction(dealer, list(args["calls"]))
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


def _hands(deal: str) -> dict[str, set[str]] | None:
    """Each seat's cards as the deal line gives them to the table (`bridge.cards.dealt_hands`), by
    their words; None unless each holds thirteen."""
    written = deal_words(deal)
    if None in written.values():  # three hands written out, the fourth the rest of the pack
        written = {s: None if h is None else tuple(str(c) for c in h) for s, h in dealt_hands(deal).items()}
    if any(w is None or len(w) != 13 for w in written.values()):
        return None
    return {s: set(w) for s, w in written.items()}  # type: ignore[arg-type]  # (no card twice: `deal_words`)
