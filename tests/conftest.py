"""Shared helpers: transcripts become events through the real aggregate; stores are real SQLite files."""

from __future__ import annotations

import os
import queue
import sys
import threading
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator
from urllib.parse import urlparse, urlunparse

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from recorder.application import HandRecorder  # noqa: E402
from recorder.domainmodel import Hand  # noqa: E402
from formats.transcript import parse  # noqa: E402

from expectations import EXAMPLES  # noqa: E402


def events_of(text: str) -> list:
    """A transcript's events, made by the Hand aggregate exactly as recording makes them."""
    lines = parse(text)
    hand = Hand.open(lines[0])
    hand.record_lines(lines[1:])
    return list(hand.collect_events())


def example(name: str) -> str:
    return (EXAMPLES / f"{name}.hand").read_text(encoding="utf-8")


POSTGRES = os.environ.get("HANDREC_TEST_POSTGRES")  # .ci/run starts a server and sets it
# .ci/run also sets HANDREC_REQUIRE_POSTGRES=1: there, a PostgreSQL test that cannot run fails
# instead of skipping, so that CI never passes without the store a club shares.
REQUIRE_POSTGRES = os.environ.get("HANDREC_REQUIRE_POSTGRES") == "1"
NO_POSTGRES = ("no PostgreSQL server for the tests: set HANDREC_TEST_POSTGRES=postgresql://USER:PW@HOST:PORT/DB "
               "(.ci/run starts one)")


def needs_postgres() -> str:
    """The test server's URL; without one, the test skips (fails in CI)."""
    if not POSTGRES:
        if REQUIRE_POSTGRES:
            pytest.fail(NO_POSTGRES + ", and HANDREC_REQUIRE_POSTGRES=1 says this run must have it")
        pytest.skip(NO_POSTGRES)
    return POSTGRES


class _FreshDatabases:
    """New, empty databases on one test server, made ahead and dropped behind in threads of their
    own: the server takes about a fifth of a second of its own CPU to make one (a copy of
    template1), and a drop waits for the connections it ends, neither of which the tests need wait
    for. Each database is handed to one test only, and never used before."""

    AHEAD = 3

    def __init__(self, admin_url: str) -> None:
        self.admin_url = admin_url
        self.ready: queue.Queue = queue.Queue()  # names made (or why one could not be)
        self.to_make: queue.Queue = queue.Queue()  # True: one more; None: stop
        self.to_drop: queue.Queue = queue.Queue()  # a name; None: stop
        self.errors: list[str] = []
        for _ in range(self.AHEAD):
            self.to_make.put(True)
        self.threads = [threading.Thread(target=self._make, name="make-databases", daemon=True),
                        threading.Thread(target=self._drop, name="drop-databases", daemon=True)]
        for thread in self.threads:
            thread.start()

    def _make(self) -> None:
        import psycopg

        while self.to_make.get() is not None:
            name = f"handrec_test_{uuid.uuid4().hex[:12]}"
            try:
                with psycopg.connect(self.admin_url, autocommit=True) as conn:
                    conn.execute(f'create database "{name}"')
            except Exception as e:  # said by the test that takes it, as if it had made it itself
                self.ready.put(e)
            else:
                self.ready.put(name)

    def _drop(self) -> None:
        import psycopg

        while (name := self.to_drop.get()) is not None:
            try:
                with psycopg.connect(self.admin_url, autocommit=True) as conn:
                    conn.execute(f'drop database if exists "{name}" with (force)')
            except Exception as e:
                self.errors.append(f"could not drop the test database {name}: {e}")

    def take(self) -> str:
        made = self.ready.get(timeout=120)
        self.to_make.put(True)
        if isinstance(made, Exception):
            raise made
        return made

    def drop_behind(self, name: str) -> None:
        self.to_drop.put(name)

    def close(self) -> None:
        """Drop what is still to drop, and the databases made and not taken."""
        self.to_make.put(None)
        self.threads[0].join(timeout=300)
        while not self.ready.empty():
            made = self.ready.get()
            if isinstance(made, str):
                self.to_drop.put(made)
        self.to_drop.put(None)
        self.threads[1].join(timeout=300)
        for error in self.errors:
            sys.stderr.write(f"\nconftest: {error}\n")


_FRESH: dict[str, _FreshDatabases] = {}


def pytest_sessionfinish(session, exitstatus) -> None:
    for fresh in _FRESH.values():
        fresh.close()
    _FRESH.clear()


@contextmanager
def postgres_database(admin_url: str, drop_behind: bool = False) -> Iterator[str]:
    """A fresh database on the test server, dropped afterwards: the URL of a store in it. With
    drop_behind, the drop is left to a thread (no one needs it gone before the session ends)."""
    import psycopg

    fresh = _FRESH.get(admin_url) or _FRESH.setdefault(admin_url, _FreshDatabases(admin_url))
    name = fresh.take()
    u = urlparse(admin_url)
    try:
        yield urlunparse(u._replace(path="/" + name))
    finally:
        if drop_behind:
            fresh.drop_behind(name)
        else:
            with psycopg.connect(admin_url, autocommit=True) as conn:
                conn.execute(f'drop database if exists "{name}" with (force)')


# For a test that runs `handrec` as several processes, each of which imports psycopg and connects
# (about a third of a second each): its PostgreSQL variant under `slow`, its SQLite one in every run.
# Use: @pytest.mark.parametrize("store", POSTGRESQL_SLOW, indirect=True)
POSTGRESQL_SLOW = ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)]


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path: Path) -> Iterator[str]:
    """A store URL: the tests that take it run on an SQLite file and on a PostgreSQL database."""
    if request.param == "sqlite":
        yield str(tmp_path / "hands.db")
        return
    with postgres_database(needs_postgres(), drop_behind=True) as url:
        yield url


@pytest.fixture
def recorder(store: str) -> HandRecorder:
    return HandRecorder(store)
