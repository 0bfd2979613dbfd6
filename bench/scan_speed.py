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

- (d) the scan of an archive of as many hands, each holding a revoke, beside endplay's parse of
  it (a'): the scan folds every hand there (`projections.plain` vouches for none) and weighs each
  revoke's evidence, where in (c) most hands are played in order and are not folded.

Each is measured `--repeat` times, in rounds (a busy moment of the machine falls on all alike);
prints the best rate of each with the range of its runs, and the ratios of (b), (c) to (a) and of
(d) to (a'): above 1, faster than parsing the text.

`--instructions` counts instead the machine instructions of (a), (c), (a') and (d), each in a
process of its own (the text read and parsed by endplay; the scan as `whole_scan` makes it), with
valgrind's callgrind (about fifty times slower than the clock: `--hands 500` takes minutes): a
figure no other work on the machine changes, where the times of a loaded machine vary by half
from run to run. Each is counted twice, the process doing its work and the same process stopping
before it, its modules imported: the difference is the work as the clock's figures measure it,
the whole process the start-up included. Prints the instructions a hand and the same ratios
(above 1: the scan runs fewer).

    python bench/scan_speed.py [--hands 2000] [--seed 5] [--repeat 3]
    python bench/scan_speed.py --instructions [--hands 2000] [--seed 5]
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

from export_throughput import counted
from generate_archive import write

from projections.moment import at
from projections.events import as_events
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


# (a) and (a') in a process of their own: the text read, then parsed by endplay when asked to.
ENDPLAY_PARSE = """
import sys
from endplay.parsers import pbn
with open(sys.argv[1], encoding="utf-8") as f:
    text = f.read()
print(len(pbn.loads(text)) if sys.argv[2] == "1" else 0)
"""

# (c) and (d) as `handrec scan --json` does them (`whole_scan`), in a process of their own: the
# modules imported, then the scan made when asked to.
SCAN = """
import json, os, sys
from handrec.scanning import scan_rows
rows = 0
if sys.argv[2] == "1":
    with open(os.devnull, "w", encoding="utf-8") as out:
        for row in scan_rows(sys.argv[1]):
            out.write(json.dumps(row, ensure_ascii=False))
            rows += 1
print(rows)
"""


def instructions(n: int, seed: int) -> None:
    """(a), (c), (a') and (d), each in a process of its own, their instructions counted (valgrind):
    the whole process, and the work alone (the same process less one that stops before the work,
    its modules imported)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    whole: dict[str, int] = {}
    work: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as d:
        for key, rate in (("", 0.0), ("'", 1.0)):
            archive, store = str(Path(d) / f"archive{rate}.pbn"), str(Path(d) / f"hands{rate}.db")
            write(archive, n, seed=seed, **({"revoke_rate": rate} if rate else {}))
            report = import_files(HandRecorder(store), [archive])
            if report.hands_added != n:
                raise SystemExit(f"the import did not store every hand: {report.summary()}")
            text = Path(archive).read_text(encoding="utf-8").replace(" ^R", "")  # (endplay does not read ^R)
            plain = Path(d) / f"endplay{rate}.pbn"
            plain.write_text(text, encoding="utf-8")
            for what, script, path in (("a", ENDPLAY_PARSE, str(plain)), ("c", SCAN, store)):
                idle, _ = counted([sys.executable, "-c", script, path, "0"], env)
                whole[what + key], said = counted([sys.executable, "-c", script, path, "1"], env)
                work[what + key] = whole[what + key] - idle
                if what == "a" and said.strip() != str(n):
                    raise SystemExit(f"endplay read {said.strip()} of {n} hands")
    print(f"{n} hands (seed {seed}), Python {sys.version.split()[0]}, machine instructions (valgrind), "
          "each in a process of its own: the work alone (the process less the same stopped before it, "
          "as the clock's figures above measure it) and the whole process")
    for label, key, peer in (("(a) endplay parse of the PBN text", "a", ""),
                             ("(c) the whole scan (scan --json's way)", "c", "a"),
                             ("(a') endplay parse, a revoke in every hand", "a'", ""),
                             ("(d) the scan, a revoke in every hand", "c'", "a'")):
        ratios = f"   ratio to ({peer}) {work[peer] / work[key]:5.3f}, whole {whole[peer] / whole[key]:5.3f}" \
            if peer else ""
        print(f"  {label:<46}{work[key] / n / 1e6:7.3f} M a hand, whole process {whole[key] / 1e9:6.3f} G{ratios}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3, help="rounds of every measurement; the best of each is reported")
    ap.add_argument("--instructions", action="store_true",
                    help="count the instructions of each, a process of its own (valgrind), not its time")
    args = ap.parse_args()
    n = args.hands
    if args.instructions:
        instructions(n, args.seed)
        return
    times: dict[str, list[float]] = {k: [] for k in ("a", "b", "b2", "c", "c2", "d", "da")}
    with tempfile.TemporaryDirectory() as d, multiprocessing.get_context("spawn").Pool(1) as pool:
        idle_kib = pool.apply(peak_kib)  # the scan's process, started while this one is small
        archive, store = str(Path(d) / "archive.pbn"), str(Path(d) / "hands.db")
        revoking, revoking_store = str(Path(d) / "revokes.pbn"), str(Path(d) / "revokes.db")
        write(archive, n, seed=args.seed)
        write(revoking, n, seed=args.seed, revoke_rate=1.0)
        for path, db in ((archive, store), (revoking, revoking_store)):
            report = import_files(HandRecorder(db), [path])
            if report.hands_added != n:
                raise SystemExit(f"the import did not store every hand: {report.summary()}")
        rows = rows_2 = revokes = 0
        scan_kib = 0
        for _ in range(args.repeat):  # (in rounds: a busy moment of the machine falls on every measurement)
            parsed = endplay_parse(archive, n)
            if parsed is not None:
                times["a"].append(parsed)
                times["da"].append(endplay_parse(revoking, n))  # type: ignore[arg-type]
            from_stored, from_events, folded = fold_only(store)
            times["b"].append(from_stored)
            times["b2"].append(from_events)
            scanned, hands, rows, scan_kib = pool.apply(whole_scan, (store,))
            times["c"].append(scanned)
            scanned_2, _, rows_2, _ = whole_scan(store, 2)
            times["c2"].append(scanned_2)
            every, _, revokes, _ = whole_scan(revoking_store)
            times["d"].append(every)
            if rows_2 != rows:
                raise SystemExit(f"scan --jobs 2 found {rows_2} rows, one process {rows}")
            if folded != n or hands != n:
                raise SystemExit(f"{n} hands generated, {folded} folded, {hands} scanned")
    best = {k: min(v) for k, v in times.items() if v}

    def rate(seconds: float) -> float:
        return n / seconds

    def line(label: str, key: str, peer: str = "a", tail: str = "") -> None:
        spread = f"{rate(max(times[key])):,.0f}-{rate(min(times[key])):,.0f}"
        ratio = f"   ratio to ({peer}) {best[peer] / best[key]:5.2f}" if peer in best else ""
        print(f"  {label:<46}{rate(best[key]):8,.0f} hands/s  ({best[key]:6.2f} s; runs {spread}){ratio}{tail}")

    print(f"{n} hands (seed {args.seed}), {os.cpu_count()} CPUs, Python {sys.version.split()[0]}, "
          f"best of {args.repeat} rounds")
    if "a" not in best:
        print("  (a) endplay parse of the PBN text: endplay is not installed (pip install '.[bench]'), "
              "left out, and no ratios")
    else:
        line("(a) endplay parse of the PBN text", "a", peer="")
    line("(b) the fold alone (moment.at, events read)", "b")
    line("    ... over events already converted", "b2")
    line("(c) the whole scan (scan --json's way)", "c",
         tail=f"   peak {scan_kib // 1024} MiB ({idle_kib // 1024} MiB before it), {rows} revokes")
    line("    ... in two processes (scan --jobs 2)", "c2")
    if "da" in best:
        line("(a') endplay parse, a revoke in every hand", "da", peer="")
    line("(d) the scan, a revoke in every hand", "d", peer="da", tail=f"   {revokes} revokes")


if __name__ == "__main__":
    main()
