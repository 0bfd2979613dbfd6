"""Findings of the review of issue 22's penalty cards and leads, each ruled from its text:

- Declarer designates which of a defender's penalty cards he plays (2017 L51A; 2007, 1997 L50D1),
  and the designation is enforced: another penalty card played in its place is a penalty card not
  played (L52), declarer accepting it or requiring the designated one.
- 2017 L54B: after a faced opening lead out of turn is accepted, "1. The second card to the trick
  is played from declarer's hand. 2. If declarer plays the second card to the trick from dummy,
  dummy's card may not be withdrawn except to correct a revoke."
- 2017 L52A: "When a defender fails to lead or play a penalty card as required by Law 50 or Law
  51, he may not, on his own initiative, withdraw any other card he has played."
"""

from __future__ import annotations

import pytest
from conftest import events_of
from exam_board import head, plays

from projections.moment import at, rulings_at

# West wins trick 1; East drops the CK and the H5 face up (two major penalty cards: L50B); West
# leads the SK (13) after declarer says none (12); East, void in spades, may play either: declarer
# designates the CK (15).
BODY = (plays("W SA N S8") + "expose E CK\nexpose E H5\n" + plays("E S2 S S3") + "elect S none\n"
        + plays("W SK N S9") + "elect S call CK\n")


def not_played(out: dict) -> list[dict]:
    return [i for i in out["irregularities"] if i["kind"] == "penalty-card-not-played"]


@pytest.mark.parametrize("ruleset, law", [("duplicate-2017", "51A"), ("duplicate-2007", "50D1")])
def test_the_other_penalty_card_played_instead_of_the_designated_one_is_a_penalty_card_not_played(ruleset, law):
    out = rulings_at(events_of(head(ruleset) + BODY + "play E H5\n"))
    (i,) = not_played(out)
    assert (i["seat"], i["event"], i["trick"]) == ("E", 16, 2)
    assert i["laws"] == ["52A", "52B1", "52B2", law] and "designated his penalty card CK" in i["explanation"]
    assert (i["penalty"]["elector"], i["penalty"]["options"], i["penalty"]["elected"]) == ("S", ["accept", "substitute"], None)
    out = rulings_at(events_of(head(ruleset) + BODY + "play E H5\nelect S accept\n"))
    assert not_played(out)[0]["penalty"]["elected"] == "accept"


def test_the_designated_card_played_is_no_irregularity():
    assert not_played(rulings_at(events_of(head() + BODY + "play E CK\n"))) == []


def test_law52a_the_card_played_instead_of_a_penalty_card_may_not_be_withdrawn_on_his_own_initiative():
    body = head() + BODY + "play E H5\nwithdraw E H5\n"
    out = rulings_at(events_of(body))
    (w,) = [i for i in out["irregularities"] if i["kind"] == "penalty-card-withdrawal"]
    assert (w["seat"], w["event"], w["laws"], w["trick"]) == ("E", 17, ["52A"], 2)
    assert not_played(out)[0]["penalty"]["elected"] is None  # declarer's choice stays open
    trick = at(events_of(body)).table.tricks[1]
    assert [(p.seat, str(p.card)) for p in trick.cards] == [("W", "SK"), ("N", "S9"), ("E", "H5")]
    # Taken back after declarer required the penalty card (L52B2): no irregularity of its own.
    out = rulings_at(events_of(head() + BODY + "play E H5\nelect S substitute\nwithdraw E H5\nplay E CK\n"))
    assert [i for i in out["irregularities"] if i["kind"] == "penalty-card-withdrawal"] == []


# East drops the CK and the H5 (penalty cards in two suits); West is to lead trick 2.
TWO_SUITS = plays("W SA N S8") + "expose E CK\nexpose E H5\n" + plays("E S2 S S3")


def test_law51b2b_declarer_prohibits_several_suits_and_every_penalty_card_of_them_is_picked_up():
    # 2017 L51B2(b): "declarer may prohibit the defender's partner from leading one or more of such
    # suits; the defender then picks up every penalty card in every suit prohibited by declarer".
    out = rulings_at(events_of(head() + TWO_SUITS + "elect S forbid C H\n"))
    (lead,) = [i for i in out["irregularities"] if i["kind"] == "penalty-card-lead"]
    assert lead["penalty"]["elected"] == "forbid" and "clubs or hearts" in lead["explanation"]
    assert out["exposed"] == []
    # The prohibition holds for both suits while West keeps the lead.
    out = rulings_at(events_of(head() + TWO_SUITS + "elect S forbid C H\nplay W H3\n"))
    (d,) = [i for i in out["irregularities"] if i["kind"] == "penalty-card-lead-disobeyed"]
    assert (d["seat"], d["event"]) == ("W", 13)
    # A suit of no penalty card among them: not applied (L50D2(a), L51B).
    out = rulings_at(events_of(head() + TWO_SUITS + "elect S forbid C D\n"))
    assert any(i["kind"] == "election-without-penalty" for i in out["irregularities"])
    assert len(out["exposed"]) == 2


def test_several_suits_are_forbidden_nowhere_else():
    # The 1912 code forbids one suit (L65, L66); L57A4 "a card of another suit specified".
    out = rulings_at(events_of(head("auction-1912") + TWO_SUITS + "elect S forbid C H\n"))
    assert any(i["kind"] == "election-without-penalty" and "forbid C H" in i["explanation"] for i in out["irregularities"])
    with pytest.raises(Exception, match="names one suit"):
        events_of(head() + "elect S lead C H\n")


def test_law50d1b_a_lead_required_comes_before_the_leaders_own_penalty_card():
    # 2017 L50D1(b): "The obligation to follow suit, or to comply with a lead or play restriction,
    # takes precedence over the obligation to play a major penalty card, but the penalty card must
    # still be left face up on the table and played at the next legal opportunity." East drops the
    # CK, West the SQ (both major: honours); West is to lead; declarer requires clubs (East's card).
    body = plays("W SA N S8") + "expose E CK\nexpose W SQ\n" + plays("E S2 S S3") + "elect S lead C\nplay W C2\n"
    out = rulings_at(events_of(head() + body))
    assert not_played(out) == []
    assert [(x["seat"], x["card"]) for x in out["exposed"]] == [("W", "SQ")]  # (still to be played)


def test_law54b2_dummys_card_played_second_to_a_faced_opening_lead_accepted_stands():
    out = rulings_at(events_of(head() + "play E CA\nelect S accept\nplay N C6\nplay S C5\nplay W C2\n"))
    (p,) = [i for i in out["irregularities"] if i["kind"] == "premature-play"]
    assert (p["seat"], p["event"], p["laws"]) == ("N", 8, ["54B2", "57C3"])
    # Played second from his own hand, as L54B1 says: no irregularity but the lead.
    out = rulings_at(events_of(head() + "play E CA\nelect S accept\nplay S C5\nplay W C2\nplay N C6\n"))
    assert [i["kind"] for i in out["irregularities"]] == ["lead-out-of-turn"]
