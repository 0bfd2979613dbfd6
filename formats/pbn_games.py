"""A PBN text read into its games (PBN 2.1, §3): each game's tags (values of "#" inherited from the
previous game), its sections' tokens and its commentary (`{}` and `;`), one game at a time in the
memory of one game; what cannot be read said in one sentence with its line. `formats.pbn` makes
each game a board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import repeat
from typing import Generator, Iterable, Iterator

from bridge.lines import NOTE_MAX
from bridge.messages import excerpt, size_text

from .archive import BOARD_MAX, SECTION_MAX
from .files import LINE_MAX, LongLine
from .pbn_tokens import split_glued

# A tag: its value's characters read as runs (an unrolled loop), in constant memory however long.
# (PBN puts a space between the name and the value; some programs write none: `[Event"#"]`.)
VALUE = r'[^"\\]*(?:\\.[^"\\]*)*'  # (a backslash and the character after it are one: `\"` a quote)
TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"(' + VALUE + r')"\s*\]')
_WRITTEN_VALUE = re.compile(VALUE)
# A tag whose value is not in quotes (`[Board 5]`), as some programs write: read as its value.
# Only a line that is that tag alone, its value printable, is read so (random bytes make '[' often).
UNQUOTED_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+([^"\]\s\x00-\x1f\x7f][^"\]\x00-\x1f\x7f]*?)\s*\](?=\s*$)')
# Tags that a game gives once: one given again starts another game (two files joined with no
# blank line between them, the second's first game's tags right after the first's last play).
ONCE_A_GAME = frozenset({"Event", "Site", "Date", "Board", "Deal"})
SECTION_TAGS = ("Auction", "Play")
# The most a game may take from the game before it, in bytes of UTF-8: the tag values PBN 2.1 §3.4's
# "#" gives it (and those of its board that a game with no deal, another table's, takes: `_finish`).
# A value taken is not in the game's own text, so BOARD_MAX does not bound it, and each board stores
# it again: nine 60,000-byte tags taken by games of eleven short lines made a 1 MB file a 3.9 GB
# store. Real games take at most 183 bytes (the 64,778 games of ../shared/realdata, realdata-more and
# realdata-3; the largest value taken, 76 bytes, a [Site]): 2 KiB is eleven times that. At the bound,
# a file of two-line games that each take 2 KiB stores 350 times its size; taking only their deal,
# such games store 50 times theirs, and the real archives 29 times theirs. A LIN board takes at most
# as much from the pairs before it (a vugraph file's event and players: `formats.lin.taken`; real
# boards at most 85 bytes).
INHERITED_MAX = 2 * 1024
# The most a game's note references may copy, in bytes of UTF-8: each `=n=` of its play section
# stores the text of its [Note "n:TEXT"] again, as a note of its own (`formats.pbn`), and each of its
# auction section as the explanation of the call it follows (the auction's alerts), so that a note
# written once in the file is stored as often as it is referred to: a 60 KB game whose 60,000-byte
# note was referred to 71 times stored 4.26 MB of notes (an 8.6 MB store), and at the 1,000 notes a
# board may become (NOTES_MAX), a 64 KB game 60 MB (a 120 MB store). Real games copy at most 997
# bytes (a robot match's twelve explained calls; of the 64,783 games of ../shared/realdata,
# realdata-more and realdata-3, 2,881 copy anything, nearly all their auction's explanations, and
# the longest [Note] is 424 bytes): 16 KiB is 16 times that, a note of 128 bytes referred to 128
# times. At the bound, a file of such games
# stores 89 times its size, about what games of 1,000 references to a note of one character store
# (66 times theirs: each reference is an event, whatever its note), the real archives 29 times
# theirs; at 64 KiB it would be 180.
COPIED_MAX = 16 * 1024


@dataclass
class Game:
    """One game of a PBN file as read: its tags, its sections' tokens and its commentary; or, with
    no tags, a problem found outside any game (a comment opened before the first and never closed)."""

    lineno: int
    tags: dict[str, str] = field(default_factory=dict)
    tag_lines: dict[str, int] = field(default_factory=dict)
    sections: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    # (the tag name or token it follows, that token's line, the text, its own line)
    comments: list[tuple[str, int, str, int]] = field(default_factory=list)
    # Its [Note "n:text"] tags, by the section they follow (PBN 2.1 §3.9: a section's notes come
    # after it; "" for a note before any section), then by number: an auction's note 1 and its play's
    # note 1 are two notes.
    notes: dict[str, dict[str, str]] = field(default_factory=dict)
    last_section: str = ""  # (the section tag read last: the one a [Note] after it belongs to)
    problem: tuple[str, int] | None = None  # why the game cannot be read, and the line that says
    size: int = 0  # characters of its lines read so far (at most BOARD_MAX)
    # The tag values it takes from the previous game ("#", or as another table of its board):
    # (name, bytes of UTF-8, line), at most INHERITED_MAX bytes in all.
    inherited: list[tuple[str, int, int]] = field(default_factory=list)
    # Text before any tag that is neither commentary nor an escape line: (its first line, how it
    # starts, how many lines); with no tag after it, it is said to be skipped.
    stray: tuple[int, str, int] | None = None
    _stray_last: int = 0  # (the line the stray text was last seen on)

    def stray_text(self, lineno: int, text: str) -> None:
        if self.tags:
            return
        if self.stray is None:
            self.stray = (lineno, text.strip(), 1)
        elif lineno != self._stray_last:
            self.stray = (self.stray[0], self.stray[1], self.stray[2] + 1)
        self._stray_last = lineno

    def refuse(self, reason: str, lineno: int) -> None:
        """The game cannot be read: the first reason is kept, and what it holds is let go; only
        the tags that name it are kept from here on."""
        if self.problem is None:
            self.problem = (reason, lineno)
            self.sections.clear()
            self.comments.clear()


# A line that opens with a tag: where a game's tags start again after a comment never closed.
OPENS_WITH_TAG = re.compile(r'\s*\[\s*[A-Za-z][A-Za-z0-9_]*\s*"')
NAMING_TAGS = ("Event", "Board", "Room", "Table")  # kept from a refused game: its hand id


def read_games(text: str | Iterable[str | LongLine]) -> Iterator[Game]:
    """The games of a PBN text (or of its lines, read as they come), tags inherited ("#"), one at
    a time: a file of any size is read in the memory of one game, and a game is at most BOARD_MAX,
    takes at most INHERITED_MAX bytes of tag values from the game before it, and its note references
    copy at most COPIED_MAX bytes of note text.

    A comment opened with `{` ends at its `}`. One that is never closed is an error at its opening
    line, the game it opened in is refused, and reading goes on at the next game: a comment that
    runs to the end of the file; one that reaches a line opening with a tag after a blank line (a
    game's tags: commentary holds none); one that runs past NOTE_MAX (what a note may hold), after
    which the lines are skipped up to the next game's tags."""
    reader = _GameReader()
    for lineno, raw in enumerate(text.splitlines() if isinstance(text, str) else text, start=1):
        yield from reader.line(lineno, raw)
    yield from reader.end()


class _GameReader:
    """`read_games`, a line at a time: the game being read, the section its tokens go to, a
    comment open over several lines, the previous game's tags (inherited with "#"), and the tags
    given for every later game ("##")."""

    def __init__(self) -> None:
        self.previous: dict[str, str] = {}
        # PBN's "##" (PBN 2.0 on, "the '##' feature" of the standard's test file correct_20.pbn): a tag
        # value "##VALUE" is VALUE for its game and for every later game that does not give the tag
        # itself, until a game gives "##" alone: a file's [Event "##OKbridge Tournament"] once, on its
        # first game, is every game's event (26 files of the real archives write their event so).
        self.kept: dict[str, str] = {}
        self.game: Game | None = None
        self.section: str | None = None
        self.in_brace: list[str] | None = None  # the lines of a comment not yet closed
        self.brace_line = self.brace_size = 0
        self.blank_before = False  # the line just read is blank: for the next, it came after a blank line
        self.skipping = False  # after a comment run past its bound: up to the next game's tags
        self.last_token: tuple[str, int] | None = None

    def line(self, lineno: int, raw: str | LongLine) -> Iterator[Game]:
        """One line of the file, and the games it ends."""
        long = raw if isinstance(raw, LongLine) else (LongLine(len(raw), raw[:240]) if len(raw) > LINE_MAX else None)
        if long is None:
            raw = raw.rstrip("\r\n")  # type: ignore[union-attr]
        after_blank, self.blank_before = self.blank_before, long is None and not raw.strip()  # type: ignore[union-attr]
        if self.skipping:
            if not (after_blank and long is None and OPENS_WITH_TAG.match(raw)):  # type: ignore[arg-type]
                return
            self.skipping = False
        if self.in_brace is not None:
            rest = yield from self._comment_goes_on(lineno, raw, long, after_blank)  # type: ignore[arg-type]
            if rest is None:
                return
            raw = rest
        if long is not None:
            if self.game is None:
                self.game = Game(lineno)
            self.game.refuse(long.describe("an archive"), lineno)
            return
        assert isinstance(raw, str)
        if raw.startswith("%"):
            return  # an escape line: directives, not part of any game
        if raw.strip() == "\x1a":
            return  # the end of a file as DOS marked it (Ctrl-Z), after the last game
        if not raw.strip():
            yield from self._finish()
            return
        if self.game is None:
            self.game = Game(lineno)
        game = self.game
        game.size += len(raw) + 1
        if game.size > BOARD_MAX:
            game.refuse(f"the game runs past {size_text(BOARD_MAX)}, the most a board of an archive may hold",
                        lineno)
        if "[" not in raw and "{" not in raw and ";" not in raw:
            # No tag and no commentary: the line is tokens only (most of a play section).
            if self.section in SECTION_TAGS and game.problem is None:
                _tokens(game, self.section, raw, lineno)
                if game.problem is None:
                    self.last_token = game.sections[self.section][-1]
            elif self.section is None:
                game.stray_text(lineno, raw)
            return
        yield from self._words(lineno, raw)

    def end(self) -> Iterator[Game]:
        """The end of the file: a comment still open, and the last game."""
        if self.in_brace is not None:
            yield from self._unclosed("runs to the end of the file")
        yield from self._finish()

    def _comment_goes_on(self, lineno: int, raw: str, long: LongLine | None,
                         after_blank: bool) -> Generator[Game, None, str | None]:
        """A line read inside a comment opened on an earlier line: the rest of the line after the
        comment's `}` (None when nothing of it is left to read)."""
        if long is None and after_blank and OPENS_WITH_TAG.match(raw):
            yield from self._unclosed(f"is not closed before line {lineno}, which opens a game's tags")
            return raw
        in_brace = self.in_brace
        assert in_brace is not None
        end = -1 if long is not None else raw.find("}")
        self.brace_size += (long.size if long is not None else len(raw) if end < 0 else end) + 1
        if self.brace_size > NOTE_MAX:
            yield from self._unclosed(f"runs past {size_text(NOTE_MAX)} (what a note may hold) without its '}}'")
            self.skipping = True
            return None
        if end < 0:
            in_brace.append(raw)
            return None
        in_brace.append(raw[:end])
        game = self.game
        if game is not None:
            game.size += self.brace_size
            if game.size > BOARD_MAX:
                game.refuse(f"the game runs past {size_text(BOARD_MAX)}, the most a board of an archive "
                            "may hold", lineno)
        if game is not None and game.problem is None:
            game.comments.append((*_anchor(self.section, self.last_token), "\n".join(in_brace), self.brace_line))
        self.in_brace = None
        rest = raw[end + 1:]
        return rest if rest.strip() else None  # (the rest of the line after a comment is not a blank line)

    def _words(self, lineno: int, raw: str) -> Iterator[Game]:
        """A line with tags or commentary in it, read word by word."""
        game = self.game
        assert game is not None
        pos = 0
        while pos < len(raw):
            ch = raw[pos]
            if ch.isspace():
                pos += 1
                continue
            if ch == ";":
                if game.problem is None:
                    game.comments.append((*_anchor(self.section, self.last_token), raw[pos + 1:].strip(), lineno))
                break
            if ch == "{":
                end = raw.find("}", pos + 1)
                if end < 0:
                    self.in_brace, self.brace_line, self.brace_size = [raw[pos + 1:]], lineno, len(raw) - pos
                    break
                if game.problem is None:
                    game.comments.append((*_anchor(self.section, self.last_token), raw[pos + 1:end], lineno))
                pos = end + 1
                continue
            if ch == "[":
                m = TAG.match(raw, pos) or (UNQUOTED_TAG.match(raw, pos) if not raw[:pos].strip() else None)
                if m:
                    if m.group(1) in ONCE_A_GAME and m.group(1) in game.tags:
                        yield from self._finish()  # (the game before ended with no blank line)
                        game = self.game = Game(lineno)
                    self._tag(game, m.group(1), tag_value(m.group(2)), lineno)
                    pos = m.end()
                    continue
            end = pos + 1  # at least one character: a stray "[" is a token of its own
            while end < len(raw) and not raw[end].isspace() and raw[end] not in "{;[":
                end += 1
            token = raw[pos:end]
            if self.section in SECTION_TAGS and game.problem is None:
                _tokens(game, self.section, token, lineno)
                self.last_token = (token, lineno)
            elif self.section is None:
                game.stray_text(lineno, raw[pos:])
            pos = end

    def _tag(self, game: Game, name: str, value: str, lineno: int) -> None:
        if game.problem is None or name in NAMING_TAGS:
            game.tags[name] = value
            game.tag_lines[name] = lineno
        if name == "Note" and game.problem is None and ":" in value:
            number, _, text = value.partition(":")
            game.notes.setdefault(game.last_section, {})[number.strip()] = text.strip()
        if name in SECTION_TAGS:
            game.last_section = name
        self.section = name if name in SECTION_TAGS else "other"
        if name in SECTION_TAGS and game.problem is None:
            game.sections[name] = []
        self.last_token = (name, lineno)

    def _finish(self) -> Iterator[Game]:
        """The game read so far, ended (its inherited tags filled in), and the text before it that
        was no PBN, said."""
        game = self.game
        if game is not None and game.stray is not None:  # said, as a problem outside any game
            first, head, count = game.stray
            held = "; a NUL at every other byte: a part in UTF-16?" if head[1::2].count("\x00") > len(head) // 3 else ""
            shown = "".join(c if c.isprintable() else "" if c == "\x00" else "?" for c in head)
            skipped = Game(first)
            skipped.refuse(f"{count} line{'s' if count > 1 else ''} of text that is not PBN (no game's tag) "
                           f"skipped from here ('{excerpt(shown)}'{held})", first)
            yield skipped
        if game is not None and (game.tags or game.problem):
            previous, kept = self.previous, self.kept
            for k, v in list(game.tags.items()):
                if v == "#":  # PBN 2.1 §3.4: the value of the previous game
                    game.tags[k] = previous.get(k, "")
                    game.inherited.append((k, _bytes(game.tags[k]), game.tag_lines[k]))
                elif v.startswith("##"):  # its value, for this game and the later ones ("##" alone: no more)
                    game.tags[k] = v[2:]
                    if v[2:]:
                        kept[k] = v[2:]
                    else:
                        kept.pop(k, None)
            for k, v in kept.items():
                if k not in game.tags:  # (a game that gives the tag itself gives its own value)
                    game.tags[k] = v
                    game.tag_lines[k] = game.lineno
                    game.inherited.append((k, _bytes(v), game.lineno))
            if "Deal" not in game.tags and "Deal" in previous and ("Contract" in game.tags or "Play" in game.tags):
                # Lenient: a game that gives no deal is another table of the previous board.
                for k in ("Event", "Site", "Date", "Board", "Dealer", "Vulnerable", "Deal"):
                    if k in previous and k not in game.tags:
                        game.tags[k] = previous[k]
                        game.tag_lines[k] = game.lineno
                        game.inherited.append((k, _bytes(previous[k]), game.lineno))
            if game.inherited:
                _inherits_at_most(game)
            if game.problem is None and game.notes and game.sections:
                _copies_at_most(game)
            if game.tags:
                self.previous = dict(game.tags)
            yield game
        self.game, self.section, self.last_token = None, None, None

    def _unclosed(self, why: str) -> Iterator[Game]:
        """The comment open since brace_line is never closed: its game refused, and ended."""
        self.in_brace = None
        if self.game is None:
            self.game = Game(self.brace_line)
        self.game.refuse(f"the comment opened with '{{' at line {self.brace_line} {why}", self.brace_line)
        yield from self._finish()


def _inherits_at_most(game: Game) -> None:
    """A game that takes more than INHERITED_MAX bytes of tag values from the game before it is
    refused, at the line of the tag that passes the bound: a value PBN 2.1 §3.4's "#" copies is not
    in the game's text, and unbounded, a file of one-line games would store gigabytes. The board is
    refused whole (never stored with its tags cut or left out) and the next game is read."""
    total = 0
    for _, size, lineno in game.inherited:
        total += size
        if total > INHERITED_MAX:
            break
    else:
        return
    total = sum(size for _, size, _ in game.inherited)
    largest = sorted(game.inherited, key=lambda t: -t[1])
    named = ", ".join(f"[{name}] {size:,}" for name, size, _ in largest[:2])
    more = f" and {len(largest) - 2} more" if len(largest) > 2 else ""
    game.refuse(f"the game takes {total:,} bytes of tag values from the game before it ({named}{more}; PBN "
                f"2.1 §3.4), and a game may take at most {size_text(INHERITED_MAX)}", lineno)


def note_texts(game: Game, section: str) -> dict[str, str]:
    """The texts a section's `=n=` refers to, by number: the [Note "n:text"] tags placed after that
    section (PBN 2.1 §3.9), over those placed before any section, over the other section's (a file
    that writes every note after one section)."""
    out: dict[str, str] = {}
    for placed in (*(s for s in SECTION_TAGS if s != section), "", section):
        out.update(game.notes.get(placed, {}))
    return out


def copied(game: Game) -> list[tuple[str, int, int]]:
    """What the `=n=` references of a game's auction and play sections copy, in their order: for
    each that refers to a note the game gives, (its number, the note's bytes of UTF-8, the
    reference's line)."""
    out = []
    for section in SECTION_TAGS:
        notes = note_texts(game, section)
        for token, lineno in game.sections.get(section, ()):
            t = token.strip()
            if t.startswith("=") and t.endswith("="):  # (as `formats.pbn` reads a reference)
                number = t.strip("=")
                text = notes.get(number)
                if text:
                    out.append((number, _bytes(text), lineno))
    return out


def _copies_at_most(game: Game) -> None:
    """A game whose note references copy more than COPIED_MAX bytes of note text is refused, at the
    line of the reference that passes the bound: a note written once would be stored as often as
    it is referred to. The board is refused whole (never stored with references left out) and the
    next game is read."""
    references = copied(game)
    total = 0
    for _, size, lineno in references:
        total += size
        if total > COPIED_MAX:
            break
    else:
        return
    total = sum(size for _, size, _ in references)
    by_note: dict[str, list[int]] = {}  # number: [times, bytes]
    for number, size, _ in references:
        by_note.setdefault(number, [0, size])[0] += 1
    largest = sorted(by_note.items(), key=lambda item: -item[1][0] * item[1][1])
    named = "; ".join(f"={number}= {'once' if times == 1 else f'{times} times'}, {size:,} bytes"
                      for number, (times, size) in largest[:2])
    more = f"; and {len(largest) - 2} more" if len(largest) > 2 else ""
    game.refuse(f"the game's =n= references copy {total:,} bytes of [Note] text ({named}{more}), and a game's "
                f"references may copy at most {size_text(COPIED_MAX)}", lineno)


def _bytes(value: str) -> int:
    """A tag value's size in bytes of UTF-8, as the store keeps it."""
    return len(value) if value.isascii() else len(value.encode("utf-8", "surrogatepass"))


def _tokens(game: Game, section: str, text: str, lineno: int) -> None:
    """The tokens of `text` added to the section; a section of more than SECTION_MAX refuses the
    game (split no further than that: a line of a million cards costs what SECTION_MAX cost)."""
    held = game.sections[section]
    room = SECTION_MAX - len(held)
    tokens = text.split(None, room) if room > 0 else text.split(None, 0)
    if len(tokens) <= room and ("!" in text or "?" in text or "$" in text or "=" in text):
        tokens = [piece for token in tokens for piece in split_glued(token)]  # ('4NT!$1': `pbn_tokens`)
    if len(tokens) > room:
        game.refuse(f"the [{section}] section holds more than {SECTION_MAX:,} tokens (a hand's "
                    f"{'52 cards' if section == 'Play' else 'calls'} and their marks take far fewer)", lineno)
        return
    held.extend(zip(tokens, repeat(lineno)))


def tag_value(written: str) -> str:
    """A tag's value as read from what is written between its quotes: `\\"` a quote; every other
    backslash kept as written (a `\\\\` too: so the archives' records are stored, realdata's endplay
    example2.pbn `[Note "3: 2\\\\3 usualy up to 15"]` among them)."""
    return written.replace('\\"', '"')


def quoted(value: str) -> str:
    """A tag's value written between its quotes so that `tag_value` reads it back as it is: a quote
    written `\\"`, a backslash as it is (a writer that doubled it, as PBN 2.1 says, doubled it again at
    every way back through this reader: export-pbn did). A value this cannot write so (a backslash
    before a quote or at its end, not an archive's) is written as PBN says, its backslashes doubled."""
    written = value.replace('"', '\\"')
    return written if _WRITTEN_VALUE.fullmatch(written) else value.replace("\\", "\\\\").replace('"', '\\"')


def _anchor(section: str | None, last: tuple[str, int] | None) -> tuple[str, int]:
    return last if last else (section or "", 0)
