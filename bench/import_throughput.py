"""Benchmark: import throughput against the limit of a plain SQLite insert.

Generates an archive of legal hands (bench/generate_archive.py) and measures, in one run:

- the limit: the import's events, as the rows of the store's table (originator id, version, topic,
  state), inserted with plain `sqlite3` `executemany` in one transaction into a table of the same
  shape;
- storing the same events through eventsourcing, the hands read and checked beforehand, first with
  the library's defaults (its recorder, mapper and transcoder, `Application.save`), then as handrec
  stores them (recorder/persistence.py, `HandRecorder.save_hands`, the import's collector policy);
- the whole import: reading the PBN file, checking every act on the Hand aggregate, storing.

Prints events per second and each one's ratio to the limit; the aim is a third.

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


def store_alone(path: str, archive: str, env: dict[str, str] | None, defaults: bool) -> tuple[float, int]:
    """Seconds to store the archive's hands, read and checked beforehand."""
    app = HandRecorder(path, env=env)
    hands = [app.prepare(b.lines)[0] for b in boards(read_lines(archive), archive)]
    events = sum(len(h.pending_events) for h in hands)
    with _collector_between_transactions():
        t0 = time.perf_counter()
        for i in range(0, len(hands), BATCH):
            if defaults:
                app.save(*hands[i:i + BATCH])  # eventsourcing's own way
            else:
                app.save_hands(hands[i:i + BATCH])
        return time.perf_counter() - t0, events


# eventsourcing's own recorder, mapper and transcoder (an empty topic is the library's default)
DEFAULTS = {"APPLICATION_RECORDER_TOPIC": "", "MAPPER_TOPIC": "", "TRANSCODER_TOPIC": ""}


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
        whole = time.perf_counter() - t0
        events = report.events_added
        # The same events, as the store holds them, for the reference.
        conn = sqlite3.connect(str(Path(d) / "hands.db"))
        rows = conn.execute("select originator_id, originator_version, topic, state from stored_events").fetchall()
        conn.close()
        assert len(rows) == events, (len(rows), events)
        reference = plain_insert(rows, str(Path(d) / "plain.db"))
        library, n1 = store_alone(str(Path(d) / "defaults.db"), archive, DEFAULTS, defaults=True)
        ours, n2 = store_alone(str(Path(d) / "ours.db"), archive, None, defaults=False)
        assert n1 == n2 == events, (n1, n2, events)
    plain = events / reference

    def line(label: str, seconds: float, aim: str = "") -> None:
        rate = events / seconds
        print(f"  {label:<52}{rate:>10,.0f} events/s  ({seconds:5.2f} s)  ratio {rate / plain:5.3f}{aim}")

    print(f"{args.hands} hands, {events} events")
    line("plain sqlite3 executemany, one transaction", reference)
    print("  storing the import's events (read and checked beforehand):")
    line("  eventsourcing's defaults", library)
    line("  handrec's store (recorder/persistence.py)", ours, "   (aim: at least 0.333)")
    line("the whole import (read PBN, check every act, store)", whole)


if __name__ == "__main__":
    main()
