"""The review room in a real browser: Debian's Chromium driven by pytest-playwright (launched
through `executable_path`; `playwright install` is never run), against `handrec serve` started as
a subprocess on a free local port, and against the shareable file opened from disk.

Without a browser these tests skip and say why; with CI=true (.ci/run) they fail instead."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from conftest import events_of, example
from expectations import EXAMPLES
from handrec import chromium_switches
from projections.moment import rulings_at
from projections.replay import replay
from review_room import expand
from review_room import serving
from test_cli import run

NAMES = sorted(p.stem for p in EXAMPLES.glob("*.hand"))
DEAL = "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"


def _chromium() -> str | None:
    return os.environ.get("HANDREC_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


def _playwright_feature_switches(browser_type) -> list[str]:
    """The --disable-features and --enable-features Playwright starts Chromium with, asked of a
    stand-in executable that writes down its command line and exits (no browser is started)."""
    with tempfile.TemporaryDirectory() as tmp:
        stand_in, argv = Path(tmp) / "chromium", Path(tmp) / "argv"
        stand_in.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{argv}"\n')
        stand_in.chmod(0o755)
        with contextlib.suppress(Exception):  # (Playwright: the browser closed as it started)
            browser_type.launch(executable_path=str(stand_in), timeout=30_000).close()
        return [a for a in argv.read_text().splitlines() if a.startswith(("--disable-features=", "--enable-features="))]


def room_browser(path: str, browser_type) -> dict:
    """How the room's tests launch Debian's Chromium at `path`: as every Chromium the project starts
    (handrec.chromium_switches: nothing it does leaves the machine; the room is on 127.0.0.1), its
    features merged with Playwright's own (Chromium reads only the last --disable-features and
    --enable-features: Playwright's are left out and named again in ours)."""
    playwright_features = _playwright_feature_switches(browser_type)
    return {"executable_path": path, "ignore_default_args": playwright_features,
            "args": ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     *chromium_switches.switches(playwright_features)]}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_type):
    path = _chromium()
    if not path:
        reason = ("no Chromium on this machine: apt-get install -y --no-install-recommends chromium "
                  "fonts-dejavu-core (.ci/run does), or set HANDREC_CHROMIUM")
        if os.environ.get("CI") == "true":
            pytest.fail(reason + "; CI=true says the browser tests must run")
        pytest.skip(reason)
    return {**browser_type_launch_args, **room_browser(path, browser_type)}


@pytest.fixture(scope="module")
def examples_store(tmp_path_factory) -> str:
    store = str(tmp_path_factory.mktemp("room") / "hands.db")
    run("record", *[str(p) for p in sorted(EXAMPLES.glob("*.hand"))], store=store)
    return store


@pytest.fixture(scope="module")
def room(examples_store):
    with serving(examples_store) as base:
        yield base


def _page_state(page) -> dict:
    """What the panel and the step bar show now."""
    return page.evaluate("""() => ({
        at: window.handrecReview.at(),
        where: document.getElementById('where').textContent,
        revokes: [...document.querySelectorAll('#rulings .revoke')].map(d => [d.dataset.seat, d.dataset.status]),
        irregularities: [...document.querySelectorAll('#irregularities .irregularity')].map(d => d.dataset.kind),
    })""")


def _walk(page) -> list[dict]:
    """Every moment as the page shows it, stepping with the page's own go()."""
    return page.evaluate("""() => {
        const out = [];
        for (let n = 1; n <= window.handrecReview.last; n++) {
            window.handrecReview.go(n);
            out.push({
                at: window.handrecReview.at(),
                revokes: [...document.querySelectorAll('#rulings .revoke')].map(d => [d.dataset.seat, d.dataset.status]),
                irregularities: [...document.querySelectorAll('#irregularities .irregularity')].map(d => d.dataset.kind),
            });
        }
        return out;
    }""")


def _expected(events: list, n: int) -> dict:
    r = rulings_at(events, n)
    return {"at": n, "revokes": [[v["seat"], v["status"]] for v in r["revokes"]],
            "irregularities": [i["kind"] for i in r["irregularities"]]}


@pytest.mark.slow
def test_stepping_every_example_the_panel_says_what_rulings_json_says(page, room):
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for name in NAMES:
        events = events_of(example(name))
        hand_id = events[0].hand_id
        page.goto(f"{room}hands/{hand_id}?at=1")
        assert _walk(page) == [_expected(events, n) for n in range(1, len(events) + 1)], name
    assert not errors


def test_a_few_examples_step_by_step_agree_with_rulings_json(page, room):
    for name in ("law83-quit-by-winners", "law85-answer-yes-corrected", "law89-both-sides-revoke"):
        events = events_of(example(name))
        page.goto(f"{room}hands/{events[0].hand_id}?at=1")
        assert _walk(page) == [_expected(events, n) for n in range(1, len(events) + 1)], name


@pytest.mark.slow  # every moment of a long hand compared, one by one, in the browser: a long property
def test_the_script_rebuilds_every_moment_the_replay_holds(page, tmp_path):
    # The page is given the replay compact (a moment's table holds what changed, equal rulings and
    # scores are shared); the script must rebuild at each N the table, rulings and score that
    # tests/test_review.py checks against `rulings`/`score --at N --json`.
    from bench.review_room import long_hand

    texts = [long_hand()] + [example(n) for n in ("law85-answer-yes-corrected", "record-amend-two-cards-swapped",
                                                   "law89-both-sides-revoke")]
    store = str(tmp_path / "hands.db")
    for i, text in enumerate(texts):
        hand = tmp_path / f"h{i}.hand"
        hand.write_text(text, encoding="utf-8")
        run("record", str(hand), store=store)
    with serving(store) as base:
        for text in texts:
            events = events_of(text)
            page.goto(f"{base}hands/{events[0].hand_id}?at=1")
            shown = page.evaluate("() => Array.from({length: window.handrecReview.last}, (_, i) => "
                                  "window.handrecReview.moment(i + 1))")
            expected = json.loads(json.dumps(expand(replay(events))["moments"]))
            for n, (got, want) in enumerate(zip(shown, expected), start=1):
                want["rulings"].pop("at")
                assert got == want, f"{events[0].hand_id} at {n}"
            assert len(shown) == len(events)


def test_the_keyboard_the_buttons_and_the_address(page, room):
    page.goto(f"{room}hands/law83-quit-by-winners?at=5")
    assert _page_state(page)["where"] == "event 5 of 14"
    page.keyboard.press("ArrowRight")
    assert _page_state(page)["at"] == 6 and page.url.endswith("?at=6")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert _page_state(page)["at"] == 4
    page.keyboard.press("End")
    assert _page_state(page)["at"] == 14 and page.locator("#next").is_disabled()
    page.keyboard.press("Home")  # stepping starts at the contract (event 4): the set-up folded (issue 38, 6)
    assert _page_state(page)["at"] == 4 and page.locator("#prev").is_disabled() and page.locator("#first").is_disabled()
    page.keyboard.press("ArrowLeft")
    assert _page_state(page)["at"] == 4
    page.keyboard.press("ArrowRight")
    assert _page_state(page)["at"] == 5
    page.click("#last")
    state = _page_state(page)
    assert state["revokes"] == [["E", "established"]]
    # The deciding event is a link that jumps there.
    page.click("#rulings a.jump >> nth=1")
    assert _page_state(page)["at"] == 9
    page.click("#events a[data-at='7']")
    assert _page_state(page)["at"] == 7 and page.locator("#current-line").text_content() == "7  play E C9"
    page.reload()
    assert _page_state(page)["at"] == 7  # the address holds the moment


def _wait_recorded(page, total: int) -> None:
    page.wait_for_url(f"**?at={total}")
    page.wait_for_function(f"window.handrecReview && window.handrecReview.last === {total}")


@pytest.mark.slow
def test_a_dispute_recorded_by_clicking_is_the_transcript(page, tmp_path):
    store = str(tmp_path / "hands.db")
    with serving(store) as base:
        page.goto(base)
        page.fill("input[name=hand]", "clicked-dispute")
        page.fill("input[name=dealer]", "S")
        page.fill("input[name=deal]", DEAL)
        page.fill("input[name=contract]", "4H by S")
        page.click("text=Open the hand")
        page.wait_for_url("**?at=4&notice=opened")  # (the page says under which code it is ruled: issue 38, 3)
        assert page.locator("#opened").text_content() == ("Hand clicked-dispute is opened, ruled under Whist Club of "
                                                         "New York, Laws of Auction Bridge, November 1912 (auction-1912).")
        page.wait_for_function("window.handrecReview && window.handrecReview.last === 4")
        acts = [("card", "W", "SA"), ("card", "N", "S8"), ("card", "E", "C9"), ("card", "S", "S3"),
                ("button", "ask W E"), ("button", "answer E yes"), ("button", "quit EW"),
                ("button", "withdraw E C9"), ("card", "E", "S2"), ("button", "elect S exposed")]
        total = 4
        for act in acts:
            if act[0] == "card":
                page.click(f"#seat-{act[1]} button.card[data-card='{act[2]}']")
            else:
                page.click(f"#quick button[data-line='{act[1]}']")
            total += 1
            _wait_recorded(page, total)
        # A refused act is one sentence in the page, and nothing is stored.
        page.fill("#line", "play N HA")
        page.click("#record-form button[type=submit]")
        page.wait_for_selector("#message.refused")
        assert page.locator("#message").text_content() == "North does not hold HA; it is South's."
    stored = run("export-pbn", "clicked-dispute", "--transcript", store=store).stdout.splitlines()
    written = [e.line for e in events_of(example("law85-answer-yes-corrected"))]
    assert stored[1:] == written[1:]
    clicked = json.loads(run("rulings", "clicked-dispute", "--json", store=store).stdout)
    assert clicked["revokes"] == rulings_at(events_of(example("law85-answer-yes-corrected")))["revokes"]


@pytest.mark.slow
def test_two_recorders_at_once_the_second_is_told_and_nothing_is_lost(browser, tmp_path):
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)
    with serving(store) as base:
        first, second = browser.new_page(), browser.new_page()
        for p in (first, second):
            p.goto(f"{base}hands/law83-quit-by-winners")
        first.click("#seat-W button.card[data-card='SQ']")
        _wait_recorded(first, 15)
        second.click("#seat-W button.card[data-card='SJ']")
        second.wait_for_url("**notice=changed")
        second.wait_for_selector("#message.refused")
        assert "The hand changed under you" in second.locator("#message").text_content()
        assert second.evaluate("window.handrecReview.at()") == 15
        for p in (first, second):
            p.close()
    lines = run("export-pbn", "law83-quit-by-winners", "--transcript", store=store).stdout.splitlines()
    assert lines[-1] == "play W SQ" and len(lines) == 15


@pytest.mark.slow
def test_the_shareable_file_opened_from_disk_with_the_network_off(browser, examples_store, tmp_path):
    out = tmp_path / "law85.html"
    run("review", "law85-answer-yes-corrected", "-o", str(out), "--at", "12", store=examples_store)
    context = browser.new_context(offline=True)
    page = context.new_page()
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(out.as_uri())
    assert _page_state(page)["at"] == 12
    assert _page_state(page)["revokes"] == [["E", "corrected"]]
    page.keyboard.press("ArrowRight")
    assert _page_state(page)["at"] == 13 and page.url.endswith("#at=13")
    events = events_of(example("law85-answer-yes-corrected"))
    assert _walk(page) == [_expected(events, n) for n in range(1, len(events) + 1)]
    page.goto(out.as_uri() + "#at=5")  # typed in the address bar: the same page, another moment (issue 19, 4.5)
    page.wait_for_function("window.handrecReview.at() === 5")
    assert _page_state(page)["where"].startswith("event 5 ")
    assert page.locator("#record").count() == 0  # read-only
    assert all(u.startswith("file:") for u in requests) and not errors
    context.close()


@pytest.mark.slow
def test_a_hostile_note_is_shown_as_text(page, tmp_path):
    store = str(tmp_path / "hands.db")
    hostile = "<script>window.__pwned=1</script><img src=x onerror=\"window.__pwned=2\"> \"' & </textarea>"
    transcript = tmp_path / "xss.hand"
    transcript.write_text(f"hand xss\ndealer S\ndeal {DEAL}\ncontract 4H by S\nnote by=TD {hostile}\n"
                          f"attention W {hostile}\n", encoding="utf-8")
    run("record", str(transcript), store=store)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    with serving(store) as base:
        page.goto(f"{base}hands/xss")
        assert hostile in page.locator("#events").text_content()
        assert page.evaluate("window.__pwned") is None and not dialogs
        page.goto(base)
        assert page.evaluate("window.__pwned") is None
        out = tmp_path / "xss.html"
        run("review", "xss", "-o", str(out), store=store)
        page.goto(out.as_uri())
        assert hostile in page.locator("#events").text_content()
        assert page.evaluate("window.__pwned") is None and not dialogs


@pytest.mark.slow
def test_a_server_with_a_token_offers_no_recording_without_it(page, examples_store):
    with serving(examples_store, "--token", "club-secret-42") as base:
        page.goto(f"{base}hands/law83-quit-by-winners")
        assert page.locator("#record").count() == 0
        assert page.locator("#seat-W button.card").count() == 0
        page.goto(f"{base}login")
        page.fill("input[name=token]", "not-it")
        page.click("text=Record from this browser")
        assert "Wrong token" in page.content()
        page.goto(f"{base}login")
        page.fill("input[name=token]", "club-secret-42")
        page.click("text=Record from this browser")
        page.goto(f"{base}hands/law83-quit-by-winners")
        assert page.locator("#record").count() == 1


@pytest.mark.slow
def test_a_phone_reads_the_table_and_the_panel_without_scrolling_sideways(browser, room):
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.goto(f"{room}hands/law85-answer-yes-corrected?at=12")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for box in ("#table", "#rulings", "#score", "#auction"):
        assert page.locator(box).bounding_box()["width"] <= 390
    page.goto(room)  # the hands list too (its revoke marks are not broken letter by letter), and its form
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator(".hands-list .badge").first.bounding_box()["height"] < 30
    page.close()


@pytest.mark.slow
def test_stepping_an_80_event_hand_takes_under_a_frame(page, tmp_path):
    from bench.review_room import long_hand

    text = long_hand()  # 84 events, the bench's hand (bench/review_room.py)
    hand = tmp_path / "long.hand"
    hand.write_text(text, encoding="utf-8")
    store = str(tmp_path / "hands.db")
    run("record", str(hand), store=store)
    out = tmp_path / "long.html"
    run("review", events_of(text)[0].hand_id, "-o", str(out), store=store)
    page.goto(out.as_uri())
    ms = page.evaluate("""() => {
        const r = window.handrecReview, t0 = performance.now();
        for (let n = 1; n <= r.last; n++) r.go(n);
        return (performance.now() - t0) / r.last;
    }""")
    print(f"stepping: {ms:.2f} ms per event over {page.evaluate('window.handrecReview.last')} events")
    assert ms < 16 * 4  # the aim is 16 ms; a loaded machine gets four frames before this fails


def test_the_first_view_draws_its_moment_at_once_and_steps_once_the_whole_replay_is_in(page, tmp_path):
    # A hand never shown: the page holds the moment it opens at, and a script brings the rest. With
    # that script held back, the page still shows its moment as `rulings --json` says it, and a step
    # to another moment says it is loading; once the script comes, every moment steps.
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)
    events = events_of(example("law83-quit-by-winners"))
    held: list = []
    with serving(store) as base:
        page.route("**/api/moments/**", lambda route: held.append(route))
        page.goto(f"{base}hands/law83-quit-by-winners?at=9", wait_until="domcontentloaded")
        page.wait_for_function("() => window.handrecReview")
        state, want = _page_state(page), _expected(events, 9)
        assert (state["at"], state["revokes"], state["irregularities"]) == (9, want["revokes"], want["irregularities"])
        assert page.evaluate("() => window.handrecReview.whole()") is False
        page.evaluate("() => window.handrecReview.go(3)")
        assert "loading" in page.inner_text("#where")
        page.wait_for_function("() => true")  # (the route handler runs between the page's calls)
        assert held, "the page asked for the whole replay"
        held[0].continue_()
        page.wait_for_function("() => window.handrecReview.whole()")
        assert page.inner_text("#where") == f"event 3 of {len(events)}"
        assert _walk(page) == [_expected(events, n) for n in range(1, len(events) + 1)]


def test_a_duplicate_revokes_transfer_is_in_the_panel(page, room):
    """Under the Laws of Duplicate Bridge an established revoke transfers tricks (L64A), or says
    which exception stopped it (L64B), with the L64C flag: the panel says what `rulings` says."""
    for name, said in (("dup17-l64a1-offender-wins-the-revoke-trick",
                        ["Transfer: 2 tricks to NS (tricks 2, 3) [L64A1]", "L64C: If the Director judges"]),
                       ("dup07-l64b7-both-sides-have-revoked",
                        ["No trick transferred: both sides have revoked on this board"])):
        events = events_of(example(name))
        page.goto(f"{room}hands/{events[0].hand_id}?at={len(events)}")
        page.wait_for_function(f"window.handrecReview && window.handrecReview.at() === {len(events)}")
        panel = page.inner_text("#rulings")
        for words in said:
            assert words in panel, (name, panel)


ATTACK = """<!doctype html><html><head><title>a page of another site</title></head><body>
<form id="forged" method="post" action="{room}record/{hand}">
  <input name="line" value="note forged by a form"><input name="expected" value="{events}">
  <input name="csrftoken" value="{planted}"></form>
<script>
  window.fetched = "not yet";
  fetch("{room}record/{hand}", {{method: "POST", credentials: "include", mode: "no-cors",
    headers: {{"Content-Type": "application/x-www-form-urlencoded"}},
    body: "line=note+forged+by+fetch&csrftoken={planted}"}})
    .then(function () {{ window.fetched = "answered"; }}, function () {{ window.fetched = "failed"; }});
</script>
<script src="{room}api/moments/{hand}"></script>
<script>window.readHand = typeof window.handrecFull;</script>
</body></html>"""


def _attacked(page, room: str, attacker_url: str, store: str) -> None:
    """The browser, which has the room's cookies, opens a page of another origin: its script
    embeds the hand's data and posts, its form is sent; nothing is read, nothing is stored."""
    from recorder.application import HandRecorder

    before = len(HandRecorder(store).hand_events("law83-quit-by-winners"))
    page.goto(room + "hands/law83-quit-by-winners")  # (the room's cookies, as a director's browser has them)
    page.goto(attacker_url)
    page.wait_for_function("window.fetched !== 'not yet'")
    assert page.evaluate("window.readHand") == "undefined"  # the hand was not read (CORP, Sec-Fetch-Site)
    with page.expect_navigation():
        page.evaluate("document.getElementById('forged').submit()")
    assert "nothing was stored" in page.content()
    assert len(HandRecorder(store).hand_events("law83-quit-by-winners")) == before


def test_a_page_of_another_port_or_a_file_cannot_write_into_the_room_or_read_it(page, tmp_path):
    import http.server
    import threading

    from review_room import free_port

    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)
    with serving(store) as room:
        page.goto(room + "hands/law83-quit-by-winners")
        planted = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
        html = ATTACK.format(room=room, hand="law83-quit-by-winners", events=14, planted=planted)
        (tmp_path / "site").mkdir()
        (tmp_path / "site" / "attack.html").write_text(html)
        handler = lambda *a, **k: http.server.SimpleHTTPRequestHandler(*a, directory=str(tmp_path / "site"), **k)
        other = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
        threading.Thread(target=other.serve_forever, daemon=True).start()
        try:
            # A page on another port of this machine (sent the room's cookies, and "same-site" to it).
            _attacked(page, room, f"http://127.0.0.1:{other.server_address[1]}/attack.html", store)
            # An attachment opened from disk (Origin: null).
            _attacked(page, room, (tmp_path / "site" / "attack.html").as_uri(), store)
        finally:
            other.shutdown()
        # The room's own page still records.
        page.goto(room + "hands/law83-quit-by-winners")
        page.fill("#line", "note by=TD the room still records")
        page.click("#record-form button[type=submit]")
        page.wait_for_url("**at=15")


def test_the_quick_buttons_a_director_needs_and_no_undefined_law(page, tmp_path):
    """Issue 19, 4.1, 4.8, 4.9: a penalty with no law of its own is not "Lundefined"; "quit" is
    offered for a whole trick only; "ask" stays once the revoke is established (a late question is
    still recorded)."""
    store = str(tmp_path / "hands.db")
    (tmp_path / "lead.hand").write_text(f"hand lead-out\ndealer S\ndeal {DEAL}\ncontract 4H by W\nplay S S3\n")
    (tmp_path / "trick.hand").write_text(f"hand trick\ndealer S\ndeal {DEAL}\ncontract 4H by S\n"
                                         "play W SA\nplay N S8\nplay E C9\n")
    run("record", str(tmp_path / "lead.hand"), str(tmp_path / "trick.hand"), store=store)
    with serving(store) as base:
        page.goto(base + "hands/lead-out")
        panel = page.locator("#irregularities").text_content()
        assert "Penalty: the card treated as exposed, liable to be called or a suit called from the adversary who next leads — West elects" in panel and "undefined" not in page.content()
        page.goto(base + "hands/trick")
        quick = page.locator("#quick")
        assert quick.locator("button[data-line='quit EW']").count() == 0  # three cards: not yet a trick
        page.click("#seat-S button.card[data-card='S3']")
        page.wait_for_url("**at=8")
        assert quick.locator("button[data-line='quit EW']").count() == 1
        page.click("#quick button[data-line='quit EW']")
        page.wait_for_url("**at=9")
        page.click("#seat-W button.card[data-card='SK']")  # the revoker's side leads: established
        page.wait_for_url("**at=10")
        assert page.locator("#rulings .revoke").first.get_attribute("data-status") == "established"
        assert quick.locator("button[data-line='ask W E']").count() == 1


def test_the_room_printed_holds_every_event_and_no_buttons(page, examples_store, tmp_path):
    """Issue 19, part 3: printed from Chromium, the page kept only the events its scroll box showed,
    and printed its step buttons and slider."""
    import shutil
    import subprocess

    if not shutil.which("pdftotext"):
        if os.environ.get("CI") == "true":
            pytest.fail("pdftotext (poppler-utils) is needed to read the printed page; CI=true says it must run")
        pytest.skip("pdftotext (poppler-utils) is not on this machine")
    hand = "r01-nt-trick12"  # (data/examples/review-r01-nt-trick12-partner-leads-13.hand: 59 events)
    out = tmp_path / "share.html"
    run("review", hand, "-o", str(out), "--at", "12", store=examples_store)
    page.goto(out.as_uri())
    page.pdf(path=str(tmp_path / "printed.pdf"), format="A4")
    text = " ".join(subprocess.run(["pdftotext", str(tmp_path / "printed.pdf"), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    lines = run("export-pbn", hand, "--transcript", store=examples_store).stdout.splitlines()
    assert len(lines) > 40
    for n, line in enumerate(lines, start=1):
        assert " ".join(line.split())[:30] in text, (n, line)
    assert "|◀" not in text and "▶|" not in text and "Click a card" not in text
    # What the report holds, the room prints too: the deal as dealt, each ruling with what its laws
    # require in our own words (folded away on the screen), the score.
    out = tmp_path / "ruled.html"
    run("review", "law83-quit-by-winners", "-o", str(out), "--at", "9", store=examples_store)
    page.goto(out.as_uri())
    assert not page.locator("details.laws").first.evaluate("d => d.open")  # folded on the screen
    page.pdf(path=str(tmp_path / "ruled.pdf"), format="A4")
    text = " ".join(subprocess.run(["pdftotext", str(tmp_path / "ruled.pdf"), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    for words in ("The deal as dealt", "North: ♠ 10 9 8 ♥ 9 8 7 6 ♦ 10 9 8 ♣ 8 7 6",
                  "established East, trick 1: ♣9 on spades led [L83]", "A revoke is a player other than dummy",
                  "Penalty L84b: 150 points or three tricks — South elects", "NS: trick 0, honor"):
        assert words in text, words


def test_the_panel_shows_what_each_player_said_up_to_the_moment(page, tmp_path):
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)
    run("add", "law83-quit-by-winners", "note by=East I did not see I still had the two", store=store)
    with serving(store) as base:
        page.goto(base + "hands/law83-quit-by-winners?at=15")
        assert page.locator("#statements").text_content() == "event 15, East: I did not see I still had the two"
        page.keyboard.press("ArrowLeft")
        assert "None recorded" in page.locator("#statements").text_content()


def test_undo_strikes_the_last_event_once_confirmed_and_answers_say_what_they_mean(page, tmp_path):
    """Issue 19, part 4: an undo of the last act (a strike, one click, confirmed), and "having
    none?" answered in words a director will not misclick ("yes" is "I do hold one")."""
    store = str(tmp_path / "hands.db")
    (tmp_path / "t.hand").write_text(f"hand undo\ndealer S\ndeal {DEAL}\ncontract 4H by S\n"
                                     "play W SA\nplay N S8\nplay E C9\nask W E\n")
    run("record", str(tmp_path / "t.hand"), store=store)
    with serving(store) as base:
        page.goto(base + "hands/undo")
        assert page.locator("#quick button[data-line='answer E yes']").text_content() == "East holds one (yes)"
        assert page.locator("#quick button[data-line='answer E no']").text_content() == "East has none (no)"
        asked: list[str] = []
        page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
        page.click("#quick button.undo")
        assert "Strike event 8 ('ask W E')" in asked[0]
        assert page.locator("#quick button.undo").count() == 1  # dismissed: nothing recorded
        page.once("dialog", lambda d: d.accept())
        page.click("#quick button.undo")
        page.wait_for_url("**at=9")
    lines = run("export-pbn", "undo", "--transcript", store=store).stdout.splitlines()
    assert lines[-1] == "strike 8 by=room undone from the room" and len(lines) == 9
    assert json.loads(run("rulings", "undo", "--json", store=store).stdout)["corrections"][0]["kind"] == "struck"
    run("add", "undo", "ask W E", store=store)
    run("add", "undo", "answer E none", store=store)  # the words that say it, written back as no
    assert run("export-pbn", "undo", "--transcript", store=store).stdout.splitlines()[-1] == "answer E no"


def test_the_deal_as_dealt_and_the_tricks_played_are_shown_at_every_moment(page, room):
    """Issue 19, part 4: the deal showed only as a PBN line at event 3, and no trick-by-trick history."""
    page.goto(room + "hands/r01-nt-trick12?at=30")
    rows = page.locator("#history tr")
    assert rows.count() == 7  # the head and six tricks played
    assert rows.nth(1).text_content().startswith("1West")
    page.click("details.dealt summary")
    assert " ".join(page.locator("#dealt").text_content().split()).startswith("North: ♠ 4 3 2 ♥ 4 3 2 ♦ A K Q ♣ 5 4 3 2")
    page.keyboard.press("Home")
    assert page.locator("#history tr").count() == 0


def test_on_a_phone_the_table_and_the_act_come_first_and_the_step_bar_stays_in_view(browser, room):
    """Issue 38, 6 (issue 19, part 4 had the ruling first): on a phone the table and the current act
    come before the rulings, and the step bar is kept in view."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{room}hands/law85-answer-yes-corrected?at=12")
    table, act = page.locator("#table").bounding_box(), page.locator("#current-line").bounding_box()
    assert act["y"] < table["y"] < page.locator("#rulings").bounding_box()["y"]
    assert act["y"] < 844 and table["x"] >= 0 and table["x"] + table["width"] <= 390
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("window.scrollY") > 0
    bar = page.locator(".stepbar").bounding_box()
    assert bar["y"] >= 0 and bar["y"] + bar["height"] <= 844.5 and bar["height"] < 80
    page.click("#prev")  # (it can be used where it is)
    assert page.evaluate("window.handrecReview.at()") == 11
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()


def test_a_card_not_known_is_shown_as_one_and_its_hand_says_so(page, room):
    """Issue 23 part 2: an `unknown` line's card is '?' in the trick and the history, and the hand
    it came from says one of its cards shown was played, which one not known."""
    page.goto(room + "hands/law83-cards-not-known?at=8")
    center = page.locator("#center")
    assert center.locator(".card.unknown").count() == 2
    assert center.locator(".card.unknown").first.get_attribute("aria-label") == "a card not known"
    assert "(one of these played, not known)" in page.locator("#seat-E").text_content()
    assert "(one of these played, not known)" in page.locator("#seat-W").text_content()
    assert "not known" not in page.locator("#seat-S").text_content()
    assert " ".join(page.locator("#history tr").nth(1).text_content().split()) == "1NorthN ♠7 E ? S ♥5 W ?South—"


def test_a_claim_doubted_then_adjudicated_from_the_room(page, tmp_path):
    """Issue 22 (L68-L71): a claim standing offers each player's doubt; a doubted claim offers the
    Director's adjudication, whose line the recorder finishes; the score follows it."""
    store = str(tmp_path / "hands.db")
    (tmp_path / "claim.hand").write_text(
        f"hand claim ruleset=duplicate-2017\ndealer S\ndeal {DEAL}\ncontract 4H by S\ntag Vulnerable None\n"
        "play W H2\nplay N H6\nplay E H4\nplay S HA\nclaim S 11\n")
    run("record", str(tmp_path / "claim.hand"), store=store)
    # The adjudication is the Director's act: recorded from his own login (issue 42, item 4).
    (tmp_path / "officials").write_text("TD td-token-0123456789\n")
    with serving(store, "--officials", str(tmp_path / "officials"), env={"HANDREC_TOKEN": "club-secret-42"}) as base:
        page.goto(base + "login")
        page.fill("input[name=token]", "td-token-0123456789")
        page.click("form.record button[type=submit]")
        page.goto(base + "hands/claim")
        quick = page.locator("#quick")
        assert quick.locator("button.start", has_text="adjudicate").count() == 0
        page.click("#quick button[data-line='doubt W']")
        page.wait_for_url("**at=11")
        assert "claim-doubted: South's claim" in page.locator("#irregularities").text_content()
        assert "Director adjudicates it (L70)" in page.locator("#score").text_content()
        page.locator("#quick button.start", has_text="adjudicate").click()
        assert page.input_value("#line") == "adjudicate "
        page.fill("#line", "adjudicate 10 by=TD trumps drawn, one spade and the club ace lost")
        page.click("#record-form button[type=submit]")
        page.wait_for_url("**at=12")
        assert "NS 450 · EW -450" in page.locator("#score").text_content()
        # The Director has adjudicated it: no further doubt is offered (disagreeing with his ruling is
        # an appeal, L92), though the claim still stands.
        assert page.locator("#quick button[data-line='doubt W']").count() == 0


def test_a_defenders_exposed_card_is_face_up_before_him_and_ruled_in_the_panel(page, room):
    """Issue 38, 4: East's CK dropped face up (event 10) is a major penalty card: drawn face up
    before him, not among his clubs, and in the panel with the rulings; picked up, it is gone."""
    page.goto(room + "hands/dup17-l50d-penalty-card-partner-to-lead?at=10")
    east = page.locator("#seat-E")
    assert east.locator(".face-up .card.exposed-card").text_content() == "♣K"
    clubs = [" ".join(r.text_content().split()) for r in east.locator(".suit-row").all()][3]
    assert clubs == "♣ AQJ109"  # (not the K: it lies apart)
    assert page.locator("#exposed-head").is_visible()
    said = " ".join(page.locator("#exposed").text_content().split())
    assert said.startswith("East's ♣K face up since event 10 [L49]: a major penalty card (L50D)"), said
    page.keyboard.press("ArrowRight")  # 11: declarer forbids clubs, the card is picked up
    assert east.locator(".face-up").count() == 0 and "K" in east.locator(".suit-row").nth(3).text_content()
    assert not page.locator("#exposed-head").is_visible()


def test_the_auction_is_drawn_beside_the_table_at_every_moment(page, room, examples_store, tmp_path):
    """Issue 38, 1: a bidding diagram (West North East South, the dealer's first call under his
    name), in the room and in the shared file, not one raw event line."""
    def diagram() -> list[list[str]]:
        return page.evaluate("""() => [...document.querySelectorAll('#auction table.bidding tr')]
            .map(tr => [...tr.children].map(c => c.textContent))""")

    page.goto(room + "hands/r14-1sx-made-by-penalty?at=12")
    want = [["West", "North", "East", "South"], ["", "", "", "1♠"], ["Dbl", "Pass", "Pass", "Pass"]]
    assert diagram() == want and page.locator("#auction th.dealer").text_content() == "South"
    page.keyboard.press("Home")
    assert page.evaluate("window.handrecReview.at()") == 4 and diagram() == want  # stepping starts at the auction
    page.goto(room + "hands/law83-quit-by-winners?at=8")
    assert page.locator("#auction").text_content() == \
        "No auction is recorded; the contract, 4H by S, is as the record gives it."
    out = tmp_path / "r14.html"  # the shared file draws it too
    run("review", "r14-1sx-made-by-penalty", "-o", str(out), "--at", "9", store=examples_store)
    page.goto(out.as_uri())
    assert diagram() == want
