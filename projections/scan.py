"""Every revoke (and every other irregularity the rulings know) across many hands, with where
each hand came from. A pure function of the hands' events, one hand at a time."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from bridge.tags import FAULT_TAG

from .evidence import judged, twin_ids
from .moment import at
from .plain import played_in_order
from .events import as_events

SOURCE_KEYS = ("file", "board", "room", "table", "encoding")  # (encoding: an archive not UTF-8, its code page)


def findings(hand_events: Iterable[Any], irregularities: bool = False,
             other_table: Callable[[str], Iterable[Any] | None] | None = None,
             verdicts_too: bool = True, ask_in_order: bool = True) -> Iterator[dict[str, Any]]:
    """The revokes of one hand (and its other irregularities when asked), as scan rows, each with
    the verdict on the record (`projections.evidence`) beside the law's status. `other_table`
    gives the events of another hand by id, or None: the same deal at the other table.
    `verdicts_too=False` leaves the verdicts out (`verdict` null, no evidence): what they cost is
    measured by bench/scan_verdicts.py. `ask_in_order=False`: the caller has asked whether the hand
    was played in order (`projections.plain`), and it was not."""
    events = as_events(hand_events)
    if ask_in_order and played_in_order(events):
        return  # nothing for the judge to find (projections.plain): no row
    moment = at(events)
    table = moment.table
    rulings = moment.rulings()
    source = {k: v for k, v in table.source.items() if k in SOURCE_KEYS}
    fault = table.tags.get(FAULT_TAG)  # the record is kept only up to a fault of its play (why), else None
    verdicts: dict[tuple[str, int, str], dict[str, Any]] = {}
    if rulings["revokes"] and verdicts_too:
        twins = []
        for twin in (twin_ids(table.hand_id, table.source) if other_table else []):
            events = other_table(twin)  # type: ignore[misc]
            if events:
                twins.append(at(events))
        verdicts = {(v["seat"], v["trick"], v["card"]): v for v in judged(moment, twins, rulings)}
    for r in rulings["revokes"]:
        judged_here = verdicts.get((r["seat"], r["trick"], r["card"]))
        yield {"hand": table.hand_id, "source": source, "seat": r["seat"], "trick": r["trick"],
               "card": r["card"], "suit": r["suit"], "status": r["status"], "kind": r["kind"],
               "laws": r["laws"], "event": r["event"],
               "verdict": judged_here["verdict"] if judged_here else None,
               "evidence": [e["name"] for e in judged_here["evidence"]] if judged_here else [],
               "fault": fault}
    if irregularities:
        for i in rulings["irregularities"]:
            yield {"hand": table.hand_id, "source": source, "irregularity": i["kind"], "seat": i["seat"],
                   "event": i["event"], "laws": i["laws"], "trick": i.get("trick"), "fault": fault}
