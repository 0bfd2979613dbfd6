"""The ruling report of a hand at event N: what a director files, as values (the face prints them:
`handrec/report.py`). A pure function of events 1..N, one fold, like every other projection.

The report holds the occasion (the record's tags), the deal as dealt, the contract, the play trick
by trick (the leader, the cards in the order played with their events, the winner, who turned and
quitted it), the tricks in dispute marked (a revoke's trick, an irregularity's), the facts (the
events the rulings rest on, and what each person said: the record's notes), each ruling with the
laws it cites and what each requires in our own words (`rulings.summaries`), and the score as the
cards fell and as ruled.
"""

from __future__ import annotations

from typing import Any, Sequence

from bridge.cards import sorted_hand

from .compare import compare
from .duplicate_score import board_facts
from .moment import at as moment_at
from .moment import statements
from .rulings.summaries import irregularity_summaries, revoke_summaries
from .score import CannotScore, score
from .events import as_events

SEATS, SUITS = "NESW", "SHDC"

OCCASION = ("Event", "Site", "Date", "Session", "Round", "Board", "Table", "Room", "Vulnerable", "Director",
            "Present")


def report(stored: Sequence[Any], n: int | None = None,
           others: Sequence[tuple[str, Sequence[Any]]] = ()) -> dict[str, Any]:
    """The report at event `n` (the last when None). `others`: the hand's other accounts (id,
    events), each compared with this one (`compare`): where it parts, and the rulings that differ."""
    events = as_events(stored)
    shown = events[:n] if n is not None else events
    moment = moment_at(shown)
    table = moment.table
    rulings = moment.rulings()
    disputed_tricks = sorted({v["trick"] for v in rulings["revokes"]}
                             | {i["trick"] for i in rulings["irregularities"] if i.get("trick")})
    # The facts: the events the rulings rest on, and what was said (the record's notes as corrected,
    # `moment.statements`: the same the rulings and the room show).
    said = {s["event"]: s for s in statements(moment)}
    by_number = {e.number: e for e in shown}
    # (a statement's fact is what was said, by whom: its line is not printed beside it)
    facts = [{"event": k, "line": by_number[k].line if k not in said else "", "said_by": said[k]["by"] if k in said else "",
              "said": said[k]["text"] if k in said else ""}
             for k in sorted(_cited_events(rulings) | set(said)) if k in by_number]
    try:
        scored: dict[str, Any] | None = score(moment, board_facts(events))
        unscored = None
    except CannotScore as e:
        scored, unscored = None, str(e)
    return {
        "hand": table.hand_id,
        "at": len(shown),
        "events": len(events),
        "ruleset": table.ruleset,
        "occasion": {name: table.tags[name] for name in OCCASION if table.tags.get(name)},
        "players": {seat: table.tags.get(name, "") for seat, name in zip(SEATS, ("North", "East", "South", "West"))},
        "dealer": table.dealer,
        "deal": {seat: None if table.dealt[seat] is None else
                 {suit: "".join(c.rank for c in sorted_hand(table.dealt[seat]) if c.suit == suit) for suit in SUITS}
                 for seat in SEATS},
        "contract": str(table.contract) if table.contract else None,
        "declarer": table.declarer,
        "tricks": [{
            "number": t.number, "leader": t.leader,
            "cards": [{"seat": p.seat, "card": str(p.card), "event": p.event, "surplus": p.surplus,
                       "taken_back": not p.live} for p in t.plays],
            "winner": t.winner(table.trump) if t.complete else None,
            "quitted_by": t.quitted_by, "quitted_at": t.quitted_at,
            "disputed": t.number in disputed_tricks,
        } for t in table.tricks],
        "facts": facts,
        "revokes": [{**v, "law_summaries": revoke_summaries(table.ruleset, v)} for v in rulings["revokes"]],
        "irregularities": [{**i, "law_summaries": irregularity_summaries(table.ruleset, i)}
                           for i in rulings["irregularities"]],
        "corrections": rulings["corrections"],
        "findings": rulings["findings"],
        "appeals": rulings["appeals"],
        "accounts": [_account(account, events, shown, n) for account, events in others],
        "score": scored,
        "unscored": unscored,
    }


def _account(account: str, events: Sequence[Any], shown: Sequence[Any], n: int | None) -> dict[str, Any]:
    """Another account of the hand against this record: where they part, each ruling that differs
    (with its status under each), whether the score is the same, and its findings."""
    c = compare(shown, events, n)
    other = as_events(events)
    return {
        "hand": account,
        "events": len(other),
        "first_difference": c["first_difference"],
        "differing": [{"about": p["about"], "here": p["accounts"][0], "there": p["accounts"][1]}
                      for p in (*c["revokes"], *c["irregularities"]) if not p["equal"]],
        "score_equal": c["score"]["equal"],
        "findings": moment_at(other, n).rulings()["findings"],
    }


def _cited_events(rulings: dict[str, Any]) -> set[int]:
    """The events the rulings rest on: each revoke's card, the event that decided it, its remarks;
    each irregularity's event, and the claim and the decision a judgment rests on; each correction
    of the record."""
    out: set[int] = set()
    for v in rulings["revokes"]:
        out.add(v["event"])
        if v.get("status_event"):
            out.add(v["status_event"])
        out.update(r["event"] for r in v.get("remarks", ()))
    out.update(i["event"] for i in rulings["irregularities"])
    for i in rulings["irregularities"]:  # a judgment's claim and the Director's decision (L70)
        j = i.get("judgment") or {}
        out.update(e for e in (j.get("claim"), (j.get("given") or {}).get("event")) if e)
    out.update(c["correction"] for c in rulings["corrections"] if "correction" in c)
    return out



# What one printed report holds of the record's texts (statements, findings, appeals, reasons,
# tags), whatever the record holds: a note may be 64 KiB, and a record may hold thousands, which
# a printer cannot lay out (500 of the largest took Chromium to 5 GB). Each text prints whole up to
# TEXT_PRINTED characters, some two pages; past it, cut at a word with what was left out said; the
# texts together print up to TEXTS_PRINTED characters, some sixty pages, in the report's order;
# past it, a text is left out and so marked. The report says so first (`left_out`), and the record
# holds every text whole (`handrec timeline ID`, `handrec export-pbn ID --transcript`).
TEXT_PRINTED = 6_000
TEXTS_PRINTED = 200_000
# A string shorter than this is a word, a name, a line or a law, never cut (only the texts
# the record's people wrote grow past it).
_SHORT = 240


def printable(r: dict[str, Any]) -> dict[str, Any]:
    """The report `r` bounded for print: every text of it as the module says, and `left_out`:
    how many texts were cut and left out, and how many characters in all (None when none)."""
    spent = [0]
    cut = [0, 0, 0]  # texts cut, texts left out, characters not printed

    def bounded(v: Any) -> Any:
        if isinstance(v, str):
            if len(v) <= _SHORT:
                return v
            room = TEXTS_PRINTED - spent[0]
            if room <= 0:
                cut[1] += 1
                cut[2] += len(v)
                return f"[not printed: {len(v):,} characters, past what one report prints; the record holds them]"
            keep = min(len(v), TEXT_PRINTED, room)
            if keep == len(v):
                spent[0] += len(v)
                return v
            head = v[:keep].rsplit(" ", 1)[0] if " " in v[keep // 2:keep] else v[:keep]
            spent[0] += len(head)
            cut[0] += 1
            cut[2] += len(v) - len(head)
            return f"{head} [… {len(v) - len(head):,} more characters not printed; the record holds them]"
        if isinstance(v, dict):
            return {k: x if k == "law_summaries" else bounded(x) for k, x in v.items()}
        if isinstance(v, list):
            return [bounded(x) for x in v]
        return v

    # The rulings first, then what was said: past the room for text, a statement is left out
    # before a ruling is. The laws' summaries are the project's own words, of a bounded size.
    first = ("revokes", "irregularities", "findings", "appeals", "corrections", "score", "accounts")
    done = {k: bounded(r[k]) for k in first if k in r}
    done.update({k: bounded(v) for k, v in r.items() if k not in done})
    out = {k: done[k] for k in r}
    out["left_out"] = None if not (cut[0] or cut[1]) else {
        "cut": cut[0], "left_out": cut[1], "characters": cut[2],
        "text_printed": TEXT_PRINTED, "texts_printed": TEXTS_PRINTED}
    return out
