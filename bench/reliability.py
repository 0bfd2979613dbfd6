"""Benchmark: events per second recorded by 1, 2 and 4 concurrent processes, into SQLite and into
PostgreSQL, with the count of conflicts and retries, and the check that nothing was lost; then
each process on hands of its own, timed once every process is ready, and on PostgreSQL beside the
library's recorder that takes no table lock (what the lock that keeps notification order costs).

Each process records its own hands (one transcript of 20 events each, whole) and, after each,
appends a note to one hand that every process shares, retrying when another process changed it
first (a conflict). At the end every expected event must be in the store exactly once. The ratio
printed is each run's rate against the one-process rate of the same store, measured in this run.

    python bench/reliability.py [--hands 60] [--postgres postgresql://USER:PW@HOST:PORT/DB]
    (or HANDREC_BENCH_POSTGRES / HANDREC_TEST_POSTGRES; without one, SQLite only)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse, urlunparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from recorder.application import HandRecorder  # noqa: E402

HEAD = ("dealer S\ndeal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\n"
        "contract 4H by S\n")
PLAY = "".join(f"play {s} {c}\n" for s, c in [("W", "SA"), ("N", "S8"), ("E", "S2"), ("S", "S3")]) + "quit EW\n"
BODY = HEAD + PLAY + "".join(f"play {s} {c}\n" for s, c in [("W", "SK"), ("N", "S9"), ("E", "C9"), ("S", "S4")]) \
    + "quit EW\n" + "".join(f"play {s} {c}\n" for s, c in [("W", "SQ"), ("N", "ST"), ("E", "CT"), ("S", "S5")]) \
    + "quit EW\nclaim S 9\n"  # 20 events with the hand line
EVENTS_A_HAND = 1 + BODY.count("\n")

WORKER = r"""
import sys, time
from recorder.application import HandRecorder
from recorder.errors import StoreError
store, worker, hands, body = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
app = HandRecorder(store)
retries = 0
for n in range(hands):
    app.record(f"hand r{worker}-{n}\n" + body)
    while True:
        try:
            app.add("shared", f"note worker {worker} hand {n}")
            break
        except StoreError:
            retries += 1
            time.sleep(0.001)
print(retries)
"""


def run(store: str, processes: int, hands: int) -> tuple[float, int, int]:
    HandRecorder(store).record("hand shared\n" + HEAD)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    t0 = time.perf_counter()
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, store, str(w), str(hands), BODY], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for w in range(processes)]
    retries = 0
    for p in procs:
        out, err = p.communicate()
        if p.returncode:
            raise SystemExit(f"a worker failed: {err[-400:]}")
        retries += int(out.strip() or 0)
    elapsed = time.perf_counter() - t0
    # Nothing lost, nothing doubled.
    app = HandRecorder(store)
    expected = processes * hands * (EVENTS_A_HAND + 1)
    found = 0
    for w in range(processes):
        for n in range(hands):
            events = app.hand_events(f"r{w}-{n}")
            assert [e.originator_version for e in events] == list(range(1, EVENTS_A_HAND + 1)), (w, n)
            found += len(events)
    notes = [e.line for e in app.hand_events("shared") if e.line.startswith("note")]
    assert sorted(notes) == sorted(f"note worker {w} hand {n}" for w in range(processes) for n in range(hands))
    found += len(notes)
    assert found == expected, (found, expected)
    return expected / elapsed, retries, found


APART = r"""
import sys, time
from recorder.application import HandRecorder
store, worker, hands, body, topic = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
app = HandRecorder(store, env={"APPLICATION_RECORDER_TOPIC": topic} if topic else None)
print("ready", flush=True)
sys.stdin.readline()  # every process started and its store open: the clock runs from here
for n in range(hands):
    app.record(f"hand r{worker}-{n}\n" + body)
"""

# The library's own PostgreSQL recorder, which inserts without locking the events table (and so
# does not keep notification ids in commit order): the reference that shows what the lock costs.
UNLOCKED = "eventsourcing.postgres:PostgresApplicationRecorder"


def run_apart(store: str, processes: int, hands: int, topic: str = "") -> float:
    """Events per second when each process records its own hands only, timed from the moment
    every process is ready (start-up is not what is measured)."""
    HandRecorder(store)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", APART, store, str(w), str(hands), BODY, topic], env=env,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for w in range(processes)]
    for p in procs:
        if p.stdout.readline().strip() != "ready":
            raise SystemExit(f"a worker failed: {p.stderr.read()[-400:]}")
    t0 = time.perf_counter()
    for p in procs:
        p.stdin.write("go\n")
        p.stdin.flush()
    for p in procs:
        _, err = p.communicate()
        if p.returncode:
            raise SystemExit(f"a worker failed: {err[-400:]}")
    elapsed = time.perf_counter() - t0
    app = HandRecorder(store)
    assert sum(len(app.hand_events(f"r{w}-{n}")) for w in range(processes) for n in range(hands)) == \
        processes * hands * EVENTS_A_HAND
    return processes * hands * EVENTS_A_HAND / elapsed


def postgres_store(admin: str):
    import psycopg

    name = f"handrec_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'create database "{name}"')
    return urlunparse(urlparse(admin)._replace(path="/" + name)), name


def drop(admin: str, name: str) -> None:
    import psycopg

    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'drop database if exists "{name}" with (force)')


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=60, help="hands a process, sharing one hand")
    ap.add_argument("--apart", type=int, default=300, help="hands a process, each on its own hands")
    ap.add_argument("--postgres", default=os.environ.get("HANDREC_BENCH_POSTGRES") or os.environ.get("HANDREC_TEST_POSTGRES"))
    args = ap.parse_args()
    stores = ["sqlite"] + (["postgresql"] if args.postgres else [])
    if not args.postgres:
        print("no PostgreSQL server given (--postgres or HANDREC_BENCH_POSTGRES): SQLite only")
    for kind in stores:
        base = None
        for processes in (1, 2, 4):
            with tempfile.TemporaryDirectory() as d:
                if kind == "sqlite":
                    rate, retries, found = run(str(Path(d) / "hands.db"), processes, args.hands)
                else:
                    url, name = postgres_store(args.postgres)
                    try:
                        rate, retries, found = run(url, processes, args.hands)
                    finally:
                        drop(args.postgres, name)
            base = base or rate
            print(f"{kind:<10} {processes} process{'es' if processes > 1 else '  '}  {rate:8.0f} events/s  "
                  f"× {rate / base:4.2f} of one process   {retries:5d} conflicts retried   "
                  f"{found} events, each once: ok", flush=True)
    # Each process on hands of its own (a club's several recorders), start-up not timed; on
    # PostgreSQL also with the library's recorder that takes no table lock, in the same run.
    print(f"each process on its own hands ({args.apart} hands a process), timed once all are ready:")
    for kind in stores:
        for topic in ([""] if kind == "sqlite" else ["", UNLOCKED]):
            base = None
            for processes in (1, 2, 4):
                with tempfile.TemporaryDirectory() as d:
                    if kind == "sqlite":
                        rate = run_apart(str(Path(d) / "hands.db"), processes, args.apart)
                    else:
                        url, name = postgres_store(args.postgres)
                        try:
                            rate = run_apart(url, processes, args.apart, topic)
                        finally:
                            drop(args.postgres, name)
                base = base or rate
                label = kind + (" (no table lock)" if topic else "")
                print(f"{label:<28} {processes} process{'es' if processes > 1 else '  '}  {rate:8.0f} events/s  "
                      f"× {rate / base:4.2f} of one process", flush=True)
    print(f"(this machine has {os.cpu_count()} CPUs: the processes share them)")


if __name__ == "__main__":
    main()
