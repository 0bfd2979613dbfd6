"""A report (`handrec report -o`) and a review page (`handrec review -o`) are written whole or not at
all, never over what is not a plain file (issue 42, item 2): not through a symbolic link planted
in a shared folder (it replaced the director's store with the PDF), not onto the store itself named
as the report, not into a FIFO (it blocked), and not leaving an earlier report destroyed when the
new one cannot be written (it left a 4,096-byte stub)."""

from __future__ import annotations

import hashlib
import os
import resource
import subprocess
from pathlib import Path

import pytest

from test_cli import HANDREC, run

EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"
HAND = "law83-quit-by-winners"


def _store(tmp_path: Path, name: str = "hands.db") -> Path:
    store = tmp_path / name
    run("record", str(EXAMPLES / f"{HAND}.hand"), store=str(store))
    return store


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _store_reads(store: Path) -> None:
    """The store is still the store: its hand reads as before."""
    assert "law83-quit-by-winners" in run("list", store=str(store)).stdout


def _no_leftovers(folder: Path) -> None:
    assert not [p.name for p in folder.iterdir() if p.name.endswith(".part")]


@pytest.mark.parametrize("command,suffix", [("report", ".pdf"), ("report", ".html"), ("review", ".html")])
def test_a_symbolic_link_planted_where_the_file_goes_is_refused_and_what_it_names_is_untouched(tmp_path, command, suffix):
    store = _store(tmp_path)
    before = _digest(store)
    shared = tmp_path / "shared"
    shared.mkdir()
    link = shared / f"ruling{suffix}"
    link.symlink_to(store)  # another user's link, in a folder the director writes to
    p = run(command, HAND, "-o", str(link), store=str(store), ok=False)
    assert p.returncode == 1 and "Traceback" not in p.stderr, p.stderr
    assert p.stderr == (f"handrec: {link}: is a symbolic link (to {store}); handrec writes only to a plain file, "
                        "never through a link: name the file itself.\n"), p.stderr
    assert link.is_symlink() and _digest(store) == before
    _store_reads(store)
    _no_leftovers(shared)


@pytest.mark.parametrize("command", ["report", "review"])
def test_the_store_named_as_the_file_is_refused(tmp_path, command):
    store = _store(tmp_path, "x.html")
    before = _digest(store)
    p = run(command, HAND, "-o", str(store), store=str(store), ok=False)
    assert p.returncode == 1 and p.stderr == f"handrec: {store}: is the store this command reads; name another file.\n"
    assert _digest(store) == before
    _store_reads(store)
    # Another store (any SQLite database) named as the report is refused too.
    other = _store(tmp_path, "other.db")
    target = tmp_path / "other.html"
    os.link(other, target)  # (the same file under a report's name)
    p = run(command, HAND, "-o", str(target), store=str(store), ok=False)
    assert p.returncode == 1 and "is an SQLite database (a store?), which handrec never writes over" in p.stderr
    assert _digest(other) == _digest(target)
    _no_leftovers(tmp_path)


@pytest.mark.parametrize("command,suffix", [("report", ".pdf"), ("review", ".html")])
def test_a_fifo_named_as_the_file_is_refused_at_once(tmp_path, command, suffix):
    store = _store(tmp_path)
    fifo = tmp_path / f"x{suffix}"
    os.mkfifo(fifo)
    p = run(command, HAND, "-o", str(fifo), store=str(store), ok=False)  # (run's timeout: a block fails the test)
    assert p.returncode == 1 and p.stderr == (f"handrec: {fifo}: is not a regular file (a named pipe, a device or a "
                                              "socket); name a plain file.\n"), p.stderr
    if command == "review":  # (a device: /dev/null named as the page)
        p = run(command, HAND, "-o", "/dev/null", store=str(store), ok=False)
        assert p.returncode == 1 and p.stderr == ("handrec: /dev/null: is not a regular file (a named pipe, a device "
                                                  "or a socket); name a plain file.\n"), p.stderr


def test_an_earlier_report_is_kept_whole_when_the_new_one_cannot_be_written(tmp_path):
    store = _store(tmp_path)
    # Statements enough that the report outgrows the limit below, which SQLite's own files (its
    # 32 KiB shared memory) stay under.
    notes = tmp_path / "notes.hand"
    notes.write_text((EXAMPLES / f"{HAND}.hand").read_text() + "".join(f"note by=East statement {i} " + "word " * 800 + "\n" for i in range(30)))
    run("record", str(notes), store=str(store))
    out = tmp_path / "ruling.html"
    first = run("report", HAND, "-o", str(out), "--at", "8", store=str(store)).stdout
    assert first == f"{out}: the ruling on the record up to event 8 of 44\n"
    before = _digest(out)
    size = out.stat().st_size
    assert size < 65536

    def small_files() -> None:  # (in the child: no file larger than 64 KiB, as a disk nearly full)
        resource.setrlimit(resource.RLIMIT_FSIZE, (65536, 65536))

    env = {**os.environ, "HANDREC_STORE": str(store)}
    p = subprocess.run([HANDREC, "report", HAND, "-o", str(out)], capture_output=True, text=True, env=env,
                       timeout=120, preexec_fn=small_files)
    assert p.returncode == 1 and "Traceback" not in p.stderr, p.stderr
    assert p.stderr == (f"handrec: {out}: cannot be written (File too large) (the earlier file is kept as it "
                        "was).\n"), p.stderr
    assert _digest(out) == before and out.stat().st_size == size
    _no_leftovers(tmp_path)
    # Written again where there is room: it says that it replaced the earlier one.
    again = run("report", HAND, "-o", str(out), store=str(store)).stdout
    assert again == f"{out}: the ruling on the record up to event 44 of 44 (the earlier file of that name replaced)\n"
    assert _digest(out) != before
