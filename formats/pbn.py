"""PBN (Portable Bridge Notation 2.1): archives read as the recorder's events (the text read into
games by `formats.pbn_games`, each game made a board here), and a hand written back as one game.

The reader is `boards` (a file's text or lines to `Board`s; `load` reads the file itself); the
writer is `write` (a hand's `Record`, a plain value of the vocabulary's, to the text of one game).
What the importer's table of formats asks of a format is here too (`SUFFIX`, `looks_like`,
`NO_BOARD`).

Read as the standard's import format asks: leniently. Several games a file; tag values of "#"
inherited from the previous game, and a "##" value kept for the games after (at most
`pbn_games.INHERITED_MAX` bytes a game); lowercase cards
and `10` for `T`; hands given as `-`; the play section as seat columns (the first column is the
[Play] seat; each later trick is led by the previous trick's winner); `-` for a card not played;
`*` and trailing `- - - -` rows for a claim; [Result]; the irregularity tokens `^R` and `^L` (kept by
the trick and seat of the card they stand before, `bridge.tags.record_marks`; one before no card of
the record, a note at its end, `mark_not_kept`); note
references `=n=` with [Note] tags (copying at most `pbn_games.COPIED_MAX` bytes a game); the other
tokens of the auction and play sections (annotations `!`, `$n`; `^I`, `^S`; `-` before the dealer;
`+`), each kept for what it says (`formats.pbn_tokens`, which reads the auction section);
commentary in `{}` and after `;` kept as notes on the card or tag it follows. A game's hand id is
its file's folder and name, board and room, at most `archive.OWN_ID_MAX` characters its own.

A hand is written back as PBN by `write`, from the `Record` the read side makes of the hand at its
end (`handrec.views.pbn_text`); a hand made only of what PBN can say (an imported one, or a
transcript of deal, contract, cards, claim and notes) comes back as the same events.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, NamedTuple

from bridge import cards
from bridge.cards import UNKNOWN_CARD, Card, Contract, NotationError, auction_over, side_of
from bridge.play import CLOCKWISE, opening_leader
from bridge.lines import parse_line
from bridge.messages import RecordError, excerpt
from bridge.tags import CONTRACT_FROM_AUCTION, FAULT_TAG, RULESET_TAG, TAG_NAMES, record_marks
from bridge.rulesets import archive_ruleset, ruleset_words

from .archive import (Board, BoardBuilder, add_note, add_tags, archive_name, id_part, id_too_long, shown_id, explain,
                      winner_not_known)
from .files import archive_lines
from .pbn_games import Game, note_texts, quoted, read_games
from .pbn_tokens import REST_SHOWN, annotation_note, is_annotation, read_auction, split_glued, token_of_note

RECENT_IDS = 4096


# ---------------------------------------------------------------- the format

NAME = "PBN"
SUFFIX = ".pbn"  # a PBN file's name ends so, in any case
# What a file named or looking like PBN that holds no board is told (the importer refuses it so).
NO_BOARD = 'holds no board (a PBN game is a run of tags such as [Deal "N:..."])'


def looks_like(head: str) -> bool:
    """Whether the beginning of a file not named .pbn (`files.archive_head`, the spaces before it
    dropped) is PBN's: a [Deal] tag in it, or a tag or a `%` line (PBN's escape, its export's
    first line) opening it."""
    return "[Deal " in head or head.startswith("%") or head.startswith("[")


def load(path: str, ruleset: str | None = None, encoding: str | None = None) -> Iterator[Board]:
    """The boards of a PBN file, read line by line as they are stored (`files.archive_lines`, its
    lines that are not UTF-8 in the code page `encoding`; None: Windows-1252), under `ruleset`
    (None: `game_ruleset`)."""
    return boards(archive_lines(path, encoding), path, ruleset)


# What the reader says of a play section, where PBN itself says it (`[Result "?"]` and `*`, a `+`):
# the writer writes the PBN back for these, not the note, so that a hand comes back as the same events.
PLAY_ENDS_UNSAID = "the play ends before the thirteenth trick and [Result] does not say how it ended"
PLAY_CONTINUED = "the record's play is to be continued here ('+', PBN 2.1 §3.6): the rest is not recorded"


def unnamed_board(n: int) -> str:
    """What the hand id of a file's `n`th game calls its board where the game gives no [Board]."""
    return f"g{n}"


UNNAMED_BOARD = re.compile("g[0-9]+")  # (`unnamed_board`'s, which export-pbn does not write as a [Board])


def lead_not_lho(first: str) -> str:
    """The reader's note on a [Play] seat that is not declarer's left-hand opponent (the writer
    leaves it out where its own [Play] makes the reader say it again)."""
    return f"[Play \"{first}\"] is not declarer's left-hand opponent: the record's lead is taken as played"


# A mark of the play section (`^R`, `^L`) the record cannot keep by its card (`bridge.tags.record_marks`):
# one standing before no card (after the play's last card), or before a card of a trick the record
# does not hold (its lead not known, at or after a fault, in '- - - -' rows, after a trick whose
# winner is not known). It is kept as the reader's note at the record's end, where a board stored
# before it was said is extended by it; export-pbn writes the record's end back as commentary after
# [Ruleset], which the reader reads back there (`_the_end`), so that it is said once, at the same
# place, at every round trip.
def mark_not_kept(token: str, place: str, trick: int, recorded: int) -> str:
    """The reader's note on a mark it cannot keep by its card: the token, where it
    stands (`place`), in which trick, and how far the play is recorded (`recorded` tricks)."""
    return f"the record's {token} stands {place}{_beyond(trick, recorded)}: kept as this note, marking no card"


# A note of the play section (`=n=`) in a row whose notes the record does not keep (`_marks_not_kept`),
# said at the record's end with its trick, as a mark kept by no card is, and for the same reasons.
def note_not_kept(text: str, trick: int, recorded: int) -> str:
    """The reader's note on a note of a row the record does not keep: its trick, how far the play is
    recorded, and what it said."""
    return f"the record's note in trick {trick}'s row{_beyond(trick, recorded)}, kept at the record's end: {text}"


def _beyond(trick: int, recorded: int) -> str:
    """How far the play is recorded, where `trick` is past it (`recorded` tricks): said beside a mark
    or note the record keeps at its end."""
    if trick <= recorded:
        return ""
    return f" (the play is recorded up to trick {recorded})" if recorded else " (no card of the play is recorded)"


# ---------------------------------------------------------------- a game to a board


def boards(text: str | Iterable[str], file: str, ruleset: str | None = None) -> Iterator[Board]:
    """The boards of a PBN file, each as the recorder's transcript lines, under `ruleset` (None: the
    code its [Scoring] and [Date] say, `game_ruleset`)."""
    name = archive_name(file)
    # Games that repeat a board and room (another table) are told apart by a number; the ids of the
    # last few thousand games are enough for that, and keep the memory of a long file flat. A repeat
    # further apart reaches the store as the same id: stored once if equal, refused if it differs.
    seen: OrderedDict[str, int] = OrderedDict()
    n = 0
    said_before = None  # the ruleset the last game that said one (by [Scoring] or [Date]) said
    for game in read_games(text):
        if not game.tags:  # a problem outside any game
            assert game.problem is not None
            yield Board.outside(file, "pbn", *game.problem)
            continue
        n += 1
        board = game.tags.get("Board", "").strip() or unnamed_board(n)
        room = game.tags.get("Room", "").strip() or game.tags.get("Table", "").strip()
        hand_id = f"{name}/{id_part(board)}" + (f"/{id_part(room)}" if room else "")
        room_tag = "Room" if game.tags.get("Room", "").strip() else "Table"
        naming = [("[Board]", board, game.tag_lines.get("Board", game.lineno)),
                  (f"[{room_tag}]", room, game.tag_lines.get(room_tag, game.lineno))]
        too_long = id_too_long(hand_id, name, naming)  # (an id too long is not kept among those seen)
        if too_long is None:
            seen[hand_id] = seen.get(hand_id, 0) + 1
            seen.move_to_end(hand_id)
            if len(seen) > RECENT_IDS:
                seen.popitem(last=False)
            if seen[hand_id] > 1:
                hand_id += f"/{seen[hand_id]}"
                too_long = id_too_long(hand_id, name, naming)
        if too_long is not None:
            hand_id = shown_id(hand_id)  # (never stored: the board is refused, named by its id shortened)
        # A game that says neither [Scoring] nor [Date] is read under what the game before it said
        # (a file that gives its event's tags once, at its first game).
        if ruleset is None and (game.tags.get("Scoring", "").strip() or game.tags.get("Date", "").strip()):
            said_before = game_ruleset(game)
        game_rules, options, unread = _rules_of(game, ruleset, said_before)
        source = {"file": file, "format": "pbn", "board": board, "room": room, "table": game.tags.get("Table", ""),
                  "event": game.tags.get("Event", ""), "line": str(game.lineno)}
        problem = game.problem or too_long
        if problem is not None:
            b = BoardBuilder(hand_id, {k: v for k, v in source.items() if v}, game.lineno, game_rules)
            b.refuse(*problem)
            yield b.done()
            continue
        said_last: list[tuple[str, int]] = []  # (what the reader says of tokens, last: `_after_the_play`)
        at_end = _the_records_end(game)
        board_read = _board(game, hand_id, {k: v for k, v in source.items() if v}, game_rules, options, said_last)
        if board_read.problem is None:
            _after_the_play(board_read, game, unread, at_end + said_last)
        yield board_read


def _the_records_end(game: Game) -> list[tuple[str, int]]:
    """The commentary that follows a game's [Ruleset] (`bridge.tags.RULESET_TAG`, handrec's own tag,
    which no archive's game gives), taken out of its commentary: `handrec export-pbn` writes there
    what a hand's record says after its tags (`_the_end`), which the reader keeps there, after
    them (`_after_the_play`), so that the hand comes back the same record (read as any tag's
    commentary, after the contract, the notes at the end of realdata's forrestrice sample.pbn,
    board 14 Open, came back before its claim)."""
    if RULESET_TAG not in game.tag_lines:
        return []
    kept, at_end = [], []
    for anchor, anchor_line, text, at in game.comments:
        if anchor == RULESET_TAG and anchor_line == game.tag_lines[RULESET_TAG]:
            at_end.append((text, at))
        else:
            kept.append((anchor, anchor_line, text, at))
    game.comments = kept
    return at_end


def _after_the_play(board: Board, game: Game, unread: str | None, said_last: list[tuple[str, int]]) -> None:
    """What the record says after the play: the people and the occasion (a board stored before
    they were read keeps its record, extended), then the note on a [Ruleset] not read (`_rules_of`),
    then what the reader says of the sections' tokens that name their call or card (`said_last`:
    annotations, '^I', an auction not read; `formats.pbn_tokens`), there for the same reason, after
    the commentary export-pbn writes after [Ruleset] (`_the_records_end`). The
    archive's own declarer and result are kept where they differ from what the record itself gives
    (else the record says them already); its result always where the record's play is not over (no
    play, or a play that stops: `Board.play_over`), the record then giving no result of its own."""
    said = {name: game.tags.get(name, "").strip() for name in TAG_NAMES if name != "Table"}
    last: dict[str, str] = {}
    kept_result = ""
    if said["Declarer"].lstrip("^").upper() == (board.declarer or ""):
        if not game.tags.get("Contract", "").strip() and said["Declarer"]:
            # A contract taken from the auction says the auction's declarer, not the game's: the
            # game's own [Declarer], the same, is kept too (`source_declarer`), after every other tag,
            # so that a board stored before it was kept is extended by it, never refused.
            last["Declarer"] = said["Declarer"]
        said["Declarer"] = ""
    if said["Result"] == str(board.declarer_tricks):
        if not board.play_over:
            # No play, or a play that stops before its end: the record's tricks so far are no
            # result, and the game's [Result] is its own word, kept (`source_result`). Earlier
            # versions left it out where it equalled them (a [Result "0"] on a game with no play:
            # the 500 games of realdata-3's Cappalletti-BEN.pbn), so it is kept last of all, after
            # the reader's notes too: a board stored without it is extended by it, never refused.
            kept_result = said["Result"]
        said["Result"] = ""
    if said["Vulnerable"] == "-":
        said["Vulnerable"] = "None"  # PBN 2.1: '-' is None (a tag line keeps no '-')
    add_tags(board, {**{k: v for k, v in said.items() if k not in last}, **last}, game.tag_lines)
    if unread is not None:
        add_note(board, unread, game.tag_lines.get(RULESET_TAG, game.lineno))
    for text, line in said_last:
        add_note(board, text, line)
    if kept_result:
        add_tags(board, {"Result": kept_result}, game.tag_lines)


def game_ruleset(game: Game) -> str:
    """The ruleset a game is read under when the import names none: a duplicate code when its
    [Scoring] or [Date] says duplicate, by the date's year (bridge.rulesets.archive_ruleset)."""
    year = re.match(r"\s*([0-9]{4})", game.tags.get("Date", ""))
    return archive_ruleset(game.tags.get("Scoring", ""), int(year.group(1)) if year else None)


def _rules_of(game: Game, ruleset: str | None, said_before: str | None) -> tuple[str, dict[str, str], str | None]:
    """The ruleset a game is opened under and its options: the import's (`ruleset`), else its own
    [Ruleset] (`ruleset_said`), else what its [Scoring] and [Date] say or an earlier game of the file
    said (`said_before`), else the default; and, for a [Ruleset] that is not read, the note that
    says why and where the ruleset came from (None when there is none)."""
    rules = ruleset or said_before or game_ruleset(game)
    if ruleset is not None or not game.tags.get(RULESET_TAG, "").strip():
        return rules, {}, None
    try:
        return (*ruleset_said(game.tags[RULESET_TAG]), None)
    except RecordError as e:
        own = " and ".join(f"[{t}]" for t in ("Scoring", "Date") if game.tags.get(t, "").strip())
        whence = (f"as its {own} {'say' if ' and ' in own else 'says'}" if own else
                  "as an earlier game of the file says" if said_before else
                  "the default, the game saying neither [Scoring] nor [Date]")
        return rules, {}, (f"its [{RULESET_TAG} \"{excerpt(game.tags[RULESET_TAG].strip(), 80)}\"] is not read "
                           f"({str(e).rstrip('.')}); the hand is ruled under {rules}, {whence}")


def ruleset_said(value: str) -> tuple[str, dict[str, str]]:
    """The ruleset and options a [Ruleset] tag names (`bridge.tags.RULESET_TAG`, written by
    `bridge.rulesets.ruleset_words`), read as a hand line's `ruleset=NAME OPTION=VALUE ...` is
    (`bridge.lines`); a RecordError saying why not."""
    words = value.split()
    if not words:
        raise NotationError("it names no ruleset")
    for w in words[1:]:
        key = w.partition("=")[0].lower()
        if key in ("ruleset", "branch", "rubber") or "#" in w:
            raise NotationError(f"'{excerpt(w, 40)}' is not an option: it names a ruleset, then its options")
    line = parse_line(" ".join(["hand", "ruleset-tag", f"ruleset={words[0]}", *words[1:]]))
    assert line is not None
    return line.args["ruleset"], line.args["options"]


def _board(game: Game, hand_id: str, source: dict[str, str], ruleset: str,
           options: dict[str, str] | None, said_last: list[tuple[str, int]]) -> Board:
    """A game made a board; what is said of its tokens last (`_after_the_play`) added to `said_last`."""
    b = BoardBuilder(hand_id, source, game.lineno, ruleset, options)
    tags, at = game.tags, game.tag_lines
    said_dealer = tags.get("Dealer", "").strip()
    try:
        # (no dealer: none given, or "?", PBN's unknown value (§3.4), which export-pbn writes of a
        # hand that names none)
        dealer = cards.seat(said_dealer) if said_dealer not in ("", "?") else None
    except NotationError as e:
        b.refuse(f"[Dealer] {e}", at.get("Dealer"))
        return b.done()
    if dealer:
        b.dealer(dealer, at["Dealer"])
    deal_text = tags.get("Deal", "").strip()
    if not deal_text:
        b.refuse("the game's [Deal] is empty" if "Deal" in tags else "the game has no [Deal]",
                 at.get("Deal", game.lineno))
        return b.done()
    try:
        hands, written = cards.read_deal_and_text(deal_text)
    except NotationError as e:
        b.refuse(f"[Deal] {e}", at.get("Deal"))
        return b.done()
    for s, h in hands.items():
        if h is not None and len(h) > 13:
            b.refuse(f"[Deal] gives {cards.SEAT_NAMES[s]} {len(h)} cards", at.get("Deal"))
            return b.done()
    b.deal_as_written(written, hands.items(), at["Deal"])
    _comments(b, game, ("Deal", "Dealer", "Board"))
    contract = _contract(b, game)
    auction = read_auction(tags.get("Auction", "").strip().upper(), dealer, game.sections.get("Auction", []),
                           note_texts(game, "Auction"), at.get("Auction", game.lineno))
    calls = auction.calls
    said_last.extend(auction.last)
    if calls:
        b.auction(calls, at["Auction"], auction.alerts)
    from_auction = (contract is None and not tags.get("Contract", "").strip() and not auction.cut
                    and auction_over(calls))
    if from_auction:
        # No [Contract] (a comment never closed may have swallowed it): the auction's own, said so.
        contract = cards.contract_from_auction(dealer, calls)  # type: ignore[arg-type]
    if contract is not None:
        b.set_contract(contract, at.get("Contract", at.get("Auction", game.lineno)))
        if from_auction:
            b.note(f"{CONTRACT_FROM_AUCTION}: the game gives no [Contract], and its auction ends in "
                   f"{contract}", at["Auction"])
    # What the auction section holds besides its calls (`pbn_tokens`), then everything said before
    # the play section: after the contract (where a PBN writer's commentary comes back from).
    for text, line in auction.notes:
        b.note(text, line)
    _comments(b, game, None, before=game.tag_lines.get("Play"))
    if "Play" in game.sections:
        _play(b, game, contract, said_last)
    else:
        _fault_said(b, game)  # (a fault in the first trick: no card of the play kept, no [Play] written)
    _comments(b, game, None)
    return b.done()


def _contract(b: BoardBuilder, game: Game) -> cards.Contract | None:
    text = game.tags.get("Contract", "").strip().upper()
    declarer = game.tags.get("Declarer", "").strip().lstrip("^").upper()
    if not text or text in ("PASS", "AP", "-", "?") or not declarer:
        return None
    try:
        return cards.contract([text, "by", declarer])
    except NotationError as e:
        b.note(f"[Contract \"{text}\"] [Declarer \"{declarer}\"] not read: {e}", game.tag_lines.get("Contract", 0))
        return None


def _play(b: BoardBuilder, game: Game, contract: cards.Contract | None, said_last: list[tuple[str, int]]) -> None:
    first = game.tags.get("Play", "").strip().upper()
    lineno = game.tag_lines["Play"]
    if contract is None or first not in cards.SEATS:
        b.note("the play is recorded but cannot be read without a contract and the [Play] seat", lineno)
        _fault_said(b, game)
        return
    tokens = game.sections["Play"]
    leader = opening_leader(contract.declarer)
    claimed = _play_rows(b, game, tokens, first, leader, lineno, said_last)
    _fault_said(b, game)
    if b.board.fault is None and (claimed or b.tricks_done < 13):
        result = game.tags.get("Result", "").strip()
        total = int(result) if result.isascii() and result.isdigit() else None
        if total is None and b.tricks_done < 13:
            b.note(PLAY_ENDS_UNSAID, lineno)
        b.claim_rest(total, game.tag_lines.get("Result", lineno))


def _fault_said(b: BoardBuilder, game: Game) -> None:
    """handrec's own `[Fault]` (`bridge.tags.FAULT_TAG`), written by `handrec export-pbn` of a board
    whose play was kept up to a physical fault, read back after the play (`BoardBuilder.fault_said`):
    the board exported and imported again is the same record, its fault kept and no claim made of
    its `[Result]`. Where the reader found a fault of its own in the play, that one stands, and the
    `[Fault]` the game says is kept as a note."""
    said = " ".join(game.tags.get(FAULT_TAG, "").split())
    if not said or said == b.board.fault:
        return
    line = game.tag_lines.get(FAULT_TAG, game.lineno)
    if b.board.fault is None:
        b.fault_said(said, line)
    else:
        b.note(f"its [{FAULT_TAG} \"{excerpt(said, 200)}\"] is not kept: the play breaks a physical fact of its "
               "own, where the record stops", line)


def _section_rows(game: Game, tokens: list[tuple[str, int]], said_last: list[tuple[str, int]]
                  ) -> tuple[list[list[tuple[Card | None, int]]], list[tuple[str, int, int, int]], bool, "_Cut | None",
                             "_Continued | None"]:
    """The play section's tokens as rows of four (card, line), None for a card not played ('-'), a
    short last row filled so; the marks and notes among them, each with the row it belongs to and
    a mark with the column of the card it stands before (token, row index, column, line); whether
    a `*` ended it (a claim); at a token that is no card, where the reading stopped (the rows are
    those complete before it); and, at a `+` (the play to be continued, PBN 2.1 §3.6), where it
    stands: its row is read to its end, the rest is not. The annotations on cards (`!`, `$n`) go to
    `said_last`, said at the record's end."""
    notes = note_texts(game, "Play")
    row: list[tuple[Card | None, int]] = []
    claimed = False
    continued: _Continued | None = None
    rows: list[list[tuple[Card | None, int]]] = []
    marks: list[tuple[str, int, int, int]] = []  # (token, row index, column, line)
    card_of = cards.CARD_OF_WORD
    last_card: tuple[Card, int] | None = None  # (the card an annotation after it is on, and its trick)

    def on_last(text: str, tline: int) -> None:  # a note on the card read last, after its trick
        marks.append((f"note {text}", len(rows) if row else len(rows) - 1, 0, tline))

    for n, (token, tline) in enumerate(tokens):
        if continued is not None and not row:
            rest = " ".join(t for t, _ in tokens[n:] if t.strip() != "-")
            if rest:
                marks.append((f"note the play's tokens after its '+' (to be continued) are not read: "
                              f"{excerpt(rest, REST_SHOWN)}", len(rows) - 1, 0, tline))
            break
        c = card_of.get(token)
        if c is not None:  # most tokens: a card as PBN writes it
            row.append((c, tline))
            last_card = (c, len(rows) + 1)
            if len(row) == 4:
                rows.append(row)
                row = []
            continue
        t = token.strip()
        if t == "*":
            claimed = True
            break
        if t.startswith("^"):
            # PBN: the token precedes the card it marks, the next in the row (its column: its seat)
            marks.append((t.upper(), len(rows), len(row), tline))
            continue
        if t.startswith("=") and t.endswith("="):
            text = notes.get(t.strip("="))
            if text:
                on_last(text, tline)
            continue
        if is_annotation(t):  # an annotation on the card before it (PBN 2.1 §3.8)
            on = f"{last_card[0]} (trick {last_card[1]})" if last_card is not None else "the play"
            said_last.append((annotation_note(t, on), tline))
            continue
        if t == "+":
            if continued is not None:  # (it holds its column: a card not played)
                on_last("the play's second '+' is read as a card not played ('-')", tline)
            else:
                continued = _Continued(len(rows), len(row), tline)
            row.append((None, tline))
        elif t and set(t) == {"-"}:  # "-", and "--" as some writers put it: a card not played
            row.append((None, tline))
        else:
            try:  # (a suffix written on its card is a token of its own: `pbn_tokens.split_glued`)
                c = cards.card(t)
            except NotationError as e:
                # A token that is no card: the play is read up to the trick before its row (`_Cut`),
                # the token quoted as the file has it.
                said = (f"'{excerpt(t, 40)}' is neither a card nor an annotation ($0 to $255)" if t.startswith("$")
                        else str(e))
                return rows, marks, False, _Cut(f"[Play] {said}", tline, [c for c, _ in row], t), continued
            row.append((c, tline))
            last_card = (c, len(rows) + 1)
        if len(row) == 4:
            rows.append(row)
            row = []
    if row:
        rows.append(row + [(None, row[-1][1])] * (4 - len(row)))
    return rows, marks, claimed, None, continued


class _Continued(NamedTuple):
    """Where a play section's `+` stands: its row, its column, its line."""

    row: int
    column: int
    lineno: int


class _Cut(NamedTuple):
    """Where a play section stops being read: why, the line, the row's cards before the token
    (None for '-'), and the token."""

    reason: str
    lineno: int
    before: list
    token: str


def _play_rows(b: BoardBuilder, game: Game, tokens: list[tuple[str, int]], first: str, leader: str,
               lineno: int, said_last: list[tuple[str, int]]) -> bool:
    """The play section row by row, whatever it holds (`_play`); whether the play ends before its
    end (a claim, a trick unfinished, a lead not known). A token that is no card cuts the play at
    the trick before its row (`BoardBuilder.cut_play`), as a card its player does not hold does."""
    rows, marks, claimed, cut, continued = _section_rows(game, tokens, said_last)
    if leader != first:
        b.note(lead_not_lho(first), lineno)
        leader = first
    shifted: list[str] = []  # rows begun at another seat than [Play]'s: "trick (seat)"
    held = b.pack.held if b.pack is not None else None  # (each seat's cards not yet played, as they go)
    if held is not None and any(h is None for h in held.values()):
        held = None  # a hand not known: the rows stay in their columns
    # The last row with a card: its '-' after its last card are cards not played (the play stopped
    # there); every other '-' is a card played that the record does not know (`BoardBuilder.unknown`).
    last = next((i for i in range(len(rows) - 1, -1, -1) if any(c is not None for c, _ in rows[i])), -1)
    columns = CLOCKWISE[first]

    # The rows whose marks the record keeps by their card, those whose notes it keeps, each row's first
    # seat, and the tricks whose cards the record holds: a mark or note of any other row, or a mark
    # after the last row, is said at the record's end (`_marks_not_kept`).
    kept: set[int] = set()
    notes_kept: set[int] = set()

    def notes_from(i: int) -> None:  # the notes among the rows from row i, where the play stops before them
        _marks(b, [(token, mline) for token, row_index, _, mline in marks
                   if row_index >= i and token.startswith("note ")], i + 1)
        notes_kept.update(range(i, len(rows) + 1))

    starts: dict[int, str] = {}
    recorded = 0
    for i, r in enumerate(rows):
        if r[0][0] is None and r[1][0] is None and r[2][0] is None and r[3][0] is None:
            claimed = True  # trailing "- - - -" rows (no card played), or a '+' alone: the play stops
            notes_from(i)
            break
        trick = i + 1
        # (A row whose lead column is '-' stays in its columns: so it was read, and stored, before.)
        start = starts[i] = _row_start(held, first, r) if r[columns.index(leader)][0] is not None else first
        if start != first:
            shifted.append(f"{trick} ({start})")
        k = CLOCKWISE[start].index(leader)  # the lead's column: the row from it is the trick in order
        in_order = r[k:] + r[:k] if k else r  # (the cards of CLOCKWISE[leader]'s seats)
        plus = (continued.column - k) % 4 if continued is not None and continued.row == i else 4  # ('+': next to play)
        if in_order[0][0] is None:
            if plus:
                _lead_not_known(b, trick, leader, dict(zip(CLOCKWISE[start], r)))
            else:  # '+' at the lead: the trick is to be led, and a card after it is not read
                after = " ".join(f"{seat} {c}" for seat, (c, _) in zip(CLOCKWISE[leader][1:], in_order[1:])
                                 if c is not None)
                if after and continued is not None:
                    b.note(f"trick {trick}'s cards after its '+' (the play to be continued at {leader}) are not "
                           f"read: {after}", continued.lineno)
            notes_from(i)
            claimed = True
            break
        played = 4 if i < last else max(j for j, (c, _) in enumerate(in_order) if c is not None) + 1
        if played > plus:
            after = " ".join(f"{seat} {c}" for seat, (c, _) in zip(CLOCKWISE[leader][plus:], in_order[plus:])
                             if c is not None)
            b.note(f"trick {trick}'s cards after its '+' (the play to be continued at {CLOCKWISE[leader][plus]}) "
                   f"are not read: {after}", continued.lineno if continued else lineno)
            played = plus
        _trick(b, game, leader, in_order if played == 4 else in_order[:played])
        if b.board.fault is not None:
            break  # a card its player does not hold, a card twice: kept up to the trick before (archive.py)
        recorded, stopped = trick, b.stopped
        if marks:  # (a mark's column is a seat of the row as read: from `start`)
            # (a trick whose winner is not known is recorded, its marks with it; its notes were left
            # out, and are still: a store written before holds the record without them)
            _marks(b, [(token if token.startswith("note ") else (token, CLOCKWISE[start][column]), mline)
                       for token, row_index, column, mline in marks
                       if row_index == i and not (stopped and token.startswith("note "))], trick)
            kept.add(i)
            if not stopped:
                notes_kept.add(i)
        if stopped:
            claimed = True  # who won a trick with a card not known is not known, nor who led the next
            break
        if played < 4:
            claimed = True  # an unfinished trick: the play stopped here
            break
        if not b.trick.cards and b.last_winner:
            leader = b.last_winner
    else:
        if cut is not None and b.board.fault is None:
            shown = [f"{seat} {c if c is not None else '-'}" for seat, c in zip(CLOCKWISE[first], cut.before)]
            b.cut_play(cut.reason, ", ".join([*shown, f"{CLOCKWISE[first][len(cut.before)]} '{cut.token}'"]),
                       cut.lineno)
    if marks:
        _marks_not_kept(marks, kept, notes_kept, rows, starts, first, cut, recorded, said_last)
    if continued is not None and b.board.fault is None:
        b.note(PLAY_CONTINUED, continued.lineno)
    if shifted:
        b.note(f"the [Play] row{'s' if len(shifted) > 1 else ''} of trick{'s' if len(shifted) > 1 else ''} "
               f"{', '.join(shifted)} {'are' if len(shifted) > 1 else 'is'} not in the columns of [Play \"{first}\"]: "
               f"each is read as one trick, clockwise from the seat named, by who holds its cards", lineno)
    return claimed


def _trick(b: BoardBuilder, game: Game, leader: str, in_order: list[tuple[Card | None, int]]) -> None:
    """A row's cards played, in the order of play from `leader`: '-' (None) a card not known."""
    comments = game.comments
    for seat, (c, cline) in zip(CLOCKWISE[leader], in_order):
        if c is None:
            b.unknown(seat, cline)
            continue
        b.play(seat, c, cline)
        if comments:
            _comments(b, game, (str(c),), line=cline)


def _marks_not_kept(marks: list[tuple[str, int, int, int]], kept: set[int], notes_kept: set[int], rows: list,
                    starts: dict[int, str], first: str, cut: "_Cut | None", recorded: int,
                    said_last: list[tuple[str, int]]) -> None:
    """Each mark of the play section the record does not keep by its card (`mark_not_kept`): one of a
    row whose play is not recorded (its lead not known, at or after a fault, a '- - - -' row, after a
    trick whose winner is not known), or standing before no card, said at the record's end
    (`said_last`), where a board stored before it was said is extended by it, never refused. Where
    it stands is said as the section gives it: the seat (the column of its row) and the card before
    which it stands, or the trick after whose last card it stands. A note of a row whose notes the
    record does not keep (`=n=`, and the reader's own on a '+' there) is said there too, with its
    trick (`note_not_kept`): those of a trick whose winner is not known, its cards the record's,
    were left out before, so a store written before holds the record without them."""
    for token, row_index, column, mline in marks:
        if token.startswith("note "):
            if row_index not in notes_kept:
                said_last.append((note_not_kept(token[5:], row_index + 1, recorded), mline))
            continue
        if row_index in kept:
            continue
        trick = row_index + 1
        seat = cards.SEAT_NAMES[CLOCKWISE[starts.get(row_index, first)][column % 4]]
        if row_index < len(rows):
            c = rows[row_index][column][0]
            place = f"before {seat}'s {c if c is not None else chr(39) + '-' + chr(39)} in trick {trick}"
        elif cut is not None and row_index == len(rows):
            c = cut.before[column] if column < len(cut.before) else None
            said = str(c) if c is not None else ("'-'" if column < len(cut.before) else f"'{excerpt(cut.token, 40)}'")
            place = f"before {seat}'s {said} in trick {trick}"
        elif rows:
            trick = len(rows)  # (the trick it follows)
            place = f"after trick {trick}'s last card, at the end of the play"
        else:
            trick, place = 0, "in a play section that gives no card"
        said_last.append((mark_not_kept(token, place, trick, recorded), mline))


def _lead_not_known(b: BoardBuilder, trick: int, leader: str, columns: dict) -> None:
    """A lead not known: its trick's cards would seem led by the next player and judged against a
    suit nobody led. The play is recorded up to the trick before; the known cards of this one are
    kept in a note."""
    known = " ".join(f"{seat} {c}" for seat in CLOCKWISE[leader] for c, _ in [columns[seat]] if c is not None)
    b.note(f"trick {trick}'s lead ({leader}) is not known ('-'): the play is recorded up to trick "
           f"{trick - 1}; the cards known of trick {trick}: {known}", columns[leader][1])


def _marks(b: BoardBuilder, marks: list[tuple[Any, int]], trick: int) -> None:
    """A row's marks (`^R` and the like, each with the seat whose card it stands before) and notes
    ("note TEXT"), after its trick."""
    for said, mline in marks:
        if isinstance(said, str):
            b.note(said[5:], mline)
        else:
            b.board.mark(said[0], trick, said[1])


def _row_start(held: dict[str, set[str]] | None, first: str, row: list[tuple[Card | None, int]]) -> str:
    """The seat a row of the play section begins at: the [Play] seat (PBN 2.1 §3.6, the columns);
    or, when a card of the row is not held by its column's seat but the row begun at another seat
    gives every card to the seat that holds it (the four hands known), that seat. Some writers'
    columns drift from one trick on while each row stays one whole trick in clockwise order (the
    2012 World Championship file of rpbridge.net: read so, its 3,762 such boards hold no failure to
    follow suit at all; read by the columns, a card its player does not hold). A row no seat fits
    stays in the columns, and its fault is the record's (BoardBuilder.play_fault). `held`: each
    seat's cards not yet played (`Pack.held`), None unless the four hands are known."""
    if held is None or _fits(held, first, row):
        return first
    return next((s for s in CLOCKWISE[first][1:] if _fits(held, s, row)), first)


def _fits(held: dict[str, set[str]], start: str, row: list[tuple[Card | None, int]]) -> bool:
    """Whether each card of the row begun at `start` is held by its seat (`_row_start`)."""
    s0, s1, s2, s3 = CLOCKWISE[start]
    c0, c1, c2, c3 = row[0][0], row[1][0], row[2][0], row[3][0]  # (None: '-', held by anyone)
    return ((c0 is None or c0.word in held[s0]) and (c1 is None or c1.word in held[s1])
            and (c2 is None or c2.word in held[s2]) and (c3 is None or c3.word in held[s3]))


def _comments(b: BoardBuilder, game: Game, anchors: tuple[str, ...] | None, line: int | None = None,
              before: int | None = None) -> None:
    """Commentary kept as notes, after what it follows: the comments anchored on the given tags or
    card (on that line), or, when `anchors` is None, all that are left (those before a line only,
    when `before` is given)."""
    keep = []
    for anchor, anchor_line, text, at in game.comments:
        token = split_glued(anchor)[0].upper().rstrip("!?").replace("10", "T")  # ('S3$1': S3's)
        if anchors is None and before is not None and at >= before:
            keep.append((anchor, anchor_line, text, at))
        elif anchors is None or (anchor in anchors or token in anchors) and (line is None or anchor_line == line):
            b.note(text, at)
        else:
            keep.append((anchor, anchor_line, text, at))
    game.comments = keep


# ---------------------------------------------------------------- a hand written back as a game

# The kinds of line PBN can say; the others are written as commentary, so nothing is dropped.
PBN_KINDS = ("hand", "dealer", "deal", "auction", "contract", "play", "unknown", "claim", "note", "tag")


@dataclass(frozen=True)
class Entry:
    """One event of a hand's record as the writer takes it: its number (1 is the `hand` line), its
    kind, its words (`args`, as `bridge.lines` reads them) and its line."""

    number: int
    kind: str
    args: dict[str, Any]
    line: str


@dataclass(frozen=True)
class Played:
    """A card played to a trick in law: its seat, the card (`UNKNOWN_CARD` for a card not known)
    and the event that played it."""

    seat: str
    card: Card
    event: int


@dataclass(frozen=True)
class PlayedTrick:
    """A trick as the writer takes it: its number and the one card each seat played to it in law,
    in the order they were played (the first is the lead)."""

    number: int
    cards: tuple[Played, ...]


@dataclass(frozen=True)
class Record:
    """A hand as the PBN writer takes it, every value the vocabulary's: its record as corrected
    (`entries`), and what the table says at its end, as the read side makes it
    (`handrec.views.pbn_text`). The writer judges nothing: `established` holds the revokes the
    rulings there say were established, each by its trick and its card."""

    entries: tuple[Entry, ...]
    source: dict[str, str]  # an imported hand's file, board, room, marks (`bridge.tags.record_marks`)
    tags: dict[str, str]  # the record's own tag lines first, then what the archive's source says
    ruleset: str
    options: dict[str, str]
    dealer: str | None
    calls: tuple[str, ...]
    alerts: dict[int, str]  # a call's number in the auction → what was said of it ("": alerted)
    contract: Contract | None
    tricks: tuple[PlayedTrick, ...]
    claimed: bool  # a claim ended the play
    established: frozenset[tuple[int, str]]
    won: dict[str, int]  # the tricks each side won (a claim accounts for the rest)


def _comment(text: str) -> str:
    """A note as PBN commentary: `{TEXT}`. A brace that opens is text inside it (commentary ends at
    the first '}'; the reader reads a '{' inside it as text), kept; one that closes would end it,
    and is written ')'."""
    return "{" + text.replace("}", ")") + "}"


def write(hand: Record) -> str:
    """A hand as one PBN game, in the tags and sections PBN 2.1 gives it; what PBN cannot say is
    commentary, so nothing is dropped. The writer judges nothing: `^R` marks what the rulings
    say was established (`Record.established`), and the record's own marks (the source's) stand
    before the card they stood before in the archive."""
    events = hand.entries
    tags = _tags(hand)
    contract = hand.contract
    # The play section's first event: its first card, or a claim made before any card (what follows
    # the claim is the section's, written after its '*': 1997 Generali Euro Team Championships
    # L1L10404.PBN, board 2 Closed, came back with its note before the claim).
    first_play = next((e.number for e in events if e.kind in ("play", "unknown", "claim")), None)
    bid = next((e.number for e in events if e.kind in ("auction", "contract")), None)
    at_end, tokens = _the_end(hand)  # the record's end: commentary after [Ruleset], and tokens
    # The reader's note on the [Play] seat this writes, which the reader makes again from it.
    said_again = lead_not_lho(_leader(hand)) if contract and hand.tricks else None
    # Commentary before the first card: what came before the bidding after [Deal] (the reader puts
    # it after the deal), the rest after the auction (the reader puts it after the contract).
    early, late = [], []
    for e in events:
        if first_play is not None and e.number >= first_play:
            break
        text = _commentary(e)
        if (text is not None and e.number not in tokens.notes and e.number not in at_end
                and not (e.kind == "note" and text == said_again)):
            (early if bid is None or e.number < bid else late).append(_comment(text))
    auction = bool(hand.calls and hand.dealer)
    out = []
    for k, v in tags:
        if k == RULESET_TAG and not auction:
            out.extend(late)  # (never after [Ruleset]: what follows it is the record's end)
        out.append(f'[{k} "{quoted(v)}"]')
        if k == "Deal":
            out.extend(early)
        if k == RULESET_TAG:
            out.extend(_comment(_commentary(e)) for e in events if e.number in at_end)  # type: ignore[arg-type]
    if auction:
        out.append(f'[Auction "{hand.dealer}"]')
        # A call alerted or explained is followed by its note's reference `=n=`, and the notes follow
        # the section (PBN 2.1 §3.9): [Note "n:what was said"] ("": alerted, nothing recorded said).
        said = sorted(hand.alerts.items())
        reference = {number: k for k, (number, _) in enumerate(said, start=1)}
        calls = [" ".join([*tokens.before_call.get(n, ()), {"pass": "Pass"}.get(c, c),
                           *((f"={reference[n]}=",) if n in reference else ()), *tokens.after_call.get(n, ())])
                 for n, c in enumerate(hand.calls, start=1)]
        for i in range(0, len(calls), 4):
            out.append(" ".join(calls[i:i + 4]))
        out.extend(f'[Note "{reference[number]}:{quoted(text)}"]' for number, text in said)
        out.extend(late)
    if contract and (hand.tricks or hand.claimed):  # (a claim before any card: '*' alone, as PBN says it)
        out.extend(_play_section(hand, first_play, tokens, at_end))
    return "\n".join(out) + "\n\n"


class _TokensSaid(NamedTuple):
    """The notes the reader made of a section's tokens (`pbn_tokens.token_of_note`) whose call or
    card the hand holds, by their events (`notes`), and the tokens to write for them."""

    notes: frozenset[int]
    after_call: dict[int, list[str]]
    before_call: dict[int, list[str]]
    after_card: dict[tuple[str, int], list[str]]


def _commentary(e: Entry) -> str | None:
    """What an event of the record is written as commentary: a note its text, a line PBN cannot
    say `event N: LINE`; None for a line PBN says (`PBN_KINDS`)."""
    return e.args["text"] if e.kind == "note" else (None if e.kind in PBN_KINDS else f"event {e.number}: {e.line}")


def _the_end(hand: Record) -> tuple[frozenset[int], _TokensSaid]:
    """The record's end as the reader makes it (`_after_the_play`): after the archive's tags, the
    notes it says last; the events written as commentary after [Ruleset], which the reader reads
    there again, and the notes written back as their tokens (`_tokens_said`). The reader says its
    tokens' notes last of all, so only the run of them that ends the record is written as tokens;
    a note after them that is no token's (an `=n=` that names no [Note], an annotation before any
    call: realdata's forrestrice sample.pbn, board 14 Open) makes them commentary too, in their
    order, else they would come back before it. Where the record ends on no tag (no archive's tag
    given, `add_tags`), what is left before its tokens stays where the play section writes it."""
    entries = hand.entries
    end = len(entries)
    if end and entries[end - 1].kind == "tag" and entries[end - 1].args["name"] == "Result":
        end -= 1  # (the archive's [Result] the reader keeps last of all, after its notes: `_after_the_play`)
    n = end
    while n and _commentary(entries[n - 1]) is not None:
        n -= 1  # (entries[n:end]: the commentary that ends the record)
    run = entries[n:end]
    said = _tokens_said(hand, run)
    first_token = len(run)
    while first_token and run[first_token - 1].number in said.notes:
        first_token -= 1
    if first_token:
        said = _tokens_said(hand, run[first_token:])
    after_tags = n > 0 and entries[n - 1].kind == "tag" and entries[n - 1].args["name"] in TAG_NAMES
    return frozenset(e.number for e in run[:first_token] if after_tags), said


def _tokens_said(hand: Record, entries: Iterable[Entry]) -> _TokensSaid:
    """The notes among `entries` that the reader made of a section's tokens whose call or card the
    hand holds, and their tokens."""
    played = {(str(p.card), t.number) for t in hand.tricks for p in t.cards}
    notes: set[int] = set()
    after_call: dict[int, list[str]] = {}
    before_call: dict[int, list[str]] = {}
    after_card: dict[tuple[str, int], list[str]] = {}
    for e in entries:
        said = token_of_note(e.args["text"]) if e.kind == "note" else None
        if said is None:
            continue
        where, at, token = said
        if where == "card" and at in played:
            after_card.setdefault(at, []).append(token)
        elif where != "card" and 1 <= at <= len(hand.calls):
            (after_call if where == "call" else before_call).setdefault(at, []).append(token)
        else:
            continue  # (its call or card is not the hand's: written as commentary)
        notes.add(e.number)
    return _TokensSaid(frozenset(notes), after_call, before_call, after_card)


def _tags(hand: Record) -> list[tuple[str, str]]:
    """The game's tags, in order: the seven-tag roster, the deal, the contract and its result, the
    rest of what the record says, and the ruleset."""
    src = hand.source
    # The seven-tag roster first; "?" where the record does not say (PBN 2.1 §3.4).
    said = hand.tags  # the record's own tag lines first, then what the archive's source says
    tags: list[tuple[str, str]] = [
        ("Event", said.get("Event") or src.get("event", "?")), ("Site", said.get("Site", "?")),
        ("Date", said.get("Date", "?")), ("Board", said.get("Board") or _board_of(src)),
        *((seat, said.get(seat) or src.get(seat.lower(), "?")) for seat in ("West", "North", "East", "South")),
        ("Dealer", hand.dealer or "?"), ("Vulnerable", said.get("Vulnerable") or src.get("vulnerable", "?")),
    ]
    first = next((e for e in hand.entries if e.kind == "deal"), None)
    if first is not None:
        tags.append(("Deal", first.args["deal"]))  # as recorded, hands not known kept as "-"
    # The contract the record states (its `contract` line) or plays to. One the table takes from an
    # auction alone, in a record that does neither (its archive's [Contract] not read: realdata's
    # endplay example3.pbn says "3NX"), is written "?" (PBN's unknown, §3.4), which the reader reads
    # as no contract: written, it came back a contract line the record did not hold.
    stated = any(e.kind in ("contract", "play", "unknown", "claim") for e in hand.entries)
    contract = hand.contract if stated else None
    # The archive's own declarer and result, when the record keeps them (its tag lines); else the
    # play's, once the play is over (thirteen tricks, or a claim); "?" (PBN's unknown, §3.4) for a
    # play that stops before its end with no result to say how it ended: never the tricks so far.
    tags.append(("Declarer", said.get("Declarer") or (contract.declarer if contract else "")))
    tags.append(("Contract", contract.bid if contract else "?" if hand.contract else ""))
    if contract:
        won = hand.won
        over = sum(won.values()) >= 13  # (`tricks_won`: a claim accounts for the rest)
        tags.append(("Result", said.get("Result") or (str(won[side_of(contract.declarer)]) if over else "?")))
    else:  # (no contract: the archive's own [Result], kept by the record, as a passed-out board's "0")
        tags.append(("Result", said.get("Result", "")))
    if src.get("room"):
        tags.append(("Room", src["room"]))
    # The rest of what the record says; `Fault` (a play kept up to a physical fault) as a tag of
    # its own, which PBN 2.1 allows a writer to add (§4.9) and which this reader reads back (`_fault_said`).
    for name in ("Table", "Director", "Scoring", "Score", "Fault"):
        if said.get(name):
            tags.append((name, said[name]))
    # The ruleset the hand is ruled under, with its options: a tag of handrec's own, which the PBN
    # reader reads back (bridge.tags.RULESET_TAG), so that the hand imported again is ruled the same.
    tags.append((RULESET_TAG, ruleset_words(hand.ruleset, hand.options)))
    return tags


def _board_of(src: dict[str, str]) -> str:
    """The board an imported hand's source names, where its record holds no `tag Board`; "?" (PBN's
    unknown, §3.4) for none, and for the name the reader gives a game with no [Board] in its hand id
    (`unnamed_board`), which is not the archive's: written, it came back a `tag Board g1` the record
    did not hold (realdata-more's Greg_Foltz-Mini_Movie.pbn)."""
    board = src.get("board", "?")
    return "?" if UNNAMED_BOARD.fullmatch(board) else board


def _leader(hand: Record) -> str:
    """The seat the [Play] section is written from: the first trick's leader as played, else
    declarer's left-hand opponent."""
    leads = hand.tricks[0].cards if hand.tricks else None
    return (leads[0].seat if leads else None) or opening_leader(hand.contract.declarer)


def _play_section(hand: Record, first_play: int | None, said: _TokensSaid, at_end: frozenset[int]) -> list[str]:
    """[Play] in seat columns from the opening leader; `^R` before an established, uncorrected revoke,
    and each mark of the record's own play (`^R`, `^L`) before the card it stood before. The
    record's end (`at_end`, `_the_end`) is written after [Ruleset], not here."""
    leader = _leader(hand)
    out = [f'[Play "{leader}"]']
    revoke_cards = hand.established
    # The record's marks by the trick and seat of their card (`bridge.tags.record_marks`), written
    # back before it, so that the hand imported again is the same record; a `^R` a store written
    # before kept by its trick alone (`^R@4`) is written before the trick's lead, as that store's
    # writer wrote it, where no established revoke of the trick has its own.
    marked: dict[tuple[int, str], list[str]] = {}
    marked_trick: set[int] = set()
    for m in record_marks(hand.source):
        if m.seat is not None:
            marked.setdefault((m.trick, m.seat), []).append(m.token)
        elif m.token == "^R":
            marked_trick.add(m.trick)
    after: dict[int, list[str]] = {}  # the event of a card → the commentary that follows it
    last_card_event = None
    final_card = max((e.number for e in hand.entries if e.kind in ("play", "unknown")), default=0)
    continued = False  # the record's play is to be continued (PBN's '+', written back as '+')
    # What the record says after the reader's note on how the play ends, after a claim or after the
    # fault the play was kept up to: written after the section's '*' or '+' (no card's), where the
    # reader takes it as commentary left over, after that note, the claim (`claim_rest`) and the
    # fault (`_fault_said`); after the last card, it came back before them.
    ended = False
    trailing: list[str] = []
    # The note on the last trick's winner not known, where the reader says it again: the trick it
    # reads whole, its last card known (a '-' after the row's last card is a card not played). It
    # came back twice (realdata's 1999 European Team Championships A1A13636.PBN, board 11 Closed).
    stopped = hand.tricks[-1] if hand.tricks else None
    again = (winner_not_known(stopped.number) if stopped is not None and len(stopped.cards) == 4
             and stopped.cards[-1].card is not UNKNOWN_CARD else None)
    for e in hand.entries:
        if first_play is None or e.number < first_play:  # (the first card too: the commentary after it is its)
            continue
        if e.kind in ("play", "unknown"):
            last_card_event = e.number
        elif e.kind == "note" and e.args["text"] in (PLAY_CONTINUED, PLAY_ENDS_UNSAID):
            continued = continued or e.args["text"] == PLAY_CONTINUED  # (the reader says these again)
            ended = True
        elif e.kind == "note" and again is not None and e.args["text"].startswith(again):
            continue  # (the reader says it again)
        elif e.number in said.notes or e.number in at_end:
            continue  # (written as its token, or after [Ruleset])
        elif e.kind in ("claim", "tag") and e.number > final_card:
            ended = True  # (a claim or a tag after the play's last card, not one the play went on past)
        elif (text := _commentary(e)) is not None and (ended or last_card_event is not None):
            (trailing if ended else after.setdefault(last_card_event, [])).append(_comment(text))
    last = hand.tricks[-1] if hand.tricks else None
    # The seat to play next where the play is to be continued, in the last trick: '+' in its column.
    plus = (CLOCKWISE[last.cards[-1].seat][1] if continued and last and last.cards and len(last.cards) < 4
            else None)
    for t in hand.tricks:
        columns = {p.seat: p for p in t.cards}
        tokens: list[str] = []
        lead_marked = t.number in marked_trick and not any((t.number, str(q.card)) in revoke_cards for q in t.cards)
        for seat in CLOCKWISE[leader]:
            p = columns.get(seat)
            tokens.extend(marked.get((t.number, seat), ()))  # (before the seat's token, whatever it is)
            if p is None:
                if t is last and seat == plus:
                    tokens.append("+")
                    tokens.extend(trailing)  # (after the '+', no card: read after the reader's note)
                    trailing = []
                else:
                    tokens.append("-")
                continue
            if p.card is UNKNOWN_CARD:  # (a card not known: PBN's '-' before a card, or in a trick before the last)
                tokens.append("-")
                tokens.extend(after.get(p.event, []))
                continue
            if ((t.number, str(p.card)) in revoke_cards or lead_marked and p is t.cards[0]) and (
                    "^R" not in marked.get((t.number, seat), ())):  # (the record's own ^R there: once)
                tokens.append("^R")
            tokens.append(str(p.card))
            tokens.extend(after.get(p.event, []))  # (commentary first: the reader ties it to the token before it)
            tokens.extend(said.after_card.get((str(p.card), t.number), ()))
        out.append(" ".join(tokens))
    if continued:
        if plus is None:
            out.append("+")
    elif hand.claimed or len(hand.tricks) < 13 or trailing:
        # ('*' after thirteen tricks too, where commentary follows the play's end: after the last
        # card, the reader reads it as that card's, before the [Fault] the play was kept up to, as
        # the reference errors file's board 4 came back)
        out.append("*")
    out.extend(trailing)
    return out
