"""An examination of how the duplicate rulings (Laws of Duplicate Bridge 2017) handle TRICKS THAT GO
WRONG MEETING OTHER IRREGULARITIES: the defective trick (L67A, L67B) and the arrangement and
inspection of tricks (L65, L66), combined with revokes (L61-L64), penalty cards (L50), claims and the
end of the play.

Every case below was written from the law text, before the rulings were run, and states the ruling
the words give. Every case runs under duplicate-2017, on the board of tests/exam_board.py. The text
was found with the `search` tool (corpus "pages"), in these copies (the words each case rests on are
quoted again in its comment):

- L67 (2017): https://www.pzbs.pl/sedziowie/mpb/2017/en/l67.html, up to the middle of B2 (as the
  tricks examination, tests/test_duplicate_tricks_examination.py, found it too):
  A "When a player has omitted to play to a trick, or has played too many cards to a trick, the
  error must be rectified if attention is drawn to the irregularity before a player on each side
  has played to the following trick. 1. To rectify omission to play to a trick, the offender
  supplies a card he can legally play. 2. To rectify the play of too many cards to a trick, Law 45E
  (Fifth Card Played to a Trick) or Law 58B (Simultaneous Cards from One Hand) shall be applied."
  B "When the Director determines that there has been a defective trick (from the fact that one
  player has too few or too many cards in his hand, and a correspondingly incorrect number of
  played cards); both sides having played to the next trick, he proceeds as follows: 1. When the
  offender has failed to play a card to the defective trick, the Director shall require him
  forthwith to expose a card face-up in front of him and then place it appropriately among his
  played cards (this card does not affect ownership of the trick); if (a) the offender has a card
  of the suit led to the defective trick; he must choose such a card to place among his played
  cards. He is deemed to have revoked on the defective trick and is subject to the loss of one
  trick transferred in accordance with Law 64A2. (b) the offender has no card of the suit led to
  the defective trick; he chooses any card to place among his played cards. He is deemed to have
  revoked on the defective trick and is subject to the loss of one trick transferred in accordance
  with Law 64A2. 2. When the offender has played more than one card to the defective trick, the
  Director inspects the played cards and requires the offender to restore to his hand all extra
  cards*, leaving among the played cards the one faced in playing to the defective trick (if the
  Director is unable to determine which card was ..." (the page's excerpt ends there).
- L58B (2017), as the tricks examination quotes pzbs.pl/sedziowie/mpb/2017/en/l58.html: "If a
  player leads or plays two or more cards simultaneously: ... 2. If the face of more than one card
  is visible, the offending player designates the card he proposes to play; when he is a defender,
  each other card exposed becomes a penalty card (see Law 50). ... 4. If the simultaneous play
  remains undiscovered until both sides have played to the next trick, Law 67 applies."
- L50 (the 1997 English, https://jfr.pzbs.pl/laws/node9/law50.htm, which 2017 keeps in B, C and D1
  as the penalty-card examination found): A "A penalty card must be left face up on the table
  immediately before the player to whom it belongs, until it is played or until an alternate
  penalty has been selected." B "A single card below the rank of an honour and exposed
  inadvertently (as in playing two cards to a trick, or in dropping a card accidentally) becomes a
  minor penalty card. Any card of honour rank, or any card exposed through deliberate play (as in
  leading out of turn, or in revoking and then correcting), becomes a major penalty card". D1 "A
  major penalty card must be played at the first legal opportunity, whether in leading, following
  suit, discarding or trumping".
- L61A (2017), as the interactions examination quotes it from the EBU TDs' forum
  (ebu.co.uk/forum/discussion/comment/512): "Failure to follow suit in accordance with Law 44 or
  failure to lead or play, when able, a card or suit required by law ... constitutes a revoke."
- L62 (2017), https://www.pzbs.pl/sedziowie/mpb/2017/en/l62.html, as the interactions examination
  quotes it: A "A player must correct his revoke if attention is drawn to the irregularity before
  it becomes established." B "To correct a revoke the offender withdraws the card he played and
  substitutes a legal card. 1. A card so withdrawn becomes a major penalty card (Law 50) if it was
  played from a defender's unfaced hand."
- L63 (2017), https://www.pzbs.pl/sedziowie/mpb/2017/en/l63.html: A "A revoke becomes established:
  1. when the offender or his partner leads or plays to the following trick (any such play, legal
  or illegal, establishes the revoke)." B "Once a revoke is established, it may no longer be
  corrected ..., and the trick on which the revoke occurred stands as played."
- L64A2 (2017), quoted in part on the EBU TDs' forum (https://forums.ebu.co.uk/discussion/1558/
  revoke-ruling, under "A. Automatic Trick Adjustment, When a revoke is established:"; the excerpt
  begins mid-sentence): "[...] won by the offending player then, if the offending side won that
  or any subsequent trick, after play ends one trick is transferred to the non-offending side."
- L64B (2017), http://thesmolens.com/LawsDupBridge/law64.html (a 2017 text: its B8 names L62C3):
  "There is no automatic trick adjustment following an established revoke (but see Law 64C) if:
  [1] the offending side did not win either the revoke trick or any subsequent trick. [2] it is a
  subsequent revoke in the same suit by the same player, the first revoke having been established.
  [3] the revoke was made in failing to play a penalty card or any card belonging to dummy. ...
  [7] both sides have revoked on the same board and both revokes have become established."
- L65 (2017), https://www.pzbs.pl/sedziowie/mpb/2017/en/l65.html: B "1. If the player's side has
  won the trick, the card is pointed lengthwise toward his partner. 2. If the opponents have won
  the trick, the card is pointed lengthwise toward the opponents. 3. A player may draw attention to
  a card pointed incorrectly, but this right expires when his side leads or plays to the following
  trick. If done later Law 16B may apply."
- L66A-C (2017), as the Brevard Bridge Club quotes them (https://www.bridgewebs.com/brevard/
  page26.html): C "Thereafter, until play ceases, the cards of quitted tricks may not be inspected
  (except at the Director's specific instructions; for example, if necessary to verify a claim of
  a revoke."
- L68B1 and L69A (2017), as the claims examination quotes them: "a claim of some number of tricks
  is a concession of the remainder" (L68B1); "The board is scored as though the tricks claimed or
  conceded had been won or lost in play." (L69A, laws.hellasbridge.org/law_69).
- L77 (the score), as the duplicate examination gives it for this board: 4H by South, not
  vulnerable, 10 tricks 420, 11 tricks 450, 12 tricks 480, 13 tricks 510; each under-trick 50.

The words of the rulings are the docs' (docs/laws.md, docs/json.md): irregularities `missed-trick`
(laws[0] "67A1" before a player of each side has played to the following trick, "67B1" after),
`several-cards` (58B2, 67A2), `surplus-card` (67A2 before, 67B2 after), `wrong-side-quit` (65B),
`looked-at-quitted-trick` (66C), `lead-out-of-turn`; a revoke's `kind` ("revoke", "deemed"),
`status`, `status_event`, `laws`, `transfer` {"tricks", "to", "law", "barred_by", "exceptions"}; the
rulings' `transfer` {"NS", "EW"}; `exposed` with `penalty_card`. The score is `handrec score --json`.

How the transcript says each act (docs/transcripts.md; no new line form):
  - A trick short of a card: the other three `play` lines and `quit SIDE`; the offender is the
    fourth to play to it. The card supplied (L67A1) or placed (L67B1): `put-right SEAT CARD`.
  - Too many cards: `play SEAT C1 C2` (the first counts: the player's designation, L58B2); found in
    a quitted trick, the Director's inspection `inspect` and the card back `restore SEAT CARD`.
  - A card taken back to correct a revoke: `withdraw SEAT CARD`.
  - A claim: `claim SEAT N` (N of the tricks not yet played); `claim-revoke SIDE SEAT`.

Readings where the text leaves room (stated before the run):
  - A card supplied under L67A1 that fails to follow suit when the offender holds the suit led is
    a failure to follow suit (L61A): a revoke (`kind` "revoke"), correctable until L63A1
    establishes it; L67A gives no other rectification for it.
  - L67B1's "deemed to have revoked on the defective trick": an established revoke (the card is
    placed, not played: there is nothing to correct), of `kind` "deemed"; a revoke in the suit
    led to the defective trick (for L64B2's "same suit"); a revoke of its side for L64B7 ("both
    sides have revoked ... both revokes have become established").
  - L64A2's transfer for a deemed revoke follows L64A2's own words ("if the offending side won
    that or any subsequent trick"): nothing when the side won neither.
  - A penalty card lying face up belongs to its holder "until it is played" (L50A): failing to
    follow suit when it is his only card of the suit led is a revoke "made in failing to play a
    penalty card" (L64B3).
  - The pointing of a quitted trick (L65B) records who won it; it does not decide it.
  - A claim agreed is scored as the tricks won and lost in play (L69A); no transfer below depends
    on a conceded trick (in each case the offending side won a trick in play after the revoke, or
    no trick at all).

Not examined:
  - L45E (fifth card played to a trick): its text was not found in any code (only its title, in
    L67A2); the L67A2 case rests on L58B alone.
  - The end of the 2017 L67B2 and its footnote (what a restored card does to earlier tricks: "deemed
    to have belonged continuously", 1997's words): the 2017 words were not found, so no case here
    asserts a revoke with a restored card; the B2 case is built so that no earlier trick asks it.
  - L66A and L66B (a player's right to see the last trick or his own last card): no transcript line
    says that a player asked to see a card. The 2017 L66D was not found in English.
  - L64A1 (the offender won the revoke trick): its 2017 text was found only cut short; the one case
    whose offender wins his revoke trick is barred by L64B7, whose text was found.
  - L64C (equity) and L16B (information): the Director's judgment; no number is asserted.
  - Whether a card supplied under L67A1 may win the trick: L67A1 does not say; no card supplied
    here could win its trick.

The deal of every hand: 4H by South, neither side vulnerable, West leads.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
Events 1-5 are the head (hand, dealer, deal, contract, vulnerability); the first card is event 6.
"""

from __future__ import annotations

from exam_board import T1_S, cites, first, kinds, leads, one, pcards, plays, revoke, revokes_by, rulings, score

# ---------------------------------------------------------------- what the cases read


def moved(r: dict) -> tuple:
    t = r["transfer"]
    return t["tricks"], t["to"], t["law"]


def board(tmp_path, body: str) -> tuple:
    s = score(tmp_path, body)
    return s["tricks"], s["penalty_tricks"], s["score"]


def missed(out: dict) -> list[dict]:
    found = kinds(out, "missed-trick")
    assert found and all("code" not in m for m in found), out["irregularities"]
    return found


# Trick 2: South leads the HK (10), West the H3 (11), North the H7 (12); East, fourth, omits his card
# and NS quit the trick (13): South's HK won it. East still holds the H5 and the C9.
EAST_MISSES_HEART_TRICK = T1_S + plays("S HK W H3 N H7") + "quit NS\n"
# Trick 2: South leads the D6 (10), West the D2 (11), North the D8 (12); East, fourth, omits his card
# and NS quit it (13): dummy's D8 won it. Trick 3: dummy leads the C6 (14), East wins with the CA
# (15), South the C5 (16), West the C2 (17): both sides have played on. East places the DA (18).
EAST_PLACES_DA_LATE = (T1_S + plays("S D6 W D2 N D8") + "quit NS\n" + plays("N C6 E CA S C5 W C2")
                       + "put-right E DA\n")


# ---------------------------------------------------------------- L67A: the card supplied, and a revoke


def test_l67a1_l61a_card_supplied_of_another_suit_is_a_revoke_established_by_the_partner(tmp_path):
    # East omits his card to trick 2 (13) and, before anyone plays to trick 3, supplies the C9 (14)
    # while holding the H5, a heart, the suit led: "the error must be rectified if attention is
    # drawn to the irregularity before a player on each side has played to the following trick. 1.
    # To rectify omission to play to a trick, the offender supplies a card he can legally play."
    # (L67A1). The C9 is no card he can legally play: "Failure to follow suit ... constitutes a
    # revoke" (L61A). Correctable at first (L62A); West, his partner, plays to trick 3 (16): "when
    # the offender or his partner leads or plays to the following trick" (L63A1), established. South
    # won trick 2; East wins trick 3 (18) and 4 (22): "if the offending side won that or any
    # subsequent trick, after play ends one trick is transferred" (L64A2). South claims 8 of the 9
    # left (23): NS 2 + 8 + 1 = 11, EW 3 - 1 = 2: 450.
    body = (EAST_MISSES_HEART_TRICK + "put-right E C9\n"
            + plays("S D6 W D2 N D8 E DA  E CA S C5 W C2 N C6") + "claim S 8\n")
    r = revoke(rulings(body, n=14), "E")
    assert (r["trick"], r["suit"], r["card"], r["status"]) == (2, "H", "C9", "correctable")
    r = revoke(rulings(body, n=15), "E")
    assert r["status"] == "correctable"  # South's lead is no play of the offending side
    out = rulings(body)
    assert all(first(m, "67A") for m in missed(out))
    r = revoke(out, "E")
    assert (r["trick"], r["kind"]) == (2, "revoke")
    assert (r["status"], r["status_event"], r["laws"]) == ("established", 16, ["63A1"])
    assert moved(r) == (1, "NS", "64A2")
    assert out["transfer"] == {"NS": 1, "EW": 0}
    assert board(tmp_path, body) == ({"NS": 11, "EW": 2}, 1, {"NS": 450, "EW": -450})


def test_l67a1_l62b1_l50d1_illegal_card_supplied_corrected_becomes_a_major_penalty_card(tmp_path):
    # As above, East supplies the C9 to trick 2 (14) holding the H5; before his side plays on he
    # withdraws it (15) and supplies the H5 (16): "A player must correct his revoke if attention is
    # drawn to the irregularity before it becomes established" (L62A); "To correct a revoke the
    # offender withdraws the card he played and substitutes a legal card. 1. A card so withdrawn
    # becomes a major penalty card (Law 50) if it was played from a defender's unfaced hand" (L62B1).
    # South, who won trick 2, leads the C5 (17); West C2, North C6; East plays the C9 (20): "A major
    # penalty card must be played at the first legal opportunity, whether in leading, following
    # suit ..." (L50D1): no penalty-card-not-played, and it leaves the table. No revoke is
    # established: nothing transferred. East wins tricks 3 and 4; South claims 8 of 9 (25): NS 10,
    # EW 3: 420.
    body = (EAST_MISSES_HEART_TRICK + "put-right E C9\nwithdraw E C9\nput-right E H5\n"
            + plays("S C5 W C2 N C6 E C9  E DA S D6 W D2 N D8") + "claim S 8\n")
    assert revoke(rulings(body, n=14), "E")["status"] == "correctable"
    out = rulings(body, n=15)
    r = revoke(out, "E")
    assert (r["trick"], r["status"], r["status_event"]) == (2, "corrected", 15)
    assert "62B1" in r["laws"]
    assert pcards(out) == [("E", "C9", "major")]
    out = rulings(body)
    assert all(first(m, "67A") for m in missed(out))
    assert revoke(out, "E")["status"] == "corrected"
    assert revoke(out, "E")["transfer"]["tricks"] == 0
    assert out["exposed"] == [] and kinds(out, "penalty-card-not-played") == []
    assert out["transfer"] == {"NS": 0, "EW": 0}
    assert board(tmp_path, body) == ({"NS": 10, "EW": 3}, 0, {"NS": 420, "EW": -420})


def test_l67a_only_the_non_offending_side_has_played_on_the_card_supplied_is_still_l67a1():
    # East omits his card to trick 2 (13). South, who won it, leads the D6 to trick 3 (14): a player
    # of one side only has played to the following trick, so East's H5 supplied now (15) is still
    # "before a player on each side has played to the following trick" (L67A): "the offender
    # supplies a card he can legally play" (L67A1), a heart to a heart. No deemed revoke, no
    # transfer. The H5 is East's card to trick 2, not his card to trick 3: he still plays the DA to
    # trick 3 (18) after West and North (16, 17), with no other irregularity.
    body = EAST_MISSES_HEART_TRICK + plays("S D6") + "put-right E H5\n" + plays("W D2 N D8 E DA")
    out = rulings(body)
    assert all(first(m, "67A") for m in missed(out))
    assert [m["seat"] for m in missed(out)] == ["E"]
    assert out["revokes"] == [] and out["transfer"] == {"NS": 0, "EW": 0}
    assert [i["kind"] for i in out["irregularities"] if i["kind"] != "missed-trick"] == []


# ---------------------------------------------------------------- L67A2 with L58B: too many cards, before


def test_l67a2_l58b2_declarers_extra_card_found_before_his_side_plays_on_is_still_l67a():
    # Trick 1: West leads the C2 (6), North the C6 (7), East wins with the CA (8); South plays the
    # C5 and the D6 at once (9) and EW quit the trick with both in it (10). East leads the DA to
    # trick 2 (11): only East's side has played to the following trick. The Director inspects (12)
    # and the D6 goes back to South (13): still L67A ("before a player on each side has played to
    # the following trick"): "2. To rectify the play of too many cards to a trick, Law 45E ... or
    # Law 58B (Simultaneous Cards from One Hand) shall be applied." L45E's text was not found; L58B2:
    # "the offending player designates the card he proposes to play; when he is a defender, each
    # other card exposed becomes a penalty card": declarer's D6 is no penalty card. Nothing here is
    # L67B (both sides have not played on). The inspection is the Director's (L66C "except at the
    # Director's specific instructions"). South follows to the DA with the D6 (14): no revoke.
    body = (plays("W C2 N C6 E CA") + "play S C5 D6\nquit EW\n" + plays("E DA") + "inspect\nrestore S D6\n"
            + plays("S D6 W D2 N D8"))
    out = rulings(body)
    r = one(out, "several-cards")
    assert (r["seat"], r["trick"]) == ("S", 1)
    assert cites(r, "58B") and cites(r, "67A")
    assert [i for i in out["irregularities"] if first(i, "67B")] == []
    assert all(first(i, "67A") for i in kinds(out, "surplus-card"))
    assert {i["kind"] for i in out["irregularities"]} <= {"several-cards", "surplus-card", "surplus-named"}
    assert out["exposed"] == [] and out["revokes"] == []


def test_l67a2_l58b2_l64b3_defenders_extra_card_a_penalty_card_failing_to_follow_with_it_no_transfer(tmp_path):
    # Trick 1: West leads the H2 (6), North the H6 (7); East plays the H4 and the H5 at once (8);
    # South the HA (9). L67A2 sends to L58B2: "the offending player designates the card he proposes
    # to play; when he is a defender, each other card exposed becomes a penalty card (see Law 50)";
    # L50B: "A single card below the rank of an honour and exposed inadvertently (as in playing two
    # cards to a trick ...) becomes a minor penalty card". Trick 2: South leads the HK (10); East,
    # whose only heart is the H5 lying face up ("left face up on the table immediately before the
    # player to whom it belongs, until it is played", L50A), discards the C9 (13): a failure to
    # follow suit (L61A). West plays to trick 3 (15): established (L63A1). East wins trick 3 (17)
    # and trick 4 (21), but: "There is no automatic trick adjustment following an established
    # revoke ... if: ... the revoke was made in failing to play a penalty card" (L64B3); neither B1
    # (East-West won later tricks) nor B2 applies before it. South claims 7 of the 9 left (22): NS
    # 9, EW 4, nothing transferred: 4H one down, NS -50.
    body = (plays("W H2 N H6") + "play E H4 H5\n"
            + plays("S HA  S HK W H3 N H7 E C9  S D6 W D2 N D8 E DA  E CA S C5 W C2 N C6") + "claim S 7\n")
    assert pcards(rulings(body, n=9)) == [("E", "H5", "minor")]
    out = rulings(body)
    r = revoke(out, "E")
    assert (r["trick"], r["suit"], r["card"]) == (2, "H", "C9")
    assert (r["status"], r["status_event"]) == ("established", 15)
    assert r["transfer"]["tricks"] == 0 and r["transfer"]["barred_by"] == "64B3"
    assert out["transfer"] == {"NS": 0, "EW": 0}
    assert board(tmp_path, body) == ({"NS": 9, "EW": 4}, 0, {"NS": -50, "EW": 50})


# ---------------------------------------------------------------- L67B1: the deemed revoke and L64


def test_l67b1b_deemed_revoke_the_offending_side_wins_no_trick_from_the_defective_one_on(tmp_path):
    # East omits his card to trick 2 (13). Trick 3: South leads the HQ (14), West discards the D2
    # (15), North the H8, East follows with the H5 (17): both sides have played on. East, with no
    # heart left, places the C9 in trick 2 (18): "(b) the offender has no card of the suit led to
    # the defective trick; he chooses any card to place among his played cards. He is deemed to have
    # revoked on the defective trick and is subject to the loss of one trick transferred in
    # accordance with Law 64A2" (L67B1). L64A2 transfers "if the offending side won that or any
    # subsequent trick": South won trick 2 and trick 3 and claims all 10 left (19): East-West won
    # neither the defective trick nor any later one (L64B1 says the same): nothing is transferred.
    # NS 13: 510.
    body = EAST_MISSES_HEART_TRICK + plays("S HQ W D2 N H8 E H5") + "put-right E C9\nclaim S 10\n"
    out = rulings(body)
    r = one(out, "missed-trick")
    assert (r["seat"], r["trick"]) == ("E", 2) and first(r, "67B1")
    rv = revoke(out, "E")
    assert (rv["trick"], rv["kind"], rv["status"]) == (2, "deemed", "established")
    assert rv["transfer"]["tricks"] == 0
    assert out["transfer"] == {"NS": 0, "EW": 0}
    assert board(tmp_path, body) == ({"NS": 13, "EW": 0}, 0, {"NS": 510, "EW": -510})


def test_l67b1a_deemed_revoke_the_offending_side_won_only_the_defective_trick_one_trick(tmp_path):
    # Trick 2: South leads the S3 (10), West wins with the SA (11), North the S8 (12); East omits his
    # S2 and EW quit it (13). Trick 3: West leads the H3, North the H7, East the H5, South wins with
    # the HK (14-17). East places the S2 in trick 2 (18): "(a) the offender has a card of the suit
    # led to the defective trick; he must choose such a card ... He is deemed to have revoked on the
    # defective trick and is subject to the loss of one trick transferred in accordance with Law
    # 64A2" (L67B1); L64A2: "if the offending side won that or any subsequent trick": East-West won
    # "that" trick, the defective one, and none after it (South claims all 10 left, 19). One trick:
    # NS 12 + 1 = 13: 510.
    body = (T1_S + plays("S S3 W SA N S8") + "quit EW\n" + plays("W H3 N H7 E H5 S HK")
            + "put-right E S2\nclaim S 10\n")
    out = rulings(body)
    r = one(out, "missed-trick")
    assert (r["seat"], r["trick"]) == ("E", 2) and first(r, "67B1")
    rv = revoke(out, "E")
    assert (rv["trick"], rv["kind"], rv["status"]) == (2, "deemed", "established")
    assert moved(rv) == (1, "NS", "64A2")
    assert out["transfer"] == {"NS": 1, "EW": 0}
    assert board(tmp_path, body) == ({"NS": 13, "EW": 0}, 1, {"NS": 510, "EW": -510})


def test_l67b1_l64a2_deemed_revoke_then_a_real_revoke_in_another_suit_two_tricks(tmp_path):
    # East places the DA in trick 2 (18), a diamond to the diamond led: deemed revoke, one trick
    # under L64A2 (L67B1(a)). East wins trick 4 with the DK (22), West trick 5 with the SA (25).
    # Trick 6: West leads the C3, North the C7, East discards the DQ holding five clubs (29): a
    # revoke (L61A); South ruffs (30) and wins. West plays to trick 7 (32): established (L63A1). East
    # did not win trick 6; East-West win tricks 10-12 after it: "if the offending side won that or
    # any subsequent trick, after play ends one trick is transferred" (L64A2). Not "a subsequent
    # revoke in the same suit" (L64B2: diamonds, then clubs). Played out: NS 7, EW 6; with two
    # tricks NS 9: 4H one down, NS -50.
    body = EAST_PLACES_DA_LATE + plays(
        "E DK S D7 W D3 N D9  E S2 S S3 W SA N S8  W C3 N C7 E DQ S HT  S HK W H3 N H7 E H5"
        "  S HQ W D4 N H8 E C9  S HJ W D5 N H9 E CT  S S4 W SK N S9 E CJ  W SQ N ST E CQ S S5"
        "  W SJ N DT E CK S S6  W C4 N C8 E DJ S S7")
    out = rulings(body)
    deemed = revoke(out, "E", 2)
    assert (deemed["kind"], deemed["status"]) == ("deemed", "established")
    assert moved(deemed) == (1, "NS", "64A2")
    real = revoke(out, "E", 6)
    assert (real["suit"], real["card"], real["kind"]) == ("C", "DQ", "revoke")
    assert (real["status"], real["status_event"], real["laws"]) == ("established", 32, ["63A1"])
    assert moved(real) == (1, "NS", "64A2")
    assert "64B2" not in real["transfer"]["exceptions"]
    assert out["transfer"] == {"NS": 2, "EW": 0}
    assert board(tmp_path, body) == ({"NS": 9, "EW": 4}, 2, {"NS": -50, "EW": 50})


def test_l67b1_l64b2_deemed_revoke_then_a_real_revoke_in_the_same_suit_by_the_same_player(tmp_path):
    # East places the DA in trick 2, a diamond trick (18): deemed revoke, one trick (L67B1, L64A2).
    # Trick 5: South leads the D7, West the D3, North the D9, and East discards the C9 holding the
    # DKQJ (26): a revoke in diamonds again, by the same player; dummy's D9 wins. East plays to trick
    # 6 (28): established (L63A1). "There is no automatic trick adjustment following an established
    # revoke ... if: ... [2] it is a subsequent revoke in the same suit by the same player, the first
    # revoke having been established" (L64B2); East-West win tricks 9-11, so B1 does not apply
    # before it. Played out: NS 9, EW 4; with the one trick NS 10: 420.
    body = EAST_PLACES_DA_LATE + plays(
        "E CK S HT W C3 N C7  S D7 W D3 N D9 E C9  N DT E DK S HJ W D4  S HK W H3 N H7 E H5"
        "  S HQ W C4 N H8 E CT  S S3 W SA N S8 E S2  W SK N S9 E CJ S S4  W SQ N ST E CQ S S5"
        "  W SJ N H9 E DJ S S6  N C8 E DQ S S7 W D5")
    out = rulings(body)
    deemed = revoke(out, "E", 2)
    assert moved(deemed) == (1, "NS", "64A2")
    second = revoke(out, "E", 5)
    assert (second["suit"], second["card"]) == ("D", "C9")
    assert (second["status"], second["status_event"]) == ("established", 28)
    assert second["transfer"]["tricks"] == 0 and second["transfer"]["barred_by"] == "64B2"
    assert out["transfer"] == {"NS": 1, "EW": 0}
    assert board(tmp_path, body) == ({"NS": 10, "EW": 3}, 1, {"NS": 420, "EW": -420})


def test_l67b1_l64a2_a_revoke_on_the_trick_that_turns_out_defective_both_defenders_transfer(tmp_path):
    # Trick 2: South leads the HK (10), West discards the D2 holding the H3 (11): a revoke (L61A);
    # North the H7 (12); East omits his card and NS quit it (13). West plays to trick 3 (15):
    # West's revoke established (L63A1). East wins trick 3 with the DA (17) and places the H5 in
    # trick 2 (18): deemed to have revoked on it, "subject to the loss of one trick transferred in
    # accordance with Law 64A2" (L67B1(a)). Two revokes of one side on one trick by two players:
    # L64B2 is for "the same player", L64B7 for "both sides"; each revoke "[not] won by the
    # offending player", "if the offending side won that or any subsequent trick ... one trick is
    # transferred" (L64A2): East-West won tricks 3 and 4. South claims 7 of the 9 left (23): NS
    # 2 + 7 + 2 = 11, EW 4 - 2 = 2: 450.
    body = (T1_S + plays("S HK W D2 N H7") + "quit NS\n" + plays("S D6 W D3 N D8 E DA") + "put-right E H5\n"
            + plays("E CA S C5 W C2 N C6") + "claim S 7\n")
    out = rulings(body)
    r = one(out, "missed-trick")
    assert (r["seat"], r["trick"]) == ("E", 2) and first(r, "67B1")
    west = revoke(out, "W")
    assert (west["trick"], west["suit"], west["card"]) == (2, "H", "D2")
    assert (west["status"], west["status_event"], west["laws"]) == ("established", 15, ["63A1"])
    assert moved(west) == (1, "NS", "64A2")
    east = revoke(out, "E")
    assert (east["trick"], east["kind"]) == (2, "deemed")
    assert moved(east) == (1, "NS", "64A2")
    assert out["transfer"] == {"NS": 2, "EW": 0}
    assert board(tmp_path, body) == ({"NS": 11, "EW": 2}, 2, {"NS": 450, "EW": -450})


def test_l67b1_l64b7_a_deemed_revoke_and_declarers_established_revoke_no_transfer(tmp_path):
    # East places the DA in trick 2 (18): deemed to have revoked (L67B1(a)). Trick 4: East leads
    # the DK (19); South ruffs with the HT holding the D7 (20): a revoke (L61A), and South wins the
    # trick. South leads trick 5 (23): established (L63A1). "There is no automatic trick adjustment
    # following an established revoke ... if: ... [7] both sides have revoked on the same board and
    # both revokes have become established" (L64B7): neither revoke transfers a trick. South claims
    # 7 of the 8 left (27): NS 4 + 7 = 11, EW 1 + 1 = 2: 450.
    body = EAST_PLACES_DA_LATE + plays("E DK S HT W D3 N D9  S HK W H3 N H7 E H5") + "claim S 7\n"
    out = rulings(body)
    east = revoke(out, "E")
    assert (east["trick"], east["kind"], east["status"]) == (2, "deemed", "established")
    south = revoke(out, "S")
    assert (south["trick"], south["suit"], south["card"]) == (4, "D", "HT")
    assert (south["status"], south["status_event"], south["laws"]) == ("established", 23, ["63A1"])
    for r in (east, south):
        assert r["transfer"]["tricks"] == 0, r
        assert "64B7" in r["transfer"]["exceptions"], r
    assert out["transfer"] == {"NS": 0, "EW": 0}
    assert board(tmp_path, body) == ({"NS": 11, "EW": 2}, 0, {"NS": 450, "EW": -450})


# ---------------------------------------------------------------- the end of the play


def test_l67b1_the_card_left_over_at_the_end_placed_does_not_win_the_defective_trick(tmp_path):
    # Trick 1: West leads the SA (6), North the S8, East the S2; South, fourth, omits his card and
    # EW quit it (9). The hand is played out (10-57) and South, declarer, is left with the HT after
    # trick 13: "the Director determines that there has been a defective trick (from the fact that
    # one player has too ... many cards in his hand ...)" (L67B); the HT is placed in trick 1 (58):
    # "(this card does not affect ownership of the trick)"; "(b) the offender has no card of the
    # suit led to the defective trick; he chooses any card ... He is deemed to have revoked on the
    # defective trick and is subject to the loss of one trick transferred in accordance with Law
    # 64A2" (L67B1). The trump does not take West's trick 1; NS won later tricks (4, 7-13): one trick
    # to EW. As played NS 8, EW 5; scored NS 7, EW 6: 4H three down, NS -150.
    body = plays("W SA N S8 E S2") + "quit EW\n" + plays(
        "W SK N S9 E C9 S S3  W SQ N ST E CT S S4  W SJ N H6 E CJ S S5  N D8 E DA S D6 W D2"
        "  E DK S D7 W D3 N D9  E DQ S HA W D4 N DT  S HK W H2 N H7 E H4  S HQ W H3 N H8 E H5"
        "  S HJ W C2 N H9 E CQ  S S6 W C3 N C6 E CK  S S7 W C4 N C7 E CA  S C5 W D5 N C8 E DJ") \
        + "put-right S HT\n"
    out = rulings(body)
    r = one(out, "missed-trick")
    assert (r["seat"], r["trick"]) == ("S", 1) and first(r, "67B1")
    rv = revoke(out, "S")
    assert (rv["trick"], rv["kind"], rv["status"]) == (1, "deemed", "established")
    assert moved(rv) == (1, "EW", "64A2")
    assert out["transfer"] == {"NS": 0, "EW": 1}
    assert board(tmp_path, body) == ({"NS": 7, "EW": 6}, 1, {"NS": -150, "EW": 150})


def test_l67b2_declarers_extra_card_found_at_trick_13_restored_and_played_to_it(tmp_path):
    # Trick 1: South plays the C5 and the S7 at once (9) to East's CA, and EW quit the trick with
    # both (10). Nobody notices; South follows to every spade lead with another spade (tricks 9-12)
    # and at trick 13, after West's D5, North's C8 and East's DJ (55-57), he has no card. "When the
    # offender has played more than one card to the defective trick, the Director inspects the
    # played cards [58] and requires the offender to restore to his hand all extra cards, leaving
    # among the played cards the one faced in playing to the defective trick" (L67B2): the S7 goes
    # back (59) and South plays it to trick 13 (60), which East's DJ wins. The inspection is the
    # Director's (L66C). The S7 is no penalty card (declarer's; and "restore to his hand"). No
    # earlier trick asks whether South should have played the S7 (spades were led only while he
    # held other spades). NS won tricks 4-8: 5 tricks, 4H five down, NS -250.
    body = plays("W C2 N C6 E CA") + "play S C5 S7\nquit EW\n" + plays(
        "E DA S D6 W D2 N D8  E DK S D7 W D3 N D9  E DQ S HT W D4 N DT  S HA W H2 N H6 E H4"
        "  S HK W H3 N H7 E H5  S HQ W C3 N H8 E C9  S HJ W C4 N H9 E CT  S S3 W SA N S8 E S2"
        "  W SK N S9 E CJ S S4  W SQ N ST E CQ S S5  W SJ N C7 E CK S S6  W D5 N C8 E DJ") \
        + "inspect\nrestore S S7\nplay S S7\n"
    out = rulings(body)
    r = one(out, "surplus-card")
    assert (r["seat"], r["trick"]) == ("S", 1) and first(r, "67B2")
    assert kinds(out, "looked-at-quitted-trick") == [] and kinds(out, "played-again") == []
    assert out["exposed"] == [] and revokes_by(out, "S") == []
    assert board(tmp_path, body) == ({"NS": 5, "EW": 8}, 0, {"NS": -250, "EW": 250})


# ---------------------------------------------------------------- L65 and L66 with a revoke and a claim


def test_l65b_a_revoke_trick_pointed_toward_the_revokers_side_then_a_claim(tmp_path):
    # Trick 2: South leads the HK, East, fourth, discards the C9 holding the H5 (13): a revoke
    # (L61A). The four cards are pointed toward EW (14), though South won: "1. If the player's side
    # has won the trick, the card is pointed lengthwise toward his partner. 2. If the opponents have
    # won the trick, the card is pointed lengthwise toward the opponents." (L65B). The pointing does
    # not win the trick: South leads trick 3 in turn (15). Quitting establishes nothing: West's play
    # to trick 3 does (16, L63A1). East did not win trick 2; East-West win tricks 3 and 4: one trick
    # (L64A2). South claims 8 of the 9 left (23): NS 2 + 8 + 1 = 11, EW 3 - 1 = 2: 450 (counted by
    # the pointing, trick 2 would be EW's).
    body = (T1_S + plays("S HK W H3 N H7 E C9") + "quit EW\n" + plays("S D6 W D2 N D8 E DA  E CA S C5 W C2 N C6")
            + "claim S 8\n")
    out = rulings(body)
    r = one(out, "wrong-side-quit")
    assert (r["side"], r["trick"]) == ("EW", 2) and first(r, "65B")
    assert leads(out) == []
    rv = revoke(out, "E")
    assert (rv["trick"], rv["status"], rv["status_event"], rv["laws"]) == (2, "established", 16, ["63A1"])
    assert moved(rv) == (1, "NS", "64A2")
    assert board(tmp_path, body) == ({"NS": 11, "EW": 2}, 1, {"NS": 450, "EW": -450})


def test_l66c_the_directors_inspection_to_verify_a_claim_of_revoke_is_no_irregularity(tmp_path):
    # East discards the C9 on the HK holding the H5 (13); West plays to trick 3 (15): established
    # (L63A1). After trick 3 NS claim that East revoked (18) and the Director inspects the quitted
    # tricks (19): "until play ceases, the cards of quitted tricks may not be inspected (except at
    # the Director's specific instructions; for example, if necessary to verify a claim of a revoke"
    # (L66C): no looked-at-quitted-trick. The claim and the inspection leave the revoke as it was:
    # established at 15, one trick (L64A2: East did not win trick 2, East-West won tricks 3 and 4).
    # South claims 8 of the 9 left (24): NS 11, EW 2: 450.
    body = (T1_S + plays("S HK W H3 N H7 E C9  S D6 W D2 N D8 E DA") + "claim-revoke NS E\ninspect\n"
            + plays("E CA S C5 W C2 N C6") + "claim S 8\n")
    out = rulings(body)
    assert kinds(out, "looked-at-quitted-trick") == []
    rv = revoke(out, "E")
    assert (rv["trick"], rv["status"], rv["status_event"]) == (2, "established", 15)
    assert moved(rv) == (1, "NS", "64A2")
    assert board(tmp_path, body) == ({"NS": 11, "EW": 2}, 1, {"NS": 450, "EW": -450})
