"""Benchmark: an archive's import into PostgreSQL against the same import into SQLite, in one run.

Generates an archive of legal hands (bench/generate_archive.py), imports it in one process into a
new SQLite file and into a new PostgreSQL database, three times each, alternating, and prints the
median of each and the ratio PostgreSQL / SQLite (the aim: at most 1.5).

    python bench/import_postgres.py [--hands 2000] [--postgres postgresql://USER:PW@HOST:PORT/DB]
    (or HANDREC_BENCH_POSTGRES / HANDREC_TEST_POSTGRES)
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.generate_archive import write  # noqa: E402
from bench.reliability import drop, postgres_store  # noqa: E402
from recorder.application import HandRecorder  # noqa: E402
from recorder.importer import import_files  # noqa: E402


def timed_import(store: str, archive: str) -> tuple[float, int]:
    app = HandRecorder(store)
    t0 = time.perf_counter()
    report = import_files(app, [archive])
    elapsed = time.perf_counter() - t0
    assert not report.refused, report.refused[:3]
    return elapsed, report.events_added


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--postgres", default=os.environ.get("HANDREC_BENCH_POSTGRES") or os.environ.get("HANDREC_TEST_POSTGRES"))
    args = ap.parse_args()
    if not args.postgres:
        raise SystemExit("no PostgreSQL server given (--postgres or HANDREC_BENCH_POSTGRES)")
    with tempfile.TemporaryDirectory() as d:
        archive = str(Path(d) / "archive.pbn")
        write(archive, args.hands, seed=7)
        sqlite_times, pg_times = [], []
        for i in range(args.repeat):
            seconds, events = timed_import(str(Path(d) / f"hands-{i}.db"), archive)
            sqlite_times.append(seconds)
            url, name = postgres_store(args.postgres)
            try:
                seconds, pg_events = timed_import(url, archive)
            finally:
                drop(args.postgres, name)
            assert pg_events == events
            pg_times.append(seconds)
        s, p = statistics.median(sqlite_times), statistics.median(pg_times)
        print(f"{args.hands} hands, {events} events, one process, median of {args.repeat}")
        print(f"sqlite      {s:6.2f} s  {events / s:8.0f} events/s")
        print(f"postgresql  {p:6.2f} s  {events / p:8.0f} events/s   × {p / s:4.2f} the time of SQLite (aim: ≤ 1.5)")


if __name__ == "__main__":
    main()
