"""Benchmark: how far the one fold of the play is from making `projections.plain` unneeded (issue 21).

The scan asks `projections.plain.played_in_order` of every hand before it folds it: a walk over
the plays that says "the judge finds nothing here" for most archived hands, so that only the
others are folded (`projections.moment.at`, the table and the judge). That walk is a second
path beside the fold; it can go when the fold of a clean hand costs about what the walk does.
This measures, over the same generated hands' events (converted once, read from a store
beforehand), in rounds:

- (p) the walk (`played_in_order`) of every hand;
- (f) the fold (`moment.at`) of every hand, table and judge;
- (t) the table alone (`table.apply` of each event), to show the judge's share;

on an archive of clean hands and on one with a revoke in every hand, and prints the best of each,
the time a card, and the ratio of (f) to (p): the factor by which the fold must still get faster.

    python bench/fold_vs_plain.py [--hands 1000] [--seed 5] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate_archive import write

from projections.events import as_events
from projections.moment import at
from projections.plain import played_in_order
from projections.table import Table, apply
from recorder.application import HandRecorder
from recorder.importer import import_files


def hands_of(archive: str, store: str) -> list:
    app = HandRecorder(store)
    import_files(app, [archive])
    return [as_events(app.hand_events(h)) for h in app.hand_ids()]


def table_only(events: list) -> None:
    table = Table()
    for e in events:
        apply(table, e)


def timed(run, hands: list) -> float:
    t0 = time.perf_counter()
    for events in hands:
        run(events)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    runs = {"p": played_in_order, "f": at, "t": table_only}
    with tempfile.TemporaryDirectory() as d:
        for label, rate in (("clean hands", 0.02), ("a revoke in every hand", 1.0)):
            archive, store = str(Path(d) / f"{rate}.pbn"), str(Path(d) / f"{rate}.db")
            write(archive, args.hands, seed=args.seed, revoke_rate=rate)
            hands = hands_of(archive, store)
            cards = sum(1 for events in hands for e in events if e.kind == "play")
            best = {k: min(timed(run, hands) for _ in range(args.repeat)) for k, run in runs.items()}
            print(f"{len(hands)} {label}, {cards:,} cards, best of {args.repeat}:")
            for k, name in (("p", "the walk (plain.played_in_order)"), ("t", "the table alone (table.apply)"),
                            ("f", "the fold (moment.at: table and judge)")):
                print(f"  ({k}) {name:<40}{best[k]:7.3f} s  {best[k] / cards * 1e6:5.2f} µs a card")
            print(f"  the fold takes {best['f'] / best['p']:.1f} × the walk")


if __name__ == "__main__":
    main()
