"""The arrangement and inspection of tricks under the Laws of Duplicate Bridge (L65, L66): what
a trick's cards pointed toward the side that did not win it, attention drawn to them, a quitted
trick looked at without the Director (L66C) and a player's played cards mixed (L65D, L66D) are
worth in law.

L65B (2017, 1997): a player's card of a trick his side won is pointed toward his partner, of one
the opponents won toward them: the pointing records the trick, it does not win it (`quit SIDE`
names the side it was pointed toward). 2017 L65B3: "A player may draw attention to a card pointed
incorrectly, but this right expires when his side leads or plays to the following trick. If done
later Law 16B may apply" (1997 has no B3: `Code.pointing_attention_law`). L65D: "A player should
not disturb the order of his played cards until agreement has been reached on the number of tricks
won. A player who fails to comply ... jeopardizes his right to claim ownership of doubtful tricks
or to claim (or deny) a revoke." L66D: after play ceases, the cards may be inspected to settle a
claim of a revoke; "If, after such a claim has been made, a player mixes his cards in such a manner
that the Director can no longer ascertain the facts, the Director shall rule in favour of the other
side." (1997 text; 2017 reads the same.)

The 1912 code's rules of these acts (L83's quit, L92-L93's attention, L87's mixing) are
`irregularities`' and `revokes`'; the judge asks the laws of the tricks of the hand's code's family
(`LawFamily.tricks`: `laws_1912`, `laws_duplicate`).
"""

from __future__ import annotations

from bridge.cards import side_of

from ..events import Event
from ..table import Table
from ..tricks import Trick
from . import revokes
from .sentences import said
from .state import Irregularity, IrregularityKind, Judge



def pointed(judge: Judge, table: Table, e: Event, t: Trick) -> None:
    """L65B: a trick's cards pointed toward the side that did not win it."""
    rightful = t.winner(table.trump) if t.complete else None
    if rightful is None or side_of(rightful) == t.quitted_by:
        return
    b3 = table.code.pointing_attention_law
    judge.irregularities.append(Irregularity(
        IrregularityKind.WRONG_SIDE_QUIT, None, e.number, ["65B"] + ([b3] if b3 else []),
        said("wrong-side-quit.pointed", trick=t.number, quitted_by=t.quitted_by, winners=side_of(rightful),
             winner=rightful, card=t.winning(table.trump).card,  # type: ignore[union-attr]
             then=said("wrong-side-quit.attention-until-following-trick", law=b3) if b3 else said("full-stop")),
        trick=t.number, side=t.quitted_by,
    ))


def attention(judge: Judge, table: Table, e: Event) -> None:
    """Attention drawn while the last quitted trick's cards lie pointed incorrectly (the trick after
    it not yet complete): in time until the player's side leads or plays to the following trick, after
    that too late, Law 16B may apply (2017 L65B3). At any other moment, attention to an irregularity
    (`drawn`: L9, L43)."""
    seat = e.args["seat"]
    b3 = table.code.pointing_attention_law
    # (The record does not say what the attention is drawn to: to a card pointed incorrectly while
    # that trick is the last quitted, the trick after it not yet complete.)
    last = next((t.number for t in reversed(table.tricks) if t.quitted), None)
    wrong = next((i for i in reversed(judge.irregularities)
                  if i.kind == IrregularityKind.WRONG_SIDE_QUIT and i.trick == last), None)
    over = last is not None and len(table.tricks) > last and table.tricks[last].complete
    if wrong is None or over:
        drawn(judge, table, e)
        return
    if b3 is None:  # (a code with no L65B3: no right given, none lost)
        wrong.add("wrong-side-quit.attention", seat=seat, event=e.number)
        return
    following = table.tricks[wrong.trick] if len(table.tricks) > wrong.trick else None
    played_on = following is not None and any(side_of(p.seat) == side_of(seat) for p in following.plays)
    if not played_on:
        wrong.add("wrong-side-quit.attention-in-time", seat=seat, event=e.number, law=b3)
        return
    judge.irregularities.append(Irregularity(
        IrregularityKind.ATTENTION_TOO_LATE, seat, e.number, [b3, "16B"],
        said("attention-too-late", seat=seat, trick=wrong.trick, event=e.number, following=wrong.trick + 1, law=b3),
        trick=wrong.trick,
    ))


def _against_the_claim(judge: Judge, mixer: str, event: int, side: str, accused: str, at: int) -> None:
    """L66D: a player of the side claiming the revoke mixed his cards: the Director rules for the
    other side, so a revoke of the accused not shown by the record (suspected) is not found."""
    judge.irregularities.append(Irregularity(
        IrregularityKind.MIXED_AFTER_CLAIM, mixer, event, ["66D"],
        said("mixed-after-claim.claiming-side", seat=mixer, side=side, event=event, accused=accused, claimed=at)))
    for r in judge.revokes:
        if r.seat == accused and not r.proven and r.ruled_out_at is None:
            r.ruled_out_at = event


def drawn(judge: Judge, table: Table, e: Event) -> None:
    """Attention drawn to an irregularity: declarer's or a defender's right during the play (L9A2),
    dummy's only once the play is over (L9A4, L42B3); during it, dummy may not (L43A1(b)), and is
    liable to penalty (L43B1, L90). It takes nothing from the ruling on the irregularity itself."""
    seat = e.args["seat"]
    law = table.code.dummy_attention_law
    over = table.play_over or (len(table.tricks) >= 13 and table.tricks[-1].complete)
    if seat != table.dummy or over or law is None:
        return
    judge.irregularities.append(Irregularity(
        IrregularityKind.DUMMY_ATTENTION, seat, e.number, ["43A1", law, "43B1", "90"],
        said("dummy-attention.during-play", seat=seat, event=e.number, law=law)))


def mixed(judge: Judge, table: Table, e: Event) -> None:
    """A player's played cards mixed: after a claim of revoke the Director rules for the other side
    (L66D): mixed by the side accused, the revoke claimed stands as proven; by the side claiming
    it, a revoke the record does not show is not found. Else he disturbed their order before the
    tricks were agreed (L65D)."""
    mixer = e.args["seat"]
    claim = next(((side, accused, at) for side, accused, at in table.claims_of_revoke
                  if side_of(mixer) == side_of(accused) and side_of(accused) != side), None)
    claiming = next(((side, accused, at) for side, accused, at in table.claims_of_revoke
                     if side == side_of(mixer) and side_of(accused) != side), None)
    if claim is None and claiming is not None:
        _against_the_claim(judge, mixer, e.number, *claiming)
        return
    if claim is None:
        judge.irregularities.append(Irregularity(
            IrregularityKind.PLAYED_CARDS_DISTURBED, mixer, e.number, ["65D"],
            said("played-cards-disturbed", seat=mixer, event=e.number)))
        return
    side, accused, at = claim
    revokes.upheld(judge, mixer, accused, e.number, "66D",
                   said("mixed-after-claim.accused-side", seat=mixer, event=e.number, side=side, accused=accused,
                        claimed=at))


def looked_at(judge: Judge, table: Table, e: Event) -> None:
    """L66C: until play ceases, quitted tricks are inspected only at the Director's instruction
    (`inspect`)."""
    if table.inspected_at is None:
        judge.irregularities.append(Irregularity(
            IrregularityKind.LOOKED_AT_QUITTED_TRICK, e.args["seat"], e.number, ["66C"],
            said("looked-at-quitted-trick.duplicate", named=e.kind == "surplus", event=e.number)))
