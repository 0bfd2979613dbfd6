"""An examination of how the duplicate rulings handle DUMMY'S CARD PLACED IN THE PLAYED POSITION
THOUGH DECLARER DID NOT NAME IT (L45D), recorded `withdraw N CARD not-named` (docs/transcripts.md;
whether declarer named it is the Director's finding, `find by=TD ...`), and how it meets L47F2 (a
card taken back that no law allows stays played), L50 (penalty cards), L62A / L63A1 / L64B3 (a
revoke by dummy's card).

Every case below was written from the law text, before the rulings were run, and states the ruling
the words give. "2017" = the 2017 code, "2007" = the 2007 code, "1997" = the 1997 code.

Where the text was found (the `search` tool, corpus "pages"), and the words the cases rest on:

- L45D (2017), "Dummy Picks up a Non-designated Card", on the EBU TDs' forum
  (ebu.co.uk/forum/discussion/1261/law-45-card-played; bridgevid.com/2017/11/29/law-45-card-played/
  has the same words, its excerpt cut at "and a defe"): "1. If dummy places in the played position a
  card that declarer did not name, the card must be withdrawn if attention is drawn to it before
  each side has played to the next trick, and a defender may withdraw and return to his hand a card
  played after the error but before attention was drawn to it; if declarer's RHO changes his play,
  declarer may withdraw a card he had subsequently played to that trick. (See Law 16C.)"
- L45D (2007), "Card Misplayed by Dummy", quoted by a Director on the BBO forum in May 2012
  (bridgebase.com/forums/topic/53527-dummy-misplays): the same words, "(See Law 16D.)".
- L45D (1997), "Card Misplayed by Dummy", from the English of the Norwegian federation's law book
  (bridgemagasiner.no .../lovbok.zip; its L45C4(b) is the 1997 "without pause for thought"
  text): only its opening was found: "If dummy places in the played position a card that declarer
  did not name, the card must be withdrawn if attention is drawn to it before each side has played
  to the next trick, and a defender may withdraw (without pen[alty] ..." (the excerpt ends there).
- L45C4(b) (2017, bridgevid.com): "Declarer may correct an unintended designation of a card from
  dummy until he next plays a card from either his own hand or from dummy." (Not the case here:
  declarer named the card he meant; dummy placed another.)
- L47 (2017), thesmolens.com/LawsDupBridge/law47.html: D "After an opponent's change of play a
  played card may be withdrawn and returned to the hand without further rectification and another
  card may be substituted." F2 "Except as this Law specifies, a card once played may not be
  withdrawn."
- L50 (jfr.pzbs.pl/laws/node9/law50.htm): "A card prematurely exposed (but not led, see Law 57) by
  a defender is a penalty card unless the Director designates otherwise." A "A penalty card must be
  left face up on the table immediately before the player to whom it belongs": a card L45D lets a
  defender "return to his hand" is not left face up, so it is no penalty card.
- L62A, L63A1, L64B3 (2017), as tests/test_duplicate_retraction_interactions_examination.py quotes
  them (pzbs.pl, thesmolens.com): "A player must correct his revoke if attention is drawn to the
  irregularity before it becomes established." "A revoke becomes established: 1. when the offender
  or his partner leads or plays to the following trick". "There is no automatic trick adjustment
  following an established revoke ... if: ... [3] the revoke was made in failing to play ... any
  card belonging to dummy."
- L77: 4H by South, not vulnerable, 10 tricks 420.

Readings where the text leaves room (stated before the run):
- "each side has played to the next trick": one card of each side to the trick after the one the
  wrong card went to. One side alone having played is still in time; the card played to the next
  trick is not thereby void.
- "a card played after the error": any card a defender played after dummy's wrong card, his lead
  to the next trick included (the EBU forum, discussion 776: the law "allows the withdrawal of five
  (apparently) played cards: the four cards to this trick and first card played to the next trick").
- Declarer may withdraw his card only "if declarer's RHO changes his play": dummy is not declarer's
  opponent, so dummy's own correction is no "opponent's change of play" (L47D) for declarer.
- `not-named` is a fact of dummy's card only; on any other player's card no law lets him take it
  back on that ground: either the record refuses the word there, or the card stays played (L47F2).

The first run (14 cases): four records were refused because they had East play the C8 or C7,
North's cards (a slip in the records, not in the expectations: East's clubs are AKQJT9); with
East's CT instead, the rulings agree with every case.

The deal (tests/exam_board.py): 4H by South, neither side vulnerable, West leads.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
Events 1-5 are the head; T1_W (West leads the SA, N S8, E S2, S S3: West wins) is events 6-9.
"""

from __future__ import annotations

import pytest
from conftest import events_of
from exam_board import T1_W, cites, first, head, kinds, leads, no_choice, one, plays, revoke, rulings, score

# Written from the law text before the rulings were run.

FIND = "find by=TD declarer named the {named} from dummy; dummy placed the {placed} in the played position\n"
NOT_AGAIN = ("played-again", "surplus-card", "missed-trick")


def board(tmp_path, body: str, ruleset: str = "duplicate-2017") -> tuple:
    s = score(tmp_path, body, ruleset)
    return s["tricks"], s["penalty_tricks"], s["score"]


def clean(out: dict) -> None:
    """Nothing of the 1912 code, no card counted twice or missing, nothing exposed."""
    assert all("code" not in r for r in out["irregularities"]), out["irregularities"]
    for k in NOT_AGAIN:
        assert kinds(out, k) == [], (k, out["irregularities"])
    assert out["exposed"] == [], out["exposed"]


def not_named(out: dict, event: int) -> None:
    r = one(out, "card-not-named")
    assert (r["seat"], r["event"]) == ("N", event) and first(r, "45D") and no_choice(r), r


def taken_back(out: dict, seat: str, event: int) -> None:
    (r,) = [r for r in kinds(out, "retraction-after-card-not-named") if r["seat"] == seat]
    assert r["event"] == event and first(r, "45D") and no_choice(r), r
    assert "code" not in r


# ---------------------------------------------------------------- (a) withdrawn before any card after it


# West wins trick 1 (6-9) and leads the SK (10). Declarer names the S9; dummy places the ST (11).
# Attention is drawn at once (12): the ST is withdrawn (13) and the S9 played (14); East (15) and
# South (16) follow. West wins and leads the SQ (17); dummy plays the ST (18), back in its hand; East
# discards the CT (19), South the S5 (20).
A_BODY = (T1_W + plays("W SK N ST") + FIND.format(named="S9", placed="ST")
          + "withdraw N ST not-named\nplay N S9\n" + plays("E C9 S S4  W SQ N ST E CT S S5"))


def test_a_l45d_dummys_card_withdrawn_before_any_card_after_it():
    # L45D: "the card must be withdrawn if attention is drawn to it before each side has played to
    # the next trick": no one has played after it. The withdrawal is lawful (card-not-named, 45D,
    # nothing to choose), no illegal retraction, no revoke, no penalty card (dummy's card never is),
    # and the ST went back to dummy: played again at 18 it is no card played twice.
    out = rulings(A_BODY, n=13)
    not_named(out, 13)
    out = rulings(A_BODY)
    clean(out)
    not_named(out, 13)
    assert kinds(out, "illegal-retraction") == [] and kinds(out, "retraction-after-card-not-named") == []
    assert out["revokes"] == [] and leads(out) == []


# ---------------------------------------------------------------- (b) the next defender takes his card back


# West leads the SK (10); dummy places the ST, declarer having named the S9 (11); East discards the
# C9 (12). Attention (13): the ST is withdrawn (14), the S9 played (15); East takes his C9 back (16)
# and discards the CT (17); South follows (18). Trick 3: W SQ, N ST, E C9 (his C9 again), S S5 (19-22).
B_BODY = (T1_W + plays("W SK N ST E C9") + FIND.format(named="S9", placed="ST")
          + "withdraw N ST not-named\nplay N S9\nwithdraw E C9\nplay E CT\n"
          + plays("S S4  W SQ N ST E C9 S S5"))


def test_b_l45d_defender_withdraws_the_card_he_played_after_the_error_no_penalty_card():
    # L45D: "a defender may withdraw and return to his hand a card played after the error but before
    # attention was drawn to it": East's C9 (12) was. Returned "to his hand", it is no penalty card
    # (L50A: a penalty card is "left face up on the table"); lawful, so not L47F2. His C9 played
    # again to trick 3 is no card played twice.
    out = rulings(B_BODY, n=16)
    not_named(out, 14)
    taken_back(out, "E", 16)
    assert out["exposed"] == [] and kinds(out, "illegal-retraction") == []
    out = rulings(B_BODY)
    clean(out)
    not_named(out, 14)
    taken_back(out, "E", 16)
    assert kinds(out, "illegal-retraction") == [] and out["revokes"] == []


# ---------------------------------------------------------------- (c) declarer's card after his RHO changed


# West leads the D2 (10); declarer names the D8, dummy places the DT (11); East plays the DJ (12),
# South the D6 (13). Attention (14): DT withdrawn (15), D8 played (16); East takes the DJ back (17)
# and plays the DA (18); South, East having changed, takes the D6 back (19) and plays the D7 (20).
# East wins, leads the DK (21): S D6, W D3, N DT (22-24). South claims the last 10 (25).
C_BODY = (T1_W + plays("W D2 N DT E DJ S D6") + FIND.format(named="D8", placed="DT")
          + "withdraw N DT not-named\nplay N D8\nwithdraw E DJ\nplay E DA\nwithdraw S D6\nplay S D7\n"
          + plays("E DK S D6 W D3 N DT") + "claim S 10\n")


def test_c_l45d_declarer_withdraws_his_card_after_his_rho_changed_his_play(tmp_path):
    # L45D: "if declarer's RHO changes his play, declarer may withdraw a card he had subsequently
    # played to that trick": East (South's RHO) changed the DJ for the DA (17, 18), so South's D6
    # (13) may go back (19). Each lawful (45D), nothing exposed, no card twice. Tricks: EW win
    # tricks 1-3, NS claim the other 10: 420.
    out = rulings(C_BODY, n=20)
    not_named(out, 15)
    taken_back(out, "E", 17)
    taken_back(out, "S", 19)
    out = rulings(C_BODY)
    clean(out)
    assert kinds(out, "illegal-retraction") == [] and out["revokes"] == []
    assert board(tmp_path, C_BODY) == ({"NS": 10, "EW": 3}, 0, {"NS": 420, "EW": -420})


# ---------------------------------------------------------------- (d) declarer's card, his RHO did not change


# West leads the SK (10); dummy places the ST for the S9 (11); East discards the C9 (12), South
# follows with the S4 (13). Attention (14): ST withdrawn (15), S9 played (16). East keeps his C9.
# South takes his S4 back (17) anyway and puts nothing in its place. Trick 3: W SQ, N ST, E CT, S S5.
D_BODY = (T1_W + plays("W SK N ST E C9 S S4") + FIND.format(named="S9", placed="ST")
          + "withdraw N ST not-named\nplay N S9\nwithdraw S S4\n" + plays("W SQ N ST E CT S S5"))


def test_d_l45d_l47f2_declarer_may_not_withdraw_when_his_rho_did_not_change():
    # L45D lets declarer withdraw only "if declarer's RHO changes his play": East did not. Dummy's
    # correction is no "opponent's change of play" (L47D: dummy is his partner). So "Except as this
    # Law specifies, a card once played may not be withdrawn" (L47F2): illegal-retraction by South at
    # 17 on 47F2; the S4 stays played in trick 2, no card owed, no penalty card (declarer's). The
    # dummy's withdrawal itself stays lawful (card-not-named at 15).
    out = rulings(D_BODY, n=17)
    not_named(out, 15)
    r = one(out, "illegal-retraction")
    assert (r["seat"], r["event"]) == ("S", 17) and first(r, "47F2"), r
    assert kinds(out, "retraction-after-card-not-named") == []
    out = rulings(D_BODY)
    clean(out)
    assert len(kinds(out, "illegal-retraction")) == 1 and out["revokes"] == []


# ---------------------------------------------------------------- (e) too late: each side has played to the next trick


# West leads the SK (10); dummy places the ST for the S9 (11); East C9 (12), South S4 (13). West wins
# and leads the SQ (14); dummy plays the S9 (15): each side has played to trick 3. Only now is
# attention drawn (16) and the ST taken back (17). East (18) and South (19) finish trick 3; South
# claims the last 10 (20).
E_BODY = (T1_W + plays("W SK N ST E C9 S S4  W SQ N S9") + FIND.format(named="S9", placed="ST")
          + "withdraw N ST not-named\n" + plays("E CT S S5") + "claim S 10\n")


def test_e_l45d_l47f2_attention_after_each_side_played_to_the_next_trick_the_card_stays(tmp_path):
    # L45D's withdrawal is only "if attention is drawn to it before each side has played to the next
    # trick": West (14) and North (15) have. No law lets the ST be withdrawn: it stays played
    # (L47F2), an illegal retraction citing 47F2 and 45D, no card-not-named ruling, nothing owed in
    # its place. EW won tricks 1-3: 420.
    out = rulings(E_BODY, n=17)
    assert kinds(out, "card-not-named") == []
    r = one(out, "illegal-retraction")
    assert r["event"] == 17 and r["seat"] in ("N", "S") and first(r, "47F2") and cites(r, "45D"), r
    out = rulings(E_BODY)
    clean(out)
    assert kinds(out, "card-not-named") == [] and out["revokes"] == []
    assert board(tmp_path, E_BODY) == ({"NS": 10, "EW": 3}, 0, {"NS": 420, "EW": -420})


# ---------------------------------------------------------------- (f) one side only has played to the next trick


# West leads the SK (10); dummy the ST for the S9 (11); East C9 (12), South S4 (13). West wins and
# leads the SQ (14): only EW have played to trick 3. Attention (15): ST withdrawn (16), S9 played to
# trick 2 in its place (17). West's SQ stands; dummy follows with the ST (18), East CT, South S5.
F_BODY = (T1_W + plays("W SK N ST E C9 S S4  W SQ") + FIND.format(named="S9", placed="ST")
          + "withdraw N ST not-named\nplay N S9\n" + plays("N ST E CT S S5"))


def test_f_l45d_only_the_defenders_have_played_to_the_next_trick_still_in_time():
    # "before each side has played to the next trick": only one side (West) has: in time. The ST is
    # withdrawn lawfully (card-not-named at 16), the S9 counts in trick 2; West's SQ is the lead to
    # trick 3, no lead out of turn, no card twice (the ST at 18), no revoke.
    out = rulings(F_BODY, n=17)
    not_named(out, 16)
    assert kinds(out, "illegal-retraction") == []
    out = rulings(F_BODY)
    clean(out)
    not_named(out, 16)
    assert kinds(out, "illegal-retraction") == [] and leads(out) == [] and out["revokes"] == []


# West leads the H3 (10); declarer names the H6, dummy places the H9 (11); East H5 (12), South HA
# (13). South wins and leads the HK (14): only NS have played to trick 3. Attention (15): H9
# withdrawn (16), H6 played (17). West follows with the H2 (18), dummy the H9 (19), East the H4 (20).
F2_BODY = (T1_W + plays("W H3 N H9 E H5 S HA  S HK") + FIND.format(named="H6", placed="H9")
           + "withdraw N H9 not-named\nplay N H6\n" + plays("W H2 N H9 E H4"))


def test_f2_l45d_only_declarers_side_has_played_to_the_next_trick_still_in_time():
    # The same words with the other side: only South has played to trick 3 (14): in time.
    out = rulings(F2_BODY, n=17)
    not_named(out, 16)
    assert kinds(out, "illegal-retraction") == []
    out = rulings(F2_BODY)
    clean(out)
    not_named(out, 16)
    assert kinds(out, "illegal-retraction") == [] and out["revokes"] == []


# ---------------------------------------------------------------- the defender's lead to the next trick taken back


# As F: West's SQ leads trick 3 (14) before attention (15). The ST is withdrawn (16), the S9 played
# (17); West takes his SQ back (18) and leads the D2 instead (19): N D8, E DA, S D6.
I_BODY = (T1_W + plays("W SK N ST E C9 S S4  W SQ") + FIND.format(named="S9", placed="ST")
          + "withdraw N ST not-named\nplay N S9\nwithdraw W SQ\n" + plays("W D2 N D8 E DA S D6"))


# L45D's defender clause ("a card played after the error but before attention was drawn to it")
# has no "to that trick", which only declarer's clause has.
def test_i_l45d_the_defenders_lead_to_the_next_trick_is_a_card_played_after_the_error():
    # L45D: "a defender may withdraw and return to his hand a card played after the error but before
    # attention was drawn to it": West's SQ (14) is such a card (the text does not limit it to the
    # same trick). Lawful (45D), no penalty card, his D2 the lead to trick 3 in turn.
    out = rulings(I_BODY, n=18)
    not_named(out, 16)
    taken_back(out, "W", 18)
    assert out["exposed"] == []
    out = rulings(I_BODY)
    clean(out)
    assert kinds(out, "illegal-retraction") == [] and leads(out) == [] and out["revokes"] == []


# ---------------------------------------------------------------- (g) `not-named` on a card not dummy's


# West leads the SK (10); dummy the S9, as named (11); East discards the C9 (12) and takes it back
# "not-named" (13); South follows (14).
G_BODY = plays("W SK N S9 E C9") + "withdraw E C9 not-named\n" + plays("S S4")


def test_g_not_named_on_a_defenders_card_gives_no_right_to_withdraw_it():
    # L45D speaks only of "a card that declarer did not name" placed by dummy; East's card is his
    # own. Either the record refuses the word on East's card, or nothing lets him take it back:
    # "Except as this Law specifies, a card once played may not be withdrawn" (L47F2), the C9 stays
    # played (illegal-retraction on 47F2, no penalty card), no card-not-named ruling.
    text = head() + T1_W + G_BODY
    try:
        events_of(text)
    except Exception as e:  # refused: it must say why
        assert str(e).strip(), e
        return
    out = rulings(T1_W + G_BODY)
    clean(out)
    assert kinds(out, "card-not-named") == [] and kinds(out, "retraction-after-card-not-named") == []
    r = one(out, "illegal-retraction")
    assert (r["seat"], r["event"]) == ("E", 13) and first(r, "47F2"), r


# ---------------------------------------------------------------- (h) the 2007 and 1997 codes


def test_h_2007_l45d_same_words_dummys_card_withdrawn_and_the_defender_takes_his_back():
    # 2007 L45D (BBO forum, 2012): the same words as 2017 ("(See Law 16D.)"). B_BODY: card-not-named
    # at 14 and East's withdrawal at 16, both on 45D; no penalty card, no illegal retraction.
    out = rulings(B_BODY, "duplicate-2007")
    clean(out)
    not_named(out, 14)
    taken_back(out, "E", 16)
    assert kinds(out, "illegal-retraction") == [] and out["revokes"] == []


def test_h2_1997_l45d_the_defender_withdraws_without_penalty():
    # 1997 L45D (only its opening found): "the card must be withdrawn if attention is drawn to it
    # before each side has played to the next trick, and a defender may withdraw (without pen[alty])
    # ...". B_BODY: dummy's ST withdrawn lawfully, East's C9 withdrawn with no penalty card, nothing
    # illegally retracted.
    out = rulings(B_BODY, "duplicate-1997")
    clean(out)
    assert len(kinds(out, "card-not-named")) == 1
    assert kinds(out, "illegal-retraction") == []


# ---------------------------------------------------------------- dummy's card not named, a revoke, too late


# West leads the SK (10); declarer names the S9, dummy places the H9, a ruff though it holds the S9
# and ST (11): a revoke (L61A). East C9 (12), South S4 (13). Dummy's H9 wins; dummy leads the D8 (14)
# and East plays the DA (15): each side has played to trick 3. Attention (16); the H9 taken back
# (17). South D6, West D2 (18, 19); East has won trick 3 and South claims 9 of the last 10 (20).
J_BODY = (T1_W + plays("W SK N H9 E C9 S S4  N D8 E DA") + FIND.format(named="S9", placed="H9")
          + "withdraw N H9 not-named\n" + plays("S D6 W D2") + "claim S 9\n")


def test_j_l45d_l63a1_l64b3_dummys_revoking_card_not_named_found_too_late(tmp_path):
    # Too late for L45D (each side has played to trick 3 at 15): the H9 stays played and wins trick
    # 2; no card-not-named ruling. Dummy's failure to follow is a revoke, established when "the
    # offender or his partner leads ... to the following trick" (L63A1): dummy's lead at 14. No trick
    # moves: "the revoke was made in failing to play ... any card belonging to dummy" (L64B3).
    # NS: trick 2 + 9 = 10: 420. (Which law the taking back is ruled under: the next case.)
    out = rulings(J_BODY, n=17)
    assert kinds(out, "card-not-named") == [] and kinds(out, "retraction-after-card-not-named") == []
    out = rulings(J_BODY)
    clean(out)
    r = revoke(out, "N", 2)
    assert (r["card"], r["status"], r["status_event"]) == ("H9", "established", 14) and first(r, "63A1"), r
    assert r["transfer"]["tricks"] == 0 and r["transfer"]["barred_by"] == "64B3", r["transfer"]
    assert board(tmp_path, J_BODY) == ({"NS": 10, "EW": 3}, 0, {"NS": 420, "EW": -420})


# L45D is the record's ground: too late, the card stays played as any card so taken back (L47F2),
# though it was a revoke card (no L63B late correction is asked of a card taken back on that ground).
def test_j2_l45d_l47f2_dummys_revoking_card_taken_back_too_late_is_an_illegal_retraction():
    # The record's ground for the taking back is L45D (`not-named`), which is too late: "Except as
    # this Law specifies, a card once played may not be withdrawn" (L47F2): illegal-retraction at 17
    # on 47F2, citing 45D as the law the ground failed under (as case E, with no revoke, is ruled).
    out = rulings(J_BODY, n=17)
    r = one(out, "illegal-retraction")
    assert r["event"] == 17 and first(r, "47F2") and cites(r, "45D"), r


def test_the_record_reads_all_the_cases():
    # A guard on the records themselves (not a ruling): every body above is a record the recorder
    # takes under 2017, save G, whose refusal test G judges.
    for body in (A_BODY, B_BODY, C_BODY, D_BODY, E_BODY, F_BODY, F2_BODY, I_BODY, J_BODY):
        events_of(head() + body)
