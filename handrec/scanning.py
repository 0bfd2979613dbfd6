"""The scan's walk over every stored hand: read each hand's events (straight from an SQLite store
over one connection where it can, else through the application), fold them, and give the rows of
`projections.scan.findings` in the order the hands were first recorded. With `jobs` above 1,
several processes fold the hands side by side, and the rows still come in that order."""

from __future__ import annotations

import multiprocessing
import os
from typing import Any, Iterator

from projections.plain import in_order
from projections.rulings.state import RevokeKind
from projections.scan import findings
from recorder.batches import batched
from recorder.errors import UnknownHand
from recorder.rows import HandReader
from recorder.store import Store

from .reading import fold_events, hand_events

CHUNK = 200  # hands a process is given at a time


class _Hands:
    """One process's way to the stored hands: the reader when the store is read so, else the
    application (made only when needed: eventsourcing is not imported for an SQLite scan)."""

    def __init__(self, store: str | None, app: Any = None) -> None:
        self.store = store
        self.reader: HandReader | None = Store.parse(store).reader()
        self._app: Any = app

    @property
    def app(self) -> Any:
        if self._app is None:
            from recorder.application import HandRecorder

            self._app = HandRecorder(self.store, reads_only=True)
        return self._app

    def ids(self) -> Iterator[str]:
        return self.reader.hand_ids() if self.reader is not None else self.app.iter_hand_ids()

    def events(self, hand_id: str) -> list[Any] | None:
        """The hand's events, or None when it is not stored."""
        try:
            return hand_events(self.reader.read if self.reader is not None else None, hand_id,
                               lambda h: self.app.hand_events(h))
        except UnknownHand:
            return None

    def rows(self, hand_id: str, irregularities: bool, double_dummy: bool = False,
             verdicts: bool = True) -> list[dict[str, Any]]:
        # Each row read once (`HandReader.read`): asked whether the hand was played in order, then
        # folded when it was not. None: a second account, or a row the reader leaves to the
        # application, which reads the hand then.
        if self.reader is not None:
            read = self.reader.read(hand_id)
            if read == []:
                return []  # (not stored)
            if read is not None and in_order(read):
                return []  # played in order: nothing for the judge to find (`findings` asks the same)
            events = fold_events(read) if read is not None else self.app.hand_events(hand_id)
        else:
            read, events = None, self.events(hand_id)
            if not events:
                return []
        rows = list(findings(events, irregularities, self.events, verdicts, ask_in_order=not read))
        if double_dummy:
            from .double_dummy import revoke_gain

            for row in rows:
                if row.get("kind") == RevokeKind.REVOKE:
                    row["double_dummy"] = revoke_gain(events, row["seat"], row["trick"], row["event"])
        return rows

    def close(self) -> None:
        if self.reader is not None:
            self.reader.close()


def scan_rows(store: str | None, irregularities: bool = False, jobs: int = 1, app: Any = None,
              double_dummy: bool = False, verdicts: bool = True) -> Iterator[dict[str, Any]]:
    """Every stored hand's scan rows, hand by hand in the order the hands were first recorded.
    `app`: the recorder application already open on the store, if any (else made when needed).
    `double_dummy`: each revoke's row says what it gained (`handrec.double_dummy`)."""
    hands = _Hands(store, app)
    try:
        if jobs <= 1:
            for hand_id in hands.ids():
                yield from hands.rows(hand_id, irregularities, double_dummy, verdicts)
            return
        context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
        with context.Pool(jobs, initializer=_worker_start, initargs=(store, irregularities, double_dummy, verdicts)) as pool:
            for rows in pool.imap(_worker_rows, batched(hands.ids(), CHUNK)):
                yield from rows
    finally:
        hands.close()


_worker: tuple[_Hands, bool, bool, bool] | None = None


def _worker_start(store: str | None, irregularities: bool, double_dummy: bool, verdicts: bool) -> None:
    global _worker
    _worker = (_Hands(store), irregularities, double_dummy, verdicts)


def _worker_rows(hand_ids: list[str]) -> list[dict[str, Any]]:
    assert _worker is not None
    hands, irregularities, double_dummy, verdicts = _worker
    return [row for hand_id in hand_ids for row in hands.rows(hand_id, irregularities, double_dummy, verdicts)]
