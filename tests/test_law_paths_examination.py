"""An examination of the three law paths of issue 11 part 3 (`put-right`, `found`, `surplus`)
against the 1912 text, written from the laws (L38, L63, L64, L67, L70, L74, L81, L82, L83, L85, L86, L90)
and their interplay with revokes. Deal A of tests/test_laws.py: South declares four hearts, West
leads, North is dummy.
    North T98.9876.T98.876   East 2.54.AKQJ.AKQJT9   South 76543.AKQJT.76.5   West AKQJ.32.5432.432
"""

from __future__ import annotations

import pytest
from conftest import events_of, example

from projections.moment import at, rulings_at
from projections.score import CannotScore, score
from bridge.pack import PhysicalError
from test_law_paths import SHORT_HEAD, SOUTH_MISSES, hand, only  # (the deal and helpers of the paths' tests)

# Three club tricks with West short (events 5-24): West's third-round discard, D2, is at event 22.
CLUB_TRICKS = ("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\n"
               "play W C4\nplay N C6\nplay E CA\nplay S C5\nquit EW\n"
               "play E CK\nplay S D6\nplay W C3\nplay N C7\nquit EW\n"
               "play E CQ\nplay S D7\n")


def kinds(rulings: dict) -> list[str]:
    return [i["kind"] for i in rulings["irregularities"]]


def trick_cards(events: list, n: int) -> list[str]:
    return [str(p.card) for p in at(events).table.tricks[n - 1].cards]


# ---------------------------------------------------------------- L81: a missed trick put right


def test_law83_a_put_right_revoke_is_established_when_its_trick_is_quitted_again_by_its_rightful_winners():
    # "It becomes an established revoke if the trick in which it occurs is turned and quitted by the
    # rightful winners": the quit before the card was added does not count, the quit after does.
    events = hand(SOUTH_MISSES + "put-right S D6\nquit EW\nplay W SK\n")
    (r,) = rulings_at(events)["revokes"]
    assert (r["seat"], r["trick"], r["card"], r["status"], r["status_event"]) == ("S", 1, "D6", "established", 10)
    assert r["laws"] == ["83"]


def test_law81_a_put_right_card_that_wins_the_trick_gives_its_winner_the_next_lead():
    # South puts trick 1 right with the HA (a trump, holding spades: a revoke, L83): the four cards
    # make the trick, South wins it, and West's lead to trick 2 is out of turn (L76).
    events = hand(SOUTH_MISSES + "put-right S HA\nplay W SK\nplay N S9\n")
    r = rulings_at(events)
    assert at(events).table.tricks[0].winner("H") == "S"
    assert only(r, "lead-out-of-turn")["seat"] == "W"
    (v,) = r["revokes"]
    assert (v["card"], v["status"], v["status_event"]) == ("HA", "established", 11)  # dummy played on (L83)


def test_law81_put_right_after_the_next_lead_but_before_his_own_card_there_is_in_time():
    # "... and such error is not discovered until he has played to the next": he had not.
    events = hand(SOUTH_MISSES + "play W SK\nplay N S9\nput-right S S3\nplay E C9\nplay S S4\n")
    r = rulings_at(events)
    assert "penalty" not in only(r, "missed-trick")
    assert trick_cards(events, 1) == ["SA", "S8", "S2", "S3"]
    assert trick_cards(events, 2) == ["SK", "S9", "C9", "S4"]
    assert not [k for k in kinds(r) if "out-of-turn" in k]


def test_law81_dummy_puts_a_missed_trick_right_without_penalty_and_his_failure_is_no_revoke():
    # L81 is for "a player, other than dummy"; §2K.6: dummy's missed trick is flagged, no penalty.
    # The card he adds does not follow: dummy's failure, L63, never a penalty.
    events = hand("play W SA\nplay E S2\nplay S S3\nquit EW\nplay N D8\n")
    r = rulings_at(events)
    missed = only(r, "missed-trick")
    assert missed["seat"] == "N" and "penalty" not in missed
    (v,) = r["revokes"]
    assert (v["seat"], v["kind"], v["laws"], v["penalty"]) == ("N", "dummy", ["63"], None)
    assert v["penalty_barred_by"] == "63"


def test_law81_nothing_to_put_right_after_a_complete_trick_is_a_lead_out_of_turn_by_declarer():
    events = hand("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\nput-right S S4\n")
    r = rulings_at(events)
    assert only(r, "nothing-to-put-right")["laws"] == ["81"]
    assert only(r, "lead-out-of-turn")["laws"] == ["77"]
    assert trick_cards(events, 2) == ["S4"]


def test_law81_two_tricks_missed_and_both_put_right_before_playing_on_cost_nothing():
    # South misses tricks 1 and 2 and puts both right before he plays to trick 3: he never "played
    # to the next" trick, so neither missed trick opens the new deal, in whichever order he puts
    # them right (a card putting a later trick right is no play to it in the course of play).
    events = hand(SOUTH_MISSES + "play W SK\nplay N S9\nplay E C9\nquit EW\n"
                  "put-right S S3\nput-right S S4\nplay W SQ\n")
    r = rulings_at(events)
    missed = [i for i in r["irregularities"] if i["kind"] == "missed-trick"]
    assert len(missed) == 2
    assert all("penalty" not in m for m in missed), missed
    # The first put-right goes to the later missed trick (the one just quitted), the second to trick 1.
    assert trick_cards(events, 2) == ["SK", "S9", "C9", "S3"] and trick_cards(events, 1) == ["SA", "S8", "S2", "S4"]


def test_law81_a_trick_put_right_after_playing_to_the_next_keeps_the_new_deal_open():
    events = hand(SOUTH_MISSES + "play W SK\nplay N S9\nplay E C9\nplay S S3\nquit EW\nput-right S S4\n")
    assert only(rulings_at(events), "missed-trick")["penalty"]["options"] == ["new-deal", "stand"]


def test_law81_the_leftover_card_counts_in_the_short_trick_but_does_not_win_it():
    # "The surplus card at the end of the hand is considered to have been played to the imperfect
    # trick, but does not constitute a revoke therein"; §2K.6: and it does not change who won it.
    # South's leftover is the HJ, a trump, to West's spade trick.
    events = events_of(example("law81-leftover-card-does-not-win"))
    table = at(events).table
    assert [str(p.card) for p in table.tricks[0].cards] == ["SA", "S8", "S2", "HJ"]
    assert table.tricks[0].winner(table.trump) == "W"
    assert table.won() == {"NS": 5, "EW": 8}
    r = rulings_at(events)
    assert r["revokes"] == [] and only(r, "leftover-card")["laws"] == ["81"]


# ---------------------------------------------------------------- L38: the missing card found


def test_law38_a_card_found_before_the_revoke_makes_it_a_plain_revoke():
    # Found before clubs are led a third time, the C2 is in West's hand: his discard is a revoke on
    # a card he holds (L83), no longer one he is only treated as holding (L38).
    body = CLUB_TRICKS.replace("play W C4\n", "found W C2\nplay W C4\n") + "play W D2\nplay N C8\nquit EW\n"
    (r,) = rulings_at(hand(body, head=SHORT_HEAD))["revokes"]
    assert (r["seat"], r["trick"], r["card"], r["laws"], r["status"]) == ("W", 4, "D2", ["83"], "established")


def test_law38_a_revoke_judged_on_the_missing_card_is_corrected_with_it_once_found():
    # West discards on the third club as if he held the missing C2 (L38); the card is found before
    # the revoke is established, and he corrects it with that card (L86: declarer's choice follows).
    body = CLUB_TRICKS + "play W D2\nfound W C2\nwithdraw W D2\nplay W C2\nplay N C8\nquit EW\n"
    events = hand(body, head=SHORT_HEAD)
    (r,) = rulings_at(events)["revokes"]
    assert (r["card"], r["status"], r["status_event"]) == ("D2", "corrected", 24)
    assert r["penalty"]["law"] == "86" and r["penalty"]["options"] == ["exposed", "highest", "lowest"]
    assert trick_cards(events, 4) == ["CQ", "D7", "C2", "C8"]


@pytest.mark.parametrize("body, why", [
    ("found W C2\nfound W C2\n", "C2 is not missing: it was already found for West"),
    ("found E C2\n", "East was dealt 13 cards"),
    ("found W CA\n", "CA is not missing: it is East's"),
])
def test_law38_the_missing_card_is_found_once_for_the_short_hand(body, why):
    with pytest.raises(PhysicalError, match=why):
        hand(body, head=SHORT_HEAD)


def test_law38_no_card_is_found_for_a_full_deal():
    with pytest.raises(PhysicalError, match="West was dealt 13 cards"):
        hand("found W C2\n")


# ---------------------------------------------------------------- L70, L64, L82: the surplus card named


def test_law82_declarers_card_named_surplus_goes_back_unexposed():
    # L70 is for an adversary; declarer's two cards fall under L82, and his cards are never exposed.
    r = rulings_at(hand("play W SA\nplay N S8\nplay E S2\nplay S S3 S4\nsurplus S S3\nwithdraw S S3\n"))
    assert only(r, "several-cards")["laws"] == ["82"] and only(r, "surplus-named")["laws"] == ["82"]
    assert r["exposed"] == [] and r["revokes"] == []


def test_law64_declarer_chooses_between_two_dummy_cards_played_at_once():
    # "If he touches two dummy cards at once, he chooses which one to play" (L64); L82 holds anyone
    # "except dummy" answerable for a surplus card.
    events = hand("play W SA\nplay N S8 S9\nsurplus N S8\nwithdraw N S8\nplay E S2\nplay S S3\n")
    r = rulings_at(events)
    assert only(r, "several-cards")["laws"] == ["64"] and only(r, "surplus-named")["laws"] == ["64"]
    assert trick_cards(events, 1) == ["SA", "S9", "S2", "S3"] and r["exposed"] == []


def test_law70_declarers_pick_decides_who_wins_the_trick():
    # East, void in spades, plays H4 and C9 at once to West's SK: by the first card East would win
    # with a trump; declarer names the H4 surplus, the C9 goes to the trick and West wins it. The H4,
    # taken back, is exposed (L70).
    events = hand("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\n"
                  "play W SK\nplay N S9\nplay E H4 C9\nplay S S4\nsurplus E H4\nwithdraw E H4\n")
    table = at(events).table
    assert table.tricks[1].winner(table.trump) == "W" and table.next_leader() == "W"
    assert [(x["seat"], x["card"], x["law"]) for x in rulings_at(events)["exposed"]] == [("E", "H4", "70")]


def test_law70_all_cards_but_the_pick_are_exposed():
    r = rulings_at(hand("play W SA SK SQ\nsurplus W SA\nwithdraw W SA\nwithdraw W SQ\nplay N S8\n"))
    assert [(x["card"], x["law"]) for x in r["exposed"]] == [("SA", "70"), ("SQ", "70")]


def test_law70_a_pick_that_leaves_the_following_card_carries_only_the_exposure():
    # East plays C9 and S2 at once to a spade lead; the C9, first, would not follow. Declarer picks
    # the S2: the trick is put right by his pick (L70), the C9 once taken back is exposed, and that is
    # the penalty: no L86 choice besides, and taking the C9 back is no late correction.
    events = hand("play W SA\nplay N S8\nplay E C9 S2\nsurplus E C9\nwithdraw E C9\nplay S S3\nquit EW\n")
    r = rulings_at(events)
    (v,) = r["revokes"]
    assert (v["status"], v["laws"], v["penalty"]) == ("corrected", ["70"], None)
    assert "late-correction" not in kinds(r)
    assert [(x["seat"], x["card"], x["law"]) for x in r["exposed"]] == [("E", "C9", "70")]
    assert trick_cards(events, 1) == ["SA", "S8", "S2", "S3"]


def test_law74_a_pick_that_would_force_a_revoke_is_flagged_and_no_revoke_is_charged_in_that_trick():
    r = rulings_at(hand("play W SA\nplay N S8\nplay E S2 C9\nsurplus E S2\nplay S S3\nquit EW\nplay W SK\n"))
    assert only(r, "pick-forces-revoke")["laws"] == ["74"]
    assert r["revokes"] == []


def test_law82_a_surplus_card_left_in_a_trick_is_answered_for_and_restored_after_the_count():
    # East plays DA and H4 at once (no pick) and the trick is quitted: he answers for the H4 (L82),
    # so his club on the second heart lead is a revoke. The tricks are counted (inspect), the H4 is
    # named and restored: L82's path, not L70's pick (the trick is quitted), no exposure, and "liable
    # for any revoke he may meanwhile have made": the revoke stays established.
    body = ("play W D2\nplay N D8\nplay E DA H4\nplay S D6\nquit EW\n"
            "play E CA\nplay S C5\nplay W C2\nplay N C6\nquit EW\n"
            "play E H5\nplay S HA\nplay W H2\nplay N H6\nquit NS\n"
            "play S HK\nplay W H3\nplay N H7\nplay E C9\nquit NS\n"
            "inspect\nsurplus E H4\nrestore E H4\n")
    r = rulings_at(hand(body))
    (v,) = r["revokes"]
    assert (v["card"], v["laws"], v["status"], v["status_event"]) == ("C9", ["83", "82"], "established", 24)
    assert only(r, "surplus-named")["laws"] == ["82"]
    assert r["exposed"] == [] and "looked-at-quitted-trick" not in kinds(r)


def test_law90_a_surplus_named_in_a_quitted_trick_before_the_count_is_flagged_and_corrects_nothing():
    # East discards C9 to a spade lead, then plays S2 to the same trick; the trick is quitted by its
    # rightful winners: the revoke is established (L83). Naming the C9 surplus afterwards is L82's,
    # looks at a quitted trick without the count (L90), and corrects nothing.
    r = rulings_at(hand("play W SA\nplay N S8\nplay E C9\nplay E S2\nplay S S3\nquit EW\nsurplus E C9\n"))
    (v,) = r["revokes"]
    assert (v["status"], v["status_event"]) == ("established", 10)
    assert only(r, "surplus-named")["laws"] == ["82"]
    assert only(r, "looked-at-quitted-trick")["laws"] == ["90", "82"]


def test_law86_declarer_corrects_the_revoke_in_his_put_right_card_without_penalty():
    events = hand(SOUTH_MISSES + "put-right S D6\nwithdraw S D6\nplay S S3\nplay W SK\n")
    (v,) = rulings_at(events)["revokes"]
    assert (v["status"], v["laws"], v["penalty"]) == ("corrected", ["86"], None)
    assert trick_cards(events, 1) == ["SA", "S8", "S2", "S3"]


def test_law85_having_none_asked_after_a_put_right_revoke_suspends_the_quit_that_follows():
    # Dummy asks declarer (L60a) about the card that put trick 1 right, before the trick, quitted
    # once without it, is turned and quitted again: "subsequent turning and quitting does not
    # establish a revoke", and South corrects it.
    events = hand(SOUTH_MISSES + "put-right S D6\nask N S\nquit EW\nanswer S yes\nwithdraw S D6\nplay S S3\n"
                  "play W SK\n")
    (v,) = rulings_at(events)["revokes"]
    assert (v["status"], v["status_event"], v["laws"]) == ("corrected", 13, ["86"])
    assert trick_cards(events, 1) == ["SA", "S8", "S2", "S3"]


def test_law81_a_new_deal_claimed_for_a_missed_trick_leaves_the_hand_unscored():
    # "The adversaries may claim a new deal": the deal claimed is not scored.
    events = hand(SOUTH_MISSES + "play W SK\nplay N S9\nplay E C9\nplay S S3\nquit EW\nelect E new-deal\n")
    assert only(rulings_at(events), "missed-trick")["penalty"]["elected"] == "new-deal"
    with pytest.raises(CannotScore, match=r"claimed a new deal \(L81\)"):
        score(at(events))
    stands = hand(SOUTH_MISSES + "play W SK\nplay N S9\nplay E C9\nplay S S3\nquit EW\nelect E stand\n")
    assert score(at(stands))["tricks"] == {"NS": 0, "EW": 2}


def test_law81_an_exposed_card_that_puts_a_missed_trick_right_is_played_and_no_longer_liable_to_call():
    # East exposes the C9 (L68); West leads SK, dummy and South play, East is missed and the trick is
    # quitted; East puts it right with the C9 (void in spades): it is played, no longer exposed (L67).
    events = hand("play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\nexpose E C9\n"
                  "play W SK\nplay N S9\nplay S S4\nquit EW\nput-right E C9\n")
    r = rulings_at(events)
    assert r["exposed"] == [] and "penalty" not in only(r, "missed-trick")
    assert trick_cards(events, 2) == ["SK", "S9", "S4", "C9"]
