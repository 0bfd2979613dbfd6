"""What a command is named to read is a plain file (issue 42, item 11): a named pipe waits for a
writer that may never come, /dev/zero never ends, and each held `import` or `record` until it was
killed, without a word. Each is refused in one sentence (the file: what it is), storing nothing;
a pipe the shell hands over as an open descriptor (`record <(command)`, /dev/stdin), whose writer
is there, is still read. Every run has a timeout: a regression fails instead of hanging.
"""

from __future__ import annotations

import os
import subprocess
import threading
from pathlib import Path

import pytest
from expectations import EXAMPLES
from test_cli import HANDREC

HAND = "law83-quit-by-winners"
EXAMPLE = EXAMPLES / f"{HAND}.hand"
GAME = ('[Event "club"]\n[Board "1"]\n[Dealer "N"]\n'
        '[Deal "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"]\n'
        '[Declarer "S"]\n[Contract "4H"]\n[Result "10"]\n')


def handrec(*args: str, store: Path, pass_fds: tuple[int, ...] = ()) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("HANDREC_STORE", "HANDREC_FILE_MODE")}
    return subprocess.run([HANDREC, "--store", str(store), *args], capture_output=True, text=True, env=env,
                          timeout=30, check=False, pass_fds=pass_fds, stdin=subprocess.DEVNULL)


def refused(p: subprocess.CompletedProcess) -> str:
    assert p.returncode == 1 and p.stdout == "" and "Traceback" not in p.stderr, (p.stdout, p.stderr)
    assert len(p.stderr.splitlines()) == 1, p.stderr
    return p.stderr


def stored(store: Path) -> list[str]:
    if not store.exists():
        return []
    p = handrec("list", store=store)
    assert p.returncode == 0, p.stderr
    return p.stdout.split()


@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "club.pbn"
    os.mkfifo(path)
    return path


def test_import_of_a_named_pipe_is_refused_in_one_sentence_storing_nothing(tmp_path, fifo):
    store = tmp_path / "hands.db"
    archive = tmp_path / "good.pbn"
    archive.write_text(GAME)
    for args in ([str(fifo)], [str(archive), str(fifo)], ["--jobs", "2", str(archive), str(fifo)]):
        assert refused(handrec("import", *args, store=store)) == (
            f"handrec: {fifo}: is a named pipe, not an archive; name a plain file.\n")
    assert stored(store) == []
    assert not store.exists()  # (refused before the store is opened)


@pytest.mark.parametrize("name", ["/dev/zero", "zero.pbn", "zero.lin"])
def test_import_of_a_device_is_refused_in_one_sentence_storing_nothing(tmp_path, name):
    store = tmp_path / "hands.db"
    if name != "/dev/zero":
        (tmp_path / name).symlink_to("/dev/zero")  # (by its name, an archive: read on and on)
        name = str(tmp_path / name)
    assert refused(handrec("import", name, store=store)) == (
        f"handrec: {name}: is a device, not an archive; name a plain file.\n")
    assert stored(store) == []


def test_a_folder_holding_a_named_pipe_leaves_it_aside(tmp_path, fifo):
    store = tmp_path / "hands.db"
    (tmp_path / "good.pbn").write_text(GAME)
    p = handrec("import", str(tmp_path), store=store)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("1 board read from 1 file"), p.stdout


def test_record_of_a_named_pipe_or_a_device_is_refused_and_the_others_are_recorded(tmp_path):
    store = tmp_path / "hands.db"
    fifo = tmp_path / "dispute.hand"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/zero"):
        p = handrec("record", path, store=store)
        assert refused(p) in (
            f"handrec: {path}: is a named pipe, not a transcript; name a plain file, or hand a pipe over as "
            "/dev/stdin or <(command).\n",
            f"handrec: {path}: is a device, not a transcript; name a plain file.\n"), p.stderr
    assert stored(store) == []
    p = handrec("record", str(fifo), str(EXAMPLE), store=store)
    assert p.returncode == 1 and f"{fifo}: is a named pipe" in p.stderr and "Traceback" not in p.stderr
    assert stored(store) == [HAND]


def test_record_reads_a_pipe_handed_over_as_an_open_descriptor(tmp_path):
    """`handrec record <(command)`: the shell hands over /dev/fd/N, a pipe whose writer is there."""
    store = tmp_path / "hands.db"
    read, write = os.pipe()

    def writer() -> None:
        with open(write, "wb") as f:
            f.write(EXAMPLE.read_bytes())

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        p = handrec("record", f"/dev/fd/{read}", store=store, pass_fds=(read,))
    finally:
        os.close(read)
        thread.join()
    assert p.returncode == 0, p.stderr
    assert stored(store) == [HAND]
    # A device handed over as a descriptor is still a device: /dev/zero would never end.
    zero = os.open("/dev/zero", os.O_RDONLY)
    try:
        p = handrec("record", f"/dev/fd/{zero}", store=store, pass_fds=(zero,))
    finally:
        os.close(zero)
    assert refused(p) == f"handrec: /dev/fd/{zero}: is a device, not a transcript; name a plain file.\n"


@pytest.mark.parametrize("kind", ["named pipe", "device"])
def test_a_store_that_is_not_a_file_is_refused_in_one_sentence(tmp_path, kind):
    if kind == "named pipe":
        store = tmp_path / "hands.db"
        os.mkfifo(store)
    else:
        store = Path("/dev/zero")
    for args in (["list"], ["record", str(EXAMPLE)], ["scan"]):
        assert refused(handrec(*args, store=store)) == (
            f"handrec: cannot open the store {store}: it is a {kind}, not a file.\n")


def test_a_token_file_that_is_a_named_pipe_or_a_device_is_refused_before_serving(tmp_path):
    """`serve --token-file` reads a file too: a named pipe held the server's start, /dev/zero grew
    its one line without end."""
    store = tmp_path / "hands.db"
    token = tmp_path / "token"
    os.mkfifo(token)
    assert refused(handrec("serve", "--port", "0", "--token-file", str(token), store=store)) == (
        f"handrec: {token}: is a named pipe, not a token file; name a plain file, or hand a pipe over as "
        "/dev/stdin or <(command).\n")
    assert refused(handrec("serve", "--port", "0", "--token-file", "/dev/zero", store=store)) == (
        "handrec: /dev/zero: is a device, not a token file; name a plain file.\n")


def test_an_officials_file_that_is_a_named_pipe_is_refused_before_serving(tmp_path):
    store = tmp_path / "hands.db"
    officials = tmp_path / "officials"
    os.mkfifo(officials)
    assert refused(handrec("serve", "--port", "0", "--officials", str(officials), store=store)) == (
        f"handrec: {officials}: is a named pipe, not an officials' file; name a plain file, or hand a pipe over as "
        "/dev/stdin or <(command).\n")
