"""A file handrec writes for a person (the ruling report, the review page), written as a store is
kept: whole or not at all, and never over what is not a file of that kind.

The bytes go to a new file beside the target (same folder, so the move is one rename on one
file system), are synced, and only then moved into place (`os.replace`): a full disk, a kill or a
printer that fails leaves the earlier file as it was, never a stub. The target is refused, in one
sentence, when it is

- a symbolic link (one planted in a shared folder would have the write land on whatever it
  names: the director's store, another user's file); the rename would replace the link itself,
  but a director who named a link meant what it names, and handrec will not guess;
- anything but a regular file (a FIFO would block the command, a device swallow the report);
- the store the command reads, or any SQLite database (a report named like a store, or the
  store named like a report: `--store x.html report ... -o x.html`).

A regular file already there is replaced only once the new one is whole, and the sentence said
to the user says so (`Written.replaced`).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

# The first 16 bytes of every SQLite database file (sqlite.org/fileformat.html, 1.3).
SQLITE_HEADER = b"SQLite format 3\0"


class NotWritten(ValueError):
    """The file was not written, and nothing was changed: one sentence."""


@dataclass(frozen=True)
class Written:
    path: str
    size: int
    replaced: bool  # an earlier file of that name was replaced (once the new one was whole)

    def said(self) -> str:
        """What the user is told beside what was written: that an earlier file was replaced."""
        return " (the earlier file of that name replaced)" if self.replaced else ""


def check_target(target: str, store: str | None = None) -> os.stat_result | None:
    """`NotWritten` when `target` cannot be written (its folder missing; a link, a FIFO, a
    folder, the store or a database there); else what is there now (None: nothing)."""
    folder = Path(target).absolute().parent
    if not folder.is_dir():
        # (one sentence whatever the file: an HTML report, a PDF one, a review page)
        if os.path.lexists(folder):
            raise NotWritten(f"{target}: cannot be written ({folder} is {_what(folder)}, not a folder)")
        raise NotWritten(f"{target}: cannot be written (the folder {folder} does not exist)")
    return _existing(target, store)


def _what(path: Path) -> str:
    """What stands at a path where a folder was meant: a file, or what else it is."""
    try:
        mode = os.stat(path).st_mode
    except OSError:  # (a link to nothing)
        return "a link to nothing"
    return "a file" if stat.S_ISREG(mode) else "a named pipe, a device or a socket"


def write_whole(target: str, data: bytes, store: str | None = None) -> Written:
    """Write `data` to `target` whole, or raise `NotWritten` leaving everything as it was.
    `store`: the SQLite file the command reads (None for PostgreSQL), never written over."""
    path = Path(target)
    folder = path.absolute().parent
    existing = check_target(target, store)
    mode = stat.S_IMODE(existing.st_mode) if existing is not None else _new_file_mode()
    fd, beside = _new_file_beside(path, target)
    try:
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.chmod(beside, mode)
            # (checked again just before the move: a link or a FIFO planted meanwhile is replaced
            # by the rename, never followed; the store put there meanwhile is still refused)
            _existing(target, store)
            os.replace(beside, path)
        except OSError as e:
            kept = " (the earlier file is kept as it was)" if existing is not None else ""
            raise NotWritten(f"{target}: cannot be written ({e.strerror or e}){kept}") from None
    except BaseException:
        try:
            os.unlink(beside)
        except OSError:
            pass
        raise
    _sync_folder(folder)
    return Written(target, len(data), existing is not None)


def _existing(target: str, store: str | None) -> os.stat_result | None:
    """What is at `target` now, if it is a regular file handrec may replace (None: nothing there);
    anything else refused in one sentence."""
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise NotWritten(f"{target}: cannot be written ({e.strerror or e})") from None
    if stat.S_ISLNK(st.st_mode):
        raise NotWritten(f"{target}: is a symbolic link (to {os.readlink(target)}); handrec writes only to a "
                         "plain file, never through a link: name the file itself")
    if stat.S_ISDIR(st.st_mode):
        raise NotWritten(f"{target}: is a folder; name a file in it")
    if not stat.S_ISREG(st.st_mode):
        raise NotWritten(f"{target}: is not a regular file (a named pipe, a device or a socket); "
                         "name a plain file")
    if store is not None:
        try:
            theirs = os.stat(store)
        except OSError:
            theirs = None
        if theirs is not None and (theirs.st_dev, theirs.st_ino) == (st.st_dev, st.st_ino):
            raise NotWritten(f"{target}: is the store this command reads; name another file")
    try:
        with open(target, "rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError as e:
        raise NotWritten(f"{target}: cannot be read to check what it is ({e.strerror or e})") from None
    if head == SQLITE_HEADER:
        raise NotWritten(f"{target}: is an SQLite database (a store?), which handrec never writes over; "
                         "name another file")
    return st


def _new_file_beside(path: Path, target: str) -> tuple[int, Path]:
    """A new file in the target's folder, made here (O_EXCL: never one that was there)."""
    for n in range(100):
        beside = path.with_name(f".{path.name}.{os.getpid()}.{n}.part")
        try:
            return os.open(beside, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600), beside
        except FileExistsError:
            continue
        except OSError as e:
            raise NotWritten(f"{target}: cannot be written ({e.strerror or e})") from None
    raise NotWritten(f"{target}: cannot be written (no new file could be made beside it)")


def _new_file_mode() -> int:
    """The mode a new file gets from `open(..., 'w')`: 0666 less the umask."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _sync_folder(folder: Path) -> None:
    """The rename made durable (the folder's entry synced), where the system allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
