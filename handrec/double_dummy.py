"""Double dummy, where it earns its place: what the cards left could make with
every player seeing every hand, from a maintained solver of the field (DDS, inside endplay's wheel:
`pip install 'handrec[dds]'`). It answers two questions the laws leave to judgment:

- a claim that ended the play: how many of the remaining tricks the claimant's side could make,
  beside the tricks it claimed;
- a revoke: whether it gained the offending side anything (the question of the duplicate code's
  L64C, and of a director under any code): the tricks the offending side makes from the revoke
  trick on, double dummy, with the best card he could legally have played, against what it made of
  the revoke trick as played and can make double dummy after it.

An estimate, never a ruling: the laws rule on the record (`projections`); this says what the cards
allowed. Without the solver every command still works and says what it left out (`unavailable`),
but `handrec double-dummy`, whose one answer it is: that one says why, and fails (`solver_missing`).
The positions come from the one way to the table (`projections.moment.at`).
"""

from __future__ import annotations

from typing import Any, Iterable

from bridge.cards import SEAT_NAMES, SEATS, side_of
from projections.claims import adjudication
from projections.moment import at, moments
from projections.score import tricks_won
from projections.table import Table

TRICKS = 13


def solver_missing() -> str | None:
    """Why the solver cannot be used here (its solver is not installed ...), or None when it can."""
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return "its solver is not installed (pip install 'handrec[dds]', which brings endplay)"
    except Exception as e:  # a wheel that does not load on this machine
        return f"its solver does not load here ({e})"
    return None


def unavailable() -> str | None:
    """Why double dummy is left out (one sentence), or None when the solver is there."""
    why = solver_missing()
    return None if why is None else f"double dummy left out: {why}"


def _position(table: Table) -> tuple[Any, str] | str:
    """The cards left, the trick in progress and the trump, as endplay's Deal, and the seat to
    play; or why there is no position the solver can take, in words: no contract, a hand not
    known, a card played not known (`unknown`: which cards are left is not known), the hands not of
    one length (a short hand, a surplus card, a card missed)."""
    from endplay.types import Card as DDCard
    from endplay.types import Deal, Denom, Player

    if table.contract is None:
        return "no contract is recorded"
    missing = [SEAT_NAMES[s] for s in SEATS if table.hands[s] is None]
    if missing:
        return f"{' and '.join(missing)}'s hand{'s are' if len(missing) > 1 else ' is'} not known"
    if table.unknown:
        return "a card played is not known, so which cards are left is not known"
    t = table.current
    in_trick = [p for p in t.cards] if t is not None else []
    leader = in_trick[0].seat if in_trick else table.next_leader()
    if leader is None:
        return "no one is to lead"
    # Before the trick in progress: each seat that has played to it held its card too.
    held = {s: set(table.hands[s]) for s in SEATS}  # type: ignore[arg-type]
    for p in in_trick:
        held[p.seat].add(p.card)
    if len({len(h) for h in held.values()}) != 1 or not held[leader]:
        counts = ", ".join(f"{SEAT_NAMES[s]} {len(held[s])}" for s in SEATS)
        return f"the hands are not of one length ({counts} cards: a short hand, a surplus or a missed card)"
    deal = Deal()
    deal.trump = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs, None: Denom.nt}[table.trump]
    deal.first = Player.find(leader)
    for s in SEATS:
        for c in held[s]:
            deal[Player.find(s)].add(DDCard(str(c)))
    for p in in_trick:
        deal.play(DDCard(str(p.card)))
    to_play = "NESW"[int(deal.curplayer)]
    return deal, to_play


def _best(deal: Any) -> dict[str, int]:
    """Each legal card of the player to play, with the tricks his side then makes of those left."""
    from endplay.dds import solve_board

    return {f"{c.suit.name[0].upper()}{c.rank.abbr}": tricks for c, tricks in solve_board(deal)}


def _left(table: Table) -> int:
    """Tricks still to be played, the one in progress among them."""
    done = sum(1 for t in table.tricks if t.complete or t.quitted)
    return TRICKS - done


def claim(events: Iterable[Any]) -> dict[str, Any] | None:
    """For a hand whose play ended at a claim, or whose claim the Director adjudicated though the
    play went on past it: the tricks claimed and what the claimant's side can make double dummy
    from the position at the claim; None when no claim ended the play."""
    events = list(events)
    end = at(events).table
    adjudicated = adjudication(end)
    if end.claim is None and adjudicated is None:
        return None
    seat, claimed, event = end.claim or (adjudicated.seat, adjudicated.tricks, adjudicated.event)  # type: ignore[union-attr]
    before = at(events, event - 1).table
    out: dict[str, Any] = {"seat": seat, "side": side_of(seat), "event": event, "claimed": claimed}
    if adjudicated is not None:
        out["adjudicated"] = adjudicated.adjudication.tricks  # type: ignore[union-attr]  # the Director's (L70): double dummy an aid beside it
    position = _position(before)
    if isinstance(position, str):
        return {**out, "double_dummy": None, "left_out": position}
    deal, to_play = position
    best = max(_best(deal).values())
    mine = best if side_of(to_play) == side_of(seat) else _left(before) - best
    return {**out, "double_dummy": mine, "left": _left(before)}


def revoke_gain(events: Iterable[Any], seat: str, trick: int, event: int) -> dict[str, Any]:
    """What the revoke (by `seat`, in `trick`, its card played at `event`) gained his side, double
    dummy: the tricks his side makes from that trick on with his best legal card (`legal`), and as
    played: the revoke trick as it went plus what it can make after it (`as_played`); `gain` is
    the difference. `left_out` says why when the position cannot be solved."""
    events = list(events)
    before = at(events, event - 1).table
    position = _position(before)
    if isinstance(position, str):
        return {"gain": None, "left_out": position}
    deal, to_play = position
    if to_play != seat:
        return {"gain": None, "left_out": f"the revoke card was not played in turn ({to_play} was to play)"}
    legal = max(_best(deal).values())  # the offender's side: he is the one to play
    # The first moment the revoke trick is complete: what was won in it, and what is left.
    for e, moment in moments(events):
        table = moment.table
        if e.number > event and len(table.tricks) >= trick and (
                table.tricks[trick - 1].complete or table.tricks[trick - 1].quitted):
            break
    else:
        return {"gain": None, "left_out": "the revoke trick was not finished in the record", "legal": legal}
    t = table.tricks[trick - 1]
    won = 1 if t.complete and side_of(t.winner(table.trump) or seat) == side_of(seat) else 0
    after = 0
    if _left(table) > 0:
        position = _position(table)
        if isinstance(position, str):
            return {"gain": None, "left_out": f"the position after the revoke trick cannot be solved: {position}",
                    "legal": legal}
        deal, to_play = position
        best = max(_best(deal).values())
        after = best if side_of(to_play) == side_of(seat) else _left(table) - best
    as_played = won + after
    return {"gain": as_played - legal, "legal": legal, "as_played": as_played}


def transfer_equity(events: Iterable[Any], revoke: dict[str, Any]) -> dict[str, Any]:
    """An aid for the director's judgment under L64C (duplicate codes), never a ruling: for an
    established revoke (a revoke of the rulings JSON, with its `transfer`), the tricks the
    non-offending side would have made from the revoke trick on had the offender played his best
    legal card (double dummy), against what it makes as played (the revoke trick as it went, then
    double dummy) with the tricks the transfer gives; `falls_short`: by how many tricks the transfer
    does not make good the damage (0: it does). `left_out` says why when it cannot be said."""
    why = unavailable()
    if why is not None:
        return {"left_out": why}
    events = list(events)
    gain = revoke_gain(events, revoke["seat"], revoke["trick"], revoke["event"])
    if gain.get("gain") is None:
        return {"left_out": f"double dummy left out: {gain['left_out']}"}
    left = _left(at(events, revoke["event"] - 1).table)
    transfer = revoke.get("transfer") or {}
    transferred = transfer.get("tricks") or 0
    would_have = left - gain["legal"]
    side = "EW" if side_of(revoke["seat"]) == "NS" else "NS"
    # What the side made from the revoke trick on: as the play went (the claim or its adjudication
    # giving the tricks not played), where all thirteen are accounted for; else the revoke trick as
    # it went and double dummy after it, said so (`played`).
    last = at(events).table
    won, complete = tricks_won(last)
    if complete:
        before = sum(1 for t in last.tricks if t.number < revoke["trick"] and last.won_in_play(t)
                     and side_of(t.winner(last.trump) or "N") == side)
        as_played, played = won[side] - before, "as the play went"
    else:
        as_played, played = left - gain["as_played"], "double dummy after the revoke trick"
    return {"side": side, "from_trick": revoke["trick"], "left": left,
            "would_have": would_have, "as_played": as_played, "played": played, "transferred": transferred,
            "with_transfer": min(left, as_played + transferred),
            "falls_short": max(0, would_have - (as_played + transferred))}
