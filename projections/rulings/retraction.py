"""The retraction of a card played under the Laws of Duplicate Bridge (L47): "Except as this Law
specifies, a card once played may not be withdrawn" (2017 L47F2). A card taken back that no law
lets its player take back (to correct a revoke, L62; after an opponent's change of play, L47D,
L62C; a lead out of turn retracted, L53-L56; a card played at once with another, L58B; a penalty
card's substitution, L52B2) stays played: it counts in its trick, and no card is owed in its place
(`Decided.kept`). Declarer plays dummy's cards: dummy's card taken back is declarer's retraction, past
the change of an unintended designation that L45C4(b) allows until he next plays a card (the
record does not say a designation was unintended, so a card of dummy's taken back with no other
designated in its place is no change of designation).

A card taken from a quitted trick is also a quitted trick looked at (L66C). The 1912 code's rule
(a card taken from a quitted trick stays in it, L90) is `irregularities`'.
"""

from __future__ import annotations

from bridge.cards import Card, next_seat, side_of

from ..codes.base import MisinformedRetractionUntil
from ..events import Event
from ..table import Table
from ..tricks import Play, Trick, taken_back_at
from .arrangement import looked_at
from .duplicate import unestablish
from .sentences import said
from .state import NOTHING, Decided, Irregularity, IrregularityKind, Judge, RevokeStatus



def not_allowed(judge: Judge, table: Table, e: Event) -> Decided | None:
    """L47F2: the card taken back at `e` stays played: it stays in the trick as played, and no card
    is owed in its place (`Decided.kept`)."""
    seat = e.args["seat"]
    taken = taken_back_at(table.tricks, e.number)
    if taken is None:
        return None
    t, p = taken
    if p.surplus:
        return None  # of several cards played at once, one he does not play (L58B2): picked up
    dummy = seat == table.dummy
    who = _who(table, seat)
    later = _played_after(table, t, p, e) if e.args.get("misinformed") else None
    late_45d = dummy and e.args.get("not_named")
    designation = dummy and not late_45d  # (a card declarer did not name is no designation of his, L45D)
    judge.irregularities.append(Irregularity(
        IrregularityKind.ILLEGAL_RETRACTION, who, e.number,
        ["47F2"] + (["45C4"] if designation else []) + (["47E2"] if later else []) + (["45D"] if late_45d else []),
        [said("illegal-retraction.taken-back", seat=who, dummy=dummy, card=p.card, trick=t.number, event=e.number),
         *([said("illegal-retraction.designation")] if designation else []),
         *([said("illegal-retraction.not-named-not-dummy")] if e.args.get("not_named") and not dummy else []),
         *([said("illegal-retraction.declarer-after-not-named")]
           if seat == table.declarer and any(i.kind == IrregularityKind.CARD_NOT_NAMED and i.trick == t.number
                                             for i in judge.irregularities) else []),
         said("illegal-retraction.stays-played"),
         *([said("illegal-retraction.misinformed-too-late", to_trick=_to_trick(table), later=later.event)]
           if later else []),
         *([said("illegal-retraction.not-named-too-late")] if late_45d else [])],
        trick=t.number))
    return Decided(kept=False)


def from_quitted_trick(judge: Judge, table: Table, e: Event) -> Decided | None:
    """A card taken back from a quitted trick (no correction of a revoke): a quitted trick looked
    at without the Director (L66C), and a card once played withdrawn (L47F2): it stays played."""
    looked_at(judge, table, e)
    return not_allowed(judge, table, e)


# ---------------------------------------------------------------- dummy's card not named (L45D)



def not_named(judge: Judge, table: Table, e: Event) -> Decided | None:
    """L45D: "If dummy places in the played position a card that declarer did not name, the card must
    be withdrawn if attention is drawn to it before each side has played to the next trick, and a
    defender may withdraw and return to his hand a card played after the error but before attention
    was drawn; if declarer's RHO changes his play, declarer may withdraw a card he had subsequently
    played to that trick." `withdraw N CARD not-named` is dummy's card so withdrawn (the record says
    declarer did not name it: a finding of fact); a card then taken back by a defender, or by
    declarer after his right-hand opponent changed his play, is one L45D lets him take back: each
    without rectification, and no penalty card. What the laws decided; None: not ruled here."""
    taken = taken_back_at(table.tricks, e.number)
    if taken is None:
        return None
    t, p = taken
    seat = p.seat
    if e.args.get("not_named"):
        if seat != table.dummy or _each_side_played_to_next(table, t, e):
            return None  # (not dummy's card, or too late: the card stays played, `not_allowed` says why)
        owed = _owed_here(table, t, p, e)
        judge.irregularities.append(Irregularity(
            IrregularityKind.CARD_NOT_NAMED, seat, e.number, ["45D"],
            said("card-not-named", card=p.card, played=p.event, event=e.number, trick=t.number), trick=t.number))
        return owed
    # The error this card came after: a defender's card "played after the error but before attention
    # was drawn" (to any trick); declarer's "subsequently played to that trick".
    error, misplaced = next(((i, q) for i in reversed(judge.irregularities) if i.kind == IrregularityKind.CARD_NOT_NAMED
                             for u in table.tricks[i.trick - 1:i.trick] for q in u.plays
                             if q.seat == table.dummy and q.withdrawn_at == i.event
                             and q.event < p.event and (seat == table.declarer or p.event < i.event)), (None, None))
    if error is None or misplaced is None or (seat == table.declarer and error.trick != t.number):
        return None
    if seat == table.declarer:
        rho = next_seat(seat, 3)  # (his right-hand opponent: the seat before him)
        if not _changed_his_play(judge, t, rho, e):
            return None
    elif table.is_adversary(seat):
        rho = None  # (a defender takes his card back whatever declarer's right-hand opponent did)
    else:
        return None
    owed = _owed_here(table, t, p, e)
    judge.irregularities.append(Irregularity(
        IrregularityKind.RETRACTION_AFTER_CARD_NOT_NAMED, seat, e.number, ["45D"],
        said("retraction-after-card-not-named.declarer" if rho else "retraction-after-card-not-named.defender",
             seat=seat, card=p.card, trick=t.number, event=e.number, rho=rho, misplaced=misplaced.card),
        trick=t.number))
    return owed


def _changed_his_play(judge: Judge, t: Trick, seat: str, e: Event) -> bool:
    """Whether `seat` took back his card to trick `t` after dummy's card not named (L45D) and played
    another to it before event `e`."""
    for i in judge.irregularities:
        if i.kind == IrregularityKind.RETRACTION_AFTER_CARD_NOT_NAMED and i.seat == seat and i.trick == t.number:
            taken = next((q for q in t.plays if q.seat == seat and q.withdrawn_at == i.event), None)
            if taken is not None and any(q.seat == seat and i.event < q.event < e.number and q.card != taken.card
                                         for q in t.plays):
                return True
    return False


def _each_side_played_to_next(table: Table, t: Trick, e: Event) -> bool:
    """Whether a player of each side had played to the trick after `t` before event `e` (L45D)."""
    after = table.tricks[t.number] if t.number < len(table.tricks) else None
    return after is not None and len({side_of(q.seat) for q in after.plays if q.event < e.number}) == 2


def _owed_here(table: Table, t: Trick, p: Play, e: Event) -> Decided:
    """The card taken back at `e` is replaced in its own trick, though cards were played to a later one."""
    if any(q.event > p.event for u in table.tricks[t.number:] for q in u.plays):
        return Decided(owed_to_trick=True)
    return NOTHING


# ---------------------------------------------------------------- misinformation (L47E)

# The rulings on a card led or played out of turn.
_OUT_OF_TURN = (IrregularityKind.LEAD_OUT_OF_TURN, IrregularityKind.PREMATURE_PLAY)


def misinformed(judge: Judge, table: Table, e: Event) -> Decided | None:
    """`withdraw SEAT CARD misinformed`: a card taken back because an opponent misinformed its
    player (L47E). Out of turn, after being told it was his turn: retracted without further
    rectification, and his left-hand opponent may not accept it (L47E1); in turn, after a mistaken
    explanation of an opponent's call or play: retracted without further rectification only if no
    card was played after it (L47E2(a); 2007 "to that trick": `Code.misinformed_retraction_until`),
    else the other laws of retraction are asked as for any card taken back, and one no law allows
    stays played, the Director may award an adjusted score (`not_allowed`, L47E2(b)). What the laws
    decided; None: not ruled here."""
    seat = e.args["seat"]
    taken = taken_back_at(table.tricks, e.number)
    premature = next((pm for pm in judge.premature if pm.seat == seat and str(pm.card) == e.args["card"]
                      and not pm.done), None)
    if premature is not None and taken is None:
        # A premature card the laws had taken up (L57): retracted, it is no penalty card.
        premature.done, premature.due = True, False
        _retracted_out_of_turn(judge, table, e, premature.irregularity, premature.card, premature.trick)
        return NOTHING
    if taken is None:
        return None
    t, p = taken
    out_of_turn = next((i for i in judge.irregularities if i.event == p.event and i.seat == seat
                        and i.kind in _OUT_OF_TURN), None)
    if out_of_turn is not None:
        _retracted_out_of_turn(judge, table, e, out_of_turn, p.card, t.number)
        return NOTHING
    if _played_after(table, t, p, e):
        return None  # too late (L47E2(a)): as any card taken back (`not_allowed` says why)
    owed = _owed_here(table, t, p, e)  # (2007: cards played to later tricks) his next card goes to this one
    who = _who(table, seat)
    judge.irregularities.append(Irregularity(
        IrregularityKind.MISINFORMED_RETRACTION, who, e.number, ["47E2"],
        said("misinformed-retraction.in-turn", seat=who, dummy=seat == table.dummy, card=p.card, trick=t.number,
             event=e.number, to_trick=_to_trick(table)),
        trick=t.number))
    return owed


def _to_trick(table: Table) -> bool:
    return table.code.misinformed_retraction_until == MisinformedRetractionUntil.NO_CARD_TO_ITS_TRICK


def _played_after(table: Table, t: Trick, p: Play, e: Event) -> Play | None:
    """The first card played after `p` (to its trick, under a code that reads L47E2(a) so) and
    before its taking back at `e`: too late, then, to retract it after misinformation."""
    return next((q for u in ([t] if _to_trick(table) else table.tricks) for q in u.plays
                 if p.event < q.event < e.number), None)


def _who(table: Table, seat: str) -> str:
    """Who takes a card back: declarer for dummy's (he plays dummy's cards)."""
    return table.declarer if seat == table.dummy and table.declarer else seat


def _retracted_out_of_turn(judge: Judge, table: Table, e: Event, irr: Irregularity, card: Card,
                           trick: int) -> None:
    """L47E1: the card led or played out of turn, retracted after an opponent told its player it was
    his turn: no rectification, the ruling on it closed (no option left: his LHO may not accept it),
    and no penalty card; under 2017 it establishes no revoke of his side ("Law 63A1 does not apply":
    `Code.misinformed_card_establishes`)."""
    irr.options = []
    irr.add("misinformed-retraction.retracted", event=e.number)
    judge.exposed = [x for x in judge.exposed if not (x.seat == irr.seat and x.card == card)]
    if not table.code.misinformed_card_establishes:
        for r in judge.revokes:
            if r.status == RevokeStatus.ESTABLISHED and r.status_event == irr.event and r.laws[:1] == ["63A1"]:
                unestablish(r, ["61A", "47E1"], said("revoke.unestablished-misinformed", seat=r.seat, trick=r.trick,
                                                     card=r.card, played=irr.event))
    seat = e.args["seat"]
    who = _who(table, seat)
    judge.irregularities.append(Irregularity(
        IrregularityKind.MISINFORMED_RETRACTION, who, e.number, ["47E1"],
        said("misinformed-retraction.out-of-turn", seat=who, dummy=seat == table.dummy, card=card, event=e.number),
        trick=trick))
