"""Claims and concessions, by the family of the code the hand names (`LawFamily.claims`: the 1912
family's `doubt_1912`, `adjudicate_1912`, the duplicate family's `doubt_duplicate`,
`adjudicate_duplicate`, and the words after a card played after a claim): a card played after a
claim, a player's doubt of it, the Director's adjudication.

- Under the 1912 code a claim not accepted is played out (L72): a card played after it makes the
  claim lapse and the play decides; the code gives no one the power to adjudicate a claim, so an
  `adjudicate` line is recorded and changes nothing, and a `doubt` is the first step of the play
  out.
- Under the Laws of Duplicate Bridge a claim suspends play (L68D). One no one doubts is agreed
  (L69A). A defender's concession his partner objects to never happened: play continues (L68B2).
  Any other doubt calls the Director, who adjudicates (L70): handrec says the judgment is needed
  and records his when given (`adjudicate N LINE`), never one of its own. Play that went on after
  a doubted claim voids it (2017 L68D2(b)); after a claim no one doubted (2017), or under 2007,
  play should have ceased and what was played is evidence for the Director (L68D, L70D3); under
  1997 the Director voids that play and adjudicates the claim (L68D). An adjudication of a claim
  no one doubted withdraws the opponents' agreement (L69B) or cancels the claimer's concession
  (L71); of a claim played on, it is the Director's on a contested claim (L70).
"""

from __future__ import annotations

from bridge.cards import partner

from ..claims import Claimed, open_to_doubt
from ..codes.family import PlayAfterClaim
from ..placement import after_the_board
from ..events import Event
from ..table import Table
from .sentences import Said, said
from .state import Decided, Irregularity, IrregularityKind, Judge


def _of(c: Claimed) -> Said:
    return said("claim.of", seat=c.seat, tricks=c.tricks, remaining=c.remaining, event=c.event)


def _no_claim(judge: Judge, e: Event, law: str, what: Said) -> None:
    judge.irregularities.append(Irregularity(IrregularityKind.NO_CLAIM, e.args.get("seat"), e.number, [law], what))


# ---------------------------------------------------------------- the 1912 code (L72)


def doubt_1912(judge: Judge, table: Table, e: Event) -> None:
    """(A claim not accepted is played out, L72: the cards played after it say so, not the doubt.)"""


def adjudicate_1912(judge: Judge, table: Table, e: Event) -> None:
    judge.irregularities.append(Irregularity(
        IrregularityKind.ADJUDICATION_NOT_IN_CODE, None, e.number, ["72"],
        said("adjudication-not-in-code", tricks=e.args["tricks"])))


# ---------------------------------------------------------------- the duplicate codes (L68-L71)


def _waits(irr: Irregularity) -> None:
    """A ruling with the Director's judgment pending says the score waits for it (L70)."""
    irr.add("claim.score-waits")


def _waits_no_more(irr: Irregularity) -> None:
    """... until he gives it, or there is nothing left for him to judge."""
    if irr.said and irr.said[-1].key == "claim.score-waits":
        irr.said.pop()


# What a claim doubted after the play went on past it (where that did not void it) adds, by the
# code's `play_after_claim` (the sentence's identifier).
PLAYED_ON = {
    PlayAfterClaim.VOID_IF_DOUBTED: said("claim-doubted.played-on-before-doubt"),
    PlayAfterClaim.EVIDENCE: said("claim-doubted.played-on-evidence"),
    PlayAfterClaim.VOIDED: said("claim-doubted.played-on-voided"),
}
NOT_PLAYED_ON = said("nothing")


def doubt_duplicate(judge: Judge, table: Table, e: Event) -> Decided | None:
    from . import duplicate  # (the duplicate family's revoke laws: a 1912 hand's claims never import them)

    c = open_to_doubt(table)
    doubter = e.args["seat"]
    if c is None:
        _no_claim(judge, e, table.code.claim_doubted_law, said("no-claim.doubted", seat=doubter))
        return
    pending = _played_on(judge, c)
    if pending is not None and pending.judgment is not None and pending.judgment["given"] is None:
        # (1997: the play after it voided, the Director was to adjudicate it already; the doubt's
        # ruling carries the judgment from now on: one pending a claim)
        pending.judgment = None
        _waits_no_more(pending)
    conceded = c.remaining - c.tricks
    if table.claim is not None and table.is_adversary(c.seat) and doubter == partner(c.seat) and conceded > 0 and len(c.doubts) == 1:
        # L68B2: a defender attempts to concede, his partner objects at once: neither happened.
        judge.irregularities.append(Irregularity(
            IrregularityKind.CONCESSION_OBJECTED, c.seat, e.number, ["68B2"],
            said("concession-objected", seat=c.seat, conceded=conceded, claim=_of(c), doubter=doubter),
            trick=len(table.tricks) or None))
        # "Any card that has been exposed by a defender in these circumstances is not a penalty card".
        judge.exposed = [x for x in judge.exposed if not (table.is_adversary(x.seat) and c.event < x.event < e.number)]
        duplicate.claim_not_agreed(judge, c.event, c.seat, doubter, voided=True)
        return Decided(claim_void=True)  # L68B2: no claim nor concession occurred; play continues
    duplicate.claim_not_agreed(judge, c.event, c.seat, doubter, voided=False)
    if _doubted(judge, c) is not None:
        return  # (one ruling a claim: a second doubt changes no more)
    law = table.code.claim_doubted_law
    played_on = PLAYED_ON.get(table.code.play_after_claim, NOT_PLAYED_ON) if table.claim is None else NOT_PLAYED_ON
    doubted = Irregularity(
        IrregularityKind.CLAIM_DOUBTED, c.seat, e.number, [law, "70"],
        said("claim-doubted", doubter=doubter, claim=_of(c), law=law,
             played_on=played_on),
        trick=len(table.tricks) or None, judgment={"law": "70", "by": "director", "claim": c.event, "given": None})
    _waits(doubted)
    judge.irregularities.append(doubted)


def _doubted(judge: Judge, c: Claimed) -> Irregularity | None:
    """The ruling on the doubt of this claim, if it was doubted."""
    for i in judge.irregularities:
        if i.kind == IrregularityKind.CLAIM_DOUBTED and i.event > c.event and i.judgment is not None:
            return i
    return None


def _played_on(judge: Judge, c: Claimed) -> Irregularity | None:
    """The ruling on the first card played after this claim, if the play went on past it."""
    if c.played_on_at is None:
        return None
    return next((i for i in judge.irregularities
                 if i.kind == IrregularityKind.CLAIM_PLAYED_OUT and i.event == c.played_on_at), None)


def adjudicate_duplicate(judge: Judge, table: Table, e: Event) -> None:
    c = table.last_claim
    if c is None or c.void_at is not None:
        _no_claim(judge, e, "70", said("no-claim.adjudicated"))
        return
    n, line = e.args["tricks"], e.args["text"]
    given = {"event": e.number, "tricks": n, "line": line, "by": e.args.get("author") or ""}
    awarded = said("claim.awarded-beyond" if n > c.remaining else "claim.awarded", awarded=min(n, c.remaining),
                   seat=c.seat, tricks=n, remaining=c.remaining, line=line)
    doubted = _doubted(judge, c)
    if doubted is not None:
        doubted.judgment["given"] = given  # type: ignore[index]
        _waits_no_more(doubted)
        doubted.add("claim.adjudicated", event=e.number, awarded=awarded)
        return
    played_on = _played_on(judge, c)
    if played_on is not None:
        # The play went on past the claim, which no one agreed to: a contested claim (L70).
        played_on.judgment = {"law": "70", "by": "director", "claim": c.event, "given": given}
        _waits_no_more(played_on)
        played_on.add("claim.adjudicated", event=e.number, awarded=awarded)
        return
    if n < c.tricks:
        kind, law = IrregularityKind.CLAIM_AGREEMENT_WITHDRAWN, "69B"
        why = said("claim-agreement-withdrawn", claim=_of(c), awarded=awarded)
    elif n > c.tricks:
        kind, law = IrregularityKind.CONCESSION_CANCELLED, "71"
        why = said("concession-cancelled", seat=c.seat, claim=_of(c), awarded=awarded)
    else:
        kind, law = IrregularityKind.CLAIM_AGREED, "69"
        why = said("claim-agreed", claim=_of(c), awarded=awarded)
    judge.irregularities.append(Irregularity(
        kind, c.seat, e.number, [law], why, trick=len(table.tricks) or None,
        judgment={"law": law, "by": "director", "claim": c.event, "given": given}))


def played_after(judge: Judge, table: Table, e: Event) -> None:
    """A card played after a claim: the claim lapses and the play decides, in the code's words."""
    claimant, tricks, at_event = table.claims_played_out[-1]
    judge.claims_seen = at_event
    a = e.args  # (a card played, put right, or not known: `play`, `put-right`, `unknown`)
    cards = a["cards"] if "cards" in a else [a["card"]] if "card" in a else None
    c = table.last_claim
    mode = table.code.play_after_claim
    if after_the_board(table):
        mode = PlayAfterClaim.AFTER_THE_BOARD  # (the cut made with the claim standing: it is agreed, L69A)
    elif mode == PlayAfterClaim.VOID_IF_DOUBTED and not (c is not None and c.void_by_play(table.code)):
        mode = PlayAfterClaim.UNDOUBTED  # (2017: no one had doubted the claim before the play went on)
    doubted = _doubted(judge, c) if c is not None else None
    if (mode == PlayAfterClaim.VOID_IF_DOUBTED and doubted is not None
            and doubted.judgment["given"] is None):  # type: ignore[index]
        # L68D2(b): the doubted claim is void, the play decides: no adjudication is awaited (one
        # given later is the Director's finding that not all four agreed to play on, L70).
        doubted.judgment = None
        _waits_no_more(doubted)
        doubted.add("claim-doubted.play-continued", event=e.number)
    law, says = table.code.family.claims.played_on[mode]
    played_out = Irregularity(
        IrregularityKind.CLAIM_PLAYED_OUT, claimant, e.number, list(law),
        said("claim-played-out" if cards is not None else "claim-played-out.card-not-known", seat=a["seat"],
             cards=cards, claimant=claimant, tricks=tricks, claimed=at_event, says=says),
        judgment={"law": "70", "by": "director", "claim": at_event, "given": None}
        if mode == PlayAfterClaim.VOIDED else None)
    if mode == PlayAfterClaim.VOIDED:
        _waits(played_out)
    judge.irregularities.append(played_out)


# What a card played after a claim makes of it (`PlayAfterClaim`): the laws, and the identifier of
# the words after the card and the claim (`sentences`). The 1912 family's (`laws_1912`):
PLAY_AFTER_CLAIM_1912: dict[PlayAfterClaim, tuple[tuple[str, ...], Said]] = {
    PlayAfterClaim.VOID: (("72",), said("claim-played-out.1912"))}  # L72
# The duplicate family's (`laws_duplicate`):
PLAY_AFTER_CLAIM_DUPLICATE: dict[PlayAfterClaim, tuple[tuple[str, ...], Said]] = {
    PlayAfterClaim.VOID_IF_DOUBTED: (("68D2",), said("claim-played-out.void-if-doubted")),  # 2017 L68D2(b)
    PlayAfterClaim.UNDOUBTED: (("68D",), said("claim-played-out.undoubted")),  # 2017 L68D, no doubt before the play
    PlayAfterClaim.EVIDENCE: (("68D", "70D3"), said("claim-played-out.evidence")),  # 2007 L68D, L70D3
    PlayAfterClaim.AFTER_THE_BOARD: (("69A",), said("claim-played-out.after-the-board")),  # L69A
    PlayAfterClaim.VOIDED: (("68D",), said("claim-played-out.voided")),  # 1997 L68D
}


