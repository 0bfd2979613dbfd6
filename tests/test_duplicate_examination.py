"""An examination of the duplicate revoke rulings against the law text (issue 12, part 2).

Every case below was written from the text of the Laws of Duplicate Bridge 2017 (L61-L64, L77;
the 1997 code where it differs: L63A3 for the opponents' claim, L64A2's additional trick won with
a card legal to the revoke trick, no L62C3 and no L64B7/B8), before the rulings were run, and
states the ruling and the score the laws give. Two cases found the code at odds with the text and
were fixed with them: a defender's faced card used to revoke (L62B2) and the card put in place of
a twelfth-trick revoke after trick 13 was begun (L62D1).

The deal of every hand: 4H by South, neither side vulnerable unless said, West leads.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
Events 1-5 are the head (hand, dealer, deal, contract, vulnerability); the first card is event 6.
"""

from __future__ import annotations

import json

import pytest
from conftest import events_of
from exam_board import T1_E, T1_S, T1_W, head, plays
from test_cli import run

from projections.moment import at, rulings_at
from projections.score import score

BOTH = ["duplicate-2017", "duplicate-1997"]


def rule(body: str, ruleset: str = "duplicate-2017", n: int | None = None, options: str = "") -> dict:
    return rulings_at(events_of(head(ruleset, options=options) + body), n)


def board(body: str, ruleset: str = "duplicate-2017") -> dict:
    return score(at(events_of(head(ruleset) + body)))


def revoke(out: dict, seat: str, trick: int | None = None) -> dict:
    (r,) = [r for r in out["revokes"] if r["seat"] == seat and (trick is None or r["trick"] == trick)]
    return r


def state(r: dict) -> tuple:
    return r["status"], r["status_event"], r["laws"]


def moved(r: dict) -> tuple:
    t = r["transfer"]
    return t["tricks"], t["law"], t["which"], t["barred_by"]


def exposed(out: dict) -> list[tuple[str, str, str]]:
    return [(x["seat"], x["card"], x["law"]) for x in out["exposed"]]


# Trick 2 (events 10-13): South leads the HK and East discards the S2 holding the H5; South wins.
EAST_REVOKES_SOUTH_WINS = T1_S + plays("S HK W H3 N H7 E S2")
# Trick 2 (events 10-13): South leads the D6 and East discards the C9 holding four diamonds;
# North (dummy) wins with the D8.
EAST_REVOKES_DUMMY_WINS = T1_S + plays("S D6 W D2 N D8 E C9")


# ---------------------------------------------------------------- establishment (L63A)


@pytest.mark.parametrize("ruleset", BOTH)
def test_law63a1_partners_play_to_the_next_trick_establishes_question_answer_and_quit_do_not(ruleset):
    # L61B: West asks "having none?" (14), East wrongly answers no (15), North-South quit the trick
    # (16), South leads trick 3 (17): none of them establishes. West plays to trick 3 (18): "when
    # the offender or his partner leads or plays to the following trick" (L63A1).
    body = (EAST_REVOKES_SOUTH_WINS + "ask W E\nanswer E no\nquit NS\n"
            + plays("S HQ W D2 N H8 E H5  S C5 W C2 N C6 E CA") + "claim S 8\n")
    for n in (13, 14, 15, 16, 17):
        assert state(revoke(rule(body, ruleset, n), "E")) == ("correctable", None, ["61A"]), n
    assert state(revoke(rule(body, ruleset, 18), "E")) == ("established", 18, ["63A1"])
    # L64A2: South won the revoke trick; East-West won trick 4: one trick (1997: East won no later
    # trick with a heart, so no additional one).
    out = rule(body, ruleset)
    assert moved(revoke(out, "E")) == (1, "64A2", [4], None)
    s = board(body, ruleset)
    assert (s["tricks"], s["penalty_tricks"], s["score"]) == ({"NS": 12, "EW": 1}, 1, {"NS": 480, "EW": -480})


@pytest.mark.parametrize("ruleset", BOTH)
def test_law63a1_any_play_legal_or_illegal_a_lead_out_of_turn_by_partner_establishes(ruleset):
    # South won trick 2 and is to lead; West leads the D2 out of turn (event 14): "any such play,
    # legal or illegal, establishes the revoke".
    out = rule(EAST_REVOKES_SOUTH_WINS + "play W D2\n", ruleset)
    assert state(revoke(out, "E")) == ("established", 14, ["63A1"])


@pytest.mark.parametrize("ruleset", BOTH)
def test_law63a3_a_claim_by_the_offending_side_establishes(ruleset):
    body = EAST_REVOKES_SOUTH_WINS + "claim E 2\n"  # East claims 2 of the 11 tricks left (14)
    r = revoke(rule(body, ruleset), "E")
    assert state(r) == ("established", 14, ["63A3"])
    assert moved(r) == (1, "64A2", ["claimed"], None)
    assert board(body, ruleset)["score"] == {"NS": 480, "EW": -480}  # 11 tricks + 1: 4H+2


@pytest.mark.parametrize("ruleset,law", [("duplicate-2017", "63A4"), ("duplicate-1997", "63A3")])
def test_law63a4_the_opponents_claim_once_agreed_establishes(ruleset, law):
    body = EAST_REVOKES_SOUTH_WINS + "claim S 10\n"  # South claims 10 of the 11 left (14)
    r = revoke(rule(body, ruleset), "E")
    assert state(r) == ("established", 14, [law])
    assert moved(r) == (1, "64A2", ["claimed"], None)
    assert board(body, ruleset)["score"] == {"NS": 510, "EW": -510}  # 12 tricks + 1: 4H+3
    # Agreement shown only by the board's end (option opponents-claim=agreed-at-cut).
    cut = body + "cut\n"
    assert revoke(rule(cut, ruleset, 14, "opponents-claim=agreed-at-cut"), "E")["status"] == "correctable"
    assert state(revoke(rule(cut, ruleset, None, "opponents-claim=agreed-at-cut"), "E")) == ("established", 15, [law])


# ---------------------------------------------------------------- correction (L62)


@pytest.mark.parametrize("ruleset", BOTH)
def test_law62b1_l62c1_l62c2_defender_corrects_non_offender_then_partner_take_back(ruleset):
    # Trick 2: South C5, West discards the D2 holding clubs, North C6, East CA. Declarer asks
    # (L61B), West corrects: the D2 "becomes a major penalty card ... if it was played from a
    # defender's unfaced hand" (L62B1). North takes back his C6 freely (L62C1); then East, "the
    # player of the offending side next in rotation", takes back the CA: a penalty card (L62C2).
    body = T1_S + plays("S C5 W D2 N C6 E CA") + "ask S W\nanswer W yes\nwithdraw W D2\nplay W C2\n" \
        "withdraw N C6\nplay N C8\nwithdraw E CA\nplay E C9\n"
    out = rule(body, ruleset)
    r = revoke(out, "W")
    assert state(r) == ("corrected", 16, ["62A", "62B1"])
    assert r["transfer"]["tricks"] == 0 and r["transfer"]["equity"] is None
    assert exposed(out) == [("W", "D2", "62B1"), ("E", "CA", "62C2")]


@pytest.mark.parametrize("ruleset", BOTH)
def test_law62b2_declarers_card_is_replaced_without_rectification_l62c1_defender_after_him(ruleset):
    # Trick 2: East leads the DA, South ruffs with the HT holding D76, West D2, North D8. South
    # corrects (L62B2: no penalty card); West, who played after him, takes back his card (L62C1).
    body = T1_E + plays("E DA S HT W D2 N D8") + "withdraw S HT\nplay S D7\nwithdraw W D2\nplay W D3\n"
    out = rule(body, ruleset)
    assert state(revoke(out, "S")) == ("corrected", 14, ["62A", "62B2"])
    assert exposed(out) == []


@pytest.mark.parametrize("ruleset", BOTH)
def test_law62b2_a_defenders_faced_card_is_replaced_without_further_rectification(ruleset):
    # Trick 2: East ruffs a spade with the H5 holding the S2 and corrects: the H5 is a major
    # penalty card (L62B1). Trick 3: West leads the D2 and East plays the H5, face up on the table,
    # holding four diamonds: a revoke. Corrected, "the card may be replaced without further
    # rectification if ... it was a defender's faced card" (L62B2): it stays the penalty card it
    # was, not a second one, and the ruling cites L62B2, not L62B1.
    body = (T1_S + plays("S S3 W SJ N S8 E H5") + "withdraw E H5\nplay E S2\n"
            + plays("W D2 N D8 E H5") + "withdraw E H5\nplay E DJ\n")
    out = rule(body, ruleset)
    assert state(revoke(out, "E", 2)) == ("corrected", 14, ["62A", "62B1"])
    assert state(revoke(out, "E", 3)) == ("corrected", 19, ["62A", "62B2"])
    assert exposed(out) == [("E", "H5", "62B1")]


# Trick 2: East leads the DA, South ruffs with the HT holding D76 and West discards the C3
# holding diamonds (both sides revoke); South wins and leads the HK to trick 3 (event 14):
# North-South have played to the next trick, East-West have not.
BOTH_ON_ONE_TRICK = T1_E + plays("E DA S HT W C3 N D8") + "play S HK\n" \
    "withdraw S HT\nplay S D6\nwithdraw W C3\nplay W D2\n"


def test_law62c3_2017_both_sides_on_one_trick_both_corrected_l64b8():
    # "If both sides revoke on the same trick and only one side has played to the subsequent
    # trick, then both revokes must be corrected ... Every card withdrawn by the defending side
    # becomes a penalty card" (L62C3); "no automatic trick adjustment ... if the revoke has been
    # corrected as per Law 62C3" (L64B8).
    assert state(revoke(rule(BOTH_ON_ONE_TRICK, n=14), "S")) == ("established", 14, ["63A1"])
    out = rule(BOTH_ON_ONE_TRICK)
    assert state(revoke(out, "S")) == ("corrected", 15, ["62C3"])
    assert state(revoke(out, "W")) == ("corrected", 17, ["62C3"])
    assert exposed(out) == [("W", "C3", "62C3")]
    for seat in "SW":
        assert moved(revoke(out, seat))[::3] == (0, "64B8")
    assert out["transfer"] == {"NS": 0, "EW": 0}


def _tricks(body: str, ruleset: str = "duplicate-2017") -> list[list[tuple[str, str]]]:
    """Each trick's cards in law, as (seat, card)."""
    return [[(p.seat, str(p.card)) for p in t.cards] for t in at(events_of(head(ruleset) + body)).table.tricks]


# Trick 2: West leads the D2, North follows with the D8, East discards the C9 holding four
# diamonds and South the S4 holding the D76 (both sides revoke); North's D8 is winning and North
# leads the H9 to trick 3 (event 14), which establishes South's revoke (L63A1); East-West have
# not played to trick 3. Then both revokes are corrected.
BOTH_ON_ONE_TRICK_PARTNER_LED = (T1_W + plays("W D2 N D8 E C9 S S4") + "play N H9\n"
                                 "withdraw S S4\nplay S D7\nwithdraw E C9\nplay E DJ\n")


def test_law62c3_the_substitutes_go_to_the_revoke_trick_after_partner_led_to_the_next():
    # "both revokes must be corrected" (L62C3), the offender "withdraws the card he played and
    # substitutes a legal card" (L62B): South's D7 goes to trick 2, not to trick 3 (issue 22,
    # part 3: it went to trick 3, where it made a revoke of its own and a play out of turn).
    out = rule(BOTH_ON_ONE_TRICK_PARTNER_LED)
    assert state(revoke(out, "S")) == ("corrected", 15, ["62C3"])
    assert state(revoke(out, "E")) == ("corrected", 17, ["62C3"])
    assert [r["trick"] for r in out["revokes"]] == [2, 2]
    assert out["irregularities"] == []
    tricks = _tricks(BOTH_ON_ONE_TRICK_PARTNER_LED)
    assert sorted(tricks[1]) == [("E", "DJ"), ("N", "D8"), ("S", "D7"), ("W", "D2")]
    assert tricks[2] == [("N", "H9")]
    # Trick 2 as corrected is East's (the DJ): East-West have won both tricks.
    won = at(events_of(head() + BOTH_ON_ONE_TRICK_PARTNER_LED)).table.tricks[1].winner(trump="H")
    assert won == "E"


def test_law62c3_the_substitute_goes_to_the_revoke_trick_after_the_offender_led_to_the_next():
    # South, the offender, led the HK to trick 3 himself: his D6 still goes to trick 2 (L62B).
    tricks = _tricks(BOTH_ON_ONE_TRICK)
    assert sorted(tricks[1]) == [("E", "DA"), ("N", "D8"), ("S", "D6"), ("W", "D2")]
    assert tricks[2] == [("S", "HK")]
    assert rule(BOTH_ON_ONE_TRICK)["irregularities"] == []


def test_law63b_1997_has_no_l62c3_the_established_revoke_stays():
    out = rule(BOTH_ON_ONE_TRICK, "duplicate-1997")
    assert state(revoke(out, "S")) == ("established", 14, ["63A1"])
    assert ("late-correction", ["63B"]) in [(i["kind"], i["laws"]) for i in out["irregularities"]]
    assert state(revoke(out, "W")) == ("corrected", 17, ["62A", "62B1"])


# Tricks 1-12 (events 6-53), played to the end: at trick 12 East leads the DK, South D6, West
# discards the C3 holding the D4, North D9.
TO_TRICK_12 = plays("W H3 N H9 E H5 S HA  S HK W H2 N H8 E H4  S HQ W D2 N H7 E S2  S HJ W C2 N H6 E C9 "
                    "S HT W D3 N C6 E CT  S S7 W SA N ST E DJ  W SK N S9 E CJ S S6  W SQ N S8 E DQ S S5 "
                    "W SJ N C7 E CQ S S4  W D5 N DT E DA S D7  E CA S C5 W C4 N C8  E DK S D6 W C3 N D9")


@pytest.mark.parametrize("ruleset", BOTH)
def test_law62d1_twelfth_trick_revoke_corrected_after_partner_led_to_trick_13(ruleset):
    # East leads the CK to trick 13 (54): established (L63A1), yet "on the twelfth trick, a
    # revoke, even if established, must be corrected if discovered before all four hands have
    # been returned to the board" (L62D1). West withdraws the C3 (55) and puts the D4 in its place
    # (56): the D4 goes to trick 12, the C3 is then his card to trick 13 (58).
    body = TO_TRICK_12 + "play E CK\nwithdraw W C3\nplay W D4\nplay S S3\nplay W C3\nplay N D8\ncut\n"
    assert state(revoke(rule(body, ruleset, 54), "W")) == ("correctable", None, ["63A1", "62D1"])
    out = rule(body, ruleset)
    assert [state(r) for r in out["revokes"]] == [("corrected", 55, ["62D1", "62B1"])]
    assert out["irregularities"] == [] and out["transfer"] == {"NS": 0, "EW": 0}
    s = board(body, ruleset)
    assert (s["tricks"], s["score"]) == ({"NS": 5, "EW": 8}, {"NS": -250, "EW": 250})  # 4H-5


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64b6_a_twelfth_trick_revoke_left_uncorrected_transfers_nothing(ruleset):
    body = TO_TRICK_12 + plays("E CK S S3 W D4 N D8") + "cut\n"
    r = revoke(rule(body, ruleset), "W")
    assert state(r) == ("established", 58, ["62D1", "63A1"])
    assert moved(r)[::3] == (0, "64B6") and r["transfer"]["equity"]["law"] == "64C"


# ---------------------------------------------------------------- the transfer (L64A)


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64a1_offender_won_the_revoke_trick_it_and_one_later_trick(ruleset):
    # Trick 2: West ruffs South's C5 with the H3 holding clubs and wins; he leads trick 3 (14).
    body = T1_S + plays("S C5 W H3 N C6 E CA  W SA N S8 E S2 S S3  W SK N S9 E C9 S S4") + "claim S 8\n"
    r = revoke(rule(body, ruleset), "W")
    assert state(r) == ("established", 14, ["63A1"])
    assert moved(r) == (2, "64A1", [2, 3], None)
    s = board(body, ruleset)
    assert (s["tricks"], s["score"]) == ({"NS": 11, "EW": 2}, {"NS": 450, "EW": -450})


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64a1_offender_won_the_revoke_trick_and_no_later_one_that_trick_alone(ruleset):
    # "... together with one of any subsequent tricks won by the offending side": there is none.
    body = T1_S + plays("S C5 W H3 N C6 E CA  W C2 N C7 E C9 S HT") + "claim S 10\n"
    assert moved(revoke(rule(body, ruleset), "W")) == (1, "64A1", [2], None)
    assert board(body, ruleset)["score"] == {"NS": 510, "EW": -510}


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64a2_the_offenders_partner_won_the_revoke_trick_one_trick(ruleset):
    # Trick 2: South S3, West SA, North S8, East discards the C9 holding the S2: West wins.
    body = T1_S + plays("S S3 W SA N S8 E C9  W SK N S9 E S2 S S4") + "claim S 9\n"
    r = revoke(rule(body, ruleset), "E")
    assert state(r) == ("established", 14, ["63A1"])
    assert moved(r) == (1, "64A2", [2], None)
    assert board(body, ruleset)["score"] == {"NS": 450, "EW": -450}


@pytest.mark.parametrize("ruleset,tricks,which,ns", [("duplicate-2017", 1, [2], -50),
                                                     ("duplicate-1997", 2, [2, 3], -100)])
def test_law64a2_a_trick_won_in_dummy_is_not_won_by_declarer(ruleset, tricks, which, ns):
    # Trick 2: East leads the H4, South discards the S3 holding hearts, dummy wins with the H9;
    # dummy leads trick 3 (14). Not A1 ("a trick won in dummy is not won by declarer"): one
    # trick; 1997 adds the trick South won later with the HA, a card legal to the revoke trick.
    body = T1_E + plays("E H4 S S3 W H2 N H9  N H6 E H5 S HA W H3") + "claim S 8\n"
    r = revoke(rule(body, ruleset), "S")
    assert state(r) == ("established", 14, ["63A1"])
    assert moved(r) == (tricks, "64A2", which, None)
    assert board(body, ruleset)["score"]["NS"] == ns  # 10 tricks as played: 4H-1, 1997 4H-2


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64a2_1997_the_only_later_trick_won_with_a_legal_card_is_one_trick(ruleset):
    # East's one later trick is won with the DA, a card legal to the revoke trick: 1997 transfers
    # "an additional trick" only beyond the one: one trick in both codes.
    body = EAST_REVOKES_DUMMY_WINS + plays("N DT E DA S D7 W D3") + "claim S 10\n"
    assert moved(revoke(rule(body, ruleset), "E")) == (1, "64A2", [3], None)
    assert board(body, ruleset)["score"] == {"NS": 510, "EW": -510}


@pytest.mark.parametrize("ruleset,tricks,which,ns", [("duplicate-2017", 1, [3], 480),
                                                     ("duplicate-1997", 2, [3, 4], 510)])
def test_law64a2_1997_an_additional_trick_won_with_a_card_legal_to_the_revoke_trick(ruleset, tricks, which, ns):
    # East wins trick 3 with the CA and trick 4 with the DK, a diamond he could legally have
    # played to the revoke trick (1997 L64A2: "also, if an additional trick was subsequently won
    # by the offending player with a card that he could legally have played to the revoke trick,
    # one such trick is transferred"; 2017 has no such clause).
    body = EAST_REVOKES_DUMMY_WINS + plays("N C8 E CA S C5 W C2  E DK S D7 W D3 N D9") + "claim S 9\n"
    assert moved(revoke(rule(body, ruleset), "E")) == (tricks, "64A2", which, None)
    assert board(body, ruleset)["score"]["NS"] == ns


@pytest.mark.parametrize("ruleset", BOTH)
def test_two_revokes_by_one_side_each_transfers(ruleset):
    # West ruffs trick 2 holding clubs and wins it (L64A1: tricks 2 and 3); at trick 3 East
    # discards the C9 holding the S2, West wins it (L64A2: one more, trick 4). A trick is
    # transferred once: three tricks in all.
    body = T1_S + plays("S C5 W H3 N C6 E CA  W SA N S8 E C9 S S3  W SK N S9 E S2 S S4  W SQ N ST E CK S S5") \
        + "claim S 7\n"
    out = rule(body, ruleset)
    assert moved(revoke(out, "W")) == (2, "64A1", [2, 3], None)
    assert moved(revoke(out, "E")) == (1, "64A2", [4], None)
    assert out["transfer"] == {"NS": 3, "EW": 0}
    assert board(body, ruleset)["score"] == {"NS": 450, "EW": -450}  # 8 tricks + 3: 4H+1


# ---------------------------------------------------------------- no transfer (L64B), equity (L64C)


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64b1_the_offending_side_won_only_a_trick_before_the_revoke(ruleset):
    body = T1_W + plays("W D2 N D8 E C9 S D6  N H6 E H4 S HA W H2") + "claim S 10\n"
    r = revoke(rule(body, ruleset), "E")
    assert state(r) == ("established", 15, ["63A1"])
    assert moved(r)[::3] == (0, "64B1") and r["transfer"]["equity"]["law"] == "64C"
    assert board(body, ruleset)["score"] == {"NS": 480, "EW": -480}


@pytest.mark.parametrize("ruleset,first,ns", [("duplicate-2017", (1, "64A2", [4], None), 480),
                                              ("duplicate-1997", (2, "64A2", [5, 4], None), 510)])
def test_law64b2_a_subsequent_revoke_in_the_same_suit_by_the_same_player(ruleset, first, ns):
    # East revokes in diamonds at trick 2 and again at trick 3 (the first established at 15, the
    # second at 19), then wins tricks 4 (DA) and 5 (CA).
    body = EAST_REVOKES_DUMMY_WINS + plays("N DT E CT S D7 W D3  N D9 E DA S S3 W D4  E CA S C5 W C2 N C6") \
        + "claim S 8\n"
    out = rule(body, ruleset)
    assert moved(revoke(out, "E", 2)) == first
    second = revoke(out, "E", 3)
    assert state(second) == ("established", 19, ["63A1"])
    assert moved(second)[::3] == (0, "64B2") and second["transfer"]["equity"]["law"] == "64C"
    assert board(body, ruleset)["score"]["NS"] == ns


def test_law64b2_2017_does_not_apply_when_the_first_revoke_was_corrected():
    # "... the first revoke having been established": East's first diamond revoke was corrected
    # (14); his second, at trick 5, is established (29) and transfers a trick (L64A2).
    body = (EAST_REVOKES_DUMMY_WINS + "withdraw E C9\nplay E DJ\n"
            + plays("E C9 S C5 W C2 N C6  E S2 S S3 W SJ N S8  W D3 N DT E CT S D7  N H9 E H5 S HK W H3")
            + "claim S 6\n")
    out = rule(body)
    second = revoke(out, "E", 5)
    assert state(second) == ("established", 29, ["63A1"])
    assert moved(second) == (1, "64A2", ["claimed"], None)
    assert board(body)["score"] == {"NS": 420, "EW": -420}


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64b3_dummys_revoke_transfers_nothing(ruleset):
    # Trick 1: dummy plays the D8 to West's club lead, holding clubs; declarer plays to trick 2.
    body = plays("W C2 N D8 E CA S C5  E DA S D6 W D2 N D9") + "claim S 10\n"
    r = revoke(rule(body, ruleset), "N")
    assert (r["kind"],) + state(r) == ("dummy", "established", 11, ["63A1"])
    assert moved(r)[::3] == (0, "64B3")
    assert board(body, ruleset)["score"] == {"NS": 420, "EW": -420}


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64b3_a_revoke_made_in_failing_to_play_a_penalty_card(ruleset):
    # East's H5 is a major penalty card (trick 2, corrected); at trick 3 West leads a heart and
    # East discards the C9 with the H5 face up: "the revoke was made in failing to play a penalty
    # card" (L64B3). West plays to trick 4 (21): established.
    body = (T1_S + plays("S S3 W SJ N S8 E H5") + "withdraw E H5\nplay E S2\n"
            + plays("W H3 N H7 E C9 S HK  S HQ W D2 N H8 E H5") + "claim S 8\n")
    r = revoke(rule(body, ruleset), "E", 3)
    assert state(r) == ("established", 21, ["63A1"])
    assert moved(r)[::3] == (0, "64B3")
    assert board(body, ruleset)["score"] == {"NS": 450, "EW": -450}


# Trick 3: North leads H9, East H5 (established, 15); trick 4: South C5, East wins with the CA.
EAST_PLAYED_ON = EAST_REVOKES_DUMMY_WINS + plays("N H9 E H5 S HK W H3  S C5 W C4 N C8 E CA")


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64b4_b5_attention_first_drawn_after_the_board_ended(ruleset):
    # East claims the last nine; the board ends (the cut); then declarer asks (24): too late.
    late = EAST_PLAYED_ON + "claim E 9\ncut\nask S E\n"
    assert moved(revoke(rule(late, ruleset), "E"))[::3] == (0, "64B4")
    assert board(late, ruleset)["score"] == {"NS": -350, "EW": 350}  # 3 tricks: 4H-7
    in_time = EAST_PLAYED_ON + "claim E 9\nclaim-revoke NS E\ncut\n"
    assert moved(revoke(rule(in_time, ruleset), "E")) == (1, "64A2", [4], None)
    assert board(in_time, ruleset)["score"] == {"NS": -300, "EW": 300}  # 3 + 1 tricks: 4H-6


# East's revoke (trick 2) is established at 15; at trick 3 South ruffs the CA with the HT holding
# the C5 and wins; he leads trick 4 (18): his revoke is established too.
BOTH_SIDES = EAST_REVOKES_DUMMY_WINS + plays("N C8 E CA S HT W C2  S HK W H3 N H9 E H5") + "claim E 2\n"


def test_law64b7_2017_both_sides_revoked_and_both_established_nothing_moves():
    out = rule(BOTH_SIDES)
    for seat in "ES":
        r = revoke(out, seat)
        assert r["status"] == "established" and moved(r)[::3] == (0, "64B7")
        assert r["transfer"]["equity"]["law"] == "64C"
    assert board(BOTH_SIDES)["score"] == {"NS": 450, "EW": -450}


def test_law64_1997_both_sides_revoked_each_transfers():
    out = rule(BOTH_SIDES, "duplicate-1997")
    assert moved(revoke(out, "E")) == (1, "64A2", ["claimed"], None)
    assert moved(revoke(out, "S")) == (2, "64A1", [3, 4], None)  # South won trick 3 himself
    assert out["transfer"] == {"NS": 1, "EW": 2}
    assert board(BOTH_SIDES, "duplicate-1997")["score"] == {"NS": 420, "EW": -420}  # 11 + 1 - 2


def test_law64c_the_equity_flag_on_established_revokes_never_on_corrected_ones():
    out = rule(BOTH_SIDES)
    assert all(r["transfer"]["equity"]["law"] == "64C" for r in out["revokes"])
    corrected = revoke(rule(EAST_REVOKES_DUMMY_WINS + "withdraw E C9\nplay E DJ\n"), "E")
    assert corrected["status"] == "corrected" and corrected["transfer"]["equity"] is None


# ---------------------------------------------------------------- the score (L77)


@pytest.mark.parametrize("contract,vul,claim,ns", [
    ("3NT by S", "None", "claim S 9", 400), ("3NT by S", "NS", "claim S 9", 600),
    ("4SX by S", "EW", "claim S 7", -500),  # 3 down doubled, not vulnerable: 100 + 200 + 200
    ("4SX by S", "All", "claim S 6", -1100),  # 4 down doubled, vulnerable: 200 + 300 x 3
    ("4SX by S", "None", "claim S 5", -1100),  # 5 down doubled, not vulnerable: 100 + 200 x 2 + 300 x 2
    ("2HX by S", "None", "claim S 9", 570),  # 120 doubled into game: 300, insult 50, over-trick 100
    ("1NTXX by S", "NS", "claim S 7", 760),  # 160 + 500 + 100
    ("6HX by S", "All", "claim S 13", 1860),  # 360 + 500 + 750 + 50 + 200
    ("7NT by S", "None", "claim S 13", 1520),
    ("4HXX by S", "None", "claim S 6", -1600),  # 200 + 400 + 400 + 600
    ("4C by S", "None", "claim S 11", 150),  # part-score 80 + 20 + 50
    ("3D by W", "EW", "claim W 8", 100),  # the defenders North-South: 1 down vulnerable
])
def test_law77_duplicate_score(contract, vul, claim, ns):
    lead = "play N S8\n" if contract.endswith("W") else "play W SA\n"
    s = score(at(events_of(head(contract=contract, vul=vul) + lead + claim + "\n")))
    assert s["score"] == {"NS": ns, "EW": -ns}


def test_handrec_records_rules_and_scores_an_examined_hand(tmp_path):
    # One case through the command line and a real store: L64A1 and the score after it.
    f = tmp_path / "exam.hand"
    f.write_text(head() + T1_S + plays("S C5 W H3 N C6 E CA  W SA N S8 E S2 S S3  W SK N S9 E C9 S S4")
                 + "claim S 8\n", encoding="utf-8")
    store = str(tmp_path / "h.db")
    run("record", str(f), store=store)
    r = json.loads(run("rulings", "exam", "--json", store=store).stdout)
    assert moved(revoke(r, "W")) == (2, "64A1", [2, 3], None)
    s = json.loads(run("score", "exam", "--json", store=store).stdout)
    assert (s["penalty_tricks"], s["score"]) == (2, {"NS": 450, "EW": -450})
