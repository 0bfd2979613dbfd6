"""Every irregularity of the play the recorder knows is ruled by the code the hand names (issue 22):
under each duplicate code no ruling of any example transcript, nor of generated irregular hands,
is the 1912 code's (`"code": "auction-1912"` in the rulings JSON); and the last three that were
(a card the laws keep in its trick played again, a `put-right` with nothing to put right, a claim
doubted after the play went on past it under 2007 and 1997) are ruled by the duplicate laws,
the 1912 code's rulings of them unchanged."""

from __future__ import annotations

import random
import re

import pytest
from conftest import EXAMPLES, events_of
from exam_board import T1_S, head, plays, rulings, the

from bench.play import random_transcript
from projections.moment import at, rulings_at
from projections.score import CannotScore, score

DUPLICATE = ("duplicate-2017", "duplicate-2007", "duplicate-1997")
# The 1912 code's own options, which a duplicate ruleset does not take (`bridge.rulesets`).
_OPTION = re.compile(r"\s(quitting|wrong-no)=\S+")


def under(text: str, ruleset: str) -> str:
    """A transcript with its `hand` line naming `ruleset` (the 1912 options left out)."""
    def hand_line(m: re.Match) -> str:
        words = _OPTION.sub("", m.group(1).split("#")[0]).split()
        return " ".join([w for w in words if not w.startswith("ruleset=")] + [f"ruleset={ruleset}"])
    return re.sub(r"^(hand\s.*)$", hand_line, text, count=1, flags=re.M)


def the_1912s(text: str) -> list[str]:
    out = at(events_of(text)).rulings()
    return [f"{i['kind']} at event {i['event']}" for i in out["irregularities"] if i.get("code") == "auction-1912"]


@pytest.mark.parametrize("ruleset", DUPLICATE)
def test_no_example_has_a_ruling_of_the_1912_code_under_a_duplicate_code(ruleset):
    played = 0
    for path in sorted(EXAMPLES.glob("*.hand")):
        text = under(path.read_text(encoding="utf-8"), ruleset)
        assert the_1912s(text) == [], path.name
        played += 1
    assert played > 100


@pytest.mark.parametrize("ruleset", DUPLICATE)
def test_no_generated_irregular_hand_has_a_ruling_of_the_1912_code(ruleset):
    for seed in range(150):
        text = random_transcript(random.Random(seed), irregular=0.3, options=f"ruleset={ruleset}")
        assert the_1912s(text) == [], f"seed {seed}"


# East's H4 taken back (9) though no law lets him (L47F2): it stays in trick 1. He plays it again to
# trick 2 (14).
KEPT_BY_47F2 = plays("W H2 N H6 E H4") + "withdraw E H4\n" + plays("S HA S HK W H3 N H7 E H4")


@pytest.mark.parametrize("ruleset", DUPLICATE)
def test_a_card_kept_by_47f2_played_again_cites_47f2(ruleset):
    out = rulings(KEPT_BY_47F2, ruleset)
    again = the(out, "played-again")
    assert (again["seat"], again["event"], again["laws"], again.get("code")) == ("E", 14, ["47F2"], None)


def test_a_revoke_card_kept_by_63b_played_again_cites_63b():
    # East (holding H5 H4) plays the CA to trick 1 (a revoke);
    # South leads to trick 2 (established, L63A1), East takes the CA back (too late, L63B: the trick
    # stands as played) and then plays the CA again to trick 2.
    body = plays("W H2 N H6 E CA S HA S HK W H3 N H7") + "withdraw E CA\n" + plays("E CA")
    out = rulings(body)
    assert the(out, "late-correction")["laws"] == ["63B"]
    again = the(out, "played-again")
    assert (again["laws"], again.get("code")) == (["63B"], None)


def test_the_1912_code_still_cites_l90_and_l83():
    # The same records under the 1912 code: a card taken from a quitted trick stays there (L90); an
    # established revoke's card stays (L83).
    quitted = plays("W H2 N H6 E H4 S HA") + "quit NS\nwithdraw E H4\n" + plays("S HK W H3 N H7 E H4")
    out = rulings_at(events_of(head("auction-1912") + quitted))
    assert the(out, "played-again")["laws"] == ["90"]
    revoke = plays("W H2 N H6 E CA S HA") + "quit NS\n" + plays("S HK W H3 N H7") + "withdraw E CA\n" + plays("E CA")
    out = rulings_at(events_of(head("auction-1912") + revoke))
    assert the(out, "played-again")["laws"] == ["83"]


@pytest.mark.parametrize("ruleset", DUPLICATE)
def test_put_right_with_no_trick_missed_is_67a1_and_the_card_is_played(ruleset):
    out = rulings(T1_S + "put-right S S3\n", ruleset)
    i = the(out, "nothing-to-put-right")
    assert (i["seat"], i["laws"], i["trick"], i.get("code")) == ("S", ["67A1"], 2, None)
    assert [i["kind"] for i in out["irregularities"]] == ["nothing-to-put-right"]


def test_the_1912_code_still_cites_l81_for_nothing_to_put_right():
    out = rulings_at(events_of(head("auction-1912") + T1_S + "put-right S S3\n"))
    assert the(out, "nothing-to-put-right")["laws"] == ["81"]


@pytest.mark.parametrize("ruleset", DUPLICATE)
def test_cards_with_no_contract_are_a_notice_of_no_code(ruleset):
    text = head(ruleset).replace("contract 4H by S\n", "") + plays("W H2")
    i = the(rulings_at(events_of(text)), "no-contract")
    assert i["laws"] == [] and "code" not in i


# South claims 11 of the 12 tricks left (10); play goes on for a trick (11-14); West doubts (15);
# the Director adjudicates 10 (16).
PLAYED_ON = (T1_S + "claim S 11\n" + plays("S HK W H3 N H7 E H5") + "doubt W\n"
             + "adjudicate 10 by=TD trumps drawn, one spade and the club ace lost\n")


@pytest.mark.parametrize("ruleset, played_on", [("duplicate-2007", ["68D", "70D3"]), ("duplicate-1997", ["68D"]),
                                                ("duplicate-2017", ["68D"])])
def test_a_claim_doubted_after_play_went_on_is_adjudicated(ruleset, played_on):
    # 2007: play should have ceased, the play is evidence (L68D, L70D3); 1997: the Director voids
    # the play after a claim and adjudicates it (L68D); 2017: play is suspended (L68D), and no one
    # had doubted the claim before the play went on, so it was no play continued by agreement
    # (L68D2(b)): the claim stands for the Director.
    events = events_of(head(ruleset) + PLAYED_ON)
    out = rulings_at(events, 15)
    assert the(out, "claim-played-out")["laws"] == played_on
    doubted = the(out, "claim-doubted")
    assert (doubted["seat"], doubted["event"], doubted["laws"][1:]) == ("S", 15, ["70"])
    assert doubted["judgment"]["given"] is None
    with pytest.raises(CannotScore, match="adjudicat"):
        score(at(events, 15))  # the score waits for the Director
    out = rulings_at(events)
    assert the(out, "claim-doubted")["judgment"]["given"]["tricks"] == 10
    assert [i["kind"] for i in out["irregularities"]] == ["claim-played-out", "claim-doubted"]
    s = score(at(events))
    assert (s["tricks"]["NS"], s["tricks"]["EW"]) == (11, 2)


def test_under_2017_a_claim_doubted_then_played_on_is_void_and_a_later_doubt_finds_none():
    # L68D2(b): a claim doubted, play continues (the non-claiming side's request, all four agreeing):
    # the claim is void and the play decides.
    body = T1_S + "claim S 11\ndoubt W\n" + plays("S HK W H3 N H7 E H5") + "doubt E\n"
    out = rulings(body, "duplicate-2017")
    assert the(out, "claim-played-out")["laws"] == ["68D2"]
    assert the(out, "no-claim")["event"] == 16
    s = score(at(events_of(head("duplicate-2017") + body)))
    assert s["tricks"]["NS"] + s["tricks"]["EW"] == 2  # the play decides: two tricks played so far


def test_under_1997_the_play_after_a_claim_is_voided_and_waits_for_the_director():
    # 1997 L68D: "all play subsequent to a claim is voided and the Director adjudicates the claim".
    body = T1_S + "claim S 11\n" + plays("S HK W H3 N H7 E H5")
    events = events_of(head("duplicate-1997") + body)
    i = the(rulings_at(events), "claim-played-out")
    assert i["laws"] == ["68D"] and i["judgment"] == {"law": "70", "by": "director", "claim": 10, "given": None}
    with pytest.raises(CannotScore, match="adjudicat"):
        score(at(events))
    events = events_of(head("duplicate-1997") + body + "adjudicate 11 by=TD as claimed\n")
    assert the(rulings_at(events), "claim-played-out")["judgment"]["given"]["tricks"] == 11
    s = score(at(events))
    assert (s["tricks"]["NS"], s["tricks"]["EW"]) == (12, 1)


# ---------------------------------------------------------------- a card taken back after misinformation (L47E)


def test_the_withdraw_line_takes_misinformed_or_not_named_and_nothing_else():
    from bridge.cards import NotationError
    from bridge.lines import canonical, parse_line

    line = parse_line("withdraw e h4 Misinformed")
    assert line.args == {"seat": "E", "card": "H4", "misinformed": True, "not_named": False}
    assert canonical("withdraw", line.args) == "withdraw E H4 misinformed"
    line = parse_line("withdraw n h4 Not-Named")
    assert line.args == {"seat": "N", "card": "H4", "misinformed": False, "not_named": True}
    assert canonical("withdraw", line.args) == "withdraw N H4 not-named"
    assert canonical("withdraw", parse_line("withdraw E H4").args) == "withdraw E H4"
    with pytest.raises((NotationError, ValueError), match="'because' is not a reason to take a card back"):
        parse_line("withdraw E H4 because")


@pytest.mark.parametrize("ruleset, allowed", [("duplicate-2017", False), ("duplicate-2007", True),
                                              ("duplicate-1997", True)])
def test_a_card_played_after_it_to_another_trick_bars_the_retraction_under_2017_only(ruleset, allowed):
    # South's HA, the last card of trick 1 (9); South leads the HK to trick 2 (10); then South takes
    # back his HA, misinformed. 2017 L47E2(a): "only if no card was subsequently played"; 2007:
    # "... to that trick" (1997 read as 2007): no card followed the HA to trick 1.
    out = rulings(T1_S + plays("S HK") + "withdraw S HA misinformed\n", ruleset)
    kinds = [i["kind"] for i in out["irregularities"]]
    if allowed:
        assert the(out, "misinformed-retraction")["laws"] == ["47E2"]
    else:
        # too late: taken back as any card is, from a quitted trick (L66C), and it stays played (L47F2)
        assert kinds == ["looked-at-quitted-trick", "illegal-retraction"]
        assert the(out, "illegal-retraction")["laws"] == ["47F2", "47E2"]


def test_under_the_1912_code_the_word_changes_nothing():
    body = T1_S + "withdraw W H2 misinformed\n"
    with_word = rulings_at(events_of(head("auction-1912") + body))
    without = rulings_at(events_of(head("auction-1912") + body.replace(" misinformed", "")))
    assert with_word["irregularities"] == without["irregularities"] and with_word["revokes"] == without["revokes"]


def test_misinformed_too_late_is_still_any_other_laws_retraction():
    # North's H7 (13) taken back after West corrected his revoke (D2 back, H3 played): L62C1 lets
    # him; the word `misinformed`, too late for L47E2(a), changes nothing of that.
    body = T1_S + plays("S HK W D2 N H7 E H5") + "withdraw W D2\nplay W H3\nwithdraw N H7 misinformed\n" + plays("N H8")
    with_word = rulings(body)
    without = rulings(body.replace(" misinformed", ""))
    assert with_word["irregularities"] == without["irregularities"] == []


def test_a_retraction_allowed_under_2007_sends_the_next_card_to_its_trick():
    # 2007: South's HA (event 13), the last card of trick 2; he leads the HK to trick 3 (14), then
    # takes the HA back, misinformed (15): no card was played to trick 2 after it, so L47E2(a) lets
    # him; his next card, the HQ, goes to trick 2 in its place.
    body = (plays("W SA N S8 E S2 S S3  W H2 N H6 E H4 S HA  S HK") + "withdraw S HA misinformed\n"
            + plays("S HQ W H3 N H7 E H5"))
    out = rulings(body, "duplicate-2007")
    assert [i["kind"] for i in out["irregularities"]] == ["misinformed-retraction"]
    s = score(at(events_of(head("duplicate-2007") + body)))
    assert (s["tricks"]["NS"], s["tricks"]["EW"]) == (2, 1)


def test_under_1997_no_law_rules_the_voided_play_after_a_claim():
    # East's C9 on a diamond after South's claim is no revoke: 1997 L68D voids that play.
    body = T1_S + "claim S 11\n" + plays("S D6 W D2 N D8 E C9  N D9 E DA S D7 W D3") + "adjudicate 11 by=TD all\n"
    out = rulings(body, "duplicate-1997")
    assert out["revokes"] == [] and [i["kind"] for i in out["irregularities"]] == ["claim-played-out"]
    s = score(at(events_of(head("duplicate-1997") + body)))
    assert (s["tricks"]["NS"], s["tricks"]["EW"]) == (12, 1)


def test_the_room_offers_a_doubt_of_a_1997_claim_whose_play_was_voided():
    # The claim is no longer standing (the play went on), but the Director is to adjudicate it: a
    # player may still doubt it, and the room offers the line.
    from handrec.wording import next_acts
    from projections.replay import table_view

    body = T1_S + "claim S 11\n" + plays("S HK W H3 N H7 E H5")
    moment = at(events_of(head("duplicate-1997") + body))
    acts = next_acts(table_view(moment), moment.rulings(), "play E H5", 14)
    assert "doubt W" in [b["line"] for b in acts["buttons"]]
    moment = at(events_of(head("duplicate-2017") + T1_S + plays("S HK W H3 N H7 E H5")))
    acts = next_acts(table_view(moment), moment.rulings(), "play E H5", 13)
    assert not any(b["line"].startswith("doubt") for b in acts["buttons"])  # (no claim at all)


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007", "duplicate-1997"])
def test_a_premature_card_taken_up_is_recorded_leaving_its_trick_then_played(ruleset):
    # West revokes on trick 2 (D2, holding clubs) and leads the SA to trick 3 before East has played
    # (L57A): his revoke is established, "any such play, legal or illegal" (L63A1). The SA, taken up
    # as a penalty card, is recorded leaving its trick (`withdraw`): no retraction is ruled on it.
    body = T1_S + plays("S C5 W D2 N C6") + "play W SA\nelect S lowest\nplay E C9\nelect S none\n"
    out = rulings(body, ruleset, n=13)
    (r,) = out["revokes"]
    assert (r["seat"], r["status"], r["status_event"], r["laws"]) == ("W", "established", 13, ["63A1"])
    later = body + plays("E CA S HT W C3 N C7  S S3") + "withdraw W SA\n" + plays("W SA N S8 E S2")
    out = rulings(later, ruleset)
    assert [i["kind"] for i in out["irregularities"]] == ["premature-play", "penalty-card-lead"]
    assert out["exposed"] == [] and [r["status"] for r in out["revokes"]] == ["established"]


def test_a_premature_card_taken_up_played_again_alone_is_refused_saying_how_to_record_it(tmp_path):
    from recorder.application import HandRecorder
    from bridge.messages import TranscriptError

    body = T1_S + plays("S C5 W D2 N C6") + "play W SA\nelect S lowest\nplay E C9\nelect S none\n" \
        + plays("E CA S HT W C3 N C7  S S3 W SA")
    with pytest.raises(TranscriptError) as refused:
        HandRecorder(str(tmp_path / "hands.db")).record(head() + body)
    assert "SA is already on the table, played by West; if it was taken up from its trick" in str(refused.value)
    assert "record that first: 'withdraw W SA'" in str(refused.value)


@pytest.mark.parametrize("ruleset, offered", [("duplicate-2017", True), ("duplicate-2007", True),
                                              ("duplicate-1997", True), ("auction-1912", False)])
def test_the_room_offers_a_doubt_of_a_claim_played_past_while_the_law_keeps_it_open(ruleset, offered):
    # South claims and the play goes on, no one having doubted the claim: under 2017 it stands and
    # may still be doubted (L68D2), under 2007 the play is evidence (L70D3), under 1997 it is voided
    # and the Director adjudicates (L68D); the 1912 code takes the claim as void once played past.
    # The room offers the doubt by the one rule (`claims.open_to_doubt`), and not once adjudicated.
    from handrec.wording import next_acts
    from projections.replay import table_view

    body = T1_S + "claim S 11\n" + plays("S HK W H3 N H7 E H5")
    moment = at(events_of(head(ruleset) + body))
    acts = next_acts(table_view(moment), moment.rulings(), "play E H5", 14)
    assert ("doubt W" in [b["line"] for b in acts["buttons"]]) is offered
    if ruleset.startswith("duplicate"):
        moment = at(events_of(head(ruleset) + body + "doubt W\nadjudicate 11 by=TD all\n"))
        acts = next_acts(table_view(moment), moment.rulings(), "adjudicate 11 by=TD all", 16)
        assert not any(b["line"].startswith("doubt") for b in acts["buttons"])


def test_the_offenders_partner_takes_back_his_card_only_after_a_non_offender_has_l62c2():
    # West leads the SK to trick 2; dummy plays the ST, East the C9, South ruffs with the HT holding
    # four spades: his revoke, open. Dummy's ST taken back now is no law's (L62C2 lets the offending
    # side's next hand take its card back only after a non-offender has, L62C1): an illegal
    # retraction, the card stays played (L47F2).
    from exam_board import T1_W

    body = T1_W + plays("W SK N ST E C9 S HT") + "withdraw N ST\n"
    out = rulings(body)
    assert [(i["kind"], i["seat"], i["laws"][0]) for i in out["irregularities"]] == [("illegal-retraction", "S", "47F2")]
    # West revokes on trick 2 and corrects; East, his partner, takes his CA back before North has
    # taken back his C6: no law's either. After North's, East's is L62C2's, a penalty card.
    body = T1_S + plays("S C5 W D2 N C6 E CA") + "withdraw W D2\nplay W C2\n"
    out = rulings(body + "withdraw E CA\n")
    assert ("illegal-retraction", "E", "47F2") in [(i["kind"], i["seat"], i["laws"][0]) for i in out["irregularities"]]
    out = rulings(body + "withdraw N C6\nplay N C7\nwithdraw E CA\n")
    assert not any(i["kind"] == "illegal-retraction" for i in out["irregularities"])
    assert ("E", "CA", "62C2") in [(x["seat"], x["card"], x["law"]) for x in out["exposed"]]


def test_the_room_offers_no_withdrawal_of_a_card_played_for_a_penalty_card_but_after_a_substitution():
    # East's major DK lies on the table; he follows with the DA (14): a penalty card not played, and
    # a revoke (L61A). Once declarer has accepted the DA (L52B1) nothing may take it back (L52A): the
    # room offers no withdrawal of it, though the revoke is not yet established; once declarer chose
    # the substitution instead (L52B2), the withdrawal is the act to record, and the room offers it.
    from conftest import example
    from handrec.wording import next_acts
    from projections.replay import table_view

    text = example("dup17-l52-penalty-card-not-played")
    upto = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    upto = upto[:upto.index("elect S substitute")]
    for election, offered in (("elect S accept", False), ("elect S substitute", True)):
        moment = at(events_of(upto + election + "\n"))
        assert [v["status"] for v in moment.rulings()["revokes"]] == ["correctable"]
        lines = [b["line"] for b in next_acts(table_view(moment), moment.rulings(), election, 15)["buttons"]]
        assert ("withdraw E DA" in lines) is offered, (election, lines)


def test_l62c1_is_said_only_when_a_non_offender_played_after_the_revoke():
    # 2017 L62C1: "each member of the non-offending side may, without rectification, withdraw any
    # card he played after the revoke but before attention was drawn to it". East revokes last to
    # trick 2 (C9, holding the H5): no one played after him, and the ruling says nothing of it.
    # West revokes second to trick 2 (C2, holding the H3) and North plays after him: it is said.
    from exam_board import T1_S, head, plays
    from projections.moment import rulings_at

    last = rulings_at(events_of(head() + T1_S + plays("S HK W H3 N H7 E C9") + "withdraw E C9\n"))
    (r,) = last["revokes"]
    assert r["status"] == "corrected" and "L62C1" not in r["explanation"], r["explanation"]
    second = rulings_at(events_of(head() + T1_S + plays("S HK W C2 N H7") + "withdraw W C2\n"))
    (r,) = second["revokes"]
    assert r["status"] == "corrected" and "may take back their cards (L62C1)" in r["explanation"], r["explanation"]
