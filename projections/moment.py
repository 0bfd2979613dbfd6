"""The one way to the table and the rulings at event N: a pure fold of a hand's events.

After each event the table takes it (`table.apply`: the cards, tricks, questions, as the record
says), then the judge says what the laws make of it (`rulings.judge.step`), reading the table and
writing only its own state, and returns what the laws decided that the table is to carry out
(`rulings.state.Decided`: a card taken back that stays in its trick, L83, L90; a premature card
taken up, L57; dummy become declarer, L54A; ...). The moment carries it out on the table in the
same step (`carry_out`), so the table at N is the same from every entry point: `at`, `moments`,
and everything built on them (views, score, scan, analysis rows, PBN).
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
from .rulings.state import NOTHING, Decided, Judge
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
    """Event `e` happens: the table takes it, the judge rules on it, and what the laws decided the
    table carries out (`carry_out`). One pass: the table, then the judge, then the table."""
    table, judge = moment.table, moment.judge
    acts = simultaneous(table, e) if e.kind == "play" and len(e.args["cards"]) > 1 else (e,)
    decided = NOTHING
    for act in acts:
        expected = table.in_rotation() if act.kind in judging.PLAYED else None
        apply(table, act)
        ruled = judging.step(judge, table, act, expected)
        # (`decided.then(ruled)`, asked only after an earlier act of the event: most events are one)
        decided = ruled if decided is NOTHING else decided.then(ruled)
        # L57A, L57D, L60B: a premature card the laws take up from its trick is taken up before the
        # next player's card of the same event is played (L58A: deemed subsequent to it).
        for seat in decided.taken_up:
            placement.take_up(table, e.number, seat)
    if decided is not NOTHING:
        carry_out(table, e.number, decided)


def carry_out(table: Table, number: int, decided: Decided) -> None:
    """What the laws decided at event `number` (the judge's step returns it), carried out on the
    table in the same step, so that the table at N is the same from every entry point. (A card
    taken up is taken up as each player's card of the event is ruled: `step`.)"""
    if decided.kept is not None:
        # L83, L90 (duplicate L63B, L47F2, L52A): the card taken back stays in its trick, a card
        # owed in its place (L86) or none (L90).
        table.keep_in_trick(number, substitute_owed=decided.kept)
    if decided.owed_to_trick:
        table.owe_to_trick(number)  # duplicate L62C3, L62D1: the substitute goes to the revoke trick (L62B)
    if decided.becomes_declarer is not None:
        table.declarer_becomes(decided.becomes_declarer)  # L54A: dummy becomes declarer
    if decided.claim_void:
        void_claim(table, number)  # duplicate L68B2: no claim nor concession occurred; play continues
    if decided.put_back is not None:
        placement.put_back(table, decided.put_back)  # L57D, L50D1: it counts in its trick at his proper turn
    if decided.lead_next is not None:
        placement.lead_next(table, *decided.lead_next, number)  # L60A2: the lead to the next trick stands


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
