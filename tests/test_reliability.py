"""Nothing lost, doubled or half-written: store errors, two recorders at once, many processes,
and imports killed with SIGKILL, on both stores."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import needs_postgres
from recorder.application import HandRecorder, StoreError
from formats.files import archive_lines as read_lines
from recorder.importer import ArchiveError, import_files
from formats.pbn import boards
from test_cli import HANDREC

from bench.generate_archive import write as write_archive
from bench.reliability import BODY, WORKER  # the benchmark's worker: records hands, races on one

HEAD = ("dealer S\ndeal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\n"
        "contract 4H by S\n")


def test_a_refused_login_is_one_sentence_without_the_password():
    from urllib.parse import urlparse

    server = needs_postgres()
    u = urlparse(server)
    wrong = server.replace(f":{u.password}@", ":not-the-Secret-42@") if u.password else server.replace(
        f"{u.username}@", f"{u.username}:not-the-Secret-42@")
    with pytest.raises(StoreError) as e:
        HandRecorder(wrong.replace(f"{u.username}:", "nobody-at-all:"))
    assert "refused the login of user nobody-at-all" in str(e.value)
    p = subprocess.run([HANDREC, "list"], capture_output=True, text=True,
                       env={"HANDREC_STORE": wrong.replace(f"{u.username}:", "nobody-at-all:"), "PATH": "/usr/bin:/bin"})
    assert p.returncode == 1 and "refused the login" in p.stderr and "not-the-Secret-42" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


def test_an_unreachable_server_is_one_sentence():
    p = subprocess.run([HANDREC, "list"], capture_output=True, text=True,
                       env={"HANDREC_STORE": "postgresql://club:Secret-77@127.0.0.1:1/hands", "PATH": "/usr/bin:/bin"})
    assert p.returncode == 1
    assert p.stderr.strip() == "handrec: cannot reach the PostgreSQL server at 127.0.0.1:1."


def test_two_recorders_appending_to_one_hand_one_wins_nothing_lost(store):
    HandRecorder(store).record("hand shared\n" + HEAD)
    first, second = HandRecorder(store), HandRecorder(store)
    text = "hand shared\n" + HEAD
    from formats.transcript import parse

    hand1, r1 = first.prepare(parse(text + "play W SA\n"))
    hand2, r2 = second.prepare(parse(text + "play W SK\n"))
    first.save_hands([hand1])
    with pytest.raises(StoreError, match="changed in the store while these events were being recorded; nothing was stored"):
        second.save_hands([hand2])
    lines = [e.line for e in HandRecorder(store).hand_events("shared")]
    assert lines[-1] == "play W SA" and len(lines) == 5


def test_an_import_batch_that_meets_hands_stored_meanwhile_keeps_every_other_board(store, tmp_path):
    """Other recorders store two of a batch's boards between its reading and its saving: the one
    stored as the archive has it counts as already stored, the one stored otherwise is refused
    with the reason, and every other board of the batch is stored whole."""
    from recorder.importer import ImportReport, _Batch
    from bridge.lines import parse_line

    archive = str(tmp_path / "race.pbn")
    write_archive(archive, 5, seed=3)
    ours, theirs = HandRecorder(store), HandRecorder(store)
    report = ImportReport()
    batch = _Batch(ours, report)
    read = list(boards(read_lines(archive), archive))
    for board in read:
        batch.add(board, archive)
    batch._check_waiting()  # checked and pending, not yet saved
    theirs.record_lines(read[2].lines)  # the same board, stored first by someone else
    theirs.record_lines([*read[4].lines[:3], parse_line("note someone else's record", 0)])
    batch.flush()
    batch.settle()  # (its rows are inserted and committed while the next boards would be read)
    assert [r.hand_id for r in report.refused] == [read[4].hand_id]
    assert "it differs from event 4 stored" in report.refused[0].reason
    assert (report.hands_added, report.already) == (3, 1)
    check = HandRecorder(store)
    for board in read[:4]:
        assert [e.line for e in check.hand_events(board.hand_id)] == [line.canonical for line in board.lines]


@pytest.mark.slow
def test_an_import_in_two_processes_stores_what_one_process_stores(store, tmp_path):
    """`import --jobs 2`: the same hands, the same events, the same report, refusals in the order
    of the files; two files that give the same ids (same folder and file names) are imported one
    after the other, as one process would."""
    for i in range(3):
        write_archive(str(tmp_path / f"part{i}.pbn"), 12, seed=20 + i)
    twin = tmp_path / "elsewhere" / tmp_path.name
    twin.mkdir(parents=True)
    (twin / "part0.pbn").write_bytes((tmp_path / "part0.pbn").read_bytes())  # same ids as part0.pbn
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQJ - - -"]\n\n[Board "2"]\n[Deal "N:A.A.A.A - - -"]\n'
                   '[Dealer "N"]\n[Contract "1S"]\n[Declarer "N"]\n[Play "E"]\nSA\n', encoding="utf-8")
    files = [str(tmp_path / "part0.pbn"), str(bad), str(tmp_path / "part1.pbn"), str(twin / "part0.pbn"),
             str(tmp_path / "part2.pbn")]
    one = HandRecorder(str(tmp_path / "one-process.db"))
    serial = import_files(one, files)
    two = HandRecorder(store)
    parallel = import_files(two, files, jobs=2)
    assert (parallel.files, parallel.boards, parallel.hands_added, parallel.events_added, parallel.already) == \
           (serial.files, serial.boards, serial.hands_added, serial.events_added, serial.already) == (5, 50, 37, parallel.events_added, 12)
    # bad.pbn: board 1's deal gives North 14 cards, refused; board 2's East plays North's SA, kept up
    # to that fault (issue 12 part 3), counted alike.
    assert (parallel.faulty, serial.faulty) == (1, 1)
    assert [str(r) for r in parallel.refused] == [str(r) for r in serial.refused] and len(serial.refused) == 1, serial.refused
    ids = one.hand_ids()
    assert sorted(ids) == sorted(two.hand_ids())
    for hand_id in ids:
        assert [e.line for e in two.hand_events(hand_id)] == [e.line for e in one.hand_events(hand_id)]


@pytest.mark.slow
def test_many_processes_recording_into_one_store_every_event_once(store):
    HandRecorder(store).record("hand shared\n" + HEAD)
    workers, hands = 4, 15
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, store, str(w), str(hands), BODY], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for w in range(workers)]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    app = HandRecorder(store)
    ids = app.hand_ids()
    assert sorted(ids) == sorted(["shared"] + [f"r{w}-{n}" for w in range(workers) for n in range(hands)])
    for hand_id in ids:
        events = app.hand_events(hand_id)
        assert [e.originator_version for e in events] == list(range(1, len(events) + 1))
    notes = [e.line for e in app.hand_events("shared") if e.line.startswith("note")]
    assert sorted(notes) == sorted(f"note worker {w} hand {n}" for w in range(workers) for n in range(hands))
    # the notification log holds each event once
    total = sum(len(app.hand_events(i)) for i in ids)
    assert app.recorder.max_notification_id() >= total
    seen = set()
    start = 1
    while True:
        page = app.recorder.select_notifications(start=start, limit=500)
        for n in page:
            key = (n.originator_id, n.originator_version)
            assert key not in seen
            seen.add(key)
        if len(page) < 500:
            break
        start = page[-1].id + 1
    assert len(seen) == total


@pytest.mark.slow
def test_an_import_killed_at_random_points_leaves_no_partial_hand_and_no_duplicate(store, tmp_path):
    archive = tmp_path / "bench.pbn"
    # Enough boards that a kill a moment after the first are stored finds the import still running
    # (six transactions; each is committed while the next boards are read).
    write_archive(str(archive), 3000, seed=9, revoke_rate=0.05)
    env = {**os.environ, "HANDREC_STORE": store}
    rng = random.Random(5)
    killed_midway = 0
    watcher = HandRecorder(store)
    for _ in range(3):
        before = len(watcher.hand_ids())
        p = subprocess.Popen([HANDREC, "import", str(archive)], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Kill it once it has stored something new (or soon after it starts, if it is slow to),
        # plus a random moment more: somewhere inside a batch, or between two.
        deadline = time.monotonic() + 30
        while p.poll() is None and len(watcher.hand_ids()) == before and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(rng.uniform(0.0, 0.3))
        p.send_signal(signal.SIGKILL)
        p.wait()
        killed_midway += len(watcher.hand_ids()) < 3000
    out = subprocess.run([HANDREC, "import", str(archive)], env=env, capture_output=True, text=True, check=True)
    assert "0 refused" in out.stdout
    assert killed_midway, "every kill came after the import had finished"
    app = HandRecorder(store)
    expected = {b.hand_id: [line.canonical for line in b.lines] for b in boards(read_lines(str(archive)), str(archive))}
    assert sorted(app.hand_ids()) == sorted(expected)  # each board once
    for hand_id, lines in expected.items():
        assert [e.line for e in app.hand_events(hand_id)] == lines, hand_id  # whole, nothing partial
    again = import_files(app, [str(archive)])
    assert again.hands_added == 0 and again.already == 3000


def _processes_left_in_session(session: int) -> str:
    """The processes still running in the session a command was started in, after waiting up to
    five seconds for them to end (multiprocessing's helpers end as they see their parent gone)."""
    for _ in range(50):
        left = subprocess.run(["pgrep", "-a", "-s", str(session)], capture_output=True, text=True).stdout.strip()
        if not left:
            return ""
        time.sleep(0.1)
    return left


@pytest.mark.slow
def test_an_import_in_several_processes_interrupted_stops_them_all_and_leaves_whole_boards(store, tmp_path):
    """Ctrl-C on `import --jobs 2`: one line ("Aborted!"), no traceback from any process, every
    process gone, and every board stored is whole (importing again extends none)."""
    files = []
    for i in range(4):
        files.append(str(tmp_path / f"part{i}.pbn"))
        write_archive(files[-1], 700, seed=60 + i)
    env = {**os.environ, "HANDREC_STORE": store}
    watcher = HandRecorder(store)
    p = subprocess.Popen([HANDREC, "import", "--jobs", "2", *files], env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while p.poll() is None and not watcher.hand_ids() and time.monotonic() < deadline:
        time.sleep(0.02)
    os.killpg(p.pid, signal.SIGINT)  # as a terminal sends it: to every process of the group
    out, err = p.communicate(timeout=60)
    if p.returncode == 0:
        pytest.skip("the import finished before it could be interrupted")
    assert p.returncode == 1 and err.strip() == "Aborted!", err
    leftover = _processes_left_in_session(p.pid)
    assert leftover == "", f"an import process outlived the interrupt: {leftover}"
    again = import_files(HandRecorder(store), files)
    assert again.hands_extended == 0 and again.hands_added + again.already == 2800 and again.already > 0


def test_a_board_met_again_after_many_others_is_already_stored_not_refused(store, tmp_path):
    """The same file twice, and a copy in another folder of the same name: every board of the
    second reading is already stored (more than LOOKUP boards apart), in one process and in two."""
    archive = tmp_path / "g" / "s.pbn"
    archive.parent.mkdir()
    write_archive(str(archive), 150, seed=7)
    twin = tmp_path / "elsewhere" / "g" / "s.pbn"
    twin.parent.mkdir(parents=True)
    twin.write_bytes(archive.read_bytes())
    # In two processes the import is into an SQLite file whatever the store: the same check in both
    # variants, so the PostgreSQL one leaves it to the SQLite one.
    for jobs in (1, 2) if not store.startswith("postgresql") else (1,):
        app = HandRecorder(store) if jobs == 1 else HandRecorder(str(tmp_path / "two.db"))
        r = import_files(app, [str(archive), str(archive), str(twin)], jobs=jobs)
        assert (r.files, r.boards, r.hands_added, r.already, r.hands_extended, r.refused) == (3, 450, 150, 300, 0, []), jobs


def test_a_file_that_is_no_archive_among_good_ones_stores_nothing(store, tmp_path):
    good = [str(tmp_path / f"a{i}.pbn") for i in range(2)]
    for i, path in enumerate(good):
        write_archive(path, 20, seed=i)
    junk = tmp_path / "notes.txt"
    junk.write_text("hello world\n", encoding="utf-8")
    for jobs in (1, 2):
        with pytest.raises(ArchiveError, match="notes.txt: neither PBN nor LIN"):
            import_files(HandRecorder(store), [good[0], str(junk), good[1]], jobs=jobs)
        assert HandRecorder(store).hand_ids() == []


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs Linux's /proc/self/mem, a file reads fail on")
def test_a_file_whose_reading_fails_halfway_is_one_sentence(tmp_path):
    mem = tmp_path / "mem.pbn"
    mem.symlink_to("/proc/self/mem")
    p = subprocess.run([HANDREC, "import", str(mem)], capture_output=True, text=True,
                       env={**os.environ, "HANDREC_STORE": str(tmp_path / "h.db")})
    assert p.returncode == 1 and p.stderr.startswith(f"handrec: {mem}: cannot be read (")
    assert len(p.stderr.strip().splitlines()) == 1, p.stderr


@pytest.mark.slow
def test_two_imports_of_the_same_files_at_once_refuse_nothing(store, tmp_path):
    files = []
    for i in range(4):
        files.append(str(tmp_path / f"part{i}.pbn"))
        write_archive(files[-1], 300, seed=80 + i)
    HandRecorder(store).hand_ids()  # the tables made before the race
    env = {**os.environ, "HANDREC_STORE": store}
    procs = [subprocess.Popen([HANDREC, "import", "--jobs", "2", *files], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [p.communicate(timeout=300) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0 and "0 refused" in out and err == "", (out, err)
    # (each says "N hands added", or "1 hand added" when the other took all but one)
    added = sum(int(re.search(r"(\d+) hands? added", out).group(1)) for out, _ in outs)
    stored = len(HandRecorder(store).hand_ids())
    assert (added, stored) == (1200, 1200), [out for out, _ in outs]


@pytest.mark.slow
def test_import_processes_end_when_their_parent_is_killed(tmp_path):
    files = []
    for i in range(4):
        files.append(str(tmp_path / f"part{i}.pbn"))
        write_archive(files[-1], 1500, seed=90 + i)
    store = str(tmp_path / "h.db")
    env = {**os.environ, "HANDREC_STORE": store}
    watcher = HandRecorder(store)
    p = subprocess.Popen([HANDREC, "import", "--jobs", "2", *files], env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 60
    while p.poll() is None and not watcher.hand_ids() and time.monotonic() < deadline:
        time.sleep(0.02)
    p.kill()
    p.wait()
    left = _processes_left_in_session(p.pid)
    assert left == "", f"import processes outlived their parent: {left}"
    again = import_files(HandRecorder(store), files)
    assert again.hands_extended == 0 and again.hands_added + again.already == 6000 and not again.refused


@pytest.mark.slow
def test_many_recorders_opening_a_new_store_at_once(store):
    """The first use makes the tables; recorders that start together must not trip over it."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    code = "import sys; from recorder.application import HandRecorder; HandRecorder(sys.argv[1]).hand_ids()"
    procs = [subprocess.Popen([sys.executable, "-c", code, store], env=env, stderr=subprocess.PIPE, text=True)
             for _ in range(6)]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
