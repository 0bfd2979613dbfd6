"""Two accounts of one hand side by side: where their records part, and what each makes of the
revokes, the other irregularities and the score. A pure function of the two records' events
(each one whole record: a second account's shared events read from its first already).

An account is compared as it stands at event N (its last by default): each ruling is matched to the
other account's by what it is about (a revoke: its offender, trick and card; an irregularity: its
kind, offender and trick), and each side of a pair says its status, the event that decided it, its
laws and its penalty or transfer; a pair is `equal` when both say the same of all of them.
"""

from __future__ import annotations

from typing import Any, Sequence

from .duplicate_score import board_facts
from .moment import at as moment_at
from .replay import table_view
from .score import CannotScore, score
from .events import Event, as_events

# What a ruling says, of which the two accounts are compared (the rest is its wording).
_REVOKE_SAYS = ("status", "status_event", "laws", "penalty", "transfer")
_IRREGULARITY_SAYS = ("law", "status", "event", "penalty", "elector", "elected")


def first_difference(a: Sequence[Event], b: Sequence[Event]) -> int | None:
    """The first event (from 2: event 1 opens each record under its own id) where the two records'
    lines differ, or where one of them ends first; None when they are the same."""
    for i in range(1, max(len(a), len(b))):
        if i >= len(a) or i >= len(b) or a[i].line != b[i].line:
            return i + 1
    return None


def compare(first: Sequence[Any], second: Sequence[Any], n: int | None = None) -> dict[str, Any]:
    """The two accounts at event `n` (each at its last when None)."""
    a, b = as_events(first), as_events(second)
    moments = [moment_at(events, n) for events in (a, b)]
    boards = [board_facts(events) for events in (a, b)]
    rulings = [m.rulings() for m in moments]
    differ = first_difference(a, b)
    return {
        "accounts": [r["hand"] for r in rulings],
        "at": [r["at"] for r in rulings],
        "ruleset": [r["ruleset"] for r in rulings],
        "first_difference": None if differ is None else {
            "event": differ, "lines": [events[differ - 1].line if differ <= len(events) else None for events in (a, b)]},
        "revokes": _pairs([r["revokes"] for r in rulings], _revoke_key, _REVOKE_SAYS),
        "irregularities": _pairs([r["irregularities"] for r in rulings], _irregularity_key, _IRREGULARITY_SAYS),
        "transfer": _pair([r.get("transfer") for r in rulings]),
        "score": _pair([_score(m, board) for m, board in zip(moments, boards)]),
    }


def _revoke_key(r: dict[str, Any]) -> tuple[Any, ...]:
    return ("revoke", r["seat"], r["trick"], r["card"])


def _irregularity_key(i: dict[str, Any]) -> tuple[Any, ...]:
    return (i["kind"], i.get("seat"), i.get("trick"))


def _pairs(lists: list[list[dict[str, Any]]], key: Any, says: tuple[str, ...]) -> list[dict[str, Any]]:
    """The rulings of the two accounts matched by `key`, in the order the first (then the second)
    gives them; each side None where that account has no such ruling."""
    keyed = [{key(x): x for x in rulings} for rulings in lists]
    order = list(dict.fromkeys([*keyed[0], *keyed[1]]))
    out = []
    for k in order:
        sides = [mine.get(k) for mine in keyed]
        said = [None if s is None else {f: s.get(f) for f in says} for s in sides]
        base = next(s for s in sides if s is not None)
        out.append({"about": {f: base.get(f) for f in ("kind", "seat", "trick", "card") if f in base},
                    "accounts": sides, "equal": said[0] == said[1],
                    "differs_in": [] if said[0] is None or said[1] is None else
                    [f for f in says if said[0][f] != said[1][f]]})
    return out


def _pair(values: list[Any]) -> dict[str, Any]:
    return {"accounts": values, "equal": values[0] == values[1]}


def _score(moment: Any, board: dict[str, str]) -> dict[str, Any]:
    """The score as ruled, or why there is none yet."""
    try:
        s = score(moment, board)
    except CannotScore as e:
        return {"none": str(e)}
    ruled = {k: s[k] for k in ("contract", "declarer", "tricks", "penalty_tricks", "NS", "EW", "score") if k in s}
    if s.get("election"):  # (1912, L84b: declarer elects; each option's score is in the account's own)
        ruled["election"] = {k: s["election"][k] for k in ("elector", "elected")}
    ruled["as_played"] = {k: s["as_played"][k] for k in ("tricks", "NS", "EW") if k in s["as_played"]}
    return ruled


def side_by_side(first: Sequence[Any], second: Sequence[Any], n: int) -> dict[str, Any]:
    """The two accounts at the same event `n` (each at its last where it has fewer), for the room:
    `compare` at n, each account's table at n (`replay.table_view`), and their events row by row,
    each row saying whether the two lines differ (from event 2: event 1 opens each under its id)."""
    a, b = as_events(first), as_events(second)
    rows = []
    for k in range(1, max(len(a), len(b)) + 1):
        lines = [events[k - 1].line if k <= len(events) else None for events in (a, b)]
        rows.append({"event": k, "lines": lines, "differs": k > 1 and lines[0] != lines[1]})
    return {**compare(a, b, n), "n": n, "last": max(len(a), len(b)), "rows": rows,
            "tables": [table_view(moment_at(events, n)) for events in (a, b)]}
