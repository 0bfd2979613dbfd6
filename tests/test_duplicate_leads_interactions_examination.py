"""An examination of LEADS OUT OF TURN (L53-L56) AND THEIR OPTIONS MEETING OTHER IRREGULARITIES:
revokes (L61-L64), penalty cards (L50-L52) and the tricks that follow, under the Laws of
Duplicate Bridge 2007 and 1997 above all, and 2017 where the codes differ or where the earlier
text was not found.

Every case below was written from the law text BEFORE the rulings were run, and states the ruling
the words give. The words were found with the `search` tool (corpus "pages") or are quoted, with
their source, by the earlier examinations (tests/test_duplicate_leads_examination.py, "the leads
examination"; tests/test_duplicate_interactions_examination.py, "the interactions examination";
tests/test_duplicate_penalty_cards_examination.py, "the penalty-card examination";
tests/test_duplicate_premature_play_examination.py). None of those cases is repeated here.

The texts, code by code (quoted again in each case's comment):

2017
- L53 (thesmolens.com/LawsDupBridge/law53.html; south-waikato.bridge-club.org/node/580): A "Prior
  to the thirteenth trick, any lead faced out of turn may be treated as a correct lead (but see Law
  47E1). It becomes a correct lead if declarer or either defender, as the case may be, accepts it
  by making a statement to that effect, or if a play is made from the hand next in rotation to the
  irregular lead (but see B). If there is no such acceptance or play, the Director will require
  that the lead be made from the correct hand".
- L54 (the leads examination, from the BBO forum and the EBU TDs' forum; L54A also quoted on
  forums.ebu.co.uk/discussion/1252): A "After a faced opening lead out of turn, declarer may spread
  his hand; he becomes dummy. If declarer begins to spread his hand, and in doing so exposes one or
  more cards, he must spread his entire hand. Dummy becomes declarer." B "When a defender faces the
  opening lead out of turn declarer may accept the irregular lead as provided in Law 53, and dummy
  is spread in accordance with Law 41. 1. The second card to the trick is played from declarer's
  hand." D "Declarer may require a defender to retract his faced opening lead out of turn. The
  withdrawn card becomes a major penalty card and Law 50D applies."
- L55A (directors.welshbridgeunion.org/rule-of-the-month/april-2020): "If declarer has led out of
  turn from his or dummy's hand then either defender may accept the lead as provided in Law 53 or
  require its retraction ... If the defenders choose differently then the option expressed by the
  player next in turn to the irregular lead shall prevail." L55B as 2007 (the leads examination).
- L56: no text; L54D is the paragraph "to which L56 sends" (the leads examination; BBO forum 2013:
  "Law 56, Defender's Lead Out of Turn merely refers to Law 54D").
- L50D, L51B2(c), L52 (pzbs.pl/sedziowie/mpb/2017/en/l52.html), L61A, L62, L63
  (pzbs.pl/sedziowie/mpb/2017/en/l63.html), L64A2 (forums.ebu.co.uk/discussion/1558), L64B
  (thesmolens.com/LawsDupBridge/law64.html): as the interactions examination quotes them. In short:
  L50D1 "A major penalty card must be played at the first legal opportunity, whether in leading,
  following suit, discarding or trumping"; L50D2(a) declarer may "require the defender to lead the
  suit of the penalty card, or to prohibit him from leading that suit ...; if declarer exercises
  this option, the card is no longer a penalty card, and is picked up"; L51B2(c) "declarer may
  elect not to require or prohibit a lead, in which case ... the penalty cards remain on the table
  as penalty cards"; L52B1 "(a) If a defender has led or played another card when required by law
  to play a penalty card, declarer may accept such lead or play. (b) Declarer must accept such lead
  or play if he has thereafter played from his own hand or dummy. (c) If the played card is
  accepted under either (a) or (b) any unplayed penalty card remains a penalty card."; L61A
  "Failure to follow suit in accordance with Law 44 or failure to lead or play, when able, a card
  or suit required by law or specified by an opponent when exercising an option in rectification
  of an irregularity, constitutes a revoke."; L63A1 "when the offender or his partner leads or
  plays to the following trick (any such play, legal or illegal, establishes the revoke)"; L63A2
  "when the offender or his partner names or otherwise designates a card to be played to the
  following trick"; L63B "Once a revoke is established, it may no longer be corrected ... and the
  trick on which the revoke occurred stands as played."; L64A2 "[... not] won by the offending
  player then, if the offending side won that or any subsequent trick, after play ends one trick is
  transferred to the non-offending side."; L64B3 "the revoke was made in failing to play a penalty
  card or any card belonging to dummy".
- L64A1 (2017): only summaries were found: "Did the offender win the revoke trick? ... [Law 64A.1 -
  a trick won in dummy is not won by declarer for the purposes of this law]. If the answer to this
  question is yes, then there is a two trick penalty, provided that there is a subsequent trick won
  by the offending side [L64A1]" (bridgewebs.com/sarum, a club's summary). The one 2017 case that
  rests on it (C3) says so.

2007
- L55, the whole law (pzbs.pl/sedziowie/mpb/2007/ang/law55.htm): A "If declarer has led out of
  turn from his or dummy's hand, either defender may accept the lead as provided in Law 53, or
  require its retraction (after misinformation, see Law 47E1). If the defenders choose differently
  the option expressed by the player next in turn shall prevail." B2 "If declarer has led from the
  wrong hand when it was his turn to lead from his hand or dummy's, and if either defender requires
  him to retract the lead, he withdraws the card led in error. He must lead from the correct hand."
  C "When declarer adopts a line of play that could have been based on information obtained
  through the infraction, the Director may award an adjusted score."
- L54A, quoted on blml in June 2012 (lists.rtflb.org/pipermail/blml/2012-June/013074.html), when
  the 2007 code was in force: "After a faced opening lead out of turn, declarer may spread his
  hand; he becomes dummy. If declarer begins to spread his hand, and in doing so exposes one or
  more cards, he must spread his entire hand. Dummy becomes declarer".
- L50B, L50D1, L50D2(a) (the penalty-card examination: "1997; 2007 the same"): as above.
- L61A, L64A1 under 2007: the EBL's 9th Main TD Course, 2013 (Ton Kooijman, "All you should know
  about revokes", docslib.org/doc/3045228): "Definition (L61A) - not following suit if able to
  follow - not complying with an instruction to play a card if able to comply", and its example:
  "East leads out of turn with [H]9. South imposes a [H] lead on West. West leads [D]K ... and wins
  the trick ... West's revoke is worth a 2-trick penalty (we are in the rare situation where a
  revoke wins the trick ...)".
- L63A and L64A under 2007 were found only as a club's reproduction and a director's summary, not
  as the WBF text: "1 A revoke is established when the offender or his partner leads or plays to
  the following trick. 2 When the offender or his partner names or otherwise designates a card to
  be played to the following trick. 3 When a member of the offending side makes or agrees to a
  claim or concession" (hawkesbury.bridge-club.org/node/25: "makes or agrees" is the 2007 wording,
  docs/laws.md); "If the offending player (not the offending side) doesn't take the trick on which
  the revoke occurred, but his side takes at least one trick from the point of the revoke on, the
  offending side transfers one trick to the non-offending side" (d17acbl.org, June 2013). The 1997
  and 2017 texts of L63A1 are word for word the same, so the 2007 cases assert establishment and
  the one-trick transfer on these words, and say so.

1997
- L53A (two fragments, bridge.dk/laws/laws97e/laws97nf/node9.html): "... to the irregular lead,
  but see Law 47E1. (If no acceptance statement or play is made, the Director will require that the
  lead be made from the correct hand.)" The leads examination reads it, as the 1997 Russian text
  does (bridgeclub.ru/law/011.html: "or if the next player in rotation plays after the irregular
  lead"), as acceptance by a play of the hand next in rotation. L53B: "... to the irregular lead,
  the lead stands and Law 57 applies. But see C below." (the defender at the RIGHT of the hand that
  led out of turn; no case here has that defender play).
- L50 (jfr.pzbs.pl/laws/node9/law50.htm, a 1997 site): B "Any card of honour rank, or any card
  exposed through deliberate play (as in leading out of turn, or in revoking and then correcting),
  becomes a major penalty card"; D1 "A major penalty card must be played at the first legal
  opportunity ..."; D2(a) (bridge.dk): "the defender to lead the suit of the penalty card, or to
  prohibit him from leading that suit for as long as he retains the lead ...; if declarer
  exercises this option, the card is no longer a penalty card, and is picked up."
- L63 (jfr.pzbs.pl/laws/node9/law63.htm, "Last modified ... 1997"): A1 "when the offender or his
  partner leads or plays to the following trick (any such play, legal or illegal, establishes the
  revoke)"; C "Once a revoke is established, it may no longer be corrected (except as provided in
  Law 62D for a revoke on the twelfth trick), and the trick on which the revoke occurred stands as
  played".
- L64A2, as the EBU White Book 2004 quotes it (yumpu.com/en/document/view/38590954, p. 50,
  "64.2 Law 64A2 ... This reads:"): "and the trick on which the revoke occurred was not won by the
  offending player, then, if the offending side won that or any subsequent trick, (penalty) after
  play ceases, one trick is transferred to the non-offending side; also, if an additional trick was
  subsequently won by the offending player with a card that he could legally have played to the
  revoke trick, one such trick is transferred to the non-offending side."

The score (L77, the same in the three codes): the duplicate examination's scores of this board,
4H by South (or North), not vulnerable: 9 tricks -50, 10 tricks 420, 11 450, 12 480, 13 510.

What the rulings say (docs/laws.md, docs/json.md, docs/transcripts.md): the irregularity
`lead-out-of-turn` (penalty: elector "S" for a defender's lead, "EW" for declarer's; options
"accept", "retract", and for a faced opening lead "spread"; `elect SEAT accept|retract|spread`);
`penalty-card-lead` (L50D2; options "lead", "forbid", "none"), `penalty-card-lead-disobeyed`,
`penalty-card-not-played` (L52; options "accept", "substitute"); `exposed` entries with "law" and
"penalty_card"; each revoke's `kind` ("revoke", "dummy", "deemed"), `status`, `status_event`,
`laws`, `transfer` {"tricks", "to", "law", "barred_by", "exceptions"}; the rulings' `transfer`
{"NS", "EW"}; the score's `declarer`, `tricks`, `penalty_tricks`, `score`.

Readings where the text leaves room (stated before the run):
- A claim agreed is scored "as though the tricks claimed or conceded had been won or lost in play"
  (L69A): every case below ends in one; where a transfer depends on a trick won after the revoke,
  the offending side has won one in play.
- L54A: after declarer spreads his hand "Dummy becomes declarer": North is declarer from then on,
  South dummy; a revoke by North is declarer's (kind "revoke"), one by South dummy's (kind "dummy",
  L64B3 "any card belonging to dummy"); the score's declarer is North. A trick won by South then is
  "won in dummy", not by declarer.
- L61A calls a major penalty card not played at its first legal opportunity "a revoke" ("failure
  to ... play, when able, a card ... required by law"); it is "made in failing to play a penalty
  card" (L64B3): no trick moves. Since the words make it a revoke, the case asserts one is listed.
- A lead out of turn by a revoker's side establishes the revoke at that lead, whatever becomes of
  the lead (L63A1 "legal or illegal"), and taking the lead back does not undo it (L63B / 1997 L63C).
  A lead from dummy by declarer is his designation of dummy's card (L63A2); docs/laws.md records
  it as dummy's `play`, read as A1: either paragraph is accepted.
- Under 1997, a trick the offender later wins "with a card that he could legally have played to
  the revoke trick" (a card of the suit led there) moves a second trick under L64A2.

Not examined (the text was not found, or does not decide):
- The 2007 and 1997 L54 beyond 2007's L54A (B "declarer accepts", C, D), L56 of any code, the 2007
  L53A in English (only the Polish 2007 text, pzbs.pl .../2007/pol/przep53.htm, was found), the
  1997 L55 and L61: so no 2007 case has a DEFENDER's lead accepted or refused except through the
  penalty card it leaves (whose L50B words 2007 shares), no 1997 case has declarer's own lead taken
  back, and no 1997 case has a deemed revoke (L61A's "specified by an opponent" of 1997 not found).
- L64A1 of 2017 and 1997 in their own words (C3 rests on summaries; 1997 has no L64A1 case).
- L55C and L64C (the Director's adjusted score) and L16 (the information from a lead out of turn):
  the Director's judgment, no number asserted.
- L47E1 (a lead out of turn after an opponent's misinformation): examined elsewhere
  (dup17-l47e1 example).

The deal of every hand: 4H by South, neither side vulnerable, West leads.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
Events 1-5 are the head (hand, dealer, deal, contract, vulnerability); the first card is event 6.
"""

from __future__ import annotations

import pytest
from exam_board import (
    T1_S, T1_W, choice, cites, exposed_laws, first, kinds, leads, moved, one, pcards, plays, revoke, revokes_by,
    rulings, score, where)

ALL = ["duplicate-2017", "duplicate-2007", "duplicate-1997"]


# ---------------------------------------------------------------- what the cases read


def lead(out: dict, seat: str) -> dict:
    (r,) = [r for r in kinds(out, "lead-out-of-turn") if r["seat"] == seat]
    assert "code" not in r, r  # ruled by the duplicate code
    return r


def established(r: dict, event: int) -> bool:
    return r["status"] == "established" and r["status_event"] == event and r["laws"][0].startswith("63A")


def board(tmp_path, body: str, ruleset: str) -> tuple:
    s = score(tmp_path, body, ruleset)
    return s["tricks"], s["penalty_tricks"], s["score"]


# ---------------------------------------------------------------- C1: a defender's lead accepted by a play, then his partner revokes


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-1997"])
def test_c1_defenders_lead_accepted_by_declarers_play_partner_revokes_leader_establishes(tmp_path, ruleset):
    # South won trick 1 and is to lead; East leads the DA (10). South plays the D6 to it (11): "It
    # becomes a correct lead if ... a play is made from the hand next in rotation to the irregular
    # lead" (2017 L53A; 1997: "... to the irregular lead, but see Law 47E1. (If no acceptance
    # statement or play is made, ...)"). West, the leader's partner, discards the C2 holding four
    # diamonds (12): a revoke (2017 L61A "Failure to follow suit"). East wins trick 2 and leads
    # the DK (14): "when the offender or his partner leads or plays to the following trick" (L63A1,
    # 1997 and 2017 alike), established. East, not West, won the revoke trick; East-West won it and
    # trick 3: one trick (L64A2; 1997: West won no later trick at all, so no "additional trick").
    # South claims the 10 left (18): as played NS 11, EW 2; with the trick NS 12: 480.
    body = T1_S + plays("E DA S D6 W C2 N D8  E DK S D7 W D3 N D9") + "claim S 10\n"
    r = one(rulings(body, ruleset, 10), "lead-out-of-turn")
    assert where(r) == ("E", 10, 2) and r["penalty"]["elected"] is None
    out = rulings(body, ruleset)
    r = one(out, "lead-out-of-turn")
    assert r["penalty"]["elected"] == "accept"  # no elect line: South's play accepted it
    if ruleset == "duplicate-2017":
        assert first(r, "56") and cites(r, "53A") and r["penalty"]["elector"] == "S"
    assert out["exposed"] == []  # an accepted lead leaves no penalty card
    w = revoke(out, "W")
    assert w["trick"] == 2 and w["kind"] == "revoke" and established(w, 14)
    assert moved(w) == (1, "64A2") and w["transfer"]["to"] == "NS"
    assert out["transfer"] == {"NS": 1, "EW": 0}
    assert board(tmp_path, body, ruleset) == ({"NS": 12, "EW": 1}, 1, {"NS": 480, "EW": -480})


# ---------------------------------------------------------------- C2: declarer's lead from the wrong hand accepted by a statement, then declarer revokes


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_c2_dummys_lead_accepted_by_the_defender_not_next_then_declarer_revokes(tmp_path, ruleset):
    # South won trick 1 and is to lead from his hand; declarer leads the C6 from dummy (10). West,
    # who is not next in turn, accepts it (11): "either defender may accept the lead as provided in
    # Law 53" (L55A, 2007 and 2017), "by making a statement to that effect" (2017 L53A). East plays
    # the C9 (12); South, holding the C5, discards the S4 (13): declarer's revoke. East wins trick
    # 2; at trick 3 East leads the CA and South plays the C5 (16): "the offender ... plays to the
    # following trick", established (L63A1; 2007: "A revoke is established when the offender or his
    # partner leads or plays to the following trick"). East won the revoke trick; North-South won
    # trick 4 (South ruffs the CK): one trick to East-West (L64A2; 2007: "his side takes at least
    # one trick from the point of the revoke on"). South claims the 9 left (23): as played NS 11,
    # EW 2; with the trick NS 10: 420.
    body = (T1_S + "play N C6\nelect W accept\n" + plays("E C9 S S4 W C2  E CA S C5 W C3 N C7  E CK S HT W C4 N C8")
            + "claim S 9\n")
    r = one(rulings(body, ruleset, 10), "lead-out-of-turn")
    assert where(r) == ("N", 10, 2) and first(r, "55A")
    assert choice(r) == ("EW", {"accept", "retract"}, None)
    out = rulings(body, ruleset, 11)
    assert choice(one(out, "lead-out-of-turn")) == ("EW", {"accept", "retract"}, "accept")
    out = rulings(body, ruleset)
    assert leads(out) == [("N", 10)] and out["exposed"] == []
    s = revoke(out, "S")
    assert s["trick"] == 2 and s["kind"] == "revoke" and established(s, 16)
    assert moved(s) == (1, "64A2") and s["transfer"]["to"] == "EW"
    assert out["transfer"] == {"NS": 0, "EW": 1}
    assert board(tmp_path, body, ruleset) == ({"NS": 10, "EW": 3}, 1, {"NS": 420, "EW": -420})


# ---------------------------------------------------------------- C3: the lead refused, the suit required, the partner leads another and wins


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_c3_lead_refused_suit_required_partner_disobeys_and_wins_the_trick_two_tricks(tmp_path, ruleset):
    # West won trick 1 and is to lead; East leads the DA (10). Declarer refuses it (11) and East
    # takes it back (12): "any card exposed through deliberate play (as in leading out of turn ...)
    # becomes a major penalty card" (L50B, 1997/2007; 2017 L54D "The withdrawn card becomes a major
    # penalty card and Law 50D applies"). West is to lead: declarer requires diamonds (13), "if
    # declarer exercises this option, the card is no longer a penalty card, and is picked up"
    # (L50D2(a)). West, holding four diamonds, leads the SK (14) and wins the trick: "failure to
    # lead ..., when able, a ... suit ... specified by an opponent when exercising an option in
    # rectification of an irregularity, constitutes a revoke" (2017 L61A; 2007, Kooijman's EBL
    # lecture: "not complying with an instruction to play a card if able to comply"). West leads
    # the SQ to trick 3 (18): established (L63A1) and wins it. The offender won the revoke trick:
    # two tricks (2007, Kooijman's example of this very irregularity: "West's revoke is worth a
    # 2-trick penalty"; 2017, a club's summary of L64A1: "two trick penalty, provided that there is
    # a subsequent trick won by the offending side"). South claims the 10 left (22): as played
    # NS 10, EW 3; with two tricks NS 12: 480.
    body = (T1_W + "play E DA\nelect S retract\nwithdraw E DA\nelect S lead D\n"
            + plays("W SK N S9 E C9 S S4  W SQ N ST E CT S S5") + "claim S 10\n")
    out = rulings(body, ruleset, 12)
    r = one(out, "lead-out-of-turn")
    assert where(r) == ("E", 10, 2) and r["penalty"]["elector"] == "S" and r["penalty"]["elected"] == "retract"
    assert pcards(out) == [("E", "DA", "major")]
    r = one(out, "penalty-card-lead")
    assert (r["seat"], r["trick"]) == ("W", 2) and cites(r, "50D2")
    assert choice(r) == ("S", {"lead", "forbid", "none"}, None)
    out = rulings(body, ruleset, 13)
    assert one(out, "penalty-card-lead")["penalty"]["elected"] == "lead" and out["exposed"] == []
    out = rulings(body, ruleset)
    r = one(out, "penalty-card-lead-disobeyed")
    assert where(r) == ("W", 14, 2)
    w = revoke(out, "W")
    assert w["trick"] == 2 and w["kind"] == "deemed" and established(w, 18)
    assert w["transfer"]["tricks"] == 2 and w["transfer"]["law"] == "64A1" and w["transfer"]["to"] == "NS"
    assert out["transfer"] == {"NS": 2, "EW": 0}
    assert board(tmp_path, body, ruleset) == ({"NS": 12, "EW": 1}, 2, {"NS": 480, "EW": -480})


# ---------------------------------------------------------------- C4: an opening lead refused, its card not played when required (L52)


def test_c4_opening_lead_refused_penalty_card_not_played_when_following_declarer_plays_on(tmp_path):
    # East faces the CA as the opening lead (6); West was to lead. Declarer refuses it (7) and East
    # takes it back (8): "The withdrawn card becomes a major penalty card and Law 50D applies"
    # (2017 L54D). West is to lead with it on the table: declarer "may elect not to require or
    # prohibit a lead, in which case ... the penalty cards remain on the table as penalty cards"
    # (L51B2(c)); so he does (9). West leads the C2 (10); East, who must play the CA "at the first
    # legal opportunity, whether in leading, following suit, ..." (L50D1), follows with the CK
    # (12). "If a defender has led or played another card when required by law to play a penalty
    # card, declarer may accept such lead or play. (b) Declarer must accept such lead or play if he
    # has thereafter played from his own hand or dummy. (c) If the played card is accepted under
    # either (a) or (b) any unplayed penalty card remains a penalty card." (L52B1): South plays the
    # C5 (13). East wins trick 1 and leads the CA (14), its next legal opportunity. The CK is a
    # "failure to ... play, when able, a card ... required by law", "a revoke" (L61A), established
    # when East leads to trick 2 (L63A1); "made in failing to play a penalty card" (L64B3): no trick
    # moves. South ruffs, wins trick 2 and claims the 11 left (18): NS 12, EW 1: 480.
    body = ("play E CA\nelect S retract\nwithdraw E CA\nelect S none\n"
            + plays("W C2 N C6 E CK S C5  E CA S HT W C3 N C7") + "claim S 11\n")
    ruleset = "duplicate-2017"
    out = rulings(body, ruleset, 8)
    r = one(out, "lead-out-of-turn")
    assert where(r) == ("E", 6, 1) and first(r, "54") and r["penalty"]["elected"] == "retract"
    assert "spread" in r["penalty"]["options"]
    assert exposed_laws(out) == [("E", "CA", "54D")] and pcards(out) == [("E", "CA", "major")]
    r = one(out, "penalty-card-lead")
    assert (r["seat"], r["trick"]) == ("W", 1) and cites(r, "50D2")
    assert choice(r) == ("S", {"lead", "forbid", "none"}, None)
    out = rulings(body, ruleset, 12)
    r = one(out, "penalty-card-not-played")
    assert where(r) == ("E", 12, 1) and cites(r, "52")
    assert choice(r) == ("S", {"accept", "substitute"}, None)
    out = rulings(body, ruleset, 13)
    assert one(out, "penalty-card-not-played")["penalty"]["elected"] == "accept"
    assert pcards(out) == [("E", "CA", "major")]
    out = rulings(body, ruleset)
    assert out["exposed"] == [] and leads(out) == [("E", 6)]
    (e,) = revokes_by(out, "E")
    assert e["trick"] == 1 and established(e, 14)
    assert e["transfer"]["tricks"] == 0 and e["transfer"]["barred_by"] == "64B3"
    assert out["transfer"] == {"NS": 0, "EW": 0}
    assert board(tmp_path, body, ruleset) == ({"NS": 12, "EW": 1}, 0, {"NS": 480, "EW": -480})


# ---------------------------------------------------------------- C5: declarer spreads (L54A), then the new declarer revokes


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_c5_declarer_spreads_then_the_new_declarer_revokes_and_dummy_wins_the_trick(tmp_path, ruleset):
    # East faces the CA as the opening lead (6). "After a faced opening lead out of turn, declarer
    # may spread his hand; he becomes dummy. ... Dummy becomes declarer." (L54A, 2007 and 2017):
    # South spreads (7). South (dummy now) C5, West C2, North C6: East wins trick 1. East leads the
    # CK (11), dummy ruffs with the HT (12), West C3, and North, the declarer now, holding the C87,
    # plays the H6 (14): a revoke by declarer. Dummy's HT wins trick 2: the offender did not win it
    # ("a trick won in dummy is not won by declarer"). Dummy leads the HA (15): "when the offender
    # or his partner leads ... to the following trick" (L63A1), established. North-South won the
    # revoke trick: one trick to East-West (L64A2). North claims the 10 left (19): as played NS 12,
    # EW 1; with the trick NS 11: 4H by North, 450.
    body = "play E CA\nelect S spread\n" + plays("S C5 W C2 N C6  E CK S HT W C3 N H6  S HA W H2 N H7 E H4") \
        + "claim N 10\n"
    out = rulings(body, ruleset, 7)
    r = one(out, "lead-out-of-turn")
    assert where(r) == ("E", 6, 1) and r["penalty"]["elected"] == "spread" and cites(r, "54A")
    out = rulings(body, ruleset)
    assert leads(out) == [("E", 6)] and out["exposed"] == []  # declarer's and dummy's cards: no penalty cards
    assert revokes_by(out, "S") == []
    n = revoke(out, "N")
    assert n["trick"] == 2 and n["kind"] == "revoke" and established(n, 15)
    assert moved(n) == (1, "64A2") and n["transfer"]["to"] == "EW"
    assert out["transfer"] == {"NS": 0, "EW": 1}
    s = score(tmp_path, body, ruleset)
    assert s["declarer"] == "N"
    assert (s["tricks"], s["penalty_tricks"], s["score"]) == ({"NS": 11, "EW": 2}, 1, {"NS": 450, "EW": -450})


# ---------------------------------------------------------------- C6: declarer spreads, then the new dummy revokes


def test_c6_declarer_spreads_then_his_hand_as_dummy_revokes_no_transfer(tmp_path):
    # East faces the CA (6), South spreads (7) and is dummy: North is declarer (2017 L54A). South's
    # hand, dummy's now, discards the D6 holding the C5 (8): dummy's revoke ("Failure to follow
    # suit", L61A). East wins trick 1 and leads the CK; dummy plays the C5 (12): established (L63A1).
    # "There is no automatic trick adjustment ... if: ... the revoke was made in failing to play ...
    # any card belonging to dummy" (L64B3). East wins tricks 2 and 3; North claims 9 of the 10 left
    # (19): NS 9, EW 4: 4H by North one down, -50.
    ruleset = "duplicate-2017"
    body = "play E CA\nelect S spread\n" + plays("S D6 W C2 N C6  E CK S C5 W C3 N C7  E DA S D7 W D2 N D8") \
        + "claim N 9\n"
    out = rulings(body, ruleset)
    assert one(out, "lead-out-of-turn")["penalty"]["elected"] == "spread"
    s = revoke(out, "S")
    assert s["trick"] == 1 and s["kind"] == "dummy" and established(s, 12)
    assert s["transfer"]["tricks"] == 0 and s["transfer"]["barred_by"] == "64B3"
    assert revokes_by(out, "N") == [] and out["exposed"] == []
    assert out["transfer"] == {"NS": 0, "EW": 0}
    sc = score(tmp_path, body, ruleset)
    assert sc["declarer"] == "N"
    assert (sc["tricks"], sc["penalty_tricks"], sc["score"]) == ({"NS": 9, "EW": 4}, 0, {"NS": -50, "EW": 50})


# ---------------------------------------------------------------- C7: declarer accepts by playing second, then a defender revokes


def test_c7_opening_lead_accepted_by_declarers_second_card_then_the_leaders_partner_revokes(tmp_path):
    # East faces the CA (6); South plays the C5 to it (7): "a play is made from the hand next in
    # rotation" (L53A), and "The second card to the trick is played from declarer's hand" (L54B1):
    # South stays declarer. East wins and leads the CK (10); South ruffs (11); West discards the D2
    # holding the C43 (12): West's revoke. South wins trick 2 with the HT and leads the HA; West's
    # H2 (15) establishes it (L63A1). West wins trick 4 with the SA: the offending side won a
    # later trick, one trick (L64A2). South claims the 9 left (22): as played NS 11, EW 2; with the
    # trick NS 12: 480.
    ruleset = "duplicate-2017"
    body = "play E CA\n" + plays("S C5 W C2 N C6  E CK S HT W D2 N C7  S HA W H2 N H7 E H4  S S7 W SA N S8 E S2") \
        + "claim S 9\n"
    r = one(rulings(body, ruleset, 7), "lead-out-of-turn")
    assert where(r) == ("E", 6, 1) and r["penalty"]["elected"] == "accept"
    assert cites(r, "54B") and cites(r, "53A")
    out = rulings(body, ruleset)
    assert kinds(out, "premature-play") == [] and out["exposed"] == []
    w = revoke(out, "W")
    assert w["trick"] == 2 and w["kind"] == "revoke" and established(w, 15)
    assert moved(w) == (1, "64A2") and w["transfer"]["to"] == "NS"
    s = score(tmp_path, body, ruleset)
    assert s["declarer"] == "S"
    assert (s["tricks"], s["penalty_tricks"], s["score"]) == ({"NS": 12, "EW": 1}, 1, {"NS": 480, "EW": -480})


# ---------------------------------------------------------------- C8: two leads out of turn in a row


def test_c8_two_leads_out_of_turn_in_a_row_the_second_accepted_the_penalty_card_follows(tmp_path):
    # South won trick 1 and is to lead. East leads the DA (10); declarer refuses (11); East takes it
    # back (12): a major penalty card (L54D). South still to lead, West now leads the D2 (13): a
    # second lead out of turn, declarer's to accept or refuse again (L53A, L56). North plays the D8
    # to it (14), "a play ... from the hand next in rotation to the irregular lead" (L53A):
    # accepted. East must play the DA "at the first legal opportunity, whether in leading, following
    # suit" (L50D1): he does (15). West was never "to lead" while the DA lay on the table (L50D
    # "the partner when he is to lead"): no lead restriction. South claims the 11 left (17): NS 12,
    # EW 1: 480.
    ruleset = "duplicate-2017"
    body = T1_S + "play E DA\nelect S retract\nwithdraw E DA\n" + plays("W D2 N D8 E DA S D6") + "claim S 11\n"
    out = rulings(body, ruleset, 13)
    assert leads(out) == [("E", 10), ("W", 13)]
    assert lead(out, "E")["penalty"]["elected"] == "retract"
    r = lead(out, "W")
    assert where(r) == ("W", 13, 2) and first(r, "56")
    assert choice(r) == ("S", {"accept", "retract"}, None)
    assert pcards(out) == [("E", "DA", "major")]
    out = rulings(body, ruleset, 14)
    r = lead(out, "W")
    assert r["penalty"]["elected"] == "accept" and cites(r, "53A")
    assert pcards(out) == [("E", "DA", "major")]
    out = rulings(body, ruleset)
    assert out["exposed"] == [] and out["revokes"] == []
    assert kinds(out, "penalty-card-lead") == [] and kinds(out, "penalty-card-not-played") == []
    assert board(tmp_path, body, ruleset) == ({"NS": 12, "EW": 1}, 0, {"NS": 480, "EW": -480})


# ---------------------------------------------------------------- C9: the revoker's own lead out of turn establishes his revoke


@pytest.mark.parametrize("ruleset", ALL)
def test_c9_revokers_lead_out_of_turn_establishes_refused_the_card_a_penalty_card(tmp_path, ruleset):
    # Trick 2: South leads the HK, East discards the S2 holding the H5 (13); South wins and is to
    # lead. East leads the DA out of turn (14): "when the offender ... leads ... to the following
    # trick (any such play, legal or illegal, establishes the revoke)" (L63A1, 1997 and 2017; 2007:
    # "when the offender or his partner leads or plays to the following trick"). Declarer refuses
    # the lead (15) and East takes it back (16): "any card exposed through deliberate play (as in
    # leading out of turn ...) becomes a major penalty card" (L50B 1997/2007; 2017 L54D); the revoke
    # "may no longer be corrected" (1997 L63C, 2017 L63B). South leads the D6 (17) and East plays
    # the DA to it (20), its first legal opportunity (L50D1). East-West win tricks 3 and 4; South
    # won the revoke trick: one trick (L64A2; 1997: East's later tricks are won with the DA and the
    # CA, cards he could not legally have played to a heart trick holding the H5: no additional
    # trick). South claims the 8 left (29): as played NS 11, EW 2; with the trick NS 12: 480.
    body = (T1_S + plays("S HK W H3 N H7 E S2") + "play E DA\nelect S retract\nwithdraw E DA\n"
            + plays("S D6 W D2 N D8 E DA  E CA S C5 W C2 N C6  E CK S HQ W C3 N C7") + "claim S 8\n")
    assert established(revoke(rulings(body, ruleset, 14), "E"), 14)
    out = rulings(body, ruleset, 16)
    assert established(revoke(out, "E"), 14)
    assert pcards(out) == [("E", "DA", "major")]
    r = one(out, "lead-out-of-turn")
    assert where(r) == ("E", 14, 3) and r["penalty"]["elected"] == "retract"
    out = rulings(body, ruleset)
    assert leads(out) == [("E", 14)] and out["exposed"] == []
    assert kinds(out, "penalty-card-not-played") == []
    e = revoke(out, "E")
    assert e["trick"] == 2 and established(e, 14) and moved(e) == (1, "64A2")
    assert out["transfer"] == {"NS": 1, "EW": 0}
    assert board(tmp_path, body, ruleset) == ({"NS": 12, "EW": 1}, 1, {"NS": 480, "EW": -480})


# ---------------------------------------------------------------- C10: declarer's lead from the wrong hand establishes his revoke, then retracted


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_c10_dummys_lead_from_the_wrong_hand_establishes_declarers_revoke_retraction_leaves_it(tmp_path, ruleset):
    # Trick 3: East leads the DA and South, holding the D76, discards the S3 (15). South ruffs
    # trick 4 and is to lead from his hand; declarer leads the D9 from dummy (22): "when the
    # offender or his partner leads or plays to the following trick (any such play, legal or
    # illegal, establishes the revoke)" / "names or otherwise designates a card to be played to the
    # following trick" (2017 L63A1, A2; 2007: "A revoke is established when the offender or his
    # partner leads or plays to the following trick. 2 When the offender or his partner names or
    # otherwise designates a card"). West requires its retraction (23): "he withdraws the card led
    # in error. He must lead from the correct hand." (L55B2, 2007 and 2017). The D9 goes back (24),
    # South leads the D6 (25); the revoke "may no longer be corrected" (2017 L63B): it stays
    # established at 22. East won the revoke trick; North-South won trick 4: one trick (L64A2).
    # East wins trick 5; South claims the 8 left (29): as played NS 10, EW 3; with the trick NS 9:
    # 4H one down, -50.
    # Triage of the first run: the case erred, not the engine. South's own ruff of trick 4 (the HT,
    # event 19) is "when the offender ... plays to the following trick" (L63A1), so the revoke was
    # established there, before dummy's lead from the wrong hand at 22; every other assertion stood.
    # The event is corrected to 19, by the same words.
    body = (T1_S + plays("S C5 W C2 N C6 E CA  E DA S S3 W D2 N D8  E CK S HT W C3 N C7")
            + "play N D9\nelect W retract\nwithdraw N D9\n" + plays("S D6 W D3 N D9 E DK") + "claim S 8\n")
    out = rulings(body, ruleset, 22)
    assert established(revoke(out, "S"), 19)
    r = one(out, "lead-out-of-turn")
    assert where(r) == ("N", 22, 5) and first(r, "55A")
    out = rulings(body, ruleset, 24)
    r = one(out, "lead-out-of-turn")
    assert choice(r) == ("EW", {"accept", "retract"}, "retract") and cites(r, "55B2")
    assert established(revoke(out, "S"), 19)
    assert out["exposed"] == []  # declarer's card goes back: no penalty card
    out = rulings(body, ruleset)
    assert leads(out) == [("N", 22)] and out["exposed"] == []
    s = revoke(out, "S")
    assert s["trick"] == 3 and established(s, 19)
    assert moved(s) == (1, "64A2") and s["transfer"]["to"] == "EW"
    assert out["transfer"] == {"NS": 0, "EW": 1}
    assert board(tmp_path, body, ruleset) == ({"NS": 9, "EW": 4}, 1, {"NS": -50, "EW": 50})


# ---------------------------------------------------------------- C11: 1997, the accepting play is a revoke, the offender later wins with the suit


def test_c11_1997_dummys_lead_accepted_by_a_revoking_play_the_additional_trick(tmp_path):
    # 1997. South won trick 1 and is to lead from his hand; declarer leads the D8 from dummy (10).
    # East, next in rotation, discards the C9 holding the DAKQJ (11): that play accepts the lead
    # ("... to the irregular lead ... (If no acceptance statement or play is made, the Director
    # will require that the lead be made from the correct hand.)", 1997 L53A) and fails to follow
    # suit. Dummy wins trick 2 and leads the D9 (14); East plays the DA (15): "when the offender
    # ... plays to the following trick" (1997 L63A1), established, and wins trick 3 with it. 1997
    # L64A2: "the trick on which the revoke occurred was not won by the offending player, then, if
    # the offending side won that or any subsequent trick, ... one trick is transferred ...; also,
    # if an additional trick was subsequently won by the offending player with a card that he could
    # legally have played to the revoke trick, one such trick is transferred": the DA, a diamond,
    # could have been played to trick 2: two tricks. (East's CA at trick 4 could not.) South claims
    # the 8 left (26): as played NS 11, EW 2; with two tricks NS 13: 510.
    ruleset = "duplicate-1997"
    body = (T1_S + plays("N D8 E C9 S D6 W D2  N D9 E DA S D7 W D3  E CA S C5 W C2 N C6  E CK S HT W C3 N C7")
            + "claim S 8\n")
    out = rulings(body, ruleset)
    r = one(out, "lead-out-of-turn")
    assert where(r) == ("N", 10, 2) and r["penalty"]["elected"] == "accept"
    assert out["exposed"] == [] and kinds(out, "premature-play") == []
    e = revoke(out, "E")
    assert e["trick"] == 2 and e["kind"] == "revoke" and established(e, 15)
    assert moved(e) == (2, "64A2") and e["transfer"]["to"] == "NS"
    assert out["transfer"] == {"NS": 2, "EW": 0}
    assert board(tmp_path, body, ruleset) == ({"NS": 13, "EW": 0}, 2, {"NS": 510, "EW": -510})


# ---------------------------------------------------------------- C12: the lead refused, the suit required and led, the offender revokes on it


@pytest.mark.parametrize("ruleset,tricks,ns", [("duplicate-2017", 1, 450), ("duplicate-1997", 2, 480)])
def test_c12_lead_refused_suit_required_picked_up_then_the_offender_revokes_in_that_suit(tmp_path, ruleset, tricks, ns):
    # West won trick 1 and is to lead; East leads the DA (10), declarer refuses (11), East takes it
    # back (12): a major penalty card (1997 L50B "as in leading out of turn"; 2017 L54D). Declarer
    # requires diamonds from West (13): "if declarer exercises this option, the card is no longer a
    # penalty card, and is picked up" (L50D2(a), 1997 and 2017). West leads the D2 (14); East,
    # holding the DAKQJ again, discards the C9 (16): a revoke. Dummy's D8 wins trick 2; dummy leads
    # the D9 and East plays the DA (19): established (L63A1), and East wins trick 3 with a diamond.
    # East wins trick 4 with the CA. 2017 L64A2: one trick. 1997 L64A2: one trick, "also ... an
    # additional trick ... subsequently won by the offending player with a card that he could
    # legally have played to the revoke trick" (the DA): two. South claims the 8 left (30): as
    # played NS 10, EW 3; 2017 NS 11 (450), 1997 NS 12 (480).
    body = (T1_W + "play E DA\nelect S retract\nwithdraw E DA\nelect S lead D\n"
            + plays("W D2 N D8 E C9 S D6  N D9 E DA S D7 W D3  E CA S C5 W C2 N C6  E CK S HT W C3 N C7")
            + "claim S 8\n")
    out = rulings(body, ruleset, 12)
    assert one(out, "lead-out-of-turn")["penalty"]["elected"] == "retract"
    assert pcards(out) == [("E", "DA", "major")]
    r = one(out, "penalty-card-lead")
    assert (r["seat"], r["trick"]) == ("W", 2) and cites(r, "50D2") and "lead" in r["penalty"]["options"]
    out = rulings(body, ruleset, 13)
    assert one(out, "penalty-card-lead")["penalty"]["elected"] == "lead" and out["exposed"] == []
    out = rulings(body, ruleset)
    assert kinds(out, "penalty-card-lead-disobeyed") == [] and kinds(out, "penalty-card-not-played") == []
    e = revoke(out, "E")
    assert e["trick"] == 2 and e["kind"] == "revoke" and established(e, 19)
    assert moved(e) == (tricks, "64A2") and e["transfer"]["barred_by"] is None  # not "failing to play a penalty card"
    assert out["transfer"] == {"NS": tricks, "EW": 0}
    assert board(tmp_path, body, ruleset) == ({"NS": 10 + tricks, "EW": 3 - tricks}, tricks, {"NS": ns, "EW": -ns})
