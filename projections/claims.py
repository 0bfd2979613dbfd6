"""What the record says of a claim: the claim itself, the players who doubt it, the Director's
adjudication (`claim`, `doubt`, `adjudicate` lines). The table's fold of those lines
(`projections.table.FOLD`); what the laws make of them is the rulings' (`rulings.claims`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bridge.cards import other_side, side_of

from .codes.family import PlayAfterClaim
from .placement import claim_set_aside, quit_implicitly

# (`Table` in the annotations is `projections.table.Table`, which imports this module: named, not imported.)


@dataclass
class Adjudication:
    """The Director's decision on a claim: the tricks of those not yet played at the claim that go
    to the claimer's side, on what line of play, by whom, at which event."""

    tricks: int
    line: str
    author: str
    event: int


@dataclass
class Claimed:
    """The last claim of the record, kept after the play went on past it (an adjudication may
    still come): who claimed how many tricks at which event, the tricks each side had won in play
    before it, who doubted it, the adjudication, and the event that voided it, if one did (a
    defender's concession his partner objected to, duplicate L68B2)."""

    seat: str
    tricks: int
    event: int
    won_before: dict[str, int]
    doubts: list[tuple[str, int]] = field(default_factory=list)  # (seat, event)
    adjudication: Adjudication | None = None
    void_at: int | None = None
    statement: str = ""  # the claimer's statement of his line of play (L68C)
    played_on_at: int | None = None  # the first card played after it, if the play went on

    def void_by_play(self, code: Any) -> bool:
        """Whether the play that went on past the claim voided it, the play deciding, by the code's
        laws (`Code.play_after_claim`): always (1912 L72), or where a player had doubted it before
        (2017 L68D2(b))."""
        if self.played_on_at is None:
            return False
        mode = code.play_after_claim
        return mode == PlayAfterClaim.VOID or (
            mode == PlayAfterClaim.VOID_IF_DOUBTED and any(n < self.played_on_at for _, n in self.doubts))

    @property
    def remaining(self) -> int:
        """The tricks not yet played at the claim (the trick in progress among them)."""
        return max(0, 13 - sum(self.won_before.values()))


def claimed(table: Table, a: dict[str, Any], n: int) -> None:
    quit_implicitly(table, n, end_of_play=True)
    table.claim = (a["seat"], a["tricks"], n)
    table.last_claim = Claimed(a["seat"], a["tricks"], n, table.won(), statement=a.get("text", ""))


def doubted(table: Table, a: dict[str, Any], n: int) -> None:
    if table.last_claim is not None:
        table.last_claim.doubts.append((a["seat"], n))


def adjudicated(table: Table, a: dict[str, Any], n: int) -> None:
    if table.last_claim is not None:
        table.last_claim.adjudication = Adjudication(a["tricks"], a["text"], a["author"], n)


def void_claim(table: Table, event: int) -> None:
    """The laws say no claim nor concession occurred (duplicate L68B2: a defender's concession his
    partner objected to): play continues. The rulings decide it (`Decided.claim_void`);
    `projections.moment` carries it out here, in the same step."""
    if table.claim is not None and table.last_claim is not None:
        table.last_claim.void_at = event
        claim_set_aside(table)


def adjudication(table: Table) -> Claimed | None:
    """The claim whose tricks the Director's adjudication decides (L69B, L70, L71), under a code
    that has one: the last, adjudicated and not void; None otherwise."""
    c = table.last_claim
    if c is None or c.adjudication is None or c.void_at is not None or \
            not table.code.family.director_adjudicates_claims:  # L69B, L70, L71; 1912 L72: no one adjudicates
        return None
    return c


def deciding(table: Table) -> tuple[Claimed, int] | None:
    """The claim that gives the tricks not yet played at it, and how many of them go to the
    claimer's side: the Director's adjudication of the last claim (L69B, L70, L71: `adjudication`),
    else the claim standing, as stated; None when no claim gives them. The one rule the score and
    the revoke's transfer (L64A: tricks won by claim count as won) read."""
    c = adjudication(table)
    if c is not None:
        return c, c.adjudication.tricks  # type: ignore[union-attr]
    if table.claim is not None and table.last_claim is not None:
        return table.last_claim, table.claim[1]
    return None


def share_out(seat: str, n: int, rest: int) -> dict[str, int]:
    """The `rest` tricks not played at a claim by `seat` (or its adjudication) giving his side `n`:
    n of them (at most all) to his side, the others to the other side; his side first."""
    n = min(n, rest)
    return {side_of(seat): n, other_side(side_of(seat)): rest - n}


def open_to_doubt(table: Table) -> Claimed | None:
    """The claim a player may still doubt and the Director adjudicate: the claim standing, or the
    last claim the play went on past where that did not void it (`Claimed.void_by_play`); None when
    there is none, or it is void (L68B2)."""
    c = table.last_claim
    if c is None or c.void_at is not None:
        return None
    if table.claim is not None:
        return c
    return c if c.played_on_at is not None and not c.void_by_play(table.code) else None


def play_voided(table: Table) -> bool:
    """Whether the cards now played are play after a claim that the Director voids (1997 L68D:
    "all play subsequent to a claim is voided"): no law rules on them."""
    c = table.last_claim
    return (c is not None and c.played_on_at is not None and table.claim is None and c.void_at is None
            and table.code.play_after_claim == PlayAfterClaim.VOIDED)


def awaiting_adjudication(table: Table) -> Claimed | None:
    """The claim open to doubt (`open_to_doubt`) that the Director is to adjudicate and has not yet
    (a player doubted it, L68D2, L70; the play after it voided, 1997 L68D), under a code that has
    him adjudicate; None otherwise."""
    c = open_to_doubt(table)
    if c is None or c.adjudication is not None or not table.code.family.director_adjudicates_claims:  # L70
        return None
    return c if c.doubts or play_voided(table) else None
