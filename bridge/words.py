"""A line's words as every kind reads them: how many there are, who wrote the line (`by=NAME`),
and a note's size, the bound on every text a line holds."""

from __future__ import annotations

from bridge.cards import NotationError
from bridge.messages import size_text

NOTE_MAX = 64 * 1024  # the longest note, in bytes of UTF-8 (interface.md): 64 KiB


def count(n_min: int, n_max: int | None, words: list[str], usage: str) -> None:
    if len(words) < n_min or (n_max is not None and len(words) > n_max):
        raise NotationError(f"this line is written {usage}")


def by(words: list[str]) -> tuple[str, list[str]]:
    """`by=NAME` as the first word: who wrote the line (a player, the director)."""
    if words and words[0].lower().startswith("by=") and len(words[0]) > 3:
        return words[0][3:], words[1:]
    return "", words


def check_note(text: str) -> None:
    """A note is at most NOTE_MAX bytes (interface.md): a longer one is refused, never stored."""
    size = len(text.encode("utf-8", "surrogatepass")) if len(text) > NOTE_MAX // 4 else 0
    if size > NOTE_MAX:
        raise NotationError(f"a note is at most {size_text(NOTE_MAX)}, and this one is {size_text(size)}")
