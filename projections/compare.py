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
from difflib import SequenceMatcher

from .moment import at as moment_at
from .moment import moments
from .replay import table_view
from .score import CannotScore, score
from .events import Event, as_events

# What a ruling says, of which the two accounts are compared (the rest is its wording). An event is
# compared by the moment of play it falls at (`_moments`: how many cards had been played), not by its
# number: one account's extra statement or question moves every later number, and two rulings that
# differ only so are the same ruling.
_REVOKE_SAYS = ("status", "status_event", "laws", "penalty", "transfer")
_IRREGULARITY_SAYS = ("law", "status", "event", "penalty", "elector", "elected")
_EXPOSED_SAYS = ("penalty_card", "law", "event")
_EVENTS = ("event", "status_event")


def first_difference(a: Sequence[Event], b: Sequence[Event]) -> int | None:
    """The first event (from 2: event 1 opens each record under its own id) where the two records'
    lines differ, or where one of them ends first; None when they are the same."""
    for i in range(1, max(len(a), len(b))):
        if i >= len(a) or i >= len(b) or a[i].line != b[i].line:
            return i + 1
    return None


def compare(first: Sequence[Any], second: Sequence[Any], n: int | tuple[int, int] | None = None) -> dict[str, Any]:
    """The two accounts at event `n` (each at its last when None; a pair: each account at its own)."""
    return _compared(first, second, n)[0]


def _compared(first: Sequence[Any], second: Sequence[Any],
              n: int | tuple[int, int] | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """`compare`, and each account's rulings it compared."""
    a, b = as_events(first), as_events(second)
    # One event N: the first account at its event N, the second at the same moment of play (its
    # numbers are its own: `same_moment`), never at its own event N.
    ns = n if isinstance(n, tuple) else (n, None if n is None else same_moment(a, b, n))
    moments = [moment_at(events, k) for events, k in zip((a, b), ns)]
    boards = [board_facts(events) for events in (a, b)]
    rulings = [m.rulings() for m in moments]
    # Each record as far as it is compared (`n`: never an act after it).
    cut = [events[:k] if k is not None else events for events, k in zip((a, b), ns)]
    differ = first_difference(*cut)
    when = [_moments(events) for events in (a, b)]
    rows = aligned(*cut)  # (the acts side by side)
    return {
        "accounts": [r["hand"] for r in rulings],
        "at": [r["at"] for r in rulings],
        "ruleset": [r["ruleset"] for r in rulings],
        "first_difference": None if differ is None else {
            "event": differ, "lines": [events[differ - 1].line if differ <= len(events) else None for events in (a, b)]},
        "revokes": _pairs([r["revokes"] for r in rulings], _revoke_key, _REVOKE_SAYS, when),
        "irregularities": _pairs([r["irregularities"] for r in rulings], _irregularity_key, _IRREGULARITY_SAYS, when),
        # the cards face up on the table (penalty cards, L49, L50) under each, by their seat and card
        "exposed": _pairs([[{**x, "kind": "exposed"} for x in r.get("exposed", [])] for r in rulings],
                          _exposed_key, _EXPOSED_SAYS, when),
        "transfer": _pair([r.get("transfer") for r in rulings]),
        "aligned": rows,  # the two records act by act
        "parting": _placed(parting(rows), (a, b)),
        "score": _pair([_score(m, board) for m, board in zip(moments, boards)]),
    }, rulings


def _revoke_key(r: dict[str, Any]) -> tuple[Any, ...]:
    return ("revoke", r["seat"], r["trick"], r["card"])


def _exposed_key(x: dict[str, Any]) -> tuple[Any, ...]:
    return ("exposed", x["seat"], x["card"])


def _irregularity_key(i: dict[str, Any]) -> tuple[Any, ...]:
    return (i["kind"], i.get("seat"), i.get("trick"))


def _moments(events: Sequence[Event]) -> dict[int, tuple[int, int]]:
    """Each event's moment of play: (the cards played up to it, its place among the acts since the
    last card), the same in two accounts for the same act however the events are numbered."""
    out: dict[int, tuple[int, int]] = {}
    cards, since = 0, 0
    taken_back = _taken_back(events)
    for e in events:
        if e.kind == "play":
            cards += _cards_staying(e, taken_back)
            since = 0
        elif e.kind not in _NOT_ACTS:
            since += 1
        out[e.number] = (cards, 0 if e.kind == "play" else since)
    return out


def _taken_back(events: Sequence[Event]) -> set[tuple[int, str]]:
    """The cards played that were later taken back (`withdraw`), by the event that played each: such
    a card is no moment of play (the card played in its place is), so that an account in which a
    card was played and withdrawn stands at the same moment as one in which it stayed, card for card."""
    out: set[tuple[int, str]] = set()
    last: dict[tuple[str, str], int] = {}  # (seat, card): the event that last played it
    for e in events:
        if e.kind == "play":
            seat = e.args.get("seat")
            for c in e.args.get("cards", ()):
                if len(c) > 1:  # (a seat's letter is no card: `play S C5 W H2`)
                    last[(seat, c)] = e.number
                else:
                    seat = c
        elif e.kind == "withdraw" and (e.args.get("seat"), e.args.get("card")) in last:
            out.add((last.pop((e.args["seat"], e.args["card"])), e.args["card"]))
    return out


def _cards_staying(e: Event, taken_back: set[tuple[int, str]]) -> int:
    """How many of a play's cards stay played (a seat's letter is no card; a card taken back later
    does not count)."""
    return sum(1 for c in e.args.get("cards", ()) if len(c) > 1 and (e.number, c) not in taken_back)


# What the table does not see: a statement, a tag, a finding or an appeal, a correction.
_NOT_ACTS = frozenset({"note", "tag", "find", "appeal", "strike", "amend", "shared"})


def _pairs(lists: list[list[dict[str, Any]]], key: Any, says: tuple[str, ...],
           when: list[dict[int, tuple[int, int]]]) -> list[dict[str, Any]]:
    """The rulings of the two accounts matched by `key`, in the order the first (then the second)
    gives them; each side None where that account has no such ruling. Their events are compared by
    the moment of play each falls at (`when`: each account's)."""
    keyed = [{key(x): x for x in rulings} for rulings in lists]
    order = list(dict.fromkeys([*keyed[0], *keyed[1]]))
    out = []
    for k in order:
        sides = [mine.get(k) for mine in keyed]
        said = [None if s is None else {f: (w.get(s.get(f)) if f in _EVENTS and s.get(f) is not None else s.get(f))
                                        for f in says}
                for s, w in zip(sides, when)]
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


def aligned(first: Sequence[Any], second: Sequence[Any]) -> list[dict[str, Any]]:
    """The two records act by act, the same moment of play side by side: the cards each account
    plays are matched by what they are (the same seat's same card to the same trick), and the
    other acts between two matched cards stand side by side in their gap, the same line in both
    matched where it is there (a question asked before the trick was quitted in one account and
    after the next trick in the other stands at each moment, never matched across them). Each row:
    `sides`, each account's act (its event's number and line) or None where it has none there;
    `differs` unless both hold the same act. From event 2 (event 1 opens each under its own id)."""
    a, b = as_events(first)[1:], as_events(second)[1:]
    keys = [_played(first), _played(second)]
    plays = [[i for i, e in enumerate(events) if e.number in key] for events, key in zip((a, b), keys)]
    matcher = SequenceMatcher(None, [keys[0][a[i].number] for i in plays[0]], [keys[1][b[j].number] for j in plays[1]],
                              autojunk=False)
    anchors = [(plays[0][m.a + k], plays[1][m.b + k]) for m in matcher.get_matching_blocks() for k in range(m.size)]
    whole = as_events(first), as_events(second)
    cards = [_moments(whole[0]), _moments(whole[1])]
    taken_back = [_taken_back(whole[0]), _taken_back(whole[1])]
    rows: list[dict[str, Any]] = []
    at = (0, 0)
    for i, j in [*anchors, (len(a), len(b))]:
        rows += _gap(a[at[0]:i], b[at[1]:j], cards, taken_back)
        if i < len(a) and j < len(b):
            rows.append({"sides": [_side(a[i]), _side(b[j])], "differs": a[i].line != b[j].line})
        at = (i + 1, j + 1)
    return rows


def where_in_play(table: Any) -> dict[str, Any]:
    """The trick on the table (the last with a card in it) and how far it has gone: "playing" (cards
    in it, not all four), "complete" (four cards, not yet quitted), "quitted"."""
    t = table.last_played
    if t is None:
        return {"trick": None, "at": None}
    return {"trick": t.number, "at": "quitted" if t.quitted_by else "complete" if t.complete else "playing"}


def _placed(parted: dict[str, Any] | None, accounts: tuple[Sequence[Event], Sequence[Event]]) -> dict[str, Any] | None:
    """Where each account's parting act fell in the play (`where_in_play` of the moment before it):
    the same question in two accounts is told apart by when it was asked."""
    if parted is None:
        return None
    return {**parted, "sides": [None if s is None else {**s, **where_in_play(moment_at(events, s["event"] - 1).table)}
                                for s, events in zip(parted["sides"], accounts)]}


def parting_of(first: Sequence[Any], second: Sequence[Any]) -> dict[str, Any] | None:
    """Where two whole accounts part (`parting` of their alignment), each act placed in the play."""
    a, b = as_events(first), as_events(second)
    return _placed(parting(aligned(a, b)), (a, b))


def same_moment(first: Sequence[Any], second: Sequence[Any], n: int) -> int:
    """The second account's last event at the moment of play of the first account's event `n`: the
    rows of their alignment (`aligned`) up to the one that holds that event, and the second's last
    act among them (1 where it has none: its opening). Two accounts number their events each its own
    way, so that the same event number is not the same moment."""
    a, b = as_events(first), as_events(second)
    at = 1
    for r in aligned(a, b):
        mine, theirs = r["sides"]
        if mine is not None and mine["event"] > n:
            break
        if theirs is not None:
            at = theirs["event"]
        if mine is not None and mine["event"] == n:
            break
    return at


def parting(rows: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """Where the two accounts part, act by act (`aligned`'s rows): each account's first act (no
    statement, tag, finding, appeal or correction: what the table sees) that the other does not hold
    at the same moment, and `step`, the first of their rows; None where their acts are the same. An
    account's own title (`tag Account`) and its players' statements differ in every two accounts and
    are no parting of the acts."""
    first: list[dict[str, Any] | None] = [None, None]
    step = None
    for k, r in enumerate(rows):
        if not r["differs"]:
            continue
        for i, side in enumerate(r["sides"]):
            if side is not None and first[i] is None and side["kind"] not in _NOT_ACTS:
                first[i] = side
                step = k if step is None else step
        if first[0] is not None and first[1] is not None:
            break
    return None if step is None else {"step": step, "sides": first}


def _gap(a: Sequence[Event], b: Sequence[Event], cards: list[dict[int, tuple[int, int]]],
         taken_back: list[set[tuple[int, str]]]) -> list[dict[str, Any]]:
    """The acts of the two accounts between the same two matched cards, moment by moment (as many
    cards played before each, a card taken back not counted): at each moment the same line in both
    matched, and an act one account has and the other lacks in a row of its own, the other side None."""
    def before(e: Event, side: int) -> int:  # (cards played before it: a card's own is not)
        n = cards[side][e.number][0]
        return n - _cards_staying(e, taken_back[side]) if e.kind == "play" else n

    rows: list[dict[str, Any]] = []
    for moment in sorted({before(e, 0) for e in a} | {before(e, 1) for e in b}):
        here = [e for e in a if before(e, 0) == moment], [e for e in b if before(e, 1) == moment]
        start = len(rows)
        ops = SequenceMatcher(None, [e.line for e in here[0]], [e.line for e in here[1]], autojunk=False).get_opcodes()
        for tag, i1, i2, j1, j2 in ops:
            if tag == "equal":
                rows += [{"sides": [_side(x), _side(y)], "differs": False}
                         for x, y in zip(here[0][i1:i2], here[1][j1:j2])]
                continue
            rows += [{"sides": [_side(x), None], "differs": True} for x in here[0][i1:i2]]
            rows += [{"sides": [None, _side(y)], "differs": True} for y in here[1][j1:j2]]
        # (a card played ends its moment: the acts before it at that moment come first, either side's)
        rows[start:] = sorted(rows[start:], key=lambda r: any(s is not None and s["line"].startswith("play ")
                                                              for s in r["sides"]))
    return rows


def _side(e: Event | None) -> dict[str, Any] | None:
    return None if e is None else {"event": e.number, "line": e.line, "kind": e.kind}


def _played(events: Sequence[Any]) -> dict[int, tuple[Any, ...]]:
    """Each card played, by its event: what it is (the trick it went to, and each seat's cards)."""
    out: dict[int, tuple[Any, ...]] = {}
    for e, m in moments(events):
        if e.kind == "play":
            last = m.table.last_played
            trick = last.number if last is not None else None
            out[e.number] = (trick, tuple(e.args.get("cards", ())), e.args.get("seat"))
    return out


def act_by_act(first: Sequence[Any], second: Sequence[Any], step: int | None = None) -> dict[str, Any]:
    """The two accounts at the same moment of play, for the room's compare page: its steps are the
    rows of `aligned` (the first row: event 1 of each, which opens it under its own id), and at step
    `step` (the last when None; past the last, the last) each account stands at its own event of
    that row, or, where it has no act there, at its last event before it. `compare` of the two at
    those events, each one's table (`replay.table_view`), and the rows, each with its `step`."""
    a, b = as_events(first), as_events(second)
    rows = [{"sides": [_side(a[0]), _side(b[0])], "differs": False}, *aligned(a, b)]
    for k, r in enumerate(rows, start=1):
        r["step"] = k
    k = len(rows) if step is None else max(1, min(len(rows), step))
    at = [1, 1]
    for r in rows[:k]:
        for i, side in enumerate(r["sides"]):
            if side is not None:
                at[i] = side["event"]
    compared, rulings = _compared(a, b, (at[0], at[1]))
    parted = _placed(parting(rows), (a, b))  # (over the whole records, whatever the step: where the page says they part)
    if parted is not None:
        parted["step"] = rows[parted["step"]]["step"]
    return {**compared, "parting": parted, "step": k, "last": len(rows), "rows": rows, "events_at": at,
            "exposed": [r.get("exposed", []) for r in rulings],  # (each account's cards face up: drawn apart)
            "row": rows[k - 1], "tables": [table_view(moment_at(events, n)) for events, n in zip((a, b), at)]}


def step_of(rows: Sequence[dict[str, Any]], side: int, event: int) -> int:
    """The step (row) of `act_by_act`'s rows that holds account `side`'s event `event` (or, where
    none does, the last row before it that holds one of its events)."""
    found = 1
    for r in rows:
        s = r["sides"][side]
        if s is not None and s["event"] <= event:
            found = r["step"]
    return found