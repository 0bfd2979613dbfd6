"""The tricks and the cards played under the duplicate codes (issue 22: L47F2, L58A, L65-L67),
beside the examinations from the law text (tests/test_duplicate_tricks_examination.py,
test_duplicate_cards_played_examination.py, test_duplicate_premature_play_examination.py): the
paths between the codes, the line form of two players' cards at once, and what the examinations
did not reach."""

from __future__ import annotations

import pytest
from conftest import events_of
from exam_board import T1_E, T1_S, T1_W, head, plays, rulings, the

from bridge.lines import canonical, parse_line
from bridge.messages import TranscriptError
from projections.moment import at, rulings_at


def kinds(out: dict) -> list[str]:
    return [i["kind"] for i in out["irregularities"]]


# ---------------------------------------------------------------- L67: the missed card


# South wins trick 1 (6-9); trick 2 led by South, East omits his card and NS quit it (10-13).
SHORT_2 = T1_S + plays("S D6 W D2 N D8") + "quit NS\n"


def test_the_card_put_right_before_both_sides_play_on_counts_and_may_win():
    # L67A1: "the offender supplies a card he can legally play": East's DA, before anyone plays to
    # trick 3, counts in trick 2 as any card, and wins it (East leads next, no lead out of turn).
    out = rulings(SHORT_2 + "put-right E DA\nplay E DK\n")
    assert the(out, "missed-trick")["laws"] == ["67A1"] and out["revokes"] == []
    table = at(events_of(head() + SHORT_2 + "put-right E DA\nplay E DK\n")).table
    assert table.tricks[1].winner(table.trump) == "E" and "lead-out-of-turn" not in kinds(out)


def test_only_the_offenders_side_played_on_is_still_67a():
    # "before a player on each side has played to the following trick": North leads trick 3 (his
    # side only): the card East adds is still L67A1's, no deemed revoke.
    out = rulings(SHORT_2 + "play N C6\nput-right E DA\n")
    assert the(out, "missed-trick")["laws"] == ["67A1"] and out["revokes"] == []


@pytest.mark.parametrize("ruleset, revokes", [("duplicate-2017", 1), ("duplicate-2007", 1), ("duplicate-1997", 0)])
def test_the_card_placed_late_with_the_suit_led_held(ruleset, revokes):
    # L67B1(a): 2017 (and 2007, read as 2017) deem a revoke; 1997 "there is no penalty".
    out = rulings(SHORT_2 + plays("N C6 E CA S C5 W C2") + "put-right E DA\n", ruleset)
    assert the(out, "missed-trick")["laws"] == ["67B1"]
    assert len(out["revokes"]) == revokes
    if revokes:
        (r,) = out["revokes"]
        assert (r["kind"], r["status"], r["laws"], r["trick"]) == ("deemed", "established", ["67B1"], 2)


def test_the_card_placed_late_never_wins_the_trick():
    # L67B1 "(this card does not affect ownership of the trick)": East's DA, placed in trick 2
    # after both sides played to trick 3, leaves North's D8 its winner.
    events = events_of(head() + SHORT_2 + plays("N C6 E CA S C5 W C2") + "put-right E DA\n")
    table = at(events).table
    assert table.tricks[1].winner(table.trump) == "N" and table.tricks[1].complete


def test_dummys_missed_card_placed_is_deemed_but_transfers_nothing():
    # East wins trick 1 and leads the DA; South and West follow and dummy (North), fourth, misses
    # trick 2, EW quitting it; after both sides have played to trick 3 declarer places dummy's D8:
    # the deemed revoke is dummy's, and L64B3 spares it the transfer.
    body = T1_E + plays("E DA S D6 W D2") + "quit EW\n" + plays("E DK S D7 W D3 N D9") + "put-right N D8\n"
    out = rulings(body)
    assert kinds(out) == ["missed-trick"]
    (r,) = out["revokes"]
    assert (r["seat"], r["kind"], r["status"]) == ("N", "deemed", "established")
    assert r["transfer"]["tricks"] == 0 and "64B3" in r["transfer"]["exceptions"]


def test_the_1912_code_keeps_l81():
    # The same record under the 1912 code: L81, with its new-deal option, and no deemed revoke.
    text = head("auction-1912").replace("tag Vulnerable None\n", "")
    out = rulings_at(events_of(text + SHORT_2 + plays("N C6 E CA S C5 W C2") + "put-right E DA\n"))
    i = the(out, "missed-trick")
    assert i["laws"] == ["81"] and "code" not in i and out["revokes"] == []


# ---------------------------------------------------------------- L47F2, L66C: a card from a quitted trick


def test_a_card_taken_from_a_quitted_trick_stays_played_and_the_trick_was_looked_at():
    body = T1_S + "quit NS\n" + plays("S HK W H3") + "withdraw E H4\n" + plays("N H7 E H5")
    out = rulings(body)
    assert [(i["kind"], i["laws"], i["seat"]) for i in out["irregularities"]] == [
        ("looked-at-quitted-trick", ["66C"], "E"), ("illegal-retraction", ["47F2"], "E")]
    assert out["revokes"] == [] and out["exposed"] == []
    table = at(events_of(head() + body)).table
    assert [str(p.card) for p in table.tricks[0].cards] == ["H2", "H6", "H4", "HA"]


def test_the_1912_code_keeps_l90_for_a_card_from_a_quitted_trick():
    text = head("auction-1912").replace("tag Vulnerable None\n", "")
    out = rulings_at(events_of(text + T1_S + "quit NS\n" + plays("S HK W H3") + "withdraw E H4\n"))
    assert [i["kind"] for i in out["irregularities"]] == ["taken-from-quitted-trick"]


# ---------------------------------------------------------------- L58A: the line form


@pytest.mark.parametrize("line, why", [
    ("play W SA W SK", "W is named twice in one play"),
    ("play W SA E", "no card after E in the play"),
    ("play W E CA", "no card after W in the play"),
    ("play W SA E SA", "the same card is named twice in one play"),
])
def test_two_players_cards_at_once_refused_in_one_sentence(line, why):
    with pytest.raises(TranscriptError) as e:
        parse_line(line)
    assert why in str(e.value)


def test_two_players_cards_at_once_write_back_as_recorded():
    line = parse_line("play w sa e ca")
    assert canonical(line.kind, line.args) == "play W SA E CA"
    assert parse_line("play E H4 H5").args == {"seat": "E", "cards": ["H4", "H5"]}


def test_a_card_not_held_by_the_second_player_is_refused_whole():
    # Each card must be in its own player's hand: East does not hold the SK.
    with pytest.raises(TranscriptError) as e:
        events_of(head() + "play W SA E SK\n")
    assert "SK" in str(e.value)


def test_two_players_cards_at_once_under_the_1912_code():
    # No L58A in the 1912 code: the card in turn counts first and the other is ruled as any card
    # played so (East's CA at North's turn: a play out of turn), with no 58A.
    text = head("auction-1912").replace("tag Vulnerable None\n", "")
    out = rulings_at(events_of(text + "play W SA E CA\n"))
    assert all("58A" not in i["laws"] for i in out["irregularities"])
    table = at(events_of(text + "play W SA E CA\n")).table
    assert [p.seat for p in table.tricks[0].plays] == ["W", "E"]


# ---------------------------------------------------------------- L58B2: cards at once, one player


def test_the_penalty_card_two_cards_at_once_make_is_not_judged_by_that_same_play():
    # East plays the H4 and the H5 at once: the H5 is a minor penalty card (L58B2), which the H4
    # played with it does not fail to play (L50C applies to later plays only).
    out = rulings(plays("W H2 N H6") + "play E H4 H5\n" + plays("S HA"))
    assert kinds(out) == ["several-cards"]
    assert [(x["card"], x["penalty_card"]) for x in out["exposed"]] == [("H5", "minor")]


def test_the_designation_of_the_other_card_moves_the_penalty_card():
    # East designates the H5 (the surplus named is the H4): the H4 is the penalty card now.
    out = rulings(plays("W H2 N H6") + "play E H4 H5\nsurplus E H4\n")
    assert the(out, "surplus-named")["laws"] == ["58B2", "67A2"]
    assert [x["card"] for x in out["exposed"]] == ["H4"]


# ---------------------------------------------------------------- L65B3: attention


def test_attention_with_no_trick_pointed_wrong_is_a_defenders_right():
    # L9A2: declarer or either defender may draw attention to an irregularity during the play.
    out = rulings(T1_W + "play W SK\nattention E partner\n")
    assert out["irregularities"] == []


def test_dummys_attention_during_the_play_is_l43_and_after_it_his_right():
    during = rulings(T1_W + "play W SK\nattention N partner\n")
    assert [(i["kind"], i["laws"][:2], "code" in i) for i in during["irregularities"]] == [
        ("dummy-attention", ["43A1", "9A4"], False)]
    text = head("auction-1912").replace("tag Vulnerable None\n", "")
    old = rulings_at(events_of(text + T1_W + "play W SK\nattention N partner\n"))
    assert [i["laws"] for i in old["irregularities"]] == [["61"]]  # the 1912 code: L61


def test_attention_after_the_next_trick_is_over_is_not_l65b3():
    # Trick 1 pointed wrong; trick 2 played out; West's attention then is about something else.
    body = T1_S + "quit EW\n" + plays("S HK W H3 N H7 E H5") + "attention W something\n"
    out = rulings(body)
    assert "attention-too-late" not in kinds(out)


# ---------------------------------------------------------------- the code that rules


def test_an_election_the_penalty_card_laws_refuse_is_the_duplicate_codes_own_ruling():
    # East's CA exposed, West to lead: declarer forbids diamonds, of which East has no penalty
    # card (L50D2(a)): refused, and ruled by the duplicate code (no "code" key), not the 1912 code.
    out = rulings(T1_W + "expose E CA\nelect S forbid D\n")
    (i,) = [i for i in out["irregularities"] if i["kind"] == "election-without-penalty"]
    assert "code" not in i


def test_the_claimers_mixing_their_cards_rules_against_their_claim_of_revoke():
    # L66D "a player mixes his cards ...: the Director shall rule in favour of the other side":
    # East's hand not known, his discard on a spade lead a suspected revoke; NS claim it, then
    # South (of NS) mixes his cards: the revoke is not found.
    text = ("hand exam ruleset=duplicate-2017\ndealer S\ndeal N:T98.9876.T98.876 - 76543.AKQJT.76.5 -\n"
            "contract 4H by S\ntag Vulnerable None\n")
    body = plays("W SA N S8 E C9 S S3  W H2 N H6 E H4 S HA") + "claim S 6\nclaim-revoke NS E\n"
    assert [r["status"] for r in rulings_at(events_of(text + body))["revokes"]] == ["suspected"]
    out = rulings_at(events_of(text + body + "mix S\n"))
    assert out["revokes"] == []
    assert [(i["kind"], i["laws"], i["seat"]) for i in out["irregularities"]] == [("mixed-after-claim", ["66D"], "S")]
