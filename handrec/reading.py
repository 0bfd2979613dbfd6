"""A hand's stored rows, read straight from an SQLite store (`recorder.store`), made into the
events the folds take (`projections.table.Event`): what the read commands, the scan and the
review room's first view of a hand use instead of the application's event objects."""

from __future__ import annotations

from bridge.lines import KIND_OF_EVENT
from projections.table import Event
from recorder.store import StoredFields

# What projections.table.Event.of leaves out of a stored event's fields: the rest are its args.
_NOT_ARGS = frozenset(("originator_id", "originator_version", "timestamp", "originator_topic", "line"))


def fold_events(stored: list[StoredFields]) -> list[Event]:
    """A hand's stored rows as the events the folds take."""
    return [Event(s.number, KIND_OF_EVENT[s.name], {k: v for k, v in s.fields.items() if k not in _NOT_ARGS},
                  s.fields["line"]) for s in stored]
