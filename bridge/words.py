"""A line's words as every kind reads them: how many there are, who wrote the line (`by=NAME`),
and a note's size, the bound on every text a line holds."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Collection

from bridge.cards import NotationError
from bridge.messages import size_text

NOTE_MAX = 64 * 1024  # the longest note, in bytes of UTF-8 (interface.md): 64 KiB

# Whether the line being read was typed by a person (a transcript's line, `handrec add`, the room)
# or written by the recorder (a stored line, read back): `bridge.lines.parse_line` says which. Only
# a typed line is refused for a name that may go on (`by`); a stored line reads as it was stored.
TYPED: ContextVar[bool] = ContextVar("typed", default=False)

# The names that are a seat or an official's role: one word each, whatever follows them
# (`note by=East I thought...`, `find by=TD East's account...`). docs/transcripts.md.
ROLES = frozenset(("n", "e", "s", "w", "north", "east", "south", "west", "td", "ac", "director"))


def count(n_min: int, n_max: int | None, words: list[str], usage: str) -> None:
    if len(words) < n_min or (n_max is not None and len(words) > n_max):
        raise NotationError(f"this line is written {usage}")


class NameMayGoOn(NotationError):
    """`by=NAME Word`: an unquoted name followed by a capitalised word, which may be the name's next
    word or the text's first. `bridge.lines.parse_line` says it with the line written right."""

    def __init__(self, name: str, following: str):
        super().__init__(f"by={name} is followed by '{following}', a capitalised word, so the name may go on")
        self.name = name
        self.following = following


def _capitalised(word: str) -> bool:
    """A word that may be a name's: it begins with a capital letter, and is not the word I (`I`,
    `I'm`, `I'd`: a sentence's first word, never a surname)."""
    if not word[:1].isupper():
        return False
    return not (word == "I" or word[:2] in ("I'", "I’"))


def may_go_on(name: str, following: str) -> bool:
    """Whether `by=NAME FOLLOWING`, unquoted, is ambiguous (docs/transcripts.md, names): NAME not a
    seat or a role, and the next word capitalised."""
    return name.lower() not in ROLES and _capitalised(following)


def written_by(name: str, following: str = "") -> str:
    """`by=NAME` as the recorder writes it, before the words `following` it: quoted when the name is
    several words, or when its next word would read as the name going on (`by="Priya" West
    revoked`); else bare (`by=TD`), as every version has written it."""
    first = following.split(maxsplit=1)[0] if following.strip() else ""
    if '"' in name:  # (no quotes hold it: a name stored before names were quoted, `by="x`, read back so)
        return f"by={name}"
    if len(name.split()) != 1 or name != name.strip() or (first and may_go_on(name, first)):
        return f'by="{" ".join(name.split())}"'
    return f"by={name}"


def by(words: list[str], then: Collection[str] = ()) -> tuple[str, list[str]]:
    """`by=NAME` as the first word: who wrote the line (a player, the director), and the words
    after it. A name of several words is quoted (`by="Margaret Ellison"`). A typed line whose
    unquoted name is followed by a capitalised word (`by=Margaret Ellison West asked`) is refused
    (`NameMayGoOn`), unless the name is a seat or a role, or the word is one of `then` (the kinds
    of line, after an amend's by=)."""
    if not (words and words[0].lower().startswith("by=") and len(words[0]) > 3):
        return "", words
    first = words[0][3:]
    if not first.startswith('"'):
        rest = words[1:]
        if rest and TYPED.get() and rest[0].lower() not in then and may_go_on(first, rest[0]):
            raise NameMayGoOn(first, rest[0])
        return first, rest
    try:
        return _quoted(first, words[1:])
    except NotationError:
        if TYPED.get():
            raise
        return first, words[1:]  # (a line stored before names were quoted, `by="x`: read as it was stored)


def _quoted(first: str, after: list[str]) -> tuple[str, list[str]]:
    """`by="NAME ..."`: the name within the quotes, and the words after it."""
    parts = [first[1:], *after]
    for i, w in enumerate(parts):
        if w.endswith('"') and (i > 0 or len(w) > 1 or first == '""'):
            name = " ".join(p for p in [*parts[:i], w[:-1]] if p)
            if not name:
                raise NotationError('by="" names no one: write the name, by=TD or by="Margaret Ellison"')
            if '"' in name:
                raise NotationError(f"a name cannot hold '\"': by=\"{name}\" cannot be read")
            return name, parts[i + 1:]
    raise NotationError(f"the quoted name after by= is not closed: by=\"{' '.join(p for p in parts[:3] if p)}…\" "
                        "wants its closing '\"', as by=\"Margaret Ellison\"")


def check_note(text: str) -> None:
    """A note is at most NOTE_MAX bytes (interface.md): a longer one is refused, never stored."""
    size = len(text.encode("utf-8", "surrogatepass")) if len(text) > NOTE_MAX // 4 else 0
    if size > NOTE_MAX:
        raise NotationError(f"a note is at most {size_text(NOTE_MAX)}, and this one is {size_text(size)}")


def how_many(n: int, noun: str) -> str:
    """A number and its noun, singular or plural as the number asks: "1 odd trick", "2 over-tricks"
    (the nouns of the score and the laws: each takes an s)."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
