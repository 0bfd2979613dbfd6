"""The timeline of a hand: every event with its number, and what it changed in the rulings, in
words. One fold of the whole hand."""

from __future__ import annotations

from typing import Any, Iterable

from .moment import moments


def _key(v: dict[str, Any]) -> tuple:
    return (v["seat"], v["event"])


def changes(before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
    """What one event changed in the rulings, in words."""
    out: list[str] = []
    old = {_key(v): v for v in (before or {"revokes": []})["revokes"]}
    for v in after["revokes"]:
        prev = old.pop(_key(v), None)
        who = f"{v['seat']}'s {v['card']} (trick {v['trick']})"
        if prev is None:
            out.append(f"{who}: {v['status']} [L{', L'.join(v['laws'])}]")
            continue
        if prev["status"] != v["status"]:
            out.append(f"{who}: {prev['status']} → {v['status']} [L{', L'.join(v['laws'])}]")
        elif prev["laws"] != v["laws"]:
            out.append(f"{who}: {v['status']}, now under L{', L'.join(v['laws'])}")
        if prev["penalty"] != v["penalty"]:
            p = v["penalty"]
            if p is None:
                out.append(f"{who}: no penalty owed")
            elif prev["penalty"] and prev["penalty"]["law"] == p["law"] and p["elected"]:
                out.append(f"{who}: elected {p['elected']} (L{p['law']})")
            else:
                out.append(f"{who}: penalty L{p['law']} ({' or '.join(p['options'])})")
        if prev["penalty_barred_by"] != v["penalty_barred_by"] and v["penalty_barred_by"]:
            out.append(f"{who}: penalty barred by L{v['penalty_barred_by']}")
    for gone in old.values():
        out.append(f"{gone['seat']}'s {gone['card']} (trick {gone['trick']}): ruled out, he held no {gone['suit']}")
    n_before = len((before or {"irregularities": []})["irregularities"])
    for i in after["irregularities"][n_before:]:
        laws = f" [L{', L'.join(i['laws'])}]" if i["laws"] else ""
        out.append(f"{i['kind']} by {i['seat'] or 'the table'}{laws}")
    return out


def timeline(events: Iterable[Any]) -> list[dict[str, Any]]:
    """Every event with its number and what it changed: one fold of the whole hand."""
    rows = []
    before = None
    for e, moment in moments(events):
        after = moment.rulings()
        rows.append({"event": e.number, "line": e.line, "changes": changes(before, after)})
        before = after
    return rows
