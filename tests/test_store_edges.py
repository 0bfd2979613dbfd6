"""Nothing lost at the store's edges (issue 13, items 3 and 8, and the stores' modes): a store that
would keep nothing, or another program's database, is refused in one sentence; a PostgreSQL URL's
libpq options reach the server; a corrupted event is named with its hand and its number, and a
stored topic never chooses what is imported."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import stat
import subprocess
from pathlib import Path

import pytest
from conftest import needs_postgres, postgres_database
from expectations import EXAMPLES
from test_cli import HANDREC

from recorder.application import HandRecorder
from recorder.errors import CorruptedEvent, StoreError
from recorder.store import Store

HAND = "law83-quit-by-winners"
EXAMPLE = str(EXAMPLES / f"{HAND}.hand")


def handrec(*args: str, cwd: Path | None = None, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("HANDREC_STORE", "HANDREC_FILE_MODE")}
    return subprocess.run([HANDREC, *args], capture_output=True, text=True, cwd=cwd, timeout=120, check=False,
                          env={**environment, **env})


def one_sentence(p: subprocess.CompletedProcess) -> str:
    """The refusal: exit status 1, nothing on standard output, one line on standard error."""
    assert p.returncode == 1, (p.stdout, p.stderr)
    assert "Traceback" not in p.stderr and p.stdout == "", p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("handrec: ") and lines[0].endswith("."), p.stderr
    return lines[0]


# ------------------------------------------------------------------ item 3: stores that keep nothing

@pytest.mark.parametrize("url", [":memory:", "sqlite:///:memory:", "file:h.db?mode=memory", "file:h.db?nolock=1",
                                 "sqlite:///h.db?nolock=1", "h.db?nolock=1", "sqlite:///file:h.db?mode=memory",
                                 "file:h.db"])
def test_a_store_that_keeps_nothing_or_skips_its_locks_is_refused_in_one_sentence(url, tmp_path):
    said = one_sentence(handrec("--store", url, "record", EXAMPLE, cwd=tmp_path))
    assert url in said and "plain file path" in said or "kept in memory" in said
    assert list(tmp_path.iterdir()) == []  # nothing made, nothing pretended
    with pytest.raises(StoreError):
        Store.parse(url)


def test_the_same_names_are_refused_by_export(tmp_path):
    store = str(tmp_path / "hands.db")
    handrec("record", EXAMPLE, HANDREC_STORE=store)
    for name in (":memory:", "file:a.db?mode=memory"):
        said = one_sentence(handrec("export", name, cwd=tmp_path, HANDREC_STORE=store))
        assert "give a file's path" in said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.db"]


def test_a_postgresql_url_with_sslmode_require_is_not_connected_without_tls():
    url = needs_postgres()  # the test server offers no TLS
    sep = "&" if "?" in url else "?"
    said = one_sentence(handrec("--store", url + sep + "sslmode=require", "list"))
    assert "sslmode=require" in said and "does not offer SSL" in said
    said = one_sentence(handrec("--store", url + sep + "sslmod=require", "list"))
    assert "'sslmod'" in said and "not a connection option" in said
    said = one_sentence(handrec("--store", url + sep + "user=someone", "list"))
    assert "'user'" in said and "in the URL itself" in said


def test_a_postgresql_urls_libpq_options_reach_every_connection_of_the_pool():
    with postgres_database(needs_postgres()) as url:
        app = HandRecorder(url + ("&" if "?" in url else "?") + "application_name=handrec-edges&sslmode=prefer")
        try:
            app.record(Path(EXAMPLE).read_text())
            with app.recorder.datastore.transaction(commit=False) as c:
                c.execute("select current_setting('application_name') as name")
                assert c.fetchone()["name"] == "handrec-edges"
            assert app.store.name == Store.parse(url).name  # the same store: the options say how it is reached
        finally:
            app.close()


# ------------------------------------------------------------------ item 3: another program's database

def _accounts(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("create table accounts (id integer primary key, owner text)")
    conn.execute("insert into accounts values (1, 'the club treasurer')")
    conn.commit()
    conn.close()


def _schema(path: Path) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("select type, name from sqlite_master order by name").fetchall()
    finally:
        conn.close()


@pytest.mark.parametrize("command", [["record", EXAMPLE], ["timeline", HAND], ["list"]])
def test_another_programs_sqlite_file_is_refused_and_left_as_it_was(command, tmp_path):
    other = tmp_path / "accounts.db"
    _accounts(other)
    before = (_schema(other), other.read_bytes())
    said = one_sentence(handrec("--store", str(other), *command))
    assert "another program's SQLite database (it holds accounts)" in said
    assert (_schema(other), other.read_bytes()) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["accounts.db"]


def test_a_file_that_is_not_sqlite_is_refused_and_left_as_it_was(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, not a store\n" * 100)
    said = one_sentence(handrec("--store", str(notes), "record", EXAMPLE))
    assert "is not an SQLite database" in said
    assert notes.read_text() == "my notes, not a store\n" * 100


def test_a_handrec_store_and_an_empty_file_are_taken(tmp_path):
    store = tmp_path / "hands.db"
    assert handrec("--store", str(store), "record", EXAMPLE).returncode == 0
    p = handrec("--store", str(store), "record", str(EXAMPLES / "law89-both-sides-revoke.hand"))
    assert p.returncode == 0, p.stderr
    empty = tmp_path / "empty.db"
    empty.touch()
    empty.chmod(0o640)  # made by its owner beforehand, the mode he wants
    assert handrec("--store", str(empty), "record", EXAMPLE).returncode == 0
    assert stat.S_IMODE(empty.stat().st_mode) == 0o640
    assert handrec("--store", str(empty), "list").stdout.split() == [HAND]


# ------------------------------------------------------------------ Also: owner-only stores

def test_a_new_store_and_its_wal_and_shm_are_readable_by_their_owner_only(tmp_path):
    path = tmp_path / "hands.db"
    app = HandRecorder(str(path))
    app.record(Path(EXAMPLE).read_text())  # the connection stays open: the -wal and -shm are there
    made = {p.name: stat.S_IMODE(p.stat().st_mode) for p in tmp_path.iterdir()}
    assert made == {"hands.db": 0o600, "hands.db-wal": 0o600, "hands.db-shm": 0o600}
    app.close()


def test_handrec_file_mode_asks_for_another_mode(tmp_path):
    path = tmp_path / "hands.db"
    assert handrec("--store", str(path), "record", EXAMPLE, HANDREC_FILE_MODE="640").returncode == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    said = one_sentence(handrec("--store", str(tmp_path / "b.db"), "record", EXAMPLE, HANDREC_FILE_MODE="rw-r"))
    assert "HANDREC_FILE_MODE" in said


# ------------------------------------------------------------------ item 8: corrupted events

def _corrupt(store: str, number: int, topic: str | None = None, state: bytes | None = None,
             edit=None) -> None:
    """Change event `number` of the hand as a broken disk or a hand at the database would."""
    if store.startswith("postgresql"):
        import psycopg

        with psycopg.connect(store, autocommit=True) as conn:
            table = "handrec_events"
            old = conn.execute(f"select state from {table} where originator_version = %s", (number,)).fetchone()[0]
            new = edit(bytes(old)) if edit else state
            if topic is not None:
                conn.execute(f"update {table} set topic = %s where originator_version = %s", (topic, number))
            if new is not None:
                conn.execute(f"update {table} set state = %s where originator_version = %s", (new, number))
        return
    conn = sqlite3.connect(store)
    old = conn.execute("select state from stored_events where originator_version = ?", (number,)).fetchone()[0]
    new = edit(bytes(old)) if edit else state
    if topic is not None:
        conn.execute("update stored_events set topic = ? where originator_version = ?", (topic, number))
    if new is not None:
        conn.execute("update stored_events set state = ? where originator_version = ?", (new, number))
    conn.commit()
    conn.close()


def _without(field: str):
    def edit(state: bytes) -> bytes:
        fields = json.loads(state)
        del fields[field]
        return json.dumps(fields, separators=(",", ":")).encode()
    return edit


CORRUPTIONS = {
    "invalid JSON": (5, {"state": b'{"timestamp": {"_type_": "datetime_iso", "_dat'}, "its state is not valid JSON"),
    "not UTF-8": (5, {"state": b"\xff\xfe\x00garbage"}, "its state is not valid JSON"),
    "a topic that imports a module": (5, {"topic": "this:s"}, "its topic 'this:s' is not one of handrec's events"),
    "a topic of the standard library": (7, {"topic": "os:system"}, "its topic 'os:system' is not one of handrec's"),
    "a Hand event that does not exist": (7, {"topic": "recorder.domainmodel:Hand.Vanished"},
                                         "its topic 'recorder.domainmodel:Hand.Vanished' is not one of handrec's"),
    "an opening that names another class": (
        1, {"edit": lambda s: s.replace(b'"recorder.domainmodel:Hand"', b'"this:s"')},
        "its originator_topic 'this:s' is not handrec's Hand"),
    "a field missing": (5, {"edit": _without("line")}, "its state lacks the field 'line'"),
    "a list for an object": (6, {"state": b"[1, 2, 3]"}, "event 6"),
    "a timestamp that is no time": (6, {"edit": lambda s: re.sub(rb'"_data_":"(\d{4})-\d\d', rb'"_data_":"\1-13', s)},
                                    "its state cannot be read as Hand.CardPlayed: "),
    "a timestamp that is no time, in an opening": (
        1, {"edit": lambda s: re.sub(rb'"_data_":"(\d{4})-\d\d', rb'"_data_":"\1-13', s)},
        "its state cannot be read as Hand.Opened: "),
}
COMMANDS = [["timeline", HAND], ["show", HAND], ["rulings", HAND, "--json"], ["score", HAND], ["scan"],
            ["record", EXAMPLE], ["add", HAND, "inspect"], ["export-pbn", HAND], ["export", "{tmp}/analysis.db"]]


@pytest.mark.slow
@pytest.mark.parametrize("corruption", list(CORRUPTIONS))
def test_a_corrupted_event_is_one_sentence_with_its_hand_and_number(store, corruption, tmp_path):
    HandRecorder(store).record(Path(EXAMPLE).read_text())
    number, change, reason = CORRUPTIONS[corruption]
    _corrupt(store, number, **change)
    for command in COMMANDS:
        p = handrec(*[a.format(tmp=tmp_path) for a in command], HANDREC_STORE=store)
        assert "Zen of Python" not in p.stdout + p.stderr  # `import this` was never run
        if command[0] == "export":  # (the export goes on past a hand it cannot write, naming it, and says
            # what it wrote: issue 40)
            assert p.returncode == 1 and "Traceback" not in p.stderr, p.stderr
            [said] = p.stderr.strip().splitlines()
            assert said.startswith(f"handrec: hand '{HAND}' was not written: "), said
            said = said.replace(f"hand '{HAND}' was not written: ", "", 1)
        else:
            said = one_sentence(p)
        assert said.startswith(f"handrec: event {number} of hand '{HAND}' is corrupted in the store (")
        assert reason in said, (command, said)
    listed = handrec("list", HANDREC_STORE=store)
    if number == 1:  # the hands are listed from their opening events
        assert one_sentence(listed).startswith(f"handrec: event 1 of hand '{HAND}' is corrupted")
    else:
        assert listed.returncode == 0 and listed.stdout.split() == [HAND]


def test_a_corrupted_event_read_in_process_is_a_store_error_naming_it(store):
    app = HandRecorder(store)
    app.record(Path(EXAMPLE).read_text())
    _corrupt(store, 5, topic="this:s")
    with pytest.raises(CorruptedEvent) as e:
        app.hand_events(HAND)
    assert (e.value.hand_id, e.value.number) == (HAND, 5)
    if not store.startswith("postgresql"):  # the read commands' own path, without eventsourcing
        with pytest.raises(CorruptedEvent, match=f"event 5 of hand '{HAND}'"):
            Store.parse(store).read_hand(HAND)


def test_only_handrecs_own_topics_are_resolved():
    from recorder.domainmodel import Hand
    from recorder.persistence import our_events

    topics = our_events()
    assert topics["recorder.domainmodel:Hand.CardPlayed"] is Hand.CardPlayed
    assert topics["recorder.domainmodel:Hand.Opened"] is Hand.Opened
    assert all(t.startswith("recorder.domainmodel:Hand.") for t in topics)


# ---------------------------------------------------------------- reading rows quickly


def _decoded_in_full(number: int, topic: str, state: bytes):
    """A row as the JSON decoder with the transcoder's hook reads it (what `read_row` did for
    every row before its quick readings of a card played and of a row with one typed value)."""
    from recorder.rows import _DECODER, StoredFields

    fields = _DECODER.decode(state.decode("utf8"))
    fields.pop("class_version", None)
    return StoredFields(number, topic.rsplit(".", 1)[1], fields)


def test_the_quick_readings_of_a_row_give_the_decoders_fields(tmp_path):
    from bench.generate_archive import write
    from recorder.importer import import_files
    from bridge.lines import KIND_OF_EVENT, NOT_WORDS
    from recorder.rows import read_row, acts

    store = tmp_path / "quick.db"
    app = HandRecorder(str(store))
    archive = tmp_path / "a.pbn"
    write(str(archive), 30, seed=2, revoke_rate=0.3)
    import_files(app, [str(archive)])
    for path in sorted(EXAMPLES.glob("*.hand"))[:40]:
        app.record(path.read_text(encoding="utf-8"))
    # Rows the patterns must not take, or take as the decoder does: a timestamp without its
    # microseconds, two cards at once, a card word in a line that does not match, a note holding
    # the words `"_type_"` and a typed value, a row whose state is not UTF-8.
    with sqlite3.connect(store) as conn:
        rows = conn.execute("SELECT originator_version, topic, state FROM stored_events").fetchall()
    played = next(r for r in rows if r[1].endswith("CardPlayed") and b'"cards":["' in r[2])
    state = played[2].decode()
    at_second = json.loads(state)
    at_second["timestamp"]["_data_"] = "2026-12-01T08:18:11+00:00"
    extra = [
        (played[0], played[1], json.dumps(at_second, separators=(",", ":")).encode()),
        (played[0], played[1], state.replace('"cards":["', '"cards":["SA","').encode()),
        (played[0], played[1], state.replace('"line":"play ', '"line":"play  ').encode()),
        (played[0], "recorder.domainmodel:Hand.NoteMade",
         b'{"timestamp":{"_type_":"datetime_iso","_data_":"2026-12-01T08:18:11.000001+00:00"},'
         b'"text":"\\"_type_\\" {\\"_type_\\": 1}","author":"","class_version":2,"line":"note x"}'),
    ]
    kinds = set()
    for row in rows + extra:
        kinds.add(row[1])
        full = _decoded_in_full(*row)
        assert read_row(*row) == full, row
        # The act it records: its number, its kind, its words (its fields but the store's own and
        # its line) and its line.
        ((number, kind, words, line),) = list(acts([row]))
        assert (number, kind, line) == (full.number, KIND_OF_EVENT[full.name], full.fields["line"]), row
        assert words == {k: v for k, v in full.fields.items() if k not in NOT_WORDS}, row
    assert len(kinds) >= 10 and len(rows) > 1000
    with pytest.raises(CorruptedEvent):
        read_row(played[0], played[1], b"\xff" + played[2])


def test_the_scan_says_a_corrupted_timestamp_in_a_hand_played_in_order(tmp_path):
    """The scan does not fold a hand played in order (projections.plain), but it reads every row
    of it: a timestamp that is no time is said in one sentence, as every other command says it."""
    from bench.generate_archive import write

    archive, store = tmp_path / "one.pbn", str(tmp_path / "one.db")
    write(str(archive), 1, seed=3, revoke_rate=0.0)
    assert handrec("import", str(archive), HANDREC_STORE=store).returncode == 0
    assert handrec("scan", HANDREC_STORE=store).stdout == "no revoke found\n"  # in order: no row
    _corrupt(store, 9, edit=lambda s: re.sub(rb'"_data_":"(\d{4})-\d\d', rb'"_data_":"\1-13', s))
    # In one process and in two: the error crosses from the worker whole (it pickles by what it
    # was made of), where it once could not be remade there and the scan hung.
    for jobs in ("1", "2"):
        said = one_sentence(handrec("scan", "--jobs", jobs, HANDREC_STORE=store))
        assert said.startswith(f"handrec: event 9 of hand '{tmp_path.name}/one.pbn/1/Open' is corrupted in the store (")
        assert "cannot be read as Hand.CardPlayed" in said


def test_a_corrupt_sqlite_store_is_one_sentence_to_the_scan_and_to_the_room(tmp_path):
    """A store file damaged on disk: `scan` (in one process and in two) and the room say so in one
    sentence; the server logs no exception (issue 20, 11: a sqlite3.DatabaseError traceback)."""
    import random

    from review_room import serving

    store = tmp_path / "c.db"
    assert handrec("--store", str(store), "record", *map(str, sorted(EXAMPLES.glob("*.hand")))).returncode == 0
    with open(store, "r+b") as f:
        f.seek(4096 * 2)
        f.write(random.Random(7).randbytes(4096 * 3))
    for args in (["scan"], ["scan", "--jobs", "2"], ["list"], ["show", HAND]):
        p = handrec("--store", str(store), *args)
        assert p.returncode == 1 and "Traceback" not in p.stderr, (args, p.stderr[-500:])
        assert p.stderr == f"handrec: cannot use the store {store}: database disk image is malformed.\n", args
    said: list[str] = []
    with serving(str(store), said=said) as base:
        import urllib.error
        import urllib.request

        for path in ("", f"hands/{HAND}", f"api/replay/{HAND}"):
            try:
                urllib.request.urlopen(base + path, timeout=30)
                raise AssertionError(f"/{path} answered 200 on a corrupt store")
            except urllib.error.HTTPError as e:
                text = e.read().decode()
                assert e.code == 503 and "database disk image is malformed" in text, (path, e.code, text[:300])
    assert "Traceback" not in said[0] and "Exception in ASGI" not in said[0], said[0][-2000:]


def test_a_postgresql_database_with_another_programs_type_of_that_name_is_refused_and_left_as_it_was():
    """Another program's `stored_event_uuid` type: `record` says so in one sentence (eventsourcing
    failed with a TypeError traceback), and no command makes handrec's table there (a `list` made
    it quietly) (issue 20, 11)."""
    import psycopg

    with postgres_database(needs_postgres()) as url:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE TYPE stored_event_uuid AS (x int)")
            conn.execute("CREATE TABLE their_things (id int)")
        for args in (["record", EXAMPLE], ["list"], ["add", HAND, "note x"], ["scan"]):
            p = handrec("--store", url, *args)
            assert p.returncode == 1 and "Traceback" not in p.stderr, (args, p.stderr[-400:])
            assert "has a type public.stored_event_uuid that is not the stored event's" in p.stderr, args
        with psycopg.connect(url) as conn:
            tables = [r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
        assert tables == ["their_things"]


def test_a_postgresql_role_that_may_only_read_reads_and_serves_read_only():
    """SELECT and USAGE, no CREATE: the read commands and `serve --read-only` run (they failed with
    "permission denied for schema public"), a write is refused in one sentence, and reading a
    database with no table of handrec's yet says so and makes none (issue 20, 12)."""
    import secrets
    import urllib.request
    from urllib.parse import urlparse, urlunparse

    import psycopg
    from review_room import serving

    with postgres_database(needs_postgres()) as url:
        p = handrec("--store", url, "list")
        assert p.returncode == 1 and "holds no hands yet" in p.stderr
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT to_regclass('public.handrec_events')").fetchone()[0] is None
        assert handrec("--store", url, "record", EXAMPLE).returncode == 0
        role, password = f"reader_{secrets.token_hex(4)}", secrets.token_hex(8)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"CREATE ROLE {role} LOGIN PASSWORD '{password}'")
            conn.execute(f"GRANT USAGE ON SCHEMA public TO {role}")
            conn.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}")
            conn.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
        u = urlparse(url)
        reader = urlunparse(u._replace(netloc=f"{role}:{password}@{u.hostname}:{u.port}"))
        try:
            assert handrec("--store", reader, "list").stdout.split() == [HAND]
            assert "ESTABLISHED" in handrec("--store", reader, "rulings", HAND).stdout
            assert handrec("--store", reader, "scan").returncode == 0
            p = handrec("--store", reader, "add", HAND, "note by=TD not allowed")
            assert p.returncode == 1 and "permission denied" in p.stderr and "Traceback" not in p.stderr
            with serving(reader, "--read-only") as base:
                assert urllib.request.urlopen(base, timeout=30).status == 200
                page = urllib.request.urlopen(base + f"hands/{HAND}", timeout=30).read().decode()
                assert "law83" in page
        finally:
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {role}")
                conn.execute(f"REVOKE ALL ON SCHEMA public FROM {role}")
                conn.execute(f"DROP ROLE {role}")


@pytest.mark.parametrize("answer", [b"SSH-2.0-OpenSSH_9.2\r\n", b"HTTP/1.1 400 Bad Request\r\n\r\n", b""])
def test_a_port_that_is_not_postgresql_is_said_so_not_tls(answer):
    """A store URL at a port where something else answers (ssh, a web server, a closer): said to be
    no PostgreSQL server, not "cannot be reached as the store asks (TLS)" when no TLS was asked
    for (issue 20, 13); and a password of one letter stars no letter of the sentence."""
    import socket
    import threading

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]

    def answering() -> None:
        for _ in range(4):
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            with conn:
                conn.settimeout(2)
                try:
                    conn.recv(100)
                    conn.sendall(answer)
                except OSError:
                    pass
    threading.Thread(target=answering, daemon=True).start()
    try:
        p = handrec("--store", f"postgresql://u:p@127.0.0.1:{port}/db", "list")
    finally:
        listener.close()
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert "TLS" not in p.stderr and "***" not in p.stderr, p.stderr
    assert p.stderr in (f"handrec: the server at 127.0.0.1:{port} is not a PostgreSQL server (it does not answer "
                        "as one).\n", f"handrec: cannot reach the PostgreSQL server at 127.0.0.1:{port}.\n"), p.stderr


@pytest.fixture
def full_disk(tmp_path):
    """A folder on a filesystem that is full (a 64 KiB tmpfs, filled): mounting needs root."""
    folder = tmp_path / "full"
    folder.mkdir()
    p = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True, text=True)
    if p.returncode != 0:
        pytest.skip(f"a full disk is made by mounting a small tmpfs, which this user cannot do ({p.stderr.strip()})")
    try:
        with open(folder / "fill", "wb") as f:
            try:
                f.write(b"\0" * (1 << 17))
            except OSError:
                pass
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


def test_a_full_disk_leaves_no_new_empty_file(full_disk, tmp_path):
    """A new store or analysis database on a full disk: one sentence, and no empty file left behind
    (export said "the database is as it was" and left one) (issue 20, 14)."""
    store = str(tmp_path / "hands.db")
    assert handrec("--store", store, "record", EXAMPLE).returncode == 0
    p = handrec("--store", store, "export", str(full_disk / "analysis.db"))
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert p.stderr == (f"handrec: cannot write {full_disk / 'analysis.db'}: the disk is full; nothing was made "
                        "(the new file is taken away).\n")
    p = handrec("--store", str(full_disk / "new.db"), "record", EXAMPLE)
    assert p.returncode == 1 and "Traceback" not in p.stderr and "full" in p.stderr
    assert sorted(os.listdir(full_disk)) == ["fill"]


def test_a_server_error_is_said_by_its_sqlstate_where_it_carries_one():
    """Issue 21, part 3: the server's SQLSTATE first, its words only where psycopg gives none (an
    error met while connecting carries no SQLSTATE in psycopg: its words are read then)."""
    store = Store.parse("postgresql://u:secret@db.example:5432/club")

    class ServerError(Exception):
        def __init__(self, sqlstate: str, text: str) -> None:
            super().__init__(text)
            self.sqlstate = sqlstate

    said = {state: store.explain(ServerError(state, "in another language")) for state in ("28P01", "3D000", "53300")}
    assert said["28P01"] == "the PostgreSQL server at db.example:5432 refused the login of user u"
    assert said["3D000"] == "the PostgreSQL server at db.example:5432 has no database club"
    assert said["53300"].startswith("the PostgreSQL server at db.example:5432 refused a connection: its connection "
                                    "limit is reached")
    wrapped = RuntimeError("wrapped")
    wrapped.__cause__ = ServerError("3D000", "x")
    assert store.explain(wrapped).endswith("has no database club")
    assert "secret" not in store.explain(ServerError("XX000", "password secret leaked"))
