"""The review room's door (handrec/review/guard.py), as an attacker's requests meet it: every write
must come from the room's own page (its CSRF token, whatever else the request carries, and the
`Origin` and `Sec-Fetch-Site` a browser sends), only the hosts the server was started for are
answered, a request body is bounded before it is read, and the room's data is not embedded by
another page; and the bounds of the connections, the store calls and what a page sends (issue 20).
The same attacks from real pages in Chromium are in tests/test_review_browser.py
(test_a_page_of_another_port_or_a_file_cannot_write_into_the_room_or_read_it)."""

from __future__ import annotations

import http.client
import json
import re
import socket
import time
from urllib.parse import urlencode, urlsplit

import pytest

from expectations import EXAMPLES
from recorder.application import HandRecorder
from review_room import Client, serving
from test_cli import run

HAND = "law83-quit-by-winners"  # 14 events


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    store = str(tmp_path_factory.mktemp("door") / "hands.db")
    run("record", str(EXAMPLES / f"{HAND}.hand"), store=store)
    with serving(store) as base:
        yield store, base


def events(store: str) -> int:
    return len(HandRecorder(store).hand_events(HAND))


def raw(base: str, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None,
        host: str | None = None) -> tuple[int, str, dict[str, str]]:
    u = urlsplit(base)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host if host is not None else u.netloc)
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        if body or method == "POST":
            conn.putheader("Content-Length", str(len(body)))
        conn.endheaders(body)
        r = conn.getresponse()
        return r.status, r.read().decode("utf-8", "replace"), {k.lower(): v for k, v in r.getheaders()}
    finally:
        conn.close()


def form(**fields: str) -> bytes:
    return urlencode(fields).encode()


URLENCODED = {"Content-Type": "application/x-www-form-urlencoded"}


def test_a_write_without_the_rooms_token_is_refused_whatever_it_carries(room):
    store, base = room
    before = events(store)
    line = form(line="note forged", expected=str(before))
    # No cookie at all (what asgi-csrf let through), a bearer header (which it let through too),
    # and a token the attacker made for a cookie it planted (a double submit of its own value).
    for headers in ({}, {"Authorization": "Bearer junk"},
                    {"Cookie": "csrftoken=" + "a" * 32}):
        status, text, _ = raw(base, "POST", f"/record/{HAND}", line, {**URLENCODED, **headers})
        assert status == 403 and "CSRF token" in json.loads(text)["error"], headers
    status, _, _ = raw(base, "POST", f"/record/{HAND}", form(line="note forged", csrftoken="a" * 32),
                       {**URLENCODED, "Cookie": "csrftoken=" + "a" * 32})
    assert status == 403
    for path in ("/hands", "/login"):  # every write, not only /record
        assert raw(base, "POST", path, form(hand="x1", token="t"), URLENCODED)[0] == 403
    assert events(store) == before


def test_a_write_from_another_origin_is_refused_even_with_a_good_token(room):
    store, base = room
    c = Client(base)
    token = c.csrf(f"/hands/{HAND}")
    cookie = f"csrftoken={c.cookie('csrftoken')}"
    before = events(store)
    u = urlsplit(base)
    for headers in ({"Origin": f"http://127.0.0.1:{u.port + 1}"}, {"Origin": "null"},
                    {"Origin": "http://attacker.example"},
                    {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"}):
        status, text, _ = raw(base, "POST", f"/record/{HAND}", form(line="note forged", csrftoken=token),
                              {**URLENCODED, "Cookie": cookie, **headers})
        assert status == 403 and "room's own page" in json.loads(text)["error"], headers
    assert events(store) == before
    # The same write from the room's own page is stored.
    status, text, _ = raw(base, "POST", f"/record/{HAND}",
                          form(line="note by=TD from the room", expected=str(before), csrftoken=token),
                          {**URLENCODED, "Cookie": cookie, "Origin": f"http://{u.netloc}",
                           "Sec-Fetch-Site": "same-origin", "Accept": "application/json"})
    assert status == 200 and json.loads(text)["total"] == before + 1
    assert events(store) == before + 1


def test_only_the_hosts_the_server_was_started_for_are_answered(room):
    store, base = room
    u = urlsplit(base)
    c = Client(base)
    token = c.csrf(f"/hands/{HAND}")
    cookie = f"csrftoken={c.cookie('csrftoken')}"
    before = events(store)
    for host in ("attacker.example", f"attacker.example:{u.port}", "", "127.0.0.1.attacker.example"):
        status, text, _ = raw(base, "GET", f"/hands/{HAND}", host=host)
        assert status == 421 and "does not answer to the host" in text, host
        status, _, _ = raw(base, "POST", f"/record/{HAND}", form(line="note rebound", csrftoken=token),
                           {**URLENCODED, "Cookie": cookie}, host=host)
        assert status == 421, host
    assert events(store) == before
    for host in (f"127.0.0.1:{u.port}", f"localhost:{u.port}", f"[::1]:{u.port}", "127.0.0.1"):
        assert raw(base, "GET", "/", host=host)[0] == 200, host


def test_a_server_started_with_a_name_answers_to_it(tmp_path):
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / f"{HAND}.hand"), store=store)
    with serving(store, "--allow-host", "club.example.org") as base:
        assert raw(base, "GET", "/", host="club.example.org")[0] == 200
        assert raw(base, "GET", "/", host="Club.Example.Org:8000")[0] == 200
        assert raw(base, "GET", "/", host="other.example.org")[0] == 421


def _declared(base: str, length: int, sent: bytes, extra: str = "") -> tuple[int, str, float]:
    """A POST that declares `length` bytes and sends `sent`: the status line, and how long it took."""
    u = urlsplit(base)
    start = time.monotonic()
    with socket.create_connection((u.hostname, u.port), timeout=30) as s:
        s.sendall((f"POST /record/{HAND} HTTP/1.1\r\nHost: {u.netloc}\r\n{extra}"
                   f"Content-Type: application/x-www-form-urlencoded\r\nCookie: csrftoken={'b' * 32}\r\n"
                   f"Content-Length: {length}\r\n\r\n").encode() + sent)
        reply = _reply(s)
    return int(reply.split()[1]), reply, time.monotonic() - start


def _reply(s: socket.socket) -> str:
    """The answer on the socket, whole (its head and its body of Content-Length bytes)."""
    got = b""
    while b"\r\n\r\n" not in got or len(got.partition(b"\r\n\r\n")[2]) < _length(got):
        chunk = s.recv(65536)
        if not chunk:
            break
        got += chunk
    return got.decode("latin-1")


def _length(got: bytes) -> int:
    for line in got.partition(b"\r\n\r\n")[0].split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return int(line.split(b":")[1])
    return 0


def test_a_body_past_the_bound_is_refused_before_it_is_read(room, tmp_path):
    store, base = room
    # 50 MB declared: refused at once, none of it read (asgi-csrf read it whole: 3.5 s, 378 MB).
    status, reply, took = _declared(base, 50 * 1024 * 1024, b"line=")
    assert status == 413 and "at most" in reply
    # A body without a length, sent in chunks past the bound: refused when it passes it.
    u = urlsplit(base)
    with socket.create_connection((u.hostname, u.port), timeout=30) as s:
        s.sendall((f"POST /record/{HAND} HTTP/1.1\r\nHost: {u.netloc}\r\nTransfer-Encoding: chunked\r\n"
                   "Content-Type: application/x-www-form-urlencoded\r\n\r\n").encode())
        chunk = b"x" * 65536
        try:
            for _ in range(64):  # 4 MiB at most
                s.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        except (BrokenPipeError, ConnectionResetError):
            pass  # (the server answered and closed)
        reply = _reply(s)
    assert reply.split()[1] == "413"
    # A read-only server refuses every write at the door, none of its body read (asgi-csrf read
    # 200 MB of it whole there: 49 s, 1.6 GB).
    ro_store = str(tmp_path / "ro.db")
    run("record", str(EXAMPLES / f"{HAND}.hand"), store=ro_store)
    with serving(ro_store, "--read-only") as ro:
        status, reply, _ = _declared(ro, 200 * 1024 * 1024, b"line=")
        assert status == 403 and "read-only" in reply


@pytest.mark.slow  # (waits out the body's bound, 10 s)
def test_a_body_never_sent_whole_is_refused_in_bounded_time(room):
    store, base = room
    status, reply, took = _declared(base, 100, b"line=note")
    assert status == 408 and took < 20


def test_the_rooms_data_is_not_given_to_another_sites_page(room):
    store, base = room
    for path in (f"/api/moments/{HAND}", f"/api/replay/{HAND}", f"/hands/{HAND}", "/static/review.js", "/nowhere"):
        status, _, headers = raw(base, "GET", path)
        assert headers["cross-origin-resource-policy"] == "same-origin", path
        assert headers["x-frame-options"] == "DENY", path
    for site in ("cross-site", "same-site"):
        status, text, _ = raw(base, "GET", f"/api/moments/{HAND}", headers={"Sec-Fetch-Site": site})
        assert status == 403 and HAND not in text
    assert raw(base, "GET", f"/api/moments/{HAND}", headers={"Sec-Fetch-Site": "same-origin"})[0] == 200


def test_the_login_cookie_is_not_the_token(tmp_path):
    """A browser sends a cookie of 127.0.0.1 to every port of it: the cookie must not be the token,
    nor a value made from it alone (the same for every browser and every run of the server): it is
    a session of this login, ended with the server's run."""
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / f"{HAND}.hand"), store=store)
    (tmp_path / "token").write_text("club-secret-42\n")
    with serving(store, "--token-file", str(tmp_path / "token")) as base:
        c = Client(base)
        token = c.csrf("/login")
        assert c.post("/login", {"token": "club-secret-42", "csrftoken": token})[0] == 303
        assert "club-secret-42" not in c.cookie("handrec_token")
        assert c.post(f"/record/{HAND}", {"line": "note by=TD signed in", "csrftoken": token})[0] == 200
        # The token of the file, not a token given beside it.
        other = Client(base)
        t2 = other.csrf("/login")
        assert other.post("/login", {"token": "club-secret-4", "csrftoken": t2})[0] == 403
        assert other.post("/login", {"token": "club-secret-42", "csrftoken": t2})[0] == 303
        assert other.cookie("handrec_token") != c.cookie("handrec_token")  # a session each
        session = c.cookie("handrec_token")
    with serving(store, "--token-file", str(tmp_path / "token")) as base:  # the server run again
        c = Client(base)
        token = c.csrf("/login")
        cookie = f"csrftoken={c.cookie('csrftoken')}; handrec_token={session}"
        status, text, _ = raw(base, "POST", f"/record/{HAND}", form(line="note by=TD old session", csrftoken=token),
                              {**URLENCODED, "Cookie": cookie})
        assert status == 403 and "needs the server's token" in text


def test_ids_with_dot_segments_are_refused(tmp_path):
    store = str(tmp_path / "hands.db")
    for hand_id, said in (("club/./b7", "a '.' segment"), ("x/../../login", "a '..' segment"),
                          ("club//b7", "an empty segment"), ("club/", "an empty segment")):
        p = run("add", hand_id, f"hand {hand_id}", store=store, ok=False)
        assert p.returncode == 1 and said in p.stderr and "Traceback" not in p.stderr, hand_id
    assert run("list", store=store).stdout.strip() == ""


def test_a_write_waiting_for_the_store_holds_no_other_request(tmp_path):
    """While one write waits for the store (another process holds SQLite's write lock), the room
    answers the others at once; the write is then stored, or refused in one sentence (issue 20, 5:
    a static file waited 8.1 s)."""
    import sqlite3
    import threading

    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / f"{HAND}.hand"), store=store)
    with serving(store) as base:
        c = Client(base)
        token = c.csrf(f"/hands/{HAND}")
        holder = sqlite3.connect(store, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # the write lock, as a long import would hold it
        answer: list = []
        writer = threading.Thread(target=lambda: answer.append(
            c.post(f"/record/{HAND}", {"line": "note by=TD written while locked", "expected": "14",
                                       "csrftoken": token})))
        writer.start()
        time.sleep(0.5)
        assert writer.is_alive()  # (the write is waiting for the lock)
        other = Client(base)
        for path in ("/static/review.css", "/static/review.js", "/login", f"/hands/{HAND}", "/"):
            start = time.monotonic()
            assert other.get(path)[0] == 200, path
            assert time.monotonic() - start < 5, path  # (the write's lock wait is 10 s)
        assert writer.is_alive()
        holder.execute("ROLLBACK")
        holder.close()
        writer.join(30)
        status, text, _ = answer[0]
        assert status == 200 and json.loads(text)["total"] == 15
    assert len(HandRecorder(store).hand_events(HAND)) == 15


def test_a_store_deleted_under_the_server_takes_no_write(tmp_path):
    """The file the server was started on, deleted or replaced: a write is refused in one sentence,
    never acknowledged into a file that is gone (issue 20, 7)."""
    import os
    import shutil

    for how in ("deleted", "replaced"):
        store = str(tmp_path / f"{how}.db")
        run("record", str(EXAMPLES / f"{HAND}.hand"), store=store)
        with serving(store) as base:
            c = Client(base)
            token = c.csrf(f"/hands/{HAND}")
            if how == "deleted":
                for suffix in ("", "-wal", "-shm"):
                    if os.path.exists(store + suffix):
                        os.remove(store + suffix)
            else:
                shutil.copy(store, store + ".copy")
                os.replace(store + ".copy", store)
            status, text, _ = c.post(f"/record/{HAND}", {"line": "note by=TD into the void", "expected": "14",
                                                         "csrftoken": token})
            assert status == 503, (how, status, text)
            error = json.loads(text)["error"]
            assert "deleted or replaced" in error and "nothing was stored" in error, error
        if how == "replaced":
            assert len(HandRecorder(store).hand_events(HAND)) == 14


def test_a_hand_stored_with_a_dot_segment_before_stays_readable(tmp_path, monkeypatch):
    """Stored ids never change: a hand stored as `club/./b7` before such ids were refused is read
    by the commands, listed by the room without a link, and not opened or written by it (a
    browser would take it to `club/b7`)."""
    import bridge.hand_ids

    store = str(tmp_path / "hands.db")
    monkeypatch.setattr(bridge.hand_ids, "dot_segment", lambda hand_id: None)  # (as the code before did)
    HandRecorder(store).record(
        "hand club/./b7\ndealer S\ndeal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\n")
    monkeypatch.undo()
    assert "club/./b7" in run("show", "club/./b7", store=store).stdout
    assert run("add", "club/./b7", "contract 4H by S", store=store).returncode == 0
    with serving(store) as base:
        status, text, _ = raw(base, "GET", "/")
        assert status == 200 and "club/./b7" in text and 'href="/hands/club/./b7"' not in text
        status, text, _ = raw(base, "GET", "/hands/club/./b7")
        assert status == 404 and "handrec show club/./b7" in text
        c = Client(base)
        token = c.csrf("/")
        status, text, _ = raw(base, "POST", "/record/club/./b7", form(line="note x", csrftoken=token),
                              {**URLENCODED, "Cookie": f"csrftoken={c.cookie('csrftoken')}"})
        assert status == 404 and "nothing was stored" in text


def test_the_token_is_not_guessed_at_speed(tmp_path):
    """Five wrong tokens from one address, and /login answers it 429 to the next, right or wrong
    (issue 20, 14: 1,345 guesses a second were answered); other addresses: tests/test_review_login.py."""
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / f"{HAND}.hand"), store=store)
    with serving(store, env={"HANDREC_TOKEN": "club-secret-42"}) as base:
        c = Client(base)
        token = c.csrf("/login")
        for guess in range(5):
            assert c.post("/login", {"token": f"guess-{guess}", "csrftoken": token})[0] == 403
        status, text, _ = c.post("/login", {"token": "club-secret-42", "csrftoken": token})
        assert status == 429 and "try again in" in text


def test_the_token_on_the_command_line_is_warned_of(tmp_path):
    said: list[str] = []
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / f"{HAND}.hand"), store=store)
    with serving(store, "--token", "club-secret-42", said=said) as base:
        assert raw(base, "GET", "/login")[0] == 200
    assert "process list" in said[0] and "--token-file" in said[0]


@pytest.mark.slow  # (waits out the head's bound, 10 s)
def test_half_sent_requests_are_not_held(room):
    """Connections that send half a request head are closed once the head's bound has passed, and
    the room answers meanwhile (issue 20, 14: 19,980 were held, 120 MB)."""
    store, base = room
    u = urlsplit(base)
    held = []
    for _ in range(100):
        s = socket.create_connection((u.hostname, u.port), timeout=30)
        s.sendall(f"GET / HTTP/1.1\r\nHost: {u.netloc}\r\nX-Half: ".encode())
        held.append(s)
    assert raw(base, "GET", "/static/review.css")[0] == 200
    start = time.monotonic()
    for s in held:
        s.settimeout(30)
        assert s.recv(100) == b""  # closed by the server
        s.close()
    assert time.monotonic() - start < 25


def test_a_hand_longer_than_the_room_shows_is_said_so_not_sent(tmp_path):
    """The room sends a hand's every moment: past ROOM_EVENTS_MAX events it sends none and says
    how to read the hand (issue 20, 9: a page of 26 MB, and 3.4 GB for 32 such hands kept)."""
    from handrec.review.server import ROOM_EVENTS_MAX

    store = str(tmp_path / "hands.db")
    text = (EXAMPLES / f"{HAND}.hand").read_text() + "note by=TD again\n" * ROOM_EVENTS_MAX
    (tmp_path / "long.hand").write_text(text.replace(f"hand {HAND}", "hand long-one", 1))
    run("record", str(tmp_path / "long.hand"), str(EXAMPLES / f"{HAND}.hand"), store=store)
    with serving(store) as base:
        status, page, _ = raw(base, "GET", "/hands/long-one")
        assert status == 413 and "more than the room shows" in page and "handrec show long-one --at N" in page
        assert len(page) < 10_000
        for path in ("/api/replay/long-one", "/api/moments/long-one"):
            status, body, _ = raw(base, "GET", path)
            assert status == 413 and len(body) < 1000, path
        status, listed, _ = raw(base, "GET", "/")
        assert status == 200 and "long-one" in listed
        assert raw(base, "GET", f"/hands/{HAND}")[0] == 200


class _HoldingProxy:
    """A TCP proxy to the PostgreSQL server that can stop forwarding (`hold`: what is sent waits
    for ever, as over a link that went dead) or close every connection (`refuse`: a server down)."""

    def __init__(self, host: str, port: int) -> None:
        import threading

        self.target = (host, port)
        self.mode = "pass"
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        import threading

        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.mode == "refuse":
                client.close()
                continue
            server = socket.create_connection(self.target)
            self.open += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                while self.mode == "hold":
                    time.sleep(0.05)
                if self.mode == "refuse":
                    break
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.close()
            except OSError:
                pass

    def refuse(self) -> None:
        self.mode = "refuse"
        for s in self.open:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def close(self) -> None:
        self.mode = "refuse"
        self.listener.close()


@pytest.mark.slow  # (waits out the room's bound on a store's answer, 20 s)
def test_a_postgresql_store_that_stops_answering_holds_no_page_and_no_write_is_said_ok(tmp_path):
    """The link to PostgreSQL goes dead mid-serve: a write is answered within the room's bound,
    its outcome said to be unknown, while the other pages are served; the server then gone
    altogether: each page is one sentence, and the server logs no exception (issue 20, 5 and 11:
    a POST was held 536 s, and 'Exception in ASGI application' was logged)."""
    from urllib.parse import urlparse, urlunparse

    from conftest import needs_postgres, postgres_database
    from handrec.review.server import STORE_SECONDS

    with postgres_database(needs_postgres()) as url:
        run("record", str(EXAMPLES / f"{HAND}.hand"), store=url)
        u = urlparse(url)
        proxy = _HoldingProxy(u.hostname or "127.0.0.1", u.port or 5432)
        through = urlunparse(u._replace(netloc=f"{u.username}:{u.password}@127.0.0.1:{proxy.port}"))
        said: list[str] = []
        try:
            with serving(through, said=said) as base:
                c = Client(base)
                token = c.csrf(f"/hands/{HAND}")
                proxy.mode = "hold"
                import threading

                answer: list = []
                start = time.monotonic()
                writer = threading.Thread(target=lambda: answer.append(c.post(
                    f"/record/{HAND}", {"line": "note by=TD over a dead link", "expected": "14", "csrftoken": token})))
                writer.start()
                time.sleep(0.5)
                for path in ("/static/review.css", "/login"):
                    assert Client(base).get(path)[0] == 200, path
                writer.join(STORE_SECONDS + 30)
                status, text, _ = answer[0]
                assert status == 503 and "is not known" in json.loads(text)["error"], (status, text)
                assert time.monotonic() - start < STORE_SECONDS + 10
                proxy.refuse()
                for path in ("/", f"/hands/{HAND}"):
                    status, text, _ = Client(base).get(path)
                    said_here = re.search(r'<p class="message[^>]*>(.*?)</p>', text, re.S).group(1)
                    assert status == 503 and ("has not answered" in said_here or "cannot reach" in said_here), said_here
        finally:
            proxy.close()
        assert "Traceback" not in said[0] and "Exception in ASGI" not in said[0], said[0][-2000:]


def test_a_count_that_is_not_ascii_digits_is_refused_not_a_traceback(room):
    """'²' is a digit to str.isdigit and not to int(); 5,000 nines are past int()'s limit: each was
    a 500 and a logged traceback (a review of this door)."""
    store, base = room
    c = Client(base)
    token = c.csrf(f"/hands/{HAND}")
    for expected in ("²", "٣", "9" * 5000, "-1"):
        status, text, _ = c.post(f"/record/{HAND}", {"line": "note x", "expected": expected, "csrftoken": token})
        assert status == 400 and "'expected' is the number of events" in json.loads(text)["error"], expected


def test_a_request_head_is_bounded_in_size_and_uvicorns_own_answers_carry_the_headers(room):
    store, base = room
    u = urlsplit(base)
    with socket.create_connection((u.hostname, u.port), timeout=30) as s:
        s.sendall(f"GET / HTTP/1.1\r\nHost: {u.netloc}\r\nX-Big: ".encode())
        try:
            for _ in range(64):  # 4 MiB at most
                s.sendall(b"a" * 65536)
        except OSError:
            pass
        reply = _reply(s)
    assert reply.split()[1] == "431" and "cross-origin-resource-policy: same-origin" in reply.lower()
    with socket.create_connection((u.hostname, u.port), timeout=30) as s:
        s.sendall(f"POST /record/{HAND} HTTP/1.1\r\nHost: {u.netloc}\r\nContent-Length: -1\r\n\r\n".encode())
        reply = _reply(s)
    assert reply.split()[1] == "400" and "cross-origin-resource-policy: same-origin" in reply.lower()


@pytest.mark.slow  # (waits out the head's bound, 10 s)
def test_a_connection_that_trickles_after_its_answer_is_closed(room):
    """Blank lines after an answer, or the rest of a body the door refused, kept a connection for
    ever (any byte stopped uvicorn's clock): closed at the head's bound, or at once (a review)."""
    store, base = room
    u = urlsplit(base)
    trickling = socket.create_connection((u.hostname, u.port), timeout=30)
    trickling.sendall(f"GET /static/review.css HTTP/1.1\r\nHost: {u.netloc}\r\n\r\n".encode())
    _reply(trickling)
    refused = socket.create_connection((u.hostname, u.port), timeout=30)
    refused.sendall(f"POST /record/{HAND} HTTP/1.1\r\nHost: attacker.example\r\nContent-Length: 100000\r\n"
                    "Content-Type: application/x-www-form-urlencoded\r\n\r\nline=".encode())
    assert _reply(refused).split()[1] == "421"
    start = time.monotonic()
    closed = set()
    while time.monotonic() - start < 25 and len(closed) < 2:
        for name, s in (("trickling", trickling), ("refused", refused)):
            if name in closed:
                continue
            try:
                s.sendall(b"\r\n" if name == "trickling" else b"x")
                s.settimeout(0.01)
                if s.recv(100) == b"":
                    closed.add(name)
            except socket.timeout:
                pass
            except OSError:
                closed.add(name)
        time.sleep(1)
    assert closed == {"trickling", "refused"} and time.monotonic() - start < 20
    trickling.close()
    refused.close()
