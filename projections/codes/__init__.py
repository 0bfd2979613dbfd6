"""The codes of laws a hand is ruled under, one value each: chosen once from the hand's ruleset
(`code_of`, at its hand line: `Table.code`), and asked by the judge, the table, the score and the
words wherever the codes differ.

A code is a class of answers (`base.Code`): each question named for what it decides, with the
law that decides it. The rulings that apply the answers are `projections.rulings`'; a new code
is one module here, most often a subclass of the code it revises that changes what the revision
changed, and its entry in `CODES`.
"""

from __future__ import annotations

from .auction_1912 import Auction1912
from .base import Code
from .duplicate_1997 import Duplicate1997
from .duplicate_2007 import Duplicate2007
from .duplicate_2017 import Duplicate2017

CODES: dict[str, Code] = {c.name: c for c in (Auction1912(), Duplicate2017(), Duplicate2007(), Duplicate1997())}


def code_of(ruleset: str) -> Code:
    """The code of laws a ruleset names (bridge.rulesets.RULESETS names every one)."""
    return CODES[ruleset]


__all__ = ["CODES", "Code", "code_of"]
