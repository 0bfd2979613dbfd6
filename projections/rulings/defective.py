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
from .sentences import Said, said
from .state import Decided, Exposed, Irregularity, IrregularityKind, Judge, Revoke, RevokeKind, RevokeStatus



def missed(judge: Judge, table: Table, e: Event, t: Trick) -> None:
    """L67: a trick quitted short of a card: a defective trick."""
    for s in short_of(table, t):
        who = said("seat.dummy", seat=s) if s == table.dummy else said("seat", seat=s)
        judge.irregularities.append(Irregularity(
            IrregularityKind.MISSED_TRICK, s, e.number, ["67A1"],
            said("missed-trick.duplicate", trick=t.number, who=who, deemed=_deemed(table)),
            trick=t.number,
        ))


def _deemed(table: Table) -> Said:
    if table.code.placed_card_revoke == PlacedCardRevoke.VOID:
        return said("missed-trick.deemed-revoke-if-void")
    return said("missed-trick.deemed-revoke")


def nothing_to_put_right(judge: Judge, e: Event, t: Trick, p: Play) -> None:
    """`put-right` by a player whose card no trick lacks: no defective trick (L67A1 puts right an
    omission to play to a trick); the card is played as any card is."""
    judge.irregularities.append(Irregularity(
        IrregularityKind.NOTHING_TO_PUT_RIGHT, p.seat, e.number, ["67A1"],
        said("nothing-to-put-right", seat=p.seat, card=p.card, trick=t.number),
        trick=t.number,
    ))


def put_right(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> bool:
    """The card added to the trick its player missed: L67A1 before a player of each side played to
    the following trick, L67B1 after (the table has placed it: `Play.placed`). True: the card is
    judged as any card to that trick (it must follow suit, L61A)."""
    irr = _missed(judge, p.seat, t)
    if not p.placed:
        if irr is not None:
            irr.add("missed-trick.supplied", card=p.card, event=e.number)
        return True
    return placed(judge, table, e, t, p, irr, said("missed-trick.card-placed", card=p.card, event=e.number))


def leftover(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> None:
    """The card left over at the end of the play: too many cards in his hand show the trick he
    missed, and the Director places it there (L67B; L67B1)."""
    placed(judge, table, e, t, p, _missed(judge, p.seat, t),
           said("missed-trick.left-over", card=p.card, event=e.number))


def placed(judge: Judge, table: Table, e: Event, t: Trick, p: Play, irr: Irregularity | None, what: Said) -> bool:
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
        irr.add("missed-trick.played-on", what=what)
    suit = said("suit", suit=led) if led in SUIT_NAMES else said("suit.led")
    if of_led and rule == PlacedCardRevoke.VOID:
        if irr is not None:
            irr.add("missed-trick.holding-suit-led", suit=suit,
                    then=said("full-stop") if p.card.suit == led else said("missed-trick.judged-as-his-card",
                                                                          card=p.card))
        return p.card.suit != led
    if led is None:
        return False
    r = Revoke(seat, t.number, p.card, led, e.number, kind=RevokeKind.DEEMED, laws=["67B1"],
               status=RevokeStatus.ESTABLISHED, status_event=e.number,
               proven=known or rule == PlacedCardRevoke.ALWAYS)  # (1997: his holding decides)
    r.faced = seat == table.dummy  # L64B3: a revoke in failing to play a card of dummy's transfers nothing
    must = (said("missed-trick.had-to-place", suit=suit) if of_led and p.card.suit != led else said("nothing"))
    r.said = [said("revoke.defective-trick", seat=seat, trick=t.number, suit=suit, what=what, must=must, of_led=of_led,
                   always=rule == PlacedCardRevoke.ALWAYS)]
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
        said("surplus-card.too-many", seat=p.seat, card=p.card, trick=t.number), trick=t.number))


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
    who = said("seat", seat=seat) if seat != table.dummy else said("fifth-card.declarer-from-dummy")
    if defender:
        # L45E1: a defender's fifth card is a penalty card (L50) unless deemed led (then L53 or L56).
        law = "45E1"
        outcomes = said("fifth-card.defender", next=t.number + 1)
    else:
        # L45E2: declarer's (his own or dummy's) carries no rectification unless deemed led (then L55).
        law = "45E2"
        outcomes = said("fifth-card.declarer", next=t.number + 1)
    judge.irregularities.append(Irregularity(
        IrregularityKind.FIFTH_CARD, seat, e.number, [law, "67A2"],
        said("fifth-card", who=who, card=p.card, trick=t.number, outcomes=outcomes, event=e.number),
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
    by = said("director.by", author=e.args["author"]) if e.args.get("author") else said("nothing")
    if not led:
        if law == "45E1":
            penalty_cards.add(judge, Exposed(seat, card, e.number, "45E1"), deliberate=False)  # type: ignore[arg-type]
            irr.add("fifth-card.not-led-penalty-card", event=e.number, by=by)
        else:
            irr.add("fifth-card.not-led-back-to-hand", event=e.number, by=by)
        return
    leader = t.winner(table.trump)
    after = table.tricks[t.number] if len(table.tricks) > t.number else None
    lead = after.plays[0] if after is not None and after.plays and after.plays[0].event == n else None
    if leader == seat or lead is None or leader is None:
        irr.add("fifth-card.led-in-turn", event=e.number, by=by, trick=t.number + 1)
        return
    irr.add("fifth-card.led-out-of-turn", event=e.number, by=by, trick=t.number + 1, leader=leader, won=t.number,
            law=law)
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
            said("surplus-named.only-card", card=card, seat=seat), trick=t.number if t is not None else None))
        return
    if t.quitted_at is not None and t.quitted_at < e.number:
        looked_at(judge, table, e)
        extra_card(judge, table, e, t, seat, card, counted.card)
        named_the_revoke(judge, e, t, seat, card, counted.card, "67B2")
        return
    defender = table.is_adversary(seat)
    judge.irregularities.append(Irregularity(
        IrregularityKind.SURPLUS_NAMED, seat, e.number, ["58B2", "67A2"],
        said("surplus-named.designated", seat=seat, counted=counted.card, trick=t.number, card=card,
             defender=defender), trick=t.number))
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
    kept = said("surplus-card.kept", card=counted) if counted is not None else said("nothing")
    if not both_sides_played_on(table, t):
        judge.irregularities.append(Irregularity(
            IrregularityKind.SURPLUS_CARD, seat, e.number, ["67A2"],
            said("surplus-card.back-in-hand", seat=seat, card=card, trick=t.number, kept=kept), trick=t.number))
        return
    judge.irregularities.append(Irregularity(
        IrregularityKind.SURPLUS_CARD, seat, e.number, ["67B2"],
        said("surplus-card.restored", seat=seat, trick=t.number, card=card, kept=kept), trick=t.number))
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
            i.add("several-cards.undiscovered", card=card, event=e.number)
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
                said("short-hand.duplicate", seat=s, cards=len(h))))


def found(judge: Judge, table: Table, e: Event) -> None:
    """`found SEAT CARD`: the missing card restored to the deficient hand (L14B2); a revoke the
    record has him answer for by it is L14B4's."""
    seat, card = e.args["seat"], parse_card(e.args["card"])
    law = table.code.missing_card_law
    revoked = [r for r in judge.revokes if r.seat == seat and law in r.via]
    judge.irregularities.append(Irregularity(
        IrregularityKind.MISSING_CARD_FOUND, seat, e.number, ["14B2"] + ([law] if revoked else []),
        said("missing-card-found.duplicate", seat=seat, card=card, event=e.number,
             then=said("missing-card-found.revoke", trick=revoked[0].trick, law=law) if revoked
             else said("full-stop"))))
