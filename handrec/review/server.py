"""`handrec serve`: the store's hands in a browser, and recording from the page.

Starlette (ASGI, what Datasette also stands on) served by uvicorn, pages from Jinja2
(`page.py`), every request through the door of `guard.py` first (the host, the body's size, the
CSRF token and origin of every write, reads kept to the room's own pages). Reading is open; every
write is a POST from the room's page, goes through the same recorder as `handrec add` (the same
checks, the same one-sentence refusal, nothing stored when refused), and needs the server's token
when it has one (`--token`, `--token-file`, `HANDREC_TOKEN`; required to listen on any address but
this machine's own). `--read-only` refuses every write. The store is called off the event loop,
each call waited for at most STORE_SECONDS, so that one slow write never holds another page.
Errors are a page or JSON with the right status, never a traceback.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import sqlite3
import threading
import time
from collections import OrderedDict
from typing import Any
from urllib.parse import quote, urlencode

import anyio
from eventsourcing.persistence import PersistenceError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from bridge.cards import SEAT_NAMES, SEATS
from bridge.hand_ids import dot_segment
from bridge.rulesets import DEFAULT_RULESET, RULESETS
from bridge.lines import parse_line
from bridge.messages import TranscriptError
from projections.moment import at as moment_at
from projections.replay import FOLD_BEGINS, TooLarge as FoldTooLarge, replay, replay_at
from projections.rulings.state import RevokeStatus
from projections.compare import act_by_act, step_of
from recorder.accounts import SecondAccounts
from recorder.application import HandRecorder
from recorder.errors import HandChanged, StoreError, StoreGone, UnknownHand
from recorder.ids import hand_uuid

from ..reading import hand_events
from .guard import Guard, Guesses, Hosts
from .hands import HandsIndex, page_of_openings
from .making import STAGE, Making, at_stage, not_done
from ..views import not_accounts_of_one_hand
from .officials import Officials, OfficialsError
from .page import SERVED_CSP, Prepared, compare_page, error_page, hand_page, list_page, login_page, prepare

PAGE_SIZE = 50
KEPT_HANDS = 32  # the pages of the hands last shown, kept ready while they have no new event,
KEPT_BYTES = 48 << 20  # ... up to this much of their data (a kept page holds some times its data's size)
# The most events of a hand the room shows: its page holds every moment (told as what changed since
# the moment before: under a kilobyte an event of play), so a longer hand is read by the commands
# (`show --at N`, `rulings --at N`, `timeline`) instead.
ROOM_EVENTS_MAX = 10_000
# The most items a hand's rulings may list, summed over its moments (`projections.replay.ruled_items`:
# its revokes and their remarks, irregularities, corrections, findings, exposed cards, open
# questions), for the room to show it moment by moment: what making its page costs (the fold
# rules and words every moment afresh; 1,000 events of questions and attention, each kept on record,
# list some 750,000). Past it the fold stops, and the hand is read by the commands.
ROOM_RULINGS_MAX = 2_000_000
PREPARING = 2  # the pages of different hands made at once; the others wait their turn (readers of one share it)
TOKEN_COOKIE = "handrec_token"
# On every answer (the guard adds them): what a page may load, and that no other site may embed,
# frame or open it. The referrer goes to the room itself only: under `no-referrer` a browser sends
# the room's own forms with `Origin: null`, which the guard must refuse as a page from nowhere.
HEADERS = {"Content-Security-Policy": SERVED_CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY",
           "Cross-Origin-Resource-Policy": "same-origin", "Cross-Origin-Opener-Policy": "same-origin"}
# The same, as the wire carries them (the door's answers and uvicorn's own, review/connections.py).
SECURITY_HEADERS = tuple((k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in HEADERS.items())
SESSION_SECONDS = 12 * 3600.0  # a login lasts a session of play (and ends with the server's run)
SESSIONS = 1000  # the logins kept: past them the oldest ends
STORE_SECONDS = 20.0  # the longest a request waits for the store and its page (the store's own lock wait is 10 s)
STORE_CALLS = 8  # the store's calls at once; the others wait their turn (within STORE_SECONDS)
TITLES = {403: "Not allowed", 408: "Too slow", 413: "Too large", 421: "Wrong address", 503: "The store did not answer"}


def unaddressable(hand_id: str) -> str:
    return (f"the hand id '{hand_id}' has a '.', '..' or empty segment, which a browser takes out of its "
            f"address, so the room does not open it or record into it; 'handrec show {hand_id}' and "
            f"'handrec review {hand_id} -o FILE.html' read it")


def _html(text: str, status: int = 200, headers: dict[str, str] | None = None) -> HTMLResponse:
    return HTMLResponse(text, status_code=status, headers=headers)


def _json(value: dict[str, Any], status: int = 200) -> JSONResponse:
    return JSONResponse(value, status_code=status)


def refusal_body(status: int, sentence: str, as_json: bool) -> tuple[str, str]:
    """The guard's refusal: JSON for a script that asks for JSON, a page otherwise."""
    if as_json:
        return "application/json", json.dumps({"error": sentence + "."})
    return "text/html; charset=utf-8", error_page(TITLES.get(status, "Refused"), sentence + ".")


# What a store that fails raises (a corrupt file, a server gone): said in one sentence.
STORE_FAILURES = (StoreError, sqlite3.Error, PersistenceError)


READ_ONLY = "this server is read-only (--read-only): nothing can be recorded here"


class TooLong(Exception):
    """A hand the room does not show moment by moment: more events than ROOM_EVENTS_MAX, or rulings
    listing more than ROOM_RULINGS_MAX items over its moments (`too_large`)."""


def too_long(hand_id: str, events: int) -> str:
    return (f"hand '{hand_id}' has {events:,} events, more than the room shows ({ROOM_EVENTS_MAX:,}); read it with "
            f"'handrec show {hand_id} --at N', 'handrec rulings {hand_id} --at N' or 'handrec timeline {hand_id}'")


def too_large(hand_id: str, why: FoldTooLarge) -> str:
    return (f"hand '{hand_id}' has rulings too large to show moment by moment ({why}, the room's bound); read it "
            f"with 'handrec show {hand_id} --at N', 'handrec rulings {hand_id} --at N' or "
            f"'handrec timeline {hand_id}'")


class StoreSlow(Exception):
    """The store did not answer within STORE_SECONDS."""


class ReviewRoom:
    """The application: one recorder on the store, shared by the requests."""

    def __init__(self, app: HandRecorder, *, token: str | None = None, read_only: bool = False,
                 hosts: Hosts = Hosts.of("127.0.0.1"), officials: Officials = Officials()):
        self.app = app
        self.token = token
        self.officials = officials  # who may record the officials' acts, each by a token of his own (officials.py)
        self.read_only = read_only
        self.hosts = hosts
        self._calls: anyio.CapacityLimiter | None = None  # (made on the event loop, when first needed)
        self._guesses = Guesses()  # the wrong tokens given to /login, by address (`login`)
        # the logins' cookies: when each ends, and the official it is of (None: a player's)
        self._sessions: OrderedDict[str, tuple[float, str | None]] = OrderedDict()
        self._prepared: OrderedDict[str, tuple[tuple[int, Any], Prepared]] = OrderedDict()
        self._lock = threading.Lock()
        self._index = HandsIndex(app)  # read the first time a search asks
        self._reader: Any = False  # the store's rows read straight over one connection (made when first needed)
        self._second_accounts = SecondAccounts()  # which hands are second accounts of which (`_accounts`)

    # ------------------------------------------------------------ who may write

    def may_write(self, request: Request) -> bool:
        if self.read_only:
            return False
        return not self.token or self._login(request) is not None

    def _login(self, request: Request) -> tuple[str | None] | None:
        """The request's login, while it lasts: (the official it is of, or None for a player's);
        None when it has none."""
        given = request.cookies.get(TOKEN_COOKIE, "")
        with self._lock:
            session = self._sessions.get(given)
        if session is None or session[0] <= time.monotonic():
            return None
        return (session[1],)

    def official(self, request: Request) -> str | None:
        """The official logged in on this request (officials.py), or None."""
        login = self._login(request)
        return login[0] if login is not None else None

    def refusal(self, request: Request) -> str | None:
        """Why this request may not write, or None (a read-only server's writes never get here:
        the door refuses them)."""
        if not self.may_write(request):
            return "recording here needs the server's token: give it on the page /login"
        return None

    # ------------------------------------------------------------ pages

    def hands(self, request: Request) -> Response:
        """A page of the hands (`hands.py`): `q` the words searched for, `from` the notification id
        of the page's first hand."""
        q = request.query_params.get("q", "").strip()
        start = request.query_params.get("from", "1")
        start = int(start) if re.fullmatch(r"[0-9]{1,18}", start) else 1  # ([0-9]: \\d takes any script's digits)
        rows, following = self._page_of_hands(q, start)

        def url(**params: Any) -> str:
            return "/?" + urlencode({k: v for k, v in (("q", q), *params.items()) if v})
        return _html(list_page(rows, q=q, store=self.app.store_name, prev_url=url() if start > 1 else None,
                               next_url=url(**{"from": following}) if following else None,
                               writable=self.may_write(request), csrf=request.scope["csrftoken"](),
                               rulesets=RULESETS, default_ruleset=self.app.default_ruleset or DEFAULT_RULESET,
                               default_set=self.app.default_ruleset is not None))

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
            tags = moment.table.tags
            board = tags.get("Board") or source.get("board")
            # the occasion, from the hand's tags: its board, its date, who sat where
            occasion = [f"board {board}" if board else "", tags.get("Date", ""),
                        ", ".join(f"{SEAT_NAMES[s]} {tags[SEAT_NAMES[s]]}" for s in SEATS if tags.get(SEAT_NAMES[s]))]
            rows.append({
                "occasion": " · ".join(x for x in occasion if x),
                "id": listed.hand_id, "addressable": dot_segment(listed.hand_id) is None, "rubber": listed.rubber,
                "source": ", ".join(str(source[k]) for k in ("file", "board", "room") if source.get(k)),
                "contract": str(moment.table.contract) if moment.table.contract else None,
                "events": len(events),
                "revokes": sorted({r["status"] for r in rulings["revokes"]},
                                  key=[RevokeStatus.ESTABLISHED, RevokeStatus.CORRECTABLE, RevokeStatus.CORRECTED,
                                       RevokeStatus.SUSPECTED].index),
                "irregularities": len(rulings["irregularities"]),
                "account_of": getattr(events[0], "trunk", "") or "",  # a second account: of which hand
            })
        return rows, following

    def kept(self, hand_id: str) -> Prepared | None:
        """The hand's page made ready, when it is kept and the hand has had no new event since;
        TooLong when the hand was found too large to show moment by moment and has had none since."""
        with self._lock:
            kept = self._prepared.get(hand_id)
        refused = self._making().refused(hand_id)
        if (kept is None or kept[0] is None) and refused is None:
            return None
        last = self._last_stored(hand_id)
        if kept is not None and kept[0] is not None and last == kept[0]:
            return kept[1]
        if refused is not None and last is not None and last == refused[0]:
            raise TooLong(refused[1])
        return None

    def _last_stored(self, hand_id: str) -> tuple[int, Any] | None:
        """The version and time of the last event the hand stores itself (a second account: of
        its own, since the events it shares never change), or None when the store cannot say."""
        try:
            last = next(iter(self.app.events.get(hand_uuid(hand_id), desc=True, limit=1)), None)
        except Exception:  # a store that cannot say: the hand is read whole again, and says why
            return None
        return None if last is None else (last.originator_version, last.timestamp)

    def prepared(self, hand_id: str, events: list[Any] | None = None) -> Prepared:
        """The hand's page made ready (`page.prepare` of its whole replay): kept for the hands last
        shown while the hand has no new event, since a hand's events are only ever added to (never
        changed, never taken away), so its replay is the same while its last event is. One making of
        a hand at a time: a reader asking while it is made waits for it and shares it."""
        ready = self.kept(hand_id)
        if ready is not None:
            return ready
        return self._making().once(hand_id, lambda: self._make(hand_id, events))

    def _make(self, hand_id: str, events: list[Any] | None) -> Prepared:
        """`prepared`'s making of the page: the hand read, then made in its turn (at most PREPARING
        at once), kept; a hand too large to show moment by moment is kept refused (TooLong)."""
        key: tuple[int, Any] | None
        if events is None:
            key = self._last_stored(hand_id)  # (read first: an event stored meanwhile makes it stale)
            events = self.app.hand_events(hand_id)  # UnknownHand when it is not stored
        elif getattr(events[0], "trunk", ""):
            key = None  # (a second account's events, read by the caller: its own last one is not among them)
        else:
            key = (events[-1].originator_version, events[-1].timestamp)
        if len(events) > ROOM_EVENTS_MAX:
            raise TooLong(too_long(hand_id, len(events)))
        with self._making().turn():
            try:
                ready = prepare(replay(events, ROOM_RULINGS_MAX))
            except FoldTooLarge as e:
                refusal = too_large(hand_id, e)
                if key is not None:
                    self._making().refuse(hand_id, key, refusal)
                raise TooLong(refusal) from None
        with self._lock:  # the requests of a page are served by several threads
            self._prepared[hand_id] = (key, ready)
            self._prepared.move_to_end(hand_id)
            while len(self._prepared) > KEPT_HANDS or (
                    len(self._prepared) > 1 and sum(len(p.data) for _, p in self._prepared.values()) > KEPT_BYTES):
                self._prepared.popitem(last=False)
        return ready

    def _making(self) -> Making:
        """The pages being made (`making.Making`), made when first needed."""
        making = self.__dict__.get("_making_pages")
        if making is None:
            making = self.__dict__.setdefault("_making_pages", Making(PREPARING, KEPT_HANDS))
        return making

    def compare(self, request: Request) -> Response:
        """Two accounts of a hand side by side at `?a=ID&b=ID&at=N` (b: the other account, when
        the hand has two and it is not named)."""
        a, b, at, event = (request.query_params.get(k, "") for k in ("a", "b", "at", "event"))
        try:
            if not a:
                return _html(error_page("No such page", "the compare page names two accounts: "
                                        "/compare?a=ID&b=ID"), 404)
            family = self.app.accounts(a)  # (UnknownHand when a is not stored)
            if not b:
                others = [h for h in family if h != a]
                if not others:
                    return _html(error_page("One account only", f"hand '{a}' is told once; a second account is "
                                            f"opened with 'handrec branch {a} NEW --at N'."), 404)
                b = others[0]
            refused = not_accounts_of_one_hand(a, b, family, self.app.accounts(b))
            if refused:
                return _html(error_page("Not two accounts of one hand", refused + "."), 404)
            events = [self._events(a), self._events(b)]
        except UnknownHand as e:
            return _html(error_page("No such hand", f"{e}."), 404)
        longest = max(len(e) for e in events)
        if longest > ROOM_EVENTS_MAX:
            return _html(error_page("Too long to show here", too_long(a, longest) + "."), 413)
        for name, value in (("at", at), ("event", event)):
            if value and (not re.fullmatch(r"[0-9]{1,18}", value) or int(value) < 1):
                what = "acts" if name == "at" else f"{b}'s events"
                return _html(error_page("No such step", f"there is no {name} '{value}': the comparison's "
                                        f"{what} are numbered from 1."), 404)
        # A step is a row of the accounts' alignment (the same moment of play in both, act by act);
        # `event=N` the row of b's event N (the link from b's page at that event)
        c = act_by_act(events[0], events[1], int(at) if at else None)
        if event and not at:
            c = act_by_act(events[0], events[1], step_of(c["rows"], 1, int(event)))
        return _html(compare_page(c))

    def hand(self, request: Request) -> Response:
        """A hand's page at `?at=N`. Kept whole (`prepared`), it holds every moment. Else it is made
        from the moment at N alone (`replay_at`: one fold), drawn at once, and the whole replay
        follows as a script the page loads after itself (`moments_js`), which keeps it."""
        hand_id = request.path_params["hand_id"]
        if dot_segment(hand_id) is not None:
            return _html(error_page("Not opened here", unaddressable(hand_id) + "."), 404)
        ready = self.kept(hand_id)
        events = None
        if ready is None:
            try:
                events = self._events(hand_id)
            except UnknownHand as e:
                return _html(error_page("No such hand", f"{e}."), 404)
        last = ready.last if ready is not None else len(events)  # type: ignore[arg-type]
        if last > ROOM_EVENTS_MAX:
            return _html(error_page("Too long to show here", too_long(hand_id, last) + "."), 413)
        at = request.query_params.get("at")
        n = None
        if at is not None:
            if not re.fullmatch(r"[0-9]{1,18}", at) or int(at) < 1:
                return _html(error_page("No such event", f"hand '{hand_id}' has events 1 to {last}; "
                                        f"there is no event '{at}'."), 404)
            n = min(int(at), last)  # (past the last event: the last, as a link made before it was the end)
        full_src = ""
        if ready is None:
            ready = prepare(replay_at(events, n))  # type: ignore[arg-type]
            full_src = f"/api/moments/{quote(hand_id)}?v={last}"
        writable = self.may_write(request)
        opening = parse_line(ready.replay["events"][0]["line"]) if ready.replay["events"] else None
        first = opening.args.get("trunk", "") if opening is not None and opening.kind == "hand" else ""
        family = self._accounts(hand_id)
        return _html(hand_page(ready, n, writable=writable, csrf=request.scope["csrftoken"](), account_of=first,
                               accounts=family, **self._beside_the_others(hand_id, family),
                               post_url="/record/" + quote(hand_id), full_src=full_src,
                               opened=request.query_params.get("notice") == "opened"))

    def _accounts(self, hand_id: str) -> list[str]:
        """The hand's accounts (`HandRecorder.accounts`: the first, then the second accounts). An
        SQLite store's: from the room's `SecondAccounts`, its openings read once and then those
        stored since (a first view of a hand in a store of thousands is then no look at all of
        them). Another store's: read again only when the store has had a new event since."""
        with self._lock:  # (one connection, and one map, for the threads that serve the requests)
            reader = self._straight()
            if reader is not None:
                self._second_accounts.refresh(reader)
                return self._second_accounts.family(hand_id)
        try:
            now = self.app.recorder.max_notification_id()
        except Exception:  # (a store that cannot say: read them)
            now = None
        with self._lock:
            kept = self.__dict__.setdefault("_families", {}).get(hand_id)
        if kept is not None and now is not None and kept[0] == now:
            return kept[1]
        family = self.app.accounts(hand_id)
        with self._lock:
            families = self.__dict__["_families"]
            families[hand_id] = (now, family)
            while len(families) > KEPT_HANDS * 4:
                families.pop(next(iter(families)))
        return family

    def _straight(self) -> Any:
        """The store's rows read straight over the room's one connection (`Store.reader`, made when
        first needed), None when the store is not read so. Called under `_lock`."""
        if self._reader is False:
            self._reader = self.app.store.reader()
        return self._reader

    def _beside_the_others(self, hand_id: str, family: list[str]) -> dict[str, Any]:
        """What the hand's page says of its other accounts (`family`, the hand's accounts:
        `projections.report.beside_the_others`), each account read once; nothing to read for a
        hand told once."""
        if len(family) < 2:
            return {}
        from projections.report import beside_the_others

        return beside_the_others(hand_id, self._events(hand_id), [(a, self._events(a)) for a in family if a != hand_id])

    def _events(self, hand_id: str) -> list[Any]:
        """The hand's events for the folds: from an SQLite store, its rows read straight
        (`Store.read_hand`), else the application's events. UnknownHand when it is not stored."""
        def read(h: str) -> Any:
            with self._lock:  # (one connection, kept, for the threads that serve the requests)
                reader = self._straight()
                return reader.read(h) if reader is not None else None

        return hand_events(read, hand_id, self.app.hand_events)

    def moments_js(self, request: Request) -> Response:
        """The whole replay of a hand as a script for its page: it hands the replay to the page's
        script (`handrecInstall`), whichever of the two runs first."""
        hand_id = request.path_params["hand_id"]
        try:
            data = self.prepared(hand_id).data  # (its '<', '>', '&' escaped: safe in a script too)
        except UnknownHand as e:
            return Response(f"/* {json.dumps(str(e))} */", status_code=404, media_type="text/javascript")
        except TooLong as e:
            return Response(f"/* {json.dumps(str(e))} */", status_code=413, media_type="text/javascript")
        script = (f"window.handrecFull={data};"
                  "if(window.handrecInstall)window.handrecInstall(window.handrecFull);")
        return Response(script, media_type="text/javascript")

    def replay_json(self, request: Request) -> Response:
        hand_id = request.path_params["hand_id"]
        try:
            # The replay's JSON as the page embeds it (its '<', '>', '&' escaped: the same JSON).
            return Response(self.prepared(hand_id).data, media_type="application/json")
        except UnknownHand as e:
            return JSONResponse({"error": f"{e}."}, status_code=404)
        except TooLong as e:
            return JSONResponse({"error": f"{e}."}, status_code=413)

    # ------------------------------------------------------------ the store, off the event loop

    async def in_store(self, work: Any) -> Any:
        """`work()` in a thread, at most STORE_CALLS at once, waited for at most STORE_SECONDS
        (then StoreSlow: the thread is left to finish, and its answer is not given)."""
        if self._calls is None:
            self._calls = anyio.CapacityLimiter(STORE_CALLS)

        def started() -> Any:
            at_stage("store")
            return work()

        with anyio.move_on_after(STORE_SECONDS):
            return await anyio.to_thread.run_sync(started, abandon_on_cancel=True, limiter=self._calls)
        raise StoreSlow

    def reading(self, page: Any) -> Any:
        """A page that reads the store, served by `in_store`; not done in STORE_SECONDS, it says
        where it stood (`making.STAGE`): the store not answering is one thing, the page taking
        longer to make than the room waits another."""
        async def served(request: Request) -> Response:
            stage = ["queued"]

            def folding() -> None:  # (a fold begun once the store has answered: the page's own fold)
                if stage[0] == "store":
                    stage[0] = "folding"

            token = STAGE.set(stage)  # (the thread `in_store` starts runs in a copy of this context)
            told = FOLD_BEGINS.set(folding)
            try:
                return await self.in_store(lambda: page(request))
            except StoreSlow:
                title, sentence = not_done(stage[0], hand=request.path_params.get("hand_id"), store=self.app.store_name,
                                           seconds=STORE_SECONDS, calls=STORE_CALLS, at_once=PREPARING,
                                           told=request.url.path.startswith(("/hands/", "/api/")))
                return self._said(request, 503, title, sentence)
            except TooLong as e:  # (a hand kept refused: `kept`)
                return self._said(request, 413, "Too large to show here", str(e))
            except STORE_FAILURES as e:  # (said here, in one sentence: not logged as the server's failure)
                return self._store_failed(request, e)
            finally:
                FOLD_BEGINS.reset(told)
                STAGE.reset(token)
        return served

    def _said(self, request: Request, status: int, title: str, sentence: str) -> Response:
        """A page's refusal in one sentence: JSON for /api/replay, a comment for the moments' script,
        a page otherwise."""
        path = request.url.path
        if path.startswith("/api/moments/"):
            return Response(f"/* {json.dumps(sentence + '.')} */", status_code=status, media_type="text/javascript")
        if path.startswith("/api/"):
            return _json({"error": sentence + "."}, status)
        return _html(error_page(title, sentence + "."), status)

    def _store_failed(self, request: Request, error: BaseException) -> Response:
        message = self.app.store.explain(error) if not isinstance(error, StoreError) else str(error).rstrip(".")
        if request.url.path.startswith(("/api/", "/record/")):
            return _json({"error": f"{message}; nothing was changed by this request."}, 503)
        return _html(error_page("The store failed", f"{message}; nothing was changed by this request."), 503)

    # ------------------------------------------------------------ writes

    async def record(self, request: Request) -> Response:
        hand_id = request.path_params["hand_id"]
        why = self.refusal(request)
        if why:
            return _json({"error": why + "."}, 403)
        if dot_segment(hand_id) is not None:
            return _json({"error": unaddressable(hand_id) + "; nothing was stored."}, 404)
        form = await request.form()  # (the guard has bounded the body)
        line = str(form.get("line", "")).strip()
        expected = str(form.get("expected", ""))
        if not line:
            return _json({"error": "write the act as a transcript line, e.g. 'play W SA'."}, 400)
        # (ASCII digits, few: str.isdigit takes '²', and int() refuses it and numbers of 4,300 digits)
        if expected and not re.fullmatch(r"[0-9]{1,9}", expected):
            return _json({"error": f"'expected' is the number of events the page showed, not '{expected[:20]}'; "
                                   "nothing was stored."}, 400)
        count = int(expected) if expected else None
        official = self.official(request)

        def write() -> Any:
            # (an official's act only from an official's login, in his name: officials.py)
            text = self.officials.as_recorded(line, official, lambda n: self._event_line(hand_id, n))
            return self.app.add(hand_id, text, count), text

        try:
            r, line = await self.in_store(write)
        except OfficialsError as e:
            return _json({"error": f"{e}; nothing was stored."}, 403)
        except UnknownHand as e:
            return _json({"error": f"{e}."}, 404)
        except HandChanged as e:
            return _json({"error": f"{e}", "total": e.total}, 409)
        except TranscriptError as e:
            return _json({"error": str(e)}, 400)
        except StoreGone as e:
            return _json({"error": str(e).rstrip(".") + "."}, 503)
        except StoreError as e:
            try:
                total = await self.in_store(lambda: len(self.app.hand_events(hand_id)))
            except (*STORE_FAILURES, StoreSlow, UnknownHand):
                return _json({"error": str(e).rstrip(".") + "."}, 503)
            return _json({"error": str(e).rstrip(".") + ".", "total": total}, 409)
        except STORE_FAILURES as e:
            return self._store_failed(request, e)
        except StoreSlow:
            return _json({"error": f"the store has not answered in {STORE_SECONDS:g} s, so whether '{line}' was "
                                   "stored is not known; reload the page to see the hand as the store holds it"}, 503)
        return _json({"ok": True, "hand": hand_id, "total": r.total, "line": line})

    def _event_line(self, hand_id: str, number: int) -> str | None:
        """The stored line of the hand's event `number` (None past its end)."""
        lines = self.app.hand(hand_id).lines
        return lines[number - 1] if 1 <= number <= len(lines) else None

    async def new_hand(self, request: Request) -> Response:
        why = self.refusal(request)
        if why:
            return _html(error_page("Not recorded", why + "."), 403)
        form = await request.form()
        fields = {k: str(form.get(k, "")).strip() for k in ("hand", "dealer", "deal", "contract", "ruleset")}
        # The code of laws chosen (none chosen: the store's default, which the recorder writes in)
        if fields["ruleset"] and RULESETS.get(fields["ruleset"]) is None:  # (one of the names, never more words)
            return _html(error_page("Not recorded", f"'{fields['ruleset']}' is not a code of laws handrec knows "
                                    f"({', '.join(RULESETS)}); nothing was stored."), 400)
        named = f" ruleset={fields['ruleset']}" if fields["ruleset"] else ""
        lines = [f"hand {fields['hand']}{named}", f"dealer {fields['dealer']}", f"deal {fields['deal']}"]
        if fields["contract"]:
            lines.append(f"contract {fields['contract']}")
        try:
            r = await self.in_store(lambda: self.app.record("\n".join(lines) + "\n", file="the new hand's form"))
        except (TranscriptError, StoreError) as e:
            return _html(error_page("Not recorded", str(e).rstrip(".") + "; nothing was stored."), 400)
        except StoreSlow:
            return _html(error_page(TITLES[503], f"the store has not answered in {STORE_SECONDS:g} s, so whether "
                                                 f"hand '{fields['hand']}' was stored is not known; look for it in "
                                                 "the list in a moment."), 503)
        if r.added == 0:
            return _html(error_page("Not recorded", f"hand '{r.hand_id}' is already stored."), 409)
        return RedirectResponse(f"/hands/{quote(r.hand_id)}?at={r.total}&notice=opened", status_code=303)

    async def login(self, request: Request) -> Response:
        if request.method == "GET":
            return _html(login_page(has_token=bool(self.token or self.officials.digests), read_only=self.read_only,
                                    csrf=request.scope["csrftoken"]()))
        # The token is compared only when its address may guess now (`guard.Guesses`: the limit is
        # the guesser's, per address, and the room's past many addresses), its digest in constant
        # time (its length told nothing either); the form read first, so that nothing else runs
        # between the limit's question and its count.
        form = await request.form()
        given = str(form.get("token", ""))
        client = request.client.host if request.client else None
        refused = self._guesses.refusal(client)
        if refused:
            why, wait = refused
            return _html(error_page("Too many tries", why + "."), 429, {"Retry-After": str(wait)})
        official = self.officials.who(given)  # (an official's own token: his acts are recorded in his name)
        if official is None and (not self.token or not hmac.compare_digest(
                hashlib.sha256(given.encode("utf-8", "replace")).digest(), hashlib.sha256(self.token.encode("utf-8")).digest())):
            self._guesses.failed(client)
            return _html(error_page("Wrong token", "That is not the server's token; nothing changed."), 403)
        self._guesses.passed(client)
        response = RedirectResponse("/", status_code=303)
        # The cookie is a session of this server's run, made for this login: not the token, nor
        # made from it (a browser sends its cookies to every port of the machine), and it ends.
        session = secrets.token_hex(16)
        with self._lock:
            self._sessions[session] = (time.monotonic() + SESSION_SECONDS, official)
            while len(self._sessions) > SESSIONS:
                self._sessions.popitem(last=False)
        response.set_cookie(TOKEN_COOKIE, session, max_age=int(SESSION_SECONDS), httponly=True, samesite="strict")
        return response

    # ------------------------------------------------------------ the ASGI app

    def asgi(self) -> Any:
        app = Starlette(routes=[
            Route("/", self.reading(self.hands)),
            Route("/hands/{hand_id:path}", self.reading(self.hand)),
            Route("/compare", self.reading(self.compare)),
            Route("/api/replay/{hand_id:path}", self.reading(self.replay_json)),
            Route("/api/moments/{hand_id:path}", self.reading(self.moments_js)),
            Mount("/static", StaticFiles(packages=[("handrec.review", "static")])),  # the style sheets, the script
            Route("/record/{hand_id:path}", self.record, methods=["POST"]),
            Route("/hands", self.new_hand, methods=["POST"]),
            Route("/login", self.login, methods=["GET", "POST"]),
        ], exception_handlers={404: self._not_found, 405: self._not_allowed, 500: self._answer_error})
        return Guard(app, self.hosts, refusal_body, no_writes=READ_ONLY if self.read_only else None,
                     security_headers=SECURITY_HEADERS)

    async def _not_found(self, request: Request, exc: Exception) -> Response:
        return _html(error_page("Not found", f"nothing is at {request.url.path}."), 404)

    async def _not_allowed(self, request: Request, exc: Exception) -> Response:
        return _html(error_page("Not allowed", f"{request.method} is not how {request.url.path} is used."), 405)

    async def _answer_error(self, request: Request, exc: Exception) -> Response:
        return self.error_answer(exc)

    def error_answer(self, exc: Exception) -> Response:
        """An error no route answered: the store's, said as the store says it; any other is the
        program's own, said so (never blamed on the store a director would then look into)."""
        if isinstance(exc, (StoreError, PersistenceError, sqlite3.Error, OSError)):
            explain = getattr(getattr(self.app, "store", None), "explain", None)
            message = explain(exc) if explain else "the store failed"
            return _html(error_page("The store failed", f"{message}; nothing was changed by this request."), 500)
        return _html(error_page("handrec failed", f"this page could not be made: an error in handrec itself "
                                f"({type(exc).__name__}), not in the store, which holds the record as it was; "
                                "nothing was changed by this request, and the server's log names the error."), 500)
