"""The record as corrected: what the folds read when a recording slip was struck or amended.

A correction (`strike N REASON`, `amend N LINE`) is an event of its own; nothing stored changes.
After events 1..N the record is those events with the corrections among them applied: a struck
event is left out, an amended one reads as it should have (its number kept, so that every ruling
still names the stored event), and a later correction of the same event replaces an earlier one.
The correction events stay in the record, folded as what they are (the table lists them; no law
rules on them), so that `--at N` keeps its meaning on the stored numbering.
"""

from __future__ import annotations

from typing import Any, Iterable

from bridge.lines import CORRECTIONS, parse_line

from .events import Event


def corrections(events: Iterable[Event]) -> dict[int, Event]:
    """Each corrected event's number → the correction that stands for it (the latest)."""
    out: dict[int, Event] = {}
    for e in events:
        if e.kind in CORRECTIONS:
            out[e.args["event"]] = e
    return out


def corrected(events: list[Event]) -> list[Event]:
    """The events as corrected by the corrections among them."""
    fixes = corrections(events)
    if not fixes:
        return events
    stored = {e.number: e for e in events}
    out: list[Event] = []
    for e in events:
        if e.kind in CORRECTIONS:
            target = stored.get(e.args["event"])
            # The correction as the table lists it: with the line it corrects, as it was stored.
            out.append(Event(e.number, e.kind, {**e.args, "original": target.line if target else ""}, e.line))
            continue
        fix = fixes.get(e.number)
        if fix is None:
            out.append(e)
        elif fix.kind == "amend":
            line = parse_line(fix.args["replacement"])
            assert line is not None  # the parser made the replacement from a line it read
            out.append(Event(e.number, line.kind, line.args, line.canonical))
        # struck: left out
    return out


def correction_of(fix: Event) -> dict[str, Any]:
    """A correction as the rulings JSON and the timeline show it."""
    return {"event": fix.args["event"], "correction": fix.number,
            "kind": "struck" if fix.kind == "strike" else "amended",
            "as_corrected": fix.args.get("replacement"), "reason": fix.args["reason"],
            "author": fix.args["author"], **({"shared_from": fix.args["shared_from"]} if "shared_from" in fix.args else {})}
