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
"3 tricks"), `L{laws!l}` laws cited one after the other ("L50D2, L51"), `{suits!U}` suits named together ("hearts and
spades"), `{suits!O}` one of them ("spades or hearts"), `{suits!C}` each ("spades, hearts"),
`{cards!c}` cards listed ("SK, S2"); and
one choice: `{flag:?these words|those}` says the first words when the fact is true, the second
when it is false. A sentence added to what is said already carries its own leading space.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from string import Formatter
from typing import Any, Callable, Mapping

from bridge.cards import SEAT_NAMES, SUIT_NAMES
from bridge.terms import Election


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
    "U": lambda suits: " and ".join(SUIT_NAMES[s] for s in suits),  # "hearts and spades"
    "O": lambda suits: " or ".join(SUIT_NAMES[s] for s in suits),  # "spades or hearts"
    "C": lambda suits: ", ".join(SUIT_NAMES[s] for s in suits),  # "spades, hearts"
    "c": lambda cards: ", ".join(cards),  # "SK, S2"
}


# Each template read once into its pieces (`string.Formatter.parse`: the words before a fact, the
# fact, its format (a choice of words), its conversion), by its text.
_PIECES: dict[str, list[tuple[str, str | None, str | None, str | None]]] = {}


def say(s: Said) -> str:
    """The sentence `s` says, made from its template and its facts (as `str.format` makes it, with
    the game's conversions and a choice of words by a fact), once: a `Said` does not change."""
    made = s.__dict__.get("_made")
    if made is not None:
        return made
    template = SENTENCES[s.key]
    pieces = _PIECES.get(template)
    if pieces is None:
        pieces = _PIECES[template] = list(Formatter().parse(template))
    out = []
    for words, fact, spec, conversion in pieces:
        out.append(words)
        if fact is None:
            continue
        value = s.facts[fact]
        if conversion:
            value = CONVERSIONS[conversion](value)
        if spec and spec[0] == "?":  # {flag:?these words|those}
            yes, _, no = spec[1:].partition("|")
            out.append(yes if value else no)
        else:
            out.append(format(value, spec or ""))
    made = "".join(out)
    object.__setattr__(s, "_made", made)  # (a frozen value keeps what it says: said again, not made again)
    return made


def said_all(sentences: list[Said]) -> str:
    """Sentences said one after the other (each added one carries its own leading space)."""
    return "".join(say(s) for s in sentences)


# ---------------------------------------------------------------- the options of a penalty

# Each option of a penalty in words, with its amount (L84, L86, L89): what the rulings say, the
# options themselves staying the words an `elect` line takes.
REVOKE_OPTION_WORDS = {
    "84a": {Election.POINTS: "150 points to the adversaries"},
    "84b": {Election.POINTS: "150 points", Election.TRICKS: "three tricks"},
    "84c": {Election.POINTS: "100 points to the other side"},
    "89": {Election.POINTS: "100 points to the other side"},
    "86": {Election.EXPOSED: "the card exposed", Election.HIGHEST: "his highest of the suit led",
           Election.LOWEST: "his lowest of the suit led"},
}


def revoke_penalty_said(law: str, options: list[Election]) -> str:
    """A revoke's penalty in words: its options, each with its amount, joined by "or"."""
    words = REVOKE_OPTION_WORDS.get(law, {})
    return " or ".join(words.get(o, o) for o in options)


# Each option of an irregularity's penalty in words (a penalty with what it gives, not only
# its name): `{target}` is the seat a direction binds (L80, L92: second hand, the partner),
# `{leader}` the side that next leads; the options stay the words an `elect` line takes. They are
# joined by "or" (`irregularity_penalty_said`): the duplicate codes' options hold no comma of their
# own (a parenthesis says the rest), so that where one ends is plain; the 1912 code's are as they
# have always been written.
IRREGULARITY_OPTION_WORDS = {
    Election.EXPOSED: "the card treated as exposed, liable to be called",
    Election.LEAD: "a suit called from the adversary who next leads",
    Election.HIGHEST: "{target} to play his highest of the suit led",
    Election.LOWEST: "{target} to play his lowest of the suit led",
    Election.WIN: "{target} to win the trick",
    Election.LOSE: "{target} to lose the trick",
    Election.FORBID: "{target} forbidden to lead the suit of the card exposed",
    Election.NEW_DEAL: "a new deal",
    Election.ACCEPT: "the lead accepted as a correct lead",
    Election.RETRACT: "the lead retracted and {target} to lead",
    Election.SPREAD: "declarer's hand spread (he becomes dummy and his partner declarer)",
    Election.STAND: "the deal to stand, the leftover card counted to the short trick",
    Election.SUBSTITUTE: "the penalty card played in its place (the card played then a major penalty card)",
    Election.CALL: "the penalty card he plays designated by declarer",
}
# Where one word means another thing for another incident (the duplicate codes' penalty cards), by
# the irregularity's kind (`state.IrregularityKind`: tests/test_sentences.py holds each to one).
KIND_OPTION_WORDS = {
    ("penalty-card-lead", Election.LEAD): "{target} required to lead the penalty card's suit",
    ("penalty-card-lead", Election.FORBID):
        "{target} prohibited from leading it while he keeps the lead",
    ("penalty-card-lead", Election.NONE): "neither (the penalty cards remaining)",
    ("penalty-card-not-played", Election.ACCEPT):
        "the card played accepted (the penalty card remaining one)",
    ("premature-play", Election.LEAD): "{target} required to play a card of another suit declarer names",
    ("premature-play", Election.FORBID):
        "{target} forbidden to play a card of another suit declarer names",
}


def irregularity_penalty_said(options: list[Election], target: str | None, kind: str = "") -> str:
    """An irregularity's penalty in words: its options, each in the words of its incident's kind,
    `{target}` the seat a direction binds, joined by "or"."""
    who = SEAT_NAMES.get(target or "", "the player directed")
    return " or ".join(KIND_OPTION_WORDS.get((kind, o), IRREGULARITY_OPTION_WORDS.get(o, o)).format(target=who)
                       for o in options)


# ---------------------------------------------------------------- the rulings' sentences


def register(sentences: dict[str, str]) -> None:
    """A code of laws of its own family (`projections.codes.register`) says the sentences its
    rulings say that no other code's do: added here, where every sentence is, and refused when an
    identifier is taken already (a sentence is written once)."""
    taken = sorted(set(sentences) & set(SENTENCES))
    if taken:
        raise ValueError(f"these sentences are written already: {', '.join(taken)}")
    SENTENCES.update(sentences)


# Every sentence of the rulings, by its identifier: the irregularity's kind, or "revoke", then what
# happened (tests/test_sentences.py holds every one said and every one used).
SENTENCES: dict[str, str] = {
    "full-stop": ".",  # (a sentence whose clause the laws of one code add and another's do not)
    "nothing": "",  # (... or whose sentence the laws add only in some cases)
    "seat": "{seat!n}",
    "seat.dummy": "dummy ({seat!n})",
    "suit": "{suit!u}",
    "suit.led": "the suit led",  # (the suit led not known)
    "director.by": " ({author})",  # the Director who ruled, as the record names him

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
    "revoke.remark.claimed-in-time":
        "{side} claimed the revoke at event {event}, before the cut for the next deal (L{law}).",
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

    # Premature leads and plays under the Laws of Duplicate Bridge (`premature`: L57-L60).
    "premature-play.dummy-second-card":  # L54B1, L54B2
        "Declarer played {card} from dummy as the second card to the faced opening lead out of turn he accepted, "
        "where the second card is played from his own hand (L54B1): dummy's card may not be withdrawn except to "
        "correct a revoke (L54B2).",
    "premature-play.declarer":  # L57C3
        "Declarer played {card} from {from_dummy:?dummy|his own hand} to trick {trick} before {expected!n}, whose "
        "turn it was: a premature play (not a lead) by declarer from either hand is a played card and, if legal, may "
        "not be withdrawn (L57C3).",
    "premature-play.rho-turn-legal":  # L57D, L16
        "{seat!n} played {card} to trick {trick} at his right-hand opponent {expected!n}'s turn. The card can legally "
        "be played to the trick, so it is played at his proper turn, and is no penalty card (L57D); Law 16 may apply "
        "to what it told his partner, which the Director judges.",
    "premature-play.rho-turn-illegal":  # L57D, L50, L16
        "{seat!n} played {card} to trick {trick} at his right-hand opponent {expected!n}'s turn. The card cannot "
        "legally be played to the trick, so it becomes a major penalty card (L57D, L50); Law 16 may apply, which the "
        "Director judges.",
    "premature-play.led-to-next":
        "led {card} to the next trick before his partner {partner!n} had played to trick {trick}",
    "premature-play.played-before-partner": "played {card} to trick {trick} before his partner {partner!n}",
    "premature-play.before-partner":  # L57A (2017 and 2007: also a suit required, L57A3)
        "{seat!n} {what}: the card is a major penalty card, and declarer may require {partner!n} to play the highest "
        "or the lowest card he holds of the suit led, or {another:?require him to play a card of another suit he "
        "names, or |}forbid him to play a card of another suit he names (L57A).",
    "premature-play.before-required-lead":  # L60B, L50
        "{seat!n} played {card} to trick {trick} after declarer was required to retract his lead out of turn and "
        "before he led from the correct hand: the card becomes a major penalty card (L60B, L50).",
    "premature-play.simultaneous":  # L58A
        " His card was faced at the same moment as {after!n}'s legal lead or play and is deemed subsequent to it "
        "(L58A).",
    "premature-play.forfeited":  # L60A1, L60A2
        " {seat!n} played {card} to it at event {event}, before declarer chose: the right to rectification is "
        "forfeited (L60A1), and the {premature} is treated as though led in turn, no penalty card (L60A2).",
    "premature-play.partner-played-before-choice":  # L60C
        " {seat!n} played {card} at event {event} before declarer chose: that does not affect declarer's rights, and "
        "the card may itself be subject to rectification (L60C).",
    # Why the partner could not comply with declarer's option (L57B, L59), and what he had to play.
    "premature-play.held-no-suit": "held no {suit!u}",
    "premature-play.held-no-card-of-suit-led": "held no card of the suit led",
    "premature-play.obliged-to-follow": "was obliged to follow suit to the {suit!u}",
    "premature-play.obliged-to-follow-suit-led": "was obliged to follow suit to the suit led",
    "premature-play.held-only": "held only {suit!u}",
    "premature-play.highest-lowest-card": "the {choice} card of the suit led, {card}",
    "premature-play.card-of-suit": "a card of {suit!u}",
    "premature-play.no-card-of-suit": "no card of {suit!u}",
    "premature-play.card-of-suit-named": "a card of the suit named",
    "premature-play.no-card-of-suit-named": "no card of the suit named",
    "premature-play.highest-card": "the highest card he holds of the suit led",
    "premature-play.lowest-card": "the lowest card he holds of the suit led",
    "premature-play.required": "required {failure}",
    "premature-play.could-not-comply":  # L57B, L59
        " {seat!n} could not comply ({unable}) and may play any other legal card: he played {card} at event {event} "
        "(L57B, L59).",
    "premature-play.lifted":
        " The {card} was taken back from the table at event {event}{penalty:?, a penalty card still|}; it counts in "
        "no trick until {seat!n} plays it.",
    "premature-play.played-again": " He played it at event {event}.",
    "premature-play.counts-at-turn":  # L57D, L50D1
        " At his turn (after event {event}) the {card} counts as his card to the trick.",
    "election-not-theirs.premature":  # L57A
        "{seat!n} elected '{choice}', but the option on the premature play at event {premature} is declarer's "
        "(L57A); the election is not applied.",
    "election-without-penalty.forbid-one-suit":  # L57A4
        "Declarer forbade {suits!U} at event {event}, but L57A lets him forbid one suit; the election is not "
        "applied.",
    "premature-play.option-chosen": " Declarer required {target!n} to play {what} at event {event}.",  # L57A

    # Cards exposed and penalty cards under the Laws of Duplicate Bridge (`penalty_cards`: L48-L52, L58B2).
    "declarer-card-exposed":  # L48A
        "Declarer exposed his {card} at event {event}. The Director considered it: declarer is not subject to "
        "rectification for exposing a card, and it is no penalty card (L48A); it stays in his hand.",
    "several-cards.duplicate":  # L58B2, L67A2, L50
        "{seat!n} played {cards!w} at once to trick {trick}, too many cards to one trick, rectified by L58B (L67A2): "
        "he designates the card he plays (the {card}, as recorded){defender:?; each other card exposed becomes a "
        "penalty card (L58B2, L50).|; the others are picked up without rectification (L58B2).}",
    "penalty-card-lead":  # L50D2, L51B1, L51B2
        "{seat!n} is to lead trick {trick} while his partner {partner!n}'s major penalty card{several:?s|} "
        "({cards!c}) lie{several:?|s} on the table: declarer may require him to lead {one_suit:?that suit|one of those "
        "suits} or prohibit {one_suit:?it|one or more of them} for as long as he keeps the lead, and the penalty "
        "cards of that suit are then picked up; or neither, and they remain penalty cards (L{law}).",
    "penalty-card-choice":  # 2017 L51A; 2007, 1997 L50D1
        "{seat!n} is to play to trick {trick} with penalty cards {cards!c}, each of which he may legally play: "
        "declarer designates which he plays (L{law}).",
    "penalty-card-not-played.accepted-by-play":  # L52B1(b), L52B1(c)
        " {seat!n} played at event {event}: declarer must accept the card played (L52B1(b)), and the penalty card "
        "remains one (L52B1(c)).",
    "penalty-card.accepted-by-play": "{seat!n} played at event {event}, so the card played is accepted (L52B1(b))",
    "penalty-card.accepted-by-declarer": "Declarer accepted the card played (L52B1(a))",
    "revoke.remark.card-played-accepted":  # L52A, L63A
        "{how}: it stands, so the revoke can no longer be corrected (L52A); it will be established as any revoke is "
        "(L63A).",
    # When a penalty card was to be played.
    "penalty-card.first-legal-opportunity": "at the first legal opportunity (L50D1)",
    "penalty-card.before-low-card": "before any other low card of its suit (L50C)",
    "penalty-card.as-designated": "as declarer designated it (L{law})",
    "penalty-card-not-played":  # L52B1(a), L52B2
        "{seat!n} played {card} to trick {trick} with his {grade} penalty card {penalty_card} on the table, which he "
        "had to play {when}. Declarer may accept the card played (L52B1(a)), the penalty card remaining one, or "
        "require the penalty card in its place, the card played then becoming a major penalty card (L52B2).",
    "penalty-card-not-played.designated":  # L52B1(a), L52B2
        "{seat!n} played {card} to trick {trick}, where declarer had designated his penalty card {designated} (event "
        "{elected_at}, L{law}). Declarer may accept the card played (L52B1(a)), the penalty card remaining one, or "
        "require the designated card in its place, the card played then becoming a major penalty card again "
        "(L52B2).",
    "penalty-card-lead.led-before-choice":  # L50D2, L49
        " He led {card} at event {event} before declarer stated his choice: a premature lead, subject to "
        "rectification under L49, which the Director applies (L50D2).",
    "penalty-card-lead.could-not-comply":  # L59
        " {seat!n} held no {suit!u} and could not lead as required: he may lead any other card (L59).",
    "penalty-card.lead-restricted": "{required:?required|prohibited} the lead of {suits!O}",
    "penalty-card-lead-disobeyed":  # L50D2, L51B, L61A
        "{seat!n} led {card} to trick {trick}, but declarer {restricted} at event {elected_at} (L{law}): a revoke "
        "(L61A).",
    "penalty-card.card-of-suit": "a card of {suits!O}",
    "penalty-card.no-card-of-suit": "no card of {suits!O}",
    "election-not-theirs.penalty-card":
        "{seat!n} elected '{choice}', but the choice is declarer's (L{law}); the election is not applied.",
    "penalty-card.suits": "{suits!O}",
    "penalty-card.no-suit": "no suit",
    "election-without-penalty.not-a-penalty-card-suit":  # L50D2(a), L51B
        "Declarer named {named} at event {event}, but he may require or prohibit only the suit of a penalty card "
        "({suits!C}) (L{law}); the election is not applied.",
    "penalty-card-lead.restricted":  # L50D2(a), L51B1, L51B2
        " Declarer {restricted} at event {event}: the penalty cards of {several:?those suits|that suit} are picked "
        "up.",
    "penalty-card-lead.neither": " Declarer chose neither at event {event}: the penalty cards remain (L50D2(b)).",
    "penalty-card-choice.designated": " Declarer designated the {card} at event {event}.",
    "penalty-card-choice.designated-no-card": " Declarer designated the card at event {event}.",
    "penalty-card.elected": " Declarer elected '{choice}' at event {event}.",
    "penalty-card-withdrawal":  # L52A
        "{seat!n} took back {card} at event {event} on his own initiative, having failed to play his penalty card "
        "(event {failed}): he may not (L52A). The card stays played, and declarer's choice of L52B stays open.",
    "revoke.corrected.penalty-card-substituted":  # L52B2
        " At declarer's choice the penalty card is put in its place: {card}, taken back at event {event}, becomes a "
        "major penalty card, and the revoke is corrected (L52B2).",

    # Defective tricks, too many cards, a fifth card, a hand dealt short under the Laws of Duplicate
    # Bridge (`defective`: L14B, L45E, L58B, L67).
    "missed-trick.duplicate":  # L67A1, L67B1
        "Trick {trick} was quitted without a card from {who}: a defective trick. Before a player of each side has "
        "played to the following trick it is put right by a card he can legally play (L67A1); after, the Director "
        "has a card placed among his played cards, which does not change who won the trick, and {deemed} (L67B1).",
    "missed-trick.deemed-revoke-if-void":  # 2007, 1997 L67B1
        "holding no card of the suit led he is deemed to have revoked on it (L64), else there is no penalty",
    "missed-trick.deemed-revoke":  # 2017 L67B1(b)
        "he is deemed to have revoked on it, one trick transferred under L64A2",
    "nothing-to-put-right":  # L67A1
        "{seat!n} put {card} to a trick he had omitted to play to, but no trick lacks his card: there is no defective "
        "trick to put right (L67A1), and the card is recorded as played to trick {trick}.",
    "missed-trick.supplied":  # L67A1
        " He supplied {card} at event {event}, before a player of each side had played to the following trick: the "
        "trick is put right, and the card counts in it as any card (L67A1).",
    "missed-trick.card-placed": "placed {card} among his played cards at event {event}",
    "missed-trick.left-over":
        "held {card} left over at the end of the play (event {event}): it is placed among his played cards",
    "missed-trick.played-on": " A player of each side having played on, he {what} (L67B1).",  # L67B1
    "missed-trick.holding-suit-led":  # L67B1(a)
        " Holding {suit}, he must place such a card, and there is no penalty (L67B1(a)){then}",
    "missed-trick.judged-as-his-card": "; {card} is judged as his card to the trick.",
    "missed-trick.had-to-place": "; holding {suit}, he had to place such a card",
    "revoke.defective-trick":  # L67B1(a), L67B1(b); 2017 L64A2, 2007 and 1997 L64
        "{seat!n} missed trick {trick}, {suit} led, and {what}{must}: he is deemed to have revoked on the defective "
        "trick (L67B1{of_led:?(a)|(b)}), established as ruled{always:?, one trick transferred under L64A2.|, "
        "subject to L64.}",
    "surplus-card.too-many":  # L67A2, L45E, L58B, L67B2
        "{seat!n} played {card} to trick {trick}, to which he had already played: too many cards to one trick. Before "
        "a player of each side has played to the following trick the Director rectifies it by L45E or L58B (L67A2); "
        "after, he restores the extra card to its holder's hand, who answers for a failure to have played it to an "
        "earlier trick (L67B2).",
    "fifth-card.declarer-from-dummy": "Declarer, from dummy,",
    "fifth-card.defender":  # L45E1, L50, L53, L56
        "Unless the Director deems that it was led, it becomes a penalty card (L45E1, L50); deemed led, it is the "
        "lead to trick {next}, a lead out of turn ruled by L53 and L56, or his lead in turn if the lead was his",
    "fifth-card.declarer":  # L45E2, L55
        "Unless the Director deems that it was led, it carries no rectification and goes back to the hand (L45E2); "
        "deemed led, it is declarer's lead to trick {next}, out of turn ruled by L55, or his lead in turn if the "
        "lead was his",
    "fifth-card":  # L45E, L67A2
        "{who} added {card} to trick {trick}, to which all four players had already played: a fifth card (L45E, "
        "L67A2). {outcomes}. Whether it was led is the Director's decision ('deem {event} led' or 'deem {event} "
        "not-led'), which the record does not yet hold: neither outcome is ruled until it does.",
    "fifth-card.not-led-penalty-card":  # L45E1, L50
        " At event {event} the Director{by} deemed that it was not led: it is a penalty card (L45E1, L50).",
    "fifth-card.not-led-back-to-hand":  # L45E2
        " At event {event} the Director{by} deemed that it was not led: no rectification, and it goes back to the "
        "hand (L45E2).",
    "fifth-card.led-in-turn":  # L45E
        " At event {event} the Director{by} deemed that it was led, to trick {trick}: the lead was his, so it is his "
        "lead in turn, nothing to rectify (L45E).",
    "fifth-card.led-out-of-turn":  # L45E1, L45E2
        " At event {event} the Director{by} deemed that it was led, to trick {trick}: a lead out of turn, "
        "{leader!n} having won trick {won} (L{law}).",
    "surplus-named.only-card":
        "{card} was named as {seat!n}'s surplus card, but it is his only card in its trick: nothing changes.",
    "surplus-named.designated":  # L58B2, L67A2, L50
        "{seat!n} designates {counted} as the card he plays to trick {trick} (L58B2, L67A2): the {card} "
        "{defender:?is a penalty card (L58B2, L50).|goes back to his hand without rectification (L58B2).}",
    "surplus-card.kept": "; his {card} stays in the trick",
    "surplus-card.back-in-hand":  # L67A2
        "{seat!n}'s {card}, an extra card in trick {trick}, goes back to his hand{kept}, before a player of each side "
        "had played to the following trick (L67A2).",
    "surplus-card.restored":  # L67B2
        "{seat!n} had played too many cards to trick {trick}: {card} is restored to his hand{kept}, and who won the "
        "trick does not change (L67B2). The restored card is deemed to have been in his hand throughout: a failure "
        "to play it to an earlier trick may be a revoke (L67B2).",
    "several-cards.undiscovered":  # L58B4, L67B2
        " The cards played at once were undiscovered until both sides had played to the next trick, so L67 applies "
        "(L58B4): the {card}, restored at event {event}, is no penalty card (L67B2).",
    "short-hand.duplicate":  # L14B
        "{seat!n} was dealt {cards} cards. A card missing from his hand, when found, is restored to it and deemed to "
        "have belonged to it throughout: a failure to have played it may be a revoke (L14B).",
    "missing-card-found.duplicate":  # L14B2, L14B4
        "{seat!n}'s missing {card} was found at event {event} and restored to his hand (L14B2); it is deemed to have "
        "belonged to it throughout, and it is no penalty card{then}",
    "missing-card-found.revoke": "; his failure to have played it to trick {trick} is a revoke (L{law}).",

    # The other irregularities of the play under the 1912 code, and the notices of the record
    # (`irregularities`: L38, L61, L64, L65-L70, L74, L76-L83, L90, L92, L93).
    "short-hand.1912":  # L38
        "{seat!n} was dealt {cards} cards. The deal stands; unless he is dummy he is treated as holding the missing "
        "card(s) and answers for any revoke that results (L38).",
    "lead-out-of-turn.1912.adversary":  # L76, L78
        "{seat!n} led {card} to trick {trick} when it was {expected!n}'s lead. Declarer may treat the card as exposed "
        "or call a suit from the adversary who next leads (L76); if all three others follow, the trick stands (L78).",
    "lead-out-of-turn.1912.declarer":  # L77
        "Declarer led {card} from {seat!n}'s hand to trick {trick} when the lead was in {expected!n}'s hand: no "
        "penalty, and he may withdraw it until second hand has played (L77).",
    "lead-out-of-turn.1912.stands": " All three others followed, so the trick stands as played (L78).",  # L78
    "play-out-of-turn.fourth-hand":  # L80
        "{seat!n}, fourth hand, played {card} before {second!n}, second hand: declarer may direct {second!n} to play "
        "his highest or lowest of the suit led, or to win or lose the trick (L80).",
    "play-out-of-turn.no-penalty":  # L80
        "{seat!n} played {card} to trick {trick} before {expected!n}, whose turn it was; L80 gives a penalty only when "
        "an adversary in fourth hand plays before second hand.",
    "played-again":  # L90, L83; duplicate L63B, L47F2, L52A
        "{seat!n} played {card} to trick {trick}, but the laws keep it in trick {earlier}, from which it was taken "
        "back at event {taken} (L{law}): it counts in trick {earlier}; this play is recorded as the table made it.",
    "several-cards.adversary":  # L70
        "{seat!n} played {cards!w} at once to trick {trick}: declarer picks the card that goes to the trick; the "
        "others are exposed (L70).",
    "several-cards.dummy":  # L64, L82, L63
        "{cards!w} were played from dummy ({seat!n}) at once to trick {trick}: declarer chooses which of them is "
        "played (L64); dummy answers for no revoke (L82, L63).",
    "several-cards.declarer":  # L82
        "{seat!n} played {cards!w} at once to trick {trick}: declarer's cards are never exposed, but unless "
        "corrected the player answers for any revoke that follows (L82).",
    "looked-at-quitted-trick.1912":  # L90, L82
        "A card was {named:?named in|taken back from} a quitted trick without the tricks first being counted face "
        "down; L90 lets a quitted trick be looked at only for the L82 count.",
    "taken-from-quitted-trick":  # L90
        "{seat!n} took {card} back from trick {trick}, which had been turned and quitted (event {quitted}): no one "
        "may look at a quitted trick during the play (L90), and no law lets this card be taken back: it stays in the "
        "trick as played, and he owes that trick no other card.",
    "dummy-attention.no-penalty": " Dummy drew attention to it at event {event}: no penalty (L61).",  # L61
    "dummy-attention.1912":  # L61, Case 11
        "Dummy ({seat!n}) drew attention to an incident ('{text}'): declarer loses any penalty it would have earned "
        "(L61, Case 11).",
    "attention.words": " ('{text}')",  # what he said, as the record has it
    "remark-about-the-play":  # L93
        "{seat!n} drew attention to an incident of the play{words}: unless it was a remark the laws allow (claiming "
        "a penalty, warning his partner against leading out of turn), declarer may call a suit from the adversary "
        "who next leads (L93).",
    "attention-to-trick":  # L92
        "{seat!n} drew attention to trick {trick}{words} before his partner {partner!n} had played to it: declarer "
        "may direct {partner!n} to play his highest or lowest of the suit led, or to win or lose the trick (L92).",
    "leftover-card":  # L81, §2K.6
        "{seat!n} had missed trick {trick}; his leftover card {card} counts as played to it, is not a revoke there "
        "and does not change who won it (L81, §2K.6).",
    "surplus-card.1912":  # L82
        "{seat!n} played {card} to trick {trick}, to which he had already played: unless it is restored he answers "
        "for any revoke that follows (L82).",
    "wrong-side-quit.1912":  # L83
        "Trick {trick} was turned and quitted by {quitted_by}, but its rightful winners are {winners} ({winner!n}'s "
        "{card}); a trick quitted by the wrong side does not establish a revoke in it (L83).",
    "missed-trick.1912.dummy":  # §2K.6
        "Trick {trick} was quitted without a card from dummy ({seat!n}): recorded and flagged, with no penalty "
        "(§2K.6).",
    "missed-trick.1912":  # L81
        "Trick {trick} was quitted without a card from {seat!n}: if he plays to the next trick before putting it "
        "right, {adversaries} may demand a new deal (L81); if the deal stands, his leftover card counts as played to "
        "trick {trick}.",
    "missed-trick.1912.put-right-late":  # L81
        " He put it right at event {event} ({card}), but only after playing to the next trick (L81).",
    "missed-trick.1912.put-right":  # L81
        " He put it right at event {event} ({card}) before playing to the next trick: no penalty (L81).",
    "nothing-to-put-right.1912":  # L81
        "{seat!n} put {card} to a trick he had missed, but no quitted trick lacks his card: it is recorded as played "
        "to trick {trick}.",
    "surplus-named.1912.only-card":
        "{card} was named as {seat!n}'s surplus card in trick {trick}, but it is his only card there: nothing "
        "changes.",
    # What becomes of the card named surplus (L70, L64, L82).
    "surplus-named.exposed": "once taken back it is exposed (L70)",
    "surplus-named.dummy-choice":
        "declarer chooses which of dummy's cards is played, and the other goes back to dummy's hand (L64)",
    "surplus-named.back-to-dummy": "it goes back to its holder, who, being dummy, answers for no revoke (L82)",
    "surplus-named.back-to-holder": "it goes back to its holder, who answers for any revoke he made meanwhile (L82)",
    "surplus-named.1912":
        "{card} is named as {seat!n}'s surplus card in trick {trick}: his {counted} counts in the trick; {then}.",
    "pick-forces-revoke":  # L74
        "Naming {card} surplus leaves {counted} in trick {trick}, which does not follow {suit!u} while {seat!n} "
        "played {card}: no penalty may force a player to revoke (L74): the following card should count (amend this "
        "line to name the other card).",
    "revoke.corrected.surplus-named":  # L70, L64, L82; duplicate L58B2, L67B2
        "{card} was named as {seat!n}'s surplus card at event {event}: his {counted} counts in trick {trick}, so the "
        "trick is put right (L{law}).",
    "missing-card-found.1912":  # L38
        "{seat!n}'s missing {card} was found at event {event} and is in his hand again; the deal stands, and any "
        "revoke before was judged as if he had held it (L38).",
    "card-exposed.declarers-side":  # L67
        "{seat!n}'s {card} was exposed at event {event}: declarer's side, whose cards are never liable to be called "
        "(L67); no penalty.",
    # When a card was exposed (L65, L66, L68).
    "card-exposed.before-declaration": "before the final declaration was settled",
    "card-exposed.before-opening-lead": "before the opening lead",
    "card-exposed.during-play": "during the play",
    "card-exposed":  # L65, L66, L68, L67
        "{seat!n} exposed the {card} {when}: it is liable to be called (L{law}, L67){then}",
    "card-exposed.forbid":  # L65, L66
        "; his partner {leader!n} is to lead, and declarer may forbid him to lead {suit!u} (L{law}).",
    "adjustment-not-in-code":
        "The hand's code ({code}) gives no one the power to adjust the score: the adjusted score at event {event} "
        "(under L{law}) is recorded and changes nothing; the hand is scored as played.",
    "no-contract":
        "A card is played at event {event} but no contract is recorded: who is declarer and dummy, the rotation and "
        "the penalties cannot be ruled on. Record it ('contract 4H by S', or the auction), or amend an event to it.",

    # What an established revoke transfers under the Laws of Duplicate Bridge, and why (`transfer`:
    # L64A, L64B, L64C); a transfer's reasons are said one after the other, a space between.
    "transfer.64A1":
        "{seat!n} won the revoke trick ({trick}) himself: it is transferred, with one later trick won by his "
        "side{later:?| (it won none)} (L64A1).",
    "transfer.64A2":
        "The revoke trick ({trick}) was not won by {seat!n}{in_dummy:? (a trick won in dummy is not won by "
        "declarer)|}; his side won it or a later trick: one trick is transferred (L64A2).",
    "transfer.64A2-1997":
        "He later won trick {later} with the {card}, a card he could legally have played to the revoke trick: that "
        "trick is transferred too (L64A2, 1997).",
    "transfer.only-left":
        "Only {chosen} of the {owed} is left to transfer: another revoke of his side took the rest (a trick is "
        "transferred once).",
    "transfer.64B1":
        "The offending side won neither the revoke trick ({trick}) nor any later trick: no trick is transferred "
        "(L64B1).",
    "transfer.64B2.established":  # 2017 L64B2
        "A subsequent revoke in {suit!u} by {seat!n}, whose revoke on trick {first} was established: no transfer for "
        "this one (L64B2).",
    "transfer.64B2.corrected":  # 2007 L64B2
        "A subsequent revoke in {suit!u} by {seat!n}, who revoked in it on trick {first} (corrected; L64B2 of this "
        "code does not ask that the first be established): no transfer for this one (L64B2).",
    "transfer.64B3":
        "The revoke was made in failing to play {dummy:?a card belonging to dummy|a penalty card, face up}: no trick "
        "is transferred (L64B3).",
    "transfer.64B4":
        "Attention was first drawn to the revoke at event {seen}, after the board ended (the cut at event {cut}: the "
        "next board's auction or the round's end, L64B4, L64B5): no trick is transferred.",
    "transfer.64B6": "A revoke on the twelfth trick transfers no trick (L64B6): it was to be corrected (L62D1).",
    "transfer.64B7.established":  # 2017 L64B7
        "Both sides revoked on this board and both revokes are established ({other!n}'s on trick {trick}): no trick "
        "is transferred (L64B7).",
    "transfer.64B7.revoked":  # 2007 L64B7
        "Both sides have revoked on this board ({other!n}'s revoke on trick {trick}, {status}): no trick is "
        "transferred (L64B7).",
    "transfer.64B8": "Corrected under L62C3 (both sides revoked on the trick): no trick is transferred (L64B8).",
    "transfer.corrected": "Corrected before it was established: no trick is transferred (L62).",
    "transfer.not-established": "Not established: no trick is transferred unless it becomes established (L63, L64).",
    "transfer.equity":  # L64C
        "If the Director judges the non-offending side damaged by this revoke {moved}, he assigns an adjusted score "
        "(L64C); the record does not say what would have happened without the revoke, so no number is given "
        "here.{also}",
    "transfer.equity.beyond": "beyond the {tricks!t} transferred",
    "transfer.equity.no-trick": "(it transfers no trick)",
    "transfer.equity.repeated-revoke":  # 2017 L64C2(a)
        " For a repeated revoke in one suit by one player he adjusts if the non-offending side would likely have won "
        "more tricks had the later revokes not occurred (L64C2a).",
    "transfer.equity.both-sides":  # 2017 L64C2(b)
        " Both sides having revoked, he judges equity as though neither revoke had occurred (L64C2b).",
}
