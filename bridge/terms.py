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


__all__ = ["StrEnum"]
