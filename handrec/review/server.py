"""`handrec serve`: the store's hands in a browser, and recording from the page.

Starlette (ASGI, what Datasette also stands on) served by uvicorn, pages from Jinja2
(`page.py`), CSRF from `asgi-csrf`. Reading is open; every write is a POST that carries the CSRF
token, goes through the same recorder as `handrec add` (the same checks, the same one-sentence
refusal, nothing stored when refused), and needs the server's token when it has one
(`--token`, `HANDREC_TOKEN`; required to listen on any address but this machine's own).
`--read-only` refuses every write. Errors are a page or JSON with the right status, never a
traceback.
"""

from __future__ import annotations

import hmac
import json
import ipaddress
import re
import threading
from collections import OrderedDict
from typing import Any
from urllib.parse import quote, urlencode

from asgi_csrf import asgi_csrf
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bridge.lines import TranscriptError
from projections.moment import at as moment_at
from projections.replay import replay, replay_at
from recorder.application import HandRecorder, StoreError, UnknownHand
from recorder.domainmodel import hand_uuid

from ..reading import fold_events
from .hands import HandsIndex, page_of_openings
from .page import SERVED_CSP, Prepared, error_page, hand_page, list_page, login_page, prepare, static_text

PAGE_SIZE = 50
KEPT_HANDS = 32  # the pages of the hands last shown, kept ready while they have no new event
TOKEN_COOKIE = "handrec_token"
STATIC_TYPES = {"review.css": "text/css; charset=utf-8", "review.js": "text/javascript; charset=utf-8"}
HEADERS = {"Content-Security-Policy": SERVED_CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY"}


class ServeError(ValueError):
    """A server that must not start as asked: one sentence."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_binding(host: str, token: str | None) -> None:
    """Bound to any address but this machine's own, a server needs a token for writes."""
    if not is_loopback(host) and not token:
        raise ServeError(f"serving on {host} opens the store to the network: give a token for writes "
                         f"(--token or HANDREC_TOKEN), or serve on 127.0.0.1")


def _html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(text, status_code=status, headers=HEADERS)


class ReviewRoom:
    """The application: one recorder on the store, shared by the requests."""

    def __init__(self, app: HandRecorder, *, token: str | None = None, read_only: bool = False):
        self.app = app
        self.token = token
        self.read_only = read_only
        self._prepared: OrderedDict[str, tuple[tuple[int, Any], Prepared]] = OrderedDict()
        self._lock = threading.Lock()
        self._index = HandsIndex(app)  # read the first time a search asks
        self._reader: Any = False  # the store's rows read straight over one connection (made when first needed)

    # ------------------------------------------------------------ who may write

    def may_write(self, request: Request) -> bool:
        if self.read_only:
            return False
        if not self.token:
            return True
        given = request.cookies.get(TOKEN_COOKIE, "")
        return hmac.compare_digest(given.encode("utf-8"), self.token.encode("utf-8"))

    def refusal(self, request: Request) -> str | None:
        """Why this request may not write, or None."""
        if self.read_only:
            return "this server is read-only (--read-only): nothing can be recorded here"
        if not self.may_write(request):
            return "recording here needs the server's token: give it on the page /login"
        return None

    # ------------------------------------------------------------ pages

    def hands(self, request: Request) -> Response:
        """A page of the hands (`hands.py`): `q` the words searched for, `from` the notification id
        of the page's first hand."""
        q = request.query_params.get("q", "").strip()
        start = request.query_params.get("from", "1")
        start = int(start) if re.fullmatch(r"\d{1,18}", start) else 1
        rows, following = self._page_of_hands(q, start)

        def url(**params: Any) -> str:
            return "/?" + urlencode({k: v for k, v in (("q", q), *params.items()) if v})
        return _html(list_page(rows, q=q, store=self.app.store_name, prev_url=url() if start > 1 else None,
                               next_url=url(**{"from": following}) if following else None,
                               writable=self.may_write(request), csrf=request.scope["csrftoken"]()))

    def _page_of_hands(self, q: str, start: int) -> tuple[list[dict[str, Any]], int | None]:
        """One page of the hands that match from notification id `start` on, in the order they were
        first recorded, with the marks of their rulings; and where the next page starts (None: no
        next page). Only the page's hands are folded."""
        if q:
            found = self._index.search(q, start, PAGE_SIZE + 1)
        else:
            found = page_of_openings(self.app, start, PAGE_SIZE + 1)
        following = found[PAGE_SIZE].notification if len(found) > PAGE_SIZE else None
        rows = []
        for listed in found[:PAGE_SIZE]:
            events = self.app.hand_events(listed.hand_id)
            moment = moment_at(events)
            rulings = moment.rulings()
            source = listed.source
            rows.append({
                "id": listed.hand_id, "rubber": listed.rubber,
                "source": ", ".join(str(source[k]) for k in ("file", "board", "room") if source.get(k)),
                "contract": str(moment.table.contract) if moment.table.contract else None,
                "events": len(events),
                "revokes": sorted({r["status"] for r in rulings["revokes"]},
                                  key=["established", "correctable", "corrected", "suspected"].index),
                "irregularities": len(rulings["irregularities"]),
            })
        return rows, following

    def kept(self, hand_id: str) -> Prepared | None:
        """The hand's page made ready, when it is kept and the hand has had no new event since."""
        with self._lock:
            kept = self._prepared.get(hand_id)
        if kept is not None:
            try:
                last = next(iter(self.app.events.get(hand_uuid(hand_id), desc=True, limit=1)), None)
            except Exception:  # a store that cannot say: the hand is read whole again, and says why
                last = None
            if last is not None and (last.originator_version, last.timestamp) == kept[0]:
                return kept[1]
        return None

    def prepared(self, hand_id: str, events: list[Any] | None = None) -> Prepared:
        """The hand's page made ready (`page.prepare` of its whole replay): kept for the hands last
        shown while the hand has no new event, since a hand's events are only ever added to (never
        changed, never taken away), so its replay is the same while its last event is."""
        ready = self.kept(hand_id)
        if ready is not None:
            return ready
        if events is None:
            events = self.app.hand_events(hand_id)  # UnknownHand when it is not stored
        ready = prepare(replay(events))
        with self._lock:  # the requests of a page are served by several threads
            self._prepared[hand_id] = ((events[-1].originator_version, events[-1].timestamp), ready)
            self._prepared.move_to_end(hand_id)
            while len(self._prepared) > KEPT_HANDS:
                self._prepared.popitem(last=False)
        return ready

    def hand(self, request: Request) -> Response:
        """A hand's page at `?at=N`. Kept whole (`prepared`), it holds every moment. Else it is made
        from the moment at N alone (`replay_at`: one fold), drawn at once, and the whole replay
        follows as a script the page loads after itself (`moments_js`), which keeps it."""
        hand_id = request.path_params["hand_id"]
        ready = self.kept(hand_id)
        events = None
        if ready is None:
            try:
                events = self._events(hand_id)
            except UnknownHand as e:
                return _html(error_page("No such hand", f"{e}."), 404)
        last = ready.last if ready is not None else len(events)  # type: ignore[arg-type]
        at = request.query_params.get("at")
        n = None
        if at is not None:
            if not re.fullmatch(r"\d{1,9}", at) or not 1 <= int(at) <= last:
                return _html(error_page("No such event", f"hand '{hand_id}' has events 1 to {last}; "
                                        f"there is no event '{at}'."), 404)
            n = int(at)
        full_src = ""
        if ready is None:
            ready = prepare(replay_at(events, n))  # type: ignore[arg-type]
            full_src = f"/api/moments/{quote(hand_id)}?v={last}"
        writable = self.may_write(request)
        return _html(hand_page(ready, n, writable=writable, csrf=request.scope["csrftoken"](),
                               post_url="/record/" + quote(hand_id), full_src=full_src))

    def _events(self, hand_id: str) -> list[Any]:
        """The hand's events for the folds: from an SQLite store, its rows read straight
        (`Store.read_hand`), else the application's events. UnknownHand when it is not stored."""
        with self._lock:  # (one connection, kept, for the threads that serve the requests)
            if self._reader is False:
                self._reader = self.app.store.reader()  # None: the store is not read so
            stored = self._reader.read(hand_id) if self._reader is not None else None
        if stored is None:
            return self.app.hand_events(hand_id)
        if not stored:
            raise UnknownHand(hand_id)
        return fold_events(stored)

    def moments_js(self, request: Request) -> Response:
        """The whole replay of a hand as a script for its page: it hands the replay to the page's
        script (`handrecInstall`), whichever of the two runs first."""
        hand_id = request.path_params["hand_id"]
        try:
            data = self.prepared(hand_id).data  # (its '<', '>', '&' escaped: safe in a script too)
        except UnknownHand as e:
            return Response(f"/* {json.dumps(str(e))} */", status_code=404, media_type="text/javascript",
                            headers=HEADERS)
        script = (f"window.handrecFull={data};"
                  "if(window.handrecInstall)window.handrecInstall(window.handrecFull);")
        return Response(script, media_type="text/javascript", headers=HEADERS)

    def replay_json(self, request: Request) -> Response:
        hand_id = request.path_params["hand_id"]
        try:
            # The replay's JSON as the page embeds it (its '<', '>', '&' escaped: the same JSON).
            return Response(self.prepared(hand_id).data, media_type="application/json", headers=HEADERS)
        except UnknownHand as e:
            return JSONResponse({"error": f"{e}."}, status_code=404, headers=HEADERS)

    def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC_TYPES:
            return Response("not found", status_code=404, media_type="text/plain")
        return Response(static_text(name), media_type=STATIC_TYPES[name], headers=HEADERS)

    # ------------------------------------------------------------ writes

    async def record(self, request: Request) -> Response:
        hand_id = request.path_params["hand_id"]
        why = self.refusal(request)
        if why:
            return JSONResponse({"error": why + "."}, status_code=403, headers=HEADERS)
        form = await request.form()
        line = str(form.get("line", "")).strip()
        expected = str(form.get("expected", ""))
        try:
            stored = len(self.app.hand_events(hand_id))
        except UnknownHand as e:
            return JSONResponse({"error": f"{e}."}, status_code=404, headers=HEADERS)
        if expected.isdigit() and int(expected) != stored:
            return JSONResponse({"error": f"hand '{hand_id}' changed: it has {stored} events, the page showed "
                                          f"{expected}; nothing was stored", "total": stored},
                                status_code=409, headers=HEADERS)
        if not line:
            return JSONResponse({"error": "write the act as a transcript line, e.g. 'play W SA'."},
                                status_code=400, headers=HEADERS)
        try:
            r = self.app.add(hand_id, line)
        except TranscriptError as e:
            return JSONResponse({"error": str(e)}, status_code=400, headers=HEADERS)
        except StoreError as e:
            total = len(self.app.hand_events(hand_id))
            return JSONResponse({"error": str(e).rstrip(".") + ".", "total": total}, status_code=409,
                                headers=HEADERS)
        return JSONResponse({"ok": True, "hand": hand_id, "total": r.total, "line": line}, headers=HEADERS)

    async def new_hand(self, request: Request) -> Response:
        why = self.refusal(request)
        if why:
            return _html(error_page("Not recorded", why + "."), 403)
        form = await request.form()
        fields = {k: str(form.get(k, "")).strip() for k in ("hand", "dealer", "deal", "contract")}
        lines = [f"hand {fields['hand']}", f"dealer {fields['dealer']}", f"deal {fields['deal']}"]
        if fields["contract"]:
            lines.append(f"contract {fields['contract']}")
        try:
            r = self.app.record("\n".join(lines) + "\n", file="the new hand's form")
        except (TranscriptError, StoreError) as e:
            return _html(error_page("Not recorded", str(e).rstrip(".") + "; nothing was stored."), 400)
        if r.added == 0:
            return _html(error_page("Not recorded", f"hand '{r.hand_id}' is already stored."), 409)
        return RedirectResponse(f"/hands/{quote(r.hand_id)}?at={r.total}", status_code=303, headers=HEADERS)

    async def login(self, request: Request) -> Response:
        if request.method == "GET":
            return _html(login_page(has_token=bool(self.token), read_only=self.read_only,
                                    csrf=request.scope["csrftoken"]()))
        form = await request.form()
        given = str(form.get("token", ""))
        if not self.token or not hmac.compare_digest(given.encode("utf-8"), self.token.encode("utf-8")):
            return _html(error_page("Wrong token", "That is not the server's token; nothing changed."), 403)
        response = RedirectResponse("/", status_code=303, headers=HEADERS)
        response.set_cookie(TOKEN_COOKIE, given, httponly=True, samesite="strict")
        return response

    # ------------------------------------------------------------ the ASGI app

    def asgi(self) -> Any:
        app = Starlette(routes=[
            Route("/", self.hands),
            Route("/hands/{hand_id:path}", self.hand),
            Route("/api/replay/{hand_id:path}", self.replay_json),
            Route("/api/moments/{hand_id:path}", self.moments_js),
            Route("/static/{name}", self.static),
            Route("/record/{hand_id:path}", self.record, methods=["POST"]),
            Route("/hands", self.new_hand, methods=["POST"]),
            Route("/login", self.login, methods=["GET", "POST"]),
        ], exception_handlers={404: self._not_found, 405: self._not_allowed, 500: self._failed})
        return asgi_csrf(app, signing_secret=None, cookie_samesite="Strict")

    async def _not_found(self, request: Request, exc: Exception) -> Response:
        return _html(error_page("Not found", f"nothing is at {request.url.path}."), 404)

    async def _not_allowed(self, request: Request, exc: Exception) -> Response:
        return _html(error_page("Not allowed", f"{request.method} is not how {request.url.path} is used."), 405)

    async def _failed(self, request: Request, exc: Exception) -> Response:
        explain = getattr(getattr(self.app, "store", None), "explain", None)
        message = explain(exc) if explain else "the store failed"
        return _html(error_page("The store failed", f"{message}; nothing was changed by this request."), 500)
