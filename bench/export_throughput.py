"""Benchmark: the analysis database's export against the import of the same hands (issue 40).

For each set of real archives (../shared/realdata, ../shared/realdata-more, ../shared/realdata-3,
or the folders given): `handrec import FOLDER` into a fresh SQLite store, then `handrec export
DB` of that store into a fresh analysis database, each in one process of its own. Prints, for
each, the boards (import: boards read; export: hands written) per second of wall time and of CPU
time (user + system), the peak resident memory, and the ratio export / import measured in the
same run (above 1: the export is the faster). The aim: the export at least as fast as the import,
its memory flat whatever the size of the set.

The two are run in turn `--repeat` times (import, export, import, export, ...), each into a fresh
file, and the best of each is compared: what another process takes of the machine only ever adds
time, and taking turns gives both the same machine (a single pair, on a machine under load, was
found 30 % apart from one run to the next).

`--instructions` counts instead the instructions each runs (valgrind's callgrind, about fifty
times slower: give it a folder of a few hundred boards): a count no other process changes, where
the times of a machine under load vary from run to run.

    python bench/export_throughput.py [FOLDER ...] [--repeat N] [--keep DIR]
    python bench/export_throughput.py --instructions FOLDER
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HANDREC = Path(sys.executable).parent / "handrec"

# A wrapper whose only child is the measured command: its children's peak memory and CPU are that
# command's.
WRAP = """
import resource, subprocess, sys
p = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(p.stdout, end="")
print(u.ru_maxrss, u.ru_utime + u.ru_stime, file=sys.stderr)
sys.exit(p.returncode)
"""


def run(args: list[str], env: dict[str, str]) -> tuple[float, float, int, str]:
    """Wall seconds, CPU seconds, peak resident memory in MiB, and standard output of one process."""
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-c", WRAP, *args], env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if p.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed: {p.stderr[-500:]}")
    peak_kib, cpu = p.stderr.strip().splitlines()[-1].split()
    return wall, float(cpu), int(peak_kib) // 1024, p.stdout


def said(pattern: str, out: str) -> int:
    """The count a command printed (`pattern`'s group, its thousands separated by commas), 0 if none."""
    m = re.search(pattern, out)
    return int(m.group(1).replace(",", "")) if m else 0


def sets(given: list[str]) -> list[Path]:
    if given:
        return [Path(g) for g in given]
    shared = ROOT.parent / "shared"
    found = [shared / name for name in ("realdata", "realdata-more", "realdata-3") if (shared / name).is_dir()]
    if not found:
        raise SystemExit(f"no real archives in {shared}: give the folders")
    return found


def measure(folder: Path, work: Path, repeat: int) -> None:
    store, db = work / f"{folder.name}.store.db", work / f"{folder.name}.analysis.db"
    env = {**os.environ, "HANDREC_STORE": str(store)}
    imports: list[tuple[float, float, int]] = []
    exports: list[tuple[float, float, int]] = []
    boards = hands = read = 0
    for _ in range(repeat):
        for p in (store, db):
            if p.exists():
                p.unlink()
        wall, cpu, peak, out = run([str(HANDREC), "import", str(folder)], env)
        boards = said(r"([0-9,]+) boards read", out)
        if not boards:
            print(f"{folder.name:<14} the import read no board: {out.strip()[-300:] or 'it printed nothing'}",
                  flush=True)
            return
        imports.append((wall, cpu, peak))
        wall, cpu, peak, out = run([str(HANDREC), "export", str(db)], env)
        written = said(r"([0-9,]+) hands? written", out)
        if not written or (hands and written != hands) or (imports[:-1] and boards != read):
            # (a turn that failed, or did other work than the one before it, is no measure of it)
            raise SystemExit(f"{folder.name}: a turn read {boards} boards and wrote {written} hands, where the "
                             f"turn before read {read} and wrote {hands}: {out.strip()[-300:]}")
        hands, read = written, boards
        exports.append((wall, cpu, peak))
    # (the best wall and the best CPU of each, which may be of different turns; the peak, the highest)
    i_wall, i_cpu, i_peak = min(w for w, _, _ in imports), min(c for _, c, _ in imports), max(p for *_, p in imports)
    e_wall, e_cpu, e_peak = min(w for w, _, _ in exports), min(c for _, c, _ in exports), max(p for *_, p in exports)
    i_rate, e_rate = boards / i_wall, hands / e_wall
    print(f"{folder.name:<14} import {boards:>6} boards {i_rate:6.0f}/s wall {boards / i_cpu:6.0f}/s CPU "
          f"({i_wall:5.1f} s, peak {i_peak:4d} MiB)   export {hands:>6} hands {e_rate:6.0f}/s wall "
          f"{hands / e_cpu:6.0f}/s CPU ({e_wall:5.1f} s, peak {e_peak:4d} MiB)   "
          f"export/import {e_rate / i_rate:4.2f} wall, {(hands / e_cpu) / (boards / i_cpu):4.2f} CPU "
          f"(best of {repeat})", flush=True)


def counted(args: list[str], env: dict[str, str]) -> tuple[int, str]:
    """The instructions one process runs (valgrind's callgrind: its threads' too), and its output."""
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *args], env=env,
                       capture_output=True, text=True)
    m = re.search(r"refs:\s+([0-9,]+)", p.stderr)
    if p.returncode not in (0, 1) or not m:
        raise SystemExit(f"{' '.join(args)} under valgrind failed: {p.stderr[-500:]}")
    return int(m.group(1).replace(",", "")), p.stdout


def count(folder: Path, work: Path) -> None:
    store, db = work / f"{folder.name}.store.db", work / f"{folder.name}.analysis.db"
    for p in (store, db):
        if p.exists():
            p.unlink()
    env = {**os.environ, "HANDREC_STORE": str(store)}
    i_count, out = counted([str(HANDREC), "import", str(folder)], env)
    boards = said(r"([0-9,]+) boards read", out)
    e_count, out = counted([str(HANDREC), "export", str(db)], env)
    hands = said(r"([0-9,]+) hands? written", out)
    if not boards or not hands:
        raise SystemExit(f"{folder}: the import read {boards} boards, the export wrote {hands} hands")
    i_per, e_per = i_count / boards, e_count / hands
    print(f"{folder.name:<14} import {boards:>6} boards {i_per / 1e6:6.2f} M instructions a board   "
          f"export {hands:>6} hands {e_per / 1e6:6.2f} M a hand   export/import {i_per / e_per:4.2f} "
          "(above 1: the export runs fewer)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="*")
    ap.add_argument("--keep", help="a folder to keep the stores and databases in (else a temporary one)")
    ap.add_argument("--repeat", type=int, default=3, help="turns of import and export; the best of each is kept")
    ap.add_argument("--instructions", action="store_true",
                    help="count the instructions each runs (valgrind), not its time")
    args = ap.parse_args()
    if args.repeat < 1:
        ap.error("--repeat is at least 1")
    if args.instructions:
        if not args.folders:
            ap.error("--instructions takes the folders to count over (a few hundred boards: it is slow)")
        with tempfile.TemporaryDirectory() as d:
            for folder in sets(args.folders):
                count(folder, Path(d))
        return
    if args.keep:
        Path(args.keep).mkdir(parents=True, exist_ok=True)
        for folder in sets(args.folders):
            measure(folder, Path(args.keep), args.repeat)
        return
    with tempfile.TemporaryDirectory() as d:
        for folder in sets(args.folders):
            measure(folder, Path(d), args.repeat)


if __name__ == "__main__":
    main()
