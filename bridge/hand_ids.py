"""A hand's id as a transcript writes it: letters, digits, '-', '_', '.', '/', and no segment a
browser's address would take away (`dot_segment`). A rubber's name is written the same way."""

from __future__ import annotations

import re

from bridge.cards import NotationError

HAND_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_./-]*\Z")
# What an id is written with, as the refusal says it. ASCII only, as ever: an id is part of the room's
# addresses and of a file's name, the importer makes a file's ids of its ASCII letters and digits
# (anything else becomes '_': `recorder.archive.id_part`), and a letter beyond ASCII has two spellings
# in Unicode ('é' one character or two), which would make two hands of one id as it looks.
CHARACTERS = "ASCII letters, digits, '-', '_', '.', '/'"
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
    if not HAND_ID.match(hand_id):
        raise NotationError(f"'{hand_id}' is not a hand id ({CHARACTERS})")
    segment = dot_segment(hand_id)
    if segment is not None:
        what = f"a '{segment}' segment" if segment else "an empty segment ('//' or a '/' at its end)"
        raise NotationError(f"'{hand_id}' is not a hand id: it has {what}, which an address in a browser "
                            "takes away")
