"""The analysis database: an SQLite file written with sqlite-utils, kept up to date from the
store's notification log.

A run reads the notifications after its saved position and notes the hands they touch, in the
order of each hand's first new notification; then it rebuilds each of those hands' rows once
(`projections.analysis.rows`, over all the hand's events), a few hands a transaction, and saves in
the same transaction the position before the first notification of the hands not yet written (the
last one read, once all are). Every notification up to the saved position is in the rows, so a run
stopped at any point and run again gives the same database as a fresh export; and a hand of n new
events costs one fold of it, not one per batch of its events (n² for a long hand).

The file is made readable by its owner only (`recorder.store.file_mode`), its tables in one
transaction: a file killed while being made holds no table, and the next run makes them. A database
of another program, or one another export is writing at that moment, is refused; a full disk, a
read-only or missing folder, a lock held too long are one sentence, the database whole as its last
transaction left it.
"""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlite_utils

from projections.analysis import TABLES, rows
from recorder.application import HandRecorder
from recorder.errors import CorruptedEvent, StoreError
from recorder.rows import hand_id_in
from recorder.store import create_file, remove_database_file

MARK = "_handrec_export"  # the table that makes a database one of ours, and holds the position
BATCH = 500  # events folded and written a transaction (a longer hand is written alone, whole)
PAGE = 1000  # notifications read at a time
WINDOW = 20_000  # hands noted before they are written: what a run holds in memory at once
LOCK_TIMEOUT = 10.0  # seconds a transaction waits for another writer of the file

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
    "revokes": ({"hand_id": str, "event": int, "seat": str, "side": str, "trick": int, "card": str, "suit": str,
                 "kind": str, "status": str, "status_event": int, "laws": str, "penalty_law": str,
                 "elector": str, "elected": str, "penalty_barred_by": str, "explanation": str,
                 "verdict": str, "evidence": str},
                ("hand_id", "event", "seat")),
    "irregularities": ({"hand_id": str, "event": int, "kind": str, "seat": str, "trick": int, "laws": str,
                        "explanation": str}, ("hand_id", "event", "kind")),
    "notes": ({"hand_id": str, "event": int, "text": str}, ("hand_id", "event")),
    "players": ({"hand_id": str, "seat": str, "name": str}, ("hand_id", "seat")),
}

INDEXES = {
    "hands": [["contract"], ["declarer"], ["file"], ["board"], ["revokes"]],
    "revokes": [["status"], ["seat"], ["kind"], ["suit"], ["verdict"]],
    "irregularities": [["kind"]],
    "cards_played": [["card"], ["seat"]],
    "events": [["kind"]],
    "players": [["name"]],
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
               sum(r.status = 'established') as established
        from hands h left join revokes r on r.hand_id = h.id group by h.file""",
    "revokes_by_player": """
        select p.name, count(*) as revokes, sum(r.status = 'established') as established,
               count(distinct r.hand_id) as hands_with_a_revoke
        from revokes r join players p on p.hand_id = r.hand_id and p.seat = r.seat
        where r.kind != 'dummy' group by p.name""",
    "players_hands": """
        select name, count(*) as hands from players group by name""",
    "contracts": """
        select contract, declarer, count(*) as hands, avg(result) as average_result
        from hands where contract is not null group by contract, declarer""",
    "score_agreement": """
        select coalesce(score_disagreement, 'agrees') as outcome, count(*) as hands
        from hands where score_agrees is not null group by outcome""",
}


class ExportError(Exception):
    """The database cannot be written; the message is one sentence for the user."""


@dataclass
class ExportReport:
    notifications: int = 0
    hands: int = 0
    position: int = 0
    touched: set = field(default_factory=set)

    def summary(self, path: str) -> str:
        if not self.notifications:
            return f"{path}: up to date (position {self.position}), nothing new"
        return (f"{path}: {self.notifications} new events read, {self.hands} hand"
                f"{'s' if self.hands != 1 else ''} written (position {self.position})")


def open_database(path: str, store: str) -> sqlite_utils.Database:
    """Our own database, made if the file is new or holds no table (a run killed while making it
    leaves one so); refused if the file is something else."""
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
        db = sqlite_utils.Database(sqlite3.connect(str(p), timeout=LOCK_TIMEOUT))
    except sqlite3.Error as e:
        if made:
            remove_database_file(p)
        raise ExportError(_explain(path, e, None, made)) from None
    try:
        _ours(db, path, store, made)
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
    (its rows are left as they are: a hand's rows are rewritten when it has new events)."""
    if MARK not in db.table_names():
        return  # being made: _create makes all of it
    added = False
    with db.conn:
        for name, (columns, pk) in SCHEMA.items():
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


def _ours(db: sqlite_utils.Database, path: str, store: str, made: bool = False) -> None:
    """Make our tables in a database that holds none; check that another is ours, of this store
    (`made`: the file is new, for the words of a failure)."""
    try:
        if not _schema(db):
            db.conn.execute("BEGIN IMMEDIATE")  # (two runs making it at once: the second waits here)
            try:
                if not _schema(db):
                    _create(db, store)
                db.conn.execute("COMMIT")
            except BaseException:
                if db.conn.in_transaction:
                    db.conn.rollback()
                raise
        names = set(_schema(db))
        mark = db.execute(f"select store from [{MARK}] where id = 1").fetchone() if MARK in names else None
    except sqlite3.DatabaseError as e:
        if "not a database" in str(e) or "malformed" in str(e):
            raise ExportError(f"{path} is not a readable SQLite database; export will not overwrite it") from None
        raise ExportError(_explain(path, e, None, made)) from None
    if mark is None:
        raise ExportError(f"{path} is not a handrec analysis database; export will not overwrite it")
    if mark[0] != store:
        raise ExportError(f"{path} follows another store ({mark[0]}); export to a new file")


def _schema(db: sqlite_utils.Database) -> list[str]:
    """What the database holds: its tables, views, indexes and triggers (SQLite's own left out)."""
    return [r[0] for r in db.execute("select name from sqlite_master where name not like 'sqlite\\_%' escape '\\'")]


def _create(db: sqlite_utils.Database, store: str) -> None:
    db[MARK].create({"id": int, "store": str, "position": int}, pk="id")
    db[MARK].insert({"id": 1, "store": store, "position": 0})
    for name, (columns, pk) in SCHEMA.items():
        fks = [("hand_id", "hands", "id")] if name != "hands" else None
        db[name].create(columns, pk=pk, foreign_keys=fks)
    for name, indexes in INDEXES.items():
        for cols in indexes:
            db[name].create_index(cols)
    for name, sql in VIEWS.items():
        db.create_view(name, sql)


def export(app: HandRecorder, path: str, store: str, batch: int = BATCH,
           on_batch: Callable[[ExportReport], None] | None = None) -> ExportReport:
    db = open_database(path, store)
    report = ExportReport()
    try:
        report.position = db.execute(f"select position from [{MARK}] where id = 1").fetchone()[0]
        while True:
            first, counts, last = _touched(app, report.position)
            if not first:
                return report
            hands = list(first)  # in the order of their first new notification
            i = 0
            while i < len(hands):
                group: list[tuple[Any, dict[str, list[dict[str, Any]]]]] = []
                events = 0
                while i < len(hands) and (not group or events < batch):
                    hand_rows = _rows_of(app, hands[i])
                    group.append((hands[i], hand_rows))
                    events += max(len(hand_rows["events"]), counts[hands[i]])
                    i += 1
                # Every notification before the first of the hands not yet written is in the rows.
                position = first[hands[i]] - 1 if i < len(hands) else last
                with _transaction(db, path, report.position):
                    for _, hand_rows in group:
                        _write_rows(db, hand_rows)
                    db.execute(f"update [{MARK}] set position = ? where id = 1", [position])
                report.position = position
                report.notifications += sum(counts[o] for o, _ in group)
                report.touched.update(o for o, _ in group)
                report.hands = len(report.touched)
                if on_batch is not None:
                    on_batch(report)
    except (sqlite3.Error, OSError) as e:
        raise ExportError(_explain(path, e, report.position)) from None
    finally:
        db.close()


def _touched(app: HandRecorder, position: int) -> tuple[dict[Any, int], dict[Any, int], int]:
    """The hands the notifications after `position` touch, each with its first new notification's
    id and its count of them, in the order of those first ids; and the last id read. At most
    about WINDOW hands: a rerun of the loop reads on from there."""
    first: dict[Any, int] = {}
    counts: dict[Any, int] = {}
    last = position
    while len(first) < WINDOW:
        page = app.recorder.select_notifications(start=last + 1, limit=PAGE)
        for n in page:
            if n.originator_id not in first:
                first[n.originator_id] = n.id
                counts[n.originator_id] = 0
            counts[n.originator_id] += 1
        if page:
            last = page[-1].id
        if len(page) < PAGE:
            break
    return first, counts, last


def _rows_of(app: HandRecorder, originator: Any) -> dict[str, list[dict[str, Any]]]:
    """A hand's rows, from all its stored events; a corrupted event named with its hand."""
    try:
        events = list(app.events.get(originator))
        if events and getattr(events[0], "trunk", ""):  # a second account: read with what it shares
            events = app.hand_events(events[0].hand_id)
        return rows(events, other_table=app.stored_events)
    except CorruptedEvent as e:
        if e.hand_id is None:
            opening = app.recorder.select_events(originator, lte=1)
            hand_id = hand_id_in(opening[0].state) if opening else None
            if hand_id is not None:
                raise e.of_hand(hand_id) from None
        raise


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


def _write_rows(db: sqlite_utils.Database, hand_rows: dict[str, list[dict[str, Any]]]) -> None:
    if not hand_rows["hands"]:
        return
    hand_id = hand_rows["hands"][0]["id"]
    for name in TABLES:
        if name != "hands":
            db.execute(f"delete from [{name}] where hand_id = ?", [hand_id])
    db.execute("delete from hands where id = ?", [hand_id])
    for name in TABLES:
        if hand_rows[name]:
            db[name].insert_all(hand_rows[name], alter=True)  # a database made before a column was added


def _os_reason(e: OSError, folder: Path) -> str:
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return f"its folder {folder} is read-only"
    if e.errno == errno.ENOSPC:
        return "the disk is full"
    return e.strerror or str(e)


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
