"""The tricks an established revoke transfers under the Laws of Duplicate Bridge (L64): pure
functions of the revokes and the table, which the rulings and the duplicate score both use.

`tricks_transferred` is the one rule of how many tricks change hands at the end of the play; the
duplicate score counts exactly that. `transfers` says, revoke by revoke, how many, which tricks,
under which law (L64A1, L64A2) or which L64B exception stopped it, and flags L64C (equity), never
with a number of its own.

L64A reads the same in 2007 and 2017 (rulesets `duplicate-2007`, `duplicate-2017`):
- A1: the offending player won the revoke trick: that trick and one later trick won by the
  offending side are transferred (a trick won in dummy is not won by declarer);
- A2: otherwise, if the offending side won the revoke trick or a later one: one trick.
1997 (`duplicate-1997`) adds to A2: "also, if an additional trick was subsequently won by the
offending player with a card that he could legally have played to the revoke trick, one such
trick is transferred".

L64B (no transfer), 2017: B1 the offending side won neither the revoke trick nor a later one; B2 a
subsequent revoke in the same suit by the same player, the first established; B3 a revoke made in
failing to play a penalty card or any card belonging to dummy; B4 attention first drawn after a
non-offender's call on the next board; B5 after the round ended; B6 a revoke on the twelfth trick;
B7 both sides revoked on the board and both revokes are established; B8 a revoke corrected under
L62C3. The 2007 list (`duplicate-2007`) has B1-B7 with two differences: B2 "a subsequent revoke in
the same suit by the same player" (no condition on the first: corrected or established, it bars
the later one) and B7 "when both sides have revoked on the same board" (the other side's revoke
need not be established: corrected, it still bars); B3 reads "any card faced on the table or
belonging to a hand faced on the table, including a card from dummy's hand", which the record
knows as a penalty card or dummy's; there is no L62C3 and so no B8. The 1997 list has B1-B6 (B3:
any card faced on the table, dummy's included) and no case for both sides revoking (the WBF Laws
Committee sent that to L64C, 2001), nor L62C3.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from bridge.cards import other_side, side_of

from ..claims import awaiting_adjudication, deciding, share_out
from ..codes.base import BothSidesRevoked
from ..table import Table
from .sentences import Said, said, say
from .state import Revoke, RevokeKind, RevokeStatus

CLAIMED = "claimed"  # a trick won by a claim, with no number of its own


@dataclass(frozen=True)
class Transfer:
    """What one revoke transfers (or why it transfers nothing)."""

    tricks: int = 0
    to: str | None = None  # the non-offending side
    which: tuple[int | str, ...] = ()  # trick numbers, or "claimed"
    law: str | None = None  # 64A1 · 64A2
    barred_by: str | None = None  # the L64B item that stops it (the first in the law's order)
    exceptions: tuple[str, ...] = ()  # every L64B item that applies
    final: bool = False  # the play is over: these are the tricks transferred
    said: tuple[Said, ...] = ()  # why (`sentences`): its reasons, one after the other
    equity: dict[str, Any] | None = field(default=None)  # the L64C flag: its law, and why (a `Said`)

    @property
    def why(self) -> str:
        return " ".join(say(s) for s in self.said)

    def as_json(self) -> dict[str, Any]:
        equity = None if self.equity is None else {**self.equity, "why": say(self.equity["why"])}
        return {"tricks": self.tricks, "to": self.to, "which": list(self.which), "law": self.law,
                "barred_by": self.barred_by, "exceptions": list(self.exceptions), "final": self.final, "why": self.why,
                "equity": equity}


def _won(table: Table) -> tuple[list[tuple[int | str, str, str | None, Any]], bool]:
    """The tricks won, in order: (number or 'claimed', side, winning seat, winning card), and
    whether the play is over (thirteen tricks accounted for, or the board ended, and no claim
    waits for the Director's adjudication)."""
    out: list[tuple[int | str, str, str | None, Any]] = []
    decided = deciding(table)  # (the claim, or the Director's adjudication of it, gives the rest)
    claimed_at = decided[0].event if decided else None
    trump = table.trump
    for t in table.tricks:
        if t.won_in_play(claimed_at):  # (the claim that decides: an adjudicated one too)
            w = t.winning(trump)
            if w is not None:
                out.append((t.number, side_of(w.seat), w.seat, w.card))
    if decided is not None:
        c, n = decided
        del out[sum(c.won_before.values()):]  # (the tricks played at the claim; any after it were not, L68D)
        for side, k in share_out(c.seat, n, max(0, 13 - len(out))).items():
            out += [(CLAIMED, side, None, None)] * k
    # (a claim the Director is still to adjudicate gives its tricks as stated only until he does:
    # the transfer is not final before his adjudication, L68D2, L70)
    return out, (len(out) >= 13 or table.cut_at is not None) and awaiting_adjudication(table) is None


def _attention(r: Revoke) -> int | None:
    """The first event the record shows drawing attention to the revoke: a question to the
    revoker, a claim of the revoke, the revoke card withdrawn. None: the record shows none (and
    the revoke is taken as drawn to attention in time)."""
    marks = [x for x in (r.asked_at, r.claimed_at, r.status_event if r.status == RevokeStatus.CORRECTED else None) if x]
    return min(marks) if marks else None


def _equity(r: Revoke, n: int, table: Table, barred: tuple[str, ...] = ()) -> dict[str, Any]:
    moved = said("transfer.equity.beyond", tricks=n) if n else said("transfer.equity.no-trick")
    also = said("nothing")
    if table.code.equity_cases and "64B2" in barred:
        also = said("transfer.equity.repeated-revoke")
    elif table.code.equity_cases and "64B7" in barred:
        also = said("transfer.equity.both-sides")
    return {"law": "64C", "why": said("transfer.equity", moved=moved, also=also)}


def _barred(revokes: list[Revoke], table: Table, r: Revoke, won_from: list) -> list[tuple[str, Said]]:
    """Every L64B item that stops the transfer, with its reason, in the law's order."""
    code = table.code
    out: list[tuple[str, Said]] = []
    if not won_from:
        out.append(("64B1", said("transfer.64B1", trick=r.trick)))
    # L64B2: 2017 "the first revoke having been established"; 2007 asks nothing of the first
    # revoke (a corrected one bars the later one too).
    first = next((x for x in revokes if x is not r and x.seat == r.seat and x.suit == r.suit
                  and x.event < r.event and x.proven and x.ruled_out_at is None
                  and (x.status == RevokeStatus.ESTABLISHED or (not code.subsequent_revoke_needs_first_established
                                                       and x.status == RevokeStatus.CORRECTED))), None)
    if first is not None and first.status == RevokeStatus.ESTABLISHED:
        out.append(("64B2", said("transfer.64B2.established", suit=r.suit, seat=r.seat, first=first.trick)))
    elif first is not None:
        out.append(("64B2", said("transfer.64B2.corrected", suit=r.suit, seat=r.seat, first=first.trick)))
    if r.faced:
        out.append(("64B3", said("transfer.64B3", dummy=r.kind == RevokeKind.DUMMY)))
    seen = _attention(r)
    if seen is not None and table.cut_at is not None and seen > table.cut_at:
        out.append(("64B4", said("transfer.64B4", seen=seen, cut=table.cut_at)))
    if r.trick == 12:
        out.append(("64B6", said("transfer.64B6")))
    if code.both_sides_revoked == BothSidesRevoked.ESTABLISHED:
        other = next((x for x in revokes if x.side != r.side and x.status == RevokeStatus.ESTABLISHED and x.proven
                      and x.ruled_out_at is None), None)
        if other is not None:
            out.append(("64B7", said("transfer.64B7.established", other=other.seat, trick=other.trick)))
    elif code.both_sides_revoked == BothSidesRevoked.REVOKED:
        # 2007 L64B7: "when both sides have revoked on the same board", established or not.
        other = next((x for x in revokes if x.side != r.side and x.proven and x.ruled_out_at is None), None)
        if other is not None:
            out.append(("64B7", said("transfer.64B7.revoked", other=other.seat, trick=other.trick,
                                     status=other.status)))
    return out


def transfers(revokes: Iterable[Revoke], table: Table) -> list[tuple[Revoke, Transfer]]:
    """What each revoke transfers at this moment (provisional until the play is over). A trick is
    never transferred twice: each revoke, in the order made, takes from the tricks not yet taken."""
    revokes = [r for r in revokes if r.ruled_out_at is None]
    if not revokes:
        return []  # (no revoke, nothing to transfer: the tricks won are not counted for nothing)
    won, over = _won(table)
    taken: set[int] = set()  # indexes into `won`
    out: list[tuple[Revoke, Transfer]] = []
    for r in revokes:
        if r.status != RevokeStatus.ESTABLISHED or not r.proven:
            out.append((r, _none_transferred(r, over)))
            continue
        to = other_side(r.side)
        won_from = [i for i, (num, side, _, _) in enumerate(won)
                    if side == r.side and (num == CLAIMED or num >= r.trick)]  # type: ignore[operator]
        barred = _barred(revokes, table, r, won_from)
        if barred:
            out.append((r, Transfer(to=to, barred_by=barred[0][0], exceptions=tuple(b for b, _ in barred),
                                    final=over, said=tuple(w for _, w in barred),
                                    equity=_equity(r, 0, table, tuple(b for b, _ in barred)))))
            continue
        law, owed, chosen, why = _owed(r, table, won, won_from, [i for i in won_from if i not in taken])
        if len(chosen) < owed:
            why += (said("transfer.only-left", chosen=len(chosen), owed=owed),)
        taken.update(chosen)
        which = tuple(won[i][0] for i in chosen)
        out.append((r, Transfer(tricks=len(chosen), to=to, which=which, law=law, final=over, said=why,
                                equity=_equity(r, len(chosen), table))))
    return out


def _none_transferred(r: Revoke, over: bool) -> Transfer:
    """A revoke corrected, or not (yet) established and proven: no trick transferred."""
    if r.status == RevokeStatus.CORRECTED and "62C3" in r.laws:
        return Transfer(barred_by="64B8", exceptions=("64B8",), final=over, said=(said("transfer.64B8"),))
    return Transfer(final=over, said=(said("transfer.corrected") if r.status == RevokeStatus.CORRECTED
                                      else said("transfer.not-established"),))


def _owed(r: Revoke, table: Table, won: list, won_from: list[int], free: list[int]
          ) -> tuple[str, int, list[int], tuple[Said, ...]]:
    """L64A1 or L64A2: the law, the tricks owed, the ones chosen among those not yet taken
    (`free`, indexes into `won`), and why."""
    rt = next((i for i in won_from if won[i][0] == r.trick), None)  # the revoke trick, won by his side
    later_all = [i for i in won_from if won[i][0] != r.trick]
    later = [i for i in free if won[i][0] != r.trick]
    if rt is not None and won[rt][2] == r.seat:
        # L64A1: the offending player won the revoke trick: it, and one later trick won by his side.
        chosen = ([rt] if rt in free else []) + later[:1]
        return "64A1", 1 + (1 if later_all else 0), chosen, (
            said("transfer.64A1", seat=r.seat, trick=r.trick, later=bool(later_all)),)
    # L64A2: the revoke trick not won by the offending player (a trick won in dummy is not won by
    # declarer): one trick, the offending side having won it or a later one.
    owed = 1
    legal: list[int] = []
    if table.code.legal_card_trick:
        # 1997 L64A2: a further trick won later by the offending player with a card he could
        # legally have played to the revoke trick (a card of the suit led).
        legal = [i for i in later if won[i][2] == r.seat and won[i][3] is not None
                 and won[i][3].suit == r.suit]
    chosen = ([i for i in free if i not in legal[:1]] or free)[:1]
    in_dummy = rt is not None and won[rt][2] == table.dummy and r.seat == table.declarer
    why: tuple[Said, ...] = (said("transfer.64A2", trick=r.trick, seat=r.seat, in_dummy=in_dummy),)
    extra = [i for i in legal if i not in chosen][:1]
    if extra and chosen:
        owed = 2
        chosen += extra
        why += (said("transfer.64A2-1997", later=won[extra[0]][0], card=won[extra[0]][3]),)
    return "64A2", owed, chosen, why


def tricks_transferred(revokes: Iterable[Revoke], table: Table) -> dict[str, int]:
    """The tricks each side receives from the other's established revokes at the end of the play
    (L64A, less the L64B exceptions): {"NS": n, "EW": m}. The one rule the duplicate score counts."""
    out = {"NS": 0, "EW": 0}
    for _, t in transfers(revokes, table):
        if t.to is not None:
            out[t.to] += t.tricks
    return out
