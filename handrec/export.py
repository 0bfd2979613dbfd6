"""The analysis database: an SQLite file written with sqlite-utils, kept up to date from the
store's notification log.

A run reads the notifications after its saved position, rebuilds the rows of every hand they
touch (`projections.analysis.rows`) and saves the new position in the same transaction as those
rows. A run stopped at any point and run again therefore gives the same database as a fresh export.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import sqlite_utils

from projections.analysis import TABLES, rows

from recorder.application import HandRecorder

MARK = "_handrec_export"  # the table that makes a database one of ours, and holds the position
BATCH = 500  # notifications a transaction

SCHEMA: dict[str, tuple[dict[str, type], str | tuple[str, ...]]] = {
    "hands": ({"id": str, "file": str, "format": str, "board": str, "room": str, "table_no": str,
               "event_name": str, "ruleset": str, "options": str, "rubber": str, "dealer": str,
               "contract": str, "strain": str, "level": int, "declarer": str, "tricks_ns": int, "tricks_ew": int,
               "result": int, "complete": int, "events": int, "revokes": int, "NS_trick": int, "NS_honor": int,
               "EW_trick": int, "EW_honor": int}, "id"),
    "events": ({"hand_id": str, "number": int, "kind": str, "line": str}, ("hand_id", "number")),
    "tricks": ({"hand_id": str, "number": int, "leader": str, "suit_led": str, "winner": str, "quitted_by": str,
                "quitted_at": int, "cards": int}, ("hand_id", "number")),
    "cards_played": ({"hand_id": str, "trick": int, "order": int, "seat": str, "card": str, "suit": str,
                      "rank": str, "event": int, "withdrawn_at": int, "surplus": int, "leftover": int},
                     ("hand_id", "trick", "order")),
    "revokes": ({"hand_id": str, "event": int, "seat": str, "side": str, "trick": int, "card": str, "suit": str,
                 "kind": str, "status": str, "status_event": int, "laws": str, "penalty_law": str,
                 "elector": str, "elected": str, "penalty_barred_by": str, "explanation": str},
                ("hand_id", "event", "seat")),
    "irregularities": ({"hand_id": str, "event": int, "kind": str, "seat": str, "trick": int, "laws": str,
                        "explanation": str}, ("hand_id", "event", "kind")),
    "notes": ({"hand_id": str, "event": int, "text": str}, ("hand_id", "event")),
}

INDEXES = {
    "hands": [["contract"], ["declarer"], ["file"], ["board"], ["revokes"]],
    "revokes": [["status"], ["seat"], ["kind"], ["suit"]],
    "irregularities": [["kind"]],
    "cards_played": [["card"], ["seat"]],
    "events": [["kind"]],
}

VIEWS = {
    "revokes_with_source": """
        select r.hand_id, h.file, h.board, h.room, h.contract, h.declarer, r.seat, r.trick, r.card,
               r.suit, r.kind, r.status, r.laws, r.penalty_law, r.penalty_barred_by
        from revokes r join hands h on h.id = r.hand_id""",
    "established_revokes": """
        select * from revokes where status = 'established' and kind != 'dummy'""",
    "revokes_per_file": """
        select h.file, count(distinct h.id) as hands, count(r.hand_id) as revokes,
               sum(r.status = 'established') as established
        from hands h left join revokes r on r.hand_id = h.id group by h.file""",
    "contracts": """
        select contract, declarer, count(*) as hands, avg(result) as average_result
        from hands where contract is not null group by contract, declarer""",
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
    """Our own database, made if the file is new; refused if the file is something else."""
    p = Path(path)
    if p.exists() and p.is_dir():
        raise ExportError(f"{path} is a folder, not a database file")
    if p.exists() and p.stat().st_size > 0:
        with open(p, "rb") as f:
            if f.read(16) != b"SQLite format 3\x00":
                raise ExportError(f"{path} is not an SQLite database; export will not overwrite it")
        try:
            db = sqlite_utils.Database(path)
            names = set(db.table_names())
        except sqlite3.DatabaseError:
            raise ExportError(f"{path} is not a readable SQLite database; export will not overwrite it") from None
        if MARK not in names:
            raise ExportError(f"{path} is not a handrec analysis database; export will not overwrite it")
        mark = db[MARK].get(1)
        if mark["store"] != store:
            raise ExportError(f"{path} follows another store ({mark['store']}); export to a new file")
        return db
    db = sqlite_utils.Database(path)
    with db.atomic():
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
    return db


def export(app: HandRecorder, path: str, store: str, batch: int = BATCH,
           on_batch: Callable[[ExportReport], None] | None = None) -> ExportReport:
    db = open_database(path, store)
    report = ExportReport(position=db[MARK].get(1)["position"])
    try:
        while True:
            page = app.recorder.select_notifications(start=report.position + 1, limit=batch)
            if not page:
                return report
            touched = list(dict.fromkeys(n.originator_id for n in page))
            with db.atomic():
                for originator in touched:
                    _write_hand(db, app, originator)
                db[MARK].update(1, {"position": page[-1].id})
            report.notifications += len(page)
            report.touched.update(touched)
            report.hands = len(report.touched)
            report.position = page[-1].id
            if on_batch is not None:
                on_batch(report)
    finally:
        db.close()


def _write_hand(db: sqlite_utils.Database, app: HandRecorder, originator) -> None:
    hand_rows = rows(app.events.get(originator))
    if not hand_rows["hands"]:
        return
    hand_id = hand_rows["hands"][0]["id"]
    for name in TABLES:
        if name != "hands":
            db.execute(f"delete from [{name}] where hand_id = ?", [hand_id])
    db.execute("delete from hands where id = ?", [hand_id])
    for name in TABLES:
        if hand_rows[name]:
            db[name].insert_all(hand_rows[name])
