"""The Laws of Duplicate Bridge, 1997 (ruleset `duplicate-1997`): the 2017 code's rulings but
where 2017 and 2007 changed them. Its L63A3 names the opponents' claim the offending side
"acquiesces in"; its L64A2 gives a second trick for a card that could have been played to the
revoke trick; it has no L62C3 and no L64B7 of the later codes."""

from __future__ import annotations

from bridge.rulesets import DUPLICATE_1997
from bridge.terms import Election

from .base import MisinformedRetractionUntil, PlacedCardRevoke
from .duplicate_2017 import Duplicate2017
from .family import PlayAfterClaim


class Duplicate1997(Duplicate2017):
    ruleset = DUPLICATE_1997
    opponents_claim_law = "63A3"
    corrects_both_sides_on_one_trick = False
    twelfth_trick_cites_l16c = False
    both_sides_revoked = None
    equity_cases = False
    legal_card_trick = True  # L64A2
    no_acceptance_at_trick_13 = False
    designates_penalty_card_law = "50D1"
    # L57A: the 1997 text was not found; its options are taken as the 2007 code's, which revised it
    # (the fourth, a card of another suit required, came in 2017).
    premature_options = (Election.HIGHEST, Election.LOWEST, Election.FORBID)
    premature_play_to_declarers_lead = "53B"  # (1997's L53B is 2017's L53C, and its L53C 2017's L53B)
    proper_lead_over_irregular = "53C"
    next_in_turn_prevails = False
    pointing_attention_law = None  # (its L65B has no B3)
    # L67B1(a) "and there is no penalty"; (b) "he is deemed to have revoked"
    placed_card_revoke = PlacedCardRevoke.VOID
    # L68D, as an appeal under the 1997 code quotes it: "all play subsequent to a claim is voided and
    # the Director adjudicates the claim" (its L70 has no D3).
    play_after_claim = PlayAfterClaim.VOIDED
    # (L47E: the 1997 text was not found: read as 2007)
    misinformed_retraction_until = MisinformedRetractionUntil.NO_CARD_TO_ITS_TRICK
    misinformed_card_establishes = True
    claim_doubted_law = "68D"
    dummy_attention_law = "9A3"  # (the 1997 L9 was not found: read as the 2007 code, which revised it)
    summaries_from = ("duplicate-1997", "duplicate-2017")
