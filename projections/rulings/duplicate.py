"""The revoke under the Laws of Duplicate Bridge (rulesets `duplicate-2017`, `duplicate-2007` and
`duplicate-1997`): a revoke defined (L61A), corrected (L62), established (L63). What an established
revoke transfers (L64) is `transfer`'s. The 1912 code's revoke life (`revokes`) is not used for
these hands: no quit establishes a revoke, "having none?" suspends nothing, and there is no penalty
election.

The three codes read the same here but for what 2017 added: L63A4 (2017 splits a claim by the
offending side, A3, from agreement to the opponents' claim, A4; the 2007 L63A3 "makes or agrees
to a claim or concession" and the 1997 L63A3 "makes or acquiesces in" name both), L62C3 (both
sides revoked on one trick; the 2007 L62C3 is another rule: a claim of revoke gives no right to
inspect quitted tricks, L66) and the L16C reference of L62D2. 2007 reads as 1997 in all three.
"""

from __future__ import annotations

from bridge.cards import partner, side_of

from ..events import Event
from ..table import Table
from ..tricks import Trick, taken_back_at
from . import leads, penalty_cards, premature
from .sentences import Said, said
from .state import (NOTHING, Decided, Election, Exposed, Irregularity, IrregularityKind, Judge, Revoke, RevokeKind,
                    RevokeStatus)


def found(judge: Judge, table: Table, e: Event, t: Trick, r: Revoke, faced: list[Exposed] | None = None) -> None:
    """L61A: failing to follow suit when able is a revoke, dummy's included (the 1912 code's L63
    exempted dummy; this code does not, L64B3 only spares it the trick transfer). `faced`: the
    penalty cards face up that this play took from the table (L62B2 if the revoke card is one)."""
    seat = r.seat
    played = said("revoke.played", seat=seat, card=r.card, trick=r.trick, suit=r.suit)
    r.laws = ["61A"]
    r.faced_card = next((x for x in faced or () if x.card == r.card), None)
    # L64B3: a revoke made in failing to play a card faced on the table (a penalty card).
    r.faced = r.kind == RevokeKind.DUMMY or any(x.seat == seat and x.card.suit == r.suit for x in judge.exposed)
    if r.kind == RevokeKind.DUMMY:
        r.said = [said("revoke.duplicate.dummy", seat=seat, card=r.card, trick=r.trick, suit=r.suit)]
    else:
        r.said = [said("revoke.duplicate.suspected" if not r.proven else "revoke.duplicate.answers-for-suit"
                       if r.via else "revoke.duplicate.found", played=played, suit=r.suit)]
    if r.trick == 12 and table.is_adversary(seat):
        mate = partner(seat)
        if mate not in t.seats:
            # L62D2: a defender revokes on trick 12 before his partner has played to it.
            r.said.append(said("revoke.duplicate.twelfth-partner", partner=mate,
                               l16c=table.code.twelfth_trick_cites_l16c))


def played_on(judge: Judge, table: Table, e: Event, t: Trick, seat: str) -> None:
    """L63A1: the offender or his partner leading or playing to the following trick, legally or
    not, establishes the revoke (a card named from dummy, L63A2, is recorded as dummy's play).
    L62D1: one on the twelfth trick must still be corrected."""
    lead = t.lead
    is_lead = lead is not None and lead.seat == seat and lead.event == e.number
    played_to(judge, e, seat, t.number, said("act.led") if is_lead else said("act.played"))


def played_to(judge: Judge, e: Event, seat: str, number: int, act: Said) -> None:
    """`played_on` of a card `act` (led, played, ...) by `seat` to trick `number`: also a lead to
    the next trick before the trick in progress is finished (L57A), and a play to it (L60A), which
    the table puts in the trick in progress: "any such play, legal or illegal, establishes the
    revoke" (L63A1)."""
    for r in judge.revokes:
        if not r.open or number <= r.trick or seat not in (r.seat, partner(r.seat)):
            continue
        who = (said("seat", seat=seat) if seat == r.seat else
               said("revoke.who.partner", offender=r.seat, seat=seat))
        if r.trick == 12:
            if r.twelfth_at is None:
                # L62D1: on the twelfth trick a revoke, even if established, must be corrected if
                # discovered before all four hands have been returned to the board.
                r.twelfth_at = e.number
                r.laws = ["63A1", "62D1"]
                r.said = [said("revoke.established.twelfth", who=who, act=act, event=e.number)]
            continue
        establish(r, e.number, ["63A1"], said("revoke.established.played-on", who=who, act=act, trick=number,
                                              event=e.number, revoke_trick=r.trick))


def hand_over(judge: Judge, table: Table, e: Event) -> None:
    """A claim or concession by the offending side establishes its revoke (L63A3); the opponents'
    claim does once agreed (2017 L63A4: no objection before the round ends or the next board's
    call; 2007 L63A3: "agrees to"; 1997 L63A3: acquiesced in), which the record does not show:
    taken as agreed at the claim, or (option opponents-claim=agreed-at-cut) when the board ends.
    The cut (the record's mark that the board is over) ends every correction, the twelfth trick's
    too (L62D1)."""
    if e.kind == "claim":
        claimer = e.args["seat"]
        for r in judge.revokes:
            if not r.open or r.trick == 12:
                continue  # L62D1: the twelfth trick's revoke is corrected until the board ends
            if side_of(claimer) == r.side:
                establish(r, e.number, ["63A3"], said("revoke.established.offenders-claim", seat=claimer,
                                                      event=e.number, trick=r.trick))
            elif table.settings.get("opponents-claim") == "agreed-at-cut":
                r.opponents_claim_at = r.opponents_claim_at or e.number
            else:
                law = table.code.opponents_claim_law
                establish(r, e.number, [law], said("revoke.established.opponents-claim", event=e.number, law=law))
        return
    for r in judge.revokes:
        if not r.open:
            continue
        if r.trick == 12 and r.twelfth_at is not None:
            establish(r, e.number, ["62D1", "63A1"], said("revoke.established.twelfth-at-cut", event=e.number,
                                                          twelfth=r.twelfth_at))
        elif r.opponents_claim_at is not None:
            law = table.code.opponents_claim_law
            establish(r, e.number, [law], said("revoke.established.opponents-claim-at-cut",
                                               claimed=r.opponents_claim_at, event=e.number, law=law))
        else:
            establish(r, e.number, ["63B"], said("revoke.established.at-cut", event=e.number, trick=r.trick))


def claim_not_agreed(judge: Judge, claim_event: int, claimer: str, doubter: str, voided: bool) -> None:
    """The claim at `claim_event` doubted by `doubter`: a claim of the opponents that the offending
    side doubts is not agreed (L69A), so its agreement establishes no revoke (2017 L63A4; 2007, 1997
    L63A3); a claim that never occurred (L68B2: a defender's concession his partner objected to)
    establishes none, the offenders' own included (L63A3). Such a revoke may be corrected again."""
    for r in judge.revokes:
        own = side_of(claimer) == r.side
        if not voided and (own or side_of(doubter) != r.side):
            continue  # (the offenders' own claim establishes, agreed or not: L63A3)
        if r.opponents_claim_at == claim_event:
            r.opponents_claim_at = None
        if r.status == RevokeStatus.ESTABLISHED and r.status_event == claim_event:
            unestablish(r, ["61A"], said("revoke.unestablished-concession-void" if voided else
                                         "revoke.unestablished-claim-doubted", seat=r.seat, trick=r.trick, card=r.card,
                                         claim=claim_event, doubter=doubter))


def establish(r: Revoke, event: int, laws: list[str], why: Said) -> None:
    r.status, r.status_event = RevokeStatus.ESTABLISHED, event
    r.laws = list(laws)
    r.said = [why]


def unestablish(r: Revoke, laws: list[str], why: Said) -> None:
    """The act that established the revoke establishes nothing after all: it is to be corrected
    again until it is established (L62A, L63A)."""
    r.status, r.status_event = RevokeStatus.CORRECTABLE, None
    r.laws = list(laws)
    r.said = [why]


def ask(judge: Judge, table: Table, e: Event) -> None:
    """L61B: asking a player who failed to follow whether he has a card of the suit is a right
    (declarer of a defender, a defender of declarer or his partner, dummy of declarer); it draws
    attention to the revoke (for L64B4/B5) and suspends nothing: only the L63A acts establish."""
    for r in judge.revokes:
        if r.seat == e.args["asked"] and r.asked_at is None and r.ruled_out_at is None:
            r.asked_at = e.number


def answer(judge: Judge, table: Table, e: Event) -> None:
    """An answer changes nothing in law here; a 'yes' (he holds the suit) proves a suspected revoke."""
    seat = e.args["seat"]
    if e.args["answer"] != "no":
        for r in judge.revokes:
            if r.seat == seat and r.asked_at is not None and not r.proven and r.ruled_out_at is None:
                r.proven = True


# The choices the Laws of Duplicate Bridge give, by the incident each answers (`elect`): an
# `elect` line with none of them open is told what is missing (`sentences`), and the laws that give
# the choice.
NOTHING_TO_ANSWER: dict[Election, tuple[Said, list[str]]] = {
    **dict.fromkeys((Election.RETRACT, Election.SPREAD),
                    (said("nothing-to-answer.lead-out-of-turn"), ["53", "54", "55", "56"])),
    Election.ACCEPT: (said("nothing-to-answer.lead-or-penalty-card"), ["53", "54", "55", "56", "52B1"]),
    Election.NONE: (said("nothing-to-answer.penalty-card"), ["50D2"]),
    Election.CALL: (said("nothing-to-answer.choice-of-penalty-cards"), ["51"]),
    Election.SUBSTITUTE: (said("nothing-to-answer.penalty-card-unplayed"), ["52B2"]),
    **dict.fromkeys((Election.LEAD, Election.FORBID),
                    (said("nothing-to-answer.penalty-card-or-premature"), ["50D2", "51", "57A"])),
    **dict.fromkeys((Election.HIGHEST, Election.LOWEST), (said("nothing-to-answer.premature"), ["57A"])),
}


def elect(judge: Judge, table: Table, e: Event) -> Decided | None:
    """The choice a lead out of turn (L53-L56: `leads.elect`), a penalty card (L50-L52:
    `penalty_cards.elect`) or a premature lead or play (L57A: `premature.elect`) opens; a choice
    the code gives with no such incident open to it is said so (`election-without-penalty`: there is
    no lead out of turn to retract); else an election the Laws of Duplicate Bridge do not give (no
    penalty is elected for a revoke: no 150 points, no three tricks): the line is recorded, said,
    and has no effect."""
    # The latest incident open to the choice answers it: a lead out of turn's, a penalty card's or a
    # premature play's (of two at one event, the penalty card's, then the premature play's).
    choice = e.args["choice"]
    answers = [(i, elect) for i, elect in ((penalty_cards.open_to(judge, choice), penalty_cards.elect),
                                           (premature.open_to(judge, choice), premature.elect),
                                           (leads.open_to(judge, table, choice), leads.elect))
               if i is not None and i.elector is not None]
    if answers:
        irr, answer = max(answers, key=lambda a: a[0].event)
        return answer(judge, table, e, irr)
    if leads.accepted_at_trick_13(judge, table, e):  # 2017 L53A: none at trick 13
        return
    answered = NOTHING_TO_ANSWER.get(choice)
    if answered is not None:
        # A choice the code gives, with no incident open to it: said so, not as a choice it lacks.
        what, laws = answered
        judge.irregularities.append(Irregularity(
            IrregularityKind.ELECTION_WITHOUT_PENALTY, e.args["seat"], e.number, laws,
            said("election-without-penalty.nothing-to-answer", seat=e.args["seat"],
                 elected=[choice, *e.args["words"]], event=e.number, what=what, laws=laws),
        ))
        return
    judge.irregularities.append(Irregularity(
        IrregularityKind.ELECTION_NOT_IN_CODE, e.args["seat"], e.number, ["64"],
        said("election-not-in-code.duplicate", seat=e.args["seat"], choice=e.args["choice"], event=e.number,
             ruleset=table.ruleset),
    ))


def _penalty_card(judge: Judge, table: Table, seat: str, card, event: int, law: str) -> None:
    """L62B1, L62C2, L62C3: a defender's withdrawn card becomes a (major) penalty card (L50)."""
    if table.is_adversary(seat):
        penalty_cards.add(judge, Exposed(seat, card, event, law), deliberate=True)


def _other_side_revoke(judge: Judge, r: Revoke) -> Revoke | None:
    """The other side's revoke on the same trick (L62C3)."""
    return next((x for x in judge.revokes if x is not r and x.trick == r.trick and x.side != r.side
                 and x.ruled_out_at is None), None)


def correct(judge: Judge, table: Table, e: Event) -> Decided | None:
    """The revoke card withdrawn: corrected while correction is open (L62A; the twelfth trick's
    until the board ends, L62D1; both sides' on one trick, 2017 L62C3), else a late correction
    that changes nothing (L63B): what the laws decided. None when the card was no revoke."""
    seat, c = e.args["seat"], e.args["card"]
    for r in reversed(judge.revokes):
        if not (r.seat == seat and str(r.card) == c and r.event < e.number):
            continue
        if r.penalty_card is not None:
            return None  # rectified by L52 (`penalty_cards.taken_back`): L52A, L52B2
        other = _other_side_revoke(judge, r) if table.code.corrects_both_sides_on_one_trick else None
        c3 = other is not None and other.status == RevokeStatus.CORRECTED and "62C3" in other.laws
        both = other is not None and (
            (r.status == RevokeStatus.ESTABLISHED and (other.open or c3))
            or (r.open and (other.status == RevokeStatus.ESTABLISHED or c3)))
        if r.open or both:
            _corrected(judge, table, e, r, both)
            if both or r.twelfth_at is not None:
                # L62B: the offender "substitutes a legal card" in the revoke trick, though cards were
                # played to the next since (L62C3, L62D1): the table puts his next card there.
                return Decided(owed_to_trick=True)
            return NOTHING
        if e.args.get("not_named"):
            return None  # taken back as dummy's card not named, too late: as any card so taken (L45D, L47F2)
        judge.irregularities.append(Irregularity(
            IrregularityKind.LATE_CORRECTION, seat, e.number, ["63B"],
            said("late-correction.duplicate", seat=seat, card=c, event=e.number, status=r.status,
                 status_event=r.status_event, trick=r.trick),
            trick=r.trick,
        ))
        if r.status == RevokeStatus.ESTABLISHED:
            return Decided(kept=True)  # L63B: the trick stands as played
        return NOTHING
    return None


def _corrected(judge: Judge, table: Table, e: Event, r: Revoke, both: bool) -> None:
    """Revoke `r` corrected by the withdrawal at `e` (`both`: under L62C3, the other side's revoke
    on the trick being corrected too): its laws, its explanation, the penalty card it leaves."""
    seat, c = e.args["seat"], e.args["card"]
    was = r.status
    r.status, r.status_event = RevokeStatus.CORRECTED, e.number
    defender = table.is_adversary(seat)
    if both:
        # L62C3 (2017): both sides revoked on this trick and only one side has played to the
        # next: both revokes must be corrected, even the established one (L63B), and every
        # card the defending side withdraws becomes a penalty card.
        r.laws = ["62C3"]
        r.said = [said("revoke.corrected.both-sides", seat=seat, card=c, event=e.number, trick=r.trick,
                       established=was == RevokeStatus.ESTABLISHED, defender=defender)]
        if defender:
            _penalty_card(judge, table, seat, r.card, e.number, "62C3")
        return
    r.laws = ["62D1"] if r.twelfth_at is not None else ["62A"]
    if defender and r.faced_card is not None:
        # L62B2: a defender's faced card (a penalty card he played) is replaced without further
        # rectification (L62B1 makes a penalty card only of an unfaced hand's card); it goes back
        # face up, the penalty card it was.
        r.laws.append("62B2")
        r.said = [said("revoke.corrected.faced-card", seat=seat, card=c, event=e.number, law=r.laws[0],
                       penalty_law=r.faced_card.law,
                       may_take_back=_may_take_back(table, r, said("revoke.may-take-back.non-offenders")))]
        judge.exposed.append(r.faced_card)
    elif defender and r.kind != RevokeKind.DUMMY:
        # L62B1: a card withdrawn from a defender's unfaced hand becomes a major penalty card.
        r.laws.append("62B1")
        r.said = [said("revoke.corrected.penalty-card", seat=seat, card=c, event=e.number, law=r.laws[0],
                       may_take_back=_may_take_back(table, r, said("revoke.may-take-back.non-offenders")))]
        _penalty_card(judge, table, seat, r.card, e.number, "62B1")
    else:
        # L62B2: declarer's or dummy's card is replaced without further rectification.
        r.laws.append("62B2")
        who = said("revoke.who.dummy") if r.kind == RevokeKind.DUMMY else said("seat", seat=seat)
        r.said = [said("revoke.corrected.without-rectification", who=who, card=c, event=e.number, law=r.laws[0],
                       may_take_back=_may_take_back(table, r, said("revoke.may-take-back.defenders")))]


def _may_take_back(table: Table, r: Revoke, sentence: Said) -> Said:
    """L62C1's sentence ("each member of the non-offending side may, without rectification,
    withdraw any card he played after the revoke"), said only when one of them played after the
    revoke card and his card is still on the table; else nothing."""
    played = any(p.live and p.event > r.event and side_of(p.seat) != r.side for t in table.tricks for p in t.plays)
    return sentence if played else said("nothing")


def retracted(judge: Judge, table: Table, e: Event) -> bool:
    """L62C1: a non-offender takes back a card played after the revoke, freely; L62C2: after one
    has, the offending side's next player in rotation (1997: the offender's partner) may take his
    back, which becomes a penalty card if he is a defender. True: the law let him take it back."""
    seat = e.args["seat"]
    found = taken_back_at(table.tricks, e.number)
    if found is None:
        return False
    trick, taken = found
    for r in judge.revokes:
        if (r.trick != trick.number or r.status not in (RevokeStatus.CORRECTABLE, RevokeStatus.CORRECTED)
                or seat == r.seat):
            continue
        if seat == partner(r.seat):
            # L62C2: only once a non-offender has taken his card back
            if any(p.withdrawn_at is not None and p.withdrawn_at < e.number and side_of(p.seat) != r.side
                   for p in trick.plays):
                if table.is_adversary(seat):
                    _penalty_card(judge, table, seat, taken.card, e.number, "62C2")
                return True
        elif taken.event > r.event:
            return True  # L62C1: a non-offender's card played after the revoke
    return False
