"""Benchmark: a scan against parsing the same hands from text (issue 9 part 4).

Generates an archive of legal hands (bench/generate_archive.py, a few revokes), imports it into a
temporary SQLite store, then measures in one run:

- (a) endplay parsing the archive's PBN text (`endplay.parsers.pbn.loads`), the peer: what it
  costs merely to read the hands (an optional bench dependency, `pip install '.[bench]'`; left out,
  saying so, when it is not installed);
- (b) the fold alone: `projections.moment.at` over every hand's events, read from the store
  beforehand (the conversion to the projection's events included, as `at` does it), and the same
  over events already converted (`as_events`), to show that conversion's share;
- (c) the whole scan as `handrec scan --json` does it (`handrec.scanning.scan_rows`): every
  stored hand's events read over one connection, folded and ruled on (`projections.scan.findings`),
  each row written as JSON; then the same in two processes (`scan --jobs 2`). It runs in a fresh process, started before this one has grown (Linux keeps
  the peak of the process a child was forked from), so that its peak memory (maximum resident
  set size, `resource.getrusage`) is the scan's own; the same process's peak before the scan is
  printed beside it.

Prints hands per second for each, and the ratios of (b) and (c) to (a): above 1, faster than
parsing the text.

    python bench/scan_speed.py [--hands 2000] [--seed 5]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate_archive import write

from projections.moment import at
from projections.table import as_events
from recorder.application import HandRecorder
from recorder.importer import import_files


def endplay_parse(archive: str, n: int) -> float | None:
    """Seconds for endplay to parse the archive's text, or None when endplay is not installed."""
    try:
        from endplay.parsers import pbn
    except ImportError:
        return None
    with open(archive, encoding="utf-8") as f:
        text = f.read().replace(" ^R", "")  # endplay does not read the irregularity token ^R
    t0 = time.perf_counter()
    boards = pbn.loads(text)
    elapsed = time.perf_counter() - t0
    if len(boards) != n:
        raise SystemExit(f"endplay read {len(boards)} of {n} hands")
    return elapsed


def fold_only(store: str) -> tuple[float, float, int]:
    """Seconds to fold every hand's events read beforehand: from the stored events, and from the
    projection's events; and how many hands."""
    app = HandRecorder(store)
    stored = [app.hand_events(hand_id) for hand_id in app.hand_ids()]
    t0 = time.perf_counter()
    for events in stored:
        at(events)
    from_stored = time.perf_counter() - t0
    converted = [as_events(events) for events in stored]
    t0 = time.perf_counter()
    for events in converted:
        at(events)
    from_events = time.perf_counter() - t0
    return from_stored, from_events, len(stored)


def peak_kib() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def whole_scan(store: str, jobs: int = 1) -> tuple[float, int, int, int]:
    """In a fresh process: seconds for the scan as `handrec scan --json` does it, the hands, the
    rows found and the process's peak resident memory in KiB."""
    import json

    from handrec.scanning import scan_rows
    from recorder.store import Store

    t0 = time.perf_counter()
    rows = 0
    with open(os.devnull, "w", encoding="utf-8") as out:
        for row in scan_rows(store, jobs=jobs):
            out.write(json.dumps(row, ensure_ascii=False))
            rows += 1
    elapsed = time.perf_counter() - t0
    with Store.parse(store).reader() as reader:
        hands = sum(1 for _ in reader.hand_ids())
    return elapsed, hands, rows, peak_kib()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    n = args.hands
    with tempfile.TemporaryDirectory() as d, multiprocessing.get_context("spawn").Pool(1) as pool:
        idle_kib = pool.apply(peak_kib)  # the scan's process, started while this one is small
        archive, store = str(Path(d) / "archive.pbn"), str(Path(d) / "hands.db")
        write(archive, n, seed=args.seed)
        report = import_files(HandRecorder(store), [archive])
        if report.hands_added != n:
            raise SystemExit(f"the import did not store every hand: {report.summary()}")
        parsed = endplay_parse(archive, n)
        from_stored, from_events, folded = fold_only(store)
        scanned, hands, rows, scan_kib = pool.apply(whole_scan, (store,))
        scanned_2, _, rows_2, _ = whole_scan(store, 2)
        if rows_2 != rows:
            raise SystemExit(f"scan --jobs 2 found {rows_2} rows, one process {rows}")
    if folded != n or hands != n:
        raise SystemExit(f"{n} hands generated, {folded} folded, {hands} scanned")

    def rate(seconds: float) -> float:
        return n / seconds

    def ratio(seconds: float) -> str:
        return f"   ratio to (a) {rate(seconds) / rate(parsed):5.2f}" if parsed else ""

    print(f"{n} hands (seed {args.seed}), {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")
    if parsed is None:
        print("  (a) endplay parse of the PBN text: endplay is not installed (pip install '.[bench]'), "
              "left out, and no ratios")
    else:
        print(f"  (a) endplay parse of the PBN text          {rate(parsed):8,.0f} hands/s  ({parsed:6.2f} s)")
    print(f"  (b) the fold alone (moment.at, events read) {rate(from_stored):8,.0f} hands/s  ({from_stored:6.2f} s)"
          f"{ratio(from_stored)}")
    print(f"      ... over events already converted        {rate(from_events):8,.0f} hands/s  ({from_events:6.2f} s)"
          f"{ratio(from_events)}")
    print(f"  (c) the whole scan (scan --json's way)       {rate(scanned):8,.0f} hands/s  ({scanned:6.2f} s)"
          f"{ratio(scanned)}   peak {scan_kib // 1024} MiB ({idle_kib // 1024} MiB before it), {rows} revokes")
    print(f"      ... in two processes (scan --jobs 2)     {rate(scanned_2):8,.0f} hands/s  ({scanned_2:6.2f} s)"
          f"{ratio(scanned_2)}")


if __name__ == "__main__":
    main()
