"""Benchmark: import throughput against the limit of a plain SQLite insert.

Generates an archive of legal hands (bench/generate_archive.py) and measures, in one run:

- the limit: the import's events, as the rows of the store's table (originator id, version, topic,
  state), inserted with plain `sqlite3` `executemany` in one transaction into a table of the same
  shape;
- storing the same events through eventsourcing, the hands read and checked beforehand, first with
  the library's defaults (its recorder, mapper and transcoder, `Application.save`), then as handrec
  stores them (recorder/persistence.py, `HandRecorder.save_hands`, the import's collector policy);
- the whole import: reading the PBN files, checking every act against the physical facts (the
  aggregate's `Pack`), storing, in one process (each transaction inserted and committed by a
  thread of its own while the next boards are read: recorder/importer.py,
  `BatchSQLiteApplicationRecorder.insert_events_committed_later`) and in `--jobs` processes.

The archive is written as several files (`--files`), as archives are, so that `import --jobs N`
(one process a file) is measured too. Each is measured `--repeat` times, in rounds; prints the
best events per second of each, the range of its runs, and its ratio to the limit's best. The aim
for the whole import in one process is 0.40 (issue 9), for the store alone a third.

    python bench/import_throughput.py [--hands 2000] [--files 8] [--jobs CPUS] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate_archive import write  # noqa: E402
from recorder.application import HandRecorder  # noqa: E402
from formats.files import archive_lines as read_lines  # noqa: E402
from recorder.importer import BATCH, _collector_between_transactions, import_files  # noqa: E402
from formats.pbn import boards  # noqa: E402


def plain_insert(rows: list[tuple], path: str) -> float:
    conn = sqlite3.connect(path)
    conn.execute("pragma journal_mode=wal")
    conn.execute(
        "create table stored_events (originator_id text, originator_version integer, topic text, state blob, "
        "primary key (originator_id, originator_version))"
    )
    t0 = time.perf_counter()
    with conn:
        conn.executemany("insert into stored_events values (?, ?, ?, ?)", rows)
    elapsed = time.perf_counter() - t0
    conn.close()
    return elapsed


def store_alone(path: str, archives: list[str], env: dict[str, str] | None, defaults: bool) -> tuple[float, int]:
    """Seconds to store the archives' hands, read and checked beforehand."""
    app = HandRecorder(path, env=env)
    hands = [app.prepare(b.lines)[0] for archive in archives for b in boards(read_lines(archive), archive)]
    events = sum(len(h.pending_events) for h in hands)
    with _collector_between_transactions():
        t0 = time.perf_counter()
        for i in range(0, len(hands), BATCH):
            if defaults:
                app.save(*hands[i:i + BATCH])  # eventsourcing's own way
            else:
                app.save_hands(hands[i:i + BATCH])
        return time.perf_counter() - t0, events


def whole_import(path: str, archives: list[str], jobs: int) -> tuple[float, int]:
    app = HandRecorder(path)
    t0 = time.perf_counter()
    report = import_files(app, archives, jobs=jobs)
    return time.perf_counter() - t0, report.events_added


# eventsourcing's own recorder, mapper and transcoder (an empty topic is the library's default)
DEFAULTS = {"APPLICATION_RECORDER_TOPIC": "", "MAPPER_TOPIC": "", "TRANSCODER_TOPIC": ""}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--files", type=int, default=8, help="the archive is written as this many files")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for `import --jobs`")
    ap.add_argument("--repeat", type=int, default=3, help="rounds of every measurement; the best of each is reported")
    args = ap.parse_args()
    times: dict[str, list[float]] = {k: [] for k in ("reference", "one", "several", "library", "ours")}
    with tempfile.TemporaryDirectory() as d:
        archives = [str(Path(d) / f"bench-{i + 1}.pbn") for i in range(args.files)]
        for i, archive in enumerate(archives):
            write(archive, args.hands // args.files + (1 if i < args.hands % args.files else 0), seed=11 + i)
        rows: list[tuple] = []
        events = 0
        for r in range(args.repeat):  # (in rounds: a busy moment of the machine falls on every measurement)
            one, events = whole_import(str(Path(d) / f"hands-{r}.db"), archives, jobs=1)
            times["one"].append(one)
            if not rows:  # the same events, as the store holds them, for the reference
                conn = sqlite3.connect(str(Path(d) / f"hands-{r}.db"))
                rows = conn.execute("select originator_id, originator_version, topic, state from stored_events").fetchall()
                conn.close()
                assert len(rows) == events, (len(rows), events)
            times["reference"].append(plain_insert(rows, str(Path(d) / f"plain-{r}.db")))
            several, n0 = whole_import(str(Path(d) / f"jobs-{r}.db"), archives, jobs=args.jobs)
            library, n1 = store_alone(str(Path(d) / f"defaults-{r}.db"), archives, DEFAULTS, defaults=True)
            ours, n2 = store_alone(str(Path(d) / f"ours-{r}.db"), archives, None, defaults=False)
            assert n0 == n1 == n2 == events, (n0, n1, n2, events)
            times["several"].append(several)
            times["library"].append(library)
            times["ours"].append(ours)
    best = {k: min(v) for k, v in times.items()}
    plain = events / best["reference"]

    def line(label: str, key: str, aim: str = "") -> None:
        rate = events / best[key]
        runs = f"{events / max(times[key]):,.0f}-{rate:,.0f}"
        print(f"  {label:<54}{rate:>10,.0f} events/s  ({best[key]:5.2f} s; runs {runs})  ratio {rate / plain:5.3f}{aim}")

    print(f"{args.hands} hands in {args.files} files, {events} events, {os.cpu_count()} CPUs, best of {args.repeat} rounds")
    line("plain sqlite3 executemany, one transaction", "reference")
    print("  storing the import's events (read and checked beforehand):")
    line("  eventsourcing's defaults", "library")
    line("  handrec's store (recorder/persistence.py)", "ours", "   (aim: at least 0.333)")
    print("  the whole import (read PBN, check every act, store):")
    line("  one process", "one", "   (aim, issue 9: at least 0.40)")
    line(f"  import --jobs {args.jobs}", "several")


if __name__ == "__main__":
    main()
