"""Shared helpers: transcripts become events through the real aggregate; stores are real SQLite files."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from recorder.application import HandRecorder  # noqa: E402
from recorder.domainmodel import Hand  # noqa: E402
from recorder.transcript import parse  # noqa: E402

from expectations import EXAMPLES  # noqa: E402


def events_of(text: str) -> list:
    """A transcript's events, made by the Hand aggregate exactly as recording makes them."""
    lines = parse(text)
    hand = Hand.open(lines[0])
    for line in lines[1:]:
        hand.record(line)
    return list(hand.collect_events())


def example(name: str) -> str:
    return (EXAMPLES / f"{name}.hand").read_text(encoding="utf-8")


@pytest.fixture
def store(tmp_path: Path) -> str:
    return str(tmp_path / "hands.db")


@pytest.fixture
def recorder(store: str) -> HandRecorder:
    return HandRecorder(store)
