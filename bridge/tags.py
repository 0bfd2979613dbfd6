"""The names of a record's tags (`tag NAME VALUE`): the people and the occasion as PBN names them,
a director's report's occasion, and what the record says of itself."""

from __future__ import annotations

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
