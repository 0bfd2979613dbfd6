"""The room's connections, bounded: uvicorn's own HTTP protocol (httptools) with the bounds it lacks.

uvicorn times a connection only while it is idle between requests, and any byte that comes stops
that clock: a connection that sends half a request head, or trickles blank lines after an answer,
or a body nobody reads, was kept for ever (19,980 such connections held 120 MB, 200 of them made
the server answer everyone 503), and a request head could be of any size (94 MB of one header took
the server from 76 MB to 220 MB). Here:

- from the moment a connection opens, and again once each answer is sent, the next request's
  head must come whole within HEAD_SECONDS and HEAD_MAX bytes, or the connection is closed (431
  past the size); bytes that are no request do not restart the clock;
- an answer sent before its request's body came whole (a refusal at the door) closes the
  connection: the rest of that body is not waited for;
- past CONNECTIONS connections at once, a new one is answered 503 and closed;
- the answers uvicorn makes itself (400 for a request it cannot parse, and those above) carry the
  room's security headers, as every other answer does.

The body's own bounds are the door's (`guard.BODY_MAX`, `guard.BODY_SECONDS`)."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .server import SECURITY_HEADERS

HEAD_SECONDS = 10.0
HEAD_MAX = 64 * 1024
CONNECTIONS = 200
_SECURITY = b"".join(k + b": " + v + b"\r\n" for k, v in SECURITY_HEADERS)
_REASONS = {400: b"Bad Request", 431: b"Request Header Fields Too Large", 503: b"Service Unavailable"}


class BoundedProtocol(HttpToolsProtocol):
    _head_timer: asyncio.TimerHandle | None = None
    _head_bytes = 0

    def connection_made(self, transport: Any) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > CONNECTIONS:
            self._answer_and_close(503, "The room has as many connections as it takes; try again in a moment.")
            return
        self._wait_for_a_head()

    def data_received(self, data: bytes) -> None:
        waiting = self._head_timer is not None  # (for a request's head)
        super().data_received(data)
        if waiting and self._head_timer is not None and not self.transport.is_closing():
            self._head_bytes += len(data)  # (what came while the head is still not whole)
            if self._head_bytes > HEAD_MAX:
                self._answer_and_close(431, f"A request's head is at most {HEAD_MAX // 1024} KiB.")

    def on_headers_complete(self) -> None:
        self._stop_timer()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.transport.is_closing():
            return
        if self.cycle is not None and self.cycle.more_body:
            self.transport.close()  # answered before its body came whole: the rest is not waited for
        elif self.cycle is None or self.cycle.response_complete:
            self._wait_for_a_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        self._answer_and_close(400, msg)

    def _wait_for_a_head(self) -> None:
        self._stop_timer()
        self._head_bytes = 0
        self._head_timer = self.loop.call_later(HEAD_SECONDS, self._too_slow)

    def _stop_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def _answer_and_close(self, status: int, text: str) -> None:
        self._stop_timer()
        body = text.encode("utf-8")
        self.transport.write(b"HTTP/1.1 %d %s\r\n" % (status, _REASONS[status]) + _SECURITY
                             + b"content-type: text/plain; charset=utf-8\r\ncontent-length: %d\r\n" % len(body)
                             + b"connection: close\r\n\r\n" + body)
        self.transport.close()
