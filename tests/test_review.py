"""The review room without a browser: the moments the page is given are the rulings and the score
of `handrec rulings/score --at N --json`; the shareable file holds everything and loads nothing;
the server's pages, statuses, CSRF, token and read-only mode, as a client on the network meets
them. (tests/test_review_browser.py drives the same pages in Chromium.)"""

from __future__ import annotations

import json
import random
import re
from html import unescape
import subprocess

import pytest

from conftest import POSTGRESQL_SLOW, events_of, example
from expectations import EXAMPLES
from handrec.review.page import embedded_json, hand_page
from bench.generate_archive import write as write_archive
from bench.play import random_transcript
from projections.moment import at, moments, rulings_at
from projections.replay import _Scores, replay, table_view
from projections.duplicate_score import board_facts
from projections.score import CannotScore, score
from review_room import Client, expand, serving
from test_cli import HANDREC, run

NAMES = sorted(p.stem for p in EXAMPLES.glob("*.hand"))
NASTY = "<script>alert('x')</script> \" onmouseover=\"alert(1)\" ' & </textarea>"


# Every third example in every run, the rest under `slow` (a long property: every moment of every
# example); CI runs them all.
@pytest.mark.parametrize("name", [n if i % 3 == 0 else pytest.param(n, marks=pytest.mark.slow)
                                  for i, n in enumerate(NAMES)])
def test_every_moment_is_the_rulings_and_the_score_at_n(name):
    events = events_of(example(name))
    r = expand(replay(events))
    assert [e["number"] for e in r["events"]] == list(range(1, len(events) + 1))
    for n, moment in enumerate(r["moments"], start=1):
        assert moment["rulings"] == rulings_at(events, n), f"the rulings at {n}"
        try:
            # (the board's facts, its vulnerability, read from the whole record at every moment: 4.4)
            assert moment["score"] == score(at(events, n), board_facts(events)), f"the score at {n}"
        except CannotScore as e:
            assert moment["score"] is None and moment["unscored"] == str(e)
        assert moment["table"] == table_view(at(events, n)), f"the table at {n}"


@pytest.mark.parametrize("seed", range(6))
def test_every_moment_of_a_long_random_hand_is_the_table_rulings_and_score_at_n(seed):
    # Long generated hands (bench/play.py), irregular: the score is scored afresh only where what
    # it read changed (projections/replay.py); it must still be the score at every N.
    events = events_of(random_transcript(random.Random(seed), irregular=0.3))
    r = expand(replay(events))
    for n, moment in enumerate(r["moments"], start=1):
        fresh = at(events, n)
        assert moment["rulings"] == fresh.rulings(), f"the rulings at {n}"
        assert moment["table"] == table_view(fresh), f"the table at {n}"
        try:
            assert moment["score"] == score(fresh, board_facts(events)), f"the score at {n}"
        except CannotScore as e:
            assert moment["score"] is None and moment["unscored"] == str(e)


def test_a_hand_is_scored_again_only_where_what_the_score_read_changed():
    events = events_of(random_transcript(random.Random(1), irregular=0.3))
    scores = _Scores()
    for _, moment in moments(events):
        scores.at(moment, moment.table.won())
    assert scores.read is not None and "won" in scores.read[0]
    assert scores.computed < len(events) / 2, (scores.computed, len(events))


def test_embedded_json_cannot_close_its_script():
    text = embedded_json({"note": NASTY + "</script><!--"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"note": NASTY + "</script><!--"}


def test_the_shareable_file_holds_everything_and_loads_nothing(tmp_path):
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / "law85-answer-yes-corrected.hand"), store=store)
    out = tmp_path / "dispute.html"
    p = run("review", "law85-answer-yes-corrected", "-o", str(out), "--at", "12", store=store)
    assert "14 events written to" in p.stdout
    html = out.read_text(encoding="utf-8")
    assert 'data-at="12"' in html and '<script type="application/json" id="hand-data">' in html
    assert not re.search(r"(src|href)=\"(https?:)?//", html), "nothing is loaded from elsewhere"
    assert "<link rel=\"stylesheet\"" not in html and "<script src=" not in html
    csp = unescape(re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1))
    assert "default-src 'none'" in csp and "script-src 'sha256-" in csp and "http" not in csp
    bad = run("review", "law85-answer-yes-corrected", "-o", str(out), "--at", "99", store=store, ok=False)
    assert bad.returncode == 1 and "--at 99 is outside" in bad.stderr


def test_stored_texts_are_escaped_in_the_page():
    events = events_of(f"hand xss\ndealer S\nnote by=x{NASTY}\n".replace("by=x<", "by=x <"))
    html = hand_page(replay(events))
    assert "<script>alert" not in html and "onmouseover=\"alert" not in html
    assert "&lt;script&gt;alert" in html  # in the list of events, as text


def test_a_corrections_words_are_escaped_in_the_list_of_events():
    """The list's items write a struck or amended event's reason, author and corrected line as text
    (templates/event_items.html escapes each where it is written), and the link's start too."""
    from handrec.review.page import prepare

    nasty = NASTY.replace("\"", "'")
    events = events_of(f"hand xss2\ndealer S\nnote x\nnote y\nstrike 3 by=a<b> {nasty}\n"
                       f"amend 4 by=c&d note {nasty} -- {nasty}\n")
    items = prepare(replay(events)).event_items('/hands/x"y<z>?at=')
    assert "<script>" not in items and "<b>" not in items and "'x')</script>" not in items
    assert items.count("&lt;script&gt;alert") >= 4  # two reasons, the line amended, the amend's own line
    assert 'href="/hands/x&#34;y&lt;z&gt;?at=3"' in items and "by a&lt;b&gt;" in items and "by c&amp;d" in items


def test_serve_pages_statuses_and_recording(tmp_path):
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), str(EXAMPLES / "review-r01-nt-trick12-partner-leads-13.hand"),
        store=store)
    with serving(store) as base:
        c = Client(base)
        status, text, headers = c.get("/")
        assert status == 200 and "law83-quit-by-winners" in text and "badge established" in text
        found = c.get("/?q=3nt")[1]  # by contract
        assert "r01-nt-trick12" in found and "law83-quit-by-winners" not in found
        found = c.get("/?q=quit-by")[1]  # by id
        assert "law83-quit-by-winners" in found and "r01-nt-trick12" not in found
        assert "default-src 'none'" in headers["content-security-policy"]
        assert c.get("/hands/law83-quit-by-winners?at=9")[0] == 200
        assert c.get("/hands/nope")[0] == 404
        status, text, _ = c.get("/hands/law83-quit-by-winners?at=0")
        assert status == 404 and "has events 1 to 14" in text and "Traceback" not in text
        # Past the last event: the last (a link made when the hand was longer, or typed), not a 404
        # (issue 19, 4.11).
        status, text, _ = c.get("/hands/law83-quit-by-winners?at=99")
        assert status == 200 and 'data-at="14"' in text
        assert c.get("/static/../../etc/passwd")[0] == 404
        # A write without the CSRF token is refused, and stores nothing.
        status, text, _ = c.post("/record/law83-quit-by-winners", {"line": "play W SK", "expected": "14"})
        assert status == 403
        token = c.csrf("/hands/law83-quit-by-winners")
        ok = c.post("/record/law83-quit-by-winners", {"line": "play W SQ", "expected": "14", "csrftoken": token})
        assert ok[0] == 200 and json.loads(ok[1])["total"] == 15
        # The same checks as handrec add: one sentence, nothing stored.
        refused = c.post("/record/law83-quit-by-winners", {"line": "play N HA", "expected": "15", "csrftoken": token})
        assert refused[0] == 400 and json.loads(refused[1])["error"] == "North does not hold HA; it is South's."
        # A page that showed 14 events is told the hand changed, and where it stands now.
        stale = c.post("/record/law83-quit-by-winners", {"line": "play N S9", "expected": "14", "csrftoken": token})
        assert stale[0] == 409 and json.loads(stale[1])["total"] == 15
        # A new hand from the form.
        made = c.post("/hands", {"hand": "night-1", "dealer": "S", "deal": "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 "
                                 "76543.AKQJT.76.5 AKQJ.32.5432.432", "contract": "4H by S", "csrftoken": token})
        assert made[0] == 303 and made[2]["location"] == "/hands/night-1?at=4&notice=opened"
    lines = run("export-pbn", "law83-quit-by-winners", "--transcript", store=store).stdout.splitlines()
    assert lines[-1] == "play W SQ" and len(lines) == 15
    assert run("rulings", "night-1", "--json", store=store).stdout


@pytest.mark.parametrize("store", POSTGRESQL_SLOW, indirect=True)  # several handrec processes; on PostgreSQL: slow
def test_the_hands_list_is_paged_from_a_hand_and_searched_in_an_index(store, tmp_path):
    # On SQLite and on PostgreSQL (the `store` fixture).
    archive = tmp_path / "club.pbn"
    write_archive(str(archive), 120, seed=5)
    run("import", str(archive), store=store)
    ids = run("list", store=store).stdout.split()
    assert len(ids) == 120
    with serving(store) as base:
        c = Client(base)
        pages, url = [], "/"
        while url:
            text = c.get(url)[1]
            pages.append(re.findall(r'<td><a href="/hands/[^"]+">([^<]+)</a>(?:<small class="occasion">[^<]*</small>)?</td>', text))
            found = re.search(r'<a href="([^"]+)" rel="next">', text)
            url = unescape(found.group(1)) if found else None
            if len(pages) > 1:
                assert 'rel="first"' in text  # back to the first page
        assert [len(p) for p in pages] == [50, 50, 20]
        assert sum(pages, []) == ids, "every hand once, in the order they were recorded"
        # A page is named by its first hand's opening event: the same page, whatever came before.
        assert "from=" in url_of_page_2(c)
        # Searches: by id and source (board 7 of club.pbn), by contract, none.
        assert re.findall(r'>([^<]*club\.pbn/7/[^<]*)</a>', c.get("/?q=club.pbn/7/")[1])
        assert "No stored hand matches" in c.get("/?q=zzz-no-such")[1]
        assert "No more hands after this point." in c.get("/?from=999999999")[1]
        assert c.get("/?from=x'")[0] == 200  # not a position: the first page
        # A hand recorded after the first search is found by the next one.
        token = c.csrf("/")
        c.post("/hands", {"hand": "night-9", "dealer": "S", "deal": "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 "
                          "76543.AKQJT.76.5 AKQJ.32.5432.432", "contract": "7NT by S", "csrftoken": token})
        assert "night-9" in c.get("/?q=night-9")[1]
        assert "night-9" in c.get("/?q=7NT")[1]
        # A hand's page is kept while the hand has no new event, and made again when it has one.
        assert 'max="4"' in c.get("/hands/night-9")[1] and 'max="4"' in c.get("/hands/night-9")[1]
        assert c.post("/record/night-9", {"line": "play W SA", "expected": "4", "csrftoken": token})[0] == 200
        assert 'max="5"' in c.get("/hands/night-9")[1]
        assert json.loads(c.get("/api/replay/night-9")[1])["events"][-1]["line"] == "play W SA"


def url_of_page_2(c: Client) -> str:
    return unescape(re.search(r'<a href="([^"]+)" rel="next">', c.get("/")[1]).group(1))


def test_serve_with_a_token_and_read_only(tmp_path):
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)
    with serving(store, env={"HANDREC_TOKEN": "club-secret-42"}) as base:
        c = Client(base)
        token = c.csrf("/login")
        assert "A new hand" not in c.get("/")[1]  # no writing offered without the token
        refused = c.post("/record/law83-quit-by-winners", {"line": "play W SQ", "csrftoken": token})
        assert refused[0] == 403 and "needs the server's token" in refused[1]
        assert c.post("/login", {"token": "wrong", "csrftoken": token})[0] == 403
        assert c.post("/login", {"token": "club-secret-42", "csrftoken": token})[0] == 303
        assert c.post("/record/law83-quit-by-winners", {"line": "play W SQ", "csrftoken": token})[0] == 200
    with serving(store, "--read-only") as base:
        c = Client(base)
        status, text, _ = c.get("/login")
        assert "read-only" in text
        refused = c.post("/record/law83-quit-by-winners", {"line": "play N S9"})
        assert refused[0] == 403 and "read-only" in refused[1]


def test_serve_on_another_address_needs_a_token(tmp_path):
    p = subprocess.run([HANDREC, "--store", str(tmp_path / "h.db"), "serve", "--host", "0.0.0.0", "--port", "1"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1
    assert p.stderr == ("handrec: serving on 0.0.0.0 opens the store to the network: give a token for writes "
                        "(--token-file or HANDREC_TOKEN), or serve on 127.0.0.1.\n")


def _embedded(page_html: str) -> dict:
    found = re.search(r'<script type="application/json" id="hand-data">(.*?)</script>', page_html, re.S)
    assert found
    return json.loads(found.group(1))


def test_a_hand_first_shown_is_drawn_from_its_moment_and_the_whole_replay_follows(tmp_path):
    """The first view of a hand is made from the moment it opens at alone (one fold: the page of
    a long hand at the speed of a fold); a script the page loads after itself brings the whole
    replay, and the server keeps it, so the next view holds every moment."""
    from projections.replay import replay_at

    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / "law85-answer-yes-corrected.hand"), store=store)
    events = events_of((EXAMPLES / "law85-answer-yes-corrected.hand").read_text(encoding="utf-8"))
    whole = expand(replay(events))["moments"]
    with serving(store) as base:
        c = Client(base)
        status, text, _ = c.get("/hands/law85-answer-yes-corrected?at=9")
        assert status == 200
        data = _embedded(text)
        assert data["partial"] is True and len(data["moments"]) == len(events)
        held = [i for i, m in enumerate(data["moments"]) if m is not None]
        assert held == [8, len(events) - 1]  # the moment it opens at, and the last (the record's players)
        for i in held:  # each the very moment the whole replay has
            m = dict(data["moments"][i])
            assert {**m, "rulings": {**m["rulings"], "at": i + 1}} == whole[i]
        src = re.search(r'<script src="([^"]+)" async></script>', text).group(1)
        assert src.startswith("/api/moments/law85-answer-yes-corrected")
        status, script, headers = c.get(unescape(src))
        assert status == 200 and headers["content-type"].startswith("text/javascript")
        assert script.startswith("window.handrecFull=") and "handrecInstall" in script
        full = json.loads(script[len("window.handrecFull="):script.index(";if(window.handrecInstall)")])
        assert expand(full)["moments"] == whole
        again = c.get("/hands/law85-answer-yes-corrected?at=9")[1]  # kept now: every moment in the page
        assert "partial" not in _embedded(again) and "/api/moments/" not in again
        assert c.get("/api/moments/nope")[0] == 404
    assert replay_at(events, 9)["moments"][8] == data["moments"][8]


def test_a_part_the_score_reads_that_the_cache_does_not_name_is_refused_at_once(monkeypatch):
    """Issue 21, part 3: the replay's score cache compares the parts of the moment the score read,
    each named in TABLE_PARTS or JUDGE_PARTS; a part read that is not named is a fault said at
    once, where it used to turn the cache off without a word."""
    import projections.replay as replay_module

    events = events_of(random_transcript(random.Random(1), irregular=0.3))
    parts = dict(replay_module.TABLE_PARTS)
    del parts["contract"]
    monkeypatch.setattr(replay_module, "TABLE_PARTS", parts)
    with pytest.raises(LookupError, match="the score read contract of the moment"):
        replay(events)


# ---------------------------------------------------------------- issue 38: the room's parts

def test_undo_is_not_offered_for_an_undo():
    """Issue 38, 6: an undo (a strike of the last event) is itself no act the room offers to undo."""
    from handrec import wording

    events = events_of(example("law83-quit-by-winners"))
    m = at(events)
    table, r = table_view(m), m.rulings()
    assert wording.next_acts(table, r, "play W SQ", 15)["undo"]["line"] == "strike 15 by=room undone from the room"
    assert wording.next_acts(table, r, "strike 15 by=room undone from the room", 16)["undo"] is None


def test_the_auction_is_a_bidding_diagram_at_every_moment():
    """Issue 38, 1: the auction as a bidding diagram (West North East South, the dealer's first call
    under his name) in the page's words at every moment; a hand with a contract and no auction says so."""
    from handrec.review.page import with_words

    events = events_of(example("review-r14-one-spade-doubled-made-by-penalty"))
    words = expand(with_words(replay(events)))["words"]
    diagram = {"columns": ["West", "North", "East", "South"], "dealer": "South",
               "rows": [["", "", "", {"text": "1♠", "level": "1", "suit": "S"}], ["Dbl", "Pass", "Pass", "Pass"]],
               "alerts": []}
    assert [w["auction"] for w in words[3:]] == [diagram] * (len(events) - 3)
    assert words[2]["auction"] == {"none": "No auction is recorded."}
    words = expand(with_words(replay(events_of(example("law83-quit-by-winners")))))["words"]
    assert words[-1]["auction"] == {"none": "No auction is recorded; the contract, 4H by S, is as the record gives it."}


def test_an_alerted_call_is_marked_in_the_diagram_and_its_explanation_said_under_it():
    """Issue 38, 1: alerts and explanations where recorded: the call's cell carries the number of its
    note, and the note under the diagram says whose call it was and what was said."""
    from handrec.review.page import with_words

    lines = ["hand alerts ruleset=duplicate-2017", "dealer N",
             'auction 1NT pass 2D! "transfer to hearts" pass 2H pass pass 3C! pass pass pass']
    words = expand(with_words(replay(events_of("\n".join(lines)))))["words"]
    a = words[-1]["auction"]
    assert a["rows"][0] == ["", "1NT", "Pass",
                            {"text": "2♦", "level": "2", "suit": "D", "alert": 1}]
    assert a["rows"][2][0] == {"text": "3♣", "level": "3", "suit": "C", "alert": 2}
    assert a["alerts"] == ["1: South's 2♦, alerted: transfer to hearts",
                           "2: West's 3♣, alerted; no explanation is recorded"]


def test_the_list_shows_board_date_and_players_and_the_new_hand_form_chooses_the_code(tmp_path):
    """Issue 38, 6 and 3: the hands list shows each hand's board, date and players (its tags); the
    form of a new hand chooses the code of laws and says the default; the hand opened says its code."""
    store = str(tmp_path / "hands.db")
    (tmp_path / "t.hand").write_text(
        "hand club-14 ruleset=duplicate-2017\ndealer N\ndeal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 "
        "AKQJ.32.5432.432\ntag Board 14\ntag Date 2026.03.12\ntag North Priya Shah\ntag East Tom Reed\n"
        "tag South Ann Lowe\ntag West Raj Patel\ncontract 4H by S\n")
    run("record", str(tmp_path / "t.hand"), store=store)
    deal = "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"
    with serving(store) as base:
        c = Client(base)
        text = unescape(c.get("/")[1])
        assert "board 14 · 2026.03.12 · North Priya Shah, East Tom Reed, South Ann Lowe, West Raj Patel" in text
        assert ('<option value="">the store\'s default: Whist Club of New York, Laws of Auction Bridge, November 1912 '
                '(auction-1912)</option>') in text
        assert '<option value="duplicate-2007">World Bridge Federation, Laws of Duplicate Bridge, 2007' in text
        token = c.csrf("/")
        made = c.post("/hands", {"hand": "night-2", "dealer": "S", "deal": deal, "ruleset": "duplicate-2017",
                                 "csrftoken": token})
        assert made[0] == 303 and made[2]["location"] == "/hands/night-2?at=3&notice=opened"
        page = unescape(c.get(made[2]["location"])[1])
        assert "Hand night-2 is opened, ruled under World Bridge Federation, Laws of Duplicate Bridge, 2017 " \
               "(duplicate-2017)." in page
        refused = c.post("/hands", {"hand": "night-3", "dealer": "S", "deal": deal, "ruleset": "whist",
                                    "csrftoken": token})
        assert refused[0] == 400 and "'whist' is not a code of laws handrec knows" in unescape(refused[1])
    assert run("export-pbn", "night-2", "--transcript", store=store).stdout.splitlines()[0] == \
        "hand night-2 ruleset=duplicate-2017"
    with serving(store, env={"HANDREC_RULESET": "duplicate-2007"}) as base:
        c = Client(base)
        text = unescape(c.get("/")[1])
        assert "the store's default: World Bridge Federation, Laws of Duplicate Bridge, 2007" in text
        assert "this store's default (HANDREC_RULESET)" in text
        made = c.post("/hands", {"hand": "night-4", "dealer": "S", "deal": deal, "csrftoken": c.csrf("/")})
        assert "ruled under World Bridge Federation, Laws of Duplicate Bridge, 2007 (in force from 2008) " \
               "(duplicate-2007)" in unescape(c.get(made[2]["location"])[1])


def test_the_shared_file_names_the_hands_other_accounts_and_its_report(tmp_path):
    """Issue 38, 5: the shared review file names the hand's other accounts (how to write and compare
    them: it has no server to link to) and how its report is made."""
    store = str(tmp_path / "hands.db")
    (tmp_path / "first.hand").write_text(example("law83-quit-by-winners"), encoding="utf-8")
    (tmp_path / "east.hand").write_text("hand east branch=law83-quit-by-winners@8\nwithdraw E C9\n", encoding="utf-8")
    run("record", str(tmp_path / "first.hand"), str(tmp_path / "east.hand"), store=store)
    run("review", "law83-quit-by-winners", "-o", str(tmp_path / "f.html"), store=store)
    text = unescape((tmp_path / "f.html").read_text(encoding="utf-8"))
    assert "The hand's other account:" in text and "<strong>east</strong>" in text
    assert "handrec compare law83-quit-by-winners east" in text and "handrec review east -o east.html" in text
    assert "handrec report law83-quit-by-winners -o ruling.pdf" in text
    run("review", "east", "-o", str(tmp_path / "e.html"), store=store)
    assert "<strong>law83-quit-by-winners</strong>" in (tmp_path / "e.html").read_text(encoding="utf-8")
