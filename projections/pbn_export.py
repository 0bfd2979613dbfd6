"""A stored hand written back: as PBN (export format of the standard, play in seat columns, `^R`
before a revoke that was established and not corrected) and as a transcript. Pure functions of
the hand's events.

What PBN cannot say (questions, quits, withdrawals, elections...) is written as commentary, so
that nothing recorded is silently dropped; a hand made only of what PBN can say (an imported one,
or a transcript of deal, contract, cards, claim and notes) comes back as the same events.
"""

from __future__ import annotations

from typing import Any, Iterable

from recorder.cards import next_seat, side_of

from .rulings import at
from .score import tricks_won
from .table import as_events

PBN_KINDS = ("hand", "dealer", "deal", "auction", "contract", "play", "claim", "note")


def transcript_text(stored: Iterable[Any]) -> str:
    """The hand as the transcript the recorder would read back: one canonical line an event."""
    return "".join(e.line + "\n" for e in as_events(stored))


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _comment(text: str) -> str:
    return "{" + text.replace("}", ")").replace("{", "(") + "}"


def pbn_text(stored: Iterable[Any]) -> str:
    events = as_events(stored)
    moment = at(events)
    table = moment.table
    rulings = moment.rulings()
    src = table.source
    # The seven-tag roster first; "?" where the record does not say (PBN 2.1 §3.4).
    tags: list[tuple[str, str]] = [
        ("Event", src.get("event", "?")), ("Site", "?"), ("Date", "?"),
        ("Board", src.get("board", "?")), ("West", "?"), ("North", "?"), ("East", "?"), ("South", "?"),
        ("Dealer", table.dealer or "?"), ("Vulnerable", src.get("vulnerable", "?")),
    ]
    first = next((e for e in events if e.kind == "deal"), None)
    if first is not None:
        tags.append(("Deal", first.args["deal"]))  # as recorded, hands not known kept as "-"
    contract = table.contract
    tags.append(("Declarer", contract.declarer if contract else ""))
    tags.append(("Contract", contract.bid if contract else ""))
    if contract:
        won, _ = tricks_won(table)
        tags.append(("Result", str(won[side_of(contract.declarer)])))
    else:
        tags.append(("Result", ""))
    if src.get("room"):
        tags.append(("Room", src["room"]))
    plays = [e for e in events if e.kind == "play"]
    first_play = plays[0].number if plays else None
    bid = next((e.number for e in events if e.kind in ("auction", "contract")), None)
    # Commentary before the first card: what came before the bidding after [Deal] (the reader puts
    # it after the deal), the rest after the auction (the reader puts it after the contract).
    early, late = [], []
    for e in events:
        if first_play is not None and e.number >= first_play:
            break
        text = e.args["text"] if e.kind == "note" else (None if e.kind in PBN_KINDS else f"event {e.number}: {e.line}")
        if text is not None:
            (early if bid is None or e.number < bid else late).append(_comment(text))
    out = []
    for k, v in tags:
        out.append(f'[{k} "{_quote(v)}"]')
        if k == "Deal":
            out.extend(early)
    if table.calls and table.dealer:
        out.append(f'[Auction "{table.dealer}"]')
        calls = [{"pass": "Pass"}.get(c, c) for c in table.calls]
        for i in range(0, len(calls), 4):
            out.append(" ".join(calls[i:i + 4]))
    out.extend(late)
    if contract and table.tricks:
        out.extend(_play_section(events, table, rulings, first_play))
    return "\n".join(out) + "\n\n"


def _play_section(events: list, table, rulings: dict, first_play: int | None) -> list[str]:
    """[Play] in seat columns from the opening leader; `^R` before an established, uncorrected revoke."""
    leader = table.tricks[0].leader or next_seat(table.contract.declarer)
    out = [f'[Play "{leader}"]']
    revoke_cards = {(r["trick"], r["card"]) for r in rulings["revokes"] if r["status"] == "established"}
    marked = {int(m.split("@")[1]) for m in table.source.get("marks", "").split() if m.startswith("^R@")}
    after: dict[int, list[str]] = {}  # the event of a card → the commentary that follows it
    last_card_event = None
    for e in events:
        if first_play is None or e.number <= first_play:
            continue
        if e.kind == "play":
            last_card_event = e.number
        elif e.kind == "note" and last_card_event is not None:
            after.setdefault(last_card_event, []).append(_comment(e.args["text"]))
        elif e.kind not in PBN_KINDS and last_card_event is not None:
            after.setdefault(last_card_event, []).append(_comment(f"event {e.number}: {e.line}"))
    for t in table.tricks:
        columns = {p.seat: p for p in t.cards}
        tokens: list[str] = []
        marks_here = t.number in marked
        for k in range(4):
            seat = next_seat(leader, k)
            p = columns.get(seat)
            if p is None:
                tokens.append("-")
                continue
            if (t.number, str(p.card)) in revoke_cards or (marks_here and not any(
                    (t.number, str(q.card)) in revoke_cards for q in t.cards) and p is t.cards[0]):
                tokens.append("^R")
            tokens.append(str(p.card))
            tokens.extend(after.get(p.event, []))
        out.append(" ".join(tokens))
    if table.claim is not None or len(table.tricks) < 13:
        out.append("*")
    return out

