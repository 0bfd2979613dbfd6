"""What goes wrong with a store, each said in one sentence for the user."""

from __future__ import annotations

from typing import Any


class StoreError(Exception):
    """The store cannot be opened or used; the message is one sentence for the user."""


class CorruptedEvent(StoreError):
    """A stored event that cannot be read as one of handrec's: which hand, which event, and why."""

    def __init__(self, reason: str, number: int, hand_id: str | None = None, stored_id: Any = None):
        self.reason, self.number, self.hand_id, self.stored_id = reason, number, hand_id, stored_id
        hand = f"hand '{hand_id}'" if hand_id is not None else f"the hand stored as {stored_id}"
        super().__init__(f"event {number} of {hand} is corrupted in the store ({reason}); "
                         "handrec cannot read that hand until the event is repaired")

    def of_hand(self, hand_id: str) -> "CorruptedEvent":
        """The same, naming the hand by its id."""
        return CorruptedEvent(self.reason, self.number, hand_id, self.stored_id)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by what it was made of, so that it crosses from a process of `scan --jobs N` or
        # `import --jobs N` whole (an exception is otherwise remade from its message alone).
        return CorruptedEvent, (self.reason, self.number, self.hand_id, self.stored_id)


class HandChanged(StoreError):
    """The hand has other events than the writer saw: nothing was stored (`total`: how many it has)."""

    def __init__(self, reason: str, total: int):
        super().__init__(reason)
        self.total = total

    def __reduce__(self) -> tuple[Any, ...]:
        return HandChanged, (str(self), self.total)


class StoreGone(StoreError):
    """The store's file is not the one the recorder opened (deleted or replaced under it)."""


class UnknownHand(LookupError):
    def __init__(self, hand_id: str):
        super().__init__(f"no hand '{hand_id}' is stored")
        self.hand_id = hand_id

    def __reduce__(self) -> tuple[Any, ...]:
        return UnknownHand, (self.hand_id,)


class AccountsMoved(StoreError):
    """A write that opened an account, or corrected a first account, found the store no longer
    as it read it (a correction of the first account, an account opened, at the same moment):
    nothing was stored. The recorder reads again and tries again (`HandRecorder`); said to the
    user only when it keeps happening."""

    def __init__(self, hand_id: str, reason: str):
        super().__init__(f"hand '{hand_id}' was not recorded: {reason} while it was being recorded, and each would "
                         "have missed the other; nothing was stored, record again")
        self.hand_id, self.reason = hand_id, reason

    def __reduce__(self) -> tuple[Any, ...]:
        return AccountsMoved, (self.hand_id, self.reason)
