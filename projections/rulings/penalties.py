"""The penalty an established or corrected revoke opens (L84, L86, L89), and what bars it (L61,
L63, L88): pure functions of the revokes and the table, which the score uses too."""

from __future__ import annotations

from typing import Any, Iterable

from bridge.cards import side_of

from ..table import Table
from .sentences import revoke_penalty_said
from .state import Election, Revoke, RevokeKind, RevokeStatus

L86_OPTIONS = [Election.EXPOSED, Election.HIGHEST, Election.LOWEST]
def _owed(law: str, elector: str | None, options: list[Election], elected: str | None) -> dict[str, Any]:
    return {"law": law, "elector": elector, "options": options, "elected": elected,
            "said": revoke_penalty_said(law, options)}


def bar(table: Table, r: Revoke) -> str | None:
    """The law that takes this revoke's penalty away, if any (§2I step 1)."""
    if not table.code.elects_revoke_penalty:
        return None  # the Laws of Duplicate Bridge transfer tricks instead (`transfer`, L64B)
    if r.kind == RevokeKind.DUMMY:
        return "63"  # L63: dummy is never penalised for a revoke
    if r.barred_61_at is not None and table.is_adversary(r.seat):
        return "61"  # L61: dummy drew attention to it
    if (table.cut_at is not None and table.settings["claim-deadline"] == "cut"
            and r.status == RevokeStatus.ESTABLISHED and (r.claimed_at is None or r.claimed_at > table.cut_at)):
        return "88"  # L88: a revoke must be claimed before the cards are cut for the next deal
    return None


def counted(revokes: Iterable[Revoke], table: Table) -> list[Revoke]:
    """§2I step 1: the established revokes whose penalty stands, in the order they were made (not
    dummy's, L63; not lost under L61; claimed before the cut, L88). The one rule of which revokes
    count toward a penalty: the rulings' L84/L89 and the score both use it."""
    return [r for r in revokes
            if r.status == RevokeStatus.ESTABLISHED and r.proven and r.ruled_out_at is None and not bar(table, r)]


def penalty(revokes: list[Revoke], table: Table, r: Revoke) -> tuple[dict[str, Any] | None, str | None]:
    """What revoke `r`, one of `revokes`, owes at this moment (the penalty's law, elector, options
    and election), or the law that bars it."""
    if not table.code.elects_revoke_penalty:
        return None, None  # no penalty to elect: the tricks transferred are `transfer`'s (L64)
    declarer = table.declarer
    barred = bar(table, r)
    if barred:
        return None, barred
    if r.status == RevokeStatus.CORRECTED:
        # (L70: a card declarer named surplus of an adversary's cards played at once is exposed
        # when taken back, and that is the whole penalty: the pick is no L86 correction.)
        if (r.kind == RevokeKind.REVOKE and table.is_adversary(r.seat) and not r.to_a_lead_out_of_turn
                and r.named_surplus != "70"):
            # L86: the withdrawn card exposed, or highest/lowest of the suit led: declarer's choice.
            return _owed("86", declarer, list(L86_OPTIONS), r.elected), None
        return None, None  # L86: no penalty for declarer's own corrected revoke (nor a deemed one, L73)
    if r.status != RevokeStatus.ESTABLISHED or not r.proven:
        return None, None
    standing = counted(revokes, table)
    sides = {x.side for x in standing}
    mine = [x for x in standing if x.side == r.side]
    first = mine[0] is r
    if len(sides) == 2:
        # L89 (§2K.7): each side's first revoke cancels out; each further one gives 100 to the other.
        if first:
            return None, "89"
        return _owed("89", None, [Election.POINTS], None), None
    if declarer is None:
        return _owed("84", None, [], None), None
    if not first:
        # L84c: each revoke after the first by the same side: 100 in the honor column.
        return _owed("84c", None, [Election.POINTS], None), None
    if side_of(r.seat) == side_of(declarer):
        # L84a: declarer's side revokes: the adversaries add 150; no choice to make.
        return _owed("84a", None, [Election.POINTS], None), None
    # L84b: an adversary revokes: declarer elects 150 points or three tricks.
    return _owed("84b", declarer, [Election.POINTS, Election.TRICKS], r.elected), None
