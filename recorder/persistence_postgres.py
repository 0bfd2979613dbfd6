"""The PostgreSQL recorder a club's shared store uses, apart from recorder/persistence.py so that
eventsourcing.postgres and psycopg (most of a command's start-up) are imported only when the store
is PostgreSQL: recorder/store.py names this module's recorder by its topic for a PostgreSQL URL.

Nothing stored changes: the events are written by the transcoder and mapper of
recorder/persistence.py, the same for both stores.
"""

from __future__ import annotations

import json
from typing import Any

from eventsourcing.persistence import ProgrammingError
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresFactory
from eventsourcing.utils import Environment
from psycopg.sql import SQL, Identifier


class ConnectOptionsPostgresFactory(PostgresFactory):
    """eventsourcing's PostgreSQL infrastructure, every connection of its pool opened with the
    store URL's libpq options as well (`?sslmode=require`: recorder/store.py puts them in
    POSTGRES_CONNECT_OPTIONS); the library's own settings name only host, port, user, password and
    database, and would drop them silently."""

    def __init__(self, env: Environment) -> None:
        super().__init__(env)
        options = json.loads(self.env.get("POSTGRES_CONNECT_OPTIONS") or "{}")
        if options:  # (the pool connects on first use, with the keyword arguments it holds then)
            self.datastore.pool.kwargs.update(options)


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

    def _table_name(self) -> str:
        return SQL("{0}.{1}").format(Identifier(self.datastore.schema), Identifier(self.events_table_name)).as_string(None)
