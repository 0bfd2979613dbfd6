"""The analysis database: an SQLite file written with sqlite-utils, kept up to date from the
store's notification log.

A run reads the notifications after its saved position and notes the hands they touch, in the
order of each hand's first new notification; then it rebuilds each of those hands' rows once
(`projections.analysis.row_values`, over all the hand's events), a few thousand events a transaction,
and saves in the same transaction the position before the first notification of the hands not yet
written (the last one read, once all are). Every notification up to the saved position is in the
rows, so a run stopped at any point (killed, even) and run again gives the same database as a fresh
export; and a hand of n new events costs one fold of it, not one per batch of its events.

A hand whose rows cannot be made (an event corrupted in the store, a fold that fails) or written is
named with the reason, in the report and in the table `hands_not_written`, and the others are
written: one board never stops the export. Each run tries those hands again first.

An SQLite store is read straight from its rows over one connection (`recorder.rows`, as the scan
reads it), and the rows are written a table at a time, a few thousand rows a statement (`_insert`),
by a thread of their own while the next hands are folded (`_Writer`).

The file is made readable by its owner only (`recorder.store.file_mode`), its tables in one
transaction: a file killed while being made holds no table, and the next run makes them. A database
of another program, or one another export is writing at that moment, is refused; a full disk, a
read-only or missing folder, a lock held too long are one sentence, the database whole as its last
transaction left it. A database made by an earlier version is given what it lacks; one whose table
has a narrower key than this version's is given the table again and every hand written again.
"""

from __future__ import annotations

import errno
import gc
import hashlib
import re
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, closing
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from pathlib import Path
from typing import Any
from uuid import UUID

import sqlite_utils

from projections.analysis import COLUMNS, TABLES, row_values
from projections.plain import in_order
from recorder.application import HandRecorder
from recorder.binding import bind_plainly
from recorder.errors import CorruptedEvent, StoreError
from recorder.rows import NotRead, acts, hand_id_in
from recorder.store import create_file, remove_database_file

from .reading import fold_events

MARK = "_handrec_export"  # the table that makes a database one of ours, and holds the position
# What the rows mean, as a number saved in MARK (`rows`): raised whenever a column's meaning changes
# (not when a column or a table is added), so that a database whose rows an earlier version wrote
# has every hand written again by its next run (`_up_to_date`). 1 (or none saved): before issue 40's
# findings 10 and 11; 2: an unfinished play's tricks and score null, `source_declarer` the source's;
# 3: `room` null where the source names none (a LIN single board's was '').
ROWS = 3
BATCH = 10_000  # events folded and written a transaction (a longer hand is written alone, whole)
PAGE = 5000  # notifications read at a time
WINDOW = 20_000  # hands noted before they are written: what a run holds in memory at once
WINDOW_ROWS = 40_000  # stored rows read with their states before they are written (a few MiB)
LOCK_TIMEOUT = 10.0  # seconds a transaction waits for another writer of the file
# Values bound a statement (`_insert`): a prepared statement of n values holds about 100 n bytes,
# and the connection keeps STATEMENTS_KEPT of them: for each table, the statement of the most rows
# and those of 8, 16, 32, ... rows below it (`_sizes`), about 1.6 MB a table.
VALUES_A_STATEMENT = 8000
STATEMENTS_KEPT = 128
# How soon the thread folding the hands lets the writer's thread have the interpreter when it asks
# (seconds; Python's own is 0.005), while an export runs: the writer asks at each statement.
SWITCH_INTERVAL = 0.0005
# Objects made between two looks of Python's collector for cycles at the youngest objects, while an
# export runs (`_collect_seldom`; Python's own is 700).
COLLECT_AFTER = 100_000

SCHEMA: dict[str, tuple[dict[str, type], str | tuple[str, ...]]] = {
    "hands": ({"id": str, "file": str, "format": str, "board": str, "room": str, "table_no": str,
               "event_name": str, "ruleset": str, "options": str, "rubber": str, "dealer": str,
               "contract": str, "strain": str, "level": int, "declarer": str, "tricks_ns": int, "tricks_ew": int,
               "result": int, "complete": int, "events": int, "revokes": int, "NS_trick": int, "NS_honor": int,
               "EW_trick": int, "EW_honor": int, "date": str, "site": str, "director": str, "scoring": str,
               "north": str, "east": str, "south": str, "west": str, "source_declarer": str,
               "source_result": int, "source_score": str, "fault": str, "duplicate_ns": int,
               "source_score_ns": int, "score_agrees": int, "score_disagreement": str,
               "account_of": str, "finding_event": int, "finding": str}, "id"),
    "events": ({"hand_id": str, "number": int, "kind": str, "line": str}, ("hand_id", "number")),
    "tricks": ({"hand_id": str, "number": int, "leader": str, "suit_led": str, "winner": str, "quitted_by": str,
                "quitted_at": int, "cards": int}, ("hand_id", "number")),
    "cards_played": ({"hand_id": str, "trick": int, "order": int, "seat": str, "card": str, "suit": str,
                      "rank": str, "event": int, "withdrawn_at": int, "surplus": int, "leftover": int},
                     ("hand_id", "trick", "order")),
    # A hand's revokes and irregularities are numbered in the order its rulings list them: two of
    # one kind at one event, by one seat, to one trick are still two rows (issue 40).
    "revokes": ({"hand_id": str, "number": int, "event": int, "seat": str, "side": str, "trick": int, "card": str, "suit": str,
                 "kind": str, "status": str, "status_event": int, "laws": str, "penalty_law": str,
                 "elector": str, "elected": str, "penalty_barred_by": str, "explanation": str,
                 "verdict": str, "evidence": str},
                ("hand_id", "number")),
    "irregularities": ({"hand_id": str, "number": int, "event": int, "kind": str, "seat": str, "side": str,
                        "trick": int, "laws": str, "explanation": str}, ("hand_id", "number")),
    "notes": ({"hand_id": str, "event": int, "text": str}, ("hand_id", "event")),
    "players": ({"hand_id": str, "seat": str, "name": str}, ("hand_id", "seat")),
    # An act is one event, of one kind: its fields, as its kind of line declares them, a JSON object.
    "kept_acts": ({"hand_id": str, "event": int, "kind": str, "fields": str}, ("hand_id", "event")),
}

# The hands a run could not write, each with why (its stored id, its hand id when it can be read):
# named in the report, tried again by every run, taken away once written.
NOT_WRITTEN = "hands_not_written"
NOT_WRITTEN_COLUMNS = {"stored_id": str, "hand_id": str, "reason": str}

INDEXES = {
    "hands": [["contract"], ["declarer"], ["file"], ["board"], ["revokes"]],
    "revokes": [["status"], ["seat"], ["kind"], ["suit"], ["verdict"], ["hand_id", "event"]],
    "irregularities": [["kind"], ["hand_id", "event"]],
    "cards_played": [["card"], ["seat"]],
    "events": [["kind"]],
    "players": [["name"]],
    "kept_acts": [["kind"]],
}

VIEWS = {
    "revokes_with_source": """
        select r.hand_id, h.file, h.board, h.room, h.contract, h.declarer, r.seat, r.trick, r.card,
               r.suit, r.kind, r.status, r.laws, r.penalty_law, r.penalty_barred_by, r.verdict, r.evidence
        from revokes r join hands h on h.id = r.hand_id""",
    "established_revokes": """
        select * from revokes where status = 'established' and kind != 'dummy'""",
    "revokes_per_file": """
        select h.file, count(distinct h.id) as hands, count(r.hand_id) as revokes,
               coalesce(sum(r.status = 'established'), 0) as established
        from hands h left join revokes r on r.hand_id = h.id group by h.file""",
    "revokes_by_player": """
        select p.name, count(*) as revokes, sum(r.status = 'established') as established,
               count(distinct r.hand_id) as hands_with_a_revoke
        from revokes r join players p on p.hand_id = r.hand_id and p.seat = r.seat
        where r.kind != 'dummy' group by p.name""",
    "players_hands": """
        select name, count(*) as hands from players group by name""",
    "contracts": """
        select contract, declarer, count(*) as hands, count(result) as results, avg(result) as average_result
        from hands where contract is not null group by contract, declarer""",
    "score_agreement": """
        select coalesce(score_disagreement, 'agrees') as outcome, count(*) as hands
        from hands where score_agrees is not null or score_disagreement is not null group by outcome""",
}


class ExportError(Exception):
    """The database cannot be written; the message is one sentence for the user."""


@dataclass
class ExportReport:
    notifications: int = 0
    hands: int = 0
    position: int = 0
    touched: set = field(default_factory=set)
    # The hands not written, each (its hand id, or its stored id when the id cannot be read; why).
    not_written: dict[str, tuple[str, str]] = field(default_factory=dict)

    def summary(self, path: str) -> str:
        left = (f"; {len(self.not_written)} hand{'s' if len(self.not_written) != 1 else ''} not written "
                f"(listed in its table {NOT_WRITTEN})") if self.not_written else ""
        if not self.notifications:
            return f"{path}: up to date (position {self.position}), nothing new{left}"
        return (f"{path}: {self.notifications} new events read, {self.hands} hand"
                f"{'s' if self.hands != 1 else ''} written (position {self.position}){left}")

    def refusals(self) -> list[str]:
        """Each hand not written, in a sentence: its id and why."""
        return [f"hand '{name}' was not written: {why}" for name, why in self.not_written.values()]


def store_identity(app: HandRecorder) -> str:
    """The store as its analysis database names it, wherever it lies: its first stored event, by
    the hand it opens, its stored id and a digest of its stored state ('' for a store with no event
    yet). Not its path or server: a database shared between analysts carries none of their folders,
    and a store and its database copied to another folder or machine are exported on from where
    they were (`_ours`)."""
    reader = app.store.reader()
    if reader is not None:  # (an SQLite store: its first row)
        with reader:
            row = reader.conn.execute("SELECT originator_id, state FROM stored_events ORDER BY rowid LIMIT 1").fetchone()
    else:
        first = app.recorder.select_notifications(start=1, limit=1)
        row = (first[0].originator_id.hex, first[0].state) if first else None
    if row is None:
        return ""
    state = bytes(row[1])
    return f"{hand_id_in(state) or '?'} {row[0]}:{hashlib.sha256(state).hexdigest()[:16]}"


def open_database(path: str, store: str, identity: str | None = None) -> sqlite_utils.Database:
    """Our own database, made if the file is new or holds no table (a run killed while making it
    leaves one so); refused if the file is something else, or made from another store.
    `identity`: the store's (`store_identity`; `store`, its name, when None); `store`: its name, by
    which a database made by an earlier version, which named the store so, is known as this
    store's."""
    if path.strip() in ("", ":memory:") or path.lower().startswith("file:"):
        # (SQLite reads a 'file:' name as a URI: mode=memory would keep nothing)
        raise ExportError(f"'{path}' is not a file export can keep the database in; give a file's path")
    p = Path(path)
    if p.is_dir():
        raise ExportError(f"{path} is a folder, not a database file")
    folder = p.absolute().parent
    if not folder.is_dir():
        raise ExportError(f"cannot write {path}: the folder {folder} does not exist")
    try:
        made = create_file(p)
    except StoreError as e:
        raise ExportError(str(e)) from None
    except OSError as e:
        raise ExportError(f"cannot write {path}: {_os_reason(e, folder)}") from None
    if not made and p.stat().st_size > 0 and not Path(f"{path}-journal").exists():
        # (with a journal beside it, SQLite first rolls back what a killed run left half written)
        with open(p, "rb") as f:
            if f.read(16) != b"SQLite format 3\x00":
                raise ExportError(f"{path} is not an SQLite database; export will not overwrite it")
    try:
        bind_plainly()  # (a null, a bool bound without sqlite3's search for an adapter: `recorder.binding`)
        # (written by the run's writer thread, one thread at a time: `_Writer`)
        db = sqlite_utils.Database(sqlite3.connect(str(p), timeout=LOCK_TIMEOUT, check_same_thread=False,
                                                    cached_statements=STATEMENTS_KEPT))
    except sqlite3.Error as e:
        if made:
            remove_database_file(p)
        raise ExportError(_explain(path, e, None, made)) from None
    try:
        _ours(db, path, store, store if identity is None else identity, made)
        _up_to_date(db)
    except BaseException as e:
        db.close()
        if made:  # (a full disk, say: the file made here is taken away, not left empty)
            remove_database_file(p)
            if isinstance(e, (sqlite3.Error, OSError)):
                raise ExportError(_explain(path, e, None, made)) from None
        raise
    return db


def _up_to_date(db: sqlite_utils.Database) -> None:
    """A database made by an earlier version gets the tables, columns, indexes and views added since
    (its rows are left as they are: a hand's rows are rewritten when it has new events), and, where
    the rows it holds mean something else than this version's (`ROWS`), every hand written again
    (the position set back to 0, in the same transaction as the number: a run stopped on the way
    goes on from where it stopped)."""
    if MARK not in db.table_names():
        return  # being made: _create makes all of it
    added = False
    with db.conn:
        if "rows" not in db[MARK].columns_dict:
            db[MARK].add_column("rows", int)
        if (db.execute(f"select rows from [{MARK}] where id = 1").fetchone() or (ROWS,))[0] != ROWS:
            db.execute(f"update [{MARK}] set position = 0, rows = ? where id = 1", [ROWS])
        if NOT_WRITTEN not in db.table_names():
            db[NOT_WRITTEN].create(NOT_WRITTEN_COLUMNS, pk="stored_id")
        for name, (columns, pk) in SCHEMA.items():
            keys = [pk] if isinstance(pk, str) else list(pk)
            if name in db.table_names() and db[name].pks != keys:
                # A key narrower than this version's (irregularities on (hand, event, kind), which two
                # rows of one hand can share): the table is made again, every hand written again.
                db[name].drop()
                db.execute(f"update [{MARK}] set position = 0 where id = 1")
            if name not in db.table_names():
                db[name].create(columns, pk=pk, foreign_keys=[("hand_id", "hands", "id")] if name != "hands" else None)
                added = True
                continue
            have = db[name].columns_dict
            for column, kind in columns.items():
                if column not in have:
                    db[name].add_column(column, kind)
                    added = True
        if added:
            for name, indexes in INDEXES.items():
                for cols in indexes:
                    db[name].create_index(cols, if_not_exists=True)
        for name, sql in VIEWS.items():  # views are cheap to make again: always as this version says
            db.create_view(name, sql, replace=True)


def _ours(db: sqlite_utils.Database, path: str, store: str, identity: str, made: bool = False) -> None:
    """Make our tables in a database that holds none; check that another is ours, of this store
    (`identity`, `store_identity`): one made from a store that had no event yet takes this store's,
    as does one made by an earlier version that named this store by its name (`store`: its path or
    server), once (`made`: the file is new, for the words of a failure)."""
    try:
        if not _schema(db):
            db.conn.execute("BEGIN IMMEDIATE")  # (two runs making it at once: the second waits here)
            try:
                if not _schema(db):
                    _create(db, identity)
                db.conn.execute("COMMIT")
            except BaseException:
                if db.conn.in_transaction:
                    db.conn.rollback()
                raise
        names = set(_schema(db))
        mark = db.execute(f"select store, position from [{MARK}] where id = 1").fetchone() if MARK in names else None
        if mark is not None and mark[0] != identity and (mark[0] == store or (mark[0] == "" and mark[1] == 0)):
            with db.conn:
                db.execute(f"update [{MARK}] set store = ? where id = 1", [identity])
            mark = (identity, mark[1])
    except sqlite3.DatabaseError as e:
        if "not a database" in str(e) or "malformed" in str(e):
            raise ExportError(f"{path} is not a readable SQLite database; export will not overwrite it") from None
        raise ExportError(_explain(path, e, None, made)) from None
    if mark is None:
        raise ExportError(f"{path} is not a handrec analysis database; export will not overwrite it")
    if mark[0] != identity:
        theirs, ours = _first_hand(mark[0]), _first_hand(identity)
        if theirs is None:  # (a database of an earlier version, which named its store: said so)
            said = mark[0]
        elif theirs != ours:
            said = f"its first hand is '{theirs}', this store's is {repr(ours) if ours else 'none'}"
        else:
            said = f"its first hand is '{theirs}' too, but recorded apart"
        raise ExportError(f"{path} was made from another store ({said}); export to a new file")


def _first_hand(mark: str) -> str | None:
    """The first hand's id in a store's identity (`store_identity`), None in any other mark."""
    m = re.fullmatch(r"([^ :]+) [0-9a-f]{32}:[0-9a-f]{16}", mark)
    return m.group(1) if m else None


def _schema(db: sqlite_utils.Database) -> list[str]:
    """What the database holds: its tables, views, indexes and triggers (SQLite's own left out)."""
    return [r[0] for r in db.execute("select name from sqlite_master where name not like 'sqlite\\_%' escape '\\'")]


def _create(db: sqlite_utils.Database, identity: str) -> None:
    db[MARK].create({"id": int, "store": str, "position": int, "rows": int}, pk="id")
    db[MARK].insert({"id": 1, "store": identity, "position": 0, "rows": ROWS})
    db[NOT_WRITTEN].create(NOT_WRITTEN_COLUMNS, pk="stored_id")
    for name, (columns, pk) in SCHEMA.items():
        fks = [("hand_id", "hands", "id")] if name != "hands" else None
        db[name].create(columns, pk=pk, foreign_keys=fks)
    # (the indexes are made once the run has written the hands: `_indexes`, a tenth of the time)
    for name, sql in VIEWS.items():
        db.create_view(name, sql)


def export(app: HandRecorder, path: str, store: str, batch: int = BATCH,
           on_batch: Callable[[ExportReport], None] | None = None) -> ExportReport:
    db = open_database(path, store, store_identity(app))
    report = ExportReport()
    hands = _Hands(app)
    writer = _Writer(db, path, report, on_batch)
    switch = sys.getswitchinterval()
    collecting = None
    try:
        sys.setswitchinterval(SWITCH_INTERVAL)
        collecting = _collect_seldom()
        report.position = db.execute(f"select position from [{MARK}] where id = 1").fetchone()[0]
        # The hands an earlier run could not write, tried again first (the position stays).
        again = [r[0] for r in db.execute(f"select stored_id from [{NOT_WRITTEN}] order by rowid")]
        if again:
            writer.write([(key, _rows_of(hands, key)) for key in again], report.position, {})
        start = report.position
        while True:
            # (the next window reads on from the last one's end while its last transaction is written)
            first, counts, last, stored = _touched(hands, start)
            if not first:
                writer.wait()
                _indexes(db)
                return report
            order = list(first)  # in the order of their first new notification
            i = 0
            while i < len(order):
                group: list[tuple[str, Any]] = []
                events = 0
                while i < len(order) and (not group or events < batch):
                    made = _rows_of(hands, order[i], stored.pop(order[i], None))
                    group.append((order[i], made))
                    events += max(len(made["events"]) if isinstance(made, dict) else 0, counts[order[i]])
                    i += 1
                # Every notification before the first of the hands not yet written is in the rows.
                position = first[order[i]] - 1 if i < len(order) else last
                writer.write(group, position, counts)
            start = last
    except (sqlite3.Error, OSError) as e:
        raise ExportError(_explain(path, e, report.position)) from None
    finally:
        try:
            writer.stop()
        finally:
            sys.setswitchinterval(switch)
            if collecting is not None:
                _collect_as_before(collecting)
            hands.close()
            db.close()


def _collect_seldom() -> tuple[tuple[int, int, int], bool]:
    """Python's collector of reference cycles, for the run: what the process held before it (the
    modules, the store's connection) set aside (`gc.freeze`), never looked at again; and the
    youngest objects looked at once every COLLECT_AFTER made, not every 700 (Python's own). A run
    makes millions of short-lived tuples, lists and dicts (the acts read, the rows) and almost no
    cycle: with Python's own settings, looking for cycles was a sixteenth of the run (measured:
    1.15 s of 17.7 s CPU on the 15,388 hands of ../shared/realdata, 2,548 collections). A caller
    that keeps objects frozen already, or the collector off (a threshold of 0), is left as it is.
    What `_collect_as_before` puts back: the thresholds, and whether this run froze."""
    before = gc.get_threshold()
    froze = gc.get_freeze_count() == 0
    if froze:
        gc.freeze()
    if before[0]:
        gc.set_threshold(max(before[0], COLLECT_AFTER), *before[1:])
    return before, froze


def _collect_as_before(collecting: tuple[tuple[int, int, int], bool]) -> None:
    before, froze = collecting
    gc.set_threshold(*before)
    if froze:
        gc.unfreeze()


class _Writer:
    """Each transaction written by a thread of its own while the next hands are read and folded
    (sqlite3 lets go of the interpreter while SQLite works), one at a time: a transaction is begun
    once the one before it is committed, and `on_batch` is called after each, in order."""

    def __init__(self, db: sqlite_utils.Database, path: str, report: ExportReport,
                 on_batch: Callable[[ExportReport], None] | None) -> None:
        self.db, self.path, self.report, self.on_batch = db, path, report, on_batch
        self.thread: threading.Thread | None = None
        self.error: BaseException | None = None

    def write(self, group: list[tuple[str, Any]], position: int, counts: dict[str, int]) -> None:
        self.wait()

        def work() -> None:
            try:
                _write_group(self.db, self.path, self.report, group, position, counts)
            except BaseException as e:  # (said by the thread that waits for it)
                self.error = e

        self.thread = threading.Thread(target=work, name="export-writer", daemon=True)
        self.thread.start()

    def wait(self) -> None:
        """The transaction being written committed (or its error raised here), then `on_batch`."""
        if self.thread is None:
            return
        self.thread.join()
        self.thread = None
        error, self.error = self.error, None
        if error is not None:
            raise error
        if self.on_batch is not None:
            self.on_batch(self.report)

    def stop(self) -> None:
        """The run ends (or stops): the transaction being written is let finish, nothing said."""
        if self.thread is not None:
            self.thread.join()
            self.thread = None


def _indexes(db: sqlite_utils.Database) -> None:
    """The indexes on what people filter by, made where missing: a new database's at the end of its
    first run, once it holds the hands (faster than keeping them while writing); a run killed
    before has them made by the next."""
    with db.conn:
        for name, indexes in INDEXES.items():
            for cols in indexes:
                db[name].create_index(cols, if_not_exists=True)


class _NotMade(Exception):
    """A hand whose rows cannot be made: its name (hand id, else stored id) and why."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(reason)
        self.name, self.reason = name, reason


def _write_group(db: sqlite_utils.Database, path: str, report: ExportReport,
                 group: list[tuple[str, Any]], position: int, counts: dict[str, int]) -> None:
    """One transaction: the group's hands written (those whose rows could not be made or written
    named in `hands_not_written`, the others taken out of it) and the position saved."""
    with _transaction(db, path, report.position):
        made = [(key, r) for key, r in group if isinstance(r, dict)]
        failed = {key: (r.name, r.reason) for key, r in group if isinstance(r, _NotMade)}
        failed.update(_write_hands(db, made))
        written = [key for key, _ in group if key not in failed]
        _delete(db.conn, NOT_WRITTEN, "stored_id", written)
        db.conn.executemany(f"insert or replace into [{NOT_WRITTEN}] (stored_id, hand_id, reason) values (?, ?, ?)",
                            [(k, name if name != k else None, why) for k, (name, why) in failed.items()])
        db.execute(f"update [{MARK}] set position = ? where id = 1", [position])
    report.position = position
    report.notifications += sum(counts.get(key, 0) for key, _ in group)
    for key in written:
        report.not_written.pop(key, None)
    report.not_written.update(failed)
    report.touched.update(written)
    report.hands = len(report.touched)


def _touched(hands: "_Hands", position: int
             ) -> tuple[dict[str, int], dict[str, int], int, dict[str, list[tuple[int, str, bytes]]]]:
    """The hands the notifications after `position` touch (by stored id), each with its first new
    notification's id and its count of them, in the order of those first ids; the last id read;
    and, for each hand whose first event is among them, its rows read so (number, topic, state:
    an SQLite store's rows read in the order they were stored, not hand by hand). At most about
    WINDOW hands; the first WINDOW_ROWS rows read with their states, then the notifications alone
    of the hands already noted, up to the first of another hand (a long hand is read on to its
    end, and read one by one, its rows going on past those read with their states): a rerun of
    the loop reads on from there."""
    first: dict[str, int] = {}
    counts: dict[str, int] = {}
    stored: dict[str, list[tuple[int, str, bytes]]] = {}
    last = position
    read = 0
    while len(first) < WINDOW:
        states = read < WINDOW_ROWS
        page = hands.notifications(last, PAGE, states)
        for n, key, version, topic, state in page:
            if key not in first:
                if not states:
                    return first, counts, last, stored  # (the window ends before another hand)
                first[key] = n
                counts[key] = 0
                if version == 1 and state is not None:
                    stored[key] = []
            counts[key] += 1
            rows_read = stored.get(key)
            if rows_read is not None:
                if state is None:
                    del stored[key]  # (its rows go on past those read with their states)
                else:
                    rows_read.append((version, topic, state))
            last = n
        read += len(page)
        if len(page) < PAGE:
            break
    return first, counts, last, stored


class _Hands:
    """The store's hands as export reads them: an SQLite store straight from its rows over one
    connection (`recorder.rows`, as the scan reads it), else (PostgreSQL, a second account, a row
    the straight reader leaves to it) through the application. Hands are named by their stored
    id (the hex of the originator's UUID)."""

    def __init__(self, app: HandRecorder) -> None:
        self.app = app
        store = getattr(app, "store", None)
        self.reader = store.reader() if store is not None else None

    def notifications(self, after: int, limit: int, states: bool = True
                      ) -> list[tuple[int, str, int, str | None, bytes | None]]:
        """The notifications after `after`: id, stored id, version, and (an SQLite store, `states`)
        the row's topic and state, else None."""
        if self.reader is not None:
            return self.reader.conn.execute(f"SELECT rowid, originator_id, originator_version, "
                                            f"{'topic, state' if states else 'NULL, NULL'} FROM stored_events "
                                            f"WHERE rowid > ? ORDER BY rowid LIMIT ?", (after, limit)).fetchall()
        return [(n.id, n.originator_id.hex, n.originator_version, None, None)
                for n in self.app.recorder.select_notifications(start=after + 1, limit=limit)]

    def events(self, key: str, stored: list[tuple[int, str, bytes]] | None = None) -> tuple[list[Any], bool | None]:
        """The hand's events for the folds ([] when none is stored; an SQLite store's, the acts its
        rows record, `recorder.rows.acts`), and whether it was played in order (`projections.plain`: asked of the rows as read, as the scan asks it), None when not
        asked. `stored`: its rows already read (`_touched`), else read here."""
        if self.reader is not None:
            if stored is None:
                stored = self.reader.conn.execute("SELECT originator_version, topic, state FROM stored_events WHERE "
                                                  "originator_id = ? ORDER BY originator_version", (key,)).fetchall()
            try:
                read = list(acts(stored))
            except CorruptedEvent as e:
                hand_id = hand_id_in(stored[0][2]) if stored else None
                raise (e.of_hand(hand_id) if hand_id is not None else e) from None
            except NotRead:
                read = None
            if read is not None and not (read and read[0][2].get("trunk")):
                return read, in_order(read)  # (the acts: `row_values` makes events of those it folds so)
        events = list(self.app.events.get(UUID(key)))
        if events and getattr(events[0], "trunk", ""):  # a second account: read with what it shares
            events = self.app.hand_events(events[0].hand_id)
        return events, None

    def other(self, hand_id: str) -> list[Any] | None:
        """Another hand's events by its id (the same deal at the other table), None when not stored."""
        if self.reader is not None:
            read = self.reader.read(hand_id)
            if read is not None:
                return fold_events(read) if read else None
        return self.app.stored_events(hand_id)

    def close(self) -> None:
        if self.reader is not None:
            self.reader.close()


def _rows_of(hands: _Hands, key: str, stored: list[tuple[int, str, bytes]] | None = None
             ) -> "dict[str, list[tuple[Any, ...]]] | _NotMade":
    """A hand's rows, from all its stored events (`stored`: its rows already read); or, for a hand
    whose rows cannot be made (an event corrupted in the store, a fold that fails), its name and
    why."""
    try:
        events, played_in_order = hands.events(key, stored)
        return row_values(events, other_table=hands.other, in_order=played_in_order)
    except CorruptedEvent as e:
        if e.hand_id is None:
            opening = hands.app.recorder.select_events(UUID(key), lte=1)
            hand_id = hand_id_in(opening[0].state) if opening else None
            if hand_id is not None:
                e = e.of_hand(hand_id)
        return _NotMade(e.hand_id or key, str(e))
    except (StoreError, sqlite3.OperationalError, MemoryError):
        raise  # (the store, not the hand: the export stops, the database whole)
    except Exception as e:  # a fold that fails on this hand: named, the others written
        return _NotMade(_hand_id_of(hands, key), f"its rows could not be made ({type(e).__name__}: {e})")


def _hand_id_of(hands: _Hands, key: str) -> str:
    try:
        opening = hands.app.recorder.select_events(UUID(key), lte=1)
        return hand_id_in(opening[0].state) or key if opening else key
    except Exception:
        return key


@contextmanager
def _transaction(db: sqlite_utils.Database, path: str, expected: int) -> Iterator[None]:
    """One write transaction, taken at once (BEGIN IMMEDIATE) and committed whole; refused when
    the saved position is not the one this run left (another export is writing the file)."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        saved = db.execute(f"select position from [{MARK}] where id = 1").fetchone()
        if saved is None or saved[0] != expected:
            raise ExportError(f"{path} is being written by another export at the same time (it has reached "
                              f"position {saved[0] if saved else '?'}); this one stopped at position {expected} and "
                              "wrote nothing more, the database whole")
        yield
        db.conn.execute("COMMIT")
    except BaseException:
        if db.conn.in_transaction:
            db.conn.rollback()
        raise


# A row's values are in the order of its table's columns in `projections.analysis.COLUMNS`, the
# same columns as SCHEMA's (tests/test_export.py). The rows of a table are inserted a few thousand a
# statement (`_insert`): SQLite's one step of each inserts them all with the interpreter let go, so
# the writer's thread (`_Writer`) takes the interpreter a few times a transaction, not once a row,
# from the thread folding the next hands.
_INSERT = {name: f"insert into [{name}] ({', '.join(f'[{c}]' for c in cols)}) values ({', '.join('?' * len(cols))})"
           for name, cols in COLUMNS.items()}
# What a hand's rows may hold that SQLite will not take (an integer beyond 64 bits, a value of no
# SQL type) or a key they repeat: the hand is named, the others written.
_HAND_FAULTS = (sqlite3.IntegrityError, sqlite3.InterfaceError, sqlite3.ProgrammingError, OverflowError,
                ValueError, TypeError)


def _write_hands(db: sqlite_utils.Database, made: list[tuple[str, dict[str, list[tuple[Any, ...]]]]]
                 ) -> dict[str, tuple[str, str]]:
    """The hands' rows written in place of what the database held of them, a table at a time; when
    SQLite refuses one, each is written alone to name it. The hands not written: name and why."""
    if not made:
        return {}
    conn = db.conn
    conn.execute("savepoint hands")
    try:
        _insert(conn, [r for _, r in made])
        conn.execute("release hands")
        return {}
    except _HAND_FAULTS:
        conn.execute("rollback to hands")
        conn.execute("release hands")
    failed = {}
    for key, hand_rows in made:
        conn.execute("savepoint hand")
        try:
            _insert(conn, [hand_rows])
            conn.execute("release hand")
        except _HAND_FAULTS as e:
            conn.execute("rollback to hand")
            conn.execute("release hand")
            name = hand_rows["hands"][0][0] if hand_rows["hands"] else key  # (its id)
            failed[key] = (name, f"SQLite refused its rows ({' '.join(str(e).split())})")
    return failed


def _insert(conn: sqlite3.Connection, group: list[dict[str, list[tuple[Any, ...]]]]) -> None:
    ids = [r["hands"][0][0] for r in group if r["hands"]]  # (each hand's id, its row's first value)
    for name in (*TABLES[1:], TABLES[0]):  # (the hands last)
        _delete(conn, name, "id" if name == "hands" else "hand_id", ids)
    most = _most_values(conn)
    for name in TABLES:
        values = [row for r in group if r["hands"] for row in r[name]]
        i = 0
        for size in _sizes(len(values), most // len(COLUMNS[name])):
            if size < SMALLEST:
                conn.executemany(_INSERT[name], values[i:])
                break
            conn.execute(_insert_sql(name, size), list(chain.from_iterable(values[i:i + size])))
            i += size


# The fewest rows a statement of several inserts: fewer are inserted one by one (`_sizes`).
SMALLEST = 8


def _sizes(n: int, per: int) -> Iterator[int]:
    """How `n` rows are inserted, at most `per` a statement: as many statements of `per` rows as
    fit, then the rest in statements of 2^k rows, from the largest (at least SMALLEST), and the
    last few (fewer than SMALLEST: the one size given) one by one. Statements of the same few
    sizes every transaction, each made once for the run and kept by the connection
    (STATEMENTS_KEPT), where the rest of each table at a size of its own was a statement of
    thousands of values made again each transaction (a few milliseconds each)."""
    full, rest = divmod(n, per)
    yield from [per] * full
    size = 1 << max(rest.bit_length() - 1, 0)
    while rest >= SMALLEST:
        if size <= rest:
            yield size
            rest -= size
        size >>= 1
    if rest:
        yield rest


def _delete(conn: sqlite3.Connection, name: str, key: str, keys: list[str]) -> None:
    """The rows of table `name` whose column `key` is one of `keys`, deleted a few thousand keys a
    statement (`_insert`)."""
    most = _most_values(conn)
    for i in range(0, len(keys), most):
        chunk = keys[i:i + most]
        conn.execute(f"delete from [{name}] where [{key}] in ({', '.join('?' * len(chunk))})", chunk)


def _most_values(conn: sqlite3.Connection) -> int:
    """The most values one statement binds: VALUES_A_STATEMENT, or fewer where SQLite allows fewer
    (999 before 3.32)."""
    if hasattr(conn, "getlimit"):  # (Python 3.11)
        return min(VALUES_A_STATEMENT, int(conn.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER)))
    return VALUES_A_STATEMENT if sqlite3.sqlite_version_info >= (3, 32, 0) else 999


@lru_cache(maxsize=128)
def _insert_sql(name: str, n: int) -> str:
    """The statement that inserts `n` rows of table `name`, their values in `COLUMNS`' order."""
    one = f"({', '.join('?' * len(COLUMNS[name]))})"
    return f"{_INSERT[name]}, {', '.join([one] * (n - 1))}" if n > 1 else _INSERT[name]


def _os_reason(e: OSError, folder: Path) -> str:
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return f"its folder {folder} is read-only"
    if e.errno == errno.ENOSPC:
        return "the disk is full"
    return e.strerror or str(e)


def stopped(path: str) -> str:
    """What a run stopped by the user (Ctrl-C) leaves, in one sentence: the transaction being
    written is let finish (`_Writer.stop`), so the database is whole up to its position."""
    try:
        with closing(sqlite3.connect(f"file:{Path(path).absolute()}?mode=ro", uri=True)) as conn:
            position = conn.execute(f"select position from [{MARK}] where id = 1").fetchone()[0]
    except (sqlite3.Error, TypeError):  # (stopped before it had made its tables)
        return f"export stopped; {path} holds nothing yet, and a rerun makes it"
    return (f"export stopped; {path} is whole, up to position {position} of the store, "
            "and a rerun continues from there")


def _explain(path: str, e: BaseException, position: int | None, made: bool = False) -> str:
    """An SQLite or file error met while writing, in one sentence, with what the database holds
    (`made`: the file was new, and is taken away)."""
    text = " ".join(str(e).split())
    low = text.lower()
    code = getattr(e, "errno", None)
    kept = ("nothing was made (the new file is taken away)" if made else "the database is as it was"
            if position is None else
            f"the database is whole, up to position {position}, and a rerun continues from there")
    if "full" in low or code == errno.ENOSPC:
        return f"cannot write {path}: the disk is full; {kept}"
    if "locked" in low or "busy" in low:
        return (f"{path} is being written by another program (it stayed locked for {LOCK_TIMEOUT:.0f} s); "
                f"this export stopped and {kept}")
    if "readonly" in low or "read-only" in low or code in (errno.EROFS, errno.EACCES, errno.EPERM):
        return f"cannot write {path}: it or its folder is read-only; {kept}"
    if "unable to open" in low:
        return f"cannot write {path}: SQLite cannot open it or make its journal beside it; {kept}"
    return f"cannot write {path}: {text}; {kept}"
