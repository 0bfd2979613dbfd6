"""The hand as an event-sourced aggregate: every act at the table is one event.

Public methods check only physical facts (a card its player does not hold, a card played
twice, a hand of more than thirteen cards); they never judge an act by the laws. Every
irregularity is recorded as it happened; `projections` says what the laws make of it.
Events apply only: their `apply` runs again on every reload.

Stored event names are `recorder.domainmodel:Hand.<Name>`; renaming one needs an upcaster.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from typing import Any, ClassVar
from uuid import UUID

from eventsourcing.domain import Aggregate, event

from bridge.lines import CORRECTIONS, KINDS, Kind, Line, parse_line
from bridge.messages import RecordError, TranscriptError
from bridge.pack import CHECKED_BY_READER, MOVES, Pack, PhysicalError, rebuild_pack

from .ids import hand_uuid


def stored_fields(kind: str) -> dict[str, Any]:
    """The annotations of a kind's event class: its fields as the kind declares them
    (`bridge.lines.Kind.fields`), then its line, in the order they are stored."""
    return {**dict.fromkeys(KINDS[kind].fields, Any), "line": str}


class Hand(Aggregate):
    """One deal of bridge, from the opening of the record to the cut for the next deal."""

    @staticmethod
    def create_id(hand_id: str) -> UUID:
        return hand_uuid(hand_id)

    @event("Opened")
    def __init__(self, hand_id: str, ruleset: str, options: dict[str, str], line: str, rubber: str = "",
                 source: dict[str, str] | None = None, trunk: str = "", trunk_at: int = 0) -> None:
        self.hand_id = hand_id
        # A second account of hand `trunk` (recorder.accounts): its events 2..trunk_at are that
        # hand's, read from it (`attach`), never stored here; its own follow, numbered from trunk_at + 1.
        self.trunk = trunk
        self.trunk_at = trunk_at
        self.trunk_hand: "Hand | None" = None  # the first account, once attached (`attach`)
        self.ruleset = ruleset
        self.options = dict(options)
        self.rubber = rubber
        self.source = dict(source or {})  # for an imported hand: file, board, room, table
        self.lines: list[str] = [line]  # every stored event's line, in order (event N is lines[N - 1])
        # Each line of the record, and each correction's line as it should have read, parsed the
        # first time a rebuild reads it and kept (`parsed_line`): a rebuild after a correction
        # reads parsed lines, and never parses the record again.
        self.parsed: dict[str, Line | None] = {}
        self.corrections: dict[int, str | None] = {}  # event → its line as corrected (None: struck)
        self.correcting: set[int] = set()  # the events that are corrections themselves
        self.pack = Pack()  # the cards, as the record (as corrected) says

    # ------------------------------------------------------------ recording a line

    @classmethod
    def open(cls, line: Line) -> "Hand":
        """The hand a `hand` line opens."""
        if line.kind != "hand":
            raise PhysicalError("a hand's record opens with the line 'hand ID'")
        a = line.args
        return cls(hand_id=a["hand_id"], ruleset=a["ruleset"], options=a["options"], line=line.canonical,
                   rubber=a.get("rubber", ""), source=a.get("source") or None, trunk=a.get("trunk", ""),
                   trunk_at=a.get("trunk_at", 0))

    # ------------------------------------------------------------ a second account

    def attach(self, first: "Hand") -> None:
        """A second account takes the events it shares with its first (2..trunk_at) from that
        hand, as they stand there: read, never stored here. Called once, after the opening event
        and before any of the account's own (`HandRecorder`'s projector does)."""
        self.trunk_hand = first
        for number in range(2, self.trunk_at + 1):
            text = first.lines[number - 1]
            self.lines.append(text)
            if number in first.correcting:  # a correction made within the shared part is shared
                self.correcting.add(number)
                fix = first.parsed_line(text)
                assert fix is not None
                self.corrections[fix.args["event"]] = fix.args.get("replacement")
        self.pack = rebuild_pack(self.corrected_acts(), check=False)

    def own_lines(self) -> list[str]:
        """The lines this hand stores: its opening, then (a second account) its events after the
        shared ones."""
        return [self.lines[0], *self.lines[self.trunk_at:]] if self.trunk else list(self.lines)

    def shares(self, number: int) -> bool:
        """Whether event `number` is one this account reads from its first."""
        return bool(self.trunk) and 2 <= number <= self.trunk_at

    def share(self, account: str, number: int, timestamp: datetime | None = None) -> None:
        """The correction stored as event `number` of the first account, of an event this account
        shares, reaches this one: recorded here as a reference (`shared ID N`), checked as a
        correction of this record is (the record as corrected could physically have happened)."""
        first = self.trunk_hand
        if not self.trunk or first is None or account != self.trunk:
            raise PhysicalError(f"hand '{self.hand_id}' shares no events with hand '{account}'")
        fix = first.parsed_line(first.lines[number - 1]) if number <= len(first.lines) else None
        if fix is None or fix.kind not in CORRECTIONS or not self.shares(fix.args["event"]):
            raise PhysicalError(f"event {number} of hand '{account}' is not a correction of an event hand "
                                f"'{self.hand_id}' shares with it (events 2 to {self.trunk_at})")
        reference = f"shared {account} {number}"
        if reference in self.lines:  # (made by the recorder when the correction was: never twice)
            raise PhysicalError(f"hand '{self.hand_id}' holds the reference '{reference}' already (its event "
                                f"{self.lines.index(reference) + 1}): the recorder makes it when the correction "
                                f"is made, and an account holds each correction once")
        fixes = {**self.corrections, fix.args["event"]: fix.args.get("replacement")}
        try:
            rebuild_pack(self.corrected_acts(fixes))
        except PhysicalError as e:
            raise PhysicalError(f"with event {fix.args['event']} {'struck' if fix.kind == 'strike' else 'amended'} "
                                f"in hand '{account}', its second account '{self.hand_id}' breaks a physical "
                                f"fact: {e.reason}") from None
        self._next(Hand.SharedCorrected, reference, timestamp, {"account": account, "event": number})

    def record(self, line: Line, timestamp: datetime | None = None) -> None:
        """Apply one line, or refuse it when it breaks a physical fact. Lines recorded in one act
        (a transcript, an archive's board) may share its `timestamp`."""
        kind = line.kind
        if kind == "hand":
            raise PhysicalError("a hand is opened once; 'hand' may only be the first line")
        if kind in CORRECTIONS:
            self.correct([line], timestamp)
            return
        if kind == "shared":
            self.share(line.args["account"], line.args["event"], timestamp)
            return
        a = line.args
        self.pack.check_line(kind, a)
        self._next(EVENT_OF_KIND[kind], line.canonical, timestamp, a)

    def record_lines(self, lines: list[Line], timestamp: datetime | None = None, cards_checked: bool = False) -> None:
        """Apply lines in order, as one act of recording: corrections written one after another
        are one correction act, checked together (`correct`). A refusal names its line.
        `cards_checked`: an archive's reader checked the plays after the deal with a `Pack` of its
        own, in order (`formats.archive.Board.cards_checked`); those are only moved here (the kinds
        `CHECKED_BY_READER`), the other lines checked as `record` checks them."""
        checked = CHECKED_BY_READER if cards_checked else frozenset()
        i, n = 0, len(lines)
        while i < n:
            line = lines[i]
            kind = line.kind
            j = i + 1
            try:
                if kind in checked:  # (a card the reader checked: most lines of an import)
                    self._next(EVENT_OF_KIND[kind], line.canonical, timestamp, line.args)
                elif kind in CORRECTIONS:
                    while j < n and lines[j].kind in CORRECTIONS:
                        j += 1
                    self.correct(lines[i:j], timestamp)
                else:
                    self.record(line, timestamp)
            except RecordError as e:
                raise PhysicalError.at(e, lineno=line.lineno or None, text=line.text or None) from None
            i = j

    # ------------------------------------------------------------ corrections of the record

    def corrected_lines(self, corrections: dict[int, str | None] | None = None) -> list[tuple[int, str]]:
        """The record as corrected: (event, line) for every act, a struck event left out, an
        amended one as it should have read, the corrections themselves left out."""
        fixes = self.corrections if corrections is None else corrections
        out = []
        for number, text in enumerate(self.lines, start=1):
            if number in self.correcting:
                continue
            if number in fixes:
                text = fixes[number]  # type: ignore[assignment]
                if text is None:
                    continue
            out.append((number, text))
        return out

    def corrected_acts(self, corrections: dict[int, str | None] | None = None) -> list[tuple[int, Line | None]]:
        """The record as corrected after its opening line (`corrected_lines`), each line parsed
        (`parsed_line`): what a rebuild of the cards reads (`rebuild_pack`)."""
        return [(number, self.parsed_line(text)) for number, text in self.corrected_lines(corrections)[1:]]

    def parsed_line(self, text: str) -> Line | None:
        """A line of the record, or a correction's line as it should have read, parsed as the
        store holds it: parsed once, the first time it is read, and kept (`parsed`)."""
        try:
            return self.parsed[text]
        except KeyError:
            line = self.parsed[text] = parse_line(text)
            return line

    def correct(self, lines: list[Line], timestamp: datetime | None = None) -> None:
        """Corrections of the record (`strike`, `amend`), one or several in one act: each names an
        event of the record that is an act, and the record as corrected by all of them together
        could physically have happened (two cards swapped between two events are two amends in
        one act). Refused whole, or recorded whole."""
        fixes = dict(self.corrections)
        for line in lines:
            a = line.args
            number = a["event"]
            if line.kind not in CORRECTIONS:
                raise PhysicalError(f"'{line.canonical}' is not a correction of the record")
            if number > len(self.lines):
                raise PhysicalError(f"hand '{self.hand_id}' has events 1 to {len(self.lines)}; there is no "
                                    f"event {number} to {line.kind}")
            if number in self.correcting:
                raise PhysicalError(f"event {number} is itself a correction; correct event "
                                    f"{self.corrected_by(number)} again instead")
            if self.shares(number):
                raise PhysicalError(f"event {number} is one hand '{self.hand_id}' shares with hand '{self.trunk}' "
                                    f"(events 2 to {self.trunk_at}): it is corrected there, and the "
                                    f"correction reaches every account that shares it")
            fixes[number] = a.get("replacement")
        try:
            rebuild_pack(self.corrected_acts(fixes))
        except PhysicalError as e:
            named = ", ".join(f"event {line.args['event']} {'struck' if line.kind == 'strike' else 'amended'}"
                              for line in lines)
            # The event that breaks may be a slip of its own, to correct in the same act (two cards
            # swapped between two events: each amend alone breaks, both together do not).
            broken = getattr(e, "event", None)
            also = ""
            if broken is not None and broken not in {line.args["event"] for line in lines}:
                first = lines[0].args["event"]
                also = (f"; if event {broken} was recorded in error too, correct both in one act (handrec amend "
                        f"{self.hand_id} {first} LINE {broken} LINE --reason TEXT)")
            raise PhysicalError(f"with {named}, the record breaks a physical fact: {e.reason}{also}") from None
        for line in lines:
            self._next(EVENT_OF_KIND[line.kind], line.canonical, timestamp, line.args)

    def corrected_by(self, number: int) -> int:
        """The event that the correction recorded as event `number` corrects: read in the first
        account when it is a correction this account shares with it."""
        line = self.parsed_line(self.lines[number - 1])
        if line is not None and line.kind == "shared" and self.trunk_hand is not None:
            line = self.trunk_hand.parsed_line(self.trunk_hand.lines[line.args["event"] - 1])
        return line.args["event"] if line is not None else number

    def _next(self, cls: type[Aggregate.Event], line: str, timestamp: datetime | None, state: dict[str, Any]) -> None:
        """What eventsourcing's `trigger_event` and the event's `mutate` do (the event made as this
        hand's next, applied, the hand's version and time moved on, the event kept pending until
        saved), its fields taken from the line's arguments `state` in its class's order (`_ARGS`, then
        the line) without its dataclass's generic checks and copies: every event is made here."""
        version = self._version + 1
        when = timestamp or cls.create_timestamp()
        fields = {"originator_id": self._id, "originator_version": version, "timestamp": when}
        for name in _ARGS[cls]:
            fields[name] = state[name]
        fields["line"] = line  # (the last of every class's fields)
        event = object.__new__(cls)
        object.__setattr__(event, "__dict__", fields)
        event.apply(self)  # type: ignore[attr-defined]
        self._version, self._modified_on = version, when  # (what the `version` and `modified_on` setters set)
        self._pending_events.append(event)

    # ------------------------------------------------------------ events (apply only)
    # Each event keeps its transcript line; `apply` runs again on every reload, so it only applies.
    # An event's fields are its kind's (`bridge.lines.Kind.fields`, `stored_fields`): the plain
    # events are made from their kinds below the class (`event_class`); only those with behaviour
    # or upcasters are written out here.

    class Entry(Aggregate.Event):
        """An entry of the record (every stored event of a hand is one). What every entry does to the
        hand: the cards move as its kind of line moves them (`MOVES`, the one place a card's movement
        is written, for the kinds that declare one: the same for a line being recorded, an event read
        back, and a record rebuilt after a correction), and its line is kept."""

        kind: ClassVar[str]  # its kind of line (bridge.lines.KINDS), set for every event class (`event_class`)

        def apply(self, hand: "Hand") -> None:
            move = MOVES.get(self.kind)
            if move is not None:
                move(hand.pack, self.__dict__)
            hand.lines.append(self.line)  # type: ignore[attr-defined]

    class AuctionCalled(Entry):
        """The auction. Version 2 added `alerts`, the calls alerted or explained, by their number in
        the auction, with what was said (`bridge.lines` `_auction`); auctions stored before have
        none, and the upcaster says so."""

        __annotations__ = stored_fields("auction")
        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["alerts"] = []

    class CardWithdrawn(Entry):
        """A card taken back from the table. Version 2 added `misinformed` (duplicate L47E), version
        3 `not_named` (dummy's card declarer did not name, duplicate L45D); older ones are upcast as
        not."""

        __annotations__ = stored_fields("withdraw")
        class_version = 3

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["misinformed"] = False

        @staticmethod
        def upcast_v2_v3(state: dict[str, Any]) -> None:
            state["not_named"] = False

    class TricksClaimed(Entry):
        """A claim. Version 2 added `text`, the claimer's statement of his line of play (L68C);
        claims stored before have none, and the upcaster says so."""

        __annotations__ = stored_fields("claim")
        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["text"] = ""

    class NoteMade(Entry):
        """A note in the record. Version 2 added `author` (who wrote it: a player, the director);
        notes stored before have none, and the upcaster says so."""

        __annotations__ = stored_fields("note")
        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["author"] = ""

    class Corrected(Entry):
        """A correction of the record (the events of `strike` and `amend`, made from their kinds on
        this class): event `event` was recorded in error, or should have read `replacement`. Nothing
        stored changes; the pack is rebuilt from the record as corrected."""

        def apply(self, hand: "Hand") -> None:
            hand.correcting.add(len(hand.lines) + 1)
            hand.lines.append(self.line)  # type: ignore[attr-defined]
            hand.corrections[self.event] = getattr(self, "replacement", None)  # type: ignore[attr-defined]
            # Not checked here: `correct` checked the record as all of the act's corrections leave it.
            hand.pack = rebuild_pack(hand.corrected_acts(), check=False)

    class SharedCorrected(Entry):
        """A correction stored in the first account (its event `event`), of an event this second
        account shares with it: it reaches this account here. Only the reference is stored."""

        __annotations__ = stored_fields("shared")

        def apply(self, hand: "Hand") -> None:
            first = hand.trunk_hand
            assert first is not None, "a second account is attached to its first before its own events"
            fix = first.parsed_line(first.lines[self.event - 1])  # type: ignore[attr-defined]
            assert fix is not None and fix.kind in CORRECTIONS
            hand.correcting.add(len(hand.lines) + 1)
            hand.lines.append(self.line)  # type: ignore[attr-defined]
            hand.corrections[fix.args["event"]] = fix.args.get("replacement")
            hand.pack = rebuild_pack(hand.corrected_acts(), check=False)


def event_class(kind: Kind) -> type[Hand.Entry]:
    """The stored event class of a kind of line (`Kind.event`), as `Hand.<event>`: the class written
    out above when it has behaviour or upcasters, else made from the kind's declaration as
    eventsourcing's `@event` makes one from a method's signature (a frozen dataclass of its fields,
    `Kind.fields`, then its line; a correction's on `Hand.Corrected`). Its topic, the name it is
    stored under, is `recorder.domainmodel:Hand.<event>` either way. The kind's `kind` is set on it."""
    cls = Hand.__dict__.get(kind.event)
    if cls is None:
        base = Hand.Corrected if kind.name in CORRECTIONS else Hand.Entry
        cls = type(kind.event, (base,), {"__annotations__": stored_fields(kind.name), "__module__": __name__,
                                          "__qualname__": f"{Hand.__qualname__}.{kind.event}"})
        setattr(Hand, kind.event, cls)
    elif not (isinstance(cls, type) and issubclass(cls, Hand.Entry)):
        raise TypeError(f"Hand.{kind.event}, the event of kind '{kind.name}', is no entry of the record")
    cls.kind = kind.name
    fields = tuple(f.name for f in dataclasses.fields(cls) if f.name not in _ORIGIN)
    if fields != (*kind.fields, "line"):
        raise TypeError(f"Hand.{kind.event} stores {fields}, where its kind '{kind.name}' declares "
                        f"{(*kind.fields, 'line')}")
    EVENT_OF_KIND[kind.name] = cls
    _ARGS[cls] = kind.fields
    return cls


# The stored event class of each line kind (bridge.lines.KINDS names it), and the fields each class
# keeps of the line's arguments beside the line itself, in its order (the order they are stored in,
# after the origin's: the id, the version, the timestamp); the line is every class's last.
EVENT_OF_KIND: dict[str, type[Hand.Entry]] = {}
_ARGS: dict[type, tuple[str, ...]] = {}  # (each class's fields but the line, read from the line's arguments)
_ORIGIN = tuple(f.name for f in dataclasses.fields(Aggregate.Event))
for _kind in KINDS.values():
    if _kind.name != "hand":  # (the hand's opening event is its `__init__`'s, `Hand.Opened`)
        event_class(_kind)
