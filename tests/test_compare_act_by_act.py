"""Two accounts compared act by act (issue 38, section 5): the same moment of play side by side (a
question asked before the trick was quitted in one account and after the next trick in the other
stands at each moment, never matched across them; an act one account has and the other lacks shown
as such); "differs" only where the rulings differ, not where only event numbers do; the CLI in
words (a transfer as '1 trick to NS', never a Python value) and refusing two hands that are not
accounts of one hand; the room's compare in the words of the hand's code."""

from __future__ import annotations

import json

from projections.compare import aligned, compare
from recorder.application import HandRecorder
from test_cli import run
from test_report_whole_dispute import EW, NS

EXAMPLE = """hand t1 ruleset=duplicate-2017
tag Vulnerable None
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play W SA
play N S8
play E C9
play S S3
quit EW
"""


def _app(tmp_path) -> HandRecorder:
    app = HandRecorder(str(tmp_path / "h.db"))
    app.record(NS)
    app.record(EW)
    return app


def test_the_same_moment_of_play_side_by_side(tmp_path):
    app = _app(tmp_path)
    rows = aligned(app.hand_events("board-14"), app.hand_events("board-14-ew"))
    sides = [tuple(None if s is None else s["line"] for s in r["sides"]) for r in rows]
    # The cards both played, matched, and the same acts before the parting (events 2-16) paired.
    assert ("play E C9", "play E C9") in sides and sides.index(("play E C9", "play E C9")) < 16
    # West's question: in EW's account while trick 1 was in play, in NS's after trick 2: each at its
    # own moment, never matched across them.
    assert (None, "ask W E") in sides and ("ask W E", None) in sides
    assert sides.index((None, "ask W E")) < sides.index(("play S S3", None)) < sides.index(("ask W E", None))
    # East's spade: to trick 1 in EW's account, to trick 2 in NS's: not the same card played.
    assert (None, "play E S2") in sides and ("play E S2", None) in sides
    assert all(r["differs"] == (r["sides"][0] is None or r["sides"][1] is None
                                or r["sides"][0]["line"] != r["sides"][1]["line"]) for r in rows)


def test_rulings_that_differ_only_by_event_numbers_are_the_same(tmp_path):
    app = HandRecorder(str(tmp_path / "h.db"))
    app.record(EXAMPLE)
    # The second account tells the same play with two statements more before the lead to trick 2:
    # every later number moves, no ruling changes.
    app.record("hand t1-b branch=t1@9\nnote by=North the club was seen at once\nnote by=East I had a spade\n")
    for events in ("play W SK", "play N S9", "play E S2", "play S S4", "quit EW"):
        app.add("t1", events)
        app.add("t1-b", events)
    c = compare(app.hand_events("t1"), app.hand_events("t1-b"))
    [revoke] = c["revokes"]
    assert revoke["accounts"][0]["status_event"] != revoke["accounts"][1]["status_event"]  # (other numbers)
    assert revoke["equal"] and c["score"]["equal"], revoke


def test_the_cli_says_it_in_words_and_refuses_unrelated_hands(tmp_path):
    store = str(tmp_path / "h.db")
    (tmp_path / "ns.hand").write_text(NS)
    (tmp_path / "ew.hand").write_text(EW)
    run("record", str(tmp_path / "ns.hand"), str(tmp_path / "ew.hand"), store=store)
    out = run("compare", "board-14", "board-14-ew", store=store).stdout
    assert "Transfer: differs\n    board-14: 1 trick to NS\n    board-14-ew: no trick transferred" in out
    assert "{'NS'" not in out and "None" not in out
    assert "Act by act from their first difference" in out and "|  18: ask W E" in out
    c = json.loads(run("compare", "board-14", "board-14-ew", "--json", store=store).stdout)
    assert c["aligned"] and c["transfer"]["accounts"] == [{"NS": 1, "EW": 0}, {"NS": 0, "EW": 0}]
    run("add", "other", "hand other", store=store)
    p = run("compare", "board-14", "other", store=store, ok=False)
    assert p.returncode == 1 and p.stderr.startswith("handrec: hands 'board-14' and 'other' are not two accounts of "
                                                     "one hand"), p.stderr
    p = run("compare", "board-14", "board-14", store=store, ok=False)
    assert p.returncode == 1 and "names hand 'board-14' twice" in p.stderr
