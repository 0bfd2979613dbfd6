"""The review room's pages of hands being made (`server.ReviewRoom.prepared`): a hand's page made
once however many readers ask for it at once (they wait for that one making and share it), a
few hands at a time (each a fold of the whole hand, held in memory while it is made), and the
hands found too large to show moment by moment remembered while they have no new event; and
where a page that reads the store stands, so that a page not done in time says why: the store
not answering is one thing, the page taking longer to make than the room waits another.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Callable, Iterator

# Where the page a request reads stands (`ReviewRoom.reading` sets it; the thread that serves the
# request runs in a copy of the request's context, and writes into the same list): "queued" (for
# one of the store's calls), "store" (the store asked), "turn" (the store answered: the page waits
# its turn among those being made), "making" (its page being made, kept once made), "shared"
# (waiting for its page, made for another reader), "folding" (the hand folded for a page not kept).
STAGE: ContextVar[list[str] | None] = ContextVar("handrec_room_stage", default=None)


def at_stage(stage: str) -> None:
    held = STAGE.get()
    if held is not None:
        held[0] = stage


class _Flight:
    """One making of a hand's page, which every reader of the hand asking meanwhile waits for."""

    __slots__ = ("done", "made", "error")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.made: Any = None
        self.error: BaseException | None = None


class Making:
    """The pages being made: one making of a hand at a time, which its readers share (`once`), at
    most `at_once` hands at once (`turn`), and the refusals of hands too large to show moment by
    moment while they have no new event (`refuse`, `refused`)."""

    def __init__(self, at_once: int, remembered: int) -> None:
        self._lock = threading.Lock()
        self._flights: dict[str, _Flight] = {}
        self._turns = threading.BoundedSemaphore(at_once)
        self._refused: OrderedDict[str, tuple[Any, str]] = OrderedDict()
        self._remembered = remembered

    def once(self, hand_id: str, make: Callable[[], Any]) -> Any:
        """`make()`'s page of the hand, made once for all who ask while it is made: the first
        makes it, the others wait for it and are given it (or its error)."""
        with self._lock:
            flight = self._flights.get(hand_id)
            mine = flight is None
            if mine:
                flight = self._flights[hand_id] = _Flight()
        if not mine:
            at_stage("shared")
            flight.done.wait()
            if flight.error is not None:
                raise flight.error
            return flight.made
        try:
            flight.made = make()
            return flight.made
        except BaseException as e:
            flight.error = e
            raise
        finally:
            with self._lock:
                del self._flights[hand_id]
            flight.done.set()

    @contextmanager
    def turn(self) -> Iterator[None]:
        """A page made in its turn: at most `at_once` at a time."""
        at_stage("turn")
        with self._turns:
            at_stage("making")
            yield

    def refuse(self, hand_id: str, last: Any, sentence: str) -> None:
        """The hand, at its last event `last`, is too large to show moment by moment (`sentence`)."""
        with self._lock:
            self._refused[hand_id] = (last, sentence)
            self._refused.move_to_end(hand_id)
            while len(self._refused) > self._remembered:
                self._refused.popitem(last=False)

    def refused(self, hand_id: str) -> tuple[Any, str] | None:
        """(the last event, the sentence) of the hand found too large to show, or None."""
        with self._lock:
            return self._refused.get(hand_id)


def not_done(stage: str, *, hand: str | None, store: str, seconds: float, calls: int, at_once: int,
             told: bool = True) -> tuple[str, str]:
    """The title and the sentence of a page not done in `seconds`, by where it stood (`STAGE`);
    `told`: whether the page says where it stands past the store's answer (a hand's page and its
    replay do; the hands list and /compare, whose folds are their own, do not)."""
    page = f"the page of hand '{hand}'" if hand else "the page"
    wait = f"{seconds:g} s"
    if stage == "store" and not told:
        return ("Not ready", f"the store {store} has not answered, or the page not been made, in {wait}; try again "
                             "in a moment")
    said = {
        "queued": ("The room is busy", f"the room's {calls} calls on the store were all taken for {wait}; try again "
                                       "in a moment"),
        "store": ("The store did not answer", f"the store {store} has not answered in {wait}; try again in a moment"),
        "turn": ("Not ready yet", f"the store answered, but the room was making the pages of {at_once} other hands "
                                  f"(it makes {at_once} at once) for all of {wait}; {page} is made in its turn: try "
                                  "again in a moment"),
        "making": ("Not ready yet", f"the store answered, but making {page} took longer than {wait}; it is still being "
                                    "made: try again in a moment"),
        "shared": ("Not ready yet", f"{page}, being made for another reader, was not ready in {wait}; try again in a "
                                    "moment"),
        "folding": ("Too slow to show here", f"the store answered, but folding the hand for {page} took longer than "
                                             f"{wait}" + (f"; 'handrec show {hand} --at N' and 'handrec rulings {hand} "
                                                          "--at N' read it" if hand else "")),
    }
    return said.get(stage, said["store"])
