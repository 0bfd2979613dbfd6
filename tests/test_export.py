"""The analysis database: its tables, its catch-up from the notification log, and a run killed
halfway then run again giving the same database as a fresh export."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from conftest import POSTGRESQL_SLOW
from expectations import EXAMPLES
from projections.analysis import COLUMNS, TABLES
from recorder.application import HandRecorder
from handrec.export import MARK, SCHEMA, SMALLEST, ExportError, _sizes, export
from recorder.ids import hand_uuid
from recorder.importer import import_files
from test_cli import HANDREC

from bench.generate_archive import write as write_archive


def contents(path: str) -> dict[str, list[tuple]]:
    """Every table's rows, sorted: what 'the same database' means."""
    conn = sqlite3.connect(path)
    try:
        out = {t: sorted(conn.execute(f"select * from [{t}]").fetchall(), key=repr) for t in TABLES}
        out[MARK] = conn.execute(f"select store, position from {MARK}").fetchall()
        return out
    finally:
        conn.close()


def record_examples(store: str, names: list[str]) -> HandRecorder:
    app = HandRecorder(store)
    for name in names:
        app.record((EXAMPLES / f"{name}.hand").read_text())
    return app


def test_a_rows_values_are_in_the_order_of_its_tables_columns():
    # The fold makes each row the tuple of its values in COLUMNS' order; the database's tables are
    # made from SCHEMA: the same tables, the same columns, in the same order.
    assert list(COLUMNS) == list(SCHEMA) == list(TABLES)
    assert {name: tuple(columns) for name, (columns, _) in SCHEMA.items()} == COLUMNS


@given(st.integers(0, 100_000), st.integers(1, 8000))
def test_the_rows_of_a_table_go_in_statements_of_a_few_sizes(n, per):
    # Every row once, in order, none beyond a statement's most; besides the statements of the most,
    # one of each size at most, each a power of two of at least SMALLEST rows, and the last few one
    # by one (a size below SMALLEST, last): the same few statements every transaction, made once.
    sizes = list(_sizes(n, per))
    assert sum(sizes) == n and all(0 < size <= per for size in sizes)
    rest = [size for size in sizes if size != per]
    if per >= SMALLEST:
        assert rest == sorted(rest, reverse=True) and len(rest) == len(set(rest))
        few = [size for size in rest if size < SMALLEST]
        assert few in ([], rest[-1:])
        assert all(size & (size - 1) == 0 for size in rest if size >= SMALLEST)


def test_an_export_leaves_pythons_collector_as_it_found_it(tmp_path):
    # The run looks for reference cycles seldom (handrec.export._collect_seldom); after it, done or
    # stopped half way, the collector is as the caller had it, frozen objects and thresholds alike.
    import gc

    class Stop(Exception):
        pass

    def stop(_report):
        raise Stop

    app = record_examples(str(tmp_path / "store.db"), ["law83-quit-by-winners", "law89-both-sides-revoke"])
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        export(app, str(tmp_path / "a.db"), app.store_name)
        assert gc.get_threshold() == (700, 10, 10) and gc.get_freeze_count() == 0
        with pytest.raises(Stop):
            export(app, str(tmp_path / "b.db"), app.store_name, batch=1, on_batch=stop)
        assert gc.get_threshold() == (700, 10, 10) and gc.get_freeze_count() == 0
        gc.freeze()  # a caller's own frozen objects stay frozen
        frozen = gc.get_freeze_count()
        gc.set_threshold(0)  # and a collector turned off stays off
        export(app, str(tmp_path / "c.db"), app.store_name)
        assert gc.get_threshold()[0] == 0 and gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_export_tables_keys_indexes_and_views(store, tmp_path):
    app = record_examples(store, ["law83-quit-by-winners", "law89-both-sides-revoke", "law85-answer-yes-corrected"])
    db = str(tmp_path / "analysis.db")
    report = export(app, db, app.store_name)
    assert report.hands == 3
    conn = sqlite3.connect(db)
    assert conn.execute("select count(*) from hands").fetchone() == (3,)
    assert conn.execute("select count(*) from events").fetchone() == (14 + 19 + 14,)
    revokes = conn.execute("select hand_id, seat, trick, card, status, penalty_law, penalty_barred_by from revokes "
                           "order by hand_id, event").fetchall()
    assert ("law83-quit-by-winners", "E", 1, "C9", "established", "84b", None) in revokes
    assert ("law85-answer-yes-corrected", "E", 1, "C9", "corrected", "86", None) in revokes
    fks = conn.execute("select [table], [from], [to] from pragma_foreign_key_list('revokes')").fetchall()
    assert fks == [("hands", "hand_id", "id")]
    indexes = {r[0] for r in conn.execute("select name from sqlite_master where type = 'index'")}
    assert "idx_revokes_status" in indexes and "idx_hands_contract" in indexes
    views = {r[0] for r in conn.execute("select name from sqlite_master where type = 'view'")}
    assert {"revokes_with_source", "established_revokes", "revokes_per_file"} <= views
    assert conn.execute("select count(*) from established_revokes").fetchone()[0] >= 2


def test_a_rerun_writes_only_what_is_new_and_equals_a_fresh_export(store, tmp_path):
    app = record_examples(store, ["law83-quit-by-winners"])
    db = str(tmp_path / "a.db")
    export(app, db, app.store_name)
    again = export(app, db, app.store_name)
    assert again.notifications == 0
    head = (EXAMPLES / "law89-both-sides-revoke.hand").read_text()
    app.record(head.split("play W H3")[0])  # part of a hand
    export(app, db, app.store_name)
    app.record(head)  # the rest of it
    r = export(app, db, app.store_name)
    assert r.hands == 1 and r.notifications == 3
    fresh = str(tmp_path / "fresh.db")
    export(app, fresh, app.store_name)
    assert contents(db) == contents(fresh)


def test_export_refuses_a_file_that_is_not_its_own(store, tmp_path):
    app = record_examples(store, ["law83-quit-by-winners"])
    text = tmp_path / "notes.txt"
    text.write_text("my notes")
    with pytest.raises(ExportError, match="not an SQLite database"):
        export(app, str(text), app.store_name)
    assert text.read_text() == "my notes"
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("create table accounts (id integer)").connection.commit()
    with pytest.raises(ExportError, match="not a handrec analysis database"):
        export(app, str(other), app.store_name)
    mine = str(tmp_path / "mine.db")
    export(app, mine, app.store_name)
    other_store = record_examples(str(tmp_path / "other-store.db"), ["law85-answer-yes-corrected"])
    with pytest.raises(ExportError, match=r"mine.db was made from another store \(its first hand is "
                                          r"'law83-quit-by-winners', this store's is 'law85-answer-yes-corrected'\); "
                                          r"export to a new file"):
        export(other_store, mine, other_store.store_name)
    twin = record_examples(str(tmp_path / "twin-store.db"), ["law83-quit-by-winners"])  # the same hand, recorded apart
    with pytest.raises(ExportError, match="its first hand is 'law83-quit-by-winners' too, but recorded apart"):
        export(twin, mine, twin.store_name)


def test_a_store_and_its_database_moved_together_are_exported_on_and_name_no_folder(tmp_path):
    """The database names its store by what it holds (`store_identity`), not by its path: copied to
    another folder with its store, it is exported on from where it was; and it holds no folder of
    the machine it was made on. A database of an earlier version, which named its store by its
    path, is taken as that store's once and renamed so."""
    import shutil

    made = tmp_path / "made"
    made.mkdir()
    app = record_examples(str(made / "hands.db"), ["law83-quit-by-winners"])
    export(app, str(made / "analysis.db"), app.store_name)
    with sqlite3.connect(made / "analysis.db") as conn:
        [(mark, position)] = conn.execute(f"select store, position from {MARK}").fetchall()
    assert str(tmp_path) not in mark and mark.startswith("law83-quit-by-winners ") and position > 0
    moved = tmp_path / "moved"
    shutil.copytree(made, moved)
    app = record_examples(str(moved / "hands.db"), ["law85-answer-yes-corrected"])
    report = export(app, str(moved / "analysis.db"), app.store_name)
    assert report.hands == 1 and report.touched == {hand_uuid("law85-answer-yes-corrected").hex}
    assert contents(str(moved / "analysis.db"))["hands"] == contents(_fresh(app, tmp_path))["hands"]
    # An earlier version's mark: the store's name.
    with sqlite3.connect(moved / "analysis.db") as conn:
        conn.execute(f"update {MARK} set store = ?", [app.store_name])
    assert export(app, str(moved / "analysis.db"), app.store_name).hands == 0
    with sqlite3.connect(moved / "analysis.db") as conn:
        assert conn.execute(f"select store from {MARK}").fetchone()[0] == mark


def _fresh(app, tmp_path) -> str:
    fresh = str(tmp_path / "fresh.db")
    export(app, fresh, app.store_name)
    return fresh


STOPPED_BY_CTRL_C = """
import os, signal, sys
# Ctrl-C as a terminal gives it to its foreground process (a process started by a shell without job
# control inherits SIGINT ignored, and Python leaves it ignored).
signal.signal(signal.SIGINT, signal.default_int_handler)
import handrec.export as ex
write = ex._write_group
def first_then_ctrl_c(*args, **kwargs):
    write(*args, **kwargs)
    if not getattr(first_then_ctrl_c, "sent", False):
        first_then_ctrl_c.sent = True
        os.kill(os.getpid(), signal.SIGINT)
ex._write_group = first_then_ctrl_c
from handrec.cli import main
sys.argv = ["handrec", "export", sys.argv[1], "--batch", "50"]
main()
"""


@pytest.mark.slow
def test_an_export_stopped_by_ctrl_c_says_what_the_database_holds_and_a_rerun_ends_it_whole(tmp_path):
    """Ctrl-C: the transaction being written is let finish, and the command says in one sentence
    that the database is whole up to its position and a rerun continues (where click said only
    "Aborted!"); the rerun then equals a fresh export."""
    import sys

    archive = tmp_path / "bench.pbn"
    write_archive(str(archive), 200, seed=5, revoke_rate=0.05)
    store = str(tmp_path / "hands.db")
    assert import_files(HandRecorder(store), [str(archive)]).hands_added == 200
    env = {**os.environ, "HANDREC_STORE": store}
    db = str(tmp_path / "stopped.db")
    p = subprocess.run([sys.executable, "-c", STOPPED_BY_CTRL_C, db], env=env, capture_output=True, text=True)
    position = contents(db)[MARK][0][1]
    assert p.returncode == 130 and 0 < position
    assert p.stderr.strip().splitlines()[-1] == (f"handrec: export stopped; {db} is whole, up to position "
                                                 f"{position} of the store, and a rerun continues from there.")
    assert "Traceback" not in p.stderr and "Aborted" not in p.stderr
    subprocess.run([HANDREC, "export", db], env=env, check=True, capture_output=True)
    fresh = str(tmp_path / "fresh.db")
    subprocess.run([HANDREC, "export", fresh], env=env, check=True, capture_output=True)
    assert contents(db) == contents(fresh)


@pytest.mark.slow
def test_export_killed_halfway_then_run_again_equals_a_fresh_export(store, tmp_path):
    archive = tmp_path / "bench.pbn"
    write_archive(str(archive), 400, seed=7, revoke_rate=0.05)
    report = import_files(HandRecorder(store), [str(archive)])
    assert report.hands_added == 400 and not report.refused
    env = {**os.environ, "HANDREC_STORE": store}
    fresh = str(tmp_path / "fresh.db")
    subprocess.run([HANDREC, "export", fresh], env=env, check=True, capture_output=True)
    rng = random.Random(3)
    final = contents(fresh)[MARK][0][1]
    cut_short = 0
    for attempt in range(3):
        db = str(tmp_path / f"killed{attempt}.db")
        p = subprocess.Popen([HANDREC, "export", db, "--batch", "50"], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Kill it once it has written its first batch (or soon after it starts), plus a random
        # moment more: inside a transaction, or between two.
        deadline = time.monotonic() + 30
        while p.poll() is None and _position(db) <= 0 and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(rng.uniform(0.0, 0.4))
        p.send_signal(signal.SIGKILL)
        p.wait()
        cut_short += _position(db) < final
        subprocess.run([HANDREC, "export", db, "--batch", "50"], env=env, check=True, capture_output=True)
        assert contents(db) == contents(fresh)
    assert cut_short, "the kill came after the export had finished every time"


def _position(path: str) -> int:
    """The export's saved position, read without making the file; -1 before it is made."""
    if not Path(path).exists():
        return -1
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute(f"select position from {MARK}").fetchone()[0]
    except (sqlite3.Error, TypeError):
        return -1  # killed before the database was made, or it is being written
    finally:
        conn.close()


@pytest.mark.parametrize("store", POSTGRESQL_SLOW, indirect=True)  # several handrec processes; on PostgreSQL: slow
def test_handrec_export_as_a_user_runs_it(store, tmp_path):
    record_examples(store, ["law83-quit-by-winners"])
    env = {"HANDREC_STORE": store, "PATH": "/usr/bin:/bin"}
    db = tmp_path / "analysis.db"
    out = subprocess.run([HANDREC, "export", str(db)], capture_output=True, text=True, env=env, check=True).stdout
    assert "14 new events read, 1 hand written" in out
    out = subprocess.run([HANDREC, "export", str(db)], capture_output=True, text=True, env=env, check=True).stdout
    assert "up to date" in out
    bad = tmp_path / "x.txt"
    bad.write_text("x")
    p = subprocess.run([HANDREC, "export", str(bad)], capture_output=True, text=True, env=env)
    assert p.returncode == 1 and "not an SQLite database; export will not overwrite it" in p.stderr


def test_export_leaves_a_refused_file_as_it_was(store, tmp_path):
    app = record_examples(store, ["law83-quit-by-winners"])
    bad = tmp_path / "x"
    bad.write_bytes(b"x")
    with pytest.raises(ExportError):
        export(app, str(bad), app.store_name)
    assert bad.read_bytes() == b"x"
