"""Importing archives: every board of every file stored as a hand, whole or not at all.

A board that breaks a physical fact (a card twice in its deal) is refused with the file, the line
and the reason; the rest of the file is imported. A board whose play breaks one (a card its player
does not hold, a card played twice) is kept up to the fault, marked faulty (`tag Fault`, archive.py),
and counted apart in the summary. What goes wrong outside
any board (a comment never closed before the first game) is refused the same way, and a file that
holds no board at all says so: each is a refusal, and the exit status says something was refused.
Hand ids are deterministic, so importing a file again adds nothing and says so.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import queue
import signal
import threading
import time
from concurrent.futures import FIRST_EXCEPTION, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterator, Sequence

from bridge.messages import TranscriptError, shortened_before
from formats import lin, pbn
from formats.archive import Board, archive_name, archive_names
from formats.files import CODE_PAGES, FileError, archive_encoding, archive_head, plain_file

from .application import HandRecorder
from .errors import StoreError
from .corrections import RecordDiffers
from .store import Store


class ArchiveError(FileError):
    """A file that cannot be read as an archive at all."""


@dataclass
class Refusal:
    file: str
    line: int | None
    hand_id: str  # empty: what is refused is not a board (a file with no board, a comment before any)
    reason: str
    # The end of `reason` said whole (`RecordDiffers.whole`: the corrections that bring the store to
    # the board, which the user copies into commands), the rest shortened as any reason is.
    whole: str = ""

    @classmethod
    def of(cls, file: str, hand_id: str, e: TranscriptError) -> "Refusal":
        """A board refused by what its record cannot be: its line, its reason, and the end of it said
        whole (`RecordDiffers.whole`)."""
        return cls(file, e.lineno, hand_id, e.reason, e.whole)

    def __str__(self) -> str:
        where = f"{self.file}, line {self.line}" if self.line else self.file
        what = f"board {self.hand_id} refused: " if self.hand_id else ""
        return f"{where}: {what}{shortened_before(self.reason, self.whole).rstrip('.')}."


ALREADY_NAMED = 1  # the boards found already stored that the summary names (the first)


@dataclass
class ImportReport:
    files: int = 0
    boards: int = 0
    hands_added: int = 0
    hands_extended: int = 0
    events_added: int = 0
    already: int = 0
    # The first board found already stored (the same board read twice, or stored by an earlier
    # import), said in the summary: "hand id, file line N".
    already_named: list[str] = field(default_factory=list)
    faulty: int = 0  # of the hands added, those whose play was kept up to a physical fault (archive.py)
    # Boards stored before under another ruleset: kept under the stored one (never refused for it).
    kept_ruleset: dict[str, int] = field(default_factory=dict)
    refused: list[Refusal] = field(default_factory=list)
    # Files whose hands are named by a longer name than their folder and name (_Batch._longer): that name.
    renamed: dict[str, str] = field(default_factory=dict)
    fewer_processes: str = ""  # why the import ran fewer processes than asked (a server's connection limit)
    # The folder the hands' files are named from (`import_root`): said once, in the summary.
    root: str = ""
    # The files not UTF-8 throughout, by the code page their other lines were read in (CODE_PAGES).
    encodings: dict[str, int] = field(default_factory=dict)

    def add(self, other: "ImportReport") -> None:
        """Another process's report, counted in this one."""
        for name in ("files", "boards", "hands_added", "hands_extended", "events_added", "already", "faulty"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name, n in other.kept_ruleset.items():
            self.kept_ruleset[name] = self.kept_ruleset.get(name, 0) + n
        for name, n in other.encodings.items():
            self.encodings[name] = self.encodings.get(name, 0) + n
        self.refused.extend(other.refused)
        self.renamed.update(other.renamed)
        self.already_named.extend(other.already_named[:ALREADY_NAMED - len(self.already_named)])

    def summary(self) -> str:
        parts = [f"{self.boards} board{'s' if self.boards != 1 else ''} read from {self.files} file{'s' if self.files != 1 else ''}",
                 f"{self.hands_added} hand{'s' if self.hands_added != 1 else ''} added ({self.events_added} events"
                 + (f"; {self.faulty} with a faulty play kept up to the fault)" if self.faulty else ")")]
        if self.hands_extended:
            parts.append(f"{self.hands_extended} extended")
        named = self.already_named[:ALREADY_NAMED]
        parts.append(f"{self.already} already stored" + (f" (first: {'; '.join(named)})" if named else ""))
        for name, n in sorted(self.kept_ruleset.items()):
            parts.append(f"{n} kept under {name}, the ruleset {'they were' if n != 1 else 'it was'} stored with")
        if self.renamed:
            n = len(self.renamed)
            named = "; ".join(f"{path} as {name}" for path, name in list(self.renamed.items())[:3]) + ("; ..." if n > 3 else "")
            parts.append(f"{n} file{'s' if n != 1 else ''} named by a longer path, as hands of another file of the same "
                         f"folder and name hold other deals ({named})")
        outside = sum(1 for r in self.refused if not r.hand_id)
        parts.append(f"{len(self.refused) - outside} refused")
        if outside:
            parts.append(f"{outside} error{'s' if outside != 1 else ''} outside any board")
        if self.fewer_processes:
            parts.append(self.fewer_processes)
        for i, (name, n) in enumerate(sorted(self.encodings.items(), key=lambda item: -item[1])):
            # (the code page of the lines that are not UTF-8: `files.archive_encoding`)
            parts.append(f"{n} file{'s' if n != 1 else ''} not UTF-8 read as {name}" if not i else f"{n} as {name}")
        return ", ".join(parts) + (f"; files named relative to {self.root}" if self.root else "")


# The archives an import reads, each format by the suffix of its files' names (in any case): its
# module reads its boards (`load`), says what its beginning looks like (`looks_like`) and what a
# file of it that holds no board is told (`NO_BOARD`). A file named otherwise is of the first format
# whose beginning it looks like, in this order (a PBN tag is looked for before a LIN pair).
ARCHIVES: dict[str, ModuleType] = {pbn.SUFFIX: pbn, lin.SUFFIX: lin}


def archives_in(paths: Sequence[str]) -> list[str]:
    """The archives these paths name: a file as it is (checked later, `archive_format`; a named
    pipe or a device is refused at once, before the store is opened: `plain_file`); a folder's
    PBN and LIN files (by their names, `.pbn`, `.lin`, in any case) at any depth, in the
    order of their paths, hidden files and folders (`.git`) left out. A folder that holds none is
    one sentence."""
    out: list[str] = []
    for path in paths:
        if not path:  # (an empty word, a shell variable not set: Path('') is the current folder)
            raise ArchiveError("'': an empty path names no archive or folder (the current folder is '.')")
        folder = Path(path)
        if not folder.is_dir():
            if os.path.lexists(path):
                try:
                    plain_file(path, "an archive")
                except FileError as e:
                    raise ArchiveError(str(e)) from None
            out.append(path)
            continue
        found = sorted(str(f) for f in folder.rglob("*") if f.suffix.lower() in ARCHIVES and f.is_file()
                       and not any(part.startswith(".") for part in f.relative_to(folder).parts))
        if not found:
            names = " or ".join(archive.NAME for archive in ARCHIVES.values())
            raise ArchiveError(f"{path}: a folder that holds no {names} archive ({', '.join(ARCHIVES)})")
        out.extend(found)
    return out


def import_root(paths: Sequence[str]) -> str:
    """The folder an import names its hands' files from (their `source` `file`): the deepest folder
    holding every path named, a folder named being its own (`handrec import /data/realdata-3`:
    `/data/realdata-3`, its files `eduucaldas__AlphaBridge/...`). An absolute path, never a
    stored one: a hand's file is the path relative to it, the same on every machine."""
    folders = [os.path.abspath(p) if os.path.isdir(p) else os.path.dirname(os.path.abspath(p)) for p in paths]
    return os.path.commonpath(folders) if folders else os.path.abspath(os.curdir)


def relative_to(path: str, root: str | None) -> str:
    """The file as a hand names it (its `source` `file`): relative to the import's root (`import_root`),
    '/' between its parts; as given when there is none."""
    if not root:
        return path
    return Path(os.path.relpath(os.path.abspath(path), root)).as_posix()


def archive_format(path: str) -> ModuleType:
    """The format of an archive (its module in `ARCHIVES`): by the file's name (.pbn, .lin), or else
    by what its beginning holds; or one sentence saying why it is neither, or cannot be read."""
    try:
        plain_file(path, "an archive")  # (a named pipe would wait for a writer, /dev/zero never end)
    except FileError as e:
        raise ArchiveError(str(e)) from None
    named = ARCHIVES.get(Path(path).suffix.lower())
    if named is not None:
        return named
    head = archive_head(path).lstrip()
    for archive in ARCHIVES.values():
        if archive.looks_like(head):
            return archive
    raise ArchiveError(f"{path}: neither PBN nor LIN (no [Deal] tag, no md| deal)")


def boards_of(path: str, ruleset: str | None = None, encoding: str | None = None) -> Iterator[Board]:
    """The boards of one archive, read line by line as the boards are stored: a file of any size
    in the memory of one board (and of one line, at most LINE_MAX). `ruleset`: the one the import
    names (None: each reader's default for what the archive says); `encoding`: the code page of its
    lines that are not UTF-8 (`files.archive_encoding`; None: Windows-1252)."""
    return archive_format(path).load(path, ruleset, encoding)


BATCH = 500  # boards saved a transaction, across files: what memory an import holds
LOOKUP = 100  # boards whose presence in the store is asked at once
# Transactions between two runs of the cyclic collector (`_collector_between_transactions`).
COLLECT_EVERY = 20


@contextmanager
def _collector_between_transactions() -> Iterator[None]:
    """An import makes millions of short-lived objects and no reference cycles; Python's cyclic
    collector, left to itself, walks the boards still pending again and again. It runs on the
    youngest objects once every COLLECT_EVERY transactions instead (`_Batch.collect`): each run
    walks the boards then pending, and finds no garbage (none in the 15,424 boards of the real
    archives, refusals and faults among them; an error's traceback may hold a cycle, which then
    waits for the next run)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def import_files(app: HandRecorder, paths: list[str], on_board: Callable[[Board], None] | None = None,
                 jobs: int = 1, on_file: Callable[[str], None] | None = None,
                 ruleset: str | None = None, root: str | None = None) -> ImportReport:
    """Import the archives into the app's store, BATCH boards a transaction (each board whole or
    not at all). With `jobs` above 1, that many processes import whole files side by side;
    `on_board` is then not called. `on_file` is called as each file has been read. Refusals are
    listed in the order of the files and of their lines. `ruleset` names the ruleset of every new
    board (None: what each archive says, `pbn.game_ruleset`, `lin.event_ruleset`); a board already
    stored keeps the ruleset it was stored with, and the report counts it (`kept_ruleset`). `root`:
    the folder each hand names its file from (`import_root`, `relative_to`; None: as given)."""
    for path in paths:
        archive_format(path)  # every file is one before any is imported: a list stored whole or not at all
    fewer = ""
    if jobs > 1 and len(paths) > 1:
        # Each process opens one connection to a PostgreSQL server (its pool held to one): no more
        # processes than the server, the role and the database still allow connections.
        left = app.connections_left()
        if left is not None and left < jobs:
            fewer = (f"{max(left, 1)} process{'es' if left > 1 else ''} instead of {jobs}, as the PostgreSQL server "
                     f"allows {left} more connection{'s' if left != 1 else ''}")
            jobs = left
    if jobs > 1 and len(paths) > 1:
        report = _import_in_processes(app, paths, jobs, on_file, ruleset, root)
    else:
        report = _import_all(app, paths, on_board, on_file, ruleset, root)
    report.fewer_processes = fewer
    # Said when it is not the current folder (whose paths are relative as given).
    report.root = root if root and root != os.path.abspath(os.curdir) else ""
    order = {path: i for i, path in reversed(list(enumerate(paths)))}
    report.refused.sort(key=lambda r: (order.get(r.file, len(order)), r.line or 0))
    return report


def _import_all(app: HandRecorder, paths: list[str], on_board: Callable[[Board], None] | None,
                on_file: Callable[[str], None] | None, ruleset: str | None = None,
                root: str | None = None) -> ImportReport:
    report = ImportReport()
    with _collector_between_transactions(), _Batch(app, report) as batch:  # (a transaction may hold boards of several files)
        for path in paths:
            report.files += 1
            read = 0
            named, shown = archive_name(path), relative_to(path, root)
            encoding = archive_encoding(path)  # (the code page of its lines that are not UTF-8: said)
            if encoding is not None:
                report.encodings[CODE_PAGES[encoding]] = report.encodings.get(CODE_PAGES[encoding], 0) + 1
            for board in boards_of(path, ruleset, encoding):
                if board.hand_id:  # (a problem outside any board is no board)
                    read += 1
                # The hand names its file relative to the import's root, not by this machine's path
                # (its id's name is the file's own: kept, for `Board.under`).
                board.archive = board.archive or named
                board.source["file"] = shown
                if encoding is not None:
                    board.source["encoding"] = CODE_PAGES[encoding]
                batch.add(board, path)
                if on_board is not None:
                    on_board(board)
            report.boards += read
            if not read:  # random bytes, a file of another kind: said, never "0 boards read" and success
                report.refused.append(Refusal(path, None, "", archive_format(path).NO_BOARD))
            if on_file is not None:
                on_file(path)
        batch.flush()
        batch.settle()
    return report


# ---------------------------------------------------------------- several processes

_worker_app: HandRecorder | None = None
_worker_error = ""  # why the process could not open the store
_worker_stop: Any = None  # set by the parent when the import is interrupted
_worker_done: Any = None  # the files read, for the parent's progress bar


class _Stopped(Exception):
    """The import was interrupted: the boards not yet saved are dropped, whole."""


def _worker_start(store: Store, env: dict[str, Any], stop: Any, done: Any, parent: int) -> None:
    global _worker_app, _worker_stop, _worker_done
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    threading.Thread(target=_end_with_parent, args=(parent,), daemon=True).start()
    _worker_stop, _worker_done = stop, done
    try:
        _worker_app = HandRecorder(store, env=env)
    except StoreError as e:  # said by the parent, in one sentence, when the process is given work
        global _worker_error
        _worker_error = str(e)


def _end_with_parent(parent: int) -> None:
    """A parent killed (SIGKILL, SIGTERM) cannot stop its processes: they end themselves when it
    is gone, at once; the transaction open then is rolled back, the boards stay whole."""
    while True:
        time.sleep(0.25)
        if os.getppid() != parent:
            os._exit(1)


def _worker_import(paths: list[str], ruleset: str | None = None, root: str | None = None) -> ImportReport:
    if _worker_app is None:
        raise StoreError(_worker_error or "an import process could not open the store")

    def stop_if_asked(_: Board) -> None:
        if _worker_stop.is_set():
            raise _Stopped

    try:
        return _import_all(_worker_app, paths, stop_if_asked, _worker_done.put, ruleset, root)
    except _Stopped:
        return ImportReport()  # interrupted: the parent reports nothing


def _import_in_processes(app: HandRecorder, paths: list[str], jobs: int,
                         on_file: Callable[[str], None] | None, ruleset: str | None = None,
                         root: str | None = None) -> ImportReport:
    # Files that give the same hand ids (the same folder and file names) go to one process, in
    # the order given, so that the later one finds the earlier one's hands as a single process does.
    groups: dict[str, list[str]] = {}
    for path in paths:  # a file given twice is read twice, by one process, as one process would
        groups.setdefault(archive_name(path), []).append(path)
    # One share of the files a process, by size, the largest first to the least loaded: each
    # process saves BATCH boards a transaction across its files.
    shares: list[list[str]] = [[] for _ in range(min(jobs, len(groups)))]
    loads = [0] * len(shares)
    for group in sorted(groups.values(), key=lambda g: -sum(os.path.getsize(p) for p in g)):
        least = loads.index(min(loads))
        shares[least].extend(group)
        loads[least] += sum(os.path.getsize(p) for p in group)
    # Each process opens the store itself. Forking is quick, and safe while this process runs one
    # thread (no lock of another thread is copied half-held; the copied connection is never used);
    # a PostgreSQL store's pool runs threads, and its workers start afresh.
    context = multiprocessing.get_context("fork" if threading.active_count() == 1 and hasattr(os, "fork") else "spawn")
    stop, done = context.Event(), context.Queue()

    def report_files_done() -> None:
        while True:
            try:
                path = done.get_nowait()
            except queue.Empty:
                return
            if on_file is not None:
                on_file(path)

    try:
        # A process imports in one thread: one connection is all its pool needs (PostgreSQL).
        env = {**app.env_given, "POSTGRES_POOL_SIZE": "1", "POSTGRES_MAX_OVERFLOW": "0"}
        with ProcessPoolExecutor(max_workers=len(shares), mp_context=context, initializer=_worker_start,
                                 initargs=(app.store, env, stop, done, os.getpid())) as pool:
            futures = [pool.submit(_worker_import, share, ruleset, root) for share in shares]
            try:
                running = set(futures)
                while running:
                    finished, running = wait(running, timeout=0.2, return_when=FIRST_EXCEPTION)
                    report_files_done()
                    for future in finished:
                        future.result()  # a file that cannot be read: raised here
                report_files_done()
            except BaseException:  # Ctrl-C, or a file that cannot be read: the others stop at their next board
                stop.set()
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    except BrokenProcessPool:
        raise StoreError("an import process stopped before its end; every board it stored is whole: "
                         "run the import again to add the rest") from None
    report = ImportReport()
    for future in futures:
        report.add(future.result())
    return report


class _Batch:
    """Boards checked one by one and saved many to a transaction (each still whole or not at all).
    Whether the store holds them already is asked for LOOKUP boards at once."""

    def __init__(self, app: HandRecorder, report: ImportReport):
        self.app, self.report = app, report
        self.waiting: list[tuple[Board, str]] = []  # read, not yet checked
        self.pending: list[tuple[Any, Any, Board, str]] = []  # checked, not yet saved
        self.ids: set[str] = set()
        self.names: dict[str, str] = {}  # a file whose hands take a longer name (_longer): that name
        # Saved, their commit not yet made (`HandRecorder.save_hands_in_background`): the boards,
        # their ids, and what waits for the commit.
        self.committing: list[tuple[Any, Any, Board, str]] = []
        self.committing_ids: set[str] = set()
        self.commit: Callable[[], None] | None = None
        self.transactions = 0
        # Saved since the boards waiting were looked up: not new to the store any more.
        self.stored_since: set[str] = set()

    def __enter__(self) -> "_Batch":
        return self

    def __exit__(self, *exc: Any) -> None:
        if exc[0] is not None and self.commit is not None:
            # Interrupted, or a file that cannot be read: the save being committed is let finish
            # (its boards whole), its errors left unsaid behind the one raised.
            with suppress(Exception):
                self.commit()
            self.commit = None

    def add(self, board: Board, path: str) -> None:
        if board.problem is not None:
            self.report.refused.append(Refusal(path, board.problem_line, board.hand_id, board.problem))
            return
        self.waiting.append((board, path))
        if len(self.waiting) >= LOOKUP:
            self._check_waiting()

    def _check_waiting(self) -> None:
        waiting, self.waiting = self.waiting, []
        self.stored_since = set()
        stored = self.app.stored_among([board.hand_id for board, _ in waiting])
        looked_up: set[str] = set()
        for board, path in waiting:
            # New to the store, as it was looked up, the first time it comes: no need to load it.
            new = board.hand_id not in stored and board.hand_id not in looked_up
            looked_up.add(board.hand_id)
            self._check(board, path, new)

    def _check(self, board: Board, path: str, new: bool) -> None:
        if path in self.names:  # the file's hands are named by a longer name (_longer)
            board, new = board.under(self.names[path]), False
        while True:
            if board.hand_id in self.ids or board.hand_id in self.committing_ids:
                self.flush()  # the same hand again: what is pending must be stored first,
                self.settle()
                new = False  # and the hand is then read back from the store
            elif board.hand_id in self.stored_since:
                new = False  # stored since it was looked up: read back from the store
            try:
                hand, recorded = self.app.prepare(board.lines, file=path, new=new, keep_ruleset=True,
                                                  cards_checked=board.cards_checked, archive=True)
                break
            except TranscriptError as e:
                longer = self._longer(board, path, e)
                if longer is None:
                    self.report.refused.append(Refusal.of(path, board.hand_id, e))
                    return
                board, new = longer, False
        self._kept(recorded)
        if recorded.added == 0:
            self._already(board, path)
            return
        self.pending.append((hand, recorded, board, path))
        self.ids.add(board.hand_id)
        if len(self.pending) >= BATCH:
            self.flush()

    def _longer(self, board: Board, path: str, refused: TranscriptError) -> Board | None:
        """The board under its file's next longer name (`archive_names`), when the hand stored under
        its id holds another deal: that hand is another file's, of the same folder and name from
        elsewhere (`lin_data/000/00007` of two archives). The file's later boards take the same
        name; a hand stored before keeps its id, and importing either file again finds its own."""
        if not isinstance(refused, RecordDiffers) or refused.at is None or board.lines[refused.at].kind != "deal":
            return None
        names = archive_names(path)
        depth = names.index(board.archive) + 1 if board.archive else 1
        if depth == len(names):
            return None  # no folder left above: refused as differing
        self.names[path] = self.report.renamed[path] = names[depth]
        return board.under(names[depth])

    def _already(self, board: Board, path: str) -> None:
        """A board the store holds already, whole: counted, and the first named."""
        self.report.already += 1
        if len(self.report.already_named) < ALREADY_NAMED:
            line = board.lines[0].lineno if board.lines else None
            self.report.already_named.append(f"{board.hand_id}, {path}{f' line {line}' if line else ''}")

    def _kept(self, recorded: Any) -> None:
        if recorded.kept_ruleset:
            self.report.kept_ruleset[recorded.kept_ruleset] = self.report.kept_ruleset.get(recorded.kept_ruleset, 0) + 1

    def _again(self, board: Board, path: str) -> tuple[Any, Any, Board, str] | None:
        """The hand changed in the store while this board waited (another import stored it): the
        board is checked again against what is stored now, and saved if it still adds something."""
        while True:
            try:
                hand, recorded = self.app.prepare(board.lines, file=path, keep_ruleset=True,
                                                  archive=True)  # (counted once, in _check)
                if recorded.added == 0:
                    self._already(board, path)
                    return None
                self.app.save_hands([hand])
                return hand, recorded, board, path
            except TranscriptError as e:
                longer = self._longer(board, path, e)
                if longer is None:
                    self.report.refused.append(Refusal.of(path, board.hand_id, e))
                    return None
                board = longer
            except StoreError as e:
                self.report.refused.append(Refusal(path, board.lines[0].lineno or None, board.hand_id, str(e)))
                return None

    def flush(self) -> None:
        """Save what is pending: its rows inserted and committed while the next boards are read
        (`settle` waits for them, and saves the boards one by one if the insert or the commit
        failed; a save still committing is settled first)."""
        if self.waiting:
            self._check_waiting()  # may itself flush, when BATCH boards are pending
        self.settle()
        pending, self.pending, self.ids = self.pending, [], set()
        if not pending:
            return
        try:
            commit = self.app.save_hands_in_background([hand for hand, _, _, _ in pending])
        except StoreError:
            self._one_by_one(pending)
            self.stored_since |= {board.hand_id for _, _, board, _ in pending}
            pending = []  # (its hands released before the collector runs)
            self.collect()
            return
        self.committing, self.committing_ids, self.commit = pending, {board.hand_id for _, _, board, _ in pending}, commit

    def settle(self) -> None:
        """Wait for the save being committed, and count what it stored; when its commit fails,
        its boards are saved one by one, to name the one that fails."""
        commit, committing = self.commit, self.committing
        if commit is None:
            return
        try:
            commit()  # (interrupted, it is still to be waited for: __exit__ waits again)
            failed = False
        except StoreError:
            failed = True
        self.stored_since |= self.committing_ids
        self.commit, self.committing, self.committing_ids = None, [], set()
        if failed:
            self._one_by_one(committing)
        else:
            self._count(committing)
        del commit, committing
        self.collect()

    def collect(self) -> None:
        """A transaction ended, its hands released: the cyclic collector runs on the youngest
        objects once every COLLECT_EVERY transactions (see _collector_between_transactions)."""
        self.transactions += 1
        if self.transactions % COLLECT_EVERY == 0:
            gc.collect(0)

    def _one_by_one(self, pending: list[tuple[Any, Any, Board, str]]) -> None:
        saved = []
        for item in pending:  # one by one, to name the board that failed
            try:
                self.app.save_hands([item[0]])
                saved.append(item)
            except StoreError:
                again = self._again(*item[2:])
                if again is not None:
                    saved.append(again)
        self._count(saved)

    def _count(self, saved: list[tuple[Any, Any, Board, str]]) -> None:
        for _, recorded, board, _ in saved:
            self.report.events_added += recorded.added
            if recorded.added == recorded.total:
                self.report.hands_added += 1
                self.report.faulty += board.fault is not None
            else:
                self.report.hands_extended += 1
