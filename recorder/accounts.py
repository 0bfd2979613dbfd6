"""Two accounts of one hand (docs/design.md, "Two accounts of one hand"): a second account is an
aggregate of its own that stores only what it says itself, its opening naming its first account
and the last event they share; a correction of a shared event is stored once, in the first
account, and each account sharing it gets a reference (`shared ID K`). `Accounts` is the
recorder's part of it (`HandRecorder` is one): opening an account, recording into one, the
references a correction makes, finding a hand's accounts and the account the director found.
"""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Any, Sequence

from bridge.lines import Line, canonical, parse_line
from bridge.messages import TranscriptError

from .corrections import RecordDiffers
from .domainmodel import Hand
from .ids import hand_uuid
from .errors import StoreError, UnknownHand
from .persistence import SameAccounts, Unchanged
from .recorded import Recorded


def renumbered(e: Any, at: int, first: Sequence[Any]) -> Any:
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


def first_missing(hand_id: str, first_id: str) -> StoreError:
    return StoreError(f"hand '{hand_id}' is a second account of hand '{first_id}', which the store does not hold")


class Accounts:
    """The accounts of a hand, as the recorder keeps them (a part of `HandRecorder`)."""

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
        first = hand.trunk_hand
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
            if number > hand.trunk_at and hand.shares(first.corrected_by(number)):
                hand.share(first.hand_id, number, now)
        return hand

    def _with_accounts(self, hands: Sequence[Any]) -> tuple[list[Any], list[Unchanged | SameAccounts]]:
        """These hands, and the second accounts that a correction among their new events reaches:
        a correction of an event they share with their first account is stored once, there, and
        each of them gets a reference to it (`shared ID N`, `Hand.share`), checked as a correction
        of its own record is, all saved in the one transaction. Looked for only when a first
        account is corrected (the hands opened from it are found by their opening events).

        And what the write expects the store still to hold when it commits, so that an account
        opened and a correction made at the same moment see each other: an account being opened
        expects its first account as it read it (a correction made there meanwhile would not
        reach it), and a corrected first account the accounts it found (one opened meanwhile
        would get no reference). The store checks both in the write's own transaction."""
        expected: list[Unchanged | SameAccounts] = []
        for h in hands:
            first = getattr(h, "trunk_hand", None)
            if isinstance(h, Hand) and h.trunk and first is not None and \
                    any(e.originator_version == 1 for e in h.pending_events):
                expected.append(Unchanged(first.hand_id, first.id, first.version - len(first.pending_events)))
        fixes = {h.hand_id: [(e.originator_version, e.event) for e in h.pending_events if isinstance(e, Hand.Corrected)]
                 for h in hands if isinstance(h, Hand) and not h.trunk}
        fixes = {hand_id: made for hand_id, made in fixes.items() if made}
        if not fixes:
            return list(hands), expected
        by_id = {h.hand_id: h for h in hands if isinstance(h, Hand)}
        out = list(hands)
        for first_id, made in fixes.items():
            first = by_id[first_id]
            found = self.accounts_of(first_id)
            expected.append(SameAccounts(first_id, frozenset(hand_uuid(a) for a in found)))
            for account_id in found:
                account = by_id.get(account_id) or self.hand(account_id)
                account.trunk_hand = first  # (the first as it now stands, its new corrections with it)
                for number, event in made:
                    if account.shares(event):
                        account.share(first_id, number, first.pending_events[-1].timestamp)
                if account.pending_events and account not in out:
                    out.append(account)
        return out, expected

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
        `find`, standing in the record as corrected), and that finding's event; None when no
        account holds one. Latest in the store's order (`positions`), never by the clock of the
        machine that recorded it: one an hour behind would pass over a later finding."""
        best: tuple[int, str, int] | None = None
        for account in self.accounts(hand_id):
            hand = self.hand(account)
            own = self.recorder.positions(hand_uuid(account))  # type: ignore[attr-defined]
            first = self.recorder.positions(hand_uuid(hand.trunk)) if hand.trunk else own  # type: ignore[attr-defined]
            for number, text in hand.corrected_lines():
                if text.startswith("find "):
                    # (a second account's events 2..trunk_at are its first's; its own numbered on)
                    where = first[number] if hand.shares(number) else own[number - max(hand.trunk_at, 1) + 1]
                    if best is None or where >= best[0]:
                        best = (where, account, number)
        return None if best is None else (best[1], best[2])

    def accounts_of(self, hand_id: str) -> list[str]:
        """The second accounts opened from this hand (`hand ID branch=HAND@N`), in the order they
        were recorded. An SQLite store's openings are looked through by SQLite
        (`HandReader.second_accounts`: a first account's state is never read), another's each made
        an event (docs/design.md, "Two accounts of one hand", has the figures)."""
        reader = self.store.reader()  # type: ignore[attr-defined]
        if reader is None:
            return [e.hand_id for e in self.opened_events() if getattr(e, "trunk", "") == hand_id]
        with reader:
            found, _ = reader.second_accounts()
        return [account for account, first in found if first == hand_id]

    def _first_of(self, hand_id: str, first_id: str) -> Hand:
        first = self._get_or_none(first_id)
        if first is None:
            raise first_missing(hand_id, first_id)
        return first


class SecondAccounts:
    """Which stored hands are second accounts of which, for a reader that asks of hand after hand
    (the review room): the openings of an SQLite store read once (`HandReader.second_accounts`),
    then only those stored since, at each asking, since a hand's opening is never changed or taken
    away. `family` is `Accounts.accounts` of a stored hand, without a look at every opening."""

    def __init__(self) -> None:
        self.seconds: dict[str, list[str]] = {}  # a first account's id: its second accounts', in order
        self.first: dict[str, str] = {}  # a second account's id: its first account's
        self.read_to = 0  # the store's position of the last opening read

    def refresh(self, reader: Any) -> None:
        """The openings stored since the last read (`reader`: a `recorder.rows.HandReader`)."""
        found, self.read_to = reader.second_accounts(self.read_to)
        for account, first in found:
            self.seconds.setdefault(first, []).append(account)
            self.first[account] = first

    def family(self, hand_id: str) -> list[str]:
        """The accounts of the hand this one is an account of: the first, then its second accounts
        in the order they were opened ([hand_id] for a hand told once)."""
        first = self.first.get(hand_id, hand_id)
        return [first, *self.seconds.get(first, [])]
