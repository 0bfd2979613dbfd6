"""The one way to the table and the rulings at event N: a pure fold of a hand's events.

After each event the table takes it (`table.apply`: the cards, tricks, questions, as the record
says), then the judge says what the laws make of it (`rulings.judge.step`), reading the table and
writing only its own state. Where the laws decide that a card taken back stays in its trick (an
established revoke, L83; a quitted trick, L90), the table applies that decision itself
(`Table.keep_in_trick`) in the same step, so the table at N is the same from every entry point:
`at`, `moments`, and everything built on them (views, score, scan, analysis rows, PBN).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from bridge.lines import CORRECTIONS, played_by

from . import placement
from .claims import void_claim
from .record import corrected
from .rulings import judge as judging
from .rulings.render import rulings as render_rulings
from .rulings.state import Judge
from .events import Event, as_events
from .table import Table, apply


@dataclass
class Moment:
    """The table and the judge after some events."""

    table: Table
    judge: Judge

    def rulings(self) -> dict[str, Any]:
        """The rulings JSON of docs/json.md at this moment."""
        return render_rulings(self.judge, self.table)


def step(moment: Moment, e: Event) -> None:
    """Event `e` happens: the table takes it, the judge rules on it, the table keeps what the
    laws keep."""
    table, judge = moment.table, moment.judge
    if e.kind == "play" and len(e.args["cards"]) > 1:
        for act in simultaneous(table, e):
            _act(moment, act)
    else:
        _act(moment, e)
    owed = judge.kept.get(e.number)
    if owed is not None:
        table.keep_in_trick(e.number, substitute_owed=owed)
    if judge.owed_to_trick and e.number in judge.owed_to_trick:
        table.owe_to_trick(e.number)
    if judge.becomes_declarer and e.number in judge.becomes_declarer:
        table.declarer_becomes(judge.becomes_declarer[e.number])
    if judge.claims_void and e.number in judge.claims_void:
        void_claim(table, e.number)
    if judge.premature:
        if e.number in judge.put_back:
            placement.put_back(table, judge.put_back[e.number])
        if e.number in judge.lead_next:
            placement.lead_next(table, *judge.lead_next[e.number], e.number)


def _act(moment: Moment, e: Event) -> None:
    """One player's act: the table takes it, the judge rules on it; a card the laws take up from
    its trick is taken up before the next player's card of the same event is played."""
    table, judge = moment.table, moment.judge
    expected = table.in_rotation() if e.kind in judging.PLAYED else None
    apply(table, e)
    judging.step(judge, table, e, expected)
    if judge.premature and judge.taken_up:
        for number, seat in [k for k in judge.taken_up if k[0] == e.number]:
            placement.take_up(table, number, seat)


def simultaneous(table: Table, e: Event) -> list[Event]:
    """A play of cards faced by two or more players at the same moment, as the law takes it: "A
    lead or play made simultaneously with another player's legal lead or play is deemed to be
    subsequent to it" (duplicate L58A): the card of the player whose turn it was first, then the
    other's, each a play of its own at the same event, which the judge rules as any card (in turn
    then, or premature, L57; `after` names the legal one). With neither in turn, neither is a legal
    play: the line's order, no `after`. One player's cards: the event itself."""
    groups = played_by(e.args)
    if len(groups) == 1:
        return [e]
    turn = table.in_rotation()
    groups.sort(key=lambda g: g[0] != turn)  # (stable: with neither in turn, the line's order)
    first = groups[0][0] if groups[0][0] == turn else None  # the legal lead or play, if either was in turn
    return [Event(e.number, e.kind, {"seat": seat, "cards": played, **({"after": first} if first and seat != first
                                                                       else {})}, e.line) for seat, played in groups]


def _fold(events: Iterable[Event]) -> Moment:
    moment = Moment(Table(), Judge())
    for e in events:
        step(moment, e)
    return moment


def moments(events: Iterable[Any]) -> Iterator[tuple[Event, Moment]]:
    """Yield (event, moment) after each event: the whole hand in one fold. The moment is changed by
    each event (copy it to keep one); a correction of the record folds the record as corrected
    afresh (`projections.record`), into a new moment."""
    moment = Moment(Table(), Judge())
    seen: list[Event] = []
    for e in as_events(events):
        seen.append(e)
        if e.kind in CORRECTIONS:
            moment = _fold(corrected(seen))
        else:
            step(moment, e)
        yield e, moment


def at(events: Iterable[Any], n: int | None = None) -> Moment:
    """The moment after events 1..n (all when n is None), the corrections among them applied."""
    record = [e for e in as_events(events) if n is None or e.number <= n]
    return _fold(corrected(record))  # (the events themselves when none is a correction)


def statements(moment: Moment) -> list[dict[str, Any]]:
    """What was said up to the moment, as the record (corrected) holds it: each note, who said it
    (`note by=NAME ...`), shown with the ruling."""
    return [{"event": n, "by": by, "text": text} for n, text, by in moment.table.notes]


def rulings_at(events: Iterable[Any], n: int | None = None) -> dict[str, Any]:
    return at(events, n).rulings()
