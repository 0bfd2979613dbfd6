"""Every revoke (and every other irregularity the rulings know) across many hands, with where
each hand came from. A pure function of the hands' events, one hand at a time."""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from .moment import at

SOURCE_KEYS = ("file", "board", "room", "table")


def findings(hand_events: Iterable[Any], irregularities: bool = False) -> Iterator[dict[str, Any]]:
    """The revokes of one hand (and its other irregularities when asked), as scan rows."""
    moment = at(hand_events)
    table = moment.table
    rulings = moment.rulings()
    source = {k: v for k, v in table.source.items() if k in SOURCE_KEYS}
    for r in rulings["revokes"]:
        yield {"hand": table.hand_id, "source": source, "seat": r["seat"], "trick": r["trick"],
               "card": r["card"], "suit": r["suit"], "status": r["status"], "kind": r["kind"],
               "laws": r["laws"], "event": r["event"]}
    if irregularities:
        for i in rulings["irregularities"]:
            yield {"hand": table.hand_id, "source": source, "irregularity": i["kind"], "seat": i["seat"],
                   "event": i["event"], "laws": i["laws"], "trick": i.get("trick")}
