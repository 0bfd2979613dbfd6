"""An examination of the duplicate rulings on leads out of turn against the law text (L53-L56).

Every case below was written from the text of the Laws of Duplicate Bridge, before the rulings were
run, and states the ruling the words give. The text was found with the `search` tool, in these
copies (quoted in each case's comment; "2017" = the 2017 code, "2007" = the 2007 code):

- L53A, L53B (2017): the South Waikato club's transcription of the 2017 laws
  (south-waikato.bridge-club.org/node/580, 2017) and the Welsh Bridge Union's quotation of L53A
  (2020); L53C (2017): thesmolens.com/LawsDupBridge/law53.html, whose L53A and L53B are word for
  word the 2017 text (the page does not name its edition, so it is not used as the 2007 text).
- L53 (1997): two fragments of the 1997 code (bridge.dk/laws/laws97e): "... to the irregular lead,
  but see Law 47E1. (If no acceptance statement or play is made, the Director will require that
  the lead be made from the correct hand.)" and "... to the irregular lead, the lead stands and Law
  57 applies. But see C below." So in 1997 the wrong defender's play to declarer's irregular lead
  is L53B (2017: L53C) and the proper lead made after the irregular one is L53C (2017: L53B).
- L54 (2017): the text as quoted in full on the BBO forum (2021) and on the EBU TDs' forum (54A):
  A "Declarer Spreads His Hand", B "Declarer Accepts Lead", C "Declarer Must Accept Lead",
  D "Declarer Refuses Opening Lead", E "Opening Lead by Wrong Side".
- L55 (2007): pzbs.pl/sedziowie/mpb/2007/ang/law55.htm, the whole law (A, B1, B2, C); L55A (2017):
  the Welsh Bridge Union's quotation (2020). The 2017 L55A differs from the 2007 one only in
  "the player next in turn to the irregular lead" for 2007's "the player next in turn"; the Greek
  federation's 2017 text (laws.hellasbridge.org/law_55) has the same paragraphs A, B1, B2, C. The
  L55 cases are run under both codes.
- L50B (2007): jfr.pzbs.pl/laws/node9/law50.htm: "any card exposed through deliberate play (as in
  leading out of turn ...) becomes a major penalty card".

Not found (no case rests on them): the words of L56 itself in any code (a forum post of 2013, under
the 2007 code, says "Law 56, Defender's Lead Out of Turn merely refers to Law 54D"; a club's page
gives "Laws 50D, 53, 56 ... Otherwise, the card led becomes a major penalty card"); the 2007 and
1997 text of L54 (a forum post says the 2007 L54 was "identical", which is not the text, so the
L54 cases are run under 2017 only); the 2007 text of L53; the 1997 text of L54, L55 and L56. The
L56 cases are run under 2017 and rest on the 2017 words of L53A and L54D, to which L56 sends a
defender's lead out of turn.

The choices (`penalty.options`, the CHOICE of `elect SEAT CHOICE`), one word each:
    accept   the lead stands, treated as a correct lead (L53A; L54B; L55A; L56)
    retract  the lead is taken back and the right hand leads (L53A "the lead be made from the
             correct hand"; L54D "require a defender to retract"; L55A/L55B "require its
             retraction"); a defender's card so taken back is a major penalty card (L54D)
    spread   L54A: after a faced opening lead out of turn declarer spreads his hand and becomes
             dummy; dummy becomes declarer
Readings where the text leaves room:
- L54 (opening lead out of turn faced by the wrong defender): when declarer simply plays a card to
  it, L53A makes it accepted ("a play is made from the hand next in rotation") and L54B1 ("The
  second card to the trick is played from declarer's hand") keeps him declarer: "accept", not the
  L54A spread (a forum thread argues that the card played "exposes" one of his cards).
- A defender's lead out of turn taken back (L56): the card is listed with law "54D", the paragraph
  whose words make the withdrawn card a major penalty card and to which L56 sends (L50B says it is
  major; L54D says it is a penalty card at all).
- L53B against L53C: when declarer leads out of turn and the defender at the right of the
  irregular lead, who was the one to lead, then faces a card, the record's `withdraw` of
  declarer's card shows it was that defender's proper lead (L53B), not a play to the irregular
  lead (L53C, "but see B").
- `laws[0]` is the paragraph that opens the choice (L55A for declarer's lead; 56 for a defender's;
  a paragraph of 54 for a faced opening lead); the paragraph of the choice made follows it.

The deal of every hand: 4H by South, neither side vulnerable, West leads.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
Events 1-5 are the head (hand, dealer, deal, contract, vulnerability); the first card is event 6.
"""

from __future__ import annotations

import pytest
from conftest import events_of
from exam_board import T1_S, T1_W, head, plays

from projections.moment import rulings_at

# Written from the law text before the rulings existed (issue 22, part 2).

L55_CODES = ["duplicate-2017", "duplicate-2007"]
ALL_CODES = ["duplicate-2017", "duplicate-2007", "duplicate-1997"]


def rule(body: str, ruleset: str = "duplicate-2017", n: int | None = None, options: str = "") -> dict:
    return rulings_at(events_of(head(ruleset, options=options) + body), n)


def exposed(out: dict) -> list[tuple[str, str, str]]:
    return [(x["seat"], x["card"], x["law"]) for x in out["exposed"]]


def leads(out: dict) -> list[tuple[str, int]]:
    """Every lead out of turn ruled, as (seat, event)."""
    return [(r["seat"], r["event"]) for r in out["irregularities"] if r["kind"] == "lead-out-of-turn"]


def lead(out: dict, seat: str, event: int | None = None) -> dict:
    (r,) = [r for r in out["irregularities"] if r["kind"] == "lead-out-of-turn" and r["seat"] == seat
            and (event is None or r["event"] == event)]
    assert "code" not in r  # ruled by the duplicate code, not by auction-1912
    return r


def where(r: dict) -> tuple:
    return r["seat"], r["event"], r["trick"]


def choice(r: dict) -> tuple:
    p = r["penalty"]
    return p["elector"], sorted(p["options"]), p["elected"]


def names(r: dict, law: str) -> bool:
    """The ruling names LAW: among its laws, or in its explanation."""
    return law in r["laws"] or law in r["explanation"]


# Events 6-21: East wins tricks 1-3 with his top clubs (South and North discard or follow), and at
# trick 4 North, void in clubs, ruffs East's CJ with the H6: dummy is to lead trick 5 (event 22).
DUMMY_ON_LEAD = plays("W C2 N C6 E CA S C5  E CK S S3 W C3 N C7  E CQ S S4 W C4 N C8  E CJ S S5 W D2 N H6")
# Events 6-53: twelve tricks; East wins trick 12 and is to lead trick 13 (event 54). Each hand then
# holds one card: North S9, East S2, South S7, West SA.
TWELVE_TRICKS = plays(
    "W H2 N H6 E H4 S HA  S HK W H3 N H7 E H5  S HQ W D2 N H8 E C9  S HJ W D3 N H9 E CT"
    "  S HT W D4 N S8 E CJ  S D6 W D5 N D8 E DA  E DK S D7 W SJ N D9  E DQ S S3 W SQ N DT"
    "  E DJ S S4 W SK N ST  E CA S C5 W C2 N C6  E CK S S5 W C3 N C7  E CQ S S6 W C4 N C8")


# ---------------------------------------------------------------- L53: lead out of turn accepted


@pytest.mark.parametrize("ruleset", L55_CODES)
def test_law53a_declarers_lead_accepted_by_a_statement_of_either_defender(ruleset):
    # West won trick 1; declarer leads the H9 from dummy (10). "It becomes a correct lead if
    # declarer or either defender, as the case may be, accepts it by making a statement to that
    # effect" (L53A); "either defender may accept the lead as provided in Law 53" (L55A). West, not
    # the next in rotation, says so (11); East, South and West then play to it.
    body = T1_W + "play N H9\nelect W accept\n" + plays("E H4 S HA W H2")
    r = lead(rule(body, ruleset, 10), "N")
    assert where(r) == ("N", 10, 2)
    assert choice(r) == ("EW", ["accept", "retract"], None)
    assert r["laws"][0] == "55A" and "53A" in r["laws"]
    out = rule(body, ruleset)
    r = lead(out, "N")
    assert choice(r) == ("EW", ["accept", "retract"], "accept")
    assert leads(out) == [("N", 10)] and exposed(out) == []


@pytest.mark.parametrize("ruleset", ALL_CODES)
def test_law53a_accepted_by_a_play_from_the_hand_next_in_rotation(ruleset):
    # West won trick 1 and is to lead; South leads the HA (10) and West, next in rotation, plays the
    # H2 to it (11): "or if a play is made from the hand next in rotation to the irregular lead"
    # (2017 L53A; 1997: "... to the irregular lead, but see Law 47E1. (If no acceptance statement
    # or play is made, the Director will require that the lead be made from the correct hand.)").
    body = T1_W + plays("S HA W H2 N H6 E H4")
    before = lead(rule(body, ruleset, 10), "S")
    assert where(before) == ("S", 10, 2) and before["penalty"]["elected"] is None
    r = lead(rule(body, ruleset, 11), "S")
    assert r["penalty"]["elected"] == "accept"  # no `elect` line: the play accepted it
    assert "53A" in r["laws"]
    if ruleset != "duplicate-1997":  # "either defender may accept" (L55A; the 1997 L55 not found)
        assert r["penalty"]["elector"] == "EW" and r["laws"][0] == "55A"
    assert leads(rule(body, ruleset)) == [("S", 10)]


def test_law53a_2017_no_lead_out_of_turn_at_the_thirteenth_trick_is_accepted():
    # "Prior to the thirteenth trick, any lead faced out of turn may be treated as a correct lead"
    # (2017 L53A). East won trick 12 and is to lead; West faces his last card, the SA (54). It
    # cannot be accepted, not even by North's play next in rotation (55): "the Director will
    # require that the lead be made from the correct hand". Taken back (55), East leads (56).
    body = TWELVE_TRICKS + "play W SA\n"
    r = lead(rule(body), "W", 54)
    assert where(r) == ("W", 54, 13) and "53A" in r["laws"]
    assert r.get("penalty") is None or "accept" not in r["penalty"]["options"]
    by_play = lead(rule(body + "play N S9\n"), "W", 54)
    assert by_play.get("penalty") is None or by_play["penalty"]["elected"] != "accept"
    out = rule(body + "withdraw W SA\n" + plays("E S2 S S7 W SA N S9"))
    assert leads(out) == [("W", 54)]
    assert exposed(out) == []  # the SA has been played to trick 13


def test_law53b_the_proper_lead_made_after_declarers_irregular_lead_stands():
    # West won trick 1; declarer leads the H9 from dummy (10) and West, whose lead it was, leads
    # the SK (11): "if it was properly the turn to lead of an opponent of the player who led out of
    # turn, that opponent may make his proper lead to the trick of the infraction without his card
    # being deemed played to the irregular lead. When this occurs, the proper lead stands and all
    # cards played in error to this trick may be withdrawn" (2017 L53B). Dummy's H9 is taken back
    # (12); East, South and North play to the SK.
    body = T1_W + "play N H9\nplay W SK\nwithdraw N H9\n" + plays("E CT S S4 N S9")
    out = rule(body)
    r = lead(out, "N")
    assert where(r) == ("N", 10, 2) and "53B" in r["laws"]
    assert leads(out) == [("N", 10)]  # West's SK is no lead out of turn
    assert exposed(out) == []  # declarer's cards are never penalty cards


@pytest.mark.parametrize("ruleset,law", [("duplicate-2017", "53C"), ("duplicate-1997", "53B")])
def test_law53c_wrong_defender_plays_to_declarers_irregular_lead_the_lead_stands(ruleset, law):
    # South won trick 1 and is to lead from his hand; declarer leads the D8 from dummy (10) and
    # West, the defender at dummy's right, plays the D2 to it (11): "If declarer leads out of turn
    # from either his own hand or from dummy, and the defender to the right of the irregular lead
    # plays a card (but see B), the lead stands and Law 57 applies" (2017 L53C; 1997 L53B: "... to
    # the irregular lead, the lead stands and Law 57 applies. But see C below."). B does not apply:
    # the lead was declarer's own, not an opponent's.
    body = T1_S + "play N D8\nplay W D2\n"
    r = lead(rule(body, ruleset), "N")
    assert where(r) == ("N", 10, 2) and law in r["laws"]
    assert r.get("penalty") is None or r["penalty"]["elected"] == "accept"
    assert "57" in r["explanation"]
    late = lead(rule(body + "elect E retract\n", ruleset), "N")  # too late: the lead stands
    assert late.get("penalty") is None or late["penalty"]["elected"] != "retract"


# ---------------------------------------------------------------- L54: faced opening lead out of turn

OPENING_BY_EAST = "play E CA\n"  # event 6: East faces the opening lead; West was to lead


def test_law54_the_opening_lead_out_of_turn_offers_declarer_three_choices():
    # L54A "After a faced opening lead out of turn, declarer may spread his hand; he becomes
    # dummy"; L54B "declarer may accept the irregular lead as provided in Law 53"; L54D "Declarer
    # may require a defender to retract his faced opening lead out of turn".
    r = lead(rule(OPENING_BY_EAST), "E")
    assert where(r) == ("E", 6, 1)
    assert choice(r) == ("S", ["accept", "retract", "spread"], None)
    assert r["laws"][0].startswith("54") and {"54A", "54B", "54D"} <= set(r["laws"])


@pytest.mark.parametrize("how", ["elect S spread\n", "expose S HA\n"])
def test_law54a_declarer_spreads_his_hand_and_becomes_dummy(how):
    # "After a faced opening lead out of turn, declarer may spread his hand; he becomes dummy. If
    # declarer begins to spread his hand, and in doing so exposes one or more cards, he must spread
    # his entire hand. Dummy becomes declarer." (L54A). By statement, or by South exposing his HA
    # (7). The play goes on from East: South (now dummy) C5, West C2, North C6; East leads trick 2.
    body = OPENING_BY_EAST + how + plays("S C5 W C2 N C6 E DA")
    r = lead(rule(body, n=7), "E")
    assert r["penalty"]["elected"] == "spread" and "54A" in r["laws"]
    out = rule(body)
    assert leads(out) == [("E", 6)]
    assert exposed(out) == []  # South's cards are declarer's, then dummy's: never penalty cards


@pytest.mark.parametrize("how,first", [("elect S accept\n", 8), ("", 7)])
def test_law54b_declarer_accepts_the_opening_lead_and_plays_second(how, first):
    # "When a defender faces the opening lead out of turn declarer may accept the irregular lead as
    # provided in Law 53, and dummy is spread in accordance with Law 41. 1. The second card to the
    # trick is played from declarer's hand." (L54B). Accepted by statement (7), or by South's play
    # of the C5, "a play ... from the hand next in rotation to the irregular lead" (L53A).
    body = OPENING_BY_EAST + how + plays("S C5 W C2 N C6 E DA")
    r = lead(rule(body, n=first), "E")
    assert r["penalty"]["elected"] == "accept" and "54B" in r["laws"]
    if not how:
        assert "53A" in r["laws"]
    out = rule(body)
    assert leads(out) == [("E", 6)] and exposed(out) == []


def test_law54c_declarer_who_could_have_seen_a_dummy_card_must_accept():
    # "If declarer could have seen any of dummy's cards (except cards that dummy may have exposed
    # during the auction and that were subject to Law 24), he must accept the lead and the presumed
    # declarer then becomes declarer." (L54C). North begins to spread and exposes the H9 (7).
    body = OPENING_BY_EAST + "expose N H9\n"
    r = lead(rule(body), "E")
    assert r["penalty"]["elected"] == "accept" and "54C" in r["laws"]
    assert "spread" not in r["penalty"]["options"] and "retract" not in r["penalty"]["options"]
    out = rule(body + "elect S retract\n")  # no longer his to choose
    assert lead(out, "E")["penalty"]["elected"] == "accept"
    assert ("E", "CA") not in [(s, c) for s, c, _ in exposed(out)]


def test_law54d_declarer_refuses_the_opening_lead_a_major_penalty_card():
    # "Declarer may require a defender to retract his faced opening lead out of turn. The withdrawn
    # card becomes a major penalty card and Law 50D applies." (L54D). South refuses (7), East takes
    # back the CA (8), West leads the SA (9); East follows with the S2, the CA still on the table.
    body = OPENING_BY_EAST + "elect S retract\nwithdraw E CA\n" + plays("W SA N S8 E S2 S S3")
    r = lead(rule(body, n=8), "E")
    assert choice(r) == ("S", ["accept", "retract", "spread"], "retract")
    assert "54D" in r["laws"] and names(r, "50D")
    assert exposed(rule(body, n=8)) == [("E", "CA", "54D")]
    out = rule(body)
    assert leads(out) == [("E", 6)]  # West's lead is the correct one
    assert exposed(out) == [("E", "CA", "54D")]


# ---------------------------------------------------------------- L55: declarer's lead out of turn


@pytest.mark.parametrize("ruleset", L55_CODES)
@pytest.mark.parametrize("said,prevails", [("elect E retract\nelect W accept\n", "accept"),
                                           ("elect W retract\nelect E accept\n", "retract")])
def test_law55a_the_defenders_choose_differently_the_next_in_turn_prevails(ruleset, said, prevails):
    # West won trick 1; South leads the HA (10). "If declarer has led out of turn from his or
    # dummy's hand then either defender may accept the lead as provided in Law 53 or require its
    # retraction ... If the defenders choose differently then the option expressed by the player
    # next in turn to the irregular lead shall prevail." (2017 L55A; 2007: "the player next in
    # turn"). West is next in turn to South's lead.
    body = T1_W + "play S HA\n" + said
    r = lead(rule(body, ruleset), "S")
    assert where(r) == ("S", 10, 2) and r["laws"][0] == "55A"
    assert choice(r) == ("EW", ["accept", "retract"], prevails)


@pytest.mark.parametrize("ruleset", L55_CODES)
def test_law55b1_declarer_led_when_a_defender_was_to_lead_retracted(ruleset):
    # West won trick 1; South leads the HA (10), West requires its retraction (11), the HA goes
    # back (12) and West leads the SK (13). "If declarer has led from his or dummy's hand when it
    # was a defender's turn to lead, and if either defender requires him to retract such lead,
    # declarer restores the card led in error to the proper hand. No further rectification
    # applies." (L55B1). "When declarer adopts a line of play that could have been based on
    # information obtained through the infraction, the Director may award an adjusted score." (L55C)
    body = T1_W + "play S HA\nelect W retract\nwithdraw S HA\n" + plays("W SK N S9 E C9 S S4")
    out = rule(body, ruleset)
    r = lead(out, "S")
    assert choice(r) == ("EW", ["accept", "retract"], "retract")
    assert r["laws"][0] == "55A" and "55B1" in r["laws"]
    assert "Director" in r["explanation"]
    assert leads(out) == [("S", 10)]
    assert exposed(out) == []


@pytest.mark.parametrize("ruleset", L55_CODES)
def test_law55b2_declarer_led_from_dummy_when_his_own_hand_was_to_lead(ruleset):
    # South won trick 1; declarer leads the D8 from dummy (10), East requires its retraction (11),
    # the D8 goes back (12) and South leads the D6 (13). "If declarer has led from the wrong hand
    # when it was his turn to lead from his hand or dummy's, and if either defender requires him to
    # retract the lead, he withdraws the card led in error. He must lead from the correct hand."
    # (L55B2); L55C leaves the Director a judgment.
    body = T1_S + "play N D8\nelect E retract\nwithdraw N D8\n" + plays("S D6 W D2 N D8 E DA")
    out = rule(body, ruleset)
    r = lead(out, "N")
    assert where(r) == ("N", 10, 2)
    assert choice(r) == ("EW", ["accept", "retract"], "retract")
    assert r["laws"][0] == "55A" and "55B2" in r["laws"]
    assert "Director" in r["explanation"]
    assert leads(out) == [("N", 10)]
    assert exposed(out) == []


@pytest.mark.parametrize("ruleset", L55_CODES)
def test_law55b2_declarer_led_from_his_hand_when_dummy_was_to_lead_must_lead_from_dummy(ruleset):
    # Dummy ruffed trick 4 and is to lead; South leads the HA (22), West requires its retraction
    # (23), the HA goes back (24). "He must lead from the correct hand" (L55B2): the lead from dummy
    # (25) is correct; a second lead from South's hand (25) is a new lead out of turn.
    retracted = DUMMY_ON_LEAD + "play S HA\nelect W retract\nwithdraw S HA\n"
    r = lead(rule(retracted, ruleset), "S", 22)
    assert where(r) == ("S", 22, 5) and "55B2" in r["laws"]
    assert choice(r) == ("EW", ["accept", "retract"], "retract")
    right = rule(retracted + plays("N H7 E H4 S HA W H2"), ruleset)
    assert leads(right) == [("S", 22)] and exposed(right) == []
    wrong = rule(retracted + "play S HK\n", ruleset)
    assert leads(wrong) == [("S", 22), ("S", 25)]
    assert where(lead(wrong, "S", 25)) == ("S", 25, 5)


# ---------------------------------------------------------------- L56: a defender's lead out of turn


def test_law56_defender_leads_when_declarer_was_to_lead_the_card_becomes_a_major_penalty_card():
    # South won trick 1; East leads the DA (10). Declarer may accept it (L53A: "declarer or either
    # defender, as the case may be, accepts it"); he refuses (11), the DA is taken back (12):
    # "The withdrawn card becomes a major penalty card and Law 50D applies." (L54D, to which L56
    # sends). South leads the D6 (13) and East must play the DA to it (16), "at the first legal
    # opportunity" (L50D1).
    body = T1_S + "play E DA\n"
    r = lead(rule(body), "E")
    assert where(r) == ("E", 10, 2) and r["laws"][0] == "56"
    assert choice(r) == ("S", ["accept", "retract"], None)
    body += "elect S retract\nwithdraw E DA\n" + plays("S D6 W D2 N D8 E DA")
    r = lead(rule(body, n=12), "E")
    assert r["penalty"]["elected"] == "retract" and names(r, "54D") and names(r, "50D")
    assert exposed(rule(body, n=12)) == [("E", "DA", "54D")]
    assert leads(rule(body, n=13)) == [("E", 10)]  # South's lead is the correct one
    assert exposed(rule(body)) == []  # played to trick 2


@pytest.mark.parametrize("after,elected,penalty_cards", [
    (plays("S D6 W D2 N D8"), "accept", []),  # declarer plays to it: "a play ... next in rotation"
    ("elect S retract\nwithdraw E DA\nplay W SK\n", "retract", [("E", "DA", "54D")]),
])
def test_law56_defender_leads_when_his_partner_was_to_lead(after, elected, penalty_cards):
    # West won trick 1; East leads the DA (10). Accepted by South's play of the D6 (11), the hand
    # next in rotation (L53A); or refused: the DA becomes a major penalty card (L54D) and West, whose
    # lead it was, leads (13): no lead out of turn.
    body = T1_W + "play E DA\n" + after
    out = rule(body)
    r = lead(out, "E")
    assert where(r) == ("E", 10, 2) and r["laws"][0] == "56"
    assert choice(r) == ("S", ["accept", "retract"], elected)
    if elected == "accept":
        assert "53A" in r["laws"]
    else:
        assert names(r, "50D")
    assert leads(out) == [("E", 10)]
    assert exposed(out) == penalty_cards


def test_law56_defender_leads_when_dummy_was_to_lead_accepted_by_declarers_statement():
    # Dummy ruffed trick 4 and is to lead; West leads the SA (22). South accepts it (23): "It
    # becomes a correct lead if declarer ... accepts it by making a statement to that effect"
    # (L53A). Dummy, East and South follow to it.
    body = DUMMY_ON_LEAD + "play W SA\nelect S accept\n" + plays("N S8 E S2 S S6")
    r = lead(rule(body, n=22), "W")
    assert where(r) == ("W", 22, 5) and r["laws"][0] == "56"
    assert choice(r) == ("S", ["accept", "retract"], None)
    out = rule(body)
    r = lead(out, "W")
    assert choice(r) == ("S", ["accept", "retract"], "accept") and "53A" in r["laws"]
    assert leads(out) == [("W", 22)] and exposed(out) == []
