"""The HandRecorder application: transcripts in, stored events out, events back for the folds.

A transcript is stored whole or not at all: its events are collected on the aggregate and
saved in one transaction. Recording a transcript again appends only what is new; a transcript
that differs from what is stored is refused at its first differing line.
"""

from __future__ import annotations

import functools
import os
import random
import shlex
import time
from datetime import datetime
from typing import Any, Callable, Iterable, Iterator, Sequence

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError, InterfaceError, OperationalError

from bridge.rulesets import RULESETS, ruleset_words
from bridge.lines import CORRECTIONS, Line, canonical, parse_line
from bridge.messages import RecordError, TranscriptError
from formats.transcript import parse

from .domainmodel import Hand
from .persistence import SameAccounts, StoreMoved, Unchanged
from .ids import hand_uuid
from .errors import AccountsMoved, CorruptedEvent, HandChanged, StoreError, StoreGone, UnknownHand
from .binding import bind_plainly
from .store import EVENTS_TABLE, Store
from .accounts import Accounts, first_missing, renumbered
from .recorded import Recorded
from .corrections import Amending, RecordDiffers, corrections_to


# How many times a write that met the store moved under it (`AccountsMoved`) is made again from
# a fresh reading before it is said to the user.
MOVED_ATTEMPTS = 5


def _again_if_moved(write: Callable[..., Recorded]) -> Callable[..., Recorded]:
    """A write made again, read afresh, when the store moved under it (an account opened and a
    correction of its first account made at the same moment: `Accounts._with_accounts`); nothing
    of the failed attempt was stored. Both then land whole, each seeing the other."""

    @functools.wraps(write)
    def again(self: "HandRecorder", *args: Any, **kwargs: Any) -> Recorded:
        for attempt in range(MOVED_ATTEMPTS):
            try:
                return write(self, *args, **kwargs)
            except AccountsMoved:
                if attempt == MOVED_ATTEMPTS - 1:
                    raise
                time.sleep(0.01 * (attempt + 1) + random.random() * 0.02)
        raise AssertionError("unreachable")

    return again


class HandRecorder(Accounts, Application):
    name = "handrec"  # pinned: the stored tables and topics do not follow the class name
    is_snapshotting_enabled = False

    def __init__(self, store: str | Store | None = None, env: dict[str, Any] | None = None, reads_only: bool = False):
        """`reads_only`: for a command that only reads, which makes nothing in a PostgreSQL
        database (a role allowed only to read it can run it) nor an SQLite file, and says so when
        the store holds no table of handrec's yet (or, SQLite, is not there)."""
        self.store = store if isinstance(store, Store) else Store.parse(store)
        if self.store.kind == "sqlite":
            bind_plainly()  # (an import binds every event's state, bytes: `recorder.binding`)
        self.env_given = dict(env or {})  # for another process to open the same store the same way
        self.default_ruleset = default_ruleset()  # (a club's own default: HANDREC_RULESET)
        environment = self.store.env
        if env:
            environment.update(env)
        environment.update(self.store.opening(reads_only))  # (an SQLite file this user may not write: read-only)
        # The store's name, as the analysis database remembers which store it follows.
        self.store_name = self.store.name
        new_file = self.store.file_identity() is None  # (an SQLite store that is not there yet)
        tables = self.store.probe(reads_only)
        if reads_only and self.store.kind == "postgresql":
            if not tables:
                raise StoreError(f"the PostgreSQL store {self.store_name} holds no hands yet (it has no table "
                                 f"{EVENTS_TABLE}): 'handrec record' or 'handrec import' makes it")
            environment["CREATE_TABLE"] = "no"
        for attempt in range(6):
            try:
                super().__init__(env=environment)  # makes the tables on first use
                self.file_identity = self.store.file_identity()  # (the file it was opened on: `_save`)
                return
            except Exception as e:  # the persistence module's own errors: say it in one sentence
                # Several recorders starting at once on one PostgreSQL server may make the tables
                # at the same moment ("tuple concurrently updated", "... already exists" in the
                # catalog): the later ones try again, and then find the tables made.
                if ("concurrently" in str(e) or "already exists" in str(e)) and attempt < 5:
                    time.sleep(0.05 * (attempt + 1) + random.random() * 0.05)
                    continue
                if new_file and self.store.kind == "sqlite":
                    self.store.remove_new_file()  # (a full disk, say: no empty store is left behind)
                raise StoreError(self.store.explain(e)) from None

    # ------------------------------------------------------------ commands

    def record(self, text: str, file: str | None = None, amend: "Amending | None" = None) -> Recorded:
        """Store a transcript's events: all of them or, when it is stored already, the new ones
        (with `amend`: the corrections that bring the stored record to it, then the new ones)."""
        lines = parse(text, file=file)
        return self.record_lines(lines, file=file, amend=amend)

    @_again_if_moved
    def record_lines(self, lines: Sequence[Line], file: str | None = None, amend: "Amending | None" = None) -> Recorded:
        hand, recorded = self.prepare(lines, file, amend=amend)
        if recorded.added:
            self._save(recorded.hand_id, [hand])
        return recorded

    def prepare(self, lines: Sequence[Line], file: str | None = None, new: bool = False,
                amend: "Amending | None" = None, keep_ruleset: bool = False,
                cards_checked: bool = False, archive: bool = False) -> tuple[Hand, Recorded]:
        """The hand with these lines applied and its new events pending, not yet saved: the caller
        saves it (`save_hands`), alone or with others in one transaction. `new`: the caller knows
        the store does not hold the hand (`stored_among`), and it is not looked for. A transcript
        that differs from what is stored is refused with the corrections that would bring the
        store to it (`RecordDiffers`), or, with `amend`, those corrections are made, in one act,
        before the lines the transcript adds at its end. `keep_ruleset` (an archive's import): a hand
        stored under another ruleset keeps it, its hand line standing for the one given, and
        `Recorded.kept_ruleset` names it. `cards_checked`: the lines' plays were checked against the
        physical facts already (an archive's board, `formats.archive.Board.cards_checked`).
        `archive`: the lines are an archive's board, and a refusal's corrections are said as the
        commands that make them (`handrec amend`, `handrec strike`), not as a transcript's."""
        hand_id = lines[0].args["hand_id"]
        hand = None if new else self._get_or_none(hand_id)
        kept = ""
        if keep_ruleset and hand is not None:
            lines, kept = _keeping_ruleset(hand, lines)
        elif hand is not None and lines[0].kind == "hand" and not names_ruleset(lines[0]):
            lines, _ = _keeping_ruleset(hand, lines)  # (a transcript naming no code: the one the hand keeps)
        now = Hand.Event.create_timestamp()  # one act of recording: its events share its time
        stored = 0
        if lines[0].kind == "hand" and lines[0].args.get("trunk"):
            return self._record_account(hand, lines, file, now)
        opened: dict[str, str] = {}
        if hand is None:
            opened = {"ruleset_from": self._ruleset_from(lines[0])}
            lines = [self.ruled_as_named(lines[0]), *lines[1:]]
            hand = self._apply(None, lines[0], file)
            opened["ruleset"] = hand.ruleset
            start = 1
        elif hand.trunk:
            raise TranscriptError(f"hand '{hand_id}' is a second account of hand '{hand.trunk}' (branch="
                                  f"{hand.trunk}@{hand.trunk_at}); its transcript opens with that hand line",
                                  file=file, lineno=lines[0].lineno or None, text=lines[0].text)
        else:
            stored = start = len(hand.lines)
            differs = next((i for i, line in enumerate(lines[:stored]) if line.canonical != hand.lines[i]), None)
            if differs is not None or len(lines) < stored:
                _amended(hand, lines, differs, amend, file, now, archive)  # (else RecordDiffers)
                return hand, Recorded(hand_id, len(hand.lines) - stored, len(hand.lines), kept)
        try:
            hand.record_lines(list(lines[start:]), now, cards_checked and stored == 0)
        except TranscriptError as e:
            raise e.located(file=file) from None
        return hand, Recorded(hand_id, len(hand.lines) - stored, len(hand.lines), kept, **opened)

    def save_hands(self, hands: Sequence[Hand]) -> None:
        """Save several hands' pending events in one transaction: all of them or none."""
        self._save(", ".join(h.hand_id for h in hands[:3]) + ("..." if len(hands) > 3 else ""), list(hands))

    @_again_if_moved
    def add(self, hand_id: str, text: str, expected: int | None = None) -> Recorded:
        """Append one event, written as a transcript line, to a stored hand. With `expected`, only
        to the hand of that many events (a page that showed it, say): else HandChanged, nothing
        stored. The check is the append's own: the hand read here has that many events, and the
        store takes the new one only at the next position, which no other writer has taken since."""
        line = parse_line(text, 0)
        if line is None:
            raise TranscriptError("the line is empty")
        hand = self._get_or_none(hand_id)
        if hand is None and not (line.kind == "hand" and line.args["hand_id"] == hand_id):
            raise UnknownHand(hand_id)
        opened: dict[str, str] = {}  # (a hand this line opens: its code, and whence)
        if expected is not None and hand is not None and len(hand.lines) != expected:
            raise HandChanged(f"hand '{hand_id}' changed: it has {len(hand.lines)} events, the page showed "
                              f"{expected}; nothing was stored", len(hand.lines))
        if hand is None and line.args.get("trunk"):
            hand = self._open_account(*self._account_line(line, None), None, Hand.Event.create_timestamp())
        elif hand is None:
            opened = {"ruleset_from": self._ruleset_from(line)}
            hand = self._apply(None, self.ruled_as_named(line), None)
            opened["ruleset"] = hand.ruleset
        elif hand is not None and line.kind in CORRECTIONS:
            return self.correct(hand_id, [text])
        else:
            hand = self._apply(hand, line, None)
        self._save(hand_id, [hand])
        return Recorded(hand_id, 1, len(hand.lines), **opened)

    @_again_if_moved
    def correct(self, hand_id: str, texts: Sequence[str]) -> Recorded:
        """Corrections of the record (`strike`/`amend` lines), several in one act if need be: the
        record as corrected by all of them is checked once, and they are stored in one transaction."""
        lines = []
        for text in texts:
            line = parse_line(text, 0)
            if line is None:
                raise TranscriptError("the line is empty")
            lines.append(line)
        hand = self._get_or_none(hand_id)
        if hand is None:
            raise UnknownHand(hand_id)
        # A second account's correction of an event it shares is made in its first account, where
        # that event is stored, and reaches every account that shares it (`_with_accounts`).
        first = hand.trunk_hand
        shared = [line for line in lines if line.kind in CORRECTIONS and hand.shares(line.args["event"])]
        own = [line for line in lines if line not in shared]
        now = Hand.Event.create_timestamp()
        try:
            if shared:
                assert first is not None
                first.correct(shared, now)
            if own:
                hand.correct(own, now)
        except RecordError as e:
            raise TranscriptError.at(e) from None
        self._save(hand_id, [h for h in (first if shared else None, hand) if h is not None])
        return Recorded(hand_id, len(lines), len(hand.lines))

    def _ruleset_from(self, line: Line) -> str:
        """Whence a new hand's code comes: "named" on its line, the "store"'s default, the "default"."""
        if line.kind != "hand" or names_ruleset(line) or line.args.get("trunk"):
            return "named"
        return "store" if self.default_ruleset else "default"

    def ruled_as_named(self, line: Line) -> Line:
        """A new hand's line as it is ruled: the code it names, else the store's default
        (HANDREC_RULESET, a club's own), else the 1912 code (bridge.rulesets.DEFAULT_RULESET); the
        line stored names it, so that the hand keeps it whatever the default becomes."""
        if line.kind != "hand" or self.default_ruleset is None or line.args.get("trunk") or names_ruleset(line):
            return line
        text = f"{line.text.split('#', 1)[0].strip()} ruleset={self.default_ruleset}"
        ruled = parse_line(text, line.lineno)
        assert ruled is not None
        return Line("hand", ruled.args, line.lineno, line.text, ruled.canonical)

    def _apply(self, hand: Hand | None, line: Line, file: str | None, timestamp: datetime | None = None) -> Hand:
        try:
            if hand is None:
                return Hand.open(line)
            hand.record(line, timestamp)
            return hand
        except RecordError as e:
            raise TranscriptError.at(e, file=file, lineno=line.lineno or None, text=line.text) from None

    def _save(self, hand_id: str, new: Sequence[Any]) -> None:
        if not new:
            return
        # What Application.save does, less the Recording objects it returns per event for
        # followers (handrec has none): the hands' new events, stored in one transaction. They
        # stay pending on the hands until stored, so that a caller may try again hand by hand.
        self._saved_with(hand_id, *self._with_accounts(new))

    def _saved_with(self, hand_id: str, new: Sequence[Any], expected: Sequence[Unchanged | SameAccounts]) -> None:
        """The hands' new events stored in one transaction; with what the write `expected` the
        store still to hold (`Accounts._with_accounts`) checked in that transaction, else
        `AccountsMoved`, nothing stored."""
        stored = self._stored_forms(new)
        self._still_on_its_file(hand_id, "nothing was stored")
        if expected:  # (an account opened, a first account corrected: recorder.accounts)
            insert_expecting = self.recorder.insert_events_expecting  # type: ignore[attr-defined]
            try:
                self._inserting(hand_id, stored, lambda: insert_expecting(stored, expected))
            except StoreMoved as e:
                raise AccountsMoved(hand_id, e.reason) from None
        else:
            self._inserting(hand_id, stored, lambda: self.recorder.insert_events(stored))
        self._still_on_its_file(hand_id, "what was just recorded went into the file that is gone, and is lost with it")
        for hand in new:
            hand.collect_events()

    def _still_on_its_file(self, hand_id: str, then: str) -> None:
        """An SQLite store is written only while its path still names the file the recorder
        opened: one deleted or replaced under it (a long-running `serve`) would take the events
        into a file nobody can open again."""
        if self.file_identity is not None and self.store.file_identity() != self.file_identity:
            shown = self.store.name[len("sqlite:///"):]
            raise StoreGone(f"the store {shown} was deleted or replaced after it was opened, while hand "
                             f"'{hand_id.split(',')[0]}' was being recorded; {then}")

    def save_hands_in_background(self, hands: Sequence[Hand]) -> Callable[[], None]:
        """`save_hands` while the caller goes on: the events are made into rows now, and a thread
        of the store's own inserts them, in one transaction, and commits it (an import's insert and
        commit are mostly SQLite's and the disk's time, and it reads the next boards meanwhile).
        Returns `done`, which waits for the commit and raises what `save_hands` would have raised
        (StoreError: nothing stored). Until
        `done` returns the hands' events stay pending, and the store takes no other write. A store
        that cannot commit so (PostgreSQL) saves them at once, and `done` has nothing to wait for."""
        label = ", ".join(h.hand_id for h in hands[:3]) + ("..." if len(hands) > 3 else "")
        insert_later = getattr(self.recorder, "insert_events_committed_later", None)
        if insert_later is None or not hands:
            self._save(label, list(hands))
            return lambda: None
        hands, expected = self._with_accounts(hands)
        if expected:  # (checked in the write's own transaction: saved at once)
            self._saved_with(label, hands, expected)
            return lambda: None
        stored = self._stored_forms(hands)
        commit = self._inserting(label, stored, lambda: insert_later(stored))

        def done() -> None:
            if commit is not None:  # (None: the insert met its own rows stored, read back: nothing to commit)
                self._inserting(label, stored, commit)
            for hand in hands:
                hand.collect_events()

        return done

    def _stored_forms(self, hands: Sequence[Any]) -> list[Any]:
        """The hands' pending events as the store writes them."""
        to_stored = self.mapper.to_stored_event
        return [to_stored(e) for hand in hands for e in hand.pending_events]

    def _inserting(self, hand_id: str, stored: Sequence[Any], insert: Callable[[], Any]) -> Any:
        """What `insert` returns, the store's own errors said as StoreError, in one sentence, once
        what was stored is known (read back when the store's answer was lost)."""
        try:
            return insert()
        except IntegrityError:
            # Either another recorder stored other events at these positions, or this one's own
            # insert was committed and its answer lost (the link dropped after the commit, and the
            # store's retry met the events it had itself stored): read back and tell which. An
            # SQLite file answers in this process, and no answer of it is lost: the positions are
            # another recorder's.
            if self.store.kind == "sqlite" or not self._stored_as_sent(stored):
                raise StoreError(
                    f"hand '{hand_id}' changed in the store while these events were being recorded; "
                    "nothing was stored, record again"
                ) from None
        except (OperationalError, InterfaceError) as e:
            # The server did not answer, even after the store's retries: what it did is not known
            # until read back.
            try:
                there = self._stored_as_sent(stored)
            except (OperationalError, InterfaceError):
                raise StoreError(
                    f"the store stopped answering while hand '{hand_id}' was being recorded, and it cannot be "
                    f"read back to see whether the events were stored ({str(e).strip().splitlines()[0]}); "
                    f"when it answers, 'handrec timeline {hand_id.split(',')[0]}' shows what it holds"
                ) from None
            if not there:
                raise StoreError(self.store.explain(e)) from None
        return None

    def _stored_as_sent(self, sent: Sequence[Any]) -> bool:
        """Whether every one of these stored events is in the store exactly as sent (its hand, its
        position, its topic and its bytes): after an ambiguous commit, success is said only once
        it has been read back."""
        by_hand: dict[Any, dict[int, Any]] = {}
        for e in sent:
            by_hand.setdefault(e.originator_id, {})[e.originator_version] = e
        for originator_id, mine in by_hand.items():
            there = {s.originator_version: s for s in self.recorder.select_events(
                originator_id, gt=min(mine) - 1, lte=max(mine))}
            for version, e in mine.items():
                s = there.get(version)
                if s is None or s.topic != e.topic or bytes(s.state) != bytes(e.state):
                    return False
        return True

    # ------------------------------------------------------------ queries

    def _get_or_none(self, hand_id: str) -> Hand | None:
        try:
            return self.repository.get(hand_uuid(hand_id), projector_func=self._project)
        except AggregateNotFoundError:
            return None
        except CorruptedEvent as e:  # (the mapper knows the stored id only)
            raise e.of_hand(hand_id) from None

    def connections_left(self) -> int | None:
        """How many more connections the PostgreSQL server lets this store's user open now (asked
        over a connection this application already holds); None for SQLite, which has no such
        limit, or when the server does not say."""
        if self.store.kind != "postgresql":
            return None
        from .store import CONNECTIONS_LEFT

        datastore = self.recorder.datastore  # type: ignore[attr-defined]
        try:
            with datastore.get_connection() as conn:
                row = conn.execute(CONNECTIONS_LEFT).fetchone()
        except Exception:  # (the store's own errors: the import then goes on as asked)
            return None
        values = [v for v in (row.values() if isinstance(row, dict) else row or ()) if v is not None]
        if not values:
            return None
        # The pool opens its other connections (up to its least size) in the background: the ones
        # not yet open when asked are not among those counted, and are this process's all the same.
        # Counted as still to come, whether they are open or not, or a process started on one
        # about to open finds none left (a server under load).
        pool_least = getattr(getattr(datastore, "pool", None), "min_size", 1)
        return max(0, min(values) - max(0, pool_least - 1))

    def stored_among(self, hand_ids: Sequence[str]) -> set[str]:
        """Which of these hands the store holds: one query for them all where the store's recorder
        can (`BatchSQLiteApplicationRecorder`), else one each."""
        by_uuid = {hand_uuid(h): h for h in hand_ids}
        among = getattr(self.recorder, "originators_among", None)
        if among is not None:
            found = among(list(by_uuid))
        else:
            found = {u for u in by_uuid if self.recorder.select_events(u, limit=1)}
        return {by_uuid[u] for u in found}

    def hand(self, hand_id: str) -> Hand:
        hand = self._get_or_none(hand_id)
        if hand is None:
            raise UnknownHand(hand_id)
        return hand

    def _project(self, hand: Hand | None, events: Iterable[Any]) -> Hand | None:
        """The hand from its stored events (eventsourcing's projector, which a second account
        extends: its first account's shared events are attached after its opening)."""
        for e in events:
            hand = e.mutate(hand)
            if e.originator_version == 1 and hand is not None and hand.trunk:
                hand.attach(self._first_of(hand.hand_id, hand.trunk))
        return hand

    def hand_events(self, hand_id: str) -> list[Any]:
        """The hand's stored events, in order: what the projections fold. For a second account:
        its opening, its first account's events 2..N, then its own, numbered on from N + 1, each
        reference to a correction of the shared part read as that correction (`shared_from`)."""
        try:
            events = list(self.events.get(hand_uuid(hand_id)))
        except CorruptedEvent as e:
            raise e.of_hand(hand_id) from None
        if not events:
            raise UnknownHand(hand_id)
        first_id = getattr(events[0], "trunk", "")
        if not first_id:
            return events
        at = events[0].trunk_at
        try:
            first = self.hand_events(first_id)
        except UnknownHand:
            raise first_missing(hand_id, first_id) from None
        return [events[0], *first[1:at], *(renumbered(e, at, first) for e in events[1:])]

    def stored_events(self, hand_id: str) -> list[Any] | None:
        """The hand's stored events, or None when it is not stored (another table's deal, say)."""
        try:
            return self.hand_events(hand_id)
        except UnknownHand:
            return None

    def opened_events(self):
        """Every stored hand's opening event, in the order the hands were first recorded."""
        return self._of_kinds("Opened")

    def _of_kinds(self, *names: str) -> Iterator[Any]:
        """Every stored event of these classes of Hand, in the order they were stored, a page at a time."""
        topics = [f"recorder.domainmodel:Hand.{name}" for name in names]
        start = 1
        while True:
            page = self.recorder.select_notifications(start=start, limit=1000, topics=topics)
            for n in page:
                yield self.mapper.to_domain_event(n)
            if len(page) < 1000:
                return
            start = page[-1].id + 1

    def contracts(self) -> dict[str, str]:
        """Every stored hand's contract as it was last recorded (`4HX by S`), by hand id: read from the
        dealer, auction and contract events alone, for a search by contract. Corrections of the
        record are not read here: the hand's own fold says what it is as corrected."""
        from bridge.cards import contract_made

        ids: dict[Any, str] = {}
        dealer: dict[Any, str] = {}
        found: dict[str, str] = {}
        for e in self._of_kinds("Opened", "DealerNamed", "AuctionCalled", "ContractSet"):
            name = type(e).__name__
            if name == "Opened":
                ids[e.originator_id] = e.hand_id
            elif name == "DealerNamed":
                dealer[e.originator_id] = e.seat
            elif name == "ContractSet":
                found[ids.get(e.originator_id, "")] = e.contract
            elif e.originator_id in dealer:
                made = contract_made(dealer[e.originator_id], list(e.calls))
                if made is not None:
                    found[ids.get(e.originator_id, "")] = str(made)
        found.pop("", None)
        return found

    def hand_ids(self) -> list[str]:
        """Every stored hand's id, in the order the hands were first recorded."""
        return list(self.iter_hand_ids())

    def iter_hand_ids(self) -> Iterator[str]:
        """The same, one at a time: for walking a large store without holding every id."""
        return (e.hand_id for e in self.opened_events())

    def rubber_hands(self, rubber: str) -> list[str]:
        """The hands that name this rubber (`hand ID rubber=NAME`), in the order they were recorded."""
        return [e.hand_id for e in self.opened_events() if getattr(e, "rubber", "") == rubber]


def default_ruleset() -> str | None:
    """The store's default ruleset, when the club sets one (HANDREC_RULESET), for the hands whose
    line names none; None: the 1912 code, as the hand line reads it."""
    given = os.environ.get("HANDREC_RULESET", "").strip().lower()
    if not given:
        return None
    if given not in RULESETS:
        raise StoreError(f"HANDREC_RULESET is '{given}', which is not a ruleset handrec knows ({', '.join(RULESETS)})")
    return given


def names_ruleset(line: Line) -> bool:
    """Whether a hand line names its ruleset (`ruleset=`), as written."""
    return any(w.lower().startswith("ruleset=") for w in (line.text or line.canonical).split("#", 1)[0].split())


def _keeping_ruleset(hand: Hand, lines: Sequence[Line]) -> tuple[Sequence[Line], str]:
    """An archive's board stored before under another ruleset keeps it, with its options: its hand
    line stands for the one given, and the ruleset kept is named with its options ('' when the hand
    lines agree or differ otherwise)."""
    if not hand.lines or lines[0].canonical == hand.lines[0]:
        return lines, ""
    stored_line = parse_line(hand.lines[0])
    if stored_line is None or stored_line.kind != "hand":
        return lines, ""
    rules, options = stored_line.args["ruleset"], stored_line.args["options"]
    ours = dict(lines[0].args, ruleset=rules, options=options)
    if canonical("hand", ours) != hand.lines[0]:
        return lines, ""
    kept = Line("hand", ours, lines[0].lineno, hand.lines[0], hand.lines[0])
    return [kept, *lines[1:]], ruleset_words(rules, options)


def _amended(hand: Hand, lines: Sequence[Line], differs: int | None, amend: Amending | None, file: str | None,
             now: datetime, archive: bool = False) -> None:
    """A transcript that differs from the stored record (at line `differs`, or shorter than it):
    the record as corrected (what the transcript adds at its end aside), or `--amend` asking for
    the corrections that make it so, made in one act; else refused with those corrections
    (`RecordDiffers`), said as the commands that make them for an `archive`'s board (which
    `handrec record` does not read)."""
    hand_id, stored = hand.hand_id, len(hand.lines)
    fixes = corrections_to(hand, lines, amend.reason if amend else "REASON", amend.author if amend else "")
    if not isinstance(fixes, str) and (amend is not None or not fixes[0]):
        try:
            hand.correct([parse_line(text) for text in fixes[0]], now)  # type: ignore[misc]
            hand.record_lines(fixes[1], now)
        except TranscriptError as e:
            raise e.located(file=file) from None
        return
    # An archive's board is named where its refusal is said, and corrected by commands of its own.
    if differs is not None:
        line = lines[differs]
        head = (f"it differs from event {differs + 1} stored" if archive else
                f"this differs from event {differs + 1} already stored for hand '{hand_id}'")
        head += f" ('{hand.lines[differs]}'); stored events are never changed"
        where: dict[str, Any] = {"file": file, "lineno": line.lineno, "text": line.text}
    else:
        head = (f"it has {len(lines)} events and {stored} are stored" if archive else
                f"the transcript has {len(lines)} events but hand '{hand_id}' has {stored} stored")
        head += "; stored events are never removed"
        where = {"file": file}
    # A transcript that agrees with the stored record up to an event and then tells the hand
    # otherwise may be a second account of it written under the first's id (recorder.accounts).
    account = (f"or, if it is another account of the hand, open it under an id of its own from the last event "
               f"both share: hand NEW-ID branch={hand_id}@{differs} as its hand line, then its own lines"
               if differs is not None and differs >= 2 and not archive else "")
    if isinstance(fixes, str):
        raise RecordDiffers(f"{head}, and {fixes}", [], differs, account, **where)
    if archive:
        said = _corrections_said(fixes[0])  # (said whole: the user copies them into the commands)
        raise RecordDiffers(f"{head}: {said}", fixes[0], differs, whole=said, **where)
    several = len(fixes[0]) > 1
    these = "these corrections, together, in one act," if several else "this correction"
    raise RecordDiffers(f"{head}; {these} would bring the store to the transcript (record "
                        f"{'them' if several else 'it'} with 'handrec record --amend --reason TEXT FILE')",
                        fixes[0], differs, account, **where)


def _corrections_said(fixes: Sequence[str]) -> str:
    """The corrections (`strike N`, `amend N LINE` lines) that bring a stored record to an
    archive's board, and the commands that make them (`handrec record --amend` reads no archive;
    one `handrec amend` makes several amends in one act, checked together), said whole: the user
    copies them (the refusal keeps them whole, `RecordDiffers.whole`). Each LINE is quoted as a
    shell reads it (a reader's fault says "West's": `_quoted`); three or more strikes of events in
    a row are one run, 'strike 10 to 55' (the play after a fault). Every one is said, however long
    (a long note amended, many amends): said in part, the director was told to make some of a
    group of amends that must be made in one act (checked together), which the store refused, and
    a correction longer than a bound could not be made from the refusal at all."""
    parsed = [line for line in (parse_line(text) for text in fixes) if line is not None]
    runs: list[tuple[str, list[int]]] = []  # (kind, events): an amend, or strikes of events in a row
    for line in parsed:
        n = line.args["event"]
        if line.kind == "strike" and runs and runs[-1][0] == "strike" and runs[-1][1][-1] == n - 1:
            runs[-1][1].append(n)
        else:
            runs.append((line.kind, [n]))
    replacement = {line.args["event"]: line.args["replacement"] for line in parsed if line.kind == "amend"}
    said: list[str] = []
    for kind, events in runs:
        if kind == "amend":
            said.append(f"amend {events[0]} {_quoted(replacement[events[0]])}")
        elif len(events) >= 3:
            said.append(f"strike {events[0]} to {events[-1]}")
        else:
            said.extend(f"strike {n}" for n in events)
    made = " and ".join(command for kind, command in (("strike", "'handrec strike ID N' for each event struck"),
                                                      ("amend", "'handrec amend ID N LINE [N LINE ...]'"))
                        if any(line.kind == kind for line in parsed))
    words = "; ".join(said)
    return f"{words} bring{'s' if len(parsed) == 1 else ''} the store to the board (made with {made}, --reason TEXT)"


def _quoted(line: str) -> str:
    """A LINE as a shell reads it, and as a reader reads it best: in single quotes, else (a line
    saying "East's") in double quotes where nothing in it means anything there, else as
    `shlex.quote` writes it."""
    if "'" not in line:
        return f"'{line}'"
    if not any(c in line for c in '"$`\\!'):
        return f'"{line}"'
    return shlex.quote(line)
