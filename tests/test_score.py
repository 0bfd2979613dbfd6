"""The score under the 1912 code (§2H) with revoke penalties in the order of §2I. Every expected
figure is worked out by hand from the laws, in the comment beside it.

Deal A: North T98.9876.T98.876, East 2.54.AKQJ.AKQJT9, South 76543.AKQJT.76.5, West AKQJ.32.5432.432.
South holds all five heart honors: in hearts, 5 in one hand = 10 x 8 = 80 (L5).
"""

from __future__ import annotations

import pytest

from conftest import events_of
from projections.moment import at
from projections.score import CannotScore, score

DEAL_A = "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"


def scored(contract: str, body: str, deal: str = DEAL_A, dealer: str = "S", head: str = "hand t") -> dict:
    return score(at(events_of(f"{head}\ndealer {dealer}\n{deal}\n{contract}\n{body}")))


def cols(s: dict) -> tuple[int, int, int, int]:
    return s["NS"]["trick"], s["NS"]["honor"], s["EW"]["trick"], s["EW"]["honor"]


# West leads SA, all follow; West wins trick 1. South then claims.
TRICK1 = "play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\n"
# The same trick with East revoking (C9 while holding S2), established by the quit.
TRICK1_REVOKE = "play W SA\nplay N S8\nplay E C9\nplay S S3\nquit EW\n"


def test_law4_law47_contract_made():
    # 4H made with 10 tricks: 4 odd tricks x 8 = 32 toward game; honors 80.
    s = scored("contract 4H by S", TRICK1 + "claim S 10\n")
    assert s["tricks"] == {"NS": 10, "EW": 3} and s["complete"]
    assert cols(s) == (32, 80, 0, 0)


def test_law47_contract_failed():
    # 4H with 8 tricks: 2 under-tricks x 50 = 100 to East-West; honors still 80 to North-South.
    s = scored("contract 4H by S", TRICK1 + "claim S 8\n")
    assert cols(s) == (0, 80, 0, 100)


def test_law53_law56_doubled_contract_made():
    # 3HX with 10 tricks: 4 odd x 8 x 2 = 64; bonus 50 + 50 for the one over-trick = 100; honors 80.
    assert cols(scored("contract 3HX by S", TRICK1 + "claim S 10\n")) == (64, 180, 0, 0)


def test_law53_law56_redoubled_contract_made():
    # 2HXX with 9 tricks: 3 odd x 8 x 4 = 96; bonus (50 + 50) x 2 = 200; honors 80.
    assert cols(scored("contract 2HXX by S", TRICK1 + "claim S 9\n")) == (96, 280, 0, 0)


def test_law47_doubled_under_tricks():
    # 4HX with 7 tricks: 3 under-tricks x 100 = 300.
    assert cols(scored("contract 4HX by S", TRICK1 + "claim S 7\n")) == (0, 80, 0, 300)


def test_law48_dealers_one_spade_loses_at_most_100():
    # South deals and bids one spade, doubled; 2 tricks: 5 under x 100 = 500, limited to 100.
    # Spade honors: West holds A K Q J (4 in one hand: 8 x 2 = 16 to East-West); North the ten.
    s = scored("auction 1S X pass pass pass", TRICK1 + "claim S 2\n")
    assert s["contract"] == "1SX" and cols(s) == (0, 0, 0, 116)
    assert any("48" in i["laws"] for i in s["items"])


def test_law48_no_limit_when_redoubled():
    # Redoubled: 5 under x 200 = 1000, no limit; honors 16 to East-West.
    assert cols(scored("auction 1S X XX pass pass pass", TRICK1 + "claim S 2\n")) == (0, 0, 0, 1016)


def test_law48_only_the_dealers_opening_bid():
    # South deals and passes, West passes, North bids one spade, doubled: not the dealer's opening
    # bid, no limit: 2 tricks, 5 under x 100 = 500; honors 16.
    s = scored("auction pass pass 1S X pass pass pass", TRICK1 + "claim N 2\n")
    assert s["contract"] == "1SX" and s["declarer"] == "N" and cols(s) == (0, 0, 0, 516)


def test_law4_no_trump_and_law6_aces():
    # 3NT by S, 9 tricks: 3 x 10 = 30. Aces: West SA, East DA CA = 3 for East-West: 30 (L6).
    assert cols(scored("contract 3NT by S", TRICK1 + "claim S 9\n")) == (30, 0, 0, 30)


def test_law4_royal_spades():
    # 1R by W, 8 tricks for East-West: 2 odd x 9 = 18. Spade honors: West A K Q J in one hand:
    # 8 x 9 = 72 to East-West.
    s = scored("contract 1R by W", "play N S8\nplay E S2\nplay S S3\nplay W SA\nquit EW\nclaim W 7\n")
    assert s["tricks"] == {"NS": 5, "EW": 8} and cols(s) == (0, 0, 18, 72)


def test_law7_law8_slams():
    # 4H with all 13 tricks: 7 x 8 = 56; slam 40 (L8); honors 80.
    s = scored("contract 4H by S", "play W H2\nplay N H6\nplay E H4\nplay S HA\nquit NS\nclaim S 12\n")
    assert cols(s) == (56, 120, 0, 0)
    # 12 tricks: 6 x 8 = 48; little slam 20 (L7).
    s = scored("contract 4H by S", "play W H2\nplay N H6\nplay E H4\nplay S HA\nquit NS\nclaim S 11\n")
    assert cols(s) == (48, 100, 0, 0)


# Deal C: East is void in spades (North took East's S2 for his C8).
DEAL_C = "deal N:T982.9876.T98.76 .54.AKQJ.AKQJT98 76543.AKQJT.76.5 AKQJ.32.5432.432"


def test_law9_chicane_adds_to_its_sides_honors():
    # 2S by W: spade honors: West A K Q J in one hand (8 x 2 = 16), East void in trumps:
    # chicane = simple honors (2 x 2 = 4), added: East-West honor 20. West wins 8 tricks: 2 x 2 = 4.
    s = scored("contract 2S by W", "play N C6\nplay E C8\nplay S C5\nplay W C4\nquit EW\nclaim E 7\n", deal=DEAL_C)
    assert cols(s) == (0, 0, 4, 20)


def test_law9_chicane_taken_off_the_other_sides_honors():
    # 2H by S; East and West not known; South holds all five heart honors (80); East recorded void
    # in hearts: chicane for East-West, 2 x 8 = 16, taken off North-South's honors: 64.
    s = scored("contract 2H by S", "void E H\nplay W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\nclaim S 8\n",
               deal="deal N:T98.9876.T98.876 - 76543.AKQJT.76.5 -")
    assert cols(s) == (16, 64, 0, 0)


def test_law9_double_chicane():
    # North and South hold all thirteen hearts; 4H by N, North holds A K Q J T: 80. East and West
    # both void in hearts: double chicane = four honors, 4 x 8 = 32, off North-South's: 48.
    # North-South take 10 tricks: 4 x 8 = 32.
    deal = "deal N:.AKQJT98.AKQ.AKQ KQJT98..8765.876 A.765432.JT9.JT9 765432..432.5432"
    s = scored("contract 4H by N", "play E SK\nplay S SA\nplay W S2\nplay N D2\n".replace("play N D2", "play N H8")
               + "quit NS\nclaim S 9\n", deal=deal, dealer="N")
    assert cols(s) == (32, 48, 0, 0)


def test_honors_line_for_hands_not_known():
    # Only North's hand is known; the transcript says who held the trump honors.
    s = scored("contract 4H by S", "honors S HA HK HQ HJ HT\nclaim S 10\n",
               deal="deal N:T98.9876.T98.876 - - -")
    assert cols(s) == (32, 80, 0, 0)
    s = scored("contract 4H by S", "claim S 10\n", deal="deal N:T98.9876.T98.876 - - -")
    assert cols(s) == (32, 0, 0, 0) and any("honors" in n for n in s["notes"])


# ---------------------------------------------------------------- §2G, §2I: the revoke penalties


def test_law84a_declarer_revokes_contract_made():
    # South revokes (trick 2: hearts led, South discards a spade); 10 tricks all the same.
    # North-South score only honors (80); East-West 150 (L84a).
    body = TRICK1 + "play W H2\nplay N H6\nplay E H4\nplay S S4\nquit NS\nclaim S 10\n"
    s = scored("contract 4H by S", body)
    assert cols(s) == (0, 80, 0, 150)


def test_law84a_declarer_revokes_contract_failed():
    # As above with 8 tricks (one won at trick 2, seven claimed): East-West 150 + 2 under x 50 = 250.
    body = TRICK1 + "play W H2\nplay N H6\nplay E H4\nplay S S4\nquit NS\nclaim S 7\n"
    assert cols(scored("contract 4H by S", body)) == (0, 80, 0, 250)


def test_law84b_declarer_takes_150():
    # East revokes in trick 1; 4H made with 10: 32 toward game, honors 80 + 150.
    s = scored("contract 4H by S", TRICK1_REVOKE + "claim S 10\nelect S points\n")
    assert cols(s) == (32, 230, 0, 0) and s["penalty_tricks"] == 0


def test_law84b_three_tricks_count_toward_the_contract_not_the_bonus():
    # R-H13: 3HX, declarer wins 7 in play and takes 3 penalty tricks: 10 tricks, 4 odd x 8 x 2 = 64,
    # game, and no L56 bonus; honors 80. East-West, who revoked, score nothing.
    s = scored("contract 3HX by S", TRICK1_REVOKE + "claim S 7\nelect S tricks\n")
    assert s["tricks"] == {"NS": 10, "EW": 3} and s["penalty_tricks"] == 3
    assert cols(s) == (64, 80, 0, 0)


def test_law84b_before_the_election_both_options_are_shown():
    s = scored("contract 3HX by S", TRICK1_REVOKE + "claim S 7\n")
    e = s["election"]
    assert e["elected"] is None and set(e["options"]) == {"points", "tricks"}
    # 150: 7 tricks, the contract fails; nobody scores the tricks; North-South 80 + 150.
    assert (e["options"]["points"]["NS"], e["options"]["points"]["EW"]) == ({"trick": 0, "honor": 230}, {"trick": 0, "honor": 0})
    assert e["options"]["tricks"]["NS"] == {"trick": 64, "honor": 80}
    # As the cards fell: 7 tricks in 3HX, 2 under x 100 = 200 to East-West.
    assert s["as_played"]["EW"] == {"trick": 0, "honor": 200}


def test_case12_revoking_side_that_defeats_the_contract_scores_no_under_tricks():
    # East revokes; declarer wins only 7 tricks in 4H: East-West get nothing but honors (none).
    s = scored("contract 4H by S", TRICK1_REVOKE + "claim S 7\nelect S points\n")
    assert cols(s) == (0, 230, 0, 0)


def test_law84c_further_revokes_100_each():
    # East revokes in trick 1 and West in trick 3 (hearts led, West discards holding H3).
    body = (TRICK1_REVOKE + "play W H2\nplay N H6\nplay E H4\nplay S HA\nquit NS\n"
            "play S HK\nplay W D2\nplay N H7\nplay E H5\nquit NS\nclaim S 8\nelect S points\n")
    # 11 tricks for North-South? No: 1 + 1 won, then the claim of 8 of the 10 left: NS 10, EW 3.
    s = scored("contract 4H by S", body)
    assert s["tricks"] == {"NS": 10, "EW": 3}
    # 32 toward game; honors 80 + 150 (L84b) + 100 (L84c).
    assert cols(s) == (32, 330, 0, 0)


def test_law89_both_sides_revoke():
    # East revokes in trick 1; South in trick 2: each side's first revoke cancels; honors only.
    body = TRICK1_REVOKE + "play W H2\nplay N H6\nplay E H4\nplay S S4\nquit NS\nclaim S 10\n"
    assert cols(scored("contract 4H by S", body)) == (0, 80, 0, 0)


def test_law88_revoke_not_claimed_before_the_cut_is_not_scored():
    s = scored("contract 4H by S", TRICK1_REVOKE + "claim S 10\ncut\n")
    assert cols(s) == (32, 80, 0, 0)
    s = scored("contract 4H by S", TRICK1_REVOKE + "claim S 10\nclaim-revoke NS E\nelect S points\ncut\n")
    assert cols(s) == (32, 230, 0, 0)


def test_no_contract_cannot_be_scored():
    with pytest.raises(CannotScore, match="no contract"):
        score(at(events_of("hand t\ndealer S\n")))


# ---------------------------------------------------------------- L5: the honor scale in a trump suit

UNKNOWN = "deal N:- - - -"


@pytest.mark.parametrize("lines, expected", [
    # 3 between the partners: simple honors, 2 x 8 = 16.
    ("honors S HA HK\nhonors N HQ\nhonors E HJ HT\n", (16, 0)),
    # 4 between the partners: 4 x 8 = 32.
    ("honors S HA HK\nhonors N HQ HJ\nhonors E HT\n", (32, 0)),
    # 4 in one hand: 8 x 8 = 64.
    ("honors S HA HK HQ HJ\nhonors N none\nhonors E HT\n", (64, 0)),
    # 4 in one hand, the fifth in partner's: 9 x 8 = 72.
    ("honors S HA HK HQ HJ\nhonors N HT\n", (72, 0)),
    # 5 between the partners: 5 x 8 = 40.
    ("honors S HA HK HQ\nhonors N HJ HT\n", (40, 0)),
    # 5 in one hand: 10 x 8 = 80.
    ("honors S HA HK HQ HJ HT\n", (80, 0)),
    # The adversaries hold 3: they score simple honors, 16.
    ("honors E HA HK\nhonors W HQ\nhonors S HJ HT\n", (0, 16)),
])
def test_law5_the_honor_scale(lines, expected):
    s = scored("contract 4H by S", lines + "claim S 10\n", deal=UNKNOWN)
    assert (s["NS"]["honor"], s["EW"]["honor"]) == expected
    assert s["NS"]["trick"] == 32  # L10: honors do not change the trick score


def test_law10_doubling_does_not_change_honors():
    s = scored("contract 4HX by S", "honors S HA HK HQ HJ HT\nclaim S 10\n", deal=UNKNOWN)
    assert (s["NS"]["trick"], s["NS"]["honor"]) == (64, 80 + 50)  # 4 x 8 x 2; honors 80 and the L56 50


@pytest.mark.parametrize("lines, expected", [
    ("honors S SA HA\nhonors N DA CA\n", (40, 0)),  # 4 aces between the partners: 40
    ("honors S SA HA DA CA\n", (100, 0)),  # 4 aces in one hand: 100
    ("honors S SA\nhonors N HA\nhonors E DA\nhonors W CA\n", (0, 0)),  # two and two: nothing
])
def test_law6_aces_at_no_trump(lines, expected):
    s = scored("contract 3NT by S", lines + "claim S 9\n", deal=UNKNOWN)
    assert (s["NS"]["honor"], s["EW"]["honor"]) == expected


def test_r_g8_three_tricks_elected_from_a_side_holding_fewer():
    # East revokes in trick 1 (West wins it); North-South take all 12 others: East-West hold one trick.
    # Declarer elects three tricks: he takes the one they hold (§2K.3). 13 tricks: 7 odd x 8 = 56;
    # no slam from a penalty trick (12 won in play: little slam 20); honors 80.
    s = scored("contract 4H by S", TRICK1_REVOKE + "claim S 12\nelect S tricks\n")
    assert s["penalty_tricks"] == 1 and s["tricks"] == {"NS": 13, "EW": 0}
    assert cols(s) == (56, 100, 0, 0)
    assert any("§2K.3" in n for n in s["notes"])


def test_law89_further_revokes_of_one_side_give_100_each():
    # East revokes in trick 1, South in trick 2, West in trick 3 (spades led by... hearts led by South).
    body = (TRICK1_REVOKE + "play W H2\nplay N H6\nplay E H4\nplay S S4\nquit NS\n"
            "play N H7\nplay E H5\nplay S HA\nplay W D2\nquit NS\nclaim S 9\n")
    s = scored("contract 4H by S", body)
    # Both sides revoked: honors only (80 to NS); East-West's second revoke gives NS 100.
    assert cols(s) == (0, 180, 0, 0)


def test_law88_electing_the_penalty_claims_the_revoke():
    s = scored("contract 4H by S", TRICK1_REVOKE + "claim S 10\nelect S points\ncut\n")
    assert cols(s) == (32, 230, 0, 0)


def test_one_spade_cap_option_all_limits_the_revoke_penalty_too():
    # South deals and bids one spade; South revokes at trick 2 (hearts led, South discards a
    # spade holding hearts) and takes 2 tricks in all: 150 (L84a) + 5 under-tricks x 50, capped.
    body = TRICK1 + "play W H2\nplay N H6\nplay E H4\nplay S S4\nquit NS\nclaim S 1\n"
    # Default (§2K.4): the cap is on the under-tricks only: 150 + 100; honors 16 to East-West.
    assert cols(scored("auction 1S pass pass pass", body)) == (0, 0, 0, 266)
    # Option 'all': 100 in all, plus the honors.
    assert cols(scored("auction 1S pass pass pass", body, head="hand t one-spade-cap=all")) == (0, 0, 0, 116)


def test_a_claim_in_the_middle_of_a_trick_counts_that_trick_among_the_claimed():
    # Trick 1 to West; trick 2 begun (West H2, North H6); South claims 10 of the 12 remaining.
    s = scored("contract 4H by S", TRICK1 + "play W H2\nplay N H6\nclaim S 10\n")
    assert s["tricks"] == {"NS": 10, "EW": 3}


@pytest.mark.parametrize("ruleset", ["auction-1912", "duplicate-2017"])
def test_the_tricks_not_yet_played_are_nobodys(ruleset):
    """Issue 19, 4.7: mid-play the score counted every trick not yet played as lost ("7 under-tricks"
    at trick 2). An under-trick counts once declarer's side can no longer take it (L47; 2017 L77)."""
    head = f"hand t ruleset={ruleset}\ntag Vulnerable None"
    s = scored("contract 4H by S", TRICK1, head=head)  # NS 0 of the 10 they need, 12 to play
    assert not s["complete"] and not [i for i in s["items"] if "under-trick" in i["why"]]
    assert any("0 tricks of the 10" in n and "12 to play" in n for n in s["notes"]), s["notes"]
    s = scored("contract 4H by S", TRICK1 + "claim S 8\n", head=head)  # the play over: two down
    assert s["complete"] and [i["why"] for i in s["items"] if "under-trick" in i["why"]] == \
        ["2 under-tricks at 50" if ruleset == "auction-1912" else "2 under-tricks, not vulnerable"]
