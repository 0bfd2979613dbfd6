"""An examination of the duplicate rulings on DRAWING ATTENTION to an irregularity during the play
(L9; dummy's limitations, L42B, L43) and on a hand found SHORT of a card whose missing card is found
during the play (L14B), against the law text.

Every case below was written from the law text, before the rulings were run, and states the
ruling the words give. The text was found with the `search` tool (corpus "pages"), in these copies
(quoted in each case's comment; "2017" = the 2017 code, "2007" = the 2007 code):

- L9 (2017): pzbs.pl/sedziowie/mpb/2017/en/l9.html:
  A2 "Unless prohibited by Law, declarer or either defender may draw attention to an irregularity
  that occurs during the play period." A3 "Any player, including dummy, may attempt to prevent an
  irregularity (but for dummy subject to Laws 42 and 43)." A4 "Dummy may not call attention to an
  irregularity until play of the hand is concluded (but see Law 20F5 ...)." A5 "There is no
  obligation to draw attention to an infraction of law committed by one's own side". B1(b) "Any
  player, including dummy, may summon the Director after attention has been drawn to an
  irregularity." B1(c) "Summoning the Director does not cause a player to forfeit any rights to
  which he might otherwise be entitled." B1(d) "The fact that a player draws attention to an
  irregularity committed by his side does not affect the rights of the opponents."
- L9 (2007): quoted on blml, October 2007 (amsterdamned.org/pipermail/blml/2007-October/034918.html,
  "2007 Laws"): A2 "Unless prohibited by Law, declarer or either defender may draw attention to an
  irregularity that occurs during the play period."; and April 2008 (blml/2008-April/039677.html,
  "Law 9", with the reply naming the paragraph "Law 9A3"): "When an irregularity has occurred
  dummy may not draw attention to it during the play period but may do so after play of the hand
  is concluded. However any player, including dummy, may attempt to prevent another player's
  committing an irregularity (but for dummy subject to laws 42 and 43)." So the 2007 paragraph of
  dummy's prohibition is 9A3 (2017: 9A4).
- L42 (2017): pzbs.pl/sedziowie/mpb/2017/en/l42.html: B1 "Dummy may ask declarer (but not a
  defender) when he has failed to follow suit to a trick whether he has a card of the suit led."
  B2 "He may try to prevent any irregularity." B3 "He may draw attention to any irregularity, but
  only after play of the hand is concluded."
- L43 (2017): bridgevid.com/2017/07/12/dummys-rights-and-limitations/ (L42 and L43 as one page,
  its L42 word for word the pzbs 2017 text): A1 "(a) Dummy may not initiate a call for the
  Director during play unless another player has drawn attention to an irregularity. (b) Dummy may
  not call attention to an irregularity during play. (c) Dummy must not participate in the play
  ..." A2 "(a) Dummy may not exchange hands with declarer. (b) Dummy may not leave his seat to
  watch declarer's play of the hand. (c) Dummy may not look at the face of a card in either
  defender's hand." B "If Violation Occurs 1. Dummy is liable to penalty under Law 90 for any
  violation of the limitations listed in A1 and A2. 2. If dummy, after his violation of the
  limitations listed in A2: (a) warns declarer not to lead from the wrong hand, ... (b) is the
  first to ask declarer if a play from declarer's hand constitutes a revoke, declarer must
  substitute a correct card if his play was illegal, and the provisions of Law 64 then apply as if
  the revoke had been established. 3. If dummy after his violation of the limitations listed in A2
  is the first to draw attention to a defender's irregularity, there is no immediate
  rectification. Pla[y ...]" (the page's excerpt ends there).
- L62 (2017): pzbs.pl/sedziowie/mpb/2017/en/l62.html: A "A player must correct his revoke if
  attention is drawn to the irregularity before it becomes established." B "To correct a revoke
  the offender withdraws the card he played and substitutes a legal card. 1. A card so withdrawn
  becomes a major penalty card (Law 50) if it was played from a defender's unfaced hand. 2. The
  card may be replaced without further rectification if it was played from declarer's [subject to
  Law 43B2(b)] or dummy's hand, or if it was a defender's faced card."
- L14B (2017): the opening of B, quoted on the EBU TDs' forum in 2018 (ebu.co.uk/forum/discussion/
  146, "Missing card"; the words "(until the end of the Correction Period)" are the 2017 text's):
  "B. Hand Found Deficient Afterwards: When one or more hand(s) is/are found to contain fewer than
  13 cards, with no hand having more than 13, at any time after the opening lead is faced (until
  the end of the Correction Period), the Director makes a search for any missing card, and:".
  B2 and B4 were not found whole in English: the words of B4 quoted on the EBU forum
  (ebu.co.uk/forum/discussion/734, "Incorrect number of cards": the missing card "is deemed to have
  belonged continuously to the deficient hand"; forums.ebu.co.uk/discussion/1674, "Law 14B4 ...":
  "Part of Law 14B4 states that the missing card 'may become a penalty card'"), and a club's
  rendering of the whole law (south-waikato.bridge-club.org/node/566, July 2017, not the text
  itself): "2. If the card is found elsewhere, it is restored to the deficient hand. ... 4. A card
  restored to a hand as described above is deemed to have belonged continuously to the deficient
  hand - it may become a penalty card (Law 50) and failure to have played it may constitute a
  revoke." The translations agree (Norwegian lovboka.org/14.htm, Italian asdbridgeforli.it 2018,
  Polish 2007 pzbs.pl/sedziowie/mpb/2007/pol/przep14.htm: B2 "przyłącza się ją do właściwej ręki",
  B4 "uznaje się za należącą nieprzerwanie do tej ręki ... może stać się kartą przygwożdżoną ... a
  dokonane wcześniej zagranie innej karty zamiast niej może stanowić fałszywy renons"). The L14
  cases rest on the quoted English words ("restored to the deficient hand", "deemed to have
  belonged continuously to the deficient hand", "may become a penalty card") with the failure to
  have played it "may constitute a revoke" as the translations and the club's rendering give it;
  they are run under duplicate-2017 only.

Not found, so no case rests on them:
  - L43 of 2007 and 1997; L9 of 1997 in English (a blml post says only that the 1997 L9B1(a) said
    "must" where 2007 says "should"): no case is run under duplicate-1997; the one 2007 case rests
    on the 2007 L9A2 and L9A3 as quoted.
  - L63 (when a revoke is established) and L64 (the tricks transferred): no case asserts a
    revoke's `status` "established" or the number of tricks transferred; the L43 cases assert only
    that dummy's drawing attention takes nothing away (no L43 or L9 paragraph among the revoke's
    exceptions), as L43B's words give.
  - L16 of 2017 (the 2007 L16A4 was found, pzbs.pl/sedziowie/mpb/2007/ang/law16.htm, "If there is
    a violation of this law causing damage the Director adjusts the score in accordance with Law
    12C", but not the 2007 L14C that would send a found card's information there): no case asserts
    an L16 adjustment flag.
  - L90 (the procedural penalty L43B1 names): no case asserts an amount; the dummy's infraction
    carries no election (a procedural penalty is the Director's).
  - L81C3 ("becomes aware in any manner"), cited only in a forum post: no case rests on it.

Found but left out, because the transcript format cannot say what the law turns on (no new line
form is invented):
  - L9A3, L42B2 (dummy's right to try to PREVENT an irregularity): nothing is ruled before an
    irregularity occurs, and an `attention` line with no irregularity before it does not say what
    dummy was preventing.
  - L43A2 and everything that follows from it (L43B2(a), B2(b), B3; the "[subject to Law
    43B2(b)]" of L62B2): no line says that dummy exchanged hands, left his seat or looked at a
    defender's card. Every case here is an A1 violation at most.
  - L43A1(a) (dummy initiates a call for the Director): there is no line for summoning the
    Director.
  - L14B1 (the missing card found among the played cards: L67) and L14B3 (not found, a new pack):
    `found` gives a card dealt to no one, and there is no line for a reconstructed deal.
  - L14B4 "may become a penalty card" when the found card was seen face up: `found` does not say
    where the card was found or whether its face was seen; the cases take a card found and
    restored as no penalty card by that alone ("may", not "is").
  - What an `attention` line draws attention TO is free text, which no ruling reads: each case
    puts the `attention` line at once after a single irregularity (a revoke) and before anything
    else, so that the context names it.

The words of the rulings (irregularity `kind`s; existing words where the docs have them):
    dummy-attention      (examiner's word, chosen before the run; the 1912 rulings turn out to
                         use it too, under L61) dummy draws attention to an irregularity during play
                         (2017 L9A4, L43A1(b); 2007 L9A3). seat: dummy; event: the `attention`
                         line; laws[0]: "43A1" (or "43A1(b)") or "9A4" under 2017, "9A3" cited
                         under 2007; under 2017 L43B ("43B" or "43B1") or "90" cited (what
                         follows: "liable to penalty under Law 90"). No `penalty` choice. It takes
                         nothing from the ruling on the irregularity drawn attention to (only an
                         A2 violation does, L43B2, B3).
    (none)               a defender's or declarer's drawing attention (L9A2) and dummy's question
                         to declarer (L42B1) are rights: no irregularity has the seat and event.
                         After play is concluded dummy's drawing attention is a right too (L42B3,
                         2017 L9A4).
    missing-card-found   (existing, docs/transcripts.md) the missing card of a short hand found and
                         restored: seat: the deficient hand; event: the `found` line; laws[0]:
                         "14B" (or "14B2"); "14B4" cited where an earlier failure to play it is a
                         revoke. No `penalty` choice.
    revoke               (existing, docs/json.md) `status` "corrected" after attention is drawn
                         before it is established and the offender substitutes a legal card (L62A,
                         B); for a found card, the failure to have played it (L14B4): `seat`,
                         `trick`, `suit` (the suit led), `card` (the card played).
    exposed[]            (existing) a defender's card withdrawn to correct his revoke: law "62B1",
                         "major" (L62B1); declarer's: none (L62B2). A found card: none.
    short-hand           (the 1912 rulings' word, seen on the first run) the deal's short hand:
                         if listed, ruled by the duplicate code (L14B), not by L38 of 1912.
Under a duplicate code no irregularity read here carries a `code` key (ruled by the 1912 code it
would: `"code": "auction-1912"`): each case checks it.

How the transcript expresses each act (the lines of docs/transcripts.md; no new line form):
  - A player draws attention: `attention SEAT TEXT`, at once after the revoke it names.
  - A revoke corrected: `withdraw SEAT CARD` then `play SEAT CARD` (docs/transcripts.md's example).
  - Dummy's question to declarer: `ask N S` and `answer S yes`.
  - A hand short of a card: `deal` with that hand of 12 cards, the missing card dealt to no one;
    the card found and restored to it: `found SEAT CARD`.

Readings where the text leaves room:
  - L43B lists what follows each violation; for an A1 violation only B1 (L90). So the irregularity
    dummy draws attention to is ruled as if anyone else had: East's revoke is corrected and his
    card is a major penalty card (L62A, B1); an established revoke keeps its transfer.
  - "deemed to have belonged continuously to the deficient hand": the found card is the player's
    from the deal on, so his failure to follow in its suit before it was found is a revoke (its
    "may constitute a revoke": a failure to follow holding the suit is a revoke), and from the
    finding on he plays it like any card.
  - Paragraph names: `laws[0]` is matched by its prefix ("43A1" matches "43A1(b)").

The deal of every hand (but where a hand is dealt 12 cards): 4H by South, neither side vulnerable,
West leads.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
Events 1-5 are the head (hand, dealer, deal, contract, vulnerability); the first card is event 6.
"""

from __future__ import annotations

import pytest
from conftest import events_of
from exam_board import cites, first, head, kinds, no_choice, one, pcards, plays, revokes_by

from projections.moment import rulings_at

# Written from the law text before the rulings were run (L9, L42B, L43, L62, L14B, duplicate codes).


def rule(body: str, ruleset: str = "duplicate-2017", n: int | None = None, text: str | None = None) -> dict:
    return rulings_at(events_of((text if text is not None else head(ruleset)) + body), n)


def short_head(deal: str, ruleset: str = "duplicate-2017") -> str:
    return (f"hand exam ruleset={ruleset}\ndealer S\ndeal {deal}\n"
            "contract 4H by S\ntag Vulnerable None\n")


def at_event(out: dict, event: int) -> list[dict]:
    return [r for r in out["irregularities"] if r["event"] == event]


def no_1912(out: dict) -> bool:
    return all("code" not in r for r in out["irregularities"])


def barred_by_attention(rv: dict) -> bool:
    t = rv.get("transfer") or {}
    laws = [t.get("barred_by") or ""] + list(t.get("exceptions") or []) + [rv.get("penalty_barred_by") or ""]
    return any(law.startswith(("43", "9", "61")) for law in laws if law)


# Trick 1: West leads the SA (6), North the S8 (7), East, holding the S2, discards the C9 (8): a
# revoke; South plays the S3 (9). Nobody has played to trick 2: the revoke is not established.
EAST_REVOKES = plays("W SA N S8 E C9 S S3")
# East withdraws the C9 and follows with the S2 (the revoke corrected).
EAST_CORRECTS = "withdraw E C9\nplay E S2\n"
# Trick 2: West (who won trick 1) leads the H2, North the H6, East the H4, South the HA (10-13).
TRICK_2 = plays("W H2 N H6 E H4 S HA")


# ---------------------------------------------------------------- L9A2: declarer or a defender


@pytest.mark.parametrize("ruleset", ["duplicate-2017", "duplicate-2007"])
def test_law9a2_declarer_draws_attention_to_a_defenders_revoke_is_his_right(ruleset):
    # East revokes (8); declarer draws attention to it (10): "Unless prohibited by Law, declarer or
    # either defender may draw attention to an irregularity that occurs during the play period."
    # (L9A2, 2017 and 2007 alike). A right: no irregularity at event 10, none ruled by the 1912
    # code. 2017: "A player must correct his revoke if attention is drawn to the irregularity
    # before it becomes established" (L62A); East withdraws the C9 and plays the S2 (11, 12): the
    # revoke is corrected and "A card so withdrawn becomes a major penalty card (Law 50) if it was
    # played from a defender's unfaced hand" (L62B1).
    out = rule(EAST_REVOKES + "attention S East did not follow suit\n" + EAST_CORRECTS, ruleset)
    assert at_event(out, 10) == []
    assert [r for r in out["irregularities"] if r["seat"] == "S"] == []
    assert no_1912(out)
    if ruleset == "duplicate-2017":
        (rv,) = revokes_by(out, "E")
        assert (rv["trick"], rv["status"]) == (1, "corrected")
        assert pcards(out) == [("E", "C9", "major")]
        assert [x["law"] for x in out["exposed"]] == ["62B1"]


def test_law9b1d_partner_draws_attention_to_his_own_sides_revoke_the_opponents_rights_stand():
    # East revokes (8); his partner West draws attention to it (10): West is "either defender"
    # (L9A2); "There is no obligation to draw attention to an infraction of law committed by one's
    # own side" (L9A5), but "The fact that a player draws attention to an irregularity committed
    # by his side does not affect the rights of the opponents." (L9B1(d), 2017). East corrects
    # (11, 12); the withdrawn C9 is a major penalty card as L62B1 says, whoever drew attention.
    out = rule(EAST_REVOKES + "attention W partner did not follow suit\n" + EAST_CORRECTS)
    # Harness fix after the first run: "no irregularity with seat W at all" was wider than the
    # law; the rulings rightly list, with seat W, the lead restriction that East's major penalty
    # card opens when West is next to lead (event 12). What L9 says is about the attention itself.
    assert at_event(out, 10) == []
    assert no_1912(out)
    (rv,) = revokes_by(out, "E")
    assert (rv["trick"], rv["status"]) == (1, "corrected")
    assert pcards(out) == [("E", "C9", "major")]


# ---------------------------------------------------------------- L9A4, L43A1(b): dummy during play


def test_law9a4_law43a1b_dummy_draws_attention_to_a_defenders_revoke_during_play():
    # East revokes (8); dummy draws attention to it (10): "Dummy may not call attention to an
    # irregularity until play of the hand is concluded" (2017 L9A4); "(b) Dummy may not call
    # attention to an irregularity during play." (2017 L43A1). What follows: "1. Dummy is liable
    # to penalty under Law 90 for any violation of the limitations listed in A1 and A2." (L43B1);
    # the loss of rectification (L43B3) is only "after his violation of the limitations listed in
    # A2", which the record does not hold. So East's revoke is ruled as usual: attention was drawn
    # before it was established, East corrects it (11, 12: L62A) and the C9 is a major penalty
    # card (L62B1).
    out = rule(EAST_REVOKES + "attention N East did not follow suit\n" + EAST_CORRECTS)
    r = one(out, "dummy-attention")
    assert (r["seat"], r["event"]) == ("N", 10)
    assert first(r, "43A1", "9A4")
    assert cites(r, "43A1") and cites(r, "9A4")
    assert cites(r, "43B") or cites(r, "90")
    assert no_choice(r)
    assert no_1912(out)
    (rv,) = revokes_by(out, "E")
    assert (rv["trick"], rv["status"]) == (1, "corrected")
    assert not barred_by_attention(rv)
    assert pcards(out) == [("E", "C9", "major")]


def test_law9a3_2007_dummy_may_not_draw_attention_during_the_play_period():
    # The same play under the 2007 code: "When an irregularity has occurred dummy may not draw
    # attention to it during the play period but may do so after play of the hand is concluded."
    # (2007 L9A3, as quoted). Dummy's drawing attention (10) is an irregularity of his, ruled by
    # the duplicate code, with no election.
    out = rule(EAST_REVOKES + "attention N East did not follow suit\n" + EAST_CORRECTS, "duplicate-2007")
    r = one(out, "dummy-attention")
    assert (r["seat"], r["event"]) == ("N", 10)
    assert cites(r, "9A3")
    assert no_choice(r)
    assert no_1912(out)


def test_law43b_dummys_attention_to_an_established_revoke_takes_no_rectification_away():
    # East revokes at trick 1 (8); trick 2 is played (10-13), West leading it. Dummy then draws
    # attention to East's revoke (14), during play: an A1(b) violation (2017 L43A1(b), L9A4),
    # "liable to penalty under Law 90" (L43B1). Nothing in L43B takes the rectification of the
    # defenders' revoke away for an A1 violation (B3, "no immediate rectification", is for a
    # violation of A2 only): no paragraph of L43 or L9 bars the revoke's transfer.
    out = rule(EAST_REVOKES + TRICK_2 + "attention N East did not follow suit at trick 1\n")
    r = one(out, "dummy-attention")
    assert (r["seat"], r["event"]) == ("N", 14)
    assert first(r, "43A1", "9A4")
    assert no_choice(r)
    assert no_1912(out)
    (rv,) = revokes_by(out, "E")
    assert (rv["trick"], rv["suit"], rv["card"]) == (1, "S", "C9")
    assert not barred_by_attention(rv)
    assert rv["transfer"] is not None and rv["transfer"]["to"] == "NS"


def test_law43a1b_dummy_draws_attention_to_declarers_own_revoke():
    # Trick 1: West leads the C2 (6), North the C6 (7), East wins with the CA (8); South, holding
    # the C5, plays the D6 (9): declarer's revoke. Dummy draws attention to it (10): an A1(b)
    # violation all the same (2017 L43A1(b): "Dummy may not call attention to an irregularity
    # during play"; L9A4). Declarer "must correct his revoke if attention is drawn to the
    # irregularity before it becomes established" (L62A): he withdraws the D6 and plays the C5
    # (11, 12); "The card may be replaced without further rectification if it was played from
    # declarer's [subject to Law 43B2(b)] ... hand" (L62B2); L43B2(b) is for dummy "after his
    # violation of the limitations listed in A2" only. So: dummy's irregularity, the revoke
    # corrected, no penalty card, nothing transferred.
    body = plays("W C2 N C6 E CA S D6") + "attention N declarer did not follow suit\n" + "withdraw S D6\nplay S C5\n"
    out = rule(body)
    r = one(out, "dummy-attention")
    assert (r["seat"], r["event"]) == ("N", 10)
    assert first(r, "43A1", "9A4")
    assert no_choice(r)
    assert no_1912(out)
    (rv,) = revokes_by(out, "S")
    assert (rv["trick"], rv["status"]) == (1, "corrected")
    assert out["exposed"] == []
    assert out["transfer"] == {"NS": 0, "EW": 0}


def test_law42b1_dummy_asks_declarer_having_none_is_no_irregularity():
    # The same revoke by declarer (9); instead of drawing attention, dummy asks him whether he has
    # a club (10), and he answers that he does (11): "Dummy may ask declarer (but not a defender)
    # when he has failed to follow suit to a trick whether he has a card of the suit led." (2017
    # L42B1). A right: no irregularity of dummy's. Declarer corrects (12, 13; L62A, B2).
    body = plays("W C2 N C6 E CA S D6") + "ask N S\nanswer S yes\nwithdraw S D6\nplay S C5\n"
    out = rule(body)
    assert [r for r in out["irregularities"] if r["seat"] == "N"] == []
    assert kinds(out, "dummy-attention") == []
    assert no_1912(out)
    (rv,) = revokes_by(out, "S")
    assert (rv["trick"], rv["status"]) == (1, "corrected")
    assert out["exposed"] == []


# East revokes at trick 1 (6-9) and the hand is played out, thirteen tricks (10-57): trick 2 West's
# H2 won by South's HA; then South's S4 won by West's SJ (East follows with the S2), West's D2 won
# by East's DJ, East's H5 won by South's HT, South's S5 won by West's SQ, West's C2 won by East's
# CJ, East's DQ, CQ, DK won by East, East's CK ruffed by South's HJ, South's HQ and HK.
PLAYED_OUT_WITH_REVOKE = EAST_REVOKES + TRICK_2 + plays(
    "S S4 W SJ N S9 E S2  W D2 N D8 E DJ S D6  E H5 S HT W H3 N H7  S S5 W SQ N ST E CT"
    "  W C2 N C6 E CJ S C5  E DQ S D7 W D3 N D9  E CQ S S6 W C3 N C7  E DK S S7 W D4 N DT"
    "  E CK S HJ W C4 N C8  S HQ W D5 N H8 E DA  S HK W SK N H9 E CA")


def test_law42b3_law9a4_dummy_draws_attention_after_play_is_concluded_is_his_right():
    # After the thirteenth trick (57) dummy draws attention to East's revoke at trick 1 (58): "He
    # may draw attention to any irregularity, but only after play of the hand is concluded." (2017
    # L42B3); "Dummy may not call attention to an irregularity until play of the hand is
    # concluded" (L9A4). Play is concluded: no irregularity of dummy's; the revoke stands, and
    # nothing of L43 or L9 bars it.
    out = rule(PLAYED_OUT_WITH_REVOKE + "attention N East did not follow suit at trick 1\n")
    assert at_event(out, 58) == []
    assert kinds(out, "dummy-attention") == []
    assert no_1912(out)
    (rv,) = revokes_by(out, "E")
    assert (rv["trick"], rv["suit"], rv["card"]) == (1, "S", "C9")
    assert not barred_by_attention(rv)


# ---------------------------------------------------------------- L14B: a missing card found

# East dealt 12 cards, his CT missing (dealt to no one).
EAST_SHORT_CT = "N:T98.9876.T98.876 2.54.AKQJ.AKQJ9 76543.AKQJT.76.5 AKQJ.32.5432.432"
# East dealt 12 cards, his S2 (his only spade) missing.
EAST_SHORT_S2 = "N:T98.9876.T98.876 .54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"


def test_law14b2_a_missing_card_found_is_restored_to_the_deficient_hand_no_revoke_no_penalty_card():
    # East holds 12 cards, the CT missing. Trick 1: West's SA, North's S8, East's S2, South's S3
    # (6-9). The CT is then found (10): "When one or more hand(s) is/are found to contain fewer
    # than 13 cards ... at any time after the opening lead is faced ... the Director makes a search
    # for any missing card" (2017 L14B); "If the card is found elsewhere, it is restored to the
    # deficient hand" (B2). East had no occasion to play a club: no revoke. The card "may become
    # a penalty card" (B4): nothing in the record makes it one. West leads the C2 (11), North the
    # C6 (12), East plays the found CT (13), South the C5 (14): East holds it now.
    body = plays("W SA N S8 E S2 S S3") + "found E CT\n" + plays("W C2 N C6 E CT S C5")
    out = rule(body, text=short_head(EAST_SHORT_CT))
    r = one(out, "missing-card-found")
    assert (r["seat"], r["event"]) == ("E", 10)
    assert first(r, "14B")
    assert no_choice(r)
    assert no_1912(out)
    assert out["revokes"] == []
    assert out["exposed"] == []


def test_law14b4_the_found_card_deemed_held_continuously_an_earlier_failure_to_play_it_a_revoke():
    # East holds 12 cards, the S2 missing: as dealt he shows no spade. Trick 1: West's SA, North's
    # S8, East discards the C9, South's S3 (6-9); trick 2 is played (10-13). The S2 is found (14):
    # "restored to the deficient hand" (L14B2), it "is deemed to have belonged continuously to
    # the deficient hand" (B4), and the failure to have played it "may constitute a revoke": East
    # held the S2 at trick 1 and discarded the C9, a revoke on trick 1. It is no penalty card by
    # being found. South then leads the S4 (15), West the SJ (16), North the S9 (17) and East
    # follows with the found S2 (18): no second revoke.
    body = EAST_REVOKES + TRICK_2 + "found E S2\n" + plays("S S4 W SJ N S9 E S2")
    out = rule(body, text=short_head(EAST_SHORT_S2))
    r = one(out, "missing-card-found")
    assert (r["seat"], r["event"]) == ("E", 14)
    assert first(r, "14B")
    assert cites(r, "14B4") or any(cites(rv, "14B4") for rv in out["revokes"])
    assert no_choice(r)
    assert no_1912(out)
    (rv,) = revokes_by(out, "E")
    assert (rv["trick"], rv["suit"], rv["card"]) == (1, "S", "C9")
    assert out["exposed"] == []
