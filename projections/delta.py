"""A JSON value told as what changed since the value before it at the same place: how the review
room's replay sends a hand's moments (`projections.replay`), so that what a hand holds is sent once,
however many moments show it (a statement, a revoke's remark, an irregularity).

A delta is JSON, read against the value before (`None` when there is none):

- `{"=": 1}`: the same value as before;
- `{"{": {KEY: DELTA, ...}, "-": [KEY, ...]}`: a dict, each key written only when its value changed
  (its delta against the value it had; a new key against nothing), the keys it no longer has in
  `"-"` (written only when there are some); the other keys as before;
- `{"[": K, "+": [DELTA, ...], "]": S}`: a list, the first K items of the list before, then the items
  of `"+"` (each a delta against the item of the list before at the same place, `K + i`, while it
  has one among those not kept, else against nothing), then its last S items (`"+"` and `"]"`
  written only when not empty or 0): an item added at the end is the list's only new item;
- any other value (a string, a number, true, false, null) is itself.

So a dict or a list is never written as itself: a delta reads one way only. A value against
nothing is the same forms, every key and item new. Values are the same as Python compares them
(the replay's keep one type at a place); a dict's keys read back in their order, but where only
their order changed (a JSON object's keys have none). `undelta` reads one moment from the one
before; the value it gives shares with the one before whatever did not change (not copied), and
must not be changed in place. review.js reads the same deltas the same way (`undelta`), and
tests/test_room_data.py holds the two to each other.
"""

from __future__ import annotations

from typing import Any

SAME: dict[str, int] = {"=": 1}
NOTHING: Any = object()  # (no value before: a new key, an item past the end)


def delta(before: Any, now: Any) -> Any:
    """`now` as what changed since `before` (NOTHING: no value before)."""
    if now is before:
        return SAME
    cls = now.__class__
    if cls is dict:
        if before.__class__ is not dict:
            return {"{": {k: delta(NOTHING, v) for k, v in now.items()}}
        changed = {}
        kept = 0  # (the keys of `before` that `now` has)
        for k, v in now.items():
            was = before.get(k, NOTHING)
            if was is not NOTHING:
                kept += 1
            if was is not v:
                d = delta(was, v)
                if d is not SAME:
                    changed[k] = d
        gone = [k for k in before if k not in now] if kept < len(before) else []
        if not changed and not gone:
            return SAME
        # Read back, the keys are `before`'s, less those taken away, then those added: in `now`'s order?
        order = list(before) if not gone and kept == len(now) else \
            [k for k in before if k in now] + [k for k in now if k not in before]
        if order != list(now):
            # (no: every key of `before` taken away, then `now`'s written afresh, in its order)
            changed, gone = {k: delta(before.get(k, NOTHING), v) for k, v in now.items()}, list(before)
        out: dict[str, Any] = {"{": changed}
        if gone:
            out["-"] = gone
        return out
    if cls is list or cls is tuple:
        if before.__class__ is not list and before.__class__ is not tuple:
            return {"[": 0, "+": [delta(NOTHING, v) for v in now]} if now else {"[": 0}
        k, s = common(before, now)
        if k == len(before) == len(now):
            return SAME
        out = {"[": k}
        kept_end = len(before) - s
        new = [delta(before[i] if i < kept_end else NOTHING, now[i]) for i in range(k, len(now) - s)]
        if new:
            out["+"] = new
        if s:
            out["]"] = s
        return out
    if before is not NOTHING and before.__class__ is cls and cls is not float and before == now:
        return SAME  # (a float is written as itself: nan is not equal to itself)
    return now


def common(before: list[Any], now: list[Any]) -> tuple[int, int]:
    """How many items the two lists share at their start, and then at their end (the end's taken
    from what is left after the start). Items that are the same object are compared at once."""
    n, m = len(before), len(now)
    short = min(n, m)
    if now[:short] == before[:short]:  # (the usual case: items added at the end; compared in C)
        k = short
    else:
        k = 0
        while k < short and (before[k] is now[k] or before[k] == now[k]):
            k += 1
    s = 0
    most = short - k
    while s < most and (before[n - 1 - s] is now[m - 1 - s] or before[n - 1 - s] == now[m - 1 - s]):
        s += 1
    return k, s


def undelta(before: Any, d: Any) -> Any:
    """The value the delta `d` tells, read against `before` (None: no value before); what did not
    change is `before`'s own (shared, not copied)."""
    if d.__class__ is not dict:
        return d
    if "=" in d:
        return before
    if "{" in d:
        base = before if before.__class__ is dict else {}
        out = dict(base)
        for k in d.get("-", ()):
            out.pop(k, None)
        for k, sub in d["{"].items():
            out[k] = undelta(base.get(k), sub)
        return out
    if "[" in d:
        base = before if before.__class__ is list else []
        k, s = d["["], d.get("]", 0)
        kept_end = len(base) - s
        new = [undelta(base[i] if i < kept_end else None, sub) for i, sub in enumerate(d.get("+", ()), start=k)]
        return base[:k] + new + (base[kept_end:] if s else [])
    raise ValueError(f"not a delta: a dict with none of '=', '{{', '[' ({sorted(d)[:5]})")


def undeltas(deltas: Any) -> list[Any]:
    """Every value of a sequence of deltas, the first read against nothing (each sharing with the
    one before what did not change)."""
    out: list[Any] = []
    value: Any = None
    for d in deltas:
        value = undelta(value, d)
        out.append(value)
    return out
