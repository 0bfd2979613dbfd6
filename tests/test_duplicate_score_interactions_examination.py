"""An examination of the duplicate score after irregularities: L77's table on the tricks an
established revoke transfers (L64), under doubled and redoubled contracts, vulnerable and not.

Every case was written from the law text before anything was run, the trick counts checked by a
checker of the examiner's own (legal follows, the revoke, each trick's winner), and each score
worked by hand in the case's comment. tests/test_duplicate_examination.py already scores the table
without a transfer (3NT, 4SX down 3/4/5, 2HX+1, 1NTXX, 6HX+1, 7NT, 4HXX-4, 4C+1, 3D by W-1) and
the transfers at 4H undoubled; none of those is repeated here.

The figures (Laws of Duplicate Bridge 2017, Law 77, https://www.pzbs.pl/sedziowie/mpb/2017/en/l77.html):
    Trick score, "for each odd trick bid and made": clubs/diamonds undoubled 20, doubled 40,
    redoubled 80; hearts/spades 30, 60, 120; no trump first odd trick 40/80/160, "each additional
    odd trick" 30/60/120. "A trick score of 100 points or more, made on one board, is GAME. A trick
    score of less than 100 points is a PARTSCORE."
    Slams, not vulnerable / vulnerable: "Small Slam (12 tricks) bid and made 500 750"; "Grand Slam
    (all 13 tricks) bid and made 1000 1500".
    Overtricks, not vulnerable / vulnerable: "Undoubled Trick Value Trick Value", "Doubled 100 200",
    "Redoubled 200 400".
    "For making GAME vulnerable 500", "For making GAME, not vulnerable 300", "For making any
    PARTSCORE 50", "For making any doubled, but not redoubled contract 50", "For making any
    redoubled contract 100".
    Undertricks, not vulnerable / vulnerable: first "Undoubled 50 100, Doubled 100 200, Redoubled
    200 400"; "each additional undertrick" "Undoubled 50 100, Doubled 200 300, Redoubled 400 600";
    "Bonus for the fourth and each subsequent undertrick" "Undoubled 0 0, Doubled 100 0, Redoubled
    200 0".

The transfer (Law 64, 2017):
    L64A1: the revoke trick won by the offending player: it "is transferred to the non-offending
    side together with one of any subsequent tricks won by the offending side" (as quoted in
    tests/test_duplicate_examination.py); "a trick won in dummy is not won by declarer" (L64A1's
    footnote; http://www.bridgewebs.com/sarum/: "Did the offender win the revoke trick? ... the
    answer to this is no if declarer revokes and dummy wins the trick ... a two trick penalty,
    provided that there is a subsequent trick won by the offending side [L64A1] ... If the answer
    to this question is no and subsequent tricks were won by the offending side, then one trick
    is transferred [L64A2]"; the 2017 text in Norwegian, http://lovboka.org/64.htm: A2 "dersom
    stikket eller noen av de følgende stikk ble vunnet av den feilende side -- ett stikk
    overføres ... når spillet er slutt", one trick when the offending side won that or any later
    trick, after play ends).
    L64B1 (http://thesmolens.com/LawsDupBridge/law64.html): no automatic trick adjustment if "the
    offending side did not win either the revoke trick or any subsequent trick".
    L63A (https://www.pzbs.pl/sedziowie/mpb/2017/en/l63.html): established "1. when the offender or
    his partner leads or plays to the following trick", "3. when a member of the offending side
    makes a claim or concession of tricks".
A trick conceded to the offending side by a claim is a trick that side won (the play ends there
and the claim's tricks are scored as won; L64A "after play ends").

The deal (tests/exam_board.py), West leads unless East declares (then South leads):
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
"""

from __future__ import annotations

from pathlib import Path

import pytest
from exam_board import head, plays, score_of

# ---------------------------------------------------------------- the plays, each checked by hand

# A. East's revoke, L64A2 (hearts or no trump alike: no card is trumped). Trick 1: W H2 N H6 E H4
# S HA (South). Trick 2: S HK W H3 N H7 E S2: East discards holding the H5, South wins. Trick 3:
# S HQ W D2 N H8 E H5: West's play establishes (L63A1); South wins. Trick 4: S C5 W C2 N C6 E CA:
# East wins, a later trick of the offending side. NS 3, EW 1, nine left; one trick to NS.
# `claim S k`: as played NS 3 + k, after the transfer NS 4 + k, EW 9 - k.
EAST_A2 = plays("W H2 N H6 E H4 S HA  S HK W H3 N H7 E S2  S HQ W D2 N H8 E H5  S C5 W C2 N C6 E CA")

# B. West's revoke, L64A1. Trick 1 as A (South). Trick 2: S C5 W H3 N C6 E CA: West ruffs holding
# C432 and wins (H3 is a trump). Trick 3: W SA N S8 E S2 S S3: West's lead establishes; West wins,
# a later trick of the offending side. NS 1, EW 2, ten left; tricks 2 and 3 go to NS.
# `claim S k`: as played NS 1 + k, after the transfer NS 3 + k, EW 10 - k.
WEST_A1 = plays("W H2 N H6 E H4 S HA  S C5 W H3 N C6 E CA  W SA N S8 E S2 S S3")

# C. Declarer's revoke won in dummy, L64A2. Trick 1: W C2 N C6 E CA S C5 (East). Trick 2: E H4
# S S3 W H2 N H9: South discards holding hearts, dummy wins. Trick 3: N H6 E H5 S HA W H3: dummy's
# lead establishes; South wins. NS 2, EW 1, ten left; one trick to EW.
# `claim S k`: as played NS 2 + k, after the transfer NS 1 + k, EW 12 - k.
SOUTH_A2 = plays("W C2 N C6 E CA S C5  E H4 S S3 W H2 N H9  N H6 E H5 S HA W H3")

# D. Declarer's revoke won by declarer, L64A1. Trick 1 as C (East). Trick 2: E DA S HT W D2 N D8:
# South ruffs holding D76 and wins. Trick 3: S HK W H3 N H9 E H5: South's lead establishes; South
# wins, a later trick of the offending side. NS 2, EW 1, ten left; tricks 2 and 3 go to EW.
# `claim S k`: as played NS 2 + k, after the transfer NS k, EW 13 - k.
SOUTH_A1 = plays("W C2 N C6 E CA S C5  E DA S HT W D2 N D8  S HK W H3 N H9 E H5")

# H. West's revoke, L64A1, the later trick only from a claim. Trick 1 as A (South). Trick 2 as B
# (West ruffs and wins). Trick 3: W C2 N C7 E C9 S HT: West's lead establishes; South ruffs and
# wins. NS 2, EW 1, ten left. `claim S k`: NS 2 + k, EW 11 - k as played; EW's only tricks after
# the revoke trick are the 10 - k conceded.
WEST_A1_THEN_CLAIM = plays("W H2 N H6 E H4 S HA  S C5 W H3 N C6 E CA  W C2 N C7 E C9 S HT")


def board(tmp_path: Path, body: str, contract: str, vul: str) -> dict:
    """`handrec score exam --json` of the exam board under CONTRACT and VUL, recorded in a store of its own."""
    return score_of(tmp_path, head("duplicate-2017", contract=contract, vul=vul) + body)


def sheet(s: dict) -> tuple:
    return s["tricks"], s["penalty_tricks"], s["score"]


def ns(points: int) -> dict:
    return {"NS": points, "EW": -points}


# ---------------------------------------------------------------- made only by the transfer


def test_doubled_game_made_exactly_by_one_transferred_trick_scores_the_insult(tmp_path):
    # A, claim S 6: 9 tricks as played (4HX one down), 10 after L64A2.
    # 4HX = 4 x 60 = 240 (game), not vulnerable 300, doubled contract made 50: 590.
    s = board(tmp_path, EAST_A2 + "claim S 6\n", "4HX by S", "None")
    assert sheet(s) == ({"NS": 10, "EW": 3}, 1, ns(590))


def test_redoubled_game_made_exactly_by_one_transferred_trick(tmp_path):
    # A, claim S 6: 10 after the transfer. 4HXX = 4 x 120 = 480, game not vulnerable 300,
    # redoubled contract made 100: 880.
    s = board(tmp_path, EAST_A2 + "claim S 6\n", "4HXX by S", "None")
    assert sheet(s) == ({"NS": 10, "EW": 3}, 1, ns(880))


def test_no_trump_game_vulnerable_made_by_one_transferred_trick(tmp_path):
    # A at no trump (nothing trumped: the same winners), claim S 5: 8 as played, 9 after L64A2.
    # 3NT = 40 + 30 + 30 = 100 (game), vulnerable 500: 600.
    s = board(tmp_path, EAST_A2 + "claim S 5\n", "3NT by S", "NS")
    assert sheet(s) == ({"NS": 9, "EW": 4}, 1, ns(600))


def test_doubled_two_level_contract_made_by_the_transfer_is_a_game(tmp_path):
    # A, claim S 4: 7 as played (2HX one down), 8 after the transfer. 2HX = 2 x 60 = 120: a trick
    # score of 100 or more is GAME: 300 not vulnerable, doubled made 50: 470.
    s = board(tmp_path, EAST_A2 + "claim S 4\n", "2HX by S", "None")
    assert sheet(s) == ({"NS": 8, "EW": 5}, 1, ns(470))


def test_minor_suit_game_by_east_west_made_by_a_transfer_from_a_conceded_trick(tmp_path):
    # 5C by East, East-West vulnerable; South leads. Trick 1: S HA W H2 N H6 E H4 (South). Trick 2:
    # S HK W H3 N H7 E H5 (South). Trick 3: S D6 W D2 N D8 E DA (East). Trick 4: E DK S S3 W D3 N D9:
    # South discards holding the D7, East wins. Trick 5: E CA S C5 W C2 N C6: South's play
    # establishes; East wins. EW 3, NS 2, eight left: East claims 7, conceding one to NS, a trick
    # the offending side won after the revoke trick: L64A2, one trick to EW: 10 + 1 = 11.
    # 5C = 5 x 20 = 100 (game), vulnerable 500: EW +600.
    body = plays("S HA W H2 N H6 E H4  S HK W H3 N H7 E H5  S D6 W D2 N D8 E DA  E DK S S3 W D3 N D9  "
                 "E CA S C5 W C2 N C6") + "claim E 7\n"
    s = board(tmp_path, body, "5C by E", "EW")
    assert sheet(s) == ({"NS": 2, "EW": 11}, 1, ns(-600))


def test_small_slam_vulnerable_made_only_by_one_transferred_trick(tmp_path):
    # A, claim S 8: 11 as played (6H one down), 12 after L64A2.
    # 6H = 6 x 30 = 180, game vulnerable 500, small slam vulnerable 750: 1430.
    s = board(tmp_path, EAST_A2 + "claim S 8\n", "6H by S", "NS")
    assert sheet(s) == ({"NS": 12, "EW": 1}, 1, ns(1430))


def test_small_slam_made_only_by_two_transferred_tricks(tmp_path):
    # B, claim S 9: 10 as played (6H two down), 12 after L64A1's two tricks.
    # 6H = 180, game not vulnerable 300, small slam not vulnerable 500: 980.
    s = board(tmp_path, WEST_A1 + "claim S 9\n", "6H by S", "None")
    assert sheet(s) == ({"NS": 12, "EW": 1}, 2, ns(980))


# ---------------------------------------------------------------- over-tricks after the transfer


def test_doubled_overtricks_vulnerable_from_two_transferred_tricks(tmp_path):
    # B, claim S 9: 10 as played (4HX made), 12 after the transfer: two over-tricks.
    # 4HX = 240, game vulnerable 500, doubled made 50, over-tricks doubled vulnerable 2 x 200 = 400:
    # 1190.
    s = board(tmp_path, WEST_A1 + "claim S 9\n", "4HX by S", "NS")
    assert sheet(s) == ({"NS": 12, "EW": 1}, 2, ns(1190))


def test_redoubled_overtrick_vulnerable_from_the_transfer(tmp_path):
    # B, claim S 8: 9 as played (4HXX one down), 11 after the transfer: one over-trick.
    # 4HXX = 480, game vulnerable 500, redoubled made 100, over-trick redoubled vulnerable 400: 1480.
    s = board(tmp_path, WEST_A1 + "claim S 8\n", "4HXX by S", "NS")
    assert sheet(s) == ({"NS": 11, "EW": 2}, 2, ns(1480))


def test_part_score_with_transferred_overtricks_stays_a_part_score(tmp_path):
    # B, claim S 7: 8 as played, 10 after the transfer. 2H = 2 x 30 = 60 (a PARTSCORE: the trick
    # score is of the odd tricks bid), over-tricks undoubled at trick value 2 x 30 = 60, part-score
    # 50: 170.
    s = board(tmp_path, WEST_A1 + "claim S 7\n", "2H by S", "None")
    assert sheet(s) == ({"NS": 10, "EW": 3}, 2, ns(170))


# ---------------------------------------------------------------- down after the transfer


@pytest.mark.parametrize("contract,vul,k,tricks,points", [
    ("4HX by S", "None", 5, 9, -100),   # 1 down doubled not vulnerable: 100
    ("4HX by S", "None", 4, 8, -300),   # 2 down not vulnerable: 100 + 200
    ("4HX by S", "NS", 4, 8, -500),     # 2 down vulnerable: 200 + 300
    ("4HX by S", "EW", 3, 7, -500),     # 3 down not vulnerable (NS not): 100 + 200 + 200
    ("4HX by S", "All", 3, 7, -800),    # 3 down vulnerable: 200 + 300 + 300
    ("4HX by S", "None", 2, 6, -800),   # 4 down not vulnerable: 100 + 200 + 200 + (200 + 100)
    ("4HX by S", "All", 2, 6, -1100),   # 4 down vulnerable: 200 + 300 + 300 + 300
    ("4HXX by S", "NS", 5, 9, -400),    # 1 down redoubled vulnerable: 400
    ("4HXX by S", "None", 3, 7, -1000),  # 3 down redoubled not vulnerable: 200 + 400 + 400
])
def test_doubled_undertricks_counted_after_a_transfer_to_declarer(tmp_path, contract, vul, k, tricks, points):
    # A, claim S k: 3 + k as played, 4 + k after L64A2; still short of ten.
    s = board(tmp_path, EAST_A2 + f"claim S {k}\n", contract, vul)
    assert sheet(s) == ({"NS": tricks, "EW": 13 - tricks}, 1, ns(points))


def test_doubled_game_made_in_play_goes_down_by_declarers_revoke_won_in_dummy(tmp_path):
    # C, claim S 8: 10 as played (4HX made), 9 after one trick to EW (L64A2: dummy won the revoke
    # trick). 1 down doubled vulnerable: 200.
    s = board(tmp_path, SOUTH_A2 + "claim S 8\n", "4HX by S", "All")
    assert sheet(s) == ({"NS": 9, "EW": 4}, 1, ns(-200))


@pytest.mark.parametrize("contract,vul,k,tricks,points", [
    ("4HX by S", "None", 7, 7, -500),    # 9 as played (1 down, 100); 3 down not vulnerable: 100 + 200 + 200
    ("4HXX by S", "All", 8, 8, -1000),   # 10 as played (made); 2 down redoubled vulnerable: 400 + 600
])
def test_declarers_own_revoke_deepens_a_doubled_defeat(tmp_path, contract, vul, k, tricks, points):
    # D, claim S k: 2 + k as played, k after L64A1's two tricks to EW.
    s = board(tmp_path, SOUTH_A1 + f"claim S {k}\n", contract, vul)
    assert sheet(s) == ({"NS": tricks, "EW": 13 - tricks}, 2, ns(points))


def test_small_slam_made_in_play_lost_by_declarers_revoke(tmp_path):
    # C, claim S 10: 12 as played (6H made), 11 after one trick to EW. 6H 1 down undoubled
    # vulnerable: 100 to EW.
    s = board(tmp_path, SOUTH_A2 + "claim S 10\n", "6H by S", "All")
    assert sheet(s) == ({"NS": 11, "EW": 2}, 1, ns(-100))


def test_doubled_small_slam_lost_by_two_tricks_to_declarers_ruffing_revoke(tmp_path):
    # D, claim S 10: 12 as played (6HX made), 10 after L64A1. 2 down doubled vulnerable:
    # 200 + 300 = 500.
    s = board(tmp_path, SOUTH_A1 + "claim S 10\n", "6HX by S", "NS")
    assert sheet(s) == ({"NS": 10, "EW": 3}, 2, ns(-500))


# ---------------------------------------------------------------- claims with a transfer


@pytest.mark.parametrize("k,tricks,moved,points", [
    (9, 13, 2, 2210),   # EW conceded one: L64A1 moves it with the revoke trick: 7H made vulnerable:
                        # 7 x 30 = 210, game 500, grand slam 1500
    (8, 12, 2, -100),   # EW conceded two: the revoke trick and ONE of them move: 10 + 2 = 12;
                        # 7H 1 down undoubled vulnerable: 100
])
def test_grand_slam_and_the_later_trick_only_a_claim_gives(tmp_path, k, tricks, moved, points):
    # H, claim S k after the revoke is established by West's lead to trick 3: 2 + k as played, EW
    # 1 + (10 - k), of which 10 - k conceded after the revoke trick.
    s = board(tmp_path, WEST_A1_THEN_CLAIM + f"claim S {k}\n", "7H by S", "NS")
    assert sheet(s) == ({"NS": tricks, "EW": 13 - tricks}, moved, ns(points))


def test_offenders_claim_establishes_and_its_tricks_feed_the_two_trick_transfer(tmp_path):
    # Trick 1: W H2 N H6 E H4 S HA (South). Trick 2: S S3 W SJ N S8 E H5: East ruffs holding the
    # S2 and wins. East claims 3 of the 11 left (L63A3 establishes): NS 1 + 8 = 9, EW 1 + 3 = 4.
    # L64A1: the revoke trick and one of the claimed tricks: NS 11, EW 2.
    # 4HX + 1 vulnerable: 240 + 500 + 50 + 200 = 990.
    body = plays("W H2 N H6 E H4 S HA  S S3 W SJ N S8 E H5") + "claim E 3\n"
    s = board(tmp_path, body, "4HX by S", "All")
    assert sheet(s) == ({"NS": 11, "EW": 2}, 2, ns(990))


def test_no_transfer_when_the_offenders_won_nothing_after_the_revoke_doubled_slam(tmp_path):
    # Trick 1: W SA N S8 E S2 S S3 (West). Trick 2: W D2 N D8 E C9 S D6: East discards holding
    # diamonds, dummy wins. Trick 3: N H6 E H4 S HA W H2: East's play establishes; South wins.
    # claim S 10: NS 12, EW 1; EW won no trick from the revoke trick on: L64B1, nothing moves.
    # 6HX = 6 x 60 = 360, game vulnerable 500, small slam vulnerable 750, doubled made 50: 1660
    # (not 1860, the over-trick a transfer would give).
    body = plays("W SA N S8 E S2 S S3  W D2 N D8 E C9 S D6  N H6 E H4 S HA W H2") + "claim S 10\n"
    s = board(tmp_path, body, "6HX by S", "All")
    assert sheet(s) == ({"NS": 12, "EW": 1}, 0, ns(1660))
