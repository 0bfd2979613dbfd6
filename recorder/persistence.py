"""How the store writes events quickly: what eventsourcing lets an application change.

Imports store hundreds of thousands of events; two of eventsourcing's defaults cost most of it.

- Its SQLite recorder inserts one event per `execute`. `BatchSQLiteApplicationRecorder` inserts
  them thousands a statement (`INSERT ... VALUES (...), (...), ...`, `_insert_statements`) in the
  same transaction, and numbers the notifications the way SQLite numbers the rows (one more than
  the largest, while the transaction holds the write lock). An import's rows are inserted and
  committed by a thread of their own while the next boards are read (`insert_events_committed_later`).
  It also answers which of many hands are stored in one query, and makes a hand's id once when
  its events are read.
- Its JSON transcoder builds a new C encoder for every event, and writes each event's timestamp
  again. `HandTranscoder` keeps one encoder; `HandMapper` writes a timestamp shared by several
  events (all the events of one recorded board have the time they were recorded) once, each
  event's fields in the same order and form from a plan made once per event class, and the bytes
  of an event met before (the same class, line and values: `play E SA`) as it wrote them then.

Nothing stored changes: the bytes are the JSON eventsourcing writes, read back by its own
decoder, so stores written before and after read the same.

A stored event's topic names the class it is read as. eventsourcing imports whatever module a
topic names; `HandMapper` reads only the topics of handrec's own events (`our_events`: the event
classes of recorder.domainmodel's Hand), and a row it cannot read as one (an unknown topic, a state
that is not the JSON of that event) is `CorruptedEvent`, never a traceback or a stranger's import.

The PostgreSQL recorder is in recorder/persistence_postgres.py: this module is imported for every
store, and eventsourcing.postgres with psycopg would be most of a command's start-up on SQLite.
"""

from __future__ import annotations

import dataclasses
import inspect
import json.encoder
import sqlite3
import sys
import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from contextlib import ExitStack
from functools import cache
from operator import itemgetter
from typing import Any, NamedTuple
from uuid import UUID

from eventsourcing.domain import CanMutateAggregate, DomainEventProtocol
from eventsourcing.persistence import JSONTranscoder, Mapper, StoredEvent, find_id_convertor
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor
from eventsourcing.utils import get_topic

from bridge.messages import excerpt

from .batches import batched
from .errors import CorruptedEvent
from .rows import NotRead, hand_id_in, state_fields


class StoredRow(NamedTuple):
    """A stored event as the row it is inserted as: what eventsourcing's `StoredEvent` holds, by the
    same names, as a tuple (made several times faster than that frozen dataclass: an archive's
    import makes one per card). Every recorder of handrec's reads these four fields alone."""

    originator_id: UUID | str
    originator_version: int
    topic: str
    state: bytes


class Unchanged(NamedTuple):
    """What a write expects still to be so when it commits: hand `hand_id` (its aggregate
    `originator_id`) has exactly `version` events stored. The opening of a second account expects
    it of its first account as read: a correction made there meanwhile would not reach it."""

    hand_id: str
    originator_id: UUID
    version: int


class SameAccounts(NamedTuple):
    """What a write expects still to be so when it commits: the second accounts opened from hand
    `hand_id` are exactly `accounts` (their aggregates). A correction of a first account expects
    it: each account it found gets a reference to the correction, and one opened meanwhile would
    get none."""

    hand_id: str
    accounts: frozenset[UUID]


class StoreMoved(Exception):
    """The store no longer holds what a write expected (`Unchanged`, `SameAccounts`), checked in
    the write's own transaction, once it holds the store's write lock: nothing was stored."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


OPENED_TOPIC = "recorder.domainmodel:Hand.Opened"


def opened_from(hand_id: str) -> bytes:
    """The bytes a second account's opening event holds when it names `hand_id` as its first
    (its state's `"trunk":"ID"`, as every writer of handrec's JSON writes it: no spaces, non-ASCII
    kept). Inside a JSON string a quote is escaped, so these bytes are that field or nothing."""
    return ('"trunk":' + _quote(hand_id)).encode("utf8")


def moved(expected: "Sequence[Unchanged | SameAccounts]", version_of: Callable[[UUID], int],
          opened_from_hand: Callable[[str], set[UUID]]) -> str | None:
    """Which expectation the store no longer meets, in words; None when it meets them all.
    `version_of` and `opened_from_hand` read the store within the write's transaction."""
    for e in expected:
        if isinstance(e, Unchanged):
            now = version_of(e.originator_id)
            if now != e.version:
                return f"hand '{e.hand_id}' changed (it had {e.version} events when read and has {now} now)"
        else:
            now_accounts = opened_from_hand(e.hand_id)
            if now_accounts != set(e.accounts):
                return f"an account of hand '{e.hand_id}' was opened meanwhile"
    return None


class BatchSQLiteApplicationRecorder(SQLiteApplicationRecorder):
    """Inserts a transaction's events thousands a statement (`_insert_statements`); an import's
    by a thread of their own, which commits them (`insert_events_committed_later`)."""

    def insert_events_expecting(self, stored_events: Sequence[StoredEvent | StoredRow],
                                expected: "Sequence[Unchanged | SameAccounts]") -> None:
        """`insert_events`, committed only if the store still holds what the write `expected`,
        checked once the insert holds the write lock (no other writer can commit until this one
        ends, and this transaction, begun by its write, reads what they committed); else
        `StoreMoved`, nothing stored."""
        with self.datastore.transaction(commit=True) as c:
            self._insert_events(c, stored_events)
            table = self.events_table_name

            def version_of(originator_id: UUID) -> int:
                c.execute(f"SELECT max(originator_version) FROM {table} WHERE originator_id = ?", [originator_id.hex])
                return c.fetchone()[0] or 0

            def opened_from_hand(hand_id: str) -> set[UUID]:
                c.execute(f"SELECT originator_id FROM {table} WHERE topic = ? AND originator_version = 1 "
                          f"AND instr(state, ?) > 0", [OPENED_TOPIC, opened_from(hand_id)])
                return {UUID(row[0]) for row in c.fetchall()}

            reason = moved(expected, version_of, opened_from_hand)
            if reason is not None:
                raise StoreMoved(reason)  # (the transaction rolled back)

    def _insert_events(self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **_: Any) -> Sequence[int] | None:
        if not stored_events:
            return []
        for statement, values in self._insert_statements(stored_events, c):
            c.execute(statement, values)
        # The insert holds the write lock until the commit, and SQLite gives each new row the
        # largest rowid so far plus one: these rows are the last len(stored_events) rowids.
        c.execute(self.select_max_notification_id_statement)
        last = c.fetchone()[0]
        return list(range(last - len(stored_events) + 1, last + 1))

    def _insert_statements(self, stored_events: Sequence[StoredEvent | StoredRow],
                           c: SQLiteCursor) -> list[tuple[str, list[Any]]]:
        """The statements that insert the events' rows, in order, as many rows a statement as the
        store takes (`rows_a_statement`, at most ROWS_A_STATEMENT: `INSERT INTO stored_events VALUES
        (?,?,?,?),(?,?,?,?),...`), each with its values. SQLite runs a statement's rows in one step,
        without Python's GIL, where `executemany` takes it back at every row; the rows, their order
        and their rowids are those `executemany` would have inserted."""
        if self._rows_a_statement is None:  # (every connection of a store binds as many values)
            self._rows_a_statement = rows_a_statement(c.sqlite_cursor.connection)
        per = min(self._rows_a_statement, ROWS_A_STATEMENT)
        head, _, one = self.insert_events_statement.partition(" VALUES ")
        rows = _rows(stored_events)
        statements = []
        for start in range(0, len(rows), per):
            chunk = rows[start:start + per]
            statements.append((f"{head} VALUES {','.join([one] * len(chunk))}", [v for row in chunk for v in row]))
        return statements

    def insert_events_committed_later(self, stored_events: Sequence[StoredEvent | StoredRow]) -> Callable[[], None]:
        """`insert_events` while the caller goes on: the transaction begun now, and the rows
        inserted and committed by a thread of its own (an import's insert and commit are mostly
        SQLite's and the disk's time, the GIL released: the next boards are read meanwhile; the
        rows go in thousands a statement, `_insert_statements`, since a thread that takes the GIL
        back at every row, as `executemany` does, waits for the reader's switch interval each
        time). Returns `commit`, which waits for that thread and raises what `insert_events` would
        have raised, for the insert or the commit (nothing stored: the transaction rolled back).
        The store's writer stays taken until the commit is made: the next write waits for it;
        readers do not (a file in WAL mode), and see none of these rows before the commit."""
        pool = self.datastore.pool
        connection = pool.get_connection(is_writer=True)
        # (what SQLiteDatastore.transaction enters, entered here and left by the thread)
        stack = ExitStack()
        try:
            cursor = stack.enter_context(connection.transaction(commit=True))
            statements = self._insert_statements(stored_events, cursor)  # (made here: the thread only runs them)
        except BaseException:
            try:
                if not stack.__exit__(*sys.exc_info()):  # rolled back; the error as the store says it
                    raise
            finally:
                pool.put_connection(connection)
        failed: list[BaseException] = []
        committed = threading.Event()  # set once the commit is made or has failed, its connection returned

        def commit_in_thread() -> None:
            try:
                try:
                    for statement, values in statements:
                        cursor.execute(statement, values)
                except BaseException:
                    if not stack.__exit__(*sys.exc_info()):  # rolled back; the error as the store says it
                        raise
                else:
                    stack.close()  # (the transaction left without an error: committed)
            except BaseException as e:  # said by `commit`, in the caller's thread
                failed.append(e)
                try:
                    connection.rollback()  # (a commit SQLite refused may leave its transaction open)
                except Exception:
                    pass
            finally:
                pool.put_connection(connection)
                committed.set()

        # Not a daemon: a process that ends (an interrupted import) waits for the commit, its boards whole.
        thread: threading.Thread | None = threading.Thread(target=commit_in_thread, name="handrec-commit")
        try:
            thread.start()  # type: ignore[union-attr]
        except RuntimeError:  # no thread to be had (a process's limit): committed here and now
            thread = None
            commit_in_thread()

        def commit() -> None:
            # An Event may be waited for again after an interrupt (Ctrl-C); a Thread.join so
            # interrupted marks the thread ended while it runs (CPython 3.11), and would not wait.
            committed.wait()
            if thread is not None:
                thread.join()  # (its work done: it ends at once)
            if failed:
                raise failed[0]

        return commit

    def convert_originator_id(self, originator_id: str) -> UUID | str:
        """The stored id as a UUID, made once for a hand's events read together."""
        if originator_id == self._last_read_id:
            return self._last_read_uuid
        converted = super().convert_originator_id(originator_id)
        self._last_read_id, self._last_read_uuid = originator_id, converted
        return converted

    _rows_a_statement: int | None = None  # (the store's own, once asked: `rows_a_statement`)
    _last_read_id: str | None = None
    _last_read_uuid: UUID | str = ""

    def positions(self, originator_id: UUID) -> dict[int, int]:
        """Where each of an aggregate's events stands in the store's order (its notification id,
        the row's rowid: one more than the largest when it was inserted), by its version: which
        of two events was stored later, whatever the clocks of the machines that wrote them."""
        with self.datastore.transaction(commit=False) as c:
            c.execute(f"SELECT originator_version, rowid FROM {self.events_table_name} WHERE originator_id = ?",
                      [originator_id.hex])
            return {row[0]: row[1] for row in c.fetchall()}

    def originators_among(self, originator_ids: list[UUID]) -> set[UUID]:
        """Which of these aggregates have events stored: one query for up to 500 of them."""
        found: set[UUID] = set()
        with self.datastore.transaction(commit=False) as c:
            for chunk in batched(originator_ids, 500):
                c.execute(f"SELECT DISTINCT originator_id FROM {self.events_table_name} "
                          f"WHERE originator_id IN ({','.join('?' * len(chunk))})", [u.hex for u in chunk])
                found.update(UUID(row[0]) for row in c.fetchall())
        return found


# The most rows an INSERT statement holds (`_insert_statements`): 32,766 values, SQLite's default
# limit from 3.32 on, four a row. Larger statements hold the GIL longer while their values are bound.
ROWS_A_STATEMENT = 32766 // 4


def rows_a_statement(conn: sqlite3.Connection) -> int:
    """How many rows of four values one statement may bind on this connection: its limit of
    values a statement binds (SQLite's SQLITE_LIMIT_VARIABLE_NUMBER, asked of the connection from
    Python 3.11 on; before, the build's MAX_VARIABLE_NUMBER where it set one, else SQLite's default:
    32,766 from 3.32 on, 999 before), a quarter of it."""
    getlimit = getattr(conn, "getlimit", None)
    if getlimit is not None:
        limit = getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER)
    else:  # pragma: no cover - Python 3.10
        options = [row[0] for row in conn.execute("PRAGMA compile_options")]
        limit = next((int(o.split("=", 1)[1]) for o in options if o.startswith("MAX_VARIABLE_NUMBER=")),
                     32766 if sqlite3.sqlite_version_info >= (3, 32, 0) else 999)
    return max(1, limit // 4)


def _rows(stored_events: Sequence[StoredEvent | StoredRow]) -> list[tuple[Any, int, str, bytes]]:
    """The table's rows; the events of one hand come together, so each id is written once."""
    rows = []
    last_id, last_text = None, None
    for s in stored_events:
        if s.originator_id is not last_id:
            last_id = s.originator_id
            last_text = last_id.hex if isinstance(last_id, UUID) else last_id
        rows.append((last_text, s.originator_version, s.topic, s.state))
    return rows


class HandTranscoder(JSONTranscoder):
    """eventsourcing's JSON, written with one encoder kept for all events."""

    def __init__(self) -> None:
        super().__init__()
        self._iterencode = json.encoder.c_make_encoder(  # what json.JSONEncoder builds per call
            None, self._encode_obj, json.encoder.encode_basestring, None, ":", ",", False, False, True,
        ) if json.encoder.c_make_encoder is not None else None

    def encode(self, obj: Any) -> bytes:
        if self._iterencode is None:  # pragma: no cover - CPython always has the C encoder
            return super().encode(obj)
        return "".join(self._iterencode(obj, 0)).encode("utf8")

    def value(self, v: Any) -> str:
        """One value as the encoder writes it inside an object."""
        if type(v) is str:
            return _quote(v)
        if self._iterencode is None:  # pragma: no cover - CPython always has the C encoder
            return self.encoder.encode(v)
        return "".join(self._iterencode(v, 0))

    def time_head(self, timestamp: datetime) -> str:
        """`{"timestamp":...` as the encoder writes it (the mapper keeps it while events share it)."""
        return '{"timestamp":' + self.value(timestamp)


_quote = json.encoder.encode_basestring  # a str as JSON, non-ASCII kept (ensure_ascii=False)


def _words_only(values: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The values as `HandMapper` keeps them beside their bytes: a copy, when each is exactly a str
    or a list of exactly str (most fields: a seat, a card, a line); else None, not kept (`1 == True`,
    and a dict's order is not its equality's). An event whose values equal such a copy is written
    from its bytes: the same bytes for the values of handrec's events, which are made from parsed
    lines (`Hand._next`: words, never an object that only compares equal to them). An object that
    calls itself equal to a word (a str's subclass with an `__eq__` of its own, `collections.UserString`)
    would be written as that word, where eventsourcing's mapper writes it otherwise or refuses it:
    no event of handrec's holds one, and checking every value's exact type at every event cost a
    third of what writing the events costs (valgrind, 500 boards: 321M instructions, 433M checked)."""
    kept = []
    for v in values:
        t = type(v)
        if t is str:
            kept.append(v)
        elif t is list and all(type(x) is str for x in v):
            kept.append(list(v))
        else:
            return None
    return tuple(kept)


_ORIGIN = ("originator_id", "originator_version", "timestamp")


class HandMapper(Mapper):
    """eventsourcing's mapper, writing each event's state as its JSON transcoder does, from a plan
    made once per event class: the timestamp first (written once while it is shared), then the
    event's fields in order, then its class version when above 1.

    An event's bytes after its timestamp depend on its class and its fields alone, and most of an
    import's events are among a few hundred (`play E SA`: 52 cards, four seats): those bytes are
    kept by the event's class and line (`_tails`, a copy of the fields they were written for beside
    them, when those are all words: `_words_only`), and an event of that class and line whose
    fields equal them is written from them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._plans: dict[type, tuple[str, int, list[tuple[str, str, Any]], str, Any] | None] = {}
        self._plain = isinstance(self.transcoder, HandTranscoder) and not self.compressor and not self.cipher
        self._tails: dict[tuple[type, Any], tuple[tuple[Any, ...], bytes]] = {}  # (cls, line) → (values, bytes)
        self._head_time: datetime | None = None
        self._head = b""

    def _plan(self, cls: type, state: dict[str, Any]) -> tuple[str, int, list[tuple[str, str, Any]], str, Any] | None:
        keys = list(state)
        if not self._plain or tuple(keys[:3]) != _ORIGIN:
            return None
        # A field whose value is a str is quoted directly (any other value then fails, and the
        # event is written the library's way); other fields go through the encoder.
        value = self.transcoder.value  # type: ignore[attr-defined]
        fields = [(f",{_quote(k)}:", k, _quote if type(state[k]) is str else value) for k in keys[3:]]
        class_version = getattr(cls, "class_version", 1)
        tail = f',"class_version":{class_version}}}' if class_version > 1 else "}"
        names = keys[3:]
        # (the fields' values as a tuple, for one field too)
        values = itemgetter(*names) if len(names) > 1 else (lambda state, name=names[0]: (state[name],))
        return get_topic(cls), len(keys), fields, tail, values

    def to_stored_event(self, domain_event: DomainEventProtocol[Any]) -> StoredEvent | StoredRow:  # type: ignore[override]
        cls = type(domain_event)
        state = vars(domain_event)
        try:
            plan = self._plans[cls]
        except KeyError:
            plan = self._plans[cls] = self._plan(cls, state)
        if plan is None or len(state) != plan[1]:  # not the fields the plan was made for
            return super().to_stored_event(domain_event)  # type: ignore[return-value]
        topic, _, fields, tail, _ = plan
        try:
            timestamp = state["timestamp"]
            if timestamp is not self._head_time:
                self._head_time = timestamp
                self._head = self.transcoder.time_head(timestamp).encode("utf8")  # type: ignore[attr-defined]
            values = plan[4](state)
            key = (cls, state.get("line"))
            kept = self._tails.get(key)
            # Equal to the values the kept bytes were written for, each exactly a str or a list of
            # exactly str (the only values kept, `_words_only`): the same bytes, for the values
            # handrec's events hold (`_words_only` says what equality alone would not tell).
            if kept is not None and kept[0] == values:
                after = kept[1]
            else:
                after = ("".join([prefix + write(v) for (prefix, _, write), v in zip(fields, values)]) + tail).encode("utf8")
                kept_values = _words_only(values)
                if kept_values is not None:
                    if len(self._tails) >= 4096:
                        del self._tails[next(iter(self._tails))]  # (the oldest: lines that recur come back)
                    self._tails[key] = (kept_values, after)
        except (KeyError, TypeError):  # as many fields, other names; a str field that is not one
            return super().to_stored_event(domain_event)  # type: ignore[return-value]
        return StoredRow(state["originator_id"], state["originator_version"], topic, self._head + after)

    def to_domain_event(self, stored_event: StoredEvent) -> DomainEventProtocol[Any]:
        """The stored event as the class its topic names, when that is one of handrec's events
        (`our_events`), its fields read as every reader of handrec's reads them
        (`recorder.rows.state_fields`); else, or when its state is not that event's,
        `CorruptedEvent`."""
        topic = stored_event.topic
        cls = our_events().get(topic)
        if cls is None:
            raise _corrupted(stored_event, f"its topic '{excerpt(topic)}' is not one of handrec's events")
        name = topic.rpartition(".")[2]
        state = stored_event.state
        if self.cipher:  # pragma: no cover - handrec sets no cipher; one set in the environment is the library's
            state = self.cipher.decrypt(state)
        if self.compressor:  # pragma: no cover - (likewise)
            state = self.compressor.decompress(state)
        try:
            fields = state_fields(name, stored_event.originator_version, state, _required(cls))
        except CorruptedEvent as e:
            raise _corrupted(stored_event, e.reason) from None
        except NotRead as e:  # a typed value handrec never writes
            raise _corrupted(stored_event, f"its state cannot be read as {name}: a value of type '{e}'") from None
        fields["originator_id"] = find_id_convertor(cls, type(stored_event.originator_id))(stored_event.originator_id)
        fields["originator_version"] = stored_event.originator_version
        domain_event = object.__new__(cls)
        object.__setattr__(domain_event, "__dict__", fields)  # (as the library's mapper makes it)
        return domain_event


_ORIGIN_FIELDS = frozenset(("originator_id", "originator_version"))  # the row's, not the state's


@cache
def our_events() -> dict[str, type]:
    """The topics handrec resolves, and their classes: the event classes of the Hand aggregate
    (recorder.domainmodel), by the topics eventsourcing writes for them. The application takes no
    snapshots and has no notification topics of its own; nothing else is ever read from a row."""
    from .domainmodel import Hand

    found: dict[str, type] = {}
    for name in dir(Hand):
        cls = getattr(Hand, name, None)
        if isinstance(cls, type) and issubclass(cls, CanMutateAggregate):
            topic = get_topic(cls)  # (registers it with eventsourcing's resolver, too)
            if topic.startswith(get_topic(Hand) + "."):
                found[topic] = cls
    return found


@cache
def _required(cls: type) -> tuple[str, ...]:
    """The fields of an event class's state that have no default (the row's own aside); the hand's
    opening event makes the hand with Hand.__init__'s arguments, whose defaults fill what it lacks."""
    required = [f.name for f in dataclasses.fields(cls) if f.name not in _ORIGIN_FIELDS
                and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if "originator_topic" in required:
        from .domainmodel import Hand

        optional = {p.name for p in inspect.signature(Hand.__init__).parameters.values()
                    if p.default is not inspect.Parameter.empty}
        required = [f for f in required if f not in optional]
    return tuple(sorted(required))


def _corrupted(stored_event: StoredEvent, reason: str) -> CorruptedEvent:
    hand_id = hand_id_in(stored_event.state) if stored_event.originator_version == 1 else None
    return CorruptedEvent(reason, stored_event.originator_version, hand_id, stored_id=stored_event.originator_id)
