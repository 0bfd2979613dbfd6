"""The defective trick and the hand short of a card under the Laws of Duplicate Bridge (L67, L14): a trick quitted short of a
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
with Law 64A2" (`Code.placed_card_revoke`: `PlacedCardRevoke.ALWAYS`); 1997: with a card of the
suit led "there is no penalty", without one "he is deemed to have revoked on the defective trick -
he may be subject to the one-trick penalty of Law 64" (`VOID`). A deemed revoke is established as it is made: the
Director's rectification, not a card that may still be corrected.

Too many cards from one player in one trick: before a player of each side has played to the
following trick, L67A2 sends them to L58B (several at once: the player designates the card he
plays, `surplus SEAT CARD` naming the other, a defender's other card a penalty card, declarer's
and dummy's picked up); after, "the Director inspects the played cards and requires the offender
to restore to his hand all extra cards, leaving among the played cards the one faced in playing to
the defective trick" (L67B2: `inspect`, then `restore SEAT CARD`); the restored card is deemed to
have belonged to his hand throughout, so a failure to play it to an earlier trick may be a revoke
(`revokes.deemed_held`, under `Code.surplus_card_law`). L66C: until play ceases quitted tricks may
not be inspected but at the Director's instruction: a card named in, or taken back from, a quitted
trick with no `inspect` before it is `looked-at-quitted-trick`.

A hand dealt short of a card (L14B): the missing card found during the play is restored to the
deficient hand; "it is deemed to have belonged continuously to the deficient hand", so a failure
to have played it may be a revoke (L14B4, `Code.missing_card_law`: the revoke's `via`); it is no
penalty card unless its face was seen, which the record does not say.

The 1912 code's L81 (a new deal, or the leftover card counted to the short trick), L82 (the
surplus card) and L38 (the short hand) are `irregularities`'; the judge asks the laws of the tricks
of the hand's code's family (`LawFamily.tricks`: `laws_1912`, `laws_duplicate`).
"""

from __future__ import annotations

from bridge.cards import SUIT_NAMES, Card
from bridge.cards import card as parse_card
from bridge.play import of_suit

from ..codes.base import PlacedCardRevoke
from ..events import Event
from ..placement import both_sides_played_on  # (the table's line between L67A and L67B)
from ..table import Table
from ..tricks import Play, Trick
from . import leads, penalty_cards, retraction
from .arrangement import looked_at
from .irregularities import named_in, named_the_revoke, short_of
from .state import Decided, Exposed, Irregularity, IrregularityKind, Judge, Revoke, RevokeKind, RevokeStatus, name



def missed(judge: Judge, table: Table, e: Event, t: Trick) -> None:
    """L67: a trick quitted short of a card: a defective trick."""
    for s in short_of(table, t):
        who = f"dummy ({name(s)})" if s == table.dummy else name(s)
        judge.irregularities.append(Irregularity(
            IrregularityKind.MISSED_TRICK, s, e.number, ["67A1"],
            f"Trick {t.number} was quitted without a card from {who}: a defective trick. Before a player of "
            f"each side has played to the following trick it is put right by a card he can legally play (L67A1); "
            f"after, the Director has a card placed among his played cards, which does not change who won the "
            f"trick, and {_deemed(table)} (L67B1).",
            trick=t.number,
        ))


def _deemed(table: Table) -> str:
    if table.code.placed_card_revoke == PlacedCardRevoke.VOID:
        return "holding no card of the suit led he is deemed to have revoked on it (L64), else there is no penalty"
    return "he is deemed to have revoked on it, one trick transferred under L64A2"


def nothing_to_put_right(judge: Judge, e: Event, t: Trick, p: Play) -> None:
    """`put-right` by a player whose card no trick lacks: no defective trick (L67A1 puts right an
    omission to play to a trick); the card is played as any card is."""
    judge.irregularities.append(Irregularity(
        IrregularityKind.NOTHING_TO_PUT_RIGHT, p.seat, e.number, ["67A1"],
        f"{name(p.seat)} put {p.card} to a trick he had omitted to play to, but no trick lacks his card: there is no "
        f"defective trick to put right (L67A1), and the card is recorded as played to trick {t.number}.",
        trick=t.number,
    ))


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
    known = table.hands[seat] is not None
    held = table.hands[seat] or set()
    of_led = bool(of_suit([*held, p.card], led))  # (he held a card of the suit led)
    rule = table.code.placed_card_revoke
    if irr is not None:
        irr.laws = ["67B1"]
        irr.explanation += f" A player of each side having played on, he {what} (L67B1)."
    suit = SUIT_NAMES.get(led or "", "the suit led")
    if of_led and rule == PlacedCardRevoke.VOID:
        if irr is not None:
            irr.explanation += (f" Holding {suit}, he must place such a card, and there is no penalty (L67B1(a))"
                                + ("." if p.card.suit == led else f"; {p.card} is judged as his card to the trick."))
        return p.card.suit != led
    if led is None:
        return False
    r = Revoke(seat, t.number, p.card, led, e.number, kind=RevokeKind.DEEMED, laws=["67B1"],
               status=RevokeStatus.ESTABLISHED, status_event=e.number,
               proven=known or rule == PlacedCardRevoke.ALWAYS)  # (1997: his holding decides)
    r.faced = seat == table.dummy  # L64B3: a revoke in failing to play a card of dummy's transfers nothing
    sub = "(a)" if of_led else "(b)"
    must = (f"; holding {suit}, he had to place such a card" if of_led and p.card.suit != led else "")
    r.explanation = (f"{name(seat)} missed trick {t.number}, {suit} led, and {what}{must}: he is deemed to have "
                     f"revoked on the defective trick (L67B1{sub}), established as ruled"
                     + (", one trick transferred under L64A2." if rule == PlacedCardRevoke.ALWAYS
                        else ", subject to L64."))
    judge.revokes.append(r)
    return False


def _missed(judge: Judge, seat: str, t: Trick) -> Irregularity | None:
    return next((i for i in judge.irregularities
                 if i.kind == IrregularityKind.MISSED_TRICK and i.seat == seat and i.trick == t.number), None)


# ---------------------------------------------------------------- too many cards (L67A2, L67B2; L66C)


def too_many(judge: Judge, e: Event, t: Trick, p: Play) -> None:
    """A card from a player who had already played to the trick (two `play` lines): too many
    cards to one trick (L67)."""
    judge.irregularities.append(Irregularity(
        IrregularityKind.SURPLUS_CARD, p.seat, e.number, ["67A2"],
        f"{name(p.seat)} played {p.card} to trick {t.number}, to which he had already played: too many cards to one "
        f"trick. Before a player of each side has played to the following trick the Director rectifies it by L45E or "
        f"L58B (L67A2); after, he restores the extra card to its holder's hand, who answers for a failure to have "
        f"played it to an earlier trick (L67B2).", trick=t.number))


# ---------------------------------------------------------------- a fifth card (L45E)



def fifth_card(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> None:
    """`play SEAT CARD fifth`: a card contributed to a trick all four had played to (L45E, to which
    L67A2 sends too many cards to a trick). Whether it was led is the Director's judgment, which the
    record states (`deem`): until it does, the ruling asks for it and names both outcomes, choosing
    neither (no penalty card, no lead out of turn)."""
    if not t.complete:
        too_many(judge, e, t, p)  # (no trick of four: a second card of his to it, L67A2)
        return
    seat, defender = p.seat, table.is_adversary(p.seat)
    who = name(seat) if seat != table.dummy else "Declarer, from dummy,"
    if defender:
        # L45E1: a defender's fifth card is a penalty card (L50) unless deemed led (then L53 or L56).
        law = "45E1"
        outcomes = (f"Unless the Director deems that it was led, it becomes a penalty card (L45E1, L50); deemed led, "
                    f"it is the lead to trick {t.number + 1}, a lead out of turn ruled by L53 and L56, or his lead in "
                    f"turn if the lead was his")
    else:
        # L45E2: declarer's (his own or dummy's) carries no rectification unless deemed led (then L55).
        law = "45E2"
        outcomes = (f"Unless the Director deems that it was led, it carries no rectification and goes back to the hand "
                    f"(L45E2); deemed led, it is declarer's lead to trick {t.number + 1}, out of turn ruled by L55, or "
                    f"his lead in turn if the lead was his")
    judge.irregularities.append(Irregularity(
        IrregularityKind.FIFTH_CARD, seat, e.number, [law, "67A2"],
        f"{who} added {p.card} to trick {t.number}, to which all four players had already played: a fifth card "
        f"(L45E, L67A2). {outcomes}. Whether it was led is the Director's decision ('deem {e.number} led' or "
        f"'deem {e.number} not-led'), which the record does not yet hold: neither outcome is ruled until it does.",
        trick=t.number, judgment={"law": law, "by": "director", "given": None}))


def deemed(judge: Judge, table: Table, e: Event) -> None:
    """`deem N [by=NAME] led|not-led`: the Director's decision on the fifth card played at event N
    (L45E1, L45E2), and the outcome it chooses."""
    n, led = e.args["event"], e.args["led"]
    irr = next((i for i in judge.irregularities if i.kind == IrregularityKind.FIFTH_CARD and i.event == n
                and i.judgment is not None and i.judgment["given"] is None), None)
    if irr is None:
        return  # (no fifth card waiting at that event: the recorder refuses such a line)
    irr.judgment["given"] = {"event": e.number, "led": led, "by": e.args.get("author") or None}  # type: ignore[index]
    seat, law = irr.seat or "", irr.laws[0]
    t = table.tricks[(irr.trick or 1) - 1]
    card = next((q.card for u in table.tricks for q in u.plays if q.event == n and q.fifth), None)
    by = f" ({e.args['author']})" if e.args.get("author") else ""
    if not led:
        if law == "45E1":
            penalty_cards.add(judge, Exposed(seat, card, e.number, "45E1"), deliberate=False)  # type: ignore[arg-type]
            irr.explanation += (f" At event {e.number} the Director{by} deemed that it was not led: it is a penalty card "
                                f"(L45E1, L50).")
        else:
            irr.explanation += (f" At event {e.number} the Director{by} deemed that it was not led: no rectification, "
                                f"and it goes back to the hand (L45E2).")
        return
    leader = t.winner(table.trump)
    irr.explanation += f" At event {e.number} the Director{by} deemed that it was led, to trick {t.number + 1}"
    after = table.tricks[t.number] if len(table.tricks) > t.number else None
    lead = after.plays[0] if after is not None and after.plays and after.plays[0].event == n else None
    if leader == seat or lead is None or leader is None:
        irr.explanation += ": the lead was his, so it is his lead in turn, nothing to rectify (L45E)."
        return
    irr.explanation += f": a lead out of turn, {name(leader)} having won trick {t.number} (L{law})."
    played = Event(n, "play", {"seat": seat, "cards": [str(card)]}, e.line)
    known = len(judge.irregularities)
    leads.led_out_of_turn(judge, table, played, after, lead, leader)  # L53-L56
    for i in judge.irregularities[known:]:
        if law not in i.laws:
            i.laws.append(law)


def surplus_named(judge: Judge, table: Table, e: Event) -> None:
    """`surplus SEAT CARD`: of a player's cards in one trick, CARD is the one he does not play.
    While the trick is not quitted, the player's designation (L67A2, L58B2); in a quitted trick, the
    extra card the Director restores (L67B2), looked for without him a breach of L66C."""
    seat, card = e.args["seat"], parse_card(e.args["card"])
    t, counted = named_in(table, seat, card)
    if t is None or counted is None or counted.card == card:
        judge.irregularities.append(Irregularity(
            IrregularityKind.SURPLUS_NAMED, seat, e.number, ["67"],
            f"{card} was named as {name(seat)}'s surplus card, but it is his only card in its trick: nothing "
            f"changes.", trick=t.number if t is not None else None))
        return
    if t.quitted_at is not None and t.quitted_at < e.number:
        looked_at(judge, table, e)
        extra_card(judge, table, e, t, seat, card, counted.card)
        named_the_revoke(judge, e, t, seat, card, counted.card, "67B2")
        return
    defender = table.is_adversary(seat)
    judge.irregularities.append(Irregularity(
        IrregularityKind.SURPLUS_NAMED, seat, e.number, ["58B2", "67A2"],
        f"{name(seat)} designates {counted.card} as the card he plays to trick {t.number} (L58B2, L67A2): the "
        f"{card} " + ("is a penalty card (L58B2, L50)." if defender else "goes back to his hand without "
                      "rectification (L58B2)."), trick=t.number))
    if defender:
        penalty_cards.designated(judge, seat, card, counted.card, e.number)
    named_the_revoke(judge, e, t, seat, card, counted.card, "58B2")


def restore(judge: Judge, table: Table, e: Event) -> Decided | None:
    """`restore SEAT CARD`: an extra card taken back from a quitted trick to its holder's hand."""
    return _back_in_hand(judge, table, e, "restored_at")


def surplus_taken_back(judge: Judge, table: Table, e: Event) -> Decided | None:
    """`withdraw SEAT CARD` of an extra card in a quitted trick: the same."""
    return _back_in_hand(judge, table, e, "withdrawn_at")


def _back_in_hand(judge: Judge, table: Table, e: Event, when: str) -> Decided | None:
    """The card the event took from a quitted trick (its play's `when` is the event): looked for
    without the Director (L66C) unless he inspected; an extra card is restored to its holder's hand
    (L67B2), any other stays played (L47F2): what the laws decided."""
    for t in table.tricks:
        for p in t.plays:
            if getattr(p, when) == e.number:
                if not p.surplus:
                    return retraction.from_quitted_trick(judge, table, e)
                looked_at(judge, table, e)
                counted = t.played_by(p.seat)
                extra_card(judge, table, e, t, p.seat, p.card, counted.card if counted else None)
                return None
    return None


def extra_card(judge: Judge, table: Table, e: Event, t: Trick, seat: str, card: Card, counted: Card | None) -> None:
    """L67B2 (L67A2 before a player of each side played on): the extra card back in its holder's
    hand; the trick and who won it unchanged."""
    kept = f"; his {counted} stays in the trick" if counted is not None else ""
    if not both_sides_played_on(table, t):
        judge.irregularities.append(Irregularity(
            IrregularityKind.SURPLUS_CARD, seat, e.number, ["67A2"],
            f"{name(seat)}'s {card}, an extra card in trick {t.number}, goes back to his hand{kept}, before a player "
            f"of each side had played to the following trick (L67A2).", trick=t.number))
        return
    judge.irregularities.append(Irregularity(
        IrregularityKind.SURPLUS_CARD, seat, e.number, ["67B2"],
        f"{name(seat)} had played too many cards to trick {t.number}: {card} is restored to his hand{kept}, and who "
        f"won the trick does not change (L67B2). The restored card is deemed to have been in his hand throughout: "
        f"a failure to play it to an earlier trick may be a revoke (L67B2).", trick=t.number))
    _never_faced(judge, e, t, seat, card)


def _never_faced(judge: Judge, e: Event, t: Trick, seat: str, card: Card) -> None:
    """L58B4: cards played at once and undiscovered until both sides had played to the next trick are
    put right by L67: the extra card restored (L67B2) "is deemed to have belonged continuously to the
    offender's hand" and lay face down in a quitted trick, never a penalty card face up (L58B2 was not
    reached). So it leaves the penalty cards, and a failure to play it to a later trick is an ordinary
    revoke (L61A), not one "made in failing to play a penalty card" (L64B3)."""
    faced = [x for x in judge.exposed if x.seat == seat and x.card == card and x.law == "58B2"]
    if not faced:
        return
    judge.exposed = [x for x in judge.exposed if x not in faced]
    for i in judge.irregularities:
        if i.kind == IrregularityKind.SEVERAL_CARDS and i.seat == seat and i.trick == t.number and "58B4" not in i.laws:
            i.laws += ["58B4", "67B2"]
            i.explanation += (f" The cards played at once were undiscovered until both sides had played to the next "
                              f"trick, so L67 applies (L58B4): the {card}, restored at event {e.number}, is no penalty "
                              f"card (L67B2).")
    for r in judge.revokes:
        if r.seat == seat and r.suit == card.suit and r.trick > t.number and r.kind != RevokeKind.DUMMY and r.faced:
            r.faced = False  # (not L64B3: no penalty card lay face up)
            if "67B2" not in r.via:
                r.via.append("67B2")
            if "67B2" not in r.laws:
                r.laws.append("67B2")


# ---------------------------------------------------------------- a hand short of a card (L14B)


def short_hand(judge: Judge, table: Table, e: Event) -> None:
    """A hand dealt fewer than thirteen cards: the board stands, and the missing card found is the
    deficient hand's (L14B)."""
    for s, h in table.dealt.items():
        if h is not None and len(h) < 13:
            judge.irregularities.append(Irregularity(
                IrregularityKind.SHORT_HAND, s, e.number, ["14B"],
                f"{name(s)} was dealt {len(h)} cards. A card missing from his hand, when found, is restored to it and "
                f"deemed to have belonged to it throughout: a failure to have played it may be a revoke (L14B)."))


def found(judge: Judge, table: Table, e: Event) -> None:
    """`found SEAT CARD`: the missing card restored to the deficient hand (L14B2); a revoke the
    record has him answer for by it is L14B4's."""
    seat, card = e.args["seat"], parse_card(e.args["card"])
    law = table.code.missing_card_law
    revoked = [r for r in judge.revokes if r.seat == seat and law in r.via]
    judge.irregularities.append(Irregularity(
        IrregularityKind.MISSING_CARD_FOUND, seat, e.number, ["14B2"] + ([law] if revoked else []),
        f"{name(seat)}'s missing {card} was found at event {e.number} and restored to his hand (L14B2); it is deemed "
        f"to have belonged to it throughout, and it is no penalty card"
        + (f"; his failure to have played it to trick {revoked[0].trick} is a revoke (L{law})." if revoked else ".")))
