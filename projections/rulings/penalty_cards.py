"""Penalty cards under the Laws of Duplicate Bridge (the codes of the duplicate family,
`laws_duplicate`): a defender's card exposed (L49), major or minor (L50B, L50C), the partner's lead
while a major penalty card lies on the table (L50D2; several, L51B), declarer designating which of
several is played (2017 L51A; 2007, 1997 L50D1), and a penalty card not played when the law
required it (L52).

A penalty card is an `Exposed` of the judge's with its `grade` (`PenaltyCardGrade`): major for a
card of honour rank or one exposed through deliberate play (a lead out of turn, a revoke corrected),
minor for a single low card exposed inadvertently; when a defender has two or more, all are major
(L50B). It leaves the table when played (`projections.rulings.judge`) or picked up (L50D2, L51B).
"""

from __future__ import annotations

from bridge.cards import Card, partner
from bridge.cards import card as parse_card
from bridge.play import legal_cards

from ..events import Event
from ..table import Table
from ..tricks import Play, Trick
from . import revokes
from .sentences import Said, said
from .state import (NOTHING, Decided, Election, Exposed, Irregularity, IrregularityKind, Judge, PenaltyCardGrade,
                    Revoke, RevokeStatus)

HONOURS = frozenset("AKQJT")  # L50B: "any card of honour rank"


def add(judge: Judge, card: Exposed, deliberate: bool) -> None:
    """A defender's penalty card on the table: major for an honour or a card exposed through
    deliberate play, else minor; with two or more of his, all are major (L50B)."""
    card.grade = PenaltyCardGrade.MAJOR if deliberate or card.card.rank in HONOURS else PenaltyCardGrade.MINOR
    judge.exposed.append(card)
    his = [x for x in judge.exposed if x.seat == card.seat]
    if len(his) > 1:
        for x in his:
            x.grade = PenaltyCardGrade.MAJOR


def exposed(judge: Judge, table: Table, e: Event) -> None:
    """`expose SEAT CARD`: a defender's card where his partner could see its face is a penalty
    card (L49); declarer's and dummy's exposed cards are none (L48)."""
    seat = e.args["seat"]
    if table.contract is None:
        return
    if seat == table.declarer:
        # L48A: "Declarer is not subject to rectification for exposing a card, and no card of
        # declarer's or dummy's hand ever becomes a penalty card" (declarer beginning to spread
        # after a faced opening lead out of turn is L54A's, `leads.exposed_at_the_opening_lead`,
        # which the judge's step asks first: then this is not asked).
        judge.irregularities.append(Irregularity(
            IrregularityKind.DECLARER_CARD_EXPOSED, seat, e.number, ["48A"],
            said("declarer-card-exposed", card=e.args["card"], event=e.number), trick=len(table.tricks) or None))
        return
    if not table.is_adversary(seat):
        return
    add(judge, Exposed(seat, parse_card(e.args["card"]), e.number, "49"), deliberate=False)


def several(judge: Judge, table: Table, e: Event, t: Trick, seat: str) -> None:
    """L58B2 (by L67A2): two or more cards played at once, each exposed: the player designates the card he
    plays (the record's first); a defender's others become penalty cards (L50: exposed
    inadvertently, minor when low), declarer's and dummy's are picked up."""
    cards = [parse_card(c) for c in e.args["cards"]]
    defender = table.is_adversary(seat)
    judge.irregularities.append(Irregularity(
        IrregularityKind.SEVERAL_CARDS, seat, e.number, ["58B2", "67A2"],
        said("several-cards.duplicate", seat=seat, cards=e.args["cards"], trick=t.number, card=cards[0],
             defender=defender),
        trick=t.number,
    ))
    if defender:
        for c in cards[1:]:
            add(judge, Exposed(seat, c, e.number, "58B2"), deliberate=False)


def designated(judge: Judge, seat: str, other: Card, played: Card, event: int) -> None:
    """L58B2: of a defender's cards played at once he designates `played`: it is no penalty card,
    and `other` is one."""
    judge.exposed = [x for x in judge.exposed if not (x.seat == seat and x.card == played)]
    if not any(x.seat == seat and x.card == other for x in judge.exposed):
        add(judge, Exposed(seat, other, event, "58B2"), deliberate=False)


def _majors(judge: Judge, seat: str) -> list[Exposed]:
    return [x for x in judge.exposed if x.seat == seat and x.grade == PenaltyCardGrade.MAJOR]


def after(judge: Judge, table: Table, e: Event) -> None:
    """After each event while a penalty card lies on the table: the holder's partner to lead
    (L50D2, L51B), or the holder to play with two or more that can legally be played (L51A)."""
    if table.contract is None or table.play_over:
        return
    t = table.current
    if t is None or not t.cards:  # a trick to be led
        leader = table.in_rotation()
        if leader is None:
            return
        number = len(table.tricks) + 1 if t is None else t.number
        holder = partner(leader)
        majors = _majors(judge, holder)
        if majors and not any(i.kind == IrregularityKind.PENALTY_CARD_LEAD and i.trick == number and i.seat == leader
                              for i in judge.irregularities):
            _partner_to_lead(judge, table, e, leader, number, majors)
        _choice(judge, table, e, leader, number, None)
        return
    seat = table.in_rotation()
    if seat is not None:
        _choice(judge, table, e, seat, t.number, t.suit_led)


def _partner_to_lead(judge: Judge, table: Table, e: Event, leader: str, number: int, majors: list[Exposed]) -> None:
    suits = {x.card.suit for x in majors}
    law = "50D2" if len(majors) == 1 else ("51B1" if len(suits) == 1 else "51B2")
    judge.irregularities.append(Irregularity(
        IrregularityKind.PENALTY_CARD_LEAD, leader, e.number, [law],
        said("penalty-card-lead", seat=leader, trick=number, partner=partner(leader), several=len(majors) > 1,
             cards=[x.card for x in majors], one_suit=len(suits) == 1, law=law),
        trick=number, elector=table.declarer, options=[Election.LEAD, Election.FORBID, Election.NONE], target=leader,
    ))


def _choice(judge: Judge, table: Table, e: Event, seat: str, number: int, suit_led: str | None) -> None:
    """L51A (2017; 2007, 1997 L50D1): the defender to play has two or more penalty cards that can
    legally be played: declarer designates which."""
    his = [x for x in judge.exposed if x.seat == seat]
    if len(his) < 2 or any(i.kind == IrregularityKind.PENALTY_CARD_CHOICE and i.trick == number and i.seat == seat
                           for i in judge.irregularities):
        return
    if any(i.kind == IrregularityKind.PENALTY_CARD_NOT_PLAYED and i.seat == seat and i.trick == number
           and i.elected == Election.SUBSTITUTE for i in judge.irregularities):
        return  # L52B2: "the defender must substitute the penalty card": declarer's choice named it already
    hand = table.hands[seat]  # (his penalty cards among them: an exposed card stays in its player's hand)
    if hand is None:  # not known: taken to hold the suit led
        legal = [x for x in his if suit_led is None or x.card.suit == suit_led]
    else:
        may = legal_cards(hand, suit_led)
        legal = [x for x in his if x.card in may]
    if len(legal) < 2:
        return
    law = table.code.designates_penalty_card_law
    judge.irregularities.append(Irregularity(
        IrregularityKind.PENALTY_CARD_CHOICE, seat, e.number, [law],
        said("penalty-card-choice", seat=seat, trick=number, cards=[x.card for x in legal], law=law),
        trick=number, elector=table.declarer, options=[Election.CALL], target=seat,
    ))


def played(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> None:
    """A card played by a defender with a penalty card on the table (before the card played is
    taken off it): a major one not played at the first legal opportunity (L50D1), or a low card of
    a minor one's suit played before it (L50C), is a penalty card not played (L52); a lead against
    declarer's requirement or prohibition is one disobeyed (L50D2, L51B); a play by declarer's side
    after a card illegally played accepts it (L52B1(b))."""
    seat = p.seat
    for i in judge.irregularities:
        if (i.kind == IrregularityKind.PENALTY_CARD_NOT_PLAYED and i.elected is None and i.event < e.number
                and not table.is_adversary(seat)):
            i.elected = Election.ACCEPT
            i.add("penalty-card-not-played.accepted-by-play", seat=seat, event=e.number)
            _accepted(judge, i, e.number, said("penalty-card.accepted-by-play", seat=seat, event=e.number))
    if t.lead is p:
        _lead_obeyed(judge, table, e, t, p)
    # (A card this event exposed, the other of two played at once, L58B2, was no penalty card before it.)
    his = [x for x in judge.exposed if x.seat == seat and x.event != e.number]
    if not his or not table.is_adversary(seat):
        return
    if any(x.card == p.card for x in his):
        _designated_played(judge, table, e, t, p, his)  # L51A: the one declarer designated
        return
    suit_led = None if t.lead is p else t.suit_led
    # Discarding or trumping (L50D1): void in the suit led. Holding it, his obligation to follow suit
    # came before the penalty card's (L50D1(b)): a card of another suit is a failure to follow, not
    # a penalty card not played.
    void = (suit_led is not None and p.card.suit != suit_led
            and revokes.held_in_law(judge, table, seat, suit_led)[0] is False)
    for x in his:
        if t.lead is p and _restricted(judge, seat, t.number, x.card.suit):
            continue  # L50D1(b): a lead restriction comes before the penalty card, which waits its next chance
        if x.law == "62C2" and _withdrawn_from(t, x) and table.settings.get("l62c2") == "substitute":
            continue  # L62C2 (option l62c2, its default): his card in its place stands; the next trick is its first chance
        if x.grade == PenaltyCardGrade.MAJOR:
            missed = suit_led is None or x.card.suit == suit_led or void
            when = said("penalty-card.first-legal-opportunity")
        else:
            missed = x.card.suit == p.card.suit and p.card.rank not in HONOURS
            when = said("penalty-card.before-low-card")
        if missed:
            judge.irregularities.append(Irregularity(
                IrregularityKind.PENALTY_CARD_NOT_PLAYED, seat, e.number, ["52A", "52B1", "52B2"],
                said("penalty-card-not-played", seat=seat, card=p.card, trick=t.number, grade=x.grade,
                     penalty_card=x.card, when=when),
                trick=t.number, elector=table.declarer, options=[Election.ACCEPT, Election.SUBSTITUTE], target=seat,
            ))
            revokes.penalty_card_not_played(judge, table, e, t, p, x, suit_led, when)
            return


def _withdrawn_from(t: Trick, x: Exposed) -> bool:
    """Whether the penalty card was withdrawn from trick `t` (at its event)."""
    return any(q.seat == x.seat and q.card == x.card and q.withdrawn_at == x.event for q in t.plays)


def _designated_played(judge: Judge, table: Table, e: Event, t: Trick, p: Play, his: list[Exposed]) -> None:
    """L51A (2017; 2007, 1997 L50D1): declarer designated which of his penalty cards the defender
    plays to this trick; another one played is a penalty card not played (L52)."""
    for i in judge.irregularities:
        if (i.kind == IrregularityKind.PENALTY_CARD_CHOICE and i.seat == p.seat and i.trick == t.number
                and i.elected == Election.CALL and i.designated and i.designated != str(p.card)
                and any(str(x.card) == i.designated for x in his)):
            judge.irregularities.append(Irregularity(
                IrregularityKind.PENALTY_CARD_NOT_PLAYED, p.seat, e.number, ["52A", "52B1", "52B2", i.laws[0]],
                said("penalty-card-not-played.designated", seat=p.seat, card=p.card, trick=t.number,
                     designated=i.designated, elected_at=i.elected_at, law=i.laws[0]),
                trick=t.number, elector=table.declarer, options=[Election.ACCEPT, Election.SUBSTITUTE], target=p.seat,
            ))
            designated = next(x for x in his if str(x.card) == i.designated)
            revokes.penalty_card_not_played(judge, table, e, t, p, designated, None if t.lead is p else t.suit_led,
                                            said("penalty-card.as-designated", law=i.laws[0]))
            return


def _binds(i: Irregularity, seat: str, number: int) -> bool:
    """Whether declarer's requirement or prohibition `i` binds this leader's lead to trick `number`
    (L50D2, L51B: a requirement for that trick, a prohibition for as long as he keeps the lead)."""
    if i.kind != IrregularityKind.PENALTY_CARD_LEAD or i.seat != seat or i.suit is None:
        return False
    return (i.elected == Election.LEAD and i.trick == number) or (i.elected == Election.FORBID and i.in_force)


def _barred(i: Irregularity, suit: str) -> bool:
    """Whether the restriction `i` bars the lead of this suit (the suits forbidden: L51B2(b))."""
    return suit != i.suit if i.elected == Election.LEAD else suit in i.suit  # type: ignore[operator]


def _restricted(judge: Judge, seat: str, number: int, suit: str) -> bool:
    """Whether a restriction binding this leader keeps him from leading a card of this suit."""
    return any(_binds(i, seat, number) and _barred(i, suit) for i in judge.irregularities)


def _lead_obeyed(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> None:
    for i in judge.irregularities:
        if (i.kind == IrregularityKind.PENALTY_CARD_LEAD and i.seat == p.seat and i.trick == t.number
                and i.elected is None and i.options):
            # L50D2: "he may not lead until declarer has stated which of the options is selected (if the
            # defender leads prematurely, he is subject to rectification under Law 49)".
            i.add("penalty-card-lead.led-before-choice", card=p.card, event=e.number)
            continue
        if not _binds(i, p.seat, t.number):
            continue
        wrong = _barred(i, p.card.suit)
        hand = table.hands[p.seat]
        if wrong and i.elected == Election.LEAD and hand is not None and not any(c.suit == i.suit for c in hand):
            # L59: a player unable to lead as required may lead any card.
            i.add("penalty-card-lead.could-not-comply", seat=p.seat, suit=i.suit)
            continue
        if wrong:
            required = i.elected == Election.LEAD
            restricted = said("penalty-card.lead-restricted", required=required, suits=i.suit)
            judge.irregularities.append(Irregularity(
                IrregularityKind.PENALTY_CARD_LEAD_DISOBEYED, p.seat, e.number, [i.laws[0]],
                said("penalty-card-lead-disobeyed", seat=p.seat, card=p.card, trick=t.number, restricted=restricted,
                     elected_at=i.elected_at, law=i.laws[0]),
                trick=t.number,
            ))
            failure = (said("penalty-card.card-of-suit", suits=i.suit) if required else
                       said("penalty-card.no-card-of-suit", suits=i.suit))
            revokes.option_disobeyed(judge, e, t, p, p.card.suit, said("act.led"), restricted,
                                     failure, i.laws[0], i.elected_at)  # L61A


def lost_the_lead(judge: Judge, t: Trick, p: Play) -> None:
    """A trick led by another than the partner bound: a prohibition ends with his lead (L50D2)."""
    if t.lead is not p:
        return
    for i in judge.irregularities:
        if (i.kind == IrregularityKind.PENALTY_CARD_LEAD and i.elected == Election.FORBID and i.in_force
                and i.seat != p.seat):
            i.in_force = False


def elect(judge: Judge, table: Table, e: Event, irr: Irregularity) -> None:
    """`elect S lead SUIT | forbid SUIT | none` (L50D2, L51B), `elect S call CARD` (L51A), `elect S
    accept | substitute` (L52B): declarer's choice on the penalty-card incident `irr` open to it
    (`open_to`)."""
    seat, choice, words = e.args["seat"], Election(e.args["choice"]), e.args["words"]
    if seat != irr.elector:
        judge.irregularities.append(Irregularity(
            IrregularityKind.ELECTION_NOT_THEIRS, seat, e.number, [irr.laws[0]],
            said("election-not-theirs.penalty-card", seat=seat, choice=choice, law=irr.laws[0]),
        ))
        return
    irr.elected, irr.elected_at = Election(choice), e.number
    holder = partner(irr.seat) if irr.kind == IrregularityKind.PENALTY_CARD_LEAD else irr.seat  # type: ignore[arg-type]
    if choice in (Election.LEAD, Election.FORBID):
        suits = {x.card.suit for x in _majors(judge, holder)}
        irr.suit = "".join(words) if words else (next(iter(suits)) if len(suits) == 1 else None)
        if irr.suit is None or not set(irr.suit) <= suits:
            # L50D2(a), L51B: the suit of a penalty card, none other.
            irr.elected = None
            judge.irregularities.append(Irregularity(
                IrregularityKind.ELECTION_WITHOUT_PENALTY, seat, e.number, [irr.laws[0]],
                said("election-without-penalty.not-a-penalty-card-suit",
                     named=said("penalty-card.suits", suits=irr.suit) if irr.suit else said("penalty-card.no-suit"),
                     event=e.number, suits=sorted(suits), law=irr.laws[0]),
            ))
            irr.suit = None
            return
        irr.in_force = True
        # L50D2(a): the card is no longer a penalty card and is picked up; L51B1 (one suit), L51B2
        # (every penalty card of a suit prohibited).
        judge.exposed = [x for x in judge.exposed if not (x.seat == holder and x.card.suit in irr.suit)]
        irr.add("penalty-card-lead.restricted", event=e.number, several=len(irr.suit) > 1,
                restricted=said("penalty-card.lead-restricted", required=choice == Election.LEAD, suits=irr.suit))
    elif choice == Election.NONE:
        irr.add("penalty-card-lead.neither", event=e.number)
    elif choice == Election.CALL:
        irr.designated = str(parse_card(words[0])) if words else None
        irr.said.append(said("penalty-card-choice.designated", card=words[0], event=e.number) if words else
                        said("penalty-card-choice.designated-no-card", event=e.number))
    else:
        irr.add("penalty-card.elected", choice=choice, event=e.number)
        if choice == Election.ACCEPT:
            _accepted(judge, irr, e.number, said("penalty-card.accepted-by-declarer"))


def open_to(judge: Judge, choice: str) -> Irregularity | None:
    """The penalty card's incident this choice answers: the latest still open to it."""
    kinds = {Election.LEAD: IrregularityKind.PENALTY_CARD_LEAD, Election.FORBID: IrregularityKind.PENALTY_CARD_LEAD,
             Election.NONE: IrregularityKind.PENALTY_CARD_LEAD, Election.CALL: IrregularityKind.PENALTY_CARD_CHOICE,
             Election.ACCEPT: IrregularityKind.PENALTY_CARD_NOT_PLAYED,
             Election.SUBSTITUTE: IrregularityKind.PENALTY_CARD_NOT_PLAYED}
    kind = kinds.get(choice)
    return next((i for i in reversed(judge.irregularities)
                 if i.kind == kind and choice in i.options and i.elected is None), None) if kind else None


def taken_back(judge: Judge, table: Table, e: Event) -> Decided | None:
    """The card illegally played taken back for the penalty card (L52B2): it becomes a major
    penalty card; taken back on his own initiative, it stays played (L52A). What the laws decided;
    None: neither."""
    seat, card = e.args["seat"], parse_card(e.args["card"])
    for i in judge.irregularities:
        if i.kind == IrregularityKind.PENALTY_CARD_NOT_PLAYED and i.seat == seat and i.elected is None and i.options:
            # L52A: having failed to play his penalty card, he may not withdraw on his own initiative
            # a card he has played: it stays played, owing no card in its place; declarer's choice stands.
            judge.irregularities.append(Irregularity(
                IrregularityKind.PENALTY_CARD_WITHDRAWAL, seat, e.number, ["52A"],
                said("penalty-card-withdrawal", seat=seat, card=card, event=e.number, failed=i.event), trick=i.trick))
            return Decided(kept=False)
        if (i.kind == IrregularityKind.PENALTY_CARD_NOT_PLAYED and i.seat == seat
                and i.elected == Election.SUBSTITUTE and not i.settled):
            t = table.tricks[i.trick - 1] if i.trick and i.trick <= len(table.tricks) else None
            if t is not None and any(p.card == card and p.event == i.event for p in t.plays):
                i.settled = True
                add(judge, Exposed(seat, card, e.number, "52B2"), deliberate=True)
                r = _revoke_of(judge, i)
                if r is not None and r.open:
                    r.status, r.status_event, r.laws = RevokeStatus.CORRECTED, e.number, ["61A", "52B2"]
                    r.said.append(said("revoke.corrected.penalty-card-substituted", card=card, event=e.number))
                return NOTHING
    return None


def _revoke_of(judge: Judge, i: Irregularity) -> "Revoke | None":
    """The revoke (L61A) a penalty card not played made (`revokes.penalty_card_not_played`)."""
    return next((r for r in judge.revokes if r.penalty_card is not None and r.seat == i.seat and r.event == i.event), None)


def _accepted(judge: Judge, i: Irregularity, number: int, how: Said) -> None:
    """The card played in place of the penalty card accepted (L52B1): it stands, so its revoke
    (L61A) can no longer be corrected (its player may not withdraw the card himself, L52A); it is
    established as any revoke is (L63A). Its status stays `correctable` (not yet established) in the
    rulings JSON, whose statuses are a public contract; the remark says why no correction follows."""
    r = _revoke_of(judge, i)
    if r is not None and r.open:
        r.remarks.append((number, said("revoke.remark.card-played-accepted", how=how)))
