"""What an act of recording did: the hand, the events it appended, the events the hand holds."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Recorded:
    hand_id: str
    added: int  # events appended now
    total: int  # events stored for the hand
    kept_ruleset: str = ""  # an import's board stored before under this other ruleset, kept so
    # A hand this act opened: the code it is ruled under, and whence it came ("named" on its line,
    # "store": the store's default, HANDREC_RULESET; "default": the 1912 code, none being named).
    ruleset: str = ""
    ruleset_from: str = ""
