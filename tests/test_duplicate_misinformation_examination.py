"""An examination of the duplicate rulings on a card RETRACTED AFTER MISINFORMATION (L47E) against
the law text, with the rule it stands beside (L47F) and the rulings it closes (a lead out of turn,
L53, L56; a premature play, L57A; the establishment of a revoke, L63A1).

Every case below was written from the law text, before the rulings were run, and states the ruling
the words give. The texts, as a colleague found them ("2017" = the 2017 code, "2007" = the 2007):

- 2017 L47E (thesmolens.com/LawsDupBridge/law47.html, matching the Polish 2017 translation):
  "E. Change of Play Based on Misinformation. 1. A lead out of turn (or play of a card) is
  retracted without further rectification if the player was mistakenly informed by an opponent
  that it was his turn to lead or play (see Law 16C). A lead or play may not be accepted by his LHO
  in these circumstances and Law 63A1 does not apply. 2. (a) A player may retract the card he has
  played because of a mistaken explanation of an opponent's call or play and before a corrected
  explanation, without further rectification, but only if no card was subsequently played (see
  Law 16C). An opening lead may not be retracted after dummy has faced any card. (b) When it is
  too late to correct a play under (a) the Director may award an adjusted score."
- 2017 L47F (the same page): "1. A card may be withdrawn as Law 53B provides. 2. Except as this
  Law specifies, a card once played may not be withdrawn."
- 2007 L47E (a BBO forum quotation, 2015): "1. A lead out of turn (or play of a card) may be
  retracted without further rectification if the player was mistakenly informed by an opponent
  that it was his turn to lead or play. A lead or play may not be accepted by his LHO in this
  circumstance. 2. (a) A player may retract the card he has played because of a mistaken
  explanation of an opponent's call or play and before a corrected explanation without further
  rectification, but only if no card was subsequently played to that trick. An opening lead may
  not be retracted after dummy has faced any card." (2007 E2(b) was not found in English: no 2007
  case asserts an adjusted score.)

Found with the `search` tool (corpus "pages") for the laws L47E sends to or closes:
- 2017 L53A (thesmolens.com/LawsDupBridge/law53.html): "Prior to the thirteenth trick, any lead
  faced out of turn may be treated as a correct lead (but see Law 47E1). It becomes a correct lead
  if declarer or either defender, as the case may be, accepts it by making a statement to that
  effect, or if a play is made from the hand next in rotation to the irregular lead".
- 2017 L57A (pzbs.pl/sedziowie/mpb/2017/en/l57.html): "When a defender leads to the next trick
  before his partner has played to the current trick, or plays out of turn before his partner has
  played, the card so led or played becomes a major penalty card, and declarer selects one of the
  following options" (highest, lowest, a card of another suit required or forbidden).
- 2017 L63A1 (quoted in the nzbridge.co.nz forum thread "revoke established", 2020, with the 2017
  A4): "A revoke becomes established: 1. when the offender or his partner leads or plays to the
  following trick (any such play, legal or illegal, establishes the revoke)."
- 2017 L62B1 (as the cards-played examination quotes it): "A card so withdrawn becomes a major
  penalty card (Law 50) if it was played from a defender's unfaced hand."

The words of the rulings (docs/laws.md and docs/json.md give them; the expectations are the law's):
    misinformed-retraction  a card lawfully retracted under L47E: laws[0] "47E1" (told it was his
                            turn) or "47E2" (a mistaken explanation); seat the player, event the
                            `withdraw ... misinformed` line. No penalty card, no choice for anyone.
    illegal-retraction      a card taken back that no paragraph lets him take back: laws[0] "47F"
                            ("47F2"); the card stays played in its trick.
    lead-out-of-turn, premature-play
                            the ruling on the card out of turn: after a retraction under L47E1
                            "without further rectification" and "may not be accepted", no option
                            (neither `accept` nor `retract`, nor highest/lowest) is left.
    exposed[]               the penalty cards: none from a card retracted under L47E.
How the transcript says it: `withdraw SEAT CARD misinformed` (docs/transcripts.md): the word is the
table's or the Director's finding that an opponent misinformed him; a line without the word is a
retraction for which the record gives no reason.

Not examined, because the law or the record is not clear enough:
  - "An opening lead may not be retracted after dummy has faced any card": the record has no line
    for dummy facing his hand (it is faced at once after the opening lead), so no case rests on it.
  - A revoke card retracted `misinformed`: L47E2(a) says "without further rectification", L62B1
    says a defender's card withdrawn to correct a revoke "becomes a major penalty card"; which
    governs is not clear from the words, so no case asserts it.
  - 2007 and "Law 63A1 does not apply" (2017 only): the 2007 text found says nothing of it.

The deal of every hand (tests/exam_board.py): 4H by South, neither side vulnerable, West leads.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
Events 1-5 are the head; the first card is event 6. The score: `handrec score exam --json`.
"""

from __future__ import annotations

from conftest import events_of
from exam_board import T1_E, T1_S, T1_W, cites, first, head, kinds, no_choice, one, pcards, plays, revokes_by, score

from projections.moment import rulings_at


def rule(body: str, ruleset: str = "duplicate-2017", n: int | None = None) -> dict:
    return rulings_at(events_of(head(ruleset) + body), n)


def no_1912(out: dict) -> None:
    assert all("code" not in r for r in out["irregularities"]), out["irregularities"]


def leads(out: dict) -> list[tuple[str, int]]:
    return [(r["seat"], r["event"]) for r in kinds(out, "lead-out-of-turn")]


def stays_clean(out: dict) -> None:
    """Nothing owed, nothing played twice, no penalty card to be played."""
    for k in ("played-again", "surplus-card", "missed-trick", "penalty-card-not-played", "penalty-card-lead"):
        assert kinds(out, k) == [], (k, out["irregularities"])


# ---------------------------------------------------------------- L47E1: told it was his turn


# South wins trick 1 (HA, 6-9) and is to lead; declarer tells East it is his lead: East leads the
# CA (10) and retracts it (11). South leads the HK (12-15) and, winning, the C5 (16); East plays
# the CA to it in turn (19).
EAST_LEADS_MISINFORMED = T1_S + "play E CA\nwithdraw E CA misinformed\n" \
    + plays("S HK W H3 N H7 E H5  S C5 W C2 N C6 E CA")


def test_law47e1_a_defenders_lead_out_of_turn_after_being_told_it_was_his_lead_is_retracted():
    # 2017 L47E1: "A lead out of turn (or play of a card) is retracted without further
    # rectification if the player was mistakenly informed by an opponent that it was his turn to
    # lead or play". East's CA (10) is retracted (11): no penalty card (L56's major penalty card is
    # "further rectification"), no accept or retract left to declarer; South then leads in turn
    # (12), no lead out of turn; the CA is East's again and he plays it at trick 3 (19).
    for n in (11, None):
        out = rule(EAST_LEADS_MISINFORMED, n=n)
        r = one(out, "misinformed-retraction")
        assert (r["seat"], r["event"]) == ("E", 11) and first(r, "47E1"), r
        assert no_choice(r)
        assert all(no_choice(x) for x in kinds(out, "lead-out-of-turn")), out["irregularities"]
        assert set(leads(out)) <= {("E", 10)}, n
        assert out["exposed"] == [] and out["revokes"] == [], n
        assert kinds(out, "illegal-retraction") == []
        stays_clean(out)
        no_1912(out)


def test_law47e1_the_lho_may_not_accept_the_lead_made_after_misinformation():
    # 2017 L47E1: "A lead or play may not be accepted by his LHO in these circumstances"; L53A: a
    # lead out of turn may be treated as correct "(but see Law 47E1)". East leads the CA (10) at
    # South's turn, South (East's LHO) says he accepts it (11), East retracts it as misinformed
    # (12). The acceptance does not stand: South's HK (13) is his lead to trick 2, not a play to
    # the CA (he holds the C5: had the CA stood as the lead, the HK would be a revoke); South wins
    # and leads the HQ to trick 3 (17) in turn.
    body = T1_S + "play E CA\nelect S accept\nwithdraw E CA misinformed\n" \
        + plays("S HK W H3 N H7 E H5  S HQ W D2 N H8 E C9")
    out = rule(body)
    r = one(out, "misinformed-retraction")
    assert (r["seat"], r["event"]) == ("E", 12) and first(r, "47E1"), r
    assert out["revokes"] == [], out["revokes"]
    assert set(leads(out)) <= {("E", 10)}, leads(out)
    assert all(x.get("penalty") is None or list(x["penalty"]["options"]) == [] for x in kinds(out, "lead-out-of-turn"))
    assert out["exposed"] == []
    stays_clean(out)
    no_1912(out)


def test_law47e1_a_defenders_premature_play_after_being_told_it_was_his_turn_is_retracted():
    # South wins trick 1 (6-9) and leads the D6 (10); East, told it was his turn, plays the DA (11)
    # before his partner: L57A would make it "a major penalty card, and declarer selects one of the
    # following options". But 2017 L47E1: "A lead out of turn (or play of a card) is retracted
    # without further rectification if the player was mistakenly informed by an opponent that it
    # was his turn to lead or play." Retracted (12): no penalty card, no option for declarer. West
    # plays the D5 (13), North the D8 (14), East the DJ (15), which wins: East leads the DA to
    # trick 3 (16) in turn, the DA his again.
    body = T1_S + "play S D6\nplay E DA\nwithdraw E DA misinformed\n" \
        + plays("W D5 N D8 E DJ  E DA S D7 W D4 N D9  E DK S HT W D3 N DT")
    for n in (12, None):
        out = rule(body, n=n)
        r = one(out, "misinformed-retraction")
        assert (r["seat"], r["event"]) == ("E", 12) and first(r, "47E1"), r
        assert all(no_choice(x) for x in kinds(out, "premature-play")), out["irregularities"]
        assert out["exposed"] == [] and out["revokes"] == [], n
        assert leads(out) == [] and kinds(out, "illegal-retraction") == []
        stays_clean(out)
        no_1912(out)


def test_law47e1_the_misinformed_lead_by_the_revokers_partner_does_not_establish_the_revoke():
    # Trick 2: South leads the HK (10), West, holding the H3, discards the D2 (11): a revoke (L61A);
    # North, East follow (12, 13), South wins. East, told it was his lead, leads the CA (14) and
    # retracts it (15). L63A1 would establish the revoke ("when the offender or his partner leads or
    # plays to the following trick (any such play, legal or illegal, establishes the revoke)"), but
    # 2017 L47E1: "Law 63A1 does not apply". So West may still correct: he withdraws the D2 (16)
    # and plays the H3 (17); the revoke is corrected and the D2 a major penalty card (L62B1).
    # South leads the HQ (18); West, void, plays his penalty card (19).
    body = T1_S + plays("S HK W D2 N H7 E H5") + "play E CA\nwithdraw E CA misinformed\n" \
        + "withdraw W D2\nplay W H3\n" + plays("S HQ W D2 N H8 E C9")
    out = rule(body, n=15)
    (rv,) = revokes_by(out, "W")
    assert rv["status"] == "correctable" and rv["status_event"] is None, rv
    assert out["exposed"] == []
    out = rule(body, n=17)
    (rv,) = revokes_by(out, "W")
    assert rv["status"] == "corrected", rv
    assert pcards(out) == [("W", "D2", "major")]
    out = rule(body)
    r = one(out, "misinformed-retraction")
    assert (r["seat"], r["event"]) == ("E", 15) and first(r, "47E1"), r
    assert kinds(out, "illegal-retraction") == []
    stays_clean(out)
    no_1912(out)


# ---------------------------------------------------------------- L47E2: a mistaken explanation


REST_AFTER_TRICK_2_RUFFED = plays(
    "S HA W H2 N H6 E H4  S HK W H3 N H7 E H5  S HQ W D2 N H8 E C9  S HJ W D3 N H9 E CT"
    "  S S3 W SA N S8 E S2  W SK N S9 E CJ S S4  W SQ N ST E CQ S S5  W SJ N D8 E DJ S S6"
    "  W D4 N D9 E DA S D6  E DK S D7 W D5 N DT  E DQ S S7 W C4 N C8")


def test_law47e2a_a_card_retracted_before_any_card_was_played_after_it_the_new_card_counts(tmp_path):
    # East wins trick 1 (CA, 6-9) and leads the CK (10); South, void in clubs, discards the S3 (11)
    # after a mistaken explanation of an opponent's play, and before anyone plays retracts it (12)
    # and ruffs with the HT (13). 2017 L47E2(a): "A player may retract the card he has played
    # because of a mistaken explanation of an opponent's call or play ... without further
    # rectification, but only if no card was subsequently played". No card was: allowed. The HT
    # counts: South wins trick 2 and leads the HA (16) in turn; the S3 is his again (played at
    # trick 7). NS win tricks 2-6: 5 tricks, 4H five down, NS -250.
    body = T1_E + "play E CK\nplay S S3\nwithdraw S S3 misinformed\n" + plays("S HT W C3 N C7") \
        + REST_AFTER_TRICK_2_RUFFED
    out = rule(body)
    r = one(out, "misinformed-retraction")
    assert (r["seat"], r["event"]) == ("S", 12) and first(r, "47E2"), r
    assert no_choice(r)
    assert kinds(out, "illegal-retraction") == [] and leads(out) == []
    assert out["exposed"] == [] and out["revokes"] == []
    stays_clean(out)
    no_1912(out)
    s = score(tmp_path, body)
    assert s["tricks"] == {"NS": 5, "EW": 8}
    assert s["score"] == {"NS": -250, "EW": 250}


TOO_LATE_REST = plays(
    "N C7  E CQ S HT W C4 N C8  S HA W H2 N H6 E H4  S HK W H3 N H7 E H5  S HQ W D2 N H8 E C9"
    "  S HJ W D3 N H9 E CT  S S4 W SA N S8 E S2  W SK N S9 E CJ S S5  W SQ N ST E DJ S S6"
    "  W SJ N D8 E DQ S S7  W D4 N D9 E DA S D6  E DK S D7 W D5 N DT")
TOO_LATE = T1_E + "play E CK\nplay S S3\nplay W C3\nwithdraw S S3 misinformed\n" + TOO_LATE_REST


def test_law47e2_too_late_a_card_played_after_it_the_card_stays_played_and_the_director_may_adjust(tmp_path):
    # As above, but West plays the C3 (12) before South retracts his S3 (13). 2017 L47E2(a): "but
    # only if no card was subsequently played": one was, so no retraction under E; L47F2: "Except
    # as this Law specifies, a card once played may not be withdrawn": the S3 stays in trick 2,
    # which East's CK wins; East leads the CQ (15) in turn. L47E2(b): "When it is too late to
    # correct a play under (a) the Director may award an adjusted score": the ruling says so, and
    # his `adjust` line is then the board's score. Played out: NS 5 tricks, NS -250.
    out = rule(TOO_LATE)
    r = one(out, "illegal-retraction")
    assert (r["seat"], r["event"]) == ("S", 13) and first(r, "47F"), r
    assert cites(r, "47E2") or "47E2" in r["explanation"], r
    assert kinds(out, "misinformed-retraction") == []
    assert leads(out) == [] and out["exposed"] == [] and out["revokes"] == []
    stays_clean(out)
    no_1912(out)
    s = score(tmp_path, TOO_LATE)
    assert s["tricks"] == {"NS": 5, "EW": 8} and s["score"] == {"NS": -250, "EW": 250}
    adjusted = tmp_path / "adj"
    adjusted.mkdir()
    s = score(adjusted, TOO_LATE + "adjust 47E2 NS-50 by=TD South misinformed, too late to retract\n")
    assert s["score"] == {"NS": -50, "EW": 50}, s.get("adjusted")


def test_law47f2_the_same_card_taken_back_without_misinformation_stays_played():
    # The allowed case's first cards, but the record gives no misinformation: South takes the S3
    # back (12) before anyone played after it. L47F2: "Except as this Law specifies, a card once
    # played may not be withdrawn", and no paragraph of L47 (A-E) gives him the right: the S3 stays
    # in trick 2; West, North follow (13, 14), East's CK wins, East leads the CQ (15) in turn.
    body = T1_E + "play E CK\nplay S S3\nwithdraw S S3\n" + plays("W C3") + TOO_LATE_REST
    out = rule(body)
    r = one(out, "illegal-retraction")
    assert (r["seat"], r["event"]) == ("S", 12) and first(r, "47F"), r
    assert kinds(out, "misinformed-retraction") == []
    assert leads(out) == [] and out["exposed"] == [] and out["revokes"] == []
    stays_clean(out)
    no_1912(out)


# ---------------------------------------------------------------- 2007: "to that trick"


def test_law47e2a_2007_a_card_played_after_it_to_the_same_trick_too_late_in_2007_too():
    # 2007 L47E2(a): "but only if no card was subsequently played to that trick". West's C3 (12)
    # was played to trick 2, the trick of South's S3, before the retraction (13): too late under
    # 2007 as under 2017; "a card once played may not be withdrawn" (L47F): the S3 stays played.
    out = rule(TOO_LATE, "duplicate-2007")
    r = one(out, "illegal-retraction")
    assert (r["seat"], r["event"]) == ("S", 13) and first(r, "47F"), r
    assert kinds(out, "misinformed-retraction") == []
    assert leads(out) == [] and out["exposed"] == [] and out["revokes"] == []
    stays_clean(out)


# West wins trick 1 (SA, 6-9) and leads the SK (10); North the S9 (11), East the C9 (12), South the
# S4 (13), the trick's last card. West leads the SQ to trick 3 (14); then South retracts his S4 (15).
OTHER_TRICK = T1_W + plays("W SK N S9 E C9 S S4  W SQ") + "withdraw S S4 misinformed\n"


def test_law47e2a_2017_a_card_played_after_it_to_another_trick_is_too_late():
    # 2017 L47E2(a): "only if no card was subsequently played": West's SQ (14) was, to trick 3. Too
    # late: L47F2, the S4 stays in trick 2; the Director may adjust (L47E2(b)).
    out = rule(OTHER_TRICK)
    r = one(out, "illegal-retraction")
    assert (r["seat"], r["event"]) == ("S", 15) and first(r, "47F"), r
    assert kinds(out, "misinformed-retraction") == []
    assert out["exposed"] == [] and out["revokes"] == []
    no_1912(out)


def test_law47e2a_2007_a_card_played_after_it_to_another_trick_does_not_bar_the_retraction():
    # 2007 L47E2(a): "but only if no card was subsequently played to that trick". West's SQ (14)
    # was played to trick 3, not to trick 2: South may retract his S4 (15) "without further
    # rectification". He plays the S5 to trick 2 in its place (16); trick 3 goes on: North the ST
    # (17), East the CT (18), South the S4 (19), back in his hand; West wins and leads the SJ (20).
    body = OTHER_TRICK + plays("S S5  N ST E CT S S4  W SJ")
    out = rule(body, "duplicate-2007")
    r = one(out, "misinformed-retraction")
    assert (r["seat"], r["event"]) == ("S", 15) and first(r, "47E2"), r
    assert no_choice(r)
    assert kinds(out, "illegal-retraction") == [] and kinds(out, "premature-play") == []
    assert leads(out) == [] and out["exposed"] == [] and out["revokes"] == []
    stays_clean(out)
    no_1912(out)


# ---------------------------------------------------------------- the 1912 code


def test_auction_1912_the_word_misinformed_changes_nothing():
    # The 1912 code has no L47E; docs/laws.md: "Under the 1912 code the word changes nothing." The
    # lead out of turn of the first case, ruled under auction-1912 with and without the word, gives
    # the same rulings, and no misinformed-retraction.
    def seen(body: str) -> tuple:
        out = rule(body, "auction-1912")
        irr = [(r["kind"], r["seat"], r["event"], r["laws"], r.get("penalty")) for r in out["irregularities"]]
        return irr, out["revokes"], out["exposed"]

    with_word = seen(EAST_LEADS_MISINFORMED)
    without = seen(EAST_LEADS_MISINFORMED.replace(" misinformed", ""))
    assert with_word == without
    assert all(k != "misinformed-retraction" for k, *_ in with_word[0])
