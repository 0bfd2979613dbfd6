"""The other irregularities of the play: a short hand (L38), leads and plays out of turn (L76,
L77, L78, L80), several cards at once and surplus cards (L70, L82), a card played again or taken
from a quitted trick (L90), tricks quitted by the wrong side or short (L83, L81), remarks and
attention drawn (L61, L92, L93), a claim played out (L72)."""

from __future__ import annotations

from typing import Callable

from bridge.cards import Card, next_seat, other_side, partner, side_of
from bridge.cards import card as parse_card

from ..events import Event
from ..table import Table
from ..tricks import Play, Trick
from .sentences import said
from .state import NOTHING, Decided, Election, Exposed, Irregularity, IrregularityKind, Judge, RevokeStatus


def short_hand(judge: Judge, table: Table, e: Event) -> None:
    sizes = {s: len(h) for s, h in table.dealt.items() if h is not None}
    for s, n in sizes.items():
        if n < 13:
            judge.irregularities.append(Irregularity(
                IrregularityKind.SHORT_HAND, s, e.number, ["38"],
                said("short-hand.1912", seat=s, cards=n),
            ))


def rotation(judge: Judge, table: Table, e: Event, t: Trick, p: Play, expected: str | None) -> None:
    if expected is None or p.seat == expected or table.contract is None:
        return
    seat = p.seat
    if t.lead is p:
        if table.is_adversary(seat):
            # L76: an adversary's lead out of turn: declarer may treat the card as exposed, or
            # call a suit when an adversary next leads; L78: the trick stands if all followed.
            judge.irregularities.append(Irregularity(
                IrregularityKind.LEAD_OUT_OF_TURN, seat, e.number, ["76", "78"],
                said("lead-out-of-turn.1912.adversary", seat=seat, card=p.card, trick=t.number, expected=expected),
                trick=t.number, elector=table.declarer, options=[Election.EXPOSED, Election.LEAD],
            ))
        else:
            judge.irregularities.append(Irregularity(
                IrregularityKind.LEAD_OUT_OF_TURN, seat, e.number, ["77"],
                said("lead-out-of-turn.1912.declarer", card=p.card, seat=seat, trick=t.number, expected=expected),
                trick=t.number,
            ))
        return
    leader = t.leader
    fourth = next_seat(leader, 3) if leader else None
    second = next_seat(leader, 1) if leader else None
    if seat == fourth and expected == second and table.is_adversary(seat):
        judge.irregularities.append(Irregularity(
            IrregularityKind.PLAY_OUT_OF_TURN, seat, e.number, ["80"],
            said("play-out-of-turn.fourth-hand", seat=seat, card=p.card, second=second),
            trick=t.number, elector=table.declarer,
            options=[Election.HIGHEST, Election.LOWEST, Election.WIN, Election.LOSE],
            target=second,
        ))
    else:
        judge.irregularities.append(Irregularity(
            IrregularityKind.PLAY_OUT_OF_TURN, seat, e.number, ["80"],
            said("play-out-of-turn.no-penalty", seat=seat, card=p.card, trick=t.number, expected=expected),
            trick=t.number,
        ))


def lead_stands(judge: Judge, table: Table, t: Trick) -> None:
    """L78: a lead out of turn to which all three others have followed stands as played."""
    if not judge.irregularities or not t.complete:
        return
    lead = t.lead
    if lead is None:
        return
    for irr in judge.irregularities:
        if (irr.kind == IrregularityKind.LEAD_OUT_OF_TURN and irr.trick == t.number and irr.event == lead.event
                and irr.options and irr.elected is None):
            irr.options = []
            irr.add("lead-out-of-turn.1912.stands")


def played_again(judge: Judge, table: Table, e: Event, t: Trick, played: list[Card],
                 kept_by: Callable[[Judge, Play], str]) -> None:
    """A card taken back that the laws keep in an earlier trick, played again: the record shows it
    in two tricks. `kept_by`: the law that kept it, as the code says (`kept_1912`, `kept_by_ruling`)."""
    for earlier in table.tricks:
        if earlier is t or earlier.plain:  # a card kept in a trick was taken back from it
            continue
        for p in earlier.plays:
            if p.stands and p.card in played:
                law = kept_by(judge, p)
                judge.irregularities.append(Irregularity(
                    IrregularityKind.PLAYED_AGAIN, p.seat, e.number, [law],
                    said("played-again", seat=p.seat, card=p.card, trick=t.number, earlier=earlier.number,
                         taken=p.withdrawn_at, law=law),
                    trick=t.number,
                ))


def kept_1912(judge: Judge, p: Play) -> str:
    """The 1912 law that kept a card in its trick: a quitted trick may not be touched (L90), an
    established revoke cannot be corrected (L83)."""
    return "90" if not p.substitute_owed else "83"


# The duplicate codes' rulings that keep a card taken back in its trick (`Decided.kept`): an
# established revoke's correction too late (L63B), a retraction no law allows (L47F2), a card
# played instead of a penalty card taken back (L52A).
_KEEPING = frozenset({IrregularityKind.LATE_CORRECTION, IrregularityKind.ILLEGAL_RETRACTION,
                      IrregularityKind.PENALTY_CARD_WITHDRAWAL})


def kept_by_ruling(judge: Judge, p: Play) -> str:
    """The law that kept a card in its trick: the one the ruling on its taking back cites."""
    taken = p.withdrawn_at if p.withdrawn_at is not None else p.restored_at
    for i in judge.irregularities:
        if i.event == taken and i.seat == p.seat and i.kind in _KEEPING and i.laws:
            return i.laws[0]
    return "47F2"  # (a card once played may not be withdrawn except as L47 specifies)


def several_cards(judge: Judge, table: Table, e: Event, t: Trick, seat: str) -> None:
    shown = e.args["cards"]
    if table.is_adversary(seat):
        judge.irregularities.append(Irregularity(
            IrregularityKind.SEVERAL_CARDS, seat, e.number, ["70"],
            said("several-cards.adversary", seat=seat, cards=shown, trick=t.number),
            trick=t.number,
        ))
    elif seat == table.dummy:
        # L64: two of dummy's cards touched at once, declarer chooses which is played; L82 makes
        # no one but dummy answer for the surplus card.
        judge.irregularities.append(Irregularity(
            IrregularityKind.SEVERAL_CARDS, seat, e.number, ["64"],
            said("several-cards.dummy", cards=shown, seat=seat, trick=t.number),
            trick=t.number,
        ))
    else:
        judge.irregularities.append(Irregularity(
            IrregularityKind.SEVERAL_CARDS, seat, e.number, ["82"],
            said("several-cards.declarer", seat=seat, cards=shown, trick=t.number),
            trick=t.number,
        ))


def looked_without_count(judge: Judge, table: Table, e: Event) -> None:
    """L82, L90: a surplus card goes back to its owner from a quitted trick only after the
    tricks have been counted face down (`inspect`)."""
    if table.inspected_at is None:
        judge.irregularities.append(Irregularity(
            IrregularityKind.LOOKED_AT_QUITTED_TRICK, e.args["seat"], e.number, ["90", "82"],
            said("looked-at-quitted-trick.1912", named=e.kind == "surplus"),
        ))


def taken_from_quitted_trick(judge: Judge, table: Table, e: Event,
                             looked: Callable[[Judge, Table, Event], Decided | None] | None = None,
                             stays: Callable[[Judge, Table, Event], Decided | None] | None = None) -> Decided | None:
    """L90: no one may look at a quitted trick during the play. A card taken back from one, when
    it corrects no revoke and follows no corrected revoke in that trick (L86), stays in it. A
    surplus card taken back is `looked`'s to rule (1912: L82's count; duplicate: L66C, L67B2), a
    card that stays `stays`' (1912: L90; duplicate: L66C, L47F2). What the laws decided; None: the
    card was not taken from a quitted trick."""
    for t in table.tricks:
        for p in t.plays:
            if p.withdrawn_at != e.number or not t.quitted or (t.quitted_at or 0) > e.number:
                continue
            if p.surplus:
                # L82: the surplus card goes back to its owner
                return NOTHING.then((looked or looked_without_count)(judge, table, e))
            if p.replaces:
                return NOTHING  # a card put in place of one that stands, taken back: the record put right
            if any(r.trick == t.number and r.status == RevokeStatus.CORRECTED and r.event < p.event
                   for r in judge.revokes):
                return NOTHING  # L86: those who played after a corrected revoke may take their cards back
            if stays is not None:
                return NOTHING.then(stays(judge, table, e))
            judge.irregularities.append(Irregularity(
                IrregularityKind.TAKEN_FROM_QUITTED_TRICK, p.seat, e.number, ["90"],
                said("taken-from-quitted-trick", seat=p.seat, card=p.card, trick=t.number, quitted=t.quitted_at),
                trick=t.number,
            ))
            return Decided(kept=False)  # L90: it stays in the trick, and no card is owed in its place
    return None


def attention(judge: Judge, table: Table, e: Event) -> None:
    seat = e.args["seat"]
    if seat != table.dummy:
        adversary_attention(judge, table, e)
        return
    # The incidents of the adversaries not yet claimed or elected on by declarer's side.
    for r in judge.revokes:
        if table.is_adversary(r.seat) and r.barred_61_at is None and r.claimed_at is None and r.elected is None:
            r.barred_61_at = e.number
    for irr in judge.irregularities:
        if irr.options and irr.elected is None and irr.seat and table.is_adversary(irr.seat):
            irr.options = []
            irr.add("dummy-attention.no-penalty", event=e.number)
    judge.irregularities.append(Irregularity(
        IrregularityKind.DUMMY_ATTENTION, seat, e.number, ["61"],
        said("dummy-attention.1912", seat=seat, text=e.args["text"]),
    ))


def adversary_attention(judge: Judge, table: Table, e: Event) -> None:
    """L92: an adversary draws attention to the trick (says it is his, names his card unasked,
    draws it towards himself) before his partner has played to it; L93: any other reference."""
    seat, t = e.args["seat"], table.current
    if table.contract is None or not table.is_adversary(seat):
        return
    mate = partner(seat)
    text = e.args["text"]
    words = said("attention.words", text=text) if text else said("nothing")
    if t is None or not t.plays or t.played_by(mate) is not None:
        # L93: any other reference by an adversary to an incident of the play (save those the
        # laws allow: claiming a penalty, warning partner against leading out of turn).
        judge.irregularities.append(Irregularity(
            IrregularityKind.REMARK_ABOUT_THE_PLAY, seat, e.number, ["93"],
            said("remark-about-the-play", seat=seat, words=words),
            elector=table.declarer, options=[Election.LEAD],
        ))
        return
    judge.irregularities.append(Irregularity(
        IrregularityKind.ATTENTION_TO_TRICK, seat, e.number, ["92"],
        said("attention-to-trick", seat=seat, trick=t.number, words=words, partner=mate),
        trick=t.number, elector=table.declarer,
        options=[Election.HIGHEST, Election.LOWEST, Election.WIN, Election.LOSE], target=mate,
    ))


def leftover_card(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> None:
    judge.irregularities.append(Irregularity(
        IrregularityKind.LEFTOVER_CARD, p.seat, e.number, ["81"],
        said("leftover-card", seat=p.seat, trick=t.number, card=p.card),
        trick=t.number,
    ))


def surplus_card(judge: Judge, e: Event, t: Trick, p: Play) -> None:
    judge.irregularities.append(Irregularity(
        IrregularityKind.SURPLUS_CARD, p.seat, e.number, ["82"],
        said("surplus-card.1912", seat=p.seat, card=p.card, trick=t.number),
        trick=t.number,
    ))


def quitted(judge: Judge, table: Table, e: Event, t: Trick) -> None:
    """A trick turned and quitted by the wrong side (L83)."""
    rightful = table.tricks and t.winner(table.trump)
    if t.complete and rightful and side_of(rightful) != t.quitted_by:
        judge.irregularities.append(Irregularity(
            IrregularityKind.WRONG_SIDE_QUIT, None, e.number, ["83"],
            said("wrong-side-quit.1912", trick=t.number, quitted_by=t.quitted_by, winners=side_of(rightful),
                 winner=rightful, card=t.winning(table.trump).card),  # type: ignore[union-attr]
            trick=t.number, side=t.quitted_by,
        ))


def short_of(table: Table, t: Trick) -> list[str]:
    """The seats whose card a quitted trick lacks, each still holding a card to play (one with
    none left is a short hand, L38, not a missed trick)."""
    if t.complete or not t.cards:
        return []
    return [s for s in sorted(set("NESW") - t.seats) if table.hands[s] != set()]


def missed_trick(judge: Judge, table: Table, e: Event, t: Trick) -> None:
    """L81: a trick quitted short of a card."""
    for s in short_of(table, t):
        if s == table.dummy:
            judge.irregularities.append(Irregularity(
                IrregularityKind.MISSED_TRICK, s, e.number, ["81"],
                said("missed-trick.1912.dummy", trick=t.number, seat=s),
                trick=t.number,
            ))
        else:
            adversaries = other_side(side_of(s))
            judge.irregularities.append(Irregularity(
                IrregularityKind.MISSED_TRICK, s, e.number, ["81"],
                said("missed-trick.1912", trick=t.number, seat=s, adversaries=adversaries),
                trick=t.number, elector=None, options=[Election.NEW_DEAL, Election.STAND],
            ))


def put_right(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> bool:
    """L81: a player who missed a trick puts it right. Before he has played to the next trick,
    there is no penalty; after, either adversary may still demand a new deal. True: the card is
    judged as any card to that trick (it must follow suit)."""
    seat = p.seat
    # "Played to the next trick" in the course of play: a card that puts a later missed trick right
    # is no such play (two tricks missed and both put right: neither was played on from).
    late = any(q.seat == seat and not q.put_right for later in table.tricks[t.number:] for q in later.cards)
    for i in judge.irregularities:
        if i.kind == IrregularityKind.MISSED_TRICK and i.seat == seat and i.trick == t.number and i.elected is None:
            if late:
                i.add("missed-trick.1912.put-right-late", event=e.number, card=p.card)
            else:
                i.options = []
                i.add("missed-trick.1912.put-right", event=e.number, card=p.card)
            break
    return True


def nothing_to_put_right(judge: Judge, e: Event, t: Trick, p: Play) -> None:
    judge.irregularities.append(Irregularity(
        IrregularityKind.NOTHING_TO_PUT_RIGHT, p.seat, e.number, ["81"],
        said("nothing-to-put-right.1912", seat=p.seat, card=p.card, trick=t.number),
        trick=t.number,
    ))


def named_in(table: Table, seat: str, card: Card) -> tuple[Trick | None, Play | None]:
    """The trick (the last) holding this card of the seat's, named surplus, and his card that
    counts there (None when he has none)."""
    t = next((t for t in reversed(table.tricks) if any(p.card == card and p.seat == seat for p in t.plays)), None)
    return t, (t.played_by(seat) if t is not None else None)


def surplus_named(judge: Judge, table: Table, e: Event) -> None:
    """L70: of an adversary's cards played at once, declarer picks the one that goes to the trick
    (the others are exposed when taken back); L82: the card over four found in a trick goes back
    to its holder. A pick may not make the player revoke (L74)."""
    seat, card = e.args["seat"], parse_card(e.args["card"])
    t, counted = named_in(table, seat, card)
    if t is None:
        return
    if counted is None or counted.card == card:
        judge.irregularities.append(Irregularity(
            IrregularityKind.SURPLUS_NAMED, seat, e.number, ["82"],
            said("surplus-named.1912.only-card", card=card, seat=seat, trick=t.number),
            trick=t.number,
        ))
        return
    at_once = any(p.event == counted.event for p in t.plays if p.card == card)
    # Once the trick is turned and quitted, the pick of L70 (and L64's) is past: a card over four
    # found in a quitted trick is L82's, restored to its holder (and looking for it is L90's count).
    quitted = t.quitted_at is not None and t.quitted_at < e.number
    if quitted:
        looked_without_count(judge, table, e)
    dummy = seat == table.dummy
    law = "82" if quitted or not at_once else ("64" if dummy else "70" if table.is_adversary(seat) else "82")
    then = {"70": said("surplus-named.exposed"), "64": said("surplus-named.dummy-choice")}.get(
        law, said("surplus-named.back-to-dummy") if dummy else said("surplus-named.back-to-holder"))
    judge.irregularities.append(Irregularity(
        IrregularityKind.SURPLUS_NAMED, seat, e.number, [law],
        said("surplus-named.1912", card=card, seat=seat, trick=t.number, counted=counted.card, then=then),
        trick=t.number,
    ))
    named_the_revoke(judge, e, t, seat, card, counted.card, law)
    led = t.suit_led
    if law == "70" and led is not None and t.lead is not counted and counted.card.suit != led and card.suit == led:
        judge.irregularities.append(Irregularity(
            IrregularityKind.PICK_FORCES_REVOKE, seat, e.number, ["74"],
            said("pick-forces-revoke", card=card, counted=counted.card, trick=t.number, suit=led, seat=seat),
            trick=t.number,
        ))


def named_the_revoke(judge: Judge, e: Event, t: Trick, seat: str, card: Card, counted: Card, law: str) -> None:
    """The card named surplus was the player's failure to follow, still open: the card that counts
    follows, and the revoke is corrected under the law that put the trick right."""
    for r in judge.revokes:
        if r.seat == seat and r.card == card and r.trick == t.number and r.open and r.answered_no_at is None:
            r.status, r.status_event, r.laws = RevokeStatus.CORRECTED, e.number, [law]
            r.named_surplus = law
            r.said = [said("revoke.corrected.surplus-named", card=card, seat=seat, event=e.number, counted=counted,
                           trick=t.number, law=law)]


def missing_card_found(judge: Judge, table: Table, e: Event) -> None:
    """L38: the deal stands; the missing card is in its holder's hand from now on, and any revoke
    before was judged as if he had held it."""
    seat, card = e.args["seat"], parse_card(e.args["card"])
    judge.irregularities.append(Irregularity(
        IrregularityKind.MISSING_CARD_FOUND, seat, e.number, ["38"],
        said("missing-card-found.1912", seat=seat, card=card, event=e.number),
    ))


def taken_back(judge: Judge, table: Table, e: Event) -> Decided | None:
    """A card withdrawn that was no revoke: an adversary's further card played at once is exposed
    once declarer has picked one (L70); one taken from a quitted trick stays in it (L90): what the
    laws decided."""
    seat = e.args["seat"]
    for t in table.tricks:
        for p in t.plays:
            if p.withdrawn_at == e.number and p.surplus and table.is_adversary(seat):
                judge.exposed.append(Exposed(seat, p.card, e.number, "70"))
    return taken_from_quitted_trick(judge, table, e)


def card_exposed(judge: Judge, table: Table, e: Event) -> None:
    """L65, L66, L68: an adversary's card exposed is liable to be called (L67); before the opening
    lead, exposed by the opening leader's partner, declarer may also forbid the lead of its suit.
    Declarer's and dummy's cards are never liable to call."""
    seat, card = e.args["seat"], parse_card(e.args["card"])
    if table.contract is not None and not table.is_adversary(seat):
        judge.irregularities.append(Irregularity(
            IrregularityKind.CARD_EXPOSED, seat, e.number, ["67"],
            said("card-exposed.declarers-side", seat=seat, card=card, event=e.number),
        ))
        return
    played = any(t.plays for t in table.tricks)
    law = "65" if table.contract is None else ("66" if not played else "68")
    judge.exposed.append(Exposed(seat, card, e.number, law))
    leader = next_seat(table.declarer) if table.declarer else None
    forbid = law in ("65", "66") and leader is not None and seat == partner(leader)
    when = {"65": said("card-exposed.before-declaration"), "66": said("card-exposed.before-opening-lead"),
            "68": said("card-exposed.during-play")}[law]
    judge.irregularities.append(Irregularity(
        IrregularityKind.CARD_EXPOSED, seat, e.number, [law, "67"],
        said("card-exposed", seat=seat, card=card, when=when, law=law,
             then=said("card-exposed.forbid", leader=leader, suit=card.suit, law=law) if forbid else said("full-stop")),
        elector=table.declarer if forbid else None, options=[Election.FORBID] if forbid else [],
        target=leader if forbid else None,
    ))


def adjusted(judge: Judge, table: Table, e: Event) -> None:
    """The Director's adjusted score: the score applies it where the code gives him one (duplicate
    L12C); the 1912 code gives no one that power, so it is recorded and changes nothing."""
    if table.code.adjusted_score_law is None:
        judge.irregularities.append(Irregularity(
            IrregularityKind.ADJUSTMENT_NOT_IN_CODE, None, e.number, [],
            said("adjustment-not-in-code", code=table.code.ruleset.title, event=e.number, law=e.args["law"])))


def no_contract(judge: Judge, e: Event) -> None:
    """Cards played with no contract recorded: no law is silent here, the record is. Said at the
    first card, so that the recorder learns it when the hand is recorded, not later from `score`."""
    judge.irregularities.append(Irregularity(
        IrregularityKind.NO_CONTRACT, None, e.number, [],
        said("no-contract", event=e.number),
    ))
