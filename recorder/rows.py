"""A stored row read: the one reading of the bytes a store holds for an event.

Every store holds an event as eventsourcing's mapper writes it: its topic (`HAND_TOPIC` and the
class's name) and its state (the JSON of its fields, the typed values written as
{"_type_": ..., "_data_": ...}). `state_fields` reads a state into the fields the event holds,
upcast to its class's version, and says in one sentence (`CorruptedEvent`) what is wrong with one
that is not such an event's: the application's mapper (`recorder.persistence.HandMapper`) makes its
events from these fields, and the commands that only read take the acts the rows record (`acts`:
each row's number, kind of line, words and line) straight from an SQLite file (`HandReader`,
`Store.read_hand`), without importing eventsourcing or the domain model, whose imports were most
of such a command's time.
"""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import datetime
from functools import lru_cache
from typing import Any, Iterable, Iterator, NamedTuple
from uuid import UUID

from bridge.lines import KIND_OF_EVENT, NOT_WORDS
from bridge.messages import excerpt

from .errors import CorruptedEvent
from .ids import hand_uuid

# What `Store.read_hand` knows of the domain model (recorder/domainmodel.py) without importing it;
# tests/test_startup.py holds the two to the same. A hand's stored id, as `hand_uuid` makes it:
HAND_TOPIC = "recorder.domainmodel:Hand."  # a stored event's topic: this and its class's name
# The event classes whose class_version is above 1, and that version: an event stored at an older
# version is upcast by its class's own upcasters (the domain model is imported for it then).
CLASS_VERSIONS = {"NoteMade": 2, "CardWithdrawn": 3, "TricksClaimed": 2, "AuctionCalled": 2}
# A first account's opening, as the mapper writes its trunk (none: `HandReader.second_accounts`).
_FIRST_ACCOUNT = b'"trunk":""'


class StoredFields(NamedTuple):
    """A hand's stored event read without its class: its number (its originator_version; 1 is the
    `hand` line), its class's name (Hand.<name>) and its fields as the domain event holds them,
    upcast (the timestamp and the line with them; not the originator's id and version)."""

    number: int
    name: str
    fields: dict[str, Any]


# A hand's stored event as the act it records (`acts`): its number (its originator_version; 1 is
# the `hand` line), its kind of line (`bridge.lines.KINDS`), its words and its line. What the folds
# make their events of (`handrec.reading.fold_events`); a tuple, as the rows it is read from.
Act = tuple[int, str, dict[str, Any], str]


class NotRead(Exception):
    """Something the straight reader does not read (an event of no kind of line, a value handrec
    does not write): the application reads it."""


class HandReader:
    """Every stored hand of an SQLite store read over one connection: the hands in the order they
    were first recorded, and each one's events as `Store.read_hand` reads them."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def hand_ids(self) -> Iterator[str]:
        """The stored hands' ids, in the order their records were opened (as the application's
        notification log gives them), read a page at a time."""
        last = 0
        while True:
            rows = self.conn.execute("SELECT rowid, state FROM stored_events WHERE topic = ? AND rowid > ? "
                                     "ORDER BY rowid LIMIT 1000", (HAND_TOPIC + "Opened", last)).fetchall()
            if not rows:
                return
            for rowid, state in rows:
                hand_id = hand_id_in(state)
                if hand_id is None:
                    raise CorruptedEvent("its state is not the JSON object of Opened", 1)
                yield hand_id
            last = rows[-1][0]

    def read(self, hand_id: str) -> list[Act] | None:
        """The hand's stored events as the acts they record (`acts`: every row read once, for the
        question whether the hand was played in order and for the folds alike), in order; [] when
        it is not stored; None for a second account, or when a row is not read so: the
        application reads the hand then (as for `Store.read_hand`)."""
        try:
            return _whole(list(acts(self.rows(hand_id))))
        except CorruptedEvent as e:
            raise e.of_hand(hand_id) from None
        except NotRead:
            return None

    def second_accounts(self, after: int = 0) -> tuple[list[tuple[str, str]], int]:
        """The second accounts opened after the store's position `after` (its rowid: the
        notification id), in the order they were opened, each its hand id and its first account's;
        and the position of the last opening read (`after` when none was). A first account's
        opening holds `"trunk":""` (as the mapper writes it: JSON without spaces, where a quote
        inside a string is always escaped), and SQLite passes over it without its state being read
        here: a store of thousands of hands holds a handful of second accounts. An opening that
        does not hold it (one stored before accounts had a trunk) is read, and is a first account."""
        rows = self.conn.execute("SELECT rowid, CASE WHEN instr(state, ?) = 0 THEN state END FROM stored_events "
                                 "WHERE topic = ? AND rowid > ? ORDER BY rowid",
                                 (_FIRST_ACCOUNT, HAND_TOPIC + "Opened", after)).fetchall()
        found: list[tuple[str, str]] = []
        for _, state in rows:
            if state is None:
                continue
            try:
                opened = json.loads(bytes(state).decode("utf8"))
            except ValueError:
                raise CorruptedEvent("its state is not the JSON object of Opened", 1) from None
            first = opened.get("trunk") if isinstance(opened, dict) else None
            if first and isinstance(first, str) and isinstance(opened.get("hand_id"), str):
                found.append((opened["hand_id"], first))
        return found, rows[-1][0] if rows else after

    def rows(self, hand_id: str) -> list[tuple[int, str, bytes]]:
        """The hand's stored rows as they are (number, topic, state), in order: for `acts`."""
        key = hand_uuid(hand_id).hex
        return self.conn.execute("SELECT originator_version, topic, state FROM stored_events "
                                 "WHERE originator_id = ? ORDER BY originator_version", (key,)).fetchall()

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "HandReader":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


# One card played, as the mapper writes it (recorder.persistence.HandMapper: the timestamp in UTC,
# the seat, one card, the line; no class_version, CardPlayed being at its first): most rows of
# every hand. `state_fields`, the one reading of a row (the application's mapper's and the straight
# reader's), reads such a row by this pattern, the JSON decoder reading the rest (`acts` takes the
# act's words and line from the same match); tests/test_store_edges.py holds the readings to the
# same fields.
_PLAYED_TOPIC = HAND_TOPIC + "CardPlayed"
_ONE_CARD_PLAYED = re.compile(
    r'\{"timestamp":\{"_type_":"datetime_iso","_data_":"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{6})?\+00:00)"\},'
    r'"seat":"([NESW])","cards":\["([SHDC][2-9TJQKA])"\],"line":"(play \2 \3)"\}')


def _one_card_played(state: bytes) -> "re.Match[str] | None":
    """The state of one card played as the mapper writes it, matched by `_ONE_CARD_PLAYED`
    (groups: the timestamp, the seat, the card, the line); None for any other (not bytes, not
    UTF-8: as the JSON decoder says it)."""
    try:
        return _ONE_CARD_PLAYED.fullmatch(state.decode("utf8"))
    except (AttributeError, UnicodeDecodeError):
        return None


def acts(rows: list[tuple[int, str, bytes]]) -> Iterator[Act]:
    """Each of a hand's stored rows as the act it records (`Act`: its number, its kind of line, its
    words, its line): a card played read by its pattern, any other row as `read_row` reads it (its
    words: its fields but the store's own and its line, `bridge.lines.NOT_WORDS`). The one reading
    of the rows for the folds (`handrec.reading.fold_events`) and for the question asked of every
    act before them (`projections.plain`); a row that cannot be read so (a timestamp that is no
    time included) raises as `read_row` does, without the hand's id."""
    read_when = None  # the last card's timestamp read (`_time_played`)
    for number, topic, state in rows:
        if topic == _PLAYED_TOPIC:
            played = _one_card_played(state)
            if played is not None:
                when = played[1]
                if when != read_when:  # (a time, as `read_row` reads it: mostly the last one again, read once)
                    _time_played(when, number)
                    read_when = when
                yield number, "play", {"seat": played[2], "cards": [played[3]]}, played[4]
                continue
        stored = read_row(number, topic, state)
        fields = stored.fields
        yield number, KIND_OF_EVENT[stored.name], {k: v for k, v in fields.items() if k not in NOT_WORDS}, fields["line"]


def _whole(events: list[Act]) -> list[Act] | None:
    """A hand's events as read, or None for a second account (`hand ID branch=FIRST@N`), whose
    record is its first account's shared events and its own: read by the application, which
    assembles it (`HandRecorder.hand_events`)."""
    if events and events[0][2].get("trunk"):
        return None
    return events


def read_row(number: int, topic: str, state: bytes) -> StoredFields:
    """One row of a hand's: its class's name and its fields (`state_fields`). A topic that is not
    one of handrec's events is `CorruptedEvent`; one of an event of no kind of line, `NotRead`."""
    name = _NAME_OF_TOPIC.get(topic) if isinstance(topic, str) else None
    if name is None:
        if not isinstance(topic, str) or not topic.startswith(HAND_TOPIC):  # no event of handrec's, ever
            raise CorruptedEvent(f"its topic '{excerpt(str(topic))}' is not one of handrec's events", number)
        raise NotRead(topic)  # an event of no kind of line: the application knows what it is
    return StoredFields(number, name, state_fields(name, number, state))


_NAME_OF_TOPIC = {HAND_TOPIC + name: name for name in KIND_OF_EVENT}  # the events of the kinds of line


def state_fields(name: str, number: int, state: bytes, required: Iterable[str] = ("timestamp", "line")) -> dict[str, Any]:
    """The stored state of event `number`, of class Hand.<name>, as the fields the event holds:
    decoded as eventsourcing's JSON transcoder wrote it, its class version popped and its class's
    upcasters run up to the current one; `CorruptedEvent` saying why when it is not such a state
    (one lacking a field of `required`, the hand's opening naming another class than Hand).
    Not the originator's id and version: those are the row's. A card played as the mapper writes
    it (most rows of every hand) is read by its pattern (`_ONE_CARD_PLAYED`), to the same fields."""
    if name == "CardPlayed":
        played = _one_card_played(state)
        if played is not None:
            when, seat, card, line = played.groups()
            return {"timestamp": _time_played(when, number), "seat": seat, "cards": [card], "line": line}
    try:
        text = state.decode("utf8")
        if text.count('"_type_"') == 1:  # one value the transcoder wrote as its type: the timestamp, mostly
            fields = _PLAIN_DECODER.decode(text)
            when = fields.get("timestamp") if isinstance(fields, dict) else None
            if type(when) is dict and when.get("_type_") == "datetime_iso" and len(when) == 2:
                fields["timestamp"] = _timestamp(when["_data_"])
            else:
                fields = _DECODER.decode(text)
        else:
            fields = _DECODER.decode(text)
    except (UnicodeDecodeError, AttributeError, json.JSONDecodeError):
        raise CorruptedEvent("its state is not valid JSON", number) from None
    except (ValueError, TypeError) as e:  # a typed value that is not one (a timestamp that is no time)
        raise CorruptedEvent(f"its state cannot be read as Hand.{name}: {excerpt(str(e), 80)}", number) from None
    if not isinstance(fields, dict):
        raise CorruptedEvent(f"its state is not the JSON object of {name}", number)
    if (name == "Opened" or "originator_topic" in fields) and fields.get("originator_topic") != HAND_TOPIC[:-1]:
        # the hand's opening event names the class the hand is made as: only Hand
        raise CorruptedEvent(f"its originator_topic '{excerpt(str(fields['originator_topic']))}' is not "
                             "handrec's Hand", number)
    version = fields.pop("class_version", 1)
    current = CLASS_VERSIONS.get(name, 1)
    if version < current:
        from . import domainmodel  # an event stored before its class's version: its own upcasters

        cls = getattr(domainmodel.Hand, name)
        while version < current:
            getattr(cls, f"upcast_v{version}_v{version + 1}")(fields)
            version += 1
    for needed in required:
        if needed not in fields:
            raise CorruptedEvent(f"its state lacks the field '{needed}' of {name}", number)
    return fields


def _decoded(obj: dict[str, Any]) -> Any:
    """The values eventsourcing's JSON transcoder writes as {"_type_": ..., "_data_": ...}."""
    if len(obj) == 2 and "_type_" in obj and "_data_" in obj:
        if obj["_type_"] == "datetime_iso":
            return datetime.fromisoformat(obj["_data_"])
        if obj["_type_"] == "uuid_hex":
            return UUID(obj["_data_"])
        raise NotRead(obj["_type_"])
    return obj


# One decoder for every row (json.loads with an object_hook makes a new one at each call); and one
# without the hook, for a row whose only typed value is its timestamp (`"_type_"` written once: the
# key cannot be written inside a JSON string, whose quotes are escaped), which is most rows.
_DECODER = json.JSONDecoder(object_hook=_decoded)
_PLAIN_DECODER = json.JSONDecoder()


def _time_played(when: str, number: int) -> datetime:
    """The timestamp of a card played read by its pattern; one that is no time (a month 13) said
    as the application says it (recorder.persistence)."""
    try:
        return _timestamp(when)
    except ValueError as e:
        raise CorruptedEvent(f"its state cannot be read as Hand.CardPlayed: {excerpt(str(e), 80)}", number) from None


@lru_cache(maxsize=64)
def _timestamp(text: str) -> datetime:
    """A stored timestamp: the events of one act of recording share theirs."""
    return datetime.fromisoformat(text)


def hand_id_in(state: Any) -> str | None:
    """The hand's id in the stored state of its opening event, when it can be read there."""
    try:
        found = json.loads(bytes(state).decode("utf8")).get("hand_id")
    except Exception:  # not bytes, not JSON, not an object: no id to be had
        return None
    return found if isinstance(found, str) else None
