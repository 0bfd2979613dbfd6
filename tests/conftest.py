"""Shared helpers: transcripts become events through the real aggregate; stores are real SQLite files."""

from __future__ import annotations

import os
import sys
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator
from urllib.parse import urlparse, urlunparse

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from recorder.application import HandRecorder  # noqa: E402
from recorder.domainmodel import Hand  # noqa: E402
from recorder.transcript import parse  # noqa: E402

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


@contextmanager
def postgres_database(admin_url: str) -> Iterator[str]:
    """A fresh database on the test server, dropped afterwards: the URL of a store in it."""
    import psycopg

    name = f"handrec_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'create database "{name}"')
    u = urlparse(admin_url)
    try:
        yield urlunparse(u._replace(path="/" + name))
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'drop database if exists "{name}" with (force)')


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path: Path) -> Iterator[str]:
    """A store URL: the tests that take it run on an SQLite file and on a PostgreSQL database."""
    if request.param == "sqlite":
        yield str(tmp_path / "hands.db")
        return
    with postgres_database(needs_postgres()) as url:
        yield url


@pytest.fixture
def recorder(store: str) -> HandRecorder:
    return HandRecorder(store)
