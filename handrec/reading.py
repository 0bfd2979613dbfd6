"""A hand's stored rows, read straight from an SQLite store (`recorder.store`), made into the
events the folds take (`projections.table.Event`): what the read commands, the scan and the
review room's first view of a hand use instead of the application's event objects."""

from __future__ import annotations

from typing import Any, Callable

from projections.events import Event
from recorder.errors import UnknownHand
from recorder.rows import Act


def hand_events(read: Callable[[str], list[Act] | None] | None, hand_id: str,
                otherwise: Callable[[str], list[Any]]) -> list[Any]:
    """The hand's events for the folds, the one way every reader takes: its rows read straight
    from an SQLite store (`read`: `Store.read_hand` or a `HandReader`'s `read`; None, or a read
    that answers None, when the store is not read so), else `otherwise` (the application's
    `hand_events`). UnknownHand when the hand is not stored."""
    stored = read(hand_id) if read is not None else None
    if stored is None:
        return otherwise(hand_id)
    if not stored:
        raise UnknownHand(hand_id)
    return fold_events(stored)


def fold_events(acts: list[Act]) -> list[Event]:
    """A hand's stored rows, read as the acts they record (`recorder.rows.acts`), as the events
    the folds take."""
    return [Event(number, kind, words, line) for number, kind, words, line in acts]
