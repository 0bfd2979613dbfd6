"""What the rulings keep beside the table: each revoke and where it stands, the other
irregularities, the penalty directions in force and the cards exposed. Values only; the steps
that change them are the seams' (`revokes`, `irregularities`, `directions`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bridge.cards import SEAT_NAMES, Card, side_of
from bridge.terms import Election, StrEnum

from .sentences import Said, irregularity_penalty_said, said, said_all, say


def name(seat: str) -> str:
    return SEAT_NAMES[seat]


class RevokeStatus(StrEnum):
    """Where a revoke stands: open to correction until an act of the laws establishes it (1912 L83:
    the trick quitted; duplicate L63A: a play to the next trick, a claim), corrected in time (1912
    L83, duplicate L62), or established, its penalty due (1912 L84, duplicate L64). The rulings
    show a revoke whose revoker's hand is not known as suspected, wherever it stands."""

    CORRECTABLE = "correctable"
    CORRECTED = "corrected"
    ESTABLISHED = "established"
    SUSPECTED = "suspected"  # (shown only: the revoke not proven, `Revoke.proven`)


class RevokeKind(StrEnum):
    """What a revoke is: a player's failure to follow suit when able (1912 L83; duplicate L61A),
    dummy's (1912 L63: no penalty, standing once the trick is quitted; duplicate L61A, L64B3: a
    revoke, spared the trick transfer), or one the laws deem, the card he had to play not played
    (1912 L73, a penalty direction not obeyed; duplicate L61A with L52, a penalty card not played,
    and L67B1, a defective trick)."""

    REVOKE = "revoke"
    DUMMY = "dummy"
    DEEMED = "deemed"


@dataclass
class Revoke:
    """A failure to follow suit, or a deemed revoke (L73), and where it stands."""

    seat: str
    trick: int
    card: Card
    suit: str  # the suit led, not followed
    event: int
    kind: RevokeKind = RevokeKind.REVOKE
    via: list[str] = field(default_factory=list)  # L82 or L38 when the suit is only deemed held
    proven: bool = True  # False while the revoker's hand is not known (suspected)
    ruled_out_at: int | None = None
    status: RevokeStatus = RevokeStatus.CORRECTABLE  # never SUSPECTED: that is `proven`
    status_event: int | None = None
    laws: list[str] = field(default_factory=list)
    # What the rulings say of it, sentence after sentence (`sentences`: its explanation).
    said: list[Said] = field(default_factory=list)
    asked_at: int | None = None  # a proper "having none?" (L85, L60a)
    suspended_by: int | None = None  # ... asked before the quit: quitting does not establish
    answered_no_at: int | None = None
    elected: Election | None = None
    barred_61_at: int | None = None
    claimed_at: int | None = None
    direction: Said | None = None  # what the penalty direction not obeyed required (L73)
    to_a_lead_out_of_turn: bool = False  # taken back under L78: no penalty but the offender's (L78)
    # The failure to follow was the card named surplus (`surplus`): the law that put the trick right,
    # "70" (declarer's pick: its penalty is the exposure, not L86's), "64" (dummy) or "82".
    named_surplus: str | None = None
    # The Laws of Duplicate Bridge (`rulings.duplicate`): a revoke on the twelfth trick played on to
    # trick 13 is established but must still be corrected (L62D1); an opponent's claim establishes
    # it once agreed, which the record shows as the board ending (L63A4; 1997: L63A3).
    twelfth_at: int | None = None
    opponents_claim_at: int | None = None
    faced: bool = False  # he held a penalty card of the suit led, face up: L64B3 spares the transfer
    # The revoke card was itself a defender's faced card (a penalty card lying face up): withdrawn,
    # it is replaced without further rectification and stays a penalty card (L62B2).
    faced_card: Exposed | None = None
    # Duplicate L61A, L52: the penalty card he failed to play when the law required it. Such a
    # revoke is rectified by declarer's choice of L52B (accept, or substitute), never withdrawn
    # on its player's own initiative (L52A); established, it transfers no trick (L64B3).
    penalty_card: Exposed | None = None
    # What else the record says of this revoke and the laws let pass without changing where it
    # stands (a question asked too late, the revoke claimed): (event, what is said of it).
    remarks: list[tuple[int, Said]] = field(default_factory=list)

    @property
    def side(self) -> str:
        return side_of(self.seat)

    @property
    def explanation(self) -> str:
        """What the rulings say of this revoke, in words (`sentences`)."""
        return said_all(self.said)

    def remarks_said(self) -> list[tuple[int, str]]:
        """The remarks in words: (event, sentence)."""
        return [(n, say(s)) for n, s in self.remarks]

    @property
    def open(self) -> bool:
        return self.status == RevokeStatus.CORRECTABLE and self.ruled_out_at is None


class IrregularityKind(StrEnum):
    """What an irregularity of the play is, as the rulings name it (the `kind` of the JSON's
    irregularities, the key the words and the report read). The laws are the 1912 code's (Lnn) and
    the Laws of Duplicate Bridge's (dup. Lnn)."""

    # Leads and plays out of turn, and cards played at once.
    LEAD_OUT_OF_TURN = "lead-out-of-turn"  # L76-L78; dup. L53-L56
    PLAY_OUT_OF_TURN = "play-out-of-turn"  # L80
    PREMATURE_PLAY = "premature-play"  # dup. L57
    PLAYED_AGAIN = "played-again"  # a card taken back and played again, kept in its trick
    SEVERAL_CARDS = "several-cards"  # L64, L70, L82; dup. L58
    FIFTH_CARD = "fifth-card"  # dup. L45E
    # Cards exposed and penalty cards.
    CARD_EXPOSED = "card-exposed"  # L65-L67
    DECLARER_CARD_EXPOSED = "declarer-card-exposed"  # dup. L48A
    PENALTY_CARD_LEAD = "penalty-card-lead"  # dup. L50D2, L51B
    PENALTY_CARD_LEAD_DISOBEYED = "penalty-card-lead-disobeyed"  # dup. L50D2
    PENALTY_CARD_CHOICE = "penalty-card-choice"  # dup. L51A
    PENALTY_CARD_NOT_PLAYED = "penalty-card-not-played"  # dup. L52
    PENALTY_CARD_WITHDRAWAL = "penalty-card-withdrawal"  # dup. L52A
    PICK_FORCES_REVOKE = "pick-forces-revoke"  # L74
    # Cards taken back.
    ILLEGAL_RETRACTION = "illegal-retraction"  # dup. L47F2
    CARD_NOT_NAMED = "card-not-named"  # dup. L45D
    RETRACTION_AFTER_CARD_NOT_NAMED = "retraction-after-card-not-named"  # dup. L45D
    MISINFORMED_RETRACTION = "misinformed-retraction"  # dup. L47E
    LATE_CORRECTION = "late-correction"  # a revoke corrected too late: L83, L85; dup. L63B
    # The tricks: defective, quitted, inspected, mixed; a hand dealt short.
    MISSED_TRICK = "missed-trick"  # L81; dup. L67
    NOTHING_TO_PUT_RIGHT = "nothing-to-put-right"  # L81; dup. L67A1
    LEFTOVER_CARD = "leftover-card"  # L81
    SURPLUS_CARD = "surplus-card"  # L82; dup. L67A2, L67B2
    SURPLUS_NAMED = "surplus-named"  # L82; dup. L58B2, L67
    SHORT_HAND = "short-hand"  # L38; dup. L14B
    MISSING_CARD_FOUND = "missing-card-found"  # L38; dup. L14B2
    WRONG_SIDE_QUIT = "wrong-side-quit"  # L83; dup. L65B
    ATTENTION_TOO_LATE = "attention-too-late"  # dup. L65B3, L16B
    LOOKED_AT_QUITTED_TRICK = "looked-at-quitted-trick"  # L90; dup. L66C
    TAKEN_FROM_QUITTED_TRICK = "taken-from-quitted-trick"  # L90
    PLAYED_CARDS_DISTURBED = "played-cards-disturbed"  # dup. L65D
    MIXED_AFTER_CLAIM = "mixed-after-claim"  # dup. L66D
    # Attention drawn, remarks, questions.
    DUMMY_ATTENTION = "dummy-attention"  # L61; dup. L9A, L43A1
    ATTENTION_TO_TRICK = "attention-to-trick"  # L92
    REMARK_ABOUT_THE_PLAY = "remark-about-the-play"  # L93
    QUESTION_TO_OPPONENT = "question-to-opponent"  # L85; L60, L61 for dummy
    ANSWER_WITHOUT_QUESTION = "answer-without-question"  # L85
    # Elections.
    ELECTION_NOT_THEIRS = "election-not-theirs"
    ELECTION_WITHOUT_PENALTY = "election-without-penalty"
    ELECTION_NOT_IN_CODE = "election-not-in-code"  # dup. L64: a revoke's rectification is no one's choice
    # Claims and concessions.
    NO_CLAIM = "no-claim"
    CLAIM_DOUBTED = "claim-doubted"  # L72; dup. L68, L70
    CLAIM_PLAYED_OUT = "claim-played-out"  # L72; dup. L68D
    CLAIM_AGREED = "claim-agreed"  # dup. L69
    CLAIM_AGREEMENT_WITHDRAWN = "claim-agreement-withdrawn"  # dup. L69B
    CONCESSION_OBJECTED = "concession-objected"  # dup. L68B2
    CONCESSION_CANCELLED = "concession-cancelled"  # dup. L71
    ADJUDICATION_NOT_IN_CODE = "adjudication-not-in-code"  # L72: no one adjudicates
    # The record.
    NO_CONTRACT = "no-contract"
    ADJUSTMENT_NOT_IN_CODE = "adjustment-not-in-code"


@dataclass
class Irregularity:
    kind: IrregularityKind
    seat: str | None
    event: int
    laws: list[str]
    # What the rulings say of it, sentence after sentence (`sentences`): one when it is found, more
    # as the record goes on (a choice made, a card that put it right).
    said: list[Said]  # (given one `Said`, a list of it)
    trick: int | None = None
    elector: str | None = None
    options: list[Election] = field(default_factory=list)
    elected: Election | None = None
    target: str | None = None  # the seat a direction would bind (L80: second hand)
    side: str | None = None  # the side that did it, when no one seat did (a trick quitted by NS)
    chosen_by: str | None = None  # who made the election, where either of a side may (L55A)
    elected_at: int | None = None  # the event of the election
    suit: str | None = None  # the suit a lead election requires or prohibits (L50D2)
    in_force: bool = False  # a prohibition still binding: its seat has kept the lead (L50D2)
    settled: bool = False  # a substitution required (L52B2) made
    designated: str | None = None  # the penalty card declarer designated to be played (L51A)
    # A judgment the code leaves to the Director (L70: a doubted claim): the law, who judges, and
    # the judgment once given ({"event", "tricks", "line", "by"}), never one made up here.
    judgment: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        if isinstance(self.said, Said):  # (one sentence, as most are found)
            self.said = [self.said]

    @property
    def explanation(self) -> str:
        """What the rulings say of this irregularity, in words (`sentences`)."""
        return said_all(self.said)

    def add(self, key: str, **facts: Any) -> None:
        """The rulings say more of it: the sentence `key` with its facts (`sentences.said`)."""
        self.said.append(said(key, **facts))

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind, "seat": self.seat, "event": self.event, "laws": list(self.laws),
            "explanation": self.explanation,
        }
        if self.trick is not None:
            out["trick"] = self.trick
        if self.side is not None:
            out["side"] = self.side
        if self.judgment is not None:
            out["judgment"] = dict(self.judgment)
        if self.options:
            out["penalty"] = {"elector": self.elector, "options": list(self.options), "elected": self.elected,
                              "said": irregularity_penalty_said(self.options, self.target, self.kind)}
        return out


class PenaltyCardGrade(StrEnum):
    """What a defender's penalty card is under the Laws of Duplicate Bridge (L50B): major, a card
    of honour rank or one exposed through deliberate play, or any of two or more of his (its lead
    restricted, L50D), or minor, a single card below an honour exposed inadvertently (L50C)."""

    MAJOR = "major"
    MINOR = "minor"


@dataclass
class Exposed:
    """An adversary's card liable to be called, face up until it is played (L67, L75)."""

    seat: str
    card: Card
    event: int
    law: str  # the law that exposed it: 70, 76 or 86
    grade: PenaltyCardGrade | None = None  # a duplicate code's penalty card (L50B, L50C); None under 1912


@dataclass
class Premature:
    """A defender's card led or played prematurely under the Laws of Duplicate Bridge (L57A, L57D,
    L60B): taken up from its trick, face up before him (`Decided.taken_up`), until it counts in that
    trick at his proper turn (`due`) or stays a penalty card."""

    seat: str
    card: Card
    event: int
    trick: int
    irregularity: Irregularity
    to_next: bool = False  # led to the next trick before his partner played to this one (L57A)
    due: bool = True  # to count in its trick at his proper turn, if it can legally be played there
    done: bool = False  # counted there, or its rectification forfeited (L60A)
    lifted_at: int | None = None  # recorded leaving the table for his hand (`withdraw`): played again, it counts


@dataclass
class Direction:
    """A penalty direction elected by declarer, binding one adversary (L73 lists these)."""

    seat: str
    choice: Election  # highest · lowest · win · lose · lead · forbid · call
    event: int
    trick: int | None = None  # the trick it binds; None: the seat's next lead
    suit: str | None = None
    card: Card | None = None
    law: str = "73"
    done: bool = False
    played_event: int | None = None  # the card judged against it; withdrawn, the next one is judged


@dataclass(frozen=True)
class Decided:
    """What the laws decided at one event that the table is to carry out: the judge's step returns
    it (`projections.rulings.judge.step`), and `projections.moment` carries it out on the table in
    the same step (`moment.carry_out`). Each law that decides returns its decisions, and the step
    that asked it gathers them (`then`); a law that decides nothing returns None. The judge keeps
    none of it; the table is the judge's only to read."""

    # A card taken back at the event still counts in its trick (an established revoke cannot be
    # corrected, L83, duplicate L63B; a quitted trick may not be touched, L90; a retraction no law
    # allows, duplicate L47F2; a card played instead of a penalty card, L52A), and whether its
    # player owes the trick a card in its place (L86: True) or not (L90: False); None: no card kept
    # (`Table.keep_in_trick`).
    kept: bool | None = None
    # The card taken back at the event corrects a revoke that may still be corrected after cards
    # were played to a later trick (duplicate L62C3: both sides revoked on one trick; L62D1: the
    # twelfth trick): the card put in its place goes to the revoke trick, as every substitute does
    # (L62B; `Table.owe_to_trick`).
    owed_to_trick: bool = False
    # The presumed dummy becomes declarer, this seat (L54A: declarer spread his hand after a faced
    # opening lead out of turn; `Table.declarer_becomes`).
    becomes_declarer: str | None = None
    # No claim nor concession occurred (duplicate L68B2: a defender's concession his partner
    # objected to): play continues (`claims.void_claim`).
    claim_void: bool = False
    # The seats whose card played at the event is taken up from its trick, a penalty card lying
    # face up before its player (L57A, L57D, L60B; `placement.take_up`).
    taken_up: tuple[str, ...] = ()
    # The event of a premature card taken up that counts in its trick now, at its player's proper
    # turn (L57D, L50D1; `placement.put_back`).
    put_back: int | None = None
    # A premature lead to the next trick made the lead of a trick of its own with the play at the
    # event, which forfeited its rectification (L60A2): the lead's event and who forfeited
    # (`placement.lead_next`).
    lead_next: tuple[int, str] | None = None

    def then(self, later: Decided | None) -> Decided:
        """What was decided at one event: these decisions, then a later step's (None: it decided
        nothing), a later one of the same kind replacing the earlier. The judge's step gathers
        so what each law it asks returns, and the moment what each player's card of one event
        decided, two faced at once (L58A: each a play of its own, `moment.simultaneous`)."""
        if later is None or later is NOTHING:
            return self
        if self is NOTHING:
            return later
        return Decided(
            kept=later.kept if later.kept is not None else self.kept,
            owed_to_trick=self.owed_to_trick or later.owed_to_trick,
            becomes_declarer=later.becomes_declarer or self.becomes_declarer,
            claim_void=self.claim_void or later.claim_void,
            taken_up=self.taken_up + tuple(s for s in later.taken_up if s not in self.taken_up),
            put_back=later.put_back if later.put_back is not None else self.put_back,
            lead_next=later.lead_next or self.lead_next,
        )


NOTHING = Decided()  # (most events: the laws decide nothing the table must carry out)


@dataclass
class Judge:
    """The rulings' own state, beside the table."""

    revokes: list[Revoke] = field(default_factory=list)
    irregularities: list[Irregularity] = field(default_factory=list)
    directions: list[Direction] = field(default_factory=list)
    exposed: list[Exposed] = field(default_factory=list)
    claims_seen: int = 0  # the event of the last claim found played out
    # A defender's premature cards (L57, L60B): taken up from their tricks, face up before him.
    premature: list[Premature] = field(default_factory=list)
