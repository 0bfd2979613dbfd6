"""Recorded hands from archives (PBN, LIN) become the same transcript lines a committee writes.

Every reader (`formats.pbn`, `formats.lin`) turns a file into `Board`s; a `Board` is a hand id,
where it came from, and its events as `Line`s, each with the line of the archive file it came
from, so that one path stores them all: `HandRecorder.record_lines`. A reader refuses nothing:
what it cannot read it says in `Board.problem`, and the importer refuses that board alone (a
problem outside any board comes as a `Board` with no hand id, `Board.outside`). What one board may
hold is bounded (BOARD_MAX, SECTION_MAX, NOTES_MAX; a note, NOTE_MAX), and so is its hand id
(OWN_ID_MAX, NAME_MAX: `id_too_long`): beyond, the board is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable

from bridge.hand_ids import HAND_ID_MAX
from bridge.messages import excerpt
from bridge.rulesets import DEFAULT_RULESET
from bridge.tags import mark_word

from bridge import cards
from bridge.cards import Card, Contract, NotationError, side_of
from bridge.play import Trick, may_have_won, opening_leader
from bridge.lines import Line, canonical, check_note
from bridge.messages import TranscriptError
from bridge.pack import Pack

UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")
# The most one board of an archive may hold (interface.md), refused beyond: its text (a PBN game,
# a LIN board), and the tokens of a PBN section or the pairs of a LIN board. A hand of 13 tricks,
# its auction and its commentary take a few KiB and a few hundred tokens.
BOARD_MAX = 1 << 20
SECTION_MAX = 2000
# The notes one board may become (its commentary: PBN `{}` and `;`, LIN `nt|`): a real game holds
# at most some 120; 100,000 comments in 400 KB became 100,061 events, and gigabytes in memory.
NOTES_MAX = 1000
# An archive's hand id is its file's name (`archive_names`: `1997-ETC/Fnoito25.pbn`) and what its
# board's own values make of it (`/17/Open`: board, room, and a number telling a repeat apart), each
# at most half of bridge.hand_ids.HAND_ID_MAX: so the ids of a file named by a longer name
# (`Board.under`) stay within it too. Real boards make at most 511 characters of their ids (a [Board]
# that holds a paragraph; every other at most 12), real files' names take at most 83; a folder and a
# name take at most 511 on a file system of 255-byte names.
OWN_ID_MAX = HAND_ID_MAX // 2
NAME_MAX = HAND_ID_MAX - OWN_ID_MAX


def id_part(text: str) -> str:
    """A piece of a hand id: letters, digits, '-', '_', '.' (anything else becomes '_')."""
    part = UNSAFE.sub("_", text.strip()).strip("_.")
    return part or "_"


def archive_name(path: str) -> str:
    """The file as it names its hands: its folder and its name (`1997-ETC/Fnoito25.pbn`), so that
    the same file imported from elsewhere gives the same ids."""
    return archive_names(path)[0]


def archive_names(path: str) -> list[str]:
    """The names a file may give its hands, the shortest first: its folder and its name
    (`archive_name`), then with each folder above (`x/000/00007`, `a/x/000/00007`), up to NAME_MAX
    characters (the first is always one). The importer names a file's hands by a longer one when a
    hand under the shorter holds another deal: another file of the same folder and name, from
    elsewhere (`importer._Batch`); with none longer left, the board is refused as differing."""
    p = Path(path).resolve()
    folders = [id_part(f) for f in p.parent.parts if f != p.anchor]
    name = id_part(p.name)
    names = [name] if not folders else ["/".join(folders[-1:] + [name])]
    for folder in reversed(folders[:-1]):
        longer = f"{folder}/{names[-1]}"
        if len(longer) > NAME_MAX:
            break
        names.append(longer)
    return names


def id_too_long(hand_id: str, name: str,
                values: Iterable[tuple[str, str, int | None]]) -> tuple[str, int | None] | None:
    """Why a board's hand id is too long, and the line that says, or None: what the board's own
    values make of it past OWN_ID_MAX (its id after its file's name `name`), or the whole past
    HAND_ID_MAX (a file's name past NAME_MAX). `values`: those that make its id, as the archive
    writes them (`[Board]`, `qx|`), with their lines; the longest is named."""
    own = len(hand_id) - len(name)
    if own <= OWN_ID_MAX and len(hand_id) <= HAND_ID_MAX:
        return None
    what, value, lineno = max(values, key=lambda v: len(v[1].strip()))  # (its line: where the id is made)
    if own > OWN_ID_MAX:
        return (f"its {what} ({len(value.strip()):,} characters) makes a hand id of {len(hand_id):,} characters, and "
                f"a board's own values may make at most {OWN_ID_MAX:,} of them"), lineno
    return (f"its file's folder and name ({len(name):,} characters) make a hand id of {len(hand_id):,} characters, "
            f"and a hand id is at most {HAND_ID_MAX:,}"), lineno


def shown_id(hand_id: str) -> str:
    """A hand id too long to be one (`id_too_long`), as a sentence names its board: each segment
    an excerpt (`bridge.messages.excerpt`, at most 60 characters and an ellipsis)."""
    return "/".join(excerpt(segment) for segment in hand_id.split("/"))


@dataclass
class Board:
    """One recorded hand read from an archive, before it is stored."""

    hand_id: str
    source: dict[str, str]
    lines: list[Line] = field(default_factory=list)
    problem: str | None = None  # why it cannot be stored, found while reading
    problem_line: int | None = None
    declarer: str | None = None  # as the record gives them: the contract's declarer, and the tricks
    declarer_tricks: int | None = None  # his side won in play and by the claim
    # The record accounts for all thirteen tricks (played, or the rest claimed): only then do its
    # declarer's tricks say the board's result (a play that stops, or none at all, says none).
    play_over: bool = False
    # A play that breaks a physical fact: why, and where the record was cut (BoardBuilder.play_fault).
    fault: str | None = None
    # Every play after the deal was checked against the physical facts in order by the builder's
    # Pack (bridge.pack, the aggregate's own check): `HandRecorder.prepare` need not check them again.
    cards_checked: bool = False
    archive: str = ""  # the name of the file its hand id begins with, when not `archive_name`'s (`under`)

    @classmethod
    def outside(cls, file: str, format: str, problem: str, lineno: int) -> "Board":
        """Not a board: what went wrong outside any board (a comment opened before the first game
        and never closed), said as the boards' problems are. Its hand id is empty."""
        return cls("", {"file": file, "format": format}, problem=problem, problem_line=lineno)

    def under(self, name: str) -> "Board":
        """The board with its hand id under another of its file's names (`archive_names`)."""
        old = self.archive or archive_name(self.source["file"])
        hand_id = name + self.hand_id[len(old):]
        head = self.lines[0]
        args = dict(head.args, hand_id=hand_id)
        text = canonical("hand", args)
        return replace(self, hand_id=hand_id, archive=name, lines=[Line("hand", args, head.lineno, text, text), *self.lines[1:]])

    def mark(self, token: str, trick: int, seat: str) -> None:
        """An irregularity the record itself marks (PBN ^R, ^L) before the card `seat` played to
        `trick`, kept in the hand's source by its trick and seat (`bridge.tags.mark_word`)."""
        self.source["marks"] = " ".join(filter(None, [self.source.get("marks", ""), mark_word(token, trick, seat)]))


def add_tags(board: Board, values: dict[str, str], lines: dict[str, int]) -> None:
    """The archive's tags for the people and the occasion (bridge.tags.TAG_NAMES), as `tag` lines
    at the end of the board's record; a value not given ('', '?', '#') is left out, one longer
    than a note may be is left out too (the board still stands)."""
    last = max((line.lineno for line in board.lines), default=0)
    for name, value in values.items():
        value = " ".join(value.split())
        if value in ("", "?", "#", "-"):
            continue
        try:
            check_note(value)
        except NotationError:
            continue
        args = {"name": name, "value": value}
        text = canonical("tag", args)
        board.lines.append(Line("tag", args, lines.get(name, last), text, text))


def add_note(board: Board, text: str, lineno: int) -> None:
    """A note at the end of the board's record (what the reader says of the record, found before
    the play but said after it, as the tags are: a board stored before it was said is extended,
    never refused for it); one longer than a note may be is cut to fit, as said."""
    text = " ".join(text.split())
    try:
        check_note(text)
    except NotationError:
        text = excerpt(text, 400)
    args = {"text": text, "author": ""}  # (as `BoardBuilder.note` writes a note: the archive's own)
    line = canonical("note", args)
    board.lines.append(Line("note", args, lineno, line, line))


def winner_not_known(trick: int) -> str:
    """How the note on a trick whose winner is not known begins (`BoardBuilder._complete_with_unknown`):
    the PBN writer leaves the note out where the reader says it again from the trick it writes."""
    return f"trick {trick}'s winner is not known: "


def explain(alerts: list[dict[str, Any]], call: int, said: str) -> None:
    """What an archive says to explain call number `call` of its auction (LIN's `an|` after it, PBN's
    `=n=` note), in its `alerts` (`BoardBuilder.auction`): a call explained twice keeps both, in
    order."""
    if alerts and alerts[-1]["call"] == call:
        alerts[-1]["text"] = " ".join(x for x in (alerts[-1]["text"], said) if x)
    else:
        alerts.append({"call": call, "text": said})


class BoardBuilder:
    """Collects a board's acts in the order they happened and writes them as transcript lines."""

    def __init__(self, hand_id: str, source: dict[str, str], lineno: int, ruleset: str = DEFAULT_RULESET,
                 options: dict[str, str] | None = None):
        self.board = Board(hand_id, dict(source))
        # The stored source is the board's own dict: what the reader learns later (marks) goes in too.
        # The ruleset is the import's (--ruleset) or the reader's default for the archive; the hand id
        # never depends on it (importer.py: a board stored under another keeps it).
        self._add("hand", {"hand_id": hand_id, "ruleset": ruleset, "options": dict(options or {}), "rubber": "",
                           "source": self.board.source}, lineno)
        self.contract: Contract | None = None
        self.trump: str | None = None
        self.trick = Trick(None)  # the trick in progress (`bridge.play`: who is winning it, who plays next)
        self.won = {"NS": 0, "EW": 0}
        self.tricks_done = 0
        self.last_winner: str | None = None
        self.claimed = 0  # tricks of the rest the claim gives declarer's side
        self.claim_made = False  # a claim of the rest recorded (`claim_rest`; its tricks may be 0)
        self.pack: Any = None  # where the cards are (bridge.pack.Pack), once dealt
        self.trick_lines: list[Line] = []  # the play lines of the trick in progress
        self.stopped = False  # the play cannot be read on, with no fault of the record (`_complete_with_unknown`)
        self.unknown_in_trick = False  # a card not known is among them (`unknown`)
        self.notes = 0

    def _add(self, kind: str, args: dict[str, Any], lineno: int) -> None:
        text = canonical(kind, args)  # what the archive says, as a transcript line
        self.board.lines.append(Line(kind, args, lineno, text, text))

    def refuse(self, reason: str, lineno: int | None) -> None:
        if self.board.problem is None:
            self.board.problem, self.board.problem_line = reason, lineno

    def dealer(self, seat: str, lineno: int) -> None:
        self._add("dealer", {"seat": seat}, lineno)

    def deal(self, hands: dict[str, frozenset[Card] | None], first: str, lineno: int) -> None:
        """The deal, its hands given as sets of cards, written from `first` (None: a hand not known)."""
        self.deal_as_written(cards.write_deal(hands, first),
                          [(s, None if h is None else [c.word for c in h]) for s, h in hands.items()], lineno)

    def deal_as_written(self, text: str, words: Iterable[tuple[str, Iterable[str] | None]], lineno: int) -> None:
        """The deal as handrec writes it (`cards.write_deal`), and each seat's cards by their words."""
        hands = [(s, None if w is None else tuple(w)) for s, w in words]
        # The plays are checked from here by the aggregate's own Pack, as the aggregate would check
        # them when the deal is the first line to move a card (the aggregate checks the deal itself).
        self.board.cards_checked = self.pack is None and not any(line.kind == "play" for line in self.board.lines)
        self._add("deal", {"deal": text}, lineno)
        self.pack = Pack()
        self.pack.deal_words(hands)  # (the hands as that deal line gives them, not read back from it)

    def auction(self, calls: list[str], lineno: int, alerts: list[dict[str, Any]] | None = None) -> None:
        """The auction's calls, and the calls alerted or explained (`bridge.lines` `_auction`): each
        by its number in the auction, with what the record says was said of it ("" when nothing)."""
        if calls:
            said = [{"call": a["call"], "text": " ".join(a["text"].split())} for a in alerts or ()]
            self._add("auction", {"calls": calls, "alerts": said}, lineno)

    def set_contract(self, contract: Contract, lineno: int) -> None:
        self.contract = contract
        self.trump = self.trick.trump = contract.trump
        self._add("contract", {"contract": str(contract)}, lineno)

    def play(self, seat: str, c: Card, lineno: int) -> None:
        if self.board.fault is not None:
            return  # nothing after a fault of the play is recorded
        card = c.word
        played = [card]
        pack = self.pack
        if pack is None:
            self.board.cards_checked = False
        else:
            try:
                pack.check_card(seat, card)  # (the aggregate's own check: `Hand.record_lines` does not repeat it)
            except TranscriptError as e:  # the domain model's PhysicalError
                self.play_fault(e.reason, seat, c, lineno)
                return
            pack.play(seat, played)  # (its move: `MOVES["play"]` of one card)
        text = f"play {seat} {card}"  # canonical("play", ...), written out: most lines of a record
        line = Line("play", {"seat": seat, "cards": played}, lineno, text, text)
        self.board.lines.append(line)
        self.trick_lines.append(line)
        trick = self.trick
        trick.add(seat, c)
        if len(trick.cards) == 4:  # (complete)
            if self.unknown_in_trick:
                self._complete_with_unknown(lineno)
                return
            self.trick_lines = []
            self._won(trick.winner)  # type: ignore[arg-type]
            self.trick = Trick(self.trump)

    def unknown(self, seat: str, lineno: int) -> None:
        """A card played in turn that the record does not know (PBN's '-' before a known card, or
        in a trick before the last): `unknown SEAT`, checked and moved as the aggregate does."""
        if self.board.fault is not None:
            return
        if self.pack is not None:
            try:
                self.pack.check("unknown", {"seat": seat})
            except TranscriptError as e:
                self.play_fault(e.reason, seat, cards.UNKNOWN_CARD, lineno)
                return
            self.pack.apply("unknown", {"seat": seat})
        line = Line("unknown", {"seat": seat}, lineno, f"unknown {seat}", f"unknown {seat}")
        self.board.lines.append(line)
        self.trick_lines.append(line)
        self.unknown_in_trick = True
        self.trick.add(seat, cards.UNKNOWN_CARD)
        if self.trick.complete:
            self._complete_with_unknown(lineno)

    def _complete_with_unknown(self, lineno: int) -> None:
        """A trick complete that holds a card not known: won by its best card known when no card not
        known could have beaten it (`bridge.play.may_have_won`, the table's rule too:
        `projections.unknown_cards`); else who won it, and so who led the next, is
        not known, and the play is recorded up to the card before the first card not known of this
        trick, its cards as recorded kept in a note (its cards before that one stand as a trick the
        play stopped in: a claim counts it among the tricks it claims)."""
        trick = self.trick
        seat_of_best, best = trick.winner, trick.best
        pack = self.pack

        def held(s: str) -> list[Card] | None:
            words = None if pack is None else pack.held[s]
            return None if words is None else [cards.CARD_OF_WORD[w] for w in words]

        may = may_have_won(trick.cards, (seat_of_best, best), self.trump, held,  # type: ignore[arg-type]
                           lambda s: pack.unknown[s] - 1)
        beaten_by = [s for s, _ in trick.cards if s in may and s != seat_of_best]
        self.unknown_in_trick = False
        if not beaten_by:
            self.trick_lines = []
            self._won(seat_of_best)  # type: ignore[arg-type]
            self.trick = Trick(self.trump)
            return
        number = self.tricks_done + 1
        as_recorded = ", ".join(f"{s} {'-' if c is cards.UNKNOWN_CARD else c}" for s, c in trick.cards)
        self.trick_lines = []
        who = " or ".join(f"{cards.SEAT_NAMES[s]}'s" for s in beaten_by)
        self.note(f"{winner_not_known(number)}{who} card, not known ('-'), could have beaten "
                  f"{cards.SEAT_NAMES[seat_of_best]}'s {best}, and who led trick {number + 1} is not known; the "  # type: ignore[index]
                  f"play is recorded up to trick {number}, read to its end: {as_recorded}", lineno)
        self.stopped = True

    def _won(self, winner: str) -> None:
        """A trick complete, won by `winner`'s side: he leads the next."""
        self.won[side_of(winner)] += 1
        self.tricks_done += 1
        self.last_winner = winner

    def turn(self) -> str:
        """Whose turn it is to play, as the record stands (`bridge.play`): the seat after the last
        card of the trick in progress, or the previous trick's winner, or declarer's left."""
        return (self.trick.next_to_play() or self.last_winner
                or opening_leader(self.contract.declarer))  # type: ignore[union-attr]

    def play_fault(self, reason: str, seat: str, c: Card, lineno: int) -> None:
        """The record's play breaks a physical fact at this card (a card its player does not hold, a
        card twice): the board is kept (deal, auction, contract) with its play up to the last trick
        complete before the fault, and `tag Fault` says why. The cards of the faulty trick are left
        out, those before the faulty card too: a trick is judged whole (who won it, who led the next,
        who failed to follow), and a row of an archive that misplaces one card may misplace the
        others. Nothing after the fault is recorded, no claim either: the laws rule on nothing the
        record does not hold."""
        self.cut_play(reason, ", ".join(f"{s} {p}" for s, p in [*self.trick.cards, (seat, c)]), lineno)

    def cut_play(self, reason: str, as_recorded: str, lineno: int) -> None:
        """The record's play cannot be read on (`play_fault`; a token of it that is no card): the
        board is kept with its play up to the last trick complete, `tag Fault` says why and what the
        record holds of the next (`as_recorded`)."""
        trick = self.tricks_done + 1
        dropped = {id(line) for line in self.trick_lines}  # (its cards before the faulty one)
        self.board.lines = [line for line in self.board.lines if id(line) not in dropped]
        self.trick, self.trick_lines = Trick(self.trump), []
        kept_up_to = f"the play is recorded up to trick {trick - 1}" if trick > 1 else "no card of the play is recorded"
        self.board.fault = f"trick {trick}: {reason.rstrip('.')}; {kept_up_to}; trick {trick} as recorded: {as_recorded}"
        self._add("tag", {"name": "Fault", "value": self.board.fault}, lineno)

    def fault_said(self, fault: str, lineno: int) -> None:
        """The record says its play was kept up to a physical fault: handrec's own `[Fault]`, which
        `handrec export-pbn` writes of a board kept so (`cut_play`), read back after the play it
        kept. The fault stands as said (`tag Fault`), and nothing is read as a claim after it, as
        when the reader found it, so that the board exported and imported again is the same record."""
        self.board.fault = fault
        self._add("tag", {"name": "Fault", "value": fault}, lineno)

    def claim_rest(self, declarer_total: int | None, lineno: int) -> None:
        """The play ended with a claim: declarer's side ends with `declarer_total` tricks."""
        if self.contract is None or declarer_total is None or self.board.fault is not None:
            return
        declaring = side_of(self.contract.declarer)
        rest = 13 - self.tricks_done
        n = declarer_total - self.won[declaring]
        if not 0 <= n <= rest:
            said = (f"the record's result ({declarer_total} tricks) does not fit the play; the claim is "
                    f"recorded as {max(0, min(n, rest))} of the {rest} remaining tricks")
            # (said once: a record export-pbn wrote holds it already, as commentary after its play)
            if not any(line.kind == "note" and line.args.get("text") == said for line in self.board.lines):
                self.note(said, lineno)
            n = max(0, min(n, rest))
        if rest:
            self._add("claim", {"seat": self.contract.declarer, "tricks": n, "text": ""}, lineno)  # (no statement: L68C)
            self.claimed = n
            self.claim_made = True

    def note(self, text: str, lineno: int) -> None:
        text = " ".join(text.split())
        try:
            check_note(text)  # a note is at most NOTE_MAX, from an archive as from a transcript
        except NotationError as e:
            self.refuse(str(e), lineno)
            return
        if text:
            self.notes += 1
            if self.notes > NOTES_MAX:
                self.refuse(f"the board holds more than {NOTES_MAX:,} comments (notes), the most a board of an "
                            "archive may become", lineno)
                return
            self._add("note", {"text": text, "author": ""}, lineno)

    def done(self) -> Board:
        if self.contract is not None:
            self.board.declarer = self.contract.declarer
            self.board.declarer_tricks = self.won[side_of(self.contract.declarer)] + self.claimed
            self.board.play_over = self.board.fault is None and (self.tricks_done == 13 or self.claim_made)
        return self.board
