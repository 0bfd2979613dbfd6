"""An examination of the duplicate rulings on premature leads and plays against the law text (L57-L60).

Every case below was written from the text of the Laws of Duplicate Bridge, before the rulings were
run, and states the ruling the words give. The text was found with the `search` tool, in these
copies (quoted in each case's comment; "2017" = the 2017 code, "2007" = the 2007 code):

- L57 (2017), the whole law (A, B, C1-C3, D): pzbs.pl/sedziowie/mpb/2017/en/l57.html; L57A is
  quoted word for word the same on the EBU TDs' forum ("Law 57A", with its four numbered options).
- L58 (2017), L59 (2017), L60 (2017): pzbs.pl/sedziowie/mpb/2017/en/l58.html and l60.html, and the
  South Waikato club's transcription of the 2017 laws (south-waikato.bridge-club.org/node/581,
  2017: L58, L59, L60A); L59 also as quoted by the Welsh Bridge Union (2020): "A player may play
  any otherwise legal card if he is unable to lead or play as required to comply with a
  rectification, whether because he holds no card of the required suit, or because he has only
  cards of a suit he is prohibited from leading, or because he is obliged to follow suit."
- L57A (2007): quoted on the BBO forum in June 2010 (RMB1), under the 2007 code then in force:
  "... the card so led or played becomes a major penalty card, and declarer selects one of the
  following options. He may: 1. require offender's partner to play the highest card he holds of
  the suit led, or 2. require offender's partner to play the lowest card he holds of the suit led,
  or 3. forbid offender's partner to play a card of another suit specified by declarer." A 2009
  BBO post quoting a director's handbook agrees ("Declarer has three options"). The 2017 code adds
  the option "require offender's partner to play a card of another suit specified by declarer".
- L57C and L53B (2007): a director's blog (rmbarkerlaws.blogspot.com, April 2011), under the 2007
  code: "B. Wrong Defender Plays Card to Declarer's Irregular Lead. If the defender at the right of
  the hand from which declarer's lead out of turn was made plays to the irregular lead (but see C),
  the lead stands and Law 57 applies", and L57C: "A defender is not subject to rectification for
  playing before his partner if declarer has played from both hands, ...". L53C (2017):
  thesmolens.com/LawsDupBridge/law53.html (as in the leads examination).

Not found (no case rests on them): the 1997 text of L57, L58, L59 and L60 (bridge.dk's 1997 pages
give only "the lead stands and Law 57 applies" of L53B); the 2007 English text of L57B, of
declarer's premature play (2017 L57C3), of L57D, L58, L59 and L60 (a Norwegian translation,
lovboka.org, whose L58B3 cites "§ 16D" as the 2007 code does, reads like the 2017 L58 and L60 with
"§ 53C" for 2017's "53B" in L60A2; a translation is not the text, so no 2007 case rests on it).
So the 2007 cases are L57A's options and L57C's "played from both hands"; every other case is run
under 2017 only. L57C2 (dummy "of his own volition prematurely selected a card ... or has
illegally suggested that one be played") has no case: no transcript line says that dummy acted
on his own (`play N CARD` is declarer's play from dummy).

The words of the rulings (`kind`, `penalty.options`, the CHOICE of `elect SEAT CHOICE [SUIT]`):
    premature-play  the irregularity kind of a defender's premature lead or play (L57A), of a
                    defender's play at his RHO's turn (L57D), of the card that L58A deems
                    subsequent to another player's legal lead or play, and of declarer's premature
                    play (L57C3); `laws[0]` is the paragraph that rules it
    highest         "require offender's partner to play the highest card he holds of the suit led"
    lowest          "require offender's partner to play the lowest card he holds of the suit led"
    lead SUIT       "require offender's partner to play a card of another suit specified by
                    declarer" (2017 only): the text calls it a suit specified, so the word is the
                    vocabulary's `lead SUIT` for a suit declarer requires (L50D2), not `other`
    forbid SUIT     "forbid offender's partner to play a card of another suit specified by declarer"
The elector is declarer, "S". A penalty card is listed in `exposed` with the paragraph that makes
it one ("57A", "57D", "60B") and `penalty_card` "major" (each of those paragraphs says "major").

One line form is introduced: `play SEAT CARD SEAT CARD`, two players' cards faced at the same
moment (L58A); the order on the line says nothing, the law decides which counts first.

Readings where the text leaves room:
- A card is recorded once. A premature card that is the offender's legal card at his own turn (a
  major penalty card "must be played at the first legal opportunity", L50D1; L57D: "it must be
  played at his proper turn") counts there without a second `play` line. When it cannot be
  played there, the offender's card to that trick is a new `play` line, and the premature card
  stays on the table as a penalty card.
- A premature lead "to the next trick before his partner has played to the current trick": its
  `trick` is the current trick, the one the partner has still to play to, and "the suit led" of
  the options is the suit led to it: the options govern the partner's play to that trick.
- Declarer may select "a card of another suit" while the partner can follow suit; the partner,
  "obliged to follow suit", then may play any legal card (L59). Either way that L57B/L59 frees the
  partner, the ruling names 57B or 59 and there is no revoke.
- Declarer's premature play (L57C3) is listed as a premature-play with `laws[0]` "57C3" and no
  penalty: "is a played card and if legal may not be withdrawn" gives no rectification.
- L57D: the ruling names L16 ("Law 16 may apply") and has no choice: the text gives declarer none.
- L60A1: once a non-offender plays after the premature lead, "the right to rectification" is
  forfeited: the ruling names 60A1, the choice is gone (no penalty, or one with no options and
  nothing elected) and the card is no penalty card, "treated as though it were in turn" (L60A2).
- L60B: the defender's card is listed as a penalty card with law "60B"; it is not ruled as a lead
  out of turn for declarer to accept.
- L60C: a play by the offender's partner before declarer selects leaves declarer's choice open.
- L58A: the legal lead or play counts; the other card is deemed subsequent, so it is a premature
  play ruled by L57 like any other (L57A before the partner, L57D at the RHO's turn, nothing at all
  when it then comes in turn); its ruling has "58A" among its laws.

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
from exam_board import T1_E, T1_S, T1_W, head, plays

from projections.moment import rulings_at

# Written from the law text before the rulings existed (issue 22, part 2); L57, L59 and L60 are ruled.

FOUR = ["forbid", "highest", "lead", "lowest"]  # 2017 L57A
THREE = ["forbid", "highest", "lowest"]  # 2007 L57A


def rule(body: str, ruleset: str = "duplicate-2017", n: int | None = None, options: str = "") -> dict:
    return rulings_at(events_of(head(ruleset, options=options) + body), n)


def exposed(out: dict) -> list[tuple[str, str, str, str]]:
    return [(x["seat"], x["card"], x["law"], x["penalty_card"]) for x in out["exposed"]]


def leads(out: dict) -> list[tuple[str, int]]:
    """Every lead out of turn ruled, as (seat, event)."""
    return [(r["seat"], r["event"]) for r in out["irregularities"] if r["kind"] == "lead-out-of-turn"]


def prematures(out: dict) -> list[tuple[str, int]]:
    """Every premature lead or play ruled, as (seat, event)."""
    return [(r["seat"], r["event"]) for r in out["irregularities"] if r["kind"] == "premature-play"]


def premature(out: dict, seat: str, event: int | None = None) -> dict:
    (r,) = [r for r in out["irregularities"] if r["kind"] == "premature-play" and r["seat"] == seat
            and (event is None or r["event"] == event)]
    assert "code" not in r  # ruled by the duplicate code, not by auction-1912
    return r


def where(r: dict) -> tuple:
    return r["seat"], r["event"], r["trick"]


def choice(r: dict) -> tuple:
    p = r["penalty"]
    return p["elector"], sorted(p["options"]), p["elected"]


def no_choice(r: dict) -> bool:
    """No rectification left to select: no penalty, or one with no options and nothing elected."""
    p = r.get("penalty")
    return p is None or (list(p["options"]) == [] and p["elected"] is None)


def names(r: dict, law: str) -> bool:
    """The ruling names LAW: among its laws, or in its explanation."""
    return law in r["laws"] or law in r["explanation"]


def revokers(out: dict) -> set[str]:
    return {r["seat"] for r in out["revokes"]}


# Events 6-13: South wins tricks 1 and 2 with the HA and HK; both defenders are then void in
# hearts, and South leads trick 3 (event 14).
HEARTS_OUT = T1_S + plays("S HK W H3 N H7 E H5")
# Events 6-21: East wins tricks 1-3 with his top clubs, and at trick 4 North, void in clubs, ruffs
# East's CJ with the H6: dummy is to lead trick 5 (event 22). North then holds ST S9 S8 H9 H8 H7
# DT D9 D8; East S2 H54 DAKQJ CT9; South S76 HAKQJT D76; West SAKQJ H32 D543.
DUMMY_ON_LEAD = plays("W C2 N C6 E CA S C5  E CK S S3 W C3 N C7  E CQ S S4 W C4 N C8  E CJ S S5 W D2 N H6")
# Events 6-29: South wins tricks 1-2 (HA, HK); East wins tricks 3-5 with the CA, CK, CQ; at trick 6
# South ruffs East's CJ with the HQ. West is then void in hearts and clubs (SAKQJ D543), and South
# leads trick 7 (event 30).
WEST_OUT_OF_HEARTS_AND_CLUBS = plays(
    "W H2 N H6 E H4 S HA  S HK W H3 N H7 E H5  S C5 W C2 N C6 E CA"
    "  E CK S S3 W C3 N C7  E CQ S S4 W C4 N C8  E CJ S HQ W D2 N D8")


# ---------------------------------------------------------------- L57A: premature lead or play


def test_law57a_defender_plays_before_his_partner_a_major_penalty_card_and_four_options():
    # South won trick 1 and leads the D6 (10); East plays the DA (11) before West, his partner:
    # "When a defender ... plays out of turn before his partner has played, the card so led or
    # played becomes a major penalty card, and declarer selects one of the following options. He
    # may: 1. require offender's partner to play the highest card he holds of the suit led, or 2.
    # ... the lowest card ..., or 3. require offender's partner to play a card of another suit
    # specified by declarer, or 4. forbid offender's partner to play a card of another suit
    # specified by declarer." (2017 L57A). Declarer requires the highest (12): West plays the D5,
    # his highest diamond (13); North the D8 (14); East's DA, a major penalty card, is his card at
    # his turn, "at the first legal opportunity" (L50D1). East wins and leads the CA (15).
    body = T1_S + "play S D6\nplay E DA\n"
    out = rule(body)
    r = premature(out, "E", 11)
    assert where(r) == ("E", 11, 2) and r["laws"][0] == "57A"
    assert choice(r) == ("S", FOUR, None)
    assert exposed(out) == [("E", "DA", "57A", "major")]
    body += "elect S highest\n" + plays("W D5 N D8") + "play E CA\n"
    out = rule(body)
    assert choice(premature(out, "E", 11)) == ("S", FOUR, "highest")
    assert prematures(out) == [("E", 11)] and leads(out) == []
    assert exposed(out) == [] and "W" not in revokers(out)


def test_law57a_defender_leads_to_the_next_trick_before_his_partner_has_played():
    # South leads the D6 (10), West the D2 (11), North the D8 (12); before East has played, West
    # leads the SK (13): "When a defender leads to the next trick before his partner has played to
    # the current trick ... the card so led ... becomes a major penalty card" (2017 L57A). Declarer
    # requires "the lowest card he holds of the suit led" (14): East plays the DJ (15) and wins
    # trick 2. The SK stays a major penalty card; it is no lead out of turn.
    body = T1_S + plays("S D6 W D2 N D8 W SK")
    out = rule(body)
    r = premature(out, "W", 13)
    assert where(r) == ("W", 13, 2) and r["laws"][0] == "57A"
    assert choice(r) == ("S", FOUR, None)
    assert exposed(out) == [("W", "SK", "57A", "major")]
    out = rule(body + "elect S lowest\nplay E DJ\n")
    assert choice(premature(out, "W", 13)) == ("S", FOUR, "lowest")
    assert exposed(out) == [("W", "SK", "57A", "major")]
    assert leads(out) == [] and "E" not in revokers(out)


@pytest.mark.parametrize("election,elected,west", [("forbid D", "forbid", "C3"), ("lead S", "lead", "SJ")])
def test_law57a_a_card_of_another_suit_required_or_forbidden_partner_void_in_the_suit_led(election, elected, west):
    # Both defenders are void in hearts; South leads the HQ (14) and East discards the C9 (15)
    # before West: a major penalty card, though no honour ("the card so led or played becomes a
    # major penalty card", 2017 L57A). Declarer may "forbid offender's partner to play a card of
    # another suit specified by declarer" (forbid D: West discards the C3) or "require offender's
    # partner to play a card of another suit specified by declarer" (lead S: West discards the SJ)
    # (16-17). North plays the H8 (18); East's C9 is his card at his turn. South leads again (19).
    body = HEARTS_OUT + "play S HQ\nplay E C9\n"
    out = rule(body)
    r = premature(out, "E", 15)
    assert where(r) == ("E", 15, 3) and r["laws"][0] == "57A"
    assert exposed(out) == [("E", "C9", "57A", "major")]
    out = rule(body + f"elect S {election}\nplay W {west}\nplay N H8\nplay S HJ\n")
    assert choice(premature(out, "E", 15)) == ("S", FOUR, elected)
    assert "W" not in revokers(out) and leads(out) == [] and exposed(out) == []


def test_law57a_2007_declarer_has_three_options_no_card_of_another_suit_required():
    # 2007 L57A: "declarer selects one of the following options. He may: 1. require offender's
    # partner to play the highest card ..., or 2. ... the lowest card ..., or 3. forbid offender's
    # partner to play a card of another suit specified by declarer." South leads the D6 (10), East
    # plays the DA before West (11). Declarer's "lead C" (12) is no option of the 2007 code and is
    # not applied; he then forbids clubs (13), and West follows with the D5 (14).
    body = T1_S + "play S D6\nplay E DA\n"
    out = rule(body, "duplicate-2007")
    r = premature(out, "E", 11)
    assert where(r) == ("E", 11, 2) and r["laws"][0] == "57A"
    assert choice(r) == ("S", THREE, None)
    assert exposed(out) == [("E", "DA", "57A", "major")]
    body += "elect S lead C\n"
    assert choice(premature(rule(body, "duplicate-2007"), "E", 11)) == ("S", THREE, None)
    out = rule(body + "elect S forbid C\nplay W D5\n", "duplicate-2007")
    assert choice(premature(out, "E", 11)) == ("S", THREE, "forbid")


@pytest.mark.parametrize("ruleset,options", [("duplicate-2017", FOUR), ("duplicate-2007", THREE)])
def test_law57a_wrong_defender_plays_to_declarers_lead_out_of_turn_law57_applies(ruleset, options):
    # South won trick 1; declarer leads the D8 from dummy (10) and West, at the right of dummy,
    # plays the D2 (11): "the defender to the right of the irregular lead plays a card (but see
    # B), the lead stands and Law 57 applies" (2017 L53C; 2007 L53B: "If the defender at the right
    # of the hand from which declarer's lead out of turn was made plays to the irregular lead (but
    # see C), the lead stands and Law 57 applies"). West played before East, his partner: L57A.
    # Declarer requires the lowest (12): East plays the DJ (13), South the D6 (14); West's D2 is
    # his card at his turn; East wins and leads the CA (15).
    body = T1_S + "play N D8\nplay W D2\n"
    out = rule(body, ruleset)
    r = premature(out, "W", 11)
    assert where(r) == ("W", 11, 2) and r["laws"][0] == "57A"
    assert choice(r) == ("S", options, None)
    assert exposed(out) == [("W", "D2", "57A", "major")]
    out = rule(body + "elect S lowest\n" + plays("E DJ S D6") + "play E CA\n", ruleset)
    assert choice(premature(out, "W", 11)) == ("S", options, "lowest")
    assert leads(out) == [("N", 10)] and exposed(out) == []


# ---------------------------------------------------------------- L57B, L57C, L57D


def test_law57b_partner_cannot_comply_he_may_play_any_card_as_provided_in_law59():
    # Both defenders are void in hearts; South leads the HQ (14), East discards the C9 before West
    # (15) and declarer requires West's highest heart (16). West has none: "When offender's partner
    # is unable to comply with the rectification selected by declarer (see A above) he may play any
    # card, as provided in Law 59." (2017 L57B). West discards the D2 (17): no revoke. North plays
    # the H8 (18), East's C9 is his card, South wins and leads the HJ (19).
    body = HEARTS_OUT + "play S HQ\nplay E C9\nelect S highest\n" + plays("W D2 N H8 S HJ")
    out = rule(body)
    r = premature(out, "E", 15)
    assert choice(r) == ("S", FOUR, "highest")
    assert names(r, "57B") or names(r, "59")
    assert "W" not in revokers(out) and leads(out) == [] and exposed(out) == []


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_law57c1_no_rectification_when_declarer_has_played_from_both_hands(ruleset):
    # South leads the D6 (10), declarer plays the D8 from dummy before West (11), and East plays
    # the DA before West (12): "A defender is not subject to rectification for playing before his
    # partner if declarer has played from both hands." (2017 L57C1; 2007 L57C: "... if declarer
    # has played from both hands, ..."). West plays the D2 (13); East wins and leads the CA (14).
    # 2017 L57C3: "A premature play (not a lead) by declarer from either hand is a played card and
    # if legal may not be withdrawn" (the 2007 words of it not found).
    body = T1_S + plays("S D6 N D8 E DA W D2") + "play E CA\n"
    out = rule(body, ruleset)
    assert ("E", 12) not in prematures(out)
    assert exposed(out) == [] and leads(out) == []
    if ruleset == "duplicate-2017":
        r = premature(out, "N", 11)
        assert where(r) == ("N", 11, 2) and r["laws"][0] == "57C3" and no_choice(r)


def test_law57c3_declarers_premature_play_from_his_hand_is_a_played_card():
    # West won trick 1 and leads the D2 (10), North plays the D8 (11), and South plays the D6
    # before East (12): "A premature play (not a lead) by declarer from either hand is a played
    # card and if legal may not be withdrawn." (2017 L57C3). East plays the DA (13): the trick is
    # complete, East wins and leads the CA (14). Declarer's cards are never penalty cards.
    body = T1_W + plays("W D2 N D8 S D6 E DA") + "play E CA\n"
    out = rule(body)
    r = premature(out, "S", 12)
    assert where(r) == ("S", 12, 2) and r["laws"][0] == "57C3" and no_choice(r)
    assert exposed(out) == [] and leads(out) == [] and prematures(out) == [("S", 12)]


def test_law57d_defender_plays_at_his_rhos_turn_a_legal_card_is_played_at_his_proper_turn():
    # West leads the SA (6) and East plays the S2 (7) before dummy, his RHO: "When a defender
    # attempts to play (not lead) to a trick at his RHO's turn, Law 16 may apply. If his card can
    # be legally played to the trick, it must be played at his proper turn" (2017 L57D). It is no
    # penalty card and declarer has no choice. North plays the S8 (8), South the S3 (9); West wins
    # and leads the SK (10).
    body = plays("W SA E S2")
    out = rule(body)
    r = premature(out, "E", 7)
    assert where(r) == ("E", 7, 1) and r["laws"][0] == "57D"
    assert no_choice(r) and names(r, "16")
    assert exposed(out) == []
    out = rule(body + plays("N S8 S S3") + "play W SK\n")
    assert prematures(out) == [("E", 7)] and leads(out) == [] and exposed(out) == []


def test_law57d_a_card_that_cannot_be_legally_played_becomes_a_major_penalty_card():
    # West leads the SA (6) and East, holding the S2, plays the CA (7) at dummy's turn: "If his
    # card can be legally played to the trick, it must be played at his proper turn: otherwise, it
    # becomes a major penalty card." (2017 L57D). North plays the S8 (8), East follows with the S2
    # (9), South the S3 (10): East did not revoke; the CA stays a major penalty card.
    body = plays("W SA E CA N S8 E S2 S S3")
    out = rule(body)
    r = premature(out, "E", 7)
    assert where(r) == ("E", 7, 1) and r["laws"][0] == "57D" and no_choice(r)
    assert exposed(out) == [("E", "CA", "57D", "major")]
    assert "E" not in revokers(out) and leads(out) == []


# ---------------------------------------------------------------- L58A: simultaneous plays


@pytest.mark.parametrize("line", ["play W SA E CA\n", "play E CA W SA\n"])
def test_law58a_simultaneous_opening_leads_the_legal_lead_stands(line):
    # West, on lead, and East face a card at the same moment (6): "A lead or play made
    # simultaneously with another player's legal lead or play is deemed to be subsequent to it."
    # (2017 L58A). West's SA is the opening lead; East's CA is deemed played after it, at dummy's
    # turn, and cannot legally be played to a spade: "otherwise, it becomes a major penalty card"
    # (L57D). North plays the S8 (7), East the S2 (8), South the S3 (9); West leads the SK (10).
    body = line + plays("N S8 E S2 S S3 W SK")
    out = rule(body)
    assert leads(out) == []
    r = premature(out, "E", 6)
    assert r["trick"] == 1 and {"58A", "57D"} <= set(r["laws"])
    assert exposed(out) == [("E", "CA", "57D", "major")]
    assert "E" not in revokers(out)


def test_law58a_a_defenders_card_simultaneous_with_dummys_lead_is_a_premature_play():
    # Dummy is to lead trick 5; declarer's D8 from dummy and West's D3 are faced at the same moment
    # (22): West's card "is deemed to be subsequent to it" (2017 L58A), so West played before
    # East, his partner: "the card so ... played becomes a major penalty card, and declarer
    # selects one of the following options" (L57A). Declarer requires East's highest (23): East
    # plays the DA (24), South the D7 (25); West's D3 is his card. East leads the DK (26).
    body = DUMMY_ON_LEAD + "play N D8 W D3\n"
    out = rule(body)
    assert leads(out) == []
    r = premature(out, "W", 22)
    assert r["trick"] == 5 and {"58A", "57A"} <= set(r["laws"])
    assert choice(r) == ("S", FOUR, None)
    assert exposed(out) == [("W", "D3", "57A", "major")]
    out = rule(body + "elect S highest\n" + plays("E DA S D7 E DK"))
    assert choice(premature(out, "W", 22)) == ("S", FOUR, "highest")
    assert leads(out) == [] and exposed(out) == []


def test_law58a_a_card_simultaneous_with_dummys_play_comes_in_turn_no_irregularity():
    # West won trick 1 and leads the SK (10); declarer's S9 from dummy and East's CA (East is void
    # in spades) are faced at the same moment (11). East's card "is deemed to be subsequent to"
    # dummy's legal play (2017 L58A): it is then in turn, and nothing is irregular. South plays the
    # S4 (12); West wins and leads the SQ (13).
    body = T1_W + "play W SK\nplay N S9 E CA\n" + plays("S S4 W SQ")
    out = rule(body)
    assert prematures(out) == [] and leads(out) == [] and exposed(out) == []


# ---------------------------------------------------------------- L59: unable to comply


def test_law59_obliged_to_follow_suit_a_card_of_another_suit_cannot_be_required():
    # South leads the D6 (10), East plays the DA before West (11), and declarer requires "a card
    # of another suit specified by declarer" (2017 L57A), clubs (12). West holds diamonds: "A
    # player may play any otherwise legal card if he is unable to lead or play as required to
    # comply with a rectification, ... or because he is obliged to follow suit." (2017 L59). West
    # follows with the D5 (13): no revoke. North plays the D8 (14); East wins and leads the CA (15).
    body = T1_S + "play S D6\nplay E DA\nelect S lead C\n" + plays("W D5 N D8 E CA")
    out = rule(body)
    r = premature(out, "E", 11)
    assert choice(r) == ("S", FOUR, "lead")
    assert names(r, "59") or names(r, "57B")
    assert "W" not in revokers(out) and leads(out) == [] and exposed(out) == []


def test_law59_holds_no_card_of_the_required_suit():
    # West is void in hearts and clubs; South leads the HJ (30), East discards the CT before West
    # (31), and declarer requires West to play a club (32). West "holds no card of the required
    # suit" (2017 L59: "A player may play any otherwise legal card if he is unable to lead or play
    # as required to comply with a rectification, whether because he holds no card of the required
    # suit ..."): he discards the D3 (33), no revoke. North plays the H8 (34); East's CT is his
    # card; South wins and leads the HT (35).
    body = WEST_OUT_OF_HEARTS_AND_CLUBS + "play S HJ\nplay E CT\nelect S lead C\n" + plays("W D3 N H8 S HT")
    out = rule(body)
    r = premature(out, "E", 31)
    assert where(r) == ("E", 31, 7) and r["laws"][0] == "57A"
    assert choice(r) == ("S", FOUR, "lead")
    assert names(r, "59") or names(r, "57B")
    assert "W" not in revokers(out) and leads(out) == [] and exposed(out) == []


# ---------------------------------------------------------------- L60: play after an illegal play


def test_law60a1_a_play_by_the_non_offending_side_forfeits_the_rectification():
    # East won trick 1 and leads the CK (10), South discards the S3 (11), and before West has
    # played East leads the CQ (12): a premature lead (2017 L57A). South ruffs the CQ with the HT
    # (13): "A play by a member of the non-offending side after his RHO has led or played out of
    # turn or prematurely, and before rectification has been assessed, forfeits the right to
    # rectification of that offence." (L60A1) "Once the right to rectification has been forfeited,
    # the illegal play is treated as though it were in turn" (L60A2). West and North finish trick 2
    # (14-15), which East wins, then play to trick 3 (16-17), which South wins; he leads (18).
    body = T1_E + plays("E CK S S3 E CQ")
    r = premature(rule(body), "E", 12)
    assert where(r) == ("E", 12, 2) and choice(r) == ("S", FOUR, None)
    assert exposed(rule(body)) == [("E", "CQ", "57A", "major")]
    body += plays("S HT W C3 N C7 W C4 N C8 S HA")
    for n in (13, None):
        out = rule(body, n=n)
        r = premature(out, "E", 12)
        assert names(r, "60A1") and no_choice(r)
        assert exposed(out) == []
    assert leads(rule(body)) == []


def test_law60a3_a_previous_obligation_to_play_a_penalty_card_remains():
    # South leads the HK (10) and East plays the CA before West (11): a major penalty card (2017
    # L57A). Declarer requires the lowest (12); West plays the H3 (13), North the H7 (14), East
    # follows with the H5 (15): the CA cannot be played to a heart and stays on the table. At trick
    # 3 West leads the D2 out of turn (16) and declarer plays the D8 from dummy (17): the right to
    # rectify the lead is forfeited (L60A1), but "If the offending side has a previous obligation to
    # play a penalty card ... the obligation remains at future turns." (L60A3). East follows with
    # the DJ (18), South the D6 (19): the CA is still a major penalty card.
    body = T1_S + "play S HK\nplay E CA\nelect S lowest\n" + plays("W H3 N H7 E H5")
    out = rule(body)
    assert choice(premature(out, "E", 11)) == ("S", FOUR, "lowest")
    assert exposed(out) == [("E", "CA", "57A", "major")]
    out = rule(body + plays("W D2 N D8 E DJ S D6"))
    (loot,) = [r for r in out["irregularities"] if r["kind"] == "lead-out-of-turn" and r["seat"] == "W"]
    assert loot["event"] == 16 and loot["penalty"]["elected"] == "accept"
    assert exposed(out) == [("E", "CA", "57A", "major")]
    assert "E" not in revokers(out)


def test_law60b_defender_plays_before_declarers_required_lead_a_major_penalty_card():
    # South won trick 1; declarer leads the D8 from dummy (10), East requires its retraction (11)
    # and it goes back (12). Before South leads, West plays the D2 (13): "When a defender plays a
    # card after declarer has been required to retract his lead out of turn from either hand, but
    # before declarer has led from the correct hand, the defender's card becomes a major penalty
    # card (Law 50)." (2017 L60B). South leads the D6 (14); West's D2 is his card at his turn;
    # North plays the D8 (15), East the DA (16) and leads the CA (17).
    body = T1_S + "play N D8\nelect E retract\nwithdraw N D8\nplay W D2\n"
    out = rule(body)
    (r,) = [r for r in out["irregularities"] if r["seat"] == "W" and r["event"] == 13]
    assert "code" not in r and "60B" in r["laws"]
    assert exposed(out) == [("W", "D2", "60B", "major")]
    assert leads(out) == [("N", 10)]  # West's card is no lead out of turn for declarer to accept
    out = rule(body + plays("S D6 N D8 E DA E CA"))
    assert leads(out) == [("N", 10)] and exposed(out) == []


def test_law60c_a_play_by_the_offending_side_does_not_affect_declarers_rights():
    # South leads the D6 (10), East plays the DA before West (11), and West plays the D5 (12)
    # before declarer has selected: "A play by a member of the offending side before rectification
    # has been assessed does not affect the rights of the opponents, and may itself be subject to
    # rectification." (2017 L60C). Declarer's choice is still open (12); he requires the lowest
    # (13).
    body = T1_S + plays("S D6 E DA W D5")
    r = premature(rule(body), "E", 11)
    assert choice(r) == ("S", FOUR, None) and names(r, "60C")
    r = premature(rule(body + "elect S lowest\n"), "E", 11)
    assert choice(r) == ("S", FOUR, "lowest")
