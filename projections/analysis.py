"""The rows of the analysis database for one hand: a pure function of its events.

Tables: hands, events, tricks, cards_played, revokes, irregularities, notes. The writer
(`handrec.export`) replaces a hand's rows whenever the hand has new events.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable

from bridge.cards import side_of
from bridge.tags import FAULT_TAG

from .evidence import judged, twin_ids
from .events import as_events
from .moment import Moment, at, moments
from . import duplicate_score
from .plain import played_in_order
from .rulings.state import Judge
from .score import CannotScore, score, tricks_won
from .table import Event, Table, apply

TABLES = ("hands", "events", "tricks", "cards_played", "revokes", "irregularities", "notes", "players")
SEAT_TAGS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _judged(judgements: dict[tuple[str, int, str], dict[str, Any]], r: dict[str, Any]) -> dict[str, Any]:
    """The verdict on the record beside the law's status: likely-revoke, likely-recording-slip,
    undecided (None for a deemed revoke, which is no failure to follow suit)."""
    j = judgements.get((r["seat"], r["trick"], r["card"]))
    return {"verdict": j["verdict"] if j else None,
            "evidence": ",".join(e["name"] for e in j["evidence"]) if j else None}


def _duplicate(moment: Any, scored: dict[str, Any] | None = None) -> dict[str, Any]:
    """The duplicate score's columns of the hands table (projections.duplicate_score); `scored`:
    the hand's duplicate score already made (`projections.score.score` under a duplicate code),
    not made again. A play that stops before its end with no result to say how it ended has no
    score (null, never 0, which `sum()` would count), unless the Director adjusted it (L12C)."""
    out: dict[str, Any] = {"duplicate_ns": None, "source_score_ns": None, "score_agrees": None,
                           "score_disagreement": None}
    table = moment.table
    if table.contract is None and not duplicate_score.passed_out(table):
        return out
    if scored is not None and table.contract is not None and "vulnerable" in scored:
        s = scored
    else:
        try:
            won, complete = tricks_won(table) if table.contract is not None else ({"NS": 0, "EW": 0}, True)
            s = duplicate_score.score(moment, won, complete)
        except duplicate_score.NotScorable:
            return out
    if not s["complete"] and not s.get("adjusted"):
        source = duplicate_score.source_score(table)
        return {**out, "source_score_ns": source,
                "score_disagreement": "incomplete-record" if source is not None else None}
    a = duplicate_score.agreement(moment, s)
    return {"duplicate_ns": s["score"]["NS"], "source_score_ns": a["source_ns"], "score_agrees": a["agrees"],
            "score_disagreement": a["reason"]}


def _number(text: str) -> int | None:
    return int(text) if text.strip().isdigit() else None


def rows(stored_events: Iterable[Any],
         other_table: Callable[[str], Iterable[Any] | None] | None = None,
         in_order: bool | None = None) -> dict[str, list[dict[str, Any]]]:
    """A hand's rows. `other_table` gives another hand's events by id (or None): the same deal at the
    other table, for the verdict on each failure to follow suit (`projections.evidence`).
    `in_order`: whether the hand was played in order (`projections.plain`), when the caller has
    asked it of the stored rows; None: asked here."""
    out: dict[str, list[dict[str, Any]]] = {t: [] for t in TABLES}
    events = as_events(stored_events)
    moment, last = _event_rows(events, out, played_in_order(events) if in_order is None else in_order)
    if moment is None or last is None:
        return out
    table = moment.table
    rulings = moment.rulings()
    out["hands"].append(_hand_row(moment, last, rulings))
    out["players"].extend(_player_rows(table))
    _trick_rows(table, out)
    out["revokes"].extend(_revoke_rows(moment, rulings, other_table))
    out["irregularities"].extend(_irregularity_rows(table.hand_id, rulings))
    return out


def _event_rows(events: list[Event], out: dict[str, list[dict[str, Any]]],
                in_order: bool = False) -> tuple[Any, Event | None]:
    """The events and notes tables, filled as the events are folded; the last moment and its event.
    `in_order`: the hand was played in order (`projections.plain`), so the judge finds nothing in
    it and the table alone is folded (what most archived hands cost;
    tests/test_export_archive_scale.py holds the two folds to the same rows)."""
    moment = None
    last: Event | None = None
    for e, moment in (_table_alone(events) if in_order else moments(events)):
        last = e
        out["events"].append({"hand_id": moment.table.hand_id, "number": e.number, "kind": e.kind,
                              "line": e.line})
        if e.kind == "note":
            out["notes"].append({"hand_id": moment.table.hand_id, "event": e.number, "text": e.args["text"]})
    return moment, last


def _table_alone(events: list[Event]) -> Iterable[tuple[Event, Any]]:
    """(event, moment) after each event, the table alone folded (`projections.table.apply`), the
    judge left empty: a hand played in order, in which the judge finds nothing."""
    moment = Moment(Table(), Judge())
    for e in events:
        apply(moment.table, e)
        yield e, moment


def _tricks(moment: Any) -> tuple[dict[str, Any], bool, dict[str, Any], dict[str, Any], dict[str, Any] | None]:
    """The tricks each side has (the laws' moves applied), whether the play is over, the tricks as
    played, the score's columns and the score; None tricks and no columns for a hand that cannot be
    scored."""
    try:
        s = score(moment)
        tricks, complete = s["tricks"], s["complete"]
        played = s["as_played"]["tricks"]  # before any trick the laws move (a duplicate revoke's, L64)
        columns = {f"{side}_{col}": s[side][col] for side in ("NS", "EW") for col in ("trick", "honor")}
    except CannotScore:
        tricks, complete, columns, s = {"NS": None, "EW": None}, False, {}, None
        played = tricks
    return tricks, complete, played, columns, s


def _hand_row(moment: Any, last: Event, rulings: dict[str, Any]) -> dict[str, Any]:
    """The hand's row of the hands table: its source, contract, tricks, score and findings."""
    table = moment.table
    contract = table.contract
    tricks, complete, played, columns, scored = _tricks(moment)
    duplicate = _duplicate(moment, scored)
    declaring = None
    if contract:
        declaring = side_of(contract.declarer)
    src = table.source
    row = {
        "id": table.hand_id, "file": src.get("file"), "format": src.get("format"), "board": src.get("board"),
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
        **_occasion_columns(table, declaring, played, complete),
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
    }
    if table.tags.get("Event") and not row["event_name"]:
        row["event_name"] = table.tags["Event"]
    return row


def _occasion_columns(table: Any, declaring: str | None, played: dict[str, Any], complete: bool) -> dict[str, Any]:
    """The hands table's columns of the people and the occasion (tag lines), and the source's own
    declarer, result and score: only what the source says, else null. `played`: the tricks as
    played, the source's result when it records the play to its end (thirteen tricks, or the claim
    its [Result] or mc| makes) and keeps no result of its own; a play that stops before its end
    with no result to say how it ended has none (issue 40: never the tricks played so far)."""
    contract = table.contract
    src = table.source
    said = table.tags.get("Result")
    return {
        "date": table.tags.get("Date"), "site": table.tags.get("Site"), "director": table.tags.get("Director"),
        "scoring": table.tags.get("Scoring"),
        **{name.lower(): table.tags.get(name) for name in SEAT_TAGS.values()},
        "source_declarer": table.tags.get("Declarer") or (contract.declarer if contract and src.get("file") else None),
        "source_result": _number(said) if said else (
            played[declaring] if declaring and complete and src.get("file") and played[declaring] is not None
            else None),
        "source_score": table.tags.get("Score"),
    }


def _player_rows(table: Any) -> list[dict[str, Any]]:
    """The players table: a row for each seat the record names a player at."""
    return [{"hand_id": table.hand_id, "seat": seat, "name": table.tags[name]}
            for seat, name in SEAT_TAGS.items() if table.tags.get(name)]


def _trick_rows(table: Any, out: dict[str, list[dict[str, Any]]]) -> None:
    """The tricks table and the cards_played table, a row for each trick and each card put to one."""
    hand_id = table.hand_id
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


def _revoke_rows(moment: Any, rulings: dict[str, Any],
                 other_table: Callable[[str], Iterable[Any] | None] | None) -> list[dict[str, Any]]:
    """The revokes table: each revoke with its status, laws and penalty, and the verdict on the record."""
    hand_id = moment.table.hand_id
    judgements: dict[tuple[str, int, str], dict[str, Any]] = {}
    if rulings["revokes"]:
        twins = [at(events) for events in (other_table(t) for t in twin_ids(hand_id, moment.table.source)) if events] \
            if other_table else []
        judgements = {(j["seat"], j["trick"], j["card"]): j for j in judged(moment, twins, rulings)}
    out = []
    for number, r in enumerate(rulings["revokes"], start=1):
        penalty = r["penalty"] or {}
        out.append({
            "hand_id": hand_id, "number": number, "event": r["event"], "seat": r["seat"], "side": r["side"], "trick": r["trick"],
            "card": r["card"], "suit": r["suit"], "kind": r["kind"], "status": r["status"],
            "status_event": r["status_event"], "laws": ",".join(r["laws"]), "penalty_law": penalty.get("law"),
            "elector": penalty.get("elector"), "elected": penalty.get("elected"),
            "penalty_barred_by": r["penalty_barred_by"], "explanation": r["explanation"],
            **_judged(judgements, r),
        })
    return out


def _irregularity_rows(hand_id: str, rulings: dict[str, Any]) -> list[dict[str, Any]]:
    """The irregularities table: each irregularity the rulings name, numbered in their order, with
    its laws (several of one kind at one event are several rows: four hands short at the deal, a
    trick missed by three players)."""
    return [{"hand_id": hand_id, "number": number, "event": i["event"], "kind": i["kind"], "seat": i["seat"],
             "side": i.get("side"), "trick": i.get("trick"), "laws": ",".join(i["laws"]),
             "explanation": i["explanation"]}
            for number, i in enumerate(rulings["irregularities"], start=1)]
