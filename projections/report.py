"""The ruling report of a hand at event N: what a director files, as values (the face prints them:
`handrec/report.py`). A pure function of events 1..N, one fold, like every other projection.

The report holds the occasion (the record's tags), the deal as dealt, the contract, the play trick
by trick (the leader, the cards in the order played with their events, the winner, who turned and
quitted it), the tricks in dispute marked (a revoke's trick, an irregularity's), the facts (the
events the rulings rest on, the acts the table keeps as recorded, and what each person said: the
record's notes), each ruling with the
laws it cites and what each requires in our own words (`rulings.summaries`), and the score as the
cards fell and as ruled.
"""

from __future__ import annotations

from typing import Any, Sequence

from bridge.cards import next_seat, sorted_hand
from bridge.lines import parse_line, played_by
from bridge.tags import APPEAL_TAGS

from .compare import compare, first_difference, parting_of, same_moment, where_in_play
from .duplicate_score import board_facts
from .moment import at as moment_at
from .moment import moments, statements
from .record import correction_of, corrections
from .rulings.summaries import irregularity_summaries, revoke_summaries
from .score import CannotScore, score
from .table import KEPT_ACTS
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
    if n is not None:  # (each account as it stood at the moment of event n: never a later act of theirs)
        others = [(account, as_events(e)[:same_moment(events, e, n)]) for account, e in others]
    moment = moment_at(shown)
    table = moment.table
    rulings = moment.rulings()
    disputed_tricks = sorted({v["trick"] for v in rulings["revokes"]}
                             | {i["trick"] for i in rulings["irregularities"] if i.get("trick")})
    # The facts: the acts in dispute, each where it fell (`facts`); what was said is each account's
    # own (`told`).
    facts = facts_of(shown, _cited_events(rulings), [as_events(e) for _, e in others], set(disputed_tricks),
                     {v["event"] for v in rulings["revokes"]})
    try:
        scored: dict[str, Any] | None = score(moment, board_facts(events))
        unscored = None
    except CannotScore as e:
        scored, unscored = None, e.filed  # (in a committee's words: a filed report prints it)
    return {
        "hand": table.hand_id,
        "at": len(shown),
        "events": len(events),
        "ruleset": table.ruleset,
        "occasion": {name: table.tags[name] for name in OCCASION if table.tags.get(name)},
        "players": {seat: table.tags.get(name, "") for seat, name in zip(SEATS, ("North", "East", "South", "West"))},
        "dealer": table.dealer,
        "deal": _deal(table),
        "contract": str(table.contract) if table.contract else None,
        "declarer": table.declarer,
        "tricks": _tricks(table, disputed_tricks),
        "facts": facts,
        "revokes": [{**v, "law_summaries": revoke_summaries(table.ruleset, v)} for v in rulings["revokes"]],
        "irregularities": [{**i, "law_summaries": irregularity_summaries(table.ruleset, i)}
                           for i in rulings["irregularities"]],
        "corrections": rulings["corrections"],
        "exposed": rulings.get("exposed", []),  # a defender's card face up: a penalty card (L49, L50)
        # The acts the table keeps as recorded (`projections.table.kept_acts`), in the order of the
        # record, as the rulings JSON gives them.
        "kept_acts": sorted((act for name in KEPT_ACTS for act in rulings.get(name, ())), key=lambda act: act["event"]),
        "findings": rulings["findings"],
        "appeals": rulings["appeals"],
        "accounts": [_account(account, events, shown, n) for account, events in others],
        "auction": bidding(table.dealer, list(table.calls), table.alerts) if table.calls else None,
        "claim": _claim(shown, table.claim),
        **_appeal_part(table, others),
        "title": table.tags.get("Account", ""),  # whose account this record is, as it says
        "vulnerable": table.tags.get("Vulnerable", ""),
        # The whole dispute, whichever account the report is on: what each account says, and every
        # finding and appeal, in whichever account it is recorded.
        **told(table.hand_id, shown, others),
        "score": scored,
        "unscored": unscored,
    }


def _deal(table: Any) -> dict[str, dict[str, str] | None]:
    """Each seat's cards as dealt, suit by suit (ranks from the highest), None where not known."""
    return {seat: None if table.dealt[seat] is None else
            {suit: "".join(c.rank for c in sorted_hand(table.dealt[seat]) if c.suit == suit) for suit in SUITS}
            for seat in SEATS}


def _tricks(table: Any, disputed_tricks: list[int]) -> list[dict[str, Any]]:
    """The tricks as played: each card with its event (a surplus card, a card taken back), the
    winner of a complete trick, who quitted it and when, and whether it is in dispute."""
    return [{
        "number": t.number, "leader": t.leader,
        "cards": [{"seat": p.seat, "card": str(p.card), "event": p.event, "surplus": p.surplus,
                   "taken_back": not p.live} for p in t.plays],
        "winner": t.winner(table.trump) if t.complete else None,
        "quitted_by": t.quitted_by, "quitted_at": t.quitted_at,
        "disputed": t.number in disputed_tricks,
    } for t in table.tricks]


# The acts a committee reads as the facts of a dispute, whether or not under the hand's code they
# decide anything (issue 38): questions and answers, quits, exposures, elections, withdrawals,
# claims and what follows them, attention drawn, cards restored, named, found or put right.
TOLD_KINDS = frozenset({"ask", "answer", "quit", "expose", "elect", "withdraw", "claim", "doubt", "adjudicate",
                        "claim-revoke", "attention", "restore", "surplus", "found", "put-right", "mix", "inspect",
                        "adjust", "unknown", "cut"})
# What the report shows in sections of its own (the occasion, the deal and the auction, what each
# side says, the finding, the appeal, the record's corrections), never among the acts.
NOT_ACTS = frozenset({"hand", "dealer", "deal", "auction", "contract", "tag", "note", "find", "appeal", "strike",
                      "amend", "shared", "honors", "void", "correct", "agree"})
# An act's words the report tells it by (the rest of its line is the record's notation).
_ACT_WORDS = ("seat", "asker", "asked", "answer", "side", "card", "choice", "words", "tricks", "text", "misinformed",
              "not_named", "law", "ns", "ew")


def facts_of(shown: Sequence[Any], cited: set[int], others: Sequence[Sequence[Any]],
             disputed: set[int] = frozenset(), revokes: set[int] = frozenset()) -> list[dict[str, Any]]:  # type: ignore[assignment]
    """The acts in dispute in this record, in order, each with where it fell (`acts_told`): the
    events the rulings rest on (`cited`), every act of the kinds a committee reads (TOLD_KINDS; a
    quit only of a trick in dispute, `disputed`, the tricks of the rulings: the quits of the tricks
    no one disputes are no fact of the dispute), and, where another account parts from this one,
    this record's acts from there to the end of the first trick quitted after it (the other
    account's are told under it: `parted`). A card that is a revoke (`revokes`, the events of the
    revokes' cards) is said to be one (`revoke`)."""
    wanted = set(cited) | {e.number for e in shown if e.kind in TOLD_KINDS}
    kept = set(cited)
    for other in others:
        kept |= parted(shown, other)
    wanted |= kept
    return [_penalty_card(shown, act) if act["kind"] == "expose" else {**act, "revoke": True}
            if act["event"] in revokes else act for act in acts_told(shown, wanted)
            if act["kind"] != "quit" or act["event"] in kept or act.get("trick") in disputed]


def _penalty_card(shown: Sequence[Any], act: dict[str, Any]) -> dict[str, Any]:
    """An exposure with what the rulings made of the card then (`penalty_card`: "major" or "minor",
    L49, L50; its `law`) and, where its owner later played it, `played` (the event and the trick): a
    committee reads the ruling on a penalty card after it has left the table too."""
    made = next((x for x in moment_at(shown, act["event"]).rulings().get("exposed", [])
                 if x["seat"] == act.get("seat") and x["card"] == act.get("card")), None)
    if made is None:
        return act
    out = {**act, "penalty_card": made.get("penalty_card"), "law": made.get("law")}
    for e in shown[act["event"]:]:
        if e.kind == "play" and any(s == act["seat"] and act["card"] in cs for s, cs in played_by(e.args)):
            out["played"] = {"event": e.number, "trick": where_in_play(moment_at(shown, e.number).table)["trick"]}
            break
    return out


def parted(events: Sequence[Any], other: Sequence[Any]) -> set[int]:
    """The acts of `events` from where `other` parts from it to the end of the first trick quitted
    after that (notes and tags aside: they are told in sections of their own)."""
    differ = first_difference(list(events), list(other))
    out: set[int] = set()
    for e in list(events)[(differ or len(events) + 1) - 1:]:
        if e.kind in NOT_ACTS:
            continue
        out.add(e.number)
        if e.kind == "quit":
            break
    return out


def acts_told(events: Sequence[Any], wanted: set[int]) -> list[dict[str, Any]]:
    """Each wanted event of the record as an act (its kind and words: `_ACT_WORDS`), with where it
    fell: `trick` (the trick on the table: for a card, the trick it went to) and `at` — "playing"
    (cards in it, not all four), "complete" (four cards, not yet quitted), "quitted" — and
    `struck` (the event struck from the record, with why)."""
    struck = {n: fix for n, fix in corrections(as_events(events)).items()}
    out: list[dict[str, Any]] = []
    where: dict[str, Any] = {"trick": None, "at": None}
    led: str | None = None  # (the suit led to the trick on the table: a question and its answer are of it)
    for e, m in moments(events):
        after = where_in_play(m.table)
        if e.number in wanted and e.kind not in NOT_ACTS:
            fix = struck.get(e.number)
            act = {"event": e.number, "kind": e.kind, **{k: e.args[k] for k in _ACT_WORDS if k in e.args},
                   **(after if e.kind == "play" else where)}
            if e.kind in ("ask", "answer") and led:
                act["suit"] = led
            if e.kind == "play":
                act["played"] = played_by(e.args)
            if fix is not None:
                act["corrected"] = correction_of(fix)
            out.append(act)
        where = after
        t = m.table.last_played
        led = t.suit_led if t is not None else None
    return out


# A bidding diagram's columns, as directors and the bridge press draw it.
BIDDING_COLUMNS = ("W", "N", "E", "S")


def bidding(dealer: str | None, calls: list[str], alerts: dict[int, str] | None = None) -> dict[str, Any]:
    """The auction as a bidding diagram: its rows of four cells under BIDDING_COLUMNS, the dealer's
    first call in his column (the cells before it None). A cell is a call (`call`, its word) and, for
    a call alerted or explained (`alerts`: by the call's number from 1), `alert`, the number of its
    entry in `alerts`, in the auction's order: the call's number, its seat, its word and what was
    said of it ("": alerted, no explanation recorded), as a diagram's notes under it print them."""
    start = BIDDING_COLUMNS.index(dealer) if dealer in BIDDING_COLUMNS else 0
    said = sorted((alerts or {}).items())
    mark = {number: k for k, (number, _) in enumerate(said, start=1)}
    cells: list[dict[str, Any] | None] = [None] * start + [
        {"call": c, "alert": mark.get(n)} for n, c in enumerate(calls, start=1)]
    return {"columns": list(BIDDING_COLUMNS), "dealer": dealer,
            "rows": [cells[i:i + 4] + [None] * (4 - len(cells[i:i + 4])) for i in range(0, len(cells), 4)],
            "alerts": [{"number": mark[n], "call": n, "word": calls[n - 1] if n <= len(calls) else "",
                        "seat": next_seat(dealer, n - 1) if dealer else None, "text": text} for n, text in said]}


def told(hand_id: str, shown: Sequence[Any], others: Sequence[tuple[str, Sequence[Any]]]) -> dict[str, Any]:
    """What the hand's accounts say, whichever the report is on: `statements`, one group for what
    every account tells alike (the events they all share) and one for each account's own, each
    with the account's title (its `tag Account`) and whether it is the record the report is on;
    `all_findings` and `all_appeals`, each with its account, from every account."""
    accounts = [(hand_id, list(shown)), *((a, as_events(e)) for a, e in others)]
    shared = min((_trunk_at(events) for _, events in accounts if _trunk_at(events)), default=0) if others else 0
    groups: list[dict[str, Any]] = []
    findings: list[dict[str, Any]] = []
    appeals: list[dict[str, Any]] = []
    common: list[dict[str, Any]] = []
    for account, events in sorted(accounts, key=lambda a: bool(_trunk_at(a[1]))):  # (the first account first)
        m = moment_at(events)
        said = statements(m)
        if shared and not common:
            common = [s for s in said if s["event"] <= shared]
        rulings = m.rulings()
        own_from = max(shared, _trunk_at(events))
        findings += [{**f, "account": account} for f in rulings["findings"] if f["event"] > own_from or account == hand_id]
        appeals += [{**a, "account": account} for a in rulings["appeals"] if a["event"] > own_from or account == hand_id]
        groups.append({"account": account, "title": m.table.tags.get("Account", ""), "this": account == hand_id,
                       "from_event": shared + 1, "statements": [s for s in said if s["event"] > shared]})
    findings = list({(f["account"], f["event"]): f for f in findings}.values())
    appeals = list({(a["account"], a["event"]): a for a in appeals}.values())
    out = [{"account": None, "title": "", "this": False, "to_event": shared, "statements": common}] if common else []
    return {"statements": out + groups, "all_findings": findings, "all_appeals": appeals}


def beside_the_others(hand_id: str, events: Sequence[Any], others: Sequence[tuple[str, Sequence[Any]]]
                      ) -> dict[str, list[dict[str, Any]]]:
    """What a page of one account says of the hand's other accounts: `elsewhere`, the findings and
    appeals they record (`told`), each with its `kind` ("finding" or "appeal") and its `account`
    (an appeal in one account answers the finding in the other); `parted`, where this account parts
    from each (`compare.parting_of`), by its `account`."""
    mine = as_events(events)
    t = told(hand_id, mine, others)
    return {"elsewhere": [{**x, "kind": kind} for kind, xs in (("finding", t["all_findings"]),
                                                               ("appeal", t["all_appeals"]))
                          for x in xs if x["account"] != hand_id],
            "parted": [{"account": a, "parting": parting_of(mine, e)} for a, e in others]}


def _claim(shown: Sequence[Any], claim: tuple[str, int, int] | None) -> dict[str, Any] | None:
    """The claim that ended the play, and the position at it (L68, L70: the claim diagram): the
    cards each player held, and the trick on the table, when it was made."""
    if claim is None:
        return None
    seat, tricks, event = claim
    at = moment_at(shown, event).table
    stated = at.last_claim.statement if at.last_claim is not None else ""
    # Whether it was disputed: each doubt and the adjudication, as the record stands (a doubt may come
    # after the claim), or none of them recorded (L69A: a claim no one disputes stands).
    last = moment_at(shown).table.last_claim
    mine = last is not None and last.event == event
    doubts = [{"seat": s, "event": n} for s, n in last.doubts] if mine else []
    adjudicated = (last.adjudication.tricks if mine and last.adjudication is not None else None)
    return {"seat": seat, "tricks": tricks, "event": event, "statement": stated, "doubts": doubts,
            "adjudicated": adjudicated,
            "hands": {s: None if at.hands[s] is None else
                      {suit: "".join(c.rank for c in sorted_hand(at.hands[s]) if c.suit == suit) for suit in SUITS}
                      for s in SEATS},
            "trick": where_in_play(at)}


def _trunk_at(events: Sequence[Any]) -> int:
    """The last event a second account shares with its first (0 for a first account)."""
    first = events[0] if events else None
    line = parse_line(first.line) if first is not None else None
    return line.args.get("trunk_at", 0) if line is not None and line.kind == "hand" else 0


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
                      for p in (*c["revokes"], *c["irregularities"], *c["exposed"]) if not p["equal"]],
        "score_equal": c["score"]["equal"],
        "scores": c["score"]["accounts"],  # (this record's, then its: each as `compare` gives it)
        "findings": moment_at(other).rulings()["findings"],  # (other: as it stood at the moment of n, when given)
        # its acts where it parts from this record, told as this record's are (`facts_of`), and from
        # there on the acts its own rulings rest on and those a committee reads (an election, a
        # question, later in the play; a quit only where it parts)
        "acts": acts_told(other, parted(other, as_events(shown)) | {
            k for k in _cited_events(moment_at(other).rulings()) | {
                e.number for e in other if e.kind in TOLD_KINDS and e.kind != "quit"}
            if k >= (c["first_difference"] or {}).get("event", len(other) + 1)}),
        "title": moment_at(other).table.tags.get("Account", ""),
    }


def _appeal_part(table: Any, others: Sequence[tuple[str, Sequence[Any]]]) -> dict[str, Any]:
    """The appeal's details (APPEAL_TAGS), each from whichever account of the hand records it (this
    record's first): `appeal_part`, each tag's value ("" where no account records it), and
    `appeal_from`, for a value another account records, that account's title (its `tag Account`)
    or id."""
    part = {name: table.tags.get(name, "") for name in APPEAL_TAGS}
    whence: dict[str, str] = {}
    for account, events in others:
        tags = moment_at(as_events(events)).table.tags
        for name in APPEAL_TAGS:
            if not part[name] and tags.get(name):
                part[name], whence[name] = tags[name], tags.get("Account") or f"the account {account}"
    return {"appeal_part": part, "appeal_from": whence}


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
    first = ("revokes", "irregularities", "findings", "appeals", "all_findings", "all_appeals", "corrections",
             "score", "accounts")
    done = {k: bounded(r[k]) for k in first if k in r}
    done.update({k: bounded(v) for k, v in r.items() if k not in done})
    out = {k: done[k] for k in r}
    out["left_out"] = None if not (cut[0] or cut[1]) else {
        "cut": cut[0], "left_out": cut[1], "characters": cut[2],
        "text_printed": TEXT_PRINTED, "texts_printed": TEXTS_PRINTED}
    return out
