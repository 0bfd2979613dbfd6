"""A stored event as the folds see it: its number, its kind of line and its words.

Every fold of the read side takes these (`as_events` makes them from the stored events the
application reads; `handrec.reading.fold_events` from the acts `recorder.rows.acts` reads straight
from a store).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from bridge.lines import KIND_OF_EVENT, NOT_WORDS


@dataclass(frozen=True, init=False)
class Event:
    """A stored event as the folds see it: its number (1 is the `hand` line), kind and words."""

    number: int
    kind: str
    args: dict[str, Any]
    line: str

    def __init__(self, number: int, kind: str, args: dict[str, Any], line: str) -> None:
        # The dataclass's own frozen __init__ sets each field by a call of object.__setattr__; one
        # update of the new instance's fields does the same at half the cost (an event is made for
        # every stored row a fold reads: a scan of hands each folded makes 50 a hand). Frozen as
        # ever: a field assigned afterwards raises FrozenInstanceError.
        self.__dict__.update(number=number, kind=kind, args=args, line=line)

    @classmethod
    def of(cls, stored: Any) -> "Event":
        kind = KIND_OF_EVENT[type(stored).__name__]
        # its words: every attribute but the store's own
        args = {k: v for k, v in stored.__dict__.items() if k not in NOT_WORDS}
        return cls(stored.originator_version, kind, args, stored.line)


def as_events(stored: Iterable[Any]) -> list[Event]:
    return [e if isinstance(e, Event) else Event.of(e) for e in stored]
