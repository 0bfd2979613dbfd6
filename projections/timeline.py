"""The timeline of a hand: every event with its number, and what it changed in the rulings, in
words. One fold of the whole hand."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from bridge.lines import CORRECTIONS, KINDS

from .moment import moments
from .rulings.render import seat_said
from .rulings.state import RevokeStatus
from .record import correction_of, corrections
from .events import as_events
from .table import KEPT_ACTS


def _key(v: dict[str, Any]) -> tuple:
    return (v["seat"], v["event"])


def changes(before: dict[str, Any] | None, after: dict[str, Any], correction: bool = False) -> list[str]:
    """What one event changed in the rulings, in words (`correction`: the event corrected the
    record, so a revoke that is gone is gone from the record, not ruled out by the cards): the
    revokes, the irregularities, the cards face up, the Director's decisions, the acts kept."""
    was = before or {"revokes": [], "irregularities": []}
    return [*_revoke_changes(was["revokes"], after["revokes"], correction),
            *_irregularity_changes(was["irregularities"], after["irregularities"]),
            *_exposed_changes(was.get("exposed", []), after.get("exposed", [])),
            *_decision_changes(was, after),
            *_kept_act_changes(was, after)]


def _revoke_changes(before: list[dict[str, Any]], after: list[dict[str, Any]], correction: bool) -> list[str]:
    """Each revoke new at this event, or whose status, laws, penalty or transfer changed; each
    gone (out of the record as corrected, or ruled out by the cards)."""
    out: list[str] = []
    old = {_key(v): v for v in before}
    for v in after:
        prev = old.pop(_key(v), None)
        who = f"{v['seat']}'s {v['card']} (trick {v['trick']})"
        if prev is None:
            out.append(f"{who}: {v['status']} [L{', L'.join(v['laws'])}]")
            continue
        if prev["status"] != v["status"]:
            out.append(f"{who}: {prev['status']} → {v['status']} [L{', L'.join(v['laws'])}]")
        elif prev["status_event"] != v["status_event"] and v["status_event"] is not None:
            # (a correction of the record can move what decided it: established at 29, not 35)
            out.append(f"{who}: {v['status']} at event {v['status_event']}, not {prev['status_event']} "
                       f"[L{', L'.join(v['laws'])}]")
        elif prev["laws"] != v["laws"]:
            out.append(f"{who}: {v['status']}, now under L{', L'.join(v['laws'])}")
        if prev["penalty"] != v["penalty"]:
            p = v["penalty"]
            if p is None:
                out.append(f"{who}: no penalty owed")
            elif prev["penalty"] and prev["penalty"]["law"] == p["law"] and p["elected"]:
                out.append(f"{who}: elected {p['elected']} (L{p['law']})")
            else:
                out.append(f"{who}: penalty L{p['law']} ({p.get('said') or ' or '.join(p['options'])})")
        if prev["penalty_barred_by"] != v["penalty_barred_by"] and v["penalty_barred_by"]:
            out.append(f"{who}: penalty barred by L{v['penalty_barred_by']}")
        moved = _moved(v)
        if moved is not None and moved != _moved(prev):
            out.append(f"{who}: {moved}")  # (L64: a later trick, a claim or an adjudication moves it)
    for gone in old.values():
        who = f"{gone['seat']}'s {gone['card']} (trick {gone['trick']})"
        if correction:
            out.append(f"{who}: no longer in the record as corrected")
        else:
            out.append(f"{who}: ruled out, he held no {gone['suit']}")
    return out


def _irregularity_changes(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[str]:
    """The irregularities new at this event (or given the Director's judgment), and those a
    correction took out of the record."""
    out: list[str] = []
    had = Counter(_irregularity(i) for i in before)
    now = Counter(_irregularity(i) for i in after)
    judged = {_irregularity(i): _given(i) for i in before}
    for i in after:
        if had[_irregularity(i)] > 0:
            had[_irregularity(i)] -= 1
            if _given(i) is not None and _given(i) != judged.get(_irregularity(i)):
                out.append(f"{i['kind']}{_by(i)}: the Director's judgment given [L{i['judgment']['law']}]")
            continue
        laws = f" [L{', L'.join(i['laws'])}]" if i["laws"] else ""
        out.append(f"{i['kind']}{_by(i)}{laws}")
    for i in before:
        if now[_irregularity(i)] > 0:
            now[_irregularity(i)] -= 1
            continue
        out.append(f"{i['kind']}{_by(i)} at event {i['event']}: no longer in the record as corrected")
    return out


def _exposed_changes(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[str]:
    """A card face up before its player (L49-L50, a penalty card; 1912 L67, an exposed card): when
    it comes, when its grade changes, when it leaves the table."""
    out: list[str] = []
    was = {(x["seat"], x["card"]): x for x in before}
    for x in after:
        prev = was.pop((x["seat"], x["card"]), None)
        what = f"{x['penalty_card']} penalty card" if x.get("penalty_card") else "exposed card"
        if prev is None:
            out.append(f"{x['seat']}'s {x['card']}: {what} [L{x['law']}]")
        elif prev.get("penalty_card") != x.get("penalty_card"):
            out.append(f"{x['seat']}'s {x['card']}: now a {what} [L50B]")
    for x in was.values():
        out.append(f"{x['seat']}'s {x['card']}: no longer face up on the table")
    return out


def _decision_changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The Director's findings of fact and the appeals decided, new at this event or taken out of
    the record by a correction."""
    out: list[str] = []
    for key, what in (("findings", "finding of fact"), ("appeals", "appeal decided")):
        known = {d["event"] for d in before.get(key, [])}
        now_made = {d["event"] for d in after.get(key, [])}
        for d in after.get(key, []):
            if d["event"] not in known:
                out.append(f"{what} by {d['by']}: {d['text']}")
        for d in before.get(key, []):
            if d["event"] not in now_made:
                out.append(f"{what} by {d['by']} at event {d['event']}: no longer in the record as corrected")
    return out


def _kept_act_changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The acts the table keeps as recorded (`projections.table.kept_acts`), each in its kind's
    words: new at this event, or taken out of the record by a correction."""
    out: list[str] = []
    for key in KEPT_ACTS:
        was_made = {act["event"] for act in before.get(key, [])}
        now_kept = {act["event"] for act in after.get(key, [])}
        out.extend(KINDS[act["kind"]].said(act) for act in after.get(key, []) if act["event"] not in was_made)
        out.extend(f"{KINDS[act['kind']].said(act)} at event {act['event']}: no longer in the record as corrected"
                   for act in before.get(key, []) if act["event"] not in now_kept)
    return out


def _moved(v: dict[str, Any]) -> str | None:
    """What an established revoke transfers (duplicate L64: `transfer`), in words; None before it
    is established, or under the 1912 code (a penalty elected, said above)."""
    t = v.get("transfer")
    if not t or v["status"] != RevokeStatus.ESTABLISHED:
        return None
    if t["tricks"]:
        return f"{t['tricks']} trick{'s' if t['tricks'] > 1 else ''} transferred to {t['to']}" + (
            f" [L{t['law']}]" if t.get("law") else "")
    return "no trick transferred" + (f" [L{t['barred_by']}]" if t.get("barred_by") else "")


def _given(i: dict[str, Any]) -> Any:
    """The Director's judgment an irregularity waits for, once given (its event), else None."""
    return (i.get("judgment") or {}).get("given")


def _irregularity(i: dict[str, Any]) -> tuple[Any, ...]:
    return (i["kind"], i["seat"], i["event"], i.get("trick"))


def _by(i: dict[str, Any]) -> str:
    """Who did it (`kind by S`), or whom it concerns (`kind: S's claim`): `seat_said`."""
    return seat_said(i["kind"], i["seat"], i.get("side"))


def timeline(events: Iterable[Any]) -> list[dict[str, Any]]:
    """Every event with its number, its line as stored, what it changed, and, for an event struck
    or amended later, the correction that stands for it: one fold of the whole hand."""
    stored = as_events(events)
    fixes = {n: correction_of(fix) for n, fix in corrections(stored).items()}
    rows = []
    before = None
    for e, moment in moments(stored):
        after = moment.rulings()
        row = {"event": e.number, "line": e.line, "changes": changes(before, after, e.kind in CORRECTIONS)}
        if e.number in fixes:
            row["corrected"] = fixes[e.number]
        if "shared_from" in e.args:  # a correction of a shared event, stored in the first account
            row["shared_from"] = e.args["shared_from"]
        rows.append(row)
        before = after
    return rows
