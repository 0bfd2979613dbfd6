"""A hand's every moment, as the review room shows it: after each event, the table (the cards
each player still holds, the trick on the table, the tricks won, who is to play, exposed cards and
open questions), the rulings and the score. One fold of the hand (`projections.moment.moments`),
so the page steps from one event to the next without asking for anything, and what it shows at
N is what `handrec rulings ID --at N --json` and `handrec score ID --at N --json` say: the same
dicts, not a second reading of the laws. Pure values, ready for JSON.

The replay is compact, since most events change little, and grows with the hand, not with its
square: each moment's `table`, `rulings`, `score` and `unscored` are told as what changed since the
moment before at the same place (`projections.delta`: a value the same as before is `{"=": 1}`, an
item added to a list is that item alone), the first moment's against nothing; the rulings' `at`,
the moment's own event number, is left out. So a statement, a revoke's remark or an irregularity
is sent once, however many moments show it. The page's script reads each moment from the one
before, when it is shown (the tests' reading: `tests/review_room.expand`; `table_at` gives one
moment's whole table). The score is computed afresh only where what it read of the moment before
changed (`_Scores`). A hand whose rulings are too large to show moment by moment (the items they
list, summed over the moments, past `most`) is not replayed (`TooLarge`).
"""

from __future__ import annotations

import copy
import operator
from contextvars import ContextVar
from datetime import datetime
from enum import Enum
from itertools import chain
from typing import Any, Callable, Iterable
from uuid import UUID

from bridge.cards import SEAT_NAMES, SEATS, sorted_hand

from .delta import NOTHING, delta, undelta
from .moment import Moment, at, moments
from .duplicate_score import board_facts
from .score import CannotScore, score
from .record import correction_of, corrections
from .events import Event, as_events
from .claims import open_to_doubt
from .table import Table, open_questions
from .tricks import Trick


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


def table_view(moment: Moment, won: dict[str, int] | None = None) -> dict[str, Any]:
    """The table at this moment, as the page draws it (`won`: the tricks each side won, when
    already counted)."""
    table = moment.table
    return _view(table, table.won() if won is None else won, {s: _seat_view(table, s) for s in SEATS})


def _seat_view(table: Table, s: str) -> dict[str, Any]:
    held = table.hands[s]
    return {
        "name": SEAT_NAMES[s],
        "player": table.tags.get(SEAT_NAMES[s], ""),  # who sat there, when the record says
        "role": "declarer" if s == table.declarer else "dummy" if s == table.dummy else "",
        "held": None if held is None else _cards(held),
        "shown": [str(c) for c in table.shown[s]],  # what a hand not known has played
        # cards played that the record does not know, still among those held (`unknown_cards`)
        **({"unknown": table.unknown[s]} if table.unknown.get(s) else {}),
    }


def _open_to_doubt(table: Table) -> bool:
    c = open_to_doubt(table)
    return c is not None and c.adjudication is None


def _dealt(table: Table) -> dict[str, list[str] | None]:
    return {s: None if h is None else [str(c) for c in sorted_hand(h)] for s, h in table.dealt.items()}


def _history(table: Table) -> list[dict[str, Any]]:
    return [{"number": t.number, "leader": t.leader, "cards": [[p.seat, str(p.card)] for p in t.live],
             "winner": t.winner(table.trump) if t.complete else None, "quitted_by": t.quitted_by}
            for t in table.tricks if t.complete or t.quitted_by]


def _view(table: Table, won: dict[str, int], hands: dict[str, dict[str, Any]],
          dealt: dict[str, Any] | None = None, history: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    contract = table.contract
    on_table = _on_the_table(table)
    return {
        "at": table.at,
        "hand": table.hand_id,
        "dealer": table.dealer,
        "contract": str(contract) if contract else None,
        "calls": list(table.calls),  # the auction's calls in order from the dealer's (empty: none recorded)
        # the calls alerted or explained: each by its number in `calls` (1: the first), with what was
        # said ("": alerted, no explanation recorded)
        "alerts": [{"call": n, "text": text} for n, text in sorted(table.alerts.items())],
        "declarer": table.declarer,
        "dummy": table.dummy,
        "hands": hands,
        "trick": _trick(table, on_table) if on_table else None,
        "tricks_played": len(table.tricks),
        "won": won,
        "to_play": table.expected(),
        "questions": [{"asker": q.asker, "asked": q.asked, "event": q.event} for q in open_questions(table)],
        "claim": ({"seat": table.claim[0], "tricks": table.claim[1], "event": table.claim[2]}
                  if table.claim else None),
        # whether a player may doubt a claim now (the claim standing, or one the play went on past
        # without voiding it: `claims.open_to_doubt`), the Director not having adjudicated it yet
        "claim_open_to_doubt": _open_to_doubt(table),
        "cut_at": table.cut_at,
        "ruleset": table.ruleset,
        "source": dict(table.source),
        "rubber": table.rubber,
        "tags": dict(table.tags),
        # The deal as dealt (each seat's cards, null when not known), and the tricks played so far,
        # for the history a director reads beside the table at every moment.
        "dealt": _dealt(table) if dealt is None else dealt,
        "history": _history(table) if history is None else history,
    }


def _frozen(record: Any) -> tuple[Any, ...]:
    """A record (a revoke, a trick, a card played) as it is now, that later changes to it will not
    change: its fields' values, lists and dicts made tuples, sets frozensets, records the same way
    (a frozen dataclass, a card, is kept: it does not change); what it keeps only to be read faster
    (a name starting with '_') left out."""
    return tuple([v if v.__class__ in _SCALARS else _value(v) for k, v in record.__dict__.items() if k[0] != "_"])


_KEPT, _SEQUENCE, _SET, _DICT, _RECORD, _UNKNOWN = range(6)
_KINDS: dict[type, int] = {}  # a class: how its values are made still (read once a class)
_SCALARS = frozenset({str, int, bool, type(None)})


def _kind(cls: type) -> int:
    if issubclass(cls, (list, tuple)):
        return _SEQUENCE
    if issubclass(cls, (set, frozenset)):
        return _SET
    if issubclass(cls, dict):
        return _DICT
    if issubclass(cls, (str, int, float, bytes, Enum, UUID, datetime)) or cls is type(None):
        return _KEPT
    params = cls.__dict__.get("__dataclass_params__")
    if params is not None and params.frozen:
        return _KEPT  # a card, a contract: a frozen dataclass is taken not to change
    if getattr(cls, "__dictoffset__", 0):
        return _RECORD  # its fields in its __dict__
    return _UNKNOWN  # a value this cannot tell unchanged


class _Unfrozen(Exception):
    """A value `_value` cannot make still (its fields are not in a __dict__)."""


def _kind_of(cls: type) -> int:
    """How a class's values are made still (`_kind`), read once a class."""
    kind = _KINDS.get(cls)
    if kind is None:
        kind = _KINDS[cls] = _kind(cls)
    return kind


def _value(v: Any) -> Any:
    cls = v.__class__
    kind = _kind_of(cls)
    if kind == _KEPT:
        return v
    if kind == _SEQUENCE:
        return tuple([_value(x) for x in v])
    if kind == _SET:
        return frozenset(v)
    if kind == _DICT:
        return tuple([(k, _value(x)) for k, x in v.items()])
    if kind == _RECORD:
        return _frozen(v)  # a record that may change in place
    raise _Unfrozen(cls.__name__)


def _copy(v: Any) -> Any:
    """A value as it is now, that later changes to it will not change, and equal to it (lists,
    dicts and sets copied; what does not change kept, as `_value` keeps it): a list of scalars, or
    of tuples of scalars (a revoke's remarks), copied at C's speed."""
    cls = v.__class__
    kind = _kind_of(cls)
    if kind == _KEPT:
        return v
    if kind == _SEQUENCE:
        types = set(map(type, v))
        if types <= _SCALARS or (types == {tuple} and set(map(type, chain.from_iterable(v))) <= _SCALARS):
            return v if cls is tuple else list(v)
        return tuple([_copy(x) for x in v]) if cls is tuple else [_copy(x) for x in v]
    if kind == _SET:
        return set(v) if cls is set else v
    if kind == _DICT:
        return {k: _copy(x) for k, x in v.items()}
    try:
        return copy.deepcopy(v)  # (a record in a record: copied whole, compared by its own equality)
    except Exception as e:  # (a value that cannot be copied cannot be compared either)
        raise _Unfrozen(type(e).__name__) from None


def _items(d: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(d.items())


# What the score may read of a moment, each as a value that later events will not change: a
# table's attribute (a property or method read through the attributes it reads), or the judge's.
# The score is a pure function of the moment: where it read only these, and they are the same at
# a later moment, so is its score, and it is not scored again. The score may read nothing else:
# a part it reads that is not named here is refused at once (LookupError), never passed over.
TABLE_PARTS: dict[str, Callable[[Table], Any]] = {
    "hand_id": lambda t: t.hand_id,
    "ruleset": lambda t: t.ruleset,
    "code": lambda t: t.code,  # (the code of laws the ruleset names: one value a code)
    "options": lambda t: _items(t.options),
    "settings": lambda t: (t.ruleset, _items(t.options)),  # the ruleset's settings, with its options
    "source": lambda t: _items(t.source),
    "tags": lambda t: _items(t.tags),
    "dealer": lambda t: t.dealer,
    "calls": lambda t: tuple(t.calls),
    "contract": lambda t: t.contract,
    "trump": lambda t: t.contract, "declarer": lambda t: t.contract, "dummy": lambda t: t.contract,
    "is_adversary": lambda t: t.contract,
    "dealt": lambda t: tuple(t.dealt.values()),
    "honors_said": lambda t: tuple(None if h is None else frozenset(h) for h in t.honors_said.values()),
    "shown": lambda t: tuple(map(tuple, t.shown.values())),
    "voids": lambda t: tuple(map(frozenset, t.voids.values())),
    "claim": lambda t: t.claim,
    "last_claim": lambda t: repr(t.last_claim),  # (its doubts and adjudication: `projections.claims`)
    "cut_at": lambda t: t.cut_at,
    "adjustments": lambda t: tuple(t.adjustments),
    "won": lambda t: (lambda w: (w["NS"], w["EW"]))(t.won()),
    "tricks": lambda t: tuple(map(_frozen, t.tricks)),  # each with its plays
}
# The judge's parts are lists of records (`_Records` keeps them as they were, record by record).
JUDGE_PARTS: dict[str, Callable[[Any], list[Any]]] = {
    "revokes": lambda j: j.revokes,
    "irregularities": lambda j: j.irregularities,  # (L81: a new deal elected)
}


class _Records:
    """A list of records (the judge's revokes, or its irregularities) as it was: each record's
    fields copied whole (`_copy`) when it is first seen or has changed, and compared with the
    list as it is now by C's comparison of dicts, so that a record the moments keep unchanged is
    neither copied nor made still again (a hand of a thousand irregularities would have each made
    still at every moment). A record whose fields cannot be copied makes it fail (`_Unfrozen`)."""

    __slots__ = ("records", "fields")

    def __init__(self, records: list[Any], before: _Records | None = None) -> None:
        self.records = list(records)
        kept = 0
        if before is not None:
            same = list(map(operator.is_, self.records, before.records))
            kept = same.index(False) if False in same else len(same)
            now = [r.__dict__ for r in self.records[:kept]]
            if now != before.fields[:kept]:  # (a record changed in place: keep those before it)
                kept = next(i for i, (d, f) in enumerate(zip(now, before.fields)) if d != f)
        self.fields = (before.fields[:kept] if before is not None else []) + \
            [{k: _copy(v) for k, v in r.__dict__.items()} for r in self.records[kept:]]

    def same(self, records: list[Any]) -> bool:
        """Whether `records` are these records, each with the fields it had."""
        return len(records) == len(self.records) and all(map(operator.is_, records, self.records)) and \
            [r.__dict__ for r in records] == self.fields


class _Reading:
    """An object as the score sees it: the names of the attributes it reads are noted."""

    __slots__ = ("_obj", "_seen")

    def __init__(self, obj: Any, seen: set[str]):
        self._obj, self._seen = obj, seen

    def __getattr__(self, name: str) -> Any:
        self._seen.add(name)
        return getattr(self._obj, name)


class _Scores:
    """The score of each moment in turn: scored afresh only where what it read of the moment
    before changed (`TABLE_PARTS`, `JUDGE_PARTS`)."""

    def __init__(self, board: dict[str, str] | None = None) -> None:
        self.board = board  # the record's facts of the board (`board_facts`), the same at every moment
        self.read: tuple[tuple[str, ...], tuple[str, ...]] | None = None  # the names the last score read
        self.values: tuple[Any, ...] | None = None  # ... and their values then (the table's, the judge's)
        self.last: tuple[dict[str, Any] | None, str | None] = (None, None)
        self.computed = 0

    def values_of(self, moment: Moment, won: dict[str, int]) -> tuple[Any, ...] | None:
        """The values at this moment of the table's parts the last score read (`won`: the
        table's, read once); None when one cannot be compared."""
        assert self.read is not None
        names, judged = self.read
        unnamed = sorted((set(names) - TABLE_PARTS.keys()) | (set(judged) - JUDGE_PARTS.keys()))
        if unnamed:
            # The dependency is declared, never guessed: a part the score reads that is not named
            # here is a fault of this module, said at once, not a cache turned off in silence.
            raise LookupError(f"the score read {', '.join(unnamed)} of the moment, which TABLE_PARTS and "
                              f"JUDGE_PARTS (projections/replay.py) do not name: name it there, with its value")
        t = moment.table
        try:
            return tuple(TABLE_PARTS[n](t) if n != "won" else (won["NS"], won["EW"]) for n in names)
        except _Unfrozen:
            return None  # a value that cannot be compared: score every moment

    def judged(self, moment: Moment, before: tuple[_Records, ...] | None) -> tuple[_Records, ...] | None:
        """The judge's parts the last score read, kept as they are now (from those kept before);
        None when one cannot be compared."""
        assert self.read is not None
        try:
            return tuple(_Records(JUDGE_PARTS[n](moment.judge), before[i] if before else None)
                         for i, n in enumerate(self.read[1]))
        except _Unfrozen:
            return None

    def at(self, moment: Moment, won: dict[str, int]) -> tuple[dict[str, Any] | None, str | None]:
        """(the score, None) or (None, why it cannot be scored yet)."""
        values = None
        if self.values is not None:
            values = self.values_of(moment, won)
            judged = zip(self.read[1], self.values[1])  # type: ignore[index]
            if values == self.values[0] and all(kept.same(JUDGE_PARTS[n](moment.judge)) for n, kept in judged):
                return self.last
        table_seen: set[str] = set()
        judge_seen: set[str] = set()
        self.computed += 1
        try:
            self.last = (score(Moment(_Reading(moment.table, table_seen),  # type: ignore[arg-type]
                                      _Reading(moment.judge, judge_seen)), self.board), None)  # type: ignore[arg-type]
        except CannotScore as why:
            self.last = (None, str(why))
        read = (tuple(sorted(table_seen)), tuple(sorted(judge_seen)))
        kept = self.values[1] if self.values is not None and read[1] == self.read[1] else None  # type: ignore[index]
        if read != self.read or values is None:
            self.read = read
            values = self.values_of(moment, won)
        judged = self.judged(moment, kept) if values is not None else None
        self.values = None if values is None or judged is None else (values, judged)
        return self.last


class _Views:
    """The table view of each moment in turn, built from the one before: a seat's part is made
    again only when its cards, what it has shown, its role, its player or its cards not known changed; the same as
    `table_view` (tests/test_review.py checks it)."""

    def __init__(self) -> None:
        self.seats: dict[str, tuple[Any, ...]] = {}  # seat: (held, shown, role, player, cards not known, its view)
        self.dealt: tuple[Any, Any] = (None, None)  # (the deal it was made of, the view of it)
        self.history: tuple[Any, Any] = (None, None)  # (what the tricks were, the view of them)

    def seat(self, table: Table, s: str) -> dict[str, Any]:
        held, shown = table.hands[s], table.shown[s]
        role = "declarer" if s == table.declarer else "dummy" if s == table.dummy else ""
        player = table.tags.get(SEAT_NAMES[s], "")
        unknown = table.unknown.get(s, 0)
        kept = self.seats.get(s)
        if kept is not None and kept[0] == held and kept[1] == shown and kept[2] == role and kept[3] == player \
                and kept[4] == unknown:
            return kept[5]
        view = _seat_view(table, s)
        self.seats[s] = (None if held is None else frozenset(held), list(shown), role, player, unknown, view)
        return view

    def view(self, moment: Moment, won: dict[str, int]) -> dict[str, Any]:
        table = moment.table
        deal = tuple(table.dealt.values())
        if self.dealt[0] != deal:
            self.dealt = (deal, _dealt(table))
        # (what the history is made of: a correction of the record folds afresh, and may change any
        # card, or the contract and so the trump)
        tricks = (table.trump, tuple((t.number, t.leader, t.complete, t.quitted_by,
                                      tuple((p.seat, p.card, p.live) for p in t.plays)) for t in table.tricks))
        if self.history[0] != tricks:
            self.history = (tricks, _history(table))
        return _view(table, won, {s: self.seat(table, s) for s in SEATS}, self.dealt[1], self.history[1])


# Told when a replay's fold begins, if set (the review room: the store has answered, and the time
# from then is the page's making): a callable of no argument, in the context of whoever waits.
FOLD_BEGINS: ContextVar[Callable[[], None] | None] = ContextVar("projections_fold_begins", default=None)


def _fold_begins() -> None:
    told = FOLD_BEGINS.get()
    if told is not None:
        told()


def _line_item(e: Event, fixes: dict[int, Any]) -> dict[str, Any]:
    """An event as the page lists it; a note with what was said and who said it (its `said`), for
    the statements shown beside the ruling."""
    item = {"number": e.number, "kind": e.kind, "line": e.line, "corrected": fixes.get(e.number)}
    if e.kind == "note":
        item["said"] = {"by": e.args.get("author") or "", "text": e.args.get("text", "")}
    return item


class TooLarge(Exception):
    """A hand whose rulings are too large to show moment by moment: the items they list (revokes
    and their remarks, irregularities, corrections, findings, exposed cards, open questions), summed
    over its moments, pass the bound `replay` was given, at event `at`."""

    def __init__(self, items: int, at: int, most: int) -> None:
        super().__init__(f"its rulings list {items:,} items over its first {at:,} moments, more than "
                         f"{most:,}")
        self.items, self.at, self.most = items, at, most


def ruled_items(rulings: dict[str, Any], view: dict[str, Any]) -> int:
    """How many items the rulings at a moment list, with the table's open questions: what showing
    the moment costs, beside its table (each a ruling to word, compare and send)."""
    n = len(view["questions"])
    for v in rulings.values():
        if v.__class__ is list:
            n += len(v)
    for v in rulings["revokes"]:
        n += len(v.get("remarks", ()))
    return n


def replay(events: Iterable[Any], most: int | None = None) -> dict[str, Any]:
    """Every event's line, and the moment after each: the table, the rulings, the score (or why
    the hand cannot be scored yet), compact as the module says. With `most`, TooLarge when the
    rulings' items summed over the moments (`ruled_items`) pass it: the fold stops there."""
    _fold_begins()
    stored = as_events(events)
    fixes = {n: correction_of(fix) for n, fix in corrections(stored).items()}
    lines: list[dict[str, Any]] = []
    after: list[dict[str, Any]] = []
    views = _Views()
    before: dict[str, Any] = {"table": NOTHING, "rulings": NOTHING, "score": NOTHING, "unscored": NOTHING}
    scores = _Scores(board_facts(stored))
    listed = 0
    for i, (e, moment) in enumerate(moments(stored)):
        lines.append(_line_item(e, fixes))
        won = moment.table.won()
        scored = scores.at(moment, won)
        rulings = moment.rulings()
        del rulings["at"]  # the moment's own number: put back by the page's script
        now = {"table": views.view(moment, won), "rulings": rulings, "score": scored[0], "unscored": scored[1]}
        if most is not None:
            listed += ruled_items(rulings, now["table"])
            if listed > most:
                raise TooLarge(listed, i + 1, most)
        after.append({k: delta(before[k], v) for k, v in now.items()})
        before = now
    hand = before["table"]["hand"] if after else ""
    return {"hand": hand, "events": lines, "moments": after}


def replay_at(events: Iterable[Any], n: int | None = None) -> dict[str, Any]:
    """Every event's line, and only two moments written out whole, the others None: after event
    `n` (the last when None) and after the last event (the whole record's players and occasion).
    What a hand's page opens with, made in one fold and drawn at once; the whole replay follows
    (the review room asks for it after the page). `partial` marks it."""
    _fold_begins()
    stored = as_events(events)
    fixes = {k: correction_of(fix) for k, fix in corrections(stored).items()}
    last = len(stored)
    lines = [_line_item(e, fixes) for e in stored]
    out: list[dict[str, Any] | None] = [None] * last
    board = board_facts(stored)
    shown = last if n is None else max(1, min(last, n))
    if shown == last:  # (the page opens at the last event: the moment after all of them, one fold)
        if last:
            out[-1] = _moment_shown(at(stored), board)
    else:
        for i, (_, moment) in enumerate(moments(stored)):
            if i == shown - 1 or i == last - 1:
                out[i] = _moment_shown(moment, board)
    hand = out[-1]["table"]["hand"] if out and out[-1] else ""
    return {"hand": hand, "events": lines, "moments": out, "partial": True}


def _moment_shown(moment: Moment, board: dict[str, str]) -> dict[str, Any]:
    """One moment written out whole, as `replay_at` gives it: its table, rulings and score."""
    won = moment.table.won()
    try:
        scored: tuple[dict[str, Any] | None, str | None] = (score(moment, board), None)
    except CannotScore as why:
        scored = (None, str(why))
    rulings = moment.rulings()
    del rulings["at"]  # (as in the whole replay: the page's script puts it back)
    return {"table": table_view(moment, won), "unscored": scored[1], "rulings": rulings, "score": scored[0]}


def table_at(compact: dict[str, Any], index: int) -> dict[str, Any]:
    """The whole table of moment `index` (from 0) of a compact replay (or of `replay_at`'s, for one
    of the moments it holds)."""
    if compact.get("partial"):
        return compact["moments"][index]["table"]
    table: Any = None
    for m in compact["moments"][:index + 1]:
        table = undelta(table, m["table"])
    return table
