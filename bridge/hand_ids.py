"""A hand's id as a transcript writes it: letters, digits, '-', '_', '.', '/', no segment a
browser's address would take away (`dot_segment`), at most HAND_ID_MAX characters. A rubber's name
is written the same way. An archive's board makes its id so too (`formats.archive`)."""

from __future__ import annotations

import re

from bridge.cards import NotationError
from bridge.messages import excerpt

HAND_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_./-]*\Z")
# What an id is written with, as the refusal says it. ASCII only, as ever: an id is part of the room's
# addresses and of a file's name, the importer makes a file's ids of its ASCII letters and digits
# (anything else becomes '_': `formats.archive.id_part`), and a letter beyond ASCII has two spellings
# in Unicode ('é' one character or two), which would make two hands of one id as it looks.
CHARACTERS = "ASCII letters, digits, '-', '_', '.', '/'"
# The most characters a hand id may have (an id is ASCII: as many bytes), in a transcript as from an
# archive. An id is typed, listed, named in every sentence said about its hand, and stored with it:
# a PBN [Board] of 60,000 characters made an id of that length, printed whole in each refusal. Real
# ids take at most 572 (the 75,381 boards of ../shared/realdata, realdata-more and realdata-3: a
# [Board] that holds a paragraph of commentary; every other id at most 92): 2,048 is 3.6 times that.
# An archive's board makes at most half of it from its own values, its file's name the other half
# (`formats.archive.OWN_ID_MAX`, `NAME_MAX`).
HAND_ID_MAX = 2048
RUBBER_NAME = HAND_ID


def dot_segment(hand_id: str) -> str | None:
    """The segment of a hand id that a browser's address would take away, or None: '.' or '..'
    (`club/./b7` would open `club/b7`), or an empty one (`club//b7`, `club/`). Such ids are
    refused for new hands; one stored before stays readable by every command (interface.md)."""
    for segment in hand_id.split("/"):
        if segment in ("", ".", ".."):
            return segment
    return None


def check_hand_id(hand_id: str) -> None:
    if len(hand_id) > HAND_ID_MAX:
        raise NotationError(f"'{excerpt(hand_id)}' is not a hand id: it is {len(hand_id):,} characters long, and a "
                            f"hand id is at most {HAND_ID_MAX:,}")
    if not HAND_ID.match(hand_id):
        raise NotationError(f"'{hand_id}' is not a hand id ({CHARACTERS})")
    segment = dot_segment(hand_id)
    if segment is not None:
        what = f"a '{segment}' segment" if segment else "an empty segment ('//' or a '/' at its end)"
        raise NotationError(f"'{hand_id}' is not a hand id: it has {what}, which an address in a browser "
                            "takes away")
