"""The HandRecorder application: transcripts in, stored events out, events back for the folds.

A transcript is stored whole or not at all: its events are collected on the aggregate and
saved in one transaction. Recording a transcript again appends only what is new; a transcript
that differs from what is stored is refused at its first differing line.
"""

from __future__ import annotations

import copy
import difflib
import random
import time
from datetime import datetime
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Sequence

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError, InterfaceError, OperationalError
from eventsourcing.utils import get_topic

from bridge.cards import NotationError
from bridge.lines import CORRECTIONS, Line, TranscriptError, canonical, parse_line

from .domainmodel import EVENT_OF_KIND, Hand, Pack, PhysicalError, hand_uuid
from .persistence import STORED, StoredRow
from .errors import CorruptedEvent, HandChanged, StoreError, StoreGone, UnknownHand
from .store import EVENTS_TABLE, Store
from .transcript import parse


@dataclass(frozen=True)
class Recorded:
    hand_id: str
    added: int  # events appended now
    total: int  # events stored for the hand
    kept_ruleset: str = ""  # an import's board stored before under this other ruleset, kept so


@dataclass(frozen=True)
class Amending:
    """`record --amend`: the reason and the author of the corrections it makes."""

    reason: str
    author: str = ""


class RecordDiffers(TranscriptError):
    """A transcript that differs from the stored record: the corrections (`strike`/`amend` lines)
    that would bring the store to it, when there are such."""

    def __init__(self, reason: str, corrections: list[str], **where: Any):
        super().__init__(reason, **where)
        self.corrections = corrections

    def located(self, file: str | None = None, lineno: int | None = None, text: str | None = None) -> "RecordDiffers":
        return RecordDiffers(self.reason, self.corrections, file=self.file or file, lineno=self.lineno or lineno,
                             text=self.text if self.text is not None else text)


def corrections_to(hand: Hand, lines: Sequence[Line], reason: str, author: str = "") -> tuple[list[str], list[Line]] | str:
    """The corrections (`amend`, `strike` lines) that bring the stored record, as corrected, to
    these lines, and the lines to add after them; or why no correction can (a line added before
    the end, a different hand line)."""
    acts = hand.corrected_lines()
    stored = [text for _, text in acts]
    wanted = [line.canonical for line in lines]
    if any(line.kind in CORRECTIONS for line in lines):
        return "the transcript holds corrections of its own: write it as the store holds it, then add them"
    by = f"by={author} " if author else ""
    fixes: dict[int, str] = {}
    added: list[Line] = []

    def head(text: str) -> str:  # the kind and its first word: 'play E', 'quit NS'
        return " ".join(text.split()[:2])

    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=stored, b=wanted, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if i1 == 0:
            return "the hand line differs: a hand is opened once"
        # Within the block, a line stands for the stored line of the same kind and seat, if any.
        block = difflib.SequenceMatcher(a=[head(t) for t in stored[i1:i2]], b=[head(t) for t in wanted[j1:j2]],
                                        autojunk=False)
        for _, a1, a2, b1, b2 in block.get_opcodes():
            common = min(a2 - a1, b2 - b1)
            for t in range(a2 - a1):
                number = acts[i1 + a1 + t][0]
                if t < common:
                    fixes[number] = f"amend {number} {by}{wanted[j1 + b1 + t]} -- {reason}"
                else:
                    fixes[number] = f"strike {number} {by}{reason}"
            if b2 - b1 > common:
                if i1 + a2 < len(stored):
                    return (f"it adds lines before event {acts[i1 + a2][0]}, and a stored record only grows at "
                            f"its end: add them at the end, or as a note")
                added.extend(lines[j1 + b1 + common:j1 + b2])
    return [fixes[n] for n in sorted(fixes)], added


# The kinds of line whose physical check reads no card's place (only whether the auction and
# contract were recorded: recorder.domainmodel's `_CHECKS`), which `HandRecorder._direct` checks
# when it does not follow the cards (the deal it checks itself).
_CHECKS_READ_NO_CARD = frozenset({"dealer", "auction", "contract", "claim", "tag", "note"})
_HAND_TOPIC = get_topic(Hand)  # (what a hand's opening event names as the class it makes)


class _Direct:
    """A new hand made straight into stored rows (`HandRecorder._direct`): saved as a Hand is
    (`save_hands`), every event a row already."""

    def __init__(self, hand_id: str, rows: list[StoredRow]) -> None:
        self.hand_id = hand_id
        self.pending_events: list[Any] = rows

    def collect_events(self) -> list[Any]:
        events, self.pending_events = self.pending_events, []
        return events


def _renumbered(e: Any, at: int, first: Sequence[Any]) -> Any:
    """A second account's own event as its record numbers it (its version + at - 1); a reference
    to a correction of the shared part (`shared ID N`) as that correction, saying where it is stored."""
    number = e.originator_version + at - 1
    if isinstance(e, Hand.SharedCorrected):
        e, shared_from = first[e.event - 1], {"account": e.account, "event": e.event}
    else:
        shared_from = None
    out = copy.copy(e)
    object.__setattr__(out, "originator_version", number)  # (a frozen event: this copy is the reader's)
    if shared_from is not None:
        object.__setattr__(out, "shared_from", shared_from)
    return out


def _first_missing(hand_id: str, first_id: str) -> StoreError:
    return StoreError(f"hand '{hand_id}' is a second account of hand '{first_id}', which the store does not hold")


class HandRecorder(Application):
    name = "handrec"  # pinned: the stored tables and topics do not follow the class name
    is_snapshotting_enabled = False

    def __init__(self, store: str | Store | None = None, env: dict[str, Any] | None = None, reads_only: bool = False):
        """`reads_only`: for a command that only reads, which makes nothing in a PostgreSQL
        database (a role allowed only to read it can run it) and says so when it holds no table
        of handrec's yet."""
        self.store = store if isinstance(store, Store) else Store.parse(store)
        self.env_given = dict(env or {})  # for another process to open the same store the same way
        environment = self.store.env
        if env:
            environment.update(env)
        # The store's name, as the analysis database remembers which store it follows.
        self.store_name = self.store.name
        new_file = self.store.file_identity() is None  # (an SQLite store that is not there yet)
        tables = self.store.probe()
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

    def record_lines(self, lines: Sequence[Line], file: str | None = None, amend: "Amending | None" = None) -> Recorded:
        hand, recorded = self.prepare(lines, file, amend=amend)
        if recorded.added:
            self._save(recorded.hand_id, [hand])
        return recorded

    def prepare(self, lines: Sequence[Line], file: str | None = None, new: bool = False,
                amend: "Amending | None" = None, keep_ruleset: bool = False,
                cards_checked: bool = False) -> tuple[Hand, Recorded]:
        """The hand with these lines applied and its new events pending, not yet saved: the caller
        saves it (`save_hands`), alone or with others in one transaction. `new`: the caller knows
        the store does not hold the hand (`stored_among`), and it is not looked for. A transcript
        that differs from what is stored is refused with the corrections that would bring the
        store to it (`RecordDiffers`), or, with `amend`, those corrections are made, in one act,
        before the lines the transcript adds at its end. `keep_ruleset` (an archive's import): a hand
        stored under another ruleset keeps it, its hand line standing for the one given, and
        `Recorded.kept_ruleset` names it. `cards_checked`: the lines' deal and plays were checked against
        the physical facts already (an archive's board, `recorder.archive.Board.cards_checked`)."""
        hand_id = lines[0].args["hand_id"]
        hand = None if new else self._get_or_none(hand_id)
        kept = ""
        if keep_ruleset and hand is not None and hand.lines and lines[0].canonical != hand.lines[0]:
            stored_line = parse_line(hand.lines[0])
            if stored_line is not None and stored_line.kind == "hand":
                ours = dict(lines[0].args, ruleset=stored_line.args["ruleset"])
                if canonical("hand", ours) == hand.lines[0]:
                    kept = stored_line.args["ruleset"]
                    lines = [Line("hand", ours, lines[0].lineno, hand.lines[0], hand.lines[0]), *lines[1:]]
        now = Hand.Event.create_timestamp()  # one act of recording: its events share its time
        stored = 0
        if lines[0].kind == "hand" and lines[0].args.get("trunk"):
            return self._record_account(hand, lines, file, now)
        if hand is None:
            if new:  # an archive's board new to the store: its rows made directly, when they can be
                direct = self._direct(lines, now, cards_checked)
                if direct is not None:
                    return direct, Recorded(hand_id, len(lines), len(lines), kept)  # type: ignore[return-value]
            hand = self._apply(None, lines[0], file)
            start = 1
        elif hand.trunk:
            raise TranscriptError(f"hand '{hand_id}' is a second account of hand '{hand.trunk}' (branch="
                                  f"{hand.trunk}@{hand.trunk_at}); its transcript opens with that hand line",
                                  file=file, lineno=lines[0].lineno or None, text=lines[0].text)
        else:
            stored = len(hand.lines)
            differs = next((i for i, line in enumerate(lines[:stored]) if line.canonical != hand.lines[i]), None)
            if differs is not None or len(lines) < stored:
                fixes = corrections_to(hand, lines, amend.reason if amend else "REASON",
                                       amend.author if amend else "")
                # The transcript is the record as corrected (what it adds at its end aside), or
                # --amend asks for the corrections that make it so: made, in one act.
                if not isinstance(fixes, str) and (amend is not None or not fixes[0]):
                    try:
                        hand.correct([parse_line(text) for text in fixes[0]], now)  # type: ignore[misc]
                        hand.record_lines(fixes[1], now)
                    except TranscriptError as e:
                        raise e.located(file=file) from None
                    return hand, Recorded(hand_id, len(hand.lines) - stored, len(hand.lines), kept)
                if differs is not None:
                    line = lines[differs]
                    head = (f"this differs from event {differs + 1} already stored for hand '{hand_id}' "
                            f"('{hand.lines[differs]}'); stored events are never changed")
                    where: dict[str, Any] = {"file": file, "lineno": line.lineno, "text": line.text}
                else:
                    head = (f"the transcript has {len(lines)} events but hand '{hand_id}' has {stored} "
                            f"stored; stored events are never removed")
                    where = {"file": file}
                if isinstance(fixes, str):
                    raise RecordDiffers(f"{head}, and {fixes}", [], **where)
                together = "together, in one act, " if len(fixes[0]) > 1 else ""
                raise RecordDiffers(f"{head}; these corrections, {together}would bring the store to the "
                                    f"transcript (record them with 'handrec record --amend --reason TEXT FILE')",
                                    fixes[0], **where)
            start = stored
        try:
            hand.record_lines(list(lines[start:]), now)
        except TranscriptError as e:
            raise e.located(file=file) from None
        return hand, Recorded(hand_id, len(hand.lines) - stored, len(hand.lines), kept)

    def _record_account(self, hand: Hand | None, lines: Sequence[Line], file: str | None,
                        now: datetime) -> tuple[Hand, Recorded]:
        """A second account's transcript (`hand ID branch=FIRST@N`, then its own lines, or its whole
        record as `export-pbn --transcript` writes it, the shared events included): a new account
        opened from its first, or the lines it adds to the one stored. What it stores already is
        compared as it stands (a reference to a correction of the shared part, `shared ID N`, as
        itself or as the correction it names, or left out); a correction is made as one
        (`handrec strike`/`amend`)."""
        head, first_account = self._account_line(lines[0], file)
        if hand is None:
            hand = self._open_account(head, first_account, file, now)
        elif not hand.trunk:
            raise TranscriptError(f"hand '{hand.hand_id}' is stored as a first account, not as a second "
                                  f"account of hand '{head.args['trunk']}'", file=file,
                                  lineno=lines[0].lineno or None, text=lines[0].text)
        body = list(lines[1:])
        shared = hand.lines[1:hand.trunk_at]
        if shared and [line.canonical for line in body[:len(shared)]] == shared:
            body = body[len(shared):]  # (the whole record: the shared events are its first account's)
        first = hand._first
        j = 0
        for text in hand.own_lines()[1:]:
            named = text
            if text.startswith("shared ") and first is not None:
                ref = parse_line(text)
                named = first.lines[ref.args["event"] - 1] if ref is not None else text
            if j < len(body) and body[j].canonical in (text, named):
                j += 1
            elif not text.startswith("shared "):  # (a reference the recorder made need not be written)
                line = body[j] if j < len(body) else lines[0]
                there = f"'{line.canonical}'" if j < len(body) else "no more lines"
                raise RecordDiffers(f"this differs from the stored account '{hand.hand_id}', which has '{text}' "
                                    f"where the transcript has {there}; stored events are never changed: correct "
                                    f"them with 'handrec strike' or 'handrec amend'", [], file=file,
                                    lineno=line.lineno or None, text=line.text)
        try:
            hand.record_lines(body[j:], now)
        except TranscriptError as e:
            raise e.located(file=file) from None
        return hand, Recorded(hand.hand_id, len(hand.pending_events), len(hand.lines))

    def _account_line(self, line: Line, file: str | None) -> tuple[Line, Hand]:
        """A second account's hand line with its first account's ruleset and options when it names
        none, and refused when it names others (one hand is ruled under one code); and its first."""
        a = line.args
        first = self._get_or_none(a["trunk"])
        where: dict[str, Any] = {"file": file, "lineno": line.lineno or None, "text": line.text}
        if first is None:
            raise TranscriptError(f"hand '{a['trunk']}' is not stored: a second account is opened from a "
                                  f"stored hand", **where)
        if first.trunk:
            raise TranscriptError(f"hand '{a['trunk']}' is itself a second account (of '{first.trunk}'): open "
                                  f"this one from '{first.trunk}'", **where)
        if a["trunk_at"] > len(first.lines):
            raise TranscriptError(f"hand '{a['trunk']}' has events 1 to {len(first.lines)}; it cannot share "
                                  f"events up to {a['trunk_at']}", **where)
        if a["ruleset"] and (a["ruleset"], a["options"]) != (first.ruleset, first.options):
            raise TranscriptError(f"hand '{a['trunk']}' is ruled under {parse_line(first.lines[0]).args['ruleset']}"  # type: ignore[union-attr]
                                  f" as its line says ('{first.lines[0]}'); a second account is ruled as its "
                                  f"first: leave ruleset= out", **where)
        filled = dict(a, ruleset=first.ruleset, options=dict(first.options))
        text = canonical("hand", filled)
        return Line("hand", filled, line.lineno, line.text, text), first

    def _open_account(self, line: Line, first: Hand, file: str | None, now: datetime) -> Hand:
        """A new second account, attached to its first; the corrections the first holds already
        of the shared events, made after them, reach it at once (`shared` references)."""
        hand = self._apply(None, line, file)
        hand.attach(first)
        for number in sorted(first.correcting):
            if number > hand.trunk_at and hand.shares(first._corrected_by(number)):
                hand.share(first.hand_id, number, now)
        return hand

    def _direct(self, lines: Sequence[Line], timestamp: datetime, cards_checked: bool = False) -> "_Direct | None":
        """A new hand's events, as stored rows made straight from its lines: the opening event's
        fields as `Hand.open` gives them, each later line checked against the physical facts as
        `Hand.record` checks it (the same `Pack`), and every event written in the bytes the mapper
        writes it in (`HandMapper.stored`), without the aggregate and the event objects it makes
        (most of an import's time); all of them at the time of this act of recording. None when
        the first line opens no hand, a line is a correction or breaks a physical fact (the
        aggregate then says which, as ever), or the store does not write events so.
        `cards_checked`: the deal and the plays were checked so already, in order
        (`recorder.archive.Board.cards_checked`), and are not checked again; the other lines are,
        those of the kinds whose check reads no card's place."""
        mapper = self.mapper
        stored_of = getattr(mapper, "stored", None)
        if stored_of is None:
            return None
        stored_play = getattr(mapper, "stored_play", None)
        played, played_fields = EVENT_OF_KIND["play"]
        plays_direct = stored_play is not None and played_fields == ("seat", "cards")
        if plays_direct:
            tails, head = mapper.play_tails(), mapper.head_bytes(timestamp)
        try:
            opening = Hand.opening(lines[0])
        except PhysicalError:
            return None
        if opening.get("trunk"):
            return None  # (a second account reads its first: the aggregate's way)
        originator_id = hand_uuid(opening["hand_id"])
        row = stored_of(Hand.Opened, originator_id, 1, timestamp, {"originator_topic": _HAND_TOPIC, **opening})
        if row is None:
            return None
        rows: list[Any] = [row]
        append = rows.append
        pack = Pack()
        play_card = pack.play_card
        version = 1
        for line in lines[1:]:
            version += 1
            kind = line.kind
            if kind == "play" and plays_direct:
                if cards_checked:
                    # An archive's board: its builder wrote each play line from its seat and card,
                    # and checked the card (Board.cards_checked); the line alone says which row is its.
                    known = tails.get(line.canonical)
                    if known is not None and known.cls is played:
                        pack.played_any = True
                        append(StoredRow(originator_id, version, known.topic, head + known.tail))
                        continue
                # Most lines: one card played. `Pack.play_card` is `check` then `apply` for it, and
                # `stored_play` writes what `stored` writes; a card refused goes the aggregate's way.
                a = line.args
                played_cards = a["cards"]
                if len(played_cards) == 1:
                    seat, card, text = a["seat"], played_cards[0], line.canonical
                    if cards_checked:
                        pack.played_any = True
                    elif not play_card(seat, card):
                        return None
                    row = stored_play(played, originator_id, version, timestamp, seat, card, text)
                    if row is None:
                        return None
                    append(row)
                    continue
                if cards_checked:
                    return None  # (several cards at once: checked as the aggregate checks them)
            if kind == "hand" or kind in CORRECTIONS:
                return None
            a = line.args
            if cards_checked and kind == "deal":
                # Checked as `Pack._check_deal` checks it (one deal, before any card, no hand of
                # more than thirteen): its cards are not followed, as the plays are not checked.
                if pack.dealt or pack.played_any:
                    return None
                pack.dealt = True
            elif cards_checked and kind not in _CHECKS_READ_NO_CARD:
                return None
            else:
                try:
                    pack.check(kind, a)
                except PhysicalError:
                    return None
                pack.apply(kind, a)
            cls, fields = EVENT_OF_KIND[kind]
            row = stored_of(cls, originator_id, version, timestamp, {**{f: a[f] for f in fields}, "line": line.canonical})
            if row is None:
                return None
            append(row)
        return _Direct(opening["hand_id"], rows)

    def save_hands(self, hands: Sequence[Hand]) -> None:
        """Save several hands' pending events in one transaction: all of them or none."""
        self._save(", ".join(h.hand_id for h in hands[:3]) + ("..." if len(hands) > 3 else ""), list(hands))

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
        if expected is not None and hand is not None and len(hand.lines) != expected:
            raise HandChanged(f"hand '{hand_id}' changed: it has {len(hand.lines)} events, the page showed "
                              f"{expected}; nothing was stored", len(hand.lines))
        if hand is None and line.args.get("trunk"):
            hand = self._open_account(*self._account_line(line, None), None, Hand.Event.create_timestamp())
        elif hand is not None and line.kind in CORRECTIONS:
            return self.correct(hand_id, [text])
        else:
            hand = self._apply(hand, line, None)
        self._save(hand_id, [hand])
        return Recorded(hand_id, 1, len(hand.lines))

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
        first = hand._first
        shared = [line for line in lines if line.kind in CORRECTIONS and hand.shares(line.args["event"])]
        own = [line for line in lines if line not in shared]
        now = Hand.Event.create_timestamp()
        try:
            if shared:
                assert first is not None
                first.correct(shared, now)
            if own:
                hand.correct(own, now)
        except (TranscriptError, NotationError) as e:
            raise TranscriptError(e.reason if isinstance(e, TranscriptError) else str(e)) from None
        self._save(hand_id, [h for h in (first if shared else None, hand) if h is not None])
        return Recorded(hand_id, len(lines), len(hand.lines))

    def _apply(self, hand: Hand | None, line: Line, file: str | None, timestamp: datetime | None = None) -> Hand:
        try:
            if hand is None:
                return Hand.open(line)
            hand.record(line, timestamp)
            return hand
        except (TranscriptError, NotationError) as e:
            reason = e.reason if isinstance(e, TranscriptError) else str(e)
            raise TranscriptError(reason, file=file, lineno=line.lineno or None, text=line.text) from None

    def _save(self, hand_id: str, new: Sequence[Any]) -> None:
        if not new:
            return
        # What Application.save does, less the Recording objects it returns per event for
        # followers (handrec has none): the hands' new events, stored in one transaction. They
        # stay pending on the hands until stored, so that a caller may try again hand by hand.
        new = self._with_accounts(new)
        stored = self._stored_forms(new)
        self._still_on_its_file(hand_id, "nothing was stored")
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
        """`save_hands`, its commit made while the caller goes on: the events are inserted now, in
        one transaction, and a thread of the store's own commits it (an import's commit is mostly
        the disk's time, and it reads the next boards meanwhile). Returns `done`, which waits for the
        commit and raises what `save_hands` would have raised (StoreError: nothing stored). Until
        `done` returns the hands' events stay pending, and the store takes no other write. A store
        that cannot commit so (PostgreSQL) saves them at once, and `done` has nothing to wait for."""
        label = ", ".join(h.hand_id for h in hands[:3]) + ("..." if len(hands) > 3 else "")
        insert_later = getattr(self.recorder, "insert_events_committed_later", None)
        if insert_later is None or not hands:
            self._save(label, list(hands))
            return lambda: None
        hands = self._with_accounts(hands)
        stored = self._stored_forms(hands)
        commit = self._inserting(label, stored, lambda: insert_later(stored))

        def done() -> None:
            if commit is not None:  # (None: the insert met its own rows stored, read back: nothing to commit)
                self._inserting(label, stored, commit)
            for hand in hands:
                hand.collect_events()

        return done

    def _with_accounts(self, hands: Sequence[Any]) -> list[Any]:
        """These hands, and the second accounts that a correction among their new events reaches:
        a correction of an event they share with their first account is stored once, there, and
        each of them gets a reference to it (`shared ID N`, `Hand.share`), checked as a correction
        of its own record is, all saved in the one transaction. Looked for only when a first
        account is corrected (the hands opened from it are found by their opening events)."""
        fixes = {h.hand_id: [(e.originator_version, e.event) for e in h.pending_events if isinstance(e, Hand.Corrected)]
                 for h in hands if isinstance(h, Hand) and not h.trunk}
        fixes = {hand_id: made for hand_id, made in fixes.items() if made}
        if not fixes:
            return list(hands)
        by_id = {h.hand_id: h for h in hands if isinstance(h, Hand)}
        out = list(hands)
        for first_id, made in fixes.items():
            first = by_id[first_id]
            for account_id in self.accounts_of(first_id):
                account = by_id.get(account_id) or self.hand(account_id)
                account._first = first  # (the first as it now stands, its new corrections with it)
                for number, event in made:
                    if account.shares(event):
                        account.share(first_id, number, first.pending_events[-1].timestamp)
                if account.pending_events and account not in out:
                    out.append(account)
        return out

    def accounts(self, hand_id: str) -> list[str]:
        """Every account of the hand this one is an account of: the first, then the second
        accounts opened from it, in the order they were recorded ([hand_id] for a hand told once)."""
        opened = next(iter(self.events.get(hand_uuid(hand_id), limit=1)), None)
        if opened is None:
            raise UnknownHand(hand_id)
        first = getattr(opened, "trunk", "") or hand_id
        return [first, *self.accounts_of(first)]

    def found_account(self, hand_id: str) -> tuple[str, int] | None:
        """The account of this hand whose record the director found (its latest finding of fact,
        `find`, standing in the record as corrected, by the time it was recorded), and that
        finding's event; None when no account holds one."""
        best: tuple[Any, str, int] | None = None
        for account in self.accounts(hand_id):
            events = self.hand_events(account)
            for number, text in self.hand(account).corrected_lines():
                if text.startswith("find "):
                    when = events[number - 1].timestamp
                    if best is None or when >= best[0]:
                        best = (when, account, number)
        return None if best is None else (best[1], best[2])

    def accounts_of(self, hand_id: str) -> list[str]:
        """The second accounts opened from this hand (`hand ID branch=HAND@N`), in the order they
        were recorded."""
        return [e.hand_id for e in self._opened() if getattr(e, "trunk", "") == hand_id]

    def _stored_forms(self, hands: Sequence[Any]) -> list[Any]:
        """The hands' pending events as the store writes them (rows made already are kept)."""
        to_stored = self.mapper.to_stored_event
        return [e if isinstance(e, STORED) else to_stored(e) for hand in hands for e in hand.pending_events]

    def _inserting(self, hand_id: str, stored: Sequence[Any], insert: Callable[[], Any]) -> Any:
        """What `insert` returns, the store's own errors said as StoreError, in one sentence, once
        what was stored is known (read back when the store's answer was lost)."""
        try:
            return insert()
        except IntegrityError:
            # Either another recorder stored other events at these positions, or this one's own
            # insert was committed and its answer lost (the link dropped after the commit, and the
            # store's retry met the events it had itself stored): read back and tell which.
            if not self._stored_as_sent(stored):
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

        try:
            with self.recorder.datastore.get_connection() as conn:  # type: ignore[attr-defined]
                row = conn.execute(CONNECTIONS_LEFT).fetchone()
        except Exception:  # (the store's own errors: the import then goes on as asked)
            return None
        values = [v for v in (row.values() if isinstance(row, dict) else row or ()) if v is not None]
        return max(0, min(values)) if values else None

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

    def _first_of(self, hand_id: str, first_id: str) -> Hand:
        first = self._get_or_none(first_id)
        if first is None:
            raise _first_missing(hand_id, first_id)
        return first

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
            raise _first_missing(hand_id, first_id) from None
        return [events[0], *first[1:at], *(_renumbered(e, at, first) for e in events[1:])]

    def stored_events(self, hand_id: str) -> list[Any] | None:
        """The hand's stored events, or None when it is not stored (another table's deal, say)."""
        try:
            return self.hand_events(hand_id)
        except UnknownHand:
            return None

    def _opened(self):
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
        from bridge.cards import contract_from_auction

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
                made = contract_from_auction(dealer[e.originator_id], list(e.calls))
                if made is not None:
                    found[ids.get(e.originator_id, "")] = str(made)
        found.pop("", None)
        return found

    def hand_ids(self) -> list[str]:
        """Every stored hand's id, in the order the hands were first recorded."""
        return list(self.iter_hand_ids())

    def iter_hand_ids(self) -> Iterator[str]:
        """The same, one at a time: for walking a large store without holding every id."""
        return (e.hand_id for e in self._opened())

    def rubber_hands(self, rubber: str) -> list[str]:
        """The hands that name this rubber (`hand ID rubber=NAME`), in the order they were recorded."""
        return [e.hand_id for e in self._opened() if getattr(e, "rubber", "") == rubber]
