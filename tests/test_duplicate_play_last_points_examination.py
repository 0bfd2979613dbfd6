"""An examination of the duplicate rulings on the last points of the play (issue 39, points 1, 2, 4
and 5 of the brief; the brief's point 3 is section 3 here): a FIFTH CARD played to a trick (L45E),
an extra card RESTORED from a quitted trick (L67B2, reached by L58B4), a card that must be in ONE
PLACE at every event (a premature card taken up and played at its turn), the offender's partner's
card taken back after a non-offender's (L62C2, its two readings), and rulings that must NOT
CONTRADICT THEMSELVES (a lead out of turn to trick 13, a card played after a claim, declarer's
exposed card).

Every case below was written from the law text, before the rulings were run, and states the ruling
the words give. "2017" = the 2017 code, "2007" = the 2007 code, "1997" = the 1997 code.

THE NOTATION THIS EXAMINATION PROPOSES (the implementer follows it; docs/transcripts.md has none yet)

    play SEAT CARD fifth
        SEAT adds CARD to the trick in progress when all four players have already played to it and
        before it is quitted: a fifth card (L45E). A fact of the table, as `withdraw ... not-named`
        (L45D) and `withdraw ... misinformed` (L47E) are: the word says where the card landed, not
        what the Director deems it. A plain `play` after a complete trick keeps the meaning it has
        today (the lead to the next trick, in or out of turn): the public contract of the lines.

    deem N [by=NAME] led|not-led
        The Director's decision on the fifth card played at event N (L45E1, L45E2: "unless the
        Director deems that it was led"), a decision line of its own as `adjudicate N [by=NAME]
        LINE` is (N is the stored event of the `play ... fifth` line, as `strike N`/`amend N` name
        an event; `by=` names who decided, as on every official's line).
        - `led`: the card is the lead to the next trick. Led out of turn, L53-L56 rule it as any
          lead out of turn (a defender's: L53, L56; declarer's or dummy's: L55), its `elect`,
          `withdraw` lines as for any lead out of turn. Led by the player whose lead it was: a
          lead in turn, nothing to rectify.
        - `not-led`: the card leaves the trick. A defender's lies face up before him as a penalty
          card (L45E1 -> L50, major or minor by L50B); declarer's or dummy's goes back to its hand
          with no rectification (L45E2). Either is later played with a plain `play` line: the
          `deem` line is the act that took it out of the trick (no `withdraw` is written).
        - Until the record holds a `deem` line the rulings hold one irregularity, `fifth-card`
          (`seat`, `event`: the card's; `trick`: the trick of four; `laws` led by `45E1` for a
          defender, `45E2` for declarer or dummy), whose `judgment` is the Director's decision
          pending: `{"law": "45E1"|"45E2", "by": "director", "given": null}`; its explanation names
          both outcomes (a defender's: a penalty card, L50, or, deemed led, L53 or L56; declarer's:
          no rectification, or, deemed led, L55) and the rulings choose neither: no penalty card,
          no lead out of turn, no other ruling of the card. Once the `deem` line is recorded,
          `given` is `{"event": the deem's event, "led": true|false, "by": NAME or null}` and the
          outcome the Director chose is ruled.
        - A `deem` naming an event that is no fifth card is refused in one sentence (or, if the
          implementer prefers, recorded and listed as changing nothing); never ruled as a decision.

    hand ID ruleset=duplicate-2017 l62c2=substitute|literal
        The reading of L62C2 ("the player of the offending side next in rotation may withdraw his
        played card, which becomes a penalty card if the player is a defender"), where the text
        is open (an option, as `opponents-claim=` is):
        - `substitute` (the default): he withdraws his card to play another, as the non-offenders
          do under L62C1; the card he puts in its place stands, and the withdrawn card is a
          penalty card (L50) whose "first legal opportunity" (L50D1) begins with the next trick.
        - `literal`: the withdrawn card "becomes a penalty card" at once, and a major penalty card
          "must be played at the first legal opportunity" (L50D1(a)): if he can legally play it to
          the same trick he must play it there; another card played instead is a penalty card not
          played (L52) and, able to comply, a revoke (L61A).
        Both readings are the 2017 text's and the 2007 text's (2007: "a major penalty card").

WHERE THE TEXT WAS FOUND (the `search` tool, corpora "pages" and "docs"), AND THE WORDS RELIED ON

L45E (2017, 2007, 1997). No copy of the paragraph's own words was found (searched: "Fifth Card
Played to a Trick", "contributes a fifth card", "becomes a penalty card ... unless the Director
deems that it was led"); the cases rest on the digest ../shared/docs/law45e.md: "45E1, a defender's
fifth card. A card that a defender contributes to a trick to which all four players have already
played becomes a penalty card (Law 50 ...). Exception: where the Director deems that the card was
*led* (to the next trick), it is a lead out of turn, and Law 53 (acceptance) or Law 56 (a
defender's lead out of turn) applies instead." "45E2, declarer's fifth card. A card that declarer
contributes to such a trick, from his own hand or from dummy, carries no rectification (1997: no
penalty): it goes back to the hand. Exception: where the Director deems that it was led, Law 55
(declarer's lead out of turn) applies." "'the Director deems that it was led' is a judgment: the
record says what the Director decided ..., and without that decision the program says that a
decision is needed, naming both outcomes, never choosing one." Confirming, in texts found:
- L45C1 (2017, bridgevid.com/2017/11/29/law-45-card-played/): "A defender's card held so that it
  is possible for his partner to see its face is deemed played to the current trick (if the
  defender has already made a legal play to the current trick, see Law 45E)." (1997 L45C1, the
  Norwegian federation's English law book, bridgemagasiner.no .../lovbok.zip: "... must be played
  to the current trick (if the defender has already made a legal play to the current trick, see
  Law 45E).")
- L67A2 (2017, pzbs.pl/sedziowie/mpb/2017/en/l67.html; 1997 the same, jfr.pzbs.pl/laws/node9/
  law67.htm): "To rectify the play of too many cards to a trick, Law 45E (Fifth Card Played to a
  Trick) or Law 58B (Simultaneous Cards from One Hand) shall be applied."
- The European Bridge League's 2001 directors' course, exercise 4's answer (db.eurobridge.org/
  repository/departments/directing/2001Course/AnsExe_4.html): "not 45E2. South plays in trick 3
  and it appears to be the lead. West may accept, otherwise South takes the card back ... L55A":
  whether declarer's card is a fifth card or a lead is the Director's view of the facts.
- The index of the laws (bridgehands.com/P/Penalty_Card.htm): "Fifth card to a trick - See Law 45"
  under "Penalty Card".
L50 (1997, jfr.pzbs.pl/laws/node9/law50.htm): B "Any card of honour rank, or any card exposed
through deliberate play ... becomes a major penalty card"; D1 (2007 as quoted on gbu.co.za/laws/
archive/9.htm) "(a) A major penalty card must be played at the first legal opportunity, whether in
leading, following suit, discarding or trumping." L50D2: declarer's lead options when the
offender's partner is to lead (as docs/laws.md and the penalty-card examinations read it).
L55A (2007, pzbs.pl/sedziowie/mpb/2007/ang/law55.htm; 2017 the same, quoted by the Welsh Bridge
Union, directors.welshbridgeunion.org/rule-of-the-month/april-2020/): "If declarer has led out of
turn from his or dummy's hand, either defender may accept the lead as provided in Law 53, or
require its retraction ... If the defenders choose differently the option expressed by the player
next in turn shall prevail."

L67B2 and L58B4.
- L58B (2017, pzbs.pl/sedziowie/mpb/2017/en/l58.html; 2007 the same, lovboka.org/58.htm): "2. If
  the face of more than one card is visible, the offending player designates the card he proposes
  to play; when he is a defender, each other card exposed becomes a penalty card (see Law 50). ...
  4. If the simultaneous play remains undiscovered until both sides have played to the next
  trick, Law 67 applies."
- L67B2 (2017, pzbs.pl .../l67.html): "When the offender has played more than one card to the
  defective trick, the Director inspects the played cards and requires the offender to restore to
  his hand all extra cards*, leaving among the played cards the one faced in playing to the
  defective trick"; the footnote, in the 1997 words (bridge.dk/laws/laws97e/laws97nf/node9.html):
  "A restored card is deemed to have belonged continuously to the offender's hand, and a failure to
  have played it to an earlier trick may constitute a revoke."
- L61A, L63A1, L64A2, L64B3 as tests/test_duplicate_penalty_card_revoke_examination.py quotes them:
  L63A1 "when the offender or his partner leads or plays to the following trick"; L64A2 "And the
  trick on which the revoke occurred was not won by the offending player then, if the offending
  side won that or any other subsequent trick, after play ends one trick is transferred to the
  non-offending side"; L64B3 (2017) "the revoke was made in failing to play a penalty card or any
  card belonging to dummy"; 2007 B3 (lovboka.org/64.htm) "failing to play a card lying face up on
  the table". The restored card lay face down in a quitted trick: neither applies.

A card in one place (the brief's point 3).
- L57A (2017, pzbs.pl/sedziowie/mpb/2017/en/l57.html): "When a defender leads to the next trick
  before his partner has played to the current trick, or plays out of turn before his partner has
  played, the card so led or played becomes a major penalty card, and declarer selects one of the
  following options ... require offender's partner to play the lowest card he holds of the suit
  led". A major penalty card "must be played at the first legal opportunity" (L50D1(a)). A card is
  one card: it lies in one trick, or before its player, or in his hand, never two of these.

L62C.
- 2017 (pzbs.pl/sedziowie/mpb/2017/en/l62.html): B1 "A card so withdrawn becomes a major penalty
  card (Law 50) if it was played from a defender's unfaced hand." C1 "Each member of the
  non-offending side may withdraw and return to his hand any card he may have played after the
  revoke but before attention was drawn to it (see Law 16C)." C2 "After a non-offender so
  withdraws a card, the player of the offending side next in rotation may withdraw his played
  card, which becomes a penalty card if the player is a defender (see Law 16C)."
- 2007 (the WBF text in the Norwegian translation, lovboka.org/62.htm): C2 "... kan den av
  spillerne på den feilende side som er i tur etter ham, også trekke tilbake sitt spilte kort.
  Dersom han er motspiller, blir det tilbaketrukne kort stort straffekort" (the withdrawn card
  becomes a MAJOR penalty card). The 1997 L62C2 was not found: no 1997 case.

A lead out of turn to trick 13.
- L53A (2017, thesmolens.com/LawsDupBridge/law53.html; the same on directors.welshbridgeunion.org,
  2020): "Prior to the thirteenth trick, any lead faced out of turn may be treated as a correct
  lead (but see Law 47E1)." Its footnote, in the Polish federation's official 2017 translation
  (pzbs.pl/sedziowie/mpb/2017/pl/p53.html): "* Wyjście poza kolejnością w trzynastej lewie musi
  zostać wycofane" (a lead out of turn at the thirteenth trick must be withdrawn). So the law is
  2017 L53A (and L55A, whose acceptance is "as provided in Law 53"; L56 for a defender's lead).
- 2007 L53A has no such words: "Any lead faced out of turn may be treated as a correct lead"
  (bridgeclub.ru/law/011.html, the Russian translation of the 2007 code: "Любой открытый ход вне
  очереди может трактоваться как правильный"; 1997 likewise, bridge.dk): at trick 13 it may be
  accepted.

A card played after a claim.
- L68D (2017, pzbs.pl/sedziowie/mpb/2017/en/l68.html): "After any claim or concession, play is
  suspended. 1. If the claim or concession is agreed, Law 69 applies." 2007 L68D (quoted on the
  blml list, January 2008): "After any claim or concession, play ceases (but see Law 70D3). If the
  claim or concession is agreed, Law 69 applies; if it is doubted by any player (dummy included),
  the Director must be summoned immediately and Law 70 applies."
- L69A (2017, laws.hellasbridge.org/law_69): "Agreement is established when a side assents to an
  opponent's claim or concession, and raises no objection to it before making a call on a
  subsequent board or before the round ends, whichever occurs first. The board is scored as though
  the tricks claimed or conceded had been won or lost in play." (2007, lovboka.org/69.htm: the
  same, "Mappen blir scoret som om de krevde eller avståtte stikk var blitt vunnet eller tapt
  gjennom spill".) The `cut` is the record's mark that the board is over (docs/laws.md): a claim
  no one doubted before it is agreed, and the board is the claim's.

Declarer's exposed card.
- L48A (2017, the French federation's official translation, bridgecode2017.ecolebridgetoulon.fr/
  LOI48.html): "Une carte exposée par le déclarant ne donne pas lieu à arbitrage (mais voir Loi
  45C2). Aucune carte de la main du déclarant ou du mort ne peut devenir une carte pénalisée. Le
  déclarant n'est pas obligé de jouer une carte tombée accidentellement de sa main." (Declarer is
  not subject to rectification for exposing a card; no card of declarer's or dummy's hand becomes
  a penalty card; declarer need not play a card dropped accidentally.) 2007 and 1997 L48A say the
  same with "restriction" / "penalty" (docs/laws.md: "Declarer's and dummy's are none (L48)").

Readings where the text leaves room (stated before the run):
- A fifth card is "contributed to a trick to which all four players have already played": the
  trick complete and not quitted; the player may be one who won it (then, deemed led, his lead is
  in turn and nothing is rectified).
- A penalty card from a fifth card is a card of honour rank here (the CQ, the SK), so major under
  L50B whatever one reads of "exposed inadvertently".
- L58B4: the two spades played at once, found only after both sides played to trick 3, are ruled
  by L67B2: the extra card goes back to the hand; it never was a penalty card (it lay face down in
  a quitted trick), so the failure to play it at trick 3 is an ordinary revoke, not a failure to
  play a penalty card (L64B3), and not L58B2's penalty card.
- Each of the 52 cards is in one place at every event; a record that puts one card in two places
  breaks a physical fact and is refused whole (docs/transcripts.md: "a card appears twice").

The exam board (tests/exam_board.py) unless said: 4H by South, neither side vulnerable, West leads.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
Events 1-5 are the head; T1_W (W SA, N S8, E S2, S S3: West wins) and T1_S (W H2, N H6, E H4, S HA:
South wins) are events 6-9. The score (L77), 4H by South not vulnerable: 10 tricks 420, 11 450, 12
480. Section 2 plays a deal of its own (below).

Written after the first run: the xfail markers and their reasons (what the program does instead),
judged against the committed code (HEAD 29ea2bc): the working tree held other people's uncommitted
changes that day, under which 3a, 5e and 5f already pass (their markers say so: whoever commits
those changes takes the markers off). One assertion was taken out after the run, not to agree with
the program (case 2 still fails after it): that at events 13-21 of case 2, before the inspection,
the rulings list no revoke and no penalty card; what the record says of two cards faced at once
before anyone looked is not what the brief asks, and the law leaves that moment to the Director.
No other expectation was changed by the run.
"""

from __future__ import annotations

import re

import pytest
from conftest import events_of
from exam_board import (
    T1_S, T1_W, choice, cites, exposed_laws, first, head, kinds, leads, no_choice, one, pcards, plays, revoke,
    revokes_by, rulings, score, score_of, where)

from projections.moment import rulings_at
from projections.report import report

RULESETS = ["duplicate-2017", "duplicate-2007", "duplicate-1997"]


def board(tmp_path, body: str, ruleset: str = "duplicate-2017") -> tuple:
    s = score(tmp_path, body, ruleset)
    return s["tricks"], s["penalty_tricks"], s["score"]


def refused(text: str) -> str:
    """The recorder refuses the whole transcript in one sentence: its message."""
    with pytest.raises(Exception) as e:
        events_of(text)
    assert str(e.value).strip()
    return str(e.value)


def fifth(out: dict) -> dict:
    return one(out, "fifth-card")


def pending(r: dict, law: str) -> None:
    """The Director's decision on the fifth card is asked for and not yet given."""
    j = r.get("judgment")
    assert j is not None and j["law"].startswith(law) and j["by"] == "director" and j["given"] is None, r
    assert no_choice(r), r  # a Director's decision, no player's election


def given(r: dict, event: int, led: bool) -> dict:
    j = r.get("judgment")
    assert j is not None and j["given"] is not None, r
    assert j["given"]["event"] == event and j["given"]["led"] is led, j
    return j["given"]


def none_chosen(out: dict) -> None:
    """Neither outcome chosen: no penalty card, no lead out of turn, no other ruling of the card."""
    assert out["exposed"] == [], out["exposed"]
    assert leads(out) == [], out["irregularities"]
    for k in ("premature-play", "surplus-card", "several-cards", "played-again", "missed-trick"):
        assert kinds(out, k) == [], (k, out["irregularities"])
    assert out["revokes"] == [], out["revokes"]


def says(text: str, *laws: str) -> bool:
    """The text names each law (as 'L53', 'Law 53' or '53')."""
    return all(re.search(rf"(?<![0-9]){law}(?![0-9])", text) for law in laws)



# ================================================================ 1. L45E: a fifth card played to a trick

# West wins trick 1 (6-9, T1_W). Before it is quitted, East adds the CQ to it (10): a fifth card.
E_FIFTH = T1_W + "play E CQ fifth\n"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_1a_l45e1_a_defenders_fifth_card_the_director_must_decide_both_outcomes_none_chosen(ruleset):
    # L45E1: the card "becomes a penalty card (Law 50) ... Exception: where the Director deems that
    # the card was led ..., Law 53 ... or Law 56 ... applies instead." Whether it was led is his
    # judgment; the record holds no decision yet: the rulings ask for it (fifth-card, 45E1, its
    # judgment pending), name both outcomes, and choose neither: the CQ is no penalty card yet and
    # no lead out of turn. Trick 1 is West's as it was (a fifth card is no card of the trick).
    out = rulings(E_FIFTH, ruleset)
    r = fifth(out)
    assert where(r) == ("E", 10, 1) and first(r, "45E1"), r
    pending(r, "45E1")
    text = r["explanation"]
    assert "penalty card" in text.lower() and says(text, "50"), text
    assert "led" in text and says(text, "53", "56"), text
    none_chosen(out)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_1b_l45e1_deemed_not_led_the_card_is_a_penalty_card_and_partners_lead_is_restricted(tmp_path, ruleset):
    # The Director deems it not led (11): "becomes a penalty card (Law 50)", the CQ a card of honour
    # rank, so major (L50B), listed under 45E1; no lead out of turn. West, who won trick 1, is to
    # lead with his partner's major penalty card on the table: declarer's choice (L50D2:
    # penalty-card-lead, lead/forbid/none). Declarer says none (12); West leads the SK (13), North
    # S9, and East, void in spades, discards the CQ (15): its first legal opportunity (L50D1(a)),
    # played with a plain `play`. South S4. South claims the 11 left (17): NS 11, EW 2: 450.
    body = (E_FIFTH + "deem 10 not-led\nelect S none\n" + plays("W SK N S9 E CQ S S4") + "claim S 11\n")
    out = rulings(body, ruleset, 11)
    r = fifth(out)
    assert where(r) == ("E", 10, 1) and first(r, "45E1"), r
    given(r, 11, False)
    assert exposed_laws(out) == [("E", "CQ", "45E1")] and pcards(out) == [("E", "CQ", "major")]
    assert leads(out) == []
    p = one(out, "penalty-card-lead")
    assert p["seat"] == "W" and choice(p) == ("S", {"lead", "forbid", "none"}, None), p
    out = rulings(body, ruleset)
    assert out["exposed"] == [] and out["revokes"] == [] and leads(out) == []
    assert kinds(out, "penalty-card-not-played") == [] and kinds(out, "played-again") == []
    assert board(tmp_path, body, ruleset) == ({"NS": 11, "EW": 2}, 0, {"NS": 450, "EW": -450})


def test_1b2_the_decision_names_who_made_it():
    # `deem N by=NAME ...`: the decision is the Director's, and the record says whose.
    out = rulings(E_FIFTH + "deem 10 by=TD not-led\n")
    assert given(fifth(out), 11, False).get("by") == "TD"
    assert pcards(out) == [("E", "CQ", "major")]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_1c_l45e1_deemed_led_it_is_a_defenders_lead_out_of_turn_l56_l53(tmp_path, ruleset):
    # Deemed led (11): "Law 53 ... or Law 56 ... applies": East's lead to trick 2 when it was West's
    # lead: a lead out of turn (L56), declarer may accept it (L53A) or require its retraction; the
    # ruling names L45E1, which sent it there. No penalty card meanwhile. Declarer accepts (12):
    # South C5, West C2, North C6: East's CQ wins trick 2; East leads the CA, South ruffs with the
    # HT (17), W C3, N C7. South claims the 10 left (20): NS 11, EW 2: 450.
    body = (E_FIFTH + "deem 10 led\nelect S accept\n" + plays("S C5 W C2 N C6  E CA S HT W C3 N C7")
            + "claim S 10\n")
    out = rulings(body, ruleset, 11)
    given(fifth(out), 11, True)
    (r,) = kinds(out, "lead-out-of-turn")
    assert (r["seat"], r["event"], r["trick"]) == ("E", 10, 2) and first(r, "56") and cites(r, "45E1"), r
    assert choice(r) == ("S", {"accept", "retract"}, None)
    assert out["exposed"] == []
    out = rulings(body, ruleset)
    assert choice(one(out, "lead-out-of-turn"))[2] == "accept"
    assert out["exposed"] == [] and out["revokes"] == []
    assert board(tmp_path, body, ruleset) == ({"NS": 11, "EW": 2}, 0, {"NS": 450, "EW": -450})


# Declarer's fifth card from his hand (the HK) or from dummy (the H9), West having won trick 1.
DECLARER_FIFTH = [("S", "HK"), ("N", "H9")]


@pytest.mark.parametrize("seat,card", DECLARER_FIFTH)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_1d_l45e2_declarers_fifth_card_the_director_must_decide_both_outcomes_none_chosen(ruleset, seat, card):
    # L45E2: declarer's fifth card, "from his own hand or from dummy, carries no rectification (1997:
    # no penalty) ... Exception: where the Director deems that it was led, Law 55 ... applies."
    # Undecided: fifth-card, 45E2, the decision pending, both outcomes named, neither chosen.
    out = rulings(T1_W + f"play {seat} {card} fifth\n", ruleset)
    r = fifth(out)
    assert where(r) == (seat, 10, 1) and first(r, "45E2"), r
    pending(r, "45E2")
    text = r["explanation"]
    assert re.search(r"no (further )?(rectification|penalty)", text), text
    assert "led" in text and says(text, "55"), text
    none_chosen(out)


@pytest.mark.parametrize("seat,card", DECLARER_FIFTH)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_1e_l45e2_deemed_not_led_no_rectification_the_card_back_in_its_hand(tmp_path, ruleset, seat, card):
    # Deemed not led (11): no rectification: no penalty card (L48A: none of declarer's or dummy's
    # ever is), no lead out of turn; the card is back in its hand. West leads the SK (12), N S9, E
    # CJ, S S4; West leads the H3 (16), North H9, East H4, South HK (19): the card deemed not led
    # is played here once, no card played twice. South claims the 10 left (20): NS 11, EW 2: 450.
    body = (T1_W + f"play {seat} {card} fifth\ndeem 10 not-led\n" + plays("W SK N S9 E CJ S S4  W H3 N H9 E H4 S HK")
            + "claim S 10\n")
    out = rulings(body, ruleset, 11)
    r = fifth(out)
    given(r, 11, False)
    assert first(r, "45E2") and no_choice(r)
    none_chosen(out)
    out = rulings(body, ruleset)
    none_chosen(out)
    assert board(tmp_path, body, ruleset) == ({"NS": 11, "EW": 2}, 0, {"NS": 450, "EW": -450})


@pytest.mark.parametrize("seat,card", DECLARER_FIFTH)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_1f_l45e2_deemed_led_it_is_declarers_lead_out_of_turn_l55(ruleset, seat, card):
    # Deemed led (11): "Law 55 ... applies": declarer's lead (from his hand or dummy's) when it was
    # West's: either defender may accept it or require its retraction (L55A: the side chooses).
    out = rulings(T1_W + f"play {seat} {card} fifth\ndeem 10 led\n", ruleset)
    given(fifth(out), 11, True)
    (r,) = kinds(out, "lead-out-of-turn")
    assert (r["seat"], r["event"], r["trick"]) == (seat, 10, 2) and first(r, "55") and cites(r, "45E2"), r
    assert choice(r) == ("EW", {"accept", "retract"}, None)
    assert out["exposed"] == []


def test_1g_l45e1_the_winners_fifth_card_deemed_led_is_his_lead_in_turn():
    # West, who won trick 1, adds the SK before it is quitted (10): a fifth card all the same
    # (decision pending). Deemed led (11), it is the lead to trick 2 by the player whose lead it was:
    # L53 and L56 rectify a lead out of turn, and this is none: no lead out of turn, no penalty card.
    # North S9, East C9, South S4 follow: no irregularity.
    body = T1_W + "play W SK fifth\n"
    out = rulings(body)
    r = fifth(out)
    assert where(r) == ("W", 10, 1) and first(r, "45E1"), r
    pending(r, "45E1")
    none_chosen(out)
    out = rulings(body + "deem 10 led\n" + plays("N S9 E C9 S S4"))
    given(fifth(out), 11, True)
    none_chosen(out)


def test_1h_l45e1_the_winners_fifth_card_deemed_not_led_is_a_penalty_card_he_leads_at_once():
    # Deemed not led (11): the SK "becomes a penalty card", major (honour). West is on lead: "A major
    # penalty card must be played at the first legal opportunity, whether in leading ..." (L50D1(a)):
    # he leads it (12): no penalty card left, nothing not played.
    body = T1_W + "play W SK fifth\ndeem 10 not-led\n"
    out = rulings(body)
    assert exposed_laws(out) == [("W", "SK", "45E1")] and pcards(out) == [("W", "SK", "major")]
    out = rulings(body + plays("W SK N S9 E C9 S S4"))
    assert out["exposed"] == [] and kinds(out, "penalty-card-not-played") == [] and leads(out) == []


def test_1i_a_decision_on_a_card_that_is_no_fifth_card_decides_nothing():
    # `deem 9 led`: event 9 is South's S3, the fourth card of trick 1, no fifth card. The record
    # refuses the line in one sentence, or records it changing nothing: no lead out of turn, no
    # penalty card, no fifth-card ruling.
    text = head() + T1_W + "deem 9 led\n"
    try:
        events_of(text)
    except Exception as e:  # refused: it must say why
        assert str(e).strip(), e
        return
    out = rulings(T1_W + "deem 9 led\n")
    assert kinds(out, "fifth-card") == [] and leads(out) == [] and out["exposed"] == []


# ================================================================ 2. L67B2 (by L58B4): a restored card, a revoke

# A deal of its own: 3NT by South, neither side vulnerable, West leads.
#     North (dummy)  S J32     H 876    D 5432  C 432
#     East           S 54      H 5432   D AT98  C T98
#     South          S AKQ     H AKQ    D KQJ   C AKQJ
#     West           S T9876   H JT9    D 76    C 765
DEAL2 = "N:J32.876.5432.432 54.5432.AT98.T98 AKQ.AKQ.KQJ.AKQJ T9876.JT9.76.765"


def head2(ruleset: str) -> str:
    return f"hand exam ruleset={ruleset}\ndealer S\ndeal {DEAL2}\ncontract 3NT by S\ntag Vulnerable None\n"


# Trick 1 (6-9): W C7, N C2, E C8, S CA. Trick 2 (10-13): S SA, W S6, N S2, and East plays the S5 and
# the S4 together (13), unnoticed. Trick 3 (14-17): S SK, W S7, N S3, East discards the H2 (17).
# Trick 4 (18-21): S DK, W D6, N D2, E DA: East wins. Then the Director inspects the quitted tricks
# (22) and restores the S4 to East (23). Trick 5 (24-27): East leads the S4, S SQ, W S8, N SJ.
# South claims the 8 left (28).
RESTORED = (plays("W C7 N C2 E C8 S CA  S SA W S6 N S2") + "play E S5 S4\n"
            + plays("S SK W S7 N S3 E H2  S DK W D6 N D2 E DA") + "inspect\nrestore E S4\n"
            + plays("E S4 S SQ W S8 N SJ") + "claim S 8\n")


def rulings2(body: str, ruleset: str, n: int | None = None) -> dict:
    return rulings_at(events_of(head2(ruleset) + body), n)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_2_l67b2_l58b4_a_restored_card_makes_an_ordinary_revoke_one_trick_transferred(tmp_path, ruleset):
    # L58B4: the two spades played at once stayed "undiscovered until both sides have played to the
    # next trick" (trick 3: South 14, West 15): "Law 67 applies". L67B2: the Director "requires the
    # offender to restore to his hand all extra cards", the S5 (the card faced first) staying in
    # trick 2, whose winner does not change; the S4 is no penalty card (it goes to his hand, not face
    # up, and L58B2 is not reached). "A restored card is deemed to have belonged continuously to the
    # offender's hand, and a failure to have played it to an earlier trick may constitute a revoke":
    # at trick 3 East held the S4 and discarded the H2 on a spade: a revoke (L61A), an ordinary one
    # (no penalty card lay face up: not L64B3 in 2017's words "failing to play a penalty card" nor
    # 2007's "a card lying face up on the table"). Established when his partner played to trick 4
    # (West's D6, 19: L63A1). East did not win trick 3; East-West won trick 4: one trick (L64A2).
    # (What the rulings say at events 13-21, before the inspection shows the S4 lay unseen in trick
    # 2, is left open: the record then reads as two cards faced at once.)
    out = rulings2(RESTORED, ruleset, 23)
    r = revoke(out, "E", 3)
    assert r["kind"] == "revoke" and r["card"] == "H2" and r["suit"] == "S", r
    assert r.get("via") == "67B2" or cites(r, "67B2"), r
    assert r["status"] == "established" and r["status_event"] == 19 and first(r, "63A1"), r
    assert out["exposed"] == [], out["exposed"]
    assert any(cites(i, "67B2") for i in out["irregularities"]), out["irregularities"]
    out = rulings2(RESTORED, ruleset)
    (r,) = revokes_by(out, "E")
    assert r["transfer"]["tricks"] == 1 and r["transfer"]["law"] == "64A2" and r["transfer"]["to"] == "NS", r
    assert r["transfer"]["barred_by"] is None and r["transfer"]["exceptions"] == [], r["transfer"]
    assert out["transfer"] == {"NS": 1, "EW": 0}
    assert out["exposed"] == [] and kinds(out, "played-again") == []
    assert leads(out) == []  # East won trick 4: his S4 is his lead to trick 5
    # As played NS 12 (tricks 1, 2, 3, 5 and the 8 claimed), EW 1; with the trick NS 13: 3NT+4, 520.
    s = score_of(tmp_path, head2(ruleset) + RESTORED)
    assert (s["tricks"], s["penalty_tricks"], s["score"]) == ({"NS": 13, "EW": 0}, 1, {"NS": 520, "EW": -520})


# ================================================================ 3. A card in one place at every event

# South wins trick 1 (6-9, T1_S) and leads the C5 (10); East plays the C9 before his partner West
# (11): premature (L57A), a major penalty card. It is taken up (12: `withdraw`, the physical act, the
# card now before him). Declarer requires West's lowest club (13): W C2 (14), N C6 (15); at his turn
# East plays the C9 (16): the penalty card played at its first legal opportunity, his card to trick
# 2. East wins trick 2 and leads the DA to trick 3 (17): S D6, W D2, N D8. South claims the 10 left.
TAKEN_UP = (T1_S + "play S C5\nplay E C9\nwithdraw E C9\nelect S lowest\n" + plays("W C2 N C6 E C9")
            + plays("E DA S D6 W D2 N D8") + "claim S 10\n")
# The same without the `withdraw` and with no line at his turn: the taken-up card counts at his turn
# (docs/laws.md, "with no second play line"); East's DA (15) is his lead to trick 3.
COUNTED = (T1_S + "play S C5\nplay E C9\nelect S lowest\n" + plays("W C2 N C6")
           + plays("E DA S D6 W D2 N D8") + "claim S 10\n")


def in_one_place(events: list) -> None:
    """At every event, each card counts in one trick at most (the report's tricks, a card taken
    back from a trick not counting there)."""
    for n in range(6, len(events) + 1):
        seen: dict[str, int] = {}
        for trick in report(events, n)["tricks"]:
            for c in trick["cards"]:
                if c["taken_back"]:
                    continue
                assert c["card"] not in seen, (n, c["card"], seen[c["card"]], trick["number"])
                seen[c["card"]] = trick["number"]


def test_3a_the_card_taken_up_and_played_at_his_turn_is_in_trick_2_once(tmp_path):
    # L57A: the C9 "becomes a major penalty card" (11); taken up (12) it lies before East, no longer
    # in the trick; L50D1(a): he must play it "at the first legal opportunity", following suit to
    # trick 2 at his turn: the `play E C9` at 16 is that play, his one card to trick 2. So trick 2
    # is S C5, W C2, N C6, E C9: East wins it, and his DA (17) is his lead to trick 3, in turn: no
    # second premature play, no lead out of turn, no card taken back illegally or played again. The
    # C9 is in one place at every event. NS 11 (trick 1 and the 10 claimed), EW 2: 450.
    out = rulings(TAKEN_UP, n=15)
    assert pcards(out) == [("E", "C9", "major")]
    out = rulings(TAKEN_UP, n=16)
    assert out["exposed"] == [], out["exposed"]
    out = rulings(TAKEN_UP)
    r = one(out, "premature-play")
    assert where(r) == ("E", 11, 2) and first(r, "57A") and choice(r)[2] == "lowest", r
    assert out["exposed"] == [] and out["revokes"] == [] and leads(out) == []
    for k in ("illegal-retraction", "played-again", "surplus-card", "penalty-card-not-played"):
        assert kinds(out, k) == [], (k, out["irregularities"])
    in_one_place(events_of(head() + TAKEN_UP))
    assert board(tmp_path, TAKEN_UP) == ({"NS": 11, "EW": 2}, 0, {"NS": 450, "EW": -450})


def test_3b_the_card_counted_at_his_turn_with_no_line_is_in_trick_2_once(tmp_path):
    # The same hand recorded without the taking up: the C9 counts as East's card to trick 2 at his
    # turn; his DA (15) leads trick 3. One premature play, no card in two places. 450.
    out = rulings(COUNTED)
    assert len(kinds(out, "premature-play")) == 1 and out["exposed"] == [] and leads(out) == []
    in_one_place(events_of(head() + COUNTED))
    assert board(tmp_path, COUNTED) == ({"NS": 11, "EW": 2}, 0, {"NS": 450, "EW": -450})


def test_3c_a_record_that_puts_the_card_in_two_places_is_refused():
    # Once the C9 is East's card to trick 2, a `play E C9` to trick 3 with no line taking it out of
    # trick 2 puts one card in two tricks: a physical fact broken ("a card appears twice"), refused
    # whole, in one sentence naming the line.
    refused(head() + T1_S + "play S C5\nplay E C9\nwithdraw E C9\nelect S lowest\n" + plays("W C2 N C6 E C9")
            + "play E C9\n")
    refused(head() + T1_S + "play S C5\nplay E C9\nelect S lowest\n" + plays("W C2 N C6") + "play E DA\nplay E C9\n")


# ================================================================ 4. L62C2: the offender's partner takes his card back

# South wins trick 1 (6-9, T1_S) and leads the D6 (10); West, holding four diamonds, discards the C2
# (11): a revoke. North D8 (12), East DJ (13). West corrects (14, 15: the D2; the C2 a major penalty
# card, L62B1). North, a non-offender, takes his D8 back and plays the DT (16, 17: L62C1). East, of
# the offending side next in rotation, takes his DJ back (18: L62C2) and plays the DA instead (19).
L62C = (T1_S + plays("S D6 W C2 N D8 E DJ") + "withdraw W C2\nplay W D2\nwithdraw N D8\nplay N DT\n"
        + "withdraw E DJ\n")


def l62(body: str, ruleset: str, option: str | None, n: int | None = None) -> dict:
    opts = f"l62c2={option}" if option else ""
    return rulings_at(events_of(head(ruleset, options=opts) + body), n)


@pytest.mark.parametrize("option", [None, "substitute"])
@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_4a_l62c2_default_reading_his_substitute_stands_the_card_a_penalty_card_from_the_next_trick(ruleset, option):
    # l62c2=substitute (the default, named or not): East withdrew the DJ "which becomes a penalty
    # card" (2017 L62C2; 2007: "a major penalty card"; the DJ is an honour: major in both), listed
    # under 62C2. He withdrew it to play another card, as L62C1 lets the non-offenders: the DA (19)
    # stands as his card to trick 2, no penalty card not played, no revoke. East wins trick 2 and is
    # to lead trick 3 with his partner's C2 on the table: declarer's choice (L50D2), none (20); East
    # leads the DJ (21), its first legal opportunity: no irregularity; only West's C2 remains.
    body = L62C + "play E DA\nelect S none\n" + plays("E DJ S D7 W D3 N D9")
    out = l62(body, ruleset, option, 18)
    assert ("E", "DJ", "62C2") in exposed_laws(out) and ("E", "DJ", "major") in pcards(out)
    assert ("W", "C2", "62B1") in exposed_laws(out)
    out = l62(body, ruleset, option, 19)
    assert kinds(out, "penalty-card-not-played") == [] and revokes_by(out, "E") == []
    assert ("E", "DJ", "62C2") in exposed_laws(out)
    out = l62(body, ruleset, option, 21)
    assert exposed_laws(out) == [("W", "C2", "62B1")], out["exposed"]
    assert kinds(out, "penalty-card-not-played") == [] and leads(out) == [] and kinds(out, "premature-play") == []
    out = l62(body, ruleset, option)
    (w,) = revokes_by(out, "W")
    assert w["status"] == "corrected" and revokes_by(out, "E") == []


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_4b_l62c2_literal_reading_the_penalty_card_must_be_played_to_the_same_trick(ruleset):
    # l62c2=literal: the DJ "becomes a penalty card" when withdrawn (18), and "A major penalty card
    # must be played at the first legal opportunity, whether in leading, following suit, ..."
    # (L50D1(a)): his turn to trick 2 is that opportunity, the DJ following suit. The DA (19) is
    # another card played "when required by law to play a penalty card" (L52B1): declarer may
    # accept it or require the DJ in its place (L52B2); and East, able to play the DJ, fails to:
    # a revoke (L61A, deemed, correctable).
    body = L62C + "play E DA\n"
    out = l62(body, ruleset, "literal")
    r = one(out, "penalty-card-not-played")
    assert where(r) == ("E", 19, 2) and cites(r, "52"), r
    assert choice(r) == ("S", {"accept", "substitute"}, None)
    e = revoke(out, "E", 2)
    assert e["kind"] == "deemed" and e["status"] == "correctable" and e["card"] == "DA" and cites(e, "61A"), e


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_4c_l62c2_literal_reading_he_plays_the_withdrawn_card_again_no_irregularity(ruleset):
    # l62c2=literal: East plays the DJ again to trick 2 (19): the penalty card played at its first
    # legal opportunity, his card to the trick: no penalty card not played, no revoke by East, the
    # DJ no longer on the table (only West's C2), and it counts in trick 2 once.
    body = L62C + "play E DJ\n"
    out = l62(body, ruleset, "literal")
    assert kinds(out, "penalty-card-not-played") == [] and revokes_by(out, "E") == []
    assert exposed_laws(out) == [("W", "C2", "62B1")], out["exposed"]
    assert kinds(out, "played-again") == [] and kinds(out, "illegal-retraction") == []


def test_4d_the_option_takes_only_its_two_values():
    # A value that is neither reading is refused with the `hand` line, in one sentence.
    refused(head(options="l62c2=sometimes") + L62C)


# ================================================================ 5. Rulings that do not contradict themselves

# The whole play of the exam board to trick 12 (events 6-53); South wins trick 12 and is to lead
# trick 13 (his C5).
TWELVE = plays("W SA N S8 E S2 S S3  W SK N S9 E C9 S S4  W SQ N ST E CT S S5  W SJ N H6 E CJ S S6  "
               "N H7 E H4 S HA W H2  S HK W H3 N H8 E H5  S HQ W D2 N H9 E DJ  S S7 W D3 N D8 E DQ  "
               "S HJ W D4 N D9 E DK  S HT W D5 N DT E DA  S D7 W C2 N C6 E CQ  S D6 W C3 N C7 E CK")


def texts_of(events: list, r_event: int) -> list[str]:
    """Every text the ruling on the lead at event R_EVENT says: its explanation, what its options
    give, and the report's words for each law it cites."""
    (r,) = [i for i in report(events)["irregularities"] if i["kind"] == "lead-out-of-turn" and i["event"] == r_event]
    out = [r["explanation"]] + [s["summary"] for s in r.get("law_summaries", [])]
    if r.get("penalty"):
        out.append(r["penalty"].get("said") or "")
    return out


@pytest.mark.parametrize("seat,card,elector", [("W", "C4", "S"), ("E", "CA", "S"), ("N", "C8", "EW")])
def test_5a_2017_l53a_no_lead_to_trick_13_may_be_accepted_and_nothing_says_it_may(seat, card, elector):
    # 2017 L53A: "Prior to the thirteenth trick, any lead faced out of turn may be treated as a
    # correct lead"; its footnote: a lead out of turn at trick 13 must be withdrawn. L55A's
    # acceptance is "as provided in Law 53". So at trick 13 the only rectification is the
    # retraction, and nothing the ruling says (its explanation, its options in words, the words the
    # report gives each law it cites: L56 "declarer may accept it", L55A "either defender may
    # accept") may say that it may be accepted.
    body = TWELVE + f"play {seat} {card}\n"
    out = rulings(body)
    (r,) = kinds(out, "lead-out-of-turn")
    assert (r["seat"], r["event"], r["trick"]) == (seat, 54, 13) and cites(r, "53A"), r
    assert choice(r) == (elector, {"retract"}, None)
    for text in texts_of(events_of(head() + body), 54):
        assert not re.search(r"\bmay accept\b", text), text


def test_5b_2017_an_acceptance_at_trick_13_is_refused_by_l53a_not_denied_a_lead():
    # Declarer says "accept" to West's lead at trick 13 (55): L53A does not let him. The rulings say
    # so, naming L53A, and do not say there was no lead out of turn: the lead ruling stays, its only
    # option the retraction, nothing elected.
    out = rulings(TWELVE + "play W C4\nelect S accept\n")
    (r,) = kinds(out, "lead-out-of-turn")
    assert choice(r) == ("S", {"retract"}, None)
    (e,) = [i for i in out["irregularities"] if i["event"] == 55]
    assert cites(e, "53A"), e
    assert "no lead out of turn" not in e["explanation"], e["explanation"]


def test_5c_2007_no_thirteenth_trick_exception_the_lead_may_be_accepted():
    # 2007 L53A: "Any lead faced out of turn may be treated as a correct lead": no exception at
    # trick 13; declarer may accept West's lead or require its retraction.
    out = rulings(TWELVE + "play W C4\n", "duplicate-2007")
    assert choice(one(out, "lead-out-of-turn")) == ("S", {"accept", "retract"}, None)


# West wins trick 1 (6-9); South claims 12 of the 12 left (10); West nonetheless leads the SK (11);
# the cards are cut for the next board (12). No one doubted the claim.
CLAIM_PLAY_CUT = T1_W + "claim S 12\nplay W SK\ncut\n"
CLAIM_CUT_PLAY = T1_W + "claim S 12\ncut\nplay W SK\n"


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_5d_l68d_l69a_a_card_after_an_agreed_claim_the_rulings_and_the_score_are_the_claims(tmp_path, ruleset):
    # L68D: "After any claim or concession, play is suspended" (2007: "play ceases"). No one doubted
    # it before the board ended (the cut): agreed (L69A), and "The board is scored as though the
    # tricks claimed or conceded had been won or lost in play": NS 12, EW 1: 480, the score whole.
    # The rulings say the card was played after the claim (claim-played-out, L68D) and that the
    # claim stands; they may not also count the tricks as played: the card is no lead, no revoke,
    # nothing exposed, and the score is the claim's.
    out = rulings(CLAIM_PLAY_CUT, ruleset)
    r = one(out, "claim-played-out")
    assert (r["seat"], r["event"]) == ("S", 11) and first(r, "68D"), r
    assert "counted as played" not in r["explanation"], r["explanation"]
    assert leads(out) == [] and out["revokes"] == [] and out["exposed"] == []
    s = score(tmp_path, CLAIM_PLAY_CUT, ruleset)
    assert s["complete"] is True, s
    assert (s["tricks"], s["penalty_tricks"], s["score"]) == ({"NS": 12, "EW": 1}, 0, {"NS": 480, "EW": -480})


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_5e_a_card_after_the_claim_and_the_cut_changes_nothing(tmp_path, ruleset):
    # The claim agreed (L69A) and the board over (the cut), a card played after it is no play of
    # the board: no lead, no revoke, nothing exposed; the score is the claim's, 480.
    out = rulings(CLAIM_CUT_PLAY, ruleset)
    assert leads(out) == [] and out["revokes"] == [] and out["exposed"] == []
    s = score(tmp_path, CLAIM_CUT_PLAY, ruleset)
    assert s["complete"] is True, s
    assert (s["tricks"], s["penalty_tricks"], s["score"]) == ({"NS": 12, "EW": 1}, 0, {"NS": 480, "EW": -480})


@pytest.mark.parametrize("ruleset", RULESETS)
def test_5f_l48a_declarers_exposed_card_the_director_considered_it_and_no_rectification_follows(ruleset):
    # West wins trick 1; South drops the HK face up (10). L48A: declarer "is not subject to
    # rectification for exposing a card ... and no card of declarer's or dummy's hand ever becomes a
    # penalty card". The rulings, under the hand's duplicate code (not the 1912 code's), say the
    # Director considered it (laws 48A) and that nothing follows: no choice, no penalty card; and
    # West's lead (11) with it on the table is no penalty-card lead (it is no penalty card). South
    # later plays the HK to a heart trick (19): no card played twice, nothing not played.
    body = T1_W + "expose S HK\n" + plays("W SK N S9 E C9 S S4  W H3 N H6 E H4 S HK")
    out = rulings(body, ruleset, 10)
    r = one(out, "declarer-card-exposed")
    assert (r["seat"], r["event"]) == ("S", 10) and first(r, "48A") and no_choice(r), r
    text = r["explanation"].lower()
    nothing = r"no (further )?rectification|not subject to (rectification|restriction|penalty)"
    assert "consider" in text and re.search(nothing, text), text
    assert out["exposed"] == []
    out = rulings(body, ruleset)
    assert out["exposed"] == [] and kinds(out, "penalty-card-lead") == []
    assert kinds(out, "penalty-card-not-played") == [] and kinds(out, "played-again") == []
    assert len(kinds(out, "declarer-card-exposed")) == 1


# ================================================================ the records themselves


def test_the_records_today_guard():
    # A guard on the records (not a ruling): every body that uses only lines of today's notation is
    # a record the recorder takes.
    for body in (TAKEN_UP, COUNTED, L62C + "play E DA\n", TWELVE + "play W C4\n", CLAIM_PLAY_CUT, CLAIM_CUT_PLAY):
        events_of(head() + body)
    for ruleset in RULESETS:
        events_of(head2(ruleset) + RESTORED)
