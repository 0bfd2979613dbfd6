"""Where the events are kept: an SQLite file by default, or a PostgreSQL server a club shares.

`Store.parse` reads the `--store` / `HANDREC_STORE` URL into the environment of eventsourcing's
persistence module; `Store.explain` turns what the server or the file says when it fails into one
sentence for the user, never with the password in it. `Store.read_hand` reads a hand's events
straight from an SQLite file, for the commands that only read: this module imports neither
eventsourcing nor the domain model, whose imports were most of such a command's time.

A store keeps what it is given or says why it cannot: an SQLite store is a file (not `:memory:`,
not an SQLite URI whose options could keep nothing or skip the locks), made readable by its owner
only (`HANDREC_FILE_MODE` says otherwise), and never another program's database; a PostgreSQL
URL's libpq options (`?sslmode=require`) reach every connection. A stored event that cannot be
read is `CorruptedEvent`: its hand and its number in one sentence.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator, NamedTuple
from urllib.parse import parse_qsl, unquote, urlparse
from uuid import UUID

from bridge.lines import KIND_OF_EVENT

from .ids import hand_uuid

DEFAULT_STORE = "hands.db"
# eventsourcing's JSON, written faster (recorder/persistence.py)
FASTER = {"TRANSCODER_TOPIC": "recorder.persistence:HandTranscoder", "MAPPER_TOPIC": "recorder.persistence:HandMapper"}

# What `Store.read_hand` knows of the domain model (recorder/domainmodel.py) without importing it;
# tests/test_startup.py holds the two to the same. A hand's stored id, as `hand_uuid` makes it:
HAND_TOPIC = "recorder.domainmodel:Hand."  # a stored event's topic: this and its class's name
# The event classes whose class_version is above 1, and that version: an event stored at an older
# version is upcast by its class's own upcasters (the domain model is imported for it then).
CLASS_VERSIONS = {"NoteMade": 2}
# eventsourcing's settings that change how the rows are read; it takes them from the process's
# environment too (bare or as HANDREC_NAME): when one is set there, the application reads.
_READ_SETTINGS = ("PERSISTENCE_MODULE", "SQLITE_DBNAME", "TRANSCODER_TOPIC", "MAPPER_TOPIC",
                  "COMPRESSOR_TOPIC", "CIPHER_TOPIC")


# The tables of an SQLite store (eventsourcing's, for the application named "handrec"): a file
# that holds any other table is another program's, and handrec adds nothing to it.
OUR_TABLES = frozenset({"stored_events", "snapshots"})
# A PostgreSQL store's table of events, and the composite type eventsourcing makes for a stored
# event (shared by every eventsourcing application of a schema, with these fields).
EVENTS_TABLE = "handrec_events"
EVENT_TYPE = "stored_event_uuid"
EVENT_TYPE_FIELDS = [("originator_id", "uuid"), ("originator_version", "bigint"), ("topic", "text"),
                     ("state", "bytea")]
_OUR_TYPE = ("SELECT a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_type t "
             "JOIN pg_namespace n ON n.oid = t.typnamespace "
             "LEFT JOIN pg_attribute a ON a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped "
             "WHERE n.nspname = %s AND t.typname = %s ORDER BY a.attnum")
# A new store or analysis database is readable by its owner only, unless HANDREC_FILE_MODE (octal,
# e.g. 640) says otherwise; SQLite gives its -journal, -wal and -shm files the database's mode.
FILE_MODE = 0o600
# libpq's options that the URL already gives in its own places.
_URL_PARTS = frozenset({"host", "hostaddr", "port", "user", "password", "dbname"})


class StoreError(Exception):
    """The store cannot be opened or used; the message is one sentence for the user."""


class CorruptedEvent(StoreError):
    """A stored event that cannot be read as one of handrec's: which hand, which event, and why."""

    def __init__(self, reason: str, number: int, hand_id: str | None = None, stored_id: Any = None):
        self.reason, self.number, self.hand_id, self.stored_id = reason, number, hand_id, stored_id
        hand = f"hand '{hand_id}'" if hand_id is not None else f"the hand stored as {stored_id}"
        super().__init__(f"event {number} of {hand} is corrupted in the store ({reason}); "
                         "handrec cannot read that hand until the event is repaired")

    def of_hand(self, hand_id: str) -> "CorruptedEvent":
        """The same, naming the hand by its id."""
        return CorruptedEvent(self.reason, self.number, hand_id, self.stored_id)


def file_mode() -> int:
    """The mode of a new store or analysis database: 0600, or HANDREC_FILE_MODE (octal)."""
    given = os.environ.get("HANDREC_FILE_MODE", "").strip()
    if not given:
        return FILE_MODE
    try:
        mode = int(given, 8)
    except ValueError:
        mode = -1
    if not 0 <= mode <= 0o777:
        raise StoreError(f"HANDREC_FILE_MODE is '{given}'; it is a file mode in octal, such as 600 or 640")
    return mode


def create_file(path: Path) -> bool:
    """Make an empty file with the mode of a new store (`file_mode`), unless one is there already:
    True when it was made here. SQLite then makes its database in it, keeping the mode."""
    mode = file_mode()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except FileExistsError:
        return False
    try:
        os.fchmod(fd, mode)  # the mode asked for, whatever the umask
    finally:
        os.close(fd)
    return True


def remove_database_file(path: Path) -> None:
    """An SQLite file made here and left unusable, with its journal, WAL and shared memory."""
    for suffix in ("", "-journal", "-wal", "-shm"):
        try:
            os.unlink(f"{path}{suffix}")
        except OSError:
            pass


def refuse_sqlite_name(given: str, name: str, what: str = "store") -> None:
    """An SQLite file name that would keep nothing or bypass the locks: `:memory:` (or an empty
    name, a temporary database), an SQLite URI (`file:...?mode=memory`, `?nolock=1`, `?immutable=1`;
    SQLite reads `file:` names as URIs even when not asked to) or a name with options after '?'."""
    if name.strip() in ("", ":memory:") or name.startswith(":memory:"):
        raise StoreError(f"the {what} '{given}' would be kept in memory and lost when the command ends; "
                         "give a file's path (hands.db or sqlite:///PATH)")
    if name.lower().startswith("file:"):
        raise StoreError(f"the {what} '{given}' is an SQLite URI, whose options can keep nothing (mode=memory) "
                         "or skip the locks that keep it whole (nolock, immutable); give a plain file path")
    if "?" in name:
        raise StoreError(f"the {what} '{given}' has options after '?', which handrec does not take for an SQLite "
                         "file (they can keep nothing or skip its locks); give a plain file path")


class HandChanged(StoreError):
    """The hand has other events than the writer saw: nothing was stored (`total`: how many it has)."""

    def __init__(self, reason: str, total: int):
        super().__init__(reason)
        self.total = total


class StoreGone(StoreError):
    """The store's file is not the one the recorder opened (deleted or replaced under it)."""


class UnknownHand(LookupError):
    def __init__(self, hand_id: str):
        super().__init__(f"no hand '{hand_id}' is stored")
        self.hand_id = hand_id


class StoredFields(NamedTuple):
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
        refuse_sqlite_name(url, path)
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
        options: dict[str, str] = {}
        for key, value in parse_qsl(u.query, keep_blank_values=True):
            if key in _URL_PARTS:
                raise StoreError(f"the PostgreSQL store's option '{key}' is given in the URL itself: "
                                 "postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
            options[key] = value  # (libpq's options; `probe` says which it does not know)
        schema = options.pop("schema", "")
        env = {
            "PERSISTENCE_MODULE": "recorder.persistence_postgres:ConnectOptionsPostgresFactory", **FASTER,
            "APPLICATION_RECORDER_TOPIC": "recorder.persistence_postgres:OneStatementPostgresApplicationRecorder",
            "POSTGRES_ENABLE_DB_FUNCTIONS": "yes",
            "POSTGRES_DBNAME": database, "POSTGRES_HOST": u.hostname, "POSTGRES_PORT": str(port),
            "POSTGRES_USER": user, "POSTGRES_PASSWORD": password, "POSTGRES_CONNECT_TIMEOUT": "5",
            "POSTGRES_POOL_SIZE": "2", "POSTGRES_MAX_OVERFLOW": "4",
            # libpq's connection options (sslmode, sslrootcert, application_name, ...), for every
            # connection of the pool (recorder/persistence_postgres.py) and for `probe`'s
            "POSTGRES_CONNECT_OPTIONS": json.dumps(options, sort_keys=True),
        }
        if schema:
            env["POSTGRES_SCHEMA"] = schema
        name = f"postgresql://{user}@{u.hostname}:{port}/{database}" + (f"?schema={schema}" if schema else "")
        return cls("postgresql", name, tuple(env.items()), password)

    def reader(self) -> "HandReader | None":
        """Many hands read straight from an SQLite store over one connection (`HandReader`), for
        the commands that walk every hand (scan); None when the store is not read so (as
        `read_hand`)."""
        if self.kind != "sqlite" or any(k in os.environ or "HANDREC_" + k in os.environ for k in _READ_SETTINGS):
            return None
        path = Path(self.env["SQLITE_DBNAME"]).resolve()
        if not path.is_file():
            return None
        try:
            conn = sqlite3.connect(path.as_uri() + "?mode=ro", uri=True, timeout=float(self.env["SQLITE_LOCK_TIMEOUT"]),
                                   check_same_thread=False)
            conn.execute("SELECT originator_id, originator_version, topic, state FROM stored_events LIMIT 0")
        except sqlite3.Error:
            return None
        return HandReader(conn)

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
        key = hand_uuid(hand_id).hex  # (an id that is not text fails here as there)
        try:
            conn = sqlite3.connect(path.as_uri() + "?mode=rw", uri=True,
                                   timeout=float(self.env["SQLITE_LOCK_TIMEOUT"]))
            try:
                rows = conn.execute("SELECT originator_version, topic, state FROM stored_events "
                                    "WHERE originator_id = ? ORDER BY originator_version", (key,)).fetchall()
            finally:
                conn.close()
            return _whole([_stored_fields(*row) for row in rows])
        except CorruptedEvent as e:  # a row that is no event of handrec's: said here as there
            raise e.of_hand(hand_id) from None
        except Exception:  # sqlite3's errors, a value this does not decode, ...: read the usual way
            return None

    def file_identity(self) -> tuple[int, int] | None:
        """Which file an SQLite store is (its device and inode), None when there is none there now;
        None for PostgreSQL. A recorder keeps it from when it opened the store, and writes only while
        the file at the store's path is still that one (`HandRecorder._save`)."""
        if self.kind != "sqlite":
            return None
        try:
            st = os.stat(self.env["SQLITE_DBNAME"])
        except OSError:
            return None
        return (st.st_dev, st.st_ino)

    def remove_new_file(self) -> None:
        """An SQLite store this recorder made and could not make its tables in, taken away whole
        (the file and what SQLite made beside it)."""
        remove_database_file(Path(self.env["SQLITE_DBNAME"]))

    @property
    def options(self) -> dict[str, str]:
        """A PostgreSQL store's libpq connection options, from its URL's query."""
        return json.loads(self.env.get("POSTGRES_CONNECT_OPTIONS") or "{}")

    def probe(self) -> bool:
        """Before the application opens the store: an SQLite file is made readable by its owner
        only when new, and refused when it is another program's database; a PostgreSQL server is
        connected to once, directly, to say exactly why it cannot be used (its connection pool
        would only say that it got no connection), and a database whose type of the stored event's
        name is another program's is refused (eventsourcing would fail on it with a TypeError).
        Whether the store's tables are there (SQLite: always said True, its file makes them)."""
        if self.kind == "sqlite":
            self._probe_file()
            return True
        import psycopg
        from psycopg.conninfo import make_conninfo

        env = self.env
        options = self.options
        for key, value in options.items():
            try:
                make_conninfo("", **{key: value})
            except psycopg.Error:
                raise StoreError(f"'{key}' in the PostgreSQL store's URL is not a connection option of "
                                 f"libpq (sslmode, sslrootcert, application_name, ... are)") from None
        try:
            with psycopg.connect(host=env["POSTGRES_HOST"], port=int(env["POSTGRES_PORT"]),
                                 dbname=env["POSTGRES_DBNAME"], user=env["POSTGRES_USER"],
                                 password=env["POSTGRES_PASSWORD"] or None,
                                 **{"connect_timeout": env["POSTGRES_CONNECT_TIMEOUT"], **options}) as conn:
                schema = env.get("POSTGRES_SCHEMA") or "public"
                found = conn.execute(_OUR_TYPE, (schema, EVENT_TYPE)).fetchall()
                tables = conn.execute("SELECT to_regclass(format('%%I.%%I', %s::text, %s::text)) IS NOT NULL",
                                      (schema, EVENTS_TABLE)).fetchone()[0]
        except psycopg.Error as e:
            raise StoreError(self.explain(e)) from None
        if found and [tuple(r) for r in found] != EVENT_TYPE_FIELDS:
            raise StoreError(f"the PostgreSQL database {env['POSTGRES_DBNAME']} has a type {schema}.{EVENT_TYPE} "
                             "that is not the stored event's (another program's); handrec will not use it: give "
                             "handrec a database of its own, or a schema of its own (?schema=NAME)")
        return bool(tables)

    def _probe_file(self) -> None:
        path = Path(self.env["SQLITE_DBNAME"])
        shown = self.name[len("sqlite:///"):]
        try:
            if create_file(path):
                return  # new, empty: eventsourcing makes its table in it
        except OSError as e:
            raise StoreError(f"cannot make the store {shown}: {e.strerror or e}") from None
        try:
            if path.stat().st_size == 0:
                return
            with open(path, "rb") as f:
                header = f.read(16)
        except OSError as e:
            raise StoreError(f"cannot open the store {shown}: {e.strerror or e}") from None
        if header != b"SQLite format 3\x00" and not Path(f"{path}-journal").exists():
            raise StoreError(f"the store {shown} is not an SQLite database; handrec will not write into it")
        try:
            conn = sqlite3.connect(path.resolve().as_uri() + "?mode=rw", uri=True,
                                   timeout=float(self.env["SQLITE_LOCK_TIMEOUT"]))
            try:
                names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
                                                    "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")]
            finally:
                conn.close()
        except sqlite3.DatabaseError as e:
            if "not a database" in str(e):
                raise StoreError(f"the store {shown} is not an SQLite database; handrec will not write into it") \
                    from None
            raise StoreError(self.explain(e)) from None
        others = sorted(n for n in names if n not in OUR_TABLES)
        if others:
            listed = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
            raise StoreError(f"the store {shown} is another program's SQLite database (it holds {listed}); "
                             "handrec will not add its tables to it: give a new file")

    def explain(self, error: BaseException) -> str:
        """What went wrong, in one sentence, without the password."""
        text = " ".join(str(error).split())
        if self.secret:  # (where it stands as a word: a password 'p' leaves 'expected' as it is)
            text = re.sub(rf"(?<![A-Za-z0-9]){re.escape(self.secret)}(?![A-Za-z0-9])", "***", text)
        if self.kind == "sqlite":
            return f"cannot use the store {self.name[len('sqlite:///'):]}: {text}"
        env = self.env
        where = f"{env['POSTGRES_HOST']}:{env['POSTGRES_PORT']}"
        low = text.lower()
        # The server's SQLSTATE where the error carries one (psycopg gives none for an error met
        # while connecting, which is where most of these are met: there, the server's words).
        state = getattr(error, "sqlstate", None) or getattr(error.__cause__, "sqlstate", None)
        if state in ("28P01", "28000") or "password authentication failed" in low or "role" in low and "does not exist" in low \
                or "no pg_hba.conf entry" in low or "no password supplied" in low:
            return f"the PostgreSQL server at {where} refused the login of user {env['POSTGRES_USER']}"
        if state == "3D000" or "database" in low and "does not exist" in low:
            return f"the PostgreSQL server at {where} has no database {env['POSTGRES_DBNAME']}"
        if "invalid" in low and " value" in low and self.options:  # an option's value libpq refuses
            return f"the PostgreSQL store's URL has {text.partition('invalid ')[2] or text}, which libpq refuses"
        if state == "53300" or "too many connections" in low or "too many clients" in low \
                or "connection slots are reserved" in low:
            # SQLSTATE 53300: the server's max_connections, or the role's or database's CONNECTION LIMIT
            said = text.rpartition("FATAL:")[2].strip() or text
            return (f"the PostgreSQL server at {where} refused a connection: its connection limit is reached "
                    f"(it said: {said}); close other connections, or use fewer processes (--jobs)")
        if ("expected authentication request" in low or "invalid response to ssl negotiation" in low
                or "unsupported frontend protocol" in low):
            # Whatever answers there does not speak PostgreSQL's protocol (libpq tries TLS first
            # unless told not to, so its words name SSL although the store asked for none).
            return f"the server at {where} is not a PostgreSQL server (it does not answer as one)"
        if ("ssl" in low or "certificate" in low) and any(k.startswith("ssl") for k in self.options):
            asked = ", ".join(f"{k}={v}" for k, v in self.options.items() if k.startswith("ssl")) or "TLS"
            why = "it does not offer SSL" if "does not support ssl" in low else text.rpartition(" failed: ")[2] or text
            return f"the PostgreSQL server at {where} cannot be reached as the store asks ({asked}): {why}"
        if any(w in low for w in ("connection refused", "could not connect", "timeout", "timed out",
                                  "could not translate host", "name or service not known", "connection failed",
                                  "couldn't get a connection")):
            return f"cannot reach the PostgreSQL server at {where}"
        return f"the PostgreSQL store {self.name} failed: {text}"


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

    def read(self, hand_id: str) -> list[StoredFields] | None:
        """The hand's stored events, in order ([] when it is not stored); None when one of them
        is not read so (the application reads the hand then, as for `Store.read_hand`)."""
        return self.fields(hand_id, self.rows(hand_id))

    def rows(self, hand_id: str) -> list[tuple[int, str, bytes]]:
        """The hand's stored rows as they are (number, topic, state), in order: for `acts`, then
        `fields`."""
        key = hand_uuid(hand_id).hex
        return self.conn.execute("SELECT originator_version, topic, state FROM stored_events "
                                 "WHERE originator_id = ? ORDER BY originator_version", (key,)).fetchall()

    @staticmethod
    def fields(hand_id: str, rows: list[tuple[int, str, bytes]]) -> list[StoredFields] | None:
        """`read` of the hand's rows."""
        try:
            return _whole([_stored_fields(*row) for row in rows])
        except CorruptedEvent as e:
            raise e.of_hand(hand_id) from None
        except _NotRead:
            return None

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "HandReader":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


# How many more connections a PostgreSQL server lets the current user open now: the fewest of
# what its max_connections (less the slots reserved for superusers), the role's and the database's
# CONNECTION LIMIT leave (NULL: no limit of that kind).
CONNECTIONS_LEFT = (
    "SELECT current_setting('max_connections')::int"
    " - CASE WHEN r.rolsuper THEN 0 ELSE current_setting('superuser_reserved_connections')::int END"
    " - (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend') AS server,"
    " CASE WHEN r.rolconnlimit < 0 THEN NULL"
    "  ELSE r.rolconnlimit - (SELECT count(*) FROM pg_stat_activity WHERE usename = r.rolname) END AS role,"
    " CASE WHEN d.datconnlimit < 0 THEN NULL"
    "  ELSE d.datconnlimit - (SELECT count(*) FROM pg_stat_activity WHERE datname = d.datname) END AS database"
    " FROM pg_roles r, pg_database d WHERE r.rolname = current_user AND d.datname = current_database()"
)


# One card played, as the mapper writes it (recorder.persistence.HandMapper: the timestamp in UTC,
# the seat, one card, the line; no class_version, CardPlayed being at its first): most rows of
# every hand. `_stored_fields` reads such a row by this pattern, the JSON decoder reading the rest;
# tests/test_store_edges.py holds the two readings to the same fields.
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


def acts(rows: list[tuple[int, str, bytes]]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each of a hand's stored rows as the act it records, its kind of line and its words: a card
    played read by its pattern (its words alone), any other row as `_stored_fields` reads it (its
    timestamp and its line among its words). For a question asked of every act before the rows
    are made events (`projections.plain`); a row that cannot be read so (a timestamp that is no
    time included) raises as `_stored_fields` does, without the hand's id."""
    for number, topic, state in rows:
        if topic == _PLAYED_TOPIC:
            played = _one_card_played(state)
            if played is not None:
                _time_played(played[1], number)  # (a time, as `_stored_fields` reads it: mostly the last one again)
                yield "play", {"seat": played[2], "cards": [played[3]]}
                continue
        stored = _stored_fields(number, topic, state)
        yield KIND_OF_EVENT[stored.name], stored.fields


def opens_account(hand_id: str, rows: list[tuple[int, str, bytes]]) -> bool:
    """Whether these stored rows of the hand (`HandReader.rows`) are a second account's own, which
    the application reads with its first account's shared events (`_whole`)."""
    try:
        return bool(rows) and bool(_stored_fields(*rows[0]).fields.get("trunk"))
    except CorruptedEvent as e:
        raise e.of_hand(hand_id) from None
    except _NotRead:  # (a value this reader does not know: the hand is read the application's way)
        return False


def _whole(events: list[StoredFields]) -> list[StoredFields] | None:
    """A hand's events as read, or None for a second account (`hand ID branch=FIRST@N`), whose
    record is its first account's shared events and its own: read by the application, which
    assembles it (`HandRecorder.hand_events`)."""
    if events and events[0].fields.get("trunk"):
        return None
    return events


def _stored_fields(number: int, topic: str, state: bytes) -> StoredFields:
    """One row as eventsourcing's mapper makes its event's fields: the state decoded by the JSON
    transcoder, the class version popped and the upcasters run up to the class's."""
    if topic == _PLAYED_TOPIC:
        played = _one_card_played(state)
        if played is not None:
            when, seat, card, line = played.groups()
            return StoredFields(number, "CardPlayed", {"timestamp": _time_played(when, number), "seat": seat,
                                                       "cards": [card], "line": line})
    if not isinstance(topic, str) or not topic.startswith(HAND_TOPIC):  # no event of handrec's, ever
        raise CorruptedEvent(f"its topic '{excerpt(str(topic))}' is not one of handrec's events", number)
    name = topic[len(HAND_TOPIC):]
    if name not in KIND_OF_EVENT:  # an event of no kind of line: the application knows what it is
        raise _NotRead(topic)
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
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise CorruptedEvent("its state is not valid JSON", number) from None
    except (ValueError, TypeError) as e:  # a typed value that is not one (a timestamp that is no time)
        raise CorruptedEvent(f"its state cannot be read as Hand.{name}: {excerpt(str(e), 80)}", number) from None
    if not isinstance(fields, dict):
        raise CorruptedEvent(f"its state is not the JSON object of {name}", number)
    for needed in ("timestamp", "line"):
        if needed not in fields:
            raise CorruptedEvent(f"its state lacks the field '{needed}' of {name}", number)
    if "originator_topic" in fields and fields["originator_topic"] != HAND_TOPIC[:-1]:
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


def excerpt(text: str, limit: int = 60) -> str:
    """A stored text as a message quotes it: on one line, and cut short."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "..."
