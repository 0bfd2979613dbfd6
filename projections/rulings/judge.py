"""The judge's step: after each event, what the laws make of it. One function a kind of line
(`STEPS`, keyed by the kinds of `bridge.lines.KINDS`), each calling the seams: the revoke's life
(`revokes`), the other irregularities (`irregularities`), elections and directions
(`directions`). The judge reads the table and writes only its own state (`Judge`)."""

from __future__ import annotations

from typing import Callable

from ..events import Event
from ..table import Table
from ..tricks import Play, Trick
from . import directions, duplicate, irregularities, revokes
from .state import Judge


def play(judge: Judge, table: Table, e: Event, expected: str | None) -> None:
    if _plain_card(judge, table, e, expected):
        return
    seat = e.args["seat"]
    new = _new_plays(table, e.number)
    if not new:
        return
    if table.claims_played_out and table.claims_played_out[-1][2] > judge._claims_seen:
        irregularities.played_after_claim(judge, table, e)
    t, first = new[0]
    dup = duplicate.applies(table)  # the Laws of Duplicate Bridge: L61-L63, no quit establishes
    if judge.exposed and (first.put_right or first.leftover):
        # L81: a card put to the trick its player missed is played: no longer liable to be called (L67).
        judge.exposed = [x for x in judge.exposed if not (x.seat == seat and x.card == first.card)]
    if first.put_right:  # L81: a card added to the trick its player missed
        irregularities.put_right(judge, table, e, t, first)
        _failure_to_follow(judge, table, e, t, first, dup)
        return
    if e.kind == "put-right":
        irregularities.nothing_to_put_right(judge, e, t, first)
    if table.contract is None and t.number == 1 and first.led:
        irregularities.no_contract(judge, e)
    # The lead, or the order of play.
    if first.leftover:
        irregularities.leftover_card(judge, e, t, first)
        return
    if len(new) > 1 and not first.surplus:
        irregularities.several_cards(judge, table, e, t, seat)
    elif first.surplus:
        irregularities.surplus_card(judge, e, t, first)
    # (The seams are asked only when they have something to rule on: most cards of most hands
    # find no irregularity, revoke, direction or exposed card on record.)
    if judge.irregularities:
        irregularities.lead_stands(judge, t)
    if first.replaces and t.played_by(seat) is not first:
        return  # put in place of a card that still counts in law (late-correction): it does not count
    played = [p.card for _, p in new]
    irregularities.played_again(judge, table, e, t, played)
    if judge.irregularities:
        directions.lapse(judge, e, t, seat)
    # penalty cards played now
    faced = [x for x in judge.exposed if x.seat == seat and x.card in played] if judge.exposed else []
    if faced:
        judge.exposed = [x for x in judge.exposed if x not in faced]
    if not first.surplus:
        if not first.replaces and expected is not None and seat != expected:
            irregularities.rotation(judge, table, e, t, first, expected)
        # Revokes are judged first, then what this card does to the revokes already on record.
        if judge.revokes:
            if dup:
                duplicate.played_on(judge, table, e, t, seat)
            else:
                revokes.played_on(judge, table, e, t, seat)
                revokes.implicit_quits(judge, table, e)
        _failure_to_follow(judge, table, e, t, first, dup, faced)
        if judge.directions:
            directions.obey(judge, table, e, t, first)
    if judge.revokes:
        revokes.prove(judge, table, e, seat, played)


def _plain_card(judge: Judge, table: Table, e: Event, expected: str | None) -> bool:
    """Most cards, ruled in short: one card played (not put right, left over, surplus or put in
    place of another) to the last trick of a hand with a contract, while nothing is on record
    (no revoke, irregularity, direction, exposed card, card kept in a trick, claim played out
    unseen). `play` would skip every other branch for it; what is left is the same, in the same
    order: the rotation, the failure to follow (L83; duplicate L64), the directions, the proof.
    False, having ruled nothing, for any other card."""
    if (judge.revokes or judge.irregularities or judge.directions or judge.exposed or judge.kept
            or e.kind != "play" or table.contract is None or not table.tricks):
        return False
    if table.claims_played_out and table.claims_played_out[-1][2] > judge._claims_seen:
        return False
    t = table.tricks[-1]
    plays = t.plays
    if not plays:
        return False
    first = plays[-1]
    if (first.event != e.number or (len(plays) > 1 and plays[-2].event == e.number)
            or first.put_right or first.leftover or first.surplus or first.replaces):
        return False
    seat = e.args["seat"]
    if expected is not None and seat != expected:
        irregularities.rotation(judge, table, e, t, first, expected)
    _failure_to_follow(judge, table, e, t, first, duplicate.applies(table))
    # (no direction was on record, and judging this card makes none: nothing to obey)
    if judge.revokes:
        revokes.prove(judge, table, e, seat, [first.card])
    return True


def _failure_to_follow(judge: Judge, table: Table, e: Event, t: Trick, p: Play, dup: bool,
                       faced: list | None = None) -> None:
    """L83 (duplicate: L61): whether this card fails to follow; a revoke found under the Laws of
    Duplicate Bridge is then ruled under them (L62-L64), `faced` the penalty cards just played."""
    known = len(judge.revokes)
    revokes.failure_to_follow(judge, table, e, t, p)
    if dup and len(judge.revokes) > known:
        duplicate.found(judge, table, e, t, judge.revokes[-1], faced)


def _new_plays(table: Table, number: int) -> list[tuple[Trick, Play]]:
    """The cards event `number` put to a trick, with their trick: the cards of one event go to one
    trick, together (one `_play`), mostly at the end of the last."""
    if table.tricks:
        t = table.tricks[-1]
        plays = t.plays
        if plays and plays[-1].event == number:  # the usual case: the last cards of the last trick
            i = len(plays) - 1
            while i > 0 and plays[i - 1].event == number:
                i -= 1
            return [(t, p) for p in plays[i:]]
    for t in reversed(table.tricks):
        new = [(t, p) for p in t.plays if p.event == number]
        if new:
            return new
    return []


def quit(judge: Judge, table: Table, e: Event) -> None:
    t = next((t for t in reversed(table.tricks) if t.quitted_at == e.number), None)
    if t is None:
        return
    irregularities.quitted(judge, table, e, t)
    if not duplicate.applies(table):  # duplicate L63A: quitting a trick establishes nothing
        revokes.quitted(judge, table, e, t, implicit=False)


def withdraw(judge: Judge, table: Table, e: Event) -> None:
    if duplicate.applies(table):
        if duplicate.correct(judge, table, e):  # L62, L63B
            return
        duplicate.retracted(judge, table, e)  # L62C
        irregularities.taken_back(judge, table, e)
        return
    directions.taken_back(judge, table, e)
    if revokes.correct(judge, table, e):
        return
    irregularities.taken_back(judge, table, e)


def _end_of_play(judge: Judge, table: Table, e: Event) -> None:
    """A claim ends the play, the cut ends the hand: the tricks they quit, then the revokes left."""
    if duplicate.applies(table):
        duplicate.hand_over(judge, table, e)  # L63A3, L63A4, L62D1, L63B
        return
    revokes.implicit_quits(judge, table, e)
    revokes.hand_over(judge, table, e)


def _under_the_code(auction: Callable[[Judge, Table, Event], None],
                    dup: Callable[[Judge, Table, Event], None]) -> Callable[[Judge, Table, Event], None]:
    """The step of the hand's code: the 1912 one, or the Laws of Duplicate Bridge's."""
    def step(judge: Judge, table: Table, e: Event) -> None:
        (dup if duplicate.applies(table) else auction)(judge, table, e)
    return step


# The kinds of line that put a card to a trick: ruled by `play`, the one step that also needs who
# was to play before it.
PLAYED = frozenset({"play", "put-right"})

# The judge's step for each other kind of line the laws rule on.
STEPS: dict[str, Callable[[Judge, Table, Event], None]] = {
    "deal": irregularities.short_hand, "quit": quit, "ask": _under_the_code(revokes.ask, duplicate.ask),
    "answer": _under_the_code(revokes.answer, duplicate.answer),
    "withdraw": withdraw, "elect": _under_the_code(directions.elect, duplicate.elect),
    "claim-revoke": revokes.claim_revoke, "mix": revokes.mix,
    "attention": irregularities.attention, "restore": irregularities.looked_without_count,
    "expose": irregularities.card_exposed, "surplus": irregularities.surplus_named,
    "found": irregularities.missing_card_found,
    "claim": _end_of_play, "cut": _end_of_play,
}


def step(judge: Judge, table: Table, e: Event, expected: str | None) -> None:
    """What the laws make of event `e`, the table being as it left it; `expected` is who was to
    play before it (for a card played)."""
    if e.kind in PLAYED:
        play(judge, table, e, expected)
    else:
        act = STEPS.get(e.kind)
        if act is not None:
            act(judge, table, e)
    if judge.revokes:  # (no revoke on record, none to rule out)
        revokes.rule_out(judge, table, e)
