"""Benchmark: does the review room's data grow with a hand, or with its square (issue 42, item 5)?

The data a hand's page is given (`projections.replay.replay` with its words, `page.prepare`: the
JSON `/api/replay/ID` serves) and the time to make it, against the hand's events, each as a ratio
to a reference hand measured in the same run: the same kind of hand at the fewest events asked
for. Grown with the hand, the ratios follow the events' (2x, 4x, 10x); grown with its square, their
square (4x, 16x, 100x). Two kinds of hand, each the head of data/examples/law83-quit-by-winners
(a revoke established at event 9) and then:

- `ask`: `ask W E` and `attention N look` in turn (each question a remark on the revoke, each
  attention an irregularity, each question left open);
- `note`: `note by=East ...` of 2,000 characters each (each a statement).

With `--serve`, a real `handrec serve` on a store of those hands answers `--readers` readers
asking at once for the longest hand's replay (each its own connection): the server's peak memory
(VmHWM), beside its peak for one reader, each on a server of its own.

    python bench/room_data.py [--events 100,200,400,1000] [--kinds ask,note] [--serve] [--readers 4]

The figures before and after the change are in docs/review-room.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from handrec.review.page import prepare  # noqa: E402
from projections.replay import replay  # noqa: E402
from recorder.application import HandRecorder  # noqa: E402

EXAMPLE = ROOT / "data" / "examples" / "law83-quit-by-winners.hand"


def head(hand_id: str) -> list[str]:
    """The example's first nine lines (to the trick quitted that establishes the revoke), as `hand_id`."""
    lines = [line.split("#")[0].strip() for line in EXAMPLE.read_text(encoding="utf-8").splitlines()]
    lines = [line for line in lines if line][:9]
    return [f"hand {hand_id}"] + lines[1:]


def transcript(kind: str, events: int) -> str:
    """A hand of `kind` of `events` events or so (the head's 9, then the kind's lines)."""
    body = []
    for i in range(max(0, events - 9)):
        if kind == "ask":
            body.append("attention N look" if i % 2 else "ask W E")
        else:
            body.append(f"note by=East statement {i} " + "x" * 2000)
    return "\n".join(head(f"{kind}-{events}") + body) + "\n"


def measured(store: str, kind: str, events: int) -> tuple[int, float]:
    """The bytes of the hand's data and the seconds to make it (the fold, the words, the JSON)."""
    recorded = HandRecorder(store).hand_events(f"{kind}-{events}")
    start = time.perf_counter()
    data = prepare(replay(recorded)).data
    return len(data.encode("utf-8")), time.perf_counter() - start


def peak_rss(store: str, hand_id: str, readers: int) -> tuple[float, list[int]]:
    """A fresh `handrec serve` on the store: `readers` readers ask at once for the hand's replay;
    the server's peak resident memory (MiB) and the statuses they were answered."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", "import sys; from handrec.cli import main; sys.exit(main())",
                             "--store", store, "serve", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    base = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(400):
            try:
                urllib.request.urlopen(base + "static/review.css", timeout=2).read()
                break
            except OSError:
                time.sleep(0.05)
        statuses: list[int] = []

        def read() -> None:
            try:
                with urllib.request.urlopen(base + f"api/replay/{hand_id}", timeout=300) as r:
                    r.read()
                    statuses.append(r.status)
            except urllib.error.HTTPError as e:
                statuses.append(e.code)

        threads = [threading.Thread(target=read) for _ in range(readers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        time.sleep(0.5)
        status = Path(f"/proc/{proc.pid}/status").read_text()
        hwm = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:"))
        # (an abandoned preparation may still run: wait for the server to be idle, then read again)
        for _ in range(600):
            cpu = Path(f"/proc/{proc.pid}/stat").read_text().split()
            time.sleep(0.5)
            if Path(f"/proc/{proc.pid}/stat").read_text().split()[13:15] == cpu[13:15]:
                break
        status = Path(f"/proc/{proc.pid}/status").read_text()
        hwm = max(hwm, next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:")))
        return hwm / 1024, sorted(statuses)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", default="100,200,400,1000")
    parser.add_argument("--kinds", default="ask,note")
    parser.add_argument("--serve", action="store_true", help="also a real server's memory under concurrent readers")
    parser.add_argument("--readers", type=int, default=4)
    args = parser.parse_args()
    sizes = [int(n) for n in args.events.split(",")]
    kinds = args.kinds.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        store = os.path.join(tmp, "hands.db")
        app = HandRecorder(store)
        for kind in kinds:
            for n in sizes:
                app.record(transcript(kind, n), file=f"{kind}-{n}.hand")
        print(f"{'hand':<10} {'events':>7} {'bytes':>12} {'x ref':>7} {'seconds':>8} {'x ref':>7} {'bytes/event':>12}")
        for kind in kinds:
            ref: tuple[int, float] | None = None
            for n in sizes:
                size, seconds = measured(store, kind, n)
                ref = ref or (size, seconds)
                print(f"{kind:<10} {n:>7} {size:>12,} {size / ref[0]:>7.1f} {seconds:>8.2f} "
                      f"{seconds / max(ref[1], 1e-9):>7.1f} {size // n:>12,}")
            print(f"{'':<10} (events x{sizes[-1] / sizes[0]:.0f}: grown with the hand x{sizes[-1] / sizes[0]:.0f}, "
                  f"with its square x{(sizes[-1] / sizes[0]) ** 2:.0f})")
        if args.serve:
            for kind in kinds:
                hand_id = f"{kind}-{sizes[-1]}"
                one, said1 = peak_rss(store, hand_id, 1)
                many, said = peak_rss(store, hand_id, args.readers)
                print(f"serve, {hand_id}: peak memory {one:,.0f} MiB for one reader {said1}, "
                      f"{many:,.0f} MiB for {args.readers} at once {said}")


if __name__ == "__main__":
    main()
