"""Three law paths that need lines of their own (issue 11, part 3): a missed trick put right
(L81), the missing card of a short hand found (L38), and naming which of a player's cards in one
trick is the surplus one (L70, L82). Deal A of tests/test_laws.py: South declares four hearts,
West leads, North is dummy.
    North T98.9876.T98.876   East 2.54.AKQJ.AKQJT9   South 76543.AKQJT.76.5   West AKQJ.32.5432.432
"""

from __future__ import annotations

import pytest

from bridge.lines import parse_line
from conftest import events_of
from projections.moment import at, rulings_at
from recorder.domainmodel import Hand
from bridge.pack import PhysicalError

HEAD = """hand t
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
"""
# West, dealt twelve cards: his C2 is missing.
SHORT_HEAD = HEAD.replace("AKQJ.32.5432.432", "AKQJ.32.5432.43")
# Trick 1: West leads SA, dummy and East follow, and the trick is quitted by EW without South's card.
SOUTH_MISSES = "play W SA\nplay N S8\nplay E S2\nquit EW\n"


def hand(body: str, head: str = HEAD) -> list:
    return events_of(head + body)


def kinds(rulings: dict) -> list[tuple[str, str | None]]:
    return [(i["kind"], i["seat"]) for i in rulings["irregularities"]]


def only(rulings: dict, kind: str) -> dict:
    found = [i for i in rulings["irregularities"] if i["kind"] == kind]
    assert len(found) == 1, rulings["irregularities"]
    return found[0]


# ---------------------------------------------------------------- L81: a missed trick put right


def test_law81_a_missed_trick_offers_the_adversaries_a_new_deal_until_put_right():
    missed = only(rulings_at(hand(SOUTH_MISSES)), "missed-trick")
    assert (missed["seat"], missed["laws"], missed["penalty"]["options"]) == ("S", ["81"], ["new-deal", "stand"])


def test_law81_the_card_played_before_the_next_trick_puts_it_right_and_is_no_lead_out_of_turn():
    events = hand(SOUTH_MISSES + "play S S3\n")  # event 9: South adds his card to trick 1
    r = rulings_at(events)
    missed = only(r, "missed-trick")
    assert "penalty" not in missed and "put it right at event 9" in missed["explanation"]
    assert not [k for k in kinds(r) if "out-of-turn" in k[0]]
    table = at(events).table
    assert len(table.tricks) == 1 and [str(p.card) for p in table.tricks[0].cards] == ["SA", "S8", "S2", "S3"]
    assert table.next_leader() == "W" and table.in_rotation() == "W"


def test_law81_the_put_right_line_says_it_explicitly_and_gives_the_same_table():
    implicit = at(hand(SOUTH_MISSES + "play S S3\nplay W SK\n")).table
    explicit = at(hand(SOUTH_MISSES + "put-right S S3\nplay W SK\n")).table
    assert [[str(p.card) for p in t.cards] for t in implicit.tricks] == \
        [[str(p.card) for p in t.cards] for t in explicit.tricks] == [["SA", "S8", "S2", "S3"], ["SK"]]


def test_law81_put_right_after_playing_to_the_next_trick_keeps_the_new_deal_open():
    # Trick 2: West leads SK, dummy S9, East (void in spades) C9, South S4; then South puts trick 1 right.
    events = hand(SOUTH_MISSES + "play W SK\nplay N S9\nplay E C9\nplay S S4\nput-right S S3\n")
    missed = only(rulings_at(events), "missed-trick")
    assert missed["penalty"]["options"] == ["new-deal", "stand"]
    assert "only after playing to the next trick" in missed["explanation"]
    assert len(at(events).table.tricks[0].cards) == 4


def test_law81_the_card_that_puts_a_trick_right_must_follow_suit():
    # South puts trick 1 right with a diamond while holding spades: a revoke in trick 1, established
    # when dummy (his partner) plays to the next trick (L83).
    events = hand(SOUTH_MISSES + "put-right S D6\nplay W SK\nplay N S9\n")
    r = [v for v in rulings_at(events)["revokes"] if v["seat"] == "S"]
    assert len(r) == 1 and (r[0]["trick"], r[0]["card"], r[0]["event"]) == (1, "D6", 9)
    assert (r[0]["status"], r[0]["status_event"]) == ("established", 11)


def test_law81_nothing_to_put_right_is_said_and_the_card_is_played():
    events = hand("put-right W SA\n")
    r = rulings_at(events)
    assert only(r, "nothing-to-put-right")["laws"] == ["81"]
    assert [str(p.card) for p in at(events).table.tricks[0].cards] == ["SA"]
    assert not [k for k in kinds(r) if "out-of-turn" in k[0]]


def test_law81_a_card_after_the_next_lead_goes_to_the_next_trick():
    # Once West has led to trick 2, South's card is his play to trick 2, not a put-right.
    events = hand(SOUTH_MISSES + "play W SK\nplay N S9\nplay E C9\nplay S S3\n")
    table = at(events).table
    assert [str(p.card) for p in table.tricks[1].cards] == ["SK", "S9", "C9", "S3"]
    assert only(rulings_at(events), "missed-trick")["penalty"]["options"] == ["new-deal", "stand"]


# ---------------------------------------------------------------- L38: the missing card found


def test_law38_the_missing_card_found_goes_to_the_short_hand_and_can_be_played():
    with pytest.raises(PhysicalError, match="does not hold C2"):
        hand("play W C2\n", head=SHORT_HEAD)
    events = hand("found W C2\nplay W C2\n", head=SHORT_HEAD)
    table = at(events).table
    assert str(table.tricks[0].cards[0].card) == "C2" and table.found
    r = rulings_at(events)
    found = only(r, "missing-card-found")
    assert (found["seat"], found["event"], found["laws"]) == ("W", 5, ["38"])
    assert only(r, "short-hand")["seat"] == "W"


def test_law38_a_missing_card_found_is_not_deemed_held_once_played():
    # West finds his C2 and leads it; on the next club trick, void, he discards: no revoke (before the
    # card was found, a discard on clubs would have been judged as if he still held it).
    body = ("found W C2\nplay W C2\nplay N C6\nplay E CA\nplay S C5\nquit EW\n"
            "play E CK\nplay S D6\nplay W C3\nplay N C7\nquit EW\n"
            "play E CQ\nplay S D7\nplay W C4\nplay N C8\nquit EW\n"
            "play E CJ\nplay S HA\nplay W D2\n")
    events = hand(body, head=SHORT_HEAD)
    assert [v for v in rulings_at(events)["revokes"] if v["seat"] == "W"] == []


@pytest.mark.parametrize("line, why", [
    ("found E C2", "East was dealt 13 cards"),
    ("found W CA", "CA is not missing: it is East's"),
])
def test_law38_only_a_card_dealt_to_no_one_is_found_and_only_for_a_short_hand(line, why):
    with pytest.raises(PhysicalError, match=why):
        hand(line + "\n", head=SHORT_HEAD)


def test_law38_a_card_is_found_only_after_the_deal():
    h = Hand.open(parse_line("hand t"))
    with pytest.raises(PhysicalError, match="the deal comes first"):
        h.record(parse_line("found W C2"))


# ---------------------------------------------------------------- L70, L82: the surplus card named


def test_law70_declarer_picks_which_of_an_adversarys_cards_goes_to_the_trick():
    events = hand("play W SA SK\nsurplus W SA\n")
    r = rulings_at(events)
    assert only(r, "several-cards")["laws"] == ["70"]
    named = only(r, "surplus-named")
    assert (named["seat"], named["laws"], named["event"]) == ("W", ["70"], 6)
    assert "his SK counts" in named["explanation"]
    assert [str(p.card) for p in at(events).table.tricks[0].cards] == ["SK"]


def test_law70_the_card_named_surplus_is_exposed_when_taken_back():
    r = rulings_at(hand("play W SA SK\nsurplus W SA\nwithdraw W SA\n"))
    assert [(x["seat"], x["card"]) for x in r["exposed"]] == [("W", "SA")]


def test_law74_a_pick_may_not_force_a_revoke():
    # East plays S2 and C9 at once to West's spade lead; declarer names the S2 surplus.
    r = rulings_at(hand("play W SA\nplay N S8\nplay E S2 C9\nsurplus E S2\n"))
    assert only(r, "pick-forces-revoke")["laws"] == ["74"]


def test_law82_naming_the_surplus_changes_which_card_counts_and_which_is_answered_for():
    # East discards C9 on West's spade lead, then (a second event) plays S2 to the same trick: the
    # first card counts, a revoke. Named surplus, the C9 goes out of the trick and S2 counts.
    before = "play W SA\nplay N S8\nplay E C9\nplay E S2\nplay S S3\n"
    assert [v["card"] for v in rulings_at(hand(before))["revokes"]] == ["C9"]
    events = hand(before + "surplus E C9\n")
    r = rulings_at(events)
    assert only(r, "surplus-named")["laws"] == ["82"]
    assert [str(p.card) for p in at(events).table.tricks[0].cards] == ["SA", "S8", "S2", "S3"]
    (v,) = r["revokes"]
    assert (v["card"], v["status"], v["status_event"], v["laws"]) == ("C9", "corrected", 10, ["82"])
    # ... and the quit that follows establishes nothing.
    assert rulings_at(hand(before + "surplus E C9\nquit EW\n"))["revokes"][0]["status"] == "corrected"


def test_law82_naming_a_card_that_is_not_on_the_table_is_refused():
    with pytest.raises(PhysicalError, match="cannot name as surplus H6"):
        hand("play W SA\nsurplus W H6\n")


def test_naming_the_only_card_a_player_has_in_a_trick_changes_nothing():
    events = hand("play W SA\nsurplus W SA\n")
    assert "nothing changes" in only(rulings_at(events), "surplus-named")["explanation"]
    assert [str(p.card) for p in at(events).table.tricks[0].cards] == ["SA"]
