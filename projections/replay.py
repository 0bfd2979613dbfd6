"""A hand's every moment, as the review room shows it: after each event, the table (the cards
each player still holds, the trick on the table, the tricks won, who is to play, exposed cards and
open questions), the rulings and the score. One fold of the hand (`projections.moment.moments`),
so the page steps from one event to the next without asking for anything, and what it shows at
N is what `handrec rulings ID --at N --json` and `handrec score ID --at N --json` say: the same
dicts, not a second reading of the laws. Pure values, ready for JSON.
"""

from __future__ import annotations

from typing import Any, Iterable

from bridge.cards import SEAT_NAMES, SEATS, sorted_hand

from .moment import Moment, moments
from .score import CannotScore, score
from .record import correction_of, corrections
from .table import Table, Trick, as_events


def _cards(cards: Iterable[Any]) -> list[str]:
    return [str(c) for c in sorted_hand(cards)]


def _trick(table: Table, t: Trick) -> dict[str, Any]:
    winner = t.winner(table.trump) if t.complete else None
    return {
        "number": t.number,
        "leader": t.leader,
        "cards": [{"seat": p.seat, "card": str(p.card), "event": p.event, "surplus": p.surplus,
                   "taken_back": not p.live, "stands": p.stands} for p in t.plays],
        "winner": winner,
        "quitted_by": t.quitted_by,
        "quitted_at": t.quitted_at,
        "implicit": t.quit_implicit,
    }


def _on_the_table(table: Table) -> Trick | None:
    """The last trick with a card in it: face up in the middle until it is turned and quitted
    (`quitted_by` says when it has been)."""
    if table.tricks and table.tricks[-1].plays:
        return table.tricks[-1]
    return None


def table_view(moment: Moment) -> dict[str, Any]:
    """The table at this moment, as the page draws it."""
    table = moment.table
    contract = table.contract
    hands = {}
    for s in SEATS:
        held = table.hands[s]
        role = "declarer" if s == table.declarer else "dummy" if s == table.dummy else ""
        hands[s] = {
            "name": SEAT_NAMES[s],
            "player": table.tags.get(SEAT_NAMES[s], ""),  # who sat there, when the record says
            "role": role,
            "held": None if held is None else _cards(held),
            "shown": [str(c) for c in table.shown[s]],  # what a hand not known has played
        }
    on_table = _on_the_table(table)
    return {
        "at": table.at,
        "hand": table.hand_id,
        "dealer": table.dealer,
        "contract": str(contract) if contract else None,
        "declarer": table.declarer,
        "dummy": table.dummy,
        "hands": hands,
        "trick": _trick(table, on_table) if on_table else None,
        "tricks_played": len(table.tricks),
        "won": table.won(),
        "to_play": table.expected(),
        "questions": [{"asker": q.asker, "asked": q.asked, "event": q.event} for q in table.questions
                      if q.answer is None],
        "claim": ({"seat": table.claim[0], "tricks": table.claim[1], "event": table.claim[2]}
                  if table.claim else None),
        "cut_at": table.cut_at,
        "ruleset": table.ruleset,
        "source": dict(table.source),
        "rubber": table.rubber,
        "tags": dict(table.tags),
    }


def replay(events: Iterable[Any]) -> dict[str, Any]:
    """Every event's line, and the moment after each: the table, the rulings, the score (or why
    the hand cannot be scored yet). Most events change neither the rulings nor the score: where a
    moment's are those of the moment before, it holds the index (from 0) of the first moment that
    has them instead of a copy (`expand` puts the copies back)."""
    stored = as_events(events)
    fixes = {n: correction_of(fix) for n, fix in corrections(stored).items()}
    lines: list[dict[str, Any]] = []
    after: list[dict[str, Any]] = []
    first: dict[str, tuple[int, Any]] = {}  # "rulings"/"score": (index of the first moment with it, value)
    for i, (e, moment) in enumerate(moments(stored)):
        lines.append({"number": e.number, "kind": e.kind, "line": e.line, "corrected": fixes.get(e.number)})
        try:
            scored: dict[str, Any] | None = score(moment)
            unscored = None
        except CannotScore as why:
            scored, unscored = None, str(why)
        now: dict[str, Any] = {"table": table_view(moment), "unscored": unscored}
        for key, value in (("rulings", moment.rulings()), ("score", scored)):
            seen = first.get(key)
            if seen is not None and seen[1] == value:
                now[key] = seen[0]
            else:
                first[key] = (i, value)
                now[key] = value
        after.append(now)
    hand = after[0]["table"]["hand"] if after else ""
    return {"hand": hand, "events": lines, "moments": after}


def expand(compact: dict[str, Any]) -> dict[str, Any]:
    """The replay with every moment's rulings and score written out."""
    out = []
    for m in compact["moments"]:
        m = dict(m)
        for key in ("rulings", "score"):
            if isinstance(m[key], int) and not isinstance(m[key], bool):
                m[key] = compact["moments"][m[key]][key]
        out.append(m)
    return {**compact, "moments": out}
