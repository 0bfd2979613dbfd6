"""Benchmark: how long a director waits for a read command, against Python doing nothing.

A director runs `handrec rulings ID --at N`, `handrec show ID`, `handrec timeline ID` one after
another; each is a new process, so its time is mostly Python's start and the imports. This
records one hand of about 80 events in a temporary SQLite store, then times, interleaved in the
same run, N runs each of `python -c pass` (this interpreter) and the three read commands (the
`handrec` script installed beside this interpreter), and prints their medians and each one's
ratio to `python -c pass` (aim: at most 6). Then the top 10 imports of one command, from
`python -X importtime`.

A director's handrec has its modules compiled once (pip compiles them at install; an editable
install's first run writes them beside the sources), so the commands run here as his do:
without PYTHONDONTWRITEBYTECODE, one round first, untimed, writing what is not compiled yet. With
--compile-each-run they keep the environment's PYTHONDONTWRITEBYTECODE and whatever is not
compiled is compiled again at every run (a fresh clone's sources, in an environment that sets it).

    python bench/startup.py [--repeat 20] [--events 80]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

AIM = 6.0
SEATS = "NESW"
SUITS = "SHDC"
RANKS = "AKQJT98765432"


def _next(seat: str, k: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + k) % 4]


def _beats(card: str, best: str, trump: str) -> bool:
    if card[0] == best[0]:
        return RANKS.index(card[1]) < RANKS.index(best[1])
    return card[0] == trump


def transcript(hand_id: str, n_events: int, seed: int = 7) -> str:
    """A whole hand of about n events (notes pad it, the end is cut): a real deal, play that follows
    suit, each trick quitted by its winners, a revoke corrected after "having none?" in trick 2 and
    one left to be established in trick 4."""
    rng = random.Random(seed)
    pack = [s + r for s in SUITS for r in RANKS]
    rng.shuffle(pack)
    hands = {s: set(pack[i * 13:(i + 1) * 13]) for i, s in enumerate(SEATS)}
    deal = " ".join(".".join("".join(r for r in RANKS if x + r in hands[s]) for x in SUITS) for s in SEATS)
    trump, declarer = "H", "S"
    lines = [f"hand {hand_id}", "dealer N", f"deal N:{deal}", f"contract 4{trump} by {declarer}"]
    leader = _next(declarer)
    for trick in range(1, 14):
        played: list[tuple[str, str]] = []
        revoked = trick not in (2, 4)
        for i in range(4):
            s = _next(leader, i)
            held = sorted(hands[s], key=lambda c: (SUITS.index(c[0]), RANKS.index(c[1])))
            follow = [c for c in held if played and c[0] == played[0][1][0]]
            card = follow[-1] if follow else held[-1]
            others = [c for c in held if c not in follow]
            if follow and others and not revoked:
                revoked = True
                lines.append(f"play {s} {others[-1]}")  # fails to follow suit
                if trick == 2:  # asked, answered, corrected
                    lines += [f"ask {_next(s, 2)} {s}", f"answer {s} yes", f"withdraw {s} {others[-1]}"]
                else:  # left to be established
                    card = others[-1]
                    hands[s].discard(card)
                    played.append((s, card))
                    continue
            hands[s].discard(card)
            played.append((s, card))
            lines.append(f"play {s} {card}")
        winner, best = played[0]
        for s, c in played[1:]:
            if _beats(c, best, trump):
                winner, best = s, c
        lines.append(f"quit {'NS' if winner in 'NS' else 'EW'}")
        leader = winner
    k = 0
    while len(lines) < n_events:
        k += 1
        lines.insert(4 + 9 * k, f"note the director was called ({k})")
    return "\n".join(lines[:n_events]) + "\n"


def median_times(commands: dict[str, list[str]], repeat: int, cwd: str, env: dict[str, str]) -> dict[str, float]:
    """Each command run `repeat` times, the commands interleaved round by round; the median of each."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, argv in commands.items():
            t0 = time.perf_counter()
            subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, check=True)
            times[name].append(time.perf_counter() - t0)
    return {name: statistics.median(t) for name, t in times.items()}


def import_top(argv: list[str], cwd: str, env: dict[str, str], top: int = 10) -> tuple[float, list[tuple[float, float, str]]]:
    """`python -X importtime`: the total of the first-level imports, and the `top` modules by
    cumulative time (ms, self ms, name, indented by depth)."""
    p = subprocess.run([sys.executable, "-X", "importtime", *argv], cwd=cwd, env=env, capture_output=True,
                       text=True, check=True)
    rows = []
    for line in p.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)", line)
        if m:
            rows.append((int(m[2]) / 1e3, int(m[1]) / 1e3, m[3][1:] + m[4]))
    total = sum(cum for cum, _, name in rows if not name.startswith(" "))
    return total, sorted(rows, reverse=True)[:top]


def _compiled(cwd: str, env: dict[str, str]) -> str:
    """Whether the commands' modules were run compiled (handrec.cli's cached bytecode up to date),
    as this interpreter, the `handrec` script's, says after the runs."""
    check = ("import importlib.util, os, sys, handrec.cli as m; "
             "c = importlib.util.cache_from_source(m.__file__); "
             "print(os.path.exists(c) and os.path.getmtime(c) >= os.path.getmtime(m.__file__))")
    cached = subprocess.run([sys.executable, "-c", check], cwd=cwd, env=env, capture_output=True, text=True,
                            check=True).stdout.strip() == "True"
    if cached:
        return "compiled once, their bytecode cached (as an installed handrec's)"
    return ("compiled again at every run (no bytecode cached: PYTHONDONTWRITEBYTECODE set, or the sources' folder "
            "not writable)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--events", type=int, default=80)
    ap.add_argument("--compile-each-run", action="store_true",
                    help="keep PYTHONDONTWRITEBYTECODE from the environment (sources not compiled yet are compiled "
                         "at every run)")
    args = ap.parse_args()
    handrec = str(Path(sys.executable).parent / ("handrec.exe" if os.name == "nt" else "handrec"))
    if not Path(handrec).exists():
        raise SystemExit(f"no handrec script beside {sys.executable}: install handrec in this environment")
    dropped = () if args.compile_each_run else ("PYTHONDONTWRITEBYTECODE",)
    env = {k: v for k, v in os.environ.items() if k != "HANDREC_STORE" and k not in dropped}
    hand_id, at = "startup-bench", args.events // 2
    with tempfile.TemporaryDirectory() as d:
        Path(d, "bench.hand").write_text(transcript(hand_id, args.events), encoding="utf-8")
        subprocess.run([handrec, "record", "bench.hand"], cwd=d, env=env, check=True, stdout=subprocess.DEVNULL)
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            f"handrec rulings {hand_id} --at {at} --json": [handrec, "rulings", hand_id, "--at", str(at), "--json"],
            f"handrec show {hand_id}": [handrec, "show", hand_id],
            f"handrec timeline {hand_id}": [handrec, "timeline", hand_id],
        }
        n = len(subprocess.run([handrec, "timeline", hand_id], cwd=d, env=env, check=True, capture_output=True,
                               text=True).stdout.splitlines())
        median_times(commands, 1, d, env)  # (untimed: what is not compiled yet is compiled, and written)
        medians = median_times(commands, args.repeat, d, env)
        base = medians["python -c pass"]
        print(f"a hand of {args.events} events ({n} timeline lines), SQLite store; median of {args.repeat} runs "
              f"each, interleaved, after one untimed; {sys.executable}")
        print(f"  the modules: {_compiled(d, env)}")
        for name, t in medians.items():
            ratio = t / base
            mark = "" if name.startswith("python") else ("   ok" if ratio <= AIM else f"   over the aim of {AIM:g}")
            print(f"  {name:<44} {t * 1e3:8.1f} ms  {ratio:6.1f} × python -c pass{mark}")
        total, top = import_top([handrec, "rulings", hand_id, "--at", str(at), "--json"], d, env)
        print(f"python -X importtime handrec rulings {hand_id} --at {at} --json: "
              f"{total:.1f} ms of imports in all; the top 10 by cumulative time")
        for cum, own, name in top:
            print(f"  {cum:8.1f} ms  (self {own:6.1f})  {name}")


if __name__ == "__main__":
    main()
