"""Benchmark: the rulings of a hand with many questions, against one with ten times fewer.

A hand whose record holds N "having none?" questions and their answers (after one revoke) is
folded to its last event (`projections.moment.at`, what `handrec rulings` does), for N and 10 N.
Linear work takes about ten times as long for ten times the events; work that looks through every
question at each answer takes about a hundred. Prints the time of each and the ratio of the time
per event (1 is linear).

    python bench/many_questions.py [--questions 2000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from projections.moment import at  # noqa: E402
from projections.events import as_events  # noqa: E402
from recorder.domainmodel import Hand  # noqa: E402
from formats.transcript import parse  # noqa: E402


def hand(questions: int) -> list:
    lines = ["hand many-questions", "dealer S",
             "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432", "contract 4H by S",
             "play W SA", "play N S8", "play E C9"]  # East renounces holding the S2
    for _ in range(questions):
        lines += ["ask W E", "answer E yes"]
    parsed = parse("\n".join(lines))
    h = Hand.open(parsed[0])
    h.record_lines(parsed[1:])
    return as_events(h.collect_events())


def best(events: list, rounds: int = 3) -> float:
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        at(events).rulings()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", type=int, default=2000)
    n = ap.parse_args().questions
    small, large = hand(n), hand(10 * n)
    t_small, t_large = best(small), best(large)
    per_small, per_large = t_small / len(small), t_large / len(large)
    print(f"{len(small):>7} events: {t_small * 1000:8.1f} ms")
    print(f"{len(large):>7} events: {t_large * 1000:8.1f} ms")
    print(f"time per event, the long hand against the short: {per_large / per_small:.2f} (1 is linear; "
          f"looking through every question at each answer would make it about 10)")


if __name__ == "__main__":
    main()
