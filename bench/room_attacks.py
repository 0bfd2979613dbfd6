"""Benchmark: issue 20's attacks on the review room and the importer, run again, with what each
costs against the same server unattacked (measured in this run).

A real `handrec serve` on a store of its own, on a free port of 127.0.0.1; only loopback traffic,
every loop bounded. Prints one line an attack: what was answered, what was stored, and the cost
(the server's memory, RSS from /proc, and the time of a static file fetched meanwhile) as a ratio
to the reference.

    python bench/room_attacks.py [--half-open 2000] [--guesses 2]
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from recorder.application import HandRecorder  # noqa: E402
from recorder.errors import StoreError  # noqa: E402

HANDREC = shutil.which("handrec", path=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
EXAMPLE = ROOT / "data" / "examples" / "law83-quit-by-winners.hand"
HAND = "law83-quit-by-winners"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid: int) -> float:
    text = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", text).group(1)) / 1024


def request(port: int, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None,
            host: str | None = None) -> tuple[int, str, dict[str, str]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host or f"127.0.0.1:{port}")
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        if method == "POST":
            conn.putheader("Content-Length", str(len(body)))
        conn.endheaders(body)
        r = conn.getresponse()
        return r.status, r.read().decode("utf-8", "replace"), {k.lower(): v for k, v in r.getheaders()}
    finally:
        conn.close()


def page_token(port: int) -> tuple[str, str]:
    """(the cookie, the token) a browser gets from the room's page."""
    status, text, headers = request(port, "GET", f"/hands/{HAND}")
    cookie = headers["set-cookie"].split(";")[0]
    token = re.search(r'data-csrf="([^"]+)"', text).group(1)
    return cookie, token


def timed_static(port: int) -> float:
    start = time.perf_counter()
    request(port, "GET", "/static/review.css")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--half-open", type=int, default=2000, help="half-sent requests opened at once")
    parser.add_argument("--guesses", type=float, default=2.0, help="seconds of token guessing")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="handrec-attacks-"))
    store = str(work / "hands.db")
    subprocess.run([HANDREC, "--store", store, "record", str(EXAMPLE)], check=True, capture_output=True)
    port = free_port()
    env = {**os.environ, "HANDREC_TOKEN": ""}
    server = subprocess.Popen([HANDREC, "--store", store, "serve", "--port", str(port)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(400):
            try:
                request(port, "GET", "/static/review.css")
                break
            except OSError:
                time.sleep(0.05)
        request(port, "GET", f"/hands/{HAND}")
        base_rss = rss_mb(server.pid)
        base_static = min(timed_static(port) for _ in range(20))
        stored = lambda: len(HandRecorder(store).hand_events(HAND))  # noqa: E731
        before = stored()
        print(f"reference: server {base_rss:.0f} MB, a static file in {base_static * 1000:.2f} ms")

        form = urllib.parse.urlencode({"line": "note forged", "expected": str(before)}).encode()
        urlenc = {"Content-Type": "application/x-www-form-urlencoded"}
        answers = [request(port, "POST", f"/record/{HAND}", form, {**urlenc, **h})[0] for h in (
            {}, {"Authorization": "Bearer junk"}, {"Cookie": "csrftoken=" + "a" * 32},
            {"Origin": f"http://127.0.0.1:{port + 1}"}, {"Origin": "null"})]
        cookie, token = page_token(port)
        signed = urllib.parse.urlencode({"line": "note forged", "csrftoken": token}).encode()
        answers.append(request(port, "POST", f"/record/{HAND}", signed,
                               {**urlenc, "Cookie": cookie, "Sec-Fetch-Site": "same-site"})[0])
        print(f" 1 cross-site writes (no cookie, Bearer, planted cookie, other port, file://, same-site): "
              f"answered {answers}, stored {stored() - before}")
        s, _, h = request(port, "GET", f"/api/moments/{HAND}", headers={"Sec-Fetch-Site": "cross-site"})
        print(f" 2 <script src=/api/moments> from another page: {s}, Cross-Origin-Resource-Policy "
              f"{h.get('cross-origin-resource-policy')}")
        s1 = request(port, "GET", "/", host="attacker.example")[0]
        s2 = request(port, "POST", f"/record/{HAND}", signed, {**urlenc, "Cookie": cookie}, host="attacker.example")[0]
        print(f" 3 Host: attacker.example: read {s1}, write {s2}, stored {stored() - before}")

        start = time.perf_counter()
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall((f"POST /record/{HAND} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\n"
                          f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {50 << 20}\r\n\r\n"
                          ).encode())
            try:
                for _ in range(50):
                    sock.sendall(b"x" * (1 << 20))
            except OSError:
                pass
            status = sock.recv(100).split()[1].decode()
        took = time.perf_counter() - start
        print(f" 4 a 50 MB body: {status} in {took:.2f} s, server {rss_mb(server.pid):.0f} MB "
              f"({rss_mb(server.pid) / base_rss:.2f}x the reference)")

        holder = sqlite3.connect(store, isolation_level=None, timeout=1)
        holder.execute("BEGIN IMMEDIATE")
        ok = urllib.parse.urlencode({"line": "note by=TD while locked", "csrftoken": token}).encode()
        write = threading.Thread(target=lambda: request(port, "POST", f"/record/{HAND}", ok, {**urlenc, "Cookie": cookie}))
        write.start()
        time.sleep(0.3)
        during = max(timed_static(port) for _ in range(10))
        holder.execute("ROLLBACK")
        holder.close()
        write.join()
        print(f" 5 a static file while a write waits for a lock: {during * 1000:.2f} ms "
              f"({during / base_static:.1f}x the reference; was 8.1 s)")

        behind = clicks = tries = 0
        stop = time.monotonic() + 3
        other = HandRecorder(store)

        def cli() -> None:
            while time.monotonic() < stop:
                try:
                    other.add(HAND, "note by=cli beside the room")
                except StoreError:  # (the room's click came first: as `handrec add` says, record again)
                    pass
                time.sleep(0.01)  # (a director typing beside the room, quickly)
        beside = threading.Thread(target=cli)
        beside.start()
        while time.monotonic() < stop:
            n = stored()
            body = urllib.parse.urlencode({"line": f"note by=room at {n}", "expected": str(n), "csrftoken": token}).encode()
            tries += 1
            if request(port, "POST", f"/record/{HAND}", body, {**urlenc, "Cookie": cookie})[0] == 200:
                clicks += 1
        beside.join()
        for number, e in enumerate(HandRecorder(store).hand_events(HAND), start=1):
            m = re.fullmatch(r"note by=room at (\d+)", e.line)
            if m and int(m.group(1)) != number - 1:
                behind += 1
        print(f" 6 clicks beside a CLI add: {tries}, stored {clicks} (the others told the hand changed), stored though "
              f"the page was behind: {behind} "
              "(was 11 of 330)")

        half = []
        for _ in range(args.half_open):
            try:
                sock = socket.create_connection(("127.0.0.1", port))
                sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Half: ".encode())
                half.append(sock)
            except OSError:
                break
        held_rss = rss_mb(server.pid)
        refused_at_once = 0
        for sock in half:
            sock.settimeout(0.2)
            try:
                refused_at_once += sock.recv(20).startswith(b"HTTP/1.1 503")
            except OSError:
                pass
        time.sleep(12)
        closed = 0
        for sock in half:
            sock.settimeout(5)
            try:
                closed += sock.recv(10) == b""
            except OSError:
                closed += 1
            sock.close()
        print(f"14 {len(half)} half-sent requests: server {held_rss:.0f} MB while held ({held_rss / base_rss:.2f}x); "
              f"{refused_at_once} answered 503 at once (past 200 connections), all {closed} closed within the 10 s "
              "bound of a head")

        answered: dict[int, int] = {}
        stop = time.monotonic() + args.guesses
        while time.monotonic() < stop:
            s = request(port, "POST", "/login", urllib.parse.urlencode({"token": "guess", "csrftoken": token}).encode(),
                        {**urlenc, "Cookie": cookie})[0]
            answered[s] = answered.get(s, 0) + 1
        print(f"14 token guesses in {args.guesses:g} s: {answered.get(403, 0)} checked, {answered.get(429, 0)} refused "
              f"unchecked (was 1,345 checked a second)")

        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(store + suffix):
                os.remove(store + suffix)
        s, text, _ = request(port, "POST", f"/record/{HAND}", ok, {**urlenc, "Cookie": cookie})
        print(f" 7 a write after the store was deleted: {s} ({text[:90]}...)")
    finally:
        server.terminate()
        server.wait(10)

    pbn = work / "comments.pbn"
    deal = "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"
    pbn.write_text("".join(f'[Event "x"]\n[Board "{n}"]\n[Dealer "N"]\n[Deal "{deal}"]\n[Play "W"]\nSA S8 S2 S3 '
                           + "{c} " * 100_000 + "\n\n" for n in range(1, 9)))
    start = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "%M", HANDREC, "--store", str(work / "c.db"), "import", str(pbn)],
                       capture_output=True, text=True) if os.path.exists("/usr/bin/time") else None
    took = time.perf_counter() - start
    if p is not None:
        peak = int(p.stderr.strip().splitlines()[-1]) / 1024
        print(f" 9 8 boards of 100,000 comments: {took:.2f} s, {peak:.0f} MB at most "
              f"({p.stdout.strip().splitlines()[-1]}; was 0.64 GB)")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
