"""Elections and the penalty directions they give (L60, L73, L76, L80, L84, L86, L92, L93), and
whether a direction was obeyed: a card played against one when able is a deemed revoke (L73)."""

from __future__ import annotations

from typing import Any

from bridge.cards import SUITS, Card, side_of
from bridge import play
from bridge.cards import card as parse_card
from bridge.lines import CHOICES

from ..events import Event
from ..table import Table
from ..tricks import Play, Trick
from .penalties import L86_OPTIONS
from .sentences import Said, said
from .state import Direction, Election, Exposed, Irregularity, IrregularityKind, Judge, Revoke, RevokeKind, RevokeStatus


def lapse(judge: Judge, e: Event, t: Trick, seat: str) -> None:
    """L80, L92: declarer may require the partner "to play" highest or lowest, or to win or lose
    the trick; once that partner has played to it, there is nothing left to require."""
    for irr in judge.irregularities:
        if (irr.kind in (IrregularityKind.PLAY_OUT_OF_TURN, IrregularityKind.ATTENTION_TO_TRICK) and irr.target == seat
                and irr.trick == t.number and irr.options and irr.elected is None):
            irr.options = []
            irr.add("partner-direction.lapsed", seat=seat, event=e.number, law=irr.laws[0])


# The Laws of Duplicate Bridge's choices on a lead out of turn (L53) and a penalty card (L50D2,
# L52B): the 1912 code gives other options for those incidents (L76, L67), and none of these.
DUPLICATE_ONLY = frozenset({Election.ACCEPT, Election.RETRACT, Election.SPREAD, Election.NONE, Election.SUBSTITUTE})


def _not_in_1912(judge: Judge, e: Event) -> None:
    choice = Election(e.args["choice"])
    judge.irregularities.append(Irregularity(
        IrregularityKind.ELECTION_WITHOUT_PENALTY, e.args["seat"], e.number,
        ["76" if choice in (Election.ACCEPT, Election.RETRACT) else "67"],
        said("election-without-penalty.not-in-1912", words=[choice, *e.args["words"]], event=e.number),
    ))


def elect(judge: Judge, table: Table, e: Event) -> None:
    seat, choice, words = e.args["seat"], Election(e.args["choice"]), e.args["words"]
    if choice in DUPLICATE_ONLY or (choice == Election.FORBID and len(words) > 1):
        _not_in_1912(judge, e)
        return
    if not _theirs_to_elect(judge, table, e, seat, choice):
        return
    # The words as the grammar has them (bridge.lines: lead/forbid SUIT, call CARD); an election
    # stored before, with a seat among its words, reads as it was meant: 'elect S lead S' calls
    # spades, it never binds South. Whom a direction binds follows from the incident it answers.
    suit = (next((w for w in words if w in SUITS and len(w) == 1), None) if choice in (Election.LEAD, Election.FORBID)
            else None)
    if choice in (Election.POINTS, Election.TRICKS):
        _penalty_elected(judge, table, e, choice)
        return
    item = _incident_offering(judge, table, choice)
    if item is None:
        if choice == Election.CALL and any(str(x.card) in words for x in judge.exposed):
            direct(judge, table, e, choice, None, suit, words, trick=None, law="75")
        else:
            unmatched(judge, e, choice)
    elif isinstance(item, Revoke):
        _revoke_elected(judge, table, e, item, choice)
    else:
        _irregularity_elected(judge, table, e, item, choice, suit, words)


def _theirs_to_elect(judge: Judge, table: Table, e: Event, seat: str, choice: str) -> bool:
    """Whether `seat` may make this election: a new deal for a missed trick is for the adversaries
    of the player who missed it (L81); every penalty of the play is declarer's (R-G9; dummy's rights
    are L60's). Not theirs: said, and False."""
    if choice in (Election.NEW_DEAL, Election.STAND):
        missed = [i for i in judge.irregularities
                  if i.kind == IrregularityKind.MISSED_TRICK and i.options and i.elected is None]
        if missed and all(side_of(i.seat or seat) == side_of(seat) for i in missed):
            judge.irregularities.append(Irregularity(
                IrregularityKind.ELECTION_NOT_THEIRS, seat, e.number, ["81"],
                said("election-not-theirs.new-deal", seat=seat, choice=choice),
            ))
            return False
    elif table.contract is not None and seat != table.declarer:
        judge.irregularities.append(Irregularity(
            IrregularityKind.ELECTION_NOT_THEIRS, seat, e.number,
            ["60", "84", "86"] if seat == table.dummy else ["84", "86"],
            said("election-not-theirs.dummy" if seat == table.dummy else "election-not-theirs.not-declarer",
                 seat=seat, choice=choice),
        ))
        return False
    return True


def _penalty_elected(judge: Judge, table: Table, e: Event, choice: str) -> None:
    """L84: points or tricks for the first established, proven revoke of the adversaries not yet
    elected for; electing the penalty claims the revoke (L88)."""
    for r in judge.revokes:
        if (r.status == RevokeStatus.ESTABLISHED and r.kind in (RevokeKind.REVOKE, RevokeKind.DEEMED)
                and r.elected is None and table.is_adversary(r.seat) and r.proven):
            r.elected = Election(choice)
            r.claimed_at = r.claimed_at or e.number
            return
    unmatched(judge, e, choice)


def _incident_offering(judge: Judge, table: Table, choice: str) -> Any:
    """The most recent incident, not yet elected for, whose options include this choice: an
    adversary's corrected revoke (L86), or an irregularity."""
    pending: list[tuple[int, Any]] = []
    if choice in L86_OPTIONS:
        for r in judge.revokes:
            if (r.status == RevokeStatus.CORRECTED and r.kind == RevokeKind.REVOKE and table.is_adversary(r.seat)
                    and r.elected is None and not r.to_a_lead_out_of_turn):
                pending.append((r.status_event or 0, r))
    for irr in judge.irregularities:
        if choice in irr.options and irr.elected is None:
            pending.append((irr.event, irr))
    return max(pending, key=lambda x: x[0])[1] if pending else None


def _revoke_elected(judge: Judge, table: Table, e: Event, item: Revoke, choice: str) -> None:
    item.elected = Election(choice)
    if choice == Election.EXPOSED:
        judge.exposed.append(Exposed(item.seat, item.card, e.number, "86"))
        return
    # L86(b): highest or lowest of the suit led, to the trick of the revoke.
    d = Direction(item.seat, choice, e.number, trick=item.trick, suit=item.suit, law="86")
    judge.directions.append(d)
    # L73 with L86 and L94: a card the offender already put in place of the one withdrawn
    # (a hasty substitute) is judged by the direction, as if played after it.
    t = table.tricks[item.trick - 1] if 0 < item.trick <= len(table.tricks) else None
    hasty = t.played_by(item.seat) if t is not None else None
    if hasty is not None and hasty.event > (item.status_event or 0) and table.is_adversary(item.seat):
        d.done, d.played_event = True, hasty.event
        _judge_card(judge, table, d, t, hasty, hasty.event)  # type: ignore[arg-type]


def _irregularity_elected(judge: Judge, table: Table, e: Event, item: Any, choice: str, suit: str | None,
                          words: list) -> None:
    item.elected = Election(choice)
    if item.kind == IrregularityKind.LEAD_OUT_OF_TURN and choice == Election.EXPOSED:
        # L76: the card led out of turn becomes an exposed card.
        card = next((p.card for t in table.tricks for p in t.plays if p.event == item.event), None)
        if card is not None:
            judge.exposed.append(Exposed(item.seat, card, e.number, "76"))
    elif item.kind == IrregularityKind.LEAD_OUT_OF_TURN and choice == Election.LEAD:
        direct(judge, table, e, Election.LEAD, None, suit, words, trick=None, law="76")
    elif item.kind == IrregularityKind.REMARK_ABOUT_THE_PLAY:  # L93: a suit called from the next adversary to lead
        direct(judge, table, e, Election.LEAD, None, suit, words, trick=None, law="93")
    elif item.kind in (IrregularityKind.PLAY_OUT_OF_TURN,
                       IrregularityKind.ATTENTION_TO_TRICK):  # L80, L92: the partner's card
        direct(judge, table, e, choice, item.target, suit, words, trick=item.trick, law=item.laws[0])
    elif item.kind == IrregularityKind.CARD_EXPOSED:  # L65, L66: the opening leader forbidden the exposed card's suit
        direct(judge, table, e, Election.FORBID, item.target, suit, words, trick=None, law=item.laws[0])


def unmatched(judge: Judge, e: Event, choice: str) -> None:
    judge.irregularities.append(Irregularity(
        IrregularityKind.ELECTION_WITHOUT_PENALTY, e.args["seat"], e.number, [CHOICES[choice]],
        said("election-without-penalty.unmatched", choice=choice, event=e.number),
    ))


def direct(judge: Judge, table: Table, e: Event, choice: Election, target: str | None, suit: str | None,
            words: list[str], trick: int | None, law: str = "73") -> None:
    card = None
    if choice == Election.CALL:
        card = next((parse_card(w) for w in words if len(w) > 1), None)
        target = target or next((x.seat for x in judge.exposed if x.card == card), None)
    if target is None and choice not in (Election.LEAD, Election.FORBID) and table.current is not None:
        target = table.expected()  # a lead direction binds the adversary who next leads
    if choice in (Election.HIGHEST, Election.LOWEST, Election.WIN, Election.LOSE) and trick is None:
        trick = len(table.tricks) if table.current is not None else len(table.tricks) + 1
    judge.directions.append(Direction(target or "", choice, e.number, trick=trick, suit=suit, card=card, law=law))


def obey(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> None:
    if not judge.directions:
        return
    already = any(r.seat == p.seat and r.event == e.number for r in judge.revokes)
    for d in judge.directions:
        if d.done or d.event >= e.number:
            continue
        is_lead = t.lead is p
        if d.choice in (Election.LEAD, Election.FORBID):
            if not is_lead or not table.is_adversary(p.seat) or (d.seat and d.seat != p.seat):
                continue
        elif d.choice == Election.CALL:
            if p.seat != d.seat:
                continue
        elif p.seat != d.seat or d.trick != t.number:
            continue
        if not table.is_adversary(p.seat):
            continue  # L73: penalty directions bind the adversaries only
        d.done, d.played_event = True, e.number
        if already:
            continue  # the card is a revoke already: one card, one revoke (L73 makes it "a revoke")
        _judge_card(judge, table, d, t, p, e.number)


def _judge_card(judge: Judge, table: Table, d: Direction, t: Trick, p: Play, event: int) -> None:
    """L73: the card played under a direction, judged against it: a deemed revoke when the player
    could have obeyed and did not."""
    if table.hands[p.seat] is None:
        return  # not known: compliance cannot be judged
    before = set(table.hands[p.seat]) | {p.card}
    failure = _disobeys(d, t, p, before, table.trump)
    if failure is None:
        return
    if d.choice == Election.CALL and table.settings["called-card"] != "revoke":
        return  # §2K.2 default: not playing a called exposed card is not a revoke
    r = Revoke(p.seat, t.number, p.card, t.suit_led or p.card.suit, event, kind=RevokeKind.DEEMED,
               laws=["73"], direction=failure)
    r.said = [said("revoke.direction-disobeyed", seat=p.seat, card=p.card, direction=failure)]
    judge.revokes.append(r)


def _disobeys(d: Direction, t: Trick, p: Play, before: set[Card], trump: str | None) -> Said | None:
    """What the direction not obeyed required, or None when it was obeyed or could not be (L74, L79)."""
    led = t.suit_led
    if d.choice in (Election.HIGHEST, Election.LOWEST):
        suit = d.suit or led
        held = play.of_suit(before, suit)
        if not held:
            return None
        want = (max(held, key=lambda c: c.value) if d.choice == Election.HIGHEST
                else min(held, key=lambda c: c.value))
        return None if p.card == want else said("direction.highest-lowest", choice=d.choice, suit=suit, card=want)
    if d.choice in (Election.WIN, Election.LOSE):
        legal = play.legal_cards(before, led)
        so_far = play.Trick(trump)  # the trick as it lay when p was played
        for q in t.cards:
            if q is not p and q.event < p.event:
                so_far.add(q.seat, q.card)
        best = so_far.best

        def wins(c: Card) -> bool:
            return play.takes_the_lead(c, best, trump)
        can = [c for c in legal if wins(c) == (d.choice == Election.WIN)]
        if not can:
            return None
        return None if wins(p.card) == (d.choice == Election.WIN) else said("direction.win-lose", choice=d.choice)
    if d.choice == Election.LEAD:
        if d.suit and any(c.suit == d.suit for c in before) and p.card.suit != d.suit:
            return said("direction.lead", suit=d.suit)
        return None
    if d.choice == Election.FORBID:
        if d.suit and p.card.suit == d.suit and any(c.suit != d.suit for c in before):
            return said("direction.forbid", suit=d.suit)
        return None
    if d.choice == Election.CALL and d.card is not None:
        if play.follows(d.card, led, play.of_suit(before, led)) and d.card in before and p.card != d.card:
            return said("direction.call", card=d.card)
    return None


def taken_back(judge: Judge, table: Table, e: Event) -> None:
    """L73: a card judged against a direction and then withdrawn: the card put in its place is
    judged again."""
    withdrawn = {p.event for t in table.tricks for p in t.plays if p.withdrawn_at == e.number}
    for d in judge.directions:
        if d.played_event in withdrawn:
            d.done, d.played_event = False, None
