"""The Laws of Duplicate Bridge, 2007 (in force from 2008; ruleset `duplicate-2007`): the 2017
code's rulings but where 2017 changed them. 2007 has no L62C3 of 2017's (its L62C3 is another
rule: a claim of revoke gives no right to inspect quitted tricks, L66) and no L63A4 (its L63A3: a
member of the offending side "makes or agrees to" a claim or concession); its L64B2 bars any
subsequent revoke in the same suit by the same player, its L64B7 any board on which both sides
revoked."""

from __future__ import annotations

from bridge.rulesets import DUPLICATE_2007
from bridge.terms import Election

from .base import BothSidesRevoked, MisinformedRetractionUntil
from .duplicate_2017 import Duplicate2017
from .family import PlayAfterClaim


class Duplicate2007(Duplicate2017):
    ruleset = DUPLICATE_2007
    opponents_claim_law = "63A3"
    corrects_both_sides_on_one_trick = False
    twelfth_trick_cites_l16c = False
    subsequent_revoke_needs_first_established = False
    both_sides_revoked = BothSidesRevoked.REVOKED
    equity_cases = False
    no_acceptance_at_trick_13 = False
    designates_penalty_card_law = "50D1"
    premature_options = (Election.HIGHEST, Election.LOWEST, Election.FORBID)  # L57A: no card of another suit required
    premature_play_to_declarers_lead = "53B"  # (2007, as 1997, letters L53B and L53C the other way)
    proper_lead_over_irregular = "53C"
    # L47E2(a) "no card was subsequently played to that trick"
    misinformed_retraction_until = MisinformedRetractionUntil.NO_CARD_TO_ITS_TRICK
    misinformed_card_establishes = True  # (its L47E1 as found has no "Law 63A1 does not apply")
    play_after_claim = PlayAfterClaim.EVIDENCE  # L68D "play ceases (but see Law 70D3)"; no L68D2(b)
    claim_doubted_law = "68D"
    dummy_attention_law = "9A3"  # "dummy may not draw attention to it during the play period"
    summaries_from = ("duplicate-2007", "duplicate-2017")
