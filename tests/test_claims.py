"""Claims, their doubts and the Director's adjudication (issue 22, part 2: L68-L71), beside the
examination from the law text (tests/test_duplicate_claims_examination.py): the paths between the
codes, the record's words, the score and the command line."""

from __future__ import annotations

import json

import pytest
from conftest import events_of
from exam_board import T1_E, T1_S, head, plays, rulings, the
from test_cli import run

from bridge.lines import parse_line
from bridge.messages import TranscriptError
from projections.moment import at
from projections.score import CannotScore, score
from formats.transcript import parse

ADJUDICATED = "adjudicate 10 by=TD trumps drawn, spades ruffed in dummy\n"


def board(body: str, ruleset: str = "duplicate-2017") -> dict:
    return score(at(events_of(head(ruleset) + body)))


def kinds(out: dict) -> list[str]:
    return [i["kind"] for i in out["irregularities"]]


def test_the_lines_read_and_write_back_in_one_form():
    line = parse_line("adjudicate 10   by=TD  trumps drawn, spades ruffed")
    assert line.args == {"tricks": 10, "author": "TD", "text": "trumps drawn, spades ruffed"}
    assert line.canonical == "adjudicate 10 by=TD trumps drawn, spades ruffed"
    assert parse_line("adjudicate 9 the club finesse lost").canonical == "adjudicate 9 the club finesse lost"
    assert parse_line("doubt w").canonical == "doubt W"


@pytest.mark.parametrize("text, why", [
    ("adjudicate 10", "adjudicate N [by=NAME] LINE-OF-PLAY"),
    ("adjudicate by=TD 10 the rest", "is not a number of tricks"),
    ("adjudicate 14 all of them", "is not a number of tricks (0 to 13)"),
    ("adjudicate 9 by=TD", "says the line of play it rests on"),
    ("doubt", "doubt SEAT"),
    ("doubt Q", "Q"),
])
def test_a_line_written_wrong_is_one_sentence_with_its_line(text, why):
    with pytest.raises(TranscriptError) as e:
        parse(f"hand h\n{text}\n", file="t.hand")
    assert why in str(e.value) and "t.hand" in str(e.value) and "line 2" in str(e.value)


def test_a_doubt_then_the_adjudication_reach_the_score_and_the_judgment():
    body = T1_S + "claim S 11\ndoubt W\n"
    with pytest.raises(CannotScore, match=r"South's claim \(event 10\) is doubted.*\(L70\)"):
        board(body)
    out = rulings(body + ADJUDICATED)
    i = the(out, "claim-doubted")
    assert "code" not in i and i["laws"] == ["68D2", "70"] and i["seat"] == "S" and i["event"] == 11
    assert i["judgment"] == {"law": "70", "by": "director", "claim": 10,
                             "given": {"event": 12, "tricks": 10, "line": "trumps drawn, spades ruffed in dummy", "by": "TD"}}
    s = board(body + ADJUDICATED)
    assert (s["tricks"], s["score"]) == ({"NS": 11, "EW": 2}, {"NS": 450, "EW": -450})
    # At the doubt, the judgment is needed and not given (the fold of the first 11 events).
    assert the(rulings(body + ADJUDICATED, n=11), "claim-doubted")["judgment"]["given"] is None


def test_a_second_doubt_changes_nothing_and_an_adjudication_beyond_the_tricks_left_gives_them_all():
    out = rulings(T1_S + "claim S 11\ndoubt W\ndoubt E\nadjudicate 13 all of them\n")
    assert kinds(out) == ["claim-doubted"] and "more than were left" in out["irregularities"][0]["explanation"]
    assert board(T1_S + "claim S 11\ndoubt W\ndoubt E\nadjudicate 13 all of them\n")["tricks"] == {"NS": 13, "EW": 0}


@pytest.mark.parametrize("tricks, kind, law, ns", [
    (9, "claim-agreement-withdrawn", "69B", 10),   # two of the claimed tricks given back to EW
    (12, "concession-cancelled", "71", 13),        # the trick South conceded given back to him
    (11, "claim-agreed", "69", 12),
])
def test_an_agreed_claim_reviewed_by_the_director(tricks, kind, law, ns):
    body = T1_S + f"claim S 11\nadjudicate {tricks} the line he stated\n"
    i = the(rulings(body), kind)
    assert (i["laws"], i["judgment"]["law"], i["judgment"]["given"]["tricks"]) == ([law], law, tricks)
    assert board(body)["tricks"] == {"NS": ns, "EW": 13 - ns}


def test_play_after_a_doubted_claim_voids_it_and_an_adjudication_after_the_play_still_decides():
    body = T1_S + "claim S 11\ndoubt W\n" + plays("S HK W H3 N H7 E H5")
    out = rulings(body)
    i = the(out, "claim-played-out")
    assert (i["laws"], i["event"], "code" in i) == (["68D2"], 12, False)
    assert board(body)["tricks"] == {"NS": 2, "EW": 0}  # the play decides: two tricks played so far
    later = board(body + ADJUDICATED)
    assert later["tricks"] == {"NS": 11, "EW": 2}  # the tricks before the claim, then the adjudication


def test_a_defenders_concession_objected_to_by_his_partner_never_happened():
    body = T1_E + "claim E 1\ndoubt W\n"
    out = rulings(body)
    assert the(out, "concession-objected")["laws"] == ["68B2"]
    s = board(body)
    assert s["tricks"] == {"NS": 0, "EW": 1}  # no claim: the play, one trick so far
    # Play continues in turn: East, who won trick 1, leads; no claim is played out.
    out = rulings(body + plays("E CK S HT W C3 N C7"))
    assert kinds(out) == ["concession-objected"]
    # The same doubt by an opponent, or of a claim that concedes nothing, is a doubted claim.
    assert kinds(rulings(T1_E + "claim E 1\ndoubt S\n")) == ["claim-doubted"]
    assert kinds(rulings(T1_E + "claim E 12\ndoubt W\n")) == ["claim-doubted"]
    # Declarer's partner doubting declarer's claim is a doubt like any other (L68D2: "dummy included").
    assert kinds(rulings(T1_S + "claim S 5\ndoubt N\n")) == ["claim-doubted"]


def test_a_doubt_or_an_adjudication_with_no_claim_standing_changes_nothing():
    out = rulings(T1_S + "doubt W\nadjudicate 3 the rest\n")
    assert kinds(out) == ["no-claim", "no-claim"]
    assert board(T1_S + "doubt W\nadjudicate 3 the rest\n")["tricks"] == {"NS": 1, "EW": 0}


def test_under_the_1912_code_a_doubt_changes_nothing_and_no_one_adjudicates():
    body = T1_S + "claim S 11\ndoubt W\n"
    assert rulings(body, "auction-1912")["irregularities"] == []
    out = rulings(body + ADJUDICATED, "auction-1912")
    assert kinds(out) == ["adjudication-not-in-code"] and the(out, "adjudication-not-in-code")["laws"] == ["72"]
    assert board(body + ADJUDICATED, "auction-1912")["tricks"] == {"NS": 12, "EW": 1}  # the claim, unchanged
    played_out = rulings(body + plays("S HK W H3 N H7 E H5"), "auction-1912")
    assert the(played_out, "claim-played-out")["laws"] == ["72"]


def test_the_commands_say_it(tmp_path):
    store = str(tmp_path / "s.db")
    path = tmp_path / "c.hand"
    path.write_text(head() + T1_S + "claim S 11\ndoubt W\n")
    run("record", str(path), store=store)
    p = run("score", "exam", store=store, ok=False)
    assert p.returncode == 1 and "is doubted, and the Director adjudicates it (L70)" in p.stderr
    assert "Traceback" not in p.stderr
    path.write_text(head() + T1_S + "claim S 11\ndoubt W\n" + ADJUDICATED)
    run("record", str(path), store=store)
    out = json.loads(run("rulings", "exam", "--json", store=store).stdout)
    assert the(out, "claim-doubted")["judgment"]["given"]["tricks"] == 10
    assert "NS +450" in run("score", "exam", store=store).stdout
    shown = run("rulings", "exam", store=store).stdout
    assert "claim-doubted: South's claim, at event 11 [L68D2, L70]" in shown and "awards 10 tricks" in shown


def test_the_report_rests_the_ruling_on_the_claim_the_doubt_and_the_decision():
    from projections.report import report

    r = report(events_of(head() + T1_S + "claim S 11\ndoubt W\n" + ADJUDICATED))
    assert [f["event"] for f in r["facts"]] == [10, 11, 12]
    facts = report(events_of(head() + T1_S + "claim S 11\ndoubt W\n"))["facts"]
    assert [(f["kind"], f.get("seat"), f.get("tricks")) for f in facts if f["kind"] in ("claim", "doubt")] == [
        ("claim", "S", 11), ("doubt", "W", None)]


# East revokes on trick 2 (the C9 to South's HK, holding the H5); South wins it.
EAST_REVOKES = T1_S + plays("S HK W H3 N H7 E C9")


def revoke(out: dict) -> tuple:
    (r,) = out["revokes"]
    return r["seat"], r["status"], r["status_event"], r["laws"]


def test_a_doubted_claim_of_the_opponents_is_not_agreed_and_establishes_no_revoke():
    # 2017 L63A4: the offending side's agreement to the opponents' claim establishes the revoke;
    # West, of the offending side, doubts South's claim: no agreement (L69A), the revoke stays open
    # until the board ends (L63B).
    assert revoke(rulings(EAST_REVOKES + "claim S 11\n")) == ("E", "established", 14, ["63A4"])
    assert revoke(rulings(EAST_REVOKES + "claim S 11\ndoubt W\n"))[:3] == ("E", "correctable", None)
    assert revoke(rulings(EAST_REVOKES + "claim S 11\ndoubt W\n" + ADJUDICATED + "cut\n")) == \
        ("E", "established", 17, ["63B"])
    # Dummy doubting his own declarer's claim is no objection of the offending side: established.
    assert revoke(rulings(EAST_REVOKES + "claim S 11\ndoubt N\n"))[:2] == ("E", "established")


def test_a_concession_that_never_occurred_establishes_no_revoke_of_its_own_side():
    # L63A3: a member of the offending side claiming establishes its revoke; but East's concession,
    # objected to by West at once, never occurred (L68B2).
    assert revoke(rulings(EAST_REVOKES + "claim E 1\n")) == ("E", "established", 14, ["63A3"])
    assert revoke(rulings(EAST_REVOKES + "claim E 1\ndoubt W\n"))[:3] == ("E", "correctable", None)
    # His own claim doubted by the opponents still establishes it: he made it (L63A3).
    assert revoke(rulings(EAST_REVOKES + "claim E 11\ndoubt S\n"))[:3] == ("E", "established", 14)


def test_a_transfer_waits_for_the_adjudication_and_the_timeline_says_what_it_changed():
    # 2017 L63A4: dummy's doubt is no objection of the offending side, so South's claim of all 11
    # tricks left establishes East's revoke (trick 2), and as claimed the offending side wins no
    # trick (L64B1). The claim is doubted: the Director's adjudication gives the tricks (L68D2,
    # L70), so the transfer is not final before it (`final`, "so far"). His adjudication of 10
    # gives East-West one: one trick transferred (L64A2); the timeline says both at that event.
    from projections.timeline import timeline

    body = EAST_REVOKES + "claim S 11\ndoubt N\n"
    t = rulings(body)["revokes"][0]["transfer"]
    assert (t["tricks"], t["barred_by"], t["final"]) == (0, "64B1", False)
    t = rulings(body + ADJUDICATED)["revokes"][0]["transfer"]
    assert (t["tricks"], t["law"], t["final"]) == (1, "64A2", True)
    rows = {row["event"]: row["changes"] for row in timeline(events_of(head("duplicate-2017") + body + ADJUDICATED))}
    assert rows[15] == ["claim-doubted: S's claim [L68D2, L70]"]
    assert rows[16] == ["E's C9 (trick 2): 1 trick transferred to NS [L64A2]",
                        "claim-doubted: S's claim: the Director's judgment given [L70]"]


def test_show_names_the_winner_of_a_trick_won_in_play_and_of_none_claimed():
    # A trick quitted with East's card missing (L81, duplicate L67) was won in play by its rightful
    # winner, and `show` says so as the count does; the trick in progress at South's claim is one
    # of the tricks claimed: it names no winner.
    from handrec.views import trick_lines

    defective = at(events_of(head() + T1_S + "play S HK\nplay W H3\nplay N H7\nquit NS\n")).table
    assert "won by South" in trick_lines(defective)[1] and defective.won() == {"NS": 2, "EW": 0}
    claimed = at(events_of(head() + T1_S + "play S HK\nclaim S 11\n")).table
    assert "won by" not in trick_lines(claimed)[1] and claimed.won() == {"NS": 1, "EW": 0}
