"""The Whist Club of New York's Laws of Auction Bridge, November 1912 (ruleset `auction-1912`):
the code handrec was built on, whose every law `projections.rulings` rules."""

from __future__ import annotations

from bridge.rulesets import AUCTION_1912

from ..rulings.laws_1912 import LAWS_1912
from .base import Code


class Auction1912(Code):
    ruleset = AUCTION_1912
    family = LAWS_1912  # L81-L91, L65-L82, L72
    claim_deadline_law = "88"  # L88: claimed before the cards are cut for the next deal
    elects_revoke_penalty = True  # L84: 150 points or three tricks, the non-offenders' choice
    summaries_from = ("auction-1912",)
