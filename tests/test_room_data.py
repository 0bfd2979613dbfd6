"""Issue 42, item 5: the review room's data grows with a hand, not with its square. Each moment's
table, rulings, score and words are told as what changed since the moment before
(`projections.delta`), so a statement, a revoke's remark or an irregularity is sent once; the
page's script reads them as the tests do (review.js and projections/delta.py, held to each other
here); a hand's page is made once however many read it at once, a few hands at a time, and a hand
too large to show moment by moment is said so; a page the room takes too long to make says that,
not that the store did not answer. The browser's stepping through such a hand is at the end."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

from bench.play import random_transcript
from bench.room_data import transcript
from conftest import events_of, example
from expectations import EXAMPLES
from handrec import wording
from handrec.review import page as page_module
from handrec.review.page import _said, with_words
from projections.delta import NOTHING, delta, undeltas
from projections.replay import replay, replay_at
from recorder.application import HandRecorder
from review_room import expand, free_port, serving
# (Debian's Chromium, launched as the room's browser tests launch it)
from test_review_browser import browser_type_launch_args  # noqa: F401

REVIEW_JS = Path(page_module.__file__).parent / "static" / "review.js"
NAMES = sorted(p.stem for p in EXAMPLES.glob("*.hand"))


@pytest.fixture(scope="module")
def long_hands(tmp_path_factory) -> str:
    """A store of the bench's hands (bench/room_data.py): questions and attention drawn (`ask`, each
    a remark on the revoke and an open question; `attention`, each an irregularity), and notes of
    2,000 characters (`note`, each a statement), at two lengths each."""
    store = str(tmp_path_factory.mktemp("room-data") / "hands.db")
    app = HandRecorder(store)
    for kind, n in (("ask", 500), ("ask", 1000), ("note", 50), ("note", 100)):
        app.record(transcript(kind, n), file=f"{kind}-{n}.hand")
    return store


def _get(base: str, path: str, timeout: float = 120) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(base + path.lstrip("/"), timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def test_the_rooms_data_grows_with_the_hand_not_with_its_square(long_hands):
    """Twice the events, at most 2.5 times the bytes (they were 4.2 times: 1,000 events of questions
    took the server to 3.3 GiB, 100 notes of 2 KB to 9 MB of data), through a real `handrec serve`:
    the replay the page loads, and the script that brings it."""
    with serving(long_hands) as base:
        sizes = {}
        for hand in ("ask-500", "ask-1000", "note-50", "note-100"):
            status, data = _get(base, f"/api/replay/{hand}")
            assert status == 200, (hand, data[:300])
            sizes[hand] = len(data)
            status, script = _get(base, f"/api/moments/{hand}")
            assert status == 200 and len(script) < len(data) + 200
            assert _get(base, f"/hands/{hand}?at=20")[0] == 200
    assert sizes["ask-1000"] <= 2.5 * sizes["ask-500"], sizes
    assert sizes["note-100"] <= 2.5 * sizes["note-50"], sizes
    # ... and about what the hand holds: each note's 2,000 characters some three times (its line,
    # what was said, the statement's words), each question or attention drawn about a kilobyte.
    assert sizes["note-100"] < 100 * 2_000 * 3.5, sizes
    assert sizes["ask-1000"] < 1000 * 1_200, sizes


def test_each_statement_remark_and_irregularity_is_sent_once():
    """Once in the moments' rulings and once in their words, however many moments show it (a
    note's words once among the statements, beside its event's line and what it said)."""
    events = events_of(transcript("ask", 120) + "".join(f"note by=East said {i} here\n" for i in range(20)))
    data = json.dumps(with_words(replay(events)))
    for n in (10, 50, 118):
        remark = f"West asked 'having none?' at event {n}, after the revoke"
        assert data.count(remark) == (2 if n % 2 == 0 else 0), n  # (asked at the even events)
    assert data.count('"event": 51, "laws"') == 1  # the attention drawn at event 51, in the rulings
    assert data.count("said 7 here") == 3  # its line, what was said, the statement's words


def _whole_words(compact: dict[str, Any]) -> list[dict[str, Any]]:
    """Every moment's words made whole from the moment whole, as the room made them before they were
    made from the moment before (`wording`: the rulings, the status, the statements, the score)."""
    said: list[dict[str, Any]] = []
    out = []
    for m, e in zip(expand(compact)["moments"], compact["events"]):
        if _said(e) is not None:
            said.append(_said(e))
        r = {k: v for k, v in m["rulings"].items() if k != "at"}
        out.append({"rulings": wording.rulings(r), "status": wording.status(m["table"], r),
                    "statements": wording.statements(said), "score": wording.score(m["score"], m["unscored"]),
                    "auction": wording.auction(m["table"])})
    return out


def _texts() -> list[tuple[str, str]]:
    texts = [(name, example(name)) for name in NAMES]
    texts += [(f"random-{seed}", random_transcript(random.Random(seed), irregular=0.3)) for seed in range(4)]
    texts += [("ask-150", transcript("ask", 150)), ("note-30", transcript("note", 30))]
    strikes = "".join(f"note by=E n{i}\n" for i in range(30)) + \
        "".join(f"strike {41 + i} by=TD wrong\n" for i in range(0, 30, 2))
    texts.append(("strikes", transcript("ask", 40) + strikes))  # (every other note struck: events 41, 43 ...)
    return texts


@pytest.mark.parametrize("name,text", _texts(), ids=[t[0] for t in _texts()])
def test_every_moments_words_are_the_words_of_the_moment_whole(name, text):
    """The words are made from the moment before's (a ruling kept keeps its words): they must be,
    at every moment, the words `wording` gives the moment whole; and the replay read back is the
    very JSON of every moment (`rulings`/`score --at N --json`: tests/test_review.py)."""
    compact = with_words(replay(events_of(text)))
    sent = json.loads(json.dumps(compact))  # (as the page is given it)
    assert expand(sent)["words"] == json.loads(json.dumps(_whole_words(compact)))
    assert expand(sent)["moments"] == json.loads(json.dumps(expand(compact)["moments"]))


@pytest.mark.parametrize("name,text", _texts(), ids=[t[0] for t in _texts()])
def test_a_first_views_moments_are_the_whole_replays(name, text):
    """A hand's first view (`replay_at`: the moment it opens at, and the last) is made by a fold
    of its own (at the last event, one fold of the record as corrected; elsewhere, the moments in
    turn): each moment it holds is the whole replay's at that event: at the last event, none
    given, and at N = 1, 2, a third and half of the events, the last but one, the last and past
    it, in hands with their record corrected (struck notes, amended lines)."""
    events = events_of(text)
    whole = expand(replay(events))["moments"]
    last = len(events)
    for n in sorted({None, 1, 2, last // 3, last // 2, last - 1, last, last + 5}, key=lambda x: (x is not None, x)):
        if n is not None and n < 1:
            continue
        held = replay_at(events, n)
        shown = last if n is None else min(n, last)
        assert [i for i, m in enumerate(held["moments"]) if m is not None] == sorted({shown - 1, last - 1})
        for i in {shown - 1, last - 1}:
            m = held["moments"][i]
            assert {**m, "rulings": {**m["rulings"], "at": i + 1}} == whole[i], (name, n, i + 1)


def _random_value(r: random.Random, depth: int = 0) -> Any:
    c = r.random()
    if depth > 3 or c < 0.4:
        return r.choice([None, 0, 1, 3, 2.5, "a", "b", "", "N", "x", "__proto__"])
    if c < 0.7:
        return [_random_value(r, depth + 1) for _ in range(r.randint(0, 5))]
    return {r.choice(["a", "b", "c", "d", "__proto__", "constructor"]): _random_value(r, depth + 1)
            for _ in range(r.randint(0, 5))}


def _changed(r: random.Random, v: Any, depth: int = 0) -> Any:
    if isinstance(v, list):
        v = list(v)
        op = r.random()
        if op < 0.3:
            v.append(_random_value(r, depth + 1))
        elif op < 0.45 and v:
            del v[r.randrange(len(v))]
        elif op < 0.6:
            v.insert(r.randint(0, len(v)), _random_value(r, depth + 1))
        elif v:
            i = r.randrange(len(v))
            v[i] = _changed(r, v[i], depth + 1)
        return v
    if isinstance(v, dict):
        v = dict(v)
        op = r.random()
        if op < 0.3:
            v[r.choice("abcdefgh")] = _random_value(r, depth + 1)
        elif op < 0.45 and v:
            del v[r.choice(list(v))]
        elif v:
            k = r.choice(list(v))
            v[k] = _changed(r, v[k], depth + 1)
        return v
    return _random_value(r, depth) if r.random() < 0.7 else v


def _random_sequences(count: int) -> list[list[Any]]:
    """Sequences of JSON values, each the one before changed a little (or not, or another)."""
    out = []
    for seed in range(count):
        r = random.Random(seed)
        values = [_random_value(r)]
        for _ in range(r.randint(0, 12)):
            values.append(_changed(r, values[-1]) if r.random() < 0.85 else _random_value(r))
        out.append(values)
    return out


def _deltas(values: list[Any]) -> list[Any]:
    out, before = [], NOTHING
    for v in values:
        out.append(delta(before, v))
        before = v
    return json.loads(json.dumps(out))


def _keys_in_order(v: Any) -> Any:
    """The value with every dict's keys in its order written out (JSON compares dicts by their keys)."""
    if isinstance(v, dict):
        return [[k, _keys_in_order(x)] for k, x in v.items()]
    if isinstance(v, list):
        return [_keys_in_order(x) for x in v]
    return v


def test_a_delta_reads_back_every_value_its_keys_in_their_order():
    for values in _random_sequences(3000):
        read = undeltas(_deltas(values))
        assert _keys_in_order(read) == _keys_in_order(json.loads(json.dumps(values))), values


def _node_undeltas(sequences: list[list[Any]]) -> list[list[Any]]:
    """Each sequence of deltas read by review.js's own `handrecUndelta`, in Node."""
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        pytest.skip("no Node.js on this machine to run review.js's reading of the deltas "
                    "(the browser test below runs it in Chromium)")
    program = ("const fs = require('fs'), vm = require('vm');"
               "const context = {window: {}}; vm.createContext(context);"
               f"vm.runInContext(fs.readFileSync({json.dumps(str(REVIEW_JS))}, 'utf8'), context);"
               "const read = context.window.handrecUndelta;"
               "const input = JSON.parse(fs.readFileSync(0, 'utf8'));"
               "const keyed = (v) => v === null || typeof v !== 'object' ? v : Array.isArray(v) ? v.map(keyed)"
               " : Object.keys(v).map((k) => [k, keyed(v[k])]);"
               "process.stdout.write(JSON.stringify(input.map((s) => { let v = null; "
               "return s.map((d) => keyed(v = read(v, d))); })));")
    done = subprocess.run([node, "-e", program], input=json.dumps(sequences), capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(done.stdout)


def test_the_pages_script_reads_the_deltas_as_the_tests_do():
    """review.js's reading of the deltas and projections/delta.py's (the tests' `expand`) give the
    same values, keys in the same order: random values, and every moment and words of real hands."""
    sequences = [_deltas(values) for values in _random_sequences(1500)]
    for name in ("law83-quit-by-winners", "law85-answer-yes-corrected", "law89-both-sides-revoke"):
        compact = json.loads(json.dumps(with_words(replay(events_of(example(name))))))
        sequences.append(compact["words"])
        sequences += [[m[k] for m in compact["moments"]] for k in ("table", "rulings", "score", "unscored")]
    compact = json.loads(json.dumps(with_words(replay(events_of(transcript("ask", 200))))))
    sequences += [compact["words"], [m["rulings"] for m in compact["moments"]]]
    expected = [[_keys_in_order(v) for v in undeltas(s)] for s in sequences]
    assert _node_undeltas(sequences) == expected


# ---------------------------------------------------------------- the server: one making a hand


def _room(store: str):
    from handrec.review.server import ReviewRoom

    return ReviewRoom(HandRecorder(store))


def _counting(monkeypatch) -> dict[str, Any]:
    """`server.prepare` counted: how many times, and how many at most at once."""
    import handrec.review.server as server

    seen = {"calls": 0, "now": 0, "most": 0}
    lock = threading.Lock()
    made = server.prepare

    def prepare(replayed):
        with lock:
            seen["calls"] += 1
            seen["now"] += 1
            seen["most"] = max(seen["most"], seen["now"])
        try:
            time.sleep(0.2)  # (long enough for the others to arrive while it is made)
            return made(replayed)
        finally:
            with lock:
                seen["now"] -= 1

    monkeypatch.setattr(server, "prepare", prepare)
    return seen


def _at_once(work, n: int) -> list[Any]:
    start = threading.Barrier(n)
    out: list[Any] = [None] * n

    def run(i: int) -> None:
        start.wait()
        try:
            out[i] = work(i)
        except Exception as e:  # (said in the result)
            out[i] = e

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    return out


def test_readers_of_one_hand_at_once_share_one_making_of_its_page(long_hands, monkeypatch):
    seen = _counting(monkeypatch)
    room = _room(long_hands)
    pages = _at_once(lambda i: room.prepared("ask-500"), 6)
    assert seen["calls"] == 1 and all(p is pages[0] for p in pages), (seen, pages)


def test_the_pages_of_different_hands_are_made_a_few_at_a_time(long_hands, monkeypatch):
    from handrec.review.server import PREPARING

    seen = _counting(monkeypatch)
    room = _room(long_hands)
    hands = ["ask-500", "ask-1000", "note-50", "note-100"]
    pages = _at_once(lambda i: room.prepared(hands[i]), 4)
    assert all(not isinstance(p, Exception) for p in pages), pages
    assert seen["calls"] == 4 and seen["most"] <= PREPARING < 4, seen


def _peak_mib(proc: subprocess.Popen) -> float:
    status = Path(f"/proc/{proc.pid}/status").read_text()
    return next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:")) / 1024


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="the server's memory is read from /proc")
def test_four_readers_at_once_take_no_more_memory_than_one(long_hands):
    """4 readers without a token each asking for the replay of a long hand took the server to 3.0
    GiB: one making of the page now, whatever the readers."""
    peaks = {}
    for readers in (1, 4):
        procs: list[subprocess.Popen] = []
        with serving(long_hands, procs=procs) as base:
            statuses = _at_once(lambda i: _get(base, "/api/replay/ask-1000")[0], readers)
            assert statuses == [200] * readers, statuses
            peaks[readers] = _peak_mib(procs[0])
    assert peaks[4] < peaks[1] * 1.25 + 20, peaks


# ---------------------------------------------------------------- the server's refusals, in-process


@contextmanager
def _served(room) -> Iterator[str]:
    """The room's ASGI app served by uvicorn in this process, as `handrec serve` serves it."""
    import uvicorn

    from handrec.review.connections import BoundedProtocol

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(room.asgi(), host="127.0.0.1", port=port, log_level="warning",
                                           access_log=False, http=BoundedProtocol))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the room did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(30)


def test_a_hand_whose_rulings_are_too_large_to_show_moment_by_moment_is_said_so(tmp_path, monkeypatch):
    import handrec.review.server as server

    store = str(tmp_path / "hands.db")
    app = HandRecorder(store)
    app.record(transcript("ask", 100), file="ask-100.hand")
    app.record(example("law83-quit-by-winners"), file="law83.hand")
    monkeypatch.setattr(server, "ROOM_RULINGS_MAX", 2_000)  # (the hand's rulings list some 6,400 items)
    with _served(server.ReviewRoom(app)) as base:
        assert _get(base, "/hands/ask-100?at=20")[0] == 200  # the first view: the moment it opens at (one fold)
        status, body = _get(base, "/api/replay/ask-100")
        said = json.loads(body)["error"]
        assert status == 413, said
        assert said.startswith("hand 'ask-100' has rulings too large to show moment by moment ("), said
        assert said.endswith("; read it with 'handrec show ask-100 --at N', 'handrec rulings ask-100 --at N' or "
                             "'handrec timeline ask-100'."), said
        status, script = _get(base, "/api/moments/ask-100")
        assert status == 413 and b"too large to show moment by moment" in script
        status, html = _get(base, "/hands/ask-100")  # now known: the page says so at once
        assert status == 413 and b"too large to show moment by moment" in html and len(html) < 10_000
        assert _get(base, "/hands/law83-quit-by-winners")[0] == 200
        assert _get(base, "/api/replay/law83-quit-by-winners")[0] == 200
        app.add("ask-100", "note by=TD one more")  # a new event: the hand is made again (and refused again)
        assert _get(base, "/hands/ask-100")[0] == 200


def test_a_page_longer_to_make_than_the_room_waits_says_so_not_that_the_store_did_not_answer(
        long_hands, monkeypatch):
    import handrec.review.server as server

    monkeypatch.setattr(server, "STORE_SECONDS", 1.0)
    monkeypatch.setattr(server, "prepare", lambda replayed, made=server.prepare: (time.sleep(2.5), made(replayed))[1])
    with _served(server.ReviewRoom(HandRecorder(long_hands))) as base:
        answers = _at_once(lambda i: (time.sleep(0.4 * i), _get(base, "/api/replay/ask-500"))[1], 2)
        said = sorted(json.loads(body)["error"] for _, body in answers)
        assert [status for status, _ in answers] == [503, 503], answers
        assert said == ["the page of hand 'ask-500', being made for another reader, was not ready in 1 s; "
                        "try again in a moment.",
                        "the store answered, but making the page of hand 'ask-500' took longer than 1 s; it is "
                        "still being made: try again in a moment."], said
        for _ in range(100):  # (kept once made, as said: every moment at once)
            status, body = _get(base, "/api/replay/ask-500")
            if status == 200:
                break
            time.sleep(0.1)
        assert status == 200 and len(json.loads(body)["moments"]) == 500


# ---------------------------------------------------------------- in the browser


def test_the_browser_steps_through_a_long_hand_read_from_the_moment_before(browser, tmp_path):
    """The page reads each moment from the one before when it is shown (and keeps one in 32): forward,
    backward and by jumps, every moment and its words are the tests' reading of the replay, and the
    panel shows them."""
    store = str(tmp_path / "hands.db")
    text = transcript("ask", 150) + "".join(f"note by=East said {i}\n" for i in range(10)) + \
        "".join(f"strike {151 + i} by=TD not said\n" for i in range(0, 10, 3)) + "play W SQ\n"
    (tmp_path / "long.hand").write_text(text)
    HandRecorder(store).record(text, file="long.hand")
    events = events_of(text)
    compact = json.loads(json.dumps(with_words(replay(events))))
    expected = expand(compact)
    for m in expected["moments"]:
        m["rulings"].pop("at")
    order = list(range(1, len(events) + 1)) + list(range(len(events), 0, -1)) + \
        random.Random(5).sample(range(1, len(events) + 1), 60)
    with serving(store) as base:
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}hands/ask-150?at=1")
        page.wait_for_function("() => window.handrecReview && window.handrecReview.whole()")
        shown = page.evaluate("""(order) => order.map((n) => {
            window.handrecReview.go(n);
            return [window.handrecReview.moment(n), window.handrecReview.words(n),
                    document.querySelectorAll('#irregularities .irregularity').length,
                    document.querySelectorAll('#statements .statement').length];
        })""", order)
        for n, (moment, words, irregularities, statements) in zip(order, shown):
            assert moment == expected["moments"][n - 1], n
            assert words == expected["words"][n - 1], n
            assert irregularities == len(words["rulings"]["irregularities"]), n
            assert statements == len(words["statements"]), n
        assert not errors
        page.close()


def test_a_first_view_whose_other_moments_are_refused_says_they_did_not_come(browser, tmp_path, monkeypatch):
    """The page of a hand first shown holds its moment, and loads the others after itself: refused
    (a hand too large to show moment by moment), the page says they did not come, and the reload
    says why."""
    import handrec.review.server as server

    store = str(tmp_path / "hands.db")
    app = HandRecorder(store)
    app.record(transcript("ask", 100), file="ask-100.hand")
    monkeypatch.setattr(server, "ROOM_RULINGS_MAX", 2_000)
    with _served(server.ReviewRoom(app)) as base:
        page = browser.new_page()
        page.goto(f"{base}hands/ask-100?at=20")
        page.wait_for_selector("#moments-failed:not([hidden])")
        assert "did not come from the server" in page.inner_text("#moments-failed")
        assert page.evaluate("window.handrecReview.at()") == 20 and not page.evaluate("window.handrecReview.whole()")
        page.reload()
        assert "too large to show moment by moment" in page.content()
        page.close()
