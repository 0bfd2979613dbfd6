"""The names of a record's tags (`tag NAME VALUE`): the people and the occasion as PBN names them,
a director's report's occasion, and what the record says of itself."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

# The people and the occasion, named as PBN names its tags: tag NAME VALUE.
# Vulnerable (None, NS, EW, All; Love, Both, -) comes last: an import adds it after the tags that
# boards stored before it was read already hold, so that they are extended, never refused.
TAG_NAMES = ("Event", "Site", "Date", "Board", "Table", "Director", "North", "East", "South", "West",
             "Scoring", "Declarer", "Result", "Score", "Vulnerable")
# What the record says of itself, beside the archive's tags: `Fault`, the physical fault of an
# archive's play (a card its player does not hold, a card twice) up to which the reader kept the
# record (formats.archive.BoardBuilder.play_fault); nothing after it is recorded. Not a PBN tag:
# an archive's own tags never give it; `handrec export-pbn` writes it, `[Fault "TEXT"]`, and the
# PBN reader reads it back (formats.pbn._fault_said), so that the board comes back the same record.
FAULT_TAG = "Fault"
# The ruleset a hand is ruled under and its options, as a PBN tag of handrec's own (PBN 2.1 §4.9
# lets a writer add tags): `[Ruleset "duplicate-2017 quitting=explicit"]`, the words of a hand
# line's `ruleset=NAME OPTION=VALUE ...`. `handrec export-pbn` writes it and the PBN reader reads
# it back, so that a hand exported and imported again is ruled by the same code (an archive's own
# games, which never give it, are read under what their [Scoring] and [Date] say).
RULESET_TAG = "Ruleset"
RECORD_TAGS = (FAULT_TAG,)
# How a PBN record says its contract is not the game's [Contract] and [Declarer] but its auction's
# (formats.pbn: a game that gives no [Contract], a comment never closed having swallowed it, say):
# the opening words of the note the reader writes after the contract. The analysis database reads
# it so as never to give the auction's declarer as the source's own (`source_declarer`).
CONTRACT_FROM_AUCTION = "a contract taken from the auction"
# The occasion as a director's report gives it, written in a transcript (no archive's reader makes
# them): the room, the round or session, who was present at the ruling; and `Account`, whose
# account of the hand the record is ("East-West's account"), which the report prints each account's
# statements under.
OCCASION_TAGS = ("Room", "Round", "Session", "Present", "Account")
# The appeal's part of a written ruling (the EBU's forms; L92, L93), each a field of the report,
# left blank to fill on paper where the record does not give it: when the ruling was given, that the
# players were told of their right to appeal and its time limit, who appealed and why, the deposit,
# and the committee's members (its decision is an `appeal` line).
APPEAL_TAGS = ("RulingGiven", "AppealTold", "AppealDeadline", "Appellants", "AppealReasons", "Deposit", "Committee")
OCCASION_TAGS = OCCASION_TAGS + APPEAL_TAGS
TAG_OF_WORD = {t.lower(): t for t in TAG_NAMES + OCCASION_TAGS + RECORD_TAGS}


# The irregularities an archive's play section marks itself, PBN 2.1's `^R` (a revoke) and `^L`,
# each a token standing before the card it marks: kept in the hand's source, `marks`, one word a
# mark, `TOKEN@TRICK.SEAT` (`^R@4.E`: the token stood before East's card of trick 4; written by
# `formats.archive.Board.mark`). By its seat, not its card: a seat names every place the token can
# stand before, a card not known ('-') too, and still names it when a correction amends the card;
# the card is the seat's in that trick. A store written before kept `TOKEN@TRICK` (`^R@4`), the
# trick alone, read on as a mark of that trick whose card is not said (seat None): a stored event is
# never changed, and the import, which compares an archive's board with the stored hand by its
# lines and not by the hand line's source, finds such a hand the same and adds nothing to it.
_MARK_WORD = re.compile(r"(\^\S*)@([0-9]+)(?:\.([NESW]))?")  # (the token as the reader upper-cased it)


class RecordMark(NamedTuple):
    """A mark of the record's own play (`_MARK_WORD`): its token, its trick, and the seat whose
    card it stood before (None: a mark a store written before kept, its trick alone)."""

    token: str
    trick: int
    seat: str | None


def mark_word(token: str, trick: int, seat: str) -> str:
    """A mark as the source keeps it: `^R@4.E`."""
    return f"{token}@{trick}.{seat}"


def record_marks(source: dict[str, Any]) -> list[RecordMark]:
    """The marks a hand's source keeps, in their order, the earlier form `^R@4` with no seat: the one
    reading of them (the PBN writer, the evidence of a revoke). Only the PBN reader writes them: a
    word of another form is none."""
    out = []
    for word in str(source.get("marks", "")).split():
        m = _MARK_WORD.fullmatch(word)
        if m is not None:
            out.append(RecordMark(m[1], int(m[2]), m[3]))
    return out
