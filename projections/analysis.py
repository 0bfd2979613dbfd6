"""The rows of the analysis database for one hand: a pure function of its events.

Tables: hands, events, tricks, cards_played, revokes, irregularities, notes, players, kept_acts. The writer
(`handrec.export`) replaces a hand's rows whenever the hand has new events, each row the tuple of
its values in its table's columns (`row_values`); `rows` gives them as dicts.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable

from bridge.cards import CARD_OF_WORD, side_of
from bridge.lines import KINDS
from bridge.tags import CONTRACT_FROM_AUCTION, FAULT_TAG

from .evidence import judged, twin_ids
from .events import as_events
from .moment import Moment, at, moments
from . import duplicate_score
from .placement import not_plain, quit_implicitly
from .plain import played_in_order
from .rulings.state import Judge
from .score import CannotScore, score, tricks_won
from .table import KEPT_ACTS, Event, Table, apply
from .tricks import Play, Trick

TABLES = ("hands", "events", "tricks", "cards_played", "revokes", "irregularities", "notes", "players", "kept_acts")
# Each table's columns, in the order of a row's values (`row_values`); the analysis database's
# schema (`handrec.export.SCHEMA`) gives each its SQL type and the table's key.
COLUMNS: dict[str, tuple[str, ...]] = {
    "hands": ("id", "file", "format", "board", "room", "table_no", "event_name", "ruleset", "options", "rubber",
              "dealer", "contract", "strain", "level", "declarer", "tricks_ns", "tricks_ew", "result", "complete",
              "events", "revokes", "NS_trick", "NS_honor", "EW_trick", "EW_honor", "date", "site", "director",
              "scoring", "north", "east", "south", "west", "source_declarer", "source_result", "source_score",
              "fault", "duplicate_ns", "source_score_ns", "score_agrees", "score_disagreement", "account_of",
              "finding_event", "finding"),
    "events": ("hand_id", "number", "kind", "line"),
    "tricks": ("hand_id", "number", "leader", "suit_led", "winner", "quitted_by", "quitted_at", "cards"),
    "cards_played": ("hand_id", "trick", "order", "seat", "card", "suit", "rank", "event", "withdrawn_at",
                     "surplus", "leftover"),
    "revokes": ("hand_id", "number", "event", "seat", "side", "trick", "card", "suit", "kind", "status",
                "status_event", "laws", "penalty_law", "elector", "elected", "penalty_barred_by", "explanation",
                "verdict", "evidence"),
    "irregularities": ("hand_id", "number", "event", "kind", "seat", "side", "trick", "laws", "explanation"),
    "notes": ("hand_id", "event", "text"),
    "players": ("hand_id", "seat", "name"),
    # The acts the table keeps as recorded (`projections.table.kept_acts`), one row an act: the
    # fields its kind declares (`bridge.lines.Kind.fields`), a JSON object.
    "kept_acts": ("hand_id", "event", "kind", "fields"),
}
SEAT_TAGS = {"N": "North", "E": "East", "S": "South", "W": "West"}

# An act as read straight from a store (`recorder.rows.acts`): its number, kind of line, words, line.
Act = tuple[int, str, dict[str, Any], str]


def _judged(judgements: dict[tuple[str, int, str], dict[str, Any]], r: dict[str, Any]) -> dict[str, Any]:
    """The verdict on the record beside the law's status: likely-revoke, likely-recording-slip,
    undecided (None for a deemed revoke, which is no failure to follow suit)."""
    j = judgements.get((r["seat"], r["trick"], r["card"]))
    return {"verdict": j["verdict"] if j else None,
            "evidence": ",".join(e["name"] for e in j["evidence"]) if j else None}


def _duplicate(moment: Any, scored: dict[str, Any] | None = None) -> dict[str, Any]:
    """The duplicate score's columns of the hands table (projections.duplicate_score); `scored`:
    the hand's duplicate score already made (`projections.score.score` under a duplicate code),
    not made again. A play that stops before its end with no result to say how it ended has no
    score (null, never 0, which `sum()` would count), unless the Director adjusted it (L12C)."""
    out: dict[str, Any] = {"duplicate_ns": None, "source_score_ns": None, "score_agrees": None,
                           "score_disagreement": None}
    table = moment.table
    if table.contract is None and not duplicate_score.passed_out(table):
        return out
    if scored is not None and table.contract is not None and "vulnerable" in scored:
        s = scored
    else:
        try:
            won, complete = tricks_won(table) if table.contract is not None else ({"NS": 0, "EW": 0}, True)
            s = duplicate_score.score(moment, won, complete)
        except duplicate_score.NotScorable:
            return out
    if not s["complete"] and not s.get("adjusted"):
        source = duplicate_score.source_score(table)
        return {**out, "source_score_ns": source,
                "score_disagreement": "incomplete-record" if source is not None else None}
    a = duplicate_score.agreement(moment, s)
    return {"duplicate_ns": s["score"]["NS"], "source_score_ns": a["source_ns"], "score_agrees": a["agrees"],
            "score_disagreement": a["reason"]}


def _number(text: str) -> int | None:
    return int(text) if text.strip().isdigit() else None


def rows(stored_events: Iterable[Any],
         other_table: Callable[[str], Iterable[Any] | None] | None = None,
         in_order: bool | None = None) -> dict[str, list[dict[str, Any]]]:
    """A hand's rows, each a dict of its table's columns (`COLUMNS`; null for a column the hand
    does not fill). `other_table` gives another hand's events by id (or None): the same deal at the
    other table, for the verdict on each failure to follow suit (`projections.evidence`).
    `in_order`: whether the hand was played in order (`projections.plain`), when the caller has
    asked it of the stored rows; None: asked here."""
    return {name: [dict(zip(COLUMNS[name], values)) for values in table_rows]
            for name, table_rows in row_values(stored_events, other_table, in_order).items()}


def row_values(stored_events: Iterable[Any],
               other_table: Callable[[str], Iterable[Any] | None] | None = None,
               in_order: bool | None = None) -> dict[str, list[tuple[Any, ...]]]:
    """A hand's rows (`rows`), each the tuple of its values in its table's columns (`COLUMNS`):
    what the export writes. `stored_events`: the hand's events (as stored, or as the folds take
    them), or its acts as read straight from a store (`Act` tuples: `recorder.rows.acts`), which
    are made events only where the fold needs them."""
    out: dict[str, list[tuple[Any, ...]]] = {t: [] for t in TABLES}
    given = list(stored_events)
    acts: list[Act] | None = given if given and isinstance(given[0], tuple) else None
    events = as_events(given) if acts is None else None
    if in_order is None:
        events = events if events is not None else _events(given)
        in_order = played_in_order(events)
    if in_order:
        moment, last = _table_alone(acts if acts is not None else
                                    [(e.number, e.kind, e.args, e.line) for e in events or ()], out)
    else:
        moment, last = _whole_fold(events if events is not None else _events(given), out)
    if moment is None or last is None:
        return out
    table = moment.table
    rulings = moment.rulings()
    hand = _hand_row(moment, last, rulings, any(e[2] == "contract" for e in out["events"]))
    out["hands"].append(tuple(map(hand.get, COLUMNS["hands"])))
    out["players"].extend(_player_rows(table))
    _trick_rows(table, out)
    out["revokes"].extend(_revoke_rows(moment, rulings, other_table))
    out["irregularities"].extend(_irregularity_rows(table.hand_id, rulings))
    out["kept_acts"].extend(_kept_act_rows(table))
    return out


def _kept_act_rows(table: Table) -> list[tuple[Any, ...]]:
    """The acts the table keeps as recorded (`projections.table.KEPT_ACTS`), in its fields' order,
    each with the fields its kind of line declares (`bridge.lines.Kind.fields`), as it stands at
    the end of the record: an act struck is no longer kept."""
    return [(table.hand_id, act["event"], act["kind"],
             json.dumps({name: act[name] for name in KINDS[act["kind"]].fields if name in act}))
            for field in KEPT_ACTS for act in getattr(table, field)]


def _events(acts: list[Act]) -> list[Event]:
    """Acts read straight from a store as the events the folds take (`handrec.reading.fold_events`)."""
    return [Event(number, kind, words, line) for number, kind, words, line in acts]


def _whole_fold(events: list[Event], out: dict[str, list[tuple[Any, ...]]]) -> tuple[Any, int | None]:
    """The events and notes tables, filled as the events are folded with the judge
    (`projections.moment.moments`); the last moment and its event's number."""
    moment = None
    last: int | None = None
    for e, moment in moments(events):
        last = e.number
        out["events"].append((moment.table.hand_id, e.number, e.kind, e.line))
        if e.kind == "note":
            out["notes"].append((moment.table.hand_id, e.number, e.args["text"]))
    return moment, last


def _table_alone(acts: list[Act], out: dict[str, list[tuple[Any, ...]]]) -> tuple[Any, int | None]:
    """The events and notes tables, filled as the table alone is folded (`projections.table.apply`),
    the judge left empty: a hand played in order (`projections.plain`), in which the judge finds
    nothing (what most archived hands cost; tests/test_export_archive_scale.py holds the two folds
    to the same rows). The last moment and its event's number."""
    moment = Moment(Table(), Judge())
    table = moment.table
    events, notes = out["events"], out["notes"]
    last: int | None = None
    for number, kind, words, line in acts:
        if kind != "play" or not _put_plainly(table, number, words):
            apply(table, Event(number, kind, words, line))
        events.append((table.hand_id, number, kind, line))
        if kind == "note":
            notes.append((table.hand_id, number, words["text"]))
        last = number
    return moment, last


def _put_plainly(table: Table, number: int, words: dict[str, Any]) -> bool:
    """`apply` of a card played in the two cases most cards are, done here without its questions
    (`projections.placement.put_cards`' answers in them): one card known by its words, every trick
    plain, no claim made, no card not known on the table, and either a trick in progress (the last
    one: none left open by a premature lead, L60A2) that the card goes to, or the last trick
    complete (or none played) and fewer than thirteen, the card leading the next (the trick before
    quitted implicitly, §2K.9: no player missed it, L81). False, the table left as it was, in any
    other case (`apply` folds it)."""
    played = words["cards"]
    if len(played) != 1 or table.claim is not None or table.unknown or not table.all_plain or table.open_before:
        return False
    card = CARD_OF_WORD.get(played[0])
    if card is None:
        return False
    tricks = table.tricks
    t = tricks[-1] if tricks else None
    if t is None or t.complete:
        if len(tricks) >= 13:
            return False
        t = None  # (the card leads the next trick)
    elif t.quitted_by is not None or not t.plain:
        return False
    seat = words["seat"]
    table.at = number
    hand = table.hands[seat]
    if hand is not None:
        hand.discard(card)
    table.shown[seat].append(card)
    if t is None:
        quit_implicitly(table, number)
        t = Trick(len(tricks) + 1)
        tricks.append(t)
        t.add(Play(seat, card, number, False, True))  # (not surplus, led)
        return True
    already = seat in t.seats
    t.add(Play(seat, card, number, already, not t.plays))  # (surplus, led)
    if already:
        not_plain(table, t)
    return True


NO_TRICKS: dict[str, Any] = {"NS": None, "EW": None}


def _tricks(moment: Any) -> tuple[dict[str, Any], bool, dict[str, Any], dict[str, Any], dict[str, Any] | None]:
    """The tricks each side has (the laws' moves applied), whether the play is over, the tricks as
    played, the score's columns and the score. A hand that cannot be scored, or whose play is not
    over (no thirteenth trick, no claim, nothing to say how it ended: `complete` False), has no
    tricks and no columns: null, never the tricks won so far or the score so far, which `avg()` and
    `sum()` would count as a result (issue 40, finding 10); the score itself is still given, for
    the duplicate score of a board the Director adjusted (`_duplicate`)."""
    try:
        s = score(moment)
    except CannotScore:
        return NO_TRICKS, False, NO_TRICKS, {}, None
    if not s["complete"]:
        return NO_TRICKS, False, NO_TRICKS, {}, s
    played = s["as_played"]["tricks"]  # before any trick the laws move (a duplicate revoke's, L64)
    columns = {f"{side}_{col}": s[side][col] for side in ("NS", "EW") for col in ("trick", "honor")}
    return s["tricks"], True, played, columns, s


def _hand_row(moment: Any, last: int, rulings: dict[str, Any], contract_line: bool) -> dict[str, Any]:
    """The hand's row of the hands table: its source, contract, tricks, score and findings.
    `contract_line`: the record holds a `contract` line (not only an auction the table reads one from)."""
    table = moment.table
    contract = table.contract
    tricks, complete, played, columns, scored = _tricks(moment)
    duplicate = _duplicate(moment, scored)
    declaring = None
    if contract:
        declaring = side_of(contract.declarer)
    src = table.source
    row = {
        "id": table.hand_id, "file": src.get("file"), "format": src.get("format"), "board": src.get("board"),
        "room": src.get("room") or None, "table_no": src.get("table"), "event_name": src.get("event"),
        "ruleset": table.ruleset, "options": json.dumps(table.options, sort_keys=True) if table.options else None,
        "rubber": table.rubber or None, "dealer": table.dealer,
        "contract": contract.bid if contract else None, "strain": contract.strain if contract else None,
        "level": contract.level if contract else None, "declarer": contract.declarer if contract else None,
        "tricks_ns": tricks["NS"], "tricks_ew": tricks["EW"],
        "result": tricks[declaring] if declaring and tricks[declaring] is not None else None,
        "complete": complete, "events": last,
        "revokes": len(rulings["revokes"]),
        **columns,
        **_occasion_columns(table, declaring, played, complete, contract_line),
        # The board's duplicate score (L77) for NS, whatever the hand's ruleset, and whether it is
        # the source's own [Score] (null when the source gives none), with the likeliest reason why not.
        **duplicate,
        # An archive's play kept only up to a physical fault: why (formats.archive), else None.
        "fault": table.tags.get(FAULT_TAG),
        # A dispute told as several accounts: the first account this one is a second account of,
        # and the director's latest finding of fact standing in this record.
        "account_of": table.account_of,
        "finding_event": table.findings[-1][0] if table.findings else None,
        "finding": table.findings[-1][1] if table.findings else None,
    }
    if table.tags.get("Event") and not row["event_name"]:
        row["event_name"] = table.tags["Event"]
    return row


def _occasion_columns(table: Any, declaring: str | None, played: dict[str, Any], complete: bool,
                      contract_line: bool) -> dict[str, Any]:
    """The hands table's columns of the people and the occasion (tag lines), and the source's own
    declarer, result and score: only what the source says, else null. `played`: the tricks as
    played, the source's result when it records the play to its end (thirteen tricks, or the claim
    its [Result] or mc| makes) and keeps no result of its own; a play that stops before its end
    with no result to say how it ended has none (issue 40: never the tricks played so far)."""
    src = table.source
    said = table.tags.get("Result")
    return {
        "date": table.tags.get("Date"), "site": table.tags.get("Site"), "director": table.tags.get("Director"),
        "scoring": table.tags.get("Scoring"),
        **{name.lower(): table.tags.get(name) for name in SEAT_TAGS.values()},
        "source_declarer": _source_declarer(table, contract_line),
        "source_result": _number(said) if said else (
            played[declaring] if declaring and complete and src.get("file") and played[declaring] is not None
            else None),
        "source_score": table.tags.get("Score"),
    }


def _source_declarer(table: Any, contract_line: bool) -> str | None:
    """The declarer the source itself names: its [Declarer] as the record keeps it (`tag Declarer`:
    where it is not the record's declarer, or the record's contract is the auction's), else the
    declarer of a PBN game's [Contract] and [Declarer] that the record's contract line was read from.
    None where the source names none (issue 40, finding 11): a LIN record (LIN has no declarer: its
    contract is its auction's), a PBN contract taken from the auction (`CONTRACT_FROM_AUCTION`) or
    read by the table from the auction alone (no contract line), a transcript (no source)."""
    said = table.tags.get("Declarer")
    if said:
        return said
    contract = table.contract
    if contract is None or not contract_line or table.source.get("format") != "pbn":
        return None
    if any(not author and text.startswith(CONTRACT_FROM_AUCTION) for _, text, author in table.notes):
        return None
    return contract.declarer


def _player_rows(table: Any) -> list[tuple[Any, ...]]:
    """The players table: a row for each seat the record names a player at."""
    return [(table.hand_id, seat, table.tags[name]) for seat, name in SEAT_TAGS.items() if table.tags.get(name)]


def _trick_rows(table: Any, out: dict[str, list[tuple[Any, ...]]]) -> None:
    """The tricks table and the cards_played table, a row for each trick and each card put to one."""
    hand_id = table.hand_id
    trump = table.trump
    tricks, cards = out["tricks"], out["cards_played"]
    for t in table.tricks:
        winner = t.winner(trump)
        number = t.number
        tricks.append((hand_id, number, t.leader, t.suit_led, winner if t.complete else None, t.quitted_by,
                       t.quitted_at, len(t.live)))
        for order, p in enumerate(t.plays, start=1):
            card = p.card
            # (the card as a line writes it, `SA`: what `str` gives, '?' for a card not known)
            cards.append((hand_id, number, order, p.seat, card.word, card.suit, card.rank, p.event, p.withdrawn_at,
                          p.surplus, p.leftover))


def _revoke_rows(moment: Any, rulings: dict[str, Any],
                 other_table: Callable[[str], Iterable[Any] | None] | None) -> list[tuple[Any, ...]]:
    """The revokes table: each revoke with its status, laws and penalty, and the verdict on the record."""
    hand_id = moment.table.hand_id
    judgements: dict[tuple[str, int, str], dict[str, Any]] = {}
    if rulings["revokes"]:
        twins = [at(events) for events in (other_table(t) for t in twin_ids(hand_id, moment.table.source)) if events] \
            if other_table else []
        judgements = {(j["seat"], j["trick"], j["card"]): j for j in judged(moment, twins, rulings)}
    out = []
    for number, r in enumerate(rulings["revokes"], start=1):
        penalty = r["penalty"] or {}
        verdict = _judged(judgements, r)
        out.append((hand_id, number, r["event"], r["seat"], r["side"], r["trick"], r["card"], r["suit"], r["kind"],
                    r["status"], r["status_event"], ",".join(r["laws"]), penalty.get("law"), penalty.get("elector"),
                    penalty.get("elected"), r["penalty_barred_by"], r["explanation"], verdict["verdict"],
                    verdict["evidence"]))
    return out


def _irregularity_rows(hand_id: str, rulings: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The irregularities table: each irregularity the rulings name, numbered in their order, with
    its laws (several of one kind at one event are several rows: four hands short at the deal, a
    trick missed by three players)."""
    return [(hand_id, number, i["event"], i["kind"], i["seat"], i.get("side"), i.get("trick"), ",".join(i["laws"]),
             i["explanation"])
            for number, i in enumerate(rulings["irregularities"], start=1)]
