"""Where the events are kept: an SQLite file by default, or a PostgreSQL server a club shares.

`Store.parse` reads the `--store` / `HANDREC_STORE` URL into the environment of eventsourcing's
persistence module; `Store.explain` turns what the server or the file says when it fails into one
sentence for the user, never with the password in it. `Store.read_hand` and `Store.reader` read
hands straight from an SQLite file (`recorder.rows`), for the commands that only read: this
module imports neither eventsourcing nor the domain model.

A store keeps what it is given or says why it cannot: an SQLite store is a file (not `:memory:`,
not an SQLite URI whose options could keep nothing or skip the locks, not a named pipe or a
device), made readable by its owner only (`HANDREC_FILE_MODE` says otherwise), and never another
program's database; a PostgreSQL URL's libpq options (`?sslmode=require`) reach every connection.
A stored event that cannot be read is `CorruptedEvent`: its hand and its number in one sentence.

An SQLite store this user may read but not write (on a read-only mount, another user's file, a
folder it may not write) is opened read-only by the commands that only read (`opening`,
`read_only_uri`), making nothing beside it; a command that writes is told which file and why.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import stat
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlparse

from formats.files import kind_of

from .errors import StoreError
from .rows import Act, HandReader

DEFAULT_STORE = "hands.db"
# eventsourcing's JSON, written faster (recorder/persistence.py)
FASTER = {"TRANSCODER_TOPIC": "recorder.persistence:HandTranscoder", "MAPPER_TOPIC": "recorder.persistence:HandMapper"}

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
        try:
            mode = file.stat().st_mode
        except OSError:
            mode = stat.S_IFREG  # (nothing there yet: made on first use, or said by `probe`)
        if not stat.S_ISREG(mode):  # (SQLite would block on a named pipe, or say "disk I/O error")
            raise StoreError(f"cannot open the store {path}: it is {kind_of(mode)}, not a file")
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

    def reader(self, mode: str = "ro") -> "HandReader | None":
        """Hands read straight from an SQLite store over one connection (`recorder.rows.HandReader`),
        for the commands that only read; None when the store is not read so (PostgreSQL, no file
        yet, no table, a setting that changes how rows are read): the application reads it then.
        `mode`: SQLite's, "ro" for a walk of every hand (scan), "rw" for one hand read at once."""
        if self.kind != "sqlite" or any(k in os.environ or "HANDREC_" + k in os.environ for k in _READ_SETTINGS):
            return None
        path = Path(self.env["SQLITE_DBNAME"]).resolve()
        if not path.is_file():
            return None  # the application makes the store
        try:
            uri = self.read_only_uri() if self.cannot_write() else f"{path.as_uri()}?mode={mode}"
            conn = sqlite3.connect(uri, uri=True,
                                   timeout=float(self.env["SQLITE_LOCK_TIMEOUT"]), check_same_thread=False)
            conn.execute("SELECT originator_id, originator_version, topic, state FROM stored_events LIMIT 0")
        except sqlite3.Error:
            return None
        return HandReader(conn)

    def read_hand(self, hand_id: str) -> list[Act] | None:
        """A hand's stored events, in order, read straight from an SQLite store's table as the acts
        they record ([] when the hand is not stored), each row as the application's mapper reads it
        (`recorder.rows.acts`). None when the store is not read so (`reader`), the hand is a
        second account, or a row holds what the reader does not read: the application reads it
        then, and says what is wrong."""
        reader = self.reader("rw")
        if reader is None:
            return None
        with reader:
            try:
                return reader.read(hand_id)  # (a corrupted row: said with its hand, as there)
            except sqlite3.Error:  # (locked past the timeout, ...: read the usual way)
                return None

    def cannot_write(self) -> str | None:
        """Why this user may not write the SQLite store's file that is there: on a file system
        mounted read-only, a file it may not write (another user's, a mode of 0444), or a folder it
        may not write, where SQLite keeps the journal it writes beside the file (its -wal and -shm).
        None when it may, when there is no file yet (`probe` makes it, or says why it cannot), and
        for PostgreSQL (whose server says what a role may do)."""
        if self.kind != "sqlite":
            return None
        path = Path(self.env["SQLITE_DBNAME"])
        if not path.is_file():
            return None
        folder = path.resolve().parent
        try:
            if os.statvfs(folder).f_flag & os.ST_RDONLY:
                return "it is on a file system mounted read-only"
        except OSError:
            pass
        effective = os.access in os.supports_effective_ids  # (the user the command runs as)
        if not os.access(path, os.W_OK, effective_ids=effective):
            return "this user may not write the file"
        if not os.access(folder, os.W_OK | os.X_OK, effective_ids=effective) and not all(
                os.access(f"{path}{suffix}", os.W_OK, effective_ids=effective) for suffix in ("-wal", "-shm")):
            return f"this user may not write its folder {folder}, where SQLite keeps the store's journal"
        return None

    def read_only_uri(self) -> str:
        """The SQLite store opened read-only, making nothing beside it. While a recorder has it open
        (its -wal beside it), SQLite reads the -wal and -shm there as they are; else there is none
        to read, and the file is read as it is (`immutable`): SQLite would otherwise make its -shm
        beside it, which it cannot in a folder this user may not write ("unable to open database
        file"), and which, made by a reader in another user's folder, would be the reader's and
        stop its owner's next write. What its owner records after such a read began is read by the
        next command."""
        path = Path(self.env["SQLITE_DBNAME"]).resolve()
        immutable = "" if os.path.exists(f"{path}-wal") else "&immutable=1"
        return f"{path.as_uri()}?mode=ro{immutable}"

    def opening(self, reads_only: bool) -> dict[str, str]:
        """What the application's environment takes to open the store: for an SQLite file this user
        may not write, read-only and making no table, when the command only reads; a command that
        writes is told which file and why it cannot, before anything is done."""
        why = self.cannot_write()
        if why is None:
            return {}
        if not reads_only:
            raise StoreError(f"cannot write the store {self.name[len('sqlite:///'):]}: {why}; the commands that only "
                             "read it (and serve --read-only) still can")
        return {"SQLITE_DBNAME": self.read_only_uri(), "CREATE_TABLE": "no"}

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

    @property
    def shown(self) -> str:
        """The store as the user is told of it: an SQLite file's path, a PostgreSQL store's URL
        without its password."""
        return self.name[len("sqlite:///"):] if self.kind == "sqlite" else self.name

    def probe(self, reads_only: bool = False) -> bool:
        """Before the application opens the store: an SQLite file is made readable by its owner
        only when new (never for a command that only reads, `reads_only`: a store that is not there
        is said so, and nothing is made), and refused when it is another program's database; a PostgreSQL server is
        connected to once, directly, to say exactly why it cannot be used (its connection pool
        would only say that it got no connection), and a database whose type of the stored event's
        name is another program's is refused (eventsourcing would fail on it with a TypeError).
        Whether the store's tables are there (SQLite: always said True, its file makes them)."""
        if self.kind == "sqlite":
            self._probe_file(reads_only)
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

    def _probe_file(self, reads_only: bool = False) -> None:
        path = Path(self.env["SQLITE_DBNAME"])
        shown = self.shown
        if reads_only and not os.path.lexists(path):
            # (a read of a store named wrong, or in another folder, left an empty one behind)
            raise StoreError(f"the store {shown} holds no hands yet (there is no such file): 'handrec record' or "
                             "'handrec import' makes it")
        try:
            if create_file(path):
                return  # new, empty: eventsourcing makes its table in it
        except OSError as e:
            raise StoreError(f"cannot make the store {shown}: {e.strerror or e}") from None
        why = self.cannot_write()
        try:
            if path.stat().st_size == 0:
                if why:
                    raise StoreError(f"the store {shown} holds no hands yet, and cannot be given its tables: {why}")
                return
        except OSError as e:
            raise StoreError(f"cannot open the store {shown}: {e.strerror or e}") from None
        # Whether it is an SQLite database is asked of SQLite ("file is not a database", below),
        # never by opening the file here: closing any descriptor of the file drops every POSIX lock
        # this process holds on it (fcntl's locks are the process's, not the descriptor's), and a
        # recorder of this process still open on the store would be taken for gone by the others,
        # which then delete its WAL index under it ("disk I/O error"; sqlite.org/howtocorrupt.html, 2.2).
        try:
            conn = sqlite3.connect(self.read_only_uri() if why else path.resolve().as_uri() + "?mode=rw", uri=True,
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
        if why and "stored_events" not in names and not others:
            raise StoreError(f"the store {shown} holds no hands yet, and cannot be given its tables: {why}")
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


