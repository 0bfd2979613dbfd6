"""The second walkthrough of issue 38 (a club director new to handrec, board 14 of a pairs evening
told twice: tests/fixtures/walkthrough/): what it found false or missing, each held here.

- F-1: a report at event N takes every account as it stood at N: before the accounts part, the other
  account is "the same record", never one that "parts at N+1" with acts both hold.
- F-2: an act both accounts hold after a card one of them took back (the quit of trick 6, the
  claim) stands side by side in the comparison, not as "no such act" on either side.
- F-3: where the accounts part is their first differing act, not the accounts' titles (`tag Account`).
- F-4: `compare --at N` lists no act after N.
- M-1: the appeal's details are printed from whichever account records them, and said to be so.
- M-2: the other account's score is given, not only that it differs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from projections.compare import compare
from projections.report import report
from handrec.report import report_html
from recorder.application import HandRecorder
from test_cli import run

FIXTURES = Path(__file__).parent / "fixtures" / "walkthrough"


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("walkthrough") / "club.db")
    run("record", str(FIXTURES / "b14-ns.hand"), str(FIXTURES / "b14-ew.hand"), store=path)
    return path


def accounts(store: str) -> tuple[list, list]:
    app = HandRecorder(store)
    return app.hand_events("tue-b14"), app.hand_events("tue-b14-ew")


def test_f1_a_report_at_n_takes_each_account_as_it_stood_at_n(store):
    ns, ew = accounts(store)
    r = report(ns, 34, [("tue-b14-ew", ew)])
    [other] = r["accounts"]
    assert other["first_difference"] is None and other["events"] == 34 and not other["differing"]
    assert other["score_equal"] and not other["acts"]
    # No statement, finding or appeal made after event 34, in either account.
    assert all(s["event"] <= 34 for g in r["statements"] for s in g["statements"])
    assert r["all_findings"] == [] and r["all_appeals"] == []


def test_f2_f3_the_acts_both_hold_after_a_card_taken_back_stand_side_by_side(store):
    ns, ew = accounts(store)
    c = compare(ns, ew)
    lines = [[s["line"] if s else None for s in r["sides"]] for r in c["aligned"]]
    for act in ("quit NS", "play W HJ"):
        assert [act, act] in lines, act
    claim = next(r for r in c["aligned"] if r["sides"][0] and r["sides"][0]["line"].startswith("claim S 6"))
    assert not claim["differs"] and claim["sides"][1]["line"] == claim["sides"][0]["line"]
    # They part at the question: after trick 6's lead in one account, before trick 5 was quitted in
    # the other; not at the accounts' titles.
    assert [(s["event"], s["line"]) for s in c["parting"]["sides"]] == [(47, "ask W E"), (45, "ask W E")]


def test_f3_the_cli_names_the_first_act_where_they_part(store):
    out = run("compare", "tue-b14", "tue-b14-ew", store=store).stdout
    assert ("They part at: tue-b14 has 'ask W E' (its event 47, during trick 6), tue-b14-ew has 'ask W E' (its event "
            "45, with the four cards of trick 5 on the table, before it was quitted).") in out
    assert max(len(line) for line in out.splitlines() if "|" in line) < 140  # (two columns, wrapped)


def test_f4_compare_at_n_lists_no_act_after_n(store):
    c = json.loads(run("compare", "tue-b14", "tue-b14-ew", "--at", "50", "--json", store=store).stdout)
    # The first account at its event 50, the second at the same moment of play (its own event 53:
    # it numbers four more acts before it), never an act after either.
    assert c["at"] == [50, 53]
    for side, last in enumerate(c["at"]):
        assert max(r["sides"][side]["event"] for r in c["aligned"] if r["sides"][side]) == last


def test_compare_at_n_before_the_accounts_part_is_the_same_record(board_9):
    """The third walkthrough: at 26, before the accounts part, the two are the same record (it said
    'what differs is what is said of them'); at 34 the second account is not cut at its own event 34
    (four acts earlier in the play), so the acts both hold stand side by side."""
    out = run("compare", "thu-b9", "thu-b9-ew", "--at", "26", store=board_9).stdout
    assert "The two records are the same event for event." in out
    c = json.loads(run("compare", "thu-b9", "thu-b9-ew", "--at", "34", "--json", store=board_9).stdout)
    assert c["at"] == [34, 37]
    both = [[s["line"] for s in r["sides"]] for r in c["aligned"] if all(r["sides"])]
    assert ["play N S4", "play N S4"] in both


def test_m1_m2_the_appeal_and_the_other_score_from_whichever_account_records_them(store):
    ns, ew = accounts(store)
    r = report(ns, None, [("tue-b14-ew", ew)])
    assert r["appeal_part"]["Appellants"] == "East-West: Priya Raman and Henrik Dahl"
    assert r["appeal_part"]["Deposit"].startswith("£10")
    assert set(r["appeal_from"].values()) == {"East-West's account"}
    [other] = r["accounts"]
    assert not other["score_equal"]
    assert [s["score"]["NS"] for s in other["scores"]] == [480, 450]
    html = report_html(ns, None, others=[("tue-b14-ew", ew)])
    assert "East-West: Priya Raman and Henrik Dahl <span class=\"whence\">(recorded in East-West&#39;s account)" in html
    assert "The score under it: 4S by S, 11-2 tricks: NS +450 (here: 4S by S, 12-1 tricks: NS +480)." in html


def _text(html: str) -> str:
    import re
    from html import unescape
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<style.*?</style>", "", html, flags=re.S))).split())


def test_c1_m5_m6_the_document_speaks_to_a_committee(store):
    """The title names the board as the players know it; the claim says whether anyone disputed it;
    each account the report quotes has its fingerprint, and no command is printed for its reader."""
    ns, ew = accounts(store)
    text = _text(report_html(ns, None, others=[("tue-b14-ew", ew)]))
    assert text.startswith("Ruling — Board 14, Tuesday Evening Pairs #3")
    assert "Director's ruling: Board 14, Tuesday Evening Pairs #3" in text
    assert "the record tue-b14, up to event 58 of 58" in text
    assert "No one disputed it, as the record stands." in text
    assert "Account tue-b14: 58 events" in text and "Account tue-b14-ew: 68 events" in text
    assert "sha256sum" not in text and "export-pbn" not in text
    assert "trick(s)" not in text and "over-trick(s)" not in text


def test_c5_m4_the_facts_are_the_disputed_acts_in_words(store):
    """The quits of tricks no one disputes are no fact of the dispute; the revoke's card is said to be
    one; the other account's election (L50D2) is told in words, not as 'elect S none'."""
    ns, ew = accounts(store)
    text = _text(report_html(ns, None, others=[("tue-b14-ew", ew)]))
    facts = text[text.index("The facts"):text.index("What each side says")]
    for trick in (1, 2, 3, 4):
        assert f"turned and quitted trick {trick}." not in facts, trick
    assert "East played ♣3 to trick 5, not following suit: a revoke." in facts
    assert "South chose to restrict no lead, the penalty card staying on the table (L50D2), after trick 5 was quitted." \
        in facts
    assert "elect" not in facts


def test_every_election_has_its_words():
    from bridge.lines import CHOICES
    from handrec.wording import _CHOICE_SAID

    assert set(_CHOICE_SAID) == set(CHOICES)


def test_c9_an_error_of_handrec_itself_is_not_blamed_on_the_store(tmp_path):
    """The walkthrough's server answered a program error (a KeyError while wording the bidding
    diagram) with "The store failed ... cannot use the store club.db: 0": the room's last handler says
    the store failed only for the store's errors."""
    import sqlite3

    from handrec.review.server import ReviewRoom

    room = ReviewRoom(HandRecorder(str(tmp_path / "h.db")))

    def said(exc: Exception) -> tuple[int, str]:
        response = room.error_answer(exc)
        return response.status_code, _text(response.body.decode())

    status, text = said(KeyError(0))
    assert status == 500 and "handrec failed" in text and "KeyError" in text and "store failed" not in text
    status, text = said(sqlite3.OperationalError("disk I/O error"))
    assert status == 500 and "The store failed" in text and "disk I/O error" in text


def test_m3_a_penalty_card_played_later_is_still_ruled_in_the_facts(store):
    """West's ♦J, dropped face up at trick 3, was a major penalty card (L49, L50) and left the table at
    trick 4: the final report says both, where before it said only that the card was exposed."""
    ns, ew = accounts(store)
    text = _text(report_html(ns, None, others=[("tue-b14-ew", ew)]))
    assert ("31 West's ♦J was exposed, during trick 3: a major penalty card (L49, L50); West played it to trick 4 "
            "(event 36).") in text


def test_m7_each_accounts_page_says_what_the_other_records(store, tmp_path):
    """The review file of East-West's account showed the appeal and not the finding it answers: each
    account's page now says the finding and the appeal the other accounts record (the file, and the
    room through the same page)."""
    ew = tmp_path / "ew.html"
    run("review", "tue-b14-ew", "-o", str(ew), store=store)
    text = _text(ew.read_text())
    assert "The director's finding is recorded in the account tue-b14 (its event 58), Alan Brooks: “On the balance" in text
    ns = tmp_path / "ns.html"
    run("review", "tue-b14", "-o", str(ns), store=store)
    assert "The appeal's decision is recorded in the account tue-b14-ew (its event 68), AC: “The committee heard" in \
        _text(ns.read_text())


# ---------------------------------------------------------------- the third walkthrough (board 9)


@pytest.fixture(scope="module")
def board_9(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("board9") / "club.db")
    run("record", str(FIXTURES / "b9-ns.hand"), str(FIXTURES / "b9-ew.hand"), store=path)
    return path


def test_the_l64c_aid_counts_the_tricks_as_the_play_went(board_9):
    """The aid said NS 'as played make 12, and with the 1 trick transferred, 13' of the 12 tricks from
    trick 2 on, where the play (the claim conceding one) gave them 11: the aid's as-played figure is
    the tricks won as the play went, the claim's included, where the play is over."""
    from handrec.double_dummy import transfer_equity, unavailable
    from projections.moment import rulings_at

    if unavailable():
        pytest.skip(unavailable())
    events = HandRecorder(board_9).hand_events("thu-b9")
    (revoke,) = rulings_at(events)["revokes"]
    aid = transfer_equity(events, revoke)
    assert (aid["side"], aid["from_trick"], aid["left"]) == ("NS", 2, 12)
    assert (aid["as_played"], aid["played"], aid["with_transfer"]) == (11, "as the play went", 12)
    assert aid["with_transfer"] <= aid["left"]


def test_a_report_at_n_is_on_the_account_asked(board_9, tmp_path):
    """The third walkthrough: `report thu-b9-ew --at 35` said the director found the facts as thu-b9
    tells them (its event 42) and reported on that record, though at 35 no finding was made."""
    out = tmp_path / "r.html"
    p = run("report", "thu-b9-ew", "--at", "35", "-o", str(out), store=board_9)
    assert "found" not in p.stdout and p.stdout.startswith(f"{out}: the ruling on the record up to event 35 of ")
    text = _text(out.read_text())
    assert "the record thu-b9-ew, up to event 35" in text


def test_a_penalty_card_under_one_account_only_is_a_difference(board_9, tmp_path):
    """The third walkthrough: under East-West's account the ♣J went back on the table as a major
    penalty card and stayed there; compare said the penalty-card ruling was 'the same under both'
    and the report's other account said nothing of the card."""
    c = json.loads(run("compare", "thu-b9", "thu-b9-ew", "--json", store=board_9).stdout)
    [card] = c["exposed"]
    assert card["about"] == {"kind": "exposed", "seat": "E", "card": "CJ"} and not card["equal"]
    assert card["accounts"][0] is None and card["accounts"][1]["penalty_card"] == "major"
    out = run("compare", "thu-b9", "thu-b9-ew", store=board_9).stdout
    assert "Cards face up on the table (penalty cards):\n  exposed East CJ: differs\n    thu-b9: not face up\n" \
           "    thu-b9-ew: a major penalty card since event 22 (L49)" in out
    report = tmp_path / "r.html"
    run("report", "thu-b9", "-o", str(report), store=board_9)
    assert "A card face up on the table by East: ♣J a major penalty card since event B22 (L49) (here: not face up)" \
        in _text(report.read_text())
    assert "1 trick to NS (1 trick of the claim)" in out


def test_each_accounts_page_says_where_it_parts_from_the_other(board_9, tmp_path):
    """The third walkthrough: the review pages named the other account and the commands to compare
    them, not where the accounts part; now each page says it, with when each act fell."""
    out = tmp_path / "ew.html"
    run("review", "thu-b9-ew", "-o", str(out), store=board_9)
    assert ("This account parts from thu-b9 at its 'ask W E' (event 28, during trick 2), where thu-b9 has 'ask W E' "
            "(its event 34, with the four cards of trick 3 on the table, before it was quitted).") in _text(out.read_text())
