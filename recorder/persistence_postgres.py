"""The PostgreSQL recorder a club's shared store uses, apart from recorder/persistence.py so that
eventsourcing.postgres and psycopg (most of a command's start-up) are imported only when the store
is PostgreSQL: recorder/store.py names this module's recorder by its topic for a PostgreSQL URL.

Nothing stored changes: the events are written by the transcoder and mapper of
recorder/persistence.py, the same for both stores.
"""

from __future__ import annotations

import json
from typing import Any, Sequence
from uuid import UUID

from eventsourcing.persistence import InterfaceError, OperationalError, ProgrammingError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresFactory
from eventsourcing.utils import Environment, retry
from psycopg.sql import SQL, Identifier

from .persistence import OPENED_TOPIC, SameAccounts, StoreMoved, Unchanged, moved, opened_from

# From this many events in one transaction (an archive's batch of boards), they are sent by COPY
# in PostgreSQL's binary format, not as one array argument psycopg writes out as text field by
# field: most of an import's client time went there.
COPY_FROM = 64


class ConnectOptionsPostgresFactory(PostgresFactory):
    """eventsourcing's PostgreSQL infrastructure, every connection of its pool opened with the
    store URL's libpq options as well (`?sslmode=require`: recorder/store.py puts them in
    POSTGRES_CONNECT_OPTIONS); the library's own settings name only host, port, user, password and
    database, and would drop them silently."""

    def __init__(self, env: Environment) -> None:
        super().__init__(env)
        options = {**LINK_CHECKS, **json.loads(self.env.get("POSTGRES_CONNECT_OPTIONS") or "{}")}
        # (the pool connects on first use, with the keyword arguments it holds then)
        self.datastore.pool.kwargs.update(options)


# A connection whose server is gone without a word (a half-open link: a machine switched off, a
# network cut) is given up, not waited on for ever (one request of the room was held 536 s): TCP
# keepalives on an idle link, and at most a minute for data the server does not acknowledge. The
# store URL's own options come after these.
LINK_CHECKS = {"keepalives": "1", "keepalives_idle": "30", "keepalives_interval": "10", "keepalives_count": "3",
               "tcp_user_timeout": "60000"}


class OneStatementPostgresApplicationRecorder(PostgresApplicationRecorder):
    """eventsourcing's PostgreSQL recorder, a transaction's events inserted by one statement.

    By default it pipelines the table's EXCLUSIVE lock and one INSERT per event; with the
    thousands of events of an archive's import, two imports at once now and then left a client
    waiting for results while its server waited for the rest of the inserts, the lock held, both
    for ever (seen with psycopg 3.3, C and Python implementations alike). The library can insert
    through a database function instead (POSTGRES_ENABLE_DB_FUNCTIONS): one statement, one round
    trip. Its function does not lock the table, which keeps notification ids in commit order for
    readers that follow the log (the export); here it does, as the pipelined insert does."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        function = self.sql_create_statements[self.create_insert_function_statement_index].as_string(None)
        if "    NOTIFY " not in function:  # the library's function is not the one this was written for
            raise ProgrammingError("eventsourcing's insert function has changed; handrec cannot lock the table in it")
        locked = SQL(function.replace(
            "    NOTIFY ",
            f"    LOCK TABLE {self._table_name()} IN EXCLUSIVE MODE;    NOTIFY ", 1))
        self.sql_create_statements[self.create_insert_function_statement_index] = locked
        self.sql_create_pg_function_insert_events = locked

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        """A few events: the locked insert function, one statement. Many: one transaction that
        takes the same lock, notifies the same channel and COPYs the rows in binary. Either way a
        row whose hand and position are taken fails the whole transaction (IntegrityError)."""
        if len(stored_events) < COPY_FROM:
            return super().insert_events(stored_events, **kwargs)
        self._copied_in(stored_events, ())
        return None  # (handrec reads no notification ids back from an insert)

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events_expecting(self, stored_events: Sequence[StoredEvent],
                                expected: Sequence[Unchanged | SameAccounts]) -> None:
        """`insert_events`, committed only if the store still holds what the write `expected`,
        checked once the transaction holds the table's EXCLUSIVE lock (every writer of events takes
        it first, so none commits until this one ends; each statement, read committed, sees what
        they committed before): else `StoreMoved`, nothing stored."""
        self._copied_in(stored_events, expected)

    def _copied_in(self, stored_events: Sequence[StoredEvent], expected: Sequence[Unchanged | SameAccounts]) -> None:
        """One transaction that takes the lock the insert function takes, checks what is
        `expected`, notifies the same channel and COPYs the rows in binary."""
        table = SQL(self._table_name())
        with self.datastore.get_connection() as conn, conn.transaction():
            conn.execute(SQL("SET LOCAL lock_timeout = '{0}s'").format(self.datastore.lock_timeout))
            conn.execute(SQL("LOCK TABLE {0} IN EXCLUSIVE MODE").format(table))
            if expected:
                def version_of(originator_id: UUID) -> int:
                    row = conn.execute(SQL("SELECT max(originator_version) AS v FROM {0} WHERE originator_id = %s")
                                       .format(table), (originator_id,)).fetchone()
                    value = row["v"] if isinstance(row, dict) else row[0]  # type: ignore[index]
                    return value or 0

                def opened_from_hand(hand_id: str) -> set[UUID]:
                    rows = conn.execute(SQL("SELECT originator_id FROM {0} WHERE topic = %s AND originator_version = 1 "
                                            "AND position(%s::bytea in state) > 0").format(table),
                                        (OPENED_TOPIC, opened_from(hand_id))).fetchall()
                    values = [r["originator_id"] if isinstance(r, dict) else r[0] for r in rows]
                    return {v if isinstance(v, UUID) else UUID(str(v)) for v in values}

                reason = moved(expected, version_of, opened_from_hand)
                if reason is not None:
                    raise StoreMoved(reason)  # (the transaction rolled back)
            conn.execute(SQL("NOTIFY {0}").format(Identifier(self.channel_name)))
            with conn.cursor() as curs, curs.copy(SQL(
                    "COPY {0} (originator_id, originator_version, topic, state) FROM STDIN (FORMAT BINARY)"
            ).format(table)) as copy:
                copy.set_types(["uuid", "int8", "text", "bytea"])
                for e in stored_events:
                    copy.write_row((e.originator_id, e.originator_version, e.topic, e.state))

    def positions(self, originator_id: UUID) -> dict[int, int]:
        """Where each of an aggregate's events stands in the store's order (its notification id,
        given in commit order: every insert holds the table's EXCLUSIVE lock), by its version."""
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(SQL("SELECT originator_version, notification_id FROM {0} WHERE originator_id = %s")
                         .format(SQL(self._table_name())), (originator_id,))
            rows = curs.fetchall()
        return {(r["originator_version"] if isinstance(r, dict) else r[0]):
                (r["notification_id"] if isinstance(r, dict) else r[1]) for r in rows}

    def originators_among(self, originator_ids: list[UUID]) -> set[UUID]:
        """Which of these aggregates have events stored: one query for them all (an import asks
        this of each batch of boards)."""
        found: set[UUID] = set()
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(SQL("SELECT DISTINCT originator_id FROM {0} WHERE originator_id = ANY(%s) "
                             "AND originator_version = 1").format(SQL(self._table_name())), (list(originator_ids),))
            for row in curs.fetchall():
                value = row["originator_id"] if isinstance(row, dict) else row[0]
                found.add(value if isinstance(value, UUID) else UUID(str(value)))
        return found

    def _table_name(self) -> str:
        return SQL("{0}.{1}").format(Identifier(self.datastore.schema), Identifier(self.events_table_name)).as_string(None)
