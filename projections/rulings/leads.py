"""A lead out of turn under the Laws of Duplicate Bridge (the codes of the duplicate family,
`laws_duplicate`): accepted or not (L53), declarer's (L55), a defender's (L56, which sends to L53 and to
L54D for the card taken back), the faced opening lead (L54, as far as the record can hold it).

A lead out of turn opens a choice for the offender's opponents: `accept` (it stands as a correct
lead, L53A) or `retract` (the correct hand leads). Declarer chooses for a defender's lead (L53A
"declarer or either defender, as the case may be"), either defender for declarer's (L55A; the one
next in turn to the irregular lead prevails when they differ). A play from the hand next in
rotation accepts it (L53A); the opponent whose lead it was may make his proper lead to the trick
(L53B); a play to declarer's irregular lead by the defender on its right lets it stand (2017 L53C,
1997 L53B, and L57 for that card). Taken back, a defender's card becomes a major penalty card
(L54D, L50D); declarer's goes back without further rectification, and he leads from the correct
hand (L55B), the Director judging whether he gained by it (L55C).
"""

from __future__ import annotations

from bridge.cards import side_of
from bridge.play import CLOCKWISE

from ..events import Event
from ..table import Table
from ..tricks import Play, Trick
from . import penalty_cards
from .sentences import Said, said
from .state import Decided, Election, Exposed, Irregularity, IrregularityKind, Judge

# What a lead out of turn offers the side that may answer it (L53-L56): to accept it or have it
# retracted; and the elections that answer one (declarer may also spread his hand, L54A).
OPTIONS = [Election.ACCEPT, Election.RETRACT]
ANSWERS = frozenset({Election.ACCEPT, Election.RETRACT, Election.SPREAD})


def led_out_of_turn(judge: Judge, table: Table, e: Event, t: Trick, p: Play, expected: str) -> None:
    """`p` led to trick `t` when `expected` was to lead."""
    seat = p.seat
    defender = table.is_adversary(seat)
    opening = t.number == 1 and defender
    thirteenth = t.number == 13 and table.code.no_acceptance_at_trick_13
    options = [Election.RETRACT] if thirteenth else list(OPTIONS)
    if t.number == 1 and not defender:
        # L54E: a player of the declaring side attempts the opening lead: Law 24 applies (the card
        # exposed during the auction period), which the Director rules.
        judge.irregularities.append(Irregularity(
            IrregularityKind.LEAD_OUT_OF_TURN, seat, e.number, ["54E", "24"],
            said("lead-out-of-turn.declaring-side-opening", seat=seat, card=p.card, expected=expected),
            trick=t.number))
        return
    if opening:
        options.append(Election.SPREAD)
    if defender:
        elector = table.declarer
        laws = ["54A", "54B", "54D"] if opening else ["56", "53A"]
        why = said("lead-out-of-turn.defender-opening" if opening else "lead-out-of-turn.defender-thirteenth"
                   if thirteenth else "lead-out-of-turn.defender",
                   seat=seat, card=p.card, trick=t.number, expected=expected)
    else:
        elector = "".join(s for s in "NESW" if side_of(s) != side_of(seat))  # either defender (L55A)
        laws = ["55A", "53A"]
        why = said("lead-out-of-turn.declarer-thirteenth" if thirteenth else "lead-out-of-turn.declarer",
                   card=p.card, from_dummy=seat == table.dummy, trick=t.number, expected=expected,
                   next=CLOCKWISE[seat][1])
    judge.irregularities.append(Irregularity(IrregularityKind.LEAD_OUT_OF_TURN, seat, e.number, laws, why,
                                             trick=t.number, elector=elector, options=options, target=expected))


def _open(judge: Judge, t: Trick) -> Irregularity | None:
    """The lead out of turn to this trick whose choice is still open."""
    return next((i for i in judge.irregularities if i.kind == IrregularityKind.LEAD_OUT_OF_TURN
                 and i.trick == t.number and i.options and i.elected is None and i.target is not None), None)


def followed(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> bool:
    """A card played to a trick led out of turn, before any choice: the hand next in rotation
    accepts the lead (L53A); the opponent whose lead it was makes his proper lead (L53B: True,
    his card is no play out of turn); the defender on the right of declarer's irregular lead lets it
    stand (2017 L53C, 1997 L53B; his card is premature, L57)."""
    irr = _open(judge, t)
    if irr is None or irr.seat is None or p.seat == irr.seat:
        return False
    offender, rightful = irr.seat, irr.target
    if p.seat == CLOCKWISE[offender][1] and Election.ACCEPT in irr.options:
        _accept(irr, said("lead-out-of-turn.accepted-by-next", seat=p.seat, event=e.number))
        return False
    if p.seat == rightful and side_of(rightful) != side_of(offender):  # type: ignore[arg-type]
        law = table.code.proper_lead_over_irregular
        irr.laws.append(law)
        irr.add("lead-out-of-turn.proper-lead", seat=p.seat, card=p.card, event=e.number, law=law)
        irr.options = []
        return True
    if not table.is_adversary(offender) and p.seat == CLOCKWISE[offender][3] and Election.ACCEPT in irr.options:
        law = table.code.premature_play_to_declarers_lead
        irr.laws.append(law)
        _accept(irr, said("lead-out-of-turn.stands-premature", seat=p.seat, event=e.number, law=law))
    return False


def _accept(irr: Irregularity, why: Said) -> None:
    irr.elected = Election.ACCEPT
    if "53A" not in irr.laws:
        irr.laws.append("53A")
    irr.said.append(why)


def elect(judge: Judge, table: Table, e: Event, irr: Irregularity) -> Decided | None:
    """`elect SEAT accept|retract|spread`: the choice lead out of turn `irr` opens (`open_to`, its
    elector named), made by whom the law gives it to: what the laws decided (declarer spreading
    his hand, the presumed dummy becomes declarer, L54A)."""
    seat, choice = e.args["seat"], Election(e.args["choice"])
    assert irr.elector is not None
    if seat not in irr.elector:
        judge.irregularities.append(Irregularity(
            IrregularityKind.ELECTION_NOT_THEIRS, seat, e.number, [irr.laws[0]],
            said("election-not-theirs.lead-out-of-turn", seat=seat, choice=choice, lead=irr.event,
                 elector=irr.elector, law=irr.laws[0]),
        ))
        return
    if irr.elected is None:
        irr.elected, irr.elected_at = Election(choice), e.number
        irr.add("lead-out-of-turn.elected", seat=seat, choice=choice, event=e.number)
        irr.chosen_by = seat
        if choice == Election.SPREAD:
            irr.add("lead-out-of-turn.spread", declarer=CLOCKWISE[seat][2])
            return Decided(becomes_declarer=CLOCKWISE[seat][2])  # L54A: "he becomes dummy. Dummy becomes declarer."
    elif (irr.chosen_by is not None and len(irr.elector) == 2 and seat != irr.chosen_by
          and seat == CLOCKWISE[irr.seat][1]):  # type: ignore[index]
        # L55A: the defenders choose differently: the one next in turn to the irregular lead prevails.
        irr.elected, irr.chosen_by = Election(choice), seat
        irr.add("lead-out-of-turn.elected-prevails", seat=seat, choice=choice, event=e.number)


def accepted_at_trick_13(judge: Judge, table: Table, e: Event) -> bool:
    """`elect SEAT accept` of a lead out of turn to the thirteenth trick, which 2017 L53A forbids
    ("Prior to the thirteenth trick, any lead faced out of turn may be treated as a correct lead"):
    said, citing L53A, the lead's ruling kept with its one option. True: it was such a line."""
    if e.args["choice"] != Election.ACCEPT or not table.code.no_acceptance_at_trick_13:
        return False
    irr = next((i for i in reversed(judge.irregularities) if i.kind == IrregularityKind.LEAD_OUT_OF_TURN
                and i.trick == 13 and i.options == [Election.RETRACT] and i.elected is None), None)
    if irr is None:
        return False
    judge.irregularities.append(Irregularity(
        IrregularityKind.ELECTION_WITHOUT_PENALTY, e.args["seat"], e.number, ["53A"],
        said("election-without-penalty.accept-at-thirteenth", seat=e.args["seat"], event=e.number,
             offender=irr.seat or "", lead=irr.event), trick=13))
    return True


def open_to(judge: Judge, table: Table, choice: str) -> Irregularity | None:
    """The lead out of turn this choice answers: the latest still open to it, or (L55A, where the
    defenders may differ) one a defender decided, which his partner may still answer."""
    if choice not in ANSWERS:
        return None
    for i in reversed(judge.irregularities):
        if i.kind != IrregularityKind.LEAD_OUT_OF_TURN or choice not in i.options:
            continue
        if i.elected is None:
            return i
        if i.chosen_by is not None and i.elector is not None and len(i.elector) == 2 and table.code.next_in_turn_prevails:
            return i
    return None


def exposed_at_the_opening_lead(judge: Judge, table: Table, e: Event) -> Decided | None:
    """A card of the declaring side exposed while a faced opening lead out of turn awaits
    declarer's choice: dummy's, declarer could have seen it and must accept the lead (L54C);
    declarer's own, he began to spread his hand and must spread it all (L54A), and the presumed
    dummy becomes declarer (what the laws decided; None otherwise)."""
    seat = e.args["seat"]
    if not table.tricks or seat not in (table.dummy, table.declarer):
        return
    irr = _open(judge, table.tricks[0])
    if irr is None or irr.laws[0] != "54A":
        return
    if seat == table.dummy:
        irr.options, irr.elected = [Election.ACCEPT], Election.ACCEPT
        irr.laws.append("54C")
        irr.add("lead-out-of-turn.dummy-card-exposed", card=e.args["card"], event=e.number)
        return
    irr.elected, irr.chosen_by = Election.SPREAD, seat
    irr.add("lead-out-of-turn.declarer-card-exposed", card=e.args["card"], event=e.number,
            declarer=CLOCKWISE[seat][2])
    return Decided(becomes_declarer=CLOCKWISE[seat][2])


def taken_back(judge: Judge, table: Table, e: Event) -> bool:
    """The card led out of turn taken back: a defender's becomes a major penalty card (L54D, to
    which L56 sends; L50D); declarer's goes back to his hand and he leads from the correct hand
    (L55B1 when a defender was to lead, L55B2 when the lead was in his other hand), the Director
    judging whether declarer gained by the infraction (L55C). True: it was such a card."""
    seat = e.args["seat"]
    for irr in judge.irregularities:
        if (irr.kind != IrregularityKind.LEAD_OUT_OF_TURN or irr.seat != seat or irr.trick is None
                or irr.trick > len(table.tricks)):
            continue
        t = table.tricks[irr.trick - 1]
        p = next((p for p in t.plays if p.event == irr.event and p.withdrawn_at == e.number), None)
        if p is None:
            continue
        irr.options = irr.options if irr.elected else []
        if table.is_adversary(seat):
            penalty_cards.add(judge, Exposed(seat, p.card, e.number, "54D"), deliberate=True)
            if "54D" not in irr.laws:
                irr.laws.append("54D")
            irr.add("lead-out-of-turn.penalty-card-taken-back", seat=seat, card=p.card, event=e.number)
        else:
            law = "55B1" if table.is_adversary(irr.target) else "55B2"  # type: ignore[arg-type]
            irr.laws.append(law)
            irr.add("lead-out-of-turn.taken-back-defender-leads" if law == "55B1" else
                    "lead-out-of-turn.taken-back-declarer-leads", card=p.card, to_dummy=seat == table.dummy,
                    event=e.number)
        return True
    return False

