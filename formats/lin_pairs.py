"""A LIN text read into its `tag|value|` pairs, and the pairs into boards' segments: line by line,
one board held at a time; a value whose closing `|` is missing, a line longer than LINE_MAX, a
board past its bounds, each said in one sentence with its line (`Broken`). `formats.lin` reads
each segment as a board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator

from bridge.lines import NOTE_MAX
from bridge.messages import excerpt, size_text

from .archive import BOARD_MAX, SECTION_MAX
from .files import LINE_MAX, LongLine


@dataclass(frozen=True)
class Pair:
    tag: str  # lower case, stripped
    value: str
    lineno: int  # 1-based line where the pair's tag starts


@dataclass(frozen=True)
class Broken:
    """What cannot be read as pairs (a value never closed, a line over LINE_MAX): the board it
    falls in is refused, with this reason at this line."""

    reason: str
    lineno: int


# A line that opens with a tag: a value still open when such a line comes is a value whose
# closing '|' is missing (BBO writes a board, or a few pairs, a line; a value never spans lines).
OPENS_WITH_TAG = re.compile(r"\s*[A-Za-z]{2}\|")
_SPACE = " \t\r\n\ufeff"


def lines_of(text: str) -> Iterator[str]:
    """A text's lines with their newline, split at '\n' only, as an archive's are read."""
    pos = 0
    while pos < len(text):
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end + 1
        yield text[pos:end]
        pos = end


def pairs(lines: Iterable[str | LongLine], first: int = 1, cut: bool = False) -> Iterator[Pair | Broken]:
    """The `tag|value|` pairs of a LIN text, read line by line, each with the line it starts on.

    A value may run over lines, but not without its closing '|': a value still open at the end of
    the file (having started on an earlier line), or when a line that opens with a tag comes, or
    past NOTE_MAX, is an error at the line where its pair starts, and reading goes on at the next
    line. A line over LINE_MAX is not read: an error at that line, after the pairs its first words
    hold (the board it opens, if it opens one, is the one refused). `first`: the number of the
    first line; `cut`: the text is cut short, and a pair it leaves open is dropped."""
    in_value = False
    pieces: list[str] = []  # the tag (or the value) read so far
    size = 0
    tag, tag_line, value_line = "", 0, 0
    lineno = 0
    for lineno, line in enumerate(lines, start=first):
        if isinstance(line, LongLine) or len(line) > LINE_MAX:
            yield from _unread_line(line, lineno, in_value, tag, tag_line)
            in_value, pieces, size, tag_line = False, [], 0, 0
            continue
        if in_value and value_line < lineno and OPENS_WITH_TAG.match(line):
            yield Broken(f"the value of {excerpt(tag)}| opened at line {tag_line} has no closing '|' before "
                          f"line {lineno}, which opens a new pair", tag_line)
            in_value, pieces, size, tag_line = False, [], 0, 0
        pos = 0
        while True:
            bar = line.find("|", pos)
            piece = line[pos:] if bar < 0 else line[pos:bar]
            if not in_value:
                if not tag_line and piece.strip(_SPACE):
                    tag_line = lineno  # the line of the tag's first character
                pieces.append(piece)
                if bar < 0:
                    break
                tag = "".join(pieces).strip(_SPACE).lower()
                pieces, in_value, value_line = [], True, lineno
                tag_line = tag_line or lineno
            else:
                if bar < 0:
                    pieces.append(piece)
                    size += len(piece)
                    if size > NOTE_MAX:
                        yield Broken(f"the value of {excerpt(tag)}| opened at line {tag_line} runs past "
                                      f"{size_text(NOTE_MAX)} without its closing '|'", tag_line)
                        in_value, pieces, size, tag_line = False, [], 0, 0
                    break
                pieces.append(piece)
                if tag:
                    yield Pair(tag, "".join(pieces), tag_line)
                pieces, size, in_value, tag_line = [], 0, False, 0
            pos = bar + 1
    if in_value and not cut:
        yield from _left_open(tag, pieces, tag_line, value_line == lineno)


def _unread_line(line: str | LongLine, lineno: int, in_value: bool, tag: str,
                 tag_line: int) -> Iterator[Pair | Broken]:
    """A line over LINE_MAX, not read: the value it cuts off an error (when `in_value`, the value of
    `tag` opened at `tag_line`), then the pairs its first words hold, then the error at the line."""
    long = line if isinstance(line, LongLine) else LongLine(len(line), line[:240])
    if in_value:
        yield Broken(f"the value of {excerpt(tag)}| opened at line {tag_line} runs into line {lineno}, "
                      f"which is not read", tag_line)
    yield from (p for p in pairs([long.head], lineno, cut=True) if isinstance(p, Pair))
    yield Broken(long.describe("an archive"), lineno)


def _left_open(tag: str, pieces: list[str], tag_line: int, on_the_last_line: bool) -> Iterator[Pair | Broken]:
    """The value still open at the end of the file: the last pair as it stands when it opened on the
    file's last line, else an error at its pair's line."""
    if on_the_last_line:  # the last pair of the file, its '|' left off: read as it stands
        if tag:
            yield Pair(tag, "".join(pieces), tag_line)
    else:
        yield Broken(f"the value of {excerpt(tag)}| opened at line {tag_line} has no closing '|' (it runs "
                      "to the end of the file)", tag_line)


# ---------------------------------------------------------------- splitting into boards


class Segment(list):
    """The pairs of one board (or of the file's beginning), and why it cannot be read, if so. Its
    size is bounded: past BOARD_MAX or SECTION_MAX pairs it is refused, and only the pairs that
    name the board and mark where the next one starts are kept."""

    KEPT = ("qx", "ah", "md", "sv", "vg", "pn", "st")

    def __init__(self, pairs: Iterable[Pair] = (), what: str = "the board"):
        super().__init__(pairs)
        self.what = what  # what a message calls it
        self.problem: tuple[str, int] | None = None
        self.size = sum(len(p.value) for p in self)
        self.has_md = any(p.tag == "md" for p in self)

    def refuse(self, reason: str, lineno: int) -> None:
        if self.problem is None:
            self.problem = (reason, lineno)
            self[:] = [p for p in self if p.tag in self.KEPT]

    def take(self, p: Pair) -> None:
        self.has_md = self.has_md or p.tag == "md"
        if self.problem is None:
            self.size += len(p.value) + len(p.tag) + 2
            if self.size > BOARD_MAX:
                self.refuse(f"{self.what} runs past {size_text(BOARD_MAX)}, the most a board of an archive may hold",
                            p.lineno)
            elif len(self) >= SECTION_MAX:
                self.refuse(f"{self.what} holds more than {SECTION_MAX:,} pairs (a hand's 52 cards, its calls "
                            "and their commentary take far fewer)", p.lineno)
        if self.problem is None or (p.tag in self.KEPT and len(self) < SECTION_MAX):
            self.append(p)


def segments(items: Iterable[Pair | Broken]) -> Iterator[tuple[Segment, Segment | None]]:
    """The header (pairs before the first board) with each board's pairs, as each board ends; the
    header alone (with None) when it has a problem of its own or the file has no board.

    Once a `qx|` has come, each `qx|` opens a board (a vugraph file); notes before the first are said
    at the first. Before, each `md|` does, taking with it the `pn|`/`st|` written just before it
    (BBO writes `pn|…|st||md|…`), and the first board takes everything before it."""
    vugraph = False
    header = Segment(what="the text before the first board")
    current: Segment | None = None
    for p in items:
        if isinstance(p, Broken):
            (current if current is not None else header).refuse(p.reason, p.lineno)
        elif p.tag == "qx":
            vugraph = True
            board = Segment([p])
            if current is None:
                # Commentary before the first board (a vugraph's welcome) is said at the first board.
                board.extend(q for q in header if q.tag in ("nt", "an"))
            else:
                yield header, current
            current = board
        elif not vugraph and p.tag == "md" and (current is None or current.has_md):
            before = current if current is not None else header
            k = len(before)
            while k > 0 and (before is header or before[k - 1].tag in ("pn", "st")):
                k -= 1
            board = Segment(before[k:] + [p])
            del before[k:]
            if before is header:
                board.problem, header.problem = header.problem, None
            else:
                yield header, current
            current = board
        else:
            (current if current is not None else header).take(p)
    if current is not None:
        yield header, current
    if header.problem is not None or current is None:
        yield header, None
