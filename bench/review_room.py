"""Benchmark: the review room.

1. The page of an 80-event hand served by `handrec serve` (first byte and the whole HTML, over
   HTTP on this machine), against one fold of the same hand in this process (what
   `handrec rulings` does once the events are read): the aim is under 3x.
2. The hands list of a store of many imported hands (default 10,000; `--hands 100000`), first page
   and a page deep in the store, against the list of a store of 100 hands: the aim is a first page
   independent of the store's size.
3. The size of a `handrec review` file of that hand.

Stepping in the browser is measured by tests/test_review_browser.py (performance.now() over every
event of a long hand).

    python bench/review_room.py [--hands 10000] [--repeat 15]
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.generate_archive import write  # noqa: E402
from bench.play import random_transcript  # noqa: E402
from projections.moment import at  # noqa: E402
from recorder.application import HandRecorder  # noqa: E402
from recorder.importer import import_files  # noqa: E402

HANDREC = str(Path(sys.executable).parent / "handrec")


def long_hand(target: int = 80) -> str:
    """A generated transcript of about `target` events."""
    for seed in range(1000):
        text = random_transcript(random.Random(seed), irregular=0.3)
        if target <= sum(1 for line in text.splitlines() if line.split("#")[0].strip()) <= target + 10:
            return text
    raise SystemExit("no generated hand of that length")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    def __init__(self, store: str):
        self.port = free_port()
        self.proc = subprocess.Popen([HANDREC, "--store", store, "serve", "--port", str(self.port)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.base = f"http://127.0.0.1:{self.port}/"
        for _ in range(200):
            try:
                urllib.request.urlopen(self.base + "static/review.css", timeout=2).read()
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("handrec serve did not start")

    def get(self, path: str) -> tuple[float, float, int]:
        """Seconds to the first byte, to the whole body, and its size."""
        t0 = time.perf_counter()
        with urllib.request.urlopen(self.base + path, timeout=120) as r:
            r.read(1)
            first = time.perf_counter() - t0
            size = 1 + len(r.read())
        return first, time.perf_counter() - t0, size

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def median(xs: list[float]) -> float:
    return statistics.median(xs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=10_000, help="hands in the large store (default 10,000)")
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        # 1. One long hand: the page against one fold.
        store = str(Path(d) / "hands.db")
        app = HandRecorder(store)
        text = long_hand()
        recorded = app.record(text)
        events = app.hand_events(recorded.hand_id)
        folds = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            at(events).rulings()
            folds.append(time.perf_counter() - t0)
        served = Served(store)
        try:
            served.get(f"hands/{recorded.hand_id}")  # warm
            firsts, wholes, size = [], [], 0
            for _ in range(args.repeat):
                first, whole, size = served.get(f"hands/{recorded.hand_id}")
                firsts.append(first)
                wholes.append(whole)
        finally:
            served.stop()
        fold = median(folds)
        print(f"hand page, {len(events)} events ({size // 1024} KiB of HTML), median of {args.repeat}:")
        print(f"  one fold in-process      {fold * 1000:8.1f} ms  1.00")
        print(f"  served, first byte       {median(firsts) * 1000:8.1f} ms  {median(firsts) / fold:5.2f}x the fold")
        print(f"  served, whole page       {median(wholes) * 1000:8.1f} ms  {median(wholes) / fold:5.2f}x the fold")
        out = Path(d) / "review.html"
        subprocess.run([HANDREC, "--store", store, "review", recorded.hand_id, "-o", str(out)], check=True,
                       capture_output=True)
        print(f"  handrec review file      {out.stat().st_size / 1024:8.1f} KiB")

        # 2. The list page: a small store against a large one.
        for n in (100, args.hands):
            big = str(Path(d) / f"store-{n}.db")
            archive = str(Path(d) / f"archive-{n}.pbn")
            write(archive, n, seed=3)
            t0 = time.perf_counter()
            import_files(HandRecorder(big), [archive])
            imported = time.perf_counter() - t0
            served = Served(big)
            try:
                served.get("")
                first_page = median([served.get("")[1] for _ in range(args.repeat)])
                deep = max(1, n // 50 // 2)
                deep_page = median([served.get(f"?page={deep}")[1] for _ in range(max(3, args.repeat // 3))])
                search = median([served.get("?q=zzz-no-such-hand")[1] for _ in range(3)])
            finally:
                served.stop()
            print(f"hands list, a store of {n:,} hands (imported in {imported:.1f} s):")
            print(f"  first page               {first_page * 1000:8.1f} ms")
            print(f"  page {deep:<5} (half way)    {deep_page * 1000:8.1f} ms")
            print(f"  a search that finds none {search * 1000:8.1f} ms  (it reads every hand's opening)")


if __name__ == "__main__":
    main()
