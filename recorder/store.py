"""Where the events are kept: an SQLite file by default, or a PostgreSQL server a club shares.

`Store.parse` reads the `--store` / `HANDREC_STORE` URL into the environment of eventsourcing's
persistence module; `Store.explain` turns what the server or the file says when it fails into one
sentence for the user, never with the password in it. `Store.read_hand` reads a hand's events
straight from an SQLite file, for the commands that only read: this module imports neither
eventsourcing nor the domain model, whose imports were most of such a command's time.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse
from uuid import NAMESPACE_URL, UUID, uuid5

from bridge.lines import KIND_OF_EVENT

DEFAULT_STORE = "hands.db"
# eventsourcing's JSON, written faster (recorder/persistence.py)
FASTER = {"TRANSCODER_TOPIC": "recorder.persistence:HandTranscoder", "MAPPER_TOPIC": "recorder.persistence:HandMapper"}

# What `Store.read_hand` knows of the domain model (recorder/domainmodel.py) without importing it;
# tests/test_startup.py holds the two to the same. A hand's stored id, as `hand_uuid` makes it:
HAND_NAMESPACE = uuid5(NAMESPACE_URL, "https://handrec.invalid/hand")
HAND_TOPIC = "recorder.domainmodel:Hand."  # a stored event's topic: this and its class's name
# The event classes whose class_version is above 1, and that version: an event stored at an older
# version is upcast by its class's own upcasters (the domain model is imported for it then).
CLASS_VERSIONS = {"NoteMade": 2}
# eventsourcing's settings that change how the rows are read; it takes them from the process's
# environment too (bare or as HANDREC_NAME): when one is set there, the application reads.
_READ_SETTINGS = ("PERSISTENCE_MODULE", "SQLITE_DBNAME", "TRANSCODER_TOPIC", "MAPPER_TOPIC",
                  "COMPRESSOR_TOPIC", "CIPHER_TOPIC")


class StoreError(Exception):
    """The store cannot be opened or used; the message is one sentence for the user."""


class UnknownHand(LookupError):
    def __init__(self, hand_id: str):
        super().__init__(f"no hand '{hand_id}' is stored")
        self.hand_id = hand_id


@dataclass(frozen=True)
class StoredFields:
    """A hand's stored event read without its class: its number (its originator_version; 1 is the
    `hand` line), its class's name (Hand.<name>) and its fields as the domain event holds them,
    upcast (the timestamp and the line with them; not the originator's id and version)."""

    number: int
    name: str
    fields: dict[str, Any]


class _NotRead(Exception):
    """Something `Store.read_hand` does not know how to read: the application reads it."""


@dataclass(frozen=True)
class Store:
    kind: str  # sqlite · postgresql
    name: str  # how the store is named to the user and to the analysis database: no password
    environment: tuple[tuple[str, str], ...]
    secret: str = ""  # the password, to keep out of every message

    @property
    def env(self) -> dict[str, str]:
        return dict(self.environment)

    @classmethod
    def parse(cls, url: str | None) -> "Store":
        url = url or os.environ.get("HANDREC_STORE") or DEFAULT_STORE
        if url.startswith(("postgresql://", "postgres://")):
            return cls._postgresql(url)
        if url.startswith("sqlite:///"):
            path = url[len("sqlite:///"):]
        elif "://" in url:
            scheme = urlparse(url).scheme
            raise StoreError(f"'{scheme}://' is not a store handrec knows; give a path, sqlite:///PATH "
                             f"or postgresql://USER@HOST/DB")
        else:
            path = url
        file = Path(path).expanduser()
        folder = file.resolve().parent
        if not folder.is_dir():
            raise StoreError(f"cannot open the store {path}: the folder {folder} does not exist")
        if file.is_dir():
            raise StoreError(f"cannot open the store {path}: it is a folder")
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(file),
               "SQLITE_LOCK_TIMEOUT": "10", **FASTER,
               "APPLICATION_RECORDER_TOPIC": "recorder.persistence:BatchSQLiteApplicationRecorder"}
        return cls("sqlite", "sqlite:///" + str(file.resolve()), tuple(env.items()))

    @classmethod
    def _postgresql(cls, url: str) -> "Store":
        u = urlparse(url)
        try:
            port = u.port or 5432
        except ValueError:
            raise StoreError("the PostgreSQL store's port is not a number") from None
        database = unquote(u.path.lstrip("/"))
        user = unquote(u.username or "")
        if not (u.hostname and database and user):
            raise StoreError("a PostgreSQL store is written postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
        password = unquote(u.password or "") or os.environ.get("PGPASSWORD", "")
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres", **FASTER,
            "APPLICATION_RECORDER_TOPIC": "recorder.persistence_postgres:OneStatementPostgresApplicationRecorder",
            "POSTGRES_ENABLE_DB_FUNCTIONS": "yes",
            "POSTGRES_DBNAME": database, "POSTGRES_HOST": u.hostname, "POSTGRES_PORT": str(port),
            "POSTGRES_USER": user, "POSTGRES_PASSWORD": password, "POSTGRES_CONNECT_TIMEOUT": "5",
            "POSTGRES_POOL_SIZE": "2", "POSTGRES_MAX_OVERFLOW": "4",
        }
        schema = parse_qs(u.query).get("schema", [""])[0]
        if schema:
            env["POSTGRES_SCHEMA"] = schema
        name = f"postgresql://{user}@{u.hostname}:{port}/{database}" + (f"?schema={schema}" if schema else "")
        return cls("postgresql", name, tuple(env.items()), password)

    def read_hand(self, hand_id: str) -> list[StoredFields] | None:
        """A hand's stored events, in order, read straight from an SQLite store's table ([] when
        the hand is not stored), as eventsourcing's SQLite recorder and JSON transcoder read them.
        None when the store is not read so (PostgreSQL, no file yet, no table, a setting or a
        value this does not know): the application reads it then, and says what is wrong."""
        if self.kind != "sqlite" or any(k in os.environ or "HANDREC_" + k in os.environ for k in _READ_SETTINGS):
            return None
        path = Path(self.env["SQLITE_DBNAME"]).resolve()
        if not path.is_file():
            return None  # the application makes the store
        key = uuid5(HAND_NAMESPACE, hand_id).hex  # (an id that is not text fails here as there)
        try:
            conn = sqlite3.connect(path.as_uri() + "?mode=rw", uri=True,
                                   timeout=float(self.env["SQLITE_LOCK_TIMEOUT"]))
            try:
                rows = conn.execute("SELECT originator_version, topic, state FROM stored_events "
                                    "WHERE originator_id = ? ORDER BY originator_version", (key,)).fetchall()
            finally:
                conn.close()
            return [_stored_fields(*row) for row in rows]
        except Exception:  # sqlite3's errors, a state that is not our JSON, ...: read the usual way
            return None

    def probe(self) -> None:
        """Connect once, directly, to say exactly why a PostgreSQL server cannot be used (its
        connection pool would only say that it got no connection)."""
        if self.kind != "postgresql":
            return
        import psycopg

        env = self.env
        try:
            psycopg.connect(host=env["POSTGRES_HOST"], port=int(env["POSTGRES_PORT"]), dbname=env["POSTGRES_DBNAME"],
                            user=env["POSTGRES_USER"], password=env["POSTGRES_PASSWORD"] or None,
                            connect_timeout=int(env["POSTGRES_CONNECT_TIMEOUT"])).close()
        except psycopg.Error as e:
            raise StoreError(self.explain(e)) from None

    def explain(self, error: BaseException) -> str:
        """What went wrong, in one sentence, without the password."""
        text = " ".join(str(error).split())
        if self.secret:
            text = text.replace(self.secret, "***")
        if self.kind == "sqlite":
            return f"cannot use the store {self.name[len('sqlite:///'):]}: {text}"
        env = self.env
        where = f"{env['POSTGRES_HOST']}:{env['POSTGRES_PORT']}"
        low = text.lower()
        if "password authentication failed" in low or "role" in low and "does not exist" in low \
                or "no pg_hba.conf entry" in low or "no password supplied" in low:
            return f"the PostgreSQL server at {where} refused the login of user {env['POSTGRES_USER']}"
        if "database" in low and "does not exist" in low:
            return f"the PostgreSQL server at {where} has no database {env['POSTGRES_DBNAME']}"
        if any(w in low for w in ("connection refused", "could not connect", "timeout", "timed out",
                                  "could not translate host", "name or service not known", "connection failed",
                                  "couldn't get a connection")):
            return f"cannot reach the PostgreSQL server at {where}"
        return f"the PostgreSQL store {self.name} failed: {text}"


def _stored_fields(number: int, topic: str, state: bytes) -> StoredFields:
    """One row as eventsourcing's mapper makes its event's fields: the state decoded by the JSON
    transcoder, the class version popped and the upcasters run up to the class's."""
    name = topic[len(HAND_TOPIC):]
    if not topic.startswith(HAND_TOPIC) or name not in KIND_OF_EVENT:  # an event of no kind of line
        raise _NotRead(topic)
    fields = json.loads(state.decode("utf8"), object_hook=_decoded)
    version = fields.pop("class_version", 1)
    current = CLASS_VERSIONS.get(name, 1)
    if version < current:
        from . import domainmodel  # an event stored before its class's version: its own upcasters

        cls = getattr(domainmodel.Hand, name)
        while version < current:
            getattr(cls, f"upcast_v{version}_v{version + 1}")(fields)
            version += 1
    return StoredFields(number, name, fields)


def _decoded(obj: dict[str, Any]) -> Any:
    """The values eventsourcing's JSON transcoder writes as {"_type_": ..., "_data_": ...}."""
    if len(obj) == 2 and "_type_" in obj and "_data_" in obj:
        if obj["_type_"] == "datetime_iso":
            return datetime.fromisoformat(obj["_data_"])
        if obj["_type_"] == "uuid_hex":
            return UUID(obj["_data_"])
        raise _NotRead(obj["_type_"])
    return obj
