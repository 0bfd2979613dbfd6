"""A closed set of the game's terms (`StrEnum`), such as where a revoke stands or what an
irregularity is. Each member is its word, a `str` equal to it and hashed as it, so the JSON, the
analysis database and every page hold the word itself, byte for byte, and a word read back from
them compares equal to its member (and finds it in a dict or a set).

`enum.StrEnum` is Python 3.11's; handrec runs from 3.10 (pyproject.toml), and a plain
`(str, Enum)` formats differently across 3.10-3.12 (an f-string gave the value, then the member's
name), so the base says it once: a member's `str()` and `format()` are its word on every version.
"""

from __future__ import annotations

from enum import Enum


class StrEnum(str, Enum):
    """A closed set of words, each member the word it stands for (json.dumps, sqlite3, f-strings,
    `%s`, Jinja2 and `sorted` all read the word)."""

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


class Election(StrEnum):
    """What an election chooses (`elect SEAT CHOICE`: `bridge.lines.CHOICES` gives each the law a
    line of it cites), as a revoke or an irregularity holds it once elected (`elected`). The laws
    are the 1912 code's (Lnn) and the Laws of Duplicate Bridge's (dup. Lnn)."""

    POINTS = "points"  # L84b: 150 in the honor column
    TRICKS = "tricks"  # L84b: three tricks
    EXPOSED = "exposed"  # L86 (also L70, L76, L80): the card an exposed card
    HIGHEST = "highest"  # L86 (also L70, L80); dup. L57A1
    LOWEST = "lowest"  # L86 (also L70, L80); dup. L57A2
    WIN = "win"  # L80, L92: the partner to win the trick
    LOSE = "lose"  # L80, L92: the partner to lose it
    LEAD = "lead"  # L76, L93: a suit called; dup. L50D2(a), L57A3: a suit required
    FORBID = "forbid"  # L65, L66: a suit forbidden; dup. L50D2(a), L51B, L57A4
    CALL = "call"  # L67, L75: an exposed card called; dup. L51A: the penalty card designated
    NEW_DEAL = "new-deal"  # L81: a missed trick found too late, a new deal
    STAND = "stand"  # L81: ... the deal stands
    ACCEPT = "accept"  # dup. L53-L56: a lead out of turn accepted; L52B1: a card played for a penalty card
    RETRACT = "retract"  # dup. L53-L56: a lead out of turn not accepted
    SPREAD = "spread"  # dup. L54A: declarer spreads his hand and becomes dummy
    NONE = "none"  # dup. L50D2(b): no lead restriction, the penalty card picked up
    SUBSTITUTE = "substitute"  # dup. L52B2: the penalty card put in place of the card played


__all__ = ["Election", "StrEnum"]
