"""The retraction of a card played under the Laws of Duplicate Bridge (L47): "Except as this Law
specifies, a card once played may not be withdrawn" (2017 L47F2). A card taken back that no law
lets its player take back (to correct a revoke, L62; after an opponent's change of play, L47D,
L62C; a lead out of turn retracted, L53-L56; a card played at once with another, L58B; a penalty
card's substitution, L52B2) stays played: it counts in its trick, and no card is owed in its place
(`Judge.kept`). Declarer plays dummy's cards: dummy's card taken back is declarer's retraction, past
the change of an unintended designation that L45C4(b) allows until he next plays a card (the
record does not say a designation was unintended, so a card of dummy's taken back with no other
designated in its place is no change of designation).

A card taken from a quitted trick is also a quitted trick looked at (L66C). The 1912 code's rule
(a card taken from a quitted trick stays in it, L90) is `irregularities`'.
"""

from __future__ import annotations

from ..events import Event
from ..table import Table
from .arrangement import looked_at
from .state import Irregularity, Judge, name

KIND = "illegal-retraction"


def not_allowed(judge: Judge, table: Table, e: Event) -> None:
    """L47F2: the card taken back at `e` stays played."""
    seat = e.args["seat"]
    taken = [(t, p) for t in table.tricks for p in t.plays if e.number in (p.withdrawn_at, p.restored_at)]
    if not taken:
        return
    t, p = taken[-1]
    if p.surplus:
        return  # of several cards played at once, one he does not play (L58B2): picked up
    judge.kept[e.number] = False  # it stays in the trick as played, and no card is owed in its place
    dummy = seat == table.dummy
    who = table.declarer if dummy and table.declarer else seat
    judge.irregularities.append(Irregularity(
        KIND, who, e.number, ["47F2"] + (["45C4"] if dummy else []),
        f"{name(who)} took back {'dummy' + chr(39) + 's ' if dummy else ''}{p.card}, played to trick {t.number}, at "
        f"event {e.number}: except as L47 specifies a card once played may not be withdrawn (L47F2)"
        + ("; declarer may change an unintended designation of dummy's card only until he next plays a card, and "
           "only by designating another (L45C4(b), L47C)" if dummy else "")
        + ". It stays played in the trick, and no card is owed in its place.",
        trick=t.number))


def from_quitted_trick(judge: Judge, table: Table, e: Event) -> None:
    """A card taken back from a quitted trick (no correction of a revoke): a quitted trick looked
    at without the Director (L66C), and a card once played withdrawn (L47F2): it stays played."""
    looked_at(judge, table, e)
    not_allowed(judge, table, e)
