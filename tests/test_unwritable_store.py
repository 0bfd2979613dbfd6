"""A store this user may read but not write (issue 42, item 10): on a read-only mount, another
user's 0644 file, a 0444 file in a folder of mode 0555. Every command that only reads reads it as
it reads a store it may write, and makes nothing beside it (an SQLite file in WAL mode is read
with its -wal and -shm beside it: a read-only connection made them where it could, and failed where
it could not: "unable to open database file"); a command that writes says in one sentence which
file and why, and stores nothing.

The tests run as root, who may write any file: the store is put out of its reach by a read-only
bind mount, or by running handrec without the capability that lets root write what its mode
forbids (setpriv, CAP_DAC_OVERRIDE dropped). Each way is skipped where it cannot be made.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import urllib.request
from pathlib import Path

import pytest
from expectations import EXAMPLES
from review_room import serving
from test_cli import HANDREC

from recorder.application import HandRecorder

HAND = "law83-quit-by-winners"
OTHER = "law85-answer-yes-corrected"
NOBODY = 65534
# root, its capability to write any file whatever its mode dropped (it keeps the one to read any)
WITHOUT_OVERRIDE = ["setpriv", "--inh-caps=-dac_override", "--bounding-set=-dac_override", "--"]


def run(*args: str, store: Path, prefix: list[str] | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("HANDREC_STORE", "HANDREC_FILE_MODE")}
    return subprocess.run([*(prefix or []), HANDREC, "--store", str(store), *args], capture_output=True, text=True,
                          env=env, timeout=120, check=False)


def _recorded(folder: Path) -> Path:
    store = folder / "hands.db"
    p = run("record", str(EXAMPLES / f"{HAND}.hand"), str(EXAMPLES / f"{OTHER}.hand"), store=store)
    assert p.returncode == 0, p.stderr
    p = run("branch", HAND, f"{HAND}-b", "--at", "8", store=store)  # (a second account, for compare)
    assert p.returncode == 0, p.stderr
    assert sorted(os.listdir(folder)) == ["hands.db"]  # (SQLite's -wal and -shm gone with the last connection)
    return store


def _digest(folder: Path) -> dict[str, str]:
    return {name: hashlib.sha256((folder / name).read_bytes()).hexdigest() for name in sorted(os.listdir(folder))}


def _as_other(prefix: list[str]) -> None:
    p = subprocess.run([*prefix, "true"], capture_output=True, text=True, check=False)
    if p.returncode != 0:
        pytest.skip(f"handrec is run without CAP_DAC_OVERRIDE by setpriv, which fails here ({p.stderr.strip()})")


@pytest.fixture(params=["read-only mount", "another user's 0644 file", "a 0444 file in a 0555 folder"])
def unwritable(request, tmp_path):
    """(the store, how handrec is run, the folder that holds the file as it is written, a store as
    written to compare with): the store, as this user may read but not write it."""
    source = tmp_path / "source"
    source.mkdir()
    _recorded(source)
    writable = tmp_path / "writable"
    writable.mkdir()
    shutil.copy(source / "hands.db", writable / "hands.db")
    if request.param == "read-only mount":
        mounted = tmp_path / "mounted"
        mounted.mkdir()
        p = subprocess.run(["mount", "-o", "bind,ro", str(source), str(mounted)], capture_output=True, text=True)
        if p.returncode != 0:
            pytest.skip(f"a read-only bind mount needs root ({p.stderr.strip()})")
        try:
            if not os.statvfs(mounted).f_flag & os.ST_RDONLY:  # (an older mount(8) binds it writable first)
                subprocess.run(["mount", "-o", "remount,bind,ro", str(mounted)], check=True)
            yield mounted / "hands.db", [], source, writable / "hands.db"
        finally:
            subprocess.run(["umount", str(mounted)], check=False)
        return
    _as_other(WITHOUT_OVERRIDE)
    if request.param == "another user's 0644 file":
        os.chown(source, NOBODY, NOBODY)
        os.chown(source / "hands.db", NOBODY, NOBODY)
        os.chmod(source / "hands.db", 0o644)
        os.chmod(source, 0o755)
    else:
        os.chmod(source / "hands.db", 0o444)
        os.chmod(source, 0o555)
    try:
        yield source / "hands.db", WITHOUT_OVERRIDE, source, writable / "hands.db"
    finally:
        os.chmod(source, 0o755)


READS = [
    ["list"],
    ["show", HAND],
    ["show", HAND, "--at", "9"],
    ["timeline", HAND],
    ["timeline", HAND, "--json"],
    ["rulings", HAND, "--json"],
    ["score", HAND],
    ["compare", HAND, f"{HAND}-b"],
    ["export-pbn", HAND],
    ["export-pbn", OTHER, "--transcript"],
    ["scan"],
    ["scan", "--json", "--irregularities"],
    ["scan", "--jobs", "2"],
    ["double-dummy", HAND, "--json"],
]
SOME_READS = [["list"], ["show", HAND], ["timeline", HAND, "--json"], ["export-pbn", HAND], ["scan", "--jobs", "2"]]


def test_every_command_that_only_reads_reads_a_store_this_user_cannot_write(unwritable, tmp_path):
    store, prefix, folder, writable = unwritable
    before = _digest(folder)
    for args in READS if not prefix else [a for a in READS if a in SOME_READS]:  # (all of them once)
        p = run(*args, store=store, prefix=prefix)
        expected = run(*args, store=writable)
        assert expected.returncode == 0, expected.stderr
        assert (p.returncode, p.stderr) == (0, ""), (args, p.stderr)
        assert p.stdout == expected.stdout, args
    out = tmp_path / "out"
    out.mkdir()
    for args in (["review", HAND, "-o", str(out / "r.html")], ["report", HAND, "-o", str(out / "ruling.html")],
                 ["export", str(out / "analysis.db")]):
        p = run(*args, store=store, prefix=prefix)
        assert p.returncode == 0 and "Traceback" not in p.stderr, (args, p.stderr)
    assert sqlite3.connect(out / "analysis.db").execute("SELECT count(*) FROM hands").fetchone()[0] == 3  # (two hands, one told twice)
    assert _digest(folder) == before  # nothing written, nothing made beside it


WRITES = [
    ["record", str(EXAMPLES / "law84a-declarer-revoke.hand")],
    ["add", HAND, "note by=TD looked again"],
    ["amend", HAND, "5", "play E S2", "--reason", "slip"],
    ["strike", HAND, "5", "--reason", "slip"],
    ["branch", HAND, "second", "--at", "5"],
    ["import", "ARCHIVE"],
    ["serve", "--port", "0"],
]


def test_a_command_that_writes_says_which_file_and_why_in_one_sentence(unwritable, tmp_path):
    store, prefix, folder, _ = unwritable
    archive = tmp_path / "club.pbn"
    archive.write_text('[Event "club"]\n[Board "1"]\n[Dealer "N"]\n'
                       '[Deal "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"]\n')
    before = _digest(folder)
    why = ("it is on a file system mounted read-only" if not prefix else
           "this user may not write the file")
    for args in WRITES:
        args = [str(archive) if a == "ARCHIVE" else a for a in args]
        p = run(*args, store=store, prefix=prefix)
        assert p.returncode == 1 and p.stdout == "" and "Traceback" not in p.stderr, (args, p.stderr)
        assert p.stderr == (f"handrec: cannot write the store {store}: {why}; the commands that only read it "
                            "(and serve --read-only) still can.\n"), (args, p.stderr)
    assert _digest(folder) == before
    assert run("list", store=store, prefix=prefix).stdout.split() == [HAND, OTHER, f"{HAND}-b"]


def test_a_folder_this_user_cannot_write_is_said_for_a_writable_file(tmp_path):
    """The file may be written, its folder not: SQLite could not make its journal beside it."""
    _as_other(WITHOUT_OVERRIDE)
    folder = tmp_path / "shelf"
    folder.mkdir()
    store = _recorded(folder)
    os.chmod(store, 0o666)
    os.chmod(folder, 0o555)
    try:
        p = run("add", HAND, "note by=TD again", store=store, prefix=WITHOUT_OVERRIDE)
        assert p.stderr == (f"handrec: cannot write the store {store}: this user may not write its folder {folder}, "
                            "where SQLite keeps the store's journal; the commands that only read it "
                            "(and serve --read-only) still can.\n"), p.stderr
        assert run("list", store=store, prefix=WITHOUT_OVERRIDE).stdout.split() == [HAND, OTHER, f"{HAND}-b"]
        assert sorted(os.listdir(folder)) == ["hands.db"]
    finally:
        os.chmod(folder, 0o755)


def test_serve_read_only_serves_a_store_on_a_read_only_mount(unwritable):
    store, prefix, _, _ = unwritable
    if prefix:
        pytest.skip("the room is served by handrec as the test's own user: the read-only mount alone")
    with serving(str(store), "--read-only") as base:
        assert urllib.request.urlopen(base, timeout=30).status == 200
        page = urllib.request.urlopen(base + f"hands/{HAND}", timeout=30).read().decode()
        assert "law83" in page


def test_what_the_owner_records_meanwhile_is_read(unwritable):
    """While the owner's recorder holds the store open (its -wal and -shm beside it), a reader that
    may not write it reads what was committed there."""
    store, prefix, folder, _ = unwritable
    if prefix == WITHOUT_OVERRIDE and os.stat(folder).st_mode & 0o200 == 0:
        os.chmod(folder, 0o755)  # (the owner makes its -wal there; the reader still may not write the 0444 file)
    owner = HandRecorder(str(folder / "hands.db"))
    try:
        owner.record((EXAMPLES / "law84a-declarer-revoke.hand").read_text(encoding="utf-8"))
        assert os.path.exists(f"{folder / 'hands.db'}-wal")
        p = run("list", store=store, prefix=prefix)
        assert (p.returncode, p.stderr) == (0, "")
        assert p.stdout.split() == [HAND, OTHER, f"{HAND}-b", "law84a-declarer-revoke"]
        p = run("add", HAND, "note by=TD again", store=store, prefix=prefix)
        assert p.returncode == 1 and "cannot write the store" in p.stderr  # (read-only to this reader all along)
    finally:
        owner.close()


def test_an_empty_store_this_user_cannot_write_holds_no_hands_and_is_left_as_it_is(tmp_path):
    _as_other(WITHOUT_OVERRIDE)
    folder = tmp_path / "shelf"
    folder.mkdir()
    store = folder / "hands.db"
    store.touch(mode=0o444)
    os.chmod(folder, 0o555)
    try:
        for args in (["list"], ["scan"]):
            p = run(*args, store=store, prefix=WITHOUT_OVERRIDE)
            assert (p.returncode, p.stdout) == (1, ""), p.stdout
            assert p.stderr == (f"handrec: the store {store} holds no hands yet, and cannot be given its tables: "
                                "this user may not write the file.\n"), p.stderr
        assert sorted(os.listdir(folder)) == ["hands.db"] and store.stat().st_size == 0
    finally:
        os.chmod(folder, 0o755)
