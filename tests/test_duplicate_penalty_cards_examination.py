"""An examination of the duplicate penalty-card rulings against the law text (Laws 49-52).

Every case below was written from the law text, before the rulings were run. It states the
ruling the laws give, in the terms of the design brief: penalty cards in `exposed`, with a new
`penalty_card` key ("major" or "minor"), and the irregularities listed below. None of these
irregularities carries a `code` key: every rulings JSON read here is checked for that.

Where the text was found (the `search` tool, corpus "pages"; quoted in each case):
  2017  L49: laws.hellasbridge.org/law_49 (the WBF English beside the Greek).
        L50: only the Greek translation (laws.hellasbridge.org/_export/xhtml/law_50) and a
             club's summary of it. The Greek gives B and C as the 1997/2007 English below,
             "when one defender has two or more penalty cards" clause included. So the 2017
             cases on L50 rest on the English words that 1997 and 2007 share, which 2017
             keeps (L50A alone changed: "until a rectification has been selected").
        L51: thesmolens.com/LawsDupBridge/law51.html (with the 2017 B2(c): "declarer may
             elect not to require or prohibit a lead"; the 2017 French text has the same).
        L52: pzbs.pl/sedziowie/mpb/2017/en/l52.html.
  2007  L49: quoted in blml, December 2007. L50B, L50C: the EBU forum's quotation;
        L50D1(a): gbu.co.za; L50D2(a): the BBO forum's quotation. L50E: the BBO forum's
        quotation (E1, and E2 cut short). L51 and L52: found only in a Norwegian translation
        (lovboka.org): no 2007 case rests on L51B or L52.
  1997  L50 A-D1: jfr.pzbs.pl/laws/node9/law50.htm (a 1997 site); L50D2(a) and L51B2:
        bridge.dk/laws/laws97e. L49, L51A/B1 and L52 of 1997 were not found: no 1997 case
        rests on them (no 1997 case asserts a penalty card's `law`).
L50E3 (the Director's adjusted score for the information a penalty card gave) was not found
in any code's words: no case asserts it.

The words this file adds to the rulings (the design's, and the examiner's where it leaves a
choice):
  penalty_card            "major" | "minor", on every entry of `exposed` (L50B).
  penalty-card-lead       the offender's partner is on lead while a major penalty card is on
                          the table (L50D2; two or more, L51B). seat: the partner on lead;
                          event: the event after which he is first on lead with it; trick: the
                          trick he is to lead; laws: "50D2" (one card) or "51B1"/"51B2";
                          penalty {elector "S", options {"lead", "forbid", "none"}}.
                          lead = require the lead of the penalty card's suit, forbid = prohibit
                          it for as long as he keeps the lead (both pick the card up), none =
                          neither, the card stays. Chosen by `elect S lead SUIT`,
                          `elect S forbid SUIT`, `elect S none`.
  penalty-card-lead-disobeyed
                          the partner leads a suit declarer forbade while he keeps the lead
                          (or another than the one required). laws cite 50D2 or 51B.
  penalty-card-choice     (examiner's word) the offender is to play and two or more of his
                          penalty cards can legally be played: declarer designates which
                          (2017 L51A; 1997 and 2007 L50D1). penalty {elector "S", options
                          ["call"]}, chosen by `elect S call CARD`.
  penalty-card-not-played the offender, able to, played another card than a penalty card the
                          law required (a major card at its first legal opportunity, L50D1;
                          a minor card before another low card of its suit, L50C). laws cite
                          L52; penalty {elector "S", options {"accept", "substitute"}}:
                          accept = L52B1(a), the card played stands and the penalty card
                          remains one (B1(c)); substitute = L52B2, the penalty card is played
                          in its place and the card played becomes a major penalty card.
                          Chosen by `elect S accept`, `elect S substitute`; once declarer has
                          played from his hand or dummy after it, elected "accept" (B1(b)).

How the text was read where it is open:
  - Two cards played at once (`play E H4 H5`): the first counts, the other is "exposed
    inadvertently (as in playing two cards to a trick ...)": a minor card when low. Which law
    the `exposed` entry names (L58B, which is not examined here, or L50B) is left open.
  - A card made major by "when one defender has two or more penalty cards, all such cards
    become major" stays major when the other is played.
  - A minor penalty card still on the table when its holder plays another low card of its
    suit is a penalty card not played "as required by Law 50" (L52A).

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

# Written from the law text before the rulings existed (issue 22, part 2).

ALL = ["duplicate-2017", "duplicate-2007", "duplicate-1997"]
WITH_L49 = ["duplicate-2017", "duplicate-2007"]  # the codes whose L49 text was found


def rule(body: str, ruleset: str = "duplicate-2017", n: int | None = None, options: str = "") -> dict:
    out = rulings_at(events_of(head(ruleset, options=options) + body), n)
    # Under a duplicate code no irregularity is ruled by another code.
    assert all("code" not in r for r in out["irregularities"]), out["irregularities"]
    return out


def pcards(out: dict) -> list[tuple[str, str, str | None]]:
    return [(x["seat"], x["card"], x.get("penalty_card")) for x in out["exposed"]]


def laws_of_exposed(out: dict) -> list[tuple[str, str, str]]:
    return [(x["seat"], x["card"], x["law"]) for x in out["exposed"]]


def kinds(out: dict, kind: str) -> list[dict]:
    return [r for r in out["irregularities"] if r["kind"] == kind]


def one(out: dict, kind: str) -> dict:
    found = kinds(out, kind)
    assert len(found) == 1, out["irregularities"]
    return found[0]


def cites(r: dict, prefix: str) -> bool:
    return any(law.startswith(prefix) for law in r["laws"])


def where(r: dict) -> tuple:
    return r["seat"], r["event"], r["trick"]


def choice(r: dict) -> tuple:
    p = r["penalty"]
    return p["elector"], set(p["options"]), p["elected"]


# West wins trick 1; East drops the CK face up (10): West is to lead trick 2 with it on the table.
WEST_LEADS_WITH_CK = T1_W + "expose E CK\n"
# Trick 1: East drops the CK and the H5 (8, 9) before following with the S2 (10); West wins (11).
WEST_LEADS_WITH_CK_H5 = plays("W SA N S8") + "expose E CK\nexpose E H5\n" + plays("E S2 S S3")


# ---------------------------------------------------------------- exposure (L49), major or minor (L50B)


@pytest.mark.parametrize("ruleset", WITH_L49)
def test_law49_l50b_a_low_card_dropped_face_up_is_a_minor_penalty_card(ruleset):
    # L49: "when a defender's card is in a position in which his partner could possibly see its
    # face ... each such card becomes a penalty card (Law 50)". L50B: "A single card below the
    # rank of an honour and exposed inadvertently (as in ... dropping a card accidentally)
    # becomes a minor penalty card." East drops the C9 after trick 1 (10).
    out = rule(T1_S + "expose E C9\n", ruleset)
    assert laws_of_exposed(out) == [("E", "C9", "49")]
    assert pcards(out) == [("E", "C9", "minor")]


@pytest.mark.parametrize("ruleset", WITH_L49)
def test_law49_only_a_defenders_card_declarers_exposed_card_is_no_penalty_card(ruleset):
    # L49 speaks of "a defender's card" (and L48: declarer's exposed cards are no penalty cards).
    # South drops the D7 (10), East the C9 (11): only East's card is listed.
    out = rule(T1_S + "expose S D7\nexpose E C9\n", ruleset)
    assert rule(T1_S + "expose S D7\n", ruleset)["exposed"] == []
    assert laws_of_exposed(out) == [("E", "C9", "49")]


@pytest.mark.parametrize("ruleset", WITH_L49)
def test_law50b_a_card_of_honour_rank_dropped_is_a_major_penalty_card(ruleset):
    # L50B: "Any card of honour rank ... becomes a major penalty card" (dropped or not).
    out = rule(T1_S + "expose E CK\n", ruleset)
    assert laws_of_exposed(out) == [("E", "CK", "49")]
    assert pcards(out) == [("E", "CK", "major")]


@pytest.mark.parametrize("ruleset", ALL)
def test_law50b_a_low_card_exposed_through_deliberate_play_a_corrected_revoke_is_major(ruleset):
    # L50B: "any card exposed through deliberate play (as in leading out of turn, or in revoking
    # and then correcting), becomes a major penalty card". Trick 2: East ruffs the S3 with the
    # H5 holding the S2 (13) and corrects (14, 15): the H5, below honour rank, is major.
    body = T1_S + plays("S S3 W SJ N S8 E H5") + "withdraw E H5\nplay E S2\n"
    out = rule(body, ruleset)
    assert pcards(out) == [("E", "H5", "major")]


@pytest.mark.parametrize("ruleset", ALL)
def test_law50b_two_cards_played_at_once_the_low_one_left_over_is_minor(ruleset):
    # L50B: "exposed inadvertently (as in playing two cards to a trick ...)": East plays the H4
    # and the H5 at once (8); the H4 counts, the H5 is a minor penalty card.
    body = plays("W H2 N H6") + "play E H4 H5\n" + plays("S HA")
    out = rule(body, ruleset)
    assert pcards(out) == [("E", "H5", "minor")]


@pytest.mark.parametrize("ruleset", ALL)
def test_law50b_when_one_defender_has_two_penalty_cards_both_are_major(ruleset):
    # L50B: "when one defender has two or more penalty cards, all such cards become major
    # penalty cards". East drops the C9 (10: minor), then the H5 (11: both major).
    body = T1_S + "expose E C9\nexpose E H5\n"
    assert pcards(rule(body, ruleset, 10)) == [("E", "C9", "minor")]
    assert sorted(pcards(rule(body, ruleset))) == [("E", "C9", "major"), ("E", "H5", "major")]


# ---------------------------------------------------------------- the minor penalty card (L50C)


@pytest.mark.parametrize("ruleset", ALL)
def test_law50c_a_minor_penalty_card_need_not_be_played_an_honour_may_be_played_instead(ruleset):
    # L50C: "he may not play any other card of the same suit below the rank of an honour until
    # he has first played the penalty card (however, he is entitled to play an honour card
    # instead)". East's C9 is minor (10); to South's C5 (11) East plays the CA (14): legal, and
    # the C9 stays on the table (L50A: "until it is played").
    body = T1_S + "expose E C9\n" + plays("S C5 W C2 N C6 E CA")
    out = rule(body, ruleset)
    assert kinds(out, "penalty-card-not-played") == []
    assert pcards(out) == [("E", "C9", "minor")]


@pytest.mark.parametrize("ruleset", ALL)
def test_law50c_the_partner_of_a_minor_penalty_card_is_not_subject_to_lead_restriction(ruleset):
    # L50C: "Offender's partner is not subject to lead penalty" (1997; 2007: "lead restriction").
    # East wins trick 1; West drops the D2 (10); East leads the DA (11): no penalty-card-lead.
    # West plays the D2 to it (13): it is played, off the table.
    body = T1_E + "expose W D2\n" + plays("E DA S D6 W D2")
    for n in (10, 11):
        out = rule(body, ruleset, n)
        assert kinds(out, "penalty-card-lead") == [], n
        assert pcards(out) == [("W", "D2", "minor")], n
    out = rule(body, ruleset)
    assert out["exposed"] == [] and kinds(out, "penalty-card-not-played") == []


# ---------------------------------------------------------------- the partner to lead (L50D2)


@pytest.mark.parametrize("ruleset", ALL)
def test_law50d2a_partner_on_lead_declarer_requires_the_suit_and_the_card_is_picked_up(ruleset):
    # L50D: "When a defender has a major penalty card, both the offender and his partner may be
    # subject to restriction, ... the partner when he is to lead." L50D2(a): declarer may
    # choose "to require the defender to lead the suit of the penalty card, or to prohibit him
    # from leading that suit for as long as he retains the lead ...; if declarer exercises this
    # option, the card is no longer a penalty card, and is picked up" (1997; 2007 the same).
    # West is on lead with East's CK on the table (10); declarer requires clubs (11).
    out = rule(WEST_LEADS_WITH_CK, ruleset)
    r = one(out, "penalty-card-lead")
    assert where(r) == ("W", 10, 2) and cites(r, "50D2")
    assert choice(r) == ("S", {"lead", "forbid", "none"}, None)
    body = WEST_LEADS_WITH_CK + "elect S lead C\n" + plays("W C2")
    out = rule(body, ruleset, 11)
    assert one(out, "penalty-card-lead")["penalty"]["elected"] == "lead"
    assert out["exposed"] == []
    out = rule(body, ruleset)
    assert kinds(out, "penalty-card-lead-disobeyed") == [] and kinds(out, "election-not-in-code") == []


@pytest.mark.parametrize("ruleset", ALL)
def test_law50d2a_a_forbidden_suit_may_not_be_led_for_as_long_as_he_retains_the_lead(ruleset):
    # "... or to prohibit him from leading that suit for as long as he retains the lead".
    # Declarer forbids clubs (11): the CK is picked up. West leads the SK (12), East, free now,
    # discards the C9 (14), West wins trick 2 and, still on lead, leads the C2 (16).
    body = WEST_LEADS_WITH_CK + "elect S forbid C\n" + plays("W SK N S9 E C9 S S4  W C2")
    out = rule(body, ruleset, 11)
    assert one(out, "penalty-card-lead")["penalty"]["elected"] == "forbid"
    assert out["exposed"] == []
    assert kinds(rule(body, ruleset, 15), "penalty-card-lead-disobeyed") == []
    r = one(rule(body, ruleset), "penalty-card-lead-disobeyed")
    assert where(r) == ("W", 16, 3) and cites(r, "50D2")


@pytest.mark.parametrize("ruleset", ALL)
def test_law50d2b_declarer_neither_requires_nor_prohibits_the_card_stays_to_be_played(ruleset):
    # L50D2(b): "not to require or prohibit a lead, in which case the defender may lead any card;
    # the penalty card remains a penalty card". L50D1: "A major penalty card must be played at
    # the first legal opportunity, whether in leading, following suit, discarding or trumping."
    # Declarer says none (11); West leads the SK (12); East, void, discards the CK (14): legal.
    body = WEST_LEADS_WITH_CK + "elect S none\n" + plays("W SK N S9 E CK S S4")
    out = rule(body, ruleset, 13)
    assert one(out, "penalty-card-lead")["penalty"]["elected"] == "none"
    assert pcards(out) == [("E", "CK", "major")]
    out = rule(body, ruleset)
    assert out["exposed"] == [] and kinds(out, "penalty-card-not-played") == []
    assert kinds(out, "penalty-card-lead-disobeyed") == []


# ---------------------------------------------------------------- two or more penalty cards (L51)


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-1997"])
def test_law51b2_penalty_cards_in_two_suits_declarer_forbids_one_that_card_is_picked_up(ruleset):
    # L51B2 (2017): "When a defender has penalty cards in more than one suit and his partner is
    # to lead, declarer may prohibit the defender's partner from leading one or more of such
    # suits; the defender then picks up every penalty card in every suit prohibited by declarer
    # ... The prohibition continues until the player loses the lead" (1997: "... but the
    # defender then picks up every penalty card in every suit prohibited by declarer"). East's
    # CK and H5 are on the table when West is to lead (11); declarer forbids hearts (12): the
    # H5 is picked up, the CK stays; West leads the H3 (13).
    out = rule(WEST_LEADS_WITH_CK_H5, ruleset)
    assert sorted(pcards(out)) == [("E", "CK", "major"), ("E", "H5", "major")]
    r = one(out, "penalty-card-lead")
    assert where(r) == ("W", 11, 2) and cites(r, "51B2")
    assert choice(r) == ("S", {"lead", "forbid", "none"}, None)
    body = WEST_LEADS_WITH_CK_H5 + "elect S forbid H\n" + plays("W H3")
    out = rule(body, ruleset, 12)
    assert one(out, "penalty-card-lead")["penalty"]["elected"] == "forbid"
    assert pcards(out) == [("E", "CK", "major")]
    r = one(rule(body, ruleset), "penalty-card-lead-disobeyed")
    assert where(r) == ("W", 13, 2) and cites(r, "51B")


@pytest.mark.parametrize("ruleset,law", [("duplicate-2017", "51A"), ("duplicate-2007", "50D1"),
                                         ("duplicate-1997", "50D1")])
def test_law51a_declarer_designates_which_of_two_penalty_cards_is_played(ruleset, law):
    # 2017 L51A: "If it is a defender's turn to play and that defender has two or more penalty
    # cards that can legally be played, declarer designates which is to be played at that
    # turn" (2007 L50D1(a), 1997 L50D1: "If a defender has two or more penalty cards that can
    # legally be played, declarer designates which is to be played"). Declarer says none (12);
    # West leads the SK (13); East, void in spades, may discard the CK or ruff with the H5
    # (14): declarer calls the CK (15). West wins trick 2 and is on lead again with the H5 on
    # the table (17): "If this option is selected Laws 50 and 51 continue to apply for as long
    # as the penalty cards remain" (2017 L51B2(c)).
    body = WEST_LEADS_WITH_CK_H5 + "elect S none\n" + plays("W SK N S9") + "elect S call CK\n" \
        + plays("E CK S S4")
    r = one(rule(body, ruleset, 14), "penalty-card-choice")
    assert where(r) == ("E", 14, 2) and cites(r, law)
    assert choice(r) == ("S", {"call"}, None)
    assert one(rule(body, ruleset, 15), "penalty-card-choice")["penalty"]["elected"] == "call"
    out = rule(body, ruleset)
    assert pcards(out) == [("E", "H5", "major")]
    assert kinds(out, "penalty-card-not-played") == []
    again = [r for r in kinds(out, "penalty-card-lead") if r["trick"] == 3]
    assert len(again) == 1 and where(again[0]) == ("W", 17, 3) and cites(again[0], "50D2")
    assert again[0]["penalty"]["elected"] is None


def test_law51b1_two_penalty_cards_in_one_suit_declarer_requires_it_both_are_picked_up():
    # 2017 L51B1: "When a defender has two or more penalty cards in one suit, and declarer
    # requires the defender's partner to lead that suit, the cards of that suit are no longer
    # penalty cards and are picked up". East drops the CK and the CQ (8, 9); West is to lead
    # (11); declarer requires clubs (12); West leads the C2 (13).
    body = plays("W SA N S8") + "expose E CK\nexpose E CQ\n" + plays("E S2 S S3")
    out = rule(body)
    r = one(out, "penalty-card-lead")
    assert where(r) == ("W", 11, 2) and cites(r, "51B1")
    assert {"lead", "forbid"} <= set(r["penalty"]["options"]) and r["penalty"]["elector"] == "S"
    out = rule(body + "elect S lead C\n" + plays("W C2"))
    assert out["exposed"] == [] and kinds(out, "penalty-card-lead-disobeyed") == []


# ---------------------------------------------------------------- failure to play a penalty card (L52)


def test_law52b2_a_major_penalty_card_not_played_declarer_has_it_substituted():
    # L50D1: "must be played at the first legal opportunity, whether in leading, following suit
    # ...". East's CK is on the table (10); to South's C5 (11) East plays the CA (14). L52B1(a):
    # "If a defender has led or played another card when required by law to play a penalty
    # card, declarer may accept such lead or play." L52B2: "If declarer does not accept the card
    # illegally played ... the defender must substitute the penalty card for the card illegally
    # played ... Every card illegally led or played by the defender in the course of committing
    # the irregularity becomes a major penalty card." Declarer does not accept (15): the CA is
    # taken back (16), the CK played (17); the CA is a major penalty card.
    body = T1_S + "expose E CK\n" + plays("S C5 W C2 N C6 E CA")
    r = one(rule(body), "penalty-card-not-played")
    assert where(r) == ("E", 14, 2) and cites(r, "52B")
    assert all(law.startswith("52") for law in r["laws"])
    assert choice(r) == ("S", {"accept", "substitute"}, None)
    body += "elect S substitute\nwithdraw E CA\nplay E CK\n"
    out = rule(body)
    assert one(out, "penalty-card-not-played")["penalty"]["elected"] == "substitute"
    assert pcards(out) == [("E", "CA", "major")]
    assert kinds(out, "election-not-in-code") == []


def test_law52b1_a_minor_penalty_card_not_played_accepted_once_dummy_plays_after_it():
    # L50C: West's minor D2 is on the table (10); to South's D6 (11) West plays the D3 (12),
    # "any other card of the same suit below the rank of an honour", before the penalty card.
    # L52B1(b): "Declarer must accept such lead or play if he has thereafter played from his own
    # hand or dummy"; B1(c): "If the played card is accepted under either (a) or (b) any
    # unplayed penalty card remains a penalty card." Dummy plays the D8 (13).
    body = T1_S + "expose W D2\n" + plays("S D6 W D3 N D8")
    r = one(rule(body, n=12), "penalty-card-not-played")
    assert where(r) == ("W", 12, 2) and cites(r, "52B")
    assert choice(r) == ("S", {"accept", "substitute"}, None)
    out = rule(body)
    assert one(out, "penalty-card-not-played")["penalty"]["elected"] == "accept"
    assert pcards(out) == [("W", "D2", "minor")]


def test_law52b1_l50d2b_the_card_left_on_the_table_and_not_discarded_then_partner_leads_again():
    # Declarer says none (11): "the penalty card remains a penalty card". West leads the SK
    # (12); East, void in spades, discards the C9 (14), not the CK: a failure to play it "at the
    # first legal opportunity, whether in ... discarding" (L50D1). South plays the S4 (15):
    # accepted (L52B1(b)), and the CK "remains a penalty card" (B1(c)). West won trick 2 and is
    # to lead with it on the table: declarer's options again, for L50D binds "the partner when
    # he is to lead" while "a defender has a major penalty card" (no words limit it to the
    # first time; the 2017 L51B2(c) says so of several cards: "Laws 50 and 51 continue to
    # apply for as long as the penalty cards remain").
    body = WEST_LEADS_WITH_CK + "elect S none\n" + plays("W SK N S9 E C9 S S4")
    r = one(rule(body, n=14), "penalty-card-not-played")
    assert where(r) == ("E", 14, 2) and cites(r, "52B")
    assert choice(r) == ("S", {"accept", "substitute"}, None)
    out = rule(body)
    assert one(out, "penalty-card-not-played")["penalty"]["elected"] == "accept"
    assert pcards(out) == [("E", "CK", "major")]
    again = [r for r in kinds(out, "penalty-card-lead") if r["trick"] == 3]
    assert len(again) == 1 and where(again[0]) == ("W", 15, 3) and cites(again[0], "50D2")
    assert choice(again[0]) == ("S", {"lead", "forbid", "none"}, None)
