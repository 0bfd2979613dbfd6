"""The judge's step: after each event, what the laws make of it. One function a kind of line
(`STEPS`, keyed by the kinds of `bridge.lines.KINDS`), each calling the seams: the revoke's life
(`revokes`), the other irregularities (`irregularities`), elections and directions
(`directions`). The judge reads the table and writes only its own state (`Judge`)."""

from __future__ import annotations

from typing import Callable

from bridge.cards import other_side, side_of

from ..table import Event, Play, Table, Trick
from . import directions, irregularities, revokes
from .state import Exposed, Irregularity, Judge, name


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
    # The lead, or the order of play.
    if first.leftover:
        judge.irregularities.append(Irregularity(
            "leftover-card", seat, e.number, ["81"],
            f"{name(seat)} had missed trick {t.number}; his leftover card {first.card} counts as played "
            f"to it, is not a revoke there and does not change who won it (L81, §2K.6).",
            trick=t.number,
        ))
        return
    if len(new) > 1 and not first.surplus:
        irregularities.several_cards(judge, table, e, t, seat)
    elif first.surplus:
        judge.irregularities.append(Irregularity(
            "surplus-card", seat, e.number, ["82"],
            f"{name(seat)} played {first.card} to trick {t.number}, to which he had already played: "
            f"unless it is restored he answers for any revoke that follows (L82).",
            trick=t.number,
        ))
    irregularities.lead_stands(judge, t)
    if first.replaces and t.played_by(seat) is not first:
        return  # put in place of a card that still counts in law (late-correction): it does not count
    played = {p.card for _, p in new}
    irregularities.played_again(judge, table, e, t, played)
    directions.lapse(judge, e, t, seat)
    judge.exposed = [x for x in judge.exposed if not (x.seat == seat and x.card in played)]
    if not first.surplus:
        if not first.replaces:
            irregularities.rotation(judge, table, e, t, first, expected)
        # Revokes are judged first, then what this card does to the revokes already on record.
        revokes.played_on(judge, table, e, t, seat)
        revokes.implicit_quits(judge, table, e)
        revokes.failure_to_follow(judge, table, e, t, first)
        directions.obey(judge, table, e, t, first)
    revokes.prove(judge, table, e, seat, [p.card for _, p in new])


def quit(judge: Judge, table: Table, e: Event) -> None:
    t = next((t for t in reversed(table.tricks) if t.quitted_at == e.number), None)
    if t is None:
        return
    rightful = table.tricks and t.winner(table.trump)
    if t.complete and rightful and side_of(rightful) != t.quitted_by:
        judge.irregularities.append(Irregularity(
            "wrong-side-quit", None, e.number, ["83"],
            f"Trick {t.number} was turned and quitted by {t.quitted_by}, but its rightful winners are "
            f"{side_of(rightful)} ({name(rightful)}'s {t.winning(table.trump).card}); a trick quitted by the "
            f"wrong side does not establish a revoke in it (L83).",
            trick=t.number,
        ))
    if not t.complete and t.cards:
        for s in sorted(set("NESW") - t.seats):
            if table.hands[s] == set():
                continue  # he has no card left to play: a short hand (L38), not a missed trick
            if s == table.dummy:
                judge.irregularities.append(Irregularity(
                    "missed-trick", s, e.number, ["81"],
                    f"Trick {t.number} was quitted without a card from dummy ({name(s)}): recorded and "
                    f"flagged, with no penalty (§2K.6).",
                    trick=t.number,
                ))
            else:
                adversaries = other_side(side_of(s))
                judge.irregularities.append(Irregularity(
                    "missed-trick", s, e.number, ["81"],
                    f"Trick {t.number} was quitted without a card from {name(s)}: if he plays to the next "
                    f"trick before putting it right, {adversaries} may demand a new deal (L81); if the deal "
                    f"stands, his leftover card counts as played to trick {t.number}.",
                    trick=t.number, elector=None, options=["new-deal", "stand"],
                ))
    revokes.quitted(judge, table, e, t, implicit=False)


def withdraw(judge: Judge, table: Table, e: Event) -> None:
    seat, c = e.args["seat"], e.args["card"]
    withdrawn = {p.event for t in table.tricks for p in t.plays if p.withdrawn_at == e.number}
    for d in judge.directions:
        if d.played_event in withdrawn:
            d.done, d.played_event = False, None  # L73: the card put in its place is judged again
    for r in reversed(judge.revokes):
        if r.seat == seat and str(r.card) == c and r.event < e.number:
            if r.open and r.answered_no_at is None:
                r.status, r.status_event = "corrected", e.number
                if r.kind == "dummy":
                    r.laws = ["63", "86"]
                    r.explanation = f"Dummy's {c} was withdrawn at event {e.number} and the trick put right: no penalty (L63)."
                elif r.kind == "deemed":
                    r.laws = ["73"]
                    r.explanation = f"{name(seat)} corrected the card at event {e.number}, before the trick was quitted: no revoke penalty (L73)."
                else:
                    r.laws = ["86"]
                    r.explanation = (f"{name(seat)} withdrew {c} at event {e.number} and must follow suit; those "
                                     f"who played after him may take back their cards, which are not exposed (L86).")
            elif r.status == "correctable":
                judge.irregularities.append(Irregularity(
                    "late-correction", seat, e.number, ["85"],
                    f"{name(seat)} took back {c} at event {e.number}, but he had answered 'no' to "
                    f"'having none?' (event {r.answered_no_at}): correction is no longer open (L85).",
                    trick=r.trick,
                ))
            else:
                judge.irregularities.append(Irregularity(
                    "late-correction", seat, e.number, list(r.laws) or ["83"],
                    f"{name(seat)} took back {c} at event {e.number}, but the revoke was already "
                    f"{r.status} (event {r.status_event}): it cannot be corrected now; the trick stands as "
                    f"played (L{r.laws[0] if r.laws else '83'}), and the card put in its place goes back "
                    f"to his hand.",
                    trick=r.trick,
                ))
                if r.status == "established":
                    judge.kept[e.number] = True  # L83: it cannot be corrected; a card is owed in its place
            return
    # L70: an adversary's further cards played at once are exposed once declarer has picked one.
    for t in table.tricks:
        for p in t.plays:
            if p.withdrawn_at == e.number and p.surplus and table.is_adversary(seat):
                judge.exposed.append(Exposed(seat, p.card, e.number, "70"))
    irregularities.taken_from_quitted_trick(judge, table, e)


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
