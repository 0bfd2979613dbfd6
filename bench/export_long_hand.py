"""Benchmark: `handrec export` of one long hand, against its length (issue 13 item 5).

A hand of N events (the hand, dealer, deal and contract lines, then notes and inspections in
turn) is recorded into a new SQLite store, then exported by the installed command into a new
analysis database; the export's wall time is printed for each N. Before the export rebuilt each
hand once per run it rebuilt it once per batch of 500 events: the time grew with N².

    python bench/export_long_hand.py [--events 5000 10000 20000 100000] [--batch 500] [--handrec CMD]

(--handrec: the command to measure, by default the installed `handrec` beside this Python.)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HANDREC = str(Path(sys.executable).with_name("handrec"))
HEAD = ["dealer S", "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432",
        "contract 4H by S"]
CYCLE = ["note remark {i}", "inspect"]


def long_hand(n: int) -> str:
    lines = [f"hand long-{n}", *HEAD]
    lines += [CYCLE[i % len(CYCLE)].format(i=i) for i in range(n - len(lines))]
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, nargs="+", default=[5_000, 10_000, 20_000, 100_000])
    ap.add_argument("--batch", type=int, default=500)
    ap.add_argument("--handrec", default=HANDREC)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        for n in args.events:
            transcript = Path(d) / f"long-{n}.hand"
            transcript.write_text(long_hand(n))
            env = {**os.environ, "HANDREC_STORE": str(Path(d) / f"store-{n}.db")}
            t0 = time.perf_counter()
            subprocess.run([args.handrec, "record", str(transcript)], env=env, check=True, capture_output=True)
            recorded = time.perf_counter() - t0
            t0 = time.perf_counter()
            out = subprocess.run([args.handrec, "export", str(Path(d) / f"analysis-{n}.db"), "--batch", str(args.batch)],
                                 env=env, check=True, capture_output=True, text=True).stdout.strip()
            exported = time.perf_counter() - t0
            print(f"{n:>7} events: recorded in {recorded:6.1f} s, exported in {exported:6.1f} s  ({out})", flush=True)


if __name__ == "__main__":
    main()
