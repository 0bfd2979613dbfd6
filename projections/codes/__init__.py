"""The codes of laws a hand is ruled under, one value each: chosen once from the hand's ruleset
(`code_of`, at its hand line: `Table.code`), and asked by the judge, the table, the score and the
words wherever the codes differ.

A code is a class of answers (`base.Code`): each question named for what it decides, with the
law that decides it, and the family of codes whose laws it shares (`Code.family`, a
`family.LawFamily`: the judge's steps under those laws). The rulings that apply the answers are
`projections.rulings`'; a new code is one module here, most often a subclass of the code it
revises that changes what the revision changed, and its entry in the codes `projections` registers
(`register`); a new family is a `LawFamily` of its own (the families are `projections.rulings`'
`laws_1912` and `laws_duplicate`).

`CODES` is the one registry of codes: `register` enters a code there and its ruleset in the
vocabulary's (`bridge.rulesets.RULESETS`, which a hand line is read against on the write side,
which never imports this package). The codes handrec knows are registered when `projections` is
imported (its `__init__`): a code names its family, whose steps read the table, and the table holds
a code, so this package, below the table, names no code of its own.
"""

from __future__ import annotations

from bridge.rulesets import RULESETS

from .base import Code
from .family import LawFamily

CODES: dict[str, Code] = {}


def register(code: Code) -> Code:
    """Enter a code of laws: the code under its ruleset's name, and its ruleset in the vocabulary's
    when the vocabulary does not have it (a ruleset of that name already there must be this one)."""
    known = RULESETS.setdefault(code.name, code.ruleset)
    if known is not code.ruleset:
        raise ValueError(f"a ruleset named {code.name} is already known, and it is not this code's")
    CODES[code.name] = code
    return code


def code_of(ruleset: str) -> Code:
    """The code of laws a ruleset names (every ruleset of bridge.rulesets.RULESETS names one)."""
    return CODES[ruleset]


__all__ = ["CODES", "Code", "LawFamily", "code_of", "register"]
