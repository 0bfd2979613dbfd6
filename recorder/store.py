"""Where the events are kept: an SQLite file by default, or a PostgreSQL server a club shares.

`Store.parse` reads the `--store` / `HANDREC_STORE` URL into the environment of eventsourcing's
persistence module; `Store.explain` turns what the server or the file says when it fails into one
sentence for the user, never with the password in it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

DEFAULT_STORE = "hands.db"
# eventsourcing's JSON, written faster (recorder/persistence.py)
FASTER = {"TRANSCODER_TOPIC": "recorder.persistence:HandTranscoder", "MAPPER_TOPIC": "recorder.persistence:HandMapper"}


class StoreError(Exception):
    """The store cannot be opened or used; the message is one sentence for the user."""


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
            "APPLICATION_RECORDER_TOPIC": "recorder.persistence:OneStatementPostgresApplicationRecorder",
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
