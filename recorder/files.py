"""The one file reader of the write side: transcripts and archives are opened, decoded and
refused here, each problem one sentence naming the file.

- A byte-order mark at the start is dropped, whatever the format (editors on Windows write one).
- A transcript is UTF-8 text (interface.md); bytes that are not are refused, with where.
- An archive is UTF-8, or else ISO-8859-1, as PBN files of the 1990s are: each line on its own
  when read line by line (a file may mix them).
"""

from __future__ import annotations

from typing import BinaryIO, Iterator

BOM = b"\xef\xbb\xbf"


class FileError(ValueError):
    """A file that cannot be read: one sentence, naming the file."""


def open_file(path: str, what: str) -> BinaryIO:
    """The file, open for reading bytes, or one sentence saying why it cannot be; `what` names
    what was expected there (a transcript, an archive)."""
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise FileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise FileError(f"{path}: is a folder, not {what}") from None
    except OSError as e:
        raise FileError(f"{path}: cannot be read ({e.strerror or e})") from None


def _read(path: str, f: BinaryIO) -> bytes:
    try:
        return f.read()
    except OSError as e:  # a read that fails halfway: a disk error, a special file
        raise FileError(f"{path}: cannot be read ({e.strerror or e})") from None


def read_transcript(path: str) -> str:
    """A transcript's text: UTF-8, a byte-order mark dropped."""
    with open_file(path, "a transcript") as f:
        data = _read(path, f)
    data = data[len(BOM):] if data.startswith(BOM) else data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise FileError(f"{path}, line {line}: not UTF-8 text (byte {e.start})") from None


def decode_archive(raw: bytes) -> str:
    """UTF-8, or ISO-8859-1 as PBN files of the 1990s are."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def archive_text(path: str) -> str:
    """An archive's whole text."""
    with open_file(path, "an archive") as f:
        data = _read(path, f)
    return decode_archive(data[len(BOM):] if data.startswith(BOM) else data)


def archive_lines(path: str) -> Iterator[str]:
    """An archive's lines as they are read, each decoded on its own. The file is opened (or
    refused) at once, read as the lines are taken."""
    f = open_file(path, "an archive")

    def lines() -> Iterator[str]:
        with f:
            try:
                for n, raw in enumerate(f):
                    yield decode_archive(raw[len(BOM):] if n == 0 and raw.startswith(BOM) else raw)
            except OSError as e:
                raise FileError(f"{path}: cannot be read ({e.strerror or e})") from None

    return lines()


def archive_head(path: str, size: int = 2000) -> str:
    """The first bytes of an archive, to tell its format."""
    with open_file(path, "an archive") as f:
        try:
            return f.read(size).decode("latin-1")
        except OSError as e:
            raise FileError(f"{path}: cannot be read ({e.strerror or e})") from None
