"""An examination of how the duplicate rulings handle CARDS PLAYED, RETRACTED, EXPOSED OR PLAYED AT
ONCE when they meet other irregularities: a card played and dummy's card misplaced (L45D), the
retraction of a card played (L47B, D, E), declarer's exposed card (L48), a defender's exposed card
(L49), simultaneous plays (L58A, L58B), each combined with a revoke (L61-L64), a penalty card
(L50-L52) or a card out of turn (L57).

Every case below was written from the law text, before the rulings were run, and states the
ruling the words give. The file is written after tests/test_duplicate_cards_played_examination.py
and tests/test_duplicate_misinformation_examination.py (whose cases it does not repeat) and
tests/test_duplicate_interactions_examination.py. "2017" = the 2017 code, "2007" = the 2007 code.

Where the text was found (the `search` tool, corpus "pages", or the quotation of an earlier
examination, named), and the words the cases rest on:

- L45D (2017), "Dummy Picks up a Non-designated Card", as quoted on the EBU TDs' forum
  (ebu.co.uk/forum/discussion/1261/law-45-card-played; a 2017 text: it sends to "Law 16C"; the
  2017 text of bridgevid.com/2017/11/29/law-45-card-played/ has the same opening words): "1. If
  dummy places in the played position a card that declarer did not name, the card must be withdrawn
  if attention is drawn to it before each side has played to the next trick, and a defender may
  withdraw and return to his hand a card played after the error but before attention was drawn to
  it; if declarer's RHO changes his play, declarer may withdraw a card he had subsequently played to
  that trick. (See Law 16C.)"
  L45D (2007), "Card Misplayed by Dummy", as quoted on the BBO forum in December 2009 (the 2007 code
  in force; forumstest.bridgebase.com/forums/topic/35811-wrong-card-played-by-dummy): the same
  words, "(see Law 16D)". No 2007 case rests on it (see "Not examined").
- L45C4(b) (2017), as the cards-played examination quotes bridgevid.com: "Declarer may correct an
  unintended designation of a card from dummy until he next plays a card from either his own hand
  or from dummy."
- L47 (2017): thesmolens.com/LawsDupBridge/law47.html (found again here; as the cards-played
  examination quotes it): B "A played card may be withdrawn to correct an illegal play (for
  defenders, except as this Law provides, see Law 49 - penalty card). For simultaneous play see Law
  58." D "After an opponent's change of play a played card may be withdrawn and returned to the hand
  without further rectification and another card may be substituted. (Laws 16C and 62C2 may
  apply.)" E2(a) "A player may retract the card he has played because of a mistaken explanation of
  an opponent's call or play and before a corrected explanation, without further rectification, but
  only if no card was subsequently played (see Law 16C)." F2 "Except as this Law specifies, a card
  once played may not be withdrawn."
- L47E2(a) (2007), a BBO forum quotation of 2015, as the misinformation examination quotes it: "A
  player may retract the card he has played because of a mistaken explanation of an opponent's call
  or play and before a corrected explanation without further rectification, but only if no card was
  subsequently played to that trick."
- L48A (2007), as the cards-played examination quotes the BBO forum (topic 68493, 2014): "Declarer
  is not subject to restriction for exposing a card (but see Law 45C2), and no card of declarer's or
  dummy's hand ever becomes a penalty card. Declarer is not required to play any card dropped
  accidentally." (The 2017 English L48 was not found, only a French translation: no 2017 case rests
  on L48; the 2017 cases with a card of declarer's withdrawn rest on L62B2 or L45D.)
- L49 (2017): laws.hellasbridge.org/law_49 (the English beside the Greek): "Except in the normal
  course of play or application of law (see for example Law 47E), when a defender's card is in a
  position in which his partner could possibly see its face, or when a defender names a card as
  being in his hand, each such card becomes a penalty card (Law 50)".
- L50 (the 1997/2007 English that 2017 keeps, as the penalty-card and interactions examinations
  found, jfr.pzbs.pl/laws/node9/law50.htm): B "A single card below the rank of an honour and exposed
  inadvertently (as in playing two cards to a trick, or in dropping a card accidentally) becomes a
  minor penalty card. Any card of honour rank, or any card exposed through deliberate play (as in
  leading out of turn, or in revoking and then correcting), becomes a major penalty card". C "he may
  not play any other card of the same suit below the rank of an honour until he has first played the
  penalty card (however, he is entitled to play an honour card instead)". D "the partner when he is
  to lead". D1 "A major penalty card must be played at the first legal opportunity, whether in
  leading, following suit, discarding or trumping". D2(a) declarer may choose "to require the
  defender to lead the suit of the penalty card, or to prohibit him from leading that suit for as
  long as he retains the lead ...; if declarer exercises this option, the card is no longer a
  penalty card, and is picked up." (D2(b), 2017 L51B2(c): "declarer may elect not to require or
  prohibit a lead".)
- L57D (2017): pzbs.pl/sedziowie/mpb/2017/en/l57.html: "When a defender attempts to play (not lead)
  to a trick at his RHO's turn, Law 16 may apply. If his card can be legally played to the trick, it
  must be played at his proper turn: otherwise, it becomes a major penalty card."
- L58 (2017): pzbs.pl/sedziowie/mpb/2017/en/l58.html: A "A lead or play made simultaneously with
  another player's legal lead or play is deemed to be subsequent to it." B "If a player leads or
  plays two or more cards simultaneously: ... 2. If the face of more than one card is visible, the
  offending player designates the card he proposes to play; when he is a defender, each other card
  exposed becomes a penalty card (see Law 50). 3. After an offending player withdraws a visible card,
  an opponent who subsequently played to that trick may withdraw his play and substitute another
  card without further rectification (but see Law 16C)."
- L61A (2017), as the interactions examination quotes the EBU TDs' forum (2017): "Failure to follow
  suit in accordance with Law 44 or failure to lead or play, when able, a card or suit required by
  law or specified by an opponent when exercising an option in rectification of an irregularity,
  constitutes a revoke."
- L62 (2017): pzbs.pl/sedziowie/mpb/2017/en/l62.html: A "A player must correct his revoke if
  attention is drawn to the irregularity before it becomes established." B "To correct a revoke the
  offender withdraws the card he played and substitutes a legal card. 1. A card so withdrawn becomes
  a major penalty card (Law 50) if it was played from a defender's unfaced hand. 2. The card may be
  replaced without further rectification if it was played from declarer's [subject to Law 43B2(b)]
  or dummy's hand, or if it was a defender's faced card." C "1. Each member of the non-offending side
  may withdraw and return to his hand any card he may have played after the revoke but before
  attention was drawn to it (see Law 16C). 2. After a non-offender so withdraws a card, the player of
  the offending side next in rotation may withdraw his played card, which becomes a penalty card if
  the player is a defender (see Law 16C)."
- L63 (2017): pzbs.pl/sedziowie/mpb/2017/en/l63.html: A "A revoke becomes established: 1. when the
  offender or his partner leads or plays to the following trick (any such play, legal or illegal,
  establishes the revoke). 2. when the offender or his partner names or otherwise designates a card
  to be played to the following trick."
- L64 (2017): A2 as the interactions examination quotes the EBU TDs' forum (the excerpt begins
  mid-sentence): "[...] won by the offending player then, if the offending side won that or any
  subsequent trick, after play ends one trick is transferred to the non-offending side."
  B (thesmolens.com/LawsDupBridge/law64.html): "There is no automatic trick adjustment following an
  established revoke (but see Law 64C) if: ... [3] the revoke was made in failing to play a penalty
  card or any card belonging to dummy. ... [7] both sides have revoked on the same board and both
  revokes have become established."
- L68B1, L69A (2017), as the interactions examination quotes them: "a claim of some number of
  tricks is a concession of the remainder"; "The board is scored as though the tricks claimed or
  conceded had been won or lost in play."
- L77 (the interactions examination's scores of this board): 4H by South, not vulnerable, 10
  tricks 420, 11 tricks 450, 12 tricks 480, 13 tricks 510.

The words of the rulings (docs/laws.md, docs/json.md): a revoke's `status` ("correctable",
"corrected", "established"), `status_event`, `laws`, `transfer` {"tricks", "law", "barred_by",
"exceptions"}; the rulings' `transfer` {"NS", "EW"}; `exposed` with `law` and `penalty_card`;
the irregularities `illegal-retraction` (47F2), `misinformed-retraction` (47E1/47E2),
`several-cards` (58B2, 67A2), `premature-play` (57A/57D, with 58A), `penalty-card-lead` (50D2:
"lead"/"forbid"/"none"), `penalty-card-lead-disobeyed`, `penalty-card-not-played` (52),
`lead-out-of-turn`. The score: `handrec score --json` (`tricks`, `penalty_tricks`, `score`).

How the transcript says it (docs/transcripts.md; no new line form): `withdraw SEAT CARD` a played
card taken back (dummy's by declarer); `withdraw SEAT CARD misinformed` taken back after a mistaken
explanation (L47E); `play SEAT C1 C2` two cards at once, the first counting until `surplus SEAT
CARD` names the other (the player's designation, L58B2); `play SEAT C SEAT C` two players' cards at
once (L58A); `expose SEAT CARD` a card dropped face up; a premature card the rulings took up from its
trick is recorded leaving it (`withdraw`) before it is played again (docs/laws.md). The record has
no line for "dummy placed a card declarer did not name" (L45D): the L45D case records the fact as
the Director's finding (`find by=TD ...`) and the acts as they happened.

Readings where the text leaves room (stated before the run):
- `expose` is a card dropped face up (L49), not a card led or played: it establishes no revoke
  (L63A1 speaks of a lead or play to the following trick).
- L58B2: until the player designates, the record's first card counts provisionally; a later
  `surplus` line naming the other is his designation, so that other card is the card "exposed"
  (L58B2), exposed "inadvertently (as in playing two cards to a trick)": minor when low (L50B), and
  no revoke was made with it. Its withdrawal from the trick is the "offending player withdraws a
  visible card" of L58B3.
- A revoke card withdrawn before the revoke is established is a correction (L47B, L62A, L62B)
  whatever reason the record gives for the withdrawal; the word `misinformed` does not make a
  lawful correction unlawful.
- L62C2: the offending side's card withdrawn becomes "a penalty card"; the text does not say major
  or minor for a low card deliberately played and withdrawn, so no case asserts which.

The first run (13 cases) agreed on 12. Triage: the one disagreement (2007 L47E2(a) against L62A
on one take-back) is a choice of which allowing law to name, kept as a strict xfail. The examiner's
probes beside the cases found that an offender's partner's card taken back on a revoke trick was
allowed though no non-offender had taken his back first (L62C2): fixed, which turned the L45D case,
whose agreement rested on that, into a strict xfail: the record has no line for L45D's fact.

Not examined (the text was not found, or does not decide):
- L45E (the fifth card): never found in any copy.
- The 2007 English texts of L58, L61, L62, L63 and L64 (only the Norwegian translation,
  lovboka.org, was found): the 2007 cases assert only what L47E2(a) and L48A (2007) decide, never a
  revoke's status or a transfer.
- L48 of 2017 in English (only a French translation): no 2017 case rests on L48.
- L45D with a defender's revoke card withdrawn: L45D says "return to his hand", L62B1 "becomes a
  major penalty card"; which governs is not decided, so the L45D case has declarer revoke.
- A revoke card of a defender retracted `misinformed` (L47E2(a) "without further rectification"
  against L62B1): left out, as the misinformation examination left it.
- L58A when the card in turn is itself a revoke: L58A speaks of "another player's legal lead or
  play"; a revoke is not a legal play, so which card counts first is not decided. The L58A case here
  has the card in turn legal and the other one revoke later.
- L64B3 when a defender designates (L58B2) a card that fails to follow while the card of the suit led
  lies face up as the other card: whether that is "failing to play a penalty card" is not decided:
  that case asserts no transfer.
- L62C3 (both sides revoke on one trick, one side has played on): where a lead made to the next
  trick goes when the revoke trick changes hands is not said.
- L64A1 (offender wins the revoke trick): its 2017 English was found only cut short; no case has
  the offender win the revoke trick.

The deal of every hand (tests/exam_board.py): 4H by South, neither side vulnerable, West leads.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
Events 1-5 are the head (hand, dealer, deal, contract, vulnerability); the first card is event 6.
"""

from __future__ import annotations

import pytest
from exam_board import (
    T1_S, T1_W, choice, cites, exposed_laws, first, kinds, leads, moved, no_choice, one, pcards, plays, revoke,
    revokes_by, rulings, score)

# Written from the law text before the rulings were run.


# ---------------------------------------------------------------- what the cases read


def no_1912(out: dict) -> None:
    assert all("code" not in r for r in out["irregularities"]), out["irregularities"]


def board(tmp_path, body: str, ruleset: str = "duplicate-2017") -> tuple:
    s = score(tmp_path, body, ruleset)
    return s["tricks"], s["penalty_tricks"], s["score"]


# ---------------------------------------------------------------- L62C1 / L47D: the change itself makes or corrects a revoke


# Trick 1: West leads the SA (6), North the S8 (7), East discards the C9 holding the S2 (8), South
# the S3 (9). East corrects (10, 11). South takes his S3 back (12) and discards the D6 (13),
# holding four more spades.
SOUTH_CHANGES_TO_A_REVOKE = (plays("W SA N S8 E C9 S S3") + "withdraw E C9\nplay E S2\nwithdraw S S3\nplay S D6\n"
                             + plays("W SK N S9 E C9 S S3  W H2 N H6 E H4 S HA") + "claim S 10\n")


def test_l62c1_l47d_declarers_changed_card_is_itself_a_revoke_established_by_dummy_l64a2(tmp_path):
    # East's revoke (8) is corrected (10, 11): "To correct a revoke the offender withdraws the card
    # he played and substitutes a legal card. 1. A card so withdrawn becomes a major penalty card"
    # (L62B, B1). South then uses his right: "Each member of the non-offending side may withdraw and
    # return to his hand any card he may have played after the revoke but before attention was drawn
    # to it" (L62C1); "After an opponent's change of play a played card may be withdrawn and
    # returned to the hand without further rectification and another card may be substituted"
    # (L47D): no illegal retraction, the S3 no penalty card. But the card he substitutes, the D6
    # (13), fails to follow suit while he holds four spades: "Failure to follow suit ...
    # constitutes a revoke" (L61A). West's SA wins trick 1; West leads the SK (14) and dummy, South's
    # partner, plays the S9 (15): "when the offender or his partner leads or plays to the following
    # trick" (L63A1, or A2 for the card declarer designates from dummy): established at 15. East
    # discards his penalty card at this first legal opportunity (16, L50D1). South wins trick 3 (21)
    # and claims the 10 left (22). The revoke trick was won by West, and NS won trick 3 and the
    # claimed tricks: "one trick is transferred" (L64A2). East's revoke was corrected, not
    # established: L64B7 ("both revokes have become established") does not bar it. NS 11 - 1 = 10:
    # 4H made, 420.
    body = SOUTH_CHANGES_TO_A_REVOKE
    out = rulings(body, n=11)
    r = revoke(out, "E", 1)
    assert (r["status"], r["status_event"]) == ("corrected", 10)
    assert exposed_laws(out) == [("E", "C9", "62B1")] and pcards(out) == [("E", "C9", "major")]
    out = rulings(body, n=13)
    assert kinds(out, "illegal-retraction") == []
    r = revoke(out, "S", 1)
    assert (r["card"], r["status"]) == ("D6", "correctable")
    assert pcards(out) == [("E", "C9", "major")]  # the S3 is no penalty card
    out = rulings(body)
    no_1912(out)
    assert kinds(out, "illegal-retraction") == [] and kinds(out, "penalty-card-not-played") == []
    assert out["exposed"] == []
    assert revoke(out, "E", 1)["status"] == "corrected"
    r = revoke(out, "S", 1)
    assert (r["status"], r["status_event"]) == ("established", 15) and first(r, "63A")
    assert moved(r) == (1, "64A2") and r["transfer"]["barred_by"] is None
    assert "64B7" not in r["transfer"]["exceptions"]
    assert out["transfer"] == {"NS": 0, "EW": 1}
    assert board(tmp_path, body) == ({"NS": 10, "EW": 3}, 1, {"NS": 420, "EW": -420})


def test_l62c1_declarers_own_revoke_on_the_same_trick_corrected_by_his_change_nothing_transferred(tmp_path):
    # Trick 1: West leads the SA (6), North the S8 (7); East discards the C9 holding the S2 (8) and
    # South the D6 holding five spades (9): two revokes (L61A), neither established. East corrects
    # (10, 11): the C9 a major penalty card (L62B1). South withdraws the D6 (12) and plays the S3
    # (13): both the right of L62C1 ("any card he may have played after the revoke but before
    # attention was drawn to it") and his own correction, "A player must correct his revoke if
    # attention is drawn to the irregularity before it becomes established" (L62A); "The card may be
    # replaced without further rectification if it was played from declarer's ... hand" (L62B2): no
    # penalty card. West wins; at trick 2 East discards the C9 (16, L50D1); South wins trick 3 (21)
    # and claims the 10 left (22). No revoke is established: nothing is transferred. NS 11: 450.
    body = (plays("W SA N S8 E C9 S D6") + "withdraw E C9\nplay E S2\nwithdraw S D6\nplay S S3\n"
            + plays("W SK N S9 E C9 S S4  W H2 N H6 E H4 S HA") + "claim S 10\n")
    out = rulings(body, n=9)
    assert revoke(out, "E", 1)["status"] == "correctable" and revoke(out, "S", 1)["status"] == "correctable"
    out = rulings(body, n=13)
    assert (revoke(out, "E", 1)["status"], revoke(out, "E", 1)["status_event"]) == ("corrected", 10)
    assert (revoke(out, "S", 1)["status"], revoke(out, "S", 1)["status_event"]) == ("corrected", 12)
    assert pcards(out) == [("E", "C9", "major")]
    assert kinds(out, "illegal-retraction") == []
    out = rulings(body)
    no_1912(out)
    assert all(r["status"] == "corrected" for r in out["revokes"]), out["revokes"]
    assert out["exposed"] == [] and kinds(out, "penalty-card-not-played") == []
    assert out["transfer"] == {"NS": 0, "EW": 0}
    assert board(tmp_path, body) == ({"NS": 11, "EW": 2}, 0, {"NS": 450, "EW": -450})


# ---------------------------------------------------------------- L62C2: the offending side's card after the non-offender's change


# South wins trick 1 (6-9) and leads the C5 (10); West discards the D2 holding the C432 (11), North
# plays the C6 (12), East the C9 (13). West corrects (14, 15); dummy's C6 is taken back (16) and the
# C7 played (17); East then takes back his C9 (18) and plays the CT (19), winning trick 2. East is
# to lead with West's D2 on the table; South requires a diamond (20); East leads the DA (21).
L62C2_BODY = T1_S + plays("S C5 W D2 N C6 E C9") + "withdraw W D2\nplay W C2\nwithdraw N C6\nplay N C7\n" \
    + "withdraw E C9\nplay E CT\nelect S lead D\nplay E DA\n"


def test_l62c1_l62c2_l50d2_offenders_partner_takes_back_his_card_a_penalty_card_then_partner_leads():
    # West's revoke (11) is corrected (14, 15): the D2 "becomes a major penalty card" (L62B1).
    # North, of the non-offending side, played after the revoke: "Each member of the non-offending
    # side may withdraw and return to his hand any card he may have played after the revoke" (L62C1,
    # 16, 17). "After a non-offender so withdraws a card, the player of the offending side next in
    # rotation may withdraw his played card, which becomes a penalty card if the player is a
    # defender" (L62C2): East, next after North, takes back the C9 (18): a penalty card (law
    # "62C2"; major or minor is not asserted). Neither taking back is an illegal retraction. East's
    # CT wins trick 2 and he is to lead while his partner's D2, a major penalty card, lies on the
    # table: "the partner when he is to lead" (L50D), declarer may "require the defender to lead the
    # suit of the penalty card, or to prohibit him from leading that suit ... if declarer exercises
    # this option, the card is no longer a penalty card, and is picked up" (L50D2(a)), or neither.
    # South requires diamonds (20); East leads the DA (21), obeying: the D2 is picked up.
    out = rulings(L62C2_BODY, n=15)
    r = revoke(out, "W", 2)
    assert (r["status"], r["status_event"]) == ("corrected", 14)
    assert ("W", "D2", "62B1") in exposed_laws(out) and ("W", "D2", "major") in pcards(out)
    out = rulings(L62C2_BODY, n=19)
    no_1912(out)
    assert kinds(out, "illegal-retraction") == []
    assert sorted(exposed_laws(out)) == [("E", "C9", "62C2"), ("W", "D2", "62B1")]
    r = one(out, "penalty-card-lead")
    assert (r["seat"], r["trick"]) == ("E", 3) and cites(r, "50D2")
    assert choice(r) == ("S", {"lead", "forbid", "none"}, None)
    out = rulings(L62C2_BODY)
    no_1912(out)
    assert one(out, "penalty-card-lead")["penalty"]["elected"] == "lead"
    assert kinds(out, "penalty-card-lead-disobeyed") == [] and kinds(out, "illegal-retraction") == []
    assert [x for x in out["exposed"] if x["seat"] == "W"] == []
    assert revoke(out, "W", 2)["status"] == "corrected"


# ---------------------------------------------------------------- L58B: two cards at once from one hand


def test_l58b2_l61a_the_card_designated_fails_to_follow_a_revoke_the_other_a_minor_penalty_card():
    # Trick 1: West leads the SA (6), North the S8 (7); East faces the C9 and the S2 at once (8),
    # the C9 first: his designation. "If the face of more than one card is visible, the offending
    # player designates the card he proposes to play; when he is a defender, each other card exposed
    # becomes a penalty card" (L58B2); "A single card below the rank of an honour and exposed
    # inadvertently (as in playing two cards to a trick ...) becomes a minor penalty card" (L50B):
    # the S2. The C9, his card to the trick, fails to follow suit while he holds the S2: "Failure to
    # follow suit in accordance with Law 44 ... constitutes a revoke" (L61A). South plays the S3 (9).
    # West wins and leads the SK (10): "when the offender or his partner leads or plays to the
    # following trick" (L63A1): established at 10. (No transfer is asserted: see "Not examined".)
    body = plays("W SA N S8") + "play E C9 S2\n" + plays("S S3 W SK N S9")
    out = rulings(body, n=9)
    no_1912(out)
    r = one(out, "several-cards")
    assert (r["seat"], r["trick"]) == ("E", 1) and cites(r, "58B")
    assert pcards(out) == [("E", "S2", "minor")]
    r = revoke(out, "E", 1)
    assert (r["card"], r["status"]) == ("C9", "correctable")
    out = rulings(body)
    r = revoke(out, "E", 1)
    assert (r["status"], r["status_event"]) == ("established", 10) and first(r, "63A1")


def test_l58b2_l58b3_the_defender_designates_the_card_that_follows_the_other_is_minor_declarer_changes():
    # Trick 1: West leads the SA (6), North the S8 (7); East faces the C9 and the S2 at once (8);
    # South plays the S3 (9); East designates the S2 (10: `surplus E C9`): "the offending player
    # designates the card he proposes to play; when he is a defender, each other card exposed
    # becomes a penalty card" (L58B2): the C9, "exposed inadvertently (as in playing two cards to a
    # trick ...)", a minor penalty card (L50B); the S2 is his card: he followed suit, no revoke is
    # established. "After an offending player withdraws a visible card, an opponent who subsequently
    # played to that trick may withdraw his play and substitute another card without further
    # rectification" (L58B3): South takes the S3 back (11) and plays the S4 (12); no illegal
    # retraction. West wins and leads the SK (13); North the S9 (14); East, void in spades, discards
    # the DJ (15): with a minor penalty card "he may not play any other card of the same suit below
    # the rank of an honour until he has first played the penalty card" (L50C): a diamond breaks
    # nothing. South plays the S3, back in his hand (16).
    body = (plays("W SA N S8") + "play E C9 S2\nplay S S3\nsurplus E C9\nwithdraw S S3\nplay S S4\n"
            + plays("W SK N S9 E DJ S S3"))
    out = rulings(body, n=10)
    no_1912(out)
    assert pcards(out) == [("E", "C9", "minor")]
    assert [r for r in kinds(out, "several-cards") if r["seat"] == "E" and r["trick"] == 1 and cites(r, "58B")]
    out = rulings(body, n=12)
    assert kinds(out, "illegal-retraction") == []
    out = rulings(body)
    no_1912(out)
    assert kinds(out, "illegal-retraction") == [] and kinds(out, "penalty-card-not-played") == []
    assert all(r["status"] != "established" for r in revokes_by(out, "E")), out["revokes"]
    assert pcards(out) == [("E", "C9", "minor")]


# ---------------------------------------------------------------- L58A: both defenders at once, one revokes later


# South wins trick 1 (6-9) and leads the C5 (10); West's C2 and East's DA are faced at the same
# moment (11); North plays the C6 (12); East's DA leaves the table (13, the record's form for a card
# the rulings took up) and he plays it to trick 2 (14). North's C6 wins; North leads the D8 (15),
# East the DK (16), South the D6, West the D2; South claims 9 of the 10 left (19).
L58A_BODY = (T1_S + "play S C5\nplay W C2 E DA\nplay N C6\nwithdraw E DA\nplay E DA\n"
             + plays("N D8 E DK S D6 W D2") + "claim S 9\n")


def test_l58a_l57d_the_card_deemed_subsequent_is_a_penalty_card_played_later_instead_of_a_club_a_revoke(tmp_path):
    # "A lead or play made simultaneously with another player's legal lead or play is deemed to be
    # subsequent to it" (L58A): West's C2, in turn and legal, counts first; East's DA comes after it,
    # at North's turn: "When a defender attempts to play (not lead) to a trick at his RHO's turn ...
    # If his card can be legally played to the trick, it must be played at his proper turn:
    # otherwise, it becomes a major penalty card" (L57D). East holds six clubs: the DA cannot be
    # legally played to the club: a major penalty card, and no card of East's in the trick yet (no
    # revoke so far, no lead out of turn). At his turn (14) East plays the DA, holding clubs: not a
    # legal play ("A major penalty card must be played at the first legal opportunity", L50D1: this
    # was none), a failure to follow suit: a revoke (L61A). North's C6 wins trick 2; North leads
    # trick 3 and East plays to it (16): established (L63A1). East did not win the revoke trick and
    # East-West won trick 3: one trick (L64A2); he did play the penalty card, so L64B3 ("failing to
    # play a penalty card") does not apply. NS 2 + 9 + 1 = 12: 480.
    out = rulings(L58A_BODY, n=11)
    no_1912(out)
    r = one(out, "premature-play")
    assert (r["seat"], r["event"]) == ("E", 11) and {"58A", "57D"} <= set(r["laws"]) and no_choice(r)
    assert exposed_laws(out) == [("E", "DA", "57D")] and pcards(out) == [("E", "DA", "major")]
    assert revokes_by(out, "E") == [] and leads(out) == []
    out = rulings(L58A_BODY, n=14)
    r = revoke(out, "E", 2)
    assert (r["card"], r["status"]) == ("DA", "correctable")
    assert kinds(out, "penalty-card-not-played") == []
    out = rulings(L58A_BODY)
    no_1912(out)
    r = revoke(out, "E", 2)
    assert (r["status"], r["status_event"]) == ("established", 16) and first(r, "63A1")
    assert moved(r) == (1, "64A2") and r["transfer"]["barred_by"] is None
    assert "64B3" not in r["transfer"]["exceptions"]
    assert out["exposed"] == [] and leads(out) == []
    assert board(tmp_path, L58A_BODY) == ({"NS": 12, "EW": 1}, 1, {"NS": 480, "EW": -480})


# ---------------------------------------------------------------- L49 with L50D2: the partner to lead, an open revoke


def test_l49_l50d2_a_dropped_honour_partner_leads_the_required_suit_and_establishes_the_revoke(tmp_path):
    # Trick 1: West leads the SA (6), North the S8 (7), East discards the C9 holding the S2 (8): a
    # revoke (L61A); South the S3 (9). West wins and is to lead. East drops the CK face up (10):
    # "when a defender's card is in a position in which his partner could possibly see its face ...
    # each such card becomes a penalty card" (L49); "Any card of honour rank ... becomes a major
    # penalty card" (L50B). Dropped, not led or played: it establishes nothing. West, "the partner
    # when he is to lead" (L50D), faces declarer's option (L50D2); South requires clubs (11): "the
    # card is no longer a penalty card, and is picked up". West leads the C2 (12): he obeys, and
    # "when the offender or his partner leads or plays to the following trick (any such play, legal
    # or illegal, establishes the revoke)" (L63A1): East's revoke is established at 12. East wins
    # trick 2 with the CA (14); South claims 10 of the 11 left (16). West, not East, won the revoke
    # trick; EW won it and trick 2: one trick (L64A2); the CK was no penalty card when East revoked,
    # so no L64B3. NS 10 + 1 = 11: 450.
    body = (plays("W SA N S8 E C9 S S3") + "expose E CK\nelect S lead C\n" + plays("W C2 N C6 E CA S C5")
            + "claim S 10\n")
    out = rulings(body, n=10)
    no_1912(out)
    assert exposed_laws(out) == [("E", "CK", "49")] and pcards(out) == [("E", "CK", "major")]
    r = one(out, "penalty-card-lead")
    assert (r["seat"], r["trick"]) == ("W", 2) and cites(r, "50D2")
    assert choice(r) == ("S", {"lead", "forbid", "none"}, None)
    out = rulings(body, n=11)
    assert revoke(out, "E", 1)["status"] == "correctable"
    out = rulings(body)
    no_1912(out)
    assert one(out, "penalty-card-lead")["penalty"]["elected"] == "lead"
    assert kinds(out, "penalty-card-lead-disobeyed") == [] and out["exposed"] == []
    r = revoke(out, "E", 1)
    assert (r["status"], r["status_event"]) == ("established", 12) and first(r, "63A1")
    assert moved(r) == (1, "64A2") and r["transfer"]["barred_by"] is None
    assert board(tmp_path, body) == ({"NS": 11, "EW": 2}, 1, {"NS": 450, "EW": -450})


# ---------------------------------------------------------------- L45D: dummy's card not named, a revoke in the trick


def test_l45d_dummy_placed_a_card_not_named_corrected_after_the_defender_and_declarer_played_declarer_revoked():
    # West wins trick 1 (6-9) and leads the SK (10). Declarer names dummy's S9; dummy places the ST
    # (11). East, void in spades, discards the C9 (12); South ruffs with the HT holding four spades
    # (13): a revoke (L61A). The Director finds that declarer had named the S9 (14). "If dummy places
    # in the played position a card that declarer did not name, the card must be withdrawn if
    # attention is drawn to it before each side has played to the next trick" (L45D1): dummy's ST
    # is withdrawn (15) and the S9 played (16); no side has played to trick 3, so the L45C4(b) limit
    # ("until he next plays a card") does not apply: declarer changes no designation of his. "a
    # defender may withdraw and return to his hand a card played after the error but before attention
    # was drawn to it": East takes the C9 back (17) and plays the CT (18), no penalty card ("return
    # to his hand"). "if declarer's RHO changes his play, declarer may withdraw a card he had
    # subsequently played to that trick": South takes the HT back (19), which also corrects his
    # revoke (L62A; L62B2: "replaced without further rectification"), and plays the S4 (20). West
    # wins and leads the SQ (21); North plays the ST (22), back in dummy; East the C9 (23), back in
    # his hand; South the S5 (24). No illegal retraction, no penalty card, South's revoke corrected.
    body = (T1_W + plays("W SK N ST E C9 S HT")
            + "find by=TD declarer named the S9 from dummy; dummy placed the ST in the played position (L45D)\n"
            + "withdraw N ST not-named\nplay N S9\nwithdraw E C9\nplay E CT\nwithdraw S HT\nplay S S4\n"
            + plays("W SQ N ST E C9 S S5"))
    out = rulings(body, n=13)
    assert revoke(out, "S", 2)["status"] == "correctable"
    out = rulings(body)
    no_1912(out)
    assert kinds(out, "illegal-retraction") == [], out["irregularities"]
    assert out["exposed"] == [] and kinds(out, "penalty-card-not-played") == []
    r = revoke(out, "S", 2)
    assert (r["card"], r["status"], r["status_event"]) == ("HT", "corrected", 19)
    assert revokes_by(out, "E") == [] and revokes_by(out, "N") == []
    assert kinds(out, "played-again") == [] and kinds(out, "surplus-card") == []


# ---------------------------------------------------------------- L47E2 and a revoke on the same trick


# Trick 1: West leads the SA (6), North the S8 (7), East discards the C9 holding the S2 (8); South
# plays the S3 (9) after a mistaken explanation of East's discard, and before any card is played
# after it retracts it (10) and plays the S4 (11). East then corrects his revoke (12, 13). West wins
# and leads the SK (14); North the S9, East discards his penalty card C9 (16), South the S3 (17).
MISINFORMED_AFTER_REVOKE = (plays("W SA N S8 E C9 S S3") + "withdraw S S3 misinformed\nplay S S4\n"
                            + "withdraw E C9\nplay E S2\n" + plays("W SK N S9 E C9 S S3"))


def test_l47e2a_declarer_retracts_after_misinformation_the_defenders_revoke_on_the_trick_still_to_correct():
    # "A player may retract the card he has played because of a mistaken explanation of an
    # opponent's call or play and before a corrected explanation, without further rectification,
    # but only if no card was subsequently played" (2017 L47E2(a)): South's S3 was the trick's last
    # card: retracted (10) without rectification, no penalty card. His retraction is not East's
    # correction, and no East-West card was played to the following trick: East's revoke is still
    # correctable (L62A). East corrects (12, 13): the C9 a major penalty card (L62B1), which he
    # plays at his first legal opportunity (16, L50D1).
    out = rulings(MISINFORMED_AFTER_REVOKE, n=11)
    no_1912(out)
    r = one(out, "misinformed-retraction")
    assert (r["seat"], r["event"]) == ("S", 10) and first(r, "47E2") and no_choice(r)
    assert kinds(out, "illegal-retraction") == []
    assert revoke(out, "E", 1)["status"] == "correctable"
    assert out["exposed"] == []
    out = rulings(MISINFORMED_AFTER_REVOKE, n=13)
    r = revoke(out, "E", 1)
    assert (r["status"], r["status_event"]) == ("corrected", 12)
    assert pcards(out) == [("E", "C9", "major")]
    out = rulings(MISINFORMED_AFTER_REVOKE)
    no_1912(out)
    assert kinds(out, "illegal-retraction") == [] and kinds(out, "penalty-card-not-played") == []
    assert out["exposed"] == []


def test_l47e2a_2007_declarer_retracts_after_misinformation_on_a_trick_with_a_revoke():
    # The same record under 2007: "but only if no card was subsequently played to that trick" (2007
    # L47E2(a)): none was. Retracted "without further rectification"; and "no card of declarer's or
    # dummy's hand ever becomes a penalty card" (2007 L48A). (East's revoke is not asserted: the
    # 2007 English L62 and L63 were not found.)
    out = rulings(MISINFORMED_AFTER_REVOKE, "duplicate-2007")
    no_1912(out)
    r = one(out, "misinformed-retraction")
    assert (r["seat"], r["event"]) == ("S", 10) and first(r, "47E2") and no_choice(r)
    assert kinds(out, "illegal-retraction") == []
    assert [x for x in out["exposed"] if x["seat"] == "S"] == []


# Trick 1: West leads the SA (6), North the S8 (7), East the S2 (8); South discards the D6 holding
# four spades (9): a revoke. West wins and leads the SK (10). South, misinformed, takes the D6 back
# (11) and puts the S3 in its place (12). North plays the S9 (13), East the C9 (14), South the S4 (15).
DECLARER_REVOKE_TAKEN_BACK = plays("W SA N S8 E S2 S D6 W SK") + "withdraw S D6 misinformed\nplay S S3\n" \
    + plays("N S9 E C9 S S4")


def test_l62a_l47b_declarers_revoke_card_taken_back_misinformed_after_a_card_to_the_next_trick_is_a_correction():
    # 2017 L47E2(a) is too late ("only if no card was subsequently played": West's SK was). But the
    # D6 was a revoke (L61A) not yet established: West's lead is no lead by "the offender or his
    # partner" (L63A1). "A player must correct his revoke if attention is drawn to the irregularity
    # before it becomes established" (L62A); "A played card may be withdrawn to correct an illegal
    # play" (L47B); "The card may be replaced without further rectification if it was played from
    # declarer's ... hand" (L62B2). So the taking back is a lawful correction whatever the reason the
    # record gives: no illegal retraction (L47F2 is "Except as this Law specifies"), the revoke
    # corrected at 11, the S3 his card to trick 1, nothing exposed, no card played twice.
    out = rulings(DECLARER_REVOKE_TAKEN_BACK, n=10)
    assert revoke(out, "S", 1)["status"] == "correctable"
    out = rulings(DECLARER_REVOKE_TAKEN_BACK)
    no_1912(out)
    assert kinds(out, "illegal-retraction") == [], out["irregularities"]
    r = revoke(out, "S", 1)
    assert (r["card"], r["status"], r["status_event"]) == ("D6", "corrected", 11)
    assert out["exposed"] == []
    for k in ("played-again", "surplus-card", "missed-trick"):
        assert kinds(out, k) == [], k


@pytest.mark.xfail(strict=True, reason="disagreement, kept: under 2007 the misinformed retraction of declarer's revoke card "
                   "is ruled only as an L62A/L62B2 correction; no misinformed-retraction (47E2) is listed. Both laws "
                   "allow it with the same result; docs/laws.md rules a retraction another law allows by that law first")
def test_l47e2a_2007_declarers_card_taken_back_misinformed_after_a_card_to_the_next_trick_allowed():
    # 2007 L47E2(a): "but only if no card was subsequently played to that trick": West's SK (10) was
    # played to trick 2, not to trick 1: South may retract the D6 (11) "without further
    # rectification"; no card of declarer's "ever becomes a penalty card" (2007 L48A).
    out = rulings(DECLARER_REVOKE_TAKEN_BACK, "duplicate-2007")
    no_1912(out)
    r = one(out, "misinformed-retraction")
    assert (r["seat"], r["event"]) == ("S", 11) and first(r, "47E2") and no_choice(r)
    assert kinds(out, "illegal-retraction") == []
    assert out["exposed"] == []


# ---------------------------------------------------------------- L48A (2007): declarer's dropped card, played later


def test_l48a_2007_declarers_card_dropped_before_wests_lead_is_no_lead_and_is_played_later():
    # West wins trick 1 (6-9) and is to lead; declarer drops the D7 face up (10). "Declarer is not
    # subject to restriction for exposing a card ..., and no card of declarer's or dummy's hand ever
    # becomes a penalty card" (2007 L48A): not a lead out of turn for the defenders to accept or
    # refuse, no penalty card. West leads the D2 (11) in turn; North the D8, East the DA; South
    # follows with the D7 (14), the card he dropped, and to East's DK with the D6 (16). Nothing is
    # exposed at any moment, no choice is open to anyone, no penalty card was not played.
    body = T1_W + "expose S D7\n" + plays("W D2 N D8 E DA S D7  E DK S D6 W D3 N D9")
    for n in (10, 11, 14, 18):
        out = rulings(body, "duplicate-2007", n)
        no_1912(out)
        assert out["exposed"] == [], n
        assert leads(out) == [], n
        assert kinds(out, "penalty-card-not-played") == [], n
        assert all(no_choice(r) for r in out["irregularities"]), (n, out["irregularities"])
        assert out["revokes"] == [], n
