"""What a code of laws answers where the codes differ (`Code`). Every answer is a class attribute,
named for what it decides; its comment names the law. The laws a code shares with the others of
its family are its family's (`Code.family`, `family.LawFamily`)."""

from __future__ import annotations

from typing import ClassVar

from bridge.rulesets import Ruleset
from bridge.terms import Election, StrEnum

from .family import LawFamily, PlayAfterClaim


class BothSidesRevoked(StrEnum):
    """When both sides' revokes on a board spare each the trick transfer (duplicate L64B7)."""

    ESTABLISHED = "established"  # 2017: "and both revokes have become established"
    REVOKED = "revoked"  # 2007: "when both sides have revoked on the same board", established or not


class PlacedCardRevoke(StrEnum):
    """Whom the Director's placing of a card on a defective trick deems to have revoked on it
    (duplicate L67B1)."""

    ALWAYS = "always"  # 2017: with a card of the suit led or without
    # 1997: only when he holds no card of the suit led; with one, he must place it, and there is no
    # penalty.
    VOID = "void"


class MisinformedRetractionUntil(StrEnum):
    """How long a card played after a mistaken explanation of an opponent's call or play may be
    retracted without further rectification (duplicate L47E2(a))."""

    NO_CARD_AFTER_IT = "no-card-after-it"  # 2017: "if no card was played after it"
    NO_CARD_TO_ITS_TRICK = "no-card-to-its-trick"  # 2007: "no card was subsequently played to that trick"


class Code:
    """A code of laws, as the rulings ask it. Instances are the values `code_of` gives; they hold
    nothing but their class's answers."""

    # The ruleset of this code (bridge.rulesets): its name, its title and its options.
    ruleset: ClassVar[Ruleset]

    # -- the family
    # The family of codes whose laws this code shares, the judge's steps under them (where the
    # codes of one family differ, the answers below say how): the 1912
    # family (`projections.rulings.laws_1912`: the revoke by L81-L91, a quit establishing, a
    # penalty elected, "having none?" suspending; a lead out of turn by L76-L78, declarer calling a
    # suit or treating the card as exposed; a card exposed by L65-L68, liable to be called; several
    # and surplus cards by L70, L82; a claim by L72, a claim not accepted played out and no one
    # adjudicating) or the duplicate family (`projections.rulings.laws_duplicate`: the revoke by
    # L61-L64, corrected, established by a play to the next trick or a claim, tricks transferred at
    # the end of the play; a lead out of turn by L53-L56, accepted, or retracted to the correct
    # hand; an exposed card a major or minor penalty card by L49-L52, the partner's leads
    # restricted; premature leads and plays by L57, L60; two cards at once by L58B2; a claim by
    # L68-L71, play suspended, a doubt adjudicated by the Director, agreement withdrawn, a concession
    # cancelled). `projections.rulings.judge` runs the family's laws the code names.
    family: ClassVar[LawFamily]

    # -- the revoke
    # A revoke established by the opponents' claim once agreed: the law that says so (2017 L63A4;
    # 2007, 1997 L63A3); None where no claim establishes (the 1912 code).
    opponents_claim_law: ClassVar[str | None] = None
    # Both sides' revokes on one trick, only one side having played to the next: both corrected,
    # the established one too (2017 L62C3).
    corrects_both_sides_on_one_trick: ClassVar[bool] = False
    # The partner of a defender who revoked on trick 12 may not choose a play the revoke card
    # suggests: cited with L16C (2017 L62D2) or alone.
    twelfth_trick_cites_l16c: ClassVar[bool] = False
    # A revoke claimed after the cut for the next deal is too late for a penalty (1912 L88); None:
    # the code sets no such deadline on the claim itself.
    claim_deadline_law: ClassVar[str | None] = None

    # -- what an established revoke costs
    # A penalty elected by the non-offenders (1912 L84: points or tricks), or none.
    elects_revoke_penalty: ClassVar[bool] = False
    # Tricks transferred at the end of the play (L64A), less the L64B exceptions.
    transfers_tricks: ClassVar[bool] = False
    # L64B2, a subsequent revoke in the same suit by the same player: barred only when the first
    # was established (2017), or whatever became of the first (2007).
    subsequent_revoke_needs_first_established: ClassVar[bool] = True
    # L64B7, both sides revoked on the board (`BothSidesRevoked`): ESTABLISHED (2017: both revokes
    # established), REVOKED (2007: established or not), None (no such exception).
    both_sides_revoked: ClassVar[BothSidesRevoked | None] = None
    # The Director's adjustment when the transfer does not make good the damage (L64C), and
    # whether the code spells out the two cases of L64C2 (2017).
    equity_law: ClassVar[str | None] = None
    equity_cases: ClassVar[bool] = False
    # L64A2's further trick won later by the offender with a card he could have played to the
    # revoke trick (1997).
    legal_card_trick: ClassVar[bool] = False

    # -- the words
    # What the words call the choices an irregularity opens to the other side: the 1912 code's
    # "penalty" (L84, L86); the Laws of Duplicate Bridge's "rectification" (L10, L11).
    remedy_label: ClassVar[str] = "Penalty"

    # -- leads out of turn
    # No lead out of turn to the thirteenth trick may be accepted (2017 L53A "prior to the
    # thirteenth trick").
    no_acceptance_at_trick_13: ClassVar[bool] = False
    # The paragraph by which a play to declarer's irregular lead by the defender on its right lets
    # the lead stand (2017 L53C, 1997 L53B).
    premature_play_to_declarers_lead: ClassVar[str] = "53C"
    # The paragraph by which the opponent whose lead it was makes his proper lead over declarer's
    # irregular one (2017 L53B; 2007, 1997 L53C).
    proper_lead_over_irregular: ClassVar[str] = "53B"
    # The defenders choosing differently on declarer's lead out of turn, the one next in turn to
    # it prevails (L55A, from 2007); under 1997 the first acceptance made the lead correct.
    next_in_turn_prevails: ClassVar[bool] = True

    # -- penalty cards
    # The paragraph by which declarer designates which of several penalty cards is played (2017
    # L51A; 2007, 1997 L50D1).
    designates_penalty_card_law: ClassVar[str] = "50D1"

    # -- premature leads and plays
    # Declarer's options on a defender's premature lead or play (L57A): 2017's four (a card of
    # another suit required, "lead", was added in 2017); empty where the code rules none (1912).
    premature_options: ClassVar[tuple[Election, ...]] = ()

    # -- the defective trick
    # A card put to a trick its player missed, once a player of each side has played to the
    # following trick, is placed there by the Director and does not affect who won it (duplicate
    # L67B1); the 1912 code counts it as any card (L81).
    placed_card_owns_nothing: ClassVar[bool] = False
    # Whom the Director's placing of the card deems to have revoked on the defective trick
    # (L67B1, `PlacedCardRevoke`): ALWAYS (2017: with a card of the suit led or without), VOID
    # (1997: only when he holds no card of the suit led; with one, he must place it, and there is
    # no penalty); None where the code has no such rule (1912: L81).
    placed_card_revoke: ClassVar[PlacedCardRevoke | None] = None
    # The law by which a player answers for a revoke with a surplus card he left in a trick, as
    # though he still held it (1912 L82; duplicate L67B2: the card restored "is deemed to have
    # belonged continuously to the offender's hand").
    surplus_card_law: ClassVar[str] = "82"
    # The law by which a hand dealt short answers for a revoke with its missing card, as though it
    # held it (1912 L38; duplicate L14B4: the card found "is deemed to have belonged continuously to
    # the deficient hand").
    missing_card_law: ClassVar[str] = "38"
    # The paragraph that forbids dummy to draw attention to an irregularity during the play beside
    # L43A1(b) (2017 L9A4; 2007 L9A3); None where the code has no such limitation (1912: L61 bars the
    # penalty instead).
    dummy_attention_law: ClassVar[str | None] = None

    # -- the arrangement of tricks
    # The paragraph giving a player the right to draw attention to a card pointed incorrectly until
    # his side leads or plays to the following trick (2017 L65B3); None where the code has none
    # (1997, the 1912 code).
    pointing_attention_law: ClassVar[str | None] = None

    # -- claims
    # What a card played after a claim makes of it (`family.PlayAfterClaim`: VOID, 1912 L72;
    # VOID_IF_DOUBTED, 2017 L68D2(b); EVIDENCE, 2007 L70D3; VOIDED, 1997 L68D), read by
    # `rulings.claims.PLAYED_ON` and the family's words after the card, `LawFamily.claims.played_on`.
    play_after_claim: ClassVar[PlayAfterClaim] = PlayAfterClaim.VOID
    # How long a card played after a mistaken explanation of an opponent's call or play may be
    # retracted (duplicate L47E2(a), `MisinformedRetractionUntil`): until a card is played after it
    # (2017), or to its trick (2007).
    misinformed_retraction_until: ClassVar[MisinformedRetractionUntil] = MisinformedRetractionUntil.NO_CARD_AFTER_IT
    # Whether a card led or played out of turn and retracted after misinformation (L47E1) still
    # established a revoke of its side when it was played (L63A1): 2017 says "Law 63A1 does not
    # apply"; the 2007 text found says nothing of it.
    misinformed_card_establishes: ClassVar[bool] = False
    # The paragraph that sends a doubted claim to the Director (2017 L68D2; 2007 L68D, unnumbered).
    claim_doubted_law: ClassVar[str] = "68D2"

    # -- the Director's adjusted score
    # The law that gives the Director an adjusted score of the board (duplicate L12C: after an
    # irregularity, L64C, L16, L55C, ...): an `adjust` line then replaces the score; None where the
    # code gives no one that power (1912: the line is recorded and changes nothing).
    adjusted_score_law: ClassVar[str | None] = None

    # -- the score
    # The board scored by duplicate scoring (L77) rather than by the 1912 code's tables.
    scores_the_board: ClassVar[bool] = False

    # -- the other irregularities
    # The kinds of irregularity this code's own rulings rule; every other one is ruled by the code
    # `others_ruled_by` names, and says so (`"code"` in the rulings JSON). None: it rules them all.
    own_irregularities: ClassVar[frozenset[str] | None] = None
    others_ruled_by: ClassVar[str | None] = None

    # -- the words
    # The codes whose law summaries it reads (projections.rulings.summaries), itself first.
    summaries_from: ClassVar[tuple[str, ...]]

    @property
    def name(self) -> str:
        """The ruleset's name (bridge.rulesets), which a hand line names."""
        return self.ruleset.name

    def rules(self, kind: str) -> bool:
        """Whether this code's own rulings rule an irregularity of this kind."""
        return self.own_irregularities is None or kind in self.own_irregularities

    # A value: two of one code are equal (by its name); copied as itself, pickled as its class.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Code) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __copy__(self) -> "Code":
        return self

    def __deepcopy__(self, memo: dict) -> "Code":
        return self

    def __reduce__(self) -> tuple:
        return type(self), ()

    def __repr__(self) -> str:
        return f"<code of laws {self.name}>"
