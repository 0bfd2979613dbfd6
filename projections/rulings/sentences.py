"""Every sentence the rulings say of a revoke or an irregularity, made here and nowhere else.

The rulings record what happened as a `Said`: the identifier of its sentence (`key`, such as
"lead-out-of-turn.declaring-side-opening") and its facts, values only (seats, sides and suits as
their letters, cards as written, events and tricks as numbers, laws as the strings they cite), so
that what they say is data a reader could take as it is. The sentence is made from them here
(`SENTENCES`, `say`): an irregularity's or a revoke's explanation is its sentences one after the
other (`Irregularity.explanation`, `Revoke.explanation`), a revoke's remark one sentence each; the
JSON (`render`) carries them, and the terminal, the room, the shared file and the report read them
there (docs/json.md: `explanation`, `remarks`).

A template is written as `str.format` writes, with conversions of the game's: `{seat!n}` says
a seat's letter as its name ("W": West), `{suit!u}` a suit's letter as its name ("H": hearts),
`{elector!o}` whose a choice is (one seat's, "West's", or "North or South's to make"), `{words!w}`
the words of a line as written, one space between, `{tricks!t}` a number of tricks ("1 trick",
"3 tricks"), `L{laws!l}` laws cited one after the other ("L50D2, L51"); and
one choice: `{flag:?these words|those}` says the first words when the fact is true, the second
when it is false. A sentence added to what is said already carries its own leading space.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from string import Formatter
from typing import Any, Callable, Mapping

from bridge.cards import SEAT_NAMES, SUIT_NAMES


@dataclass(frozen=True)
class Said:
    """One sentence the rulings say: its identifier in `SENTENCES` and the facts it names."""

    key: str
    facts: Mapping[str, Any]  # (a fact may itself be a `Said`: said within the sentence)

    def __str__(self) -> str:
        return say(self)


def said(key: str, **facts: Any) -> Said:
    """What the rulings say, `key` with its facts as values: a card as it is written, a member of
    a closed set as its word, a tuple as a list."""
    return Said(key, {k: _value(v) for k, v in facts.items()})


def _value(v: Any) -> Any:
    if v is None or isinstance(v, (bool, int, float)):
        return v
    if isinstance(v, Enum):
        return v.value
    if isinstance(v, (list, tuple)):
        return [_value(x) for x in v]
    if isinstance(v, Said):
        return v  # a sentence within the sentence (what a direction not obeyed required, L73)
    return str(v)  # a seat, a suit, a word; a card as written (`Card.__str__`)


# The game's conversions of a fact to words (`{fact!c}`).
CONVERSIONS: dict[str, Callable[[Any], str]] = {
    "n": lambda seat: SEAT_NAMES[seat],
    "u": lambda suit: SUIT_NAMES[suit],
    "o": lambda seats: " or ".join(SEAT_NAMES[s] for s in seats) + ("'s" if len(seats) == 1 else "'s to make"),
    "w": lambda words: " ".join(words),
    "t": lambda n: f"{n} trick{'s' if n != 1 else ''}",
    "l": lambda laws: ", L".join(laws),  # (after an "L": "L50D2, L51, L57A")
}


class _Words(Formatter):
    """`str.format` with the game's conversions (`CONVERSIONS`) and a choice of words by a fact
    (`{flag:?yes|no}`)."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion in CONVERSIONS:
            return CONVERSIONS[conversion](value)
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.startswith("?"):
            yes, _, no = format_spec[1:].partition("|")
            return yes if value else no
        return super().format_field(value, format_spec)


_WORDS = _Words()


def say(s: Said) -> str:
    """The sentence `s` says, made from its template and its facts."""
    return _WORDS.vformat(SENTENCES[s.key], (), s.facts)


def said_all(sentences: list[Said]) -> str:
    """Sentences said one after the other (each added one carries its own leading space)."""
    return "".join(say(s) for s in sentences)


# What a module of the rulings not yet saying its facts says (its words as it wrote them): the
# modules that do are held to it by tests/test_words_once.py.
AS_WRITTEN = "as-written"

SENTENCES: dict[str, str] = {
    AS_WRITTEN: "{text}",
    "full-stop": ".",  # (a sentence whose clause the laws of one code add and another's do not)
    "nothing": "",  # (... or whose sentence the laws add only in some cases)

    # A lead out of turn under the Laws of Duplicate Bridge (`leads`: L53-L56).
    "lead-out-of-turn.declaring-side-opening":  # L54E
        "{seat!n}, of the declaring side, led {card} to the first trick, whose opening lead was {expected!n}'s: L24 "
        "applies (L54E), the Director ruling on the card so exposed.",
    "lead-out-of-turn.defender-opening":  # L54
        "{seat!n} led {card} the opening lead when it was {expected!n}'s lead (a faced opening lead out of turn, "
        "L54): declarer may spread his hand and become dummy, his partner declarer (L54A), accept it (L54B, L53A), "
        "or require its retraction, the card then a major penalty card (L54D).",
    # 2017 L53A: "no lead out of turn to the thirteenth trick may be accepted"
    "lead-out-of-turn.defender-thirteenth":
        "{seat!n} led {card} to trick {trick} when it was {expected!n}'s lead (L56): no lead out of turn to the "
        "thirteenth trick may be accepted (L53A): declarer requires its retraction, the correct hand leads, and the "
        "card is a major penalty card (L54D, L50).",
    "lead-out-of-turn.defender":  # L56, L53A
        "{seat!n} led {card} to trick {trick} when it was {expected!n}'s lead (L56): declarer may accept it as a "
        "correct lead (L53A) or require its retraction, the card then a major penalty card (L54D, L50).",
    "lead-out-of-turn.declarer-thirteenth":  # L53A, L55A
        "Declarer led {card} from {from_dummy:?dummy|his own hand} to trick {trick} when the lead was "
        "{expected!n}'s. No lead out of turn to the thirteenth trick may be accepted (L53A): the defenders require "
        "its retraction and the correct hand leads (L55A).",
    "lead-out-of-turn.declarer":  # L55A
        "Declarer led {card} from {from_dummy:?dummy|his own hand} to trick {trick} when the lead was "
        "{expected!n}'s. Either defender may accept it as a correct lead or require its retraction; if they choose "
        "differently, the choice of {next!n}, next in turn to the irregular lead, prevails (L55A, L53A).",
    "lead-out-of-turn.accepted-by-next":  # L53A
        " {seat!n}, next in rotation, played to it at event {event}: the lead is accepted (L53A).",
    "lead-out-of-turn.proper-lead":  # L53B
        " {seat!n}, whose lead it was, made his proper lead ({card}, event {event}) to the trick: it stands, and "
        "the cards played in error to the trick may be taken back (L{law}).",
    "lead-out-of-turn.stands-premature":  # 2017 L53C, 1997 L53B; L57
        " {seat!n}, the defender on the irregular lead's right, played to it at event {event}: the lead stands "
        "(L{law}) and his card is a premature play (L57).",
    "lead-out-of-turn.elected": " {seat!n} elected '{choice}' at event {event}.",
    "lead-out-of-turn.spread":  # L54A
        " He spreads his hand and becomes dummy; {declarer!n} becomes declarer (L54A).",
    "lead-out-of-turn.elected-prevails":  # L55A
        " {seat!n}, next in turn to the irregular lead, elected '{choice}' at event {event}: his choice prevails "
        "(L55A).",
    "lead-out-of-turn.dummy-card-exposed":  # L54C
        " Dummy's {card} was exposed at event {event}: declarer could have seen it, so he must accept the lead "
        "(L54C).",
    "lead-out-of-turn.declarer-card-exposed":  # L54A
        " Declarer exposed his {card} at event {event}: having begun to spread his hand he must spread it all; he "
        "becomes dummy and {declarer!n} declarer (L54A).",
    "lead-out-of-turn.penalty-card-taken-back":  # L54D, L50D
        " {seat!n} took back {card} at event {event}: it is a major penalty card (L54D), to be played at his first "
        "legal opportunity; while it lies on the table declarer may restrict his partner's leads (L50D).",
    "lead-out-of-turn.taken-back-defender-leads":  # L55B1, L55C
        " The {card} went back to {to_dummy:?dummy|his hand} at event {event}, with no further rectification; the "
        "defender leads (L55B1). If declarer's play could have been based on what the infraction showed, the "
        "Director may award an adjusted score (L55C).",
    "lead-out-of-turn.taken-back-declarer-leads":  # L55B2, L55C
        " The {card} went back to {to_dummy:?dummy|his hand} at event {event}, with no further rectification; "
        "declarer leads from the correct hand (L55B2). If declarer's play could have been based on what the "
        "infraction showed, the Director may award an adjusted score (L55C).",
    "election-not-theirs.lead-out-of-turn":  # L53A, L55A
        "{seat!n} elected '{choice}', but the choice the lead out of turn at event {lead} opens is {elector!o} "
        "(L{law}); the election is not applied.",
    "election-without-penalty.accept-at-thirteenth":  # 2017 L53A
        "{seat!n} elected 'accept' at event {event} of {offender!n}'s lead of event {lead} to the thirteenth trick, "
        "which may not be accepted (L53A): the election is not applied, and the lead is to be retracted, the "
        "correct hand leading.",

    # Penalty directions and elections under the 1912 code (`directions`: L73, L80, L81, L92).
    "partner-direction.lapsed":  # L80, L92
        " {seat!n} played to the trick at event {event} before declarer elected: the option lapsed (L{law}).",
    "election-without-penalty.not-in-1912":  # L76-L78, L65-L68
        "'{words!w}' was elected at event {event}, but the 1912 code gives no such election (a lead out of turn is "
        "ruled by L76-L78, an exposed card by L65-L68, each forbidding one suit); the election is recorded and not "
        "applied.",
    "election-not-theirs.new-deal":  # L81
        "{seat!n} elected '{choice}', but a new deal for a missed trick is for the adversaries of the player who "
        "missed it (L81); the election is not applied.",
    "election-not-theirs.dummy":  # L60
        "{seat!n} elected '{choice}', but dummy takes no part in the play beyond the rights L60 gives him, and "
        "electing a penalty is not one of them; the election is not applied.",
    "election-not-theirs.not-declarer":  # R-G9
        "{seat!n} elected '{choice}', but the penalties of the play are declarer's to elect (R-G9); the election "
        "is not applied.",
    "election-without-penalty.unmatched":
        "'{choice}' was elected at event {event}, but no penalty open at that moment offers it; the election is "
        "recorded and not applied.",
    "revoke.direction-disobeyed":  # L73
        "{seat!n} played {card} although directed ({direction}) and able to obey: a deemed revoke, unless "
        "corrected before the trick is turned and quitted (L73).",
    # What a direction not obeyed required (L73), said within the sentences that name it.
    "direction.highest-lowest": "{choice} {suit!u}, {card}",
    "direction.win-lose": "{choice} the trick",
    "direction.lead": "lead {suit!u}",
    "direction.forbid": "not lead {suit!u}",
    "direction.call": "play the called {card}",

    # A card taken back under the Laws of Duplicate Bridge (`retraction`: L45D, L47). A card no law
    # lets its player take back is said in pieces, each a reason the record gives.
    "illegal-retraction.taken-back":  # L47F2
        "{seat!n} took back {dummy:?dummy's |}{card}, played to trick {trick}, at event {event}: except as L47 "
        "specifies a card once played may not be withdrawn (L47F2)",
    "illegal-retraction.designation":  # L45C4(b), L47C
        "; declarer may change an unintended designation of dummy's card only until he next plays a card, and only "
        "by designating another (L45C4(b), L47C)",
    "illegal-retraction.not-named-not-dummy": "; 'not-named' is said only of dummy's card (L45D)",
    "illegal-retraction.declarer-after-not-named":  # L45D
        "; after dummy's card declarer did not name, declarer may take back his card to that trick only once his "
        "right-hand opponent has changed his play (L45D)",
    "illegal-retraction.stays-played": ". It stays played in the trick, and no card is owed in its place.",
    "illegal-retraction.misinformed-too-late":  # L47E2
        " He was misinformed, but a card was played {to_trick:?to that trick |}after his (event {later}): too late "
        "to retract it (L47E2(a)); the Director may award an adjusted score (L47E2(b)).",
    "illegal-retraction.not-named-too-late":  # L45D
        " Dummy placed it though declarer had not named it, but each side had played to the next trick before "
        "attention was drawn to it: too late to withdraw it (L45D).",
    "card-not-named":  # L45D
        "Dummy placed the {card} in the played position at event {played}, a card declarer did not name; attention "
        "being drawn before each side had played to the next trick, it is withdrawn at event {event} (L45D) and the "
        "card declarer named is played in its place. A defender may take back a card he played after it, and, if "
        "declarer's right-hand opponent changes his play, declarer a card he played after it to trick {trick} "
        "(L45D).",
    "retraction-after-card-not-named.declarer":  # L45D
        "{seat!n} took back the {card}, played to trick {trick}, at event {event}: his right-hand opponent {rho!n} "
        "having changed his play after dummy's {misplaced} was withdrawn, declarer may take back a card he played to "
        "the trick after it (L45D). It goes back to his hand without rectification: no penalty card.",
    "retraction-after-card-not-named.defender":  # L45D
        "{seat!n} took back the {card}, played to trick {trick}, at event {event}: a defender may withdraw and "
        "return to his hand a card played after dummy placed the {misplaced}, which declarer did not name, and "
        "before attention was drawn to it (L45D). It goes back to his hand without rectification: no penalty card.",
    "misinformed-retraction.in-turn":  # L47E2(a)
        "{seat!n} took back {dummy:?dummy's |}{card}, played to trick {trick}, at event {event}, because of a "
        "mistaken explanation of an opponent's call or play, before any card was played after it{to_trick:? to "
        "that trick|}: retracted without further rectification (L47E2(a)); it is no penalty card, and another card "
        "is played to trick {trick} in its place.",
    "misinformed-retraction.retracted":  # L47E1
        " He retracted it at event {event}, an opponent having told him it was his turn: without further "
        "rectification, and it may not be accepted (L47E1).",
    "misinformed-retraction.out-of-turn":  # L47E1
        "{seat!n} took back {dummy:?dummy's |}{card} at event {event}, led or played out of turn after an opponent "
        "mistakenly told him it was his turn: retracted without further rectification; it is no penalty card and "
        "his left-hand opponent may not accept it (L47E1).",
    "revoke.unestablished-misinformed":  # 2017 L47E1, L62A, L63A
        "{seat!n} revoked on trick {trick} with {card}; the card led or played at event {played} was retracted "
        "after misinformation, and Law 63A1 does not apply to it (L47E1): the revoke is to be corrected until it is "
        "established (L62A, L63A).",
    "revoke.unestablished-concession-void":  # L68B2, L63A3
        "{seat!n} revoked on trick {trick} with {card}; the concession at event {claim} never occurred, "
        "{doubter!n} objecting to it (L68B2), so the claim establishes nothing and the revoke is to be corrected "
        "until it is established (L62A, L63A).",
    "revoke.unestablished-claim-doubted":  # L69A, L63A
        "{seat!n} revoked on trick {trick} with {card}; {doubter!n}, of the offending side, doubted the opponents' "
        "claim of event {claim}: it is not agreed (L69A), so the claim establishes nothing and the revoke is to be "
        "corrected until it is established (L62A, L63A).",

    # Claims and concessions (`claims`: the 1912 code's L72; the duplicate codes' L68-L71).
    "claim.of": "{seat!n}'s claim of {tricks!t} of the {remaining} not yet played (event {event})",
    "no-claim.doubted":
        "{seat!n} doubted a claim, but no claim stands at this point (none was made, or play went on past it): "
        "recorded, it changes nothing.",
    "no-claim.adjudicated":
        "The Director adjudicated a claim, but no claim stands at this point (none was made, or play went on past "
        "it): recorded, it changes nothing.",
    "adjudication-not-in-code":  # L72
        "The 1912 code gives no one the power to adjudicate a claim: a claim not accepted is played out and the "
        "play decides (L72). The adjudication of {tricks!t} is recorded and changes nothing.",
    # (a ruling with his judgment pending, until he gives it)
    "claim.score-waits": " The score waits for his adjudication.",
    "concession-objected":  # L68B2, L16C
        "{seat!n} attempted to concede {conceded!t} ({claim}) and his partner {doubter!n} objected: neither a "
        "concession nor a claim has occurred and play continues (L68B2). A card he exposed in doing so is no "
        "penalty card, but what it tells his partner is unauthorized information (L16C).",
    "claim-doubted":  # L68, L70A
        "{doubter!n} doubted {claim}: play is suspended and the Director adjudicates the result as equitably as "
        "possible to both sides, any doubtful point going against the claimer (L{law}, L70A){played_on}.",
    # What a claim doubted after the play went on past it (where that did not void it) adds, by the
    # code's `play_after_claim`.
    "claim-doubted.played-on-before-doubt":  # 2017 L68D2
        "; the play that went on past the claim before any doubt is evidence he may consider",
    "claim-doubted.played-on-evidence":  # 2007 L70D3
        "; the play that went on past the claim is evidence he may take as part of its clarification (L70D3)",
    "claim-doubted.played-on-voided":  # 1997 L68D
        "; the play that went on past the claim is voided (L68D)",
    "claim.awarded":
        "the Director awards {awarded!t} of them to {seat!n}'s side on the line '{line}'",
    "claim.awarded-beyond":
        "the Director awards {awarded!t} of them to {seat!n}'s side ({tricks!t} is more than were left: all "
        "{remaining} go to the claimer's side) on the line '{line}'",
    "claim.adjudicated": " At event {event} {awarded} (L70).",
    "claim-agreement-withdrawn":  # L69B
        "The opponents' agreement to {claim} is withdrawn: {awarded} (L69B: they had agreed to lose a trick their "
        "side had won, or would likely have won had play continued).",
    "concession-cancelled":  # L71
        "{seat!n}'s concession ({claim}) is cancelled: {awarded} (L71: a trick his side had won, or could not lose "
        "by any normal play of the remaining cards).",
    "claim-agreed": "{claim} stands as agreed: {awarded} (L69).",  # L69
    "claim-doubted.play-continued":  # 2017 L68D2(b)
        " Play then continued (event {event}): the claim is void (L68D2(b)).",
    "claim-played-out":
        "{seat!n} played {cards!w} after {claimant!n}'s claim of {tricks!t} (event {claimed}): {says}",
    "claim-played-out.card-not-known":
        "{seat!n} played a card not known after {claimant!n}'s claim of {tricks!t} (event {claimed}): {says}",
    # What a card played after a claim makes of it (`PlayAfterClaim`), the words after the card and
    # the claim: the 1912 family's, and the duplicate family's.
    "claim-played-out.1912":  # L72
        "the hand is being played out, the claim no longer counts and the play decides (L72). A revoke left "
        "uncorrected at the claim stands.",
    "claim-played-out.void-if-doubted":  # 2017 L68D2(b)
        "the claim was doubted and play continued, so the claim is void and the play decides the tricks "
        "(L68D2(b): at the non-claiming side's request, all four players agreeing). Had they not all agreed, the "
        "Director adjudicates the claim (L70), the play after it being evidence.",
    "claim-played-out.undoubted":  # 2017 L68D, no doubt before the play
        "play should have been suspended at the claim (L68D). No one had doubted it, so this is no play continued "
        "by agreement after a doubt (L68D2(b)): the claim stands, the cards played after it are no play of the "
        "board, and the board is scored on the claim (L69A); should a player doubt it the Director adjudicates it "
        "(L70), the play after it being evidence.",
    "claim-played-out.evidence":  # 2007 L68D, L70D3
        "play should have ceased at the claim (L68D); the play after it may be evidence the Director takes as part "
        "of the clarification of the claim when he adjudicates it (L70D3). Until he does, the claim stands: the "
        "cards played after it are no play of the board, and the board is scored on the claim (L69A).",
    "claim-played-out.after-the-board":  # L69A: agreed once no one objected before the board ended
        "the cut for the next deal had ended the board with the claim standing and no one objecting to it, so it "
        "is agreed (L69A) and stands: the card is no play of this board, nothing of it is ruled, and the board is "
        "scored on the claim.",
    "claim-played-out.voided":  # 1997 L68D
        "all play after a claim is voided by the Director, who adjudicates the claim (L68D, L70).",

    # The arrangement of the played cards (`arrangement`: duplicate L65, L66; L43 for dummy).
    "wrong-side-quit.pointed":  # L65B1, L65B2
        "Trick {trick}'s cards were turned and pointed toward {quitted_by}, but its winners are {winners} "
        "({winner!n}'s {card}): a card is pointed toward the side that won the trick (L65B1, L65B2), and the "
        "pointing does not make it {quitted_by}'s{then}",
    "wrong-side-quit.attention-until-following-trick":  # 2017 L65B3
        "; a player may draw attention to a card pointed incorrectly until his side leads or plays to the "
        "following trick (L{law}).",
    "wrong-side-quit.attention": " {seat!n} drew attention to it at event {event}.",
    "wrong-side-quit.attention-in-time": " {seat!n} drew attention to it at event {event}, in time (L{law}).",
    "attention-too-late":  # 2017 L65B3, L16B
        "{seat!n} drew attention to trick {trick}'s cards pointed incorrectly at event {event}, after his side had "
        "played to trick {following}: the right had expired (L{law}); what the remark tells his partner may be "
        "unauthorized information (L16B).",
    "mixed-after-claim.claiming-side":  # L66D
        "{seat!n}, of {side}, mixed his cards at event {event} after his side claimed that {accused!n} revoked "
        "(event {claimed}): the Director can no longer ascertain the facts and rules for the other side (L66D): a "
        "revoke the record does not show is not found.",
    "mixed-after-claim.accused-side":  # L66D
        "{seat!n} mixed his cards at event {event} after {side} claimed that {accused!n} revoked (event "
        "{claimed}): the Director can no longer ascertain the facts and rules for {side} (L66D).",
    "revoke.proven-by-mixing":  # 1912 L87 (the tricks); duplicate L66D (his cards)
        " The revoke is taken as proven: {seat!n} mixed {tricks:?the tricks|his cards} at event {event} after the "
        "claim (L{law}).",
    "dummy-attention.during-play":  # L43A1(b), L43B1, L90
        "Dummy ({seat!n}) drew attention to an irregularity at event {event}, during the play: dummy may not "
        "(L43A1(b), L{law}) and is liable to penalty under L90 (L43B1); the irregularity itself is ruled as it is.",
    "played-cards-disturbed":  # L65D
        "{seat!n} disturbed the order of his played cards at event {event}, before the number of tricks won was "
        "agreed: he jeopardizes his side's right to claim ownership of doubtful tricks and to claim or deny a "
        "revoke (L65D).",
    "looked-at-quitted-trick.duplicate":  # L66C
        "A card was {named:?named in|taken back from} a quitted trick at event {event} without the Director's "
        "instruction to inspect the played cards: until play ceases quitted tricks may not be inspected otherwise "
        "(L66C).",

    # A revoke under the Laws of Duplicate Bridge (`duplicate`: L61-L64).
    "revoke.played": "{seat!n} played {card} to trick {trick}, {suit!u} led",
    "revoke.duplicate.dummy":  # L61A, L62B2, L64B3
        "Dummy ({seat!n}) played {card} to trick {trick} holding {suit!u}: a revoke (L61A), corrected without "
        "rectification until it is established (L62B2); established, it transfers no trick (L64B3).",
    "revoke.duplicate.suspected":  # L61A
        "{played}; his hand is not known, so a revoke is suspected until a later event shows whether he held "
        "{suit!u} (L61A).",
    "revoke.duplicate.answers-for-suit":  # L61A, L62A, L63A
        "{played}; the record has him answer for {suit!u} he did not hold (a defective trick or hand): a revoke "
        "(L61A), to be corrected until it is established (L62A, L63A).",
    "revoke.duplicate.found":  # L61A, L62A, L63A
        "{played}, holding {suit!u}: a revoke (L61A), to be corrected until it is established (L62A, L63A).",
    "revoke.duplicate.twelfth-partner":  # L62D2 (2017 and 2007 cite L16C)
        " His partner {partner!n}, who has not yet played to this twelfth trick, may not choose a play suggested "
        "by the revoke card (L62D2{l16c:?; L16C|}).",
    # Who played on to the next trick, and how (L63A1).
    "revoke.who.offender": "{seat!n}",
    "revoke.who.partner": "{offender!n}'s partner {seat!n}",
    "revoke.who.dummy": "Dummy",
    "act.led": "led",
    "act.played": "played",
    "act.led-prematurely": "led prematurely",
    "revoke.established.twelfth":  # L63A1, L62D1
        "{who} {act} to trick 13 at event {event}, which establishes the revoke (L63A1); but a revoke on the twelfth "
        "trick, even established, must be corrected if discovered before the hands go back to the board (L62D1), so "
        "it stays to be corrected until the board ends.",
    "revoke.established.played-on":  # L63A1, L63B
        "{who} {act} to trick {trick} at event {event}: the revoke is established (L63A1) and may no longer be "
        "corrected; trick {revoke_trick} stands as played (L63B).",
    "revoke.established.offenders-claim":  # L63A3, L63B
        "{seat!n}, of the offending side, claimed at event {event} with the revoke uncorrected: it is established "
        "(L63A3) and trick {trick} stands as played (L63B).",
    "revoke.established.opponents-claim":  # 2017 L63A4; 2007, 1997 L63A3
        "The opponents claimed at event {event}, and the claim is taken as agreed (no objection is recorded; option "
        "opponents-claim): the revoke is established (L{law}).",
    "revoke.established.twelfth-at-cut":  # L62D1, L63A1
        "The board ended (the cut at event {event}) with the twelfth-trick revoke uncorrected: the hands are back in "
        "the board, so it can no longer be corrected (L62D1) and stands as established at event {twelfth} (L63A1).",
    "revoke.established.opponents-claim-at-cut":  # 2017 L63A4; 2007, 1997 L63A3
        "The opponents claimed at event {claimed} and the board ended (the cut at event {event}) with no objection "
        "from the offending side: the claim is agreed and the revoke established (L{law}).",
    "revoke.established.at-cut":  # L63B
        "The board ended (the cut at event {event}) with the revoke uncorrected: it can no longer be corrected and "
        "trick {trick} stands as played (L63B).",
    "election-without-penalty.nothing-to-answer":
        "{seat!n} elected '{elected!w}' at event {event}, but there is {what} open to it at that moment "
        "(L{laws!l}): none was made, or its choice was made already. The line is recorded and has no effect.",
    # What an election of the duplicate codes finds nothing open to (`duplicate.NOTHING_TO_ANSWER`).
    "nothing-to-answer.lead-out-of-turn": "no lead out of turn",  # L53-L56
    "nothing-to-answer.lead-or-penalty-card": "no lead out of turn nor a penalty card left unplayed",  # L53-L56, L52B1
    "nothing-to-answer.penalty-card": "no penalty card",  # L50D2
    "nothing-to-answer.choice-of-penalty-cards": "no choice between penalty cards",  # L51
    "nothing-to-answer.penalty-card-unplayed": "no penalty card left unplayed",  # L52B2
    "nothing-to-answer.penalty-card-or-premature": "no penalty card nor a premature lead or play",  # L50D2, L51, L57A
    "nothing-to-answer.premature": "no premature lead or play",  # L57A
    "election-not-in-code.duplicate":  # L64A, L64C
        "{seat!n} elected '{choice}' at event {event}, but this hand is ruled under the Laws of Duplicate Bridge "
        "({ruleset}), which give no penalty election: an established revoke transfers tricks at the end of the play "
        "(L64A) and the Director restores equity beyond them (L64C). The line is recorded and has no effect.",
    "late-correction.duplicate":  # L63B
        "{seat!n} took back {card} at event {event}, but the revoke was already {status} (event {status_event}): it "
        "may no longer be corrected and trick {trick} stands as played (L63B); the card put in its place goes back "
        "to his hand.",
    "revoke.corrected.both-sides":  # 2017 L62C3
        "{seat!n} withdrew {card} at event {event}: both sides revoked on trick {trick} and only one side had played "
        "to the next, so both revokes must be corrected{established:? (this one was established)|} (L62C3)"
        "{defender:?; the card becomes a penalty card.|.}",
    "revoke.corrected.faced-card":  # L62B2
        "{seat!n} withdrew {card} at event {event}, a penalty card face up when he played it, and substitutes a legal "
        "card without further rectification (L{law}, L62B2); the {card} stays a penalty card (L{penalty_law})."
        "{may_take_back}",
    "revoke.corrected.penalty-card":  # L62B1, L50
        "{seat!n} withdrew {card} at event {event} and must substitute a legal card (L{law}); the withdrawn card "
        "becomes a major penalty card (L62B1, L50).{may_take_back}",
    "revoke.corrected.without-rectification":  # L62B2
        "{who} withdrew {card} at event {event} and substitutes a legal card, without further rectification (L{law}, "
        "L62B2).{may_take_back}",
    # L62C1: "each member of the non-offending side may, without rectification, withdraw any card he
    # played after the revoke"
    "revoke.may-take-back.non-offenders":
        " Those of the non-offending side who played after him may take back their cards (L62C1).",
    "revoke.may-take-back.defenders": " The defenders who played after may take back their cards (L62C1).",

    # A revoke, and a question and its answer, under the 1912 code (`revokes`: L63, L73, L78, L83-L87),
    # and the revokes the duplicate codes deem (L61A).
    "revoke.option-disobeyed":  # duplicate L61A
        "{seat!n} {act} {card} to trick {trick} although declarer {required} (L{law}, event {at}) and he was able "
        "to comply: a revoke (L61A), to be corrected until it is established (L62A, L63A).",
    "direction.penalty-card": "his penalty card {card}",
    "revoke.penalty-card-not-played":  # duplicate L61A, L52, L63A, L64B3
        "{seat!n} played {card} to trick {trick} with his penalty card {penalty_card} on the table, which he was "
        "able to play and had to play {required}: a revoke (L61A), rectified by declarer's choice of L52B (he may not "
        "withdraw the card himself, L52A) until it is established (L63A); established, it transfers no trick "
        "(L64B3).",
    "revoke.1912.dummy":  # L63
        "Dummy ({seat!n}) played {card} to trick {trick} holding {suit!u}: no penalty (L63); it may be corrected "
        "until the trick is turned and quitted.",
    "revoke.1912.unknown-card":  # L83
        "{played}; a card not known he played before may have been his last of {suit!u}, so a revoke is suspected "
        "until a later event shows whether he held {suit!u} (L83).",
    "revoke.1912.suspected":  # L83
        "{played}; his hand is not known, so a revoke is suspected until a later event shows whether he held "
        "{suit!u} (L83).",
    "revoke.1912.answers-for-suit":  # L83 (L82, L38: the suit deemed held)
        "{played}; he answers for {suit!u} he did not hold (L{via!l}): a revoke (L83), correctable until it is "
        "established.",
    "revoke.1912.found":  # L83
        "{played}, holding {suit!u}: a revoke (L83), correctable until it is established.",
    "revoke.who.himself": "himself",
    "revoke.who.his-partner": "his partner {seat!n}",
    "revoke.established.direction-not-obeyed":  # L73
        "{seat!n} did not obey the direction ({direction}) and the offending side {act} to trick {trick} at event "
        "{event} before it was corrected (L73).",
    "revoke.established.after-question":  # L85, L83
        "{seat!n}'s partner asked 'having none?' in time, but {who} {act} to trick {trick} at event {event}: "
        "correction is no longer open (L85, L83).",
    "revoke.established.played-on-1912":  # L83
        "{seat!n}{partner:?'s partner|} {act} to trick {trick} at event {event} (L83).",
    # How a trick was quitted.
    "trick.quitted-implicitly": "counted as turned and quitted by its rightful winners (§2K.9)",
    "trick.quitted-by": "turned and quitted by {side}",
    "revoke.established.dummy-quitted":  # L63
        "Trick {trick} was {how} at event {event}: dummy's revoke stands as played, with no penalty (L63).",
    "revoke.established.direction-quitted":  # L73
        "Trick {trick} was {how} at event {event} before the direction was obeyed (L73).",
    "revoke.established.quitted":  # L83
        "Trick {trick} was {how} at event {event}{implicit:?|, its rightful winners} (L83).",
    "revoke.established.hand-over":  # L63, L73, L83
        "At event {event} {claim:?the play ended with a claim|the cards were cut for the next deal} with the revoke "
        "uncorrected: it stands (L{law}).",
    "question-to-opponent":  # L85, L60a
        "{seat!n} asked {asked!n} 'having none?': L85 gives that question to a partner (and L60a to dummy toward "
        "declarer) only; it does not suspend the establishment of a revoke.",
    "question-to-opponent.dummy-draws-attention":  # L61, Case 11
        " Dummy has drawn attention to the adversary's failure to follow: declarer loses its penalty (L61, Case 11).",
    "revoke.remark.asked-after-established":  # L85
        "{seat!n} asked 'having none?' at event {event}, after the revoke was established at event {established}: "
        "too late to correct it (L85).",
    "revoke.remark.asked-after-quit":  # L85
        "{seat!n} asked 'having none?' at event {event}, after trick {trick} was quitted: too late to suspend its "
        "establishment (L85).",
    "revoke.asked-in-time":  # L85
        "{seat!n} asked 'having none?' at event {event}, before trick {trick} was quitted: quitting it will not "
        "establish the revoke, which may be corrected unless the answer is 'no' or the offending side plays on "
        "(L85).",
    "answer-without-question":  # L85
        "{seat!n} answered '{answer}' at event {event}, but no 'having none?' was put to him: the answer is recorded "
        "and has no effect on a revoke (L85).",
    "revoke.established.wrong-no":  # L85, §2K.1
        "{seat!n} answered 'no' to 'having none?' at event {event} although he held {suit!u}: the revoke can no "
        "longer be corrected (L85, §2K.1).",
    "revoke.answered-no":  # option wrong-no=next-trigger
        "{seat!n} answered 'no' at event {event}: no correction, established at the next L83 trigger (option "
        "wrong-no=next-trigger).",
    "revoke.remark.claimed": "{side} claimed the revoke at event {event}.",
    "revoke.remark.claimed-late":  # 1912 L84 (the code's claim deadline)
        "{side} claimed the revoke at event {event}, after the cut for the next deal (event {cut}): too late for a "
        "penalty (L{law}).",
    "revoke.remark.claimed-in-time": "{side} claimed the revoke at event {event}, before the cut for the next deal (L{law}).",
    "mixed-after-claim.1912":  # L87
        "{seat!n} mixed the tricks after {side} claimed that {accused!n} revoked (event {claimed}): the claim is "
        "upheld without proof (L87).",
    "revoke.corrected.dummy-1912":  # L63
        "Dummy's {card} was withdrawn at event {event} and the trick put right: no penalty (L63).",
    "revoke.corrected.deemed":  # L73
        "{seat!n} corrected the card at event {event}, before the trick was quitted: no revoke penalty (L73).",
    "revoke.corrected.lead-out-of-turn":  # L78
        "{seat!n} took back {card} at event {event}: it was played to a lead out of turn that not all three others "
        "had followed, so it is taken back without penalty; only the original offender may be penalised (L78).",
    "revoke.corrected.1912":  # L86
        "{seat!n} withdrew {card} at event {event} and must follow suit; those who played after him may take back "
        "their cards, which are not exposed (L86).",
    "late-correction.answered-no":  # L85
        "{seat!n} took back {card} at event {event}, but he had answered 'no' to 'having none?' (event {answered}): "
        "correction is no longer open (L85).",
    "late-correction.1912":  # L83
        "{seat!n} took back {card} at event {event}, but the revoke was already {status} (event {status_event}): it "
        "cannot be corrected now; the trick stands as played (L{law}), and the card put in its place goes back to "
        "his hand.",
}
