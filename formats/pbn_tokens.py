"""The tokens of PBN's sections that are not calls or cards (PBN 2.1 §3.5 to §3.9), and the auction
section read with them: what each says is kept, as a call, an explanation or a note, never dropped.

- An annotation (§3.8): a suffix written on a call or card, or as a token of its own after it (`!`,
  `?`, `!!`, `??`, `!?`, `?!`), or a numeric annotation glyph `$n` (0 to 255) after it. It is the
  writer's comment on that call or card, never an alert: it is kept as a note naming the call or
  card and the glyph as written (the six suffixes with their meaning, $1 to $6), at the end of the
  record, where a board stored before it is extended by it (when it is all that is new); the
  writer writes it back as its token (`token_of_note`).
- An irregularity (§3.5): `^I` before a call, an insufficient bid that was accepted (the call
  stands, and a note at the record's end says so, written back as `^I`); `^S` before a call, a
  player skipped (the call was made by a later player: the auction is kept up to the call before,
  since an auction is stored as calls in rotation from the dealer, and a note gives the rest as
  recorded). `^R` and `^L` in the play section are marks of
  the hand's source, by the trick and seat of the card they stand before (`Board.mark`); one that
  stands before no card of the record is a note at its end (`pbn.mark_not_kept`).
- `-` (§3.5): at the start of the auction, a seat before the dealer, when [Auction] names a seat
  before the dealer's; later, a call the record does not give.
- `+` (§3.5, §3.6): the game is to be continued from here (a bidding or play problem): the section
  ends; a call or card after it is not read, and a note says so.
- `*`: the section ends (the play's: a claim; the auction's: the rest is not recorded).

A call that does not read keeps the auction up to the call before it, and a note gives the rest as
recorded: the deal and the calls before it are facts of the record, kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bridge import cards
from bridge.cards import NotationError, auction_over, next_seat
from bridge.messages import excerpt

from .archive import explain

# The suffix annotations and the numeric glyph each stands for (PBN 2.1 §3.8, as PGN's): $1 to $6.
SUFFIXES = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
MEANINGS = {1: "good", 2: "poor", 3: "very good", 4: "very poor", 5: "speculative", 6: "questionable"}
NAG = re.compile(r"\$([0-9]{1,3})")
NAG_MAX = 255
# Characters of a section's rest quoted in a note: the longest auction (319 calls, L18) with a note
# reference or an annotation after each call, whole; what is beyond is cut, with an ellipsis.
REST_SHOWN = 4000


# A token's pieces (PBN 2.1 §3.5, §3.8, §3.9): a call or card ends where a suffix, a glyph or a note
# reference begins, so `4NT!$1` is `4NT`, `!`, `$1` and `HK=1=` is `HK`, `=1=` (as the standard's
# reference implementation reads them). Only a token that begins with a call or card is split.
_PIECES = re.compile(r"[^!?$=]+|!!|\?\?|!\?|\?!|!|\?|\$[0-9]+|=[0-9]+=")


def split_glued(token: str) -> list[str]:
    """A token written without spaces between its call or card and what follows it, as its pieces;
    any other token as it is (one that does not split cleanly stays whole, and is said as it is)."""
    if not token or token[0] in "!?$=":
        return [token]
    pieces = _PIECES.findall(token)
    if len(pieces) < 2 or "".join(pieces) != token:
        return [token]
    return pieces


def glyph(token: str) -> int | None:
    """The numeric annotation glyph a token is (`$n`, n from 0 to 255), else None."""
    m = NAG.fullmatch(token)
    if m is None or int(m.group(1)) > NAG_MAX:
        return None
    return int(m.group(1))


def is_annotation(token: str) -> bool:
    """Whether a token is an annotation on the call or card before it: a suffix of its own (`!`,
    `?!`, ...) or a numeric glyph (`$0` to `$255`)."""
    return token in SUFFIXES or glyph(token) is not None


def annotation_words(written: str) -> str:
    """An annotation as a note says it: as written, with its meaning where PBN gives one."""
    number = SUFFIXES.get(written) if not written.startswith("$") else glyph(written)
    meaning = MEANINGS.get(number) if number is not None else None
    return f"{written} ({meaning})" if meaning else written


def annotation_note(written: str, on: str) -> str:
    """The note that keeps an annotation of the record's on a call or card (`on`: which)."""
    return f"the record's annotation on {on}: {annotation_words(written)}"


def insufficient_note(calls: list[str]) -> str:
    """The note that keeps a '^I' before the auction's last call so far."""
    return f"the record marks {_call_named(calls)} an insufficient bid that was accepted (^I): it stands"


# The notes above read back, for the writer (`pbn.write`), which writes their tokens again: an
# annotation after its call or card, '^I' before its call. (A note's text is the reader's own.)
_ON_CALL = re.compile(r"the record's annotation on call ([0-9]+) \([^)]*\): (\S+)(?: \([a-z ]+\))?")
_ON_CARD = re.compile(r"the record's annotation on ([SHDC][AKQJT2-9]) \(trick ([0-9]+)\): (\S+)(?: \([a-z ]+\))?")
_INSUFFICIENT = re.compile(r"the record marks call ([0-9]+) \([^)]*\) an insufficient bid that was accepted \(\^I\): "
                           r"it stands")


def token_of_note(text: str) -> tuple[str, Any, str] | None:
    """What a note the reader made of a token says, for the writer: ("call", n, token) for an
    annotation after call n, ("before call", n, "^I"), ("card", (card, trick), token); None for any
    other note."""
    m = _ON_CALL.fullmatch(text)
    if m:
        return "call", int(m.group(1)), m.group(2)
    m = _INSUFFICIENT.fullmatch(text)
    if m:
        return "before call", int(m.group(1)), "^I"
    m = _ON_CARD.fullmatch(text)
    if m:
        return "card", (m.group(1), int(m.group(2))), m.group(3)
    return None


@dataclass
class AuctionRead:
    """What an auction section holds, read: its calls from the dealer (`BoardBuilder.auction`), the
    calls a note explains (`alerts`), the notes that keep the rest (text, line), and whether it was
    cut before its end (a token that stops it: its calls after are not the record's in rotation)."""

    calls: list[str] = field(default_factory=list)
    alerts: list[dict[str, Any]] = field(default_factory=list)
    notes: list[tuple[str, int]] = field(default_factory=list)
    # What the reader says of calls the auction keeps (annotations, '^I') and of an auction not read:
    # notes at the end of the record (`pbn._after_the_play`), so that a board stored before they
    # were said is extended by them (when they are all that is new); each names its call.
    last: list[tuple[str, int]] = field(default_factory=list)
    cut: bool = False


def _call_named(calls: list[str]) -> str:
    return f"call {len(calls)} ({calls[-1]})"


def _rest(tokens: list[tuple[str, int]], i: int) -> str:
    return excerpt(" ".join(t for t, _ in tokens[i:]), REST_SHOWN)


def read_auction(first: str, dealer: str | None, tokens: list[tuple[str, int]],
                 notes: dict[str, str], lineno: int) -> AuctionRead:
    """The auction section of a game whose [Auction] names `first`, its dealer `dealer`, its tokens
    (token, line) and the texts its `=n=` refer to (`pbn_games.note_texts`); `lineno`: the
    [Auction] tag's line."""
    read = AuctionRead()
    if not tokens:
        return read
    if first not in cards.SEATS:
        read.last.append((f"the auction is recorded but not read: [Auction \"{excerpt(first, 20)}\"] names no "
                           f"seat; as recorded: {_rest(tokens, 0)}", lineno))
        return read
    # Seats before the dealer's, written '-' when [Auction] names a seat before the dealer (§3.5).
    # (Never past the dealer: a '-' at the dealer's turn or after is a call the record does not give.)
    i, seat = 0, first
    while i < len(tokens) and tokens[i][0] == "-" and seat != dealer:
        i, seat = i + 1, next_seat(seat)
    if dealer is None:
        read.last.append((f"the auction is recorded but not read: the game gives no [Dealer]; as recorded, from "
                           f"{first}: {_rest(tokens, 0)}", lineno))
        return read
    if seat != dealer:
        skipped = f" and {i} '-'" if i else ""
        puts = "puts" if not i else "put"
        read.last.append((f"the auction is recorded but not read: [Auction \"{first}\"]{skipped} {puts} "
                           f"its first call at {seat}, and the dealer is {dealer}; as recorded: {_rest(tokens, 0)}",
                           lineno))
        return read
    calls, alerts = read.calls, read.alerts
    insufficient: int | None = None  # where a '^I' was read: the next call is an insufficient bid accepted
    after_end: str | None = None  # a call after the auction's end read last: a note or annotation after it is its own
    while i < len(tokens):
        token, tline = tokens[i]
        t = token.strip()
        if t.startswith("=") and t.endswith("=") and len(t) > 1:
            said = notes.get(t.strip("="))
            if said is None:
                read.last.append((f"the auction's note reference {t} names no [Note]", tline))
            elif after_end is not None:  # (never the explanation of the auction's last call)
                read.notes.append((f"the auction's note {t} on a call after the auction's end ('{after_end}'): {said}",
                                   tline))
            elif calls:
                explain(alerts, len(calls), said)  # (PBN 2.1 §3.9: the note of the call it follows)
            else:
                read.last.append((f"the auction's note {t}, before any call: {said}", tline))
            i += 1
            continue
        if is_annotation(t):
            if after_end is not None:  # (never an annotation on the auction's last call)
                read.notes.append((annotation_note(t, f"a call after the auction's end ('{after_end}')"), tline))
            else:
                read.last.append((annotation_note(t, _call_named(calls) if calls else "the auction"), tline))
            i += 1
            continue
        if t.upper() == "^I":
            insufficient = i if insufficient is None else insufficient
            i += 1
            continue
        if t.upper() == "^S":
            _stop(read, tokens, i if insufficient is None else insufficient, tline, "the record marks a player "
                  "skipped (^S): its next call was made out of rotation and accepted, which an auction kept in "
                  "rotation cannot say")
            return read
        if insufficient is not None and t in ("*", "+"):
            _insufficient_unread(read, f"'{t}'", tline)
        if t == "*":
            if i + 1 < len(tokens):
                read.notes.append((f"the auction's tokens after its '*' (its end) are not read: "
                                   f"{_rest(tokens, i + 1)}", tokens[i + 1][1]))
            return read
        if t == "+":
            if not auction_over(calls):
                read.notes.append(("the record's auction is to be continued here ('+'): the rest is not recorded",
                                   tline))
            if i + 1 < len(tokens):
                read.notes.append((f"the auction's tokens after its '+' (to be continued) are not read: "
                                   f"{_rest(tokens, i + 1)}", tokens[i + 1][1]))
            return read
        if t.upper() == "AP":  # (a suffix written on a call is a token of its own: `split_glued`)
            if insufficient is not None:
                _insufficient_unread(read, f"'{t}'", tline)
                insufficient = None
            if auction_over(calls):
                _after_end(read, token, tline)
                after_end = token
            else:
                while not auction_over(calls):  # all pass: the passes to the auction's end, no more (L22A)
                    calls.append("pass")
            i += 1
            continue
        if t == "-":
            _stop(read, tokens, i if insufficient is None else insufficient, tline,
                  "a call the record does not give ('-')")
            return read
        try:
            call = cards.call(t)
        except NotationError as e:
            said = str(e).rstrip(".")
            why = (f"'{excerpt(t, 40)}' is not a call (an annotation is $0 to $255)" if t.startswith("$") else
                   said if said.startswith(f"'{t}'") else f"'{excerpt(t, 40)}' is not a call ({said})")
            _stop(read, tokens, i if insufficient is None else insufficient, tline, why)
            return read
        if auction_over(calls):
            if insufficient is not None:
                _insufficient_unread(read, f"'{t}', a call after the auction's end", tline)
                insufficient = None
            _after_end(read, token, tline)
            after_end = token
            i += 1
            continue
        calls.append(call)
        if insufficient is not None:
            read.last.append((insufficient_note(calls), tline))
            insufficient = None
        i += 1
    if insufficient is not None:
        _insufficient_unread(read, "the auction's end", tokens[insufficient][1])
    return read


def _insufficient_unread(read: AuctionRead, what: str, tline: int) -> None:
    """A '^I' followed by no bid it can mark: said, at the record's end as the '^I' kept."""
    read.last.append((f"the record's '^I' (an insufficient bid accepted) is followed by {what}, not a bid: "
                      "it marks no call of the auction", tline))


def _stop(read: AuctionRead, tokens: list[tuple[str, int]], i: int, tline: int, why: str) -> None:
    """The auction kept up to the call before token `i`, a note saying why and the rest as recorded."""
    n = len(read.calls)
    kept = f"the auction is recorded up to call {n}" if n else "no call of the auction is recorded"
    read.notes.append((f"{kept}: {why}; the rest as recorded: {_rest(tokens, i)}", tline))
    read.cut = not auction_over(read.calls)  # (after the auction's end, it is whole: L39A)


def _after_end(read: AuctionRead, token: str, tline: int) -> None:
    """A call written after the auction's end: a note, never a call of the auction (L39A)."""
    read.notes.append((f"a call after the auction's end: '{excerpt(token, 20)}' comes after the auction's last pass; "
                       "it is not part of the auction (L39A: a call after the final pass is cancelled)", tline))
