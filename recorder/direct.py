"""An archive's board new to the store, written straight into stored rows: the import's quick
writer beside the aggregate's (`Hand.record_lines`), for the one case where the aggregate's
events cost most of an import's time.

`direct_board` makes the rows the aggregate and the mapper would make for the same lines, byte
for byte (tests/test_import_direct.py holds the two to the same rows on generated, hand-made and
every real archive): the opening event's fields as `Hand.opening` gives them, each later line
checked against the physical facts by the aggregate's own `Pack` (`_CHECKS`, `_MOVES`), and every
event written as `HandMapper.stored` writes it. A line it does not write so (a correction, a line
that breaks a physical fact, a second account's opening) sends the board the aggregate's way,
which says why as ever.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Sequence

from eventsourcing.utils import get_topic

from bridge.lines import CORRECTIONS, Line

from .domainmodel import EVENT_OF_KIND, Hand
from .ids import hand_uuid
from .pack import CHECKS_READ_NO_CARD, Pack, PhysicalError
from .persistence import StoredRow


_HAND_TOPIC = get_topic(Hand)  # (what a hand's opening event names as the class it makes)


class DirectBoard:
    """A new hand made straight into stored rows (`direct_board`): saved as a Hand is
    (`save_hands`), every event a row already."""

    def __init__(self, hand_id: str, rows: list[StoredRow]) -> None:
        self.hand_id = hand_id
        self.pending_events: list[Any] = rows

    def collect_events(self) -> list[Any]:
        events, self.pending_events = self.pending_events, []
        return events


def direct_board(mapper: Any, lines: Sequence[Line], timestamp: datetime, cards_checked: bool = False) -> "DirectBoard | None":
    """A new hand's events, as stored rows made straight from its lines: the opening event's
    fields as `Hand.open` gives them, each later line checked against the physical facts as
    `Hand.record` checks it (the same `Pack`), and every event written in the bytes the mapper
    writes it in (`HandMapper.stored`), without the aggregate and the event objects it makes
    (most of an import's time); all of them at the time of this act of recording. None when
    the first line opens no hand, a line is a correction or breaks a physical fact (the
    aggregate then says which, as ever), or the store does not write events so.
    `cards_checked`: the deal and the plays were checked so already, in order
    (`recorder.archive.Board.cards_checked`), and are not checked again; the other lines are,
    those of the kinds whose check reads no card's place."""
    if getattr(mapper, "stored", None) is None:
        return None
    try:
        opening = Hand.opening(lines[0])
    except PhysicalError:
        return None
    if opening.get("trunk"):
        return None  # (a second account reads its first: the aggregate's way)
    writer = _Rows(mapper, hand_uuid(opening["hand_id"]), timestamp, cards_checked)
    row = writer.stored_of(Hand.Opened, writer.originator_id, 1, timestamp, {"originator_topic": _HAND_TOPIC, **opening})
    if row is None:
        return None
    rows: list[Any] = [row]
    append = rows.append
    play, other = writer.play, writer.other
    version = 1
    for line in lines[1:]:
        version += 1
        row = play(line, version) if line.kind == "play" and writer.plays_direct else None
        if row is None:
            row = other(line, version)
            if row is None:
                return None
        elif row is _AGGREGATE:
            return None
        append(row)
    return DirectBoard(opening["hand_id"], rows)


_AGGREGATE = StoredRow("", 0, "", b"")  # (a line the aggregate's way: the board is not written here)


class _Rows:
    """The rows of one new hand's lines (`direct_board`): its id, its time, its `Pack`."""

    def __init__(self, mapper: Any, originator_id: Any, timestamp: datetime, cards_checked: bool) -> None:
        self.stored_of, self.originator_id, self.timestamp = mapper.stored, originator_id, timestamp
        self.cards_checked = cards_checked
        self.stored_play = getattr(mapper, "stored_play", None)
        self.played, played_fields = EVENT_OF_KIND["play"]
        self.plays_direct = self.stored_play is not None and played_fields == ("seat", "cards")
        if self.plays_direct:
            self.tails, self.head = mapper.play_tails(), mapper.head_bytes(timestamp)
        self.pack = Pack()

    def play(self, line: Line, version: int) -> Any:
        """A play line's row; None for one of several cards (`other` writes it), `_AGGREGATE` for a
        card refused (the aggregate's way)."""
        pack = self.pack
        if self.cards_checked:
            # An archive's board: its builder wrote each play line from its seat and card, and
            # checked the card (Board.cards_checked); the line alone says which row is its.
            known = self.tails.get(line.canonical)
            if known is not None and known.cls is self.played:
                pack.played_any = True
                return StoredRow(self.originator_id, version, known.topic, self.head + known.tail)
        # Most lines: one card played. `Pack.play_card` is `check` then `apply` for it, and
        # `stored_play` writes what `stored` writes; a card refused goes the aggregate's way.
        a = line.args
        played_cards = a["cards"]
        if len(played_cards) != 1:
            return _AGGREGATE if self.cards_checked else None  # (several at once: checked as the aggregate checks them)
        seat, card = a["seat"], played_cards[0]
        if self.cards_checked:
            pack.played_any = True
        elif not pack.play_card(seat, card):
            return _AGGREGATE
        row = self.stored_play(self.played, self.originator_id, version, self.timestamp, seat, card, line.canonical)
        return _AGGREGATE if row is None else row

    def other(self, line: Line, version: int) -> Any:
        """Any other line's row (checked against the physical facts); None: the aggregate's way."""
        kind, a, pack = line.kind, line.args, self.pack
        if kind == "hand" or kind in CORRECTIONS:
            return None
        if self.cards_checked and kind == "deal":
            # Checked as `Pack._check_deal` checks it (one deal, before any card, no hand of
            # more than thirteen): its cards are not followed, as the plays are not checked.
            if pack.dealt or pack.played_any:
                return None
            pack.dealt = True
        elif self.cards_checked and kind not in CHECKS_READ_NO_CARD:
            return None
        else:
            try:
                pack.check(kind, a)
            except PhysicalError:
                return None
            pack.apply(kind, a)
        cls, fields = EVENT_OF_KIND[kind]
        return self.stored_of(cls, self.originator_id, version, self.timestamp,
                              {**{f: a[f] for f in fields}, "line": line.canonical})
