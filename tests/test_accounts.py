"""Two accounts of one hand (issue 19, part 1): a second account opened from an event of the
first stores only its own events and reads the shared ones from the first; a correction of the
shared part is stored once, in the first, and reaches every account that shares it; `compare`
names where the accounts part and every ruling that differs. On SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from bridge.messages import TranscriptError
from conftest import example
from projections import moment
from projections.compare import compare
from projections.score import score
from recorder.application import HandRecorder
from recorder.corrections import RecordDiffers
from recorder.ids import hand_uuid
from test_cli import run

FIRST = "law83-quit-by-winners"  # East revokes at event 7; EW quit the trick at 9: established (L83)
# East's account: the trick was never quitted; he saw his revoke and put it right (L86).
EAST = f"hand east branch={FIRST}@8\nwithdraw E C9\nplay E S2\nquit EW\n"


def _accounts(store: str) -> HandRecorder:
    app = HandRecorder(store)
    app.record(example(FIRST))
    app.record(EAST)
    return app


def _revoke(app: HandRecorder, hand_id: str, n: int | None = None) -> dict:
    return moment.rulings_at(app.hand_events(hand_id), n)["revokes"][0]


def test_a_second_account_stores_only_its_own_events_and_reads_the_shared_ones(store, tmp_path):
    app = _accounts(store)
    events = app.hand_events("east")
    assert [e.originator_version for e in events] == list(range(1, 12))
    assert events[0].line == f"hand east branch={FIRST}@8 ruleset=auction-1912"  # the ruleset is its first's
    assert [e.line for e in events[1:8]] == [e.line for e in app.hand_events(FIRST)[1:8]]
    assert [e.line for e in events[8:]] == ["withdraw E C9", "play E S2", "quit EW"]
    # Stored: its opening and its three acts, nothing of the first's.
    own = list(app.events.get(hand_uuid("east")))
    assert [e.originator_version for e in own] == [1, 2, 3, 4]
    if not store.startswith("postgresql"):
        with sqlite3.connect(store) as conn:
            rows = conn.execute("SELECT count(*) FROM stored_events WHERE originator_id = ?",
                                (hand_uuid("east").hex,)).fetchone()[0]
        assert rows == 4
    # The accounts rule apart: established as the first tells it, corrected as East tells it.
    assert (_revoke(app, FIRST)["status"], _revoke(app, FIRST)["laws"]) == ("established", ["83"])
    assert (_revoke(app, "east")["status"], _revoke(app, "east")["status_event"]) == ("corrected", 9)
    # Up to the shared part, the accounts are the same moment.
    assert _revoke(app, "east", 8) == _revoke(app, FIRST, 8)


def test_a_correction_of_the_shared_part_is_stored_once_in_the_first_and_reaches_both(store):
    app = _accounts(store)
    before = len(app.hand_events(FIRST))
    # Made through the second account: stored in the first, where event 6 is, and referenced here.
    app.correct("east", ["amend 6 by=TD play N ST -- it was the ten"])
    first, east = app.hand_events(FIRST), app.hand_events("east")
    assert len(first) == before + 1 and first[-1].line == "amend 6 by=TD play N ST -- it was the ten"
    assert east[-1].line == first[-1].line and east[-1].originator_version == 12
    assert east[-1].shared_from == {"account": FIRST, "event": before + 1}
    stored = [e.line for e in app.events.get(hand_uuid("east"))]
    assert stored[-1] == f"shared {FIRST} {before + 1}"  # a reference, not a copy
    for hand_id in (FIRST, "east"):
        table = moment.at(app.hand_events(hand_id)).table
        assert table.record_corrections[6]["as_corrected"] == "play N ST"
        north = [p.card for t in table.tricks for p in t.plays if p.seat == "N"]
        assert str(north[0]) == "ST"
    # Made through the first: reaches the second too; the timeline says where it is stored.
    app.correct(FIRST, ["strike 5 by=TD recorded twice -- no, a test"])
    assert app.hand_events("east")[-1].line.startswith("strike 5 ")
    rows = __import__("projections.timeline", fromlist=["timeline"]).timeline(app.hand_events("east"))
    assert rows[-1]["shared_from"] == {"account": FIRST, "event": before + 2}


def test_a_correction_after_the_shared_part_stays_in_its_account(store):
    app = _accounts(store)
    app.correct(FIRST, ["strike 9 by=TD the trick was not quitted"])  # event 9 is the first's own
    assert len(app.hand_events("east")) == 11
    assert _revoke(app, FIRST)["status"] != "established" or _revoke(app, FIRST)["status_event"] != 9
    app.correct("east", ["strike 11 by=TD not quitted either"])  # east's own event 11
    assert len(app.hand_events(FIRST)) == 15


def test_an_account_opened_after_a_correction_of_what_it_shares_reads_it_at_once(store):
    app = HandRecorder(store)
    app.record(example(FIRST))
    app.correct(FIRST, ["amend 6 by=TD play N ST -- it was the ten"])
    app.record(EAST)
    east = app.hand_events("east")
    assert east[8].line == "amend 6 by=TD play N ST -- it was the ten" and east[8].originator_version == 9
    assert [e.line for e in east[9:]] == ["withdraw E C9", "play E S2", "quit EW"]
    # Its transcript is the same with or without the reference the recorder made.
    assert app.record(EAST).added == 0


def test_a_correction_that_would_break_an_account_is_refused_in_both(store):
    app = _accounts(store)
    app.add("east", "play W SQ")  # event 12 of east: West's queen (the first has his king there)
    sizes = (len(app.hand_events(FIRST)), len(app.hand_events("east")))
    # Event 5 amended to the queen: fine for the first, but East's account has West play it twice.
    with pytest.raises(TranscriptError, match="second account 'east' breaks a physical fact"):
        app.correct(FIRST, ["amend 5 by=TD play W SQ -- it was the queen"])
    assert (len(app.hand_events(FIRST)), len(app.hand_events("east"))) == sizes


def test_the_transcript_of_an_account_records_back_to_itself(store):
    app = _accounts(store)
    app.correct("east", ["amend 6 by=TD play N ST -- it was the ten"])
    from handrec.views import transcript_text

    whole = transcript_text(app.hand_events("east"))
    assert whole.splitlines()[1] == "dealer S"  # the whole record, the shared events in it
    assert app.record(whole).added == 0
    assert app.record(EAST).added == 0  # its own lines only
    assert app.record(EAST + "play W SK\n").added == 1
    with pytest.raises(RecordDiffers, match="'play E S2' where the transcript has 'play E S3'"):
        app.record(EAST.replace("S2", "S3"))


@pytest.mark.parametrize("text, says", [
    ("hand b branch=nobody@3\n", "hand 'nobody' is not stored"),
    (f"hand b branch={FIRST}@30\n", "has events 1 to 14; it cannot share events up to 30"),
    ("hand b branch=east@9\n", "is itself a second account (of 'law83-quit-by-winners')"),
    (f"hand b branch={FIRST}@8 ruleset=duplicate-2017\n", "a second account is ruled as its first"),
    (f"hand b branch={FIRST}@8 rubber=r1\n", "takes no rubber="),
    (f"hand b branch={FIRST}\n", "branch=ID@N"),
    (f"hand east\nplay W SK\n", "is a second account of hand"),
])
def test_an_account_that_cannot_be_is_refused_in_one_sentence(store, text, says):
    app = _accounts(store)
    with pytest.raises(TranscriptError, match=says.replace("(", r"\(").replace(")", r"\)")):
        app.record(text)


def test_a_shared_event_is_not_corrected_from_a_transcript_of_the_account(store):
    app = _accounts(store)
    with pytest.raises(TranscriptError, match="event 6 is one hand 'east' shares with hand"):
        app.record(EAST + "strike 6 a test\n")


def test_compare_names_the_first_difference_and_every_ruling_that_differs():
    from formats.transcript import parse
    from projections.events import Event

    def events(text: str) -> list[Event]:
        return [Event(i + 1, line.kind, line.args, line.canonical) for i, line in enumerate(parse(text))]

    first = events(example(FIRST))
    east = first[:8] + [Event(9 + i, line.kind, line.args, line.canonical)
                        for i, line in enumerate(parse(EAST)[1:])]
    c = compare(first, east)
    assert c["first_difference"] == {"event": 9, "lines": ["quit EW", "withdraw E C9"]}
    (revoke,) = c["revokes"]
    assert revoke["about"] == {"kind": "revoke", "seat": "E", "trick": 1, "card": "C9"}
    # (established by the quit with East's C9 on the trick; corrected by taking it back: two moments)
    assert not revoke["equal"] and revoke["differs_in"] == ["status", "status_event", "laws", "penalty"]
    assert [side["status"] for side in revoke["accounts"]] == ["established", "corrected"]
    assert not c["score"]["equal"]
    # At event 8 the two are one moment: every ruling equal.
    c8 = compare(first, east, 8)
    assert c8["revokes"][0]["equal"] and c8["score"]["equal"]
    # The same record compared with itself: nothing differs.
    same = compare(first, first)
    assert same["first_difference"] is None and all(p["equal"] for p in same["revokes"])


def test_compare_on_the_command_line_in_text_and_json(tmp_path):
    store = str(tmp_path / "hands.db")
    run("record", _write(tmp_path, FIRST), store=store)
    out = run("branch", FIRST, "east", "--at", "8", store=store).stdout
    assert "a second account of law83-quit-by-winners, sharing its events 1 to 8" in out
    for line in ("withdraw E C9", "play E S2", "quit EW"):
        run("add", "east", line, store=store)
    text = run("compare", FIRST, "east", store=store).stdout
    # Where their acts part (issue 38, 5: act by act, the quit at the same moment matched in both):
    # the first account plays on to trick 2, the second takes East's C9 back.
    assert ("They part at: law83-quit-by-winners has 'play W SK' (its event 10, after trick 1 was quitted), east "
            "has 'withdraw E C9' (its event 9, with the four cards of trick 1 on the table, before it was quitted).") \
        in text
    assert "    9: quit EW" in text and "|  11: quit EW" in text
    assert "revoke East trick 1 C9: differs" in text
    assert "ESTABLISHED at event 9 [L83]" in text and "CORRECTED at event 9 [L86]" in text
    assert "Score: differs" in text
    c = json.loads(run("compare", FIRST, "east", "--json", store=store).stdout)
    assert c["accounts"] == [FIRST, "east"] and c["first_difference"]["event"] == 9
    assert "the same under both" in run("compare", FIRST, "east", "--at", "8", store=store).stdout
    bad = run("compare", FIRST, "nobody", store=store, ok=False)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr and "nobody" in bad.stderr
    refused = run("branch", FIRST, "west", "--at", "99", store=store, ok=False)
    assert refused.returncode != 0 and "cannot share events up to 99" in refused.stderr
    assert "Traceback" not in refused.stderr


def _write(tmp_path, name: str) -> str:
    path = tmp_path / f"{name}.hand"
    path.write_text(example(name), encoding="utf-8")
    return str(path)


def test_at_n_of_an_account_is_a_fresh_fold_of_its_first_n_events(tmp_path):
    app = _accounts(str(tmp_path / "hands.db"))
    app.correct("east", ["amend 6 by=TD play N ST -- it was the ten"])
    app.add("east", "play W SK")
    events = app.hand_events("east")
    for n in range(1, len(events) + 1):
        assert moment.rulings_at(events, n) == moment.rulings_at(events[:n])
    for n in (8, 11, len(events)):
        try:
            s = score(moment.at(events, n))
        except Exception as e:  # (no score before the contract)
            s = str(e)
        assert s == score(moment.at(events[:n]))


def test_a_finding_of_fact_and_an_appeal_are_events_the_rulings_and_the_timeline_show(store):
    from projections.timeline import timeline

    app = _accounts(store)
    assert app.found_account(FIRST) is None
    app.add("east", "find by=TD the trick was not quitted: East's account, on the balance of probabilities")
    r = moment.rulings_at(app.hand_events("east"))
    assert r["findings"] == [{"event": 12, "by": "TD",
                              "text": "the trick was not quitted: East's account, on the balance of probabilities"}]
    assert app.found_account(FIRST) == ("east", 12) and app.found_account("east") == ("east", 12)
    assert app.accounts("east") == [FIRST, "east"] and app.accounts(FIRST) == [FIRST, "east"]
    row = timeline(app.hand_events("east"))[-1]
    assert row["changes"] == ["finding of fact by TD: the trick was not quitted: East's account, on the balance "
                              "of probabilities"]
    # A later finding in the other account is the one that stands; struck, it no longer does.
    app.add(FIRST, "find by=TD on second thoughts, declarer's account")
    assert app.found_account("east") == (FIRST, 15)
    app.correct(FIRST, ["strike 15 by=TD recorded in the wrong account"])
    assert app.found_account("east") == ("east", 12)
    app.add("east", "appeal by=Committee the ruling stands")
    assert moment.rulings_at(app.hand_events("east"))["appeals"] == [
        {"event": 13, "by": "Committee", "text": "the ruling stands"}]
    with pytest.raises(TranscriptError, match="a finding of fact names who made it"):
        app.add("east", "find the trick was quitted")
    with pytest.raises(TranscriptError, match="an appeal's decision names who made it"):
        app.add("east", "appeal by=AC")


def test_the_analysis_database_names_each_account_and_its_finding(tmp_path):
    import sqlite3 as sq

    from handrec.export import export

    app = _accounts(str(tmp_path / "hands.db"))
    app.add("east", "find by=TD East's account, on the balance of probabilities")
    export(app, str(tmp_path / "analysis.db"), app.store_name)
    with sq.connect(tmp_path / "analysis.db") as db:
        rows = db.execute("SELECT id, account_of, finding_event, finding FROM hands ORDER BY id").fetchall()
        revokes = db.execute("SELECT hand_id, status FROM revokes ORDER BY hand_id").fetchall()
    assert rows == [("east", FIRST, 12, "East's account, on the balance of probabilities"), (FIRST, None, None, None)]
    assert revokes == [("east", "corrected"), (FIRST, "established")]


def test_the_later_finding_is_the_stores_later_whatever_the_clock_of_the_machine_that_recorded_it(store, monkeypatch):
    """Issue 42, item 3: a later finding recorded from a machine whose clock is an hour behind was
    passed over; the latest is the store's order."""
    from datetime import datetime, timedelta, timezone

    from recorder.domainmodel import Hand

    app = _accounts(store)
    app.add(FIRST, "find by=TD declarer's account")
    behind = staticmethod(lambda: datetime.now(timezone.utc) - timedelta(hours=1))
    monkeypatch.setattr(Hand.Event, "create_timestamp", behind)  # (the other machine's clock)
    app.add("east", "find by=TD on second thoughts, East's account")
    assert app.hand_events("east")[-1].timestamp < app.hand_events(FIRST)[-1].timestamp
    assert app.found_account(FIRST) == ("east", 12) and app.found_account("east") == ("east", 12)


def _found_by_the_application(app: HandRecorder, first: str) -> list[str]:
    """The second accounts of `first` as every opening made an event finds them (the way a store
    not read straight is looked through)."""
    return [e.hand_id for e in app.opened_events() if getattr(e, "trunk", "") == first]


def test_a_hands_accounts_are_found_by_sqlite_as_by_every_opening_read(store, tmp_path):
    """`accounts_of` on an SQLite store leaves the openings of first accounts to SQLite
    (`HandReader.second_accounts`): the accounts it finds are those every opening read finds, in
    the order they were opened, with an id that names another inside it, and openings stored before accounts had a trunk
    (tests/fixtures/store-v1.db). The review room's `SecondAccounts`, read on from where it
    stopped after each new record, gives every hand the same family."""
    from recorder.accounts import SecondAccounts

    app = _accounts(store)
    rooms = SecondAccounts()
    reader = app.store.reader()
    made = [example("law85-answer-yes-corrected"),  # (a first account with none of its own)
            EAST.replace("hand east", "hand west"),  # a second second account of FIRST
            example(FIRST).replace(f"hand {FIRST}", "hand club/east.2", 1),
            "hand club/east.2-south branch=club/east.2@8\nwithdraw E C9\n",
            example(FIRST).replace(f"hand {FIRST}", f"hand {FIRST}-east", 1)]  # (an id holding another's)
    for text in made:
        app.record(text)
        if reader is not None:
            rooms.refresh(reader)
            for hand_id in app.hand_ids():
                assert rooms.family(hand_id) == app.accounts(hand_id)
    ids = list(app.hand_ids())
    assert app.accounts("west") == [FIRST, "east", "west"]
    assert app.accounts("club/east.2-south") == ["club/east.2", "club/east.2-south"]
    for hand_id in ids:
        assert app.accounts_of(hand_id) == _found_by_the_application(app, hand_id)
    if reader is None:
        assert store.startswith("postgresql")
        return
    assert reader.second_accounts() == ([("east", FIRST), ("west", FIRST), ("club/east.2-south", "club/east.2")],
                                        reader.conn.execute("SELECT max(rowid) FROM stored_events WHERE topic = ?",
                                                            ("recorder.domainmodel:Hand.Opened",)).fetchone()[0])
    reader.close()
    # Openings stored before accounts had a trunk are first accounts, read as such.
    old = tmp_path / "v1.db"
    shutil.copy(Path(__file__).resolve().parent / "fixtures" / "store-v1.db", old)
    app = HandRecorder(str(old))
    app.record(EAST)
    for hand_id in app.hand_ids():
        assert app.accounts_of(hand_id) == _found_by_the_application(app, hand_id)
    assert app.accounts("east") == [FIRST, "east"]
