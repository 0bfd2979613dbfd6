"""Benchmark: the scan with the verdicts on each failure to follow (issue 12, part 1) against the
same scan without them, in one run, on a generated archive, and the scan's peak memory as it goes.

Generates an archive of legal hands with a few revokes (bench/generate_archive.py), in both
rooms of each board, so that every revoke's verdict also looks at the other table (the costliest
rule), imports it (`import --jobs 2`), then scans it twice, each time in a fresh process
(`handrec.scanning.scan_rows`, the way `handrec scan --json` walks the store), with and without the
verdicts, alternating which goes first over `--repeat` runs. Prints hands per second for each, the
ratio (with / without: the verdicts' cost), and the process's peak resident memory after a tenth
of the hands and at the end: flat when the two are close.

    python bench/scan_verdicts.py [--hands 100000] [--revoke-rate 0.01] [--repeat 1]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.generate_archive import games  # noqa: E402


def write_both_rooms(path: str, n: int, revoke_rate: float) -> None:
    """n hands: n/2 boards, each played in the Open and the Closed room (the same deal and play)."""
    with open(path, "w", encoding="utf-8") as f:
        for game in games((n + 1) // 2, seed=9, revoke_rate=revoke_rate):
            for room in ("Open", "Closed"):
                f.write(game.replace('[Board "', f'[Room "{room}"]\n[Board "', 1))
                f.write("\n")


def scan(store: str, verdicts: bool) -> tuple[float, int, int]:
    """In a fresh process: seconds, rows and the process's peak resident memory (KiB)."""
    from handrec.scanning import scan_rows

    rows = 0
    t0 = time.perf_counter()
    with open(os.devnull, "w", encoding="utf-8") as out:
        for row in scan_rows(store, verdicts=verdicts):
            out.write(json.dumps(row, ensure_ascii=False))
            rows += 1
    elapsed = time.perf_counter() - t0
    return elapsed, rows, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def scan_prefix_peak(store: str, verdicts: bool, hands: int) -> int:
    """In a fresh process: the peak resident memory after folding a tenth of the hands."""
    from handrec.scanning import _Hands

    h = _Hands(store)
    for i, hand_id in enumerate(h.ids()):
        if i >= max(1, hands // 10):
            break
        h.rows(hand_id, False, verdicts=verdicts)
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--revoke-rate", type=float, default=0.01)
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    from recorder.application import HandRecorder
    from recorder.importer import import_files

    context = multiprocessing.get_context("spawn")  # each scan in a process of its own, started small
    with tempfile.TemporaryDirectory() as d:
        archive, store = str(Path(d) / "archive.pbn"), str(Path(d) / "hands.db")
        write_both_rooms(archive, args.hands, args.revoke_rate)
        t0 = time.perf_counter()
        report = import_files(HandRecorder(store), [archive], jobs=1)
        print(f"{report.hands_added} hands imported in {time.perf_counter() - t0:.0f} s ({report.summary()})")
        times: dict[bool, list[float]] = {True: [], False: []}
        rows: dict[bool, int] = {}
        peaks: dict[bool, int] = {}
        for i in range(args.repeat):
            for verdicts in ((True, False) if i % 2 == 0 else (False, True)):
                with context.Pool(1) as pool:
                    seconds, n_rows, peak = pool.apply(scan, (store, verdicts))
                times[verdicts].append(seconds)
                rows[verdicts], peaks[verdicts] = n_rows, peak
        with context.Pool(1) as pool:
            early = pool.apply(scan_prefix_peak, (store, True, report.hands_added))
    n = report.hands_added
    with_v, without_v = statistics.median(times[True]), statistics.median(times[False])
    print(f"{n} hands, {rows[True]} revokes found, {os.cpu_count()} CPUs, median of {args.repeat}")
    print(f"  scan without verdicts   {n / without_v:8,.0f} hands/s  ({without_v:7.1f} s)")
    print(f"  scan with verdicts      {n / with_v:8,.0f} hands/s  ({with_v:7.1f} s)   "
          f"ratio with/without {without_v / with_v:5.2f}")
    print(f"  peak memory: {early // 1024} MiB after a tenth of the hands, {peaks[True] // 1024} MiB after all "
          f"(with verdicts), {peaks[False] // 1024} MiB (without)")


if __name__ == "__main__":
    main()
