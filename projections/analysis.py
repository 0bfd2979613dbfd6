"""The rows of the analysis database for one hand: a pure function of its events.

Tables: hands, events, tricks, cards_played, revokes, irregularities, notes. The writer
(`handrec.export`) replaces a hand's rows whenever the hand has new events.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable

from bridge.cards import side_of
from bridge.lines import FAULT_TAG

from .evidence import judged, twin_ids
from .moment import at, moments
from . import duplicate_score
from .score import CannotScore, score, tricks_won
from .table import Event

TABLES = ("hands", "events", "tricks", "cards_played", "revokes", "irregularities", "notes", "players")
SEAT_TAGS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _judged(judgements: dict[tuple[str, int, str], dict[str, Any]], r: dict[str, Any]) -> dict[str, Any]:
    """The verdict on the record beside the law's status: likely-revoke, likely-recording-slip,
    undecided (None for a deemed revoke, which is no failure to follow suit)."""
    j = judgements.get((r["seat"], r["trick"], r["card"]))
    return {"verdict": j["verdict"] if j else None,
            "evidence": ",".join(e["name"] for e in j["evidence"]) if j else None}


def _duplicate(moment: Any) -> dict[str, Any]:
    """The duplicate score's columns of the hands table (projections.duplicate_score)."""
    out: dict[str, Any] = {"duplicate_ns": None, "source_score_ns": None, "score_agrees": None,
                           "score_disagreement": None}
    table = moment.table
    if table.contract is None and not duplicate_score.passed_out(table):
        return out
    try:
        won, complete = tricks_won(table) if table.contract is not None else ({"NS": 0, "EW": 0}, True)
        s = duplicate_score.score(moment, won, complete)
    except duplicate_score.NotScorable:
        return out
    a = duplicate_score.agreement(moment, s)
    return {"duplicate_ns": s["score"]["NS"], "source_score_ns": a["source_ns"], "score_agrees": a["agrees"],
            "score_disagreement": a["reason"]}


def _number(text: str) -> int | None:
    return int(text) if text.strip().isdigit() else None


def rows(stored_events: Iterable[Any],
         other_table: Callable[[str], Iterable[Any] | None] | None = None) -> dict[str, list[dict[str, Any]]]:
    """A hand's rows. `other_table` gives another hand's events by id (or None): the same deal at the
    other table, for the verdict on each failure to follow suit (`projections.evidence`)."""
    out: dict[str, list[dict[str, Any]]] = {t: [] for t in TABLES}
    moment = None
    last: Event | None = None
    for e, moment in moments(stored_events):
        last = e
        out["events"].append({"hand_id": moment.table.hand_id, "number": e.number, "kind": e.kind,
                              "line": e.line})
        if e.kind == "note":
            out["notes"].append({"hand_id": moment.table.hand_id, "event": e.number, "text": e.args["text"]})
    if moment is None or last is None:
        return out
    table = moment.table
    hand_id = table.hand_id
    rulings = moment.rulings()
    contract = table.contract
    try:
        s = score(moment)
        tricks, complete = s["tricks"], s["complete"]
        played = s["as_played"]["tricks"]  # before any trick the laws move (a duplicate revoke's, L64)
        columns = {f"{side}_{col}": s[side][col] for side in ("NS", "EW") for col in ("trick", "honor")}
    except CannotScore:
        tricks, complete, columns = {"NS": None, "EW": None}, False, {}
        played = tricks
    duplicate = _duplicate(moment)
    declaring = None
    if contract:
        declaring = side_of(contract.declarer)
    src = table.source
    out["hands"].append({
        "id": hand_id, "file": src.get("file"), "format": src.get("format"), "board": src.get("board"),
        "room": src.get("room"), "table_no": src.get("table"), "event_name": src.get("event"),
        "ruleset": table.ruleset, "options": json.dumps(table.options, sort_keys=True) if table.options else None,
        "rubber": table.rubber or None, "dealer": table.dealer,
        "contract": contract.bid if contract else None, "strain": contract.strain if contract else None,
        "level": contract.level if contract else None, "declarer": contract.declarer if contract else None,
        "tricks_ns": tricks["NS"], "tricks_ew": tricks["EW"],
        "result": tricks[declaring] if declaring and tricks[declaring] is not None else None,
        "complete": complete, "events": last.number,
        "revokes": len(rulings["revokes"]),
        **columns,
        # The people and the occasion (tag lines), and the source's own result and score.
        "date": table.tags.get("Date"), "site": table.tags.get("Site"), "director": table.tags.get("Director"),
        "scoring": table.tags.get("Scoring"),
        **{name.lower(): table.tags.get(name) for name in SEAT_TAGS.values()},
        "source_declarer": table.tags.get("Declarer") or (contract.declarer if contract and src.get("file") else None),
        "source_result": _number(table.tags.get("Result")) if table.tags.get("Result") else (
            played[declaring] if declaring and src.get("file") and played[declaring] is not None else None),
        "source_score": table.tags.get("Score"),
        # The board's duplicate score (L77) for NS, whatever the hand's ruleset, and whether it is
        # the source's own [Score] (null when the source gives none), with the likeliest reason why not.
        **duplicate,
        # An archive's play kept only up to a physical fault: why (recorder.archive), else None.
        "fault": table.tags.get(FAULT_TAG),
        # A dispute told as several accounts: the first account this one is a second account of,
        # and the director's latest finding of fact standing in this record.
        "account_of": table.account_of,
        "finding_event": table.findings[-1][0] if table.findings else None,
        "finding": table.findings[-1][1] if table.findings else None,
    })
    if table.tags.get("Event") and not out["hands"][-1]["event_name"]:
        out["hands"][-1]["event_name"] = table.tags["Event"]
    for seat, name in SEAT_TAGS.items():
        if table.tags.get(name):
            out["players"].append({"hand_id": hand_id, "seat": seat, "name": table.tags[name]})
    for t in table.tricks:
        winner = t.winner(table.trump)
        out["tricks"].append({"hand_id": hand_id, "number": t.number, "leader": t.leader, "suit_led": t.suit_led,
                              "winner": winner if t.complete else None, "quitted_by": t.quitted_by,
                              "quitted_at": t.quitted_at, "cards": len(t.live)})
        for order, p in enumerate(t.plays, start=1):
            out["cards_played"].append({
                "hand_id": hand_id, "trick": t.number, "order": order, "seat": p.seat, "card": str(p.card),
                "suit": p.card.suit, "rank": p.card.rank, "event": p.event,
                "withdrawn_at": p.withdrawn_at, "surplus": p.surplus, "leftover": p.leftover,
            })
    judgements: dict[tuple[str, int, str], dict[str, Any]] = {}
    if rulings["revokes"]:
        twins = [at(events) for events in (other_table(t) for t in twin_ids(hand_id, src)) if events] \
            if other_table else []
        judgements = {(j["seat"], j["trick"], j["card"]): j for j in judged(moment, twins)}
    for r in rulings["revokes"]:
        penalty = r["penalty"] or {}
        out["revokes"].append({
            "hand_id": hand_id, "event": r["event"], "seat": r["seat"], "side": r["side"], "trick": r["trick"],
            "card": r["card"], "suit": r["suit"], "kind": r["kind"], "status": r["status"],
            "status_event": r["status_event"], "laws": ",".join(r["laws"]), "penalty_law": penalty.get("law"),
            "elector": penalty.get("elector"), "elected": penalty.get("elected"),
            "penalty_barred_by": r["penalty_barred_by"], "explanation": r["explanation"],
            **_judged(judgements, r),
        })
    for i in rulings["irregularities"]:
        out["irregularities"].append({"hand_id": hand_id, "event": i["event"], "kind": i["kind"], "seat": i["seat"],
                                      "trick": i.get("trick"), "laws": ",".join(i["laws"]),
                                      "explanation": i["explanation"]})
    return out
