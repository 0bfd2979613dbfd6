"""Edge cases found by reviewing the rulings against the laws; each test names the law it guards.
The transcripts are in review_probes.py."""

from __future__ import annotations

import review_probes as P
from conftest import events_of
from projections.moment import rulings_at


def rulings(text: str, at: int | None = None) -> dict:
    return rulings_at(events_of(text), at)


def swap(text: str, old: str, new: str) -> str:
    """The probe with `old` replaced by `new`, once; `old` must be there (no silent no-op)."""
    assert text.count(old) == 1, f"{old!r} is not once in the probe"
    return text.replace(old, new)


def kinds(r: dict) -> list[tuple[str, str | None]]:
    return [(i["kind"], i["seat"]) for i in r["irregularities"]]


def test_law46_rightful_leader_after_a_lead_out_of_turn_is_in_turn():
    # East led out of turn and took the card back; West then leads, as he should.
    assert kinds(rulings(P.P1)) == [("lead-out-of-turn", "E")]


def test_law86_correction_goes_to_the_revoke_trick_after_dummy_led_on():
    # quitting=strict: North (not the offending side) led to trick 2; East then corrects trick 1.
    r = rulings(P.P7)
    v = r["revokes"][0]
    assert (v["status"], v["status_event"]) == ("corrected", 10)
    assert not [x for x in r["revokes"] if x["card"] == "DA"]


def test_law73_one_card_is_one_revoke():
    # West discards H8 holding clubs while directed to play his highest club: one revoke, L84b.
    r = rulings(P.P3)
    assert [(v["card"], v["kind"], v["penalty"]["law"]) for v in r["revokes"]] == [("H8", "revoke", "84b")]


def test_law80_win_and_lose_directions_judge_against_a_discard():
    win, lose = rulings(P.P2WIN)["revokes"], rulings(P.P2LOSE)["revokes"]
    assert [(v["card"], v["kind"], v["laws"]) for v in win] == [("S2", "deemed", ["73"])]
    assert [(v["card"], v["kind"], v["laws"]) for v in lose] == [("SA", "deemed", ["73"])]


def test_law73_an_election_with_no_penalty_open_binds_nobody():
    r = rulings(P.P5)
    assert [v["kind"] for v in r["revokes"]] == ["revoke"]
    assert ("election-without-penalty", "S") in kinds(r)


def test_law73_a_card_put_in_place_of_a_disobeying_card_is_judged_again():
    r = rulings(P.P6)
    assert [(v["card"], v["status"]) for v in r["revokes"]] == [("SJ", "corrected"), ("H9", "established")]


def test_law84b_declarer_may_elect_on_a_deemed_revoke():
    text = P.P3 + "elect S points\n"
    assert rulings(text)["revokes"][0]["penalty"]["elected"] == "tricks"  # the first election binds (Case 1)
    text = P.P2WIN + "elect N tricks\n"
    assert rulings(text)["revokes"][0]["penalty"] == {
        "law": "84b", "elector": "N", "options": ["points", "tricks"], "elected": "tricks",
        "said": "150 points or three tricks"}


def test_law89_a_revoke_barred_by_law61_is_not_counted():
    r = rulings(P.P12)
    assert [(v["seat"], v["penalty"] and v["penalty"]["law"], v["penalty_barred_by"]) for v in r["revokes"]] == [
        ("E", None, "61"), ("S", "84a", None)]


def test_law84c_a_revoke_barred_by_law61_is_not_the_first():
    r = rulings(P.P13)
    assert [(v["seat"], v["penalty"] and v["penalty"]["law"]) for v in r["revokes"]] == [("E", None), ("W", "84b")]


def test_law88_an_unclaimed_revoke_is_not_counted_for_law89():
    r = rulings(P.P14)
    assert [(v["seat"], v["penalty"] and v["penalty"]["law"], v["penalty_barred_by"]) for v in r["revokes"]] == [
        ("E", "84b", None), ("S", None, "88")]


def test_law83_a_trick_quitted_by_the_wrong_side_then_by_the_rightful_winners():
    text = swap(swap(P.P5, "elect S highest\n", ""), "withdraw E C9\nplay E S2\nquit EW\n", "quit NS\nquit EW\n")
    v = rulings(text)["revokes"][0]
    assert (v["status"], v["status_event"]) == ("established", 10)


def test_law88_a_claim_ends_the_play_and_a_claim_of_the_revoke_before_the_cut_keeps_the_penalty():
    # quitting=strict: no quit recorded; the claim (event 9) ends the play, so the revoke stands.
    v = rulings(P.P10)["revokes"][0]
    assert (v["status"], v["status_event"], v["penalty"]["law"], v["penalty_barred_by"]) == ("established", 9, "84b", None)


def test_law83_a_claim_ends_the_play_and_quits_the_trick_by_default():
    v = rulings(P.P11)["revokes"][0]
    assert (v["status"], v["status_event"]) == ("established", 8)


def test_law85_answer_yes_proves_a_suspected_revoke():
    assert rulings(P.P17, 9)["revokes"][0]["status"] == "suspected"
    v = rulings(P.P17, 10)["revokes"][0]
    assert v["status"] == "correctable"


def test_law38_a_short_hand_running_out_is_not_a_missed_trick():
    r = rulings(P.P18)
    assert ("missed-trick", "W") not in kinds(r)
    assert not [k for k in kinds(r) if k[0] == "play-out-of-turn"]


def test_law78_a_lead_out_of_turn_followed_by_all_three_stands():
    r = rulings(P.P19)
    lead = [i for i in r["irregularities"] if i["kind"] == "lead-out-of-turn"][0]
    assert "penalty" not in lead and "L78" in lead["explanation"]
    assert r["exposed"] == []


def test_law85_withdrawal_after_a_no_answer_is_too_late():
    text = swap(P.P5, "elect S highest\nplay S S3\n", "play S S3\nask W E\nanswer E no\n")
    text = swap(text, "hand p5", "hand p5 wrong-no=next-trigger")
    r = rulings(text)
    late = [i for i in r["irregularities"] if i["kind"] == "late-correction"][0]
    assert late["laws"] == ["85"] and "answered 'no'" in late["explanation"]


def test_law61_dummy_attention_bars_a_lead_out_of_turn_penalty_too():
    text = swap(P.P19, "play S CA\nplay W C9\nplay N C2\nquit NS\nelect S exposed\n", "attention N East led!\n")
    r = rulings(text)
    lead = [i for i in r["irregularities"] if i["kind"] == "lead-out-of-turn"][0]
    assert "penalty" not in lead and "L61" in lead["explanation"]


def test_law61_a_revoke_claimed_before_dummy_spoke_keeps_its_penalty():
    text = swap(P.P12, "attention N East revoked!\n", "claim-revoke NS E\nattention N East revoked!\n")
    r = rulings(text)
    assert [(v["seat"], v["penalty_barred_by"]) for v in r["revokes"]] == [("E", "89"), ("S", "89")]


def test_law85_an_answer_nobody_asked_for_is_flagged_and_changes_nothing():
    text = swap(P.P5, "elect S highest\n", "answer E no\n")
    r = rulings(text)
    assert ("answer-without-question", "E") in kinds(r)
    assert r["revokes"][0]["status"] == "corrected"  # not established by an unasked "no"


def test_law83_a_claim_ends_the_play_after_a_wrong_side_quit_and_the_election_stands():
    # Hearts led; East discards C3 holding hearts; the trick is quitted by the wrong side (EW); then
    # South claims: the play is over, the revoke stands, and declarer's election of tricks applies.
    text = ("hand r24\ndealer S\ndeal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\n"
            "contract 4H by S\nplay W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\n"
            "play W H2\nplay N H6\nplay E C9\nplay S HA\nquit EW\nclaim S 10\nclaim-revoke NS E\n"
            "elect S tricks\ncut\n")
    v = rulings(text)["revokes"][0]
    assert (v["status"], v["status_event"], v["penalty"]["elected"]) == ("established", 15, "tricks")
    assert not [k for k in kinds(rulings(text)) if k[0] == "election-without-penalty"]


def test_law83_an_established_revoke_taken_back_stays_in_its_trick():
    # East revokes in trick 1, established by the quit; he then "corrects" it: void. The trick
    # stands as played with the C9 (the substitute S2 does not count in it), and the committee
    # puts the S2 back (`withdraw E S2`) for East to play it later.
    from projections.moment import at

    text = ("hand r06\ndealer S\ndeal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\n"
            "contract 4H by S\nplay W SA\nplay N S8\nplay E C9\nplay S S3\nquit EW\n"
            "withdraw E C9\nplay E S2\nwithdraw E S2\nplay W SK\nplay N S9\nplay E S2\nplay S S4\nquit EW\n")
    m = at(events_of(text))
    assert [str(p.card) for p in m.table.tricks[0].cards] == ["SA", "S8", "C9", "S3"]
    assert [str(p.card) for p in m.table.tricks[1].cards] == ["SK", "S9", "S2", "S4"]
    r = m.rulings()
    assert [i["kind"] for i in r["irregularities"]] == ["late-correction"]
    assert r["revokes"][0]["status"] == "established"


ELECT_SPADES = """hand elect-lead-spades
dealer S
deal N:AKQ.432.AKQJ.432 432.765.765.8765 876.AKQJT.432.AK JT95.98.T98.QJT9
contract 4H by S
play E C8
elect S lead S
withdraw E C8
play W H9
"""


def test_law76_law73_elect_lead_s_calls_spades_it_never_binds_south():
    # 'S' is South and spades: after 'lead', the one word is the suit (the grammar of bridge.lines).
    r = rulings(ELECT_SPADES)
    deemed = [v for v in r["revokes"] if v["kind"] == "deemed"]
    assert [(v["seat"], v["card"], v["laws"]) for v in deemed] == [("W", "H9", ["73"])]


def test_elect_names_a_suit_a_card_or_nothing():
    import pytest

    from bridge.lines import parse_line

    assert parse_line("elect S lead s").args["words"] == ["S"]
    assert parse_line("elect S call hk").args["words"] == ["HK"]
    for bad, why in (("elect S lead", "names one suit"), ("elect S lead S H", "names one suit"),
                     ("elect S highest W", "names nothing more"), ("elect S call", "names the exposed card"),
                     ("elect S lead X", "is not a suit")):
        with pytest.raises(Exception, match=why):
            parse_line(bad)


def test_law78_law76_the_election_after_cards_taken_back_from_a_lead_out_of_turn_goes_to_the_lead():
    from conftest import example

    r = rulings(example("law78-cards-to-a-lead-out-of-turn-taken-back"))
    assert r["exposed"] == [{"seat": "E", "card": "S2", "law": "76", "event": 10}]
    assert [(v["seat"], v["status"], v["laws"], v["penalty"]) for v in r["revokes"]] == [("W", "corrected", ["78"], None)]
    assert not any(i["kind"] == "election-without-penalty" for i in r["irregularities"])


def test_law67_an_exposed_card_is_one_the_player_holds_and_declarers_are_never_liable_to_call():
    import pytest

    from conftest import example

    head = example("law66-card-exposed-before-the-opening-lead").split("expose E H7")[0]
    with pytest.raises(Exception, match="East cannot have held HA: it is South.s"):
        events_of(head + "expose E HA\n")
    r = rulings(head + "expose S HA\n")
    assert r["exposed"] == [] and [(i["kind"], i["laws"]) for i in r["irregularities"]] == [("card-exposed", ["67"])]
    r = rulings(head + "play W SJ\nplay N SA\nexpose E H7\n")  # during the play: L68, no suit forbidden
    assert r["exposed"][0]["law"] == "68" and r["irregularities"][-1].get("penalty") is None


def test_law85_each_answer_goes_to_the_last_question_its_player_has_not_answered():
    """Two questions to East, then three answers: the first answers the later question, the
    second the earlier, the third none (flagged); West's question, between them, stays open."""
    from projections.moment import at
    from projections.table import open_questions

    text = "\n".join(["hand q2", "dealer S", "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432",
                      "contract 4H by S", "play W SA", "play N S8", "play E C9",
                      "ask W E", "ask S W", "ask N E", "answer E yes", "answer E no", "answer E no"])
    events = events_of(text)
    table = at(events).table
    asked = {(q.asker, q.asked, q.event): (q.answer, q.answered_at) for q in table.questions}
    assert asked == {("W", "E", 8): ("no", 12), ("S", "W", 9): (None, None), ("N", "E", 10): ("yes", 11)}
    assert [(q.asker, q.event) for q in open_questions(table)] == [("S", 9)]
    r = rulings(text)
    assert [i for i in kinds(r) if i[0] == "answer-without-question"] == [("answer-without-question", "E")]
    assert [i["event"] for i in r["irregularities"] if i["kind"] == "answer-without-question"] == [13]
