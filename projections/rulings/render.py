"""The rulings at a moment as the interface's JSON (docs/json.md)."""

from __future__ import annotations

from typing import Any, Callable


from ..table import KEPT_ACTS, Table
from .penalties import penalty
from .state import IrregularityKind, Judge, Revoke, RevokeStatus
from .transfer import transfers, tricks_transferred


# An irregularity's `seat` is who did it; for these kinds it is whom the incident concerns, as
# the words say it ("{seat}" his name): the player to lead while his partner's penalty card lies on
# the table (L50D2, L51B), the claimer whose claim or concession was doubted, objected to, agreed,
# withdrawn, cancelled or played out (L68-L71).
SEAT_CONCERNED: dict[str, str] = {
    IrregularityKind.PENALTY_CARD_LEAD: "{seat} to lead",
    IrregularityKind.CLAIM_DOUBTED: "{seat}'s claim", IrregularityKind.CLAIM_AGREED: "{seat}'s claim",
    IrregularityKind.CLAIM_AGREEMENT_WITHDRAWN: "{seat}'s claim", IrregularityKind.CLAIM_PLAYED_OUT: "{seat}'s claim",
    IrregularityKind.CONCESSION_OBJECTED: "{seat}'s concession",
    IrregularityKind.CONCESSION_CANCELLED: "{seat}'s concession"}


def seat_said(kind: str, seat: str | None, side: str | None = None, name: Callable[[str], str] = str,
              then: str = "") -> str:
    """What follows an irregularity's kind in words: who did it (" by West"), or whom it concerns
    (": South's claim", `SEAT_CONCERNED`, a comma after it when words follow); the side, or the
    table, when no one seat did it; then `then`. `name`: how a seat is said (its letter, by
    default). The one rule of the words, the report, the timeline and the scan."""
    if seat and kind in SEAT_CONCERNED:
        return f": {SEAT_CONCERNED[kind].format(seat=name(seat))}{',' if then else ''}{then}"
    return f" by {name(seat) if seat else side or 'the table'}{then}"


def rulings(judge: Judge, table: Table) -> dict[str, Any]:
    out = _rulings(judge, table)
    code = table.code
    if code.transfers_tricks:
        # The Laws of Duplicate Bridge: each revoke says what it transfers (L64), and the hand the
        # tricks each side receives at the end of the play (`transfer.tricks_transferred`).
        moved = {id(r): t for r, t in transfers(judge.revokes, table)}
        # L64C: the Director's judgment, once an adjusted score under it is recorded (`adjust 64C`):
        # the event of the last one (`given`, only then).
        given = next((a[0] for a in reversed(table.adjustments) if a[1].startswith("64C")), None)
        for r, rj in zip([r for r in judge.revokes if r.ruled_out_at is None], out["revokes"]):
            rj["transfer"] = moved[id(r)].as_json() if r.proven else None
            if given is not None and rj["transfer"] and rj["transfer"]["equity"]:
                rj["transfer"]["equity"]["given"] = given
        out["transfer"] = tricks_transferred(judge.revokes, table)
    if table.adjustments and code.adjusted_score_law:
        # The Director's adjusted scores (`adjust`), only when the record holds one: the last is the
        # board's score (L12C).
        out["adjustments"] = [{"event": n, "law": law, "NS": ns, "EW": ew, "by": by, "text": text}
                              for n, law, ns, ew, by, text in table.adjustments]
    if code.own_irregularities is not None:
        # An irregularity the code's own rulings do not rule is ruled as the code it names rules
        # it, and says so, its laws being that code's (a notice of the record citing no law, such
        # as no contract recorded, is no code's).
        for i in out["irregularities"]:
            if i["laws"] and not code.rules(i["kind"]):
                i["code"] = code.others_ruled_by
    for name in KEPT_ACTS:  # the acts the table keeps as recorded (`table.kept_acts`), when it holds one
        acts = getattr(table, name)
        if acts:
            out[name] = [dict(act) for act in acts]
    return out


def _rulings(judge: Judge, table: Table) -> dict[str, Any]:
    return {
        "hand": table.hand_id,
        "at": table.at,
        "ruleset": table.ruleset,
        "revokes": [revoke_json(judge, table, r) for r in judge.revokes if r.ruled_out_at is None],
        "irregularities": [i.as_json() for i in judge.irregularities],
        "exposed": [{"seat": x.seat, "card": str(x.card), "law": x.law, "event": x.event,
                     **({"penalty_card": x.grade} if x.grade else {})} for x in judge.exposed],
        "tags": dict(table.tags),  # who sat where, the occasion (tag lines)
        # The director's findings of fact and the appeal committee's decisions, as the record
        # (corrected) holds them.
        "findings": [{"event": n, "by": by, "text": text} for n, text, by in table.findings],
        "appeals": [{"event": n, "by": by, "text": text} for n, text, by in table.appeals],

        # The events struck or amended so far: the rulings above read the record as corrected.
        "corrections": [table.record_corrections[n] for n in sorted(table.record_corrections)],
    }


def revoke_json(judge: Judge, table: Table, r: Revoke) -> dict[str, Any]:
    owed, barred = penalty(judge.revokes, table, r)
    status = r.status if r.proven else RevokeStatus.SUSPECTED
    return {
        "seat": r.seat,
        "side": r.side,
        "trick": r.trick,
        "suit": r.suit,
        "card": str(r.card),
        "event": r.event,
        "kind": r.kind,
        "status": status,
        "status_event": r.status_event if r.proven and r.status != RevokeStatus.CORRECTABLE else None,
        "laws": list(r.laws),
        "explanation": r.explanation,
        "penalty": owed if r.proven else None,
        "penalty_barred_by": barred,
        **({"remarks": [{"event": n, "text": text} for n, text in r.remarks_said()]} if r.remarks else {}),
    }
