"""A transcript beside the stored record: the corrections (`amend`, `strike`) that would bring the
record, as corrected, to the transcript, and the refusal that names them (`RecordDiffers`)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Sequence

from bridge.lines import CORRECTIONS, Line
from bridge.messages import TranscriptError

from .domainmodel import Hand


@dataclass(frozen=True)
class Amending:
    """`record --amend`: the reason and the author of the corrections it makes."""

    reason: str
    author: str = ""


class RecordDiffers(TranscriptError):
    """A transcript that differs from the stored record: the corrections (`strike`/`amend` lines)
    that would bring the store to it, when there are such."""

    def __init__(self, reason: str, corrections: list[str], at: int | None = None, account: str = "",
                 whole: str = "", **where: Any):
        super().__init__(reason, **where)
        self.corrections = corrections
        self.at = at  # the index of the first event that differs (None: the transcript is shorter)
        # Where the transcript may be a second account of the hand written under the first's id:
        # how to open it as one (said under the corrections), else "".
        self.account = account
        self.whole = whole  # (`TranscriptError.whole`: the corrections, said whole)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by what it was made of, its place beside (an exception is otherwise remade from
        # its message alone, which this one cannot be).
        return RecordDiffers, (self.reason, self.corrections, self.at, self.account, self.whole), {
            "file": self.file, "lineno": self.lineno, "text": self.text}

    def located(self, file: str | None = None, lineno: int | None = None, text: str | None = None) -> "RecordDiffers":
        return RecordDiffers(self.reason, self.corrections, self.at, self.account, self.whole, file=self.file or file,
                             lineno=self.lineno or lineno, text=self.text if self.text is not None else text)


def corrections_to(hand: Hand, lines: Sequence[Line], reason: str, author: str = "") -> tuple[list[str], list[Line]] | str:
    """The corrections (`amend`, `strike` lines) that bring the stored record, as corrected, to
    these lines, and the lines to add after them; or why no correction can (a line added before
    the end, a different hand line)."""
    acts = hand.corrected_lines()
    stored = [text for _, text in acts]
    wanted = [line.canonical for line in lines]
    if any(line.kind in CORRECTIONS for line in lines):
        return "the transcript holds corrections of its own: write it as the store holds it, then add them"
    by = f"by={author} " if author else ""
    fixes: dict[int, str] = {}
    added: list[Line] = []

    def head(text: str) -> str:  # the kind and its first word: 'play E', 'quit NS'
        return " ".join(text.split()[:2])

    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=stored, b=wanted, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if i1 == 0:
            return "the hand line differs: a hand is opened once"
        # Within the block, a line stands for the stored line of the same kind and seat, if any.
        block = difflib.SequenceMatcher(a=[head(t) for t in stored[i1:i2]], b=[head(t) for t in wanted[j1:j2]],
                                        autojunk=False)
        for _, a1, a2, b1, b2 in block.get_opcodes():
            common = min(a2 - a1, b2 - b1)
            for t in range(a2 - a1):
                number = acts[i1 + a1 + t][0]
                if t < common:
                    fixes[number] = f"amend {number} {by}{wanted[j1 + b1 + t]} -- {reason}"
                else:
                    fixes[number] = f"strike {number} {by}{reason}"
            if b2 - b1 > common:
                if i1 + a2 < len(stored):
                    return (f"it adds lines before event {acts[i1 + a2][0]}, and a stored record only grows at "
                            f"its end: add them at the end, or as a note")
                added.extend(lines[j1 + b1 + common:j1 + b2])
    return [fixes[n] for n in sorted(fixes)], added
