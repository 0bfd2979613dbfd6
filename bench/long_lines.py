"""Benchmark: peak memory, time and the size of what is said, on files with one very long line.

Each case is a file written in a temporary folder and given to the installed command in its own
process (`handrec import`, or `handrec record` for a transcript), in that folder, with a fresh
SQLite store; its peak resident memory is read with os.wait4, its time with the wall clock, and
the bytes it wrote to standard error are counted. The cases are those of issue 13 item 4:

- pbn-play: a PBN game whose play section is one line of SIZE MB of cards, then a legal game;
- pbn-tag: a PBN game whose [Event] tag value is SIZE MB long, then a legal game;
- lin-line: a LIN file whose one board is a line of SIZE MB of pc| pairs, then a legal board;
- hand-line: a transcript with a line of SIZE MB ('play W SA SA ...');
- hand-note: a transcript with a note of 2 x SIZE MB.

    python -m bench.long_lines [--size 50] [--cases pbn-play pbn-tag ...]

Run from outside the repository, the command is the one installed; with PYTHONPATH set to another
checkout (an older version), that one is measured.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEAL = "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"
GOOD_PBN = (f'[Event "after"]\n[Board "2"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n'
            '[Declarer "S"]\n[Contract "4H"]\n[Result "10"]\n\n')
GOOD_LIN = "pn|s,w,n,e|st||md|3S76543HAKQJTD76C5,SAKQJH32D5432C432,ST98H9876DT98C876,|ah|Board 2|mb|p|mb|p|mb|p|mb|p|\n"


def _fill(f, size: int, unit: str) -> None:
    """About `size` bytes of whole units, written a MB at a time (this process stays small: a
    child's peak memory as the kernel counts it starts from its parent's at the fork)."""
    n = max(1, size // len(unit))
    chunk = 1_000_000 // len(unit)
    while n > 0:
        f.write((unit * min(n, chunk)).encode())
        n -= chunk


def write_case(case: str, folder: Path, size: int) -> tuple[Path, str]:
    """The file of a case, and the command that reads it."""
    if case == "pbn-play":
        path = folder / "play.pbn"
        with open(path, "wb") as f:
            f.write(f'[Event "long"]\n[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n'
                    '[Contract "4H"]\n[Play "W"]\n'.encode())
            _fill(f, size, "SA HK D2 C3 ")
            f.write(b"\n\n" + GOOD_PBN.encode())
        return path, "import"
    if case == "pbn-tag":
        path = folder / "tag.pbn"
        with open(path, "wb") as f:
            f.write(b'[Event "')
            _fill(f, size, "x")
            f.write(b'"]\n')
            f.write(f'[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n\n'.encode() + GOOD_PBN.encode())
        return path, "import"
    if case == "lin-line":
        path = folder / "line.lin"
        with open(path, "wb") as f:
            f.write(b"pn|s,w,n,e|st||md|3S76543HAKQJTD76C5,SAKQJH32D5432C432,ST98H9876DT98C876,|ah|Board 1|"
                    b"mb|p|mb|p|mb|4H|mb|p|mb|p|mb|p|")
            _fill(f, size, "pc|SA|")
            f.write(b"\n" + GOOD_LIN.encode())
        return path, "import"
    if case == "hand-line":
        path = folder / "line.hand"
        with open(path, "wb") as f:
            f.write(f"hand long-line\ndealer N\ndeal {DEAL}\ncontract 4H by S\nplay W ".encode())
            _fill(f, size, "SA ")
            f.write(b"\n")
        return path, "record"
    if case == "hand-note":
        path = folder / "note.hand"
        with open(path, "wb") as f:
            f.write(b"hand long-note\nnote ")
            _fill(f, 2 * size, "word ")
            f.write(b"\n")
        return path, "record"
    raise ValueError(case)


WRAP = """
import resource, subprocess, sys
code = subprocess.run(sys.argv[1:]).returncode
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
sys.exit(code)
"""

CASES = ("pbn-play", "pbn-tag", "lin-line", "hand-line", "hand-note")


def measure(case: str, size: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path, command = write_case(case, folder, size)
        # Through a small wrapper, whose only child is the measured command: its children's peak is
        # that command's own, whatever this process holds.
        argv = [sys.executable, "-c", WRAP, sys.executable, "-m", "handrec.cli", "--store", str(folder / "h.db"),
                command, str(path)]
        start = time.perf_counter()
        with open(folder / "out", "wb") as out, open(folder / "err", "wb") as err:
            p = subprocess.Popen(argv, cwd=folder, stdout=out, stderr=err)
            _, status, _ = os.wait4(p.pid, 0)
        seconds = time.perf_counter() - start
        err_text = (folder / "err").read_bytes()
        err_text, _, peak = err_text.rstrip(b"\n").rpartition(b"\n") if b"\n" in err_text.rstrip(b"\n") else (b"", b"", err_text)
        if err_text:
            err_text += b"\n"
        out_text = (folder / "out").read_bytes()
        return {"case": case, "file MB": round(path.stat().st_size / 1e6, 1),
                "peak MB": round(int(peak) / 1024, 1), "seconds": round(seconds, 1),
                "exit": os.waitstatus_to_exitcode(status), "stderr bytes": len(err_text),
                "said": (err_text[:160] + (b"..." if len(err_text) > 160 else b"")).decode("utf-8", "replace").strip(),
                "summary": out_text[-200:].decode("utf-8", "replace").strip()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=50, help="the long line's size in MB (10^6 bytes)")
    parser.add_argument("--cases", nargs="+", default=list(CASES), choices=CASES)
    args = parser.parse_args()
    for case in args.cases:
        r = measure(case, args.size * 1_000_000)
        print(f"{r['case']:10} {r['file MB']:>7} MB file  peak {r['peak MB']:>8} MB  {r['seconds']:>6} s  "
              f"exit {r['exit']}  stderr {r['stderr bytes']} bytes")
        print(f"           said: {r['said']!r}")
        print(f"           summary: {r['summary']!r}", flush=True)


if __name__ == "__main__":
    main()
