"""Issue 39, points 3 and 5: a card in one place (a premature card taken back and played at its
player's turn, L57D), and rulings that say one thing (a lead out of turn to trick 13, L53A; a card
played after a claim and the cut, L69A; declarer's exposed card, L48A). The examples of
data/examples/ hold the same stories with their `#=` lines."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import events_of, example
from projections.moment import at, rulings_at
from projections.placement import places
from projections.score import score

HANDREC = [sys.executable, "-m", "handrec.cli"]
HEAD = ("hand h ruleset=duplicate-2017\ntag Vulnerable None\ndealer S\n"
        "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\ncontract 4H by S\n"
        "play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\n")


def kinds(rulings: dict) -> list[str]:
    return [i["kind"] for i in rulings["irregularities"]]


def test_law57d_premature_card_taken_back_and_played_at_his_turn_counts_once():
    events = events_of(example("dup17-l57d-premature-card-taken-back-and-played"))
    table = at(events).table
    trick = table.tricks[1]
    assert [(p.seat, str(p.card)) for p in trick.cards] == [("W", "SK"), ("N", "S9"), ("E", "CT"), ("S", "S4")]
    assert [str(p.card) for p in trick.live].count("CT") == 1
    assert kinds(rulings_at(events)) == ["premature-play"]
    assert "taken back from the table at event 13" in rulings_at(events)["irregularities"][0]["explanation"]


def test_law57d_premature_card_not_taken_back_still_counts_at_his_turn_with_no_second_play():
    events = events_of(HEAD + "play W SK\nplay E CT\nplay N S9\nplay S S4\n")
    trick = at(events).table.tricks[1]
    assert [(p.seat, str(p.card)) for p in trick.cards] == [("W", "SK"), ("N", "S9"), ("E", "CT"), ("S", "S4")]


def test_law57d_the_recorder_refuses_a_premature_card_played_again_while_it_lies_on_the_table(tmp_path):
    """The fold counts the CT at East's turn (no withdraw recorded): a second `play E CT` would put
    it in two places, and the recorder refuses it, saying how a card taken up is recorded."""
    f = tmp_path / "h.hand"
    f.write_text(HEAD + "play W SK\nplay E CT\nplay N S9\nplay E CT\n", encoding="utf-8")
    done = subprocess.run(HANDREC + ["--store", str(tmp_path / "s.db"), "record", str(f)], capture_output=True,
                          text=True)
    assert done.returncode != 0
    assert "CT is already on the table" in done.stderr + done.stdout


@pytest.mark.parametrize("text", [
    HEAD + "play W SK\nplay E CT\nwithdraw E CT\nplay N S9\nplay E CT\nplay S S4\nquit EW\nplay W SQ\n",
    HEAD + "play W SK\nplay E CT\nwithdraw E CT\nplay N S9\nplay E C9\nplay S S4\n",
    HEAD + "play W SK\nplay E CT\nwithdraw E CT\nplay N S9\nplay S S4\nplay E CT\nplay W SQ\n",
    HEAD + "play W SK\nplay E DA\nwithdraw E DA\nplay N S9\nplay E DA\nplay S S4\n",  # 57A: before... (his
    HEAD + "play W SK\nplay N S9\nplay W SQ\nwithdraw W SQ\nplay E C9\nplay S S4\nplay W SQ\n",  # L57A to next
])
def test_law57_each_card_is_in_one_place_at_every_event(text):
    from projections.moment import moments
    for e, moment in moments(events_of(text)):
        if e.number < 4:
            continue
        where = [c for c, _ in places(moment.table)]
        assert len(where) == 52 and len(set(where)) == 52, (e.number, e.line)


def test_law53a_lead_out_of_turn_to_trick_13_is_never_said_acceptable():
    events = events_of(example("dup17-l53a-no-lead-out-of-turn-accepted-at-trick-13"))
    irr = rulings_at(events, 54)["irregularities"][0]
    assert irr["kind"] == "lead-out-of-turn" and irr["penalty"]["options"] == ["retract"]
    assert "may accept" not in irr["explanation"] and "may be accepted" in irr["explanation"]


def test_law53a_declarers_lead_out_of_turn_to_trick_13_is_never_said_acceptable():
    text = example("dup17-l53a-no-lead-out-of-turn-accepted-at-trick-13").split("play W SA   # 54")[0]
    events = events_of(text + "play N DT\n")  # dummy leads; South, who won trick 12, was to lead
    irr = [i for i in rulings_at(events)["irregularities"] if i["kind"] == "lead-out-of-turn"][0]
    assert irr["penalty"]["options"] == ["retract"]
    assert "may accept" not in irr["explanation"] and "may be accepted" in irr["explanation"]


def test_law69a_card_after_the_claim_and_the_cut_the_claim_stands_and_is_scored():
    events = events_of(example("dup17-l69a-card-played-after-the-claim-and-the-cut"))
    irr = rulings_at(events)["irregularities"]
    assert [i["kind"] for i in irr] == ["claim-played-out"] and irr[0]["laws"] == ["69A"]
    assert "counted as played" not in irr[0]["explanation"]
    s = score(at(events))
    assert s["tricks"] == {"NS": 10, "EW": 3} and s["NS"]["total"] == 420


def test_law68d_card_after_a_claim_before_the_cut_is_unchanged():
    events = events_of(HEAD + "claim S 10\nplay W SK\n")
    irr = rulings_at(events)["irregularities"]
    assert [i["kind"] for i in irr] == ["claim-played-out"] and irr[0]["laws"] == ["68D"]


def test_law69a_1912_card_after_the_claim_and_the_cut_is_played_out_as_before():
    events = events_of(HEAD.replace(" ruleset=duplicate-2017", "") + "claim S 10\ncut\nplay W SK\n")
    irr = rulings_at(events)["irregularities"]
    assert [i["kind"] for i in irr] == ["claim-played-out"] and irr[0]["laws"] == ["72"]


def test_law48a_declarers_exposed_card_is_considered_and_not_rectified():
    events = events_of(example("dup17-l48a-declarer-exposes-a-card"))
    out = rulings_at(events, 10)
    assert out["exposed"] == []
    irr = out["irregularities"]
    assert [i["kind"] for i in irr] == ["declarer-card-exposed"] and irr[0]["laws"] == ["48A"]
    assert "Director considered it" in irr[0]["explanation"] and not irr[0].get("penalty")


def test_law54a_declarer_beginning_to_spread_after_a_faced_opening_lead_is_not_l48a():
    text = ("hand h ruleset=duplicate-2017\ntag Vulnerable None\ndealer S\n"
            "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\ncontract 4H by S\n"
            "play E CA\nexpose S D7\n")
    assert "declarer-card-exposed" not in kinds(rulings_at(events_of(text)))


L62C = (HEAD.replace("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\n", "")
        + "play W H2\nplay N H6\nplay E H4\nplay S HA\nplay S D6\nplay W C2\nplay N D8\nplay E DJ\n"
        + "withdraw W C2\nplay W D2\nwithdraw N D8\nplay N DT\nwithdraw E DJ\nplay E DA\n")


@pytest.mark.parametrize("option", ["", " l62c2=substitute"])
def test_law62c2_default_the_offenders_partners_substitute_stands(option):
    out = rulings_at(events_of(L62C.replace("ruleset=duplicate-2017", "ruleset=duplicate-2017" + option)))
    assert "penalty-card-not-played" not in kinds(out) and [r["seat"] for r in out["revokes"]] == ["W"]
    assert ("E", "DJ", "62C2") in [(x["seat"], x["card"], x["law"]) for x in out["exposed"]]


def test_law62c2_literal_the_penalty_card_is_owed_to_the_same_trick():
    out = rulings_at(events_of(L62C.replace("ruleset=duplicate-2017", "ruleset=duplicate-2017 l62c2=literal")))
    assert "penalty-card-not-played" in kinds(out)
    assert [(r["seat"], r["kind"]) for r in out["revokes"] if r["seat"] == "E"] == [("E", "deemed")]


def test_law62c2_the_option_is_refused_beyond_its_two_values():
    with pytest.raises(Exception, match="l62c2"):
        events_of(L62C.replace("ruleset=duplicate-2017", "ruleset=duplicate-2017 l62c2=sometimes"))


def test_law53a_a_lead_at_trick_13_accepted_is_said_not_applied_citing_l53a():
    text = example("dup17-l53a-no-lead-out-of-turn-accepted-at-trick-13").split("elect S retract")[0]
    out = rulings_at(events_of(text + "elect S accept\n"))
    (lead,) = [i for i in out["irregularities"] if i["kind"] == "lead-out-of-turn"]
    assert lead["penalty"]["options"] == ["retract"] and lead["penalty"]["elected"] is None
    (said,) = [i for i in out["irregularities"] if i["event"] == 55]
    assert said["laws"] == ["53A"] and "may not be accepted" in said["explanation"]


def test_law56_and_law55a_words_at_trick_13_offer_no_acceptance_under_2017_but_do_under_2007():
    from projections.rulings.summaries import irregularity_summaries
    for law in ("56", "55A"):
        words = irregularity_summaries("duplicate-2017", {"laws": [law]})[0]["summary"]
        assert "thirteenth" in words and "may accept" not in words, words
        assert "may accept" in irregularity_summaries("duplicate-2007", {"laws": [law]})[0]["summary"]


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_law69a_a_card_after_an_undoubted_claim_the_claim_stands_and_is_scored(ruleset):
    events = events_of(HEAD.replace("duplicate-2017", ruleset) + "claim S 12\nplay W SK\ncut\n")
    out = rulings_at(events)
    (r,) = out["irregularities"]
    assert r["kind"] == "claim-played-out" and r["laws"][0] == "68D" and "counted as played" not in r["explanation"]
    s = score(at(events))
    assert s["complete"] and s["tricks"] == {"NS": 12, "EW": 1}


def test_law68d2_a_card_after_a_doubted_claim_voids_it_and_the_play_decides():
    events = events_of(HEAD + "claim S 12\ndoubt W\nplay W SK\n")
    out = rulings_at(events)
    assert [i["laws"][0] for i in out["irregularities"] if i["kind"] == "claim-played-out"] == ["68D2"]
    assert score(at(events))["complete"] is False


def test_law67b2_a_card_played_at_once_and_restored_late_makes_an_ordinary_revoke():
    events = events_of(example("dup17-l67b2-cards-at-once-found-late-restored"))
    out = rulings_at(events, 23)
    assert out["exposed"] == []
    (r,) = out["revokes"]
    assert r["laws"] == ["63A1", "67B2"] and r["transfer"]["barred_by"] is None
    several = [i for i in out["irregularities"] if i["kind"] == "several-cards"][0]
    assert "58B4" in several["laws"]
    assert rulings_at(events, 22)["exposed"] != []  # (before the inspection the record reads as two cards faced)


FIFTH = HEAD.replace("quit EW\n", "")


def test_law45e1_a_defenders_fifth_card_waits_for_the_directors_decision_then_is_a_penalty_card():
    events = events_of(example("dup17-l45e-fifth-card-deemed-not-led"))
    (r,) = rulings_at(events, 10)["irregularities"]
    assert r["kind"] == "fifth-card" and r["judgment"]["given"] is None and rulings_at(events, 10)["exposed"] == []
    out = rulings_at(events, 11)
    fifth = [i for i in out["irregularities"] if i["kind"] == "fifth-card"][0]
    assert fifth["judgment"]["given"] == {"event": 11, "led": False, "by": "TD"}
    assert [(x["seat"], x["card"], x["law"], x["penalty_card"]) for x in out["exposed"]] == [("E", "CQ", "45E1", "major")]
    assert [(p.seat, str(p.card)) for p in at(events).table.tricks[0].cards] == [("W", "SA"), ("N", "S8"), ("E", "S2"), ("S", "S3")]


def test_law45e1_deemed_led_out_of_turn_is_a_defenders_lead_out_of_turn():
    out = rulings_at(events_of(FIFTH + "play E CQ fifth\ndeem 10 led\n"))
    (lead,) = [i for i in out["irregularities"] if i["kind"] == "lead-out-of-turn"]
    assert lead["laws"][0] == "56" and "45E1" in lead["laws"] and lead["event"] == 10 and lead["trick"] == 2


def test_law45e2_declarers_fifth_card_deemed_not_led_goes_back_with_no_rectification():
    events = events_of(FIFTH + "play S HK fifth\ndeem 10 not-led\nplay W SK\n")
    out = rulings_at(events)
    assert out["exposed"] == [] and [i["kind"] for i in out["irregularities"]] == ["fifth-card"]
    assert "HK" in {str(c) for c in at(events).table.hands["S"]}


def test_law45e_a_decision_on_an_event_that_is_no_fifth_card_is_refused():
    with pytest.raises(Exception, match="no fifth card"):
        events_of(FIFTH + "deem 9 led\n")
