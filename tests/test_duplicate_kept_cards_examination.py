"""An examination of the duplicate rulings on CARDS THE LAWS KEEP where the table moved them: play
that goes on after a claim (L68D, L70), a card kept in its trick and played again (L47F2, L63B,
L52A), a card "put right" to no defective trick (L67A), and the notice of a record with no contract.

Every case below was written from the law text before the rulings were run, and states the ruling
the words give. The texts were found with the `search` tool (corpus "pages"); "2017", "2007",
"1997" name the code:

- 2017 L68 (pzbs.pl/sedziowie/mpb/2017/en/l68.html; bridgevid.com/2017/08/02/claims/, the same
  words): D "Suspension of Play: After any claim or concession, play is suspended. 1. If the claim
  or concession is agreed, Law ..." (both copies break off there). 2017 L68D2(b) was NOT found in
  the text; an EBU TDs' forum thread (ebu.co.uk/forum/discussion/562) paraphrases it: "if a claim
  is doubted either the Director is called OR play may continue upon the request of the
  non-claiming side and provided all four players agree. If this occurs the prior claim is void and
  not subject to adjudication", and the EBU's Gordon Rainsford answers there: "If there wasn't
  agreement to play on by all four, the TD adjudicates it as a disputed claim, allowing the actual
  play to be considered evidence of what happened when play continued."
- 2007 L68D, quoted on the BBO forum (topic 50809, 2012): "After any claim or concession, play
  ceases (but see Law 70D3). if the claim or concession is agreed, Law 69 applies; if it is doubted
  by any player (dummy included), the director must be summoned immediately and Law 70 applies. No
  action may be taken pending the director's arrival." 2007 L70D3, quoted on the BBO forum (topic
  44025, 2011): "In accordance with Law 68D play should have ceased, but if any play has occurred
  after the claim this may provide evidence to be deemed part of the clarification of the claim."
  (The Polish 2007 text, pzbs.pl/sedziowie/mpb/2007/pol/przep70.htm, has the same D3.)
- 2017 and 2007 L70A (pzbs.pl/.../2017/en/l70.html; acbl.org "Cancelled concessions", 2007): "In
  ruling on a contested claim or concession, the Director adjudicates the result of the board as
  equitably as possible to both sides, but any doubtful point as to a claim shall be resolved
  against the claimer."
- 1997 L70 (jfr.pzbs.pl/laws/node9/law70.htm, the 1997 code's pages, "Last modified ... 1997"): A
  "In ruling on a contested claim, the Director adjudicates the result of the board as equitably as
  possible to both sides, but any doubtful points shall be resolved against the claimer."; its D is
  "Claimer Proposes New Line of Play" (one sentence, no numbered paragraphs: there is no 1997
  "70D3"). The 1997 L68 text itself was NOT found; its L68D is quoted in the ruling of the
  Maastricht 2000 Olympiad's Appeal No. 16 (ptt.cc, under the 1997 code): "According to Law 68D,
  all play subsequent to a claim is voided and the Director adjudicates the claim based on the
  claimer's statement", and bridgewinners.com ("The Hand That Changed The World (of Claims)"):
  "the laws (1997 edition) stated that any play following a claim was void and the Director (or a
  Committee) was to adjudicate the claim".
- 2017 L47F (thesmolens.com/LawsDupBridge/law47.html): "Other Retraction 1. A card may be withdrawn
  as Law 53B provides. 2. Except as this Law specifies, a card once played may not be withdrawn."
- 2017 L63 (pzbs.pl/.../2017/en/l63.html): A1 "A revoke becomes established: 1. when the offender
  or his partner leads or plays to the following trick"; B "Once a revoke is established, it may no
  longer be corrected (except as provided in Law 62D for a revoke on the twelfth trick or as in Law
  62C3), and the trick on which the revoke occurred stands as played."
- 2017 L52 (pzbs.pl/.../2017/en/l52.html): A "When a defender fails to lead or play a penalty card
  as required by Law 50 or Law 51, he may not, on his own initiative, withdraw any other card he
  has played." B1 "(a) If a defender has led or played another card when required by law to play a
  penalty card, declarer may accept such lead or play. (b) Declarer must accept such lead or play
  if he has thereafter played from his own hand or dummy. (c) ... any unplayed penalty card remains
  a penalty card." L50 (1997 words, jfr.pzbs.pl/laws/node9/law50.htm; 2017 L50B, D1 the same in
  substance): "Any card of honour rank ... becomes a major penalty card"; "A major penalty card
  must be played at the first legal opportunity, whether in leading, following suit, discarding or
  trumping".
- 2017 L67 (pzbs.pl/.../2017/en/l67.html): A "When a player has omitted to play to a trick, or has
  played too many cards to a trick, the error must be rectified if attention is drawn to the
  irregularity before a player on each side has played to the following trick. 1. To rectify
  omission to play to a trick, the offender supplies a card he can legally play."

The words of the rulings (docs/json.md, docs/laws.md): kinds `claim-doubted` (laws 68D2, 70; 2007
and 1997: 68D, 70; a `judgment` {"law", "by", "claim", "given"}), `claim-played-out`, `no-claim`,
`illegal-retraction` (47F2), `late-correction` (63B), `penalty-card-not-played`,
`penalty-card-withdrawal` (52A), `played-again` ("citing the law that kept it"),
`nothing-to-put-right` (67A1), `missed-trick`, `lead-out-of-turn`, `no-contract`. An irregularity
ruled by the 1912 code carries "code": "auction-1912"; the duplicate code's own carries no `code`
(exam_board.one checks it). The rulings are read with `handrec rulings exam --json [--at N]` and the
score with `handrec score exam --json [--at N]`, on a store in the test's tmp_path.

Readings where the text leaves room:
- 2007: play after a claim does not end the claim: "play should have ceased, but if any play has
  occurred after the claim this may provide evidence to be deemed part of the clarification of the
  claim" (L70D3). A doubt after such play is a doubt of the standing claim: "the director must be
  summoned immediately and Law 70 applies" (L68D), and the board's result is his (L70A). So the
  doubt is `claim-doubted` (not `no-claim`), the score waits for him, and after his `adjudicate`
  the board is scored on it, not on the cards played after the claim. 1997 the same, its L68D
  voiding "all play subsequent to a claim".
- 2017: "play is suspended" (L68D). The paraphrase of D2(b) voids the claim when play continues
  after a doubt, at the non-claimers' request, all four agreeing: a doubt followed by all four
  players playing the hand out is read as that, and the play decides. Play before any doubt is not
  D2(b) (nothing was doubted yet, nobody asked to play on): the claim stands, and a later doubt
  sends it to the Director (D2, L70A; Rainsford: "the TD adjudicates it as a disputed claim").
- A card a law keeps in its trick stays there; played again to a later trick, `played-again` cites
  the law that kept it (47F2, 63B, 52A) and is the duplicate code's ruling.
- `put-right` with no trick short of the player's card: L67A's condition ("When a player has
  omitted to play to a trick") is not met; the ruling cites L67A and the card is his play to the
  trick in progress, in his turn.

The deal of every hand (exam_board): 4H by South, neither side vulnerable, West leads.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
Events 1-5 are the head (hand, dealer, deal, contract, vulnerability); the first card is event 6.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from exam_board import DEAL, HANDREC, T1_S, cites, first, head, kinds, one, plays

# ---------------------------------------------------------------- reading the installed command


class Recorded:
    """A transcript recorded in a store of its own; its rulings and score at any moment."""

    def __init__(self, tmp_path: Path, text: str):
        folder = tmp_path / "kept"
        folder.mkdir(exist_ok=True)
        hand = folder / "exam.hand"
        hand.write_text(text, encoding="utf-8")
        self.store = f"sqlite:///{folder / 'hands.db'}"
        rec = subprocess.run([HANDREC, "--store", self.store, "record", str(hand)], capture_output=True, text=True)
        assert rec.returncode == 0, rec.stdout + rec.stderr

    def _run(self, command: str, at: int | None) -> subprocess.CompletedProcess:
        cmd = [HANDREC, "--store", self.store, command, "exam", "--json"] + (["--at", str(at)] if at else [])
        return subprocess.run(cmd, capture_output=True, text=True)

    def rulings(self, at: int | None = None) -> dict:
        out = self._run("rulings", at)
        assert out.returncode == 0, out.stdout + out.stderr
        return json.loads(out.stdout)

    def score(self, at: int | None = None) -> dict | None:
        """The score, or None when the hand cannot be scored (one sentence says why)."""
        out = self._run("score", at)
        try:
            return json.loads(out.stdout)
        except json.JSONDecodeError:
            assert out.stdout.strip() or out.stderr.strip()
            return None


def tricks(s: dict | None) -> tuple[int, int] | None:
    return None if s is None else (s["tricks"]["NS"], s["tricks"]["EW"])


def final(s: dict | None) -> tuple[int, int]:
    assert s is not None and s["complete"] is True, s
    return tricks(s)


def waiting(s: dict | None) -> bool:
    """No settled score: not scored at all, or a score that is not complete."""
    return s is None or s["complete"] is False


def no_1912(out: dict) -> None:
    assert all("code" not in r for r in out["irregularities"]), out["irregularities"]


# Events 6-41: nine tricks. South wins tricks 1-2 (HA, HK), East tricks 3-9 (four diamonds, three
# clubs; South discards spades). East is to lead trick 10 (event 42): NS 2, EW 7, four to play.
# North ST S9 H9 H8; East CJ CT C9 S2; South S7 HQ HJ HT; West SA SK SQ SJ.
NINE_TRICKS = plays(
    "W H2 N H6 E H4 S HA  S HK W H3 N H7 E H5  S D6 W D2 N D8 E DA  E DK S D7 W D3 N D9"
    "  E DQ S S3 W D4 N DT  E DJ S S4 W D5 N S8  E CA S C5 W C2 N C6  E CK S S5 W C3 N C7"
    "  E CQ S S6 W C4 N C8")
# Trick 10 as the table plays it after the claim: East's S2, South's S7, West's SA wins, North's S9.
TRICK_10 = plays("E S2 S S7 W SA N S9")
# Tricks 11-13 after it: West leads the SK, South ruffs with the HT, then the HQ and HJ win.
TRICKS_11_13 = plays("W SK N ST E CJ S HT  S HQ W SQ N H8 E CT  S HJ W SJ N H9 E C9")
LINE = "East leads the S2 and West wins the SA; South ruffs the next spade and takes the rest"


# ---------------------------------------------------------------- L68D, L70D3 (2007): play after a claim, then the doubt


def test_law68d_law70d3_2007_play_after_the_claim_then_a_doubt_goes_to_the_director(tmp_path):
    # South claims all 4 remaining tricks (42). Nobody calls the Director; the table plays trick 10
    # (43-46: East S2, South S7, West SA, North S9). Then West doubts the claim (47), and the
    # Director adjudicates 3 of the 4 to South's side (48).
    # 2007 L68D: "After any claim or concession, play ceases (but see Law 70D3). ... if it is
    # doubted by any player (dummy included), the director must be summoned immediately and Law 70
    # applies." 2007 L70D3: "In accordance with Law 68D play should have ceased, but if any play has
    # occurred after the claim this may provide evidence to be deemed part of the clarification of
    # the claim." L70A: "the Director adjudicates the result of the board".
    # So: the cards after the claim are an irregularity of the duplicate code (L68D, L70D3), not a
    # lapse of the claim; West's doubt is a doubt of the standing claim of event 42 (claim-doubted,
    # laws 68D and 70, the Director's judgment pending), not `no-claim`; between the doubt and the
    # adjudication the board has no settled score; after it, NS 2 + 3 = 5, EW 7 + 1 = 8, complete
    # (the 3 tricks never played are the Director's, not missing).
    body = NINE_TRICKS + "claim S 4\n" + TRICK_10 + "doubt W\n" + f"adjudicate 3 by=TD {LINE}\n"
    hand = Recorded(tmp_path, head("duplicate-2007") + body)

    out = hand.rulings(46)
    played_on = kinds(out, "claim-played-out")
    assert played_on, out["irregularities"]
    assert all(cites(r, "68D") for r in played_on), played_on
    assert any(cites(r, "70D3") for r in played_on), played_on
    no_1912(out)

    out = hand.rulings(47)
    assert kinds(out, "no-claim") == [], out["irregularities"]
    r = one(out, "claim-doubted")
    assert r["event"] == 47 and cites(r, "68D") and cites(r, "70")
    assert r["judgment"]["claim"] == 42 and r["judgment"]["law"].startswith("70")
    assert r["judgment"]["given"] is None
    no_1912(out)
    assert waiting(hand.score(47)), hand.score(47)

    out = hand.rulings()
    assert kinds(out, "no-claim") == [], out["irregularities"]
    r = one(out, "claim-doubted")
    assert r["judgment"]["given"] == {"event": 48, "tricks": 3, "line": LINE, "by": "TD"}
    assert final(hand.score()) == (5, 8)


# ---------------------------------------------------------------- L68D (1997): all play after a claim is voided


def test_law68d_1997_play_after_the_claim_is_voided_the_director_adjudicates(tmp_path):
    # The same record under the 1997 code. 1997 L68D (quoted in the ruling of Appeal No. 16,
    # Maastricht 2000, under the 1997 code): "all play subsequent to a claim is voided and the
    # Director adjudicates the claim"; 1997 L70A: "In ruling on a contested claim, the Director
    # adjudicates the result of the board as equitably as possible to both sides".
    # So the cards after the claim are ruled under L68D (the 1997 code has no "70D3": its L70D is
    # "Claimer Proposes New Line of Play", one unnumbered sentence), by the duplicate code; the doubt
    # goes to the Director (claim-doubted, not no-claim); the score waits for him; after his
    # adjudication NS 5, EW 8.
    body = NINE_TRICKS + "claim S 4\n" + TRICK_10 + "doubt W\n" + f"adjudicate 3 by=TD {LINE}\n"
    hand = Recorded(tmp_path, head("duplicate-1997") + body)

    out = hand.rulings(46)
    played_on = kinds(out, "claim-played-out")
    assert played_on, out["irregularities"]
    assert all(cites(r, "68D") for r in played_on), played_on
    assert not any(cites(r, "70D3") for r in played_on), played_on  # no such paragraph in 1997
    no_1912(out)

    out = hand.rulings(47)
    assert kinds(out, "no-claim") == [], out["irregularities"]
    r = one(out, "claim-doubted")
    assert r["event"] == 47 and r["judgment"]["claim"] == 42 and r["judgment"]["given"] is None
    assert cites(r, "70")
    assert waiting(hand.score(47)), hand.score(47)

    assert final(hand.score()) == (5, 8)


# ---------------------------------------------------------------- L68D (2017): for contrast


def test_law68d2b_2017_doubted_then_played_out_by_all_four_the_play_decides(tmp_path):
    # South claims all 4 (42); West doubts (43); then all four play the hand out (44-59): West wins
    # trick 10 with the SA, South the last three. 2017 L68D: "After any claim or concession, play is
    # suspended." L68D2(b) (paraphrase, EBU TDs' forum): "if a claim is doubted either the Director
    # is called OR play may continue upon the request of the non-claiming side and provided all four
    # players agree. If this occurs the prior claim is void and not subject to adjudication." All
    # four played on after the doubt: the claim is void and the play decides, NS 2 + 3 = 5, EW 7 +
    # 1 = 8, complete, with no adjudication in the record. The cards after the claim are ruled by
    # the duplicate code under L68D.
    body = NINE_TRICKS + "claim S 4\ndoubt W\n" + TRICK_10 + TRICKS_11_13
    hand = Recorded(tmp_path, head("duplicate-2017") + body)
    out = hand.rulings()
    played_on = kinds(out, "claim-played-out")
    assert played_on and all(cites(r, "68D") for r in played_on), out["irregularities"]
    no_1912(out)
    assert final(hand.score()) == (5, 8)


def test_law68d_2017_play_before_any_doubt_the_claim_stays_for_the_director(tmp_path):
    # The record of the 2007 case under the 2017 code: claim (42), trick 10 played (43-46) with no
    # doubt yet, West's doubt (47), the Director's adjudication of 3 (48). 2017 L68D: "After any
    # claim or concession, play is suspended." D2(b) (paraphrase) voids the claim only where a claim
    # "is doubted" and play then continues "upon the request of the non-claiming side and provided
    # all four players agree": here nothing was doubted before the play, so D2(b) is not met; the
    # claim stands and West's doubt sends it to the Director (D2; L70A "the Director adjudicates
    # the result of the board"; Rainsford: "the TD adjudicates it as a disputed claim, allowing the
    # actual play to be considered evidence"). The doubt is claim-doubted, not no-claim; the score
    # waits; after the adjudication NS 5, EW 8.
    body = NINE_TRICKS + "claim S 4\n" + TRICK_10 + "doubt W\n" + f"adjudicate 3 by=TD {LINE}\n"
    hand = Recorded(tmp_path, head("duplicate-2017") + body)

    out = hand.rulings(47)
    assert kinds(out, "no-claim") == [], out["irregularities"]
    r = one(out, "claim-doubted")
    assert r["judgment"]["claim"] == 42 and r["judgment"]["given"] is None
    assert waiting(hand.score(47)), hand.score(47)
    no_1912(out)

    assert final(hand.score()) == (5, 8)


# ---------------------------------------------------------------- played-again: a card the laws keep in its trick


def test_law47f2_a_retracted_card_stays_in_trick_1_and_its_second_play_is_played_again(tmp_path):
    # Trick 1: West H2 (6), North H6 (7), East H4 (8), South HA (9). East takes the H4 back (10)
    # with no rectification, no illegal play, no change of designation, no opponent's change of
    # play, no misinformation (L47A-E): 2017 L47F2 "Except as this Law specifies, a card once played
    # may not be withdrawn." The H4 stays East's card in trick 1. Trick 2: South HK (11), West H3
    # (12), North H7 (13), and East plays the H4 again (14). The card is the one L47F2 kept in trick
    # 1: `played-again` at event 14 by East, citing L47F (the law that kept it), ruled by the
    # duplicate code (no "code" mark); the retraction itself is `illegal-retraction` (47F2).
    body = T1_S + "withdraw E H4\n" + plays("S HK W H3 N H7 E H4")
    out = Recorded(tmp_path, head() + body).rulings()
    r = one(out, "played-again")
    assert (r["seat"], r["event"]) == ("E", 14)
    assert cites(r, "47F"), r
    assert first(one(out, "illegal-retraction"), "47F")
    no_1912(out)


def test_law63b_an_established_revokes_card_taken_back_stays_and_its_second_play_is_played_again(tmp_path):
    # Trick 1: West SA (6), North S8 (7), East, holding the S2, plays the C9 (8): a revoke; South S3
    # (9). West leads the SK to trick 2 (10): "A revoke becomes established: 1. when the offender or
    # his partner leads or plays to the following trick" (2017 L63A1). North S9 (11), East S2 (12),
    # South S4 (13). East then takes the C9 back (14): "Once a revoke is established, it may no
    # longer be corrected ..., and the trick on which the revoke occurred stands as played" (2017
    # L63B): the C9 stays in trick 1 (late-correction, 63B). Trick 3: West SQ (15), North ST (16),
    # East plays the C9 again (17), South S5 (18). `played-again` at 17 by East, citing L63B (the
    # law that kept it), ruled by the duplicate code; the revoke stays established at event 10.
    body = plays("W SA N S8 E C9 S S3  W SK N S9 E S2 S S4") + "withdraw E C9\n" + plays("W SQ N ST E C9 S S5")
    out = Recorded(tmp_path, head() + body).rulings()
    (rv,) = [x for x in out["revokes"] if x["seat"] == "E"]
    assert (rv["trick"], rv["status"], rv["status_event"]) == (1, "established", 10)
    assert first(one(out, "late-correction"), "63B")
    r = one(out, "played-again")
    assert (r["seat"], r["event"]) == ("E", 17)
    assert cites(r, "63B"), r
    no_1912(out)


def test_law52a_a_card_played_instead_of_a_penalty_card_taken_back_stays_and_is_played_again(tmp_path):
    # Trick 1: West SA (6), North S8 (7), East S2 (8), South S3 (9); West wins. East drops the DA
    # face up (10): an honour, a major penalty card (L50B: "Any card of honour rank ... becomes a
    # major penalty card"). Declarer makes no lead requirement (11, `elect S none`). West leads the
    # D2 (12), North D8 (13); East, who must play the DA ("A major penalty card must be played at
    # the first legal opportunity, whether in leading, following suit, ..."), plays the DK (14) and
    # takes it back on his own (15): 2017 L52A "When a defender fails to lead or play a penalty card
    # as required by Law 50 or Law 51, he may not, on his own initiative, withdraw any other card he
    # has played." The DK stays in trick 2; South then plays the D6 (16), and "Declarer must accept
    # such lead or play if he has thereafter played from his own hand" (L52B1(b)). The DK wins trick
    # 2; East leads his penalty card DA to trick 3 (17-20: South D7, West D3, North D9), wins it, and
    # leads the DK again to trick 4 (21; South ruffs with the HT, West D4, North DT). `played-again`
    # at 21 by East, citing L52A (the law that kept the DK in trick 2), ruled by the duplicate code.
    body = plays("W SA N S8 E S2 S S3") + "expose E DA\nelect S none\n" + plays("W D2 N D8 E DK") \
        + "withdraw E DK\n" + plays("S D6  E DA S D7 W D3 N D9  E DK S HT W D4 N DT")
    out = Recorded(tmp_path, head() + body).rulings()
    assert [r for r in kinds(out, "penalty-card-withdrawal") if cites(r, "52A")], out["irregularities"]
    r = one(out, "played-again")
    assert (r["seat"], r["event"]) == ("E", 21)
    assert cites(r, "52A"), r
    no_1912(out)


# ---------------------------------------------------------------- L67A: put right with no trick short of the card


def test_law67a_put_right_with_no_defective_trick_is_a_play_to_the_trick_in_progress(tmp_path):
    # Trick 1: West H2, North H6, East H4, South HA (6-9). Trick 2: South HK (10), West H3 (11),
    # North H7 (12); at East's turn the record says `put-right E H5` (13). No trick lacks East's card.
    # 2017 L67A: "When a player has omitted to play to a trick, or has played too many cards to a
    # trick, the error must be rectified ... 1. To rectify omission to play to a trick, the offender
    # supplies a card he can legally play." East has omitted to play to no trick: there is nothing
    # for L67A to rectify. The ruling is the duplicate code's (no "code"), on L67A, and the H5 is
    # East's play in turn to trick 2, the trick in progress: it follows suit, trick 2 is complete,
    # won by South's HK, and South leads trick 3 in turn (14: HQ; West C2, North H8, East C9, both
    # defenders out of hearts). No missed trick, no revoke, no lead out of turn.
    body = T1_S + plays("S HK W H3 N H7") + "put-right E H5\n" + plays("S HQ W C2 N H8 E C9")
    out = Recorded(tmp_path, head() + body).rulings()
    r = one(out, "nothing-to-put-right")
    assert (r["seat"], r["event"]) == ("E", 13)
    assert first(r, "67A"), r
    assert kinds(out, "missed-trick") == [] and kinds(out, "lead-out-of-turn") == []
    assert out["revokes"] == []
    no_1912(out)


# ---------------------------------------------------------------- no contract recorded: the docs' own promise


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007", "duplicate-1997"])
def test_no_contract_is_a_notice_of_the_record_with_no_code_mark(ruleset, tmp_path):
    # Not a law: the docs' own promise. docs/transcripts.md: "A card played with no contract
    # recorded is listed (`no-contract`, at the first card)"; docs/laws.md: "A notice of the record
    # that cites no law (`no-contract`: cards played with no contract recorded) belongs to no code
    # and carries no "code"." The hand names a duplicate ruleset and no contract; events 1-4 are the
    # hand, dealer, deal and vulnerability lines, the first card is event 5; trick 1 is played and
    # the cards are cut (9). One `no-contract`, at event 5, with no laws and no "code" mark.
    text = f"hand exam ruleset={ruleset}\ndealer S\ndeal {DEAL}\ntag Vulnerable None\n" \
        + plays("W H2 N H6 E H4 S HA") + "cut\n"
    out = Recorded(tmp_path, text).rulings()
    r = one(out, "no-contract")
    assert r["event"] == 5 and r["laws"] == []
