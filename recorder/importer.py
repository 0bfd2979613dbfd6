"""Importing archives: every board of every file stored as a hand, whole or not at all.

A board that breaks a physical fact (a card its player does not hold, a card twice) is refused
with the file, the line and the reason; the rest of the file is imported. Hand ids are
deterministic, so importing a file again adds nothing and says so.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterator

from .application import HandRecorder, StoreError
from .archive import Board
from .transcript import TranscriptError


class ArchiveError(ValueError):
    """A file that cannot be read as an archive at all."""


@dataclass
class Refusal:
    file: str
    line: int | None
    hand_id: str
    reason: str

    def __str__(self) -> str:
        where = f"{self.file}, line {self.line}" if self.line else self.file
        return f"{where}: board {self.hand_id} refused: {self.reason.rstrip('.')}."


@dataclass
class ImportReport:
    files: int = 0
    boards: int = 0
    hands_added: int = 0
    hands_extended: int = 0
    events_added: int = 0
    already: int = 0
    refused: list[Refusal] = field(default_factory=list)

    def summary(self) -> str:
        parts = [f"{self.boards} board{'s' if self.boards != 1 else ''} read from {self.files} file{'s' if self.files != 1 else ''}",
                 f"{self.hands_added} hand{'s' if self.hands_added != 1 else ''} added ({self.events_added} events)"]
        if self.hands_extended:
            parts.append(f"{self.hands_extended} extended")
        parts.append(f"{self.already} already stored")
        parts.append(f"{len(self.refused)} refused")
        return ", ".join(parts)


def _open(path: str) -> BinaryIO:
    """The archive file, or one sentence saying why it cannot be read."""
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise ArchiveError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ArchiveError(f"{path}: is a folder, not an archive") from None
    except OSError as e:
        raise ArchiveError(f"{path}: cannot be read ({e.strerror})") from None


def _decode(raw: bytes) -> str:
    """UTF-8, or ISO-8859-1 as PBN files of the 1990s are."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def read_lines(path: str) -> Iterator[str]:
    """An archive's lines as they are read, each decoded on its own."""
    f = _open(path)

    def lines() -> Iterator[str]:
        with f:
            for n, raw in enumerate(f):
                yield _decode(raw[3:] if n == 0 and raw.startswith(b"\xef\xbb\xbf") else raw)

    return lines()


def read_text(path: str) -> str:
    """An archive's whole text."""
    with _open(path) as f:
        data = f.read()
    return _decode(data[3:] if data.startswith(b"\xef\xbb\xbf") else data)


def boards_of(path: str) -> Iterator[Board]:
    """The boards of one archive, by its name (.pbn, .lin) or else by what it holds. PBN files are
    read line by line as the boards are stored; LIN files, small by nature, are read whole."""
    suffix = Path(path).suffix.lower()
    head = ""
    if suffix not in (".pbn", ".lin"):
        with open(path, "rb") as f:
            head = f.read(2000).decode("latin-1").lstrip()
    if suffix == ".pbn" or (suffix != ".lin" and ("[Deal " in head or head.startswith("%") or head.startswith("["))):
        from . import pbn

        return pbn.boards(read_lines(path), path)
    if suffix == ".lin" or "md|" in head or "qx|" in head or "pn|" in head:
        from . import lin

        return lin.boards(read_text(path), path)
    raise ArchiveError(f"{path}: neither PBN nor LIN (no [Deal] tag, no md| deal)")


BATCH = 200  # boards saved a transaction


@contextmanager
def _collector_between_transactions() -> Iterator[None]:
    """An import makes millions of short-lived objects and no reference cycles; Python's cyclic
    collector, left to itself, walks the boards still pending again and again. It runs once after
    each transaction instead, on what that transaction left."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def import_files(app: HandRecorder, paths: list[str],
                 on_board: Callable[[Board], None] | None = None) -> ImportReport:
    with _collector_between_transactions():
        return _import_files(app, paths, on_board)


def _import_files(app: HandRecorder, paths: list[str], on_board: Callable[[Board], None] | None) -> ImportReport:
    report = ImportReport()
    for path in paths:
        if not Path(path).exists():
            raise ArchiveError(f"{path}: no such file")
        if Path(path).is_dir():
            raise ArchiveError(f"{path}: is a folder, not an archive")
        report.files += 1
        batch = _Batch(app, report, path)
        for board in boards_of(path):
            report.boards += 1
            batch.add(board)
            if on_board is not None:
                on_board(board)
        batch.flush()
    return report


class _Batch:
    """Boards checked one by one and saved many to a transaction (each still whole or not at all)."""

    def __init__(self, app: HandRecorder, report: ImportReport, path: str):
        self.app, self.report, self.path = app, report, path
        self.pending: list[tuple[Any, Any, Board]] = []
        self.ids: set[str] = set()

    def add(self, board: Board) -> None:
        if board.problem is not None:
            self.report.refused.append(Refusal(self.path, board.problem_line, board.hand_id, board.problem))
            return
        if board.hand_id in self.ids:
            self.flush()  # the same hand again: what is pending must be stored first
        try:
            hand, recorded = self.app.prepare(board.lines, file=self.path)
        except TranscriptError as e:
            self.report.refused.append(Refusal(self.path, e.lineno, board.hand_id, e.reason))
            return
        if recorded.added == 0:
            self.report.already += 1
            return
        self.pending.append((hand, recorded, board))
        self.ids.add(board.hand_id)
        if len(self.pending) >= BATCH:
            self.flush()

    def flush(self) -> None:
        pending, self.pending, self.ids = self.pending, [], set()
        if not pending:
            return
        try:
            self.app.save_hands([hand for hand, _, _ in pending])
            saved = pending
        except StoreError:
            saved = []
            for hand, recorded, board in pending:  # one by one, to name the board that failed
                try:
                    self.app.save_hands([hand])
                    saved.append((hand, recorded, board))
                except StoreError as e:
                    self.report.refused.append(Refusal(self.path, None, board.hand_id, str(e)))
        for _, recorded, _ in saved:
            self.report.events_added += recorded.added
            if recorded.added == recorded.total:
                self.report.hands_added += 1
            else:
                self.report.hands_extended += 1
        del pending, saved
        gc.collect(0)  # what the transaction left, its hands released (see _collector_between_transactions)
