"""Benchmark: import and scan of generated archives of 1,000, 10,000 and 100,000 hands.

For each size: the archive is generated (bench/generate_archive.py), imported into a fresh SQLite
store by `handrec import`, then scanned by `handrec scan --json`, each in its own process, and the
hands per second and the peak memory (maximum resident set size) of each process are printed.
Memory that stays flat from 1,000 to 100,000 hands shows the import and the scan stream.
As a peer, the same archive is parsed by `endplay` (an optional bench dependency:
`pip install endplay`), in its own process too.

    python bench/archive_scale.py [--sizes 1000 10000 100000]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HANDREC = Path(sys.executable).parent / "handrec"

ENDPLAY = """
import sys
from endplay.parsers import pbn
with open(sys.argv[1]) as f:
    boards = pbn.load(f)
print(len(boards))
"""  # endplay does not read the irregularity token ^R: it gets a copy of the archive without them


# A wrapper whose only child is the measured command, so that its children's peak is that command's.
WRAP = """
import resource, subprocess, sys
p = subprocess.run(sys.argv[1:])
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
sys.exit(p.returncode)
"""


def run(args: list[str], env: dict[str, str]) -> tuple[float, int, str]:
    """Seconds, peak resident memory in MiB, and standard output of one child process."""
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-c", WRAP, *args], env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - t0
    if p.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed: {p.stderr[-500:]}")
    peak_kib = int(p.stderr.strip().splitlines()[-1])
    return elapsed, peak_kib // 1024, p.stdout


def measure(n: int, with_endplay: bool) -> None:
    with tempfile.TemporaryDirectory() as d:
        archive = str(Path(d) / "archive.pbn")
        subprocess.run([sys.executable, str(ROOT / "bench" / "generate_archive.py"), archive, "--hands", str(n),
                        "--seed", "5"], check=True, capture_output=True)
        env = {**os.environ, "HANDREC_STORE": str(Path(d) / "hands.db")}
        t_import, m_import, out = run([str(HANDREC), "import", archive], env)
        t_scan, m_scan, scanned = run([str(HANDREC), "scan", "--json"], env)
        revokes = scanned.count('"hand"')
        line = (f"{n:>7} hands  import {n / t_import:7.0f} hands/s ({t_import:6.1f} s, peak {m_import:4d} MiB)   "
                f"scan {n / t_scan:7.0f} hands/s ({t_scan:6.1f} s, peak {m_scan:4d} MiB, {revokes} revokes)")
        if with_endplay:
            plain = str(Path(d) / "plain.pbn")
            with open(archive) as src, open(plain, "w") as dst:
                for text in src:
                    dst.write(text.replace(" ^R", ""))
            t_ep, m_ep, parsed = run([sys.executable, "-c", ENDPLAY, plain], env)
            if parsed.strip() != str(n):
                raise SystemExit(f"endplay read {parsed.strip() or 'nothing'} of {n} hands")
            line += f"   endplay parse {n / t_ep:7.0f} hands/s ({t_ep:6.1f} s, peak {m_ep:4d} MiB)"
        print(line, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    args = ap.parse_args()
    try:
        import endplay  # noqa: F401
        with_endplay = True
    except ImportError:
        with_endplay = False
        print("endplay is not installed (pip install endplay): the peer is left out")
    for n in args.sizes:
        measure(n, with_endplay)


if __name__ == "__main__":
    main()
