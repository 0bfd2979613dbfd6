"""An examination of the duplicate rulings on CARDS PLAYED and their RETRACTION against the law
text: the card played (L45, chiefly C4, declarer's designation of dummy's card), the retraction of a
card played (L47), declarer's exposed cards (L48), with the correction of a revoke (L62B, C) that
L47A, B and D send the reader to.

Every case below was written from the law text, before the rulings were run, and states the
ruling the words give. The text was found with the `search` tool (corpus "pages"), in these copies
(quoted in each case's comment; "2017" = the 2017 code, "2007" = the 2007 code):

- L45 (2017): bridgevid.com/2017/11/29/law-45-card-played/ (a 2017 text: its C4(b) names "Laws
  47D and 16C1", the 2017 numbers; the Polish 2017 text, pzbs.pl/sedziowie/mpb/2017/pl/p45.html,
  says the same), A to the start of D:
  C1 "A defender's card held so that it is possible for his partner to see its face is deemed
  played to the current trick (if the defender has already made a legal play to the current
  trick, see Law 45E)." C2 "Declarer is deemed to have played a card from his hand if it is: held
  face up, touching or nearly touching the table; or maintained in such a position as to indicate
  that it has been played." C3 "A card in the dummy is played if it has been deliberately touched
  by declarer ...". C4(a) "A card is played if a player names or otherwise designates it as the
  card he proposes to play (but see Law 47)." C4(b) "Declarer may correct an unintended
  designation of a card from dummy until he next plays a card from either his own hand or from
  dummy. A change of designation may be allowed after a slip of the tongue, but not after a loss
  of concentration or a reconsideration of action. If an opponent has, in turn, played a card that
  was legal before the change in designation, that opponent may withdraw the card so played,
  return it to his hand, and substitute another (see Laws 47D and 16C1)."
- L45C4 (2007), quoted on the BBO forum (topic 73540, "Law 45 C 4 (b)") and in the EBL's 2011 TD
  workshop (docslib.org/doc/5696911): "(b) Until his partner has played a card a player may change
  an unintended designation if he does so without pause for thought." No case rests on it (its
  time limit is not 2017's, and every other word of it turns on the intention).
- L47 (2017): thesmolens.com/LawsDupBridge/law47.html (a 2017 text: its D names "Laws 16C and
  62C2", its E1 "Law 63A1 does not apply", its F1 "Law 53B"; the Polish 2017 text,
  pzbs.pl/sedziowie/mpb/2017/pl/p47.html, has the same paragraphs):
  A "In Course of Rectification: A card once played may be withdrawn when required by
  rectification following an irregularity (but a defender's withdrawn card may become a penalty
  card, see Law 49)." B "To Correct an Illegal Play: A played card may be withdrawn to correct an
  illegal play (for defenders, except as this Law provides, see Law 49 - penalty card). For
  simultaneous play see Law 58." C "To Change an Unintended Designation: A played card may be
  withdrawn and returned to the hand without further rectification after a change of designation
  permitted by Law 45C4(b)." D "Following Opponent's Change of Play: After an opponent's change of
  play a played card may be withdrawn and returned to the hand without further rectification and
  another card may be substituted. (Laws 16C and 62C2 may apply.)" E1 "A lead out of turn (or play
  of a card) is retracted without further rectification if the player was mistakenly informed by
  an opponent that it was his turn to lead or play ...". E2(a) "A player may retract the card he
  has played because of a mistaken explanation of an opponent's call or play and before a
  corrected explanation, ... but only if no card was subsequently played ...". F "Other
  Retraction: 1. A card may be withdrawn as Law 53B provides. 2. Except as this Law specifies, a
  card once played may not be withdrawn."
- L48 (2007), quoted on the BBO forum in October 2014 (topic 68493, "Lead thought to be out of
  turn"; the 2007 code was then in force): "A. Declarer Exposes a Card: Declarer is not subject to
  restriction for exposing a card (but see Law 45C2), and no card of declarer's or dummy's hand
  ever becomes a penalty card. Declarer is not required to play any card dropped accidentally.
  B. Declarer Faces Cards: 1. When declarer faces his cards after an opening lead out of turn, Law
  54 applies. 2. When declarer faces his cards at any time other than immediately after an opening
  lead out of turn, he may be deemed to have made a claim or concession of tricks (unless he
  demonstrably did not intend to claim), and Law 68 then applies."
- L62 (2017): pzbs.pl/sedziowie/mpb/2017/en/l62.html: B "To correct a revoke the offender
  withdraws the card he played and substitutes a legal card. 1. A card so withdrawn becomes a
  major penalty card (Law 50) if it was played from a defender's unfaced hand. 2. The card may be
  replaced without further rectification if it was played from declarer's [subject to Law
  43B2(b)] or dummy's hand, or if it was a defender's faced card." C "1. Each member of the
  non-offending side may withdraw and return to his hand any card he may have played after the
  revoke but before attention was drawn to it (see Law 16C). 2. After a non-offender so withdraws
  a card, the player of the offending side next in rotation may withdraw his played card, which
  becomes a penalty card if the player is a defender (see Law 16C)."
- L49 (2017): laws.hellasbridge.org/law_49 (the English beside the Greek): "Except in the normal
  course of play or application of law (see for example Law 47E), when a defender's card is in a
  position in which his partner could possibly see its face, ... each such card becomes a penalty
  card (Law 50)".

Not found, so no case rests on them:
  - L45E (fifth card played to a trick), in any code: only its title ("Law 45E (Fifth Card Played
    to a Trick)", cited by L67A2) was found. No case plays a card after a player's own card to the
    same trick, and no case asserts what becomes of a card played in place of one that L47F2 says
    was not withdrawn (that is the fifth card of L45E, as L45C1 itself says: "if the defender has
    already made a legal play to the current trick, see Law 45E"). So every case of an unlawful
    retraction here takes the card back and plays nothing in its place.
  - L47 of 2007 (only the Norwegian translation, lovboka.org/47.htm) and of 1997 (a 1993 club-law
    quotation only): every L47 case is run under duplicate-2017 alone.
  - L48 of 2017 in English (only the French translation, bridgecode2017.ecolebridgetoulon.fr) and
    of 1997: the L48 case is run under duplicate-2007 alone.
  - L53B (to which L47F1 sends): no case on L47F1.

Found but left out, because the transcript format cannot say what the law turns on (no new line
form is invented):
  - L46 (2017, thesmolens.com/LawsDupBridge/law46.html: "If declarer in playing from dummy calls
    'high' ... 'win' ... 'low' ... designates a suit but not a rank ... a rank but not a suit ...
    calls for a card that is not in dummy ... 'play anything'"): every paragraph turns on the words
    declarer said; `play N CARD` records the card, not the words.
  - L45C4(b) and L47C within their time limit: whether a designation was "unintended", "a slip of
    the tongue" or "a reconsideration of action". What the record can say is the time limit: a
    withdrawal after declarer "next plays a card from either his own hand or from dummy" is no
    permitted change whatever was intended (the L45C4 case below).
  - L47E1 and E2: that an opponent mistakenly informed the player it was his turn, or gave a
    mistaken explanation; a `note` is free text that no ruling reads.
  - L48B: "declarer faces his cards" (his whole hand, as a claim): `expose` names one card, and
    the record cannot say whether declarer "demonstrably did not intend to claim".

The words of the rulings (irregularity `kind`s; existing words where the docs have them):
    illegal-retraction  (examiner's word) a played card taken back when no paragraph of L47 allows
                        it: "Except as this Law specifies, a card once played may not be withdrawn"
                        (L47F2). seat: the player who took it back (for dummy's card, declarer,
                        who plays dummy's cards: L45B, C4(b)); event: the `withdraw` line; trick:
                        the trick the card was played to; laws[0]: "47F" (or "47F2"); the dummy
                        case also cites "45C4". No `penalty` choice (L47F2 gives none). The card
                        stays played: it stays in its trick, it counts there (who won the trick,
                        the score), it is no penalty card (`exposed` does not list it: it is
                        played, not exposed), and no card is owed in its place (no `missed-trick`).
    missed-trick        (existing, docs/laws via the L67 examination) a trick short of a player's
                        card: must NOT appear for a card that stays played.
    lead-out-of-turn    (existing) must NOT appear when the rightful leader leads, the trick the
                        card stayed in being complete.
    revoke              (existing, docs/json.md) `status` "corrected" when the revoker withdrew the
                        card and substituted a legal one before it was established (L62B).
    exposed[]           (existing, docs/json.md) the penalty cards, each with its `law` and
                        `penalty_card` "major"/"minor": a defender's card withdrawn to correct his
                        revoke is listed, law "62B1", "major" (L62B1); a card withdrawn by declarer
                        (L62B2) or by a non-offender (L62C1, L47D) is not listed.
    penalty-card-not-played
                        (existing, the penalty-card examination) must NOT appear for declarer's
                        exposed card (L48A: "not required to play any card dropped accidentally").
Under a duplicate code no irregularity read here carries a `code` key (none is ruled by the 1912
code): each case checks it.

How the transcript expresses each act (the lines of docs/transcripts.md; no new line form):
  - A card played: `play SEAT CARD`; for dummy, declarer's designation of dummy's card (L45B, C4(a)).
  - A played card taken back: `withdraw SEAT CARD` ("a played card is taken back"), for dummy's
    card by declarer. Whether the law allows it is for the rulings to say.
  - Declarer's card dropped face up: `expose S CARD` (docs/transcripts.md: "a card exposed
    (dropped face up ...)").

Readings where the text leaves room:
  - L47F2 "a card once played may not be withdrawn": the taking back is an irregularity the
    rulings list, and the card is treated as still played (not as a card back in the hand).
  - A card of dummy's taken back with no other card designated in its place is no "change of
    designation" (L45C4(b), L47C): nothing was designated instead; so L47F2.
  - L47D "After an opponent's change of play": the revoker's withdrawal and substitution of a legal
    card (L62B) is a change of play; the non-offender's withdrawal is the one L62C1 allows ("any
    card he may have played after the revoke but before attention was drawn to it"). A card so
    withdrawn by a defender is no penalty card: L47D "without further rectification", L62C1
    "withdraw and return to his hand" (and L49 excepts "application of law").
  - Paragraph names: `laws[0]` is matched by its prefix ("47F" matches "47F2").

The deal of every hand: 4H by South, neither side vulnerable, West leads.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
Events 1-5 are the head (hand, dealer, deal, contract, vulnerability); the first card is event 6.
The score is read from `handrec score exam --json` (docs/json.md), on a store in the test's tmp_path.
"""

from __future__ import annotations

from conftest import events_of
from exam_board import T1_E, T1_S, cites, first, head, kinds, no_choice, one, pcards, plays, revokes_by, score

from projections.moment import rulings_at

# Written from the law text before the rulings were run (L45, L47, L48 under the duplicate codes).



def rule(body: str, ruleset: str = "duplicate-2017", n: int | None = None) -> dict:
    return rulings_at(events_of(head(ruleset) + body), n)


def no_1912(out: dict) -> None:
    assert all("code" not in r for r in out["irregularities"]), out["irregularities"]


def where(r: dict) -> tuple:
    return r["seat"], r["event"], r.get("trick")


def leads(out: dict) -> list[tuple[str, int]]:
    return [(r["seat"], r["event"]) for r in kinds(out, "lead-out-of-turn")]


def laws_of_exposed(out: dict) -> list[tuple[str, str, str]]:
    return [(x["seat"], x["card"], x["law"]) for x in out["exposed"]]


# ---------------------------------------------------------------- L47F2: a played card may not be withdrawn


# Trick 1: West leads the C2 (6), North the C6 (7), East wins with the CA (8), South the C5 (9).
# East then takes his CA back (10). The hand is played out (11-58) without East ever playing the
# CA again: trick 2 East's DA (11-14), trick 3 his DK (15-18), trick 4 his DQ ruffed by South
# (19-22), tricks 5-8 South's trumps (23-38), trick 9 West's SA (39-42), tricks 10-13 East's DJ,
# CK, CQ, CJ (43-58).
EAST_TAKES_BACK_CA = T1_E + "withdraw E CA\n" + plays(
    "E DA S D6 W D2 N D8  E DK S D7 W D3 N D9  E DQ S HT W D4 N DT  S HA W H2 N H6 E H4"
    "  S HK W H3 N H7 E H5  S HQ W SJ N H8 E C9  S HJ W SQ N H9 E CT  S S3 W SA N S8 E S2"
    "  W D5 N C7 E DJ S S4  E CK S S5 W C3 N C8  E CQ S S6 W C4 N S9  E CJ S S7 W SK N ST")


def test_law47f2_a_defender_takes_back_his_winning_card_after_the_trick_it_stays_played(tmp_path):
    # "F. Other Retraction ... 2. Except as this Law specifies, a card once played may not be
    # withdrawn." (2017 L47F2). East's CA, played to trick 1 (8), is taken back (10) with no
    # rectification, no illegal play, no change of designation, no change of play by an opponent
    # and no misinformation (L47A-E): it may not be withdrawn. It stays played: in trick 1, which
    # it won; no card is owed in its place (no missed-trick); East leads trick 2 in turn (11).
    # It is no penalty card: a played card, not an exposed one. Played out, EW won tricks 1, 2, 3,
    # 9, 10, 11, 12, 13: NS 5 tricks, 4H five down, NS -250.
    out = rule(EAST_TAKES_BACK_CA, n=11)
    r = one(out, "illegal-retraction")
    assert where(r) == ("E", 10, 1) and first(r, "47F")
    assert no_choice(r)
    assert kinds(out, "missed-trick") == [] and leads(out) == []
    assert out["revokes"] == [] and out["exposed"] == []
    no_1912(out)
    s = score(tmp_path, EAST_TAKES_BACK_CA)
    assert s["tricks"] == {"NS": 5, "EW": 8}
    assert s["score"] == {"NS": -250, "EW": 250}


def test_law47f2_a_defender_takes_back_his_card_in_the_middle_of_the_trick_it_stays_played():
    # Trick 1: West leads the H2 (6), North the H6 (7), East the H4 (8); East takes the H4 back
    # (9) and plays nothing in its place; South wins with the HA (10). "Except as this Law
    # specifies, a card once played may not be withdrawn." (2017 L47F2): the H4 is East's card in
    # trick 1, which is complete (South's HA won it). South leads the HK to trick 2 in turn (11);
    # West, North follow (12, 13) and East follows with the H5 (14), the heart he holds: no
    # revoke, no missed trick, no penalty card.
    body = plays("W H2 N H6 E H4") + "withdraw E H4\n" + plays("S HA  S HK W H3 N H7 E H5")
    out = rule(body)
    r = one(out, "illegal-retraction")
    assert where(r) == ("E", 9, 1) and first(r, "47F")
    assert no_choice(r)
    assert kinds(out, "missed-trick") == [] and leads(out) == []
    assert out["revokes"] == [] and out["exposed"] == []
    no_1912(out)


def test_law47f2_the_opening_lead_taken_back_stays_led_dummy_plays_to_it_in_turn():
    # West leads the H2 (6) and takes it back (7). "Except as this Law specifies, a card once
    # played may not be withdrawn." (2017 L47F2; L47E2(a) lets an opening lead be retracted only
    # after a mistaken explanation, which the record does not hold). The H2 stays led: North's
    # H6 (8) is a play to trick 1 in turn, no lead out of turn; East (9) and South (10) follow.
    # The H2 is a card played, not a penalty card.
    body = plays("W H2") + "withdraw W H2\n" + plays("N H6 E H4 S HA")
    out = rule(body)
    r = one(out, "illegal-retraction")
    assert where(r) == ("W", 7, 1) and first(r, "47F")
    assert no_choice(r)
    assert leads(out) == [] and kinds(out, "missed-trick") == []
    assert out["exposed"] == [] and out["revokes"] == []
    no_1912(out)


def test_law47f2_declarer_takes_back_his_own_card_it_stays_played():
    # Trick 1: West leads the D2 (6), North the D8 (7), East wins with the DA (8), South the D6
    # (9). South takes the D6 back (10). L45C2: "Declarer is deemed to have played a card from his
    # hand if it is: held face up, touching or nearly touching the table"; L47F2: "a card once
    # played may not be withdrawn." The D6 stays in trick 1: East leads the DK (11) in turn and
    # South follows with the D7 (12), West, North (13, 14): no revoke, no missed trick. L48A (2007,
    # "no card of declarer's ... hand ever becomes a penalty card") and L47F: nothing exposed.
    body = plays("W D2 N D8 E DA S D6") + "withdraw S D6\n" + plays("E DK S D7 W D3 N D9")
    out = rule(body)
    r = one(out, "illegal-retraction")
    assert where(r) == ("S", 10, 1) and first(r, "47F")
    assert no_choice(r)
    assert kinds(out, "missed-trick") == [] and leads(out) == []
    assert out["revokes"] == [] and out["exposed"] == []
    no_1912(out)


# ---------------------------------------------------------------- L45C4: declarer's designation of dummy's card


def test_law45c4b_dummys_card_taken_back_after_declarer_next_played_from_his_hand():
    # Trick 1: West leads the H2 (6); declarer designates dummy's H6 (7): "A card is played if a
    # player names or otherwise designates it as the card he proposes to play" (2017 L45C4(a));
    # East plays the H4 (8), South the HA (9). Declarer then takes dummy's H6 back (10). "Declarer
    # may correct an unintended designation of a card from dummy until he next plays a card from
    # either his own hand or from dummy." (L45C4(b)): he has since played the HA from his own hand,
    # so no correction is permitted whatever he intended, and L47C ("after a change of
    # designation permitted by Law 45C4(b)") does not apply: L47F2, the H6 stays played. Declarer
    # (who plays dummy's cards) took it back. South leads the HK (11); West, North (the H7, 13),
    # East follow: no missed trick, no lead out of turn.
    body = plays("W H2 N H6 E H4 S HA") + "withdraw N H6\n" + plays("S HK W H3 N H7 E H5")
    out = rule(body)
    r = one(out, "illegal-retraction")
    assert where(r) == ("S", 10, 1) and first(r, "47F")
    assert cites(r, "45C4")
    assert no_choice(r)
    assert kinds(out, "missed-trick") == [] and leads(out) == []
    assert out["revokes"] == [] and out["exposed"] == []
    no_1912(out)


def test_law45c4a_dummys_card_taken_back_with_nothing_designated_in_its_place():
    # Trick 1: West leads the H2 (6); declarer designates dummy's H6 (7), "A card is played if a
    # player names or otherwise designates it" (2017 L45C4(a)), and takes it back (8) without
    # designating another: no "change of designation" (L45C4(b), L47C), so "a card once played may
    # not be withdrawn" (L47F2). The H6 stays in trick 1: East's H4 (9) is played in turn, South's
    # HA (10) completes the trick.
    body = plays("W H2 N H6") + "withdraw N H6\n" + plays("E H4 S HA")
    out = rule(body)
    r = one(out, "illegal-retraction")
    assert where(r) == ("S", 8, 1) and first(r, "47F")
    assert no_choice(r)
    assert kinds(out, "missed-trick") == [] and leads(out) == []
    assert out["exposed"] == [] and out["revokes"] == []
    no_1912(out)


# ---------------------------------------------------------------- L47A, B: retraction in rectification, to correct an illegal play


def test_law47a_l62b1_a_defenders_card_withdrawn_to_correct_his_revoke_is_a_major_penalty_card():
    # Trick 1: West leads the SA (6), North the S8 (7); East, holding the S2, plays the C9 (8);
    # South the S3 (9). East withdraws the C9 (10) and plays the S2 (11) before the revoke is
    # established. L47A: "A card once played may be withdrawn when required by rectification
    # following an irregularity (but a defender's withdrawn card may become a penalty card, see
    # Law 49)"; L47B: "A played card may be withdrawn to correct an illegal play"; L62B: "To
    # correct a revoke the offender withdraws the card he played and substitutes a legal card. 1.
    # A card so withdrawn becomes a major penalty card (Law 50) if it was played from a
    # defender's unfaced hand." A lawful retraction: no illegal-retraction; the revoke corrected;
    # the C9 a major penalty card, by L62B1.
    body = plays("W SA N S8 E C9 S S3") + "withdraw E C9\nplay E S2\n"
    out = rule(body)
    assert kinds(out, "illegal-retraction") == []
    (rv,) = revokes_by(out, "E")
    assert (rv["trick"], rv["status"]) == (1, "corrected")
    assert laws_of_exposed(out) == [("E", "C9", "62B1")]
    assert pcards(out) == [("E", "C9", "major")]
    no_1912(out)


def test_law47b_l62b2_declarers_card_withdrawn_to_correct_his_revoke_goes_back_without_rectification():
    # East wins trick 1 (CA, 6-9) and leads the DA (10); South, holding the D7 and D6, ruffs with
    # the HT (11): a revoke. He withdraws the HT (12) and plays the D6 (13); West, North follow
    # (14, 15). L47B: "A played card may be withdrawn to correct an illegal play"; L62B2: "The
    # card may be replaced without further rectification if it was played from declarer's ...
    # hand". The HT is back in South's hand, no penalty card: when East leads the DK (16) South
    # follows with the D7 (17), and when East leads the DQ (20) South, void now, ruffs with the HT
    # (21). No illegal-retraction, the revoke corrected, nothing exposed, no choice.
    body = T1_E + plays("E DA S HT") + "withdraw S HT\n" \
        + plays("S D6 W D2 N D8  E DK S D7 W D3 N D9  E DQ S HT W D4 N DT")
    out = rule(body)
    assert kinds(out, "illegal-retraction") == []
    (rv,) = revokes_by(out, "S")
    assert (rv["trick"], rv["status"]) == (2, "corrected")
    assert out["exposed"] == []
    assert out["irregularities"] == [] or all(no_choice(r) for r in out["irregularities"])
    no_1912(out)


# ---------------------------------------------------------------- L47D: after an opponent's change of play


def test_law47d_l62c1_a_defender_withdraws_his_card_after_declarers_revoke_is_corrected_no_penalty():
    # East wins trick 1 (CA, 6-9) and leads the DA (10); South revokes with the HT (11); West
    # plays the D2 (12). South corrects: withdraws the HT (13), plays the D6 (14). West then
    # withdraws his D2 (15) and plays the D3 (16); North the D8 (17). L62C1: "Each member of the
    # non-offending side may withdraw and return to his hand any card he may have played after the
    # revoke but before attention was drawn to it"; L47D: "After an opponent's change of play a
    # played card may be withdrawn and returned to the hand without further rectification and
    # another card may be substituted." The D2 is West's again, no penalty card: he plays it to
    # East's DK at trick 3 (20). No illegal-retraction; no ruling against West.
    body = T1_E + plays("E DA S HT W D2") + "withdraw S HT\nplay S D6\nwithdraw W D2\n" \
        + plays("W D3 N D8  E DK S D7 W D2 N D9")
    for n in (15, 16, 17):
        out = rule(body, n=n)
        assert out["exposed"] == [], n
        assert kinds(out, "illegal-retraction") == [], n
    out = rule(body)
    assert kinds(out, "illegal-retraction") == []
    assert [r for r in out["irregularities"] if r["seat"] == "W"] == []
    (rv,) = revokes_by(out, "S")
    assert (rv["trick"], rv["status"]) == (2, "corrected")
    assert out["exposed"] == [] and revokes_by(out, "W") == []
    no_1912(out)


def test_law47d_l62c1_declarer_withdraws_his_card_after_a_defenders_revoke_is_corrected():
    # Trick 1: West leads the SA (6), North the S8 (7), East revokes with the C9 (8), South plays
    # the S3 (9). East corrects: withdraws the C9 (10), plays the S2 (11); the C9 is a major
    # penalty card (L62B1). South, non-offender, played after the revoke: he withdraws the S3 (12)
    # and plays the S4 (13): "Each member of the non-offending side may withdraw and return to his
    # hand any card he may have played after the revoke but before attention was drawn to it"
    # (L62C1); "After an opponent's change of play a played card may be withdrawn and returned to
    # the hand without further rectification" (L47D). West's SA wins; he leads the SK (14), North
    # the S9 (15), East discards his penalty card C9 at this first legal opportunity (16), and
    # South plays the S3 (17), back in his hand.
    body = plays("W SA N S8 E C9 S S3") + "withdraw E C9\nplay E S2\nwithdraw S S3\n" \
        + plays("S S4  W SK N S9 E C9 S S3")
    out = rule(body, n=13)
    assert kinds(out, "illegal-retraction") == []
    assert pcards(out) == [("E", "C9", "major")]
    out = rule(body)
    assert kinds(out, "illegal-retraction") == []
    assert [r for r in out["irregularities"] if r["seat"] == "S"] == []
    (rv,) = revokes_by(out, "E")
    assert (rv["trick"], rv["status"]) == (1, "corrected")
    assert out["exposed"] == [] and kinds(out, "penalty-card-not-played") == []
    no_1912(out)


# ---------------------------------------------------------------- L48A: declarer's exposed card


def test_law48a_2007_declarers_dropped_card_no_penalty_and_he_need_not_play_it():
    # South wins trick 1 (HA, 6-9) and drops the D7 face up (10). 2007 L48A: "Declarer is not
    # subject to restriction for exposing a card ..., and no card of declarer's or dummy's hand
    # ever becomes a penalty card. Declarer is not required to play any card dropped
    # accidentally." South leads the HK (11-14), then the D6 (15), not the D7; West, North,
    # East follow (16-18). Nothing exposed, no penalty card not played, no choice for anyone.
    body = T1_S + "expose S D7\n" + plays("S HK W H3 N H7 E H5  S D6 W D2 N D8 E DA")
    for n in (10, 18):
        out = rule(body, "duplicate-2007", n)
        assert out["exposed"] == [], n
        assert kinds(out, "penalty-card-not-played") == [], n
        assert all(no_choice(r) for r in out["irregularities"]), out["irregularities"]
        assert all(first(r, "48") for r in out["irregularities"] if r["seat"] == "S"), out["irregularities"]
        no_1912(out)
