"""Helpers for the review room's tests: a real `handrec serve` on a free local port, and plain
HTTP requests to it (the browser tests use Playwright on top of the same server)."""

from __future__ import annotations

import http.cookiejar
import os
import re
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from typing import Any, Iterator

from projections.delta import undelta, undeltas
from test_cli import HANDREC


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(store: str, *args: str, env: dict[str, str] | None = None,
            said: list[str] | None = None, procs: list[subprocess.Popen] | None = None) -> Iterator[str]:
    """`handrec serve` on the store, as a subprocess: its base URL while it runs (and what it
    wrote on stderr appended to `said` when it has stopped; the process appended to `procs`)."""
    port = free_port()
    proc = subprocess.Popen([HANDREC, "--store", store, "serve", "--port", str(port), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, **(env or {})})
    if procs is not None:
        procs.append(proc)
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(base + "static/review.css", timeout=2).read()  # (needs no store)
                break
            except (urllib.error.URLError, ConnectionError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    out, err = proc.communicate(timeout=5)
                    raise AssertionError(f"handrec serve did not start: {out} {err}")
                time.sleep(0.02)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if said is not None:
            said.append(proc.stderr.read() if proc.stderr else "")


class Client:
    """A browser without a browser: cookies kept, the page's CSRF token read from it."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar),
                                                  _NoRedirect())

    def get(self, path: str) -> tuple[int, str, dict[str, str]]:
        return self._send(urllib.request.Request(self.base + path.lstrip("/")))

    def post(self, path: str, fields: dict[str, str]) -> tuple[int, str, dict[str, str]]:
        data = urllib.parse.urlencode(fields).encode()
        return self._send(urllib.request.Request(self.base + path.lstrip("/"), data=data, method="POST"))

    def csrf(self, path: str = "/") -> str:
        status, text, _ = self.get(path)
        m = re.search(r'name="csrftoken" value="([^"]+)"', text) or re.search(r'data-csrf="([^"]+)"', text)
        assert m, f"no CSRF token on {path} ({status})"
        return m.group(1)

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)

    def _send(self, request: urllib.request.Request) -> tuple[int, str, dict[str, str]]:
        try:
            with self.opener.open(request, timeout=30) as r:
                return r.status, r.read().decode("utf-8"), dict(r.headers)
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode("utf-8"), dict(e.headers)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


def expand(compact: dict[str, Any]) -> dict[str, Any]:
    """The replay with every moment written out: its whole table, its rulings and score, each read
    from the moment before as the page's script reads it (`projections.delta.undelta`; review.js
    reads the same deltas its own way, and tests/test_room_data.py holds the two to each other),
    the rulings with their `at`; and `words`, when the replay has them (`page.with_words`), each
    moment's written out too."""
    out = []
    before: dict[str, Any] = {}
    for m in compact["moments"]:
        now = {k: undelta(before.get(k), v) for k, v in m.items()}
        before = now
        out.append({**now, "rulings": {**now["rulings"], "at": now["table"]["at"]}})
    expanded = {**compact, "moments": out}
    if "words" in compact:
        expanded["words"] = undeltas(compact["words"])
    return expanded
