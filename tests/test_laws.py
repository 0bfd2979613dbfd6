"""The rulings of the 1912 code, one test (or more) per law path. Tests are named after the law.

Deal A (from data/examples), South declares four hearts, West leads, North is dummy:
    North T98.9876.T98.876   East 2.54.AKQJ.AKQJT9   South 76543.AKQJT.76.5   West AKQJ.32.5432.432
"""

from __future__ import annotations


from conftest import events_of, example
from projections.moment import rulings_at

HEAD = """hand t {options}
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
"""
# Events 1-4 are the head; West's SA lead is event 5.


def hand(body: str, options: str = "") -> list:
    return events_of(HEAD.format(options=options) + body)


def revoke(events: list, at: int | None = None, seat: str | None = None) -> dict:
    rs = [r for r in rulings_at(events, at)["revokes"] if seat is None or r["seat"] == seat]
    assert len(rs) == 1, rs
    return rs[0]


def irregularities(events: list, at: int | None = None, kind: str | None = None) -> list[dict]:
    return [i for i in rulings_at(events, at)["irregularities"] if kind is None or i["kind"] == kind]


# East discards C9 on West's SA (East holds S2): a revoke at event 7.
EAST_REVOKES = """play W SA
play N S8
play E C9
play S S3
"""


# ---------------------------------------------------------------- L83: what a revoke is


def test_law83_failure_to_follow_holding_the_suit_is_a_revoke():
    r = revoke(hand(EAST_REVOKES), at=7)
    assert (r["seat"], r["trick"], r["card"], r["suit"], r["event"]) == ("E", 1, "C9", "S", 7)
    assert r["status"] == "correctable" and r["status_event"] is None
    assert r["laws"] == ["83"] and r["penalty"] is None


def test_law83_discard_when_void_is_not_a_revoke():
    # Trick 2: West leads SK; East, void in spades now, discards: no revoke.
    events = hand("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\nplay W SK\nplay N S9\nplay E C9\nplay S S4\n")
    assert rulings_at(events)["revokes"] == []


def test_law83_dummy_failure_is_law63_not_law83():
    events = events_of(example("law63-dummy-fails-to-follow"))
    r = rulings_at(events)["revokes"][0]
    assert r["kind"] == "dummy" and r["laws"][0] == "63"
    assert r["penalty"] is None and r["penalty_barred_by"] == "63"


# ---------------------------------------------------------------- L83: establishment


def test_law83_i_established_when_rightful_winners_quit():
    events = hand(EAST_REVOKES + "quit EW\n")
    r = revoke(events, at=9)
    assert (r["status"], r["status_event"], r["laws"]) == ("established", 9, ["83"])


def test_law83_quit_by_wrong_side_does_not_establish():
    events = hand(EAST_REVOKES + "quit NS\n")
    r = revoke(events, at=9)
    assert r["status"] == "correctable"
    wrong = irregularities(events, 9, "wrong-side-quit")
    assert wrong and wrong[0]["laws"] == ["83"] and wrong[0]["event"] == 9


def test_law83_ii_revoker_leading_to_next_trick_establishes():
    r = rulings_at(events_of(example("law83-revoker-leads")))["revokes"][0]
    assert r["status"] == "established" and r["laws"] == ["83"]


def test_law83_iii_partner_playing_to_next_trick_out_of_turn_establishes():
    # Wrong side quitted trick 1; East-West's next act is West leading to trick 2.
    events = hand(EAST_REVOKES + "quit NS\nplay W SK\n")
    r = revoke(events, at=10)
    assert (r["status"], r["status_event"]) == ("established", 10)
    assert "partner" in r["explanation"]


def test_law83_opponents_playing_on_do_not_establish_under_strict_quitting():
    # quitting=strict: no quit recorded. South ruffs nothing here; West won trick 1 and must lead,
    # but declarer's side leads out of turn to trick 2: that is not the offending side.
    events = hand(EAST_REVOKES + "play N S9\n", options="quitting=strict")
    r = revoke(events)
    assert r["status"] == "correctable"


def test_law83_implicit_quit_before_the_next_lead_establishes_by_default():
    # §2K.9 default: no quit line; the next lead counts the trick as quitted by its rightful winners.
    events = events_of(example("law83-implicit-quit"))
    r = rulings_at(events)["revokes"][0]
    assert r["status"] == "established" and r["laws"] == ["83"]


# ---------------------------------------------------------------- L85 and L60a: "having none?"


def test_law85_question_before_the_quit_suspends_establishment():
    events = hand(EAST_REVOKES + "ask W E\nanswer E yes\nquit EW\n")
    r = revoke(events)
    assert r["status"] == "correctable" and r["laws"] == ["85"]


def test_law85_question_after_the_quit_comes_too_late():
    events = hand(EAST_REVOKES + "quit EW\nask W E\n")
    r = revoke(events)
    assert (r["status"], r["status_event"]) == ("established", 9)


def test_law85_answer_no_establishes_at_the_answer_by_default():
    events = hand(EAST_REVOKES + "ask W E\nanswer E no\n")
    r = revoke(events)
    assert (r["status"], r["status_event"], r["laws"]) == ("established", 10, ["85"])


def test_law85_answer_no_with_next_trigger_option_waits_for_play_on():
    events = hand(EAST_REVOKES + "ask W E\nanswer E no\nquit EW\nplay W SK\n", options="wrong-no=next-trigger")
    assert revoke(events, at=11)["status"] == "correctable"
    r = revoke(events, at=12)
    assert (r["status"], r["status_event"], r["laws"]) == ("established", 12, ["83", "85"])


def test_law85_answer_no_bars_correction_under_next_trigger_option():
    events = hand(EAST_REVOKES + "ask W E\nanswer E no\nwithdraw E C9\n", options="wrong-no=next-trigger")
    assert revoke(events)["status"] == "correctable"
    assert irregularities(events, kind="late-correction")


def test_law85_offending_side_playing_on_after_question_establishes():
    events = hand(EAST_REVOKES + "ask W E\nquit EW\nplay W SK\n")
    r = revoke(events)
    assert (r["status"], r["status_event"], r["laws"]) == ("established", 11, ["83", "85"])


def test_law85_question_by_an_opponent_is_flagged_and_does_not_suspend():
    events = hand(EAST_REVOKES + "ask S E\nquit EW\n")
    r = revoke(events)
    assert (r["status"], r["status_event"]) == ("established", 10)
    q = irregularities(events, kind="question-to-opponent")
    assert q and q[0]["seat"] == "S" and q[0]["laws"][0] == "85"


def test_law60a_dummy_may_ask_declarer():
    events = events_of(example("law85-dummy-asks-declarer"))
    assert not irregularities(events, kind="question-to-opponent")
    r = rulings_at(events)["revokes"][0]
    assert r["status"] == "corrected" and r["penalty"] is None


def test_law61_dummy_asking_an_adversary_bars_the_penalty():
    events = hand(EAST_REVOKES + "ask N E\nquit EW\n")
    r = revoke(events)
    assert r["status"] == "established" and r["penalty"] is None and r["penalty_barred_by"] == "61"
    assert irregularities(events, kind="question-to-opponent")[0]["laws"] == ["85", "60", "61"]


# ---------------------------------------------------------------- L86: correction


def test_law86_adversary_correction_opens_declarers_options():
    events = hand(EAST_REVOKES + "ask W E\nanswer E yes\nwithdraw E C9\n")
    r = revoke(events)
    assert (r["status"], r["status_event"], r["laws"]) == ("corrected", 11, ["86"])
    assert r["penalty"] == {"law": "86", "elector": "S", "options": ["exposed", "highest", "lowest"], "elected": None,
                            "said": "the card exposed or his highest of the suit led or his lowest of the suit led"}


def test_law86_exposed_election_exposes_the_withdrawn_card():
    from projections.moment import at

    events = hand(EAST_REVOKES + "withdraw E C9\nelect S exposed\nplay E S2\n")
    moment = at(events)
    assert revoke(events)["penalty"]["elected"] == "exposed"
    assert [(x.seat, str(x.card), x.law) for x in moment.judge.exposed] == [("E", "C9", "86")]
    # The substitute goes to trick 1, in turn: no irregularity.
    assert irregularities(events) == []
    assert [str(p.card) for p in moment.table.tricks[0].live] == ["SA", "S8", "S3", "S2"]


def test_law86_declarers_own_corrected_revoke_has_no_penalty():
    # Trick 1 won by West; trick 2: West leads a heart, South discards a spade holding hearts.
    events = hand("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\n"
                  "play W H2\nplay N H6\nplay E H4\nplay S S4\nwithdraw S S4\nplay S HA\n")
    r = revoke(events)
    assert r["seat"] == "S" and r["status"] == "corrected" and r["penalty"] is None
    assert r["penalty_barred_by"] is None


def test_law86_later_players_retract_without_exposure():
    from projections.moment import at

    events = events_of(example("law86-later-players-retract"))
    moment = at(events)
    # Dummy's D8 and East's DJ were taken back under L86: not exposed, not irregular.
    assert moment.judge.exposed == []
    assert rulings_at(events)["irregularities"] == []
    assert [r["status"] for r in rulings_at(events)["revokes"]] == ["corrected"]
    trick2 = moment.table.tricks[1]
    assert sorted(str(p.card) for p in trick2.plays if not p.live) == ["C2", "D8", "DJ"]


def test_law86_lowest_direction_disobeyed_is_a_deemed_revoke_law73():
    # Trick 4: West leads H2; East (holding H54) plays CA: a revoke. He withdraws it, declarer
    # elects "lowest" (L86b), and East plays H5 instead of his lowest heart H4.
    events = hand("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\n"
                  "play W SK\nplay N S9\nplay E C9\nplay S S4\nquit EW\n"
                  "play W SQ\nplay N ST\nplay E CT\nplay S S5\nquit EW\n"
                  "play W H2\nplay N H6\nplay E CA\nwithdraw E CA\nelect S lowest\nplay E H5\nquit NS\n")
    rs = rulings_at(events)["revokes"]
    assert rs[0]["status"] == "corrected" and rs[0]["penalty"]["elected"] == "lowest"
    deemed = [r for r in rs if r["kind"] == "deemed"]
    assert len(deemed) == 1 and deemed[0]["laws"] == ["73"] and deemed[0]["status"] == "established"
    # The corrected revoke was never established, so the deemed one is East-West's first (L84b).
    assert deemed[0]["penalty"]["law"] == "84b"


# ---------------------------------------------------------------- L63: dummy


def test_law63_dummy_revoke_stands_once_quitted_by_either_side():
    events = events_of(example("law63-dummy-quit-by-wrong-side"))
    r = rulings_at(events)["revokes"][0]
    assert r["status"] == "established" and r["laws"] == ["63"] and r["penalty_barred_by"] == "63"


# ---------------------------------------------------------------- L84, L89: penalties


def test_law84a_declarer_revoke_gives_adversaries_150_without_election():
    r = rulings_at(events_of(example("law84a-declarer-revoke")))["revokes"][0]
    assert r["penalty"]["law"] == "84a" and r["penalty"]["elector"] is None


def test_law84b_adversary_revoke_declarer_elects_points_or_tricks():
    r = revoke(hand(EAST_REVOKES + "quit EW\nelect S tricks\n"))
    assert r["penalty"] == {"law": "84b", "elector": "S", "options": ["points", "tricks"], "elected": "tricks",
                            "said": "150 points or three tricks"}


def test_law84b_election_by_an_adversary_is_not_applied():
    events = hand(EAST_REVOKES + "quit EW\nelect W points\n")
    assert revoke(events)["penalty"]["elected"] is None
    assert irregularities(events, kind="election-not-theirs")


def test_law84c_second_revoke_by_the_same_side_is_100():
    rs = rulings_at(events_of(example("law84c-second-revoke-same-side")))["revokes"]
    assert [r["penalty"]["law"] for r in rs] == ["84b", "84c"]


def test_law89_both_sides_revoke_first_revokes_cancel():
    rs = rulings_at(events_of(example("law89-both-sides-revoke")))["revokes"]
    assert [(r["seat"], r["penalty"] and r["penalty"]["law"], r["penalty_barred_by"]) for r in rs] == [
        ("E", None, "89"), ("S", None, "89"), ("W", "89", None)]


# ---------------------------------------------------------------- L61, L88, L87


def test_law61_dummy_drawing_attention_bars_the_penalty():
    events = events_of(example("law61-dummy-draws-attention"))
    r = rulings_at(events)["revokes"][0]
    assert r["penalty"] is None and r["penalty_barred_by"] == "61"


def test_law88_cut_closes_the_claim_window():
    r = rulings_at(events_of(example("law88-cut-unclaimed")))["revokes"][0]
    assert r["penalty"] is None and r["penalty_barred_by"] == "88"
    r = rulings_at(events_of(example("law88-claimed-before-cut")))["revokes"][0]
    assert r["penalty"]["law"] == "84b" and r["penalty_barred_by"] is None


def test_law88_option_never_keeps_the_penalty():
    events = events_of(example("law88-cut-unclaimed").replace("hand law88-cut-unclaimed", "hand x claim-deadline=never"))
    r = rulings_at(events)["revokes"][0]
    assert r["penalty"]["law"] == "84b"


# ---------------------------------------------------------------- L73: penalty directions


def test_law73_called_lead_not_obeyed_is_a_deemed_revoke():
    r = rulings_at(events_of(example("law73-called-lead-ignored")))["revokes"][0]
    assert r["kind"] == "deemed" and r["laws"] == ["73"] and r["status"] == "established"


def test_law73_deemed_revoke_corrected_before_the_quit_has_no_penalty():
    text = example("law73-called-lead-ignored").split("quit NS")[0] + "withdraw W SJ\nplay W DT\n"
    r = rulings_at(events_of(text))["revokes"][0]
    assert r["status"] == "corrected" and r["penalty"] is None


# ---------------------------------------------------------------- L82: two cards to one trick


SURPLUS = """play W H2
play N H6
play E H4
play E H5
play S HA
quit NS
play S HK
play W H3
play N H7
play E C9
"""


def test_law82_second_card_to_a_trick_is_a_surplus_card():
    events = hand(SURPLUS)
    s = irregularities(events, kind="surplus-card")
    assert s and s[0]["seat"] == "E" and s[0]["event"] == 8 and s[0]["laws"] == ["82"]


def test_law82_player_answers_for_revokes_with_the_surplus_card():
    events = hand(SURPLUS + "quit NS\n")
    r = revoke(events)
    assert (r["seat"], r["card"], r["status"], r["laws"]) == ("E", "C9", "established", ["83", "82"])


def test_law82_restore_after_inspect_returns_the_card():
    from projections.moment import at

    events = hand(SURPLUS + "inspect\nrestore E H5\n")
    moment = at(events)
    assert any(str(c) == "H5" for c in moment.table.hands["E"])
    assert not irregularities(events, kind="looked-at-quitted-trick")
    # He stays liable for the revoke made meanwhile.
    assert revoke(events)["laws"] == ["83", "82"]


def test_law90_restore_without_inspect_is_flagged():
    events = hand(SURPLUS + "restore E H5\n")
    assert irregularities(events, kind="looked-at-quitted-trick")


# ---------------------------------------------------------------- L70, L76-L80: other irregularities


def test_law70_several_cards_at_once_by_an_adversary():
    from projections.moment import at

    events = hand("play W SA\nplay N S8\nplay E CA CK\nwithdraw E CK\n")
    i = irregularities(events, kind="several-cards")
    assert i and i[0]["laws"] == ["70"] and i[0]["seat"] == "E"
    assert [(x.seat, str(x.card)) for x in at(events).judge.exposed] == [("E", "CK")]


def test_law76_adversary_lead_out_of_turn_gives_declarer_options():
    events = hand("play E CA\n")
    i = irregularities(events, kind="lead-out-of-turn")[0]
    assert i["laws"][0] == "76" and i["penalty"]["elector"] == "S"
    assert i["penalty"]["options"] == ["exposed", "lead"]


def test_law77_declarer_lead_out_of_turn_has_no_penalty():
    assert irregularities(events_of(example("law77-declarer-leads-wrong-hand")), kind="lead-out-of-turn")[0]["laws"] == ["77"]


FOURTH_BEFORE_SECOND = """play W SA
play N S8
play E S2
play S S3
quit EW
play W H2
play N H6
play E H4
play S HA
quit NS
play S D7
play E DA
"""
# Trick 3: South leads D7; East, fourth hand, plays DA (event 16) before West, second hand.


def test_law80_fourth_hand_before_second_hand():
    events = hand(FOURTH_BEFORE_SECOND)
    i = irregularities(events, kind="play-out-of-turn")
    assert i and (i[0]["seat"], i[0]["event"], i[0]["laws"]) == ("E", 16, ["80"])
    assert {k: v for k, v in i[0]["penalty"].items() if k != "said"} == {
        "elector": "S", "options": ["highest", "lowest", "win", "lose"], "elected": None}
    assert i[0]["penalty"]["said"] == ("West to play his highest of the suit led or West to play his lowest of "
                                       "the suit led or West to win the trick or West to lose the trick")


def test_law80_direction_disobeyed_is_a_deemed_revoke_law73():
    # Declarer directs West (second hand) to play his lowest diamond (D2); West plays D5.
    events = hand(FOURTH_BEFORE_SECOND + "elect S lowest\nplay W D5\nplay N D8\nquit EW\n")
    assert irregularities(events, kind="play-out-of-turn")[0]["penalty"]["elected"] == "lowest"
    r = revoke(events)
    assert (r["seat"], r["kind"], r["laws"], r["status"], r["status_event"]) == ("W", "deemed", ["73"], "established", 20)
    assert r["penalty"]["law"] == "84b"


def test_law80_direction_obeyed_is_no_revoke():
    events = hand(FOURTH_BEFORE_SECOND + "elect S lowest\nplay W D2\nplay N D8\nquit EW\n")
    assert rulings_at(events)["revokes"] == []


# West leads D2, dummy plays D8, and West says "mine" before his partner East has played (L92).
# East holds AKQJ of diamonds.
ATTENTION_BEFORE_PARTNER = """play W D2
play N D8
attention W that one is mine
"""


def test_law92_adversary_draws_attention_to_the_trick_before_partner_plays():
    i = irregularities(hand(ATTENTION_BEFORE_PARTNER), kind="attention-to-trick")
    assert i and (i[0]["seat"], i[0]["event"], i[0]["laws"], i[0]["trick"]) == ("W", 7, ["92"], 1)
    assert {k: v for k, v in i[0]["penalty"].items() if k != "said"} == {
        "elector": "S", "options": ["highest", "lowest", "win", "lose"], "elected": None}
    assert i[0]["penalty"]["said"] == ("East to play his highest of the suit led or East to play his lowest of "
                                       "the suit led or East to win the trick or East to lose the trick")
    assert "East" in i[0]["explanation"]


def test_law92_direction_disobeyed_is_a_deemed_revoke_law73():
    # Declarer directs East to play his lowest diamond (DJ); East plays the DA and wins.
    events = hand(ATTENTION_BEFORE_PARTNER + "elect S lowest\nplay E DA\nplay S D7\nquit EW\n")
    assert irregularities(events, kind="attention-to-trick")[0]["penalty"]["elected"] == "lowest"
    r = revoke(events)
    assert (r["seat"], r["kind"], r["laws"], r["status"], r["status_event"]) == ("E", "deemed", ["73"], "established", 11)


def test_law92_direction_obeyed_is_no_revoke():
    events = hand(ATTENTION_BEFORE_PARTNER + "elect S lowest\nplay E DJ\nplay S D7\nquit EW\n")
    assert rulings_at(events)["revokes"] == []


def test_law92_needs_the_partner_still_to_play_and_an_adversary():
    after_partner = hand("play W D2\nplay N D8\nplay E DJ\nattention W that one is mine\n")
    assert irregularities(after_partner, kind="attention-to-trick") == []
    by_declarer = hand("play W D2\nplay N D8\nattention S whose lead was it\n")
    assert irregularities(by_declarer, kind="attention-to-trick") == []
    between_tricks = hand("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\nattention W mine\n")
    assert irregularities(between_tricks, kind="attention-to-trick") == []


def test_law92_declarer_elects_only_while_the_partner_has_not_played():
    # East plays before declarer elects: nothing is left to require; the late election is unmatched.
    events = hand(ATTENTION_BEFORE_PARTNER + "play E DA\nelect S lowest\n")
    i = irregularities(events, kind="attention-to-trick")[0]
    assert i.get("penalty") is None and "lapsed" in i["explanation"]
    assert irregularities(events, kind="election-without-penalty")


def test_law60_dummy_cannot_elect_a_penalty():
    events = hand(ATTENTION_BEFORE_PARTNER + "elect N lowest\nplay E DA\nplay S D7\nquit EW\n")
    i = irregularities(events, kind="election-not-theirs")
    assert i and i[0]["seat"] == "N" and i[0]["laws"][0] == "60"
    assert rulings_at(events)["revokes"] == []


def test_law93_an_adversary_remark_about_the_play_lets_declarer_call_a_suit():
    # East, after both adversaries have played to the trick, says "mine": not L92 but L93. Declarer
    # calls hearts from the next adversary to lead; East wins the trick with the DA and leads a club
    # although he holds hearts: a deemed revoke under L73.
    events = hand("play W D2\nplay N D8\nplay E DA\nattention E mine\nplay S D7\nquit EW\n"
                  "elect S lead H\nplay E C9\nplay S C5\nplay W C2\nplay N C6\nquit EW\n")
    i = irregularities(events, kind="remark-about-the-play")
    assert i and (i[0]["seat"], i[0]["event"], i[0]["laws"]) == ("E", 8, ["93"])
    assert i[0]["penalty"]["elected"] == "lead"
    r = revoke(events)
    assert (r["seat"], r["kind"], r["card"], r["status"]) == ("E", "deemed", "C9", "established")


# ---------------------------------------------------------------- L90


def test_law90_a_card_taken_back_from_a_quitted_trick_stays_in_it():
    from projections.moment import at

    events = hand("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\nwithdraw E S2\n")
    i = irregularities(events, kind="taken-from-quitted-trick")
    assert i and (i[0]["seat"], i[0]["event"], i[0]["laws"], i[0]["trick"]) == ("E", 10, ["90"], 1)
    m = at(events)
    assert [str(p.card) for p in m.table.tricks[0].cards] == ["SA", "S8", "S2", "S3"]
    assert m.table.won()["EW"] == 1


def test_law90_a_card_taken_back_from_a_quitted_trick_is_owed_no_substitute():
    from projections.moment import at

    # Dummy's S8 is taken back from trick 1; the D8 he plays next belongs to trick 2, in turn.
    events = hand("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\nwithdraw N S8\n"
                  "play W D2\nplay N D8\nplay E DA\nplay S D6\nquit EW\n")
    m = at(events)
    assert [[str(p.card) for p in t.cards] for t in m.table.tricks] == [["SA", "S8", "S2", "S3"], ["D2", "D8", "DA", "D6"]]
    assert [i["kind"] for i in m.rulings()["irregularities"]] == ["taken-from-quitted-trick"]


def test_law90_a_card_kept_in_a_quitted_trick_and_played_again_is_flagged():
    events = hand("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\nwithdraw S S3\n"
                  "play W SK\nplay N S9\nplay E C9\nplay S S3\n")
    i = irregularities(events, kind="played-again")
    assert i and (i[0]["seat"], i[0]["event"], i[0]["laws"], i[0]["trick"]) == ("S", 14, ["90"], 2)


def test_law82_law90_a_surplus_card_taken_back_without_the_count_is_flagged():
    # East plays the S2 as well as the CA to trick 1 (two cards to one trick); taken back after the
    # trick is quitted, without the tricks first counted face down (`inspect`).
    events = hand("play W C2\nplay N C6\nplay E CA\nplay E S2\nplay S C5\nquit EW\nwithdraw E S2\n")
    assert irregularities(events, kind="looked-at-quitted-trick")
    assert irregularities(events, kind="taken-from-quitted-trick") == []


def test_law90_correcting_a_revoke_the_wrong_side_quitted_is_not_looking_at_a_quitted_trick():
    # East revokes; North-South (not the rightful winners) quit the trick; the revoke is still
    # correctable (L83), and East takes the C9 back: a correction, not an L90 irregularity.
    events = hand(EAST_REVOKES + "quit NS\nwithdraw E C9\n")
    assert irregularities(events, kind="taken-from-quitted-trick") == []
    assert revoke(events)["status"] == "corrected"


def test_law72_a_claim_the_hand_is_played_out_after_lapses_and_the_play_decides():
    from projections.moment import at
    from projections.score import tricks_won

    # West's SA wins trick 1; South claims ten of the twelve tricks left; the hand is played out
    # anyway, and East, who holds four diamonds, discards a club on West's D2: a revoke (L83).
    events = hand("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\nclaim S 10\n"
                  "play W D2\nplay N D8\nplay E C9\nplay S D7\nquit NS\nplay N H9\n")
    i = irregularities(events, kind="claim-played-out")
    assert len(i) == 1 and (i[0]["seat"], i[0]["event"], i[0]["laws"]) == ("S", 11, ["72"])
    m = at(events)
    assert m.table.claim is None and tricks_won(m.table) == ({"NS": 1, "EW": 1}, False)
    r = revoke(events)
    assert (r["seat"], r["trick"], r["card"], r["status"]) == ("E", 2, "C9", "established")


def test_law72_a_claim_in_the_middle_of_a_trick_played_out_leaves_the_trick_whole():
    # South claims after West's H3; North and East then follow to the same trick.
    events = hand("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\nplay W H2\nplay N H6\n"
                  "play E H4\nplay S HA\nquit NS\nplay S HK\nplay W H3\nclaim S 10\nplay N H7\n"
                  "play E H5\nquit NS\n")
    assert irregularities(events, kind="missed-trick") == []
    from projections.moment import at

    assert [len(t.cards) for t in at(events).table.tricks] == [4, 4, 4]


def test_law72_a_claim_that_ends_the_hand_counts_what_it_claims():
    from projections.moment import at
    from projections.score import tricks_won

    events = hand("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\nclaim S 10\n")
    assert irregularities(events, kind="claim-played-out") == []
    assert tricks_won(at(events).table) == ({"NS": 10, "EW": 3}, True)


# ---------------------------------------------------------------- L81, L38


def test_law81_trick_quitted_with_three_cards_is_a_missed_trick():
    events = hand("play W SA\nplay N S8\nplay S S3\nquit EW\n")
    i = irregularities(events, kind="missed-trick")
    assert i and i[0]["seat"] == "E" and i[0]["laws"] == ["81"]


def test_law38_short_hand_flagged_and_missing_card_deemed_held():
    # West is dealt 12 cards: his C2 is missing. Clubs are led; West, with no club in hand, discards.
    events = events_of("""hand t
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.43
contract 4H by S
play W SA
play N S8
play E S2
play S S3
quit EW
play W C4
play N C6
play E CA
play S C5
quit EW
play E CK
play S H6
play W C3
play N C7
quit NS
play S HA
play W H2
play N H9
play E H4
quit NS
play S HK
play W H3
play N H8
play E H5
quit NS
play S D7
play W D2
play N DT
play E DA
quit EW
play E CQ
play S HQ
play W D3
""".replace("play S H6\n", "play S D6\n"))
    i = irregularities(events, kind="short-hand")
    assert i and i[0]["seat"] == "W" and i[0]["laws"] == ["38"]
    rs = [r for r in rulings_at(events)["revokes"] if r["seat"] == "W"]
    assert rs and rs[-1]["laws"] == ["83", "38"]


def test_three_hands_known_give_the_fourth():
    # East is written '-', but the other three hands of thirteen leave him the rest of the pack:
    # his discard on a spade is a revoke proven at once, not merely suspected.
    events = events_of(HEAD.replace("2.54.AKQJ.AKQJT9", "-").format(options="") + EAST_REVOKES)
    r = revoke(events)
    assert r["status"] == "correctable" and r["laws"] == ["83"]
