"""A card played that the record does not know (an `unknown` line: an archive's '-' in a trick).

It is put to its trick in its turn like any card (`placement.put_cards`), as `bridge.cards.UNKNOWN_CARD`:
it follows no suit and beats no card, and its player's hand keeps all its cards, one of which is
gone (`Table.unknown` counts them: `Table.holds` is then sure of a suit only when he holds more of
it than the cards not known he played). Who won a trick holding one: the best card known, unless a
card not known could have beaten it (`bridge.play.may_have_won`, from the hand it came from); then
any of them may have won it, and the player of them who leads the next trick is taken to have won
it (`Trick.may_win`, `Trick.won_by_lead`): no lead after such a trick is out of turn. The judge
rules nothing of the card itself but a play after a claim and the revoke it establishes
(`rulings.judge._unknown`); a trick it leads has no suit led known (`rulings.revokes`).
"""

from __future__ import annotations

from typing import Any

from bridge.cards import UNKNOWN_CARD
from bridge.play import may_have_won

from .placement import claim_played_out, put_cards
from .tricks import Trick

# (`Table` in the annotations is `projections.table.Table`, which imports this module: named, not imported.)


def played_unknown(table: Table, a: dict[str, Any], n: int) -> None:
    """The table's fold of `unknown SEAT`."""
    if table.claim is not None:
        claim_played_out(table)
    seat = a["seat"]
    table.unknown[seat] = table.unknown.get(seat, 0) + 1
    put_cards(table, seat, [UNKNOWN_CARD], n)


def settle(table: Table) -> None:
    """After each event of a hand holding cards not known (`table.apply`): the trick just complete, if it holds one,
    says who may have won it; the trick before, if several may have, takes its winner from the lead
    to the next (when he is one of them)."""
    tricks = table.tricks
    if not tricks:
        return
    t = tricks[-1]
    if t.may_win is None and t.complete and any(p.card is UNKNOWN_CARD for p in t.cards):
        t.may_win = _may_win(table, t)
    if len(tricks) > 1 and t.plays:
        before = tricks[-2]
        if before.may_win is not None and len(before.may_win) > 1 and before.won_by_lead is None:
            leader = t.plays[0].seat
            if leader in before.may_win:
                before.won_by_lead = leader


def _may_win(table: Table, t: Trick) -> frozenset[str]:
    law = t.cards
    best = t.winning(table.trump) or law[0]
    return may_have_won([(p.seat, p.card) for p in law], (best.seat, best.card), table.trump,
                        lambda s: table.hands[s], lambda s: table.unknown[s] - 1)
