"""The revoke under the Laws of Duplicate Bridge (rulesets duplicate-2017 and duplicate-1997):
establishment (L63A), correction (L62), the tricks transferred (L64A), the exceptions (L64B) and
the equity flag (L64C), on hand-made transcripts. Each expectation is worked out from the text of
the laws (2017: WBF Laws of Duplicate Bridge 2017; 1997: the 1997 code's L63 and L64A2), not from
the code.

The deal of every hand but the last (the law86 example's): 4H by South, West leads.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
Trick 1 (events 5-8): West H2, North H6, East H4, South HA: South wins.
"""

from __future__ import annotations

import pytest
from conftest import events_of

from projections.moment import at, rulings_at
from projections.rulings.transfer import tricks_transferred

HEAD = """hand dup ruleset={ruleset}
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play W H2
play N H6
play E H4
play S HA
"""
BOTH = ["duplicate-2017", "duplicate-1997"]

# Trick 2 (events 9-12): South leads D6, West D2, North D8, East discards C9 holding four
# diamonds (a revoke, L61A); North wins the trick.
EAST_REVOKES = "play S D6\nplay W D2\nplay N D8\nplay E C9\n"


def rule(body: str, ruleset: str = "duplicate-2017", n: int | None = None) -> dict:
    return rulings_at(events_of(HEAD.format(ruleset=ruleset) + body), n)


def revoke(rulings: dict, seat: str) -> dict:
    (r,) = [r for r in rulings["revokes"] if r["seat"] == seat]
    return r


# ---------------------------------------------------------------- establishment (L63A)


@pytest.mark.parametrize("ruleset", BOTH)
def test_law63a1_partner_leading_to_the_next_trick_establishes(ruleset):
    # North leads trick 3 (event 13): no one of the offending side has played to it yet.
    body = EAST_REVOKES + "play N H9\nplay E H5\n"
    r = revoke(rule(body, ruleset, 13), "E")
    assert (r["status"], r["laws"]) == ("correctable", ["61A"])
    # East plays to trick 3 (event 14): established (L63A1); quitting trick 2 established nothing.
    r = revoke(rule(body, ruleset), "E")
    assert (r["status"], r["status_event"], r["laws"]) == ("established", 14, ["63A1"])
    assert r["penalty"] is None and r["penalty_barred_by"] is None  # no 1912 penalty, no election


def test_law63a1_the_quit_of_the_revoke_trick_establishes_nothing():
    r = revoke(rule(EAST_REVOKES + "quit NS\nquit EW\n"), "E")
    assert r["status"] == "correctable"


@pytest.mark.parametrize("ruleset", BOTH)
def test_law63a3_a_claim_by_the_offending_side_establishes(ruleset):
    r = revoke(rule(EAST_REVOKES + "claim W 3\n", ruleset), "E")
    assert (r["status"], r["status_event"], r["laws"]) == ("established", 13, ["63A3"])
    # West claims 3 of the 11 tricks left: East-West won tricks after the revoke, one is transferred.
    assert r["transfer"]["tricks"] == 1 and r["transfer"]["law"] == "64A2"
    assert r["transfer"]["which"] == ["claimed"] and r["transfer"]["to"] == "NS"


@pytest.mark.parametrize("ruleset,law", [("duplicate-2017", "63A4"), ("duplicate-1997", "63A3")])
def test_law63a4_the_opponents_claim_establishes_once_agreed(ruleset, law):
    # South claims 10 of the 11 tricks left. The record does not say when the claim was agreed:
    # by default it is taken as agreed at the claim (an archive's claim is the board's end).
    r = revoke(rule(EAST_REVOKES + "claim S 10\n", ruleset), "E")
    assert (r["status"], r["status_event"], r["laws"]) == ("established", 13, [law])
    assert r["transfer"]["tricks"] == 1  # East-West get the 11th trick: one is transferred (L64A2)
    # Option opponents-claim=agreed-at-cut: not established while the offending side may object;
    # the board ends (the cut) with no objection: agreed, established (2017 L63A4; 1997 L63A3).
    text = HEAD.format(ruleset=ruleset + " opponents-claim=agreed-at-cut") + EAST_REVOKES + "claim S 10\n"
    assert revoke(rulings_at(events_of(text)), "E")["status"] == "correctable"
    r = revoke(rulings_at(events_of(text + "cut\n")), "E")
    assert (r["status"], r["status_event"], r["laws"]) == ("established", 14, [law])
    assert r["transfer"]["tricks"] == 1


# ---------------------------------------------------------------- correction (L62)


def test_law62b1_a_defenders_corrected_card_is_a_major_penalty_card_and_l62c():
    # West revokes (C2 on a diamond, holding four), North and East play after him; West
    # corrects: his C2 becomes a major penalty card (L62B1). North, a non-offender, takes back
    # his card freely (L62C1); then East, of the offending side, takes his back: a penalty card
    # (L62C2).
    body = ("play S D6\nplay W C2\nplay N D8\nplay E DJ\nwithdraw W C2\nplay W D3\n"
            "withdraw N D8\nplay N D9\nwithdraw E DJ\nplay E DA\n")
    out = rule(body)
    r = revoke(out, "W")
    assert (r["status"], r["status_event"], r["laws"]) == ("corrected", 13, ["62A", "62B1"])
    assert r["transfer"]["tricks"] == 0
    assert [(x["seat"], x["card"], x["law"]) for x in out["exposed"]] == [("W", "C2", "62B1"), ("E", "DJ", "62C2")]


def test_law62b2_declarers_corrected_card_is_no_penalty_card():
    # Trick 2: South C5, West C4... East wins with the CA; trick 3: East leads DA and South
    # ruffs with the HT holding D76, then takes it back and plays the D7 (L62B2).
    body = ("play S C5\nplay W C4\nplay N C6\nplay E CA\nplay E DA\nplay S HT\nwithdraw S HT\nplay S D7\n"
            "play W D2\nplay N D8\n")
    out = rule(body)
    r = revoke(out, "S")
    assert (r["status"], r["laws"]) == ("corrected", ["62A", "62B2"])
    assert out["exposed"] == []


def test_law63b_an_established_revoke_taken_back_stands():
    body = EAST_REVOKES + "play N H9\nplay E H5\nwithdraw E C9\n"
    out = rule(body)
    assert revoke(out, "E")["status"] == "established"
    assert [(i["kind"], i["laws"]) for i in out["irregularities"]] == [("late-correction", ["63B"])]


# ---------------------------------------------------------------- the twelfth trick (L62D, L64B6)

# A hand played to the end; at trick 12 (events 49-52: East DK, South S3, West D4, North D9)
# South discards the S3 holding the D6; at trick 13 (events 53-56: East CK, South D6, ...)
# South plays on.
TWELFTH = """hand dup12 ruleset={ruleset}
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play W H3
play N H9
play E H5
play S HA
play S HK
play W H2
play N H8
play E H4
play S HQ
play W D2
play N H7
play E S2
play S HJ
play W C2
play N H6
play E C9
play S HT
play W D3
play N C6
play E CT
play S S7
play W SA
play N ST
play E DJ
play W SK
play N S9
play E CJ
play S S6
play W SQ
play N S8
play E DQ
play S S5
play W SJ
play N C7
play E CQ
play S S4
play W D5
play N DT
play E DA
play S D7
play E CA
play S C5
play W C4
play N C8
play E DK
play S S3
play W D4
play N D9
play E CK
play S D6
play W C3
play N D8
"""


def twelfth(ruleset: str, after: str = "") -> dict:
    return rulings_at(events_of(TWELFTH.format(ruleset=ruleset) + after))


@pytest.mark.parametrize("ruleset", BOTH)
def test_law62d1_a_twelfth_trick_revoke_must_still_be_corrected(ruleset):
    r = revoke(twelfth(ruleset), "S")
    # South played to trick 13 (event 54): established by L63A1, yet to be corrected (L62D1).
    assert (r["status"], r["laws"]) == ("correctable", ["63A1", "62D1"])
    r = revoke(twelfth(ruleset, "withdraw S S3\n"), "S")
    assert (r["status"], r["status_event"], r["laws"]) == ("corrected", 57, ["62D1", "62B2"])


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64b6_no_transfer_for_the_twelfth_trick(ruleset):
    out = twelfth(ruleset, "cut\n")
    r = revoke(out, "S")
    assert (r["status"], r["status_event"], r["laws"]) == ("established", 57, ["62D1", "63A1"])
    # East won tricks 12 and 13: L64B1 applies too, and comes first in the law's order.
    assert (r["transfer"]["tricks"], r["transfer"]["exceptions"]) == (0, ["64B1", "64B6"])
    assert r["transfer"]["equity"]["law"] == "64C"  # L64C still applies
    assert out["transfer"] == {"NS": 0, "EW": 0}


# ---------------------------------------------------------------- the transfer (L64A)


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64a1_offender_won_the_revoke_trick_two_tricks(ruleset):
    # Trick 2: South S3, West SJ, North S8, East ruffs with the H5 holding the S2 and wins;
    # trick 3: East leads the DA (establishing it) and wins. The revoke trick and one more.
    body = "play S S3\nplay W SJ\nplay N S8\nplay E H5\nplay E DA\nplay S D6\nplay W D2\nplay N D8\n"
    out = rule(body, ruleset)
    t = revoke(out, "E")["transfer"]
    assert (t["tricks"], t["which"], t["law"], t["to"], t["final"]) == (2, [2, 3], "64A1", "NS", False)
    assert out["transfer"] == {"NS": 2, "EW": 0}


def test_law64a1_offender_won_the_revoke_trick_and_nothing_later_yet_one_trick():
    # East ruffs trick 2 as above and leads the DJ to trick 3, which no one has won yet: so far
    # the revoke trick alone is owed (L64A1: "together with one of any subsequent tricks won").
    body = "play S S3\nplay W SJ\nplay N S8\nplay E H5\nplay E DJ\n"
    t = revoke(rule(body), "E")["transfer"]
    assert (t["tricks"], t["which"], t["law"], t["final"]) == (1, [2], "64A1", False)


# Trick 2: East's revoke (North wins); trick 3: North leads C8, East wins with the CA (which
# establishes the revoke); trick 4: East wins with the DA, a diamond he could have played to trick 2.
SECOND_TRICK = EAST_REVOKES + ("play N C8\nplay E CA\nplay S C5\nplay W C2\n"
                               "play E DA\nplay S D7\nplay W D3\nplay N D9\n")


def test_law64a2_2017_one_trick():
    t = revoke(rule(SECOND_TRICK, "duplicate-2017"), "E")["transfer"]
    assert (t["tricks"], t["which"], t["law"]) == (1, [3], "64A2")


def test_law64a2_1997_a_second_trick_won_with_a_card_legal_to_the_revoke_trick():
    t = revoke(rule(SECOND_TRICK, "duplicate-1997"), "E")["transfer"]
    assert (t["tricks"], t["which"], t["law"]) == (2, [3, 4], "64A2")
    assert "1997" in t["why"]


def test_law64a2_1997_no_second_trick_without_such_a_card():
    # As above but East wins trick 4 with a club, not a diamond: one trick, as in 2017.
    body = EAST_REVOKES + "play N C8\nplay E CA\nplay S C5\nplay W C2\nplay E CK\nplay S S3\nplay W C3\nplay N C6\n"
    t = revoke(rule(body, "duplicate-1997"), "E")["transfer"]
    assert (t["tricks"], t["law"]) == (1, "64A2")


# ---------------------------------------------------------------- no transfer (L64B)


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64b1_offending_side_won_no_trick_from_the_revoke_on(ruleset):
    # Trick 3: North leads H9, East H5 (established), South HK wins; South claims the other ten.
    body = EAST_REVOKES + "play N H9\nplay E H5\nplay S HK\nplay W H3\nclaim S 10\ncut\n"
    out = rule(body, ruleset)
    t = revoke(out, "E")["transfer"]
    assert (t["tricks"], t["barred_by"], t["final"]) == (0, "64B1", True)
    assert t["equity"]["law"] == "64C"


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64b2_a_second_revoke_in_the_same_suit_by_the_same_player(ruleset):
    # Trick 3: North leads D9, East discards again (CT), South D7, West D3; North wins. Trick 4:
    # North leads H9, East H5 (both established). Trick 5: South C5... East wins with the CA.
    body = EAST_REVOKES + ("play N D9\nplay E CT\nplay S D7\nplay W D3\n"
                           "play N H9\nplay E H5\nplay S HK\nplay W H3\n"
                           "play S C5\nplay W C4\nplay N C8\nplay E CA\n")
    out = rule(body, ruleset)
    first, second = sorted((r for r in out["revokes"] if r["seat"] == "E"), key=lambda r: r["trick"])
    assert (first["transfer"]["tricks"], first["transfer"]["law"]) == (1, "64A2")
    assert (second["transfer"]["tricks"], second["transfer"]["barred_by"]) == (0, "64B2")


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64b3_dummys_revoke_transfers_nothing(ruleset):
    # Trick 2: South C5, West C4, dummy (North) plays D9 holding clubs, East wins with the CA;
    # trick 3: East leads DA, South D6 (establishes it, L63A1); trick 4: South wins a heart.
    body = ("play S C5\nplay W C4\nplay N D9\nplay E CA\nplay E DA\nplay S D6\nplay W D2\nplay N DT\n"
            "play E H5\nplay S HK\nplay W H3\nplay N H9\n")
    r = revoke(rule(body, ruleset), "N")
    assert (r["kind"], r["status"], r["laws"]) == ("dummy", "established", ["63A1"])
    assert (r["transfer"]["tricks"], r["transfer"]["barred_by"]) == (0, "64B3")


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64b3_failing_to_play_a_penalty_card(ruleset):
    # West revokes on trick 2 and corrects: the C2 is a major penalty card (L62B1); East wins
    # the trick. Trick 3: East leads the C9 and West, with the C2 face up, discards the D4: a
    # revoke made in failing to play a penalty card (L64B3). Trick 4: East leads the CA.
    body = ("play S D6\nplay W C2\nplay N D8\nplay E DJ\nwithdraw W C2\nplay W D3\n"
            "play E C9\nplay S C5\nplay W D4\nplay N C6\n"
            "play E CA\nplay S D7\nplay W D5\nplay N C7\n")
    out = rule(body, ruleset)
    late = next(r for r in out["revokes"] if r["seat"] == "W" and r["trick"] == 3)
    assert late["status"] == "established"
    assert (late["transfer"]["tricks"], late["transfer"]["barred_by"]) == (0, "64B3")


# Trick 3: North leads H9, East H5 (established); trick 4: South leads C5, East wins with the CA.
PLAYED_ON = EAST_REVOKES + "play N H9\nplay E H5\nplay S HK\nplay W H3\nplay S C5\nplay W C4\nplay N C8\nplay E CA\n"


@pytest.mark.parametrize("ruleset", BOTH)
def test_law64b4_attention_drawn_after_the_board_ended(ruleset):
    t = revoke(rule(PLAYED_ON + "claim E 9\ncut\nclaim-revoke NS E\n", ruleset), "E")["transfer"]
    assert (t["tricks"], t["barred_by"]) == (0, "64B4")
    # Drawn before the cut, or never said in the record: the transfer stands (L64A2).
    t = revoke(rule(PLAYED_ON + "claim E 9\nclaim-revoke NS E\ncut\n", ruleset), "E")["transfer"]
    assert (t["tricks"], t["law"], t["barred_by"]) == (1, "64A2", None)
    t = revoke(rule(PLAYED_ON + "claim E 9\ncut\n", ruleset), "E")["transfer"]
    assert t["tricks"] == 1


# East's revoke at trick 2 (North wins); trick 3: North leads C8, East CT, South ruffs with the HT
# holding the C5 (a revoke) and wins; trick 4: South leads HK (establishing his), West, North, East
# follow; trick 5: South leads D7, East wins with the DA.
BOTH_SIDES = EAST_REVOKES + ("play N C8\nplay E CT\nplay S HT\nplay W C2\n"
                             "play S HK\nplay W H3\nplay N H9\nplay E H5\n"
                             "play S D7\nplay W D3\nplay N D9\nplay E DA\n")


def test_law64b7_2017_both_sides_revoked_no_transfer():
    out = rule(BOTH_SIDES, "duplicate-2017")
    for seat in "ES":
        t = revoke(out, seat)["transfer"]
        assert (t["tricks"], t["barred_by"]) == (0, "64B7")
    assert out["transfer"] == {"NS": 0, "EW": 0}


def test_law64b_1997_has_no_both_sides_case():
    out = rule(BOTH_SIDES, "duplicate-1997")
    east, south = revoke(out, "E")["transfer"], revoke(out, "S")["transfer"]
    assert (east["tricks"], east["law"], east["which"]) == (1, "64A2", [5])  # East won trick 5
    assert (south["tricks"], south["law"], south["which"]) == (2, "64A1", [3, 4])  # South won 3 himself
    assert out["transfer"] == {"NS": 1, "EW": 2}


# Trick 2: South D6, West discards C2 and dummy C6 (both revoke, holding diamonds), East DJ wins;
# trick 3: East leads DA, establishing West's revoke; North-South have not played to it.
BOTH_ON_ONE_TRICK = "play S D6\nplay W C2\nplay N C6\nplay E DJ\nplay E DA\nwithdraw N C6\nwithdraw W C2\n"


def test_law62c3_both_sides_on_one_trick_2017_both_corrected_no_transfer():
    out = rule(BOTH_ON_ONE_TRICK, "duplicate-2017")
    west, north = revoke(out, "W"), revoke(out, "N")
    assert (west["status"], west["laws"]) == ("corrected", ["62C3"])
    assert (north["status"], north["laws"]) == ("corrected", ["62C3"])
    assert west["transfer"]["barred_by"] == "64B8" and west["transfer"]["tricks"] == 0
    assert ("W", "C2", "62C3") in [(x["seat"], x["card"], x["law"]) for x in out["exposed"]]


def test_law62c3_does_not_exist_in_1997():
    out = rule(BOTH_ON_ONE_TRICK, "duplicate-1997")
    assert revoke(out, "W")["status"] == "established"
    assert [i["kind"] for i in out["irregularities"]] == ["late-correction"]


# ---------------------------------------------------------------- equity (L64C), elections, score


def test_law64c_flag_on_every_established_revoke_never_a_number():
    t = revoke(rule(SECOND_TRICK), "E")["transfer"]
    assert t["equity"]["law"] == "64C" and "no number" in t["equity"]["why"]
    r = revoke(rule(EAST_REVOKES + "withdraw E C9\nplay E DJ\n"), "E")
    assert r["status"] == "corrected" and r["transfer"]["equity"] is None


def test_an_election_in_a_duplicate_hand_is_said_and_has_no_effect():
    out = rule(EAST_REVOKES + "play N H9\nplay E H5\nelect S tricks\n")
    assert [(i["kind"], i["laws"]) for i in out["irregularities"]] == [("election-not-in-code", ["64"])]
    assert revoke(out, "E")["penalty"] is None


def test_tricks_transferred_is_the_one_count():
    m = at(events_of(HEAD.format(ruleset="duplicate-1997") + SECOND_TRICK))
    assert tricks_transferred(m.judge.revokes, m.table) == {"NS": 2, "EW": 0}
    assert m.rulings()["transfer"] == {"NS": 2, "EW": 0}


def test_the_1912_rulings_have_no_transfer():
    out = rule(EAST_REVOKES + "play N H9\nplay E H5\n", "auction-1912")
    assert "transfer" not in out and "transfer" not in revoke(out, "E")


def test_the_duplicate_score_counts_the_transferred_tricks_once():
    from projections.score import score

    # 1997: declarer won tricks 1 and 2 and claims the last nine; two tricks come back (L64A2).
    text = HEAD.format(ruleset="duplicate-1997") + "tag Vulnerable None\n" + SECOND_TRICK + "claim S 9\ncut\n"
    s = score(at(events_of(text)))
    assert (s["as_played"]["tricks"]["NS"], s["tricks"]["NS"], s["penalty_tricks"]) == (11, 13, 2)
    assert [t["laws"] for t in s["transfers"]] == [["64A2"]]
    # 2017, the same play: one trick.
    s = score(at(events_of(text.replace("duplicate-1997", "duplicate-2017"))))
    assert (s["tricks"]["NS"], s["penalty_tricks"]) == (12, 1)
    # A revoke the L64B exceptions spare moves nothing (the twelfth trick's).
    s = score(at(events_of(TWELFTH.format(ruleset="duplicate-2017") + "tag Vulnerable None\ncut\n")))
    assert s["penalty_tricks"] == 0 and s["tricks"] == s["as_played"]["tricks"]


def test_the_other_irregularities_of_a_duplicate_hand_say_they_are_ruled_by_the_1912_code():
    from conftest import events_of
    from projections.moment import rulings_at

    events = events_of("""hand d ruleset=duplicate-2017
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play W SA
play N S8
put-right E S2
""")
    # Nothing to put right is the duplicate code's own now (L67A1: issue 22); an archive's card out
    # of its rotation (the record's order, no act at the table: L80) is the 1912 code's, and says so.
    (i,) = rulings_at(events)["irregularities"]
    assert i["kind"] == "nothing-to-put-right" and "code" not in i and i["laws"] == ["67A1"]
    from dataclasses import replace

    from projections.events import as_events
    archived = as_events(events_of("""hand d ruleset=duplicate-2017
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play W SA
play E S2
"""))
    archived[0] = replace(archived[0], args={**archived[0].args, "source": {"file": "a.pbn", "format": "pbn"}})
    (i,) = rulings_at(archived)["irregularities"]
    assert i["kind"] == "play-out-of-turn" and i["code"] == "auction-1912" and i["laws"] == ["80"]
    # A premature play is the duplicate code's own (L57): it names no other code.
    (i,) = rulings_at(events_of("""hand d ruleset=duplicate-2017
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play W SA
play E S2
"""))["irregularities"]
    assert i["kind"] == "premature-play" and "code" not in i and i["laws"][0] == "57D"
    # A lead out of turn is the duplicate code's own (L53-L56): it names no other code.
    (i,) = rulings_at(events_of("""hand d ruleset=duplicate-2017
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play E C9
"""))["irregularities"]
    assert i["kind"] == "lead-out-of-turn" and "code" not in i and i["laws"][0] == "54A"
    plain = events_of("""hand a
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play E C9
""")
    assert "code" not in rulings_at(plain)["irregularities"][0]
