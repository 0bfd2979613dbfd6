"""The revoke's life: a failure to follow suit found (L83; dummy's, L63), suspected while the
hand is not known and proven or ruled out later, asked about (L85), corrected (L86) or
established (L83, L85, L63, L73), and claimed or proven by mixing (L87)."""

from __future__ import annotations

from bridge.cards import FULL_PACK, UNKNOWN_CARD, Card, partner, side_of

from ..events import Event
from ..table import Table
from ..tricks import Play, Trick
from .sentences import Said, said
from .state import (NOTHING, Decided, Exposed, Irregularity, IrregularityKind, Judge, Revoke, RevokeKind, RevokeStatus)


def deemed_held(judge: Judge, table: Table, seat: str) -> dict[Card, str]:
    """Cards a seat answers for without holding them: a short hand's missing cards (1912 L38;
    duplicate L14B4: `Code.missing_card_law`) and
    surplus cards it left in a trick (1912 L82; duplicate L67B2: `Code.surplus_card_law`)."""
    out: dict[Card, str] = {}
    if None not in table.dealt.values():  # every hand known
        short = [s for s, h in table.dealt.items() if len(h) < 13]  # type: ignore[arg-type]
        if seat in short and len(short) == 1 and seat != table.dummy:
            for c in FULL_PACK - set().union(*table.dealt.values()) - table.found.keys():
                out[c] = table.code.missing_card_law  # (a missing card found is in his hand, L38; L14B)
    for t in () if table.all_plain else table.tricks:
        if t.plain:
            continue  # a surplus card makes its trick not plain
        for p in t.live:
            if p.surplus and p.seat == seat:
                out[p.card] = table.code.surplus_card_law
    return out


def held_in_law(judge: Judge, table: Table, seat: str, suit: str) -> tuple[bool | None, list[str]]:
    """Whether `seat` holds a card of `suit` as the laws count it (None: his hand, or his cards not
    known he played, leave it open), and the laws that deem it his when his hand holds none
    (`deemed_held`: a short hand's missing card, a surplus card he left in a trick)."""
    holds = table.holds(seat, suit)
    if holds is False:
        deemed = {law for c, law in deemed_held(judge, table, seat).items() if c.suit == suit}
        if deemed:
            return True, sorted(deemed)
    return holds, []


def option_disobeyed(judge: Judge, e: Event, t: Trick, p: Play, suit: str, act: Said | str, required: Said | str,
                     failure: Said | str, law: str, at: int | None) -> None:
    """Duplicate L61A: "failure to lead or play, when able, a card or suit required by law or specified
    by an opponent when exercising an option in rectification of an irregularity, constitutes a
    revoke": `p` (`act`, "played" or "led") against what declarer `required` at event `at` by his
    option of law `law` (after a premature play, L57A; of a penalty card's suit, L50D2, L51B), the
    revoke's `failure` what he should have played, to be corrected until it is established (L62A,
    L63A). One card, one revoke."""
    if any(r.seat == p.seat and r.event == e.number for r in judge.revokes):
        return
    r = Revoke(p.seat, t.number, p.card, suit, e.number, kind=RevokeKind.DEEMED, laws=["61A"], direction=failure)
    r.said = [said("revoke.option-disobeyed", seat=p.seat, act=act, card=p.card, trick=t.number, required=required,
                   law=law, at=at)]
    judge.revokes.append(r)


def penalty_card_not_played(judge: Judge, table: Table, e: Event, t: Trick, p: Play, penalty: Exposed,
                            suit_led: str | None, required: Said | str) -> None:
    """Duplicate L61A: "failure to lead or play, when able, a card or suit required by law ...
    constitutes a revoke"; a penalty card not played when the law required it (`required`: L50C,
    L50D1, L51A) is one. It is rectified by L52 (declarer accepts the card played or has the
    penalty card put in its place, L52B; its player may not withdraw the card on his own
    initiative, L52A) and, established (L63A), transfers no trick: a failure to play a penalty
    card (L64B3). Its suit is the penalty card's (L64B2). A card that fails to follow suit is the
    revoke it is (`failure_to_follow`), not a second one."""
    seat = p.seat
    if suit_led is not None and p.card.suit != suit_led and held_in_law(judge, table, seat, suit_led)[0] is not False:
        return
    if any(r.seat == seat and r.event == e.number for r in judge.revokes):
        return
    r = Revoke(seat, t.number, p.card, penalty.card.suit, e.number, kind=RevokeKind.DEEMED, laws=["61A", "52"],
               direction=said("direction.penalty-card", card=penalty.card))
    r.faced, r.penalty_card = True, penalty
    r.said = [said("revoke.penalty-card-not-played", seat=seat, card=p.card, trick=t.number, penalty_card=penalty.card,
                   required=required)]
    judge.revokes.append(r)


def failure_to_follow(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> None:
    """L83: a revoke is a card of another suit from a player (not dummy) holding the suit led."""
    law = t.in_law  # (`t.lead`, read at every card: the first card in law)
    lead = law[0] if law else None
    if lead is None or lead is p or p.card.suit == lead.card.suit or lead.card is UNKNOWN_CARD:
        return  # (led by a card not known: the suit led is not known, `projections.unknown_cards`)
    led = lead.card.suit
    seat = p.seat
    holds, via = held_in_law(judge, table, seat, led)
    if holds is False:
        return
    r = Revoke(seat, t.number, p.card, led, e.number, via=via, proven=holds is True)
    if seat == table.dummy:
        # L63: dummy's failure to follow is not an L83 revoke and carries no penalty.
        r.kind = RevokeKind.DUMMY
        r.laws = ["63"]
        r.said = [said("revoke.1912.dummy", seat=seat, card=p.card, trick=t.number, suit=led)]
    else:
        r.laws = ["83", *via]
        played = said("revoke.played", seat=seat, card=p.card, trick=t.number, suit=led)
        # (a card not known he played before: `projections.unknown_cards`)
        r.said = [said("revoke.1912.unknown-card" if holds is None and table.hands[seat] is not None
                       else "revoke.1912.suspected" if holds is None
                       else "revoke.1912.answers-for-suit" if via else "revoke.1912.found",
                       played=played, suit=led, via=via)]
    judge.revokes.append(r)


def played_on(judge: Judge, table: Table, e: Event, t: Trick, seat: str) -> None:
    """L83: the revoker or his partner leading or playing to the following trick, in turn or
    not, establishes the revoke; L85: so does the offending side playing on after the question."""
    if not judge.revokes:
        return
    for r in judge.revokes:
        if not r.open or r.kind == RevokeKind.DUMMY or t.number <= r.trick:
            continue
        if seat not in (r.seat, partner(r.seat)):
            continue
        lead = t.lead
        is_lead = lead is not None and lead.seat == seat and lead.event == e.number
        who = said("revoke.who.himself") if seat == r.seat else said("revoke.who.his-partner", seat=seat)
        act = said("act.led") if is_lead else said("act.played")
        if r.kind == RevokeKind.DEEMED:
            establish(judge, r, e.number, ["73"],
                      said("revoke.established.direction-not-obeyed", seat=r.seat, direction=r.direction, act=act,
                           trick=t.number, event=e.number))
        elif r.suspended_by is not None or r.answered_no_at is not None:
            establish(judge, r, e.number, ["83", "85"],
                      said("revoke.established.after-question", seat=r.seat, who=who, act=act, trick=t.number,
                           event=e.number))
        else:
            establish(judge, r, e.number, ["83"],
                      said("revoke.established.played-on-1912", seat=r.seat, partner=seat != r.seat, act=act,
                           trick=t.number, event=e.number))


def implicit_quits(judge: Judge, table: Table, e: Event) -> None:
    if not judge.revokes:
        return  # a quit rules on the revokes of its trick only
    number = e.number
    for t in table.tricks:
        if t.quitted_at == number and t.quit_implicit:
            quitted(judge, table, e, t, implicit=True)


def quitted(judge: Judge, table: Table, e: Event, t: Trick, implicit: bool) -> None:
    winner = t.winner(table.trump)
    rightful = side_of(winner) if winner else None
    how = said("trick.quitted-implicitly") if implicit else said("trick.quitted-by", side=t.quitted_by)
    for r in judge.revokes:
        if not r.open or r.trick != t.number:
            continue
        if r.kind == RevokeKind.DUMMY:
            # L63: once the trick is turned and quitted, by either side, it stands as played.
            establish(judge, r, e.number, ["63"],
                      said("revoke.established.dummy-quitted", trick=t.number, how=how, event=e.number))
        elif r.kind == RevokeKind.DEEMED:
            establish(judge, r, e.number, ["73"],
                      said("revoke.established.direction-quitted", trick=t.number, how=how, event=e.number))
        elif t.quitted_by != rightful:
            continue  # R-D3: quitting by the wrong side does not establish it
        elif r.suspended_by is not None:
            continue  # L85: asked before the quit, so the quit does not establish it
        else:
            establish(judge, r, e.number, ["83"],
                      said("revoke.established.quitted", trick=t.number, how=how, event=e.number, implicit=implicit))


def hand_over(judge: Judge, table: Table, e: Event) -> None:
    """A claim ends the play and the cut for the next deal ends the hand: what was not
    corrected by then can no longer be."""
    for r in judge.revokes:
        if r.open:
            law = {RevokeKind.DUMMY: "63", RevokeKind.DEEMED: "73"}.get(r.kind, "83")
            establish(judge, r, e.number, [law],
                      said("revoke.established.hand-over", event=e.number, claim=e.kind == "claim", law=law))


def establish(judge: Judge, r: Revoke, event: int, laws: list[str], why: Said) -> None:
    r.status, r.status_event = RevokeStatus.ESTABLISHED, event
    r.laws = [*laws, *[v for v in r.via if v not in laws]] if r.kind == RevokeKind.REVOKE else laws
    r.said = [why]


def prove(judge: Judge, table: Table, e: Event, seat: str, played: list[Card]) -> None:
    for r in judge.revokes:
        if r.seat == seat and not r.proven and r.ruled_out_at is None and e.number > r.event:
            if any(c.suit == r.suit for c in played):
                r.proven = True


def rule_out(judge: Judge, table: Table, e: Event) -> None:
    """A suspected revoke is ruled out when every card of the suit is accounted for elsewhere."""
    for r in judge.revokes:
        if r.proven or r.ruled_out_at is not None:
            continue
        possible = {Card(r.suit, rank) for rank in "23456789TJQKA"}
        for s, h in table.dealt.items():
            if s != r.seat and h is not None:
                possible -= set(h)
        for s, shown in table.shown.items():
            if s != r.seat:
                possible -= set(shown)
        for t in table.tricks:
            for p in t.plays:
                if p.seat == r.seat and p.event < r.event and p.withdrawn_at is None:
                    possible.discard(p.card)
        if not possible:
            r.ruled_out_at = e.number


def ask(judge: Judge, table: Table, e: Event) -> None:
    asker, asked = e.args["asker"], e.args["asked"]
    proper = asked == partner(asker) and (
        table.contract is None
        or table.is_adversary(asker)  # L85: either adversary may ask his partner
        or (asker == table.dummy and asked == table.declarer)  # L60a: dummy may ask declarer
    )
    if not proper:
        laws = ["85", "60"] if asker == table.dummy else ["85"]
        why = [said("question-to-opponent", seat=asker, asked=asked)]
        if asker == table.dummy and table.is_adversary(asked):
            laws.append("61")
            why.append(said("question-to-opponent.dummy-draws-attention"))
            for r in judge.revokes:
                if r.seat == asked and r.barred_61_at is None:
                    r.barred_61_at = e.number
        judge.irregularities.append(Irregularity(IrregularityKind.QUESTION_TO_OPPONENT, asker, e.number, laws, why))
        return
    for r in judge.revokes:
        if (r.seat == asked and r.kind != RevokeKind.DUMMY and r.status == RevokeStatus.ESTABLISHED
                and r.ruled_out_at is None):
            r.remarks.append((e.number, said("revoke.remark.asked-after-established", seat=asker, event=e.number,
                                             established=r.status_event)))
        if r.seat != asked or not r.open or r.kind == RevokeKind.DUMMY:
            continue
        r.asked_at = r.asked_at or e.number
        trick = table.tricks[r.trick - 1]
        # (A card put to a trick already quitted, L81: only a quit after the card is the one L85 speaks of.)
        quitted_since = trick.quitted and (trick.quitted_at or 0) > r.event
        if quitted_since and r.suspended_by is None:
            r.remarks.append((e.number, said("revoke.remark.asked-after-quit", seat=asker, event=e.number,
                                             trick=r.trick)))
        if not quitted_since and r.suspended_by is None:
            # L85: asked before the trick is turned and quitted.
            r.suspended_by = e.number
            r.laws = ["85", *r.via]
            r.said = [said("revoke.asked-in-time", seat=asker, event=e.number, trick=r.trick)]


def answer(judge: Judge, table: Table, e: Event) -> None:
    seat, answer = e.args["seat"], e.args["answer"]
    if table.answered_at != e.number:  # (the table gave the answer to no question)
        judge.irregularities.append(Irregularity(
            IrregularityKind.ANSWER_WITHOUT_QUESTION, seat, e.number, ["85"],
            said("answer-without-question", seat=seat, answer=answer, event=e.number),
        ))
        return
    if answer != "no":
        for r in judge.revokes:
            if r.seat == seat and r.asked_at is not None and not r.proven and r.ruled_out_at is None:
                r.proven = True  # he says he holds the suit he renounced
        return
    for r in judge.revokes:
        if r.seat != seat or not r.open or r.kind == RevokeKind.DUMMY or r.asked_at is None:
            continue
        if table.settings["wrong-no"] == "at-answer":
            # §2K.1 default: a wrong "no" establishes the revoke at the answer.
            establish(judge, r, e.number, ["85"],
                      said("revoke.established.wrong-no", seat=seat, event=e.number, suit=r.suit))
        else:
            r.answered_no_at = e.number
            r.suspended_by = r.suspended_by or e.number
            r.said = [said("revoke.answered-no", seat=seat, event=e.number)]


def claim_revoke(judge: Judge, table: Table, e: Event) -> None:
    side, seat = e.args["side"], e.args["seat"]
    for r in judge.revokes:
        if r.seat == seat and r.claimed_at is None and side_of(r.seat) != side:
            r.claimed_at = e.number
            late = table.cut_at is not None and e.number > table.cut_at
            deadline = table.code.claim_deadline_law
            if deadline is None:
                r.remarks.append((e.number, said("revoke.remark.claimed", side=side, event=e.number)))
            else:
                r.remarks.append((e.number, said("revoke.remark.claimed-late" if late else
                                                 "revoke.remark.claimed-in-time", side=side, event=e.number,
                                                 cut=table.cut_at, law=deadline)))


def mix(judge: Judge, table: Table, e: Event) -> None:
    """L87: the tricks mixed by the side claimed to have revoked, after the claim: it is upheld."""
    mixer = e.args["seat"]
    for side, accused, at in table.claims_of_revoke:
        if mixer in (accused, partner(accused)) and side_of(accused) != side:
            upheld(judge, mixer, accused, e.number, "87",
                   said("mixed-after-claim.1912", seat=mixer, side=side, accused=accused, claimed=at))
            return


def upheld(judge: Judge, mixer: str, accused: str, event: int, law: str, sentence: Said) -> None:
    """The cards mixed by the side a claim of revoke accuses, after it (1912 L87: "the tricks";
    duplicate L66D: "his cards"): `mixed-after-claim`, and each revoke of the accused suspected
    until then is taken as proven."""
    judge.irregularities.append(Irregularity(IrregularityKind.MIXED_AFTER_CLAIM, mixer, event, [law], sentence))
    for r in judge.revokes:
        if r.seat == accused and not r.proven and r.ruled_out_at is None:
            r.proven = True
            r.laws = [*r.laws, law]
            r.said.append(said("revoke.proven-by-mixing", seat=mixer, tricks=law == "87", event=event, law=law))


def _to_a_lead_out_of_turn(judge: Judge, table: Table, r: Revoke, at: int) -> bool:
    """Whether the revoke's trick was led out of turn and had not yet been followed by all three
    others when the card was taken back (L78: such a trick does not stand)."""
    if not any(i.kind == IrregularityKind.LEAD_OUT_OF_TURN and i.trick == r.trick for i in judge.irregularities):
        return False
    t = table.tricks[r.trick - 1]
    there = {p.seat for p in t.plays if not p.surplus and (p.withdrawn_at is None or p.withdrawn_at >= at)}
    return len(there) < 4


def correct(judge: Judge, table: Table, e: Event) -> Decided | None:
    """A card withdrawn that was a revoke: corrected while correction is open (L86; dummy's, L63;
    a deemed one, L73), else a late correction that changes nothing (L85, L83): the laws keep an
    established revoke in its trick. What the laws decided; None when the card was no revoke."""
    seat, c = e.args["seat"], e.args["card"]
    for r in reversed(judge.revokes):
        if r.seat == seat and str(r.card) == c and r.event < e.number:
            if r.named_surplus and r.status == RevokeStatus.CORRECTED:
                return None  # the card named surplus taken back: no correction (L70 exposes it, L82 restores it)
            if r.open and r.answered_no_at is None:
                r.status, r.status_event = RevokeStatus.CORRECTED, e.number
                if r.kind == RevokeKind.DUMMY:
                    r.laws = ["63", "86"]
                    r.said = [said("revoke.corrected.dummy-1912", card=c, event=e.number)]
                elif r.kind == RevokeKind.DEEMED:
                    r.laws = ["73"]
                    r.said = [said("revoke.corrected.deemed", seat=seat, event=e.number)]
                elif _to_a_lead_out_of_turn(judge, table, r, e.number):
                    # L78: to a lead out of turn that not all three others followed, the cards played
                    # are taken back without penalty: only the original offender may be penalised.
                    r.laws = ["78"]
                    r.to_a_lead_out_of_turn = True
                    r.said = [said("revoke.corrected.lead-out-of-turn", seat=seat, card=c, event=e.number)]
                else:
                    r.laws = ["86"]
                    r.said = [said("revoke.corrected.1912", seat=seat, card=c, event=e.number)]
            elif r.status == RevokeStatus.CORRECTABLE:
                judge.irregularities.append(Irregularity(
                    IrregularityKind.LATE_CORRECTION, seat, e.number, ["85"],
                    said("late-correction.answered-no", seat=seat, card=c, event=e.number, answered=r.answered_no_at),
                    trick=r.trick,
                ))
            else:
                judge.irregularities.append(Irregularity(
                    IrregularityKind.LATE_CORRECTION, seat, e.number, list(r.laws) or ["83"],
                    said("late-correction.1912", seat=seat, card=c, event=e.number, status=r.status,
                         status_event=r.status_event, law=r.laws[0] if r.laws else "83"),
                    trick=r.trick,
                ))
                if r.status == RevokeStatus.ESTABLISHED:
                    return Decided(kept=True)  # L83: it cannot be corrected; a card is owed in its place
            return NOTHING
    return None
