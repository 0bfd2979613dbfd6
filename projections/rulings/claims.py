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
from . import duplicate
from .state import Decided, Irregularity, IrregularityKind, Judge, name


def _tricks(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"


def _of(c: Claimed) -> str:
    return f"{name(c.seat)}'s claim of {_tricks(c.tricks)} of the {c.remaining} not yet played (event {c.event})"


def _no_claim(judge: Judge, e: Event, law: str, what: str) -> None:
    judge.irregularities.append(Irregularity(
        IrregularityKind.NO_CLAIM, e.args.get("seat"), e.number, [law],
        f"{what}, but no claim stands at this point (none was made, or play went on past it): recorded, it "
        f"changes nothing."))


# ---------------------------------------------------------------- the 1912 code (L72)


def doubt_1912(judge: Judge, table: Table, e: Event) -> None:
    """(A claim not accepted is played out, L72: the cards played after it say so, not the doubt.)"""


def adjudicate_1912(judge: Judge, table: Table, e: Event) -> None:
    judge.irregularities.append(Irregularity(
        IrregularityKind.ADJUDICATION_NOT_IN_CODE, None, e.number, ["72"],
        f"The 1912 code gives no one the power to adjudicate a claim: a claim not accepted is played out and the "
        f"play decides (L72). The adjudication of {_tricks(e.args['tricks'])} is recorded and changes nothing."))


# ---------------------------------------------------------------- the duplicate codes (L68-L71)


_WAITS = " The score waits for his adjudication."  # (a ruling with his judgment pending, until he gives it)
# What a claim doubted after the play went on past it (where that did not void it) adds, by the
# code's `play_after_claim`.
PLAYED_ON = {
    PlayAfterClaim.VOID_IF_DOUBTED:
        "; the play that went on past the claim before any doubt is evidence he may consider",
    PlayAfterClaim.EVIDENCE:
        "; the play that went on past the claim is evidence he may take as part of its clarification (L70D3)",
    PlayAfterClaim.VOIDED: "; the play that went on past the claim is voided (L68D)",
}


def doubt_duplicate(judge: Judge, table: Table, e: Event) -> Decided | None:
    c = open_to_doubt(table)
    doubter = e.args["seat"]
    if c is None:
        _no_claim(judge, e, table.code.claim_doubted_law, f"{name(doubter)} doubted a claim")
        return
    pending = _played_on(judge, c)
    if pending is not None and pending.judgment is not None and pending.judgment["given"] is None:
        # (1997: the play after it voided, the Director was to adjudicate it already; the doubt's
        # ruling carries the judgment from now on: one pending a claim)
        pending.judgment = None
        pending.explanation = pending.explanation.removesuffix(_WAITS)
    conceded = c.remaining - c.tricks
    if table.claim is not None and table.is_adversary(c.seat) and doubter == partner(c.seat) and conceded > 0 and len(c.doubts) == 1:
        # L68B2: a defender attempts to concede, his partner objects at once: neither happened.
        judge.irregularities.append(Irregularity(
            IrregularityKind.CONCESSION_OBJECTED, c.seat, e.number, ["68B2"],
            f"{name(c.seat)} attempted to concede {_tricks(conceded)} ({_of(c)}) and his partner "
            f"{name(doubter)} objected: neither a concession nor a claim has occurred and play continues "
            f"(L68B2). A card he exposed in doing so is no penalty card, but what it tells his partner is "
            f"unauthorized information (L16C).", trick=len(table.tricks) or None))
        # "Any card that has been exposed by a defender in these circumstances is not a penalty card".
        judge.exposed = [x for x in judge.exposed if not (table.is_adversary(x.seat) and c.event < x.event < e.number)]
        duplicate.claim_not_agreed(judge, c.event, c.seat, doubter, voided=True)
        return Decided(claim_void=True)  # L68B2: no claim nor concession occurred; play continues
    duplicate.claim_not_agreed(judge, c.event, c.seat, doubter, voided=False)
    if _doubted(judge, c) is not None:
        return  # (one ruling a claim: a second doubt changes no more)
    law = table.code.claim_doubted_law
    judge.irregularities.append(Irregularity(
        IrregularityKind.CLAIM_DOUBTED, c.seat, e.number, [law, "70"],
        f"{name(doubter)} doubted {_of(c)}: play is suspended and the Director adjudicates the result as "
        f"equitably as possible to both sides, any doubtful point going against the claimer (L{law}, L70A)"
        f"{PLAYED_ON.get(table.code.play_after_claim, '') if table.claim is None else ''}.{_WAITS}", trick=len(table.tricks) or None,
        judgment={"law": "70", "by": "director", "claim": c.event, "given": None}))


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
        _no_claim(judge, e, "70", "The Director adjudicated a claim")
        return
    n, line = e.args["tricks"], e.args["text"]
    given = {"event": e.number, "tricks": n, "line": line, "by": e.args.get("author") or ""}
    beyond = (f" ({_tricks(n)} is more than were left: all {c.remaining} go to the claimer's side)"
              if n > c.remaining else "")
    awarded = f"the Director awards {_tricks(min(n, c.remaining))} of them to {name(c.seat)}'s side{beyond} on the line '{line}'"
    doubted = _doubted(judge, c)
    if doubted is not None:
        doubted.judgment["given"] = given  # type: ignore[index]
        doubted.explanation = f"{doubted.explanation.removesuffix(_WAITS)} At event {e.number} {awarded} (L70)."
        return
    played_on = _played_on(judge, c)
    if played_on is not None:
        # The play went on past the claim, which no one agreed to: a contested claim (L70).
        played_on.judgment = {"law": "70", "by": "director", "claim": c.event, "given": given}
        played_on.explanation = f"{played_on.explanation.removesuffix(_WAITS)} At event {e.number} {awarded} (L70)."
        return
    if n < c.tricks:
        kind, law, why = (IrregularityKind.CLAIM_AGREEMENT_WITHDRAWN, "69B",
                          f"the opponents' agreement to {_of(c)} is withdrawn: {awarded} (L69B: they had agreed "
                          f"to lose a trick their side had won, or would likely have won had play continued).")
    elif n > c.tricks:
        kind, law, why = (IrregularityKind.CONCESSION_CANCELLED, "71",
                          f"{name(c.seat)}'s concession ({_of(c)}) is cancelled: {awarded} (L71: a trick his "
                          f"side had won, or could not lose by any normal play of the remaining cards).")
    else:
        kind, law, why = IrregularityKind.CLAIM_AGREED, "69", f"{_of(c)} stands as agreed: {awarded} (L69)."
    judge.irregularities.append(Irregularity(
        kind, c.seat, e.number, [law], why[0].upper() + why[1:], trick=len(table.tricks) or None,
        judgment={"law": law, "by": "director", "claim": c.event, "given": given}))


def played_after(judge: Judge, table: Table, e: Event) -> None:
    """A card played after a claim: the claim lapses and the play decides, in the code's words."""
    claimant, tricks, at_event = table.claims_played_out[-1]
    judge.claims_seen = at_event
    a = e.args  # (a card played, put right, or not known: `play`, `put-right`, `unknown`)
    played = " ".join(a["cards"]) if "cards" in a else a.get("card", "a card not known")
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
        doubted.explanation = (f"{doubted.explanation.removesuffix(_WAITS)} Play then continued (event {e.number}): "
                               f"the claim is void (L68D2(b)).")
    law, says = table.code.family.claims.played_on[mode]
    judge.irregularities.append(Irregularity(
        IrregularityKind.CLAIM_PLAYED_OUT, claimant, e.number, list(law),
        f"{name(a['seat'])} played {played} after {name(claimant)}'s claim of {_tricks(tricks)} (event "
        f"{at_event}): {says}" + (_WAITS if mode == PlayAfterClaim.VOIDED else ""),
        judgment={"law": "70", "by": "director", "claim": at_event, "given": None}
        if mode == PlayAfterClaim.VOIDED else None))


# What a card played after a claim makes of it (`PlayAfterClaim`): the laws, and the words after
# the card and the claim. The 1912 family's (`laws_1912`):
PLAY_AFTER_CLAIM_1912: dict[PlayAfterClaim, tuple[tuple[str, ...], str]] = {PlayAfterClaim.VOID: (("72",), (  # L72
    "the hand is being played out, the claim no longer counts and the play decides (L72). A revoke left "
    "uncorrected at the claim stands."))}
# The duplicate family's (`laws_duplicate`):
PLAY_AFTER_CLAIM_DUPLICATE: dict[PlayAfterClaim, tuple[tuple[str, ...], str]] = {
    PlayAfterClaim.VOID_IF_DOUBTED: (("68D2",), (  # 2017 L68D2(b)
        "the claim was doubted and play continued, so the claim is void and the play decides the tricks "
        "(L68D2(b): at the non-claiming side's request, all four players agreeing). Had they not all agreed, "
        "the Director adjudicates the claim (L70), the play after it being evidence.")),
    PlayAfterClaim.UNDOUBTED: (("68D",), (  # 2017 L68D, no doubt before the play
        "play should have been suspended at the claim (L68D). No one had doubted it, so this is no play "
        "continued by agreement after a doubt (L68D2(b)): the claim stands, the cards played after it are no "
        "play of the board, and the board is scored on the claim (L69A); should a player doubt it the "
        "Director adjudicates it (L70), the play after it being evidence.")),
    PlayAfterClaim.EVIDENCE: (("68D", "70D3"), (  # 2007 L68D, L70D3
        "play should have ceased at the claim (L68D); the play after it may be evidence the Director takes as "
        "part of the clarification of the claim when he adjudicates it (L70D3). Until he does, the claim "
        "stands: the cards played after it are no play of the board, and the board is scored on the claim "
        "(L69A).")),
    PlayAfterClaim.AFTER_THE_BOARD: (("69A",), (  # L69A: agreed once no one objected before the board ended
        "the cut for the next deal had ended the board with the claim standing and no one objecting to it, "
        "so it is agreed (L69A) and stands: the card is no play of this board, nothing of it is ruled, and "
        "the board is scored on the claim.")),
    PlayAfterClaim.VOIDED: (("68D",), (  # 1997 L68D
        "all play after a claim is voided by the Director, who adjudicates the claim (L68D, L70).")),
}


