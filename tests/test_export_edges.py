"""Nothing lost at the analysis database's edges (issue 13, items 5, 6 and 9, and its mode): a long
hand is folded once a run, not once a batch; a full disk, a read-only or missing folder and a second
export of the same file are one sentence, the database whole; a file killed while being made is
made by the next run."""

from __future__ import annotations

import os
import signal
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import POSTGRESQL_SLOW
from expectations import EXAMPLES
from test_cli import HANDREC
from test_export import contents

import handrec.export as export_module
from bench.generate_archive import write as write_archive
from handrec.export import MARK, ExportError, export
from recorder.application import HandRecorder
from recorder.importer import import_files

HEAD = ["dealer S", "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432", "contract 4H by S"]
CYCLE = ["note remark {i}", "inspect"]


def long_hand(hand_id: str, n: int) -> str:
    """A hand of exactly n events: its opening lines, then notes and inspections."""
    lines = [f"hand {hand_id}", *HEAD]
    lines += [CYCLE[i % len(CYCLE)].format(i=i) for i in range(n - len(lines))]
    return "\n".join(lines) + "\n"


def handrec(*args: str, store: str, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k != "HANDREC_FILE_MODE"}
    return subprocess.run([HANDREC, *args], capture_output=True, text=True, timeout=300,
                          env={**environment, "HANDREC_STORE": store, **env})


def one_sentence(p: subprocess.CompletedProcess) -> str:
    assert p.returncode == 1, (p.stdout, p.stderr)
    assert "Traceback" not in p.stderr, p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("handrec: ") and lines[0].endswith("."), p.stderr
    return lines[0]


def archive_store(store: str, tmp_path: Path, hands: int = 200) -> HandRecorder:
    archive = tmp_path / "bench.pbn"
    write_archive(str(archive), hands, seed=7, revoke_rate=0.05)
    app = HandRecorder(store)
    assert import_files(app, [str(archive)]).hands_added == hands
    return app


def _position(path: Path) -> int:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute(f"select position from {MARK}").fetchone()[0]
    finally:
        conn.close()


def _whole(path: Path) -> None:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        assert conn.execute("pragma integrity_check").fetchone() == ("ok",)
        assert conn.execute("pragma foreign_key_check").fetchall() == []
    finally:
        conn.close()


# ------------------------------------------------------------------ item 5: a long hand, folded once

def test_a_long_hand_is_folded_once_a_run_not_once_a_batch(store, tmp_path, monkeypatch):
    app = HandRecorder(store)
    app.record(long_hand("long", 3000))
    app.record((EXAMPLES / "law83-quit-by-winners.hand").read_text())
    folded: list[int] = []
    fold = export_module.row_values

    def counted(events, **kwargs):
        events = list(events)
        folded.append(len(events))
        return fold(events, **kwargs)

    monkeypatch.setattr(export_module, "row_values", counted)
    db = tmp_path / "a.db"
    report = export(app, str(db), app.store_name, batch=50)
    assert (report.notifications, report.hands) == (3014, 2)
    assert sorted(folded) == [14, 3000]  # each hand once, whatever the batch: 3,014 events, not 3000²/50
    folded.clear()
    app.record(long_hand("long", 3000) + "inspect\nnote one more\n")
    assert export(app, str(db), app.store_name, batch=50).notifications == 2
    assert folded == [3002]
    monkeypatch.setattr(export_module, "row_values", fold)
    fresh = tmp_path / "fresh.db"
    export(app, str(fresh), app.store_name)
    assert contents(str(db)) == contents(str(fresh))


class Stop(Exception):
    pass


def test_interleaved_hands_stopped_after_any_transaction_then_run_again_equal_a_fresh_export(store, tmp_path):
    app = HandRecorder(store)
    texts = {name: (EXAMPLES / f"{name}.hand").read_text() for name in
             ("law83-quit-by-winners", "law89-both-sides-revoke", "law85-answer-yes-corrected")}
    halves = {name: "\n".join(text.splitlines()[:8]) + "\n" for name, text in texts.items()}
    for name in texts:  # every hand's first half, then every hand's rest: their notifications interleave
        app.record(halves[name])
    app.record(long_hand("long", 120))
    for name, text in texts.items():
        app.record(text)
    fresh = tmp_path / "fresh.db"
    export(app, str(fresh), app.store_name)
    final = _position(fresh)
    transactions = []
    export(app, str(tmp_path / "count.db"), app.store_name, batch=10,
           on_batch=lambda r: transactions.append(r.position))
    assert len(transactions) >= 4 and transactions == sorted(transactions) and transactions[-1] == final
    for k in range(1, len(transactions)):
        db = tmp_path / f"stopped{k}.db"
        seen = []

        def stop(report, seen=seen, k=k):
            seen.append(report.position)
            if len(seen) == k:
                raise Stop

        with pytest.raises(Stop):
            export(app, str(db), app.store_name, batch=10, on_batch=stop)
        assert _position(db) == transactions[k - 1] < final
        export(app, str(db), app.store_name, batch=10)
        assert contents(str(db)) == contents(str(fresh))


def test_a_long_hands_export_folds_and_reads_it_once(tmp_path, monkeypatch):
    # The work counted, not timed (bench/export_long_hand.py measures the speed): a hand of n
    # events exported in batches of 500 is read from the store once and folded once, over its n
    # events. (It was folded once per batch of its events: n² / 500 events folded, ten times the
    # time at 20,000 events.)
    n = 20000
    app = HandRecorder(str(tmp_path / "s.db"))
    app.record(long_hand("long", n))
    folded: list[int] = []
    read: list[int] = []
    fold, get = export_module.row_values, export_module._Hands.events

    def counted_fold(events, **kw):
        events = list(events)
        folded.append(len(events))
        return fold(events, **kw)

    def counted_get(self, key, stored=None):
        events, in_order = get(self, key, stored)
        read.append(len(events))
        return events, in_order

    monkeypatch.setattr(export_module, "row_values", counted_fold)
    monkeypatch.setattr(export_module._Hands, "events", counted_get)
    report = export(app, str(tmp_path / "a.db"), app.store_name, batch=500)
    assert report.notifications == n and report.hands == 1
    assert folded == [n] and read == [n], (folded, read)
    assert len(contents(str(tmp_path / "a.db"))["events"]) == n


# ------------------------------------------------------------------ item 6: full disk, folders, two at once

@contextmanager
def small_disk(tmp_path: Path, size: str) -> Iterator[Path]:
    """A folder on a file system of `size` bytes of its own (a tmpfs: needs root)."""
    if os.geteuid() != 0:
        pytest.skip("a full disk is made with a small tmpfs, which needs root")
    mnt = tmp_path / "disk"
    mnt.mkdir()
    p = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(mnt)],
                       capture_output=True, text=True)
    if p.returncode:
        pytest.skip(f"cannot mount a small tmpfs here: {p.stderr.strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


@contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """The folder made read-only: its mode for a user, the file system remounted read-only for root
    (whom no mode stops)."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True, capture_output=True)
    try:
        yield
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(folder)], check=True, capture_output=True)


@pytest.mark.slow
def test_export_onto_a_full_disk_is_one_sentence_and_the_database_stays_whole(store, tmp_path):
    archive_store(store, tmp_path)
    fresh = tmp_path / "fresh.db"
    assert handrec("export", str(fresh), store=store).returncode == 0
    with small_disk(tmp_path, "640k") as disk:
        db = disk / "analysis.db"
        said = one_sentence(handrec("export", str(db), "--batch", "50", store=store))
        assert said.startswith(f"handrec: cannot write {db}: the disk is full; the database is whole, up to position")
        position = _position(db)
        assert 0 < position < _position(fresh)
        _whole(db)
        # Again on the full disk: the same sentence, the database as it was.
        before = db.read_bytes()
        said = one_sentence(handrec("export", str(db), "--batch", "50", store=store))
        assert "the disk is full" in said and db.read_bytes() == before
        moved = tmp_path / "moved.db"
        moved.write_bytes(before)
    assert handrec("export", str(moved), store=store).returncode == 0  # room again: it goes on from there
    assert contents(str(moved)) == contents(str(fresh))


@pytest.mark.slow
def test_a_disk_too_full_to_make_the_file_is_one_sentence_and_the_next_run_makes_it(tmp_path):
    store = str(tmp_path / "hands.db")
    HandRecorder(store).record((EXAMPLES / "law83-quit-by-winners.hand").read_text())
    with small_disk(tmp_path, "512k") as disk:
        with open(disk / "filler", "wb", buffering=0) as filler:  # the disk filled by another file
            try:
                while True:
                    filler.write(b"x" * 4096)
            except OSError:
                pass
        db = disk / "analysis.db"
        said = one_sentence(handrec("export", str(db), store=store))
        assert "the disk is full" in said
        (disk / "filler").unlink()
        p = handrec("export", str(db), store=store)
        assert p.returncode == 0 and "14 new events read, 1 hand written" in p.stdout, p.stderr


def test_export_into_a_folder_that_does_not_exist_is_one_sentence(tmp_path):
    store = str(tmp_path / "hands.db")
    HandRecorder(store).record((EXAMPLES / "law83-quit-by-winners.hand").read_text())
    said = one_sentence(handrec("export", str(tmp_path / "no-such-folder" / "a.db"), store=store))
    assert said == f"handrec: cannot write {tmp_path / 'no-such-folder' / 'a.db'}: the folder " \
                   f"{tmp_path / 'no-such-folder'} does not exist."
    assert not (tmp_path / "no-such-folder").exists()


@pytest.mark.slow
def test_export_into_a_read_only_folder_is_one_sentence_and_leaves_the_database_as_it_was(tmp_path):
    store = str(tmp_path / "hands.db")
    app = HandRecorder(store)
    app.record((EXAMPLES / "law83-quit-by-winners.hand").read_text())
    if os.geteuid() == 0:
        ctx = small_disk(tmp_path, "4m")
        folder = ctx.__enter__()
    else:
        ctx, folder = None, tmp_path / "folder"
        folder.mkdir()
    try:
        db = folder / "analysis.db"
        assert handrec("export", str(db), store=store).returncode == 0
        app.record((EXAMPLES / "law89-both-sides-revoke.hand").read_text())
        before = db.read_bytes()
        with read_only(folder):
            said = one_sentence(handrec("export", str(folder / "new.db"), store=store))
            assert said.startswith(f"handrec: cannot write {folder / 'new.db'}: ") and "read-only" in said
            said = one_sentence(handrec("export", str(db), store=store))
            assert said.startswith(f"handrec: cannot write {db}: ")
            assert "the database is whole, up to position 14" in said
            assert db.read_bytes() == before and sorted(p.name for p in folder.iterdir()) == ["analysis.db"]
        p = handrec("export", str(db), store=store)
        assert p.returncode == 0 and "19 new events read, 1 hand written" in p.stdout
    finally:
        if ctx is not None:
            ctx.__exit__(None, None, None)


@pytest.mark.parametrize("store", POSTGRESQL_SLOW, indirect=True)  # two exports at once, one a process; on PostgreSQL: slow
def test_a_second_export_of_the_same_file_meanwhile_stops_the_first_in_one_sentence(store, tmp_path):
    app = archive_store(store, tmp_path, hands=60)
    db = tmp_path / "a.db"
    others = []

    def meanwhile(report):
        if not others:  # after this run's first transaction, another export of the same file runs through
            others.append(handrec("export", str(db), store=store))

    with pytest.raises(ExportError, match=f"{db} is being written by another export at the same time"):
        export(app, str(db), app.store_name, batch=50, on_batch=meanwhile)
    assert others[0].returncode == 0, others[0].stderr
    fresh = tmp_path / "fresh.db"
    export(app, str(fresh), app.store_name)
    assert contents(str(db)) == contents(str(fresh))


@pytest.mark.slow
def test_two_exports_of_the_same_file_at_once_one_sentence_nothing_lost(store, tmp_path):
    archive_store(store, tmp_path, hands=400)
    fresh = tmp_path / "fresh.db"
    assert handrec("export", str(fresh), store=store).returncode == 0
    for attempt in range(3):
        db = tmp_path / f"both{attempt}.db"
        env = {**os.environ, "HANDREC_STORE": store}
        runs = [subprocess.Popen([HANDREC, "export", str(db), "--batch", "20"], env=env, text=True,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
        results = [(r.wait(timeout=300), r.stdout.read(), r.stderr.read()) for r in runs]
        for code, out, err in results:
            assert "Traceback" not in err and code in (0, 1), err
            if code:
                assert len(err.strip().splitlines()) == 1, err
                assert "being written by another" in err, err
        assert 0 in [code for code, _, _ in results]
        handrec("export", str(db), store=store)
        assert contents(str(db)) == contents(str(fresh))


@pytest.mark.slow
def test_an_export_that_waits_too_long_for_the_lock_is_one_sentence(tmp_path):
    store = str(tmp_path / "hands.db")
    HandRecorder(store).record((EXAMPLES / "law83-quit-by-winners.hand").read_text())
    db = tmp_path / "a.db"
    assert handrec("export", str(db), store=store).returncode == 0
    HandRecorder(store).record((EXAMPLES / "law89-both-sides-revoke.hand").read_text())
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("begin exclusive")  # another program, writing it
    try:
        said = one_sentence(handrec("export", str(db), store=store))
    finally:
        holder.execute("rollback")
        holder.close()
    assert said.startswith(f"handrec: {db} is being written by another program (it stayed locked for 10 s)")
    assert handrec("export", str(db), store=store).returncode == 0


# ------------------------------------------------------------------ item 9: killed while making the file

# What a run killed while its file's tables were being made leaves: SQLite had written some of the
# new pages into the file (a transaction larger than its cache spills them; a commit writes them
# all) and its rollback journal beside it was not yet deleted.
_KILLED_MAKING = r"""
import os, signal, sqlite3, sys
path, first_page = sys.argv[1], sys.argv[2]
conn = sqlite3.connect(path, isolation_level=None)
conn.execute("pragma cache_size = 1")
conn.execute("begin")
for i in range(500):
    conn.execute(f"create table t{i} (hand_id text, number integer, line text)")
    conn.execute(f"create index i{i} on t{i} (hand_id)")
    if os.path.getsize(path) > 0:
        break
if first_page:  # killed in the commit itself, the first page (the header) written, the journal still there
    with open(first_page, "rb") as f, open(path, "r+b") as out:
        out.write(f.read(4096))
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.slow  # kills: a process SIGKILLed mid-write, then three runs of handrec
@pytest.mark.parametrize("moment", ["pages spilled", "in the commit"])
def test_an_export_killed_while_making_its_file_is_made_by_the_next_run(moment, tmp_path):
    store = str(tmp_path / "hands.db")
    HandRecorder(store).record((EXAMPLES / "law83-quit-by-winners.hand").read_text())
    fresh = tmp_path / "fresh.db"
    assert handrec("export", str(fresh), store=store).returncode == 0
    db = tmp_path / "analysis.db"
    killed = subprocess.run([sys.executable, "-c", _KILLED_MAKING, str(db),
                             str(fresh) if moment == "in the commit" else ""])
    assert killed.returncode == -signal.SIGKILL
    assert db.stat().st_size > 0 and Path(f"{db}-journal").exists()
    if moment == "in the commit":
        assert db.read_bytes()[:16] == b"SQLite format 3\x00"
    p = handrec("export", str(db), store=store)  # the first run after it
    assert p.returncode == 0 and "14 new events read, 1 hand written" in p.stdout, p.stderr
    assert contents(str(db)) == contents(str(fresh))
    assert not Path(f"{db}-journal").exists()


def test_a_database_file_with_no_table_is_made_ours_and_one_with_others_is_refused(tmp_path):
    store = str(tmp_path / "hands.db")
    HandRecorder(store).record((EXAMPLES / "law83-quit-by-winners.hand").read_text())
    empty = tmp_path / "empty.db"
    conn = sqlite3.connect(empty)
    conn.execute("pragma user_version = 7")  # an SQLite file, its header written, no table in it
    conn.close()
    assert handrec("export", str(empty), store=store).returncode == 0
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("create view v as select 1")
    conn.close()
    said = one_sentence(handrec("export", str(other), store=store))
    assert "not a handrec analysis database" in said


# ------------------------------------------------------------------ Also: owner-only exports

def test_a_new_analysis_database_is_readable_by_its_owner_only_unless_asked(tmp_path):
    store = str(tmp_path / "hands.db")
    HandRecorder(store).record((EXAMPLES / "law83-quit-by-winners.hand").read_text())
    db = tmp_path / "a.db"
    assert handrec("export", str(db), store=store).returncode == 0
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
    shared = tmp_path / "shared.db"
    assert handrec("export", str(shared), store=store, HANDREC_FILE_MODE="0644").returncode == 0
    assert stat.S_IMODE(shared.stat().st_mode) == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.db", "hands.db", "shared.db"]
