"""The `.hand` transcript format (docs/transcripts.md): read, and written back.

`parse` reads a transcript, one event a line, into `Line`s through the table of line kinds
(`bridge.lines`): notation only. The physical facts (who holds which card) are the aggregate's
to check, and the laws are the projections'. `text` writes stored events back as the transcript
the recorder would read again, one canonical line an event.
"""

from __future__ import annotations

from typing import Any, Iterable

from bridge.lines import Line, parse_line
from bridge.messages import TranscriptError


def parse(text: str, file: str | None = None) -> list[Line]:
    """Every event line of a transcript, in order. The first must open the hand."""
    lines: list[Line] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        try:
            line = parse_line(raw, lineno)
        except TranscriptError as e:
            raise e.located(file=file) from None
        if line is None:
            continue
        if not lines and line.kind != "hand":
            raise TranscriptError("a transcript opens with the line 'hand ID'", file=file, lineno=lineno, text=line.text)
        if lines and line.kind == "hand":
            raise TranscriptError("a transcript records one hand; 'hand' may only be its first line", file=file, lineno=lineno, text=line.text)
        lines.append(line)
    if not lines:
        raise TranscriptError("the transcript has no events (it opens with the line 'hand ID')", file=file)
    return lines


def text(events: Iterable[Any]) -> str:
    """Stored events (or the folds' events) as the transcript the recorder would read back."""
    return "".join(e.line + "\n" for e in events)
