"""How the store writes events quickly: what eventsourcing lets an application change.

Imports store hundreds of thousands of events; two of eventsourcing's defaults cost most of it.

- Its SQLite recorder inserts one event per `execute`. `BatchSQLiteApplicationRecorder` inserts
  them all with one `executemany` in the same transaction, and numbers the notifications the way
  SQLite numbers the rows (one more than the largest, while the transaction holds the write lock).
- Its JSON transcoder builds a new C encoder for every event, and writes each event's timestamp
  again. `HandTranscoder` keeps one encoder and writes a timestamp shared by several events (all
  the events of one recorded board have the time they were recorded) once; `HandMapper` hands it
  the event's state with the timestamp apart, so that the written one is put in front as it is.

Nothing stored changes: the bytes are the JSON eventsourcing writes, read back by its own
decoder, so stores written before and after read the same.
"""

from __future__ import annotations

import json.encoder
from datetime import datetime
from typing import Any, Sequence
from uuid import UUID

from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import JSONTranscoder, Mapper, StoredEvent
from eventsourcing.utils import get_topic
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor


class BatchSQLiteApplicationRecorder(SQLiteApplicationRecorder):
    """Inserts a transaction's events with one `executemany`."""

    def _insert_events(self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **_: Any) -> Sequence[int] | None:
        if not stored_events:
            return []
        c.executemany(
            self.insert_events_statement,
            [
                (s.originator_id.hex if isinstance(s.originator_id, UUID) else s.originator_id,
                 s.originator_version, s.topic, s.state)
                for s in stored_events
            ],
        )
        # The insert holds the write lock until the commit, and SQLite gives each new row the
        # largest rowid so far plus one: these rows are the last len(stored_events) rowids.
        c.execute(self.select_max_notification_id_statement)
        last = c.fetchone()[0]
        return list(range(last - len(stored_events) + 1, last + 1))


class HandTranscoder(JSONTranscoder):
    """eventsourcing's JSON, written with one encoder kept for all events."""

    def __init__(self) -> None:
        super().__init__()
        self._iterencode = json.encoder.c_make_encoder(  # what json.JSONEncoder builds per call
            None, self._encode_obj, json.encoder.encode_basestring, None, ":", ",", False, False, True,
        ) if json.encoder.c_make_encoder is not None else None
        self._last_time: datetime | None = None
        self._last_time_json: dict[str, Any] = {}
        self._head_time: datetime | None = None
        self._head = ""

    def encode(self, obj: Any) -> bytes:
        if self._iterencode is None:  # pragma: no cover - CPython always has the C encoder
            return super().encode(obj)
        return "".join(self._iterencode(obj, 0)).encode("utf8")

    def _encode_obj(self, o: Any) -> dict[str, Any]:
        if o is self._last_time:  # the same timestamp as the previous event's: written once
            return self._last_time_json
        encoded = super()._encode_obj(o)
        if type(o) is datetime:
            self._last_time, self._last_time_json = o, encoded
        return encoded

    def encode_event(self, timestamp: datetime, state: dict[str, Any]) -> bytes:
        """The bytes of `encode({"timestamp": timestamp, **state})`, the timestamp written once for
        all the events that share it."""
        if timestamp is not self._head_time or self._iterencode is None:
            if self._iterencode is None:  # pragma: no cover - CPython always has the C encoder
                return self.encode({"timestamp": timestamp, **state})
            self._head_time, self._head = timestamp, '{"timestamp":' + "".join(self._iterencode(timestamp, 0))
        body = "".join(self._iterencode(state, 0))
        return (self._head + ("," + body[1:] if len(body) > 2 else "}")).encode("utf8")


class HandMapper(Mapper):
    """eventsourcing's mapper, the event's timestamp handed to `HandTranscoder.encode_event`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._topics: dict[type, str] = {}
        self._plain = isinstance(self.transcoder, HandTranscoder) and not self.compressor and not self.cipher

    def to_stored_event(self, domain_event: DomainEventProtocol[Any]) -> StoredEvent:
        state = dict(vars(domain_event))
        if not self._plain or next(iter(state), None) != "originator_id" or "timestamp" not in state:
            return super().to_stored_event(domain_event)
        cls = type(domain_event)
        topic = self._topics.get(cls)
        if topic is None:
            topic = self._topics[cls] = get_topic(cls)
        originator_id = state.pop("originator_id")
        originator_version = state.pop("originator_version")
        timestamp = state.pop("timestamp")
        class_version = getattr(cls, "class_version", 1)
        if class_version > 1:
            state["class_version"] = class_version
        return StoredEvent(
            originator_id=originator_id,
            originator_version=originator_version,
            topic=topic,
            state=self.transcoder.encode_event(timestamp, state),  # type: ignore[attr-defined]
        )
