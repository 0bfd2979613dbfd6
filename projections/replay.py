"""A hand's every moment, as the review room shows it: after each event, the table (the cards
each player still holds, the trick on the table, the tricks won, who is to play, exposed cards and
open questions), the rulings and the score. One fold of the hand (`projections.moment.moments`),
so the page steps from one event to the next without asking for anything, and what it shows at
N is what `handrec rulings ID --at N --json` and `handrec score ID --at N --json` say: the same
dicts, not a second reading of the laws. Pure values, ready for JSON.

The replay is compact, since most events change little: a moment's `table` holds only what
changed since the moment before (the first moment's holds everything; under `hands`, only the
seats that changed), and a moment whose rulings or score are those of the moment before holds the
index of the first moment that has them (the rulings' `at`, the moment's own event number, is
left out to share them). The page's script writes every moment out in full (the tests' reading:
`tests/review_room.expand`; `table_at` gives one moment's whole table). The score is computed afresh
only where what it read of the moment before changed (`_Scores`).
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum
from typing import Any, Callable, Iterable
from uuid import UUID

from bridge.cards import SEAT_NAMES, SEATS, sorted_hand

from .moment import Moment, moments
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


def table_view(moment: Moment) -> dict[str, Any]:
    """The table at this moment, as the page draws it."""
    table = moment.table
    return _view(table, table.won(), {s: _seat_view(table, s) for s in SEATS})


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


def _value(v: Any) -> Any:
    cls = v.__class__
    kind = _KINDS.get(cls)
    if kind is None:
        kind = _KINDS[cls] = _kind(cls)
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
JUDGE_PARTS: dict[str, Callable[[Any], Any]] = {
    "revokes": lambda j: tuple(map(_frozen, j.revokes)),
    "irregularities": lambda j: tuple(map(_frozen, j.irregularities)),  # (L81: a new deal elected)
}


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
        self.values: tuple[Any, ...] | None = None  # ... and their values then
        self.last: tuple[dict[str, Any] | None, str | None] = (None, None)
        self.computed = 0

    def values_of(self, moment: Moment, won: dict[str, int]) -> tuple[Any, ...] | None:
        """The values at this moment of what the last score read (`won`: the table's, read once)."""
        assert self.read is not None
        names, judged = self.read
        unnamed = sorted((set(names) - TABLE_PARTS.keys()) | (set(judged) - JUDGE_PARTS.keys()))
        if unnamed:
            # The dependency is declared, never guessed: a part the score reads that is not named
            # here is a fault of this module, said at once, not a cache turned off in silence.
            raise LookupError(f"the score read {', '.join(unnamed)} of the moment, which TABLE_PARTS and "
                              f"JUDGE_PARTS (projections/replay.py) do not name: name it there, with its value")
        t, j = moment.table, moment.judge
        try:
            return (tuple(TABLE_PARTS[n](t) if n != "won" else (won["NS"], won["EW"]) for n in names),
                    tuple(JUDGE_PARTS[n](j) for n in judged))
        except _Unfrozen:
            return None  # a value that cannot be compared: score every moment

    def at(self, moment: Moment, won: dict[str, int]) -> tuple[dict[str, Any] | None, str | None]:
        """(the score, None) or (None, why it cannot be scored yet)."""
        values = None
        if self.values is not None:
            values = self.values_of(moment, won)
            if values == self.values:
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
        if read != self.read or values is None:
            self.read = read
            values = self.values_of(moment, won)
        self.values = values
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


def _changed(view: dict[str, Any], before: dict[str, Any] | None) -> dict[str, Any]:
    """What of `view` differs from `before`: under `hands`, the seats whose part is another."""
    if before is None:
        return view
    out = {k: v for k, v in view.items() if k != "hands" and v != before[k]}
    hands = {s: h for s, h in view["hands"].items() if h is not before["hands"][s]}
    if hands:
        out["hands"] = hands
    return out


def _line_item(e: Event, fixes: dict[int, Any]) -> dict[str, Any]:
    """An event as the page lists it; a note with what was said and who said it (its `said`), for
    the statements shown beside the ruling."""
    item = {"number": e.number, "kind": e.kind, "line": e.line, "corrected": fixes.get(e.number)}
    if e.kind == "note":
        item["said"] = {"by": e.args.get("author") or "", "text": e.args.get("text", "")}
    return item


def replay(events: Iterable[Any]) -> dict[str, Any]:
    """Every event's line, and the moment after each: the table, the rulings, the score (or why
    the hand cannot be scored yet), compact as the module says."""
    stored = as_events(events)
    fixes = {n: correction_of(fix) for n, fix in corrections(stored).items()}
    lines: list[dict[str, Any]] = []
    after: list[dict[str, Any]] = []
    first: dict[str, tuple[int, Any]] = {}  # "rulings"/"score": (index of the first moment with it, value)
    views = _Views()
    before: dict[str, Any] | None = None
    scores = _Scores(board_facts(stored))
    for i, (e, moment) in enumerate(moments(stored)):
        lines.append(_line_item(e, fixes))
        won = moment.table.won()
        scored = scores.at(moment, won)
        view = views.view(moment, won)
        now: dict[str, Any] = {"table": _changed(view, before), "unscored": scored[1]}
        before = view
        rulings = moment.rulings()
        del rulings["at"]  # the moment's own number: put back by the page's script
        for key, value in (("rulings", rulings), ("score", scored[0])):
            seen = first.get(key)
            if seen is not None and (seen[1] is value or seen[1] == value):
                now[key] = seen[0]
            else:
                first[key] = (i, value)
                now[key] = value
        after.append(now)
    hand = after[0]["table"]["hand"] if after else ""
    return {"hand": hand, "events": lines, "moments": after}


def replay_at(events: Iterable[Any], n: int | None = None) -> dict[str, Any]:
    """Every event's line, and only two moments written out whole, the others None: after event
    `n` (the last when None) and after the last event (the whole record's players and occasion).
    What a hand's page opens with, made in one fold and drawn at once; the whole replay follows
    (the review room asks for it after the page). `partial` marks it."""
    stored = as_events(events)
    fixes = {k: correction_of(fix) for k, fix in corrections(stored).items()}
    last = len(stored)
    keep = {last - 1, (last if n is None else max(1, min(last, n))) - 1}
    lines: list[dict[str, Any]] = []
    out: list[dict[str, Any] | None] = [None] * last
    board = board_facts(stored)
    for i, (e, moment) in enumerate(moments(stored)):
        lines.append(_line_item(e, fixes))
        if i in keep:
            won = moment.table.won()
            try:
                scored: tuple[dict[str, Any] | None, str | None] = (score(moment, board), None)
            except CannotScore as why:
                scored = (None, str(why))
            rulings = moment.rulings()
            del rulings["at"]  # (as in the whole replay: the page's script puts it back)
            out[i] = {"table": _Views().view(moment, won), "unscored": scored[1], "rulings": rulings,
                      "score": scored[0]}
    hand = out[-1]["table"]["hand"] if out and out[-1] else ""
    return {"hand": hand, "events": lines, "moments": out, "partial": True}


def table_at(compact: dict[str, Any], index: int) -> dict[str, Any]:
    """The whole table of moment `index` (from 0) of a compact replay (or of `replay_at`'s, for one
    of the moments it holds)."""
    if compact.get("partial"):
        return compact["moments"][index]["table"]
    table: dict[str, Any] = {}
    for m in compact["moments"][:index + 1]:
        changed = m["table"]
        table = {**table, **changed, "hands": {**table.get("hands", {}), **changed.get("hands", {})}}
    return table
