"""Which stored hand a hand id names: one deterministic id, the same for every writer and reader
(the application, `recorder.store`'s direct reader), without eventsourcing imported."""

from __future__ import annotations

from functools import lru_cache
from uuid import NAMESPACE_URL, UUID, uuid5

HAND_NAMESPACE = uuid5(NAMESPACE_URL, "https://handrec.invalid/hand")


@lru_cache(maxsize=1024)
def hand_uuid(hand_id: str) -> UUID:
    """Deterministic: the same hand id always names the same stored hand. (Kept for the last
    hands asked: an import asks for each board's twice, when it looks it up and when it stores it.)"""
    return uuid5(HAND_NAMESPACE, hand_id)
