"""Who may record the officials' acts in the review room, and in whose name.

A finding of fact (`find`), a claim's adjudication (`adjudicate`), an adjusted score (`adjust`) and
the ruling's own fields (`tag Director`, and the appeal's part: `tag RulingGiven`, `AppealTold`,
`AppealDeadline`, `Appellants`, `AppealReasons`, `Deposit`, `Committee`) are the Director's; an appeal's decision
(`appeal`) is the appeals committee's (L92, L93). A player who holds the club's room token may
record the play, his statements and the questions asked at the table; he may not record an
official's act, nor write under an official's name: a finding recorded in the Director's name by
anyone in the room would move the report to his account (`HandRecorder.found_account`) and print
his words as the Director's.

So the room knows its officials (`handrec serve --officials FILE`: one official a line, `NAME
TOKEN`, NAME one word as `by=NAME` takes it: `TD`, `A.Whitfield`, `AC`), each logging in with a
token of his own. An official's act is recorded only from an official's login, and its `by=` is
the room's, never typed: the room writes the name of whoever logged in (a line that names another
is refused). A correction (`strike`, `amend`) of an official's act is an official's act too. No
login but an official's may write `by=` with an official's name. Without `--officials`, the room
records no official's act and says where it is recorded (`handrec find`, `handrec add` on the
store's own machine).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Callable

from bridge.lines import CORRECTIONS, Line, canonical, parse_line
from bridge.tags import APPEAL_TAGS
from bridge.words import written_by

# The kinds of line that are an official's act (the Director's or the committee's).
OFFICIAL_KINDS = frozenset({"find", "appeal", "adjudicate", "adjust"})
# The tags that are the ruling's own fields: who ruled.
OFFICIAL_TAGS = frozenset({"Director", *APPEAL_TAGS})
_TAG_WORDS = frozenset(t.lower() for t in OFFICIAL_TAGS)
# The kinds whose grammar requires `by=NAME` (decisions.FIND, APPEAL): the room puts it in before
# the line is read, as the official's login gives it.
_BY_REQUIRED = frozenset({"find", "appeal"})


class OfficialsError(ValueError):
    """The officials' file cannot be used as given: one sentence."""


def is_officials_act(line: Line) -> bool:
    return line.kind in OFFICIAL_KINDS or (line.kind == "tag" and line.args.get("name") in OFFICIAL_TAGS)


@dataclass(frozen=True)
class Officials:
    """The room's officials: name → the SHA-256 digest of his token."""

    digests: tuple[tuple[str, bytes], ...] = ()

    @classmethod
    def read(cls, path: str | None, room_token: str | None) -> "Officials":
        """The officials of `handrec serve --officials FILE` (none without it)."""
        if path is None:
            return cls()
        from formats.files import FileError, plain_file

        try:  # (a named pipe would hold the start; nothing there is said below)
            plain_file(path, "an officials' file", pipes=True, missing_ok=True)
        except FileError as e:
            raise OfficialsError(str(e)) from None
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read(1 << 20)
        except (OSError, UnicodeDecodeError) as e:
            raise OfficialsError(f"the officials' file {path} cannot be read "
                                 f"({getattr(e, 'strerror', None) or e})") from None
        found: list[tuple[str, bytes]] = []
        tokens: set[str] = set()
        for lineno, raw in enumerate(text.splitlines(), start=1):
            words = raw.split("#", 1)[0].split()
            if not words:
                continue
            if len(words) != 2:
                raise OfficialsError(f"{path}, line {lineno}: an official is written NAME TOKEN (NAME one word, as "
                                     "by=NAME takes it: TD, A.Whitfield)")
            name, token = words
            if name in dict(found):
                raise OfficialsError(f"{path}, line {lineno}: {name} is named twice")
            if len(token) < 12:
                raise OfficialsError(f"{path}, line {lineno}: {name}'s token is {len(token)} characters; give at "
                                     "least 12 (a random one: python3 -c 'import secrets; print(secrets.token_urlsafe(16))')")
            if token in tokens or token == room_token:
                raise OfficialsError(f"{path}, line {lineno}: {name}'s token is another's (the room's or an "
                                     "official's); each official has a token of his own")
            tokens.add(token)
            found.append((name, _digest(token)))
        if not found:
            raise OfficialsError(f"the officials' file {path} names no official: one a line, NAME TOKEN")
        return cls(tuple(found))

    @property
    def names(self) -> frozenset[str]:
        return frozenset(name for name, _ in self.digests)

    def who(self, token: str) -> str | None:
        """The official whose token this is, compared in constant time with every one."""
        given = _digest(token)
        found = None
        for name, digest in self.digests:
            if hmac.compare_digest(given, digest):
                found = name
        return found

    def as_recorded(self, text: str, official: str | None, event_line: Callable[[int], str | None]) -> str:
        """The line as the room records it for this login (`official`: the official's name, or
        None for a player's login or no login), or `OfficialsError` saying why it is not recorded.
        `event_line(N)`: the stored line of the hand's event N (None past its end), to know whether
        a correction corrects an official's act."""
        words = text.split()
        head = words[0] if words else ""
        # (the kind of act by its first word, before the line is read: a player's `find TEXT` is
        # refused as an official's act, not as a line that lacks its by=)
        act = head in OFFICIAL_KINDS or (head == "tag" and len(words) > 1 and words[1].lower() in _TAG_WORDS)
        if head in _BY_REQUIRED and official is not None and not (len(words) > 1 and words[1].lower().startswith("by=")):
            rest = text.split(None, 1)[1] if len(words) > 1 else ""
            text = f"{head} {written_by(official, rest)} {rest}"  # (the room's by=, as by= reads it, before it is read)
        if act:
            self._may_record(f"'{head}' is an official's act", official)
        line = parse_line(text, 0)
        if line is None:
            return text  # (the recorder says what is wrong with it)
        if line.kind in CORRECTIONS:
            corrected = parse_line(event_line(line.args["event"]) or "")  # (a stored line: read as stored)
            act = corrected is not None and is_officials_act(corrected)
            if act:
                self._may_record(f"'{line.kind} {line.args['event']}' corrects an official's act (event "
                                 f"{line.args['event']}), which is an official's act too", official)
        author = line.args.get("author") or ""
        if act:
            if author and author != official:
                raise OfficialsError(f"by={author} is not who is logged in: the room records {official}'s acts in "
                                     f"{official}'s name; leave by= out")
            if "author" in line.args:
                return canonical(line.kind, {**line.args, "author": official})
            return line.canonical
        if author and author in self.names and author != official:
            raise OfficialsError(f"by={author} is the name of an official of this room: only {author}'s own login "
                                 "writes under it")
        return text

    def _may_record(self, what: str, official: str | None) -> None:
        """`what` ("'find' is an official's act") refused unless an official is logged in."""
        if not self.digests:
            raise OfficialsError(f"{what}, and this room knows no official: record it with 'handrec add' on the "
                                 "store's machine, or start the room with --officials FILE (docs/review-room.md)")
        if official is None:
            raise OfficialsError(f"{what} (the Director's or the appeals committee's): log in on /login with your "
                                 "own official's token to record it")


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "replace")).digest()
