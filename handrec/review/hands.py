"""The hands list's queries: a page of the stored hands, in the order they were first recorded,
and the hands a search finds, without reading more of the store than the page needs.

A page starts at a hand's opening event, named by its notification id (`from`, the store's
position of the event: rowid in SQLite, notification id in PostgreSQL): the page is the openings
from there on, read by their topic, one page and one more (to know another page follows), so the
page of the 100,000th hand costs what the first costs. Nothing counts the store's hands.

A search (id, rubber, source file, contract) reads the index of the hands (`HandsIndex`): every
hand's opening event read once, the first time a search asks (its contract events the first time
a search for a contract asks), then brought up to date at each search from the events stored
since (notification ids only grow); a search is then a pass over memory, never over the store. The contract is the one the record last states (its
dealer and auction, or its contract line), as `HandRecorder.contracts` reads it: corrections of
the record are not read here, the hand's own fold says what it is as corrected.
"""

from __future__ import annotations

import bisect
import re
import threading
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from bridge.cards import contract_made

TOPIC = "recorder.domainmodel:Hand."
OPENED = TOPIC + "Opened"
CONTRACT_TOPICS = [TOPIC + k for k in ("DealerNamed", "AuctionCalled", "ContractSet")]
READ_AT_ONCE = 1000
# A contract is looked for only when the words could be one (4H, 3NTX, 4S by E).
CONTRACT_WORDS = re.compile(r"^\s*[1-7]\s*(C|D|H|S|R|NT?)?X{0,2}(\s+by(\s+[NESW])?)?\s*$", re.IGNORECASE)


@dataclass
class Listed:
    """A hand as the list names it: its opening's notification id, its id, rubber and source."""

    notification: int
    hand_id: str
    rubber: str
    source: dict[str, Any]

    @classmethod
    def of(cls, notification: int, opened: Any) -> "Listed":
        return cls(notification, opened.hand_id, getattr(opened, "rubber", "") or "",
                   dict(getattr(opened, "source", None) or {}))


def page_of_openings(app: Any, start: int, size: int) -> list[Listed]:
    """Up to `size` hands from notification id `start` on, as their opening events name them."""
    found = app.recorder.select_notifications(start=start, limit=size, topics=[OPENED])
    return [Listed.of(n.id, app.mapper.to_domain_event(n)) for n in found]


@dataclass
class Entry:
    listed: Listed
    hand: UUID  # its aggregate's id, as its events name it
    words: str  # its id, rubber and source, in lower case


class HandsIndex:
    """Every stored hand's opening, and (from the first search for a contract) its contract, in
    memory, for searches (module docstring)."""

    def __init__(self, app: Any):
        self.app = app
        self.entries: list[Entry] = []
        self.ids: list[int] = []  # the entries' notification ids, ascending, for bisect
        self.contracts: dict[UUID, str] = {}  # in lower case
        self.dealer: dict[UUID, str] = {}
        self.openings_read_to = 0  # the last notification id read, of the openings
        self.contracts_read_to: int | None = None  # ... of the contract events (None: not yet read)
        self.lock = threading.Lock()

    def _refresh(self, topics: list[str], after: int) -> int:
        """Read the events of these topics stored after notification id `after`; the last read."""
        while True:
            found = self.app.recorder.select_notifications(start=after + 1, limit=READ_AT_ONCE, topics=topics)
            for n in found:
                self._read(n.id, self.app.mapper.to_domain_event(n))
            if found:
                after = found[-1].id
            if len(found) < READ_AT_ONCE:
                return after

    def _read(self, notification: int, e: Any) -> None:
        name = type(e).__name__
        hand = e.originator_id
        if name == "Opened":
            listed = Listed.of(notification, e)
            self.entries.append(Entry(listed, hand, " ".join([listed.hand_id, listed.rubber,
                                                              *map(str, listed.source.values())]).lower()))
            self.ids.append(notification)
        elif name == "DealerNamed":
            self.dealer[hand] = e.seat
        elif name == "ContractSet":
            self.contracts[hand] = e.contract.lower()
        elif hand in self.dealer:
            made = contract_made(self.dealer[hand], list(e.calls))
            if made is not None:
                self.contracts[hand] = str(made).lower()

    def search(self, q: str, start: int, size: int) -> list[Listed]:
        """Up to `size` hands that hold the words `q`, from notification id `start` on."""
        needle = q.lower()
        contract_too = bool(CONTRACT_WORDS.match(q))
        with self.lock:  # one refresh at a time; the requests are served by several threads
            self.openings_read_to = self._refresh([OPENED], self.openings_read_to)
            if contract_too:
                self.contracts_read_to = self._refresh(CONTRACT_TOPICS, self.contracts_read_to or 0)
            entries, first = self.entries, bisect.bisect_left(self.ids, start)
        contracts = self.contracts
        out = []
        for entry in entries[first:]:
            if needle in entry.words or (contract_too and needle in contracts.get(entry.hand, "")):
                out.append(entry.listed)
                if len(out) == size:
                    break
        return out
