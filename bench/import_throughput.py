"""Benchmark: import throughput against the limit of a plain SQLite insert.

Generates an archive of legal hands (bench/generate_archive.py), imports it into a fresh SQLite
store with `handrec`'s importer, then inserts the same events, as rows of the same shape as the
store's table (originator id, version, topic, state), with plain `sqlite3` `executemany` in one
transaction. Prints events per second for both and their ratio, measured in the same run.

    python bench/import_throughput.py [--hands 2000]
"""

from __future__ import annotations

import argparse
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
from recorder.importer import BATCH, _collector_between_transactions, import_files, read_lines  # noqa: E402
from recorder.pbn import boards  # noqa: E402


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        archive = str(Path(d) / "bench.pbn")
        write(archive, args.hands, seed=11)
        app = HandRecorder(str(Path(d) / "hands.db"))
        t0 = time.perf_counter()
        report = import_files(app, [archive])
        elapsed = time.perf_counter() - t0
        events = report.events_added
        # The same events, as the store holds them, for the reference.
        conn = sqlite3.connect(str(Path(d) / "hands.db"))
        rows = conn.execute("select originator_id, originator_version, topic, state from stored_events").fetchall()
        conn.close()
        assert len(rows) == events, (len(rows), events)
        reference = plain_insert(rows, str(Path(d) / "plain.db"))
        # The store's part alone: the same boards read and checked first, then only saved.
        app2 = HandRecorder(str(Path(d) / "store-only.db"))
        hands = [app2.prepare(b.lines)[0] for b in boards(read_lines(archive), archive)]
        with _collector_between_transactions():  # as the import saves them
            t0 = time.perf_counter()
            for i in range(0, len(hands), BATCH):
                app2.save_hands(hands[i:i + BATCH])
            saving = time.perf_counter() - t0
    ours, plain, store = events / elapsed, events / reference, events / saving
    print(f"{args.hands} hands, {events} events")
    print(f"  handrec import (read PBN, check, store)   {ours:10.0f} events/s   ({elapsed:.2f} s)")
    print(f"  of which the store alone (eventsourcing) {store:10.0f} events/s   ({saving:.2f} s)")
    print(f"  plain sqlite3 executemany, one commit    {plain:10.0f} events/s   ({reference:.2f} s)")
    print(f"  ratio, import / plain                     {ours / plain:10.3f}   (aim: at least 0.333)")
    print(f"  ratio, store alone / plain                {store / plain:10.3f}")


if __name__ == "__main__":
    main()
