"""Benchmark: the whole timeline of an 80-event hand against one plain reload of it.

The timeline rules at every event; it must cost one fold of the hand, not one reload per event.
Printed: the time of one plain reload (the Hand aggregate from the SQLite store), of the whole
timeline (the events read once, folded once, rulings rendered after each event), of the naive
way (a reload and a fresh fold for each event), and their ratios, all measured in this run.

    python bench/timeline.py [--events 80] [--repeat 30]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from play import random_transcript  # noqa: E402
from projections.moment import rulings_at  # noqa: E402
from projections.timeline import timeline  # noqa: E402
from recorder.application import HandRecorder  # noqa: E402


def hand_of(n_events: int) -> str:
    """A random irregular hand cut to exactly n events (searching seeds until one is long enough)."""
    for seed in range(10_000):
        text = random_transcript(random.Random(seed), hand_id="bench", irregular=0.25)
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) >= n_events:
            return "\n".join(lines[:n_events]) + "\n"
    raise SystemExit(f"no random hand reaches {n_events} events")


def best(f, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=80)
    ap.add_argument("--repeat", type=int, default=30)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        app = HandRecorder(str(Path(d) / "bench.db"))
        app.record(hand_of(args.events))
        n = len(app.hand_events("bench"))
        reload = best(lambda: app.hand("bench"), args.repeat)
        whole = best(lambda: timeline(app.hand_events("bench")), args.repeat)
        naive = best(lambda: [rulings_at(app.hand_events("bench"), k) for k in range(1, n + 1)], max(3, args.repeat // 10))
        revokes = len(rulings_at(app.hand_events("bench"))["revokes"])
    print(f"hand of {n} events ({revokes} revokes), median of {args.repeat} runs")
    print(f"  one plain reload (Hand from SQLite)   {reload * 1e3:8.2f} ms")
    print(f"  whole timeline (one read, one fold)   {whole * 1e3:8.2f} ms   = {whole / reload:5.1f} × one reload")
    print(f"  naive: reload + fold at every event   {naive * 1e3:8.2f} ms   = {naive / reload:5.1f} × one reload")
    print(f"  timeline / naive                      {whole / naive:8.3f}")


if __name__ == "__main__":
    main()
