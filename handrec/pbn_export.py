"""A stored hand written back as one PBN game (`handrec export-pbn`): the record as corrected,
read at its end, in the tags and sections PBN 2.1 gives it; what PBN cannot say is commentary, so
nothing is dropped. The reader of PBN archives is `recorder.pbn`."""

from __future__ import annotations

from typing import Any, Sequence

from bridge.cards import UNKNOWN_CARD, side_of
from bridge.play import CLOCKWISE, opening_leader
from bridge.rulesets import ruleset_words
from bridge.tags import RULESET_TAG
from projections.events import Event
from projections.rulings.state import RevokeStatus
from projections.table import Table

# The kinds of line PBN can say; the others are written as commentary, so nothing is dropped.
PBN_KINDS = ("hand", "dealer", "deal", "auction", "contract", "play", "unknown", "claim", "note", "tag")


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _comment(text: str) -> str:
    return "{" + text.replace("}", ")").replace("{", "(") + "}"


def game(events: Sequence[Event], table: Table, rulings: dict[str, Any], won: dict[str, int]) -> str:
    """A hand as one PBN game: its events (the folds' `Event`s, with number, kind, args and line),
    the table at its end and the rulings there (`projections.moment.at`), and the tricks each side
    won (`projections.score.tricks_won`). The writer judges nothing: `^R` marks what the rulings
    say was established."""
    tags = _tags(events, table, won)
    contract = table.contract
    plays = [e for e in events if e.kind in ("play", "unknown")]
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
        # A call alerted or explained is followed by its note's reference `=n=`, and the notes follow
        # the section (PBN 2.1 §3.9): [Note "n:what was said"] ("": alerted, nothing recorded said).
        said = sorted(table.alerts.items())
        reference = {number: k for k, (number, _) in enumerate(said, start=1)}
        calls = [{"pass": "Pass"}.get(c, c) + (f" ={reference[n]}=" if n in reference else "")
                 for n, c in enumerate(table.calls, start=1)]
        for i in range(0, len(calls), 4):
            out.append(" ".join(calls[i:i + 4]))
        out.extend(f'[Note "{reference[number]}:{_quote(text)}"]' for number, text in said)
    out.extend(late)
    if contract and table.tricks:
        out.extend(_play_section(events, table, rulings, first_play))
    return "\n".join(out) + "\n\n"


def _tags(events: Sequence[Event], table: Table, won: dict[str, int]) -> list[tuple[str, str]]:
    """The game's tags, in order: the seven-tag roster, the deal, the contract and its result, the
    rest of what the record says, and the ruleset."""
    src = table.source
    # The seven-tag roster first; "?" where the record does not say (PBN 2.1 §3.4).
    said = table.tags  # the record's own tag lines first, then what the archive's source says
    tags: list[tuple[str, str]] = [
        ("Event", said.get("Event") or src.get("event", "?")), ("Site", said.get("Site", "?")),
        ("Date", said.get("Date", "?")), ("Board", said.get("Board") or src.get("board", "?")),
        *((seat, said.get(seat) or src.get(seat.lower(), "?")) for seat in ("West", "North", "East", "South")),
        ("Dealer", table.dealer or "?"), ("Vulnerable", said.get("Vulnerable") or src.get("vulnerable", "?")),
    ]
    first = next((e for e in events if e.kind == "deal"), None)
    if first is not None:
        tags.append(("Deal", first.args["deal"]))  # as recorded, hands not known kept as "-"
    contract = table.contract
    # The archive's own declarer and result, when the record keeps them (its tag lines); else the
    # play's, once the play is over (thirteen tricks, or a claim); "?" (PBN's unknown, §3.4) for a
    # play that stops before its end with no result to say how it ended: never the tricks so far.
    tags.append(("Declarer", said.get("Declarer") or (contract.declarer if contract else "")))
    tags.append(("Contract", contract.bid if contract else ""))
    if contract:
        over = sum(won.values()) >= 13  # (`tricks_won`: a claim accounts for the rest)
        tags.append(("Result", said.get("Result") or (str(won[side_of(contract.declarer)]) if over else "?")))
    else:
        tags.append(("Result", ""))
    if src.get("room"):
        tags.append(("Room", src["room"]))
    # The rest of what the record says; `Fault` (a play kept up to a physical fault) as a tag of
    # its own, which PBN 2.1 allows a writer to add (§4.9) and which this reader does not read back.
    for name in ("Table", "Director", "Scoring", "Score", "Fault"):
        if said.get(name):
            tags.append((name, said[name]))
    # The ruleset the hand is ruled under, with its options: a tag of handrec's own, which the PBN
    # reader reads back (bridge.tags.RULESET_TAG), so that the hand imported again is ruled the same.
    tags.append((RULESET_TAG, ruleset_words(table.ruleset, table.options)))
    return tags


def _play_section(events: Sequence[Event], table: Table, rulings: dict[str, Any], first_play: int | None) -> list[str]:
    """[Play] in seat columns from the opening leader; `^R` before an established, uncorrected revoke."""
    leader = table.tricks[0].leader or opening_leader(table.contract.declarer)
    out = [f'[Play "{leader}"]']
    revoke_cards = {(r["trick"], r["card"]) for r in rulings["revokes"] if r["status"] == RevokeStatus.ESTABLISHED}
    marked = {int(m.split("@")[1]) for m in table.source.get("marks", "").split() if m.startswith("^R@")}
    after: dict[int, list[str]] = {}  # the event of a card → the commentary that follows it
    last_card_event = None
    for e in events:
        if first_play is None or e.number <= first_play:
            continue
        if e.kind in ("play", "unknown"):
            last_card_event = e.number
        elif e.kind == "note" and last_card_event is not None:
            after.setdefault(last_card_event, []).append(_comment(e.args["text"]))
        elif e.kind not in PBN_KINDS and last_card_event is not None:
            after.setdefault(last_card_event, []).append(_comment(f"event {e.number}: {e.line}"))
    for t in table.tricks:
        columns = {p.seat: p for p in t.cards}
        tokens: list[str] = []
        marks_here = t.number in marked
        for seat in CLOCKWISE[leader]:
            p = columns.get(seat)
            if p is None:
                tokens.append("-")
                continue
            if p.card is UNKNOWN_CARD:  # (a card not known: PBN's '-' before a card, or in a trick before the last)
                tokens.append("-")
                tokens.extend(after.get(p.event, []))
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

