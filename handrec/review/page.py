"""The review room's pages, rendered with Jinja2 (every stored text escaped where it is shown).

The hand page embeds every moment of the hand (`projections.replay`) as JSON in a
`<script type="application/json">`, with `<`, `>` and `&` escaped so that no stored text can
close it; the script draws the moment at N from it. `standalone=True` writes the page as one
self-contained file: the style sheet and the script inside, and a Content-Security-Policy that
allows only those two (by their hashes) and nothing from outside.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from bridge.cards import SEAT_NAMES
from bridge.rulesets import RULESETS
from projections.delta import NOTHING, common, delta, undelta

from .. import wording

# Templates are package data, read once (auto_reload off: no look at the files at each page).
ENV = Environment(loader=PackageLoader("handrec.review", "templates"), autoescape=select_autoescape(default=True),
                  trim_blocks=False, lstrip_blocks=False, auto_reload=False)

# What a served page may load: its own style sheet and script, nothing else (served as a header).
SERVED_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
              "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")


@lru_cache(maxsize=None)
def static_text(name: str) -> str:
    """One of the room's static files (package data), as text."""
    return (resources.files("handrec.review") / "static" / name).read_text(encoding="utf-8")


def csp_sha256(text: str) -> str:
    """A Content-Security-Policy source for an inline style or script: its text's SHA-256, as
    'sha256-BASE64' (the room's pages and the report's file allow their own inline text only)."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


# The page's JSON, compact; no look for a value inside itself (the replay and its words are trees
# the projections make afresh: a value that held itself would fail as too deep, not be written).
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


def embedded_json(value: Any) -> str:
    """JSON safe inside a <script> element: no '<', '>', '&' or "'" a stored text could use to close
    it (jinja2's `htmlsafe_json_dumps`, which the `|tojson` filter uses, here with the page's one
    encoder)."""
    return str(htmlsafe_json_dumps(value, dumps=_ENCODER.encode))


@dataclass(frozen=True)
class Prepared:
    """What a hand's page is made of at whatever event it opens: made once for a replay (the
    server keeps it while the hand has no new event). `data` is the replay with its words as the
    page embeds it (JSON); `replay` keeps only what the page's HTML is written from (the hand, its
    events, whether it is partial), `contracts` the contract at each moment (None where a partial
    replay holds no moment). The list of its events is rendered once for each form of link
    (`event_items`)."""

    replay: dict[str, Any]
    data: str
    last: int
    last_table: dict[str, Any]
    contracts: tuple[str | None, ...] = ()
    _items: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def event_items(self, href: str) -> str:
        """The list's items (templates/event_items.html), every link `href` and the event's number."""
        items = self._items.get(href)
        if items is None:
            items = self._items[href] = ENV.get_template("event_items.html").render(
                events=self.replay["events"], href=href)
        return items


# The rulings `_Words` words whole at every moment that changes them (few: a hand has a revoke or two,
# and the Director's findings and appeals), with the words made of them alone (`wording.rulings`).
_WHOLE = ("revokes", "findings", "appeals")
_OF_THE_WHOLE = frozenset({"revokes", "no_revoke", "decisions"})


class _Words:
    """The words of each moment in turn (`wording`), made from those of the moment before: an
    irregularity, a correction, a statement, a score is worded again only when it changed (the
    revokes, findings and appeals, few, whenever one of them did; the table's status at every
    moment), so that a hand's words cost about what it holds, not what it holds times its moments.
    The words are those `wording` gives the moment whole (tests/test_room_data.py holds them to it)."""

    def __init__(self) -> None:
        self.rulings: Any = None  # the rulings before, and their words
        self.ruled: Any = None
        self.score: Any = (NOTHING, NOTHING, None)  # (the score before, why not, its words)
        self.said: list[Any] = []  # the statements' words so far
        self.auction: Any = (None, None)  # (what the auction was made of, its words)

    def state(self, said: dict[str, Any]) -> None:
        """A statement made (a note's `said`), for every moment from this one on."""
        self.said = self.said + wording.statements([said])

    def at(self, table: dict[str, Any], r: dict[str, Any], sc: Any, unscored: Any) -> dict[str, Any]:
        if self.score[0] is not sc or self.score[1] != unscored:
            self.score = (sc, unscored, wording.score(sc, unscored))
        bid = (table.get("dealer"), table.get("calls"), table.get("alerts"), table.get("contract"))
        if self.auction[0] != bid:
            self.auction = (bid, wording.auction(table))
        return {"rulings": self._rulings(r), "status": wording.status(table, r), "statements": self.said,
                "score": self.score[2], "auction": self.auction[1]}

    def _rulings(self, r: dict[str, Any]) -> dict[str, Any]:
        """The rulings' words: each list of the rulings (its irregularities, its corrections, ...)
        worded item by item, an item kept from the moment before (the same, at the list's start or
        its end) keeping its words, the others worded (`wording.rulings` of the rulings with only
        those items); the revokes, findings and appeals worded whole. Worded whole at once where the
        ruleset changed, or where the words hold what this cannot tell is item by item."""
        before, words = self.rulings, self.ruled
        if r is before:
            return words
        if before is None or r.get("ruleset") != before.get("ruleset"):
            words = wording.rulings(r)
        else:
            some, spans = dict(r), {}
            for key, items in r.items():
                was = before.get(key)
                if key not in _WHOLE and items.__class__ is list and was.__class__ is list:
                    k, s = (len(items), 0) if items is was else common(was, items)
                    spans[key] = (k, s, len(was))
                    some[key] = items[k:len(items) - s]
            fresh = wording.rulings(some)
            out: dict[str, Any] = {}
            for key, value in fresh.items():
                old, span = words.get(key), spans.get(key)
                if span is not None and old.__class__ is list and len(old) == span[2] and len(value) == len(some[key]):
                    k, s, was = span
                    out[key] = old if k == was == len(r[key]) else old[:k] + value + (old[len(old) - s:] if s else [])
                elif key in _OF_THE_WHOLE:
                    out[key] = value
                else:  # (words this cannot tell are made item by item: the moment worded whole)
                    out = wording.rulings(r)
                    break
            words = out
        self.rulings, self.ruled = r, words
        return words


def _said(e: dict[str, Any]) -> dict[str, Any] | None:
    """What an event's note said, as the statements list it (None: no note, or one struck)."""
    if e.get("said") and not (e.get("corrected") and e["corrected"].get("kind") == "struck"):
        return {"event": e["number"], **e["said"]}
    return None


def _worded(replay: dict[str, Any]) -> tuple[dict[str, Any], list[str | None], dict[str, Any]]:
    """`with_words`, with the contract at each moment and the last moment's table."""
    partial = bool(replay.get("partial"))
    words: list[Any] = []
    contracts: list[str | None] = []
    worder = _Words()
    table: Any = None
    before: dict[str, Any] = {}  # (the moment before, read: its table, rulings, score, unscored)
    said_words: Any = NOTHING
    last: tuple[Any, Any] | None = None
    for m, e in zip(replay["moments"], replay["events"]):
        said = _said(e)
        if said is not None:
            worder.state(said)
        if m is None:  # (a partial replay: this moment comes with the whole one)
            words.append(None)
            contracts.append(None)
            continue
        now = m if partial else {k: undelta(before.get(k), v) for k, v in m.items()}
        w = worder.at(now["table"], now["rulings"], now["score"], now["unscored"])
        # (a partial replay's moments are whole, and so are their words; the whole replay's are told
        # as what changed since the moment before, `projections.delta`)
        words.append(w if partial else delta(said_words, w))
        said_words, before, table = w, now, now["table"]
        contracts.append(table["contract"])
        last = (table, now["rulings"])
    acts = None
    if last is not None and replay["moments"][-1] is not None:
        acts = wording.next_acts(last[0], last[1], replay["events"][-1]["line"], len(replay["events"]))
    return {**replay, "words": words, "acts": acts, "names": wording.NAMES}, contracts, table or {}


def with_words(replay: dict[str, Any]) -> dict[str, Any]:
    """The replay as the page is given it: with each moment's words (`handrec.wording`: the
    rulings, the table's status, the statements, the score; each told as what changed since the
    moment before, `projections.delta`, as the replay's moments are; a partial replay's whole), the
    acts that may be recorded at the last event (the transcript lines the buttons send), and the
    names the page draws with. The script composes no words and writes no line of its own."""
    return _worded(replay)[0]


def prepare(replay: dict[str, Any]) -> Prepared:
    worded, contracts, last_table = _worded(replay)
    data = embedded_json(worded)
    kept = {k: replay[k] for k in ("hand", "events", "partial") if k in replay}
    return Prepared(kept, data, len(replay["events"]), last_table, tuple(contracts))


def hand_page(replay: dict[str, Any] | Prepared, at: int | None = None, *, standalone: bool = False, root: str = "/",
              writable: bool = False, csrf: str = "", post_url: str = "", full_src: str = "",
              account_of: str = "", opened: bool = False, accounts: list[str] | None = None,
              elsewhere: list[dict[str, Any]] | None = None, parted: list[dict[str, Any]] | None = None) -> str:
    """The page of one hand at event `at` (the last when None), from its replay or its replay
    prepared. A partial replay (`projections.replay.replay_at`) draws the moment at `at` at once;
    `full_src` is then the script that brings the whole replay (loaded after the page, async)."""
    hand = replay if isinstance(replay, Prepared) else prepare(replay)
    events = hand.replay["events"]
    last = hand.last
    n = last if at is None else max(1, min(last, at))
    source = hand.last_table.get("source") or {}
    where = ", ".join(f"{k} {v}" for k, v in source.items() if k in ("file", "board", "room", "table") and v)
    href = "#at=" if standalone else "?at="
    # (the current event's item marked: the first `class` after its number, which the template writes)
    items = Markup(hand.event_items(href).replace(f'<li data-n="{n}" class="', f'<li data-n="{n}" class="at', 1))
    context: dict[str, Any] = {
        "standalone": standalone, "root": root, "hand": hand.replay["hand"], "at": n, "last": last,
        "event_items": items, "current_line": events[n - 1]["line"] if events else "",
        "contract": hand.contracts[n - 1] if events else None,
        "ruleset": hand.last_table.get("ruleset", ""), "source": where,
        "ruleset_title": getattr(RULESETS.get(hand.last_table.get("ruleset", "")), "title", ""),
        "data": hand.data, "writable": writable and not standalone, "csrf": csrf, "post_url": post_url,
        "full_src": full_src if hand.replay.get("partial") and not standalone else "",
        "account_of": account_of if not standalone else "",
        # the hand's other accounts (`HandRecorder.accounts`), each linked (served) or named (the file)
        "others": [x for x in (accounts or []) if x != hand.replay["hand"]],
        # the findings and appeals the other accounts record (`projections.report.beside_the_others`)
        "elsewhere": elsewhere or [],
        # where this account parts from each other one (`projections.compare.parting_of`), with the
        # words of where each act fell (`wording.trick_at`)
        "parted": parted or [], "trick_at": wording.trick_at,
        "opened": opened and not standalone,  # (just opened from the list's form: under which code it is ruled)
    }
    if standalone:
        css, js = static_text("review.css"), static_text("review.js")
        context.update(css=css, js=js, csp=(f"default-src 'none'; style-src {csp_sha256(css)}; "
                                            f"script-src {csp_sha256(js)}; img-src data:; base-uri 'none'; "
                                            f"form-action 'none'"))
    return ENV.get_template("hand.html").render(**context)


def compare_page(c: dict[str, Any], *, root: str = "/") -> str:
    """Two accounts side by side act by act (`projections.compare.act_by_act`): a step is a row of
    their alignment, the same moment of play in both; one step control (links, and the hand page's
    keys) moves both; each account's table at its own event of that row; the act one account has
    and the other lacks shown as such; the rulings that differ marked."""
    from urllib.parse import urlencode

    from handrec.views import ruling_words, score_words

    def step(n: int) -> str:
        return f"{root}compare?" + urlencode({"a": c["accounts"][0], "b": c["accounts"][1],
                                             "at": max(1, min(c["last"], n))})

    def current(i: int) -> str:
        side = c["row"]["sides"][i]
        if side is not None:
            return f"{side['event']}  {side['line']}"
        return f"(no such act in this account: it stands at its event {c['events_at'][i]})"

    def face_up(i: int, seat: str) -> list[str]:
        """Account i's cards face up before `seat` (exposed, penalty cards): drawn apart from his hand."""
        held = c["tables"][i]["hands"][seat]["held"] or []
        return [x["card"] for x in c.get("exposed", [[], []])[i] if x["seat"] == seat and x["card"] in held]

    def suits(held: list[str], apart: list[str] = ()) -> list[tuple[str, str]]:  # type: ignore[assignment]
        return [(suit, wording.ranks(w[1:] for w in held if w[0] == suit and w not in apart)) for suit in "SHDC"]

    def about(a: dict[str, Any]) -> str:
        seat = SEAT_NAMES.get(a.get("seat") or "", "")
        trick = f", trick {a['trick']}" if a.get("trick") else ""
        shown = f" ({wording.card_text(a['card'])})" if a.get("card") else ""
        return f"{a.get('kind')}{' by ' + seat if seat else ''}{trick}{shown}"

    parting = c.get("parting")  # (the first act where they part: `projections.compare.parting`)
    return ENV.get_template("compare.html").render(standalone=False, root=root, c=c, step=step, current=current,
                                                   suits=suits, card=wording.card_text, about=about,
                                                   symbols=wording.SYMBOLS, parting=parting, face_up=face_up,
                                                   ruling_words=ruling_words, score_words=score_words,
                                                   trick_at=wording.trick_at)


def list_page(hands: list[dict[str, Any]], *, q: str, store: str, root: str = "/", prev_url: str | None = None,
              next_url: str | None = None, writable: bool = False, csrf: str = "", rulesets: dict[str, Any] | None = None,
              default_ruleset: str = "", default_set: bool = False) -> str:
    """The hands list; writable, with the form of a new hand, whose code of laws is chosen among
    `rulesets` (the store's default, `default_ruleset`, said: the club's own when `default_set`)."""
    return ENV.get_template("list.html").render(standalone=False, root=root, hands=hands, q=q, store=store,
                                                prev_url=prev_url, next_url=next_url, writable=writable, csrf=csrf,
                                                rulesets=rulesets or {}, default_ruleset=default_ruleset,
                                                default_set=default_set)


def login_page(*, has_token: bool, read_only: bool, csrf: str, root: str = "/") -> str:
    return ENV.get_template("login.html").render(standalone=False, root=root, has_token=has_token,
                                                 read_only=read_only, csrf=csrf)


def error_page(title: str, message: str, *, root: str = "/") -> str:
    return ENV.get_template("error.html").render(standalone=False, root=root, title=title, message=message)
