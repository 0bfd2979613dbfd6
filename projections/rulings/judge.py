"""The judge's step: after each event, what the laws make of it. One function a kind of line
(`STEPS`, keyed by the kinds of `bridge.lines.KINDS`), each calling the seams: the revoke's life
(`revokes`), the other irregularities (`irregularities`), elections and directions
(`directions`). The judge reads the table and writes only its own state (`Judge`)."""

from __future__ import annotations

from typing import Callable

from ..table import Event, Play, Table, Trick
from . import directions, irregularities, revokes
from .state import Judge


def play(judge: Judge, table: Table, e: Event, expected: str | None) -> None:
    seat = e.args["seat"]
    new: list[tuple[Trick, Play]] = []
    for t in reversed(table.tricks):  # the cards of one event go to one trick, mostly the last
        new = [(t, p) for p in t.plays if p.event == e.number]
        if new:
            break
    if not new:
        return
    if table.claims_played_out and table.claims_played_out[-1][2] > judge._claims_seen:
        irregularities.played_after_claim(judge, table, e)
    t, first = new[0]
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
    if judge.exposed:
        judge.exposed = [x for x in judge.exposed if not (x.seat == seat and x.card in played)]
    if not first.surplus:
        if not first.replaces and expected is not None and seat != expected:
            irregularities.rotation(judge, table, e, t, first, expected)
        # Revokes are judged first, then what this card does to the revokes already on record.
        if judge.revokes:
            revokes.played_on(judge, table, e, t, seat)
            revokes.implicit_quits(judge, table, e)
        revokes.failure_to_follow(judge, table, e, t, first)
        if judge.directions:
            directions.obey(judge, table, e, t, first)
    if judge.revokes:
        revokes.prove(judge, table, e, seat, played)


def quit(judge: Judge, table: Table, e: Event) -> None:
    t = next((t for t in reversed(table.tricks) if t.quitted_at == e.number), None)
    if t is None:
        return
    irregularities.quitted(judge, table, e, t)
    revokes.quitted(judge, table, e, t, implicit=False)


def withdraw(judge: Judge, table: Table, e: Event) -> None:
    directions.taken_back(judge, table, e)
    if revokes.correct(judge, table, e):
        return
    irregularities.taken_back(judge, table, e)


def _end_of_play(judge: Judge, table: Table, e: Event) -> None:
    """A claim ends the play, the cut ends the hand: the tricks they quit, then the revokes left."""
    revokes.implicit_quits(judge, table, e)
    revokes.hand_over(judge, table, e)


# The judge's step for each kind of line the laws rule on (a card played is `play`, below: the
# one step that also needs who was to play before it).
STEPS: dict[str, Callable[[Judge, Table, Event], None]] = {
    "deal": irregularities.short_hand, "quit": quit, "ask": revokes.ask, "answer": revokes.answer,
    "withdraw": withdraw, "elect": directions.elect, "claim-revoke": revokes.claim_revoke, "mix": revokes.mix,
    "attention": irregularities.attention, "restore": irregularities.looked_without_count,
    "expose": irregularities.card_exposed,
    "claim": _end_of_play, "cut": _end_of_play,
}


def step(judge: Judge, table: Table, e: Event, expected: str | None) -> None:
    """What the laws make of event `e`, the table being as it left it; `expected` is who was to
    play before it (for a card played)."""
    if e.kind == "play":
        play(judge, table, e, expected)
    else:
        act = STEPS.get(e.kind)
        if act is not None:
            act(judge, table, e)
    revokes.rule_out(judge, table, e)
