"""The review room's door: what every request must be before the room reads it.

An ASGI middleware in front of the room (`server.ReviewRoom.asgi`), so that no route can forget it:

- **The host.** A request is answered only when its `Host` is one the server was started for:
  an address written as numbers (no DNS name can be made to point at it), `localhost`, or a name
  given with `--allow-host`. A page of another site whose name was made to point at 127.0.0.1
  (DNS rebinding) is refused, reads and writes alike.
- **The body.** A request body is read up to `BODY_MAX` bytes (a form line is small: the longest
  note, percent-encoded) and within `BODY_SECONDS`; past either it is refused before the room
  sees any of it, and the room is handed the bounded body.
- **Writes come from the room's own pages.** Every request that is not a read (any method but GET
  and HEAD) must carry the room's CSRF token, whatever other header it has: the form field
  `csrftoken` (or the header `X-CSRFToken`) equal to the HMAC, under this server's secret, of the
  `csrftoken` cookie the room set. A browser says where a request comes from, and a write whose
  `Origin` is not the room's own, or whose `Sec-Fetch-Site` is not `same-origin`, is refused too.
  (Cookies are not kept apart by port: a page on another port of this machine is sent the room's
  cookies and is "same-site" to it. The token is not the cookie, and no other page can read the
  room's pages to learn it; the `Origin` a browser sends says the rest.)
- **Reads stay in the room.** Every answer carries `Cross-Origin-Resource-Policy: same-origin`
  (another page may not embed it: `<script src="/api/moments/...">` reads nothing), and the data
  under `/api/` is refused to a request a browser marks as made by another site.

A refusal is one sentence, as JSON to a script that asks for JSON and as a page otherwise.

**Guessing the token** (`Guesses`, asked by the room's `/login`) is limited by the guesser's
address, not for everyone: see the class.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import math
import re
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable
from urllib.parse import parse_qsl

from bridge.lines import NOTE_MAX

BODY_MAX = 3 * NOTE_MAX + 4096  # the longest note percent-encoded, and the form's other fields
BODY_SECONDS = 10.0  # a body not sent whole by then is refused
COOKIE = "csrftoken"
FORM_FIELD = "csrftoken"
HEADER = b"x-csrftoken"
READS = frozenset({"GET", "HEAD"})
_NONCE = re.compile(r"[0-9a-f]{32}")
# Wrong tokens (`Guesses`): an address has GUESSES checked at once, then one each GUESS_SECONDS
# (65 in an hour, 1,440 a day); all addresses together ROOM_GUESSES, then one each
# ROOM_GUESS_SECONDS (1,830 in an hour, 43,200 a day), past which only an address that has logged
# in before (KNOWN kept) has its token checked. The wrong tokens of at most GUESSERS addresses
# are remembered (some 250 bytes each: 1 MiB), the oldest forgotten.
GUESSES = 5
GUESS_SECONDS = 60.0
ROOM_GUESSES = 30
ROOM_GUESS_SECONDS = 2.0
GUESSERS = 4096
KNOWN = 256

Refuse = Callable[[int, str, bool], tuple[str, str]]  # (status, sentence, as JSON) -> (type, body)
ASGI = Callable[[dict, Callable[[], Awaitable[dict]], Callable[[dict], Awaitable[None]]], Awaitable[None]]


# A Host header as browsers send it: a name or IPv4 address, or an IPv6 address in brackets (no
# zone), and a port of digits. Anything else (`localhost:evil`, `[::1%25x]`, `user@host`) is no host.
_HOST = re.compile(r"(?:\[([0-9a-f:.]+)\]|([a-z0-9._-]+))(?::[0-9]{1,5})?")


def host_name(host: str) -> str:
    """The name of a `Host` header's value, without its port, lower case (`[::1]:8000` -> `::1`);
    '' when it is not a host's form."""
    m = _HOST.fullmatch(host.strip().lower())
    return (m.group(1) or m.group(2)) if m else ""


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


@dataclass(frozen=True)
class Hosts:
    """The names a server answers to: numeric addresses, `localhost`, and those it was given."""

    names: frozenset[str] = frozenset()

    @classmethod
    def of(cls, bound: str, allowed: tuple[str, ...] = ()) -> "Hosts":
        names = {"localhost", *(host_name(n) for n in allowed if n.strip())}
        if not is_address(bound) and bound not in ("", "0.0.0.0", "::"):
            names.add(bound.lower())  # served on a name: that name
        return cls(frozenset(names))

    def allow(self, host: str) -> bool:
        name = host_name(host)
        return bool(name) and (name in self.names or is_address(name))


@dataclass
class Guard:
    """The door (see the module's text). `refuse` makes a refusal's body (the room's page or JSON)."""

    app: ASGI
    hosts: Hosts
    refuse: Refuse
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    security_headers: tuple[tuple[bytes, bytes], ...] = ()
    no_writes: str | None = None  # a server that takes no write (--read-only): why, said at the door

    def token(self, nonce: str) -> str:
        """The CSRF token the room's pages carry for the browser whose cookie is `nonce`."""
        return hmac.new(self.secret, nonce.encode("ascii"), hashlib.sha256).hexdigest()

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        wants_json = (b"application/json" in headers.get(b"accept", b"")
                      or scope["path"].startswith(("/record/", "/api/")))
        send = self._with_headers(send)
        refused = self._refusal(send, wants_json)
        host = headers.get(b"host", b"").decode("latin-1")
        if not self.hosts.allow(host):
            await refused(421, f"this server does not answer to the host '{host_name(host) or '(none)'}'; "
                               "open it at the address it was started on (or start it with --allow-host)")
            return
        fetch_site = headers.get(b"sec-fetch-site", b"").decode("latin-1").lower()
        nonce = _cookie(headers.get(b"cookie", b"").decode("latin-1"))
        method = scope["method"]
        if method in READS:
            if scope["path"].startswith("/api/") and fetch_site in ("cross-site", "same-site"):
                await refused(403, "the room's data is read by the room's own pages only")
                return
            await self._pass(scope, receive, send, nonce)
            return
        await self._write(scope, receive, send, refused, headers, host, fetch_site, nonce)

    def _refusal(self, send: Any, wants_json: bool) -> Callable[[int, str], Awaitable[None]]:
        """What answers a refusal with `status` and its sentence, as JSON when `wants_json`."""
        async def refused(status: int, sentence: str) -> None:
            media, text = self.refuse(status, sentence, wants_json)
            body = text.encode("utf-8")
            await send({"type": "http.response.start", "status": status,
                        "headers": [(b"content-type", media.encode("latin-1")),
                                    (b"content-length", str(len(body)).encode("latin-1"))]})
            await send({"type": "http.response.body", "body": body})
        return refused

    async def _write(self, scope: dict, receive: Any, send: Any, refused: Callable[[int, str], Awaitable[None]],
                     headers: dict[bytes, bytes], host: str, fetch_site: str, nonce: str | None) -> None:
        """A write, passed to the room once it comes from the room's page with a bounded body and its token."""
        # A write: its origin, then its body (bounded), then its token.
        refusal = self._before_the_body(scope, headers, host, fetch_site)
        if refusal is not None:
            await refused(*refusal)
            return
        try:
            body = await asyncio.wait_for(_body(receive), BODY_SECONDS)
        except _TooLong:
            await refused(413, f"a request to the room is at most {BODY_MAX // 1024} KiB; nothing was read or stored")
            return
        except asyncio.TimeoutError:
            await refused(408, f"the request's body did not come whole within {BODY_SECONDS:g} s; nothing was stored")
            return
        except _Gone:
            return
        if not self._carries_token(headers, body, nonce):
            await refused(403, "this write does not carry the room's CSRF token (open the room's page and "
                               "write from it; a page opened before the server restarted must be reloaded); "
                               "nothing was stored")
            return

        sent = False

        async def replay() -> dict:
            nonlocal sent
            if sent:
                return await receive()  # (a disconnect, when the client goes)
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        await self._pass(scope, replay, send, nonce)

    def _before_the_body(self, scope: dict, headers: dict[bytes, bytes], host: str,
                         fetch_site: str) -> tuple[int, str] | None:
        """Why a write is refused before its body is read (the status and the sentence), or None: the
        server takes no write, the write comes from another page, or it says it is too long."""
        if self.no_writes:
            return 403, self.no_writes
        origin = headers.get(b"origin")
        if origin is not None and origin.decode("latin-1").lower() != f"{scope.get('scheme', 'http')}://{host}".lower():
            return 403, ("a write to the room must come from the room's own page; "
                         f"this one came from {origin.decode('latin-1')!r}: nothing was stored")
        if fetch_site and fetch_site != "same-origin":
            return 403, (f"a write to the room must come from the room's own page (this one is {fetch_site}); "
                         "nothing was stored")
        length = headers.get(b"content-length", b"")
        if length.isascii() and length.isdigit() and (len(length) > 12 or int(length) > BODY_MAX):
            said = f"{int(length) // 1024:,} KiB" if len(length) <= 12 else "larger"
            return 413, (f"a request to the room is at most {BODY_MAX // 1024} KiB, and this one is "
                         f"{said}; nothing was read or stored")
        return None

    def _carries_token(self, headers: dict[bytes, bytes], body: bytes, nonce: str | None) -> bool:
        """The write carries the room's CSRF token for the cookie `nonce`: in its header, else in its form."""
        media = headers.get(b"content-type", b"").split(b";", 1)[0].strip().lower()
        given = headers.get(HEADER, b"").decode("latin-1")
        if not given and media == b"application/x-www-form-urlencoded":
            try:
                given = dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True)).get(FORM_FIELD, "")
            except UnicodeDecodeError:
                given = ""
        if nonce is None or not given:
            return False
        return hmac.compare_digest(given.encode("latin-1", "replace"), self.token(nonce).encode("ascii"))

    async def _pass(self, scope: dict, receive: Any, send: Any, nonce: str | None) -> None:
        """To the room, with `scope['csrftoken']` for its pages; the cookie set when a page used it."""
        issued: list[str] = []

        def csrftoken() -> str:
            if nonce is not None:
                return self.token(nonce)
            if not issued:
                issued.append(secrets.token_hex(16))
            return self.token(issued[0])

        async def sending(message: dict) -> None:
            if message["type"] == "http.response.start" and issued:
                message = {**message, "headers": [
                    *message.get("headers", ()),
                    (b"set-cookie", f"{COOKIE}={issued[0]}; Path=/; HttpOnly; SameSite=Strict".encode("latin-1")),
                    (b"vary", b"Cookie")]}
            await send(message)
        await self.app({**scope, "csrftoken": csrftoken}, receive, sending)

    def _with_headers(self, send: Any) -> Any:
        """Every answer with the room's security headers (those it does not set itself)."""
        async def sending(message: dict) -> None:
            if message["type"] == "http.response.start":
                given = {k.lower() for k, _ in message.get("headers", ())}
                extra = [(k, v) for k, v in self.security_headers if k not in given]
                message = {**message, "headers": [*message.get("headers", ()), *extra]}
            await send(message)
        return sending


class _TooLong(Exception):
    pass


class _Gone(Exception):
    pass


async def _body(receive: Any) -> bytes:
    """The request's body, refused (`_TooLong`) as soon as it passes BODY_MAX."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise _Gone
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > BODY_MAX:
            raise _TooLong
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _headers(scope: dict) -> dict[bytes, bytes]:
    """The request's headers by their names, as the ASGI server gives them (lower case)."""
    headers: dict[bytes, bytes] = {}
    for key, value in scope.get("headers") or ():
        headers.setdefault(key, value)  # (a header given twice is read as its first)
    return headers


def _cookie(header: str) -> str | None:
    """The room's cookie (a nonce it made), or None when there is none of its form."""
    for part in header.split(";"):
        name, eq, value = part.strip().partition("=")
        if eq and name == COOKIE and _NONCE.fullmatch(value.strip()):
            return value.strip()
    return None


def address_key(client: str | None) -> str:
    """The address a login's wrong tokens are counted under: the client's host, its port left
    out; an IPv4 address mapped into IPv6 as itself; an IPv6 address by its /64 (a machine is given
    a /64 and may take any address in it); anything else (no address, a proxy's word that is no
    address) as one."""
    try:
        address = ipaddress.ip_address(client or "")
    except ValueError:
        return "(not an address)"
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return f"{ipaddress.IPv6Address(int(address) >> 64 << 64)}/64"
    return str(address)


class _Bucket:
    """A budget of `size` at once and one more each `seconds` (the generic cell rate algorithm): it
    holds only `due`, when every count so far will have drained."""

    __slots__ = ("due",)

    def __init__(self, now: float) -> None:
        self.due = now

    def wait(self, now: float, size: int, seconds: float) -> float:
        """How long until one more may be counted (0: now)."""
        return max(0.0, self.due - now - (size - 1) * seconds)

    def count(self, now: float, seconds: float) -> None:
        self.due = max(self.due, now) + seconds


@dataclass
class Guesses:
    """How often the server's token may be guessed: the room's `/login` asks `refusal(client)`
    before it compares a token, then says `failed` or `passed`.

    A token is compared only when its address is within its budget: past it, right or wrong, it is
    refused unchecked (were the right one let through, each answer would tell a guess right from
    wrong at the guesser's speed). So the limit is the guesser's: an address has `guesses`
    wrong tokens checked at once, then one each `guess_seconds`, and the right one from any other
    address is taken whatever the guesser does. An address is its host (`address_key`: no port,
    an IPv6 address's /64), remembered while its wrong tokens have not drained, at most `guessers`
    of them, the one whose last wrong token is oldest forgotten first.

    Past `room_guesses` wrong tokens at once from all addresses together, one more each
    `room_guess_seconds` (a guesser with an address for each guess), only an address that has
    logged in with the right token before (the last `known`) has its token checked: a new
    address cannot be told from the guesser's next one, and waits."""

    guesses: int = GUESSES
    guess_seconds: float = GUESS_SECONDS
    room_guesses: int = ROOM_GUESSES
    room_guess_seconds: float = ROOM_GUESS_SECONDS
    guessers: int = GUESSERS
    known: int = KNOWN
    clock: Callable[[], float] = time.monotonic
    _addresses: "OrderedDict[str, _Bucket]" = field(default_factory=OrderedDict)
    _known: "OrderedDict[str, None]" = field(default_factory=OrderedDict)
    _room: _Bucket | None = None

    def refusal(self, client: str | None) -> tuple[str, int] | None:
        """Why a token from `client` is not compared now (one sentence) and in how many seconds it
        would be, or None."""
        now = self.clock()
        key = address_key(client)
        bucket = self._addresses.get(key)
        wait = bucket.wait(now, self.guesses, self.guess_seconds) if bucket is not None else 0.0
        if wait > 0:
            return (f"{self.guesses} wrong tokens came from your address, which then has one more each "
                    f"{self.guess_seconds:g} s; try again in {_seconds(wait)} s"), _seconds(wait)
        room = self._room.wait(now, self.room_guesses, self.room_guess_seconds) if self._room is not None else 0.0
        if room > 0 and key not in self._known:
            return ((f"more than {self.room_guesses} wrong tokens came from many addresses, so for now the room "
                    f"checks a token only from an address that has logged in before; try again in {_seconds(room)} s"),
                    _seconds(room))
        return None

    def failed(self, client: str | None) -> None:
        """A wrong token came from `client`."""
        now = self.clock()
        key = address_key(client)
        if self._room is None:
            self._room = _Bucket(now)
        self._room.count(now, self.room_guess_seconds)
        bucket = self._addresses.pop(key, None) or _Bucket(now)
        bucket.count(now, self.guess_seconds)
        self._addresses[key] = bucket  # (the last to fail, last in the order)
        while self._addresses and (len(self._addresses) > self.guessers
                                   or next(iter(self._addresses.values())).due <= now):
            self._addresses.popitem(last=False)  # the oldest, or one whose wrong tokens have drained

    def passed(self, client: str | None) -> None:
        """The right token came from `client`: its wrong tokens are forgotten, and it is known."""
        key = address_key(client)
        self._addresses.pop(key, None)
        self._known.pop(key, None)
        self._known[key] = None
        while len(self._known) > self.known:
            self._known.popitem(last=False)

    def remembers(self, client: str | None) -> bool:
        """Whether wrong tokens of `client` are on record."""
        return address_key(client) in self._addresses

    def __len__(self) -> int:
        return len(self._addresses)


def _seconds(wait: float) -> int:
    return max(1, math.ceil(wait))
