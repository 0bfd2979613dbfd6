"""An independent examination of how the 1912 code scores a hand after the revoke penalties: trick
values by denomination, the declarer's and the adversaries' columns, under-tricks (doubled and
redoubled), the doubled bonus, honors and aces, chicane, slams, and the L84 penalty (150 points or
three tricks, 100 for each further revoke, L89 for both sides), written from the law text before
the engine was run.

Most cases use the examination board (tests/exam_board.py), South declaring, West leading, North
dummy; the contract varies:
    North S T98 H 9876 D T98 C 876      East S 2 H 54 D AKQJ C AKQJT9
    South S 76543 H AKQJT D 76 C 5      West S AKQJ H 32 D 5432 C 432
One case (chicane) uses a deal of its own, written out in the case.

The words the cases rest on.

From /work/shared/seed/laws-81-85.txt (the verbatim excerpt):
  L83 "It becomes an established revoke if the trick in which it occurs is turned and quitted by
      the rightful winners"
  L84 "The penalty for each established revoke is:-- (a) When the declarer revokes, his
      adversaries add 150 points to their score in the honor column, in addition to any penalty
      which he may have incurred for not making good his declaration. (b) If either of the
      adversaries revoke, the declarer may either add 150 points to his score in the honor column,
      or may take three tricks from his opponents and add them to his own. Such tricks may assist
      the declarer to make good his declaration, but shall not entitle him to score any bonus in
      the honor column, in the case of the declaration having been doubled or re-doubled.
      (c) When more than one revoke is made by the same side during the play of the hand the
      penalty for each revoke after the first, shall be 100 points in the honor column.
      A revoking side cannot score, except for honors or chicane."

From /work/shared/docs/laws-1912.md (the digest):
  R-H3 (L4) "Each trick over six, when the contract is made, is worth: spades 2, clubs 6, diamonds
      7, hearts 8, royal spades 9, no trump 10."
  R-H4 (L47) "If declarer makes at least his bid, he scores every odd trick won, not just the ones
      bid. If he fails, no one scores toward game, and the adversaries get 50 in the honor column
      for each under-trick (100 if doubled, 200 if redoubled)."
  R-H6 (L53) "Doubling doubles each odd trick's value; redoubling quadruples it."
  R-H7 (L56) "A doubled contract that is made earns a bonus in the honor column: 50, plus 50 for
      each trick over the bid. If redoubled, these amounts are doubled."
  R-H8 (L5, L6) "Honors are the A K Q J 10 of trumps, or the four aces at no trump. They are
      credited to whichever side held them, contract or defence." "4 in one hand: x8", "all 5 in
      one hand: x10"; "No trump: 3 aces between the partners: 30".
  R-H9 (L9) "Chicane is one hand with no trumps. It is worth the same as simple (3) honors."
      "If the other side scores honors, chicane takes that value off theirs."
  R-H10 (L7, L8) "Slam is 7 by cards (+40 honors); little slam is 6 by cards (+20). Either side
      can score them, on tricks won in play only. The revoking side can never score them."
  R-G2 (L84b) "Penalty tricks count toward making the contract." "They never earn the doubled or
      redoubled bonus of L56." "They never count toward slam or little slam (L7, L8)."
  R-G3 (L84c) "Each *further* revoke by the same side in the same hand costs **100** in the honor
      column, not 150."
  R-G4 (L84) "The revoking side scores nothing except honors and chicane." ... "that side gets no
      trick points, no game progress, no under-trick penalties, no doubling bonus, and no slam"
  R-G6 (L89) "Both sides revoke: Each side scores only its trump honors or chicane. If a side
      revoked more than once, the *other* side scores **100 for each extra revoke**." "[INFER]
      The first revoke on each side cancels out (no 150 to anyone)." "'Honors in trumps' at no
      trump is read as the aces."
  §2I.2 (L89) "trick score = 0 and under-tricks = 0 on both sides; no bonus, no slam."
  §2I.4 "Only r_decl > 0: declarer's side scores honors/chicane only, even if the contract was
      made. The adversaries get 150 + 100 x (r_decl - 1). If the contract failed on the actual
      tricks, they also get their L47 under-trick points"
  §2I.6 "Honors and chicane are always scored as held, whatever happened (L6, L9, L84, L89)."
  R-H13 "When declarer takes three penalty tricks, he is scored on the tricks as they now stand,
      including for game, and at doubled or redoubled value if the contract was doubled."

From /work/main/docs/json.md (the score's JSON): "before declarer elects, the columns show the
150-point option".
"""

from __future__ import annotations

from pathlib import Path

from exam_board import head, score_of

R = "auction-1912"

# Trick 1, East discards the C9 on West's spade ace holding the S2: West's ace wins unless clubs
# are trumps (then East's C9 ruffs and wins); East-West, the rightful winners, quit.
EAST_ON_SPADES = "play W SA\nplay N S8\nplay E C9\nplay S S3\nquit EW\n"
# Trick 1, East discards the C9 on West's D2 holding four diamonds: dummy's D8 wins (not in
# diamonds or clubs); North-South quit.
EAST_ON_DIAMONDS = "play W D2\nplay N D8\nplay E C9\nplay S D6\nquit NS\n"
# Trick 1, South ruffs West's spade ace with the HT holding five spades (hearts trumps): South
# wins; North-South quit.
SOUTH_RUFFS = "play W SA\nplay N S8\nplay E S2\nplay S HT\nquit NS\n"


def board(tmp_path: Path, contract: str, body: str) -> dict:
    return score_of(tmp_path, head(R, contract=contract) + body)


def cols(s: dict) -> tuple:
    return (s["NS"]["trick"], s["NS"]["honor"], s["EW"]["trick"], s["EW"]["honor"])


# ---------------------------------------------------------------- L84b: the three tricks, by denomination


def test_law84b_no_trump_penalty_tricks_score_at_ten_and_the_revoking_side_keeps_its_aces(tmp_path):
    # 3NT by S. East's revoke (trick 1) established by EW's quit (L83). NS claim 7 of the last 12:
    # in play NS 7, EW 6. Three tricks (L84b): NS 10, EW 3; 4 odd x 10 = 40 (R-H3, R-H13).
    # Aces: West SA, East DA CA = three aces between EW = 30, kept by the revoking side ("except
    # for honors"); South's HA alone scores nothing. NS (40, 0), EW (0, 30).
    s = board(tmp_path, "3NT by S", EAST_ON_SPADES + "claim S 7\nclaim-revoke NS E\nelect S tricks\ncut\n")
    assert s["tricks"] == {"NS": 10, "EW": 3} and s["penalty_tricks"] == 3
    assert cols(s) == (40, 0, 0, 30)


def test_law84b_royal_spades_penalty_tricks_at_nine_and_the_revoking_sides_four_honors_in_one_hand(tmp_path):
    # 3R by S (royal spades trumps). East discards the C9 on the SA holding the S2: revoke; West's
    # ace wins, EW quit. In play NS 8 (claim 8 of 12), EW 5; three tricks: NS 11, EW 2.
    # 5 odd x 9 = 45. Honors: West S A K Q J (North the T) = 4 in one hand, 8 x 9 = 72 to EW,
    # the revoking side keeping its honors (L84). NS (45, 0), EW (0, 72).
    s = board(tmp_path, "3R by S", EAST_ON_SPADES + "claim S 8\nclaim-revoke NS E\nelect S tricks\ncut\n")
    assert s["tricks"] == {"NS": 11, "EW": 2} and s["penalty_tricks"] == 3
    assert cols(s) == (45, 0, 0, 72)


def test_law84b_clubs_penalty_tricks_make_five_and_the_revoking_side_scores_five_honors_in_one_hand(tmp_path):
    # 5C by S. East ruffs the SA with the C9 holding the S2: revoke; his trump wins, EW (the
    # rightful winners) quit. In play NS 9 (claim 9 of 12), EW 4: two short of eleven. Three
    # tricks: NS 12, EW 1, made (L84b "may assist"): 6 odd x 6 = 36. No little slam: 9 won in
    # play (R-G2). Honors: East C A K Q J T, all five in one hand, 10 x 6 = 60 to EW.
    # NS (36, 0), EW (0, 60).
    s = board(tmp_path, "5C by S", EAST_ON_SPADES + "claim S 9\nclaim-revoke NS E\nelect S tricks\ncut\n")
    assert s["tricks"] == {"NS": 12, "EW": 1} and s["penalty_tricks"] == 3
    assert cols(s) == (36, 0, 0, 60)


def test_law84b_diamonds_points_every_odd_trick_scores_at_seven_and_east_keeps_four_honors(tmp_path):
    # 1D by S. East discards the C9 on the SA holding the S2; West wins, EW quit. In play NS 9
    # (claim 9 of 12), EW 4. Declarer takes the 150 (L84b). Made: every odd trick, not only the one
    # bid (L47): 3 x 7 = 21. Honors: East D A K Q J (North the T) = 4 in one hand, 8 x 7 = 56 to EW.
    # NS (21, 150), EW (0, 56).
    s = board(tmp_path, "1D by S", EAST_ON_SPADES + "claim S 9\nclaim-revoke NS E\nelect S points\ncut\n")
    assert s["tricks"] == {"NS": 9, "EW": 4} and s["penalty_tricks"] == 0
    assert cols(s) == (21, 150, 0, 56)


# ---------------------------------------------------------------- L84b with doubling and slams


def test_law84b_points_on_a_redoubled_contract_made_with_overtricks_keeps_the_redoubled_bonus(tmp_path):
    # 2HXX by S. East's revoke at trick 1, dummy's D8 wins, NS quit. In play NS 10 (1 + claim 9),
    # EW 3. Declarer takes the 150. Trick: 4 odd x 8 x 4 (redoubled, L53) = 128. Bonus (L56), two
    # over the bid, both won in play: (50 + 2 x 50) x 2 = 300. Honors: South all five hearts in
    # one hand, 10 x 8 = 80. NS honor 150 + 300 + 80 = 530. EW nothing.
    s = board(tmp_path, "2HXX by S", EAST_ON_DIAMONDS + "claim S 9\nclaim-revoke NS E\nelect S points\ncut\n")
    assert s["tricks"] == {"NS": 10, "EW": 3}
    assert cols(s) == (128, 530, 0, 0)


def test_law84b_points_with_a_grand_slam_won_in_play_scores_the_slam(tmp_path):
    # 4H by S. East's revoke at trick 1, which dummy's D8 wins; NS quit. NS claim all 12 left:
    # 13 tricks won in play. Declarer takes the 150. Trick: 7 odd x 8 = 56. Slam 40 (L7, won in
    # play, R-H10). Honors 80. NS honor 150 + 40 + 80 = 270. EW nothing.
    s = board(tmp_path, "4H by S", EAST_ON_DIAMONDS + "claim S 12\nclaim-revoke NS E\nelect S points\ncut\n")
    assert s["tricks"] == {"NS": 13, "EW": 0} and s["penalty_tricks"] == 0
    assert cols(s) == (56, 270, 0, 0)


def test_law84c_three_revokes_by_the_adversaries_cost_150_then_100_and_100(tmp_path):
    # 4H by S. East discards a club on each of West's SA, SK, SQ while holding the S2: three
    # revokes, each established by EW's quit (L83). In play NS 10 (claim 10 of 10), EW 3. The
    # first: declarer takes the 150 (L84b); each after the first 100 (L84c): 150 + 100 + 100 = 350.
    # Trick: 4 odd x 8 = 32. NS honor 350 + 80 = 430. EW nothing.
    body = ("play W SA\nplay N S8\nplay E C9\nplay S S3\nquit EW\n"
            "play W SK\nplay N S9\nplay E CT\nplay S S4\nquit EW\n"
            "play W SQ\nplay N ST\nplay E CJ\nplay S S5\nquit EW\n"
            "claim S 10\nclaim-revoke NS E\nelect S points\ncut\n")
    s = board(tmp_path, "4H by S", body)
    assert s["tricks"] == {"NS": 10, "EW": 3} and s["penalty_tricks"] == 0
    assert cols(s) == (32, 430, 0, 0)


# ---------------------------------------------------------------- L84a: declarer revokes


def test_law84a_redoubled_contract_failing_after_declarers_revoke_adds_the_redoubled_undertricks(tmp_path):
    # 4HXX by S. South ruffs the SA holding spades; NS (rightful) quit: L84a. In play NS 8
    # (1 + claim 7), EW 5: two under. EW honor: 150 "in addition to" 2 x 200 (redoubled, L47) =
    # 550. No L48 cap (not the dealer's one spade). NS, revoking: honors only, all five hearts in
    # South's hand, 80. NS (0, 80), EW (0, 550).
    s = board(tmp_path, "4HXX by S", SOUTH_RUFFS + "claim S 7\nclaim-revoke EW S\ncut\n")
    assert s["tricks"] == {"NS": 8, "EW": 5}
    assert cols(s) == (0, 80, 0, 550)


def test_law84a_adversaries_win_twelve_in_play_and_score_the_little_slam_beside_150_and_undertricks(tmp_path):
    # 4H by S. South's revoke at trick 1 (he wins it, NS quit); then he concedes the rest: NS 1,
    # EW 12. Nine under x 50 = 450 (L47) + 150 (L84a) + little slam 20 to the adversaries, who won
    # 12 in play (L8, R-H10 "Either side") = 620. NS honors only: 80. NS (0, 80), EW (0, 620).
    s = board(tmp_path, "4H by S", SOUTH_RUFFS + "claim S 0\nclaim-revoke EW S\ncut\n")
    assert s["tricks"] == {"NS": 1, "EW": 12}
    assert cols(s) == (0, 80, 0, 620)


def test_law84a_and_law9_the_adversaries_chicane_comes_off_the_revoking_declarers_honors(tmp_path):
    # A deal of its own: East holds no heart (chicane, L9).
    #   North S K52 H 874 D Q763 C 952      East S QJ984 H -- D JT98 C AJ73
    #   South S A3 H AKQJ5 D AK4 C KQ4      West S T76 H T9632 D 52 C T86
    # 4H by S. South ruffs West's S6 with the H5 holding the S A 3; NS quit: L84a. In play NS 10
    # (1 + claim 9): made, but the revoking side scores no trick points (L84). NS honors: South
    # H A K Q J = 4 in one hand, 8 x 8 = 64, less East's chicane, simple honors 2 x 8 = 16
    # (R-H9: "chicane takes that value off theirs"): 48. EW: 150, no under-tricks (made).
    # NS (0, 48), EW (0, 150).
    text = ("hand exam ruleset=auction-1912\ndealer S\n"
            "deal N:K52.874.Q763.952 QJ984..JT98.AJ73 A3.AKQJ5.AK4.KQ4 T76.T9632.52.T86\n"
            "contract 4H by S\n"
            "play W S6\nplay N S2\nplay E S9\nplay S H5\nquit NS\n"
            "claim S 9\nclaim-revoke EW S\ncut\n")
    s = score_of(tmp_path, text)
    assert s["tricks"] == {"NS": 10, "EW": 3}
    assert cols(s) == (0, 48, 0, 150)


# ---------------------------------------------------------------- L89: both sides, at no trump doubled


def test_law89_no_trump_doubled_both_sides_revoke_aces_kept_and_100_for_easts_second(tmp_path):
    # 2NTX by S. East discards on the SA and on the SK holding the S2 (two revokes, EW quit each);
    # South discards the C5 on West's D2 holding D 7 6, East's DA wins, EW quit (one revoke). In
    # play NS 4 (claim 4 of 10), EW 9: down four doubled, but under L89 no trick score and no
    # under-tricks to either side (§2I.2). First revokes cancel; East-West's second gives NS 100.
    # Aces: West SA, East DA CA = 30 to EW; South's HA nothing. NS (0, 100), EW (0, 30).
    body = ("play W SA\nplay N S8\nplay E C9\nplay S S3\nquit EW\n"
            "play W SK\nplay N S9\nplay E CT\nplay S S4\nquit EW\n"
            "play W D2\nplay N D8\nplay E DA\nplay S C5\nquit EW\n"
            "claim S 4\nclaim-revoke NS E\nclaim-revoke EW S\ncut\n")
    s = board(tmp_path, "2NTX by S", body)
    assert s["tricks"] == {"NS": 4, "EW": 9} and s["penalty_tricks"] == 0
    assert cols(s) == (0, 100, 0, 30)


# ---------------------------------------------------------------- before the election


def test_law84b_before_declarer_elects_the_columns_show_the_150_option(tmp_path):
    # 4H by S. East's revoke (trick 1, West wins, EW quit); in play NS 9 (claim 9 of 12), EW 4;
    # claimed, not yet elected (no cut). Columns under the points option (json.md): honor 150 + 80
    # = 230. Under the tricks option it would be 12 tricks, 6 x 8 = 48, honor 80 (no little slam,
    # R-G2). EW nothing either way.
    # Triage of the first run: the case said 3 odd x 8 = 24 in the trick column, but nine tricks
    # fail a bid of four hearts: "If he fails, no one scores toward game" (R-H4, L47), and the
    # revoking side scores no under-tricks (L84): 0, as the engine said. Corrected by those words.
    s = board(tmp_path, "4H by S", EAST_ON_SPADES + "claim S 9\nclaim-revoke NS E\n")
    assert s["tricks"] == {"NS": 9, "EW": 4} and s["penalty_tricks"] == 0
    assert cols(s) == (0, 230, 0, 0)
    e = s["election"]
    assert e is not None and e["elector"] == "S" and e["elected"] is None
    assert set(e["options"]) == {"points", "tricks"}
