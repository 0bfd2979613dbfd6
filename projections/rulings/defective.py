"""The defective trick under the Laws of Duplicate Bridge (L67): a trick quitted short of a
player's card, put right by him before a player of each side has played to the following trick
(L67A1), or placed among his played cards by the Director after (L67B1), and the card left over
at the end of the play, which shows a trick he missed (L67B: "from the fact that one player has
too ... many cards in his hand").

L67A1 (2017, 2007, 1997): "To rectify omission to play to a trick, the offender supplies a card he
can legally play": the card counts in the trick as any card, a failure to follow suit with it
being a revoke (L61A). L67B1: the Director has him "place it appropriately among his played cards
(this card does not affect ownership of the trick)" (the table places it so: `Play.placed`); with
a card of the suit led "he must choose such a card". 2017: in either case "He is deemed to have
revoked on the defective trick and is subject to the loss of one trick transferred in accordance
with Law 64A2" (`Code.placed_card_revoke` "always"); 1997: with a card of the suit led "there is
no penalty", without one "he is deemed to have revoked on the defective trick - he may be subject
to the one-trick penalty of Law 64" ("void"). A deemed revoke is established as it is made: the
Director's rectification, not a card that may still be corrected.

The 1912 code's L81 (a new deal, or the leftover card counted to the short trick) is
`irregularities`'; `judge.PLAY_LAWS` asks the one the hand's code names.
"""

from __future__ import annotations

from bridge.cards import SUIT_NAMES

from ..events import Event
from ..table import Table
from ..tricks import Play, Trick
from .irregularities import short_of
from .state import Irregularity, Judge, Revoke, name

KIND = "missed-trick"


def missed(judge: Judge, table: Table, e: Event, t: Trick) -> None:
    """L67: a trick quitted short of a card: a defective trick."""
    for s in short_of(table, t):
        who = f"dummy ({name(s)})" if s == table.dummy else name(s)
        judge.irregularities.append(Irregularity(
            KIND, s, e.number, ["67A1"],
            f"Trick {t.number} was quitted without a card from {who}: a defective trick. Before a player of "
            f"each side has played to the following trick it is put right by a card he can legally play (L67A1); "
            f"after, the Director has a card placed among his played cards, which does not change who won the "
            f"trick, and {_deemed(table)} (L67B1).",
            trick=t.number,
        ))


def _deemed(table: Table) -> str:
    if table.code.placed_card_revoke == "void":
        return "holding no card of the suit led he is deemed to have revoked on it (L64), else there is no penalty"
    return "he is deemed to have revoked on it, one trick transferred under L64A2"


def put_right(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> bool:
    """The card added to the trick its player missed: L67A1 before a player of each side played to
    the following trick, L67B1 after (the table has placed it: `Play.placed`). True: the card is
    judged as any card to that trick (it must follow suit, L61A)."""
    irr = _missed(judge, p.seat, t)
    if not p.placed:
        if irr is not None:
            irr.explanation += (f" He supplied {p.card} at event {e.number}, before a player of each side had "
                                f"played to the following trick: the trick is put right, and the card counts in "
                                f"it as any card (L67A1).")
        return True
    return placed(judge, table, e, t, p, irr, f"placed {p.card} among his played cards at event {e.number}")


def leftover(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> None:
    """The card left over at the end of the play: too many cards in his hand show the trick he
    missed, and the Director places it there (L67B; L67B1)."""
    placed(judge, table, e, t, p, _missed(judge, p.seat, t),
           f"held {p.card} left over at the end of the play (event {e.number}): it is placed among his played "
           f"cards")


def placed(judge: Judge, table: Table, e: Event, t: Trick, p: Play, irr: Irregularity | None, what: str) -> bool:
    """L67B1: the card placed among the offender's played cards by the Director, which does not
    affect ownership of the trick; the revoke it is deemed to be (2017: always; 1997: holding no
    card of the suit led). True: the card is judged as any card to that trick (1997, another card
    than one of the suit led he held)."""
    seat, led = p.seat, t.suit_led
    held = table.hands[seat] or set()
    of_led = led is not None and (p.card.suit == led or any(c.suit == led for c in held))
    rule = table.code.placed_card_revoke
    if irr is not None:
        irr.laws = ["67B1"]
        irr.explanation += f" A player of each side having played on, he {what} (L67B1)."
    suit = SUIT_NAMES.get(led or "", "the suit led")
    if of_led and rule == "void":
        if irr is not None:
            irr.explanation += (f" Holding {suit}, he must place such a card, and there is no penalty (L67B1(a))"
                                + ("." if p.card.suit == led else f"; {p.card} is judged as his card to the trick."))
        return p.card.suit != led
    if led is None:
        return False
    r = Revoke(seat, t.number, p.card, led, e.number, kind="deemed", laws=["67B1"], status="established",
               status_event=e.number)
    r.faced = seat == table.dummy  # L64B3: a revoke in failing to play a card of dummy's transfers nothing
    sub = "(a)" if of_led else "(b)"
    must = (f"; holding {suit}, he had to place such a card" if of_led and p.card.suit != led else "")
    r.explanation = (f"{name(seat)} missed trick {t.number}, {suit} led, and {what}{must}: he is deemed to have "
                     f"revoked on the defective trick (L67B1{sub}), established as ruled"
                     + (", one trick transferred under L64A2." if rule == "always" else ", subject to L64."))
    judge.revokes.append(r)
    return False


def _missed(judge: Judge, seat: str, t: Trick) -> Irregularity | None:
    return next((i for i in judge.irregularities if i.kind == KIND and i.seat == seat and i.trick == t.number), None)
