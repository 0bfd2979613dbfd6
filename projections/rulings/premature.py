"""Premature leads and plays under the Laws of Duplicate Bridge (the codes of the duplicate family,
`laws_duplicate`): a defender's lead to the next trick, or play, before his partner has played (L57A:
declarer's options; L57B and L59 when the partner cannot comply), none rectified once declarer has
played from both hands (L57C1), declarer's premature play (L57C3), a defender's play at his RHO's
turn (L57D), a defender's card before declarer's required lead (L60B), and a play made before the
rectification was chosen (L60A by the opponents, L60C by the offender's partner).

A defender's premature card is taken up from its trick (`Decided.taken_up`: back among the cards he
holds, face up on the table). Where it can legally be played to that trick at his proper turn it
counts there then (`Decided.put_back`), with no second `play` line (L57D "it must be played at his
proper turn"; a major penalty card "at the first legal opportunity", L50D1); else it stays a major
penalty card (L50) and his card to the trick is a new `play` line. Declarer's partner's compliance
with the option chosen is judged at his card: failing, when able, to play as it requires is a
revoke (L61A).
"""

from __future__ import annotations

from bridge.cards import SUIT_NAMES, Card, partner
from bridge.play import CLOCKWISE, follows, of_suit

from ..events import Event
from ..table import Table
from ..tricks import Play, Trick
from . import penalty_cards, revokes
from .sentences import said
from .state import Decided, Election, Exposed, Irregularity, IrregularityKind, Judge, Premature



def of_the_table(table: Table) -> bool:
    """Whether the record is an account of the acts at the table (a transcript), where a card
    out of turn was played out of turn. An archive's play (PBN, LIN: `source` names its format)
    records the cards of each trick, so a card out of its rotation there is the record's order or
    fault, no premature act to take up: it keeps the play-out-of-turn ruling it had."""
    return not table.source.get("format")


def _faced_lead_accepted(judge: Judge, t: Trick) -> bool:
    """Whether the trick's lead is a faced opening lead out of turn that declarer accepted (L54B)."""
    lead = t.lead
    return lead is not None and any(
        i.kind == IrregularityKind.LEAD_OUT_OF_TURN and i.event == lead.event and "54B" in i.laws
        and i.elected == Election.ACCEPT for i in judge.irregularities)


def played_out_of_turn(judge: Judge, table: Table, e: Event, t: Trick, p: Play, expected: str) -> Decided | None:
    """`p` played (not led) to trick `t` when `expected` was to play: what the laws decided (a
    defender's premature card taken up from the trick, L57)."""
    seat = p.seat
    if not table.is_adversary(seat):
        if seat == table.dummy and t.number == 1 and len(t.cards) == 2 and _faced_lead_accepted(judge, t):
            # L54B: the second card to a faced opening lead accepted is declarer's; from dummy, it stands.
            judge.irregularities.append(Irregularity(
                IrregularityKind.PREMATURE_PLAY, seat, e.number, ["54B2", "57C3"],
                said("premature-play.dummy-second-card", card=p.card), trick=t.number))
            return
        judge.irregularities.append(Irregularity(
            IrregularityKind.PREMATURE_PLAY, seat, e.number, ["57C3"],
            said("premature-play.declarer", card=p.card, from_dummy=seat == table.dummy, trick=t.number,
                 expected=expected), trick=t.number))
        return
    if partner(seat) not in t.seats:
        if table.declarer in t.seats and table.dummy in t.seats:
            return None  # L57C1: declarer has played from both hands; the defender's card is played, unrectified
        return before_partner(judge, table, e, t, p, to_next=False)
    # L57D: his partner has played, so the turn was his right-hand opponent's.
    if legal(table, t, seat, p.card):
        irr = Irregularity(
            IrregularityKind.PREMATURE_PLAY, seat, e.number, ["57D", "16"],
            said("premature-play.rho-turn-legal", seat=seat, card=p.card, trick=t.number, expected=expected),
            trick=t.number)
        _take_up(judge, e, t, p, irr, penalty=None)
    else:
        irr = Irregularity(
            IrregularityKind.PREMATURE_PLAY, seat, e.number, ["57D", "50"],
            said("premature-play.rho-turn-illegal", seat=seat, card=p.card, trick=t.number, expected=expected),
            trick=t.number)
        _take_up(judge, e, t, p, irr, penalty="57D", due=False)
    judge.irregularities.append(irr)
    return _taken_up(p)


def before_partner(judge: Judge, table: Table, e: Event, t: Trick, p: Play, to_next: bool) -> Decided:
    """L57A: a defender led to the next trick before his partner had played to trick `t`
    (`to_next`), or played to it out of turn before his partner."""
    seat, mate = p.seat, partner(p.seat)
    options = list(table.code.premature_options)
    what = said("premature-play.led-to-next" if to_next else "premature-play.played-before-partner", card=p.card,
                partner=mate, trick=t.number)
    irr = Irregularity(
        IrregularityKind.PREMATURE_PLAY, seat, e.number, ["57A"],
        said("premature-play.before-partner", seat=seat, what=what, partner=mate, another=Election.LEAD in options),
        trick=t.number, elector=table.declarer, options=options, target=mate)
    judge.irregularities.append(irr)
    _take_up(judge, e, t, p, irr, penalty="57A", to_next=to_next, due=not to_next)
    return _taken_up(p)


def before_required_lead(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> Decided | None:
    """L60B: a defender's card after declarer was required to retract his lead out of turn, before
    he led from the correct hand, is a major penalty card, taken up from the trick. None when that
    is not the case."""
    if not table.is_adversary(p.seat) or not any(
            i.kind == IrregularityKind.LEAD_OUT_OF_TURN and i.trick == t.number and i.seat is not None
            and not table.is_adversary(i.seat) and i.elected == Election.RETRACT for i in judge.irregularities):
        return None
    irr = Irregularity(
        IrregularityKind.PREMATURE_PLAY, p.seat, e.number, ["60B", "50"],
        said("premature-play.before-required-lead", seat=p.seat, card=p.card, trick=t.number),
        trick=t.number)
    judge.irregularities.append(irr)
    _take_up(judge, e, t, p, irr, penalty="60B")
    return _taken_up(p)


def _taken_up(p: Play) -> Decided:
    """L57A, L57D, L60B: the premature card taken up from its trick, face up before its player."""
    return Decided(taken_up=(p.seat,))


def _take_up(judge: Judge, e: Event, t: Trick, p: Play, irr: Irregularity, penalty: str | None,
             to_next: bool = False, due: bool = True) -> None:
    judge.premature.append(Premature(p.seat, p.card, e.number, t.number, irr, to_next=to_next, due=due))
    if penalty is not None:
        penalty_cards.add(judge, Exposed(p.seat, p.card, e.number, penalty), deliberate=True)


def simultaneous(judge: Judge, e: Event, seat: str) -> None:
    """L58A: the card faced at the same moment as another player's legal lead or play (its seat
    `after`, `moment.simultaneous`) is deemed subsequent to it; ruled premature, its ruling says so."""
    for irr in judge.irregularities:
        if (irr.kind == IrregularityKind.PREMATURE_PLAY and irr.event == e.number and irr.seat == seat
                and "58A" not in irr.laws):
            irr.laws.append("58A")
            irr.add("premature-play.simultaneous", after=e.args["after"])


def legal(table: Table, t: Trick, seat: str, card: Card) -> bool:
    """Whether the card can legally be played to the trick by its holder (L44: following suit
    when he can); taken as legal when his hand is not known."""
    hand = table.hands[seat]
    return hand is None or follows(card, t.suit_led, [c for c in of_suit(hand, t.suit_led) if c != card])


def surplus(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> Decided | None:
    """A card from a seat that had already played to trick `t`: a defender's lead to the next
    trick before his partner has played to this one (L57A), or the opponent's play to such a lead
    before declarer chose, which forfeits its rectification (L60A1): what the laws decided. None
    when it is neither."""
    for pm in judge.premature:
        irr = pm.irregularity
        if (pm.to_next and not pm.done and pm.lifted_at is None and pm.trick == t.number and irr.options and irr.elected is None
                and p.seat == CLOCKWISE[pm.seat][1]):
            _forfeited(judge, e, pm, p)
            return Decided(lead_next=(pm.event, p.seat))  # L60A2: the lead to the next trick stands
    if table.contract is None or not table.is_adversary(p.seat) or partner(p.seat) in t.seats or t.complete:
        return None
    return before_partner(judge, table, e, t, p, to_next=True)


def _forfeited(judge: Judge, e: Event, pm: Premature, p: Play) -> None:
    """L60A1: a play by the non-offending side to his RHO's premature lead to the next trick, before
    the rectification was chosen; L60A2: the lead is then treated as though led in turn."""
    irr = pm.irregularity
    irr.options = []
    irr.laws += ["60A1", "60A2"]
    irr.add("premature-play.forfeited", seat=p.seat, card=p.card, event=e.number, premature=pm.card)
    pm.done = True
    judge.exposed = [x for x in judge.exposed if not (x.seat == pm.seat and x.event == pm.event)]


def played(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> None:
    """A card played to a trick with a premature card's rectification on record: by the
    offender's partner before declarer chose, which changes nothing of declarer's rights (L60C);
    after, judged against the option chosen (L57A, L57B, L59; failing when able: a revoke, L61A)."""
    played_again(judge, e, p)
    for irr in judge.irregularities:
        if irr.kind != IrregularityKind.PREMATURE_PLAY or irr.target != p.seat or irr.trick != t.number or irr.settled:
            continue
        if irr.elected is None:
            if irr.options and "60C" not in irr.laws:
                irr.laws.append("60C")
                irr.add("premature-play.partner-played-before-choice", seat=p.seat, card=p.card, event=e.number)
            continue
        irr.settled = True
        if irr.elected_at is not None and p.event > irr.elected_at:
            _complied(judge, table, e, t, p, irr)


def _complied(judge: Judge, table: Table, e: Event, t: Trick, p: Play, irr: Irregularity) -> None:
    hand = table.hands[p.seat]
    if hand is None:
        return  # not known: compliance cannot be judged
    before = set(hand) | {p.card}
    led = t.suit_led
    of_led = of_suit(before, led)
    unable = None
    failure = None
    if irr.elected in (Election.HIGHEST, Election.LOWEST):
        if not of_led:
            unable = (said("premature-play.held-no-suit", suit=led) if led in SUIT_NAMES else
                      said("premature-play.held-no-card-of-suit-led"))
        else:
            want = (max(of_led, key=lambda c: c.value) if irr.elected == Election.HIGHEST
                    else min(of_led, key=lambda c: c.value))
            failure = None if p.card == want else said("premature-play.highest-lowest-card", choice=irr.elected,
                                                       card=want)
    elif irr.elected == Election.LEAD and irr.suit is not None:
        if of_led:
            unable = (said("premature-play.obliged-to-follow", suit=led) if led in SUIT_NAMES else
                      said("premature-play.obliged-to-follow-suit-led"))
        elif not any(c.suit == irr.suit for c in before):
            unable = said("premature-play.held-no-suit", suit=irr.suit)
        elif p.card.suit != irr.suit:
            failure = said("premature-play.card-of-suit", suit=irr.suit)
    elif irr.elected == Election.FORBID and irr.suit is not None and not of_led:
        if all(c.suit == irr.suit for c in before):
            unable = said("premature-play.held-only", suit=irr.suit)
        elif p.card.suit == irr.suit:
            failure = said("premature-play.no-card-of-suit", suit=irr.suit)
    if unable is not None:
        irr.laws += [law for law in ("57B", "59") if law not in irr.laws]
        irr.add("premature-play.could-not-comply", seat=p.seat, unable=unable, card=p.card, event=e.number)
        return
    if failure is not None:
        revokes.option_disobeyed(judge, e, t, p, led or p.card.suit, said("act.played"),
                                 said("premature-play.required", failure=failure), failure, "57A", irr.elected_at)


def lifted(judge: Judge, table: Table, e: Event) -> bool:
    """`withdraw SEAT CARD` of a premature card the rulings took up (L57, L60B), lying face up before
    him: the record says it left the table for his hand (`Table.lift`). No retraction is ruled (the
    rulings had taken it up already); it no longer counts in its trick by itself at his proper turn:
    his card there is the card he plays (L57D "played at his proper turn"; a penalty card at the
    first legal opportunity, L50D1). True: ruled."""
    seat, word = e.args["seat"], e.args["card"]
    pm = next((pm for pm in reversed(judge.premature) if pm.seat == seat and str(pm.card) == word and not pm.done
               and pm.lifted_at is None), None)
    if pm is None or not any(p.lifted_at == e.number for t in table.tricks for p in t.plays):
        return False
    pm.lifted_at, pm.due = e.number, False
    penalty = any(x.seat == seat and x.event == pm.event for x in judge.exposed)
    pm.irregularity.add("premature-play.lifted", card=pm.card, event=e.number, penalty=penalty, seat=seat)
    return True


def played_again(judge: Judge, e: Event, p: Play) -> None:
    """A premature card taken back from the table (`lifted`) played again: where it counts now."""
    for pm in judge.premature:
        if pm.lifted_at is not None and not pm.done and pm.seat == p.seat and pm.card == p.card:
            pm.done = True
            pm.irregularity.add("premature-play.played-again", event=e.number)


def after(judge: Judge, table: Table, e: Event) -> Decided | None:
    """After each event: a premature card due in its trick counts there at its player's proper
    turn, if he can legally play it then (L57D, L50D1); else it stays what it is. What the laws
    decided: the card put back in its trick."""
    put_back = None
    for pm in judge.premature:
        if pm.done or not pm.due or pm.lifted_at is not None or pm.event == e.number or pm.trick > len(table.tricks):
            continue
        t = table.tricks[pm.trick - 1]
        if t.complete or t.quitted or pm.seat in t.seats:
            pm.due = False  # his turn there is past
            continue
        if table.in_rotation() != pm.seat or table.current is not t:
            continue
        pm.due = False
        if not legal(table, t, pm.seat, pm.card):
            continue
        pm.done = True
        put_back = pm.event
        judge.exposed = [x for x in judge.exposed if not (x.seat == pm.seat and x.event == pm.event)]
        pm.irregularity.add("premature-play.counts-at-turn", event=e.number, card=pm.card)
    return None if put_back is None else Decided(put_back=put_back)


def elect(judge: Judge, table: Table, e: Event, irr: Irregularity) -> None:
    """`elect S highest | lowest | lead SUIT | forbid SUIT`: declarer's option on the premature lead
    or play `irr` (L57A), open to it (`open_to`)."""
    seat, choice, words = e.args["seat"], Election(e.args["choice"]), e.args["words"]
    if seat != irr.elector:
        judge.irregularities.append(Irregularity(
            IrregularityKind.ELECTION_NOT_THEIRS, seat, e.number, ["57A"],
            said("election-not-theirs.premature", seat=seat, choice=choice, premature=irr.event)))
        return
    if len(words) > 1:  # L57A4: "a card of another suit": one suit
        judge.irregularities.append(Irregularity(
            IrregularityKind.ELECTION_WITHOUT_PENALTY, seat, e.number, ["57A"],
            said("election-without-penalty.forbid-one-suit", suits=words, event=e.number)))
        return
    irr.elected, irr.elected_at = Election(choice), e.number
    irr.suit = words[0] if choice in (Election.LEAD, Election.FORBID) and words else None
    named = irr.suit in SUIT_NAMES
    what = {Election.HIGHEST: said("premature-play.highest-card"), Election.LOWEST: said("premature-play.lowest-card"),
            Election.LEAD: said("premature-play.card-of-suit", suit=irr.suit) if named else
            said("premature-play.card-of-suit-named"),
            Election.FORBID: said("premature-play.no-card-of-suit", suit=irr.suit) if named else
            said("premature-play.no-card-of-suit-named")}[choice]
    irr.add("premature-play.option-chosen", target=irr.target or "", what=what, event=e.number)


def open_to(judge: Judge, choice: str) -> Irregularity | None:
    """The premature lead or play whose option this choice is: the latest still open to it."""
    return next((i for i in reversed(judge.irregularities)
                 if i.kind == IrregularityKind.PREMATURE_PLAY and choice in i.options and i.elected is None), None)
