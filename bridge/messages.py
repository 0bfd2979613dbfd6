"""What handrec says when it refuses: one sentence, located by file, line and the line's text
(`TranscriptError`), what it quotes an excerpt (`excerpt`, `shortened`), a size said in words
(`size_text`). One family of errors says it (`RecordError`): a word that is no notation
(`bridge.cards.NotationError`) and a line refused (`TranscriptError`, made from the other at its line
by `TranscriptError.at`). This package imports nothing of the project's."""

from __future__ import annotations

import re

EXCERPT = 60  # the most of a line or a word that a message quotes
MESSAGE_MAX = 280  # the most a reason takes in a message, once what it quotes is an excerpt: a longer one
# keeps its start and its end
_LONG_WORD = re.compile(r"\S{%d,}" % (EXCERPT + 1))
_QUOTED = re.compile(r"'([^']{%d,})'" % (EXCERPT + 1))


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """What a message quotes of a text: on one line, at most `limit` characters, an ellipsis for
    the rest (a text of any length is read no further than it needs)."""
    text = " ".join(text[: 4 * limit + 4].split())[: limit + 1]
    return text if len(text) <= limit else text[:limit].rstrip() + "…"


def shortened(message: str) -> str:
    """A message whose quoted words are excerpts and whose length is bounded, on one line: a long
    line never comes back whole in what is said about it. What it quotes ('...') and each long word
    is shortened first, our own words kept whole (a refusal is never cut in the middle of its
    sentence); only a message still over MESSAGE_MAX then keeps its start and its end, each cut
    between words."""
    if len(message) > MESSAGE_MAX or "\n" in message:
        message = " ".join(message.split())
        message = _QUOTED.sub(lambda m: "'" + excerpt(m.group(1)) + "'", message)
        message = _LONG_WORD.sub(lambda m: excerpt(m.group()), message)
        if len(message) > MESSAGE_MAX:
            head = message[: MESSAGE_MAX - 80].rsplit(" ", 1)[0]
            tail = message[-70:].split(" ", 1)[-1]
            message = head + " … " + tail
    return message


def shortened_before(message: str, whole: str) -> str:
    """A message whose end, `whole`, is said as it is: what the user copies to act on it (an
    archive's board refused with the corrections that bring the store to it, each line whole and
    the whole bounded where it is made), and what comes before it shortened (`shortened`: what it
    quotes an excerpt, its length bounded)."""
    if not whole or not message.endswith(whole) or len(whole) == len(message):
        return shortened(message)
    return f"{shortened(message[: len(message) - len(whole)].rstrip())} {whole}"


def size_text(n: int) -> str:
    """A size in bytes as a message says it: 1 MiB, 64 KiB, 50.0 MiB."""
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n // size} {unit}" if n % size == 0 else f"{n / size:.1f} {unit}"
    return f"{n} bytes"


class RecordError(ValueError):
    """What handrec refuses, said in one sentence (`reason`): a word that is not a seat, a card, a
    contract... (`bridge.cards.NotationError`, which says no place), or a line of a transcript or an
    act that cannot be read or cannot have happened (`TranscriptError`, which says its place)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class TranscriptError(RecordError):
    """A line that cannot be read, or an act that cannot physically have happened: one sentence,
    located by file, line and the line's text when they are known. What it quotes of the line and
    of its words is an excerpt (`excerpt`, `shortened`)."""

    # The end of `reason` said whole, never shortened (`shortened_before`): an archive's board's
    # corrections, which the user copies into the commands that make them (`RecordDiffers`).
    whole: str = ""

    def __init__(self, reason: str, *, file: str | None = None, lineno: int | None = None, text: str | None = None):
        super().__init__(reason)
        self.file = file
        self.lineno = lineno
        self.text = text

    @classmethod
    def at(cls, error: RecordError, *, file: str | None = None, lineno: int | None = None,
           text: str | None = None) -> "TranscriptError":
        """`error`'s reason, refused at the line where it was met: the place given here, whatever
        place `error` said (a word read on a line, an act refused as the line that records it)."""
        return cls(error.reason, file=file, lineno=lineno, text=text)

    def located(self, file: str | None = None, lineno: int | None = None, text: str | None = None) -> "TranscriptError":
        return TranscriptError(
            self.reason,
            file=self.file or file,
            lineno=self.lineno or lineno,
            text=self.text if self.text is not None else text,
        )

    def __str__(self) -> str:
        where = []
        if self.file:
            where.append(self.file)
        if self.lineno:
            where.append(f"line {self.lineno}")
        head = ", ".join(where)
        text = f" '{excerpt(self.text)}'" if self.text else ""
        reason = shortened_before(self.reason, self.whole)
        if head:
            return f"{head}{text}: {reason}."
        return f"{reason}."
