"""An independent examination of hands where several acts of the 1912 revoke laws interact (the
card not following, "having none?" and its answer, the trick turned and quitted and by which side,
the play to the next trick, the correction, the election, both sides revoking, dummy, the claim of
a revoke, the score), written from the law text before the engine was run.

The board (tests/exam_board.py): 4H by South, West leads, North is dummy; events 1-5 are the head,
the first card is event 6.
    North S T98 H 9876 D T98 C 876      East S 2 H 54 D AKQJ C AKQJT9
    South S 76543 H AKQJT D 76 C 5      West S AKQJ H 32 D 5432 C 432
South holds all five trump honors: 5 in one hand, x10 at hearts (8) = 80 to North-South (L5).

The words the cases rest on.

From ../shared/seed/laws-81-85.txt (the verbatim excerpt):
  L83 "A revoke occurs when a player, other than dummy, holding one or more cards of the suit
      led, plays a card of a different suit. It becomes an established revoke if the trick in
      which it occurs is turned and quitted by the rightful winners (i.e., the hand removed from
      the trick after it has been turned face downward on the table); or if either the revoking
      player or his partner, whether in turn or otherwise, lead or play to the following trick."
  L84 "The penalty for each established revoke is:-- (a) When the declarer revokes, his
      adversaries add 150 points to their score in the honor column, in addition to any penalty
      which he may have incurred for not making good his declaration. (b) If either of the
      adversaries revoke, the declarer may either add 150 points to his score in the honor column,
      or may take three tricks from his opponents and add them to his own. Such tricks may assist
      the declarer to make good his declaration, but shall not entitle him to score any bonus in
      the honor column, in the case of the declaration having been doubled or re-doubled.
      (c) When more than one revoke is made by the same side during the play of the hand the
      penalty for each revoke after the first, shall be 100 points in the honor column.
      A revoking side cannot score, except for honors or chicane."
  L85 "A player may ask his partner if he has a card of the suit which he has renounced; should
      the question be asked before the trick is turned and quitted, subsequent turning and
      quitting does not establish a revoke, and the error may be corrected unless the question is
      answered in the negative, or unless the revoking player or his [partner have led or played
      to the following trick]" (the excerpt stops at "his"; the rest as laws-1912.md R-D4 (b) gives
      it: "the revoker or his partner has already led or played to the next trick").

From /work/shared/docs/laws-1912.md (the digest):
  R-D3 (L83) "If the *wrong* side gathers and quits the trick, trigger (i) does not fire.
      Establishment then waits for (ii) or (iii)."
  R-D6 (L85, L60a) "Dummy may ask declarer (L60a)"; "The code gives no right to ask an
      *opponent*"; "Dummy may not ask anything else, and may not otherwise draw attention to an
      adversary's revoke. See R-F5 (Case 11)."
  R-D7 (L73) "A failure to obey a penalty direction when able ... counts as a revoke for penalty
      purposes, unless corrected before the trick is turned and quitted."
  R-E1..E3 (L86) "The offender withdraws the wrong card and follows suit." "Everyone who played
      to that trick *after* the offender may take back his card" "If the offender is an
      adversary, declarer chooses ... (a) the withdrawn card becomes exposed ... or (b) declarer
      makes the offender play his highest or lowest card of the suit led"
  R-E4 (L86, L63) "If the offender is declarer, there is no penalty; he just substitutes a legal
      card. Dummy is never penalised for a revoke (L63)"; "Once the trick is turned and quitted
      -- by either side, rightful winners or not -- the trick stands as played."
  R-F1 (L87) "If the cards have already been mixed, the claim can still be made and proved, if
      proof is possible." "If the accused player or his partner mixes the cards *after* the
      claim ..., the claim is upheld without proof."
  R-F2 (L88) "A revoke must be claimed before the cards are cut for the next deal."
  R-F5 (L61, Case 11) "If dummy draws attention to any incident beyond his six rights (§1),
      declarer loses any penalty that incident would have earned."
  §1 Dummy's rights (L60): the six rights, none of which is to choose a penalty; R-G9 "Who
      chooses the L84b option: declarer. Dummy's part in that choice during the play is
      restricted by L60."
  R-G2 (L84b) "They never count toward slam or little slam (L7, L8)."
  R-G6 (L89) "Both sides revoke: Each side scores only its trump honors or chicane."
  §2I.1 "Count the established revokes of each side, r_decl and r_adv."
  R-H3 (L4) hearts 8 a trick over six; R-H4 (L47) 50 an under-trick, undoubled.
  §2K.1 "A wrong "no" answer to "having none?" (R-D5): the revoke is established at the answer;
      option: only at the next L83 trigger."
  §2K.9 "Where a record has no such events (an imported archive), each trick counts as turned and
      quitted by its rightful winners just before the next lead; option "strict": absent means
      not quitted."
"""

from __future__ import annotations

from conftest import events_of
from exam_board import head, rulings, score

from projections.moment import rulings_at

R = "auction-1912"


def at(body: str, n: int | None = None, options: str = "") -> dict:
    """The rulings of the transcript on the examination board under the 1912 code, at event n."""
    if not options:
        return rulings(body, R, n)
    return rulings_at(events_of(head(R, options=options) + body), n)


def rev(out: dict, seat: str, trick: int | None = None) -> dict:
    found = [r for r in out["revokes"] if r["seat"] == seat and (trick is None or r["trick"] == trick)]
    assert len(found) == 1, out["revokes"]
    return found[0]


def state(r: dict) -> tuple:
    return (r["status"], r["status_event"])


def law(r: dict) -> str | None:
    return r["penalty"]["law"] if r["penalty"] else None


# Trick 1 with East's club discard on West's spade ace (East holds the S2): West wins it.
EAST_ON_SPADES = "play W SA\nplay N S8\nplay E C9\nplay S S3\n"  # events 6-9
# Trick 1 with East's club discard on West's diamond (East holds four): dummy's D8 wins it.
EAST_ON_DIAMONDS = "play W D2\nplay N D8\nplay E C9\nplay S D6\n"  # events 6-9
# Trick 1 with South's ruff of West's spade ace (South holds five spades): South wins it.
SOUTH_RUFFS = "play W SA\nplay N S8\nplay E S2\nplay S HT\n"  # events 6-9


# ---------------------------------------------------------------- L83 with L85: question and quit


def test_law85_a_question_asked_after_the_rightful_quit_does_not_undo_the_establishment():
    # L83: quitted by the rightful winners (EW, West's ace) at event 10, established then. L85
    # suspends only "should the question be asked before the trick is turned and quitted": West
    # asks at 11, before the next lead, and East answers that he holds one. Still established at
    # 10, and the question stands as a remark (json.md: "a 'having none?' asked after its trick
    # was quitted or after it was established").
    body = EAST_ON_SPADES + "quit EW\nask W E\nanswer E yes\n"
    r = rev(at(body), "E", 1)
    assert (r["card"], r["status"], r["status_event"]) == ("C9", "established", 10)
    assert r["laws"] == ["83"]
    assert law(r) == "84b" and r["penalty"]["elector"] == "S"
    assert r["penalty"]["options"] == ["points", "tricks"]
    assert any(m["event"] == 11 for m in r.get("remarks") or []), r


def test_law85_question_before_the_quit_and_a_wrong_no_after_it_establishes_at_the_answer():
    # L85: asked at 10, before the quit at 11: "subsequent turning and quitting does not establish
    # a revoke" -- correctable at 11. The "no" comes at 12: "may be corrected unless the question
    # is answered in the negative"; §2K.1 default: established at the answer.
    body = EAST_ON_SPADES + "ask W E\nquit EW\nanswer E no\n"
    assert state(rev(at(body, 11), "E")) == ("correctable", None)
    r = rev(at(body, 12), "E")
    assert state(r) == ("established", 12)
    assert "85" in r["laws"]
    assert law(r) == "84b" and r["penalty"]["elector"] == "S"


def test_law85_after_the_question_the_non_offending_sides_lead_does_not_establish():
    # Dummy's D8 wins trick 1; West asks (10), East answers yes (11), North-South, the rightful
    # winners, quit (12): suspended by the question (L85). Dummy leads to trick 2 (13): neither
    # the revoker nor his partner has played to it (L83, L85), so it is still correctable. East's
    # own play to trick 2 (14) establishes it.
    body = EAST_ON_DIAMONDS + "ask W E\nanswer E yes\nquit NS\nplay N ST\nplay E S2\n"
    assert state(rev(at(body, 12), "E")) == ("correctable", None)
    assert state(rev(at(body, 13), "E")) == ("correctable", None)
    r = rev(at(body, 14), "E")
    assert state(r) == ("established", 14)
    assert "83" in r["laws"]
    assert law(r) == "84b" and r["penalty"]["elector"] == "S"


def test_law83_a_trick_quitted_by_the_revoking_side_that_lost_it_stays_open_through_the_winners_lead():
    # Dummy's D8 wins; East-West (not the rightful winners) quit it (10): no establishment (L83,
    # R-D3), and the quit is recorded, so §2K.9's quit "where a record has no such events" does
    # not arise. Dummy leads (11): not the revoking side. East plays to trick 2 (12): established.
    body = EAST_ON_DIAMONDS + "quit EW\nplay N ST\nplay E S2\n"
    out = at(body, 10)
    assert state(rev(out, "E")) == ("correctable", None)
    assert [i for i in out["irregularities"] if i["kind"] == "wrong-side-quit" and "83" in i["laws"]]
    assert state(rev(at(body, 11), "E")) == ("correctable", None)
    r = rev(at(body, 12), "E")
    assert state(r) == ("established", 12)
    assert law(r) == "84b"


def test_law83_the_partners_lead_out_of_turn_establishes_a_revoke_the_question_kept_open():
    # Asked (10) and answered yes (11) before the quit by the rightful winners (12): correctable.
    # Dummy won trick 1, but West leads the SA (13): "his partner, whether in turn or otherwise,
    # lead ... to the following trick" (L83), and L85 ends correction so too. The lead out of turn
    # is also ruled (L76).
    body = EAST_ON_DIAMONDS + "ask W E\nanswer E yes\nquit NS\nplay W SA\n"
    assert state(rev(at(body, 12), "E")) == ("correctable", None)
    out = at(body, 13)
    r = rev(out, "E")
    assert state(r) == ("established", 13)
    assert "83" in r["laws"]
    assert law(r) == "84b" and r["penalty"]["elector"] == "S"
    lead = [i for i in out["irregularities"] if i["kind"] == "lead-out-of-turn"]
    assert len(lead) == 1 and lead[0]["seat"] == "W" and lead[0]["event"] == 13 and "76" in lead[0]["laws"]


# ---------------------------------------------------------------- L83, L63: dummy's and an adversary's revoke in one trick


def test_law63_and_law83_one_wrong_side_quit_closes_dummys_revoke_but_not_easts():
    # West leads the D2; dummy plays the C6 (holding three diamonds), East the C9 (holding four),
    # South's D6 wins. East-West, the wrong side, quit (10). Dummy's failure stands once the trick
    # is quitted "by either side" (L63, R-E4) with no penalty; East's waits for L83 (ii)/(iii).
    # South leads (11): still correctable; West, East's partner, plays (12): established.
    body = "play W D2\nplay N C6\nplay E C9\nplay S D6\nquit EW\nplay S HA\nplay W H2\n"
    out = at(body, 10)
    n = rev(out, "N")
    assert (n["kind"], n["laws"], n["penalty"], n["penalty_barred_by"]) == ("dummy", ["63"], None, "63")
    assert state(n) == ("established", 10)
    assert state(rev(out, "E")) == ("correctable", None)
    assert state(rev(at(body, 11), "E")) == ("correctable", None)
    out = at(body, 12)
    e = rev(out, "E")
    assert state(e) == ("established", 12)
    assert law(e) == "84b" and e["penalty"]["elector"] == "S" and e["penalty_barred_by"] is None
    assert rev(out, "N")["penalty"] is None


def test_law61_dummy_asking_an_adversary_having_none_suspends_nothing_and_costs_the_penalty():
    # Dummy asks East (10): L85 gives the question to a partner only, and dummy's right (L60a) is
    # toward declarer. The question does not suspend the quit: East-West's quit (11) establishes
    # (L83). Dummy has drawn attention to the adversary's revoke (R-D6, R-F5, Case 11): declarer
    # loses its penalty (L61).
    body = EAST_ON_SPADES + "ask N E\nquit EW\n"
    out = at(body, 11)
    r = rev(out, "E")
    assert state(r) == ("established", 11)
    assert r["penalty"] is None and r["penalty_barred_by"] == "61"
    assert [i for i in out["irregularities"] if i.get("seat") == "N" and i.get("event") == 10 and "85" in i["laws"]]


# ---------------------------------------------------------------- L84, L86, L73: several revokes, corrected and established


def test_law84_an_established_revoke_then_a_corrected_one_by_the_same_side_is_no_second_revoke_penalty(tmp_path):
    # East's revoke at trick 1 is established by East-West's quit (10). At trick 3 West ruffs East's
    # club ace holding three clubs; East asks, West has one, withdraws (22): corrected (L86),
    # declarer elects "lowest" and West plays the C2. L84 punishes "each established revoke"; the
    # corrected one carries L86's penalty, not L84c's 100. Declarer claims the last ten, claims
    # East's revoke and takes the points: 4 odd x 8 = 32; honor 150 + 80; East-West nothing.
    body = (EAST_ON_SPADES + "quit EW\n"
            "play W D2\nplay N D8\nplay E DA\nplay S D6\nquit EW\n"
            "play E CA\nplay S C5\nplay W H2\nplay N C6\n"
            "ask E W\nanswer W yes\nwithdraw W H2\nelect S lowest\nplay W C2\nquit EW\n"
            "claim S 10\nclaim-revoke NS E\nelect S points\ncut\n")
    out = at(body)
    assert len(out["revokes"]) == 2
    e = rev(out, "E")
    assert state(e) == ("established", 10)
    assert e["penalty"]["law"] == "84b" and e["penalty"]["elector"] == "S" and e["penalty"]["elected"] == "points"
    w = rev(out, "W")
    assert state(w) == ("corrected", 22) and w["laws"] == ["86"]
    assert w["penalty"]["law"] == "86" and w["penalty"]["elector"] == "S"
    assert w["penalty"]["options"] == ["exposed", "highest", "lowest"] and w["penalty"]["elected"] == "lowest"
    assert not [r for r in out["revokes"] if law(r) == "84c"]
    s = score(tmp_path, body, R)
    assert (s["NS"]["trick"], s["NS"]["honor"], s["EW"]["trick"], s["EW"]["honor"]) == (32, 230, 0, 0)
    assert s["penalty_tricks"] == 0


def test_law73_a_corrected_revoke_whose_direction_is_then_disobeyed_is_a_deemed_revoke_established_by_the_quit():
    # East corrects his club discard on the diamond lead (withdraw at 9); declarer elects
    # "highest" (L86 b); East plays the DJ holding the DA: a direction not obeyed when able, a
    # revoke for penalty purposes unless corrected before the trick is quitted (L73); East's DJ
    # wins and East-West quit (13). The first revoke stays corrected with its L86 election; the
    # deemed one is the side's first established revoke: L84b, declarer's choice.
    body = EAST_ON_DIAMONDS.replace("play S D6\n", "") + "withdraw E C9\nelect S highest\nplay E DJ\nplay S D6\nquit EW\n"
    # events: 6 W D2, 7 N D8, 8 E C9, 9 withdraw, 10 elect, 11 E DJ, 12 S D6, 13 quit EW
    out = at(body)
    first = [r for r in out["revokes"] if r["seat"] == "E" and r["card"] == "C9"]
    assert len(first) == 1 and state(first[0]) == ("corrected", 9)
    assert first[0]["penalty"]["law"] == "86" and first[0]["penalty"]["elected"] == "highest"
    deemed = [r for r in out["revokes"] if r.get("kind") == "deemed"]
    assert len(deemed) == 1
    d = deemed[0]
    assert d["seat"] == "E" and d["card"] == "DJ" and "73" in d["laws"]
    assert state(d) == ("established", 13)
    assert law(d) == "84b" and d["penalty"]["elector"] == "S"


def test_law89_not_applied_when_declarers_revoke_was_corrected_and_the_adversarys_established(tmp_path):
    # East's revoke is established at 10. At trick 2 South discards the C5 holding two diamonds;
    # dummy asks (L60a), South answers yes, withdraws (17) and plays the D6: corrected, declarer's
    # own, no penalty (L86). Only one side has an established revoke (§2I.1), so L89 does not
    # reach East's: declarer elects the three tricks. 10 won + 3 = 13: 7 odd x 8 = 56; no slam on
    # penalty tricks (R-G2); honor 80.
    body = (EAST_ON_SPADES + "quit EW\n"
            "play W D2\nplay N D8\nplay E DA\nplay S C5\nask N S\nanswer S yes\nwithdraw S C5\nplay S D6\nquit EW\n"
            "claim S 10\nclaim-revoke NS E\nelect S tricks\ncut\n")
    out = at(body)
    s_rev = rev(out, "S")
    assert state(s_rev) == ("corrected", 17) and s_rev["laws"] == ["86"]
    assert s_rev["penalty"] is None
    e = rev(out, "E")
    assert state(e) == ("established", 10)
    assert e["penalty_barred_by"] is None
    assert e["penalty"]["law"] == "84b" and e["penalty"]["elector"] == "S" and e["penalty"]["elected"] == "tricks"
    s = score(tmp_path, body, R)
    assert s["tricks"] == {"NS": 13, "EW": 0} and s["penalty_tricks"] == 3
    assert (s["NS"]["trick"], s["NS"]["honor"], s["EW"]["trick"], s["EW"]["honor"]) == (56, 80, 0, 0)


def test_law84ac_declarer_revokes_twice_while_an_adversarys_revoke_is_corrected(tmp_path):
    # South ruffs the SA holding spades; North-South (rightful, his trump won) quit (10): L84a.
    # Trick 2: West discards the C2 holding diamonds, East asks, West corrects (15), declarer
    # elects "highest", West plays the D5. Trick 3: South ruffs East's CA holding the C5;
    # North-South quit (25): L84c, 100. Declarer makes ten tricks but "A revoking side cannot
    # score, except for honors": North-South 80 honors; East-West 150 + 100, no under-tricks.
    body = (SOUTH_RUFFS + "quit NS\n"
            "play S D7\nplay W C2\nask E W\nanswer W yes\nwithdraw W C2\nelect S highest\nplay W D5\n"
            "play N D8\nplay E DA\nquit EW\n"
            "play E CA\nplay S HJ\nplay W C2\nplay N C6\nquit NS\n"
            "claim S 8\nclaim-revoke EW S\nclaim-revoke EW S\ncut\n")
    out = at(body)
    assert len(out["revokes"]) == 3
    s1, s3 = rev(out, "S", 1), rev(out, "S", 3)
    assert state(s1) == ("established", 10) and s1["penalty"]["law"] == "84a" and s1["penalty"]["elector"] is None
    assert state(s3) == ("established", 25) and s3["penalty"]["law"] == "84c" and s3["penalty"]["elector"] is None
    w = rev(out, "W")
    assert state(w) == ("corrected", 15)
    assert w["penalty"]["law"] == "86" and w["penalty"]["elected"] == "highest"
    s = score(tmp_path, body, R)
    assert (s["NS"]["trick"], s["NS"]["honor"], s["EW"]["trick"], s["EW"]["honor"]) == (0, 80, 0, 250)


def test_law84a_dummys_question_and_declarers_wrong_no_with_the_contract_failing(tmp_path):
    # Dummy asks declarer (L60a) before the quit; South wrongly answers "no" (11): established at
    # the answer (L85, §2K.1), L84a with no one to elect. Declarer then takes 8 tricks: two down,
    # 2 x 50 (L47) "in addition" to the 150 (L84a); North-South honors only.
    body = SOUTH_RUFFS + "ask N S\nanswer S no\nquit NS\nclaim S 7\nclaim-revoke EW S\ncut\n"
    r = rev(at(body, 11), "S")
    assert state(r) == ("established", 11) and "85" in r["laws"]
    assert r["penalty"]["law"] == "84a" and r["penalty"]["elector"] is None
    assert state(rev(at(body, 12), "S")) == ("established", 11)
    s = score(tmp_path, body, R)
    assert (s["NS"]["trick"], s["NS"]["honor"], s["EW"]["trick"], s["EW"]["honor"]) == (0, 80, 0, 250)


def test_law60_dummys_election_of_the_penalty_is_not_applied_and_declarers_is():
    # East's revoke established at the quit (10). Dummy elects "tricks" (11): choosing a penalty is
    # none of dummy's six rights (L60; R-G9: declarer chooses): flagged, not applied. Declarer
    # then elects the points (12).
    body = EAST_ON_SPADES + "quit EW\nelect N tricks\nelect S points\n"
    out = at(body, 11)
    r = rev(out, "E")
    assert r["penalty"]["law"] == "84b" and r["penalty"]["elector"] == "S" and r["penalty"]["elected"] is None
    assert [i for i in out["irregularities"] if i.get("seat") == "N" and i.get("event") == 11]
    assert rev(at(body, 12), "E")["penalty"]["elected"] == "points"


# ---------------------------------------------------------------- L87: the claim of a revoke and its proof


def test_law87_cards_mixed_before_the_claim_leave_an_unprovable_revoke_unproved():
    # East-West's hands are not known. East plays the C2 to West's spade ace (suspected). After
    # declarer's claim, West mixes the quitted tricks (16), and only then North-South claim East's
    # revoke (17). L87: "If the cards have already been mixed, the claim can still be made and
    # proved, if proof is possible"; upheld without proof only when mixed *after* the claim.
    text = ("hand exam ruleset=auction-1912\ndealer S\ndeal N:JT9.765.QJT9.QJT - KQ.AKQJT98.AK.AK -\n"
            "contract 4H by S\n"
            "play W SA\nplay N S9\nplay E C2\nplay S SQ\nquit EW\n"
            "play W D8\nplay N D9\nplay E D2\nplay S DA\nquit NS\n"
            "claim S 11\nmix W\nclaim-revoke NS E\n")
    out = rulings_at(events_of(text))
    (r,) = out["revokes"]
    assert r["seat"] == "E" and r["status"] == "suspected" and r["penalty"] is None
    assert not [i for i in out["irregularities"] if i["kind"] == "mixed-after-claim"]


# ---------------------------------------------------------------- the whole hand: a revoke found after the last trick


# Thirteen tricks, no quit lines (default implicit quitting). East discards the CQ on South's D7 at
# trick 12 holding the DA (events 50-53); dummy's DT wins; dummy leads the C8 to trick 13 (54).
WHOLE = ("play W SA\nplay N S8\nplay E S2\nplay S S3\n"
         "play W SK\nplay N S9\nplay E C9\nplay S S4\n"
         "play W SQ\nplay N ST\nplay E CT\nplay S S5\n"
         "play W SJ\nplay N H6\nplay E CJ\nplay S S6\n"
         "play N H7\nplay E H4\nplay S HA\nplay W H2\n"
         "play S HK\nplay W H3\nplay N H8\nplay E H5\n"
         "play S C5\nplay W C2\nplay N C6\nplay E CA\n"
         "play E CK\nplay S HJ\nplay W C3\nplay N C7\n"
         "play S HQ\nplay W C4\nplay N H9\nplay E DJ\n"
         "play S S7\nplay W D2\nplay N D8\nplay E DK\n"
         "play S HT\nplay W D3\nplay N D9\nplay E DQ\n"
         "play S D7\nplay W D4\nplay N DT\nplay E CQ\n"
         "play N C8\nplay E DA\nplay S D6\nplay W D5\n")


def test_law84b_a_twelfth_trick_revoke_claimed_after_the_last_trick_gives_declarer_three_tricks(tmp_path):
    # The 1912 code has no twelfth-trick exception: trick 12 counts as quitted by its rightful
    # winners, North-South, just before dummy's lead (§2K.9), so L83 establishes it at 54 (East's
    # own play at 55 would too). After the last trick North-South claim it (before the cut, L88)
    # and South takes three tricks: 9 won + 3 = 12, 6 odd x 8 = 48; no little slam from penalty
    # tricks (R-G2); honor 80.
    body = WHOLE + "claim-revoke NS E\nelect S tricks\ncut\n"
    assert state(rev(at(body, 53), "E")) == ("correctable", None)
    r = rev(at(body, 54), "E")
    assert (r["trick"], r["card"]) == (12, "CQ")
    assert state(r) == ("established", 54) and "83" in r["laws"]
    r = rev(at(body), "E")
    assert state(r) == ("established", 54)
    assert r["penalty"]["law"] == "84b" and r["penalty"]["elector"] == "S" and r["penalty"]["elected"] == "tricks"
    assert r["penalty_barred_by"] is None
    s = score(tmp_path, body, R)
    assert s["tricks"] == {"NS": 12, "EW": 1} and s["penalty_tricks"] == 3
    assert (s["NS"]["trick"], s["NS"]["honor"], s["EW"]["trick"], s["EW"]["honor"]) == (48, 80, 0, 0)


# ---------------------------------------------------------------- §2K options: wrong-no and quitting

# East's wrong "no" (11) after West's question (10), before North-South's quit (12) of the trick
# dummy's D8 won; dummy leads (13), East plays to trick 2 (14).
WRONG_NO = EAST_ON_DIAMONDS + "ask W E\nanswer E no\nquit NS\nplay N ST\nplay E S2\n"


def test_law85_default_a_wrong_no_establishes_at_the_answer_whoever_leads_next():
    # §2K.1 default (wrong-no=at-answer): established at the answer, 11, and it stays so.
    r = rev(at(WRONG_NO, 11), "E")
    assert state(r) == ("established", 11) and "85" in r["laws"]
    assert law(r) == "84b" and r["penalty"]["elector"] == "S"
    assert state(rev(at(WRONG_NO, 14), "E")) == ("established", 11)


def test_law85_option_next_trigger_a_wrong_no_waits_past_the_suspended_quit_and_the_winners_lead():
    # wrong-no=next-trigger: not at the answer (11); the quit by the rightful winners (12) came
    # after the question and does not establish (L85); dummy's lead (13) is no L83 trigger (not the
    # revoking side); East's play to trick 2 (14) is.
    opt = "wrong-no=next-trigger"
    for n in (11, 12, 13):
        assert state(rev(at(WRONG_NO, n, opt), "E")) == ("correctable", None), n
    r = rev(at(WRONG_NO, 14, opt), "E")
    assert state(r) == ("established", 14) and "83" in r["laws"]
    assert law(r) == "84b" and r["penalty"]["elector"] == "S"


# South discards the D6 holding spades on West's SA (9); West wins and leads the SK (10); dummy
# plays the S9 (11). No quit lines.
DECLARER_DISCARDS = "play W SA\nplay N S8\nplay E S2\nplay S D6\nplay W SK\nplay N S9\n"


def test_law83_default_declarers_revoke_is_established_by_the_implicit_quit_before_the_adversaries_lead():
    # §2K.9 default (implicit): trick 1 counts as turned and quitted by East-West, its rightful
    # winners, just before West's lead (10): established then (L83); L84a, no one elects.
    assert state(rev(at(DECLARER_DISCARDS, 9), "S")) == ("correctable", None)
    r = rev(at(DECLARER_DISCARDS, 10), "S")
    assert state(r) == ("established", 10) and r["laws"] == ["83"]
    assert law(r) == "84a" and r["penalty"]["elector"] is None


def test_law83_option_strict_declarers_revoke_waits_for_dummys_play_to_the_next_trick():
    # quitting=strict: no quit recorded, so L83 (i) never fires; West's lead (10) is the other
    # side's; dummy, "his partner", playing to the following trick (11) establishes it.
    opt = "quitting=strict"
    assert state(rev(at(DECLARER_DISCARDS, 10, opt), "S")) == ("correctable", None)
    r = rev(at(DECLARER_DISCARDS, 11, opt), "S")
    assert state(r) == ("established", 11) and "83" in r["laws"]
    assert law(r) == "84a" and r["penalty"]["elector"] is None
