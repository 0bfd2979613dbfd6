"""LIN, the Bridge Base Online record, read into `Board`s (see `formats.archive`).

A LIN file is a run of `tag|value|` pairs; newlines between pairs only count lines. Two shapes:

- single-board files (BBO's hand records): `pn|S,W,N,E|st||md|…|rh||ah|Board 6|sv|e|mb|…|pc|…|mc|…|`;
  a file may hold several such boards one after the other, each opened by its `md|` (with the
  `pn|`/`st|` just before it);
- vugraph files: a header (`vg|`, `rs|`, `pn|` with eight names, the open room's four then the
  closed room's), then one board a `qx|o12|` (open room) or `qx|c12|` (closed room).

A file is read line by line, one board held at a time. A value whose closing `|` is missing is an
error at its pair's line (see `pairs`), and so is a line longer than LINE_MAX; the board it falls
in is refused, the boards after it are read. A board whose `qx|` or `ah|` would make its hand id
longer than it may be (`archive.id_too_long`) is refused at that pair's line, and one that takes
more than `pbn_games.INHERITED_MAX` bytes from the pairs before it (a vugraph file's event and
players, `taken`) at its first line.

Tags read: `qx` `pn` `md` `ah` `sv` `vg` `mb` `an` `nt` `pc` `mc`; every other tag (`pg`, `rh`, `st`,
`sk`, `rs`, …) is ignored. What cannot be read becomes the board's `problem`; nothing here raises
for bad input.

The reader is `boards` (a file's text or lines to `Board`s; `load` reads the file itself); what
the importer's table of formats asks of a format is here too (`SUFFIX`, `looks_like`, `NO_BOARD`).
No hand is written back as LIN.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from bridge import cards
from bridge.cards import Card, NotationError, auction_over
from bridge.rulesets import duplicate_code

from bridge.messages import size_text

from .archive import Board, BoardBuilder, add_tags, archive_name, id_part, id_too_long, shown_id, explain
from .files import LongLine, archive_lines
from .lin_pairs import Pair, lines_of, pairs, segments
from .pbn_games import INHERITED_MAX

DEALER_DIGIT = {"1": "S", "2": "W", "3": "N", "4": "E"}
HAND_ORDER = ("S", "W", "N", "E")  # md| and pn| list the seats in this order
NAME_KEYS = {"S": "south", "W": "west", "N": "north", "E": "east"}
ROOMS = {"o": "Open", "c": "Closed"}
VULNERABLE = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
PLAY_TAGS = ("mb", "pc", "mc")  # the board has started once one of these comes


# ---------------------------------------------------------------- the format

NAME = "LIN"
SUFFIX = ".lin"  # a LIN file's name ends so, in any case
# What a file named or looking like LIN that holds no board is told (the importer refuses it so).
NO_BOARD = "holds no board (a LIN board is a run of tag|value| pairs with its deal, md|...|)"


def looks_like(head: str) -> bool:
    """Whether the beginning of a file not named .lin (`files.archive_head`, the spaces before it
    dropped) is LIN's: a deal (`md|`), a vugraph board (`qx|`) or its players (`pn|`) in it."""
    return "md|" in head or "qx|" in head or "pn|" in head


def load(path: str, ruleset: str | None = None, encoding: str | None = None) -> Iterator[Board]:
    """The boards of a LIN file, read line by line as they are stored (`files.archive_lines`, its
    lines that are not UTF-8 in the code page `encoding`; None: Windows-1252), under `ruleset`
    (None: `event_ruleset`)."""
    return boards(archive_lines(path, encoding), path, ruleset)


CALLS = {"p": "pass", "d": "X", "r": "XX"}


# ---------------------------------------------------------------- values


def _parse_deal(value: str) -> tuple[str, dict[str, frozenset[Card] | None]]:
    """`md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,S47H8TD248KC347QA,|` → dealer and the hands.

    The dealer digit (1=S 2=W 3=N 4=E) comes first, then the hands of South, West, North, East.
    A hand left empty is the rest of the pack when the other three are known (BBO leaves East's
    empty), else not known."""
    v = "".join(value.split())
    if not v or v[0] not in DEALER_DIGIT:
        raise NotationError(f"md|{value}| does not start with the dealer (1=S, 2=W, 3=N, 4=E)")
    dealer = DEALER_DIGIT[v[0]]
    words = v[1:].split(",")
    while len(words) > 4 and words[-1] == "":
        words.pop()
    if not 1 <= len(words) <= 4:
        raise NotationError(f"md|{value}| gives {len(words)} hands, not four")
    words += [""] * (4 - len(words))
    hands: dict[str, frozenset[Card] | None] = {}
    seen: set[Card] = set()
    for s, word in zip(HAND_ORDER, words):
        if not word:
            hands[s] = None
            continue
        held: set[Card] = set()
        suit = None
        for written in re.findall(r"10|.", word):  # (each character as the file has it, '10' one rank)
            ch = "T" if written == "10" else written.upper()
            if ch in cards.SUITS:
                suit = ch
            elif ch in cards.RANKS and suit is not None:
                c = Card(suit, ch)
                if c in seen:
                    raise NotationError(f"{c} appears twice in md|{value}|")
                seen.add(c)
                held.add(c)
            elif ch in cards.RANKS:
                raise NotationError(f"{cards.SEAT_NAMES[s]}'s hand '{word}' in md| has the rank '{written}' before "
                                    "any suit letter (S, H, D, C)")
            else:
                raise NotationError(f"{cards.SEAT_NAMES[s]}'s hand '{word}' in md| has '{written}', which is "
                                    "not a suit or a rank")
        hands[s] = frozenset(held)
    unknown = [s for s, h in hands.items() if h is None]
    if len(unknown) == 1 and len(seen) == 39:
        hands[unknown[0]] = cards.FULL_PACK - seen
    for s, h in hands.items():
        if h is not None and len(h) > 13:
            raise NotationError(f"{cards.SEAT_NAMES[s]} is dealt {len(h)} cards in md|{value}|")
    return dealer, hands


def _parse_call(value: str) -> tuple[str, bool]:
    """`mb|` value → the call as the transcript writes it, and whether it was alerted (`!`)."""
    w = value.strip()
    alerted = w.endswith("!")
    w = w.rstrip("!").strip()
    low = w.lower()
    if low in CALLS:
        return CALLS[low], alerted
    return cards.call(w), alerted


def event_year(event: str) -> int | None:
    """The year a vugraph title names (`vg|Polish First Division 2003,...`: 2003), or None. A LIN
    record gives no other date: the board's `tag Date` is this year, `2003.??.??` as PBN writes a
    date known only by its year."""
    year = re.search(r"(?<![0-9])(19[0-9]{2}|20[0-9]{2})(?![0-9])", event)
    return int(year.group(1)) if year else None


def event_ruleset(event: str) -> str:
    """A LIN record is BBO's, and BBO plays duplicate: the code of the year its vugraph title names
    (`event_year`), else the current one (bridge.rulesets.duplicate_code)."""
    return duplicate_code(event_year(event))


def _board_number(text: str) -> str:
    m = re.search(r"[0-9]+", text)
    return m.group(0) if m else text.strip()


# ---------------------------------------------------------------- reading one board


class _Reader:
    """Walks one board's pairs in order and writes them with a `BoardBuilder`."""

    def __init__(self, b: BoardBuilder, dealer: str, hands: dict[str, frozenset[Card] | None]):
        self.b = b
        self.dealer = dealer
        self.owner: dict[Card, str] = {c: s for s, h in hands.items() if h for c in h}
        unknown = [s for s, h in hands.items() if h is None]
        self.only_unknown = unknown[0] if len(unknown) == 1 else None
        self.calls: list[str] = []
        self.call_lines: list[int] = []
        self.alerts: list[dict[str, Any]] = []  # the calls alerted (`!`) or explained (`an|`), by number
        self.auction_open = True
        self.pending: list[tuple[str, int]] = []  # notes said during the auction
        self.played: set[Card] = set()
        self.claimed: int | None = None

    @property
    def failed(self) -> bool:
        return self.b.board.problem is not None

    def note(self, text: str, lineno: int) -> None:
        if self.auction_open and self.calls:
            self.pending.append((text, lineno))
        else:
            self.b.note(text, lineno)

    def close_auction(self, play_follows: bool) -> None:
        """The auction is over: one `auction` line, the notes said during it, then the contract."""
        if not self.auction_open:
            return
        self.auction_open = False
        if self.calls:
            self.b.auction(self.calls, self.call_lines[0], self.alerts)
        for text, lineno in self.pending:
            self.b.note(text, lineno)
        self.pending = []
        if not self.calls:
            return
        contract = cards.contract_from_auction(self.dealer, self.calls)
        complete = auction_over(self.calls)
        if contract is not None and (complete or play_follows):
            if not complete:
                self.b.note("the record's auction stops before three passes; the contract is its last bid",
                            self.call_lines[-1])
            self.b.set_contract(contract, self.call_lines[-1])
        elif not complete:
            self.b.note("the record's auction is not complete", self.call_lines[-1])

    def mb(self, p: Pair) -> None:
        try:
            c, alerted = _parse_call(p.value)
        except ValueError:  # NotationError, or a digit int() cannot read
            self.b.refuse(f"mb|{p.value}| is not a call (p, d, r, or a bid such as 1N)", p.lineno)
            return
        if not self.auction_open or auction_over(self.calls):
            # A call typed after the auction's end (the operator's extra pass): kept as what it is,
            # a note, never a call of the auction (L39A: calls after the final pass are cancelled).
            ended = "the play began" if not self.auction_open and self.played else "the auction's last pass"
            self.close_auction(play_follows=True)
            self.b.note(f"a call after the auction's end: mb|{p.value}| ({c}) comes after {ended}; it is not "
                        "part of the auction (L39A: a call after the final pass is cancelled)", p.lineno)
            return
        self.calls.append(c)
        self.call_lines.append(p.lineno)
        if alerted:  # (`mb|2D!|`: the call alerted; its explanation, if any, is the `an|` after it)
            self.alerts.append({"call": len(self.calls), "text": ""})

    def an(self, p: Pair) -> None:
        """An explanation: of the last call, when it comes during the auction (the auction's alert
        of that call, explained); a note after it ("alert: ..."), when the auction is over."""
        said = " ".join(p.value.split())
        if self.calls and self.auction_open:
            explain(self.alerts, len(self.calls), said)
        elif said:
            self.note(f"alert: {said}", p.lineno)

    def pc(self, p: Pair) -> None:
        self.close_auction(play_follows=True)
        if self.b.contract is None:
            self.b.refuse(f"pc|{p.value}| is played but the auction has no contract", p.lineno)
            return
        if self.b.board.fault is not None:
            return  # the play is kept up to its fault (archive.py): nothing after it is recorded
        if self.claimed is not None:
            self.b.refuse(f"pc|{p.value}| is played after the claim (mc|{self.claimed}|)", p.lineno)
            return
        try:
            c = cards.card(p.value)
        except NotationError:
            self.b.refuse(f"pc|{p.value}| is not a card", p.lineno)
            return
        # A card twice, a card of no hand, a fourteenth card: the board is kept up to the fault.
        if c in self.played:
            self.b.play_fault(f"pc|{p.value}|: {c} is played a second time", self.owner.get(c) or self.b.turn(), c,
                              p.lineno)
            return
        seat = self.owner.get(c) or self.only_unknown
        if seat is None:
            self.b.play_fault(f"pc|{p.value}|: {c} is not in the deal", self.b.turn(), c, p.lineno)
            return
        if c not in self.owner:  # the hand md| left unknown: it can show thirteen cards, no more
            if sum(1 for o in self.owner.values() if o == seat) >= 13:
                self.b.play_fault(f"pc|{p.value}|: {c} would be a fourteenth card of {cards.SEAT_NAMES[seat]}",
                                  seat, c, p.lineno)
                return
            self.owner[c] = seat
        turn = self.b.turn()
        if seat != turn:
            # BBO's table lets no card be played out of turn, and its viewer gives each card to the
            # seat in turn: a card of another hand says the deal does not belong to this play.
            self.b.play_fault(f"pc|{p.value}|: {c} is {cards.SEAT_NAMES[seat]}'s, and it is {cards.SEAT_NAMES[turn]}'s "
                              "turn to play: a LIN record holds no card played out of turn (its deal does not fit "
                              "its play)", seat, c, p.lineno)
            return
        self.played.add(c)
        self.b.play(seat, c, p.lineno)

    def mc(self, p: Pair) -> None:
        self.close_auction(play_follows=True)
        value = p.value.strip()
        if not re.fullmatch(r"[0-9]{1,2}", value) or int(value) > 13:
            self.b.refuse(f"mc|{p.value}| is not a number of tricks (0 to 13)", p.lineno)
            return
        n = int(value)
        if self.claimed is not None:
            if n != self.claimed:
                self.b.note(f"a second claim in the record (mc|{n}|) after mc|{self.claimed}| is not recorded",
                            p.lineno)
            return
        if self.b.contract is None:
            self.b.note(f"the record's claim mc|{n}| has no contract to apply to", p.lineno)
            return
        self.claimed = n
        self.b.claim_rest(n, p.lineno)


def _read(seg: list[Pair], b: BoardBuilder, md: Pair | None) -> Board:
    if md is None:
        b.refuse("the board has no deal (md|)", seg[0].lineno)
        return b.done()
    try:
        dealer, hands = _parse_deal(md.value)
    except NotationError as e:
        b.refuse(str(e), md.lineno)
        return b.done()
    b.dealer(dealer, md.lineno)
    b.deal(hands, dealer, md.lineno)
    r = _Reader(b, dealer, hands)
    started = False
    for p in seg:
        if r.failed:
            break
        if p.tag == "md":
            if p is not md and "".join(p.value.split()) != "".join(md.value.split()):
                b.refuse(f"a second, different deal md|{p.value}| in one board", p.lineno)
            continue
        if not started and p.tag not in PLAY_TAGS and p.tag not in ("an", "nt"):
            continue
        started = started or p.tag in PLAY_TAGS
        if p.tag == "mb":
            r.mb(p)
        elif p.tag == "an":
            r.an(p)
        elif p.tag == "nt":
            r.note(p.value, p.lineno)
        elif p.tag == "pc":
            r.pc(p)
        elif p.tag == "mc":
            r.mc(p)
    if not r.failed:
        r.close_auction(play_follows=False)
    return b.done()


# ---------------------------------------------------------------- the file


def boards(text: str | Iterable[str | LongLine], file: str, ruleset: str | None = None) -> Iterator[Board]:
    """Every board of a LIN text (or of its lines, read as they come), in file order, in the memory
    of one board; `file` names it (hand ids, `source`). `ruleset` (None: `event_ruleset`)."""
    name = archive_name(file)
    names: list[str] = []
    event = ""
    used: set[str] = set()
    header_read = False
    ordinal = 0
    for header, seg in segments(pairs(lines_of(text) if isinstance(text, str) else text)):
        if not header_read:
            header_read = True
            names, event = _header_names(header)
        if seg is None:
            if header.problem is not None:  # before any board, and not said at one
                yield Board.outside(file, "lin", *header.problem)
            continue
        ordinal += 1
        heading = _Heading.of(seg, names, event)
        names, event = heading.names, heading.event
        board = heading.board or str(ordinal)
        source = _source(file, board, heading)
        hand_id = f"{name}/{id_part(board)}" + (f"/{id_part(heading.room)}" if heading.room else "")
        naming = heading.naming or [("board", board, seg[0].lineno)]
        too_long = id_too_long(hand_id, name, naming)  # (an id too long is not kept among those used)
        if too_long is None:
            hand_id = _unique_id(hand_id, used)
            too_long = id_too_long(hand_id, name, naming)
        if too_long is not None:
            hand_id = shown_id(hand_id)  # (never stored: the board is refused, named by its id shortened)
        b = BoardBuilder(hand_id, source, seg[0].lineno, ruleset or event_ruleset(event))
        problem = seg.problem or too_long or _takes_at_most(heading, seg[0].lineno)
        if problem is not None:
            b.refuse(*problem)
            yield b.done()
            continue
        board_read = _read(seg, b, heading.md)
        if board_read.problem is None:
            # The players and the event, after the play (pbn.py says why).
            players = {NAME_KEYS[s].capitalize(): source.get(NAME_KEYS[s], "") for s in HAND_ORDER}
            # The year the vugraph title names, as PBN writes a date known only by its year, after
            # the rest: a board stored without it is extended by it (`event_year`).
            year = event_year(source.get("event", ""))
            add_tags(board_read, {"Event": source.get("event", ""), "Board": board, **players,
                                  "Vulnerable": source.get("vulnerable", ""),
                                  "Date": f"{year}.??.??" if year else ""}, {})
        yield board_read


def taken(heading: "_Heading") -> list[tuple[str, int]]:
    """What a board takes from the pairs before it, as it stores it: the event (`vg|`) and its four
    players (`pn|`) a vugraph file names once for the boards after them, when its own pairs do not
    name them; each (the tag, bytes of UTF-8)."""
    out = []
    if not heading.own_event and heading.event:
        out.append(("vg|", len(heading.event.encode("utf-8", "surrogatepass"))))
    if not heading.own_names:
        size = sum(len(who.encode("utf-8", "surrogatepass")) for who in heading.players())
        if size:
            out.append(("pn|", size))
    return out


def _takes_at_most(heading: "_Heading", lineno: int) -> tuple[str, int] | None:
    """Why a board that takes more than INHERITED_MAX bytes from the pairs before it (`taken`) is
    refused, at its first line, or None: each board stores them again, and unbounded, a file of
    short boards under a long header would store gigabytes (PBN's `#` is bounded alike)."""
    values = taken(heading)
    total = sum(size for _, size in values)
    if total <= INHERITED_MAX:
        return None
    named = ", ".join(f"{tag} {size:,}" for tag, size in values)
    return (f"the board takes {total:,} bytes of values from the pairs before it ({named}: a vugraph file's event "
            f"and players hold for the boards after them), and a board may take at most {size_text(INHERITED_MAX)}",
            lineno)


def _header_names(header: list[Pair]) -> tuple[list[str], str]:
    """The players (`pn|`) and the event (`vg|`) the file's header names: a vugraph file's."""
    names: list[str] = []
    event = ""
    for p in header:
        if p.tag == "pn":
            names = [x.strip() for x in p.value.split(",")]
        elif p.tag == "vg":
            event = p.value.split(",")[0].strip()
    return names, event


@dataclass
class _Heading:
    """What a board's pairs say of it beside the play: its room and number, its deal and its
    vulnerability, and the players and the event, which hold for the boards after it too."""

    room: str
    board: str
    md: Pair | None
    sv: str | None
    event: str
    names: list[str]  # the latest `pn|`, for the boards after this one
    board_names: list[str]  # this board's players: the `pn|` before its play, else the one before it
    naming: list[tuple[str, str, int]]  # the pairs its room and number are read from: ("qx|", value, line)
    own_event: bool = False  # its pairs name its event (`vg|`), else it takes the one before it
    own_names: bool = False  # its pairs name its players before its play (`pn|`), else it takes those before

    def players(self) -> list[str]:
        """This board's four players (South, West, North, East), as its source keeps them: the
        closed room's of a vugraph `pn|` of eight names, else the first four."""
        names = self.board_names
        return names[4:8] if self.room == "Closed" and len(names) >= 8 else names[:4]

    @classmethod
    def of(cls, seg: list[Pair], names: list[str], event: str) -> "_Heading":
        """`names` and `event`: those the boards before this one named."""
        room, board = "", ""
        md: Pair | None = None
        sv: str | None = None
        board_names = names
        naming: list[tuple[str, str, int]] = []
        own_event = own_names = False
        started = False
        for p in seg:
            if p.tag == "qx":
                v = p.value.split(",")[0].strip()
                letters = v.rstrip("0123456789")
                room = ROOMS.get(letters.lower(), letters)
                board = _board_number(v[len(letters):])
                naming.append(("qx|", p.value, p.lineno))
            elif p.tag == "ah" and not board:
                board = _board_number(p.value)
                naming.append(("ah|", p.value, p.lineno))
            elif p.tag == "md" and md is None:
                md = p
            elif p.tag == "sv" and sv is None:
                sv = p.value.strip()
            elif p.tag == "vg":
                event = p.value.split(",")[0].strip()
                own_event = True
            elif p.tag == "pn":
                names = [x.strip() for x in p.value.split(",")]
                if not started:
                    board_names, own_names = names, True
            started = started or p.tag in PLAY_TAGS
        return cls(room, board, md, sv, event, names, board_names, naming, own_event, own_names)


def _source(file: str, board: str, heading: _Heading) -> dict[str, str]:
    """The hand's `source`: the file, the board, the room, the event, the players, the vulnerability."""
    source = {"file": file, "board": board, "room": heading.room, "format": "lin"}
    if heading.event:
        source["event"] = heading.event
    for s, who in zip(HAND_ORDER, heading.players()):
        if who:
            source[NAME_KEYS[s]] = who
    if heading.sv is not None:
        source["vulnerable"] = VULNERABLE.get(heading.sv.lower(), heading.sv)
    return source


def _unique_id(hand_id: str, used: set[str]) -> str:
    """`hand_id`, or when an earlier board of the file has it, `hand_id/2` (or /3, ...); kept in `used`."""
    if hand_id in used:
        n = 2
        while f"{hand_id}/{n}" in used:
            n += 1
        hand_id = f"{hand_id}/{n}"
    used.add(hand_id)
    return hand_id
