"""The World Bridge Federation's Laws of Duplicate Bridge, 2017 (ruleset `duplicate-2017`): its
revoke laws (L61-L64), its laws of the play from penalty cards to play after an illegal play
(L49-L60), and duplicate scoring (L77); what it does not rule yet is ruled by the 1912 code, and
each such ruling says so."""

from __future__ import annotations

from bridge.rulesets import DUPLICATE_2017
from bridge.terms import Election

from ..rulings.state import IrregularityKind
from .base import BothSidesRevoked, Code, PlacedCardRevoke
from .family import FamilyWhenAsked, LawFamily, PlayAfterClaim


def _duplicate_laws() -> LawFamily:
    from ..rulings.laws_duplicate import DUPLICATE_LAWS

    return DUPLICATE_LAWS


class Duplicate2017(Code):
    ruleset = DUPLICATE_2017
    family = FamilyWhenAsked(_duplicate_laws)  # L61-L64, L45-L67, L68-L71
    remedy_label = "Rectification"  # L10, L11: "rectification" of an irregularity
    opponents_claim_law = "63A4"  # 2017 splits the opponents' claim (A4) from the offenders' (A3)
    corrects_both_sides_on_one_trick = True  # L62C3
    twelfth_trick_cites_l16c = True  # L62D2
    transfers_tricks = True  # L64A
    both_sides_revoked = BothSidesRevoked.ESTABLISHED  # L64B7: "and both revokes have become established"
    equity_law = "64C"
    equity_cases = True  # L64C2a, L64C2b
    scores_the_board = True  # L77
    adjusted_score_law = "12C"  # the Director's adjusted score
    no_acceptance_at_trick_13 = True  # L53A
    play_after_claim = PlayAfterClaim.VOID_IF_DOUBTED  # L68D "play is suspended"; D2(b) a doubted claim played on
    placed_card_owns_nothing = True  # L67B1 "this card does not affect ownership of the trick"
    pointing_attention_law = "65B3"  # "this right expires when his side leads or plays to the following trick"
    # L67B1(a), (b): "He is deemed to have revoked on the defective trick"
    placed_card_revoke = PlacedCardRevoke.ALWAYS
    # L67B2's footnote: "a failure to have played it to an earlier trick may constitute a revoke"
    surplus_card_law = "67B2"
    missing_card_law = "14B4"  # "deemed to have belonged continuously to the deficient hand"
    dummy_attention_law = "9A4"  # "Dummy may not call attention to an irregularity until play of the hand is concluded"
    # Its own rulings: a penalty election the code does not give, a correction too late (the
    # revoke's), a lead out of turn and an election made by another than the law names (L53-L56).
    designates_penalty_card_law = "51A"
    premature_options = (Election.HIGHEST, Election.LOWEST, Election.LEAD, Election.FORBID)  # L57A1-4
    own_irregularities = frozenset({
        IrregularityKind.ELECTION_NOT_IN_CODE, IrregularityKind.LATE_CORRECTION,
        IrregularityKind.LEAD_OUT_OF_TURN, IrregularityKind.ELECTION_NOT_THEIRS,
        IrregularityKind.PENALTY_CARD_LEAD, IrregularityKind.PENALTY_CARD_LEAD_DISOBEYED,
        IrregularityKind.PENALTY_CARD_CHOICE, IrregularityKind.PENALTY_CARD_NOT_PLAYED,
        IrregularityKind.SEVERAL_CARDS, IrregularityKind.PREMATURE_PLAY, IrregularityKind.CLAIM_PLAYED_OUT,
        IrregularityKind.CLAIM_DOUBTED, IrregularityKind.CONCESSION_OBJECTED,
        IrregularityKind.CLAIM_AGREEMENT_WITHDRAWN, IrregularityKind.CONCESSION_CANCELLED,
        IrregularityKind.CLAIM_AGREED, IrregularityKind.NO_CLAIM, IrregularityKind.PENALTY_CARD_WITHDRAWAL,
        IrregularityKind.MISSED_TRICK, IrregularityKind.SURPLUS_CARD, IrregularityKind.SURPLUS_NAMED,
        IrregularityKind.LOOKED_AT_QUITTED_TRICK, IrregularityKind.WRONG_SIDE_QUIT,
        IrregularityKind.ATTENTION_TOO_LATE, IrregularityKind.PLAYED_CARDS_DISTURBED,
        IrregularityKind.MIXED_AFTER_CLAIM, IrregularityKind.ILLEGAL_RETRACTION,
        IrregularityKind.ADJUSTMENT_NOT_IN_CODE, IrregularityKind.ELECTION_WITHOUT_PENALTY,
        IrregularityKind.DUMMY_ATTENTION, IrregularityKind.SHORT_HAND, IrregularityKind.MISSING_CARD_FOUND,
        IrregularityKind.PLAYED_AGAIN, IrregularityKind.NOTHING_TO_PUT_RIGHT,
        IrregularityKind.MISINFORMED_RETRACTION, IrregularityKind.CARD_NOT_NAMED,
        IrregularityKind.DECLARER_CARD_EXPOSED, IrregularityKind.FIFTH_CARD,
        IrregularityKind.RETRACTION_AFTER_CARD_NOT_NAMED
    })
    others_ruled_by = "auction-1912"
    summaries_from = ("duplicate-2017",)
