"""The one file reader of the formats: transcripts and archives are opened, decoded and refused
here, each problem one sentence naming the file (the import and `handrec record` read through it;
the store and the review room's token and officials files ask it what a path is).

- A byte-order mark at the start is dropped, whatever the format (editors on Windows write one).
- A transcript is UTF-8 text (docs/transcripts.md); bytes that are not are refused, with where.
- An archive is UTF-8, or else Windows-1252 (ISO-8859-1 and its quotes, dashes and euro), as PBN
  files of the 1990s are, or Windows-1250 where its words say so (`archive_encoding`, for the whole
  file): each line on its own when read line by line (a file may mix UTF-8 and its code page).
- A transcript or an archive is UTF-16 (or UTF-32) when it opens with that encoding's byte-order
  mark, or (UTF-16) when its first bytes are plainly that encoding without its mark, as some
  Windows programs save ("Unicode").
- A line is at most LINE_MAX long. A longer line of a transcript is refused; a longer line of an
  archive is not read but given to its reader as a `LongLine` (its size and its first words), which
  refuses the board it falls in. Memory stays within a few times LINE_MAX whatever a line holds.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import stat
from typing import BinaryIO, Callable, Iterator, TypeVar

from bridge.messages import excerpt, size_text

BOM = b"\xef\xbb\xbf"
LINE_MAX = 1 << 20  # the longest line of a transcript or an archive, in bytes (interface.md): 1 MiB


# Byte-order marks of the wide encodings, the longest first (UTF-32-LE's starts as UTF-16-LE's).
WIDE_BOMS = ((b"\xff\xfe\x00\x00", "utf-32"), (b"\x00\x00\xfe\xff", "utf-32"),
             (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))


class FileError(ValueError):
    """A file that cannot be read: one sentence, naming the file."""


def kind_of(mode: int) -> str:
    """What a file's mode (`os.stat`'s st_mode) says it is, as a sentence names it: a plain file,
    a folder, a named pipe, a device, a socket."""
    if stat.S_ISREG(mode):
        return "a plain file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


class LongLine:
    """A line longer than LINE_MAX, not read: its size and how it starts."""

    __slots__ = ("size", "head")

    def __init__(self, size: int, head: str):
        self.size, self.head = size, head

    def describe(self, what: str) -> str:
        """One clause: `what` names the file's kind (a transcript, an archive)."""
        return (f"the line is {size_text(self.size)} long, and a line of {what} is at most {size_text(LINE_MAX)} "
                f"('{excerpt(self.head)}')")


def wide_encoding(head: bytes) -> str | None:
    """The encoding a byte-order mark of UTF-16 or UTF-32 at the start names; else UTF-16 without
    its mark when the first bytes (`head`, a few hundred of them) are plainly that; else None."""
    for bom, encoding in WIDE_BOMS:
        if head.startswith(bom):
            return encoding
    return _utf16_unmarked(head)


def _utf16_unmarked(head: bytes) -> str | None:
    """UTF-16 saved without its byte-order mark: the text of a record is mostly Latin letters, each
    two bytes, one of them NUL, the NUL second (little-endian) or first (big-endian). No UTF-8 or
    ISO-8859-1 record holds a NUL, let alone one at every other byte."""
    sample = head[:len(head) - len(head) % 2]
    if len(sample) < 8:
        return None
    even, odd = sample[0::2], sample[1::2]
    if even.count(0) == 0 and odd.count(0) >= 0.9 * len(odd):
        return "utf-16-le"
    if odd.count(0) == 0 and even.count(0) >= 0.9 * len(even):
        return "utf-16-be"
    return None


HEAD = 512  # the bytes `wide_encoding` is shown


_Text = TypeVar("_Text", str, bytes)


def bounded_lines(readline: Callable[[int], _Text], newline: _Text) -> Iterator[_Text | LongLine]:
    """The lines `readline` gives, each at most LINE_MAX long (with its newline); a longer one is
    read on to its end in pieces, never whole, and given as a `LongLine`."""
    while True:
        line = readline(LINE_MAX + 1)
        if not line:
            return
        if len(line) <= LINE_MAX or line.endswith(newline):
            yield line
            continue
        size, head = len(line), line[:4 * 60]
        while True:
            more = readline(1 << 16)
            size += len(more)
            if not more or more.endswith(newline):
                break
        text = head if isinstance(head, str) else decode_archive(head)
        yield LongLine(size, text)


# How a shell hands a command a pipe as a file's name (`<(command)`, /dev/stdin): an open descriptor.
_DESCRIPTOR = re.compile(r"/dev/(?:fd/(\d+)|std(in))|/proc/self/fd/(\d+)")


def plain_file(path: str, what: str, pipes: bool = False, missing_ok: bool = False) -> None:
    """Refuse in one sentence (`FileError`) what is not a plain file to read `what` (a transcript,
    an archive) from, before it is opened: a named pipe would have the read wait for a writer that
    may never come, a device (/dev/zero) never end, a socket not open; a folder is said so. With
    `pipes`, a pipe or a terminal the shell hands over as an open descriptor (`<(command)`,
    /dev/stdin, /dev/fd/N), whose writer is there, is read as given. Nothing there is 'no such
    file' (`missing_ok`: left to the opening to say)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if missing_ok:
            return
        raise FileError(f"{path}: no such file") from None
    except OSError as e:
        raise FileError(f"{path}: cannot be read ({e.strerror or e})") from None
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise FileError(f"{path}: is a folder, not {what}")
    if pipes and (stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)):
        given = _DESCRIPTOR.fullmatch(os.path.abspath(path))
        if given is not None:
            fd = int(given[1] or given[3] or 0)
            if stat.S_ISFIFO(mode) or os.isatty(fd):
                return
    but = ", or hand a pipe over as /dev/stdin or <(command)" if pipes and stat.S_ISFIFO(mode) else ""
    raise FileError(f"{path}: is {kind_of(mode)}, not {what}; name a plain file{but}")


def open_file(path: str, what: str, pipes: bool = False) -> BinaryIO:
    """The file, open for reading bytes, or one sentence saying why it cannot be; `what` names
    what was expected there (a transcript, an archive). Only a plain file, or with `pipes` a pipe
    handed over as an open descriptor (`plain_file`); opened without waiting for a writer, so that
    a named pipe put in the file's place meanwhile is refused, not waited on."""
    plain_file(path, what, pipes)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise FileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise FileError(f"{path}: is a folder, not {what}") from None
    except OSError as e:
        raise FileError(f"{path}: cannot be read ({e.strerror or e})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode) and not (pipes and (stat.S_ISFIFO(mode) or os.isatty(fd))):
            raise FileError(f"{path}: is {kind_of(mode)}, not {what}; name a plain file")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _read(path: str, f: BinaryIO) -> bytes:
    try:
        return f.read()
    except OSError as e:  # a read that fails halfway: a disk error, a special file
        raise FileError(f"{path}: cannot be read ({e.strerror or e})") from None


def read_transcript(path: str) -> str:
    """A transcript's text: UTF-8, a byte-order mark dropped, no line longer than LINE_MAX."""
    with open_file(path, "a transcript", pipes=True) as f:
        parts: list[bytes] = []
        try:
            for n, line in enumerate(bounded_lines(f.readline, b"\n"), start=1):
                if isinstance(line, LongLine):
                    raise FileError(f"{path}, line {n}: {line.describe('a transcript')}")
                parts.append(line)
        except OSError as e:  # a read that fails halfway: a disk error, a special file
            raise FileError(f"{path}: cannot be read ({e.strerror or e})") from None
        data = b"".join(parts)
        del parts
    data = data[len(BOM):] if data.startswith(BOM) else data
    wide = wide_encoding(data[:HEAD])
    if wide:  # UTF-16 or UTF-32, as some Windows editors save ("Unicode"), with or without its mark
        try:
            return data.decode(wide).removeprefix("\ufeff")
        except UnicodeDecodeError as e:
            raise FileError(f"{path}: not {wide.upper()} text throughout, as it begins (byte {e.start}); "
                            "save it as UTF-8") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise FileError(f"{path}, line {line}: not UTF-8 text (byte {e.start})") from None


def decode_archive(raw: bytes, encoding: str = "cp1252") -> str:
    """UTF-8, or else the file's code page (`archive_encoding`): Windows-1252 as PBN files of the
    1990s are (ISO-8859-1 with the quotes, the dashes and the euro at 0x80-0x9F: `“Smart” – Bob
    €5`), or Windows-1250; the bytes it leaves undefined read as ISO-8859-1 reads them."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode(encoding, "latin1_undefined")


# The code pages an archive's lines that are not UTF-8 are read in, by the name a sentence gives them.
CODE_PAGES = {"cp1252": "Windows-1252 (Western European)", "cp1250": "Windows-1250 (Central European)"}
# Bytes Windows-1250 reads as a letter and Windows-1252 as a sign or not at all: Ł Ą Ż ł ą ż Ľ ľ Ź Ť
# ť, where Windows-1252 has £ ¥ ¯ ³ ¹ ¿ ¼ ¾ and nothing. After a letter, in a word, they are letters
# of Central Europe (Michał, Bożena, Wałęsa): £5, 10³ and ¿Qué never follow one.
_CENTRAL = frozenset(b"\xa3\xa5\xaf\xb3\xb9\xbf\xbc\xbe\x8f\x8d\x9d")
# Bytes Windows-1250 leaves undefined: a file that holds one is not in it.
_NOT_CENTRAL = frozenset(b"\x81\x83\x88\x90\x98")
# Letters of both code pages, read apart by what follows them: Windows-1252's ñ Ñ, in Spanish, is
# always followed by a vowel (España, Muñoz, Peña), Windows-1250's ń Ń never is (Moszczyński,
# Kwiecień, Poznań); Windows-1252's œ Œ is followed by u (cœur, sœur, Œuvre), Windows-1250's ś Ś
# is not (Jaśkiewicz, Śląsk, Wieś). A byte of these after a letter, and followed by what only the
# Central European letter is, says Windows-1250 as `_CENTRAL`'s bytes do.
_CENTRAL_UNLESS = {0xF1: b"aeiouyAEIOUY", 0xD1: b"aeiouyAEIOUY", 0x9C: b"uU", 0x8C: b"uU"}


def archive_encoding(path: str) -> str | None:
    """The code page of an archive's lines that are not UTF-8 (a key of CODE_PAGES), or None when
    every line is UTF-8 (or the file UTF-16). Windows-1252, as PBN files of the 1990s are, unless the
    file's words say Windows-1250: a letter followed by a byte only Windows-1250 reads as a letter
    (`_CENTRAL`: `Micha\\xb3` is Michał, not Micha³), or by one that is a letter of both but followed
    by what only Windows-1250's is (`_CENTRAL_UNLESS`: `Pozna\\xf1` is Poznań, not Poznañ), and no
    byte Windows-1250 leaves undefined.
    Decided for the whole file, its lines read once more (a file of ASCII costs an `isascii` a line).
    charset-normalizer was tried and not taken: on the 136 real archives that are not UTF-8 it named
    112 wrongly (cp775 for Dutch files on one non-breaking space, cp1250 for a Danish Søren,
    mac_latin2 for an American Hervé); this rule reads them all as Windows-1252."""
    other = central = False
    with open_file(path, "an archive") as f:
        try:
            if wide_encoding(f.peek(HEAD)[:HEAD]):
                return None
            for raw in bounded_lines(f.readline, b"\n"):
                if isinstance(raw, LongLine) or raw.isascii():
                    continue
                try:
                    raw.decode("utf-8")
                    continue
                except UnicodeDecodeError:
                    other = True
                if not _NOT_CENTRAL.isdisjoint(raw):
                    return "cp1252"
                central = central or any(_central_letter(raw, i) for i in range(1, len(raw)))
        except OSError as e:
            raise FileError(f"{path}: cannot be read ({e.strerror or e})") from None
    if not other:
        return None
    return "cp1250" if central else "cp1252"


def _central_letter(raw: bytes, i: int) -> bool:
    """Whether the byte at i (after the first) is a letter only Windows-1250 reads so where it
    stands: after a letter, one of `_CENTRAL`, or one of `_CENTRAL_UNLESS` not followed by what
    follows the Western letter of the same byte."""
    byte, before = raw[i], raw[i - 1]
    if not (before >= 0x80 or chr(before).isalpha()):
        return False
    if byte in _CENTRAL:
        return True
    unless = _CENTRAL_UNLESS.get(byte)
    return unless is not None and (i + 1 == len(raw) or raw[i + 1] not in unless)


def _latin1_undefined(e: UnicodeError) -> tuple[str, int]:
    assert isinstance(e, UnicodeDecodeError)
    return e.object[e.start:e.end].decode("latin-1"), e.end


codecs.register_error("latin1_undefined", _latin1_undefined)


def archive_lines(path: str, encoding: str | None = None) -> Iterator[str | LongLine]:
    """An archive's lines as they are read, each decoded on its own (UTF-8, else `encoding`:
    `archive_encoding`'s, Windows-1252 when None), each with its newline; a line longer than
    LINE_MAX is given as a `LongLine`. The file is opened (or refused) at once, read as the lines
    are taken."""
    f = open_file(path, "an archive")

    def lines() -> Iterator[str | LongLine]:
        with f:
            try:
                wide = wide_encoding(f.peek(HEAD)[:HEAD])
                if wide:  # UTF-16 or UTF-32 (by its byte-order mark, which the decoder takes, or plainly so)
                    text = io.TextIOWrapper(f, encoding=wide, errors="replace", newline="\n")
                    yield from bounded_lines(text.readline, "\n")
                    return
                for n, raw in enumerate(bounded_lines(f.readline, b"\n")):
                    if isinstance(raw, LongLine):
                        yield raw
                    else:
                        yield decode_archive(raw[len(BOM):] if n == 0 and raw.startswith(BOM) else raw,
                                             encoding or "cp1252")
            except OSError as e:
                raise FileError(f"{path}: cannot be read ({e.strerror or e})") from None

    return lines()


def archive_head(path: str, size: int = 2000) -> str:
    """The first bytes of an archive, to tell its format."""
    with open_file(path, "an archive") as f:
        try:
            head = f.read(size)
        except OSError as e:
            raise FileError(f"{path}: cannot be read ({e.strerror or e})") from None
    wide = wide_encoding(head)
    if wide:
        return head.decode(wide, "replace").removeprefix("\ufeff")
    return (head[len(BOM):] if head.startswith(BOM) else head).decode("latin-1")
