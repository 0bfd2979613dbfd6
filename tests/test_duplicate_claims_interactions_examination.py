"""An examination of how the duplicate rulings handle CLAIMS AND CONCESSIONS THAT MEET OTHER
IRREGULARITIES (L68-L71 with revokes L61-L64, penalty cards L50-L52 and a lead out of turn L53-L56),
under the 2017 code and, where their words differ or were found, under the 2007 and 1997 codes.

Every case below was written from the law text, before the rulings were run, and states the ruling
the words give. The texts were found with the `search` tool (corpus "pages"); the words each case
rests on are quoted again in its comment. "2017", "2007", "1997" name the code.

Revokes: establishment (L63)
- 2017 L63 (pzbs.pl/sedziowie/mpb/2017/en/l63.html): "A revoke becomes established: 1. when the
  offender or his partner leads or plays to the following trick (any such play, legal or illegal,
  establishes the revoke). ... 3. when a member of the offending side makes a claim or concession
  of tricks orally or by facing his hand or in any other way. 4. when agreement is established (as
  per Law 69A) to an opponent's claim or concession; the offending side having raised no objection
  to it before the end of the round, or before making a call on a subsequent board."
- 2007 L63A3, quoted on the BBO forum under the 2007 code (topic 64921 "Law 63A3", February 2014,
  an ACBL club game; www2.dal10.sl.bridgebase.com/forums/topic/64921-law-63a3/): "Law 63A3 ... says
  that a revoke becomes established 'when a member of the offending side makes or agrees to a claim
  or concession of tricks orally or by facing his hand or in any other way'." The same reply: "If
  North says or does nothing to accept the claim, and South contests it, the revoke is not
  established, because the condition in Law 63A3 is not met", and of the agreed claim: "Law 64A2
  applies, and one trick should be transferred". (2007 has no A4: the agreement is its A3's.)
- 1997 L63A3 (jfr.pzbs.pl/laws/node9/law63.htm, "Last modified ... 1997"): "when a member of the
  offending side makes or acquiesces in a claim or concession of tricks orally or by facing his
  hand (or in any other fashion)." Its A1 is 2017's word for word.

Revokes: the tricks transferred (L64)
- 2017 L64 (south-waikato.bridge-club.org/node/586, "Laws of Duplicate Bridge 14", October 2017,
  the whole law; A1 and A2 also on boardgames.stackexchange.com/questions/45891, quoting the 2017
  code; B on thesmolens.com/LawsDupBridge/law64.html): "A. ... When a revoke is established: 1. And
  the trick on which the revoke occurred was won by the offending player, at the end of play the
  trick on which the revoke occurred is transferred to the non-offending side together with one of
  any subsequent tricks won by the offending side. 2. And the trick on which the revoke occurred
  was not won by the offending player then, if the offending side won that or any other subsequent
  trick, after play ends one trick is transferred to the non-offending side. B. ... There is no
  automatic trick adjustment following an established revoke (but see Law 64C) if: 1. The offending
  side did not win either the revoke trick or any subsequent trick ... 3. The revoke was made in
  failing to play a penalty card or any card belonging to dummy. ... 7. Both sides have revoked on
  the same board and both revokes have become established."
- 2007 L64B7, quoted on the BBO forum under the 2007 code (topic 62912 "Two revokes",
  forumstest.bridgebase.com/forums/topic/62912-two-revokes/): "Law 64B6 & 7 state that there is no
  rectification if (6) it is a revoke at trick 12 or (7) when both sides have revoked on the same
  [board]"; and the reply: "64B7 simply says that there is no rectification 'when both sides have
  revoked on the same board'. It does not refer to establ[ishment]".
- 2007 L64A: its English words were NOT found (only the Norwegian translation, lovboka.org/64.htm).
  What the 2007 cases below say of its A rests on the BBO reply above ("Law 64A2 applies, and one
  trick should be transferred", of a defender's revoke and an agreed claim) and on the ACBL's own
  summary of the 2008 changes (bigislebridge.com/ACBL_rules/RuleChanges.htm, "dated July 2008":
  "if the revoking player won the trick on which the revoke happened and the offending side won
  another subsequent trick, the non-offending side gets two tricks. If the revoking player does not
  win the revoke trick and the revoking side wins some subsequent trick, the non-offending side
  gets one trick."). A summary, not the text: the 2007 cases assert how many tricks, and the
  paragraph only where the BBO reply names it (64A2).
- 1997 L64A2, quoted in the EBU White Book 2004 (November 2003, under the 1997 code;
  yumpu.com/en/document/view/38590954/white-book-2004-ebu-tournament-directors-guide-edited-by-/50):
  "and the trick on which the revoke occurred was not won by the offending player, then, if the
  offending side won that or any subsequent trick, (penalty) after play ceases, one trick is
  transferred to the non-offending side; also, if an additional trick was subsequently won by the
  offending player with a card that he could legally have played to the revoke trick, one such
  trick is transferred to the non-offending side."

Claims and concessions (L68-L71)
- 2017 L68 (bridgevid.com/2017/08/02/claims/): "B. ... 1. ... a claim of some number of tricks is a
  concession of the remainder, if any. ... 2. Regardless of B1, if a defender attempts to concede
  one or more tricks and his partner immediately objects; neither a concession nor a claim has
  occurred. Unauthorized information may exist, so the Director should be summoned immediately.
  Play continues. Any card that has been exposed by a defender in these circumstances is not a
  penalty card but Law 16C applies to information arising from its exposure ... C. ... The player
  making the claim or concession faces his hand. D. ... After any claim or concession, play is
  suspended."
- 2007 L68B2 and L70A and L71 (the ACBL's "Cancelled concessions", rev. 9/14/13, under the 2007 code:
  staging.acbl.org/club-corner/club-directors/rulings-faq/cancelled-concessions/): "2. Regardless of
  B1 above, if a defender attempts to concede one or more tricks and his partner immediately
  objects, no concession has occurred. Unauthorized information may exist, so the director should
  be summoned immediately. Play continues. Any card that has been exposed by a defender in these
  circumstances is not a penalty card, but Law 16d applies to information arising from its
  exposure ..."; L70A "In ruling on a contested claim or concession, the director adjudicates the
  result of the board as equitably as possible to both sides, but any doubtful point as to a claim
  shall be resolved against the claimer."; L71 "A concession must stand, once made, except that
  within the correction period established under Law 79c the director shall cancel a concession:
  1. If a player conceded a trick his side had, in fact, won; or 2. If a player has conceded a
  trick that could not be lost by any normal* play of the remaining cards. The board is rescored
  with such trick awarded to his side."
- 2007 L68D, as the claims examination (tests/test_duplicate_claims_examination.py) quotes it from
  BLML (January 2008) and the BBO forum (2012): "After any claim or concession, play ceases (but see
  Law 70D3). If the claim or concession is agreed, Law 69 applies; if it is doubted by any player
  (dummy included), the Director must be summoned immediately and Law 70 applies."
- 2017 L69 and L71 (laws.hellasbridge.org/law_69, law_71, the WBF English beside the Greek): L69A
  "Agreement is established when a side assents to an opponent's claim or concession, and raises no
  objection to it before making a call on a subsequent board or before the round ends, whichever
  occurs first. The board is scored as though the tricks claimed or conceded had been won or lost
  in play." L69B "Agreement with a claim or concession (see A) may be withdrawn within the
  Correction Period established under Law 79C: 1. if a player agreed to the loss of a trick his side
  had, in fact, won; or 2. if a player has agreed to the loss of a trick th[...]" (the English
  breaks off; the claims examination reads the rest from the Greek and the 2007 words: "that his
  side would likely have won had the play continued. The board is rescored with such trick awarded
  to his side"). L71 "A concession must stand, once made, except that within the Correction Period
  established under Law 79C the Director shall cancel a concession: A. if a player conceded a trick
  his side had, in fact, won; or B. if a player has conceded a trick that could not be lost by any
  normal play of the remaining cards. The board is rescored with such trick awarded to his side."
- 2017 L70A (pzbs.pl/sedziowie/mpb/2017/en/l70.html): "In ruling on a contested claim or
  concession, the Director adjudicates the result of the board as equitably as possible to both
  sides, but any doubtful point as to a claim shall be resolved against the claimer."
- 1997 L70A (jfr.pzbs.pl/laws/node9/law70.htm, as the kept-cards examination quotes it): "In ruling
  on a contested claim, the Director adjudicates the result of the board as equitably as possible
  to both sides, but any doubtful points shall be resolved against the claimer." 1997 L68D, as the
  ruling of Appeal No. 16 (Maastricht 2000, under the 1997 code) quotes it (the kept-cards
  examination's source): "According to Law 68D, all play subsequent to a claim is voided and the
  Director adjudicates the claim based on the claimer's statement".

Penalty cards and leads out of turn
- L50 (1997 words, jfr.pzbs.pl/laws/node9/law50.htm; 2017 keeps B and D1, as the penalty-card
  examination found): B "Any card of honour rank, or any card exposed through deliberate play ...,
  becomes a major penalty card"; D1 "A major penalty card must be played at the first legal
  opportunity, whether in leading, following suit, discarding or trumping".
- 2017 L52 (pzbs.pl/sedziowie/mpb/2017/en/l52.html): B1 "(a) If a defender has led or played
  another card when required by law to play a penalty card, declarer may accept such lead or play.
  (b) Declarer must accept such lead or play if he has thereafter played from his own hand or
  dummy. (c) If the played card is accepted under either (a) or (b) any unplayed penalty card
  remains a penalty card."
- 2017 L61A (as the interactions examination quotes it from the EBU TDs' forum): "Failure to follow
  suit in accordance with Law 44 or failure to lead or play, when able, a card or suit required by
  law or specified by an opponent when exercising an option in rectification of an irregularity,
  constitutes a revoke."
- 2017 L53A (thesmolens.com/LawsDupBridge/law53.html, as the interactions examination quotes it):
  "any lead faced out of turn may be treated as a correct lead ... It becomes a correct lead if
  declarer or either defender, as the case may be, accepts it by making a statement to that effect".

The words of the rulings (docs/laws.md, docs/json.md): a revoke's `status`, `status_event`, `laws`,
`transfer` {"tricks", "law", "barred_by", "exceptions"}; the rulings' `transfer` {"NS", "EW"};
`exposed` with `penalty_card`; the irregularities `claim-doubted` (a `judgment` {"law", "by",
"claim", "given"}), `claim-agreement-withdrawn` (69B), `concession-cancelled` (71),
`concession-objected` (68B2), `penalty-card-not-played` (L52; "a play by declarer or dummy after it
accepts it"), `lead-out-of-turn`. `adjudicate N` gives the claimer's side N of the tricks not yet
played at the claim. The score is `handrec score --json [--at N]`: `tricks`, `penalty_tricks`,
`score`, `complete`. L77 (as the duplicate examination scores this board): 4H by South, not
vulnerable, 9 tricks -50, 8 -100, 7 -150, 5 -250, 10 tricks 420, 11 450, 12 480, 13 510.

Readings where the text leaves room (stated before the run):
- A trick conceded, or awarded by the Director's decision on a claim (L69B, L71: "rescored with
  such trick awarded to his side"; L70A), counts as a trick "won" by that side for L64A/B1: L69A
  scores the board "as though the tricks claimed or conceded had been won or lost in play".
- A claim no one doubts before the record ends is agreed (the record's end is the round's end).
- `doubt` by a player of the offending side is the objection of 2017 L63A4 and the want of
  agreement (2007 "agrees to", 1997 "acquiesces in") of L63A3: that claim establishes nothing.
- 2007 L64B7 "when both sides have revoked on the same board": a revoke corrected is still a revoke
  the side made (L61A calls the act a revoke; L62 corrects "his revoke"), so one side's revoke
  corrected and the other's established bar the transfer under 2007; under 2017 ("both revokes have
  become established") they do not.
- L68B2's "exposed by a defender in these circumstances": a card the conceding defender faces
  between his concession and his partner's objection (the record's `expose` line there; L68C: "The
  player making the claim or concession faces his hand").
- A failure to lead a major penalty card when leading is a failure "to lead ... a card ... required
  by law" (L61A, L50D1); if the rulings list it as a revoke, it is one "made in failing to play a
  penalty card" (L64B3).

Not examined (the text was not found, or does not decide):
- 2017 L68D2 (play continued after a doubt) and the 2017 L70D3: only a paraphrase was found
  (the kept-cards examination has the paraphrased case); no case here.
- 2007 L70D3 with a failure to follow in the play after a claim: the words make that play
  "evidence ... of the clarification of the claim" and do not say whether a card in it can be a
  revoke; so only 1997's "voided" play is examined with a revoke in it.
- The English 2007 L63A1 and L64A: not found. No 2007 case rests on establishment by play (each
  2007 revoke is established by a claim, L63A3, or corrected), and the 2007 transfer counts rest on
  the ACBL summary and the BBO reply quoted above.
- 1997 L64A1 and L64B: not found (only the White Book's description of A1): no 1997 case has the
  offender win the revoke trick, and none asserts a 1997 exception.
- 1997 L68, L69, L71: not found: no 1997 case on an agreed claim reviewed or a concession cancelled.
- L50D2 under 2007 and 1997 against 2017: the 2007 (BBO forum, topic 75089, 2016: "to require the
  defender to lead the suit of the penalty card, or to prohibit him from leading that suit for as
  long as he retains the lead") and 1997 (bridge.dk/laws/laws97e) words of D2(a) are the same, and
  the 2017 English L50D2 was not found: no difference to examine, so no case.
- A claim made while a lead out of turn waits for its acceptance: no text says whether a claim
  accepts it (L53A names a statement or a play); the lead case below has the lead accepted first.
- L64C and L16 (the Director's adjusted score, unauthorized information): judgment, never asserted.

The first run (18 cases) disagreed with the rulings on five, triaged as two engine defects, both
fixed with no expectation changed:
- tricks the Director gives back under L69B or L71 (and an L70 adjudication) were scored but not
  counted as won by the offending side for L64A: the transfer read the claim as stated while the
  score read the adjudication (two rules of one thing); both now read `projections.claims.deciding`;
- a card a defender exposed in a concession his partner objected to stayed a penalty card, though
  L68B2 says it is not one (the ruling's own words said so too); it is no longer one.

The deal of every hand: 4H by South, neither side vulnerable, West leads.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
Events 1-5 are the head (hand, dealer, deal, contract, vulnerability); the first card is event 6.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from exam_board import (
    T1_E, T1_S, first, head, kinds, one, pcards, plays, revoke, revokes_by, rulings, scored_or_none)

# ---------------------------------------------------------------- what the cases read

_STORES = itertools.count()


def names(r: dict, law: str) -> bool:
    """The revoke's or ruling's laws name LAW or one of its sub-paragraphs."""
    return any(str(x).startswith(law) for x in r["laws"])


def judged(out: dict, claim: int) -> list[dict]:
    """The rulings that leave the claim of event CLAIM to the Director."""
    return [r for r in out["irregularities"] if r.get("judgment") and r["judgment"]["claim"] == claim]


def scored(tmp_path: Path, body: str, ruleset: str, at: int | None = None) -> dict | None:
    """`handrec score exam --json [--at N]` of the transcript, in a store of its own; None when the
    hand cannot be scored (one sentence says why)."""
    folder = tmp_path / f"s{next(_STORES)}"
    folder.mkdir()
    return scored_or_none(folder, head(ruleset) + body, at)


def board(s: dict | None) -> tuple:
    """A settled score: (NS tricks, EW tricks, tricks transferred, NS's score)."""
    assert s is not None and s["complete"] is True, s
    return s["tricks"]["NS"], s["tricks"]["EW"], s["penalty_tricks"], s["score"]["NS"]


# Trick 1 (6-9): West leads the SA, North S8, East plays the C9 holding the S2 (a revoke), South S3.
# West wins and is to lead trick 2.
EAST_REVOKES_AT_TRICK_1 = plays("W SA N S8 E C9 S S3")

# Tricks 1-9 (6-41), as the claims examination plays them: NS 2, EW 7; East to lead trick 10 (42).
# North ST S9 H9 H8; East CJ CT C9 S2; South S7 HQ HJ HT; West SA SK SQ SJ.
NINE_TRICKS = plays(
    "W H2 N H6 E H4 S HA  S HK W H3 N H7 E H5  S D6 W D2 N D8 E DA  E DK S D7 W D3 N D9"
    "  E DQ S S3 W D4 N DT  E DJ S S4 W D5 N S8  E CA S C5 W C2 N C6  E CK S S5 W C3 N C7"
    "  E CQ S S6 W C4 N C8")


# ---------------------------------------------------------------- L63A3: the offending side's claim, then L64A


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_l63a3_l64a1_the_revoker_wins_the_revoke_trick_and_claims_two_tricks_go(ruleset, tmp_path):
    # Trick 2: South leads the S3 (10), West SJ (11), North S8 (12), East ruffs with the H5 holding
    # the S2 (13): a revoke, and East's trump wins the trick. East, on lead, claims 3 of the 11 left
    # (14): "A revoke becomes established: ... 3. when a member of the offending side makes a claim
    # or concession of tricks" (2017 L63A3; 2007 L63A3 "makes or agrees to a claim or concession").
    # Correctable until then (13). "the trick on which the revoke occurred was won by the offending
    # player, at the end of play the trick on which the revoke occurred is transferred to the
    # non-offending side together with one of any subsequent tricks won by the offending side"
    # (2017 L64A1; 2007, in the ACBL's summary, "two tricks"); the claimed tricks count as won
    # (L69A). EW 1 + 3 = 4, NS 1 + 8 = 9; with two tricks NS 11, EW 2: 450.
    body = T1_S + plays("S S3 W SJ N S8 E H5") + "claim E 3\n"
    r = revoke(rulings(body, ruleset, n=13), "E")
    assert r["trick"] == 2 and r["status"] == "correctable"
    out = rulings(body, ruleset)
    r = revoke(out, "E")
    assert r["status"] == "established" and r["status_event"] == 14 and names(r, "63A3")
    assert r["transfer"]["tricks"] == 2 and r["transfer"]["barred_by"] is None
    if ruleset == "duplicate-2017":
        assert r["transfer"]["law"] == "64A1"
    assert out["transfer"] == {"NS": 2, "EW": 0}
    assert board(scored(tmp_path, body, ruleset)) == (11, 2, 2, 450)


@pytest.mark.parametrize("ruleset", ["duplicate-1997"])
def test_l63a3_1997_the_revokers_partner_claims_doubted_adjudicated_one_trick(ruleset, tmp_path):
    # East revokes at trick 1 (8); West, his partner, who won it, claims 3 of the 12 left (10): "when
    # a member of the offending side makes or acquiesces in a claim" (1997 L63A3): established at
    # 10. South doubts (11); the Director gives West's side 2 (12): "In ruling on a contested claim,
    # the Director adjudicates the result of the board" (1997 L70A). The revoke trick was won by
    # West, not the offender: "if the offending side won that or any subsequent trick, ... one trick
    # is transferred"; East won no later trick with a card he could legally have played to trick 1
    # (his only legal card was the S2, and the Director's line gives him the CA): one trick (1997
    # L64A2). EW 1 + 2 = 3, NS 10; with the trick NS 11, EW 2: 450.
    line = "West cashes the SK and East the CA; South ruffs the rest"
    body = EAST_REVOKES_AT_TRICK_1 + f"claim W 3\ndoubt S\nadjudicate 2 by=TD {line}\n"
    out = rulings(body, ruleset)
    r = revoke(out, "E")
    assert r["status"] == "established" and r["status_event"] == 10 and names(r, "63A3")
    assert r["transfer"]["tricks"] == 1 and r["transfer"]["law"] == "64A2"
    c = one(out, "claim-doubted")
    assert c["seat"] == "W" and c["judgment"]["law"].startswith("70")
    assert c["judgment"]["given"]["tricks"] == 2 and c["judgment"]["given"]["event"] == 12
    assert board(scored(tmp_path, body, ruleset)) == (11, 2, 1, 450)


# ---------------------------------------------------------------- the opponents' claim: 2017 L63A4, 2007 and 1997 L63A3


@pytest.mark.parametrize("ruleset,law,not_law", [("duplicate-2017", "63A4", "63A3"),
                                                 ("duplicate-2007", "63A3", "63A4"),
                                                 ("duplicate-1997", "63A3", "63A4")])
def test_the_opponents_claim_agreed_establishes_the_revoke_and_one_trick_goes(ruleset, law, not_law, tmp_path):
    # East revokes at trick 1 (8), which West wins. Declarer claims all 12 tricks left (10), EW raise
    # no objection; the cards are cut (11). 2017 L63A4: "when agreement is established (as per Law
    # 69A) to an opponent's claim or concession; the offending side having raised no objection to it
    # before the end of the round"; 2007 L63A3: "when a member of the offending side makes or agrees
    # to a claim or concession"; 1997 L63A3: "makes or acquiesces in a claim or concession". So the
    # revoke is established, by A4 under 2017 and by A3 under 2007 and 1997 (not made by EW: under
    # 2017 not A3; 2007 and 1997 have no A4), at the claim or at the end of the round (10 or 11).
    # The offending side won the revoke trick (West, not the offender): one trick (2017 L64A2; 1997
    # L64A2, East having won no later trick at all; 2007, the BBO reply: "Law 64A2 applies, and one
    # trick should be transferred"). NS 12 + 1 = 13, EW 1 - 1 = 0: 510.
    body = EAST_REVOKES_AT_TRICK_1 + "claim S 12\ncut\n"
    out = rulings(body, ruleset)
    r = revoke(out, "E")
    assert r["status"] == "established" and r["status_event"] in (10, 11)
    assert names(r, law) and not names(r, not_law)
    assert r["transfer"]["tricks"] == 1 and r["transfer"]["law"] == "64A2"
    assert out["transfer"] == {"NS": 1, "EW": 0}
    assert board(scored(tmp_path, body, ruleset)) == (13, 0, 1, 510)


@pytest.mark.parametrize("ruleset", ["duplicate-2007", "duplicate-1997"])
def test_the_offending_sides_objection_to_the_opponents_claim_establishes_nothing(ruleset):
    # As above, but West, of the offending side, doubts declarer's claim (11). 2007 L63A3 needs that
    # a member of the offending side "makes or agrees to" it ("If North says or does nothing to
    # accept the claim, and South contests it, the revoke is not established, because the condition
    # in Law 63A3 is not met", BBO forum); 1997 L63A3 that he "makes or acquiesces in" it. No member
    # of EW made a claim or played to trick 2: the revoke is not established. The claim goes to the
    # Director: "if it is doubted by any player ... Law 70 applies" (2007 L68D); "In ruling on a
    # contested claim, the Director adjudicates" (1997 L70A).
    out = rulings(EAST_REVOKES_AT_TRICK_1 + "claim S 12\ndoubt W\n", ruleset)
    assert revoke(out, "E")["status"] != "established"
    (c,) = judged(out, 10)
    assert c["seat"] == "S" and "code" not in c
    assert c["judgment"]["law"].startswith("70") and c["judgment"]["given"] is None


# ---------------------------------------------------------------- L64B7: both sides revoked, one corrected, then a claim


@pytest.mark.parametrize("ruleset,moved,ns,score", [("duplicate-2017", 1, 8, -100), ("duplicate-2007", 0, 7, -150)])
def test_l64b7_a_corrected_revoke_by_declarer_then_the_defenders_claim(ruleset, moved, ns, score, tmp_path):
    # Trick 2: South S3, West SJ, North S8, East S2 (10-13): West wins. Trick 3: West C2 (14), North
    # C6, East CA, South ruffs with the HT holding the C5 (17); dummy asks (18), South says he holds
    # one (19), withdraws the HT (20) and plays the C5 (21): "The card may be replaced without
    # further rectification if it was played from declarer's ... hand" (2017 L62B2). East wins.
    # Trick 4: East CK (22), South ruffs with the HT (23), West discards the D2 holding the C43 (24):
    # a revoke; North C7 (25); South wins. West claims 4 of the 9 left (26): "when a member of the
    # offending side makes a claim" (2017 L63A3; 2007 "makes or agrees to"): West's revoke is
    # established at 26. EW 2 + 4 = 6, NS 2 + 5 = 7.
    # 2017 L64B7 bars the transfer only when "both revokes have become established"; South's was
    # corrected: West's revoke, whose trick South won, transfers one trick, EW having won the
    # claimed tricks after it (L64A2): NS 8, 4H two down, -100. 2007 L64B7: no rectification "when
    # both sides have revoked on the same board" ("It does not refer to establ[ishment]"): none,
    # NS 7, 4H three down, -150.
    body = (T1_S + plays("S S3 W SJ N S8 E S2  W C2 N C6 E CA S HT") + "ask N S\nanswer S yes\nwithdraw S HT\n"
            + "play S C5\n" + plays("E CK S HT W D2 N C7") + "claim W 4\n")
    out = rulings(body, ruleset)
    assert revoke(out, "S")["status"] == "corrected"
    r = revoke(out, "W")
    assert r["trick"] == 4 and r["status"] == "established" and r["status_event"] == 26 and names(r, "63A3")
    assert r["transfer"]["tricks"] == moved
    if ruleset == "duplicate-2007":
        assert r["transfer"]["barred_by"] == "64B7"
    else:
        assert r["transfer"]["law"] == "64A2" and "64B7" not in r["transfer"]["exceptions"]
    assert out["transfer"] == {"NS": moved, "EW": 0}
    assert board(scored(tmp_path, body, ruleset)) == (ns, 13 - ns, moved, score)


# ---------------------------------------------------------------- L69B and L71: the Director's review moves the transfer


def test_l69b_agreement_withdrawn_after_an_established_revoke_the_transfer_follows(tmp_path):
    # Trick 2: East discards the S2 on the HK holding the H5 (13); trick 3: South HQ (14), West D2
    # (15): "when the offender or his partner leads or plays to the following trick" (2017 L63A1),
    # established at 15; North H8, East H5; South wins. South claims all 10 left (18) and EW agree
    # (L69A): NS 13. EW won no trick from the revoke on: "There is no automatic trick adjustment ...
    # if: 1. The offending side did not win either the revoke trick or any subsequent trick" (L64B1).
    # The Director then decides (19) that South's side gets 8 of the 10: EW's agreement to lose two
    # tricks they would likely have won is withdrawn (2017 L69B2: "The board is rescored with such
    # trick awarded to his side"). Now the offending side has won later tricks: one trick (L64A2).
    # NS 3 + 8 + 1 = 12, EW 2 - 1 = 1: 480.
    line = "West's ace of spades and East's ace of diamonds cannot be lost"
    body = T1_S + plays("S HK W H3 N H7 E S2  S HQ W D2 N H8 E H5") + f"claim S 10\nadjudicate 8 by=TD {line}\n"
    out = rulings(body, n=18)
    r = revoke(out, "E")
    assert r["status"] == "established" and r["status_event"] == 15 and names(r, "63A1")
    assert r["transfer"]["tricks"] == 0 and r["transfer"]["barred_by"] == "64B1"
    assert board(scored(tmp_path, body, "duplicate-2017", 18)) == (13, 0, 0, 510)
    out = rulings(body)
    c = one(out, "claim-agreement-withdrawn")
    assert c["judgment"]["law"].startswith("69") and c["judgment"]["claim"] == 18
    assert c["judgment"]["given"]["tricks"] == 8 and c["judgment"]["given"]["event"] == 19
    r = revoke(out, "E")
    assert r["transfer"]["tricks"] == 1 and r["transfer"]["law"] == "64A2" and r["transfer"]["barred_by"] is None
    assert board(scored(tmp_path, body, "duplicate-2017")) == (12, 1, 1, 480)


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_l71_the_revokers_concession_cancelled_the_transfer_follows(ruleset, tmp_path):
    # Trick 2: East discards the S2 on the HK holding the H5 (13); South wins. East concedes all 11
    # tricks left (14: `claim E 0`); West says nothing. "when a member of the offending side makes a
    # claim or concession" (2017 L63A3; 2007 L63A3 "makes or agrees to a claim or concession"):
    # established at 14. "A concession must stand, once made" (L71): NS 13, and EW won no trick from
    # the revoke on (2017 L64B1): nothing transferred, 510. The Director then cancels the concession
    # of the tricks East's side could not lose, giving it 5 of the 11 (15): "the Director shall
    # cancel a concession: ... if a player has conceded a trick that could not be lost by any normal
    # play of the remaining cards. The board is rescored with such trick awarded to his side" (2017
    # L71B; 2007 L71 paragraph 2). EW have now won later tricks: one trick (2017 L64A2; 2007, "Law
    # 64A2 applies, and one trick should be transferred"). NS 2 + 6 + 1 = 9, EW 5 - 1 = 4: 4H one
    # down, -50. The ruling is the Director's (L71) and names East, who conceded.
    line = "East's diamond and club aces and kings and West's ace of spades cannot be lost"
    body = T1_S + plays("S HK W H3 N H7 E S2") + f"claim E 0\nadjudicate 5 by=TD {line}\n"
    out = rulings(body, ruleset, n=14)
    r = revoke(out, "E")
    assert r["status"] == "established" and r["status_event"] == 14 and names(r, "63A3")
    assert r["transfer"]["tricks"] == 0
    if ruleset == "duplicate-2017":
        assert r["transfer"]["barred_by"] == "64B1"
    assert board(scored(tmp_path, body, ruleset, 14)) == (13, 0, 0, 510)
    out = rulings(body, ruleset)
    c = one(out, "concession-cancelled")
    assert c["seat"] == "E" and c["judgment"]["law"].startswith("71") and c["judgment"]["claim"] == 14
    assert c["judgment"]["given"]["tricks"] == 5 and c["judgment"]["given"]["event"] == 15
    r = revoke(out, "E")
    assert r["transfer"]["tricks"] == 1 and r["transfer"]["law"] == "64A2"
    assert out["transfer"] == {"NS": 1, "EW": 0}
    assert board(scored(tmp_path, body, ruleset)) == (9, 4, 1, -50)


# ---------------------------------------------------------------- L68B2: a card faced in a concession that never occurred


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_l68b2_a_card_faced_in_an_objected_concession_is_no_penalty_card(ruleset, tmp_path):
    # East, on lead at trick 10 with the CJ CT C9 S2, concedes the 4 tricks left (42: `claim E 0`)
    # and faces the CJ (43: "The player making the claim or concession faces his hand", 2017 L68C);
    # West objects at once (44). "if a defender attempts to concede one or more tricks and his
    # partner immediately objects; neither a concession nor a claim has occurred [2007: no
    # concession has occurred] ... Play continues. Any card that has been exposed by a defender in
    # these circumstances is not a penalty card" (2017 and 2007 L68B2). So the CJ, an honour, is no
    # penalty card (L50B would make it a major one); the ruling cites L68B2 and names a defender;
    # nothing is the Director's to adjudicate. Play continues (45-60): East leads the CT, not the
    # CJ, and no penalty card is "not played"; South ruffs and takes three tricks, West the last.
    # NS 2 + 3 = 5, EW 7 + 1 = 8: 4H five down, -250, scored as played.
    body = (NINE_TRICKS + "claim E 0\nexpose E CJ\ndoubt W\n"
            + plays("E CT S HT W SJ N S9  S HQ W SQ N H8 E C9  S HJ W SK N H9 E CJ  S S7 W SA N ST E S2"))
    out = rulings(body, ruleset, n=44)
    r = one(out, "concession-objected")
    assert r["seat"] in ("E", "W") and names(r, "68B2")
    assert [x for x in out["exposed"] if x["card"] == "CJ"] == []
    assert judged(out, 42) == []
    out = rulings(body, ruleset)
    assert kinds(out, "penalty-card-not-played") == [] and kinds(out, "penalty-card-lead") == []
    assert out["exposed"] == [] and out["revokes"] == []
    assert board(scored(tmp_path, body, ruleset)) == (5, 8, 0, -250)


# ---------------------------------------------------------------- a penalty card not led, then the partner's claim


def test_l52b1_l61a_l64b3_penalty_card_not_led_established_by_the_partners_claim_no_transfer(tmp_path):
    # East wins trick 1 with the CA and is to lead; he drops the DA face up (10): "Any card of honour
    # rank ... becomes a major penalty card" (L50B), which "must be played at the first legal
    # opportunity, whether in leading ..." (L50D1). He leads the CK instead (11): a penalty card not
    # played (L52), and a "failure to lead ..., when able, a card ... required by law" (2017 L61A).
    # South ruffs with the HT (12): "Declarer must accept such lead or play if he has thereafter
    # played from his own hand or dummy" and "any unplayed penalty card remains a penalty card"
    # (L52B1(b), (c)). West C3, North C7; South wins. West claims 2 of the 11 left (15): a member of
    # the offending side's claim (2017 L63A3). If the rulings list East's failure as a revoke, it is
    # one "made in failing to play a penalty card": no trick is transferred (L64B3). EW 1 + 2 = 3,
    # NS 1 + 9 = 10: 420.
    body = T1_E + "expose E DA\n" + plays("E CK S HT W C3 N C7") + "claim W 2\n"
    assert pcards(rulings(body, n=10)) == [("E", "DA", "major")]
    out = rulings(body, n=14)
    r = one(out, "penalty-card-not-played")
    assert (r["seat"], r["event"]) == ("E", 11)
    assert r["penalty"]["elected"] == "accept"
    assert pcards(out) == [("E", "DA", "major")]
    out = rulings(body)
    for x in revokes_by(out, "E"):
        assert x["transfer"]["tricks"] == 0 and "64B3" in x["transfer"]["exceptions"], x
    assert out["transfer"] == {"NS": 0, "EW": 0}
    assert board(scored(tmp_path, body, "duplicate-2017")) == (10, 3, 0, 420)


# ---------------------------------------------------------------- a lead out of turn accepted, then the claim


def test_l63a1_l53a_lead_out_of_turn_establishes_accepted_then_a_claim_concedes_one(tmp_path):
    # Trick 2: East discards the S2 on the HK holding the H5 (13); South won and is to lead. West
    # leads the SA (14): "when the offender or his partner leads or plays to the following trick
    # (any such play, legal or illegal, establishes the revoke)" (2017 L63A1): established at 14.
    # Declarer accepts it (15): "It becomes a correct lead if declarer ... accepts it by making a
    # statement to that effect" (L53A); North S8, East DJ, South S3: West wins trick 3. South claims
    # 9 of the 10 left (19), conceding one; EW agree. The revoke trick was South's; EW won trick 3
    # and the conceded trick: one trick (L64A2). NS 2 + 9 + 1 = 12, EW 1 + 1 - 1 = 1: 480.
    body = T1_S + plays("S HK W H3 N H7 E S2") + "play W SA\nelect S accept\n" + plays("N S8 E DJ S S3") \
        + "claim S 9\n"
    out = rulings(body)
    r = one(out, "lead-out-of-turn")
    assert (r["seat"], r["event"]) == ("W", 14) and first(r, "56", "53")
    assert r["penalty"]["elector"] == "S" and r["penalty"]["elected"] == "accept"
    r = revoke(out, "E")
    assert r["status"] == "established" and r["status_event"] == 14 and names(r, "63A1")
    assert r["transfer"]["tricks"] == 1 and r["transfer"]["law"] == "64A2"
    assert board(scored(tmp_path, body, "duplicate-2017")) == (12, 1, 1, 480)


# ---------------------------------------------------------------- 1997 L68D: a revoke in the play after a claim is voided


def test_l68d_1997_a_failure_to_follow_in_the_voided_play_after_a_claim_is_no_revoke(tmp_path):
    # South claims the 4 tricks left (42); the table plays on: East leads the S2, South ruffs with
    # the HT holding the S7, West SA, North S9 (43-46). West then doubts the claim (47) and the
    # Director gives South's side 3 of the 4 (48). 1997 L68D: "all play subsequent to a claim is
    # voided and the Director adjudicates the claim"; L70A: "the Director adjudicates the result of
    # the board". The voided play holds no revoke (South's HT is no card played, so no failure to
    # follow), nothing is transferred, and the board is the Director's: NS 2 + 3 = 5, EW 8: 4H five
    # down, -250.
    ruleset = "duplicate-1997"
    line = "East leads the S2 and West wins the SA; South takes the rest"
    body = NINE_TRICKS + "claim S 4\n" + plays("E S2 S HT W SA N S9") + f"doubt W\nadjudicate 3 by=TD {line}\n"
    out = rulings(body, ruleset)
    assert revokes_by(out, "S") == []
    assert out["transfer"] == {"NS": 0, "EW": 0}
    assert any(r["judgment"]["given"] and r["judgment"]["given"]["tricks"] == 3 for r in judged(out, 42))
    assert all("code" not in r for r in out["irregularities"]), out["irregularities"]
    assert board(scored(tmp_path, body, ruleset)) == (5, 8, 0, -250)
